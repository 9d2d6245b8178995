"""English chat spelling put back as the layer rules read it, before anyone's subject is found:
contractions typed without their apostrophe ("Im", "Ive", "dont", "didnt", "she said shed"),
"wanna" / "gotta", and the common misspellings of the words the rules key on ("tommorow").

Only forms that are no other English word are repaired everywhere; "ill", "wont", "cant" and
"shed" are real words, so they are repaired only where a verb or a subject shows which one
is meant ("ill send" at a line's head, "cant stand", "she said shed call").

>>> spelled_en("Ive quit smoking, dont book the pub")
"I've quit smoking, don't book the pub"
>>> spelled_en("my sister said shed pick it up tommorow")
"my sister said she'd pick it up tomorrow"
>>> spelled_en("I feel ill")
'I feel ill'
"""

from __future__ import annotations

import re

__all__ = ["cased_names_en", "spelled_en"]

# a contraction whose apostrophe-less form is no other word: (its letters, the apostrophe's place)
_NEGATIVES = "dont|didnt|doesnt|isnt|wasnt|arent|werent|havent|hasnt|hadnt|couldnt|wouldnt|shouldnt|mustnt"
_PRONOUNS = "youre|theyre|weve|youve|theyve|youll|theyll|itll|thats|whats|theres|heres|shes|hes"
_BARE_VERB = (
    r"(?:be|do|go|get|have|make|send|call|take|bring|pick|come|see|let|book|check|email|text|ring|pay|"
    r"buy|help|stand|believe|wait|fix|sort|drop|write|finish|try|tell|find|give|meet|stop|start|eat|drink)"
)
# (chat's "ur" and "u" too: "ill return ur book")
_OBJECT = r"(?:it|them|you|u|ur|him|her|us|the|a|an|my|your|his|our|their|some|that|this|those|these|up|over|round|back|out)"
_SPELLING = (
    (r"\bi\b(?![.'’]\w)", "I"),  # "my boyfriend and i broke up"; not the "i" of "i.e."
    (r"\b(?:[Ii]m|i'm)\b", "I'm"),
    (r"\b[Ii]'?ve\b(?<!I've)", "I've"),
    (r"(?i)\bi'?d\b(?=\s+(?:love|like|rather|prefer|never|be|have|go|do|say|hate))", "I'd"),
    # "ill send it" / "wont be there" / "cant stand it": the verb after shows the contraction
    # (or any verb, when an object or particle follows it: "ill grab it", "ill ping you")
    (
        rf"(?i)(^|[,;.!]\s*|\b(?:and|but|so|then|yeah|yep|ok|okay)\s+)ill\b(?=\s+(?:\w+ly\s+)?{_BARE_VERB}\b|\s+[a-z]+\s+{_OBJECT}\b)",
        r"\1I'll",
    ),
    (rf"(?i)\b(wo|ca)nt\b(?=\s+(?:\w+ly\s+)?{_BARE_VERB}\b|\s*(?:$|[,.;!?]))", r"\1n't"),
    # "she said shed call": after a reporting verb, "shed"/"hed" is she'd/he'd
    (r"(?i)\b(said|says|promised|told me|thinks|reckons|swore)\s+(s?he)d\b", r"\1 \2'd"),
    (rf"(?i)\b({_NEGATIVES})\b", lambda m: m.group(1)[:-1] + "'t"),
    (rf"(?i)\b({_PRONOUNS})\b", lambda m: _pronoun(m.group(1))),
    (r"(?i)^lets\b", "let's"),
    # a heading typed before the news ("catching up: my sister's living in Dublin now", "update - ...")
    (
        r"(?i)^(?:catching up|quick update|life update|update|news|big news|guess what)\s*[:\-\u2013\u2014!]+\s*",
        "",
    ),
    # a "will" heading its clause in lower case before a bare verb is the speaker's, the I dropped ("ugh
    # forgot the books, will do it fri instead"); a capital "Will" may be a name
    # (not the bare "will do" of an acknowledgement: "will do – will have the invoice to you tomorrow")
    (
        rf"(^|[,;.!]\s*|\b(?:so|ok|okay|but|and|then)\s+)will(?=\s+(?:\w+ly\s+)?{_BARE_VERB}\b)"
        r"(?!\s+do\s*(?:$|[,.!;:\u2013\u2014-]))",
        r"\1I'll",
    ),
    # "rn" typed in lower case is "right now" (capitalised, "RN" is a registered nurse): the time it says
    (r"\brn\b", "now"),
    # a lone lower-case "w" before a word is chat's "with": "obsessed w ramen" ("w/" is left as
    # written: the words of a plan keep it, "dinner w/ the Hendersons")
    (r"(?<![\w/])w(?=\s+\w)", "with"),
    # chat's one-letter words: "u" is "you" and a lone "n" between words is "and" ("lemme check n get
    # back to u"); "ur" after a verb is "your" ("bring ur speaker"; "ur late" may be "you're": left)
    (r"(?<![\w.'’/-])u(?![\w.'’/-])", "you"),
    (rf"(?i)\b({_BARE_VERB})\s+ur\b(?=\s+[a-z])", r"\1 your"),
    (r"(?<=[a-z]) n (?=[a-z])", " and "),
    (r"(?i)\blemme\b", "let me"),
    # a relative by chat's clipped word after an owner ("my sis is a dentist", "her bf works at Tesco"):
    # only after my/your/his/her/our/their, where the clipping can be nothing else ("thanks bro" is no brother)
    (
        # (with a verb after it, so "my gf pasta", gluten-free, stays as typed)
        r"(?i)\b(my|your|ur|his|her|our|their)\s+(sis|bro|bf|gf|hubs)\b(?!')(?=\s+(?:is|was|has|had|works|worked|"
        r"lives|lived|said|says|just|got|gets|loves|hates|can't|doesn't|does|will|moved|started|quit|left|"
        r"thinks|reckons|wants|never|always|also|still|isn't|wasn't)\b|'s\s)",
        lambda m: (
            m.group(1)
            + " "
            + {"sis": "sister", "bro": "brother", "bf": "boyfriend", "gf": "girlfriend", "hubs": "husband"}[
                m.group(2).lower()
            ]
        ),
    ),
    # a name's "is" (or its contracted 's) before a state of life closing its clause ("heard Olivia's
    # engaged!", "Olivia is engaged to Tom", "Tom's married now"): the state, not a thing of hers
    (
        r"\b([A-Z][a-z]+)(?:['’]s|\s+is)\s+(?:just\s+|finally\s+|now\s+)?engaged\b(?=\s*(?:$|[,.!?;]|to\b|now\b))",
        r"\1 got engaged",
    ),
    (
        r"\b([A-Z][a-z]+)['’]s\s+(?=(?:just\s+|finally\s+|now\s+)?(?:married|single|divorced|retired|vegan|vegetarian)"
        r"\b\s*(?:$|[,.!?;]|now\b|to\b))",
        r"\1 is ",
    ),
    # a family word typed in lower case heading its clause, before what the person says, does or
    # is ("mum says she'll make the trifle", "dad's gonna paint the shed"): the family's name for them
    (
        r"(^|[,;.!]\s*|\b(?:and|but|so|oh|btw|also)\s+)(mum|mom|mam|dad|grandma|grandpa|gran|granny|nan|nana|grandad)"
        r"(?=(?:'s|\s+(?:says|said|is|was|has|had|will|promised|reckons|thinks|just|finally|got|loves|hates|"
        r"moved|started|quit|left|wants|can't|won't|isn't)|'ll)\b)",
        lambda m: m.group(1) + m.group(2).title(),
    ),
    # "the kids", "the wife" heading a clause in a chat are the speaker's own ("the kids are obsessed
    # with Bluey", "the wife's not a fan of camping")
    (
        r"(?i)(^|[,;.!]\s*|\b(?:and|but|so|oh)\s+)the\s+(kids|children|wife|husband|missus|hubby)"
        r"(?=\s+(?:are|were|is|isn't|was|love|loved|loves|hate|hated|hates|adore|adores|have|has|will|say|said|says|"
        r"want|wants)\b|'s\s|'ve\s)",
        r"\1my \2",
    ),
    # a new job's post and place told bare after the cry of it ("new job! barista at Costa from next
    # week"): the post as "I'm a ...", as the rules read a job and its firm
    (
        r"(?i)\b((?:new job|new gig|got (?:a|the) job)\s*[!:.,\-]+\s*)(?:(?:a|an)\s+)?"
        r"(?=[a-z]+(?:\s+[a-z]+)?\s+(?:at|for)\s+(?-i:[A-Z]))",
        r"\1I'm a ",
    ),
    (r"(?i)\bwanna\b", "want to"),
    (r"(?i)\bgotta\b", "got to"),
    (r"(?i)\bgunna\b|\bgona\b", "gonna"),
    (r"(?i)\b(?:tomm?orr?ow|tmorrow|tomorow)\b", "tomorrow"),
    # a time typed with a number for its sound ("2nite", "2day", "2moro"), or "tonite"
    (r"(?i)\b(?:2nite|2night|tonite)\b", "tonight"),
    (r"(?i)\b2day\b", "today"),
    (r"(?i)\b(?:2moro+w?|2morrow)\b", "tomorrow"),
    # "wil" (no English word) before a bare verb is "will" with a letter dropped
    (rf"(?i)\bwil\b(?=\s+(?:\w+ly\s+)?{_BARE_VERB}\b|\s+[a-z]+\s+{_OBJECT}\b)", "will"),
    # (and its chat clippings: "defo gonna ring mum", "deffo coming")
    (r"(?i)\bdefin[ai]t?e?ly\b|\bdef+o\b", "definitely"),
    # a laugh or kiss at a line's end is no part of what was said ("Finally finished the puzzle lol")
    # a tag of assurance at a line's end adds nothing to what is promised ("... back tonight promise")
    (r"(?i)(?<=\w)[\s,]+(?:i\s+)?(?:promise|swear|honest)(?=[\s,]+x+[\s.!]*$|[\s.!]*$)", ""),
    # (a single kiss too: "promise x")
    (r"(?i)[\s,]+(?:lol|lmao|rofl|ha(?:ha)+|he(?:he)+|x+)[\s.!]*$", "."),
    # so is an aside tag ("I'm allergic to penicillin btw", "I'm a nurse fyi")
    (r"(?i)[\s,]+(?:btw|fyi|tbh|ngl|imo|just saying)[\s.!]*$", "."),
)


