"""English rules of :func:`~autogen_zettel.people.evidence.extract_layers`, one sentence at a time
(the fact rules are :mod:`~autogen_zettel.people.facts_en`).

The rules are narrow on purpose (a false commitment or fact is worse than a missed one):
questions, hedges ("maybe I'll go") and orders ("I'll have the salmon") give nothing; a bare
"No thanks" or "Sure" is a refusal or acceptance only when the message it answers offered
something.
"""

from __future__ import annotations

import re
from datetime import datetime

from autogen_zettel.people.evidence import Evidence
from autogen_zettel.people.facts_en import facts
from autogen_zettel.people.lexicon_en import (
    ACCEPT,
    ACK_EN,
    ASKED,
    CANCEL,
    CAUSATIVE,
    CHANGE,
    CUE_WORDS,
    DONE,
    DONE_BY_EN,
    DONE_VERBS,
    DONE_WITH_TIME,
    FAN,
    FAVOURITE,
    FIRST_PROMISE,
    GERUND_HEAD,
    HEDGE,
    IDIOMS,
    JUST_FOR_ME,
    MUST,
    NO_REFUSAL,
    NOT_A_KIND,
    NOT_EAT,
    NOT_MY_THING,
    NOT_NAMES,
    NOT_PROMISE,
    OFFER,
    OFFER_VERB,
    POSTPONE,
    PUT_IT_OFF_EN,
    REFUSE,
    REMIND,
    REQUEST,
    STANCE,
    STOP,
    THIRD_DONE,
    THIRD_PROMISE,
    VAGUE,
    VAGUE_DO,
)
from autogen_zettel.people.subjects import names_a_person, own_kin
from autogen_zettel.people.topics import category_of, clean_topic, listed_en, topic_of
from autogen_zettel.text.due import DATE_WORDS, due_date

__all__ = ["extract", "offer_topic", "taken_up"]


def _phrase(text: str) -> str:
    """An object phrase up to its clause end, without date words or a trailing adverb."""
    # "for Thursday's review": the day is said in the due date; what is left is "for the review"
    text = DATE_WORDS.sub(" ", text).replace(" 's ", " the ")
    text = re.sub(
        # (a clause cut at the dot of "p.m." keeps only "3 p": that is the hour too)
        r"\b(?:at\s+)?\d{1,2}(?::\d{2})?\s*(?:am\b|pm\b|a\.m\.?|p\.m\.?|[ap]\.?(?=\s|$))|\b(?:in the |this |tomorrow |last |yesterday )?"
        r"(?:morning|afternoon|evening|night)\b|\bfor (?:me|us)\b|\bfirst thing\b|\b(?:these days|nowadays|lately|"
        r"at the moment|this (?:year|month|week)|(?<!the )(?<!for )(?<!from )(?<!of )last (?:year|month|week|weekend)|yesterday|at (?:long )?last)\b",
        " ",
        text,
    )
    text = STOP.split(text, maxsplit=1)[0]
    text = re.sub(r"\((?:[^)]*)\)", " ", text)
    text = re.sub(
        # ("let you know" keeps its you: what is promised is to tell the hearer)
        r"\b(?:for you|to you|(?<!let )you|please|again|tonight|now|anymore|any more|too|either|later|first|soon|sometime)\b",
        " ",
        text,
    )
    # (by one's own hands is how, not what: "fixed the leaky tap myself")
    text = re.sub(r"\s+(?:as well|too|also|either|myself|ourselves)\s*$", "", " ".join(text.split()))
    text = re.sub(r"(?:\s+(?:for|on|at|by|to|with|in|from|until|before|of))+\s*$", "", text)
    return text.strip(" '\"")


# "a slice of the carrot cake", "the last of the prosecco": a measure or a share of the thing, not the thing
_PARTITIVE = re.compile(
    r"^(?:(?:a|an|the|one|another|some)\s+)?(?:(?:small|little|big|large|quick|tiny|wee|last)\s+)?"
    r"(?:slice|piece|bit|cup|glass|mug|bowl|plate|pint|bottle|can|scoop|bite|taste|drop|splash|serving|portion|"
    r"helping|spoonful|handful|last|rest|remainder|dregs|couple|few|some|any|more|half|one)s?\s+of\s+"
    r"(?!(?:\w+\s+)?(?:week|day|month|year|time|night|evening|morning|afternoon|weekend)s?\b)"
    r"(?:the\s+|that\s+|this\s+|some\s+|my\s+)?(?=[a-z])",
    re.I,
)


# what gets one into a thing ("tickets for the ballet", "seats at the opera"): the thing is the topic
_WAY_IN = re.compile(
    r"^(?:(?:a|an|the|some|two|three|\d+)\s+)?(?:(?:cheap|spare|free|good)\s+)?(?:tickets?|seats?|passes?|places?|spots?)\s+"
    r"(?:for|to|at)\s+(?:the\s+|a\s+|that\s+|this\s+)?(?=[a-z])",
    re.I,
)


# how much, said after the thing ("I love pizza so much", "sushi as much as I used to"): no part of it
_HOW_MUCH = re.compile(r"\s+(?:so\s+much|so\s+so\s+much|a\s+lot|to\s+bits|as\s+much\b.*)$")


def _topic(text: str) -> str:
    phrase = GERUND_HEAD.sub("", _PARTITIVE.sub("", _WAY_IN.sub("", _phrase(text), count=1), count=1))
    phrase = _HOW_MUCH.sub("", phrase)
    if not phrase or VAGUE.match(phrase) or NOT_A_KIND.match(text.strip()):
        return ""
    words = phrase.split()
    return " ".join(words[:4])


# "there's leftover pie if anyone wants some", "there's more soup if you want it": a thing left out for the taking
_THERE_IS_OFFER = re.compile(
    r"\bthere(?:'s| is| are|'re)\s+(?:still\s+)?(?:some\s+|a\s+few\s+|a\s+bit\s+of\s+)?"
    r"(?:leftover|left-over|spare|extra|more|plenty of|loads of|lots of)?\s*(?P<obj>[a-z][a-z\- ]{1,30}?)"
    r"(?:\s+(?:left(?:\s+over)?|going spare|going))?(?:\s+(?:in|on|at)\s+the\s+\w+)?[,\s]+"
    r"(?:if|for)\s+(?:anyone|anybody|you|whoever|someone)(?:\s+(?:wants?|fancies|fancy|would like|likes?)\b)?"
)


# "Last slice of pizza, anyone?": the thing named, then who wants it asked
_ANYONE_OFFER = re.compile(
    r"^\s*(?P<obj>[a-z][a-z\- ]{1,40}?)\s*,?\s*(?:anyone|anybody|any takers)\s*\?+\s*$"
)

# "Coldplay tickets going spare for saturday, want them?": a thing one has spare, then asked who wants it
# (or "I've got a spare Coldplay ticket for Wembley, want it?": the spare thing after "spare")
_SPARE_OFFER = re.compile(
    r"^\s*(?:(?:i've\s+)?got\s+|(?:i|we)\s+have\s+)?(?:(?:a|an|the|two|2|a couple of|some)\s+(?:spare\s+)?)?"
    r"(?P<obj>(?!(?:got|have|i've|i|we|a|an|do|does|did|want|fancy|you|any)\b)[a-z][a-z\- ]{1,40}?)\s+"
    r"(?:going\s+spare|up\s+for\s+grabs)\b[^?]*\?+\s*$"
    r"|^\s*(?:i've|we've|i have|we have)\s+got\s+(?:a|an|two|2|some)\s+spare\s+(?P<obj2>[a-z][a-z\- ]{1,40}?)"
    r"(?=\s+(?:for|to|at|on|tonight|tomorrow|this|next)\b|\s*[,?])[^?]*\?+\s*$"
)


