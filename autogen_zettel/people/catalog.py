"""The person layers as a catalogue, for the parts outside this package that serve them whole
(the MCP server's tools and profile resource, the persona's profile and candidate labels): each
layer's name (the method that reads it on a memory or its ``people``), what it returns, the
filters it takes (and their allowed values), what a row is about, and what a profile shows of
it. A new layer is one entry here; nothing outside the package lists the layers by name.

>>> [view.name for view in LAYERS]
['facts', 'preferences', 'commitments']
>>> [(f.name, f.choices) for f in by_name("commitments").filters]
[('status', ('open', 'done', 'cancelled'))]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from autogen_zettel.people.layers import COMMITMENT_STATUSES

__all__ = ["Filter", "LayerView", "LAYERS", "by_name", "reads_layers"]


@dataclasses.dataclass(frozen=True)
class Filter:
    """A keyword a layer's reader takes; ``choices`` are its allowed values (None: any text)."""

    name: str
    choices: tuple[str, ...] | None = None

    def check(self, value: Any) -> str | None:
        """Why ``value`` is refused, or None (None itself is always allowed: no filter)."""
        if value is None or self.choices is None or value in self.choices:
            return None
        allowed = ", ".join(repr(c) for c in self.choices)
        return f"{self.name} must be one of {allowed}, got {value!r}"


@dataclasses.dataclass(frozen=True)
class LayerView:
    """One person layer as the outside sees it."""

    name: str  # the reader's method name on a memory, its ``people`` and the layer tables
    doc: str  # what a row holds, one line
    filters: tuple[Filter, ...]
    about: str  # the row field that says what the row is about (a candidate trait's label)
    in_profile: Mapping[str, str] = dataclasses.field(default_factory=dict)  # filters a profile uses

    def read(self, holder: Any, **filters: Any) -> list:
        """The layer's rows from ``holder`` (a memory, its ``people``, anything with the reader)."""
        return getattr(holder, self.name)(**filters)

    def table_rows(self, tables: Any) -> list[dict]:
        """The layer's plain rows from :class:`~autogen_zettel.people.tables.LayerTables`."""
        return getattr(tables, self.name)()


LAYERS: tuple[LayerView, ...] = (
    LayerView(
        "facts",
        "The facts the agent holds about people (subject, key, value, status, source cards).",
        (Filter("subject"),),
        about="value",
    ),
    LayerView(
        "preferences",
        "People's preferences (subject, topic, value 0..1 with 0.5 neutral, trend, evidence); "
        "with context (e.g. work), that context's, falling back to what was said in shared sessions.",
        (Filter("subject"), Filter("topic"), Filter("context")),
        about="topic",
    ),
    LayerView(
        "commitments",
        "Commitments (owner, what, due date, status open/done/cancelled, counterparty).",
        (Filter("status", COMMITMENT_STATUSES),),
        about="what",
        in_profile={"status": "open"},
    ),
)


def by_name(name: str) -> LayerView:
    """The layer called ``name`` (KeyError naming the known ones if none is)."""
    for view in LAYERS:
        if view.name == name:
            return view
    raise KeyError(f"no person layer {name!r} (known: {', '.join(v.name for v in LAYERS)})")


def reads_layers(holder: Any) -> bool:
    """Whether ``holder`` has a reader for every layer."""
    return all(callable(getattr(holder, view.name, None)) for view in LAYERS)
