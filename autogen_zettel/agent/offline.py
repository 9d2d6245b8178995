"""The offline mode: an AutoGen model client that answers from the unlocked memories, no LLM.

It follows AutoGen's custom model client protocol (``create``, ``message_retrieval``, ``cost``,
``get_usage``) and is registered the AutoGen way: a config entry names it through
``model_client_cls`` and the agent calls ``register_model_client``::

    agent = autogen.AssistantAgent("ada", llm_config=offline_llm_config())
    agent.register_model_client(OfflineMemoryClient, agent_name="ada")

(:class:`~autogen_zettel.agent.assistant.MemoryAugmentedAssistantAgent` registers it by itself when its
``llm_config`` names it.) Every reply starts with ``[offline mode: no LLM]`` and quotes the best
recalled memories inside an ``echo`` recall block, so the whole pipeline (capture, recall,
unlocking, injection) runs with no key and no download, deterministically, and offline replies
are never captured as new memories.

>>> client = OfflineMemoryClient({"model": OFFLINE_MODEL}, agent_name="ada")
>>> msgs = [{"role": "system", "content": "You are ada, a researcher."},
...         {"role": "user", "name": "bob", "content": "How big was the pilot?"}]
>>> print(client.message_retrieval(client.create({"messages": msgs}))[0])
[offline mode: no LLM] ada (a researcher) replying to bob: nothing recalled for this yet.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from autogen_zettel.base import prompts

__all__ = ["OfflineMemoryClient", "OFFLINE_MODEL", "offline_llm_config", "is_offline_config"]

OFFLINE_MODEL = "zettel-offline"

_INJECTED = re.compile(
    rf"<{prompts.RECALL_TAG}\b(?P<attrs>[^>]*)>\n(?P<body>.*?)\n?</{prompts.RECALL_TAG}>", re.DOTALL
)
_AGENT_ATTR = re.compile(r'agent="([^"]*)"')
_YOU_ARE = re.compile(r"^You are ([^,.\n]+)(?:, ([^\n]+?))?\.\s*$", re.MULTILINE)


def offline_llm_config() -> dict:
    """An ``llm_config`` whose only model is the offline client (no key, no network)."""
    return {
        "config_list": [{"model": OFFLINE_MODEL, "model_client_cls": OfflineMemoryClient.__name__}],
        "cache_seed": None,
    }


def is_offline_config(llm_config: Any) -> bool:
    """Whether an ``llm_config`` names :class:`OfflineMemoryClient` in its config list."""
    if not llm_config:
        return False
    get = getattr(llm_config, "get", None)
    entries = get("config_list") if callable(get) else getattr(llm_config, "config_list", None)
    for entry in entries or ():
        eget = getattr(entry, "get", None)
        name = eget("model_client_cls") if callable(eget) else getattr(entry, "model_client_cls", None)
        if name == OfflineMemoryClient.__name__:
            return True
    return False


@dataclass
class _Message:
    content: str
    role: str = "assistant"
    function_call: None = None
    tool_calls: None = None


@dataclass
class _Choice:
    message: _Message
    index: int = 0
    finish_reason: str = "stop"


@dataclass
class OfflineResponse:
    """The response object AutoGen expects from a model client."""

    choices: list[_Choice]
    model: str = OFFLINE_MODEL
    usage: dict = field(default_factory=dict)
    cost: float = 0.0


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # multimodal content: keep the text parts
        return " ".join(p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text")
    return ""


class OfflineMemoryClient:
    """Answers from the memories the agent's recall hook injected into the prompt.

    :param config: the config entry AutoGen passes (``model``, ``model_client_cls``)
    :param agent_name: whose memories to answer from (default: read from the system message)
    :param role: shown beside the name (default: read from the system message)
    :param max_memories: quote at most this many memories, best first
    """

    def __init__(
        self,
        config: dict | None = None,
        *,
        agent_name: str | None = None,
        role: str | None = None,
        max_memories: int = 3,
    ):
        self.config = dict(config or {})
        self.agent_name = agent_name
        self.role = role
        self.max_memories = max_memories

    def _identity(self, messages: list[dict]) -> tuple[str, str]:
        name, role = self.agent_name, self.role
        if name is None or role is None:
            for m in messages:
                if m.get("role") == "system":
                    found = _YOU_ARE.search(_text(m.get("content")))
                    if found:
                        name = name or found.group(1).strip()
                        role = role if role is not None else (found.group(2) or "").strip()
                        break
        return name or "assistant", role or ""

    def _recalled(self, messages: list[dict], name: str) -> list[str]:
        """Memory lines of the freshest injected (not echoed) recall block for ``name``."""
        for m in reversed(messages):
            text = _text(m.get("content"))
            if not text.startswith(prompts.RECALL_OPEN):
                continue
            block = _INJECTED.match(text)
            if block is None or 'echo="' in block.group("attrs"):
                continue
            owner = _AGENT_ATTR.search(block.group("attrs"))
            if owner and owner.group(1) != name:
                continue
            return [ln for ln in block.group("body").splitlines() if ln.startswith("- ")]
        return []

    @staticmethod
    def _replying_to(messages: list[dict]) -> str | None:
        for m in reversed(messages):
            if m.get("role") == "system" or _text(m.get("content")).startswith(prompts.RECALL_OPEN):
                continue
            return m.get("name") or m.get("role")
        return None

    @staticmethod
    def _trait_layer(messages: list[dict]) -> list[str]:
        """The lines of the persona's trait layer in the system message (see ``prompt_stack``)."""
        for m in messages:
            if m.get("role") != "system":
                continue
            text = _text(m.get("content"))
            at = text.find(prompts.TRAIT_LAYER_HEADER)
            if at < 0:
                return []
            block = text[at + len(prompts.TRAIT_LAYER_HEADER) :].lstrip("\n").split("\n\n", 1)[0]
            return [ln[2:] for ln in block.splitlines() if ln.startswith("- ")]
        return []

    def _style(self, messages: list[dict]) -> tuple[int, list[str]]:
        """How many memories to quote and which modules are in force, from the trait layer: the
        offline stand-in follows the evolving persona as far as a model-free client can."""
        n, modules = self.max_memories, []
        for line in self._trait_layer(messages):
            if line.startswith("conciseness ("):
                n = {"strongly high": 1, "high": 2, "low": n + 1, "strongly low": n + 2}.get(
                    line.split("(", 1)[1].split(")", 1)[0], n
                )
            elif line.split(":", 1)[0] in ("Always", "Usually", "Where it fits"):
                modules.append(line)
        return max(1, n), modules

    def create(self, params: dict[str, Any]) -> OfflineResponse:
        messages = list(params.get("messages") or [])
        name, role = self._identity(messages)
        n, modules = self._style(messages)
        lines = self._recalled(messages, name)[:n]
        text = prompts.offline_reply(name, role, self._replying_to(messages), lines, following=modules)
        prompt_tokens = sum(len(_text(m.get("content")).split()) for m in messages)
        usage = {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": len(text.split()),
            "total_tokens": prompt_tokens + len(text.split()),
            "cost": 0.0,
            "model": OFFLINE_MODEL,
        }
        return OfflineResponse(choices=[_Choice(_Message(text))], usage=usage)

    def message_retrieval(self, response: OfflineResponse) -> list[str]:
        return [c.message.content for c in response.choices]

    def cost(self, response: OfflineResponse) -> float:
        return 0.0

    @staticmethod
    def get_usage(response: OfflineResponse) -> dict:
        return dict(response.usage)
