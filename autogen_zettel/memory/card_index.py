"""Cards into the tenant's vector index: the text embedded for a card
(:func:`~autogen_zettel.cards.atoms.embed_text`), its dense vectors in fixed batches (:func:`encode_batches`), and the write of the vectors with their
indexed marks (:func:`index_cards`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from autogen_zettel.base.cards import Card, CardKind, PrivacyTier
from autogen_zettel.cards.atoms import embed_text
from autogen_zettel.embed.embedders import Embedder
from autogen_zettel.recall.scripts import note_scripts
from autogen_zettel.store.db import CardDB
from autogen_zettel.store.index import VectorStore

__all__ = ["EMBED_BATCH", "encode_batches", "index_cards"]

EMBED_BATCH = 256


def index_cards(
    tenant: str,
    db: CardDB,
    store: VectorStore,
    embedder: Embedder,
    cards: Sequence[Card],
    *,
    progress: bool = False,
    dense: Callable[[], list] | None = None,
    mark: bool = True,
):
    """Embed cards in batches and write them to Qdrant, then mark them indexed; returns
    the dense vectors of the indexed cards (summaries excluded), in order.

    Summary cards are not put in the index: recall reaches them through their members, and
    their points would only take candidate places from the cards a search is for.

    :param dense: returns what :func:`encode_batches` gives for the cards other than
        summaries (embedded ahead, on another thread); None embeds them here
    :param mark: False leaves the cards other than summaries unmarked, for a caller that marks
        them in a transaction of its own (the write path's last one, which clears their pending
        marks: a crash before it leaves them pending, and the reopen indexes them again)
    """
    import numpy as np

    summaries = [c.id for c in cards if c.kind is CardKind.SUMMARY]
    if summaries:
        db.mark_indexed(summaries)
        cards = [c for c in cards if c.kind is not CardKind.SUMMARY]
    emb = embedder
    embedded = dense() if dense is not None else None
    chunks = []
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(cards), desc=f"indexing {tenant}", unit="card")
    for n, start in enumerate(range(0, len(cards), EMBED_BATCH)):
        batch = cards[start : start + EMBED_BATCH]
        texts = [embed_text(c.speaker, c.content) for c in batch]
        vectors = embedded[n] if embedded is not None else emb.encode(texts)
        # a permanent card stays out of the shared index: its dense vector names its fact to
        # whoever guesses the kind, its sparse one spells its words (docs/security.md); recall
        # scores it in memory (trust.sealed.with_permanent). Its vector is still returned, for linking
        keep = [j for j, c in enumerate(batch) if c.tier is not PrivacyTier.PERMANENT]
        if keep:
            shared = [batch[j] for j in keep]
            sparse = emb.sparse([texts[j] for j in keep])
            rows = vectors if len(keep) == len(batch) else np.asarray(vectors)[keep]
            note_scripts(db, emb, [texts[j] for j in keep])
            store.upsert(tenant, [c.id for c in shared], rows, sparse)
        if mark:
            db.mark_indexed([c.id for c in batch])
        chunks.append(vectors)
        if bar:
            bar.update(len(batch))
    if bar:
        bar.close()
    return np.concatenate(chunks) if chunks else np.zeros((0, emb.dim), np.float32)


def encode_batches(embedder: Embedder, cards: Sequence[Card]) -> list:
    """The dense vectors :func:`index_cards` makes for ``cards`` (no summaries), in the same
    batches of :data:`EMBED_BATCH` (a batch's padding can move a vector's last bits)."""
    return [
        embedder.encode([embed_text(c.speaker, c.content) for c in cards[start : start + EMBED_BATCH]])
        for start in range(0, len(cards), EMBED_BATCH)
    ]
