"""Token and credential formats the redactor finds beyond its keyword patterns.

Every pattern here runs in time linear in the text: each quantifier is bounded, no repetition
nests inside another, and a lazy scan that may run to the end of the text ends at ``\\Z`` (a
private key block cut short), so a scan never restarts from every position. The provider
formats are those of `detect-secrets <https://github.com/Yelp/detect-secrets>`_ 1.5's plugins
(AWS, Azure, GitHub, GitLab, Slack, Stripe, Twilio, SendGrid, npm, PyPI, Discord, Telegram,
Mailchimp, Square, IBM, Artifactory, ...), rewritten with bounds: their deny-lists are written for
lines of source code, and on chat text some are quadratic (``sk-[A-Za-z0-9-_]*[A-Za-z0-9]{20}T3Bl...``
and ``\\/\\/.+\\/:_authToken=`` took seconds to tens of seconds on 100k characters, see
docs/security.md). Added: formats their plugins lack (Shopify, DigitalOcean, Stripe webhook
secrets, Mailgun, Slack app tokens, Azure SAS signatures and shared access keys, PuTTY key
bodies), JWTs with their signature, credentials in URLs, ``NAME=value`` and JSON
``"password": "..."`` assignments, ``Authorization:`` headers.

>>> text = "hook https://hooks.slack.com/services/T0A1B2C3D/B0A1B2C3D/abcdefABCDEF0123456789xy ok"
>>> [text[s:e] for s, e in token_spans(text)]
['https://hooks.slack.com/services/T0A1B2C3D/B0A1B2C3D/abcdefABCDEF0123456789xy']
>>> token_spans("commit 3f786850e387550fdab836ed7e6dc881de23001b is fine")
[]
>>> text = "export DB_PASSWORD=s3cr3t-Value and go"
>>> [text[s:e] for s, e in token_spans(text)]
['s3cr3t-Value']
"""

from __future__ import annotations

import math
import re
from collections import Counter

__all__ = ["PATTERNS", "assignment_spans", "token_spans", "url_password_spans"]

