"""The layout keeps its facades: the persona engine talks to memory through a typed protocol of
the memory's public API, and the CLI opens no store itself."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from autogen_zettel.memory.tenant import Zettelkasten, tenant_parts
from autogen_zettel.persona import engine
from autogen_zettel.persona.memory_api import PersonaMemory

PACKAGE = Path(__file__).resolve().parent.parent / "autogen_zettel"


def _members(protocol) -> set[str]:
    names = set(getattr(protocol, "__annotations__", {}))
    names |= {
        n
        for n, v in vars(protocol).items()
        if not n.startswith("_") and (callable(v) or isinstance(v, property))
    }
    return names


def test_the_memory_provides_what_the_persona_engine_asks(hub):
    parts = tenant_parts(hub.tenant("ann"))
    for name in _members(PersonaMemory):
        assert hasattr(parts, name), name
        assert not name.startswith("_")
    assert parts.writing() is parts.store.write_lock


# what the facade keeps: the everyday calls, the tenant's name, hub and config, and namespaces
FACADE = {
    "remember", "remember_many", "remember_later", "flush", "recall", "recall_block", "used",
    "card", "cards", "links", "find", "explain", "forget", "maintain", "reindex", "stats", "export",
    "facts", "preferences", "commitments",
    "name", "hub", "config", "open",
    "archive", "people", "audit", "sessions", "clarifications",
}  # fmt: skip


def test_the_facade_is_narrow_and_spells_each_action_once(hub):
    mem = hub.tenant("ann")
    public = {m for m in dir(mem) if not m.startswith("_")}
    assert public == FACADE and len(public) <= 30, sorted(public ^ FACADE)
    # an archive action has one spelling: the facade keeps only the everyday ones
    archive_only = {
        "freeze",
        "thaw",
        "set_tier",
        "edit",
        "history",
        "conflicts",
        "export_graph",
        "resolve_id",
    }
    assert not archive_only & public and all(hasattr(mem.archive, n) for n in archive_only)
    assert {"record", "entries", "verify"} <= set(dir(mem.audit))
    assert all(callable(getattr(mem.people, n)) for n in ("facts", "preferences", "commitments", "speakers"))


def test_the_persona_engine_reaches_into_no_part_of_the_memory():
    source = inspect.getsource(engine)
    code = re.sub(r":class:`[^`]*`", "", source)  # cross-references in docstrings are no use
    used = set(re.findall(r"self\.(?:memory|parts)\.(\w+)|(?<![.\w])memory\.(\w+)", code))
    names = {a or b for a, b in used}
    assert names <= _members(PersonaMemory), names - _members(PersonaMemory)
    assert "PersonaStore(" not in source


def test_the_cli_opens_no_store_itself():
    for path in (PACKAGE / "cli").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in ("CardDB(", "PersonaStore(", "from autogen_zettel.store.db import"):
            assert name not in text, f"{path.name} uses {name}"
    assert "DataFolder" not in (PACKAGE / "cli" / "persona_cmds.py").read_text(encoding="utf-8")


def test_the_facade_holds_its_parts_as_objects():
    assert Zettelkasten.__bases__ == (object,)
    from autogen_zettel.store.db import CardDB

    assert CardDB.__bases__ == (object,)


def test_the_architecture_page_runs():
    page = (PACKAGE.parent / "docs" / "concepts" / "architecture.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", page, re.S)
    assert len(blocks) >= 3
    for block in blocks:
        exec(compile(block, "docs/concepts/architecture.md", "exec"), {})


def test_the_person_layers_live_in_few_packages():
    """What speaks of the person layers' commitments (code, comments and prompts) lives in the
    person package, the facade that serves it, its CLI and the root exports: a new layer is
    added there and in the catalogue (people/catalog.py), not across the tree."""
    speaking = set()
    for path in PACKAGE.rglob("*.py"):
        if "commitment" in path.read_text(encoding="utf-8").casefold():
            rel = path.relative_to(PACKAGE).parts
            speaking.add(rel[0] if len(rel) > 1 else "(root)")
    assert speaking <= {"people", "memory", "cli", "(root)"}, sorted(speaking)
