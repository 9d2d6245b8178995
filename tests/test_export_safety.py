"""Exports that cannot be turned against the disk (#42, third probe round): the vault never deletes
or writes outside its folder nor through a link, a killed export (kill -9 in a child process) leaves
the old vault or the new one and never blocks the next, user-controlled text is inert Markdown, and
GraphML takes control characters and is written whole or not at all."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.base.atomic import write_atomic
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.research.vault import MARKER, write_vault

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def data(tmp_path, clock):
    data = tmp_path / "data"
    with MemoryHub.open(data, embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("ann")
        mem.remember("I go climbing at the Blue Wall every Sunday.", speaker="Ann", message_id="m1")
        mem.remember(
            "See ![p](https://tracker.example/p.gif) <iframe src='https://x.example'></iframe> "
            "[click](javascript:alert(1)) and [[Secret Plans]] %%hidden%%",
            speaker="Mallory [[Index]]",
            message_id="m2",
            session_id="s1\n# Pwned heading",
        )
        mem.remember("# A heading\n- a list\n1. a number\n> a quote", speaker="Ann", message_id="m3")
        mem.flush()
    return data


def _export(data, folder, **kw):
    with MemoryHub.open(data, embedder=HashEmbedder()) as hub:
        return write_vault(hub.tenant("ann"), folder, **kw)


def test_marker_names_outside_the_folder_are_never_deleted(data, tmp_path):
    vault = tmp_path / "vault"
    _export(data, vault)
    outside, absolute = tmp_path / "outside.txt", tmp_path / "absolute.txt"
    outside.write_text("keep")
    absolute.write_text("keep")
    (vault / MARKER).write_text(json.dumps({"notes": ["../outside.txt", str(absolute), "sub/../../x"]}))
    _export(data, vault, overwrite=True)
    assert outside.read_text() == "keep" and absolute.read_text() == "keep"


def test_no_write_through_links(data, tmp_path):
    vault = tmp_path / "vault"
    _export(data, vault)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep")
    (vault / "index.md").unlink()
    (vault / "index.md").symlink_to(victim)
    _export(data, vault, overwrite=True)
    assert victim.read_text() == "keep" and not (vault / "index.md").is_symlink()
    # the folder itself a link: refused, its target untouched
    target = tmp_path / "elsewhere"
    target.mkdir()
    (target / "mine.md").write_text("mine")
    (target / MARKER).write_text(json.dumps({"notes": ["mine.md"]}))
    (tmp_path / "linked").symlink_to(target)
    with pytest.raises(InvalidInput, match="is a link"):
        _export(data, tmp_path / "linked", overwrite=True)
    assert (target / "mine.md").read_text() == "mine"
    # a marker that is a link does not make a folder of the user's ours
    own = tmp_path / "own"
    own.mkdir()
    (own / "note.md").write_text("the user's")
    (tmp_path / "fake").write_text(json.dumps({"notes": ["note.md"]}))
    (own / MARKER).symlink_to(tmp_path / "fake")
    with pytest.raises(InvalidInput, match="holds no earlier export"):
        _export(data, own, overwrite=True)
    assert (own / "note.md").read_text() == "the user's"


def test_user_controlled_text_is_inert_markdown(data, tmp_path):
    vault = tmp_path / "vault"
    _export(data, vault)
    text = "\n".join(p.read_text(encoding="utf-8") for p in vault.glob("*.md"))
    unescaped = r"(?<!\\)"
    assert not re.search(unescaped + r"\[" + unescaped + r"\[(Index|Secret)", text)  # no wiki-link
    assert not re.search(unescaped + r"!" + unescaped + r"\[", text)  # no image or embed
    assert not re.search(unescaped + r"\]\(", text)  # no [text](url)
    assert "<iframe" not in text.lower() and "%%hidden" not in text
    for line in text.splitlines():
        assert not line.startswith(("# Pwned", "# A heading", "- a list", "1. a number", "> a quote")), line
    assert not any(ord(c) < 32 and c != "\n" for c in text)


def test_user_files_stay_across_an_overwrite(data, tmp_path):
    vault = tmp_path / "vault"
    _export(data, vault)
    (vault / ".obsidian").mkdir()
    (vault / ".obsidian" / "app.json").write_text("{}")
    _export(data, vault, overwrite=True)
    assert (vault / ".obsidian" / "app.json").read_text() == "{}"
    assert not list(tmp_path.glob(".vault.vault-*"))


_KILLED = """
import os, sys
from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.research import vault
n, after, when = [0], int(sys.argv[3]), sys.argv[4]
def step():
    n[0] += 1
    if n[0] > after:
        os.kill(os.getpid(), 9)
