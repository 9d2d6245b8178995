"""Secrets in structured text (#42): every tuning case is checked one by one; the held-out part,
never used to tune the redactor, must keep its rates (a floor, so a new held-out miss shows as a
figure in benchmarks.redaction_corpus before it fails here). Redaction is idempotent on all of it."""

from __future__ import annotations

import pytest

from autogen_zettel.trust.privacy import Redactor, redact
from tests import secret_corpus_structured as corpus


def _redact(text: str) -> str:
    return Redactor().redact(text).text


def test_the_corpus_is_big_enough_and_split():
    assert len(corpus.SECRETS) >= 150 and len(corpus.LOOK_ALIKES) >= 150
    assert corpus.HELD_SECRETS and corpus.HELD_LOOK_ALIKES
    assert len(corpus.TUNE_SECRETS) + len(corpus.HELD_SECRETS) == len(corpus.SECRETS)


@pytest.mark.parametrize("text,secrets", corpus.TUNE_SECRETS, ids=[t[:40] for t, _ in corpus.TUNE_SECRETS])
def test_every_tuning_secret_is_cut_out_whole(text, secrets):
    out = _redact(text)
    for s in secrets:
        assert not corpus.leaked(text, out, s), out


@pytest.mark.parametrize("text", corpus.TUNE_LOOK_ALIKES)
def test_tuning_look_alikes_are_left_alone(text):
    assert _redact(text) == text


def test_the_held_out_part_keeps_its_rates():
    figures = corpus.measure(_redact)
    caught, n = figures["held secrets caught"]
    intact, m = figures["held look-alikes intact"]
    assert caught / n >= 0.95 and intact / m >= 0.95, figures


@pytest.mark.parametrize("text", [t for t, _ in corpus.SECRETS] + corpus.LOOK_ALIKES[:40])
def test_redaction_is_idempotent(text):
    once = redact(text).text
    assert redact(once).text == once


@pytest.mark.parametrize(
    "text,kept",
    [
        ('export SECRET_KEY="django-insecure-7h#k2m$9qz"', 'export SECRET_KEY="[redacted'),
        ('SMTP_PASSWORD="orange lamp 9 river" # mail', 'SMTP_PASSWORD="[redacted password]" # mail'),
        ("redis://:pw-only-9@cache:6379/0", "redis://:[redacted password]@cache:6379/0"),
    ],
)
def test_one_placeholder_per_secret_and_the_rest_intact(text, kept):
    out = redact(text).text
    assert out.startswith(kept) and out.count("[redacted") == 1, out
