"""Secrets in structured text (#42): keys that name a secret in any notation, values to their real
end, credentials in every URL form, CLI flags, pgpass and netrc lines, card numbers in any
separator and private key bodies without their header.

A key names a secret when one of its parts (split at ``_ - .`` and camelCase) is a secret word
(``password``, ``pass``, ``pin``, ``cvv``, ``secret``, ``token``, ``psk``, ``api key``, ...) and no
part after it says the key holds a setting about the secret (``password_min_length``,
``SECRET_KEY_FILE``, ``token_ttl``, ``pin_mode``). Where the key stands decides where its value
ends:

- quoted, the value runs to the closing quote, over escaped quotes (``\\"``, YAML's ``''``);
- ``|`` or ``>`` (a YAML block scalar): the more-indented lines that follow;
- a key at the start of a line (YAML, INI, ``.env``, TOML, ``set``): the end of the line (after a
  shell's ``export``: the next blank or ``;``, as the shell reads it);
- after ``{`` or ``,`` (JSON, a YAML flow mapping) or a quoted key: the next ``,``, ``}`` or ``]``;
- after ``;`` (a connection string) or in running text: the next space, ``;``, ``,`` or quote.

A plain lower-case word that is only a weak hint (``pass``, ``token``, ``secret``) counts as a key
only at the start of a line, in quotes, in a mapping or as an XML tag, and its value needs a digit
or a symbol ("boarding pass: 14C" in a sentence is not a key). A PIN or CVV key needs 3 to 8 digits.
Placeholders (``${DB_PASSWORD}``, ``{{ x }}``, ``<your password>``, ``****``), words such as
``required`` or ``none``, and the redactor's own ``[redacted ...]`` are left alone.

Every regular expression here has bounded quantifiers and none nested in an unbounded one; the
scans that follow a match (a quoted value, a block scalar) stop after a bounded number of
characters or lines, so the whole scan stays linear in the text.

>>> text = 'export SECRET_KEY="django-insecure-7h#k2m$9qz"'
>>> [text[s:e] for s, e, _ in structured_spans(text)]
['django-insecure-7h#k2m$9qz']
>>> text = "smtp:\\n  password: orange lamp 9 river\\n  port: 587"
>>> [text[s:e] for s, e, _ in structured_spans(text)]
['orange lamp 9 river']
>>> structured_spans("password_min_length: 12") + structured_spans("boarding pass: seat 14C")
[]
"""

from __future__ import annotations

import re

__all__ = ["card_spans", "is_placeholder", "key_body_spans", "names_a_secret", "structured_spans"]

_MAX_VALUE = 4000  # characters of one value at most
_MAX_BLOCK_LINES = 200  # lines of one YAML block scalar at most

# parts of a key that name a secret; "weak" ones are common words too
_STRONG = frozenset(
    "password passwd pwd passphrase passcode pin cvv cvc csc psk credential credentials pgpassword".split()
)
_WEAK = frozenset("pass secret token".split())
_DIGITS_ONLY = frozenset("pin cvv cvc csc".split())  # their value is 3 to 8 digits
_PAIRS = frozenset(
    [
        ("api", "key"),
        ("secret", "key"),
        ("private", "key"),
        ("access", "key"),
        ("auth", "key"),
        ("signing", "key"),
        ("encryption", "key"),
        ("master", "key"),
        ("security", "code"),
        ("pass", "phrase"),
        ("client", "secret"),
    ]
)
_GLUED = ("password", "passwd", "passphrase", "passcode", "apikey", "secret", "token")
# parts after the secret word that make the key a setting about the secret, not the secret
_SETTING = frozenset(
    "policy policies length len min max count limit size reset expiry expires expire ttl days age rotation "
    "hint file path dir directory name names type field label algo algorithm prompt required rule rules "
    "mode url uri endpoint format strength enabled stdin id ids rate hash salt store manager less".split()
)
_PARTS = re.compile(r"[A-Z]{2,}(?![a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")