# an invitation asked bare, its "are you" dropped: "Coming to karaoke on Friday?", "You joining us for
# drinks later?", or the thing first and the hearer asked in: "Karaoke again this Friday, you in?"
_JOIN_ASKED = re.compile(
    r"^\s*(?:are\s+)?(?:you\s+|u\s+)?(?:coming|joining us|joining)\s+(?:along\s+)?(?:to|for)\s+"
    r"(?:the\s+)?(?P<obj>[a-z][a-z\- ]{1,30}?)(?=\s+(?:again|tonight|today|tomorrow|this|next|on|later)\b|\s*\?)"
    r"|^\s*(?P<obj2>[a-z][a-z\- ]{1,30}?)(?:\s+(?:again|tonight|today|tomorrow|later|(?:this|next|on)\s+\w+))*"
    r"\s*,\s*(?:are\s+)?(?:you|u)\s+(?:in|up for it|game|interested)\s*\?+\s*$"
)


_CONDITION_HEAD = re.compile(
    r"\b(?:if|whenever|when|unless|in case|as long as)\s+(?:you|u|anyone|anybody|you guys)\s+(?:ever\s+|still\s+)?$"
)


# a choice of two put as a question ("red or white for you tonight?", "sushi or pizza for the party?"),
# answered by naming one of them first ("white, always", "pizza obviously"): the one named is liked
_CHOICE_ASKED = re.compile(
    r"\b(?P<a>(?!(?:more|sooner|now|yes|whether|either|this|that|one|here|there|today|tomorrow)\b)[a-z][a-z\-]*)"
    r"\s+or\s+(?P<b>(?!(?:not|less|later|never|no|so|two|other|something|anything|what|not)\b)[a-z][a-z\-]*)\b[^?]*\?+\s*$"
)
# a question of what the asker should do to someone ("should I call her or wait?", "do I text him or
# leave it?"), not of a thing to have ("should we get pizza or sushi?")
_ADVICE_ASKED = re.compile(
    r"(?:\w+,?\s+)?(?:should|shall|do|can|could|would)\s+(?:i|we)\s+[a-z]+(?:\s+(?:her|him|them|it|you|back))?\s+or\b"
    # (or an act against holding off: "should we get a new sofa or wait for the sales?")
    r"|(?:should|shall|do|can|could|would)\s+(?:i|we)\s+[^?]*\bor\s+(?:just\s+)?(?:wait(?:\s+(?:for|till|until)\b|\s*\?)"
    r"|hold off|leave it|not bother)"
)
_CHOICE_HEAD = re.compile(r"^(?:the\s+|a\s+|an\s+)?(?P<x>[a-z][a-z\-]*)(?=\s*(?:$|[,.!]|\s+(?!or\b)[a-z]))")


def _choice_taken(previous: str | None, low: str) -> str:
    """The one of a question's two choices the answer ``low`` names first, or ""."""
    asked = _CHOICE_ASKED.search((previous or "").lower().strip())
    if asked and _ADVICE_ASKED.match((previous or "").lower().strip()):
        return ""  # "should I call her or wait?" - "wait till tmrw": advice on what to do, no taste
    head = _CHOICE_HEAD.match(low.strip())
    if not asked or not head or re.search(r"\b(?:neither|both|no|not|never)\b", low[: head.end() + 12]):
        return ""
    return head.group("x") if head.group("x") in (asked.group("a"), asked.group("b")) else ""


# a favour offered, no thing: the asker's act done for the one asked ("want me to pick you up
# tomorrow?", "Shall I drop the keys round?", "Do you want me to drive?"); a no to it is no taste, a yes
# no liking (a thing fetched or served is still offered: "want me to pick up some wine?", "Shall I put
# some olives on your plate?")
_FAVOUR_OFFER = re.compile(
    r"\b(?:(?:do you )?want me to|would you like me to|(?:do you )?need me to|shall i|should i)\s+"
    rf"(?!{OFFER_VERB}\b|[a-z]+(?: (?:you|u|us|me))?(?: (?:up|round|over|back))? (?:some|more|a few|a bit of|a|an)\b"
    r"(?! (?:lift|ride|hand|call|ring|text|shout|break|minute|sec)\b))[a-z]+\b"
    # help offered by its noun: "want a hand with the move?", "need a lift?", "any help with the boxes?"
    r"|^(?:(?:do you|d'you|you)\s+)?(?:want|need|fancy|like)\s+(?:a|some|any)\s+(?:hand|lift|ride|help)\b"
    r"|^(?:any|some)\s+help\b"
)


def offers_a_favour(previous: str | None) -> bool:
    """Whether ``previous`` offers to do the one asked a favour ("want me to pick you up tomorrow?")."""
    return bool(_FAVOUR_OFFER.search((previous or "").lower()))


def offer_topic(previous: str | None) -> str:
    """What the message answered offered: "Shall I book the sushi bar?" -> "the sushi bar"."""
    if not previous:
        return ""
    if offers_a_favour(previous):
        return ""
    low = previous.lower()
    spare = _SPARE_OFFER.search(low)
    if spare:
        return _topic(spare.group("obj") or spare.group("obj2"))
    # "... if you want to look", "whenever you fancy": a wish put as a condition offers nothing
    m = next((o for o in OFFER.finditer(low) if not _CONDITION_HEAD.search(low[: o.start()])), None)
    # (an offer of "them" or "it" names its thing before: "Coldplay tickets going spare, want them?")
    # (a thing pointed at is offered as well: "Want to try that new vegan place?")
    offered = re.sub(
        r"^(?:that|this|those|these)\s+(?!(?:is|was|are|were|one|ones|way|kind|sort|thing)\b)(?=[a-z])",
        "",
        (m.group("obj") or m.group("obj2") or "") if m else "",
    )
    if m and _topic(offered):
        return _topic(offered)
    m = _THERE_IS_OFFER.search(low) or _ANYONE_OFFER.search(low)
    if m:
        return _topic(m.group("obj"))
    m = _JOIN_ASKED.search(low)
    if m:
        return _topic(m.group("obj") or m.group("obj2"))
    # a bare question naming a thing: "Sushi again?", "Pizza tonight?", "Ugh, pizza again?"
    previous = re.sub(
        r"^\s*(?:ugh|oh|hmm+|meh|wait|seriously|eh|um|uh|what)[,!.]*\s+", "", previous, flags=re.I
    )
    m = re.fullmatch(
        # (the time may be a week or a day named: "The Italian again this week?", "curry again on friday?")
        r"\s*(?:the\s+|some\s+|more\s+|another\s+|an?\s+)?(?P<obj>[a-z][a-z\- ]{1,30}?)(?:\s+(?:again|tonight|today|then|"
        r"for dinner|for lunch|(?:this|next|on)\s+(?:week(?:end)?|[a-z]+day)))*\s*\?+\s*",
        previous.lower(),
    )
    if m and not re.search(
        r"\b(?:really|seriously|what|why|how|who|where|when|ok|okay|right|sure|yes|no|you|i|we|it|"
        r"is|are|do|does|did|can|could|will|would|want|wanna|fancy|try|that|this|these|those|like|need|"
        # (a state or a place the hearer is asked about: "Ready?", "Home?", "Awake?", "Outside?")
        r"ready|home|awake|asleep|outside|inside|here|there|done|alive|up|free|busy|around|back|in|out|coming|"
        r"serious|downstairs|upstairs|sorted|safe|well|better|sick|tired|hungry|bored|dressed|late|early|"
        r"good|fine|alright|everyone|anyone|someone|nobody|yet|now|today|tonight)\b",
        m.group("obj"),
    ):
        return _topic(m.group("obj"))
    return ""


