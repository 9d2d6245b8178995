"""Memory configuration: frozen pydantic models loaded from YAML, validated, unknown keys rejected.

Every bound is a ``Field`` constraint, so ``autogen-zettel schema config`` prints a JSON Schema
that editors check YAML against as it is typed; errors are a :class:`ConfigError` naming the
file, the dotted key and the fix (see :mod:`autogen_zettel.base.schema`).

>>> cfg = config_from_dict({"recall": {"k": 5}})
>>> cfg.recall.k, cfg.embedding.model
(5, 'minilm')
>>> config_from_dict({"recall": {"kk": 5}})
Traceback (most recent call last):
...
autogen_zettel.base.errors.ConfigError: at key 'recall.kk': unknown key; did you mean 'k'? known keys are: ...
>>> config_from_dict({"recall": {"tuning": {"dense_weight": 1.5}}}, file="c.yaml")
Traceback (most recent call last):
...
autogen_zettel.base.errors.ConfigError: in c.yaml at key 'recall.tuning.dense_weight': must lie in 0..1 (<= 1), got 1.5
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, PrivateAttr, Strict, field_validator, model_validator

from autogen_zettel.base.cards import CardKind, PrivacyTier
from autogen_zettel.base.schema import Schema, rule_error, short, validate
from autogen_zettel.base.yamlio import read_yaml

# the embedded engines a data folder may name (vectors.engine); "auto" picks one
ENGINES = ("auto", "edge", "qdrant-local")
EMBEDDED = tuple(e for e in ENGINES if e != "auto")  # the engines themselves
DEFAULT_DENSE_COPY_MB = 384  # vectors.dense_copy_mb, also EdgeIndex's default budget
QUANTIZATIONS = ("int8", "none")  # vectors.quantization of new edge shards; EdgeIndex checks it too

__all__ = [
    "ENGINES",
    "EMBEDDED",
    "DEFAULT_DENSE_COPY_MB",
    "QUANTIZATIONS",
    "EmbeddingConfig",
    "VectorsConfig",
    "ThreadsConfig",
    "HubConfig",
    "RecallConfig",
    "LinkConfig",
    "RefinerConfig",
    "PrivacyConfig",
    "DecayConfig",
    "ConflictConfig",
    "MaintenanceConfig",
    "SessionsConfig",
    "RecallTuning",
    "PersonaConfig",
    "MemoryConfig",
    "config_from_dict",
    "load_config",
]


# the secret detectors of trust/privacy.py, by name (it checks that it defines exactly these)
DETECTOR_NAMES: tuple[str, ...] = ("payment_card", "national_id", "us_ssn", "password", "api_key", "iban")

# Value types. Strict: YAML's `true` is not the number 1, nor 1.5 an int; an int is accepted
# where a float is expected.
Bool = Annotated[bool, Strict()]
Text = Annotated[str, Strict()]
Int = Annotated[int, Strict()]
Count = Annotated[int, Strict(), Field(ge=0)]
AtLeast1 = Annotated[int, Strict(), Field(ge=1)]
Number = Annotated[float, Strict(), Field(ge=0, allow_inf_nan=False)]  # finite: .inf is no setting
Positive = Annotated[float, Strict(), Field(gt=0, allow_inf_nan=False)]
Unit = Annotated[float, Strict(), Field(ge=0, le=1)]
Rate = Annotated[float, Strict(), Field(gt=0, le=1)]  # a share that must move something: (0, 1]


def _regex(pattern: str) -> str:
    try:
        re.compile(pattern)
    except re.error as exc:
        raise ValueError(f"not a valid regular expression ({exc}): {short(pattern)}") from None
    return pattern


Regex = Annotated[str, Strict(), AfterValidator(_regex)]
Detector = Literal[DETECTOR_NAMES]  # type: ignore[valid-type]
KindName = Literal[tuple(k.value for k in CardKind)]  # type: ignore[valid-type]
TierName = Literal[tuple(t.value for t in PrivacyTier)]  # type: ignore[valid-type]
StoredTier = Literal[tuple(t.value for t in PrivacyTier if t is not PrivacyTier.NEVER)]  # type: ignore[valid-type]


class EmbeddingConfig(Schema):
    """Which model embeds cards. ``minilm`` is the bundled offline model; ``BAAI/bge-m3``
    (or a local folder holding it) adds BGE-M3's own lexical weights."""

    model: Text = "minilm"
    batch_size: AtLeast1 = 32
    device: Text = "cpu"
    max_length: Count = 256
    # "int8": on ONNX Runtime its cached int8 graph (about 2x faster, slightly lower recall, so
    # opt-in), on torch (runtime "torch") quantize_dynamic; int8 vectors are recorded as another
    # model (`reindex` to switch). "none": float32
    quantize: Literal["none", "int8"] = "none"
    # "auto": MiniLM-like models on ONNX Runtime when it is installed (the same vectors, no torch
    # in the process), else torch; "torch" or "onnx" force one (bge-m3 is torch only)
    runtime: Literal["auto", "torch", "onnx"] = "auto"
    # where the exported ONNX file is cached; default $AUTOGEN_ZETTEL_CACHE_DIR or ~/.cache/autogen-zettel
    cache_dir: Text | None = None
    # MiB for the hub's dense vectors per distinct text (every tenant and the query path share
    # them, so a message N agents capture is embedded once); 0: no cache
    cache_mb: Count = 64


