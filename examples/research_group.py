"""A research group of three persona agents (researcher, critic, methodologist) over several
simulated days: runs examples/scenarios/research_group.yaml and prints, per session, what each
agent unlocked before each reply and why (layer, score, source), then a summary table.

Offline by default (bundled MiniLM embedder, offline model client, no key, no download):

    python examples/research_group.py --overwrite       # the same run folder as the CLI: runs/research-group
    python examples/research_group.py --llm configs/llm.yaml      # agents reply with a real LLM

The run folder holds the agents' memories, transcript.jsonl and metrics.json.
"""

from __future__ import annotations

import argparse
import logging
from pathlib import Path

from rich.console import Console

from autogen_zettel import ZettelError, load_llm_config, load_scenario, run_scenario
from autogen_zettel.research.report import report

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", type=Path, default=ROOT / "examples" / "scenarios" / "research_group.yaml")
    parser.add_argument("--out", type=Path, default=None, help="run folder (default: runs/<scenario name>, as the CLI)")
    parser.add_argument("--overwrite", action="store_true", help="replace a previous run in --out")
    parser.add_argument("--llm", type=Path, default=None, help="an LLM config YAML (see configs/llm.example.yaml)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    console = Console()
    try:
        scenario = load_scenario(args.scenario)
        out = args.out or Path("runs") / scenario.name
        llm_config = load_llm_config(args.llm) if args.llm else None
        with console.status("running the scenario (loading the embedding model takes a few seconds)..."):
            result = run_scenario(scenario, out, llm_config=llm_config, overwrite=args.overwrite)
    except ZettelError as exc:  # e.g. the run folder exists: one line with the fix, as the CLI says it
        raise SystemExit(f"Error: {exc}") from None
    console.print(*report(result))


if __name__ == "__main__":
    main()