# (a "still" or "sorry" before it too: "Still no, I'll stay home", "Sorry, no")
_INTERJECTION = re.compile(
    r"^(?:(?:ugh|urgh|argh|oh|god|man|meh|honestly|seriously|please|still|sorry|erm|um|uh)[,!.]*\s+)+"
)
# "Anything but curry tonight": every choice except the thing named
_ANYTHING_BUT = re.compile(r"^(?:anything|whatever you like) but\s+\w")
# what a refusal's object must not be for a taste: an errand or an event, not a thing one eats or does for fun
_TASK_HEAD = re.compile(
    r"\b(?:run|trip|errand|appointment|meeting|call|session|class|lesson|visit|booking|pickup|pick-up|"
    r"delivery|reunion|viewing|interview|shift|check-up|checkup|ticket|tickets|seat|lift|ride)$"
)
# a place at an event offered ("my spare seat at the Oasis gig", "a spare ticket for Wicked"): no taste
_SEAT = re.compile(r"\bspare\s+(?:ticket|seat|place|spot)s?\b|\b(?:ticket|seat)s?\s+(?:at|for|to)\b")
# "I'm going to have to skip ...", "I need to miss ...": obliged, so a plan called off
_OBLIGED_SKIP = re.compile(
    r"\b(?:have to|need to|must|got to|gonna have to|going to have to)\s+(?:skip|miss|sit out)\b"
)
# what follows "not" in a refusal that is a degree of it, not a thing: "not a chance", "not likely"
_NO_CHANCE = re.compile(r"^(?:a\s+)?(?:chance|hope|prayer|likely|happening|way|bit|lot|much|remotely)$")
_VENUE = re.compile(r"\b(?:place|restaurant|bar|spot|cafe|café|joint|pub|diner)$")
_TASTE_AFTER = re.compile(r"\b(?:mood for|feel like|fancy)\s+\w")
# a yes that takes a request on, after any acknowledgements ("Yeah can do 👍", "Sure, will do",
# "ok ok, leave it with me"); "I can do Tuesday" offers a day, not the act asked
_PLEDGED_YES = re.compile(
    r"^(?:(?:ok|okay|sure|yes|yeah|yep|yup|alright|of course|no problem|no worries)[,!. ]*)*"
    r"(?:will do|can do(?!\s+\w)|i'm on it|on it|consider it done|leave it with me|you got it"
    # (or the act taken on by a pro-form: "yeah I can grab that on the way", "sure, I'll do it")
    r"|(?:i\s+can|i'll|i will)\s+(?:definitely\s+|def\s+|totally\s+)?[a-z]+\s+(?:that|it|them|some)\b(?!\s+(?:is|was|if)\b))\b"
)
# a bare yes, the whole line ("Sure thing.", "Of course!"), to a request for an act ("Can you bring
# the projector?"), not for an answer ("Can you tell me ...", "Could you remind me what ...")
# (a bare "yes" may answer "can you swim?", a question of what one can do: it takes on nothing)
_BARE_YES = re.compile(
    r"(?:sure(?: thing)?|of course|absolutely|certainly|definitely|ok|okay|no problem|"
    r"happy to|gladly|with pleasure|(?:yes|yeah|yep|yup)(?=,?\s+(?:no problem|no worries|of course|sure|happy to)))"
    r"(?:,?\s+(?:of course|no problem|no worries|happy to|mate|sure))?[\s!.]*"
)
# the act asked is done to something or someone ("bring the projector", "pick up the dry cleaning"),
# not a skill asked about ("can you speak French?")
_ACT_ASKED = re.compile(
    r"\b(?:can|could|will)\s+you\s+(?:please\s+)?(?!(?:tell|remind|believe|imagine|guess|see|hear|recommend|"
    r"explain|let me know|check if|check whether|confirm whether|remember)\b)[a-z]+\s+"
    r"(?:(?:up|over|round|back|out|off|in)\s+)?(?:the|my|our|your|his|her|their|a|an|some|this|that|these|those|"
    r"it|them|me|us)\b"
    # (or a thing with no determiner after an errand's verb: "Can you pick up milk on your way home?")
    r"|\b(?:can|could|will)\s+you\s+(?:please\s+)?(?:grab|get|buy|pick\s+up|bring|post|send|book|order|feed|walk|water|"
    r"collect|fetch|ring|call|text|email)\s+(?!(?:a|an)\b)[a-z]+"
)
_READY_BY = re.compile(
    r"\b(?:the|your|my|our)\s+(?P<w>[a-z][a-z ]{1,30}?)\s+(?:will|'ll)\s+be\s+(?:out|ready|done|sent|with you|"
    r"finished|sorted|fixed|delivered|in your inbox)\b"
    # (or the result alone, with its time after it: "leave it with me - bins rota sorted by friday")
    rf"|(?:^|[-–—,:]\s*)(?:the\s+)?(?P<w2>(?![a-z ]*\b(?:wants|needs|said|says|asked)\b)[a-z]+(?:\s+[a-z]+){{0,2}}?)\s+{DONE_BY_EN}"
)
# "you'll have it by Wednesday", "you'll get the slides tomorrow": the hearer's having a thing at a time
_YOU_WILL_HAVE = re.compile(
    r"\byou(?:'ll| will)\s+(?:have|get|receive)\s+(?P<obj>it|them|that|this|(?:the|my|your|our)\s+[a-z]+(?:\s+[a-z]+)?)"
    # (from whom it comes may stand before the time: "You'll have the draft chapters from me on Friday")
    r"(?:\s+from\s+(?:me|us))?\s+(?=by\b|before\b|on\b|tomorrow\b|today\b|tonight\b|first thing\b|this\b|next\b|in the morning\b)"
)
_THEN_BACK = re.compile(r"\b(?:by then|by that time|by that day|in time)\b")
_DATED = re.compile(
    r"\b(?:today|tonight|tomorrow|this (?:morning|afternoon|evening|week|weekend)|on (?:mon|tues|wednes|thurs|"
    r"fri|satur|sun)day|next (?:week|\w+day))\b"
)


