"""``python -m benchmarks ...``: the benchmarks, each a thin call into a module of this folder.

They live beside the package, not in it: they read data the user has (LoCoMo) and measure
the library from outside. Run them from a checkout: ``python -m benchmarks --help``."""

from __future__ import annotations

import json
import logging
import time
from contextlib import contextmanager
from pathlib import Path

import click
from rich.table import Table

from autogen_zettel.cli.common import DEFAULT_DATA, Context, ZettelGroup, console

__all__ = ["bench"]


def data_option(help: str):
    """The ``--data`` option of a benchmark that reads LoCoMo (a required path to its JSON)."""
    return click.option(
        "--data", "data", required=True, type=click.Path(dir_okay=False, path_type=Path), help=help
    )


# ``--json FILE``: every benchmark can also write its figures as JSON
json_option = click.option(
    "--json",
    "json_out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Also write the figures as JSON here.",
)


@click.group(cls=ZettelGroup)
@click.option(
    "--data-dir",
    default=DEFAULT_DATA,
    show_default=True,
    type=click.Path(file_okay=False),
    help="Memory folder for the benchmark's tenants. Env: AUTOGEN_ZETTEL_DATA.",
)
@click.option(
    "--config",
    "config_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="A memory config YAML, e.g. configs/default.yaml.",
)
@click.option("--qdrant-url", default=None, help="Use a Qdrant server instead of the embedded engine.")
@click.option("-v", "--verbose", is_flag=True, help="Log progress details.")
@click.pass_context
def bench(ctx, data_dir, config_path, qdrant_url, verbose):
    """Benchmarks that print measured figures (python -m benchmarks COMMAND --help)."""
    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING, format="%(levelname)s %(name)s: %(message)s"
    )
    ctx.obj = Context(data_dir, config_path, qdrant_url)


@contextmanager
def _progress():
    """``report(stage, done, total)``: rich bars on a terminal, else one line per update (a
    benchmark run in the background or under CI still shows where it is)."""
    if console.is_terminal:
        from rich.progress import Progress

        with Progress(console=console, transient=True) as progress:
            tasks: dict[str, object] = {}

            def report(stage: str, done: int, total: int) -> None:
                if stage not in tasks:
                    tasks[stage] = progress.add_task(stage, total=total)
                progress.update(tasks[stage], completed=done)

            yield report
        return
    started = time.perf_counter()

    def report(stage: str, done: int, total: int) -> None:
        click.echo(f"[{time.perf_counter() - started:7.1f} s] {stage}: {done}/{total}", err=True)

    yield report


@bench.command("locomo")
@data_option("A LoCoMo JSON file, e.g. ../shared/data/locomo/dev.json.")
@json_option
@click.option("--on-disk", is_flag=True, help="Store in --data-dir instead of in memory.")
@click.option("--maintain", is_flag=True, help="Run maintenance (merge, prune, summaries, ...) after ingest.")
@click.pass_obj
def bench_locomo(obj: Context, data: Path, json_out: Path | None, on_disk: bool, maintain: bool):
    """Evidence recall R@5/10/20 of our memory vs BM25 and flat dense retrieval on LoCoMo.

    Example: python -m benchmarks locomo --data ../shared/data/locomo/dev.json
    """
    from benchmarks.locomo import CATEGORIES, HYBRID, KS, SESSION, load_locomo, run_locomo

    convs = load_locomo(data)
    with obj.hub(memory=not on_disk, create=True) as hub, _progress() as report:
        result = run_locomo(hub, convs, progress=report, maintain=maintain)
    overall = Table(title=f"LoCoMo evidence recall, {result.questions} questions ({data.name})")
    overall.add_column("method")
    for k in KS:
        overall.add_column(f"R@{k}", justify="right")
    for k in KS:
        overall.add_column(f"multi-hop R@{k}", justify="right")
    overall.add_column("session R@10", justify="right")  # evidence sessions among the first ten hits
    for m in result.methods:
        overall.add_row(
            m,
            *(f"{result.table.get(m, k):.1f}" for k in KS),
            *(f"{result.table.get(m, k, 'multi-hop'):.1f}" for k in KS),
            f"{result.table.get(m, SESSION):.1f}",
        )
    console.print(overall)
    ours, ref = result.methods[0], HYBRID
    console.print(
        f"{ours} - {ref}: "
        + ", ".join(
            f"{label} {result.table.get(ours, k, c) - result.table.get(ref, k, c):+.1f}"
            for label, k, c in (
                ("R@5", 5, "overall"),
                ("R@10", 10, "overall"),
                ("R@20", 20, "overall"),
                ("multi-hop R@10", 10, "multi-hop"),
            )
        )
    )
    counts = result.table.counts()
    by_cat = Table(title="R@10 by question category (questions)")
    by_cat.add_column("method")
    for cat in CATEGORIES.values():
        by_cat.add_column(f"{cat} ({counts.get(cat, 0)})", justify="right")
    for m in result.methods:
        by_cat.add_row(m, *(f"{result.table.get(m, 10, c):.1f}" for c in CATEGORIES.values()))
    console.print(by_cat)
    console.print(
        f"ingest: {result.ingest_turns} turns -> {result.cards} cards, {result.links} links, "
        f"{result.ingest_rate:.1f} turns/s; recall latency (query embedding included): "
        f"p50 {result.latency(50):.1f} ms, p95 {result.latency(95):.1f} ms"
    )
    if result.maintenance:
        console.print(f"maintenance after ingest: {result.maintenance}")
    if json_out:
        json_out.write_text(json.dumps(result.to_dict(), indent=2))


