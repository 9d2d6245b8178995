"""Which way a feedback clause asks a trait to move, read from its words.

An embedding sees what a clause is about, hardly which way it asks to go: MiniLM puts "trim
it down" and "flesh it out" close together, both about the length of a reply. So
:mod:`autogen_zettel.persona.meaning` splits the question: the embedding picks the *trait*,
and this small cue model (lists written once from general English, not from any labelled
sentence) gives the *direction*:

* a *size* cue: a verb or phrase that asks to make the reply, or the thing it names, smaller
  ("trim", "condense", "boil down", "cut to the chase") or bigger ("expand", "unpack",
  "flesh out", "walk me through", "in depth"); a negation before it turns it round ("don't
  cut it short", "no need to expand");
* a trait's *orientation*: whether growing is more of the trait (+1: "expand on the evidence"
  is more rigour) or less of it (-1: "expand on it" is less conciseness), found from the
  trait's own ``more``/``less`` phrases and examples, so persona traits get one too;
* a *keep* cue: praise of the current level ("just right", "perfect length", "keep it like
  this") reinforces what the previous reply did;
* an *attitude* cue: whether the clause welcomes what it names ("I enjoyed the joke, keep the
  humour coming", "feel free to", "wouldn't hurt") or objects to it ("is out of place",
  "doesn't belong", "is wearing me out", "leave the planning to me"). The meaning module then
  asks which pole of the trait the named thing sits at ("the playful tone": high humour;
  "caution": low risk tolerance) and multiplies: objecting to caution is more risk tolerance.

>>> size_cue("Could you trim it to the essentials?"), size_cue("Unpack that further"), size_cue("ok")
(-1, 1, 0)
>>> size_cue("Don't cut it short"), size_cue("no need to elaborate")
(1, -1)
>>> keeps_level("That length was perfect, keep it like this")
True
>>> attitude("The playful tone is out of place"), attitude("Feel free to be cheeky"), attitude("ok")
(-1, 1, 0)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from autogen_zettel.persona.traits import TraitSpec

__all__ = [
    "SHRINK",
    "GROW",
    "KEEP",
    "WELCOME",
    "OBJECT",
    "size_cue",
    "keeps_level",
    "attitude",
    "without_attitude",
    "orientation",
    "size_share",
]

# Asking for less of the reply, or of what it names. Comparatives of length count here
# ("shorter", "tighter"); "less"/"fewer" do not: "less formal" is about a pole, not a size,
# and the meaning module reads those with the trait's poles.
SHRINK = (
    "trim",
    "trimmed",
    "trim down",
    "cut",
    "cut down",
    "cut back",
    "cut out",
    "cut short",
    "shorten",
    "condense",
    "compress",
    "tighten",
    "tighten up",
    "boil down",
    "boil it down",
    "boiled down",
    "pare",
    "pare down",
    "pare back",
    "strip",
    "strip back",
    "strip down",
    "strip out",
    "slim down",
    "streamline",
    "abridge",
    "abbreviate",
    "truncate",
    "summarise",
    "summarize",
    "sum up",
    "sum it up",
    "reduce",
    "lessen",
    "minimise",
    "minimize",
    "tone down",
    "tone it down",
    "scale back",
    "rein in",
    "rein it in",
    "dial back",
    "dial down",
    "dial it down",
    "drop",
    "skip",
    "omit",
    "leave out",
    "get rid of",
    "spare me",
    "hold off",
    "hold back",
    "shorter",
    "briefer",
    "terser",
    "tighter",
    "leaner",
    "smaller",
    "crisper",
    "snappier",
    "get to the point",
    "cut to the chase",
    "in a nutshell",
    "the gist",
    "the short version",
    "bare bones",
    "bare minimum",
    "the essentials",
    "just the key",
    "only the key",
    "in one line",
    "in a sentence",
    "in a few words",
    "the highlights",
    "the headline",
    "the headlines",
    "the main points",
    "the key points",
    "the short of it",
    "wearing thin",
    # the reply described as a load on the reader
    "a lot to take in",
    "a lot to read",
    "a lot to get through",
    "a lot to wade through",
    "a slog",
    "in fewer words",
    "too long",
    "too much",
    "too many",
    "wall of text",
    "long-winded",
    "rambling",
    "ramble",
    "waffle",
    "padding",
    "filler",
    "fluff",
    "verbose",
    "wordy",
    "overkill",
    "enough already",
    "enough",
    # pace: faster is less of a patient walk-through (and of a long reply)
    "speed up",
    "speed it up",
    "faster",
    "quicker",
    "hurry",
    "hurry up",
    "pick up the pace",
    "move on",
    "move along",
    "get on with it",
)
# Asking for more of the reply, or of what it names.
GROW = (
    "expand",
    "expand on",
    "elaborate",
    "unpack",
    "flesh out",
    "flesh it out",
    "flesh this out",
    "develop",
    "extend",
    "lengthen",
    "spell out",
    "spell it out",
    "go deeper",
    "go further",
    "go into",
    "dig into",
    "delve",
    "delve into",
    "walk me through",
    "walk us through",
    "walk through",
    "break down",
    "break it down",
    "fill in",
    "fill out",
    "say more",
    "tell me more",
    "add more",
    "add some",
    "build on",
    "build out",
    "amplify",
    "broaden",
    "widen",
    "step up",
    "ramp up",
    "turn up",
    "increase",
    "boost",
    "keep going",
    "longer",
    "fuller",
    "deeper",
    "richer",
    "more thorough",
    "more complete",
    "in depth",
    "in more depth",
    "in detail",
    "in more detail",
    "at length",
    "in full",
    "at greater length",
    "the whole story",
    "the full picture",
    "the long version",
    "the longer version",
    "too short",
    "too brief",
    "too thin",
    "too terse",
    "too sparse",
    "too little",
    "skimpy",
    "sketchy",
    "more substance",
    "more context",
    # the reply described as too small ("a bit thin"), without "too"
    "a bit thin",
    "a little thin",
    "rather thin",
    "quite thin",
    "pretty thin",
    "thin on detail",
    "thin on details",
    "light on detail",
    "light on details",
    "a bit bare",
    "rather bare",
    "sparse",
    "shallow",
    "superficial",
    "rushed",
    # wanting more than the reply gave
    "more than that",
    "more than this",
    "more to go on",
    "more to work with",
    # pace and repetition: slower, again
    "slower",
    "slowly",
    "more slowly",
    "take your time",
    "repeat",
    "go over",
    "go back over",
    "once more",
)
# Praise of the current level: reinforce what the previous reply did.
KEEP = (
    "just right",
    "perfect length",
    "right length",
    "good length",
    "ideal length",
    "the right amount",
    "right amount",
    "keep it like this",
    "keep it like that",
    "keep them like this",
    "keep them like that",
    "like that again",
    "like this again",
    "more like this",
    "more like that",
    "keep doing that",
    "keep doing this",
    "keep it up",
    "do that again",
    "same again",
    "exactly this",
    "spot on length",
    "length was perfect",
    "length is perfect",
    "length was ideal",
    "length is fine",
    "length was fine",
    "perfectly pitched",
    "well judged",
    "well-judged",
    "that's the way",
    "that is the way",
)
# Welcoming what the clause names, or objecting to it (general English, written once; see
# attitude()). "Keep the ... coming" and "more of" welcome; "leave the ... to me" objects to the
# agent doing it.
WELCOME = (
    "i like",
    "i liked",
    "i love",
    "i loved",
    "i enjoy",
    "i enjoyed",
    "i miss",
    "i'd like",
    "i would like",
    "i want",
    "i appreciate",
    "i appreciated",
    "more of",
    "keep them coming",
    "keep it coming",
    "keep those coming",
    "would be nice",
    "would be good",
    "wouldn't hurt",
    "would not hurt",
    "would help",
    "helps",
    "works better",
    "is welcome",
    "are welcome",
    "feel free",
    "you're allowed",
    "you are allowed",
    "you can",
    "go ahead",
    "could use",
    "needs more",
    "make my day",
    "made my day",
)
OBJECT = (
    "inappropriate",
    "out of place",
    "misplaced",
    "doesn't belong",
    "don't belong",
    "does not belong",
    "has no place",
    "have no place",
    "no place for",
    "doesn't fit",
    "don't fit",
    "does not fit",
    "wearing me out",
    "wearing thin",
    "getting old",
    "annoying",
    "annoys me",
    "distracting",
    "distracts",
    "slowing us down",
    "slows us down",
    "holding us back",
    "holds us back",
    "can't afford",
    "cannot afford",
    "gets in the way",
    "get in the way",
    "getting in the way",
    "unnecessary",
    "not needed",
    "isn't needed",
    "unwanted",
    "unasked",
    "unsolicited",
    "uncalled for",
    "overkill",
    "clutter",
    "clutters",
    "tiring",
    "irritating",
    "fell flat",
    "falls flat",
    "leave the",
    "leave it to me",
    "leave that to me",
    "i'll decide",
    "i will decide",
    "i'll handle",
    "i will handle",
    "overstepping",
    "overstep",
    "undercut",
    "undercuts",
)
_NEGATION = re.compile(
    r"(?<![\w'])(?:don't|dont|do not|doesn't|didn't|never|no need to|no need for|"
    r"not|without|stop|quit|avoid|refrain from|there's no need to|you needn't)(?![\w'])"
)


def _pattern(phrases: Iterable[str]) -> re.Pattern:
    body = "|".join(
        r"\s+".join(re.escape(w) for w in p.split()) for p in sorted(phrases, key=len, reverse=True)
    )
    return re.compile(rf"(?<![\w'])(?:{body})(?![\w'])")


_SHRINK_RE, _GROW_RE, _KEEP_RE = _pattern(SHRINK), _pattern(GROW), _pattern(KEEP)
_WELCOME_RE, _OBJECT_RE = _pattern(WELCOME), _pattern(OBJECT)


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("\u2019", "'").split())


def _signed(clause: str, cues: tuple[tuple[re.Pattern, int], ...]) -> int:
    """The sign of the sum of the ``(pattern, sign)`` cues found in the clause, each turned by a
    negation within the three words before it; 0 for none or a tie."""
    t = _norm(clause)
    score = 0
    for pattern, sign in cues:
        for m in pattern.finditer(t):
            negated = _NEGATION.search(" ".join(t[: m.start()].split()[-3:])) is not None
            score += -sign if negated else sign
    return (score > 0) - (score < 0)


def size_cue(clause: str) -> int:
    """+1 when the clause asks for more (of the reply or of what it names), -1 for less, 0 when
    its words say neither or both. A negation within the three words before a cue turns it."""
    return _signed(clause, ((_SHRINK_RE, -1), (_GROW_RE, 1)))


def keeps_level(clause: str) -> bool:
    """Whether the clause praises the current level ("just right", "keep it like this")."""
    return _KEEP_RE.search(_norm(clause)) is not None


def attitude(clause: str) -> int:
    """+1 when the clause welcomes what it names, -1 when it objects to it, 0 when its words say
    neither or both. A negation within the three words before a cue turns it ("I don't like")."""
    return _signed(clause, ((_WELCOME_RE, 1), (_OBJECT_RE, -1)))


def without_attitude(clause: str, *, hold: bool = False) -> str:
    """The clause with its attitude words taken out: what it names ("the joke last time, the
    humour"). With ``hold``, each word taken out leaves a "_" so later words keep their place
    (a "not" fourth in the clause stays a contrast, not a direction: "I want numbers, not adjectives")."""
    t = _norm(clause)

    def cut(m: re.Match) -> str:
        return " " + " ".join("_" * len(m.group(0).split())) + " " if hold else " "

    return " ".join(_OBJECT_RE.sub(cut, _WELCOME_RE.sub(cut, t)).split()) or t


def orientation(spec: TraitSpec) -> int:
    """+1 when asking for a bigger reply (or more of what it names) is more of the trait, -1 when
    it is less of it: read from its ``more``/``less`` phrases and examples with :func:`size_cue`.
    Where they do not say, +1: what a request names is most often the trait's own behaviour
    ("minimise the risk", "drop the planning").

    >>> from autogen_zettel.persona.traits import default_traits
    >>> specs = default_traits()
    >>> orientation(specs["conciseness"]), orientation(specs["rigour"])
    (-1, 1)
    """
    votes = sum(size_cue(p) for p in (*spec.more, *spec.examples_more))
    votes -= sum(size_cue(p) for p in (*spec.less, *spec.examples_less))
    return -1 if votes < 0 else 1


def size_share(specs: Mapping[str, TraitSpec]) -> dict[str, float]:
    """Per trait, the share of its phrases and examples that hold a size cue, relative to the
    trait with the largest share (1.0): how much asking for a smaller or bigger reply is about it.

    >>> from autogen_zettel.persona.traits import default_traits
    >>> shares = size_share(default_traits())
    >>> max(shares, key=shares.get), shares["conciseness"]
    ('conciseness', 1.0)
    """
    shares = {}
    for name, spec in specs.items():
        phrases = (*spec.more, *spec.less, *spec.examples_more, *spec.examples_less)
        shares[name] = sum(size_cue(p) != 0 for p in phrases) / max(1, len(phrases))
    top = max(shares.values(), default=0.0)
    return {name: (share / top if top else 0.0) for name, share in shares.items()}
