"""The schema of a tenant's database, evolved with :class:`sqlite_utils.Migrations`: each
migration runs once per database, in order, and is never edited after it shipped (add one).

``m001_initial`` is the whole schema of the first release (the steps that built it before 0.1.0
shipped are folded into it; ``tests/test_schema_fold.py`` holds a new tenant's schema to what
they made). ``m002_affect`` brings a database those pre-release steps built (``m001_initial``
to ``m010_links_clustered`` recorded, no ``valence`` or ``arousal`` on ``cards``) up to it; on a
new database it finds nothing to do. ``m003_link_strength`` adds what links learn from use
(``links.strength``, ``links.strength_at``) to every database, new or old. The tables, by what owns them:

- cards and their words: ``cards``, ``card_entities``, ``card_history``, ``messages``, ``meta``;
- links: ``links`` (one clustered b-tree, with the gain each learned from use), ``link_seq`` (the write order);
- trust: ``claims``, ``conflicts``, ``clarifications``, ``audit_outbox``, ``pending``;
- sessions: ``sessions``, ``upkeep``;
- the persona: ``trait_evidence``, ``trait_history``, ``module_events``, ``prompt_versions``,
  ``profile_versions``, ``persona_state``.

The person layers own their tables and migrations (:mod:`autogen_zettel.people.tables`); the
tenant's composition applies them after these.
"""

from __future__ import annotations

import sqlite_utils
from sqlite_utils import Migrations

from autogen_zettel.base.errors import StoreCorrupt

__all__ = ["migrations", "migration_set", "PRE_RELEASE_STEPS"]


migrations = Migrations("autogen_zettel")


def migration_set(name: str) -> Migrations:
    """A migration set of its own for a package that owns tables in a tenant's database (the
    person layers do): recorded under ``name``, applied after :data:`migrations`."""
    return Migrations(name)


@migrations()
def m001_initial(db: sqlite_utils.Database) -> None:
    db["meta"].create({"key": str, "value": str}, pk="key")
    _create_card_tables(db)
    _create_link_tables(db)
    _create_trust_tables(db)
    _create_session_tables(db)
    _create_persona_tables(db)


#: the names the pre-release steps recorded after ``m001_initial``; a database holding all of
#: them has m001's schema except the cards' affect columns
PRE_RELEASE_STEPS = (
    "m002_trust",
    "m003_persona",
    "m004_durability",
    "m005_link_pairs",
    "m006_recent_order",
    "m007_entity_order",
    "m008_sessions",
    "m009_layers",
    "m010_links_clustered",
)


@migrations()
def m002_affect(db: sqlite_utils.Database) -> None:
    """The cards' affect columns on a database the pre-release steps built (they were added to
    m001 when the steps were folded, so such a database recorded m001 without them). A database
    that stopped part-way through those steps lacks more than two columns: it is refused with
    the way out instead of being half upgraded."""
    columns = db["cards"].columns_dict
    if "valence" in columns and "arousal" in columns:
        return  # made by m001 as it is now
    recorded = {m.name for m in migrations.applied(db)}
    missing = [name for name in PRE_RELEASE_STEPS if name not in recorded]
    if missing:
        path = db.execute("pragma database_list").fetchone()[2] or ":memory:"
        raise StoreCorrupt(
            f"the database {path!r} was made by a pre-release build of autogen-zettel whose schema "
            f"stops before {missing[0]}; this version cannot upgrade it. Export its cards with that "
            "build (`autogen-zettel export TENANT`) and ingest the messages into a new data folder "
            "(`autogen-zettel ingest`)"
        )
    for column in ("valence", "arousal"):
        if column not in columns:
            db.execute(f"alter table cards add column {column} REAL NOT NULL DEFAULT 0.0")


@migrations()
def m003_link_strength(db: sqlite_utils.Database) -> None:
    """What each link learned from recall's use (:mod:`autogen_zettel.cards.link_strength`):
    ``strength``, the gain on its weight (NULL: nothing learned, the weight as written), and
    ``strength_at``, when it was last set. The index from ``dst`` is made again to hold
    ``strength`` too, so a hop of recall still reads index entries only. On any database m002
    accepted (a new one, or one the pre-release steps built): the columns are added where absent."""
    columns = db["links"].columns_dict
    if "strength" not in columns:
        db.execute("alter table links add column strength float")
    if "strength_at" not in columns:
        db.execute("alter table links add column strength_at text")
    db.execute("drop index if exists links_dst_cover")
    db.execute("create index links_dst_cover on links (dst, kind, src, weight, pair_first, seq, strength)")


