"""Offline trait evidence: what a feedback message or the agent's own reply says about traits.

Two detectors, both deterministic:

* :func:`feedback_signals` reads a user's message about the agent's previous reply. The words
  naming a trait's poles, in English or Chinese, and the stance around them
  (:mod:`~autogen_zettel.persona.poles`: "too harsh" is more warmth, "太啰嗦了" more conciseness)
  give strength-1.0 signals; so do explicit cues for the other traits (a trait's ``more``/``less``
  phrases: "too long", "be more precise").
  Generic praise or complaint ("thanks, perfect", "that's not helpful") without an explicit cue
  is credited to what the previous reply showed (:func:`behaviour_signals`), strength 0.6:
  praise after a short reply reinforces conciseness, a complaint after it weakens it.
  With a :class:`~autogen_zettel.persona.meaning.MeaningDetector` (the persona engine passes
  one built on the memory's embedder), clauses without an explicit cue are also compared with
  every trait's prototypes by meaning ("trim it to the essentials"), strength 0.8, and praise
  or complaint without a listed word is recognised by meaning too, or by a sentiment lexicon
  (VADER, :mod:`~autogen_zettel.persona.sentiment`) where the message reads like praise or
  complaint rather than chat.
* :func:`behaviour_signals` reads the agent's own reply (source ``self``, strength 0.3).

Signals carry no message text: ``cue`` is the phrase from the trait spec or a fixed label, so
repetitions of the same cue can be counted (see :func:`autogen_zettel.persona.mining.edge_weight`).

>>> from autogen_zettel.persona.traits import default_traits
>>> [(s.trait, s.sign, s.cue) for s in feedback_signals("Too long, get to the point.",
...                                                      previous_reply=None, specs=default_traits())]
[('conciseness', 1, 'pole:to the point')]
>>> feedback_signals("It was not too long at all.", previous_reply=None, specs=default_traits())
[]
"""

from __future__ import annotations

import logging
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from autogen_zettel.persona.clause_words import clauses
from autogen_zettel.persona.meaning import SEMANTIC_STRENGTH
from autogen_zettel.persona.phrase_match import find_phrase, normalise, phrase_hits
from autogen_zettel.persona.poles import has_cjk, pole_cues, pole_hits
from autogen_zettel.persona.sentiment import sentiment, unmet_expectation
from autogen_zettel.persona.traits import TraitSpec
from autogen_zettel.persona.valence import valence

__all__ = [
    "SignalSource",
    "TraitSignal",
    "feedback_signals",
    "behaviour_signals",
    "addressed_part",
    "names",
    "directed",
    "EXPLICIT_STRENGTH",
    "GENERIC_STRENGTH",
    "SELF_STRENGTH",
    "SEMANTIC_STRENGTH",
]

log = logging.getLogger(__name__)

EXPLICIT_STRENGTH = 1.0
GENERIC_STRENGTH = 0.6
SELF_STRENGTH = 0.3
SHORT_REPLY_WORDS = 60  # a reply of at most this many words shows conciseness
LONG_REPLY_WORDS = 150  # one of at least this many shows its opposite
RIGOUR_MARKERS = 2  # numbers, citations and hedges a reply needs to show rigour
GENERIC_MIN_VALENCE = 0.3  # weaker praise or complaint is not credited to the previous reply
MEANING_VALENCE = 0.6  # the valence of praise or complaint recognised by meaning alone


class SignalSource(str, Enum):
    FEEDBACK = "feedback"  # a user's reaction to the agent's reply
    SELF = "self"  # what the agent's own reply showed
    LLM = "llm"  # an LLM judge (LLMTraitJudge in llm.py)


@dataclass(frozen=True)
class TraitSignal:
    """What a detector found in one message: evidence for (+1) or against (-1) a trait."""

    trait: str
    sign: int
    strength: float
    affect: float
    source: SignalSource
    cue: str


def directed(signal: TraitSignal) -> bool:
    """Whether a feedback signal asks for a trait to move (not praise or complaint credited to
    what the previous reply did)."""
    return signal.source is SignalSource.FEEDBACK and not signal.cue.startswith(("praise:", "complaint:"))


