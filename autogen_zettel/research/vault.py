"""A tenant's memory as a Markdown vault, the way Zettelkasten users keep notes (Obsidian,
Logseq, Foam or any editor): one note per card with YAML front matter, its source messages,
history and conflicts, and ``[[links]]`` to the cards it is linked to; ``index.md`` lists them all.

The vault is a copy to read and browse, never read back: SQLite stays the truth. A marker file
(``.autogen-zettel-vault``) tells a later export which folder it may replace.
"""

from __future__ import annotations

import json
import logging
import re
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


def _text(line: str) -> str:
    """Card text as note text: ``[[`` would make a link the card never had."""
    return line.replace("[[", "\\[\\[").replace("]]", "\\]\\]")


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
    return "---\n" + yaml.safe_dump(meta, allow_unicode=True, sort_keys=False, width=1000) + "---\n"


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
            f"- {m.get('speaker', '?')}, {m.get('at', '')}, session {m.get('session_id')}: "
            f"{_text(' '.join(str(m.get('text', '')).split()))}"
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
        out += [f"- {kind}: " + ", ".join(items) for kind, items in sorted(by_kind.items())]
        out.append("")
    if conflicts:
        out += ["## Conflicts", ""]
        for c in conflicts:
            mine = c["active_id"] == card["id"]
            other = c["other_id"] if mine else c["active_id"]
            role = "in force" if mine else "waits to be verified"
            link = f"[[{names[other]}]]" if other in names else other[:8]
            out.append(f"- {c['topic']} ({c['resolution']}): this version {role}; the other: {link}")
            if c.get("question"):
                out.append(f"  - ask: {_text(c['question'])}")
        out.append("")
    if history:
        out += ["## History", ""]
        out += [
            f"- {h['at']} {h['action']} (version {h['version']}, was {h['status']})"
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
        f"# Memory of {data['tenant']}",
        "",
        (
            f"{len(data['cards'])} cards, {len(data['links'])} links, {len(data['conflicts'])} conflicts; "
            f"exported {data['exported_at']} (embedding model {data['embedding_model']})."
        ),
        "",
    ]
    for kind in sorted(by_kind):
        out += [f"## {kind} ({len(by_kind[kind])})", ""]
        out += [f"- [[{names[c['id']]}]] {c['created_at'][:10]} {_text(c['speaker'])}" for c in by_kind[kind]]
        out.append("")
    return "\n".join(out)


def write_vault(mem, folder: str | Path, *, overwrite: bool = False) -> int:
    """Write ``mem``'s cards as Markdown notes into ``folder``; returns the number of card notes.

    :param mem: a :class:`~autogen_zettel.memory.tenant.Zettelkasten`
    :param overwrite: replace the notes of an earlier vault export in ``folder`` (a folder
        that holds anything else is refused either way)
    :raises InvalidInput: ``folder`` holds files of something else, or an export without ``overwrite``
    """
    folder = Path(folder)
    if folder.exists() and any(folder.iterdir()):
        if not (folder / MARKER).exists():
            raise InvalidInput(
                f"the vault folder {str(folder)!r} is not empty and holds no earlier export; "
                "give a new or empty folder"
            )
        if not overwrite:
            raise InvalidInput(
                f"the vault folder {str(folder)!r} holds an earlier export; add --overwrite "
                "(overwrite=True) to replace it, or give another folder"
            )
        for old in json.loads((folder / MARKER).read_text(encoding="utf-8")).get("notes", []):
            (folder / old).unlink(missing_ok=True)
    folder.mkdir(parents=True, exist_ok=True)
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
        path = folder / f"{names[card['id']]}.md"
        path.write_text(text, encoding="utf-8")
        written.append(path.name)
    (folder / "index.md").write_text(_index(data, names), encoding="utf-8")
    written.append("index.md")
    (folder / MARKER).write_text(json.dumps({"tenant": data["tenant"], "notes": written}), encoding="utf-8")
    log.info("vault of %s: %d notes in %s", data["tenant"], len(written) - 1, folder)
    return len(written) - 1
