"""Recall's multi-hop focus: a named participant's name turned down in the lexical query, and
cards that only ask giving their places to answers (recall/focus.py, recall/progressive.py)."""

from datetime import datetime, timedelta

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.recall.focus import demote_questions, is_question, weigh_terms
from autogen_zettel.text.lexical import sparse_query

T0 = datetime(2024, 3, 1, 9)


def _recall(msgs, query, k=3, **recall):
    cfg = MemoryConfig()
    # the dense weight these rankings were worked out at (the hashing embedder's balance is arbitrary)
    cfg = cfg.model_copy(
        update={
            "recall": cfg.recall.model_copy(
                update={"tuning": cfg.recall.tuning.model_copy(update={"dense_weight": 0.4, **recall})}
            )
        }
    )
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), config=cfg) as hub:
        mem = hub.tenant("t")
        mem.remember_many(
            [
                {
                    "text": t,
                    "speaker": who,
                    "message_id": i,
                    "session_id": s,
                    "reply_to": r,
                    "at": T0 + timedelta(minutes=n),
                }
                for n, (t, who, i, s, r) in enumerate(msgs)
            ]
        )
        return [h.card.source_ids[0] for h in mem.recall(query, k=k, at=T0 + timedelta(days=1))]


def _recording(seen: list) -> type:
    """A hashing embedder that appends every query text it encodes to ``seen``."""

    class Recording(HashEmbedder):
        def encode(self, texts, *, query=False):
            if query:
                seen.extend(texts)
            return super().encode(texts, query=query)

    return Recording


def test_weigh_terms_scales_or_drops_only_the_given_terms():
    q = sparse_query("what does Ann paint")
    ann = set(sparse_query("Ann")[0])
    kept = weigh_terms(q, ann, 0.0)
    assert set(kept[0]) == set(q[0]) - ann and kept[1] == [1.0] * len(kept[0])
    half = dict(zip(*weigh_terms(q, ann, 0.5)))
    assert [half[t] for t in ann] == [0.5] and len(half) == len(q[0])
    assert weigh_terms(q, set(), 0.0) == (list(q[0]), list(q[1]))


def test_is_question_reads_the_last_mark_in_any_script():
    assert (
        is_question("Did you paint that?") and is_question('She asked "why?"') and is_question("你去哪儿？")
    )
    assert not is_question("I asked why? Then I left.") and not is_question("Yes, last year.")


def test_demote_questions_with_no_discount_changes_nothing():
    from autogen_zettel.base.cards import Card, CardKind, Hit

    hits = [Hit(Card("q", "Why?", CardKind.FACT, "Ada", T0, ("q",)), 1.0, "immediate")]
    assert demote_questions(hits, 0.0) == hits


NAMED = [
    ("Ann, Ann, you are the best, Ann!", "Bob", "b1", "s1", None),
    ("I paint sunsets at the lake on weekends.", "Ann", "a1", "s1", None),
    ("My sister likes to paint old barns.", "Bob", "b2", "s2", None),
]


def test_the_named_participants_name_no_longer_pulls_replies_that_address_them():
    query = "What does Ann paint?"
    # as a lexical word the name ranks Bob's "Ann, Ann, ... Ann!" above what Ann paints
    before = _recall(
        NAMED, query, hops=0, speaker_boost=0.0, named_speaker_weight=1.0, dense_without_name=False
    )
    assert before.index("b1") < before.index("b2")
    after = _recall(
        NAMED, query, hops=0, speaker_boost=0.0, named_speaker_weight=0.0, dense_without_name=False
    )
    assert after[0] == "a1" and after.index("b2") < after.index("b1")


def test_a_query_naming_nobody_is_searched_once_as_it_is():
    query = "Who paints barns?"
    assert _recall(NAMED, query, hops=0, named_speaker_weight=0.0) == _recall(
        NAMED, query, hops=0, named_speaker_weight=1.0
    )


CAMPING = [
    ("Where do you go camping every summer with the family?", "Bob", "b1", "s1", None),
    ("The lake near Porto, every year.", "Ann", "a1", "s1", "b1"),
    ("Camping gear is expensive these days, summer prices.", "Bob", "b2", "s2", None),
]


