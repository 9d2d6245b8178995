"""The AutoGen face of the memory: the only package that imports ``autogen`` at module level."""

from autogen_zettel.agent.assistant import MemoryAugmentedAssistantAgent
from autogen_zettel.agent.capability import RecallEvent, UnlockedCard, ZettelMemoryCapability
from autogen_zettel.agent.offline import OfflineMemoryClient, offline_llm_config
from autogen_zettel.agent.support import ScriptedUserAgent, quiet_io, run_group_chat

__all__ = [
    "MemoryAugmentedAssistantAgent",
    "ZettelMemoryCapability",
    "RecallEvent",
    "UnlockedCard",
    "ScriptedUserAgent",
    "OfflineMemoryClient",
    "offline_llm_config",
    "quiet_io",
    "run_group_chat",
]
