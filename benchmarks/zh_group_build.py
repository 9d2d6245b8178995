"""Build ``benchmarks/data/zh_group.json`` (LoCoMo's layout) from the hand-written chat in
``benchmarks/data/zh_group.txt``: number the messages ``D<session>:<i>``, resolve each
question's fact tags to those ids, and store per question its language, its character overlap
with its evidence and its deterministic split (:func:`benchmarks.zh_recall.split_of`).
``--source`` builds another chat in the same format beside its text (the bilingual team's,
``bilingual_group.txt``: its speakers are the ones it names, in order of first message).

Example::

    python -m benchmarks.zh_group_build          # rewrites benchmarks/data/zh_group.json
    python -m benchmarks.zh_group_build --check  # fails when the JSON is not what the text gives
    python -m benchmarks.zh_group_build --source benchmarks/data/bilingual_group.txt
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from autogen_zettel.base.errors import ConfigError
from benchmarks.zh_recall import DATA, overlap, split_of

SOURCE = DATA.with_suffix(".txt")
_SESSION = re.compile(r"^== session (\d+) \| (.+)$")
_QUESTION = re.compile(r"^\? (zh|en) (\d) ([\w,]+) \| (.+?) \| (.+)$")
SPEAKERS = ["刘洋", "陈静", "王磊", "赵晓雨"]


def build(source: Path = SOURCE) -> list[dict]:
    """The chat of ``source`` as a one-conversation LoCoMo file (a list of one record)."""
    fixed = source.resolve() == SOURCE.resolve()  # the Chinese chat's four, in their stored order
    conv: dict = {"speakers": list(SPEAKERS) if fixed else []}
    tags: dict[str, list[str]] = {}
    texts: dict[str, str] = {}
    qa: list[dict] = []
    session = 0
    try:
        text = source.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(
            "file not found; give --source a chat in zh_group.txt's format", file=str(source)
        ) from None
    except UnicodeDecodeError as exc:
        raise ConfigError(
            f"not UTF-8 text ({exc.reason} at byte {exc.start}); save it as UTF-8", file=str(source)
        ) from None
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if m := _SESSION.match(line):
            session = int(m.group(1))
            conv[f"session_{session}_date_time"] = m.group(2).strip()
            conv[f"session_{session}"] = []
            continue
        if m := _QUESTION.match(line):
            lang, cat, names, question, answer = m.groups()
            evidence: list[str] = []
            for tag in names.split(","):
                if tag not in tags:
                    raise ConfigError(f"line {n}: unknown fact tag {tag!r}", file=str(source))
                evidence.extend(tags[tag])
            evidence = list(dict.fromkeys(evidence))
            qa.append(
                {
                    "question": question,
                    "answer": answer,
                    "evidence": evidence,
                    "category": int(cat),
                    "lang": lang,
                    "overlap": overlap(question, (texts[e] for e in evidence)),
                    "split": split_of(question),
                }
            )
            continue
        if not session:
            raise ConfigError(f"line {n}: a message before the first session header", file=str(source))
        speaker, _, rest = line.partition(": ")
        if not fixed and rest and speaker and speaker not in conv["speakers"]:
            conv["speakers"].append(speaker)
        if speaker not in conv["speakers"] or not rest:
            raise ConfigError(f"line {n}: expected '<speaker>: <text>', got {line!r}", file=str(source))
        text, *marks = re.split(r"\s+#", rest)
        turns = conv[f"session_{session}"]
        dia_id = f"D{session}:{len(turns) + 1}"
        turns.append({"speaker": speaker, "dia_id": dia_id, "text": text.strip()})
        texts[dia_id] = text.strip()
        for tag in marks:
            tags.setdefault(tag.strip(), []).append(dia_id)
    sample = "zh-group-1" if fixed else f"{source.stem.replace('_', '-')}-1"
    return [{"sample_id": sample, "conversation": conv, "qa": qa}]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.zh_group_build")
    parser.add_argument(
        "--check", action="store_true", help="compare with the stored JSON instead of writing"
    )
    parser.add_argument(
        "--source", type=Path, default=SOURCE, help="the hand-written chat (its JSON is written beside it)"
    )
    args = parser.parse_args(argv)
    data = build(args.source)
    target = args.source.with_suffix(".json")
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    if args.check:
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            print(
                f"{target} differs from what {args.source.name} gives; run python -m benchmarks.zh_group_build"
            )
            return 1
        return 0
    target.write_text(text, encoding="utf-8")
    qa = data[0]["qa"]
    for lang in ("zh", "en"):
        part = [q for q in qa if q["lang"] == lang]
        held = sum(q["split"] == "held" for q in part)
        low = sum(q["overlap"] < 0.3 for q in part)
        print(f"{lang}: {len(part)} questions, {held} held out, {low} with overlap < 0.3")
    return 0


if __name__ == "__main__":
    sys.exit(main())
