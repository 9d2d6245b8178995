"""What a card claims about a subject, offline: (subject, topic, polarity or value, context).

Two cards contradict each other when they make claims on the same subject and topic with
opposite polarity ("I don't eat coriander" / "order the pho with extra coriander") or with
different values ("I live in Lisbon" / "I moved to Porto"), in the same context. The rules
are deliberately narrow, since a false conflict hides a true card: a claim needs a first-person
(or named) subject and a present-tense stance, consumption or activity verb, a negation cue
("no running", "quit smoking", "allergic to nuts"), an order ("order the pho with ..."), or
one of a few attributes (where one lives, works, one's name, a favourite thing). Past events
("I ran a marathon") make no claim.

>>> [(c.topic, c.polarity, c.source.value) for c in extract_claims("I don't eat coriander.", speaker="Ann")]
[('coriander', -1, 'explicit')]
>>> [(c.topic, c.polarity) for c in extract_claims("My knee hurts, no running for now.", speaker="Ann")]
[('run', -1)]
>>> [(c.topic, c.polarity, c.source.value) for c in extract_claims("Order the pho with extra coriander", speaker="Ann")]
[('pho', 1, 'inferred'), ('coriander', 1, 'inferred')]
>>> [(c.topic, c.context) for c in extract_claims("I love coriander in Thai food!", speaker="Ann")]
[('coriander', 'thai food')]
>>> [(c.topic, c.value) for c in extract_claims("I moved to Porto last spring.", speaker="Ann")]
[('residence', 'porto')]
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from autogen_zettel.base.cards import EvidenceSource
from autogen_zettel.base.config import ConflictConfig
from autogen_zettel.text.lexical import STOPWORDS, stem

__all__ = [
    "Claim",
    "extract_claims",
    "evidence_of",
    "claim_fields",
    "topic_key",
    "recency_weight",
    "source_weight",
]


@dataclass(frozen=True)
class Claim:
    """One claim: ``subject`` and ``topic`` are case-folded; ``value`` is '' for polarity claims."""

    subject: str
    topic: str
    polarity: int
    value: str = ""
    context: str = ""
    source: EvidenceSource = EvidenceSource.EXPLICIT
    label: str = ""  # the topic as written, for questions

    @property
    def version(self) -> tuple[int, str]:
        return (self.polarity, self.value)


_NEG = (
    r"(?:don't|dont|do not|doesn't|doesnt|does not|never|no longer|can't|cant|cannot|can not|won't|will not)"
)
_ADV = (
    r"(?:(?:really|also|still|usually|always|just|totally|absolutely|honestly|actually|even|generally|"
    r"normally|literally|definitely|kind of|sort of)\s+)*"
)
_STANCE_POS = "like likes love loves enjoy enjoys prefer prefers adore adores".split()
_STANCE_NEG = "hate hates dislike dislikes avoid avoids detest detests".split()
_CONSUME = "eat eats drink drinks".split()
_ACTIVITY = (
    "run runs jog jogs swim swims cycle cycles hike hikes climb climbs surf surfs ski skis skate skates "
    "dance dances smoke smokes meditate meditates"
).split()
_VERBS = "|".join(sorted(set(_STANCE_POS + _STANCE_NEG + _CONSUME + _ACTIVITY), key=len, reverse=True))
_SUBJECT_VERB = re.compile(
    rf"(?:^|[\s\"'(])(?P<subj>i|we|[a-z][a-z\-]+)\s+{_ADV}(?P<neg>{_NEG}\s+)?{_ADV}(?:(?:do|does)\s+{_ADV})?"
    rf"(?P<verb>{_VERBS})\b(?P<rest>[^,;:.!?]*)"
)
_FAN = re.compile(
    r"\bi(?:'m| am)\s+(?P<neg>not\s+)?(?:really\s+)?(?:a\s+(?:big\s+|huge\s+)?fan of|into)\s+(?P<rest>[^,;:.!?]*)"
)
_NO_MORE = re.compile(r"\bno\s+(?:more\s+(?P<x>[a-z]+)|(?P<g>[a-z]+ing))\b")
_STOPPED = re.compile(r"\b(?:stopped|quit|quitting|gave up|giving up|cut out)\s+(?P<x>[a-z]+)\b")
_STARTED = re.compile(r"\b(?:started|start|back to|resumed|began)\s+(?P<x>[a-z]+ing)\b")
_ALLERGIC = re.compile(r"\ballergic to\s+(?P<rest>[^,;:.!?]*)")
_ORDER = re.compile(r"(?:^|\b)(?:order|ordered|i'll have|get me|i'll take)\b(?P<rest>[^;:.!?]*)")
_ATTRIBUTES = (
    (
        "residence",
        re.compile(
            r"\bi(?: now| currently)? (?:live|am living|'m living|moved|relocated) (?:in|to) (?P<v>[a-z][a-z \-]*)"
        ),
    ),
    ("employer", re.compile(r"\bi(?: now| currently)? work (?:at|for) (?P<v>[a-z][a-z0-9 &\-]*)")),
    ("job", re.compile(r"\bi(?:'m| am| work)(?: now| currently)?(?: working)? as an? (?P<v>[a-z][a-z \-]*)")),
    ("name", re.compile(r"\bmy name is (?P<v>[a-z][a-z\-]*)")),
)
_FAVOURITE = re.compile(r"\bmy (?:all-time )?favou?rite (?P<a>[a-z]+(?: [a-z]+)?) is (?P<v>[a-z][a-z' \-]*)")
_CONTEXT = re.compile(
    r"\b(?:in|with|for|at|during|on)\s+(?P<ctx>(?:[a-z]+\s+){0,2}?(?:food|dishes|dish|cuisine|cooking|restaurants?|"
    r"meals?|soups?|salads?|curry|curries|work|home|weekends?|winter|summer|mornings?|evenings?|nights?|holidays?))\b"
)
_CUT = re.compile(
    r"\b(?:in|at|on|when|with|for|during|because|if|since|while|after|before|every|each|and|but|or|"
    r"so|than|as|to|from|too|anymore|any more)\b"
)
_FILLER = frozenset(
    "daily every day days week weeks month morning evening night km mile miles minute minutes hour hours time times "
    "extra some more one two three please today tonight now anymore again lately recently usually bit lot much "
    "little thing stuff kind sort way whole bunch new old good great nice fun".split()
)
_VAGUE = re.compile(
    r"\s*(?:how|what|that|when|where|why|who|it|this|these|those|them|you|your|seeing|hearing|"
    r"knowing|being|having|getting|doing|going|making|to|the way|the idea|the fact)\b"
)
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|my|me|we|our)\b")
_HEDGE = re.compile(r"\b(?:i think|maybe|perhaps|probably|i guess|not sure|might)\b")
_VALUE_STOP = re.compile(
    r"\b(?:with|and|since|for|last|this|next|in|at|now|because|but|when|after|before|to|on)\b"
)
_CLAUSES = re.compile(r"[,;.!?\n]+|\bbut\b|\bthough\b|\balthough\b|\bhowever\b|\band\s+(?=(?:i|i'm|my|we)\b)")


def _norm(text: str) -> str:
    return text.lower().replace("’", "'").replace("‘", "'")


def topic_key(word: str) -> str:
    """A topic's matching key: stemmed, singular, without a final e (smoke, smoking -> smok).

    >>> [topic_key(w) for w in ("running", "run", "smoke", "smoking", "kids", "coriander")]
    ['run', 'run', 'smok', 'smok', 'kid', 'coriander']
    """
    return " ".join(_one_key(w) for w in word.split())


def _one_key(word: str) -> str:
    k = stem(word)
    if len(k) > 3 and k.endswith("s") and not k.endswith("ss"):
        k = k[:-1]
    if len(k) > 3 and k.endswith("e"):
        k = k[:-1]
    return k


def _words(rest: str) -> list[str]:
    """Content words of an object phrase up to its first preposition."""
    head = _CUT.split(rest, maxsplit=1)[0]
    return [
        w
        for w in re.findall(r"[a-z][a-z\-]+", head)
        if w not in STOPWORDS and w not in _FILLER and len(w) >= 3
    ]


def _topics(rest: str, limit: int = 2) -> list[tuple[str, str]]:
    """Each content word of an object phrase as its own topic: (key, surface)."""
    return [(topic_key(w), w) for w in _words(rest)[:limit]]


def _phrase(rest: str) -> list[tuple[str, str]]:
    """The object phrase (up to two content words) as one topic: "thai food", "horror movie"."""
    words = _words(rest)[:2]
    return [(topic_key(" ".join(words)), " ".join(words))] if words else []


def _context(rest: str) -> str:
    m = _CONTEXT.search(rest)
    if not m:
        return ""
    words = [w for w in m.group("ctx").split() if w not in ("the", "a", "an", "my", "our", "some", "your")]
    return " ".join(words)


def _value(raw: str) -> str:
    v = _VALUE_STOP.split(raw, maxsplit=1)[0]
    return " ".join(v.split()[:3]).strip(" -")


def evidence_of(text: str, *, behaviour: bool = False) -> EvidenceSource:
    """How strong a statement is as evidence: behaviour is inferred, a hedged or
    third-person remark is passing, a plain first-person statement is explicit."""
    low = _norm(text)
    if behaviour:
        return EvidenceSource.INFERRED
    if _HEDGE.search(low) or not _FIRST_PERSON.search(low):
        return EvidenceSource.PASSING
    return EvidenceSource.EXPLICIT


def extract_claims(text: str, *, speaker: str, entities: tuple[str, ...] = ()) -> list[Claim]:
    """Every claim ``text`` makes (said by ``speaker``; ``entities`` may be named subjects).

    Questions make no claim.
    """
    low = _norm(text)
    me = speaker.casefold()
    names = {e.casefold() for e in entities}
    out: list[Claim] = []
    if low.rstrip().endswith(("?", "？")):
        return out
    out.extend(_chinese_claims(low, me))
    card_source = evidence_of(text)
    first_card = bool(_FIRST_PERSON.search(low))
    for clause in _CLAUSES.split(low):
        clause = clause.strip()
        if not clause or clause.endswith("?"):
            continue
        first = bool(_FIRST_PERSON.search(clause))
        ctx = _context(clause)
        source = card_source

        def add(
            topic: str,
            polarity: int,
            label: str,
            *,
            subject: str = me,
            value: str = "",
            src: EvidenceSource = source,
            context: str = ctx,
        ) -> None:
            if topic and not any(
                c.subject == subject and c.topic == topic and c.context == context for c in out
            ):
                out.append(Claim(subject, topic, polarity, value, context, src, label))

        for m in _SUBJECT_VERB.finditer(clause):
            subj = m.group("subj")
            if subj in ("i", "we"):
                subject, src = me, (card_source if card_source is not EvidenceSource.PASSING else source)
            elif subj in names:
                subject, src = subj, EvidenceSource.PASSING
            else:
                continue
            verb = m.group("verb")
            polarity = -1 if m.group("neg") else 1
            base = (
                verb[:-1]
                if verb.endswith("s") and verb[:-1] in _STANCE_POS + _STANCE_NEG + _CONSUME + _ACTIVITY
                else verb
            )
            if base in _STANCE_NEG:
                polarity = -polarity
            if subj not in ("i", "we") and not m.group("neg") and not verb.endswith("s"):
                continue  # "they run", "people eat": no claim about a named subject
            rest = m.group("rest")
            local_ctx = _context(rest) or ctx
            if base in _ACTIVITY:
                add(topic_key(base), polarity, base, subject=subject, src=src, context=local_ctx)
                continue
            if _VAGUE.match(rest):
                continue  # "I love how you use it", "I love that": no stable object
            topics = _topics(rest) if base in _CONSUME else _phrase(rest)
            if not topics and base in _CONSUME:
                topics = [(topic_key(base), base)]
            for topic, label in topics:
                add(topic, polarity, label, subject=subject, src=src, context=local_ctx)
        for m in _ORDER.finditer(clause):  # an order is the speaker's own behaviour, first person or not
            for topic, label in _topics(m.group("rest").replace(" with ", " "), limit=4):
                add(topic, 1, label, src=EvidenceSource.INFERRED)
        if not (first or first_card):
            continue
        for m in _FAN.finditer(clause):
            for topic, label in _phrase(m.group("rest")):
                add(topic, -1 if m.group("neg") else 1, label)
        for m in _NO_MORE.finditer(clause):
            word = m.group("x") or m.group("g")
            if word not in STOPWORDS and word not in _FILLER and len(word) > 3:
                add(topic_key(word), -1, word)
        for m in _STOPPED.finditer(clause):
            if m.group("x") not in STOPWORDS and m.group("x") not in _FILLER:
                add(topic_key(m.group("x")), -1, m.group("x"))
        for m in _STARTED.finditer(clause):
            add(topic_key(m.group("x")), 1, m.group("x"))
        for m in _ALLERGIC.finditer(clause):
            for topic, label in _topics(m.group("rest"))[:1]:
                add(topic, -1, label)
        for attr, pattern in _ATTRIBUTES:
            for m in pattern.finditer(clause):
                value = _value(m.group("v"))
                if value and value not in STOPWORDS:
                    add(attr, 1, attr.replace("_", " "), value=value, context="")
        for m in _FAVOURITE.finditer(clause):
            value = _value(m.group("v"))
            if value:
                add(f"favourite {m.group('a')}", 1, f"favourite {m.group('a')}", value=value, context="")
    return out


# Chinese: "我不吃香菜", "我现在吃香菜了", "我很喜欢绿茶", "我讨厌跑步" (the speaker's own stance)
_ZH = re.compile(
    r"我(?:们)?(?:现在|如今|已经|还是|也|都|一直|平时|真的|很|非常|特别|最|其实)*"
    r"(?P<neg>不再|不|没有|从不|从来不)?(?:再|太|很|怎么)?(?P<verb>吃|喝|喜欢|爱吃|爱喝|爱|讨厌|抽|跑)"
    r"(?P<obj>[\u4e00-\u9fff]{1,6}?)(?=[了啦呢的呀吧啊]*(?:[，。！？,.!?；;\s]|$))"
)
_ZH_NEG_VERB = frozenset({"讨厌"})


def _chinese_claims(low: str, me: str) -> list[Claim]:
    out = []
    for clause in re.split(r"[，。！？；,.!?;\n]|但是|不过|可是", low):
        if clause.endswith("吗") or "吗" in clause[-2:]:
            continue
        for m in _ZH.finditer(clause):
            obj = m.group("obj").rstrip("了啦呢的呀吧啊")
            if not obj:
                continue
            polarity = -1 if m.group("neg") else 1
            if m.group("verb") in _ZH_NEG_VERB:
                polarity = -polarity
            if not any(c.topic == obj for c in out):
                out.append(Claim(me, obj, polarity, "", "", EvidenceSource.EXPLICIT, obj))
    return out


def claim_fields(text: str, claims: Sequence[Claim]) -> tuple[EvidenceSource, str | None]:
    """A card's ``evidence`` and ``context`` from its claims (or from its text when it makes
    none): the one rule, used when a card is made and when it is edited."""
    evidence = claims[0].source if claims else evidence_of(text)
    return evidence, next((c.context for c in claims if c.context), None)


# The evidence weights (recency, source; consensus is the conflicts' own), shared by
# conflict resolution and the person model.
def recency_weight(age_days: float, cfg: ConflictConfig) -> float:
    """1.0 up to ``fresh_days``, then exponential decay to ``reference_weight`` at ``reference_days``."""
    if age_days <= cfg.fresh_days:
        return 1.0
    rate = math.log(1.0 / cfg.reference_weight) / (cfg.reference_days - cfg.fresh_days)
    return math.exp(-rate * (age_days - cfg.fresh_days))


def source_weight(source: EvidenceSource, cfg: ConflictConfig) -> float:
    return {
        EvidenceSource.EXPLICIT: cfg.explicit_weight,
        EvidenceSource.INFERRED: cfg.inferred_weight,
        EvidenceSource.PASSING: cfg.passing_weight,
    }[source]
