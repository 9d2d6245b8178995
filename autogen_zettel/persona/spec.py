"""Personas: who an agent is, loaded from a YAML file, validated, unknown keys rejected.

A persona file (see ``agents/researcher.yaml``)::

    name: researcher                 # required: the agent's name and its memory tenant
    role: lead researcher            # optional, one line
    description: Proposes studies... # optional, what a GroupChat shows when picking speakers
    system_message: |                # optional: the base system message (the prompt stack's system layer)
      You design and run studies ...
    trait_definitions:               # optional: trait dimensions beyond the default set
      scepticism:                    # (autogen_zettel/defaults/traits.yaml; same keys)
        description: How hard claims are questioned.
        more: [be more critical]
        less: [too negative]
        keywords: [evidence, confound]
        bounds: [0.2, 0.95]
    traits:                          # optional: starting scores in 0..1, each of a known trait
      curiosity: 0.8
    modules:                         # optional: behaviour modules, unlocked by trait conditions
      - name: devils_advocate
        prompt: Argue the strongest case against the current plan.
        unlock: scepticism > 0.7 held for 7 days   # see traits.parse_condition; empty: never automatic
        temperature: -0.1            # signed delta in -1..1, applied in proportion to the module's weight

>>> p = persona_from_dict({"name": "ada", "role": "lead researcher", "traits": {"curiosity": 0.8}})
>>> p.name, p.traits["curiosity"], p.trait_specs["curiosity"].initial
('ada', 0.8, 0.8)
>>> persona_from_dict({"name": "ada", "mood": "x"}, file="ada.yaml")
Traceback (most recent call last):
...
autogen_zettel.base.errors.ConfigError: in ada.yaml at key 'mood': unknown key; known keys are: ...
>>> persona_from_dict({"name": "ada", "traits": {"optimism": 0.7}})
Traceback (most recent call last):
...
autogen_zettel.base.errors.ConfigError: at key 'traits.optimism': unknown trait 'optimism'; ...
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

import yaml

from autogen_zettel.base import prompts
from autogen_zettel.base.errors import ConfigError
from autogen_zettel.persona.traits import Condition, TraitSpec, default_traits, parse_condition, trait_specs_from_dict

__all__ = ["Persona", "PromptModule", "load_persona", "persona_from_dict"]

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]{0,63}$")
_KEYS = ("name", "role", "description", "system_message", "trait_definitions", "traits", "modules")
_MODULE_KEYS = ("name", "prompt", "unlock", "temperature")


@dataclass(frozen=True)
class PromptModule:
    """A behaviour module: a prompt layer that switches on when its unlock condition holds.

    ``unlock`` is the condition as written; ``condition`` is it parsed (None when ``unlock`` is
    empty: the module never unlocks by itself). ``temperature`` is a signed sampling-temperature
    delta in -1..1, applied in proportion to the module's weight (see :mod:`autogen_zettel.persona.behaviours`).
    """

    name: str
    prompt: str
    unlock: str = ""
    temperature: float = 0.0
    condition: Condition | None = None


@dataclass(frozen=True)
class Persona:
    """An agent's identity: name, role, base system message, initial traits and prompt modules."""

    name: str
    role: str = ""
    description: str = ""
    system_message: str = ""
    traits: Mapping[str, float] = field(default_factory=lambda: MappingProxyType({}))
    modules: tuple[PromptModule, ...] = ()
    trait_definitions: Mapping[str, TraitSpec] = field(default_factory=lambda: MappingProxyType({}))
    source: str | None = field(default=None, compare=False)  # the file it was loaded from

    @cached_property
    def trait_specs(self) -> Mapping[str, TraitSpec]:
        """Every trait this persona has: the default set, overlaid by ``trait_definitions``, each
        spec's ``initial`` replaced by the persona's starting score from ``traits`` where set."""
        specs = default_traits()
        specs.update(self.trait_definitions)
        for name, score in self.traits.items():
            if name in specs:
                specs[name] = dataclasses.replace(specs[name], initial=score)
        return MappingProxyType(specs)

    def system_message_text(self, *, memory_guide: bool = True, traits: bool = True) -> str:
        """The full system message this persona loads into (see ``prompts.persona_system_message``)."""
        return persona_system_message(self, memory_guide=memory_guide, traits=traits)

    def describe(self) -> str:
        """One line for GroupChat speaker selection: the description, else the role."""
        return self.description or (f"{self.name}, {self.role}" if self.role else self.name)


