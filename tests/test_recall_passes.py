"""Recall in more than one pass: one query per aspect of a question about two participants or
two things (recall/aspects.py), a second look from the words the first hits share
(recall/second_hop.py), and their wiring (recall/passes.py). English and Chinese."""

from datetime import datetime, timedelta

from autogen_zettel.base.cards import Card, CardKind, Hit
from autogen_zettel.recall.aspects import aspects, fuse_ranks
from autogen_zettel.recall.second_hop import expand_sparse, merge_second, salient_terms
from autogen_zettel.recall.weights import names_in
from autogen_zettel.text.lexical import sparse_query, term_id

T0 = datetime(2024, 3, 1, 9)


def _hit(cid, score=1.0, session=None, speaker="Ada"):
    return Hit(Card(cid, cid, CardKind.FACT, speaker, T0, (cid,), session_id=session), score, "immediate")


def test_two_named_participants_make_one_query_each_without_the_other():
    parts = aspects("What type of volunteering have John and Maria both done?", {"John", "Maria"})
    assert parts == [
        "What type of volunteering have done? John",
        "What type of volunteering have done? Maria",
    ]
    zh = aspects("林娜和王伟都去过哪些城市？", {"林娜", "王伟"})
    assert len(zh) == 2 and all("城市" in p for p in zh)
    assert "王伟" not in zh[0] and zh[0].endswith("林娜") and "林娜" not in zh[1] and zh[1].endswith("王伟")
    assert not any(p.startswith(("和", "and")) for p in zh)


def test_a_conjunction_splits_into_parts_that_keep_the_name():
    assert aspects("Does Ana like hiking and painting?", {"Ana"}) == ["Does like hiking Ana", "painting? Ana"]
    assert aspects("她喜欢书法以及绘画吗？", set()) == ["她喜欢书法", "绘画吗？"]
    assert aspects("Which books, films, and songs did Bo mention?", {"Bo"}) == [
        "Which books Bo",
        "films Bo",
        "songs did mention? Bo",
    ]


def test_a_question_about_one_thing_is_not_split():
    assert aspects("What does Melanie paint?", {"Melanie"}) == []
    assert aspects("杭州的天气怎么样？", set()) == []
    # a part with no word of its own ("What did") is not an aspect
    assert aspects("What did Mel and her kids make?", {"Mel"}) == []
    # four names: a roll call, not a question about two of them (each would cost a search)
    assert aspects("Did Ana, Bo, Cy and Di all come?", {"Ana", "Bo", "Cy", "Di"}) == []
    assert len(aspects("Did Ana, Bo and Cy all come?", {"Ana", "Bo", "Cy"})) == 3
    # only names and joining words: nothing left to ask about each
    assert aspects("Jon and Gina?", {"Jon", "Gina"}) == []


def test_chinese_names_are_found_inside_a_sentence():
    assert names_in("林娜和王伟都喜欢什么运动？", ["林娜", "王伟", "李"]) == {"林娜", "王伟"}
    assert names_in("What did Jon say?", ["Jon", "Gina"]) == {"Jon"}


def test_reciprocal_rank_fusion_brings_each_aspect_forward():
    whole = [_hit(i) for i in "abcdef"]
    jon, gina = [_hit("x"), _hit("a")], [_hit("y"), _hit("b")]
    fused = [h.card.id for h in fuse_ranks([whole, jon, gina], [1.0, 0.5, 0.5], c=1)]
    assert (
        fused[:2] == ["a", "b"]
        and fused.index("x") < fused.index("d")
        and fused.index("y") < fused.index("d")
    )
    # weight 0 for the aspects: the whole question's order
    assert [h.card.id for h in fuse_ranks([whole, jon], [1.0, 0.0])][:6] == list("abcdef")
    # a card first in every list scores 1
    assert fuse_ranks([[_hit("a")], [_hit("a")]], [1.0, 1.0])[0].score == 1.0


def test_salient_terms_are_shared_new_words_in_any_script():
    texts = ["We went camping with the kids.", "The kids loved the campfire and camping.", "Work was busy."]
    assert salient_terms("What has Melanie done with her family?", texts, {"Melanie"}) == ["camp", "kid"]
    # names and the query's own words never come back; a word in one hit only is not shared
    assert salient_terms("camping with kids", texts + ["Melanie camping"], {"Melanie"}) == []
    zh = ["周末我们去爬山了", "爬山的时候下雨", "我在写代码"]
    assert salient_terms("王伟周末做什么？", zh, {"王伟"}) == ["爬山"]
    assert salient_terms("x", ["pear plum fig", "fig plum pear"], set(), limit=2) == ["fig", "pear"]


