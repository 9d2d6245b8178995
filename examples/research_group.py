"""A research group of three persona agents (researcher, critic, methodologist) over several
simulated days: runs examples/scenarios/research_group.yaml and prints, per session, what each
agent unlocked before each reply and why (layer, score, source), then a summary table.

Offline by default (bundled default embedder, offline model client, no key, no download):

    python examples/research_group.py                   # its own run folder: runs/research-group-example
    python examples/research_group.py --llm configs/llm.yaml      # agents reply with a real LLM

Its default run folder is its own (the CLI's `simulate` writes runs/research-group), replaced on
every run; a folder given with --out is only replaced with --overwrite.

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
    parser.add_argument(
        "--scenario", type=Path, default=ROOT / "examples" / "scenarios" / "research_group.yaml"
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="run folder (default: runs/<scenario name>-example, replaced on every run)",
    )
    parser.add_argument("--overwrite", action="store_true", help="replace a previous run in --out")
    parser.add_argument(
        "--llm", type=Path, default=None, help="an LLM config YAML (see configs/llm.example.yaml)"
    )
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    console = Console()
    try:
        scenario = load_scenario(args.scenario)
        out = args.out or Path("runs") / f"{scenario.name}-example"
        llm_config = load_llm_config(args.llm) if args.llm else None
        with console.status("running the scenario (loading the embedding model takes a few seconds)..."):
            # the example's own folder holds only its previous run: replace it (run_scenario still
            # refuses a folder holding anything but a run)
            result = run_scenario(
                scenario, out, llm_config=llm_config, overwrite=args.overwrite or args.out is None
            )
    except ZettelError as exc:  # e.g. the run folder exists: one line with the fix, as the CLI says it
        raise SystemExit(f"Error: {exc}") from None
    console.print(*report(result))


if __name__ == "__main__":
    main()
