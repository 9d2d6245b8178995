"""The clarification loop: a question the agent asked about a conflict, and the answer that
settles it (``mem.clarifications``).

When a recall block offers a clarification question ("Earlier: “I don't eat coriander”;
later: “order the pho with extra coriander”. Which holds now about coriander: has it
changed?") and the agent's reply takes it up (names the topic), the question is recorded as
*asked*: it is not offered again for the same cards. The person's next message settles it:

- an answer that makes its own claim on the topic ("Actually I do eat coriander now, I like
  it") settles on that claim; its card is the new version's evidence;
- otherwise a yes ("yes, it changed", "是的", "对") settles on the later statement and a no
  ("no, that's still true", "没有，还是不吃", "不是") on the earlier one; the answer's card (if
  the refiner made one) joins that version as explicit evidence;
- anything else leaves the question open (it is still not asked again).

Settling re-resolves the conflict at once (:func:`~autogen_zettel.trust.conflicts.resolve_keys`):
the settled version holds over the evidence weights until someone says otherwise, the other
versions wait as to-verify, and the note is gone from later recall blocks.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from autogen_zettel.base.cards import Card, Conflict
from autogen_zettel.base.clock import as_naive_utc
from autogen_zettel.cards.claims import extract_claims
from autogen_zettel.store.clarify_tables import ClarificationTable
from autogen_zettel.trust.conflicts import resolve_keys

__all__ = ["Clarifications", "answer_direction"]

log = logging.getLogger(__name__)

_YES = re.compile(
    r"^\s*(?:yes|yeah|yep|yup|right|correct|it has|it did|it changed|that changed|changed|indeed|"
    r"the later|the second|the new one|是的|是啊|是|对的|对|嗯|变了|改了|现在不一样了|没错)(?![a-z])",
    re.IGNORECASE,
)
_NO = re.compile(
    r"^\s*(?:no|nope|nah|not really|it hasn't|hasn't|it has not|nothing changed|still|the earlier|"
    r"the first|the old one|不是|不|没有|没变|没|还是|一样|照旧)(?![a-z])",
    re.IGNORECASE,
)
_STILL = re.compile(
    r"\b(?:still true|still holds|still the case|same as before|as before)\b|还是|仍然|依然|照旧",
    re.IGNORECASE,
)


def answer_direction(text: str) -> str | None:
    """ "later" (it changed), "earlier" (it still holds) or None, for an answer without a claim.

    >>> [answer_direction(t) for t in ("Yes, it changed.", "no, that's still true", "是的", "没有，还是老样子", "Maybe?")]
    ['later', 'earlier', 'later', 'earlier', None]
    """
    if _NO.match(text) or (_STILL.search(text) and not _YES.match(text)):
        return "earlier"
    if _YES.match(text):
        return "later"
    return None


class Clarifications:
    """Questions asked about conflicts and the answers that settle them (see the module docstring).

    :param mem: the tenant (a :class:`~autogen_zettel.memory.tenant.Zettelkasten`)
    """

    def __init__(self, mem: Any):
        self.mem = mem
        self.table = ClarificationTable(mem.db)
        self._lock = threading.Lock()
        self._waiting: set[str] | None = None  # subjects with an open question (read once, then kept)

    def pending(self, subject: str | None = None) -> list[dict]:
        """Questions asked and not settled yet."""
        return self.table.pending(subject=subject.casefold() if subject else None)

    def asked(self, conflicts: Sequence[Conflict], *, at: datetime, session_id: str | None = None) -> None:
        """Record that the agent asked about ``conflicts`` (in the background, after what is queued)."""
        when = as_naive_utc(at)
        items = [c for c in conflicts if c.question]
        if not items:
            return
        with self._lock:  # at once: the person's very next message may be the answer
            self._subjects().update(c.subject for c in items)

        def job() -> None:
            for c in items:
                group = {r["card_id"] for r in self.mem.db.claims.on({(c.subject, c.topic)})}
                self.table.ask(
                    c.subject, c.topic, c.question, group | {c.active_id, c.other_id}, when, session_id
                )
            log.debug("tenant %s: %d clarification question(s) asked", self.mem.name, len(items))

        self.mem.hub.worker.submit(self.mem.name, job)

    def _subjects(self) -> set[str]:
        if self._waiting is None:
            self._waiting = {r["subject"] for r in self.table.pending()}
        return self._waiting

    def consider(
        self, text: str, *, speaker: str, message_id: str, at: datetime, session_id: str | None
    ) -> None:
        """Take ``text`` as the answer to ``speaker``'s open question, if there is one (in the
        background, after the message's own capture); nothing is queued when none is open."""
        subject = speaker.casefold()
        with self._lock:
            if subject not in self._subjects():
                return
        when = as_naive_utc(at)
        self.mem.hub.worker.submit(
            self.mem.name,
            lambda: self.settle(text, speaker=speaker, message_id=message_id, at=when, session_id=session_id),
        )

    def settle(
        self, text: str, *, speaker: str, message_id: str | None, at: datetime, session_id: str | None = None
    ) -> list[dict]:
        """Settle ``speaker``'s open questions with the answer ``text`` now; returns the rows settled."""
        subject, when = speaker.casefold(), as_naive_utc(at)
        card = self._card_of(message_id, session_id)
        claims = extract_claims(
            card.content if card else text, speaker=speaker, entities=card.entities if card else ()
        )
        settled = []
        for row in self.table.pending(subject=subject):
            key = (row["subject"], row["topic"])
            own = next((cl for cl in claims if (cl.subject, cl.topic) == key), None)
            if own is not None:
                version, ctx, outcome = own.version, own.context, "own claim"
            else:
                direction = answer_direction(text)
                picked = self._version(key, row, direction) if direction else None
                if picked is None:
                    continue
                version, ctx = picked
                outcome = f"{direction} holds"
            self.table.settle(
                row["id"],
                at=when,
                polarity=version[0],
                value=version[1],
                context=ctx,
                outcome=outcome,
                answer_card_id=card.id if card else None,
                answer_message_id=message_id,
            )
            settled.append({**row, "outcome": outcome, "polarity": version[0], "value": version[1]})
            with self.mem.store.write_lock:
                resolve_keys(self.mem.db, {key}, cfg=self.mem.config.conflicts, now=when)
                if card is not None:  # the answer's card now speaks for the version that holds
                    self.mem.people.on_cards_changed([card.id])
                self.mem.store.invalidate()
        with self._lock:
            if not self.table.pending(subject=subject):
                self._subjects().discard(subject)
        if settled:
            log.info("tenant %s: %d conflict(s) settled by an answer", self.mem.name, len(settled))
        return settled

    def _card_of(self, message_id: str | None, session_id: str | None) -> Card | None:
        if not message_id:
            return None
        for c in self.mem.db.recent_cards(20, session_id=session_id):
            if message_id in c.source_ids:
                return c
        return None

    def _version(self, key: tuple[str, str], row: dict, direction: str) -> tuple[tuple, str] | None:
        """The (version, context) of the earlier or the later card the question set side by side."""
        cards = self.mem.db.get_many(row["card_ids"])
        dated = []
        for c in cards.values():
            for cl in extract_claims(c.content, speaker=c.speaker, entities=c.entities):
                if (cl.subject, cl.topic) == key:
                    dated.append((c.created_at, c.id, cl))
        if len({d[2].version for d in dated}) < 2:
            return None
        dated.sort(key=lambda d: (d[0], d[1]))
        cl = dated[0][2] if direction == "earlier" else dated[-1][2]
        return cl.version, cl.context
