"""LoCoMo evidence-recall benchmark: our memory against BM25 and flat dense retrieval.

Each conversation goes into its own tenant (turn text plus its ``blip_caption``, session
dates as ``at=``); every question with evidence is asked; evidence recall@k is the share of
the question's evidence turn ids covered by the source ids of the first k results. The
baselines rank the raw turns (text plus caption) with BM25 and with the same embedder.
"""

from __future__ import annotations

import json
import re
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np

from autogen_zettel.base.cards import Message
from autogen_zettel.base.errors import ConfigError
from autogen_zettel.core.lexical import BM25, tokens

__all__ = [
    "CATEGORIES",
    "Conversation",
    "Question",
    "load_locomo",
    "normalise_evidence",
    "RecallTable",
    "LocomoResult",
    "run_locomo",
    "turn_text",
]

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
KS = (5, 10, 20)


@dataclass(frozen=True)
class Question:
    text: str
    evidence: tuple[str, ...]
    category: int


@dataclass(frozen=True)
class Conversation:
    sample_id: str
    turns: tuple[Message, ...]
    questions: tuple[Question, ...]


_EVIDENCE = re.compile(r"D:?(\d+):0*(\d+)")


def normalise_evidence(raw: Iterable[str], valid: set[str]) -> tuple[str, ...]:
    """Clean LoCoMo evidence ids ("D8:6; D9:17", "D:11:26", "D30:05"); drop unknown ids.

    >>> normalise_evidence(["D8:6; D9:17", "D:11:26", "D30:05", "D99:1"], {"D8:6", "D9:17", "D11:26", "D30:5"})
    ('D8:6', 'D9:17', 'D11:26', 'D30:5')
    """
    out = []
    for item in raw:
        for part in re.split(r"[;,]\s*", str(item)):
            m = _EVIDENCE.search(part.strip())
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
        raise ConfigError(f"unreadable session date {value!r}; expected like '1:56 pm on 8 May, 2023'",
                          file=file, key=key) from None


