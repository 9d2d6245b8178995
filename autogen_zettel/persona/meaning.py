"""Trait evidence by meaning: feedback compared with each trait's prototypes through an embedder.

The phrase lists of :mod:`autogen_zettel.persona.signals` recognise only the words we wrote
("too long"); people say "trim it to the essentials" or "unpack that further". Here every
clause of a feedback message is embedded with MiniLM (the memory's own embedder when that is
MiniLM; ``persona.meaning_model``) and compared by cosine with *prototypes*:

* per trait and direction: its ``more``/``less`` phrases, its ``high``/``low`` description and
  its ``examples`` (``examples: {more: [...], less: [...]}`` in a trait definition);
* three classes that are no trait evidence: praise, complaint (credited to the previous reply,
  as before) and neutral chat (logistics, questions, tasks), built in below.

The reading has two stages (:data:`DEFAULT_PARAMS` ``two_stage``), since the embedding is good
at *which trait* a clause is about and poor at *which way* it asks to go (MiniLM puts "too
long" and "longer answer" close together):

1. *Which trait*: a trait's similarity is that of its better pole (the mean of its ``top_k``
   most similar prototypes); the best trait needs at least ``threshold``, to beat every other
   trait by ``margin`` and the best praise/complaint/neutral prototype by ``neutral_margin``.
2. *Which direction*: a size cue of :mod:`autogen_zettel.persona.direction` ("trim", "boil
   down", "unpack", "flesh out", "don't cut it short") times the trait's orientation, where the
   clause has one; else the trait's poles (which pole's prototypes the clause's content is
   closer to, times the direction words of :func:`polarity`). Praise of the current level
   ("that length was just right") takes the direction the previous reply showed. A clause that
   welcomes or objects to what it names (:func:`~autogen_zettel.persona.direction.attitude`:
   "the playful tone is out of place", "caution is holding us back") and has no size cue takes
   its attitude times the pole the named thing sits at (:meth:`MeaningDetector.poles`), since
   the nearest example of "keep the jokes coming" may well be "keep the jokes out of it".

The one-stage reader (``two_stage=False``) takes the best (trait, direction) class. The same comparison gives a valence to praise or complaint worded without a listed
word ("you read my mind"); where it does not, a kept sentiment lexicon
(:mod:`~autogen_zettel.persona.sentiment`, VADER) may, if the clause reads closer to praise or
complaint than to neutral chat (``lexicon_valence``, ``lexicon_gate``).

The default traits ship an example bank (``examples:`` in ``defaults/traits.yaml``), kept
apart from every labelled set: the nearest example's trait is right more often the more ways of
saying it the bank holds.

Negation: a clause that negates a description ("it wasn't too long", "not overly detailed")
gives no trait evidence by meaning, since an embedding hardly sees the "not"; imperative
negations ("don't pad it") are left to the prototypes, which include some. Exact phrases
stay the strong anchors: a clause holding one (negated or not) is left to them.

:data:`DEFAULT_PARAMS` holds the values cross-validation chose (``benchmarks/run_feedback_cv.py``).

The words of a clause are read in :mod:`~autogen_zettel.persona.clause_words` (its clauses,
negation, direction words), the prototypes are listed in :mod:`~autogen_zettel.persona.prototypes`.
"""

from __future__ import annotations

import functools
import logging
import re
import threading
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from autogen_zettel.embed.dual import DUAL_PREFIX
from autogen_zettel.embed.e5 import E5_MODEL
from autogen_zettel.embed.embedders import MINILM, Embedder, make_embedder
from autogen_zettel.persona.clause_words import describes_negation, polarity
from autogen_zettel.persona.direction import (
    attitude,
    keeps_level,
    orientation,
    size_cue,
    size_share,
    without_attitude,
)
from autogen_zettel.persona.prototypes import COMPLAINT, NEUTRAL, PRAISE, prototypes
from autogen_zettel.persona.traits import TraitSpec

__all__ = [
    "MeaningParams",
    "DEFAULT_PARAMS",
    "MeaningDetector",
    "ClauseReading",
    "read_clauses",
    "SEMANTIC_STRENGTH",
]

log = logging.getLogger(__name__)

