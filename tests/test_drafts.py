"""One draft per single message per hub (#26): a group chat's listeners share the cards its
message becomes, and only when everything drafting reads is the same."""

from __future__ import annotations

from autogen_zettel import MemoryHub
from autogen_zettel.cards.refine import HeuristicRefiner
from autogen_zettel.embed.embedders import HashEmbedder

from .conftest import T0


class CountingRefiner(HeuristicRefiner):
    def __init__(self):
        super().__init__()
        self.calls: list[str] = []

    def refine(self, text, **kwargs):
        self.calls.append(text)
        return super().refine(text, **kwargs)


def _cards(mem):
    return sorted((c.id, c.content, c.entities, c.tags) for c in mem.cards())


def test_listeners_share_one_draft_with_the_same_cards(tmp_path):
    refiner = CountingRefiner()
    text = "Ann said the Lisbon flat has a view of the river and a small balcony, yesterday."
    with MemoryHub.open(tmp_path / "shared", embedder=HashEmbedder(64), refiner=refiner) as hub:
        for name in ("ann", "bob", "cat"):
            hub.tenant(name).remember(text, speaker="ann", message_id="m1", session_id="s1", at=T0)
        assert refiner.calls == [text]
        shared = [_cards(hub.tenant(n)) for n in ("ann", "bob", "cat")]
    with MemoryHub.open(tmp_path / "alone", embedder=HashEmbedder(64)) as hub:  # drafted by itself
        hub.tenant("dan").remember(text, speaker="ann", message_id="m1", session_id="s1", at=T0)
        alone = _cards(hub.tenant("dan"))
    assert shared[0] and shared[0] == shared[1] == shared[2] == alone


def test_a_different_input_drafts_again(tmp_path):
    refiner = CountingRefiner()
    with MemoryHub.open(tmp_path, embedder=HashEmbedder(64), refiner=refiner) as hub:
        a, b = hub.tenant("a"), hub.tenant("b")
        a.remember(
            "Where did you go last summer, Bob?", speaker="ann", message_id="q1", session_id="s", at=T0
        )
        a.remember(
            "I went to Porto with my sister.",
            speaker="bob",
            message_id="r1",
            session_id="s",
            at=T0,
            reply_to="q1",
        )
        # b never stored q1: who "you" answers differs, so the reply is drafted again
        b.remember(
            "I went to Porto with my sister.",
            speaker="bob",
            message_id="r1",
            session_id="s",
            at=T0,
            reply_to="q1",
        )
        assert refiner.calls.count("I went to Porto with my sister.") == 2
        b.remember("I went to Porto with my sister.", speaker="bob", message_id="r2", session_id="s", at=T0)
        assert refiner.calls.count("I went to Porto with my sister.") == 3  # another message id
        hub.tenant("c").remember_many(
            [
                {
                    "text": "I went to Porto with my sister.",
                    "speaker": "bob",
                    "message_id": "r2",
                    "session_id": "s",
                    "at": T0,
                },
                {
                    "text": "Nice, I love Porto.",
                    "speaker": "ann",
                    "message_id": "r3",
                    "session_id": "s",
                    "at": T0,
                },
            ]
        )
        assert refiner.calls.count("I went to Porto with my sister.") == 4  # batches are drafted whole
