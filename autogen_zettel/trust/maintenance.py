"""Periodic maintenance: forgetting curves, archiving, merging near-duplicates, pruning weak
links, period summaries, and re-weighing conflicts. Nothing here deletes a memory the person
said: archived cards stay stored (and can be thawed); merged cards keep every source id.

The pure parts (:func:`strength`, :func:`plan_merges`, :func:`digest`, :func:`periods`) take
plain data; :func:`maintain` runs the steps on a tenant (``mem``: a
:class:`~autogen_zettel.memory.tenant.Zettelkasten`).

>>> from datetime import datetime, timedelta
>>> from autogen_zettel.base.cards import Card, CardKind
>>> from autogen_zettel.base.config import DecayConfig
>>> t0 = datetime(2024, 1, 1)
>>> c = Card("a", "I keep bees.", CardKind.FACT, "Ann", t0, ("m1",), importance=0.5)
>>> round(strength(c, t0 + timedelta(days=135), DecayConfig()), 3)  # one stability: e^-1
0.368
>>> round(strength(c.with_changes(access_count=1), t0 + timedelta(days=135), DecayConfig()), 3)
0.607
"""

from __future__ import annotations

import logging
import math
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Protocol

from autogen_zettel.base.cards import Card, CardKind, CardStatus, Link, LinkKind, PrivacyTier, card_id_for
from autogen_zettel.base.config import DecayConfig, MaintenanceConfig, MemoryConfig, PrivacyConfig
from autogen_zettel.cards.claims import extract_claims
from autogen_zettel.cards.link_strength import LEARNING, faded
from autogen_zettel.people.sync import merge_cards as merge_layers
from autogen_zettel.store.session_tables import SessionTable
from autogen_zettel.store.tenant_store import TenantStore
from autogen_zettel.text.lexical import tokens
from autogen_zettel.trust.privacy import Redaction, last_used
from autogen_zettel.trust.receipts import digest_cards, drop_digests
from autogen_zettel.trust.sealed import seal_traces

__all__ = [
    "strength",
    "plan_merges",
    "merge_cards",
    "extractive_summary",
    "periods",
    "MaintenanceReport",
    "maintain",
    "rebuild_summary",
    "summarise_session",
    "STEPS",
    "prune_thresholds",
    "Curated",
]

log = logging.getLogger(__name__)

SUMMARY_STANDIN = "[permanent memory]"  # what a summary says of a permanent member

STEPS = ("decay", "merge", "prune", "summaries", "conflicts")
_KEEP_LINKS = frozenset({LinkKind.REPLY_TO, LinkKind.SUPERSEDES, LinkKind.CONTRADICTS, LinkKind.SUMMARIZES})
_TIER_RANK = {
    PrivacyTier.PERMANENT: 3,
    PrivacyTier.STANDARD: 2,
    PrivacyTier.DECAYING: 1,
    PrivacyTier.NEVER: 0,
}


def _days(delta) -> float:
    return max(0.0, delta.total_seconds() / 86400.0)


def _strength(importance: float, access_count: int, last: datetime, now: datetime, cfg: DecayConfig) -> float:
    stability = (
        cfg.stability_days * (1.0 + (importance or 0.0)) * (1.0 + cfg.reinforcement * (access_count or 0))
    )
    return math.exp(-_days(now - last) / stability) if stability > 0 else 0.0


def strength(card: Card, now: datetime, cfg: DecayConfig) -> float:
    """Memory strength in 0..1 on the forgetting curve: exp(-idle days / stability).

    Idle time runs from the latest of creation, edit and recall; every recall also raises the
    stability. Permanent cards (and everything when decay is off) keep strength 1.
    """
    if card.tier is PrivacyTier.PERMANENT or not cfg.enabled:
        return 1.0
    last = last_used(card.created_at, card.updated_at, card.last_access)
    return _strength(card.importance, card.access_count, last, now, cfg)


# -- merging ------------------------------------------------------------------------------
def _jaccard(a: str, b: str) -> float:
    ta, tb = set(tokens(a)), set(tokens(b))
    return len(ta & tb) / len(ta | tb) if ta | tb else 0.0


