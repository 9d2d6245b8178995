"""Memory configuration: frozen dataclasses loaded from YAML, validated, unknown keys rejected.

>>> cfg = config_from_dict({"recall": {"k": 5}})
>>> cfg.recall.k, cfg.embedding.model
(5, 'minilm')
>>> config_from_dict({"recall": {"kk": 5}})
Traceback (most recent call last):
...
autogen_zettel.base.errors.ConfigError: at key 'recall.kk': unknown key; known keys are: ...
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import yaml

from autogen_zettel.base.errors import ConfigError

__all__ = [
    "EmbeddingConfig",
    "VectorsConfig",
    "ThreadsConfig",
    "RecallConfig",
    "LinkConfig",
    "RefinerConfig",
    "PrivacyConfig",
    "DecayConfig",
    "ConflictConfig",
    "MaintenanceConfig",
    "PersonaConfig",
    "MemoryConfig",
    "config_from_dict",
    "load_config",
]


# the secret detectors of trust/privacy.py, by name (it checks that it defines exactly these)
DETECTOR_NAMES: tuple[str, ...] = ("payment_card", "national_id", "us_ssn", "password", "api_key", "iban")

@dataclass(frozen=True)
class EmbeddingConfig:
    """Which model embeds cards. ``minilm`` is the bundled offline model; ``BAAI/bge-m3``
    (or a local folder holding it) adds BGE-M3's own lexical weights."""

    model: str = "minilm"
    batch_size: int = 32
    device: str = "cpu"
    max_length: int = 256
    quantize: str = "none"  # "int8": torch's dynamic int8 quantization of the model (CPU), recorded as another model


@dataclass(frozen=True)
class VectorsConfig:
    """Where the Qdrant collections live: embedded local mode (default) or a server."""

    url: str | None = None
    api_key_env: str | None = None  # name of the environment variable holding the key
    prefix: str = "zettel_"
    # embedded engine of a data folder: "edge" (qdrant-edge), "qdrant-local" (qdrant-client
    # local mode), or "auto": edge, unless the folder holds only qdrant-client storage
    engine: str = "auto"
    # with a server: "collection" (one collection per tenant) or "shared" (one collection, points
    # keyed by tenant with an is_tenant payload index: Qdrant's layout for many tenants)
    layout: str = "collection"
    shards: int = 1  # shard_number of collections this library creates on a server
    replicas: int = 1  # replication_factor of collections this library creates on a server


@dataclass(frozen=True)
class ThreadsConfig:
    """Thread pools bounded around our own calls (embedding, index search, matrix products)."""

    limit: int = 1  # threads per BLAS / OpenMP (torch) pool inside those calls; 0 leaves the pools alone
    batch: int = 1  # the same for embedding several texts at once (ingest); 0 leaves the pools alone


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
    prefer_summary_min: int = 3  # this many member hits of one summary become one summary hit (0: off)


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
class PrivacyConfig:
    """Secret redaction and privacy tiers (see :mod:`autogen_zettel.trust.privacy`).

    Secrets found by ``detectors`` (and ``extra_patterns``, name -> regex) are replaced by a
    placeholder before anything is written or logged. A card's tier comes from, in order: the
    ``tier=`` given to ``remember``, ``permanent_patterns`` (regexes on the content),
    ``kind_tiers`` (card kind -> tier), then ``default_tier``.
    """

    redact: bool = True
    detectors: tuple[str, ...] = DETECTOR_NAMES
    extra_patterns: dict[str, str] = field(default_factory=dict)
    default_tier: str = "standard"
    # e.g. {"preference": "decaying"} (the articles' rule); off by default because on LoCoMo it
    # costs ~10 points of R@10 (people are asked about what they loved months ago)
    kind_tiers: dict[str, str] = field(default_factory=dict)
    permanent_patterns: tuple[str, ...] = ()
    decay_after_days: float = 90.0  # a decaying card's recall weight falls to decayed_weight then
    decayed_weight: float = 0.1
    archive_after_days: float = 180.0  # and maintenance archives it then


@dataclass(frozen=True)
class DecayConfig:
    """The forgetting curve of standard-tier cards: strength = exp(-idle days / stability),
    stability = stability_days * (1 + importance) * (1 + reinforcement * times recalled)."""

    enabled: bool = True
    stability_days: float = 90.0
    reinforcement: float = 1.0
    # weaker cards are not recalled even before maintenance archives them (0: off, the default,
    # so that recall does not change with the wall clock, e.g. right after importing old chats)
    recall_floor: float = 0.0
    archive_below: float = 0.05  # maintenance archives weaker cards ...
    min_idle_days: float = 30.0  # ... that nobody recalled for at least this long


