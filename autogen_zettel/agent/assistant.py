"""AutoGen agents with a Zettelkasten memory: :class:`MemoryAugmentedAssistantAgent`, built on
:class:`~autogen_zettel.agent.capability.ZettelMemoryCapability`, which gives the same memory to any
``ConversableAgent``.

Before each reply the agent recalls from its memory (the recent messages form the query,
progressive unlocking runs) and the unlocked cards are prepended, inside a delimited block
marked as recalled data, as ONE extra message for that reply only; the stored chat history
never holds them. Every message the agent sees, its own and others', including in a
GroupChat what was said while it was silent, is captured in the background with its speaker,
session and time. Text carrying the recall delimiter is never captured again::

    hub = MemoryHub.open("./memory")
    ada = MemoryAugmentedAssistantAgent(persona=load_persona("agents/researcher.yaml"), hub=hub,
                                        llm_config=llm_config)
    ada.start_session("2024-03-04")

To distil memories with the LLM as well, give the hub an LLM refiner,
``MemoryHub.open("./memory", refiner=LLMRefiner(llm_config))`` (see ``llm.py``); it runs in
the background worker, off the reply path. With no ``llm_config`` at all the agent replies
in the labelled offline mode (``offline.py``).

The capability, its recall records and the message helpers live in ``capability.py``;
:class:`~autogen_zettel.agent.support.ScriptedUserAgent` and :func:`~autogen_zettel.agent.support.quiet_io`
in ``support.py``; all of them stay importable from here. Only the ``agent`` package (and
``base.llm``, lazily) imports AutoGen, as import-linter checks. The classic ``ConversableAgent``
API is tested on two lineages, each in its own environment since both install the ``autogen``
module: ``pyautogen`` 0.9.0 (the default install) and ``ag2`` 0.14.0 (``scripts/ag2_env.sh``;
CI runs the agent tests there too). ``ag2`` 1.x has no ``autogen`` module and ``pyautogen``
0.10 is a proxy for AgentChat: neither works. Microsoft AutoGen AgentChat 0.7 is reached
through :class:`~autogen_zettel.agent.agentchat.ZettelAgentChatMemory` (the ``agentchat`` extra).
"""

from __future__ import annotations

import copy
import logging
from datetime import datetime
from typing import Any

import autogen

from autogen_zettel.agent.capability import (
    HOOK,
    RecallEvent,
    UnlockedCard,
    ZettelMemoryCapability,
    message_id_for,
    message_text,
)
from autogen_zettel.agent.offline import OfflineMemoryClient, is_offline_config, offline_llm_config
from autogen_zettel.agent.support import ScriptedUserAgent, placeholder_notice_dropped, quiet_io
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.memory import MemoryHub, Zettelkasten
from autogen_zettel.persona.spec import Persona

__all__ = [
    "MemoryAugmentedAssistantAgent",
    "ZettelMemoryCapability",
    "ScriptedUserAgent",
    "RecallEvent",
    "UnlockedCard",
    "message_id_for",
    "message_text",
    "quiet_io",
    "HOOK",
]

log = logging.getLogger(__name__)