def _key_kind(key: str) -> str | None:
    """``"strong"``, ``"weak"``, ``"digits"`` (a PIN or CVV) or None when the key names no secret."""
    parts = [p.lower() for p in _PARTS.findall(key)]
    if not parts:
        return None
    hit, kind = -1, None
    for i, p in enumerate(parts):
        k = None
        if p in _DIGITS_ONLY:
            k = "digits"
        elif p in _STRONG:
            k = "strong"
        elif i and (parts[i - 1], p) in _PAIRS:
            k = "digits" if (parts[i - 1], p) == ("security", "code") else "strong"
        elif p in _WEAK:
            k = "weak"
        elif len(p) > 6 and p.endswith(_GLUED) and p not in ("secretary",):
            k = "strong"
        if k is not None:
            hit, kind = i, k
    if kind is None or any(p in _SETTING for p in parts[hit + 1 :]):
        return None
    if kind == "weak" and (len(parts) > 1 or not key.islower()):
        kind = "strong"  # smtp_pass, MYSQL_PASS, clientSecret: written like code
    return kind


# what follows a password keyword without being a password
_NOT_VALUE_WORDS = frozenset(
    "required optional none null nil empty blank true false yes no forgotten wrong incorrect invalid expired "
    "reset changed hidden masked missing unknown same different weak strong short long new old here there "
    "below above attached see ask check stored in not n/a na tbd todo redacted set unset".split()
)
_PLACEHOLDER = re.compile(
    r"\$\{[^}]{0,200}\}|\$[A-Za-z_][A-Za-z0-9_]{0,100}|\$\([^)]{0,200}\)|\{\{.{0,200}\}\}|<[^<>]{0,200}>|"
    r"\*{1,100}|x{3,100}|X{3,100}|\.{3}|%\([^)]{0,100}\)s|[\"']{2}"
)


def is_placeholder(value: str) -> bool:
    """``${DB_PASSWORD}``, ``$TOKEN``, ``{{ x }}``, ``<your password>``, ``****``: a stand-in for a secret."""
    return _PLACEHOLDER.fullmatch(value.strip().strip("\"'")) is not None


def names_a_secret(key: str, value: str) -> bool:
    """Whether ``key`` names a secret (not a setting about one) and ``value`` may be one."""
    kind = _key_kind(key)
    if kind is None or value.lstrip("\"'").startswith(("<", "${", "{{")):  # a placeholder cut at a space
        return False
    return _value_ok(value, "strong" if kind == "weak" else kind)


def _value_ok(value: str, kind: str) -> bool:
    v = value.strip()
    if not v or v.startswith("[redacted") or _PLACEHOLDER.fullmatch(v):
        return False
    if kind == "digits":
        return v.isdigit() and 3 <= len(v) <= 8
    words = v.split()
    # "required", "see the vault entry": not a password ("Hidden Garden 8" with its digit is one)
    if words[0].strip("\"'.,;:!?").casefold() in _NOT_VALUE_WORDS and (
        len(words) == 1 or not any(c.isdigit() for c in v)
    ):
        return False
    if kind == "weak":
        return any(not c.isalpha() and not c.isspace() for c in v)
    return True


