"""``autogen-zettel schema``: the JSON Schema of a config, persona or scenario file (or a message).

The schemas come from the pydantic models that validate the files, so what an editor checks
as YAML is typed is what the loaders accept (bar the rules between fields, such as a trait
named in an unlock condition being defined).
"""

from __future__ import annotations

import json

import click

__all__ = ["schema", "json_schema", "KINDS"]

KINDS = ("config", "persona", "scenario", "message")


def json_schema(kind: str) -> dict:
    """The JSON Schema (draft 2020-12) of one kind of file: ``config``, ``persona`` or ``scenario``,
    or of one ``message`` record of a file for ``autogen-zettel ingest``."""
    if kind == "config":
        from autogen_zettel.base.config import MemoryConfig as model
    elif kind == "persona":
        from autogen_zettel.persona.spec import PersonaFile as model
    elif kind == "scenario":
        from autogen_zettel.research.scenario import ScenarioFile as model
    elif kind == "message":  # one record of an `ingest` JSON/JSONL file
        from autogen_zettel.base.messages import MessageSchema as model
    else:
        raise click.BadParameter(f"must be one of {', '.join(KINDS)}, got {kind!r}")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **model.model_json_schema()}


@click.command()
@click.argument("kind", type=click.Choice(KINDS))
def schema(kind: str):
    """Print the JSON Schema of a KIND file (config, persona or scenario), or of one message
    record of an ingest file (message).

    Save it and point your editor at it to have YAML checked as it is typed, e.g. with the
    YAML language server: a first line `# yaml-language-server: $schema=persona.schema.json`.

    Example: autogen-zettel schema persona > persona.schema.json
    """
    click.echo(json.dumps(json_schema(kind), indent=2))
