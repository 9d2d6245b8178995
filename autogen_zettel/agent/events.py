"""What the capability records and how it names messages: :class:`RecallEvent` (what one
reply unlocked), :class:`UnlockedCard`, and the message text and id rules every participant's
memory shares. Nothing here imports AutoGen."""

from __future__ import annotations

import functools
import hashlib
import hmac
from dataclasses import dataclass
from datetime import datetime

from autogen_zettel.base.cards import Hit
from autogen_zettel.base.errors import PermanentKeyMissing
from autogen_zettel.base.messages import message_text
from autogen_zettel.base.sealing import permanent_key

__all__ = ["RecallEvent", "UnlockedCard", "message_id_for", "message_text"]


@dataclass(frozen=True)
class UnlockedCard:
    """One card recalled before a reply, and why: its layer, score and, if associative, the
    card and link kind it was reached through."""

    card_id: str
    layer: str
    score: float
    speaker: str
    content: str
    session_id: str | None
    at: datetime
    source_ids: tuple[str, ...]
    via: tuple[str, str] | None = None
    conflicts: tuple[str, ...] = ()  # the other versions of a claim this card holds (see Hit.conflicts)
    note: str | None = None  # the clarification question the agent may ask about a conflict

    @classmethod
    def from_hit(cls, hit: Hit) -> UnlockedCard:
        c = hit.card
        return cls(
            c.id,
            hit.layer,
            round(float(hit.score), 4),
            c.speaker,
            c.content,
            c.session_id,
            c.created_at,
            tuple(c.source_ids),
            tuple(hit.via) if hit.via else None,
            tuple(x.other_content for x in hit.conflicts),
            hit.note,
        )

    def to_dict(self) -> dict:
        out = {
            "card_id": self.card_id,
            "layer": self.layer,
            "score": self.score,
            "speaker": self.speaker,
            "content": self.content,
            "session_id": self.session_id,
            "at": self.at.isoformat(),
            "source_ids": list(self.source_ids),
            "via": list(self.via) if self.via else None,
        }
        if self.conflicts:
            out["conflicts"] = list(self.conflicts)
        if self.note:
            out["note"] = self.note
        return out


@dataclass(frozen=True)
class RecallEvent:
    """What an agent unlocked before one reply (``injected`` is False when nothing was)."""

    agent: str
    session_id: str | None
    at: datetime
    query: str
    unlocked: tuple[UnlockedCard, ...]
    injected: bool
    error: str | None = None


def message_id_for(session_id: str, seq: int, speaker: str, text: str) -> str:
    """A message's id: its session, its position there, and a digest of who said what.

    Every participant of a GroupChat sees the same messages in the same order, so each one's
    memory gives a message the same id; the digest keeps ids apart if a session id is reused.

    >>> message_id_for("day-1", 3, "ada", "The pilot had 42 participants.")  # doctest: +ELLIPSIS
    'day-1#0003-...'
    """
    payload = f"{speaker}\x00{text}".encode("utf-8", "surrogatepass")
    # with the permanent tier's key at hand the digest is keyed: an id stored beside a sealed
    # message must not let whoever holds the folder test a guess of its text (without the key no
    # permanent message can be written, so the plain digest gives nothing away)
    key = _id_key()
    digest = (hmac.new(key, payload, hashlib.sha256) if key else hashlib.sha1(payload)).hexdigest()[:6]
    return f"{session_id}#{seq:04d}-{digest}"


def _id_key() -> bytes | None:
    """The message ids' key, derived from the permanent key, read on every call as sealing reads
    it (a key set, moved to the keyring or removed takes effect at once); a malformed key gives
    none (the write that needs it says so)."""
    try:
        key = permanent_key()
    except PermanentKeyMissing:
        return None
    return _derive(key) if key else None


@functools.lru_cache(maxsize=4)
def _derive(key: bytes) -> bytes:
    return hmac.new(key, b"message-id", hashlib.sha256).digest()
