"""Any language: tokens of every script, no message dropped for its script, recall from a
question in the message's own language, and old (ASCII-token) tenants asked to reindex."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from autogen_zettel import EmbeddingMismatch, HashEmbedder, MemoryHub, Message
from autogen_zettel.cards.refine import refine_message, split_sentences
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.text.lexical import fold, sparse_doc, sparse_query, tokens

T0 = datetime(2024, 5, 1, 10)

# (message, question in the same language) per language, plus English beside them. Arabic,
# Russian and Greek words are stemmed (Snowball, chosen by script), so the question may use
# another form of a word (المهندسة / مهندسة, учительницей / учительница)
MESSAGES = {
    "zh": ("我住在杭州，喜欢喝龙井茶。", "我喜欢喝什么茶？"),
    "de": (
        "Ich arbeite seit März als Bäckerin in einer kleinen Bäckerei in München.",
        "Wo arbeitet sie als Bäckerin?",
    ),
    "ar": ("أعمل مهندسة في شركة الكهرباء في القاهرة منذ سنتين.", "في أي شركة تعمل المهندسة؟"),
    "en": ("I adopted a puppy named Oscar from the shelter.", "What is the name of the puppy?"),
    "ru": ("Я работаю учительницей в школе в Новосибирске.", "Где работает учительница?"),
    "el": ("Μένω στη Θεσσαλονίκη και δουλεύω ως νοσηλεύτρια.", "Πού δουλεύει η νοσηλεύτρια;"),
    "ja": ("私は大阪の病院で看護師として働いています。", "看護師としてどこで働いていますか？"),
}


def test_tokens_keep_every_script():
    assert tokens("我住在杭州，喜欢喝龙井。") == [
        "我住",
        "住在",
        "在杭",
        "杭州",
        "喜欢",
        "欢喝",
        "喝龙",
        "龙井",
    ]
    assert tokens("東京でラーメン") == ["東京", "京で", "でラ", "ラー", "ーメ", "メン"]
    assert tokens("أعمل مهندسة") == ["اعمل", "مهندس"]  # hamza folded like an accent, then stemmed
    assert tokens("नमस्ते दुनिया") == ["नमस्ते", "दुनिया"]  # vowel signs stay inside the word (no stemmer)
    assert tokens("Привет, Ёлка") == ["привет", "елк"]
    assert tokens("Grüße aus Köln, ÉCOLE Straße") == ["gruss", "aus", "koln", "ecol", "strass"]


def test_folding_matches_accents_case_and_width():
    assert fold("ＡＢＣ Café") == "abc cafe"
    assert tokens("Munchen") == tokens("MÜNCHEN") == tokens("München")
    assert tokens("naïve café") == tokens("naive cafe")
    assert tokens("it’s Caroline’s") == tokens("it's Caroline's") == ["carolin"]


def test_english_tokens_are_snowball_stems():
    assert tokens("Caroline's painting classes started in May!") == [
        "carolin",
        "paint",
        "class",
        "start",
        "may",
    ]
    assert tokens("snake_case and 42 x2") == ["snake", "case", "42", "x2"]
    assert tokens("generously adopted universities") == tokens("generous adopt university")


@pytest.mark.parametrize(
    "one, other",
    [
        ("المهندسة", "مهندسة"),  # Arabic: the article and the feminine ending
        ("учительницей", "учительница"),  # Russian: instrumental and nominative
        ("Москве", "Москва"),
        ("δουλεύω", "δουλεύει"),  # Greek: first and third person
        ("καφές", "καφέ"),
        ("running", "runs"),
    ],
)
def test_word_forms_meet_in_their_scripts_stemmer(one, other):
    assert tokens(one) == tokens(other) and tokens(one)


def test_each_script_gets_its_own_stemmer_in_one_text():
    assert tokens("Anna läuft in Москве, αθήνα") == ["anna", "lauft", "москв", "αθην"]


def test_sparse_vectors_of_a_chinese_question_meet_its_message():
    doc, query = sparse_doc(MESSAGES["zh"][0]), sparse_query(MESSAGES["zh"][1])
    assert set(doc[0]) & set(query[0])


def test_sentences_split_in_any_script_but_not_at_titles():
    assert split_sentences("Dr. Smith met Mr. Jones at 3 p.m. today.") == [
        "Dr. Smith met Mr. Jones at 3 p.m. today."
    ]
    assert split_sentences("我住在杭州。喜欢喝茶！你呢？") == ["我住在杭州。", "喜欢喝茶！", "你呢？"]
    assert split_sentences("أحب الشاي؟ نعم أحبه.") == ["أحب الشاي؟", "نعم أحبه."]


@pytest.mark.parametrize("lang", sorted(MESSAGES))
def test_no_message_is_dropped_for_its_script(lang):
    drafts = refine_message(MESSAGES[lang][0], speaker="Li", message_id="m1")
    assert len(drafts) == 1 and drafts[0].source_ids == ("m1",) and drafts[0].tags


def _remember_all(hub):
    mem = hub.tenant("li")
    mem.remember_many(
        [
            Message(text, "Li", lang, "s1", T0 + timedelta(minutes=i))
            for i, (lang, (text, _)) in enumerate(sorted(MESSAGES.items()))
        ]
    )
    return mem


@pytest.mark.parametrize("lang", sorted(MESSAGES))
def test_recall_from_a_question_in_the_same_language(hub, lang):
    mem = _remember_all(hub)
    assert len(mem.cards()) == len(MESSAGES)
    assert mem.recall(MESSAGES[lang][1], k=1, at=T0 + timedelta(days=1))[0].card.source_ids == (lang,)


@pytest.mark.integration
@pytest.mark.parametrize("model", ["default_embedder", "e5", "minilm"])  # the default, and each alone
def test_recall_in_every_language_with_the_bundled_models(tmp_path, model, request):
    with MemoryHub.open(tmp_path / "d", embedder=request.getfixturevalue(model)) as hub:
        mem = _remember_all(hub)
        for lang, (_, question) in MESSAGES.items():
            hits = mem.recall(question, k=1, at=T0 + timedelta(days=1))
            assert hits and hits[0].card.source_ids == (lang,), (lang, [h.card.content for h in hits])


def test_a_tenant_indexed_with_the_old_ascii_tokens_must_be_reindexed(tmp_path):
    emb = HashEmbedder(64)
    with MemoryHub.open(tmp_path / "d", embedder=emb) as hub:
        _remember_all(hub)
        tenant_parts(hub.tenant("li")).db.set_meta("embedding_model", "hash-64")  # as version 1 recorded it
    with MemoryHub.open(tmp_path / "d", embedder=emb) as hub:
        with pytest.raises(EmbeddingMismatch, match="reindex"):
            hub.tenant("li")
        assert hub.reindex("li") == len(MESSAGES)
        hits = hub.tenant("li").recall(MESSAGES["zh"][1], k=1, at=T0 + timedelta(days=1))
        assert hits[0].card.source_ids == ("zh",)


def test_a_tenant_indexed_with_the_light_stems_of_version_2_must_be_reindexed(tmp_path):
    emb = HashEmbedder(64)
    assert emb.name == "hash-64+lex3"
    with MemoryHub.open(tmp_path / "d", embedder=emb) as hub:
        _remember_all(hub)
        tenant_parts(hub.tenant("li")).db.set_meta(
            "embedding_model", "hash-64+lex2"
        )  # as version 2 recorded it
    with MemoryHub.open(tmp_path / "d", embedder=emb) as hub:
        with pytest.raises(EmbeddingMismatch, match="reindex"):
            hub.tenant("li")
        assert hub.reindex("li") == len(MESSAGES)
        assert hub.tenant("li").stats()["embedding_model"] == "hash-64+lex3"
        hits = hub.tenant("li").recall(MESSAGES["ru"][1], k=1, at=T0 + timedelta(days=1))
        assert hits[0].card.source_ids == ("ru",)
