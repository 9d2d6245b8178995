"""``autogen-zettel view``: a tenant's memory as one HTML file to open in a browser (thin over
:mod:`autogen_zettel.research.view`)."""

from __future__ import annotations

from pathlib import Path

import click

from autogen_zettel.cli.common import (
    Context,
    console,
    open_tenant,
    plural,
    writable_file,
)

__all__ = ["view"]


@click.command()
@click.argument("tenant")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="The HTML file to write (default: TENANT.html in the current folder).",
)
@click.pass_obj
def view(obj: Context, tenant: str, output: Path | None):
    """Write TENANT's memory as ONE self-contained HTML file (no server, nothing fetched): cards
    as nodes coloured by kind, tier, status or speaker, links by kind and weight, a search box;
    click a card for its sources, history and conflicts; trait scores over time beside it when
    the tenant has a persona.

    Example: autogen-zettel view alice -o alice.html
    """
    from autogen_zettel.research.view import write_view

    output = writable_file(output or Path(f"{tenant}.html"), what="view file")
    with obj.reading_hub(tenant) as hub:  # a copy while a running agent holds the folder
        n = write_view(open_tenant(hub, tenant), output)
    console.print(f"wrote {output} ({plural(n, 'card')}); open it in a browser", markup=False)
