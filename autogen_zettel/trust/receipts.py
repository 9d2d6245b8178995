"""Forgetting receipts an outsider can check: Ed25519-signed, holding no forgotten text.

The audit chain (:mod:`~autogen_zettel.store.audit`) is keyed with a key in the tenant's own
database, so only the store can vouch for it. A receipt is signed with a private key kept
outside the data folder, and anyone holding the matching public key checks it with
:func:`verify_receipt` (``autogen-zettel audit receipt verify RECEIPT --public-key KEY``), with
nothing but the receipt file.

How it works:

- at write time each card gets a **digest** ``SHA-256(salt || content)`` with a random
  32-byte salt of its own (:func:`digest_cards`, table ``card_digests``);
- at a forget the digests of the forgotten cards go into the receipt, whose signature binds
  them to the audit chain's heads before and after (the audit entry itself stays free of these
  random values, so a replayed write path gives the same chain), and the salts are deleted with the
  cards (and their bytes scrubbed with them): afterwards nobody, the store included, can test a
  guess of the forgotten text against a digest;
- the receipt (:func:`make_receipt`) names the tenant, the audit entry, the chain's head before
  and after, the digests, the time and the signer's public key, as canonical JSON (sorted
  keys, no spaces, UTF-8, one closing newline) with an Ed25519 signature over the same JSON
  without its ``signature`` field. The verifier refuses any file that is not in exactly that
  form, so a change of any byte is refused, not only a change of a signed value.

The private key: ``ZETTEL_RECEIPT_KEY`` (base64 of the 32-byte Ed25519 seed) or
``ZETTEL_RECEIPT_KEY_FILE`` (a PKCS#8 PEM file), refused when it lies inside the data folder.
Without one a forget still happens, and its report says no receipt was made.

What a receipt proves and what it cannot: docs/security.md ("Forgetting receipts").

>>> from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
>>> key = Ed25519PrivateKey.generate()
>>> text = make_receipt(key, tenant="ann", audit_seq=3, head_before="a" * 64, head_after="b" * 64,
...                     digests=["c" * 64], at="2026-12-03T10:00:00")
>>> verify_receipt(text.encode(), public_key_text(key)).ok
True
>>> verify_receipt(text.replace('"ann"', '"bob"').encode(), public_key_text(key)).ok
False
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from autogen_zettel.base.cards import PrivacyTier
from autogen_zettel.base.errors import ConfigError
from autogen_zettel.base.sealing import seal

__all__ = [
    "KEY_ENV",
    "KEY_FILE_ENV",
    "FORMAT",
    "ReceiptCheck",
    "digest_cards",
    "digests_of",
    "drop_digests",
    "salted_digest",
    "signing_key",
    "make_receipt",
    "verify_receipt",
    "public_key_text",
    "load_public_key",
    "store_receipt",
    "stored_receipts",
    "new_key_files",
]

KEY_ENV = "ZETTEL_RECEIPT_KEY"
KEY_FILE_ENV = "ZETTEL_RECEIPT_KEY_FILE"
FORMAT = "autogen-zettel/forget-receipt/v1"
NO_KEY_NOTE = (
    f"no forget receipt: set {KEY_ENV} (base64 of a 32-byte Ed25519 seed) or {KEY_FILE_ENV} (a PEM "
    "private key kept outside the data folder); make one with `autogen-zettel audit receipt keygen FILE`"
)

_TABLES = """
create table if not exists card_digests (card_id text primary key, salt blob not null, digest text not null);
create table if not exists forget_receipts (audit_seq integer primary key, receipt text not null);
"""


def salted_digest(salt: bytes, content: str) -> str:
    """``SHA-256(salt || content)`` in hex: without the salt no guess of ``content`` can be tested."""
    return hashlib.sha256(salt + content.encode("utf-8")).hexdigest()


def _tables(db) -> None:
    # created on first use (no migration: a store without receipts never needs them); once a
    # CardDB object, as the tables then exist in its file
    if not getattr(db, "_receipt_tables", False):
        for statement in _TABLES.strip().split(";\n"):
            db.db.execute(statement.strip().rstrip(";"))
        db._receipt_tables = True


def digest_cards(db, cards: Iterable) -> None:
    """Record a salted digest for each new card (a card already digested keeps its first)."""
    rows = []
    for card in cards:
        salt = os.urandom(32)
        kept = salt
        if card.tier is PrivacyTier.PERMANENT:
            # salt and digest side by side would confirm a guess of the sealed text: its salt
            # is sealed too (kept only to open the digest with the key, e.g. in a dispute)
            kept = seal(base64.b64encode(salt).decode(), f"salt:{card.id}").encode("ascii")
        rows.append((card.id, kept, salted_digest(salt, card.content)))
    if rows:
        with db.atomic():
            _tables(db)
            db.db.conn.executemany(
                "insert or ignore into card_digests (card_id, salt, digest) values (?, ?, ?)", rows
            )


def digests_of(db, ids: Sequence[str]) -> list[str]:
    """The digests of the cards ``ids`` (cards written before digests have none), sorted."""
    with db.atomic():
        _tables(db)
        out = []
        for start in range(0, len(ids), 500):
            chunk = list(ids[start : start + 500])
            out += [
                r[0]
                for r in db.db.conn.execute(
                    f"select digest from card_digests where card_id in ({','.join('?' * len(chunk))})",
                    chunk,
                ).fetchall()
            ]
    return sorted(out)


def drop_digests(db, ids: Sequence[str]) -> int:
    """Delete the digests (and so the salts) of forgotten cards, in the forget's transaction."""
    n = 0
    with db.atomic():
        _tables(db)
        for start in range(0, len(ids), 500):
            chunk = list(ids[start : start + 500])
            n += db.db.conn.execute(
                f"delete from card_digests where card_id in ({','.join('?' * len(chunk))})", chunk
            ).rowcount
    return n


