"""The Zettelkasten memory for LangGraph: :class:`ZettelStore`, a ``langgraph.store.base.BaseStore``
over a :class:`~autogen_zettel.memory.hub.MemoryHub`, and the two nodes of seed 000's sketch,
:func:`recall_node` and :func:`capture_node`. Install with ``pip install "autogen-zettel[langgraph]"``::

    hub = MemoryHub.open("./memory")
    builder = StateGraph(State)          # State: MessagesState plus ``unlocked_memories: str``
    builder.add_node("recall", recall_node(hub, "assistant"))
    builder.add_node("reply", reply)     # reads state["unlocked_memories"]
    builder.add_node("capture", capture_node(hub, "assistant"))
    ...
    graph = builder.compile(checkpointer=InMemorySaver(), store=ZettelStore(hub))
    graph.invoke({"messages": [...]}, {"configurable": {"thread_id": "t1", "user_id": "alice"}})

Namespaces are tenants. ``("assistant",)`` is the agent's own memory (tenant ``assistant``);
``("assistant", "alice")`` is what that agent remembers of one person (tenant
``assistant.alice``), so two users of one agent never see each other's cards, not through
search, links nor the person layers: separate tenants are separate by construction. LangGraph
forbids ``.`` in namespace labels, which keeps the mapping one to one; deeper namespaces, and
labels that are not tenant names (1-64 of letters, digits, ``_``, ``-``), are refused.

Items and cards: :meth:`ZettelStore.put` remembers the value (its text, see ``index``) through
the library, so redaction, the never-persist secrets, the refiner and the link engine all apply,
and keeps the value (its strings redacted) under its key in a small SQLite file of its own beside
the hub's tenants (``langgraph-items.sqlite``; in memory for a memory hub), so :meth:`get` returns
the item as it was put. ``search`` with a ``query`` recalls through progressive unlocking
(hybrid search, then the links) and returns each unlocked item once with the recall score
(higher is better); a card that no put made (what :func:`capture_node` captured) is an item of
its own, keyed by the card id, with ``{"content", "kind", "speaker", "session_id"}`` as its value.
``delete`` forgets the item's cards (audited like every forget). An item whose cards the library
forgot by other means (``forget(subject=...)``, ``drop_tenant``) disappears at its next read.

The nodes run in the graph: :func:`recall_node` writes the finished ``<zettel-recall>`` block for
the latest messages into ``state["unlocked_memories"]``; :func:`capture_node` queues the latest
turn for the hub's background worker (off the reply path; ``hub.flush()`` waits for it), and
the turn's reply teaches the links the recall before it followed (the cards the reply repeats
were used, as the AutoGen agents judge theirs). Both
take the person from ``config["configurable"]["user_id"]`` (``user_key``) and the memory session
from ``thread_id``. This module is the only one that imports ``langgraph`` (checked by
import-linter).
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import threading
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.store.base import (
    BaseStore,
    GetOp,
    Item,
    ListNamespacesOp,
    MatchCondition,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
    get_text_at_path,
    tokenize_path,
    validate_op_namespace,
)

from autogen_zettel.base.cards import Hit
from autogen_zettel.base.errors import InvalidInput, QueueFull
from autogen_zettel.cards.link_strength import reply_used
from autogen_zettel.memory import MemoryHub, Zettelkasten, validate_tenant_name
from autogen_zettel.memory.tenant import tenant_parts

__all__ = ["ZettelStore", "capture_node", "namespace_of", "recall_node", "tenant_of"]

log = logging.getLogger(__name__)

ITEMS_FILE = "langgraph-items.sqlite"
# the value fields whose text is remembered when a put names none (the first one present wins);
# without any of them, every string leaf of the value is remembered as "field: text" lines
TEXT_FIELDS = ("content", "text", "memory", "data")
_RECALL_MARK = "<zettel-recall"  # text the memory injected is never captured again


# -- namespaces <-> tenants ----------------------------------------------------------------
def tenant_of(namespace: Sequence[str]) -> str:
    """The tenant a namespace names: ``("ada",)`` -> ``"ada"``, ``("ada", "bob")`` -> ``"ada.bob"``.

    >>> tenant_of(("assistant", "alice"))
    'assistant.alice'
    >>> tenant_of(("a", "b", "c"))
    Traceback (most recent call last):
    ...
    autogen_zettel.base.errors.InvalidInput: namespace ('a', 'b', 'c') is too deep: ...
    """
    namespace = tuple(namespace)
    if not 1 <= len(namespace) <= 2:
        raise InvalidInput(
            f"namespace {namespace!r} is too deep: use (agent,) for an agent's memory or "
            "(agent, person) for what it remembers of one person"
        )
    for label in namespace:
        if not isinstance(label, str) or "." in label:
            raise InvalidInput(f"namespace label {label!r} in {namespace!r} must be text without '.'")
        try:
            validate_tenant_name(label)
        except InvalidInput:
            raise InvalidInput(
                f"namespace label {label!r} in {namespace!r} is not allowed: use 1-64 letters, digits, "
                "'_' or '-', starting with a letter or digit (e.g. 'assistant' or 'user-42')"
            ) from None
    return validate_tenant_name(".".join(namespace))


def namespace_of(tenant: str) -> tuple[str, ...]:
    """The namespace of a tenant, the inverse of :func:`tenant_of`.

    >>> namespace_of("assistant.alice")
    ('assistant', 'alice')
    """
    return tuple(tenant.split(".", 1))


def _aware(at: datetime) -> datetime:
    return at.replace(tzinfo=timezone.utc) if at.tzinfo is None else at


def _matches(value: Any, wanted: Any) -> bool:
    """LangGraph's filter semantics (those of its InMemoryStore): equality, nested dicts, and
    the operators ``$eq $ne $gt $gte $lt $lte``."""
    if isinstance(wanted, dict):
        if any(k.startswith("$") for k in wanted):
            return all(_operator(value, op, v) for op, v in wanted.items())
        return isinstance(value, dict) and all(_matches(value.get(k), v) for k, v in wanted.items())
    if isinstance(wanted, (list, tuple)):
        return (
            isinstance(value, (list, tuple))
            and len(value) == len(wanted)
            and all(_matches(a, b) for a, b in zip(value, wanted, strict=True))
        )
    return value == wanted


def _operator(value: Any, op: str, arg: Any) -> bool:
    if op == "$eq":
        return value == arg
    if op == "$ne":
        return value != arg
    compare = {
        "$gt": lambda a, b: a > b,
        "$gte": lambda a, b: a >= b,
        "$lt": lambda a, b: a < b,
        "$lte": lambda a, b: a <= b,
    }.get(op)
    if compare is None:
        raise InvalidInput(f"filter operator {op!r} is not supported; use $eq, $ne, $gt, $gte, $lt or $lte")
    if value is None:
        return False
    return compare(float(value), float(arg))


def _namespace_matches(condition: MatchCondition, namespace: tuple[str, ...]) -> bool:
    path = tuple(condition.path)
    if len(namespace) < len(path):
        return False
    pairs = (
        zip(namespace, path) if condition.match_type == "prefix" else zip(reversed(namespace), reversed(path))
    )
    return all(p == "*" or n == p for n, p in pairs)


class ZettelStore(BaseStore):
    """A LangGraph store whose namespaces are Zettelkasten tenants of one hub.

    The hub is the caller's (``close()`` it when done); :meth:`close` closes only the items file.

    :param hub: the memory hub
    :param speaker: who a put under ``(agent,)`` is filed under (under ``(agent, person)`` it is
        the person)
    :param items_path: where the items file lives (default: ``langgraph-items.sqlite`` in the
        hub's data folder; in memory for a memory hub)
    """

    __slots__ = ("_conn", "_lock", "hub", "speaker")

    def __init__(self, hub: MemoryHub, *, speaker: str = "user", items_path: str | Path | None = None):
        if not isinstance(hub, MemoryHub):
            raise InvalidInput(f"hub must be a MemoryHub (MemoryHub.open(...)), got {type(hub).__name__}")
        if not isinstance(speaker, str) or not speaker.strip():
            raise InvalidInput(f"speaker must be a non-empty name, got {speaker!r}")
        self.hub = hub
        self.speaker = speaker.strip()
        path = items_path if items_path is not None else (hub.data_dir / ITEMS_FILE if hub.data_dir else None)
        if path is not None:
            Path(path).touch(mode=0o600, exist_ok=True)  # values are memory: private like the tenants
        self._conn = sqlite3.connect(str(path) if path is not None else ":memory:", check_same_thread=False)
        self._conn.execute(
            "CREATE TABLE IF NOT EXISTS items (tenant TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,"
            " card_ids TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,"
            " PRIMARY KEY (tenant, key))"
        )
        self._conn.commit()
        self._lock = threading.RLock()

    def close(self) -> None:
        """Close the items file (the hub stays open)."""
        with self._lock:
            self._conn.close()

    # -- BaseStore ---------------------------------------------------------------------------
    def batch(self, ops: Iterable[Op]) -> list[Result]:
        """Run the operations: reads in order, then the puts (the last put of a key wins), as
        LangGraph's InMemoryStore does."""
        ops = list(ops)
        results: list[Result] = []
        puts: dict[tuple[tuple[str, ...], str], PutOp] = {}
        for op in ops:
            validate_op_namespace(op)
            if isinstance(op, GetOp):
                results.append(self._get(tuple(op.namespace), op.key))
            elif isinstance(op, SearchOp):
                results.append(self._search(op))
            elif isinstance(op, ListNamespacesOp):
                results.append(self._list_namespaces(op))
            elif isinstance(op, PutOp):
                puts[(tuple(op.namespace), op.key)] = op
                results.append(None)
            else:
                raise InvalidInput(f"unknown store operation {type(op).__name__}")
        for op in puts.values():
            if op.value is None:
                self._delete(tuple(op.namespace), op.key)
            else:
                self._put(tuple(op.namespace), op.key, op.value, op.index)
        return results

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        """:meth:`batch` in a thread (recall and remember are blocking calls)."""
        return await asyncio.to_thread(self.batch, list(ops))

    # -- the operations ----------------------------------------------------------------------
    def _memory(self, namespace: tuple[str, ...], *, create: bool) -> Zettelkasten | None:
        tenant = tenant_of(namespace)
        if not create and tenant not in self.hub.tenants():
            return None  # reading creates nothing
        return self.hub.tenant(tenant)

    def _row(self, tenant: str, key: str) -> tuple | None:
        with self._lock:
            return self._conn.execute(
                "SELECT value, card_ids, created_at, updated_at FROM items WHERE tenant = ? AND key = ?",
                (tenant, key),
            ).fetchone()

    def _rows(self, tenant: str) -> list[tuple]:
        with self._lock:
            return self._conn.execute(
                "SELECT key, value, card_ids, created_at, updated_at FROM items WHERE tenant = ?", (tenant,)
            ).fetchall()

    def _drop_row(self, tenant: str, key: str) -> None:
        with self._lock:
            self._conn.execute("DELETE FROM items WHERE tenant = ? AND key = ?", (tenant, key))
            self._conn.commit()

    def _alive(self, mem: Zettelkasten, key: str, card_ids: list[str]) -> bool:
        """Whether a put's cards still exist; an item whose every card was forgotten by other
        means goes with them (its row is removed now)."""
        if not card_ids or tenant_parts(mem).cards_by_id(card_ids):
            return True
        log.info("tenant %s: the cards of item %r were forgotten; the item goes too", mem.name, key)
        self._drop_row(mem.name, key)
        return False

    def _get(self, namespace: tuple[str, ...], key: str) -> Item | None:
        mem = self._memory(namespace, create=False)
        if mem is None:
            return None
        row = self._row(mem.name, key)
        if row is not None:
            value, card_ids, created, updated = row
            if not self._alive(mem, key, json.loads(card_ids)):
                return None
            return Item(
                value=json.loads(value),
                key=key,
                namespace=namespace,
                created_at=datetime.fromisoformat(created),
                updated_at=datetime.fromisoformat(updated),
            )
        card = tenant_parts(mem).cards_by_id([key]).get(key)
        return _card_item(card, namespace) if card is not None else None

    def _put(self, namespace: tuple[str, ...], key: str, value: Mapping[str, Any], index: Any) -> None:
        if not isinstance(value, Mapping):
            raise InvalidInput(f"an item's value must be a dict, got {type(value).__name__}")
        mem = self.hub.tenant(tenant_of(namespace))  # a put creates the tenant
        now = _aware(tenant_parts(mem).now()).isoformat()
        old = self._row(mem.name, key)
        if old is not None:  # an update replaces what the old value taught the memory
            stale = list(tenant_parts(mem).cards_by_id(json.loads(old[1])))
            if stale:
                mem.forget(stale)
        kept = _redacted(mem, dict(value))
        card_ids: list[str] = []
        if index is not False:
            text = _value_text(kept, index)
            if text.strip():
                speaker = namespace[1] if len(namespace) == 2 else self.speaker
                cards = mem.remember(text, speaker=speaker, message_id=f"langgraph:{key}:{now}")
                card_ids = [c.id for c in cards]
        created = old[2] if old is not None else now
        with self._lock:
            self._conn.execute(
                "INSERT OR REPLACE INTO items VALUES (?, ?, ?, ?, ?, ?)",
                (mem.name, key, json.dumps(kept), json.dumps(card_ids), created, now),
            )
            self._conn.commit()

    def _delete(self, namespace: tuple[str, ...], key: str) -> None:
        mem = self._memory(namespace, create=False)
        if mem is None:
            return
        row = self._row(mem.name, key)
        ids = json.loads(row[1]) if row is not None else [key]
        present = list(tenant_parts(mem).cards_by_id(ids))
        if present:
            mem.forget(present)
        if row is not None:
            self._drop_row(mem.name, key)

    def _tenants_under(self, prefix: tuple[str, ...]) -> list[str]:
        return [t for t in self.hub.tenants() if namespace_of(t)[: len(prefix)] == prefix]

    def _search(self, op: SearchOp) -> list[SearchItem]:
        prefix = tuple(op.namespace_prefix)
        if op.limit < 0 or op.offset < 0:
            raise InvalidInput(f"limit and offset must be >= 0, got {op.limit!r} and {op.offset!r}")
        found: list[SearchItem] = []
        for tenant in self._tenants_under(prefix):
            mem = self.hub.tenant(tenant)
            items = self._recalled(mem, op) if op.query else self._listed(mem)
            found.extend(
                i
                for i in items
                if not op.filter or all(_matches(i.value.get(k), v) for k, v in op.filter.items())
            )
        if op.query:
            found.sort(key=lambda i: -(i.score or 0.0))
        else:
            found.sort(key=lambda i: i.updated_at, reverse=True)
        return found[op.offset : op.offset + op.limit]

    def _recalled(self, mem: Zettelkasten, op: SearchOp) -> list[SearchItem]:
        """The items progressive recall unlocks for the query, best first, each once."""
        namespace = namespace_of(mem.name)
        owner: dict[str, tuple] = {}
        for key, value, card_ids, created, updated in self._rows(mem.name):
            for cid in json.loads(card_ids):
                owner[cid] = (key, value, created, updated)
        want = op.offset + op.limit
        hits = mem.recall(op.query, k=max(want * (3 if op.filter else 1), 1))
        out: dict[str, SearchItem] = {}
        for hit in hits:
            row = owner.get(hit.card.id)
            if row is not None:
                key, value, created, updated = row
                item = SearchItem(
                    namespace, key, json.loads(value), datetime.fromisoformat(created),
                    datetime.fromisoformat(updated), score=float(hit.score),
                )  # fmt: skip
            else:
                base = _card_item(hit.card, namespace)
                item = SearchItem(
                    namespace, base.key, base.value, base.created_at, base.updated_at, score=float(hit.score)
                )
            if item.key not in out:  # hits come best first: the first is the item's best score
                out[item.key] = item
        return list(out.values())

    def _listed(self, mem: Zettelkasten) -> list[SearchItem]:
        """Every item of a tenant: its puts, and the active cards no put made."""
        namespace = namespace_of(mem.name)
        items: list[SearchItem] = []
        owned: set[str] = set()
        for key, value, card_ids, created, updated in self._rows(mem.name):
            ids = json.loads(card_ids)
            if not self._alive(mem, key, ids):
                continue
            owned.update(ids)
            items.append(
                SearchItem(
                    namespace,
                    key,
                    json.loads(value),
                    datetime.fromisoformat(created),
                    datetime.fromisoformat(updated),
                )  # fmt: skip
            )
        for card in mem.cards():
            if card.id not in owned and card.status.value == "active":
                base = _card_item(card, namespace)
                items.append(SearchItem(namespace, base.key, base.value, base.created_at, base.updated_at))
        return items

    def _list_namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        spaces = [namespace_of(t) for t in self.hub.tenants()]
        spaces = [ns for ns in spaces if all(_namespace_matches(c, ns) for c in op.match_conditions or ())]
        if op.max_depth is not None:
            spaces = [ns[: op.max_depth] for ns in spaces]
        return sorted(set(spaces))[op.offset : op.offset + op.limit]


def _card_item(card: Any, namespace: tuple[str, ...]) -> Item:
    """A card no put made, as an item keyed by its id."""
    at = _aware(card.created_at)
    return Item(
        value={
            "content": card.content,
            "kind": card.kind.value,
            "speaker": card.speaker,
            "session_id": card.session_id,
        },
        key=card.id,
        namespace=namespace,
        created_at=at,
        updated_at=_aware(card.updated_at) if card.updated_at else at,
    )


def _redacted(mem: Zettelkasten, value: Any) -> Any:
    """The value with every string redacted as the library redacts text it stores."""
    if isinstance(value, str):
        return tenant_parts(mem).redact(value).text
    if isinstance(value, Mapping):
        return {str(k): _redacted(mem, v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_redacted(mem, v) for v in value]
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        raise InvalidInput(
            f"an item's value must be JSON data, got {type(value).__name__}: {value!r}"
        ) from None
    return value


def _value_text(value: Mapping[str, Any], index: Sequence[str] | None) -> str:
    """The text of a value that is remembered: the ``index`` fields (LangGraph's paths, e.g.
    ``"memory"`` or ``"notes[*].text"``), else the first of :data:`TEXT_FIELDS`, else every
    string field as ``field: text`` lines."""
    if index:
        return "\n".join(t for path in index for t in get_text_at_path(value, tokenize_path(path)))
    for name in TEXT_FIELDS:
        if isinstance(value.get(name), str):
            return value[name]
    return "\n".join(
        f"{k}: {v}" for k, v in value.items() if isinstance(v, (str, int, float)) and not isinstance(v, bool)
    )


# -- the nodes ---------------------------------------------------------------------------------
def _said(message: Any) -> dict[str, Any] | None:
    """A LangChain message, a ``{"role", "content"}`` dict or a ``(role, text)`` pair as the
    library reads a chat message; None for one without text."""
    if isinstance(message, Mapping):
        role, content, name, mid = (
            message.get("role"),
            message.get("content"),
            message.get("name"),
            message.get("id"),
        )
    elif isinstance(message, tuple) and len(message) == 2:
        (role, content), name, mid = message, None, None
    else:
        role = getattr(message, "type", None)
        content, name, mid = (
            getattr(message, "content", None),
            getattr(message, "name", None),
            getattr(message, "id", None),
        )
    role = {"human": "user", "ai": "assistant"}.get(role, role)
    if isinstance(content, list):  # content blocks: keep the text ones
        content = " ".join(
            b if isinstance(b, str) else str(b.get("text", "")) for b in content if isinstance(b, (str, dict))
        )
    if role not in ("user", "assistant") or not isinstance(content, str) or not content.strip():
        return None
    return {"role": role, "name": name, "content": content, "id": mid}


def _configurable(config: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return (config or {}).get("configurable") or {}


# hub -> (tenant, thread) -> the hits of the recall node's last recall there, until the capture
# node sees the reply to it (the two nodes are separate closures, made separately)
_AWAITING: weakref.WeakKeyDictionary[MemoryHub, dict[tuple[str, str | None], list[Hit]]] = (
    weakref.WeakKeyDictionary()
)
_AWAITING_LOCK = threading.Lock()


def _await_use(hub: MemoryHub, key: tuple[str, str | None], hits: Sequence[Hit]) -> None:
    with _AWAITING_LOCK:
        _AWAITING.setdefault(hub, {})[key] = list(hits)


def _awaited(hub: MemoryHub, key: tuple[str, str | None]) -> list[Hit] | None:
    with _AWAITING_LOCK:
        return _AWAITING.get(hub, {}).pop(key, None)


def _node_tenant(
    agent: str, config: Mapping[str, Any] | None, user_key: str | None
) -> tuple[str, str | None]:
    person = _configurable(config).get(user_key) if user_key else None
    if person is None:
        return tenant_of((agent,)), None
    return tenant_of((agent, str(person))), str(person)


def _check_node_args(hub: Any, agent: Any) -> str:
    if not isinstance(hub, MemoryHub):
        raise InvalidInput(f"hub must be a MemoryHub (MemoryHub.open(...)), got {type(hub).__name__}")
    tenant_of((agent,))  # a usable namespace label
    return agent


def recall_node(
    hub: MemoryHub,
    agent: str,
    *,
    user_key: str | None = "user_id",
    messages_key: str = "messages",
    output_key: str = "unlocked_memories",
    k: int | None = None,
    budget: int | None = None,
    window: int | None = None,
) -> Callable[[Mapping[str, Any], RunnableConfig], dict[str, str]]:
    """A node that recalls for the latest messages and writes the finished recall block (the
    ``<zettel-recall>`` text, marked as data; ``""`` when nothing is unlocked) into
    ``state[output_key]``.

    The memory is the agent's, or, with ``config["configurable"][user_key]`` set, what the agent
    remembers of that person (tenant ``agent.person``). Cards that only restate messages of this
    thread already in the state are left out. The first time a thread reaches the node it waits
    for the captures queued before (so a new thread sees what the last one taught).

    :param k: at most this many cards; ``budget``: prompt tokens; ``window``: messages forming
        the query (defaults from the hub's config)
    """
    agent = _check_node_args(hub, agent)
    settled: set[tuple[str, str | None]] = set()

    def recall(state: Mapping[str, Any], config: RunnableConfig) -> dict[str, str]:
        tenant, _person = _node_tenant(agent, config, user_key)
        mem = hub.tenant(tenant)
        thread = _configurable(config).get("thread_id")
        if (tenant, thread) not in settled:
            settled.add((tenant, thread))
            mem.flush()
        said = [d for d in (_said(m) for m in state.get(messages_key) or []) if d is not None]
        block = mem.recall_block(
            said,
            agent=agent,
            k=k,
            budget=budget,
            window=window,
            session_id=str(thread) if thread is not None else None,
            seen={d["id"] for d in said if d["id"]},
        )
        _await_use(hub, (tenant, str(thread) if thread is not None else None), block.hits)
        return {output_key: block.text}

    return recall


def capture_node(
    hub: MemoryHub,
    agent: str,
    *,
    user_key: str | None = "user_id",
    messages_key: str = "messages",
    speaker: str = "user",
) -> Callable[[Mapping[str, Any], RunnableConfig], dict]:
    """A node that captures the latest turn (the messages after the agent's previous reply)
    off the reply path: it queues them for the hub's background worker and returns at once
    (``hub.flush()`` waits). Put it after the reply node.

    The user's messages are filed under the person (``config["configurable"][user_key]``), else
    their ``name``, else ``speaker``; the agent's under ``agent``. The thread is the session
    and a message's id its message id, so a turn captured twice gives no new cards.
    Text carrying a recall block is never captured. The reply judges the links that
    :func:`recall_node`'s recall before it followed, in the background: the recalled cards it
    repeats were used (:func:`~autogen_zettel.cards.link_strength.drawn_on`).
    """
    agent = _check_node_args(hub, agent)
    if not isinstance(speaker, str) or not speaker.strip():
        raise InvalidInput(f"speaker must be a non-empty name, got {speaker!r}")

    def capture(state: Mapping[str, Any], config: RunnableConfig) -> dict:
        tenant, person = _node_tenant(agent, config, user_key)
        thread = _configurable(config).get("thread_id")
        said = [d for d in (_said(m) for m in state.get(messages_key) or []) if d is not None]
        replies = [i for i, d in enumerate(said) if d["role"] == "assistant"]
        start = replies[-2] + 1 if len(replies) >= 2 else 0  # the latest turn, up to the reply
        turn = [d for d in said[start:] if _RECALL_MARK not in d["content"]]
        if not turn:
            return {}
        mem = hub.tenant(tenant)
        session = str(thread) if thread is not None else None
        for d in turn:
            who = agent if d["role"] == "assistant" else (person or d["name"] or speaker)
            mem.remember_later(d["content"], speaker=who, message_id=d["id"], session_id=session)
        reply = [d["content"] for d in turn if d["role"] == "assistant"]
        hits = _awaited(hub, (tenant, session)) if reply else None
        if hits:  # the reply judges the links the recall before it followed, off the reply path
            text = reply[-1]
            try:
                hub.worker.submit(tenant, lambda: mem.used(hits, reply_used(text, hits)))
            except QueueFull as exc:  # the lesson is dropped, the graph goes on
                log.warning("capture %s: links not taught from the reply: %s", tenant, exc)
        return {}

    return capture
