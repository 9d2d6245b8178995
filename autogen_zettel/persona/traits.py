"""Trait dimensions and unlock conditions over their scores.

A trait is a named dimension scored in 0..1 (see :class:`TraitSpec`). The default set ships as
package data (``defaults/traits.yaml``); a persona file may add dimensions under
``trait_definitions:``. A behaviour module unlocks when a :class:`Condition` over trait scores
holds, optionally for a time window::

    conciseness > 0.7 held for 7 days and humour < 0.3

>>> sorted(default_traits())[:3]
['conciseness', 'curiosity', 'humour']
>>> cond = parse_condition("conciseness > 0.7 held for 7 days and humour < 0.3",
...                        traits={"conciseness", "humour"})
>>> [(c.trait, c.op, c.value, c.hold) for c in cond.clauses]
[('conciseness', '>', 0.7, datetime.timedelta(days=7)), ('humour', '<', 0.3, None)]
"""

from __future__ import annotations

import logging
import operator
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Field, Strict, WithJsonSchema, field_validator

from autogen_zettel.base.errors import ConfigError
from autogen_zettel.base.schema import Schema, did_you_mean, short, validate
from autogen_zettel.base.yamlio import parse_yaml, read_yaml

__all__ = [
    "TraitSpec",
    "TraitDefinition",
    "Clause",
    "Condition",
    "TRAIT_NAME",
    "default_traits",
    "trait_specs_from_dict",
    "load_trait_specs",
    "parse_condition",
    "condition_holds",
]

log = logging.getLogger(__name__)

TRAIT_NAME = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
"""What a trait may be called: lower-case snake case, at most 40 characters."""


@dataclass(frozen=True)
class TraitSpec:
    """One trait dimension and how evidence about it is recognised.

    ``more``/``less`` are feedback phrases asking for more or less of the trait (matched
    case-insensitively on word boundaries); ``keywords`` show a card's affinity to the trait.
    ``bounds`` overrides :attr:`PersonaConfig.bounds <autogen_zettel.base.config.PersonaConfig.bounds>`
    for this trait. ``examples_more``/``examples_less`` are everyday feedback sentences asking for
    more/less of the trait (``examples: {more: [...], less: [...]}`` in YAML): with the phrases and
    the ``low``/``high`` descriptions they are the prototypes feedback is compared with by meaning
    (:mod:`autogen_zettel.persona.meaning`).
    """

    name: str
    description: str = ""
    low: str = ""
    high: str = ""
    more: tuple[str, ...] = ()
    less: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    initial: float = 0.5
    bounds: tuple[float, float] | None = None
    examples_more: tuple[str, ...] = ()
    examples_less: tuple[str, ...] = ()
    # words naming the high / low pole as a quality or as a fault, every language together
    # (``poles:`` in YAML, read by :mod:`autogen_zettel.persona.poles`)
    high_words: tuple[str, ...] = ()
    high_faults: tuple[str, ...] = ()
    low_words: tuple[str, ...] = ()
    low_faults: tuple[str, ...] = ()


# -- definitions ------------------------------------------------------------------------------


def _trait_name(name: str) -> str:
    if not TRAIT_NAME.match(name) or name.endswith("\n"):
        raise ValueError(
            f"{short(name)} cannot name a trait: use lower-case letters, digits and '_', starting "
            "with a letter, at most 40 characters (e.g. `risk_tolerance`)"
        )
    return name


def _phrase_list(value: Any) -> Any:
    # one phrase may be written without the list brackets
    if value is None:
        return ()
    return [value] if isinstance(value, str) else value


def _phrase(value: str) -> str:
    phrase = " ".join(value.lower().split())
    if not phrase:
        raise ValueError(f"must be non-empty text, got {short(value)}")
    return phrase


def _unique(phrases: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(phrases))


def _optional_text(value: Any) -> Any:
    return "" if value is None else value


Phrase = Annotated[str, Strict(), Field(min_length=1), AfterValidator(_phrase)]
Phrases = Annotated[
    tuple[Phrase, ...],
    BeforeValidator(_phrase_list),
    AfterValidator(_unique),
    Field(description="a list of phrases, e.g. [shorter, too long]"),
    # one phrase may stand alone: tell editors so too
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "string", "minLength": 1},
                {"type": "array", "items": {"type": "string", "minLength": 1}},
            ]
        }
    ),
]
OptionalText = Annotated[str, BeforeValidator(_optional_text), Strict(), AfterValidator(str.strip)]
Score = Annotated[float, Strict(), Field(ge=0, le=1)]
TraitName = Annotated[str, Strict(), AfterValidator(_trait_name), Field(pattern=TRAIT_NAME.pattern)]