def test_expanded_query_adds_terms_at_their_weight():
    ids, values = expand_sparse(sparse_query("paint"), ["kid"], 0.3)
    assert dict(zip(ids, values)) == {term_id("paint"): 1.0, term_id("kid"): 0.3} and ids == sorted(ids)


def test_second_look_adds_only_other_sessions_discounted():
    first = [_hit("a", 1.0, "s1"), _hit("b", 0.5, "s1"), _hit("c", 0.4, "s2")]
    second = [_hit("n", 0.9, "s1"), _hit("m", 0.8, "s3"), _hit("c", 0.7, "s2")]
    merged = merge_second(first, second, seeds=1, discount=0.5)
    # n is from s1, where the best first hit came from; c keeps its better first score; ties by id
    assert [(h.card.id, round(h.score, 2)) for h in merged] == [
        ("a", 1.0),
        ("b", 0.5),
        ("c", 0.4),
        ("m", 0.4),
    ]
    # discount 1 and no seeds: the better score of each card, from any session
    assert [h.card.id for h in merge_second(first, second, seeds=0, discount=1.0)] == [
        "a",
        "n",
        "m",
        "c",
        "b",
    ]


# four of Gina's cards match the question more strongly than Jon's one
DANCE = [
    ("I won first place at a dance competition, the trophy is on my shelf.", "Gina"),
    ("Dance competitions were my life as a teen; I won so many competitions.", "Gina"),
    ("My dance team won the regional competition at fifteen.", "Gina"),
    ("I won the dance competition again, another trophy!", "Gina"),
    ("I won a dance competition.", "Jon"),
    ("I lost my job at the bank yesterday.", "Jon"),
    ("The weather was lovely at the lake.", "Gina"),
]


def _tenant_recall(msgs, query, k, embedder=None, **tuning):
    from autogen_zettel import HashEmbedder, MemoryHub
    from autogen_zettel.base.config import MemoryConfig

    cfg = MemoryConfig()
    cfg = cfg.model_copy(
        update={
            "recall": cfg.recall.model_copy(
                update={"tuning": cfg.recall.tuning.model_copy(update={"dense_weight": 0.4, **tuning})}
            )
        }
    )
    with MemoryHub.open(memory=True, embedder=embedder or HashEmbedder(), config=cfg) as hub:
        mem = hub.tenant("t")
        mem.remember_many(
            [
                {
                    "text": t,
                    "speaker": who,
                    "message_id": f"m{n}",
                    "session_id": f"s{n}",
                    "at": T0 + timedelta(days=n),
                }
                for n, (t, who) in enumerate(msgs)
            ]
        )
        return [h.card.speaker for h in mem.recall(query, k=k, at=T0 + timedelta(days=30))]


def test_a_question_about_two_participants_reaches_both():
    query = "Did Jon and Gina both win dance competitions?"
    alone = _tenant_recall(DANCE, query, 4, aspect_weight=0.0)
    both = _tenant_recall(DANCE, query, 4, aspect_weight=1.0)
    assert set(alone) == {"Gina"}  # one search ranks the stronger voice only
    assert set(both) == {"Jon", "Gina"} and both[:3] == alone[:3]


def test_a_chinese_question_about_two_participants_searches_once_for_each():
    from autogen_zettel import HashEmbedder

    asked = []

    class Recording(HashEmbedder):
        def sparse(self, texts, *, query=False):
            if query:
                asked.extend(texts)
            return super().sparse(texts, query=query)

    msgs = [
        ("我在舞蹈比赛里拿了第一名。", "林娜"),
        ("我赢过舞蹈比赛。", "王伟"),
        ("湖边的天气很好。", "林娜"),
    ]
    hits = _tenant_recall(
        msgs, "王伟和林娜都在舞蹈比赛里赢过吗？", 3, embedder=Recording(), aspect_weight=1.0
    )
    assert set(hits) == {"王伟", "林娜"}
    assert [q for q in asked if q.startswith("都在")] == [
        "都在舞蹈比赛里赢过吗？ 林娜",
        "都在舞蹈比赛里赢过吗？ 王伟",
    ]
    asked.clear()
    _tenant_recall(msgs, "王伟和林娜都在舞蹈比赛里赢过吗？", 3, embedder=Recording(), aspect_weight=0.0)
    assert not [q for q in asked if q.startswith("都在")]
