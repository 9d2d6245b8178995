"""What a scenario run produced, as data: the transcript entries, each session's result and the
run's result (where its folder is, its metrics). :func:`~autogen_zettel.research.simulate.run_scenario`
builds them; :mod:`~autogen_zettel.research.report` renders them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from autogen_zettel.research.scenario import Scenario

__all__ = ["TranscriptEntry", "SessionResult", "RunResult"]


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
            "session": self.session_id,
            "index": self.index,
            "message_id": self.message_id,
            "at": self.at.isoformat(),
            "speaker": self.speaker,
            "kind": self.kind,
            "text": self.text,
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