class TraitExamples(Schema):
    """Everyday feedback sentences asking for more or less of a trait."""

    more: Phrases = ()
    less: Phrases = ()


LANGUAGE = re.compile(r"^[a-z]{2,3}(?:-[a-z0-9]{2,8})?$")


def _language(code: str) -> str:
    if not LANGUAGE.match(code):
        raise ValueError(f"{short(code)} is no language code: use ISO 639-1 like `en` or `zh`")
    return code


LanguageCode = Annotated[str, Strict(), AfterValidator(_language), Field(pattern=LANGUAGE.pattern)]
ByLanguage = dict[LanguageCode, Phrases]


class PoleWords(Schema):
    """Words that name one end of a trait, per language: ``words`` as a quality (wanted unless
    the clause says "too" or "don't"), ``faults`` as a failing (unwanted unless it asks for more)."""

    words: ByLanguage = Field(
        default_factory=dict, description="per language code, e.g. {en: [kind], zh: [客气]}"
    )
    faults: ByLanguage = Field(
        default_factory=dict, description="per language code, e.g. {en: [harsh], zh: [刺耳]}"
    )


class TraitPoles(Schema):
    """The words naming a trait's high and low end (see :mod:`autogen_zettel.persona.poles`)."""

    high: PoleWords = Field(default_factory=PoleWords)
    low: PoleWords = Field(default_factory=PoleWords)


class TraitDefinition(Schema):
    """One trait as written in a file (``defaults/traits.yaml`` or a persona's
    ``trait_definitions``); :func:`trait_specs_from_dict` turns it into a :class:`TraitSpec`."""

    description: OptionalText = ""
    low: OptionalText = ""
    high: OptionalText = ""
    more: Phrases = ()
    less: Phrases = ()
    keywords: Phrases = ()
    initial: Score = 0.5
    bounds: tuple[Score, Score] | None = Field(
        default=None, description="[low, high] in 0..1 overriding persona.bounds for this trait"
    )
    examples: TraitExamples | None = Field(
        default=None,
        description="everyday feedback sentences: {more: [...], less: [...]}, compared by meaning",
    )
    poles: TraitPoles | None = Field(
        default=None,
        description="words naming the high and low end, per language: {high: {words, faults}, low: ...}",
    )

    @field_validator("bounds", mode="before")
    @classmethod
    def _pair(cls, value: Any) -> Any:
        if value is not None and (not isinstance(value, (list, tuple)) or len(value) != 2):
            raise ValueError(f"must be a pair [low, high] in 0..1, e.g. [0.1, 0.9], got {short(value)}")
        return value

    @field_validator("bounds")
    @classmethod
    def _ordered(cls, value: tuple[float, float] | None) -> tuple[float, float] | None:
        if value is not None and value[0] >= value[1]:
            raise ValueError(f"low must be below high, got {list(value)!r}; write it as [low, high]")
        return value


#: the schema of a mapping of trait definitions (a persona's ``trait_definitions:``)
TraitDefinitions = dict[TraitName, TraitDefinition | None]


def _joined(poles: Mapping[str, Any], end: str, kind: str) -> tuple[str, ...]:
    """The ``poles.END.KIND`` words of every language, in order, once each."""
    by_language = (poles.get(end) or {}).get(kind) or {}
    return tuple(dict.fromkeys(p for phrases in by_language.values() for p in phrases))


def trait_specs_from_dict(
    data: Any, *, file: str | None = None, key: str = "trait_definitions"
) -> dict[str, TraitSpec]:
    """Validate a mapping of trait name -> definition into :class:`TraitSpec` objects.

    :param data: e.g. ``{"optimism": {"description": ..., "more": [...], "bounds": [0.2, 0.8]}}``
    :param key: the dotted key the mapping sits under, used in error messages
    :raises ConfigError: naming the file and ``key.NAME.field`` and the fix

    >>> specs = trait_specs_from_dict({"optimism": {"more": ["Look on the bright side"]}})
    >>> specs["optimism"].more, specs["optimism"].initial
    (('look on the bright side',), 0.5)
    >>> trait_specs_from_dict({"Optimism": {}})
    Traceback (most recent call last):
    ...
    autogen_zettel.base.errors.ConfigError: at key 'trait_definitions.Optimism': 'Optimism' cannot name a trait: ...
    """
    if data is None:
        return {}
    definitions = validate(TraitDefinitions, data, file=file, prefix=f"{key}.")
    specs = {}
    for name, d in definitions.items():
        fields = (d or TraitDefinition()).model_dump()
        examples = fields.pop("examples") or {}
        poles = fields.pop("poles") or {}
        specs[name] = TraitSpec(
            name=name,
            **fields,
            examples_more=tuple(examples.get("more", ())),
            examples_less=tuple(examples.get("less", ())),
            high_words=_joined(poles, "high", "words"),
            high_faults=_joined(poles, "high", "faults"),
            low_words=_joined(poles, "low", "words"),
            low_faults=_joined(poles, "low", "faults"),
        )
    return specs