SEMANTIC_STRENGTH = 0.8  # an exact phrase weighs 1.0: evidence by meaning is a little less sure


@dataclass(frozen=True)
class MeaningParams:
    """Decision thresholds on cosine similarities (see the module docstring).

    ``valence_threshold``/``valence_margin`` decide praise or complaint where no listed word
    does; ``neutral_veto`` drops a listed praise or complaint word ("good morning") when the
    clause reads as neutral chat (similarity at least ``valence_threshold``) and is closer to it
    than to praise or complaint by this much (``None``: never).
    """

    top_k: int = 2  # a class's similarity: the mean of its k most similar prototypes
    threshold: float = 0.4
    margin: float = 0.03
    neutral_margin: float = 0.1
    valence_threshold: float = 0.5
    valence_margin: float = 0.05
    neutral_veto: float | None = 0.1
    # two stages: the trait by meaning (a trait's similarity is its better pole's), then the
    # direction: a size cue of :mod:`~autogen_zettel.persona.direction` times the trait's
    # orientation where there is one, else the trait's poles if they differ by ``pole_margin``
    two_stage: bool = False
    pole_margin: float = 0.0
    # added to a trait's similarity when the clause holds one of its ``keywords`` ("joke")
    keyword_bonus: float = 0.0
    # added, times the trait's share of size cues, when the clause has a size cue ("boil it
    # down", "unpack that"): asking for a smaller or bigger reply is about its length
    size_bonus: float = 0.0
    # praise or complaint from the sentiment lexicon (persona/sentiment.py) where the listed
    # words say nothing: its score must reach ``lexicon_valence`` (None: not used) and some
    # clause must read closer to praise or complaint than to neutral chat by ``lexicon_gate``
    lexicon_valence: float | None = None
    lexicon_gate: float = 0.0
    # the direction of a clause that welcomes or objects to what it names (no size cue): its
    # attitude times the pole the named thing sits at (persona/direction.py attitude())
    attitude: bool = False


# chosen by benchmarks/run_feedback_cv.py on all of tests/data/feedback_labelled.jsonl
DEFAULT_PARAMS = MeaningParams(
    top_k=3,
    threshold=0.4,
    margin=0.02,
    neutral_margin=0.15,
    valence_threshold=0.45,
    two_stage=True,
    size_bonus=0.1,
    lexicon_valence=0.3,
    lexicon_gate=0.05,
    attitude=True,
)


@dataclass(frozen=True)
class ClauseReading:
    """What one clause means: a trait class (``"conciseness:+1"``) or None, and a valence."""

    trait: str | None
    sign: int
    similarity: float
    valence: float  # -1, 0 or 1 by meaning
    neutral: bool  # closer to neutral chat than to praise or complaint, by ``neutral_veto``
    keep: bool = False  # praise of the current level: the previous reply's direction wins
    mood_lead: float = 0.0  # how much closer to praise or complaint than to neutral chat (cosine)


@functools.lru_cache(maxsize=32)
def _groups(keys: tuple[str, ...]) -> dict[str, np.ndarray]:
    out: dict[str, list[int]] = {}
    for i, key in enumerate(keys):
        out.setdefault(key, []).append(i)
    return {k: np.asarray(v) for k, v in out.items()}


def _class_sims(row: np.ndarray, groups: Mapping[str, np.ndarray], top_k: int) -> dict[str, float]:
    out = {}
    for key, idx in groups.items():
        vals = row[idx]
        if top_k <= 1 or len(vals) == 1:
            out[key] = float(vals.max())
        else:
            k = min(top_k, len(vals))
            out[key] = float(np.partition(vals, len(vals) - k)[-k:].mean())
    return out


