"""``autogen-zettel audit receipt ...``: make a signing key, export a tenant's forget receipts,
and verify one with nothing but the receipt file and a public key (thin over
:mod:`autogen_zettel.trust.receipts`, imported only when a command runs)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from autogen_zettel.base.atomic import write_atomic
from autogen_zettel.cli.common import Context, console, open_tenant, writable_file

__all__ = ["receipt"]


@click.group()
def receipt():
    """Signed forget receipts an outsider can verify with a public key (docs/security.md)."""


@receipt.command("keygen")
@click.argument("private_key", type=click.Path(dir_okay=False, path_type=Path))
def receipt_keygen(private_key: Path):
    """Write a new Ed25519 signing key to PRIVATE_KEY (PEM, mode 0600) and its public key to
    PRIVATE_KEY.pub; keep the private key outside the data folder and point
    ZETTEL_RECEIPT_KEY_FILE at it.

    Example: autogen-zettel audit receipt keygen ~/.config/zettel/receipts.pem
    """
    from autogen_zettel.trust.receipts import new_key_files

    writable_file(private_key, what="the private key")
    if private_key.exists():
        raise click.ClickException(
            f"{str(private_key)!r} exists; give a new file name (a key is never overwritten)"
        )
    pub = new_key_files(private_key)
    console.print(f"private key: {private_key} (set ZETTEL_RECEIPT_KEY_FILE to it)", markup=False)
    console.print(
        f"public key:  {pub} (also in {private_key}.pub; give it to whoever verifies)", markup=False
    )


@receipt.command("export")
@click.argument("tenant")
@click.option("--seq", type=int, default=None, help="The forget's audit entry number (default: the newest).")
@click.option(
    "-o",
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write here, not to stdout.",
)
@click.pass_obj
def receipt_export(obj: Context, tenant, seq, out):
    """Write the receipt of one of TENANT's forgets (byte for byte as signed).

    Example: autogen-zettel audit receipt export alice -o forget-7.json
    """
    from autogen_zettel.memory.tenant import tenant_parts
    from autogen_zettel.trust.receipts import stored_receipts

    if out is not None:
        writable_file(out, what="the receipt")
    with obj.hub() as hub:
        kept = stored_receipts(tenant_parts(open_tenant(hub, tenant)).db)
    if not kept:
        raise click.ClickException(
            f"tenant {tenant} has no forget receipts: forgets made without ZETTEL_RECEIPT_KEY(_FILE) get none"
        )
    number = max(kept) if seq is None else seq
    if number not in kept:
        raise click.ClickException(
            f"no receipt for audit entry {number}; there are receipts for {sorted(kept)}"
        )
    data = kept[number].encode("utf-8")
    if out is None:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    else:
        write_atomic(out, lambda tmp: Path(tmp).write_bytes(data))
        console.print(f"receipt of audit entry {number} written to {out}", markup=False)


@receipt.command("verify")
@click.argument(
    "receipt_file", metavar="RECEIPT", type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
@click.option(
    "--public-key",
    "public_key",
    required=True,
    help="The signer's public key: a file, or its base64/hex text.",
)
def receipt_verify(receipt_file: Path, public_key: str):
    """Check a forget receipt's signature with the signer's public key; needs no data folder.
    Exit status 0 when it is intact and signed by that key, 1 otherwise.

    Example: autogen-zettel audit receipt verify forget-7.json --public-key receipts.pem.pub
    """
    from autogen_zettel.trust.receipts import verify_receipt

    key = Path(public_key).read_bytes() if Path(public_key).is_file() else public_key
    check = verify_receipt(receipt_file.read_bytes(), key)
    if not check.ok:
        for p in check.problems:
            console.print(f"invalid: {p}", markup=False)
        raise click.ClickException(f"the receipt {str(receipt_file)!r} does not verify")
    r = check.receipt
    console.print(
        f"valid: {r['action']} in tenant {r['tenant']!r} at {r['at']}, audit entry {r['audit_seq']}, "
        f"{r['cards']} card(s), {len(r['digests'])} digest(s); "
        f"audit head {r['audit_head_before'][:16]}… -> {r['audit_head_after'][:16]}…",
        markup=False,
        highlight=False,
    )
