"""English rules of :func:`~autogen_zettel.core.layer_evidence.extract_layers`, one sentence at a time.

The rules are narrow on purpose (a false commitment or fact is worse than a missed one):
questions, hedges ("maybe I'll go") and orders ("I'll have the salmon") give nothing; a bare
"No thanks" or "Sure" is a refusal or acceptance only when the message it answers offered
something.
"""

from __future__ import annotations

import re
from datetime import datetime

from autogen_zettel.core.due import DATE_WORDS, due_date
from autogen_zettel.core.layer_evidence import Evidence
from autogen_zettel.core.topics import category_of, clean_topic, topic_of

__all__ = ["extract", "offer_topic"]

_NAME = r"(?P<name>[A-Z][a-z]+)"
_NOT_NAMES = frozenset(["I", "We", "You", "He", "She", "They", "It", "The", "This", "That", "There", "Then", "So", "And", "But", "Also", "Maybe", "Please", "Sure", "Yes", "No", "Okay", "Ok", "Just", "Let", "Never", "Done", "All", "Actually", "Well", "Oh", "Hey", "Hi", "Thanks", "Sounds", "Nah"])
_HEDGE = re.compile(r"\b(?:maybe|perhaps|might|probably|not sure|if|unless|i guess|would you|could you)\b")
_STOP = re.compile(r"[,;:.!?()]|\s[-–—]\s|\b(?:and then|but|because|so that|since|although|though)\b")

# -- commitments ---------------------------------------------------------------------------
_FIRST_PROMISE = re.compile(
    r"\b(?:i|we)\s*(?:promised to|promise(?: to| that i'll| that i will| i'll| i will)?|'ll make sure to|'ll|will|shall|"
    r"'m going to|am going to|'re going to|are going to|'m gonna|plan to|intend to|agree to|'ll definitely|"
    r"will definitely)\s+(?P<what>[^,;:.!?]+)"
    r"|\blet me\s+(?P<what2>[^,;:.!?]+)"
    r"|^(?:ok,?\s+|okay,?\s+|sure,?\s+)?will\s+(?P<what3>(?!do\b)[^,;:.!?]+)"
)
_THIRD_PROMISE = re.compile(
    rf"\b{_NAME}\s+(?:said|says|told me|told us|mentioned|confirmed|promised)\s+(?:that\s+)?(?:he|she|they)\s*"
    rf"(?:'ll|'d|will|would|is going to|was going to|'s going to|are going to)\s+(?P<what>[^,;:.!?]+)"
    rf"|\b{_NAME.replace('name', 'name2')}(?:\s+(?:will|'ll|is going to|is gonna)|'s going to|'ll|'s gonna)\s+(?:"
    rf"definitely\s+)?(?P<what4>[^,;:.!?]+)"
    rf"|\b{_NAME.replace('name', 'name3')}\s+(?:promised to|promised (?:he|she)(?:'ll| will| would)|"
    rf"agreed to|offered to|plans to|is supposed to)\s+(?P<what2>[^,;:.!?]+)"
)
_VAGUE_DO = re.compile(r"^(?:do|handle|sort|take care of|manage)?\s*(?:it|that|this|so)?(?: out)?$")
_ASKED = re.compile(r"\b(?:can you|could you|would you|will you|please)\s+(?P<what>[^,;:.!?]+)")
_REMIND = re.compile(r"\bremind me to\s+(?P<what>[^,;:.!?]+)")
_MUST = re.compile(r"^(?:\w+,?\s+)?i(?:'ve got| have got| have| need| must| got)\s+to\s+(?P<what>[^,;:.!?]+)")
_NOT_PROMISE = re.compile(
    r"^(?:be\b|have (?!(?:the |it |this |that |a )?\w+ (?:ready|done|finished|sent|back))|take\b|think\b|see\b|"
    r"try\b|never\b|not\b|probably\b|maybe\b|pass\b|skip\b|just have\b|need\b|wonder\b|miss\b|love\b|like\b|"
    r"hate\b|get back to you\b$|let you know\b$|keep that in mind|go with\b|stick with\b|tell you\b$|remember\b|"
    r"forget\b|cherish\b|treasure\b|keep\b|make it\b\s*$|find (?:a way|out)\b|get there\b|be fine\b|enjoy\b|"
    r"need\b|want\b|wait\b|let\b|die\b|survive\b|manage\b\s*$|admit\b|say\b|bet\b)"
)

