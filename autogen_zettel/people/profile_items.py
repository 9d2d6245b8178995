"""The persona profile built from the person model (facts, preferences, commitments) and
summarised, never quoted: the persona's profile, in five sections.

- **preferences**: each preference row that leans (value away from 0.5) as "ann likes green
  tea" / "ann dislikes coriander", with its trend when it moves;
- **goals**: open commitments of the people the agent works with ("ann plans to send the
  draft (due Thu 07 Mar)");
- **style**: who asked the agent for what (:func:`~autogen_zettel.persona.profile.style_items`,
  from the feedback evidence);
- **background**: current facts ("ann lives in lisbon"), pending ones marked unconfirmed;
- **values**: what people's own words keep coming back to (efficiency, reliability,
  simplicity, ...), from a small English and Chinese cue list, once two cards agree.

Every item cites the cards it rests on, and its text is a short phrase made by this module
from the row's fields (cleaned: one line, no markup, a few words), never a card's sentence.
Rows whose cards are someone talking to another agent ("dana, keep it short") are left out,
and so are the agent's own. The layers are read through :class:`PersonLayers`, the memory's
``facts()``, ``preferences()`` and ``commitments()``; :class:`ClaimLayers` reads the same
shape from the claims cards make (:mod:`autogen_zettel.cards.claims`) for a memory without them.

>>> from datetime import date, datetime
>>> t = datetime(2024, 3, 1)
>>> cards = {"c1": Card("c1", "I love green tea", CardKind.PREFERENCE, "ann", t, ("m1",))}
>>> class L:
...     def facts(self, subject=None, include_superseded=False): return []
...     def preferences(self, subject=None, topic=None):
...         return [{"subject": "ann", "topic": "green tea", "value": 0.9, "trend": 0.0, "evidence": 2,
...                  "source_ids": ("c1",), "at": t}]
...     def commitments(self, status=None, overdue_at=None): return []
>>> [(i.section, i.text, i.card_ids) for i in profile_from_layers(L(), cards, agent="ada")]
[('preferences', 'ann likes green tea', ('c1',))]
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Protocol

from autogen_zettel.base.cards import Card, CardKind, CardStatus, ProfileItem
from autogen_zettel.base.prompts import neutralise, one_line, order_profile
from autogen_zettel.cards.claims import extract_claims
from autogen_zettel.people.address import addressed_elsewhere

__all__ = ["PersonLayers", "ClaimLayers", "profile_from_layers", "value_items", "clean_phrase", "VALUE_CUES"]


class PersonLayers(Protocol):
    """What the profile reads of the memory's person model (rows as objects or mappings):

    - ``facts()``: ``subject``, ``key``, ``value``, ``status`` ("pending" | "confirmed" |
      "superseded"), ``source_ids``, ``at``;
    - ``preferences()``: ``subject``, ``topic``, ``value`` in 0..1, ``trend`` (per 30 days),
      ``evidence``, ``source_ids``, ``at``;
    - ``commitments()``: ``owner``, ``what``, ``due``, ``status`` ("open" | "done" |
      "cancelled"), ``counterparty``, ``source_ids``.
    """

    def facts(self, subject: str | None = None, include_superseded: bool = False) -> Sequence[Any]: ...

    def preferences(self, subject: str | None = None, topic: str | None = None) -> Sequence[Any]: ...

    def commitments(self, status: str | None = None, overdue_at: datetime | None = None) -> Sequence[Any]: ...


def _get(row: Any, name: str, default: Any = None) -> Any:
    if isinstance(row, Mapping):
        return row.get(name, default)
    return getattr(row, name, default)


_MARKUP = re.compile(r"[<>{}\[\]`*_#|\\\"“”‘’]+")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


_TAG = re.compile(r"<[^<>]{0,60}>")
_DANGLING = frozenset("a an the and or of to for in at on by with from as but so".split())


def clean_phrase(text: Any, *, words: int = 8) -> str:
    """A row field as a short phrase for the profile: one line, tags and markup dropped,
    look-alike tags neutralised, at most ``words`` words (or ``3 x words`` characters of
    Chinese, Japanese or Korean), no dangling little word or end punctuation.

    >>> clean_phrase('  send the <b>draft</b>\\n to "Rui" by Thursday, as agreed in the long call ')
    'send the draft to Rui by Thursday'
    >>> clean_phrase("香菜和很多很多别的东西" * 3, words=4)
    '香菜和很多很多别的东西香'
    """
    s = _TAG.sub(" ", one_line(str(text or "")))
    s = " ".join(_MARKUP.sub(" ", neutralise(s)).split())
    if _CJK.search(s) and len(s.split()) <= 2:
        return s[: 3 * words].strip(" .;:!?-,")
    parts = s.split()[:words]
    while parts and (parts[-1].casefold().strip(",;:") in _DANGLING or not parts[-1].strip(",;:.!?-")):
        parts.pop()
    return " ".join(parts).strip(" .;:!?-,")


def _elsewhere(card: Card, agent: str, others: Collection[str]) -> bool:
    """The card is someone talking to another agent: it opens by addressing another participant
    ("critic, I love long answers", "critic：…", "@critic …"), or names one at its start and not
    the agent ("be more precise, dana")."""
    if addressed_elsewhere(card.content, agent, others):
        return True
    head = card.content.lower()[:120]
    named = lambda who: re.search(rf"(?<!\w){re.escape(who.lower())}(?!\w)", head) is not None  # noqa: E731
    return not named(agent) and any(named(o) for o in others if o and o.casefold() != agent.casefold())


def _usable(
    row: Any, cards: Mapping[str, Card], agent: str, others: Collection[str], who: str
) -> tuple[str, ...]:
    """The row's source cards that may speak for the profile (none: leave the row out)."""
    if not who or who.casefold() == agent.casefold():
        return ()
    ids = tuple(str(i) for i in (_get(row, "source_ids") or ()))
    known = [cards[i] for i in ids if i in cards]
    if known and all(_elsewhere(c, agent, others) or c.speaker.casefold() == agent.casefold() for c in known):
        return ()
    return tuple(i for i in ids if i not in cards or not _elsewhere(cards[i], agent, others))


