"""One persona file, the same system layer in every lineage: :class:`PersonaLayer` turns a
:class:`~autogen_zettel.persona.spec.Persona` into the text an adapter puts in front of the
model, the way the classic :class:`~autogen_zettel.agent.assistant.MemoryAugmentedAssistantAgent`
builds its ``system_message``.

A fixed persona gives ``persona.system_message_text()`` (identity, base message, starting
traits, memory guide). An evolving one (``evolve=True``, default ``persona.enabled`` of the
hub's config) gives the :class:`~autogen_zettel.persona.engine.PersonaEngine`'s current prompt
stack, whose trait layer says where the traits stand now and which modules are unlocked; the
engine reads what the adapter captures (give it to the capability as ``persona_engine``).

Nothing here imports an agent framework, so every adapter (classic, AgentChat, Agent
Framework, ag2 1.x) shares it.
"""

from __future__ import annotations

from typing import Any

from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.memory import MemoryHub, Zettelkasten
from autogen_zettel.persona.spec import Persona

__all__ = ["PersonaLayer"]


class PersonaLayer:
    """The system layer of one agent's persona, fixed or evolving.

    :param hub: the memory hub (its config says whether personas evolve by default)
    :param memory: the agent's memory (the tenant the engine keeps its state in)
    :param persona: from :func:`~autogen_zettel.persona.spec.load_persona`
    :param evolve: let the persona evolve (default ``persona.enabled`` of the hub's config)
    :param judge: an LLM trait judge for the engine (optional)
    :param profiler: an LLM profiler for the engine (optional)
    :param base_temperature: the model's configured temperature (modules add their deltas to it)
    """

    def __init__(
        self,
        hub: MemoryHub,
        memory: Zettelkasten,
        persona: Persona,
        *,
        evolve: bool | None = None,
        judge: Any = None,
        profiler: Any = None,
        base_temperature: float | None = None,
    ):
        if not isinstance(persona, Persona):
            raise InvalidInput(
                f"persona must be a Persona (load_persona('agents/critic.yaml')), got {type(persona).__name__}"
            )
        self.persona = persona
        self.evolve = hub.config.persona.enabled if evolve is None else bool(evolve)
        # an evolving agent leaves the starting traits out: its trait layer says where they stand now
        self.base = persona.system_message_text(traits=not self.evolve)
        self.engine = None
        if self.evolve:
            from autogen_zettel.persona.engine import PersonaEngine

            self.engine = PersonaEngine(
                memory,
                persona,
                judge=judge,
                profiler=profiler,
                base_system=self.base,
                base_temperature=base_temperature,
            )

    def text(self) -> str:
        """The system layer in force now (read from the engine's latest stack when evolving)."""
        return self.engine.stack.render() if self.engine is not None else self.base

    def temperature(self) -> float | None:
        """The sampling temperature the stack asks for (None: the configured one)."""
        return self.engine.stack.temperature if self.engine is not None else None

    def traits(self) -> dict[str, float]:
        """Trait scores now (the persona file's starting scores when the persona does not evolve)."""
        if self.engine is not None:
            return self.engine.scores()
        return {k: round(float(v), 4) for k, v in sorted(self.persona.traits.items())}

    def modules(self) -> dict[str, str]:
        """Each behaviour module's status (``locked`` for all of them when not evolving)."""
        if self.engine is not None:
            return {name: state.status.value for name, state in sorted(self.engine.modules.items())}
        return {m.name: "locked" for m in sorted(self.persona.modules, key=lambda m: m.name)}