class VectorsConfig(Schema):
    """Where the vectors live: the embedded engine of the data folder (default) or a Qdrant server."""

    url: Text | None = None
    api_key_env: Text | None = None  # name of the environment variable holding the key
    prefix: Text = "zettel_"
    # embedded engine of a data folder: "edge" (qdrant-edge), "qdrant-local" (qdrant-client
    # local mode), or "auto": edge, unless the folder holds only qdrant-client storage
    engine: Literal[ENGINES] = "auto"  # type: ignore[valid-type]
    # with a server: "collection" (one collection per tenant) or "shared" (one collection, points
    # keyed by tenant with an is_tenant payload index: Qdrant's layout for many tenants)
    layout: Literal["collection", "shared"] = "collection"
    shards: AtLeast1 = 1  # shard_number of collections this library creates on a server
    replicas: AtLeast1 = 1  # replication_factor of collections this library creates on a server
    # embedded edge engine: memory (MiB, across tenants) for in-memory copies of large tenants'
    # dense vectors, which speed up linking a batch of new cards (#12); a copy of 100k points of
    # 384 dimensions takes 183 MiB, so the default holds two such tenants; 0: no copies
    dense_copy_mb: Count = DEFAULT_DENSE_COPY_MB
    # embedded edge engine: "int8" creates shards that also keep int8 dense vectors, which recall's
    # search scans before rescoring the candidates with the float32 ones (same hits, a faster
    # search, #12); linking stays exact. "none": float32 only. Existing shards
    # keep what they were created with until `reindex`
    quantization: Literal[QUANTIZATIONS] = "int8"  # type: ignore[valid-type]
    # embedded edge engine: shards kept open at once (least recently used ones close, reopening
    # on use); 0: derived from the process's open-file limit (RLIMIT_NOFILE)
    max_open_shards: Count = 0


class HubConfig(Schema):
    """One process's tenants: how many keep their files open at once."""

    # tenants whose SQLite files stay open (least recently used ones close theirs, reopening on
    # use); 0: derived from the process's open-file limit (RLIMIT_NOFILE)
    max_open_tenants: Count = 0


class ThreadsConfig(Schema):
    """Thread pools bounded around our own calls (embedding, index search, matrix products)."""

    # threads per BLAS / OpenMP (torch) pool, and ONNX Runtime's intra-op threads, inside those
    # calls; 0 leaves the pools alone (ONNX Runtime then sizes its own to the machine)
    limit: Count = 1
    batch: Count = 1  # the same for embedding several texts at once (ingest); 0 leaves the pools alone
    # threads that run the length-sorted batches of one encode of many texts (bulk ingest, reindex)
    # on ONNX Runtime, each batch on `batch` intra-op threads; 0: one per core the process may use
    workers: Count = 0


