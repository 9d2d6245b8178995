"""Pure logic: lexical, refiner, links, graph and recall fusion, without Qdrant or an LLM."""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path

import networkx as nx
import pytest

from autogen_zettel.base.cards import Card, CardKind, Link, LinkKind
from autogen_zettel.cards.graph import build_graph, spread
from autogen_zettel.cards.link import structural_links
from autogen_zettel.recall.hit_lines import cut_to_budget
from autogen_zettel.recall.presets import DEFAULT
from autogen_zettel.recall.progressive import fuse, unlock
from autogen_zettel.text.lexical import BM25, sparse_doc, sparse_query, tokens

ROOT = Path(__file__).resolve().parents[1]
from autogen_zettel.cards.refine import clean_text, refine_message
from autogen_zettel.store.index import SearchResult

NOW = datetime(2024, 1, 10)


def _card(cid, content="x", importance=0.5, **kw):
    kw.setdefault("created_at", NOW)
    return Card(cid, content, CardKind.FACT, "Ann", source_ids=(f"m-{cid}",), importance=importance, **kw)


def test_tokens_and_sparse_vectors():
    assert tokens("The painting classes were AMAZING!") == ["paint", "class", "amaz"]
    ids, values = sparse_doc("cat cat dog")
    assert len(ids) == 2 and ids == sorted(ids) and all(v > 0 for v in values)
    assert sparse_query("") == ([], [])


def test_bm25_ranks_rare_terms_higher():
    bm = BM25([tokens("the cat sat"), tokens("the zebra sat"), tokens("a cat ran")])
    assert bm.top(tokens("zebra cat"), 1)[0][0] == 1


def test_refiner_splits_long_messages_into_at_most_three_traceable_cards():
    text = " ".join(
        f"I visited city number {i} during the long trip and loved the food there." for i in range(12)
    )
    drafts = refine_message(text, speaker="Ann", message_id="m9", max_cards=3)
    assert 2 <= len(drafts) <= 3
    assert all(d.source_ids == ("m9",) for d in drafts)
    assert " ".join(d.content for d in drafts) == text  # nothing invented, nothing reordered


def test_refiner_kinds_tags_entities():
    pref = refine_message("I really love hiking in the Alps with Maria.", speaker="Ann", message_id="a")[0]
    assert pref.kind is CardKind.PREFERENCE and "Alps" in pref.entities and "Maria" in pref.entities
    assert "hike" in pref.tags or "hik" in pref.tags
    commit = refine_message("I will send you the draft report tomorrow.", speaker="Ann", message_id="b")[0]
    assert commit.kind is CardKind.PLAN
    assert refine_message("Thanks! Sounds great!", speaker="Ann", message_id="c") == []


def test_clean_text_normalises():
    assert clean_text(b"caf\xc3\xa9\r\nok\x00") == "café\nok"


def test_structural_links():
    c = _card("c", entities=("Lisbon",))
    prev = _card("b")
    peer = _card("p", entities=("Lisbon",))
    links = structural_links(
        c, session_neighbours=[prev], speaker_previous=[prev], reply_to=[prev], entity_peers=[peer]
    )
    kinds = {(l.dst, l.kind) for l in links}
    assert ("b", LinkKind.SAME_SESSION) in kinds and ("b", LinkKind.REPLY_TO) in kinds
    assert ("p", LinkKind.SHARED_ENTITY) in kinds


def test_graph_direction_and_strongest_reason():
    G = build_graph(
        [
            Link("reply", "question", LinkKind.REPLY_TO, 1.0),
            Link("reply", "question", LinkKind.SAME_SESSION, 1.0),
        ]
    )
    assert isinstance(G, nx.DiGraph)
    assert G["question"]["reply"]["kind"] == "REPLY_TO"
    assert G["question"]["reply"]["weight"] > G["reply"]["question"]["weight"]
    act = spread(G, {"question": 1.0}, hops=1)
    assert act["reply"][1] == ("question", "REPLY_TO")


def test_fuse_scales_both_signals():
    fused = dict(fuse(SearchResult({"a": 0.9, "b": 0.1}, {"b": 5.0}), dense_weight=0.4))
    assert fused["a"] == 0.4 and fused["b"] == 0.6


