"""The caches of the hot paths (#26): each gives exactly what the uncached work gives, stays
bounded, and never lets one caller's result leak into another's."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from autogen_zettel.people.extract import KEPT, extract_layers


def _fresh(text, **kw):
    extract_layers.cache_clear()
    return extract_layers(text, **kw)


def test_kept_layer_findings_are_those_of_a_fresh_extraction():
    at = datetime(2026, 3, 4, 10)
    cases = [
        ("I'll draft it by Thursday.", {"speaker": "Rui", "at": at}),
        ("No thanks.", {"speaker": "Rui", "at": at, "previous": "Shall I book the sushi bar?"}),
        ("我搬到杭州了。", {"speaker": "王芳", "at": at}),
        ("我明天把报告发给你。", {"speaker": "王芳", "at": at, "addressee": "李雷"}),
    ]
    for text, kw in cases:
        fresh = _fresh(text, **kw)
        assert fresh, text  # each case finds something, so equality below means something
        hits = extract_layers.cache_info().hits
        assert extract_layers(text, **kw) == fresh
        assert extract_layers.cache_info().hits == hits + 1
    # what is kept depends on every argument: another speaker, time or previous message is its own call
    assert extract_layers("No thanks.", speaker="Rui", at=at) != extract_layers(
        "No thanks.", speaker="Rui", at=at, previous="Shall I book the sushi bar?"
    )


def test_a_caller_changing_its_findings_changes_nobody_elses():
    at = datetime(2026, 3, 4, 10)
    first = _fresh("I'll draft it by Thursday.", speaker="Rui", at=at)
    first.clear()
    assert extract_layers("I'll draft it by Thursday.", speaker="Rui", at=at) != []


def test_equal_aware_times_in_other_offsets_keep_their_own_dates():
    late = datetime(2026, 3, 4, 23, 30, tzinfo=timezone.utc)
    same_instant = late.astimezone(timezone(timedelta(hours=2)))  # 01:30 on the 5th there
    assert late == same_instant and hash(late) == hash(same_instant)
    text = "I'll send the report tomorrow."
    fresh_utc = _fresh(text, speaker="Rui", at=late)
    fresh_plus2 = _fresh(text, speaker="Rui", at=same_instant)
    assert fresh_utc[0].due != fresh_plus2[0].due  # the test means something
    extract_layers.cache_clear()
    assert extract_layers(text, speaker="Rui", at=late) == fresh_utc
    assert extract_layers(text, speaker="Rui", at=same_instant) == fresh_plus2


def test_the_kept_findings_are_bounded():
    extract_layers.cache_clear()
    at = datetime(2026, 3, 4, 10)
    for i in range(KEPT + 50):
        extract_layers(f"ok {i}", speaker="Rui", at=at)
    info = extract_layers.cache_info()
    assert info.maxsize == KEPT and info.currsize == KEPT


def test_kept_document_terms_are_those_of_a_fresh_tokenising():
    from autogen_zettel.embed.embedders import SPARSE_KEPT, HashEmbedder, kept_sparse_doc
    from autogen_zettel.text.lexical import sparse_doc

    emb = HashEmbedder()
    texts = ["Ann: I moved to Porto in April.", "王芳: 我搬到杭州了。", "Ann: I moved to Porto in April."]
    kept_sparse_doc.cache_clear()
    first = emb.sparse(texts)
    assert first == [sparse_doc(t) for t in texts] and first[0][0]
    assert kept_sparse_doc.cache_info().hits == 1  # the repeated text
    first[0][0].clear()  # a caller changing its lists changes nobody else's
    first[0][1].append(9.0)
    assert emb.sparse(texts[:1]) == [sparse_doc(texts[0])]
    assert emb.sparse(texts, query=True) == HashEmbedder().sparse(texts, query=True)  # queries as before
    for i in range(SPARSE_KEPT + 20):
        kept_sparse_doc(f"word{i}")
    assert kept_sparse_doc.cache_info().currsize == SPARSE_KEPT


def test_long_texts_are_read_afresh_and_not_kept():
    """A message of up to refiner.max_message_chars would make thousands of kept keys costly."""
    from autogen_zettel.embed.embedders import HashEmbedder, kept_sparse_doc
    from autogen_zettel.people.extract import KEPT_CHARS
    from autogen_zettel.text.lexical import sparse_doc

    at = datetime(2026, 3, 4, 10)
    long = "I'll draft it by Thursday. " + "and then some more words " * (KEPT_CHARS // 20)
    assert len(long) > KEPT_CHARS
    fresh = _fresh(long, speaker="Rui", at=at)
    assert fresh and extract_layers(long, speaker="Rui", at=at) == fresh
    assert extract_layers.cache_info().currsize == 0  # neither call kept it
    kept_sparse_doc.cache_clear()
    assert HashEmbedder().sparse([long]) == [sparse_doc(long)]
    assert kept_sparse_doc.cache_info().currsize == 0