_KEY = r"[A-Za-z][A-Za-z0-9_.-]{0,60}"
# a key at the start of a line: YAML (also in a list), INI, .env, TOML, shells
_LINE_KEY = re.compile(
    r"(?m)^[ \t]{0,40}(?:-[ \t]{1,4})?(?:(export[ \t]{1,4}|readonly[ \t]{1,4})|set[ \t]{1,4}|\$env:)?"
    r"([\"']?)(" + _KEY + r")\2[ \t]{0,4}(:=|=>|=|:)(?![:=])"
)
# a key anywhere: quoted ("pass":), after { or , (flow mappings), after ; (connection strings),
# as an attribute or assignment in running text
_ANY_KEY = re.compile(
    r"(?:([\"'])(" + _KEY + r")\1|(?<![A-Za-z0-9_.$-])(" + _KEY + r"))[ \t]{0,4}(:=|=>|=|:)(?![:=/])"
)
_XML_ELEMENT = re.compile(r"<(" + _KEY + r")((?:[ \t][^<>\n]{0,200})?)>([^<]{1,4000})</")
# an element that names its secret in an attribute: <entry name="secret">, <param key="db.pass">
_XML_NAME_ATTR = re.compile(r"\b(?:name|key|id)[ \t]{0,3}=[ \t]{0,3}[\"']([^\"'<>\n]{1,100})[\"']")
_XML_KEY_VALUE = re.compile(
    r"\b(?:key|name)[ \t]{0,3}=[ \t]{0,3}[\"']([^\"'<>\n]{1,100})[\"'][ \t]{1,10}value[ \t]{0,3}=[ \t]{0,3}"
    r"(?:\"([^\"\n]{1,4000})\"|'([^'\n]{1,4000})')"
)
# a secret named by a name/value pair: Kubernetes env lists and Helm values (``- name: DB_PASS`` then
# ``value: ...`` on the next line), JSON ``{"name": "DB_PASS", "value": "..."}``
_NAME_VALUE = re.compile(
    r"\bname[\"']?[ \t]{0,3}[:=][ \t]{0,3}[\"']?(" + _KEY + r")[\"']?[ \t]{0,3}"
    r"(?:,[ \t]{0,3}|\r?\n[ \t]{0,40})[\"']?value[\"']?[ \t]{0,3}[:=](?![:=])"
)
_DQ = re.compile(r'"((?:[^"\\\n]|\\.){0,4000})"')
_SQ = re.compile(r"'((?:[^'\n]|''){0,4000})'")
_TQ = re.compile(r'"""([\s\S]{0,4000}?)"""')
_TSQ = re.compile(r"'''([\s\S]{0,4000}?)'''")  # TOML's multi-line literal string
_BLOCK = re.compile(r"[|>][+-]?[0-9]?[ \t]{0,4}(?:#[^\n]{0,200})?\r?\n")
_TOKEN_END = re.compile(r"[^\s\"'`,;&]{1,4000}")
_FLOW_END = re.compile(r"[^,}\]\n]{1,4000}")
_LINE_END = re.compile(r"[^\n]{1,4000}")


def _quoted(text: str, pos: int) -> tuple[int, int] | None:
    """The span inside the quotes that open at ``pos`` (to the end of the line if unclosed)."""
    if text.startswith(('"""', "'''"), pos):
        m = (_TQ if text[pos] == '"' else _TSQ).match(text, pos)
        return m.span(1) if m else None
    m = (_DQ if text[pos] == '"' else _SQ).match(text, pos)
    if m:
        return m.span(1)
    m = _LINE_END.match(text, pos + 1)
    return m.span() if m else None


def _block(text: str, pos: int, key_start: int) -> list[tuple[int, int]]:
    """The lines of a YAML block scalar that starts after ``pos``: those indented more than its key."""
    line_start = text.rfind("\n", 0, key_start) + 1
    indent = len(text[line_start:key_start]) - len(text[line_start:key_start].lstrip(" \t-"))
    out, i = [], pos
    for _ in range(_MAX_BLOCK_LINES):
        if i >= len(text):
            break
        j = text.find("\n", i)
        j = len(text) if j == -1 else j
        line = text[i:j]
        stripped = line.lstrip(" \t")
        if stripped.strip():
            if len(line) - len(stripped) <= indent:
                break
            out.append((i + len(line) - len(stripped), i + len(line.rstrip())))
        i = j + 1
    return out


def _strip(text: str, s: int, e: int) -> tuple[int, int]:
    while s < e and text[s] in " \t\r":
        s += 1
    while e > s and text[e - 1] in " \t\r":
        e -= 1
    return s, e


def _value_spans(text: str, pos: int, key_start: int, kind: str, context: str) -> list[tuple[int, int]]:
    """The spans of the value that starts at ``pos`` (after the operator and blanks)."""
    n = len(text)
    while pos < n and text[pos] in " \t":
        pos += 1
    if pos >= n or text[pos] == "\n":
        return []
    ch = text[pos]
    if ch in "\"'":
        span = _quoted(text, pos)
        spans = [span] if span else []
    elif ch in "|>" and context == "line" and _BLOCK.match(text, pos):
        spans = _block(text, _BLOCK.match(text, pos).end(), key_start)
        return spans if any(_value_ok(text[s:e], kind) for s, e in spans) else []
    elif ch in "{[":
        return []  # a nested mapping: its own keys are found on their own
    else:
        pattern = {"line": _LINE_END, "flow": _FLOW_END}.get(context, _TOKEN_END)
        m = pattern.match(text, pos)
        if not m:
            return []
        spans = [_strip(text, *m.span())]
    return [(s, e) for s, e in spans if e > s and _value_ok(text[s:e], kind)]


