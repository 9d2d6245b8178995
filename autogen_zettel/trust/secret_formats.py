"""Token and credential formats the redactor finds beyond its keyword patterns (#13 item 4).

Two sources: the provider token formats that `detect-secrets
<https://github.com/Yelp/detect-secrets>`_ keeps in its plugins' deny-lists (AWS, Azure,
GitHub, GitLab, Slack, Stripe, Twilio, SendGrid, npm, PyPI, Discord, Telegram, ...), read from
the installed package so they improve with it; and formats its line-oriented plugins miss in
chat text: JWTs (with their signature), credentials in URLs with any characters, Slack
webhook URLs, private key blocks cut short, and AWS secret access keys without a keyword
(40 base64 characters, mixed case and digits, high entropy).

>>> text = "hook https://hooks.slack.com/services/T0A1B2C3D/B0A1B2C3D/abcdefABCDEF0123456789xy ok"
>>> [text[s:e] for s, e in token_spans(text)]
['https://hooks.slack.com/services/T0A1B2C3D/B0A1B2C3D/abcdefABCDEF0123456789xy']
>>> token_spans("commit 3f786850e387550fdab836ed7e6dc881de23001b is fine")
[]
"""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import lru_cache

__all__ = ["token_spans", "url_password_spans"]

# detect-secrets plugins whose deny-lists are token formats (the keyword, entropy, IP and
# basic-auth plugins are line heuristics for source code, handled here or not wanted)
_PLUGINS = (
    ("artifactory", "ArtifactoryDetector"), ("aws", "AWSKeyDetector"), ("azure_storage_key", "AzureStorageKeyDetector"),
    ("cloudant", "CloudantDetector"), ("discord", "DiscordBotTokenDetector"), ("github_token", "GitHubTokenDetector"),
    ("gitlab_token", "GitLabTokenDetector"), ("ibm_cloud_iam", "IbmCloudIamDetector"),
    ("ibm_cos_hmac", "IbmCosHmacDetector"), ("mailchimp", "MailchimpDetector"), ("npm", "NpmDetector"),
    ("openai", "OpenAIDetector"), ("pypi_token", "PypiTokenDetector"), ("sendgrid", "SendGridDetector"),
    ("slack", "SlackDetector"), ("softlayer", "SoftlayerDetector"), ("square_oauth", "SquareOAuthDetector"),
    ("stripe", "StripeDetector"), ("telegram_token", "TelegramBotTokenDetector"), ("twilio", "TwilioKeyDetector"),
)

_OWN = [
    # JWT: header.payload.signature, each base64url (the signature may be absent for alg none)
    re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*"),
    re.compile(r"\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{16,}"),
    re.compile(r"https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_-]{20,}"),
    re.compile(r"https://(?:discord(?:app)?\.com)/api/webhooks/\d+/[A-Za-z0-9_-]{20,}"),
    # a private key block, to its END line or, cut short, to the end of the text
    re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\Z)"),
    re.compile(r"\b(?:glpat|gldt|glrt)-[A-Za-z0-9_-]{20,}"),
    re.compile(r"\bhf_[A-Za-z0-9]{30,}"),
    re.compile(r"\bnpm_[A-Za-z0-9]{36}\b"),
    re.compile(r"\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}"),
]

_B64_40 = re.compile(r"(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])")
# scheme://user:password@host, password in group 1 (any characters but '@', '/' and space)
_URL_CRED = re.compile(r"\b[a-z][a-z0-9+.-]{1,20}://[^\s:/@]{1,64}:([^\s@/]{1,128})@[^\s/@]+", re.IGNORECASE)


@lru_cache(maxsize=1)
def _denylists() -> tuple[re.Pattern, ...]:
    import importlib

    out = []
    for module, cls in _PLUGINS:
        try:
            plugin = getattr(importlib.import_module(f"detect_secrets.plugins.{module}"), cls)
        except (ImportError, AttributeError):  # an older or newer detect-secrets: use what it has
            continue
        out.extend(plugin.denylist)
    return tuple(out)


def _entropy(s: str) -> float:
    counts = Counter(s)
    return -sum(n / len(s) * math.log2(n / len(s)) for n in counts.values())


def _aws_secret_like(s: str) -> bool:
    """40 base64 characters with upper, lower and digits and high entropy (hex hashes have no
    upper case; words and paths have low entropy)."""
    return (any(c.isupper() for c in s) and any(c.islower() for c in s) and any(c.isdigit() for c in s)
            and _entropy(s) > 4.2)


def token_spans(text: str) -> list[tuple[int, int]]:
    """Spans of credential tokens in ``text`` (they may overlap; the redactor merges them)."""
    spans = []
    for pattern in (*_OWN, *_denylists()):
        for m in pattern.finditer(text):
            g = 1 if m.re.groups and m.group(1) else 0
            if m.end(g) > m.start(g):
                spans.append(m.span(g))
    spans.extend(m.span() for m in _B64_40.finditer(text) if _aws_secret_like(m.group()))
    return sorted(set(spans))


def url_password_spans(text: str) -> list[tuple[int, int]]:
    """The password of every ``scheme://user:password@host`` in ``text``."""
    return [m.span(1) for m in _URL_CRED.finditer(text)]
