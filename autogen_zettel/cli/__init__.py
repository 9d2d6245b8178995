"""The ``autogen-zettel`` command line: the only package that imports click."""

from autogen_zettel.cli.main import main

__all__ = ["main"]
