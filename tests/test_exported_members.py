"""``autogen_zettel.__all__`` is sorted and complete: every name in it resolves to what its module
defines, every public name of the package is in it, and every type the facades hand a user
(in their public signatures) is exported or named below as an internal part."""

from __future__ import annotations

import inspect
import sys
import typing

import autogen_zettel
from autogen_zettel.memory.hub import MemoryHub
from autogen_zettel.memory.tenant import Zettelkasten

# parts a facade exposes for those who extend or inspect it, deliberately not exported
INTERNAL = {
    "AuditLog",
    "CardDB",
    "TenantHost",
    "LinkNeighbours",
    "PersonaStore",
    "MemoryArchive",
    "TenantStore",
}


def test_all_is_sorted_without_duplicates():
    names = autogen_zettel.__all__
    assert names == sorted(names, key=str.casefold)
    assert len(names) == len(set(names))


def test_every_public_member_is_exported_and_every_export_resolves():
    public = {n for n in vars(autogen_zettel) if not n.startswith("_")}
    public -= {n for n in public if inspect.ismodule(getattr(autogen_zettel, n))}  # subpackages once imported
    assert public <= set(autogen_zettel.__all__), public - set(autogen_zettel.__all__)
    for name in autogen_zettel.__all__:
        value = getattr(autogen_zettel, name)
        if inspect.isclass(value) or inspect.isfunction(value):
            assert value.__name__ == name and value.__module__.startswith("autogen_zettel."), name


def _types(hint) -> set[type]:
    out = {hint} if inspect.isclass(hint) else set()
    for arg in typing.get_args(hint):
        out |= _types(arg)
    return out


def _classes() -> dict[str, type]:
    """Every class the package's loaded modules define (forward references in aliases name them)."""
    out: dict[str, type] = {}
    for name, module in list(sys.modules.items()):
        if name.startswith("autogen_zettel."):
            out.update({k: v for k, v in vars(module).items() if inspect.isclass(v)})
    return out


def test_what_the_facades_hand_a_user_is_exported():
    handed: set[type] = set()
    for facade in (MemoryHub, Zettelkasten):
        for name, member in inspect.getmembers(facade):
            if name.startswith("_"):
                continue
            fn = member.fget if isinstance(member, property) else member
            if not callable(fn):
                continue
            hints = typing.get_type_hints(fn, globalns={**_classes(), **vars(inspect.getmodule(fn))})
            for hint in hints.values():
                handed |= {t for t in _types(hint) if t.__module__.startswith("autogen_zettel.")}
    names = {t.__name__ for t in handed}
    assert names - INTERNAL <= set(autogen_zettel.__all__), sorted(
        names - INTERNAL - set(autogen_zettel.__all__)
    )
    assert {"Zettelkasten", "RecallBlock", "Hit", "Card"} <= names