def _two_stage(
    best: Mapping[str, float],
    top: float,
    params: MeaningParams,
    flip: int,
    cue: int,
    orientations: Mapping[str, int],
    named: Collection[str] = (),
    sizes: Mapping[str, float] | None = None,
    feeling: int = 0,
    pole_of: Mapping[str, float] | None = None,
) -> tuple[str | None, int, float]:
    """Stage one, the trait: its similarity is its better pole's, and it must beat every other
    trait by ``margin`` and praise/complaint/neutral by ``neutral_margin``. Stage two, the
    direction: the size cue times the trait's orientation, else the poles' difference."""
    poles: dict[str, dict[int, float]] = {}
    for key, v in best.items():
        if key not in (PRAISE, COMPLAINT, NEUTRAL):
            name, _, s = key.rpartition(":")
            poles.setdefault(name, {})[int(s)] = v
    size = params.size_bonus if cue and sizes else 0.0
    ranked = sorted(
        (
            (
                max(p.values())
                + (params.keyword_bonus if n in named else 0.0)
                + size * (sizes or {}).get(n, 0.0),
                n,
            )
            for n, p in poles.items()
        ),
        reverse=True,
    )
    if not ranked:
        return None, 0, 0.0
    sim, name = ranked[0]
    second = ranked[1][0] if len(ranked) > 1 else -1.0
    if sim < params.threshold or sim - second < params.margin or sim - top < params.neutral_margin:
        return None, 0, 0.0
    diff = poles[name].get(1, -1.0) - poles[name].get(-1, -1.0)
    by_poles = (1 if diff > 0 else -1) * flip if abs(diff) >= params.pole_margin and diff else 0
    by_cue = cue * orientations.get(name, 0)
    if by_cue:
        return name, by_cue, sim
    lean = (pole_of or {}).get(name, 0.0)
    if feeling and lean and params.attitude:  # objecting to caution is more risk tolerance
        return name, feeling * (1 if lean > 0 else -1), sim
    return (name, by_poles, sim) if by_poles else (None, 0, 0.0)


def read_clauses(
    sims: np.ndarray,
    keys: Sequence[str],
    params: MeaningParams,
    *,
    negated: Sequence[bool] | None = None,
    flips: Sequence[int] | None = None,
    cues: Sequence[int] | None = None,
    keeps: Sequence[bool] | None = None,
    orientations: Mapping[str, int] | None = None,
    named: Sequence[Collection[str]] | None = None,
    sizes: Mapping[str, float] | None = None,
    attitudes: Sequence[int] | None = None,
    poles: Sequence[Mapping[str, float]] | None = None,
) -> list[ClauseReading]:
    """Decide each clause from its cosine similarities to the prototypes (pure; the CV script
    calls it on precomputed similarities).

    :param sims: shape ``(clauses, prototypes)``
    :param keys: each prototype's class, as :func:`prototypes` gives them
    :param negated: per clause, whether it negates a description (no trait evidence then)
    :param flips: per clause, the direction its words give (:func:`polarity`); a trait class's
        sign is then the pole of the prototypes it matched (their own direction words undone)
        times this
    :param cues: per clause, its size cue (:func:`~autogen_zettel.persona.direction.size_cue`),
        and ``keeps`` whether it praises the current level; ``orientations`` per trait
        (:func:`~autogen_zettel.persona.direction.orientation`); ``named`` per clause, the traits
        whose ``keywords`` it holds; ``sizes`` per trait, its share of size cues
        (:func:`~autogen_zettel.persona.direction.size_share`); ``attitudes`` per clause, whether
        it welcomes (+1) or objects to (-1) what it names
        (:func:`~autogen_zettel.persona.direction.attitude`), and ``poles`` per clause, per trait,
        which pole the named thing sits at (> 0: high); read when ``params.two_stage``
    """
    out = []
    groups = _groups(tuple(keys))
    for i, row in enumerate(np.atleast_2d(sims)):
        best = _class_sims(row, groups, params.top_k)
        other = {k: v for k, v in best.items() if k in (PRAISE, COMPLAINT, NEUTRAL)}
        traits = sorted(((v, k) for k, v in best.items() if k not in other), reverse=True)
        top = max(other.values(), default=-1.0)
        trait, sign, sim = None, 0, 0.0
        if params.two_stage:
            if not (negated is not None and negated[i]):
                trait, sign, sim = _two_stage(
                    best,
                    top,
                    params,
                    flips[i] if flips is not None else 1,
                    cues[i] if cues is not None else 0,
                    orientations or {},
                    named[i] if named is not None else (),
                    sizes,
                    attitudes[i] if attitudes is not None else 0,
                    poles[i] if poles is not None else None,
                )
        elif traits and not (negated is not None and negated[i]):
            sim, key = traits[0]
            second = traits[1][0] if len(traits) > 1 else -1.0
            if (
                sim >= params.threshold
                and sim - second >= params.margin
                and sim - top >= params.neutral_margin
            ):
                name, _, s = key.rpartition(":")
                trait, sign = name, int(s) * (flips[i] if flips is not None else 1)
        p, c, n = other.get(PRAISE, -1.0), other.get(COMPLAINT, -1.0), other.get(NEUTRAL, -1.0)
        mood = 0.0
        if (
            max(p, c) >= params.valence_threshold
            and abs(p - c) >= params.valence_margin
            and max(p, c) - n >= params.valence_margin
        ):
            mood = 1.0 if p > c else -1.0
        neutral = (
            params.neutral_veto is not None
            and n >= params.valence_threshold
            and n - max(p, c) >= params.neutral_veto
        )
        keep = bool(keeps is not None and keeps[i] and trait)
        out.append(
            ClauseReading(
                trait, sign, round(sim, 4) if trait else 0.0, mood, neutral, keep, round(max(p, c) - n, 4)
            )
        )
    return out


