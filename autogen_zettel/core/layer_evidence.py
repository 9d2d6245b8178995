"""What one sentence says for the person layers (facts, preferences, commitments and the
status of commitments), offline and pure: :func:`extract_layers`.

Each finding is an :class:`Evidence`; the layers (:mod:`autogen_zettel.core.layer_model`)
are computed from the evidence of every card. English rules live in
:mod:`~autogen_zettel.core.layer_rules_en`, Chinese ones in :mod:`~autogen_zettel.core.layer_rules_zh`;
a sentence with Han characters goes to the Chinese rules.

>>> from datetime import datetime
>>> at = datetime(2026, 3, 4, 10)
>>> [(e.layer, e.subject, e.value, str(e.due)) for e in extract_layers("I'll draft it by Thursday.", speaker="Rui", at=at)]
[('commitment', 'Rui', 'draft it', '2026-03-05')]
>>> [(e.layer, e.key, e.kind) for e in extract_layers("No thanks.", speaker="Rui", at=at, previous="Shall I book the sushi bar?")]
[('preference', 'japanese food', 'refusal')]
>>> [(e.layer, e.key, e.value) for e in extract_layers("我搬到杭州了。", speaker="王芳", at=at)]
[('fact', 'residence', '杭州')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime

__all__ = ["Evidence", "extract_layers", "LAYERS", "KINDS"]

LAYERS = ("fact", "preference", "commitment", "status")
# fact: statement | change | affirm | lift (a restriction no longer holds)
# preference: statement | change | acceptance | refusal | request; status: done | cancelled
KINDS = ("statement", "change", "affirm", "lift", "acceptance", "refusal", "request", "done", "cancelled", "")

_HAN = re.compile(r"[\u3400-\u9fff]")


@dataclass(frozen=True)
class Evidence:
    """One finding of one sentence.

    :param layer: one of :data:`LAYERS`
    :param subject: who it is about, as written: the speaker, or a named third person
    :param key: a fact's key ("residence"), a preference's topic key (see
        :func:`~autogen_zettel.core.topics.topic_of`); empty for commitments and status events
    :param value: a fact's value, a preference's topic as said, a commitment's "what", or the
        words a status event names ("the draft")
    :param score: a preference's value this evidence points to (0..1, 0.5 neutral)
    :param kind: see :data:`KINDS`
    :param due: a commitment's due date (anchored at the message time), or None
    :param counterparty: whom a commitment is made to, when known
    """

    layer: str
    subject: str
    key: str = ""
    value: str = ""
    score: float = 0.5
    kind: str = "statement"
    due: date | None = None
    counterparty: str | None = None


def extract_layers(text: str, *, speaker: str, at: datetime, previous: str | None = None,
                   addressee: str | None = None) -> list[Evidence]:
    """Every layer finding of ``text`` said by ``speaker`` at ``at``.

    :param previous: the message this one answers (an offer "Shall I book the sushi bar?",
        a question "So you live in Porto now?"), which gives a bare "No thanks" or "Yes" its topic
    :param addressee: who "you" is, when known (a commitment's counterparty)
    """
    from autogen_zettel.core import layer_rules_en, layer_rules_zh
    from autogen_zettel.core.refine import split_sentences

    out: list[Evidence] = []
    for sentence in split_sentences(text) or [text]:
        rules = layer_rules_zh if _HAN.search(sentence) else layer_rules_en
        for ev in rules.extract(sentence, speaker=speaker, at=at, previous=previous, addressee=addressee):
            if ev not in out:
                out.append(ev)
    return out
