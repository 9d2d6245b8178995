"""The memory-archive commands of ``autogen-zettel`` (registered on the main group by cli.py):
list, explain, edit, freeze, thaw, forget, export, maintain, conflicts, and the audit log."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import click
from rich import box
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from autogen_zettel.base.atomic import write_atomic
from autogen_zettel.base.cards import CardStatus
from autogen_zettel.base.errors import ConfigError
from autogen_zettel.cli.common import (
    Context,
    console,
    known_tenant,
    open_tenant,
    plural,
    printable,
    safe_json,
    writable_file,
    writable_folder,
)
from autogen_zettel.cli.receipt_cmds import receipt
from autogen_zettel.trust.receipts import NO_KEY_NOTE, signing_key


def card_dict(card) -> dict:
    """A card as JSON (the library's one encoding; imported here so ``--help`` loads no store)."""
    from autogen_zettel.memory.export import card_dict as encode

    return encode(card)


def link_dict(link) -> dict:
    """A link as JSON, with what it learned from use (the library's one encoding, as above)."""
    from autogen_zettel.memory.export import link_dict as encode

    return encode(link)


def link_line(link, card_id: str) -> str:
    """One of a card's links as ``explain`` and ``show`` print it, with the gain it learned from
    use ("learned x1.20": recall passes 1.2 times its weight)."""
    other = link.dst if link.src == card_id else link.src
    learned = (
        f", learned x{link.learned:.2f} (set {link.learned_at:%Y-%m-%d %H:%M})"
        if link.learned is not None and link.learned_at is not None
        else ""
    )
    return f"  link {link.kind.value} {link.weight:.2f}{learned} -> {other}"


__all__ = ["cards", "explain", "edit", "freeze", "thaw", "forget", "export", "maintain", "conflicts", "audit"]


def _at(value: str | None) -> datetime | None:
    if value is None:
        return None
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        raise ConfigError(f"--at must be an ISO date-time such as 2024-05-01T09:00, got {value!r}") from None


def _change_status(obj: Context, tenant: str, card_id: str, target: CardStatus) -> None:
    """Freeze a card (``target`` FROZEN) or thaw it (ACTIVE: the library restores the status it
    had before it was frozen), then print the status it ends in."""
    with obj.hub() as hub:
        mem = open_tenant(hub, tenant)
        card = {CardStatus.FROZEN: mem.archive.freeze, CardStatus.ACTIVE: mem.archive.thaw}[target](
            mem.archive.resolve_id(card_id)
        )
    console.print(f"{card.id} is {card.status.value}")


@click.command()
@click.argument("tenant")
@click.option("--kind", default=None, help="fact, preference, event, plan, relation or summary.")
@click.option("--status", default=None, help="active, to-verify, frozen or archived.")
@click.option("--speaker", default=None, help="Only cards said by this speaker.")
@click.option("--session", "session_id", default=None, help="Only cards of this session.")
@click.option("--contains", default=None, help="Only cards whose text contains this (any case).")
@click.option("--tier", default=None, help="permanent, standard or decaying.")
@click.option("--limit", default=None, type=int, help="At most this many cards.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.pass_obj
def cards(obj: Context, tenant, kind, status, speaker, session_id, contains, tier, limit, as_json):
    """List TENANT's cards (the memory archive), oldest first, with filters.

    Example: autogen-zettel cards alice --status to-verify --contains coriander
    """
    with obj.reading_hub(tenant) as hub:  # a copy while a running agent holds the folder
        found = open_tenant(hub, tenant).find(
            kind=kind,
            status=status,
            speaker=speaker,
            session_id=session_id,
            contains=contains,
            tier=tier,
            limit=limit,
        )
    if as_json:
        click.echo(safe_json([card_dict(c) for c in found]))
        return
    console.print(cards_table(found, title=f"{plural(len(found), 'card')} of {tenant}"))


def cards_table(found, *, title: str) -> Table:
    """Cards at any width: the short columns never wrap, the content takes what is left and
    wraps whole (no "…"); the tier is in ``--json`` and ``explain``."""
    table = Table(title=title, box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for col in ("id", "when", "who", "kind", "status"):
        table.add_column(col, no_wrap=True, max_width=16 if col == "who" else None)
    table.add_column("content", ratio=1, overflow="fold", min_width=20)
    for c in found:
        table.add_row(
            c.id[:8],
            f"{c.created_at:%Y-%m-%d}",
            Text(c.speaker),
            c.kind.value,
            c.status.value,
            Text(c.content),
        )  # card text is data, not rich markup
    return table


@click.command()
@click.argument("tenant")
@click.argument("card_id")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_obj
def explain(obj: Context, tenant, card_id, as_json):
    """Why TENANT remembers CARD_ID: sources, speaker, time, session, confidence, tier,
    strength, conflicts (with the question to ask), summaries, history, and its links with
    the gain each learned from use ("learned x1.20": recall passes 1.2 times its weight).

    Example: autogen-zettel explain alice 6f1c2a0e   (a unique prefix of the id is enough)
    """
    with obj.hub() as hub:
        mem = open_tenant(hub, tenant)
        info = mem.explain(mem.archive.resolve_id(card_id))
    card = info["card"]
    if as_json:
        out = {
            **info,
            "card": card_dict(card),
            "links": [link_dict(x) for x in info["links"]],
            "conflicts": [
                {**c.__dict__, "detected_at": c.detected_at.isoformat()} for c in info["conflicts"]
            ],
        }
        click.echo(safe_json(out))
        return

    # card text is data, not rich markup: "[redacted payment card]" must print as it is; ids and
    # text may hold control characters (a terminal escape in a session id): printed escaped
    def say(line: str) -> None:
        console.print(printable(line, keep_newlines=True), markup=False, highlight=False)

    console.print(
        f"[bold]{card.id}[/] {card.kind.value}, {card.status.value}, tier {card.tier.value}, "
        f"evidence {card.evidence.value}, confidence {card.confidence}, strength {info['strength']}"
    )
    say(f"{card.speaker} at {card.created_at:%Y-%m-%d %H:%M} in session {card.session_id}: {card.content}")
    if card.context:
        say(f"context: {card.context}")
    if card.valence or card.arousal:
        say(f"affect: valence {card.valence:+.2f}, arousal {card.arousal:.2f}")
    if card.redactions:
        say(f"redacted before storage: {', '.join(card.redactions)}")
    for m in info["sources"]:
        say(f"  source {m['id']} ({m['speaker']}, {m['at']}, session {m['session_id']}): {m['text']}")
    for c in info["conflicts"]:
        say(
            f"  conflict ({c.resolution}, {c.topic}, weights {c.weights[0]:.2f} vs {c.weights[1]:.2f}) "
            f"with {c.other_id[:8]}: {c.other_content}"
        )
        if c.question:
            say(f"    ask: {c.question}")
    for s in info["summaries"]:
        say(f"  summarised by {s}")
    for h in info["history"]:
        say(
            f"  history {h['at']} {h['action']} (version {h['version']}, was {h['status']})"
            + (f": {h['content']}" if h["content"] else "")
        )
    for link in info["links"]:
        say(link_line(link, card.id))


@click.command()
@click.argument("tenant")
@click.argument("card_id")
@click.argument("content")
@click.pass_obj
def edit(obj: Context, tenant, card_id, content):
    """Change the text of CARD_ID (re-embedded; the old text stays in its history).

    Example: autogen-zettel edit alice 6f1c2a0e "I live in Porto now."
    """
    with obj.hub() as hub:
        mem = open_tenant(hub, tenant)
        card = mem.archive.edit(mem.archive.resolve_id(card_id), content)
    console.print(f"{card.id} is now version {card.version}: {card.content}", markup=False)


@click.command()
@click.argument("tenant")
@click.argument("card_id")
@click.pass_obj
def freeze(obj: Context, tenant, card_id):
    """Keep CARD_ID but never recall it until it is thawed.

    Example: autogen-zettel freeze alice 6f1c2a0e-...
    """
    _change_status(obj, tenant, card_id, CardStatus.FROZEN)


@click.command()
@click.argument("tenant")
@click.argument("card_id")
@click.pass_obj
def thaw(obj: Context, tenant, card_id):
    """Recall CARD_ID again (undo freeze, or bring back an archived card).

    Example: autogen-zettel thaw alice 6f1c2a0e-...
    """
    _change_status(obj, tenant, card_id, CardStatus.ACTIVE)


@click.command()
@click.argument("tenant")
@click.argument("card_ids", nargs=-1)
@click.option("--subject", default=None, help="Forget everything about this person or topic.")
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@click.option(
    "--receipt",
    "receipt_out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write the signed forget receipt here (needs ZETTEL_RECEIPT_KEY or ZETTEL_RECEIPT_KEY_FILE).",
)
@click.pass_obj
def forget(obj: Context, tenant, card_ids, subject, yes, receipt_out):
    """Forget cards (by id) or everything about --subject, for good, with an audit entry.

    Example: autogen-zettel forget alice --subject Bob --yes
    """
    if bool(card_ids) == bool(subject):
        raise click.UsageError(
            "give card ids or --subject, not both (e.g. autogen-zettel forget alice --subject Bob)"
        )
    what = f"everything about {subject!r}" if subject else f"{len(card_ids)} card(s)"
    if receipt_out is not None:
        writable_file(receipt_out, what="the receipt")
        # asked for a receipt: no forget without the key that signs it (a forget cannot be
        # redone to get one afterwards)
        if signing_key(Path(obj.data_dir)) is None:
            raise click.UsageError(
                f"--receipt needs a signing key: {NO_KEY_NOTE.removeprefix('no forget receipt: ')}"
            )
    if not yes:
        click.confirm(f"Forget {what} in {tenant}? This cannot be undone", abort=True)
    with obj.hub() as hub:
        mem = open_tenant(hub, tenant)
        report = (
            mem.forget(subject=subject)
            if subject
            else mem.forget([mem.archive.resolve_id(c) for c in card_ids])
        )
    removed = ", ".join(f"{table} {n}" for table, n in report.rows.items() if n)
    console.print(
        f"forgot {plural(len(report.card_ids), 'card')}, rewrote "
        f"{plural(report.messages_rewritten, 'message')}; audit entry {report.audit_seq}"
        + (f" (rows removed: {removed})" if removed else ""),
        markup=False,
    )
    if report.matched:  # the spellings found, as written (control characters escaped)
        console.print("matched: " + ", ".join(printable(m) for m in report.matched), markup=False)
    if report.receipt is None:
        console.print(report.receipt_note, markup=False)
    elif receipt_out is not None:
        receipt = report.receipt.encode("utf-8")  # byte for byte as signed
        write_atomic(receipt_out, lambda tmp: Path(tmp).write_bytes(receipt))
        console.print(f"receipt: {receipt_out}", markup=False)
    else:
        console.print(
            f"receipt kept: autogen-zettel audit receipt export {tenant} --seq {report.audit_seq}",
            markup=False,
        )


@click.command()
@click.argument("tenant")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["json", "graphml", "vault"]),
    default="json",
    show_default=True,
    help="json (cards, links, conflicts), graphml (Gephi) or vault (an Obsidian-style folder of "
    "Markdown notes, one per card, with [[links]]).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(path_type=Path),
    default=None,
    help="Write here (default: print JSON; GraphML needs a file, vault a folder).",
)
@click.option(
    "--overwrite", is_flag=True, help="vault: replace the notes of an earlier export in that folder."
)
@click.pass_obj
def export(obj: Context, tenant, fmt, output, overwrite):
    """Export TENANT's cards, links and conflicts as JSON, as GraphML for Gephi, or as a
    Markdown vault (Obsidian, Logseq, any editor): one note per card, front matter, [[links]].

    Example: autogen-zettel export alice --format graphml -o alice.graphml

    Example: autogen-zettel export alice --format vault -o alice-vault
    """
    import networkx as nx

    if fmt in ("graphml", "vault") and output is None:
        where = f"{tenant}.graphml" if fmt == "graphml" else f"{tenant}-vault"
        raise click.UsageError(f"{fmt} needs {'a file' if fmt == 'graphml' else 'a folder'}: add -o {where}")
    if fmt == "vault":
        from autogen_zettel.research.vault import write_vault

        writable_folder(output, what="vault folder")
        with obj.reading_hub(tenant) as hub:  # a copy while a running agent holds the folder
            written = write_vault(open_tenant(hub, tenant), output, overwrite=overwrite)
        console.print(
            f"wrote {plural(written, 'note')} of {tenant} to {output}/ (open the folder as a vault)",
            markup=False,
        )
        return
    if output is not None:
        writable_file(output, what="export file")
    with obj.reading_hub(tenant) as hub:  # a copy while a running agent holds the folder
        mem = open_tenant(hub, tenant)
        if fmt == "graphml":
            G = mem.archive.export_graph()
            write_atomic(output, lambda tmp: nx.write_graphml(G, tmp))
            traits = sum(1 for _, kind in G.nodes(data="kind") if kind == "trait")
            evidence = sum(1 for *_, kind in G.edges(data="kind") if kind in ("REINFORCES", "WEAKENS"))
            console.print(
                f"wrote {G.number_of_nodes() - traits} cards, {G.number_of_edges() - evidence} links, "
                f"{traits} trait nodes and {evidence} evidence edges to {output}"
            )
            return
        data = json.dumps(mem.export(), indent=2, ensure_ascii=False, default=str)
    if output:
        write_atomic(output, lambda tmp: Path(tmp).write_text(data, encoding="utf-8"))
        console.print(f"wrote {output}")
    else:
        click.echo(safe_json(json.loads(data)))


@click.command()
@click.argument("tenant")
@click.option("--at", "at", default=None, help="Run as of this ISO time (default: now).")
@click.option(
    "--step",
    "steps",
    multiple=True,
    type=click.Choice(["decay", "merge", "prune", "summaries", "conflicts"]),
    help="Run only these steps (repeatable; default: all).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_obj
def maintain(obj: Context, tenant, at, steps, as_json):
    """Run maintenance on TENANT (decay and archive, merge, prune, summaries, conflicts) and
    print what changed.

    Example: autogen-zettel maintain alice --at 2024-09-01T00:00
    """
    with obj.hub() as hub:
        kwargs = {"steps": steps} if steps else {}
        report = open_tenant(hub, tenant).maintain(at=_at(at), **kwargs)
    d = report.to_dict()
    if as_json:
        click.echo(json.dumps(d, indent=2))
        return
    reasons = ", ".join(f"{n} by {why}" for why, n in sorted(d["archived_by_reason"].items()))
    table = Table(
        title=f"maintenance of {tenant} as of {d['at'][:19].replace('T', ' ')}",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
    )
    for col in ("step", "changed", "detail", "seconds"):
        table.add_column(col, justify="right" if col in ("changed", "seconds") else "left")
    secs = d["seconds"]
    rows = [
        ("decay", f"{d['archived']} archived", reasons, "decay"),
        ("merge", f"{d['cards_absorbed']} merged", f"into {plural(d['merged_clusters'], 'card')}", "merge"),
        ("prune", f"{d['pruned_links']} links", "weak links removed", "prune"),
        ("summaries", f"{d['summaries']} new", "summary cards", "summaries"),
        (
            "conflicts",
            f"{d['conflicts']} re-weighed",
            f"{d['to_verify']} to verify, {d['reactivated']} reactivated",
            "conflicts",
        ),
    ]
    for step, changed, detail, key in rows:
        if key in secs or not secs:
            table.add_row(step, changed, detail, f"{secs.get(key, 0):.3f}")
    console.print(table)


@click.command()
@click.argument("tenant")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (ids and text of both versions).")
@click.pass_obj
def conflicts(obj: Context, tenant, as_json):
    """List TENANT's conflicting memories, which version is in force, and what to ask.

    Example: autogen-zettel conflicts alice --json
    """
    with obj.hub() as hub:
        mem = open_tenant(hub, tenant)
        found = mem.archive.conflicts()
        contents = {c.id: c.content for c in mem.find()}
    if as_json:
        click.echo(
            safe_json(
                [
                    {
                        "topic": c.topic,
                        "subject": c.subject,
                        "resolution": c.resolution,
                        "active_id": c.active_id,
                        "active_content": contents.get(c.active_id),
                        "other_id": c.other_id,
                        "other_content": c.other_content,
                        "question": c.question,
                        "weights": list(c.weights),
                        "detected_at": c.detected_at.isoformat(),
                    }
                    for c in found
                ]
            )
        )
        return
    if not found:
        console.print(f"no conflicts in {tenant}")
    for c in found:
        active = escape(contents.get(c.active_id, c.active_id))
        console.print(
            f"[bold]{escape(c.topic)}[/] ({c.resolution}, {c.weights[0]:.2f} vs {c.weights[1]:.2f}): "
            f"in force “{active}”; other “{escape(c.other_content)}”"
        )
        if c.question:
            console.print(f"  ask: {c.question}", markup=False)


@click.group()
def audit():
    """The append-only, hash-chained audit log of what was forgotten or changed."""


@audit.command("verify")
@click.argument("tenant")
@click.pass_obj
def audit_verify(obj: Context, tenant):
    """Check TENANT's audit hash chain; exit code 1 and the bad entries when it was tampered with.

    Example: autogen-zettel audit verify alice
    """
    with obj.hub() as hub:
        report = hub.verify_audit(known_tenant(hub, tenant, audited=True))
    if report.ok:
        how = "keyed" if report.keyed else "links only: the tenant was dropped with its key"
        console.print(
            f"audit log of {tenant}: {report.entries} entries, chain intact ({how}); head {report.head}"
        )
        return
    for p in report.problems:
        console.print(f"[red]{escape(p)}[/]")
    raise click.ClickException(f"audit log of {tenant} was tampered with ({len(report.problems)} problems)")


@audit.command("show")
@click.argument("tenant")
@click.pass_obj
def audit_show(obj: Context, tenant):
    """Print TENANT's audit entries (ids, counts and hashes; never forgotten text).

    Example: autogen-zettel audit show alice
    """
    with obj.hub() as hub:
        entries = hub.audit_log(known_tenant(hub, tenant, audited=True)).entries()
    for e in entries:
        # the whole detail, never cut mid-value; long id lists wrap on the terminal
        console.print(
            f"{e.seq:>4} {str(e.at)[:19]} {e.action:<15} hash {e.hash[:16]}", markup=False, highlight=False
        )
        console.print(f"     {json.dumps(e.detail, ensure_ascii=False)}", markup=False, highlight=False)


audit.add_command(receipt)

COMMANDS = [cards, explain, edit, freeze, thaw, forget, export, maintain, conflicts, audit]
