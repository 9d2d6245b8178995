"""The sealed permanent tier's cipher: permanent-tier text encrypted at rest with AES-256-GCM.

The primitive lives in base/ because the rows that hold sealed text are written and read in
store/ (below trust/ in the layers); the policy of what is sealed is
:mod:`autogen_zettel.trust.sealed`.

Seed 003 keeps permanent memories (blood type, allergies) "encrypted in a separate security
domain". Here that domain is a key the data folder never holds: ``ZETTEL_PERMANENT_KEY`` in the
environment (base64 of 32 random bytes; make one with
``python -c "import os,base64;print(base64.b64encode(os.urandom(32)).decode())"``), or, when
the variable is unset and the optional ``keyring`` package is installed, the OS keyring entry
``autogen-zettel`` / ``permanent-key`` holding the same base64 text.

What is sealed (each value on its own, with a fresh 96-bit nonce and the row it belongs to as
associated data, so a sealed value moved to another row does not open):

- a permanent card's ``content`` (:func:`seal_card_content`, called by
  :func:`~autogen_zettel.store.card_rows.card_to_row`), opened again by
  :func:`~autogen_zettel.store.card_rows.row_to_card`;
- the text of the source messages of a permanent card, and the ``content`` of its history rows
  (:func:`seal_traces`, after the card is stored or becomes permanent);
- nothing else is derived from it: permanent cards give no claims and no person-layer rows
  (see :func:`~autogen_zettel.trust.conflicts.claim_rows` and
  :func:`~autogen_zettel.people.sync.sync_cards`), their sparse (lexical) vectors are empty
  and a forget's audit entry records no digest of their text.

Without the key a sealed value reads as :data:`LOCKED` (and a warning is logged once per
process), never as an error: recall, ``explain`` and exports go on, saying the memory is locked.
Writing a permanent card without the key raises
:class:`~autogen_zettel.base.errors.PermanentKeyMissing`.

>>> import base64, os
>>> key = os.urandom(32)
>>> sealed = seal("blood type O negative", "card:c1", key=key)
>>> sealed.startswith(PREFIX), open_sealed(sealed, "card:c1", key=key)
(True, 'blood type O negative')
>>> open_sealed(sealed, "card:c2", key=key)  # another row's associated data
'[permanent memory: locked, the key in ZETTEL_PERMANENT_KEY does not open it]'
"""

from __future__ import annotations

import base64
import binascii
import logging
import os
import sys
import threading
import time
from collections.abc import Sequence

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from autogen_zettel.base.cards import PrivacyTier
from autogen_zettel.base.errors import PermanentKeyMissing

__all__ = [
    "ENV",
    "PREFIX",
    "LOCKED",
    "WRONG_KEY",
    "permanent_key",
    "is_sealed",
    "is_genuine_seal",
    "seal",
    "open_sealed",
    "seal_card_content",
    "open_message_rows",
    "open_history_rows",
    "is_permanent",
    "key_for_write",
    "refuse_locked",
    "keyed_id",
]

log = logging.getLogger(__name__)

ENV = "ZETTEL_PERMANENT_KEY"
PREFIX = "zettel-sealed:v1:"
LOCKED = f"[permanent memory: locked, set {ENV}]"
WRONG_KEY = f"[permanent memory: locked, the key in {ENV} does not open it]"
_KEYRING = ("autogen-zettel", "permanent-key")
_warned: set[str] = set()


def _warn_once(what: str, message: str) -> None:
    if what not in _warned:
        _warned.add(what)
        log.warning(message)


def _decode(text: str, where: str) -> bytes:
    try:
        raw = base64.b64decode(
            text.strip(), altchars=b"-_" if "-" in text or "_" in text else None, validate=True
        )
    except (binascii.Error, ValueError):
        raw = b""
    if len(raw) != 32:
        raise PermanentKeyMissing(
            f"{where} is not base64 of 32 bytes (it decodes to {len(raw)} bytes); make a key with "
            'python -c "import os,base64;print(base64.b64encode(os.urandom(32)).decode())"'
        )
    return raw


def permanent_key() -> bytes | None:
    """The permanent tier's 32-byte key: ``ZETTEL_PERMANENT_KEY``, else the OS keyring (when the
    optional ``keyring`` package is installed), else None. The variable is read on every call, so
    a key set or removed while the process runs takes effect at once; the keyring (a D-Bus or
    Keychain round trip, asked for on every captured message) at most :data:`KEYRING_TTL` seconds
    late. A malformed key raises :class:`PermanentKeyMissing` naming the variable."""
    text = os.environ.get(ENV)
    if text:
        return _decode(text, ENV)
    keyring = _keyring_module()
    if keyring is None:
        return None
    now = time.monotonic()
    with _keyring_lock:
        at, stored = _keyring_read
        if now - at >= KEYRING_TTL:
            try:
                stored = keyring.get_password(*_KEYRING)
            except Exception as exc:  # noqa: BLE001 - a keyring backend may fail in many ways; the env var stays the way
                _warn_once("keyring", f"the OS keyring could not be read ({exc}); set {ENV} instead")
                stored = None
            _keyring_read[:] = [now, stored]
    return _decode(stored, f"the OS keyring entry {_KEYRING[0]}/{_KEYRING[1]}") if stored else None


