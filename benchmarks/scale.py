"""Scale benchmark: one tenant grown to each of several sizes (e.g. 10k then 100k cards), and
at each size, in one run: ingest turns/s through ``remember_many`` and ``remember``, recall
latency next to a flat dense baseline over the same texts, reopen time, disk and peak RSS.

LoCoMo turns are replayed round after round (:func:`~benchmarks.fill.replay_round`,
a year later each round) and its questions are the queries. Rounds repeat the turns word for
word, so the tenant is filled through a :class:`~benchmarks.fill.RepeatCache`
(each distinct turn embedded once, batches of 1,024) up to the last ``timed_turns`` turns before
each size, which go through one ``remember_many(..., batch=256)`` with the real embedder (each
batch of 256 stored as one call would, the next one embedded meanwhile): that window is the
ingest figure (the cached fill alone would time everything but the model). The flat dense baseline is what a
plain vector search would cost on the same machine at the same moment: encode the query with
the same embedder, one matrix product against every ingested turn's vector, top-k. Rounds
repeat the turns word for word, so its matrix is the distinct turns' vectors repeated to as
many rows as turns were ingested. Ours and the baseline alternate query by query, so both see
the same machine load. Both run with the hub's thread bound (``threads.limit``).

Recall is timed twice per query: live (``touch=True``, the default in a chat: each recall writes
its cards' access counts in the background) and with ``touch=False``, taking turns going first. The hub's encode cache
(``embedding.cache_mb``) is emptied before each timed recall and before each baseline encode, so
every query is encoded cold on both sides (ours would otherwise meet the baseline's vector or its
own). Beside the ingest figure, the bare embedder (under the hub's cache) encodes the same window's
texts in batches of 256 in the same run: ``many_share`` is remember_many's share of it. Both
sides' CPU is counted too (this process and its children, which run large optimizes): with the
model's CPU per text from the bare side, the rest of ``remember_many``'s CPU per turn is the
write path's, which tells a slower write path from a faster or slower machine.
"""

from __future__ import annotations

import resource
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from autogen_zettel.base.threads import bounded_threads
from autogen_zettel.cards.atoms import embed_text
from autogen_zettel.embed.encode_cache import unwrap
from autogen_zettel.memory.tenant import tenant_parts
from benchmarks.fill import RepeatCache, forget_kept_texts, fresh_round, remember_turn, replay_round

__all__ = ["ScaleRow", "run_scale", "folder_bytes", "peak_rss_mb"]


@dataclass(frozen=True)
class ScaleRow:
    """The figures at one size."""

    cards: int
    turns: int
    links: int
    many_turns_per_s: float  # remember_many(batch=256), real embedder, the last timed turns before this size
    one_turns_per_s: float  # remember(), one turn per call, at this size
    bare_texts_per_s: float  # the bare embedder over the timed window's texts, batches of 256, same run
    recall_ms_p50: float  # touch=False
    recall_ms_p95: float
    live_ms_p50: float  # touch=True (a chat's recall)
    live_ms_p95: float
    flat_ms_p50: float
    flat_ms_p95: float
    reopen_s: float  # hub open + tenant open (reconcile included)
    first_recall_ms: (
        float  # the first recall after reopening (it starts the link adjacency's background load)
    )
    adjacency_s: float  # the link adjacency's background load, begun by the warm-up recall before timing
    disk_mb: float
    peak_rss_mb: float
    engine: str
    many_cpu_ms: float = float("nan")  # CPU per turn inside the timed remember_many (children included)
    bare_cpu_ms: float = float("nan")  # CPU per text of the bare embedder over the same texts
    child_cpu_s: float = float("nan")  # of many_cpu_ms, the children's (optimizes in a child process)

    @property
    def ratio_p95(self) -> float:
        return self.recall_ms_p95 / self.flat_ms_p95 if self.flat_ms_p95 else float("nan")

    @property
    def live_ratio_p95(self) -> float:
        return self.live_ms_p95 / self.flat_ms_p95 if self.flat_ms_p95 else float("nan")

    @property
    def write_cpu_ms(self) -> float:
        """CPU per turn of ``remember_many`` beyond the model's (per text, as the bare side measured)."""
        return self.many_cpu_ms - self.bare_cpu_ms

    @property
    def many_share(self) -> float:
        """remember_many's turns/s over the bare embedder's texts/s."""
        return self.many_turns_per_s / self.bare_texts_per_s if self.bare_texts_per_s else float("nan")

    def to_dict(self) -> dict:
        return {
            **asdict(self),
            "ratio_p95": self.ratio_p95,
            "live_ratio_p95": self.live_ratio_p95,
            "many_share": self.many_share,
            "write_cpu_ms": self.write_cpu_ms,
        }


