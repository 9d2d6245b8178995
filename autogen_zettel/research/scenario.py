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
autogen_zettel.base.errors.ConfigError: in s.yaml at key 'participants': must not be empty: ... persona files taking part...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time as dtime
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Discriminator, Field, Strict, Tag, WithJsonSchema

from autogen_zettel.base.clock import as_naive_utc
from autogen_zettel.base.config import MemoryConfig, config_from_dict
from autogen_zettel.base.errors import ConfigError, InvalidInput
from autogen_zettel.base.schema import Schema, short, validate
from autogen_zettel.base.yamlio import read_yaml
from autogen_zettel.memory.hub import validate_tenant_name
from autogen_zettel.persona.spec import Persona, load_persona, persona_from_dict

__all__ = [
    "Scenario",
    "ScenarioSession",
    "ScenarioMessage",
    "UserTurn",
    "ScenarioFile",
    "load_scenario",
    "scenario_from_dict",
    "scenario_dict",
    "memory_config",
    "check_names",
]

SPEAKER_SELECTION = ("round_robin", "random")


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
    # the participants present (names); empty: all of them. An absent agent hears nothing of the
    # session, so its memory differs from those who were there.
    attendees: tuple[str, ...] = ()


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
                data = read_yaml(path)
                try:
                    persona = persona_from_dict({**data, "name": name}, file=str(path))
                except ConfigError as exc:
                    raise _err(str(exc), self.source, f"participants[{i}].name") from None
            out.append(persona)
        return out


def _err(msg: str, file: str | None, key: str | None = None) -> ConfigError:
    return ConfigError(msg, file=file, key=key)


# Bounds on what one scenario may ask for: each round is an agent reply (an LLM call with --llm),
# so a typo such as `rounds: 1000000000` must be refused, not run for days.
MAX_ROUNDS = 1_000
MAX_SESSIONS = 1_000
MAX_PARTICIPANTS = 50
MAX_MESSAGES = 1_000  # opening messages or scripted user turns in one session
MAX_TURN_MINUTES = 24 * 60


def _nonblank(value: str) -> str:
    if not value.strip():
        raise ValueError(f"must be non-empty text, got {short(value)}")
    return value.strip()


def _when(value: Any) -> datetime:
    if isinstance(value, datetime):
        try:
            return as_naive_utc(value)
        except OverflowError:
            pass
    elif isinstance(value, date):
        return datetime.combine(value, dtime(9, 0))
    elif isinstance(value, str):
        try:
            return as_naive_utc(datetime.fromisoformat(value.strip()))
        except (ValueError, OverflowError):
            pass
    raise ValueError(
        f"must be a date or date-time such as 2024-03-04 or 2024-03-04T09:00, got {short(value)}"
    )


NonEmpty = Annotated[str, Strict(), Field(min_length=1), AfterValidator(_nonblank)]
When = Annotated[
    datetime,
    BeforeValidator(_when),
    WithJsonSchema(
        {"type": "string", "description": "a date or date-time, e.g. 2024-03-04 or 2024-03-04T09:00"}
    ),
]


class OpeningSpec(Schema):
    """An opening message of a session."""

    speaker: NonEmpty = Field(description="the user or a participant's name")
    text: NonEmpty


class UserTurnSpec(Schema):
    """A scripted user message (see :class:`UserTurn`)."""

    after: Annotated[int, Strict(), Field(ge=0, le=MAX_ROUNDS)] = Field(
        description="after this many agent replies"
    )
    text: NonEmpty
    kind: Literal["turn", "feedback"] = "turn"
    about: NonEmpty | None = Field(default=None, description="the participant a feedback turn is about")


class SessionSpec(Schema):
    """One session of a scenario file."""

    id: NonEmpty | None = Field(default=None, description="default: session-N")
    date: When
    rounds: Annotated[int, Strict(), Field(ge=0, le=MAX_ROUNDS)] = Field(
        default=3, description=f"agent replies in the session, at most {MAX_ROUNDS:,}"
    )
    opening: Annotated[list[OpeningSpec], Field(min_length=1, max_length=MAX_MESSAGES)] = Field(
        description="at least one message, e.g. `- {speaker: user, text: ...}`"
    )
    user_turns: Annotated[list[UserTurnSpec], Field(max_length=MAX_MESSAGES)] | None = Field(
        default=None, description="a list of {after, text, kind, about}"
    )
    attendees: Annotated[list[NonEmpty], Field(min_length=1, max_length=MAX_PARTICIPANTS)] | None = Field(
        default=None,
        description="the participants present (names); default: all. Absent agents "
        "hear nothing of the session and do not reply in it",
    )