_WORD_AFTER = re.compile(r"[ \t]{0,4}([^\s\"'`,;&]{1,200})")


def _looks_like_password(text: str, pos: int) -> bool:
    """Whether the word at ``pos`` looks made to be a password (8+ characters with letters,
    digits and a symbol or both cases), as a weak key's value in running text must: a seat or a
    gate ("pass: 14C", "pass: gate B12") does not."""
    m = _WORD_AFTER.match(text, pos)
    if not m:
        return False
    v = m.group(1).rstrip(".,!?")
    letters, digits = any(c.isalpha() for c in v), any(c.isdigit() for c in v)
    symbol = any(not c.isalnum() for c in v)
    cases = any(c.isupper() for c in v) and any(c.islower() for c in v)
    return len(v) >= 8 and letters and digits and (symbol or cases)


def _key_value_spans(text: str) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    line_keys = set()
    for m in _LINE_KEY.finditer(text):
        kind = _key_kind(m.group(3))
        if kind is None:
            continue
        line_keys.add(m.start(3))
        # a quoted key is JSON; a shell's export ends an unquoted value at a blank or ";"
        context = "flow" if m.group(2) else "token" if m.group(1) else "line"
        out.extend(_value_spans(text, m.end(), m.start(3), kind, context))
    for m in _ANY_KEY.finditer(text):
        quoted = m.group(2) is not None
        key = m.group(2) if quoted else m.group(3)
        start = m.start(2) if quoted else m.start(3)
        if start in line_keys:
            continue
        kind = _key_kind(key)
        if kind is None:
            continue
        before = text[max(0, m.start() - 40) : m.start()].rstrip(" \t\r\n")
        last = before[-1:] if before else ""
        if quoted or last in "{,[":
            context = "flow"
        elif last == ":" and m.group(4) == ":":
            # a key after a label ("Keep this: password: a b c") starts a line of its own
            context = "line"
        elif last == ";":
            context = "token"
        elif kind == "weak" and _looks_like_password(text, m.end()):
            context = "token"  # "wifi: HomeNet / pass: Sunflower#2024"
        elif kind == "weak" or (kind == "strong" and key.islower() and m.group(4) == ":"):
            # "boarding pass: 14C", "my password: x" (the prose detector's) in running text
            continue
        else:
            context = "token"
        out.extend(_value_spans(text, m.end(), start, kind, context))
    for m in _XML_ELEMENT.finditer(text):
        kind = _key_kind(m.group(1))
        if kind is None:
            named = _XML_NAME_ATTR.search(m.group(2))
            kind = _key_kind(named.group(1)) if named else None
        if kind is not None:
            s, e = m.span(3)
            while s < e and text[s] in " \t\r\n":
                s += 1
            while e > s and text[e - 1] in " \t\r\n":
                e -= 1
            if e > s and _value_ok(text[s:e], kind):
                out.append((s, e))
    for m in _NAME_VALUE.finditer(text):
        kind = _key_kind(m.group(1))
        if kind is not None:
            context = "flow" if text[m.start() - 1 : m.start()] in "\"'" or "," in m.group() else "line"
            out.extend(_value_spans(text, m.end(), m.start(), "strong" if kind == "weak" else kind, context))
    for m in _XML_KEY_VALUE.finditer(text):
        kind = _key_kind(m.group(1))
        g = 2 if m.group(2) is not None else 3
        if kind is not None and _value_ok(m.group(g), kind):
            out.append(m.span(g))
    return out