_FACT_WORDING = {
    "residence": "{s} lives in {v}",
    "employer": "{s} works at {v}",
    "job": "{s} works as {v}",
    "name": "{s}'s name is {v}",
    "age": "{s} is {v} years old",
}


def profile_from_layers(
    layers: PersonLayers,
    cards: Mapping[str, Card],
    *,
    agent: str,
    others: Collection[str] = (),
    limit: int = 8,
) -> list[ProfileItem]:
    """Preference, goal and background items from the layers (see the module docstring),
    weights scaled so the strongest is 1.0.

    :param cards: the cards the rows cite, by id (to leave out talk addressed to another agent)
    :param agent: whose profile this is (its own rows are left out)
    :param others: the other participants' names
    """
    items: list[ProfileItem] = []
    # with contexts of life (people/contexts.py): the shared sessions' preferences, then each
    # context's own, said as such ("At work, Rui likes short answers"); else all of them
    split = getattr(layers, "by_context", lambda: {})()
    preferences = [
        *split.get(None, []),
        *(p for c, ps in split.items() if c for p in ps),
    ] or layers.preferences()
    for p in preferences:
        who = clean_phrase(_get(p, "subject"), words=3)
        ids = _usable(p, cards, agent, others, who)
        value, topic = float(_get(p, "value", 0.5)), clean_phrase(_get(p, "topic"), words=5)
        if not ids or not topic or abs(value - 0.5) < 0.15:
            continue
        trend = float(_get(p, "trend", 0.0) or 0.0)
        verb = "likes" if value > 0.5 else "dislikes"
        context = _get(p, "context")
        text = f"{'In ' + context + ' context, ' if context else ''}{who} {verb} {topic}"
        if (value > 0.5 and trend <= -0.15) or (value < 0.5 and trend >= 0.15):
            text += ", less than before" if value > 0.5 else ", warming to it"
        evidence = min(1.0, float(_get(p, "evidence", 1) or 1) / 3.0)
        items.append(
            ProfileItem(text, round(abs(value - 0.5) * 2 * (0.5 + 0.5 * evidence), 6), ids, "preferences")
        )
    for c in layers.commitments(status="open"):
        who = clean_phrase(_get(c, "owner"), words=3)
        ids = _usable(c, cards, agent, others, who)
        what = clean_phrase(
            re.sub(r"^(?:to|will|i'll|i will)\s+", "", str(_get(c, "what") or ""), flags=re.I), words=10
        )
        if not ids or not what:
            continue
        due = _get(c, "due")
        when = f" (due {due:%a %d %b})" if isinstance(due, date) else ""  # a date or a datetime
        items.append(ProfileItem(f"{who} plans to {what}{when}", 0.8, ids, "goals"))
    for f in layers.facts():
        if _get(f, "status") == "superseded":
            continue
        who = clean_phrase(_get(f, "subject"), words=3)
        ids = _usable(f, cards, agent, others, who)
        key, value = clean_phrase(_get(f, "key"), words=3), clean_phrase(_get(f, "value"), words=5)
        if not ids or not key or not value:
            continue
        # a slot that ended with nothing after it ("Just quit my job": employer "none")
        wording = "{s} has no {k} now" if value.casefold() == "none" else _FACT_WORDING.get(key.casefold())
        text = (wording or "{s}'s {k}: {v}").format(s=who, k=key, v=value)
        confirmed = _get(f, "status") == "confirmed"
        items.append(
            ProfileItem(
                text + ("" if confirmed else " (not confirmed)"), 0.7 if confirmed else 0.5, ids, "background"
            )
        )
    best: dict[str, ProfileItem] = {}
    for it in items:  # one item per wording: the heaviest, citing every card
        prev = best.get(it.text.casefold())
        if prev is None or it.weight > prev.weight:
            ids = tuple(dict.fromkeys((*(prev.card_ids if prev else ()), *it.card_ids)))
            best[it.text.casefold()] = ProfileItem(it.text, it.weight, ids, it.section)
    kept = sorted(best.values(), key=lambda i: (-i.weight, i.text))[:limit]
    top = max((i.weight for i in kept), default=1.0) or 1.0
    return order_profile(ProfileItem(i.text, round(i.weight / top, 6), i.card_ids, i.section) for i in kept)


