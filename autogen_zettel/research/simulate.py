"""Research simulations as data: run a scenario file as real AutoGen GroupChats over simulated days.

A scenario (parsed and validated in ``scenario.py``) names the persona files that take part,
the sessions with their dates, each session's opening messages, scripted user turns and
feedback, how many agent replies each session has, how speakers are picked, and a random seed
(see ``examples/scenarios/research_group.yaml``). :func:`run_scenario` runs it with a real
``GroupChat`` and ``GroupChatManager`` per session, on a :class:`~autogen_zettel.base.clock.SimulatedClock`,
with the offline model client unless an ``llm_config`` is given, and writes a run folder::

    run/
      memory/            the agents' memories (SQLite files and Qdrant local storage)
      transcript.jsonl   one line per message; agent replies list what was unlocked before them
      metrics.json       a summary per agent and per session
      scenario.yaml      the scenario as run (persona paths absolute: it runs again from here)
      .autogen-zettel-run  marks a folder this program made: only such a folder is overwritten

Same scenario, same seed, same embedder: same transcript and metrics, byte for byte (offline).
:func:`report` (``report.py``) renders a run for the console; the run folder is kept by
``run_folder.py``, the results are ``run_results.py``, the metrics ``run_metrics.py``.
"""

from __future__ import annotations

import json
import logging
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import yaml

from autogen_zettel.base.clock import SimulatedClock
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.research.llm_check import as_unavailable, check_reachable
from autogen_zettel.research.run_folder import UNFINISHED, prepare_out_dir
from autogen_zettel.research.run_metrics import run_metrics
from autogen_zettel.research.run_results import RunResult, SessionResult, TranscriptEntry
from autogen_zettel.research.scenario import (
    SPEAKER_SELECTION,  # noqa: F401 - importable from here, as before the split
    Scenario,
    ScenarioMessage,
    ScenarioSession,
    UserTurn,
    check_names,
    load_scenario,
    memory_config,
    scenario_dict,
    scenario_from_dict,
)

__all__ = [
    "Scenario",
    "ScenarioSession",
    "ScenarioMessage",
    "UserTurn",
    "TranscriptEntry",
    "SessionResult",
    "RunResult",
    "load_scenario",
    "scenario_from_dict",
    "run_scenario",
]

log = logging.getLogger(__name__)


# -- running ---------------------------------------------------------------------------------


class _Selector:
    """Picks the next speaker (a callable ``speaker_selection_method``) and moves the clock.

    Scripted user turns come after their number of agent replies; otherwise agents speak in
    round-robin order or at random (seeded; never the same agent twice in a row).
    """

    def __init__(
        self,
        agents: Sequence[Any],
        user: Any,
        turns: Sequence[UserTurn],
        *,
        mode: str,
        rng: random.Random,
        clock: SimulatedClock,
        minutes: float,
    ):
        self.agents = list(agents)
        self.user = user
        self.pending = list(turns)
        self.mode = mode
        self.rng = rng
        self.clock = clock
        self.minutes = minutes
        self.replies = 0
        self.times: list[datetime] = []
        self.turn_kinds: list[UserTurn | None] = []

    def __call__(self, last_speaker: Any, groupchat: Any) -> Any:
        self.times.append(self.clock.advance(minutes=self.minutes))
        if self.pending and self.pending[0].after <= self.replies:
            turn = self.pending.pop(0)
            self.user.queue(turn.text)
            self.turn_kinds.append(turn)
            return self.user
        self.turn_kinds.append(None)
        self.replies += 1
        if self.mode == "random":
            options = [a for a in self.agents if a is not last_speaker] or self.agents
            return self.rng.choice(options)
        if last_speaker in self.agents:
            return self.agents[(self.agents.index(last_speaker) + 1) % len(self.agents)]
        return self.agents[(self.replies - 1) % len(self.agents)]


