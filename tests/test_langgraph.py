"""The LangGraph store and nodes on real hubs (the hashing embedder; one test on the bundled
MiniLM), through LangGraph's own interface and a real compiled ``StateGraph``."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("langgraph")

from langchain_core.messages import AIMessage, HumanMessage  # noqa: E402
from langgraph.checkpoint.memory import InMemorySaver  # noqa: E402
from langgraph.graph import START, MessagesState, StateGraph  # noqa: E402
from langgraph.store.base import BaseStore, InvalidNamespaceError  # noqa: E402

from autogen_zettel import InvalidInput, MemoryHub  # noqa: E402
from autogen_zettel.agent.langgraph import ZettelStore, capture_node, recall_node  # noqa: E402


@pytest.fixture
def store(hub):
    s = ZettelStore(hub)
    yield s
    s.close()


# -- the store's interface ------------------------------------------------------------------
def test_put_get_search_delete(store, hub):
    ns = ("assistant", "alice")
    store.put(ns, "home", {"content": "I moved to Lisbon in May.", "source": "chat"})
    item = store.get(ns, "home")
    assert item.key == "home" and item.namespace == ns
    assert item.value == {"content": "I moved to Lisbon in May.", "source": "chat"}
    assert item.created_at.tzinfo is not None and item.created_at == item.updated_at

    hits = store.search(("assistant",), query="Where does alice live? Lisbon")
    assert hits and hits[0].key == "home" and hits[0].namespace == ns
    assert hits[0].score is not None and hits[0].score > 0

    assert store.search(ns, filter={"source": "chat"})[0].key == "home"
    assert store.search(ns, filter={"source": "mail"}) == []

    store.put(ns, "home", {"content": "I moved to Porto in June."})
    updated = store.get(ns, "home")
    assert updated.value["content"].startswith("I moved to Porto")
    assert updated.created_at == item.created_at and updated.updated_at >= item.updated_at
    mem = hub.tenant("assistant.alice")
    assert not any("Lisbon" in c.content for c in mem.cards()), "the update forgot the old value's cards"

    store.delete(ns, "home")
    assert store.get(ns, "home") is None
    assert not any("Porto" in c.content for c in mem.cards())
    assert any(e.action == "forget" for e in mem.audit.entries())
    store.delete(ns, "home")  # deleting what is gone is a no-op, as in InMemoryStore


def test_secrets_in_values_are_redacted(store):
    ns = ("assistant", "bob")
    store.put(
        ns, "card", {"content": "My card number is 4111 1111 1111 1111.", "tags": ["pay 4111 1111 1111 1111"]}
    )
    value = store.get(ns, "card").value
    assert "4111" not in str(value)


def test_namespaces(store):
    store.put(("assistant",), "a", {"content": "The sprint review is on Friday."})
    store.put(("assistant", "alice"), "b", {"content": "I like green tea."})
    store.put(("critic", "bob"), "c", {"content": "I prefer short answers."})
    assert store.list_namespaces() == [("assistant",), ("assistant", "alice"), ("critic", "bob")]
    assert store.list_namespaces(prefix=("assistant",)) == [("assistant",), ("assistant", "alice")]
    assert store.list_namespaces(suffix=("bob",)) == [("critic", "bob")]
    assert store.list_namespaces(max_depth=1) == [("assistant",), ("critic",)]
    assert store.list_namespaces(prefix=("*", "alice")) == [("assistant", "alice")]
    assert store.list_namespaces(limit=1, offset=1) == [("assistant", "alice")]
    # reading an unknown namespace creates nothing
    assert store.get(("nobody",), "x") is None
    assert store.search(("nobody",), query="tea") == []
    assert ("nobody",) not in store.list_namespaces()


def test_bad_namespaces_are_refused(store):
    with pytest.raises(InvalidNamespaceError):
        store.put(("a.b",), "k", {"content": "x"})
    with pytest.raises(InvalidInput, match="too deep"):
        store.put(("a", "b", "c"), "k", {"content": "x"})
    with pytest.raises(InvalidInput, match="not allowed"):
        store.put(("assistant", "al ice"), "k", {"content": "x"})
    with pytest.raises(InvalidInput, match="must be a dict"):
        store.batch([__import__("langgraph.store.base", fromlist=["PutOp"]).PutOp(("a",), "k", ["x"])])


def test_index_false_keeps_the_value_out_of_recall(store):
    ns = ("assistant",)
    store.put(ns, "note", {"content": "The launch code word is pineapple."}, index=False)
    assert store.get(ns, "note").value["content"].endswith("pineapple.")
    assert store.search(ns, query="launch code word pineapple") == []
    assert [i.key for i in store.search(ns)] == ["note"]


def test_index_fields(store, hub):
    ns = ("assistant",)
    store.put(ns, "k", {"title": "Travel", "body": "Ann flies to Nairobi on Tuesday."}, index=["body"])
    contents = " ".join(c.content for c in hub.tenant("assistant").cards())
    assert "Nairobi" in contents and "Travel" not in contents


def test_batch_and_async_variants(store):
    from langgraph.store.base import GetOp, PutOp, SearchOp

    ns = ("assistant",)
    out = store.batch(
        [
            PutOp(ns, "k", {"content": "The budget review moved to March."}),
            GetOp(ns, "k"),
            PutOp(ns, "k", {"content": "The budget review moved to April."}),
        ]
    )
    assert out == [None, None, None]  # reads run before the puts; the last put of a key wins
    assert "April" in store.get(ns, "k").value["content"]

    async def run():
        await store.aput(ns, "j", {"content": "Ravi adopted a cat named Miso."})
        item = await store.aget(ns, "j")
        hits = await store.asearch(ns, query="Ravi cat Miso")
        spaces = await store.alist_namespaces()
        await store.adelete(ns, "j")
        return item, hits, spaces, await store.aget(ns, "j")

    item, hits, spaces, gone = asyncio.run(run())
    assert item.value["content"].startswith("Ravi")
    assert hits[0].key == "j"
    assert spaces == [ns]
    assert gone is None
    assert isinstance(store, BaseStore)
    assert store.batch([SearchOp(ns, None, 10, 0, None)])[0][0].key == "k"


def test_an_item_forgotten_by_the_library_goes(store, hub):
    ns = ("assistant", "alice")
    store.put(ns, "k", {"content": "I moved to Lisbon in May."})
    hub.tenant("assistant.alice").forget(subject="alice")
    assert store.get(ns, "k") is None
    assert store.search(ns) == []


def test_items_survive_a_reopen(disk_hub_factory):
    hub = disk_hub_factory()
    s = ZettelStore(hub)
    s.put(("assistant",), "k", {"content": "The pilot enrolled 42 participants."})
    s.close()
    hub.close()
    hub = disk_hub_factory()
    s = ZettelStore(hub)
    assert s.get(("assistant",), "k").value["content"].startswith("The pilot")
    assert s.search(("assistant",), query="How many participants did the pilot enrol?")[0].key == "k"
    s.close()


# -- a compiled graph ---------------------------------------------------------------------------
class State(MessagesState):
    unlocked_memories: str


def _graph(hub):
    """recall -> reply -> capture; the reply says what was unlocked, as a model would read it."""

    def reply(state: State) -> dict:
        return {"messages": [AIMessage(f"(memory: {state.get('unlocked_memories') or 'none'})")]}

    builder = StateGraph(State)
    builder.add_node("recall", recall_node(hub, "assistant"))
    builder.add_node("reply", reply)
    builder.add_node("capture", capture_node(hub, "assistant"))
    builder.add_edge(START, "recall")
    builder.add_edge("recall", "reply")
    builder.add_edge("reply", "capture")
    return builder.compile(checkpointer=InMemorySaver(), store=ZettelStore(hub))


def _ask(graph, text: str, thread: str, user: str) -> dict:
    config = {"configurable": {"thread_id": thread, "user_id": user}}
    return graph.invoke({"messages": [HumanMessage(text)]}, config)


def test_a_graph_remembers_across_threads_and_keeps_users_apart(hub):
    graph = _graph(hub)
    _ask(graph, "I moved to Lisbon in May and I work as a nurse there.", "t1", "alice")
    _ask(graph, "My sister Priya lives in Oslo and teaches chemistry.", "t2", "bob")
    hub.flush()

    alice = _ask(graph, "Where did I move to?", "t3", "alice")
    assert "Lisbon" in alice["unlocked_memories"]
    assert "<zettel-recall" in alice["unlocked_memories"]
    assert "Oslo" not in alice["unlocked_memories"] and "Priya" not in alice["unlocked_memories"]

    bob = _ask(graph, "Where does my sister live? Lisbon or Oslo?", "t4", "bob")
    assert "Oslo" in bob["unlocked_memories"] and "Lisbon" not in bob["unlocked_memories"]

    # the store sees what the nodes captured, under the same namespaces
    hits = graph.store.search(("assistant", "alice"), query="where did alice move? Lisbon")
    assert hits and "Lisbon" in hits[0].value["content"]
    assert graph.store.get(("assistant", "alice"), hits[0].key).value == hits[0].value
    bobs = graph.store.search(("assistant", "bob"), query="who works as a nurse?")
    assert all("nurse" not in h.value["content"] for h in bobs)


def test_capture_takes_the_latest_turn_once(hub):
    graph = _graph(hub)
    _ask(graph, "I moved to Lisbon in May.", "t1", "alice")
    _ask(graph, "I adopted a cat named Miso.", "t1", "alice")
    hub.flush()
    mem = hub.tenant("assistant.alice")
    contents = [c.content for c in mem.cards()]
    assert sum("Lisbon" in c for c in contents) == 1, contents
    assert any("Miso" in c for c in contents)
    assert all("<zettel-recall" not in c for c in contents)
    assert {c.session_id for c in mem.cards()} == {"t1"}
    assert "alice" in mem.people.speakers()


def test_node_arguments_are_checked(hub):
    with pytest.raises(InvalidInput, match="MemoryHub"):
        recall_node(object(), "assistant")
    with pytest.raises(InvalidInput, match="not allowed"):
        capture_node(hub, "a b")


@pytest.mark.integration
def test_the_graph_on_the_default_embedder(tmp_path, minilm):
    hub = MemoryHub.open(tmp_path / "data", embedder=minilm)
    try:
        graph = _graph(hub)
        _ask(graph, "I moved to Lisbon in May and I work as a nurse there.", "t1", "alice")
        _ask(graph, "My sister Priya lives in Oslo and teaches chemistry.", "t2", "bob")
        hub.flush()
        alice = _ask(graph, "Which city did I move to?", "t3", "alice")
        assert "Lisbon" in alice["unlocked_memories"] and "Oslo" not in alice["unlocked_memories"]
    finally:
        hub.close()


def test_the_reply_teaches_the_links_the_recall_before_it_followed(hub):
    """As the AutoGen agents and the MCP server do: the capture node judges the links the recall
    node's recall followed by what the reply repeats, in the background."""
    from .test_link_learning import QUESTION, TALK

    mem = hub.tenant("assistant.alice")
    for i, (text, speaker) in enumerate(TALK):
        mem.remember(
            text, speaker=speaker, session_id="s0", message_id=f"m{i}", reply_to=f"m{i - 1}" if i else None
        )
    mem.flush()
    said = " ".join(text for text, _ in TALK)

    builder = StateGraph(State)
    builder.add_node("recall", recall_node(hub, "assistant"))
    builder.add_node("reply", lambda state: {"messages": [AIMessage(f"From what you told me: {said}")]})
    builder.add_node("capture", capture_node(hub, "assistant"))
    builder.add_edge(START, "recall")
    builder.add_edge("recall", "reply")
    builder.add_edge("reply", "capture")
    graph = builder.compile(checkpointer=InMemorySaver())
    _ask(graph, QUESTION, "t1", "alice")
    hub.flush()
    learned = [link for c in mem.cards() for link in mem.links(c.id) if link.learned is not None]
    assert learned and all(link.learned > 1 for link in learned)
