"""What one sentence says for the person layers (facts, preferences, commitments and the
status of commitments): the :class:`Evidence` rows :func:`~autogen_zettel.people.extract.extract_layers` finds.

The layers (:mod:`autogen_zettel.people.model`)
are computed from the evidence of every card; English rules live in
:mod:`~autogen_zettel.people.rules_en`, Chinese ones in :mod:`~autogen_zettel.people.rules_zh`;
a sentence with Han characters goes to the Chinese rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

__all__ = ["KINDS", "LAYERS", "PUT_OFF_NO_DAY", "STAND_IN", "Evidence"]

LAYERS = ("fact", "preference", "commitment", "status")
# fact: statement | change | affirm | lift (a restriction no longer holds) | correction (a value
# put right, its key not yet known and ``counterparty`` the wrong value: see people.corrected; a
# status's correction is a day put right, ``counterparty`` the wrong day's date)
# preference: statement | change | acceptance | refusal | request; status: done | cancelled |
# postponed (put off to the day it carries as its due, still open)
# a postponement's ``put_off`` when the later time it names is no day ("bumped to next month")
PUT_OFF_NO_DAY = "later"
# a done status's ``key`` when the one who did it did it for another ("Sam sorted the tickets for
# you", "周报我替曹阳写完了"): it may close the promise of whoever owed it
STAND_IN = "stand-in"
KINDS = (
    "statement", "change", "affirm", "lift", "correction", "acceptance", "refusal", "request", "done", "cancelled",
    "postponed", "",
)  # fmt: skip


@dataclass(frozen=True)
class Evidence:
    """One finding of one sentence.

    :param layer: one of :data:`LAYERS`
    :param subject: who it is about, as written: the speaker, or a named third person
    :param key: a fact's key ("residence"), a preference's topic key (see
        :func:`~autogen_zettel.people.topics.topic_of`); empty for commitments and status events
    :param value: a fact's value, a preference's topic as said, a commitment's "what", or the
        words a status event names ("the draft")
    :param score: a preference's value this evidence points to (0..1, 0.5 neutral)
    :param kind: see :data:`KINDS`
    :param due: a commitment's due date (anchored at the message time), or None
    :param counterparty: whom a commitment is made to, when known
    :param when: the words that say when a commitment is due, as an LLM refiner gave them
        ("by Thursday"); the write path anchors them into ``due`` at the message time
    :param put_off: how a postponement with no day of its own moves the promise's due: the words
        that put it off by a span ("pushed the launch back a week", "推迟两天") move the due it had
        by that much; :data:`PUT_OFF_NO_DAY`
        (put off to a time that names no day: "next month", "after the holidays") leaves it unknown
    """

    layer: str
    subject: str
    key: str = ""
    value: str = ""
    score: float = 0.5
    kind: str = "statement"
    due: date | None = None
    counterparty: str | None = None
    when: str = ""
    put_off: str = ""