def _claims_clash(a: Card, b: Card) -> bool:
    ca = {(c.subject, c.topic, c.context): c.version for c in extract_claims(a.content, speaker=a.speaker)}
    for c in extract_claims(b.content, speaker=b.speaker):
        v = ca.get((c.subject, c.topic, c.context))
        if v is not None and v != c.version:
            return True
    return False


def plan_merges(
    pairs: Iterable[tuple[str, str, float]], cards: dict[str, Card], cfg: MaintenanceConfig
) -> list[list[Card]]:
    """Clusters of near-duplicate cards (each list: the survivor first, then the absorbed).

    A pair merges when both cards are active, not summaries, said by the same speaker, of the
    same kind, similar by embedding (the pair comes from a STRONGLY_RELATED link of at least
    ``merge_similarity``), share ``merge_overlap`` of their words, and do not contradict.
    The survivor is the earliest card.
    """
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.get(x, x) != x:
            parent[x] = parent.get(parent[x], parent[x])
            x = parent[x]
        return x

    for a, b, _ in pairs:
        ca, cb = cards.get(a), cards.get(b)
        if ca is None or cb is None:
            continue
        if ca.status is not CardStatus.ACTIVE or cb.status is not CardStatus.ACTIVE:
            continue
        if CardKind.SUMMARY in (ca.kind, cb.kind) or ca.kind is not cb.kind or ca.speaker != cb.speaker:
            continue
        if _jaccard(ca.content, cb.content) < cfg.merge_overlap or _claims_clash(ca, cb):
            continue
        parent.setdefault(a, a)
        parent.setdefault(b, b)
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    clusters: dict[str, list[Card]] = defaultdict(list)
    for x in list(parent):
        clusters[find(x)].append(cards[x])
    out = []
    for members in clusters.values():
        if len(members) > 1:
            members.sort(key=lambda c: (c.created_at, c.id))
            out.append(members)
    return sorted(out, key=lambda ms: (ms[0].created_at, ms[0].id))


def merge_cards(cluster: Sequence[Card]) -> Card:
    """The survivor of a cluster, holding every source id, tag and entity of the cluster.

    An absorbed card is a restatement, so its time counts as an access of the survivor: a
    preference said again keeps its weight (forgetting curve and decaying tier alike).
    """
    first = cluster[0]
    by_time = sorted(cluster, key=lambda c: (c.created_at, c.id))
    sources = tuple(dict.fromkeys(s for c in by_time for s in c.source_ids))
    accesses = [c.last_access for c in cluster if c.last_access]
    accesses += [last_used(c.created_at, c.updated_at, None) for c in cluster[1:]]
    felt = max(cluster, key=lambda c: c.salience)  # the restatement said with most feeling
    return first.with_changes(
        valence=felt.valence,
        arousal=felt.arousal,
        source_ids=sources,
        tags=tuple(dict.fromkeys(t for c in cluster for t in c.tags))[:8],
        entities=tuple(dict.fromkeys(e for c in cluster for e in c.entities)),
        confidence=max(c.confidence for c in cluster),
        importance=max(c.importance for c in cluster),
        access_count=sum(c.access_count for c in cluster),
        last_access=max(accesses) if accesses else None,
        tier=max((c.tier for c in cluster), key=_TIER_RANK.get),
        redactions=tuple(dict.fromkeys(r for c in cluster for r in c.redactions)),
    )


# -- summaries ----------------------------------------------------------------------------
def periods(cards: Iterable[Card], by: str) -> dict[str, list[Card]]:
    """Cards grouped by period: ``"session"`` (cards with no session are left out) or ``"week"``."""
    out: dict[str, list[Card]] = defaultdict(list)
    for c in cards:
        if by == "session":
            if c.session_id is not None:
                out[f"session {c.session_id}"].append(c)
        else:
            year, week, _ = c.created_at.isocalendar()
            out[f"week {year}-W{week:02d}"].append(c)
    for members in out.values():
        members.sort(key=lambda c: (c.created_at, c.id))
    return dict(out)


