"""Conflicting memories, resolved by evidence rather than by overwriting.

Cards that make claims (:mod:`autogen_zettel.cards.claims`) on the same subject and topic with a
different polarity or value are *versions* of one claim. Each version gets an evidence weight:

- recency: 1.0 while the newest card of the version (or its latest edit, which is a fresh
  statement) is at most ``fresh_days`` old, then an
  exponential decay reaching ``reference_weight`` at ``reference_days`` (1.0 within 7 days,
  0.3 at 30 days by default);
- source: explicit statement (1.0) > inferred from behaviour (0.7) > mentioned in passing (0.4);
- consensus: confirmed in ``consensus_sessions`` separate sessions (3): x ``consensus_factor`` (1.5).

The strongest version stays ACTIVE; the cards of the others become TO_VERIFY, linked from
the winner by CONTRADICTS (and SUPERSEDES when the winner is newer), with a clarification
question the agent can ask. Versions that hold in different explicit contexts ("in Thai
food" / "in Chinese food") are not in conflict: both stay active, recorded as a ``context`` pair.

An optional *judge* (any callable ``judge(new_card, old_card) -> Verdict | None``, e.g.
:func:`~autogen_zettel.trust.conflict_judge.llm_judge` over a completion function, in
:mod:`autogen_zettel.trust.conflict_judge`) adds conflicts the rules cannot see. How recall shows
the conflicts of its hits is :mod:`autogen_zettel.trust.conflict_hits`.

>>> from autogen_zettel.base.config import ConflictConfig
>>> cfg = ConflictConfig()
>>> [round(recency_weight(d, cfg), 2) for d in (0, 7, 30, 60)]
[1.0, 1.0, 0.3, 0.06]
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from autogen_zettel.base.cards import (
    Card,
    CardKind,
    CardStatus,
    EvidenceSource,
    Link,
    LinkKind,
    PrivacyTier,
)
from autogen_zettel.base.config import ConflictConfig
from autogen_zettel.cards.claims import Claim, extract_claims, recency_weight, source_weight
from autogen_zettel.trust.conflict_judge import Judge

__all__ = [
    "version_weight",
    "clarification_question",
    "resolve_group",
    "ConflictOutcome",
    "check_conflicts",
    "resolve_keys",
    "reresolve_all",
    "claim_rows",
]

log = logging.getLogger(__name__)

Item = tuple[Card, Claim]


def version_weight(items: Sequence[Item], now: datetime, cfg: ConflictConfig) -> float:
    """Evidence weight of one version: its best card (recency x source), x consensus."""
    best = max(
        recency_weight(max(0.0, (now - (c.updated_at or c.created_at)).total_seconds() / 86400), cfg)
        * source_weight(cl.source, cfg)
        for c, cl in items
    )
    sessions = {c.session_id or c.created_at.date().isoformat() for c, _ in items}
    return best * (cfg.consensus_factor if len(sessions) >= cfg.consensus_sessions else 1.0)


def _short(text: str, words: int = 16) -> str:
    parts = text.split()
    return " ".join(parts[:words]) + ("…" if len(parts) > words else "")


def clarification_question(active: Item, other: Item) -> str:
    """A question that lets the person settle a conflict between two versions."""
    (a, claim) = active
    (o, _) = other
    newer, older = (a, o) if a.created_at >= o.created_at else (o, a)
    about = claim.label or claim.topic
    if claim.subject != a.speaker.casefold():
        about = f"{claim.subject.title()} and {about}"
    return (
        f"Earlier ({older.created_at:%d %b %Y}): “{_short(older.content)}”; later ({newer.created_at:%d %b %Y}): "
        f"“{_short(newer.content)}”. Which holds now about {about}: has it changed?"
    )


def _newest(items: Sequence[Item]) -> Item:
    return max(items, key=lambda it: (it[0].created_at, it[0].id))


def resolve_group(
    subject: str,
    topic: str,
    items: Sequence[Item],
    now: datetime,
    cfg: ConflictConfig,
    *,
    question: str | None = None,
    prefer: Mapping[str, tuple] | None = None,
) -> tuple[list[dict], list[Link]]:
    """Resolve the claims of one (subject, topic): conflict rows and CONTRADICTS/SUPERSEDES links.

    :param prefer: context -> the version the person settled by answering a clarification
        question: it holds over the evidence weights (until someone says otherwise)
    """
    prefer = prefer or {}
    partitions: dict[str, dict[tuple, list[Item]]] = defaultdict(lambda: defaultdict(list))
    for c, cl in items:
        partitions[cl.context][cl.version].append((c, cl))
    rows: list[dict] = []
    links: list[Link] = []
    winners: dict[str, tuple[tuple, list[Item], float]] = {}
    for ctx, versions in partitions.items():
        weights = {v: version_weight(its, now, cfg) for v, its in versions.items()}
        order = sorted(
            versions,
            key=lambda v: (
                v != prefer.get(ctx),
                -weights[v],
                -_newest(versions[v])[0].created_at.timestamp(),
                _newest(versions[v])[0].id,
            ),
        )
        win = order[0]
        winners[ctx] = (win, versions[win], weights[win])
        active = _newest(versions[win])
        for v in order[1:]:
            for item in versions[v]:
                c = item[0]
                if c.id == active[0].id:
                    continue
                rows.append(
                    {
                        "active_id": active[0].id,
                        "other_id": c.id,
                        "subject": subject,
                        "topic": topic,
                        "resolution": "evidence",
                        "question": question or clarification_question(active, item),
                        "w_active": round(weights[win], 4),
                        "w_other": round(weights[v], 4),
                        "detected_at": now.isoformat(),
                    }
                )
                links.append(Link(active[0].id, c.id, LinkKind.CONTRADICTS, 1.0, now))
                if active[0].created_at >= c.created_at:
                    links.append(Link(active[0].id, c.id, LinkKind.SUPERSEDES, 1.0, now))
    contexts = sorted(winners)
    for i, ci in enumerate(contexts):
        for cj in contexts[i + 1 :]:
            (vi, its_i, wi), (vj, its_j, wj) = winners[ci], winners[cj]
            if vi == vj:
                continue
            a, b = sorted(
                (_newest(its_i), _newest(its_j)), key=lambda it: (it[0].created_at, it[0].id), reverse=True
            )
            if a[0].id != b[0].id:
                rows.append(
                    {
                        "active_id": a[0].id,
                        "other_id": b[0].id,
                        "subject": subject,
                        "topic": topic,
                        "resolution": "context",
                        "question": None,
                        "w_active": round(wi, 4),
                        "w_other": round(wj, 4),
                        "detected_at": now.isoformat(),
                    }
                )
    return rows, links


# -- orchestration over a tenant database --------------------------------------------------
@dataclass
class ConflictOutcome:
    """What a conflict check changed."""

    conflicts: list[dict] = field(default_factory=list)
    to_verify: set[str] = field(default_factory=set)
    reactivated: set[str] = field(default_factory=set)

    def merge(self, other: ConflictOutcome) -> None:
        self.conflicts.extend(other.conflicts)
        self.to_verify |= other.to_verify
        self.reactivated |= other.reactivated


def _participates(card: Card) -> bool:
    return card.status in (CardStatus.ACTIVE, CardStatus.TO_VERIFY) and card.kind is not CardKind.SUMMARY


def claim_rows(card: Card, claims: Sequence[Claim]) -> list[dict]:
    """Rows of the ``claims`` table for one card (none for a permanent card: the table is not
    sealed, and a claim's value would quote the card; see trust/sealed.py)."""
    if card.tier is PrivacyTier.PERMANENT:
        return []
    return [
        {
            "card_id": card.id,
            "subject": c.subject,
            "topic": c.topic,
            "context": c.context,
            "polarity": c.polarity,
            "value": c.value,
            "source": c.source.value,
        }
        for c in claims
    ]


def _apply(db, outcome: ConflictOutcome, touched: set[str], now: datetime) -> None:
    """Set statuses from the recorded conflicts: losers wait as to-verify, the rest are active.

    Each change leaves a history row (the status the card had), as every other status change
    does, so a card's history shows when a conflict demoted or restored it."""
    cards = db.get_many(touched)
    losing = db.conflicts.losing(list(touched))
    changes = []
    for cid, card in cards.items():
        if cid in losing and card.status is CardStatus.ACTIVE:
            new = CardStatus.TO_VERIFY
            outcome.to_verify.add(cid)
        elif cid not in losing and card.status is CardStatus.TO_VERIFY:
            new = CardStatus.ACTIVE
            outcome.reactivated.add(cid)
        else:
            continue
        changes.append((cid, card.version, card.status, new, {"to": new.value}))
    if changes:
        db.change_statuses(changes, action="conflict", at=now)


def _store(db, subject: str, topic: str, rows: list[dict], links: list[Link], group: set[str]) -> None:
    db.conflicts.replace(subject, topic, rows)
    db.link_upkeep.delete_among(group, (LinkKind.CONTRADICTS, LinkKind.SUPERSEDES))
    db.links.add(links)


def resolve_keys(db, keys: set[tuple[str, str]], *, cfg: ConflictConfig, now: datetime) -> ConflictOutcome:
    """Re-resolve every (subject, topic) in ``keys`` from the claims table."""
    outcome = ConflictOutcome()
    if not keys:
        return outcome
    rows = db.claims.on(keys)
    cards = {i: c for i, c in db.get_many(r["card_id"] for r in rows).items() if _participates(c)}
    by_key: dict[tuple[str, str], list[Item]] = defaultdict(list)
    for card in cards.values():
        for cl in extract_claims(card.content, speaker=card.speaker, entities=card.entities):
            if (cl.subject, cl.topic) in keys:
                by_key[(cl.subject, cl.topic)].append((card, cl))
    touched: set[str] = set()
    existing = {(r["subject"], r["topic"]) for r in db.conflicts.all()} if len(keys) > 50 else None
    settled = _settlements(db, keys, by_key, cards)
    for key in sorted(keys):
        items = by_key.get(key, [])
        prefer = settled.get(key)
        versions = {(cl.context, cl.version) for _, cl in items}
        had = (key in existing) if existing is not None else bool(db.conflicts.on(*key))
        if len(versions) < 2 and not had:
            touched |= {c.id for c, _ in items if c.status is CardStatus.TO_VERIFY}  # a loser may be free now
            continue
        group_rows, links = resolve_group(key[0], key[1], items, now, cfg, prefer=prefer)
        group = {c.id for c, _ in items}
        _store(db, key[0], key[1], group_rows, links, group)
        outcome.conflicts.extend(group_rows)
        touched |= group
    _apply(db, outcome, touched, now)
    return outcome


def _settlements(
    db, keys: set[tuple[str, str]], by_key: dict[tuple[str, str], list[Item]], cards: Mapping[str, Card]
) -> dict[tuple[str, str], dict[str, tuple]]:
    """The versions people settled by answering a clarification question, per key and context.

    The answer's card joins its version as explicit evidence (also an answer with no claim of its
    own: "no, that's still true"), and the version holds while nobody has said otherwise since."""
    from autogen_zettel.store.clarify_tables import ClarificationTable

    out: dict[tuple[str, str], dict[str, tuple]] = {}
    for key, rows in ClarificationTable(db).on(keys).items():
        done = [r for r in rows if r["settled_at"]]
        if not done:
            continue
        last = done[-1]
        at = datetime.fromisoformat(last["settled_at"])
        version, ctx = (int(last["polarity"] or 0), last["value"] or ""), last["context"] or ""
        items = by_key.setdefault(key, [])
        answer = cards.get(last["answer_card_id"] or "") or db.get_many([last["answer_card_id"] or ""]).get(
            last["answer_card_id"] or ""
        )
        if answer is not None and _participates(answer) and not any(c.id == answer.id for c, _ in items):
            items.append(
                (answer, Claim(key[0], key[1], version[0], version[1], ctx, EvidenceSource.EXPLICIT, key[1]))
            )
        if not any(cl.context == ctx and cl.version != version and c.created_at > at for c, cl in items):
            out[key] = {ctx: version}
    return out


def _judge_pairs(
    db,
    new: Sequence[Card],
    judge: Judge,
    cfg: ConflictConfig,
    now: datetime,
    neighbours: Mapping[str, Sequence[str]],
) -> ConflictOutcome:
    outcome = ConflictOutcome()
    touched: set[str] = set()
    for card in new:
        keys = {(r["subject"], r["topic"]) for r in db.claims.of([card.id])}
        sharing = [r["card_id"] for r in db.claims.on(keys)]
        found = db.get_many(sharing + list(neighbours.get(card.id, ())))
        same = lambda i: (  # noqa: E731
            i in found and i != card.id and _participates(found[i]) and found[i].speaker == card.speaker
        )
        similar = [i for i in neighbours.get(card.id, ()) if same(i)][: cfg.judge_neighbours]
        # the judge is asked about a bounded number of pairs per card: the newest cards sharing a
        # claim key, then the nearest neighbours (one LLM call each)
        shared = sorted((i for i in sharing if same(i)), key=lambda i: found[i].created_at, reverse=True)
        pairs = list(dict.fromkeys(shared[: cfg.judge_neighbours] + similar))
        for other in [found[i] for i in pairs]:
            try:
                verdict = judge(card, other)
            except Exception as exc:  # noqa: BLE001 - an endpoint failure must not undo a stored card
                # the reply may quote card text: log only the kind of failure
                log.warning(
                    "conflict judge failed on card %s (kept the rule-based result): %s",
                    card.id,
                    type(exc).__name__,
                )
                continue
            if verdict is None or verdict.relation == "compatible":
                continue
            subject = card.speaker.casefold()
            topic = "judged: " + (verdict.topic or "statement").casefold()
            # each card is its own version; for a context verdict each also has its own context
            ctx = ("new", "old") if verdict.relation == "context" else ("", "")
            items = [
                (c, Claim(subject, topic, 0, c.id, x, c.evidence, verdict.topic or ""))
                for c, x in ((card, ctx[0]), (other, ctx[1]))
            ]
            rows, links = resolve_group(subject, topic, items, now, cfg, question=verdict.question)
            db.conflicts.replace_pair(card.id, other.id, rows)  # per pair: judged topics may repeat
            db.link_upkeep.delete_among({card.id, other.id}, (LinkKind.CONTRADICTS, LinkKind.SUPERSEDES))
            db.links.add(links)
            outcome.conflicts.extend(rows)
            touched |= {card.id, other.id}
    _apply(db, outcome, touched, now)
    return outcome


def check_conflicts(
    db,
    new: Sequence[Card],
    *,
    cfg: ConflictConfig,
    now: datetime | None = None,
    judge: Judge | None = None,
    neighbours: Mapping[str, Sequence[str]] | None = None,
) -> ConflictOutcome:
    """Detect and resolve conflicts that ``new`` cards (already stored, claims recorded) take part in.

    :param now: the time to weigh evidence at (default: the newest card's time)
    :param neighbours: card id -> similar card ids, extra candidates for the judge
    """
    if not cfg.enabled or not new:
        return ConflictOutcome()
    now = now or max(c.created_at for c in new)
    keys = {(r["subject"], r["topic"]) for r in db.claims.of([c.id for c in new])}
    outcome = resolve_keys(db, keys, cfg=cfg, now=now)
    if judge is not None:
        outcome.merge(_judge_pairs(db, new, judge, cfg, now, neighbours or {}))
    if outcome.conflicts:
        log.info(
            "conflicts: %d recorded, %d cards to verify, %d reactivated",
            len(outcome.conflicts),
            len(outcome.to_verify),
            len(outcome.reactivated),
        )
    return outcome


def reresolve_all(db, *, cfg: ConflictConfig, now: datetime) -> ConflictOutcome:
    """Weigh every recorded rule-based conflict again at ``now`` (maintenance)."""
    keys = {
        (r["subject"], r["topic"])
        for r in db.conflicts.all()
        if not r["topic"].startswith(("judged: ", "layers: "))
    }
    return resolve_keys(db, keys, cfg=cfg, now=now)