def _say(line: str) -> None:
    """A progress line on stderr, flushed, also when stderr is not a terminal (CI logs, nohup)."""
    click.echo(line, err=True)


@bench.command("scale")
@data_option("A LoCoMo JSON file whose turns are replayed as messages.")
@click.option(
    "--cards",
    "sizes",
    multiple=True,
    type=int,
    default=(10_000, 100_000),
    show_default=True,
    help="Sizes to grow one tenant to, measured at each (repeat the option).",
)
@click.option("--queries", default=200, show_default=True, help="Recall queries to time at each size.")
@click.option(
    "--single", default=200, show_default=True, help="Turns remembered one call each, timed at each size."
)
@click.option(
    "--timed",
    "timed",
    default=2560,
    show_default=True,
    help="Turns before each size remembered with the real embedder and timed (the rest of the "
    "fill embeds each distinct turn once).",
)
@click.option(
    "--fresh",
    is_flag=True,
    help="Store only texts never given before (later rounds shuffle each turn's words), so no "
    "cache meets a text twice; the fill then embeds every turn with the real model.",
)
@json_option
@click.pass_obj
def bench_scale(
    obj: Context,
    data: Path,
    sizes: tuple[int, ...],
    queries: int,
    single: int,
    timed: int,
    fresh: bool,
    json_out: Path | None,
):
    """Grow one tenant to 10k and 100k cards: recall p50/p95 next to a flat dense baseline over
    the same texts, ingest turns/s (remember_many and remember), reopen time, disk, peak RSS.

    Example: python -m benchmarks --data-dir /tmp/scale scale --data ../shared/data/locomo/dev.json --cards 10000
    """
    from benchmarks.scale import run_scale

    obj.hub(create=True).close()  # checks the folder and config before the long run

    def save(rows) -> None:
        if json_out:
            json_out.write_text(json.dumps([r.to_dict() for r in rows], indent=2))

    rows = run_scale(
        lambda: obj.hub(create=True),
        data,
        sizes=sizes,
        n_queries=queries,
        n_single=single,
        say=_say,
        on_row=save,
        timed_turns=timed,
        fresh=fresh,
    )
    table = Table(
        title=f"one tenant, {rows[0].engine if rows else '?'} engine (recall includes the query embedding)"
    )
    table.add_column("")
    for r in rows:
        table.add_column(f"{r.cards:,} cards", justify="right")
    figures = [
        ("live recall p50 / p95 (touch on)", lambda r: f"{r.live_ms_p50:.1f} / {r.live_ms_p95:.1f} ms"),
        ("recall p50 / p95, touch off", lambda r: f"{r.recall_ms_p50:.1f} / {r.recall_ms_p95:.1f} ms"),
        ("recall p50 / p95, flat dense", lambda r: f"{r.flat_ms_p50:.1f} / {r.flat_ms_p95:.1f} ms"),
        ("p95 live / flat", lambda r: f"{r.live_ratio_p95:.2f}x"),
        ("p95 touch off / flat", lambda r: f"{r.ratio_p95:.2f}x"),
        ("ingest, remember_many", lambda r: f"{r.many_turns_per_s:.0f} turns/s"),
        ("bare embedder, same texts", lambda r: f"{r.bare_texts_per_s:.0f} texts/s"),
        ("remember_many / bare embedder", lambda r: f"{r.many_share:.2f}x"),
        (
            "CPU: model per text, write path per turn",
            lambda r: f"{r.bare_cpu_ms:.1f}, {r.write_cpu_ms:.1f} ms",
        ),
        ("ingest, remember()", lambda r: f"{r.one_turns_per_s:.0f} turns/s"),
        ("reopen (hub + tenant)", lambda r: f"{r.reopen_s:.2f} s"),
        ("first recall after reopening", lambda r: f"{r.first_recall_ms:.0f} ms"),
        ("link adjacency load (background)", lambda r: f"{r.adjacency_s:.2f} s"),
        ("disk", lambda r: f"{r.disk_mb:.0f} MB"),
        ("peak RSS", lambda r: f"{r.peak_rss_mb:.0f} MB"),
        ("turns, links", lambda r: f"{r.turns:,}, {r.links:,}"),
    ]
    for label, show in figures:
        table.add_row(label, *(show(r) for r in rows))
    console.print(table, width=120)


