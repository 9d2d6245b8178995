"""The cold start: a persona asks a new person for the few things its role needs.

A persona file declares ``needs`` (:class:`~autogen_zettel.persona.spec.Need`: a slot, the fact key
the answer fills, and its question in the persona's language). While a slot of a person is empty
and the conversation allows, :meth:`ColdStart.question` gives one question for the agent's recall
block; the agent's next reply relays it when it asks something (an LLM words the question its own
way, so the reply need not quote it) or quotes it (:meth:`ColdStart.heard` with the agent as
speaker), and the person's next message answers it (a fact of the person under the slot's key,
recorded with the answer's card so a rebuild of the person layers finds it again, see
:mod:`autogen_zettel.people.answered`) or refuses it.

Rules, as seed 002's cold start and issue #43 ask:

- at most one question per session (offered, whether or not the agent relays it);
- never again for a slot once answered or refused (kept in the tenant's meta table, per agent and
  person), nor when the person layers already hold the slot's fact;
- the conversation allows it: the person's last message is not a question of their own, not a
  farewell, and not said in distress (valence at or below -0.5 with high arousal: no form-filling
  then).

Offline the question is the persona file's; an LLM agent phrases it in context (the block says
"ask gently, in your own words").
"""

from __future__ import annotations

import json
import logging
import re
import threading
from collections.abc import Sequence
from datetime import datetime

from autogen_zettel.cards.affect import estimate
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.people.answered import record_answered
from autogen_zettel.people.evidence import Evidence
from autogen_zettel.people.sync import sync_cards
from autogen_zettel.people.tables import subject_key
from autogen_zettel.persona.spec import Need
from autogen_zettel.text.farewell import ends_chat

__all__ = ["ColdStart", "is_refusal"]

log = logging.getLogger(__name__)

_REFUSAL = re.compile(
    r"(?<![\w'])(?:i'?d rather not|rather not say|prefer not to|i don'?t want to (?:say|tell|share|answer)|"
    r"not telling|none of your business|skip (?:that|this|it)|pass on that|no comment|"
    r"let'?s not (?:go into|talk about)|i'?d rather keep)(?![\w'])"
    r"|不想说|不方便说|不方便透露|保密|跳过|不告诉你|不想回答|先不说|这个不说",
    re.IGNORECASE,
)
_ASKS = re.compile(
    r"[?？]\s*$|^(?:what|how|why|when|where|who|which|can|could|would|should|do|does|is|are)\b", re.I
)
# a reply that asks something: a question mark, or a Chinese sentence-final question particle
_ASKING = re.compile(r"[?？]|[吗呢](?=[\s。！!，,]|$)")
_STATE = "cold_start:{agent}"
_MAX_ANSWER = 200


def is_refusal(text: str) -> bool:
    """Whether ``text`` declines to answer ("I'd rather not say", "这个不方便说").

    >>> is_refusal("I'd rather not say, sorry"), is_refusal("不想说"), is_refusal("B1, I think")
    (True, True, False)
    """
    return bool(_REFUSAL.search(text.replace("\u2019", "'")))


