"""The persona profile (layer 3 of the prompt stack): its items, the interaction style from
feedback evidence, the merge with the previous profile by momentum and the word cap. The
engine builds the rest of the profile from the person model
(:mod:`autogen_zettel.people.profile_items`); the extractive helpers below
(:func:`extract_profile`, one card sentence per item) remain for callers that want them.

A profile is a list of :class:`ProfileItem` (text, weight, the cards it came from, a section).
Offline it is *extractive*: the tenant's active cards ranked by recency x (1 + ln(1 + times
recalled)) x kind weight (preferences and plans above facts above events), one sentence
each. :func:`merge_profile` blends a new profile into the old one, so a single odd week does not
rewrite who the agent thinks the user is; :func:`render_profile` makes the text for the system
message. (With an LLM, :class:`autogen_zettel.persona.judges.LLMProfiler` writes the items instead.)

Pure functions: cards, the current time and the ids of feedback cards are passed in.

>>> old = [ProfileItem("Ann prefers tea.", 1.0, ("c1",))]
>>> new = [ProfileItem("ann prefers tea", 0.5, ("c1",)), ProfileItem("Ann runs on Sundays.", 1.0, ("c2",))]
>>> [(i.text, round(i.weight, 2)) for i in merge_profile(old, new, momentum=0.3)]
[('Ann prefers tea.', 0.85), ('Ann runs on Sundays.', 0.3)]
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime

from autogen_zettel.base.cards import SECTIONS, Card, CardKind, CardStatus, ProfileItem
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.base.prompts import normalise_text, order_profile, render_profile
from autogen_zettel.cards.refine import split_sentences
from autogen_zettel.people.address import addressed_elsewhere
from autogen_zettel.persona.traits import TraitSpec

__all__ = [
    "ProfileItem",
    "SECTIONS",
    "KIND_WEIGHTS",
    "card_rank",
    "profile_sentence",
    "extract_profile",
    "third_person",
    "style_items",
    "cap_words",
    "merge_profile",
    "render_profile",
    "normalise_text",
]


#: how much a card of each kind counts towards the profile (summaries never: they repeat members)
KIND_WEIGHTS = {
    CardKind.PREFERENCE: 1.0,
    CardKind.PLAN: 1.0,
    CardKind.FACT: 0.6,
    CardKind.RELATION: 0.5,
    CardKind.EVENT: 0.4,
    CardKind.SUMMARY: 0.0,
}

_GOAL = re.compile(
    r"\b(?:goal|plan(?:s|ning)?|want(?:s)? to|aim(?:s)? to|hop(?:e|es|ing) to|intend(?:s)? to|"
    r"going to|will)\b",
    re.IGNORECASE,
)
_MAX_CHARS = 200


def card_rank(
    card: Card, now: datetime, *, half_life_days: float = 30.0, kind_weight: float | None = None
) -> float:
    """How strongly ``card`` belongs in the profile at ``now`` (0 for summaries).

    recency (halves every ``half_life_days`` since the card was written or last edited) x
    (1 + ln(1 + times recalled)) x ``kind_weight`` (default: :data:`KIND_WEIGHTS` of its kind).

    >>> from datetime import datetime
    >>> c = Card("c1", "Ann prefers tea.", CardKind.PREFERENCE, "Ann", datetime(2024, 3, 1), ("m1",))
    >>> card_rank(c, datetime(2024, 3, 31))
    0.5
    >>> round(card_rank(c.with_changes(access_count=3), datetime(2024, 3, 31)), 3)
    1.193
    """
    written = card.updated_at or card.created_at
    age_days = max(0.0, (now - written).total_seconds() / 86400.0)
    recency = 0.5 ** (age_days / half_life_days) if half_life_days > 0 else 1.0
    weight = KIND_WEIGHTS.get(card.kind, 0.5) if kind_weight is None else kind_weight
    return recency * (1.0 + math.log1p(max(0, card.access_count))) * weight


def profile_sentence(content: str) -> str:
    """The one sentence of a card that goes into the profile (its first, at most 200 characters).

    >>> profile_sentence("Ann prefers tea. She drinks it black.")
    'Ann prefers tea.'
    """
    sentences = split_sentences(content)
    text = sentences[0] if sentences else content.strip()
    return text if len(text) <= _MAX_CHARS else text[: _MAX_CHARS - 1].rstrip() + "…"


_VERB_S = {
    "am": "is",
    "'m": "is",
    "have": "has",
    "'ve": "has",
    "do": "does",
    "go": "goes",
    "was": "was",
    "'d": "would",
    "'ll": "will",
    "can": "can",
    "will": "will",
    "would": "would",
    "should": "should",
    "could": "could",
    "must": "must",
    "might": "might",
    "need": "needs",
}
_OPENER = re.compile(
    r"^(?:(?:ok(?:ay)?|so|well|thanks|thank you|great|good|yes|no|hi|hello|hey|right)[,!.\s]+)+",
    re.IGNORECASE,
)


def third_person(sentence: str, speaker: str) -> str:
    """A sentence someone said, as a statement about them: "I prefer tea" said by ann reads
    "ann prefers tea" (first person to the speaker's name, the verb after a leading "I" agreed;
    an opening "ok,"/"thanks," dropped).

    >>> third_person("Thanks, I prefer my tea black.", "ann")
    "ann prefers ann's tea black."
    >>> third_person("I'm moving to Lisbon in May.", "ben")
    'ben is moving to Lisbon in May.'
    """
    text = _OPENER.sub("", sentence.strip()) or sentence.strip()
    m = re.match(r"^I(?:\s+|(?='))('\w+|\w+)", text)
    if m:
        verb = m.group(1)
        low = verb.lower()
        agreed = _VERB_S.get(low) or (
            low + ("es" if low.endswith(("s", "sh", "ch", "x", "o")) else "s")
            if low.isalpha() and not low.endswith("ed")
            else low
        )
        text = f"{speaker} {agreed}" + text[m.end() :]
    text = re.sub(r"(?<![\w'])(?:my|mine)(?![\w'])", f"{speaker}'s", text, flags=re.IGNORECASE)
    text = re.sub(r"(?<![\w'])(?:me|myself)(?![\w'])", speaker, text, flags=re.IGNORECASE)
    text = re.sub(r"(?<![\w'])I(?![\w'])", speaker, text)
    return text


def _addressed_elsewhere(card: Card, agent: str | None, others: Collection[str]) -> bool:
    """The card is someone talking to another agent ("ben, be more precise"): not about the people
    this agent works with, as this agent sees them."""
    if not agent:
        return False
    if addressed_elsewhere(card.content, agent, others):  # "critic, ...", "critic：...", "@critic ..."
        return True
    head = card.content.lower()
    names = lambda who: re.search(rf"(?<!\w){re.escape(who.lower())}(?!\w)", head) is not None  # noqa: E731
    return not names(agent) and any(names(o) for o in others if o != agent)


def style_items(
    feedback: Iterable[tuple[str, str, int, str]], specs: Mapping[str, TraitSpec], agent: str
) -> list[ProfileItem]:
    """The interaction style as statements about who asked for what, summarised from the trait
    evidence of their feedback rather than quoted.

    :param feedback: ``(speaker, trait, sign, card_id)`` per feedback evidence edge
    :returns: one item per speaker, trait and direction, weighted by how often it was asked,
        citing the feedback cards

    >>> from autogen_zettel.persona.traits import default_traits
    >>> [i.text for i in style_items([("lee", "conciseness", 1, "c1"), ("lee", "conciseness", 1, "c2")],
    ...                              default_traits(), "ada")]
    ['lee asks ada for more conciseness (short, direct answers that get to the point).']
    """
    groups: dict[tuple[str, str, int], list[str]] = {}
    for speaker, trait, sign, card_id in feedback:
        if trait in specs and speaker != agent:
            groups.setdefault((speaker, trait, sign), []).append(card_id)
    out = []
    for (speaker, trait, sign), ids in groups.items():
        spec = specs[trait]
        looks = spec.high if sign > 0 else spec.low
        text = f"{speaker} asks {agent} for {'more' if sign > 0 else 'less'} {trait.replace('_', ' ')}" + (
            f" ({looks})." if looks else "."
        )
        # how often weighs the item; the text stays the same, so the merge with the last profile matches it
        out.append(ProfileItem(text, float(len(ids)), tuple(dict.fromkeys(ids)), "style"))
    top = max((it.weight for it in out), default=1.0)
    return [
        replace(it, weight=round(it.weight / top, 6)) for it in sorted(out, key=lambda i: (-i.weight, i.text))
    ]


def cap_words(items: Sequence[ProfileItem], max_words: int = 300) -> list[ProfileItem]:
    """The heaviest items that fit in ``max_words`` words together (the profile stays readable)."""
    kept, words = [], 0
    for it in sorted(items, key=lambda i: (-i.weight, normalise_text(i.text))):
        n = len(it.text.split())
        if words + n > max_words:
            continue
        kept.append(it)
        words += n
    return order_profile(kept)


def _section(card: Card, style_ids: Collection[str]) -> str:
    if card.id in style_ids:
        return "style"
    if card.kind is CardKind.PLAN or (card.kind is CardKind.PREFERENCE and _GOAL.search(card.content)):
        return "goals"
    if card.kind is CardKind.PREFERENCE:
        return "preferences"
    return "background"


def extract_profile(
    cards: Iterable[Card],
    *,
    now: datetime,
    style_card_ids: Collection[str] = (),
    limit: int = 8,
    half_life_days: float = 30.0,
    agent: str | None = None,
    others: Collection[str] = (),
) -> list[ProfileItem]:
    """The offline profile: the best ``limit`` active cards, one sentence each, strongest first.

    :param style_card_ids: the feedback cards that carry trait evidence: they form the
        "Interaction style" section (and count as preferences do, whatever their kind)
    :param agent: whose profile this is: its own cards and cards addressed to one of the
        ``others`` (other agents) are left out, and each sentence becomes a statement about its
        speaker (:func:`third_person`, else "lee says ..."); questions are left out, and so are
        feedback cards, which :func:`style_items` summarises
    :returns: items whose weights are scaled so the strongest is 1.0

    >>> from datetime import datetime
    >>> t = datetime(2024, 3, 1)
    >>> cards = [Card("a", "Ann prefers tea.", CardKind.PREFERENCE, "Ann", t, ("m1",)),
    ...          Card("b", "Ann plans to run a marathon.", CardKind.PLAN, "Ann", t, ("m2",)),
    ...          Card("c", "Keep answers short, please.", CardKind.EVENT, "Ann", t, ("m3",)),
    ...          Card("d", "It rained.", CardKind.EVENT, "Ann", t, ("m4",))]
    >>> [(i.section, i.text, i.weight) for i in extract_profile(cards, now=t, style_card_ids={"c"}, limit=3)]
    [('preferences', 'Ann prefers tea.', 1.0), ('goals', 'Ann plans to run a marathon.', 1.0), ('style', 'Keep answers short, please.', 1.0)]
    """
    style = set(style_card_ids)
    ranked: list[tuple[float, str, str, Card]] = []
    for card in cards:
        if card.status is not CardStatus.ACTIVE or card.kind is CardKind.SUMMARY:
            continue
        if agent and (card.speaker == agent or card.id in style or _addressed_elsewhere(card, agent, others)):
            continue
        # feedback counts as a preference, whatever kind the refiner gave it
        kind_weight = KIND_WEIGHTS[CardKind.PREFERENCE] if card.id in style else None
        rank = card_rank(card, now, half_life_days=half_life_days, kind_weight=kind_weight)
        if rank > 0:
            ranked.append((rank, card.created_at.isoformat(), card.id, card))
    ranked.sort(key=lambda r: (-r[0], r[1], r[2]))
    items: dict[str, ProfileItem] = {}
    for rank, _, _, card in ranked:
        text = profile_sentence(card.content)
        if agent:
            if text.rstrip().endswith("?"):  # a question says little about who asked it
                continue
            text = third_person(text, card.speaker)
            if not text.lower().startswith(card.speaker.lower()):
                text = f"{card.speaker} says {text[:1].lower() + text[1:] if text[1:2].islower() else text}"
        key = normalise_text(text)
        if not key:
            continue
        if key in items:  # the same sentence from another card: one item, both sources
            it = items[key]
            items[key] = replace(it, card_ids=(*it.card_ids, card.id))
            continue
        if len(items) >= limit:
            continue
        items[key] = ProfileItem(text, rank, (card.id,), _section(card, style))
    top = max((it.weight for it in items.values()), default=1.0) or 1.0
    return order_profile([replace(it, weight=round(it.weight / top, 6)) for it in items.values()])


def merge_profile(
    old: Sequence[ProfileItem], new: Sequence[ProfileItem], *, momentum: float = 0.3, limit: int = 8
) -> list[ProfileItem]:
    """Blend ``new`` into ``old``: weight = momentum x new + (1 - momentum) x old per item.

    Items are matched by :func:`normalise_text`; an item missing on one side weighs 0 there.
    The old wording and the union of card ids are kept; the new section wins. The ``limit``
    heaviest items remain, grouped by section.

    >>> merge_profile([], [ProfileItem("x", 1.0)], momentum=1.0)
    [ProfileItem(text='x', weight=1.0, card_ids=(), section='preferences')]
    """
    if not 0.0 <= momentum <= 1.0:
        raise InvalidInput(f"momentum must lie in 0..1 (share of the new profile), got {momentum!r}")
    merged: dict[str, ProfileItem] = {}
    for it in old:
        key = normalise_text(it.text)
        merged[key] = replace(it, weight=(1.0 - momentum) * it.weight)
    for it in new:
        key = normalise_text(it.text)
        if key in merged:
            prev = merged[key]
            ids = tuple(dict.fromkeys((*prev.card_ids, *it.card_ids)))
            merged[key] = replace(
                prev, weight=prev.weight + momentum * it.weight, card_ids=ids, section=it.section
            )
        else:
            merged[key] = replace(it, weight=momentum * it.weight)
    kept = sorted(merged.values(), key=lambda it: (-it.weight, normalise_text(it.text)))[:limit]
    return order_profile(replace(it, weight=round(it.weight, 6)) for it in kept if it.weight > 0)