# the errands and chores a group asks someone to take on ("who can bring the cake?", "can someone
# pick up Mia?"); not what one is able to do or feel ("who can swim?", "who can resist a doughnut?")
_TASK_VERB_EN = (
    # (not what one attends, can do, travels on or gets for oneself: "who can make Saturday?", "who can
    # drive stick?", "who can get the train up?", "who's getting the new iPhone?"; a thing taken
    # somewhere is an errand, "take Bella to the vet")
    r"bring|pick\s+up|pick\s+\w+\s+up|grab|collect|fetch|feed|walk|water|host|babysit|cover|book|order|ring|call|"
    r"phone|email|text|send|post|drop|sign\s+for|sort|organi[sz]e|handle|lend|print|set\s+up|look\s+after|mind|"
    r"tidy|clean|pay\s+for|give\s+\w+\s+a\s+lift|help\s+(?:me|us)\s+(?:move|with)|meet\s+\w+\s+(?:at|from)|"
    r"take\s+(?!part|off|bets|a\b)\S+(?:\s+\S+)?\s+to\b|do\s+the\s+(?:school\s+run|airport\s+run|food|shopping|"
    r"washing\s+up|dishes|drinks|dessert|pudding|salad|tesco\s+order|big\s+shop)"
)
# a task asked of a group ("who can bring the cake?", "can someone pick up Mia at 3?", "who's
# picking up the balloons?"); not a thing offered ("who wants the last slice?") nor who is up for
# a plan ("who's up for drinks?")
_GROUP_ASKED = re.compile(
    r"^(?:[^?]*[,;.!]\s*)?(?:who(?:'ll|\s+will|\s+can|\s+could|'s\s+able\s+to|\s+is\s+able\s+to|'s\s+free\s+to)"
    r"|(?:can|could|will)\s+(?:someone|somebody|anyone|anybody)(?:\s+else)?|(?:anyone|anybody)\s+(?:able|free)\s+to)"
    # (the errand with its thing, a definite one: "who can walk the dog?", "who can pick up Mia?"; not
    # "who can walk?", "who can drop by later?", "who can handle spicy food?", "who can call the shots?")
    rf"\s+(?:please\s+)?(?P<what>(?:{_TASK_VERB_EN})\s+(?:(?:up|out|in|round|over)\s+)?"
    r"(?:(?:the|my|our|your|his|her|mum's|dad's|\w+'s)\s+(?!(?:shots|vibes?|mood|banter|blame|floor)\b)|"
    r"(?:mum|dad|nan|gran|grandma|grandad|mia|[a-z]+)\s+(?:up|from|to|at)\b|a\s+lift\b)[^,;:.!?]*)\?"
    # (or by who is doing an errand: "who's picking up the balloons?", "who's bringing the bunting?";
    # not "who's doing dry january?", "who's getting the bus home?", "who's bringing their other half?")
    r"|^(?:[^?]*[,;.!]\s*)?who(?:'s|\s+is)\s+(?P<what2>(?:bringing|grabbing|booking|sorting|hosting|collecting|"
    r"organi[sz]ing|picking\s+up|handling)\s+(?!(?:their|his|her|my|me|your|the\s+(?:vibes?|mood|banter|energy))\b)[^,;:.!?]*)\?"
)
# the act of "who's bringing X?": the -ing form as the act
_ACT_OF_ING = {
    "bringing": "bring", "grabbing": "grab", "booking": "book", "sorting": "sort", "hosting": "host",
    "collecting": "collect", "organising": "organise", "organizing": "organize", "picking": "pick",
    "handling": "handle",
}  # fmt: skip
# the answer that takes a task asked of the group on, by the one who answers ("me!", "I can", "I got
# it", "I'll take this one", "we can do it at ours", "leave it with me"): the yes said alone or before
# a clause of its own, not a line that only begins so ("I can never remember whose turn it is", "I
# could eat a horse", "I can ask my sister")
_TAKEN_UP = re.compile(
    r"^(?:(?:ok|okay|oh|ooh|yes|yep|yeah|sure)[,!. ]+)?"
    # ("me" alone, or with marks: "me! 🙋", "me me me"; before a clause of its own it may be that
    # clause's, "me! I finish at 5 so I can grab her")
    r"(?:me+(?:\s+me+){0,2}(?=[^\w'?]*$)|(?:i\s+can|i\s+could|i\s+will|i'll\s+do\s+it)(?=\s*(?:$|[!.,]|[^\w\s']))"
    r"|i(?:'ll|\s+will)\s+(?:do|take|sort|grab|get)\s+(?:it|this|that|them)(?:\s+one)?\b|i(?:'ve)?\s+got\s+(?:it|this)\b"
    r"|we\s+can\s+(?:do|host|have)\s+(?:it|this)\b|leave\s+it\s+with\s+me\b)"
)
# or the one the answer names, as written ("Sam can, he's got the card"; not "sure can!", "Nobody can")
_NAMED_TAKES = re.compile(r"^(?P<name>[A-Z][a-z]+)\s+can(?=[!.,]|\s*$)")
_NOBODY = frozenset(
    {"nobody", "anybody", "anyone", "everyone", "everybody", "someone", "somebody", "none", "noone", "both", "all",
     "either", "neither", "each"}
)  # fmt: skip
# a yes taken back or passed on in the same line: "I could, but Sam's closer", "I can't"
_NOT_TAKEN = re.compile(
    r"\b(?:not|can't|cannot|won't|never|but)\b|\bno\b(?!\s+(?:worries|problem|probs|bother)\b)"
)


def taken_up(s: str, speaker: str, at: datetime, previous: str) -> list[Evidence]:
    """A task asked of a group, taken on by a message that answers it ("who can bring the cake on
    Saturday?" - "me!" / "I got it" / "Sam can, he's got the card"): the one who answers, or the
    one they name, owes it. Read of the whole message, where it holds no promise of its own ("me! I
    finish at 5 so I can grab her" promises what it says)."""
    low = s.strip().replace("’", "'").lower()
    if low.endswith("?"):
        return []  # "me?": the question echoed, nothing taken on
    group = _GROUP_ASKED.search(previous.lower())
    took = _TAKEN_UP.match(low) if group else None
    named = _NAMED_TAKES.match(s.strip()) if group and not took else None
    if named and (named.group("name") in NOT_NAMES or named.group("name").lower() in _NOBODY):
        named = None
    if not (took or named) or _hedged(low, 0) or _NOT_TAKEN.search(low):
        return []
    if group.group("what2"):
        ing, _, rest = group.group("what2").partition(" ")
        what = _phrase(f"{_ACT_OF_ING[ing]} {rest}".strip())
    else:
        what = _phrase(group.group("what"))
    owner = named.group("name") if named else speaker
    if not what or VAGUE_DO.match(what):
        return []
    due = due_date(s, at) or due_date(previous, at)
    return [Evidence("commitment", owner, "", what, 0.5, "statement", due)]


# one's word given as a clause of its own: "..., promise", "pinky promise 🤞", "I swear"
_PROMISE_TAG = re.compile(
    r"(?:^|[,;.!]\s*|\s[-–—]\s*)(?:pinky\s+|i\s+)?(?:promise|swear)(?:\s+(?:u|you|ya))?(?=\s*(?:[,;.!]|$|[^\w\s]))"
)
# a finite verb or its subject: a clause that states something, not an act with its I dropped
_FINITE = re.compile(
    r"\b(?:is|are|was|were|am|i'm|you'll|you will|it'll|going to be|starts?|begins?|ends?)\b|'s\b|'re\b", re.I
)


# a plan put off by a pro-form for it and a span ("gonna push it back a week"): a move, not an act
_PRO_FORM_PUT_OFF = re.compile(rf"\b{PUT_IT_OFF_EN}")


# a clause of its own after a promise ("I'll sort the forms by Monday and then maybe have a quiet
# weekend"): a hedge in it is that clause's, not the promise's
_NEXT_CLAUSE = re.compile(r"\b(?:and then|but then|and after that|but)\b")


def _hedged(low: str, at: int) -> bool:
    """Whether the promise said at ``at`` is hedged: a hedge anywhere before it ("if it rains I'll
    stay in"), or after it in its own clause ("I'll come if I can")."""
    after = _NEXT_CLAUSE.split(low[at:], maxsplit=1)[0]
    # (what one will let someone know is no condition on it: "I'll let you know by Friday if I can come")
    after = re.sub(
        r"\b(let\s+\w+\s+know)\b(.*?)\s+(?:if|whether)(?=\s+(?:i|we)(?:'m|'ll|\s+am|\s+can|\s+could|\s+will)\b)",
        r"\1\2",
        after,
    )
    # (nor is a doubt in a clause of its own before it: "I don't think I'll make it, but I'll send my notes")
    before = re.split(r"\bbut\b", low[:at])[-1]
    return bool(HEDGE.search(before) or HEDGE.search(after))


