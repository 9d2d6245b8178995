"""Person-layer rows an LLM refiner may give with a card (its ``"layers"`` list), validated into
:class:`~autogen_zettel.people.evidence.Evidence`: one structured answer, every field checked,
and a bad row is an :class:`~autogen_zettel.base.errors.LLMOutputError` naming it (the refiner
retries once, then the heuristic refiner and the layer rules take the message).

>>> rows = validate_layer_rows([{"layer": "commitment", "subject": "Rui", "what": "draft the proposal",
...                              "when": "by Thursday"}], where="cards[0]", speaker="Rui")
>>> [(e.layer, e.subject, e.value, e.when) for e in rows]
[('commitment', 'Rui', 'draft the proposal', 'by Thursday')]
"""

from __future__ import annotations

from typing import Any

from autogen_zettel.base.errors import LLMOutputError
from autogen_zettel.people.evidence import Evidence
from autogen_zettel.people.topics import category_of, clean_topic, topic_of

__all__ = ["validate_layer_rows", "LAYER_ROWS_SHAPE", "LAYER_ROWS_PROMPT"]

#: how the refiner's prompt asks for these rows (a bullet of its card fields; the keys and values
#: are the ones :func:`validate_layer_rows` accepts)
LAYER_ROWS_PROMPT = """- layers (optional, per card): what the card says about a person, as rows of
  {"layer": "fact", "subject": "who", "key": "residence|employer|job|name|age|hometown|diet|allergy|pet|restriction",
    "value": "...", "change": true if it replaces an earlier value},
  {"layer": "preference", "subject": "who", "topic": "...", "value": 0.0-1.0 (0.5 neutral),
    "kind": "statement|change|acceptance|refusal"},
  {"layer": "commitment", "subject": "who promised", "what": "...", "when": "the words that say when, or null",
    "counterparty": "to whom, or null"},
  {"layer": "status", "subject": "who", "what": "the promise it closes", "status": "done|cancelled"};
  "layers": [] when it says nothing of the kind.
"""

LAYER_ROWS_SHAPE = {
    "fact": {"layer", "subject", "key", "value", "change"},
    "preference": {"layer", "subject", "topic", "value", "kind"},
    "commitment": {"layer", "subject", "what", "when", "counterparty"},
    "status": {"layer", "subject", "what", "status"},
}
_FACT_KEYS = (
    "residence",
    "employer",
    "job",
    "name",
    "age",
    "hometown",
    "diet",
    "allergy",
    "pet",
    "restriction",
)
_PREF_KINDS = ("statement", "change", "acceptance", "refusal")
_SELF = {"i", "me", "myself", "speaker", "the speaker"}
_MAX = 200


def _text(row: dict, key: str, where: str, *, required: bool = True) -> str:
    value = row.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or not value.strip() or len(value) > _MAX:
        raise LLMOutputError(f"{where}.{key} must be non-empty text under {_MAX} characters, got {value!r}")
    return " ".join(value.split())


def validate_layer_rows(rows: Any, *, where: str, speaker: str) -> tuple[Evidence, ...]:
    """The evidence of one card's ``"layers"`` list; "I" as a subject is ``speaker``."""
    if not isinstance(rows, list) or len(rows) > 8:
        raise LLMOutputError(f"{where}.layers must be a list of at most 8 objects, got {rows!r}")
    out = []
    for i, row in enumerate(rows):
        at = f"{where}.layers[{i}]"
        if not isinstance(row, dict) or row.get("layer") not in LAYER_ROWS_SHAPE:
            raise LLMOutputError(
                f"{at} must be an object whose layer is one of {sorted(LAYER_ROWS_SHAPE)}, got {row!r}"
            )
        layer = row["layer"]
        unknown = set(row) - LAYER_ROWS_SHAPE[layer]
        if unknown:
            raise LLMOutputError(f"{at} has unknown keys {sorted(unknown)!r} for a {layer} row")
        subject = _text(row, "subject", at)
        subject = speaker if subject.casefold() in _SELF else subject
        if layer == "fact":
            key = _text(row, "key", at).lower()
            if key not in _FACT_KEYS:
                raise LLMOutputError(f"{at}.key must be one of {', '.join(_FACT_KEYS)}, got {key!r}")
            change = row.get("change", False)
            if not isinstance(change, bool):
                raise LLMOutputError(f"{at}.change must be true or false, got {change!r}")
            value = _text(row, "value", at)
            if key == "restriction":  # restrictions are kept by category: "drinking" -> alcohol
                value = category_of(value) or value.lower()
            out.append(Evidence("fact", subject, key, value, 0.5, "change" if change else "statement"))
        elif layer == "preference":
            topic = _text(row, "topic", at)
            value = row.get("value")
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
                raise LLMOutputError(f"{at}.value must be a number in 0..1 (0.5 neutral), got {value!r}")
            kind = row.get("kind", "statement")
            if kind not in _PREF_KINDS:
                raise LLMOutputError(f"{at}.kind must be one of {', '.join(_PREF_KINDS)}, got {kind!r}")
            key = topic_of(topic)
            if key:
                target = 1.0 if kind == "acceptance" else 0.0 if kind == "refusal" else float(value)
                out.append(Evidence("preference", subject, key, clean_topic(topic) or topic, target, kind))
        elif layer == "commitment":
            counterparty = _text(row, "counterparty", at, required=False) or None
            if counterparty and counterparty.casefold() in _SELF:
                counterparty = speaker
            out.append(
                Evidence(
                    "commitment",
                    subject,
                    "",
                    _text(row, "what", at),
                    0.5,
                    "statement",
                    None,
                    counterparty,
                    _text(row, "when", at, required=False),
                )
            )
        else:
            status = row.get("status")
            if status not in ("done", "cancelled"):
                raise LLMOutputError(f"{at}.status must be done or cancelled, got {status!r}")
            out.append(Evidence("status", subject, "", _text(row, "what", at, required=False), 0.5, status))
    return tuple(out)
