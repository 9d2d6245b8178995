"""The versions of one agent's prompt stack (:mod:`~autogen_zettel.persona.prompt_stack`): the
one in force, read back from the persona store, and a candidate built from the persona's state
(the profile in the system layer, the long-term traits and active modules in the trait layer,
the dissonance questions in the session layer, the modules' temperature), recorded as a new
version with its reason when what the model would be sent changes.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from autogen_zettel.base import prompts
from autogen_zettel.base.persona_records import TraitState
from autogen_zettel.persona.behaviours import ModuleState, ModuleStatus
from autogen_zettel.persona.prompt_stack import (
    PromptStack,
    session_layer,
    stack_temperature,
    system_layer,
    trait_layer,
)
from autogen_zettel.persona.spec import Persona

__all__ = ["StackVersions"]

log = logging.getLogger(__name__)


class StackVersions:
    """Builds and records the prompt stack versions of one evolving persona.

    :param store: the agent's persona store (a :class:`~autogen_zettel.store.persona_tables.PersonaStore`)
    :param agent: the agent's name
    :param persona: the persona (its modules, its trait definitions)
    :param base_system: the system layer before the profile
    :param base_temperature: the model's configured temperature (modules add their deltas to it)
    """

    def __init__(
        self, store: Any, agent: str, persona: Persona, base_system: str, base_temperature: float | None
    ):
        self.store = store
        self.agent = agent
        self.persona = persona
        self.specs = dict(persona.trait_specs)
        self.base_system = base_system
        self.base_temperature = base_temperature

    @property
    def current(self) -> PromptStack:
        """The prompt stack in force: the latest recorded version (read from SQLite, so a
        forget that scrubbed the stored versions is in force at once)."""
        v = self.store.latest_prompt()
        return PromptStack(v.version, v.system, v.traits, v.session, v.temperature, v.at, v.reason)

    def questions(self, states: Mapping[str, TraitState]) -> list[str]:
        """Clarification questions for the traits whose evidence is split (dissonance)."""
        return [
            prompts.dissonance_question(name, self.specs[name], s.support, s.against)
            for name, s in sorted(states.items())
            if s.dissonant and name in self.specs
        ]

    def build(
        self,
        now: datetime,
        *,
        reason: str,
        states: Mapping[str, TraitState],
        modules: Mapping[str, ModuleState],
    ) -> PromptStack:
        """The stack the persona's state gives now (version 0: not recorded yet)."""
        latest = self.store.latest_profile()
        profile = latest.text if latest else ""
        system = system_layer(self.base_system, profile, agent=self.agent)  # the profile as a data block
        active = [
            (m, modules[m.name])
            for m in self.persona.modules
            if modules[m.name].status is ModuleStatus.ACTIVE and modules[m.name].weight > 0
        ]
        # the trait layer follows the long-term traits: mood would make the stack flicker
        longs = {k: v.long for k, v in states.items()}
        traits = trait_layer(longs, self.specs, [(m.prompt, st.weight) for m, st in active])
        temperature = stack_temperature(
            self.base_temperature, [(m.temperature, st.weight) for m, st in active]
        )
        return PromptStack(0, system, traits, session_layer(self.questions(states)), temperature, now, reason)

    def record(self, stack: PromptStack) -> int:
        """Record ``stack`` as the next version; returns its version number."""
        version = self.store.add_prompt_version(
            at=stack.at,
            system=stack.system,
            traits=stack.traits,
            session=stack.session,
            temperature=stack.temperature,
            reason=stack.reason,
        )
        log.info("agent %s: prompt stack version %d (%s)", self.agent, version, stack.reason)
        return version
