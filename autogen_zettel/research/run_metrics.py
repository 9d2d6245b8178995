"""The metrics summary of a scenario run (``metrics.json``): per agent and per session, computed
from the sessions' transcripts, the agents' memories and their persona engines."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from autogen_zettel.research.run_results import SessionResult
from autogen_zettel.research.scenario import Scenario

__all__ = ["run_metrics"]


def run_metrics(
    scenario: Scenario, sessions: Sequence[SessionResult], agents: Sequence[Any], hub: Any
) -> dict:
    """The ``metrics.json`` of a run: per agent its replies, what it unlocked (immediate,
    associative, from earlier sessions, distinct and only by it), its memory's size and its
    persona; per session the messages and unlocks; and the run's settings."""
    per_agent: dict[str, dict] = {}
    for a in agents:
        stats = a.memory.stats()
        per_agent[a.name] = {
            "replies": 0,
            "replies_with_memories": 0,
            "unlocked": 0,
            "immediate": 0,
            "associative": 0,
            "from_earlier_sessions": 0,
            "distinct_cards_unlocked": 0,
            "mean_score": 0.0,
            "cards": stats["cards"],
            "links": stats["links"],
            "cards_by_kind": dict(sorted(stats["by_kind"].items())),
        }
        engine = getattr(a, "persona_engine", None)
        if engine is not None:
            per_agent[a.name]["persona"] = engine.dump()
    per_session = []
    distinct: dict[str, set[str]] = {a.name: set() for a in agents}
    scores: dict[str, list[float]] = {a.name: [] for a in agents}
    for s in sessions:
        counts: dict[str, int] = {}
        for e in s.entries:
            if e.kind != "reply" or e.speaker not in per_agent:
                continue
            m = per_agent[e.speaker]
            m["replies"] += 1
            m["replies_with_memories"] += bool(e.unlocked)
            for u in e.unlocked:
                m["unlocked"] += 1
                m[u.layer if u.layer in ("immediate", "associative") else "immediate"] += 1
                m["from_earlier_sessions"] += u.session_id != s.id
                distinct[e.speaker].add(u.card_id)
                scores[e.speaker].append(u.score)
            counts[e.speaker] = counts.get(e.speaker, 0) + len(e.unlocked)
        per_session.append(
            {
                "session": s.id,
                "date": s.date.isoformat(),
                "messages": len(s.entries),
                "unlocked": dict(sorted(counts.items())),
                **({"persona_events": list(s.persona_events)} if s.persona_events else {}),
            }
        )
    for name, m in per_agent.items():
        m["distinct_cards_unlocked"] = len(distinct[name])
        # what sets this agent apart: cards it unlocked that no other agent did (card ids are
        # made from source, text and time, so one message's card has one id in every memory)
        others = set().union(*(ids for other, ids in distinct.items() if other != name))
        m["unlocked_only_by_it"] = len(distinct[name] - others)
        m["mean_score"] = round(sum(scores[name]) / len(scores[name]), 4) if scores[name] else 0.0
    return {
        "scenario": scenario.name,
        "seed": scenario.seed,
        "speaker_selection": scenario.speaker_selection,
        "embedding_model": hub.embedder.name,
        "sessions": len(sessions),
        "messages": sum(len(s.entries) for s in sessions),
        "replies": sum(m["replies"] for m in per_agent.values()),
        "agents": per_agent,
        "per_session": per_session,
    }