@dataclass(frozen=True)
class ConflictConfig:
    """Contradiction detection and evidence weights (see :mod:`autogen_zettel.trust.conflicts`).

    Recency weight is 1.0 up to ``fresh_days`` old and decays exponentially to
    ``reference_weight`` at ``reference_days``; a version confirmed in ``consensus_sessions``
    separate sessions is multiplied by ``consensus_factor``.
    """

    enabled: bool = True
    fresh_days: float = 7.0
    reference_days: float = 30.0
    reference_weight: float = 0.3
    explicit_weight: float = 1.0
    inferred_weight: float = 0.7
    passing_weight: float = 0.4
    consensus_sessions: int = 3
    consensus_factor: float = 1.5
    judge_neighbours: int = 3  # with an LLM judge: also ask about this many similar cards


@dataclass(frozen=True)
class MaintenanceConfig:
    """Consolidation: merging near-duplicates, pruning weak links, period summaries."""

    merge_similarity: float = 0.92  # cosine (from STRONGLY_RELATED links) to consider a merge
    merge_overlap: float = 0.6  # and word overlap (Jaccard) the pair must also share
    prune_below: float = 0.01  # links passing less activation than this are deleted
    summaries: str = "session"  # "session", "week" or "off"
    summary_min_members: int = 4
    summary_max_members: int = 12
    summary_member_words: int = 25


@dataclass(frozen=True)
class PersonaConfig:
    """Persona evolution: trait mining, mood and long-term learning, behaviour modules, profile
    and recall modulation (see :mod:`autogen_zettel.persona.mining` and :mod:`autogen_zettel.persona.behaviours`)."""

    enabled: bool = True  # agents evolve their persona (MemoryAugmentedAssistantAgent)
    mine_every_turns: int = 12  # mine after this many captured messages (0: off)
    mine_at_session_end: bool = True
    mine_every_days: float = 1.0  # also mine when this much clock time passed since the last mining (0: off)
    fast_rate: float = 0.5  # mood takes this share of one mining's signal at once
    mood_half_life_days: float = 1.0  # mood relaxes back to 0 with this half-life
    mood_limit: float = 0.2  # |mood| at most
    slow_rate: float = 0.1  # per day: long-term moves this share of the way to the evidence target
    evidence_half_life_days: float = 21.0  # an evidence edge weighs half after this many days
    affect_gain: float = 0.5  # edge weight x (1 + gain x |affect|)
    repetition_gain: float = 0.5  # edge weight x (1 + gain x ln(repeats)); repeats = same trait+sign+cue
    min_sessions: int = 3  # long-term moves only on evidence from at least this many sessions
    session_cap: float = 2.0  # one session's evidence on one side of a trait weighs at most this
    prior_mass: float = 2.0  # pseudo-evidence at the starting score
    bounds: tuple[float, float] = (0.1, 0.9)  # [low, high]: a trait score stays within
    dissonance_mass: float = 2.0  # both sides weigh at least this ...
    dissonance_balance: float = 0.6  # ... and the lighter side at least this share of the heavier
    module_ramp: float = 0.34  # a module's weight grows by this per mining while it holds
    rollback_window: int = 3  # feedback on this many replies after a change decides on rollback
    rollback_negative: int = 2  # this many negative ones roll the change back
    module_decay: float = 0.5  # weight x this at each negative feedback in the window
    cooldown_days: float = 7.0  # a rolled-back module waits this long before it may unlock again
    profile_every_days: float = 7.0
    profile_momentum: float = 0.3  # share of the new profile in the merge
    profile_items: int = 8
    modulation_strength: float = 0.3  # persona factor of recall lies in [1-s, 1+s]
    exploration: float = 0.05  # share of recalls made without persona modulation
    community_min_size: int = 5  # smallest cluster reported as a candidate trait
    strong_link_min: float = 0.5  # links at least this strong form the graph for communities
    feedback_speakers: tuple[str, ...] = ()  # whose messages count as feedback (empty: anyone but the agent)


@dataclass(frozen=True)
class MemoryConfig:
    """Everything a :class:`~autogen_zettel.memory.tenant.MemoryHub` can be configured with."""

    embedding: EmbeddingConfig = field(default_factory=EmbeddingConfig)
    vectors: VectorsConfig = field(default_factory=VectorsConfig)
    threads: ThreadsConfig = field(default_factory=ThreadsConfig)
    recall: RecallConfig = field(default_factory=RecallConfig)
    links: LinkConfig = field(default_factory=LinkConfig)
    refiner: RefinerConfig = field(default_factory=RefinerConfig)
    privacy: PrivacyConfig = field(default_factory=PrivacyConfig)
    decay: DecayConfig = field(default_factory=DecayConfig)
    conflicts: ConflictConfig = field(default_factory=ConflictConfig)
    maintenance: MaintenanceConfig = field(default_factory=MaintenanceConfig)
    persona: PersonaConfig = field(default_factory=PersonaConfig)
    source: str | None = field(default=None, compare=False)  # file it was loaded from


