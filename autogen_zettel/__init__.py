"""autogen-zettel: per-agent long-term memory for AutoGen, built as a Zettelkasten.

The public names load on first use (PEP 562): ``import autogen_zettel`` costs nothing, and
importing the memory loads neither AutoGen, the persona engine nor the simulator. Everything
not listed here is internal and may move.
"""

import importlib as _importlib
from typing import Any as _Any

__version__ = "0.1.0"

# public name -> the module that defines it
_EXPORTS: dict[str, str] = {
    # the memory
    "MemoryHub": "autogen_zettel.memory.hub",
    "Zettelkasten": "autogen_zettel.memory.tenant",
    "Card": "autogen_zettel.base.cards",
    "CardKind": "autogen_zettel.base.cards",
    "CardStatus": "autogen_zettel.base.cards",
    "Hit": "autogen_zettel.base.cards",
    "Conflict": "autogen_zettel.base.cards",
    "RecallBlock": "autogen_zettel.recall.block",
    "Link": "autogen_zettel.base.cards",
    "LinkKind": "autogen_zettel.base.cards",
    "Message": "autogen_zettel.base.cards",
    "PrivacyTier": "autogen_zettel.base.cards",
    "ForgetReport": "autogen_zettel.trust.forget",
    "MaintenanceReport": "autogen_zettel.trust.maintenance",
    "AuditReport": "autogen_zettel.store.audit",
    "AuditEntry": "autogen_zettel.store.audit",
    "redact": "autogen_zettel.trust.privacy",
    "Redaction": "autogen_zettel.trust.privacy",
    "verify_receipt": "autogen_zettel.trust.receipts",
    "ReceiptCheck": "autogen_zettel.trust.receipts",
    # the person layers: what mem.facts(), mem.preferences() and mem.commitments() return
    "Fact": "autogen_zettel.people.model",
    "Preference": "autogen_zettel.people.model",
    "Commitment": "autogen_zettel.people.model",
    # the agent (these load AutoGen)
    "MemoryAugmentedAssistantAgent": "autogen_zettel.agent.assistant",
    "ZettelMemoryCapability": "autogen_zettel.agent.capability",
    "ScriptedUserAgent": "autogen_zettel.agent.support",
    "OfflineMemoryClient": "autogen_zettel.agent.offline",
    "offline_llm_config": "autogen_zettel.agent.offline",
    # the other lineages' adapters (each needs its extra; see docs/lineages.md)
    "ZettelContextProvider": "autogen_zettel.agent.agentframework",
    "ZettelAssemblyPolicy": "autogen_zettel.agent.ag2x",
    "PersonaLayer": "autogen_zettel.agent.persona_layer",
    # Microsoft AutoGen AgentChat's Memory protocol (the agentchat extra)
    "ZettelAgentChatMemory": "autogen_zettel.agent.agentchat",
    # the persona
    "Persona": "autogen_zettel.persona.spec",
    "load_persona": "autogen_zettel.persona.spec",
    "PersonaEngine": "autogen_zettel.persona.engine",
    "ColdStart": "autogen_zettel.persona.cold_start",
    "TraitSpec": "autogen_zettel.persona.traits",
    "load_trait_specs": "autogen_zettel.persona.traits",
    # configuration and time
    "MemoryConfig": "autogen_zettel.base.config",
    "PersonaConfig": "autogen_zettel.base.config",
    "load_config": "autogen_zettel.base.config",
    "load_llm_config": "autogen_zettel.base.llm",
    "Clock": "autogen_zettel.base.clock",
    "SimulatedClock": "autogen_zettel.base.clock",
    "SystemClock": "autogen_zettel.base.clock",
    # extension points: inject your own embedder, refiner, judges
    "Embedder": "autogen_zettel.embed.embedders",
    "FlagEmbedder": "autogen_zettel.embed.embedders",
    "HashEmbedder": "autogen_zettel.embed.embedders",
    "Refiner": "autogen_zettel.cards.refine",
    "LLMRefiner": "autogen_zettel.memory.llm_refine",
    "LLMLinkJudge": "autogen_zettel.memory.llm_refine",
    "LLMReranker": "autogen_zettel.memory.llm_rerank",
    "Reranker": "autogen_zettel.recall.rerank",
    "llm_judge": "autogen_zettel.trust.conflict_judge",
    "Verdict": "autogen_zettel.trust.conflict_judge",
    "LLMTraitJudge": "autogen_zettel.persona.judges",
    "LLMProfiler": "autogen_zettel.persona.judges",
    # research simulations
    "load_scenario": "autogen_zettel.research.scenario",
    "run_scenario": "autogen_zettel.research.simulate",
    # errors
    "ZettelError": "autogen_zettel.base.errors",
    "ConfigError": "autogen_zettel.base.errors",
    "InvalidInput": "autogen_zettel.base.errors",
    "NotFound": "autogen_zettel.base.errors",
    "StoreLocked": "autogen_zettel.base.errors",
    "StoreUnavailable": "autogen_zettel.base.errors",
    "StoreCorrupt": "autogen_zettel.base.errors",
    "EmbeddingMismatch": "autogen_zettel.base.errors",
    "LLMOutputError": "autogen_zettel.base.errors",
    "LLMUnavailable": "autogen_zettel.base.errors",
    "DiskFull": "autogen_zettel.base.errors",
    "TooManyOpenFiles": "autogen_zettel.base.errors",
    "QueueFull": "autogen_zettel.base.errors",
    "PermanentKeyMissing": "autogen_zettel.base.errors",
}

#: the public names whose module imports AutoGen
AGENT_NAMES = frozenset(n for n, m in _EXPORTS.items() if m.startswith("autogen_zettel.agent."))

# adapters whose framework is an optional extra: the extra to install when it is missing
_EXTRAS = {
    "ZettelContextProvider": ("agent_framework", "agentframework"),
    "ZettelAssemblyPolicy": ("ag2", "ag2x"),
}

# sorted, case-insensitively (tests/test_exported_members.py keeps it so, and complete)
__all__ = sorted([*_EXPORTS, "AGENT_NAMES"], key=str.casefold)


def __getattr__(name: str) -> _Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'autogen_zettel' has no attribute {name!r}")
    try:
        value = getattr(_importlib.import_module(module), name)
    except ModuleNotFoundError as exc:
        framework, extra = _EXTRAS.get(name, (None, None))
        if framework is None or exc.name is None or exc.name.split(".")[0] != framework:
            raise
        # an AttributeError, so hasattr() and scans of the package see the name as absent here
        raise AttributeError(
            f"autogen_zettel.{name} needs the {framework!r} package: pip install 'autogen-zettel[{extra}]'"
        ) from exc
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
