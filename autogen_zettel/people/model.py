"""The person layers computed from evidence, pure (no I/O): :func:`derive_facts`, :func:`derive_preference`,
:func:`derive_commitments`, and :func:`restriction_clashes` across them.

- A **fact** (subject, key) has versions (its values). The version in force is the one with the
  greatest evidence weight, the weights of :mod:`autogen_zettel.trust.conflicts` (recency x
  source x consensus), weighed at the group's newest evidence; a statement of change ("we
  moved to Coimbra", "我搬到杭州了") newer than every other version wins outright. It is
  "confirmed" once two cards state it or one affirms it, else "pending"; the others are
  "superseded", kept with their cards. Restrictions and allergies hold one row per value,
  each superseded only when lifted ("I started drinking again").
- A **preference** (subject, topic) is a value in 0..1 moved by every observation in time
  order, ``p += a * (target - p)``: a statement sets it (a later one moves it most of the way,
  a change of mind further), an acceptance pulls it towards 1 and a refusal towards 0 with
  ``a = 0.25`` (three refusals take 0.7 to 0.3); the older estimate fades with the
  time since it was formed (``exp(-days / 90)``). ``trend`` is the change over the last 30 days.
- A **commitment** is open until a completion or cancellation by its owner or counterparty
  matches it: the open commitment whose "what" shares the most words with the event, or,
  for a bare "done" / "不用了", the latest one.

>>> from datetime import datetime, timedelta
>>> from autogen_zettel.people.evidence import Evidence
>>> t = datetime(2026, 3, 4, 10)
>>> obs = [Observed(Evidence("preference", "Rui", "japanese food", "sushi", 0.7), "c1", t)]
>>> obs += [Observed(Evidence("preference", "Rui", "japanese food", "sushi", 0.0, "refusal"), f"r{i}", t + timedelta(hours=i))
...         for i in range(1, 4)]
>>> round(derive_preference(obs).value, 1)
0.3
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta

from autogen_zettel.base.cards import EvidenceSource
from autogen_zettel.base.config import ConflictConfig
from autogen_zettel.cards.claims import recency_weight
from autogen_zettel.people.evidence import PUT_OFF_NO_DAY, STAND_IN, Evidence
from autogen_zettel.people.topics import category_of
from autogen_zettel.text.due import put_off_by
from autogen_zettel.text.lexical import tokens
from autogen_zettel.text.script import HAN

__all__ = [
    "ENDS_ROLE",
    "MULTI_VALUED",
    "REFUSAL_STEP",
    "Clash",
    "Commitment",
    "Fact",
    "Observed",
    "Preference",
    "commitment_words",
    "derive_commitments",
    "derive_facts",
    "derive_preference",
    "restriction_clashes",
    "role_lifts",
]

MULTI_VALUED = frozenset({"restriction", "allergy", "pet"})
REFUSAL_STEP = 0.25  # how far one acceptance or refusal moves a preference towards 1 or 0
_STATEMENT_STEP = 0.75
_CHANGE_STEP = 0.85
_REQUEST_STEP = 0.15
_FADE_DAYS = 90.0


@dataclass(frozen=True)
class Observed:
    """One evidence row with the card it came from: ``source`` is the card's evidence source."""

    evidence: Evidence
    card_id: str
    at: datetime
    session: str = ""
    source: str = EvidenceSource.EXPLICIT.value


@dataclass(frozen=True)
class Fact:
    """A fact about a person: ``status`` is "pending", "confirmed" or "superseded"."""

    subject: str
    key: str
    value: str
    status: str
    source_ids: tuple[str, ...]
    at: datetime


@dataclass(frozen=True)
class Preference:
    """A preference: ``value`` in 0..1 (0.5 neutral), ``trend`` its change per 30 days,
    ``evidence`` how many statements, acceptances and refusals it rests on; ``context`` the
    context of life it was said in when read by context, else None (shared)."""

    subject: str
    topic: str
    value: float
    trend: float
    evidence: int
    source_ids: tuple[str, ...]
    at: datetime
    context: str | None = None  # the context it holds in (None: shared, see people/contexts.py)


@dataclass(frozen=True)
class Commitment:
    """A promise: ``owner`` made it (to ``counterparty``, when known); ``due`` is a date or None;
    ``status`` is "open", "done" or "cancelled"."""

    owner: str
    what: str
    due: date | None
    status: str
    counterparty: str | None
    source_ids: tuple[str, ...]


