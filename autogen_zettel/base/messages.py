"""The one schema of a message to remember, used by every way in: ``remember``,
``remember_many``, ``remember_later`` and ``autogen-zettel ingest``.

:func:`validate_message` checks a :class:`~autogen_zettel.base.cards.Message` or a mapping
(``id`` is accepted for ``message_id``) and returns a Message whose fields have their types:

* ``text``: str (or UTF-8 bytes, decoded later with the rest of the text cleaning);
* ``speaker``: non-empty str of at most 100 characters, without line breaks, control or
  invisible (bidi, zero-width) characters;
* ``message_id``, ``session_id``, ``reply_to``: str, or a whole number (made a str);
* ``at``: a datetime or an ISO 8601 string, made naive UTC, between years 1 and 9998 (later
  times overflow the date arithmetic of recency and decay); an aware ``at``'s own wall time is
  kept in ``extra["local_at"]``, so relative dates ("tomorrow") are the speaker's days;
* ``tier``: a :class:`~autogen_zettel.base.cards.PrivacyTier` or its value.

Lone surrogates (U+D800..U+DFFF, e.g. from a broken JSON escape ``"\\ud800"``) cannot be
encoded as UTF-8, so SQLite, hashing and logging would fail on them: in ``text``, ``speaker``
and the ids each one is replaced by U+FFFD (the replacement character), and the message is kept.
Anything else wrong raises :class:`~autogen_zettel.base.errors.InvalidInput` naming the field
and showing a valid value.

>>> validate_message({"text": "hi", "speaker": "ann", "id": 7, "at": "2024-03-04T09:00+01:00"})
Message(text='hi', speaker='ann', message_id='7', session_id=None, at=datetime.datetime(2024, 3, 4, 8, 0), reply_to=None, extra={'local_at': datetime.datetime(2024, 3, 4, 9, 0)}, tier=None)
>>> validate_message({"text": "hi", "speaker": "ann", "at": "yesterday"})
Traceback (most recent call last):
...
autogen_zettel.base.errors.InvalidInput: message field 'at': must be a datetime or an ISO 8601 date-time such as '2024-03-04T09:00' or '2024-03-04T09:00:00+01:00', got 'yesterday'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from datetime import datetime
from typing import Annotated, Any

from pydantic import AliasChoices, BeforeValidator, ConfigDict, Field, ValidationError, WithJsonSchema

from autogen_zettel.base.cards import Message, PrivacyTier
from autogen_zettel.base.clock import as_naive_utc
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.base.schema import Schema, describe_error, short

__all__ = ["MessageSchema", "validate_message", "replace_surrogates", "message_text"]

_SURROGATE = re.compile("[\ud800-\udfff]")
_EARLIEST = datetime(1, 1, 2)
_LATEST = datetime(9998, 12, 31)
_AT_EXAMPLE = "'2024-03-04T09:00' or '2024-03-04T09:00:00+01:00'"


def message_text(message: Any) -> str:
    """The text of an AutoGen message (str, or dict with str or multimodal ``content``)."""
    content = message.get("content") if isinstance(message, dict) else message
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return " ".join(p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text")
    return ""


def replace_surrogates(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD (they cannot be encoded as UTF-8).

    >>> replace_surrogates("a\\ud800b")
    'a\\ufffdb'
    """
    return _SURROGATE.sub("\ufffd", text)


def _text(value: Any) -> Any:
    if isinstance(value, str):
        return replace_surrogates(value)
    if isinstance(value, (bytes, bytearray)):
        return bytes(value)
    raise ValueError(f"must be text (str, or UTF-8 bytes), got {short(value)} ({type(value).__name__})")


MAX_SPEAKER = 100  # characters: a name, not a message