# -- status events ----------------------------------------------------------------------------
_DONE_VERBS = (r"sent|finished|done|completed|booked|submitted|called|paid|fixed|emailed|returned|ordered|"
               r"picked up|cleaned|updated|reviewed|written|wrote|drafted|delivered|bought|mailed|posted|"
               r"renewed|repaired|handed in|shipped|texted|watered|brought|scheduled|replied|answered")
_DONE = re.compile(
    rf"^(?:(?:it's|it is|all|that's|everything's|i'm|i am|we're)\s+)?(?:done|sorted|finished|taken care of)\b(?P<w1>.*)"
    rf"|^(?:ok,?\s+|okay,?\s+)?(?:just|already)?\s*(?:{_DONE_VERBS})\b(?P<w2>.*)"
    rf"|\bi(?:'ve| have)?\s+(?:already\s+|just\s+|finally\s+)?(?:{_DONE_VERBS}|took care of)\b(?P<w3>.*)"
    rf"|\bthe (?P<w4>[a-z ]+?) (?:went out|is done|are done|has been sent|is sent|is finished|is booked)\b"
    rf"|^(?P<w5>[a-z]+(?: [a-z]+)?) (?:sent|done|booked|submitted|paid|finished|fixed|delivered)[.!]*$"
    rf"|^(?:i\s+)?did it\b(?P<w6>)"
)
_THIRD_DONE = re.compile(rf"\b{_NAME}\s+(?:has\s+|already\s+|just\s+)*(?:{_DONE_VERBS})\b(?P<w>.*)")
_CANCEL = re.compile(
    r"\b(?:never ?mind|nevermind|scrap (?:that|it|the)\b|scratch (?:that|it)\b|(?<!don't )(?<!not )(?<!never )"
    r"forget (?:about )?(?:it|that|the)\b|no need\b|"
    r"don't bother|do not bother|cancel\b|call off|let's not|no longer need|don't need\b.*\b(?:anymore|any more)|"
    r"won't need|not needed|drop the|don't worry about (?:the|it))"
)
_CUE_WORDS = frozenset(
    ["never", "mind", "nevermind", "scrap", "scratch", "that", "forget", "about", "it", "no", "need", "anymore", "any", "more", "don't", "bother", "do", "not", "cancel", "please", "call", "off", "let's", "not", "longer", "won't", "need", "needed", "drop", "worry", "done", "all", "sent", "just", "already", "i", "i've", "have", "the", "a", "an", "my", "with", "it", "is", "are", "out", "went", "this", "morning", "yesterday", "today", "it's", "finished", "ok", "okay", "has", "been"])

# -- preferences ------------------------------------------------------------------------------
_ADV = r"(?:(?:really|also|still|actually|totally|absolutely|honestly|just|kind of|sort of|now|truly|do)\s+)*"
_STANCE = re.compile(
    rf"\b(?:i|we)\s+{_ADV}(?P<neg>don't|do not|no longer|never|didn't|can't|cannot)?\s*{_ADV}"
    r"(?P<verb>love|like|enjoy|prefer|adore|hate|dislike|detest|can't stand|cannot stand)\s+(?P<obj>[^,;:.!?]+)"
)
_FAN = re.compile(
    r"\bi(?:'m| am)\s+(?P<neg>not\s+)?(?:really\s+|still\s+|so\s+)?(?P<how>a\s+(?:big\s+|huge\s+)?fan of|into|"
    r"crazy about|keen on|fond of|obsessed with)\s+(?P<obj>[^,;:.!?]+)"
)
_FAVOURITE = re.compile(r"\bmy (?:all-time )?favou?rite (?:\w+(?: \w+)?) is (?P<obj>[^,;:.!?]+)"
                        r"|^(?P<obj2>[a-z][a-z ]{1,30}?) (?:is|are) my (?:all-time |absolute )?favou?rite\b")
