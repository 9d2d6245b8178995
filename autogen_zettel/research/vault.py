"""A tenant's memory as a Markdown vault, the way Zettelkasten users keep notes (Obsidian,
Logseq, Foam or any editor): one note per card with YAML front matter, its source messages,
history and conflicts, and ``[[links]]`` to the cards it is linked to; ``index.md`` lists them all.

The vault is a copy to read and browse, never read back: SQLite stays the truth. A marker file
(``.autogen-zettel-vault``) tells a later export which folder it may replace.

An export never leaves its folder (#42): it is written into a fresh sibling folder (files created
new, never through a link) and swapped in by renames, so a killed export leaves the old vault or
the new one and never blocks the next; the old notes go with the old folder, so nothing is deleted
by a name the marker lists (a name that is not a plain file name in the folder is ignored). Files of
the user's own in the folder (an editor's ``.obsidian/``) move into the new one. Everything
user-controlled is written as inert text: one line, Markdown and HTML escaped, so a card or a
speaker cannot make a link, a heading, an image or an embed (a remote image or iframe would be
fetched by the editor).
"""

from __future__ import annotations

import errno
import json
import logging
import os
import re
import secrets
import shutil
import stat
from collections import defaultdict
from pathlib import Path

import yaml

from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.text.lexical import readable_tags

__all__ = ["MARKER", "note_names", "write_vault"]

log = logging.getLogger(__name__)

MARKER = ".autogen-zettel-vault"
_UNSAFE = re.compile(r"[^\w]+", re.UNICODE)  # Obsidian forbids # ^ [ ] | \ / : in note names


def _slug(text: str, words: int = 6) -> str:
    return "-".join(_UNSAFE.sub(" ", text.lower()).split()[:words])[:60].strip("-")


def note_names(cards: list[dict]) -> dict[str, str]:
    """Card id -> note name: the first words of the content and the id's first 8 characters
    (unique and stable across exports)."""
    return {
        c["id"]: (f"{_slug(c['content'])}-{c['id'][:8]}" if _slug(c["content"]) else c["id"][:8])
        for c in cards
    }


# line breaks of every kind, control and format characters (bidi overrides, zero-width): a note's
# text stays on its line and shows what it says
_BREAKS = re.compile(r"[\x00-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]+")
# what Markdown (CommonMark, Obsidian) reads as syntax anywhere in a line: links and embeds
# ([[x]], [a](b), ![x](url)), emphasis, code, tables, tags, Obsidian's %%comments%%
_MD_SPECIAL = re.compile(r"([\\`*_\[\]!|~#%$^])")
# ... and at the start of a line: lists, numbered lists, setext underlines
_MD_LINE_START = re.compile(r"^([-+=]|\d{1,9}(?=[.)]))")


def _text(line: str) -> str:
    """User-controlled text as inert Markdown on one line: no link (``[[x]]``, ``[a](b)``), no
    heading or list from a line break, no image or embed (``![x](url)``, ``<iframe>``), no HTML."""
    line = " ".join(_BREAKS.sub(" ", str(line)).split())
    line = _MD_SPECIAL.sub(r"\\\1", line)
    line = _MD_LINE_START.sub(
        lambda m: m.group(1) + "\\" if m.group(1).isdigit() else "\\" + m.group(1), line
    )
    return line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _front_matter(card: dict, tenant: str) -> str:
    meta = {
        "id": card["id"],
        "tenant": tenant,
        "kind": card["kind"],
        "status": card["status"],
        "tier": card["tier"],
        "speaker": card["speaker"],
        "created": card["created_at"],
        "session": card["session_id"],
        "confidence": card["confidence"],
        "importance": card["importance"],
        "tags": readable_tags(card["tags"], card["content"]),
        "entities": card["entities"],
        "sources": card["source_ids"],
    }
    if card.get("updated_at"):
        meta["updated"] = card["updated_at"]
    meta = {k: _meta(v) for k, v in meta.items()}
    return "---\n" + yaml.safe_dump(meta, allow_unicode=True, sort_keys=False, width=1000) + "---\n"


def _meta(value):
    """A front matter value: one line, and no ``[[`` an editor would show as a link."""
    if isinstance(value, list):
        return [_meta(v) for v in value]
    if not isinstance(value, str):
        return value
    value = " ".join(_BREAKS.sub(" ", value).split())
    return value.replace("[[", "\\[\\[").replace("]]", "\\]\\]")


