"""Research simulations as data: run a scenario file as real AutoGen GroupChats over simulated days.

A scenario names the persona files that take part, the sessions with their dates, each
session's opening messages, scripted user turns and feedback, how many agent replies each
session has, how speakers are picked, and a random seed (see
``examples/scenarios/research_group.yaml``). :func:`run_scenario` runs it with a real
``GroupChat`` and ``GroupChatManager`` per session, on a :class:`~autogen_zettel.clock.SimulatedClock`,
with the offline model client unless an ``llm_config`` is given, and writes a run folder::

    run/
      memory/            the agents' memories (SQLite files and Qdrant local storage)
      transcript.jsonl   one line per message; agent replies list what was unlocked before them
      metrics.json       a summary per agent and per session
      scenario.yaml      the scenario as run (persona paths absolute: it runs again from here)

Same scenario, same seed, same embedder: same transcript and metrics, byte for byte (offline).

>>> from autogen_zettel.simulate import scenario_from_dict
>>> scenario_from_dict({"name": "x", "participants": [], "sessions": []}, file="s.yaml")
Traceback (most recent call last):
...
autogen_zettel.errors.ConfigError: in s.yaml at key 'participants': must list at least one persona file...
"""

from __future__ import annotations

import json
import logging
import random
import shutil
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time as dtime
from pathlib import Path
from typing import Any

import yaml

from .clock import SimulatedClock, as_naive_utc
from .config import MemoryConfig, config_from_dict
from .errors import ConfigError, InvalidInput
from .persona import Persona, load_persona, persona_from_dict

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
    "report",
]

log = logging.getLogger(__name__)

SPEAKER_SELECTION = ("round_robin", "random")
_TOP_KEYS = ("name", "description", "seed", "participants", "user", "speaker_selection", "turn_minutes",
             "memory", "sessions")
_SESSION_KEYS = ("id", "date", "rounds", "opening", "user_turns")
_MESSAGE_KEYS = ("speaker", "text")
_TURN_KEYS = ("after", "text", "kind", "about")
_RUN_FILES = ("transcript.jsonl", "metrics.json", "scenario.yaml")


# -- the scenario ---------------------------------------------------------------------------

@dataclass(frozen=True)
class ScenarioMessage:
    """An opening message: who says it (the user or a participant) and what."""

    speaker: str
    text: str


@dataclass(frozen=True)
class UserTurn:
    """A scripted user message after ``after`` agent replies; ``feedback`` turns may name who
    they are ``about`` (recorded in the transcript for later trait mining)."""

    after: int
    text: str
    kind: str = "turn"
    about: str | None = None


@dataclass(frozen=True)
class ScenarioSession:
    id: str
    date: datetime
    rounds: int
    opening: tuple[ScenarioMessage, ...]
    user_turns: tuple[UserTurn, ...] = ()


@dataclass(frozen=True)
class Scenario:
    """A validated scenario; persona paths are resolved against the scenario file's folder."""

    name: str
    participants: tuple[Path, ...]
    sessions: tuple[ScenarioSession, ...]
    description: str = ""
    seed: int = 0
    user: str = "user"
    speaker_selection: str = "round_robin"
    turn_minutes: float = 2.0
    memory: Mapping[str, Any] = field(default_factory=dict)
    source: str | None = field(default=None, compare=False)  # the file it was loaded from
    names: tuple[str | None, ...] = ()  # per participant: a name replacing the persona file's

    def personas(self) -> list[Persona]:
        """Load every participant's persona file (errors name the persona file); a participant
        given as ``{persona: FILE, name: NAME}`` runs that persona under its own name (and tenant)."""
        out = []
        for i, path in enumerate(self.participants):
            persona = load_persona(path)
            name = self.names[i] if i < len(self.names) else None
            if name:  # the same file again, under another name (the file loaded cleanly above)
                data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
                try:
                    persona = persona_from_dict({**data, "name": name}, file=str(path))
                except ConfigError as exc:
                    raise _err(str(exc), self.source, f"participants[{i}].name") from None
            out.append(persona)
        return out


def _err(msg: str, file: str | None, key: str | None = None) -> ConfigError:
    return ConfigError(msg, file=file, key=key)