@dataclass(frozen=True)
class Clash:
    """A restriction fact against a later wish in the same category (wine tasting vs alcohol)."""

    subject: str
    category: str
    restriction_card: str
    clashing_card: str
    at: datetime


def _weight(items: Sequence[Observed], now: datetime, cfg: ConflictConfig) -> float:
    """The evidence weight of one version, as trust.conflicts.version_weight weighs claims."""
    w = max(
        recency_weight(max(0.0, (now - o.at).total_seconds() / 86400), cfg) * _source(o.source, cfg)
        for o in items
    )
    sessions = {o.session or o.at.date().isoformat() for o in items}
    return w * (cfg.consensus_factor if len(sessions) >= cfg.consensus_sessions else 1.0)


def _source(source: str, cfg: ConflictConfig) -> float:
    return {
        EvidenceSource.EXPLICIT.value: cfg.explicit_weight,
        EvidenceSource.INFERRED.value: cfg.inferred_weight,
        EvidenceSource.PASSING.value: cfg.passing_weight,
    }.get(source, cfg.explicit_weight)


def _fact(items: Sequence[Observed], status: str) -> Fact:
    first = items[0].evidence
    newest = max(items, key=lambda o: o.at)
    return Fact(
        first.subject,
        first.key,
        first.value,
        status,
        tuple(dict.fromkeys(o.card_id for o in items)),
        newest.at,
    )


def _confirmed(items: Sequence[Observed]) -> bool:
    return len({o.card_id for o in items}) >= 2 or any(o.evidence.kind == "affirm" for o in items)


def derive_facts(items: Sequence[Observed], cfg: ConflictConfig | None = None) -> list[Fact]:
    """The facts of one (subject, key): the version in force first, then the superseded ones."""
    cfg = cfg or ConflictConfig()
    items = sorted(items, key=lambda o: (o.at, o.card_id))
    if not items:
        return []
    versions: dict[str, list[Observed]] = {}
    for o in items:
        versions.setdefault(o.evidence.value.casefold(), []).append(o)
    if items[0].evidence.key in MULTI_VALUED:
        out = []
        for obs in versions.values():
            said = [o for o in obs if o.evidence.kind != "lift"]
            lifted = [o for o in obs if o.evidence.kind == "lift"]
            if not said:
                continue
            if lifted and max(o.at for o in lifted) > max(o.at for o in said):
                out.append(_fact(said + lifted, "superseded"))
            else:
                out.append(_fact(said, "confirmed" if _confirmed(said) else "pending"))
        return sorted(out, key=lambda f: (f.status == "superseded", f.at))
    # a value lifted by what ended it ("graduated" lifts the job "student"): superseded when the lift
    # is newer than every statement of it, and no version of its own
    lifts = [o for o in items if o.evidence.kind == "lift"]
    items = [o for o in items if o.evidence.kind != "lift"]
    versions = {v: [o for o in obs if o.evidence.kind != "lift"] for v, obs in versions.items()}
    versions = {v: obs for v, obs in versions.items() if obs}
    if not items:
        return []
    now = items[-1].at
    weights = {v: _weight(obs, now, cfg) for v, obs in versions.items()}
    newest = {v: max(o.at for o in obs) for v, obs in versions.items()}
    lifted = {v: [o for o in lifts if o.at > newest[v] and _lifts(o.evidence.value, v)] for v in versions}
    standing = [v for v in versions if not lifted[v]]
    last = items[-1]
    if last.evidence.kind in ("change", "affirm") and all(
        newest[v] < last.at for v in versions if v != last.evidence.value.casefold()
    ):
        winner = last.evidence.value.casefold()
    else:
        winner = max(standing or versions, key=lambda v: (weights[v], newest[v]))
    out = []
    if not lifted[winner]:
        out.append(_fact(versions[winner], "confirmed" if _confirmed(versions[winner]) else "pending"))
    out += [
        _fact(versions[v] + lifted[v], "superseded")
        for v in sorted(versions, key=lambda v: newest[v], reverse=True)
        if v != winner or lifted[v]
    ]
    return out


#: a key whose value ends a role kept under another key: school "none" (graduated, dropped out)
#: ends the job "student" (and "PhD student", "grad student") said before it
ENDS_ROLE = {"school": ("none", "job", "student")}


