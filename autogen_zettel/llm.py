"""Optional LLM use: a refiner and a link judge that make one structured JSON call each.

Calls go through AutoGen's own client (``autogen.OpenAIWrapper``), so any endpoint AutoGen can
reach works: OpenAI, Azure, or any OpenAI-compatible server (Ollama, vLLM, llama.cpp server)
through ``base_url``. AutoGen is imported lazily, on the first call, so importing this module
stays cheap.

Every answer is validated. An invalid answer (or a failed call) is retried once with the error
fed back; if the retry fails too, the refiner falls back to the heuristic refiner and the link
judge to the similarity thresholds, each with a logged warning. Nothing is lost.

>>> parse_json_object('```json\\n{"cards": []}\\n```')
{'cards': []}
>>> parse_json_object("no json here")
Traceback (most recent call last):
...
autogen_zettel.errors.LLMOutputError: the answer holds no JSON object: 'no json here'
"""

from __future__ import annotations

import json
import logging
import os
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar, runtime_checkable


from . import prompts
from .cards import Card, CardKind, LinkKind
from .config import read_yaml
from .errors import ConfigError, LLMOutputError
from .refine import CardDraft, HeuristicRefiner, Refiner

__all__ = [
    "Completer",
    "OpenAIWrapperCompleter",
    "LLMRefiner",
    "LLMLinkJudge",
    "LLMTraitJudge",
    "LLMProfiler",
    "load_llm_config",
    "llm_config_from_dict",
    "parse_json_object",
    "ask_json",
    "validate_cards",
]

log = logging.getLogger(__name__)

_KINDS = {k.value: k for k in CardKind}
_CARD_KEYS = {"content", "kind", "tags", "entities", "confidence", "importance", "source_id", "source_ids"}
_MAX_CONTENT = 2000


@runtime_checkable
class Completer(Protocol):
    """Anything that answers a list of chat messages with text (one model call)."""

    def complete(self, messages: list[dict]) -> str:
        """The text of the model's answer."""


class OpenAIWrapperCompleter:
    """A :class:`Completer` over ``autogen.OpenAIWrapper`` built from an ``llm_config``.

    :param llm_config: an AutoGen ``llm_config`` (dict with ``config_list``, or an ``LLMConfig``)
    :param temperature: sent with every call (``None`` leaves the model's default, for models that
        refuse a temperature)
    :param max_tokens: cap on the answer's length (``None``: no cap)
    """

    def __init__(self, llm_config: Mapping[str, Any] | Any, *, temperature: float | None = 0.0,
                 max_tokens: int | None = 1024):
        if llm_config in (None, False):
            raise ConfigError("an LLM helper needs an llm_config with a config_list; got none")
        config_list = _get(llm_config, "config_list")
        if not config_list:
            raise ConfigError(
                "llm_config has no config_list; give e.g. {'config_list': [{'model': 'gpt-4o-mini', "
                "'api_key': os.environ['OPENAI_API_KEY']}]} or load configs/llm.example.yaml",
                key="config_list",
            )
        for entry in config_list:
            if _get(entry, "model_client_cls"):
                raise ConfigError(
                    f"config entry for model {_get(entry, 'model')!r} uses a custom model client "
                    f"({_get(entry, 'model_client_cls')!r}); the refiner and link judge need a real "
                    "LLM endpoint: pass an llm_config without model_client_cls",
                    key="config_list",
                )
        self.llm_config = llm_config
        self.temperature = temperature
        self.max_tokens = max_tokens
        self._client = None
        self._lock = threading.Lock()

    def _wrapper(self):
        if self._client is None:
            import autogen

            self._client = autogen.OpenAIWrapper(**self.llm_config)
        return self._client

    def complete(self, messages: list[dict]) -> str:
        extra: dict[str, Any] = {"cache": None}
        if self.temperature is not None:
            extra["temperature"] = self.temperature
        if self.max_tokens is not None:
            extra["max_tokens"] = self.max_tokens
        with self._lock:  # one call at a time per helper; the worker thread is the usual caller
            client = self._wrapper()
            response = client.create(messages=messages, **extra)
            texts = client.extract_text_or_completion_object(response)
        if not texts:
            raise LLMOutputError("the model returned no choices")
        first = texts[0]
        content = first if isinstance(first, str) else getattr(first, "content", None)
        if not isinstance(content, str):
            raise LLMOutputError(f"the model returned no text content: {first!r}")
        return content


