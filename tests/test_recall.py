"""Recall through the facade: the per-card ``modulation`` factor (issue #4's persona factor)."""

from __future__ import annotations

import pytest

from autogen_zettel import InvalidInput


def _harbour(mem):
    for i, text in enumerate(
        [
            "I visited the harbour town and ate grilled fish there.",
            "The harbour had small boats painted blue and green.",
            "Grilled sardines are the town's summer festival dish.",
            "My brother repairs fishing nets in a harbour workshop.",
        ]
    ):
        # four speakers, four sessions: no structural links, so every hit is immediate and
        # modulation alone reorders them (an unlocked card never passes the card that unlocked it)
        mem.remember(text, speaker=("Ann", "Bo", "Cy", "Di")[i], message_id=f"m{i}", session_id=f"s{i}")


def _ranked(hits):
    # scores to 6 places: Qdrant's float32 scores wobble in the last digits between searches
    return [(h.card.id, round(h.score, 6), h.layer) for h in hits]


def test_modulation_reorders_and_none_or_neutral_changes_nothing(hub):
    mem = hub.tenant("ann")
    _harbour(mem)
    query = "harbour town grilled fish"
    # touch=False: a touch refreshes last access, which moves the recency of later recalls
    plain = mem.recall(query, k=4, touch=False)
    assert len(plain) >= 2
    assert _ranked(mem.recall(query, k=4, touch=False, modulation=None)) == _ranked(plain)
    assert _ranked(mem.recall(query, k=4, touch=False, modulation=lambda card: 1.0)) == _ranked(plain)

    last = plain[-1].card.id
    boost = 2 * plain[0].score / plain[-1].score  # enough to take the lead
    boosted = mem.recall(query, k=4, touch=False, modulation=lambda card: boost if card.id == last else 1.0)
    assert boosted[0].card.id == last != plain[0].card.id
    assert {h.card.id for h in boosted} == {h.card.id for h in plain}  # reorders, adds nothing
    assert boosted[0].score == pytest.approx(boost * plain[-1].score)
    assert _ranked(boosted[1:]) == _ranked(plain[:-1])  # the others keep their order and scores


def test_modulation_must_be_callable(hub):
    with pytest.raises(InvalidInput, match="modulation must be a function"):
        hub.tenant("ann").recall("anything", modulation=0.5)


def test_top_k_of_a_wider_unlock_needs_its_own_associative_cap():
    """Why recall caps again after unlocking 2k places for summary grouping (see
    ``Zettelkasten._prefer_summaries``): the first k of a 2k unlock break the share for k."""
    from autogen_zettel.base.cards import Link, LinkKind
    from autogen_zettel.cards.graph import build_graph
    from autogen_zettel.recall.presets import DEFAULT
    from autogen_zettel.recall.progressive import cap_associative, unlock

    from .test_logic import NOW, _card

    cards = {i: _card(i) for i in "abcdefgh"}
    G = build_graph([Link(x, "a", LinkKind.REPLY_TO, 1.0) for x in "cdef"])
    cfg = DEFAULT.model_copy(update=dict(associative_share=0.5, threshold=0.0))
    immediate = [("a", 1.0), ("b", 0.1), ("g", 0.05), ("h", 0.04)]
    lookup = lambda ids: {i: cards[i] for i in ids if i in cards}  # noqa: E731
    wide = unlock(immediate, G, lookup, cfg, k=6, now=NOW)
    assert sum(h.layer == "associative" for h in wide[:3]) == 2 > 1  # floor(0.5 * 3) = 1
    capped = cap_associative(wide, k=3, share=0.5)
    assert [h.layer for h in capped] == ["immediate", "associative", "immediate"]
    assert cap_associative(capped, k=3, share=0.5) == capped  # capping twice at one k changes nothing


def test_fusion_treats_float_noise_as_no_spread():
    from autogen_zettel.recall.progressive import fuse
    from autogen_zettel.store.index import SearchResult

    noisy = SearchResult(dense={"a": 0.81234567, "b": 0.81234568}, lexical={})
    assert dict(fuse(noisy, dense_weight=0.4)) == {"a": 0.4, "b": 0.4}
    real = SearchResult(dense={"a": 0.80, "b": 0.90}, lexical={})
    assert dict(fuse(real, dense_weight=0.4)) == {"a": 0.0, "b": 0.4}