def extractive_summary(label: str, members: Sequence[Card], *, words: int = 25) -> str:
    """An extractive summary: the period, its speakers, and each member shortened to ``words``."""
    start, end = members[0].created_at, members[-1].created_at
    when = f"{start:%Y-%m-%d}" + (f" to {end:%Y-%m-%d}" if end.date() != start.date() else "")
    speakers = ", ".join(dict.fromkeys(c.speaker for c in members))
    lines = []
    for c in members:
        parts = c.content.split()
        lines.append(f"{c.speaker}: " + " ".join(parts[:words]) + ("…" if len(parts) > words else ""))
    return f"Summary of {label} ({when}; {speakers}; {len(members)} cards): " + " | ".join(lines)


def _summary_card(label: str, members: Sequence[Card], content: str) -> Card:
    speakers = tuple(dict.fromkeys(c.speaker for c in members))
    tags = Counter(t for c in members for t in c.tags)
    created = members[-1].created_at
    sources = tuple(dict.fromkeys(s for c in members for s in c.source_ids))
    return Card(
        id=card_id_for(("summary", label, *sorted(c.id for c in members)), label, created),
        content=content,
        kind=CardKind.SUMMARY,
        speaker=" & ".join(speakers)[:200],
        created_at=created,
        source_ids=sources,
        session_id=members[0].session_id if label.startswith("session ") else None,
        tags=tuple(t for t, _ in tags.most_common(8)),
        entities=tuple(dict.fromkeys(e for c in members for e in c.entities))[:12],
        confidence=round(sum(c.confidence for c in members) / len(members), 3),
        importance=max(c.importance for c in members),
        tier=PrivacyTier.STANDARD,
        context=label,  # the period it covers, kept apart from the text (a summarizer may write anything)
    )


def _chunks(members: list[Card], size: int) -> list[list[Card]]:
    n = math.ceil(len(members) / size)
    step = math.ceil(len(members) / n)
    return [members[i : i + step] for i in range(0, len(members), step)]


# -- the run ------------------------------------------------------------------------------
@dataclass
class MaintenanceReport:
    """What one maintenance run changed, with the time each step took."""

    at: datetime
    archived: dict[str, str] = field(default_factory=dict)  # card id -> reason
    merged: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)  # survivor, absorbed
    pruned_links: int = 0
    pruned_unused: int = 0  # links whose gain learned from use fell below the bound
    links_faded: int = 0  # links whose learned gain faded back toward their weight
    summaries: list[str] = field(default_factory=list)
    conflicts: int = 0
    to_verify: int = 0
    reactivated: int = 0
    seconds: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {
            "at": self.at.isoformat(),
            "archived": len(self.archived),
            "archived_by_reason": dict(Counter(self.archived.values())),
            "merged_clusters": len(self.merged),
            "cards_absorbed": sum(len(a) for _, a in self.merged),
            "pruned_links": self.pruned_links,
            "pruned_unused": self.pruned_unused,
            "links_faded": self.links_faded,
            "summaries": len(self.summaries),
            "conflicts": self.conflicts,
            "to_verify": self.to_verify,
            "reactivated": self.reactivated,
            "seconds": {k: round(v, 3) for k, v in self.seconds.items()},
        }


def _decay(mem: Curated, at: datetime, report: MaintenanceReport) -> None:
    dcfg: DecayConfig = mem.config.decay
    pcfg: PrivacyConfig = mem.config.privacy
    archive: dict[str, str] = {}
    rows: dict[str, dict] = {}  # the rows of the cards to archive
    for r in mem.store.db.lifecycle_rows():
        if r["status"] not in (CardStatus.ACTIVE.value, CardStatus.TO_VERIFY.value):
            continue
        tier = r["tier"]
        if tier == PrivacyTier.PERMANENT.value:
            continue
        last = last_used(
            *(
                datetime.fromisoformat(r[f]) if r[f] else None
                for f in ("created_at", "updated_at", "last_access")
            )
        )
        # a decaying card's period runs from its latest use, so a preference in use is kept
        if tier == PrivacyTier.DECAYING.value and _days(at - last) >= pcfg.archive_after_days:
            archive[r["id"]], rows[r["id"]] = "tier", r
            continue
        if not dcfg.enabled:
            continue
        if (
            _days(at - last) >= dcfg.min_idle_days
            and _strength(r["importance"], r["access_count"], last, at, dcfg) < dcfg.archive_below
        ):
            archive[r["id"]], rows[r["id"]] = "curve", r
    if archive:  # through the one way to change a status: history rows (per-card reason) and an audit entry
        mem.store.change_statuses(
            [
                (cid, rows[cid]["version"], rows[cid]["status"], {"reason": why})
                for cid, why in sorted(archive.items())
            ],
            CardStatus.ARCHIVED,
            action="archive",
            at=at,
            detail={"reasons": dict(Counter(archive.values()))},
        )
    report.archived.update(archive)


