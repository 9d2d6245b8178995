"""What each open of a qdrant-edge shard checks cheaply, so damage to the default engine's files is
a clear :class:`StoreCorrupt` naming the file and the fix (``autogen-zettel reindex TENANT``),
never a bare engine error, a crash, or quietly different recall results.

The engine gives no checksums of its own, and a damaged id tracker can make it abort the process
(an allocation of a size read from the damaged bytes), so the check runs before the engine reads
anything:

1. ``edge_config.json`` and every segment's ``segment.json`` must parse as JSON objects.
2. A *seal* written beside the shard folder (``<shard>.seal.json``) when the shard is closed
   cleanly lists every file of the shard with its size and modification time, and a CRC-32 of the
   small ones (configs, id trackers, versions: up to :data:`CRC_MAX_BYTES`). Any file changed,
   missing or added since is damage: nothing but this process writes the folder while it holds
   the folder lock. The seal is removed once the shard is open (its files change from then on);
   a shard left open by a crash has no seal, and only the other checks apply to it.
3. Once loaded: a sample of stored dense vectors must be finite and of unit length (the engine
   normalises cosine vectors when it stores them), and the point count is read.

``autogen-zettel verify`` (:func:`~autogen_zettel.trust.verify.verify_tenant`) compares the
whole index with SQLite (ids, counts, a sample of vectors re-embedded).
"""

from __future__ import annotations

import json
import math
import os
import uuid
import zlib
from pathlib import Path

from autogen_zettel.base.errors import StoreCorrupt

__all__ = [
    "CRC_MAX_BYTES",
    "check_files",
    "check_loaded",
    "corrupt",
    "read_config",
    "seal",
    "seal_path",
    "unseal",
]

CRC_MAX_BYTES = 8 * 1024 * 1024  # files up to this size get a CRC-32 in the seal (larger: size and mtime)
_SAMPLE = 64


def corrupt(tenant: str, path: Path | str, why: str) -> StoreCorrupt:
    return StoreCorrupt(
        f"the vector index of tenant {tenant!r} is damaged: {str(path)!r} {why}; rebuild it from SQLite (the "
        f"truth: no card is lost) with `autogen-zettel reindex {tenant}`, or check it first with "
        f"`autogen-zettel verify {tenant}`"
    )


def seal_path(folder: Path) -> Path:
    return folder.with_name(folder.name + ".seal.json")


def _files(folder: Path) -> dict[str, os.stat_result]:
    out = {}
    for path in folder.rglob("*"):
        if path.is_file():
            out[path.relative_to(folder).as_posix()] = path.stat()
    return out


def _crc(path: Path) -> int:
    crc = 0
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            crc = zlib.crc32(chunk, crc)
    return crc


def read_config(path: Path, tenant: str) -> dict:
    """A JSON object file of the shard; a damaged one is :class:`StoreCorrupt` naming it."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise corrupt(tenant, path, f"cannot be read as JSON ({type(exc).__name__}: {exc})") from None
    if not isinstance(data, dict):
        raise corrupt(tenant, path, "is not a JSON object")
    return data


_json_object = read_config


def check_files(folder: Path, tenant: str, config_name: str) -> None:
    """The checks before the engine opens ``folder`` (see the module docstring, 1 and 2)."""
    _json_object(folder / config_name, tenant)
    for segment in sorted((folder / "segments").glob("*/segment.json")):
        _json_object(segment, tenant)
    path = seal_path(folder)
    if not path.exists():
        return
    try:
        recorded = json.loads(path.read_text(encoding="utf-8"))["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return  # a damaged seal proves nothing either way; the other checks stand
    now = _files(folder)
    for name, entry in recorded.items():
        st = now.get(name)
        where = folder / name
        if st is None:
            raise corrupt(tenant, where, "is missing")
        if st.st_size != entry["size"]:
            raise corrupt(
                tenant,
                where,
                f"changed size since the shard was closed ({entry['size']} -> {st.st_size} bytes)",
            )
        if "crc" in entry:
            if _crc(where) != entry["crc"]:
                raise corrupt(tenant, where, "changed since the shard was closed (CRC-32 differs)")
        elif st.st_mtime_ns != entry["mtime_ns"]:
            raise corrupt(tenant, where, "was modified since the shard was closed")
    extra = sorted(set(now) - set(recorded))
    if extra:
        raise corrupt(tenant, folder / extra[0], "appeared since the shard was closed")


def seal(folder: Path) -> None:
    """Record the closed shard's files (call right after the engine closed it)."""
    if not folder.is_dir():
        return
    files = {}
    for name, st in _files(folder).items():
        entry = {"size": st.st_size, "mtime_ns": st.st_mtime_ns}
        if st.st_size <= CRC_MAX_BYTES:
            entry["crc"] = _crc(folder / name)
        files[name] = entry
    path = seal_path(folder)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps({"files": files}), encoding="utf-8")
    os.replace(tmp, path)


def unseal(folder: Path) -> None:
    """Drop the seal: the shard is open and its files change from now on."""
    seal_path(folder).unlink(missing_ok=True)


def check_loaded(shard, tenant: str, folder: Path, dense_name: str) -> None:
    """The checks once the engine has loaded the shard (3 in the module docstring)."""
    import qdrant_edge as qe

    try:
        points, _ = shard.scroll(
            qe.ScrollRequest(limit=_SAMPLE, with_payload=False, with_vector=[dense_name])
        )
    except Exception as exc:  # noqa: BLE001 - the engine raises bare exceptions with the reason in text
        raise corrupt(tenant, folder, f"cannot be read ({exc})") from None
    for p in points:
        try:
            uuid.UUID(str(p.id))
        except ValueError:
            raise corrupt(tenant, folder, f"holds a point id that is no card id ({p.id!r})") from None
        vector = (p.vector or {}).get(dense_name) if isinstance(p.vector, dict) else None
        if vector is None:
            continue
        norm = math.sqrt(sum(float(x) * float(x) for x in vector))
        if not math.isfinite(norm) or abs(norm - 1.0) > 0.01:
            raise corrupt(tenant, folder, f"holds a damaged vector (point {p.id}, length {norm:.3g}, not 1)")
