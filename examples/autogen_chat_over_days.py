"""A plain AutoGen chat over ten simulated days, with nothing called by hand.

Each morning the lab lead ("lee", a plain ``ConversableAgent`` with scripted lines) opens a chat
with ada (a ``MemoryAugmentedAssistantAgent``) through ``initiate_chat``. Every new chat starts a
new session; the session it replaces ends on its own, and at its end, in the hub's background
worker, ada's persona mines its traits (and writes its profile once a week) and the memory's
maintenance runs on its schedule (decay, archive, merge, prune, session summaries). The script
never calls ``end_session``, ``mine`` or ``maintain``; at the end it prints what happened.

    python examples/autogen_chat_over_days.py [--data-dir DIR] [--llm configs/llm.yaml]

Offline by default: the bundled MiniLM embedder reads the feedback by meaning (lee never uses
the phrases listed in traits.yaml), and the offline model client answers from memory.
"""

from __future__ import annotations

import argparse
import logging
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

import autogen
import yaml

from autogen_zettel.agent.assistant import MemoryAugmentedAssistantAgent, quiet_io
from autogen_zettel.base.cards import CardKind
from autogen_zettel.base.clock import SimulatedClock
from autogen_zettel.base.config import config_from_dict
from autogen_zettel.base.llm import load_llm_config
from autogen_zettel.memory import MemoryHub
from autogen_zettel.persona.spec import persona_from_dict

ROOT = Path(__file__).resolve().parent.parent
START = datetime(2024, 10, 7, 9, 0)
DAYS = [
    ("How is recruitment going?", "Trim it to the essentials next time, ada."),
    ("Did the actigraphy watches come back?", "ada, that was a wall of text. Two lines would do."),
    (
        "What do we tell the ethics board about the new consent form?",
        "Nice and tight, ada, that length was perfect.",
    ),
    ("Two families dropped out. Does it matter?", "Cut the preamble and lead with the answer, ada."),
    ("Should the pilot move to the evening slots?", "Crisp and compact, ada. Keep them like that."),
    ("What goes in the funder's mid-term note?", "ada, skip the background, just the headline please."),
    ("Is the scoring script ready?", "Short and sharp, ada, exactly what I wanted."),
    ("Who reviews the poster?", "ada, one sentence would have been enough."),
    ("Any risk in the server migration?", "Lean and clear, ada. Great."),
    ("Loose ends before the holidays?", "Brief and spot on, thanks ada."),
]


def lee_agent(lines: list[str]) -> autogen.ConversableAgent:
    """The lab lead: a plain ConversableAgent whose reply is the day's scripted feedback."""
    lee = autogen.ConversableAgent(
        "lee", llm_config=False, human_input_mode="NEVER", code_execution_config=False
    )
    lee.register_reply([autogen.Agent, None], lambda *args, **kwargs: (True, lines[0]), position=0)
    return lee


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=None,
        help="memory folder to keep (default: a temp folder, removed at the end)",
    )
    parser.add_argument(
        "--llm", type=Path, default=None, help="an LLM config YAML (see configs/llm.example.yaml)"
    )
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.data_dir is None:  # like the other examples: nothing left behind unless asked
        with tempfile.TemporaryDirectory(prefix="zettel-chat-days-") as tmp:
            run(Path(tmp), args.llm)
        print("\nmemory folder removed (pass --data-dir DIR to keep it)")
    else:
        run(args.data_dir, args.llm)
        print(f"\nmemory folder: {args.data_dir}")


def run(data_dir: Path, llm: Path | None) -> None:
    """Several simulated days of a plain AutoGen chat on a memory in ``data_dir``."""
    llm_config = load_llm_config(llm) if llm else None  # None: offline mode

    clock = SimulatedClock(START)
    config = config_from_dict({"maintenance": {"summaries": "week"}})  # a chat a day: summarise by week
    with MemoryHub.open(data_dir, clock=clock, config=config) as hub:
        path = ROOT / "agents" / "researcher.yaml"
        persona = persona_from_dict({**yaml.safe_load(path.read_text()), "name": "ada"}, file=str(path))
        ada = MemoryAugmentedAssistantAgent(persona, hub, llm_config=llm_config, flush_before_recall=True)
        today = [""]
        lee = lee_agent(today)
        for day, (question, feedback) in enumerate(DAYS):
            clock.set(START + timedelta(days=day))
            today[0] = feedback
            with quiet_io():  # a plain AutoGen chat: no start_session, no end_session
                lee.initiate_chat(ada, message=question, max_turns=2, silent=True)
            print(f"day {day + 1} ({clock.now():%a %Y-%m-%d}): lee: {question} / {feedback}")
        hub.flush()  # wait for the background worker, to print its results

        engine = ada.persona_engine
        print("\nTrait history (each row written by a mining no one asked for):")
        for point in engine.store.history("conciseness"):
            print(f"  {point.at:%Y-%m-%d %H:%M}  conciseness {point.score:.2f}  ({point.reason})")
        profile = engine.store.latest_profile()
        print("\nProfile:\n" + (profile.text if profile else "(none yet)"))
        summaries = [c for c in ada.memory.cards() if c.kind is CardKind.SUMMARY]
        for line in summary_lines(summaries):
            print(line)


def summary_lines(summaries) -> list[str]:
    """What the summaries cover: each maintenance run summarises the cards of the week not yet
    covered, so a week still under way gets one summary per run, each with its own days."""
    weeks = sorted({c.content.removeprefix("Summary of ").split(" (", 1)[0] for c in summaries})
    out = [
        f"\n{len(summaries)} summar{'y' if len(summaries) == 1 else 'ies'} written by background maintenance "
        f"({', '.join(weeks) or 'none'}; a week under way is summarised in parts, one per maintenance run):"
    ]
    for card in summaries:
        # "Summary of week 2024-W41 (2024-10-07 to 2024-10-08; ada, lee; 6 cards)": which days it covers
        out.append(f"  {card.content.split(': ', 1)[0].removeprefix('Summary of ')}")
    return out


if __name__ == "__main__":
    main()