# a name typed in lower case where a place or a workplace is named ("moved to leeds", "left barclays,
# i'm at monzo now", "joined lloyds"): in a sentence typed all in lower case its capital is put back, so
# the rules that know a name by its capital read it. Not a word that is no name there ("moved to
# sales last month", "left early", "working at home")
_NAMED_AFTER = re.compile(
    r"\b(?P<v>(?:moved|moving|relocated|relocating)(?:\s+(?:down|up|over|back|out))?\s+to|based\s+in|live\s+in|"
    r"living\s+in|work\s+(?:at|for)|working\s+(?:at|for)|joined|left|quit|(?P<at>i'?m\s+at)|(?P<been>been\s+at))\s+"
    r"(?P<n>[a-z][a-z'&\-]{2,})(?=\s*(?:$|[,.;!?]|\s(?:now|last|this|in|for|and|since|lol|haha|today|yesterday|\d+|"
    r"(?:two|three|four|five|six|ten)\s+(?:yrs|years|months)\b)\b))"
)
_NO_NAME = frozenset(
    """the a an my our your his her their this that these those it them him us me home town city work
    school uni college bed early late there here somewhere sales marketing finance accounts hr legal
    nights days weekends part full already everything nothing something soon too again abroad overseas
    upstairs downstairs hope fear denial peace sin mums mum's dads dad's nans nan's grans mine yours""".split()
)
_OWN_CLAUSE = re.compile(
    r"(?:^|[,;.!]\s*|\b(?:i|i've|ive|im|i'm|we|we've|just|finally|have|also|and|then|so|now|lol|omg)\s+"
    # (or a relative's, whom the owner word marks: "my sister moved to leeds")
    r"|\b(?:my|our|his|her|their)\s+[a-z]+(?:'s)?\s+(?:(?:just|finally|has|have)\s+)?)$"
)
# a job left or joined in the line, which makes "i'm at <name> now" a workplace, not a shop or a friend's
_JOB_MOVE = re.compile(r"\b(?:left|quit|joined|new job|started|chucked|packed in|jacked in|handed in)\b")


