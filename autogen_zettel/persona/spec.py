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
    needs:                           # optional: what the agent asks a new person (the cold start,
      - slot: level                  # see autogen_zettel.persona.cold_start); the answer becomes a
        question: What level are you at in Spanish?   # fact of the person under `slot`
    contexts:                        # optional: contexts of life a session may be in, each with the
      work: meetings, deadlines, the office, 工作、开会   # words that describe it (see
      personal: family, weekend, hobbies, 周末、家人      # autogen_zettel.people.contexts)

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
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any

from pydantic import Field, Strict

from autogen_zettel.base import prompts
from autogen_zettel.base.errors import ConfigError
from autogen_zettel.base.schema import Schema, did_you_mean, short, validate
from autogen_zettel.base.yamlio import read_yaml
from autogen_zettel.persona.traits import (
    Condition,
    Score,
    TraitDefinitions,
    TraitSpec,
    default_traits,
    parse_condition,
    trait_specs_from_dict,
)

__all__ = ["Need", "Persona", "PersonaFile", "PromptModule", "load_persona", "persona_from_dict"]

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]{0,63}$")


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
class Need:
    """One thing a persona needs to know about a person (its cold start): the person-layer fact
    key ``slot`` and the ``question`` that asks for it, in the persona's language."""

    slot: str
    question: str


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
    needs: tuple[Need, ...] = ()
    contexts: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # name -> description
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


Text = Annotated[str | None, Strict()]
Required = Annotated[str, Strict()]


class ModuleSpec(Schema):
    """A behaviour module as written in a persona file (see :class:`PromptModule`)."""

    name: Required
    prompt: Required
    unlock: Text = Field(
        default="", description="e.g. 'scepticism > 0.7 held for 7 days'; empty: never automatic"
    )
    temperature: Annotated[float, Strict(), Field(ge=-1, le=1)] = Field(
        default=0.0,
        description="a signed temperature delta in -1..1, applied in proportion to the module's weight",
    )


class NeedSpec(Schema):
    """One slot of a persona's cold start as written in its file (see :class:`Need`)."""

    slot: Required = Field(description="the person-layer fact key the answer fills, e.g. level")
    question: Required = Field(description="the question, in the persona's language")


class PersonaFile(Schema):
    """What a persona file may hold (the module docstring shows one); ``autogen-zettel schema
    persona`` prints it as JSON Schema."""

    name: Required = Field(
        json_schema_extra={"pattern": _NAME.pattern},
        description="the agent's name and its memory tenant, e.g. critic",
    )
    role: Text = ""
    description: Text = ""
    system_message: Text = ""
    trait_definitions: TraitDefinitions | None = Field(
        default=None, description="trait dimensions beyond the default set, name -> definition"
    )
    traits: dict[Required, Score] | None = Field(
        default=None, description="a mapping of trait name to a starting score in 0..1, e.g. `curiosity: 0.8`"
    )
    modules: list[ModuleSpec] | None = Field(
        default=None, description="a list of modules, each with name, prompt and unlock"
    )
    needs: list[NeedSpec] | None = Field(
        default=None,
        description="what to ask a new person, each a slot (a fact key) and its question; at most "
        "one question a session, never again once answered or refused",
    )
    contexts: dict[Required, Required] | None = Field(
        default=None,
        description="contexts of life a session may be inferred to be in, name -> the words that "
        "describe it, e.g. `work: meetings, deadlines, the office`; a person's preferences are then "
        "kept per context",
    )


_SLOT = re.compile(r"^[a-z][a-z0-9_]{0,39}$")


def _contexts(value: dict[str, str] | None, *, file: str | None) -> Mapping[str, str]:
    out: dict[str, str] = {}
    for name, words in (value or {}).items():
        if not _SLOT.match(name):
            raise ConfigError(
                f"{short(name)} cannot name a context: use 1-40 lowercase letters, digits or '_', "
                "starting with a letter, e.g. `work`",
                file=file,
                key=f"contexts.{name}",
            )
        if not words.strip():
            raise ConfigError(
                "a context needs the words that describe it, e.g. `work: meetings, deadlines, the office`",
                file=file,
                key=f"contexts.{name}",
            )
        out[name] = words.strip()
    if len(out) == 1:
        raise ConfigError(
            f"one context ({next(iter(out))}) cannot be told apart from anything: declare at least two, "
            "e.g. work and personal",
            file=file,
            key="contexts",
        )
    return MappingProxyType(out)


