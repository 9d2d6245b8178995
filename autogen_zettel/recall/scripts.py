"""Dense scores made comparable across scripts, for the embedder that pairs two models
(:class:`~autogen_zettel.embed.dual.DualEmbedder`): its cosine of two English texts blends both
models, every other pair is the multilingual model's cosine (scaled when one side is English), so
in a memory holding English and Chinese one question's scores sit on two scales.
:func:`across_scripts` puts them on one (:meth:`DualScale.comparable
<autogen_zettel.embed.scale.DualScale.comparable>`) before fusion reads them."""

from __future__ import annotations

from collections.abc import Sequence

from autogen_zettel.cards.atoms import embed_text
from autogen_zettel.embed.dual import english_readable
from autogen_zettel.embed.scale import DualScale, scale_of
from autogen_zettel.store.db import CardDB
from autogen_zettel.store.index import SearchResult

__all__ = ["across_scripts"]


def across_scripts(
    result: SearchResult, db: CardDB, embedder_name: str, wordings: Sequence[str]
) -> SearchResult:
    """``result`` with its dense scores comparable across the stored texts' scripts (unchanged
    for any embedder but the pair, and when every candidate is of the question's script).

    :param wordings: the texts the question's vector was encoded from (one, or a Han name's two
        wordings): the question is English ("latin") when all of them are"""
    scale = scale_of(embedder_name)
    if not isinstance(scale, DualScale) or not result.dense:
        return result
    query_latin = all(english_readable(w) for w in wordings)
    said = db.said(result.dense)
    latin = {i: english_readable(embed_text(s, c)) for i, (s, c) in said.items()}
    if all(v == query_latin for v in latin.values()):
        return result
    dense = {i: scale.comparable(x, query_latin, latin.get(i, query_latin)) for i, x in result.dense.items()}
    return SearchResult(dense, result.lexical)
