"""Keep a tenant's person layers in step with its cards: :func:`sync_cards` re-reads the
evidence of the cards given (new, edited, frozen, thawed or forgotten ones) and rebuilds
every fact, preference and commitment that evidence touches, then the cross-layer conflicts
of the people concerned (a restriction against a later wish, recorded in the conflicts table
with resolution "layers" and a clarification question).

Forgetting calls it inside its transaction, after the cards are purged, so a row only a
forgotten card supported is gone before the file is scrubbed.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from pathlib import Path

from autogen_zettel.base.cards import Card, CardKind, PrivacyTier
from autogen_zettel.base.config import ConflictConfig
from autogen_zettel.people.answered import answered_evidence
from autogen_zettel.people.corrected import BURST, CORRECTION, resolved
from autogen_zettel.people.evidence import Evidence
from autogen_zettel.people.extract import extract_layers, stance_without_thing, taste_of_own_line_before
from autogen_zettel.people.model import (
    ENDS_ROLE,
    Observed,
    Preference,
    derive_commitments,
    derive_facts,
    derive_preference,
    restriction_clashes,
    role_lifts,
)
from autogen_zettel.people.replied import LOOK_BACK, replied_to
from autogen_zettel.people.settled import settled_evidence
from autogen_zettel.people.tables import LayerTables, subject_key
from autogen_zettel.people.topics import category_of

__all__ = [
    "LAYERS_VERSION",
    "PREFERENCE_STATUSES",
    "evidence_for",
    "merge_cards",
    "preference_of",
    "rebuild_all",
    "sync_cards",
]

#: the modules whose code makes a card's evidence and the rows built from it (within the package,
#: under ``people/``, ``text/`` and ``cards/``; tests/test_layers_version.py checks the list against
#: what this module imports)
RULE_FILES = (
    "cards/atoms.py",
    "cards/claims.py",
    "cards/refine.py",
    "people/answered.py",
    "people/chat_en.py",
    "people/corrected.py",
    "people/evidence.py",
    "people/extract.py",
    "people/facts_en.py",
    "people/general.py",
    "people/key_meaning.py",
    "people/lexicon_en.py",
    "people/model.py",
    "people/replied.py",
    "people/rules_en.py",
    "people/rules_zh.py",
    "people/settled.py",
    "people/subjects.py",
    "people/sync.py",
    "people/tables.py",
    "people/topics.py",
    "text/dates.py",
    "text/due.py",
    "text/holidays.py",
    "text/lexical.py",
    "text/marks.py",
    "text/script.py",
    "text/simplified.py",
    "text/zh_places.py",
)


def rules_version(root: Path | None = None) -> str:
    """The version of the layer rules: a digest of :data:`RULE_FILES`' source. A tenant whose
    rows were built by other rules (db meta ``layers_version``) re-reads every card once, at its
    next read of the layers (:meth:`~autogen_zettel.people.layers.Layers.rebuild`). A
    number bumped by hand was never bumped: from 0.1.0 on the rules changed in every round and
    the rows of an older tenant stayed as the old rules read them."""
    root = Path(__file__).resolve().parents[1] if root is None else root
    digest = hashlib.sha1()
    for name in RULE_FILES:
        try:
            digest.update(name.encode() + b"\0" + (root / name).read_bytes().replace(b"\r\n", b"\n"))
        except OSError:  # a build without sources: the package's version stands in
            digest.update(name.encode() + b"\0" + _package_version().encode())
    return "2." + digest.hexdigest()[:16]


def _package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("autogen-zettel")
    except PackageNotFoundError:
        return "unknown"


LAYERS_VERSION = rules_version()  # db meta "layers_version": another value re-reads every card
_PREVIOUS_WINDOW = timedelta(hours=12)  # without a session: the message a bare "No thanks" answers


def _short(text: str, words: int = 14) -> str:
    parts = text.split()
    return " ".join(parts[:words]) + ("…" if len(parts) > words else "")


def evidence_for(
    tables: LayerTables, card: Card, *, at: datetime | None = None, embedder=None
) -> list[Evidence]:
    """What ``card`` says for the layers (read with the message before it in its session).

    :param at: the speaker's wall time when it was said, which due dates count from (default:
        the card's time, UTC)
    :param embedder: passed to :func:`~autogen_zettel.people.extract.extract_layers` (None: rules only)
    """
    previous = replied_to(
        card.content,
        tables.previous_messages(
            card.session_id,
            card.created_at.isoformat(),
            (card.created_at - _PREVIOUS_WINDOW).isoformat(),
            card.speaker,
            card.source_ids[0] if card.source_ids else None,
            LOOK_BACK,
        ),
    )
    found = list(
        extract_layers(
            card.content, speaker=card.speaker, at=at or card.created_at, previous=previous, embedder=embedder
        )
    )
    if not any(e.layer == "preference" for e in found) and stance_without_thing(card.content):
        # "我以前很讨厌香菜" / "现在居然爱上了": a stance sent a moment after the speaker's own line
        # on one thing is on that thing (a moment: BURST, as a thought typed over several messages)
        last = tables.latest_message(
            card.session_id,
            card.created_at.isoformat(),
            (card.created_at - BURST).isoformat(),
            card.source_ids[0] if card.source_ids else None,
        )
        if last and last[1] == card.speaker:
            found += taste_of_own_line_before(
                card.content, speaker=card.speaker, before=last[0], at=at or card.created_at
            )
    found += settled_evidence(tables.cards_db, card, found)  # an answer that settled a conflict
    # an answer to a persona's question (a cold start's): recorded with the card, found again here
    return found + [e for e in answered_evidence(tables.cards_db, card.id) if e not in found]


def _row(card: Card, ev: Evidence) -> dict:
    return {
        "card_id": card.id,
        "at": card.created_at.isoformat(),
        "session": card.session_id,
        "layer": ev.layer,
        "subject": ev.subject,
        "subject_key": subject_key(ev.subject),
        "key": ev.key,
        "value": ev.value,
        "score": ev.score,
        "kind": ev.kind,
        "due": ev.due.isoformat() if ev.due else None,
        "counterparty": ev.counterparty,
        "put_off": ev.put_off or None,
    }


def _observed(rows: Iterable[dict]) -> list[Observed]:
    from datetime import date

    out = []
    for r in rows:
        ev = Evidence(
            r["layer"],
            r["subject"],
            r["key"] or "",
            r["value"] or "",
            r["score"] if r["score"] is not None else 0.5,
            r["kind"] or "",
            date.fromisoformat(r["due"]) if r["due"] else None,
            r["counterparty"],
            put_off=r.get("put_off") or "",
        )
        out.append(
            Observed(
                ev,
                r["card_id"],
                datetime.fromisoformat(r["at"]),
                r["session"] or "",
                r["source"] or "explicit",
            )
        )
    return out


def sync_cards(
    db,
    card_ids: Sequence[str],
    *,
    cfg: ConflictConfig,
    reread: bool = True,
    given: Mapping[str, Sequence[Evidence]] | None = None,
    embedder=None,
) -> None:
    """Re-read the layer evidence of ``card_ids`` (cards that are gone give none) and rebuild
    what it touches. Hold the tenant's write lock.

    :param reread: False when only the cards' status changed (frozen, thawed): their evidence
        stays as it is (a merged card's restatements included) and only the rows are rebuilt
    :param given: card id -> the evidence an LLM refiner gave for it, used instead of the rules
    :param embedder: read meaning through it (see :func:`~autogen_zettel.people.extract.extract_layers`)
    """
    tables = LayerTables(db)
    ids = list(dict.fromkeys(card_ids))
    if not ids:
        return
    groups = tables.groups_of(ids)
    if not reread:
        with db.atomic():
            _rebuild(db, tables, groups, cfg)
        return
    cards = db.get_many(ids)
    rows = []
    for cid in ids:
        card = cards.get(cid)
        if card is None or not _gives_evidence(card):
            continue
        found = given[cid] if given and cid in given else evidence_for(tables, card, embedder=embedder)
        rows.extend(_row(card, ev) for ev in found)
    rows = _headed_topics(tables, _corrections_resolved(tables, rows))
    with db.atomic():
        tables.replace_evidence(ids, rows)
        groups |= {(r["layer"], r["subject_key"], r["key"]) for r in rows}
        _rebuild(db, tables, groups, cfg)


def _corrections_resolved(tables: LayerTables | None, rows: list[dict]) -> list[dict]:
    """The evidence rows of new cards with each correction ("不对，是网易不是腾讯", "sorry I mean
    Thursday not Friday") resolved against what its speaker said before, in ``tables`` (None: only
    the rows before it in this batch, as a full rebuild reads them), or dropped when it puts nothing
    right (:func:`~autogen_zettel.people.corrected.resolved`)."""
    out: list[dict] = []
    for r in sorted(rows, key=lambda r: r["at"]):
        if r["kind"] == CORRECTION:
            layers = ["fact"] if r["layer"] == "fact" else ["commitment"]
            said = tables.observed(layers, r["subject_key"]) if tables is not None else []
            batch = [o for o in out if o["layer"] in layers and o["subject_key"] == r["subject_key"]]
            r = resolved(r, [*said, *batch])
            if r is None:
                continue
        out.append(r)
    return out


def _headed_topics(tables: LayerTables | None, rows: list[dict]) -> list[dict]:
    """The evidence rows of new cards read against what their people said of their tastes
    before (in ``tables``; None: only the rows before, in order, as a full rebuild reads them):

    - a preference on a bare head noun ("no more curry") of a person who spoke of exactly one
      thing that noun heads ("Thai curry is my favourite", under its own key) moves to that
      thing's key: the bare noun refers back to it. A topic the person already has stays;
    - a restriction taken on ("I've given up coffee", "我戒咖啡了") turns down each taste of
      that person in its category, as "咖啡我戒了" does: a change of taste as well as a fact.
    """
    known: dict[str, dict[str, str]] = {}  # subject key -> topic key -> a value said for it

    def topics_of(sk: str) -> dict[str, str]:
        if sk not in known:
            known[sk] = {}
            for e in tables.observed(["preference"], sk) if tables is not None else ():
                known[sk].setdefault(e["key"] or "", e["value"] or "")
        return known[sk]

    out: list[dict] = []
    for r in rows:
        if r["layer"] == "preference":
            topics = topics_of(r["subject_key"])
            if r["key"] not in topics:
                heads = {k for k, v in topics.items() if _headed_by(v, r["value"] or r["key"])}
                if len(heads) == 1:
                    r = {**r, "key": heads.pop()}
            topics.setdefault(r["key"], r["value"] or "")
        out.append(r)
        if r["layer"] == "fact" and r["key"] == "restriction" and r["kind"] != "lift":
            for key, value in topics_of(r["subject_key"]).items():
                if category_of(value or key) == r["value"]:
                    turned = {"key": key, "value": value, "score": _GIVEN_UP, "kind": "change", "due": None}
                    out.append({**r, "layer": "preference", **turned})
    return out


_GIVEN_UP = 0.15  # a taste whose category the person gave up (as the rules score "stopped eating X")


def _headed_by(compound: str, head: str) -> bool:
    """Whether ``head`` is the last word of the longer ``compound`` ("thai curry", "curry";
    "四川火锅", "火锅")."""
    c, h = compound.casefold().strip(), head.casefold().strip()
    if not h or len(c) <= len(h):
        return False
    if "\u4e00" <= h[0] <= "\u9fff":
        return len(h) >= 2 and c.endswith(h)
    return c.endswith(" " + h)


def merge_cards(db, survivor: str, absorbed: Sequence[str], *, cfg: ConflictConfig) -> None:
    """Near-duplicates merged into ``survivor``: their evidence becomes its evidence, so three
    "No thanks." stay three refusals and two "Done!" two completions (each at its own time)."""
    tables = LayerTables(db)
    groups = tables.groups_of([survivor, *absorbed])
    with db.atomic():
        tables.repoint(absorbed, survivor)
        _rebuild(db, tables, groups, cfg)


def _gives_evidence(card: Card) -> bool:
    """Whether a card's words may become layer rows: not a summary (its sources speak), not a
    permanent card (sealed at rest: no plain layer row may quote it)."""
    return card.kind is not CardKind.SUMMARY and card.tier is not PrivacyTier.PERMANENT


def rebuild_all(db, *, cfg: ConflictConfig) -> int:
    """Re-read every card's evidence and rebuild every layer row; returns the evidence count."""
    tables = LayerTables(db)
    ids = [c.id for c in db.iter_cards()]
    cards = db.get_many(ids)
    rows = [
        _row(cards[cid], ev)
        for cid in ids
        if _gives_evidence(cards[cid])
        for ev in evidence_for(tables, cards[cid])
    ]
    rows = _headed_topics(
        None, _corrections_resolved(None, sorted(rows, key=lambda r: (r["at"], r["card_id"])))
    )
    with db.atomic():
        tables.replace_evidence(ids + tables.card_ids_with_evidence(), rows)
        tables.clear_derived()
        _rebuild(db, tables, {(r["layer"], r["subject_key"], r["key"]) for r in rows}, cfg)
        db.set_meta("layers_version", LAYERS_VERSION)
    return len(rows)


#: the cards a preference reads: active ones speak; a to-verify one (it lost a conflict) is no
#: current evidence, it neither moves the value nor is cited, but what it said shows in the trend
PREFERENCE_STATUSES = ("active", "to-verify")


def preference_of(rows: Sequence[dict]) -> Preference | None:
    """The preference the evidence rows of one (subject, topic) give (rows of
    :meth:`LayerTables.observed` with the :data:`PREFERENCE_STATUSES`)."""
    return derive_preference(
        _observed(r for r in rows if r["card_status"] == "active"),
        earlier=_observed(r for r in rows if r["card_status"] != "active"),
    )


def _lost_history(current: list, items: list[Observed], lost: list[Observed], cfg: ConflictConfig) -> list:
    """What cards that lost a conflict said of a fact, kept as its history: the superseded
    versions that rest on them alone, when a version in force (on active cards) is newer.

    "I live in Manchester." then "I now live in Stockport.": the card conflict leaves the first
    card to verify, and the old home is still the superseded residence, not gone; a to-verify
    card is never cited as current evidence.
    """
    if not lost or not any(f.status != "superseded" for f in current):
        return []
    lost_ids = {o.card_id for o in lost}
    shown = {f.value.casefold() for f in current}
    return [
        f
        for f in derive_facts(items + lost, cfg)
        if f.status == "superseded" and set(f.source_ids) <= lost_ids and f.value.casefold() not in shown
    ]


def _rebuild(db, tables: LayerTables, groups: set[tuple[str, str, str]], cfg: ConflictConfig) -> None:
    subjects = set()
    # a key whose ending ends a role under another key (school -> job "student"): that key too
    groups = groups | {
        ("fact", sk, ENDS_ROLE[key][1]) for layer, sk, key in groups if layer == "fact" and key in ENDS_ROLE
    }
    ending = {role[1]: key for key, role in ENDS_ROLE.items()}
    for layer, sk, key in sorted(groups):
        if layer == "fact":
            items = _observed(tables.observed(["fact"], sk, key))
            if key in ending:
                items += role_lifts(_observed(tables.observed(["fact"], sk, ending[key])))
            facts = derive_facts(items, cfg)
            facts += _lost_history(
                facts, items, _observed(tables.observed(["fact"], sk, key, statuses=("to-verify",))), cfg
            )
            tables.replace_facts(
                sk,
                key,
                [
                    {
                        "subject": f.subject,
                        "subject_key": sk,
                        "key": f.key,
                        "value": f.value,
                        "status": f.status,
                        "source_ids": json.dumps(list(f.source_ids)),
                        "at": f.at.isoformat(),
                    }
                    for f in facts
                ],
            )
        elif layer == "preference":
            # a to-verify card (it lost a conflict) is no current evidence: it neither moves the
            # value nor is cited, but what it said before still shows in the trend
            p = preference_of(tables.observed(["preference"], sk, key, statuses=PREFERENCE_STATUSES))
            tables.replace_preference(
                sk,
                key,
                None
                if p is None
                else {
                    "subject": p.subject,
                    "subject_key": sk,
                    "topic_key": key,
                    "topic": p.topic,
                    "value": p.value,
                    "trend": p.trend,
                    "evidence": p.evidence,
                    "source_ids": json.dumps(list(p.source_ids)),
                    "at": p.at.isoformat(),
                },
            )
        subjects.add(sk)
    if any(layer in ("commitment", "status") for layer, _, _ in groups):
        observed = _observed(tables.observed(["commitment", "status"]))
        made = {o.card_id: o.at for o in observed if o.evidence.layer == "commitment"}
        tables.replace_commitments(
            [
                {
                    "owner": c.owner,
                    "what": c.what,
                    "due": c.due.isoformat() if c.due else None,
                    "status": c.status,
                    "counterparty": c.counterparty,
                    "source_ids": json.dumps(list(c.source_ids)),
                    "made_at": made.get(c.source_ids[0], datetime.min).isoformat(),
                }
                for c in derive_commitments(observed)
            ]
        )
    for sk in sorted(subjects):
        _clashes(db, tables, sk)


def _clashes(db, tables: LayerTables, sk: str) -> None:
    facts = _observed(tables.observed(["fact"], sk, "restriction"))
    wishes = _observed(tables.observed(["preference", "commitment"], sk)) if facts else []
    clashes = restriction_clashes(facts, wishes)
    cards = db.get_many({c.restriction_card for c in clashes} | {c.clashing_card for c in clashes})
    rows = {}
    for c in clashes:
        old, new = cards.get(c.restriction_card), cards.get(c.clashing_card)
        if old is None or new is None:
            continue
        question = (
            f"Earlier ({old.created_at:%d %b %Y}): “{_short(old.content)}”; later ({new.created_at:%d %b %Y}): "
            f"“{_short(new.content)}”. Does the {c.category} restriction still hold?"
        )
        rows[(new.id, old.id)] = {
            "active_id": new.id,
            "other_id": old.id,
            "subject": sk,
            "topic": f"layers: {c.category}",
            "resolution": "layers",
            "question": question,
            "w_active": 1.0,
            "w_other": 1.0,
            "detected_at": c.at.isoformat(),
        }
    tables.replace_conflicts(sk, rows.values())
