"""What one mining of the persona engine did (:class:`MiningReport`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from autogen_zettel.persona.behaviours import ModuleEvent
from autogen_zettel.persona.mining import TraitState
from autogen_zettel.persona.prompt_stack import PromptStack

__all__ = ["MiningReport"]


@dataclass(frozen=True)
class MiningReport:
    """What one mining did: the trait states, module events and the stack it left."""

    at: datetime
    reason: str
    states: Mapping[str, TraitState]
    events: tuple[ModuleEvent, ...]
    stack: PromptStack
    new_version: bool
