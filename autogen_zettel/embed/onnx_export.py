"""The ONNX file of a MiniLM-like model folder: exported once with torch, cached per user.

The ONNX Runtime path (:mod:`autogen_zettel.embed.onnx_runtime`) needs the model as an ``.onnx``
graph (``input_ids``, ``attention_mask``, ``token_type_ids`` -> ``last_hidden_state``, dynamic
batch and sequence axes). It is exported from the folder's own weights by ``torch.onnx.export``
in a *child process*, so the process that embeds never imports torch (about 1 GB of its RSS),
and is cached under :func:`cache_dir`, keyed by a hash of the folder's files: a
changed model gets a new file, and the cache never needs to be cleared by hand.

Beside it, :func:`int8_file` caches an int8 copy of that graph (ONNX Runtime's dynamic
quantization, :func:`quantize`; ``embedding.quantize``), built from the float32 file in another
child process (ONNX Runtime's quantizer logs to the root logger and loads the whole graph). Its
name carries :data:`INT8_VERSION`, so it never collides with the float32 file or an older recipe.

Each file is written to a temporary name in the cache folder and renamed into place, so a
second process exporting at the same time never reads half a file. Nothing is written into the
model folder (it may be inside site-packages).
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

__all__ = [
    "cache_dir",
    "folder_hash",
    "onnx_file",
    "int8_file",
    "export",
    "quantize",
    "ExportError",
    "INT8_VERSION",
]

log = logging.getLogger(__name__)

#: what a front end tells its user while the one-time export runs (the ``notice`` of its log record)
NOTICE = "preparing the embedding model (one time, ~10 s)"

#: part of the cache key: bump it when the exported graph changes (inputs, opset, exporter)
EXPORT_VERSION = 1
OPSET = 17
INPUTS = ("input_ids", "attention_mask", "token_type_ids")
CACHE_ENV = "AUTOGEN_ZETTEL_CACHE_DIR"
#: the int8 recipe of :func:`quantize`: part of the int8 file's name and of the model name an
#: embedder records per tenant (core.embed), so bump it whenever the recipe's vectors change
INT8_VERSION = 1
# the feed-forward output projections stay float32: their inputs (GELU outputs) quantize worst,
# and int8 there cost recall of multi-hop questions (docs/benchmarks.md, "int8 embeddings")
_FLOAT_NODES = re.compile(r"/layer\.\d+/output/dense/MatMul$")


class ExportError(RuntimeError):
    """The model could not be exported or cached (the caller falls back to torch)."""


def cache_dir(configured: str | None = None) -> Path:
    """Where exported models live: ``configured``, else ``$AUTOGEN_ZETTEL_CACHE_DIR``, else the
    user cache folder (``$XDG_CACHE_HOME`` or ``~/.cache``; ``%LOCALAPPDATA%`` on Windows) +
    ``autogen-zettel``."""
    if configured:
        return Path(configured).expanduser()
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV]).expanduser()
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        base = Path(os.environ["LOCALAPPDATA"])
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "autogen-zettel"


_HASHES: dict[tuple, str] = {}  # (folder, its files' names, sizes and mtimes) -> folder_hash


def folder_hash(folder: str | Path) -> str:
    """A hash of every file in the model folder (names and contents; about 0.2 s for MiniLM),
    computed once per process while no file's size or modification time changes: every
    embedder that loads the model asks for it."""
    root = Path(folder).resolve()
    files = sorted(p for p in root.rglob("*") if p.is_file() and not p.name.startswith("."))
    stats = [(str(p.relative_to(root)), p.stat()) for p in files]
    key = (str(root), tuple((name, st.st_size, st.st_mtime_ns) for name, st in stats))
    cached = _HASHES.get(key)
    if cached is not None:
        return cached
    digest = hashlib.blake2b(f"export-v{EXPORT_VERSION}-opset{OPSET}".encode(), digest_size=16)
    for path, (name, _) in zip(files, stats):
        digest.update(name.encode() + b"\0")
        with path.open("rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                digest.update(block)
    _HASHES[key] = digest.hexdigest()
    return _HASHES[key]


def onnx_file(folder: str | Path, configured_cache: str | None = None) -> Path:
    """The cached ``.onnx`` file of ``folder``, exported first if it is not there yet.

    :raises ExportError: the cache folder is not writable, or the export failed
    """
    target = cache_dir(configured_cache) / "onnx" / f"{Path(folder).name}-{folder_hash(folder)}.onnx"
    return _cached(target, ["export", str(folder)], f"exporting {str(folder)!r} to ONNX")


def int8_file(folder: str | Path, configured_cache: str | None = None) -> Path:
    """The cached int8 graph of ``folder`` (:func:`quantize` of :func:`onnx_file`), built first
    if it is not there yet (about 3 s, plus the float32 export if that is not cached either).

    :raises ExportError: the cache folder is not writable, or the export or quantization failed
    """
    source = onnx_file(folder, configured_cache)
    target = source.with_name(f"{source.stem}-int8v{INT8_VERSION}.onnx")
    return _cached(target, ["quantize", str(source)], f"quantizing {str(source)!r} to int8")


def _cached(target: Path, child_args: list[str], what: str) -> Path:
    """``target`` if it exists, else made by this module's child process ``child_args + [tmp]``."""
    if target.is_file():
        return target
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".export-", suffix=".onnx")
        os.close(fd)
    except OSError as exc:
        raise ExportError(f"cannot write to the model cache {str(target.parent)!r}: {exc}") from exc
    # ``notice``: a front end may tell its user about the pause (the CLI prints it): see NOTICE
    log.info("%s (once; cached at %s)", what, target, extra={"notice": NOTICE})
    try:
        # a child process: torch (and its ~1 GB) stays out of the process that embeds
        proc = subprocess.run(
            [sys.executable, "-m", __name__, *child_args, tmp], capture_output=True, text=True, check=False
        )
        if proc.returncode != 0 or os.path.getsize(tmp) == 0:
            raise ExportError(f"{what} failed: {proc.stderr.strip()[-2000:]}")
        os.replace(tmp, target)  # atomic: another process sees the whole file or none
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return target