class RecallTuning(Schema):
    """Ranking constants of progressive recall: measured defaults; change only with a benchmark
    (``python -m benchmarks locomo``, see docs/benchmarks.md). Each was chosen on held-out
    conversations together with the others, so one changed alone can undo what another does."""

    threshold: Unit = 0.05  # fused score (0..1) below which immediate hits are dropped
    # share of the dense score in the fused score (the rest is lexical); the dense query leaves a
    # named participant out (dense_without_name), so both searches count alike
    dense_weight: Unit = 0.5
    candidates: AtLeast1 = 100  # hits fetched per vector before fusion
    hops: Annotated[int, Strict(), Field(ge=0, le=5)] = 2  # how far associative unlocking spreads along links (0: no links); each hop multiplies the frontier
    seeds: Count = 40  # immediate hits that associative unlocking spreads from
    associative_share: Unit = 0.5  # at most this share of k comes from the associative layer
    decay_per_hop: Unit = 0.5
    recency_half_life_days: Number = 90.0
    prefer_summary_min: Count = 3  # this many member hits of one summary become one summary hit (0: off)
    # a query naming a participant raises what they said by this share; speaker focus, not the
    # name's words, carries the name (the next three keys)
    speaker_boost: Unit = 0.5
    # the weight of a participant's name, when the query names one, in its lexical search (1: as any
    # word; below 1 speaker focus carries the name instead)
    named_speaker_weight: Unit = 0.0
    question_discount: Unit = 0.3  # a card that only asks ("...?") scores this share lower than one that tells
    # a query naming a participant: an unlocked card someone else said passes this share less of
    # the activation it received (0: off); their replies to the participant ("You (Mel) put so much
    # into it") took the places of the participant's own cards from other sessions
    associative_focus: Unit = 0.5
    # a query naming a participant is embedded without the name (speaker focus carries it): cards
    # are embedded as "Mel: ...", so the name alone made short cards of theirs ("Mel: I'm obsessed
    # with those") look like answers to every question about them
    dense_without_name: Bool = True
    # an immediate hit scores 1 - importance_weight + importance_weight * the card's importance
    # times (0: off): among the cards that match, the ones that say something come first
    importance_weight: Unit = 1.0
    # a query that names a time ("in May 2023", "last year", "2023年5月") raises by this share the
    # immediate hits made in that period or naming a date in it (core/when.py; 0: off)
    date_boost: Number = 2.0
    # evidence across sessions: each further hit of a session already holding places scores this
    # share less per place (core/spread_sessions.py, over the best 2k; 0: off)
    session_spread: Unit = 0.0
    # load every card's links into a compact in-memory adjacency (about 26 bytes a link), in a
    # background thread begun by the first recall, and spread over it instead of reading each
    # frontier card's links from SQLite the first time (#12); SQLite serves until it is loaded
    preload_links: Bool = True
    preload_links_max: Count = 5_000_000  # more links than this: recall keeps reading them from SQLite


class RecallConfig(Schema):
    """Progressive recall: how many cards, in how many prompt tokens, from how much of the chat.
    The ranking constants are in ``tuning`` (:class:`RecallTuning`)."""

    k: AtLeast1 = 10  # at most this many cards per recall
    token_budget: AtLeast1 = 800  # prompt tokens for the injected recall block
    query_messages: Count = 3  # how many recent messages form an agent's recall query
    tuning: RecallTuning = Field(default_factory=RecallTuning)

    @model_validator(mode="before")
    @classmethod
    def _moved_to_tuning(cls, data: Any) -> Any:
        moved = [key for key in RecallTuning.model_fields if isinstance(data, dict) and key in data]
        if moved:
            raise rule_error(moved[0], f"recall.{moved[0]} is now recall.tuning.{moved[0]} (a measured ranking "
                             "default; change it only with a benchmark): move it under recall: tuning:")
        return data


class LinkConfig(Schema):
    """The link engine's thresholds (cosine similarity of card embeddings)."""

    candidates: AtLeast1 = 8
    strong: Unit = 0.72
    weak: Unit = 0.5
    session_window: Count = 2  # neighbouring cards of one session get SAME_SESSION links
    speaker_window: Count = 1  # a card links to the previous card of the same speaker

    @model_validator(mode="after")
    def _weak_below_strong(self):
        if self.weak > self.strong:
            raise rule_error("weak", f"weak ({self.weak!r}) must not exceed strong ({self.strong!r})")
        return self