class ParticipantSpec(Schema):
    """A persona file run under another name (and tenant)."""

    persona: NonEmpty = Field(description="the path of a persona file, relative to the scenario")
    name: NonEmpty


Participant = Annotated[
    Annotated[NonEmpty, Tag("path")] | Annotated[ParticipantSpec, Tag("renamed")],
    Discriminator(lambda v: "renamed" if isinstance(v, dict) else "path"),
]


def _run_name(name: str) -> str:
    """A scenario's name names its run folder (``runs/<name>``): the tenant-name rule keeps it
    one plain folder name (no '/', '..', absolute paths or control characters)."""
    try:
        return validate_tenant_name(name)
    except InvalidInput:
        raise ValueError(
            f"{short(name)} cannot name the run folder (runs/<name>): use 1-64 letters, digits, '_', '-' "
            "or '.', starting with a letter or digit, with no '..' or '/' (e.g. research-group); "
            "to write elsewhere give --out"
        ) from None


class ScenarioFile(Schema):
    """What a scenario file may hold; ``autogen-zettel schema scenario`` prints it as JSON Schema."""

    name: Annotated[NonEmpty, AfterValidator(_run_name)]
    description: Annotated[str, Strict()] | None = None
    seed: Annotated[int, Strict(), Field(ge=0, le=2**63 - 1)] = 0
    participants: Annotated[list[Participant], Field(min_length=1, max_length=MAX_PARTICIPANTS)] = Field(
        description="the persona files taking part, e.g. `- ../../agents/researcher.yaml`, or "
        "`{persona: FILE, name: NAME}` to run one under another name"
    )
    user: NonEmpty = "user"
    speaker_selection: Literal[SPEAKER_SELECTION] = "round_robin"  # type: ignore[valid-type]
    turn_minutes: Annotated[float, Strict(), Field(gt=0, le=MAX_TURN_MINUTES)] = Field(
        default=2.0, description="simulated minutes per turn"
    )
    memory: MemoryConfig | None = Field(
        default=None, description="memory config keys, as in configs/default.yaml"
    )
    sessions: Annotated[list[SessionSpec], Field(min_length=1, max_length=MAX_SESSIONS)] = Field(
        description="the sessions, in time order, each with a date and opening messages"
    )


def scenario_from_dict(data: Any, *, file: str | None = None, base: Path | None = None) -> Scenario:
    """Validate a plain mapping (as read from YAML) into a :class:`Scenario`.

    The schema (:class:`ScenarioFile`) checks keys, types and bounds; the rules between fields
    (unique session ids, time order, turns within a session's rounds) are checked after it.

    :param base: folder persona paths are relative to (default: the current folder)
    :raises ConfigError: naming the file and the dotted key, and how to fix it
    """
    if data is None:
        raise _err("the file is empty; see examples/scenarios/research_group.yaml", file)
    spec = validate(ScenarioFile, data, file=file)
    base = base or Path(".")
    participants, names = [], []
    for p in spec.participants:
        renamed = None
        if isinstance(p, ParticipantSpec):
            p, renamed = p.persona, p.name
        path = Path(p).expanduser()
        participants.append((path if path.is_absolute() else base / path).resolve())
        names.append(renamed)

    sessions: list[ScenarioSession] = []
    ids: set[str] = set()
    for i, s in enumerate(spec.sessions):
        where = f"sessions[{i}]"
        sid = s.id or f"session-{i + 1}"
        if sid in ids:
            raise _err(
                f"duplicate session id {short(sid)}; give every session its own id", file, f"{where}.id"
            )
        ids.add(sid)
        if sessions and s.date < sessions[-1].date:
            raise _err(
                f"sessions must be in time order; {s.date.isoformat()} is before the previous session's "
                f"{sessions[-1].date.isoformat()}",
                file,
                f"{where}.date",
            )
        turns = []
        for j, t in enumerate(s.user_turns or ()):
            if t.after > s.rounds:
                raise _err(
                    f"comes after {t.after} replies but the session has only {s.rounds} rounds; "
                    "lower `after` or raise `rounds`",
                    file,
                    f"{where}.user_turns[{j}].after",
                )
            turns.append(UserTurn(t.after, t.text, t.kind, t.about))
        turns.sort(key=lambda t: t.after)  # stable: turns with the same `after` keep their order
        opening = tuple(ScenarioMessage(m.speaker, m.text) for m in s.opening)
        sessions.append(
            ScenarioSession(sid, s.date, s.rounds, opening, tuple(turns), tuple(s.attendees or ()))
        )
    return Scenario(
        name=spec.name,
        participants=tuple(participants),
        sessions=tuple(sessions),
        description=(spec.description or "").strip(),
        seed=spec.seed,
        user=spec.user,
        speaker_selection=spec.speaker_selection,
        turn_minutes=float(spec.turn_minutes),
        memory=data.get("memory") or {},
        source=file,
        names=tuple(names),
    )