def load_trait_specs(path: str | Path) -> dict[str, TraitSpec]:
    """Read a YAML file holding a mapping of trait definitions (the format of ``defaults/traits.yaml``).

    :raises ConfigError: the file is missing, not YAML, or holds a bad definition
    """
    path = Path(path)
    return trait_specs_from_dict(read_yaml(path), file=str(path), key="traits")


@lru_cache(maxsize=1)
def _defaults() -> Mapping[str, TraitSpec]:
    text = resources.files("autogen_zettel").joinpath("defaults/traits.yaml").read_text(encoding="utf-8")
    specs = trait_specs_from_dict(parse_yaml(text), file="autogen_zettel/defaults/traits.yaml", key="traits")
    return MappingProxyType(specs)


def default_traits() -> dict[str, TraitSpec]:
    """The default trait set (package data, read once): conciseness, humour, rigour,
    proactivity, risk_tolerance, curiosity, patience. A new dict on each call."""
    return dict(_defaults())


# -- conditions -------------------------------------------------------------------------------

_OPS = {">": operator.gt, ">=": operator.ge, "<": operator.lt, "<=": operator.le}
_UNITS = {"hour": 1 / 24, "hours": 1 / 24, "day": 1.0, "days": 1.0, "week": 7.0, "weeks": 7.0}
_NUM = r"(?:\d+(?:\.\d*)?|\.\d+)"
_CLAUSE = re.compile(
    rf"^\s*(?P<trait>[A-Za-z_][A-Za-z0-9_]*)\s*(?P<op>>=|<=|>|<)\s*(?P<value>{_NUM})"
    rf"(?:\s+held\s+for\s+(?P<n>{_NUM})\s*(?P<unit>[A-Za-z]+))?\s*$",
    re.IGNORECASE,
)
_AND = re.compile(r"\s+and\s+", re.IGNORECASE)


@dataclass(frozen=True)
class Clause:
    """``trait op value``, optionally required to hold for ``hold``."""

    trait: str
    op: str
    value: float
    hold: timedelta | None = None

    def test(self, score: float) -> bool:
        """Whether ``score`` satisfies the comparison (the hold window aside).

        >>> Clause("humour", "<", 0.3).test(0.2)
        True
        """
        return _OPS[self.op](score, self.value)

    def __str__(self) -> str:
        text = f"{self.trait} {self.op} {self.value:g}"
        return text + (f" held for {_days(self.hold):g} days" if self.hold else "")


@dataclass(frozen=True)
class Condition:
    """Clauses joined by "and"; ``text`` is the condition as written."""

    clauses: tuple[Clause, ...]
    text: str

    @property
    def traits(self) -> tuple[str, ...]:
        """The traits the condition reads, in order of first use."""
        return tuple(dict.fromkeys(c.trait for c in self.clauses))


def _days(td: timedelta) -> float:
    return td.total_seconds() / 86400.0