def _note(
    card: dict,
    data: dict,
    names: dict[str, str],
    links: list[dict],
    conflicts: list[dict],
    history: list[dict],
    messages: dict[str, dict],
) -> str:
    title = names[card["id"]]
    out = [
        _front_matter(card, data["tenant"]),
        f"# {_text(card['content'][:80])}",
        "",
        _text(card["content"]),
        "",
    ]
    if card.get("context"):
        out += [f"Context: {_text(card['context'])}", ""]
    sources = [messages[m] for m in card["source_ids"] if m in messages]
    if sources:
        out += ["## Sources", ""]
        out += [
            f"- {_text(m.get('speaker', '?'))}, {_text(m.get('at', ''))}, session {_text(m.get('session_id'))}: "
            f"{_text(m.get('text', ''))}"
            for m in sources
        ]
        out.append("")
    by_kind: dict[str, list[str]] = defaultdict(list)
    for link in links:
        other = link["dst"] if link["src"] == card["id"] else link["src"]
        if other in names:
            by_kind[link["kind"]].append(f"[[{names[other]}]] ({link['weight']:.2f})")
    if by_kind:
        out += ["## Links", ""]
        out += [f"- {_text(kind)}: " + ", ".join(items) for kind, items in sorted(by_kind.items())]
        out.append("")
    if conflicts:
        out += ["## Conflicts", ""]
        for c in conflicts:
            mine = c["active_id"] == card["id"]
            other = c["other_id"] if mine else c["active_id"]
            role = "in force" if mine else "waits to be verified"
            link = f"[[{names[other]}]]" if other in names else _text(other[:8])
            out.append(
                f"- {_text(c['topic'])} ({_text(c['resolution'])}): this version {role}; the other: {link}"
            )
            if c.get("question"):
                out.append(f"  - ask: {_text(c['question'])}")
        out.append("")
    if history:
        out += ["## History", ""]
        out += [
            f"- {_text(h['at'])} {_text(h['action'])} (version {_text(h['version'])}, was {_text(h['status'])})"
            + (f": {_text(h['content'])}" if h.get("content") else "")
            for h in history
        ]
        out.append("")
    log.debug("note %s", title)
    return "\n".join(out)


def _index(data: dict, names: dict[str, str]) -> str:
    by_kind: dict[str, list[dict]] = defaultdict(list)
    for c in data["cards"]:
        by_kind[c["kind"]].append(c)
    out = [
        f"# Memory of {_text(data['tenant'])}",
        "",
        (
            f"{len(data['cards'])} cards, {len(data['links'])} links, {len(data['conflicts'])} conflicts; "
            f"exported {_text(data['exported_at'])} (embedding model {_text(data['embedding_model'])})."
        ),
        "",
    ]
    for kind in sorted(by_kind):
        out += [f"## {_text(kind)} ({len(by_kind[kind])})", ""]
        out += [
            f"- [[{names[c['id']]}]] {_text(c['created_at'][:10])} {_text(c['speaker'])}"
            for c in by_kind[kind]
        ]
        out.append("")
    return "\n".join(out)


def _plain_name(name) -> bool:
    """A file name directly inside the folder: no separator, no parent, not hidden."""
    return (
        isinstance(name, str)
        and 0 < len(name) <= 255
        and name not in (".", "..")
        and not name.startswith(".")
        and "/" not in name
        and "\\" not in name
        and "\x00" not in name
        and os.path.basename(name) == name
    )


def _listed(folder: Path) -> set[str] | None:
    """The note names an earlier export's marker lists (plain names only), or None when the folder
    holds no marker of ours (a marker that is a link or not a file does not count)."""
    marker = folder / MARKER
    try:
        if not stat.S_ISREG(os.lstat(marker).st_mode):
            return None
        listed = json.loads(marker.read_text(encoding="utf-8")).get("notes", [])
    except (OSError, ValueError, AttributeError):
        return None
    return {n for n in listed if _plain_name(n)} if isinstance(listed, list) else set()


def _write_new(folder: Path, name: str, text: str) -> None:
    """Create ``folder/name``: a new file, never through a link (``O_EXCL | O_NOFOLLOW``)."""
    if not _plain_name(name) and name != MARKER:
        raise InvalidInput(f"refusing to write {name!r}: not a plain file name inside the vault folder")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(folder / name, flags, 0o644)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())


def _siblings(folder: Path, kind: str) -> list[Path]:
    """Folders a killed export of ``folder`` left beside it (``kind``: tmp or old)."""
    prefix = f".{folder.name}.vault-{kind}-"
    try:
        entries = list(folder.parent.iterdir())
    except OSError:
        return []
    return [p for p in entries if p.name.startswith(prefix) and stat.S_ISDIR(os.lstat(p).st_mode)]


