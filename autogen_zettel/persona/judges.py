"""The LLM helpers of persona evolution: a trait judge for feedback and a profile writer.

Kept beside :mod:`autogen_zettel.base.llm` (which re-exports both) so that module stays readable;
they work the same way: one structured JSON call through AutoGen's ``OpenAIWrapper`` (or any
:class:`~autogen_zettel.base.llm.Completer`), the answer validated, one retry with the error fed
back, and ``None`` after a second failure so the caller keeps its offline result (a warning is
logged). Neither runs on the reply path: the persona engine calls them when it mines.

The judge's signals carry no message text: a cue is one of the trait's own phrases or
``"llm"``, so an evidence row built from it holds labels only.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Mapping, Sequence
from datetime import datetime
from typing import Any

from autogen_zettel.base import llm_prompts, prompts
from autogen_zettel.base.cards import Card
from autogen_zettel.base.errors import LLMOutputError
from autogen_zettel.base.llm import RecordingCompleter, as_completer, ask_json
from autogen_zettel.persona.profile import SECTIONS, ProfileItem, card_rank
from autogen_zettel.persona.signals import SignalSource, TraitSignal
from autogen_zettel.persona.traits import TraitSpec

__all__ = ["LLMTraitJudge", "LLMProfiler", "validate_signals", "validate_profile_items"]

log = logging.getLogger(__name__)

_SIGNAL_KEYS = {"trait", "sign", "strength", "affect", "cue"}
_ITEM_KEYS = {"section", "text", "weight", "cards"}
_MAX_ITEM_CHARS = 200
LLM_CUE = "llm"


def _validate_label(data: dict) -> str:
    label = data.get("label") if set(data) == {"label"} else None
    if not isinstance(label, str) or not 0 < len(label.split()) <= 3 or len(label) > 40:
        raise LLMOutputError('expected {"label": "<a trait name of 1-3 words>"} and nothing else')
    return " ".join(label.lower().split())


def _object(item: Any, where: str, keys: Collection[str]) -> None:
    if not isinstance(item, dict):
        raise LLMOutputError(f"{where} must be an object, got {item!r}")
    unknown = set(item) - set(keys)
    if unknown:
        raise LLMOutputError(f"{where} has unknown keys {sorted(unknown)!r}")


def _number(value: Any, what: str, lo: float, hi: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not lo <= float(value) <= hi:
        raise LLMOutputError(f"{what} must be a number in {lo:g}..{hi:g}, got {value!r}")
    return float(value)


def validate_signals(data: dict, specs: Mapping[str, TraitSpec], *, max_signals: int) -> list[TraitSignal]:
    """Check a trait-judge answer ``{"signals": [...]}`` and turn it into :class:`TraitSignal`\\ s.

    :raises LLMOutputError: naming the first problem (the retry prompt quotes it)

    >>> from autogen_zettel.persona.traits import TraitSpec
    >>> specs = {"conciseness": TraitSpec("conciseness", more=("too long",))}
    >>> [s.cue for s in validate_signals({"signals": [{"trait": "conciseness", "sign": 1, "strength": 1,
    ...     "affect": -0.5, "cue": "Too long"}]}, specs, max_signals=3)]
    ['too long']
    """
    signals = data.get("signals")
    if set(data) != {"signals"} or not isinstance(signals, list):
        raise LLMOutputError(f'expected {{"signals": [...]}}, got keys {sorted(data)!r}')
    if len(signals) > max_signals:
        raise LLMOutputError(f"at most {max_signals} signals allowed, got {len(signals)}")
    out: list[TraitSignal] = []
    seen: set[str] = set()
    for i, item in enumerate(signals):
        where = f"signals[{i}]"
        _object(item, where, _SIGNAL_KEYS)
        trait = item.get("trait")
        if trait not in specs:
            raise LLMOutputError(f"{where}.trait must be one of {sorted(specs)!r}, got {trait!r}")
        if trait in seen:
            raise LLMOutputError(f"{where}: trait {trait!r} appears twice; give one signal per trait")
        seen.add(trait)
        sign = item.get("sign")
        if isinstance(sign, bool) or sign not in (1, -1):
            raise LLMOutputError(f"{where}.sign must be 1 or -1, got {sign!r}")
        strength = _number(item.get("strength"), f"{where}.strength", 0.0, 1.0)
        affect = _number(item.get("affect", 0.0), f"{where}.affect", -1.0, 1.0)
        spec = specs[trait]
        phrases = {p.casefold(): p for p in (spec.more if sign > 0 else spec.less)}
        cue = item.get("cue")
        if cue is not None and not isinstance(cue, str):
            raise LLMOutputError(f"{where}.cue must be text or left out, got {cue!r}")
        # only a phrase of the trait's own list is kept: a cue never carries the user's words
        label = phrases.get(cue.strip().casefold(), LLM_CUE) if cue else LLM_CUE
        if strength > 0:
            out.append(TraitSignal(trait, int(sign), strength, affect, SignalSource.LLM, label))
    return out


class LLMTraitJudge:
    """Reads one feedback message and returns what it says about the agent's traits.

    One JSON call per message (two if the first answer is invalid)::

        judge = LLMTraitJudge(llm_config)
        signals = judge("Way too long, just give me the number.", previous_reply=reply, specs=persona.trait_specs)
        # [TraitSignal(trait='conciseness', sign=1, strength=1.0, affect=-0.6, source=SignalSource.LLM, cue='too long')]

    Returns ``None`` when the LLM failed twice (a warning is logged): the caller then keeps
    the offline detectors' signals (:func:`autogen_zettel.persona.signals.feedback_signals`).

    :param llm: an AutoGen ``llm_config`` or any :class:`~autogen_zettel.base.llm.Completer`
    :param max_signals: at most this many signals per message
    """

    def __init__(self, llm: Any, *, max_signals: int = 4):
        self.completer = RecordingCompleter(as_completer(llm))
        self.max_signals = max_signals
        self.calls = 0  # model calls made, for tests and cost accounting
        self.failures = 0  # messages the judge gave up on

    def __call__(
        self, text: str, *, previous_reply: str | None, specs: Mapping[str, TraitSpec]
    ) -> list[TraitSignal] | None:
        """The signals in ``text`` (a user's message) about the traits in ``specs``."""
        if not specs or not text.strip():
            return []
        traits = [
            (s.name, s.description, s.low, s.high, tuple(s.more), tuple(s.less))
            for s in sorted(specs.values(), key=lambda s: s.name)
        ]
        messages = llm_prompts.trait_judge_messages(
            text, previous_reply=previous_reply, traits=traits, max_signals=self.max_signals
        )
        signals, calls = ask_json(
            self.completer,
            messages,
            lambda data: validate_signals(data, specs, max_signals=self.max_signals),
            llm_prompts.trait_judge_retry_message,
            "trait judge",
            "the offline feedback signals",
        )
        self.calls += calls
        self.failures += signals is None
        return signals

    def label_cluster(
        self, keywords: Sequence[str], samples: Sequence[str], traits: Collection[str]
    ) -> str | None:
        """A short name for a candidate trait (a dense memory cluster no trait explains), or None
        when the LLM failed twice or proposed an existing trait (the keyword label then stands)."""
        messages = llm_prompts.cluster_label_messages(list(keywords), list(samples), sorted(traits))
        label, calls = ask_json(
            self.completer,
            messages,
            _validate_label,
            llm_prompts.cluster_label_retry_message,
            "cluster namer",
            "the keyword label",
        )
        self.calls += calls
        if label is None:
            self.failures += 1
            return None
        return None if label.replace(" ", "_") in traits else label

    def signals(
        self, text: str, previous_reply: str | None, specs: Mapping[str, TraitSpec]
    ) -> list[TraitSignal]:
        """Like calling the judge, but ``[]`` when it gave up (for callers that add these to
        the offline signals)."""
        return self(text, previous_reply=previous_reply, specs=specs) or []


def validate_profile_items(data: dict, short: Mapping[str, str], *, max_items: int) -> list[ProfileItem]:
    """Check a profiler answer ``{"items": [...]}``; card ids are mapped from short ids back.

    Every item must cite at least one listed card, so forgetting a card can remove the items
    that rest on it. Weights are scaled so the heaviest item weighs 1.0.

    :raises LLMOutputError: naming the first problem

    >>> validate_profile_items({"items": [{"section": "goals", "text": "Ann trains for a marathon.",
    ...     "weight": 0.5, "cards": ["c1"]}]}, {"c1": "card-1"}, max_items=8)
    [ProfileItem(text='Ann trains for a marathon.', weight=1.0, card_ids=('card-1',), section='goals')]
    """
    items = data.get("items")
    if set(data) != {"items"} or not isinstance(items, list):
        raise LLMOutputError(f'expected {{"items": [...]}}, got keys {sorted(data)!r}')
    if len(items) > max_items:
        raise LLMOutputError(f"at most {max_items} items allowed, got {len(items)}")
    out: list[ProfileItem] = []
    for i, item in enumerate(items):
        where = f"items[{i}]"
        _object(item, where, _ITEM_KEYS)
        section = item.get("section")
        if section not in SECTIONS:
            raise LLMOutputError(f"{where}.section must be one of {list(SECTIONS)!r}, got {section!r}")
        text = item.get("text")
        if not isinstance(text, str) or not text.strip():
            raise LLMOutputError(f"{where}.text must be non-empty text, got {text!r}")
        text = " ".join(prompts.strip_injected(text).split())
        if len(text) > _MAX_ITEM_CHARS:
            raise LLMOutputError(
                f"{where}.text is {len(text)} characters; keep an item under {_MAX_ITEM_CHARS}"
            )
        weight = _number(item.get("weight"), f"{where}.weight", 0.0, 1.0)
        cards = item.get("cards")
        if not isinstance(cards, list) or not cards:
            raise LLMOutputError(f"{where}.cards must list the ids of the cards it rests on, got {cards!r}")
        bad = [c for c in cards if c not in short]
        if bad:
            raise LLMOutputError(f"{where}.cards must be among {sorted(short)!r}, got {bad!r}")
        ids = tuple(dict.fromkeys(short[c] for c in cards))
        out.append(ProfileItem(text, weight, ids, section))
    top = max((it.weight for it in out), default=0.0)
    if top > 0:
        out = [
            ProfileItem(it.text, round(it.weight / top, 6), it.card_ids, it.section)
            for it in out
            if it.weight > 0
        ]
    return out


class LLMProfiler:
    """Writes the persona profile (long-term preferences, goals, interaction style) with one JSON call.

    The ``max_cards`` best cards (the same rank as the offline profile: recency x recall count x
    kind) go into the prompt with short ids; each item the model writes must cite them::

        profiler = LLMProfiler(llm_config)
        items = profiler(cards, now=clock.now(), agent="ada", style_card_ids=feedback_ids, previous=old_items)

    Returns ``None`` when the LLM failed twice (a warning is logged): the caller then uses
    :func:`autogen_zettel.persona.profile.extract_profile`. Merge the result with
    :func:`autogen_zettel.persona.profile.merge_profile` as with the offline profile. Or let it only
    word a profile already merged offline: ``profiler.merge(old_text, merged_items)``.

    :param llm: an AutoGen ``llm_config`` or any :class:`~autogen_zettel.base.llm.Completer`
    :param max_items: at most this many items per profile
    :param max_cards: at most this many cards go into one call
    """

    def __init__(self, llm: Any, *, max_items: int = 8, max_cards: int = 40):
        self.completer = RecordingCompleter(as_completer(llm))
        self.max_items = max_items
        self.max_cards = max_cards
        self.calls = 0
        self.failures = 0

    def __call__(
        self,
        cards: Sequence[Card],
        *,
        now: datetime,
        agent: str = "the assistant",
        style_card_ids: Collection[str] = (),
        previous: Sequence[ProfileItem] = (),
        half_life_days: float = 30.0,
    ) -> list[ProfileItem] | None:
        """A fresh profile from ``cards`` (weights scaled so the heaviest item is 1.0)."""
        from autogen_zettel.base.cards import CardKind, CardStatus

        style = set(style_card_ids)
        pool = [c for c in cards if c.status is CardStatus.ACTIVE and c.kind is not CardKind.SUMMARY]
        pool.sort(
            key=lambda c: (
                -card_rank(c, now, half_life_days=half_life_days, kind_weight=1.0 if c.id in style else None),
                c.created_at,
                c.id,
            )
        )
        pool = pool[: self.max_cards]
        if not pool:
            return []
        short = {f"c{i}": c.id for i, c in enumerate(pool, start=1)}
        rows = [
            (sid, c.speaker, c.created_at.isoformat(timespec="minutes"), c.content, c.id in style)
            for sid, c in zip(short, pool)
        ]
        return self._ask(agent, rows, short, [it.text for it in previous])

    def merge(
        self,
        old_text: str,
        items: Sequence[ProfileItem],
        *,
        momentum: float = 0.3,
        agent: str = "the assistant",
    ) -> str | None:
        """The profile text written by the LLM from already merged items (e.g. the extractive
        profile after :func:`~autogen_zettel.persona.profile.merge_profile`), keeping the wording of
        ``old_text`` where it still holds. ``None`` when the LLM failed twice.

        Only the items go into the prompt (no other card text), so the text says nothing the
        items do not; the momentum was applied to the items already and is not used here.
        """
        from autogen_zettel.persona.profile import render_profile

        pool = list(items)[: self.max_cards]
        if not pool:
            return ""
        short = {f"c{i}": f"c{i}" for i in range(1, len(pool) + 1)}
        rows = [(sid, "profile", it.section, it.text, it.section == "style") for sid, it in zip(short, pool)]
        previous = [ln[2:] for ln in old_text.splitlines() if ln.startswith("- ")]
        written = self._ask(agent, rows, short, previous)
        return None if written is None else render_profile(written)

    def _ask(
        self, agent: str, rows: list, short: Mapping[str, str], previous: list[str]
    ) -> list[ProfileItem] | None:
        messages = llm_prompts.profiler_messages(agent, rows, previous, self.max_items)
        items, calls = ask_json(
            self.completer,
            messages,
            lambda data: validate_profile_items(data, short, max_items=self.max_items),
            llm_prompts.profiler_retry_message,
            "profiler",
            "the extractive profile",
        )
        self.calls += calls
        self.failures += items is None
        return items