def parse_condition(
    text: str, *, traits: Collection[str], file: str | None = None, key: str | None = None
) -> Condition:
    """Parse an unlock condition.

    Grammar: ``CLAUSE ("and" CLAUSE)*`` with ``CLAUSE = TRAIT OP NUMBER ["held for" N UNIT]``,
    OP one of ``> >= < <=``, NUMBER in 0..1, UNIT hour(s), day(s) or week(s).

    :param traits: the known trait names (e.g. ``persona.trait_specs``)
    :raises ConfigError: bad syntax or an unknown trait; names ``key`` and quotes the text

    >>> parse_condition("rigour >= .65 held for 36 hours", traits=["rigour"]).clauses[0].hold
    datetime.timedelta(days=1, seconds=43200)
    >>> parse_condition("optimism > 0.5", traits=["rigour"], key="modules[0].unlock")
    Traceback (most recent call last):
    ...
    autogen_zettel.base.errors.ConfigError: at key 'modules[0].unlock': unknown trait 'optimism' in 'optimism > 0.5'; ...
    """
    if not isinstance(text, str) or not text.strip():
        raise ConfigError(
            f"an unlock condition must be text such as 'conciseness > 0.7 held for 7 days', "
            f"got {short(text)}",
            file=file,
            key=key,
        )
    known = set(traits)
    clauses = []
    for part in _AND.split(text.strip()):
        m = _CLAUSE.match(part)
        if not m:
            raise ConfigError(
                f"cannot parse {short(part.strip())} in {short(text)}; write clauses like 'TRAIT > 0.7' or "
                "'TRAIT > 0.7 held for 7 days', joined by 'and'",
                file=file,
                key=key,
            )
        trait, unit = m["trait"].lower(), (m["unit"] or "").lower()
        if trait not in known:
            raise ConfigError(
                f"unknown trait {short(trait)} in {short(text)}; {did_you_mean(trait, sorted(known))}known traits: "
                f"{', '.join(sorted(known)) or '(none)'}; "
                "define it under trait_definitions",
                file=file,
                key=key,
            )
        value = float(m["value"])
        if not 0.0 <= value <= 1.0:
            raise ConfigError(
                f"threshold {m['value']} in {short(text)} must lie in 0..1 (trait scores do)",
                file=file,
                key=key,
            )
        hold = None
        if m["n"] is not None:
            if unit not in _UNITS:
                raise ConfigError(
                    f"unknown time unit {short(m['unit'])} in {short(text)}; use hours, days or weeks",
                    file=file,
                    key=key,
                )
            n = float(m["n"])
            if n <= 0:
                raise ConfigError(f"the hold window in {short(text)} must be positive", file=file, key=key)
            hold = timedelta(days=n * _UNITS[unit])
        clauses.append(Clause(trait, m["op"], value, hold))
    return Condition(tuple(clauses), " ".join(text.split()))


def _value_at(points: Sequence[tuple[datetime, float]], t: datetime) -> tuple[int, float] | None:
    """Index and score of the last point at or before ``t`` (scores are a step function)."""
    found = None
    for i, (at, score) in enumerate(points):
        if at > t:
            break
        found = (i, score)
    return found


def _clause_holds(
    clause: Clause, points: Sequence[tuple[datetime, float]], now: datetime
) -> tuple[bool, str]:
    current = _value_at(points, now)
    if current is None:
        return False, f"{clause.trait} has no score yet"
    last, score = current
    if not clause.test(score):
        return False, f"{clause.trait} {score:.2f} is not {clause.op} {clause.value:g}"
    # the current run of true values starts at `since`
    first = last
    while first > 0 and clause.test(points[first - 1][1]):
        first -= 1
    since = points[first][0]
    held = _days(now - since)
    if clause.hold is None:
        return True, f"{clause.trait} {score:.2f} {clause.op} {clause.value:g}"
    need = _days(clause.hold)
    # a run that began with the first point counts from that point only (before it: no score)
    if now - since < clause.hold:
        return False, (
            f"{clause.trait} {score:.2f} {clause.op} {clause.value:g} for only "
            f"{held:.1f} of {need:g} days (since {since:%Y-%m-%d})"
        )
    return (
        True,
        f"{clause.trait} {score:.2f} {clause.op} {clause.value:g} since {since:%Y-%m-%d} ({held:.1f} days)",
    )


def condition_holds(
    cond: Condition, history: Mapping[str, Sequence[tuple[datetime, float]]], now: datetime
) -> tuple[bool, str]:
    """Whether ``cond`` holds at ``now``, and why (or why not).

    ``history`` maps each trait to its ``(at, score)`` points in time order; the score is a
    step function between points. A clause with a hold window H holds when it is true at every
    point in ``(now - H, now]`` and was already true at the last point at or before ``now - H``.

    >>> from datetime import datetime as dt
    >>> cond = parse_condition("conciseness > 0.7 held for 7 days", traits=["conciseness"])
    >>> hist = {"conciseness": [(dt(2024, 3, 1), 0.6), (dt(2024, 3, 4), 0.74), (dt(2024, 3, 8), 0.76)]}
    >>> condition_holds(cond, hist, dt(2024, 3, 10))
    (False, 'conciseness 0.76 > 0.7 for only 6.0 of 7 days (since 2024-03-04)')
    >>> condition_holds(cond, hist, dt(2024, 3, 11))
    (True, 'conciseness 0.76 > 0.7 since 2024-03-04 (7.0 days)')
    """
    met, reasons = True, []
    for clause in cond.clauses:
        points = history.get(clause.trait, ())
        ok, why = _clause_holds(clause, points, now)
        met &= ok
        reasons.append(why)
    return met, "; ".join(reasons) if not met else " and ".join(reasons)
