"""``python -m benchmarks.redaction_corpus``: secrets caught and look-alikes left intact by the
redactor on the structured-text corpus of #42 (tests/secret_corpus_structured.py), on its tuning
part and its held-out part; ``--show`` lists every failing case."""

from __future__ import annotations

import argparse
import json

from autogen_zettel.trust.privacy import Redactor
from tests import secret_corpus_structured as corpus


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--show", choices=["tune", "held", "all"], help="list the failing cases of a part")
    args = ap.parse_args()

    def redact(text: str) -> str:
        return Redactor().redact(text).text  # a fresh redactor: no clean-text cache between cases

    figures = corpus.measure(redact)
    print(json.dumps({k: f"{a}/{b}" for k, (a, b) in figures.items()}, indent=1))
    if args.show:
        parts = {
            "tune": (corpus.TUNE_SECRETS, corpus.TUNE_LOOK_ALIKES),
            "held": (corpus.HELD_SECRETS, corpus.HELD_LOOK_ALIKES),
        }
        names = ["tune", "held"] if args.show == "all" else [args.show]
        for name in names:
            secrets, looks = parts[name]
            for text, s in secrets:
                if not corpus.caught(text, s, redact):
                    print(f"[{name}] LEAK   {text!r}\n            -> {redact(text)!r}")
            for text in looks:
                if redact(text) != text:
                    print(f"[{name}] CHANGED {text!r}\n            -> {redact(text)!r}")


if __name__ == "__main__":
    main()
