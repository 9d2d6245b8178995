"""Redaction is linear and comes after the length limit (#25 item 4): every secret pattern, on the
worst inputs for it, scales like the text (5k against 100k characters), and an oversized message
is refused before any scan. Scaling, not wall-clock: both sizes are timed in the same run."""

from __future__ import annotations

import re
import time

import pytest

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.trust import privacy, secret_formats, structured_secrets
from autogen_zettel.trust.privacy import Redactor

# repeated units that made the earlier patterns backtrack (headers without an END, prefixes of a
# token, keywords followed by more keywords, runs of one character class)
UNITS = [
    "sk-",
    "-----BEGIN RSA PRIVATE KEY----- ",
    "x://",
    "https://a:",
    "a",
    "A1",
    "1",
    "1 ",
    "1-",
    "password for ",
    "pw ",
    "password is ",
    "eyJ",
    "eyJa.",
    "a:b@",
    "passphrase is a ",
    "pin ",
    "AKIA",
    "xoxb-",
    "ghp_",
    "a.",
    "密码",
    "GB82 ",
    "api key ",
    "Bearer ",
    "-",
    "=",
    '"',
    "DB_PASSWORD=",
    '"password": "',
    "Passwort ist ",
    "mot de passe ",
    "пароль ",
    "パスワードは",
    "cvv ",
    "passport ",
    "_",
    "a-",
    "Authorization: ",
    "basic ",
    "sig=",
    "Private-Lines: ",
    "//a/:_authToken=",
    "SharedAccessKey=",
    "   ",
    "\t\t",
    "key-",
    "x_y=",
    "ab12 ",
]
# structured text (#42): keys, quotes left open, escapes, block scalars, flags, URLs, lines
STRUCTURED_UNITS = [
    '"password": "\\',
    '"pass": "a\\"',
    "password: |\n ",
    "  pass: >\n",
    "pass=",
    "PASS=a b ",
    "--password ",
    "--token=",
    "mysql -p",
    "sshpass -p ",
    "docker login -p ",
    "redis://:",
    "x://a:b@",
    "a:1:b:c:",
    "login x password ",
    "密碼是",
    "密码",
    "la clave es ",
    "el PIN de la ",
    "4111  ",
    "4111\n",
    "4111\u00a0",
    "MIIEpAIBAAKCAQEA ",
    "MIIEpAIBAAKCAQEA\n",
    "<password>",
    '<add key="password" value="',
    '{"pin": ',
    "{pass: ",
    ";Password=",
    "'",
    "''",
    # third round (#42): triple-quoted TOML, names in XML attributes, inline pgpass, wide forms
    "'''",
    "key = '''x\n",
    "<entry name='secret'>",
    "db.x:5432:a:b:",
    "4111/",
    "1111_",
    ": password: ",
    "pw: <a ",
    "\uff30\uff21\uff33\uff33\uff1d",
    " password at https:",
    "- name: DB_PASS\n  value: ",
    '"name": "token", "value": ',
    "the door code is 1",
    "code for the safe ",
    "x / pass: Aa1#",
    "\u5bc6\u78bc\u300c",
    "PIN \u00e8 ",
]


def _patterns():
    out = [(f"detector {n}", d.pattern) for n, d in privacy.DETECTORS.items()]
    out += [(f"format {n}", p) for n, p in secret_formats.PATTERNS]
    out += [(f"structured {n}", p) for n, p in vars(structured_secrets).items() if isinstance(p, re.Pattern)]
    return out


def _cost(fn, text: str) -> float:
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        fn(text)
        best = min(best, time.perf_counter() - t0)
    return best


@pytest.mark.parametrize("unit", UNITS + STRUCTURED_UNITS)
def test_every_pattern_scales_linearly(unit):
    small, large = unit * (5_000 // len(unit)), unit * (100_000 // len(unit))
    for name, pattern in _patterns():
        a = _cost(lambda t: list(pattern.finditer(t)), small)
        b = _cost(lambda t: list(pattern.finditer(t)), large)
        # linear: 20x the text, about 20x the time (100x allowed: a shared machine); quadratic is 400x.
        # under 0.25 s at 100k characters passes whatever the ratio (the quadratic ones took seconds)
        assert b < max(100 * a, 0.25), f"{name} on {unit!r}: {a * 1e3:.2f} ms at 5k, {b * 1e3:.2f} ms at 100k"


@pytest.mark.parametrize("unit", UNITS[:12])
def test_the_whole_redactor_scales_linearly(unit):
    small, large = unit * (5_000 // len(unit)), unit * (100_000 // len(unit))
    # a fresh redactor each time: one that has seen a clean text skips its second scan
    a, b = _cost(lambda t: Redactor().redact(t), small), _cost(lambda t: Redactor().redact(t), large)
    assert b < max(100 * a, 0.5), f"{unit!r}: {a * 1e3:.1f} ms at 5k, {b * 1e3:.1f} ms at 100k"


@pytest.mark.parametrize("unit", STRUCTURED_UNITS)
def test_the_whole_redactor_scales_linearly_on_structured_text(unit):
    """The scans that follow a key (a quoted value, a block scalar, a URL's last '@') included."""
    small, large = unit * (5_000 // len(unit)), unit * (100_000 // len(unit))
    a, b = _cost(lambda t: Redactor().redact(t), small), _cost(lambda t: Redactor().redact(t), large)
    assert b < max(100 * a, 0.5), f"{unit!r}: {a * 1e3:.1f} ms at 5k, {b * 1e3:.1f} ms at 100k"


def test_an_oversized_message_is_refused_before_any_scan():
    calls = []

    class Counting(Redactor):
        def redact(self, text):
            calls.append(len(text))
            return super().redact(text)

    with MemoryHub.open(memory=True, embedder=HashEmbedder()) as hub:
        hub.redactor = Counting()
        mem = hub.tenant("ann")
        with pytest.raises(InvalidInput, match="max_message_chars"):
            mem.remember("sk-" * 66_667, speaker="ann")
        with pytest.raises(InvalidInput, match="max_message_chars"):
            mem.remember(("-----BEGIN RSA PRIVATE KEY----- " * 40_000).encode(), speaker="ann")
        assert calls == []
        assert mem.stats()["cards"] == 0
