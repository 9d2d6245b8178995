"""MiniLM-like models on ONNX Runtime: the same float32 vectors as the torch path, without torch.

:class:`OnnxEncoder` tokenizes with the folder's fast ``tokenizer.json`` (the ``tokenizers``
library, as transformers' fast tokenizer does), runs the exported graph
(:mod:`autogen_zettel.embed.onnx_export`) on ONNX Runtime, mean-pools over the attention mask
and L2-normalises: the steps of :class:`~autogen_zettel.embed.embedders.FlagEmbedder`'s torch path.
On the bundled MiniLM its vectors match torch's to a cosine above 0.9999 (tests/test_onnx.py).
Importing this module loads neither torch nor FlagEmbedding.

ONNX Runtime's thread count is fixed per session, so one session is made per thread count
asked for (queries and batches may differ; with the defaults both use one). A session runs
from several threads at once, so an encode of many texts can spread its batches over
``workers`` threads (each batch one run, as in order): the same batches, so the same vectors.
"""

from __future__ import annotations

import json
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

__all__ = ["OnnxEncoder", "minilm_like"]

log = logging.getLogger(__name__)

_LEVELS = {"basic": "ORT_ENABLE_BASIC", "extended": "ORT_ENABLE_EXTENDED", "all": "ORT_ENABLE_ALL"}


def minilm_like(folder: str | Path) -> bool:
    """Whether ``folder`` holds a BERT-family encoder with a fast tokenizer: what the exporter
    and :class:`OnnxEncoder` handle (MiniLM and its fine-tunes, not XLM-R models like bge-m3)."""
    root = Path(folder)
    try:
        config = json.loads((root / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return config.get("model_type") == "bert" and (root / "tokenizer.json").is_file()


class OnnxEncoder:
    """Dense, L2-normalised, mean-pooled vectors of a model folder and its exported graph."""

    def __init__(
        self,
        folder: str | Path,
        model_file: str | Path,
        *,
        max_length: int = 256,
        batch_size: int = 32,
        optimization: str = "all",
        sort_by_length: bool = True,
    ):
        """:param optimization: ONNX Runtime's graph optimization level, ``basic``, ``extended`` or
            ``all`` (measured best; ``bench embed`` compares them)
        :param sort_by_length: batch texts of similar length together so batches pad less
        """
        from tokenizers import Tokenizer

        if optimization not in _LEVELS:
            raise ValueError(f"optimization must be one of {tuple(_LEVELS)}, got {optimization!r}")
        self.optimization = optimization
        self.sort_by_length = sort_by_length

        self.model_file = str(model_file)
        self.batch_size = batch_size
        config = json.loads((Path(folder) / "config.json").read_text(encoding="utf-8"))
        self.dim = int(config["hidden_size"])
        self.tokenizer = Tokenizer.from_file(str(Path(folder) / "tokenizer.json"))
        # per call, like transformers' tok(..., padding=True, truncation=True, max_length=...):
        # the file's own fixed 128-token padding and truncation are replaced
        self.tokenizer.no_truncation()
        if max_length > 0:
            self.tokenizer.enable_truncation(max_length=max_length)
        pad_id = self.tokenizer.token_to_id("[PAD]") or 0
        self.tokenizer.enable_padding(pad_id=pad_id, pad_token="[PAD]")
        self._sessions: dict[int, object] = {}
        self._pools: dict[int, ThreadPoolExecutor] = {}
        self._lock = threading.Lock()

    def session(self, threads: int):
        """The inference session that runs on ``threads`` intra-op threads (0: ONNX Runtime's default)."""
        with self._lock:
            sess = self._sessions.get(threads)
            if sess is None:
                import onnxruntime as ort

                opts = ort.SessionOptions()
                opts.intra_op_num_threads = threads
                opts.inter_op_num_threads = 1
                opts.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
                opts.graph_optimization_level = getattr(
                    ort.GraphOptimizationLevel, _LEVELS[self.optimization]
                )
                opts.log_severity_level = 3  # errors only: its warnings go to stderr, not logging
                sess = ort.InferenceSession(self.model_file, opts, providers=["CPUExecutionProvider"])
                self._sessions[threads] = sess
            return sess

    def _pool(self, workers: int) -> ThreadPoolExecutor:
        with self._lock:
            pool = self._pools.get(workers)
            if pool is None:
                pool = self._pools[workers] = ThreadPoolExecutor(
                    workers, thread_name_prefix="autogen-zettel-onnx"
                )
            return pool

    def encode(self, texts: list[str], *, threads: int = 1, workers: int = 1) -> np.ndarray:
        """Vectors of ``texts`` (float32, one row each), batches sorted by length to pad less.

        :param workers: threads that run the batches (each batch one run on ``threads`` intra-op
            threads); the batches and so the vectors are the same for any number
        """
        sess = self.session(threads)
        order = (
            sorted(range(len(texts)), key=lambda i: len(texts[i]))
            if self.sort_by_length
            else list(range(len(texts)))
        )
        batches = [order[start : start + self.batch_size] for start in range(0, len(order), self.batch_size)]

        def run(rows: list[int]) -> np.ndarray:
            encs = self.tokenizer.encode_batch([texts[i] for i in rows])
            feed = {
                "input_ids": np.array([e.ids for e in encs], dtype=np.int64),
                "attention_mask": np.array([e.attention_mask for e in encs], dtype=np.int64),
                "token_type_ids": np.array([e.type_ids for e in encs], dtype=np.int64),
            }
            hidden = sess.run(["last_hidden_state"], feed)[0]
            mask = feed["attention_mask"][..., None].astype(np.float32)
            pooled = (hidden * mask).sum(1) / np.maximum(mask.sum(1), 1e-9)
            return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)

        # ONNX Runtime and the tokenizer let go of the GIL while they run
        out = (
            list(self._pool(workers).map(run, batches))
            if workers > 1 and len(batches) > 1
            else [run(b) for b in batches]
        )
        result = np.empty((len(texts), self.dim), np.float32)
        if out:
            result[order] = np.concatenate(out)
        return result
