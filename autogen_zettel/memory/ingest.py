"""The write path of one tenant: prepare messages, distil them into cards, store, index and link.

:class:`Ingest` holds the collaborators a write needs (the tenant's SQLite, the shared vector
index, embedder, refiner and judges, the redactor and the clock) and knows nothing of the hub
or of :class:`~autogen_zettel.memory.tenant.Zettelkasten`, which builds one per write and serialises
:meth:`Ingest.write` under its write lock. The order of a write: validate and redact every
message (:meth:`Ingest.prepare`), refine them into draft cards (:meth:`Ingest.draft`), then
in one step store the new ones in SQLite, embed them into the index, link them (planned by
:mod:`~autogen_zettel.memory.link_plan`) and check them for conflicts (:meth:`Ingest.write`).
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, Future, wait
from contextlib import nullcontext
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone

import networkx as nx

from autogen_zettel.base.cards import Card, CardKind, Link, Message, PrivacyTier, card_id_for
from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.base.messages import validate_message
from autogen_zettel.base.sealing import keyed_id
from autogen_zettel.cards import graph as graphs
from autogen_zettel.cards.affect import Affect, estimate as estimate_affect
from autogen_zettel.cards.atoms import addressee_of, name_addressee
from autogen_zettel.cards.claims import claim_fields, extract_claims
from autogen_zettel.cards.refine import Refiner, clean_text
from autogen_zettel.embed.embedders import Embedder
from autogen_zettel.embed.scale import scale_of
from autogen_zettel.memory.card_index import encode_batches, index_cards
from autogen_zettel.memory.drafts import DraftCache, Same
from autogen_zettel.memory.link_plan import LinkJudge, LinkPlanner
from autogen_zettel.people.evidence_cards import given_layers, layer_draft, previous_in_batch
from autogen_zettel.people.replied import LOOK_BACK, replied_to
from autogen_zettel.people.sync import evidence_for, sync_cards
from autogen_zettel.people.tables import LayerTables
from autogen_zettel.store.db import CardDB
from autogen_zettel.store.index import VectorStore
from autogen_zettel.text import zh_places
from autogen_zettel.text.dates import anchor_dates
from autogen_zettel.text.han_names import warm_for
from autogen_zettel.trust.conflict_judge import Judge
from autogen_zettel.trust.conflicts import check_conflicts, claim_rows
from autogen_zettel.trust.privacy import Redaction, tier_for
from autogen_zettel.trust.receipts import digest_cards
from autogen_zettel.trust.sealed import seal_traces

__all__ = ["Ingest"]

log = logging.getLogger(__name__)


# card id -> the claims extracted from it (rows of the claims table once stored)
Claims = dict[str, list]


@dataclass(frozen=True)
class Ingest:
    """The collaborators of one tenant's writes; cheap to build, so build one per write.

    :param tenant: the tenant name (its Qdrant collection)
    :param redact: text -> :class:`~autogen_zettel.trust.privacy.Redaction` (identity when redaction is off)
    :param now: ``at`` or None -> the naive UTC time of the write
    """

    tenant: str
    db: CardDB
    vectors: VectorStore
    embedder: Embedder
    config: MemoryConfig
    refiner: Refiner
    redact: Callable[[str], Redaction]
    now: Callable[[datetime | None], datetime]
    link_judge: LinkJudge | None = None
    conflict_judge: Judge | None = None
    drafts: DraftCache | None = None  # the hub's: one draft per single message for every listener

    # -- before the write lock ------------------------------------------------------------
    def prepare(self, m: Message | dict) -> Message:
        """Validate one message and redact its text; raises :class:`InvalidInput` with the fix.

        Field types are checked by :func:`~autogen_zettel.base.messages.validate_message`, the
        one message schema (lone surrogates become U+FFFD there); this adds what needs the
        tenant: cleaning, redaction, the length limit, the clock and the derived message id.
        """
        m = validate_message(m)
        tier = m.tier
        limit = self.config.refiner.max_message_chars
        # the length limit comes before any scan (cleaning, redaction): an oversized message costs
        # nothing to refuse (UTF-8 bytes: at most 4 per character, checked exactly once decoded)
        if len(m.text) > (4 * limit if isinstance(m.text, bytes) else limit):
            raise self._too_long(
                m.message_id, len(m.text), limit, "bytes" if isinstance(m.text, bytes) else "characters"
            )
        cleaned = clean_text(m.text)
        if len(cleaned) > limit:
            raise self._too_long(m.message_id, len(cleaned), limit, "characters")
        # redact before anything else sees the text: ids, the refiner, SQLite, Qdrant and logs
        redaction = self.redact(cleaned)
        text = redaction.text
        if not text:
            raise InvalidInput(
                f"message {m.message_id!r} is empty or only whitespace; skip it before remembering"
            )
        at = self.now(m.at)
        local = m.extra.get("local_at")
        zone = self.config.hub.time_zone
        if local is None and zone:
            # no offset given (a naive at, or the clock's UTC time): the hub's zone says whose day it is
            from zoneinfo import ZoneInfo

            local = at.replace(tzinfo=timezone.utc).astimezone(ZoneInfo(zone)).replace(tzinfo=None)
        message_id = m.message_id
        if message_id is None:
            digest = hashlib.sha1(f"{m.speaker}|{at.isoformat()}|{text}".encode()).hexdigest()[:16]
            message_id = f"m-{digest}"
            if tier is PrivacyTier.PERMANENT or tier == PrivacyTier.PERMANENT.value:
                message_id = keyed_id(message_id, prefix="m-")  # sealed text: no guessable id
        return Message(
            text,
            m.speaker,
            message_id,
            m.session_id,
            at,
            m.reply_to,
            # the speaker's wall time, when ``at`` was aware: the day "tomorrow" counts from
            extra={"redactions": redaction.kinds, **({"local_at": local} if local is not None else {})},
            tier=tier,
        )

    @staticmethod
    def _too_long(message_id, size: int, limit: int, unit: str) -> InvalidInput:
        return InvalidInput(
            f"message {message_id!r} has {size:,} {unit}, over refiner.max_message_chars ({limit:,} "
            "characters); split it into smaller messages or raise the limit in the config"
        )

    def check_ids(self, prepared: Sequence[Message]) -> set[str]:
        """Refuse a message whose id another message of this tenant (stored, or earlier in
        ``prepared``) already uses with other text: its cards would cite the wrong message, and
        the stored message would be overwritten. The same text under the same id is a re-send,
        which stores nothing new. A message cut by a forget is other text too: a re-send of it
        is refused, not remembered again. Returns the ids already stored."""
        seen: dict[str, str] = {}
        for m in prepared:
            if seen.setdefault(m.message_id, m.text) != m.text:
                raise self.reused(m.message_id, "earlier in this batch")
        stored = self.db.messages(seen)
        for row in stored:
            if row["text"] != seen[row["id"]]:
                raise self.reused(row["id"], "by a stored message")
        return {row["id"] for row in stored}

    def reused(self, message_id: str, where: str) -> InvalidInput:
        return InvalidInput(
            f"message id {message_id!r} is already used {where} of tenant {self.tenant!r} with other "
            f"text; give this message its own id (e.g. {message_id + '-2'!r}) or leave message_id out "
            "to have one derived from the speaker, time and text"
        )

    def draft(self, prepared: Iterable[Message]) -> tuple[list[tuple[Message, Card]], Claims]:
        """Refine prepared messages into draft cards (with their claims); nothing is written."""
        prepared = list(prepared)
        self.check_ids(prepared)
        drafts: list[tuple[Message, Card]] = []
        claims: Claims = {}
        known_entities = tuple(sorted({m.speaker for m in prepared}))
        for speaker in known_entities:
            warm_for(speaker)  # pinyin for an English question naming them (text/han_names.py)
        for m in prepared:  # jieba's places for the Chinese facts read from it (text/zh_places.py)
            zh_places.warm_for(m.text)
        privacy = self.config.privacy
        said_by = {m.message_id: m.speaker for m in prepared}
        earlier = {m.reply_to for m in prepared if m.reply_to and m.reply_to not in said_by}
        said_by.update(
            {row["id"]: row["speaker"] for row in self.db.messages(earlier)}
        )  # replies to stored messages
        key = None
        previous: dict[str, str | None] = {}
        if self.drafts is not None and len(prepared) == 1:
            m = prepared[0]
            # the tenant's own message before it: a bare "Yes please." is a card and a preference
            # after an offer this tenant heard, nothing in a tenant that never heard one
            previous[m.message_id] = self._previous(m)
            # everything drafting reads: the message as prepared, who it answers, the message
            # before it in this tenant's session, the hub's parts
            key = (
                m.text,
                m.speaker,
                m.message_id,
                m.session_id,
                m.at,
                m.extra.get("local_at"),
                m.reply_to,
                m.tier,
                tuple(m.extra.get("redactions", ())),
                said_by.get(m.reply_to or ""),
                previous[m.message_id],
                Same(self.refiner),
                Same(self.config),
            )
            kept = self.drafts.get(key)
            if kept is not None:
                return kept
        for msg in prepared:
            # who "you" is: named, the speaker replied to, or the other of two
            addressee = addressee_of(
                msg.text,
                speaker=msg.speaker,
                participants=known_entities,
                previous=said_by.get(msg.reply_to or ""),
            )
            if msg.tier is PrivacyTier.NEVER:
                log.debug(
                    "tenant %s: message %s is never-persisted; nothing stored", self.tenant, msg.message_id
                )
                continue
            local = msg.extra.get("local_at") or msg.at  # relative dates count the speaker's days
            refined = self.refiner.refine(
                msg.text,
                speaker=msg.speaker,
                message_id=msg.message_id,
                known_entities=known_entities,
                max_cards=self.config.refiner.max_cards,
                min_words=self.config.refiner.min_words,
            )
            # "Sent it.", "不用了", "No thanks" to an offer: too short for a card, but a layer row needs one
            if not refined:
                kept = previous[msg.message_id] if msg.message_id in previous else None
                before = previous_in_batch(prepared, msg) or kept or self._previous(msg)
                refined = layer_draft(msg, before)
            for d in refined:
                if msg.message_id not in d.source_ids:
                    raise InvalidInput(
                        f"refiner {type(self.refiner).__name__} made a card without its source id "
                        f"{msg.message_id!r}; every card must trace back to its message"
                    )
                # the refiner only saw redacted text; redact again in case one (an LLM) made a secret up.
                # A card that is its whole message, in which prepare() found no secret, is that same
                # text: redacting it again would find none again (a third of the cards)
                if d.content == msg.text and not msg.extra.get("redactions"):
                    content = Redaction(d.content)
                else:
                    content = self.redact(d.content)
                # "yesterday" recalled a month later must still say which day it was
                # and "you" says whom it meant, in brackets, the original words kept
                content = replace(content, text=name_addressee(anchor_dates(content.text, local), addressee))
                entities = tuple(
                    e
                    for e in d.entities
                    if e.casefold() != msg.speaker.casefold() and not self.redact(e).changed
                )
                tags = tuple(t for t in d.tags if not self.redact(t).changed)
                found = extract_claims(content.text, speaker=msg.speaker, entities=entities)
                evidence, context = claim_fields(content.text, found)
                # the feeling: the LLM's when it gave one, else read from the card, else (a card cut
                # from a longer message: "the grant was rejected" of "... I was devastated") half the
                # message's; it raises importance in proportion (what a card says, said with feeling,
                # weighs more; "Books, books, books!" stays below a card that says something), which
                # also slows decay
                if d.affect is not None:
                    felt = Affect(*d.affect)
                else:
                    felt = estimate_affect(content.text)
                    if not felt.salience and d.content != msg.text:
                        whole = estimate_affect(msg.text)
                        felt = Affect(whole.valence * 0.5, whole.arousal * 0.5)
                importance = min(
                    1.0, d.importance * (1.0 + self.config.refiner.affect_importance * felt.salience)
                )
                card = Card(
                    id=card_id_for(d.source_ids, content.text, msg.at),
                    content=content.text,
                    kind=d.kind,
                    speaker=msg.speaker,
                    created_at=msg.at,
                    source_ids=d.source_ids,
                    session_id=msg.session_id,
                    tags=tags,
                    entities=entities,
                    confidence=d.confidence,
                    importance=round(importance, 3),
                    evidence=evidence,
                    context=context,
                    redactions=tuple(dict.fromkeys(msg.extra.get("redactions", ()) + content.kinds)),
                    valence=round(felt.valence, 3),
                    arousal=round(felt.arousal, 3),
                )
                card = card.with_changes(tier=tier_for(card, privacy, msg.tier))
                if card.tier is PrivacyTier.NEVER:
                    continue
                if card.tier is PrivacyTier.PERMANENT:  # an id that confirms no guess of its text
                    card = card.with_changes(id=keyed_id(card.id))
                claims[card.id] = found
                if (
                    d.layers is not None
                ):  # the LLM refiner's layer rows, due dates anchored at the message time
                    msg.extra.setdefault("layers", {})[card.id] = given_layers(d.layers, local)
                drafts.append((msg, card))
        if key is not None:
            self.drafts.put(key, (drafts, claims))
        return drafts, claims

    # -- under the write lock -------------------------------------------------------------
    def write(
        self,
        drafts: Sequence[tuple[Message, Card]],
        claims: Claims,
        *,
        graph: nx.Graph | None,
        progress: bool = False,
    ) -> list[Card]:
        """Store the drafts not stored yet, index, link and conflict-check them; returns the new
        cards (as stored after the conflict check). Hold the tenant's write lock around it.

        :param graph: the tenant's loaded card graph, which gets the new links, or None if not loaded
        """
        new = self.unstored(drafts)
        if not new:
            return []
        self.store(new, claims)
        return self._complete(new, graph=graph, progress=progress)

    def write_batches(
        self,
        batches: Sequence[Sequence[Message]],
        *,
        embed_ahead: Executor,
        graph: Callable[[], nx.Graph | None],
        progress: bool = False,
    ) -> list[Card]:
        """Draft and :meth:`write` each batch of prepared messages in turn, exactly as one call
        each would (each batch drafted after the one before is stored, linked only with what is
        stored before it and itself, its own two transactions), while the next batch's cards are
        embedded on ``embed_ahead``: ONNX Runtime and torch let go of the GIL while they run, so
        the model and the rest of the write path share two cores instead of taking turns.
        Returns the new cards of every batch. Hold the tenant's write lock around it.

        An embedding error surfaces here, in the batch it belongs to, as it would in
        :meth:`write`: that batch is stored with its pending marks (finished on the next open)
        and no later batch is stored. Nothing this call sent is left running when it returns.

        :param embed_ahead: an executor (the hub's), used by one batch ahead at most: the next
            batch's encode may run beside the current one's
        :param graph: returns the tenant's loaded card graph now, or None (read before each batch)
        """
        out: list[Card] = []
        sent: list[Future] = []  # every encode sent, so none is left running on an error

        def begin(batch: Sequence[Message]):
            drafts, claims = self.draft(batch)
            new = self.unstored(drafts)
            cards = [c for _, c in new if c.kind is not CardKind.SUMMARY]
            embedded = embed_ahead.submit(encode_batches, self.embedder, cards) if cards else None
            if embedded is not None:
                sent[:] = [f for f in sent if not f.done()] + [embedded]  # a done one holds vectors
            return new, claims, embedded

        try:
            following = begin(batches[0]) if batches else None
            for i in range(len(batches)):
                new, claims, embedded = following
                if new:
                    self.store(new, claims)
                # the next batch is drafted, checked against what is stored now (this batch
                # included) and sent to be embedded while this one is indexed and linked (its
                # texts queue behind this batch's on the model's workers); if drafting it
                # fails, this batch is still finished first, as one call each would
                failed = None
                try:
                    following = begin(batches[i + 1]) if i + 1 < len(batches) else None
                except Exception as exc:  # noqa: BLE001 - re-raised below, once this batch is done
                    failed = exc
                if new:
                    dense = embedded.result if embedded is not None else None
                    out.extend(self._complete(new, graph=graph(), progress=progress, dense=dense))
                if failed is not None:
                    raise failed
        finally:
            running = [f for f in sent if not f.cancel()]
            if running:
                wait(running)  # an error of ours, mid-way: let the threads finish what they began
        return out

    def _previous(self, msg: Message) -> str | None:
        """The stored message ``msg`` answers in its session, said by someone else (the one just
        before it, or for a short reply the offer a few lines up: :mod:`~autogen_zettel.people.replied`)."""
        return replied_to(
            msg.text,
            LayerTables(self.db).previous_messages(
                msg.session_id,
                msg.at.isoformat(),
                (msg.at - timedelta(hours=12)).isoformat(),
                msg.speaker,
                msg.message_id,
                LOOK_BACK,
            ),
        )

    def unstored(self, drafts: Sequence[tuple[Message, Card]]) -> list[tuple[Message, Card]]:
        """The drafts whose cards are not stored yet, each card once."""
        existing = self.db.existing_ids(c.id for _, c in drafts)
        new = [(m, c) for m, c in drafts if c.id not in existing]
        return list({c.id: (m, c) for m, c in new}.values())

    def store(self, new: Sequence[tuple[Message, Card]], claims: Claims) -> None:
        """Write new cards, their messages and claims, marked pending, in one transaction."""
        cards = [c for _, c in new]
        with self.db.atomic():
            # checked again under the write lock: a message drafted beside this one may have taken the id
            stored = self.check_ids([m for m, _ in new])
            self.db.add_messages(
                [
                    {
                        "id": m.message_id,
                        "session_id": m.session_id,
                        "speaker": m.speaker,
                        "at": m.at.isoformat(),
                        "text": m.text,
                    }
                    for m in {m.message_id: m for m, _ in new}.values()
                    if m.message_id not in stored  # a stored message is never rewritten by a re-send
                ]
            )
            self.db.insert_cards(cards)
            seal_traces(self.db, [c.id for c in cards if c.tier is PrivacyTier.PERMANENT])
            digest_cards(self.db, cards)  # salted digests a forget receipt will list
            self.db.claims.replace(
                [c.id for c in cards], [r for c in cards for r in claim_rows(c, claims[c.id])]
            )
            # cleared when linking and conflict checks are done; a crash before that is finished on open
            self.db.add_pending((c.id, m.message_id, m.reply_to) for m, c in new)

    def _complete(
        self,
        new: Sequence[tuple[Message, Card]],
        *,
        graph: nx.Graph | None,
        progress: bool = False,
        dense: Callable[[], list] | None = None,
    ) -> list[Card]:
        """Index, link and conflict-check stored cards, then clear their pending marks.

        :param dense: returns the vectors of the cards' :func:`~autogen_zettel.memory.card_index.encode_batches`, when already embedded
        """
        cards = [c for _, c in new]
        vectors = self.index(cards, progress=progress, dense=dense, mark=False)
        # summaries have no vector: they are linked by maintenance, not here
        linkable = [(m, c) for m, c in new if c.kind is not CardKind.SUMMARY]
        links, neighbours = self.plan_links(linkable, vectors)
        # the indexed marks, the links, what the conflict check changes and the cleared pending
        # marks commit at once: one commit a batch instead of four, and a crash leaves
        # all of it to redo or none. Not around a conflict judge: it may be an LLM, and the
        # transaction holds the database.
        with self.db.atomic() if self.conflict_judge is None else nullcontext():
            self.db.mark_indexed(c.id for _, c in linkable)
            self.db.links.add(links)
            outcome = check_conflicts(
                self.db, cards, cfg=self.config.conflicts, judge=self.conflict_judge, neighbours=neighbours
            )
            self.db.clear_pending(c.id for c in cards)
            given = {c.id: m.extra["layers"][c.id] for m, c in new if c.id in m.extra.get("layers", {})}
            # due dates counted from the speaker's own day ("by Friday" said late on Thursday in
            # Denver); a later re-read (a rules version bump) falls back to the UTC day, but the
            # dates the card's text anchored in brackets are read back as they were
            tables = LayerTables(self.db)
            given.update(
                {
                    c.id: evidence_for(tables, c, at=m.extra["local_at"])
                    for m, c in new
                    if c.id not in given and "local_at" in m.extra and c.kind is not CardKind.SUMMARY
                }
            )
            sync_cards(
                self.db, [c.id for c in cards], cfg=self.config.conflicts, given=given
            )  # the person layers
        if graph is not None:  # once committed (conflict checks write no links the graph holds)
            graphs.add_links(graph, links)
            graphs.add_threads(graph, [c for _, c in linkable])  # derived, not stored: the loaded graph only
        if outcome.to_verify or outcome.reactivated:
            fresh = self.db.get_many([c.id for c in cards])
            cards = [fresh.get(c.id, c) for c in cards]
        return cards

    def finish_pending(self) -> int:
        """Finish the writes a crash cut short after their commit (index, link, conflict-check);
        returns how many cards were finished. Hold the tenant's write lock around it."""
        rows = self.db.pending()
        if not rows:
            return 0
        cards = self.db.get_many(r[0] for r in rows)
        texts = {m["id"]: m for m in self.db.messages({r[1] for r in rows if r[1]})}
        new = []
        for card_id, message_id, reply_to in rows:
            card = cards.get(card_id)
            if card is None:
                continue
            src = texts.get(message_id, {})
            new.append(
                (
                    Message(
                        src.get("text") or card.content,
                        card.speaker,
                        message_id,
                        card.session_id,
                        card.created_at,
                        reply_to,
                    ),
                    card,
                )
            )
        self._complete(new, graph=None)
        self.db.clear_pending()
        return len(new)

    def index(
        self,
        cards: Sequence[Card],
        *,
        progress: bool = False,
        dense: Callable[[], list] | None = None,
        mark: bool = True,
    ):
        """Embed cards into the index and mark them indexed (unless not ``mark``); returns the
        dense vectors of the indexed cards (summaries excluded), in order; see
        :func:`~autogen_zettel.memory.card_index.index_cards`."""
        return index_cards(
            self.tenant,
            self.db,
            self.vectors,
            self.embedder,
            cards,
            progress=progress,
            dense=dense,
            mark=mark,
        )

    def plan_links(
        self, new: Sequence[tuple[Message, Card]], vectors
    ) -> tuple[list[Link], dict[str, list[str]]]:
        """The new cards' links, written nowhere yet, and card id -> similar card ids; see
        :meth:`LinkPlanner.plan <autogen_zettel.memory.link_plan.LinkPlanner.plan>`."""
        return LinkPlanner(
            self.tenant,
            self.db,
            self.vectors,
            self.config.links,
            self.link_judge,
            scale_of(self.embedder.name),
        ).plan(new, vectors)
