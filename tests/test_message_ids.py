"""Message ids are unique per tenant (#42): a second message with a used id and other text is
refused with the id and the fix, and never overwrites the stored message; the same message
sent again stays a harmless re-send."""

from __future__ import annotations

import pytest

from autogen_zettel import HashEmbedder, InvalidInput, MemoryHub, Message, SimulatedClock
from autogen_zettel.memory.tenant import tenant_parts
from tests.conftest import T0


def _hub(tmp_path):
    return MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), clock=SimulatedClock(T0))


def _stored(mem, mid):
    return [m["text"] for m in tenant_parts(mem).store.db.messages([mid])]


def test_a_reused_id_with_other_text_is_refused_and_overwrites_nothing(tmp_path):
    with _hub(tmp_path) as hub:
        mem = hub.tenant("ann")
        first = mem.remember("I moved to Porto in May.", speaker="ann", message_id="m1")
        with pytest.raises(InvalidInput, match=r"'m1'.*already.*own id"):
            mem.remember("Bob plays the cello on Sundays.", speaker="ann", message_id="m1")
        assert _stored(mem, "m1") == ["I moved to Porto in May."]
        assert [c.id for c in mem.cards()] == [c.id for c in first]
        assert "cello" not in " ".join(c.content for c in mem.cards())
        # another tenant has its own ids
        assert hub.tenant("bo").remember("Bob plays the cello on Sundays.", speaker="bo", message_id="m1")


def test_the_same_message_sent_again_is_a_harmless_resend(tmp_path):
    with _hub(tmp_path) as hub:
        mem = hub.tenant("ann")
        mem.remember("I moved to Porto in May.", speaker="ann", message_id="m1", at=T0)
        assert mem.remember("I moved to Porto in May.", speaker="ann", message_id="m1", at=T0) == []
        assert len(mem.cards()) == 1 and _stored(mem, "m1") == ["I moved to Porto in May."]


def test_a_batch_that_reuses_an_id_is_refused_before_anything_is_stored(tmp_path):
    with _hub(tmp_path) as hub:
        mem = hub.tenant("ann")
        with pytest.raises(InvalidInput, match="'m7'"):
            mem.remember_many(
                [
                    Message("I moved to Porto in May.", "ann", "m7", "s1", T0),
                    Message("Bob plays the cello on Sundays.", "ann", "m7", "s1", T0),
                ]
            )
        assert mem.cards() == []
        mem.remember("I moved to Porto in May.", speaker="ann", message_id="m2")
        with pytest.raises(InvalidInput, match="'m2'"):
            mem.remember_many(
                [
                    Message("I bake bread on Sundays.", "ann", "m3", "s1", T0),
                    Message("Bob plays the cello on Sundays.", "ann", "m2", "s1", T0),
                ]
            )
        assert _stored(mem, "m2") == ["I moved to Porto in May."]


def test_a_later_send_in_the_background_is_refused_too(tmp_path):
    with _hub(tmp_path) as hub:
        mem = hub.tenant("ann")
        mem.remember("I moved to Porto in May.", speaker="ann", message_id="m1")
        # refused to the caller at once (it was only a worker's log line until flush)
        with pytest.raises(InvalidInput, match="'m1'"):
            mem.remember_later("Bob plays the cello on Sundays.", speaker="ann", message_id="m1")
        hub.flush()
        assert _stored(mem, "m1") == ["I moved to Porto in May."]


def test_two_queued_sends_with_one_id_are_refused_at_once(tmp_path):
    with _hub(tmp_path) as hub:
        mem = hub.tenant("ann")
        mem.remember_later("I live in Porto now.", speaker="ann", message_id="q1")
        mem.remember_later("I live in Porto now.", speaker="ann", message_id="q1")  # a re-send
        with pytest.raises(InvalidInput, match="queued"):
            mem.remember_later("I live in Braga now.", speaker="ann", message_id="q1")
        hub.flush()
        assert _stored(mem, "q1") == ["I live in Porto now."]
        mem.remember_later("I live in Porto now.", speaker="ann", message_id="q1")  # stored: harmless
        hub.flush()
        assert _stored(mem, "q1") == ["I live in Porto now."]


def test_a_reused_id_in_a_later_batch_stores_no_earlier_batch(tmp_path):
    with _hub(tmp_path) as hub:
        mem = hub.tenant("ann")
        with pytest.raises(InvalidInput, match="'m7'"):
            mem.remember_many(
                [
                    Message("I moved to Porto in May.", "ann", "m7", "s1", T0),
                    Message("I bake bread on Sundays.", "ann", "m8", "s1", T0),
                    Message("Bob plays the cello on Sundays.", "ann", "m7", "s1", T0),
                ],
                batch=1,
            )
        assert mem.cards() == []