def role_lifts(items: Sequence[Observed]) -> list[Observed]:
    """The lifts that the ending observations of ``items`` imply for the keys of :data:`ENDS_ROLE`
    ("Finally graduated!" lifts the job "student"), as observations of that key."""
    out = []
    for o in items:
        ended = ENDS_ROLE.get(o.evidence.key)
        if ended and o.evidence.kind == "change" and o.evidence.value.casefold() == ended[0]:
            ev = Evidence(o.evidence.layer, o.evidence.subject, ended[1], ended[2], o.evidence.score, "lift")
            out.append(Observed(ev, o.card_id, o.at, o.session, o.source))
    return out


def _lifts(lift: str, value: str) -> bool:
    """Whether lifting ``lift`` ends ``value``: the same, or a word of it ("PhD student")."""
    return lift.casefold() == value or lift.casefold() in value.split()


def _estimate(items: Sequence[Observed]) -> float | None:
    p: float | None = None
    last: datetime | None = None
    for o in items:
        ev = o.evidence
        if ev.kind in ("acceptance", "refusal"):
            step, target = REFUSAL_STEP, (1.0 if ev.kind == "acceptance" else 0.0)
        elif ev.kind == "request":
            step, target = _REQUEST_STEP, 1.0
        else:
            step, target = (_CHANGE_STEP if ev.kind == "change" else _STATEMENT_STEP), ev.score
        if p is None:
            p = target if ev.kind in ("statement", "change") else 0.5 + step * (target - 0.5)
        else:
            gap = max(0.0, (o.at - last).total_seconds() / 86400) if last else 0.0
            step = 1 - (1 - step) * math.exp(-gap / _FADE_DAYS)
            p += step * (target - p)
        last = o.at
    return p


def derive_preference(
    items: Sequence[Observed], *, at: datetime | None = None, earlier: Sequence[Observed] = ()
) -> Preference | None:
    """The preference of one (subject, topic), or None without evidence.

    :param at: the time of the estimate (default: the newest evidence's); the trend compares it
        with the estimate 30 days earlier (or with the first observation, when younger)
    :param earlier: evidence that is no longer current (its card lost a conflict): it counts
        for that earlier estimate only, never for the value, the count or the citations
    """
    items = sorted(items, key=lambda o: (o.at, o.card_id))
    if not items:
        return None
    now = at or items[-1].at
    items = [o for o in items if o.at <= now]
    value = _estimate(items)
    if value is None:
        return None
    history = sorted([*items, *(o for o in earlier if o.at <= now)], key=lambda o: (o.at, o.card_id))
    before = [o for o in history if o.at <= now - timedelta(days=30)]
    then = _estimate(before) if before else _estimate(history[:1])
    first = next((o for o in items if o.evidence.kind in ("statement", "change")), items[0]).evidence
    return Preference(
        first.subject,
        first.value or first.key,
        round(min(1.0, max(0.0, value)), 3),
        round(value - (then if then is not None else value), 3),
        len(items),
        tuple(dict.fromkeys(o.card_id for o in items)),
        items[-1].at,
    )


_IRREGULAR = {
    "sent": "send",
    "wrote": "write",
    "written": "write",
    "bought": "buy",
    "paid": "pay",
    "brought": "bring",
    "took": "take",
    "made": "make",
    "did": "do",
    "done": "do",
    "got": "get",
    "told": "tell",
    "gave": "give",
    "went": "go",
    "found": "find",
    "met": "meet",
    "left": "leave",
    "sold": "sell",
    "rang": "ring",
    "drove": "drive",
    "ran": "run",
    "kept": "keep",
    "picked": "pick",
    "booked": "book",
}


@functools.lru_cache(maxsize=8192)
def commitment_words(text: str) -> frozenset[str]:
    """The words commitments are matched by (tokens, irregular past forms made present).

    Pure and asked again for every open commitment each time one card's layer rows are rebuilt,
    so kept per text (frozen: no caller can change what the next one gets); ``cache_clear()``."""
    low = text.lower()
    low = re.sub(r"[a-z]+", lambda m: _IRREGULAR.get(m.group(0), m.group(0)), low)
    return frozenset(tokens(low))


@dataclass
class _Open:
    owner: str
    what: str
    due: date | None
    counterparty: str | None
    at: datetime
    sources: list[str] = field(default_factory=list)
    status: str = "open"
    seq: int = 0  # its place in the list of commitments made
    words: frozenset[str] = frozenset()  # commitment_words(what)


