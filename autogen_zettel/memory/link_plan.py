"""The links of newly written cards, planned before anything is written: semantic links to the
index's nearest cards (graded by an optional link judge), and structural ones to the session's and
the speaker's recent cards, the message answered and the cards naming the same entities.

:class:`LinkPlanner` is what :meth:`Ingest.plan_links <autogen_zettel.memory.ingest.Ingest.plan_links>`
builds for each write.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from autogen_zettel.base.cards import Card, Link, LinkKind, Message
from autogen_zettel.base.config import LinkConfig
from autogen_zettel.cards.atoms import embed_text
from autogen_zettel.cards.link import semantic_links, structural_links
from autogen_zettel.embed.dual import english_readable
from autogen_zettel.embed.scale import IDENTITY, CosineScale, DualScale
from autogen_zettel.store.db import CardDB
from autogen_zettel.store.index import VectorStore

__all__ = ["LinkJudge", "LinkPlanner"]

# judge(card, [(candidate, cosine), ...]) -> {candidate id: LinkKind or None}, or None to
# fall back to the similarity thresholds
LinkJudge = Callable[[Card, list[tuple[Card, float]]], "dict[str, LinkKind | None] | None"]


@dataclass(frozen=True)
class LinkPlanner:
    """The links of one write's new cards in one tenant.

    :param tenant: the tenant name (its Qdrant collection)
    :param judge: grades the similarity candidates (an LLM), or None for the thresholds of ``cfg``
    :param scale: the embedder's cosines on the scale the thresholds are written in (a link keeps
        the mapped value: merging, pruning and the persona's communities read it)
    """

    tenant: str
    db: CardDB
    vectors: VectorStore
    cfg: LinkConfig
    judge: LinkJudge | None = None
    scale: CosineScale | DualScale = IDENTITY

    def plan(self, new: Sequence[tuple[Message, Card]], vectors) -> tuple[list[Link], dict[str, list[str]]]:
        """The new cards' semantic and structural links, written nowhere yet, and card id -> similar
        card ids (the conflict check's extra candidates)."""
        cfg = self.cfg
        neighbours = self.vectors.neighbours(self.tenant, vectors, cfg.candidates + 1)
        by_message: dict[str, list[Card]] = {}
        session_recent: dict[str | None, list[Card]] = {}
        speaker_recent: dict[str, list[Card]] = {}
        # nothing is written until the links are: every entity of the batch read in one query
        naming = self.db.cards_naming_each((e for _, c in new for e in c.entities), 3)
        latest: dict[tuple[str | None, str], list[Card]] = {}
        links: list[Link] = []
        new_ids = {c.id for _, c in new}
        for (msg, card), near in zip(new, neighbours):
            links.extend(self._semantic(card, near))
            if card.session_id is not None:
                if card.session_id not in session_recent:
                    session_recent[card.session_id] = self._stored_recent(
                        cfg.session_window, new_ids, len(new), session_id=card.session_id
                    )
                recent = session_recent[card.session_id]
            else:
                recent = []
            if card.speaker not in speaker_recent:
                speaker_recent[card.speaker] = self._stored_recent(
                    cfg.speaker_window, new_ids, len(new), speaker=card.speaker
                )
            peers: dict[str, Card] = {}
            for entity in card.entities:
                for other in naming.get(entity.casefold(), ()):
                    if other.id != card.id:
                        peers[other.id] = other
            links.extend(
                structural_links(
                    card,
                    session_neighbours=recent[: cfg.session_window],
                    speaker_previous=speaker_recent[card.speaker][: cfg.speaker_window],
                    reply_to=self._reply_targets(msg, by_message, latest) if msg.reply_to else [],
                    entity_peers=list(peers.values())[:6],
                )
            )
            by_message.setdefault(msg.message_id, []).append(card)
            if card.session_id is not None:
                session_recent[card.session_id].insert(0, card)
            speaker_recent[card.speaker].insert(0, card)
        return links, {c.id: [i for i, _ in near if i != c.id] for (_, c), near in zip(new, neighbours)}

    def _stored_recent(self, window: int, new_ids: set[str], batch: int, **where) -> list[Card]:
        """The ``window`` newest stored cards matching ``where`` that are not of this batch (its
        cards are stored already), newest first: ids first, then only the kept cards are built
        (building the window plus a batch's worth of cards was most of linking's reads)."""
        ids = [i for i in self.db.recent_ids(window + batch, **where) if i not in new_ids][:window]
        found = self.db.get_many(ids)
        return [found[i] for i in ids if i in found]

    def _semantic(self, card: Card, near: Sequence[tuple[str, float]]) -> list[Link]:
        """Similarity links; graded by the link judge (an LLM) when one is set."""
        if isinstance(self.scale, DualScale):  # two models: each pair of scripts has its scale
            texts = {
                i: embed_text(speaker, content)
                for i, (speaker, content) in self.db.said(i for i, _ in near).items()
            }
            mine = english_readable(embed_text(card.speaker, card.content))
            near = [
                (i, self.scale.pair(s, (mine, english_readable(texts[i]) if i in texts else mine)))
                for i, s in near
            ]
        elif self.scale is not IDENTITY:
            near = list(zip((i for i, _ in near), self.scale.many([s for _, s in near])))
        judge = self.judge
        if judge is not None:
            others = self.db.get_many([i for i, _ in near if i != card.id])
            grades = judge(card, [(others[i], s) for i, s in near if i in others])
            if grades is not None:
                sims = dict(near)
                return [
                    Link(card.id, oid, kind, round(sims[oid], 4), card.created_at)
                    for oid, kind in grades.items()
                    if kind is not None and oid in sims
                ]
        return semantic_links(card.id, near, self.cfg, at=card.created_at)

    def _reply_targets(
        self,
        msg: Message,
        by_message: dict[str, list[Card]],
        latest: dict[tuple[str | None, str], list[Card]],
    ) -> list[Card]:
        """Cards of the message ``msg`` answers: from this batch, else among the session's
        latest cards (capture stores one message per job, so the question is already stored).

        :param latest: (session, message answered) -> that message's cards among the session's
            latest ten, filled on first use
        """
        if msg.reply_to in by_message:
            return by_message[msg.reply_to]
        key = (msg.session_id, msg.reply_to)
        if key not in latest:  # nothing is written while links are planned: one read per key
            latest[key] = self.db.recent_answering(msg.reply_to, 10, session_id=msg.session_id)
        return latest[key]