def run_scenario(
    scenario: str | Path | Scenario,
    out_dir: str | Path,
    *,
    hub: Any = None,
    embedder: Any = None,
    llm_config: Any = None,
    overwrite: bool = False,
    progress: Callable[[str, int, int], None] | None = None,
) -> RunResult:
    """Run a scenario and write its run folder; returns what happened (see :func:`report`).

    :param scenario: a scenario file or a loaded :class:`Scenario`
    :param out_dir: the run folder (created; must be empty unless ``overwrite``)
    :param hub: run on this hub instead of ``out_dir/memory`` (its clock must be a
        :class:`SimulatedClock`; the scenario's ``memory`` section is then ignored)
    :param embedder: embed with this instead of the config's model (e.g. ``HashEmbedder()`` for tests)
    :param llm_config: agents reply with this LLM, which also judges feedback for trait evidence
        and writes the persona profiles (default: the offline model client and offline rules; only
        offline runs are reproducible)
    :param overwrite: replace a previous run in ``out_dir``
    :param progress: called as ``progress(session_id, done, total)`` after each session
    """
    started = time.perf_counter()
    if not isinstance(scenario, Scenario):
        scenario = load_scenario(scenario)
    personas = scenario.personas()
    check_names(scenario, personas)
    if llm_config is not None:
        check_reachable(llm_config)
    out_dir = Path(out_dir)
    own_hub = hub is None
    if not own_hub and not isinstance(getattr(hub, "clock", None), SimulatedClock):
        raise InvalidInput(
            "a simulation moves the hub's clock: open the hub with clock=SimulatedClock(...), or pass no hub"
        )
    if not own_hub and scenario.memory:
        log.warning("scenario %s: ignoring its memory section because a hub was given", scenario.name)
    prepare_out_dir(out_dir, overwrite=overwrite, own_memory=own_hub)
    marker = out_dir / UNFINISHED
    marker.write_text(f"started {datetime.now():%Y-%m-%d %H:%M:%S}, not finished\n", encoding="utf-8")
    try:
        result = _run_in(scenario, personas, out_dir, hub, own_hub, embedder, llm_config, progress, started)
    except BaseException as exc:  # Ctrl-C included: the folder says it holds a partial run, and why
        what = (
            "interrupted (Ctrl-C)" if isinstance(exc, KeyboardInterrupt) else f"failed: {type(exc).__name__}"
        )
        marker.write_text(f"{what} {datetime.now():%Y-%m-%d %H:%M:%S}\n{exc}\n", encoding="utf-8")
        raise
    marker.unlink()
    return result


def _run_in(scenario, personas, out_dir, hub, own_hub, embedder, llm_config, progress, started) -> RunResult:
    """The run itself, in a prepared ``out_dir``: sessions, then the run's files."""
    from autogen_zettel.agent import MemoryAugmentedAssistantAgent, ScriptedUserAgent, run_group_chat
    from autogen_zettel.memory import MemoryHub
    from autogen_zettel.memory.llm_rerank import LLMReranker

    if own_hub:
        config = memory_config(scenario.memory, file=scenario.source)
        rerank = config.recall.llm_rerank
        hub = MemoryHub.open(
            out_dir / "memory",
            config=config,
            embedder=embedder,
            clock=SimulatedClock(scenario.sessions[0].date),
            # the scenario's recall.llm_rerank, with the run's model (memory/llm_rerank.py)
            reranker=LLMReranker(llm_config, candidates=rerank)
            if rerank and llm_config is not None
            else None,
        )
    clock: SimulatedClock = hub.clock
    try:
        try:
            sessions, agents = _run(
                scenario,
                personas,
                hub,
                clock,
                llm_config,
                progress,
                MemoryAugmentedAssistantAgent,
                ScriptedUserAgent,
                run_group_chat,
            )
        except Exception as exc:
            unavailable = as_unavailable(exc, llm_config)
            if unavailable is None:
                raise
            raise unavailable from None
        hub.flush()
        metrics = run_metrics(scenario, sessions, agents, hub)
        if hub.config.privacy.redact:
            # the transcript is a file on disk like the memory: the same secrets stay out of it
            sessions = [_redacted(s, hub.redactor) for s in sessions]
    finally:
        if own_hub:
            hub.close()
    with (out_dir / "transcript.jsonl").open("w", encoding="utf-8") as f:
        for s in sessions:
            for e in s.entries:
                f.write(json.dumps(e.to_dict(), ensure_ascii=False, sort_keys=True) + "\n")
    (out_dir / "metrics.json").write_text(
        json.dumps(metrics, indent=2, sort_keys=True) + "\n", encoding="utf-8"
    )
    header = (
        (
            f"# The scenario as run (from {scenario.source}), persona paths made absolute so it can be\n"
            "# run again from here.\n"
        )
        if scenario.source
        else ""
    )
    (out_dir / "scenario.yaml").write_text(
        header + yaml.safe_dump(scenario_dict(scenario), sort_keys=False, allow_unicode=True, width=100),
        encoding="utf-8",
    )
    elapsed = time.perf_counter() - started
    log.info("scenario %s: %d sessions in %.1f s -> %s", scenario.name, len(sessions), elapsed, out_dir)
    return RunResult(scenario, out_dir, tuple(sessions), metrics, elapsed)


def _redacted(session: SessionResult, redactor: Any) -> SessionResult:
    """``session`` with secrets cut from the text of its entries (what memory cut on capture)."""
    entries = tuple(replace(e, text=redactor.redact(e.text).text) for e in session.entries)
    return replace(session, entries=entries)