# --- command lines -------------------------------------------------------------------------
_ARG = r"(?:'([^'\n]{1,500})'|\"((?:[^\"\\\n]|\\.){1,500})\"|([^\s'\"]{1,500}))"
_LONG_FLAG = re.compile(r"(?<![\w-])--(" + _KEY + r")(?:=|[ \t]{1,4})(?=[^\s-])" + _ARG)
_CLI = re.compile(
    r"(?i:\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\b[^\n|;&]{0,300}?[ \t]-p(?=\S)" + _ARG + ")"
    r"|\bsshpass[ \t]{1,4}-p[ \t]{0,4}" + _ARG + r""
    r"|\b(?:docker|podman|buildah|nerdctl|skopeo|oc|az|helm[ \t]{1,4}registry)[ \t]{1,4}login\b[^\n|;&]{0,300}?"
    r"[ \t]-p[ \t]{1,4}(?=[^\s-])" + _ARG + r""
    r"|\bsqlcmd\b[^\n|;&]{0,300}?[ \t]-P[ \t]{0,4}(?=[^\s-])" + _ARG + r""
    r"|\bredis-cli\b[^\n|;&]{0,300}?[ \t]-a[ \t]{1,4}(?=[^\s-])" + _ARG + r""
    r"|\bldap[a-z]{0,12}\b[^\n|;&]{0,300}?[ \t]-w[ \t]{1,4}(?=[^\s-])" + _ARG + r""
    r"|\bmongo(?:sh|dump|restore|import|export)?\b[^\n|;&]{0,300}?[ \t]-p[ \t]{1,4}(?=[^\s-])" + _ARG + r""
    r"|(?<![\w-])-(?:pass|passin|passout)[ \t]{1,4}pass:" + _ARG + r""
    r"|\bcurl\b[^\n|;&]{0,300}?[ \t](?:-u|--user)[ \t]{1,4}[^\s:'\"]{1,100}:" + _ARG + r""
    r"|(?<![\w-])(?:-U|--user)[ \t=]{1,4}[^\s%'\"]{1,100}%" + _ARG
)


def _arg_span(m: re.Match, first: int) -> tuple[int, int] | None:
    for g in range(first, first + 3):
        if m.group(g) is not None:
            return m.span(g)
    return None


def _cli_spans(text: str) -> list[tuple[int, int]]:
    out = []
    for m in _LONG_FLAG.finditer(text):
        kind = _key_kind(m.group(1))
        span = _arg_span(m, 2)
        if (
            kind is not None
            and span
            and len(text[span[0] : span[1]]) >= 3
            and _value_ok(text[slice(*span)], kind)
        ):
            out.append(span)
    for m in _CLI.finditer(text):
        groups = [g for g in range(1, (m.lastindex or 0) + 1) if m.group(g) is not None]
        if groups:
            span = m.span(groups[-1])
            if _value_ok(text[slice(*span)], "strong"):
                out.append(span)
    return out


# --- URLs, pgpass, netrc --------------------------------------------------------------------
_URL_START = re.compile(r"\b[A-Za-z][A-Za-z0-9+.-]{1,20}://[^\s:/@?#]{0,64}:")
_URL_REST = re.compile(r"[^\s\"'<>`]{1,300}")
_HOST = re.compile(r"[A-Za-z0-9._~%-]{1,253}(?::\d{1,5})?(?=[/?#;,)\]]|$)")
_PORT_PATH = re.compile(r"\d{1,5}(?:[/?#].*)?")


def _url_spans(text: str) -> list[tuple[int, int]]:
    """The password of ``scheme://[user]:password@host``: up to the last ``@`` that a host
    follows, so a password may hold ``@``, ``/`` or ``:``; ``host:8443/a@b`` is a port and a path."""
    out = []
    for m in _URL_START.finditer(text):
        rest = _URL_REST.match(text, m.end())
        if not rest:
            continue
        chunk = rest.group()
        at = chunk.rfind("@")
        while at > 0 and not _HOST.match(chunk, at + 1):
            at = chunk.rfind("@", 0, at)
        if at <= 0:
            continue
        pw = chunk[:at]
        if _PORT_PATH.fullmatch(pw) or pw.startswith("[redacted"):
            continue
        out.append((m.end(), m.end() + at))
    return out