def _check_keys(data: Any, allowed: Sequence[str], *, file: str | None, where: str | None) -> dict:
    if not isinstance(data, dict):
        raise _err(f"must be a mapping with keys {', '.join(allowed)}, got {data!r}", file, where)
    for key in data:
        if key not in allowed:
            dotted = f"{where}.{key}" if where else str(key)
            raise _err(f"unknown key; known keys are: {', '.join(allowed)}", file, dotted)
    return data


def _text(value: Any, *, file: str | None, key: str, required: bool = True) -> str:
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        raise _err(f"must be non-empty text, got {value!r}", file, key)
    return value.strip()


def _int(value: Any, *, file: str | None, key: str, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise _err(f"must be a whole number >= {minimum}, got {value!r}", file, key)
    return value


def _when(value: Any, *, file: str | None, key: str) -> datetime:
    if isinstance(value, datetime):
        return as_naive_utc(value)
    if isinstance(value, date):
        return datetime.combine(value, dtime(9, 0))
    if isinstance(value, str):
        try:
            return as_naive_utc(datetime.fromisoformat(value.strip()))
        except ValueError:
            pass
    raise _err(f"must be a date or date-time such as 2024-03-04 or 2024-03-04T09:00, got {value!r}", file, key)


def scenario_from_dict(data: Any, *, file: str | None = None, base: Path | None = None) -> Scenario:
    """Validate a plain mapping (as read from YAML) into a :class:`Scenario`.

    :param base: folder persona paths are relative to (default: the current folder)
    :raises ConfigError: naming the file and the dotted key, and how to fix it
    """
    if data is None:
        raise _err("the file is empty; see examples/scenarios/research_group.yaml", file)
    data = _check_keys(data, _TOP_KEYS, file=file, where=None)
    base = base or Path(".")
    name = _text(data.get("name"), file=file, key="name")
    description = _text(data.get("description"), file=file, key="description", required=False)
    seed = _int(data.get("seed", 0), file=file, key="seed")
    user = _text(data.get("user", "user"), file=file, key="user")
    selection = data.get("speaker_selection", "round_robin")
    if selection not in SPEAKER_SELECTION:
        raise _err(f"must be one of {', '.join(SPEAKER_SELECTION)}, got {selection!r}", file, "speaker_selection")
    turn_minutes = data.get("turn_minutes", 2)
    if isinstance(turn_minutes, bool) or not isinstance(turn_minutes, (int, float)) or turn_minutes <= 0:
        raise _err(f"must be a positive number of minutes, got {turn_minutes!r}", file, "turn_minutes")
    memory = data.get("memory") or {}
    if not isinstance(memory, dict):
        raise _err(f"must be a mapping of memory config keys (as in configs/default.yaml), got {memory!r}",
                   file, "memory")
    _memory_config(memory, file=file)  # validate now, not halfway through a run

    raw_participants = data.get("participants")
    if not isinstance(raw_participants, list) or not raw_participants:
        raise _err("must list at least one persona file, e.g. `- ../../agents/researcher.yaml`", file, "participants")
    participants, names = [], []
    for i, p in enumerate(raw_participants):
        renamed = None
        if isinstance(p, dict):
            p = _check_keys(p, ("persona", "name"), file=file, where=f"participants[{i}]")
            renamed = _text(p.get("name"), file=file, key=f"participants[{i}].name")
            p = p.get("persona")
        if not isinstance(p, str) or not p.strip():
            raise _err(f"must be the path of a persona file (or `{{persona: FILE, name: NAME}}`), got {p!r}",
                       file, f"participants[{i}]")
        path = Path(p).expanduser()
        participants.append((path if path.is_absolute() else base / path).resolve())
        names.append(renamed)

    raw_sessions = data.get("sessions")
    if not isinstance(raw_sessions, list) or not raw_sessions:
        raise _err("must list at least one session with a date and opening messages", file, "sessions")
    sessions: list[ScenarioSession] = []
    ids: set[str] = set()
    for i, s in enumerate(raw_sessions):
        where = f"sessions[{i}]"
        s = _check_keys(s, _SESSION_KEYS, file=file, where=where)
        sid = _text(s.get("id", f"session-{i + 1}"), file=file, key=f"{where}.id")
        if sid in ids:
            raise _err(f"duplicate session id {sid!r}; give every session its own id", file, f"{where}.id")
        ids.add(sid)
        if "date" not in s:
            raise _err("is required: when the session happens, e.g. `date: 2024-03-04T09:00`", file, f"{where}.date")
        when = _when(s["date"], file=file, key=f"{where}.date")
        if sessions and when < sessions[-1].date:
            raise _err(f"sessions must be in time order; {when.isoformat()} is before the previous session's "
                       f"{sessions[-1].date.isoformat()}", file, f"{where}.date")
        rounds = _int(s.get("rounds", 3), file=file, key=f"{where}.rounds")
        opening_raw = s.get("opening")
        if not isinstance(opening_raw, list) or not opening_raw:
            raise _err("must list at least one message, e.g. `- {speaker: user, text: ...}`", file, f"{where}.opening")
        opening = []
        for j, m in enumerate(opening_raw):
            mw = f"{where}.opening[{j}]"
            m = _check_keys(m, _MESSAGE_KEYS, file=file, where=mw)
            opening.append(ScenarioMessage(_text(m.get("speaker"), file=file, key=f"{mw}.speaker"),
                                           _text(m.get("text"), file=file, key=f"{mw}.text")))
        turns = []
        turns_raw = s.get("user_turns") or []
        if not isinstance(turns_raw, list):
            raise _err("must be a list of {after, text, kind, about}", file, f"{where}.user_turns")
        for j, t in enumerate(turns_raw):
            tw = f"{where}.user_turns[{j}]"
            t = _check_keys(t, _TURN_KEYS, file=file, where=tw)
            after = _int(t.get("after"), file=file, key=f"{tw}.after")
            if after > rounds:
                raise _err(f"comes after {after} replies but the session has only {rounds} rounds; "
                           "lower `after` or raise `rounds`", file, f"{tw}.after")
            kind = t.get("kind", "turn")
            if kind not in ("turn", "feedback"):
                raise _err(f"must be 'turn' or 'feedback', got {kind!r}", file, f"{tw}.kind")
            about = t.get("about")
            if about is not None and (not isinstance(about, str) or not about.strip()):
                raise _err(f"must name a participant, got {about!r}", file, f"{tw}.about")
            turns.append(UserTurn(after, _text(t.get("text"), file=file, key=f"{tw}.text"), kind,
                                  about.strip() if about else None))
        turns.sort(key=lambda t: t.after)  # stable: turns with the same `after` keep their order
        sessions.append(ScenarioSession(sid, when, rounds, tuple(opening), tuple(turns)))
    return Scenario(
        name=name, participants=tuple(participants), sessions=tuple(sessions), description=description,
        seed=seed, user=user, speaker_selection=selection, turn_minutes=float(turn_minutes), memory=memory,
        source=file, names=tuple(names),
    )


def _memory_config(memory: Mapping[str, Any], *, file: str | None) -> MemoryConfig:
    try:
        return config_from_dict(dict(memory), file=file)
    except ConfigError as exc:
        body = str(exc).split(": ", 1)[-1] if exc.key or exc.file else str(exc)
        raise ConfigError(body, file=file, key=f"memory.{exc.key}" if exc.key else "memory") from None


def _check_names(scenario: Scenario, personas: Sequence[Persona]) -> None:
    file = scenario.source
    names = [p.name for p in personas]
    seen: set[str] = set()
    for i, n in enumerate(names):
        if n.casefold() in seen:
            raise _err(f"two participants are named {n!r}; each persona needs its own name", file, f"participants[{i}]")
        seen.add(n.casefold())
    if scenario.user.casefold() in seen:
        raise _err(f"the user's name {scenario.user!r} is also a participant's; rename one", file, "user")
    speakers = set(names) | {scenario.user}
    for i, s in enumerate(scenario.sessions):
        for j, m in enumerate(s.opening):
            if m.speaker not in speakers:
                raise _err(f"{m.speaker!r} is not in this scenario; use {scenario.user!r} or one of {names}",
                           file, f"sessions[{i}].opening[{j}].speaker")
        for j, t in enumerate(s.user_turns):
            if t.about is not None and t.about not in names:
                raise _err(f"{t.about!r} is not a participant; use one of {names}", file,
                           f"sessions[{i}].user_turns[{j}].about")


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario YAML file (``yaml.safe_load``, unknown keys rejected).

    Persona paths are relative to the scenario file. Persona files are loaded (and checked) by
    :func:`run_scenario`.
    """
    path = Path(path)
    file = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _err("file not found; check the path (examples/scenarios/ holds one)", file) from None
    except UnicodeDecodeError as exc:
        raise _err(f"not UTF-8 text (byte {exc.start}); save it as UTF-8", file) from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        raise _err(f"malformed YAML{where}: {getattr(exc, 'problem', None) or exc}", file) from None
    return scenario_from_dict(data, file=file, base=path.parent)


# -- results ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class TranscriptEntry:
    """One message of a run; an agent's reply lists what it unlocked before speaking."""

    session_id: str
    index: int
    message_id: str
    at: datetime
    speaker: str
    kind: str  # opening | reply | turn | feedback
    text: str
    unlocked: tuple = ()  # of agent.UnlockedCard
    about: str | None = None

    def to_dict(self) -> dict:
        d = {
            "session": self.session_id, "index": self.index, "message_id": self.message_id,
            "at": self.at.isoformat(), "speaker": self.speaker, "kind": self.kind, "text": self.text,
        }
        if self.about:
            d["about"] = self.about
        if self.kind == "reply":
            d["unlocked"] = [u.to_dict() for u in self.unlocked]
        return d


@dataclass(frozen=True)
class SessionResult:
    id: str
    date: datetime
    entries: tuple[TranscriptEntry, ...]
    persona_events: tuple[dict, ...] = ()  # module unlocks, strengthenings, rollbacks at this session's end


@dataclass(frozen=True)
class RunResult:
    """What :func:`run_scenario` did: per session the transcript (with what each agent unlocked
    and why), the metrics summary, and where the run folder is. Render it with :func:`report`."""

    scenario: Scenario
    out_dir: Path
    sessions: tuple[SessionResult, ...]
    metrics: dict
    elapsed_s: float

    @property
    def transcript_path(self) -> Path:
        return self.out_dir / "transcript.jsonl"

    @property
    def metrics_path(self) -> Path:
        return self.out_dir / "metrics.json"

    @property
    def memory_dir(self) -> Path:
        return self.out_dir / "memory"


# -- running ---------------------------------------------------------------------------------

class _Selector:
    """Picks the next speaker (a callable ``speaker_selection_method``) and moves the clock.

    Scripted user turns come after their number of agent replies; otherwise agents speak in
    round-robin order or at random (seeded; never the same agent twice in a row).
    """

    def __init__(self, agents: Sequence[Any], user: Any, turns: Sequence[UserTurn], *, mode: str,
                 rng: random.Random, clock: SimulatedClock, minutes: float):
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


def _prepare_out_dir(out_dir: Path, *, overwrite: bool, own_memory: bool) -> None:
    if out_dir.exists() and not out_dir.is_dir():
        raise InvalidInput(f"run folder {str(out_dir)!r} is a file; give a folder path")
    if out_dir.exists() and any(out_dir.iterdir()):
        previous = (out_dir / "transcript.jsonl").exists() or (out_dir / "metrics.json").exists()
        if not overwrite:
            raise InvalidInput(
                f"run folder {str(out_dir)!r} is not empty; choose a new folder or overwrite it "
                "(overwrite=True, CLI --overwrite)"
            )
        if not previous:
            raise InvalidInput(
                f"run folder {str(out_dir)!r} holds files that are not a previous run; refusing to overwrite it"
            )
        for name in _RUN_FILES:
            (out_dir / name).unlink(missing_ok=True)
        if own_memory and (out_dir / "memory").is_dir():
            shutil.rmtree(out_dir / "memory")
    out_dir.mkdir(parents=True, exist_ok=True)


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
    :param llm_config: agents reply with this LLM (default: the offline model client; only offline
        runs are reproducible)
    :param overwrite: replace a previous run in ``out_dir``
    :param progress: called as ``progress(session_id, done, total)`` after each session
    """
    from .agent import MemoryAugmentedAssistantAgent, ScriptedUserAgent, quiet_io  # AutoGen loads here
    from .memory import MemoryHub

    started = time.perf_counter()
    if not isinstance(scenario, Scenario):
        scenario = load_scenario(scenario)
    personas = scenario.personas()
    _check_names(scenario, personas)
    out_dir = Path(out_dir)
    own_hub = hub is None
    if not own_hub and not isinstance(getattr(hub, "clock", None), SimulatedClock):
        raise InvalidInput(
            "a simulation moves the hub's clock: open the hub with clock=SimulatedClock(...), or pass no hub"
        )
    if not own_hub and scenario.memory:
        log.warning("scenario %s: ignoring its memory section because a hub was given", scenario.name)
    _prepare_out_dir(out_dir, overwrite=overwrite, own_memory=own_hub)
    if own_hub:
        config = _memory_config(scenario.memory, file=scenario.source)
        hub = MemoryHub.open(out_dir / "memory", config=config, embedder=embedder,
                             clock=SimulatedClock(scenario.sessions[0].date))
    clock: SimulatedClock = hub.clock
    try:
        sessions, agents = _run(scenario, personas, hub, clock, llm_config, progress,
                                MemoryAugmentedAssistantAgent, ScriptedUserAgent, quiet_io)
        hub.flush()
        metrics = _metrics(scenario, sessions, agents, hub)
    finally:
        if own_hub:
            hub.close()
    with (out_dir / "transcript.jsonl").open("w", encoding="utf-8") as f:
        for s in sessions:
            for e in s.entries:
                f.write(json.dumps(e.to_dict(), ensure_ascii=False, sort_keys=True) + "\n")
    (out_dir / "metrics.json").write_text(json.dumps(metrics, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    header = (f"# The scenario as run (from {scenario.source}), persona paths made absolute so it can be\n"
              "# run again from here.\n") if scenario.source else ""
    (out_dir / "scenario.yaml").write_text(
        header + yaml.safe_dump(_scenario_dict(scenario), sort_keys=False, allow_unicode=True, width=100),
        encoding="utf-8",
    )
    elapsed = time.perf_counter() - started
    log.info("scenario %s: %d sessions in %.1f s -> %s", scenario.name, len(sessions), elapsed, out_dir)
    return RunResult(scenario, out_dir, tuple(sessions), metrics, elapsed)


def _scenario_dict(s: Scenario) -> dict:
    return {
        "name": s.name, "description": s.description, "seed": s.seed, "user": s.user,
        "speaker_selection": s.speaker_selection, "turn_minutes": s.turn_minutes,
        "participants": [{"persona": str(p), "name": n} if n else str(p)
                         for p, n in zip(s.participants, s.names or (None,) * len(s.participants))],
        "memory": dict(s.memory),
        "sessions": [{
            "id": x.id, "date": x.date, "rounds": x.rounds,
            "opening": [{"speaker": m.speaker, "text": m.text} for m in x.opening],
            "user_turns": [{"after": t.after, "text": t.text, "kind": t.kind, **({"about": t.about} if t.about else {})}
                           for t in x.user_turns],
        } for x in s.sessions],
    }


def _run(scenario, personas, hub, clock, llm_config, progress, agent_cls, user_cls, quiet_io):
    import autogen

    recalls: list[tuple[int, Any]] = []
    state: dict[str, Any] = {"gc": None}

    def on_recall(event) -> None:
        gc = state["gc"]
        recalls.append((len(gc.messages) if gc is not None else -1, event))

    agents = [
        agent_cls(persona=p, hub=hub, llm_config=llm_config, flush_before_recall=True, on_recall=on_recall)
        for p in personas
    ]
    user = user_cls(scenario.user)
    by_name = {a.name: a for a in agents}
    rng = random.Random(scenario.seed)
    results: list[SessionResult] = []
    seen: dict[str, tuple[int, int]] = {}
    for n, session in enumerate(scenario.sessions, start=1):
        clock.set(session.date)
        for a in agents:
            a.start_session(session.id)
        selector = _Selector(agents, user, session.user_turns, mode=scenario.speaker_selection, rng=rng,
                             clock=clock, minutes=scenario.turn_minutes)
        gc = autogen.GroupChat(
            agents=[user, *agents], messages=[], max_round=1 + session.rounds + len(session.user_turns),
            speaker_selection_method=selector, send_introductions=False,
        )
        manager = autogen.GroupChatManager(gc, name="chat_manager", llm_config=False, silent=True)
        state["gc"] = gc
        recalls.clear()
        openings = [{"role": "user", "name": m.speaker, "content": m.text} for m in session.opening]
        with quiet_io():
            last_agent, last_message = manager.resume(messages=openings, silent=True)
            last_agent.initiate_chat(manager, message=last_message, clear_history=False, silent=True)
        result = _session_result(session, gc.messages, selector, recalls, by_name)
        results.append(_with_persona_events(result, agents, clock, seen))
        if progress is not None:
            progress(session.id, n, len(scenario.sessions))
    return results, agents


def _with_persona_events(result: SessionResult, agents: Sequence[Any], clock: SimulatedClock,
                         seen: dict[str, tuple[int, int]]) -> SessionResult:
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
            events.append({"agent": a.name, "module": e.module, "event": e.event, "at": e.at.isoformat(),
                           "weight": round(e.weight_after, 4), "reason": e.reason})
        if engine.stack.version != version:
            events.append({"agent": a.name, "module": None, "event": "prompt", "at": clock.now().isoformat(),
                           "weight": None, "reason": f"prompt stack version {engine.stack.version}"})
        seen[a.name] = (len(module_events), engine.stack.version)
    return SessionResult(result.id, result.date, result.entries, tuple(events))


def _session_result(session: ScenarioSession, messages: Sequence[dict], selector: _Selector,
                    recalls: Sequence[tuple[int, Any]], by_name: Mapping[str, Any]) -> SessionResult:
    from .agent import message_id_for, message_text

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
        entries.append(TranscriptEntry(
            session_id=session.id, index=i + 1, message_id=message_id_for(session.id, i + 1, speaker, text),
            at=at, speaker=speaker, kind=kind, text=text,
            unlocked=tuple(event.unlocked) if (event is not None and kind == "reply") else (), about=about,
        ))
    return SessionResult(session.id, session.date, tuple(entries))


def _metrics(scenario: Scenario, sessions: Sequence[SessionResult], agents: Sequence[Any], hub: Any) -> dict:
    per_agent: dict[str, dict] = {}
    for a in agents:
        stats = a.memory.stats()
        per_agent[a.name] = {
            "replies": 0, "replies_with_memories": 0, "unlocked": 0, "immediate": 0, "associative": 0,
            "from_earlier_sessions": 0, "distinct_cards_unlocked": 0, "mean_score": 0.0,
            "cards": stats["cards"], "links": stats["links"], "cards_by_kind": dict(sorted(stats["by_kind"].items())),
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
        per_session.append({"session": s.id, "date": s.date.isoformat(), "messages": len(s.entries),
                            "unlocked": dict(sorted(counts.items())),
                            **({"persona_events": list(s.persona_events)} if s.persona_events else {})})
    for name, m in per_agent.items():
        m["distinct_cards_unlocked"] = len(distinct[name])
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


# -- rendering -------------------------------------------------------------------------------

def report(result: RunResult, *, max_content: int = 160) -> list:
    """Rich renderables for a run: per session, what each agent unlocked before each reply and
    why (layer, score, link followed, source message), then a summary table. The caller prints
    them (``console.print(*report(result))``); nothing here writes to the console.
    """
    from rich.table import Table
    from rich.text import Text
    from rich.tree import Tree

    def short(text: str) -> str:
        text = " ".join(text.split())
        return text if len(text) <= max_content else text[: max_content - 1] + "…"

    out: list = [Text(f"Scenario {result.scenario.name}: {len(result.sessions)} sessions, "
                      f"{result.metrics['messages']} messages, embedder {result.metrics['embedding_model']}",
                      style="bold")]
    for s in result.sessions:
        tree = Tree(Text(f"Session {s.id} ({s.date:%a %Y-%m-%d %H:%M})", style="bold cyan"))
        for e in s.entries:
            if e.kind != "reply":
                label = {"opening": "opens", "feedback": "feedback", "turn": "says"}.get(e.kind, e.kind)
                about = f" about {e.about}" if e.about else ""
                tree.add(Text.assemble((f"{e.index} {e.speaker} {label}{about}: ", "bold"), (short(e.text), "dim")))
                continue
            if not e.unlocked:
                tree.add(Text.assemble((f"{e.index} {e.speaker} ", "bold"), "replied, nothing unlocked"))
                continue
            node = tree.add(Text.assemble((f"{e.index} {e.speaker} ", "bold"),
                                          f"replied after unlocking {len(e.unlocked)}:"))
            for u in e.unlocked:
                why = f"{u.layer} {u.score:.3f}" + (f" via {u.via[1]}" if u.via else "")
                source = f"{u.speaker}, {u.at:%Y-%m-%d %H:%M}, {', '.join(u.source_ids)}"
                node.add(Text.assemble((why, "green" if u.layer == "immediate" else "magenta"), "  ",
                                       (source, "dim"), "\n", short(u.content)))
        out.append(tree)
    from rich import box

    summary = Table(title="Summary", title_justify="left", box=box.SIMPLE_HEAD, show_edge=False,
                    collapse_padding=True,
                    caption="w/mem: replies with memories injected; assoc: unlocked along links; "
                            "earlier: unlocked from earlier sessions; score: mean score of the unlocked cards",
                    caption_justify="left")
    for col in ("agent", "replies", "w/mem", "unlocked", "assoc", "earlier", "score", "cards", "links"):
        summary.add_column(col, justify="left" if col == "agent" else "right", no_wrap=True)
    for name, m in result.metrics["agents"].items():
        summary.add_row(name, str(m["replies"]), str(m["replies_with_memories"]), str(m["unlocked"]),
                        str(m["associative"]), str(m["from_earlier_sessions"]), f"{m['mean_score']:.3f}",
                        str(m["cards"]), str(m["links"]))
    out.append(summary)
    out.extend(_persona_report(result))
    out.append(Text(f"run folder: {result.out_dir} (transcript.jsonl, metrics.json, memory/); "
                    f"{result.elapsed_s:.1f} s"))
    return out


def _persona_report(result: RunResult) -> list:
    """Trait scores per agent and every module event (unlock, strengthen, weaken, rollback)."""
    from rich import box
    from rich.table import Table

    agents = {n: m["persona"] for n, m in result.metrics["agents"].items() if "persona" in m}
    if not agents:
        return []
    out: list = []
    traits = sorted({t for p in agents.values() for t in p["traits"]})
    table = Table(title="Traits at the end (score; * = evidence split)", title_justify="left",
                  box=box.SIMPLE_HEAD, show_edge=False, collapse_padding=True)
    table.add_column("agent", no_wrap=True)
    for t in traits:
        table.add_column(t, justify="right", no_wrap=True)
    table.add_column("modules")
    for name, p in agents.items():
        cells = [f"{p['traits'][t]['score']:.2f}{'*' if p['traits'][t]['dissonant'] else ''}" if t in p["traits"]
                 else "" for t in traits]
        mods = ", ".join(f"{m} {v['status']} {v['weight']:.2f}" for m, v in p["modules"].items()) or "-"
        table.add_row(name, *cells, mods)
    out.append(table)
    events = Table(title="Persona events", title_justify="left", box=box.SIMPLE_HEAD, show_edge=False,
                   collapse_padding=True)
    for col in ("session", "agent", "event", "module", "weight", "reason"):
        events.add_column(col, no_wrap=col != "reason")
    for s in result.sessions:
        for e in s.persona_events:
            if e["event"] == "prompt":
                continue
            events.add_row(s.id, e["agent"], e["event"], e["module"] or "", f"{e['weight']:.2f}", e["reason"])
    if events.row_count:
        out.append(events)
    return out