class MeaningDetector:
    """Reads feedback by meaning for one set of trait specs, with one embedder.

    Trait prototypes are compared by their content (direction words taken out, see
    :func:`polarity`), each filed under its *pole* (its class's sign times its own direction
    words); praise, complaint and neutral prototypes as written. The prototype vectors are
    computed once, on first use, and kept (one detector per persona engine); each message
    costs one ``encode`` of its clauses (as written and without direction words).

    :param embedder: the memory's embedder (:attr:`MemoryHub.embedder`)
    :param specs: the persona's trait specs
    :param params: decision thresholds (default: :data:`DEFAULT_PARAMS`, chosen by cross-validation)
    :param extra: more ``(class, text)`` prototypes of praise, complaint or neutral chat
    """

    def __init__(
        self,
        embedder,
        specs: Mapping[str, TraitSpec],
        params: MeaningParams = DEFAULT_PARAMS,
        extra: Sequence[tuple[str, str]] = (),
    ):
        self.embedder = embedder
        self.params = params
        self.keys: list[str] = []
        self._texts: list[str] = []
        for key, text in [*prototypes(specs), *extra]:
            if key in (PRAISE, COMPLAINT, NEUTRAL):
                self.keys.append(key)
                self._texts.append(text)
            else:
                name, _, sign = key.rpartition(":")
                content, flips = polarity(text)
                self.keys.append(f"{name}:{int(sign) * flips:+d}")
                self._texts.append(content)
        self.orientations = {name: orientation(spec) for name, spec in specs.items()}
        self.sizes = size_share(specs)
        self._keywords = {
            name: re.compile(
                r"(?<![\w'])(?:" + "|".join(re.escape(k.lower()) for k in spec.keywords) + r")", re.IGNORECASE
            )
            for name, spec in specs.items()
            if spec.keywords
        }
        self._is_trait = np.array([k not in (PRAISE, COMPLAINT, NEUTRAL) for k in self.keys])
        self._described = [name for name, spec in specs.items() if spec.high and spec.low]
        self._descriptions = [t for name in self._described for t in (specs[name].high, specs[name].low)]
        self._desc_matrix: np.ndarray | None = None
        self._groups = _groups(tuple(self.keys))
        self._matrix: np.ndarray | None = None
        self._lock = threading.Lock()

    def _prototypes(self) -> np.ndarray:
        with self._lock:
            if self._matrix is None:
                self._matrix = np.asarray(self.embedder.encode(self._texts), dtype=np.float32)
                log.debug("embedded %d trait prototypes with %s", len(self._texts), self.embedder.name)
            return self._matrix

    def similarities(self, parts: Sequence[str]) -> tuple[np.ndarray, list[int]]:
        """Cosine similarities ``(clauses, prototypes)`` and each clause's direction."""
        read = [polarity(p) for p in parts]
        vectors = np.asarray(self.embedder.encode([*parts, *(c for c, _ in read)]), dtype=np.float32)
        raw, content = vectors[: len(parts)], vectors[len(parts) :]
        matrix = self._prototypes()
        sims = np.where(self._is_trait[None, :], content @ matrix.T, raw @ matrix.T)
        return sims, [f for _, f in read]

    def poles(self, clause: str) -> dict[str, float]:
        """Per trait, which pole what ``clause`` names sits at (> 0: the high one): its content
        without direction and attitude words against the trait's pole prototypes (mean of the
        ``top_k`` best), plus the clause against the trait's ``high``/``low`` descriptions."""
        return self.poles_of([clause])[0]

    def poles_of(self, clauses: Sequence[str]) -> list[dict[str, float]]:
        """:meth:`poles` of each of ``clauses``, embedded in one call."""
        if not clauses:
            return []
        texts = [polarity(without_attitude(c))[0] for c in clauses] + list(clauses)
        vectors = np.asarray(self.embedder.encode(texts), dtype=np.float32)
        matrix = self._prototypes()
        if self._described:
            with self._lock:
                if self._desc_matrix is None:
                    self._desc_matrix = np.asarray(self.embedder.encode(self._descriptions), dtype=np.float32)
        found = []
        for content, raw in zip(vectors[: len(clauses)], vectors[len(clauses) :]):
            best = _class_sims(matrix @ content, self._groups, max(1, self.params.top_k))
            out = {
                name: best[f"{name}:+1"] - best[f"{name}:-1"]
                for name in self.orientations
                if f"{name}:+1" in best and f"{name}:-1" in best
            }
            if self._described:
                d = self._desc_matrix @ raw
                for j, name in enumerate(self._described):
                    out[name] = out.get(name, 0.0) + float(d[2 * j] - d[2 * j + 1])
            found.append(out)
        return found

    def read(self, parts: Sequence[str]) -> list[ClauseReading]:
        """One :class:`ClauseReading` per clause in ``parts``."""
        if not parts:
            return []
        sims, flips = self.similarities(parts)
        # the attitude times the direction words outside its cue ("you can stop repeating it")
        feelings = [
            attitude(p) * polarity(without_attitude(p, hold=True))[1] if self.params.attitude else 0
            for p in parts
        ]
        cued = [p for p, f in zip(parts, feelings) if f]
        found = iter(self.poles_of(cued))  # one embedding call for every cued clause
        poles = [next(found) if f else {} for f in feelings]
        return read_clauses(
            sims,
            self.keys,
            self.params,
            negated=[describes_negation(p) for p in parts],
            flips=flips,
            cues=[size_cue(p) for p in parts],
            keeps=[keeps_level(p) for p in parts],
            orientations=self.orientations,
            named=[self.named(p) for p in parts],
            sizes=self.sizes,
            attitudes=feelings,
            poles=poles,
        )

    def named(self, clause: str) -> set[str]:
        """The traits one of whose ``keywords`` opens a word of ``clause`` ("jokes", "questioning")."""
        return {name for name, pattern in self._keywords.items() if pattern.search(clause)}


