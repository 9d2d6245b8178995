"""Loading a qdrant-edge shard without its slow first read, in this process or in the child that
optimizes a large shard (this file is that child's script: it imports nothing of the package).

At load the engine copies the int8 vectors of every quantized segment (``quantized.data``,
``always_ram``) into memory, reading the file through a memory map a page at a time, with the
GIL held; it then drops the file from the OS cache. So every load after the first read it from
disk 4 KiB at a time: 1.1-1.7 s for the 38 MB of a 100,000-point shard of 384 dimensions, once
per reopen and once after every optimize (the shard is reopened then), during which no other
thread of the process ran. One sequential read of the same files first brings them into the cache
in 0.05-0.07 s (the GIL let go), and the load then takes about 0.1 s (docs/benchmarks.md).
"""

from __future__ import annotations

import sys
from pathlib import Path

import qdrant_edge as qe

__all__ = ["load_shard", "read_ahead"]

#: the files a load copies into memory whole (a quantized segment's vectors)
IN_MEMORY = "quantized.data"
_CHUNK = 1 << 20


def read_ahead(folder: str | Path) -> int:
    """Read the files a load of the shard in ``folder`` copies into memory, in order, so the OS
    cache holds them; returns the bytes read (0 for a shard without quantized segments)."""
    buffer = bytearray(_CHUNK)
    total = 0
    for path in sorted(Path(folder, "segments").glob(f"*/*/{IN_MEMORY}")):
        try:
            with open(path, "rb", buffering=0) as fh:
                while n := fh.readinto(buffer):
                    total += n
        except OSError:  # gone or unreadable: the engine's load says which and why
            continue
    return total


def load_shard(folder: str | Path) -> qe.EdgeShard:
    """``qe.EdgeShard.load`` after :func:`read_ahead`."""
    read_ahead(folder)
    return qe.EdgeShard.load(str(folder))


def _optimize(folder: str) -> None:
    """The child process of :func:`~autogen_zettel.store.shardwork.optimize_in_subprocess`."""
    shard = load_shard(folder)
    shard.optimize()
    shard.close()


if __name__ == "__main__":
    _optimize(sys.argv[1])
