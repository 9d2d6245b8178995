"""What an answer to a clarification question says for the person layers.

"Actually I do eat coriander now, I like it" settles the coriander conflict (see
:mod:`autogen_zettel.memory.clarify`), but the rules may find no preference in it ("it" names
nothing). The settled version must still move the preference, or the row would rest on the
card that lost and now waits as to-verify (which gives no evidence). So an answer card that
settled a question gives, on each preference the question's cards spoke to, the evidence of
the side that holds: the latest still-active card's score on that topic, else the settled
polarity (0.85 for yes, 0.2 for no). It is read with the card's other evidence, so a re-read
(an edit, a rules upgrade) finds it again.
"""

from __future__ import annotations

import json

from autogen_zettel.base.cards import Card
from autogen_zettel.people.evidence import Evidence
from autogen_zettel.people.tables import subject_key

__all__ = ["settled_evidence"]

_HOLDS, _DROPPED = 0.85, 0.2  # the scores the rules give "I love X" and "I don't eat X"


def _marks(n: int) -> str:
    return ",".join("?" * n)


def settled_evidence(cards_db, card: Card, found: list[Evidence]) -> list[Evidence]:
    """Preference evidence ``card`` gives as the answer that settled a clarification question
    (none when it settled nothing, or its own words already speak to that preference)."""
    db, out = cards_db.db, []
    with cards_db.lock:
        asked = list(
            db.query(
                "select subject, card_ids, polarity from clarifications "
                "where answer_card_id = ? and settled_at is not null order by id",
                [card.id],
            )
        )
        for row in asked:
            sk, ids = row["subject"], json.loads(row["card_ids"] or "[]")
            if not ids:
                continue
            said = {e.key for e in found if e.layer == "preference" and subject_key(e.subject) == sk}
            ev = list(
                db.query(
                    f"select e.key, e.value, e.score, e.subject, c.status from layer_evidence e "
                    f"join cards c on c.id = e.card_id where e.layer = 'preference' and e.subject_key = ? "
                    f"and e.card_id in ({_marks(len(ids))}) order by coalesce(e.at, c.created_at), e.id",
                    [sk, *ids],
                )
            )
            for key in dict.fromkeys(e["key"] for e in ev):
                if key in said:
                    continue
                mine = [e for e in ev if e["key"] == key]
                holding = [e for e in mine if e["status"] == "active"]
                polarity = int(row["polarity"] or 0)
                if holding:
                    score = float(holding[-1]["score"])
                elif polarity:
                    score = _HOLDS if polarity > 0 else _DROPPED
                else:
                    continue
                who = card.speaker if subject_key(card.speaker) == sk else mine[-1]["subject"]
                out.append(Evidence("preference", who, key, mine[-1]["value"] or key, score, "change"))
    return out