def _cold(hub) -> None:
    """Empty the hub's encode cache (a timed encode then computes its vector) and what is kept
    per text (:func:`~benchmarks.fill.forget_kept_texts`)."""
    clear = getattr(hub.embedder, "clear", None)
    if clear is not None:
        clear()
    forget_kept_texts()


def _cpu() -> tuple[float, float]:
    """CPU seconds of this process and of its waited-for children so far."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime


def folder_bytes(path: Path) -> int:
    """Bytes a folder takes on disk (allocated blocks: qdrant-edge's files are sparse)."""
    return sum(p.stat().st_blocks * 512 for p in Path(path).rglob("*") if p.is_file())


def peak_rss_mb() -> float:
    """This process's peak resident set size so far (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _pct(xs: Sequence[float], q: float) -> float:
    return float(np.percentile(xs, q)) if xs else float("nan")


def run_scale(
    open_hub: Callable[[], object],
    data: str | Path,
    *,
    sizes: Sequence[int] = (10_000, 100_000),
    n_queries: int = 200,
    n_single: int = 200,
    tenant: str = "scale",
    k: int = 10,
    timed_turns: int = 2560,
    say: Callable[[str], None] = lambda line: None,
    on_row: Callable[[list[ScaleRow]], None] = lambda rows: None,
    fresh: bool = False,
) -> list[ScaleRow]:
    """Grow ``tenant`` to each of ``sizes`` cards and measure; returns one row per size.

    :param open_hub: opens the hub on the benchmark's data folder (called again to time reopening)
    :param say: receives a progress line now and then (plain text, also when not on a terminal)
    :param on_row: receives the rows so far after each size (e.g. to save them before a long next size)
    :param timed_turns: the turns before each size remembered with the real embedder and timed
    :param fresh: every text stored is new (:func:`~benchmarks.fill.fresh_round`: later rounds
        shuffle each turn's words), so no cache can meet a text twice; the fill then embeds every
        turn with the real model
    """
    from benchmarks.locomo import every_turn, load_locomo

    convs = load_locomo(data)
    turns = every_turn(convs)
    questions = [q.text for c in convs for q in c.questions]
    hub = open_hub()
    hub.drop_tenant(tenant)
    mem = hub.tenant(tenant)
    emb, limit = hub.embedder, hub.config.threads.limit
    cache = RepeatCache(unwrap(emb))  # the fill's own cache, not the hub's
    say(f"embedding {len(turns)} distinct turns for the flat baseline")
    distinct = emb.encode([embed_text(t.speaker, t.text) for t in turns])
    rows: list[ScaleRow] = []
    rnd, pending, ingested = 0, [], 0
    seen: set[str] = set()

    def next_round(rnd: int) -> list:
        if fresh:
            return fresh_round(turns, rnd, round_days=365, seen=seen)
        return replay_round(turns, rnd, round_days=365)

    for size in sorted(sizes):
        seconds, messages, t_report = 0.0, 0, time.perf_counter()
        cpu_s = child_s = 0.0
        window: list[str] = []
        while True:
            count = tenant_parts(mem).db.count()
            if count >= size:
                break
            per_turn = count / ingested if ingested else 1.0  # cards a turn makes, so far
            left = int((size - count) / max(per_turn, 1e-3))  # turns still to go before this size
            untimed = left - timed_turns
            if not pending:
                pending = next_round(rnd)
                rnd += 1
            if untimed > 0:
                chunk, pending = pending[: min(1024, untimed)], pending[min(1024, untimed) :]
                hub.embedder = cache
                try:
                    mem.remember_many(chunk)
                finally:
                    hub.embedder = emb
                ingested += len(chunk)
            else:
                # the timed window: the turns left before this size through one remember_many
                # in batches of 256, each next batch embedded while the one before is written
                want, chunk = max(1, left), []
                while len(chunk) < want:
                    if not pending:
                        pending = next_round(rnd)
                        rnd += 1
                    take = want - len(chunk)
                    chunk, pending = chunk + pending[:take], pending[take:]
                _cold(hub)
                (c0, k0), t0 = _cpu(), time.perf_counter()
                mem.remember_many(chunk, batch=256)
                seconds += time.perf_counter() - t0
                c1, k1 = _cpu()
                cpu_s, child_s = cpu_s + (c1 - c0) + (k1 - k0), child_s + (k1 - k0)
                window += [embed_text(t.speaker, t.text) for t in chunk]
                messages += len(chunk)
                ingested += len(chunk)
            if time.perf_counter() - t_report > 20:
                t_report = time.perf_counter()
                timed = f", {messages / seconds:.0f} turns/s timed" if seconds else ""
                say(f"  {tenant_parts(mem).db.count():,} / {size:,} cards{timed}")
        many = messages / seconds if seconds else float("nan")
        bare_s, bare, bare_cpu = 0.0, unwrap(emb), 0.0
        for start in range(0, len(window), 256):
            c0, t0 = _cpu()[0], time.perf_counter()
            bare.encode(window[start : start + 256])
            bare_s += time.perf_counter() - t0
            bare_cpu += _cpu()[0] - c0
        bare_rate = len(window) / bare_s if bare_s else float("nan")
        many_cpu = 1000 * cpu_s / messages if messages else float("nan")  # ms a turn
        bare_cpu_ms = 1000 * bare_cpu / len(window) if window else float("nan")  # ms a text
        single: list[float] = []
        for _ in range(n_single):
            if not pending:
                pending = next_round(rnd)
                rnd += 1
            t, pending = pending[0], pending[1:]
            t0 = time.perf_counter()
            remember_turn(mem, t)
            single.append(time.perf_counter() - t0)
        ingested += len(single)
        one = len(single) / sum(single) if single else float("nan")
        cards = tenant_parts(mem).db.count()
        say(
            f"{cards:,} cards: remember_many {many:.0f} turns/s (bare embedder {bare_rate:.0f} texts/s), "
            f"remember() {one:.0f} turns/s; CPU {many_cpu:.1f} ms a turn (children {child_s:.1f} s) "
            f"against the model's {bare_cpu_ms:.1f} ms a text; timing recall"
        )
        flat = np.tile(distinct, (ingested // len(distinct) + 1, 1))[:ingested]
        t0 = time.perf_counter()
        mem.recall("warm up", k=k, touch=False)
        # recall is timed as a running agent sees it: once the adjacency the first recall began to
        # load is in (until then hops read SQLite and share the cores with the load, timed apart)
        loaded = tenant_parts(mem).neighbours.wait_loaded(timeout=120)
        adjacency = time.perf_counter() - t0 if loaded else float("nan")
        ours, live, base = [], [], []
        for i in range(n_queries):
            q = questions[i % len(questions)]
            # the second recall of a question finds the first one's cards kept and its pages in
            # the OS cache: live and touch-off take turns going first
            for touch in (True, False) if i % 2 == 0 else (False, True):
                _cold(hub)
                t0 = time.perf_counter()
                mem.recall(q, k=k, touch=touch)
                (live if touch else ours).append(1000 * (time.perf_counter() - t0))
            _cold(hub)
            t0 = time.perf_counter()
            v = emb.encode([q], query=True)[0]
            with bounded_threads(limit):
                scores = flat @ v
            top = np.argpartition(-scores, k)[:k] if len(scores) > k else np.arange(len(scores))
            top[np.argsort(-scores[top])]
            base.append(1000 * (time.perf_counter() - t0))
        del flat
        mem.flush()  # the live recalls' touches
        links = tenant_parts(mem).db.links.count()
        engine = getattr(hub.vectors, "engine", "?")
        hub.close()
        t0 = time.perf_counter()
        hub = open_hub()
        mem = hub.tenant(tenant)
        reopen = time.perf_counter() - t0
        emb = hub.embedder
        cache.embedder = unwrap(emb)  # the reopened hub's; the closed one's model can go
        t0 = time.perf_counter()
        mem.recall(questions[0], k=k, touch=False)
        first = 1000 * (time.perf_counter() - t0)
        row = ScaleRow(
            cards=cards,
            turns=ingested,
            links=links,
            many_turns_per_s=many,
            one_turns_per_s=one,
            bare_texts_per_s=bare_rate,
            recall_ms_p50=_pct(ours, 50),
            recall_ms_p95=_pct(ours, 95),
            live_ms_p50=_pct(live, 50),
            live_ms_p95=_pct(live, 95),
            flat_ms_p50=_pct(base, 50),
            flat_ms_p95=_pct(base, 95),
            reopen_s=reopen,
            first_recall_ms=first,
            adjacency_s=adjacency,
            disk_mb=folder_bytes(hub.data_dir) / 2**20 if hub.data_dir else float("nan"),
            peak_rss_mb=peak_rss_mb(),
            engine=engine,
            many_cpu_ms=many_cpu,
            bare_cpu_ms=bare_cpu_ms,
            child_cpu_s=child_s,
        )
        say(
            f"{cards:,} cards: live recall p50 {row.live_ms_p50:.1f} / p95 {row.live_ms_p95:.1f} ms, "
            f"touch off p50 {row.recall_ms_p50:.1f} / p95 {row.recall_ms_p95:.1f} ms, flat p50 "
            f"{row.flat_ms_p50:.1f} / p95 {row.flat_ms_p95:.1f} ms; reopen {reopen:.2f} s, first recall {first:.0f} ms, "
            f"adjacency load {adjacency:.2f} s"
        )
        rows.append(row)
        on_row(list(rows))
    hub.close()
    return rows