def _pref(subject: str, topic: str, score: float, kind: str) -> list[Evidence]:
    parts = listed_en(topic)
    if parts:  # "I love sushi and ramen": each thing of the list
        return [e for part in parts for e in _pref(subject, part, score, kind)]
    key = topic_of(topic)
    return (
        [Evidence("preference", subject, key, clean_topic(topic) or topic, round(score, 3), kind)]
        if key
        else []
    )


# a promise whose object only points back: "grab it", "drop them off"
_PRONOUN_OBJECT = re.compile(r"^[a-z]+(?:\s+(?:up|out|over|off|round|along))?\s+(?:it|them)\b")


# the object of an act asked for: "pick up the cake from the bakery" -> "the cake from the bakery"
_ASKED_OBJECT = re.compile(
    r"^[a-z]+(?:\s+(?:up|out|over|off|round|along|back|in))?\s+(?P<o>(?!(?:it|them|me|us)\b)\S.*)$"
)


# an act with no object said to happen now ("crash now", "head off now", "bed now"): done at once
_AT_ONCE = re.compile(r"^\s*[a-z]+(?:\s+(?:off|out|in|up|down|away|home|back))?\s+now\b(?!\s+(?:and|then)\b)")


# the present progressive of an act on a thing ("I'm doing the car boot sale", "I'm taking the kids
# swimming"): a plan when a day is set for it (not going, having, getting or feeling, which say a trip,
# an event or a state)
_PROGRESSIVE_PLAN = re.compile(
    r"^(?:\w+,?\s+)?(?:i'm|i am)\s+(?:also\s+|still\s+)?(?P<what>(?!(?:going|having|getting|feeling|thinking|hoping|"
    r"looking|wondering|trying|planning|loving|enjoying|starting|seeing)\b)[a-z]+ing\s+(?:the|my|our|your|his|her)\s+[^,;:.!?]+)"
)


# a quotation opening a line and a remark about it after (a dash, "as X says", "best line ..."), not
# the speaker's own words given back with "I said" / "I told her" / "I promised"
_OPENING_QUOTE = re.compile(
    r"^\s*(?:'(?:[^']|'(?=[a-z]))+'(?![a-z])|\"[^\"]+\"|\u201c[^\u201d]+\u201d|\u2018[^\u2019]+?\u2019(?![a-z]))"
    r"(?!\s*,?\s*(?:i|we)\s+(?:said|told|promised|swore|replied|wrote|texted)\b)"
)


# what one does as a habit: the 'll of "sometimes I'll ...", "whenever it rains I'll ..."
_HABIT = re.compile(
    r"\b(?:sometimes|usually|normally|often|always|whenever|every time|most days|on weekends)\b"
)


def _claims(m: re.Match[str]) -> bool:
    """Whether a FIRST_PROMISE match only signs up for an event or takes a thing into one's
    hands ("count me in for ...", "leave the bins to me"), naming no act."""
    return bool(m.group("what5") or m.group("what8"))


