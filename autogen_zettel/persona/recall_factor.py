"""The persona's part in one agent's recall: the factor per card (a
:class:`~autogen_zettel.persona.modulation.Modulator` over the trait evidence edges of each card)
and the pool of globally important cards an exploration recall draws from, both refreshed at
each mining of the persona engine.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from autogen_zettel.base.cards import Card, CardStatus, Hit
from autogen_zettel.base.persona_records import TraitState
from autogen_zettel.persona.memory_api import PersonaMemory
from autogen_zettel.persona.modulation import Modulator, card_edges
from autogen_zettel.persona.traits import TraitSpec

__all__ = ["PersonaRecall", "EXPLORE_POOL"]

EXPLORE_POOL = 50  # the globally most important cards an exploration recall draws from


class PersonaRecall:
    """The persona factor of recall and exploration for one agent.

    :param memory: the agent's memory (its persona store's evidence, its cards)
    :param specs: the persona's trait specs
    :param cfg: a :class:`~autogen_zettel.base.config.PersonaConfig`
    """

    def __init__(self, memory: PersonaMemory, specs: Mapping[str, TraitSpec], cfg: Any):
        self.memory = memory
        self.cfg = cfg
        #: per card, the summed signed evidence strength per trait
        self.edges: dict[str, dict[str, float]] = {}
        self._important: list[str] = []
        self._modulator = Modulator(memory.name, specs, cfg)

    def refresh(self) -> None:
        """Read the cards' evidence edges and rank the globally important cards again."""
        self.edges = card_edges(self.memory.persona_store.evidence_by_card())
        self._modulator.edges = self.edges
        ranked = sorted(
            (c for c in self.memory.cards() if c.status is CardStatus.ACTIVE),
            key=lambda c: (-c.importance, -c.access_count, c.id),
        )
        self._important = [c.id for c in ranked[:EXPLORE_POOL]]

    def recall(self, states: Mapping[str, TraitState]) -> tuple[Callable[[Card], float] | None, bool]:
        """The persona factor for one recall and whether it is an exploration recall (seeded,
        ``persona.exploration`` of them): then use :meth:`explore_hits` too."""
        return self._modulator.recall(states) if self.cfg.enabled else (None, False)

    def explore_hits(
        self, states: Mapping[str, TraitState], exclude: Collection[str], k: int = 1
    ) -> list[Hit]:
        """Globally important cards (importance, then times recalled) that the persona factor
        would weigh down, as ``exploration`` hits."""
        cards = self.memory.cards_by_id(self._important)
        found = self._modulator.hidden(
            [cards[i] for i in self._important if i in cards], states, exclude=set(exclude), k=k
        )
        return [Hit(c, round(float(c.importance), 4), "exploration") for c in found]