def _recover(folder: Path) -> None:
    """Finish or undo what a killed export left beside ``folder``: an old vault moved aside goes
    back when no vault took its place; otherwise the user files of a left-over vault (one with its
    marker: a half-written one has none yet) move into ``folder``, and the left-over goes."""
    for kind in ("old", "tmp"):
        for left in _siblings(folder, kind):
            if kind == "old" and not os.path.lexists(folder):
                os.rename(left, folder)
                continue
            if _listed(left) is not None and folder.is_dir() and not folder.is_symlink():
                _move_user_files(left, folder)
            shutil.rmtree(left, ignore_errors=True)


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders in one step (Linux ``renameat2(RENAME_EXCHANGE)``); False where the system
    has no such call, and the caller renames twice."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(err, os.strerror(err), str(a))


def _move_user_files(old: Path, new: Path) -> None:
    """Move what is not ours (neither a listed note nor the marker) from ``old`` into ``new``."""
    ours = (_listed(old) or set()) | {MARKER}
    for entry in old.iterdir():
        if entry.name not in ours and not os.path.lexists(new / entry.name):
            os.rename(entry, new / entry.name)


def write_vault(mem, folder: str | Path, *, overwrite: bool = False) -> int:
    """Write ``mem``'s cards as Markdown notes into ``folder``; returns the number of card notes.

    The notes are written into a new sibling folder and swapped in by renames: a killed export
    leaves the old vault or the new one (the next export tidies what it left). Files that are not
    notes of an earlier export (an editor's ``.obsidian/``) move into the new vault.

    :param mem: a :class:`~autogen_zettel.memory.tenant.Zettelkasten`
    :param overwrite: replace the notes of an earlier vault export in ``folder`` (a folder
        that holds anything else is refused either way)
    :raises InvalidInput: ``folder`` is a link, holds files of something else, or an export
        without ``overwrite``
    """
    folder = Path(os.path.abspath(folder))
    if folder.is_symlink():
        raise InvalidInput(
            f"the vault folder {str(folder)!r} is a link; give the folder it points to, or another"
        )
    folder.parent.mkdir(parents=True, exist_ok=True)
    _recover(folder)
    replace = False
    if os.path.lexists(folder):
        if not folder.is_dir():
            raise InvalidInput(f"the vault folder {str(folder)!r} is a file; give a folder")
        if any(folder.iterdir()):
            if _listed(folder) is None:
                raise InvalidInput(
                    f"the vault folder {str(folder)!r} is not empty and holds no earlier export; "
                    "give a new or empty folder"
                )
            if not overwrite:
                raise InvalidInput(
                    f"the vault folder {str(folder)!r} holds an earlier export; add --overwrite "
                    "(overwrite=True) to replace it, or give another folder"
                )
        replace = True
    data = mem.export()
    names = note_names(data["cards"])
    links_of: dict[str, list[dict]] = defaultdict(list)
    for link in data["links"]:
        links_of[link["src"]].append(link)
        links_of[link["dst"]].append(link)
    conflicts_of: dict[str, list[dict]] = defaultdict(list)
    for c in data["conflicts"]:
        conflicts_of[c["active_id"]].append(c)
        conflicts_of[c["other_id"]].append(c)
    messages = {m["id"]: m for m in data["messages"]}
    tag = secrets.token_hex(6)
    tmp = folder.parent / f".{folder.name}.vault-tmp-{tag}"
    tmp.mkdir(mode=0o755)
    try:
        written = []
        for card in data["cards"]:
            text = _note(
                card,
                data,
                names,
                links_of[card["id"]],
                conflicts_of[card["id"]],
                mem.archive.history(card["id"]),
                messages,
            )
            _write_new(tmp, f"{names[card['id']]}.md", text)
            written.append(f"{names[card['id']]}.md")
        _write_new(tmp, "index.md", _index(data, names))
        written.append("index.md")
        _write_new(tmp, MARKER, json.dumps({"tenant": data["tenant"], "notes": written}))
        if replace:
            if _exchange(tmp, folder):  # one step: the old vault now sits where tmp was
                old = tmp
            else:  # two renames; a kill between them is undone by the next export (_recover)
                old = folder.parent / f".{folder.name}.vault-old-{tag}"
                os.rename(folder, old)
                os.rename(tmp, folder)
            _move_user_files(old, folder)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.rename(tmp, folder)  # the folder is missing or empty: rename takes its place
    except BaseException:
        if _listed(tmp) is None or not os.path.lexists(folder):
            shutil.rmtree(
                tmp, ignore_errors=True
            )  # (after a swap tmp holds the old vault: kept for _recover)
        raise
    log.info("vault of %s: %d notes in %s", data["tenant"], len(written) - 1, folder)
    return len(written) - 1
