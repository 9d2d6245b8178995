"""Trait trajectories as a PNG: one line per trait score over time, the long-term component
dotted, unlocks and rollbacks of behaviour modules as vertical lines, the region outside the
bounds shaded. One panel per agent, so two agents that started alike can be compared.

matplotlib is an optional dependency (the ``plot`` extra) and is imported only when a plot is
drawn. The figure is rendered with the Agg canvas directly (no pyplot, no global backend
switch), so plotting works headless and from any thread.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from autogen_zettel.base.atomic import write_atomic
from autogen_zettel.base.errors import ConfigError, InvalidInput
from autogen_zettel.store.persona_rows import TraitPoint

__all__ = ["plot_traits", "EVENT_STYLES"]

#: event -> (colour, line style, label) of the vertical line drawn for it; other events are not drawn
EVENT_STYLES = {"unlock": ("tab:green", "--", "unlock"), "rollback": ("tab:red", ":", "rollback")}


def _matplotlib():
    try:
        from matplotlib import dates as mdates
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
        from matplotlib.lines import Line2D
        from matplotlib.patches import Patch
    except ImportError:  # pragma: no cover - the dev and plot extras install it
        raise ConfigError("plotting needs matplotlib: pip install 'autogen-zettel[plot]'") from None
    return mdates, FigureCanvasAgg, Figure, Line2D, Patch


def plot_traits(
    panels: Sequence[tuple[str, Sequence[TraitPoint], Sequence]],
    path: str | Path,
    *,
    bounds: tuple[float, float] = (0.1, 0.9),
    title: str | None = None,
) -> Path:
    """Draw trait trajectories to a PNG file.

    :param panels: per agent: (name, its trait history points, its module events)
    :param path: the PNG to write (its folder must exist)
    :param bounds: the score range a trait is held in; outside it is shaded
    :returns: the path written
    :raises InvalidInput: no panel has any trait history
    """
    if not any(points for _, points, _ in panels):
        names = ", ".join(repr(n) for n, _, _ in panels)
        raise InvalidInput(
            f"no trait history for {names}: the agent has not mined its traits yet "
            "(run it with persona.enabled: true)"
        )
    mdates, FigureCanvasAgg, Figure, Line2D, Patch = _matplotlib()
    traits = sorted({p.trait for _, points, _ in panels for p in points})
    palette = [
        "tab:blue",
        "tab:orange",
        "tab:purple",
        "tab:brown",
        "tab:pink",
        "tab:olive",
        "tab:cyan",
        "tab:gray",
        "navy",
        "darkgoldenrod",
        "teal",
        "crimson",
    ]
    colour = {t: palette[i % len(palette)] for i, t in enumerate(traits)}
    fig = Figure(figsize=(11, 1.2 + 3.4 * len(panels)), dpi=110, layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(len(panels), 1, sharex=True, squeeze=False)[:, 0]
    lo, hi = bounds
    drawn_events: set[str] = set()
    for ax, (name, points, events) in zip(axes, panels):
        ax.axhspan(0.0, lo, color="0.85", zorder=0)
        ax.axhspan(hi, 1.0, color="0.85", zorder=0)
        for trait in traits:
            mine = sorted((p for p in points if p.trait == trait), key=lambda p: p.at)
            if not mine:
                continue
            at = [p.at for p in mine]
            ax.step(at, [p.score for p in mine], where="post", color=colour[trait], lw=1.8)
            ax.step(at, [p.long for p in mine], where="post", color=colour[trait], lw=0.9, ls=":", alpha=0.8)
        for e in sorted(events, key=lambda e: e.at):
            style = EVENT_STYLES.get(e.event)
            if style is None:
                continue
            drawn_events.add(e.event)
            ax.axvline(e.at, color=style[0], ls=style[1], lw=1.2, zorder=1)
            ax.annotate(
                f"{e.module} {style[2]}",
                xy=(e.at, 0.98),
                xycoords=("data", "axes fraction"),
                xytext=(-2, 0),
                textcoords="offset points",
                rotation=90,
                va="top",
                ha="right",
                fontsize=7,
                color=style[0],
            )
        ax.set_ylim(0.0, 1.0)
        ax.set_ylabel("score")
        ax.set_title(name, loc="left", fontsize=10)
        ax.grid(True, axis="y", alpha=0.3)
        locator = mdates.AutoDateLocator()
        ax.xaxis.set_major_locator(locator)
        ax.xaxis.set_major_formatter(mdates.ConciseDateFormatter(locator))
    handles = [Line2D([], [], color=colour[t], lw=1.8, label=t) for t in traits]
    handles.append(Line2D([], [], color="black", lw=0.9, ls=":", label="long-term (dotted)"))
    handles += [
        Line2D([], [], color=EVENT_STYLES[e][0], ls=EVENT_STYLES[e][1], label=EVENT_STYLES[e][2])
        for e in EVENT_STYLES
        if e in drawn_events
    ]
    handles.append(Patch(color="0.85", label=f"outside bounds [{lo:g}, {hi:g}]"))
    fig.legend(handles=handles, loc="outside right upper", fontsize=8, frameon=False)
    fig.suptitle(title or "Trait trajectories", fontsize=11)
    path = Path(path)
    write_atomic(path, lambda tmp: fig.savefig(tmp, format="png"))  # whole, never via a link
    return path
