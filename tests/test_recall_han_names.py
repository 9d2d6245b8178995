"""Chinese names in recall (#39): a Han name cut from the dense query, a Han or kana question's
vector mixed from the query with and without the name, and a name written in pinyin by an
English question mapped to the tenant's speaker (recall/focus.py, recall/balance.py,
text/han_names.py, recall/progressive.py)."""

from __future__ import annotations

from datetime import datetime, timedelta

import numpy as np
import pytest

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.recall.balance import blend, name_share
from autogen_zettel.recall.focus import without_names
from autogen_zettel.recall.presets import DEFAULT
from autogen_zettel.text.han_names import latin_names_in, spellings, with_han_names

T0 = datetime(2024, 3, 1, 9)
PEOPLE = {"刘洋", "陈静", "王磊", "赵晓雨"}


# -- the name cut (pure) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query, cut",
    [
        ("刘洋的太太在哪儿上班？", "的太太在哪儿上班？"),
        ("陈静和王磊都喜欢什么运动？", "和都喜欢什么运动？"),
        ("赵晓雨读博研究的课题是什么？", "读博研究的课题是什么？"),
        # mixed languages: the name with its possessive, the spacing closed up
        ("Where does 刘洋's wife work?", "Where does wife work?"),
        ("Did 陈静 tell Ann about it?", "Did tell about it?"),
        ("王磊: 刘洋的车是什么牌子？", "王磊: 的车是什么牌子？"),  # a speaker label stays
    ],
)
def test_a_han_name_is_cut_from_the_dense_query(query, cut):
    assert without_names(query, PEOPLE | {"Ann"}) == cut


def test_a_name_that_is_no_tenant_person_stays():
    assert without_names("李娜的太太在哪儿上班？", PEOPLE) == "李娜的太太在哪儿上班？"
    assert without_names("Where does 李娜 work?", PEOPLE) == "Where does 李娜 work?"
    # a one-character "name" is no name: 王 is also a word ("王者")
    assert without_names("王者荣耀是什么？", {"王"}) == "王者荣耀是什么？"


def test_a_query_that_is_only_a_name_or_empty_stays():
    assert without_names("刘洋？", PEOPLE) == "刘洋？"
    assert without_names("刘洋's", PEOPLE) == "刘洋's"
    assert without_names("", PEOPLE) == ""
    assert without_names("刘洋在哪？", set()) == "刘洋在哪？"


def test_a_name_of_several_short_words_goes_whole():
    assert without_names("Where does Li Na work?", {"Li Na"}) == "Where does work?"
    assert without_names("Is Xiao-yu's talk in Suzhou?", {"Xiao-yu"}) == "Is talk in Suzhou?"


# -- the blended vector (pure) ------------------------------------------------------------------


def test_the_name_share_follows_the_script_of_the_names():
    share = DEFAULT.unspaced_dense_name_share
    assert 0 < share < 1
    assert name_share({"刘洋"}, share) == share  # asked in Chinese, English or pinyin alike
    assert name_share({"Ann", "陈静"}, share) == share
    assert name_share({"Ann"}, share) == 0.0  # a spaced name is simply cut
    assert name_share(set(), share) == 0.0


def test_pinyin_spans_are_written_as_the_han_name():
    spelt = latin_names_in("Did Liu Yang and liuyang meet Wang Lei?", PEOPLE)
    assert with_han_names("Did Liu Yang and liuyang meet Wang Lei?", spelt) == "Did 刘洋 and 刘洋 meet 王磊?"
    assert with_han_names("Is Liu Yangs here?", {"刘洋": ["Liu Yang"]}) == "Is Liu Yangs here?"
    assert with_han_names("", {}) == ""


def test_blend_is_a_unit_mix_of_the_two_vectors():
    a, b = np.array([1.0, 0.0, 0.0]), np.array([0.0, 1.0, 0.0])
    assert np.allclose(blend(a, b, 1.0), a) and np.allclose(blend(a, b, 0.0), b)
    mixed = blend(a, b, 0.25)
    assert mixed.dtype == np.float32 and np.isclose(np.linalg.norm(mixed), 1.0)
    assert mixed[1] > mixed[0] > 0


# -- pinyin names (pure) ------------------------------------------------------------------------


def test_spellings_of_two_and_three_character_names():
    assert spellings("刘洋") == (("liu", "yang"), ("yang", "liu"))
    assert ("xiao", "yu") in spellings("赵晓雨") and ("zhao", "xiao", "yu") in spellings("赵晓雨")
    assert ("yang",) not in spellings("刘洋")  # one syllable alone stands for no one
    assert ("na", "na") in spellings("欧阳娜娜") and ("ou", "yang", "na", "na") in spellings("欧阳娜娜")
    assert ("shan", "xiong", "xin") in spellings("单雄信")  # the surname's reading
    assert ("lyu", "bu") in spellings("吕布") and ("lu", "bu") in spellings("吕布")
    assert spellings("Ann") == spellings("李") == spellings("") == ()


@pytest.mark.parametrize(
    "query, found",
    [
        ("How old is Liu Yang's daughter?", {"刘洋": ["Liu Yang"]}),
        ("how old is liu yang's daughter?", {"刘洋": ["liu yang"]}),
        ("Is LiuYang or Yang Liu coming?", {"刘洋": ["LiuYang", "Yang Liu"]}),
        ("What did Xiaoyu's blind date do?", {"赵晓雨": ["Xiaoyu"]}),
        ("Did Wang Lei meet 陈静 and Zhao Xiaoyu?", {"王磊": ["Wang Lei"], "赵晓雨": ["Zhao Xiaoyu"]}),
    ],
)
def test_a_pinyin_name_maps_to_the_tenants_han_name(query, found):
    assert latin_names_in(query, PEOPLE) == found