def derive_commitments(items: Sequence[Observed]) -> list[Commitment]:
    """Every commitment of the commitment and status evidence ``items``, oldest first.

    Open commitments are kept by owner and by counterparty (casefolded), so an event is matched
    against the commitments of the people it names, not every one made so far: a tenant's whole
    commitment evidence is read again on every write batch.
    """
    out: list[_Open] = []
    by_owner: dict[str, list[_Open]] = {}
    by_counterparty: dict[str, list[_Open]] = {}
    for o in sorted(items, key=lambda o: (o.at, o.card_id)):
        ev = o.evidence
        who = ev.subject.casefold()
        if (
            ev.layer == "status"
            and ev.kind == "postponed"
            and ev.value
            and ev.due
            # (nor of anyone: "Rafa, let's push the sofa to next weekend" moves Rafa's promise, below)
            and not any(_open_before(c, o) and _met(commitment_words(ev.value), c) for c in out)
        ):
            # "报告还没写完，周一发你" with no promise of the report before (by the speaker or to
            # them): the report is owed then
            ev = replace(ev, layer="commitment", kind="statement")
        if ev.layer == "commitment":
            said = commitment_words(ev.value)
            same = next(
                (c for c in by_owner.get(who, ()) if c.status == "open" and _overlap(said, c.words) >= 0.6),
                None,
            )
            pro = _FETCHED_AGAIN.match(ev.value) if same is None else None
            latest = (
                next((c for c in reversed(by_owner.get(who, ())) if c.status == "open"), None)
                if pro
                else None
            )
            if (
                latest is not None
                and o.at - latest.at <= _SAID_AGAIN_WITHIN
                and {_head_verb(latest), pro.group("verb").casefold()} <= _FETCHED
            ):
                # "yep I'll get them tonight" just after taking the tickets on: a thing fetched, said
                # again by a pro-form within the hour, is the owner's latest open promise (its day
                # added). Not "I'll bring it over tomorrow" after collecting it (the next act), nor
                # any act by "instead" alone ("Dad's not picking up, I'll call him tonight instead"
                # after "I'll call the plumber tomorrow" is a call of its own)
                same = latest
            if same is None and _INSTEAD.search(ev.value):
                # "Rain all day, I'll tackle the gutters next weekend instead": the owner's open
                # promise of the same thing, moved to the new day (not a second promise)
                # (its thing, not its verb: "I'll bring wine instead" after "I'll bring beer" is a
                # promise of its own)
                thing = commitment_words(" ".join(_INSTEAD.sub("", ev.value).split()[1:]))
                same = next(
                    (c for c in reversed(by_owner.get(who, ())) if c.status == "open" and _met(thing, c)),
                    None,
                )
            if same is not None:  # said again: one commitment, the newer due date
                same.sources.append(o.card_id)
                same.due = ev.due or same.due
                continue
            made = _Open(
                ev.subject, ev.value, ev.due, ev.counterparty, o.at, [o.card_id], seq=len(out), words=said
            )
            out.append(made)
            by_owner.setdefault(who, []).append(made)
            by_counterparty.setdefault((made.counterparty or "").casefold(), []).append(made)
            continue
        if ev.layer != "status":
            continue
        said, verb = commitment_words(ev.value), commitment_words("" if ev.key == STAND_IN else ev.key)
        named = {c.seq: c for c in by_owner.get(who, ()) if _open_before(c, o)}
        named.update((c.seq, c) for c in by_counterparty.get(who, ()) if _open_before(c, o))
        candidates = [named[s] for s in sorted(named)]  # in the order they were made
        if ev.key == STAND_IN and said and not any(_met(said, c) for c in candidates):
            # "Sam sorted the tickets for you", "周报我已经替曹阳写完交了": done by one for another,
            # it closes the promise of whoever owed that thing - the one it was done for ("you",
            # or by name), never a promise of someone else's ("a birthday card for Gran" against
            # "I'll post Mum's birthday card")
            whom = (ev.counterparty or "").casefold()
            candidates = [
                c
                for c in out
                if _open_before(c, o)
                and c.owner.casefold() != who
                and _met(said, c)
                and (whom in ("", *_YOU) or whom == c.owner.casefold())
            ] or candidates
        if ev.kind == "cancelled":
            # "Don't worry about Saturday, I'll grab a cab" (two cards of one message): nothing is
            # called off in the breath it is promised
            candidates = [c for c in candidates if c.at != o.at]
        if ev.kind in ("cancelled", "postponed") and said and not any(_met(said, c) for c in candidates):
            # "Never mind the table" may call off what someone else promised the speaker ("Rafa,
            # let's leave the sofa till next weekend" may put it off)
            candidates = [c for c in out if _open_before(c, o) and _met(said, c)] or candidates
        if not candidates and ev.kind == "done" and ev.key == "received" and said:
            # "Your card arrived this morning, thanks Pippa!" from the one a promise was made to,
            # unnamed when it was made ("I'll post your birthday card tomorrow"): the thing received
            # closes the promise of another that names it
            candidates = [
                c
                for c in out
                if _open_before(c, o) and not c.counterparty and c.owner.casefold() != who and _met(said, c)
            ]
        if not candidates and ev.kind == "cancelled" and not said and ev.due:
            # "Don't worry about Friday" from the one a promise was made to, unnamed when it was made
            # ("I'll collect you on Friday"): the one promise due that day to no one named
            on_day = [
                c
                for c in out
                if _open_before(c, o) and c.due == ev.due and not c.counterparty and c.owner.casefold() != who
            ]
            candidates = on_day if len(on_day) == 1 else []  # chosen below as the only one
        if not candidates and ev.kind == "cancelled" and not said and not ev.due:
            # a bare "no need" / "不用了" from the one the latest promise was made to (to no one named,
            # or to them) ("I'll bring you the charger on Wednesday" - "no need, I bought a new one"):
            # that promise, if it is another's and was made within 24 hours (a call-off that names a
            # day is read by that day, above)
            latest = max((c for c in out if _open_before(c, o)), key=lambda c: c.at, default=None)
            if (
                latest is not None
                and latest.owner.casefold() != who
                and (latest.counterparty or "").casefold() in ("", who, *_YOU)
                # (a promise made to the one who answers: not another's own plan, "我周五去复查")
                and (
                    _TO_YOU_ZH.search(latest.what)
                    or who in latest.what.casefold()
                    or not HAN.search(latest.what)
                )
                and o.at - latest.at <= _REPLY_WITHIN
            ):
                candidates = [latest]
        if not candidates:
            continue
        # the object's words decide; then the verb ("sent" -> send); then the owner's own
        # promise before one made to them; then the latest
        scored = [
            (_met(said, c), len(verb & c.words), c.owner.casefold() == who, c.at, i)
            for i, c in enumerate(candidates)
        ]
        best = max(scored)
        chosen = candidates[best[-1]]
        if said and best[0] == 0 and not (ev.kind == "done" and _STAND_IN_ZH.fullmatch(ev.value)):
            # no word meets: a cancellation that names the day ("周五去不了了") calls off the one
            # promise of its owner due that day. (A completion whose thing only stands for what
            # was owed, "钱已经转过去了" against "把房租转给你", names nothing: the latest, as a
            # bare "搞定了" does.)
            on_day = [c for c in candidates if ev.kind == "cancelled" and ev.due and c.due == ev.due]
            # a Chinese act said done by its verb alone ("开好了" against "我下午开给你", "打扫完了"
            # against "我这周末把房子打扫一下"): the one open promise of its owner that holds the verb
            act = _VERB_DONE_ZH.fullmatch(ev.value) if ev.kind == "done" else None
            by_verb = (
                [c for c in candidates if act.group(1) in c.what and c.owner.casefold() == who] if act else []
            )
            if len(by_verb) == 1:
                on_day = by_verb
            if len(on_day) != 1 or on_day[0].owner.casefold() != who:
                continue
            chosen = on_day[0]
        chosen.sources.append(o.card_id)
        if ev.kind == "postponed":  # put off to another day: still owed, due then
            # (or by a span, "pushed it back a week": the due it had, moved on by that much; or to a
            # later time that names no day, "bumped to next month": its due no longer known)
            if ev.due or ev.put_off != PUT_OFF_NO_DAY:
                moved = put_off_by(ev.put_off, chosen.due) if ev.put_off and chosen.due else None
                chosen.due = ev.due or moved or chosen.due
            else:
                chosen.due = None
            continue
        chosen.status = "done" if ev.kind == "done" else "cancelled"
    return [
        Commitment(c.owner, c.what, c.due, c.status, c.counterparty, tuple(dict.fromkeys(c.sources)))
        for c in out
    ]


