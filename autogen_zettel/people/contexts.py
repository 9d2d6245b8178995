"""Contexts of life (seed 000: work and private life kept apart): which sessions are said at
work, which at home, so a person's preferences can differ between them.

A context is declared by a name and the words that describe it, in any language the embedder
reads (``{"work": "meetings, deadlines, the office, 工作、开会", "personal": "family, weekend,
hobbies, 周末、家人"}``: a persona file's ``contexts``, or :meth:`Contexts.declare`). A session's
context is **set** by the caller (``mem.people.contexts.set(session_id, "work")``) or
**inferred** from what the session says: the mean meaning of its cards against each context's
description, assigned only when the best context leads the next one by a margin (else the session
stays shared). An inferred context is kept when the session ends; a set one always wins.

Reading by context (:meth:`~autogen_zettel.people.layers.Layers.preferences` with ``context=``)
takes that context's own evidence first and falls back to the shared evidence (sessions of no
context), never to another context's: "keep it short" said at work does not make weekend replies
short.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from collections.abc import Mapping
from datetime import datetime

import numpy as np

from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.people.tables import LayerTables

__all__ = ["Contexts", "INFER_MARGIN", "describe", "infer_context", "validate_context_name"]

log = logging.getLogger(__name__)

#: how far the best context's cosine must lead the next one's (the shared anchor among them) for a
#: session to be assigned to it; 0 was best on the tune fold (0.0025-0.01 only left sessions shared)
#: (chosen on the tune half of tests/data/contexts.jsonl, reported on its held half; see
#: docs/concepts/layers.md)
INFER_MARGIN = 0.0
#: the most recent cards of a session read to infer its context
_WINDOW = 12
_NAME = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
#: where a tenant keeps its declared contexts (meta table), so an inference made after a restart
#: (a session the reopened hub ends for its idle gap) reads the same contexts
_META = "contexts_declared"


def validate_context_name(name: str, *, where: str = "context") -> str:
    """``name`` if it can name a context (1-40 lowercase letters, digits or '_'), else
    :class:`InvalidInput` saying so."""
    if not isinstance(name, str) or not _NAME.match(name):
        raise InvalidInput(
            f"{where} {name!r} cannot name a context: use 1-40 lowercase letters, digits or '_', "
            "starting with a letter, e.g. 'work' or 'personal'"
        )
    return name


#: what belongs to no context: a session nearest this stays shared (small talk, trivia)
SHARED_ANCHOR = (
    "small talk, greetings, jokes, general knowledge questions, trivia, definitions, facts about the world; "
    "闲聊、打招呼、笑话、常识问题、名词解释"
)


def describe(contexts: Mapping[str, str], embedder) -> dict[str, np.ndarray]:
    """Each context's meaning: the unit vector of "name: description"; the key ``""`` holds the
    shared anchor (:data:`SHARED_ANCHOR`)."""
    if not contexts:
        return {}
    texts = [f"{name.replace('_', ' ')}: {words}" for name, words in contexts.items()]
    vecs = np.asarray(embedder.encode([*texts, SHARED_ANCHOR], query=True), dtype=np.float32)
    vecs /= np.maximum(np.linalg.norm(vecs, axis=1, keepdims=True), 1e-12)
    return dict(zip([*contexts, ""], vecs))


def infer_context(
    texts: list[str], described: Mapping[str, np.ndarray], embedder, *, margin: float = INFER_MARGIN
) -> str | None:
    """The context whose description ``texts`` (a session's cards) are nearest in meaning, or
    None when fewer than two contexts are declared, there is no text, or the best does not lead
    the next by ``margin``. ``described`` maps each context to its description's unit vector."""
    if len([name for name in described if name]) < 2 or not texts:
        return None
    # both sides as queries (e5's "query:"): on the tune fold the session's cards read as passages
    # matched worse (work precision 0.84, small talk kept shared 0.67); the hub's encode cache
    # makes each card one extra encode, once, and only when contexts are declared
    vecs = np.asarray(embedder.encode(texts, query=True), dtype=np.float32)
    mean = vecs.mean(axis=0)
    norm = float(np.linalg.norm(mean))
    if norm == 0.0:
        return None
    mean /= norm
    scored = sorted(((float(v @ mean), name) for name, v in described.items()), reverse=True)
    (best, name), (second, _) = scored[0], scored[1]
    return name if name and best - second >= margin else None


class Contexts:
    """The contexts of one tenant's sessions (rows in ``layer_contexts``).

    :param tables: the tenant's layer tables
    :param embedder: what reads the meaning of a session and of the descriptions
    """

    def __init__(self, tables: LayerTables, embedder):
        self._tables = tables
        # e5 and MiniLM as one (embed.dual): the multilingual model alone, whose one scale the
        # inference was measured on (the pair reads a bilingual anchor and English descriptions
        # on two scales)
        self._embedder = getattr(embedder, "multi", embedder)
        self._described: dict[str, np.ndarray] = {}
        self._descriptions: dict[str, str] = {}
        self._loaded = False  # the declaration kept in the tenant's meta table was read
        # session -> (the cards' texts read, the context inferred from them)
        self._live: dict[str, tuple[tuple[str, ...], str | None]] = {}
        self._lock = threading.Lock()

    # -- declaring ----------------------------------------------------------------------------
    def declare(self, contexts: Mapping[str, str]) -> None:
        """Declare the contexts sessions may be inferred to belong to: name -> the words that
        describe it, two at least (an empty mapping withdraws the declaration). Kept in the
        tenant's database; replaces the earlier declaration; sessions already assigned keep theirs."""
        descriptions = {}
        for name, words in contexts.items():
            validate_context_name(name)
            if not isinstance(words, str) or not words.strip():
                raise InvalidInput(
                    f"context {name!r} needs a description (the words of that part of life, e.g. "
                    f"'meetings, deadlines, the office'), got {words!r}"
                )
            descriptions[name] = words.strip()
        if len(descriptions) == 1:
            raise InvalidInput(
                f"one context ({next(iter(descriptions))}) cannot be told apart from anything: declare "
                "at least two, e.g. work and personal"
            )
        described = describe(descriptions, self._embedder)
        self._tables.cards_db.set_meta(_META, json.dumps(descriptions, ensure_ascii=False))
        with self._lock:
            self._described, self._descriptions, self._loaded = described, descriptions, True
            self._live.clear()

    def _ready(self) -> dict[str, np.ndarray]:
        """The declared contexts' vectors, read from the tenant's meta table once."""
        with self._lock:
            if self._loaded:
                return self._described
        stored = self._tables.cards_db.get_meta(_META)
        descriptions = json.loads(stored) if stored else {}
        described = describe(descriptions, self._embedder) if len(descriptions) >= 2 else {}
        with self._lock:
            if not self._loaded:
                self._described, self._descriptions, self._loaded = described, descriptions, True
            return self._described

    @property
    def declared(self) -> dict[str, str]:
        """The declared contexts: name -> description."""
        self._ready()
        return dict(self._descriptions)

    def check_known(self, context: str) -> str:
        """``context`` if it is declared or some session is in it, else :class:`InvalidInput`
        naming the known ones (a misspelt context would silently read the shared sessions only)."""
        validate_context_name(context)
        known = set(self.declared) | set(self.sessions().values())
        if context not in known:
            raise InvalidInput(
                f"no context {context!r} in this memory (known: {', '.join(sorted(known)) or 'none'}); "
                "declare contexts (a persona's `contexts:`, or mem.people.contexts.declare) or put a "
                "session in one (mem.people.contexts.set(session_id, name))"
            )
        return context

    # -- assigning ----------------------------------------------------------------------------
    def set(self, session_id: str, context: str | None, *, at: datetime | None = None) -> None:
        """Put ``session_id`` in ``context`` (any valid name, declared or not), or back among the
        shared sessions with None. A set context is never replaced by an inferred one."""
        if not isinstance(session_id, str) or not session_id:
            raise InvalidInput(f"session_id must be a non-empty string, got {session_id!r}")
        if context is not None:
            validate_context_name(context)
        self._tables.set_context(session_id, context, "set", at)
        with self._lock:
            self._live.pop(session_id, None)

    def of(self, session_id: str | None) -> str | None:
        """The context of a session: set, kept from an inference at its end, or inferred now from
        what it has said so far (cached until it says more); None when shared or unknown."""
        if not session_id:
            return None
        row = self._tables.context_row(session_id)
        if row is not None:
            return row["context"] or None
        described = self._ready()
        if len(described) < 3:  # two contexts and the shared anchor at least
            return None
        texts = tuple(self._tables.session_texts(session_id, _WINDOW))
        with self._lock:
            cached = self._live.get(session_id)
        if cached is not None and cached[0] == texts:
            return cached[1]
        guess = infer_context(list(texts), described, self._embedder)
        with self._lock:
            self._live[session_id] = (texts, guess)
        return guess

    def session_ended(self, session_id: str, at: datetime) -> str | None:
        """Keep the inferred context of a session that ended (a set one stays as it is)."""
        if self._tables.context_row(session_id) is not None:
            return None
        with self._lock:
            self._live.pop(session_id, None)
        guess = self.of(session_id)
        with self._lock:
            self._live.pop(session_id, None)
        if guess is not None:
            self._tables.set_context(session_id, guess, "inferred", at)
            log.debug("session %s: context %s inferred", session_id, guess)
        return guess

    def sessions(self) -> dict[str, str]:
        """Every session with a context: session -> context (kept rows, and live inferences)."""
        out = {r["session"]: r["context"] for r in self._tables.context_rows() if r["context"]}
        with self._lock:
            live = {s: c for s, (_, c) in self._live.items() if c and s not in out}
        return {**live, **out}
