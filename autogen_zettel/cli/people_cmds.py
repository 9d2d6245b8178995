"""The person-layer commands of ``autogen-zettel``: ``facts``, ``preferences`` and
``commitments``, each a thin mirror of the tenant's method of the same name."""

from __future__ import annotations

from datetime import date, datetime

import click
from rich.table import Table
from rich.text import Text

from autogen_zettel.base.errors import ConfigError
from autogen_zettel.cli.common import Context, console, open_tenant, safe_json

__all__ = ["COMMANDS", "commitments", "facts", "preferences"]


def _plain(row) -> dict:
    out = {}
    for k, v in row.__dict__.items():
        out[k] = v.isoformat() if isinstance(v, (date, datetime)) else list(v) if isinstance(v, tuple) else v
    return out


def _show(rows, title: str, columns: list[str], as_json: bool) -> None:
    if as_json:
        click.echo(safe_json([_plain(r) for r in rows]))
        return
    table = Table(title=title)
    for col in columns:
        table.add_column(col)
    for r in rows:
        d = _plain(r)
        # stored text is data, not rich markup
        table.add_row(
            *[
                Text(
                    ", ".join(i[:8] for i in d[c]) if c == "source_ids" else "" if d[c] is None else str(d[c])
                )
                for c in columns
            ]
        )
    console.print(table)


@click.command()
@click.argument("tenant")
@click.option("--subject", default=None, help="Only facts about this person (any case).")
@click.option("--all", "include_superseded", is_flag=True, help="Also the superseded values.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.pass_obj
def facts(obj: Context, tenant, subject, include_superseded, as_json):
    """List what TENANT knows as facts about people (subject, key, value, status, sources).

    Example: autogen-zettel facts alice --subject Rui --all
    """
    with obj.hub() as hub:
        rows = open_tenant(hub, tenant).facts(subject, include_superseded=include_superseded)
    _show(rows, f"facts in {tenant}", ["subject", "key", "value", "status", "at", "source_ids"], as_json)


@click.command()
@click.argument("tenant")
@click.option("--subject", default=None, help="Only this person's preferences (any case).")
@click.option("--topic", default=None, help="Only this topic (its synonyms too: 'raw fish' finds sushi).")
@click.option(
    "--context",
    default=None,
    help="As in this context of life (e.g. work): its sessions' preferences, else the shared ones'.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.pass_obj
def preferences(obj: Context, tenant, subject, topic, context, as_json):
    """List TENANT's preferences of people: value 0..1 (0.5 neutral), trend per 30 days, evidence.

    Example: autogen-zettel preferences alice --subject Rui --topic sushi --context work
    """
    with obj.hub() as hub:
        rows = open_tenant(hub, tenant).preferences(subject, topic, context=context)
    _show(
        rows,
        f"preferences in {tenant}" + (f" ({context} context)" if context else ""),
        ["subject", "topic", "value", "trend", "evidence", "context", "at", "source_ids"],
        as_json,
    )


@click.command()
@click.argument("tenant")
@click.option(
    "--status", type=click.Choice(["open", "done", "cancelled"]), default=None, help="Only this status."
)
@click.option(
    "--overdue-at", default=None, help="Only open commitments due before this date (ISO, e.g. 2026-03-06)."
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.pass_obj
def commitments(obj: Context, tenant, status, overdue_at, as_json):
    """List TENANT's commitments (owner, what, due, status, counterparty), oldest first.

    Example: autogen-zettel commitments alice --status open
    Example: autogen-zettel commitments alice --overdue-at 2026-03-06
    """
    if overdue_at is not None:
        try:
            overdue_at = datetime.fromisoformat(overdue_at)
        except ValueError:
            raise ConfigError(
                f"--overdue-at must be an ISO date such as 2026-03-06, got {overdue_at!r}"
            ) from None
    with obj.hub() as hub:
        rows = open_tenant(hub, tenant).commitments(status, overdue_at=overdue_at)
    _show(
        rows,
        f"commitments in {tenant}",
        ["owner", "what", "due", "status", "counterparty", "source_ids"],
        as_json,
    )


COMMANDS = [facts, preferences, commitments]