def test_copies_of_one_message_take_one_place(hub):
    """A message stored seven times (a four-week simulation did this) once returned six copies at
    k=6; now k places hold k different things and the copies are listed in ``covers``."""
    from datetime import datetime, timedelta

    t0 = datetime(2024, 3, 1, 9)
    mem = hub.tenant("ann")
    copies = [("I walk my dog Rex along the river every morning.", f"copy{i}") for i in range(7)]
    others = [
        ("Rex the dog loves the river path.", "o1"),
        ("My dog Rex is seven years old.", "o2"),
        ("I take Rex to the vet on Fridays.", "o3"),
        ("The river walk with Rex is my favourite.", "o4"),
        ("Rex chases ducks at the river.", "o5"),
        ("Mornings with my dog are calm.", "o6"),
    ]
    mem.remember_many(
        [
            {"text": t, "speaker": "Ann", "message_id": i, "at": t0 + timedelta(days=n)}
            for n, (t, i) in enumerate(copies + others)
        ]
    )
    hits = mem.recall("walk the dog Rex by the river in the morning", k=6, at=t0 + timedelta(days=30))
    assert len(hits) == 6
    contents = [" ".join(h.card.content.lower().split()) for h in hits]
    assert len(set(contents)) == 6
    copy_hit = next(h for h in hits if h.card.source_ids[0].startswith("copy"))
    assert sorted(c.source_ids[0] for c in (copy_hit.card, *copy_hit.covers)) == [
        f"copy{i}" for i in range(7)
    ]
    # the same words from another speaker are another thing said
    mem.remember(
        "I walk my dog Rex along the river every morning.",
        speaker="Bob",
        message_id="bob",
        at=t0 + timedelta(days=20),
    )
    hits = mem.recall("walk the dog Rex by the river in the morning", k=6, at=t0 + timedelta(days=30))
    assert {h.card.speaker for h in hits if "every morning" in h.card.content} == {"Ann", "Bob"}


def _ranked_with(msgs, query, **recall):
    from datetime import datetime, timedelta

    from autogen_zettel import HashEmbedder, MemoryHub
    from autogen_zettel.base.config import MemoryConfig

    t0 = datetime(2024, 3, 1, 9)
    cfg = MemoryConfig()
    # the dense weight these rankings were worked out at (the hashing embedder's balance is arbitrary)
    cfg = cfg.model_copy(
        update={
            "recall": cfg.recall.model_copy(
                update={
                    "tuning": cfg.recall.tuning.model_copy(update={"hops": 0, "dense_weight": 0.4, **recall})
                }
            )
        }
    )
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), config=cfg) as hub:
        mem = hub.tenant("t")
        mem.remember_many(
            [
                {"text": t, "speaker": who, "message_id": i, "session_id": s, "at": t0 + timedelta(minutes=n)}
                for n, (t, who, i, s) in enumerate(msgs)
            ]
        )
        return [h.card.source_ids[0] for h in mem.recall(query, k=3, at=t0 + timedelta(days=1))]


def test_a_query_naming_a_participant_prefers_their_words():
    msgs = [
        ("We went camping last summer at the lake, camping is the best.", "Bob", "b1", "s1"),
        ("Camping last summer was fun for us.", "Bob", "b2", "s1"),
        ("I love camping in the mountains.", "Ann", "a2", "s2"),
    ]
    query = "Where did Ann go camping last summer?"
    # the name as a word in both searches, as before named_speaker_weight and dense_without_name
    # (tests/test_recall_focus.py), and immediate hits not weighed by importance (Bob's longer
    # card says more; tests/test_recall_importance.py)
    named = {"named_speaker_weight": 1.0, "dense_without_name": False, "importance_weight": 0.0}
    assert _ranked_with(msgs, query, speaker_boost=0.0, **named) == ["b2", "b1", "a2"]  # off
    half = _ranked_with(
        msgs, query, speaker_boost=0.5, **named
    )  # Ann's card rises (how far depends on the index text)
    assert half.index("a2") < half.index("b1")
    assert _ranked_with(msgs, query, speaker_boost=1.0, **named)[0] == "a2"


def test_a_second_unlock_with_the_firsts_scores_looks_up_only_new_cards_and_ranks_alike():
    """Recall unlocks again with twice the places when copies took some (#26): given the first
    unlock's scored cards it reads only the cards the first did not look at, and ranks as a
    fresh unlock does (a card's hit does not depend on k)."""
    from autogen_zettel.base.cards import Link, LinkKind
    from autogen_zettel.cards.graph import build_graph
    from autogen_zettel.recall.presets import DEFAULT
    from autogen_zettel.recall.progressive import activate, unlock

    from .test_logic import NOW, _card

    cards = {i: _card(i) for i in "abcdefghijklmnop"}
    G = build_graph(
        [
            Link(x, y, LinkKind.STRONGLY_RELATED, 0.4 + 0.03 * n)
            for n, (x, y) in enumerate(zip("abcdefg", "hijklmn"))
        ]
    )
    cfg = DEFAULT.model_copy(update=dict(threshold=0.0, seeds=4))
    immediate = [(i, 1.0 - 0.05 * n) for n, i in enumerate("abcdefgop")]
    asked: list[list[str]] = []

    def lookup(ids):
        asked.append(list(ids))
        return {i: cards[i] for i in ids if i in cards and i != "o"}  # "o" cannot be recalled

    activation = activate(immediate, G, cfg)
    scored: dict = {}
    first = unlock(immediate, G, lookup, cfg, k=2, now=NOW, activation=activation, scored=scored)
    assert len(first) == 2 and set(asked[0]) == set(scored)
    second = unlock(immediate, G, lookup, cfg, k=4, now=NOW, activation=activation, scored=scored)
    assert asked[1] and not set(asked[1]) & set(asked[0])  # nothing looked up twice
    fresh = unlock(immediate, G, lookup, cfg, k=4, now=NOW, activation=activation)
    assert [(h.card.id, h.score, h.layer, h.via) for h in second] == [
        (h.card.id, h.score, h.layer, h.via) for h in fresh
    ]
    assert "o" in scored and scored["o"] is None  # a card that cannot be recalled is remembered as such