_NOT_MY_THING = re.compile(r"^(?P<obj>[a-z][a-z ]{1,30}?) (?:is|are)(?:n't| not) (?:really )?my (?:thing|cup of tea)\b")
_VAGUE = re.compile(r"^(?:it|that|this|these|those|them|you|your|how|what|when|where|why|who|to|the way|the idea|"
                    r"the thought|being|having|doing|getting|seeing|hearing|knowing|every|all|each|so much|a lot|too|"
                    r"here|there|him|her|us|everyone|everything|everybody|someone|something|anything|nothing|one|is|was|are|were|"
                    r"has|had|will|would|can|could|of)\b")
_GERUND_HEAD = re.compile(r"^(?:going|doing|getting|making|spending time|spending|taking)\s+(?:on|to|for|with|out)?\s*")
_NOT_EAT = re.compile(r"\bi\s+(?:(?:don't|do not|no longer|never|can't)\s+eat|(?P<stop>quit|stopped|gave up|have given up)"
                      r"\s+eating)\s+(?P<obj>[^,;:.!?]+)")
_CHANGE = re.compile(r"\b(?:anymore|any more|no longer|now|these days|actually|changed my mind|used to)\b")
_OFFER_VERB = r"(?:book|order|get|add|make|bring|reserve|try|go to|grab|have|pour|put on|play|watch|do)"
_OFFER = re.compile(
    r"\b(?:shall i|should i|can i|could i|may i|do you want(?: me to)?|would you like(?: me to)?|want(?: me to)?|"
    r"how about|what about|shall we|should we|care for|fancy|up for)\s+(?:to\s+)?"
    rf"(?:{_OFFER_VERB}\s+)?(?P<obj>[^,;:.!?]+)"
    # "I could order sushi", "we could try the Thai place": an offer only with an offering verb
    rf"|\b(?:i can|i could|we could|we can)\s+{_OFFER_VERB}\s+(?P<obj2>[^,;:.!?]+)"
)
_NO_REFUSAL = re.compile(r"^(?:no|not)\s+(?:worries|worry|problem|problems|prob|probs|doubt|doubts|way|kidding|wonder|rush|"
                         r"pressure|big deal|biggie|joke|matter|idea|clue|need to|offense|offence|hard feelings|"
                         r"only|just|sure|bad|exactly|quite|yet)\b")
_REFUSE = re.compile(
    r"^(?:no|nah|nope|not really|not for me|i'm good|i'm fine|i'll pass|pass)\b"
    r"|\bi'll pass(?: on)?\b|\bi'd rather (?:not|skip)\b|\bi don't want\b|\bnot (?:the|a|an|some)?\s*\w+(?: \w+)? "
    r"(?:again|tonight|today|this time)\b|^not (?:the|a|an)\b|^not \w+(?: \w+)?(?:,| please| for me)|\bskip the\b|"
    r"\bno \w+(?: \w+)? for me\b|^nothing \w+(?:,| please| for me)|\bnot in the mood for\b|\bdon't feel like\b|"
    r"\b(?:can we|let's|please) avoid\b|\bless \w+,? please\b"
)
_ACCEPT = re.compile(
    r"^(?:yes|yeah|yep|yup|sure|ok|okay|alright|sounds (?:good|great|perfect)|great|perfect|absolutely|why not|"
    r"let's do|let's go with|let's try|i'd love|go for it|definitely)\b|\bsounds (?:good|great|perfect|lovely)\b"
)
_REQUEST = re.compile(
    r"^(?:please\s+)?(?:can you\s+|could you\s+)?(?:book|order|reserve|get me|buy me|find me|sign me up for)\s+"
    r"(?P<obj>[^,;:.!?]+)"
)