def _type_name(value: Any) -> str:
    return type(value).__name__


def _text(data: Mapping, key: str, *, file: str | None, dotted: str, required: bool = False) -> str:
    value = data.get(key)
    if value is None:
        if required:
            raise ConfigError(f"is required; add e.g. `{key}: ...` to the file", file=file, key=dotted)
        return ""
    if not isinstance(value, str):
        raise ConfigError(
            f"must be text, got {value!r} ({_type_name(value)}); quote it or write it as a string",
            file=file, key=dotted,
        )
    return value


def _traits(value: Any, *, file: str | None, known: Mapping[str, TraitSpec]) -> Mapping[str, float]:
    if value is None:
        return MappingProxyType({})
    if not isinstance(value, dict):
        raise ConfigError(
            f"must be a mapping of trait name to a score in 0..1 (e.g. `curiosity: 0.8`), got {value!r}",
            file=file, key="traits",
        )
    out = {}
    for name, score in value.items():
        key = f"traits.{name}"
        if not isinstance(name, str) or not name.strip():
            raise ConfigError(f"trait names must be text, got {name!r}", file=file, key=key)
        if isinstance(score, bool) or not isinstance(score, (int, float)):
            raise ConfigError(
                f"must be a number in 0..1, got {score!r} ({_type_name(score)})", file=file, key=key
            )
        if not 0.0 <= float(score) <= 1.0:
            raise ConfigError(f"must lie in 0..1, got {score!r}", file=file, key=key)
        if name.strip() not in known:
            raise ConfigError(
                f"unknown trait {name.strip()!r}; known traits are: {', '.join(sorted(known))}; to add a "
                f"dimension define it under trait_definitions, e.g. `trait_definitions: {{{name.strip()}: "
                "{description: ...}}`", file=file, key=key)
        out[name.strip()] = float(score)
    return MappingProxyType(dict(sorted(out.items())))


def _temperature(item: Mapping, *, file: str | None, key: str) -> float:
    value = item.get("temperature", 0.0)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not -1.0 <= float(value) <= 1.0:
        raise ConfigError(f"must be a signed number in -1..1 (a temperature delta), got {value!r}",
                          file=file, key=key)
    return float(value)


