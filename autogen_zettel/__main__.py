"""``python -m autogen_zettel`` runs the CLI."""

from .cli import main

main()
