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
from typing import Any

import yaml

from autogen_zettel.base.errors import ConfigError

__all__ = [
    "TraitSpec",
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

_SPEC_KEYS = ("description", "low", "high", "more", "less", "keywords", "initial", "bounds", "examples")


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


# -- definitions ------------------------------------------------------------------------------


def _err(msg: str, file: str | None, key: str) -> ConfigError:
    return ConfigError(msg, file=file, key=key)


def _text(value: Any, *, file: str | None, key: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise _err(f"must be text, got {value!r} ({type(value).__name__}); quote it", file, key)
    return value.strip()


def _phrases(value: Any, *, file: str | None, key: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        raise _err(f"must be a list of phrases, e.g. [shorter, too long], got {value!r}", file, key)
    out: list[str] = []
    for i, item in enumerate(value):
        if not isinstance(item, str) or not item.strip():
            raise _err(f"must be non-empty text, got {item!r}", file, f"{key}[{i}]")
        phrase = " ".join(item.lower().split())
        if phrase not in out:
            out.append(phrase)
    return tuple(out)


def _unit(value: Any, *, file: str | None, key: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= float(value) <= 1.0:
        raise _err(f"must be a number in 0..1, got {value!r}", file, key)
    return float(value)


def _bounds(value: Any, *, file: str | None, key: str) -> tuple[float, float] | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise _err(f"must be a pair [low, high] in 0..1, e.g. [0.1, 0.9], got {value!r}", file, key)
    lo, hi = (_unit(v, file=file, key=f"{key}[{i}]") for i, v in enumerate(value))
    if lo >= hi:
        raise _err(f"low must be below high, got {list(value)!r}; write it as [low, high]", file, key)
    return (lo, hi)


def _examples(value: Any, *, file: str | None, key: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    if value is None:
        return (), ()
    if not isinstance(value, dict) or not set(value) <= {"more", "less"}:
        raise _err(f"must be a mapping with the keys more and/or less, each a list of sentences, e.g. "
                   f"{{more: [trim it down], less: [unpack that further]}}, got {value!r}", file, key)
    return (_phrases(value.get("more"), file=file, key=f"{key}.more"),
            _phrases(value.get("less"), file=file, key=f"{key}.less"))


def _spec(name: Any, data: Any, *, file: str | None, key: str) -> TraitSpec:
    where = f"{key}.{name}"
    if not isinstance(name, str) or not TRAIT_NAME.match(name):
        raise _err(f"{name!r} cannot name a trait: use lower-case letters, digits and '_', starting "
                   "with a letter, at most 40 characters (e.g. `risk_tolerance`)", file, where)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise _err(f"must be a mapping with keys {', '.join(_SPEC_KEYS)}, got {data!r}", file, where)
    for k in data:
        if k not in _SPEC_KEYS:
            raise _err(f"unknown key; known keys are: {', '.join(_SPEC_KEYS)}", file, f"{where}.{k}")
    bounds = _bounds(data.get("bounds"), file=file, key=f"{where}.bounds")
    initial = _unit(data.get("initial", 0.5), file=file, key=f"{where}.initial")
    more_examples, less_examples = _examples(data.get("examples"), file=file, key=f"{where}.examples")
    return TraitSpec(
        name=name,
        description=_text(data.get("description"), file=file, key=f"{where}.description"),
        low=_text(data.get("low"), file=file, key=f"{where}.low"),
        high=_text(data.get("high"), file=file, key=f"{where}.high"),
        more=_phrases(data.get("more"), file=file, key=f"{where}.more"),
        less=_phrases(data.get("less"), file=file, key=f"{where}.less"),
        keywords=_phrases(data.get("keywords"), file=file, key=f"{where}.keywords"),
        initial=initial,
        bounds=bounds,
        examples_more=more_examples,
        examples_less=less_examples,
    )


def trait_specs_from_dict(data: Any, *, file: str | None = None,
                          key: str = "trait_definitions") -> dict[str, TraitSpec]:
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
    if not isinstance(data, dict):
        raise ConfigError(f"must be a mapping of trait name to its definition, got {data!r}", file=file, key=key)
    return {name: _spec(name, spec, file=file, key=key) for name, spec in data.items()}


def load_trait_specs(path: str | Path) -> dict[str, TraitSpec]:
    """Read a YAML file holding a mapping of trait definitions (the format of ``defaults/traits.yaml``).

    :raises ConfigError: the file is missing, not YAML, or holds a bad definition
    """
    from autogen_zettel.base.config import read_yaml

    path = Path(path)
    return trait_specs_from_dict(read_yaml(path), file=str(path), key="traits")


@lru_cache(maxsize=1)
def _defaults() -> Mapping[str, TraitSpec]:
    text = resources.files("autogen_zettel").joinpath("defaults/traits.yaml").read_text(encoding="utf-8")
    specs = trait_specs_from_dict(yaml.safe_load(text), file="autogen_zettel/defaults/traits.yaml", key="traits")
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


def parse_condition(text: str, *, traits: Collection[str], file: str | None = None,
                    key: str | None = None) -> Condition:
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
        raise ConfigError(f"an unlock condition must be text such as 'conciseness > 0.7 held for 7 days', "
                          f"got {text!r}", file=file, key=key)
    known = set(traits)
    clauses = []
    for part in _AND.split(text.strip()):
        m = _CLAUSE.match(part)
        if not m:
            raise ConfigError(
                f"cannot parse {part.strip()!r} in {text!r}; write clauses like 'TRAIT > 0.7' or "
                "'TRAIT > 0.7 held for 7 days', joined by 'and'", file=file, key=key)
        trait, unit = m["trait"].lower(), (m["unit"] or "").lower()
        if trait not in known:
            raise ConfigError(
                f"unknown trait {trait!r} in {text!r}; known traits: {', '.join(sorted(known)) or '(none)'}; "
                "define it under trait_definitions", file=file, key=key)
        value = float(m["value"])
        if not 0.0 <= value <= 1.0:
            raise ConfigError(f"threshold {m['value']} in {text!r} must lie in 0..1 (trait scores do)",
                              file=file, key=key)
        hold = None
        if m["n"] is not None:
            if unit not in _UNITS:
                raise ConfigError(f"unknown time unit {m['unit']!r} in {text!r}; use hours, days or weeks",
                                  file=file, key=key)
            n = float(m["n"])
            if n <= 0:
                raise ConfigError(f"the hold window in {text!r} must be positive", file=file, key=key)
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


def _clause_holds(clause: Clause, points: Sequence[tuple[datetime, float]], now: datetime) -> tuple[bool, str]:
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
        return False, (f"{clause.trait} {score:.2f} {clause.op} {clause.value:g} for only "
                       f"{held:.1f} of {need:g} days (since {since:%Y-%m-%d})")
    return True, f"{clause.trait} {score:.2f} {clause.op} {clause.value:g} since {since:%Y-%m-%d} ({held:.1f} days)"


def condition_holds(cond: Condition, history: Mapping[str, Sequence[tuple[datetime, float]]],
                    now: datetime) -> tuple[bool, str]:
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
