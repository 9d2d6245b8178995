"""The ninth labelled set of the person layers (tests/data/layers_ninth.jsonl, #40): 115 everyday
lines, 60 English and 55 Chinese, of the kinds that missed on fresh sentences (Chinese facts,
English done/cancelled said many ways, English facts in several registers, and lines that must
give nothing). Written and committed before any rule changed, scored once untouched (Chinese
facts 0.95 / 0.75, English status 0.95 / 0.69, English facts recall 0.78), then its misses were
fixed by structure: the rules below. It is a tuning set now; its figures are floors here."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from autogen_zettel.people.extract import extract_layers
from benchmarks.run_layers_eval import evaluate, load
from tests.test_layers_second import REQUIRED

NINTH = Path(__file__).parent / "data" / "layers_ninth.jsonl"
AT = datetime(2026, 3, 4, 10)


def test_every_line_has_the_fields_the_scorer_reads():
    rows = load(path=NINTH)
    assert len(rows) >= 100 and {r["lang"] for r in rows} == {"en", "zh"}
    for r in rows:
        for gold in r["rows"]:
            assert REQUIRED[gold["layer"]] <= set(gold), (r["text"], gold)


def test_the_extractor_holds_its_figures_on_the_ninth_set():
    scores, errors = evaluate(load(path=NINTH))
    for key in (("fact", "en"), ("fact", "zh"), ("status", "en")):
        s = scores[key]
        assert s["precision"] >= 0.9 and s["recall"] >= 0.9, (key, s, errors)


def _status(text: str) -> list[tuple[str, str]]:
    return [(e.kind, e.value) for e in extract_layers(text, speaker="Ben", at=AT) if e.layer == "status"]


@pytest.mark.parametrize(
    ("text", "kind", "thing"),
    [
        ("Shopping picked up.", "done", "shopping"),  # a telegraphic passive of an errand
        ("The tickets are ordered.", "done", "tickets"),
        ("Got the boiler serviced yesterday.", "done", "boiler"),  # a causative with its participle
        ("Took the recycling out.", "done", "recycling"),  # the particle after the object
        ("Put it off, sorry.", "cancelled", ""),  # a phrasal verb that calls a plan off
        ("We called the whole trip off.", "cancelled", "trip"),
        ("I backed out of the trip.", "cancelled", "trip"),
        ("The barbecue's off.", "cancelled", "barbecue"),  # a contracted copula after a determiner
        ("Dinner's cancelled, sorry all.", "cancelled", "dinner"),  # a bare noun, nothing after the verb
        ("Nah, I've called it off.", "cancelled", ""),
        ("Couldn't make it in the end, I cancelled.", "cancelled", ""),
        ("Groceries dropped off at your mum's.", "done", "groceries"),  # a place after the passive
        ("Took the dog to the vet as promised.", "done", "dog"),  # a promise said kept
    ],
)
def test_english_status_by_its_structure(text, kind, thing):
    got = _status(text)
    assert got and got[0][0] == kind and thing in got[0][1].lower(), got


@pytest.mark.parametrize(
    "text",
    [
        "Tom's off to Spain.",
        "The meeting's off to a good start.",
        "Did you pick the cake up?",
        "Want me to call it off?",
        "Did you take the dog to the vet as promised?",
        "I'll take the dog to the vet as promised.",
    ],
)
def test_lines_that_close_no_task(text):
    """'<name>'s off' is a person leaving, not a plan called off; questions and offers close nothing."""
    assert _status(text) == []


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Been a vet for ten years.", ("job", "vet")),  # the subject dropped
        ("I left the bank to become a carpenter.", ("job", "carpenter")),
        ("We live in a tiny cottage near Bath.", ("residence", "Bath")),
        ("Born and bred in Leeds.", ("hometown", "Leeds")),
        ("I'm thirty-two.", ("age", "32")),  # an age in words with a hyphen
        ("I'm 27.", ("age", "27")),  # no two letters running: still English
        ("I'm an accountant by trade.", ("job", "accountant")),
        ("I've been at Google for five years.", ("employer", "Google")),
        ("I'm from a small town near Cork.", ("hometown", "Cork")),
        ("I've lived in Leeds all my life.", ("residence", "Leeds")),
        ("I'm originally from Kenya but live in Cardiff now.", ("residence", "Cardiff")),
    ],
)
def test_english_facts_in_other_registers(text, want):
    got = [(e.key, e.value) for e in extract_layers(text, speaker="Owen", at=AT) if e.layer == "fact"]
    assert want in got, got


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("我是西北人。", ("hometown", "西北", "statement")),  # a place before 人
        ("我从小在武汉长大。", ("hometown", "武汉", "statement")),
        ("我在复旦读研二。", ("school", "复旦", "statement")),  # a year of study
        ("我儿子在上初中。", None),  # the relative's, below
        ("我现在单身。", ("relationship", "single", "statement")),
        ("我跟女朋友分了。", ("relationship", "single", "change")),
        ("我换工作了，现在在京东。", ("employer", "京东", "change")),
        ("我现在在小米上班，之前在联想。", ("employer", "小米", "change")),  # 联想 is no wish
        ("我在成都当导游。", ("job", "导游", "statement")),  # 当 + a role at the clause end
        ("我现在在一家出版社做策划编辑。", ("job", "策划编辑", "statement")),
        ("我家里养了一只柯基。", ("pet", "柯基", "statement")),  # a counted animal
        ("我出生在哈尔滨。", ("hometown", "哈尔滨", "statement")),
        ("我现在在杭州一家互联网公司做运营。", ("job", "运营", "change")),  # a place before 一家 + org
        ("我和老公结婚十年了。", ("relationship", "married", "statement")),  # a marriage that lasts
    ],
)
def test_chinese_facts_by_their_structure(text, want):
    got = [(e.key, e.value, e.kind) for e in extract_layers(text, speaker="王芳", at=AT) if e.layer == "fact"]
    if want is None:
        assert ("王芳的儿子", "school", "初中") in [
            (e.subject, e.key, e.value) for e in extract_layers(text, speaker="王芳", at=AT)
        ]
        return
    assert want[:2] in [g[:2] for g in got] and (want[2] == "statement" or want in got), got


