"""``python -m benchmarks COMMAND``: run a benchmark from a checkout (see benchmarks/cli.py)."""

import sys

from benchmarks.cli import bench

sys.exit(bench())
