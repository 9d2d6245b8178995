"""A tenant's ``clarifications`` table: each clarification question the agent asked about a
conflict (the cards it covered), and the settlement the person's answer made (the version
that holds, the answer's card and message). Ids, times and the question only, no message text
beyond what the conflicts table already holds."""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import datetime

from autogen_zettel.store.db import CardDB

__all__ = ["ClarificationTable"]


def _row(r: dict) -> dict:
    r = dict(r)
    r["card_ids"] = json.loads(r["card_ids"] or "[]")
    return r


class ClarificationTable:
    """Typed access to the ``clarifications`` table of one tenant database."""

    def __init__(self, db: CardDB):
        self.db = db

    def ask(
        self,
        subject: str,
        topic: str,
        question: str,
        card_ids: Iterable[str],
        at: datetime,
        session_id: str | None,
    ) -> int:
        """Record that ``question`` was asked (an open one on the same key just covers more cards)."""
        ids = sorted(set(card_ids))
        with self.db.lock, self.db.atomic():
            open_ = self.pending(subject=subject, topic=topic)
            if open_:
                row = open_[0]
                merged = sorted(set(row["card_ids"]) | set(ids))
                self.db.db.execute(
                    "update clarifications set card_ids = ? where id = ?", [json.dumps(merged), row["id"]]
                )
                return row["id"]
            cur = self.db.db.execute(
                "insert into clarifications (subject, topic, question, card_ids, asked_at, session_id) "
                "values (?, ?, ?, ?, ?, ?)",
                [subject, topic, question, json.dumps(ids), at.isoformat(), session_id],
            )
            return int(cur.lastrowid)

    def pending(self, *, subject: str | None = None, topic: str | None = None) -> list[dict]:
        """Questions asked and not settled yet (of one subject and topic if given), oldest first."""
        sql, params = "select * from clarifications where settled_at is null", []
        for name, value in (("subject", subject), ("topic", topic)):
            if value is not None:
                sql += f" and {name} = ?"
                params.append(value)
        with self.db.lock:
            return [_row(r) for r in self.db.db.query(sql + " order by id", params)]

    def settle(
        self,
        row_id: int,
        *,
        at: datetime,
        polarity: int,
        value: str,
        context: str,
        outcome: str,
        answer_card_id: str | None,
        answer_message_id: str | None,
    ) -> None:
        with self.db.lock, self.db.atomic():
            row = next(
                iter(self.db.db.query("select card_ids from clarifications where id = ?", [row_id])), None
            )
            ids = set(json.loads(row["card_ids"] or "[]")) if row else set()
            if answer_card_id:
                ids.add(answer_card_id)
            self.db.db.execute(
                "update clarifications set settled_at = ?, polarity = ?, value = ?, context = ?, outcome = ?, "
                "answer_card_id = ?, answer_message_id = ?, card_ids = ? where id = ?",
                [
                    at.isoformat(),
                    polarity,
                    value,
                    context,
                    outcome,
                    answer_card_id,
                    answer_message_id,
                    json.dumps(sorted(ids)),
                    row_id,
                ],
            )

    def on(self, keys: Iterable[tuple[str, str]]) -> dict[tuple[str, str], list[dict]]:
        """Every question on the given (subject, topic) keys, asked or settled, oldest first."""
        out: dict[tuple[str, str], list[dict]] = {}
        with self.db.lock:
            for subject, topic in set(keys):
                rows = [
                    _row(r)
                    for r in self.db.db.query(
                        "select * from clarifications where subject = ? and topic = ? order by id",
                        [subject, topic],
                    )
                ]
                if rows:
                    out[(subject, topic)] = rows
        return out
