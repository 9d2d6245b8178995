"""The heuristic refiner: turns one message into 0-3 atomic card drafts, with no LLM.

It splits the message into sentences, drops small talk, groups what is left into at most
``max_cards`` self-contained cards, and tags each with a kind, keywords and named entities.
Every draft carries the id of its source message, so no card exists that cannot be traced
back to what was said.

>>> drafts = refine_message("Hi! I adopted a puppy named Oscar last week. I love long walks.",
...                         speaker="Ada", message_id="m1")
>>> [(d.kind.value, d.source_ids) for d in drafts]
[('preference', ('m1',))]
>>> refine_message("Hey, how are you?", speaker="Ada", message_id="m2")
[]
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import Protocol

from autogen_zettel.base.cards import CardKind
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.cards.atoms import depends, split_facts
from autogen_zettel.text.lexical import STOPWORDS, tokens
from autogen_zettel.text.script import HAN

__all__ = [
    "CardDraft",
    "Refiner",
    "HeuristicRefiner",
    "refine_message",
    "clean_text",
    "split_sentences",
    "entities_of",
    "keywords",
]


@dataclass(frozen=True)
class CardDraft:
    """What the refiner proposes; the memory turns it into a :class:`~autogen_zettel.base.cards.Card`."""

    content: str
    kind: CardKind
    tags: tuple[str, ...]
    entities: tuple[str, ...]
    confidence: float
    importance: float
    source_ids: tuple[str, ...]
    layers: tuple | None = None  # person-layer evidence an LLM refiner gave (None: read by the rules)
    # (valence -1..1, arousal 0..1) an LLM refiner gave (None: estimated by cards.affect at capture)
    affect: tuple[float, float] | None = None


# a sentence ends at . ! ? (Latin), ؟ (Arabic), । (Devanagari) before a space, at the full-width
# 。！？ of Chinese and Japanese (no space follows them), or at a line break
_SENTENCE_END = re.compile(
    r"[.!?\u061f\u0964]+[\"'\u201d\u2019)\]]*\s+|[\u3002\uff01\uff1f]+[\u300d\u300f\"')]*\s*|\n+"
)
_ABBREVIATIONS = frozenset(
    "dr mr mrs ms prof st jr sr mt ft vs etc no nos fig approx dept inc ltd co".split()
)
_ENDED = re.compile(r"[.!?\u061f\u0964\u3002\uff01\uff1f][\"'\u201d\u2019)\]]*$")
_DOTTED = re.compile(r"(?:[^\W\d_]{1,2}\.)+[^\W\d_]{1,2}")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_SMALL_TALK = re.compile(
    r"^(hi|hey|hello|thanks|thank you|bye|goodbye|good (morning|night|evening)|see you|take care|"
    r"talk (to you )?(soon|later)|ok(ay)?|cool|great|nice|wow|awesome|sure|lol|haha)\b",
    re.IGNORECASE,
)
_FIRST_PERSON = re.compile(r"\b(i|i'm|i've|i'd|i'll|my|me|mine|we|our|us|we're|we've)\b", re.IGNORECASE)
_PREFERENCE = re.compile(
    r"\b(love|loves|like|likes|prefer|prefers|enjoy|enjoys|favou?rite|hate|hates|can't stand|"
    r"don't like|dislike|passionate|into)\b",
    re.IGNORECASE,
)
_PLAN = re.compile(
    r"\b(i'll|i will|we'll|we will|going to|gonna|plan to|planning|promise|intend|will be|"
    r"next (week|month|year)|tomorrow|deadline)\b",
    re.IGNORECASE,
)
_EVENT = re.compile(
    r"\b(yesterday|last (week|month|year|night|weekend)|ago|went|visited|started|finished|"
    r"adopted|bought|joined|won|lost|moved|met|attended|took|ran|graduated|got)\b",
    re.IGNORECASE,
)
_RELATION = re.compile(
    r"\b(my|our) (wife|husband|partner|friend|friends|mom|mother|dad|father|sister|brother|son|"
    r"daughter|kids|children|boss|colleague|team|family|grandma|grandpa|cousin|boyfriend|girlfriend)\b",
    re.IGNORECASE,
)
_ENTITY = re.compile(r"\b([A-Z][a-zA-Z'\-]+(?:\s+[A-Z][a-zA-Z'\-]+)*)")
_NOT_ENTITIES = frozenset(
    "I I'm I've I'll I'd The A An And But So Oh Hey Hi Hello Thanks Thank Yes No Yeah Wow It It's "
    "That This What When Where Why How Who My We Our You Your He She They Me Also Just Really Well "
    "Sure Okay Ok Lol Haha Awesome Great Cool Nice Good Love Congrats Congratulations".split()
    # sentence openers of requests and questions: "Please order the pho" names nobody
    + "Please Let Let's Can Could Would Should Do Don't Did Does Maybe Perhaps Actually".split()
)


def clean_text(text: str | bytes) -> str:
    """Decode (UTF-8 only) and normalise a message; refuse what cannot be a message."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidInput(
                f"message is not valid UTF-8 (byte {exc.start}: {bytes(text)[exc.start : exc.start + 4]!r}); "
                "decode it first, e.g. data.decode('utf-8', errors='replace')"
            ) from None
    if not isinstance(text, str):
        raise InvalidInput(f"message text must be str or UTF-8 bytes, got {type(text).__name__}")
    text = _CONTROL.sub(" ", text.replace("\r\n", "\n")).strip()
    return text


