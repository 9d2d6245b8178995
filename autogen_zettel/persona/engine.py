"""Persona evolution: the engine that turns an agent's experience into traits, unlocked
behaviour, a profile and a versioned prompt stack.

One :class:`PersonaEngine` serves one agent (one tenant); it is fed every message the agent sees
(:meth:`PersonaEngine.observe`) and works in the memory's background worker:

1. **Evidence.** The agent's own replies give weak behaviour evidence (short reply:
   conciseness, a joke: humour, ...); feedback addressed to the agent (it answers the agent's
   reply or names the agent) gives feedback evidence read by what is asked (persona/poles.py),
   plus an LLM judge's signals when one is configured, which win per trait. Each signal is a
   REINFORCES / WEAKENS edge from the message (then its card) to the trait: no text, only the cue.
2. **Mining** on a schedule (every ``persona.mine_every_turns`` messages, at session end, and
   every ``persona.mine_every_days``): trait scores with dual-rate learning and bounds
   (:func:`~autogen_zettel.persona.mining.mine_traits`), history rows, dissonance flags, and at
   session end candidate new traits (strong-link communities no trait explains).
3. **Modules.** Unlock conditions (``conciseness > 0.7 held for 7 days``) are checked over the
   score history; modules unlock, strengthen, weaken on negative feedback and roll back
   (:func:`~autogen_zettel.persona.behaviours.step_module`), every event with its reason.
4. **Prompt stack.** System layer (persona + profile), trait layer and session layer, plus
   temperature: a new version whenever what the model would be sent changes.
5. **Profile.** At every session end and every ``persona.profile_every_days``, summarised from
   the person model (persona/profile_refresh.py) and merged with the previous one by momentum.
:meth:`PersonaEngine.modulation` gives recall a persona factor per card.

The engine holds the state and the schedule; its parts are objects of their own: the evidence
reader (persona/evidence_reader.py), the module steps (persona/unlocking.py), the prompt stack
versions (persona/stack_versions.py) and the persona's part in recall (persona/recall_factor.py).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from autogen_zettel.base.cards import Card, Hit
from autogen_zettel.base.clock import as_naive_utc
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.memory.sessions import SessionEnd
from autogen_zettel.memory.tenant import Zettelkasten, tenant_parts
from autogen_zettel.persona.behaviours import ModuleEvent, ModuleState, ModuleStatus
from autogen_zettel.persona.candidate_book import BOOK_KEY, about_label, promoted_specs, track
from autogen_zettel.persona.clusters import add_graph_evidence, cluster_candidates
from autogen_zettel.persona.evidence_reader import EvidenceReader, evidence_row
from autogen_zettel.persona.memory_api import PersonaMemory
from autogen_zettel.persona.mining import TraitState, initial_states, mine_traits
from autogen_zettel.persona.prompt_stack import PromptStack
from autogen_zettel.persona.recall_factor import PersonaRecall
from autogen_zettel.persona.saved import (
    dt as _dt,
    module_state as _module_state,
    state_dict as _state_dict,
    trait_state as _trait_state,
)
from autogen_zettel.persona.spec import Persona
from autogen_zettel.persona.stack_versions import StackVersions
from autogen_zettel.persona.unlocking import hold_window, step_modules

__all__ = ["PersonaEngine", "MiningReport"]

log = logging.getLogger(__name__)

_STATE_KEY = "engine"
CANDIDATES_KEY = "candidates"
_MAX_FEEDBACK = 100  # feedback valences kept between minings (all mining triggers may be off)


class PersonaEngine:
    """Evolves one agent's persona from what it experiences (see the module docstring).

    :param memory: the agent's memory (a :class:`~autogen_zettel.memory.tenant.Zettelkasten`), used
        through its public API only (:class:`~autogen_zettel.persona.memory_api.PersonaMemory`)
    :param persona: the persona the agent started from (its traits, trait definitions, modules)
    :param config: a :class:`~autogen_zettel.base.config.PersonaConfig` (default: the hub's ``persona``)
    :param judge: optional LLM trait judge (``signals(text, previous_reply, specs)``)
    :param profiler: optional LLM profiler (``merge(old_text, items)``)
    :param base_system: the system layer before the profile (default: the persona's system message)
    :param base_temperature: the model's configured temperature (modules add their deltas to it)
    """

    def __init__(
        self,
        memory: Zettelkasten | PersonaMemory,
        persona: Persona,
        *,
        config: Any = None,
        judge: Any = None,
        profiler: Any = None,
        base_system: str | None = None,
        base_temperature: float | None = None,
    ):
        self.memory = memory
        # the memory's working parts (store, clock, worker, write lock), as PersonaMemory types them
        self.parts: PersonaMemory = tenant_parts(memory)
        memory = self.parts
        self.persona = persona
        self.cfg = config if config is not None else memory.config.persona
        self.specs = dict(persona.trait_specs)
        self.judge = judge
        self.profiler = profiler
        self.store = memory.persona_store
        # traits promoted from candidates in earlier runs (persona/candidate_book.py)
        for name, spec in promoted_specs(self.store.get_state(BOOK_KEY), self.cfg.bounds).items():
            self.specs.setdefault(name, spec)
        self._lock = threading.RLock()
        base = base_system if base_system is not None else persona.system_message_text()
        self.stacks = StackVersions(self.store, persona.name, persona, base, base_temperature)
        self.recall = PersonaRecall(memory, self.specs, self.cfg)
        self.reader = EvidenceReader(memory, persona.name, self.specs, self.cfg, judge)
        self._max_hold = hold_window(persona)  # how much trait history a condition reads
        self._load(as_naive_utc(memory.now()))
        # the memory's session ends reach the engine; what a gone process left owed is caught up
        self._unsubscribe = memory.sessions.subscribe(self._session_ended)
        self._catch_up(memory.sessions)

    # -- state -------------------------------------------------------------------------------
    def _load(self, now: datetime) -> None:
        saved = self.store.get_state(_STATE_KEY) or {}
        owner = saved.get("persona")
        if owner is not None and owner != self.persona.name:
            raise InvalidInput(
                f"tenant {self.memory.name!r} already holds the evolving persona {owner!r}; one tenant evolves one "
                f"persona: give {self.persona.name!r} its own tenant (tenant=...), or evolve=False"
            )
        states = {k: _trait_state(v) for k, v in (saved.get("traits") or {}).items()}
        fresh = initial_states(self.specs, self.persona.traits, now, self.cfg)
        for name, state in fresh.items():  # traits added to the persona since the last run start fresh
            states.setdefault(name, state)
        self.states: dict[str, TraitState] = {k: v for k, v in states.items() if k in self.specs}
        modules = {k: _module_state(v) for k, v in (saved.get("modules") or {}).items()}
        self.modules: dict[str, ModuleState] = {
            m.name: modules.get(m.name) or ModuleState(m.name, ModuleStatus.LOCKED, 0.0, None, None, 0, 0)
            for m in self.persona.modules
        }
        self._last_evidence = int(saved.get("last_evidence", 0))
        self._last_mined = _dt(saved.get("last_mined")) or now
        self._last_profile = _dt(saved.get("last_profile"))
        self._last_candidates = _dt(saved.get("last_candidates"))
        self._last_session_end = _dt(saved.get("last_session_end"))
        self._turns = int(saved.get("turns", 0))
        self._feedback: list[float] = list(saved.get("feedback", []))
        if not saved:
            self.store.add_history(list(self.states.values()), "initial scores from the persona file")
        latest = self.store.latest_prompt()
        fresh_stack = self._build(
            now, reason="persona file" if latest is None else "persona file or settings changed"
        )
        if latest is None or not fresh_stack.same_content(self.stack):  # e.g. the persona file was edited
            self.stacks.record(fresh_stack)
        self.recall.refresh()
        if not saved:
            self._save()

    def _save(self) -> None:
        self.store.set_state(
            _STATE_KEY,
            {
                "persona": self.persona.name,
                "traits": {k: _state_dict(v) for k, v in self.states.items()},
                "modules": {k: _state_dict(v) for k, v in self.modules.items()},
                "last_evidence": self._last_evidence,
                "last_mined": self._last_mined.isoformat(),
                "last_profile": self._last_profile.isoformat() if self._last_profile else None,
                "last_candidates": self._last_candidates.isoformat() if self._last_candidates else None,
                "last_session_end": self._last_session_end.isoformat() if self._last_session_end else None,
                "turns": self._turns,
                "feedback": self._feedback,
            },
        )

    @property
    def candidates(self) -> list[dict]:
        """Candidate new traits from the latest session-end mining: ``label``, ``keywords``,
        ``size`` and ``card_ids`` of dense clusters no trait explains. Kept under their own state
        key, which forgetting a member card clears (labels are made of card words)."""
        return list(self.store.get_state(CANDIDATES_KEY) or [])

    @property
    def stack(self) -> PromptStack:
        """The prompt stack in force (see :attr:`StackVersions.current`)."""
        return self.stacks.current

    @property
    def name(self) -> str:
        return self.persona.name

    def scores(self) -> dict[str, float]:
        """Current trait scores (long-term plus mood, within bounds)."""
        return {k: round(v.score, 4) for k, v in sorted(self.states.items())}

    # -- observing ---------------------------------------------------------------------------
    def observe(
        self,
        text: str,
        *,
        speaker: str,
        message_id: str,
        session_id: str | None,
        at: datetime,
        previous_speaker: str | None = None,
    ) -> None:
        """Queue one message the agent saw (its own reply or someone else's) for evidence.

        Runs in the memory's background worker, after the message itself is stored.
        """
        if not self.cfg.enabled or not text.strip():
            return
        at = as_naive_utc(at)
        self.parts.run_later(
            lambda: self._observe(text, speaker, message_id, session_id or "", at, previous_speaker)
        )

    def feedback_weight(self, speaker: str) -> float:
        """How much ``speaker``'s feedback weighs (``persona.feedback_weights``; 1.0 by default)."""
        return self.reader.feedback_weight(speaker)

    def _observe(
        self,
        text: str,
        speaker: str,
        message_id: str,
        session: str,
        at: datetime,
        previous_speaker: str | None,
    ) -> None:
        with self._lock:
            signals, about, mood = self.reader.read(text, speaker, message_id, session, previous_speaker)
            if mood is not None and (mood or signals):
                self._feedback = [*self._feedback[-(_MAX_FEEDBACK - 1) :], round(mood, 4)]
            if signals:
                self.store.add_evidence([evidence_row(s, message_id, about, session, at) for s in signals])
            self._turns += 1
            due = self.cfg.mine_every_turns and self._turns >= self.cfg.mine_every_turns
            late = self.cfg.mine_every_days and at - self._last_mined >= timedelta(
                days=self.cfg.mine_every_days
            )
            if due or late:
                self._mine(at, f"every {self.cfg.mine_every_turns} messages" if due else "clock")
            else:
                self._save()

    # -- mining ------------------------------------------------------------------------------
    def end_session(self, at: datetime | None = None) -> None:
        """Mine at the end of a session (if ``persona.mine_at_session_end``), in the background."""
        if not (self.cfg.enabled and self.cfg.mine_at_session_end):
            return
        when = as_naive_utc(at or self.parts.now())
        self.parts.run_later(lambda: self._mine(when, "session end", session_end=True, profile=True))

    def _session_ended(self, end: Any) -> None:
        """A session of the memory ended (on the worker): mine with the trigger "session end"
        and refresh the profile."""
        if not self.cfg.enabled:
            return
        with self._lock:
            self._last_session_end = max(end.at, self._last_session_end or end.at)
            # minings move forward in time: an end found late (a hub's catch-up) is mined now
            when = max(end.at, self._last_mined)
            if self.cfg.mine_at_session_end:
                self._mine(when, "session end", session_end=True, profile=True, session_id=end.session_id)
            else:
                self._profile_only(when, "session end")

    def _profile_only(self, now: datetime, trigger: str) -> None:
        """Refresh the profile (no mining) and put it in force."""
        with self._lock, self.parts.writing():
            self._refresh_profile(now, trigger)
            candidate = self._build(now, reason=f"profile ({trigger})")
            if not candidate.same_content(self.stack):
                self.stacks.record(candidate)
            self._save()

    def _catch_up(self, sessions: Any) -> None:
        """What a process that exited left owed, queued on the worker: the session-end mining of
        sessions that ended while no engine listened (a hub's catch-up or close), else a mining
        ``persona.mine_every_days`` late, and a profile refresh a day late."""
        if not self.cfg.enabled:
            return

        def job() -> None:
            with self._lock:
                owed = sessions.table.ended_after(self._last_session_end)
                now = as_naive_utc(self.parts.now())
                if owed:
                    last = owed[-1]
                    self._session_ended(
                        SessionEnd(
                            self.memory.name,
                            last["id"],
                            datetime.fromisoformat(last["ended_at"]),
                            last["end_reason"],
                        )
                    )
                elif self.cfg.mine_every_days and now - self._last_mined >= timedelta(
                    days=self.cfg.mine_every_days
                ):
                    self._mine(now, "clock")
                elif self._last_profile is not None and self._profile_due(now):
                    self._profile_only(now, "daily")

        self.parts.run_later(job)

    def mine(
        self, at: datetime | None = None, *, reason: str = "on request", session_end: bool = False
    ) -> MiningReport:
        """Mine now (waits for queued captures first) and return what changed."""
        self.memory.flush()
        with self._lock:
            return self._mine(as_naive_utc(at or self.parts.now()), reason, session_end=session_end)

    def _mine(
        self,
        now: datetime,
        reason: str,
        *,
        session_end: bool = False,
        profile: bool = False,
        session_id: str | None = None,
    ) -> MiningReport:
        # the memory's write lock too, so a forget meanwhile keeps its effect (lock order: engine, memory)
        with self._lock, self.parts.writing():
            if session_end and self._candidates_due(now):
                self._add_graph_evidence(now)
            self.store.resolve_cards()
            # edges older than ten half-lives weigh under 0.1%: mining reads a bounded window
            horizon = now - timedelta(days=10 * self.cfg.evidence_half_life_days)
            evidence = self.store.evidence(since_at=horizon)
            new_ids = {e.id for e in evidence if e.id > self._last_evidence}
            self.states = mine_traits(self.states, evidence, new_ids, self.specs, now, self.cfg)
            self.store.add_history(list(self.states.values()), reason)
            if evidence:
                self._last_evidence = max(e.id for e in evidence)
            rows = self.store.history(since=now - self._max_hold - timedelta(days=1))
            events = step_modules(
                self.persona, self.modules, rows, feedback=self._feedback, now=now, cfg=self.cfg
            )
            self._feedback = []
            if events:
                self.store.add_module_events(events)
                for e in events:
                    log.info("agent %s: module %s %s (%s)", self.name, e.module, e.event, e.reason)
            if session_end and self._candidates_due(now):
                # community detection costs seconds at thousands of cards: at session end, at
                # most once per profile period
                found = self._candidates()
                # a failed detection saw nothing: no sightings recorded, retried next time
                if found is not None:
                    self.store.set_state(CANDIDATES_KEY, self._track_candidates(found, now))
                    self._last_candidates = now
            if profile or self._profile_due(now):
                self._refresh_profile(now, reason if profile else "daily")
            self.recall.refresh()
            why = "; ".join(f"{e.event} {e.module}: {e.reason}" for e in events) or reason
            candidate = self._build(now, reason=why)
            changed = not candidate.same_content(self.stack)
            if changed:
                self.stacks.record(candidate)
            self._turns = 0
            self._last_mined = now
            self._save()
            self._log_upkeep(
                "mining",
                reason,
                now,
                session_id=session_id,
                detail={"events": len(events), "new_version": changed},
            )
            return MiningReport(now, reason, dict(self.states), tuple(events), self.stack, changed)

    def _add_graph_evidence(self, now: datetime) -> None:
        add_graph_evidence(self.parts, self.store, self.specs, self.cfg, self.name, now)

    def _candidates(self) -> list[dict] | None:
        """This mining's clusters, or None when community detection failed (the kept candidates
        stand as they are: re-tracking them would count a sighting nobody made)."""
        participants = {self.name, *self.reader.speakers, *self.parts.speakers()}
        found = cluster_candidates(
            self.parts,
            self.specs,
            self.cfg,
            set(self.recall.edges),
            self.judge,
            participants=participants,
            agent=self.name,
        )
        return found

    def _track_candidates(self, found: list[dict], now: datetime) -> list[dict]:
        """Match this mining's clusters with the kept candidates; promote what held, drop what
        faded (persona/candidate_book.py), each logged in the upkeep log. Returns the clusters
        labelled by what their cards are about."""
        labelled = [{**c, "label": about_label(self.memory, c["card_ids"], c["keywords"])} for c in found]
        book, promoted, dropped = track(
            self.store.get_state(BOOK_KEY) or [],
            labelled,
            now,
            promote_days=self.cfg.candidate_promote_days,
            drop_days=self.cfg.candidate_drop_days,
            min_sightings=self.cfg.candidate_min_sightings,
        )
        self.store.set_state(BOOK_KEY, book)
        specs = promoted_specs(promoted, self.cfg.bounds)
        for name, spec in specs.items():
            self.specs[name] = spec  # shared with recall and the evidence reader
            self.states[name] = initial_states({name: spec}, {}, now, self.cfg)[name]
            log.info("agent %s: candidate trait promoted to %s", self.name, name)
        if specs:
            self.store.add_history([self.states[n] for n in specs], "promoted from a candidate trait")
        for e in promoted:
            self._log_upkeep(
                "candidate", "promoted", now, detail={"trait": e["trait"], "sightings": len(e["sightings"])}
            )
        for e in dropped:
            self._log_upkeep("candidate", "dropped", now, detail={"sightings": len(e["sightings"])})
        return labelled

    def candidate_book(self) -> list[dict]:
        """Every candidate trait kept across sessions: ``label``, ``keywords``, ``card_ids``,
        ``first_seen``, ``last_seen``, ``sightings`` ([time, size] per mining that found it),
        ``status`` (candidate, promoted, dropped), ``changed_at`` and ``trait`` (when promoted)."""
        return list(self.store.get_state(BOOK_KEY) or [])

    def _candidates_due(self, now: datetime) -> bool:
        days = self.cfg.profile_every_days
        last = self._last_candidates
        return last is None or not days or now - last >= timedelta(days=days)

    # -- profile -----------------------------------------------------------------------------
    def _profile_due(self, now: datetime) -> bool:
        days = self.cfg.profile_every_days
        return bool(days) and (self._last_profile is None or now - self._last_profile >= timedelta(days=days))

    def _log_upkeep(self, job: str, trigger: str, at: datetime, **fields: Any) -> None:
        self.memory.sessions.record(job, trigger, at, **fields)

    def _refresh_profile(self, now: datetime, trigger: str = "daily") -> None:
        """The profile from the person model, summarised (persona/profile_refresh.py)."""
        from autogen_zettel.persona.profile_refresh import refresh_profile

        self._last_profile = now
        items = refresh_profile(
            self.parts,
            self.store,
            self.specs,
            agent=self.name,
            speakers=self.reader.speakers,
            cfg=self.cfg,
            now=now,
            reason=trigger,
            profiler=self.profiler,
        )
        self._log_upkeep("profile", trigger, now, detail={"items": len(items)})

    # -- the prompt stack and recall ----------------------------------------------------------
    def questions(self) -> list[str]:
        """Clarification questions for the traits whose evidence is split (dissonance)."""
        return self.stacks.questions(self.states)

    def _build(self, now: datetime, *, reason: str) -> PromptStack:
        return self.stacks.build(now, reason=reason, states=self.states, modules=self.modules)

    def modulation(self) -> Callable[[Card], float] | None:
        """A persona factor per card for recall (see :class:`~autogen_zettel.persona.modulation.Modulator`)."""
        return self.recall_modulation()[0]

    def recall_modulation(self) -> tuple[Callable[[Card], float] | None, bool]:
        """The persona factor for one recall and whether it is an exploration recall (seeded,
        ``persona.exploration`` of them): then use :meth:`explore_hits` too."""
        return self.recall.recall(self.states)

    def explore_hits(self, exclude: Collection[str], k: int = 1) -> list[Hit]:
        """Globally important cards (importance, then times recalled) that the persona factor
        would weigh down, as ``exploration`` hits; the ranking is refreshed at each mining."""
        return self.recall.explore_hits(self.states, exclude, k)

    def dump(self) -> dict:
        """Scores, module states and candidates as plain data (for metrics and reports)."""
        return {
            "traits": {
                k: {
                    "score": round(v.score, 4),
                    "long": round(v.long, 4),
                    "mood": round(v.mood, 4),
                    "start": round(self.specs[k].initial, 4),
                    "dissonant": v.dissonant,
                }
                for k, v in sorted(self.states.items())
            },
            "modules": {
                k: {"status": v.status.value, "weight": round(v.weight, 4)} for k, v in self.modules.items()
            },
            "prompt_version": self.stack.version,
            "candidates": [c["label"] for c in self.candidates],
            "promoted": [e["trait"] for e in self.candidate_book() if e["status"] == "promoted"],
            "dropped": [e["label"] for e in self.candidate_book() if e["status"] == "dropped"],
        }


@dataclass(frozen=True)
class MiningReport:
    """What one mining did: the trait states, module events and the stack it left."""

    at: datetime
    reason: str
    states: Mapping[str, TraitState]
    events: tuple[ModuleEvent, ...]
    stack: PromptStack
    new_version: bool