@functools.lru_cache(maxsize=4)
def _named_embedder(model: str) -> Embedder:
    """One embedder per model name per process, shared by every agent's feedback reader."""
    return make_embedder(model)


def reader_embedder(memory_embedder: Embedder, choice: str = "auto") -> Embedder:
    """The embedder feedback is read with (``persona.meaning_model``).

    ``"auto"``: the memory's own, except for multilingual-e5-small, whose crowded cosines make the
    prototypes and thresholds here (chosen by cross-validation with MiniLM) read about half as many
    traits, and for e5 beside MiniLM (``e5+minilm``); feedback is then read with the bundled
    MiniLM (the dual embedder's own, else one loaded once per process). ``"memory"``:
    always the memory's own. Any other value names a model for :func:`make_embedder`.

    >>> from autogen_zettel.embed.embedders import HashEmbedder
    >>> h = HashEmbedder(64)
    >>> reader_embedder(h) is h and reader_embedder(h, "memory") is h
    True
    """
    name = str(getattr(memory_embedder, "name", ""))
    if choice == "memory" or (choice == "auto" and not name.startswith((E5_MODEL, DUAL_PREFIX))):
        return memory_embedder
    if choice == "auto" and isinstance(english := getattr(memory_embedder, "english", None), Embedder):
        return english  # e5 beside MiniLM: its own MiniLM, not a second copy
    return _named_embedder(MINILM if choice == "auto" else choice)
