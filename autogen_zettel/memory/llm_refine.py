"""The LLM refiner and link judge: one structured JSON call each, through :func:`ask_json`.

Every answer is validated. An invalid answer (or a failed call) is retried once with the error
fed back; if the retry fails too, the refiner falls back to the heuristic refiner and the link
judge to the similarity thresholds, each with a logged warning. Nothing is lost.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from typing import Any

from autogen_zettel.base import llm_prompts, prompts
from autogen_zettel.base.cards import Card, CardKind, LinkKind
from autogen_zettel.base.errors import LLMOutputError
from autogen_zettel.base.llm import RecordingCompleter, as_completer, ask_json
from autogen_zettel.cards.refine import CardDraft, HeuristicRefiner, Refiner
from autogen_zettel.people.llm_rows import LAYER_ROWS_PROMPT, validate_layer_rows

__all__ = ["LLMRefiner", "LLMLinkJudge", "validate_cards"]

log = logging.getLogger(__name__)

# a model that answers with the person layer's word for a plan is understood
_KINDS = {k.value: k for k in CardKind} | {"commitment": CardKind.PLAN}
_CARD_KEYS = {
    "content",
    "kind",
    "tags",
    "entities",
    "confidence",
    "importance",
    "source_id",
    "source_ids",
    "layers",
    "valence",
    "arousal",
}
_MAX_CONTENT = 2000
# "I", "me", "my" left in a card (outside quotes): the card does not say who
_FIRST_PERSON = re.compile(r"(?<![\w'\"])(?:I|I'm|I've|I'll|I'd|[Mm]e|[Mm]y|[Mm]ine|[Mm]yself)(?![\w'])")
_QUOTED = re.compile(r"\"[^\"]*\"|\u201c[^\u201d]*\u201d")


def _unit(value: Any, what: str, default: float | None = None) -> float:
    if value is None and default is not None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= float(value) <= 1.0:
        raise LLMOutputError(f"{what} must be a number in 0..1, got {value!r}")
    return float(value)


def _str_list(value: Any, what: str, limit: int) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise LLMOutputError(f"{what} must be a list of strings, got {value!r}")
    return tuple(dict.fromkeys(v.strip() for v in value if v.strip()))[:limit]


def validate_cards(data: dict, *, message_id: str, max_cards: int, speaker: str = "") -> list[CardDraft]:
    """Check a refiner answer ``{"cards": [...]}`` and turn it into drafts: at most ``max_cards``
    distinct atomic cards, each tracing back to ``message_id`` and naming who (no "I", "me" or
    "my" outside quotes: the third person, with ``speaker``'s name).

    :raises LLMOutputError: naming the first problem (the retry prompt quotes it)
    """
    if set(data) != {"cards"}:
        raise LLMOutputError(f'expected exactly one key "cards", got {sorted(data)!r}')
    cards = data["cards"]
    if not isinstance(cards, list):
        raise LLMOutputError(f'"cards" must be a list, got {type(cards).__name__}')
    if len(cards) > max_cards:
        raise LLMOutputError(f"at most {max_cards} cards allowed, got {len(cards)}")
    drafts = []
    for i, card in enumerate(cards):
        where = f"cards[{i}]"
        if not isinstance(card, dict):
            raise LLMOutputError(f"{where} must be an object, got {card!r}")
        unknown = set(card) - _CARD_KEYS
        if unknown:
            raise LLMOutputError(f"{where} has unknown keys {sorted(unknown)!r}")
        content = card.get("content")
        if not isinstance(content, str) or not content.strip():
            raise LLMOutputError(f"{where}.content must be non-empty text, got {content!r}")
        if len(content) > _MAX_CONTENT:
            raise LLMOutputError(
                f"{where}.content is {len(content)} characters; keep a card under {_MAX_CONTENT}"
            )
        if _FIRST_PERSON.search(_QUOTED.sub("", content)):
            who = f" {speaker!r}" if speaker else ""
            raise LLMOutputError(
                f'{where}.content speaks as "I"; write it in the third person, naming the speaker{who}'
            )
        if any(content.strip().casefold() == d.content.casefold() for d in drafts):
            raise LLMOutputError(f"{where} repeats an earlier card; give each fact once")
        kind = card.get("kind")
        if kind not in _KINDS:
            raise LLMOutputError(
                f"{where}.kind must be one of {sorted(k.value for k in CardKind)}, got {kind!r}"
            )
        source = card.get("source_id", card.get("source_ids"))
        if isinstance(source, list) and len(source) == 1:
            source = source[0]
        if source != message_id:
            raise LLMOutputError(f"{where}.source_id must be {message_id!r}, got {source!r}")
        affect = None
        if "valence" in card or "arousal" in card:
            val = card.get("valence", 0.0)
            if isinstance(val, bool) or not isinstance(val, (int, float)) or not -1.0 <= float(val) <= 1.0:
                raise LLMOutputError(
                    f"{where}.valence must be a number in -1..1 (0: no feeling), got {val!r}"
                )
            affect = (float(val), _unit(card.get("arousal"), f"{where}.arousal", default=0.0))
        drafts.append(
            CardDraft(
                content=prompts.strip_injected(content.strip()) or content.strip(),
                kind=_KINDS[kind],
                tags=tuple(t.lower() for t in _str_list(card.get("tags"), f"{where}.tags", 5)),
                entities=_str_list(card.get("entities"), f"{where}.entities", 10),
                confidence=_unit(card.get("confidence"), f"{where}.confidence"),
                importance=_unit(card.get("importance"), f"{where}.importance", default=0.5),
                source_ids=(message_id,),
                # the person layers' rows, when the model gave them (else the layer rules read the card)
                layers=validate_layer_rows(card["layers"], where=where, speaker=speaker)
                if "layers" in card
                else None,
                affect=affect,
            )
        )
    return drafts


class LLMRefiner:
    """A :class:`~autogen_zettel.cards.refine.Refiner` that asks an LLM for 1-3 atomic cards per message.

    One structured JSON call per message (two if the first answer is invalid); after a second
    invalid answer, or if the endpoint fails twice, the message goes to ``fallback`` (the
    heuristic refiner) and a warning is logged. Messages shorter than ``min_words`` words never
    reach the LLM. Use it as the hub's refiner, so it runs in the background worker, off the
    reply path::

        hub = MemoryHub.open("./memory", refiner=LLMRefiner(llm_config))

    :param llm: an AutoGen ``llm_config`` or any :class:`Completer`
    :param fallback: the refiner used when the LLM fails (default :class:`HeuristicRefiner`)
    """

    def __init__(self, llm: Any, *, fallback: Refiner | None = None):
        self.completer = RecordingCompleter(as_completer(llm))
        self.fallback: Refiner = fallback or HeuristicRefiner()
        self.calls = 0  # model calls made, for tests and cost accounting
        self.fallbacks = 0  # messages refined by the fallback

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
        """At most ``max_cards`` drafts for one message, each tracing back to ``message_id``."""
        kwargs = dict(
            speaker=speaker,
            message_id=message_id,
            known_entities=known_entities,
            max_cards=max_cards,
            min_words=min_words,
        )
        if len(text.split()) < min_words:
            return self.fallback.refine(text, **kwargs)
        messages = llm_prompts.refine_messages(
            text,
            speaker=speaker,
            message_id=message_id,
            known_entities=known_entities,
            max_cards=max_cards,
            layers=LAYER_ROWS_PROMPT,
        )
        drafts, calls = ask_json(
            self.completer,
            messages,
            lambda data: validate_cards(data, message_id=message_id, max_cards=max_cards, speaker=speaker),
            llm_prompts.refine_retry_message,
            f"refiner for message {message_id}",
            "the heuristic refiner for it",
        )
        self.calls += calls
        if drafts is not None:
            return drafts
        self.fallbacks += 1  # the endpoint failed or answered badly twice: nothing may be lost
        return self.fallback.refine(text, **kwargs)


_GRADES = {"STRONGLY": LinkKind.STRONGLY_RELATED, "WEAKLY": LinkKind.WEAKLY_RELATED, "NONE": None}


class LLMLinkJudge:
    """Grades candidate links of a new card with one JSON call: STRONGLY, WEAKLY or none.

    Called by the link engine with the new card and its nearest cards (by embedding)::

        judge = LLMLinkJudge(llm_config)
        grades = judge(card, [(other_card, 0.81), ...])   # {other.id: LinkKind | None} or None

    Returns ``None`` when the LLM failed twice (a warning is logged): the caller then keeps its
    similarity thresholds.

    :param llm: an AutoGen ``llm_config`` or any :class:`Completer`
    :param max_candidates: at most this many candidates go into one call
    """

    def __init__(self, llm: Any, *, max_candidates: int = 8):
        self.completer = RecordingCompleter(as_completer(llm))
        self.max_candidates = max_candidates
        self.calls = 0
        self.failures = 0

    def __call__(
        self, card: Card, candidates: Sequence[tuple[Card, float]]
    ) -> dict[str, LinkKind | None] | None:
        pool = [c for c, _ in candidates if c.id != card.id][: self.max_candidates]
        if not pool:
            return {}
        short = {f"c{i}": c.id for i, c in enumerate(pool, start=1)}
        messages = llm_prompts.link_judge_messages(
            (card.speaker, card.created_at.isoformat(timespec="minutes"), card.content),
            [
                (sid, c.speaker, c.created_at.isoformat(timespec="minutes"), c.content)
                for sid, c in zip(short, pool)
            ],
        )
        grades, calls = ask_json(
            self.completer,
            messages,
            lambda data: self._validate(data, short),
            llm_prompts.link_judge_retry_message,
            f"link judge for card {card.id}",
            "similarity thresholds",
        )
        self.calls += calls
        self.failures += grades is None
        return grades

    @staticmethod
    def _validate(data: dict, short: Mapping[str, str]) -> dict[str, LinkKind | None]:
        links = data.get("links")
        if set(data) != {"links"} or not isinstance(links, list):
            raise LLMOutputError(f'expected {{"links": [...]}}, got keys {sorted(data)!r}')
        out: dict[str, LinkKind | None] = {}
        for i, item in enumerate(links):
            if not isinstance(item, dict) or set(item) - {"id", "grade"}:
                raise LLMOutputError(f"links[{i}] must be an object with id and grade, got {item!r}")
            sid, grade = item.get("id"), item.get("grade")
            if sid not in short:
                raise LLMOutputError(f"links[{i}].id must be one of {sorted(short)!r}, got {sid!r}")
            grade = grade.upper() if isinstance(grade, str) else grade
            if grade not in _GRADES:
                raise LLMOutputError(
                    f"links[{i}].grade must be STRONGLY, WEAKLY or NONE, got {item.get('grade')!r}"
                )
            out[short[sid]] = _GRADES[grade]
        missing = sorted(set(short) - {k for k, v in short.items() if v in out})
        if missing:
            raise LLMOutputError(f"no grade for candidate(s) {missing!r}; grade every candidate")
        return out