def _kind(exc: BaseException | None) -> str:
    """What to log about a failed call: an invalid answer by its kind only (its message
    quotes the model's answer, i.e. card text, which must stay out of logs); an endpoint
    error as it is (status and reason, no answer)."""
    if exc is None or isinstance(exc, LLMOutputError):
        return f"invalid answer ({type(exc).__name__})" if exc is not None else "no answer"
    return repr(exc)


def _get(obj: Any, key: str, default: Any = None) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(key, default)
    getter = getattr(obj, "get", None)
    if callable(getter):
        return getter(key, default)
    return getattr(obj, key, default)


def _completer(llm: Any) -> Completer:
    if isinstance(llm, Completer):
        return llm
    return OpenAIWrapperCompleter(llm)


_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL | re.IGNORECASE)


def parse_json_object(text: str) -> dict:
    """The JSON object in a model's answer (code fences and text around it tolerated).

    :raises LLMOutputError: there is no parseable JSON object
    """
    if not isinstance(text, str):
        raise LLMOutputError(f"expected text, got {type(text).__name__}")
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1)
    try:
        value = json.loads(body)
    except json.JSONDecodeError:
        start, end = body.find("{"), body.rfind("}")
        if start < 0 or end <= start:
            raise LLMOutputError(f"the answer holds no JSON object: {text[:200]!r}") from None
        try:
            value = json.loads(body[start : end + 1])
        except json.JSONDecodeError as exc:
            raise LLMOutputError(f"malformed JSON ({exc.msg} at char {exc.pos}): {text[:200]!r}") from None
    if not isinstance(value, dict):
        raise LLMOutputError(f"expected a JSON object, got {type(value).__name__}: {text[:200]!r}")
    return value


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


def validate_cards(data: dict, *, message_id: str, max_cards: int) -> list[CardDraft]:
    """Check a refiner answer ``{"cards": [...]}`` and turn it into drafts.

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
            raise LLMOutputError(f"{where}.content is {len(content)} characters; keep a card under {_MAX_CONTENT}")
        kind = card.get("kind")
        if kind not in _KINDS:
            raise LLMOutputError(f"{where}.kind must be one of {sorted(_KINDS)}, got {kind!r}")
        source = card.get("source_id", card.get("source_ids"))
        if isinstance(source, list) and len(source) == 1:
            source = source[0]
        if source != message_id:
            raise LLMOutputError(f"{where}.source_id must be {message_id!r}, got {source!r}")
        drafts.append(CardDraft(
            content=prompts.strip_injected(content.strip()) or content.strip(),
            kind=_KINDS[kind],
            tags=tuple(t.lower() for t in _str_list(card.get("tags"), f"{where}.tags", 5)),
            entities=_str_list(card.get("entities"), f"{where}.entities", 10),
            confidence=_unit(card.get("confidence"), f"{where}.confidence"),
            importance=_unit(card.get("importance"), f"{where}.importance", default=0.5),
            source_ids=(message_id,),
        ))
    return drafts


class LLMRefiner:
    """A :class:`~autogen_zettel.refine.Refiner` that asks an LLM for 1-3 atomic cards per message.

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
        self.completer = _Recording(_completer(llm))
        self.fallback: Refiner = fallback or HeuristicRefiner()
        self.calls = 0  # model calls made, for tests and cost accounting
        self.fallbacks = 0  # messages refined by the fallback

    def refine(
        self, text: str, *, speaker: str, message_id: str, known_entities: tuple[str, ...] = (),
        max_cards: int = 3, min_words: int = 3,
    ) -> list[CardDraft]:
        """At most ``max_cards`` drafts for one message, each tracing back to ``message_id``."""
        kwargs = dict(speaker=speaker, message_id=message_id, known_entities=known_entities,
                      max_cards=max_cards, min_words=min_words)
        if len(text.split()) < min_words:
            return self.fallback.refine(text, **kwargs)
        messages = prompts.refine_messages(text, speaker=speaker, message_id=message_id,
                                           known_entities=known_entities, max_cards=max_cards)
        drafts, calls = ask_json(self.completer, messages,
                                 lambda data: validate_cards(data, message_id=message_id, max_cards=max_cards),
                                 prompts.refine_retry_message, f"refiner for message {message_id}",
                                 "the heuristic refiner for it")
        self.calls += calls
        if drafts is not None:
            return drafts
        self.fallbacks += 1  # the endpoint failed or answered badly twice: nothing may be lost
        return self.fallback.refine(text, **kwargs)