def signing_key(data_dir: Path | None = None) -> Ed25519PrivateKey | None:
    """The receipt signing key from ``ZETTEL_RECEIPT_KEY`` or ``ZETTEL_RECEIPT_KEY_FILE``, or None.

    :raises ConfigError: a malformed key, an unreadable file, or a file inside ``data_dir``
        (whoever copies the folder would get the key that vouches for it)
    """
    seed = os.environ.get(KEY_ENV)
    if seed:
        try:
            raw = base64.b64decode(seed.strip(), validate=True)
        except (binascii.Error, ValueError):
            raw = b""
        if len(raw) != 32:
            raise ConfigError(
                f"{KEY_ENV} must be base64 of a 32-byte Ed25519 seed (it decodes to {len(raw)} bytes); "
                f"or point {KEY_FILE_ENV} at a PEM key made by `autogen-zettel audit receipt keygen FILE`"
            )
        return Ed25519PrivateKey.from_private_bytes(raw)
    path = os.environ.get(KEY_FILE_ENV)
    if not path:
        return None
    file = Path(path).expanduser().resolve()
    if data_dir is not None and file.is_relative_to(Path(data_dir).resolve()):
        raise ConfigError(
            f"{KEY_FILE_ENV} points at {str(file)!r}, inside the data folder; keep the receipt key "
            "outside it (a copy of the folder must not carry the key that vouches for it)"
        )
    try:
        key = serialization.load_pem_private_key(file.read_bytes(), password=None)
    except (OSError, ValueError, TypeError) as exc:
        raise ConfigError(
            f"{KEY_FILE_ENV}={str(file)!r} is not a readable unencrypted PEM private key ({exc})"
        ) from None
    if not isinstance(key, Ed25519PrivateKey):
        raise ConfigError(f"{KEY_FILE_ENV}={str(file)!r} holds a {type(key).__name__}, not an Ed25519 key")
    return key


def public_key_text(key: Ed25519PrivateKey | Ed25519PublicKey) -> str:
    """The raw 32-byte public key in base64 (what ``--public-key`` takes)."""
    pub = key.public_key() if isinstance(key, Ed25519PrivateKey) else key
    return base64.b64encode(
        pub.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    ).decode()


