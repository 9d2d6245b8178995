"""The prototypes that feedback is compared with by meaning (:mod:`~autogen_zettel.persona.meaning`):
per trait and direction (``"trait:+1"``/``"trait:-1"``) its ``more``/``less`` phrases, its
``high``/``low`` description and its ``examples``; and three built-in classes that are no trait
evidence: praise, complaint and neutral chat (logistics, questions, tasks).
"""

from __future__ import annotations

from collections.abc import Mapping

from autogen_zettel.persona.traits import TraitSpec

__all__ = ["PRAISE", "COMPLAINT", "NEUTRAL", "prototypes"]

PRAISE = "praise"
COMPLAINT = "complaint"
NEUTRAL = "neutral"

# Built-in prototypes of the classes that are no trait evidence. Written for this module; the
# labelled set used to choose the thresholds was written separately
# (see :mod:`~autogen_zettel.persona.meaning`).
_PRAISE_PROTOTYPES = (
    "thank you, that is exactly what I wanted",
    "great job",
    "well done, this is excellent",
    "this is really helpful",
    "perfect, thanks",
    "nice work on this",
    "I really like this answer",
    "that was very useful, thanks",
    "brilliant, you got it right",
    "awesome, thank you so much",
    "that's just right",
    "good answer",
    "I am pleased with this",
    "you did a wonderful job",
)
_COMPLAINT_PROTOTYPES = (
    "that is wrong",
    "this is not helpful at all",
    "you misunderstood me",
    "that's not what I asked for",
    "this answer is bad",
    "no, that's incorrect",
    "I am not satisfied with this",
    "this is useless",
    "that doesn't make sense",
    "you got it wrong",
    "this is disappointing",
    "that's confusing and unclear",
    "try again, this isn't right",
    "terrible answer",
)
_NEUTRAL_PROTOTYPES = (
    "can you send me the file",
    "the meeting is at three tomorrow",
    "let's move on to the next item",
    "good morning",
    "hello everyone",
    "I will be away next week",
    "what time is the call",
    "please book a room for Monday",
    "here are the results from today",
    "who is coming to the workshop",
    "the data arrived this morning",
    "let me know when you are free",
    "ok",
    "sure",
    "see you later",
    "we have a new member in the team",
    "please prepare the slides",
    "what is on the agenda",
    "write a short report on the project",
    "summarise the minutes of the meeting",
    "send the invoice",
    "where is the lab",
    "the deadline is on Friday",
    "I'm back from holiday",
    "thanks for coming",
    "let's start",
    "how many samples do we have",
    "please check the schedule",
    "make a list of the tasks",
    "call the statistician about the analysis",
    "the weather is bad today",
    "I'll read it tonight",
    # added blind (without seeing any evaluation sentence) with the larger example bank
    "I'm running ten minutes late",
    "can you forward me the link",
    "the printer is broken again",
    "lunch is at noon",
    "which room are we in",
    "I've uploaded the draft to the shared folder",
    "did you get my email",
    "happy birthday",
    "the client called this morning",
    "talk tomorrow",
    "how was your weekend",
    "the server is down",
    "please add Sam to the thread",
    "I'm working from home today",
    "can you translate this paragraph",
    "the figures are in the attached sheet",
    "my train was delayed",
    "let's meet after lunch",
    "what's the status of the order",
)


def prototypes(specs: Mapping[str, TraitSpec]) -> list[tuple[str, str]]:
    """``(class, text)`` pairs: ``"trait:+1"``/``"trait:-1"`` for each trait, then praise,
    complaint and neutral. Duplicate (class, text) pairs are dropped.

    >>> from autogen_zettel.persona.traits import TraitSpec
    >>> prototypes({"humour": TraitSpec("humour", high="playful", more=("be funny",),
    ...                                  examples_less=("no jokes please",))})[:3]
    [('humour:+1', 'be funny'), ('humour:+1', 'playful'), ('humour:-1', 'no jokes please')]
    """
    out: list[tuple[str, str]] = []
    for name, spec in specs.items():
        for sign, phrases, desc, examples in (
            (1, spec.more, spec.high, spec.examples_more),
            (-1, spec.less, spec.low, spec.examples_less),
        ):
            key = f"{name}:{sign:+d}"
            for text in (*phrases, desc, *examples):
                if text and (key, text) not in out:
                    out.append((key, text))
    for key, texts in (
        (PRAISE, _PRAISE_PROTOTYPES),
        (COMPLAINT, _COMPLAINT_PROTOTYPES),
        (NEUTRAL, _NEUTRAL_PROTOTYPES),
    ):
        out.extend((key, t) for t in texts)
    return out
