"""A simulated month with two personas, each meeting a new person (seed 002's cold start, seed
001's affect, seed 000's contexts): an English Spanish tutor and Mia, a Chinese running coach and
小林. Real ``MemoryAugmentedAssistantAgent``s (offline: a reply rule stands in for the LLM and
does what the recall block asks, relaying the cold-start question), scripted people, the bundled
embedder, a simulated clock. Prints what a reader of docs/guides/persona-month.md sees:

- the cold-start questions asked, when, and the facts the answers became;
- the affect read on each card (it raises the card's importance), and what a question with
  feeling finds a month later beside the same question without it;
- a preference said one way at work and the other at the weekend, kept apart.

    HF_HUB_OFFLINE=1 OMP_NUM_THREADS=1 python -m benchmarks.persona_month [--data-dir runs/month]
"""

from __future__ import annotations

import argparse
import logging
import sys
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

T0 = datetime(2026, 3, 2, 18, 0)

TUTOR = {
    "name": "tutor",
    "role": "Spanish tutor",
    "needs": [
        {"slot": "level", "question": "What level is your Spanish at right now?"},
        {"slot": "goal", "question": "What do you want Spanish for: travel, work, exams?"},
    ],
}
COACH = {
    "name": "coach",
    "role": "跑步教练",
    "needs": [
        {"slot": "schedule", "question": "你一周哪几天方便训练？"},
        {"slot": "limits", "question": "有没有伤病或者身体上需要注意的地方？"},
    ],
    "contexts": {
        "work": "work, the office, meetings, deadlines, colleagues; 工作、公司、上班、开会、加班、同事",
        "personal": "weekend, family, friends, free time, home; 周末、家人、朋友、休息、在家",
    },
}

# (day, session id, the person's lines in order); each line is one turn, the agent replies to each
MIA = [
    (0, "m-d00", ["Hi, I want to learn Spanish.", "Solid A2, I did two years at school."]),
    (2, "m-d02", ["I have twenty minutes today.", "For work, I'm moving to Madrid in the spring."]),
    (5, "m-d05", ["We went over the subjunctive in class today.", "The teacher gave us ten exercises."]),
    (
        9,
        "m-d09",
        [
            "I was devastated when I froze in the oral exam yesterday, I couldn't say a word.",
            "I felt so stupid.",
        ],
    ),
    (14, "m-d14", ["We reviewed the vocabulary list for food.", "Twenty new words."]),
    (
        20,
        "m-d20",
        ["I'm so proud, I ordered dinner in Spanish at the tapas bar!", "The waiter understood everything."],
    ),
    (26, "m-d26", ["I practised with the audio course on the train.", "Chapter seven, about travel."]),
]
XIAOLIN = [
    (1, "x-d01", ["你好，我想开始练跑步。", "我一周二四六早上可以练。"], None),
    (3, "x-d03", ["今天跑了三公里。", "膝盖以前受过伤，不能跑太快。"], None),
    (7, "x-d07", ["我在公司，开完会才有空。", "我喜欢简短的回答，上班时间紧。"], "work"),
    (12, "x-d12", ["周末在家休息，今天跑了五公里。", "我喜欢详细的回答，周末有时间慢慢看。"], "personal"),
    (16, "x-d16", ["上次比赛没跑完，我特别难过，哭了一晚上。", "觉得自己很没用。"], None),
    (22, "x-d22", ["同事约我中午一起跑步。", "部门下周要开季度会议。"], None),
    (27, "x-d27", ["周末和朋友在公园跑了十公里！", "太开心了，第一次跑这么远。"], None),
]


def relay(recipient, messages=None, sender=None, config=None):
    """The offline stand-in for an LLM: it does what the recall block asks (ask the cold-start
    question in its own words), else acknowledges."""
    injected = next(
        (m["content"] for m in messages or () if "in your own words: " in str(m.get("content"))), ""
    )
    ask = injected.split("in your own words: ")[1].strip() if injected else ""
    return True, (f"Thanks for telling me. {ask}" if ask else "Thanks, noted.")


