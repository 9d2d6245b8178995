"""What one message says for the person layers, offline and pure: :func:`extract_layers`
(sentence by sentence: the English rules of :mod:`~autogen_zettel.core.layer_rules_en`, or the
Chinese ones of :mod:`~autogen_zettel.core.layer_rules_zh` for a sentence with Han characters).

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
from datetime import datetime

from autogen_zettel.core import layer_rules_en, layer_rules_zh
from autogen_zettel.core.layer_evidence import Evidence
from autogen_zettel.core.refine import split_sentences

__all__ = ["extract_layers"]

_HAN = re.compile(r"[\u3400-\u9fff]")


def extract_layers(text: str, *, speaker: str, at: datetime, previous: str | None = None,
                   addressee: str | None = None) -> list[Evidence]:
    """Every layer finding of ``text`` said by ``speaker`` at ``at``.

    :param previous: the message this one answers (an offer "Shall I book the sushi bar?",
        a question "So you live in Porto now?"), which gives a bare "No thanks" or "Yes" its topic
    :param addressee: who "you" is, when known (a commitment's counterparty)
    """
    out: list[Evidence] = []
    for sentence in split_sentences(text) or [text]:
        rules = layer_rules_zh if _HAN.search(sentence) else layer_rules_en
        for ev in rules.extract(sentence, speaker=speaker, at=at, previous=previous, addressee=addressee):
            if ev not in out:
                out.append(ev)
    return out