_PGPASS = re.compile(
    r"(?m)^[ \t]{0,8}(?:[A-Za-z0-9_.-]{0,200}[A-Za-z*][A-Za-z0-9_.-]{0,200}|\*|\d{1,3}(?:\.\d{1,3}){3}):"
    r"(?:\d{2,5}|\*):[^:\s]{1,100}:[^:\s]{1,100}:((?:[^\n\\:]|\\.){1,500})$"
)
# the same line quoted in a sentence ("my pgpass: db:5432:app:me:pw and ..."): the password
# ends at the next blank
_PGPASS_INLINE = re.compile(
    r"(?<=[\s:`\"'(])(?:[A-Za-z0-9_-]{1,63}\.)[A-Za-z0-9_.-]{1,200}:\d{2,5}:[^:\s]{1,100}:[^:\s]{1,100}:"
    r"((?:[^\s\\:]|\\.){1,500})(?=\s|$)"
)
_NETRC = re.compile(r"\blogin[ \t\r\n]{1,20}\S{1,200}[ \t\r\n]{1,20}password[ \t\r\n]{1,20}(\S{1,500})")


def _line_spans(text: str) -> list[tuple[int, int]]:
    out = []
    for m in _PGPASS.finditer(text):
        s, e = _strip(text, *m.span(1))
        if e > s and _value_ok(text[s:e], "strong"):
            out.append((s, e))
    out += [m.span(1) for m in _PGPASS_INLINE.finditer(text) if _value_ok(m.group(1), "strong")]
    out += [m.span(1) for m in _NETRC.finditer(text) if _value_ok(m.group(1), "strong")]
    return out


# --- languages: Chinese (both scripts), Spanish "clave" -------------------------------------
_ZH = re.compile(
    r"(?:密碼|密码|口令)(?:(?:[ \t]{0,3}(?:是|為|为|：|:|=)){1,2}[ \t]{0,3}[\"“「]?([^\s，。,、；;！!？?\[「」\"”：:]{2,200})"
    r"|[ \t]{0,3}[「『“\"']?([A-Za-z0-9!@#$%^&*._+=-]{4,200}))"
)
_ZH_NOT = (
    "什麼",
    "什么",
    "多少",
    "啥",
    "哪",
    "必填",
    "错误",
    "錯誤",
    "正确",
    "正確",
    "不对",
    "不對",
    "忘",
    "重置",
)
_ES_CLAVE = re.compile(
    r"(?i)\b(?:la|mi|tu|su|nuestra|vuestra)[ \t]{1,3}clave(?:[ \t]{1,3}de[ \t]{1,3}acceso)?"
    r"(?:[ \t]{1,3}(?:del|de[ \t]{1,3}la|de[ \t]{1,3}mi|de[ \t]{1,3}tu|de)[ \t]{1,3}[\w@.-]{1,40}){0,2}"
    r"[ \t]{1,3}(?:es|era|será)[ \t]{0,3}:?[ \t]{0,3}(?:['\"“‘]([^'\"”’\n]{3,200})['\"”’]|([^\s'\"“”]{3,200}))"
)
_ES_PIN = re.compile(
    r"(?i)\bPIN\b(?:[ \t]{1,3}(?:de|del|de[ \t]{1,3}la|de[ \t]{1,3}mi)[ \t]{1,3}[\w-]{1,30}){0,2}"
    r"[ \t]{1,3}(?:es|era)[ \t]{0,3}:?[ \t]{0,3}(\d{4,8})(?!\d)"
)


# a code that opens something, in English: "the door code is 4821", "the code for the safe is 4821",
# "alarm code: 1234", "combination 12-34-56"
_LOCKS = r"door|front door|safe|alarm|gate|garage|lock|locker|keypad|key box|lockbox|building|entry|access|padlock|bike lock"
_ACCESS_CODE = re.compile(
    r"(?i:\b(?:(?:" + _LOCKS + r")[ \t]{1,3}(?:code|combination|combo)"
    r"|(?:code|combination|combo)[ \t]{1,3}(?:for|to|of|on)[ \t]{1,3}(?:the[ \t]{1,3}|my[ \t]{1,3}|our[ \t]{1,3})?"
    r"(?:" + _LOCKS + r"))"
    r"[ \t]{0,3}(?:is|was|:|=|-)?[ \t]{0,3})(\d{3,8}(?:[-.][0-9]{2,4}){0,3})(?![\d])"
)


