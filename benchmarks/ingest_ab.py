"""remember_many against the bare embedder on an already filled tenant, for A/B runs of two
versions of the code on copies of one folder (#26).

``python -m benchmarks.ingest_ab DIR [turns=1280] [reps=2]`` opens the tenant the scale bench
filled (``scale``), lets the first write load what a running agent holds (the dense copy, sorted
into cells when large) through a cached round, then ``reps`` times: one ``remember_many(batch=256)``
of ``turns`` new turns with the real embedder (caches emptied first, as the scale bench does),
then the bare embedder over the same texts in batches of 256. It prints each pass's turns/s,
texts/s and their ratio. Run it alternately from two work trees on two copies (``cp -a``) of the
folder: the machine's load then falls on both sides alike.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from autogen_zettel.cards.atoms import embed_text
from autogen_zettel.cli.common import Context
from autogen_zettel.embed.encode_cache import unwrap
from autogen_zettel.memory.tenant import tenant_parts
from benchmarks.fill import RepeatCache, forget_kept_texts, replay_round
from benchmarks.locomo import every_turn, load_locomo

__all__ = ["run_ab"]

DATA = Path(__file__).resolve().parents[1].parent / "shared/data/locomo/dev.json"


def run_ab(
    folder: str, *, turns: int = 1280, reps: int = 2, tenant: str = "scale"
) -> list[tuple[float, float]]:
    base = every_turn(load_locomo(DATA))[:turns]
    hub = Context(folder, None, None).hub(create=True)
    mem = hub.tenant(tenant)
    emb = hub.embedder
    rnd = 2000 + int(time.time()) % 1000  # rounds no earlier run wrote
    hub.embedder = RepeatCache(unwrap(emb))
    mem.remember_many(replay_round(base[:512], rnd, round_days=365), batch=256)
    hub.embedder = emb
    out = []
    for r in range(reps):
        chunk = replay_round(base, rnd + 1 + r, round_days=365)
        clear = getattr(emb, "clear", None)
        if clear is not None:
            clear()
        forget_kept_texts()
        t0 = time.perf_counter()
        mem.remember_many(chunk, batch=256)
        many = len(chunk) / (time.perf_counter() - t0)
        texts = [embed_text(t.speaker, t.text) for t in chunk]
        bare_s, bare = 0.0, unwrap(emb)
        for start in range(0, len(texts), 256):
            t0 = time.perf_counter()
            bare.encode(texts[start : start + 256])
            bare_s += time.perf_counter() - t0
        out.append((many, len(texts) / bare_s))
        print(
            f"{tenant_parts(mem).db.count():,} cards: remember_many {many:.0f} turns/s, bare {out[-1][1]:.0f} texts/s, {many / out[-1][1]:.2f}x"
        )
    mem.flush()
    hub.close()
    return out


if __name__ == "__main__":
    extra = dict(a.split("=", 1) for a in sys.argv[2:])
    run_ab(sys.argv[1], turns=int(extra.get("turns", 1280)), reps=int(extra.get("reps", 2)))
