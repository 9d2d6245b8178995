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


def _bad(output: str) -> list[str]:
    return [
        c
        for c in output
        if (ord(c) < 32 and c != "\n")
        or 0x7F <= ord(c) < 0xA0
        or c in "\u202a\u202b\u202c\u202d\u202e\u2028\u2029"
    ]


@pytest.mark.parametrize(
    "args",
    [
        ("cards", "ann"),
        ("cards", "ann", "--json"),
        ("recall", "ann", "Porto cello"),
        ("recall", "ann", "Porto cello", "--json"),
        ("conflicts", "ann", "--json"),
        ("stats", "ann", "--json"),
        ("export", "ann"),
        ("preferences", "ann", "--json"),
        ("facts", "ann", "--json"),
        ("audit", "ann"),
    ],
)
def test_every_listing_escapes_what_a_memory_holds(run, tmp_path, args):
    """Third probe round: the card text reached `cards`, `recall` and the JSON listings raw (a C1
    CSI, NEL, a bidi override); every console line now goes through one filter, every JSON
    listing through safe_json."""
    chat = tmp_path / "chat.jsonl"
    rows = [
        {
            "text": "I moved to Porto\x9b31m in May\x85 with \u202eBob\u202c.",
            "speaker": "ann",
            "id": "e\u2028",
        },
        {"text": "I love the cello\x1b]0;x\x07 more than tea.", "speaker": "ann", "session_id": "s\u202e"},
    ]
    chat.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    assert run("ingest", "ann", str(chat)).exit_code == 0
    r = run(*args)
    assert _bad(r.output) == [], (args, _bad(r.output), r.output[-300:])
