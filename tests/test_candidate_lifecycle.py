"""Candidate traits with a lifecycle (#40): a cluster no trait explains is kept across sessions
with its cards and its size at each sighting, labelled by what its cards are about (the layer
rows citing them), promoted to a trait of the persona (own bounds, own history) once it held for
the configured time, or dropped once it faded; the persona report shows all three."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from click.testing import CliRunner

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.base.config import config_from_dict
from autogen_zettel.cli.main import main
from autogen_zettel.persona.candidate_book import track
from autogen_zettel.persona.engine import PersonaEngine
from autogen_zettel.persona.spec import persona_from_dict

T0 = datetime(2024, 4, 1, 9)
PERSONA = {
    "community_min_size": 3,
    "candidate_promote_days": 7,
    "candidate_min_sightings": 3,
    "candidate_drop_days": 30,
    "mine_every_turns": 0,
    "mine_every_days": 0,
}
GARDEN = [
    "I love growing tomatoes in my garden.",
    "My tomato plants in the garden need water.",
    "The garden tomatoes are ripe now, I love them.",
    "I planted more tomatoes in the garden today.",
    "Garden tomatoes taste better than shop tomatoes.",
    "I built a new raised bed for tomatoes in the garden.",
]


def engine_for(hub):
    return PersonaEngine(
        hub.tenant("researcher"),
        persona_from_dict({"name": "researcher", "role": "researcher"}, file="r.yaml"),
    )


def session(hub, engine, clock, day, lines):
    for n, text in enumerate(lines):
        at = T0 + timedelta(days=day, minutes=n)
        clock.set(at)
        engine.memory.remember(f"{text} (day {day})", speaker="Rui", session_id=f"d{day}", at=at)
    engine.end_session(T0 + timedelta(days=day, hours=1))
    hub.flush()


def test_a_candidate_that_holds_and_grows_is_promoted_to_a_trait_and_reported(tmp_path):
    clock = SimulatedClock(T0)
    cfg = config_from_dict({"persona": PERSONA, "embedding": {"model": "hash-256"}})
    data = tmp_path / "memory"
    with MemoryHub.open(data, embedder=HashEmbedder(), clock=clock, config=cfg) as hub:
        engine = engine_for(hub)
        for day, count in ((0, 3), (4, 4), (8, 5), (12, 6)):
            session(hub, engine, clock, day, GARDEN[:count])
        book = engine.candidate_book()
        (promoted,) = [e for e in book if e["status"] == "promoted"]
        assert "tomatoes" in promoted["label"] and "/" not in promoted["label"].split(" / ")[0][:0]
        # labelled by what the cards are about (the preference rows citing them), not keywords
        assert promoted["label"] != " / ".join(promoted["keywords"][:3])
        sizes = [s for _, s in promoted["sightings"]]
        assert len(sizes) >= 3 and sizes[-1] >= sizes[0]
        trait = promoted["trait"]
        assert trait.startswith("interest_") and trait in engine.specs and trait in engine.states
        assert engine.specs[trait].bounds == tuple(cfg.persona.bounds)
        assert trait in engine.dump()["promoted"]
        ups = [u for u in engine.memory.sessions.upkeep("candidate")]
        assert [(u["trigger"]) for u in ups] == ["promoted"]
        assert any(p.trait == trait for p in engine.store.history(trait))  # its own history
    # a new process: the promoted trait is part of the persona again
    with MemoryHub.open(data, embedder=HashEmbedder(), clock=clock, config=cfg) as hub:
        assert trait in engine_for(hub).specs
    runner = CliRunner()
    cfg_file = tmp_path / "c.yaml"
    cfg_file.write_text("embedding:\n  model: hash-256\n", encoding="utf-8")
    got = runner.invoke(
        main, ["--data-dir", str(data), "--config", str(cfg_file), "traits", "researcher", "--json"]
    )
    assert got.exit_code == 0, got.output
    report = json.loads(got.output)
    assert [e["status"] for e in report["candidate_book"] if e["trait"] == trait] == ["promoted"]
    assert any(t["trait"] == trait for t in report["traits"])
    shown = runner.invoke(main, ["--data-dir", str(data), "--config", str(cfg_file), "traits", "researcher"])
    assert shown.exit_code == 0 and "promoted" in shown.output and trait[:12] in shown.output


def test_a_candidate_that_fades_is_dropped_and_a_fresh_one_waits():
    t0 = datetime(2024, 1, 1)
    c = {"label": "jazz", "keywords": ["jazz"], "size": 4, "card_ids": list("abcd")}
    other = {"label": "chess", "keywords": ["chess"], "size": 3, "card_ids": list("xyz")}
    kw = {"promote_days": 7, "drop_days": 14, "min_sightings": 3}
    book, up, down = track([], [c], t0, **kw)
    book, up, down = track(book, [other], t0 + timedelta(days=10), **kw)
    assert not up and not down and [e["status"] for e in book] == ["candidate", "candidate"]
    book, up, down = track(book, [other], t0 + timedelta(days=15), **kw)
    assert [e["label"] for e in down] == ["jazz"] and not up  # chess: two sightings only
    shrinking = {**other, "size": 2, "card_ids": list("xy")}
    book, up, down = track(book, [shrinking], t0 + timedelta(days=20), **kw)
    assert not up, "a candidate that shrinks is not promoted"


def test_a_failed_community_detection_records_no_sighting(tmp_path, monkeypatch):
    """When community detection fails at a session end, the kept candidates are not seen again:
    re-tracking them would add a sighting (and could promote a trait) on evidence nobody found."""
    import autogen_zettel.persona.clusters as clusters

    clock = SimulatedClock(T0)
    cfg = config_from_dict({"persona": PERSONA, "embedding": {"model": "hash-256"}})
    with MemoryHub.open(tmp_path / "memory", embedder=HashEmbedder(), clock=clock, config=cfg) as hub:
        engine = engine_for(hub)
        session(hub, engine, clock, 0, GARDEN[:4])
        before = engine.candidate_book()
        assert before and all(len(e["sightings"]) == 1 for e in before)

        def broken(*args, **kwargs):
            raise RuntimeError("community detection broke")

        monkeypatch.setattr(clusters, "communities", broken)
        for day in (4, 8, 12):  # enough sightings and days to promote, were they counted
            session(hub, engine, clock, day, GARDEN[:5])
        after = engine.candidate_book()
        assert [len(e["sightings"]) for e in after] == [len(e["sightings"]) for e in before]
        assert all(e["status"] == "candidate" for e in after)
