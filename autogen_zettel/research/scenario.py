"""Scenario files: what a research simulation runs, parsed and validated (no AutoGen here).

A scenario names the persona files that take part, the sessions with their dates, each
session's opening messages, scripted user turns and feedback, how many agent replies each
session has, how speakers are picked, and a random seed (see
``examples/scenarios/research_group.yaml``). :func:`load_scenario` reads one;
:func:`~autogen_zettel.research.simulate.run_scenario` runs it.

>>> from autogen_zettel.research.scenario import scenario_from_dict
>>> scenario_from_dict({"name": "x", "participants": [], "sessions": []}, file="s.yaml")
Traceback (most recent call last):
...
autogen_zettel.base.errors.ConfigError: in s.yaml at key 'participants': must list at least one persona file...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time as dtime
from pathlib import Path
from typing import Any

import yaml

from autogen_zettel.base.clock import as_naive_utc
from autogen_zettel.base.config import MemoryConfig, config_from_dict
from autogen_zettel.base.errors import ConfigError
from autogen_zettel.persona.spec import Persona, load_persona, persona_from_dict

__all__ = [
    "Scenario",
    "ScenarioSession",
    "ScenarioMessage",
    "UserTurn",
    "load_scenario",
    "scenario_from_dict",
]

SPEAKER_SELECTION = ("round_robin", "random")
_TOP_KEYS = ("name", "description", "seed", "participants", "user", "speaker_selection", "turn_minutes",
             "memory", "sessions")
_SESSION_KEYS = ("id", "date", "rounds", "opening", "user_turns")
_MESSAGE_KEYS = ("speaker", "text")
_TURN_KEYS = ("after", "text", "kind", "about")


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
    :func:`~autogen_zettel.research.simulate.run_scenario`.
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


def _scenario_dict(s: Scenario) -> dict:
    """The scenario as plain data again (what a run folder's scenario.yaml holds)."""
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
