"""LoCoMo evidence-recall benchmark: our memory against BM25 and flat dense retrieval.

Each conversation goes into its own tenant (turn text plus its ``blip_caption``, session
dates as ``at=``); every question with evidence is asked; evidence recall@k is the share of
the question's evidence turn ids covered by the source ids of the first k results. The
baselines rank the raw turns as "speaker: text" (text plus caption) with BM25, with the same
embedder, and with the linear hybrid of the two (:func:`flat_rankings`).
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np

from autogen_zettel.base.cards import CardKind, Message
from autogen_zettel.base.errors import ConfigError
from autogen_zettel.text.lexical import BM25, tokens

__all__ = [
    "CATEGORIES",
    "evidence_recall",
    "session_recall",
    "Conversation",
    "Question",
    "load_locomo",
    "normalise_evidence",
    "RecallTable",
    "LocomoResult",
    "run_locomo",
    "turn_text",
    "flat_text",
    "flat_rankings",
    "hit_places",
    "BASELINES",
]

log = logging.getLogger(__name__)

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
KS = (5, 10, 20)
SESSION = "session@10"  # the RecallTable key of session-level recall over the first SESSION_K places


@dataclass(frozen=True)
class Question:
    text: str
    evidence: tuple[str, ...]
    category: int
    answer: str = ""  # the gold answer as the data gives it ("" when it has none)


@dataclass(frozen=True)
class Conversation:
    sample_id: str
    turns: tuple[Message, ...]
    questions: tuple[Question, ...]


_EVIDENCE = re.compile(r"D\s*:?\s*(\d+):0*(\d+)")
# "D17:19-D17:22" (REALTALK): every turn from the first to the last of one session
_RANGE = re.compile(r"D\s*:?\s*(\d+):0*(\d+)\s*[-\u2013]\s*(?:D\s*:?\s*(\d+):)?0*(\d+)")


def normalise_evidence(raw: Iterable[str], valid: set[str]) -> tuple[str, ...]:
    """Clean LoCoMo evidence ids ("D8:6; D9:17", "D:11:26", "D30:05", "D 2:18") and expand a
    range of one session ("D17:19-D17:22": turns 19 to 22); drop unknown ids.

    >>> normalise_evidence(["D8:6; D9:17", "D:11:26", "D30:05", "D99:1"], {"D8:6", "D9:17", "D11:26", "D30:5"})
    ('D8:6', 'D9:17', 'D11:26', 'D30:5')
    >>> normalise_evidence(["D 2:18", "D5:1-D5:3;D6:2-4"], {"D2:18", "D5:1", "D5:2", "D5:3", "D6:2", "D6:3", "D6:4"})
    ('D2:18', 'D5:1', 'D5:2', 'D5:3', 'D6:2', 'D6:3', 'D6:4')
    """
    out = []
    for item in raw:
        for part in re.split(r"[;,]\s*", str(item).strip()):
            r = _RANGE.search(part)
            if r and (r.group(3) is None or r.group(3) == r.group(1)) and int(r.group(2)) <= int(r.group(4)):
                out.extend(
                    t
                    for n in range(int(r.group(2)), int(r.group(4)) + 1)
                    if (t := f"D{int(r.group(1))}:{n}") in valid
                )
                continue
            m = _EVIDENCE.search(part)
            if m:
                tid = f"D{int(m.group(1))}:{int(m.group(2))}"
                if tid in valid:
                    out.append(tid)
    return tuple(dict.fromkeys(out))


def turn_text(turn: dict) -> str:
    """A turn as remembered: its text plus the caption of a shared photo."""
    text = str(turn.get("text", "")).strip()
    caption = turn.get("blip_caption")
    return f"{text} [shares a photo: {caption}]" if caption else text


def _parse_date(value: str, *, file: str, key: str) -> datetime:
    try:
        return datetime.strptime(value.strip(), "%I:%M %p on %d %B, %Y")
    except (ValueError, AttributeError):
        raise ConfigError(
            f"unreadable session date {value!r}; expected like '1:56 pm on 8 May, 2023'", file=file, key=key
        ) from None


#: how to get the data, in the message that says it is missing
LOCOMO_HOWTO = (
    "LoCoMo is not shipped (CC BY-NC 4.0): download data/locomo10.json from "
    "https://github.com/snap-research/locomo (git clone https://github.com/snap-research/locomo, or "
    "curl -LO https://raw.githubusercontent.com/snap-research/locomo/main/data/locomo10.json) and pass "
    "it with --data locomo10.json"
)


def load_locomo(path: str | Path) -> list[Conversation]:
    """Read a LoCoMo JSON file (a list of conversations) into :class:`Conversation` records."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"file not found; {LOCOMO_HOWTO}", file=str(path)) from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ConfigError(f"not a LoCoMo JSON file ({exc})", file=str(path)) from None
    if not isinstance(data, list):
        raise ConfigError("expected a JSON list of conversations", file=str(path))
    out = []
    for n, record in enumerate(data):
        conv = record.get("conversation") if isinstance(record, dict) else None
        if not isinstance(conv, dict):
            raise ConfigError(
                "record has no 'conversation' mapping", file=str(path), key=f"[{n}].conversation"
            )
        sid = str(record.get("sample_id", f"conv-{n}"))
        turns = []
        s = 1
        while f"session_{s}" in conv:
            date = _parse_date(
                conv.get(f"session_{s}_date_time", ""),
                file=str(path),
                key=f"[{n}].conversation.session_{s}_date_time",
            )
            for i, turn in enumerate(conv[f"session_{s}"]):
                prev = conv[f"session_{s}"][i - 1]["dia_id"] if i else None
                turns.append(
                    Message(
                        text=turn_text(turn),
                        speaker=str(turn["speaker"]),
                        message_id=str(turn["dia_id"]),
                        session_id=f"session_{s}",
                        at=date + timedelta(seconds=30 * i),
                        reply_to=prev,
                    )
                )
            s += 1
        valid = {t.message_id for t in turns}
        questions = []
        for q in record.get("qa", []):
            ev = normalise_evidence(q.get("evidence", []), valid)
            if ev:
                answer = q.get("answer", q.get("adversarial_answer", ""))
                questions.append(
                    Question(
                        str(q["question"]),
                        ev,
                        int(q.get("category", 0)),
                        "" if answer is None else str(answer),
                    )
                )
        out.append(Conversation(sid, tuple(turns), tuple(questions)))
    return out