# -- detectors -------------------------------------------------------------------------------


def addressed_part(text: str, name: str | None, others: Collection[str] = ()) -> str:
    """The sentences of ``text`` meant for ``name``: a sentence that names one of ``others`` and
    not ``name`` is about someone else ("ben, more detail please" is no feedback for ada).

    >>> addressed_part("Thanks ada, short and sweet. ben, more detail please.", "ada", ["ben"])
    'Thanks ada, short and sweet.'
    """
    if not name or not others:
        return text
    kept = [
        s
        for s in _SENTENCE.findall(text)
        if names(s, name) or not any(names(s, o) for o in others if o != name)
    ]
    return " ".join(s.strip() for s in kept if s.strip())


_SENTENCE = re.compile(r"[^.!?。！？\n]+[.!?。！？]*")


def _name_re(who: str) -> re.Pattern:
    # a Latin-script name ends where a Latin letter or digit does: "cleo说话太冲了" names cleo
    edge = "A-Za-z0-9_" if who.isascii() else r"\w"
    return re.compile(rf"(?<![{edge}]){re.escape(who)}(?![{edge}])", re.IGNORECASE)


def names(text: str, who: str) -> bool:
    """Whether ``text`` names the agent ``who`` (in any script around it).

    >>> names("cleo说话太冲了", "cleo"), names("cleopatra was here", "cleo")
    (True, False)
    """
    return _name_re(who).search(text) is not None


def _anchored(clause: str, specs: Mapping[str, TraitSpec]) -> bool:
    norm = normalise(clause)
    return any(find_phrase(norm, p) for spec in specs.values() for p in (*spec.more, *spec.less))


def _by_meaning(
    text: str,
    specs: Mapping[str, TraitSpec],
    meaning: Any,
    affect: float,
    names: Collection[str] = (),
    previous_reply: str | None = None,
) -> tuple[list[TraitSignal], float]:
    """Signals by meaning for the clauses no exact phrase covers, and the valence by meaning
    where the praise/complaint words say nothing (``affect`` is
    :func:`~autogen_zettel.persona.valence.valence` of the text). Praise of the current level
    ("that length was just right") takes the direction the previous reply showed for the
    trait, where it showed one."""
    for who in names:  # "ben, flesh that out": the addressee's name is no part of the request
        text = _name_re(who).sub(" ", text)
    # an English-only embedder reads no Chinese, and a clause naming a pole is read by its words
    parts = [
        c for c in clauses(text) if not _anchored(c, specs) and not has_cjk(c) and not pole_hits(c, specs)
    ]
    readings = meaning.read(parts) if parts else []
    shown = (
        {s.trait: s.sign for s in behaviour_signals(previous_reply, specs=specs)}
        if previous_reply and any(r.keep for r in readings)
        else {}
    )
    out, seen = [], set()
    for r in readings:
        sign = shown.get(r.trait, r.sign) if r.keep else r.sign
        if r.trait is not None and r.trait in specs and sign and (r.trait, sign) not in seen:
            seen.add((r.trait, sign))
            cue = f"meaning:{'more' if sign > 0 else 'less'}"
            out.append(TraitSignal(r.trait, sign, SEMANTIC_STRENGTH, affect, SignalSource.FEEDBACK, cue))
    if readings and all(r.neutral for r in readings) and not out and len(parts) == len(clauses(text)):
        affect = 0.0  # "good morning": a listed word in what reads as plain chat
    elif abs(affect) < GENERIC_MIN_VALENCE:
        moods = [r.valence for r in readings if r.valence]
        floor = getattr(meaning.params, "lexicon_valence", None)
        if moods:
            affect = MEANING_VALENCE * (1 if sum(moods) > 0 else -1 if sum(moods) < 0 else 0)
        elif floor is not None and any(r.mood_lead > meaning.params.lexicon_gate for r in readings):
            score = sentiment(text)  # "superb answer", "this is nonsense": a kept lexicon, gated by meaning
            if abs(score) >= floor:
                affect = MEANING_VALENCE * (1 if score > 0 else -1)
    return [TraitSignal(s.trait, s.sign, s.strength, affect, s.source, s.cue) for s in out], affect