# -- facts ------------------------------------------------------------------------------------
_PLACE = r"(?P<v>[A-Z][\w\-]*(?:\s+[A-Z][\w\-]*)*)"
_FACTS = (
    ("residence", re.compile(rf"\b(?:I|we|We)(?:'ve|'re|'m| have| are| am)?(?: now| currently| just| recently| finally)?\s*"
                             rf"(?P<verb>live|am living|'m living|living|moved|relocated|am based|'m based|based)\s+"
                             rf"(?:back\s+)?(?:from\s+[A-Z][\w\-]*(?:\s+[A-Z][\w\-]*)*\s+)?(?:in|to)\s+{_PLACE}")),
    ("employer", re.compile(rf"\b(?:I|We)(?:'ve| have)?(?: now| currently| just| recently)?\s+(?P<verb>work|am working|'m working|"
                            rf"joined|started (?:working )?at)\s*(?:at|for)?\s+{_PLACE}")),
    ("name", re.compile(r"\b(?:[Mm]y name is|I'm called|[Cc]all me)\s+(?P<v>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)")),
    ("hometown", re.compile(rf"\bI(?:'m| am| come| grew up)\s+(?:originally\s+)?(?:from|in)\s+{_PLACE}")),
    ("age", re.compile(r"\bI(?:'m| am)\s+(?P<v>\d{1,3})(?:\s+years old|\s*-?\s*years?-old|\s*$)"
                       r"|\bI(?:'ve| have)?\s+(?:just\s+)?(?P<verb>turned)\s+(?P<v2>\d{1,3})\b")),
    ("allergy", re.compile(r"\bI(?:'m| am)\s+(?:very\s+|severely\s+)?allergic to\s+(?P<v>[a-z][a-z ]*)")),
    ("diet", re.compile(r"\bI(?:'m| am)\s+(?:now\s+|a\s+|an\s+)*(?P<verb>now\s+)?(?P<v>vegetarian|vegan|pescatarian)\b")),
    ("pet", re.compile(r"\b(?:I|We)\s+(?:have|'ve got|have got|adopted)\s+(?:an?|two|three)\s+(?:little\s+|new\s+)?"
                       r"(?P<v>dog|cat|puppy|kitten|parrot|rabbit|hamster|goldfish|turtle|dogs|cats)\b")),
)
_JOBS = frozenset(
    ["teacher", "nurse", "doctor", "engineer", "developer", "programmer", "designer", "lawyer", "student", "chef", "cook", "writer", "accountant", "manager", "artist", "musician", "dentist", "pharmacist", "architect", "scientist", "researcher", "consultant", "farmer", "pilot", "journalist", "photographer", "librarian", "translator", "carpenter", "electrician", "plumber", "mechanic", "driver", "firefighter", "vet", "veterinarian", "professor", "analyst", "waiter", "waitress", "barista", "baker", "surgeon", "therapist", "psychologist", "economist", "editor"])
_JOB = re.compile(r"\bI(?:'m| am| work as)\s+(?:now\s+|currently\s+)?(?:an?\s+)(?P<v>(?:[a-z]+\s+)?[a-z]+)(?=\s*(?:now\b|$|[,.;!]|at\b|in\b))")
_RESTRICT = re.compile(
    r"\bi(?:'ve| have)?\s+(?:(?:quit|stopped|given up|gave up|cut out|cut back on|am off|'m off)\s+(?P<x>[a-z]+)"
    r"|(?:don't|do not|no longer|never)\s+(?P<y>drink|smoke)(?:\s+(?P<z>[a-z]+))?)"
    r"|\bi(?:'m| am)\s+(?:now\s+)?(?P<sober>sober|teetotal|a non-?smoker)\b|\bno more (?P<w>alcohol|drinking|smoking|coffee)\b"
)
_LIFT = re.compile(r"\bi(?:'ve| have)?\s+(?:started|began|am back to|'m back to)\s+(?P<x>drinking|smoking)\s+again\b"
                   r"|\bi (?:drink|smoke) again\b")
