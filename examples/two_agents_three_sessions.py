"""Two persona agents talk on three simulated days; on day 3 they recall what was said on day 1.

Runs offline by default (no key, no download: the bundled default embedder and the offline model
client, whose replies quote the memories they answer from). With a real LLM:

    python examples/two_agents_three_sessions.py --llm configs/llm.yaml

Each agent's memory is its own tenant in the data folder (a fresh temporary folder unless
--data-dir is given). After each reply the script shows what the replying agent unlocked.
"""

from __future__ import annotations

import argparse
import logging
import tempfile
from datetime import datetime
from pathlib import Path

from autogen_zettel.agent.assistant import MemoryAugmentedAssistantAgent, quiet_io
from autogen_zettel.base.clock import SimulatedClock
from autogen_zettel.base.llm import load_llm_config
from autogen_zettel.memory import MemoryHub
from autogen_zettel.persona.spec import load_persona

ROOT = Path(__file__).resolve().parent.parent

DAYS = [
    (
        datetime(2024, 3, 4, 9, 0),
        "Results from the Lisbon pilot: we enrolled 42 participants and 7 dropped out, "
        "mostly because the 5 am wake-up protocol was too harsh.",
    ),
    (
        datetime(2024, 3, 6, 14, 0),
        "For the conference poster I picked the blue template; the abstract is due on April 2.",
    ),
    (
        datetime(2024, 3, 11, 10, 0),
        "Before we open recruitment again: why did people drop out of the Lisbon pilot, and how many?",
    ),
]


def show(agent: MemoryAugmentedAssistantAgent) -> None:
    event = agent.last_recall
    if event is None or not event.unlocked:
        print(f"   {agent.name} unlocked nothing")
        return
    print(f"   {agent.name} unlocked {len(event.unlocked)} card(s) before replying:")
    for u in event.unlocked:
        via = f" via {u.via[1]}" if u.via else ""
        print(
            f"     {u.layer}{via} {u.score:.2f}  [{u.at:%Y-%m-%d}, {u.session_id}] {u.speaker}: {u.content}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=None,
        help="keep the memory in this folder (default: a temp folder, removed at the end)",
    )
    parser.add_argument(
        "--llm", type=Path, default=None, help="an LLM config YAML (see configs/llm.example.yaml)"
    )
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    llm_config = load_llm_config(args.llm) if args.llm else None  # None: offline mode
    if args.data_dir is not None:
        run(args.data_dir, llm_config)
        print(f"memory folder: {args.data_dir}")
        return
    with tempfile.TemporaryDirectory(prefix="zettel-two-agents-") as tmp:
        run(Path(tmp), llm_config)


def run(data_dir: Path, llm_config) -> None:
    """Three simulated days of the researcher and the critic talking, on memory in ``data_dir``."""

    clock = SimulatedClock(DAYS[0][0])
    with MemoryHub.open(data_dir, clock=clock) as hub:
        researcher = MemoryAugmentedAssistantAgent(
            load_persona(ROOT / "agents" / "researcher.yaml"),
            hub,
            llm_config=llm_config,
            flush_before_recall=True,
        )
        critic = MemoryAugmentedAssistantAgent(
            load_persona(ROOT / "agents" / "critic.yaml"),
            hub,
            llm_config=llm_config,
            flush_before_recall=True,
        )
        for day, (when, opening) in enumerate(DAYS, start=1):
            clock.set(when)
            for agent in (researcher, critic):
                agent.start_session(f"day-{day}")
            print(f"\n== day {day}, {when:%A %Y-%m-%d %H:%M} ==")
            print(f"researcher: {opening}")
            with quiet_io():
                chat = researcher.initiate_chat(critic, message=opening, max_turns=2, silent=True)
            for message in chat.chat_history[1:]:
                speaker = message.get("name") or "?"
                agent = critic if speaker == critic.name else researcher
                print(f"{speaker}: {message['content']}")
                show(agent)
        hub.flush()
        for agent in (researcher, critic):
            print(f"\n{agent.name} remembers {agent.memory.stats()['cards']} cards")


if __name__ == "__main__":
    main()
