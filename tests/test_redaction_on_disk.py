"""The redaction of #42 reaches disk: a message with secrets in structured text, remembered through
the public API, leaves no byte of them in any file of the data folder (SQLite, its WAL, the index),
and the stored message row holds the placeholders (capture redacts the message before it is
stored, the same redaction the cards get)."""

from __future__ import annotations

import sqlite3

from autogen_zettel import HashEmbedder, MemoryHub

from .test_privacy import files_containing

PEM_BODY = (
    "MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi0wLcQ9e6yJmXkVsP4qH2nG8rT\n"
    "b5dZ1aLkWfE3hYc7uN0oR2xS9vQmI4tK6jB8gD1eF5pA0zCqX3yU7wHsMnLrVtOi\n"
)
MESSAGES = {
    "m1": ('My mail config, remember it: SMTP_PASSWORD="orange lamp 9 river"', "orange lamp 9 river"),
    "m2": ('For the deploy use export SECRET_KEY="django-insecure-7h#k2m$9qz" on the box', "#k2m$9qz"),
    "m3": ("The cache is redis://:pw-only-9@cache:6379/0 in staging", "pw-only-9"),
    "m4": ("db:\n  host: localhost\n  pass: Zq8#mmL2\n  port: 5432", "Zq8#mmL2"),
    "m5": ("My new card is 4111\u00a01111\u00a01111\u00a01111, expiring soon.", "1111\u00a01111"),
    "m6": ("我的密碼是 Taipei101abc，別告訴別人", "Taipei101abc"),
    "m7": ("Here is the key I use:\n" + PEM_BODY, "3Tz2mr7SZiAMfQyuvBjM9Oi0"),
    "m8": ("Run mysql -u root -pS3cretPw shop to look at the orders", "S3cretPw"),
}


def test_structured_secrets_never_reach_any_file(tmp_path, clock):
    data = tmp_path / "data"
    with MemoryHub.open(data, embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("ann")
        for message_id, (text, _) in MESSAGES.items():
            mem.remember(text, speaker="Ann", message_id=message_id)
        mem.flush()
        for _, secret in MESSAGES.values():  # while open: the WAL and the index too
            assert files_containing(data, secret.encode()) == [], secret
    for _, secret in MESSAGES.values():
        assert files_containing(data, secret.encode()) == [], secret
    # the messages table holds every message, each with its placeholder
    stored = {}
    for path in data.rglob("*"):
        if not path.is_file() or path.read_bytes()[:16] != b"SQLite format 3\x00":
            continue
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            if con.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='messages'").fetchone():
                stored.update(dict(con.execute("SELECT id, text FROM messages")))
        finally:
            con.close()
    assert set(MESSAGES) <= set(stored), sorted(stored)
    assert all("[redacted" in stored[m] for m in MESSAGES), stored