def _merge(mem: Curated, at: datetime, report: MaintenanceReport) -> None:
    cfg: MaintenanceConfig = mem.config.maintenance
    pairs = mem.store.db.link_upkeep.strong_pairs(cfg.merge_similarity)
    if not pairs:
        return
    cards = mem.store.db.get_many({i for a, b, _ in pairs for i in (a, b)})
    clusters = plan_merges(pairs, cards, cfg)
    if not clusters:
        return
    absorbed_all: list[str] = []
    with mem.store.db.atomic():
        for cluster in clusters:
            survivor = merge_cards(cluster)
            absorbed = [c.id for c in cluster[1:]]
            mem.store.db.history.add(
                [
                    {
                        "card_id": survivor.id,
                        "version": survivor.version,
                        "at": at.isoformat(),
                        "action": "merge",
                        "content": c.content,
                        "status": c.status.value,
                        "detail": {"absorbed": c.id, "source_ids": list(c.source_ids)},
                    }
                    for c in cluster[1:]
                ]
            )
            mem.store.db.insert_cards([survivor])
            seal_traces(mem.store.db, [survivor.id])  # absorbed texts in its history, when permanent
            for old in absorbed:
                mem.store.db.link_upkeep.redirect(old, survivor.id)
            mem.store.db.erasure.purge(absorbed, {})
            # the absorbed cards are gone: their salted digests go with them, as a forget's do; the
            # survivor's is made again for the text it now holds
            drop_digests(mem.store.db, [*absorbed, survivor.id])
            digest_cards(mem.store.db, [survivor])
            mem.store.db.mark_indexed([survivor.id])
            merge_layers(mem.store.db, survivor.id, absorbed, cfg=mem.config.conflicts)  # the person layers
            report.merged.append((survivor.id, tuple(absorbed)))
            absorbed_all.extend(absorbed)
        # committed with the merge: a kill after it cannot leave absorbed cards gone unaudited
        mem.store.stage_audit(
            "merge", {"clusters": [[s, list(a)] for s, a in report.merged[-len(clusters) :]]}, at=at
        )
    mem.store.delete_points(absorbed_all)
    mem.store.flush_audit()


def prune_thresholds(cfg: MemoryConfig) -> dict[LinkKind, float]:
    """The weight below which maintenance deletes a link, per kind: each link is judged by its own
    evidence, never by how much activation its kind passes in recall (a kind recall gives no
    weight is still read by persona mining, merging, the export and the view).

    Meaning links (STRONGLY_RELATED, WEAKLY_RELATED) carry their cosine: one below
    ``links.weak`` (a threshold raised since it was written) goes. Other kinds carry a strength in
    0..1 and go below ``maintenance.prune_below``. REPLY_TO, SUPERSEDES, CONTRADICTS and
    SUMMARIZES always stay.

    >>> from autogen_zettel.base.config import MemoryConfig
    >>> t = prune_thresholds(MemoryConfig())
    >>> t[LinkKind.WEAKLY_RELATED], t[LinkKind.SAME_SPEAKER], LinkKind.REPLY_TO in t
    (0.5, 0.01, False)
    """
    limit = cfg.maintenance.prune_below
    meaning = {LinkKind.STRONGLY_RELATED, LinkKind.WEAKLY_RELATED}
    return {
        kind: max(limit, cfg.links.weak) if kind in meaning else limit
        for kind in LinkKind
        if kind not in _KEEP_LINKS
    }