@bench.command("cells")
@data_option("A LoCoMo JSON file whose turns are replayed as messages.")
@click.option("--cards", default=100_000, show_default=True, help="Cards to fill one tenant to.")
@json_option
@click.pass_obj
def bench_cells(obj: Context, data: Path, cards: int, json_out: Path | None):
    """Fill one tenant and check every neighbour search a cell-partitioned dense copy answers:
    the share of the exact top neighbours among its candidates, and the pick's time both ways.

    Example: python -m benchmarks --data-dir /tmp/cells cells --data ../shared/data/locomo/dev.json --cards 100000
    """
    from benchmarks.cells_recall import run_cells

    row = run_cells(lambda: obj.hub(create=True), data, cards=cards, say=_say)
    if json_out:
        json_out.write_text(json.dumps(row.to_dict(), indent=2))


@bench.command("groupchat")
@data_option("A LoCoMo JSON file whose turns are the chat.")
@click.option("--agents", default=8, show_default=True, help="Listening agents (tenants of one hub).")
@click.option("--messages", default=200, show_default=True, help="Messages timed.")
@json_option
@click.pass_obj
def bench_groupchat(obj: Context, data: Path, agents: int, messages: int, json_out: Path | None):
    """A group chat of N listening agents in one hub: capture cost per message with 1 and N
    listeners, and every agent's recall p50/p95 while the others write (fresh hubs under --data-dir).

    Example: python -m benchmarks --data-dir /tmp/chat groupchat --data ../shared/data/locomo/dev.json --agents 8
    """
    import shutil

    from autogen_zettel.embed.encode_cache import unwrap
    from autogen_zettel.memory.hub import MemoryHub
    from benchmarks.groupchat import run_groupchat

    cfg, shared = obj.config(), {}
    root = Path(obj.data_dir)

    def open_hub(folder: Path) -> MemoryHub:
        shutil.rmtree(folder, ignore_errors=True)
        hub = MemoryHub.open(folder, config=cfg, embedder=shared.get("embedder"))
        shared.setdefault("embedder", unwrap(hub.embedder))  # one model for every hub of the run
        return hub

    r = run_groupchat(open_hub, data, root, agents=agents, messages=messages, say=_say)
    console.print(
        f"{r.agents} listeners: {r.many_ms_per_message:.1f} ms per message against "
        f"{r.one_ms_per_message:.1f} ms for one ({r.ratio:.2f}x; {r.encodes_many} texts encoded against "
        f"{r.encodes_one}); recall while others write p50 {r.recall_ms_p50:.1f} / p95 "
        f"{r.recall_ms_p95:.1f} ms ({r.recalls} recalls); peak RSS {r.peak_rss_mb:.0f} MB"
    )
    if json_out:
        json_out.write_text(json.dumps(r.to_dict(), indent=2))


@bench.command("stall")
@click.option("--points", default=100_000, show_default=True, help="Points of the shard that optimizes.")
@click.option(
    "--queries", default=2000, show_default=True, help="Searches of the other tenant timed per phase."
)
@json_option
@click.pass_obj
def bench_stall(obj: Context, points: int, queries: int, json_out: Path | None):
    """Another tenant's search p50/p99 while one tenant's large shard optimizes (in a child
    process, and in this process), against the same searches with nothing else running.

    Example: python -m benchmarks --data-dir /tmp/stall stall --points 100000
    """
    from benchmarks.stall import run_stall

    r = run_stall(points=points, queries=queries, folder=Path(obj.data_dir), say=_say)
    console.print(json.dumps(r.to_dict(), indent=2))
    if json_out:
        json_out.write_text(json.dumps(r.to_dict(), indent=2))


