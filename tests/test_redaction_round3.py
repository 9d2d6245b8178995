"""Third probe round of #42's secrets family: strings written after the structured redactor was
built, as an attacker or a careless user would paste them. Each secret must be cut out whole and
each look-alike come back unchanged; a handful go through a real hub and are looked for in the
cards and messages tables."""

from __future__ import annotations

import sqlite3

import pytest

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.trust.privacy import Redactor

SECRETS = [
    ('<entry name="secret">ab12;cd34</entry>', "ab12;cd34"),  # the key in a name attribute
    ("<param key='db.password'>Wq7!lemon</param>", "Wq7!lemon"),
    ("api_key = '''multi\nline 9'''", "line 9"),  # TOML multi-line literal string
    ("card 4111/1111/1111/1111", "4111/1111"),  # separators: slash, underscore, bar, middle dot
    ("card 4111_1111_1111_1111", "1111_1111"),
    ("card 5555|5555|5555|4444", "5555|4444"),
    ("card 4242\u00b74242\u00b74242\u00b74242", "4242\u00b74242"),
    ("\uff30\uff21\uff33\uff33\uff37\uff2f\uff32\uff24\uff1dFullwidth9!", "Fullwidth9!"),  # full-width key
    ("\uff50\uff57\uff44\uff1a\u3000Wide-Pass-7", "Wide-Pass-7"),
    ("note: db.example.com:5432:app:appuser:Pg-pass_77 and that's all", "Pg-pass_77"),  # pgpass in a sentence
    ("Keep this: password: correct horse battery staple", "horse battery staple"),  # a key after a label
    ("FYI: passphrase: seven silver kites 12", "silver kites 12"),
    # a second batch, written after the first fixes
    ('  - name: DB_PASS\n    value: "kube-Pw_99"\n', "kube-Pw_99"),  # Kubernetes env list
    ("env:\n  - name: API_TOKEN\n    value: tok_live_5566aa\n", "tok_live_5566aa"),
    ('{"name": "smtp_password", "value": "Mail!pw-2"}', "Mail!pw-2"),
    ("wifi: HomeNet / pass: Sunflower#2024", "Sunflower#2024"),  # a weak key, a made-up value
    ("the code for the safe is 4821", "4821"),
    ("Alarm code: 9137, don't tell anyone", "9137"),
    ("WiFi\u5bc6\u78bc\u300cCat2024!\u300d", "Cat2024!"),
    ("Il mio PIN \u00e8 7391", "7391"),
    ("Mein PIN ist 5512", "5512"),
]
LOOK_ALIKES = [
    "Reset your password at https://example.com/reset",  # a URL's scheme is not an assignment
    "password: <your password here>",  # a placeholder cut at a space
    "pw: {{ vault_pw }}",
    "build 2024/1205/1130/0001 done",
    "id 1234_5678_9012_3456 (not a card)",
    '<entry name="password_hint">first pet</entry>',
    '<entry name="username">kim_77</entry>',
    "\uff29\uff24\uff1a\uff21\uff22\uff23\uff11\uff12\uff13",
    "meet at 10:30:45:00:11 ok",
    "Note: password: required",
    "token = '''",
    "boarding pass: 14C",
    "bus pass: gate B12",
    "pass: Sunflower",
    "the code for the discount is SAVE20",
    "zip code is 10001",
    "the safe is 4821 km away",
    "- name: username\n  value: kim",
]


@pytest.mark.parametrize("text,secret", SECRETS, ids=[t[:30] for t, _ in SECRETS])
def test_secret_is_cut_out(text, secret):
    out = Redactor().redact(text).text
    assert secret not in out and "[redacted" in out, out


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_look_alike_stays(text):
    assert Redactor().redact(text).text == text


def test_cards_and_messages_tables_hold_none_of_them(tmp_path, clock):
    data = tmp_path / "data"
    with MemoryHub.open(data, embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("ann")
        for i, (text, _) in enumerate(SECRETS):
            mem.remember("Remember this: " + text, speaker="Ann", message_id=f"m{i}")
        mem.flush()
    con = sqlite3.connect(f"file:{data / 'tenants' / 'ann.sqlite'}?mode=ro", uri=True)
    try:
        stored = [r[0] for r in con.execute("SELECT text FROM messages")]
        stored += [r[0] for r in con.execute("SELECT content FROM cards")]
    finally:
        con.close()
    assert len(stored) >= 2 * len(SECRETS)
    for _, secret in SECRETS:
        assert not any(secret in s for s in stored), secret
