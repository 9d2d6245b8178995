"""The layer rules' version (#40): a digest of the rules' source, so a tenant whose rows older
rules built re-reads every card once, without anyone remembering to bump a number."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.people.sync import LAYERS_VERSION, RULE_FILES, rules_version

from .conftest import T0

PACKAGE = Path(__file__).resolve().parents[1] / "autogen_zettel"
# what the sync module reaches that holds no rule: the package's exports
NO_RULES = {"people/__init__.py"}


def _file(module: str) -> Path | None:
    rel = module.removeprefix("autogen_zettel.").replace(".", "/")
    for path in (PACKAGE / f"{rel}.py", PACKAGE / rel / "__init__.py"):
        if path.exists():
            return path
    return None


def _reached(module: str, seen: set[str]) -> None:
    path = _file(module)
    if module in seen or path is None:
        return
    seen.add(module)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("autogen_zettel"):
            _reached(node.module, seen)
            for alias in node.names:  # "from autogen_zettel.people import general": a module
                _reached(f"{node.module}.{alias.name}", seen)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("autogen_zettel"):
                    _reached(alias.name, seen)


def test_the_version_covers_every_rule_module_the_layers_import():
    seen: set[str] = set()
    _reached("autogen_zettel.people.sync", seen)
    reached = {
        str(_file(m).relative_to(PACKAGE))
        for m in seen
        if m.startswith(("autogen_zettel.people", "autogen_zettel.text", "autogen_zettel.cards"))
    }
    missing = reached - set(RULE_FILES) - NO_RULES
    assert not missing, f"add {sorted(missing)} to RULE_FILES in autogen_zettel/people/sync.py"
    assert not set(RULE_FILES) - reached, "RULE_FILES names a module the layers no longer import"


def test_a_change_to_any_rule_changes_the_version(tmp_path):
    for name in RULE_FILES:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(PACKAGE / name, tmp_path / name)
    assert rules_version(tmp_path) == LAYERS_VERSION
    rules = tmp_path / "people" / "rules_zh.py"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n# one more rule\n", encoding="utf-8")
    assert rules_version(tmp_path) != LAYERS_VERSION
    # a checkout with Windows line endings reads the same rules
    for name in RULE_FILES:
        shutil.copy(PACKAGE / name, tmp_path / name)
        path = tmp_path / name
        path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    assert rules_version(tmp_path) == LAYERS_VERSION


def test_a_tenant_of_the_old_numbered_rules_is_read_again(hub):
    mem = hub.tenant("old")
    mem.remember("I'm allergic to peanuts.", speaker="Rui", at=T0, session_id="s1")
    mem.flush()
    db = tenant_parts(mem).db
    assert db.get_meta("layers_version") == LAYERS_VERSION
    db.db.execute("delete from layer_evidence")
    db.db.execute("delete from layer_facts")
    db.set_meta("layers_version", "1")  # every tenant written before the digest
    assert [(f.key, f.value) for f in mem.facts()] == [("allergy", "peanuts")]
    assert db.get_meta("layers_version") == LAYERS_VERSION