def _modules(value: Any, *, file: str | None, known: Mapping[str, TraitSpec]) -> tuple[PromptModule, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise ConfigError(
            f"must be a list of modules, each with name, prompt and unlock; got {_type_name(value)}",
            file=file, key="modules",
        )
    out: list[PromptModule] = []
    seen: set[str] = set()
    for i, item in enumerate(value):
        where = f"modules[{i}]"
        if not isinstance(item, dict):
            raise ConfigError(
                f"must be a mapping with keys {', '.join(_MODULE_KEYS)}, got {item!r}", file=file, key=where
            )
        for key in item:
            if key not in _MODULE_KEYS:
                raise ConfigError(
                    f"unknown key; known keys are: {', '.join(_MODULE_KEYS)}", file=file, key=f"{where}.{key}"
                )
        name = _text(item, "name", file=file, dotted=f"{where}.name", required=True).strip()
        if not name:
            raise ConfigError("must not be empty", file=file, key=f"{where}.name")
        if name in seen:
            raise ConfigError(f"duplicate module name {name!r}; give each module its own name",
                              file=file, key=f"{where}.name")
        seen.add(name)
        prompt = _text(item, "prompt", file=file, dotted=f"{where}.prompt", required=True)
        if not prompt.strip():
            raise ConfigError("must not be empty", file=file, key=f"{where}.prompt")
        unlock = " ".join(_text(item, "unlock", file=file, dotted=f"{where}.unlock").split())
        condition = (parse_condition(unlock, traits=known, file=file, key=f"{where}.unlock")
                     if unlock else None)
        temperature = _temperature(item, file=file, key=f"{where}.temperature")
        out.append(PromptModule(name, prompt.strip(), unlock, temperature, condition))
    return tuple(out)


def persona_from_dict(data: Any, *, file: str | None = None) -> Persona:
    """Validate a plain mapping (as read from YAML) into a :class:`Persona`.

    :raises ConfigError: naming the file and key, and saying how to fix it
    """
    if data is None:
        raise ConfigError("the file is empty; a persona needs at least `name: ...`", file=file)
    if not isinstance(data, dict):
        raise ConfigError(
            f"a persona file must be a mapping of keys ({', '.join(_KEYS)}), got {_type_name(data)}",
            file=file,
        )
    for key in data:
        if key not in _KEYS:
            raise ConfigError(f"unknown key; known keys are: {', '.join(_KEYS)}", file=file, key=str(key))
    name = _text(data, "name", file=file, dotted="name", required=True).strip()
    if not _NAME.match(name) or ".." in name:
        raise ConfigError(
            f"{name!r} cannot name an agent: use 1-64 letters, digits, '_', '-' or '.', starting with a "
            "letter or digit, no spaces (it is also the memory tenant's name), e.g. `name: critic`",
            file=file, key="name",
        )
    definitions = trait_specs_from_dict(data.get("trait_definitions"), file=file, key="trait_definitions")
    known = {**default_traits(), **definitions}
    return Persona(
        name=name,
        role=_text(data, "role", file=file, dotted="role").strip(),
        description=_text(data, "description", file=file, dotted="description").strip(),
        system_message=_text(data, "system_message", file=file, dotted="system_message").strip(),
        traits=_traits(data.get("traits"), file=file, known=known),
        modules=_modules(data.get("modules"), file=file, known=known),
        trait_definitions=MappingProxyType(definitions),
        source=file,
    )


def load_persona(path: str | Path) -> Persona:
    """Read and validate a persona YAML file (``yaml.safe_load``; unknown keys rejected).

    :param path: a file such as ``agents/researcher.yaml``
    :raises ConfigError: the file is missing, not UTF-8, not YAML, or has a missing, unknown or
        wrongly typed key; the message names the file and key and says how to fix it
    """
    path = Path(path)
    file = str(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ConfigError("file not found; check the path (persona files live in agents/)", file=file) from None
    except IsADirectoryError:
        raise ConfigError("is a folder; give the path of one persona .yaml file", file=file) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"not UTF-8 text ({exc.reason} at byte {exc.start}); save it as UTF-8", file=file) from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise ConfigError(
            f"malformed YAML{where}: {problem}; check indentation and quote text containing ':'", file=file
        ) from None
    return persona_from_dict(data, file=file)


def persona_system_message(persona: Persona, *, memory_guide: bool = True, traits: bool = True) -> str:
    """The system message a persona loads into: identity, base message, traits, memory guide.

    An evolving agent leaves the starting traits out (``traits=False``): its trait layer says
    where its traits stand now, and its prompt modules unlock there.
    """
    parts = []
    intro = f"You are {persona.name}"
    intro += f", {persona.role}." if persona.role else "."
    parts.append(intro)
    if persona.system_message:
        parts.append(persona.system_message.strip())
    if traits and persona.traits:
        traits = ", ".join(f"{k} {v:.2f}" for k, v in sorted(persona.traits.items()))
        parts.append(f"Your current traits (0 = not at all, 1 = very): {traits}. Let them shape your tone.")
    if memory_guide:
        parts.append(prompts.MEMORY_GUIDE)
    return "\n\n".join(parts)