def _commitments(
    s: str, low: str, speaker: str, at: datetime, addressee: str | None, previous: str | None = None
) -> list[Evidence]:
    out = []
    named = re.search(r"\byou \((?P<n>[^)]+)\)", s)
    counterparty = named.group("n") if named else (addressee if re.search(r"\byou\b|\byour\b", low) else None)
    moved = POSTPONE.search(low) if not low.endswith("?") else None
    # the new day right after "to" ("push the code to main tomorrow" is a push, not a move)
    moved_to = due_date(s[moved.end() :], at) if moved and DATE_WORDS.match(s[moved.end() :]) else None
    # "gonna push it back a week": the plan named before put off by a span, no new promise
    if not low.endswith("?") and not moved_to and not _PRO_FORM_PUT_OFF.search(low):
        found = list(FIRST_PROMISE.finditer(low))
        opening = _OPENING_QUOTE.match(low)
        for m in found:
            if _hedged(low, m.start()):
                continue
            if opening and m.start() < opening.end() - 1:
                # "'I'm gonna make him an offer he can't refuse' - best line in cinema": a line that
                # opens on a quotation and goes on about it quotes a film, a song or a boss
                continue
            if _claims(m) and any(n.start() > m.start() and not _claims(n) for n in found):
                # "Count me in for the bake sale, I'll bring brownies", "Leave the invoice with me,
                # I'll chase finance on Thursday": the act taken on is the one named after
                continue
            if m.group("what7") and not DATE_WORDS.search(m.group("what7")):
                continue  # "I can swim", "we can see the sea from here": an ability, no act offered
            task = (
                m.group("what9")
                or m.group("what10")
                or m.group("what11")
                or m.group("what12")
                or m.group("what13")
            )
            when = (
                m.group("what9")
                or m.group("what10")
                or m.group("when11")
                or m.group("when12")
                or m.group("what13")
                or ""
            )
            if task and (
                not DATE_WORDS.search(when)
                or (not m.group("what12") and re.search(r"\b(?:every|each)\b", when))
            ):
                # "I'm on bin duty", "lunch is on me": a role or a treat, no act set for a time; "I'm on
                # bin duty every Monday": a rota
                continue
            if m.group("what5") and previous and previous.rstrip().endswith("?"):
                continue  # "count me in for the hike!" to "Anyone up for a hike?": the invitation accepted
            raw = (
                m.group("what")
                or m.group("what2")
                or m.group("what3")
                or m.group("what4")
                or m.group("what5")
                or m.group("what6")
                or m.group("what7")
                or m.group("what8")
                or m.group("what9")
                or m.group("what10")
                or m.group("what11")
                or m.group("what12")
                or m.group("what13")
            )
            raw = re.sub(
                r"^\s*(?:just|also|definitely|really|still|always|totally|certainly|surely|then)\s+",
                "",
                raw or "",
            )
            marker = low[m.start() : m.start() + 40]
            if re.search(r"going to|gonna", marker) and re.match(
                r"\s*(?:a|an|the|my|this|that|his|her|our|their|some)\b", raw
            ):
                continue  # "I'm going to a conference": a trip, no promise
            if (
                not raw
                or (NOT_PROMISE.match(raw.strip()) and not CAUSATIVE.match(raw.strip()))
                or re.match(r"\s*(?:not|never|thanks?\b|thank you)", raw)
            ):
                continue
            if _HABIT.search(
                re.split(r"[.;!?]|,\s*(?:but|so)\b|\bbut\b", low[max(0, m.start() - 80) : m.start()])[-1]
            ):
                continue  # "Sometimes when I'm lazy I'll go to the corner store": a habit, no promise
            if m.group("what2") and not re.match(
                r"\s*(?:check|send|call|email|book|ask|look|find|get|fix|see "
                r"if|make|write|review|bring|do|handle|prepare|sort|take care|draft|"
                r"finish|organi[sz]e|arrange|set up|schedule|pick|order|reserve)\b",
                raw,
            ):
                continue
            if m.group("what2") and re.search(r"\bfirst\s*$", raw):
                # "Hmm, let me check my balance first", "let me ask Tom first": a step put before an
                # answer, not an act taken on
                continue
            if _AT_ONCE.match(raw):
                continue  # "Going to crash now", "gonna head off now": what one does at once, no promise
            what = _phrase(raw)
            if VAGUE_DO.match(what) and previous:
                asked = ASKED.search(previous.lower())
                what = _phrase(asked.group("what")) if asked else ""
            elif _PRONOUN_OBJECT.match(what) and previous and previous.rstrip().endswith("?"):
                # "sure, I'll grab it on my way home" to "Can someone pick up the cake?": "it" is the
                # thing asked for ("grab the cake on my way home")
                asked = ASKED.search(previous.lower())
                thing = _ASKED_OBJECT.match(_phrase(asked.group("what"))) if asked else None
                if thing:
                    what = re.sub(r"\b(?:it|them)\b", thing.group("o"), what, count=1)
            one_name = (
                len(what.split()) == 1
                and re.search(rf"\b{re.escape(what)}\b", s, re.IGNORECASE)
                and re.search(rf"\b{re.escape(what)}\b", s, re.IGNORECASE).group(0)[:1].isupper()
            )
            plan = low[m.start() :].startswith("we") and not due_date(s, at) and "promise" not in low
            # "going to Lisbon": a trip; "we'll eat at home": a plan with no date, no promise
            if what and not VAGUE_DO.match(what) and not one_name and not plan:
                # "I'll bring a couple" to "Can someone bring drinks on Saturday?": the day asked
                # ("the car broke down on monday, ... I'll finish it by wednesday": the promise's own
                # time, from where it is said on, over a day told of before it)
                due = (
                    due_date(s[m.start() :], at)
                    or due_date(s, at)
                    or (due_date(previous, at) if previous and previous.rstrip().endswith("?") else None)
                )
                out.append(Evidence("commitment", speaker, "", what, 0.5, "statement", due, counterparty))
                break
    tag = _PROMISE_TAG.search(low) if not out and not low.endswith("?") else None
    if tag:
        # "deposit back to you sometime next week, pinky promise": the word given, as a clause of its
        # own, makes the act told beside it (with its time, the I dropped) a promise
        for clause in re.split(r"[,;.!]|\s[-–—]\s", s):
            due = due_date(clause, at) if DATE_WORDS.search(clause) else None
            # (an act with no subject of its own, or a thing coming back: "money back to you by friday",
            # "the book's coming back tomorrow"; not a fact sworn to, "promise, the film starts at 8")
            act = re.search(r"\bback\b", clause) or not _FINITE.search(clause)
            what = _phrase(clause.strip()) if act and due and due >= at.date() else ""
            if what and not _PROMISE_TAG.search(what.lower()) and len(what.split()) >= 2:
                out.append(Evidence("commitment", speaker, "", what, 0.5, "statement", due, counterparty))
                break
    plan = _PROGRESSIVE_PLAN.search(low) if not out and not low.endswith("?") else None
    if plan and not _hedged(low, plan.start()) and not _HABIT.search(low[: plan.start()]):
        # "I'm doing the car boot sale on Sunday": the present progressive of an act on a thing, with
        # the day it is set for, is a plan the speaker has taken on
        due = due_date(s[plan.start() :], at)
        what = _phrase(plan.group("what"))
        if due and what and not VAGUE_DO.match(what):
            out.append(Evidence("commitment", speaker, "", what, 0.5, "statement", due, counterparty))
    if (
        not out
        and previous
        and (_PLEDGED_YES.search(low) or _BARE_YES.fullmatch(low) and _ACT_ASKED.search(previous.lower()))
    ):
        asked = ASKED.search(previous.lower())
        if asked and _phrase(asked.group("what")):
            out.append(
                Evidence(
                    "commitment",
                    speaker,
                    "",
                    _phrase(asked.group("what")),
                    0.5,
                    "statement",
                    due_date(s, at) or due_date(previous, at),
                    counterparty,
                )
            )
    held = _YOU_WILL_HAVE.search(low) if not out and not _hedged(low, 0) else None
    # a time that points back ("by then", "in time") is the time of the line it answers: "Certainly,
    # you will have it by then" to "Could you send the NDA by Wednesday?"
    back = previous and _THEN_BACK.search(low)
    held_due = (due_date(s, at) or (due_date(previous, at) if back else None)) if held else None
    if held and held_due:
        # "Sure, you'll have it by Wednesday" to "Could you send me the draft?": the hearer's having it
        # by a time is the speaker's promise to deliver it; what, by the request it answers
        asked = ASKED.search(previous.lower()) if previous else None
        thing = held.group("obj")
        what = _phrase(asked.group("what")) if asked else ""
        if not what and not VAGUE.match(thing):
            what = "send " + _phrase(thing)
        if what:
            out.append(Evidence("commitment", speaker, "", what, 0.5, "statement", held_due, counterparty))
    ready = _READY_BY.search(low) if not out and ACK_EN.match(low) else None
    if ready and due_date(s, at):
        # "Consider it done, the invoices will be out by Thursday": taken on, said of the thing's result
        out.append(
            Evidence(
                "commitment",
                speaker,
                "",
                ready.group("w") or ready.group("w2"),
                0.5,
                "statement",
                due_date(s, at),
                counterparty,
            )
        )
    if moved_to and not out:
        # "Need to push the contract to next Tuesday": the promise said again with its new day (the
        # layer model keeps one commitment, the newer due date, when the words meet)
        what = _phrase(moved.group("obj"))
        if what:
            out.append(Evidence("commitment", speaker, "", what, 0.5, "statement", moved_to, counterparty))
    must = MUST.search(low)  # before the date: most sentences have no "must" to date
    m = REMIND.search(low) or (must if must and due_date(s, at) else None)
    if not out and m:
        what = _phrase(m.group("what"))
        if what:
            out.append(
                Evidence(
                    "commitment",
                    speaker,
                    "",
                    what,
                    0.5,
                    "statement",
                    due_date(s, at),
                    addressee if REMIND.search(low) else counterparty,
                )
            )
    for m in THIRD_PROMISE.finditer(s):
        name = m.group("name") or m.group("name2") or m.group("name3")
        raw = m.group("what") or m.group("what4") or m.group("what2")
        not_one = NOT_PROMISE.match(raw.strip().lower()) and not CAUSATIVE.match(raw.strip())
        if name in NOT_NAMES or not raw or not_one or len(raw.split()) < 2:
            continue  # "Challenges will come": no person, no promise
        what = _phrase(raw.lower())
        if what:
            # a promise reported by the speaker was made to them (or their team) unless it names another
            owner = own_kin(name, speaker)  # "Dad promised to fix my bike": Ann's dad's promise
            out.append(Evidence("commitment", owner, "", what, 0.5, "statement", due_date(s, at), speaker))
            break
    return out


def commitments(
    s: str, speaker: str, at: datetime, addressee: str | None = None, previous: str | None = None
) -> list[Evidence]:
    """The promises of one English sentence alone, whatever else it says."""
    s = s.strip().replace("’", "'")
    return _commitments(s, s.lower(), speaker, at, addressee, previous)


_DONE_VERB = re.compile(rf"\b(?:{DONE_VERBS})\b")


def _verb(low: str) -> str:
    """The verb of a completion ("sent" in "Sent it."), which a bare one is matched by."""
    m = _DONE_VERB.search(low)
    return m.group(0) if m and m.group(0) not in ("done", "finished", "completed") else ""


# a done whose thing is a pro-form, then where it went or who had it ("it to Claire", "them off")
_PRO_FORM_DONE = re.compile(r"\s*(?:it|them|that|this|these|those|everything)\b(?!\s*(?:'s|is|was)\b)", re.I)
# a place after a completion ("All sorted at the garage", "Done at the bank"): where, not what
_WHERE_DONE = re.compile(
    r"^\s*(?:(?:over|down|up)\s+)?(?:at|in)\s+(?:the|a|my|our|his|her|their)\s+\w+(?:\s+\w+)?\s*(?:$|[,;.!])"
)