def load_locomo(path: str | Path) -> list[Conversation]:
    """Read a LoCoMo JSON file (a list of conversations) into :class:`Conversation` records."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError("file not found; pass the LoCoMo JSON with --data", file=str(path)) from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ConfigError(f"not a LoCoMo JSON file ({exc})", file=str(path)) from None
    if not isinstance(data, list):
        raise ConfigError("expected a JSON list of conversations", file=str(path))
    out = []
    for n, record in enumerate(data):
        conv = record.get("conversation") if isinstance(record, dict) else None
        if not isinstance(conv, dict):
            raise ConfigError("record has no 'conversation' mapping", file=str(path), key=f"[{n}].conversation")
        sid = str(record.get("sample_id", f"conv-{n}"))
        turns = []
        s = 1
        while f"session_{s}" in conv:
            date = _parse_date(conv.get(f"session_{s}_date_time", ""), file=str(path),
                               key=f"[{n}].conversation.session_{s}_date_time")
            for i, turn in enumerate(conv[f"session_{s}"]):
                prev = conv[f"session_{s}"][i - 1]["dia_id"] if i else None
                turns.append(Message(
                    text=turn_text(turn), speaker=str(turn["speaker"]), message_id=str(turn["dia_id"]),
                    session_id=f"session_{s}", at=date + timedelta(seconds=30 * i), reply_to=prev,
                ))
            s += 1
        valid = {t.message_id for t in turns}
        questions = []
        for q in record.get("qa", []):
            ev = normalise_evidence(q.get("evidence", []), valid)
            if ev:
                questions.append(Question(str(q["question"]), ev, int(q.get("category", 0))))
        out.append(Conversation(sid, tuple(turns), tuple(questions)))
    return out


@dataclass
class RecallTable:
    """Evidence recall per method, k and category (values in 0..100)."""

    values: dict[str, dict[int, dict[str, list[float]]]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    )

    def add(self, method: str, ranked: Sequence[Sequence[str]], q: Question) -> None:
        evidence = set(q.evidence)
        for k in KS:
            covered: set[str] = set()
            for ids in ranked[:k]:
                covered.update(ids)
            v = 100.0 * len(covered & evidence) / len(evidence)
            self.values[method][k]["overall"].append(v)
            self.values[method][k][CATEGORIES.get(q.category, str(q.category))].append(v)

    def get(self, method: str, k: int, category: str = "overall") -> float:
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
                m: {f"R@{k}": {c: round(self.table.get(m, k, c), 2) for c in ["overall", *CATEGORIES.values()]}
                    for k in KS}
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
BM25_RAW = "bm25 raw turns"
DENSE_RAW = "dense raw turns"
BM25_SPEAKER = "bm25 speaker+turn"  # a stricter reference: BM25 also told who spoke


def run_locomo(
    hub,
    conversations: Sequence[Conversation],
    *,
    progress: Callable[[str, int, int], None] | None = None,
    maintain: bool = False,
) -> LocomoResult:
    """Run the benchmark on ``hub`` (one tenant per conversation; tenants are replaced).

    :param progress: called as ``progress(stage, done, total)``
    :param maintain: run maintenance (decay, merge, prune, summaries, conflicts) after each
        conversation is ingested, as of its last turn, before the questions are asked. A summary
        hit counts as the member cards it covers, each taking one of the k places.
    """
    table = RecallTable()
    latencies: list[float] = []
    ingest_seconds = 0.0
    n_turns = n_cards = n_links = n_q = 0
    maintenance: dict[str, float] = defaultdict(float)
    total_q = sum(len(c.questions) for c in conversations)
    emb = hub.embedder
    for conv in conversations:
        tenant = re.sub(r"[^A-Za-z0-9_.\-]", "_", conv.sample_id)
        hub.drop_tenant(tenant)
        mem = hub.tenant(tenant)
        t0 = time.perf_counter()
        mem.remember_many(conv.turns)
        ingest_seconds += time.perf_counter() - t0
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
        if progress:
            progress("ingest", n_turns, sum(len(c.turns) for c in conversations))

        raw = [t.text for t in conv.turns]
        ids = [t.message_id for t in conv.turns]
        bm_raw = BM25([tokens(t) for t in raw])
        bm_spk = BM25([tokens(f"{t.speaker}: {t.text}") for t in conv.turns])
        turn_vecs = emb.encode(raw)
        q_vecs = emb.encode([q.text for q in conv.questions], query=True)
        last = max(t.at for t in conv.turns)
        for qi, q in enumerate(conv.questions):
            t0 = time.perf_counter()
            hits = mem.recall(q.text, k=max(KS), at=last, touch=False)
            latencies.append(1000 * (time.perf_counter() - t0))
            table.add(MEMORY, [c.source_ids for h in hits for c in (h.covers or (h.card,))], q)
            qt = tokens(q.text)
            table.add(BM25_RAW, [[ids[i]] for i, _ in bm_raw.top(qt, max(KS))], q)
            table.add(BM25_SPEAKER, [[ids[i]] for i, _ in bm_spk.top(qt, max(KS))], q)
            order = np.argsort(-(turn_vecs @ q_vecs[qi]), kind="stable")[: max(KS)]
            table.add(DENSE_RAW, [[ids[i]] for i in order], q)
            n_q += 1
            if progress and n_q % 25 == 0:
                progress("questions", n_q, total_q)
    if progress:
        progress("questions", n_q, total_q)
    return LocomoResult(
        table=table,
        methods=[MEMORY, BM25_RAW, DENSE_RAW, BM25_SPEAKER],
        ingest_turns=n_turns,
        ingest_seconds=ingest_seconds,
        cards=n_cards,
        links=n_links,
        latencies_ms=latencies,
        questions=n_q,
        maintenance={k: round(v, 2) for k, v in maintenance.items()},
    )
