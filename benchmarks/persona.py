"""Persona benchmark: what persona evolution costs at N cards.

A tenant is filled with LoCoMo turns (:func:`~benchmarks.fill.fill_tenant`) until it
holds N cards; a persona engine then lives through ``days`` simulated days, each with a few
feedback messages (real cue phrases, stored as evidence edges), and mines after each day:
a plain mining (traits, modules, prompt stack) and, once a week, a session-end mining (which
adds community detection over the semantic links and the profile). Recall latency over the
LoCoMo questions is timed with and without the persona factor.
"""

from __future__ import annotations

import time
from datetime import timedelta
from pathlib import Path

import numpy as np

from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.persona.engine import PersonaEngine
from autogen_zettel.persona.spec import persona_from_dict
from benchmarks.fill import fresh_tenant

__all__ = ["run_persona"]

_FEEDBACK = (
    "Keep it short, please.",
    "Too long again; get to the point.",
    "Thanks, that was exactly the precision I needed. Be more precise like that.",
    "Can you give me more detail on the method?",
    "Ha, that was funny.",
    "Take the initiative next time, don't wait for me.",
)


def _pct(values: list[float]) -> tuple[float, float]:
    return float(np.percentile(values, 50)), float(np.percentile(values, 95))


def run_persona(
    hub,
    data: str | Path,
    *,
    n_cards: int = 2000,
    days: int = 30,
    feedback_per_day: int = 6,
    queries: int = 200,
    tenant: str = "persona-bench",
    progress: bool = False,
) -> dict:
    """Fill ``tenant``, evolve a persona over ``days`` days, and time mining and modulated recall."""
    mem, fill, questions = fresh_tenant(hub, data, tenant, n_cards, round_days=30, progress=progress)
    questions = questions[:queries]
    persona = persona_from_dict(
        {
            "name": tenant,
            "traits": {"conciseness": 0.5, "rigour": 0.6, "humour": 0.3},
            "modules": [
                {
                    "name": "brief",
                    "prompt": "Answer in at most three sentences.",
                    "unlock": "conciseness > 0.7 held for 7 days",
                    "temperature": -0.2,
                },
                {
                    "name": "data_first",
                    "prompt": "State the data a claim rests on.",
                    "unlock": "rigour > 0.7 held for 5 days",
                },
            ],
        }
    )
    engine = PersonaEngine(mem, persona)
    start = max(c.created_at for c in tenant_parts(mem).db.iter_cards()) + timedelta(days=1)
    plain, weekly = [], []
    n = 0
    for day in range(days):
        at = start + timedelta(days=day)
        session = f"bench-day-{day:03d}"
        for i in range(feedback_per_day):
            n += 1
            mid = f"{session}#{i:03d}"
            engine.observe(
                f"{tenant}: the figures, as asked.",
                speaker=tenant,
                message_id=f"{mid}a",
                session_id=session,
                at=at + timedelta(minutes=2 * i),
            )
            engine.observe(
                _FEEDBACK[n % len(_FEEDBACK)],
                speaker="user",
                message_id=f"{mid}b",
                session_id=session,
                at=at + timedelta(minutes=2 * i + 1),
                previous_speaker=tenant,
            )
        mem.flush()
        end = at + timedelta(hours=2)
        t0 = time.perf_counter()
        engine.mine(end, reason="bench", session_end=day % 7 == 6)
        (weekly if day % 7 == 6 else plain).append(1000 * (time.perf_counter() - t0))
    at = start + timedelta(days=days)
    mem.recall("warm up", k=10, at=at, touch=False)
    without, with_factor, factor_ms = [], [], []
    for q in questions:
        t0 = time.perf_counter()
        mem.recall(q, k=10, at=at, touch=False)
        without.append(1000 * (time.perf_counter() - t0))
        t0 = time.perf_counter()
        factor = engine.modulation()
        factor_ms.append(1000 * (time.perf_counter() - t0))
        mem.recall(q, k=10, at=at, touch=False, modulation=factor)
        with_factor.append(1000 * (time.perf_counter() - t0))
    evidence = len(engine.store.evidence())
    return {
        "cards": tenant_parts(mem).db.count(),
        "fill_messages": fill.messages,
        "days": days,
        "evidence_edges": evidence,
        "prompt_versions": engine.stack.version,
        "module_events": len(engine.store.module_events()),
        "scores": engine.scores(),
        "modules": {k: v["status"] for k, v in engine.dump()["modules"].items()},
        "candidates": [c["label"] for c in engine.candidates],
        "mine_ms_p50_p95": _pct(plain),
        "session_end_mine_ms_p50_p95": _pct(weekly) if weekly else (0.0, 0.0),
        "recall_ms_p50_p95": _pct(without),
        "recall_modulated_ms_p50_p95": _pct(with_factor),
        "modulation_setup_ms_p50": float(np.percentile(factor_ms, 50)),
    }
