"""Rendering a simulation run for the console: what each agent unlocked before each reply and
why, a summary table, and the persona's traits and module events. Nothing here prints; the
caller does (``console.print(*report(result))``).
"""

from __future__ import annotations

from autogen_zettel.base.prompts import strip_recall_blocks
from autogen_zettel.research.run_results import RunResult

__all__ = ["report"]

# how maintenance's summary cards begin and join their members (trust.maintenance.extractive_summary)
_SUMMARY_PREFIX = "Summary of "


def report(result: RunResult, *, max_content: int = 160) -> list:
    """Rich renderables for a run: per session, what each agent unlocked before each reply and
    why (layer, score, link followed, source message), then a summary table. The caller prints
    them (``console.print(*report(result))``); nothing here writes to the console.
    """
    from rich.table import Table
    from rich.text import Text
    from rich.tree import Tree

    def short(text: str, n: int = max_content) -> str:
        text = " ".join(text.split())
        return text if len(text) <= n else text[: n - 1] + "…"

    def card_text(text: str) -> str:
        # a session summary stands for its member cards (" | " between them): one line per
        # member, so the fact recall brought back can be read, not cut after the first member
        if text.startswith(_SUMMARY_PREFIX):
            return "\n".join(short(part) for part in text.split(" | "))
        return short(text)

    # one renderable: the caller prints renderables separated by spaces
    out: list = [
        Text.assemble(
            (
                f"Scenario {result.scenario.name}: {len(result.sessions)} sessions, {result.metrics['messages']} messages, "
                f"embedder {result.metrics['embedding_model']}",
                "bold",
            ),
            "\n",
            (
                "unlocked N: the cards recall put in the reply's recall block (immediate hits, then cards reached along "
                'links), listed under the reply; an offline reply quotes only the first few of them ("from K recalled '
                'memories"; fewer as the persona grows concise)',
                "dim",
            ),
        )
    ]
    present = {x.id: x.attendees for x in result.scenario.sessions}
    for s in result.sessions:
        who = f"; present: {', '.join(present[s.id])}" if present.get(s.id) else ""
        tree = Tree(Text(f"Session {s.id} ({s.date:%a %Y-%m-%d %H:%M}{who})", style="bold cyan"))
        for e in s.entries:
            if e.kind != "reply":
                label = {"opening": "opens", "feedback": "feedback", "turn": "says"}.get(e.kind, e.kind)
                about = f" about {e.about}" if e.about else ""
                tree.add(
                    Text.assemble((f"{e.index} {e.speaker} {label}{about}: ", "bold"), (short(e.text), "dim"))
                )
                continue
            # what the agent said, under what it unlocked for it
            # (the offline client quotes the block it was given: that is shown under the reply)
            text = strip_recall_blocks(e.text or "")
            said = (short(text), "italic") if text.strip() else ("(empty reply)", "dim")
            if not e.unlocked:
                tree.add(
                    Text.assemble((f"{e.index} {e.speaker} ", "bold"), "replied (nothing unlocked): ", said)
                )
                continue
            node = tree.add(
                Text.assemble(
                    (f"{e.index} {e.speaker} ", "bold"), f"replied (unlocked {len(e.unlocked)}): ", said
                )
            )
            for u in e.unlocked:
                why = f"{u.layer} {u.score:.3f}" + (f" via {u.via[1]}" if u.via else "")
                source = f"{u.speaker}, {u.at:%Y-%m-%d %H:%M}, {', '.join(u.source_ids)}"
                node.add(
                    Text.assemble(
                        (why, "green" if u.layer == "immediate" else "magenta"),
                        "  ",
                        (source, "dim"),
                        "\n",
                        card_text(u.content),
                    )
                )
        out.append(tree)
    from rich import box

    summary = Table(
        title="Summary",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        collapse_padding=True,
        caption="w/mem: replies with memories injected; unl.: cards unlocked; assoc: unlocked along "
        "links; earl.: unlocked from earlier sessions; only: distinct cards no other agent "
        "unlocked; score: mean score of the unlocked cards",
        caption_justify="left",
    )
    for col in ("agent", "replies", "w/mem", "unl.", "assoc", "earl.", "only", "score", "cards", "links"):
        summary.add_column(col, justify="left" if col == "agent" else "right", no_wrap=True)
    for name, m in result.metrics["agents"].items():
        summary.add_row(
            name,
            str(m["replies"]),
            str(m["replies_with_memories"]),
            str(m["unlocked"]),
            str(m["associative"]),
            str(m["from_earlier_sessions"]),
            str(m.get("unlocked_only_by_it", 0)),
            f"{m['mean_score']:.3f}",
            str(m["cards"]),
            str(m["links"]),
        )
    out.append(summary)
    out.extend(_persona_report(result))
    out.append(
        Text(
            f"run folder: {result.out_dir} (transcript.jsonl, metrics.json, memory/); "
            f"{result.elapsed_s:.1f} s"
        )
    )
    return out


def _persona_report(result: RunResult) -> list:
    """Per agent the traits that moved and its modules, then every module event (unlock,
    strengthen, weaken, rollback, relock) with its reason: lines, so narrow consoles stay readable."""
    from rich.text import Text

    agents = {n: m["persona"] for n, m in result.metrics["agents"].items() if "persona" in m}
    if not agents:
        return []
    out: list = [
        Text("Persona at the end (traits that moved: start -> score; * = evidence split)", style="bold")
    ]
    for name, p in agents.items():
        moved = [
            f"{t} {v['start']:.2f} -> {v['score']:.2f}{'*' if v['dissonant'] else ''}"
            for t, v in p["traits"].items()
            if abs(v["score"] - v["start"]) >= 0.01 or v["dissonant"]
        ]
        mods = ", ".join(f"{m} {v['status']} {v['weight']:.2f}" for m, v in p["modules"].items()) or "none"
        out.append(Text.assemble((f"  {name}: ", "bold"), "; ".join(moved) or "no trait moved"))
        out.append(Text(f"    modules: {mods}; prompt version {p['prompt_version']}"))
    lines = [
        Text.assemble(
            f"  {s.id}  ",
            (f"{e['agent']} {e['event']} {e['module']}", "bold"),
            f" (weight {e['weight']:.2f}): ",
            (e["reason"], "dim"),
        )
        for s in result.sessions
        for e in s.persona_events
        if e["event"] != "prompt"
    ]
    if lines:
        out.append(Text("Persona events", style="bold"))
        out.extend(lines)
    # one renderable: the caller prints renderables separated by spaces, and these are lines
    return [Text("\n").join([*out, Text("")])]