def every_turn(convs: Iterable[Conversation]) -> list[Message]:
    """The turns of all ``convs`` in order, their ids (and reply ids) qualified by the
    conversation's sample id: every conversation has its own D1:1, and a tenant refuses one
    message id for two texts. For benchmarks that pour several conversations into one tenant."""
    from dataclasses import replace

    return [
        replace(
            t,
            message_id=f"{c.sample_id}:{t.message_id}",
            reply_to=f"{c.sample_id}:{t.reply_to}" if t.reply_to else None,
        )
        for c in convs
        for t in c.turns
    ]


def evidence_recall(places: Sequence[Sequence[str]], evidence: Sequence[str], k: int) -> float:
    """Share (0..100) of ``evidence`` covered by the source ids of the first ``k`` places."""
    covered: set[str] = set()
    for ids in places[:k]:
        covered.update(ids)
    return 100.0 * len(covered & set(evidence)) / len(evidence)


def evidence_session(turn_id: str) -> str:
    """The session a LoCoMo turn id belongs to ("D8:6" -> "D8")."""
    return turn_id.split(":", 1)[0]


SESSION_K = 10


def session_recall(places: Sequence[Sequence[str]], evidence: Sequence[str], k: int = SESSION_K) -> float:
    """Share (0..100) of the question's evidence sessions among the sessions of the first ``k``
    places: the coarser unit other systems publish (a hit anywhere in the right session counts).

    >>> session_recall([["D1:3"], ["D2:9"]], ["D1:5", "D3:1"], 10)
    50.0
    """
    wanted = {evidence_session(e) for e in evidence}
    found = {evidence_session(i) for ids in places[:k] for i in ids}
    return 100.0 * len(found & wanted) / len(wanted)