def _language_spans(text: str) -> list[tuple[int, int]]:
    out = [m.span(1) for m in _ACCESS_CODE.finditer(text)]
    for m in _ZH.finditer(text):
        g = 1 if m.group(1) is not None else 2
        if not m.group(g).startswith(_ZH_NOT) and _value_ok(m.group(g), "strong"):
            out.append(m.span(g))
    for m in _ES_CLAVE.finditer(text):
        g = 1 if m.group(1) is not None else 2
        s, e = m.span(g)
        while e > s and text[e - 1] in ".,;!?":
            e -= 1
        value = text[s:e]
        # "la clave del éxito es trabajar": a password has a digit, a symbol or a capital inside
        if (
            any(c.isdigit() or not (c.isalpha() or c.isspace()) for c in value)
            or any(c.isupper() for c in value[1:])
        ) and _value_ok(value, "strong"):
            out.append((s, e))
    out += [m.span(1) for m in _ES_PIN.finditer(text)]
    return out


def structured_spans(text: str) -> list[tuple[int, int, str]]:
    """Spans ``(start, end, "password")`` of secret values in structured text (may overlap)."""
    spans = _key_value_spans(text) + _cli_spans(text) + _url_spans(text) + _line_spans(text)
    spans += _language_spans(text)
    return [(s, e, "password") for s, e in spans]


# --- card numbers in any separator ----------------------------------------------------------
_SEP = r"(?:[ \t\u00a0\u2000-\u200a\u202f\u3000]{1,3}|[ \t\u00a0]{0,2}(?:\r?\n|[-\u2010-\u2014./_|·•])[ \t\u00a0]{0,2})"
_SEP_CLASS = "[ \t\u00a0\u2000-\u200a\u202f\u3000\r\n\\-\u2010-\u2014./_|·•]"
_CARD = re.compile(
    r"(?<!\d)(?<!\d" + _SEP_CLASS + r")\d{4}" + _SEP + r"(?:\d{4}" + _SEP + r"\d{4}" + _SEP + r"\d{4}"
    r"(?:" + _SEP + r"\d{1,3})?|\d{6}" + _SEP + r"\d{4,5})(?!\d)(?!" + _SEP + r"\d)"
)


def card_spans(text: str, check) -> list[tuple[int, int]]:
    """Card numbers grouped 4-4-4-4(-1..3), 4-6-5 or 4-6-4 with any separator (spaces of any
    width, no-break spaces, tabs, a line break, dashes, dots), that pass ``check`` (Luhn)."""
    out = []
    for m in _CARD.finditer(text):
        digits = re.sub(r"\D", "", m.group())
        if check(digits):
            out.append(m.span())
    return out


# --- a private key's body without its BEGIN line --------------------------------------------
# the DER openings of private keys in base64: PKCS#1 RSA, PKCS#8 (long and short form), SEC1 EC,
# encrypted PKCS#8, Ed25519 PKCS#8, OpenSSH; public keys and certificates open differently
_KEY_BODY = re.compile(
    r"(?<![A-Za-z0-9+/])(?:MII[A-Za-z0-9+/]{2}[AQgw]IBAA[KJ]|MII[A-Za-z0-9+/]{2}[AQgw]IBADA[NT]|"
    r"MI[GH][A-Za-z0-9+/]AgE[AB]|MHcCAQEE|MC4CAQAw|MII[A-Za-z0-9+/]{2}[DTjz]BOBgkqhkiG9w0BBQ0w|"
    r"b3BlbnNzaC1rZXktdjE)[A-Za-z0-9+/=]{0,200}"
    r"(?:(?:[ \t]{1,2}|[ \t]{0,2}\r?\n[ \t]{0,4})[A-Za-z0-9+/=]{16,200}){0,400}"
)


def key_body_spans(text: str) -> list[tuple[int, int]]:
    """Base64 bodies of private keys pasted without their ``-----BEGIN`` line."""
    return [m.span() for m in _KEY_BODY.finditer(text)]