def test_unlock_caps_associative_share_and_orders():
    cards = {i: _card(i) for i in "abcdef"}
    G = build_graph([Link(x, "a", LinkKind.REPLY_TO, 1.0) for x in "cdef"])
    cfg = DEFAULT.model_copy(update=dict(associative_share=0.5, threshold=0.0))
    hits = unlock(
        [("a", 1.0), ("b", 0.1)], G, lambda ids: {i: cards[i] for i in ids if i in cards}, cfg, k=4, now=NOW
    )
    assert len(hits) == 4
    assert sum(h.layer == "associative" for h in hits) == 2
    assert hits[0].card.id == "a"
    assert all(h.via == ("a", "REPLY_TO") for h in hits if h.layer == "associative")
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


def test_cut_to_budget_keeps_prefix():
    cards = [_card(str(i), content="word " * 40) for i in range(5)]
    from autogen_zettel.base.cards import Hit

    hits = [Hit(c, 1.0 - i / 10, "immediate") for i, c in enumerate(cards)]
    cut = cut_to_budget(hits, 120)
    assert 0 < len(cut) < 5 and cut == hits[: len(cut)]


def test_memory_import_keeps_autogen_torch_persona_and_research_out():
    # (click is not checked here: sqlite-utils imports it for its plugin hooks; import-linter
    # checks that only cli/ imports it)
    import subprocess

    code = (
        "import sys, autogen_zettel.memory; "
        "print(sorted({m.split('.')[0] if not m.startswith('autogen_zettel.') else '.'.join(m.split('.')[:2]) "
        "for m in sys.modules} & {'autogen', 'torch', 'FlagEmbedding', 'autogen_zettel.persona', "
        "'autogen_zettel.research', 'autogen_zettel.agent', 'autogen_zettel.cli'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_public_names_resolve_and_only_agent_names_load_autogen():
    import subprocess

    code = (
        "import sys, autogen_zettel as z; "
        "missing = [n for n in z.__all__ if n not in z.AGENT_NAMES and getattr(z, n, None) is None]; "
        "print(missing, 'autogen' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["[]", "False"]
    import autogen_zettel

    assert all(getattr(autogen_zettel, n) is not None for n in autogen_zettel.__all__)
    # the facade, the records it returns, the adapters, the persona, configuration, extension
    # points and every error a caller may catch; a cap keeps internals from leaking in
    assert len(autogen_zettel.__all__) == len(set(autogen_zettel.__all__)) <= 80
    with pytest.raises(AttributeError):
        autogen_zettel.no_such_name  # noqa: B018


def test_layers_and_third_party_imports_hold_under_import_linter():
    """The contracts live in setup.cfg ([importlinter]); CI runs the same tool."""
    import shutil
    import subprocess

    tool = shutil.which("lint-imports")
    assert tool, "import-linter is a dev dependency: bash scripts/setup.sh installs it"
    out = subprocess.run(
        [tool, "--config", str(ROOT / "setup.cfg")], capture_output=True, text=True, cwd=ROOT
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_code_is_formatted_by_ruff():
    """One layout everywhere (pyproject.toml [tool.ruff]); CI runs the same check. Fix: ruff format ."""
    import shutil
    import subprocess

    tool = shutil.which("ruff")
    assert tool, "ruff is a dev dependency: bash scripts/setup.sh installs it"
    out = subprocess.run([tool, "format", "--check", "."], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr


def test_no_module_imports_another_modules_private_names():
    """A name with a leading underscore stays in its module: a shared helper is made public."""
    import ast

    found = []
    for p in (ROOT / "autogen_zettel").rglob("*.py"):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("autogen_zettel"):
                found += [
                    f"{p.relative_to(ROOT)}: {node.module}.{a.name}"
                    for a in node.names
                    if a.name.startswith("_") and not a.name.startswith("__")
                ]
    assert found == []


def test_one_name_one_module():
    """One meaning per name: no module name is used in two packages (``__init__``/``__main__`` aside)."""
    seen: dict[str, list[str]] = {}
    for p in (ROOT / "autogen_zettel").rglob("*.py"):
        if p.stem not in {"__init__", "__main__"}:
            seen.setdefault(p.stem, []).append(str(p.relative_to(ROOT)))
    assert {k: v for k, v in seen.items() if len(v) > 1} == {}


def test_modules_are_split_by_concept_not_by_size():
    """No cap on length (a module is one concept, however long), and no micro-modules cut off a
    concept to fit one: at most three modules under 40 lines (``__init__`` aside)."""
    tiny = sorted(
        str(p.relative_to(ROOT))
        for p in (ROOT / "autogen_zettel").rglob("*.py")
        if p.stem != "__init__" and len(p.read_text(encoding="utf-8").splitlines()) < 40
    )
    assert len(tiny) <= 3, tiny
