"""Trait evidence from one message the agent saw, for the persona engine.

The agent's own reply gives weak behaviour evidence
(:func:`~autogen_zettel.persona.signals.behaviour_signals`) and is kept, redacted, as the reply
the next feedback in its session reacts to. A message from
someone else is feedback when its speaker may give feedback (``persona.feedback_speakers``) and
it answers the agent's reply or names the agent: it is read by
:func:`~autogen_zettel.persona.signals.feedback_signals`, with the reader by meaning
(:class:`~autogen_zettel.persona.meaning.MeaningDetector`, on the memory's embedder) and, when one
is configured, an LLM judge whose reading wins per trait; its signals are weighed by the
speaker's ``persona.feedback_weights``. :func:`evidence_row` turns a signal into the row the
persona store keeps: the cue only, no message text.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from autogen_zettel.people.address import addressed_elsewhere, participants
from autogen_zettel.persona.meaning import DEFAULT_PARAMS, MeaningDetector, reader_embedder
from autogen_zettel.persona.memory_api import PersonaMemory
from autogen_zettel.persona.signals import (
    SignalSource,
    TraitSignal,
    behaviour_signals,
    directed,
    feedback_signals,
    names,
)
from autogen_zettel.persona.valence import valence

__all__ = ["EvidenceReader", "evidence_row"]

log = logging.getLogger(__name__)


class EvidenceReader:
    """Reads the trait evidence of each message one agent sees (see the module docstring).

    :param memory: the agent's memory (its embedder, its redaction)
    :param agent: the agent's name
    :param specs: the persona's trait specs
    :param cfg: a :class:`~autogen_zettel.base.config.PersonaConfig`
    :param judge: optional LLM trait judge (``signals(text, previous_reply, specs)``)
    """

    def __init__(self, memory: PersonaMemory, agent: str, specs: dict, cfg: Any, judge: Any = None):
        self.memory = memory
        self.agent = agent
        self.specs = specs
        self.cfg = cfg
        self.judge = judge
        #: everyone heard speaking so far (the agent included)
        self.speakers: set[str] = set()
        self._known: set[str] | None = None  # participants known before they speak (see _others)
        self._reads = 0
        # the agent's latest reply per session, kept in memory only: persona state holds no message text
        self._last_reply: dict[str, tuple[str, str]] = {}
        self._meaning: MeaningDetector | None = None

    def _feedback_from(self, speaker: str) -> bool:
        allowed = self.cfg.feedback_speakers
        return not allowed or speaker in allowed

    def feedback_weight(self, speaker: str) -> float:
        """How much ``speaker``'s feedback weighs (``persona.feedback_weights``; 1.0 by default)."""
        weights = self.cfg.feedback_weights or {}
        return float(weights.get(speaker, weights.get("default", 1.0)))

    def _addressed(self, text: str, previous_speaker: str | None) -> bool:
        if addressed_elsewhere(text, self.agent, self._others()):  # "critic, more detail please"
            return False
        if previous_speaker == self.agent:
            return True
        return names(text, self.agent)

    def _others(self) -> set[str]:
        """Everyone but the agent known in this chat, also those who have not spoken yet (read
        again every few messages: the hub's tenant list is a folder listing)."""
        self._reads += 1
        if self._known is None or self._reads % 20 == 0:
            self._known = participants(self.memory)
        return (self.speakers | self._known) - {self.agent}

    def detector(self) -> MeaningDetector | None:
        """Feedback by meaning with the memory's embedder (prototypes embedded once, on first use)."""
        if not self.cfg.meaning:
            return None
        if self._meaning is None:
            self._meaning = MeaningDetector(
                reader_embedder(self.memory.embedder, getattr(self.cfg, "meaning_model", "auto")),
                self.specs,
                DEFAULT_PARAMS,
            )
        return self._meaning

    def read(
        self, text: str, speaker: str, message_id: str, session: str, previous_speaker: str | None
    ) -> tuple[list[TraitSignal], str | None, float | None]:
        """The signals of one message, the id of the reply they are about (feedback only) and the
        feedback's mood (None when the message is no feedback)."""
        about = None
        self.speakers.add(speaker)
        if speaker == self.agent:
            signals = behaviour_signals(text, specs=self.specs)
            self._last_reply[session] = (message_id, self.memory.redact(text[:4000]).text)
            if len(self._last_reply) > 64:  # old sessions: their replies get no more feedback
                self._last_reply.pop(next(iter(self._last_reply)))
            return signals, about, None
        if not (self._feedback_from(speaker) and self._addressed(text, previous_speaker)):
            return [], about, None
        last = self._last_reply.get(session)
        previous = last[1] if last else None
        about = last[0] if last else None
        others = self._others() - {speaker}
        signals = feedback_signals(
            text,
            previous_reply=previous,
            specs=self.specs,
            meaning=self.detector(),
            name=self.agent,
            others=others,
        )
        if self.judge is not None:
            # one message counts once per trait: where the judge read a trait, its reading wins
            # and a judge that found evidence has read the meaning: the offline reading by meaning yields
            judged = self._judge(text, previous)
            if judged:
                taken = {j.trait for j in judged}
                signals = judged + [
                    s for s in signals if s.trait not in taken and not s.cue.startswith("meaning:")
                ]
        weight = self.feedback_weight(speaker)
        if weight != 1.0:
            signals = [
                TraitSignal(x.trait, x.sign, round(x.strength * weight, 4), x.affect, x.source, x.cue)
                for x in signals
            ]
        mood = signals[0].affect if signals else valence(text)
        if mood < 0 and any(directed(x) for x in signals):
            # "too harsh": a complaint that names what to change is a request for a trait,
            # not a verdict on the modules in force (it must not roll one back)
            mood = 0.0
        return signals, about, mood

    def _judge(self, text: str, previous: str | None) -> list[TraitSignal] | None:
        redacted = self.memory.redact(text).text  # the judge sees what memory would store, no secret
        try:
            return [s for s in self.judge.signals(redacted, previous, self.specs) if s.trait in self.specs]
        except Exception as exc:  # noqa: BLE001 - offline detection still stands
            # the kind only: an error may quote the model's answer, and logs are out of forgetting's reach
            log.warning(
                "agent %s: trait judge failed (%s), keeping offline evidence only",
                self.agent,
                type(exc).__name__,
            )
            return None


def evidence_row(s: TraitSignal, message_id: str, about: str | None, session: str, at: datetime) -> dict:
    """The persona store's evidence row for one signal of the message ``message_id``."""
    return {
        "trait": s.trait,
        "sign": s.sign,
        "strength": s.strength,
        "affect": s.affect,
        "source": s.source.value if isinstance(s.source, SignalSource) else str(s.source),
        "cue": s.cue,
        "message_id": message_id,
        "card_id": None,
        "about_message_id": about,
        "session_id": session or None,
        "at": at,
    }