class ColdStart:
    """One agent's cold-start questions to the people it talks with.

    :param memory: the agent's :class:`~autogen_zettel.memory.Zettelkasten` (its meta table keeps
        what was asked, answered and refused; its person layers get the answers)
    :param needs: the persona's :attr:`~autogen_zettel.persona.spec.Persona.needs`
    :param agent: the agent's name (its own messages are never answers)
    """

    def __init__(self, memory, needs: Sequence[Need], *, agent: str):
        self.memory = memory
        self._parts = tenant_parts(memory)  # its meta table, layers and write lock (the facade keeps them)
        self.needs = tuple(needs)
        self.agent = agent
        self._key = _STATE.format(agent=agent)
        # the state is read, changed and written back: one change at a time (a reply's hearing,
        # an answer's writing); never held across a flush of the capture queue
        self._state_lock = threading.RLock()

    # -- state ---------------------------------------------------------------------------------
    def _load(self) -> dict:
        raw = self._parts.db.get_meta(self._key)
        return json.loads(raw) if raw else {}

    def _save(self, state: dict) -> None:
        self._parts.db.set_meta(self._key, json.dumps(state, ensure_ascii=False, sort_keys=True))

    def _person(self, state: dict, person: str) -> dict:
        return state.setdefault(
            subject_key(person), {"sessions": [], "done": {}, "answers": {}, "offered": None, "asked": None}
        )

    def status(self, person: str) -> dict:
        """What was asked of ``person``: ``done`` (slot -> "answered" | "refused"), ``answers``
        (slot -> the answer's words), ``sessions`` (where a question was offered)."""
        return self._load().get(subject_key(person), {"sessions": [], "done": {}, "answers": {}})

    def _known(self, person: str) -> set[str]:
        return {f.key for f in self._parts.people.facts(person)}

    # -- the recall block's question -------------------------------------------------------------
    def question(self, person: str, session: str | None, last_text: str = "") -> str | None:
        """The one question to carry in this turn's recall block, or None: a slot of ``person``
        still empty, if none was offered in ``session`` yet and ``last_text`` (the person's last
        message) allows it."""
        if not self.needs or not person or person == self.agent or session is None:
            return None
        text = last_text.strip()
        if text and (_ASKS.search(text) or ends_chat(text)):
            return None  # they asked something, or are leaving: answer them, do not ask
        felt = estimate(text)
        if felt.valence <= -0.5 and felt.arousal >= 0.5:
            return None  # said in distress: not the moment for a form
        known = self._known(person)
        with self._state_lock:
            state = self._load()
            mine = self._person(state, person)
            if session in mine["sessions"]:
                return None
            for need in self.needs:
                if need.slot in mine["done"] or need.slot in known:
                    continue
                mine["sessions"].append(session)
                mine["offered"] = [need.slot, session]
                self._save(state)
                log.debug("agent %s: cold-start question %r offered to %s", self.agent, need.slot, person)
                return need.question
        return None

    # -- what was said -------------------------------------------------------------------------
    def heard(
        self,
        text: str,
        *,
        speaker: str,
        session: str | None,
        message_id: str | None = None,
        at: datetime | None = None,
        write: bool = True,
    ) -> str | None:
        """Follow the chat: the agent's next reply after a question was offered relays it if it
        asks something or quotes the question (an LLM paraphrases; a reply that asks nothing
        cannot have asked it); the person's next message answers or refuses it. Returns the slot
        settled, if one was.

        :param write: write an answer to the person layers now (:meth:`write_answers`, which
            waits for the capture queue); False leaves that to the caller, e.g. an adapter that
            holds its lock here and writes once it let go
        """
        if session is None or not text.strip():
            return None
        with self._state_lock:
            slot = self._hear(text, speaker, session, message_id)
        if slot is not None and write:
            self.write_answers(speaker)
        return slot

    def _hear(self, text: str, speaker: str, session: str, message_id: str | None) -> str | None:
        state = self._load()
        if speaker == self.agent:
            low = " ".join(text.split()).casefold()
            asks = bool(_ASKING.search(text))
            for mine in state.values():
                offered = mine.get("offered")
                if offered and offered[1] == session:
                    question = next((n.question for n in self.needs if n.slot == offered[0]), "")
                    mine["offered"] = None
                    if asks or (question and question.casefold()[:40] in low):
                        mine["asked"] = offered
                    self._save(state)
            return None
        mine = state.get(subject_key(speaker))
        if not mine or not mine.get("asked") or mine["asked"][1] != session:
            return None
        slot = mine["asked"][0]
        mine["asked"] = None
        if is_refusal(text):
            mine["done"][slot] = "refused"
            self._save(state)
            return slot
        answer = " ".join(text.split())[:_MAX_ANSWER]
        mine["done"][slot] = "answered"
        mine["answers"][slot] = answer
        if message_id:
            mine.setdefault("unwritten", {})[slot] = message_id
        self._save(state)
        return slot

    def write_answers(self, person: str) -> int:
        """Write the answers not in the person layers yet as evidence of their message's card (the
        capture queue is flushed first); returns how many were written. The evidence is recorded
        with the card (:mod:`autogen_zettel.people.answered`), so a rebuild of the layers keeps
        it. An answer whose message made no card stays in :meth:`status` only."""
        with self._state_lock:
            mine = self._load().get(subject_key(person))
            if not mine or not mine.get("unwritten"):
                return 0
        self.memory.flush()  # slow (the worker writes the answer's card): no lock held meanwhile
        db = self._parts.db
        written = 0
        with self._state_lock:
            state = self._load()
            mine = state.get(subject_key(person)) or {}
            for slot, mid in list(mine.get("unwritten", {}).items()):
                rows = list(
                    db.db.query(
                        "select cards.id from cards, json_each(cards.source_ids) j where j.value = ? "
                        "order by cards.id",
                        [mid],
                    )
                )
                del mine["unwritten"][slot]
                if not rows:
                    log.info(
                        "agent %s: the answer for %r made no card; kept in the cold-start state",
                        self.agent,
                        slot,
                    )
                    continue
                card_id = rows[0]["id"]
                with self._parts.store.write_lock:
                    record_answered(db, card_id, [Evidence("fact", person, slot, mine["answers"][slot])])
                    sync_cards(db, [card_id], cfg=self.memory.config.conflicts)
                written += 1
            self._save(state)
        return written
