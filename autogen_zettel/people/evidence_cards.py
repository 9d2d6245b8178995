"""A card for a short message that carries layer evidence the refiner drops as small talk:
"Sent it.", "Done!", "不用了", a bare "No thanks" to an offer. Layer rows cite cards, so such a
message becomes one card of its own words (its kind from what it says). So does a bare offer of a
thing ("Coffee?", "奶茶？") or a question of one's taste ("do you like jazz?"): the reply that takes
or turns it down is read with it, and only a message kept as a card is there to be read."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import datetime

from autogen_zettel.base.cards import CardKind, Message
from autogen_zettel.cards.refine import CardDraft, keywords
from autogen_zettel.people.evidence import Evidence
from autogen_zettel.people.extract import extract_layers, taste_asked
from autogen_zettel.people.replied import LOOK_BACK, offers_a_thing, replied_to
from autogen_zettel.text.due import due_date

__all__ = ["layer_draft", "previous_in_batch", "given_layers"]

_KINDS = {
    "commitment": CardKind.PLAN,
    "preference": CardKind.PREFERENCE,
    "fact": CardKind.FACT,
    "status": CardKind.EVENT,
}


def previous_in_batch(prepared: Sequence[Message], msg: Message) -> str | None:
    """The message ``msg`` answers among those before it in the same batch and session, said by
    someone else (the one just before it, or for a short reply an offer a few lines up:
    :func:`~autogen_zettel.people.replied.replied_to`)."""
    before: list[str] = []
    for m in prepared:
        if m is msg:
            return replied_to(msg.text, before[::-1][:LOOK_BACK])
        if m.session_id == msg.session_id and m.speaker != msg.speaker:
            before.append(m.text)
    return None


def layer_draft(msg: Message, previous: str | None, *, embedder=None) -> list[CardDraft]:
    """One draft of the whole message when it says something for the layers, else none
    (``embedder``: see :func:`~autogen_zettel.people.extract.extract_layers`)."""
    found = extract_layers(msg.text, speaker=msg.speaker, at=msg.at, previous=previous, embedder=embedder)
    # (and a taste asked about, "do you like jazz?": the yes or no after it is read with it)
    offered = msg.text.rstrip().endswith(("?", "？")) and (
        offers_a_thing(msg.text) or bool(taste_asked(msg.text))
    )
    if not found and not offered:
        return []
    return [
        CardDraft(
            content=msg.text,
            kind=_KINDS[found[0].layer] if found else CardKind.FACT,
            tags=keywords(msg.text),
            entities=(),
            confidence=0.7,
            importance=0.5,
            source_ids=(msg.message_id,),
        )
    ]


def given_layers(rows: Sequence[Evidence], at: datetime) -> list[Evidence]:
    """A refiner's layer rows with each commitment's "when" words anchored into a due date."""
    return [
        dataclasses.replace(e, due=due_date(e.when, at))
        if e.layer == "commitment" and e.when and e.due is None
        else e
        for e in rows
    ]
