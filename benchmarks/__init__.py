"""Benchmarks of autogen-zettel, beside the package (not installed): ``python -m benchmarks --help``."""
