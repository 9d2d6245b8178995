"""The ``autogen-zettel`` command: a thin mirror of the library.

Each command opens a :class:`~autogen_zettel.memory.tenant.MemoryHub`, calls one method, and maps
:class:`~autogen_zettel.base.errors.ZettelError` to a click error that states the fix.
"""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path

import click
from rich.table import Table
from rich.text import Text

from autogen_zettel.base.cards import Message
from autogen_zettel.base.config import EMBEDDED
from autogen_zettel.base.errors import ConfigError, InvalidInput
from autogen_zettel.base.messages import validate_message
from autogen_zettel.base.yamlio import read_text
from autogen_zettel.cli import memory_cmds, persona_cmds
from autogen_zettel.cli.schema_cmds import schema
from autogen_zettel.cli.common import DEFAULT_DATA, Context, ZettelGroup, console, known_tenant, open_tenant

__all__ = ["main"]

@click.group(cls=ZettelGroup)
@click.option("--data-dir", default=DEFAULT_DATA, show_default=True, type=click.Path(file_okay=False),
              help="Memory folder (SQLite files and Qdrant local storage). Env: AUTOGEN_ZETTEL_DATA.")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
              help="A memory config YAML, e.g. configs/default.yaml.")
@click.option("--qdrant-url", default=None, help="Use a Qdrant server instead of local mode.")
@click.option("-v", "--verbose", is_flag=True, help="Log progress details.")
@click.pass_context
def main(ctx, data_dir, config_path, qdrant_url, verbose):
    """Per-agent Zettelkasten memory for AutoGen: ingest, recall, inspect, evolve personas."""
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
    out = []
    for where, r in records:
        if not isinstance(r, dict):
            raise ConfigError(f"{where}: expected an object with 'text' and 'speaker'", file=str(path))
        try:
            out.append(validate_message(r))  # the one message schema, as remember() uses
        except InvalidInput as exc:
            raise ConfigError(f"{where}: {exc}", file=str(path)) from None
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
    with obj.hub(create=True) as hub:
        mem = hub.tenant(tenant)
        from tqdm import tqdm

        cards = 0
        with tqdm(total=len(messages), desc=f"ingesting into {tenant}", unit="msg") as bar:
            # batches of 64, the next one embedded while one is written; the bar moves per 1,024
            for start in range(0, len(messages), 1024):
                chunk = messages[start : start + 1024]
                cards += len(mem.remember_many(chunk, batch=64))
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
        # reading is no access: touching would reset the forgetting curve of the cards it shows
        hits = open_tenant(hub, tenant).recall(query, k=k, touch=False)
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
        mem = open_tenant(hub, tenant)
        info = mem.explain(mem.resolve_id(card_id))
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
@click.argument("tenant", required=False)
@click.option("--model", default=None, help="Rebuild with this embedding model (e.g. minilm, BAAI/bge-m3).")
@click.option("--all", "all_tenants", is_flag=True, help="Rebuild every tenant of the data folder.")
@click.option("--engine", type=click.Choice(EMBEDDED), default=None,
              help="Rebuild into this embedded engine; `--all --engine edge` moves an older folder to qdrant-edge.")
@click.pass_obj
def reindex(obj: Context, tenant: str | None, model: str | None, all_tenants: bool, engine: str | None):
    """Rebuild TENANT's vector collection (or every tenant's, with --all) from its SQLite database.

    Example: autogen-zettel reindex alice --model minilm
    Example: autogen-zettel reindex --all --engine edge
    """
    if bool(tenant) == all_tenants:
        raise click.UsageError("give a TENANT or --all, e.g. `autogen-zettel reindex --all --engine edge`")
    with obj.hub(model=model, engine=engine) as hub:
        if all_tenants:
            done = hub.reindex_all(progress=True)
            console.print(f"reindexed {sum(done.values())} cards of {len(done)} tenants into {hub.vectors.engine}")
            return
        n = hub.reindex(known_tenant(hub, tenant), progress=True)
    console.print(f"reindexed {n} cards of {tenant}")


@main.command()
@click.argument("tenant", required=False)
@click.option("--sample", default=32, show_default=True, help="Cards re-embedded and searched for, per tenant.")
@click.pass_obj
def verify(obj: Context, tenant: str | None, sample: int):
    """Compare TENANT's vector index (or every tenant's) with its SQLite database: point ids,
    counts and a sample of cards re-embedded; says what to run when they differ.

    Example: autogen-zettel verify alice
    """
    from autogen_zettel.memory.verify import verify_tenant

    with obj.hub() as hub:
        names = [known_tenant(hub, tenant)] if tenant else hub.tenants()
        reports = [verify_tenant(hub, name, sample=sample) for name in names]
    for r in reports:
        if r.ok:
            console.print(f"{r.tenant}: ok ({r.cards} cards, {r.points} points, {r.sampled} re-embedded)")
        else:
            console.print(f"{r.tenant}: DAMAGED", markup=False)
            for problem in r.problems:
                console.print(f"  - {problem}", markup=False)
            console.print(f"  fix: {r.fix}", markup=False)
    if not all(r.ok for r in reports):
        raise SystemExit(1)


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
    from autogen_zettel.base.llm import load_llm_config
    from autogen_zettel.research.report import report
    from autogen_zettel.research.simulate import load_scenario, run_scenario

    sc = load_scenario(scenario)
    out = out_dir or Path("runs") / sc.name
    llm_config = load_llm_config(llm_path) if llm_path else None
    with console.status(f"running {sc.name} ({len(sc.sessions)} sessions)"):
        result = run_scenario(sc, out, overwrite=overwrite, llm_config=llm_config)
    console.print(*report(result))


for _command in (*memory_cmds.COMMANDS, *persona_cmds.COMMANDS, schema):
    main.add_command(_command)

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
