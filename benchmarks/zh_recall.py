"""Chinese recall set: paraphrased Chinese and English questions over a Chinese group chat.

The chat (four people, six days) and its questions live in ``benchmarks/data/zh_group.json``
in LoCoMo's layout, built from the hand-written ``zh_group.txt`` by
:mod:`benchmarks.zh_group_build`. Every question carries its language (``lang``), its
character overlap with the answering message(s) (``overlap``: Han characters shared / Han
characters of the question) and its ``split``: ``held`` when the SHA-1 of its text is 0 mod 4,
else ``tune``. The split was fixed before anything was measured; tune on ``tune`` only and
report ``held``.

A question counts as answered when any of its evidence message ids is among the first
:data:`TOP` places of a method's ranking. Methods: character-bigram BM25 and flat dense search
over the raw messages ("speaker: text", as :func:`benchmarks.locomo.flat_rankings` ranks LoCoMo
turns, with their hybrid), and the library's own ``recall`` on a real tenant holding the chat,
its hits mapped back to message ids through the cards' source ids.

Example::

    HF_HUB_OFFLINE=1 python -m benchmarks.zh_recall --split tune
    HF_HUB_OFFLINE=1 python -m benchmarks.zh_recall --split held --embedder multilingual-e5-small
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import re
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from autogen_zettel.text.script import HAN as _HAN

__all__ = [
    "DATA",
    "SPLITS",
    "TOP",
    "ZhQuestion",
    "han",
    "language_of",
    "overlap",
    "split_of",
    "load_set",
    "run",
]

log = logging.getLogger(__name__)

DATA = Path(__file__).parent / "data" / "zh_group.json"
TOP = 3
SPLITS = ("tune", "held", "all")
LANGS = ("zh", "en")
MEMORY = "zettel recall"


def han(text: str) -> set[str]:
    """The distinct Han characters of ``text``.

    >>> sorted(han("Where does 刘洋's wife work?"))
    ['刘', '洋']
    """
    return set(_HAN.findall(text))


def language_of(text: str) -> str:
    """``zh`` when Han characters are at least as many as Latin letters in ``text``, else ``en``
    (what language an answer's messages are in)."""
    return "zh" if len(_HAN.findall(text)) >= len(re.findall(r"[A-Za-z]", text)) else "en"


def overlap(question: str, evidence_texts: Iterable[str]) -> float:
    """Share of the question's distinct Han characters that occur in its evidence messages
    (0 for a question without Han characters).

    >>> overlap("刘洋的太太在哪儿上班？", ["我老婆在市一医院当护士，三班倒。"])
    0.222
    """
    q = han(question)
    if not q:
        return 0.0
    seen: set[str] = set()
    for t in evidence_texts:
        seen |= han(t)
    return round(len(q & seen) / len(q), 3)


def split_of(question: str) -> str:
    """``held`` for a question whose UTF-8 SHA-1 is 0 mod 4, else ``tune``: fixed by the text
    alone, so adding questions never moves an existing one between the parts."""
    digest = hashlib.sha1(question.encode("utf-8")).hexdigest()
    return "held" if int(digest, 16) % 4 == 0 else "tune"


@dataclass(frozen=True)
class ZhQuestion:
    text: str
    answer: str
    evidence: tuple[str, ...]
    category: int
    lang: str
    split: str
    overlap: float


def load_set(path: str | Path = DATA, split: str = "all"):
    """The chat as a :class:`benchmarks.locomo.Conversation` (turns only) and the questions of
    ``split`` (``tune``, ``held`` or ``all``)."""
    from autogen_zettel.base.errors import ConfigError
    from benchmarks.locomo import load_locomo

    if split not in SPLITS:
        raise ConfigError(f"split must be one of {SPLITS}, got {split!r}")
    (conv,) = load_locomo(path)
    record = json.loads(Path(path).read_text(encoding="utf-8"))[0]
    qs = [
        ZhQuestion(
            text=q["question"],
            answer=str(q["answer"]),
            evidence=tuple(q["evidence"]),
            category=int(q["category"]),
            lang=q["lang"],
            split=q["split"],
            overlap=float(q["overlap"]),
        )
        for q in record["qa"]
    ]
    if split != "all":
        qs = [q for q in qs if q.split == split]
    return conv, qs


def _answered(places: Sequence[Sequence[str]], evidence: Sequence[str]) -> bool:
    return any(e in ids for ids in places[:TOP] for e in evidence)


def run(
    split: str = "all",
    embedder: str = "e5+minilm",
    path: str | Path = DATA,
    tuning: dict | None = None,
    mix: str | Path | None = None,
) -> dict:
    """Measure every method on the questions of ``split``; returns the figures and the misses.

    :param tuning: ``recall.tuning`` values to recall with instead of the library's defaults
    :param mix: a LoCoMo-format file whose first conversation is remembered in the same tenant
        first (its turns moved to end the day before the chat begins): English memories that
        compete with the Chinese ones, as in a bilingual team's memory"""
    from autogen_zettel.base.config import EmbeddingConfig, MemoryConfig, ThreadsConfig
    from autogen_zettel.memory.hub import MemoryHub
    from benchmarks.locomo import Conversation, Question, flat_rankings, hit_places

    conv, qs = load_set(path, split)
    if mix:
        conv = _mixed(conv, mix)
    config = MemoryConfig(
        embedding=EmbeddingConfig(model=embedder), threads=ThreadsConfig(limit=1, batch=1, workers=1)
    )
    if tuning:
        recall = config.recall
        tuned = recall.tuning.model_validate({**recall.tuning.model_dump(), **tuning})
        config = config.model_copy(update={"recall": recall.model_copy(update={"tuning": tuned})})
    ranked: dict[str, list[list[tuple[str, ...]]]] = {}
    with MemoryHub.open(memory=True, config=config) as hub:
        asked = Conversation(
            conv.sample_id, conv.turns, tuple(Question(q.text, q.evidence, q.category) for q in qs)
        )
        for method, rows in flat_rankings(asked, hub.embedder, k=TOP).items():
            ranked[method] = [[(i,) for i in row] for row in rows]
        mem = hub.tenant("zh_group")
        t0 = time.perf_counter()
        mem.remember_many(conv.turns)
        ingest_s = time.perf_counter() - t0
        last = max(t.at for t in conv.turns)
        ranked[MEMORY] = []
        latencies = []
        for q in qs:
            t0 = time.perf_counter()
            hits = mem.recall(q.text, k=10, at=last, touch=False)
            latencies.append(1000 * (time.perf_counter() - t0))
            ranked[MEMORY].append(hit_places(hits))
        stats = mem.stats()
    methods = [MEMORY, *(m for m in ranked if m != MEMORY)]
    out: dict = {
        "split": split,
        "embedder": embedder,
        "tuning": tuning or {},
        "top": TOP,
        "messages": len(conv.turns),
        "cards": stats["cards"],
        "ingest_s": round(ingest_s, 2),
        "recall_ms_p50": round(sorted(latencies)[len(latencies) // 2], 1) if latencies else None,
        "results": {},
        "misses": {},
    }
    said = {t.message_id: t.text for t in conv.turns}
    answer_lang = [language_of(" ".join(said[e] for e in q.evidence)) for q in qs]
    out["pairs"] = {}
    for pair in sorted({(q.lang, a) for q, a in zip(qs, answer_lang)}):
        idx = [i for i, q in enumerate(qs) if (q.lang, answer_lang[i]) == pair]
        out["pairs"][f"{pair[0]}->{pair[1]}"] = {"questions": len(idx)} | {
            m: sum(_answered(ranked[m][i], qs[i].evidence) for i in idx) for m in methods
        }
    for lang in LANGS:
        idx = [i for i, q in enumerate(qs) if q.lang == lang]
        out["results"][lang] = {"questions": len(idx)}
        for m in methods:
            ok = [i for i in idx if _answered(ranked[m][i], qs[i].evidence)]
            out["results"][lang][m] = len(ok)
            if split == "tune":  # the held part's questions stay unseen
                out["misses"].setdefault(m, []).extend(qs[i].text for i in idx if i not in set(ok))
    return out


def _mixed(conv, path: str | Path):
    """``conv`` with the first conversation of the LoCoMo file ``path`` before it (see :func:`run`)."""
    from dataclasses import replace
    from datetime import timedelta

    from benchmarks.locomo import load_locomo

    other = load_locomo(path)[0]
    shift = (min(t.at for t in conv.turns) - timedelta(days=1)) - max(t.at for t in other.turns)

    def moved(t):  # its own ids: the chat's "D1:3" must not answer for an English turn
        return replace(
            t,
            at=t.at + shift,
            message_id=t.message_id and f"mix-{t.message_id}",
            session_id=t.session_id and f"mix-{t.session_id}",
            reply_to=t.reply_to and f"mix-{t.reply_to}",
        )

    before = tuple(moved(t) for t in other.turns)
    return replace(conv, turns=before + tuple(conv.turns))


def _print(result: dict, show_misses: bool) -> None:
    res = result["results"]
    methods = [k for k in res["zh"] if k != "questions"]
    print(
        f"Chinese recall set, split {result['split']!r}, embedder {result['embedder']!r}: "
        f"answer message among the first {result['top']} hits"
    )
    print(
        f"{'method':<16}"
        + "".join(f"{lang + ' (' + str(res[lang]['questions']) + ')':>16}" for lang in LANGS)
    )
    for m in methods:
        cells = []
        for lang in LANGS:
            n = res[lang]["questions"]
            cells.append(f"{res[lang][m]:>4}/{n:<3} {100 * res[lang][m] / n if n else float('nan'):5.1f}%")
        print(f"{m:<16}" + "".join(f"{c:>16}" for c in cells))
    pairs = result.get("pairs", {})
    if len(pairs) > 1:  # the same counts by question language -> answer language
        print(
            f"{'question->answer':<16}"
            + "".join(f"{p + ' (' + str(c['questions']) + ')':>16}" for p, c in pairs.items())
        )
        for m in methods:
            print(f"{m:<16}" + "".join(f"{c[m]:>4}/{c['questions']:<11}" for c in pairs.values()))
    print(
        f"{result['messages']} messages -> {result['cards']} cards in {result['ingest_s']} s; "
        f"recall p50 {result['recall_ms_p50']} ms (rough: shared, loaded machine)"
    )
    if show_misses:
        for m, texts in result["misses"].items():
            print(f"\nmissed by {m} ({len(texts)}):")
            for t in texts:
                print(f"  {t}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.zh_recall", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--split", choices=SPLITS, default="tune")
    parser.add_argument(
        "--embedder",
        default="e5+minilm",
        help="a model name make_embedder accepts (embedding.model of the config): e5+minilm (the "
        "library's default), e5 (multilingual-e5-small alone), minilm, BAAI/bge-m3, a model folder",
    )
    parser.add_argument(
        "--tuning",
        default="",
        help="JSON of recall.tuning values to recall with, e.g. '{\"unspaced_dense_weight\": 0.9}'",
    )
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument(
        "--mix",
        type=Path,
        help="a LoCoMo-format file: its first (English) conversation shares the tenant with the chat",
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument(
        "--misses", action="store_true", help="list the missed questions (tune split only: held stays unseen)"
    )
    args = parser.parse_args(argv)
    if args.misses and args.split != "tune":
        parser.error("--misses lists questions to tune on; use it with --split tune only")
    logging.basicConfig(level=logging.WARNING)
    result = run(
        args.split, args.embedder, args.data, json.loads(args.tuning) if args.tuning else None, args.mix
    )
    _print(result, args.misses)
    if args.json:
        args.json.write_text(json.dumps(result, ensure_ascii=False, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
