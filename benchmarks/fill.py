"""Fill one tenant to N cards by replaying conversation turns round after round.

Each round gives the turns new message, session and reply ids (``r<round>:`` prefixes) and
moves them ``round_days`` later, so a round is a new conversation that repeats an earlier one
word for word. The scale and maintenance benchmarks both fill their tenant this way.

>>> from datetime import datetime
>>> from autogen_zettel.base.cards import Message
>>> m = Message("hi there", speaker="Ann", message_id="D1:1", session_id="s1", at=datetime(2024, 1, 1))
>>> again = replay_round([m], 2, round_days=30)[0]
>>> again.message_id, again.session_id, f"{again.at:%Y-%m-%d}"
('r2:D1:1', 'r2:s1', '2024-03-01')
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import timedelta

from autogen_zettel.base.cards import Message
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.embed.embedders import kept_sparse_doc
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.people.extract import extract_layers
from autogen_zettel.people.model import commitment_words

__all__ = [
    "Fill",
    "fresh_round",
    "replay_round",
    "fill_tenant",
    "fresh_tenant",
    "RepeatCache",
    "remember_turn",
    "forget_kept_texts",
]


class RepeatCache:
    """An embedder that embeds each distinct text once: replayed rounds repeat their turns word
    for word, so filling a tenant to 100k cards with it embeds the few thousand distinct turns
    only (the scale benchmark fills this way and times ingest with the real embedder).

    Same ``name`` and ``dim`` as the embedder it wraps, and the same vectors.

    >>> from autogen_zettel.embed.embedders import HashEmbedder
    >>> cache = RepeatCache(HashEmbedder(dim=8))
    >>> bool((cache.encode(["a b", "c"]) == cache.encode(["c", "a b"])[::-1]).all()), cache.misses
    (True, 2)
    """

    def __init__(self, embedder, vectors: dict | None = None):
        """:param vectors: text -> vector to start from and fill (e.g. one kept between runs)"""
        self.embedder = embedder
        self.name, self.dim = embedder.name, embedder.dim
        self._dense: dict[str, object] = {} if vectors is None else vectors
        self.misses = 0

    def encode(self, texts: list[str], *, query: bool = False):
        import numpy as np

        if query:
            return self.embedder.encode(texts, query=True)
        missing = list(dict.fromkeys(t for t in texts if t not in self._dense))
        if missing:
            self.misses += len(missing)
            self._dense.update(zip(missing, self.embedder.encode(missing)))
        return np.stack([self._dense[t] for t in texts]) if texts else self.embedder.encode([])

    def sparse(self, texts: list[str], *, query: bool = False):
        return self.embedder.sparse(texts, query=query)


@dataclass(frozen=True)
class Fill:
    """What filling took: messages remembered, rounds started, seconds inside ``remember_many``."""

    messages: int
    rounds: int
    seconds: float


def remember_turn(mem, t: Message) -> None:
    """``mem.remember`` one replayed turn, with its ids, session, time and reply."""
    mem.remember(
        t.text,
        speaker=t.speaker,
        message_id=t.message_id,
        session_id=t.session_id,
        at=t.at,
        reply_to=t.reply_to,
    )


def forget_kept_texts() -> None:
    """Empty what the library keeps per text (document terms, layer findings, commitment words):
    replayed rounds repeat every turn's text, which a user's new messages would not, so a timed
    write or recall must not find them kept."""
    kept_sparse_doc.cache_clear()
    extract_layers.cache_clear()
    commitment_words.cache_clear()


def replay_round(turns: Sequence[Message], rnd: int, *, round_days: float) -> list[Message]:
    """``turns`` as round ``rnd``: ids prefixed with ``r<rnd>:``, times ``rnd * round_days`` later."""
    shift = timedelta(days=round_days * rnd)
    return [
        replace(
            t,
            message_id=f"r{rnd}:{t.message_id}",
            session_id=f"r{rnd}:{t.session_id}",
            reply_to=f"r{rnd}:{t.reply_to}" if t.reply_to else None,
            at=t.at + shift,
        )
        for t in turns
    ]


def fresh_round(turns: Sequence[Message], rnd: int, *, round_days: float, seen: set[str]) -> list[Message]:
    """:func:`replay_round`, with texts never given before: from round 1 on each turn's words are
    shuffled (seeded by the round and the turn's id), and a text already in ``seen`` gets a
    word of its round appended until it is new; ``seen`` is updated. Speed figures measured on
    repeated texts can meet an encode or sparse cache a real chat never would; these cannot.

    >>> from datetime import datetime
    >>> from autogen_zettel.base.cards import Message
    >>> m = Message("ok", speaker="Ann", message_id="D1:1", session_id="s1", at=datetime(2024, 1, 1))
    >>> seen = set()
    >>> [fresh_round([m], r, round_days=1, seen=seen)[0].text for r in range(3)]
    ['ok', 'ok round1', 'ok round2']
    """
    out = []
    for t in replay_round(turns, rnd, round_days=round_days):
        words = t.text.split()
        if rnd:
            random.Random(f"{rnd}:{t.message_id}").shuffle(words)
        text, n = " ".join(words), 0
        while text in seen:
            n += 1
            text = " ".join(words) + f" round{rnd}" + (f"x{n}" if n > 1 else "")
        seen.add(text)
        out.append(replace(t, text=text))
    return out


def fill_tenant(
    mem,
    turns: Sequence[Message],
    n_cards: int,
    round_days: float,
    *,
    batch: int = 256,
    progress: Callable[[int], None] | None = None,
) -> Fill:
    """Remember replayed ``turns`` in batches until tenant ``mem`` holds at least ``n_cards`` cards.

    :param round_days: how much later each round is than the previous one
    :param progress: called with the number of cards each batch made
    """
    messages = rounds = 0
    seconds = 0.0
    while tenant_parts(mem).db.count() < n_cards:
        round_turns = replay_round(turns, rounds, round_days=round_days)
        rounds += 1
        made_in_round = 0
        for start in range(0, len(round_turns), batch):
            if tenant_parts(mem).db.count() >= n_cards:
                break
            chunk = round_turns[start : start + batch]
            t0 = time.perf_counter()
            made = mem.remember_many(chunk)
            seconds += time.perf_counter() - t0
            messages += len(chunk)
            made_in_round += len(made)
            if progress:
                progress(len(made))
        if (
            made_in_round == 0 and tenant_parts(mem).db.count() < n_cards
        ):  # another round would make none either
            raise InvalidInput(
                f"{len(turns)} turns make no cards, so {n_cards} cards cannot be reached; "
                "give a data file with conversation turns"
            )
    return Fill(messages, rounds, seconds)


def fresh_tenant(
    hub, data, tenant: str, n_cards: int, round_days: float, *, progress: bool = False
) -> tuple[object, Fill, list[str]]:
    """What every fill-based benchmark starts with: LoCoMo ``data`` loaded, ``tenant`` dropped and
    opened anew, filled to ``n_cards`` cards (a tqdm bar with ``progress``), captures flushed.

    :returns: (the tenant, how filling went, the data's questions for recall timing)
    """
    from benchmarks.locomo import every_turn, load_locomo

    convs = load_locomo(data)
    turns = every_turn(convs)
    hub.drop_tenant(tenant)
    mem = hub.tenant(tenant)
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=n_cards, desc="filling", unit="card")
    try:
        fill = fill_tenant(mem, turns, n_cards, round_days, progress=bar.update if bar else None)
    finally:
        if bar:
            bar.close()
    mem.flush()
    return mem, fill, [q.text for c in convs for q in c.questions]