T = TypeVar("T")


def ask_json(completer: "_Recording", messages: list[dict], validate: Callable[[dict], T],
             retry: Callable[[str, str], list[dict]], what: str, fallback: str) -> tuple[T | None, int]:
    """One structured call, as every LLM helper here makes it: the answer parsed as a JSON
    object and validated; one retry with the error fed back; ``(None, 2)`` after a second
    failure, logged as a warning that names ``fallback`` (what the caller keeps instead).

    :returns: (the validated value or None, how many model calls were made)

    Logs name an invalid answer by its kind only (:func:`_kind`): its error quotes the answer,
    which may quote card text, and logs are out of reach of forgetting.
    """
    error: Exception | None = None
    for attempt in (1, 2):
        try:
            return validate(parse_json_object(completer.complete(messages))), attempt
        except LLMOutputError as exc:
            error = exc
            log.info("%s answer invalid (attempt %d): %s", what, attempt, _kind(exc))
            if attempt == 1:
                messages = messages + retry(completer.last_answer or "", str(exc))
        except Exception as exc:  # noqa: BLE001 - the endpoint failed; the caller's fallback stands
            error = exc
            log.info("%s call failed (attempt %d): %s", what, attempt, _kind(exc))
    log.warning("LLM %s failed twice (%s); keeping %s", what, _kind(error), fallback)
    return None, 2


class _Recording:
    """Wraps a completer to remember its last answer (quoted back in the retry prompt)."""

    def __init__(self, inner: Completer):
        self.inner = inner
        self.last_answer: str | None = None

    def complete(self, messages: list[dict]) -> str:
        self.last_answer = None
        self.last_answer = self.inner.complete(messages)
        return self.last_answer


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
        self.completer = _Recording(_completer(llm))
        self.max_candidates = max_candidates
        self.calls = 0
        self.failures = 0

    def __call__(self, card: Card, candidates: Sequence[tuple[Card, float]]) -> dict[str, LinkKind | None] | None:
        pool = [c for c, _ in candidates if c.id != card.id][: self.max_candidates]
        if not pool:
            return {}
        short = {f"c{i}": c.id for i, c in enumerate(pool, start=1)}
        messages = prompts.link_judge_messages(
            (card.speaker, card.created_at.isoformat(timespec="minutes"), card.content),
            [(sid, c.speaker, c.created_at.isoformat(timespec="minutes"), c.content)
             for sid, c in zip(short, pool)],
        )
        grades, calls = ask_json(self.completer, messages, lambda data: self._validate(data, short),
                                 prompts.link_judge_retry_message, f"link judge for card {card.id}",
                                 "similarity thresholds")
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
                raise LLMOutputError(f"links[{i}].grade must be STRONGLY, WEAKLY or NONE, got {item.get('grade')!r}")
            out[short[sid]] = _GRADES[grade]
        missing = sorted(set(short) - {k for k, v in short.items() if v in out})
        if missing:
            raise LLMOutputError(f"no grade for candidate(s) {missing!r}; grade every candidate")
        return out


