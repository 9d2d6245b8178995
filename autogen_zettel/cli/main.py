"""The ``autogen-zettel`` command: a thin mirror of the library.

Each command opens a :class:`~autogen_zettel.memory.tenant.MemoryHub`, calls one method, and maps
:class:`~autogen_zettel.base.errors.ZettelError` to a click error that states the fix.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from pathlib import Path

import click
from rich import box
from rich.table import Table
from rich.text import Text

from autogen_zettel import __version__
from autogen_zettel.base.cards import Message
from autogen_zettel.base.config import EMBEDDED
from autogen_zettel.base.errors import ConfigError, InvalidInput
from autogen_zettel.base.yamlio import read_text
from autogen_zettel.cli import mcp_cmds, memory_cmds, people_cmds, persona_cmds
from autogen_zettel.cli.common import (
    DEFAULT_DATA,
    Context,
    ZettelGroup,
    console,
    install_notices,
    known_tenant,
    open_tenant,
    plural,
    printable,
    safe_json,
    writable_folder,
)
from autogen_zettel.cli.schema_cmds import schema
from autogen_zettel.cli.view_cmds import view

__all__ = ["main"]

log = logging.getLogger(__name__)


@click.group(cls=ZettelGroup)
@click.version_option(__version__, "--version", prog_name="autogen-zettel", message="%(prog)s %(version)s")
@click.option(
    "--data-dir",
    default=DEFAULT_DATA,
    show_default=True,
    type=click.Path(file_okay=False),
    help="Memory folder (SQLite files and Qdrant local storage). Env: AUTOGEN_ZETTEL_DATA.",
)
@click.option(
    "--config",
    "config_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="A memory config YAML, e.g. configs/default.yaml.",
)
@click.option("--qdrant-url", default=None, help="Use a Qdrant server instead of local mode.")
@click.option("-v", "--verbose", is_flag=True, help="Log progress details.")
@click.pass_context
def main(ctx, data_dir, config_path, qdrant_url, verbose):
    """Per-agent Zettelkasten memory for AutoGen: ingest, recall, inspect, evolve personas."""
    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING, format="%(levelname)s %(name)s: %(message)s"
    )
    install_notices(verbose)
    ctx.obj = Context(data_dir, config_path, qdrant_url)


def _read_messages(path: Path) -> list[Message]:
    """Messages from a JSON list or JSONL file; errors name the file and line."""
    from autogen_zettel.base.messages import validate_message

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
        # an export without session ids: a new session after each silence past the idle gap, so
        # each one ends (summary, mining, maintenance) as a live chat's would
        from autogen_zettel.memory.sessions import sessions_by_gap

        messages = sessions_by_gap(
            messages, idle_minutes=hub.config.sessions.idle_minutes or 30, prefix=file.stem
        )
        from tqdm import tqdm

        cards = 0
        started = time.perf_counter()
        with tqdm(total=len(messages), desc=f"ingesting into {tenant}", unit="msg") as bar:
            # batches of 64, the next one embedded while one is written; the bar moves per 1,024
            for start in range(0, len(messages), 1024):
                chunk = messages[start : start + 1024]
                t0 = time.perf_counter()
                new = len(mem.remember_many(chunk, batch=64))
                cards += new
                bar.update(len(chunk))
                # -v: what each chunk did and how fast (the bar alone shows only messages)
                log.info(
                    "ingest %s: messages %d-%d -> %d new cards in %.2f s (%.0f msg/s)",
                    tenant,
                    start + 1,
                    start + len(chunk),
                    new,
                    time.perf_counter() - t0,
                    len(chunk) / max(time.perf_counter() - t0, 1e-9),
                )
        if log.isEnabledFor(logging.INFO):
            st = mem.stats()
            log.info(
                "ingest %s: %d messages in %.2f s; the tenant now holds %d cards (%s) and %d links",
                tenant,
                len(messages),
                time.perf_counter() - started,
                st["cards"],
                ", ".join(f"{k} {v}" for k, v in sorted(st["by_kind"].items())),
                st["links"],
            )
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
    with obj.reading_hub(tenant) as hub:  # a copy while a running agent holds the folder
        # reading is no access: touching would reset the forgetting curve of the cards it shows
        hits = open_tenant(hub, tenant).recall(query, k=k, touch=False)
        if as_json:
            click.echo(
                json.dumps(
                    [
                        {
                            "id": h.card.id,
                            "score": round(h.score, 4),
                            "layer": h.layer,
                            "content": h.card.content,
                            "speaker": h.card.speaker,
                            "at": h.card.created_at.isoformat(),
                            "session_id": h.card.session_id,
                            "source_ids": list(h.card.source_ids),
                            "via": list(h.via) if h.via else None,
                        }
                        for h in hits
                    ],
                    indent=2,
                )
            )
            return
        # best first; the id (a unique prefix) is what `explain`, `show` and `forget` take
        table = Table(
            title=f"recall in {tenant}: {query!r}", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False
        )
        for col in ("id", "score", "layer", "when", "who"):
            table.add_column(col, no_wrap=True, max_width=16 if col == "who" else None)
        table.add_column("content", ratio=1, overflow="fold", min_width=20)
        for h in hits:
            # card text is data, not rich markup: "[redacted payment card]" must show as written
            table.add_row(
                h.card.id[:8],
                f"{h.score:.3f}",
                h.layer,
                h.card.created_at.strftime("%Y-%m-%d"),
                Text(h.card.speaker),
                Text(h.card.content),
            )
        console.print(table)


@main.command()
@click.argument("tenant")
@click.argument("card_id")
@click.option("--json", "as_json", is_flag=True, help="Print JSON: the card, its sources and links.")
@click.pass_obj
def show(obj: Context, tenant: str, card_id: str, as_json: bool):
    """Show one card with its provenance (source messages) and links.

    Example: autogen-zettel show alice 6f1c2a0e --json
    """
    from autogen_zettel.text.lexical import readable_tags

    with obj.hub() as hub:
        mem = open_tenant(hub, tenant)
        info = mem.explain(mem.archive.resolve_id(card_id))
    card = info["card"]
    tags = readable_tags(card.tags, card.content)  # the words the card used, not their stems
    if as_json:
        from autogen_zettel.cli.memory_cmds import card_dict, link_dict

        click.echo(
            safe_json(
                {
                    "card": {**card_dict(card), "tags": tags},
                    "sources": info["sources"],
                    "links": [link_dict(x) for x in info["links"]],
                }
            )
        )
        return

    # card text is data, not rich markup; control characters (a terminal escape in an id) escaped
    def say(line: str) -> None:
        console.print(printable(line, keep_newlines=True), markup=False, highlight=False)

    console.print(
        f"[bold]{card.id}[/] ({card.kind.value}, {card.status.value}, confidence {card.confidence})"
    )
    say(f"{card.speaker} at {card.created_at.isoformat()} in session {card.session_id}: {card.content}")
    say(
        f"tags: {', '.join(tags)}  entities: {', '.join(card.entities) or '-'}  "
        f"importance {card.importance}  accessed {card.access_count}x"
    )
    for m in info["sources"]:
        say(f"  source {m['id']} ({m['speaker']}, {m['at']}): {m['text']}")
    from autogen_zettel.cli.memory_cmds import link_line

    for link in info["links"]:
        say(link_line(link, card.id))


@main.command()
@click.argument("tenant", required=False)
@click.option("--model", default=None, help="Rebuild with this embedding model (e.g. minilm, BAAI/bge-m3).")
@click.option("--all", "all_tenants", is_flag=True, help="Rebuild every tenant of the data folder.")
@click.option(
    "--engine",
    type=click.Choice(EMBEDDED),
    default=None,
    help="Rebuild into this embedded engine; `--all --engine edge` moves an older folder to qdrant-edge.",
)
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
            console.print(
                f"reindexed {sum(done.values())} cards of {len(done)} tenants into {hub.vectors.engine}"
            )
            return
        n = hub.reindex(known_tenant(hub, tenant), progress=True)
    console.print(f"reindexed {plural(n, 'card')} of {tenant}")  # index points: summaries are not indexed


@main.command()
@click.argument("tenant", required=False)
@click.option(
    "--sample", default=32, show_default=True, help="Cards re-embedded and searched for, per tenant."
)
@click.pass_obj
def verify(obj: Context, tenant: str | None, sample: int):
    """Compare TENANT's vector index (or every tenant's) with its SQLite database: point ids,
    counts and a sample of cards re-embedded; says what to run when they differ.

    \b
    Exit status (as fsck's; over several tenants, ORed):
      0: nothing was wrong
      1: damage was found and repaired (opening the tenant reconciled its index
         with SQLite, the truth); nothing is left to do
      4: damage is left; the fix printed (autogen-zettel reindex TENANT) repairs it
      8: verify could not run (no such tenant or data folder, the folder is busy, a
         config error); the message says why. Never 1, which means "repaired"

    Example: autogen-zettel verify alice
    """
    from autogen_zettel.base.errors import ZettelError
    from autogen_zettel.memory.verify import verify_tenant

    try:
        with obj.hub() as hub:
            names = [known_tenant(hub, tenant)] if tenant else hub.tenants()
            reports = [verify_tenant(hub, name, sample=sample) for name in names]
    except ZettelError as exc:  # (the group's mapping exits 1, which here says "repaired")
        err = click.ClickException(str(exc))
        err.exit_code = 8
        raise err from None
    status = 0
    for r in reports:
        if r.ok:
            console.print(f"{r.tenant}: ok ({r.cards} cards, {r.points} points, {r.sampled} re-embedded)")
        else:
            console.print(f"{r.tenant}: DAMAGED", markup=False)
            for problem in r.problems:
                console.print(f"  - {problem}", markup=False)
            console.print(f"  fix: {r.fix}", markup=False)
            status |= 4
        if r.repaired:
            console.print(f"{r.tenant}: repaired on open", markup=False)
            for line in r.repaired:
                console.print(f"  - {line}", markup=False)
            status |= 1
    if status:
        raise SystemExit(status)


@main.command()
@click.argument("tenant", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.pass_obj
def stats(obj: Context, tenant: str | None, as_json: bool):
    """Counts for TENANT (cards by kind and status, links, index points), or list tenants.

    Example: autogen-zettel stats alice --json
    """
    if tenant is None:
        from autogen_zettel.base.errors import StoreLocked
        from autogen_zettel.store.layout import DataFolder

        try:
            with obj.hub() as hub:
                names = hub.tenants()
        except StoreLocked:  # a running agent holds the folder: its tenants are its database files
            names = DataFolder(obj.data_dir).tenant_names()
        if as_json:
            click.echo(json.dumps(names))
        for name in names if not as_json else ():
            console.print(name, markup=False)
        return
    with obj.reading_hub(tenant) as hub:  # a copy while a running agent holds the folder
        st = open_tenant(hub, tenant).stats()
    if as_json:
        click.echo(safe_json(st))
        return
    console.print(stats_table(st))


def stats_table(st: dict) -> Table:
    """``stats`` as a two-column table: totals, then cards by kind and by status."""
    table = Table(
        title=f"memory of {st['tenant']}",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        show_header=False,
    )
    table.add_column("what")
    table.add_column("n", justify="right")
    table.add_row("cards", str(st["cards"]))
    for kind, n in sorted(st["by_kind"].items()):
        table.add_row(f"  kind {kind}", str(n))
    for status, n in sorted(st["by_status"].items()):
        table.add_row(f"  status {status}", str(n))
    table.add_row("links", str(st["links"]))
    table.add_row(
        "index points", str(st["indexed"]) if st.get("indexed") is not None else "- (index not opened)"
    )
    table.add_row("embedding model", Text(str(st["embedding_model"])))
    table.add_row("embedding dim", str(st["embedding_dim"]))
    return table


@main.command()
@click.argument("scenario", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Run folder (default: runs/<scenario name>).",
)
@click.option("--overwrite", is_flag=True, help="Replace an existing run folder.")
@click.option(
    "--llm",
    "llm_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="An LLM config YAML (configs/llm.example.yaml); default: the offline model client.",
)
def simulate(scenario: Path, out_dir: Path | None, overwrite: bool, llm_path: Path | None):
    """Run a research simulation SCENARIO (YAML) as AutoGen group chats over simulated days.

    Writes the run folder (memories, transcript.jsonl with what each agent unlocked per reply,
    metrics.json) and prints, per session, what each agent unlocked and why.

    Example: autogen-zettel simulate examples/scenarios/research_group.yaml --overwrite
    """
    from autogen_zettel.base.llm import load_llm_config
    from autogen_zettel.research.report import report
    from autogen_zettel.research.run_folder import UNFINISHED
    from autogen_zettel.research.simulate import load_scenario, run_scenario

    sc = load_scenario(scenario)
    out = writable_folder(out_dir or Path("runs") / sc.name, what="run folder")  # before anything runs
    llm_config = load_llm_config(llm_path) if llm_path else None
    with console.status(f"running {sc.name} ({len(sc.sessions)} sessions)") as status:

        def progress(session_id: str, done: int, total: int) -> None:
            # a line per session in a terminal (the status line alone says nothing of progress)
            status.update(f"running {sc.name}: {done}/{total} sessions done")
            if console.is_terminal:
                console.print(f"  session {session_id} done ({done}/{total})", markup=False, highlight=False)

        try:
            result = run_scenario(sc, out, overwrite=overwrite, llm_config=llm_config, progress=progress)
        except KeyboardInterrupt:
            raise click.ClickException(
                f"interrupted: the run folder {str(out)!r} holds a partial run (see its "
                f"{UNFINISHED}); run again with --overwrite to replace it"
            ) from None
    console.print(*report(result))


for _command in (
    *memory_cmds.COMMANDS,
    *persona_cmds.COMMANDS,
    *people_cmds.COMMANDS,
    *mcp_cmds.COMMANDS,
    schema,
    view,
):
    main.add_command(_command)

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