_AFFIRM = re.compile(r"^(?:yes|yep|yeah|that's right|that is right|correct|exactly|right|indeed|true)\b")


def _phrase(text: str) -> str:
    """An object phrase up to its clause end, without date words or a trailing adverb."""
    text = DATE_WORDS.sub(" ", text)
    text = re.sub(r"\b(?:at\s+)?\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\b(?:in the |this |tomorrow )?"
                  r"(?:morning|afternoon|evening|night)\b|\bfor (?:me|us)\b", " ", text)
    text = _STOP.split(text, maxsplit=1)[0]
    text = re.sub(r"\((?:[^)]*)\)", " ", text)
    text = re.sub(r"\b(?:for you|to you|you|please|again|tonight|now|anymore|any more|too|either|later|first|soon)\b",
                  " ", text)
    text = re.sub(r"\s+(?:as well|too|also|either)\s*$", "", " ".join(text.split()))
    text = re.sub(r"(?:\s+(?:for|on|at|by|to|with|in|from|until|before|of))+\s*$", "", text)
    return text.strip(" '\"")


def _topic(text: str) -> str:
    phrase = _GERUND_HEAD.sub("", _phrase(text))
    if not phrase or _VAGUE.match(phrase):
        return ""
    words = phrase.split()
    return " ".join(words[:4])


def offer_topic(previous: str | None) -> str:
    """What the message answered offered: "Shall I book the sushi bar?" -> "the sushi bar"."""
    if not previous:
        return ""
    m = _OFFER.search(previous.lower())
    if m:
        return _topic(m.group("obj") or m.group("obj2"))
    # a bare question naming a thing: "Sushi again?", "Pizza tonight?"
    m = re.fullmatch(r"\s*(?:the\s+|some\s+|more\s+)?(?P<obj>[a-z][a-z\- ]{1,30}?)(?:\s+(?:again|tonight|today|then|"
                     r"for dinner|for lunch))?\s*\?+\s*", previous.lower())
    if m and not re.search(r"\b(?:really|seriously|what|why|how|who|where|when|ok|okay|right|sure|yes|no|you|i|we|it|"
                           r"is|are|do|does|did|can|could|will|would)\b", m.group("obj")):
        return _topic(m.group("obj"))
    return ""


def _pref(subject: str, topic: str, score: float, kind: str) -> list[Evidence]:
    key = topic_of(topic)
    return [Evidence("preference", subject, key, clean_topic(topic) or topic, round(score, 3), kind)] if key else []


