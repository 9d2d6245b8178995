"""Profile the write path of ``remember_many`` with embedding made free (#12).

A tenant is filled once to ``--cards`` cards (LoCoMo turns replayed round after round, a
:class:`~benchmarks.fill.RepeatCache` around the real embedder) in
``<data-dir>/base``; its dense vectors are kept in ``<data-dir>/vectors.pkl`` so later runs
embed nothing. Each run copies that folder to ``<data-dir>/run``, embeds the cards the timed
turns will make (outside the clock), then times ``remember_many`` over ``--turns`` fresh turns
(a new round) in batches of ``--batch``, optionally under cProfile, and prints turns/s and
the time of each stage of the write path. ``--dump`` writes the tenant's cards, links, claims,
audit entries and index ids as JSON, so two versions of the code can be compared on the
same input (the script only uses what every version has).

    nice python -m benchmarks.run_profile_ingest --data-dir /tmp/ingest-prof --profile /tmp/new.prof
    python -m benchmarks.run_profile_ingest --dump /tmp/old.json   # the old code

The fill is slow the first time (several minutes with the real model); run it under ``nice``.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import logging
import pickle
import pstats
import shutil
import sys
import time
from pathlib import Path

from autogen_zettel.memory.tenant import tenant_parts

TENANT = "prof"

# (label, file suffix, function name) of the stages reported from the profile, cumulative time
STAGES = [
    ("prepare (validate, clean, redact)", "memory/ingest.py", "prepare"),
    ("draft (refine, redact, dates, claims)", "memory/ingest.py", "draft"),
    ("  refiner.refine", "cards/refine.py", "refine"),
    ("  redactor.redact", "trust/privacy.py", "redact"),
    ("  extract_claims", "cards/claims.py", "extract_claims"),
    ("write (all under the lock)", "memory/ingest.py", "write"),
    ("write_batches (pipelined, all under the lock)", "memory/ingest.py", "write_batches"),
    ("  existing ids", "store/db.py", "existing_ids"),
    ("  store (messages, cards, claims, pending)", "memory/ingest.py", "store"),
    ("  SQLite inserts (cards)", "store/db.py", "insert_cards"),
    ("  index (embed + upsert)", "memory/ingest.py", "index"),
    ("    embedder.encode (cache)", "benchmarks/fill.py", "encode"),
    ("    sparse vectors", "embed/embedders.py", "sparse"),
    ("    vector upsert", "store/qdrant_edge.py", "upsert"),
    ("    waiting for the embedding thread", "concurrent/futures/_base.py", "result"),
    ("  link (before #12: search, structure, add_links)", "memory/ingest.py", "link"),
    ("  plan_links (search, structure)", "memory/ingest.py", "plan_links"),
    ("    neighbour search", "store/qdrant_edge.py", "neighbours"),
    ("      candidates (dense copy)", "store/densecopy.py", "candidates"),
    ("      dense copy load", "store/qdrant_edge.py", "_dense_copy"),
    ("    entity peers", "store/db.py", "cards_naming_each"),
    ("    recent cards", "memory/ingest.py", "_stored_recent"),
    ("    add_links", "store/db.py", "add_links"),
    ("  check_conflicts", "trust/conflicts.py", "check_conflicts"),
    ("  sqlite-utils atomic (begin/commit, savepoints)", "sqlite_utils/db.py", "atomic"),
]


def _load_cache(path: Path) -> dict:
    return pickle.loads(path.read_bytes()) if path.exists() else {}


def _save_cache(path: Path, cache: dict) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(pickle.dumps(cache))
    tmp.replace(path)


def _turns(data: Path):
    from benchmarks.locomo import every_turn, load_locomo

    return every_turn(load_locomo(data))


def fill(base: Path, cache_path: Path, data: Path, cards: int, say) -> None:
    """Fill ``base`` to ``cards`` cards unless it holds them already."""
    from autogen_zettel.memory.hub import MemoryHub
    from benchmarks.fill import RepeatCache, fill_tenant

    hub = MemoryHub.open(base)
    try:
        mem = hub.tenant(TENANT)
        have = tenant_parts(mem).db.count()
        if have >= cards:
            say(f"base {base} holds {have:,} cards: reused")
            return
        cache = _load_cache(cache_path)
        emb = RepeatCache(hub.embedder, cache)
        hub.embedder = emb
        say(f"filling {base} from {have:,} to {cards:,} cards (misses are embedded with the real model)")
        t0 = time.perf_counter()
        fill_tenant(mem, _turns(data), cards, round_days=365)
        mem.flush()
        say(
            f"filled to {tenant_parts(mem).db.count():,} cards in {time.perf_counter() - t0:.0f} s, {emb.misses} texts embedded"
        )
        _save_cache(cache_path, cache)
    finally:
        hub.close()


def dump(mem) -> dict:
    """What the tenant stores, in a form that compares across code versions."""
    db = tenant_parts(mem).db.db

    def rows(sql):
        cur = db.execute(sql)
        names = [d[0] for d in cur.description]
        return [dict(zip(names, r)) for r in cur.fetchall()]

    tables = [r[0] for r in db.execute("select name from sqlite_master where type = 'table' order by name")]
    out = {}
    for t in tables:
        if t.startswith("sqlite_") or t.endswith(
            ("_fts", "_fts_data", "_fts_idx", "_fts_docsize", "_fts_config")
        ):
            continue
        without_rowid = (
            "without rowid"
            in (db.execute("select sql from sqlite_master where name = ?", [t]).fetchone()[0] or "").lower()
        )
        # rowid order is part of what is stored: recall reads links and cards in the order written
        if t == "links":  # the order written: seq (since m010), before it the rowid, numbered
            order = "seq" if without_rowid else "rowid"
            keep = "src, dst, kind, weight, created_at"
            out[t] = [
                {"_n": n, **r} for n, r in enumerate(rows(f"select {keep} from links order by {order}"), 1)
            ]
            continue
        out[t] = rows(
            f"select * from [{t}] order by 1"
            if without_rowid
            else f"select rowid as _rowid, * from [{t}] order by rowid"
        )
    out["_audit"] = [vars(e) for e in tenant_parts(mem).store.audit_log.entries()]
    out["_index_ids"] = sorted(mem.hub.vectors.ids(mem.name))
    return out


def run(args, say) -> dict:
    from autogen_zettel.cards.atoms import embed_text
    from autogen_zettel.memory.hub import MemoryHub
    from benchmarks.fill import RepeatCache, replay_round

    root = args.data_dir
    base, work, cache_path = root / "base", root / "run", root / "vectors.pkl"
    root.mkdir(parents=True, exist_ok=True)
    fill(base, cache_path, args.data, args.cards, say)
    if work.exists():
        shutil.rmtree(work)
    shutil.copytree(base, work)
    turns = replay_round(_turns(args.data), 1000, round_days=365)[: args.turns]  # a round never stored
    hub = MemoryHub.open(work)
    try:
        mem = hub.tenant(TENANT)
        before = tenant_parts(mem).db.count()
        cache = _load_cache(cache_path)
        emb = RepeatCache(hub.embedder, cache)
        hub.embedder = emb
        ing = tenant_parts(
            mem
        ).writer.ingest()  # outside the clock: the cards the timed turns make, embedded now
        for start in range(0, len(turns), args.batch):  # batch by batch, as remember_many drafts them
            drafts, _ = ing.draft([ing.prepare(m) for m in turns[start : start + args.batch]])
            emb.encode([embed_text(c.speaker, c.content) for _, c in drafts])
        if emb.misses:
            _save_cache(cache_path, cache)
            say(f"{emb.misses} card texts embedded ahead of the timed run")
        emb.misses = 0
        if args.warm and hasattr(hub.vectors, "_dense_copy"):  # a long-running process has it loaded already
            with hub.vectors.lock:
                hub.vectors._dense_copy(TENANT)
        if args.embed:  # the real model inside the clock, as `bench scale` times it
            hub.embedder = emb.embedder
        # --cpu: the main thread's CPU time, which a busy shared machine does not inflate (wall
        # time counts the moments the process waits for a core); the embedding thread is not in it
        prof = (
            (cProfile.Profile(time.thread_time) if args.cpu else cProfile.Profile()) if args.profile else None
        )
        t0, c0 = time.perf_counter(), time.process_time()
        if prof:
            prof.enable()
        if args.pipelined:  # the same batches, the next one embedded on a second thread meanwhile
            mem.remember_many(turns, batch=args.batch)
        else:
            for start in range(0, len(turns), args.batch):
                mem.remember_many(turns[start : start + args.batch])
        if prof:
            prof.disable()
        seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
        if (
            emb.misses
        ):  # cards whose text depends on earlier batches (a reply's addressee): kept for next time
            _save_cache(cache_path, cache)
            say(f"{emb.misses} texts were embedded inside the clock; run again for a clean figure")
        made = tenant_parts(mem).db.count() - before
        result = {
            "turns": len(turns),
            "cards_before": before,
            "cards_made": made,
            "seconds": seconds,
            "turns_per_s": len(turns) / seconds,
            "cpu_seconds": cpu,
            "turns_per_cpu_s": len(turns) / cpu,
            "misses": emb.misses,
            "profiled": bool(prof),
        }
        if prof:
            prof.dump_stats(args.profile)
            result["stages"] = stages(pstats.Stats(prof))
        if args.dump:
            args.dump.write_text(json.dumps(dump(mem), default=str, sort_keys=True))
        return result
    finally:
        hub.close()


def stages(stats: pstats.Stats) -> dict[str, float]:
    """Cumulative seconds of each stage of :data:`STAGES` found in the profile."""
    out = {}
    for label, suffix, name in STAGES:
        total = sum(v[3] for (file, _, fn), v in stats.stats.items() if fn == name and file.endswith(suffix))
        out[label] = round(total, 3)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data-dir", type=Path, default=Path("/tmp/ingest-prof"))
    ap.add_argument("--data", type=Path, default=Path("/work/shared/data/locomo/dev.json"))
    ap.add_argument("--cards", type=int, default=10_000, help="cards in the tenant before the timed turns")
    ap.add_argument("--turns", type=int, default=2_000, help="fresh turns to time")
    ap.add_argument("--batch", type=int, default=256, help="turns per remember_many call")
    ap.add_argument("--profile", type=Path, help="run under cProfile and save the stats here")
    ap.add_argument("--dump", type=Path, help="write the stored tenant as JSON here")
    ap.add_argument("--json", type=Path, help="write the figures as JSON here")
    ap.add_argument("--embed", action="store_true", help="embed with the real model inside the clock")
    ap.add_argument(
        "--cpu", action="store_true", help="profile the main thread's CPU time instead of wall time"
    )
    ap.add_argument(
        "--warm",
        action="store_true",
        help="load the index's in-memory dense copy (#12) before the clock, as a running process has it",
    )
    ap.add_argument(
        "--pipelined",
        action="store_true",
        help="one remember_many(turns, batch=--batch) call: the next batch embedded while one is written",
    )
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)
    say = lambda line: print(line, file=sys.stderr)  # noqa: E731 - a script, not the library
    result = run(args, say)
    if "stages" in result:
        for label, seconds in result["stages"].items():
            print(f"{label:<42}{seconds:>8.2f} s")
    print(
        f"{result['turns']} turns -> {result['cards_made']} cards over {result['cards_before']:,}: "
        f"{result['seconds']:.2f} s, {result['turns_per_s']:.0f} turns/s "
        f"({result['turns_per_cpu_s']:.0f} per CPU second)"
        f"{' (profiled)' if result['profiled'] else ''}, {result['misses']} embedder misses"
    )
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