def _create_card_tables(db: sqlite_utils.Database) -> None:
    db["cards"].create(
        {
            "id": str,
            "content": str,
            "kind": str,
            "speaker": str,
            "created_at": str,
            "session_id": str,
            "source_ids": str,
            "tags": str,
            "entities": str,
            "confidence": float,
            "importance": float,
            "status": str,
            "access_count": int,
            "last_access": str,
            "indexed": int,
            "tier": str,
            "evidence": str,
            "context": str,
            "redactions": str,
            "version": int,
            "updated_at": str,
            # the feeling the card's speaker expressed (autogen_zettel.cards.affect): valence
            # -1..1, arousal 0..1; a row written without them reads as neutral
            "valence": float,
            "arousal": float,
        },
        pk="id",
        not_null={
            "content",
            "kind",
            "speaker",
            "created_at",
            "status",
            "tier",
            "evidence",
            "version",
            "valence",
            "arousal",
        },
        defaults={
            "access_count": 0,
            "indexed": 0,
            "status": "active",
            "tier": "standard",
            "evidence": "explicit",
            "version": 1,
            "valence": 0.0,
            "arousal": 0.0,
        },
    )
    db["cards"].create_index(["created_at"])
    db["cards"].create_index(["indexed"])
    # the newest cards of a speaker or session (the linker's SAME_SPEAKER and SAME_SESSION links,
    # every write) read in index order instead of sorting all of that speaker's cards
    db["cards"].create_index(["speaker", "created_at"])
    db["cards"].create_index(["session_id", "created_at"])
    db["messages"].create({"id": str, "session_id": str, "speaker": str, "at": str, "text": str}, pk="id")
    # a card's evidence reads the message before it in its session (the offer a "No thanks" refuses)
    db["messages"].create_index(["session_id", "at"])
    # the newest cards naming an entity (the linker's SAME_ENTITY peers, every write) read in
    # index order: each row carries its card's created_at and rowid (the order), kept by
    # triggers so every writer of cards stays as it is
    db["card_entities"].create(
        {"card_id": str, "entity": str, "created_at": str, "card_rowid": int}, pk=("card_id", "entity")
    )
    db.execute("create index card_entities_newest on card_entities (entity, created_at, card_rowid)")
    db.execute("""create trigger card_entities_order_insert after insert on card_entities
        begin
            update card_entities set (created_at, card_rowid) =
                (select created_at, rowid from cards where cards.id = new.card_id)
            where rowid = new.rowid;
        end""")
    db.execute("""create trigger card_entities_order_update after update of created_at on cards
        when old.created_at is not new.created_at
        begin
            update card_entities set created_at = new.created_at where card_id = new.id;
        end""")
    db["card_history"].create(
        {
            "id": int,
            "card_id": str,
            "version": int,
            "at": str,
            "action": str,
            "content": str,
            "status": str,
            "detail": str,
        },
        pk="id",
    )
    db["card_history"].create_index(["card_id"])


def _create_link_tables(db: sqlite_utils.Database) -> None:
    # The links as one b-tree ordered by (src, kind, dst) that holds every column (WITHOUT ROWID)
    # and one covering index by dst: a hop of recall reads its frontier's links from these two
    # alone, and a batch of new links lands in two structures, not four. ``seq`` is the write
    # order (recall's tie-break among equal weights), numbered by LinkTable.add from ``link_seq``.
    # A pair's first link (of any kind, the smallest seq) orders it among each end's neighbours:
    # ``pair_first`` (NULL means "this row"), set by LinkTable.add, the one writer of link rows;
    # when a pair's first goes, the trigger gives the pair's other rows the smallest seq left.
    db.execute(
        "create table links (src text not null, kind text not null, dst text not null, "
        "weight float, created_at text, pair_first integer, seq integer not null, "
        "primary key (src, kind, dst)) without rowid"
    )
    db.execute("create index links_dst_cover on links (dst, kind, src, weight, pair_first, seq)")
    db.execute("create table link_seq (last integer not null)")
    db.execute("insert into link_seq (last) values (0)")
    # the pair's first seq left, found through the primary key from each end (an OR of the two
    # ends here made the planner scan a clustered table)
    first = (
        "(select min(s) from (select seq s from links where src = old.src and dst = old.dst "
        "union all select seq from links where src = old.dst and dst = old.src))"
    )
    db.execute(f"""create trigger links_pair_first_delete after delete on links
        when coalesce(old.pair_first, old.seq) = old.seq
        begin
            update links set pair_first = {first} where src = old.src and dst = old.dst;
            update links set pair_first = {first} where src = old.dst and dst = old.src;
        end""")


