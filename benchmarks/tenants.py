"""Many tenants in one process: a hub with N agents, one remember and one recall each, then the
same hub reopened and each agent recalling once. Reports time, RSS and the process's open
files and threads, which are what limit the number of tenants (see README, "Scale").
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta

from benchmarks.scale import folder_bytes, peak_rss_mb

__all__ = ["TenantsResult", "run_tenants"]

_LINES = [
    "I moved to Lisbon in May and started learning to surf.",
    "My sister Ana runs a bakery near the river.",
    "I prefer short answers with an example first.",
    "Next week I present the quarterly report to the board.",
]


@dataclass(frozen=True)
class TenantsResult:
    agents: int
    first_pass_s: float  # create every tenant, one remember and one recall each
    first_pass_ms_per_agent: float
    reopen_s: float  # open the hub again and every tenant (reconcile included)
    recall_pass_s: float  # one recall each after reopening
    rss_mb_after_first: float
    rss_mb_after_reopen: float
    peak_rss_mb: float
    open_files: int  # file descriptors of the process with every tenant open
    threads: int  # threads of the process with every tenant open
    disk_mb: float
    engine: str
    open_file_limit: int  # ulimit -n of the process
    recalled: int  # tenants whose recall after reopening returned their own card
    max_open_files: int  # the most file descriptors seen during the run

    def to_dict(self) -> dict:
        return asdict(self)


def _status(field: str) -> int:
    try:
        for line in open("/proc/self/status"):
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return -1


def _open_files() -> int:
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return -1


def run_tenants(
    open_hub: Callable[[], object], *, agents: int = 1000, say: Callable[[str], None] = lambda line: None
) -> TenantsResult:
    """Open ``agents`` tenants in one hub, one remember and one recall each, then reopen."""
    names = [f"agent-{i:04d}" for i in range(agents)]
    t0_at = datetime(2024, 1, 1, 9, 0)
    from autogen_zettel.store.handles import open_file_limit

    hub = open_hub()
    most = _open_files()
    start = time.perf_counter()
    for i, name in enumerate(names):
        mem = hub.tenant(name)
        mem.remember(
            _LINES[i % len(_LINES)],
            speaker=name,
            message_id=f"{name}-m1",
            session_id="s1",
            at=t0_at + timedelta(minutes=i),
        )
        mem.recall("where does this agent live and what does it prefer?", k=5)
        if (i + 1) % 100 == 0:
            most = max(most, _open_files())
            say(
                f"  {i + 1} / {agents} tenants: {time.perf_counter() - start:.1f} s, RSS {_status('VmRSS') / 1024:.0f} MB, "
                f"{_open_files()} open files"
            )
    first = time.perf_counter() - start
    rss_first = _status("VmRSS") / 1024
    engine = getattr(hub.vectors, "engine", "?")
    hub.close()
    say(f"{agents} tenants made in {first:.1f} s; reopening")
    start = time.perf_counter()
    hub = open_hub()
    mems = [hub.tenant(name) for name in names]
    reopen = time.perf_counter() - start
    start = time.perf_counter()
    recalled = 0
    for i, mem in enumerate(mems):
        hits = mem.recall(_LINES[i % len(_LINES)], k=5, touch=False)  # its own line: its card comes back
        recalled += any(f"{names[i]}-m1" in h.card.source_ids for h in hits)
        if (i + 1) % 100 == 0:
            most = max(most, _open_files())
    recall_pass = time.perf_counter() - start
    files, threads = _open_files(), _status("Threads")
    result = TenantsResult(
        agents=agents,
        first_pass_s=first,
        first_pass_ms_per_agent=1000 * first / max(1, agents),
        reopen_s=reopen,
        recall_pass_s=recall_pass,
        rss_mb_after_first=rss_first,
        rss_mb_after_reopen=_status("VmRSS") / 1024,
        peak_rss_mb=peak_rss_mb(),
        open_files=files,
        threads=threads,
        disk_mb=folder_bytes(hub.data_dir) / 2**20 if hub.data_dir else float("nan"),
        engine=engine,
        open_file_limit=open_file_limit(),
        recalled=recalled,
        max_open_files=max(most, files),
    )
    hub.close()
    return result