# (name, pattern): a secret in group 1 if the pattern has one, else the whole match
PATTERNS: tuple[tuple[str, re.Pattern], ...] = tuple(
    (name, re.compile(pattern))
    for name, pattern in (
        # JWT: header.payload.signature, each base64url (the signature may be absent for alg none)
        ("jwt", r"\beyJ[A-Za-z0-9_-]{8,2000}\.eyJ[A-Za-z0-9_-]{4,8000}\.[A-Za-z0-9_-]{0,2000}"),
        ("stripe", r"\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{16,200}"),
        ("stripe webhook", r"\bwhsec_[A-Za-z0-9]{24,100}"),
        (
            "slack webhook",
            r"https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_-]{20,200}",
        ),
        ("discord webhook", r"https://(?:discord(?:app)?\.com)/api/webhooks/\d{5,25}/[A-Za-z0-9_-]{20,200}"),
        # a private key block, to its END line or, cut short, to the end of the text
        (
            "private key",
            (
                r"-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?"
                r"(?:-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|\Z)"
            ),
        ),
        # a PuTTY key file: its private lines and MAC (the public part is not secret)
        ("putty key", r"Private-Lines:[\s\S]*?(?:Private-MAC:[ \t]{0,4}[0-9a-fA-F]{0,128}|\Z)"),
        (
            "gitlab",
            r"\b(?:glpat|gldt|glft|glsoat|glrt|glcbt|glimt|glptt|gloas|glagent)-[A-Za-z0-9_-]{20,1100}",
        ),
        ("gitlab runner", r"\bGR1348941[A-Za-z0-9_-]{20,50}"),
        ("github", r"\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9_]{30,255}|\bgithub_pat_[A-Za-z0-9_]{30,255}"),
        ("hugging face", r"\bhf_[A-Za-z0-9]{30,100}"),
        ("npm", r"\bnpm_[A-Za-z0-9]{36}\b"),
        ("npm auth", r"//[^\s/]{1,200}/:_authToken=[ \t]{0,4}([^\s]{8,200})"),
        ("pypi", r"\bpypi-AgE[A-Za-z0-9_-]{70,500}"),
        ("sendgrid", r"\bSG\.[A-Za-z0-9_-]{16,64}\.[A-Za-z0-9_-]{16,100}"),
        ("slack", r"\bxox[abposr]-[A-Za-z0-9-]{10,250}"),
        ("slack app", r"\bxapp-\d-[A-Za-z0-9-]{10,250}"),
        ("shopify", r"\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b"),
        ("digitalocean", r"\bdo[opr]_v1_[a-f0-9]{64}\b"),
        ("mailgun", r"\bkey-[0-9a-zA-Z]{32}\b"),
        ("mailchimp", r"\b[0-9a-f]{32}-us\d{1,2}\b"),
        ("telegram", r"(?<![\d])\d{8,10}:[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])"),
        ("twilio", r"\b(?:AC|SK)[a-z0-9]{32}\b"),
        ("aws key id", r"\b(?:A3T[A-Z0-9]|ABIA|ACCA|AKIA|ASIA)[0-9A-Z]{16}\b"),
        ("azure account key", r"AccountKey=([a-zA-Z0-9+/=]{20,100})"),
        ("azure shared key", r"(?i)SharedAccessKey[ \t]{0,2}=[ \t]{0,2}([A-Za-z0-9+/=]{16,120})"),
        ("azure sas", r"(?i)(?<![A-Za-z0-9])sig=([A-Za-z0-9%+/=]{16,200})"),
        ("square", r"\bsq0(?:csp|atp)-[0-9A-Za-z_-]{22,43}"),
        ("discord bot", r"\b[MNO][a-zA-Z\d_-]{23,25}\.[a-zA-Z\d_-]{6}\.[a-zA-Z\d_-]{27,38}"),
        ("artifactory", r"(?<![A-Za-z0-9])AKC[a-zA-Z0-9]{10,100}"),
        ("softlayer", r"(?i)api\.softlayer\.com/soap/v3(?:\.1)?/([a-z0-9]{64})"),
        ("cloudant", r"(?i)https?://[\w-]{1,100}:([0-9a-f]{64}|[a-z]{24})@[\w-]{1,100}\.cloudant\.com"),
        (
            "authorization",
            (
                r"(?i)\b(?:authorization|proxy-authorization)[ \t]{0,3}:[ \t]{0,3}"
                r"(?:basic|bearer|token|digest|negotiate|sharedkey)?[ \t]{0,3}([A-Za-z0-9+/=._~:-]{6,4000})"
            ),
        ),
        # more provider prefixes (bounded, each distinctive enough to need no keyword)
        ("age key", r"\bAGE-SECRET-KEY-1[0-9A-Z]{50,70}"),
        ("google oauth", r"\bya29\.[0-9A-Za-z_-]{20,2000}"),
        ("vault", r"\bhv[sbr]\.[A-Za-z0-9_-]{20,300}"),
        ("grafana", r"\bglsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}"),
        ("databricks", r"\bdapi[a-f0-9]{32}(?:-\d)?\b"),
        ("figma", r"\bfigd_[A-Za-z0-9_-]{30,60}"),
        ("linear", r"\blin_api_[A-Za-z0-9]{30,60}"),
        ("new relic", r"\bNRAK-[A-Z0-9]{27}\b"),
        ("postman", r"\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b"),
        ("doppler", r"\bdp\.(?:st|ct|sa|scim|audit)\.[A-Za-z0-9_-]{20,100}"),
        ("brevo", r"\bxkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}\b"),
        ("atlassian", r"\bATATT3[A-Za-z0-9_=-]{100,300}"),
        ("rubygems", r"\brubygems_[a-f0-9]{48}\b"),
        ("pulumi", r"\bpul-[a-f0-9]{40}\b"),
        ("sentry", r"\bsntr[ysu]s?_[A-Za-z0-9+/=_-]{40,400}"),
        ("sentry dsn", r"https://([a-f0-9]{32})@[a-z0-9.-]{1,100}\.sentry\.io/\d{1,12}"),
        ("alibaba", r"\bLTAI[A-Za-z0-9]{12,24}\b"),
        ("tencent", r"\bAKID[A-Za-z0-9]{13,40}\b"),
        ("facebook", r"\bEAA[A-Za-z0-9]{2}[A-Za-z0-9]{80,400}"),
        ("notion", r"\b(?:secret|ntn)_[A-Za-z0-9]{43,50}\b"),
        ("anthropic admin", r"\bsk-ant-admin01-[A-Za-z0-9_-]{20,200}"),
        ("basic credentials", r"(?i)\bbasic[ \t]{1,3}([A-Za-z0-9+/]{12,2000}={0,2})(?![A-Za-z0-9+/=])"),
    )
)