def export(folder: str | Path, out: str | Path) -> None:
    """Export the BERT-like model in ``folder`` to ``out`` (imports torch; runs in the child)."""
    import torch
    from transformers import AutoModel

    # eager attention: the SDPA path may drop an all-ones mask while tracing
    model = AutoModel.from_pretrained(str(folder), attn_implementation="eager").eval()
    ids = torch.tensor([[101, 2023, 2003, 102], [101, 2023, 102, 0]])
    mask = (ids != 0).long()
    axes = {name: {0: "batch", 1: "sequence"} for name in (*INPUTS, "last_hidden_state")}
    with torch.no_grad():
        torch.onnx.export(
            model,
            (ids, mask, torch.zeros_like(ids)),
            str(out),
            input_names=list(INPUTS),
            output_names=["last_hidden_state"],
            dynamic_axes=axes,
            opset_version=OPSET,
            dynamo=False,
        )  # the TorchScript exporter: the dynamo one needs onnxscript


def quantize(source: str | Path, out: str | Path) -> None:
    """Write the int8 graph of the float32 graph ``source`` to ``out`` (runs in the child).

    ONNX Runtime's dynamic quantization of the weight MatMuls only (activations are quantized
    per call), int8 weights per output channel, the feed-forward output projections kept float32.
    Per-channel weights keep the vectors far closer to float32's than per-tensor ones, and the
    float32 nodes closer still; uint8 weights were no closer and slower on AVX512-VNNI, and
    ``reduce_range`` was further and slower (docs/benchmarks.md, "int8 embeddings").
    """
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic

    keep = [
        n.name
        for n in onnx.load(str(source), load_external_data=False).graph.node
        if n.op_type == "MatMul" and _FLOAT_NODES.search(n.name)
    ]
    quantize_dynamic(
        str(source),
        str(out),
        op_types_to_quantize=["MatMul"],
        per_channel=True,
        weight_type=QuantType.QInt8,
        nodes_to_exclude=keep,
    )


if __name__ == "__main__":  # the child process of onnx_file and int8_file: export|quantize SOURCE OUT
    import warnings

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    warnings.simplefilter("ignore")  # tracer warnings about constants are expected
    {"export": export, "quantize": quantize}[sys.argv[1]](sys.argv[2], sys.argv[3])
