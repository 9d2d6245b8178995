"""The schema of a tenant's database, evolved with :class:`sqlite_utils.Migrations`: each
migration runs once per database, in order, and is never edited after it shipped (add one)."""

from __future__ import annotations

import logging

import sqlite_utils
from sqlite_utils import Migrations

__all__ = ["migrations"]

log = logging.getLogger(__name__)

migrations = Migrations("autogen_zettel")


@migrations()
def m001_initial(db: sqlite_utils.Database) -> None:
    db["meta"].create({"key": str, "value": str}, pk="key")
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
        },
        pk="id",
        not_null={"content", "kind", "speaker", "created_at", "status"},
        defaults={"access_count": 0, "indexed": 0, "status": "active"},
    )
    db["cards"].create_index(["created_at"])
    db["cards"].create_index(["indexed"])
    db["links"].create(
        {"src": str, "dst": str, "kind": str, "weight": float, "created_at": str},
        pk=("src", "dst", "kind"),
    )
    db["links"].create_index(["dst"])
    db["messages"].create(
        {"id": str, "session_id": str, "speaker": str, "at": str, "text": str},
        pk="id",
    )
    db["card_entities"].create({"card_id": str, "entity": str}, pk=("card_id", "entity"))
    db["card_entities"].create_index(["entity"])


@migrations()
def m002_trust(db: sqlite_utils.Database) -> None:
    cards = db["cards"]
    cards.add_column("tier", str, not_null_default="standard")
    cards.add_column("evidence", str, not_null_default="explicit")
    cards.add_column("context", str)
    cards.add_column("redactions", str)
    cards.add_column("version", int, not_null_default=1)
    cards.add_column("updated_at", str)
    cards.create_index(["session_id"])
    cards.create_index(["speaker"])
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


@migrations()
def m003_persona(db: sqlite_utils.Database) -> None:
    # the persona's tables (trait evidence, history, module events, prompt and profile versions)
    _create_persona_tables(db)


@migrations()
def m004_durability(db: sqlite_utils.Database) -> None:
    # audit entries written in the transaction of the change they record, copied to the audit
    # log after the commit and removed then (a crash in between is rolled forward on open)
    db["audit_outbox"].create(
        {"seq": int, "at": str, "action": str, "detail": str, "prev_hash": str, "hash": str, "v": int},
        pk="seq",
    )
    # cards stored but not yet linked and conflict-checked (set with the card, cleared when
    # both are done; reopening finishes the rest)
    db["pending"].create({"card_id": str, "message_id": str, "reply_to": str}, pk="card_id")


# A pair's first link (of any kind, the smallest rowid) orders it among each end's neighbours,
# as a graph built from every link in rowid order would (recall's tie-break among equal
# weights). Kept in ``pair_first``: NULL means "this row". LinkTable.add, the one
# writer of link rows, sets it as it inserts (an insert trigger doing the same doubled the
# cost of writing a link); when a pair's first goes, a trigger gives the pair's
# other rows the smallest rowid left, whoever deletes. (Since m010 the order is ``seq``, which
# VACUUM leaves alone.)
_PAIR = "((f.src = {n}.src and f.dst = {n}.dst) or (f.src = {n}.dst and f.dst = {n}.src))"
_PAIR_FIRST_SQL = (
    f"update links set pair_first = (select min(f.rowid) from links f where {_PAIR.format(n='links')})"
)


@migrations()
def m005_link_pairs(db: sqlite_utils.Database) -> None:
    # a hop of recall reads its frontier's links from these two covering indexes alone (no
    # table rows, no subquery per row), which cuts the link reads of a recall with nothing kept
    # in memory to less than half. The dst index alone is covered by the second one.
    db["links"].add_column("pair_first", int)
    db.execute(
        _PAIR_FIRST_SQL + f" where exists (select 1 from links f where f.rowid < links.rowid and "
        f"{_PAIR.format(n='links')})"
    )
    db.execute("drop index if exists idx_links_dst")
    db.execute("create index links_src_cover on links (src, kind, dst, weight, pair_first)")
    db.execute("create index links_dst_cover on links (dst, kind, src, weight, pair_first)")
    db.execute(f"""create trigger links_pair_first_delete after delete on links
        when coalesce(old.pair_first, old.rowid) = old.rowid
        begin
            update links set pair_first = (select min(f.rowid) from links f where {_PAIR.format(n="old")})
            where (src = old.src and dst = old.dst) or (src = old.dst and dst = old.src);
        end""")


def _create_persona_tables(db: sqlite_utils.Database) -> None:
    """Create the persona tables (the body of migration ``m003_persona``)."""
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


@migrations()
def m006_recent_order(db: sqlite_utils.Database) -> None:
    # the newest cards of a speaker or session (the linker's SAME_SPEAKER and SAME_SESSION links,
    # every write) read in index order instead of sorting all of that speaker's cards: 25k-50k
    # rows a query at 100k cards. Each replaces the one-column index it starts with.
    db["cards"].create_index(["speaker", "created_at"])
    db["cards"].create_index(["session_id", "created_at"])
    db.execute("drop index if exists idx_cards_speaker")
    db.execute("drop index if exists idx_cards_session_id")