@dataclass
class RecallTable:
    """Evidence recall per method, k and category (values in 0..100)."""

    values: dict[str, dict[int, dict[str, list[float]]]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    )

    def add(self, method: str, ranked: Sequence[Sequence[str]], q: Question) -> None:
        cat = CATEGORIES.get(q.category, str(q.category))
        for k in KS:
            v = evidence_recall(ranked, q.evidence, k)
            self.values[method][k]["overall"].append(v)
            self.values[method][k][cat].append(v)
        v = session_recall(ranked, q.evidence, SESSION_K)
        self.values[method][SESSION]["overall"].append(v)
        self.values[method][SESSION][cat].append(v)

    def get(self, method: str, k: int | str, category: str = "overall") -> float:
        """Mean recall of ``method`` at ``k`` (an int: turn level; :data:`SESSION`: session level)."""
        vals = self.values[method][k][category]
        return sum(vals) / len(vals) if vals else float("nan")

    def counts(self) -> dict[str, int]:
        first = next(iter(self.values.values()))
        return {c: len(v) for c, v in first[KS[0]].items()}


@dataclass
class LocomoResult:
    table: RecallTable
    methods: list[str]
    ingest_turns: int
    ingest_seconds: float
    cards: int
    links: int
    latencies_ms: list[float]
    questions: int
    maintenance: dict = field(default_factory=dict)  # summed maintenance figures when run with maintain=True

    @property
    def ingest_rate(self) -> float:
        return self.ingest_turns / self.ingest_seconds if self.ingest_seconds else float("nan")

    def latency(self, q: float) -> float:
        if not self.latencies_ms:
            return float("nan")
        return float(np.percentile(self.latencies_ms, q))

    def to_dict(self) -> dict:
        return {
            "questions": self.questions,
            "recall": {
                m: {
                    f"R@{k}": {
                        c: round(self.table.get(m, k, c), 2) for c in ["overall", *CATEGORIES.values()]
                    }
                    for k in KS
                }
                | {
                    "session R@10": {
                        c: round(self.table.get(m, SESSION, c), 2) for c in ["overall", *CATEGORIES.values()]
                    }
                }
                for m in self.methods
            },
            "ingest_turns_per_s": round(self.ingest_rate, 1),
            "cards": self.cards,
            "links": self.links,
            "recall_ms_p50": round(self.latency(50), 2),
            "recall_ms_p95": round(self.latency(95), 2),
            "maintenance": self.maintenance,
        }


MEMORY = "zettel (ours)"
HYBRID = "flat hybrid"  # BM25 + dense over "speaker: text", min-max over each top 100, dense weight 0.4
BM25_FLAT = "bm25"
DENSE_FLAT = "dense"
BASELINES = (HYBRID, BM25_FLAT, DENSE_FLAT)
HYBRID_POOL = 100
HYBRID_DENSE_WEIGHT = 0.4


def flat_text(turn: Message) -> str:
    """A raw turn as every baseline sees it: who spoke is part of what was said."""
    return f"{turn.speaker}: {turn.text}"


def _minmax(scores: dict[int, float]) -> dict[int, float]:
    if not scores:
        return {}
    lo, hi = min(scores.values()), max(scores.values())
    span = hi - lo
    return {i: (s - lo) / span if span > 1e-12 else 1.0 for i, s in scores.items()}


def flat_rankings(conv: Conversation, embedder, *, k: int = max(KS)) -> dict[str, list[list[str]]]:
    """The baselines' ranked turn ids per question: BM25, dense (the same embedder) and their
    linear hybrid, all over "speaker: text" of the raw turns.

    The hybrid min-max scales each signal over its own top :data:`HYBRID_POOL` and mixes them
    with dense weight :data:`HYBRID_DENSE_WEIGHT`: what any vector store with a sparse index
    gives, and so the reference that shows what cards and links add.
    """
    docs = [flat_text(t) for t in conv.turns]
    ids = [t.message_id for t in conv.turns]
    bm = BM25([tokens(d) for d in docs])
    turn_vecs = embedder.encode(docs)
    q_vecs = embedder.encode([q.text for q in conv.questions], query=True)
    out: dict[str, list[list[str]]] = {m: [] for m in BASELINES}
    for qi, q in enumerate(conv.questions):
        lexical = dict(bm.top(tokens(q.text), HYBRID_POOL))
        sims = turn_vecs @ q_vecs[qi]
        order = np.argsort(-sims, kind="stable")[:HYBRID_POOL]
        dense = {int(i): float(sims[i]) for i in order}
        lx, dn = _minmax(lexical), _minmax(dense)
        mixed = {
            i: HYBRID_DENSE_WEIGHT * dn.get(i, 0.0) + (1 - HYBRID_DENSE_WEIGHT) * lx.get(i, 0.0)
            for i in set(lx) | set(dn)
        }
        out[BM25_FLAT].append([ids[i] for i in list(lexical)[:k]])
        out[DENSE_FLAT].append([ids[int(i)] for i in order[:k]])
        out[HYBRID].append([ids[i] for i, _ in sorted(mixed.items(), key=lambda kv: (-kv[1], kv[0]))[:k]])
    return out