def feedback_signals(
    text: str,
    *,
    previous_reply: str | None,
    specs: Mapping[str, TraitSpec],
    meaning: Any = None,
    name: str | None = None,
    others: Collection[str] = (),
) -> list[TraitSignal]:
    """Trait signals in a user's feedback message.

    :param text: the user's message
    :param previous_reply: the agent's reply the message reacts to (None: no generic credit)
    :param specs: the traits to look for (e.g. ``persona.trait_specs``)
    :param meaning: a :class:`~autogen_zettel.persona.meaning.MeaningDetector`: clauses without
        an exact phrase are compared with the traits' prototypes by meaning (strength 0.8, cue
        ``meaning:more``/``meaning:less``), and praise or complaint is also recognised by meaning
    :param name: the agent the feedback may be for, and ``others`` the other agents: sentences
        naming only others are left out (:func:`addressed_part`)
    :returns: at most one signal per trait and sign; ``affect`` is the message's valence

    >>> from autogen_zettel.persona.traits import default_traits
    >>> [(s.trait, s.sign, s.strength, s.cue) for s in feedback_signals(
    ...     "Thanks, perfect!", previous_reply="Yes: 42 participants, 60% female.", specs=default_traits())]
    [('conciseness', 1, 0.6, 'praise:short_reply'), ('rigour', 1, 0.6, 'praise:evidence_markers')]
    """
    text = addressed_part(text, name, others)
    norm = normalise(text)
    affect = valence(text)
    if affect > -GENERIC_MIN_VALENCE and unmet_expectation(text):
        affect = -MEANING_VALENCE  # "I expected better", "could have been much better": the reply fell short
    out: list[TraitSignal] = []
    poles = pole_cues(text, specs)  # the direction asked of each trait whose end the message names
    for trait, (sign, word) in poles.items():
        out.append(TraitSignal(trait, sign, EXPLICIT_STRENGTH, affect, SignalSource.FEEDBACK, f"pole:{word}"))
    for trait, spec in specs.items():
        for sign, phrases in ((1, spec.more), (-1, spec.less)):
            if trait in poles:
                break  # the pole words read the stance around them; a listed phrase does not
            for phrase in phrases:
                plain, _ = phrase_hits(norm, phrase)
                if plain and not any(phrase in w and phrase != w for _, w in poles.values()):
                    out.append(
                        TraitSignal(trait, sign, EXPLICIT_STRENGTH, affect, SignalSource.FEEDBACK, phrase)
                    )
                    break
    if meaning is not None and text.strip():
        found, affect = _by_meaning(
            text, specs, meaning, affect, [n for n in (name, *others) if n], previous_reply
        )
        taken = {(s.trait, s.sign) for s in out}
        out = [TraitSignal(s.trait, s.sign, s.strength, affect, s.source, s.cue) for s in out]
        out += [s for s in found if (s.trait, s.sign) not in taken]
    if out or previous_reply is None or abs(affect) < GENERIC_MIN_VALENCE:
        return out
    tone = "praise" if affect > 0 else "complaint"
    direction = 1 if affect > 0 else -1
    for b in behaviour_signals(previous_reply, specs=specs):
        out.append(
            TraitSignal(
                b.trait,
                direction * b.sign,
                GENERIC_STRENGTH,
                affect,
                SignalSource.FEEDBACK,
                f"{tone}:{b.cue}",
            )
        )
    return out


_NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)?%?")
_CITATION = re.compile(
    r"\bet al\b|\bdoi\b|https?://|\[\d+\]|\(\w+,? (?:19|20)\d\d\)|\baccording to\b|"
    r"\bp ?[<=] ?0?\.\d|\bn ?= ?\d|\bsource:|\bci\b|confidence interval"
)
_HEDGE = re.compile(
    r"\b(?:may|might|likely|unlikely|roughly|approximately|about \d|uncertain|uncertainty|"
    r"probably|suggests?|estimate[sd]?)\b"
)
_JOKE = re.compile(
    r"\b(?:ha){2,}\b|\blol\b|\bjoke\b|\bjoking\b|\bkidding\b|\bpun\b|[\U0001F600-\U0001F64F]|"
    r"(?<!\w)[:;]-?[)D](?!\w)",
    re.IGNORECASE,
)
_INITIATIVE = re.compile(
    r"\bi will\b|\bi'll\b|\bnext steps?\b|\blet's\b|\blet us\b|\bshall i\b|\bi suggest\b|"
    r"\bi propose\b|\bi can also\b|\bi'll follow up\b"
)
_BOLD = re.compile(
    r"\bgo for it\b|\bworth a try\b|\bworth the risk\b|\bbold\b|\bjust try\b|\bship it\b|"
    r"\bquick experiment\b|\btake the risk\b"
)
_CAUTION = re.compile(
    r"\bto be safe\b|\bcarefully\b|\bcaution\b|\bconservative\b|\bbefore we commit\b|"
    r"\bdouble-check\b|\brisky\b|\bplay it safe\b"
)
_PATIENT = re.compile(
    r"\bstep by step\b|\blet me explain\b|\bin other words\b|\bto recap\b|\bno problem\b|"
    r"\bno worries\b|\bfirst,.*\bthen\b|\bstep \d\b"
)


_BUILT_IN = frozenset(
    {"conciseness", "rigour", "curiosity", "humour", "proactivity", "risk_tolerance", "patience"}
)


def _detected(reply: str, norm: str, words: int) -> dict[str, tuple[int, str]]:
    """Built-in detectors for the default traits: trait -> (sign, cue)."""
    found: dict[str, tuple[int, str]] = {}
    if words <= SHORT_REPLY_WORDS:
        found["conciseness"] = (1, "short_reply")
    elif words >= LONG_REPLY_WORDS:
        found["conciseness"] = (-1, "long_reply")
    markers = len(_NUMBER.findall(reply)) + len(_CITATION.findall(norm)) + len(_HEDGE.findall(norm))
    if markers >= RIGOUR_MARKERS:
        found["rigour"] = (1, "evidence_markers")
    if "?" in reply:
        found["curiosity"] = (1, "question")
    if _JOKE.search(reply):
        found["humour"] = (1, "joke")
    if _INITIATIVE.search(norm):
        found["proactivity"] = (1, "initiative")
    bold, careful = len(_BOLD.findall(norm)), len(_CAUTION.findall(norm))
    if bold > careful:
        found["risk_tolerance"] = (1, "boldness")
    elif careful > bold:
        found["risk_tolerance"] = (-1, "caution")
    if _PATIENT.search(norm):
        found["patience"] = (1, "patient_explanation")
    return found


def behaviour_signals(reply: str, *, specs: Mapping[str, TraitSpec]) -> list[TraitSignal]:
    """What the agent's own reply showed (source ``self``, strength 0.3, affect 0).

    Built-in detectors for the default traits (length, numbers/citations/hedges, questions,
    jokes, initiative, boldness/caution, step-by-step explanations); a trait without one shows
    when the reply holds at least two of its ``keywords``. Only traits in ``specs`` are reported.

    >>> from autogen_zettel.persona.traits import default_traits
    >>> [(s.trait, s.sign, s.cue) for s in behaviour_signals("Shall I book the lab? Next step: the pilot.",
    ...                                                      specs=default_traits())]
    [('conciseness', 1, 'short_reply'), ('proactivity', 1, 'initiative'), ('curiosity', 1, 'question')]
    """
    norm = normalise(reply)
    found = _detected(reply, norm, len(reply.split()))
    out = []
    for name, spec in specs.items():
        if name in found:
            sign, cue = found[name]
        elif name not in _BUILT_IN and spec.keywords:
            hits = sum(bool(find_phrase(norm, kw)) for kw in spec.keywords)
            if hits < 2:
                continue
            sign, cue = 1, "keywords"
        else:
            continue
        out.append(TraitSignal(name, sign, SELF_STRENGTH, 0.0, SignalSource.SELF, cue))
    return out