def run_person(hub, clock, persona_spec: dict, person: str, script, out: list[str]) -> None:
    import autogen

    from autogen_zettel.agent.assistant import MemoryAugmentedAssistantAgent
    from autogen_zettel.agent.support import ScriptedUserAgent, quiet_io
    from autogen_zettel.persona.spec import persona_from_dict

    persona = persona_from_dict(persona_spec)
    agent = MemoryAugmentedAssistantAgent(
        persona=persona, hub=hub, llm_config=False, flush_before_recall=True
    )
    agent.register_reply([autogen.Agent, None], relay, position=0)
    cold = agent.zettel_capability.cold_start
    for row in script:
        day, session, lines = row[0], row[1], row[2]
        context = row[3] if len(row) > 3 else None
        clock.set(T0 + timedelta(days=day))
        agent.start_session(session)
        if context is not None:
            agent.memory.people.contexts.set(session, context)
        user = ScriptedUserAgent(person, lines=lines[1:])
        with quiet_io():
            user.initiate_chat(agent, message=lines[0], max_turns=len(lines), silent=True)
        agent.flush()
        asked = [m["content"] for m in agent.chat_messages.get(user, []) if m.get("name") == persona.name]
        questions = [q for q in asked if "?" in q or "？" in q]
        out.append(
            f"- day {day:2d} `{session}` ({agent.memory.people.contexts.of(session) or 'shared'}): "
            + " / ".join(lines)
            + (f"  \n  {persona.name} asked: {questions[0]}" if questions else "")
        )
        agent.end_session(at=clock.now())
    status = cold.status(person)
    facts = {f.key: f.value for f in agent.memory.people.facts(person)}
    out.append("")
    out.append(f"Cold start for {person}: {status['done']}; facts now: {facts}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", default=None, help="keep the memory here (default: a temporary folder)")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    from autogen_zettel import MemoryHub, SimulatedClock

    folder = Path(args.data_dir or tempfile.mkdtemp(prefix="month-"))
    clock = SimulatedClock(T0)
    out: list[str] = []
    with MemoryHub.open(folder, clock=clock) as hub:
        for title, spec, person, script in (
            ("The tutor and Mia (English)", TUTOR, "Mia", MIA),
            ("The coach and 小林 (Chinese)", COACH, "小林", XIAOLIN),
        ):
            out += [f"### {title}", ""]
            run_person(hub, clock, spec, person, script, out)
            out.append("")
        end = T0 + timedelta(days=30)
        clock.set(end)
        for tenant, person, feeling, plain in (
            ("tutor", "Mia", "What upset Mia this month?", "What happened with Mia this month?"),
            ("coach", "小林", "这个月什么事让小林难过？", "这个月小林发生了什么？"),
        ):
            mem = hub.tenant(tenant)
            out += [
                f"### {tenant}, day 30",
                "",
                "| card | valence | arousal | importance |",
                "|---|---|---|---|",
            ]
            for c in sorted(mem.cards(), key=lambda c: c.created_at):
                if c.speaker == person and (abs(c.valence) >= 0.5 or c.arousal >= 0.5):
                    out.append(
                        f"| {c.content[:60]} | {c.valence:+.2f} | {c.arousal:.2f} | {c.importance:.2f} |"
                    )
            for q in (feeling, plain):
                hits = mem.recall(q, k=3, at=end)
                out.append("")
                out.append(f"`{q}` first 3:")
                out += [
                    f"{i + 1}. {h.card.content[:70]} (valence {h.card.valence:+.2f})"
                    for i, h in enumerate(hits)
                ]
            out.append("")
            if tenant == "coach":
                for ctx in ("work", "personal"):
                    prefs = [
                        (p.topic, round(p.value, 2), p.context) for p in mem.preferences(person, context=ctx)
                    ]
                    out.append(f"- preferences of {person} in {ctx} context: {prefs}")
                out.append(
                    f"- pooled (no context): {[(p.topic, round(p.value, 2)) for p in mem.preferences(person)]}"
                )
                out.append("")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
