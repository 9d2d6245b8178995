"""Recall modulation: the persona factor a trait profile gives each card, and exploration.

A card leaning towards a trait (its evidence edges, or the trait's keywords in its words) is
weighted up when the trait scores high and down when it scores low, within
``[1 - s, 1 + s]`` (``persona.modulation_strength``). A seeded share ``persona.exploration`` of
recalls is *exploration*: no modulation, and the recall also brings back a globally important
card that modulation would have weighed down (:meth:`Modulator.hidden`), so the agent does not
lock itself into one kind of memory.
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable, Collection, Mapping, Sequence

from autogen_zettel.base.cards import Card
from autogen_zettel.base.persona_records import EvidenceRow, TraitState
from autogen_zettel.persona.traits import TraitSpec
from autogen_zettel.text.lexical import tokens

__all__ = ["Modulator", "card_edges"]

log = logging.getLogger(__name__)


def card_edges(by_card: Mapping[str, Sequence[EvidenceRow]]) -> dict[str, dict[str, float]]:
    """Per card, the summed signed evidence strength per trait, clipped to -1..1."""
    edges: dict[str, dict[str, float]] = {}
    for card_id, rows in by_card.items():
        per = edges.setdefault(card_id, {})
        for r in rows:
            per[r.trait] = max(-1.0, min(1.0, per.get(r.trait, 0.0) + r.sign * r.strength))
    return edges


class Modulator:
    """The persona factor of recall for one agent.

    :param tenant: seeds the exploration draws, so runs repeat
    :param specs: the traits (their keywords give cards an affinity)
    :param cfg: a :class:`~autogen_zettel.base.config.PersonaConfig`
    """

    def __init__(self, tenant: str, specs: Mapping[str, TraitSpec], cfg) -> None:
        self.tenant = tenant
        self.cfg = cfg
        self.edges: dict[str, dict[str, float]] = {}
        self._keywords = {name: {t for k in spec.keywords for t in tokens(k)} for name, spec in specs.items()}
        self._affinity: dict[str, dict[str, float]] = {}
        self._lock = threading.Lock()
        self._recalls = 0

    def affinity(self, card: Card) -> dict[str, float]:
        """How much a card's words and tags lean to each trait (keywords shared, /2, at most 1)."""
        cached = self._affinity.get(card.id)
        if cached is None:
            words = set(tokens(card.content)) | {t for tag in card.tags for t in tokens(tag)}
            cached = {
                name: min(1.0, len(words & kw) / 2) for name, kw in self._keywords.items() if words & kw
            }
            if len(self._affinity) > 50_000:
                self._affinity.clear()
            self._affinity[card.id] = cached
        return cached

    def explore(self) -> bool:
        """Whether this recall is an exploration one (a seeded draw per recall)."""
        with self._lock:
            self._recalls += 1
            n = self._recalls
        return random.Random(f"{self.tenant}:{n}").random() < self.cfg.exploration

    def factor(self, states: Mapping[str, TraitState]) -> Callable[[Card], float] | None:
        """The factor for one recall, or None (no modulation: no leaning trait, or exploration)."""
        return self.recall(states)[0]

    def recall(self, states: Mapping[str, TraitState]) -> tuple[Callable[[Card], float] | None, bool]:
        """The factor for one recall (None: no modulation) and whether it is an exploration one."""
        if self.cfg.modulation_strength <= 0:
            return None, False
        # the reply path never waits for a mining: it reads the latest states and edges, which
        # a mining replaces whole (one assignment each), and only counts under a lock
        if self.explore():
            log.debug("agent %s: exploration recall (no persona modulation)", self.tenant)
            return None, True
        return self.leaning(states), False

    def hidden(
        self, cards: Sequence[Card], states: Mapping[str, TraitState], *, exclude: Collection[str], k: int
    ) -> list[Card]:
        """Of ``cards`` (most important first), the first ``k`` that modulation would weigh down:
        what an exploration recall brings back."""
        factor = self.leaning(states)
        if factor is None:
            return []
        return [c for c in cards if c.id not in exclude and factor(c) < 1.0][:k]

    def leaning(self, states: Mapping[str, TraitState]) -> Callable[[Card], float] | None:
        """The persona factor the trait scores give (None: no trait leans)."""
        strength = self.cfg.modulation_strength
        edges = self.edges
        leaning = {k: (v.score - 0.5) * 2 for k, v in states.items() if abs(v.score - 0.5) >= 0.05}
        if not leaning:
            return None

        def factor(card: Card) -> float:
            own = edges.get(card.id, {})
            affinity = self.affinity(card)
            total = 0.0
            for trait, lean in leaning.items():
                a = own.get(trait, 0.0) + affinity.get(trait, 0.0)
                total += lean * max(-1.0, min(1.0, a))
            return 1.0 + strength * max(-1.0, min(1.0, total))

        return factor