#: value -> cue words (English whole words, Chinese substrings)
VALUE_CUES: dict[str, tuple[str, ...]] = {
    "efficiency": (
        "efficient",
        "efficiency",
        "save time",
        "saves time",
        "productive",
        "效率",
        "高效",
        "省时",
    ),
    "reliability": (
        "reliable",
        "reliability",
        "robust",
        "stable",
        "stability",
        "dependable",
        "稳定",
        "稳健",
        "可靠",
    ),
    "simplicity": (
        "simple",
        "simplicity",
        "straightforward",
        "minimal",
        "uncomplicated",
        "简单",
        "简洁",
        "简明",
    ),
    "innovation": ("innovative", "innovation", "novel", "cutting-edge", "experiment with", "创新", "新颖"),
    "rigour": (
        "thorough",
        "rigorous",
        "rigour",
        "rigor",
        "precise",
        "accurate",
        "accuracy",
        "严谨",
        "准确",
        "精确",
    ),
    "privacy": ("privacy", "private", "confidential", "隐私", "保密"),
    "thrift": (
        "budget",
        "affordable",
        "cheap",
        "cost-effective",
        "save money",
        "预算",
        "便宜",
        "省钱",
        "性价比",
    ),
    "clarity": ("clear", "clarity", "清楚", "清晰", "明确"),
}
_CUE_RE = {
    v: [
        re.compile(rf"(?<![\w-]){re.escape(c)}(?![\w-])", re.I) if c.isascii() else re.compile(re.escape(c))
        for c in cues
    ]
    for v, cues in VALUE_CUES.items()
}


