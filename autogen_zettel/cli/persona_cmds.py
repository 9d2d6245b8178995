"""The persona command of ``autogen-zettel`` (registered on the main group by cli.py): ``traits``
shows how an agent's character moved, from its tenant's SQLite file alone (no embedder, no
Qdrant, so it is quick and works while the agent runs)."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich import box
from rich.table import Table
from rich.text import Text

from autogen_zettel.cli.common import Context, console, safe_json, writable_file

if TYPE_CHECKING:  # the store loads when a command runs: --help stays fast
    from autogen_zettel.store.persona_tables import PersonaStore

__all__ = ["traits", "persona_report"]


def _iso(value) -> str | None:
    return value.isoformat() if value is not None else None


def persona_report(store: PersonaStore, tenant: str) -> dict:
    """Everything ``traits --json`` prints: current scores, modules, events, trajectories, versions."""
    from autogen_zettel.store.persona_rows import module_summaries

    history = store.history()
    latest = store.latest_states()
    events = store.module_events()
    return {
        "tenant": tenant,
        "traits": [{**asdict(p), "at": _iso(p.at)} for p in sorted(latest.values(), key=lambda p: p.trait)],
        "modules": [{**asdict(m), "since": _iso(m.since)} for m in module_summaries(events)],
        "events": [{**asdict(e), "at": _iso(e.at)} for e in events],
        "history": {
            t: [
                {"at": _iso(p.at), "score": p.score, "long": p.long, "mood": p.mood, "reason": p.reason}
                for p in history
                if p.trait == t
            ]
            for t in sorted(latest)
        },
        "prompt_versions": [{**asdict(v), "at": _iso(v.at)} for v in store.prompt_versions()],
        "profiles": [
            {"version": p.version, "at": _iso(p.at), "text": p.text, "reason": p.reason}
            for p in store.profiles()
        ],
        "evidence": store.evidence_count(),
        "candidates": [
            {k: c.get(k) for k in ("label", "keywords", "size")} for c in store.get_state("candidates") or []
        ],
        # the lifecycle: every candidate kept across sessions, promoted or dropped
        "candidate_book": [
            {
                "label": e.get("label"),
                "status": e.get("status"),
                "trait": e.get("trait"),
                "first_seen": e.get("first_seen"),
                "last_seen": e.get("last_seen"),
                "changed_at": e.get("changed_at"),
                "sizes": [s for _, s in e.get("sightings") or []],
            }
            for e in store.get_state("candidate_book") or []
        ],
    }


def _short(text: str, n: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def _table(title: str, columns: tuple[str, ...], keep: tuple[str, ...]) -> Table:
    """A table that fits 80 columns: no vertical rules; the ``keep`` columns (names, dates,
    numbers) are never wrapped or cut, the others (reasons, layers) wrap onto more lines."""
    table = Table(title=title, box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=False)
    for col in columns:
        if col in keep:
            table.add_column(col, no_wrap=True)
        else:
            table.add_column(col, overflow="fold", ratio=1)
    return table


def _print(report: dict, n_events: int) -> None:
    name = report["tenant"]
    if not report["traits"]:
        console.print(f"{name}: no trait history yet (the persona has not been mined)")
        return
    # fits 80 columns: no vertical rules, short headers, names and dates never cut ("conci…")
    table = Table(
        title=f"traits of {name} ({report['evidence']} evidence edges)",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
    )
    for col in ("trait", "score", "long", "mood", "for", "against", "sess.", "as of"):
        table.add_column(col, justify="left" if col in ("trait", "as of") else "right", no_wrap=True)
    for t in report["traits"]:
        table.add_row(
            t["trait"],
            f"{t['score']:.2f}" + ("*" if t["dissonant"] else ""),
            f"{t['long']:.2f}",
            f"{t['mood']:+.2f}",
            f"{t['support']:.1f}",
            f"{t['against']:.1f}",
            str(t["sessions"]),
            t["at"][:10],
        )
    console.print(table)
    console.print(
        "for/against: decayed evidence weight for and against; * = evidence split "
        "(the agent asks); sess.: sessions the evidence came from",
        style="dim",
    )
    if report["modules"]:
        table = _table(
            f"modules of {name}",
            ("module", "status", "weight", "since", "ev.", "last reason"),
            keep=("module", "status", "weight", "since", "ev."),
        )
        for m in report["modules"]:
            table.add_row(
                m["module"],
                m["status"],
                f"{m['weight']:.2f}",
                m["since"][:16].replace("T", " "),
                str(m["events"]),
                Text(" ".join(m["reason"].split())),
            )
        console.print(table)
    events = report["events"][-n_events:] if n_events else report["events"]
    if events:
        shown = (
            f"last {len(events)} of {len(report['events'])}" if len(events) < len(report["events"]) else "all"
        )
        table = _table(
            f"module events of {name} ({shown})",
            ("when", "module", "event", "weight", "reason"),
            keep=("when", "module", "event", "weight"),
        )
        for e in events:
            table.add_row(
                e["at"][:16].replace("T", " "),
                e["module"],
                e["event"],
                f"{e['weight_before']:.2f} → {e['weight_after']:.2f}",
                Text(e["reason"]),
            )
        console.print(table)
    if report["prompt_versions"]:
        table = _table(
            f"prompt versions of {name}",
            ("v.", "when", "temp.", "reason", "trait layer"),
            keep=("v.", "when", "temp."),
        )
        for v in report["prompt_versions"]:
            temp = "" if v["temperature"] is None else f"{v['temperature']:.2f}"
            table.add_row(
                str(v["version"]),
                v["at"][:10],
                temp,
                Text(" ".join(v["reason"].split())),
                Text(_short(v["traits"], 200)),
            )
        console.print(table)
    if report["candidates"]:
        table = _table(
            f"candidate new traits of {name} (dense memory clusters no trait explains)",
            ("label", "cards", "top keywords"),
            keep=("cards",),
        )
        for c in report["candidates"]:
            table.add_row(Text(c["label"]), str(c["size"]), Text(", ".join(c["keywords"] or ())))
        console.print(table)
    if report.get("candidate_book"):
        table = _table(
            f"candidate traits of {name} across sessions (kept, promoted to a trait, dropped)",
            ("label", "status", "first seen", "last seen", "sizes"),
            keep=("status", "first seen", "last seen"),
        )
        for e in report["candidate_book"]:
            status = e["status"] + (f" -> {e['trait']}" if e["trait"] else "")
            table.add_row(
                Text(e["label"] or ""),
                Text(status),
                (e["first_seen"] or "")[:10],
                (e["last_seen"] or "")[:10],
                " ".join(str(s) for s in e["sizes"]),
            )
        console.print(table)
    if report["prompt_versions"] and report["prompt_versions"][-1]["session"]:
        console.print(report["prompt_versions"][-1]["session"], markup=False)
    if report["profiles"]:
        p = report["profiles"][-1]
        console.print(f"profile version {p['version']} ({p['at'][:10]}, {p['reason']}):")
        console.print(p["text"] or "(empty)", markup=False)


@click.command()
@click.argument("tenants", nargs=-1, required=True)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print JSON (an object for one tenant, a list for several) instead of tables.",
)
@click.option(
    "--plot",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Also draw the trait trajectories to this PNG (one panel per tenant).",
)
@click.option(
    "--events",
    "n_events",
    default=20,
    show_default=True,
    type=click.IntRange(min=0),
    help="Show at most this many of the latest module events (0: all).",
)
@click.pass_obj
def traits(obj: Context, tenants: tuple[str, ...], as_json: bool, plot: Path | None, n_events: int):
    """Show how TENANTS' personas evolved: current trait scores (long-term, mood, evidence for
    and against, dissonance), behaviour modules and their events with reasons, prompt versions
    and the latest profile. Reads the tenants' SQLite files only.

    Example: autogen-zettel --data-dir runs/divergence/memory traits ada ben --plot runs/divergence/traits.png
    """
    if plot is not None:  # before any table prints: a bad path fails first, in one line
        writable_file(plot, what="plot file")
    reports, panels = [], []
    for name in dict.fromkeys(tenants):
        from autogen_zettel.memory.hub import persona_tables

        with persona_tables(obj.data_dir, name) as store:
            reports.append(persona_report(store, name))
            if plot is not None:
                panels.append((name, store.history(), store.module_events()))
    if plot is not None:
        from autogen_zettel.persona.plot import plot_traits

        bounds = tuple(obj.config().persona.bounds)
        plot_traits(
            panels, plot, bounds=bounds, title="Trait trajectories of " + ", ".join(n for n, _, _ in panels)
        )
    if as_json:
        click.echo(safe_json(reports[0] if len(reports) == 1 else reports))
    else:
        for r in reports:
            _print(r, n_events)
    if plot is not None and not as_json:
        console.print(f"wrote {plot}")


COMMANDS = [traits]