class RefinerConfig(Schema):
    """The heuristic refiner."""

    max_cards: AtLeast1 = 3
    min_words: Count = 3
    max_message_chars: AtLeast1 = 100_000  # longer messages are refused (split them first)


class PrivacyConfig(Schema):
    """Secret redaction and privacy tiers (see :mod:`autogen_zettel.trust.privacy`).

    Secrets found by ``detectors`` (and ``extra_patterns``, name -> regex) are replaced by a
    placeholder before anything is written or logged. A card's tier comes from, in order: the
    ``tier=`` given to ``remember``, ``permanent_patterns`` (regexes on the content),
    ``kind_tiers`` (card kind -> tier), then ``default_tier``.
    """

    redact: Bool = True
    detectors: tuple[Detector, ...] = DETECTOR_NAMES
    extra_patterns: dict[Text, Regex] = Field(default_factory=dict)
    default_tier: StoredTier = "standard"
    # e.g. {"preference": "decaying"} (the articles' rule); off by default because people are
    # asked about what they loved months ago, which a decayed preference no longer answers
    kind_tiers: dict[KindName, TierName] = Field(default_factory=dict)
    permanent_patterns: tuple[Regex, ...] = ()
    decay_after_days: Number = 90.0  # a decaying card's recall weight falls to decayed_weight then
    decayed_weight: Unit = 0.1
    archive_after_days: Number = 180.0  # and maintenance archives it then

    @model_validator(mode="after")
    def _archive_after_decay(self):
        if self.archive_after_days < self.decay_after_days:
            raise rule_error("archive_after_days", f"archive_after_days ({self.archive_after_days!r}) must not be "
                             f"below decay_after_days ({self.decay_after_days!r})")
        return self


class DecayConfig(Schema):
    """The forgetting curve of standard-tier cards: strength = exp(-idle days / stability),
    stability = stability_days * (1 + importance) * (1 + reinforcement * times recalled)."""

    enabled: Bool = True
    stability_days: Annotated[float, Strict(), Field(ge=1, le=36500, allow_inf_nan=False)] = 90.0
    reinforcement: Number = 1.0
    # weaker cards are not recalled even before maintenance archives them (0: off, the default,
    # so that recall does not change with the wall clock, e.g. right after importing old chats)
    recall_floor: Unit = 0.0
    archive_below: Unit = 0.05  # maintenance archives weaker cards ...
    min_idle_days: Number = 30.0  # ... that nobody recalled for at least this long


class ConflictConfig(Schema):
    """Contradiction detection and evidence weights (see :mod:`autogen_zettel.trust.conflicts`).

    Recency weight is 1.0 up to ``fresh_days`` old and decays exponentially to
    ``reference_weight`` at ``reference_days``; a version confirmed in ``consensus_sessions``
    separate sessions is multiplied by ``consensus_factor``.
    """

    enabled: Bool = True
    fresh_days: Number = 7.0
    reference_days: Annotated[float, Strict(), Field(ge=1, allow_inf_nan=False)] = 30.0
    # recency decays to reference_weight: 0 would divide by zero (log 1/0), 1 means no decay
    reference_weight: Annotated[float, Strict(), Field(gt=0, lt=1)] = 0.3
    explicit_weight: Unit = 1.0
    inferred_weight: Unit = 0.7
    passing_weight: Unit = 0.4
    consensus_sessions: AtLeast1 = 3
    consensus_factor: Number = 1.5
    judge_neighbours: Count = 3  # with an LLM judge: also ask about this many similar cards

    @model_validator(mode="after")
    def _reference_after_fresh(self):
        if self.reference_days <= self.fresh_days:
            raise rule_error("reference_days", f"reference_days ({self.reference_days!r}) must exceed fresh_days "
                             f"({self.fresh_days!r})")
        return self


