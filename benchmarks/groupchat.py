"""Group chat benchmark: N agents of one hub listen to the same conversation.

Every message of a group chat is captured by every listening agent, each into its own tenant.
LoCoMo turns are replayed as the chat; each message is remembered by each listener in turn, as
a chat's capture does (``remember``, one message a call). Measured in one run, on fresh hubs:

- capture cost per message with 1 listener and with N (the same messages, alternating message by
  message between two hubs so both see the same machine load): the hub's encode cache
  (``embedding.cache_mb``) should make N listeners cost about one encode plus N write paths;
- recall p50/p95 of every agent while the others write: a writer thread captures the messages
  for every agent while the main thread has the agents recall in turn (live, ``touch=True``, the
  query being the last messages of the chat, as an agent's is).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from benchmarks.fill import remember_turn
from benchmarks.scale import peak_rss_mb

__all__ = ["GroupChatResult", "run_groupchat"]


@dataclass(frozen=True)
class GroupChatResult:
    agents: int
    messages: int
    one_ms_per_message: float  # capture by 1 listener
    many_ms_per_message: float  # capture by every one of ``agents`` listeners
    encodes_one: int  # texts the embedder encoded, 1 listener
    encodes_many: int  # texts the embedder encoded, N listeners (the cache's misses)
    recall_ms_p50: float  # every agent's recalls while the others write
    recall_ms_p95: float
    recalls: int
    peak_rss_mb: float

    @property
    def ratio(self) -> float:
        return self.many_ms_per_message / self.one_ms_per_message if self.one_ms_per_message else float("nan")

    def to_dict(self) -> dict:
        return {**asdict(self), "ratio": self.ratio}


def _capture(hub, names: Sequence[str], turns) -> float:
    """Every listener remembers every turn, message by message; returns the seconds it took."""
    mems = [hub.tenant(n) for n in names]
    start = time.perf_counter()
    for t in turns:
        for mem in mems:
            remember_turn(mem, t)
    return time.perf_counter() - start


def _misses(hub) -> int:
    stats = getattr(hub.embedder, "stats", None)
    return stats()["misses"] if stats is not None else -1


def run_groupchat(
    open_hub: Callable[[Path], object],
    data: str | Path,
    root: Path,
    *,
    agents: int = 8,
    messages: int = 200,
    warm: int = 20,
    say: Callable[[str], None] = lambda line: None,
) -> GroupChatResult:
    """Replay ``messages`` LoCoMo turns into a chat of 1 and of ``agents`` listeners.

    :param open_hub: opens a hub on the folder it is given (each measure gets a fresh one)
    :param warm: turns remembered first by every listener, untimed (model load, first shards)
    """
    from benchmarks.locomo import every_turn, load_locomo

    convs = load_locomo(data)
    turns = every_turn(convs)[: warm + messages]
    head, timed = turns[:warm], turns[warm:]
    names = [f"agent-{i}" for i in range(agents)]
    # 1 and N listeners alternate message by message, each in a hub of its own, so both see the
    # same load of a shared machine
    hubs = {n: open_hub(root / f"listeners-{n}") for n in (1, agents)}
    seconds = {1: 0.0, agents: 0.0}
    before = {}
    for n, hub in hubs.items():
        _capture(hub, names[:n], head)
        before[n] = _misses(hub)
    for t in timed:
        for n, hub in hubs.items():
            seconds[n] += _capture(hub, names[:n], [t])
    per_message = {n: 1000 * seconds[n] / len(timed) for n in hubs}
    encodes = {n: _misses(hub) - before[n] for n, hub in hubs.items()}
    for n, hub in hubs.items():
        say(f"{n} listener(s): {per_message[n]:.1f} ms per message, {encodes[n]} texts encoded")
        hub.close()
    # recall while the others write: a writer thread captures for every agent, the main thread
    # has each agent recall in turn from the last three messages it has seen
    hub = open_hub(root / "recall")
    _capture(hub, names, head)
    mems = [hub.tenant(n) for n in names]
    seen: list[str] = [t.text for t in head]
    writing = threading.Event()
    writing.set()

    def write() -> None:
        try:
            for t in timed:
                for mem in mems:
                    remember_turn(mem, t)
                seen.append(t.text)
        finally:
            writing.clear()

    writer = threading.Thread(target=write, name="groupchat-writer")
    writer.start()
    latencies: list[float] = []
    i = 0
    while writing.is_set():
        mem = mems[i % len(mems)]
        query = " ".join(seen[-3:])
        t0 = time.perf_counter()
        mem.recall(query, k=10)
        latencies.append(1000 * (time.perf_counter() - t0))
        i += 1
    writer.join()
    hub.flush()
    hub.close()
    result = GroupChatResult(
        agents=agents,
        messages=len(timed),
        one_ms_per_message=per_message[1],
        many_ms_per_message=per_message[agents],
        encodes_one=encodes[1],
        encodes_many=encodes[agents],
        recall_ms_p50=float(np.percentile(latencies, 50)) if latencies else float("nan"),
        recall_ms_p95=float(np.percentile(latencies, 95)) if latencies else float("nan"),
        recalls=len(latencies),
        peak_rss_mb=peak_rss_mb(),
    )
    say(
        f"recall while others write: p50 {result.recall_ms_p50:.1f} / p95 {result.recall_ms_p95:.1f} ms "
        f"over {result.recalls} recalls"
    )
    return result
