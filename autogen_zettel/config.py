"""Memory configuration: frozen dataclasses loaded from YAML, validated, unknown keys rejected.

>>> cfg = config_from_dict({"recall": {"k": 5}})
>>> cfg.recall.k, cfg.embedding.model
(5, 'minilm')
>>> config_from_dict({"recall": {"kk": 5}})
Traceback (most recent call last):
...
autogen_zettel.errors.ConfigError: at key 'recall.kk': unknown key; known keys are: ...
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import yaml

from .errors import ConfigError

__all__ = [
    "EmbeddingConfig",
    "VectorsConfig",
    "RecallConfig",
    "LinkConfig",
    "RefinerConfig",
    "MemoryConfig",
    "config_from_dict",
    "load_config",
]


@dataclass(frozen=True)
class EmbeddingConfig:
    """Which model embeds cards. ``minilm`` is the bundled offline model; ``BAAI/bge-m3``
    (or a local folder holding it) adds BGE-M3's own lexical weights."""

    model: str = "minilm"
    batch_size: int = 32
    device: str = "cpu"
    max_length: int = 256


@dataclass(frozen=True)
class VectorsConfig:
    """Where the Qdrant collections live: embedded local mode (default) or a server."""

    url: str | None = None
    api_key_env: str | None = None  # name of the environment variable holding the key
    prefix: str = "zettel_"


@dataclass(frozen=True)
class RecallConfig:
    """Progressive recall: immediate hybrid search, then associative unlocking."""

    k: int = 10
    threshold: float = 0.05  # fused score (0..1) below which immediate hits are dropped
    dense_weight: float = 0.4  # share of the dense score in the fused score
    candidates: int = 100  # hits fetched per vector before fusion
    query_messages: int = 3  # how many recent messages form an agent's recall query
    hops: int = 2
    seeds: int = 40  # immediate hits that associative unlocking spreads from
    associative_share: float = 0.5  # at most this share of k comes from the associative layer
    decay_per_hop: float = 0.5
    recency_half_life_days: float = 90.0
    token_budget: int = 800


@dataclass(frozen=True)
class LinkConfig:
    """The link engine's thresholds (cosine similarity of card embeddings)."""

    candidates: int = 8
    strong: float = 0.72
    weak: float = 0.5
    session_window: int = 2  # neighbouring cards of one session get SAME_SESSION links
    speaker_window: int = 1  # a card links to the previous card of the same speaker


@dataclass(frozen=True)
class RefinerConfig:
    """The heuristic refiner."""

    max_cards: int = 3
    min_words: int = 3
    max_message_chars: int = 100_000  # longer messages are refused (split them first)


@dataclass(frozen=True)
class MemoryConfig:
    """Everything a :class:`~autogen_zettel.memory.MemoryHub` can be configured with."""

    embedding: EmbeddingConfig = field(default_factory=EmbeddingConfig)
    vectors: VectorsConfig = field(default_factory=VectorsConfig)
    recall: RecallConfig = field(default_factory=RecallConfig)
    links: LinkConfig = field(default_factory=LinkConfig)
    refiner: RefinerConfig = field(default_factory=RefinerConfig)
    source: str | None = field(default=None, compare=False)  # file it was loaded from


def _check_type(value: Any, hint: Any, *, file: str | None, key: str) -> Any:
    """Coerce ints to floats where a float is expected; refuse every other mismatch."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return None
        hint = next(o for o in options if o is not type(None))
    if hint is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, hint) and not (hint is int and isinstance(value, bool)):
        return value
    raise ConfigError(
        f"expected {hint.__name__}, got {value!r} ({type(value).__name__}); fix the value's type",
        file=file,
        key=key,
    )


def _build(cls: type, data: Any, *, file: str | None, prefix: str) -> Any:
    if not isinstance(data, dict):
        raise ConfigError(
            f"expected a mapping of keys, got {data!r}", file=file, key=prefix.rstrip(".") or None
        )
    hints = typing.get_type_hints(cls)
    known = {f.name: f for f in fields(cls) if f.name != "source"}
    values = {}
    for key, value in data.items():
        dotted = f"{prefix}{key}"
        if key not in known:
            raise ConfigError(
                f"unknown key; known keys are: {', '.join(sorted(known))}", file=file, key=dotted
            )
        hint = hints[key]
        if dataclasses.is_dataclass(hint):
            values[key] = _build(hint, value, file=file, prefix=dotted + ".")
        else:
            values[key] = _check_type(value, hint, file=file, key=dotted)
    obj = cls(**values)
    _validate_ranges(obj, file=file, prefix=prefix)
    return obj


def _validate_ranges(obj: Any, *, file: str | None, prefix: str) -> None:
    for f in fields(obj):
        value = getattr(obj, f.name)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        key = prefix + f.name
        if f.name in ("threshold", "dense_weight", "associative_share", "decay_per_hop", "strong", "weak"):
            if not 0.0 <= value <= 1.0:
                raise ConfigError(f"must lie in 0..1, got {value!r}", file=file, key=key)
        elif f.name in ("k", "batch_size", "candidates", "max_cards", "max_message_chars", "token_budget"):
            if value < 1:
                raise ConfigError(f"must be at least 1, got {value!r}", file=file, key=key)
        elif value < 0:
            raise ConfigError(f"must not be negative, got {value!r}", file=file, key=key)
    if isinstance(obj, LinkConfig) and obj.weak > obj.strong:
        raise ConfigError(
            f"weak ({obj.weak!r}) must not exceed strong ({obj.strong!r})", file=file, key=prefix + "weak"
        )


def config_from_dict(data: dict | None, *, file: str | None = None) -> MemoryConfig:
    """Validate a plain mapping (as read from YAML) into a :class:`MemoryConfig`."""
    cfg = _build(MemoryConfig, data or {}, file=file, prefix="")
    return dataclasses.replace(cfg, source=file)


def load_config(path: str | Path) -> MemoryConfig:
    """Read and validate a memory config YAML file.

    :param path: a file such as ``configs/default.yaml``
    :raises ConfigError: the file is missing, not YAML, or holds a wrong or unknown key
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ConfigError("file not found; check the path", file=str(path)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"not UTF-8 text ({exc.reason} at byte {exc.start}); save it as UTF-8", file=str(path)) from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ConfigError(f"malformed YAML: {exc}", file=str(path)) from None
    return config_from_dict(data, file=str(path))