def _status(s: str, low: str, speaker: str) -> list[Evidence]:
    if low.endswith("?") or DONE_WITH_TIME.search(low):
        return []

    def words(rest: str) -> str:
        return " ".join(
            # (a thing named in Chinese inside the English line is a word too: "sent the 红包 to the cousins")
            w
            for w in re.findall(r"[a-z][a-z'\-]*|[\u4e00-\u9fff]+", _phrase(rest) if rest else "")
            if w not in CUE_WORDS
        )

    cancel = CANCEL.search(low)
    if (
        cancel
        and cancel.group(0).startswith("calling")
        and re.search(r"\b(?:if|unless|might|maybe|probably|when)\b", low[: cancel.start()])
    ):
        cancel = None  # "if it rains I'm calling it off": a condition, nothing called off yet
    if cancel:
        # "Actually scrap that, the Thai place is shut": a cue on a pro-form ("scrap that", "forget
        # it") names no thing, whatever the words around it; the plan spoken of last is off
        pro_form = re.search(r"\b(?:that|it)(?:$|\s+off$)", cancel.group(0))  # ("calling it off")
        what = words(CANCEL.split(low, maxsplit=1)[-1] if CANCEL.split(low) else low) or words(low)
        if re.fullmatch(
            r"(?:(?:nah|no|yeah|yep|ok|okay|so|well|sadly|sorry|unfortunately|i|we|had|have|has|to|gotta|got|"
            r"need|must|just|going|will|i'll|we'll|i've|we've|i'm|we're)\s*)*",
            what,
        ):
            what = ""  # "nah had to cancel": the cue with no thing, the plan spoken of last
        return [Evidence("status", speaker, "", "" if pro_form else what, 0.5, "cancelled")]
    m = THIRD_DONE.search(s)
    name, w = (m.group("name") or m.group("name2"), m.group("w") or m.group("w2") or "") if m else ("", "")
    # "Bob sent the slides" names who did it; "Slides sent!", "Slides sent, check your inbox" (nothing
    # after the verb in its clause) name what
    if m and m.start() == 0 and re.match(r"\s*for\s+(?:the|next|tomorrow|\d)", w, re.I):
        m = None  # "Dentist booked for the 10th": the thing done at the head, and when it is for
    if m and re.match(r"\s*(?:me|us|you)\s+(?:about|back|re)\b", w, re.I):
        return []  # "Mum rang me about the dentist", "Mum rang me back": a call to the speaker, no task done
    thing = re.split(r"[,;.!?]", w)[0]
    if (
        m
        and not re.search(r"\w", thing)
        and re.search(r"\b(?:it|them)\s+(?:back|off|round|up)\b", m.group(0))
    ):
        thing = "it"  # "Tom gave it back", "Jake dropped it off": the thing sits inside the verb
    if m and name not in NOT_NAMES and re.search(r"\w", thing):
        # (a family's own word for its member is the speaker's: "Mum rang the dentist")
        return [Evidence("status", own_kin(name, speaker), _verb(low), words(w.lower()), 0.5, "done")]
    m = DONE.search(low)
    if m:
        rest = next((g for g in m.groups() if g), "")
        if _WHERE_DONE.match(rest) or _PRO_FORM_DONE.match(rest):
            # "All sorted at the garage": where it was done names no task; "sent it to Claire": the
            # task is the one spoken of ("it"), whoever it went to; a bare completion
            rest = ""
        if m.group("w10"):
            # "Just transferred the money": money moved is a payment, whatever verb moved it
            return [Evidence("status", speaker, "paid", "pay " + words(rest), 0.5, "done")]
        return [Evidence("status", speaker, _verb(low), words(rest), 0.5, "done")]
    return []


# a thing judged by its worth to the speaker: no point in it, or a life changed by it
_WORTH = re.compile(
    r"\b(?:i|i've|i have)?\s*(?:never|don't|do not|didn't|can't|cannot)\s+(?:really\s+)?(?:see|saw|seen|get|got)\s+"
    r"the point of\s+(?P<neg>[^,;:.!?]+)"
    r"|^(?:(?:\w+\s+){0,4}(?:in|on)\s+and\s+)?(?P<pos>(?!(?:it|this|that|he|she|they|you|someone|something)\b)[a-z][a-z\- ]{1,30}?)\s+"
    r"(?:has|'s|have|'ve)\s+(?:honestly\s+|truly\s+|really\s+|literally\s+)?changed my life\b"
)


# a food named by what is in it: "anything with mushrooms in it", "stuff containing nuts"
_CONTAINING = re.compile(
    r"^(?:anything|something|food|stuff|dishes|a dish|things)\s+(?:with|containing)\s+(?:any\s+)?(?P<x>[a-z][a-z\- ]*?)"
    r"(?:\s+(?:in|on)\s+(?:it|them))?$"
)


# "I'm officially a football fan now", "I'm a huge Arsenal fan", "I'm a dog lover": the thing before
# "fan" (a degree word alone is none: "I'm a big fan")
_A_FAN_EN = re.compile(
    r"\bi(?:'m| am)\s+(?:(?:officially|now|still|such|definitely|totally|basically|honestly|also)\s+)*(?:a|an)\s+"
    r"(?:(?:big|huge|massive|real|total|die-?hard|proper|lifelong|true)\s+)?"
    r"(?P<obj>(?!(?:big|huge|massive|real|total|proper|true)\b)[a-z]+(?:\s[a-z]+)?)\s+(?:fan|lover|addict|nut|fiend)\b"
)


