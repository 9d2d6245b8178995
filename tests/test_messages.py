"""One message schema for every way in (issue #9), and the bad inputs it used to let through or
crash on (issue #13 item 8): each must be an InvalidInput naming the field, whichever path."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

from autogen_zettel import InvalidInput, Message
from autogen_zettel.base.messages import validate_message

TEXT = "I grow tomatoes on my balcony every summer."

# (fields, the field the error must name, a fragment of the fix)
BAD = [
    ({"session_id": {}}, "session_id", "text or a whole number"),  # was TypeError: unhashable type
    ({"message_id": [1, 2]}, "message_id", "text or a whole number"),  # was silently stored as "[1, 2]"
    ({"reply_to": 1.5}, "reply_to", "text or a whole number"),
    ({"message_id": True}, "message_id", "text or a whole number"),
    (
        {"at": datetime.max.replace(tzinfo=timezone(timedelta(hours=-5)))},
        "at",
        "2024-03-04T09:00",
    ),  # OverflowError
    ({"at": datetime.max.replace(tzinfo=timezone.utc)}, "at", "between the years"),
    ({"at": "yesterday"}, "at", "2024-03-04T09:00"),  # was a ValueError that did not name `at`
    ({"at": 1709283600}, "at", "ISO 8601"),
    ({"tier": "secret"}, "tier", "privacy tier"),
]


def _paths(mem):
    """Every way a message gets in, each taking extra fields as keywords."""
    return {
        "remember": lambda **f: mem.remember(TEXT, speaker="Ann", **f),
        "remember_many(Message)": lambda **f: mem.remember_many([Message(TEXT, "Ann", **f)]),
        "remember_many(dict)": lambda **f: mem.remember_many([{"text": TEXT, "speaker": "Ann", **f}]),
        "remember_later": lambda **f: mem.remember_later(TEXT, speaker="Ann", **f),
    }


@pytest.mark.parametrize("fields, field, fix", BAD, ids=[f"{b[1]}={b[0][b[1]]!r}"[:40] for b in BAD])
def test_bad_fields_are_invalid_input_naming_the_field_on_every_path(hub, fields, field, fix):
    mem = hub.tenant("alice")
    for name, remember in _paths(mem).items():
        with pytest.raises(InvalidInput) as info:
            remember(**fields)
        msg = str(info.value)
        assert f"message field {field!r}" in msg and fix in msg, (name, msg)
    mem.flush()
    assert mem.stats()["cards"] == 0


def test_error_messages_stay_short_for_huge_values():
    with pytest.raises(InvalidInput) as info:
        validate_message({"text": TEXT, "speaker": "Ann", "session_id": {"k": "v" * 1_000_000}})
    assert len(str(info.value)) < 300


def test_unknown_fields_and_missing_ones_are_named():
    with pytest.raises(InvalidInput, match="message field 'colour': unknown field; allowed: text, speaker"):
        validate_message({"text": TEXT, "speaker": "Ann", "colour": "red"})
    with pytest.raises(InvalidInput, match="message field 'speaker': is required"):
        validate_message({"text": TEXT})
    with pytest.raises(InvalidInput, match="a message must be a Message or a mapping"):
        validate_message(["text", "Ann"])


def test_ids_as_whole_numbers_become_text_and_times_become_naive_utc(hub):
    mem = hub.tenant("alice")
    cards = mem.remember(TEXT, speaker="Ann", message_id=7, session_id=3, at="2024-03-04T10:00:00+01:00")
    assert cards and cards[0].source_ids == ("7",) and cards[0].session_id == "3"
    assert cards[0].created_at == datetime(2024, 3, 4, 9, 0)


def test_lone_surrogates_are_replaced_not_raised(hub):
    mem = hub.tenant("alice")
    cards = mem.remember(
        "I keep bees \ud800 behind the old barn.", speaker="A\udc80nn", message_id="s\ud83d1"
    )
    assert cards, "the message must be kept"
    card = cards[0]
    assert "\ufffd" in card.content and card.speaker == "A\ufffdnn" and card.source_ids == ("s\ufffd1",)
    # what is stored reads back and recalls
    assert mem.card(card.id).content == card.content
    assert mem.recall("bees behind the barn", k=1)[0].card.id == card.id
    # and the background path too
    mem.remember_later("My sister \udfff lives in Porto.", speaker="Ann", message_id="s2")
    mem.flush()
    assert any("Porto" in c.content for c in mem.cards())


def test_cli_ingest_uses_the_same_schema(run, tmp_path):
    chat = tmp_path / "chat.jsonl"
    chat.write_text(json.dumps({"text": TEXT, "speaker": "Ann", "id": 1, "session_id": {}}) + "\n")
    r = run("ingest", "ann", str(chat))
    assert r.exit_code != 0
    assert "line 1" in r.output and "'session_id'" in r.output and "chat.jsonl" in r.output
    assert "Traceback" not in r.output
    chat.write_text(json.dumps({"text": TEXT, "speaker": "Ann", "at": "yesterday"}) + "\n")
    r = run("ingest", "ann", str(chat))
    assert r.exit_code != 0 and "'at'" in r.output and "2024-03-04T09:00" in r.output
    # JSON escapes can carry a lone surrogate; it is replaced, and a tier is accepted as in remember()
    chat.write_text(
        '{"text": "I collect old \\ud800 maps of Lisbon.", "speaker": "Ann", "id": 2, "tier": "permanent"}\n'
    )
    r = run("ingest", "ann", str(chat))
    assert r.exit_code == 0, r.output