def _no_end(text: str, start: int, end: str, after: int) -> bool:
    """A period that ends no sentence: after a title or an abbreviation with inner periods
    ("Dr.", "p.m.", "e.g."), after a single-letter initial, or before a lower-case word."""
    if "\n" in end:
        return False
    if end[0] in ".!?" and after < len(text) and text[after].islower():
        return True
    if not end.startswith("."):
        return False
    before = text[:start].rsplit(None, 1)[-1] if text[:start].strip() else ""
    word = before.lower().rstrip(".")
    # "p.m", "e.g", "U.S", "d.h": letters with inner periods; not "12.75" or "example.org"
    return word in _ABBREVIATIONS or bool(_DOTTED.fullmatch(word)) or (len(word) == 1 and word.isalpha())


def split_sentences(text: str) -> list[str]:
    """Split on sentence ends (of any script) and line breaks; keep non-empty pieces.

    >>> split_sentences("Dr. Smith met Mr. Jones at 3 p.m. on Friday. Then they left!")
    ['Dr. Smith met Mr. Jones at 3 p.m. on Friday.', 'Then they left!']
    >>> split_sentences("The price rose 3.5% to $12.75. Analysts were surprised.")
    ['The price rose 3.5% to $12.75.', 'Analysts were surprised.']
    >>> split_sentences("我住在杭州。我喜欢喝龙井！")
    ['我住在杭州。', '我喜欢喝龙井！']
    """
    out, start = [], 0
    for m in _SENTENCE_END.finditer(text):
        if _no_end(text, m.start(), m.group(), m.end()):
            continue
        piece = text[start : m.end()].strip()
        if piece:
            out.append(piece)
        start = m.end()
    tail = text[start:].strip()
    if tail:
        out.append(tail)
    return out


def keywords(text: str, n: int = 5) -> tuple[str, ...]:
    """A card's tags: its ``n`` most frequent tokens (ties: longer first, then alphabetical).

    The one rule for tags, used when a card is made and when it is edited.

    >>> keywords("Lisbon trip: the Lisbon pilot ran in May", n=3)
    ('lisbon', 'pilot', 'trip')
    """
    return _top(tokens(text), n)


def _top(toks: list[str], n: int) -> tuple[str, ...]:
    """The ``n`` most frequent of ``toks`` (ties: longer first, then alphabetical)."""
    counts = Counter(toks)
    return tuple(t for t, _ in sorted(counts.items(), key=lambda kv: (-kv[1], -len(kv[0]), kv[0]))[:n])


