"""One profile refresh of an agent: items from the person model (:mod:`~autogen_zettel.people.profile_items`),
the interaction style from the feedback evidence, the values from people's own words, merged
with the previous profile by momentum and stored as a new version when the text changed.
:class:`~autogen_zettel.persona.engine.PersonaEngine` runs it at every session end and at
least every ``persona.profile_every_days``."""

from __future__ import annotations

import logging
from collections.abc import Collection, Mapping
from datetime import datetime
from typing import Any

from autogen_zettel.base.cards import ProfileItem
from autogen_zettel.people.address import participants
from autogen_zettel.people.catalog import reads_layers
from autogen_zettel.people.profile_items import ClaimLayers, PersonLayers, profile_from_layers, value_items
from autogen_zettel.persona.profile import cap_words, merge_profile, render_profile, style_items

__all__ = ["layers_of", "refresh_profile"]

log = logging.getLogger(__name__)


def layers_of(memory: Any, cards: list) -> PersonLayers:
    """The memory's person model if it has one (a reader for every person layer, on it or on its
    ``people``), else the same shape read from the cards' claims."""
    for holder in (getattr(memory, "people", None), memory):
        if reads_layers(holder):
            return holder
    return ClaimLayers(cards)


def refresh_profile(
    memory: Any,
    store: Any,
    specs: Mapping,
    *,
    agent: str,
    speakers: Collection[str],
    cfg: Any,
    now: datetime,
    reason: str,
    profiler: Any = None,
) -> list[ProfileItem]:
    """Build, merge and store the profile (a version only when its text changed); returns the items."""
    # who asked for what, summarised from the feedback evidence and attributed to its speaker
    by_card = {
        k: [r for r in rows if r.source not in ("self", "graph")]
        for k, rows in store.evidence_by_card().items()
    }
    by_card = {k: rows for k, rows in by_card.items() if rows}
    feedback = memory.cards_by_id(sorted(by_card))
    style = style_items(
        [
            (feedback[k].speaker, r.trait, r.sign, k)
            for k, rows in by_card.items()
            if k in feedback
            for r in rows
        ],
        specs,
        agent,
    )
    cards = list(memory.cards())
    by_id = {c.id: c for c in cards}
    # everyone known before they speak too (the group chat's agents, the hub's tenants), so a
    # remark addressed to an agent that has not spoken yet is still nobody's profile here
    others = set(speakers) | set(memory.speakers()) | participants(memory)
    others.discard(agent)
    new = profile_from_layers(
        layers_of(memory, cards), by_id, agent=agent, others=others, limit=cfg.profile_items
    )
    new = cap_words([*new, *style[:3], *value_items(cards, agent=agent, others=others)])
    latest = store.latest_profile()
    old = list(latest.items) if latest else []
    merged = cap_words(merge_profile(old, new, momentum=cfg.profile_momentum, limit=cfg.profile_items))
    # items whose cards are all gone (forgotten, merged away) leave with them
    merged = [it for it in merged if not it.card_ids or any(i in by_id for i in it.card_ids)]
    text = render_profile(merged)
    if profiler is not None:
        try:
            text = (
                profiler.merge(latest.text if latest else "", merged, momentum=cfg.profile_momentum) or text
            )
        except Exception as exc:  # noqa: BLE001 - the offline profile stands
            log.warning(
                "agent %s: LLM profiler failed (%s), keeping the offline profile", agent, type(exc).__name__
            )
    if merged and text != (latest.text if latest else ""):
        store.add_profile(text, merged, now, reason)
    return merged