def hit_places(hits) -> list[tuple[str, ...]]:
    """Source ids per place in the ranking: a summary hit counts as the members it covers, and a
    hit standing for duplicates (``covers``) as itself plus each duplicate, each taking a place."""
    places = []
    for h in hits:
        cards = h.covers if h.card.kind is CardKind.SUMMARY and h.covers else (h.card, *h.covers)
        places.extend(c.source_ids for c in cards)
    return places


def run_locomo(
    hub,
    conversations: Sequence[Conversation],
    *,
    progress: Callable[[str, int, int], None] | None = None,
    maintain: bool = False,
) -> LocomoResult:
    """Run the benchmark on ``hub`` (one tenant per conversation; tenants are replaced).

    :param progress: called as ``progress(stage, done, total)``, the stage naming the conversation
    :param maintain: run maintenance (decay, merge, prune, summaries, conflicts) after each
        conversation is ingested, as of its last turn, before the questions are asked. A summary
        hit counts as the member cards it covers, each taking one of the k places.
    """
    table = RecallTable()
    latencies: list[float] = []
    ingest_seconds = 0.0
    n_turns = n_cards = n_links = n_q = 0
    maintenance: dict[str, float] = defaultdict(float)
    emb = hub.embedder
    for conv in conversations:
        tenant = re.sub(r"[^A-Za-z0-9_.\-]", "_", conv.sample_id)
        hub.drop_tenant(tenant)
        mem = hub.tenant(tenant)
        t0 = time.perf_counter()
        mem.remember_many(conv.turns)
        took = time.perf_counter() - t0
        ingest_seconds += took
        n_turns += len(conv.turns)
        if maintain:
            t0 = time.perf_counter()
            rep = mem.maintain(at=max(t.at for t in conv.turns)).to_dict()
            maintenance["seconds"] += time.perf_counter() - t0
            for key in ("archived", "cards_absorbed", "pruned_links", "summaries", "conflicts"):
                maintenance[key] += rep[key]
        st = mem.stats()
        n_cards += st["cards"]
        n_links += st["links"]
        log.info(
            "%s: %d turns -> %d cards, %d links in %.1f s",
            conv.sample_id,
            len(conv.turns),
            st["cards"],
            st["links"],
            took,
        )
        if progress:
            progress(f"ingest {conv.sample_id}", len(conv.turns), len(conv.turns))

        flat = flat_rankings(conv, emb)
        last = max(t.at for t in conv.turns)
        stage = f"questions {conv.sample_id}"
        for qi, q in enumerate(conv.questions):
            t0 = time.perf_counter()
            hits = mem.recall(q.text, k=max(KS), at=last, touch=False)
            latencies.append(1000 * (time.perf_counter() - t0))
            table.add(MEMORY, hit_places(hits), q)
            for method, ranked in flat.items():
                table.add(method, [[i] for i in ranked[qi]], q)
            n_q += 1
            if progress and (qi + 1) % 50 == 0:
                progress(stage, qi + 1, len(conv.questions))
        if progress:
            progress(stage, len(conv.questions), len(conv.questions))
    return LocomoResult(
        table=table,
        methods=[MEMORY, *BASELINES],
        ingest_turns=n_turns,
        ingest_seconds=ingest_seconds,
        cards=n_cards,
        links=n_links,
        latencies_ms=latencies,
        questions=n_q,
        maintenance={k: round(v, 2) for k, v in maintenance.items()},
    )