@pytest.mark.parametrize(
    "query",
    [
        "Where does Lin Na work?",  # pinyin, but no one the tenant knows
        "Which yang did he liu?",  # the syllables apart are no name
        "Is Liuyangs a word?",  # inside a longer word
        "Where does Yang work?",  # a one-syllable given name alone
        "刘洋在哪儿上班？",  # no Latin letters
        "",
    ],
)
def test_no_mapping_where_no_tenant_person_is_written(query):
    assert latin_names_in(query, PEOPLE) == {}


def test_only_han_names_are_looked_for():
    assert latin_names_in("Where does Liu Yang work?", {"Ann", "Liu Yang"}) == {}
    assert latin_names_in("Where does Liu Yang work?", set()) == {}


# -- in recall (hashing embedder) ---------------------------------------------------------------


def _recording(seen: list) -> type:
    class Recording(HashEmbedder):
        def encode(self, texts, *, query=False):
            if query:
                seen.append(list(texts))
            return super().encode(texts, query=query)

    return Recording


def _tuned(**tuning) -> MemoryConfig:
    cfg = MemoryConfig()
    return cfg.model_copy(
        update={
            "recall": cfg.recall.model_copy(update={"tuning": cfg.recall.tuning.model_copy(update=tuning)})
        }
    )


@pytest.mark.parametrize(
    "share, encoded",
    [
        (
            0.5,
            [
                ["刘洋的太太在哪儿上班？", "的太太在哪儿上班？"],
                ["How old is 刘洋's daughter?", "How old is daughter?"],
            ],
        ),
        (0.0, [["的太太在哪儿上班？"], ["How old is daughter?"]]),
    ],
)
def test_recall_embeds_a_question_naming_a_han_name_with_and_without_it(share, encoded):
    seen: list = []
    with MemoryHub.open(
        memory=True, embedder=_recording(seen)(), config=_tuned(unspaced_dense_name_share=share)
    ) as hub:
        mem = hub.tenant("t")
        mem.remember("我老婆在市一医院当护士，三班倒。", speaker="刘洋", message_id="m1", at=T0)
        mem.remember("朵朵今年五岁，在上幼儿园大班。", speaker="刘洋", message_id="m2", at=T0)
        mem.remember("我在学校教语文。", speaker="陈静", message_id="m3", at=T0)
        seen.clear()
        mem.recall("刘洋的太太在哪儿上班？", at=T0 + timedelta(days=1))
        hits = mem.recall("How old is Liu Yang's daughter?", at=T0 + timedelta(days=1))
    assert seen == encoded
    assert hits and all(h.card.speaker == "刘洋" for h in hits[:2])  # speaker focus on 刘洋


# -- on a real tenant, with the bundled embedder -------------------------------------------------


@pytest.mark.integration
def test_chinese_and_english_questions_find_the_chinese_chat(default_embedder):
    from benchmarks.locomo import hit_places
    from benchmarks.zh_recall import load_set

    conv, questions = load_set(split="tune")
    evidence = {q.text: set(q.evidence) for q in questions}
    asked = [
        "How old is Liu Yang's daughter?",  # pinyin for 刘洋
        "刘洋翻来覆去看的是哪位喜剧演员的作品？",  # a paraphrase that names him
        "陈静近来在读哪位日本作家的推理小说？",
        "王磊开店以前是干哪行的？",
    ]
    with MemoryHub.open(memory=True, embedder=default_embedder) as hub:
        mem = hub.tenant("zh_group")
        mem.remember_many(conv.turns)
        last = max(t.at for t in conv.turns)
        for text in asked:
            hits = mem.recall(text, k=10, at=last, touch=False)
            top = {i for place in hit_places(hits)[:3] for i in place}
            assert top & evidence[text], (text, [h.card.content for h in hits[:3]])
        assert mem.recall(asked[0], k=3, at=last, touch=False)[0].card.speaker == "刘洋"


def test_a_han_named_speaker_warms_the_pinyin_dictionary_once(monkeypatch, started_threads):
    """pypinyin's dictionary (about a second) loads in the background when a Han-named speaker is
    remembered, once per process, not on the first English question's reply path."""
    import sys

    from autogen_zettel.text import han_names

    monkeypatch.setattr(han_names, "_warmed", [])
    started = started_threads
    han_names.warm_for("Ann")
    assert started == []  # a Latin name needs no pinyin
    han_names.warm_for("刘洋")
    han_names.warm_for("陈静")
    assert len(started) == 1 and started[0].name == "zettel-pinyin-warm"
    started[0].join(timeout=60)
    assert "pypinyin" in sys.modules


def test_reopening_a_memory_with_han_named_speakers_warms_the_dictionary(
    monkeypatch, tmp_path, started_threads
):
    """A new process opening such a memory loads pypinyin at open, in the background, before any
    English question spells a name (before, only remembering a Han-named speaker did)."""
    from autogen_zettel import HashEmbedder, MemoryHub
    from autogen_zettel.text import han_names

    with MemoryHub.open(tmp_path, embedder=HashEmbedder()) as hub:
        hub.tenant("team").remember("我周末常去钓鱼。", speaker="刘洋")
        hub.tenant("solo").remember("I fish at weekends.", speaker="Ann")
    monkeypatch.setattr(han_names, "_warmed", [])  # as a new process
    started = started_threads
    started.clear()
    with MemoryHub.open(tmp_path, embedder=HashEmbedder()) as hub:
        hub.tenant("solo")
        assert not [t for t in started if t.name == "zettel-pinyin-warm"]
        hub.tenant("team")
        warm = [t for t in started if t.name == "zettel-pinyin-warm"]
        assert len(warm) == 1
        warm[0].join(timeout=60)