def _speaker(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"the message needs a speaker name (non-empty text), got {short(value)}")
    name = replace_surrogates(value.strip())
    # a name reaches prompts beside what was said ("- [date] lee: ..."): like a tenant name it holds
    # no line breaks, control or invisible (bidi, zero-width) characters, and it is short
    bad = next(
        (c for c in name if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") and c not in "\u200c\u200d"),
        None,
    )
    if bad is not None:
        raise ValueError(
            f"speaker name {short(name)} holds the character U+{ord(bad):04X} (a line break, control "
            "or invisible character); use a plain name such as 'lee' or 'Ana García'"
        )
    if len(name) > MAX_SPEAKER:
        raise ValueError(
            f"speaker name {short(name)} is {len(name)} characters long; use a name of at most "
            f"{MAX_SPEAKER} characters"
        )
    return name


def _identifier(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        return replace_surrogates(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise ValueError(
        f"must be text or a whole number, e.g. 'm1', got {short(value)} ({type(value).__name__})"
    )


def _at(value: Any) -> datetime | None:
    if value is None:
        return None
    when = None
    if isinstance(value, str):
        try:
            when = datetime.fromisoformat(value.strip())
        except ValueError:
            pass
    elif isinstance(value, datetime):
        when = value
    if when is None:
        raise ValueError(
            f"must be a datetime or an ISO 8601 date-time such as {_AT_EXAMPLE}, got {short(value)}"
        )
    try:
        when = as_naive_utc(when)
    except OverflowError:  # aware times at the very ends of the calendar, e.g. datetime.max in UTC-5
        when = None
    if when is None or not _EARLIEST <= when <= _LATEST:
        shown = value.isoformat() if isinstance(value, datetime) else short(value)
        raise ValueError(
            f"must lie between the years 1 and 9998 (in UTC), got {shown}; "
            f"give the real time, e.g. {_AT_EXAMPLE}"
        )
    return when


def _tier(value: Any) -> PrivacyTier | None:
    if value is None or isinstance(value, PrivacyTier):
        return value
    try:
        return PrivacyTier(value)
    except (ValueError, TypeError):
        raise ValueError(
            f"tier {short(value)} is not a privacy tier; use one of {', '.join(t.value for t in PrivacyTier)}"
        ) from None


_ID_SCHEMA = WithJsonSchema({"type": ["string", "integer", "null"]})
Identifier = Annotated[str | None, BeforeValidator(_identifier), _ID_SCHEMA]


def _id_alias_in_schema(schema: dict) -> None:
    # `id` is accepted for message_id (JSONL exports often say id); editors should know
    schema["properties"]["id"] = {
        **schema["properties"]["message_id"],
        "title": "Id",
        "description": "the same as message_id",
    }


class MessageSchema(Schema):
    """A message as given in a mapping or a JSON/JSONL file (see the module docstring)."""

    model_config = ConfigDict(json_schema_extra=_id_alias_in_schema)

    text: Annotated[str | bytes, BeforeValidator(_text), WithJsonSchema({"type": "string"})]
    speaker: Annotated[str, BeforeValidator(_speaker)]
    message_id: Identifier = Field(default=None, validation_alias=AliasChoices("message_id", "id"))
    session_id: Identifier = None
    at: Annotated[
        datetime | None,
        BeforeValidator(_at),
        WithJsonSchema({"type": ["string", "null"], "description": "ISO 8601, e.g. 2024-03-04T09:00"}),
    ] = None
    reply_to: Identifier = None
    tier: Annotated[PrivacyTier | None, BeforeValidator(_tier)] = None


_FIELDS = ("text", "speaker", "message_id", "session_id", "at", "reply_to", "tier")


def validate_message(message: Message | Mapping[str, Any]) -> Message:
    """Check one message's fields and give them their types (see the module docstring).

    :param message: a :class:`Message`, or a mapping with ``text`` and ``speaker`` and
        optionally ``message_id`` (or ``id``), ``session_id``, ``at``, ``reply_to``, ``tier``
    :raises InvalidInput: naming the field, what was wrong and a valid value
    """
    if isinstance(message, Message):
        data = {name: getattr(message, name) for name in _FIELDS}
        extra = message.extra
    elif isinstance(message, Mapping):
        data, extra = dict(message), {}
    else:
        raise InvalidInput(
            f"a message must be a Message or a mapping with 'text' and 'speaker', "
            f"got {short(message)} ({type(message).__name__})"
        )
    try:
        fields = MessageSchema.__pydantic_validator__.validate_python(data)
    except ValidationError as exc:
        key, why = describe_error(exc, MessageSchema)
        if why.startswith("unknown key"):
            why = f"unknown field; allowed: {', '.join(_FIELDS)} (id may stand for message_id)"
        raise InvalidInput(f"message field {key!r}: {why}" if key else f"message: {why}") from None
    local = _local_wall_time(data.get("at"))
    if local is not None:
        extra = {**extra, "local_at": local}
    return Message(
        fields.text,
        fields.speaker,
        fields.message_id,
        fields.session_id,
        fields.at,
        fields.reply_to,
        extra=extra,
        tier=fields.tier,
    )


def _local_wall_time(value: Any) -> datetime | None:
    """The wall-clock time (naive) where an aware ``at`` was said: "tomorrow" said at 20:00 -07:00
    on 1 May is 2 May there, though 1 May 20:00 -07:00 is 2 May 03:00 in UTC. None for a naive
    ``at`` (taken as UTC already, so its own wall time)."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.strip())
        except ValueError:
            return None
    if isinstance(value, datetime) and value.tzinfo is not None and value.utcoffset() is not None:
        return value.replace(tzinfo=None)
    return None
