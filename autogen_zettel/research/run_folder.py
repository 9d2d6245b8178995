"""The run folder of a scenario run: which files a run writes, the marker that proves a folder is
a run folder (only such a folder is ever overwritten), the file that says a run is unfinished,
and the checks made before a run starts writing."""

from __future__ import annotations

import shutil
from pathlib import Path

from autogen_zettel.base.errors import InvalidInput

__all__ = ["RUN_FILES", "RUN_MARKER", "UNFINISHED", "prepare_out_dir"]

RUN_FILES = ("transcript.jsonl", "metrics.json", "scenario.yaml")
#: present while a run is under way or after it failed or was interrupted (Ctrl-C): the folder
#: holds a partial run, and says so; removed when the run's files are written
UNFINISHED = "UNFINISHED.txt"


# written into every run folder this program creates: --overwrite only ever clears a folder
# that holds it (a metrics.json alone proves nothing: any folder may hold one)
RUN_MARKER = ".autogen-zettel-run"


def prepare_out_dir(out_dir: Path, *, overwrite: bool, own_memory: bool) -> None:
    """Make ``out_dir`` ready for a run: create it, or clear a previous run's files from it when
    ``overwrite`` and it holds :data:`RUN_MARKER` (and its ``memory`` folder when ``own_memory``);
    refuse a file, a non-empty folder without ``overwrite``, and a folder that is no run."""
    if out_dir.exists() and not out_dir.is_dir():
        raise InvalidInput(f"run folder {str(out_dir)!r} is a file; give a folder path")
    if out_dir.exists() and any(out_dir.iterdir()):
        unfinished = out_dir / UNFINISHED
        if not overwrite and unfinished.exists():
            why = unfinished.read_text(encoding="utf-8", errors="replace").strip().splitlines()[:1] or [
                "unfinished"
            ]
            raise InvalidInput(
                f"run folder {str(out_dir)!r} holds a partial run ({why[0]}); run again with --overwrite "
                "(overwrite=True) to replace it, or choose a new folder"
            )
        marker = out_dir / RUN_MARKER
        ours = marker.is_file() and not marker.is_symlink()
        if not overwrite:
            raise InvalidInput(
                f"run folder {str(out_dir)!r} is not empty; choose a new folder or overwrite it "
                "(overwrite=True, CLI --overwrite)"
            )
        if not ours:
            raise InvalidInput(
                f"run folder {str(out_dir)!r} holds files that are not a previous run (it has no {RUN_MARKER} "
                "marker, which autogen-zettel simulate writes into every run folder it creates); refusing to "
                "overwrite it: choose another folder (--out) or delete it yourself"
            )
        for name in (*RUN_FILES, UNFINISHED):
            (out_dir / name).unlink(missing_ok=True)
        memory = out_dir / "memory"
        if own_memory and memory.is_dir() and not memory.is_symlink():
            shutil.rmtree(memory)
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / RUN_MARKER).write_text(
        "a run folder of autogen-zettel simulate; --overwrite may replace it\n", encoding="utf-8"
    )
