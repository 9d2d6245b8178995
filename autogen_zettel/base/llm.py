"""Optional LLM use, the plumbing every LLM helper shares: a :class:`Completer` over AutoGen's
own client, :func:`ask_json` (one structured call, validated, one retry) and the ``llm_config``
files.

Calls go through AutoGen's own client (``autogen.OpenAIWrapper``), so any endpoint AutoGen can
reach works: OpenAI, Azure, or any OpenAI-compatible server (Ollama, vLLM, llama.cpp server)
through ``base_url``. AutoGen is imported lazily, on the first call, so importing this module
stays cheap.

>>> parse_json_object('```json\\n{"cards": []}\\n```')
{'cards': []}
>>> parse_json_object("no json here")
Traceback (most recent call last):
...
autogen_zettel.base.errors.LLMOutputError: the answer holds no JSON object: 'no json here'
"""

from __future__ import annotations

import json
import logging
import os
import re
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol, TypeVar, runtime_checkable

from autogen_zettel.base.errors import ConfigError, LLMOutputError
from autogen_zettel.base.schema import did_you_mean, short
from autogen_zettel.base.yamlio import read_yaml

__all__ = [
    "Completer",
    "OpenAIWrapperCompleter",
    "RecordingCompleter",
    "as_completer",
    "load_llm_config",
    "llm_config_from_dict",
    "parse_json_object",
    "ask_json",
    "failure_kind",
]

log = logging.getLogger(__name__)


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

    def __init__(
        self,
        llm_config: Mapping[str, Any] | Any,
        *,
        temperature: float | None = 0.0,
        max_tokens: int | None = 1024,
    ):
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


def failure_kind(exc: BaseException | None) -> str:
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


def as_completer(llm: Any) -> Completer:
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


T = TypeVar("T")


def ask_json(
    completer: RecordingCompleter,
    messages: list[dict],
    validate: Callable[[dict], T],
    retry: Callable[[str, str], list[dict]],
    what: str,
    fallback: str,
) -> tuple[T | None, int]:
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
            log.info("%s answer invalid (attempt %d): %s", what, attempt, failure_kind(exc))
            if attempt == 1:
                messages = messages + retry(completer.last_answer or "", str(exc))
        except Exception as exc:  # noqa: BLE001 - the endpoint failed; the caller's fallback stands
            error = exc
            log.info("%s call failed (attempt %d): %s", what, attempt, failure_kind(exc))
    log.warning("LLM %s failed twice (%s); keeping %s", what, failure_kind(error), fallback)
    return None, 2


class RecordingCompleter:
    """Wraps a completer to remember its last answer (quoted back in the retry prompt)."""

    def __init__(self, inner: Completer):
        self.inner = inner
        self.last_answer: str | None = None

    def complete(self, messages: list[dict]) -> str:
        self.last_answer = None
        self.last_answer = self.inner.complete(messages)
        return self.last_answer


# -- llm_config files ---------------------------------------------------------------------------

_TOP_KEYS = {"config_list", "temperature", "timeout", "cache_seed", "max_tokens"}
_ENTRY_KEYS = {
    "model",
    "base_url",
    "api_type",
    "api_version",
    "api_key_env",
    "price",
    "tags",
    "max_tokens",
    "temperature",
}


def llm_config_from_dict(
    data: Any, *, file: str | None = None, environ: Mapping[str, str] | None = None
) -> dict:
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
        raise ConfigError(
            f"an LLM config must be a mapping with a config_list, got {type(data).__name__}", file=file
        )
    for key in data:
        if key not in _TOP_KEYS:
            raise ConfigError(
                f"unknown key; {did_you_mean(key, sorted(_TOP_KEYS))}known keys are: "
                f"{', '.join(sorted(_TOP_KEYS))}",
                file=file,
                key=str(key),
            )
    entries = data.get("config_list")
    if not isinstance(entries, list) or not entries:
        raise ConfigError(
            "must be a non-empty list of model entries (model, base_url, api_key_env)",
            file=file,
            key="config_list",
        )
    out_entries = []
    missing: list[tuple[str, str]] = []
    for i, entry in enumerate(entries):
        where = f"config_list[{i}]"
        if not isinstance(entry, dict):
            raise ConfigError(f"must be a mapping, got {short(entry)}", file=file, key=where)
        if "api_key" in entry:
            raise ConfigError(
                "API keys must not be written in config files; set an environment variable and name it "
                "with `api_key_env: OPENAI_API_KEY`",
                file=file,
                key=f"{where}.api_key",
            )
        for key in entry:
            if key not in _ENTRY_KEYS:
                raise ConfigError(
                    f"unknown key; {did_you_mean(key, sorted(_ENTRY_KEYS))}known keys are: "
                    f"{', '.join(sorted(_ENTRY_KEYS))}",
                    file=file,
                    key=f"{where}.{key}",
                )
        if not isinstance(entry.get("model"), str) or not entry["model"].strip():
            raise ConfigError(
                "is required: the model name, e.g. `model: gpt-4o-mini`", file=file, key=f"{where}.model"
            )
        resolved = {k: v for k, v in entry.items() if k != "api_key_env"}
        var = entry.get("api_key_env")
        if var is not None:
            if not isinstance(var, str) or not var:
                raise ConfigError(
                    f"must name an environment variable, got {short(var)}",
                    file=file,
                    key=f"{where}.api_key_env",
                )
            if not env.get(var):
                missing.append((where, var))
                log.warning(
                    "%s: skipping %s (model %r): environment variable %s is not set",
                    file or "llm config",
                    where,
                    entry["model"],
                    var,
                )
                continue
            resolved["api_key"] = env[var]
        elif entry.get("base_url"):
            resolved["api_key"] = "not-needed"  # local OpenAI-compatible servers ignore the key
        else:
            raise ConfigError(
                "needs `api_key_env: VAR` (the environment variable holding the key), or a base_url for a "
                "local server that needs no key",
                file=file,
                key=f"{where}.api_key_env",
            )
        out_entries.append(resolved)
    if not out_entries:
        where, var = missing[0]
        names = ", ".join(sorted({v for _, v in missing}))
        raise ConfigError(
            f"no usable model entry: set the environment variable(s) {names} (e.g. `export {var}=...`) "
            "or add an entry for a local server (base_url)",
            file=file,
            key=f"{where}.api_key_env",
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