def memory_config(memory: Mapping[str, Any], *, file: str | None) -> MemoryConfig:
    try:
        return config_from_dict(dict(memory), file=file)
    except ConfigError as exc:
        body = str(exc).split(": ", 1)[-1] if exc.key or exc.file else str(exc)
        raise ConfigError(body, file=file, key=f"memory.{exc.key}" if exc.key else "memory") from None


def check_names(scenario: Scenario, personas: Sequence[Persona]) -> None:
    file = scenario.source
    names = [p.name for p in personas]
    seen: set[str] = set()
    for i, n in enumerate(names):
        if n.casefold() in seen:
            raise _err(
                f"two participants are named {short(n)}; each persona needs its own name",
                file,
                f"participants[{i}]",
            )
        seen.add(n.casefold())
    if scenario.user.casefold() in seen:
        raise _err(
            f"the user's name {short(scenario.user)} is also a participant's; rename one", file, "user"
        )
    for i, s in enumerate(scenario.sessions):
        for j, a in enumerate(s.attendees):
            if a not in names:
                raise _err(
                    f"{short(a)} is not a participant; use one of {names}",
                    file,
                    f"sessions[{i}].attendees[{j}]",
                )
            if a in s.attendees[:j]:
                raise _err(
                    f"{short(a)} is listed twice; list each attendee once",
                    file,
                    f"sessions[{i}].attendees[{j}]",
                )
        present = list(s.attendees or names)
        for j, m in enumerate(s.opening):
            if m.speaker == scenario.user or m.speaker in present:
                continue
            why = (
                "is not in this scenario"
                if m.speaker not in names
                else "is not among this session's attendees"
            )
            raise _err(
                f"{short(m.speaker)} {why}; use {short(scenario.user)} or one of {present}",
                file,
                f"sessions[{i}].opening[{j}].speaker",
            )
        for j, t in enumerate(s.user_turns):
            if t.about is not None and t.about not in present:
                why = (
                    "is not a participant"
                    if t.about not in names
                    else "is not among this session's attendees"
                )
                raise _err(
                    f"{short(t.about)} {why}; use one of {present}",
                    file,
                    f"sessions[{i}].user_turns[{j}].about",
                )


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario YAML file (bounded safe loading, unknown keys rejected).

    Persona paths are relative to the scenario file. Persona files are loaded (and checked) by
    :func:`~autogen_zettel.research.simulate.run_scenario`.
    """
    path = Path(path)
    data = read_yaml(path, missing_fix="check the path (examples/scenarios/ holds one)")
    return scenario_from_dict(data, file=str(path), base=path.parent)


def scenario_dict(s: Scenario) -> dict:
    """The scenario as plain data again (what a run folder's scenario.yaml holds)."""
    return {
        "name": s.name,
        "description": s.description,
        "seed": s.seed,
        "user": s.user,
        "speaker_selection": s.speaker_selection,
        "turn_minutes": s.turn_minutes,
        "participants": [
            {"persona": str(p), "name": n} if n else str(p)
            for p, n in zip(s.participants, s.names or (None,) * len(s.participants))
        ],
        "memory": dict(s.memory),
        "sessions": [
            {
                "id": x.id,
                "date": x.date,
                "rounds": x.rounds,
                "opening": [{"speaker": m.speaker, "text": m.text} for m in x.opening],
                "user_turns": [
                    {
                        "after": t.after,
                        "text": t.text,
                        "kind": t.kind,
                        **({"about": t.about} if t.about else {}),
                    }
                    for t in x.user_turns
                ],
                **({"attendees": list(x.attendees)} if x.attendees else {}),
            }
            for x in s.sessions
        ],
    }
