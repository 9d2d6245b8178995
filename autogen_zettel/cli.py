"""The ``autogen-zettel`` command: a thin mirror of the library.

Each command opens a :class:`~autogen_zettel.memory.MemoryHub`, calls one method, and maps
:class:`~autogen_zettel.errors.ZettelError` to a click error that states the fix.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from datetime import datetime
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from .cards import Message
from .config import MemoryConfig, load_config, read_text
from .errors import ConfigError, NotFound, ZettelError
from .memory import MemoryHub, Zettelkasten, validate_tenant_name

__all__ = ["main"]

console = Console()
DEFAULT_DATA = os.environ.get("AUTOGEN_ZETTEL_DATA", "./memory")


class Context:
    def __init__(self, data_dir: str, config: str | None, qdrant_url: str | None, model: str | None = None):
        self.data_dir = data_dir
        self.config_path = config
        self.qdrant_url = qdrant_url
        self.model = model

    def config(self) -> MemoryConfig:
        cfg = load_config(self.config_path) if self.config_path else MemoryConfig()
        return cfg

    def hub(self, *, model: str | None = None, memory: bool = False) -> MemoryHub:
        cfg = self.config()
        if model:
            from dataclasses import replace

            cfg = replace(cfg, embedding=replace(cfg.embedding, model=model))
        if memory:
            return MemoryHub.open(memory=True, config=cfg, qdrant_url=self.qdrant_url)
        return MemoryHub.open(self.data_dir, config=cfg, qdrant_url=self.qdrant_url)


def known_tenant(hub: MemoryHub, name: str, *, audited: bool = False) -> str:
    """``name`` if the hub holds that tenant (or, with ``audited``, its audit log, kept after a
    drop), else :class:`NotFound` listing the tenants there are. Commands that read or change
    a tenant check first: ``hub.tenant(name)`` would create a misspelt one."""
    name = validate_tenant_name(name)
    known = hub.tenants()
    if name in known:
        return name
    if audited and hub.data_dir is not None and (hub.data_dir / "audit" / f"{name}.sqlite").exists():
        return name
    raise NotFound(f"tenant {name!r} does not exist in {hub.data_dir}; known tenants: {', '.join(known) or 'none'} "
                   "(check the name or --data-dir; `autogen-zettel ingest TENANT FILE` creates a tenant)")


def open_tenant(hub: MemoryHub, name: str) -> Zettelkasten:
    """The existing tenant ``name`` (see :func:`known_tenant`); never creates one."""
    return hub.tenant(known_tenant(hub, name))


def _fail(exc: Exception) -> click.ClickException:
    return click.ClickException(str(exc))


class ZettelGroup(click.Group):
    """Turns library errors into clean CLI errors (no tracebacks for expected failures)."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except ZettelError as exc:
            raise _fail(exc) from None


@click.group(cls=ZettelGroup)
@click.option("--data-dir", default=DEFAULT_DATA, show_default=True, type=click.Path(file_okay=False),
              help="Memory folder (SQLite files and Qdrant local storage). Env: AUTOGEN_ZETTEL_DATA.")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
              help="A memory config YAML, e.g. configs/default.yaml.")
@click.option("--qdrant-url", default=None, help="Use a Qdrant server instead of local mode.")
@click.option("-v", "--verbose", is_flag=True, help="Log progress details.")
@click.pass_context
def main(ctx, data_dir, config_path, qdrant_url, verbose):
    """Per-agent Zettelkasten memory for AutoGen: ingest, recall, inspect, benchmark."""
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    ctx.obj = Context(data_dir, config_path, qdrant_url)


def _read_messages(path: Path) -> list[Message]:
    """Messages from a JSON list or JSONL file; errors name the file and line."""
    text = read_text(path)
    stripped = text.lstrip()
    records: list[tuple[str, object]] = []
    if stripped.startswith("["):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ConfigError(f"malformed JSON at line {exc.lineno}: {exc.msg}", file=str(path)) from None
        records = [(f"item {i}", r) for i, r in enumerate(data)]
    else:
        for n, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                try:
                    records.append((f"line {n}", json.loads(line)))
                except json.JSONDecodeError as exc:
                    raise ConfigError(f"malformed JSON on line {n}: {exc.msg}", file=str(path)) from None
    allowed = {"text", "speaker", "id", "message_id", "session_id", "at", "reply_to"}
    out = []
    for where, r in records:
        if not isinstance(r, dict):
            raise ConfigError(f"{where}: expected an object with 'text' and 'speaker'", file=str(path))
        unknown = set(r) - allowed
        if unknown:
            raise ConfigError(f"{where}: unknown field(s) {sorted(unknown)}; allowed: {sorted(allowed)}", file=str(path))
        for key in ("text", "speaker"):
            if not isinstance(r.get(key), str):
                raise ConfigError(f"{where}: field {key!r} must be a string, got {r.get(key)!r}", file=str(path))
        at = r.get("at")
        if at is not None:
            try:
                at = datetime.fromisoformat(str(at))
            except ValueError:
                raise ConfigError(f"{where}: 'at' must be an ISO date-time, got {at!r}", file=str(path)) from None
        out.append(Message(r["text"], r["speaker"], r.get("message_id") or r.get("id"), r.get("session_id"), at,
                           r.get("reply_to")))
    return out


