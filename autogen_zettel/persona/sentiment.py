"""Praise or complaint worded without a listed word, from a kept sentiment lexicon (VADER).

The hand-written praise/complaint list of :func:`autogen_zettel.persona.valence.valence`
knows "thanks" and "wrong"; people also say "superb answer", "I'm impressed" or "this is
nonsense". VADER (``vaderSentiment``, MIT, offline: a 7,500-word lexicon with rules for
negation, intensifiers and "but") scores those. It also scores plain chat ("is the lab free",
"the printer is broken"), so :mod:`~autogen_zettel.persona.signals` uses it only where the
listed words say nothing and the message reads more like praise or complaint than like chat
by meaning (:attr:`~autogen_zettel.persona.meaning.ClauseReading.mood_lead`).

VADER reads words, not the mood of a verb: "I expected better" and "this could have been
clearer" score as praise ("better", "clearer" are positive words), though they say the reply
fell short. :func:`unmet_expectation` recognises that construction (an expectation or a
counterfactual modal followed by a comparative of a good quality), from general English,
and :mod:`~autogen_zettel.persona.signals` reads such a clause as a complaint.

Courtesy words are left out before scoring: "please" is positive in VADER's lexicon and would
make every request praise. Without ``vaderSentiment`` installed this gives 0 (no valence).

>>> sentiment("Superb answer.") > 0.5, sentiment("This is nonsense.") < -0.3
(True, True)
>>> sentiment("Please forward this to the funder.")
0.0
>>> unmet_expectation("I expected better from you."), unmet_expectation("It could have been a lot clearer")
(True, True)
>>> unmet_expectation("I expected more people at the workshop"), unmet_expectation("Much better, thanks")
(False, False)
"""

from __future__ import annotations

import logging
import re
import threading

from autogen_zettel.persona.clause_words import clauses

__all__ = ["sentiment", "unmet_expectation"]

log = logging.getLogger(__name__)

_COURTESY = re.compile(r"(?<![\w'])(?:please|pls|kindly)(?![\w'])", re.IGNORECASE)
_LOCK = threading.Lock()
# an expectation that was not met: "expected better", "was hoping for more", "would have liked
# more", "could have been clearer", "should've been better" (a comparative of a good quality
# after a counterfactual modal); "expected more people" names a quantity, so the comparative
# must end the clause or be followed by "from/of you", "than this/that"
_GOOD = r"(?:better|more|clearer|sharper|tighter|stronger|cleaner|nicer|smarter|more careful|more useful)"
_UNMET = re.compile(
    rf"(?<![\w'])(?:expected|hoped for|was hoping for|were hoping for|had hoped for|would have liked|'d have liked|"
    rf"would've liked|wanted|was looking for)\s+(?:something\s+|a\s+(?:lot|bit|little)\s+|much\s+|far\s+)?{_GOOD}"
    rf"(?:\s+(?:from|of)\s+(?:you|this|that|the reply|the answer)|\s+than\s+(?:this|that))?"
    rf"(?:\s+(?:here|there|this time|today|honestly))?\s*[.!,]*\s*$"
    rf"|(?<![\w'])(?:could|should|might|would)(?:\s+have|'ve)\s+been\s+(?:a\s+(?:lot|bit|little)\s+|much\s+|far\s+|way\s+)?"
    rf"{_GOOD}(?![\w'])",
    re.IGNORECASE,
)
_ANALYSER: list = []  # [analyser or None], filled on first use


def _analyser():
    with _LOCK:
        if not _ANALYSER:
            try:
                from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer

                _ANALYSER.append(SentimentIntensityAnalyzer())
            except ImportError:  # optional: the hand-written list and the reading by meaning remain
                log.warning(
                    "vaderSentiment is not installed: praise and complaint come from the listed words "
                    "and by meaning only (pip install vaderSentiment)"
                )
                _ANALYSER.append(None)
        return _ANALYSER[0]


def unmet_expectation(text: str) -> bool:
    """Whether a clause of ``text`` says the reply fell short of what was expected ("I expected
    better", "this could have been clearer"), which VADER scores as praise."""
    return any(_UNMET.search(c.replace("\u2019", "'")) for c in clauses(text))


def sentiment(text: str) -> float:
    """VADER's compound score of ``text`` without courtesy words: -1 (complaint) .. 1 (praise)."""
    analyser = _analyser()
    if analyser is None or not text.strip():
        return 0.0
    return float(analyser.polarity_scores(_COURTESY.sub(" ", text))["compound"])