def _prune(mem: Curated, at: datetime, report: MaintenanceReport) -> None:
    _fade_learned(mem, at, report)
    report.pruned_unused = mem.store.db.link_upkeep.delete_learned_below(LEARNING.prune_below, _KEEP_LINKS)
    report.pruned_links = mem.store.db.link_upkeep.delete_below(prune_thresholds(mem.config))


def _fade_learned(mem: Curated, at: datetime, report: MaintenanceReport) -> None:
    """Write down how far the gains links learned from use have faded by ``at`` (recall reads
    the stored gain; :func:`~autogen_zettel.cards.link_strength.faded` is the curve), so a link
    that stopped being used passes its static weight again. A gain set after ``at`` (a clock
    run back) is left as it is."""
    rows = []
    stamp = at.isoformat()
    for src, kind, dst, gain, since in mem.store.db.link_upkeep.learned():
        if gain <= 1.0 or since is None or since >= at:
            continue
        now = round(faded(gain, since, at), 6)
        if now != gain:
            rows.append((src, kind, dst, now, stamp))
    with mem.store.db.atomic():
        mem.store.db.links.set_strengths(rows)
    report.links_faded = len(rows)


def rebuild_summary(mem: Curated, summary_id: str, *, members: Sequence[Card] | None = None) -> Card | None:
    """Rewrite a summary from its current members (e.g. after one was forgotten); a summary
    left with fewer than ``summary_min_members`` members is removed. Returns the new card."""
    cfg = mem.config.maintenance
    old = mem.store.db.get(summary_id)
    if old is None:
        return None
    if members is None:
        members = sorted(
            mem.store.db.get_many(mem.store.db.links.members_of(summary_id)).values(),
            key=lambda c: (c.created_at, c.id),
        )
    # the label is stored with the summary; never parse it out of the text, which may quote a
    # forgotten member (summaries from before labels were stored fall back to their digest prefix)
    label = old.context or old.content.split(" (", 1)[0].removeprefix("Summary of ")
    mem.store.db.erasure.purge([summary_id], {})
    drop_digests(mem.store.db, [summary_id])  # the new summary gets its own
    mem.store.delete_points([summary_id])
    if len(members) < cfg.summary_min_members:
        return None
    return _write_summaries(mem, [(label, list(members))])[0]


def _write_summaries(mem: Curated, groups: Sequence[tuple[str, list[Card]]]) -> list[Card]:
    cfg = mem.config.maintenance
    summarize: Callable[[str, Sequence[Card]], str] | None = mem.summarizer
    made, links = [], []
    for label, members in groups:
        # a summary quotes its active members only: a frozen, to-verify or archived member stays
        # linked (and comes back into the text when it is active again) but is never recalled through it
        quoted = [m for m in members if m.status is CardStatus.ACTIVE]
        # a permanent member is sealed at rest: a plain summary must not quote it (trust/sealed.py)
        quoted = [
            m.with_changes(content=SUMMARY_STANDIN) if m.tier is PrivacyTier.PERMANENT else m for m in quoted
        ]
        content = (
            summarize(label, quoted)
            if summarize
            else extractive_summary(label, quoted, words=cfg.summary_member_words)
        )
        content = mem.redact(content).text
        card = _summary_card(label, members, content)
        made.append(card)
        links.extend(Link(card.id, m.id, LinkKind.SUMMARIZES, 1.0, card.created_at) for m in members)
    if made:
        with mem.store.db.atomic():
            mem.store.db.insert_cards(made)
            digest_cards(mem.store.db, made)
            mem.store.db.links.add(links)
        mem.index_cards(made)
    return made


def _going_on(mem: Curated, at: datetime) -> set[str]:
    """The sessions still going at ``at``: not ended, and their last message within the idle gap
    (``sessions.idle_minutes``). One idle longer is over in all but name: the next open ends it."""
    gap = timedelta(minutes=mem.config.sessions.idle_minutes)
    return {
        row["id"]
        for row in SessionTable(mem.store.db).live()
        if at - datetime.fromisoformat(row["last_at"]) <= gap
    }