@main.command()
@click.argument("tenant")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.pass_obj
def ingest(obj: Context, tenant: str, file: Path):
    """Remember the messages of FILE (JSON list or JSONL) in TENANT's memory.

    Each message: {"text": ..., "speaker": ..., "id": ..., "session_id": ..., "at": ISO time}.

    Example: autogen-zettel ingest alice chat.jsonl
    """
    messages = _read_messages(file)
    with obj.hub() as hub:
        mem = hub.tenant(tenant)
        from tqdm import tqdm

        cards = 0
        with tqdm(total=len(messages), desc=f"ingesting into {tenant}", unit="msg") as bar:
            for start in range(0, len(messages), 64):
                chunk = messages[start : start + 64]
                cards += len(mem.remember_many(chunk))
                bar.update(len(chunk))
    console.print(f"{len(messages)} messages -> {cards} new cards in [bold]{tenant}[/]")


@main.command()
@click.argument("tenant")
@click.argument("query")
@click.option("-k", default=None, type=int, help="How many hits (default: recall.k of the config).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.pass_obj
def recall(obj: Context, tenant: str, query: str, k: int | None, as_json: bool):
    """Recall TENANT's cards for QUERY, best first, with the layer that unlocked each.

    Example: autogen-zettel recall alice "where does she live?" -k 5
    """
    with obj.hub() as hub:
        hits = open_tenant(hub, tenant).recall(query, k=k)
        if as_json:
            click.echo(json.dumps([
                {"id": h.card.id, "score": round(h.score, 4), "layer": h.layer, "content": h.card.content,
                 "speaker": h.card.speaker, "at": h.card.created_at.isoformat(), "session_id": h.card.session_id,
                 "source_ids": list(h.card.source_ids), "via": list(h.via) if h.via else None}
                for h in hits
            ], indent=2))
            return
        table = Table(title=f"recall in {tenant}: {query!r}")
        for col in ("#", "score", "layer", "when", "who", "content", "sources"):
            table.add_column(col)
        for i, h in enumerate(hits, 1):
            # card text is data, not rich markup: "[redacted payment card]" must show as written
            table.add_row(str(i), f"{h.score:.3f}", h.layer, h.card.created_at.strftime("%Y-%m-%d"),
                          Text(h.card.speaker), Text(h.card.content), ", ".join(h.card.source_ids))
        console.print(table)


@main.command()
@click.argument("tenant")
@click.argument("card_id")
@click.pass_obj
def show(obj: Context, tenant: str, card_id: str):
    """Show one card with its provenance (source messages) and links.

    Example: autogen-zettel show alice 6f1c...-...
    """
    with obj.hub() as hub:
        info = open_tenant(hub, tenant).explain(card_id)
    card = info["card"]
    console.print(f"[bold]{card.id}[/] ({card.kind.value}, {card.status.value}, confidence {card.confidence})")
    console.print(f"{card.speaker} at {card.created_at.isoformat()} in session {card.session_id}: {card.content}",
                  markup=False)  # card text is data, not rich markup
    console.print(f"tags: {', '.join(card.tags)}  entities: {', '.join(card.entities)}  "
                  f"importance {card.importance}  accessed {card.access_count}x", markup=False)
    for m in info["sources"]:
        console.print(f"  source {m['id']} ({m['speaker']}, {m['at']}): {m['text']}", markup=False)
    for link in info["links"]:
        other = link.dst if link.src == card.id else link.src
        console.print(f"  link {link.kind.value} {link.weight:.2f} -> {other}")


@main.command()
@click.argument("tenant")
@click.option("--model", default=None, help="Rebuild with this embedding model (e.g. minilm, BAAI/bge-m3).")
@click.pass_obj
def reindex(obj: Context, tenant: str, model: str | None):
    """Rebuild TENANT's Qdrant collection from its SQLite database.

    Example: autogen-zettel reindex alice --model minilm
    """
    with obj.hub(model=model) as hub:
        n = hub.reindex(known_tenant(hub, tenant), progress=True)
    console.print(f"reindexed {n} cards of {tenant}")


@main.command()
@click.argument("tenant", required=False)
@click.pass_obj
def stats(obj: Context, tenant: str | None):
    """Counts for TENANT (cards by kind and status, links, index points), or list tenants.

    Example: autogen-zettel stats alice
    """
    with obj.hub() as hub:
        if tenant is None:
            for name in hub.tenants():
                console.print(name)
            return
        st = open_tenant(hub, tenant).stats()
    click.echo(json.dumps(st, indent=2))


@main.group()
def bench():
    """Benchmarks that print measured figures."""


@bench.command("locomo")
@click.option("--data", "data", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="A LoCoMo JSON file, e.g. ../shared/data/locomo/dev.json.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write the figures as JSON here.")
@click.option("--on-disk", is_flag=True, help="Store in --data-dir instead of in memory.")
@click.option("--maintain", is_flag=True, help="Run maintenance (merge, prune, summaries, ...) after ingest.")
@click.pass_obj
def bench_locomo(obj: Context, data: Path, json_out: Path | None, on_disk: bool, maintain: bool):
    """Evidence recall R@5/10/20 of our memory vs BM25 and flat dense retrieval on LoCoMo.

    Example: autogen-zettel bench locomo --data ../shared/data/locomo/dev.json
    """
    from rich.progress import Progress

    from .bench.locomo import CATEGORIES, KS, load_locomo, run_locomo

    convs = load_locomo(data)
    with obj.hub(memory=not on_disk) as hub, Progress(console=console, transient=True) as progress:
        tasks = {}

        def report(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = progress.add_task(stage, total=total)
            progress.update(tasks[stage], completed=done)

        result = run_locomo(hub, convs, progress=report, maintain=maintain)
    overall = Table(title=f"LoCoMo evidence recall, {result.questions} questions ({data.name})")
    overall.add_column("method")
    for k in KS:
        overall.add_column(f"R@{k}", justify="right")
    for k in KS:
        overall.add_column(f"multi-hop R@{k}", justify="right")
    for m in result.methods:
        overall.add_row(m, *(f"{result.table.get(m, k):.1f}" for k in KS),
                        *(f"{result.table.get(m, k, 'multi-hop'):.1f}" for k in KS))
    console.print(overall)
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


@bench.command("scale")
@click.option("--data", "data", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="A LoCoMo JSON file whose turns are replayed as messages.")
@click.option("--cards", "n_cards", default=10_000, show_default=True, help="Cards to reach in one tenant.")
@click.option("--queries", default=200, show_default=True, help="Recall queries to time.")
@click.pass_obj
def bench_scale(obj: Context, data: Path, n_cards: int, queries: int):
    """Ingest throughput and recall latency with N cards in one tenant (Qdrant local, on disk).

    Example: autogen-zettel --data-dir /tmp/scale bench scale --data ../shared/data/locomo/dev.json
    """
    from .bench.scale import run_scale

    with obj.hub() as hub:
        r = run_scale(hub, data, n_cards=n_cards, n_queries=queries, progress=True)
    console.print(
        f"{r['cards']} cards ({r['messages']} messages) in one tenant: ingest {r['messages_per_s']:.1f} msg/s "
        f"({r['cards_per_s']:.1f} cards/s); recall p50 {r['recall_ms_p50']:.1f} ms, p95 {r['recall_ms_p95']:.1f} ms "
        f"(query embedding included); reopen {r['reopen_s']:.2f} s"
    )


@main.command()
@click.argument("scenario", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Run folder (default: runs/<scenario name>).")
@click.option("--overwrite", is_flag=True, help="Replace an existing run folder.")
@click.option("--llm", "llm_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="An LLM config YAML (configs/llm.example.yaml); default: the offline model client.")
def simulate(scenario: Path, out_dir: Path | None, overwrite: bool, llm_path: Path | None):
    """Run a research simulation SCENARIO (YAML) as AutoGen group chats over simulated days.

    Writes the run folder (memories, transcript.jsonl with what each agent unlocked per reply,
    metrics.json) and prints, per session, what each agent unlocked and why.

    Example: autogen-zettel simulate examples/scenarios/research_group.yaml --overwrite
    """
    from .llm import load_llm_config
    from .simulate import load_scenario, report, run_scenario

    sc = load_scenario(scenario)
    out = out_dir or Path("runs") / sc.name
    llm_config = load_llm_config(llm_path) if llm_path else None
    with console.status(f"running {sc.name} ({len(sc.sessions)} sessions)"):
        result = run_scenario(sc, out, overwrite=overwrite, llm_config=llm_config)
    console.print(*report(result))


from . import cli_archive  # noqa: E402,F401  (registers the memory-archive commands on main)
from . import cli_persona  # noqa: E402,F401  (registers the traits command on main)

if __name__ == "__main__":  # pragma: no cover
    # run as `python -m autogen_zettel.cli`: use the imported module's group, on which
    # cli_archive registered its commands (this file's copy is a different module object)
    from autogen_zettel.cli import main as _main

    sys.exit(_main())
