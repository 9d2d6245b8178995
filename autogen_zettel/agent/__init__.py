"""The agents' face of the memory: one framework-neutral base
(:class:`~autogen_zettel.agent.adapter.MemoryAdapter`) and a thin adapter per lineage. Only the
classic adapter (``capability``, ``assistant``, ``support``, ``offline``) imports ``autogen``; the
names below load on first use (PEP 562), so importing another lineage's adapter never loads it.
"""

import importlib as _importlib
from typing import Any as _Any

_EXPORTS = {
    "MemoryAdapter": "autogen_zettel.agent.adapter",
    "MemoryAugmentedAssistantAgent": "autogen_zettel.agent.assistant",
    "ZettelMemoryCapability": "autogen_zettel.agent.capability",
    "RecallEvent": "autogen_zettel.agent.events",
    "UnlockedCard": "autogen_zettel.agent.events",
    "ScriptedUserAgent": "autogen_zettel.agent.support",
    "OfflineMemoryClient": "autogen_zettel.agent.offline",
    "offline_llm_config": "autogen_zettel.agent.offline",
    "quiet_io": "autogen_zettel.agent.support",
    "run_group_chat": "autogen_zettel.agent.support",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> _Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'autogen_zettel.agent' has no attribute {name!r}")
    value = getattr(_importlib.import_module(module), name)
    globals()[name] = value
    return value