class MaintenanceConfig(Schema):
    """Consolidation: merging near-duplicates, pruning weak links, period summaries."""

    merge_similarity: Unit = 0.92  # cosine (from STRONGLY_RELATED links) to consider a merge
    merge_overlap: Unit = 0.6  # and word overlap (Jaccard) the pair must also share
    prune_below: Unit = 0.01  # links passing less activation than this are deleted
    summaries: Literal["session", "week", "off"] = "session"
    summary_min_members: Annotated[int, Strict(), Field(ge=2)] = 4
    summary_max_members: AtLeast1 = 12
    summary_member_words: AtLeast1 = 25
    every_hours: Number = 24.0  # at a session end, maintenance runs in the background if this long passed (0: off)

    @model_validator(mode="before")
    @classmethod
    def _idle_moved(cls, data: Any) -> Any:
        if isinstance(data, dict) and "session_idle_minutes" in data:
            raise rule_error("session_idle_minutes", "maintenance.session_idle_minutes is now "
                             "sessions.idle_minutes: move it to a sessions: section")
        return data


class SessionsConfig(Schema):
    """Agent chat sessions: when an automatic session ends."""

    idle_minutes: Positive = 30.0  # an agent's auto session ends after this much clock time without a message


class PersonaConfig(Schema):
    """Persona evolution: trait mining, mood and long-term learning, behaviour modules, profile
    and recall modulation (see :mod:`autogen_zettel.persona.mining` and :mod:`autogen_zettel.persona.behaviours`)."""

    enabled: Bool = True  # agents evolve their persona (MemoryAugmentedAssistantAgent)
    mine_every_turns: Count = 12  # mine after this many captured messages (0: off)
    mine_at_session_end: Bool = True
    mine_every_days: Number = 1.0  # also mine when this much clock time passed since the last mining (0: off)
    fast_rate: Rate = 0.5  # mood takes this share of one mining's signal at once
    mood_half_life_days: Positive = 1.0  # mood relaxes back to 0 with this half-life
    mood_limit: Unit = 0.2  # |mood| at most
    slow_rate: Rate = 0.1  # per day: long-term moves this share of the way to the evidence target
    evidence_half_life_days: Positive = 21.0  # an evidence edge weighs half after this many days
    affect_gain: Number = 0.5  # edge weight x (1 + gain x |affect|)
    repetition_gain: Number = 0.5  # edge weight x (1 + gain x ln(repeats)); repeats = same trait+sign+cue
    min_sessions: AtLeast1 = 3  # long-term moves only on evidence from at least this many sessions
    session_cap: Positive = 2.0  # one session's evidence on one side of a trait weighs at most this
    prior_mass: Positive = 2.0  # pseudo-evidence at the starting score
    # [low, high]: a trait score stays within
    bounds: tuple[Unit, Unit] = Field(default=(0.1, 0.9), description="[low, high] with 0 <= low < high <= 1")
    dissonance_mass: Positive = 2.0  # both sides weigh at least this ...
    dissonance_balance: Rate = 0.6  # ... and the lighter side at least this share of the heavier
    module_ramp: Rate = 0.34  # a module's weight grows by this per mining while it holds
    rollback_window: AtLeast1 = 3  # feedback on this many replies after a change decides on rollback
    rollback_negative: AtLeast1 = 2  # this many negative ones roll the change back
    module_decay: Unit = 0.5  # weight x this at each negative feedback in the window
    cooldown_days: Number = 7.0  # a rolled-back module waits this long before it may unlock again
    profile_every_days: Positive = 1.0  # the profile is refreshed at every session end and at least this often
    profile_momentum: Unit = 0.3  # share of the new profile in the merge
    profile_items: AtLeast1 = 8
    # persona factor of recall lies in [1-s, 1+s]; below 1 so that it stays positive
    modulation_strength: Annotated[float, Strict(), Field(ge=0, lt=1)] = 0.3
    exploration: Unit = 0.05  # share of recalls made without persona modulation
    community_min_size: Annotated[int, Strict(), Field(ge=2)] = 5  # smallest cluster reported as a candidate trait
    strong_link_min: Unit = 0.5  # links at least this strong form the graph for communities
    feedback_speakers: tuple[Text, ...] = ()  # whose messages count as feedback (empty: anyone but the agent)
    meaning: Bool = True  # also read feedback by meaning, with the memory's embedder (persona/meaning.py)
    # evidence from a speaker's feedback weighs this much (seed 001: authority of the source);
    # keys are speaker names, `default` for everyone else (1.0 when absent), e.g. {pi: 2.0, default: 1.0}
    feedback_weights: dict[Annotated[str, Strict(), Field(min_length=1, max_length=64)],
                           Annotated[float, Strict(), Field(gt=0, le=10)]] = Field(
        default_factory=dict, description="per speaker name (or `default`) a weight in (0, 10] on its feedback evidence")
    graph_cap: Number = 1.0  # evidence from communities of the agent's own cards weighs at most this per trait and side

    @field_validator("bounds", mode="before")
    @classmethod
    def _bounds_pair(cls, value: Any) -> Any:
        # one message for every way a pair can be wrong, as the old hand-written check said it
        ok = (isinstance(value, (list, tuple)) and len(value) == 2
              and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
              and 0.0 <= value[0] < value[1] <= 1.0)
        if not ok:
            raise ValueError(f"must be a pair [low, high] with 0 <= low < high <= 1, e.g. [0.1, 0.9], "
                             f"got {short(value)}")
        return value

    @model_validator(mode="after")
    def _rollback_possible(self):
        if self.rollback_negative > self.rollback_window:
            raise rule_error("rollback_negative", f"rollback_negative ({self.rollback_negative!r}) must not exceed "
                             f"rollback_window ({self.rollback_window!r}), or no change could ever be rolled back")
        return self


