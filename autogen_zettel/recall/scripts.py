"""One question's dense scores on one scale across the stored texts' languages, for the embedder
that pairs two models (:class:`~autogen_zettel.embed.dual.DualEmbedder`; every other embedder
passes through unchanged).

A question in a language other than English is the multilingual model's block alone
(:func:`question_vector`, also after the query map moved it), which reads every stored text by the
same multiple of its multilingual cosine: nothing to re-scale. An English question reads English
texts by the blend of both models and the others by ``(1 - share)`` times their multilingual
cosine, so in a memory of mostly English they would not even reach the candidates:
:func:`across_scripts` searches once more with the question's multilingual block alone and gives
each non-English candidate the blend its multilingual cosine predicts (:meth:`DualScale.blend_of
<autogen_zettel.embed.scale.DualScale.blend_of>`). Without it a Chinese question about an English
memory ranked it under every Chinese memory, and in a tenant of 300 Chinese cards never found it.

A question written mostly in Han characters reads the multilingual model's cosines with a bias: it
sits nearer every Han text than any English one (by :data:`~autogen_zettel.embed.scale.E5_HAN_QUESTION_GAP`,
the same for every question within 0.01). :func:`toward_other_scripts` gives its candidates in
other scripts the gap back, so a Chinese question about the one English line a colleague wrote is
not ranked under every unrelated Chinese line.

A tenant that holds English texts only skips that second search and its reads: whether it holds
any other is a meta fact the index writes with the vectors (:func:`note_scripts`), and a tenant
indexed before that fact existed is scanned once (:func:`holds_other_scripts`).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import numpy as np

from autogen_zettel.cards.atoms import embed_text
from autogen_zettel.embed.dual import english_readable
from autogen_zettel.embed.embedders import Embedder
from autogen_zettel.embed.scale import E5_HAN_QUESTION_GAP, E5_SMALL, DualScale, scale_of
from autogen_zettel.store.db import CardDB
from autogen_zettel.store.index import SearchResult
from autogen_zettel.store.tenant_store import TenantStore
from autogen_zettel.text.script import mostly_han

__all__ = [
    "OTHER_SCRIPTS_META",
    "question_vector",
    "mapped_make",
    "note_scripts",
    "holds_other_scripts",
    "across_scripts",
    "toward_other_scripts",
]

logger = logging.getLogger(__name__)

#: tenant meta key: "1" once a text not read as English was indexed, "0" when a scan found none
OTHER_SCRIPTS_META = "scripts.other"


def question_vector(embedder: Embedder, dense: np.ndarray, wordings: Sequence[str]) -> np.ndarray:
    """``dense`` as the pair makes a question of its language: a question that is not English keeps
    only its multilingual block (the query map may have moved weight out of it)."""
    reduce = getattr(embedder, "multi_only", None)
    if reduce is None or all(english_readable(w) for w in wordings):
        return dense
    return reduce(dense)


def mapped_make(embedder: Embedder, wordings: Sequence[str]) -> bool:
    """Whether the tenant's query map may move this question: with the pair, English questions
    only. The map is fitted on the tenant's asking messages, English in an English chat; it moved
    Chinese questions away from their answers (the Chinese set with an English conversation in
    the same memory, tune split: 62 of 86 with it, 72 without; e5 alone 66 and 72)."""
    return getattr(embedder, "multi_only", None) is None or all(english_readable(w) for w in wordings)


def note_scripts(db: CardDB, embedder: Embedder, texts: Sequence[str]) -> None:
    """Mark the tenant as holding other languages when one of ``texts`` (embedded texts being
    indexed) is not English; only the pair reads the mark. An English text changes nothing: a
    tenant never scanned stays so, and its first English question scans it."""
    if getattr(embedder, "multi_only", None) is None or db.get_meta(OTHER_SCRIPTS_META) == "1":
        return
    if not all(english_readable(t) for t in texts):
        db.set_meta(OTHER_SCRIPTS_META, "1")


def holds_other_scripts(db: CardDB) -> bool:
    """Whether the tenant holds a text not read as English. Forgetting never clears the mark (a
    stale one costs a search, a wrong one would lose memories)."""
    seen = db.get_meta(OTHER_SCRIPTS_META)
    if seen is None:  # indexed before the mark was kept: one scan, then the mark
        logger.info("scanning the memory's languages once (a folder indexed before they were kept)")
        other = any(not english_readable(embed_text(speaker, content)) for speaker, content in db.said_all())
        seen = "1" if other else "0"
        db.set_meta(OTHER_SCRIPTS_META, seen)
    return seen == "1"


def across_scripts(
    result: SearchResult,
    store: TenantStore,
    embedder: Embedder,
    dense: np.ndarray,
    wordings: Sequence[str],
    limit: int,
) -> SearchResult:
    """``result`` with every non-English candidate an English question has, found by a second
    search with its multilingual block, scored on the blend's scale (see the module).

    :param wordings: the texts the question's vector was encoded from (one, or a Han name's two
        wordings): the question is English when all of them are
    :param limit: candidates of the second search"""
    scale = scale_of(embedder.name)
    reduce = getattr(embedder, "multi_only", None)
    if not isinstance(scale, DualScale) or reduce is None or not all(english_readable(w) for w in wordings):
        return result
    if not holds_other_scripts(store.db):
        return result
    second = store.vectors.search(store.name, reduce(dense), ([], []), limit)
    said = store.db.said(set(result.dense) | set(second.dense))
    other = {
        i for i, (speaker, content) in said.items() if not english_readable(embed_text(speaker, content))
    }
    if not other:
        return result
    out = dict(result.dense)
    for i in other:  # the multilingual cosine, from whichever search found it
        if i in second.dense:
            e5 = scale.multi_only_cosine(second.dense[i])
        else:
            e5 = scale.multi_cosine(out[i], (True, False))
        out[i] = scale.blend_of(e5)
    return SearchResult(out, result.lexical)


def _multilingual_share(embedder_name: str) -> float:
    """How a search by a question's multilingual block alone scales multilingual-e5-small's cosine:
    ``sqrt(1 - share)`` with the pair, 1 with e5 alone, 0 for a model whose bias between scripts
    was not measured."""
    scale = scale_of(embedder_name)
    if isinstance(scale, DualScale):
        return (1.0 - scale.share) ** 0.5 if scale.multi is E5_SMALL else 0.0
    return 1.0 if scale is E5_SMALL else 0.0


def toward_other_scripts(
    result: SearchResult, store: TenantStore, embedder: Embedder, wordings: Sequence[str]
) -> SearchResult:
    """``result`` of a question written mostly in Han characters, each candidate in another script
    raised by the multilingual model's gap between scripts (see the module); any other question,
    or an embedder whose gap is not measured, passes unchanged.

    Only the candidates are raised: a lone English line in a crowd of Chinese ones, the gap below
    them all, may not be among them. Looking wider for such lines whenever the candidates held none
    cost the Chinese set with LoCoMo's English turns in the same memory (tune split) 72 -> 66 of 86
    Chinese questions (69 keeping the best 3 or 10 found), the English distractors raised above the
    answer."""
    if not wordings or not all(mostly_han(w) for w in wordings):
        return result
    lift = _multilingual_share(embedder.name) * E5_HAN_QUESTION_GAP
    if lift <= 0 or not result.dense:
        return result
    said = store.db.said(result.dense)
    other = {i for i, (_, content) in said.items() if not mostly_han(content)}
    if not other:
        return result
    return SearchResult({i: s + lift if i in other else s for i, s in result.dense.items()}, result.lexical)
