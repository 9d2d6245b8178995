"""Privacy: secrets are cut out before anything is stored, and every card has a tier.

Secrets (the articles' "never-persisted" tier) are found by checked detectors: payment card
numbers (Luhn; spaces, dashes or dots), national ID numbers (the Chinese 18-digit resident
ID with its ISO 7064 check digit, US SSNs checked by python-stdnum), passwords, passphrases
and PINs given after a keyword ("the password for X is ...", "pw: ..."), passwords in URLs,
API keys and tokens (``sk-...``, ``AKIA...``, JWTs, webhooks, private key blocks even cut
short, and the provider formats of detect-secrets, see
:mod:`~autogen_zettel.trust.secret_formats`) and IBANs (python-stdnum: country format and
mod 97). Each is
replaced by a lower-case placeholder such as ``[redacted payment card]`` by :func:`redact`,
which the memory calls on every write path (messages, card content, edits, the embedded
text) before SQLite, Qdrant or a log record sees the text.

>>> r = redact("my card is 4111 1111 1111 1111 and my password is hunter2!")
>>> r.text
'my card is [redacted payment card] and my password is [redacted password]!'
>>> r.kinds
('payment_card', 'password')
>>> redact("order 1234 5678 9012 3456 is not a card").text  # fails the Luhn check
'order 1234 5678 9012 3456 is not a card'
>>> redact(r.text).text == r.text  # placeholders are never redacted again
True

Tiers (:class:`~autogen_zettel.base.cards.PrivacyTier`): ``permanent`` cards never decay,
``standard`` cards follow the forgetting curve, ``decaying`` cards (preferences, with
``kind_tiers: {preference: decaying}`` as in ``configs/private.yaml``) lose weight after
``decay_after_days`` and are archived after ``archive_after_days``. Both periods run from the
card's latest use (creation, edit, recall, or a restatement merged into it), so a preference
that keeps being used does not fade; one nobody asks about does.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from autogen_zettel.base.cards import Card, CardKind, PrivacyTier
from autogen_zettel.base.config import DETECTOR_NAMES, PrivacyConfig
from autogen_zettel.trust.secret_formats import token_spans, url_password_spans
from autogen_zettel.trust.structured_secrets import (
    card_spans,
    is_placeholder,
    key_body_spans,
    structured_spans,
)

__all__ = [
    "DETECTORS",
    "Redaction",
    "Redactor",
    "redact",
    "luhn_ok",
    "cn_id_ok",
    "iban_ok",
    "tier_for",
    "last_used",
    "tier_weight",
]

_NOT_ALNUM_BEFORE = r"(?<![0-9A-Za-z])"
_NOT_ALNUM_AFTER = r"(?![0-9A-Za-z])"


def luhn_ok(digits: str) -> bool:
    """The Luhn checksum of payment card numbers.

    >>> luhn_ok("4111111111111111"), luhn_ok("4111111111111112")
    (True, False)
    """
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


_CN_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)


def cn_id_ok(value: str) -> bool:
    """The check digit (ISO 7064 MOD 11-2) and birth date of a Chinese resident ID number.

    >>> cn_id_ok("11010519491231002X"), cn_id_ok("110105194912310021")
    (True, False)
    """
    value = value.upper()
    if len(value) != 18 or not value[:17].isdigit():
        return False
    check = "10X98765432"[sum(int(c) * w for c, w in zip(value[:17], _CN_WEIGHTS)) % 11]
    if value[17] != check:
        return False
    try:
        born = datetime.strptime(value[6:14], "%Y%m%d")
    except ValueError:
        return False
    return 1900 <= born.year <= 2100


def iban_ok(value: str) -> bool:
    """The mod-97 check of an IBAN (spaces allowed).

    >>> iban_ok("GB82 WEST 1234 5698 7654 32"), iban_ok("GB82 WEST 1234 5698 7654 33")
    (True, False)
    """
    v = value.replace(" ", "").upper()
    if not 15 <= len(v) <= 34:
        return False
    digits = "".join(str(int(c, 36)) for c in v[4:] + v[:4])
    return int(digits) % 97 == 1


@dataclass(frozen=True)
class _Detector:
    label: str  # shown in the placeholder
    pattern: re.Pattern
    group: int = 0  # the group that holds the secret (the rest, e.g. "password is", stays)
    check: Callable[[str], bool] | None = None
    extra: Callable[[str], list[tuple[int, int]]] | None = None  # more spans, found by code

    def spans(self, text: str) -> list[tuple[int, int]]:
        out = list(self.extra(text)) if self.extra else []
        for m in self.pattern.finditer(text):
            # group -1: alternatives with one secret group each
            groups = range(1, (m.lastindex or 0) + 1) if self.group == -1 else (self.group,)
            for g in groups:
                value = m.group(g)
                if value and (self.check is None or self.check(value)):
                    out.append(m.span(g))
        return out


# what follows "password:" in prose and forms without being one
_NOT_A_PASSWORD = frozenset(
    "required optional none null empty blank forgotten wrong incorrect invalid expired reset changed hidden masked "
    "missing unknown same different weak strong short long new old here there below above attached stdin".split()
)


def _password_check(value: str) -> bool:
    return value.strip(".,!?;:").casefold() not in _NOT_A_PASSWORD and not is_placeholder(value)


def _card_check(value: str) -> bool:
    digits = re.sub(r"[ .-]", "", value)
    return 13 <= len(digits) <= 19 and luhn_ok(digits)


def _ssn_check(value: str) -> bool:
    """python-stdnum's rules: no area 000, 666 or 9xx, no group 00, no serial 0000, and not one
    of the numbers published in advertisements (078-05-1120, 219-09-9999)."""
    from stdnum.us import ssn

    return ssn.is_valid(re.sub(r"[ -]", "", value))


def _iban_check(value: str) -> bool:
    """python-stdnum's IBAN check: the country's BBAN format and length, and mod 97."""
    from stdnum import iban

    return iban.is_valid(value) and iban_ok(value)


# what may stand between a password keyword and its value: "for my bank", "to the wifi"
# every quantifier bounded, none nested in an unbounded one: each pattern runs in linear time
_FOR = r"(?:\s{1,3}(?:for|to|of|on|at)\s{1,3}(?:[\w@.'’-]{1,40}\s{1,3}){0,4}?[\w@.'’-]{1,40})?"
# (a colon that opens "//" is a URL's scheme: "reset your password at https://...")
_IS = r"\s{0,3}(?:is|was|would be|:(?!//)|=|：|-)\s{0,3}"
# passwords in prose in other languages: keyword, optional "for X", a verb or colon, the value
_PW_WORDS = (
    r"passwort|kennwort|mot de passe|contraseña|contrasena|senha|пароль|парол[ья]|パスワード|"
    r"暗証番号|비밀번호|wachtwoord|lösenord|hasło|haslo|şifre|sifre|parola|heslo|jelszó|salasana|kodeord|"
    r"passord|mật khẩu|รหัสผ่าน|كلمة المرور|סיסמה|पासवर्ड"
)
_PW_FOR = (
    r"(?:\s{1,3}(?:für|fuer|von|vom|pour|du|de la|des|de|para|del|do|da|dos|das|от|для|per|della|dello|voor|"
    r"för|dla|için)\s{1,3}"
    r"(?:[\w@.'’-]{1,40}\s{1,3}){0,3}?[\w@.'’-]{1,40})?"
)
_PW_IS = (
    r"\s{0,3}(?:ist|lautet|war|est|était|es|era|é|e|это|—|:|：|=|は|が|이|는|jest|är|er|on|"
    r"olan|je|è)\s{0,3}"
)


# a card's security code after its name (CVV, CVC, ... in several languages): payment card data
_CVV = re.compile(
    r"(?i:\b(?:cvv2?|cvc2?|cvn|csc|cid|card security code|security code|card verification (?:value|code)|"
    r"kartenprüfnummer|prüfnummer|cryptogramme(?: visuel)?|código de seguridad|codigo de seguridad|"
    r"código de segurança|код cvv|セキュリティコード|安全码))"
    r"(?:\s{0,3}(?:is|was|ist|est|es|é|:|=|#|no\.?|number|code|-))?\s{0,3}(\d{3,4})(?!\d)"
)
# a passport number after the word passport (any of several languages): letters and digits, with a digit
_PASSPORT = re.compile(
    r"(?i:\b(?:passport|reisepass|passeport|pasaporte|passaporte|passaporto|paspoort|паспорт|"
    r"护照|パスポート|여권)(?:\s{0,3}(?:number|no\.?|num|#|nummer|numéro|numero|número|номер|号码|"
    r"号|番号|번호))?(?:\s{0,3}(?:is|was|ist|est|es|é|:|：|=|-|は))?\s{0,3})"
    r"([A-Z0-9]{6,9})(?![A-Za-z0-9])"
)


def _cvv_spans(text: str) -> list[tuple[int, int]]:
    return [m.span(1) for m in _CVV.finditer(text)]


def _passport_spans(text: str) -> list[tuple[int, int]]:
    out = [m.span(1) for m in _PASSPORT.finditer(text) if any(c.isdigit() for c in m.group(1))]
    out += [m.span(1) for m in _KEYED_IDS.finditer(text) if sum(c.isdigit() for c in m.group(1)) >= 4]
    out += [m.span() for m in _CPF.finditer(text) if _cpf_ok(re.sub(r"\D", "", m.group()))]
    return out


# other national numbers after their name: Indian Aadhaar, UK National Insurance, and the like
_KEYED_IDS = re.compile(
    r"(?i:\b(?:aadhaar|aadhar|national insurance|nino|personalausweis|steuer-?id|dni|nie|nif|cpf|rg|"
    r"codice fiscale|bsn|personnummer|pesel|マイナンバー|주민등록번호|id card|identity card|"
    r"id number|tax id)(?:\s{0,3}(?:number|no\.?|nummer|numéro|número|号码|番号|번호))?"
    r"(?:\s{0,3}(?:is|was|ist|est|es|é|:|：|=|-|は))?\s{0,3})"
    r"([A-Z0-9](?:[ .-]?[A-Z0-9]){5,17})(?![A-Za-z0-9])"
)
_CPF = re.compile(r"(?<![\d.])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\d-])")


def _cpf_ok(digits: str) -> bool:
    """The two check digits of a Brazilian CPF number."""
    if len(digits) != 11 or len(set(digits)) == 1:
        return False
    for n in (9, 10):
        total = sum(int(d) * (n + 1 - i) for i, d in enumerate(digits[:n]))
        if (total * 10 % 11) % 10 != int(digits[n]):
            return False
    return True


_IBAN = re.compile(r"\b[A-Za-z]{2}\d{2}(?: ?[A-Za-z0-9]{4}){2,7}(?: ?[A-Za-z0-9]{1,3})?\b")
_IBAN_GROUP = re.compile(r" ?[A-Za-z0-9]{1,4}$")


def _iban_spans(text: str) -> list[tuple[int, int]]:
    """Valid IBANs, also one the pattern ran on into the next word ("pay ES91... today"): a
    candidate that fails the check is shortened a group at a time until it passes or is too short."""
    out = []
    for m in _IBAN.finditer(text):
        start, value = m.start(), m.group()
        while len(value.replace(" ", "")) >= 15:
            if _iban_check(value):
                out.append((start, start + len(value)))
                break
            cut = _IBAN_GROUP.search(value)
            if cut is None:
                break
            value = value[: cut.start()]
    return out


DETECTORS: dict[str, _Detector] = {
    "national_id": _Detector(
        "national id",
        re.compile(_NOT_ALNUM_BEFORE + r"\d{17}[\dXx]" + _NOT_ALNUM_AFTER),
        check=cn_id_ok,
        extra=lambda text: _passport_spans(text),
    ),
    "payment_card": _Detector(
        "payment card",
        re.compile(
            # 13 to 19 digits in a row; grouped ones (4-4-4-4, 4-6-5, any separator) in card_spans
            r"(?<![\d-])\d{13,19}(?![\d-])"
            r"|(?<![\d.])\d{4}\.\d{4,6}\.\d{4,5}(?:\.\d{1,4})?(?![\d.])"
        ),
        check=_card_check,
        extra=lambda text: _cvv_spans(text) + card_spans(text, _card_check),
    ),
    "us_ssn": _Detector(
        "ssn",
        re.compile(
            r"(?<![\d-])(\d{3}-\d{2}-\d{4})(?![\d-])"
            r"|(?i:\b(?:ssn|social security(?: number| no\.?)?)\b(?:\s{0,3}(?:is|:|#|no\.?))?\s{0,3})"
            r"(\d{3} \d{2} \d{4}|\d{9})(?!\d)"
            r"|(?<![\d -])(\d{3} \d{2} \d{4})(?![\d-]| \d)"
        ),
        group=-1,
        check=_ssn_check,
    ),
    "password": _Detector(
        "password",
        re.compile(
            # a quoted value after any keyword: everything inside the quotes
            r"(?i)\b(?:password|passwd|pwd|pw|passcode|passphrase|pass phrase|seed phrase|recovery phrase|"
            r"mnemonic|pin(?: code| number)?)" + _FOR + _IS + r"[\"“‘']([^\"”’'\n]{3,200})[\"”’']"
            # a passphrase runs to the end of its clause (several words)
            r"|(?i:\b(?:passphrase|pass phrase|seed phrase|recovery phrase|mnemonic)" + _FOR + _IS + r")"
            r"([^\s\[][^\n.,;!?\[]{2,200}?)(?=[.,;!?\n]|$)"
            # a password is one word (its trailing punctuation stays)
            # (not inside a URL or a name: "redis://:pw-only-9@host", "db.pw-x")
            # (not the first word of a placeholder cut at a space: "<your password here>")
            r"|(?i:(?<![:/@._-])\b(?:password|passwd|pwd|pw|passcode)" + _FOR + _IS + r")"
            r"(?!<[^<>\n]{0,200}>|\{\{|\$\{)([^\s\"'”\[]{3,200})(?<![.,!?;:])"
            # a PIN is digits, with or without "is"
            r"|(?i:\bpin(?: code| number)?"
            + _FOR
            # (the verb in the languages whose password words are known: "PIN è", "PIN ist")
            + r"(?:\s{0,3}(?:is|was|:|=|#|ist|lautet|war|est|était|es|era|é|è|e|это|jest|är|er|on|je))?"
            + r"\s{0,3})(\d{4,8})(?![\d.,:/-]\d)"
            # (密码/密碼 and other structured forms: structured_secrets, which needs a verb or a plain value)
            r"|(?i:(?:"
            + _PW_WORDS
            + r")"
            + _PW_FOR
            + _PW_IS
            + r")[\"“‘'«「]?([^\s\"“”‘’'«»「」\[，。、]{3,200})"
            r"(?<![.,!?;:。])"
        ),
        group=-1,
        check=_password_check,
        extra=lambda text: url_password_spans(text) + [(s, e) for s, e, _ in structured_spans(text)],
    ),
    "api_key": _Detector(
        "api key",
        re.compile(
            # each secret in a group of its own: a keyword before a value stays ("SECRET_KEY=...")
            r"\b(sk-(?:proj-|ant-|live-|test-)?[A-Za-z0-9_\-]{16,500})"
            r"|\b((?:AKIA|ASIA)[0-9A-Z]{16})\b"
            r"|\b(AIza[0-9A-Za-z\-_]{35})"
            # (private key blocks: secret_formats, which ends a block cut short at the end of the
            # text; a block that had to find its END line rescanned the rest from every header)
            r"|(?i:\b(?:api[_ -]?key|secret[_ -]?key|access[_ -]?token|auth[_ -]?token|bearer|"
            r"aws_secret_access_key|aws_session_token|session[_ -]?token)\b\s{0,3}(?:is|:|=)?\s{0,3})"
            r"[\"']?([A-Za-z0-9_\-./+=]{16,4000})"
        ),
        group=-1,
        extra=lambda text: token_spans(text) + key_body_spans(text),
    ),
    "iban": _Detector("iban", re.compile(r"(?!x)x"), extra=lambda text: _iban_spans(text)),
}
if set(DETECTORS) != set(DETECTOR_NAMES):  # pragma: no cover - a developer's slip, caught at import
    raise ImportError(
        f"privacy detectors {sorted(DETECTORS)} differ from config.DETECTOR_NAMES {sorted(DETECTOR_NAMES)}"
    )


@dataclass(frozen=True)
class Redaction:
    """The redacted text and the kinds of secret that were cut out (in order of appearance)."""

    text: str
    kinds: tuple[str, ...] = ()

    @property
    def changed(self) -> bool:
        return bool(self.kinds)


# short texts found free of secrets are remembered (never one that held a secret): ingest checks
# every tag and entity of every card, the same words again and again, and each check runs every
# detector's patterns (about 45) for 20-30 us
_CLEAN_CHARS = 64
# longer texts found free of secrets are remembered by a 128-bit digest (no text is kept): in a
# group chat every listening agent redacts the same message, and that scan was the largest cost
# of capture after the one shared encode
_CLEAN_LONG_CHARS = 8_000
_CLEAN_LONG_MAX = 20_000
_CLEAN_MAX = 50_000


# full-width ASCII (U+FF01-FF5E) and the ideographic space read as their ASCII forms, one
# character for one, so "ＰＡＳＳＷＯＲＤ＝x" is a key and its value as "PASSWORD=x" is
_WIDE = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}


class Redactor:
    """Finds and replaces secrets with the detectors a :class:`PrivacyConfig` names."""

    def __init__(
        self, detectors: tuple[str, ...] | None = None, extra_patterns: dict[str, str] | None = None
    ):
        names = tuple(DETECTORS) if detectors is None else detectors
        self._detectors = [(n, DETECTORS[n]) for n in names]
        for name, pattern in (extra_patterns or {}).items():
            self._detectors.append((name, _Detector(name.replace("_", " "), re.compile(pattern))))
        self._labels = {n: d.label for n, d in self._detectors}
        self._clean: set[str] = set()  # short texts with no secret (see _CLEAN_CHARS)
        self._clean_long: set[bytes] = set()  # digests of longer texts with no secret

    @classmethod
    def from_config(cls, cfg: PrivacyConfig) -> Redactor:
        return cls(cfg.detectors, cfg.extra_patterns)

    def find(self, text: str) -> list[tuple[int, int, str]]:
        """Non-overlapping secret spans ``(start, end, kind)``, earliest first.

        Overlapping spans of any detectors merge into their union (the kind of the one that starts
        first, the longest on a tie), so a secret two detectors see in part is cut out whole:
        ``SECRET_KEY="django-insecure-7h#k2m$9qz"`` loses the whole value, not the part before ``#``.
        """
        found: list[tuple[int, int, str]] = []
        scan = text.translate(_WIDE)  # same length, so its spans are the text's
        for name, det in self._detectors:
            found.extend((s, e, name) for s, e in det.spans(scan) if e > s)
        found.sort(key=lambda t: (t[0], -(t[1] - t[0])))
        out: list[tuple[int, int, str]] = []
        for s, e, name in found:
            if out and s < out[-1][1]:
                if e > out[-1][1]:
                    out[-1] = (out[-1][0], e, out[-1][2])
                continue
            out.append((s, e, name))
        return out

    def redact(self, text: str) -> Redaction:
        """``text`` with every secret replaced by ``[redacted <kind>]``."""
        short = len(text) <= _CLEAN_CHARS
        if short and text in self._clean:
            return Redaction(text)
        digest = None
        if not short and len(text) <= _CLEAN_LONG_CHARS:
            digest = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
            if digest in self._clean_long:
                return Redaction(text)
        spans = self.find(text)
        if not spans:
            if short:
                if len(self._clean) >= _CLEAN_MAX:
                    self._clean.clear()
                self._clean.add(text)
            elif digest is not None:
                if len(self._clean_long) >= _CLEAN_LONG_MAX:
                    self._clean_long.clear()
                self._clean_long.add(digest)
            return Redaction(text)
        labels = self._labels
        parts, last = [], 0
        for s, e, name in spans:
            parts.append(text[last:s])
            parts.append(f"[redacted {labels[name]}]")
            last = e
        parts.append(text[last:])
        return Redaction("".join(parts), tuple(n for _, _, n in spans))


_DEFAULT = Redactor()


def redact(text: str) -> Redaction:
    """Redact ``text`` with every built-in detector (see :class:`Redactor` for a configured one)."""
    return _DEFAULT.redact(text)


def tier_for(card: Card, cfg: PrivacyConfig, explicit: PrivacyTier | None = None) -> PrivacyTier:
    """A card's tier: ``explicit``, else permanent by pattern, else by kind, else the default.

    Summaries take the standard tier: they stand for a period, not a preference.
    """
    if explicit is not None:
        return explicit
    if card.kind is CardKind.SUMMARY:
        return PrivacyTier.STANDARD
    for pattern in cfg.permanent_patterns:
        if re.search(pattern, card.content, re.IGNORECASE):
            return PrivacyTier.PERMANENT
    return PrivacyTier(cfg.kind_tiers.get(card.kind.value, cfg.default_tier))


def last_used(created_at: datetime, updated_at: datetime | None, last_access: datetime | None) -> datetime:
    """When a card was last created, edited or recalled (or confirmed: a merged restatement
    counts as an access): the start of its decaying period and of its idle time."""
    return max(d for d in (created_at, updated_at, last_access) if d is not None)


def tier_weight(card: Card, now: datetime, cfg: PrivacyConfig) -> float:
    """Recall weight from the tier: a decaying card falls to ``decayed_weight`` once it went
    ``decay_after_days`` without being created, edited or recalled; others weigh 1.

    >>> from datetime import timedelta
    >>> from autogen_zettel.base.config import PrivacyConfig
    >>> t0 = datetime(2024, 1, 1)
    >>> c = Card("p", "I love jam.", CardKind.PREFERENCE, "Ann", t0, ("m",), tier=PrivacyTier.DECAYING)
    >>> tier_weight(c, t0 + timedelta(days=91), PrivacyConfig())
    0.1
    >>> tier_weight(c.with_changes(last_access=t0 + timedelta(days=80)), t0 + timedelta(days=120), PrivacyConfig())
    1.0
    """
    if card.tier is not PrivacyTier.DECAYING:
        return 1.0
    since = last_used(card.created_at, card.updated_at, card.last_access)
    return cfg.decayed_weight if (now - since).total_seconds() >= cfg.decay_after_days * 86400 else 1.0