def _run(scenario, personas, hub, clock, llm_config, progress, agent_cls, user_cls, run_group_chat):
    recalls: list[tuple[int, Any]] = []
    state: dict[str, Any] = {"gc": None}

    def on_recall(event) -> None:
        gc = state["gc"]
        recalls.append((len(gc.messages) if gc is not None else -1, event))

    persona_llm: dict[str, Any] = {}
    if llm_config is not None:  # with an LLM configured, it also judges feedback and writes profiles
        from autogen_zettel.persona.judges import LLMProfiler, LLMTraitJudge

        persona_llm = {"trait_judge": LLMTraitJudge(llm_config), "profiler": LLMProfiler(llm_config)}
    agents = [
        agent_cls(
            persona=p,
            hub=hub,
            llm_config=llm_config,
            flush_before_recall=True,
            on_recall=on_recall,
            **persona_llm,
        )
        for p in personas
    ]
    user = user_cls(scenario.user)
    by_name = {a.name: a for a in agents}
    rng = random.Random(scenario.seed)
    results: list[SessionResult] = []
    seen: dict[str, tuple[int, int]] = {}
    for n, session in enumerate(scenario.sessions, start=1):
        clock.set(session.date)
        # only those present take part: the others hear nothing, so memories differ by attendance
        present = [by_name[name] for name in session.attendees] if session.attendees else agents
        for a in present:
            a.start_session(session.id)
        selector = _Selector(
            present,
            user,
            session.user_turns,
            mode=scenario.speaker_selection,
            rng=rng,
            clock=clock,
            minutes=scenario.turn_minutes,
        )
        recalls.clear()
        openings = [{"role": "user", "name": m.speaker, "content": m.text} for m in session.opening]
        messages = run_group_chat(
            [user, *present],
            openings,
            max_round=1 + session.rounds + len(session.user_turns),
            selector=selector,
            on_start=lambda gc: state.update(gc=gc),
        )
        result = _session_result(session, messages, selector, recalls, by_name)
        results.append(_with_persona_events(result, present, clock, seen))
        if progress is not None:
            progress(session.id, n, len(scenario.sessions))
    return results, agents


def _with_persona_events(
    result: SessionResult, agents: Sequence[Any], clock: SimulatedClock, seen: dict[str, tuple[int, int]]
) -> SessionResult:
    """End the session for every agent (their personas mine now) and collect what changed in
    the session: module events and prompt-stack versions (``seen``: counts so far per agent)."""
    events = []
    for a in agents:
        engine = getattr(a, "persona_engine", None)
        if engine is None:
            continue
        a.end_session(clock.now())
        a.flush()
        n_events, version = seen.get(a.name, (0, 1))
        module_events = engine.store.module_events()
        for e in module_events[n_events:]:
            events.append(
                {
                    "agent": a.name,
                    "module": e.module,
                    "event": e.event,
                    "at": e.at.isoformat(),
                    "weight": round(e.weight_after, 4),
                    "reason": e.reason,
                }
            )
        if engine.stack.version != version:
            events.append(
                {
                    "agent": a.name,
                    "module": None,
                    "event": "prompt",
                    "at": clock.now().isoformat(),
                    "weight": None,
                    "reason": f"prompt stack version {engine.stack.version}",
                }
            )
        seen[a.name] = (len(module_events), engine.stack.version)
    return SessionResult(result.id, result.date, result.entries, tuple(events))


def _session_result(
    session: ScenarioSession,
    messages: Sequence[dict],
    selector: _Selector,
    recalls: Sequence[tuple[int, Any]],
    by_name: Mapping[str, Any],
) -> SessionResult:
    from autogen_zettel.agent.capability import message_id_for, message_text

    n_open = len(session.opening)
    unlocked_at: dict[int, Any] = {}
    for index, event in recalls:
        unlocked_at[index] = event
    entries = []
    for i, m in enumerate(messages):
        text = message_text(m)
        speaker = m.get("name") or "unknown"
        if i < n_open:
            kind, at, about = "opening", session.date, None
        else:
            turn = selector.turn_kinds[i - n_open] if i - n_open < len(selector.turn_kinds) else None
            at = selector.times[i - n_open] if i - n_open < len(selector.times) else session.date
            kind = turn.kind if turn is not None else ("reply" if speaker in by_name else "turn")
            about = turn.about if turn is not None else None
        event = unlocked_at.get(i)
        entries.append(
            TranscriptEntry(
                session_id=session.id,
                index=i + 1,
                message_id=message_id_for(session.id, i + 1, speaker, text),
                at=at,
                speaker=speaker,
                kind=kind,
                text=text,
                unlocked=tuple(event.unlocked) if (event is not None and kind == "reply") else (),
                about=about,
            )
        )
    return SessionResult(session.id, session.date, tuple(entries))
