"""Control characters in stored ids and text are escaped in the CLI's output (#42): a session
or message id holding a terminal escape sequence must not clear the screen or retitle the
window when `explain` or `show` prints it."""

from __future__ import annotations

import json

import pytest

ESC_IDS = {"id": "m\x1b]0;pwned\x07", "session_id": "s\x1b[2J\u202e1"}


def _seed(run, tmp_path):
    chat = tmp_path / "chat.jsonl"
    row = {"text": "I moved to Porto in May.\x1b[31m Bob plays the cello.\x9b1m", "speaker": "ann", **ESC_IDS}
    chat.write_text(json.dumps(row) + "\n", encoding="utf-8")
    assert run("ingest", "ann", str(chat)).exit_code == 0
    out = run("cards", "ann", "--json").output
    return json.loads(out)[0]["id"]


@pytest.mark.parametrize("command", ["explain", "show"])
def test_explain_and_show_escape_control_characters(run, tmp_path, command):
    card_id = _seed(run, tmp_path)
    for args in ((command, "ann", card_id), (command, "ann", card_id, "--json")):
        r = run(*args)
        assert r.exit_code == 0, r.output
        bad = [c for c in r.output if (ord(c) < 32 and c != "\n") or 0x7F <= ord(c) < 0xA0 or c == "\u202e"]
        assert bad == [], (args, bad)
    plain = run(command, "ann", card_id).output
    assert "\\x1b" in plain and "\\u202e" in plain  # shown, escaped, not dropped
