"""Atomic facts and who "you" is: the pieces the heuristic refiner makes cards of.

A compound sentence that states several facts, each with its own subject, becomes one fact
each; a clause that only continues the one before ("and it was great") stays with it. A
gapped clause that shares its subject and verb with the one before ("we chose FastAPI for the
API and Postgres for storage") gets them back, so that each fact reads on its own. The rules
are English and deliberately narrow: a wrong split makes two half-cards, a missed split only
one card that says two things. Other languages keep their sentences whole.

>>> split_facts("We chose FastAPI for the microservices and Postgres for storage, Ana owns the migration by Friday.")
['We chose FastAPI for the microservices', 'We chose Postgres for storage', 'Ana owns the migration by Friday.']
>>> split_facts("I went to a support group yesterday and it was so powerful.")
['I went to a support group yesterday and it was so powerful.']
>>> name_addressee("Did you finish your thesis?", "Ana")
'Did you (Ana) finish your thesis?'
>>> name_speaker("Yes, I'm done with my thesis.", "Bo")
"Yes, I'm (Bo) done with my thesis."
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["split_facts", "depends", "addressee_of", "name_addressee", "name_speaker", "embed_text"]

# where a sentence may hold a second clause: a comma or semicolon, or a coordinating word
_JOINT = re.compile(r"\s*[;,]\s+(?:(?:and|but|so|plus)\s+)?|\s+(?:and|but|so|while|whereas|plus)\s+")
_PRONOUN_SUBJECT = re.compile(
    r"(?:i|we|you|i'm|we're|you're|i've|we've|i'll|we'll|i'd|we'd)\b", re.IGNORECASE
)
_POSSESSIVE_SUBJECT = re.compile(r"(?:my|our)\s+[a-z][\w\-]*\s+[a-z]", re.IGNORECASE)
_NAME = r"[A-Z][\w\-']*(?:\s+[A-Z][\w\-']*)*"
_NAMED_SUBJECT = re.compile(rf"(?P<name>{_NAME})\s+(?P<next>[a-z][\w\-']*)")
# words that follow a noun phrase but cannot be its verb: the clause is no new statement
_NOT_VERBS = frozenset(
    "a an the and or but so of for to in on at with from by as into onto about than then too also "
    "this that these those my our your his her their its it you i we they he she me him them us".split()
)
_PREPOSITIONS = "for|as|to|in|on|at|with|from|by|into|about"
_GAPPED = re.compile(rf"(?P<obj>{_NAME})\s+(?P<prep>{_PREPOSITIONS})\s+\S")
_OPENERS = frozenset(
    "I I'm I've I'll I'd We We're You Hey Hi Hello Thanks Oh Yes No Yeah Well So And But Also "
    "Sure Okay Ok Wow The A An It It's That This My Our".split()
)
# a clause that points back ("my kids love it too", "they loved the lake") is no fact on its own
# (not "her", "his": "Melanie starts her class" is about its own subject)
_BACK_WORDS = "it its that this them they those these there too also either one".split()
_BACK_REFERENCE = re.compile(rf"\b(?:{'|'.join(_BACK_WORDS)})\b", re.IGNORECASE)
# a verdict of praise on the hearer for what was just told, closing the sentence ("..., you're a
# star Marisol", "... - you're such a legend!"), then at most a name ("you're a teacher Anna" is news)
_VERDICT_ON_YOU = re.compile(
    r"^(?:you're|you are|youre|ur|u r)\s+(?:such\s+)?an?\s+(?:absolute\s+|total\s+|real\s+)?"
    r"(?:star|superstar|legend|hero|lifesaver|life saver|angel|gem|saint|diamond|treasure|champ|genius)"
    r"(?:,?\s+[A-Z][\w\-']*)?\s*[.!]*\s*$",
    re.IGNORECASE,
)
# a clause whose time is the one said before it ("..., I'll bring the projector then"): no fact alone
_THEN_AT_END = re.compile(r"\b(?:then|by then)\s*[.!?]*$", re.IGNORECASE)
# a sentence opening with one of these continues the one before ("She loved it.", "Then we left.")
_OPENS_BACK = frozenset(_BACK_WORDS) | frozenset("he she his her him their then".split())
# case-sensitive: "I" is the pronoun only as a capital, "my"/"me" only inside a sentence
_I = re.compile(r"(?<![\w'])(?:I'm|I've|I'll|I'd|I|my|me)(?![\w'])")
_YOU = re.compile(r"\b(you|your|yours)\b(?! \()", re.IGNORECASE)
_GENERIC_YOU = re.compile(
    r"\b(?:you know|you see|you never know|thank you|see you|you guys|if you ask me)\b", re.IGNORECASE
)


def _new_subject(clause: str) -> bool:
    """Does ``clause`` open with a subject of its own (I, we, you, my sister, Ana + a verb)?"""
    if _PRONOUN_SUBJECT.match(clause) or _POSSESSIVE_SUBJECT.match(clause):
        return True
    m = _NAMED_SUBJECT.match(clause)
    return bool(m and m.group("name") not in _OPENERS and m.group("next").lower() not in _NOT_VERBS)


def _ungap(previous: str, clause: str) -> str | None:
    """ "Postgres for storage" after "we chose FastAPI for the API": "we chose Postgres for storage"."""
    m = _GAPPED.match(clause)
    if not m or m.group("obj") in _OPENERS:
        return None
    left = re.search(rf"^(?P<head>.*?\S)\s+(?P<obj>{_NAME})\s+{m.group('prep')}\s", previous)
    if (
        not left
        or not _PRONOUN_SUBJECT.match(left.group("head"))
        and not _NAMED_SUBJECT.match(left.group("head"))
    ):
        return None
    if len(left.group("head").split()) > 4:  # "we chose", "Ana picked": a short subject and verb only
        return None
    return f"{left.group('head')} {clause}"


def depends(fact: str) -> bool:
    """Does ``fact`` open by pointing back at what was said before ("It was great", "That one")?"""
    first = fact.split(None, 1)[0] if fact.strip() else ""
    return first.strip(",.!?").lower() in _OPENS_BACK


def split_facts(sentence: str, *, min_words: int = 3) -> list[str]:
    """The atomic facts of one sentence (the sentence itself when it states one fact).

    :param min_words: a piece shorter than this stays with the one before it
    """
    if not sentence.isascii() or len(sentence.split()) < 2 * min_words:
        return [sentence]
    pieces, joints, pos = [], [], 0
    for m in _JOINT.finditer(sentence):
        pieces.append(sentence[pos : m.start()])
        joints.append(m.group())
        pos = m.end()
    pieces.append(sentence[pos:])
    if len(pieces) == 1:
        return [sentence]
    if not _new_subject(pieces[0]):  # "By the way, I ...", "Taking your advice, I ...", "It took ..."
        return [sentence]
    facts = [pieces[0]]
    for joint, piece in zip(joints, pieces[1:]):
        ungapped = _ungap(facts[-1], piece) if len(piece.split()) >= 2 else None
        stands = ungapped is not None or (
            _new_subject(piece)
            and len(piece.split()) >= min_words
            and not _BACK_REFERENCE.search(piece)
            and not _THEN_AT_END.search(piece)
            and not _VERDICT_ON_YOU.match(piece)
        )
        if stands and len(facts[-1].split()) >= min_words:
            facts.append(ungapped or piece)
        else:
            facts[-1] = facts[-1] + joint + piece
    if len(facts) == 1:
        return [sentence]
    return [f.strip() for f in facts if f.strip()]


def addressee_of(
    text: str, *, speaker: str, participants: Sequence[str], previous: str | None = None
) -> str | None:
    """Who "you" means in ``text``: a participant named at its start ("Ana, can you ..."),
    else the previous speaker, else the other one of exactly two participants; None when unsure.

    >>> addressee_of("Bo, can you take the notes?", speaker="Ana", participants=["Ana", "Bo", "Cy"])
    'Bo'
    >>> addressee_of("Can you take the notes?", speaker="Ana", participants=["Ana", "Bo"])
    'Bo'
    >>> addressee_of("Can you take the notes?", speaker="Ana", participants=["Ana", "Bo", "Cy"]) is None
    True
    """
    others = [p for p in dict.fromkeys(participants) if p and p.casefold() != speaker.casefold()]
    head = text.lstrip("@ ").split(None, 1)[0].strip(",:!") if text.strip() else ""
    named = [p for p in others if p.casefold() == head.casefold()]
    if named:
        return named[0]
    if previous and previous.casefold() != speaker.casefold():
        return previous
    return others[0] if len(others) == 1 else None


def name_addressee(text: str, addressee: str | None) -> str:
    """``text`` with its first "you"/"your" followed by who it means, in brackets (the original
    words stay, as with dates); generic uses ("you know", "thank you") are left alone."""
    if not addressee or addressee.casefold() in text.casefold():
        return text
    for m in _YOU.finditer(text):
        if any(g.start() <= m.start() < g.end() for g in _GENERIC_YOU.finditer(text)):
            continue
        return f"{text[: m.end()]} ({addressee}){text[m.end() :]}"
    return text


def name_speaker(text: str, speaker: str) -> str:
    """``text`` with its first "I"/"my"/"me" followed by the speaker's name in brackets, unless
    the name is in it already: what the index sees of a card (its content keeps "I", which
    claims and the persona read as the speaker)."""
    if not speaker or speaker.casefold() in text.casefold():
        return text
    return _I.sub(lambda m: f"{m.group(0)} ({speaker})", text, count=1)


def embed_text(speaker: str, content: str) -> str:
    """What is embedded for a card: who said it is part of what it means, and who "I" is
    (the first "I"/"my"/"me" followed by the speaker's name, see
    :func:`name_speaker`, which recalls better than the speaker
    prefix alone, most of all for multi-hop questions)."""
    return f"{speaker}: {name_speaker(content, speaker)}"