def _commitments(s: str, low: str, speaker: str, at: datetime, addressee: str | None,
                 previous: str | None = None) -> list[Evidence]:
    out = []
    named = re.search(r"\byou \((?P<n>[^)]+)\)", s)
    counterparty = named.group("n") if named else (addressee if re.search(r"\byou\b|\byour\b", low) else None)
    if not _HEDGE.search(low) and not low.endswith("?"):
        for m in _FIRST_PROMISE.finditer(low):
            raw = m.group("what") or m.group("what2") or m.group("what3")
            raw = re.sub(r"^\s*(?:just|also|definitely|really|still|always|totally|certainly|surely|then)\s+", "", raw or "")
            marker = low[m.start():m.start() + 40]
            if re.search(r"going to|gonna", marker) and re.match(r"\s*(?:a|an|the|my|this|that|his|her|our|their|some)\b",
                                                                  raw):
                continue  # "I'm going to a conference": a trip, no promise
            if not raw or _NOT_PROMISE.match(raw.strip()) or re.match(r"\s*(?:not|never)\b", raw):
                continue
            if m.group("what2") and not re.match(r"\s*(?:check|send|call|email|book|ask|look|find|get|fix|see "
                                                 r"if|make|write|review|bring|do|handle|prepare|sort|take care|draft|"
                                                 r"finish|organi[sz]e|arrange|set up|schedule|pick|order|reserve)\b", raw):
                continue
            what = _phrase(raw)
            if _VAGUE_DO.match(what) and previous:
                asked = _ASKED.search(previous.lower())
                what = _phrase(asked.group("what")) if asked else ""
            one_name = len(what.split()) == 1 and re.search(rf"\b{re.escape(what)}\b", s, re.IGNORECASE) and \
                re.search(rf"\b{re.escape(what)}\b", s, re.IGNORECASE).group(0)[:1].isupper()
            plan = low[m.start():].startswith("we") and not due_date(s, at) and "promise" not in low
            # "going to Lisbon": a trip; "we'll eat at home": a plan with no date, no promise
            if what and not _VAGUE_DO.match(what) and not one_name and not plan:
                out.append(Evidence("commitment", speaker, "", what, 0.5, "statement", due_date(s, at), counterparty))
                break
    if not out and previous and re.search(r"^(?:ok|okay|sure|yes|yep|alright|of course|no problem)?[, ]*(?:will do|i'm on it|on it)\b",
                                          low):
        asked = _ASKED.search(previous.lower())
        if asked and _phrase(asked.group("what")):
            out.append(Evidence("commitment", speaker, "", _phrase(asked.group("what")), 0.5, "statement",
                                due_date(s, at) or due_date(previous, at), counterparty))
    m = _REMIND.search(low) or (_MUST.search(low) if due_date(s, at) else None)
    if not out and m:
        what = _phrase(m.group("what"))
        if what:
            out.append(Evidence("commitment", speaker, "", what, 0.5, "statement", due_date(s, at),
                                addressee if _REMIND.search(low) else counterparty))
    for m in _THIRD_PROMISE.finditer(s):
        name = m.group("name") or m.group("name2") or m.group("name3")
        raw = m.group("what") or m.group("what4") or m.group("what2")
        if name in _NOT_NAMES or not raw or _NOT_PROMISE.match(raw.strip().lower()) or len(raw.split()) < 2:
            continue  # "Challenges will come": no person, no promise
        what = _phrase(raw.lower())
        if what:
            # a promise reported by the speaker was made to them (or their team) unless it names another
            out.append(Evidence("commitment", name, "", what, 0.5, "statement", due_date(s, at), speaker))
            break
    return out


def _verb(low: str) -> str:
    """The verb of a completion ("sent" in "Sent it."), which a bare one is matched by."""
    m = re.search(rf"\b(?:{_DONE_VERBS})\b", low)
    return m.group(0) if m and m.group(0) not in ("done", "finished", "completed") else ""


def _status(s: str, low: str, speaker: str) -> list[Evidence]:
    if low.endswith("?"):
        return []

    def words(rest: str) -> str:
        return " ".join(w for w in re.findall(r"[a-z][a-z'\-]*", _phrase(rest) if rest else "") if w not in _CUE_WORDS)

    if _CANCEL.search(low):
        return [Evidence("status", speaker, "", words(_CANCEL.split(low, maxsplit=1)[-1] if _CANCEL.split(low) else low)
                         or words(low), 0.5, "cancelled")]
    m = _THIRD_DONE.search(s)
    # "Bob sent the slides" names who did it; "Slides sent!" (nothing after the verb) names what
    if m and m.group("name") not in _NOT_NAMES and re.search(r"\w", m.group("w")):
        return [Evidence("status", m.group("name"), _verb(low), words(m.group("w").lower()), 0.5, "done")]
    m = _DONE.search(low)
    if m:
        rest = next((g for g in m.groups() if g), "")
        return [Evidence("status", speaker, _verb(low), words(rest), 0.5, "done")]
    return []


