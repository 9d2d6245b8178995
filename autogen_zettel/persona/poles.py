"""Which way feedback asks a trait to move, read from the words that name the trait's poles.

People rarely name a trait; they name one of its ends ("harsh", "kind", "啰嗦", "简洁") and
say how they feel about it. A complaint names what is excessive or missing ("too harsh",
"you're so blunt it stings": less of the low pole, so *more* warmth; "太啰嗦了": more
conciseness), praise names what to keep ("that was kind, thanks": more warmth), a request the
direction wanted ("could you be a bit gentler", "能不能短一点"). Sentiment alone cannot say
which: "too harsh" is negative and asks for *more* warmth.

Each trait may list ``poles`` (``defaults/traits.yaml``; a persona file adds its own):

.. code-block:: yaml

    poles:
      high: {words: {en: [kind, gentle], zh: [客气, 温和]}, faults: {en: [sugar-coated], zh: [虚伪]}}
      low:  {words: {en: [candid], zh: [直言]},            faults: {en: [harsh, blunt], zh: [刺耳]}}

``words`` name a pole as a quality (wanted unless the clause says "too", "less", "don't");
``faults`` name it as a failing (unwanted unless the clause asks for "more" of it). The stance
toward the named pole, from the words around it in its clause, is one of:

1. an imperative negation before it ("don't", "no need to", "stop", "less", 别, 不要, 不用, 少):
   unwanted;
2. "not ... enough" / 不够: wanted (it is missing);
3. an excess word before a quality ("too", "overly", 太, 过于, 有点): unwanted; a negated one
   ("not too long") says nothing;
4. a comparative request ("more", "a bit more", 更, 再, "...一点", "...一些"): wanted;
5. a cue after it ("one sentence *isn't enough*", "*would have been enough*", 细节*不够*, 字数*再少*),
   a contrast before it ("instead of one line"), or the clause's attitude ("the joke *fell flat*",
   "*I'd prefer* the conservative route");
6. otherwise the word's own connotation: a quality is wanted, a fault unwanted; a quality word
   with nothing around it in a task asking for a document ("write a brief note") says nothing.

The direction is the pole (+1 high, -1 low) times the stance. A trait named both ways in one
message gives nothing. Matching is script-aware: words of Latin script match on word
boundaries, Chinese phrases as substrings. A language without listed words gives no evidence.

>>> from autogen_zettel.persona.traits import default_traits
>>> specs = default_traits()
>>> pole_readings("太啰嗦了", specs), pole_readings("能不能短一点", specs)
({'conciseness': 1}, {'conciseness': 1})
>>> pole_readings("That was far too brief", specs), pole_readings("It was not too long", specs)
({'conciseness': -1}, {})
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from autogen_zettel.persona.direction import attitude
from autogen_zettel.persona.traits import TraitSpec

__all__ = ["PoleHit", "has_cjk", "pole_cues", "pole_hits", "pole_readings", "split_clauses"]

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_KANA = re.compile(r"[\u3040-\u30ff]")  # Japanese shares the characters, not the grammar: not read
# clause ends in both scripts; "but" / 但是 / 不过 start a new clause
_CLAUSE_SPLIT = re.compile(r"[.!?;:,\n，。！？；：、…]+|\s+but\s+|但是|不过|可是", re.IGNORECASE)

# -- what stands before or after a pole word (general English and Chinese, written once) -------
_EN_IMPERATIVE = re.compile(
    r"(?<![\w'])(?:don't|dont|do not|stop|quit|no need to|no need for|needn't|avoid|less|fewer|no more|"
    r"enough with|enough of|skip|drop|cut|ditch|lose|without|spare me|don't need to|don't have to|"
    r"doesn't need to|doesn't have to|do without|tone down|dial down|dial back|rein in|let's not|let us not|"
    r"shouldn't|should not|mustn't|must not|no)(?![\w'])"
)
_EN_WITHHOLD = re.compile(
    r"(?<![\w'])(?:hold back|holding back|skimp|spare|leave out|shy away|hesitate|cut back|"
    r"skip|hide|hold off)(?![\w'])"
)
_EN_CONTRAST = re.compile(r"(?:instead of|rather than|,\s*not|\bnot an?)\s+(?:[\w'-]+\s+){0,2}$")
_EN_UNWANTED_AFTER = re.compile(
    r"^\W*(?:[\w'-]+\s+){0,3}?(?:isn't enough|is not enough|wasn't enough|was not enough|doesn't cut it|won't cut it|"
    r"didn't cut it|won't do|left too much out|left out too much|leaves too much out|missed the mark|didn't land|"
    r"doesn't land|isn't helping|is not helping|fell flat|falls flat|won't fly|doesn't fly|has to go|needs to go|"
    r"has got to go|can go|isn't working|is not working|doesn't work|didn't work)(?![\w'])"
)
_EN_WANTED_AFTER = re.compile(
    r"^\W*(?:[\w'-]+\s+){0,3}?(?:would have been enough|would be enough|would have done|would do|will do|"
    r"is all i need|is all i want|is all i wanted|would be fine|is fine|would have been fine|works better|"
    r"is better|would be better|would help|would be nice|would be great|is welcome)(?![\w'])"
)
_EN_EXCESS_START = re.compile(r"(?:too|so|overly|way too|far too)\s")
_EN_ENOUGH_BEFORE = re.compile(r"(?:^|\s)enough(?:\s+(?:with|of|of the|with the|already))?\s*$")
_EN_WELCOME = re.compile(
    r"(?<![\w'])(?:it's fine to|it is fine to|it's ok to|it's okay to|fine to be|okay to be|"
    r"nothing wrong with|i'd prefer|i prefer|i'd rather|let's go with|stick with|go with)(?![\w'])"
)
_EN_DESCRIPTIVE_NEG = re.compile(
    r"(?<![\w'])(?:not|wasn't|isn't|weren't|aren't|hardly|never|n't)(?![\w'])|n't(?![\w'])"
)
_EN_EXCESS = re.compile(r"(?<![\w'])(?:too|overly|excessively|unduly|why so|a tad)(?![\w'])")
_EN_MORE = re.compile(r"(?<![\w'])(?:more|a bit more|a little more|even more|extra)(?![\w'])")
_EN_ENOUGH = re.compile(r"^\W*enough(?![\w'])")
_ZH_IMPERATIVE = re.compile(
    r"别|別|不要|不用|不必|甭|无需|不需要|用不着|没必要|不许|停止|避免|减少|不适合|不合适|不该|不应该|"
    r"(?<![至不多很])少(?![见数])"
)
_ZH_NOT_ENOUGH = re.compile(r"不够|不夠|还不够|缺乏|缺少|欠")
_ZH_DESCRIPTIVE_NEG = re.compile(r"不太|不是很|不怎么|没有|不|没")
_ZH_EXCESS = re.compile(r"太|过于|過於|过分|過分|有点|有點|有些|未免|过度|過度")
_ZH_MORE_BEFORE = re.compile(r"更|再|多一点|多些|稍微|尽量")
_ZH_MORE_AFTER = re.compile(r"^(?:一点|一點|一些|些|点|點|多了|得多|了很多)")
_ZH_LESS_AFTER = re.compile(r"^(?:再|能|可以|要)?(?:少|减少|降低|压缩|砍)")  # "字数再少一点": less of it
_ZH_SHORT_AFTER = re.compile(r"^(?:还|還)?(?:不够|不夠)")  # "细节不够": it is missing
_ZH_EXCESS_AFTER = re.compile(r"^(?:太多|过多|太长|太细|太满|有点多)")  # "细节太多": too much of it


def has_cjk(text: str) -> bool:
    """Whether ``text`` holds a Chinese character (an English-only embedder cannot read it)."""
    return _CJK.search(text) is not None


def _chinese(text: str) -> bool:
    return has_cjk(text) and _KANA.search(text) is None


def split_clauses(text: str) -> list[str]:
    """The clauses of a message in English or Chinese: split at sentence ends, commas
    (、，), ``;`` and "but"/但是/不过."""
    return [c.strip(" \"'“”‘’-") for c in _CLAUSE_SPLIT.split(text) if c.strip(" \"'“”‘’-")]


@dataclass(frozen=True)
class PoleHit:
    """One pole word found in a clause, and the direction it asks the trait to move."""

    trait: str
    phrase: str
    pole: int  # +1 high, -1 low
    fault: bool
    stance: int  # +1 wanted, -1 unwanted, 0 says nothing
    start: int

    @property
    def sign(self) -> int:
        return self.pole * self.stance


# a quality word with nothing around it ("brief") counts in feedback ("that was brief", "be
# gentle"), not in a task that asks for a document ("write a brief note to the funder",
# "写一份简短的报告")
_EN_TASK = re.compile(
    r"(?<![\w'])(?:write|prepare|draft|send|make|create|compose|put together|produce|print|"
    r"book|order|plan|schedule|organise|organize)\s+(?:me\s+|us\s+|them\s+|him\s+|her\s+)?"
    r"(?:a|an|some|the)\s+(?:[\w'-]+\s+){0,2}(?:note|report|summary|email|e-mail|memo|letter|list|"
    r"agenda|invoice|update|abstract|draft|proposal|slides|deck|document|doc|post|message|minutes|"
    r"overview|outline|brief|meeting|call|session|talk|room|trip)s?(?![\w'])"
)
_ZH_TASK = re.compile(r"(?:写|做|准备|整理|发|起草|交|提交)(?:一|两|几)?(?:份|篇|封)")


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("\u2019", "'").replace("\u2018", "'").split())


_PATTERNS: dict[str, re.Pattern] = {}


def _pattern(phrase: str) -> re.Pattern:
    p = _PATTERNS.get(phrase)
    if p is None:
        body = r"\s*".join(re.escape(w) for w in phrase.split())
        # Latin-script words on word boundaries ("kind" is not "kindle"); Chinese as substrings
        p = re.compile(body if has_cjk(phrase) else rf"(?<![a-z0-9'-]){body}(?![a-z0-9'-])")
        _PATTERNS[phrase] = p
    return p


def _words_before(text: str, n: int) -> str:
    return " ".join(text.split()[-n:])


def _stance(clause: str, start: int, end: int, fault: bool, cjk: bool) -> tuple[int, bool]:
    """The stance toward a pole word at ``start:end`` and whether a word around it said so
    (else it is the word's connotation)."""
    default = -1 if fault else 1
    found = _marked(clause, start, end, fault, cjk)
    return (default, False) if found is None else (found, True)


def _marked(clause: str, start: int, end: int, fault: bool, cjk: bool) -> int | None:
    before, after = clause[:start], clause[end:]
    if cjk:
        near = before[-4:]
        if _ZH_IMPERATIVE.search(near):
            return -1
        if _ZH_NOT_ENOUGH.search(before[-3:]):
            return 1
        if _ZH_EXCESS.search(before[-3:]):
            return 0 if _ZH_DESCRIPTIVE_NEG.search(before[-4:-1] or "") else -1
        if _ZH_LESS_AFTER.match(after) or _ZH_EXCESS_AFTER.match(after):
            return -1
        if _ZH_SHORT_AFTER.match(after):
            return 1
        if _ZH_MORE_BEFORE.search(before[-3:]) or _ZH_MORE_AFTER.match(after):
            return 1
        return None
    near = _words_before(before, 5)
    if _EN_EXCESS_START.match(clause[start:end]) and _EN_DESCRIPTIVE_NEG.search(_words_before(before, 3)):
        return 0  # "it was not too slow": the excess is the listed word's own
    imperative = _last(_EN_IMPERATIVE, near)
    if imperative is not None:
        # "don't hold back on the details": a negated withholding asks for the thing
        return 1 if _EN_WITHHOLD.search(near[imperative:]) else -1
    if _EN_CONTRAST.search(before):
        return -1  # "the steps instead of one line", "numbers, not adjectives"
    if _EN_UNWANTED_AFTER.match(after):
        return -1  # "one sentence isn't enough", "the joke fell flat"
    if _EN_WANTED_AFTER.match(after):
        return 1  # "one sentence would have been enough"
    if _EN_ENOUGH.match(after) and _EN_DESCRIPTIVE_NEG.search(near):
        return 1
    close = _words_before(before, 3)
    if _EN_ENOUGH_BEFORE.search(_words_before(before, 2)) and not _EN_DESCRIPTIVE_NEG.search(close):
        return -1  # "enough questions"
    if _EN_EXCESS.search(close):
        if _EN_DESCRIPTIVE_NEG.search(_words_before(before, 4)):
            return 0  # "it was not too long": no request either way
        return -1
    if _EN_MORE.search(_words_before(before, 2)):
        return 1
    rest = clause[:start] + " " + clause[end:]  # a word's own attitude ("leave the planning to me") is no cue
    feeling = attitude(rest) or (1 if _EN_WELCOME.search(rest) else 0)
    return feeling or None


def _last(pattern: re.Pattern, text: str) -> int | None:
    found = [m.end() for m in pattern.finditer(text)]
    return found[-1] if found else None


def _phrases(spec: TraitSpec):
    for pole, words, faults in (
        (1, spec.high_words, spec.high_faults),
        (-1, spec.low_words, spec.low_faults),
    ):
        for fault, phrases in ((False, words), (True, faults)):
            for phrase in phrases:
                yield pole, fault, phrase


def pole_hits(clause: str, specs: Mapping[str, TraitSpec], message: str | None = None) -> list[PoleHit]:
    """The pole words of every trait in one clause, longest first, none overlapping another;
    ``message`` is the whole message the clause is part of (default: the clause)."""
    text = _norm(clause)
    cjk = _chinese(text)
    if has_cjk(text) and not cjk:
        return []
    found: list[tuple[int, int, str, int, bool, str]] = []
    for name, spec in specs.items():
        for pole, fault, phrase in _phrases(spec):
            if has_cjk(phrase) != cjk and has_cjk(phrase):
                continue
            for m in _pattern(phrase).finditer(text):
                found.append((m.start(), m.end(), name, pole, fault, phrase))
    found.sort(key=lambda f: (-(f[1] - f[0]), f[0]))
    taken: list[tuple[int, int]] = []
    kept = []
    for start, end, name, pole, fault, phrase in found:
        if any(start < e and s < end for s, e in taken):
            continue
        taken.append((start, end))
        kept.append((start, end, name, pole, fault, phrase))
    hits: list[PoleHit] = []
    last: tuple[int, str, int, int] | None = None  # end, trait, stance toward the high pole, marked
    whole = _norm(message or clause)
    about = (_ZH_TASK if cjk else _EN_TASK).search(whole) is None
    for start, end, name, pole, fault, phrase in sorted(kept):
        stance, marked = _stance(text, start, end, fault, has_cjk(phrase))
        if not (marked or fault or about):
            stance = 0
        # "不需要引用文献", "no jokes or puns": a word right after one the clause already took a
        # stance on shares it (the negation governs the phrase, not one word)
        if not marked and last is not None and last[1] == name and last[3] and start - last[0] <= 4:
            stance = last[2] * pole
            marked = True
        hits.append(PoleHit(name, phrase, pole, fault, stance, start))
        last = (end, name, stance * pole, int(marked))
    return hits


def pole_readings(text: str, specs: Mapping[str, TraitSpec]) -> dict[str, int]:
    """Per trait, the direction the pole words of ``text`` ask for (+1 more of it, -1 less);
    traits named both ways, or not at all, are left out."""
    votes: dict[str, set[int]] = {}
    for clause in split_clauses(text):
        for hit in pole_hits(clause, specs, text):
            if hit.sign:
                votes.setdefault(hit.trait, set()).add(hit.sign)
    return {t: next(iter(s)) for t, s in votes.items() if len(s) == 1}


def pole_cues(text: str, specs: Mapping[str, TraitSpec]) -> dict[str, tuple[int, str]]:
    """:func:`pole_readings` with the first pole word of each trait (the evidence's cue)."""
    out: dict[str, tuple[int, str]] = {}
    readings = pole_readings(text, specs)
    for clause in split_clauses(text):
        for hit in pole_hits(clause, specs, text):
            if readings.get(hit.trait) == hit.sign and hit.trait not in out:
                out[hit.trait] = (hit.sign, hit.phrase)
    return out
