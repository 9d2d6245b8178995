"""Tags as a reader writes them: a card's tags are stems ("coriand", "pleas"), the words its
text used are what a person looks for ("coriander", "please")."""

from __future__ import annotations

import re

from autogen_zettel.core.lexical import fold, snowball

__all__ = ["readable_tags"]

_WORD = re.compile(r"\w+(?:'\w+)?")


def readable_tags(tags: tuple[str, ...] | list[str], text: str) -> list[str]:
    """Each tag as the first word of ``text`` it was stemmed from (lower-cased), else the tag.

    >>> readable_tags(["coriand", "pleas", "pho", "kyoto"], "Please order the pho with extra coriander.")
    ['coriander', 'please', 'pho', 'kyoto']
    """
    forms: dict[str, str] = {}
    for word in _WORD.findall(text):
        folded = fold(word)
        forms.setdefault(snowball(folded), folded)
        forms.setdefault(folded, folded)
    return [forms.get(t, t) for t in tags]