fsync, exchange = os.fsync, vault._exchange
def fs(fd):
    if when == "fsync":
        step()
    return fsync(fd)
def ex(a, b):
    if when == "before":
        os.kill(os.getpid(), 9)
    done = exchange(a, b)
    if when == "after":
        os.kill(os.getpid(), 9)
    return done
os.fsync, vault._exchange = fs, ex
with MemoryHub.open(sys.argv[1], embedder=HashEmbedder()) as hub:
    vault.write_vault(hub.tenant("ann"), sys.argv[2], overwrite=True)
"""


def _killed(data, folder, after, when="fsync"):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-c", _KILLED, str(data), str(folder), str(after), when],
        env=env,
        capture_output=True,
    )


@pytest.mark.parametrize("after", [0, 2, 4])
def test_a_killed_first_export_never_blocks_the_next(data, tmp_path, after):
    vault = tmp_path / "vault"
    assert _killed(data, vault, after).returncode == -9
    assert not vault.exists()  # nothing half-written where the vault goes
    assert _export(data, vault) == 3
    assert not list(tmp_path.glob(".vault.vault-*"))


@pytest.mark.parametrize("after,when", [(0, "fsync"), (3, "fsync"), (0, "before"), (0, "after")])
def test_a_killed_re_export_leaves_the_old_vault_or_the_new(data, tmp_path, after, when):
    vault = tmp_path / "vault"
    _export(data, vault)
    (vault / "index.md").unlink()
    (vault / "index.md").write_text("the old vault")
    (vault / ".obsidian").mkdir()
    (vault / ".obsidian" / "app.json").write_text("{}")
    assert _killed(data, vault, after, when).returncode == -9
    index = (vault / "index.md").read_text(encoding="utf-8")
    assert index == "the old vault" if when != "after" else index.startswith("# Memory of ann")
    _export(data, vault, overwrite=True)  # the next export tidies what the kill left
    assert (vault / ".obsidian" / "app.json").read_text() == "{}"
    assert (vault / "index.md").read_text(encoding="utf-8").startswith("# Memory of ann")
    assert not list(tmp_path.glob(".vault.vault-*"))


def test_graphml_takes_control_characters_and_writes_whole(tmp_path, clock):
    out = tmp_path / "ann.graphml"
    out.write_text("the old export")
    with MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("ann")
        mem.remember(
            "The bell\x07 rings at noon\x01 every day.",
            speaker="Ann",
            message_id="m\x02",
            session_id="s\x1b[31m",
        )
        mem.flush()
        G = mem.archive.export_graph()
    write_atomic(out, lambda tmp: nx.write_graphml(G, tmp))
    back = nx.read_graphml(out)
    assert back.number_of_nodes() == G.number_of_nodes()

    def fails(tmp):
        Path(tmp).write_text("<?xml half")
        raise ValueError("the writer failed")

    with pytest.raises(ValueError):
        write_atomic(out, fails)
    assert nx.read_graphml(out).number_of_nodes() == G.number_of_nodes()  # the last good export
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".ann")] == []
    victim = tmp_path / "victim.txt"
    victim.write_text("keep")
    (tmp_path / "link.graphml").symlink_to(victim)
    write_atomic(tmp_path / "link.graphml", lambda tmp: nx.write_graphml(G, tmp))
    assert victim.read_text() == "keep"


def test_an_export_to_a_pipe_is_written_in_place(tmp_path):
    """-o /dev/stdout or a FIFO: there is no file to swap, the bytes go down the pipe."""
    import os
    import threading

    from autogen_zettel.base.atomic import write_atomic

    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    write_atomic(fifo, lambda p: open(p, "w", encoding="utf-8").write("hello"))  # noqa: SIM115
    reader.join(timeout=30)
    assert got == [b"hello"] and fifo.is_fifo()
    assert [p.name for p in tmp_path.iterdir()] == ["out.fifo"]  # no temporary sibling left