def _summaries(mem: Curated, at: datetime, report: MaintenanceReport) -> None:
    cfg: MaintenanceConfig = mem.config.maintenance
    if cfg.summaries == "off":
        return
    active = [c for c in mem.store.db.iter_cards(status=CardStatus.ACTIVE) if c.kind is not CardKind.SUMMARY]
    if cfg.summaries == "session":
        # a session still going is summarised whole when it ends (memory/sessions.py): a summary
        # of its first part now would leave its end nothing to summarise
        live = _going_on(mem, at)
        active = [c for c in active if c.session_id not in live]
    covered = mem.store.db.links.summaries_of([c.id for c in active])
    todo = []
    for label, members in periods((c for c in active if c.id not in covered), cfg.summaries).items():
        if len(members) < cfg.summary_min_members:
            continue
        chunks = _chunks(members, cfg.summary_max_members)
        for n, chunk in enumerate(chunks, 1):
            if len(chunk) >= cfg.summary_min_members:
                todo.append((label if len(chunks) == 1 else f"{label}, part {n}", chunk))
    report.summaries.extend(c.id for c in _write_summaries(mem, todo))


def summarise_session(mem: Curated, session_id: str, *, limit: int = 10_000) -> Card | None:
    """Write the summary card of one session that just ended (its active cards not yet covered
    by a summary, when there are at least ``summary_min_members``); returns the first card made.
    The maintenance step ``summaries`` then finds the session covered and leaves it alone."""
    cfg: MaintenanceConfig = mem.config.maintenance
    members = [
        c
        for c in mem.store.db.recent_cards(limit, session_id=session_id)
        if c.status is CardStatus.ACTIVE and c.kind is not CardKind.SUMMARY
    ]
    covered = mem.store.db.links.summaries_of([c.id for c in members])
    members = sorted((c for c in members if c.id not in covered), key=lambda c: (c.created_at, c.id))
    if len(members) < cfg.summary_min_members:
        return None
    label = f"session {session_id}"
    chunks = _chunks(members, cfg.summary_max_members)
    todo = [
        (label if len(chunks) == 1 else f"{label}, part {n}", chunk)
        for n, chunk in enumerate(chunks, 1)
        if len(chunk) >= cfg.summary_min_members
    ]
    made = _write_summaries(mem, todo)
    return made[0] if made else None


def maintain(mem: Curated, *, at: datetime, steps: Sequence[str] = STEPS) -> MaintenanceReport:
    """Run the maintenance ``steps`` (in the order of :data:`STEPS`) on tenant ``mem`` at time ``at``."""
    from autogen_zettel.trust.conflicts import reresolve_all

    report = MaintenanceReport(at)
    runners = {
        "decay": lambda: _decay(mem, at, report),
        "merge": lambda: _merge(mem, at, report),
        "prune": lambda: _prune(mem, at, report),
        "summaries": lambda: _summaries(mem, at, report),
        "conflicts": lambda: _conflicts(mem, at, report, reresolve_all),
    }
    for step in STEPS:
        if step in steps:
            t0 = time.perf_counter()
            runners[step]()
            report.seconds[step] = time.perf_counter() - t0
    log.info("maintenance of %s: %s", mem.store.name, report.to_dict())
    return report


def _conflicts(mem: Curated, at: datetime, report: MaintenanceReport, reresolve_all) -> None:
    outcome = reresolve_all(mem.store.db, cfg=mem.config.conflicts, now=at)
    report.conflicts = len(outcome.conflicts)
    report.to_verify = len(outcome.to_verify)
    report.reactivated = len(outcome.reactivated)


class Curated(Protocol):
    """A tenant as the trust layer sees it."""

    store: TenantStore
    config: MemoryConfig

    @property
    def summarizer(self) -> Callable[[str, Sequence[Card]], str] | None: ...

    def redact(self, text: str) -> Redaction: ...

    def index_cards(self, cards: Sequence[Card], *, progress: bool = False) -> object: ...
