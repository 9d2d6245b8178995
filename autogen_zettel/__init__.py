"""autogen-zettel: per-agent long-term memory for AutoGen, built as a Zettelkasten."""

from .audit import AuditReport
from .cards import (
    Card,
    CardKind,
    CardStatus,
    Conflict,
    EvidenceSource,
    Hit,
    Link,
    LinkKind,
    Message,
    PrivacyTier,
)
from .clock import SimulatedClock, SystemClock
from .config import MemoryConfig, PersonaConfig, load_config
from .conflicts import Verdict, llm_judge
from .embed import Embedder, FlagEmbedder, HashEmbedder
from .errors import (
    ConfigError,
    EmbeddingMismatch,
    InvalidInput,
    LLMOutputError,
    NotFound,
    StoreLocked,
    ZettelError,
)
from .evolution import MiningReport, PersonaEngine
from .forget import ForgetReport
from .llm import LLMLinkJudge, LLMRefiner, load_llm_config
from .llm_persona import LLMProfiler, LLMTraitJudge
from .maintenance import MaintenanceReport
from .memory import MemoryHub, Zettelkasten
from .mining import TraitState
from .modules import ModuleEvent, ModuleStatus
from .offline import OfflineMemoryClient, offline_llm_config
from .persona import Persona, PromptModule, load_persona
from .privacy import redact
from .prompt_stack import PromptStack
from .simulate import RunResult, load_scenario, run_scenario
from .traits import TraitSpec, default_traits, load_trait_specs, parse_condition

__version__ = "0.1.0"

# The agent classes import autogen (seconds to load): they load on first use, so the
# memory core stays importable without it.
_LAZY = {"MemoryAugmentedAssistantAgent", "ZettelMemoryCapability", "ScriptedUserAgent"}


def __getattr__(name: str):
    if name in _LAZY:
        from . import agent

        return getattr(agent, name)
    raise AttributeError(f"module 'autogen_zettel' has no attribute {name!r}")


__all__ = [
    "MemoryHub",
    "MemoryAugmentedAssistantAgent",
    "ZettelMemoryCapability",
    "ScriptedUserAgent",
    "Persona",
    "PromptModule",
    "load_persona",
    "PersonaEngine",
    "PersonaConfig",
    "MiningReport",
    "TraitSpec",
    "TraitState",
    "default_traits",
    "load_trait_specs",
    "parse_condition",
    "ModuleStatus",
    "ModuleEvent",
    "PromptStack",
    "LLMTraitJudge",
    "LLMProfiler",
    "LLMRefiner",
    "LLMLinkJudge",
    "load_llm_config",
    "OfflineMemoryClient",
    "offline_llm_config",
    "run_scenario",
    "load_scenario",
    "RunResult",
    "Zettelkasten",
    "Card",
    "CardKind",
    "CardStatus",
    "Hit",
    "Link",
    "LinkKind",
    "Message",
    "PrivacyTier",
    "EvidenceSource",
    "Conflict",
    "Verdict",
    "llm_judge",
    "ForgetReport",
    "MaintenanceReport",
    "AuditReport",
    "redact",
    "MemoryConfig",
    "load_config",
    "Embedder",
    "FlagEmbedder",
    "HashEmbedder",
    "SimulatedClock",
    "SystemClock",
    "ZettelError",
    "ConfigError",
    "InvalidInput",
    "NotFound",
    "StoreLocked",
    "EmbeddingMismatch",
    "LLMOutputError",
]