# a Chinese done that names only its act: a verb of one or two characters, its result after it
_VERB_DONE_ZH = re.compile(r"([\u4e00-\u9fff]{1,2}?)(?:好|完)?了?")
# a promise of a thing fetched, by a pro-form ("get them", "grab it on the way"): of a thing said before
_FETCHED_AGAIN = re.compile(
    r"(?P<verb>[a-z]+)(?:\s+(?:up|out|over|back|off))?\s+(?:it|them)"
    # (then only when or where: "grab them on my lunch break tomorrow")
    r"(?:\s+(?:up|out|over|back|off))?(?:\s+(?:on|at|after|before|in|by|first|tonight|tomorrow|today|later|this|next)\b.*)?$",
    re.I,
)
# the verbs of a thing fetched, one said for another ("grab the tickets" - "I'll get them tonight")
# ("I'll bring it over tomorrow" after "I'll collect the parcel" is the next act, its delivery)
_FETCHED = frozenset({"get", "grab", "pick", "buy", "fetch", "collect"})
# how long after a promise one of a pro-form is that promise said again
_SAID_AGAIN_WITHIN = timedelta(hours=1)


def _head_verb(c: _Open) -> str:
    """The first word of a promise, its verb in English ("call the plumber" -> "call")."""
    return c.what.split(maxsplit=1)[0].casefold() if c.what.strip() else ""