class MemoryConfig(Schema):
    """Everything a :class:`~autogen_zettel.memory.tenant.MemoryHub` can be configured with.

    ``source`` is the file it was loaded from (None when built in code); it takes no part in
    equality, so a file holding the defaults equals ``MemoryConfig()``.
    """

    # what a user sets: the embedder, privacy, the persona, sessions, maintenance, recall's size
    # (the data folder and the LLM are given to MemoryHub.open and the agent, not here)
    embedding: EmbeddingConfig = Field(default_factory=EmbeddingConfig)
    privacy: PrivacyConfig = Field(default_factory=PrivacyConfig)
    persona: PersonaConfig = Field(default_factory=PersonaConfig)
    sessions: SessionsConfig = Field(default_factory=SessionsConfig)
    maintenance: MaintenanceConfig = Field(default_factory=MaintenanceConfig)
    recall: RecallConfig = Field(default_factory=RecallConfig)
    # where the vectors live and how the machine is used
    vectors: VectorsConfig = Field(default_factory=VectorsConfig)
    threads: ThreadsConfig = Field(default_factory=ThreadsConfig)
    hub: HubConfig = Field(default_factory=HubConfig)
    # how cards are made, linked, weighed and forgotten: defaults that rarely need a change
    links: LinkConfig = Field(default_factory=LinkConfig)
    refiner: RefinerConfig = Field(default_factory=RefinerConfig)
    decay: DecayConfig = Field(default_factory=DecayConfig)
    conflicts: ConflictConfig = Field(default_factory=ConflictConfig)
    # private, so it is neither a key a file may set nor part of the JSON Schema
    _source: str | None = PrivateAttr(default=None)

    @property
    def source(self) -> str | None:
        """The file this config was loaded from, if any."""
        return self._source

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MemoryConfig):
            return NotImplemented
        return self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment] - holds dicts, as the dataclass did


def config_from_dict(data: dict | None, *, file: str | None = None) -> MemoryConfig:
    """Validate a plain mapping (as read from YAML) into a :class:`MemoryConfig`.

    :raises ConfigError: naming ``file``, the dotted key and the fix
    """
    cfg = validate(MemoryConfig, {} if data is None else data, file=file)
    cfg._source = file
    return cfg


def load_config(path: str | Path) -> MemoryConfig:
    """Read and validate a memory config YAML file.

    :param path: a file such as ``configs/default.yaml``
    :raises ConfigError: the file is missing, a folder, not UTF-8, not YAML (or over the bounds of
        :mod:`autogen_zettel.base.yamlio`), or holds a wrong or unknown key
    """
    path = Path(path)
    data = read_yaml(path)
    return config_from_dict(data, file=str(path))