def entities_of(text: str, *, extra: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Capitalised names that are not sentence starters or common words, plus ``extra``."""
    found = []
    for match in _ENTITY.finditer(text):
        words = [w for w in match.group(1).split() if w not in _NOT_ENTITIES]
        name = " ".join(words).strip("'-")
        if name and len(name) > 1 and name.lower() not in STOPWORDS:
            found.append(name)
    found.extend(extra)
    return tuple(dict.fromkeys(found))


_PLEASANTRIES = frozenset(
    "good great nice glad hear see happy awesome amazing cool congrat congratulation miss welcome "
    "sound fun wonderful fantastic lovely cute sweet beautiful proud care day night morning bye "
    "hope well been doing new up hello".split()
)


# a short reply that settles something: "Great, microservices with FastAPI it is.", "OK, let's
# go with Postgres." It opens like small talk but is the decision itself
_DECISION = re.compile(
    r"\b(it's settled|(let's|let us) (go with|use|do|take|book|pick|choose)|go(ing)? with|agreed|decided|deal|"
    r"settled|confirmed|approved|we'll take|we will take|book it)\b|\bit is[.!]?$",
    re.IGNORECASE,
)


# a sentence that tells of a person: its subject or owner is one ("Im in the hospital", "They all
# cancelled", "Thanks its my birthday"), typed with or without the apostrophe
_TOLD_OF = re.compile(
    r"\b(i|im|i'm|my|we|our|he|he's|hes|she|she's|shes|they|their|his|her|its|it's)\b", re.IGNORECASE
)


def _is_small_talk(sentence: str, min_words: int) -> bool:
    """Greetings and pleasantries: nothing a later conversation would need to recall. A short
    confirmation that names what it settles is kept (the REPLY_TO link ties it to the proposal),
    and so is a short statement that tells of someone ("Yeah I have IBS", "He's my idol",
    "I like my teas"): one content word, but what a later question asks for."""
    content = tokens(sentence)
    substance = [t for t in content if t not in _PLEASANTRIES]
    if not substance:
        return True
    if _DECISION.search(sentence):
        return False
    if len(content) < min_words - 1:
        return (
            not _TOLD_OF.search(sentence)
            or len(sentence.split()) < min_words
            or sentence.rstrip().endswith("?")
        )
    return bool(_SMALL_TALK.match(sentence)) and len(content) < min_words + 1


# news told with its subject dropped, a verb first ("Got promoted!!", "Finally engaged!", "Just hired"):
# too short for a card, but what follows it ("Team lead from Monday") is its detail
_NEWS_LEAD = re.compile(
    r"^(?:(?:just|finally|officially|so)\s+)*(?:got\s+|been\s+)?(?:[a-z]{3,}ed|won|made|became|passed)\b[^,;]*$",
    re.IGNORECASE,
)


# a thing named as a question the speaker answers at once ("Oysters? No thanks", "Sushi again? Yes
# please"): the question is what the answer is about
_SELF_ASKED = re.compile(r"^\s*(?:(?:ugh|oh|hmm+|eh)[,!.]*\s+)?[A-Za-z][\w'\- ]{1,40}\?+\s*$")
# a question put to the hearer by its verb ("Is the car fixed?", "Did you send it?"): not a thing named
_ASKED_OF_YOU = re.compile(
    r"^\s*(?:is|are|was|were|did|do|does|have|has|had|can|could|will|would|should|shall)\b", re.IGNORECASE
)
_SELF_ANSWER = re.compile(
    r"^\s*(?:(?:no|nah|nope|yes|yeah|yep|sure|pass|never|not"
    # (or a verdict on it that points back: "The damp thing with the landlord? That's dealt with.")
    r"|(?:that|it)(?:'s|s|\s+is|\s+was|\s+has\s+been))\b|all\s+(?:sorted|done|good|fixed|dealt with|taken care of)[.!]*\s*$)",
    re.IGNORECASE,
)


# a yes or a no said alone, as the first sentence of an answer
_ANSWER_HEAD = re.compile(
    r"^\s*(?:(?:yes|yeah|yep|yup|sure|go on|defo|no|nah|nope|no thanks|not for me)[,!.~]*"
    r"|(?:来|喝|吃|去|走|要|好啊|好呀|好的|可以|行啊|不了|算了|不用了?|不去|不要|戒了)(?:啊|呀|吧)?[！!~～。]*)\s*$",
    re.IGNORECASE,
)


ANSWER_WORDS = 12  # the most words (or Chinese characters, two to a word) of a reply a yes or no heads


def _short(rest: list[str]) -> bool:
    """Whether what follows a bare yes or no is a chat reply's few words ("Nah. Had one yesterday")."""
    text = " ".join(rest)
    return len(re.findall(r"[A-Za-z0-9']+", text)) + len(HAN.findall(text)) / 2 <= ANSWER_WORDS


def _leads_joined(sentences: list[str], min_words: int) -> list[str]:
    """The sentences worth a card. News too short to stand alone, its subject dropped ("Got
    promoted!!", not "Thanks!" or "Yeah, Caroline!"), leads into the sentence after it ("Got
    promoted!! Team lead from Monday"): kept as that sentence's head rather than dropped, so
    what follows keeps its news; so does a thing asked bare that the next sentence answers
    ("Oysters? No thanks, never saw the appeal"), and a bare yes or no heading a longer answer
    ("Nah. Had one yesterday", "来！冰的")."""
    out: list[str] = []
    lead = ""
    for n, sentence in enumerate(sentences):
        if lead and _SELF_ASKED.match(lead) and _SELF_ANSWER.match(sentence):
            out.append(f"{lead} {sentence}")  # "Sushi again? No thanks.": the answer, with its thing
            lead = ""
            continue
        if _is_small_talk(sentence, min_words):
            if (
                not lead
                and out
                and out[-1] == sentences[n - 1]
                and _SELF_ASKED.match(out[-1])
                and not _ASKED_OF_YOU.match(out[-1])
                and _SELF_ANSWER.match(sentence)
            ):
                out[-1] = f"{out[-1]} {sentence}"  # a thing named as asked, answered too short for a card
                continue
            answered = (
                _SELF_ASKED.match(sentence)
                and n + 1 < len(sentences)
                and _SELF_ANSWER.match(sentences[n + 1])
            )
            news = _NEWS_LEAD.match(sentence) and not sentence.rstrip().endswith("?")
            # a bare yes or no heading the answer ("来！冰的，夏天就得喝啤酒", "Nah. Had one yesterday"):
            # what the answer says of the thing offered, kept with what follows
            # (a chat reply's: in a long message "Yeah!" opens what the speaker goes on to tell, and the
            # sentence after it is a card of its own)
            yes_no = _ANSWER_HEAD.match(sentence) and n + 1 < len(sentences) and _short(sentences[n + 1 :])
            lead = sentence if news or answered or yes_no else ""
            continue
        out.append(f"{lead} {sentence}" if lead else sentence)
        lead = ""
    return out


def _kind_of(text: str) -> CardKind:
    if _PLAN.search(text) and _FIRST_PERSON.search(text):
        return CardKind.PLAN
    if _PREFERENCE.search(text):
        return CardKind.PREFERENCE
    if _RELATION.search(text):
        return CardKind.RELATION
    if _EVENT.search(text):
        return CardKind.EVENT
    return CardKind.FACT


def _groups(sentences: list[str], max_cards: int) -> list[list[str]]:
    """Consecutive sentence groups of balanced word count, at most ``max_cards`` of them."""
    words = [len(s.split()) for s in sentences]
    total = sum(words)
    n = max(1, min(max_cards, len(sentences), math.ceil(total / 60)))
    target = total / n
    groups: list[list[str]] = [[]]
    acc = 0
    for sentence, w in zip(sentences, words):
        if groups[-1] and acc >= target and len(groups) < n:
            groups.append([])
            acc = 0
        groups[-1].append(sentence)
        acc += w
    return groups


def _join(pieces: list[str]) -> str:
    """Sentences joined by a space; facts cut from one sentence and merged again by a semicolon."""
    out = pieces[0]
    for piece in pieces[1:]:
        out += " " if _ENDED.search(out) else "; "
        out += piece
    return out


def _atomic_groups(sentences: list[str], max_cards: int, min_words: int) -> list[list[str]]:
    """Groups of sentences as :func:`_groups` makes them, except that a sentence stating facts
    about different subjects is split into one group per fact
    (:func:`~autogen_zettel.cards.atoms.split_facts`); a fact or sentence that points back
    ("It was great.") stays with the one before it. Over ``max_cards``, the two neighbouring
    groups with the fewest words together are merged until it fits."""
    runs: list[tuple[bool, list[str]]] = []  # (one fact of a split sentence, sentences)
    for sentence in sentences:
        facts = split_facts(sentence, min_words=min_words)
        for fact in facts:
            if runs and (depends(fact) or len(tokens(fact)) < 2):
                runs[-1][1].append(fact)
            elif len(facts) == 1 and runs and not runs[-1][0]:
                runs[-1][1].append(fact)
            else:
                runs.append((len(facts) > 1, [fact]))
    groups = [g for atom, run in runs for g in ([run] if atom else _groups(run, max_cards))]
    while len(groups) > max(1, max_cards):
        sizes = [sum(len(s.split()) for s in a + b) for a, b in zip(groups, groups[1:])]
        i = sizes.index(min(sizes))
        groups[i : i + 2] = [groups[i] + groups[i + 1]]
    return groups


def refine_message(
    text: str,
    *,
    speaker: str,
    message_id: str,
    known_entities: tuple[str, ...] = (),
    max_cards: int = 3,
    min_words: int = 3,
    atomic: bool = True,
) -> list[CardDraft]:
    """Distil one message into at most ``max_cards`` drafts (none for small talk).

    :param text: the message, already cleaned with :func:`clean_text`
    :param speaker: who said it (recorded on every draft)
    :param message_id: the source id every draft carries
    :param known_entities: names (such as the chat's speakers) to detect as entities
    :param atomic: a sentence that states facts about different subjects gives one card per
        fact (see :func:`_atomic_groups`); otherwise, and always for whole sentences, one card
        per 60 words
    """
    sentences = _leads_joined(split_sentences(text), min_words)
    if not sentences:
        return []
    drafts = []
    groups = _atomic_groups(sentences, max_cards, min_words) if atomic else _groups(sentences, max_cards)
    for group in groups:
        content = _join(group)
        toks = tokens(content)
        if not toks:
            continue
        tags = _top(toks, 5)  # keywords(content), from the tokens already made
        mentioned = tuple(
            e for e in known_entities if re.search(rf"\b{re.escape(e)}\b", content, re.IGNORECASE)
        )
        entities = entities_of(content, extra=mentioned)
        first_person = bool(_FIRST_PERSON.search(content))
        question = content.rstrip().endswith("?")
        kind = _kind_of(content)
        confidence = 0.4 if question else (0.8 if first_person else 0.6)
        importance = min(
            1.0,
            0.3
            + 0.05 * len(set(toks))
            + (0.2 if kind is not CardKind.FACT else 0.0)
            + (0.1 if first_person else 0.0),
        )
        drafts.append(
            CardDraft(
                content=content,
                kind=kind,
                tags=tags,
                entities=entities,
                confidence=confidence,
                importance=round(importance, 3),
                source_ids=(message_id,),
            )
        )
    return drafts


class Refiner(Protocol):
    """Anything that distils a message into card drafts (the heuristic one, or an LLM one)."""

    def refine(
        self,
        text: str,
        *,
        speaker: str,
        message_id: str,
        known_entities: tuple[str, ...] = (),
        max_cards: int = 3,
        min_words: int = 3,
    ) -> list[CardDraft]:
        """At most ``max_cards`` drafts, each with ``source_ids`` containing ``message_id``."""


class HeuristicRefiner:
    """The offline default: :func:`refine_message`."""

    def refine(self, text: str, **kwargs) -> list[CardDraft]:
        return refine_message(text, **kwargs)