def _create_trust_tables(db: sqlite_utils.Database) -> None:
    # context is '' (not NULL) when a claim holds everywhere, so the key stays unique
    db["claims"].create(
        {
            "card_id": str,
            "subject": str,
            "topic": str,
            "context": str,
            "polarity": int,
            "value": str,
            "source": str,
        },
        pk=("card_id", "subject", "topic", "context"),
    )
    db["claims"].create_index(["subject", "topic"])
    db["conflicts"].create(
        {
            "active_id": str,
            "other_id": str,
            "subject": str,
            "topic": str,
            "resolution": str,
            "question": str,
            "w_active": float,
            "w_other": float,
            "detected_at": str,
        },
        pk=("active_id", "other_id", "topic"),
    )
    db["conflicts"].create_index(["other_id"])
    db["conflicts"].create_index(["subject", "topic"])
    # audit entries written in the transaction of the change they record, copied to the audit
    # log after the commit and removed then (a crash in between is rolled forward on open)
    db["audit_outbox"].create(
        {"seq": int, "at": str, "action": str, "detail": str, "prev_hash": str, "hash": str, "v": int},
        pk="seq",
    )
    # cards stored but not yet linked and conflict-checked (set with the card, cleared when
    # both are done; reopening finishes the rest)
    db["pending"].create({"card_id": str, "message_id": str, "reply_to": str}, pk="card_id")
    # clarification questions the agent asked about a conflict, and how the answer settled it
    db["clarifications"].create(
        {
            "id": int,
            "subject": str,
            "topic": str,
            "question": str,
            "card_ids": str,
            "asked_at": str,
            "session_id": str,
            "settled_at": str,
            "answer_card_id": str,
            "answer_message_id": str,
            "polarity": int,
            "value": str,
            "context": str,
            "outcome": str,
        },
        pk="id",
        not_null={"subject", "topic", "asked_at"},
    )
    db["clarifications"].create_index(["subject", "topic"])


def _create_session_tables(db: sqlite_utils.Database) -> None:
    # the chats a tenant took part in, so a short-lived process that exits mid-session leaves
    # a live row the next open can end (idle gap), and the record of what each end ran
    db["sessions"].create(
        {"id": str, "started_at": str, "last_at": str, "ended_at": str, "end_reason": str, "summary_id": str},
        pk="id",
        not_null={"started_at", "last_at"},
    )
    db["sessions"].create_index(["ended_at"])
    db["upkeep"].create(
        {"id": int, "at": str, "job": str, "trigger": str, "session_id": str, "detail": str},
        pk="id",
        not_null={"at", "job", "trigger"},
    )
    db["upkeep"].create_index(["job", "at"])


def _create_persona_tables(db: sqlite_utils.Database) -> None:
    # the persona's tables (trait evidence, history, module events, prompt and profile versions)
    db["trait_evidence"].create(
        {
            "id": int,
            "trait": str,
            "sign": int,
            "strength": float,
            "affect": float,
            "source": str,
            "cue": str,
            "message_id": str,
            "card_id": str,
            "about_message_id": str,
            "session_id": str,
            "at": str,
        },
        pk="id",
        not_null={"trait", "sign", "strength", "message_id", "at"},
    )
    db["trait_evidence"].create_index(["message_id"])
    db["trait_evidence"].create_index(["card_id"])
    db["trait_evidence"].create_index(["about_message_id"])
    db["trait_evidence"].create_index(["trait", "at"])
    db["trait_history"].create(
        {
            "id": int,
            "trait": str,
            "at": str,
            "long": float,
            "mood": float,
            "score": float,
            "support": float,
            "against": float,
            "sessions": int,
            "dissonant": int,
            "reason": str,
        },
        pk="id",
        not_null={"trait", "at"},
    )
    db["trait_history"].create_index(["trait", "at"])
    db["module_events"].create(
        {
            "id": int,
            "module": str,
            "at": str,
            "event": str,
            "weight_before": float,
            "weight_after": float,
            "reason": str,
        },
        pk="id",
        not_null={"module", "at", "event"},
    )
    db["module_events"].create_index(["module", "at"])
    db["prompt_versions"].create(
        {
            "version": int,
            "at": str,
            "system": str,
            "traits": str,
            "session": str,
            "temperature": float,
            "reason": str,
        },
        pk="version",
        not_null={"at"},
    )
    db["profile_versions"].create(
        {"version": int, "at": str, "text": str, "items": str, "reason": str},
        pk="version",
        not_null={"at"},
    )
    db["persona_state"].create({"key": str, "value": str}, pk="key")
