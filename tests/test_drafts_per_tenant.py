"""The hub-wide draft cache never lets one tenant decide another's cards (#42): a reply's
draft depends on the message before it in the tenant's own session, so that is in the key."""

from __future__ import annotations

from datetime import timedelta

import pytest

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from tests.conftest import T0

OFFER = "Shall I book the sushi bar for Friday?"
REPLY = "Yes please."


def _hub():
    return MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=SimulatedClock(T0))


def _reply(mem):
    return mem.remember(REPLY, speaker="ann", message_id="r1", session_id="s1", at=T0 + timedelta(minutes=1))


def _state(mem):
    return sorted(c.content for c in mem.cards()), [(p.subject, p.topic) for p in mem.preferences()]


def _alone(heard_offer: bool):
    """What a tenant stores when it is the only one in its hub (no cache shared)."""
    with _hub() as hub:
        mem = hub.tenant("solo")
        if heard_offer:
            mem.remember(OFFER, speaker="bo", message_id="o1", session_id="s1", at=T0)
        _reply(mem)
        return _state(mem)


@pytest.mark.parametrize("first", ["heard", "missed"])
def test_tenants_never_decide_each_others_reply_cards(first):
    heard_alone, missed_alone = _alone(True), _alone(False)
    assert heard_alone != missed_alone  # the offer matters, or this test proves nothing
    with _hub() as hub:
        heard, missed = hub.tenant("heard"), hub.tenant("missed")
        heard.remember(OFFER, speaker="bo", message_id="o1", session_id="s1", at=T0)
        for mem in (heard, missed) if first == "heard" else (missed, heard):
            _reply(mem)
        assert _state(heard) == heard_alone
        assert _state(missed) == missed_alone


def test_the_cache_is_still_shared_by_tenants_that_heard_the_same(tmp_path):
    with _hub() as hub:
        mems = [hub.tenant(n) for n in ("a", "b", "c")]
        for mem in mems:
            mem.remember(OFFER, speaker="bo", message_id="o1", session_id="s1", at=T0)
        hits = hub.drafts.hits
        for mem in mems:
            _reply(mem)
        assert hub.drafts.hits - hits == 2
