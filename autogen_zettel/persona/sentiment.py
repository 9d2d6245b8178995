"""Praise or complaint worded without a listed word, from a kept sentiment lexicon (VADER).

The hand-written praise/complaint list of :func:`autogen_zettel.persona.signals.valence`
knows "thanks" and "wrong"; people also say "superb answer", "I'm impressed" or "this is
nonsense". VADER (``vaderSentiment``, MIT, offline: a 7,500-word lexicon with rules for
negation, intensifiers and "but") scores those. It also scores plain chat ("is the lab free",
"the printer is broken"), so :mod:`~autogen_zettel.persona.signals` uses it only where the
listed words say nothing and the message reads more like praise or complaint than like chat
by meaning (:attr:`~autogen_zettel.persona.meaning.ClauseReading.mood_lead`).

Courtesy words are left out before scoring: "please" is positive in VADER's lexicon and would
make every request praise. Without ``vaderSentiment`` installed this gives 0 (no valence).

>>> sentiment("Superb answer.") > 0.5, sentiment("This is nonsense.") < -0.3
(True, True)
>>> sentiment("Please forward this to the funder.")
0.0
"""

from __future__ import annotations

import logging
import re
import threading

__all__ = ["sentiment"]

log = logging.getLogger(__name__)

_COURTESY = re.compile(r"(?<![\w'])(?:please|pls|kindly)(?![\w'])", re.IGNORECASE)
_LOCK = threading.Lock()
_ANALYSER: list = []  # [analyser or None], filled on first use


def _analyser():
    with _LOCK:
        if not _ANALYSER:
            try:
                from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer
                _ANALYSER.append(SentimentIntensityAnalyzer())
            except ImportError:  # optional: the hand-written list and the reading by meaning remain
                log.warning("vaderSentiment is not installed: praise and complaint come from the listed words "
                            "and by meaning only (pip install vaderSentiment)")
                _ANALYSER.append(None)
        return _ANALYSER[0]


def sentiment(text: str) -> float:
    """VADER's compound score of ``text`` without courtesy words: -1 (complaint) .. 1 (praise)."""
    analyser = _analyser()
    if analyser is None or not text.strip():
        return 0.0
    return float(analyser.polarity_scores(_COURTESY.sub(" ", text))["compound"])
