"""An OpenAI-compatible chat-completions server inside the test process.

AutoGen's real client (``OpenAIWrapper`` -> ``openai.OpenAI``) talks to it over HTTP on
127.0.0.1, so tests exercise the same path as production without a key or a network. The
server answers ``POST /v1/chat/completions`` with whatever the test's ``reply`` callable returns
for the request body, and records every request body::

    with OpenAIStub(lambda body: "hello") as stub:
        llm_config = stub.llm_config()
        ...
        stub.requests[0]["messages"]
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Reply = Callable[[dict], str]


class OpenAIStub:
    """A scripted OpenAI-compatible server.

    :param reply: maps a request body (dict) to the answer's text; raising
        ``StubError(status)`` answers with that HTTP status instead
    """

    def __init__(self, reply: Reply):
        self.reply = reply
        self.requests: list[dict] = []
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle -------------------------------------------------------------------------
    def start(self) -> OpenAIStub:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self._send(
                        404, {"error": {"message": f"no route {self.path}", "type": "invalid_request_error"}}
                    )
                    return
                with stub._lock:
                    stub.requests.append(body)
                try:
                    text = stub.reply(body)
                except StubError as exc:
                    self._send(exc.status, {"error": {"message": exc.message, "type": "server_error"}})
                    return
                self._send(200, _completion(body, text))

            def _send(self, status: int, payload: dict) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="openai-stub", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> OpenAIStub:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    # -- use -------------------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        assert self._server is not None, "start the stub first"
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def llm_config(self, model: str = "stub-model", **extra: Any) -> dict:
        """An AutoGen ``llm_config`` pointing at this server (priced at 0, so AutoGen does not warn about cost)."""
        return {
            "config_list": [
                {"model": model, "base_url": self.base_url, "api_key": "sk-test", "price": [0.0, 0.0]}
            ],
            "cache_seed": None,
            **extra,
        }

    def requests_from(self, agent: str) -> list[dict]:
        """Requests whose system message introduces ``agent`` (how persona agents are told apart)."""
        with self._lock:
            return [r for r in self.requests if _system_text(r).startswith(f"You are {agent}")]


class StubError(Exception):
    """Raise from a reply callable to answer with an HTTP error."""

    def __init__(self, status: int = 500, message: str = "scripted failure"):
        super().__init__(message)
        self.status = status
        self.message = message


def _system_text(body: dict) -> str:
    for m in body.get("messages", []):
        if m.get("role") == "system" and isinstance(m.get("content"), str):
            return m["content"]
    return ""


def _completion(body: dict, text: str) -> dict:
    prompt_tokens = sum(len(str(m.get("content") or "").split()) for m in body.get("messages", []))
    return {
        "id": f"chatcmpl-stub-{time.monotonic_ns()}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model", "stub-model"),
        "choices": [
            {
                "index": 0,
                "finish_reason": "stop",
                "logprobs": None,
                "message": {"role": "assistant", "content": text},
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": len(text.split()),
            "total_tokens": prompt_tokens + len(text.split()),
        },
    }
