"""Forgetting that can be shown: remove cards from SQLite and Qdrant, leave no dangling row,
make the freed bytes unreadable, and write a hash-chained audit entry that holds no forgotten text.

What goes, for each forgotten card: its row, links, entities, claims, conflicts and history;
its source messages when no other card needs them, else the card's sentences are cut out
of them (or, when the card's text is not the message's own sentences, e.g. an LLM refiner
reworded it, the message text is replaced by ``[forgotten]``); the trait evidence drawn
from the card or its source messages, and the persona profile items drawn from it (cut
from stored prompt versions too); summaries that quoted it are rewritten; its index point
is deleted and the index storage compacted; the SQLite WAL is folded back and truncated
and the file vacuumed (``secure_delete`` is on, so freed pages are zeroed).

>>> cut_sentences("I moved to Porto. My PIN is secret. I love figs.", ["My PIN is secret."])
'I moved to Porto. I love figs.'
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from autogen_zettel.base.cards import CardKind, PrivacyTier
from autogen_zettel.base.prompts import render_profile
from autogen_zettel.cards.refine import split_sentences
from autogen_zettel.store.audit import content_digest
from autogen_zettel.text.spelling import SpellingMatcher, fold
from autogen_zettel.trust import receipts
from autogen_zettel.trust.maintenance import Curated
from autogen_zettel.trust.sealed import LOCKED, WRONG_KEY, permanent_ids, permanent_key_given, seal_traces

__all__ = ["ForgetReport", "cut_sentences", "forget_cards", "finish_forget", "cards_about", "FORGOTTEN"]

log = logging.getLogger(__name__)

FORGOTTEN = "[forgotten]"


@dataclass(frozen=True)
class ForgetReport:
    """What a forget removed (ids and counts only) and the audit entry that records it."""

    card_ids: tuple[str, ...]
    rows: dict
    messages_rewritten: int
    summaries_rewritten: tuple[str, ...]
    audit_seq: int
    #: forgetting by subject: each spelling of it that was found (as written, NFC), sorted
    matched: tuple[str, ...] = ()
    #: the signed receipt (text of its file, :mod:`~autogen_zettel.trust.receipts`), or None
    receipt: str | None = None
    #: why there is no receipt (no signing key), or None
    receipt_note: str | None = None


def cut_sentences(
    text: str, contents: Sequence[str], *, pattern: re.Pattern | SpellingMatcher | None = None
) -> str:
    """``text`` without the sentences that make up ``contents`` (or that match ``pattern``)."""
    gone = {s for c in contents for s in split_sentences(c)}
    kept = [
        s
        for s in split_sentences(text)
        if s not in gone and not any(s in c for c in contents) and not (pattern and pattern.search(s))
    ]
    return " ".join(kept) if kept else FORGOTTEN


def _is_cut_by(text: str, content: str) -> bool:
    r"""Whether :func:`cut_sentences` takes all of ``content`` out of ``text``: the message
    sentences it removes (those of the card, or lying inside it, e.g. broken by a line) spell
    out every sentence of the card.

    A reworded card (an LLM refiner, an edit, a merged restatement) is not cut out: the
    message's own wording of it would survive the cut.

    >>> _is_cut_by("I moved to Porto. My PIN is\nsecret.", "My PIN is secret.")
    True
    >>> _is_cut_by("I moved to Porto. My PIN is secret.", "Ann keeps her PIN secret.")
    False
    >>> _is_cut_by("I moved to Porto. Yes, my PIN is secret.", "my PIN is secret.")
    False
    """
    own = set(split_sentences(content))
    removed = " ".join(s for s in split_sentences(text) if s in own or s in content)
    removed = " ".join(removed.split())
    return all(" ".join(s.split()) in removed for s in own)


def cards_about(db, subject: str) -> list[str]:
    """Ids of the cards about ``subject``: said by it, naming it as an entity, or mentioning it,
    in any spelling (case in every script, NFC/NFD, full-width letters, apostrophe and hyphen
    variants: :mod:`autogen_zettel.text.spelling`), as a whole word."""
    match, folded = SpellingMatcher(subject), fold(subject.strip())
    ids: set[str] = set()
    # a speaker or entity is the subject itself ("Ann", not "Ann Lee"); a text mentions it
    for what in ("speakers", "entities"):
        ids |= {r["id"] for r in db.erasure.matching(what, lambda t: fold(t.strip()) == folded)}
    ids |= {r["id"] for r in db.erasure.matching("cards", match.search)}
    return sorted(ids)


def forget_cards(
    mem: Curated, ids: Sequence[str], *, at: datetime, action: str = "forget", subject: str | None = None
) -> ForgetReport:
    """Forget the cards ``ids`` of a tenant everywhere; see the module docstring.

    :param subject: forgetting everything about a person or topic: also cut every remaining
        sentence and history row that mentions it
    """
    from autogen_zettel.people.answered import drop_answered
    from autogen_zettel.people.sync import sync_cards
    from autogen_zettel.trust.conflicts import resolve_keys
    from autogen_zettel.trust.maintenance import rebuild_summary

    store = mem.store
    db = store.db
    ids = list(dict.fromkeys(ids))
    cards = db.get_many(ids)
    pattern = SpellingMatcher(subject) if subject else None
    key = store.audit_key()  # keyed digests: a short subject like "bob" cannot be guessed back from the log
    detail: dict = {
        "card_ids": ids,
        # a permanent card's text is sealed: its digest (keyed with a key in the same folder)
        # would let whoever holds the folder test guesses of it
        "content_hmac": [
            content_digest(cards[i].content, key)
            for i in ids
            if i in cards and cards[i].tier is not PrivacyTier.PERMANENT
        ],
    }
    if subject is not None:
        # the folded spelling: "José" and "JOSÉ" give one digest
        detail["subject_hmac"] = content_digest(fold(subject), key)
    # read before anything is deleted: a malformed key or one inside the folder stops the forget
    signer = receipts.signing_key(db.path.parents[1] if db.path else None)
    with store.write_lock:
        real = [c for c in cards.values() if c.kind is not CardKind.SUMMARY]
        affected_summaries = {
            s for ss in db.links.summaries_of([c.id for c in real]).values() for s in ss
        } - set(ids)
        keys = {(r["subject"], r["topic"]) for r in db.claims.of(ids)}
        message_ids = list(dict.fromkeys(m for c in real for m in c.source_ids))
        users = db.erasure.message_users(message_ids)
        user_cards = db.get_many({u for us in users.values() for u in us})
        texts = {m["id"]: m["text"] for m in db.messages(message_ids)}
        new_texts: dict[str, str | None] = {}
        for mid in message_ids:
            remaining = [
                u
                for u in users.get(mid, ())
                if u not in cards and u in user_cards and user_cards[u].kind is not CardKind.SUMMARY
            ]
            if not remaining:
                new_texts[mid] = None
            elif mid in texts:
                mine = [c.content for c in real if mid in c.source_ids]
                if all(_is_cut_by(texts[mid], c) for c in mine):
                    new_texts[mid] = cut_sentences(texts[mid], mine, pattern=pattern)
                else:
                    # a card worded apart from its source cannot be cut out of it: blank the
                    # message (the cards that still cite it keep their own text; the lost
                    # provenance is the safe side of forgetting)
                    new_texts[mid] = FORGOTTEN
        for mid, text in texts.items():
            if text in (LOCKED, WRONG_KEY) and new_texts.get(mid) is not None:
                # a sealed source read without its key cannot be cut: blanked (another card that
                # cites it loses its provenance, the safe side of forgetting)
                new_texts[mid] = FORGOTTEN
        # the log must be writable before anything is deleted, not found broken afterwards
        store.audit_log.check_writable()
        rewritten = []
        matched: list[str] = []
        with db.atomic():
            rows = db.erasure.purge(ids, new_texts)
            persona = db.persona
            rows["trait_evidence"] = persona.forget(ids, message_ids)
            rows["profile_versions"] = persona.forget_profiles(ids, render=render_profile, pattern=pattern)
            if pattern is not None:
                for c in real:
                    matched += pattern.spellings(c.content) + pattern.spellings(c.speaker)
                for m in db.erasure.matching("messages", pattern.search):
                    matched += pattern.spellings(m["text"])
                    db.erasure.purge([], {m["id"]: cut_sentences(m["text"], [], pattern=pattern)})
                    new_texts[m["id"]] = ""
                # whole words only: a substring match took "Al" in "also" and "Tom" in "tomorrow"
                history = db.erasure.matching("history", pattern.search)
                matched += [s for h in history for s in pattern.spellings(h["text"])]
                rows["card_history"] += db.history.delete_rows([h["id"] for h in history])
            # summaries and conflicts are database-only work: done in the purge's transaction, so
            # a crash can never leave a summary quoting what was forgotten
            for sid in sorted(affected_summaries):
                card = rebuild_summary(mem, sid)
                rewritten.append(card.id if card else sid)
            if permanent_key_given():  # a source cut above in plain text still quotes a permanent card
                seal_traces(db, permanent_ids(db))
            resolve_keys(db, keys, cfg=mem.config.conflicts, now=at)
            sync_cards(db, ids, cfg=mem.config.conflicts)  # layer rows only these cards supported go too
            drop_answered(db, ids)  # what they answered (a cold-start question) goes with them
            detail.update(rows=rows, messages_rewritten=sum(1 for t in new_texts.values() if t is not None))
            # the salted digests made at write time go into the receipt (its signature binds
            # them to the chain's heads; the entry itself stays free of random values), and their
            # salts go with the cards, so no guess can be tested
            digests = receipts.digests_of(db, ids)
            receipts.drop_digests(db, ids)
            # the audit entry commits with the deletion: a kill after this point leaves it in
            # the outbox, and reopening copies it to the log and finishes the scrub below
            entry = store.stage_audit(action, detail, at=at)
            receipt = None
            if signer is not None:
                receipt = receipts.make_receipt(
                    signer,
                    tenant=store.name,
                    action=action,
                    audit_seq=entry.seq,
                    head_before=entry.prev_hash,
                    head_after=entry.hash,
                    digests=digests,
                    cards=len(ids),
                    at=entry.at,
                )
                receipts.store_receipt(db, entry.seq, receipt)
        store.delete_points(ids)
        finish_forget(store)
        store.flush_audit()
    log.info("tenant %s: forgot %d cards (audit entry %d)", store.name, len(ids), entry.seq)
    return ForgetReport(
        tuple(ids),
        rows,
        detail["messages_rewritten"],
        tuple(rewritten),
        entry.seq,
        tuple(sorted(set(matched))),
        receipt,
        None if receipt is not None else receipts.NO_KEY_NOTE,
    )


def finish_forget(store) -> None:
    """Make a forget's freed bytes unreadable: drop what was learned from the cards (recall's query
    map, also after a forget cut short by a crash), compact the index storage, fold and vacuum the
    database."""
    store.drop_learned()
    store.compact()
    store.db.erasure.scrub(vacuum=True)
    store.invalidate()