@bench.command("tenants")
@click.option("--agents", default=1000, show_default=True, help="Tenants to open in one hub.")
@click.option(
    "--ulimit",
    "ulimit",
    default=0,
    show_default=True,
    help="Lower this process's open-file limit (ulimit -n) to this first (0: leave it).",
)
@json_option
@click.pass_obj
def bench_tenants(obj: Context, agents: int, ulimit: int, json_out: Path | None):
    """Open a hub with N tenants, one remember and one recall each, then reopen it: time, RSS,
    open files and threads (what limits the number).

    Example: python -m benchmarks --data-dir /tmp/tenants tenants --agents 2000 --ulimit 256
    """
    from benchmarks.tenants import run_tenants

    if ulimit:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (ulimit, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
    obj.hub(create=True).close()
    r = run_tenants(lambda: obj.hub(create=True), agents=agents, say=_say)
    console.print(json.dumps(r.to_dict(), indent=2))
    if json_out:
        json_out.write_text(json.dumps(r.to_dict(), indent=2))


@bench.command("engines")
@click.option(
    "--points",
    "sizes",
    multiple=True,
    type=int,
    default=(1_000, 10_000, 100_000),
    show_default=True,
    help="Collection sizes to measure (repeat the option).",
)
@json_option
@click.pass_obj
def bench_engines(obj: Context, sizes: tuple[int, ...], json_out: Path | None):
    """qdrant-edge vs qdrant-client local mode through the one index interface: upsert, search,
    delete, reopen and disk at each size (random 384-d vectors; folders under --data-dir).

    Example: python -m benchmarks --data-dir /tmp/engines engines --points 1000 --points 10000
    """
    from benchmarks.engines import run_engines

    rows = run_engines(obj.data_dir, sizes=sizes, threads=obj.config().threads.limit, say=_say)
    table = Table(title="embedded engines (search = dense + lexical top-100, as recall asks)")
    for col in ("engine", "points", "upsert", "search p50", "search p95", "delete 100", "reopen", "disk"):
        table.add_column(col, justify="right")
    for r in rows:
        table.add_row(
            r.engine,
            f"{r.points:,}",
            f"{r.upsert_points_per_s:,.0f}/s",
            f"{r.search_ms_p50:.1f} ms",
            f"{r.search_ms_p95:.1f} ms",
            f"{r.delete_ms:.0f} ms",
            f"{r.reopen_s:.2f} s",
            f"{r.disk_mb:.0f} MB",
        )
    console.print(table, width=120)
    if json_out:
        json_out.write_text(json.dumps([r.to_dict() for r in rows], indent=2))


@bench.command("maintain")
@data_option("A LoCoMo JSON file whose turns are replayed as messages.")
@click.option("--cards", "n_cards", default=10_000, show_default=True, help="Cards to reach in one tenant.")
@json_option
@click.pass_obj
def bench_maintain(obj: Context, data: Path, n_cards: int, json_out: Path | None):
    """Time maintenance (decay, merge, prune, summaries, conflicts) on N cards in one tenant.

    Example: python -m benchmarks --data-dir /tmp/maint maintain --data ../shared/data/locomo/dev.json
    """
    from benchmarks.maintain import run_maintain

    with obj.hub(create=True) as hub:
        r = run_maintain(hub, data, n_cards=n_cards, progress=True)
    console.print(json.dumps(r, indent=2))
    if json_out:
        json_out.write_text(json.dumps(r, indent=2))


@bench.command("persona")
@data_option("A LoCoMo JSON file whose turns fill the tenant.")
@click.option(
    "--cards", "n_cards", default=2000, show_default=True, help="Cards to reach in the tenant first."
)
@click.option("--days", default=30, show_default=True, help="Simulated days of feedback, one mining each.")
@json_option
@click.pass_obj
def bench_persona(obj: Context, data: Path, n_cards: int, days: int, json_out: Path | None):
    """What persona evolution costs at N cards: mining per day, weekly mining with community
    detection and profile, and recall latency with and without the persona factor.

    Example: python -m benchmarks --data-dir /tmp/persona persona --data ../shared/data/locomo/dev.json
    """
    from benchmarks.persona import run_persona

    with obj.hub(create=True) as hub:
        r = run_persona(hub, data, n_cards=n_cards, days=days, progress=True)
    p50, p95 = r["mine_ms_p50_p95"]
    w50, w95 = r["session_end_mine_ms_p50_p95"]
    r50, r95 = r["recall_ms_p50_p95"]
    m50, m95 = r["recall_modulated_ms_p50_p95"]
    console.print(
        f"{r['cards']} cards, {r['days']} days, {r['evidence_edges']} evidence edges: mining p50 {p50:.1f} ms "
        f"(p95 {p95:.1f}); weekly mining with communities and profile p50 {w50:.1f} ms (p95 {w95:.1f}); "
        f"recall p50 {r50:.1f} ms (p95 {r95:.1f}) plain, {m50:.1f} ms (p95 {m95:.1f}) with the persona factor; "
        f"{r['prompt_versions']} prompt versions, {r['module_events']} module events, modules {r['modules']}"
    )
    if json_out:
        json_out.write_text(json.dumps(r, indent=2, default=str))


@bench.command("embed")
@data_option("A LoCoMo JSON file whose turns are embedded.")
@click.option("--queries", default=100, show_default=True, help="Single-text encodes per runtime.")
@click.option(
    "--check", default=1000, show_default=True, help="Turns whose vectors are compared between runtimes."
)
@click.option("--repeats", default=2, show_default=True, help="Rounds of batches per thread count.")
@click.option(
    "--sizes",
    "sizes",
    multiple=True,
    type=int,
    default=(32, 128, 256),
    show_default=True,
    help="Batch sizes in turns (repeat the option).",
)
@click.option(
    "--rss-rounds", default=2, show_default=True, help="Fresh processes per runtime whose peak RSS is read."
)
@json_option
def bench_embed(
    data: Path,
    queries: int,
    check: int,
    repeats: int,
    sizes: tuple[int, ...],
    rss_rounds: int,
    json_out: Path | None,
):
    """MiniLM on torch vs ONNX Runtime (float32 and int8) in one run: query p50/p95, batch
    texts/s at 1 and 2 threads, cosine between their vectors, peak RSS of a process using each.

    Example: python -m benchmarks embed --data ../shared/data/locomo/dev.json
    """
    from benchmarks.embedders import run_embed_bench
    from benchmarks.locomo import load_locomo

    texts = [t.text for conv in load_locomo(data) for t in conv.turns]
    with _progress() as report:
        res = run_embed_bench(
            texts,
            queries=queries,
            check=check,
            repeats=repeats,
            batch_sizes=sizes,
            rss_rounds=rss_rounds,
            progress=report,
        )
    console.print("load + first encode: " + ", ".join(f"{n} {s:.1f} s" for n, s in res.load_s.items()))
    console.print(
        f"cosine torch vs onnx over {res.compared} turns: min {res.cosine_min:.7f}, "
        f"mean {res.cosine_mean:.7f}; identical top-10 lists {res.top10_identical:.0%}"
    )
    console.print(
        f"cosine onnx-int8 vs onnx: min {res.int8_cosine_min:.4f}, mean {res.int8_cosine_mean:.4f}; "
        f"top-10 neighbours shared {res.int8_top10_shared:.0%}"
    )
    queries_table = Table(title="single-text encode (threads 1)")
    for col in ("runtime", "p50 ms", "p95 ms", "peak RSS MB", "torch imported"):
        queries_table.add_column(col)
    for name, q in res.query_ms.items():
        rss = res.rss_mb.get(name)  # measured for torch and onnx only
        queries_table.add_row(
            name,
            f"{q['p50']:.1f}",
            f"{q['p95']:.1f}",
            "-" if rss is None else f"{rss:.0f}",
            str(res.torch_imported.get(name, "-")),
        )
    console.print(queries_table)
    batches = Table(title="batch throughput, texts/s")
    batches.add_column("runtime/threads")
    for size in sizes:
        batches.add_column(f"{size} turns", justify="right")
    for name, row in sorted(res.batch_tps.items()):
        batches.add_row(name, *(f"{row.get(str(size), 0):.0f}" for size in sizes))
    console.print(batches)
    if json_out:
        json_out.write_text(json.dumps(res.as_dict(), indent=2))
