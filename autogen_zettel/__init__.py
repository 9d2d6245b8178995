"""autogen-zettel: per-agent long-term memory for AutoGen, built as a Zettelkasten."""

from .cards import Card, CardKind, CardStatus, Hit, Link, LinkKind, Message
from .clock import SimulatedClock, SystemClock
from .config import MemoryConfig, load_config
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
from .memory import MemoryHub, Zettelkasten

__version__ = "0.1.0"

__all__ = [
    "MemoryHub",
    "Zettelkasten",
    "Card",
    "CardKind",
    "CardStatus",
    "Hit",
    "Link",
    "LinkKind",
    "Message",
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
