"""What the dense vector of a sealed permanent card tells whoever holds the index (issue #42).

The card's text is sealed in SQLite, but its dense vector sits in the shared index (its sparse
vector is empty). An attacker who copies the index and guesses the *kind* of fact (a blood type,
an allergy) embeds every candidate value in a sentence of their own and takes the nearest
candidate to the stored vector: a nearest-neighbour inversion. This measures how often the top
guess (and the top three) is right, against chance, for two phrasings of the attacker:

- ``same``: the attacker's sentence is worded exactly as the stored card (the worst case);
- ``other``: the attacker uses other wordings than the cards (held apart: the owner's
  templates and the attacker's templates are fixed, disjoint lists, nothing is tuned).

Run: ``OMP_NUM_THREADS=1 HF_HUB_OFFLINE=1 python -m benchmarks.sealed_vectors [--model minilm]``
"""

from __future__ import annotations

import argparse
import json

import numpy as np

from autogen_zettel.cards.atoms import embed_text
from autogen_zettel.embed.embedders import make_embedder

BLOOD = [
    "A positive",
    "A negative",
    "B positive",
    "B negative",
    "AB positive",
    "AB negative",
    "O positive",
    "O negative",
]
ALLERGENS = [
    "penicillin", "peanuts", "shellfish", "latex", "bee stings", "aspirin", "ibuprofen", "sulfa drugs",
    "eggs", "milk", "soy", "wheat", "tree nuts", "sesame", "fish", "codeine",
    "cats", "dust mites", "pollen", "mold", "nickel", "iodine", "morphine", "amoxicillin",
]  # fmt: skip
# the owner's cards and the attacker's guesses: disjoint wordings
OWNER = {
    "blood": ["My blood type is {}.", "For the record, I'm {} blood type."],
    "allergy": ["I am allergic to {}.", "Remember that I have a severe allergy to {}."],
}
ATTACKER = {
    "blood": ["blood group {}", "The patient's blood type: {}"],
    "allergy": ["allergy: {}", "Known allergic reaction to {}"],
}
SPEAKER = "ann"


def unit(v: np.ndarray) -> np.ndarray:
    return v / np.linalg.norm(v, axis=-1, keepdims=True)


def attack(emb, values: list[str], owner: list[str], attacker: list[str]) -> dict:
    stored = [(t.format(v), i) for t in owner for i, v in enumerate(values)]
    sv = unit(np.asarray(emb.encode([embed_text(SPEAKER, s) for s, _ in stored]), dtype=np.float32))
    out = {}
    for name, templates in (("same", owner), ("other", attacker)):
        # a candidate value's score: its best match over the attacker's sentences
        cand = [[embed_text(SPEAKER, t.format(v)) for t in templates] for v in values]
        cv = unit(np.asarray(emb.encode([c for cs in cand for c in cs]), dtype=np.float32))
        cv = cv.reshape(len(values), len(templates), -1)
        scores = np.einsum("nd,vtd->nvt", sv, cv).max(axis=2)  # stored x value
        order = np.argsort(-scores, axis=1)
        truth = np.array([i for _, i in stored])
        out[name] = {
            "top1": float(np.mean(order[:, 0] == truth)),
            "top3": float(np.mean([truth[k] in order[k, :3] for k in range(len(truth))])),
        }
    out["chance_top1"] = 1 / len(values)
    out["cards"] = len(stored)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", default="minilm")
    args = ap.parse_args()
    emb = make_embedder(args.model)
    report = {
        "model": args.model,
        "blood type": attack(emb, BLOOD, OWNER["blood"], ATTACKER["blood"]),
        "allergy": attack(emb, ALLERGENS, OWNER["allergy"], ATTACKER["allergy"]),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
