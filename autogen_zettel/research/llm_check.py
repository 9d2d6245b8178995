"""Fail fast and in one line when a run's LLM cannot be reached or answers with an HTTP error,
instead of a long ``openai.APIConnectionError`` / ``InternalServerError`` traceback."""

from __future__ import annotations

import socket
from typing import Any
from urllib.parse import urlsplit

from autogen_zettel.base.errors import LLMUnavailable

__all__ = ["check_reachable", "as_unavailable"]


def _endpoints(llm_config: Any) -> list[str] | None:
    """The base URLs of the config's entries; None when an entry uses its provider's default."""
    entries = llm_config.get("config_list", []) if isinstance(llm_config, dict) else []
    urls = [e.get("base_url") for e in entries if isinstance(e, dict)]
    return None if not urls or any(not u for u in urls) else urls


def check_reachable(llm_config: Any, *, timeout: float = 3.0) -> None:
    """Raise :class:`LLMUnavailable` if no entry's ``base_url`` accepts a connection (entries
    without a base_url, e.g. OpenAI's own API, are not probed)."""
    urls = _endpoints(llm_config)
    if not urls:
        return
    for url in urls:
        parts = urlsplit(url)
        port = parts.port or (443 if parts.scheme == "https" else 80)
        try:
            with socket.create_connection((parts.hostname or "localhost", port), timeout=timeout):
                return
        except OSError:
            continue
    raise LLMUnavailable(_message(urls, "connection refused or timed out"))


def _message(urls: list[str] | None, why: str) -> str:
    where = ", ".join(urls) if urls else "the configured LLM"
    return (
        f"cannot reach the LLM at {where} ({why}); start the server or fix base_url in the --llm "
        "file, or run without --llm to use the offline model client"
    )


def as_unavailable(exc: BaseException, llm_config: Any) -> LLMUnavailable | None:
    """The one-line error for an LLM connection failure raised mid-run, else None."""
    try:
        import openai
    except ImportError:  # pragma: no cover - openai comes with pyautogen[openai]
        return None
    if isinstance(exc, (openai.APIConnectionError, openai.APITimeoutError)):
        return LLMUnavailable(_message(_endpoints(llm_config), type(exc).__name__))
    if isinstance(exc, openai.APIStatusError):  # the server is there but refuses: 401, 404, 429, 5xx
        where = ", ".join(_endpoints(llm_config) or ["the configured LLM"])
        fix = {
            401: "set the API key's environment variable (api_key_env)",
            403: "check the key's permissions",
            404: "check base_url (an OpenAI-compatible endpoint, often ending in /v1) and the model name",
            429: "wait, or lower the request rate",
        }.get(exc.status_code, "check that base_url is an OpenAI-compatible server")
        return LLMUnavailable(
            f"the LLM at {where} answered HTTP {exc.status_code} ({type(exc).__name__}); {fix} "
            "in the --llm file, or run without --llm to use the offline model client"
        )
    return None