def test_a_card_that_only_asks_gives_its_place_to_the_answer_it_unlocks():
    query = "Where does the family go camping in summer?"
    asked = _recall(CAMPING, query, question_discount=0.0)
    assert asked.index("b1") < asked.index("a1")  # the answer comes just after its question
    told = _recall(CAMPING, query, question_discount=0.6)
    assert told.index("a1") < told.index("b1")


def test_a_participant_who_joins_after_the_first_recall_is_recognised():
    cfg = MemoryConfig()
    tuning = cfg.recall.tuning.model_copy(
        update={
            "hops": 0,
            "speaker_boost": 0.0,
            "named_speaker_weight": 0.0,
            "dense_without_name": False,
            "dense_weight": 0.4,
        }
    )
    cfg = cfg.model_copy(update={"recall": cfg.recall.model_copy(update={"tuning": tuning})})
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), config=cfg) as hub:
        mem = hub.tenant("t")
        mem.remember("My sister likes to paint old barns.", speaker="Bob", message_id="b2", at=T0)
        mem.recall("what does anyone paint?", at=T0)  # the participants are read once, here
        assert tenant_parts(mem).store.peek("speakers") == {"Bob"}
        mem.remember(
            "Cleo, Cleo, you are the best, Cleo!",
            speaker="Bob",
            message_id="b1",
            at=T0 + timedelta(minutes=1),
        )
        mem.remember(
            "I paint foxes in the snow.", speaker="Cleo", message_id="c1", at=T0 + timedelta(minutes=2)
        )
        assert tenant_parts(mem).store.peek("speakers") == {"Bob", "Cleo"}  # grown by the writes
        ranked = [
            h.card.source_ids[0] for h in mem.recall("What does Cleo paint?", k=3, at=T0 + timedelta(days=1))
        ]
        assert ranked[0] == "c1" and ranked.index("b2") < ranked.index("b1")
        tenant_parts(mem).store.invalidate()  # forget and maintain do this: read again on the next recall
        mem.recall("What does Cleo paint?", at=T0 + timedelta(days=1))
        assert tenant_parts(mem).store.peek("speakers") == {"Bob", "Cleo"}


def test_without_names_drops_each_word_of_the_names_and_their_possessive():
    from autogen_zettel.recall.focus import without_names

    assert (
        without_names("Did Ann Lee and BOB both paint Ann’s barn?", {"Ann Lee", "Bob"})
        == "Did and both paint barn?"
    )
    assert without_names("Where did Annabel go?", {"Ann"}) == "Where did Annabel go?"  # whole words only
    assert (
        without_names("What does Al paint?", {"Al"}) == "What does Al paint?"
    )  # as names_in: 3 letters or more


def test_the_dense_query_leaves_the_named_participant_out_only_when_asked():
    seen = []
    Recording = _recording(seen)

    for drop in (False, True):
        cfg = MemoryConfig()
        cfg = cfg.model_copy(
            update={
                "recall": cfg.recall.model_copy(
                    update={"tuning": cfg.recall.tuning.model_copy(update={"dense_without_name": drop})}
                )
            }
        )
        with MemoryHub.open(memory=True, embedder=Recording(), config=cfg) as hub:
            mem = hub.tenant("t")
            mem.remember("I paint sunsets at the lake.", speaker="Ann", message_id="a1", at=T0)
            mem.recall("What does Ann paint?", at=T0 + timedelta(days=1))
            mem.recall("Who paints?", at=T0 + timedelta(days=1))
    assert seen == ["What does Ann paint?", "Who paints?", "What does paint?", "Who paints?"]