def _check_type(value: Any, hint: Any, *, file: str | None, key: str) -> Any:
    """Coerce ints to floats where a float is expected; refuse every other mismatch."""
    origin = typing.get_origin(hint)
    if origin in (tuple, list):
        if not isinstance(value, (list, tuple)):
            raise ConfigError(f"expected a list, got {value!r}; write it as [a, b]", file=file, key=key)
        item = typing.get_args(hint)[0]
        return tuple(_check_type(v, item, file=file, key=f"{key}[{i}]") for i, v in enumerate(value))
    if origin is dict:
        if not isinstance(value, dict):
            raise ConfigError(f"expected a mapping, got {value!r}; write it as {{name: value}}", file=file, key=key)
        kt, vt = typing.get_args(hint)
        return {_check_type(k, kt, file=file, key=key): _check_type(v, vt, file=file, key=f"{key}.{k}")
                for k, v in value.items()}
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
        if f.name in ("threshold", "dense_weight", "associative_share", "decay_per_hop", "strong", "weak",
                      "decayed_weight", "recall_floor", "archive_below", "reference_weight", "explicit_weight",
                      "inferred_weight", "passing_weight", "merge_similarity", "merge_overlap", "prune_below"):
            if not 0.0 <= value <= 1.0:
                raise ConfigError(f"must lie in 0..1, got {value!r}", file=file, key=key)
        elif f.name in ("k", "batch_size", "candidates", "max_cards", "max_message_chars", "token_budget",
                        "consensus_sessions", "summary_max_members", "summary_member_words", "stability_days",
                        "reference_days"):
            if value < 1:
                raise ConfigError(f"must be at least 1, got {value!r}", file=file, key=key)
        elif value < 0:
            raise ConfigError(f"must not be negative, got {value!r}", file=file, key=key)
    if isinstance(obj, LinkConfig) and obj.weak > obj.strong:
        raise ConfigError(
            f"weak ({obj.weak!r}) must not exceed strong ({obj.strong!r})", file=file, key=prefix + "weak"
        )
    if isinstance(obj, PrivacyConfig):
        _validate_privacy(obj, file=file, prefix=prefix)
    if isinstance(obj, PersonaConfig):
        _validate_persona(obj, file=file, prefix=prefix)
    if isinstance(obj, ConflictConfig) and not 0.0 < obj.reference_weight < 1.0:
        # recency decays to reference_weight: 0 would divide by zero (log 1/0), 1 means no decay
        raise ConfigError(f"must lie strictly between 0 and 1 (e.g. 0.3), got {obj.reference_weight!r}",
                          file=file, key=prefix + "reference_weight")
    if isinstance(obj, ConflictConfig) and obj.reference_days <= obj.fresh_days:
        raise ConfigError(f"reference_days ({obj.reference_days!r}) must exceed fresh_days ({obj.fresh_days!r})",
                          file=file, key=prefix + "reference_days")
    if isinstance(obj, EmbeddingConfig) and obj.quantize not in ("none", "int8"):
        raise ConfigError(f"must be 'none' or 'int8', got {obj.quantize!r}", file=file, key=prefix + "quantize")
    if isinstance(obj, VectorsConfig) and obj.layout not in ("collection", "shared"):
        raise ConfigError(f"must be 'collection' or 'shared', got {obj.layout!r}", file=file, key=prefix + "layout")
    if isinstance(obj, VectorsConfig) and (obj.shards < 1 or obj.replicas < 1):
        raise ConfigError(f"shards and replicas must be at least 1, got {obj.shards!r} and {obj.replicas!r}",
                          file=file, key=prefix + ("shards" if obj.shards < 1 else "replicas"))
    if isinstance(obj, VectorsConfig) and obj.engine not in ("auto", "edge", "qdrant-local"):
        raise ConfigError(f"must be one of 'auto', 'edge', 'qdrant-local', got {obj.engine!r}",
                          file=file, key=prefix + "engine")
    if isinstance(obj, MaintenanceConfig):
        if obj.summaries not in ("session", "week", "off"):
            raise ConfigError(f"must be one of 'session', 'week', 'off', got {obj.summaries!r}",
                              file=file, key=prefix + "summaries")
        if obj.summary_min_members < 2:
            raise ConfigError(f"must be at least 2, got {obj.summary_min_members!r}", file=file,
                              key=prefix + "summary_min_members")


