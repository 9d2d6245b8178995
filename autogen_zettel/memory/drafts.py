"""One draft per message per hub: the cards a chat message becomes, shared by its listeners.

In a group chat every listening agent remembers the same message. Drafting it (the refiner,
redaction of each card, dates, claims) is the same work in every tenant: the inputs are the
message as prepared, the hub's refiner, redactor and config, the speaker of the message it
answers, and the message before it in the tenant's own session (a bare "Yes please." is a
preference after an offer that tenant heard, and nothing in one that never heard it: #42). :class:`DraftCache` keeps the drafts of single-message calls under exactly those
inputs, so the second listener reuses the first one's cards (frozen objects) instead of drafting
again; with an LLM refiner that is one model call per message instead of one per listener.
Batches of several messages are not kept: their drafts depend on one another (who "you" is).
"""

from __future__ import annotations

import threading
from collections import OrderedDict

__all__ = ["DraftCache", "Same"]


class Same:
    """A part of a key that matches the same object only (a refiner, a config), and holds it so
    its id is not reused while the key is kept."""

    __slots__ = ("obj",)

    def __init__(self, obj: object):
        self.obj = obj

    def __hash__(self) -> int:
        return id(self.obj)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.obj is self.obj


class DraftCache:
    """The drafts of the last ``limit`` single messages, least recently used dropped first.

    >>> cache = DraftCache(limit=1)
    >>> cache.put(("a",), ([1], {"c": 2})); cache.get(("a",))
    ([1], {'c': 2})
    >>> cache.put(("b",), ([], {})); cache.get(("a",)) is None
    True
    """

    def __init__(self, limit: int = 2048):
        self.limit = max(0, limit)
        self._kept: OrderedDict[tuple, tuple[tuple, dict]] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0

    def get(self, key: tuple) -> tuple[list, dict] | None:
        """Fresh containers (the caller may extend them) around the kept, frozen drafts."""
        with self._lock:
            kept = self._kept.get(key)
            if kept is None:
                return None
            self._kept.move_to_end(key)
            self.hits += 1
        return list(kept[0]), dict(kept[1])

    def put(self, key: tuple, value: tuple[list, dict]) -> None:
        if self.limit == 0:
            return
        with self._lock:
            self._kept[key] = (tuple(value[0]), dict(value[1]))
            self._kept.move_to_end(key)
            while len(self._kept) > self.limit:
                self._kept.popitem(last=False)