@pytest.mark.parametrize(
    "text",
    [
        "我当时在北京。",
        "我是外地人。",
        "我是个好人。",
        "我当妈妈了！",
        "我在医院做手术。",
        "我不是单身。",
        "我和他分了工。",
        "他在上海当老师。",  # someone unnamed: not the speaker's job
        "她搬到杭州了。",
        "你在哪儿当老师？",
        "我以前在北京工作过。",  # an experience past, said with 过
        "我当时在读大学。",
        "我们家搬到新房子了。",  # a dwelling, not a place
    ],
)
def test_chinese_lines_that_give_the_speaker_no_new_fact(text):
    got = [
        (e.key, e.value)
        for e in extract_layers(text, speaker="王芳", at=AT)
        if e.layer == "fact"
        and e.subject == "王芳"
        and e.key in ("job", "hometown", "relationship", "residence")
    ]
    assert got == [], got


def test_the_new_patterns_do_not_backtrack():
    """Long runs through the new frames are read at once (no nested star over a choice)."""
    for text in (
        "the " + "big " * 3000 + "cake picked up",
        "我是" + "大" * 3000 + "人",
        "Dropped the " + "keys " * 3000,
        "我在" + "一家" * 2000 + "公司当" + "大" * 2000,
    ):
        extract_layers(text, speaker="Ann", at=AT)


@pytest.mark.parametrize(
    "text",
    [
        "Nope, still haven't sent it.",
        "Not sent yet.",
        "I haven't booked it yet.",
        "I didn't cancel anything.",
        "We never called it off.",
        "我没取消。",
    ],
)
def test_a_negated_verb_closes_and_cancels_nothing(text):
    assert [e for e in extract_layers(text, speaker="Ann", at=AT) if e.layer == "status"] == []


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Done, wasn't hard.", "done"),  # the negation of a later clause
        ("Can't make it tonight, sorry.", "cancelled"),  # a plan called off by a negation
        ("I'm not going to the wedding after all.", "cancelled"),
    ],
)
def test_a_negation_elsewhere_keeps_the_task_state(text, kind):
    assert [e.kind for e in extract_layers(text, speaker="Ann", at=AT) if e.layer == "status"] == [kind]


def test_reported_news_is_the_named_persons_not_the_speakers():
    got = [
        (e.subject, e.key, e.value)
        for e in extract_layers("Heard Jess moved to Berlin.", speaker="Ann", at=AT)
    ]
    assert got == [("Jess", "residence", "Berlin")], got


@pytest.mark.parametrize("text", ["I'm at the office.", "I'm at the bank.", "I'm at the gym."])
def test_a_bare_place_of_work_is_where_one_is_not_an_employer(text):
    assert [e for e in extract_layers(text, speaker="Ann", at=AT) if e.layer == "fact"] == []


def test_a_marriage_that_lasts_is_no_news_of_one():
    [row] = [
        e
        for e in extract_layers("We've been married for six years.", speaker="Ann", at=AT)
        if e.layer == "fact"
    ]
    assert (row.key, row.value, row.kind) == ("relationship", "married", "statement")


def test_a_clause_that_starts_again_with_i_is_the_speakers_own():
    got = {
        (e.subject, e.key, e.value)
        for e in extract_layers("我老公在银行上班，我在学校当老师。", speaker="王芳", at=AT)
        if e.layer == "fact"
    }
    assert ("王芳的老公", "employer", "银行") in got and ("王芳", "job", "老师") in got, got
    assert ("王芳的老公", "job", "老师") not in got, got


def test_born_in_a_place_is_a_hometown_not_a_job():
    got = [
        (e.key, e.value)
        for e in extract_layers("我是在北京出生的。", speaker="王芳", at=AT)
        if e.layer == "fact"
    ]
    assert got == [("hometown", "北京")], got