def _validate_privacy(obj: "PrivacyConfig", *, file: str | None, prefix: str) -> None:
    import re

    from autogen_zettel.base.cards import CardKind, PrivacyTier
    tiers = [t.value for t in PrivacyTier]
    for name in obj.detectors:
        if name not in DETECTOR_NAMES:
            raise ConfigError(f"unknown detector {name!r}; known: {', '.join(sorted(DETECTOR_NAMES))}",
                              file=file, key=prefix + "detectors")
    if obj.default_tier not in tiers or obj.default_tier == PrivacyTier.NEVER.value:
        raise ConfigError(f"must be 'permanent', 'standard' or 'decaying', got {obj.default_tier!r}",
                          file=file, key=prefix + "default_tier")
    kinds = [k.value for k in CardKind]
    for kind, tier in obj.kind_tiers.items():
        if kind not in kinds:
            raise ConfigError(f"unknown card kind {kind!r}; use one of {', '.join(kinds)}",
                              file=file, key=f"{prefix}kind_tiers.{kind}")
        if tier not in tiers:
            raise ConfigError(f"unknown tier {tier!r}; use one of {', '.join(tiers)}",
                              file=file, key=f"{prefix}kind_tiers.{kind}")
    patterns = [(f"{prefix}extra_patterns.{n}", p) for n, p in obj.extra_patterns.items()]
    patterns += [(f"{prefix}permanent_patterns[{i}]", p) for i, p in enumerate(obj.permanent_patterns)]
    for key, pattern in patterns:
        try:
            re.compile(pattern)
        except re.error as exc:
            raise ConfigError(f"not a valid regular expression ({exc}): {pattern!r}", file=file, key=key) from None
    if obj.archive_after_days < obj.decay_after_days:
        raise ConfigError(
            f"archive_after_days ({obj.archive_after_days!r}) must not be below decay_after_days "
            f"({obj.decay_after_days!r})", file=file, key=prefix + "archive_after_days")


def _validate_persona(obj: "PersonaConfig", *, file: str | None, prefix: str) -> None:
    def bad(name: str, rule: str) -> ConfigError:
        return ConfigError(f"must {rule}, got {getattr(obj, name)!r}", file=file, key=prefix + name)

    if len(obj.bounds) != 2 or not 0.0 <= obj.bounds[0] < obj.bounds[1] <= 1.0:
        raise bad("bounds", "be a pair [low, high] with 0 <= low < high <= 1, e.g. [0.1, 0.9]")
    for name in ("fast_rate", "slow_rate", "module_ramp", "dissonance_balance"):
        if not 0.0 < getattr(obj, name) <= 1.0:
            raise bad(name, "lie in (0, 1]")
    for name in ("mood_limit", "module_decay", "profile_momentum", "exploration", "strong_link_min"):
        if not 0.0 <= getattr(obj, name) <= 1.0:
            raise bad(name, "lie in 0..1")
    if not 0.0 <= obj.modulation_strength < 1.0:
        raise bad("modulation_strength", "lie in [0, 1) so the persona factor stays positive")
    for name in ("mood_half_life_days", "evidence_half_life_days", "prior_mass", "dissonance_mass",
                 "profile_every_days", "session_cap"):
        if not getattr(obj, name) > 0.0:
            raise bad(name, "be positive")
    for name in ("min_sessions", "rollback_window", "rollback_negative", "profile_items"):
        if getattr(obj, name) < 1:
            raise bad(name, "be at least 1")
    if obj.community_min_size < 2:
        raise bad("community_min_size", "be at least 2")
    if obj.rollback_negative > obj.rollback_window:
        raise ConfigError(f"rollback_negative ({obj.rollback_negative!r}) must not exceed rollback_window "
                          f"({obj.rollback_window!r}), or no change could ever be rolled back",
                          file=file, key=prefix + "rollback_negative")


def config_from_dict(data: dict | None, *, file: str | None = None) -> MemoryConfig:
    """Validate a plain mapping (as read from YAML) into a :class:`MemoryConfig`."""
    cfg = _build(MemoryConfig, data or {}, file=file, prefix="")
    return dataclasses.replace(cfg, source=file)


def read_text(path: Path, *, missing_fix: str = "check the path") -> str:
    """A UTF-8 text file, or a :class:`ConfigError` naming the file and the fix."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ConfigError(f"file not found; {missing_fix}", file=str(path)) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"not UTF-8 text ({exc.reason} at byte {exc.start}); save it as UTF-8",
                          file=str(path)) from None


def read_yaml(path: Path, *, missing_fix: str = "check the path"):
    """Parse a YAML file with ``safe_load``; errors name the file."""
    try:
        return yaml.safe_load(read_text(path, missing_fix=missing_fix))
    except yaml.YAMLError as exc:
        raise ConfigError(f"malformed YAML: {exc}", file=str(path)) from None


def load_config(path: str | Path) -> MemoryConfig:
    """Read and validate a memory config YAML file.

    :param path: a file such as ``configs/default.yaml``
    :raises ConfigError: the file is missing, not YAML, or holds a wrong or unknown key
    """
    path = Path(path)
    data = read_yaml(path)
    return config_from_dict(data, file=str(path))
