"""forget(subject=...) finds every spelling of the subject (#42): case in every script, NFC and
NFD, full-width letters, apostrophe, hyphen and soft-hyphen variants; the report lists what
it matched."""

from __future__ import annotations

import unicodedata

import pytest

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.text.spelling import SpellingMatcher, fold
from tests.conftest import T0

CASES = [
    # (subject asked, text stored, spelling the report names)
    ("José", "JOSÉ moved to Lima last spring.", "JOSÉ"),
    ("José", unicodedata.normalize("NFD", "José moved to Lima last spring."), "José"),
    (unicodedata.normalize("NFD", "José"), "José moved to Lima last spring.", "José"),
    ("Дмитрий", "ДМИТРИЙ moved to Kazan last spring.", "ДМИТРИЙ"),
    ("İpek", "ipek moved to Izmir last spring.", "ipek"),
    ("Irmak", "IRMAK moved to Bursa last spring.", "IRMAK"),
    ("ılgın", "ILGIN moved to Bursa last spring.", "ILGIN"),
    ("Anna", "Ａｎｎａ moved to Oslo last spring.", "Ａｎｎａ"),
    ("O'Brien", "O’Brien moved to Cork last spring.", "O’Brien"),
    ("O’Brien", "o'brien moved to Cork last spring.", "o'brien"),
    ("Jean-Luc", "Jean‐Luc moved to Lyon last spring.", "Jean‐Luc"),
    ("Jean-Luc", "JEAN–LUC moved to Lyon last spring.", "JEAN–LUC"),
    ("Marguerite", "Margue\u00adrite moved to Nice last spring.", "Margue\u00adrite"),
    ("Σωκράτης", "ΣΩΚΡΆΤΗΣ moved to Patras last spring.", "ΣΩΚΡΆΤΗΣ"),
    ("小明", "小明搬到了上海。", "小明"),
    # third probe round: Greek capitals and quick typing without accents, runs of blanks, a
    # backtick or okina for an apostrophe, any dash punctuation, every format character (bidi
    # marks, the invisible separator), half-width kana with a separate voicing mark
    ("Οδυσσέας", "ΟΔΥΣΣΕΑΣ moved to Patras last spring.", "ΟΔΥΣΣΕΑΣ"),
    ("Ελένη", "ελενη moved to Crete last spring.", "ελενη"),
    ("Mary Ann", "Mary  Ann moved to Leeds last spring.", "Mary  Ann"),
    ("O'Neil", "O`Neil moved to Galway last spring.", "O`Neil"),
    ("O'Neil", "O\u02bbneil moved to Galway last spring.", "O\u02bbneil"),
    ("Anne-Marie", "Anne\u2043Marie moved to Dijon last spring.", "Anne\u2043Marie"),
    ("Anna", "An\u200ena moved to Oslo last spring.", "An\u200ena"),
    ("Anna", "An\u2063na moved to Oslo last spring.", "An\u2063na"),
    ("ジョー", "\uff7c\uff9e\uff6e\uff70 moved to Osaka last spring.", "\uff7c\uff9e\uff6e\uff70"),
    # a look-alike letter of another script cannot hide a name (Cyrillic А, Greek Ο)
    ("Anna", "\u0410nna moved to Oslo last spring.", "\u0410nna"),
    ("Otto", "\u039ftto moved to Oslo last spring.", "\u039ftto"),
]


def _hub(tmp_path):
    return MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), clock=SimulatedClock(T0))


@pytest.mark.parametrize(("subject", "text", "spelling"), CASES)
def test_forget_by_subject_finds_every_spelling(tmp_path, subject, text, spelling):
    with _hub(tmp_path) as hub:
        mem = hub.tenant("ann")
        mem.remember(text, speaker="ann", message_id="m1")
        mem.remember("The weather in Oslo was mild all week.", speaker="ann", message_id="m2")
        before = {c.content for c in mem.cards()}
        assert any(text.split()[0][:2] in c or unicodedata.normalize("NFC", text)[:2] in c for c in before)
        report = mem.forget(subject=subject)
        left = " ".join(c.content for c in mem.cards())
        assert unicodedata.normalize("NFC", spelling) not in unicodedata.normalize("NFC", left)
        assert "Oslo was mild" in left  # nothing else went
        assert unicodedata.normalize("NFC", spelling) in report.matched
        assert report.card_ids


def test_whole_words_only_still():
    m = SpellingMatcher("Al")
    assert m.search("AL said so") and not m.search("also") and not m.search("Alan")
    assert SpellingMatcher("Tom").spellings("TOM and tom, not tomorrow") == ["TOM", "tom"]


def test_fold_is_one_spelling_for_every_variant():
    assert fold("JOSÉ") == fold(unicodedata.normalize("NFD", "josé")) == "josé"
    assert fold("O’Brien") == fold("o'brien") and fold("Jean‐Luc") == fold("jean-luc")
    assert fold("Ｂｏｂ") == "bob" and fold("İstanbul") == fold("istanbul") == fold("ıstanbul")
    assert fold("ΟΔΥΣΣΕΑΣ") == fold("Οδυσσέας") and fold("Mary \n Ann") == fold("mary ann")
    assert fold("\uff7c\uff9e") == fold("ジ") and fold("A\u200f\u2063b") == "ab"


def test_cli_forget_lists_the_spellings_it_matched(run, tmp_path):
    chat = tmp_path / "chat.jsonl"
    chat.write_text('{"text": "JOSÉ moved to Lima last spring.", "speaker": "ann"}\n', encoding="utf-8")
    assert run("ingest", "ann", str(chat)).exit_code == 0
    out = run("forget", "ann", "--subject", "josé", "--yes").output
    assert "forgot 1 card" in out and "matched: JOSÉ" in out


def test_a_speaker_is_matched_as_a_whole_name(tmp_path):
    with _hub(tmp_path) as hub:
        mem = hub.tenant("ann")
        mem.remember("I collect stamps from Chile.", speaker="ANN", message_id="m1")
        mem.remember("I keep bees in the Douro.", speaker="Ann Lee", message_id="m2")
        mem.forget(subject="ann")
        assert [c.speaker for c in mem.cards()] == ["Ann Lee"]


def test_a_subject_is_a_name_not_a_document(tmp_path):
    from autogen_zettel.base.errors import InvalidInput

    with _hub(tmp_path) as hub:
        mem = hub.tenant("ann")
        mem.remember("I play chess on Sundays.", speaker="ann", message_id="m1")
        with pytest.raises(InvalidInput, match="too long to forget by"):
            mem.forget(subject="chess sunday " * 100_000)
        assert len(mem.cards()) == 1