def _preferences(s: str, low: str, speaker: str, previous: str | None) -> list[Evidence]:
    s, low = IDIOMS.sub(" ", s), IDIOMS.sub(" ", low)  # "I'm over the moon": no moon disliked
    out: list[Evidence] = []
    question = low.endswith("?")
    change = bool(CHANGE.search(low))
    if not question:
        for m in STANCE.finditer(low):
            topic = _topic(m.group("obj"))
            if not topic or names_a_person(s, m.start("obj"), m.end("obj")):
                continue  # "I like Tom, he's funny": a person is liked, no taste
            verb, neg = m.group("verb"), bool(m.group("neg"))
            strong = verb in ("love", "adore") or "really" in low[: m.start("verb")]
            score = {
                "hate": 0.15,
                "detest": 0.1,
                "dislike": 0.25,
                "can't stand": 0.1,
                "cannot stand": 0.1,
            }.get(verb, 0.85 if strong else 0.7)
            if neg:
                score = 0.35 if verb in ("love", "adore") else 1 - score if score > 0.5 else 0.6
            out += _pref(speaker, topic, score, "change" if change else "statement")
        for m in FAN.finditer(low):
            topic = _topic(m.group("obj"))
            if topic:
                big = any(w in m.group("how") for w in ("big", "huge", "massive", "crazy"))
                score = 0.3 if m.group("neg") else (0.85 if big else 0.75)
                out += _pref(speaker, topic, score, "change" if change else "statement")
        for m in _A_FAN_EN.finditer(low):
            topic = _topic(m.group("obj"))
            if topic and not any(e.value == topic for e in out):
                out += _pref(speaker, topic, 0.85, "change" if change else "statement")
        for m in FAVOURITE.finditer(low):
            topic = _topic(m.group("obj") or m.group("obj2"))
            if topic:
                out += _pref(speaker, topic, 0.9, "statement")
        for m in NOT_MY_THING.finditer(low):
            topic = _topic(m.group("obj"))
            if topic:
                out += _pref(speaker, topic, 0.25, "statement")
    if not question and not out:
        # a judgement of a thing's worth to the speaker: "never saw the point of yoga" against it,
        # "yoga has changed my life" for it
        for m in _WORTH.finditer(low):
            topic = _topic(m.group("neg") or m.group("pos") or "")
            if topic and not re.search(r"\b(?:it|that|this|them|you|me|him|her)\b", topic):
                # ("no point arguing about it": an act about something said, no taste)
                out += _pref(
                    speaker, topic, 0.25 if m.group("neg") else 0.85, "change" if change else "statement"
                )
    m = NOT_EAT.search(low)
    if m and not out and not question:
        # "anything with mushrooms in it": what is in the food is what is refused
        topic = _topic(_CONTAINING.sub(r"\g<x>", m.group("obj").strip()))
        cat = category_of(topic) if topic else None
        if topic and cat not in ("alcohol", "smoking", "caffeine"):
            out += _pref(
                speaker,
                topic,
                0.15 if m.group("stop") else 0.2,
                "change" if change or m.group("stop") else "statement",
            )
    if out:
        return out
    chosen = _choice_taken(previous, _INTERJECTION.sub("", low))
    if chosen and not question:
        return _pref(speaker, chosen, 0.85, "acceptance")
    if offers_a_favour(previous):
        return []  # "no I'm fine, thanks" to "do you want me to drive you?": no thing, no taste
    offered = offer_topic(previous)
    said = ""
    # a sigh or an interjection before the refusal ("Ugh, no more curry") leaves it a refusal
    bare = _INTERJECTION.sub("", low)
    mine = JUST_FOR_ME.match(bare)
    if mine and previous and re.search(rf"\b{re.escape(mine.group('x').split()[-1])}", previous.lower()):
        # "just a coffee for me thanks" to "Coffee or tea?": the thing offered, taken
        return _pref(speaker, mine.group("x"), 0.85, "acceptance")
    if (REFUSE.search(bare) or _ANYTHING_BUT.search(bare)) and not NO_REFUSAL.search(bare):
        said = ""
        for m in re.finditer(
            r"\b(?:on|skip|want|not|no(?: more)?|rather skip|rather not have|rather not|nothing|mood for|"
            r"feel like|avoid|less|anything but)\s+(?P<o>[^,;:.!?]+)",
            bare,
        ):
            if m.group(0).startswith("on") and re.search(
                r"\b(?:i'm|i am|i'll be|i've been|i was|we're|we are)\s+$", bare[: m.start()]
            ):
                continue  # "No can do, I'm on call": the speaker's state, a reason; the offer is refused
            said = _topic(
                re.sub(
                    # "not in the mood (for X)": the mood is no thing; what was offered, or X, is
                    r"^(?:to\s+)?(?:have|eat|get|go to|do|try)\s+|^(?:in the mood(?: for)?|feel like)(?:\s+|$)",
                    "",
                    # (a clause of one's own joined on is no part of it: "nothing about football and I'd
                    # like to keep it that way")
                    re.sub(r"\s+(?:and|but)\s+(?:i|i'd|i'm|i'll|i've|we|we'd)\b.*$", "", m.group("o")),
                )
            )
            if said and re.search(r"\b(?:it|that|this|them)$", said):
                said = ""  # "Not feeling it": the thing offered, by its pronoun
            elif said and re.fullmatch(r"(?:go|come|come along|join|bother|go out|head out)", said):
                said = ""  # "I'd rather not go tbh": going names no thing; the thing offered, if any
            elif said and re.match(r"(?:we|we're|i|i'm|you|all|good|fine|ok|okay|sorted)\b", said):
                said = ""  # "no we're fine ta": the refusal's own words, no thing
            elif said and _NO_CHANCE.match(said):
                said = (
                    ""  # "Not a chance", "not likely": the refusal's own words, no thing; the thing offered
                )
            elif said and not (
                said in ("thanks", "thank", "for me", "really") or said.startswith(("thank", "really"))
            ):
                if not (_VENUE.search(said) and _TASTE_AFTER.search(low, m.end())):
                    break  # "skip the Thai place, I'm not in the mood for curry": the dish, not the venue
            said = ""
        topic = said or offered
        if not offered and (
            (
                re.search(r"\bi(?:'m| am| will|'ll| have to| need to)?\s+(?:going to |gonna )?skip\b", low)
                and _DATED.search(low)
            )
            or _OBLIGED_SKIP.search(low)
            or (said and _TASK_HEAD.search(said))
        ):
            # "I'm going to skip the meeting tomorrow", "I'm going to have to skip the reunion", "skip the
            # pharmacy run": a plan or an errand called off, no taste refused
            return []
        if offered and not said and (_TASK_HEAD.search(offered) or _SEAT.search(offered)):
            return []  # "anyone want my spare ticket?" - "I'm good thanks": a seat turned down, no taste
        if topic and (offered or said) and not question:
            return _pref(speaker, topic, 0.0, "refusal")
    elif ACCEPT.search(low) and not question:
        m = re.search(
            r"(?:let's do|let's go with|let's try|let's have)\s+(?P<o>[^,;:.!?]+)|^(?:yes|sure|yeah),?\s+"
            r"(?:please,?\s+)?(?P<o2>[a-z][a-z ]+?) sounds",
            low,
        )
        if not m and offered:
            m = re.search(r"(?:i'd love|some)\s+(?P<o>[^,;:.!?]+)(?P<o2>)", low)
        said = (
            _topic(
                re.sub(
                    r"^(?:to\s+)?(?:have|eat|get|go to|do|try)\s+", "", m.group("o") or m.group("o2") or ""
                )
            )
            if m
            else ""
        )
        topic = said if said and not VAGUE.match(said) else offered
        if topic and (offered or said):
            return _pref(speaker, topic, 1.0, "acceptance")
    m = REQUEST.search(low)
    if m and not VAGUE.match(m.group("obj").strip()) and category_of(_topic(m.group("obj"))):
        # a request is kept where it can contradict a restriction ("book the wine tasting")
        return _pref(speaker, _topic(m.group("obj")), 0.65, "request")
    return []


def extract(
    sentence: str, *, speaker: str, at: datetime, previous: str | None = None, addressee: str | None = None
) -> list[Evidence]:
    """The findings of one English sentence."""
    s = sentence.strip().replace("’", "'")
    low = s.lower()
    if not low:
        return []
    out = facts(s, low, speaker, previous)
    status = _status(s, low, speaker)
    commitments = (
        []
        if (low.endswith("?") and not REMIND.search(low)) or status
        else _commitments(s, low, speaker, at, addressee, previous)
    )
    prefs = _preferences(s, low, speaker, previous)
    if any(e.key == "restriction" for e in out):
        # what one has given up is no taste; an offer turned down for it still is a no to the thing
        # offered ("not for me, I've quit caffeine" to "coffee?", as "戒了" to "喝奶茶不？")
        prefs = [e for e in prefs if e.kind == "refusal"]
    if any(e.key in ("allergy", "diet") for e in out):
        # "I'm allergic to shellfish, so no paella for me": what the fact rules out, no taste
        prefs = [e for e in prefs if e.kind != "refusal"]
    if status and offer_topic(previous) and any(e.kind == "refusal" for e in prefs):
        status = []  # "No, never mind" to an offer refuses it; nothing was promised
    elif status:
        prefs = [
            e for e in prefs if e.kind not in ("refusal", "acceptance")
        ]  # "No need anymore": no offer refused
    return out + prefs + commitments + status