@migrations()
def m007_entity_order(db: sqlite_utils.Database) -> None:
    # the newest cards naming an entity (the linker's SAME_ENTITY peers, every write) read in
    # index order: the window query sorted every card naming each entity of a batch, about
    # 50k rows for a participant's name at 100k cards. Each row carries its card's
    # created_at and rowid (the order), kept by triggers so every writer stays as it was.
    db.execute("alter table card_entities add column created_at text")
    db.execute("alter table card_entities add column card_rowid integer")
    db.execute(
        "update card_entities set (created_at, card_rowid) = "
        "(select created_at, rowid from cards where cards.id = card_entities.card_id)"
    )
    db.execute("create index card_entities_newest on card_entities (entity, created_at, card_rowid)")
    db.execute("drop index if exists idx_card_entities_entity")
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


@migrations()
def m008_sessions(db: sqlite_utils.Database) -> None:
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


@migrations()
def m009_layers(db: sqlite_utils.Database) -> None:
    # the person layers (facts, preferences, commitments), derived from cards: what each card
    # says for them (layer_evidence, rewritten when the card changes; with the time and session
    # it was said, which a merged card keeps for each restatement it absorbed) and the rows
    # computed from that evidence, each citing its cards (source_ids, JSON)
    db["layer_evidence"].create(
        {
            "id": int,
            "card_id": str,
            "layer": str,
            "subject": str,
            "subject_key": str,
            "key": str,
            "value": str,
            "score": float,
            "kind": str,
            "due": str,
            "counterparty": str,
            "at": str,
            "session": str,
        },
        pk="id",
        not_null={"card_id", "layer", "subject"},
    )
    db["layer_evidence"].create_index(["card_id"])
    db["layer_evidence"].create_index(["layer", "subject_key", "key"])
    db["layer_facts"].create(
        {
            "subject": str,
            "subject_key": str,
            "key": str,
            "value": str,
            "status": str,
            "source_ids": str,
            "at": str,
        },
        pk=("subject_key", "key", "value"),
    )
    db["layer_preferences"].create(
        {
            "subject": str,
            "subject_key": str,
            "topic_key": str,
            "topic": str,
            "value": float,
            "trend": float,
            "evidence": int,
            "source_ids": str,
            "at": str,
        },
        pk=("subject_key", "topic_key"),
    )
    db["layer_commitments"].create(
        {
            "id": int,
            "owner": str,
            "what": str,
            "due": str,
            "status": str,
            "counterparty": str,
            "source_ids": str,
            "made_at": str,
        },
        pk="id",
    )
    db["layer_commitments"].create_index(["status", "due"])
    # a card's evidence reads the message before it in its session (the offer a "No thanks" refuses)
    db["messages"].create_index(["session_id", "at"], if_not_exists=True)


@migrations()
def m010_links_clustered(db: sqlite_utils.Database) -> None:
    # The links as one b-tree ordered by (src, kind, dst) that holds every column (WITHOUT ROWID)
    # and one covering index by dst, instead of a rowid table, its primary-key index and two
    # covering indexes: a batch of new links lands at random places in each structure, so each
    # one more is thousands more pages written per commit. The write order the rowid gave
    # (recall's tie-break, see m005) is ``seq``, numbered by the writer from ``link_seq``; old
    # rows keep their rowid as it, so every pair_first stays right.
    count = db.execute("select count(*) from links").fetchone()[0]
    if count > 100_000:  # seconds per million links, once: say why this open waits
        log.info("rewriting %d links into the clustered links table (once per database)", count)
    db.execute(
        "create table links_clustered (src text not null, kind text not null, dst text not null, "
        "weight float, created_at text, pair_first integer, seq integer not null, "
        "primary key (src, kind, dst)) without rowid"
    )
    db.execute(
        "insert into links_clustered (src, kind, dst, weight, created_at, pair_first, seq) "
        "select src, kind, dst, weight, created_at, pair_first, rowid from links"
    )
    db.execute("drop table links")  # its indexes and trigger with it
    db.execute("alter table links_clustered rename to links")
    db.execute("create index links_dst_cover on links (dst, kind, src, weight, pair_first, seq)")
    db.execute("create table link_seq (last integer not null)")
    db.execute("insert into link_seq (last) select coalesce(max(seq), 0) from links")
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


@migrations()
def m011_affect(db: sqlite_utils.Database) -> None:
    # the feeling a card's speaker expressed (autogen_zettel.cards.affect); cards stored before
    # it count as neutral, as a message with no feeling word does
    cards = db["cards"]
    cards.add_column("valence", float, not_null_default=0.0)
    cards.add_column("arousal", float, not_null_default=0.0)