def test_associative_focus_lowers_only_what_someone_else_said():
    from autogen_zettel.base.cards import Card, CardKind, Link, LinkKind
    from autogen_zettel.cards.graph import build_graph
    from autogen_zettel.recall.presets import DEFAULT
    from autogen_zettel.recall.progressive import unlock

    said = {"a": "Ann", "reply": "Bob", "a2": "Ann", "own": "Ann"}
    cards = {i: Card(i, i, CardKind.FACT, who, T0, (i,)) for i, who in said.items()}
    # Bob's reply to Ann's best hit and Ann's own card next to it are both unlocked from "a"
    G = build_graph([Link("reply", "a", LinkKind.REPLY_TO, 1.0), Link("own", "a", LinkKind.REPLY_TO, 1.0)])
    lookup = lambda ids: {i: cards[i] for i in ids if i in cards}  # noqa: E731
    immediate = [("a", 1.0), ("a2", 0.3)]

    def ranked(focus, named):
        cfg = DEFAULT.model_copy(update=dict(threshold=0.0, associative_share=1.0, associative_focus=focus))
        return [h.card.id for h in unlock(immediate, G, lookup, cfg, k=4, now=T0, named=named)]

    assert ranked(0.0, {"Ann"}).index("reply") < ranked(0.0, {"Ann"}).index("a2")
    focused = ranked(1.0, {"Ann"})
    assert focused.index("own") < focused.index("a2") < focused.index("reply")
    assert ranked(1.0, set()) == ranked(0.0, {"Ann"})  # a query naming nobody: nothing changes


def test_the_labels_of_an_agents_quoted_messages_name_nobody():
    """An agent's recall query quotes the chat as "Name: text" lines: the writer's label is not
    the question's subject, so only a name inside a message counts as naming a participant."""
    from autogen_zettel.recall.focus import without_labels
    from autogen_zettel.recall.weights import names_in

    query = "Ana: what did Bo say about the budget?\nCleo: and the venue"
    assert names_in(without_labels(query), {"Ana", "Bo Li", "Cleo"}) == set()  # "Bo" has 2 letters
    assert names_in(without_labels("Ana: what did Cleo say?"), {"Ana", "Cleo"}) == {"Cleo"}
    assert without_labels("Ana Lee: hi\nuser_proxy: ok") == "hi\nok"  # names of up to three words
    # a question with a colon in it is no label: its named participant still counts
    for question in (
        "What did Melanie say about the trip: was it fun?",
        "Did Melanie mention her plans for 2024: adoption?",
        "10: 30 meeting with Melanie",
    ):
        assert without_labels(question) == question and names_in(without_labels(question), {"Melanie"}) == {
            "Melanie"
        }
    seen = []
    Recording = _recording(seen)

    with MemoryHub.open(memory=True, embedder=Recording()) as hub:
        mem = hub.tenant("t")
        mem.remember("The budget is 40k for the offsite.", speaker="Cleo", message_id="c1", at=T0)
        mem.recall("Cleo: what is the budget?\nAna: what did Cleo book?", at=T0 + timedelta(days=1))
    # the name inside Ana's message leaves the dense query (dense_without_name); the labels stay
    assert seen == ["Cleo: what is the budget?\nAna: what did book?"]


def test_a_name_the_question_misspells_is_focused_and_cut_as_the_written_one():
    """Real chats' questions write names their own way ("Muhammad" for the speaker Muhhamed):
    the dense query leaves the misspelt name out as it leaves out the label."""
    from autogen_zettel.recall.weights import misspelt_names_in

    assert misspelt_names_in("What did Mohammed eat?", {"Muhhamed", "Akib"}) == {"Muhhamed": ["Mohammed"]}
    assert misspelt_names_in("What did Akim eat?", {"Muhhamed", "Akib"}) == {"Akib": ["Akim"]}
    assert misspelt_names_in("What did Akib eat?", {"Muhhamed", "Akib"}) == {}  # written as is
    assert misspelt_names_in("Where is Lisbon?", {"Lise"}) == {}  # two edits from a short name
    seen = []
    with MemoryHub.open(memory=True, embedder=_recording(seen)()) as hub:
        mem = hub.tenant("t")
        mem.remember("I ate ramen at the night market.", speaker="Muhhamed", message_id="m1", at=T0)
        mem.remember("I ate a burger.", speaker="Akib", message_id="a1", at=T0)
        mem.recall("What did Muhammad eat at the market?", at=T0 + timedelta(days=1))
    assert seen == ["What did eat at the market?"]