def _needs(value: list[NeedSpec] | None, *, file: str | None) -> tuple[Need, ...]:
    out: list[Need] = []
    for i, item in enumerate(value or ()):
        where = f"needs[{i}]"
        slot = item.slot.strip()
        if not _SLOT.match(slot):
            raise ConfigError(
                f"{short(slot)} cannot name a slot: use 1-40 lowercase letters, digits or '_', starting "
                "with a letter (it becomes the person's fact key), e.g. `slot: level`",
                file=file,
                key=f"{where}.slot",
            )
        if any(n.slot == slot for n in out):
            raise ConfigError(
                f"duplicate slot {short(slot)}; ask for each once", file=file, key=f"{where}.slot"
            )
        question = " ".join(item.question.split())
        if not question:
            raise ConfigError("must not be empty", file=file, key=f"{where}.question")
        out.append(Need(slot, question))
    return tuple(out)


def _traits(
    value: Mapping[str, float] | None, *, file: str | None, known: Mapping[str, TraitSpec]
) -> Mapping[str, float]:
    out = {}
    for name, score in (value or {}).items():
        key = f"traits.{name}"
        if not name.strip():
            raise ConfigError(f"trait names must be text, got {short(name)}", file=file, key=key)
        if name.strip() not in known:
            raise ConfigError(
                f"unknown trait {short(name.strip())}; {did_you_mean(name.strip(), sorted(known))}known traits are: "
                f"{', '.join(sorted(known))}; to add a "
                f"dimension define it under trait_definitions, e.g. `trait_definitions: {{{name.strip()[:40]}: "
                "{description: ...}}`",
                file=file,
                key=key,
            )
        out[name.strip()] = float(score)
    return MappingProxyType(dict(sorted(out.items())))


def _modules(
    value: list[ModuleSpec] | None, *, file: str | None, known: Mapping[str, TraitSpec]
) -> tuple[PromptModule, ...]:
    out: list[PromptModule] = []
    seen: set[str] = set()
    for i, item in enumerate(value or ()):
        where = f"modules[{i}]"
        name = item.name.strip()
        if not name:
            raise ConfigError("must not be empty", file=file, key=f"{where}.name")
        if name in seen:
            raise ConfigError(
                f"duplicate module name {short(name)}; give each module its own name",
                file=file,
                key=f"{where}.name",
            )
        seen.add(name)
        if not item.prompt.strip():
            raise ConfigError("must not be empty", file=file, key=f"{where}.prompt")
        unlock = " ".join((item.unlock or "").split())
        condition = (
            parse_condition(unlock, traits=known, file=file, key=f"{where}.unlock") if unlock else None
        )
        out.append(PromptModule(name, item.prompt.strip(), unlock, float(item.temperature), condition))
    return tuple(out)


def persona_from_dict(data: Any, *, file: str | None = None) -> Persona:
    """Validate a plain mapping (as read from YAML) into a :class:`Persona`.

    The schema (:class:`PersonaFile`) checks keys, types and ranges; then trait names are
    checked against the default set plus ``trait_definitions``, and unlock conditions parsed.

    :raises ConfigError: naming the file and key, and saying how to fix it
    """
    if data is None:
        raise ConfigError("the file is empty; a persona needs at least `name: ...`", file=file)
    if not isinstance(data, dict):
        raise ConfigError(
            f"a persona file must be a mapping of keys ({', '.join(PersonaFile.model_fields)}), "
            f"got {_type_name(data)}",
            file=file,
        )
    spec = validate(PersonaFile, data, file=file)
    name = spec.name.strip()
    if not _NAME.match(name) or ".." in name or name.endswith("\n"):
        raise ConfigError(
            f"{short(name)} cannot name an agent: use 1-64 letters, digits, '_', '-' or '.', starting with a "
            "letter or digit, no spaces (it is also the memory tenant's name), e.g. `name: critic`",
            file=file,
            key="name",
        )
    definitions = trait_specs_from_dict(data.get("trait_definitions"), file=file, key="trait_definitions")
    known = {**default_traits(), **definitions}
    return Persona(
        name=name,
        role=(spec.role or "").strip(),
        description=(spec.description or "").strip(),
        system_message=(spec.system_message or "").strip(),
        traits=_traits(spec.traits, file=file, known=known),
        modules=_modules(spec.modules, file=file, known=known),
        trait_definitions=MappingProxyType(definitions),
        needs=_needs(spec.needs, file=file),
        contexts=_contexts(spec.contexts, file=file),
        source=file,
    )


def load_persona(path: str | Path) -> Persona:
    """Read and validate a persona YAML file (bounded safe loading, unknown keys rejected).

    :param path: a file such as ``agents/researcher.yaml``
    :raises ConfigError: the file is missing, a folder, not UTF-8, not YAML (or over the bounds of
        :mod:`autogen_zettel.base.yamlio`), or has a missing, unknown or wrongly typed key; the
        message names the file and key and says how to fix it
    """
    path = Path(path)
    data = read_yaml(path, missing_fix="check the path (persona files live in agents/)")
    return persona_from_dict(data, file=str(path))


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