class MemoryAugmentedAssistantAgent(autogen.AssistantAgent):
    """An ``AssistantAgent`` with a persona and a long-term Zettelkasten memory.

    The persona (name, role, base system message, traits) loads into ``system_message``; the
    memory is ``hub.tenant(persona.name)`` unless ``tenant`` is given. Recall runs before each
    reply through ``process_all_messages_before_reply`` (one extra message for that reply
    only); ``receive``/``a_receive``/``send``/``a_send``, wrapped by the capability as on any
    agent it attaches to, capture every message the agent sees in the background, including
    GroupChat messages said while it was silent.

    With no ``llm_config`` (and no AutoGen ``LLMConfig`` context) the agent runs in offline mode:
    its replies come from :class:`~autogen_zettel.agent.offline.OfflineMemoryClient`, labelled as such.

    :param persona: from :func:`~autogen_zettel.persona.spec.load_persona`
    :param hub: the memory hub
    :param llm_config: AutoGen's ``llm_config`` (``False``: no replies from a model)
    :param tenant: another tenant name (or :class:`Zettelkasten`) to use as this agent's memory
    :param evolve: let the persona evolve (default ``persona.enabled`` of the hub's config): a
        :class:`~autogen_zettel.persona.engine.PersonaEngine` mines traits from what the agent sees,
        unlocks the persona's modules, and before each reply the agent's system message and
        temperature are set from the engine's current prompt stack (a second hook on
        ``process_all_messages_before_reply``, after the recall hook)
    :param trait_judge: an LLM trait judge (:class:`~autogen_zettel.persona.judges.LLMTraitJudge`) that adds
        its evidence to the offline rules
    :param profiler: an LLM profiler (:class:`~autogen_zettel.persona.judges.LLMProfiler`) for the persona profile
    :param kwargs: the recall options of :class:`ZettelMemoryCapability` (``k``, ``token_budget``,
        ``query_messages``, ``include_current_session``, ``flush_before_recall``, ``inject_role``,
        ``session_id``, ``on_recall``), then any ``AssistantAgent`` argument except ``name`` and
        ``system_message``, which come from the persona
    """

    _CAPABILITY_OPTIONS = (
        "k",
        "token_budget",
        "query_messages",
        "include_current_session",
        "flush_before_recall",
        "inject_role",
        "session_id",
        "on_recall",
    )

    def __init__(
        self,
        persona: Persona,
        hub: MemoryHub,
        llm_config: Any = None,
        tenant: str | Zettelkasten | None = None,
        evolve: bool | None = None,
        trait_judge: Any = None,
        profiler: Any = None,
        **kwargs: Any,
    ):
        if not isinstance(persona, Persona):
            raise InvalidInput(
                f"persona must be a Persona (load_persona('agents/researcher.yaml')), got {type(persona).__name__}"
            )
        for key in ("name", "system_message"):
            if key in kwargs:
                raise InvalidInput(
                    f"{key} comes from the persona file ({persona.source or persona.name}); "
                    f"edit the persona instead of passing {key}="
                )
        options = {k: kwargs.pop(k) for k in self._CAPABILITY_OPTIONS if k in kwargs}
        if llm_config is None:
            current = getattr(getattr(autogen, "LLMConfig", None), "get_current_llm_config", None)
            llm_config = current() if callable(current) else None
            if llm_config is None:
                log.info("agent %s has no llm_config: replying in offline mode", persona.name)
                llm_config = offline_llm_config()
        kwargs.setdefault("description", persona.describe())
        evolve = hub.config.persona.enabled if evolve is None else bool(evolve)
        with placeholder_notice_dropped(is_offline_config(llm_config)):
            super().__init__(
                name=persona.name,
                system_message=persona.system_message_text(traits=not evolve),
                llm_config=llm_config,
                **kwargs,
            )
        self.persona = persona
        self.offline = is_offline_config(self.llm_config)
        if self.offline:
            self.register_model_client(OfflineMemoryClient, agent_name=persona.name, role=persona.role)
        capability = ZettelMemoryCapability(hub, tenant=tenant, memory_guide=False, **options)
        capability.add_to_agent(
            self
        )  # the recall hook, and capture wrapping receive/send (see its docstring)
        if persona.needs and capability.cold_start is None:
            # the persona file's cold start: one gentle question a session for what it still needs
            from autogen_zettel.persona.cold_start import ColdStart

            capability.cold_start = ColdStart(capability.memory, persona.needs, agent=persona.name)
        if persona.contexts:  # the contexts of life its sessions may be in (people/contexts.py)
            capability.memory.people.contexts.declare(persona.contexts)
        self.persona_engine = None
        self._applied_temperature: float | None = None
        if evolve:
            from autogen_zettel.persona.engine import PersonaEngine

            self._base_llm_config = self.llm_config
            base_t = self._llm_config_dict().get("temperature") if self.llm_config else None
            self.persona_engine = PersonaEngine(
                capability.memory,
                persona,
                judge=trait_judge,
                profiler=profiler,
                base_system=self.system_message,
                base_temperature=base_t,
            )
            capability.persona_engine = self.persona_engine
            self.register_hook(HOOK, self._persona_hook)
            self.apply_prompt_stack()

    @property
    def memory(self) -> Zettelkasten:
        """This agent's memory."""
        return self.zettel_capability.memory

    @property
    def session_id(self) -> str | None:
        """The current session id (see :meth:`start_session`)."""
        return self.zettel_capability.session_id

    @session_id.setter
    def session_id(self, value: str) -> None:
        self.zettel_capability.start_session(value)

    def start_session(self, session_id: str | None = None) -> str:
        """File what follows under ``session_id`` (a new id from the clock if None)."""
        return self.zettel_capability.start_session(session_id)

    def flush(self) -> None:
        """Wait until everything this agent saw is remembered."""
        self.zettel_capability.flush()

    @property
    def last_recall(self) -> RecallEvent | None:
        """What the agent unlocked before its latest reply."""
        return self.zettel_capability.last_recall

    # -- persona evolution -------------------------------------------------------------------
    def end_session(self, at: datetime | None = None) -> None:
        """The session is over: mine traits (if the persona evolves) and run maintenance if it
        is due, both in the background. Sessions also end on their own (a new chat, a new
        session id, an idle gap: see :meth:`ZettelMemoryCapability.start_session`)."""
        self.zettel_capability.end_session(at)

    def _persona_hook(self, messages: list[dict]) -> list[dict]:
        """Second ``process_all_messages_before_reply`` hook: bring the system message and
        temperature up to the engine's current prompt stack; the messages pass unchanged."""
        try:
            self.apply_prompt_stack()
        except Exception:  # noqa: BLE001 - the reply goes ahead with the previous stack
            log.warning("agent %s: could not apply the prompt stack", self.name, exc_info=True)
        return messages

    def apply_prompt_stack(self) -> int | None:
        """Set the system message and temperature from the engine's prompt stack if it changed;
        returns the version now in force (None without persona evolution)."""
        engine = self.persona_engine
        if engine is None:
            return None
        stack = engine.stack
        rendered = stack.render()
        # by content, not by version number: forgetting scrubs a stored version in place, and the
        # forgotten words must leave the live system message before the next reply
        if rendered != self.system_message:
            self.update_system_message(rendered)
            log.debug("agent %s: prompt stack version %d in force", self.name, stack.version)
        self._set_temperature(stack.temperature)  # no-op unless it changed
        return stack.version

    def _llm_config_dict(self, config: Any = None) -> dict:
        config = self.llm_config if config is None else config
        if not config:
            return {}
        dump = getattr(config, "model_dump", None)
        return copy.deepcopy(dump() if callable(dump) else dict(config))

    def _set_temperature(self, temperature: float | None) -> None:
        """Rebuild the model client with ``temperature`` (None: the configured one)."""
        if temperature == self._applied_temperature or not self.llm_config:
            return
        if self.offline:  # the offline client does not sample: nothing to rebuild
            self._applied_temperature = temperature
            return
        config = self._llm_config_dict(self._base_llm_config)
        if any(entry.get("model_client_cls") for entry in config.get("config_list") or ()):
            # a custom model client must be registered again after a rebuild, which only its owner
            # can do: keep the client, record the temperature in the stack only
            log.warning(
                "agent %s: custom model client, so the prompt stack's temperature %s is not applied",
                self.name,
                temperature,
            )
            self._applied_temperature = temperature
            return
        if temperature is not None:
            config["temperature"] = temperature
            # ag2 0.14's LLMConfig.model_dump() copies the top-level temperature into every
            # config_list entry, and an entry's own value wins over the top level
            for entry in config.get("config_list") or ():
                if "temperature" in entry:
                    entry["temperature"] = temperature
        old = self.client
        self.llm_config = self._validate_llm_config(config)
        self.client = self._create_client(self.llm_config)
        for usage in ("total_usage_summary", "actual_usage_summary"):  # cost accounting carries over
            if hasattr(old, usage) and hasattr(self.client, usage):
                setattr(self.client, usage, getattr(old, usage))
        self._applied_temperature = temperature
