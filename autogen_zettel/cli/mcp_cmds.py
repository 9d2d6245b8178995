"""``autogen-zettel mcp``: the memory as an MCP server (the ``mcp`` extra), thin over
:mod:`autogen_zettel.agent.mcp_server`, which is imported only when the command runs."""

from __future__ import annotations

import click

from autogen_zettel.base.errors import ConfigError
from autogen_zettel.cli.common import Context

__all__ = ["COMMANDS", "mcp"]


@click.command()
@click.option(
    "--data-dir",
    default=None,
    type=click.Path(file_okay=False),
    help="Memory folder to serve (default: the group's --data-dir).",
)
@click.option(
    "--transport",
    type=click.Choice(["stdio", "http"]),
    default="stdio",
    show_default=True,
    help="stdio for a client that starts the server; http: streamable HTTP on 127.0.0.1 only.",
)
@click.option("--port", type=click.IntRange(1, 65535), default=8765, show_default=True, help="HTTP port.")
@click.pass_obj
def mcp(obj: Context, data_dir: str | None, transport: str, port: int):
    """Serve the agents' memories to MCP clients: tools remember, recall, facts, preferences,
    commitments, forget, explain (each naming the agent) and resources zettel://AGENT/profile
    and zettel://AGENT/persona.

    Example: autogen-zettel mcp --data-dir ./memory --transport http --port 8765
    """
    try:
        from autogen_zettel.agent.mcp_server import serve
    except ModuleNotFoundError as exc:
        if exc.name is None or exc.name.split(".")[0] != "mcp":
            raise
        raise ConfigError(
            "the MCP server needs the 'mcp' package: pip install 'autogen-zettel[mcp]'"
        ) from exc
    if data_dir is not None:
        obj = Context(data_dir, obj.config_path, obj.qdrant_url, obj.model)
    hub = obj.hub(create=True)
    try:
        serve(hub, transport=transport, port=port)
    finally:
        hub.close()


COMMANDS = [mcp]