def value_items(
    cards: Iterable[Card], *, agent: str, others: Collection[str] = (), min_cards: int = 2, limit: int = 3
) -> list[ProfileItem]:
    """What people's own statements keep returning to: "ann values simplicity", once
    ``min_cards`` of their active cards use a cue of that value; each item cites those cards."""
    found: dict[tuple[str, str], list[str]] = defaultdict(list)
    for card in cards:
        if card.status is not CardStatus.ACTIVE or card.kind is CardKind.SUMMARY:
            continue
        if card.speaker.casefold() == agent.casefold() or card.content.rstrip().endswith(("?", "？")):
            continue
        if _elsewhere(card, agent, others):
            continue
        for value, patterns in _CUE_RE.items():
            if any(p.search(card.content) for p in patterns):
                found[(card.speaker, value)].append(card.id)
    rows = sorted(
        ((len(ids), who, value, ids) for (who, value), ids in found.items() if len(ids) >= min_cards),
        key=lambda r: (-r[0], r[1], r[2]),
    )[:limit]
    return [
        ProfileItem(
            f"{clean_phrase(who, words=3)} values {value}",
            round(min(1.0, n / 5.0), 6),
            tuple(ids[-5:]),
            "values",
        )
        for n, who, value, ids in rows
    ]


@dataclass(frozen=True)
class _Row:
    subject: str
    key: str
    value: Any
    status: str
    source_ids: tuple[str, ...]
    at: datetime
    trend: float = 0.0
    evidence: int = 1

    @property
    def topic(self) -> str:
        return self.key


class ClaimLayers:
    """The :class:`PersonLayers` shape read from the claims of active cards: a polarity claim
    is a preference (the latest stance wins: 0.8 or 0.2), a value claim (where one lives,
    works, ...) a fact (confirmed once said in two cards; an older value is superseded). No
    commitments. For a memory that has no ``facts()``/``preferences()``/``commitments()``."""

    def __init__(self, cards: Iterable[Card]):
        self._pref: dict[tuple[str, str], list[tuple[datetime, int, str, str]]] = defaultdict(list)
        self._fact: dict[tuple[str, str], list[tuple[datetime, str, str]]] = defaultdict(list)
        for card in cards:
            if card.status is not CardStatus.ACTIVE or card.kind is CardKind.SUMMARY:
                continue
            for cl in extract_claims(card.content, speaker=card.speaker, entities=card.entities):
                if cl.value:
                    self._fact[(cl.subject, cl.topic)].append((card.created_at, cl.value, card.id))
                else:
                    self._pref[(cl.subject, cl.topic)].append(
                        (card.created_at, cl.polarity, card.id, cl.label)
                    )

    def preferences(self, subject: str | None = None, topic: str | None = None) -> list[_Row]:
        out = []
        for (who, key), rows in sorted(self._pref.items()):
            if subject is not None and who != subject:
                continue
            rows.sort()
            at, polarity, _, label = rows[-1]
            same = tuple(cid for _, p, cid, _ in rows if p == polarity)
            out.append(
                _Row(who, label or key, 0.8 if polarity > 0 else 0.2, "", same, at, evidence=len(same))
            )
        return out

    def facts(self, subject: str | None = None, include_superseded: bool = False) -> list[_Row]:
        out = []
        for (who, key), rows in sorted(self._fact.items()):
            if subject is not None and who != subject:
                continue
            rows.sort()
            latest = rows[-1][1]
            same = tuple(cid for _, v, cid in rows if v == latest)
            out.append(_Row(who, key, latest, "confirmed" if len(same) > 1 else "pending", same, rows[-1][0]))
            if include_superseded:
                out.extend(_Row(who, key, v, "superseded", (cid,), at) for at, v, cid in rows if v != latest)
        return out

    def commitments(self, status: str | None = None, overdue_at: datetime | None = None) -> list:
        return []