_B64_40 = re.compile(r"(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])")
# scheme://user:password@host, password in group 1 (any characters but '@', '/' and space)
_URL_CRED = re.compile(r"\b[a-z][a-z0-9+.-]{1,20}://[^\s:/@]{1,64}:([^\s@/]{1,128})@[^\s/@]+", re.IGNORECASE)


def _entropy(s: str) -> float:
    counts = Counter(s)
    return -sum(n / len(s) * math.log2(n / len(s)) for n in counts.values())


def _aws_secret_like(s: str) -> bool:
    """40 base64 characters with upper, lower and digits and high entropy (hex hashes have no
    upper case; words and paths have low entropy)."""
    return (
        any(c.isupper() for c in s)
        and any(c.islower() for c in s)
        and any(c.isdigit() for c in s)
        and _entropy(s) > 4.2
    )


def token_spans(text: str) -> list[tuple[int, int]]:
    """Spans of credential tokens in ``text`` (they may overlap; the redactor merges them)."""
    spans = []
    for name, pattern in PATTERNS:
        for m in pattern.finditer(text):
            g = 1 if m.re.groups and m.group(1) else 0
            if m.end(g) > m.start(g) and (name not in _ENCODED or _looks_encoded(m.group(g))):
                spans.append(m.span(g))
    spans.extend(m.span() for m in _B64_40.finditer(text) if _aws_secret_like(m.group()))
    spans.extend(assignment_spans(text))
    return sorted(set(spans))


_ENCODED = ("basic credentials", "authorization")  # these keep only values that look like credentials


def _looks_encoded(value: str) -> bool:
    """A Basic credential (base64), not a word that follows "basic" in prose."""
    return any(c.isdigit() or c in "+/=" for c in value) or (
        any(c.isupper() for c in value[1:]) and any(c.islower() for c in value)
    )


# a key that names a secret: DB_PASSWORD, aws_session_token, client-secret, "apiKey", ...
_SECRET_KEY = (
    r"[A-Za-z0-9_.-]{0,40}?(?:password|passwd|passwort|pwd|secret|token|api[_-]?key|apikey|"
    r"access[_-]?key|private[_-]?key|credentials?|auth[_-]?key|signing[_-]?key|encryption[_-]?key)"
    r"[A-Za-z0-9_]{0,20}"
)
# NAME=value and NAME: value (env files, configs, shell); the value in group 2
_ASSIGN = re.compile(
    r"(?i)(?<![A-Za-z0-9_])(" + _SECRET_KEY + r")[ \t]{0,3}(?:=|:=|:)[ \t]{0,3}[\"']?"
    r"([^\s\"',;`]{4,4000})"
)
# JSON or YAML with quotes: "password": "value" (any characters inside the quotes)
_JSON = re.compile(r"(?i)[\"'](" + _SECRET_KEY + r")[\"'][ \t]{0,3}:[ \t]{0,3}[\"']([^\"'\n]{1,4000})[\"']")


def assignment_spans(text: str) -> list[tuple[int, int]]:
    """Values assigned to a key that names a secret (``DB_PASSWORD=...``, ``"token": "..."``).

    A key written like code (an underscore, a dash or a capital inside, or in quotes) always
    counts; a plain word ("token: tomorrow") only when its value has a digit or a symbol.
    """
    from autogen_zettel.trust.structured_secrets import names_a_secret  # (it imports nothing from here)

    out = [m.span(2) for m in _JSON.finditer(text) if names_a_secret(m.group(1), m.group(2))]
    for m in _ASSIGN.finditer(text):
        key, value = m.group(1), m.group(2)
        if not names_a_secret(key, value):  # password_min_length, SECRET_KEY_FILE, ${DB_PASSWORD}
            continue
        code_like = any(c in key for c in "_-.") or key.isupper() or any(c.isupper() for c in key[1:])
        if value.lower() in ("none", "null", "true", "false", "required", "optional", "yes", "no", "empty"):
            continue
        if code_like or any(not c.isalpha() for c in value):
            out.append(m.span(2))
    return out


def url_password_spans(text: str) -> list[tuple[int, int]]:
    """The password of every ``scheme://user:password@host`` in ``text``."""
    return [m.span(1) for m in _URL_CRED.finditer(text)]