# a promise said to replace one before it ("I'll do the gutters next weekend instead")
_INSTEAD = re.compile(r"\s*\binstead\b\s*$", re.I)


# the words by which a promise names the one it is made to when it is said to them
_YOU = ("you", "u", "ya", "your", "你", "您")
# a Chinese promise made to the one spoken to names them ("我周三把充电器给你带来"); one that does not is
# the owner's own plan ("我周五去医院复查") or made to another ("带给老张"). (English drops the "you"
# from what is promised, "I'll bring you the charger" is "bring the charger": any English promise.)
_TO_YOU_ZH = re.compile(r"你|您")
# how long after a promise a bare call-off from the other side is still a reply to it
_REPLY_WITHIN = timedelta(days=1)
# a thing named by what stands in for any of its kind: the money, the stuff, that one (or the
# tracking number of whatever was posted: "快递单号发你微信了")
_STAND_IN_ZH = re.compile(r"钱|款|款项|东西|那个|这个|那件事|这件事|那事|这事|(?:快递|物流|运)?单号")


def _met(said: frozenset[str], c: _Open) -> int:
    """How many of the event's words the commitment has; a one-character Chinese thing ("钱我已经转给你了")
    is met inside the commitment's words ("把钱转给你"), which Chinese tokens split into pairs."""
    return len(said & c.words) + sum(
        1
        for t in said - c.words
        if "\u4e00" <= t[:1] <= "\u9fff"
        and (
            len(t) == 1
            and t in c.what
            # a noun said with its suffix ("车子", "单子") is met by its root ("自行车链条修一下")
            or len(t) == 2
            and t[1] in "子儿"
            and t[0] in c.what
        )
    )


def _open_before(c: _Open, o: Observed) -> bool:
    """Whether commitment ``c`` is still open when event ``o`` happens (and ``o`` is not its own)."""
    return c.status == "open" and c.at <= o.at and o.card_id not in c.sources


def _overlap(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / min(len(a), len(b)) if a and b else 0.0


def restriction_clashes(facts: Sequence[Observed], wishes: Sequence[Observed]) -> list[Clash]:
    """Restriction evidence (``facts``: key "restriction") against later wishes of the same
    person in the same category: a positive preference, a request, an acceptance or a
    commitment whose words fall in it ("book the wine tasting" after "I quit drinking")."""
    out = []
    for r in facts:
        if r.evidence.key != "restriction" or r.evidence.kind == "lift":
            continue
        who = r.evidence.subject.casefold()
        lifted = any(
            f.evidence.kind == "lift"
            and f.evidence.value == r.evidence.value
            and f.at > r.at
            and f.evidence.subject.casefold() == who
            for f in facts
        )
        if lifted:
            continue
        for w in wishes:
            ev = w.evidence
            if w.at <= r.at or ev.subject.casefold() != who:
                continue
            wants = (
                (ev.layer == "preference" and ev.score > 0.5)
                or ev.layer == "commitment"
                or (ev.layer == "preference" and ev.kind in ("request", "acceptance"))
            )
            if wants and category_of(ev.value or ev.key) == r.evidence.value:
                out.append(Clash(r.evidence.subject, r.evidence.value, r.card_id, w.card_id, w.at))
    return out