def _keyring_module():
    """The optional ``keyring`` package, or None. A failed import is remembered: it searched every
    folder of ``sys.path`` again on every recall and every captured message (0.3 ms each, in the
    recall profile of ``benchmarks.profile_paths``). A module put in ``sys.modules`` later still
    counts."""
    global _keyring_absent
    module = sys.modules.get("keyring")
    if module is not None or _keyring_absent:
        return module
    try:
        import keyring  # optional: not a dependency
    except ImportError:
        _keyring_absent = True
        return None
    return keyring


_keyring_absent = False

#: how long a keyring read is reused (seconds)
KEYRING_TTL = 2.0
_keyring_lock = threading.Lock()
_keyring_read: list = [float("-inf"), None]  # [monotonic time of the read, what it gave]


def is_sealed(text: str | None) -> bool:
    return isinstance(text, str) and text.startswith(PREFIX)


def key_for_write(key: bytes | None) -> bytes:
    key = key if key is not None else permanent_key()
    if key is None:
        raise PermanentKeyMissing(
            f"a permanent-tier memory is encrypted at rest and needs a key: set {ENV} to base64 of "
            '32 random bytes (python -c "import os,base64;print(base64.b64encode(os.urandom(32)).decode())"), '
            "kept outside the data folder; or store it as standard tier"
        )
    return key


def refuse_locked() -> None:
    """Raise :class:`PermanentKeyMissing`: a card read without its key is being written back."""
    raise PermanentKeyMissing(
        f"this permanent memory was read without its key, so its text is not known here; set {ENV} "
        "to the key it was written with before changing it"
    )


def seal(text: str, aad: str, *, key: bytes | None = None) -> str:
    """``text`` encrypted (AES-256-GCM, random nonce, ``aad`` bound) as ``PREFIX + base64``.
    Raises :class:`PermanentKeyMissing` without a key, and refuses to seal a locked placeholder
    (a card read without the right key and written back would lose its text for good)."""
    if text in (LOCKED, WRONG_KEY):
        refuse_locked()
    key = key_for_write(key)
    nonce = os.urandom(12)
    box = AESGCM(key).encrypt(nonce, text.encode("utf-8"), aad.encode("utf-8"))
    return PREFIX + base64.b64encode(nonce + box).decode("ascii")


def keyed_id(plain_id: str, *, prefix: str = "") -> str:
    """An id derived from ``plain_id`` under the permanent key, for a permanent card or message.

    Card ids (and derived message ids) are digests of the text without a secret: whoever holds
    the folder could confirm a guess of a sealed text ("My blood type is AB negative") by
    recomputing its id from the plain message id and time. Keyed, the id is as stable (a re-sent
    message finds its card again) and confirms nothing without the key. A UUID string for a
    card (as the index needs), ``prefix`` + 16 hex digits for a message. Raises
    :class:`PermanentKeyMissing` without a key."""
    import hashlib
    import hmac
    import uuid

    digest = hmac.new(key_for_write(None), b"id:" + plain_id.encode("utf-8"), hashlib.sha256).digest()
    if prefix:
        return prefix + digest[:8].hex()
    return str(uuid.UUID(bytes=digest[:16], version=4))


def open_sealed(text: str, aad: str, *, key: bytes | None = None) -> str:
    """The plain text of a sealed value (anything else is returned as it is); :data:`LOCKED`
    without the key, :data:`WRONG_KEY` when the key does not open it (logged once, no error)."""
    if not is_sealed(text):
        return text
    try:
        key = key if key is not None else permanent_key()
    except PermanentKeyMissing as exc:
        _warn_once("bad-key", f"permanent memories stay locked: {exc}")
        return LOCKED
    if key is None:
        _warn_once("no-key", f"permanent memories are locked: set {ENV} to read them")
        return LOCKED
    try:
        raw = base64.b64decode(text[len(PREFIX) :], validate=True)
        plain = AESGCM(key).decrypt(raw[:12], raw[12:], aad.encode("utf-8"))
    except (InvalidTag, binascii.Error, ValueError):
        _warn_once(
            "wrong-key", f"a permanent memory does not open with the key in {ENV} (another key, or damaged)"
        )
        return WRONG_KEY
    return plain.decode("utf-8")


def is_permanent(tier) -> bool:
    return tier is PrivacyTier.PERMANENT or tier == PrivacyTier.PERMANENT.value


def is_genuine_seal(text: str | None) -> bool:
    """Whether ``text`` is a value :func:`seal` made (the prefix, then base64 of a nonce, the
    ciphertext and its tag), not plain text that happens to start with the prefix: the write
    paths seal what is not, so "zettel-sealed:v1:my PIN is 4321" is never stored as it came."""
    if not is_sealed(text):
        return False
    try:
        raw = base64.b64decode(text[len(PREFIX) :], validate=True)
    except (binascii.Error, ValueError):
        return False
    return len(raw) >= 12 + 16


def seal_card_content(card_id: str, content: str) -> str:
    """A permanent card's stored content (sealed once: an already sealed value stays)."""
    return content if is_genuine_seal(content) else seal(content, f"card:{card_id}")


def open_message_rows(rows: list[dict]) -> list[dict]:
    """``messages`` rows with their sealed texts opened (or locked)."""
    for row in rows:
        if is_sealed(row.get("text")):
            row["text"] = open_sealed(row["text"], f"message:{row['id']}")
    return rows


def open_history_rows(rows: Sequence[dict]) -> Sequence[dict]:
    """``card_history`` rows with their sealed contents opened (or locked)."""
    for row in rows:
        if is_sealed(row.get("content")):
            row["content"] = open_sealed(row["content"], f"history:{row['id']}")
    return rows