def _preferences(s: str, low: str, speaker: str, previous: str | None) -> list[Evidence]:
    out: list[Evidence] = []
    question = low.endswith("?")
    change = bool(_CHANGE.search(low))
    if not question:
        for m in _STANCE.finditer(low):
            topic = _topic(m.group("obj"))
            if not topic:
                continue
            verb, neg = m.group("verb"), bool(m.group("neg"))
            strong = verb in ("love", "adore") or "really" in low[: m.start("verb")]
            score = {"hate": 0.15, "detest": 0.1, "dislike": 0.25, "can't stand": 0.1, "cannot stand": 0.1}.get(
                verb, 0.85 if strong else 0.7)
            if neg:
                score = 0.35 if verb in ("love", "adore") else 1 - score if score > 0.5 else 0.6
            out += _pref(speaker, topic, score, "change" if change else "statement")
        for m in _FAN.finditer(low):
            topic = _topic(m.group("obj"))
            if topic:
                big = "big" in m.group("how") or "huge" in m.group("how") or "crazy" in m.group("how")
                score = 0.3 if m.group("neg") else (0.85 if big else 0.75)
                out += _pref(speaker, topic, score, "change" if change else "statement")
        for m in _FAVOURITE.finditer(low):
            topic = _topic(m.group("obj") or m.group("obj2"))
            if topic:
                out += _pref(speaker, topic, 0.9, "statement")
        for m in _NOT_MY_THING.finditer(low):
            topic = _topic(m.group("obj"))
            if topic:
                out += _pref(speaker, topic, 0.25, "statement")
    m = _NOT_EAT.search(low)
    if m and not out and not question:
        topic = _topic(m.group("obj"))
        cat = category_of(topic) if topic else None
        if topic and cat not in ("alcohol", "smoking", "caffeine"):
            out += _pref(speaker, topic, 0.15 if m.group("stop") else 0.2, "change" if change or m.group("stop")
                         else "statement")
    if out:
        return out
    offered = offer_topic(previous)
    said = ""
    if _REFUSE.search(low) and not _NO_REFUSAL.search(low):
        said = ""
        for m in re.finditer(r"\b(?:on|skip|want|not|no|rather skip|rather not have|rather not|nothing|mood for|"
                             r"feel like|avoid|less)\s+(?P<o>[^,;:.!?]+)", low):
            said = _topic(re.sub(r"^(?:to\s+)?(?:have|eat|get|go to|do|try)\s+|^(?:in the mood for|feel like)\s+", "",
                                 m.group("o")))
            if said and not (said in ("thanks", "thank", "for me", "really") or said.startswith(("thank", "really"))):
                break
            said = ""
        topic = said or offered
        if topic and (offered or said) and not question:
            return _pref(speaker, topic, 0.0, "refusal")
    elif _ACCEPT.search(low) and not question:
        m = re.search(r"(?:let's do|let's go with|let's try|let's have)\s+(?P<o>[^,;:.!?]+)|^(?:yes|sure|yeah),?\s+"
                      r"(?:please,?\s+)?(?P<o2>[a-z][a-z ]+?) sounds", low)
        if not m and offered:
            m = re.search(r"(?:i'd love|some)\s+(?P<o>[^,;:.!?]+)(?P<o2>)", low)
        said = _topic(re.sub(r"^(?:to\s+)?(?:have|eat|get|go to|do|try)\s+", "", m.group("o") or m.group("o2") or "")) \
            if m else ""
        topic = said if said and not _VAGUE.match(said) else offered
        if topic and (offered or said):
            return _pref(speaker, topic, 1.0, "acceptance")
    m = _REQUEST.search(low)
    if m and not _VAGUE.match(m.group("obj").strip()) and category_of(_topic(m.group("obj"))):
        # a request is kept where it can contradict a restriction ("book the wine tasting")
        return _pref(speaker, _topic(m.group("obj")), 0.65, "request")
    return []


