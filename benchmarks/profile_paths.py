"""Where the time of the hot paths goes: cProfile of live recall and of the write path on a
tenant the scale benchmark filled (``python -m benchmarks --data-dir D scale ...`` first).

Not a benchmark figure: a tool to find work to remove. ``python -m benchmarks.profile_paths
recall D`` profiles live recalls (touch on, the encode cache emptied before each, as the scale
bench times them); ``write D`` profiles ``remember_many`` over replayed turns with every vector
already cached, so what is left is the write path alone (its CPU per turn is printed).
"""

from __future__ import annotations

import cProfile
import io
import pstats
import sys
import time
from pathlib import Path

from autogen_zettel.cli.common import Context
from autogen_zettel.embed.encode_cache import unwrap
from autogen_zettel.memory.tenant import tenant_parts
from benchmarks.fill import RepeatCache, forget_kept_texts, remember_turn, replay_round
from benchmarks.locomo import every_turn, load_locomo

__all__ = ["profile_chat", "profile_recall", "profile_write"]

DATA = Path(__file__).resolve().parents[1].parent / "shared/data/locomo/dev.json"


def _show(prof: cProfile.Profile, n: int = 45) -> None:
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.sort_stats("cumulative").print_stats(n)
    stats.sort_stats("tottime").print_stats(n)
    sys.stdout.write(out.getvalue())


def profile_recall(
    folder: str,
    *,
    queries: int = 200,
    tenant: str = "scale",
    k: int = 10,
    touch: bool = True,
    cold: bool = True,
) -> None:
    convs = load_locomo(DATA)
    questions = [q.text for c in convs for q in c.questions]
    hub = Context(folder, None, None).hub(create=True)
    mem = hub.tenant(tenant)
    mem.recall("warm up", k=k, touch=False)
    tenant_parts(mem).neighbours.wait_loaded(timeout=120)
    for q in questions[:20]:
        mem.recall(q, k=k, touch=touch)
    clear = getattr(hub.embedder, "clear", None)
    prof = cProfile.Profile()
    wall = cpu = 0.0
    for i in range(queries):
        if cold and clear is not None:
            clear()
        t0, c0 = time.perf_counter(), time.process_time()
        prof.enable()
        mem.recall(questions[i % len(questions)], k=k, touch=touch)
        prof.disable()
        wall += time.perf_counter() - t0
        cpu += time.process_time() - c0
    mem.flush()
    hub.close()
    _show(prof)
    print(
        f"{queries} recalls: {1000 * wall / queries:.2f} ms wall, {1000 * cpu / queries:.2f} ms CPU each (profiled)"
    )


def profile_write(
    folder: str, *, turns: int = 2560, batch: int = 256, tenant: str = "scale", profile: bool = True
) -> None:
    convs = load_locomo(DATA)
    base = every_turn(convs)
    hub = Context(folder, None, None).hub(create=True)
    mem = hub.tenant(tenant)
    emb = hub.embedder
    cache = RepeatCache(unwrap(emb))
    rnd = 1000 + int(time.time()) % 1000  # rounds no earlier run wrote
    # the cards' texts (dates anchored, "I" named) differ from the turns': the same turns of an
    # earlier round fill the cache with them, so the timed pass finds nearly every vector there
    turns = min(turns, len(base))
    hub.embedder = cache
    mem.remember_many(replay_round(base[:turns], rnd, round_days=365), batch=batch)
    chunk = replay_round(base[:turns], rnd + 1, round_days=365)
    before = cache.misses
    forget_kept_texts()  # the timed round repeats the first one's texts: nothing kept
    prof = cProfile.Profile()
    t0, c0 = time.perf_counter(), time.process_time()
    if profile:
        prof.enable()
    mem.remember_many(chunk, batch=batch)
    if profile:
        prof.disable()
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    hub.embedder = emb
    mem.flush()
    hub.close()
    if profile:
        _show(prof)
    print(
        f"{turns} turns: {1000 * wall / turns:.2f} ms wall, {1000 * cpu / turns:.2f} ms CPU per turn "
        f"({cache.misses - before} texts encoded beyond the cache)"
    )


def profile_chat(folder: str, *, agents: int = 8, messages: int = 200, warm: int = 20) -> None:
    """The group chat's capture: every listener remembers every turn (``bench groupchat``'s N side)."""
    import shutil

    from autogen_zettel.memory.hub import MemoryHub

    turns = every_turn(load_locomo(DATA))[: warm + messages]
    shutil.rmtree(folder, ignore_errors=True)
    hub = MemoryHub.open(folder, config=Context(folder, None, None).config())
    mems = [hub.tenant(f"agent-{i}") for i in range(agents)]
    prof = cProfile.Profile()
    wall = cpu = 0.0
    for n, t in enumerate(turns):
        timed = n >= warm
        t0, c0 = time.perf_counter(), time.process_time()
        if timed:
            prof.enable()
        for mem in mems:
            remember_turn(mem, t)
        if timed:
            prof.disable()
            wall += time.perf_counter() - t0
            cpu += time.process_time() - c0
    hub.close()
    _show(prof)
    print(
        f"{agents} listeners, {messages} messages: {1000 * wall / messages:.2f} ms wall, "
        f"{1000 * cpu / messages:.2f} ms CPU per message (profiled)"
    )


if __name__ == "__main__":
    what, folder = sys.argv[1], sys.argv[2]
    extra = dict(a.split("=", 1) for a in sys.argv[3:])
    if what == "recall":
        profile_recall(
            folder,
            queries=int(extra.get("queries", 200)),
            touch=extra.get("touch", "1") == "1",
            cold=extra.get("cold", "1") == "1",
        )
    elif what == "chat":
        profile_chat(folder, agents=int(extra.get("agents", 8)))
    else:
        profile_write(folder, turns=int(extra.get("turns", 2560)), profile=extra.get("profile", "1") == "1")
