"""A recall query has a size cap (#42): beyond ``recall.max_query_chars`` only its last that
many characters are searched (documented truncation, the newest words of a chat), so a 5 MB
query costs what a 4,000-character one does instead of seconds of lexical scoring."""

from __future__ import annotations

import time

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.base.config import config_from_dict
from tests.conftest import T0

LINES = [
    "I moved to Porto in May.",
    "Bob plays the cello on Sundays.",
    "My sister Ana keeps bees in the Douro valley.",
    "We chose Postgres for storage.",
]


def _hub(**recall):
    cfg = config_from_dict({"recall": recall}) if recall else None
    return MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=SimulatedClock(T0), config=cfg)


def test_a_huge_query_is_cut_to_its_last_max_query_chars():
    with _hub(max_query_chars=200) as hub:
        mem = hub.tenant("ann")
        for i, line in enumerate(LINES):
            mem.remember(line, speaker="ann", message_id=f"m{i}")
        tail = "Who plays the cello, and where does Ana keep her bees?"
        huge = "Postgres storage migration " * 200_000 + tail  # ~5.4 MB
        start = time.monotonic()
        hits = mem.recall(huge, touch=False)
        took = time.monotonic() - start
        assert [h.card.id for h in hits] == [h.card.id for h in mem.recall(huge[-200:], touch=False)]
        assert "Postgres" not in hits[0].card.content
        block = mem.recall_block(huge)
        assert len(block.query) == 200 and block.query.endswith(tail)
        assert took < 5, took  # seconds before the cap; a loaded machine's margin


def test_the_default_cap_leaves_ordinary_queries_alone():
    with _hub() as hub:
        mem = hub.tenant("ann")
        assert hub.config.recall.max_query_chars == 4000
        mem.remember(LINES[1], speaker="ann", message_id="m1")
        q = "Who plays the cello? " * 100  # 2,100 characters
        assert mem.recall_block(q).query == q