def _facts(s: str, low: str, speaker: str, previous: str | None) -> list[Evidence]:
    out: list[Evidence] = []
    if low.endswith("?"):
        return out
    for key, pattern in _FACTS:
        for m in pattern.finditer(s):
            value = (m.group("v") or m.groupdict().get("v2") or "").strip()
            if key in ("residence", "employer", "hometown"):
                value = re.split(r"\s+(?:Last|Next|This|In|On|At|With)\b", value)[0]
            verb = m.groupdict().get("verb") or ""
            kind = "change" if re.search(r"moved|relocated|joined|started|turned|now", verb + " " + low) else "statement"
            if value and value not in _NOT_NAMES:
                # names of places, employers and people as written; versions compare case-folded
                out.append(Evidence("fact", speaker, key, value if key in ("residence", "employer", "name", "hometown")
                                    else value.lower(), 0.5, kind))
    for m in re.finditer(rf"\b{_NAME}\s+(?:lives|is living|moved|relocated)\s+(?:in|to)\s+{_PLACE}", s):
        if m.group("name") not in _NOT_NAMES:
            out.append(Evidence("fact", m.group("name"), "residence", m.group("v"), 0.5, "statement"))
    m = _JOB.search(s)
    if m:
        words = [w for w in m.group("v").split() if w not in ("now", "currently")]
        job = words[-1] if words else ""
        if job in _JOBS or (low.startswith("i work as") and re.search(r"(?:er|or|ist|ian)$", job)):
            kind = "change" if re.search(r"\bnow\b", low) else "statement"
            out.append(Evidence("fact", speaker, "job", " ".join(words) if words[0] in _JOBS or len(words) == 1
                                else job, 0.5, kind))
    for m in _RESTRICT.finditer(low):
        if m.group("sober"):
            what = "alcohol" if "smoker" not in m.group("sober") else "smoking"
        elif m.group("y"):
            obj = m.group("z") or ""
            if m.group("y") == "drink" and obj and obj not in ("alcohol", "wine", "beer", "anymore", "at", "any"):
                what = category_of(obj) or ""
            else:
                what = "alcohol" if m.group("y") == "drink" else "smoking"
        else:
            word = m.group("x") or m.group("w") or ""
            what = category_of(word) or ""
        if what:
            out.append(Evidence("fact", speaker, "restriction", what, 0.5, "change" if "quit" in low or "stop" in low
                                or "gave up" in low else "statement"))
    m = _LIFT.search(low)
    if m:
        what = "alcohol" if "drink" in low else "smoking"
        out.append(Evidence("fact", speaker, "restriction", what, 0.5, "lift"))
    if not out and previous and _AFFIRM.match(low):
        # "Yes" to "So you live in Porto now?": the question's facts, stated by whoever said yes
        turned = re.sub(r"\byou're\b", "I'm", re.sub(r"\byou are\b", "I am", previous))
        turned = re.sub(r"\byour\b", "my", re.sub(r"\b[Yy]ou\b", "I", turned)).rstrip("?") + "."
        turned = re.sub(r"^(?:So|And|Do|Did|Are|Is)\s+", "", turned)
        out = [Evidence("fact", speaker, e.key, e.value, 0.5, "affirm")
               for e in _facts(turned, turned.lower(), speaker, None)]
    return out


def extract(sentence: str, *, speaker: str, at: datetime, previous: str | None = None,
            addressee: str | None = None) -> list[Evidence]:
    """The findings of one English sentence."""
    s = sentence.strip().replace("’", "'")
    low = s.lower()
    if not low:
        return []
    out = _facts(s, low, speaker, previous)
    status = _status(s, low, speaker)
    commitments = [] if (low.endswith("?") and not _REMIND.search(low)) or status else \
        _commitments(s, low, speaker, at, addressee, previous)
    prefs = [] if any(e.key == "restriction" for e in out) else _preferences(s, low, speaker, previous)
    if status and offer_topic(previous) and any(e.kind == "refusal" for e in prefs):
        status = []  # "No, never mind" to an offer refuses it; nothing was promised
    elif status:
        prefs = [e for e in prefs if e.kind not in ("refusal", "acceptance")]  # "No need anymore": no offer refused
    return out + prefs + commitments + status
