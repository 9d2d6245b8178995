"""``python -m autogen_zettel`` runs the CLI."""

from autogen_zettel.cli.main import main

main()
