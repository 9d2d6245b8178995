"""The third labelled set of the person layers (tests/data/layers_third.jsonl, #40): 48 everyday
lines, English and Chinese, of the kinds the held-out checks feed a tenant (promises kept and
called off, questions and greetings that promise nothing, facts that change, preferences that
flip or are refused, a third person's likes and job). Written before it was scored; scored once
untouched (English facts 1 of 6, Chinese status 3 of 4 with 2 false finds), then its misses were
read and fixed, so it is a tuning set now and its figures are held here as floors.

The fourth set (tests/data/layers_fourth.jsonl, 40 lines of the same kinds) was written after
those fixes and scored once; only its three Chinese task-state lines were read (a regression the
fixes caused, repaired). Its figures are reported on docs/benchmarks.md, not asserted."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from autogen_zettel.people.extract import extract_layers
from benchmarks.run_layers_eval import evaluate, load
from tests.test_layers_second import REQUIRED

THIRD = Path(__file__).parent / "data" / "layers_third.jsonl"
FOURTH = Path(__file__).parent / "data" / "layers_fourth.jsonl"
FIFTH = Path(__file__).parent / "data" / "layers_fifth.jsonl"
SIXTH = Path(__file__).parent / "data" / "layers_sixth.jsonl"
SEVENTH = Path(__file__).parent / "data" / "layers_seventh.jsonl"
AT = datetime(2026, 3, 4, 10)


@pytest.mark.parametrize(
    ("path", "lines", "langs"), [(THIRD, 48, {"en", "zh"}), (FOURTH, 40, {"en", "zh"}), (FIFTH, 40, {"zh"})]
)
def test_every_line_has_the_fields_the_scorer_reads(path, lines, langs):
    rows = load(path=path)
    assert len(rows) == lines and {r["lang"] for r in rows} == langs
    for r in rows:
        for gold in r["rows"]:
            assert REQUIRED[gold["layer"]] <= set(gold), (r["text"], gold)


@pytest.mark.parametrize("path", [THIRD, FIFTH, SIXTH])
def test_the_extractor_holds_its_figures_on_the_tuning_sets(path):
    scores, errors = evaluate(load(path=path))
    for (layer, lang), s in scores.items():
        assert s["precision"] >= 0.8 and s["recall"] >= 0.75, (layer, lang, s, errors)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("I work as a paramedic in Leeds.", ("job", "paramedic", "statement")),
        ("I gave up on accounting and now I teach yoga full time.", ("job", "yoga teacher", "change")),
        (
            "We moved out of Manchester last month and live in Glasgow now.",
            ("residence", "Glasgow", "change"),
        ),
        (
            "I left Google in the autumn and joined a startup called Fernway.",
            ("employer", "Fernway", "change"),
        ),
        ("We live in Glasgow.", ("residence", "Glasgow", "statement")),
    ],
)
def test_english_facts_by_their_structure(text, want):
    got = [(e.key, e.value, e.kind) for e in extract_layers(text, speaker="Owen", at=AT) if e.layer == "fact"]
    assert want in got, got


def test_a_past_home_and_a_relative_home_are_not_the_speakers():
    for text in ("I used to live in Leeds.", "My parents live in Leeds.", "Do you live in Leeds?"):
        got = extract_layers(text, speaker="Owen", at=AT)
        assert not [e for e in got if e.layer == "fact" and e.subject == "Owen"], text
    # the relatives' home is theirs, filed as the second set files a relative
    (home,) = extract_layers("My parents live in Leeds.", speaker="Owen", at=AT)
    assert (home.subject, home.key, home.value) == ("Owen's parents", "residence", "Leeds")


def test_chinese_done_names_the_whole_thing_and_a_refusal_with_a_reason_is_a_dislike():
    [done] = extract_layers("机票订好了，搞定。", speaker="陈静", at=AT)
    assert (done.layer, done.kind, done.value) == ("status", "done", "机票")
    for text, thing in (("猫喂好了，放心吧。", "猫"), ("房间收拾完啦。", "房间"), ("车保养完了。", "车")):
        [done] = extract_layers(text, speaker="陈静", at=AT)
        assert done.value == thing, (text, done)
    [refusal] = extract_layers("今天别点麻辣烫了，我不想吃。", speaker="陈静", at=AT)
    assert (refusal.layer, refusal.kind, refusal.value) == ("preference", "refusal", "麻辣烫")
    # without a reason, "别点X了" still calls a task off
    assert extract_layers("别点麻辣烫了。", speaker="陈静", at=AT)[0].layer == "status"


@pytest.mark.parametrize(
    ("text", "offer", "want"),
    [
        ("我特爱看悬疑小说。", None, ("悬疑小说", True)),
        ("羽毛球是我最喜欢的运动。", None, ("羽毛球", True)),
        ("咖啡我一直喝不惯。", None, ("咖啡", False)),
        ("以前我很讨厌跑步，现在每天都跑，越跑越喜欢。", None, ("跑步", True)),
        ("我原来挺爱喝奶茶的，现在戒了，不喝了。", None, ("奶茶", False)),
        ("火锅就算了吧，我最近上火。", "晚上去吃火锅？", ("火锅", False)),
        ("不去KTV了，太吵了。", "一起去KTV吧？", ("ktv", False)),
    ],
)
def test_chinese_likes_dislikes_changes_of_mind_and_refusals(text, offer, want):
    got = [
        (e.value.lower(), e.score > 0.5) for e in extract_layers(text, speaker="丁一", at=AT, previous=offer)
    ]
    assert got == [want], got


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("我们家在武汉。", ("丁一", "residence", "武汉")),
        ("我已经不在京东干了，现在在美团。", ("丁一", "employer", "美团")),
        ("我媳妇在医院当护士。", ("丁一的媳妇", "job", "护士")),
        ("我在一家外企上班，做财务。", ("丁一", "job", "财务")),
        ("我儿子在北京上大学。", ("丁一的儿子", "residence", "北京")),
        ("小马在复旦读研。", ("小马", "school", "复旦")),
        ("我从银行辞职了，现在在一家律所当助理。", ("丁一", "job", "助理")),
    ],
)
def test_chinese_facts_by_their_structure(text, want):
    got = [
        (e.subject, e.key, e.value) for e in extract_layers(text, speaker="丁一", at=AT) if e.layer == "fact"
    ]
    assert want in got, got


def test_a_pronoun_is_no_thing_liked():
    assert extract_layers("我就不喝了，开车呢。", speaker="何磊", at=AT) == []


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("We've been living in Toronto since 2019.", ("residence", "Toronto")),
        ("I'm not a teacher anymore, I drive trucks now.", ("job", "truck driver")),
        ("Moved back to Dublin after ten years in London.", ("residence", "Dublin")),
        ("I switched from marketing to nursing last year.", ("job", "nursing")),
        ("I work nights at a warehouse.", ("employer", "warehouse")),
    ],
)
def test_more_english_facts_by_their_structure(text, want):
    got = [(e.key, e.value) for e in extract_layers(text, speaker="Hugo", at=AT) if e.layer == "fact"]
    assert want in got, got


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Not really into football, to be honest.", ("football", False, "statement")),
        ("I've never been a fan of cold weather.", ("cold weather", False, "statement")),
        ("I used to love running, but these days I find it boring.", ("running", False, "change")),
        ("I never liked jazz but it's grown on me.", ("jazz", True, "change")),
    ],
)
def test_english_dislikes_and_turned_minds(text, want):
    got = [(e.value, e.score > 0.5, e.kind) for e in extract_layers(text, speaker="Kate", at=AT)]
    assert got == [want], got


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("Can't do Friday anymore, sorry.", "Friday"),
        ("I'm not going to the wedding after all.", "wedding"),
        ("We called off the trip to Rome.", "trip to Rome"),
    ],
)
def test_english_plans_called_off(text, thing):
    got = [(e.layer, e.kind, e.value) for e in extract_layers(text, speaker="Sol", at=AT)]
    assert got == [("status", "cancelled", thing)], got


def test_not_going_to_lie_calls_nothing_off():
    assert extract_layers("I'm not going to lie, it was fun.", speaker="Sol", at=AT) == []


@pytest.mark.parametrize(
    ("text", "offer"),
    [
        ("不看天气了，直接去！", "周末去爬山吗？"),
        ("不去才怪了！", "我们去吃烤肉吗？"),
        ("不唱不行了，走！", "一起去唱歌吧？"),
        ("差点就算了，还好你问了，去！", "要不要一起去看电影？"),
        ("钱就算了，我请。", "咱们喝咖啡吧？"),
        ("不玩手机了，走。", "一起去爬山吗？"),
    ],
)
def test_a_yes_said_with_a_no_in_it_refuses_nothing(text, offer):
    """Found in review: the decline patterns read these acceptances as refusals."""
    got = [
        e
        for e in extract_layers(text, speaker="Ann", at=AT, previous=offer)
        if e.score < 0.5 or e.layer == "status"
    ]
    assert got == [], got


@pytest.mark.parametrize(
    "text",
    [
        "他是我最喜欢的演员",
        "周杰伦是我最喜欢的歌手",
        "我老公是我最喜欢的人",
        "那是我最喜欢的",
        "今天是我最喜欢的日子",
        "I'm not really into it.",
        "Never been a fan of him tbh.",
        "He switched from coffee to tea.",
        "I switched from iPhone to android",
        "I teach myself guitar",
        "I teach him math",
        "I teach on Mondays",
        "I drive a truck to work.",
        "I drive a van for fun on weekends.",
        "I work as a team with Bob.",
        "Went to Walmart for milk.",
        "Moved to Thursday.",
        "Moving to Zoom for the meeting tomorrow.",
        "Moving to Texas would be crazy.",
        "我们家现在在装修",
        "我们家在三楼",
        "我家在附近",
        "他不在公司干了，现在在家带孩子。",
    ],
)
def test_review_lines_give_no_fact_or_liking_of_the_speaker(text):
    """Found in review: each gave a pronoun as a liked thing, a job or home that is none, or
    someone else's news filed under the speaker."""
    got = [e for e in extract_layers(text, speaker="Ann", at=AT) if e.layer in ("fact", "preference")]
    assert got == [], got


def test_a_turned_mind_is_the_speakers_and_keeps_its_thing():
    rows = extract_layers("My husband never liked hiking but I love it.", speaker="Ann", at=AT)
    # "I love it" is Ann's, not his, and its "it" is the hiking he never liked
    assert not any(e.score > 0.5 for e in rows if e.subject != "Ann"), rows
    assert [(e.value, e.score > 0.5) for e in rows if e.subject == "Ann"] == [("hiking", True)], rows
    [cat] = extract_layers("以前不喜欢猫，现在很喜欢，就是怕它掉毛。", speaker="Ann", at=AT)
    assert (cat.value, cat.score > 0.5) == ("猫", True)


def test_the_degree_words_give_nothing_back():
    """Found in review: "我" + "是真的" * 20 took 20 s, a backtracking star over a choice ("是真的"
    or "是" + "真的"). The star is possessive now; the line is read, and nothing is liked."""
    from autogen_zettel.people import general

    assert general._ZH_DEG.endswith(")*+")
    assert extract_layers("我" + "是真的" * 200 + "x", speaker="Ann", at=AT) == []