def __getattr__(name: str) -> Any:
    # the persona helpers (trait judge, profiler) live in llm_persona.py, which imports this module
    if name in ("LLMTraitJudge", "LLMProfiler"):
        from . import llm_persona

        return getattr(llm_persona, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# -- llm_config files ---------------------------------------------------------------------------

_TOP_KEYS = {"config_list", "temperature", "timeout", "cache_seed", "max_tokens"}
_ENTRY_KEYS = {"model", "base_url", "api_type", "api_version", "api_key_env", "price", "tags", "max_tokens",
               "temperature"}


def llm_config_from_dict(data: Any, *, file: str | None = None, environ: Mapping[str, str] | None = None) -> dict:
    """Validate an LLM config mapping (OAI config-list style) and resolve keys from the environment.

    Keys are never written in the file: each entry names the environment variable that holds its
    key (``api_key_env``). A literal ``api_key`` is refused. Entries whose variable is not set are
    skipped with a warning; if none is left, that is an error naming the variables to set.

    >>> cfg = llm_config_from_dict({"config_list": [{"model": "m", "api_key_env": "K"}]}, environ={"K": "sk-1"})
    >>> cfg["config_list"][0]["api_key"], cfg["cache_seed"]
    ('sk-1', None)
    """
    env = os.environ if environ is None else environ
    if not isinstance(data, dict):
        raise ConfigError(f"an LLM config must be a mapping with a config_list, got {type(data).__name__}", file=file)
    for key in data:
        if key not in _TOP_KEYS:
            raise ConfigError(f"unknown key; known keys are: {', '.join(sorted(_TOP_KEYS))}", file=file, key=str(key))
    entries = data.get("config_list")
    if not isinstance(entries, list) or not entries:
        raise ConfigError("must be a non-empty list of model entries (model, base_url, api_key_env)",
                          file=file, key="config_list")
    out_entries = []
    missing: list[tuple[str, str]] = []
    for i, entry in enumerate(entries):
        where = f"config_list[{i}]"
        if not isinstance(entry, dict):
            raise ConfigError(f"must be a mapping, got {entry!r}", file=file, key=where)
        if "api_key" in entry:
            raise ConfigError(
                "API keys must not be written in config files; set an environment variable and name it "
                "with `api_key_env: OPENAI_API_KEY`", file=file, key=f"{where}.api_key",
            )
        for key in entry:
            if key not in _ENTRY_KEYS:
                raise ConfigError(f"unknown key; known keys are: {', '.join(sorted(_ENTRY_KEYS))}",
                                  file=file, key=f"{where}.{key}")
        if not isinstance(entry.get("model"), str) or not entry["model"].strip():
            raise ConfigError("is required: the model name, e.g. `model: gpt-4o-mini`", file=file, key=f"{where}.model")
        resolved = {k: v for k, v in entry.items() if k != "api_key_env"}
        var = entry.get("api_key_env")
        if var is not None:
            if not isinstance(var, str) or not var:
                raise ConfigError(f"must name an environment variable, got {var!r}", file=file, key=f"{where}.api_key_env")
            if not env.get(var):
                missing.append((where, var))
                log.warning("%s: skipping %s (model %r): environment variable %s is not set",
                            file or "llm config", where, entry["model"], var)
                continue
            resolved["api_key"] = env[var]
        elif entry.get("base_url"):
            resolved["api_key"] = "not-needed"  # local OpenAI-compatible servers ignore the key
        else:
            raise ConfigError(
                "needs `api_key_env: VAR` (the environment variable holding the key), or a base_url for a "
                "local server that needs no key", file=file, key=f"{where}.api_key_env",
            )
        out_entries.append(resolved)
    if not out_entries:
        where, var = missing[0]
        names = ", ".join(sorted({v for _, v in missing}))
        raise ConfigError(
            f"no usable model entry: set the environment variable(s) {names} (e.g. `export {var}=...`) "
            "or add an entry for a local server (base_url)", file=file, key=f"{where}.api_key_env",
        )
    out = {k: v for k, v in data.items() if k != "config_list"}
    out["config_list"] = out_entries
    out.setdefault("cache_seed", None)  # no disk cache unless asked: answers must stay fresh
    return out


def load_llm_config(path: str | Path, *, environ: Mapping[str, str] | None = None) -> dict:
    """Read an LLM config YAML (see ``configs/llm.example.yaml``) into an AutoGen ``llm_config``.

    :raises ConfigError: the file is missing or malformed, has an unknown key, a literal key, or
        names an environment variable that is not set
    """
    path = Path(path)
    data = read_yaml(path, missing_fix="copy configs/llm.example.yaml and edit it")
    return llm_config_from_dict(data, file=str(path), environ=environ)