def cased_names_en(text: str) -> str:
    """``text`` (a sentence) typed all in lower case with the name after a verb of living or working
    capitalised.

    >>> cased_names_en("left barclays, im at monzo now"), cased_names_en("moved to sales last month")
    ('left Barclays, im at Monzo now', 'moved to sales last month')
    >>> cased_names_en("Moved to leeds")
    'Moved to leeds'
    """
    if re.search(r"[A-Z]", text):
        return text
    job_moved = bool(_JOB_MOVE.search(text))

    def cased(m: re.Match) -> str:
        # (the speaker's own move or job, the verb heading its clause or after "i" / "we": "sam moved
        # to leeds" is Sam's, whom a name in lower case cannot mark, so it is left as typed)
        own = _OWN_CLAUSE.search(text[: m.start()])
        # ("been at google 5 yrs": a place one has been at for a span of years or months; not "been at
        # dinner 2 hours")
        span = re.match(
            r"\s+(?:\d+|a|an|two|three|four|five|six|ten)\s+(?:yrs?|years?|months?|mos?)\b", text[m.end() :]
        )
        if (
            m.group("n") in _NO_NAME
            or (m.group("at") and not job_moved)
            or (m.group("been") and not span)
            or not own
        ):
            return m.group(0)
        return m.group(0)[: m.start("n") - m.start()] + m.group("n").title()

    return _NAMED_AFTER.sub(cased, text)


def _pronoun(word: str) -> str:
    low = word.lower()
    cut = 2 if low.endswith(("ll", "ve", "re")) else 1
    return word[:-cut] + "'" + word[-cut:]


def spelled_en(text: str) -> str:
    """``text`` with its chat spellings of contractions and key words put back (see the module)."""
    for pattern, repl in _SPELLING:
        text = re.sub(pattern, repl, text)
    return text