def load_public_key(text: str | bytes) -> Ed25519PublicKey:
    """A public key from base64 (raw 32 bytes), hex, or PEM text. Raises ValueError saying which forms work."""
    data = text.encode() if isinstance(text, str) else text
    data = data.strip()
    if data.startswith(b"-----BEGIN"):
        key = serialization.load_pem_public_key(data)
        if not isinstance(key, Ed25519PublicKey):
            raise ValueError(f"the PEM public key is a {type(key).__name__}, not Ed25519")
        return key
    for decode in (lambda d: bytes.fromhex(d.decode()), lambda d: base64.b64decode(d, validate=True)):
        try:
            raw = decode(data)
        except (ValueError, binascii.Error, UnicodeDecodeError):
            continue
        if len(raw) == 32:
            return Ed25519PublicKey.from_public_bytes(raw)
    raise ValueError("the public key must be base64 or hex of 32 bytes, or a PEM public key")


def _canonical(obj: dict) -> bytes:
    return json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")


def make_receipt(
    key: Ed25519PrivateKey,
    *,
    tenant: str,
    audit_seq: int,
    head_before: str,
    head_after: str,
    digests: Sequence[str],
    at: str,
    action: str = "forget",
    cards: int | None = None,
) -> str:
    """The signed receipt of one forget, as the text of its file (canonical JSON and a newline)."""
    body = {
        "format": FORMAT,
        "tenant": tenant,
        "action": action,
        "at": at,
        "audit_seq": audit_seq,
        "audit_head_before": head_before,
        "audit_head_after": head_after,
        "digests": sorted(digests),
        "cards": len(digests) if cards is None else cards,
        "public_key": public_key_text(key),
    }
    signature = base64.b64encode(key.sign(_canonical(body))).decode()
    return _canonical({**body, "signature": signature}).decode("utf-8") + "\n"


@dataclass(frozen=True)
class ReceiptCheck:
    """What :func:`verify_receipt` found: ``ok`` only when the file is a well-formed receipt in
    canonical form signed by the given public key; ``receipt`` holds its fields when readable."""

    ok: bool
    problems: tuple[str, ...] = ()
    receipt: dict = field(default_factory=dict)


def verify_receipt(data: bytes, public_key: str | bytes | Ed25519PublicKey) -> ReceiptCheck:
    """Check a receipt file's bytes against a public key; needs nothing of the data folder."""
    try:
        pub = public_key if isinstance(public_key, Ed25519PublicKey) else load_public_key(public_key)
    except ValueError as exc:
        return ReceiptCheck(False, (str(exc),))
    try:
        obj = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        return ReceiptCheck(False, (f"not a receipt: the file is not UTF-8 JSON ({exc})",))
    if not isinstance(obj, dict):
        return ReceiptCheck(False, ("not a receipt: the JSON is not an object",))
    problems = []
    if data != _canonical(obj) + b"\n":
        problems.append("the file is not in the canonical form it was signed in: it was changed")
    if obj.get("format") != FORMAT:
        problems.append(f"unknown format {obj.get('format')!r} (expected {FORMAT!r})")
    signature = obj.pop("signature", None)
    try:
        pub.verify(base64.b64decode(str(signature), validate=True), _canonical(obj))
    except (InvalidSignature, binascii.Error, ValueError):
        problems.append(
            "the signature does not match this public key and content: changed, or signed by another key"
        )
    if obj.get("public_key") not in (None, public_key_text(pub)):
        problems.append("the receipt names another signer's public key")
    return ReceiptCheck(not problems, tuple(problems), obj)


# -- receipts kept by the tenant -------------------------------------------------------
def store_receipt(db, audit_seq: int, text: str) -> None:
    """Keep a receipt in the tenant database (for ``audit receipt export``), in the forget's transaction."""
    with db.atomic():
        _tables(db)
        db.db.conn.execute(
            "insert or replace into forget_receipts (audit_seq, receipt) values (?, ?)", (audit_seq, text)
        )


def stored_receipts(db) -> dict[int, str]:
    """Audit entry number -> receipt text, of every forget made with a signing key."""
    with db.atomic():
        _tables(db)
        return dict(db.db.conn.execute("select audit_seq, receipt from forget_receipts order by audit_seq"))


def new_key_files(path: Path) -> str:
    """Write a new Ed25519 private key to ``path`` (PEM, mode 0600) and its public key to
    ``path.pub`` (base64); returns the public key. Refuses to overwrite a file."""
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(pem)
    pub = public_key_text(key)
    Path(str(path) + ".pub").write_text(pub + "\n", encoding="utf-8")
    return pub
