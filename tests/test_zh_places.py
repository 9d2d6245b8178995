"""A place or an organisation in the Chinese fact frames (#40): "我在北京工作" says where the
speaker lives, "我在小米工作" whom they work for. Real jieba, no stand-in: the tagger is the point."""

from __future__ import annotations

import sys
import threading
from datetime import datetime

import pytest

from autogen_zettel.people.extract import extract_layers
from autogen_zettel.text import zh_places
from autogen_zettel.text.zh_places import is_place

AT = datetime(2026, 3, 4, 10)


def _facts(text: str, speaker: str = "王芳") -> set[tuple[str, str, str]]:
    return {
        (e.subject, e.key, e.value) for e in extract_layers(text, speaker=speaker, at=AT) if e.layer == "fact"
    }


@pytest.mark.parametrize(
    "span", ["北京", "厦门", "杭州", "上海", "四川", "宜宾", "四川宜宾", "朝阳区", "北京市"]
)
def test_cities_provinces_and_their_runs_are_places(span):
    assert is_place(span)


@pytest.mark.parametrize(
    "span",
    [
        "小米",
        "腾讯",
        "华为",
        "阿里巴巴",
        "上海交通大学",
        "京东",
        "中兴",
        "公司",
        "家",
        "路上",
        "开会",
        "Beijing",
        "",
    ],
)
def test_companies_schools_and_common_words_are_not(span):
    assert not is_place(span)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我在北京工作。", {("王芳", "residence", "北京")}),
        ("我现在在杭州上班。", {("王芳", "residence", "杭州")}),
        ("我在四川宜宾工作。", {("王芳", "residence", "四川宜宾")}),
        ("我在厦门当导游。", {("王芳", "residence", "厦门"), ("王芳", "job", "导游")}),
        ("我在上海做设计师。", {("王芳", "residence", "上海"), ("王芳", "job", "设计师")}),
        ("现在在上海。", {("王芳", "residence", "上海")}),
        ("我在成都呢。", {("王芳", "residence", "成都")}),
        ("我姐在北京当老师。", {("王芳的姐姐", "residence", "北京"), ("王芳的姐姐", "job", "老师")}),
    ],
)
def test_a_place_in_a_work_frame_or_alone_is_where_they_live(text, expected):
    assert _facts(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我在小米工作。", {("王芳", "employer", "小米")}),
        ("我在腾讯上班。", {("王芳", "employer", "腾讯")}),
        ("我在华为做工程师。", {("王芳", "employer", "华为"), ("王芳", "job", "工程师")}),
        ("我在阿里巴巴工作。", {("王芳", "employer", "阿里巴巴")}),  # not the place-looking "巴巴" inside it
        ("我在京东上班。", {("王芳", "employer", "京东")}),  # a company the tagger calls a place
        ("我在上海交通大学工作。", {("王芳", "employer", "上海交通大学")}),
    ],
)
def test_a_company_in_the_same_frames_stays_an_employer(text, expected):
    assert _facts(text) == expected


@pytest.mark.parametrize(
    "text", ["我在北京出差。", "我在开会。", "我在路上。", "我以前在北京工作过。", "他在上海当老师。"]
)
def test_a_trip_an_activity_or_the_past_is_no_residence(text):
    assert not {f for f in _facts(text) if f[1] == "residence"}


def test_hometown_frames_keep_working():
    assert _facts("我老家是四川的。") == {("王芳", "hometown", "四川")}


def test_chinese_text_warms_the_tagger_once_in_the_background(monkeypatch, started_threads):
    """jieba's dictionary (about a second) loads off the write path once Chinese text is
    remembered, once per process; English text starts nothing."""
    monkeypatch.setattr(zh_places, "_warmed", [])
    started = started_threads
    zh_places.warm_for("I work in Beijing.")
    zh_places.warm_for(b"\xe5\x8c\x97")  # raw bytes are not read
    assert started == []
    zh_places.warm_for("我在北京工作。")
    zh_places.warm_for("我在厦门当导游。")
    assert len(started) == 1 and started[0].name == "zettel-jieba-warm"
    started[0].join(timeout=60)
    assert "jieba.posseg" in sys.modules


def test_remembering_chinese_text_warms_the_tagger_and_stores_the_place(tmp_path, monkeypatch):
    """The write path starts the warm-up (memory/ingest.py), and the fact it stores from the
    message is a residence, through the real store."""
    from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock

    monkeypatch.setattr(zh_places, "_warmed", [])
    started = []
    real = threading.Thread

    def spy(*args, **kwargs):
        thread = real(*args, **kwargs)
        if thread.name == "zettel-jieba-warm":
            started.append(thread)
        return thread

    monkeypatch.setattr(zh_places.threading, "Thread", spy)
    with MemoryHub.open(tmp_path / "d", embedder=HashEmbedder(), clock=SimulatedClock(AT)) as hub:
        mem = hub.tenant("ada")
        mem.remember("I like tea.", speaker="Rui", message_id="m0", session_id="s1", at=AT)
        assert started == []
        mem.remember("我在厦门当导游。", speaker="王芳", message_id="m1", session_id="s1", at=AT)
        assert len(started) == 1
        started[0].join(timeout=60)
        facts = {(f.key, f.value) for f in mem.facts("王芳")}
        assert ("residence", "厦门") in facts and ("employer", "厦门") not in facts, facts
