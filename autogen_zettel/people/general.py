"""Layer findings from the structure of a first-person sentence, beside the older phrase rules
of :mod:`~autogen_zettel.people.rules_en` and :mod:`~autogen_zettel.people.rules_zh`.

The patterns here name the *shape* of a statement, not its topic: a change-of-state verb
(quit, left, moved, switched, got, started; 跳槽, 搬到, 辞职, 考上, 不再, 开始) or a marker of
now against before (now, anymore, used to; 现在, 以前, 原来) before a slot; a stance verb with its
polarity and negation before or after an object (the topicalised "榴莲我是真的吃不了" too);
"don't / let's not / 别 / 不要再" before an order of a thing as a refusal of that thing. The
slot is then given its key by what it looks like (a role, an organisation, a school, a place)
or, when an embedder is given, by :mod:`~autogen_zettel.people.key_meaning`.

Input is what :func:`~autogen_zettel.people.subjects.subjects_of` gives: the sentence as its
subject would say it, so a third person's news is read like the speaker's.
"""

from __future__ import annotations

import dataclasses
import re

from autogen_zettel.people.evidence import PUT_OFF_NO_DAY, Evidence
from autogen_zettel.people.lexicon_en import (
    ACK_EN,
    ANIMALS_EN,
    AT_HEART,
    BACK_IN_ORDER,
    DONE_BY_EN,
    DONE_WITH_TIME,
    IDIOMS,
    JOBS,
    LATER_EN,
    MOVE_VERB_EN,
    NOT_A_KIND,
    NOTHING_FOR_ME,
    PUT_IT_OFF_EN,
    SKILL as _SKILL_EN,
    animal_singular,
)
from autogen_zettel.people.subjects import RELATIVES_EN, RELATIVES_ZH, SURNAMES, names_a_person, own_kin
from autogen_zettel.people.topics import clean_topic, listed_en, listed_zh, one_thing_en, topic_of
from autogen_zettel.text.due import DAY_OR_MONTH_EN, MONTH_EN, SPAN_EN, ZH_DOT_DATE, ZH_RIGHT_AWAY
from autogen_zettel.text.holidays import ZH_FESTIVALS
from autogen_zettel.text.zh_places import is_place

__all__ = ["extract_en", "extract_zh"]

# ----------------------------------------------------------------------------- English

_CHANGE_EN = re.compile(
    r"\b(?:now|since|anymore|any more|no longer|quit|left|leaving|moved|switched|swapped|changed|"
    r"got|just|started|start(?:ing)? (?:at|as)|joined|retrained|used to|new|recently|finally|dropped out|handed in|"
    r"gave up|became|"
    r"last (?:week|month|year|weekend|summer|spring|autumn|winter)|this (?:week|month|year))\b",
    re.I,
)
_FUTURE_EN = re.compile(
    # (an idea only: "I'm loving the idea of moving to Spain", "thinking about moving to Leeds")
    r"\b(?:will|'ll|going to|gonna|might|maybe|plan(?:ning)? to|thinking of|want to|hope to|the idea of|thinking about|"
    r"dreaming of|considering)\b",
    re.I,
)
_ORG_HEAD = (
    r"company|bank|hospital|council|agency|firm|startup|start-up|fintech|studio|garage|shop|store|"
    r"restaurant|cafe|café|bakery|school|clinic|ministry|office|charity|university|college|lab|"
    r"factory|publisher|newspaper|consultancy"
)
_SCHOOL_HEAD = (
    r"uni|university|college|school|academy|institute|polytechnic|primary|secondary|high|nursery|"
    r"kindergarten|preschool|pre-school|sixth form|grammar|prep"
)
_ROLE_TAIL = re.compile(
    r"(?:er|or|ist|ian|ant|ent|ee|nurse|chef|cook|barista|vet|medic|surgeon|pilot|clerk|"
    r"carpenter|plumber|electrician|photographer|freelance|freelancer|lawyer|doctor|midwife|"
    r"paramedic|cashier|tutor|coach|nanny|model|actor|actress|artist|analyst|consultant)$"
)
# a field of work by its department's name ("I work in IT", "a nurse in Accounts" is no town)
_FIELD_EN = r"(?:Sales|Marketing|Finance|HR|IT|Engineering|Operations|Support|Accounts|Legal|Research|Admin)"
_NP = r"(?:the\s+|a\s+|an\s+|my\s+|our\s+)?(?:[\w'\-]+\s+){0,3}?[\w'\-]+"
# a name as written: capitalised words, or a run of Han characters inside English ("moved to 深圳")
# (never running on into the pronoun I of the next clause: "Now that I'm living in Bath I walk")
_CAP = r"(?:[A-Z][\w&'\-]*(?:\s+(?:of\s+)?(?!I\b)[A-Z][\w&'\-]*)*|[\u4e00-\u9fff]{2,8})"

_EMPLOYER_EN = re.compile(
    # (the I dropped, the verb opens the line: "Started at Deloitte on Monday!", the day it began after)
    # (one's shift somewhere is work there: "I go straight to my shift at Tesco")
    # (teaching at a school is working there; driving or delivering for a firm is working for it:
    # "I teach at Oakwood Academy", "I drive for Uber now")
    rf"\b(?:work(?:ing|s|ed)?|teach(?:ing|es)?(?=\s+at\s+(?:the\s+)?[A-Z])|(?:driv(?:e|es|ing)|deliver(?:s|ing)?|rid(?:e|es|ing))(?=\s+for\s+[A-Z])"
    rf"|job|(?<=\bmy\s)shifts?|(?i:started)|joined|hired|employed|intern(?:ing)?|placement)\s+"
    rf"(?:(?:from home|full[- ]time|part[- ]time|remotely|nights|days|weekends|shifts|evenings)\s+)?(?P<prep>at|for|with)\s+(?P<v>{_NP}?)\b"
    # (the name ends before a time said of it: "the new job at Spotify so far", "for Unilever at the moment")
    rf"(?=\s*(?:$|[,.;!]|now\b|this\b|last\b|next\b|all\s+(?:day|morning|afternoon|evening|night|week)\b|since\b|for\b|as\b|in\s+[A-Z]|and\b|but\b"
    rf"|so\s+far\b|at\s+the\s+moment\b|these\s+days\b|on\s+(?i:mon|tue|wed|thu|fri|sat|sun)"
    # (or before the verb the working there is the subject of: "working at Tesco is fun", "the best
    # thing about working at 华为 is the canteen"; "working for Deloitte was hell" is a job that was)
    rf"|(?P<was>is|was)(?:n't)?\b))"
    rf"|\b(?:started|joined)\s+(?:(?:a|an|the)\s+(?:[\w\-]+\s+){{0,3}}?(?:startup|start-up|company|firm|agency|charity|"
    rf"studio|fintech|bank|consultancy|nonprofit|non-profit)\s+(?:called|named)\s+)?(?![A-Z][a-z]+ing\b)(?P<v2>{_CAP})"
    rf"|\bwork(?:ing|s)?\s+in\s+(?:a|an|the)\s+(?P<v5>(?:[\w\-]+\s+){{0,2}}?(?:{_ORG_HEAD}))\b"
    # the I dropped at a clause's head too: "Left Google in May, been at Spotify since June"
    rf"|(?:\bI(?:'m| am|'ve been| have been)|(?:^|(?<=[,;] ))[Bb]een)\s+(?:now\s+)?at\s+(?:(?:a|an|the)\s+(?:[\w\-]+\s+){{0,3}}?(?:called|named)\s+)?"
    rf"(?P<v3>{_CAP}|(?:a|an)\s+(?:[\w\-]+\s+){{0,2}}(?:{_ORG_HEAD})|the\s+(?:[\w\-]+\s+){{1,2}}(?:{_ORG_HEAD}))"
    # (or the time spent there, "for" dropped as a chat line drops it: "been at Amazon 2 weeks now")
    rf"(?=\s*(?:$|[,.;!]|now\b|for\b|since\b|(?:\d+|a|an|two|three|four|five|six|a few)\s+(?i:days?|weeks?|months?|years?|yrs?|mos?)\b))"
    rf"|\b(?:a|an)\s+[\w\-]+(?:\s+[\w\-]+)?\s+at\s+(?P<v4>{_CAP})"
    # "First week at KPMG done": the first days somewhere are news of a new employer
    rf"|\b(?i:first|1st)\s+(?i:day|week|month|shift)s?\s+(?:at|with)\s+(?P<v6>{_CAP})(?=\s*(?:$|[,.;!]|done\b|over\b|(?i:was|went|is|after|since|and)\b))"
    # one place left, then the next named bare with the day it starts: "Last day at Accenture today,
    # Capgemini from Monday!" (the I and its verb dropped, as a chat line says it)
    rf"|\b(?i:last\s+(?:day|week|shift)\s+(?:at|with)|left|quit|leaving)\s+{_CAP}\b[^.;!?]*?[,;]\s*(?P<v7>{_CAP})\s+(?i:from|starting)\s+"
    rf"(?i:(?:next\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day|next\s+(?:week|month)|tomorrow)\b"
    # a verb of leaving one employer for another, the new one after it: "jumped ship to BP", "got
    # poached by Arup" (not "moved over to X", which a town fits as well)
    rf"|\b(?i:jump(?:ed|s|ing)?\s+ship|defect(?:ed|s|ing)?|"
    rf"(?:got|was|been|being)\s+(?:poached|headhunted))\s+(?:to|by)\s+(?P<v8>{_CAP})"
    # the passive of a verb of hiring names the employer after "by": "I am presently employed by Siemens"
    rf"|\b(?i:employed|hired|contracted|taken on|recruited)\s+by\s+(?P<v9>{_CAP})"
    # an employer gone back to: "Boots took me back", "I'm back at Boots" (a change, as a new one is)
    rf"|\b(?!I\b)(?P<v10>{_CAP})\s+(?i:took|have taken|has taken|hired)\s+me\s+back\b(?!\s+(?:to|home|from)\b)"
    rf"|\bI(?:'m| am)\s+back\s+(?:at|with)\s+(?P<v11>{_CAP})(?=\s*(?:$|[,.;!]|now\b|again\b|after\b))"
    # one's own unit of an organisation at it: "Our team at Barclays is moving floors", "my office
    # at Deloitte" (the unit is one's workplace; "our office in Leeds" is a town, not read)
    rf"|\b(?i:my|our)\s+(?:(?i:whole|new|old|little)\s+)?(?i:team|office|department|dept|branch|unit)\s+at\s+"
    # (not a time of year: "my office at Christmas")
    rf"(?!(?i:christmas|xmas|easter|new year|halloween|thanksgiving|diwali|eid|hanukkah)\b)(?P<v12>{_CAP})"
    # a firm to start at, by its kind and then its name: "Starting at a tiny climate startup called
    # Fernleaf in March" (the name, since "starting at 9" or "start at the bottom" is no firm)
    rf"|(?:^|\bI(?:'m|\s+am)\s+|\bI\s+)(?i:start(?:ing|s)?)\s+(?:work\s+|a\s+job\s+)?at\s+(?:a|an|the)\s+(?:[\w\-]+\s+){{0,3}}?"
    rf"(?:startup|start-up|company|firm|agency|charity|studio|fintech|bank|consultancy|nonprofit|non-profit|{_ORG_HEAD})"
    rf"\s+(?:called|named)\s+(?P<v13>{_CAP})"
    # a start at a firm by its name, the I dropped at a clause's head: "starting at KPMG Monday",
    # "started at Amazon as a warehouse manager" (not a time or a rung: "starting at 9", "at the bottom")
    rf"|(?:^|(?<=[,;] )|(?<=\band )|(?<=\bso ))(?i:starting|started|start)\s+(?:(?i:work|a new job|my new job)\s+)?at\s+"
    rf"(?!{DAY_OR_MONTH_EN}|Easter\b|Christmas\b|Xmas\b)(?P<v14>{_CAP})\b(?=\s+(?:on\s+)?{DAY_OR_MONTH_EN}|\s+(?i:next|tomorrow|last|this|as|in|from|on)\b|\s*(?:[,.!;]|$))",
)
# "My daughter started at Oakwood Primary", "He's starting at Hillside High", "Lily's moved up to
# Oakwood High": a school by its head; "goes to Hillside Primary", "attends ...": the one now (a statement)
_STARTED_SCHOOL_EN = re.compile(
    # ("I'm at Greenfield Primary", as the rules read "my son Eli is at ...": the one now)
    rf"\b(?:(?i:started|starts|starting|moved(?:\s+up)?|transferred|switched)|(?P<now>(?i:goes|go|attends|attend)|(?<=I)'m|(?<=I\s)am))"
    rf"\s+(?:school\s+)?(?:at|to)?\s*"
    rf"(?P<v>(?:the\s+)?{_CAP}\s+(?i:{_SCHOOL_HEAD})(?:\s+School)?)\b"
)
# what keeps "worked at X" the job of now: the perfect before it ("I've worked at Pixar for years"),
# or a shift just done after it ("worked at the café all day", "worked at Tesco last night")
_PERFECT_EN = re.compile(r"(?:'ve|\bhave|\bhas|'s)\s+(?:(?:always|just|only|now)\s+)?$", re.I)
_SHIFT_DONE_EN = re.compile(
    r"\b(?:today|tonight|yesterday|last night|this (?:morning|afternoon|evening|week|weekend)|all (?:day|night|week|weekend))\b",
    re.I,
)
# the value that was, or never was: "Quit my job at X", "I used to work at X", "I no longer work at X"
_PAST_VALUE = re.compile(
    r"\b(?:quit|left|leaving|lost|used to|handed in|resigned from|dropped out of|no longer|don't|do not|doesn't|"
    r"does not|never)\b",
    re.I,
)
_LEFT_EN = re.compile(rf"\b(?:left|quit|leaving)\s+(?:my job at\s+)?(?P<v>{_CAP}|the\s+\w+)")
# a named place left for good ("left Deloitte", "left Barclays, now at HSBC"; not an errand's end,
# "left Tesco at 6", "left London this morning", nor a thing left behind, "left Sarah's keys")
_LEFT_FOR_GOOD_EN = re.compile(
    rf"\b(?i:left)\s+(?:(?P<v>{_CAP})(?!['’]s)|(?i:the)\s+(?P<inst>(?i:council|bank|army|navy|air force|police|"
    r"civil service|nhs|agency|startup|uni|university|college)))\b"
    # (what follows says it was for good: the clause ends, or when or after how long, or for what;
    # not a thing left to them, "left Deloitte a voicemail", nor how one left, "feeling great")
    r"(?=\s*(?:$|[,.;!]|but\b|(?i:in\s+(?:19|20)\d\d|in\s+"
    + MONTH_EN
    + r"|last\s+(?:week|month|year|spring|summer|autumn|winter)|"
    r"this\s+(?:month|year)|back\s+in\b|after\s+\w+\s+(?:years?|months?)|for good|for\s+(?:a|an)\s+\w+|to\s+(?:join|start|go|work|become|move|do|set)\b|"
    r"(?:a\s+(?:few|couple\s+of)|\d+|two|three|four|five|six)\s+(?:weeks?|months?|years?)\s+ago|recently\b)))"
)
# a job that ends with no new one said ("Just quit my job", "got laid off", "Quit Siemens last week"):
# the employment ends, so its employer and job change to "none"
_ENDED_EN = re.compile(
    r"\b(?i:quit|left|lost|resigned from)\s+(?:my|his|her|their|our)\s+(?:(?:\w+\s+)?job|position|post|role)\b"
    r"|(?:\b(?i:got|get|been|was|were|am|is)\s+|'s\s+|'m\s+|^)(?:just\s+)?(?i:laid off|fired|sacked|let go|made redundant)\b"
    r"|\b(?i:handed in|gave|put in)\s+(?:my|his|her|their)\s+notice\b|\b(?i:resigned)\b"
    rf"|\b(?i:quit)\s+(?!(?i:smoking|drinking|vaping|sugar|caffeine|coffee|alcohol)\b)(?:{_CAP})\b"
    # the verb of working negated as over: "I no longer work at Amazon", "I don't work there anymore"
    r"|\b(?i:no longer)\s+(?i:works?)\b|\b(?i:don't|do not|doesn't|does not)\s+(?i:works?)\s+(?i:at|for|there)\b[^,;.]*\b(?i:anymore|any more)\b",
)
# a trade one no longer has: "not a chef anymore", "I'm no longer a nurse", "not a teacher any more"
_TRADE_GONE_EN = re.compile(
    r"(?:^|[,;]\s*|\bI(?:'m|\s+am)\s+)(?:(?i:not)\s+(?:a|an)\s+(?P<v>[a-z]+(?:\s[a-z]+)?)\s+(?i:anymore|any more)"
    r"|(?i:no longer)\s+(?:a|an)\s+(?P<v2>[a-z]+(?:\s[a-z]+)?))\b"
)
# a clause that is only a trade, "from now on" after it ("Full-time illustrator from now on")
_TRADE_FROM_NOW_EN = re.compile(
    r"(?:^|[.!;,]\s*)(?:an?\s+)?(?P<v>(?:(?:full|part)-time\s+|freelance\s+|self-employed\s+)?"
    # (or a bare "now" closing it: "no more coffee for me, trainee electrician now ⚡")
    r"(?:[a-z]+\s+)?[a-z]+)\s+(?:from now on|from today|as of today|now(?=\s*(?:$|[^\w\s])))\b",
    re.I,
)
# a trade by its ending or its head noun ("copywriter", "florist", "electrician", "nurse"), beside
# the lexicon's JOBS ("lawyer", "pilot")
_TRADE_EN = re.compile(
    r"(?:ist|ian|or|writer|designer|grapher|maker|keeper|worker|manager|engineer|developer|consultant|"
    r"teacher|trainer|driver|nurse|chef|cook|baker|barista|tutor|coach)$",
    re.I,
)
# a course of study that is over: graduating, finishing it, leaving it
_GRADUATED_EN = re.compile(
    r"\b(?:graduated|dropped out of (?:uni|university|college|school)|finished (?:uni|university|college|grad school|"
    r"my (?:degree|studies|masters|master's|phd|doctorate)))\b",
    re.I,
)
# only the speaker's (or the turned subject's) own: "I", or nothing, before the verb in its clause
_ENDED_WHO_EN = re.compile(
    r"^(?:(?:so|and|well|yeah|ugh|oh|welp|update|guess what)[,:!]?\s+)*(?:I(?:'ve|'m|\s+have|\s+had|\s+was|\s+am)?\s*)?"
    r"(?:(?:just|finally|officially|recently|actually|basically|literally|today|yesterday)\s+)*$",
    re.I,
)
# what keeps a job from ending: it is asked, wished, planned or denied
_NOT_ENDED_EN = re.compile(
    r"\b(?:would|'d|could|should|might|may|never|didn't|did not|haven't|have not|not|won't|will|'ll|going to|"
    r"gonna|want to|thinking|if|unless|almost|nearly)\b",
    re.I,
)
# what one runs or owns as a living, beside the organisations of _ORG_HEAD
_BUSINESS_EN = (
    r"business|food truck|truck|stall|salon|boutique|gym|farm|brewery|bookshop|bookstore|florist|workshop|"
    r"hotel|hostel|b&b|pub|bar|practice|dojo|daycare|catering company|label|shopfront|takeaway|diner|bistro"
)
# a clause that speaks of someone else's post: a possessive other than the speaker's
_SOMEONE_ELSES_EN = re.compile(
    r"\b(?:your|his|her|their)\b|\b(?!(?:it|that|what|there|here|he|she|who|let|where|how)'s\b)[A-Za-z]+'s\b",
    re.I,
)
# a role told of as past: "back when I worked as", "when I was a", "formerly"; not "I've worked as"
_PAST_ROLE_EN = re.compile(
    r"\bback when\b|\bwhen I was\b|\bformerly\b|\bin my days\b|(?<!'ve )(?<!have )(?<!has )\bworked\s*$",
    re.I,
)
# "you've grown as an artist", "he started as a waiter": the one "as" speaks of is not the speaker
_NOT_ME_AS_EN = re.compile(r"\b(?:you|you've|you're|he|he's|she|she's|they|they've|they're|it|it's)\b", re.I)
# a place of work one may manage (not a project, a team's task or one's time: "managing the launch")
_MANAGED_PLACE_EN = r"cafe|café|shop|store|bar|pub|restaurant|hotel|gym|bakery|salon|branch|office|warehouse|kitchen|team|site"
_JOB_EN = re.compile(
    r"(?:\b(?:I(?:'m| am)|im|i'm|I(?:'ve| have)\s+been)|^been)\s+(?:now\s+|currently\s+)?(?:a|an)\s+(?:(?:full[- ]time|part[- ]time|freelance|self-employed)\s+)?"
    # (a clause of what follows from it may come next: "im a plumber so weekends are for callouts")
    # (or a joke of what one is not, the comma dropped: "im a nurse not a vampire lol")
    # (a grade or year taught may lead it, written as an ordinal or by its number: "I'm a 2nd grade teacher
    # in Ohio", "she's a year 2 teacher"; "a grade 8 pianist" is an exam passed, no class)
    # (a chat filler after it is no part of it: "im a GP btw, so ask away")
    r"(?P<v>(?:\d{1,2}(?:st|nd|rd|th)\s+(?=grade\b)|(?:year|form)\s+\d{1,2}\s+(?=[a-z]))?(?:[a-z\-]+\s+)?(?!(?:btw|tbh|ngl|fyi|lol)\b)[a-z\-]+)(?=\s*(?:$|[,.;!]|now\b|at\b|in\b|for\b|with\b|so\s+(?!much|many|far|good|bad)\w|by (?:trade|profession)\b"
    r"|(?:btw|tbh|ngl|fyi|lol)\b"
    r"|not\s+(?:a|an)\s))"
    r"|\b(?:as|retrained as|working as|work as|trained as|to become|became|(?<!in )(?:re)?training to be|studying to be)\s+(?:a|an)\s+(?P<v2>(?:[a-z\-]+\s+)?[a-z\-]+?)"
    r"(?=\s*(?:$|[,.;!]|now\b|at\b|in\b|for\b|with\b|on\b|and\b|but\b|since\b|from\b|until\b|these days\b|nowadays\b"
    # (or when it began: "started at Amazon as a warehouse manager last week")
    r"|last (?:week|month|year)\b|this (?:week|month|year)\b|yesterday\b))"
    # "I teach year 6 at a primary school", "I teach adults in the evenings": a class or its
    # learners taught, so a teacher
    r"|\bI\s+(?:now\s+)?(?P<v9>teach)\s+(?:(?:year|grade|form|class|reception)(?:\s+\d+)?|(?:kids|children|adults|"
    r"teens|teenagers|students|undergrads|undergraduates|beginners))\b"
    r"(?=\s*(?:$|[,.;!]|now\b|full[- ]time\b|part[- ]time\b|at\b|for\b|in\b|on\b))"
    # one's own class by its school year: "my Year 9 pupils", "my year 6 class" (a teacher's words;
    # a parent says "my son's in Year 9")
    r"|\b(?i:my)\s+(?P<v11>(?i:year|grade|form))\s+\d{1,2}\s+(?i:class|classes|pupils|students|kids|group|set)\b"
    r"|\bI\s+(?:now\s+)?teach\s+(?!(?:myself|him|her|them|me|us|you|on|at|in|every|some|sunday)\b)(?P<v5>[a-z\-]+)"
    r"(?=\s*(?:$|[,.;!]|now\b|full[- ]time\b|part[- ]time\b|at\b|for\b|in\b|on\b))"
    # (or the years spent driving them, the I dropped: "8 yrs driving buses n i still hate roundabouts")
    r"|(?:\bI\s+(?:now\s+)?drive|(?<!spent )(?<!after )\b(?:\d+|a few|two|three|four|five|ten)\s+(?:years?|yrs?)\s+(?:of\s+)?driving|\bbeen\s+driving)\s+(?P<v6>truck|bus|taxi|cab|van|lorr|tram|train|ambulance|forklift)(?:s|es|ies)\b"
    r"(?!\s+(?:to|for fun|on))(?![^,.;!?]*\b(?:before|until|till)\b)"  # not "10 years driving trucks before my back went"
    r"|\bI\s+(?:\w+\s+)?switched\s+(?:careers?\s+)?from\s+[a-z]+\s+to\s+(?P<v7>[a-z]+(?:ing|ism|ology|ics|ry|law|medicine))\b"
    # "I run a small bakery", "opened an online clothing store": a business, not "started a weekend class"
    r"|\bI\s+(?:now\s+)?(?:run|own|opened|started)\s+(?:a|an|my own)\s+(?:(?:small|little|tiny)\s+)?"
    r"(?P<v3>(?:[\w\-]+\s+){0,2}?(?:" + _ORG_HEAD + "|" + _BUSINESS_EN + r"))\b"
    r"|\b(?P<v4>freelanc)(?:ing|er)\b"
    # one's field of work by its department: "I work in IT at an MNC", "i work in marketing" (what is
    # done there, not where: "I work in Leeds" is no field)
    rf"|\bI\s+(?:now\s+|still\s+|currently\s+)?work\s+in\s+(?P<v12>{_FIELD_EN})\b(?!\s+(?:department|dept|team)\s+(?:of|at)\b)"
    # a place of work one manages now: "I'm managing the cafe now" (a manager of it)
    rf"|\bI(?:'m|\s+am)\s+(?:now\s+)?managing\s+(?:the|a|an)\s+(?P<v13>{_MANAGED_PLACE_EN})\s+(?:now|these days|at the moment)\b",
    re.I,
)
# "got promoted to head chef", "I've been made team lead": the post one was raised to is the job now
_RANK_EN = (
    r"(?:senior|junior|lead|head|principal|chief|deputy|assistant|associate|staff|team|shift|store|"
    r"general|regional|area|project|product|sales|account|creative|art|design|engineering|managing)"
)
_POST_EN = (
    r"(?:lead|head|chef|director|partner|manager|supervisor|principal|nurse|captain|sergeant|editor|officer|"
    r"president|chair|vp|dean|foreman|midwife|surgeon|analyst|consultant|associate|architect|clerk|coach|"
    # (and chat's clipped trades: "promoted to senior dev", "made lead PM")
    r"dev|pm|swe|sde|exec|rep|admin|chief)"
    # the field a head runs: "promoted to head of sales"
    r"(?:(?:(?<=head)|(?<=director)|(?<=chief)|(?<=vp)|(?<=manager))\s+of\s+(?!(?:the|a|an|my|our)\b)[a-z]+)?"
)
_PROMOTED_EN = re.compile(
    # promoted to any role; made / appointed only to a post or a ranked role ("got made redundant" is no post)
    # the post may follow an exclamation of its own: "Got promoted!! Team lead from Monday"
    r"\b(?:promoted|bumped up|moved up)(?:\s+(?:to\s+|as\s+)?|\s*[!:]+\s*)(?:(?:a|an|the)\s+)?"
    rf"(?P<v>(?:{_RANK_EN}\s+){{0,2}}(?!(?:her|him|them|me|us|you|it|over|after|ever|never|other)\b)"
    rf"(?:[a-z\-]+(?:er|or|ist|ian|ant|ee)|{_POST_EN}))\b"
    r"|\b(?:got|been|was|were|get|getting)\s+(?:made|appointed)\s+(?:to\s+|as\s+)?(?:(?:a|an|the)\s+)?"
    rf"(?P<v2>(?:{_RANK_EN}\s+){{1,2}}[a-z\-]+(?:er|or|ist|ian|ee)|(?:{_RANK_EN}\s+){{0,2}}{_POST_EN})\b",
    re.I,
)
# only the speaker's own promotion: "I", or nothing, before it in its clause ("Got promoted ...")
_PROMOTED_WHO_EN = re.compile(
    r"(?:(?:so|and|well|yeah|oh|omg|guess what|finally|just|officially|today|yesterday)[,!:]?\s+)*"
    r"(?:I(?:'ve|'m|\s+have|\s+had|\s+was|\s+am)?\s+)?(?:(?:just|finally|officially|recently|actually)\s+)*"
    r"(?:got|get|been|was|have been|'ve been)?\s*",
    re.I,
)
_SCHOOL_EN = re.compile(
    rf"\b(?i:studying|study|studies|doing\s+(?:a|my)\s+[\w'\-]+(?:\s+degree)?|enrolled|got into|accepted|"
    rf"transferred|switched\s+from\s+{_CAP}\s+to|(?:first|second|third|final)\s+year)"
    rf"(?:\s+[a-z]+)?\s+(?:at|to|in)?\s*(?P<v>(?:the\s+)?{_CAP})",
)
# a course of study placed at a school or town ("Started uni in Glasgow", "my masters at UCL",
# "I'm at college in Leeds"): the place is the school
_MONTHS_SEASONS = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December|"
    r"Spring|Summer|Autumn|Fall|Winter|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b"
)
_STUDY_AT_EN = re.compile(
    r"\b(?i:uni|university|college|school|sixth form|masters|master's|degree|phd|doctorate|bachelor's|course|studies|"
    r"med school|law school|grad school)\s+(?:(?i:here|there|now)\s+)?(?:at|in)\s+"
    rf"(?P<v>(?!{_MONTHS_SEASONS}){_CAP})"
)
# a university by its own name ("the University of Kent", "Leeds University"), and the words of
# studying that make it the speaker's school rather than a place visited
_UNI_NAMED_EN = re.compile(
    rf"\bat\s+(?:the\s+)?(?P<v>(?i:university)\s+of\s+{_CAP}|{_CAP}\s+(?i:university))"
)
_STUDY_WORD_EN = re.compile(
    r"\b(?:essay|module|lecture|seminar|course|degree|studying|exam|dissertation|coursework|semester|"
    r"freshers|first year|second year|final year|tutorial)s?\b",
    re.I,
)
_STUDY_START_EN = re.compile(
    r"\b(?:started|starting|began|begun|got into|transferred|switched|moved)\b", re.I
)
# what one lives in, by its kind
_DWELLING = r"(?i:house|flat|apartment|place|home|cottage|bungalow|studio|townhouse|farmhouse|condo)"
_RESIDENCE_EN = re.compile(
    # "went to Woodhaven" is a trip; "went back home to Cork" is the way home
    # "Moved from 北京 to 深圳": the town left, then the one moved to
    # ("moved out to Denver"; "shifted to Pune" as Indian English says a move)
    rf"\b(?:(?i:moved|moving|relocated|shifted)\s+(?:back\s+|out\s+|over\s+)?(?:home\s+)?(?:(?i:from)\s+{_CAP}\s+)?|went\s+(?:back\s+)?home\s+)(?:in\s+together\s+)?"
    rf"(?:in\s+with\s+(?:my|our|her|his|their)\s+(?:[\w'\-]+\s+){{1,3}}?)?(?:to|in)\s+(?P<v>{_CAP})"
    # "moved back to my parents' in Cardiff": the home of one's own people, in its town
    rf"|\b(?i:moved|moving)\s+(?:back\s+)?(?:in\s+)?(?:to|with)\s+(?:my|our)\s+(?:[\w'\-]+\s+){{0,2}}?[\w'\-]+\s+in\s+(?P<v20>{_CAP})"
    # "now I'm in York", "I'm now based in Leeds", "staying in Bangalore these days": where one is now
    rf"|(?:\b(?i:now)\s+(?:I'm|I\s+am|(?i:we're|we\s+are))|\bI(?:'m|\s+am)\s+now)\s+(?:(?i:back|living|based)\s+)?in\s+(?P<v21>{_CAP})"
    # (not a stay: "now I'm in York for the weekend", "... this week", "... till Friday")
    r"\b(?!\s+(?:for|this|on|till|until|over|visiting|today|tonight|at|with)\b)"
    rf"|\b(?:I'm|I\s+am|(?i:we're|we\s+are))\s+(?:now\s+|currently\s+)?staying\s+in\s+(?P<v22>{_CAP})\s+(?:these days|nowadays|now|for good)\b"
    # "we're back in Oslo now": a move undone is a move too
    # (its "I'm" dropped at a clause's head: "Back in Cardiff now, Swansea didn't work out")
    rf"|\b(?i:we're)\s+(?:(?i:back)\s+)?in\s+(?P<v2>{_CAP})\s+now"
    # "been in York since June": where one has been since a month, a season or a year (not since a
    # day of the week, a stay: "been in London since Monday")
    rf"|(?:\b(?:I|[Ww]e)(?:'ve|\s+have)\s+|(?:^|(?<=[,;!.] ))(?i:been)\s+(?=(?:living\s+)?in\s))(?:(?i:been)\s+)?(?:(?i:living)\s+)?in\s+(?P<v23>{_CAP})"
    r"\s+(?i:since)\s+(?:(?:January|February|March|April|May|June|July|August|September|October|November|December|"
    r"(?:last\s+)?(?:spring|summer|autumn|fall|winter|year)|the\s+(?:spring|summer|autumn|fall|winter)|(?:19|20)\d\d)\b)"
    rf"|(?:\bI(?:'m|\s+am)\s+(?:(?i:back)\s+)?|(?:^|(?<=[,;] ))(?i:back)\s+)in\s+(?P<v5>{_CAP})\s+now"
    rf"|\bswapped\s+{_CAP}\s+for\s+(?:a\s+[a-z]+\s+(?:near|outside)\s+)?(?P<v3>{_CAP})"
    rf"|\b(?:I|we)(?:'ve| have)\s+lived\s+in\s+(?P<v4>{_CAP})\s+(?:for|since|all)\b"
    # (the keys to it said had: "Got the keys to our house in Leeds")
    # (or its lease signed: "Signed the lease on a flat in Nottingham")
    # (a purchase completed is one bought: "we just closed on a house in Jersey City")
    rf"|\b(?i:bought|rented|found|got|closed\s+on|completed\s+on|signed\s+(?:the|a)\s+(?:lease|tenancy|rental\s+agreement)\s+(?:on|for))\s+(?:(?i:the)\s+keys\s+(?:to|for)\s+)?(?:a|an|our|my)\s+(?:(?:new|own|little|first|tiny|small|old)\s+)*{_DWELLING}\s+(?:in|on)\s+(?P<v6>{_CAP})\b"
    # (not a place that serves something: "found a place in Chinatown that does them for a fiver")
    # ("that does need some work", "which does have a garden": an emphatic does is still a home)
    r"(?!\s+(?:that|which|where)\s+(?:(?:does|do|did)\s+(?!(?:need|have|allow|get|let|come|feel|look|seem|make|take)\b)|serves|sells)\b)"
    # "I live with my parents in Cardiff": who one lives with, then the town
    rf"|\b(?:I|[Ww]e)\s+(?:still\s+|now\s+)?live\s+with\s+(?:my|our)\s+(?:[\w\-]+\s+){{1,2}}?in\s+(?P<v12>{_CAP})"
    rf"|(?:\b(?:I|we|We)(?:'m|'re|\s+am|\s+are|'ve\s+been|\s+have\s+been)?\s+(?:now\s+|currently\s+|still\s+|finally\s+)?|\b(?:and|but)\s+(?:now\s+)?)"
    # "I reside in Stockport": the formal verb of living is one of the class, and so is the verb of
    # making a home somewhere ("Originally from Pune but settled in Hyderabad now")
    # ("settled in" only where the clause ends or says now: "I settled in Costa with a book" sat down)
    rf"(?:live|living|based|reside|residing|settled(?=\s+in\s+{_CAP}(?:\s+(?:now|for good|these days|after|last|in\s+\d{{4}})\b|\s*(?:[,.!;]|$))))\s+in\s+(?P<v7>{_CAP})"
    # "feels weird living in Oxford now": the participle of living with "now", its I dropped
    rf"|(?:^|[,;]\s*|\b(?:feels?|felt)\s+(?:\w+\s+)?)living\s+in\s+(?P<v16>{_CAP})\s+now\b"
    rf"|\b(?:I|[Ww]e)\s+(?:now\s+|still\s+)?live\s+in\s+(?:a|an|the|my|our)\s+(?:[\w\-]+\s+){{0,3}}?(?:in|near|outside)\s+(?P<v8>{_CAP})"
    # "I work as a paramedic in Leeds": the town one works in as a role is where one lives
    rf"|\b(?:work|works|working)\s+as\s+(?:a|an)\s+(?:[\w\-]+\s+){{0,2}}?in\s+"
    rf"(?!{_FIELD_EN}\b)(?P<v10>{_CAP})"
    # "Moved out of London and into a flat in Leeds": the home moved into is where one lives
    # "officially a Bristol resident now", "a proper Londoner now" is said by the word for its people: only the first
    rf"|(?:\b(?:a|an)\s+|\b(?i:we're|we are|they're)\s+(?:(?i:now|officially|finally)\s+)?)"
    rf"(?:(?i:proud|proper|full-time|permanent)\s+)?(?P<v11>{_CAP})\s+(?i:residents?|locals?)\b"
    rf"|\b(?i:moved|moving|relocated)\b[^.;]*?\binto\s+(?:a|an|the|my|our|his|her|their)\s+(?:[\w\-]+\s+){{0,2}}?"
    rf"(?:house|flat|apartment|place|home|studio|bungalow|cottage|room)\s+(?:in|near|outside)\s+(?P<v9>{_CAP})"
    # "new address is in Hove now": the new home said by its address (or the address in full, its
    # town after the street: "new address is 14 Alder Road, Bristol")
    rf"|\b(?i:new)\s+(?i:address|place|flat|house|home|apartment)\s+(?:is|'s)\s+(?:(?:in|near)\s+|(?i:flat\s+\d+[A-Za-z]?,?\s+)?\d+[A-Za-z]?\s+"
    rf"(?:[A-Z][a-z]+\s+){{1,3}}(?:Road|Rd|Street|St|Lane|Ln|Avenue|Ave|Close|Drive|Dr|Way|Gardens|Crescent|Place|Terrace|Court|Grove|Hill|Row|Square|Mews),\s*)"
    rf"(?P<v13>{_CAP})"
    # "搬家了! Now in 杭州", "Moved house! Now living in Leeds": a bare move, then where one is now
    rf"|(?:搬家了|\b(?i:moved)(?:\s+(?i:house))?)\s*[!！.。]*\s*(?i:now)\s+(?:(?i:living|based)\s+)?in\s+(?P<v17>{_CAP})"
    # "My new place in Walthamstow has a garden": one's own new home named with its town
    # (new or not: "Our flat in Hove has a sea view"; not "my old flat in Bath", the home that was)
    # (or by the one it is rented from: "My landlord in Bristol still hasn't fixed the boiler")
    rf"|\b(?i:my|our)\s+(?:(?i:new|own|little|lovely|tiny|rented)\s+)?(?:{_DWELLING}|(?i:landlord|landlady|letting agent))"
    rf"\s+(?:in|on)\s+(?P<v15>{_CAP})"
    # "I've been in Boston since 2015": a stay counted from a year, or in years, is a home
    # "Now that I'm in Bath it's all hills": a state said as newly so is where one lives now
    rf"|\b(?i:now\s+that)\s+(?:I'm|I\s+am|(?i:we're|we\s+are))\s+(?:(?i:back|living|based|settled)\s+)?in\s+(?P<v18>{_CAP})"
    # "The commute from Guildford into Waterloo": one commutes from home (not "his commute from ...")
    rf"|(?<!\bhis )(?<!\bher )(?<!\btheir )(?<!\byour )\b(?i:commute|commuting|commuter)\s+(?:(?i:in\s+|up\s+|down\s+))?(?i:from)\s+(?P<v19>{_CAP})"
    rf"|\b(?:I|[Ww]e)(?:'ve| have)\s+been\s+in\s+(?P<v14>{_CAP})\s+(?:since\s+(?:\d{{4}}|[A-Z]\w+)|for\s+(?:\w+\s+)?years)\b"
)
# "Born and raised in Cardiff", "I was born in Lagos": where the speaker comes from
_HOMETOWN_EN = re.compile(
    rf"(?:^|\bI\s+was\s+|\bI(?:'m|\s+am)\s+(?=born and))(?i:born and (?:raised|bred)|born|raised)\s+in\s+(?P<v>{_CAP})"
    rf"|\bI(?:(?:'m| am| come)\s+(?:originally\s+)?from|\s+grew up in|\s+was (?:born|raised) in)\s+(?:a|an)\s+"
    rf"(?:[\w\-]+\s+){{0,3}}?(?:near|outside|in)\s+(?P<v2>{_CAP})"
    # the place before "born and bred": "I'm Sunderland born and bred", "Glasgow born and raised, me"
    # (a place, not a nationality, a creed or a club: "I'm Welsh born and bred", "Leeds United born and bred")
    rf"|(?:\bI(?:'m|\s+am)\s+|^)(?!I\b|I'm\b)(?P<v3>(?![A-Z][a-z]*(?:ish|sh|ese|ern|ic|ian)\b|(?:French|Dutch|Czech)\b)"
    rf"(?![A-Z][a-z]+\s+(?:United|City|Rovers|Wanderers|Athletic|Town|County)\b){_CAP})\s+(?i:born and (?:bred|raised))\b"
)
# (nor how it went, capitalised: "I settled in OK", "moved in Okay")
# (a time is no place: "the gig got moved to April", "moved to Spring term")
_NOT_PLACES = (
    r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Zoom|Teams|Slack|Skype|OK|Okay|the\b|"
    r"January|February|March|April|May|June|July|August|September|October|November|December|"
    r"Spring|Summer|Autumn|Fall|Winter|Christmas|Easter)\b"
)
# a place the speaker is in or works from, and a move "here" in the same sentence
_HERE_EN = re.compile(
    rf"\b(?:(?:I'm|I am|(?i:we're|we are))(?:\s+\w+ing)?|living|working|based)\s+(?:\w+ly\s+)?(?:in|from|out of)\s+(?!{_NOT_PLACES})(?P<v>{_CAP})"
    rf"(?=.*\b(?:moved|relocated|came)\s+(?:over\s+|out\s+)?here\b)"
)
_OF_ME_EN = (
    r"\b(?:I|we|I'm|we're|am|are|got|get|getting|been|just|finally|officially|recently|now|happily|newly)"
    r"\s+(?:(?:just|finally|officially|now|recently|happily|newly|so|also)\s+)?"
)
_RELATION_EN = (
    # the state said of the speaker ("we're married", "I just got engaged"), not any "married" or
    # "engaged" in a line ("gameplay that kept you engaged", "the married ones")
    (
        "married",
        re.compile(
            rf"{_OF_ME_EN}married\b|\b(?:tied the knot|(?:my|our) wedding was)\b"
            # a wedding anniversary of one's own: "Our tenth wedding anniversary is on Saturday"
            r"|\b(?:my|our)\s+(?:[\w\-]+\s+)?(?:wedding|marriage)\s+anniversary\b"
            r"|\b(?:had|held)\s+(?:a|an|our|my)\s+(?:[\w\-]+,?\s+){0,4}?wedding(?:\s+ceremony)?\b",
            re.I,
        ),
    ),
    # "proposed and she said yes", "popped the question in Rome and she said yes": a proposal taken
    # (either way: "Jamie proposed on the beach and I said yes")
    (
        "engaged",
        re.compile(
            # (or the partner named by the word for one: "my fiancée Rosa wants a spring wedding")
            rf"{_OF_ME_EN}engaged\b|\b(?:my|our)\s+fianc[ée]e?s?\b|\b(?:proposed|popped the question)\b[^.;]{{0,80}}?(?:\band\s+|[;,]\s*)(?:she|he|they|I)\s+said\s+yes\b",
            re.I,
        ),
    ),
    (
        "divorced",
        # "the divorce is final", "my divorce went through": the divorce itself said to be settled
        re.compile(
            # "my ex-wife": the spouse one no longer has
            r"\bdivorced\b|\bmy\s+ex-?(?:wife|husband)\b|\b(?:the|my|our)\s+divorce\s+(?:(?:now|finally|officially)\s+)?(?:is|was|has|went|came|got)\s+(?:now\s+|finally\s+|officially\s+)?"
            r"(?:been\s+)?(?:final|finali[sz]ed|through|official|complete|completed|granted|settled)\b",
            re.I,
        ),
    ),
    # an end said of the two as a pair too: "we're not together anymore", "went our separate ways"
    (
        "single",
        re.compile(
            r"\b(?:split up|broke up|separated|we're done|dumped me|single again|no longer together|"
            r"not together (?:anymore|any more)|went our separate ways|called it quits)\b",
            re.I,
        ),
    ),
    (
        "dating",
        re.compile(
            # (not the means or the scene of it: "dating apps", "online dating", "done with dating")
            r"\b(?:seeing someone|(?<!online )(?<!with )(?<!of )dating(?!\s+(?:apps?|sites?|scene|profiles?|advice|shows?|life))|seeing each other|(?:my )?(?:girlfriend|boyfriend|partner) and I)\b"
            # "I've got a girlfriend now", "got a boyfriend!", "moved in with my boyfriend Tom"
            r"|(?:\bI(?:'ve| have)?\s+|^)(?:got\s+)?(?:a|a new)\s+(?:girlfriend|boyfriend|gf|bf)\b(?!\s+(?:who|that)\b)"
            r"|\bmoved\s+in\s+with\s+my\s+(?:girlfriend|boyfriend|partner|gf|bf)\b"
            # "Me and Sam have been going out for a month": a couple, counted in time (not "going out
            # tonight", nor "going out with Tom on Friday")
            r"|\bbeen\s+going\s+out\s+(?:together\s+|with\s+\w+\s+)?(?:for|since)\b",
            re.I,
        ),
    ),
)
_NUMBERS = {
    "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80,
}  # fmt: skip
_ONES = {w: i for i, w in enumerate("one two three four five six seven eight nine".split(), 1)}
_AGE_EN = re.compile(
    # when it happened may follow the number ("Turned 34 yesterday 🎂"), and a line may go on after an emoji
    r"\b(?:turned|turning|i'm|i am)\s+(?P<v>\d{1,2}|[a-z]+(?:-[a-z]+)?)(?:\s+years old)?"
    r"(?:\s+(?:yesterday|today|last (?:week|month|night)|this (?:week|month)|on (?:mon|tues|wednes|thurs|fri|satur|sun)day))?"
    # (or a clause joined on: "my grandma is 92 and still beats everyone at mahjong", "I'm 40 but feel 25")
    r"\s*(?:$|[!.,;]|[^\w\s]|(?:and|but)\s+(?!a\s+(?:half|quarter)\b|a\s+bit\s+(?:of\b|[a-z]+s\b)|a\s+bit\s*(?:$|[,.;!?])))",
    re.I,
)
_PET_EN = re.compile(
    r"\b(?:adopted|got|have|rescued)\s+(?:a|an|two|three|our|my|\d+)?\s*(?:new\s+|little\s+)?"
    # "a rescue greyhound": an animal taken in from a shelter, whatever its kind
    # (not an allergy to the animal: "I've got a cat allergy")
    # (the animal's word in another noun is none: "a horse riding lesson", "a husky voice")
    rf"(?:(?P<v>{ANIMALS_EN})|rescue\s+(?P<v2>[a-z]{{3,}}))\b"
    r"(?!\s+(?:riding|racing|race|voice|lesson|costume|toy|print|shaped|ornament|mug|plush|teddy|onesie|slippers|ears)\b)"
    r"(?!\s+(?i:allerg|hair|dander))"
    # an animal cared for as one's own: "need to walk my dog", "feeding our cats" (a pet, whatever is said of it)
    r"|\b(?:walk|feed|groom|brush|bath|wash)(?:s|es|ed|ing)?\s+(?:my|our)\s+(?:(?:little|old|new|two)\s+)?"
    rf"(?P<v3>{ANIMALS_EN})\b"
    # one's animal named beside its name: "Biscuit (our new beagle) ate a shoe", "Biscuit, our beagle, ..."
    r"|(?:\(\s*|,\s*)(?:my|our)\s+(?:(?:new|little|old|rescue|two)\s+)?"
    rf"(?P<v4>{ANIMALS_EN})\s*[),]",
    re.I,
)
# one's own animal doing something just now: "my cat knocked coffee all over my keyboard", "my dog
# ate my sandwich" (not its death: "my dog died", "my cat passed away")
_OWN_ANIMAL_EN = re.compile(
    r"\b(?:my|our)\s+(?:(?:little|old|new|stupid|daft|silly|two)\s+)?"
    rf"(?P<v4>{ANIMALS_EN})"
    r"\s+(?:just\s+|literally\s+|has\s+|have\s+)?(?!(?:died|passed|perished|drowned)\b)(?:[a-z]+ed|ate|eaten|stole|stolen|bit|woke|threw|brought|keeps|sat)\b",
    re.I,
)


def own_animal_en(sentence: str, speaker: str) -> list[Evidence]:
    """The speaker's pet, said by what their animal just did at the head of a clause ("my cat
    knocked coffee all over my keyboard"): the clause is the animal's, nobody's to file
    (subjects._EN_PET_HEAD), but "my" says whose animal it is."""
    m = next((f for c in re.split(r"[,;]", sentence) if (f := _OWN_ANIMAL_EN.match(c.strip()))), None)
    if not m:
        return []
    return [Evidence("fact", speaker, "pet", animal_singular(m.group("v4")), 0.5, "statement")]


# the diets one keeps (for one's health too: "I'm coeliac so no pasta for me"; "veggie" is the
# everyday word for vegetarian, filed as it: "im veggie btw so ill get the halloumi wrap")
_DIETS = r"vegan|vegetarian|veggie|pescatarian|coeliac|celiac"
_DIET_EN = re.compile(
    # (the I dropped at a clause's head too: "Been vegan since January")
    r"(?:\b(?:I(?:'m| am|'ve been| have been)|went|gone|going|turned)|(?:^|(?<=[,;] ))been)\s+(?:now\s+)?(?:a\s+)?"
    rf"(?P<v>{_DIETS})\b"
    # the diet as the capacity one acts in: "Being vegetarian I always end up with the halloumi"
    rf"|(?:^|[,;]\s|\b(?i:and|so)\s)(?i:being|as)\s+(?:a\s+)?(?P<v3>(?i:{_DIETS}))\b"
    r"(?=\s*(?:[,;.!]|$|I\b|(?i:we|myself|these days|now)\b))"  # not "as a vegan chef"
    # the diet said bare as what one is now: "started eating fish again, so pescatarian now"
    rf"|\b(?:so|and|basically)\s+(?:a\s+)?(?P<v2>{_DIETS})\s+now\b",
    re.I,
)
# a diet given up: "I'm not vegan anymore", "no longer veggie", "I'm not a vegetarian any more"
_DIET_LIFTED_EN = re.compile(
    # (a plain "I'm not vegan" is no change: "any more" or "now" in its clause says it was so before)
    rf"\b(?:I'm|I am|im)\s+not\s+(?:a\s+)?(?P<v>{_DIETS})\b(?=(?:(?!\bbut\b)[^,;.])*?\b(?:any\s*more|now)\b)"
    rf"|(?:^|[,;]\s*|\b(?:I'm|I am|im)\s+)no\s+longer\s+(?:a\s+)?(?P<v2>{_DIETS})\b"
    # (or given up: "gave up being vegetarian, eating meat again")
    rf"|\b(?:gave|given|giving|give)\s+up\s+being\s+(?:a\s+)?(?P<v3>{_DIETS})\b",
    re.I,
)
# how bad an allergy is, or what one thinks of it: no part of what one is allergic to
_ALLERGY_HOW = (
    r"(?:severe|serious|bad|mild|slight|real|terrible|stupid|silly|dumb|annoying|bloody|damn|damned|wretched"
    r"|ridiculous|awful|horrible|nasty|usual|old|lifelong|new)"
)
# what one is intolerant of (a food, not people or the cold), and how much
_INTOLERANT_OF = r"(?:lactose|gluten|dairy|wheat|fructose|histamine|caffeine|egg|soy|milk)"
_INTOLERANT_HOW = r"(?:quite|very|a bit|slightly|severely|super|really)"
_ALLERGY_EN = re.compile(
    r"\ballergic\s+to\s+(?!(?:it|them|that|those|this)\b)(?P<v>[a-z\- ]+?)(?=\s*(?:$|[,.;!]|so\b|and\b))"
    # a bare "I'm allergic" after what one cannot eat ("Can't eat peanuts, I'm allergic"): its object
    r"|\b(?:can't|cannot|can not|don't|do not|never)\s+(?:eat|have|drink|touch)\s+(?:any\s+)?(?P<v2>[a-z\- ]+?)\s*"
    r"(?:[,;.!]|\s[-–—])\s*(?:(?:because|as|since|cos|cause)\s+)?(?:I'm|I am|I'?m)\s+(?:really\s+|very\s+|severely\s+)?"
    r"allergic\b(?!\s+to\s+(?!(?:it|them|that|those|this)\b))"
    # (or the allergy said bare as the reason: "cant have the prawns, shellfish allergy")
    r"|\b(?:can't|cannot|can not|don't|do not|never)\s+(?:eat|have|drink|touch)\s+[a-z\- ]+?\s*[,;.!–—-]\s*"
    r"(?P<v5>(?!(?:my|his|her|their|its|an?|the)\b)[a-z\-]+)\s+allerg(?:y|ies)\b"
    # the allergy as a thing one has: "I have a severe allergy to shellfish"
    rf"|\b(?:have|got|with)\s+(?:a|an)\s+(?:{_ALLERGY_HOW}\s+)?allergy\s+to\s+"
    r"(?!(?:it|them|that|those|this)\b)(?P<v3>[a-z\- ]+?)(?=\s*(?:$|[,.;!]|so\b|and\b))"
    # the allergen before the noun: "because of my peanut allergy", "I've got a cat allergy"
    # (of two words too, and "this" one the speaker is suffering: "eyes streaming all day, this grass
    # pollen allergy is no joke"; not with another person in the line, whose it may be)
    # (how bad, or what one thinks of it, is no allergen: "my stupid peanut allergy")
    rf"|(?:\bmy|\b(?P<this>this)|\b(?:have|got|with)\s+(?:a|an))\s+(?:{_ALLERGY_HOW}\s+)?"
    rf"(?P<v4>(?!{_ALLERGY_HOW}\b)[a-z\-]+(?:\s+(?!allerg)[a-z\-]+)?)\s+allerg(?:y|ies)\b"
    # an intolerance, the same restriction: "I'm lactose intolerant", "im gluten-intolerant", "intolerant to wheat"
    # (what one is intolerant of is a food: "I'm so intolerant of lazy people" is no diet)
    rf"|\b(?:I'm|I\s+am|im)\s+(?:{_INTOLERANT_HOW}\s+)?(?P<v6>{_INTOLERANT_OF})[-\s]intolerant\b"
    rf"|\b(?:I'm|I\s+am|im)\s+(?:{_INTOLERANT_HOW}\s+)?intolerant\s+(?:to|of)\s+(?P<v7>{_INTOLERANT_OF})s?\b"
    # what the body does at it, the thing at the clause's head: "shellfish makes my throat go funny",
    # "nuts made my lips swell up" (a body's reaction, not a mood: "work makes me sick" is no allergy)
    r"|(?:^|[,;]\s*)(?:(?:honestly|tbh|ngl|but|and|so|yeah)[,\s]+)*"
    # (the mouth and throat, which an allergy closes, whatever the thing but nerves or a mood; a
    # sneeze or itching skin only below, for what is known to set one off)
    r"(?P<v8>(?!(?:it|that|this|he|she|they|you|my|his|her|the|work|people|everything|everyone|exams?|stress|nerves|anxiety|"
    r"fear|crying|shouting|singing|talking|speaking)\b)[a-z][a-z\-]*(?:\s+[a-z\-]+)?)\s+"
    r"(?:makes?|made)\s+(?:my\s+(?:throat|lips?|mouth|tongue)\s+(?:\w+\s+)?(?:swell(?:s|ing)?(?:\s+up)?|itch(?:y)?|tingle|close\s+up|"
    r"go(?:es)?\s+(?:all\s+)?(?:funny|tingly|itchy|puffy))|me\s+come\s+out\s+in\s+hives)\b"
    # (a sneeze, itching eyes or a rash, of what is known to set one off: "cats make me sneeze",
    # "dust makes my eyes itch"; pepper, sunlight and wool do it to anyone)
    r"|(?:^|[,;]\s*)(?P<v9>cats?|dogs?|horses?|rabbits?|guinea pigs?|hamsters?|pollen|dust|dust mites|hay|grass|feathers|mould|mold|latex)\s+"
    r"makes?\s+(?:me\s+(?:sneeze|wheeze|itchy|break\s+out(?!\s+in\s+(?:a\s+)?(?:smile|grin|sweat|song|laugh)))|my\s+eyes\s+(?:itch|water|stream|swell))\b",
    re.I,
)


# what a plan of news is about: moving, a job, a study, a marriage
_ZH_PLANNED_NEWS = (
    r"搬|住|定居|工作|上班|跳槽|入职|辞职|离职|读|考|毕业|结婚|离婚|订婚|换工作|调到|调去|回老家|回国"
)


def plan_only(s: str) -> bool:
    """Whether a sentence tells a plan or a maybe, not news ("我姐说她明年要搬去柏林",
    "She might move to Berlin next spring"): a fact stated in it is no change yet."""
    if re.search(r"[\u4e00-\u9fff]", s):
        # (or a condition: "你要是搬去深圳，我就…", "如果我搬去深圳的话")
        maybe = r"说不定|也许|可能|打算|准备|计划|要是|如果|假如|万一|的话"
        # a maybe stays a maybe, 了 or not; in a message of several clauses only a maybe of a move, a
        # job or a study counts ("新家在咸阳，老房子打算租出去": the plan is the old flat's, the move is done)
        clauses = [c for c in re.split(r"[，,；;。！!]", s) if c.strip()]
        if any(
            re.search(maybe, c) and (len(clauses) == 1 or i == 0 or re.search(_ZH_PLANNED_NEWS, c))
            for i, c in enumerate(clauses)
        ):
            return True
        if re.search(maybe, s):
            clauses = [c for c in clauses if not re.search(maybe, c)]
            s = "，".join(clauses)
        return bool(_ZH_FUTURE.search(s)) and not _ZH_DONE_FIRST.search(s)
    if re.search(
        r"(?:^|(?:'s|'re|'m|\bis|\bare|\bam|\bbe|\bwe|\bi|\bthey|\bhe|\bshe)\s+)(?:\w+ly\s+|also\s+|still\s+)?\w+ing\b"
        r".*\bnext\s+(?:week|month|year|spring|summer|autumn|fall|winter)\b",
        s,
        re.I,
    ):
        # "she's moving to Berlin next spring": a verb in -ing (not "our wedding anniversary next month")
        return True
    if re.search(
        rf"\b(?:moving|starting|leaving|relocating|joining|transferring|switching)\b.*\b(?:in|this|from)\s+{_MONTHS_SEASONS}"
        r"|\b(?:moving|starting|leaving|relocating|joining)\b.*\b(?:soon|in a (?:few )?(?:weeks?|months?)|later this year)\b",
        s,
        re.I,
    ) and not re.search(r"\b(?:moved|started|left|joined|last)\b", s, re.I):
        return True  # "We're moving to Berlin in June": a plan, no change yet
    return bool(_FUTURE_EN.search(s)) and not re.search(r"\b(?:now|since|got|left|quit|moved)\b", s, re.I)


def future_en(s: str) -> bool:
    """Whether an English sentence speaks of what is still to come ("I'll", "going to")."""
    return bool(_FUTURE_EN.search(s))


# where one sits to work, not whom one works for ("working at home today", "at my desk", "at the
# kitchen table", "at the office"): no employer
_WORKPLACE_NOT_FIRM = (
    # (written small: "the Office for National Statistics" is an employer)
    r"(?:home|my\s+desk|desk|(?:the\s+)?kitchen(?:\s+table)?|(?:the\s+)?office|"
    r"(?:the\s+)?weekend|the\s+moment|night|nights|it|that|this)"
)


def _clean_np(v: str) -> str:
    v = re.sub(r"^.*\b(?:called|named)\s+(?=[A-Z])", "", v.strip())  # "a startup called Nimbus"
    v = re.sub(r"^(?:the|a|an|my|our)\s+", "", v.strip(), flags=re.I)
    # (a day that owns the thing names when it was, not what: "Thursday's vendor review")
    v = re.sub(
        r"^(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|tonight|tomorrow|yesterday)['’]s\s+(?=\w)",
        "",
        v,
        flags=re.I,
    )
    # (a time or one's own hands said after the thing: "the pics last night", "the tap myself")
    return re.sub(
        r"(?:\s+(?:now|too|again|this|last|yesterday|today|tonight|earlier|myself|ourselves"
        r"|(?:last|this|yesterday|tomorrow)\s+(?:night|morning|afternoon|evening|week|weekend)))+$",
        "",
        v,
    )


# a negation of the verb that follows, in its clause: "I'm not", "we didn't", "never", "no longer"
_NEGATED_BEFORE_EN = re.compile(
    r"\b(?:not|never|didn't|did not|haven't|have not|hasn't|has not|won't|isn't|aren't|wasn't|weren't)"
    r"(?:\s+(?:really|actually|even|ever|yet|now|going to|gonna|be))*\s*$",
    re.I,
)


# a clause whose subject, just before its verb, is a noun phrase of someone else ("the new manager
# is moving to", "a friend of mine has moved to"): not the speaker's, and no one named to file it under
_OTHER_SUBJECT_EN = re.compile(
    r"\b(?i:the|a|an|this|that|his|her|their|your)\s+(?:[\w\-]+\s+){0,3}?[\w\-]+\s+"
    r"(?i:is|was|'s|has|had|has been|have|are|were)\s+(?:(?i:just|now|finally|apparently|already|also)\s+)?$"
)


# a line that congratulates: what it names is the hearer's news
_CONGRATULATED_EN = re.compile(r"^(?:(?:huge|big|massive)\s+)?(?:congrats|congratulations|well done)\b", re.I)


# a third person's pronoun as a clause's subject, just before its verb ("they moved", "she's just
# moved"): no one the speaker named to file it under
_THIRD_PRONOUN_EN = re.compile(
    # (or a place of work or a shop, "the office moved to Shoreditch": no one's home)
    r"\b(?:(?i:he|she|they)|(?i:the|our|my|their|his|her)\s+(?i:office|company|firm|shop|team|business|restaurant|"
    r"store|school|gym|clinic|surgery|practice|studio|church|salon|cafe|pub|bakery|HQ|headquarters))"
    r"(?:'s|'re|'ve|\s+(?:has|have|had|is|are|was|were))?"
    r"(?:\s+(?i:just|now|finally|apparently|already|also|recently|actually|both))*\s+$"
)


def _facts_en(s: str, subject: str) -> list[Evidence]:
    if s.rstrip().endswith("?") or _CONGRATULATED_EN.match(s):
        return []  # ("congrats on the new job at Monzo!": the news is the hearer's, not the speaker's)
    if _FUTURE_EN.search(s) and not re.search(r"\b(?:now|since|got|left|quit)\b", s, re.I):
        # what is still to come states no fact; a clause of its own that does not look ahead still
        # does ("Marked thirty essays tonight, my Year 9 pupils will be thrilled": the marking)
        s = ", ".join(c.strip() for c in re.split(r"[,;]", s) if c.strip() and not _FUTURE_EN.search(c))
        if not s:
            return []
    low = s.lower()
    change = bool(_CHANGE_EN.search(s))
    kind = "change" if change else "statement"
    out: list[Evidence] = []

    def add(key: str, value: str, k: str = kind) -> None:
        value = _clean_np(value)
        if value and not any(e.key == key and e.value.lower() == value.lower() for e in out):
            out.append(Evidence("fact", subject, key, value, 0.5, k))

    left = _LEFT_EN.search(s)
    for m in _EMPLOYER_EN.finditer(s):
        v = next(
            (
                g
                for g in (
                    m.group(n)
                    for n in (
                        "v",
                        "v2",
                        "v3",
                        "v4",
                        "v5",
                        "v6",
                        "v7",
                        "v8",
                        "v9",
                        "v10",
                        "v11",
                        "v12",
                        "v13",
                        "v14",
                    )
                )
                if g
            ),
            "",
        )
        # (a day after the name is when: "starting at KPMG Monday")
        v = re.split(rf"\s+(?={DAY_OR_MONTH_EN})", v)[0]
        if not v or (left and left.group("v") == v) or (m.group("was") or "").lower() == "was":
            continue
        if re.search(r"\b(?:his|her|their|your)\s+(?:(?:new|old|first|current)\s+)?$", s[: m.start()], re.I):
            continue  # "His job at Google is boring", "your work with the NHS": another's employer
        if (
            m.group("v")
            and m.group("prep").lower() in ("for", "with")
            and not re.match(rf"(?:the\s+)?{_CAP}", v)
            and not re.search(rf"\b(?:{_ORG_HEAD})\b", v, re.I)
        ):
            continue  # "work with such passionate people", "recipes that work for everyone's diets": no employer
        clause = re.split(r"[,;]|\b(?:and|but|then)\b", s[: m.start()])[-1]
        if _PAST_VALUE.search(clause):  # "Quit my job at the agency", "I used to work at Amazon": the old one
            continue
        if re.match(r"worked\b", m.group(0), re.I) and not (
            _PERFECT_EN.search(s[: m.start()])
            or _SHIFT_DONE_EN.search(re.split(r"[,;.!?]|\bbut\b", s[m.end() :])[0])
        ):
            continue  # "I worked at Pixar.": the simple past, a job that was ("I've worked at", a shift "today": now)
        if _PAST_ROLE_EN.search(re.split(r"[,;.!?]", s[: m.start()])[-1]):
            continue  # "Back when I was fifteen I had a Saturday job at Woolworths": the one that was
        head = re.search(r"([\w\-]+)\s+at\s+$", s[: m.start("v4")]) if m.group("v4") else None
        if (
            m.group("v4")
            and head
            and head.group(1).lower() in ("customer", "client", "patient", "member", "regular", "user")
        ):
            continue  # "I'm a customer at Monzo": who one is to the firm, not who works for it
        if m.group("v4") and not (
            head
            and (
                _ROLE_TAIL.search(head.group(1).lower())
                or head.group(1).lower() in JOBS
                or re.fullmatch(
                    r"job|position|post|role|internship|placement|apprenticeship|contract",
                    head.group(1),
                    re.I,
                )
            )
        ):
            continue  # "a table at Nobu", "a place at Cambridge": a booking or a seat, not a job there
        if m.group("v4") and _SOMEONE_ELSES_EN.search(re.split(r"[,;.!?]", s[: m.start()])[-1]):
            continue  # "your friend's experience as a data analyst at Google": their job, not the speaker's
        # a name, then what was done to the thing it ends ("my shifts at Asda sorted", "contract at Boots
        # renewed"): the participle is no part of the name
        v = re.sub(rf"^({_CAP})\s+(?:(?:all|now|just|finally|\w+ly)\s+)?[a-z]+ed$", r"\1", v)
        v = _clean_np(v)
        if re.search(rf"\b(?:{_SCHOOL_HEAD})\b", v, re.I) and not re.match(r"(?i:work|teach)", m.group(0)):
            continue  # a school one is at may be one's study; one works or teaches at one's employer
        if re.fullmatch(_WORKPLACE_NOT_FIRM, v):
            continue  # "working at home today", "working at the kitchen table": where, not for whom
        # a role is no employer ("work with a carpenter"); a name written capitalised is one, whatever
        # it ends in ("I'm working at Unilever", "I work for Schneider")
        if (
            _ROLE_TAIL.search(v.lower())
            and not re.search(rf"\b(?:{_ORG_HEAD})\b", v, re.I)
            and not re.fullmatch(_CAP, v)
        ):
            continue
        if re.search(r"\b(?:student|pupil|undergrad|undergraduate|postgrad|fresher)\s+at\b", s, re.I):
            add("school", v, "statement")  # "a student at Leeds": a school, not an employer
            continue
        add(
            "employer",
            v,
            "change"
            if (
                change
                or left
                or m.group("v6")
                or m.group("v7")
                or m.group("v8")
                or m.group("v10")
                or m.group("v11")
                or m.group("v14")
            )
            else "statement",
        )
    for m in _JOB_EN.finditer(s):
        v = next(
            (
                g
                for g in (
                    m.group(n) for n in ("v", "v2", "v3", "v4", "v5", "v6", "v7", "v9", "v11", "v12", "v13")
                )
                if g
            ),
            "",
        )
        words = [w for w in v.lower().split() if w not in ("now", "currently", "again")]
        if not words:
            continue
        if words[0] in _SKILL_EN and not m.group("v3"):
            continue  # "I'm an expert hiker now", "a keen runner": how one does a thing, no job
        if AT_HEART.match(s, m.end()):
            continue  # "I'm a PM at heart": what one is like, no job
        if _DIET_EN.fullmatch(f"I'm {words[-1]}"):
            continue  # "As a vegetarian, I always ...": a diet (read by _DIET_EN), no trade
        before = re.split(r"[,;.!?]|\b(?:and|but)\b", s[: m.start()])[-1]
        if (
            m.group("v2")
            and re.match(r"as\s", m.group(0), re.I)
            and (_NOT_ME_AS_EN.search(before) or _SOMEONE_ELSES_EN.search(before))
        ):
            continue  # "how you've grown as an artist": someone else's capacity, not the speaker's job
        if m.group("v2") and _PAST_ROLE_EN.search(before):
            continue  # "Back when I worked as a waiter, ...": the job that was, said in passing
        said_as = (
            m.group("v2")
            and re.search(r"\bwork(?:ing|ed)?\s+as\s", low)
            and words[-1] not in ("team", "group", "pair", "family", "unit", "whole", "one")
        )
        if m.group("v4"):
            add("job", "freelance", "change" if change else "statement")
        elif m.group("v12"):  # "I work in IT": the field, as written ("IT", "marketing")
            if v != "IT" and v.lower() == "it":
                continue  # "the shed? I work in it most days": the pronoun, no field
            add("job", v if v.isupper() else v.lower(), "change" if change else "statement")
        elif m.group("v13"):  # "I'm managing the cafe now": its manager
            add("job", f"{words[-1]} manager", "change")
        elif m.group("v9") or m.group("v11"):  # "I teach year 6", "my Year 9 pupils": a teacher
            add("job", "teacher", "change" if change else "statement")
        elif m.group("v5"):  # "I teach yoga": a teacher of it
            add("job", f"{words[-1]} teacher", "change" if change else "statement")
        elif m.group("v6"):  # "I drive trucks now": a driver of them
            # (the stem the plural "-ies" left: "I drive lorries" is a lorry driver)
            add("job", f"{re.sub('^lorr$', 'lorry', words[-1])} driver", "change" if change else "statement")
        elif m.group("v7"):  # "switched from marketing to nursing": the field now
            add("job", words[-1], "change")
        # (or a trade the lexicon knows by a name with no trade's ending: "I'm a GP so weekends are ...")
        elif m.group("v3") or said_as or _ROLE_TAIL.search(words[-1]) or words[-1] in JOBS:
            if words[-1] in (
                "fan",
                "member",
                "customer",
                "client",
                "patient",
                "regular",
                "user",
                "owner",
                "lover",
                "number",
                "order",
                "answer",
                "other",
                "sucker",
                "believer",
                "resident",
                "local",
                "career",
                "character",
                "kid",
                "teenager",
                "beginner",
            ):
                continue
            # (initials kept as written: "I'm a GP" is a GP, not a "gp")
            said_words = [w if len(w) > 1 and w.isupper() else w.lower() for w in v.split()]
            add(
                "job",
                " ".join(w for w in said_words if w.lower() in words),
                "change" if (change or m.group("v2") and "retrained" in low) else "statement",
            )
    m = _PROMOTED_EN.search(s)
    if (
        m
        and _PROMOTED_WHO_EN.fullmatch(re.split(r"[,;!]\s*", s[: m.start()])[-1])
        and not any(e.key == "job" for e in out)
    ):
        add("job", m.group("v") or m.group("v2"), "change")  # "Got promoted to senior designer": the post
    m = _STARTED_SCHOOL_EN.search(s)
    if m:
        add("school", m.group("v"), "statement" if m.group("now") and not change else "change")
    for m in _STUDY_AT_EN.finditer(s):
        if re.search(r"\b(?:teach\w*|work\w*|job|employed|staff)\b", s[: m.start()], re.I):
            continue  # "I teach at a school in Leeds": a workplace, not where one studies
        v = re.sub(r"\s+(?:Uni|University)$", "", re.sub(r"^University of\s+", "", _clean_np(m.group("v"))))
        add("school", v, "change" if _STUDY_START_EN.search(s[: m.start()]) else "statement")
    m = _UNI_NAMED_EN.search(s)
    if (
        m
        and _STUDY_WORD_EN.search(s)
        and not re.search(r"\b(?:teach\w*|work\w*|job|employed|staff|lecturer|professor)\b", s, re.I)
        and not any(e.key == "school" for e in out)
    ):
        # "Got my first essay back at the University of Kent", "I'm at Leeds University now, studying
        # law": a university named by its name, in a line about one's study, is one's school
        v = re.sub(r"\s+(?:Uni|University)$", "", re.sub(r"^University of\s+", "", _clean_np(m.group("v"))))
        add("school", v, "change" if re.search(r"\bnow\b", s) or _STUDY_START_EN.search(s) else "statement")
    for m in _SCHOOL_EN.finditer(s):
        v = _clean_np(m.group("v"))
        v = re.sub(r"^University of\s+", "", v)
        v = re.sub(r"\s+(?:Uni|University)$", "", v)
        add(
            "school",
            v,
            "change" if re.search(r"got into|accepted|transferred|switched|started", low) else "statement",
        )
    for m in _RESIDENCE_EN.finditer(s):
        v = next(g for g in m.groups() if g)
        if re.match(_NOT_PLACES, v) or re.search(r"\bwould\b", s):
            continue  # "Moved to Thursday", "Moving to Zoom", "Moving to Texas would be crazy"
        if re.search(rf"\s(?i:{_SCHOOL_HEAD})$", v):
            continue  # "moved up to Oakwood High": a school by its head noun, no home
        if _NEGATED_BEFORE_EN.search(re.split(r"[,;]|\bbut\b", s[: m.start()])[-1]):
            continue  # "I'm not moving to Milan after all", "we never moved to Leeds": no move
        before = re.split(r"[,;]|\bbut\b", s[: m.start()])[-1]
        if _OTHER_SUBJECT_EN.search(before) or _THIRD_PRONOUN_EN.search(before):
            # "Apparently the new manager is moving to Leeds", "they moved to Lisbon in May": the move
            # of whoever is its subject
            continue
        # a move is a change; "we've lived in X for" and a plain "I live in X" are statements
        add(
            "residence",
            v,
            "statement"
            if m.group("v4")
            or m.group("v14")
            or m.group("v19")
            or (m.group("v15") and not re.search(r"\bnew\b", m.group(0), re.I) and not change)
            or (
                (m.group("v7") or m.group("v8") or m.group("v10") or m.group("v11") or m.group("v12"))
                and not change
            )
            else "change",
        )
    here = _HERE_EN.search(s)
    if here and not any(e.key == "residence" for e in out):
        # "I'm working remotely from Lisbon, moved here in the spring": "here" is the place named
        add("residence", here.group("v"), "change")
    m = _HOMETOWN_EN.search(s)
    if m and not re.match(_NOT_PLACES, m.group("v") or m.group("v2") or m.group("v3")):
        add("hometown", m.group("v") or m.group("v2") or m.group("v3"), "statement")
    if not re.search(
        r"\b(?:friend|sister|brother|cousin|colleague|parents)\b.*\b(?:married|engaged|divorced)\b", low
    ):
        for value, pattern in _RELATION_EN:
            if pattern.search(s):
                k = "statement" if value == "dating" and "since" in low else "change"
                if value == "divorced" and (
                    # "my divorce was finalised", "the divorce came through": settled just now, news
                    not re.search(
                        r"\b(?:recently|just|got|finally|last|this|now|officially|yesterday|today)\b"
                        r"|\bdivorce\s+(?:\w+\s+)?(?:is|was|has|went|came|got)\b",
                        low,
                    )
                    or re.search(r"\bbeen divorced (?:for|since)\b", low)
                ):
                    k = "statement"  # "we're divorced now" is news, "been divorced for years" is not
                if value == "married" and re.search(r"\bbeen married (?:for|since)\b", low):
                    k = "statement"
                add("relationship", value, k)
                break
    m = _AGE_EN.search(s)
    if m:
        v = m.group("v").lower()
        tens, _, ones = v.partition("-")
        n = int(v) if v.isdigit() else _NUMBERS.get(tens, 0) + _ONES.get(ones, 0) if ones else _NUMBERS.get(v)
        if n and 10 <= n < 100:
            add("age", str(n), "statement")
    m = _PET_EN.search(s)
    if m:
        add(
            "pet",
            animal_singular(m.group("v") or m.group("v2") or m.group("v3") or m.group("v4")),
            "statement",
        )
    lifted = _DIET_LIFTED_EN.search(s)
    m = None if lifted else _DIET_EN.search(s)
    if lifted:  # "I'm not vegan anymore", "no longer veggie": the diet is over, as 不吃素了 says
        add(
            "diet",
            re.sub(
                "^veggie$",
                "vegetarian",
                (lifted.group("v") or lifted.group("v2") or lifted.group("v3")).lower(),
            ),
            "lift",
        )
    if m:
        add(
            "diet", re.sub("^veggie$", "vegetarian", (m.group("v") or m.group("v2") or m.group("v3")).lower())
        )
    m = _ALLERGY_EN.search(s)
    if m and m.group("this") and re.search(r"\b(?:his|her|their|your|he|she|they|you|[A-Z][a-z]+'s)\b", s):
        m = None  # "this nut allergy of his": another's
    if m:
        v = next(m.group(g) for g in ("v", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9") if m.group(g))
        add("allergy", v.lower(), "statement")
    # the dress of one's trade: "Just ironed my nurse's uniform for tonight's shift" (a trade's word only)
    m = re.search(r"\b[Mm]y\s+(?P<v>[a-z]+)(?:'s|s')\s+(?:uniform|scrubs|overalls|whites|tunic)\b", s)
    if (
        m
        and (m.group("v") in JOBS or _TRADE_EN.search(m.group("v")))
        and not any(e.key == "job" for e in out)
    ):
        add("job", m.group("v"), "statement")
    # "Quit the agency! freelance copywriter from now on": a terse clause that is only a trade and
    # "from now on" is the job taken up (so a notice handed in just before ends no job)
    m = _TRADE_FROM_NOW_EN.search(s)
    head = m.group("v").split()[-1] if m else ""
    if m and (head.lower() in JOBS or _TRADE_EN.search(head)) and not any(e.key == "job" for e in out):
        add("job", m.group("v").lower(), "change")
    ended = _ENDED_EN.search(s)
    before = re.split(r"[,;]\s*", s[: ended.start()] if ended else "")[-1]
    if (
        ended
        and _ENDED_WHO_EN.match(before)
        and not _NOT_ENDED_EN.search(s[: ended.start()])
        and not any(e.key in ("employer", "job", "school") for e in out)
    ):
        add("employer", "none", "change")
        add("job", "none", "change")
    # "not a chef anymore, I drive for Uber now", "I'm no longer a nurse": the trade given up (the
    # employer, when the line names one, is read above)
    gone = _TRADE_GONE_EN.search(s)
    if (
        gone
        and ((v := gone.group("v") or gone.group("v2")).split()[-1].lower() in JOBS or _TRADE_EN.search(v))
        and not any(e.key == "job" for e in out)
    ):
        add("job", "none", "change")
    # "I graduated", "finished my degree": the school ends with nothing after it (school "none"),
    # when it is the speaker's own and done, not planned, asked or denied
    done = _GRADUATED_EN.search(s)
    if (
        done
        and _ENDED_WHO_EN.match(re.split(r"[,;]\s*", s[: done.start()])[-1])
        and not _NOT_ENDED_EN.search(s[: done.start()])
        # "I graduated in 2015", "years ago", "when I graduated": history, not news of it ending now
        and not re.search(r"\b(?:in (?:19|20)\d\d|ago|back in|when|after|since|before|years?)\b", s, re.I)
        and not any(e.key == "school" for e in out)
    ):
        add("school", "none", "change")
    # "I left Deloitte, taking a break", "left Barclays, now at HSBC": the place left is no longer
    # one's employer, school or home, whichever of them it was (a lift ends only a value said)
    # (where the line names what came next, "left Barclays in March and now work at Arup", the new
    # value supersedes the old by itself)
    left = _LEFT_FOR_GOOD_EN.search(s)
    if (
        left
        and _ENDED_WHO_EN.match(re.split(r"[,;]\s*", s[: left.start()])[-1])
        and not _NOT_ENDED_EN.search(s[: left.start()])
        and not re.match(_NOT_PLACES, left.group("v") or "")
        # (a new trade alone names no new place: "left the council, I'm freelancing now")
        and not any(e.key in ("employer", "school", "residence") for e in out)
    ):
        for key in ("employer", "school", "residence"):
            out.append(
                Evidence("fact", subject, key, left.group("v") or left.group("inst").lower(), 0.5, "lift")
            )
    return out


# stance words: what the sentence says of its object, and how strongly
_LIKE_EN = (
    r"love|luv|adore|enjoy|like|fancy|prefer|'m keen on|am keen on|'m fond of|am fond of|'m crazy about|"
    r"am crazy about|'m mad about|am mad about|am into|'m into|'m really into|am really into|'m obsessed with|am obsessed with|"
    r"could eat|can't get enough of|'m a (?:huge|big) fan of|"
    # what one would eat at every meal, given the chance: "my kids would eat fish fingers every single day
    # if I let them" (not a plain "I would eat it if I had to")
    # (a food: not a meal shared, an amount or a place, "would eat dinner with you", "would eat less",
    # "would live on a boat")
    r"(?:would|'d) (?:happily |gladly )?(?:eat|live on)(?=\s+(?!(?:a|an|the|my|his|her|their|less|more|dinner|lunch|breakfast|"
    r"anything|something|nothing|out|in|with|here|there)\b)[^,;.!?]{1,30}?\s+(?:every\s+(?:single\s+)?(?:day|meal|night)|"
    r"for every meal|for breakfast,? lunch and dinner|forever)\b)|"
    # what one could live on: "could genuinely live on dumplings" (a food in lower case, not a place or
    # a sum: "could live on a boat", "on my salary", "on Skye")
    r"could (?:\w+ly\s+)?live on(?=\s+(?!(?:a|an|my|the|his|her|their|your|less|that|this|it|air|benefits|minimum|campus|"
    r"fifty|twenty|ten|\w+\s+(?:quid|pounds|dollars|euros)|\d)\b)(?-i:[a-z\u4e00-\u9fff]))|am a (?:huge|big) fan of|'ve come round to|"
    # absorbed in it: "I've been glued to the cricket all summer"
    r"(?:'ve been|have been|'m|am) glued to|"
    r"have come round to|'ve started (?:drinking|eating|liking)|have started (?:drinking|eating|liking)|'m hooked on|"
    r"'m (?:really |totally |slowly )?getting (?:into|hooked on)|am (?:really |totally )?getting (?:into|hooked on)|"
    # ("I've been getting really into country music lately")
    r"(?:'ve|have) been getting (?:really |totally |so |properly )?(?:into|hooked on)"
    # (not trouble, a fight, debt, work or bed got into)
    r"(?!\s+(?:trouble|arguments?|fights?|debt|work|bed|bother|a\s+habit|the\s+habit|shape|character|my|his|her)\b)|"
    r"(?:'ve|have) (?:really |totally |finally )?gotten (?:really |totally |so |quite )?into|"
    r"(?:'ve|have) got (?:really|totally|so|quite) into|"
    # "I've really got into jazz": the adverb before the participle; not "got into Oxford" (a place)
    r"(?:'ve|have) (?:really|totally|properly|finally|somehow) got into(?!\s+(?-i:[A-Z]))|(?:'ve|have) been craving|'m craving|am craving|"
    r"cared? for|'m partial to|"
    # a liking said by what one would do on and on, or how one goes for it: "I could listen to Fleetwood
    # Mac on repeat", "Finn goes wild for dinosaurs", "I'm wild about ..."
    r"could listen to|could watch|go(?:es)? (?:wild|crazy|nuts|mad|bananas) (?:for|about|over)|'m wild about|am wild about|"
    r"am partial to|'m a (?:total |real |complete )?sucker for|am a (?:total |real )?sucker for|"
    r"'m (?:starting|beginning|learning) to (?:like|love|enjoy)|'ve (?:started|begun|come) to (?:like|love|enjoy)"
)
_DISLIKE_EN = (
    # what one cannot bear: "can't stand", "can't handle", "can't stomach", "can't bear", "can't abide"
    r"hate|can't stand|cannot stand|can't handle|cannot handle|can't stomach|cannot stomach|can't bear|cannot bear|"
    r"can't abide|cannot abide|despise|loathe|"
    # (worn out by it, a degree word or two before: "I'm so done with Marvel films", "kinda over avocado toast")
    r"(?:'m|am) (?:(?:so|sooo+|totally|completely|officially|kinda|kind of|sorta|well|proper|really|just|honestly) )*"
    r"(?:sick of|tired of|bored of|fed up (?:of|with))|"
    # (over it, with no degree or a degree of being sick of it; not where one is, how far, or getting
    # better: "just over the road", "well over the limit", "really over the flu")
    r"(?:'m|am) (?:(?:so|sooo+|totally|completely|kinda|kind of|sorta) )?over"
    r"(?!\s+(?:half|halfway|the\s+(?:road|street|way|limit|worst|flu|cold|moon|top)|there|here|it|at|to|by|in)\b)|"
    # (done with a thing of one's own is finished with it, unless a degree word says worn out:
    # "I'm done with the report", "I'm so done with the drama"; work done with is finished either
    # way: "I'm totally done with the project", "so done with work for today")
    r"(?:'m|am) (?:(?:so|sooo+|totally|completely|officially|kinda|kind of|sorta|well|proper|really|honestly) )+done with"
    r"(?!\s+(?:(?:the|my|our|this|that)\s+)?(?:essay|project|thesis|work|report|exams?|assignment|marking|"
    r"dissertation|revision|shift|coursework|homework|paper|chapter|draft|application|packing|decorating|move)\b)|"
    r"(?:'m|am) done with(?!\s+(?:the|my|our|this|that|these|those|all|it|them|everything|work)\b)|"
    # (an adverb may stand before the not: "I'm really not into golf")
    r"'m not big on|am not big on|'m not a fan of|am not a fan of|"
    r"(?:'m|am) (?:really |honestly |just |genuinely |totally |so |truly )?not into|"
    r"find|'ve gone (?:right |completely |totally )?off|have gone (?:right |completely |totally )?off|can't do|don't like|do not like|don't love|dislike|"
    # (no interest taken: "I'm not interested in golf", "I have zero interest in opera")
    r"'m not (?:at all |really |remotely )?interested in|am not (?:at all |really |remotely )?interested in|"
    r"(?:have|'ve|'ve got|have got) (?:no|zero|little|absolutely no|not much) interest in|"
    r"don't fancy|do not fancy|'m not keen on|am not keen on"
)
# the occasion a taste is had on, after the thing ("a good curry on a Friday night", "a beer after work")
_WHEN_ADJUNCT_EN = (
    r"(?:on|at|after|before|during|over)\s+(?:a|an|the|my|our)?\s*(?:\w+\s+)?(?:night|morning|evening|afternoon|"
    r"day|weekend|work|dinner|lunch|breakfast|(?:mon|tues|wednes|thurs|fri|satur|sun)day)s?\b"
)
_STANCE_EN = re.compile(
    # (a perfect's have before them: "I've never liked mushrooms", "I have always loved jazz")
    rf"\b(?:I|i)(?:'ve|\s+have)?(?:\s+(?:really|kinda|kind of|just|honestly|totally|absolutely|genuinely|actually|also|now|still|quite|rather|always|"
    rf"do|sort of|truly|don't|do not|never|no longer|used to|\w+ly))*\s*(?P<verb>{_LIKE_EN}|{_DISLIKE_EN})(?:d|ed)?\s+(?P<obj>[\w\u4e00-\u9fff'\-]+(?:\s+[\w\u4e00-\u9fff'\-]+){{0,3}}?)"
    rf"(?=\s*(?:$|[,.;!?]|so\b|sooo?\b|too\b|every\b|since\b|until\b|because\b|right now\b|at the moment\b|all (?:week|day|month|year|summer|winter)\b|kind of\b|a lot\b|lately\b|but\b|and\b|now\b|anymore\b|tbh\b|much\b|at all\b|"
    # (an adverb of degree or a time after, closing it: "gone off running completely after the marathon")
    rf"completely\b|totally\b|entirely\b|after (?:the|a|my|that|this|last)\b|"
    rf"these days\b|more\b|on repeat\b|from (?:the|a|that|this)\b|forever\b|all day\b|boring\b|dull\b|overrated\b|tedious\b|annoying\b|great\b|amazing\b|relaxing\b|{_WHEN_ADJUNCT_EN}))",
    re.I,
)
# the rest of a list after a stance's first thing (", ramen and pho"), up to where its clause ends
_LIST_TAIL_EN = re.compile(
    r"(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+)[\w'\-]+(?:\s+[\w'\-]+){0,2}?)+"
    r"(?=\s*(?:$|[,.;!?]|but\b|so\b|too\b|tbh\b|lol\b|though\b|a lot\b))",
    re.I,
)
_TURNED_EN = re.compile(
    # ("I hated gin until I tried a proper one, now I'm hooked": the turn after what changed it;
    # "I used to love running, now it bores me": a comma and "now" turn it too)
    r"(?:\b(?:but|until\b[^,;]*[,;])|[,;](?=\s*(?:now|these days|lately)\b))\s+(?:now\s+|these days\s+|lately\s+)?(?:(?P<flip>.*\b(?:changed my mind|won me over|converted me))|"
    r"(?P<up>it's grown on me|it has grown on me|they've grown on me|"
    # "used to hate running but honestly I'm kind of hooked now": a state of liking, said of it now
    r"(?:(?:honestly|actually|tbh|ngl|really|now),?\s+)*I'm\s+(?:hooked|obsessed|addicted|a convert|into it)"
    r"(?:\s+now)?(?=\s*(?:$|[,.;!])))|"
    r"(?P<down>(?:it|they)\s+(?:just\s+|really\s+)?bores? me(?: now)?|"
    # "I used to love Taylor Swift but I'm kinda sick of her now"
    r"(?:(?:honestly|actually|tbh|ngl),?\s+)*I'm\s+(?:(?:kinda|kind of|so|a bit|getting|pretty|really|properly)\s+)*(?:sick|tired|bored) of (?:it|them|her|him)\b|(?:it|they)\s+(?:got|gets|became) (?:boring|old|tedious)|"
    r"(?:it|they)\s+(?:just\s+|really\s+)?makes? me (?:feel )?(?:sick|ill|queasy|nauseous|jittery|anxious)|"
    # what it does to one now, as the bare "X gives me nightmares" says it (_IMPLICIT_EN)
    r"(?:it|they)\s+(?:just\s+|really\s+)?gives? me (?:a |the )?(?:headache|migraine|heartburn|nightmares|anxiety|creeps|ick)|"
    # "I loved coffee but I've gone off it lately"
    r"I(?:'ve|\s+have)?\s+(?:(?:kind of|kinda|totally|completely|a bit|really|sort of)\s+)?(?:gone|went) off (?:it|them)\b))",
    re.I,
)
_NOT_INTO_EN = re.compile(
    # (the I put back before a dropped "never been" reads "I never been": the same stance)
    # (any degree word of liking, then "on": big on, keen on; a chat opener, "tbh not big on seafood",
    # is taken off before, _CHAT_OPENER_EN)
    r"^(?:I'm\s+|I am\s+|I've\s+|I\s+(?=never\s+been\b))?(?:not|never)\s+(?:really\s+|been\s+|much\s+|that\s+|too\s+|so\s+)?"
    r"(?:into|a (?:big\s+)?fan of|(?:big|keen|mad|huge)\s+on)\s+"
    r"(?P<obj>(?!(?:it|them|him|her|that|this|you)\b)[\w\-]+(?:\s+(?!tbh\b|honestly\b|really\b|at\b)[\w\-]+)?)"
    r"(?=\s*(?:$|[,.;!]|to be honest|tbh|honestly|at all))",
    re.I,
)
# ("Quiz is a no-go" is a plan that is off, no taste)
_IMPLICIT_EN = re.compile(  # "Opera bores me", "X is gross", "Museums are my happy place"
    # (the verb may be a contracted 's of a thing: "golf's not for me"; not "that's the best")
    r"^(?P<obj>[\w\u4e00-\u9fff'\-]+(?:\s+(?:on|with|to)?\s*[\w\u4e00-\u9fff'\-]+){0,3}?)(?:\s+|(?<!\bthat)(?<!\bit)(?<!\bwhat)(?<!\bthis)(?<!\bthere)(?<!\bhere)(?<!\bhe)(?<!\bshe)(?<!\bwho)(?<!\blet)(?='s\s))"
    r"(?P<pred>bores? me|(?:is|are|'s)\s+(?:so\s+|pretty\s+|really\s+|kind of\s+|a\s+)?(?:gross|disgusting|vile|revolting|overrated|"
    r"exhausting|the worst|awful|terrible|boring|my idea of hell|a big no|a no(?!-)|a (?:hard|firm|big) pass|not for me|my happy place|"
    r"the best(?: part of my day)?|my (?:new\s+|all-time\s+|absolute\s+)?favou?rite(?: thing)?|amazing|life|my jam|my thing"
    # "swimming is my real passion", "Crosswords are my new obsession"
    r"|my (?:real\s+|true\s+|great\s+|big\s+|one\s+|new\s+|latest\s+)?(?:passion|obsession))"
    r"|and I don't get along|(?:is|are) not my thing"
    # what a thing does to one: "Spicy food gives me a headache", "Crowds make me anxious", "Olives have grown on me"
    r"|gives? me (?:a |the )?(?:headache|migraine|heartburn|nightmares|anxiety|creeps|ick)"
    r"|makes? me (?:feel )?(?:anxious|sick|ill|nervous|queasy|uncomfortable|sleepy|miserable|happy|calm)"
    r"|(?:stress(?:es)?|freaks?) me out|(?:cheers?|perks?) me up|relax(?:es)? me"
    # "Podcasts put me to sleep", "Jazz does nothing for me"
    rf"|puts? me to sleep|{NOTHING_FOR_ME}"
    r"|(?:has|have|'s|'ve|is|are)\s+(?:(?:really|totally|definitely|def|slowly|actually|kinda|kind of)\s+)*(?:grown|growing) on me"
    # "cycling has lost its charm for me": what it held for one, gone
    r"|(?:has|have|'s|'ve)\s+(?:kind of\s+|totally\s+|completely\s+)?lost\s+(?:its|their|all(?:\s+its)?)\s+(?:charm|appeal|magic|shine|spark|fun)"
    # worn out by it, the same change told by what it has become: "jazz has gone stale for me", "it's got old"
    r"|(?:has|have|'s|'ve)\s+(?:kind of\s+|totally\s+|completely\s+|a bit\s+|really\s+)?(?:gone|got|gotten|become)\s+"
    r"(?:a bit\s+|so\s+|really\s+|pretty\s+)?(?:stale|old|boring|tedious|samey|dull)\b"
    r"|(?:really\s+)?(?:isn't|aren't|is not|are not|'s not|'re not)\s+(?:really\s+|exactly\s+)?(?:for me|my thing|my cup of tea|my scene|my jam|my vibe)"
    # what it tastes of, said as what no one eats: "coriander tastes like washing up liquid to me" (not a
    # smell, which may be a room's: "the kitchen smells of bleach")
    r"|tastes?\s+(?:like|of)\s+(?:soap|washing[- ]?up\s+liquid|dish\s+soap|cardboard|feet|dirt|mud|"
    r"medicine|chalk|sawdust|plastic|rubber|sick|bleach|petrol|ash|mou?ld|wet\s+dog|dishwater|toothpaste)\b"
    # (one cup on one morning is no taste: "my coffee tastes like mud this morning")
    r"(?![^,.;!?]*\b(?:this morning|today|tonight|this time|again)\b))",
    re.I,
)
# "I'm a dog person", "I'm not a morning person", "more of a tea person": the kind of person is the taste
_ANSWER_HEAD_EN = re.compile(
    r"^(?:pass|nah|no|nope|no thanks|me|me too|same|same here|yes|yeah|yep|ooh|omg|meh|ugh)\s*[!.,]+\s*", re.I
)
_PERSON_EN = re.compile(
    r"\bI(?:'m| am)\s+(?P<neg>not\s+)?(?:really\s+|more\s+of\s+|much\s+of\s+|totally\s+|definitely\s+|such\s+)?"
    r"(?:a|an)\s+(?P<obj>[a-z]+)\s+person\b",
    re.I,
)
_NOTHING_BEATS = re.compile(
    # the thing, not its praise: "a good steak" is steak
    r"^(?:nothing beats|(?:you\s+)?can't beat)\s+(?:a\s+|an\s+|the\s+)?(?:(?:really\s+)?(?:good|nice|decent|proper|great)\s+)?(?P<obj>(?:[\w\-]+\s+){0,2}?[\w\-]+)"
    r"(?=\s*(?:$|[,.;!]|after\b|before\b|on\b|in\b|at\b|with\b|when\b|during\b|for\b))",
    re.I,
)
# a thing said first, then a stance on it by its pronoun in a clause of its own, the I dropped or not
# ("coriander tastes like soap to me, hate it", "Olives are weird, I love them"): the thing is the taste
_THEN_STANCE_EN = re.compile(
    # (the place it is had at may name it: "the 火锅 place on Gerrard St is unreal, I'm hooked")
    r"^(?:the\s+)?(?P<obj>(?!(?:it|this|that|he|she|they|there|what|which|who|you|we|i)\b)[a-z\u4e00-\u9fff][\w\-\u4e00-\u9fff]*(?:\s+[a-z][\w\-]*){0,2}?)"
    r"(?:\s+(?:place|spot|bar|shop|stall|restaurant|joint)(?:\s+(?:on|in|at|near)\s+[^,;.!?]+?)?)?\s+"
    r"(?:is|are|'s|was|were|tastes?|smells?|looks?|sounds?|feels?)\b[^,;.!?]*[,;]\s*(?:(?:and|so|but)\s+)?(?:I\s+)?"
    r"(?:(?:really|absolutely|just|totally|honestly|kinda)\s+)?(?:(?P<verb>love|adore|like|enjoy|hate|loathe|despise|"
    r"can't stand|cannot stand)\s+(?:it|them)\b(?!\s+(?:when|if|that|how)\b)"
    # (or a state of liking with no object: "..., I'm hooked", "..., totally obsessed")
    r"|(?:I'm\s+|I\s+am\s+)?(?:(?:totally|so|completely|well)\s+)?(?P<hooked>hooked|obsessed|addicted)(?=\s*(?:$|[,.;!]|now\b|lol\b|tbh\b)))",
    re.I,
)
# a topic fronted as a question of its own, then a verdict of no interest with no object: "Golf? Zero
# interest, sorry", "Opera? Not interested."
_FRONTED_NO_INTEREST_EN = re.compile(
    r"^(?P<obj>(?!(?:it|this|that|what|why|how|who|me|you|really|seriously)\b)[\w\-]+(?:\s+[\w\-]+)?)\?+\s+"
    r"(?:(?:honestly|tbh|sorry|nah|meh|eh),?\s+)?(?:(?:zero|no|nil|absolutely no|not much|little)\s+interest"
    r"|(?:I'm\s+|I am\s+)?not\s+(?:at all\s+|remotely\s+|really\s+)?interested)\b",
    re.I,
)
_THINKS = re.compile(
    r"\bI\s+think\s+(?P<obj>[\w\-]+(?:\s+[\w\-]+)?)\s+(?:is|are)\s+(?P<pred>overrated|great|amazing|awful|boring)",
    re.I,
)
_REFUSE_EN = re.compile(
    r"\b(?:please\s+)?(?:don't|do not|let's not|let's skip|no more|not)\s+(?:book|order|get|do|pick|choose|go to|have|make)\s+"
    r"(?:the\s+|a\s+|an\s+|any\s+)?(?P<obj>(?:[\w\-]+\s+){0,2}?[\w\-]+)(?=\s*(?:$|[,.;!]|again\b|this\b|tonight\b|for\b))",
    re.I,
)
_NEVER_AGAIN_EN = re.compile(
    r"\bI(?:'ll|\s+will|'m|\s+am)?\s+never\s+(?:going to\s+|gonna\s+)?(?:eat|drink|have|order|touch|try|watch|go to)\s+"
    r"(?:the\s+|a\s+|an\s+|any\s+|that\s+)?(?P<obj>[\w\-]+(?:\s+[\w\-]+)?)\s+again\b"
    # (said first, with the thing after: "never again with that Thai place", "never again at that hotel")
    r"|^(?:I\s+)?(?:(?:honestly|seriously|ugh|nope),?\s+)?never\s+again\s+(?:with|at|from)\s+(?:that\s+|the\s+|this\s+)?"
    r"(?P<obj2>[a-z][\w\-]*(?:\s+[\w\-]+){0,2}?)(?=\s*(?:$|[,.;!]))",
    re.I,
)
# a thing held back from, for now or by degrees: "No X for me (today)", "(I'm) trying to cut down on X",
# "I've been staying off X" - the speaker's own, said as a line of its own or its clause's head
_ABSTAIN_EN = re.compile(
    r"^(?:(?:ugh|nah|sorry|honestly|ok|okay|no thanks|thanks|but),?\s+)*no\s+"
    r"(?P<obj>(?!(?:more|thanks|problem|worries|way|idea|rush|pressure|one|need|chance|luck|doubt)\b)"
    r"(?:[\w\-]+\s+){0,2}?[\w\-]+)\s+for\s+me\b"
    r"|^(?:(?:so|well|honestly|tbh|yeah|ugh),?\s+)*(?:I(?:'m|\s+am|'ve been|\s+have been)\s+)?(?:really\s+)?"
    r"(?:trying to|going to|gonna|need to|have to|want to|must)?\s*"
    r"(?:cut(?:ting)? (?:down|back) on|cut(?:ting)? out|lay(?:ing)? off|stay(?:ing)? off|go(?:ing)? easy on)\s+"
    r"(?:the\s+)?(?P<obj2>(?:[\w\-]+\s+){0,2}?[\w\-]+)(?=\s*(?:$|[,.;!]|for\b|a bit\b|these days\b|lately\b))",
    re.I,
)
# a thing kept away from by habit: "I avoid karaoke nights like the plague", "I always steer clear of
# escape rooms" (a dislike; not "let's avoid the traffic", a plan, nor "avoid it", a pronoun)
_AVOID_EN = re.compile(
    r"^(?:(?:honestly|tbh|yeah|so|well),?\s+)*I\s+(?:always\s+|generally\s+|tend to\s+|usually\s+)?"
    r"(?:avoid|steer clear of|stay away from|give\s+(?:a\s+)?wide berth to)\s+(?:the\s+)?"
    r"(?P<obj>(?!(?:it|them|that|this|him|her|you|people|eye contact)\b)(?:[\w\-]+\s+){0,2}?[\w\-]+)"
    r"(?=\s*(?:$|[,.;!]|like the plague\b|at all costs\b|if I can\b|whenever\b|wherever\b))"
    # (kept off one's plate by asking: "I always ask them to leave the coriander off")
    r"|^I\s+(?:always\s+|usually\s+)?ask\s+(?:them\s+|for\s+them\s+|the\s+\w+\s+)?to\s+(?:leave|hold|take|keep)\s+"
    r"(?:the\s+|any\s+)?(?P<obj2>(?!(?:it|them|that|this)\b)(?:[\w\-]+\s+){0,2}?[\w\-]+)\s+(?:off|out)\b",
    re.I,
)
# a present wished for as the one thing: "All I want for my birthday is a new pair of climbing shoes"
_WISHED_GIFT_EN = re.compile(
    r"^(?:(?:honestly|tbh|so),?\s+)*all I(?:'ve|'m|\s+am)?\s+(?:want|wanted|asked for|asking for)\s+"
    r"(?:for\s+(?:my\s+birthday|christmas|xmas|my\s+anniversary)|this\s+(?:christmas|year))(?:\s*\([^)]*\))?\s+is\s+"
    r"(?:a\s+|an\s+|some\s+|the\s+)?(?:new\s+)?(?:(?:pair|set|copy|bottle|box)\s+of\s+)?(?:new\s+)?"
    r"(?P<obj>(?!(?:you|time|peace|sleep|rest|money)\b)[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}?)(?=\s*(?:$|[,.;!]))",
    re.I,
)
_AGAIN_EN = re.compile(r"^(?:ugh,?\s+)?(?P<obj>[\w\-]+(?:\s+[\w\-]+)?)\s+again\?", re.I)
_NEG_ANSWER_EN = re.compile(
    r"\b(?:hard pass|count me out|never again|no way|absolutely not|not for me|i'll pass|i'll skip|not feeling it|"
    r"rather not|i'd rather not)\b"
    # a verdict of no interest, or of the thing being lost on one ("Zero interest, sorry", "Ballet's
    # wasted on me", "Still a no from me")
    r"|\b(?:(?:zero|no|nil|little)\s+interest|not\s+(?:really\s+|at all\s+|remotely\s+)?interested)\b"
    r"|\b(?:is|'s|are|'re)\s+(?:(?:totally|completely|honestly|just|kind of)\s+)?(?:wasted|lost)\s+on\s+me\b"
    r"|\ba\s+(?:firm\s+|hard\s+|definite\s+)?no\s+(?:from|for)\s+me\b"
    # (or not one's kind of thing: "not really my thing tbh", "not my cup of tea")
    r"|\bnot\s+(?:really\s+|quite\s+)?(?:my|our)\s+(?:thing|cup of tea|scene|jam|vibe)\b(?!\s+to\b)"
    r"(?![^.!?]*\bbut\b[^.!?]*\b(?:I'll|I will|I'm in|count me in|go on then)\b)",
    re.I,
)
_POS_ANSWER_EN = re.compile(
    r"^(?:(?:oh|god|omg|ooh|ah|haha|hell)[,!]?\s+)*(?:yes+|yess+|yep|sure|go on then|go for it|absolutely|count me in|i'm in|deal|sounds (?:good|great))\b"
    r"|\b(?:i'm in|count me in|been dying to|can't wait)\b"
    # claiming what is left out for the taking: "dibs!", "bagsy", "I'll take it", "don't mind if I do"
    r"|^(?:(?:oh|ooh|omg)[,!]?\s+)?(?:dibs|bagsy|bags i|mine|me please|me me)\b|\bi'll take (?:it|them|one|some)\b"
    r"|\b(?:don't mind if i do|twist my arm|wouldn't say no)\b",
    re.I,
)
_NEGATIVE_FIND = re.compile(r"\b(?:boring|dull|overrated|tedious|annoying|exhausting|gross)\b", re.I)


def _pref(subject: str, topic: str, score: float, kind: str) -> list[Evidence]:
    raw, topic = topic.strip(" ,.!?"), clean_topic(topic.strip(" ,.!?")) or topic
    parts = listed_zh(topic) or listed_en(raw)  # (the English list before its commas are cleaned away)
    if parts:  # "喜欢寿司和拉面，…", "love sushi and ramen": each thing of the list
        return [e for part in parts for e in _pref(subject, part, score, kind)]
    key = topic_of(topic)
    return [Evidence("preference", subject, key, topic, score, kind)] if key else []


_DONE_PART = (
    # "covered in them", "booked solid": a state, not a task done
    r"fixed|renewed|paid|sorted|done|booked(?!\s+(?:solid|up))|sent|covered(?!\s+(?:in|with)\b)|handled|finished|cleaned|"
    # (not a thing's name: "a law firm called Hogan Lovells")
    r"called(?!\s+(?-i:[A-Z]))|submitted|"
    r"filed|signed|delivered|posted|repaired|installed|collected|returned|taken care of|dealt with|"
    # (sent on by computer or paper, closing its clause: "timesheets uploaded", "the forms are
    # scanned"; not "the printed version", "uploaded to the wrong album")
    r"(?:uploaded|emailed|printed|scanned|signed off)(?=\s*(?:$|[,.;!]))|"
    # a thing put in working order where it is needed: "Projector's set up in room 4", "the printer's hooked up"
    r"set up|hooked up|plugged in|"
    r"handed (?:back|over|in)|given back|"
    # a thing in working order again: "Your bike's rideable again", "the boiler's working again"
    r"[a-z]+able again|working again|running again|"
    r"looked at|looked over|gone through|gone over|checked|proofread|reviewed|"
    r"(?<=is )out|(?<='s )out|(?<=are )out|(?<=is )ready|(?<='s )ready|(?<=are )ready"
)

_GENERIC_EN = re.compile(  # "<thing> is/are <anything>", "<thing> <verb>s me": the embedder reads the predicate
    r"^(?P<obj>(?:[A-Za-z\u4e00-\u9fff'\-]+\s+){0,2}?[A-Za-z\u4e00-\u9fff'\-]+)\s+"
    r"(?:(?:is|are|'s)\s+(?!(?:on|at|in|off|out|over|done|sorted|booked|ready|tomorrow|today|tonight|next|this|"
    r"going|coming|here|there|back|(?:all\s+|now\s+)?(?:" + _DONE_PART + r"))\b)|(?:\w+s)\s+me\b)"
)
# what a bare "<x> is ..." must not be about for it to be a taste: a pronoun, a time, an event
_NOT_THING_EN = re.compile(
    r"^(?:it|this|that|he|she|they|there|what|which|who|where|when|how|why|today|tomorrow|tonight|"
    r"everything|everyone|nothing|something|one|(?:the|my|our|your)\s+(?:answer|reply|response|meeting|weather|call|flight|train|"
    r"plan|deadline|appointment|party|dinner|trip|boss|team|day|week)|i|you|we)$",
    re.I,
)


# a stance's object that only points back ("I love it there", "loved it over here"): no taste
_PRONOUN_OBJ_EN = re.compile(r"(?:it|them|that|this)(?:\s+(?:over\s+)?(?:here|there))?$", re.I)


# where a last clause of its own begins: a comma or a "but"
_LAST_CLAUSE_EN = re.compile(r"[,;]\s+(?:but\s+|and\s+|so\s+)?|\s+but\s+", re.I)
_DISCOURSE_EN = re.compile(
    r"^(?:(?:honestly|tbh|ngl|well|yeah|so|oh|man|god|seriously|personally),?\s+)+", re.I
)
_BETTER_EN = re.compile(
    r"^(?P<a>(?:[\w'\-]+\s+){0,2}?[\w'\-]+)\s+(?:is|are|'s)\s+(?:so\s+|way\s+|much\s+|so much\s+|far\s+)?"
    r"(?P<cmp>better|nicer|worse)\s+than\s+(?P<b>(?:[\w'\-]+\s+){0,2}?[\w'\-]+)(?=\s*(?:$|[,.;!]))",
    re.I,
)


# (a frame in Chinese may stand before the choice, its words in the other script: "weekend 还是 dim
# sum over brunch for me")
_OVER_EN = re.compile(
    r"^(?:give me\s+|I'd (?:pick|take|choose)\s+|[^,;.!?]*?[\u4e00-\u9fff]\s*(?=[A-Za-z]))?"
    r"(?P<a>(?:[\w'\-]+\s+){0,2}?[\w'\-]+)\s+over\s+"
    r"(?P<b>(?:[\w'\-]+\s+){0,2}?[\w'\-]+)\s+(?:any day|every time|anytime|any time|every day|for me)\b",
    re.I,
)


# "I'd take the ferry every single time", "I'd pick tea any day": a choice made whenever it is offered
_WOULD_PICK_EN = re.compile(
    r"^(?:I'd|I\s+would)\s+(?:always\s+)?(?:take|pick|choose|go for|have|order)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<a>(?:[\w'\-]+\s+){0,2}?[\w'\-]+)\s+(?:every\s+(?:single\s+)?time|any\s?day|any\s?time|in a heartbeat)\b",
    re.I,
)


# "I would much rather travel by train than fly", "I'd rather have tea than coffee": a choice of the first
_RATHER_EN = re.compile(
    r"\bI(?:'d|\s+would)\s+(?:much\s+|far\s+|way\s+|always\s+)?rather\s+(?:(?:travel|go)\s+by|have|eat|drink|"
    r"watch|play|listen to|read|take|do|go to|go for)?\s*(?:the\s+|a\s+|an\s+)?(?P<a>(?:[\w'\-]+\s+){0,2}?[\w'\-]+)\s+than\s+"
    r"(?:(?:travel|go)\s+by\s+|have\s+|eat\s+|drink\s+|watch\s+|take\s+|do\s+|go\s+to\s+)?(?:the\s+|a\s+|an\s+)?"
    r"(?P<b>(?:[\w'\-]+\s+){0,2}?[\w'\-]+)(?=\s*(?:$|[,.;!]))",
    re.I,
)

# one thing put above another by a verb of choosing or winning: "I much prefer the mountains to the
# beach", "a proper paperback beats a Kindle every time" (for the first, against the second)
_PREFER_TO_EN = re.compile(
    r"\bI\s+(?:(?:much|far|really|definitely|always|still|\w+ly)\s+)*prefer\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<a>(?:[\w'\-]+\s+){0,2}?[\w'\-]+)\s+to\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<b>(?:[\w'\-]+\s+){0,2}?[\w'\-]+)(?=\s*(?:$|[,.;!]|any day|every time|by (?:a )?miles?|for me))"
    r"|^(?:a\s+|an\s+|the\s+)?(?:(?:good|proper|decent|real|fresh|homemade|home-made)\s+)?"
    r"(?P<a2>(?:[\w'\-]+\s+){0,1}?[\w'\-]+)\s+(?:beats|trumps|wins over)\s+(?:a\s+|an\s+|the\s+)?"
    r"(?!(?:me|you|him|her|us|them|it)\b)(?P<b2>(?:[\w'\-]+\s+){0,1}?[\w'\-]+)(?=\s*(?:$|[,.;!]|any day|every time|hands down|by (?:a )?miles?|for me))",
    re.I,
)

# a thing allowed as fine, then another put above it: "Coffee's fine but tea is better", "Running
# is okay I guess, but swimming is so much nicer" (the second is the taste; the first stays unsaid)
_FINE_BUT_EN = re.compile(
    r"^(?P<b>(?:[\w\-]+\s+){0,2}?[\w\-]+)(?:'s|'re|\s+is|\s+are)\s+(?:fine|okay|ok|alright|all right|not bad|decent|"
    r"nice|good)\b(?:[,;]?\s*(?:I\s+guess|I\s+suppose|I\s+think|tbh|honestly|really|and all))?[,;]?\s*but\s+(?P<a>(?:[\w\-]+\s+){0,2}?[\w\-]+)(?:'s|'re|\s+is|\s+are)\s+"
    r"(?:so\s+|way\s+|much\s+|far\s+|so much\s+|even\s+|just\s+)?(?:better|nicer|the best)\b",
    re.I,
)


def _comparative_en(s: str, subject: str) -> list[Evidence]:
    """ "Tea is so much better than coffee", "Tea over coffee any day", "I'd rather have tea than
    coffee": for the first, against the second."""
    m = _RATHER_EN.search(s)
    if m and not _NOT_THING_EN.match(m.group("a")) and not s.rstrip().endswith("?"):
        return _pref(subject, m.group("a"), 0.9, "statement") + _pref(subject, m.group("b"), 0.1, "statement")
    m = _WOULD_PICK_EN.match(_DISCOURSE_EN.sub("", s.strip()))
    if m and not _NOT_THING_EN.match(m.group("a")) and not s.rstrip().endswith("?"):
        return _pref(subject, m.group("a"), 0.9, "statement")
    m = _PREFER_TO_EN.search(_DISCOURSE_EN.sub("", s.strip()))
    if m and not s.rstrip().endswith("?"):
        a, b = m.group("a") or m.group("a2"), m.group("b") or m.group("b2")
        if not _NOT_THING_EN.match(a):
            return _pref(subject, a, 0.9, "statement") + _pref(subject, b, 0.1, "statement")
    m = _OVER_EN.match(_DISCOURSE_EN.sub("", s.strip()))
    if m and not _NOT_THING_EN.match(m.group("a")):
        return _pref(subject, m.group("a"), 0.9, "statement") + _pref(subject, m.group("b"), 0.1, "statement")
    m = _FINE_BUT_EN.match(_DISCOURSE_EN.sub("", s.strip()))
    if m and not _NOT_THING_EN.match(m.group("a")) and not s.rstrip().endswith("?"):
        return _pref(subject, m.group("a"), 0.9, "statement")
    m = _BETTER_EN.match(_DISCOURSE_EN.sub("", s.strip()))
    if not m or _NOT_THING_EN.match(m.group("a")):
        return []
    up = m.group("cmp").lower() != "worse"
    return _pref(subject, m.group("a"), 0.9 if up else 0.1, "statement") + _pref(
        subject, m.group("b"), 0.1 if up else 0.9, "statement"
    )


def _generic_en(s: str, subject: str, meaning) -> list[Evidence]:
    s = _DISCOURSE_EN.sub("", s.strip())
    m = _GENERIC_EN.match(s.strip())
    if not m or s.rstrip().endswith("?") or _NOT_THING_EN.match(m.group("obj")):
        return []
    obj = m.group("obj")
    # a bare adjective of judgement says the sign itself ("the burger joint is underwhelming"); a
    # weak one says how a thing is, not a taste of it ("Mum's fine", "the flat is good for now")
    # (and a bare capitalised name is a person as often as a band: "Dev is brilliant" praises a person,
    # so the sign of a name is left to the embedder)
    said = re.match(_VERDICT_EN, s[m.end() :].lstrip(), re.I)
    # (nor a thing of someone else's: "His cooking is amazing" judges his cooking, no taste of the speaker)
    if re.fullmatch(r"[A-Z][a-z]+", obj) or re.match(r"(?:his|her|their|your|ur|its|\w+'s)\b", obj, re.I):
        said = None
    if said and (said.group("up") or "").lower() not in ("fine", "good", "nice", "not bad"):
        return _pref(subject, obj, 0.9 if said.group("up") else 0.1, "statement")
    if meaning is None:
        return []
    sign = meaning.polarity(s, margin=_GENERIC_MARGIN)
    return _pref(subject, obj, 0.9 if sign > 0 else 0.1, "statement") if sign else []


_GENERIC_MARGIN = 0.02  # a bare "<thing> is <predicate>" must lean clearly one way (e5 cosines sit close)


# a stance said with its "I" dropped at the head of a chat line ("Can't stand coriander", "Never
# cared for jazz", "Absolutely hate queues"); a bare "like" is left alone ("Like I said")
_DROPPED_I_EN = re.compile(
    r"^(?:(?:honestly|tbh|ngl|seriously|really|absolutely|totally|kinda|kind of|sort of|sorta|low-?key|genuinely|"
    r"secretly|just|still),?\s+)*(?=(?:never|don't|do not|can't stand|can't handle|can't stomach|used to|"
    r"cannot stand|hate|adore|love|loathe|despise|enjoy)\b(?!\s+(?:to|it|you|that|this)\b))",
    re.I,
)
# a stance in the progressive, at a line's head or after "I'm" ("Loving the new album", "I'm really
# enjoying it these days"): read as the simple stance
_PROGRESSIVE_STANCE_EN = re.compile(
    r"(?:\bI(?:'m|\s+am)\s+(?P<neg>not\s+)?|^)(?P<adv>(?:(?:really|so|totally|absolutely|honestly|properly|actually|kinda|just|still|now)\s+)*)"
    r"(?P<verb>loving|enjoying|hating|liking)\b(?!\s+(?:on|to)\b)",
    re.I,
)
_STANCE_STEM = {"loving": "love", "enjoying": "enjoy", "hating": "hate", "liking": "like"}
# what makes a stance in the progressive a mood of the moment, not a taste: a time of now, life or the
# weather, a person by name, a doubt before it ("I'm not sure I'm enjoying yoga")
_PASSING_EN = re.compile(
    r"\b(?:right now|today|tonight|at the moment|atm|this week)\b|\b(?:loving|enjoying|hating|liking)\s+"
    r"(?:(?:life|it all|every (?:minute|second)|the (?:idea|thought)|(?:this|the) (?:weather|sun|sunshine|rain|heat|cold))\b|(?-i:[A-Z][a-z]+\b))"
    r"|\b(?:not sure|don't know|dunno|wonder)\b",
    re.I,
)
# a "but" after a habit of before ("I used to love running but honestly I'm sick of it now"):
# the clause after it holds, and its "it" is the thing before
# (a comma does it too when the clause after it says "now": "Used to love sushi, can't stand it now")
_BUT_AFTER_BEFORE_EN = re.compile(
    r"\b(?:used to|never|once)\b[^,;]*?(?:,\s*)?\bbut\s+"
    r"|\bused to\b[^,;]*?[,;]\s*(?=[^,;.]*\b(?:now|anymore|any more|these days)\b)",
    re.I,
)

# a dislike of before turned by what one does with the thing now, no stance said: "I used to hate
# mushrooms, now I put them in everything", "used to hate running, these days I do it every morning"
_HABIT_NOW_EN = re.compile(
    r"^(?:now|these days|lately)\s+I\s+(?:(?:\w+ly|even|actually|basically|always)\s+)*"
    r"(?!(?:don't|didn't|never|can't|won't|avoid|skip|refuse|hate|still|miss)\b)[a-z]+\s+(?:it|them)\b"
    # (or has some now: "used to hate dogs, now she's got two")
    r"|^(?:now|these days)\s+I(?:'ve|\s+have)\s+(?:got\s+)?(?:one|two|three|four|five|a|an|\d+|loads|lots|several)\b",
    re.I,
)
_TURNED_NO_I_EN = re.compile(
    r"^(?:(?:honestly|tbh|ngl|really|totally|kinda|just),?\s+)*"
    r"(?=(?:can't stand|cannot stand|can't handle|hate|adore|love|loathe|despise|enjoy)\b)",
    re.I,
)


_SWAPPED_TO_EN = re.compile(
    r"[,;]\s*(?:so\s+|and\s+)?(?:I(?:'ve|\s+have)?\s+)?(?:just\s+)?(?:switched|changed)\s+(?:over\s+)?to\s+"
    r"(?P<obj>(?!(?:a|an|the|my|our|his|her|their|night|nights|days|part)\b)[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)"
    r"(?=\s*(?:$|[,.;!]|instead\b|now\b))"
    # "I've gone off coffee, tea only now", "..., just tea these days": the one thing left is liked
    r"|[,;]\s*(?:just\s+|only\s+)?(?P<obj2>(?!(?:it|that|this|one)\b)[a-z][\w\-]*)\s+only(?:\s+(?:now|these days))?(?=\s*(?:$|[,.;!]))"
    r"|[,;]\s*(?:just|only)\s+(?P<obj3>(?!(?:it|that|this|one)\b)[a-z][\w\-]*)\s+(?:now|these days)(?=\s*(?:$|[,.;!]))",
    re.I,
)
# "I never say no to a good curry", "can't resist a decent flat white": a refusal denied is a taste
# (the occasion after it too: "I can never resist a cinnamon bun when I walk past the bakery")
_NEVER_REFUSE_EN = re.compile(
    r"\b(?:never|can't|cannot|can never|won't ever)\s+(?:say no to|turn down|pass up|resist|refuse)\s+"
    r"(?:(?:a|an|the|some|any)\s+)?(?:(?:good|nice|decent|proper|great|fresh|cold|hot)\s+)?"
    r"(?P<obj>(?!(?:it|them|that|this|you|him|her|an?)\b)[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)"
    r"(?=\s*(?:$|[,.;!]|(?:when|whenever|if|on my way|at the)\b|" + _WHEN_ADJUNCT_EN + r"))",
    re.I,
)
# a habit of one's own, then praised by a noun phrase set after it ("Every Sunday I go for a long swim
# in the lido, best part of my week", "I have a hot bath every night, highlight of my day"): the act is liked
_HABIT_PRAISED_EN = re.compile(
    r"\bI\s+(?:(?:always|usually|normally|still|often)\s+)?(?:go for|have|do|get|grab|take)\s+(?:a|an|my)\s+"
    r"(?:(?:long|quick|short|big|hot|cold|early|proper|little|lazy|slow)\s+)?(?P<obj>[a-z][\w\-]*)\b[^,;.?]*[,;]\s*"
    r"(?:(?:honestly|easily|genuinely|literally|hands down)\s+)?(?:the\s+)?"
    r"(?:best (?:part|bit) of my (?:day|week|weekend|morning|evening)|highlight of my (?:day|week|weekend)|"
    r"my happy place|my favou?rite (?:part|bit|thing) of (?:the|my) (?:day|week))\b",
    re.I,
)
# a thing tried, then the state of liking it left one in, in a clause of its own ("tried padel for the
# first time, totally hooked", "went to the climbing wall last night and I'm obsessed")
_TRIED_HOOKED_EN = re.compile(
    r"^(?:(?:finally|just|so)\s+)?(?:I\s+)?(?:finally\s+|just\s+)?(?:tried|did|went to)\s+(?:the\s+|some\s+|a\s+)?"
    r"(?P<obj>(?!(?:it|this|that|them|out|him|her)\b)[a-z][\w\-]*(?:\s+(?!for\b|last\b|yesterday\b|today\b|at\b|with\b)[a-z][\w\-]*)?)"
    r"[^,;.!?]*(?:[,;.!]\s*|\s+and\s+)(?:(?:and|now|honestly|tbh)\s+)?(?:I'm\s+|I\s+am\s+)?(?:(?:totally|so|completely|well|now)\s+)*"
    r"(?P<up>hooked|obsessed|addicted|a convert|in love)(?=\s*(?:$|[,.;!]|now\b|lol\b|tbh\b|already\b))",
    re.I,
)
# a thing tried, then judged in a later clause by a pronoun that points back to it ("Finally tried the
# oat milk you recommended, and wow, it's gorgeous in coffee", "Gave that true crime podcast three
# episodes, just couldn't get into it", "watched the new Pixar film, loved it"): the judgement is of it
_TRIED_THEN_EN = re.compile(
    r"^(?:I\s+)?(?:(?:finally|just|eventually|at last)\s+)?(?:tried|tasted|watched|read|gave|had|tested|listened to|went to)\s+"
    r"(?:the|that|this|those|these|your|ur|a|an)\s+(?:(?:new|latest)\s+)?"
    r"(?P<obj>[a-z][\w\-]*(?:\s+(?!(?:you|u|he|she|they|we|i|a|an|the|on|at|in|last|yesterday|three|two|four|five|a)\b)[a-z][\w\-]*){0,2})"
    r"(?:\s+(?:you|u|she|he|they|[A-Z][a-z]+)\s+(?:recommended|suggested|mentioned|told me about|sent|raved about|"
    r"loves|likes|swears by|raves about|is obsessed with))?"
    r"(?:\s+(?:a go|a try|a shot|a chance|(?:\w+\s+)?(?:episodes|chapters|goes|tries)))?"
    r"(?:\s+(?:last night|yesterday|at the weekend|this morning|on (?:mon|tues|wednes|thurs|fri|satur|sun)day))?"
    r"(?:[,;]|\s+[-–—])\s+(?:(?:and|but|so|wow|honestly|tbh|ngl|omg|oh|yeah|well|just|sadly|really|genuinely)[,!]?\s+)*"
    r"(?:(?:it's|it is|it was|they're|they are|they were)\s+(?P<rest>[^.;!?]+)"
    # (or the verdict alone: "tried the ramen place Jo loves - meh")
    r"|(?P<bare>meh|mid|not great|nothing special|overrated|underwhelming|disappointing|amazing|incredible|"
    r"brilliant|delicious|so good|10/10)(?=\s*(?:$|[.!,;]|tbh|honestly|lol))"
    r"|(?P<neg>(?:couldn't|could not|can't|never|didn't|did not)\s+(?:really\s+)?get into (?:it|them)|"
    r"(?:it|they)\s+(?:wasn't|weren't|isn't|aren't)\s+(?:really\s+)?for me|not for me)"
    r"|(?:I\s+)?(?:(?:absolutely|really|totally|genuinely|actually|properly)\s+)?(?P<verb>loved|liked|enjoyed|adored|hated|disliked|loathed)\s+(?:it|them)\b)",
    re.I,
)
# a judgement said by a bare adjective after "it's" (a degree word may come before it): for the thing
# ("great", "gorgeous") or against it ("awful", "overrated")
_VERDICT_EN = (
    r"(?:(?:actually|really|pretty|quite|so|honestly|kinda|absolutely|just)\s+)*"
    r"(?:(?P<up>great|good|brilliant|fine|nice|amazing|not bad|fun|lovely|perfect|gorgeous|delicious|"
    r"incredible|fantastic|superb|addictive)|"
    r"(?P<down>awful|terrible|bad|horrible|annoying|rubbish|overrated|useless|disgusting|gross|bland|"
    # (not "a no-go", which calls a plan off: "the barbecue is a no-go, rain all weekend")
    r"disappointing|underwhelming|a\s+(?:hard|firm|big)\s+no(?!-)))\b"
)
# "changed my mind about the open plan office, it's actually great": the judgement after it is the taste now
_MIND_CHANGED_EN = re.compile(
    r"\bchanged my mind (?:about|on)\s+(?:the\s+|my\s+)?(?P<obj>[a-z][\w\- ]{1,40}?)\s*[,;]\s*(?:and\s+|now\s+)?"
    r"(?:it's|it is|they're|they are)\s+" + _VERDICT_EN,
    re.I,
)
# "I'm a huge Arsenal fan", "I'm not a big jazz fan": the thing before "fan" is the taste
_NAME_FAN_EN = re.compile(
    r"\bI(?:'m| am)\s+(?P<neg>not\s+)?(?:really\s+)?(?:a|an)\s+(?:(?:huge|big|massive|die-?hard|lifelong|real|total|proper)\s+)?"
    r"(?P<obj>[A-Za-z][\w\-]*(?:\s+[A-Za-z][\w\-]*)?)\s+fan\b(?!\s+of\b)",
    re.I,
)


# a thing one will not go near ("Theo won't touch broccoli"): a dislike, said by the refusal of it
_WONT_TOUCH_EN = re.compile(
    r"\bI\s+(?:won't|will not|wouldn't|would never|refuse to|never)\s+(?:even\s+)?(?:touch|go near)\s+"
    r"(?:the\s+|any\s+)?(?P<obj>(?!(?:it|them|that|this|you|him|her|me|a|an)\b)[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)"
    r"(?=\s*(?:$|[,.;!]|again\b|anymore\b))",
    re.I,
)
# a thing one needs every day or never misses: "Can't start the day without an espresso", "I go to
# the market every Sunday, wouldn't miss it": a liking said through a habit
# what one does or where one is by habit, and the words that say it never lapses
_HABIT_ACT_EN = r"go to|go|play|do|watch|visit|hit|'m at|am at|'m down at|am down at"
# an act that is its own thing, done by habit ("I swim every morning without fail": swimming)
_HABIT_SELF_EN = r"swim|run|jog|cycle|walk|dance|skate|surf|climb|row|paint|sing|bake|cook|knit|garden"
_DEVOTION_EN = (
    r"(?:I\s+)?(?:wouldn't|would never|never|won't)\s+miss\s+(?:it|them|one|a week)\b|(?:come\s+)?rain or shine\b|"
    r"without fail\b|religiously\b|no matter what\b"
)
# the verb of ordering a dish, and the dish (a few words, not a pronoun)
# ("get" and "have" only of "the" dish where one goes to eat: not "I always get the bus", "I get a headache")
_ORDER_EN = r"(?:order|go for|pick|choose)\s+(?:the\s+|a\s+|an\s+|their\s+)?"
_EAT_OUT_EN = r"(?:go|eat|are|get)\s+(?:to|at|out|in|a\s+takeaway|takeaway)"
_DISH_EN = r"(?!(?:it|them|that|this|one|same)\b)[a-z][\w'\-]*(?:\s+[a-z][\w'\-]*){0,3}?"
_CANT_WITHOUT_EN = re.compile(
    r"^(?:I\s+)?(?:can't|cannot|couldn't|can never)\s+(?:start|begin|get through|face|survive|live|function|go a day)"
    r"(?:\s+(?:my|the|a)\s+(?:day|morning|week|weekend))?\s+without\s+(?:a|an|my|the|some|at least one)?\s*"
    r"(?:(?:double|good|strong|big|cold|hot|fresh|proper|decent|nice)\s+)?"
    r"(?P<obj>(?!(?:it|them|that|this|you|him|her|me)\b)[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)(?=\s*(?:$|[,.;!]|\W))"
    # a habit kept with devotion: the act and its time either way round, then a word that it never
    # lapses ("I go to the market every Sunday, wouldn't miss it", "Every Saturday I'm at parkrun, rain
    # or shine", "I swim every morning without fail")
    rf"|^I(?:\s+|(?='))(?:{_HABIT_ACT_EN})\s+(?:the\s+)?(?P<obj2>[\w'\-]+(?:\s+[\w'\-]+){{0,2}}?)\s+"
    rf"(?:every|each)\s+\w+[^,;.]*[,;]?\s*(?:{_DEVOTION_EN})"
    rf"|^(?:every|each)\s+\w+(?:\s+(?:morning|evening|night|afternoon))?,?\s+I(?:\s+|(?='))(?:{_HABIT_ACT_EN})\s+(?:the\s+)?"
    rf"(?P<obj3>[\w'\-]+(?:\s+[\w'\-]+){{0,2}}?)\s*[,;]?\s*(?:{_DEVOTION_EN})"
    # (a measure of the act between: "I swim forty lengths every morning, wouldn't miss it")
    rf"|^I\s+(?P<act>{_HABIT_SELF_EN})\s+(?:(?!every\b|each\b)[\w\-]+\s+){{0,3}}?(?:every|each)\s+\w+[^,;.]*[,;]?\s*"
    rf"(?:{_DEVOTION_EN})"
    # the same dish ordered whenever one is out: "Every time we go to Nando's I get the halloumi wrap",
    # "I always order the pad thai", "I get the pad thai every single time"
    rf"|^(?:(?:every|each)\s+time|whenever)\s+(?:I|we)\s+(?:{_EAT_OUT_EN}\b[^,;.]{{0,40}}?,?\s+I\s+(?:always\s+)?"
    rf"(?:get|have)\s+the\s+|[^,;.]{{1,40}}?,?\s+I\s+(?:always\s+)?{_ORDER_EN})"
    rf"(?P<obj4>{_DISH_EN})(?=\s*(?:$|[,.;!]|at\b|from\b))"
    rf"|^I\s+(?:always|invariably)\s+{_ORDER_EN}(?P<obj5>{_DISH_EN})(?=\s*(?:$|[,.;!]|at\b|from\b|when\b))"
    rf"|^I\s+{_ORDER_EN}(?P<obj6>{_DISH_EN})\s+(?:every\s+(?:single\s+)?time|without fail)\b",
    re.I,
)


def _gerund(verb: str) -> str:
    """The -ing form of a verb: swim -> swimming, cycle -> cycling, walk -> walking."""
    if re.fullmatch(r"[^aeiou]*[aeiou][^aeiouwxy]", verb):
        return verb + verb[-1] + "ing"
    return (verb[:-1] if verb.endswith("e") and not verb.endswith("ee") else verb) + "ing"


# a chat cry or an aside at a line's head says no more than the stance after it: "omg obsessed with
# ramen", "ooh love a good curry", "Honestly podcasts put me to sleep", "tbh not big on seafood"
_CHAT_OPENER_EN = re.compile(
    r"^(?:(?:omg|omfg|ooh+|wow|ngl|tbh|honestly|to be honest|seriously|personally|eh|meh|ugh)[,!.]*\s+"
    # (or an "ok" giving in, before lower case: "ok beer is actually growing on me"; not "OK Computer")
    r"|(?:ok|okay)(?:\s+fine)?[,!.]*\s+(?=(?-i:[a-z])))+(?=[a-z])",
    re.I,
)


# a stance begun ("I've started loving tea", "started to like olives"): the stance, now
_STANCE_BEGUN_EN = re.compile(
    r"\b(?:I(?:'ve|\s+have)?\s+)?(?:(?:\w+ly|kinda|actually|even)\s+)*(?:started|begun|begin|beginning|starting)\s+"
    r"(?:to\s+(?P<a>love|like|enjoy|hate|adore|dislike)|(?P<b>lov|lik|enjoy|hat|ador|dislik)ing)\b",
    re.I,
)
# a coldness of before, turned ("I was never into jazz but that gig changed my mind", "I wasn't a fan
# of Taylor Swift until recently"): a liking now
_COLD_BEFORE_EN = re.compile(
    r"\bI\s+(?:was(?:n't|\s+not|\s+never)|never\s+used\s+to\s+be|used\s+to\s+not\s+be)\s+(?:really\s+|that\s+|much\s+)?"
    r"(?:into|a\s+(?:big\s+|huge\s+)?fan\s+of|keen\s+on|big\s+on)\s+"
    r"(?P<obj>(?!(?:it|them|him|her|that|this|you)\b)[\w\-]+(?:\s+(?!until\b|till\b|but\b)[\w\-]+)?)\s*,?\s+(?:until|till|but)\b",
    re.I,
)
# done with a thing ("honestly over pickleball now", "I'm so over brunch already")
_OVER_IT_EN = re.compile(
    r"(?:^|\bI(?:'m|\s+am)\s+)(?:(?:so|totally|honestly|kinda|officially|completely|well|just)\s+)*over\s+"
    r"(?P<obj>(?!(?:it|them|him|her|that|this|you|the\s+moon)\b)[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)\s+"
    r"(?:now|already|tbh|honestly|lol|at this point)\b",
    re.I,
)
# a mind changed, then the verdict on the thing by its name ("ok I've changed my mind, horror films
# are actually great")
_MIND_CHANGED_THEN_EN = re.compile(
    r"\bchanged my mind\s*[,;.!]\s*(?P<obj>[a-z][\w\- ]{1,30}?)\s+(?:are|is|'s|'re)\s+" + _VERDICT_EN, re.I
)
# a thing that made one gag before, and now ("Mushrooms used to make me gag, now I put them in everything")
_GAGGED_BEFORE_EN = re.compile(
    r"^(?P<obj>[A-Za-z][\w\-]*(?:\s+[a-z][\w\-]*)?)\s+used\s+to\s+(?:make\s+me\s+(?:gag|sick|feel\s+sick|retch|shudder)|"
    r"gross\s+me\s+out|disgust\s+me|scare\s+me|bore\s+me)\b[^.;]*?[,;]\s*(?:but\s+)?now\b(?![^.;]*\b(?:still|hate|can't)\b)",
    re.I,
)


def _prefs_en(s: str, subject: str, offered: str, meaning=None) -> list[Evidence]:
    s = IDIOMS.sub(" ", s.replace("’", "'"))  # "I could eat a horse": hunger, no taste
    s = _CHAT_OPENER_EN.sub("", s)
    if not s.rstrip().endswith("?"):
        for pattern, score in ((_COLD_BEFORE_EN, 0.9), (_OVER_IT_EN, 0.1), (_GAGGED_BEFORE_EN, 0.85)):
            m = pattern.search(s)
            if m:
                return _pref(subject, m.group("obj"), score, "change")
        m = _MIND_CHANGED_THEN_EN.search(s)
        if m:
            return _pref(subject, m.group("obj"), 0.9 if m.group("up") else 0.1, "change")
    s = _STANCE_BEGUN_EN.sub(
        lambda m: (
            "I now " + (m.group("a") or m.group("b") + ("" if m.group("b").lower() == "enjoy" else "e"))
        ),
        s,
    )
    if not _PASSING_EN.search(s):  # ("Loving life right now", "hating Tom today": a mood, no taste)
        s = _PROGRESSIVE_STANCE_EN.sub(
            # ("I'm not enjoying the gym at all": the stance denied)
            lambda m: (
                "I "
                + ("don't " if m.group("neg") else "")
                + (m.group("adv") or "")
                + _STANCE_STEM[m.group("verb").lower()]
            ),
            s,
        )
    s = _DROPPED_I_EN.sub("I ", s, count=1)
    # "love sushi but can't stand curry", "used to love Marvel films, can't bear them anymore": a
    # second stance with its "I" dropped too, after "but" or a comma (no bare "love" after a comma:
    # "cheers, love")
    s = (
        re.sub(
            r"(?i)(?:(?<=\bbut )|(?<=[,;] ))(?=(?:can't|cannot|can not)\s+(?:stand|bear|stomach|handle)\b"
            r"|(?:hate|loathe|despise|adore|detest)\s+(?!(?:to|you|ya|u|that|this)\b)\w"
            r"|(?<=but )(?:really\s+)?(?:love|like|enjoy)\s+(?!(?:to|you|ya|u|that|this|it)\b)\w)",
            "I ",
            s,
        )
        if re.match(r"\s*I\b", s)
        else s
    )
    # "I've totally gone off camping": an adverb between the auxiliary and its participle is left out
    s = re.sub(
        r"\b(I(?:'ve|\s+have))\s+(?:(?:totally|completely|really|kinda|kind of|sort of|actually|finally|"
        r"slowly|just|\w+ly)\s+)+(?=(?:gone|come|started|begun|grown)\b)",
        r"\1 ",
        s,
    )
    # "I am totally hooked on chess": a stance said as a state, read as "I'm hooked on chess" (its
    # "I'm" dropped at the head of a chat line too: "Totally hooked on 煎饼 from the stall")
    s = re.sub(
        r"(?:\bI(?:'m|\s+am)\s+|^(?=(?:(?:totally|completely|really|so|kinda|absolutely|lowkey|low-key|\w+ly)\s+)*"
        r"(?:obsessed with|hooked on|addicted to|crazy about|mad about|nuts about)\b))"
        r"(?:(?:totally|completely|really|so|kinda|kind of|absolutely|lowkey|low-key|\w+ly)\s+)*"
        r"(?=(?:obsessed|hooked|addicted|crazy|mad|nuts|keen|fond)\b)",
        "I'm ",
        s,
    )
    low = s.lower()
    out: list[Evidence] = []
    change = re.search(r"\b(?:used to|now|anymore|lately|these days|come round|gone off|started)\b", low)
    kind = "change" if change else "statement"
    # "I used to hate running but now I kind of love it": the clause with "now" holds
    parts = re.split(r"(?:\bbut\s+|[,;]\s*(?:but\s+)?)(?=now\b|these days\b|lately\b)", s, flags=re.I)
    turn = _BUT_AFTER_BEFORE_EN.search(s)
    if len(parts) == 1 and turn:
        parts = [s[: turn.end()], s[turn.end() :]]
    # (the turned clause may drop its "I" as the line's head did: "..., but can't stand it now")
    # (where its "it" is the thing before, which a line's head "Love it!" is not)
    clause = _TURNED_NO_I_EN.sub("I ", parts[-1].lstrip(), count=1) if len(parts) > 1 else parts[-1]
    if re.search(r"\bI\b", clause):
        # "lately I drink it every morning and love it": the stance verb shares the clause's I
        clause = re.sub(
            r"\b(and|so)\s+(?=(?:really\s+|actually\s+)?(?:love|like|enjoy|adore|hate|prefer)\b)",
            r"\1 I ",
            clause,
        )
    obj_before = ""
    if len(parts) > 1:
        m = _STANCE_EN.search(parts[0])
        obj_before = m.group("obj") if m else ""
    # "I never liked jazz but it's grown on me", "I used to love running, but now it bores me":
    # what was said of it before, turned by the clause after "but"
    m = _TURNED_EN.search(s)
    if m:
        before = _STANCE_EN.search(s[: m.start()])
        if (
            before
            # (or a stance in the past tense: "I hated gin until I tried a proper one, now I'm hooked")
            and re.search(
                r"\b(?:used to|never|didn't|did not|hated|loved|liked|disliked|detested|couldn't stand)\b",
                s[: m.start()],
                re.I,
            )
            and before.group("obj").lower() not in ("it", "them", "that", "this", "him", "her")
        ):
            up = bool(m.group("up"))
            if m.group("flip"):  # "..., but this album changed my mind": the other way from before
                negated = re.search(r"\b(?:never|didn't|did not|don't)\b", s[: before.start("verb")], re.I)
                up = bool(re.match(_DISLIKE_EN, before.group("verb").lower())) != bool(negated)
            return _pref(subject, before.group("obj"), 0.9 if up else 0.1, "change")
    if obj_before and not _STANCE_EN.search(clause) and _HABIT_NOW_EN.match(clause.lstrip()):
        before = _STANCE_EN.search(parts[0])
        if re.search(r"\bused to\s+$", parts[0][: before.start("verb")], re.I) and re.match(
            _DISLIKE_EN, before.group("verb").lower()
        ):
            return _pref(subject, obj_before, 0.85, "change")
    for m in _STANCE_EN.finditer(clause):
        verb = m.group("verb").lower()
        obj = m.group("obj")
        more = _LIST_TAIL_EN.match(clause, m.end("obj"))
        if more and (listed_en(obj + more.group()) or one_thing_en(obj + more.group())):
            obj += more.group()  # "love sushi and ramen but ...", "love rhythm and blues": the list or pair
        if _PRONOUN_OBJ_EN.match(obj) and obj_before:
            obj = obj_before
        if _PRONOUN_OBJ_EN.match(obj) or obj.lower() in ("you", "to", "a", "the", "out", "myself"):
            continue
        if names_a_person(clause, m.start("obj"), m.end("obj")):
            continue  # "I really like my colleague Priya": a person one knows, no taste
        if NOT_A_KIND.match(clause[m.start("obj") :]):  # "I love how you think", "I enjoy every minute"
            continue
        if re.search(r"\b(?:sick|tired|bored|fed up)\b", verb) and re.match(
            r"(?:all\s+)?(?:this|these)\b|(?:waiting|being|pretending|trying|explaining|asking|hearing|saying|telling|"
            r"repeating|arguing|hoping|feeling)\b",
            obj,
            re.I,
        ):
            # "I'm so tired of this weather", "sick of these delays", "tired of waiting for Tom": the
            # moment's complaint, no taste
            continue
        obj = re.sub(r"\s+(?:completely|totally|entirely|altogether|forever)$", "", obj, flags=re.I)
        # "partial to a bit of cheese": the thing, not the measure of it
        obj = re.sub(
            r"^(?:a\s+)?(?:bit|lot|little|spot|slice|glass|cup|pint|bowl|plate|piece)\s+of\s+",
            "",
            obj,
            flags=re.I,
        )
        # "loves anything with matcha": the thing it is made with
        obj = re.sub(
            r"^(?:anything|everything|something|stuff)\s+(?:with|made (?:with|of|from)|containing)\s+",
            "",
            obj,
        )
        negative = bool(re.match(_DISLIKE_EN, verb)) and verb != "find"
        if verb.startswith("care") and not re.search(
            r"\b(?:don't|do not|never|didn't)\b", clause[: m.start("verb")], re.I
        ):
            continue  # "I care for my mum": care, not taste; only "never cared for X" is one
        if verb == "find":
            rest = clause[m.end() :]
            if not _NEGATIVE_FIND.search(rest[:40]):
                continue
            negative = True
        if re.search(
            r"\b(?:don't|do not|never|no longer|not)\s+(?:really\s+)?$",
            clause[: m.start("verb")].lower()[-20:],
        ):
            negative = not negative
        if re.match(r"\s*(?:until|till)\b", clause[m.end("obj") :], re.I) and (
            re.match(r"(?:e?d)\b", clause[m.end("verb") :])
            or re.search(
                r"\b(?:never|didn't|did not|couldn't|could not)\s+(?:really\s+)?$",
                clause[: m.start("verb")],
                re.I,
            )
        ):
            # "I hated olives until I went to Greece", "I loved coffee until I got ill": a stance of
            # before that held only until then - the other way now
            out += _pref(subject, obj, 0.9 if negative else 0.1, "change")
            continue
        if (
            len(parts) == 1
            and re.search(r"\bused to\s+(?:really\s+)?$", clause[: m.start("verb")], re.I)
            and not re.search(r"\b(?:still|and do|now|these days|again)\b", clause[m.end("obj") :], re.I)
        ):
            # "I used to love jazz", no turn said: a stance of before, so not the one now
            out += _pref(subject, obj, 0.9 if negative else 0.1, "change")
            continue
        out += _pref(subject, obj, 0.1 if negative else 0.9, kind)
    if out and all(e.score < 0.5 for e in out):
        # "I'm so over coffee, switched to tea": what the disliked thing was swapped for is liked now
        m = _SWAPPED_TO_EN.search(s)
        if m:
            out = [Evidence(e.layer, e.subject, e.key, e.value, e.score, "change") for e in out]
            out += _pref(subject, m.group("obj") or m.group("obj2") or m.group("obj3"), 0.9, "change")
    if out:
        return out
    m = _NEVER_REFUSE_EN.search(s)
    if m:
        return _pref(subject, m.group("obj"), 0.9, "statement")
    m = _HABIT_PRAISED_EN.search(s)
    if m and not s.rstrip().endswith("?"):
        return _pref(subject, m.group("obj"), 0.9, "statement")
    m = _TRIED_THEN_EN.search(s)
    if m and not s.rstrip().endswith("?") and not _NOT_THING_EN.match(m.group("obj")):
        if m.group("neg"):
            return _pref(subject, m.group("obj"), 0.1, "statement")
        if m.group("bare"):
            down = re.match(
                r"meh|mid|not great|nothing special|overrated|underwhelming|disappointing",
                m.group("bare"),
                re.I,
            )
            return _pref(subject, m.group("obj"), 0.1 if down else 0.9, "statement")
        if m.group("verb"):
            up = m.group("verb").lower() in ("loved", "liked", "enjoyed", "adored")
            return _pref(subject, m.group("obj"), 0.9 if up else 0.1, "statement")
        said = re.match(_VERDICT_EN, m.group("rest"), re.I)
        if said:
            return _pref(subject, m.group("obj"), 0.9 if said.group("up") else 0.1, "statement")
        if meaning is not None:
            return _generic_en(f"{m.group('obj')} is {m.group('rest')}", subject, meaning)
    m = _MIND_CHANGED_EN.search(s)
    if m:
        return _pref(subject, m.group("obj"), 0.9 if m.group("up") else 0.1, "change")
    m = _NAME_FAN_EN.search(s)
    if m and m.group("obj").lower() not in ("huge", "big", "massive", "real", "total", "proper", "lifelong"):
        return _pref(subject, m.group("obj"), 0.1 if m.group("neg") else 0.9, "statement")
    m = _NOT_INTO_EN.search(s) or _FRONTED_NO_INTEREST_EN.search(s)
    if m:
        return _pref(subject, m.group("obj"), 0.1, "statement")
    # "pass, raw fish isn't for me": an answer word at the head, then the thing judged
    m = (
        _IMPLICIT_EN.search(s)
        or _IMPLICIT_EN.search(_ANSWER_HEAD_EN.sub("", s, count=1))
        # "Eh, burgers aren't really my thing", "ok don't laugh but oysters are my new favourite":
        # the judgement is the last clause's, after a comma or a "but"
        or _IMPLICIT_EN.search(_LAST_CLAUSE_EN.split(s.strip())[-1])
    )
    # (nor a thing of someone else's, judged: "His cooking is amazing" praises his, it is no taste for
    # cooking; "your flat is tiny")
    if (
        m
        and not re.match(
            r"(?:it|this|that|he|she|they|there|what|which|his|her|their|your)\b", m.group("obj"), re.I
        )
        # ("Tom is vile", "Paul is revolting": a person named, judged, is no taste)
        and not (re.search(r"vile|revolting", m.group("pred"), re.I) and m.group("obj")[:1].isupper())
        # (nor a person's contracted 's: "Mum's the best", "Sarah's amazing"; "golf's not for me" is a thing's)
        and not (
            m.group("pred").startswith("'s")
            and (m.group("obj")[:1].isupper() or m.group("obj").lower() == "life")
        )
        and not (
            # (a taste said of one serving is no taste of the food: "my tea tastes like dishwater")
            re.match(r"tastes?\b", m.group("pred"), re.I)
            and re.match(r"(?:my|the|this|that)\b", m.group("obj"), re.I)
        )
    ):
        positive = re.search(
            r"happy place|the best|favou?rite|amazing|life|my jam|my thing$|happy|calm|me up\b|relax|grow|passion|obsession",
            m.group("pred"),
            re.I,
        )
        obj = re.split(r"\s+(?:on|with|to)\s+", m.group("obj"))[0]
        # a charm lost, a thing gone stale: a change of mind
        lost = re.search(r"\blost\b|\b(?:gone|got|gotten|become)\b", m.group("pred"), re.I)
        return _pref(
            subject,
            obj,
            0.9 if positive and not re.search(r"not|n't", m.group("pred")) else 0.1,
            "change" if lost else "statement",
        )
    m = _PERSON_EN.search(s)
    if m and m.group("obj").lower() not in ("people", "nice", "good", "bad", "different", "real", "normal"):
        return _pref(subject, m.group("obj"), 0.1 if m.group("neg") else 0.9, "statement")
    m = _TRIED_HOOKED_EN.search(s.strip())
    if m:
        return _pref(subject, m.group("obj"), 0.9, "statement")
    m = _THEN_STANCE_EN.search(s)
    if m:
        liked = bool(m.group("hooked")) or m.group("verb").lower() in ("love", "adore", "like", "enjoy")
        return _pref(subject, m.group("obj"), 0.9 if liked else 0.1, "statement")
    m = _NOTHING_BEATS.search(s) or _THINKS.search(s)
    if m:
        positive = "pred" not in m.groupdict() or m.group("pred").lower() in ("great", "amazing")
        return _pref(subject, m.group("obj"), 0.9 if positive else 0.1, "statement")
    m = _WONT_TOUCH_EN.search(s)
    if m and not s.rstrip().endswith("?"):
        return _pref(subject, m.group("obj"), 0.1, "statement")
    m = _CANT_WITHOUT_EN.search(s.strip())
    if m and not s.rstrip().endswith("?"):
        thing = next((g for g in (m.group(f"obj{n}") for n in ("", 2, 3, 4, 5, 6)) if g), None) or _gerund(
            m.group("act")
        )
        return _pref(subject, thing, 0.9, "statement")
    m = _NEVER_AGAIN_EN.search(s)
    if m:  # "I'll never eat oysters again": a thing had, sworn off
        return _pref(subject, m.group("obj") or m.group("obj2"), 0.1, "change")
    m = _ABSTAIN_EN.search(s.strip())
    if m and not s.rstrip().endswith("?"):  # "No cake for me today", "trying to cut down on sugar"
        return _pref(subject, m.group("obj") or m.group("obj2"), 0.0, "refusal")
    m = _AVOID_EN.search(s.strip())
    if m and not s.rstrip().endswith("?"):
        return _pref(subject, m.group("obj") or m.group("obj2"), 0.2, "statement")
    m = _WISHED_GIFT_EN.search(s.strip())
    if m:
        return _pref(subject, m.group("obj"), 0.8, "statement")
    m = _REFUSE_EN.search(s)
    if m and re.search(r"\b(?:again|this time|anymore|any more|no more|ever)\b", low):
        # "don't book X again": a taste refused; a bare "don't book X" calls a task off
        return _pref(subject, m.group("obj"), 0.0, "refusal")
    again = _AGAIN_EN.search(s)
    if again and (_NEG_ANSWER_EN.search(s) or re.search(r"\b(?:no thanks|nah|pass)\b", low)):
        return _pref(subject, again.group("obj"), 0.0, "refusal")
    if offered and _NEG_ANSWER_EN.search(s):
        return _pref(subject, offered, 0.0, "refusal")
    if offered and _POS_ANSWER_EN.search(s):
        return _pref(subject, offered, 1.0, "acceptance")
    out = _comparative_en(s, subject)
    if not out:
        return _generic_en(s, subject, meaning)
    return out


_NEWS_EN = re.compile(
    r"\b(?:now|since|moved|switched|swapped|joined|left|quit|transferred|relocated|settled)\b", re.I
)
_SLOT_EN = re.compile(
    rf"\b(?:to|in|at|for|with|joined|started at)\s+(?:a\s+[a-z\- ]+?\s+(?:called|named)\s+)?(?P<v>{_CAP})"
)


def _generic_facts_en(s: str, subject: str, meaning) -> list[Evidence]:
    """News whose verb the patterns do not know ("I'm with Monzo now"): a change marker and a
    named slot, the key read by the embedder."""
    if s.rstrip().endswith("?") or not _NEWS_EN.search(s) or _FUTURE_EN.search(s):
        return []
    slots = [m.group("v") for m in _SLOT_EN.finditer(s)]
    slots = [
        v
        for v in slots
        if v not in ("I", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
    ]
    if not slots:
        return []
    key = meaning.fact_key(s, allowed=("employer", "school", "residence"))
    if not key:
        return []
    value = _clean_np(slots[-1])
    return [Evidence("fact", subject, key, value, 0.5, "change")]


_LOVED_BY_EN = re.compile(
    r"\b(?:the|that|this)\s+(?P<thing>[a-z][a-z\-]*(?:\s+[a-z][a-z\-]*){0,2}?)\s+"
    rf"(?P<who>(?!{DAY_OR_MONTH_EN})[A-Z][a-z]+)\s+"
    r"(?:loves|adores|is obsessed with|raves about|swears by|is mad about)\b"
)


def extract_en(s: str, subject: str, offered: str = "", meaning=None) -> list[Evidence]:
    """Facts and preferences of an English first-person sentence ``s`` said by ``subject``;
    ``offered`` is what the message it answers offered, if anything; ``meaning`` (a
    :class:`~autogen_zettel.people.key_meaning.Meaning`) reads what the patterns cannot."""
    facts = _facts_en(s, subject)
    if not facts and meaning is not None:
        facts = _generic_facts_en(s, subject, meaning)
    # "tried the ramen place Jo loves": a thing named by whom it is loved by is that person's taste
    theirs = [
        e
        for m in _LOVED_BY_EN.finditer(s)
        if m.group("who") != subject and m.group("who") not in _NOT_NAMES_EN
        for e in _pref(m.group("who"), m.group("thing"), 0.85, "statement")
    ]
    return facts + _prefs_en(s, subject, offered, meaning) + theirs


# ----------------------------------------------------------------------------- Chinese

_HZ = r"[\u4e00-\u9fffA-Za-z]"
_ZH_ORG_HEAD = (
    r"(?:公司|事务所|机构|医院|银行|外企|总部|分公司|分行|集团|工厂|厂|店|工作室|报社|研究所|学校|中心|局)"
)
_ZH_SCHOOL = re.compile(
    r"(?:考上了?|考进了?|转学(?:到|去了?)|转到|被)(?P<v>[\u4e00-\u9fffA-Za-z]{2,6}?(?:大学|学院|大|华|旦|交|中|小)?)(?:的|了|录取|。|，|！|$)"
    # (the study may go on for a span, "还能在多伦多大学再读两年": one studies there now)
    r"|(?<![现正实存])在(?P<v2>[\u4e00-\u9fffA-Za-z]{2,6}?)(?:再|继续|接着)?(?:读|上|念|攻读)(?:博士|研究生|研|博|大学|本科|硕士|书|高中|[大研高初][一二三四]|[一二三四五六]年级|[一两二三四五六\d]年"
    # (a kindergarten's class by its size: "在阳光幼儿园上大班")
    # (at a kindergarten only: "在超市上小班" is a shift)
    r"|[大中小]班(?<=园上[大中小]班))"
    r"|(?<![现正])(?<!当时)(?<!那时)在(?:读|上)(?P<v6>小学|初中|中学|高中|幼儿园|大学)(?=[，。！,]|了|$)"
    # "九月去复旦报到", "在实验小学": a school named by where one goes to enrol, or by its head
    r"|去(?P<v7>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:报到|读书|读研|读博|上学)"
    # "考研上岸了，去北大": where a school entrance exam passed ("上岸") takes one (考公 is a job)
    r"|(?:考研|考博|读研|高考|中考|专升本)上岸了?[，,]?\s*(?:去|进|是)(?P<v9>[\u4e00-\u9fffA-Za-z]{2,6}?)(?:了|啦|读|。|，|！|!|$)"
    # "我读研了，在复旦": the study begun, then where, its verb dropped
    r"|(?:读研|读博|上大学|读大学|念研究生)了[，,]\s*(?:现在)?在(?P<v10>[\u4e00-\u9fff]{0,4}?(?:大学|学院|大|华|旦|交|校|院)|[A-Z][A-Za-z]{1,10})"
    r"(?:读|念)?(?:了|啦|呢|。|！|!|$)"
    # (or a middle school by its number alone: "在二中", "在十一中")
    r"|在(?P<v8>[\u4e00-\u9fff]{1,6}?(?:小学|中学|大学|学院|幼儿园|高中|附中|一中|二中|三中)|[一二三四五六七八九十]{1,3}中)(?=[，。！,；]|$)"
    # the new school said as the subject, then which it is ("新学校是人大附中"), as "新家在咸阳" is
    r"|新(?:学校|校)(?:是|在)(?P<newschool>[\u4e00-\u9fffA-Za-z]{2,8}?)(?=[，。！,；]|$)"
    # and one's own school named as what it is, at a clause's head ("我在读研二，学校是华东师大",
    # "我的学校是川大"; not whose: "孩子的学校是…", nor where it stands: "学校在郊区")
    # (a kind of school is no name: 私立的, 双一流, 寄宿制; a later clause's bare 学校 may be a child's:
    # "女儿上小学了，学校是实验小学")
    r"|(?:^|(?<=[，,；;]))(?:我的?|我们)?学校(?:就)?是(?P<ourschool>(?![一个在挺很真最不])(?!(?:私立|公立|双一流|重点|民办|国际|寄宿|封闭)"
    r")[\u4e00-\u9fffA-Za-z]{2,8}?)(?<![制式的])(?=[，。！,；]|$)"
    # one's study said as what one is, the school's 的 before it ("作为一个复旦的研究生", "我是川大的学生";
    # not whose student: "我是王教授的研究生")
    r"|(?:^我是|作为)(?:一个|一名|一位|个|名)?(?P<member>(?![我你他她])[\u4e00-\u9fffA-Za-z]{2,6}?)(?<!老师)(?<!教授)(?<!导师)的"
    r"(?:在读)?(?:研究生|学生|本科生|博士生|硕士生|大学生|留学生|新生|研[一二三]|大[一二三四])"
)
# a level of study, not a school's name ("我考上研究生了")
_ZH_LEVEL = re.compile(r"(?:研究生|大学|高中|初中|小学|中学|博士|硕士|本科|幼儿园|重点大学|名校)")
_ZH_ENROL = re.compile(r"考上|考进|转学|入学|开学|报到|上(?:了)?(?:小学|初中|中学|高中|大学|幼儿园)了")
# a verb of working at a place (搬砖, "moving bricks", is the everyday word for one's job)
_ZH_WORK = r"(?:上班|工作|实习|打工|搬砖|任职)"
_ZH_EMPLOYER = re.compile(
    # (a Latin name may be long: "跳槽去了Microsoft")
    # (not a day a plan is moved to: "蛋糕换到周日送了")
    # (from one place of work to the next, its verb short: "从京东跳到美团", not a leap from a spot: "从床上跳到地上")
    # (or the hop said short: "跳去Meta了")
    rf"(?:跳槽|辞职|调|派|换|(?:(?<=^)|(?<=我|他|她)|(?<=[^\u4e00-\u9fff]))(?:又|也|已经|刚)?跳(?=去(?!看|听|玩|吃|下一|上一|第|别的|另一|隔壁|对面|旁边|楼上|楼下))|从{_HZ}{{2,8}}?(?<![上下楼头边])(?<![这那家屋水车城坑窝]里)跳)(?:去了?|到了?|回了?)(?!周|星期|礼拜|明天|后天|下周|下个?月|月底|[0-9一二三四五六七八九十]+[月号日点])(?:{_HZ}{{1,4}}的)?(?:一家|一个)?(?P<v>{_HZ}{{2,8}}?|[A-Za-z][A-Za-z&\-]{{8,24}})(?:了|。|，|！|$|上班|工作)"
    # (what one does there after 做 / 当 is the job, no part of the name: "入职了字节做产品")
    rf"|入职(?:了|啦)?[，,]?\s*(?P<v2>(?!试用|工位|手续|体检|培训|第|那|这|在|新){_HZ}{{2,6}}?)(?:快|已经|了|。|，|$|\d|第|[一二三四五六七八九十两半]|(?=做|当|[\u4e00-\u9fffA-Za-z]{{1,4}}岗))"
    # 在 + a verb of mind ("我在想要不要换个工作") is the progressive, no place of work; a Latin
    # name is taken whole ("在Google上班", not "ogle")
    # (the place before a firm, "在上海的一家X", is taken only when the firm cannot start at 在:
    # "在协和医院当护士" is 协和医院)
    rf"|(?<![现正实存])在(?!想|考虑|找|等|忙|犹豫|琢磨|纠结|准备|打算)(?:{_HZ}{{2,3}}?)??(?:的)?(?:一家|一个)?"
    rf"(?<![A-Za-z])(?P<v3>(?:(?!一家|一个|的){_HZ}){{1,6}}?{_ZH_ORG_HEAD}|[A-Za-z][A-Za-z&\-]*|[\u4e00-\u9fffA-Za-z]{{2,4}})(?:{_ZH_WORK}|做|当)"
    # (not the work of someone the clause goes on to name: "我在Meta上班的朋友说最近很卷")
    r"(?!的[\u4e00-\u9fffA-Za-z])"
    rf"|(?:派|调)到(?P<v4>{_HZ}{{2,6}}?{_ZH_ORG_HEAD})"
    # (a place of work left: "从华为出来了", "已经不在微软了")
    # (the next one after a comma or an exclamation, on a day named: "…离职了，下周一去阿里报到",
    # "我辞职了!!! 下个月去小红书")
    rf"|(?:离职|辞职|跳槽|毕业|离开了?|换了?工作|不在{_HZ}{{1,6}}?(?:干|上班|工作)?了|不干(?!活|家务){_HZ}{{0,6}}?了|从{_HZ}{{2,8}}?(?:出来|离职|辞职|走人)了)[^，。！!]*[，,！!。]+\s*(?:我)?"
    rf"(?:现在|目前|下个?月|下(?:周|星期|礼拜)[一二三四五六日天]?|月底|年后|明年|过几天|马上)?(?:就|要)?(?:在|去了?|到|进了?|加入了?)(?:一家|一个)?"
    rf"(?P<v5>(?!了|也|就|都|还|趟|一趟|做|干|当|搞){_HZ}{{2,6}}?)(?={_ZH_WORK}|入职|报到|当|做|了|啦|。|！|$)"
    # "今天第一天去字节上班": the first day at a place of work is a new job there
    rf"|(?:第一天|头一天|正式)(?:去|到|在)(?P<v6>{_HZ}{{2,8}}?)(?:上班|报到|工作|实习|入职)"
    # "现在给蚂蚁打工": whom one works for, after 给 (not a person: "给老板打工", "给自己打工")
    rf"|给(?!人|别人|人家|自己|老板|你|我|他|她|家里)(?P<v7>{_HZ}{{2,8}}?)(?:打工|卖命|干活|上班|工作)"
    # one's place of work named as what one's unit or firm is, at a clause's head ("我单位是市第一医院",
    # "我们公司是字节"; not what it does or is like: "我们公司是做外贸的", "是上市公司")
    # (a kind of employer or how it works is no name: 国企, 外企, 事业单位, 双休)
    # (or the new one, a change: "换工作了，新公司是OPPO")
    rf"|(?:^|(?<=[，,；;]))(?:(?:我|我的|我们|咱们?)(?:单位|公司)|(?:我的?)?新(?:公司|单位|东家))(?:就)?是(?P<unit>(?![一个在挺很真最不做搞干卖开])(?!(?:国企|央企|外企|私企|民企|事业单位|"
    rf"政府|单休|双休|大小周|上市|创业))(?:{_HZ}){{2,10}}?)(?<!公司)(?<!企业)(?<!单位)(?=[，。！,；]|$)"
    # "创业公司倒闭了，又回国家电网了": gone back (又 / 重新) to a place of work (not to a city: a trip's end)
    rf"|(?:又|重新)回(?:到|了)?(?!来|去|家|老家|头|国(?!家)|公司|单位|学校)(?P<v8>{_HZ}{{2,8}}?)(?:上班|工作|干)?(?:了|啦)"
    # a firm gone to later or now, by its head word ("后来去了保险公司", "现在去了一家律所")
    rf"|(?:后来|现在|然后|之后)(?:又)?(?:去了|进了|到了)(?!趟|一趟)(?:一家|一个)?(?P<went>{_HZ}{{0,6}}?(?:{_ZH_ORG_HEAD}|律所|[外国央私药房]企))(?=[，。！,；]|$)"
    # the written "serve at" ("本人现任职于中国银行深圳分行", "就职于", "供职于")
    rf"|(?:任职|就职|供职|受聘)于(?P<held>{_HZ}{{2,12}}?)(?=[。，！,；]|$|担任|任|做|当)"
    # 上班 split by a span said inside it ("在字节上了两周班"): worked there for that long
    rf"|(?<![现正实存])在(?P<shifts>{_HZ}{{2,8}}?)上了(?:[一二三四五六七八九十两几半\d]+(?:天|周|个星期|个月|年|多月))?的?班"
)
# "在京东做运营": 做 and a bare noun that ends the clause is a line of work, not an act
# ("在食堂做饭", "在医院做检查": the thing made or undergone)
# (the clause ends it, not only the line: "在字节做前端，天天加班")
_ZH_ROLE_AFTER = re.compile(
    r"^做(?P<r>[\u4e00-\u9fff]{2,4}?)(?<!饭)(?<!菜)(?<!事)(?<!活)(?<!作业)(?<!家务)(?<!手术)(?<!项目)"
    r"(?<!实验)(?<!检查)(?<!生意)(?<!运动)(?<!蛋糕)(?<!头发)(?<!治疗)(?=[。！!，,；]|$)"
    # a role said by its Latin capitals ("在微软做SDE", "在字节当PM")
    r"|^(?:做|当)[A-Z][A-Za-z]{1,5}(?=[。！!，,；]|$)"
)
_ZH_JOB = re.compile(
    # a line of work said as what one does, closed by 的, any word for it (first, so 是 + a trade's
    # word does not take the verb into the job): "我是做外贸的", "我是干会计的", "我是搞IT的", "我在深圳做
    # 外贸的", "我是卖保险的" (the verb kept when it says the trade: 卖; not 开 / 跑, whose vehicle
    # is no trade: "我是开货车的")
    r"(?:^我(?:是|在[\u4e00-\u9fffA-Za-z]{2,6}?)|是)(?:做|搞|干|(?=卖))(?P<line>[\u4e00-\u9fffA-Za-z]{2,5}?)的"
    r"(?=[，,。！!；~～]|$)"
    # (猿 the coder's joke word: "做程序猿")
    r"|(?:当|做|是(?:一名|一个|个)?(?:做)?|改行做|转行做|干)(?P<v>[\u4e00-\u9fff]{0,5}?(?:师|员|猿|生|家|者|手|工|(?<!学)医|护士|经理|销售|财务|律师|医生|老师|记者|司机|"
    # (a 的 that closes the clause, not one before a noun: "我是厨师的儿子" is a son)
    # (a post over others too: "现在是客服主管", "当上护士长了")
    r"会计|设计|职业|生意|主播|编辑|演员|警察|厨师|销售|程序员|教练|翻译|博主|助理|秘书|客服|保安|骑手|主管|总监|护士长|店长|组长|主任))(?:的(?![\u4e00-\u9fffA-Za-z])|了|。|，|！|$)"
    r"|开了?(?:一)?家(?P<v2>[\u4e00-\u9fff]{1,4}?店)"
    # a change of trade names the new trade whatever its word ("转行做医药代表了", "改行当了导游")
    # (or by what one sells or drives: "转行卖保险了", "改行跑滴滴了")
    r"|(?:转行|改行)(?:去)?(?:做|当|干|(?=卖|跑|开))(?:了)?(?:一名|个)?(?P<trade>[\u4e00-\u9fffA-Za-z]{2,6}?)(?:了|啦|。|，|！|$)"
    r"|(?:^我|在[\u4e00-\u9fffA-Za-z]{2,8}?|现在|^我现在)当(?:了)?(?:一名|一个|个|名)?"
    r"(?!时|然|地|天|初|做|成|回|真|心|面|中|晚|年|场|作|众|选|兵)(?P<v3>[\u4e00-\u9fff]{2,4}?)了?(?=[。，！,；]|$)"
    rf"|在(?:[\u4e00-\u9fffA-Za-z]{{0,4}}?的?(?:一家|一个))?(?:一家|一个|家)?[\u4e00-\u9fffA-Za-z]{{0,6}}?{_ZH_ORG_HEAD}(?:做|当)(?:了)?(?:一名|个)?"
    r"(?P<v4>[\u4e00-\u9fff]{2,4}?)了?(?=[。，！,；]|$)"
    # the written post held, after the place it is held at ("本人现任市第三中学数学教师")
    r"|(?:现任|担任|现为)(?:[\u4e00-\u9fffA-Za-z]{2,12}?(?:学|校|院|司|局|所|厂|行|部|处|中心))?"
    r"(?P<post>[\u4e00-\u9fff]{0,4}?(?:师|员|经理|主任|医生|护士|会计|编辑|记者|主管|总监))(?=[。，！,；]|$)"
    # a line of work taken up now by its field ("我现在转开发了", "现在做产品了"), or said of the
    # one just named in a clause after their firm ("小周在美团上班，做算法的"); the army served in
    # ("我弟在部队当兵")
    r"|现在(?:转|改)?(?:做|干|当|转)(?:了)?(?P<field>开发|测试|产品|运营|设计|销售|前端|后端|算法|财务|行政|人事|市场|"
    r"技术|研发|客服|HR|hr|UI|数据分析|保险|金融|教育|培训|外贸|电商|房产|中介|医药|物流|餐饮|装修)了?(?=[。，！,；\s]|$)"
    r"|(?:上班|工作)[，,]\s*(?:是)?(?:做|搞|干)(?P<line2>[\u4e00-\u9fffA-Za-z]{2,5}?)的(?=[，,。！!；~～]|$)"
    r"|(?P<soldier>当兵)(?:了|呢|[。，！,；]|$)"
)
# the employer one had before, named as such ("老东家", "前公司", "原单位")
# what may stand before the 是 of one's own trade: the speaker (or no one said), adverbs, a link word
_ZH_SELF_HEAD = re.compile(
    r"^\s*(?:不过|但是?|可是|其实|对了|嗯|哦|说实话)?\s*(?:我们?|本人)?"
    r"(?:现在|目前|如今|也|就|还|本来|其实|已经|只是|都|可|真的|是)*(?:一名|一个|个)?$"
)
_ZH_OLD_EMPLOYER = re.compile(r"老东家|前东家|前公司|原单位|原公司|之前的公司|以前的公司")
# "我以前在腾讯，现在去了网易": a clause of before that says where one was (a firm, not a city)
_ZH_WAS_AT = re.compile(
    r"(?:(?:以前|之前|原来|过去|曾经)(?:一直|都|是)?在|从)(?P<w>[一-鿿A-Za-z]{2,6}?)"
    # (or the one left: "从字节离职了，现在在腾讯，还是做产品")
    r"(?=上班|工作|干|做|离职|辞职|跳槽|[，,；;]|$)"
)
# where one is now ("现在在京东物流挺好的", "现在去了网易"), a judgement or a verb of working after it
_ZH_NOW_AT = re.compile(
    r"(?:现在|目前|如今)(?:就|也|已经)?(?:在|去了|到了|跳到了?|换到了?)(?P<v>[一-鿿A-Za-z]{2,6}?)(?=挺|很|还|也|干|上班|工作|搬砖|呢|了|[，,。！!]|$)"
)
# "在美团做产品": what one does at a firm already named as the employer is the trade
_ZH_TRADE_AT = re.compile(
    # (a trade in Latin letters too: "在一家外企做hr")
    # (or after joining it: "入职了字节做产品", "阿杰入职了字节，做产品", "入职啦，京东算法岗")
    r"(?:在|入职(?:了|啦)?[，,]?\s*)(?P<org>[\u4e00-\u9fffA-Za-z]{2,8}?)[，,]?\s*(?:做|干|搞)(?P<v>[\u4e00-\u9fff]{2,4}?|[A-Za-z]{2,4})(?:的|了)?(?=[。，！,；\s]|$)"
    r"|入职(?:了|啦)?[，,]?\s*(?P<org2>[\u4e00-\u9fffA-Za-z]{2,6}?)(?P<v2>[\u4e00-\u9fffA-Za-z]{1,4})岗(?=[。，！,；\s~～]|$)"
)
# a firm called only by what it is to the speaker ("入职新公司了"): a change of employer whose name a
# clause after it may give ("…，在京东做运营")
_ZH_GENERIC_FIRM = re.compile(r"^(?:新|现|这家|那家|一家|家)?(?:公司|单位|东家)$")
# "我升主管了", "她被提拔为副总": the post one was raised to is the job now
_ZH_PROMOTED = re.compile(
    r"(?:升职?|升任|晋升|提拔|提)(?:为|成|到|做|当)?了?(?P<v>[\u4e00-\u9fff]{0,4}?"
    r"(?:主管|经理|总监|组长|主任|店长|副总|总裁|合伙人|科长|处长|部长|校长|院长|队长|主编|领班|厨师长|总经理|董事))"
    r"(?=了|啦|[。！!，,~～]|$)"
)
# the speaker's dwelling named as a subject ("新家在咸阳", "现住址已变更为…")
_ZH_DWELLING = r"(?:我的)?(?:新家|新住处|住处|住址|现住址|家庭住址|常住地)"
_ZH_RESIDENCE = re.compile(
    # (搬回来 / 搬回去 name no place: "现在搬回来了")
    r"(?:搬到|搬去|搬回(?![来去])了?|搬来|搬至|迁到|迁往|迁至|迁居(?:到|至)?|移居|回到|回老家|嫁到|嫁去)(?:了)?(?:老家)?(?P<v>[\u4e00-\u9fffA-Za-z ]{2,12}?)(?:去了|了|定居|住|。|，|！|$|\s|以后|之后)"
    r"|住在一起，在(?P<v2>[\u4e00-\u9fff]{2,4}?)(?:。|$)"
    # arrived, to stay: "已经到新加坡了，以后就在这边工作了" (a place only, checked below)
    r"|到(?P<arrived>[\u4e00-\u9fff]{2,4}?)了[，,]\s*以后(?:就)?(?:在|留在)(?:这边|这儿|这里)(?:工作|生活|定居|发展|住)"
    r"|(?<![现正实存])在(?P<v3>[\u4e00-\u9fff]{2,4}?)定居"  # not the 在 of 现在
    # "在长沙安顿下来了", "在成都安家了": a verb of settling after the place (a place only, checked below)
    r"|(?<![现正实存])在(?P<v11>[\u4e00-\u9fff]{2,4}?)(?:安顿|安家|落户|落脚|扎根|扎下根)"
    # (or the home set down there: "上个月把家安在了福州")
    r"|把家(?:安|搬|落)(?:在|到)了?(?P<settled>[\u4e00-\u9fff]{2,4}?)(?:市|了|。|，|,|！|$)"
    # (or the compound one lives in: "我们小区在昌平，离地铁站挺远")
    r"|^我们?(?:家|(?:住的)?小区)(?:现在)?在(?P<v4>[\u4e00-\u9fff]{2,4}?)(?:。|，|！|$)"
    # "去年去深圳工作了": gone to a place to work or live there (a place only, checked below)
    r"|(?:去(?!年)|到)了?(?P<v5>[\u4e00-\u9fff]{2,4}?)(?:工作|上班|定居|生活|发展|打工)了"
    # "在青岛住了十年", "在广州已经住了十年": lived in a place for a span (a place only, checked below)
    r"|(?<![现正实存])在(?P<v6>[\u4e00-\u9fff]{2,4}?)(?:已经|一直|都|也)*住了(?=[一二三四五六七八九十两几多半\d]+(?:年|个月))"
    # "在济南买了房子，上周搬过去了", "在芜湖租了个房子，自己住": the home rented or bought, lived in
    # (or moved into, "在重庆买了套房，上周拎包入住了")
    r"|(?<![现正实存])在(?P<v7>[\u4e00-\u9fff]{2,4}?)(?:(?:买了|租了|找了|买|租)(?:房子?|套房|个房子|一套房子?)"
    r"(?:[^。！!]*?(?:搬(?:过去|过来|进去|进来)|入住|住(?:进去|进来|下))了|[，,]?\s*(?:自己|一个人|我们|一家人)?住)"
    # (or the rented home named as one's own: "我在成都租的房子，房东人还挺好")
    r"|租的(?:房子?|公寓|单间|房间))"
    # the daily trip to work starts from home: "每天从燕郊坐两个小时大巴到国贸上班", "我每天从昆山家里坐高铁去
    # 上海上班" (a place only, checked below)
    r"|(?:每天|天天|每日|平时|每个?工作日)(?:早上)?(?:都|都要|都得|要|得)?从(?P<commute>[\u4e00-\u9fff]{2,4}?)(?:家里|的家|家)?"
    r"(?:坐|乘|搭|开车|骑车|打车|骑|挤)[^，,。！!]{0,12}?(?:去|到|进)[^，,。！!]{1,8}?(?:上班|上学|打卡)"
    # and ends there: the way home after work ("刚下班，挤地铁回通州的家", "放学坐公交回昌平的家")
    r"|(?:下班|放学|下了班)[^。！!]{0,10}?回(?:到)?(?P<homeward>[\u4e00-\u9fff]{2,4}?)的家"
    # "搬家了，现在住浦东": 住 with no 在 before the place (a place only, checked below)
    r"|(?:现在|目前|如今)(?:就)?住(?!在)(?P<v8>[\u4e00-\u9fff]{2,4}?)(?:了|呢|啦|。|，|！|$)"
    # "去年就回长沙了", "回成都发展了": gone back to a place some time ago or to live there (a place
    # only, checked below; "刚回北京了" may be the end of a trip)
    r"|(?:去年|前年|上个?月|早就|后来|毕业后)就?回(?!来|去|家|复|答|国|头|到|老家)(?P<v9>[\u4e00-\u9fff]{2,4}?)(?:住|定居|生活|发展|工作)?了"
    r"|(?<![找收拿取带送寄退撤召挽赎])回(?!来|去|家|复|答|国|头|到|老家)(?P<v10>[\u4e00-\u9fff]{2,4}?)(?:住|定居|生活|发展|工作)了"
    # years spent in one place, then back to another: "在北京漂了五年，终于回长沙了" (a stay, not a trip)
    r"|在[\u4e00-\u9fff]{2,4}?(?:漂|待|呆|混|干|打拼|工作|生活)了[\u4e00-\u9fff]{0,2}?[一二三四五六七八九十两几多半\d]+(?:年|个?月)[，,]\s*"
    r"(?:终于|总算|还是|最后|后来|现在)?回(?:到)?(?!来|去|家|复|答|国|头|老家)(?P<v12>[\u4e00-\u9fff]{2,4}?)(?:了|啦|来了|去了)"
    # the dwelling said as the subject, then where it is ("新家在咸阳", "现住址已变更为杭州市西湖区"):
    # a place only, checked below (a city before its 市 / 区 is the place)
    rf"|(?:{_ZH_DWELLING})(?:现在|目前)?(?:就|也)?(?:在|是|已?(?:变更|更改|改)(?:为|成|到))"
    r"(?P<dwelt>[\u4e00-\u9fff]{2,4}?)(?:市|区|县|省|了|。|，|,|！|$|的|这边|那边)"
)
_ZH_HERE = re.compile(
    r"^我?(?:现在|目前|如今|一直)?(?:都|还|也)?在(?P<v>[\u4e00-\u9fff]{2,8}?)(?:呢|了)?[。！!]?$"
)
_ZH_ANSWER_HEAD = re.compile(r"^(?:不是|不|没有|没|对|对的|是的?|嗯|哦|噢|没错)[哦啊呀哈啦的呢嘛]*[，,]\s*")
_ZH_FUTURE = re.compile(
    # 以后 after an event is "after it" ("退休以后搬回了老家"), not "some day"
    r"打算|准备|(?<![联理思感幻梦回设猜构])想|说不定|可能|也许|明年|下个?月|下周|(?:^|[，,]|从今|今)以后|将来|要搬|会搬|"
    # a day still ahead: "明天第一天去字节上班" is a start to come, no change yet
    r"明天|大?后天|下(?:个)?(?:星期|礼拜)"
)
# news though a time ahead is named: the sentence ends done, says 已经, or has a clause that closes done
# before another ("…离职了，下周一去阿里报到")
# ("我从阿里离职了，下个月去美团": the leaving is done, the next job follows from it)
_ZH_DONE_FIRST = re.compile(r"了[。！!，,]?$|已经|(?:^|[，,])[^，,！!。]*[\u4e00-\u9fff]了[，,！!。]")
_ZH_RELATION = (
    # a proposal said yes to, or made to the speaker ("他向我求婚了", "答应了他的求婚", "被求婚了")
    (
        "engaged",
        re.compile(
            r"订婚|求婚成功|答应了?(?:他|她)?的?求婚|(?:向|跟)我求婚|被求婚|^(?:他|她|我)[^，,。！!]{0,4}求婚了"
            # one's own partner-to-be named, as 前夫 names a divorce: "我未婚妻下个月回来"
            r"|(?:^|我的?|[，,]\s*)未婚(?:妻|夫)"
        ),
    ),
    # (the partner may be said as someone's own: "小周跟她老公离了")
    # (or one's own former spouse named: "前夫每个月打抚养费过来", "我前妻")
    (
        "divorced",
        re.compile(
            r"离婚|(?:跟|和)(?:[我他她]的?)?(?:老婆|老公|妻子|丈夫|媳妇)离了|(?:^|我的?|[，,]\s*)前(?:夫|妻)(?!.*再婚)"
            # the couple said as we, as 我们分了 is for a parting: "我们离了，上个月办的手续"
            r"|(?:^|[，,；;]\s*)我(?:们俩?|俩)(?:已经|还是|终于)?离了(?=[。！，,~～]|$)"
        ),
    ),
    ("married", re.compile(r"结婚|领证|成家了|(?<!没)(?<!不)嫁(?:到|给|去|人)了?|娶了")),
    (
        "single",
        re.compile(
            r"分手|(?<!不是)(?<!不)单身|(?:又|重新)(?:是|变成|变回)?一个人了(?=[。！，,~～]|$)|(?:^|(?<=[，,；;]))我?(?:跟|和)[\u4e00-\u9fff]{1,4}?(?:分|掰)了(?=[。！，,~]|$)|(?:^|[，,；;]\s*)我(?:们俩?|俩)(?:已经)?(?:分|掰)了(?=[。！，,~]|$)"
        ),
    ),
    (
        "dating",
        re.compile(
            r"(?:跟|和)(?:女朋友|男朋友|对象)住在一起|谈恋爱|在谈|有对象了|脱单|^我(?:俩|们俩?)在一起了|(?:跟|和)(?:他|她)在一起了"
            # the courting verbs before 对象 ("跟她处对象了", "谈了个对象"): going out with someone
            r"|(?:处|谈|搞)(?:了个?)?对象"
            # a partner newly had, or one taken back after a break-up ("有男朋友了", "跟前任复合了", "又在一起了")
            r"|有(?:男|女)朋?友[了啦]|复合|又在一起了"
            r"|^我(?:跟|和)[\u4e00-\u9fff]{1,3}?在一起了"
            # "我跟男朋友在一起三年了": together with a partner for a span (a statement, not news)
            r"|(?:跟|和)(?:女朋友|男朋友|对象|女友|男友)在一起(?:[一二三四五六七八九十两几多半\d]+(?:年|个月))了"
            # (or with someone named: "我和小美在一起三年了")
            r"|^我(?:跟|和)(?!我|同事|同学|朋友|室友|家人|爸|妈|父母|哥|姐|弟|妹|老板|领导|孩子|儿子|女儿|老公|老婆|丈夫|妻子|爱人|媳妇)[\u4e00-\u9fff]{1,3}?在一起(?:[一二三四五六七八九十两几多半\d]+(?:年|个月))了"
        ),
    ),
)
_ZH_NUM = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_ZH_AGE = re.compile(
    r"(?:满|今年|刚)(?P<v>[一二三四五六七八九十两\d]{1,4})岁?(?:了|。|！|$)"
    # the age said bare and a clause going on ("我今年三十二，还没对象呢"): 我 ahead makes it one's own
    # (not a day of the year: "今年十一，去云南玩")
    r"|(?<=我)今年(?P<v2>[一二三四五六七八九十两\d]{1,4})(?=[，,])"
    # (an age reached, said with 都 or 已经 after 我: "我都35了，熬不动了"; not a score, "我都考了90了")
    # (我 at the clause's head: "俯卧撑我都50了", "体重我都60了" count other things)
    r"|(?:^|(?<=[，,。！!\s]))我(?:都|已经|都已经)(?P<v3>[一二三四五六七八九十两\d]{2,4})(?:岁)?了(?=[，,。！!~～\s]|$)"
)
_ZH_PET = re.compile(
    r"(?:家|我)(?:里)?(?:有|养了?)(?:[一二两三四五\d]只|一条|两条)?(?P<v>狗|猫|兔子|鹦鹉|仓鼠|金鱼)"
    # (after 养 the 一 of a measure word may drop, "现在家里养了条金毛", and the 我 before a time word)
    # (and a clause opening on 养了只 has the speaker's 我 dropped: "在杭州当程序员，养了只柯基叫可乐")
    r"|(?:家|我|现在|如今|后来|又|^|(?<=[，,；;]))(?:里)?(?:(?:有|养了?)[一二两三四五\d][只条]|养了?[只条])(?P<v2>[\u4e00-\u9fff]{1,3}?)(?=[，。！,]|$|叫)"
    # an animal taken into the home ("家里新添了一只小橘猫", "刚领养了条狗"), whatever it is called before
    # (or newly come to it: "我们家新来了只橘猫，叫大橘"; not a stray, "家里来了只野猫")
    # (the home the speaker's: not a neighbour's or a friend's, "邻居家新来了只狗")
    r"|(?:(?<!邻居)(?<!朋友)(?<!同事)(?<!亲戚)(?<!别人)(?<![他她你])家|我)(?:里)?(?:新|刚|又|最近)*"
    r"(?:添|领养|收养|抱回|捡|(?<=[新刚])来|(?<=[新刚又])养)(?:了)?(?:[一两\d])?[只条]"
    r"(?P<taken>[\u4e00-\u9fff]{0,3}?(?:猫|狗|兔子?|鹦鹉|仓鼠|金鱼|乌龟))"
    # an animal of the home walked ("每天下班就是遛我家金毛", "遛家里的狗"): a dog one keeps, not a child
    r"|遛(?:我家|家里|我的)的?(?:那|这)?[只条]?(?P<walked>(?!娃|孩子|儿子|女儿|宝宝|小孩)[\u4e00-\u9fff]{1,3}?)(?=[，。！,]|$)"
    # or the dog one goes home to walk ("下班得赶紧回去遛狗"): kept at home (not one walked for others)
    r"|(?:回去|回家|到家)(?:就|得|先|要)*遛(?P<home_walked>狗)(?=[，。！,]|了|$)"
    # the home's animals counted by their measure word ("我家那两只猫主子又打架了", "家里三条狗"): kept there
    r"|(?:我家|家里)的?(?:那|这)?[一两三四五几\d]?[只条](?P<counted>[\u4e00-\u9fff]{0,2}?(?:猫|狗|兔子?|鹦鹉|仓鼠|金鱼|乌龟))"
)
# a pet named, then gone ("橘猫去年走了", "我家那只狗没了"): the pet is no longer had
_ZH_PET_GONE = re.compile(
    r"(?:^|[，,])(?:我家|家里|我的)?(?:那|这)?[只条]?(?P<v>[\u4e00-\u9fff]{0,2}?(?:猫|狗|鹦鹉|兔子?|仓鼠|金鱼|乌龟))"
    r"(?:去年|前年|上个?月|上周|前几天|前阵子|已经|早就|也)*(?:走了|没了|死了|去世了|丢了|送人了"
    # given away or taken in by someone else ("兔子送给我表姐了", "被邻居领养了")
    r"|送走了|送养了|跑丢了|送给[\u4e00-\u9fff]{1,6}?了|被[\u4e00-\u9fff]{1,6}?领养了)"
)
_ZH_HOMETOWN = re.compile(
    r"(?:^|[，,])我是(?!个|一|本|外|成年|年轻|文化|普通|局外|自己|男|女|老实|明白|懂行|新|好|坏|穷|富|什么|哪)"
    r"(?P<v3>[\u4e00-\u9fff]{2,3}?)人(?=[。！，,]|$)|(?:从小|小时候)?在(?P<v4>[\u4e00-\u9fff]{2,4}?)长大|"
    r"在(?P<v6>[\u4e00-\u9fff]{2,4}?)出生|(?:出生在|出生于)(?P<v5>[\u4e00-\u9fff]{2,4}?)(?=[，。！,]|$|的)|"
    r"土生土长的(?P<v>[\u4e00-\u9fff]{2,4}?)人"
    # the home of one's family, 老家 / 家乡 / 祖籍 (the ancestral home), a province and its town
    # together ("老家是河南周口的", "我祖籍山东")
    r"|(?<!在)(?<!搬回)(?<!搬回了)(?:老家|家乡|祖籍)(?:是|在)?(?P<v2>[\u4e00-\u9fff]{2,4}?)(?:[，。的]|定居|$)"
    # "我是山东临沂的": one is "of" a place, a clause of its own (a place only, checked where it is read:
    # "我是做外贸的" is a trade)
    r"|(?:^|[，,])我(?:就|也|本来|其实)?是(?P<v7>(?![在来做干搞卖从去给被])[\u4e00-\u9fff]{2,6}?)的(?=[，。！,~～]|$)"
)
# one of a place's people after growing up or being born there ("喝黄河水长大的兰州娃"): the town
# names the hometown more surely than the spot one was born at ("在江边出生的重庆妹子")
_ZH_GROWN = re.compile(
    r"(?:长大|出生)的(?P<grown>[\u4e00-\u9fff]{2,3}?)(?:人|娃|姑娘|小伙子?|妹子|汉子)(?=[。！，,]|$)"
)
_ZH_ALLERGY = re.compile(
    # (not a thing pointed at, "对这个方案过敏": a dislike put as a joke)
    # (or a Latin word in lower case, spaced as typed, after 我: "我对 gluten 过敏"; "我对 PPT 过敏" is a joke)
    r"(?:对(?P<v>(?![这那])[\u4e00-\u9fff]{1,5}?)|(?<=我)对\s*(?P<latin>[a-z][a-z\-]{2,20})\s*)过敏"
    # what the body does the moment one eats or touches it ("一吃花生就浑身起疹子", "一碰猫毛就打喷嚏")
    r"|(?<!不)一(?:吃|喝|碰|闻|接触|沾)(?:到)?(?P<sym>[\u4e00-\u9fff]{1,5}?)就(?:会)?(?:浑身|全身|身上|脸上|嘴唇|喉咙|皮肤)?"
    r"(?:起(?:红)?(?:疹子|疹|疙瘩|包)|长(?:红)?(?:疹子|疹|疙瘩)|过敏|发痒|痒|红肿|肿|打喷嚏|喘不上气|呼吸困难"
    # (a sneeze said without its verb: "喷嚏不停")
    r"|喷嚏)"
    # (the thing said first, then 一吃就: "海鲜我一吃就过敏", "芒果我只要一碰就起疹子")
    # (not a person's, "宝宝一吃就过敏", "海鲜他一吃就…", nor a body part or a wound, "脸一碰就肿")
    r"|(?:^|(?<=[，,。！!；;\s]))(?P<v3>(?![我你他她这那]|宝宝|儿子|女儿|老公|老婆|孩子|伤口|脸|腿|手|脚|皮肤|蚊子|嘴|眼|鼻|头|肚子)"
    r"(?:(?![他她])[\u4e00-\u9fff]){1,4}?)我?(?:只要)?一(?:吃|喝|碰|闻|沾)就(?:会)?"
    r"(?:浑身|全身|身上|脸上|嘴唇|喉咙|皮肤)?(?:起(?:红)?(?:疹子|疹|疙瘩|包)|长(?:红)?(?:疹子|疹|疙瘩)|过敏|发痒|痒|红肿|肿|打喷嚏)"
    # the allergen right before 过敏 at a clause's head, after 我 or with 我 dropped: "我花粉过敏",
    # "花生过敏星人", "本人海鲜过敏" (not a degree, a body part or a season: "有点过敏", "皮肤过敏")
    r"|(?:^|(?<=[，,。！!；;\s])|(?<=我)|(?<=本人))(?P<v2>(?!我|本人|有点|有些|容易|经常|会|也|都|是|不|没|皮肤|季节|鼻子|眼睛|对)"
    r"[\u4e00-\u9fff]{1,4}?)过敏(?![源原药性])"
)
# "坐标新加坡": the netizen's pin, where one is
_ZH_PINNED = re.compile(
    r"(?:^|[，,；;\s])(?:我|人在)?坐标(?:在|是)?(?P<v>[\u4e00-\u9fffA-Za-z]{2,5}?)(?=[，,。！!；;\s]|$)"
)
_ZH_DIET = re.compile(
    r"(?:开始|已经|现在)?(?:吃素|吃全素|成了素食者)|是(?:个|一个|一名)?(?:素食主义者|素食者)"
)
_ZH_DIET_ENDED = re.compile(r"开荤|破戒吃肉|不再吃素|不吃素了|没再吃素|(?:又|重新)(?:开始)?吃肉了")
_ZH_CHANGE = re.compile(
    r"跳槽|辞职|换了|搬|调|派|入职|现在|不再|开始|改行|转行|转学|考上|刚|结婚|订婚|分手|离了|上个?月|去年|了"
)


def _zh_int(text: str) -> int | None:
    if text.isdigit():
        return int(text)
    if text.startswith("十"):
        text = "一" + text
    if "十" in text:
        tens, _, ones = text.partition("十")
        return _ZH_NUM.get(tens, 0) * 10 + (_ZH_NUM.get(ones, 0) if ones else 0)
    return _ZH_NUM.get(text)


_ZH_GRADUATED = re.compile(
    r"^(?:我|终于|总算|刚刚?|已经|今年|去年|也|顺利)*(?:从[\u4e00-\u9fff]{2,8})?"
    r"(?:研究生|大学|本科|硕士|博士|高中|研|大专)?(?:毕业了|已经毕业|毕业啦)"
)

# "我辞职了", "上周从腾讯离职了", "被裁了": the speaker's own job over, said at the head of the line
# ("假如我中了彩票，第一件事就是辞职" is no news: no 了, not the head)
_ZH_JOB_ENDED = re.compile(
    r"^(?:(?:姐妹们|兄弟们|家人们|宝子们|朋友们|各位|大家|告诉大家)[，,！!\s]*)?"
    r"(?:我|本人|终于|总算|刚刚?|已经|上周|上个月|昨天|今天|前几天|也|还是)*(?:从[\u4e00-\u9fffA-Za-z]{2,8}?)?"
    # (by whom: "我被华为裁了")
    r"(?:辞职|离职|裸辞|被(?:[\u4e00-\u9fffA-Za-z]{2,8}?)?(?:裁员?|辞退|开除)|失业)(?:了|啦)"
)

# a place of work said left ("我已经不在京东了", "星巴克不干了"): the employment there is over
_ZH_LEFT_FIRM = re.compile(
    r"(?:已经|早就|早)不在(?P<v>[\u4e00-\u9fffA-Za-z]{2,6}?)(?:干|上班|工作|做)?了"
    # (or with its work said, no "already", the whole line: "我不在腾讯干了")
    r"|^我?不在(?P<v3>[\u4e00-\u9fffA-Za-z]{2,6}?)(?:干|上班|工作)了[啦。！!~～]*$"
    r"|^(?!这|那|活|事)(?P<v2>[\u4e00-\u9fffA-Za-z]{2,6}?)(?:那边|那份工作|的工作)?(?:我)?(?:已经)?不干了"
)
# what 不在X了 / X不干了 may name that is no place of work: a town, a room, a group, a state, one's
# chores ("我已经不在北京了", "不在群里了", "不在状态了", "家务不干了")
_ZH_NOT_A_FIRM = re.compile(
    r"公司$|单位$|群|状态|学校|医院|家|乎|这|那|里$|上$|作业|活$|事$|饭|国内|国外|外地|本地|宿舍|办公室|工位|线"
)


def _left_firm_zh(s: str) -> bool:
    """Whether ``s`` says a place of work left ("我已经不在京东了", "星巴克不干了")."""
    m = _ZH_LEFT_FIRM.search(s)
    # ("超市的活不干了": the work at the supermarket)
    firm = re.sub(r"的(?:活|工作|班)$", "", (m.group("v") or m.group("v2") or m.group("v3")) if m else "")
    return bool(firm) and not _ZH_NOT_A_FIRM.search(firm) and not is_place(firm)


# work taken up after, said as a job found ("找了个送外卖的活", "找了份保安的工作")
_ZH_ODD_JOB = re.compile(r"找了?(?:个|份)(?P<v>[\u4e00-\u9fff]{2,6}?)的(?:活|工作|差事)")

# what a home's value cannot be: a dwelling ("搬到新房子了"), with whom ("住在一起"), a spot beside
# something ("附近", "对面"), someone's home ("住在朋友家", "住我姐家": a stay with them), a
# pointing word or the company
ZH_NOT_A_HOME = re.compile(
    r"一起|这|那|家里|公司|装修|附近|楼|边|隔壁|对面|里面|房子$|新家$|新房$|公寓$|宿舍$|(?<!老)家$"
)

# a role held for a day or a week ("当了一天志愿者", "在展会当了两天翻译"): a one-off, no job or employer
_ZH_ONE_OFF = re.compile(r"了?[一二两三四五六七八九十几半\d]+(?:天|晚|个?下午|个?上午|周|个星期)")


def _facts_zh(s: str, subject: str) -> list[Evidence]:
    if s.rstrip().endswith(("？", "?", "吗")):
        return []
    if re.search(r"以前|原来|之前|过去|曾经", s) and re.search(r"过[。！，,]?$", s) and "现在" not in s:
        return []  # "我以前在北京工作过": what was, not what is
    if re.match(r"(?:他|她|它)们?(?!的)", s) and "我" not in s:
        return []  # "他在上海当老师": someone unnamed, whose fact is not the speaker's
    future = bool(_ZH_FUTURE.search(s)) and not _ZH_DONE_FIRST.search(s)
    out: list[Evidence] = []
    change = bool(_ZH_CHANGE.search(s)) and not re.search(r"已经.{0,4}年了", s)
    kind = "change" if change else "statement"

    def add(key: str, value: str, k: str = kind) -> None:
        value = value.strip(" ，。的了")
        value = re.sub(r"^(?:一家|一个|那家|这家)", "", value)
        if key == "residence" and any(
            value in c and ZH_STAY.search(c) for c in re.split(r"[，,。！!；;]", s)
        ):
            return  # "我搬去杭州住几天": a stay, not a home
        if value and not any(e.key == key and e.value == value for e in out):
            out.append(Evidence("fact", subject, key, value, 0.5, k))

    if future:
        # "我在浙大读研，明年毕业": what the clauses before the first one looking ahead state holds now
        clauses = re.split(r"(?<=[，,；;])", s)
        ahead = next(i for i, c in enumerate(clauses) if _ZH_FUTURE.search(c))
        before = "".join(clauses[:ahead]).rstrip("，,；; ")
        # (a clause led by the dwelling is the speaker's too: "新家在咸阳，…，老房子打算租出去")
        return _facts_zh(before, subject) if ahead and re.match(rf"我|{_ZH_DWELLING}", before) else out
    for m in _ZH_SCHOOL.finditer(s):
        v = m.group("v") or m.group("v2") or m.group("v6") or m.group("v7") or m.group("v8")
        if m.group("ourschool"):
            # (in a later clause, only after the speaker's own: "我在读研二，学校是华东师大"; not after
            # another's, "女儿上小学了，学校是实验小学")
            if m.start() == 0 or s.startswith("我") or s[m.start() : m.start() + 1] == "我":
                add("school", m.group("ourschool"), "statement")
            continue
        if m.group("newschool"):
            add("school", m.group("newschool"), "change")
            continue
        if m.group("member"):
            if not is_place(m.group("member")):  # ("作为一个北京的大学生": a city, no school)
                add("school", m.group("member"), "statement")
            continue
        if m.group("v9") or m.group("v10"):
            if not is_place(m.group("v9") or m.group("v10")):  # ("读研了，在上海": the city, no school)
                add("school", m.group("v9") or m.group("v10"), "change")
            continue
        if m.group(0).startswith("被") and not s[m.end("v") :].startswith("录取"):
            continue  # "我被裁了", "快被他气死了": 被 is a school's only when it admits
        if (
            m.group(0).startswith("转到")
            and not re.search(r"(?:学|学院|校|大|华|旦|交|中|小)$", v)
            and not re.search(r"学|读|研|博|本科|年级|班", s)
        ):
            # "我从腾讯转到阿里了": a move between firms or teams; a school when it is named one or
            # the line speaks of study ("转到复旦读研了")
            continue
        if m.group("v") and re.search(r"(?:员|师|警|官)$", m.group("v")):
            add("job", m.group("v"), "change")  # "考上公务员了": a post passed into, not a school
            continue
        if m.group("v") and _ZH_LEVEL.fullmatch(v) and (m.group("v7") or _ZH_SCHOOL.search(s, m.end())):
            continue  # "考上研究生了，九月去复旦报到": the level, then the school that names it
        if m.group("v7") and re.search(r"辞职|离职|跳槽|入职|上班", s):
            continue  # "我辞职了，下周去腾讯报到": a new job, taken up below
        if m.group("v7") and re.search(r"同事|老板|领导|工资|工位|offer|HR", s) and not is_place(v):
            # "去拼多多报到了，新同事人都挺好": where one reports among colleagues is a place of work
            if "报到" in s[m.end("v7") : m.end("v7") + 2]:
                add("employer", v, "change")
            continue
        if m.group("v7") or m.group("v8"):
            if is_place(v) and not _ZH_ENROL.search(s):  # "去上海读研": the city, not the school
                add("residence", v, "statement")
                continue
            add("school", v, "change" if _ZH_ENROL.search(s) else "statement")
            continue
        if (
            v
            and m.group("v2")
            and (re.match(r"(?:读|上)(?:大学|高中)", s[m.end("v2") :]) or is_place(v))
            and not re.search(r"大学|学院|大$|中$|小$|校|[A-Za-z]", v)
        ):
            # "在北京上大学", "在北京读研究生": a city where they study, not the name of the school
            # ("在复旦读研" is one)
            add("residence", v, "statement")
            continue
        if v and not re.search(r"公司|医院|银行", v):
            # "我儿子转学了，现在在实验小学": where one studies after a move of school is a change
            moved = m.group("v") or re.search(r"转学|转到|考上|考进|入学", s)
            add("school", v, "change" if moved else "statement")
    schools = {e.value for e in out}
    for m in _ZH_EMPLOYER.finditer(s):
        v = next(
            (
                g
                for g in (
                    m.group("v"),
                    m.group("v2"),
                    m.group("v3"),
                    m.group("v4"),
                    m.group("v5"),
                    m.group("v6"),
                    m.group("v7"),
                    m.group("v8"),
                    m.group("held"),
                    m.group("shifts"),
                    m.group("unit"),
                    m.group("went"),
                )
                if g
            ),
            "",
        )
        before = [c for c in re.split(r"[，,；;]", s[: m.start()]) if c.strip()]
        if m.group("went") and not (
            before and re.search(rf"在{_HZ}{{2,8}}?(?:上班|工作|实习|打工)", before[-1])
        ):
            continue  # "后来去了医院": a visit, unless the clause before names a place of work (在银行上班)
        v = re.sub(r"^(?:了|去了|到了|给(?=\S{2}))", "", v)  # ("在给腾讯打工": the firm after 给)
        v = re.sub(r"^[\u4e00-\u9fff]{2}(?:的)?(?=一家)", "", v)
        if m.group("v5") and v.startswith("家") and not re.search(_ZH_ORG_HEAD, v):
            continue  # "辞职了，现在在家带娃": at home, no place of work (家 is no measure word here)
        v = re.sub(r"^(?:一家|一个|家(?=\S{2})|个(?=\S{2}))", "", v)
        if (m.group("v8") or m.group("held") or m.group("shifts")) and is_place(v):
            continue  # "又回北京了" may end a trip, "在北京上了三年班" names a city: no employer
        if (m.group("v") or m.group("v5")) and is_place(v):
            # "从北京调到上海了", "离开了北京，去了上海": a move to a city, not a firm
            add("residence", v, "change")
            continue
        # (the place already read as where one studies, its study verb swallowed: "在港大念硕士")
        if (
            not v
            or v.startswith(tuple(schools) or "\0")
            # (nor the surface one works on, 上: "在网上做兼职", "在线上接单")
            or re.search(r"家里|^家|这|那|哪|学校|上$", v)
            or len(v) < 2
        ):
            continue
        if m.group("v5") and re.match(r"(?:他|她)", s):
            continue  # "他不在公司干了，现在在…": someone else's job, said without a name
        if m.group("v3") and re.search(r"(?<!是)(?:一|这|那|有)?[个位名]$", s[: m.start()]):
            # "刷到一个在Google做工程师的帖子", "认识一位在协和当医生的大姐": a measure word opens a
            # noun phrase the 在 clause describes, someone or something else's (not "我是个在医院上班的")
            continue
        if m.group("v3") and s[max(0, m.start() - 1) : m.start()] == "不":
            continue  # "我已经不在银行上班了": the employer that was, not the one that is
        if m.group("v3") and s[m.end() : m.end() + 1] == "过":
            continue  # "在奶茶店当过服务员", "在华为工作过": 过 after the verb tells a job once held
        if m.group("v3") and _ZH_ONE_OFF.match(s[m.end() :]):
            continue  # "周末在展会当了两天翻译": a role there for a day or two, no employer
        if m.group("v3") and is_place(v):
            # "我在北京工作", "我在厦门当导游": where they live; the trade, if any, is a job below.
            # Only the whole span after 在 is a home ("四川宜宾"), not a piece of a name ("阿里巴巴")
            whole = s[m.start() + 1 : m.end("v3")]
            if is_place(whole):
                add("residence", whole, "statement")
            continue
        if m.group("v3") and not re.search(_ZH_ORG_HEAD, v) and not re.search(r"[A-Za-z]", v):
            # "在小米做产品经理": a short name before a verb of work is an employer; "在家" is not
            if (
                not re.search(_ZH_WORK, s[m.end() - 2 : m.end() + 2])
                and not _ZH_JOB.search(s[m.end() - 1 :])
                and not _ZH_ROLE_AFTER.match(s[m.end() - 1 :])
            ):
                continue
        k = (
            "change"
            if (change and not m.group("v3"))
            or re.search(
                r"换了|换工作|跳槽|入职|辞职|离职|实习|毕业|现在|不当|不干|第一天|头一天|正式|新(?:公司|单位|东家)|后来",
                s,
            )
            else kind
            if m.group("v3") is None
            else "statement"
        )
        add("employer", v, k)
    for m in _ZH_JOB.finditer(s):
        v = (
            m.group("v")
            or m.group("v2")
            or m.group("v3")
            or m.group("v4")
            or m.group("trade")
            or m.group("post")
            or m.group("line")
            or m.group("field")
            or m.group("line2")
            or ("军人" if m.group("soldier") else "")
        )
        if (m.group("v3") or m.group("v4") or m.group("line")) and (
            v in RELATIVES_ZH or re.search(r"(?:饭|菜|事|活|作业|家务|手术|项目|实验|检查|生意)$", v)
        ):
            continue  # "我当妈妈了" is news of a child; "在医院做手术" an act, not a trade
        if re.search(r"[我你他她的]|^在|出生", v):
            continue  # "他是我最喜欢的演员": a phrase about someone, not a job
        if re.search(r"(?:党|团|会|成)员$|主义者$|爱好者$|控$|迷$|粉$", v):
            # "我是党员", "我是健身房会员": a member of a party or a club, no trade; "我是素食主义者",
            # "摄影爱好者", "猫控": a creed or a fancy, no trade either
            continue
        if m.group(0).startswith("是") and not _ZH_SELF_HEAD.match(
            re.split(r"[，,；;。！!]", s[: m.start()])[-1]
        ):
            continue  # "这部剧的女主是个律师": 是 said of someone or something else, not the speaker
        neg = s[max(0, m.start() - 2) : m.start()]
        if "不" in neg:  # "我不当老师了": the job that was
            continue
        if v.startswith("过"):
            continue  # "我当过三年老师", "在银行干过柜员": 过 after the verb tells a job once held, now over
        if _ZH_ONE_OFF.match(v):
            continue  # "今天去当了一天志愿者": a role for a day or a week is a one-off, no job
        # "我当了十年老师": the years it has been held are no part of the trade
        v = re.sub(r"^了?[一二两三四五六七八九十几半\d]+多?(?:年|个月)(?:的)?(?=[\u4e00-\u9fff])", "", v)
        if re.search(r"(?:以前|之前|原来|过去|曾经|当年|早年)(?:一直|也|都|还)?$", s[: m.start()]):
            continue  # "我以前是记者，…": the job of before, not the one now
        if v in ("学生",) and "研究生" in s:
            continue
        add(
            "job",
            v,
            "change" if re.search(r"辞职|不当|不干|改行|转行|换了|现在|开了|自己", s) else "statement",
        )
    m = _ZH_NOW_AT.search(s)
    was = _ZH_WAS_AT.search(s)
    was_at_firm = (
        was is not None and not is_place(was.group("w")) and not re.search(r"家|这|那|哪", was.group("w"))
    )
    if (
        m
        and (_ZH_OLD_EMPLOYER.search(s) or was_at_firm)
        # (the employer the clause of before names is the one that was: the clause filter below drops it)
        and not any(e.key == "employer" and not (was_at_firm and e.value in was.group("w")) for e in out)
    ):
        # "老东家又叫我回去，我不回，现在在京东物流挺好的": set against the employer before, where one
        # is now is the employer now (a city is a home, checked below)
        v = m.group("v")
        if not is_place(v) and not re.search(r"家里?$|^家|这|那|哪", v):
            add("employer", v, "change")
    m = _ZH_TRADE_AT.search(s)
    employers = {e.value for e in out if e.key == "employer"}
    if (
        m
        and not any(e.key == "job" for e in out)
        and any(e and e in (m.group("org") or m.group("org2")) for e in employers)
        and not re.search(
            r"(?:饭|菜|事|活|作业|家务|手术|项目|实验|检查|生意)$|[我你他她的]", m.group("v") or m.group("v2")
        )
    ):
        add(
            "job",
            m.group("v") or m.group("v2"),
            "change" if re.search(r"辞职|不当|不干|不在|改行|转行|换了|现在|入职", s) else "statement",
        )
    m = _ZH_PROMOTED.search(s)
    if m and not re.search(r"[没不]$", s[: m.start()]):
        # "我升主管了", "升职当经理了": the post one was raised to, a change over its plain statement
        out = [e for e in out if not (e.key == "job" and e.value == m.group("v"))]
        if not any(e.key == "job" for e in out):
            add("job", m.group("v"), "change")
    # "不是哦，我在杭州" to "你是在上海工作吗？": the answer word ahead leaves the clause where one is
    m = _ZH_HERE.match(_ZH_ANSWER_HEAD.sub("", s))
    # (where one grew up or was born is a home town, read below: "我在北京长大" is no home now)
    # (a spot by a place, its localiser last, is where one stands now: "我在北大门口", "在公司楼下")
    if (
        m
        and is_place(m.group("v"))
        and not re.search(
            r"(?:长大|出生)$|(?:门口|楼下|楼上|附近|路口|旁边|对面|外面|里面|边上|站)$", m.group("v")
        )
    ):
        add("residence", m.group("v"))  # "现在在上海。": nothing after the place, so it is home
    for m in _ZH_RESIDENCE.finditer(s):
        v = next((g for g in m.groups() if g), "").strip()
        if not v or ZH_NOT_A_HOME.search(v):
            continue
        if re.search(r"(?:没|没有|不|不会|不想|不要|别)$", s[: m.start()]):
            continue  # "我没嫁到外地", "不想搬到郊区": the move that did not happen
        if any(e.key == "employer" and e.value in v for e in out) and not is_place(v):
            continue  # "又回到腾讯上班了": the place of work gone back to, read above, is no home
        if (
            m.group("v5")
            or m.group("v6")
            or m.group("v7")
            or m.group("v8")
            or m.group("v9")
            or m.group("v10")
            or m.group("v11")
            or m.group("v12")
            or m.group("commute")
            or m.group("homeward")
            or m.group("settled")
            or m.group("dwelt")
            or m.group("arrived")
        ) and not is_place(v):
            continue  # "去一家外企工作了", "在酒店住了两晚": a firm or a stay, not a place one lives
        add(
            "residence",
            v,
            "statement"
            if m.group("v2") or m.group("v4") or m.group("v6") or m.group("commute") or m.group("homeward")
            else "change",
        )
    # "去年从南京搬到苏州，今年又搬回南京了": of a chain of moves, the last is where one lives
    moves = [e for e in out if e.key == "residence" and e.kind == "change"]
    if len(moves) > 1:
        out = [e for e in out if e.key != "residence" or e is moves[-1]]
    # "回老家重庆定居了" says where home was; "搬回老家西安" tells only the move (the labelled sets' reading)
    if "residence" in {e.key for e in out} and "回老家" in s and "搬回" not in s:
        add("hometown", next(e.value for e in out if e.key == "residence"), "statement")
    for value, pattern in _ZH_RELATION:
        m = pattern.search(s)
        # (nor one asked back as out of reach: "天天996，哪有空谈恋爱")
        if m and re.search(
            r"(?:想|梦想|愿望|希望|打算|准备|计划)[^，,。！!]{0,3}$|哪(?:有|来的?)(?:空|时间|功夫|心思|精力|钱)?$",
            s[: m.start()],
        ):
            continue  # "我的梦想是结婚", "打算明年领证": a state wished for or planned, not one's own yet
        if m:
            k = (
                "statement"
                if value in ("divorced",)
                and re.search(r"已经.{0,4}年", s)
                or value == "married"
                and re.search(r"结婚(?:已经)?[一二三四五六七八九十两几多\d]{1,3}年", s)
                else "change"
            )
            if (
                value == "dating"
                and not re.search(
                    r"在一起了|脱单了?|有对象了|有(?:男|女)朋?友[了啦]|复合|(?:处|谈|搞)(?:了个?)?对象", s
                )
            ) or (
                value == "single"
                and "单身" in s
                and "单身了" not in s
                and "又" not in s
                # "和他分了，现在单身": the breakup said with it makes it news
                and not re.search(r"分手|分了|离了|离婚", s)
            ):
                k = "statement"
            add("relationship", value, k)
            break
    m = _ZH_AGE.search(s)
    if m:
        n = _zh_int(m.group("v") or m.group("v2") or m.group("v3"))
        if n and 10 <= n < 100:
            add("age", str(n), "statement")
    m = _ZH_PET.search(s)
    # (the match may start on the keeper's 我, so the stance is read up to and with it)
    if m and re.search(r"(?:喜欢|讨厌|反对|不让|不同意|不准|嫌|受不了)[我你]?$", s[: m.start() + 1]):
        m = None  # "我妈不喜欢我养狗": a stance on the keeping, not an animal of the one who holds it
    if m and not (m.group("counted") and _ZH_PET_GONE.search(s)):  # ("我家那只狗没了": gone, below)
        add(
            "pet",
            m.group("v")
            or m.group("v2")
            or m.group("taken")
            or m.group("walked")
            or m.group("home_walked")
            or m.group("counted"),
            "statement",
        )
    for m in _ZH_PET_GONE.finditer(s):
        add("pet", m.group("v"), "lift")
    m = _ZH_GROWN.search(s) or _ZH_HOMETOWN.search(s)
    if m and m.groupdict().get("v7") and not is_place(m.group("v7")):
        m = None  # "我是做外贸的", "我是来帮忙的": of a trade or a purpose, no place
    if m and m.groupdict().get("v3") and not is_place(m.group("v3")):
        m = None  # "我是干饭人", "我是打工人": 我是X人 names a kind of person; only a place is a hometown
    if m:
        home = next(g for g in m.groups() if g)
        # "我是东北人，哈尔滨的": a clause after it that names a place alone narrows where
        narrower = re.match(r"\s*[，,]\s*(?P<w>[\u4e00-\u9fff]{2,4}?)的[。！!~～]*$", s[m.end() :])
        if m.groupdict().get("v3") and narrower and is_place(narrower.group("w")):
            home = narrower.group("w")
        add("hometown", home, "statement")
    m = _ZH_PINNED.search(s)
    if m and is_place(m.group("v")) and not any(e.key == "residence" for e in out):
        add("residence", m.group("v"), "statement")
    m = _ZH_ALLERGY.search(s)
    if m:
        add(
            "allergy",
            m.group("v") or m.group("latin") or m.group("sym") or m.group("v3") or m.group("v2"),
            "statement",
        )
    if _ZH_DIET_ENDED.search(s):
        add("diet", "素食", "lift")  # "最近开荤了", "不吃素了": the meatless diet is over
    elif _ZH_DIET.search(s):
        add("diet", "素食", "change" if "开始" in s else "statement")
    # "我毕业了", "终于研究生毕业了": the speaker's own study over, the school ends (school "none")
    if _ZH_GRADUATED.match(s) and not any(e.key == "school" for e in out):
        add("school", "none", "change")
    # the employment ends with nothing after it said: employer and job "none", as _ENDED_EN reads
    # (what one does now, said after it, is the news instead when it names a job or a firm; "辞职了，
    # 现在在家带娃" names none: the employer is over, and at home with the children is the job now)
    left = _left_firm_zh(s)
    taken = _ZH_ODD_JOB.search(s)
    if taken and left:
        add("job", taken.group("v"), "change")  # "星巴克不干了，找了个送外卖的活": the new work
    if (left or _ZH_JOB_ENDED.match(s)) and not any(e.key in ("employer", "job", "school") for e in out):
        add("employer", "none", "change")
        # ("辞职了，现在在家带娃": at home with the children is what one does now)
        add("job", "在家带娃" if re.search(r"在家带(?:娃|孩子|宝宝)|全职带娃", s) else "none", "change")
    elif left and not any(e.key == "employer" for e in out):
        add("employer", "none", "change")  # (the new work said names no firm)
    # "考上研了，九月去浙大": a level of study is no school; the school is where one goes for it
    level = next(
        (e for e in out if e.key == "school" and re.fullmatch(_ZH_LEVEL.pattern + "|研", e.value)), None
    )
    if level is not None:
        went = re.search(
            r"[，,]\s*(?:[0-9一二三四五六七八九十]{1,2}月|下个?月|明年|今年|秋天|开学)?(?:就)?(?:去|到|进|在)"
            r"(?P<v>[\u4e00-\u9fff]{2,6}?)(?:读|上学|报到|上课|了|[。！!，,]|$)",
            s,
        )
        if went and not is_place(went.group("v")):
            out = [e for e in out if e is not level] + [dataclasses.replace(level, value=went.group("v"))]
        elif level.value == "研":  # ("考上研了" alone: the level, no school named)
            out = [e for e in out if e is not level]
    # "我之前做会计，现在自己开了家花店": what a clause of before says was, when a clause of now says what is
    named = _ZH_TRADE_AT.search(s)
    for e in [e for e in out if e.key == "employer" and _ZH_GENERIC_FIRM.match(e.value)]:
        if named and not _ZH_GENERIC_FIRM.match(named.group("org")):
            out = [dataclasses.replace(x, value=named.group("org")) if x is e else x for x in out]
    # (a space between Chinese words parts clauses in chat as a comma does: "我以前在银行做柜员 现在做保险了";
    # and one's work is one thing: a job now leaves the employer of before no longer current)
    parts = re.split(r"[，,；;]|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])", s)
    now = [c for c in parts if re.search(r"现在|如今|目前|后来", c)]
    if now:
        was = [c for c in parts if re.search(_ZH_BEFORE, c) and c not in now]
        work = ("job", "employer")
        out = [
            e
            for e in out
            if not (
                e.key in ("job", "employer", "residence", "school")
                and any(e.value in c for c in was)
                and not any(e.value in c for c in now)
                and any((x.key == e.key or (e.key in work and x.key in work)) and x is not e for x in out)
            )
        ]
    return out


_ZH_LIKE = (
    r"喜欢上了|喜欢上(?=[\u4e00-\u9fffA-Za-z]{2})|喜欢|爱上了|爱上|爱吃|爱喝|爱看|爱玩|爱|迷上了|迷上|着迷|享受|离不开|喜次|百(?:吃|喝|看|听|玩|读)不厌|的铁粉|迷|是正道"
    # a thing one cannot give up ("奶茶我真戒不掉", "戒不了咖啡")
    r"|戒不掉|戒不了"
    # lost in it, never tired of it, unwell a day without it ("最近沉迷剧本杀", "烧烤我可以天天吃",
    # "咖啡我一天不喝就难受"; its praise in net slang, "螺蛳粉yyds", is _ZH_ACCLAIMED's)
    # (or able to go on all day at it: "羽毛球我能打一整天都不嫌累")
    # (or spending all day at it once begun: "钓鱼我一坐就是一整天", "一逛就是一下午")
    r"|一(?:坐|玩|看|打|钓|逛|泡|待|呆|刷|练|弹|画)就是(?:一整天|一天|一下午|一晚上|一整晚|一通宵|一宿|大半天|半天)"
    r"|沉迷于?|(?:可以|能)天天(?:吃|喝|看|玩|听)|(?:可以|能)(?:吃|喝|看|玩|听|打|踢|跑|游|逛|刷|唱)(?:上)?(?:一整天|一天|一下午|一晚上|一整晚|一通宵|一宿)(?:都|也)?(?:不嫌?(?:累|烦|腻))?|(?:吃|喝|看|听|玩)不腻|一天不(?:吃|喝|玩|看|听)就(?:难受|不舒服|浑身难受)"
    # praised capacity ("特别能吃辣"), the only thing taken ("现在只喝茶"), and a thing called one's
    # life or favourite ("X真的是我的命")
    r"|(?:(?<=很)|(?<=超)|(?<=挺)|(?<=太)|(?<=特别)|(?<=非常))能(?:吃|喝)|只(?:吃|喝|看|听)(?![了过完一说到见看听着])"
    # (or what keeps one going: "咖啡是我的续命水")
    r"|(?<=是)我的(?:命根子|命|最爱|心头好|快乐源泉|续命[\u4e00-\u9fff]{0,2})"
    # no resistance to it ("我对甜食没什么抵抗力", "奶茶我毫无抵抗力")
    r"|(?<!空气)(?<!病毒)(?<!感冒)(?<!细菌)(?<!降温)(?:没(?:什么|啥|有)?|毫无|零)抵抗力(?![^。！!]*?(?:感冒|生病|发烧|过敏))"
    # bought again and again, counted or without end ("这款面膜回购三次了", "无限回购"; a count or
    # 无限 tells it from a company's buyback)
    r"|回购(?:了)?(?:好几|[两三四五六七八九十几\d]+)(?:次|回)|无限回购|一直在?回购"
    # a thing to one's taste ("这家的菜很合我胃口")
    r"|(?<!不)(?<!不太)(?<!不怎么)(?:对|合)我(?:的)?(?:胃口|口味)"
)
_ZH_DISLIKE = (
    # (a capacity denied, "不太能吃辣", as a praised one is a liking)
    # (接受不了: a thing one cannot bring oneself to take, "鱼腥草我实在接受不了")
    # (fed up with it: "钉钉我是真的受够了")
    r"讨厌|烦|受够了|受不了|接受不了|接受不来|吃不了|喝不了|(?:碰|吃|喝|看)(?:都|也)不想(?:再)?(?:碰|吃|喝|看)|不(?:太|怎么|大)?能(?:吃|喝)|不碰|不敢(?:再)?(?:吃|喝|看|玩|听|碰)|(?:一点都|一点也|再也)?不想(?:再)?(?:吃|喝|看|玩|碰)|不感冒|不怎么感冒|不太感冒|不(?:怎么|太|大|再)?(?:吃|喝|看|玩|听|打)|不爱|"
    # a verb of liking negated ("不太爱吃", "已经不迷游戏了", "不再喜欢")
    r"不(?:怎么|太|大|那么|再)?(?:喜欢|爱|迷)|怕|反感|腻了|(?:吃|喝|看|听|用|玩|欣赏)不(?:惯|来)|(?:吃|喝|看|听|玩|用)不(?:下去|进去)"
    # can't stand it, stay in it, or summon any zest for it ("那味儿我扛不住", "足球我提不起劲")
    r"|(?:扛|顶|撑)不住|(?:待|呆)不住|提不起(?:劲儿?|兴趣|兴致)"
    # never again, of a place or a brand too ("Starbucks我是不会再去了", "那家店我再也不去了"): a
    # verdict on the thing, no plan called off
    r"|是?不会再(?:去|来|买|用|吃|喝|看|玩|碰)|再也不(?:会|想)?(?:去|来|买|用)"
)
_ZH_DEG = (
    # possessive (*+): "是真的" reads as one word or as 是 + 真的, and a backtracking star over
    # such a choice took seconds on a line of repeats (a degree word gives nothing back)
    # (可 is the spoken "so / really", "我奶奶可喜欢看越剧了", not 可以 / 可能 / 可是; a Latin degree
    # word in a mixed line is one too, "我super喜欢hiking")
    # (an emphasis before a stance: "一点都不喜欢", "根本不爱", "真心不喜欢", "压根儿不吃"; first, as
    # the star gives nothing back and 真 would take 真心's first character)
    # ("打死也不吃": not for one's life)
    r"(?:一点儿?(?:都|也)|根本|压根儿?|真心|实在|一向|确实|的确|打死(?:也|都)?"
    r"|最|特别|特|超级?|很|真的|真|好|非常|挺|太|比较|一般|有点|完全|彻底|从来|向来|已经|是真的|是|反而|反倒|重新|还是"
    # (more than before or than another: "现在更喜欢普洱")
    r"|更加|更"
    r"|(?:super|very|so|really|totally|extremely)\s*"
    # (可 only right before a stance or another degree word: 可乐, 可口, 可以 are words of their own)
    rf"|可(?=(?:真是?|太|是|最|不)?(?:{_ZH_LIKE}|{_ZH_DISLIKE})))*+"
)
_ZH_STANCE = re.compile(
    # (an adverb of how the stance came, "突然", "渐渐", stands before it like one of time)
    rf"我(?:这人|现在|最近|一直|也|就|还|突然|忽然|渐渐|慢慢|逐渐|居然|竟然)*{_ZH_DEG}(?:对(?P<pre>[\u4e00-\u9fffA-Za-z\- ]{{1,8}}?))?{_ZH_DEG}"
    rf"(?P<verb>{_ZH_DISLIKE}|{_ZH_LIKE})\s*+(?P<obj>[\u4e00-\u9fffA-Za-z\- ]{{0,10}}?)\s*(?:的东西|的味道|的)?(?:了|啊|呀|哦|！|。|，|$|\s)"
)
# thanks said before the answer ("谢谢好意", "多谢", "心领了")
_ZH_THANKS = re.compile(
    r"(?:谢谢|谢啦|谢了|多谢|感谢|心领了?)(?:你|您)?的?(?:好意|美意)?(?:了|啦|哈|啊)?[！!~～。]*"
)
# a link to the clause before ("不过", "但是") at the head of a clause
_ZH_LINK_HEAD = re.compile(r"^\s*(?:不过|但是?|可是|只是)\s*")  # (not the 可 of 可乐)
# how one reacts the moment a thing comes up: glad, or sick of it
_ZH_REACTION = (
    # (or one cannot walk on past it: "一看到小龙虾我就走不动道", "闻到烤红薯就挪不动腿")
    r"(?:(?P<up>开心|高兴|兴奋|来劲|流口水|馋|乐|(?:走|挪|迈)不动(?:道|路|腿|步)?)"
    rf"|(?P<down>{_ZH_DISLIKE}|头疼|头大|反胃|想吐|恶心|腻|犯困|发怵|心慌|难受|来气))"
)
# the moment a thing comes up (一提 / 一听到 / 一闻到 X 就 ...) and how one reacts: a taste of the thing
_ZH_AT_THE_MENTION = re.compile(
    # (the 一 may be dropped when 到 / 起 marks the meeting: "现在闻到冰美式的味道就犯恶心"; its smell,
    # sound or look is the thing's own)
    # (the one it befalls may stand before 就: "一闻到榴莲我就想吐"; so may the thing's music: "广场舞的音乐")
    r"(?:一(?:提|听|看|闻|想|说|见|吃|喝)(?:到|起)?|(?:提|听|看|闻|想|见)(?:到|起))(?P<obj>(?:(?!我)[\u4e00-\u9fffA-Za-z]){1,6}?)"
    r"(?:的(?:味道|味儿|气味|声音|样子|音乐|歌|画面|视频))?我?就(?:会|想|开始|有点|特别|很|犯)?"
    rf"{_ZH_REACTION}"
)
# the thing said first, then the moment it comes up: "烟味我一闻就想吐", "香菜我一吃就反胃"
_ZH_MENTIONED_FIRST = re.compile(
    r"^(?P<obj>(?![我你他她它这那今明昨])(?:(?!我)[\u4e00-\u9fffA-Za-z]){1,6}?)(?:这东西|这玩意儿?)?我?(?:现在)?"
    r"一(?:提|听|看|闻|想|说|见|吃|喝|碰)(?:到|起)?就(?:会|想|开始|有点|特别|很|犯)?"
    rf"{_ZH_REACTION}"
)
# an act that sours or lifts one's mood whenever one does it: "我一开会就头疼", "一加班就烦" (a mood,
# not a body's answer: "一吃药就犯困" says nothing of liking)
_ZH_MOOD_AT_ACT = re.compile(
    # (一 the numeral is no "as soon as": "一天不喝就头疼" misses it, _ZH_LIKE's; nor an act not done)
    # (nor a state of the body, the mind or the weather: "我一感冒就头疼", "一紧张就焦虑", "一变天就头疼")
    r"(?:^|我|[，,])(?:现在|最近)?一(?:到)?(?P<obj>(?!下子|下儿|感冒|发烧|生病|着凉|紧张|激动|生气|变天|降温|熬夜|闲下来|累|饿|困|"
    r"[提听看闻想说见吃喝碰天会直起样定点次个周年月])(?:(?![不没])[\u4e00-\u9fff]){2,4}?)就(?:会|开始|有点|特别|很|好)?"
    r"(?:(?P<down>头疼|头大|头痛|心烦|烦|来气|发怵|犯愁|焦虑|崩溃)|(?P<up>开心|高兴|兴奋|来劲))"
)
_ZH_INTERJECTION = re.compile(
    r"(?:别|不|哎呀?|唉|天哪|天啊|我的天|哦|噢|啊|嗯|呃|说实话|老实说|讲真|说真的|说句实话|实话实说)+[！!~～。…]*"
)
# ("海鲜我一口都不碰": the least amount, 一口都 / 一点也, stresses the no)
# (a Latin name may be longer: "Starbucks我是不会再去了")
_ZH_TOPICAL = re.compile(  # "榴莲我是真的吃不了", "排骨汤百喝不厌", "咸豆花才是正道", "咖啡我戒了"
    # (a time is no thing: "周末我不会再去了", "晚上我不会再吃了")
    rf"^(?!今天|今晚|明天|昨天|这周|这几天|最近|现在|今年|周末|晚上|早上|中午|下午|下周|下个?月|明年|以后|假期|平时|这次|下次|待会|一会)(?P<obj>[A-Za-z][A-Za-z\-]{{6,15}}|(?:(?!我)[\u4e00-\u9fffA-Za-z\- ]){{1,6}}?)(?:的东西|(?:这|那)(?:种|类|个)?(?:地方|东西|玩意儿?|味儿?|味道|气味|场合|场子))?(?:我|才|真是)?(?:现在|最近|已经|也|一直|早就|早|都|再也|就|一[\u4e00-\u9fff]?(?:都|也))*{_ZH_DEG}"
    # (an app uninstalled is given up as a habit is: "抖音我卸载了")
    rf"(?:一般|从来|真的|一直|始终|总是)?(?P<verb>{_ZH_DISLIKE}|{_ZH_LIKE}|正道|戒掉?(?=了)|卸载(?:掉)?(?=了))(?P<le>了(?=[。！!，,~～]|$))?"
)
# a choice of one thing over another ("比起出去看电影，我宁愿在家打游戏", "与其逛街，还不如睡觉"): the
# thing chosen is liked; the other is only less wanted here, no dislike of its own
_ZH_RATHER = re.compile(
    r"^(?:比起|与其|相比(?:于)?)[^，,。]{1,10}?[，,]?\s*(?:我|还|倒)?(?:宁愿|宁可|更愿意|不如|还是)+"
    # (curled up or lying at home before the act is where, not what: "我更愿意窝在家里打游戏")
    r"(?:(?:窝|待|呆|躺|宅)?在家里?|去|回家)?(?:(?:去|吃|喝|看|玩|打|听)(?=[\u4e00-\u9fffA-Za-z]{2}))?(?P<obj>(?!喜欢|爱|觉得)[\u4e00-\u9fffA-Za-z]{1,6}?)(?:吧|算了)?(?:[。！!，,~～]|$)"
)
# the other side of the choice, the price paid first ("我宁可多走二十分钟，也不想挤公交", "宁愿饿着也不吃
# 食堂"): what one will not do even at that price is disliked
_ZH_RATHER_NOT = re.compile(
    r"(?:宁可|宁愿|情愿)[^，,。]{1,12}?[，,]?\s*也(?:绝|决)?(?:不愿意|不愿|不想|不要|不肯|不)(?:再)?"
    r"(?:去|吃|喝|看|玩|坐|用)?(?P<obj>(?![我你他她它这那])[\u4e00-\u9fffA-Za-z]{1,6}?)(?:了|啊)?(?:[。！!，,~～]|$)"
)
_ZH_FAN = re.compile(
    r"是(?P<obj>[\u4e00-\u9fffA-Za-z\- ]{1,6}?)的(?:铁粉|粉丝|忠实粉丝)|是个(?P<obj2>[\u4e00-\u9fff]{1,4}?)迷"
    # the fan nouns 党 / 控 / 迷 after who one is ("本人资深抹茶党", "我是个十足的猫控", a third
    # person's "我老婆是个猫控"), an epithet of degree between, the noun at a word's end (not a
    # member of a party: "党员", "控制")
    r"|(?:(?:^|我|本人)(?:是|算是?)?(?:个|一个|一名|一枚)?|是(?:个|一个))"
    r"(?:资深的?|骨灰级|忠实|铁杆|十足的?|超级|重度|狂热的?|死忠)*"
    r"(?P<obj3>(?![是个一我])[\u4e00-\u9fffA-Za-z]{1,4}?)(?:党|控|迷)"
    r"(?=[，,。！!~～\s]|$|了|啊|呀|哈|一枚)"
)
_ZH_REFUSE = re.compile(
    r"(?:别|不要再?|不想再?|不用再?|以后别|这次别|今晚别)(?:[\u4e00-\u9fff]{0,3}?)?"
    # verbs of choosing, buying, cooking and having a thing
    r"(?:订|点|选|吃|喝|叫|去|买|做|看|包|煮|炒|烤|蒸|炖|煎)(?:了)?(?:那家|这家|那个)?"
    r"(?P<obj>[\u4e00-\u9fffA-Za-z]{1,6}?)(?:了|吧|啦|。|，|$)"
)
_ZH_AGAIN = re.compile(
    r"^(?:又是|又|还是)(?P<obj>[\u4e00-\u9fffA-Za-z]{1,6}?)[？?](?:饶了我吧|不要|算了|别了|不了|免了)"
)
_ZH_NEG_ANSWER = re.compile(
    r"^(?:我就不|不了|算了|免了|饶了我|我不)(?:喝|吃|去|要)?了?"
    # (given up, or not dared: "戒了", "早戒了", "不敢不敢"; a bare no to the act: "不去，…")
    r"|^(?:早|已经)?戒了(?=[，,。！!~～]|$)|^不敢|^不(?:去|吃|喝|要|玩|唱)(?:了)?(?=[，,。！!~～\s]|$)"
    # "我这把老骨头就不去凑热闹了": who declines (a few words), then 就不 and the act, closed by 了
    r"|^[^，,。！!？?]{0,8}?就不(?:去|来|吃|喝|要|玩|参加|凑|跟)[\u4e00-\u9fff]{0,6}了"
)
# "火锅就算了吧", "不去KTV了，太吵了": the thing offered, declined (checked against the offer)
_ZH_DECLINE = re.compile(
    r"^(?P<x>[\u4e00-\u9fffA-Za-z]{1,6}?)就?(?:算了|免了)|^不(?:去|吃|喝|要|看|玩|唱)(?P<y>[\u4e00-\u9fffA-Za-z]{0,6})了"
)
# the thing first, then (I) (just) don't + a verb + 了: "温泉我就不泡了", "蛋糕我还是不吃了"
_ZH_DECLINED_FIRST = re.compile(
    r"^(?P<x>(?![我你他她它这那])[\u4e00-\u9fffA-Za-z]{1,6}?)我?(?:就|还是|先|今天|这次|实在|真的?|是真的?|可)*"
    # (or a can't of the verb's result: "话剧我实在坐不住", "榴莲我吃不惯"; 不来 is 不惯's "not for me")
    r"(?:不(?:去|来)?[\u4e00-\u9fff]了|(?<!不)[\u4e00-\u9fff]不(?:住|下|惯|动|来)(?![\u4e00-\u9fff]{0,3}[吗呢？?]))"
)


def _meet_zh(a: str, b: str) -> bool:
    a, b = a.casefold(), b.casefold()
    return bool(a and b) and (a in b or b in a)


_ZH_YES_AFTER = re.compile(r"才怪|不行了|白不|走[！!。~]*$|去[！!]|还是去|我请")
# "羽毛球是我最喜欢的运动": the thing named first is the favourite
_ZH_FAVOURITE = re.compile(
    r"^(?P<obj>[\u4e00-\u9fffA-Za-z]{1,6}?)(?:是|算是|就是)我(?:最|特别|超)(?:喜欢|爱)的"
)
# the cleft of a stance, its 我 said or dropped: "我最烦的就是上夜班", "最喜欢的还是周末睡懒觉"
# (the thing after 是; 最 / 特别 marks the speaker's own strongest taste)
_ZH_CLEFT = re.compile(
    rf"^(?:我|本人)?(?:这辈子|平时|平生)?(?:最|特别|超)(?P<verb>{_ZH_DISLIKE}|喜欢|爱)(?:的|的事|的事情|的东西)"
    r"(?:就|还|其实|大概)?是(?P<obj>(?![我你他她它这那])[一-鿿A-Za-z]{1,8}?)(?:了|啦|啊|呀)?[。！!~～]*$"
)
# "去！" to "要不要一起去吃烧烤？": the verb of the offer said back alone
_ZH_POS_ANSWER = re.compile(
    r"^(?:可以呀|可以啊|好啊|好呀|行啊|走起|必须的|当然|早就想|(?:去|来|走)(?:啊|呀)?[！!~～。]*$)"
    # (the act offered said back with an exclamation, whatever follows: "来！冰的", "喝！三分糖去冰谢谢")
    r"|^(?:来|喝|吃|去|走|要)(?:啊|呀)?[！!]+"
    # a yes said as gladness at the offer ("求之不得", "那必须的", "太好了吧")
    r"|^(?:求之不得|那必须|那当然|太好了|太棒了|巴不得|正合我意|就等你这句话)"
    # how one wants the thing offered is a yes to it ("加俩蛋", "多放点辣", "要大份的")
    r"|(?:^|[！!，,。~～\s])(?:加|多放|少放|多加|少加|要)(?![不没了])(?:个|俩|两个?|一个|点|份|些)?[\u4e00-\u9fff]{1,3}(?:的|哈|吧)?[！!。~～]*$"
)


def _now_bare(clause: str) -> str:
    """A clause of a change of mind with its markers of now and of growing taken off, so the
    stance patterns read it ("越跑越喜欢" -> "喜欢")."""
    return re.sub(r"^(?:现在|反而|反倒|如今)+|越来越|越[\u4e00-\u9fff]越", "", clause.lstrip("我"))


def says_yes_zh(s: str) -> bool:
    """Whether a Chinese answer is a yes said with a no in it ("不去才怪了！", "钱就算了，我请")."""
    return bool(_ZH_YES_AFTER.search(s))


def _has_stance(clause: str) -> bool:
    """Whether a clause of a change of mind says a stance of its own (not of a pronoun: "怕它掉毛")."""
    m = _ZH_STANCE.search("我" + _now_bare(clause))
    return bool(m) and not re.match(r"[它他她你]", m.group("obj") or "")


# a time or aspect adverb at the head of a stance whose 我 is dropped ("最近迷上了…", "一直很怕…")
_ZH_DROPPED_I = re.compile(
    # (a link to the clause before leads too: "老家是湖南的，所以特别能吃辣")
    # (so does 就 / 只 / 也 / 越来越 after a clause that sets it up: "我木有啥爱好，就喜欢睡觉",
    # "越来越喜欢一个人旅行了")
    rf"^(?:最近|近来|这两年|这几年|一直|平时|其实|向来|从小|突然|忽然|渐渐|慢慢|居然|竟然|所以|因此|而且|但是|不过|可是"
    rf"|就|只|也|越来越|越发|愈发)"
    rf"(?=[\u4e00-\u9fff]{{0,3}}(?:{_ZH_LIKE}|{_ZH_DISLIKE}))"
)


# a clause that opens on a verb of liking or disliking, degree and negation before it, its subject
# dropped ("不喜欢吃辣了", "特别讨厌排队")
_ZH_STANCE_HEAD = re.compile(
    rf"^{_ZH_DEG}(?:不(?:怎么|太|大|那么|再)?)?(?:喜欢|爱吃|爱喝|爱看|爱玩|讨厌|受不了)"
    r"(?=[\u4e00-\u9fffA-Za-z])(?![就也都的吗吧呢啊不])"
)

# (a stage of life long past says before as 以前 does: "小时候最怕吃苦瓜，现在反倒挺喜欢的")
_ZH_BEFORE = r"以前|原来|之前|过去|曾经|小时候|从前|上学那会儿?|那时候"


def _flipped_since_zh(s: str, subject: str) -> list[Evidence]:
    """ "以前不爱喝咖啡，现在一天不喝都不行", "之前挺喜欢抖音的，现在觉得太浪费时间": a stance said of
    before, then a now that says no stance of its own (and no 也 / 还是 keeping it): the other
    way from before."""
    clauses = [c for c in re.split(r"[，,；;]", s) if c.strip()]
    said_before = None
    for pos, c in enumerate(clauses[:-1]):
        bare = re.sub(_ZH_BEFORE, "", c)
        m = _ZH_STANCE.search(bare if "我" in bare else "我" + bare) if bare != c else None
        if m:
            said_before = (pos, m)
            break
    if said_before is None:
        return _judged_before_zh(clauses, subject)
    pos, m = said_before
    later = clauses[pos + 1 :]
    if (
        not re.match(r"\s*(?:但是?|可是?|不过)?\s*我?(?:现在|如今|这两年|后来)", later[0])
        or re.search(r"也|还是|依然|仍然|照样|一直|照旧|更", "".join(later))
        or any(_has_stance(c) for c in later)
    ):
        return []
    obj = (m.group("obj") or m.group("pre") or "").strip()
    obj = re.sub(r"的$", "", obj)
    if len(obj) > 2:
        obj = re.sub(r"^(?:吃|喝|看|玩|听|去)(?=[\u4e00-\u9fff]{2})", "", obj)
    if not obj or re.match(r"[我你他她它这那]", obj):
        return []
    before_neg = bool(re.fullmatch(_ZH_DISLIKE, m.group("verb"))) or bool(
        re.search(r"不(?:太|怎么)?$", m.string[: m.start("verb")])
    )
    return _pref(subject, obj, 0.9 if before_neg else 0.1, "change")


# "以前觉得露营挺好玩": a judgement of the thing said of before (觉得 X 好玩 / 没意思)
_ZH_JUDGED = re.compile(
    r"觉得(?P<obj>[\u4e00-\u9fffA-Za-z]{1,6}?)(?:挺|很|特别|蛮|超|真|还|比较|非常|太|好)*"
    r"(?:(?P<up>好玩|有意思|有趣|好吃|好喝|好看|好听|不错|香)|(?P<down>没意思|无聊|难吃|难喝|难看|难听|没劲|苦|累|吵|腻|油|烦|臭))"
)
# the best of its kind to the senses ("吃来吃去还是觉得饺子最好吃", "川菜最难吃"): a taste of the thing
_ZH_BEST = re.compile(
    r"(?P<obj>[\u4e00-\u9fffA-Za-z]{1,10}?)(?:才是|还是|就是|是)?最(?:(?P<up>好吃|好喝|好看|好玩|好听|香)|(?P<down>难吃|难喝|难看|难听|无聊))"
    # (the judgement ends its clause: "咱们最好吃完再走" is "had better", no taste)
    r"(?=了|啦|啊|呀|[，,。！!~～\s]|$)"
)
# a thing at a Chinese line's head, no pronoun nor a day (a Latin name may be longer: "brunch店")
_ZH_THING_HEAD = r"(?![我你他她它这那今明昨每])(?:[A-Za-z]{3,12}[\u4e00-\u9fff]?|[\u4e00-\u9fffA-Za-z]{1,5}?)"
# a thing named first, then praised or damned to the senses with a degree word ("螺蛳粉真香", "香菜超难吃")
_ZH_PRAISED = re.compile(
    # (or growing so with each go, now: "综艺现在越看越没意思", "这游戏越玩越好玩")
    # (the place it is had at may lead, as in _ZH_ACCLAIMED: "那家火锅又贵又不好吃"; a Latin name may be
    # longer: "那家brunch店真的绝了"; 绝了 is as often exasperation, "北京堵车真的绝了", read so where
    # the line groans, below)
    rf"^(?:(?:这|那)家(?:店)?的?)?(?P<obj>{_ZH_THING_HEAD})"
    r"(?:现在|如今|最近)?(?:是)?"
    # (two faults at once, 又A又B: "又贵又难吃"; a degree stacked on 真的, "真的太难看了")
    r"(?:真的|真是|实在是?)?(?:真的?|太|好|超级?|也太|可真|巨|贼|越[\u4e00-\u9fff]越|又[\u4e00-\u9fff]{1,2}?又"
    # (or 很 / 挺 before a word of dullness, or none: "韩剧很无聊", "跑步没意思")
    r"|(?:很|挺|蛮|特别|非常)?(?=无聊|没意思|没劲|枯燥|无趣))"
    r"(?:(?P<up>香|好吃|好喝|好看|好玩|好听|绝了)|(?P<down>难吃|难喝|难看|难听|臭|无聊|没意思|没劲|枯燥|无趣|不好吃|不好喝|不好玩|不好看))"
    r"(?=了|啦|啊|呀|[，,。！!~～\s]|$)"
)
# the thing a line's first clause is about, before how it is said to be ("跑步真的坚持不下来", "那家火锅
# 真的一般"): what a later clause with no subject judges
_ZH_TOPIC_HEAD = re.compile(
    # (a time or where one is, not a thing: "周末都在家待着，太无聊了", "外面都是雨，太无聊了")
    rf"^(?:(?:这|那)家(?:店)?的?)?(?P<obj>(?!周末|假期|晚上|白天|早上|下午|外面|家里|日子|生活|最近|平时|上班|工作){_ZH_THING_HEAD})"
    r"(?=真的?|真是|实在|确实|也|都|是|就是)"
)
# the same praise said by a comparison won ("火锅比烧烤香多了": the hotpot, no taste of the barbecue
# of its own) or by the net's acclaim ("这家的烤鸭绝绝子", "螺蛳粉yyds"), after the place it is had at
_ZH_ACCLAIMED = re.compile(
    r"^(?:(?:这|那|他|她)家(?:店)?|这里|这个|那个)?的?(?P<obj>(?![我你他她它这那今明昨每])[\u4e00-\u9fffA-Za-z]{1,5}?)"
    r"(?:比(?P<other>[\u4e00-\u9fffA-Za-z]{1,5}?)(?:更|还|要)?"
    r"(?:(?P<up>香|好吃|好喝|好看|好玩|好听|舒服|有意思)|(?P<down>难吃|难喝|难看|难听|臭|无聊))(?:多了|得多|太多了?|[一百千万]+倍)?"
    r"(?=了|啦|啊|呀|[，,。！!~～\s]|$)"
    # (a Latin acclaim runs into the next clause once the space is gone: "杨枝甘露yyds每周必喝")
    r"|(?:真的?|简直|就是|真是|是)?(?P<acclaim>绝绝子|yyds|YYDS|永远的神|天花板|封神)(?![A-Za-z]))"
)
# a leisure habit ("我每个周日都去游泳", "一到周末就去钓鱼"): going again and again is a liking
_ZH_HABIT_LIKE = re.compile(
    # (a free moment that brings it on each time leads it too, "只要周末有空，我就去…", and so may
    # the stage of life since which it recurs, "退休后天天…")
    r"^(?:(?:(?:只要|每次|一)[\u4e00-\u9fff]{0,4}?有空(?:的话)?[，,]?\s*我?就|我?(?:[\u4e00-\u9fff]{1,3}?(?:后|以后))?"
    r"(?:每个?(?:周[一二三四五六日天末]?|星期[一二三四五六日天]?|礼拜[一二三四五六日天]?|周末|天|晚上?|早上?)(?:晚上|早上|下午|中午)?|天天|一有空就?|一到周末就?))"
    # (a moment of the day may anchor it, "每天下班都要去…", and a place come before the act with how
    # much of it after: "去江边跑上五公里" is running)
    r"(?:(?:[\u4e00-\u9fff]{1,3}?(?:后|以后)?)(?=都|就))?"
    # (kept without fail: "每个周末雷打不动去爬山")
    r"(?:雷打不动|风雨无阻|准时)?)"
    # (spending the time there is going there: "天天泡在棋牌室下象棋")
    r"(?:都|就)?(?:会|要)?(?:去|泡在|待在|耗在)(?:(?P<place>[\u4e00-\u9fff]{1,4}?)(?=[跑游骑爬走滑]\S*?[一二三四五六七八九十两半\d]))?"
    r"(?P<obj>[\u4e00-\u9fffA-Za-z]{2,6}?)(?:[，,。！!~～]|$)"
)
# the same thing ordered every time, at a place or of a kind: "每次去星巴克我都点燕麦拿铁", "我老公每次点外卖
# 都是麻辣香锅"
# (or passing it and never resisting: "每次路过那家面包店，都忍不住买个可颂")
_ZH_ORDERED_EACH_TIME = re.compile(
    r"^我?每次(?:去|来|到|在|点|叫|买|路过|经过)[\u4e00-\u9fffA-Za-z]{1,6}?[，,]?\s*我?(?:都|就|只)"
    r"(?:是|点|要|只点|忍不住(?:要|想)?(?:买|吃|喝|点|来))"
    r"(?:一?[杯份碗个])?(?P<obj>(?![我你他她它这那])[\u4e00-\u9fffA-Za-z]{2,6}?)(?:[，,。！!~～]|$)"
)
# a habit told by how often it is had, the thing first: "奶茶我一周得喝个四五杯", "火锅我一个月能吃三回"
_ZH_COUNTED_HABIT = re.compile(
    r"^(?P<obj>(?![我你他她它这那今明昨每])[\u4e00-\u9fffA-Za-z]{2,5}?)我?(?:一|每)个?(?:天|周|星期|礼拜|月)"
    r"(?:至少)?(?:都|得|要|能|会|就)*(?:喝|吃|看|玩|打|去|刷)(?:个|上)?[一两二三四五六七八九十\d]+"
)
# an activity kept up for a span, said first: "跑步我坚持三年了", "瑜伽我已经坚持了半年" (a habit held by
# choice, liked, as one counted each day is)
_ZH_KEPT_UP = re.compile(
    r"^(?P<obj>(?![我你他她它这那今明昨每])[\u4e00-\u9fffA-Za-z]{2,5}?)我?(?:已经|都|一直)*坚持(?:了)?(?:快|有|整整)?"
    r"[一两二三四五六七八九十几半\d]+多?(?:年|个月|个?星期|周)"
)
# a taste told by what one shuns each time: "聚餐我一般都避开火锅店", "点粉我都让老板别放香菜"
_ZH_AVOIDED = re.compile(
    r"(?:都|总是?|一般|从来|向来|尽量)[\u4e00-\u9fff]{0,2}?"
    # (the one told is the cook, not a report: "跟他说别加班了"; what is left out goes in, not "放在心上")
    r"(?:(?:避开|躲着|绕开|绕着)|(?:让|叫|跟)(?:(?!说)[\u4e00-\u9fff]){1,3}?(?:别|不要)(?:放|加)(?![在到进班]))"
    r"(?P<obj>(?![我你他她它这那])[\u4e00-\u9fffA-Za-z]{1,5}?)(?:[，,。！!~～]|$)"
)
# a gift wished for: "生日礼物我就想要个拍立得"
_ZH_GIFT_WISHED = re.compile(
    r"礼物[，,]?\s*我?(?:就|只|最)?(?:想要|想收到|就要)(?:个|一个|台|一台|件|一件|只|一只)?"
    r"(?P<obj>(?![我你他她它这那])[\u4e00-\u9fffA-Za-z]{2,6}?)(?:[，,。！!~～]|$)"
)
# what one goes to by duty, not by taste
_ZH_DUTY = re.compile(
    r"上班|上课|加班|开会|医院|复查|看病|打针|吃药|买菜|接|送|公司|学校|单位|工地|超市|银行|健身房报到"
)
# a pointing word in a thing's place ("这些", "那种东西", "这玩意儿"): it names no thing of its own
POINTING_ZH = re.compile(r"(?:这|那)(?:(?:些|个|种|样|类)(?:东西|玩意儿?)?|东西|玩意儿?)")
# interest lost in a thing named first ("羽毛球现在打不动了，也没啥兴趣了")
_ZH_LOST_INTEREST = re.compile(r"(?:也|都|早就?|已经)?(?:没(?:什么|啥|有)?|不感)兴趣了")


# what one did all the time before ("以前每天打游戏", "原来天天刷抖音")
_ZH_HABIT_BEFORE = re.compile(
    r"(?:每天|天天|经常|老是|总是|常常|一直|动不动就)(?:都)?(?P<obj>(?:打|玩|看|追|刷|喝|吃|逛|泡)[\u4e00-\u9fffA-Za-z]{1,4}?)(?=[，,。！!]|$)"
)


def _judged_before_zh(clauses: list[str], subject: str) -> list[Evidence]:
    """ "以前觉得露营挺好玩，现在完全没兴趣了": a judgement said of before, then a now that keeps
    nothing of it (no 也 / 还是, no judgement or stance of its own): the other way from before."""
    for pos, c in enumerate(clauses[:-1]):
        if not re.search(_ZH_BEFORE, c):
            continue
        m = _ZH_JUDGED.search(c)
        habit = _ZH_HABIT_BEFORE.search(c)
        if not m and habit and _ZH_LOST_INTEREST.search("".join(clauses[pos + 1 :])):
            # "以前每天打游戏，现在完全没兴趣了": what one did all the time, no interest left in it
            return _pref(subject, habit.group("obj"), 0.1, "change")
        if not m or re.match(r"[我你他她它这那]", m.group("obj")):
            return []
        later = clauses[pos + 1 :]
        if not re.match(r"\s*(?:但是?|可是?|不过)?\s*我?(?:现在|如今|这两年|后来)", later[0]) or re.search(
            r"也|还是|依然|仍然|照样|一直|照旧|更", "".join(later)
        ):
            return []
        # "现在我爱上了", "现在离不开了": a stance with no object of its own speaks of the thing before
        now = _ZH_STANCE.search("我" + _now_bare(later[0].strip()))
        if now and not (now.group("obj") or now.group("pre") or "").strip():
            up = not re.fullmatch(_ZH_DISLIKE, now.group("verb"))
            return _pref(subject, m.group("obj"), 0.9 if up else 0.1, "change")
        if any(_ZH_JUDGED.search(x) for x in later) or any(
            _has_stance(x) and not re.search(r"没兴趣|不感兴趣|没意思", x) for x in later
        ):
            return []
        return _pref(subject, m.group("obj"), 0.1 if m.group("up") else 0.9, "change")
    return []


def _switched_to_zh(later: list[str], given_up: str, subject: str) -> list[Evidence]:
    """ "咖啡我已经戒了，现在只喝茶": a thing given up, then a now-clause that takes another liked."""
    for c in later:
        bare = re.sub(r"^\s*(?:但是?|可是?|不过)?\s*我?(?:现在|如今)(?=\S)", "", c.strip())
        if bare == c.strip():
            continue
        m = _ZH_STANCE.search("我" + bare)
        obj = (m.group("obj") or "").strip() if m else ""
        if m and obj and obj != given_up and not re.fullmatch(_ZH_DISLIKE, m.group("verb")):
            obj = re.sub(r"^(?:吃|喝|看|玩|听)(?=[\u4e00-\u9fff])", "", obj) if len(obj) > 1 else obj
            return _pref(subject, obj, 0.9, "statement")
    return []


# an idiom of never touching a thing ("滴酒不沾", "烟酒不沾"): each thing it names
_ZH_NEVER_TOUCHES = re.compile(r"滴(?P<o>酒)不沾|(?P<o2>烟酒)不沾")


# a clause that turns against the one before it ("但是受不了咖喱", "不过不太爱吃辣")
_ZH_CONTRAST_HEAD = re.compile(
    rf"{_ZH_LINK_HEAD.pattern}(?:我)?(?=[\u4e00-\u9fff])|^\s*(?:然而|就是)(?:我)?(?=[\u4e00-\u9fff])"
)


def _prefs_zh(s: str, subject: str, offered: str) -> list[Evidence]:
    out: list[Evidence] = []
    if re.search(r"[？?]\s*$", s):
        return out  # "谁不喜欢钱呢？": a question, rhetorical or not, states no taste
    m = _ZH_FAVOURITE.search(s)
    if m and not re.match(r"[我你他她它这那]|今天|明天|昨天|今年|现在", m.group("obj")):
        return _pref(subject, m.group("obj"), 0.9, "statement")
    m = _ZH_NEVER_TOUCHES.search(s)
    if m:  # "老王现在滴酒不沾", "我烟酒不沾": none of it, ever
        kind = "change" if re.search(r"现在|如今|已经|早就|以前|原来", s) else "statement"
        return [e for o in (m.group("o") or m.group("o2")) for e in _pref(subject, o, 0.1, kind)]
    for clause in re.split(r"[，,；;]", s):
        m = _ZH_CLEFT.match(clause.strip())
        if m:
            obj = re.sub(r"^(?:吃|喝|看|玩|听)(?=[\u4e00-\u9fff]{2})", "", m.group("obj"))
            return _pref(
                subject, obj, 0.1 if re.fullmatch(_ZH_DISLIKE, m.group("verb")) else 0.9, "statement"
            )
    m = _ZH_AT_THE_MENTION.search(s) or _ZH_MENTIONED_FIRST.match(s) or _ZH_MOOD_AT_ACT.search(s)
    if m and not re.match(r"[我你他她它这那]", m.group("obj")):
        # "现在一提咖喱就怕": how one reacts the moment the thing comes up is one's taste of it
        kind = "change" if re.search(r"现在|如今|不再|已经|开始|了[。！!]?$", s) else "statement"
        return _pref(subject, m.group("obj"), 0.9 if m.group("up") else 0.1, kind)
    # "以前我爱喝可乐，现在完全不碰了": the clause that says now holds, with the object said before
    clauses = re.split(r"[，,；;]", s)
    now_marks = r"现在|如今|已经不|不再|重新|开始|越来越|越[\u4e00-\u9fff]越|戒了"
    now_clause = next((c for c in clauses if re.search(now_marks, c)), None)
    before_obj = ""
    kind = "statement"
    if now_clause is not None and len(clauses) > 1 and re.search(_ZH_BEFORE, s):
        kind = "change"
        # "现在每天都跑，越跑越喜欢", "现在戒了，不喝了": the last clause from the now on that says
        # a stance (or a quitting) speaks for now
        later = clauses[clauses.index(now_clause) :]
        said = [c for c in later if "戒" in c or _has_stance(c)]
        now_clause = said[-1] if said else now_clause
        for c in clauses:
            if c is now_clause:
                break
            bare = re.sub(_ZH_BEFORE, "", c)
            m = _ZH_STANCE.search(bare if "我" in bare else "我" + bare)
            if m:
                before_obj = m.group("obj") or m.group("pre") or ""
    elif re.search(r"现在|不再|重新|开始|已经不", s):
        kind = "change"
        # "现在我每天都喝咖啡，越来越喜欢了": a later clause says the stance with no thing; the
        # thing is the object of the act in the clause before it
        later = clauses[clauses.index(now_clause) :] if now_clause is not None else []
        said = [c for c in later[1:] if _has_stance(c)]
        if said:
            act = re.search(
                r"(?:喝|吃|看|玩|听|打|踢|弹|练|跑|去|爬)(?P<o>[\u4e00-\u9fffA-Za-z]{1,4}?)[。！!~～]*$",
                clauses[clauses.index(said[-1]) - 1].strip(),
            )
            if act and not re.match(r"[我你他她它这那]", act.group("o")):
                before_obj, now_clause = act.group("o"), said[-1]
    # "别别别，榴莲我是真吃不了": a clause of interjections only leaves the head to the next one
    # (so does a clause of thanks, "谢谢好意，不过海鲜我一口都不碰", whose next clause a link word may lead)
    head = next(
        (
            c
            for c in clauses
            if not (_ZH_INTERJECTION.fullmatch(c.strip()) or _ZH_THANKS.fullmatch(c.strip()))
        ),
        clauses[0],
    )
    said: set[str] = set()  # the keys of the stance before a clause of contrast
    for c in clauses if now_clause is None or kind == "statement" else [now_clause]:
        if out:
            # "喜欢寿司和拉面，但是受不了咖喱": past the first stance only a clause of contrast says another
            # (of another thing: "喜欢看电影，但是不喜欢去电影院" keeps the films, the cinema is no film)
            contrast = _ZH_CONTRAST_HEAD.match(c.strip())
            if not contrast:
                break
            c = c.strip()[contrast.end() :]
            said = {e.key for e in out}
        c2 = (
            c
            if c.startswith("我") or "我" in c[:4]
            else ("我" + re.sub(r"^(?:现在|反而|反倒)+", "", c) if kind == "change" else c)
        )
        lead = _ZH_DROPPED_I.match(c) if c2 is c else None
        if lead:  # "最近迷上了打羽毛球": a time adverb leads, the 我 is dropped
            c2 = "我" + c[lead.end() :]
        elif c2 is c and _ZH_STANCE_HEAD.match(c):
            # "最近胃不好，不喜欢吃辣了": a clause that opens on the stance verb is the speaker's
            c2 = "我" + c
        if kind == "change":
            c2 = re.sub(r"越来越|越[\u4e00-\u9fff]越", "", c2)
        m = _ZH_STANCE.search(c2)
        if (
            m
            and re.fullmatch(
                r"(?:吃|喝|看|玩|听|打)?", (m.group("obj") or m.group("pre") or before_obj).strip()
            )
            and c is head
        ):
            m = None  # "咖啡我一直喝不惯", "甜食我不太爱吃": no thing after the verb, the topic before it (below)
        if not m and kind == "change" and "戒" in c and before_obj:
            out += _pref(subject, before_obj, 0.1, "change")  # quit what was liked before
            break
        neg = False
        if m:
            verb = m.group("verb")
            obj = re.sub(
                r"^死(?:(?=\S)|了?$)", "", (m.group("obj") or m.group("pre") or before_obj).strip()
            )  # "爱死这首歌了"; "…，现在爱死了": the thing said before
            if re.match(r"(?:了|的)$|了|过(?:[他她你我它一]|$)", obj) or not obj:  # ("喜欢过他"; not 过年)
                obj = before_obj
            obj = (
                re.sub(r"^(?:吃|喝|看|玩|听|去|开|坐|打|踢|练|一个人)(?=[\u4e00-\u9fff]{2})", "", obj)
                if len(obj) > 2
                else obj
            )
            neg = bool(re.fullmatch(_ZH_DISLIKE, verb))
            if re.search(r"不(?:太|怎么)?$", c2[: m.start("verb")]) and not neg:
                neg = True
        else:
            # (the clause that says the now holds may name its thing first: "…，可乐现在碰都不想碰了")
            m = _ZH_TOPICAL.search(_ZH_LINK_HEAD.sub("", c)) if c is head or c is now_clause else None
            if not m:
                m2 = re.search(r"(?P<verb>开始)(?:喝|吃|玩|看)(?P<obj>[\u4e00-\u9fff]{1,4}?)了", c)
                if m2 and kind == "change":
                    out += _pref(subject, m2.group("obj"), 0.9, "change")
                continue
            obj = m.group("obj")
            if re.fullmatch(r"(?:太|好|超|真|很|挺|特别|非常|最|蛮|超级|真的)+", obj):
                continue  # "太爱了": a degree word before the verb is no thing; the thing is elsewhere
            if re.fullmatch(r"(?:那|那就)?(?:好吧?|行吧?|好的|算了?|罢了?)", obj):
                continue  # "好吧不吃了", "那算了不喝了": a yes or a giving up at the head is no thing
            if (
                "我" not in c[: m.end("verb")]
                and re.match(r"(?![那这它])[\u4e00-\u9fffA-Za-z]{2}", c[m.end() :])
                and not re.match(r"(?:了|的|啊|呀|哦|啦|吧|呢|嘛|死了)", c[m.end() :])
            ):
                # "小说里的主角最爱喝咖啡", "猫最讨厌洗澡": the verb has a thing of its own after it, so
                # what stands before it is who likes it (no 我 said): no taste of the speaker's
                continue
            # (given up or uninstalled; not 戒不掉, a thing one cannot give up)
            neg = bool(re.fullmatch(_ZH_DISLIKE, m.group("verb"))) or m.group("verb") in (
                "戒",
                "戒掉",
                "卸载",
                "卸载掉",
            )
            if m.group("verb").startswith("卸载") and re.search(r"重装|装回|又装|再装", s):
                continue  # "驱动我卸载了重装一下试试": taken off to be put back, no giving up
            if m.group("le") and neg:
                kind = "change"  # "羊肉我不吃了": 了 after the verb marks a change
        obj = re.sub(r"^(?:我们?家的?|我的)(?=[\u4e00-\u9fff])", "", obj or "")  # "离不开我家猫": the cat
        if (
            re.fullmatch(rf"(?:去|今|前)年|上个?月|上个?(?:周|星期)|前几天|{ZH_TIME}", obj)
            and kind == "change"
        ):
            # "我爸以前抽烟很凶，去年戒了": a time heads the clause, the thing is the act said before
            act = next(
                (
                    a.group("o")
                    for b in clauses[: clauses.index(c)]
                    if (
                        a := re.search(
                            r"(?P<o>(?:抽|喝|吃|打|玩|熬)[\u4e00-\u9fff]{1,2}?)(?:很|特别|挺|比较|也)?(?:凶|多|狠|猛|厉害|上瘾)",
                            b,
                        )
                    )
                ),
                before_obj,
            )
            if not act:
                continue
            obj = act
        if POINTING_ZH.fullmatch(obj):
            # "我最近不碰这些了" to "晚上整点小龙虾？": a pointing word stands for what was offered
            if not offered:
                continue
            obj = offered
        if (
            not obj
            or obj in ("我", "你", "他", "她", "这", "那", "它")
            or re.match(r"[我你他她它的]|[那这]是", obj)
        ):
            continue  # "我就不喝了": a pronoun is no thing liked; "我最喜欢的演员": 的 starts no thing
        if re.match(r"(?:做噩梦)", obj) or re.fullmatch(
            r"狠狠|狠|真的?|超级?|巨|贼|好|太|特别|非常|挺|蛮|爱了?|喜欢|不", obj
        ):
            continue  # ("狠狠爱了", "爱了爱了": how much, no thing)
        out += [e for e in _pref(subject, obj, 0.1 if neg else 0.9, kind) if e.key not in said]
    if len(out) == 1 and out[0].score < 0.5 and now_clause is not None:
        out += _switched_to_zh(clauses[clauses.index(now_clause) + 1 :], out[0].value, subject)
    if not out:
        m = _ZH_FAN.search(s)
        if m:
            out += _pref(
                subject,
                m.group("obj") or m.group("obj2") or m.group("obj3"),
                0.9,
                "statement",
            )
    if not out:
        out += _flipped_since_zh(s, subject)
    if not out:
        # "现在倒是觉得茄子挺香的": a judgement of the thing said now is a taste of it
        m = _ZH_JUDGED.search(s)
        # (the now said of the judging, not inside the thing: "我觉得现在的工作挺累")
        now = m and re.search(r"现在|如今|后来|反而|倒是|越[\u4e00-\u9fff]越", s.replace(m.group("obj"), ""))
        if (
            now
            and m
            # (a judgement of before is _flipped_since_zh's: "以前觉得钓鱼没意思，现在也这么觉得" keeps it)
            and not re.search(_ZH_BEFORE, s)
            and not re.match(r"[我你他她它这那]", m.group("obj"))
            and not m.group("obj").endswith("不")
        ):
            out += _pref(subject, m.group("obj"), 0.9 if m.group("up") else 0.1, "change")
    if not out:
        m = _ZH_BEST.search(s)
        obj = re.split(r"觉得|还是|就是|才是|都是|是|都", m.group("obj"))[-1] if m else ""
        if m and obj and not re.match(r"[我你他她它这那今明昨哪谁什]", obj):
            out += _pref(subject, obj, 0.9 if m.group("up") else 0.1, "statement")
    # (or a head clause that only points at a thing: "那个新出的奶茶牌子，…，已经回购三次")
    raised = re.match(r"^(?P<head>[^，,。？?]{1,14})[？?]\s*(?P<rest>\S.*)$", s) or re.match(
        r"^(?P<head>(?:这|那)(?:个|家|款|部)[\u4e00-\u9fffA-Za-z]{0,6}(?<![真是好太挺])的[\u4e00-\u9fffA-Za-z]{1,6})[，,]\s*(?P<rest>\S.*)$",
        s,
    )
    if not out and raised:
        # "楼下新开的那家日料？说实话很一般，不会再去了": the thing raised alone, then a verdict in a clause
        # with no thing of its own (the place or the relative before the thing is no part of it)
        thing = re.sub(r"^.*(?:的|那家|这家|那个|这个|那部|这部|那款|这款)", "", raised.group("head"))
        for c in re.split(r"[，,；;]", raised.group("rest")):
            c = re.sub(r"^(?:说实话|老实说|讲真|说真的|说句实话|实话实说|坦白说)[，,]?", "", c.strip())
            m = (_ZH_TOPICAL.match(thing + c) or _ZH_PRAISED.match(thing + c)) if thing and c else None
            if m and m.group("obj") == thing:
                up = m.groupdict().get("up") or (
                    "verb" in m.groupdict() and not re.fullmatch(_ZH_DISLIKE, m.group("verb"))
                )
                out += _pref(subject, thing, 0.9 if up else 0.1, "statement")
                break
    if not out:
        # (after a clause of interjections: "说真的，坐高铁比坐飞机舒服多了")
        s = re.sub(rf"^(?:{_ZH_INTERJECTION.pattern})[，,]\s*(?=\S)", "", s)
        m = _ZH_PRAISED.match(s) or _ZH_ACCLAIMED.match(s)
        head = _ZH_TOPIC_HEAD.match(s)
        if not m and head:
            # "跑步真的坚持不下来，太枯燥了", "那家火锅真的一般，又贵又不好吃": the thing the first clause
            # is about is what a later clause with no subject of its own judges
            m = next(
                (
                    f
                    for c in re.split(r"[，,；;]", s)[1:]
                    if (f := _ZH_PRAISED.match(head.group("obj") + c.strip()))
                ),
                None,
            )
        # ("孩子太好玩了": a person praised is no taste)
        # (nor someone by a word for people or a name: "新同事又高又好看", "小张越长越好看"; nor one's days,
        # "日子越过越没劲")
        if m and m.groupdict().get("up") == "绝了" and re.search(r"堵|又|停水|停电|坑|无语|服了|气死|烦", s):
            m = None  # "北京堵车真的绝了", "物业真的绝了，又停水": exasperation
        if m and not _a_person_or_days_zh(m.group("obj")):
            up = m.group("up") or m.groupdict().get("acclaim")
            out += _pref(subject, m.group("obj"), 0.9 if up else 0.1, "statement")
    if not out:
        m = _ZH_AVOIDED.search(s)
        if m and not _ZH_DUTY.search(m.group("obj")):
            out += _pref(subject, m.group("obj"), 0.2, "statement")
    if not out:
        m = _ZH_GIFT_WISHED.search(s)
        if m:
            out += _pref(subject, m.group("obj"), 0.7, "statement")
    if not out:
        m = (
            _ZH_HABIT_LIKE.match(s)
            or _ZH_COUNTED_HABIT.match(s)
            or _ZH_KEPT_UP.match(s)
            or _ZH_ORDERED_EACH_TIME.match(s)
        )
        if m and not _ZH_DUTY.search(m.group("obj")):
            # "跑上五公里": the act, without how much of it
            obj = re.sub(
                r"(?:上|个)?[一二三四五六七八九十两半\d]+(?:公里|圈|小时|个小时|趟|千米)$", "", m.group("obj")
            )
            obj = re.sub(r"^(?:打|踢|玩|逛|看|听|爬|跑)(?=[\u4e00-\u9fffA-Za-z]{2})", "", obj)
            # "书店泡一下午": the place, without how long one stays
            obj = re.sub(
                r"(?<=[\u4e00-\u9fffA-Za-z]{2})(?:泡|待|坐|耗|呆)上?(?:一|半|一整|整)?(?:下午|上午|晚上|天|整天)$",
                "",
                obj,
            )
            out += _pref(subject, obj, 0.7, "statement")
    if not out and _ZH_LOST_INTEREST.search(s) and "对" not in s:
        # the thing is the topic heading the sentence ("羽毛球现在打不动了，也没啥兴趣了")
        m = re.match(
            r"^(?P<obj>(?![我你他她它这那今明昨])[\u4e00-\u9fffA-Za-z]{2,5}?)(?:我|现在|最近|已经|早就|也|都|[，,])",
            s,
        )
        if m:
            out += _pref(subject, m.group("obj"), 0.3, "change")
    if not out:
        m = re.search(r"(?:所以|从来)不(?:看|吃|喝|玩|去)", s)
        t = re.match(r"^(?:看|吃|喝|玩)?(?P<obj>[\u4e00-\u9fff]{2,4}?)我", s)
        if m and t:
            out += _pref(subject, t.group("obj"), 0.1, "statement")
    if not out:
        # "火锅太油了，最近不想吃": a thing named first, then not wanted now
        # ("美式太苦了受不了", "香水味我一闻就头疼，受不了": in a later clause too, and after "一V就")
        for pos in [0] + [x.end() for x in re.finditer(r"[，,；;]\s*", s)]:
            m = re.match(
                r"(?P<obj>[\u4e00-\u9fffA-Za-z]{1,5}?)(?:太|真|好|有点|又|实在|也太|我?一(?:闻|看|听|吃|喝|碰|想)就)",
                s[pos:],
            )
            if (
                m
                and not re.match(r"[我你他她它这那今明昨]", m.group("obj"))
                and re.search(r"不想(?:再)?(?:吃|喝|去|看|玩|要)|吃不下|喝不下|受不了", s[pos + m.end() :])
            ):
                out += _pref(subject, m.group("obj"), 0.0, "refusal")
                break
    if not out:
        # "臭豆腐这种东西，我一辈子都不会碰", "别给我推荐剧本杀了，玩过一次就再也不想玩了": the thing
        # named as a topic (X这种东西) or as what not to be offered, then a clause that will never
        # have it again and names no thing of its own
        m = re.match(
            r"^(?:(?P<obj>(?![我你他她它这那今明昨])[\u4e00-\u9fffA-Za-z]{1,6}?)(?:这种东西|这玩意儿?|这东西|这种)"
            r"|(?:别|不要)(?:再)?(?:给我|跟我|帮我)?(?:推荐|安利|约我去|叫我去)(?P<obj2>[\u4e00-\u9fffA-Za-z]{2,6}?)了)[，,]",
            s,
        )
        if m and re.search(
            r"(?:一辈子|永远|再也|从来)(?:都|也)?不(?:会|想|敢)?(?:再)?(?:碰|吃|喝|玩|看|去|听)了?(?:[。！!~～]|$)",
            s[m.end() :],
        ):
            out += _pref(
                subject, m.group("obj") or m.group("obj2"), 0.1, "change" if "再也" in s else "statement"
            )
    if not out:
        # "饺子吃太多了", "奶茶喝腻了": a thing named first, then had too much of
        m = re.match(
            r"^(?P<obj>(?![我你他她它这那今明昨])[\u4e00-\u9fffA-Za-z]{1,5}?)(?:我|最近|这阵子|都)*"
            r"(?:吃|喝|看|听|玩)(?:得)?(?:太多|腻|够|烦|怕)了",
            s,
        )
        if m:
            out += _pref(subject, m.group("obj"), 0.0, "refusal")
    if not out:
        m = _ZH_AGAIN.search(s)
        if m:
            out += _pref(subject, m.group("obj"), 0.0, "refusal")
    if not out:
        m = _ZH_REFUSE.search(s)
        # "别再订X了" refuses X, and so does "别点X了，我不想吃"; "别订X了" calls a task off
        if (
            m
            and (
                re.search(r"再|以后|这次|今晚|又|总", s)
                or re.search(
                    r"我(?:也|就|真的|实在)?(?:不想(?:再)?(?:吃|喝|去|看|玩|要)|吃腻|喝腻|吃不下|喝不下|受不了)",
                    s[m.end() :],
                )
            )
            and not re.match(r"[我你他她它]", m.group("obj"))
        ):
            out += _pref(subject, m.group("obj"), 0.0, "refusal")
    if not out:
        m = _ZH_RATHER.match(s)
        if m and not re.match(r"[我你他她它这那]", m.group("obj")):
            out += _pref(subject, m.group("obj"), 0.7, "statement")
    if not out:
        m = _ZH_RATHER_NOT.search(s)
        if m:
            out += _pref(subject, m.group("obj"), 0.2, "statement")
    thing_first = _ZH_DECLINED_FIRST.match(s) if offered else None
    if thing_first and _meet_zh(thing_first.group("x"), offered) and not _ZH_YES_AFTER.search(s):
        # "温泉我就不泡了，受不了那股硫磺味" to "要不要一起去泡温泉？": the thing offered, said first, then
        # not done - whatever verb does it, and whatever reason follows
        out = [e for e in out if not _meet_zh(e.value, offered)] + _pref(subject, offered, 0.0, "refusal")
    if not out and offered:
        declined = _ZH_DECLINE.search(s)
        thing = declined and (declined.group("x") or declined.group("y") or "").lower()
        if _ZH_NEG_ANSWER.search(s) or (
            declined
            and not _ZH_YES_AFTER.search(s)
            and (not thing or offered.lower() in thing or thing in offered.lower())
        ):
            out += _pref(subject, offered, 0.0, "refusal")
        elif _ZH_POS_ANSWER.search(s):
            out += _pref(subject, offered, 1.0, "acceptance")
    return out + (comparison_beside_zh(s, subject, out) if out else [])


def _a_person_or_days_zh(thing: str) -> bool:
    """Whether a thing praised or damned is someone, or one's days, so no taste: "孩子太好玩了",
    "新同事又高又好看", "小张越长越好看", "日子越过越没劲"."""
    return thing in RELATIVES_ZH or bool(
        re.search(
            r"孩子|宝宝|小孩|人$|同事|老师|老板|朋友|同学|邻居|^[小老阿][\u4e00-\u9fff]$|日子|生活", thing
        )
    )


def comparison_beside_zh(s: str, subject: str, out: list[Evidence]) -> list[Evidence]:
    """ "冬天比夏天舒服多了，我这人最怕热": a comparison won at the line's head is a taste of its own
    beside a stance another clause says (the stance read first leaves the comparison unread)."""
    won = _ZH_ACCLAIMED.match(s)
    if (
        won
        and won.group("other")
        and not _a_person_or_days_zh(won.group("obj"))
        and not any(_meet_zh(e.value, won.group("obj")) for e in out)
    ):
        return _pref(subject, won.group("obj"), 0.9 if won.group("up") else 0.1, "statement")
    return []


_GENERIC_ZH = re.compile(
    r"^(?P<obj>[\u4e00-\u9fffA-Za-z\-]{1,5}?)(?:简直|真是|真的是|实在是?|就是|太|才是|也太|可真|是)(?P<pred>[\u4e00-\u9fff]{2,})"
)
_SLOT_ZH = re.compile(
    r"(?:到|在|进了?|回了?)(?P<v>[^\s我你他她们的了，。！？、\d年月天]{2,6}?)(?:了|。|，|工作|上班|读书|上学|定居|$)"
)
# news, not a trip: a verb of moving or joining, or "now" against before
_ZH_NEWS = re.compile(r"跳槽|搬|调到|调回|入职|转学|转到|定居|现在|换了|去了一家|进了")


def _generic_zh(s: str, subject: str, meaning) -> list[Evidence]:
    m = _GENERIC_ZH.match(s.strip())
    if not m or s.rstrip().endswith(("？", "?", "吗")) or re.match(r"[我你他她它这那今明昨]", m.group("obj")):
        return []
    sign = meaning.polarity(s, margin=_GENERIC_MARGIN)
    return _pref(subject, m.group("obj"), 0.9 if sign > 0 else 0.1, "statement") if sign else []


def _generic_facts_zh(s: str, subject: str, meaning) -> list[Evidence]:
    if s.rstrip().endswith(("？", "?", "吗")) or not _ZH_NEWS.search(s) or _ZH_FUTURE.search(s):
        return []
    slots = [
        m.group("v") for m in _SLOT_ZH.finditer(s) if not re.search(r"家里|这|那|哪|一起|工作", m.group("v"))
    ]
    if not slots:
        return []
    key = meaning.fact_key(s, allowed=("employer", "school", "residence"))
    return [Evidence("fact", subject, key, slots[-1], 0.5, "change")] if key else []


def extract_zh(s: str, subject: str, offered: str = "", meaning=None) -> list[Evidence]:
    """Facts and preferences of a Chinese first-person sentence ``s`` said by ``subject``."""
    facts = _facts_zh(s, subject)
    if not facts and meaning is not None:
        facts = _generic_facts_zh(s, subject, meaning)
    # ("最近发现芝士蛋糕好好吃": what one has found is the judgement that follows)
    prefs = _prefs_zh(
        re.sub(r"^(?:最近|今天|突然|后来|我)*(?:才)?发现(?:了)?(?=[\u4e00-\u9fffA-Za-z]{2})", "", s),
        subject,
        offered,
    )
    if not prefs and meaning is not None:
        prefs = _generic_zh(s, subject, meaning)
    return facts + prefs


# ----------------------------------------------------------------------------- register

_REGISTER_EN = (
    # "Scrap that, not going to the gym today": the opener takes back what was said before
    (r"(?i)^(?:scrap|scratch|forget) that[,.!]*\s+(?=\w)", ""),
    # "ok I take it back, this jazz album is amazing", "ok I get it now, podcasts are brilliant": a
    # mind changed, said before the new stance (which the rules read as said)
    (
        r"(?i)^(?:(?:ok|okay|fine|alright|right|ha|haha|lol)[,!.]*\s+)*(?:I\s+(?:take it back|get it now|get it|"
        r"stand corrected|was wrong|(?:have to|must|gotta|got to) admit(?: it)?)|(?:I'll|gotta|got to|have to|must) admit(?: it)?"
        r"|you were right|you win)[,.!:]*\s+(?=\w)",
        "",
    ),
    # a move or a job left in idiom: "made the move to Melbourne", "relocated down to London",
    # "chucked in the job at Woolies" (packed in, jacked in)
    (r"(?i)\bmade the move(?=\s+to\b)", "moved"),
    # "give me mountains any day": the thing one would always choose; "cats > dogs": one thing over another
    (
        r"(?i)\bgive me (?!(?:a|an|one|some|that|this|it|them|strength|time|patience)\b)([a-z][\w'\-]*(?: [a-z][\w'\-]*){0,2}?) any day\b",
        r"I love \1",
    ),
    (
        r"(?i)^([a-z][\w'\-]*(?: [a-z][\w'\-]*)?)\s*>\s*([a-z][\w'\-]*(?: [a-z][\w'\-]*)?)(?=\s*(?:$|[,.!;]))",
        r"\1 over \2 any day",
    ),
    # "left Barclays, now at HSBC": the "I'm" of the place one is at now dropped after a clause
    (r"(?<=[,;] )now at (?=[A-Z])", "I'm now at "),
    (r"(?i)\b(relocated|moved)\s+(?:down|up|over|out)\s+to\b", r"\1 to"),
    (r"(?i)\b(?:chucked|packed|jacked)\s+in\s+(?=(?:the|my)\s+job\b)", "quit "),
    (r"(?i)\b(quit|left)\s+the\s+job\b", r"\1 my job"),
    # "gone right off coffee lately": the change of taste with its "I've" dropped
    (
        # (not an idea dropped or an idiom: "gone off the idea", "gone right off the boil")
        r"(?i)^(?:(?:I've|I have)\s+)?(?:totally\s+|completely\s+|kinda\s+)?gone\s+(?:right\s+)?off\s+"
        r"(?=(?!(?:the\s+)?(?:idea|boil|rails|plan|deep end|grid|radar|script|it|them|him|her)\b)[a-z])",
        "I've gone off ",
    ),
    (r"^((?:ok|okay|k|kk|sure|yeah|yep|yes|alright|fine|no worries|np)[,!.]*\s+)?(?:ill|Ill)\b", r"\1I'll"),
    (r"\bim\b", "I'm"),
    # "me and my gf live in Toronto", "me and the kids moved to Leeds": the pair is "we" (a verb of
    # living or moving follows; "me and my fiancé are saving ..." keeps the fiancé)
    (
        r"(?i)^(?:me|I) (?:and|&|n) (?:my|the|our) (?:gf|bf|girlfriend|boyfriend|partner|wife|husband|hubby|fianc[ée]e?|"
        r"family|kids|flatmates?|roommates?|housemates?)(?= (?:live|lived|have lived|moved|just moved|finally moved)\b)",
        "we",
    ),
    # ("imma" / "ima" is "I'm going to": "Imma clean my room this evening")
    (r"(?i)\b(?:imma|ima|i'ma)\b", "I'm going to"),
    (r"\bi\b", "I"),
    (r"\bive\b", "I've"),
    (r"\b(?:tmrw|tmr|tmw|2moro|2morrow|tomoz)\b", "tomorrow"),
    (r"\btonite\b", "tonight"),
    (r"\bu\b", "you"),
    (r"\bur\b", "your"),
    (r"\bpls|plz\b", "please"),
    # chat's "k" / "kk" heading a line is "ok" ("k will send u the pics 2moro")
    (r"^(?:k|kk)\b[,!.]*\s+(?=\w)", "ok "),
    (r"(?i)^not (?:gonna|going to)\b", "I'm not going to"),
    # "Going to the lake was the best": a gerund subject, no plan (an assurance may come first:
    # "definitely gonna ring mum sat")
    (
        r"(?i)^(?:(definitely|totally|absolutely)\s+)?(?:gonna|going to)\b(?![^,;.!?]*\b(?:is|was|are|were)\b)",
        lambda m: f"I'm {m.group(1) + ' ' if m.group(1) else ''}going to",
    ),
    (r"^(?:been|Been)\s+(?=\w+ing\b|(?:at|with)\s+[A-Z])", "I've been "),
    (r"\bgonna\b", "going to"),
    # "Happy to chair the meeting": an offer; "Glad to hear it", "Happy to help whenever": a reaction
    (
        r"(?i)^(?:happy|glad) to\b(?!\s+(?:hear|see|know|read|learn|be|have|meet|talk|chat)\b)"
        r"(?!\s+help\s*(?:$|[,.!]|when|whenever|any|if))",
        "I'll",
    ),
    # "On it, will send the invoice tonight", "I'm on it - will send it": the acceptance, then the act
    # (and a plan said in the progressive after it, its "I'm" dropped, for a time ahead, the thing after
    # it: "on it, dropping the spare keys round yours tmrw", "sure - bringing the cake tonight"; only
    # after an acknowledgement: "Bring the wine tomorrow!", "Dreading the dentist tomorrow" are none)
    (
        r"(?i)^(?:will do|(?:I'?m\s+)?on it|ok|okay|sure|no worries|yep|yeah|leave it with me|no problem)\s*[,—–:-]+\s*"
        r"(?=(?!(?:missing|skipping|cancell?ing|dreading|hating|loving|losing|crying|keeping|considering|assuming|"
        r"including|playing|making|evening|nothing|something|everything|during)\b)[a-z]+ing\s+(?:the|a|an|my|your|his|her|our|their|it|them|you|some)\b[^.!?]*"
        r"\b(?:tomorrow|tonight|later today|this (?:afternoon|evening|weekend)|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b)",
        "I'm ",
    ),
    # (with no acknowledgement, only an errand that carries a thing to someone, for a time ahead:
    # "bringing the 月饼 round on Sunday", "dropping your drill back tomorrow"; not a trip, "flying to
    # Rome on Friday", nor a plan of one's own day)
    (
        # (a thing, not a day off or the stairs, and no wish: "taking the day off tomorrow", "bringing the
        # ladder back tomorrow would be nice")
        r"(?i)^(?![^.!?]*\b(?:would|could)\b)(?=(?:bringing|dropping|taking|returning|fetching|grabbing|picking)\s+"
        r"(?:the|a|an|my|your|his|her|our|their|some|it|them)\b"
        r"(?!\s+(?:day|days|time|morning|afternoon|evening|week|stairs|lift|bus|train|tube)\b)"
        r"[^.!?]*?\b(?:round|over|back|off|up|along)\b[^.!?]*"
        r"\b(?:tomorrow|tonight|later today|this (?:afternoon|evening|weekend)|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b)",
        "I'm ",
    ),
    (r"^(?:will do|(?:I'?m\s+|I\s+am\s+|i'?m\s+)?on it)\s*[,—–:-]*\s*(?=\w)", ""),
    (r"(?i)\bdone and dusted\b", "done"),
    # a stance said as a state with its "I'm" dropped at the head of a line ("big fan of thai food",
    # "totally hooked on chess"): the subject and the copula back
    (r"(?i)^(?:a\s+)?(?=(?:(?:big|huge|massive|real|total|die-?hard)\s+)?fan of\b)", "I'm a "),
    (
        r"(?i)^(?:(?:lately|honestly|tbh|ngl|these days|so|totally|kinda|really)\s+)*"
        r"(?=(?:obsessed with|hooked on|crazy about|mad about|fond of)\b|(?<=really )into\b|(?<=so )into\b)",
        "I'm ",
    ),
    # "could genuinely live on dumplings": the I dropped
    (
        r"(?i)^(?:(?:honestly|seriously|genuinely|literally|tbh|ngl),?\s+)*(?=could (?:\w+ly\s+)?live on\b)",
        "I ",
    ),
    # "honestly can't get enough of this sourdough": the stance with its "I" dropped
    (r"(?i)^(?:(?:honestly|seriously|really|tbh|ngl|just),?\s+)*(?=can't get enough of\b)", "I "),
    # "I'm off red wine these days": abstaining from a thing for now, a stance against it (not "off
    # to Paris", "off work", "off sick": a time after the thing says it is a habit dropped)
    (
        r"(?i)\bI(?:'m|\s+am)\s+(?:(?:completely|totally|kinda|a bit)\s+)?off\s+"
        r"(?=(?!(?:to|work|sick|duty|home|today|tomorrow|now|the hook|for)\b)[\w\- ]{2,30}?\s*"
        # (or "never again" after it: "I'm off gin, never again after Saturday")
        r"(?:\s(?:these days|at the moment|atm|for now|lately|for a while)|,?\s+never again|\s+for good)\b)",
        "I've gone off ",
    ),
    # the change told in the past: "went off running completely after the marathon", "I kinda went off
    # sushi", "went right off energy drinks" (a thing that went off, "the alarm went off", has no I before
    # it; nor a going: "went off to uni")
    (
        r"(?i)^(?:I\s+)?(?:(?:totally|completely|kinda|kind of|really|sort of)\s+)?went\s+(?:right\s+)?off\s+"
        r"(?=(?!(?:to|on|at|with|for|and|like|the rails|it|him|her|them|home|in|without|ok|okay|well|fine|brilliantly|"
        r"great|smoothly|perfectly|badly|sick|duty|early|pretty|really|alright|a treat|as|so|too|just|"
        r"beautifully|nicely)\b)[a-z])",
        "I've gone off ",
    ),
    # an answer word, then a stance with its I dropped: "me!! love sushi", "same, hate queues"
    (
        r"(?i)^(?:me|me too|same|same here|yes|yeah|yep|ooh|omg)\s*[!.,]+\s*(?=(?:love|adore|hate|enjoy|loathe)\s)",
        "I ",
    ),
    # a stance verb said as its noun ("I have a strong preference for aisle seats", "I've got a soft
    # spot for musicals"): the verb, as strong as the adjective says
    (
        r"(?i)\bI(?:\s+have|'ve got|\s+have got)\s+a\s+(?:(?P<deg>strong|real|definite|clear|big|huge)\s+|"
        r"(?:slight|mild|bit of a)\s+)?(?:preference|soft spot|weakness|liking|fondness)\s+for\b",
        lambda m: "I really prefer" if m.group("deg") else "I prefer",
    ),
    # a second verb of taste sharing the first's "I" ("I love jazz but hate opera", "...and loves
    # cats" once a third person's line is read as "I"): its subject said again, in the first person
    (
        r"^(?=I\b[^,;.!?]*?\b(?:love|like|enjoy|adore|hate|prefer)s?\b)([^,;.!?]*?\b(?:and|but))\s+"
        r"(?:(really|absolutely|totally|also)\s+)?(love|like|enjoy|adore|hate|loathe|despise|prefer)s?\b",
        lambda m: f"{m.group(1)} I {(m.group(2) or '') + ' ' if m.group(2) else ''}{m.group(3)}",
    ),
)


# emoji and pictographs closing a chat line ("水电费交了✅", "our place is a mess 😅"): tone, not words
_TRAILING_EMOJI = re.compile(r"[\s\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u200d]+$")


# a weekday's short name closing the clause of an act to come ("ill cover ur shift fri", "gonna
# ring mum sat, promise"): the day it is due, written out (only after a word of the future, and
# not after a pronoun, a determiner or a preposition: "where we sat", "out in the sun" stay words)
_SHORT_DAY_EN = re.compile(
    r"(?i)(\b(?:'ll|will|going to|gonna|can)\s[^,;.!?]*?\b(?!(?:i|we|you|he|she|they|it|who|the|a|an|in|of|on|at|and|just|some|my|your|our|his|her|their|where)\s)"
    r"[a-z']+\s)(mon|tues?|wed|weds|thu|thur|thurs|fri|sat|sun)(?=\s*(?:$|[,;.!?]))"
)
_DAY_NAMES_EN = {
    "mon": "Monday",
    "tue": "Tuesday",
    "wed": "Wednesday",
    "thu": "Thursday",
    "fri": "Friday",
    "sat": "Saturday",
    "sun": "Sunday",
}


def normalise_en(s: str) -> str:
    """Chat register as the rules read it: "ill send the pics tmrw" -> "I'll send the pics tomorrow",
    a dropped subject of "gonna ..." or "Happy to chair ..." back as "I"."""
    s = _TRAILING_EMOJI.sub("", s) or s
    for pattern, repl in _REGISTER_EN:
        s = re.sub(pattern, repl, s)
    return _SHORT_DAY_EN.sub(lambda m: m.group(1) + _DAY_NAMES_EN[m.group(2)[:3].lower()], s)


_ZH_REGISTER = (
    ("木有", "没有"),
    ("咋样", "怎么样"),
    ("明儿个", "明天"),
    ("明儿", "明天"),
    ("今儿个", "今天"),
    ("今儿", "今天"),
    ("搞掂", "搞定"),
    ("灰常", "非常"),  # the homophone spelling of 非常 ("我灰常喜欢")
)


# an English verb of a plan inside a Chinese clause, as bilingual chat writes it ("Linda 把今天的
# meeting cancel 了", "酒店 book 好了", "会 postpone 到周五了"): the Chinese verb it stands for, read before
# the line's script is weighed (its 了 and 把 are Chinese syntax). Only where the Chinese after it says
# it happened (了, 好, 到): "cancel 吧" proposes, "我 push 了代码" is no plan pushed
_EN_VERB_IN_ZH = (
    (re.compile(r"\s*\b(?i:cancel(?:led|ed)?)\b\s*掉?(?=了(?!吧))"), "取消"),
    (re.compile(r"\s*\b(?i:postpone(?:d)?)\b\s*(?=了(?!吧)|到)"), "推迟"),
    (re.compile(r"\s*\b(?i:delay(?:ed)?)\b\s*(?=到)"), "推迟"),
    (re.compile(r"\s*\b(?i:delay(?:ed)?)\b\s*(?=了)"), "延误"),
    (re.compile(r"\s*\b(?i:push(?:ed)?|reschedule(?:d)?)\b\s*(?=到)"), "改"),
    (re.compile(r"\s*\b(?i:book(?:ed)?)\b\s*(?=了|好|到)"), "订"),
    (re.compile(r"\s*\b(?i:confirm(?:ed)?)\b\s*(?=了|好)"), "确认"),
)


def en_verbs_in_zh(s: str) -> str:
    """``s`` with each English verb of a plan inside a Chinese clause read as the Chinese one
    ("Amy 把 dinner cancel 了" -> "Amy 把 dinner取消了")."""
    for pattern, verb in _EN_VERB_IN_ZH:
        s = pattern.sub(verb, s)
    return s


def normalise_zh(s: str) -> str:
    # "昨天就还了哈哈✅": a closing laugh or emoji is tone, not part of what was said
    s = re.sub(
        r"(?<=[\u4e00-\u9fff])(?:哈{2,}|呵呵+|嘿嘿+|嘻嘻+|hhh+)(?=[\s！!。~～]*$)",
        "",
        _TRAILING_EMOJI.sub("", s) or s,
    )
    for a, b in _ZH_REGISTER:
        s = s.replace(a, b)
    # "火锅吃不吃？", "奶茶喝不喝": the verb said yes-and-no asks, as 吗 does
    # (closing its clause, not the 要不要 / 来不来 that heads an offer: "要不要一起去吃烧烤？")
    # a yes or a no said over in haste is said once: "不吃不吃", "去去去！！", "要得要得"
    s = re.sub(
        r"^(不要|不吃|不喝|不去|不用|不了|不行|去|来|要|好|行|对|吃|喝|走|可以|要得|没问题)\1+(?=[！!，,。~～\s]|$)",
        r"\1",
        s,
    )
    # (not a no said twice: "不吃不吃")
    s = re.sub(r"(?<!不)([吃喝去看玩打唱])不\1(?:啊|呀)?(?:[？?]|(?=[，,。！!\s]|$))", r"\1吗？", s)
    # "等我下班给你回电话", "我下班给你打": once off work, the time the act is for
    s = re.sub(r"等我下班(?:了|以后|之后|后)?(?=给|就|再|马上|立刻|打|回|发)", "我下班后", s)
    s = re.sub(r"(?<=我)下班(?=给|就|再|打|回|发|去)", "下班后", s)
    # "我倒是挺喜欢香菜的", "我反而爱吃辣": the contrast with what another said is tone, not the stance
    s = re.sub(r"(?<=我)(?:倒是|倒|反而|反倒)(?=挺|很|还|蛮|超|特别|不|也|更|比较|[喜爱讨受])", "", s)
    # "谢谢亲爱的", "亲爱的，明天见": an endearment one is called by, no liking of anything
    s = re.sub(r"(?<![最我你他她])亲爱(?:的|哒)[，,\s]*", "", s) or s
    # a closing 哦 / 喔 / 哟 is tone, not part of the last word ("偶住在成都哦")
    s = re.sub(r"(?<=[\u4e00-\u9fff]{2})[哦喔哟]+(?=[~～。！!]*$)", "", s)
    # an acknowledgement typed before the line with no comma ("ok 明儿上午打给你") is a clause of its own
    s = re.sub(
        r"^(?:ok+|okay|OK|Ok|嗯嗯|收到)[\s,，]*(?=[\u4e00-\u9fff])",
        lambda m: m.group(0).strip(" ,，") + "，",
        s,
    )
    # the fillers of a line said aloud and typed by voice ("那个那个就是说我下周一之前呢会把方案改一版啊就这样"):
    # a head of 那个 / 就是说 / 嗯, a pause 呢 before the verb, a closing 就这样
    s = re.sub(
        r"^(?:(?:那个|嗯|呃|额|就是说|然后)[，,\s]*){2,}(?=[\u4e00-\u9fff])|^就是说[，,\s]*(?=我)", "", s
    )
    s = re.sub(r"(?<=[\u4e00-\u9fff])呢(?=会|要|就|得|先|再|把|还)", "", s)
    s = re.sub(r"[啊呀吧，,\s]*(?:就这样|就酱)(?:吧|啊|哈)?[。！!~～]*$", "", s) or s
    # a space typed between two Chinese words is a pause, the comma a chat leaves out ("我不去了 太吵了",
    # "阿明换工作了 现在在京东")
    s = re.sub(r"(?<=[\u4e00-\u9fff])[ \u3000]+(?=[\u4e00-\u9fff])", "，", s)
    # a line closed by the question particle 吗 is a question though no question mark is typed
    # ("要我帮你问问我朋友吗")
    s = re.sub(r"吗[~～。.]*$", "吗？", s)
    # "我不太稀饭吃甜的": the homophone of 喜欢 in the verb's place (after 我 or a degree or negation
    # word, before what is liked); 稀饭 as a dish follows a verb ("喝稀饭")
    s = re.sub(r"(?<=[我不太很超好最也都还真挺])稀饭(?=[\u4e00-\u9fffA-Za-z])", "喜欢", s)
    # a pinyin slip on 欢 (huan: 换, 环, 还) in the same slot ("我不喜换吃香菇")
    s = re.sub(r"(?<=[我不太很超好最也都还真挺])喜[换环还](?=[\u4e00-\u9fffA-Za-z])", "喜欢", s)
    # the northern 俺 ("俺是山东人", "俺们") is 我, and so is the cute 偶 heading a clause before a verb
    # ("偶在深圳做外贸滴"; not 偶尔, 偶像), whose closing 滴 is the 的 of 是…的
    s = re.sub(r"(?:^|(?<=[，,。；;！!\s]))俺(?=们|[\u4e00-\u9fff])", "我", s)
    ou = r"(?:^|(?<=[，,。；;！!\s]))偶(?=们|在|住|是|也|就|要|想|觉得|喜欢|爱|最|超|特别|不|没)"
    if re.search(ou, s):
        s = re.sub(ou, "我", s)
        s = re.sub(r"(?<=[\u4e00-\u9fff])滴(?=[\s，,。！!~～]|$)", "的", s)
    # an office's English time of day inside a Chinese line ("明天EOD之前"): the end of the working day
    s = re.sub(r"(?<![A-Za-z])(?:EOD|COB|eod|cob)(?![A-Za-z])", "下班", s)
    # the English days of a texted Chinese line ("weekend前把tripod还你", "tmr发你"): the Chinese day
    for en, zh in (
        (r"(?:this\s+)?weekend", "周末"),
        (r"tmr|tmrw|tomorrow", "明天"),
        (r"tonight|tonite", "今晚"),
        (r"next\s+week", "下周"),
    ):
        s = re.sub(rf"(?i)(?<![A-Za-z])(?:{en})(?![A-Za-z])(?=\s*[\u4e00-\u9fff])", zh, s)
    # the written register of a notice: 本人 heading a clause is "I", 将(于) the future ("本人将于周五前提交…")
    s = re.sub(r"(?:^|(?<=[，,。；;！!]))本人(?=将|会|已|于|在|[\u4e00-\u9fff]{2})", "我", s)
    # the unit one speaks for, in a notice (本部门, 本公司, 本单位 heading a clause): "we"
    s = re.sub(
        r"(?:^|(?<=[，,。；;！!]))本(?:部门|公司|单位|团队|中心|小组|组|处|科|店)(?=将|会|已|于|在|[\u4e00-\u9fff]{2})",
        "我们",
        s,
    )
    # (我方 / 我司 is the written "we"; a firm's own department heading a notice's line before 将于 / 将在,
    # "财务部将于本周五前提交…", is the unit the speaker speaks for - not a ministry in the news, 教育部)
    # (the humble 敝 / 鄙 of a letter to a client is the same "we": "敝司将于9月15日前寄送样品")
    s = re.sub(
        r"(?:^|(?<=[，,。；;！!]))(?:我(?:方|司|部|处|院|校)|(?:敝|鄙)(?:司|公司|单位|厂|店|校|处))(?=将|会|已|于|在)",
        "我们",
        s,
    )
    s = re.sub(
        r"(?:^|(?<=[，,。；;！!]))(?:财务|人事|行政|技术|市场|销售|采购|研发|法务|客服|运营|产品|设计|后勤|工程|质量|品质|生产|物流|信息|IT|综合|项目)(?:部|处|科|组|中心|办公室)(?=将(?:于|在))",
        "我们",
        s,
    )
    s = re.sub(r"(我们?)(?:将于|将在)", r"\1会在", s)
    s = re.sub(r"(我们?)将(?=[\u4e00-\u9fff])", r"\1会", s)
    # an emoji inside the line closes a clause as a comma would ("PPT搞定啦🎉🎉 熬到两点")
    s = re.sub(
        r"(?<=[\u4e00-\u9fffA-Za-z0-9])[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u200d]+\s*(?=\S)",
        "，",
        s,
    )
    # a 微信 run-on line whose clauses are parted by spaces, not commas ("今天一团乱麻 明天上午帮你签了");
    # after a closing particle the space parts clauses before a number or a Latin word too
    # ("教室订好了 302", "搞定啦 OK"), where elsewhere it only sets the word off ("在 Google 上班")
    s = re.sub(
        r"(?<=[\u4e00-\u9fff])[ \u3000]+(?=[\u4e00-\u9fff])|(?<=[了啦吧哈呢啊呀哦嘛喽])[ \u3000]+(?=[A-Za-z0-9])",
        "，",
        s,
    )
    # "报告我明天在改一版": the progressive 在 cannot follow a time still ahead; before an act it is
    # the homophone 再 ("then, again")
    s = re.sub(
        r"(明天|后天|明早|明晚|待会儿?|一会儿?|等会儿?|回头|晚点|下(?:个)?(?:周|星期|礼拜)[一二三四五六日天末]?)在"
        r"(?=改|发|写|做|看|弄|交|整理|检查|修|试|问|联系|确认|打|买|订|寄|送|还|处理|提交|补)",
        r"\1再",
        s,
    )
    # "我是无辣不欢": the idiom 无X不欢 (no joy without X) is loving X; "我妈一点辣都不吃": the thing
    # said inside 一点…都不 is the object after the verb ("一点都不吃辣")
    s = re.sub(r"无([\u4e00-\u9fff]{1,2}?)不欢", r"最爱\1", s)
    s = re.sub(r"一点儿?([\u4e00-\u9fff]{1,3}?)(都|也)不(吃|喝|碰|看|听|玩)", r"一点\2不\3\1", s)
    s = corrected_zh(s)
    # "我现在在 Google 上班": the spaces a Latin word is set off by join nothing in Chinese
    return re.sub(
        r"(?<=[\u4e00-\u9fff])[ \t]+(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])[ \t]+(?=[\u4e00-\u9fff])", "", s
    )


def school_run_zh(s: str) -> str:
    """The school run said as where the child studies: "每天早上先送儿子去实验小学，再赶去上班" ->
    "我儿子在实验小学读书，再赶去上班" - the child taken to a school (one named by its head: 小学, 中学,
    幼儿园, 学校 …) each day studies there; read before the subject of each clause is found."""
    kin = "|".join(k for k in sorted(RELATIVES_ZH, key=len, reverse=True) if k in ("儿子", "女儿", "闺女"))
    return re.sub(
        # (each day, not one day still ahead: "明天送儿子去实验小学" may be a visit)
        rf"^(?![^，,。]*?(?:明天|后天|下周|下个?月|周[一二三四五六日末]|改天))[^，,。]*?送(?:我家|我)?(?P<rel>{kin})(?:去|到)"
        r"(?P<x>[\u4e00-\u9fffA-Za-z]{1,8}?(?:小学|中学|幼儿园|学校|学院|附小|附中))"
        r"(?:上学|上课|读书)?(?=[，,。！!]|$)",
        r"我\g<rel>在\g<x>读书",
        s,
    )


def gapped_verb_zh(s: str) -> str:
    """A second clause that leaves out the verb the first one has: "我室友在华为上班，我在腾讯" ->
    "我室友在华为上班，我在腾讯上班" - the place after 在 is had in the same way (work, study);
    read before the subject of each clause is found."""
    return re.sub(
        r"(在[^，,。]{2,8}?(上班|工作|实习|读书|上学|读研|读博))([，,]\s*我(?:则|呢)?[，,]?在)"
        # (the place alone: "我在学校当老师" has its own verb; 在家 is at home, "我在家带娃", no place of work)
        r"((?!家)(?:(?!当|做|干|读|念|教|开|写|上|工作|实习)[\u4e00-\u9fffA-Za-z]){2,8}?)(?=[。！!~～]*$)",
        r"\1\3\4\2",
        s,
    )


# the words of owning up to a slip ("我说错了", "哦不对", "口误")
_ZH_SLIP_WORDS = r"(?:不对|说错了|口误|打错了|记错了|搞错了)"
# a slip owned up to in the same line, then the right word: "我老家是湖南的，哦不对，说错了，是湖北的"
_ZH_SELF_CORRECTED = re.compile(
    rf"^(?P<head>[^，,。！!？?]+?)[，,]\s*(?:(?:哦|噢|啊|呃|额|哎)*{_ZH_SLIP_WORDS}(?:了|啦)?[，,]?\s*)+"
    r"(?:应该|其实)?是(?P<right>[^，,。！!？?的]{1,8})的?(?=[，,。！!~～]|$)"
)


def corrected_zh(s: str) -> str:
    """The line as its speaker corrected it: the word a slip is owned up to is replaced by the one
    said after it - a day by a day ("周四我把合同发你，哦不对，是下周三"), the value of a 是 or
    a place by another ("我老家是湖南的，不对，说错了，是湖北的"); the correcting clauses go."""
    m = _ZH_SELF_CORRECTED.match(s)
    if not m:
        return s
    head, right, rest = m.group("head"), m.group("right"), s[m.end() :]
    if re.fullmatch(rf"(?:{ZH_TIME})+", right):
        days = list(re.finditer(rf"(?:{ZH_TIME})+", head))
        if not days:
            return s
        head = head[: days[-1].start()] + right + head[days[-1].end() :]
    else:
        # (the word after 是, or after the 在 / 到 of a place: "我住在朝阳，哦不对，是海淀")
        said = re.search(r"(?:是|在|到)(?P<wrong>[^，,。！!？?的在到是]{1,8})(?P<de>的?)$", head)
        if not said:
            return s
        head = head[: said.start("wrong")] + right + said.group("de")
    return head + rest


# ----------------------------------------------------------------------------- commitments and status

# a time said in Chinese, as the rules of promises, tasks and facts read it (text.due reads its date):
# a day of this or next month by its number ("本月25日", "下个月3号"), a day, a part of one, an hour,
# a week or month ahead, a span after now, a vague later (晚点, 回头), the end of the working day or
# a trip (下班前, 出差期间), a festival (清明, 中秋节)
ZH_TIME = (
    r"(?:(?:(?:[0-9一二三四五六七八九十]{1,2}|本|这个?|下个?)月[0-9一二三四五六七八九十]{1,3}[日号])|大后天|后天|明天|明早|明晚|今天|今晚|"
    # a day of this month by its number alone ("押金15号之前我退给你"; not a line, a floor or a seat: 三号线,
    # 5号楼) and the next few days ("这两天我给你修好")
    r"(?<![0-9一二三四五六七八九十月])[0-9一二三四五六七八九十]{1,3}号(?![线楼床房车位码口门])|这(?:两|几)天|"
    # a month and day with a dot before a deadline word ("3.10前"), as text.due reads it
    rf"{ZH_DOT_DATE}|"
    r"今早|下午|上午|晚上|早上|中午|[0-9一二三四五六七八九十两]{1,3}点(?:半|[0-9一二三四五六七八九十]{1,3}分?)?|下下?个?(?:周|星期|礼拜)[一二三四五六日天末]?|这个?(?:周|星期)[一二三四五六日天末]?|本周[一二三四五六日末]?|"
    r"(?:周|星期|礼拜)[一二三四五六日天末]|(?:这个?|本)?月底|月末|下个?月[初底末]?|[0-9一二三四五六七八九十]{1,2}(?:天|周|个星期|个月)[以之]?后|"
    # (right away is today's, text.due.ZH_RIGHT_AWAY; 等下 is as vague as 待会儿, not the wait for a
    # bus or the end of work, 等下一班车 / 在等下班)
    rf"一会儿?|待会儿?|等会儿?|(?<!在)等一?下(?![雨雪一班个])|{ZH_RIGHT_AWAY}|稍后|晚点|回头|一大早|一早|大清早|下班(?:以|之)?[后前]|出差期间|"
    # (a holiday, or the new year, as the time before or after which: "国庆后", "过完年", "年前")
    # (not years ago: "我三年前帮他搬过家")
    rf"{ZH_FESTIVALS}(?:以后|之后|过后|后|以前|之前|前)?|过完年|过了年|(?<![0-9一二三四五六七八九十两几多半])年[后前])"
)
_ZH_PAST_TIME = re.compile(r"昨天|昨晚|昨早|前天|刚才|刚刚|上周|上个?月|去年|已经")
_ZH_ACK = re.compile(
    r"^(?:行|好|好的|好嘞|没问题|OK|ok|Ok|可以|嗯|放心|这事包在我身上|包在我身上|交给我吧?)[，,、\s]*"
)
# the subject dropped, a time first, then an act for the other ("明天上午帮你签了", "周五前给你发过去")
_ZH_DROPPED_HEAD = re.compile(
    rf"^(?:那就|那|到时候?)?(?:{ZH_TIME}|之前|以前|前)+(?:就|再|会)?(?P<rest>(?:帮|替|给)(?:你|您)[\u4e00-\u9fff].*"
    # (or a thing taken in hand with 把, time found for it: "下周抽空把车开去保养了")
    r"|(?:抽空|找时间|抽时间)把[\u4e00-\u9fff].*)"
)
# the subject dropped, a time ahead, then 就 and an errand ("今晚就打电话过去", "下班就去取快递", "到家就给你
# 打电话"): the act set for that time
# an errand's verb, what one does for someone: what comes of itself (a parcel or pay arriving, the
# weather, term starting, knowing) is none
_ZH_ERRAND = re.compile(
    r"(?:去|来|过去|过来)?(?:打|给|帮|把|发(?!工资|奖金|薪水|年终奖|钱)|回(?![来去家])|联系|找|买|取|办|交|还|订|约|问|查|修|搬|接|弄|改|写|做|"
    r"安排|处理|转|寄|拿|送(?!到(?!你|您|家))|退|付|签|报|提|见面|收拾|洗|打扫|整理|搞定|弄好|办好)"
)
_ZH_DROPPED_JIU = re.compile(
    rf"^(?:那就|那|到时候?)?(?:{ZH_TIME}|下班|到家|回家|到了)+(?:一早|一大早)?(?:顺路|顺便|顺手)?就"
    # (an errand's verb: what comes of itself at that time is no act, a holiday, the weather, an exam, a
    # parcel arriving, "明天就能收到")
    rf"(?P<rest>(?:{_ZH_ERRAND.pattern}|去|来)"
    r"(?![\u4e00-\u9fff]*(?:到货|收到|拿到|了$))[\u4e00-\u9fff]*.*)"
)
_ZH_PROMISE_HEAD = re.compile(
    # "那我周四请你吃饭": a 那 / 那就 / 到时候 leading the clause follows on from what was said
    # (a span it is owed within too: "下周内我把合同签了")
    rf"^(?:那就|那么|那|到时候?)?(?:{ZH_TIME}|之前|以前|前|之内|以内|(?<=[周月天])内|在)*"
    # the occasion after its day ("周六聚餐我带酒"): what the promise is for, not who makes it
    rf"(?:(?<=[末一二三四五六日天晚午上])的?(?:聚餐|聚会|派对|开会|野餐|烧烤|团建|饭局|生日会|年会|例会))?"
    rf"[，,]?\s*我们?(?![们的])(?:{ZH_TIME}|之前|以前|前)*(?P<rest>.+)"
)
_ZH_NOT_ACT = re.compile(
    # a state ("好累", "太忙"), a thought ("在想…"), or no act at all
    r"^(?:是|在[^\s]{0,6}(?:上班|工作|住)|在(?:想|考虑|琢磨|犹豫|纠结)|觉得|(?:最|更)?(?:喜欢|爱|讨厌)|(?:也|就|都|还|只)?想|希望|有|没|不|(?:也|就|都|还)[不没]|挺|很|特别|最近"
    r"|好(?!好)|太|有点|真|超|比较|非常"
    # being somewhere and no more ("我明天之前都在家"), a birthday or an age reached ("明天我生日",
    # "下个月我满三十"): a day's state, nothing done
    r"|(?:都|也|一直|还|会)?在[\u4e00-\u9fff]{1,2}[。！!~～]*$|生日|满[一二三四五六七八九十\d]+岁?)"
)
# a state one will be in, not an act taken on for anyone ("20号之前我休假", "我明天请假", "下周出差")
ZH_AWAY = re.compile(
    r"^(?:要|得|会|去)?(?:休假|请假|放假|度假|出差|加班|值班|调休)(?:了|呢|中|一天|两天|几天)?(?:[，,。！!~～]|$)"
)


# a time with 前 after it is a deadline, ahead whatever the time: "下班前帮你签了", "月底前交了"
# (下班前 is a time of its own in ZH_TIME)
# a need said before 把 and its act ("这周得把报告写完了", "我今天必须把水管修好"): nothing done yet
# (得 of a verb is no need: 记得, 觉得, 值得)
ZH_NEED_BA = r"(?:(?<![记觉懂晓值显获取舍免使])得|必须|需要|应该|(?<!应)该)把"
# (or within it: "下周内我把合同签了")
ZH_DEADLINE = re.compile(rf"(?:{ZH_TIME})(?:(?:之|以)?前|(?:之|以)?内)|下班(?:之|以)?前")
_ZH_LONE_ACTS = frozenset("看发写改做买订打回交寄送弄办修问查")


def commitments_zh(s: str, subject: str, at, speaker: str) -> list[Evidence]:
    """A promise told by the time it is for: a future time anchor (or 来 / 争取 / 包在我身上)
    before or after the subject and an act, not a past one (月底前我把房租交了 is still ahead)."""
    from autogen_zettel.text.due import due_date

    if (
        s.rstrip().endswith(("？", "?", "吗"))
        or re.match(r"\s*(?:要不要|需不需要|要不|用不用)", s)  # ("要不要我帮你带杯咖啡": asked, no mark)
        or _ZH_PAST_TIME.search(s)
        # (a guess at one's own day is no promise either: "我明天估计会很忙", "大概去不了")
        # ("看看" alone is "let's see"; "去医院看看她" is a visit)
        or re.search(
            # (nor what was meant to be and was not: "我本来想今天去健身的", "原本打算明天走")
            r"看看(?![她他]|(?:你|爸|妈|爷|奶|姥|外公|外婆|孩子|老人|病人)(?![有能行]))|再说|也许|可能|说不定|估计|大概"
            r"|本来(?!就)|原本(?!就)|本想|原来想",
            s,
        )
    ):
        return []
    if re.search(r"哪儿|哪里|去哪|什么|怎么|要不要|是不是", s):
        return []  # "我在想周末去哪儿玩": what is still asked is not yet promised
    pledge = bool(re.search(r"包在我身上|交给我|放心", s))
    # (a time that only owns the thing, "我把周五的会取消了", is no time the act is set for)
    owner_only = not re.search(ZH_TIME, re.sub(rf"(?:{ZH_TIME})+的", "", s))
    # a favour for the listener done on the way, in a clause after one's own errand ("明天我去 Costco，
    # 顺手帮你带两箱水"): the favour is what is promised, the errand only the way
    favour = re.search(
        r"[，,]\s*(?:那|我)?(?:顺手|顺便|顺路)(?:就)?(?:帮|给|替)(?:你|您)(?P<act>[\u4e00-\u9fff]{2,10})", s
    )
    if favour and re.search(ZH_TIME, s):
        what = re.sub(r"[了吧啊呢哈呀哦啦嘛]+$", "", favour.group("act"))
        return [
            Evidence("commitment", subject, "", what, 0.5, "statement", due_date(normalise_zh(s), at), None)
        ]
    clauses = re.split(r"[，,；;。！!]", s)
    for i, clause in enumerate(clauses):
        clause = _ZH_ACK.sub("", clause.strip())
        if not clause:
            continue
        has_time = bool(re.search(ZH_TIME, clause)) or bool(re.search(ZH_TIME, s))
        m = _ZH_PROMISE_HEAD.match(clause) or _ZH_DROPPED_HEAD.match(clause)
        if not m and (m := _ZH_DROPPED_JIU.match(clause)):
            has_time = True  # "下班就去取快递": 下班 is the speaker's time
        if not m:
            # (a thing named before the time, and the way there, "钥匙明天一早给你送过去", "下班顺路就接了":
            # the act with its thing, under the word given)
            pm = re.match(
                rf"^(?P<topic>[\u4e00-\u9fff]{{1,4}}?)??(?:{ZH_TIME}|之前|以前|前|下班|到家|回家)+(?:一早|一大早)?"
                r"(?:顺路|顺便|顺手)?(?:就|再|会)?(?P<act>[\u4e00-\u9fff].*)",
                clause,
            )
            if pledge and pm and _ZH_ERRAND.match(pm.group("act")):
                rest = (pm.group("topic") or "") + re.sub(r"了$", "", pm.group("act"))  # "周五前搞定": 搞定
                return [
                    Evidence(
                        "commitment", subject, "", rest, 0.5, "statement", due_date(normalise_zh(s), at), None
                    )
                ]
            continue
        rest = re.sub(rf"^(?:{ZH_TIME}|之前|以前|前)+", "", m.group("rest"))
        home = re.match(r"(?:回家|到家|下班|到了|忙完|吃完饭)(?:以后|之后|后)?就", rest)
        if home:  # "我回家就给你回电话": the moment one gets home is the speaker's time
            has_time, rest = True, rest[home.end() :]
        given = re.match(
            # (跟 / 和 someone, not to be like them or go by feel: "我会跟你一样胖的", "我会跟着感觉走的")
            # (nor to keep up or get on, 跟不上 / 合得来, nor a skill, 和面)
            r"会(?:(?:跟|和)(?![^的]*?(?:一样|似的|差不多(?=的)|跟着|着感觉|不上|合得来|得来)|面|好的)|给|帮|替|把|告诉|通知|转告|提醒|联系"
            r"|准时|按时|早点|记得)[\u4e00-\u9fff]*?(?P<de>的)[。！!~～]*$",
            rest,
        )
        # "我会跟我妈说的": 会 ... 的 of an act for someone gives one's word ("我会游泳的" is a skill)
        if given:
            has_time, rest = True, rest[: given.start("de")]
        if re.match(r"才(?:能|会)?有空", rest):
            continue  # "我周五才有空": free only then, nothing taken on
        if (
            _ZH_NOT_ACT.match(rest)
            or ZH_AWAY.match(rest)
            or (len(rest) < 2 and not (has_time and rest in _ZH_LONE_ACTS))
        ):
            continue  # "我晚上看" to "你能帮我看看这份合同吗？" is a promise; its thing is asked
        if re.match(r"(?:去|来)?[\u4e00-\u9fff]了[一两三四五六七八九十几半\d]", rest):
            continue  # "今天我去买了一本书", "去跑了五公里": the perfective 了 and how much tell what happened
        # (负责任 is being responsible, no act taken on: "我负责任地说")
        if (
            _ZH_TIED_UP.match(rest)
            or re.match(rf"(?:{_ZH_CANT_VERB})不(?:了|成)", rest)
            or re.match(ZH_MOVE_TO, rest)
        ):
            continue  # "我明天走不开", "我周六去不了了": a day one cannot; "他改周日来": a day moved
        modal = re.match(r"(?:来|会|负责(?!任)|保证|一定|争取|尽量|马上|去|帮|替|给|把|开车|顺路)", rest)
        if not (has_time or (modal and modal.group(0) in ("来", "负责", "保证", "一定", "争取"))):
            continue
        if re.search(r"了[啦吧]?$", rest) and not (
            has_time
            and not owner_only
            and (
                "把" in rest
                or re.match(r"(?:帮|替|给)(?:你|您)", rest)
                and (_ZH_FUTURE.search(clause) or ZH_DEADLINE.search(clause))
            )
        ):
            continue  # "明天上午帮你签了": a 了 for the other under a day ahead is promised, not done
        what = re.sub(
            # (and the "not until" of it: "我下周一才能把报告给你" promises the report)
            rf"^(?:本来就|原本就|会|一定|保证|负责|争取|尽量|马上|就|还|得|要|打算|准备|计划|才能|才会|才|抽空|找时间|抽时间|答应(?:我们?|你)?|承诺|{ZH_TIME})+",
            "",
            rest,
        )
        what = re.sub(r"[了吧啊呢哈呀哦啦嘛]+$", "", what)
        after = [c.strip() for c in clauses[i + 1 :] if c.strip()]
        if what in ("来", "去") and after:
            what = ""  # "我来吧，我帮你把箱子搬下去": a bare 来 volunteers; the act is the next clause
        if not what:  # "我答应你，这周六陪你去看电影": the promise is the clause after the promising one
            what = (
                re.sub(
                    rf"^(?:我们?|会|一定|保证|负责|争取|尽量|马上|就|{ZH_TIME}|之前|以前|前)+", "", after[0]
                )
                if after
                else ""
            )
            if not what:
                continue
        return [
            Evidence(
                "commitment",
                subject,
                "",
                what,
                0.5,
                "statement",
                # the day its own clause names ("今天一团乱麻，…，明天上午帮你签了"), else the line's
                due_date(clause, at) or due_date(normalise_zh(s), at),
                speaker if subject != speaker else None,
            )
        ]  # fmt: skip
    return []


# people named by what they are, who do a task for someone ("the courier", "a guy", "the plumber")
_AGENT_NOUNS_EN = (
    r"guy|bloke|man|woman|lady|girl|lad|courier|postman|postie|driver|plumber|electrician|mechanic|landlord|"
    r"landlady|builders?|engineer|technician|cleaner|buyer|someone|somebody"
)
_STATUS_EN_DONE = re.compile(
    # someone named by a common noun did it to a thing: the thing is what was done ("the courier
    # collected the parcel", "a guy picked up the wardrobe this morning"), not the one who did it
    rf"^(?:(?:the|a|some|this|our|my)\s+)?(?:{_AGENT_NOUNS_EN})\s+(?:came\s+(?:and|to)\s+|finally\s+|just\s+|already\s+)?"
    rf"(?:{_DONE_PART}|picked up|took away)\s+(?:the|my|our)\s+(?P<w5>(?!(?:{RELATIVES_EN}|kid|baby|me|us|him|her|them)\b)[\w\-]+(?:\s+[\w\-]+){{0,2}}?)"
    r"(?=\s*(?:$|[,.;!])|\s+(?:this|last|yesterday|today|earlier|at|on|for|in|by)\b)"
    # a thing sold, by the speaker ("sold the old pram on marketplace for £60", "finally flogged the sofa")
    r"|^(?:(?:I|we)(?:'ve|\s+have)?\s+)?(?:just\s+|finally\s+|already\s+)?(?:sold|flogged)\s+(?:the|my|our)\s+"
    # (not an idea or one's soul or time, nor a dream sold to someone: "sold the dog a dream")
    r"(?P<w6>(?!(?:soul|idea|ideas|time|story|dream|concept|vision|pitch|plan|out)\b)(?![\w\-]+\s+an?\s)[\w\-]+(?:\s+[\w\-]+){0,2}?)(?=\s*(?:$|[,.;!])|\s+(?:on|for|to|at|this|last|yesterday|today|earlier)\b)"
    # (a thing one got seen to: "Got the tickets sorted"; a person is no thing done: "woman collected it",
    # nor an ack, "yep called them"; "I was booked on the early train" is turned away in _status_en)
    rf"|^(?:(?:yep|yes|ok|okay|all|so|and|finally),?\s+)*(?:(?:got|have|had)\s+(?=(?:the|my|our)\s))?(?:the\s+|my\s+|our\s+)?(?!consider\b)"
    rf"(?!(?:{_AGENT_NOUNS_EN}|yep|yes|yeah|ok|okay|done)\b)(?P<w>[\w'\- ]{{2,30}}?)(?:'s|\s+is|\s+are|\s+has been|'s been|\s+have been|\s+was|\s+were|\s*:)?\s+"
    rf"(?:all\s+|now\s+|finally\s+)?(?:{_DONE_PART})\b"
    rf"|\bgot round to\s+(?:\w+ing\s+)?(?:the\s+)?(?P<w2>[\w\- ]+?)(?=\s*(?:$|[,.;!]))"
    rf"|\b(?:all )?sorted with\s+(?:the\s+)?(?P<w3>[\w\- ]+?)(?=\s*(?:$|[,.;!]))"
    rf"|^(?:yep|yes|ok|okay|done),?\s+(?:rang|called|emailed|texted|phoned|messaged)\s+(?:them|him|her)\b"
    # (or the result alone after it, its thing the task spoken of: "ok sorted", "yep all paid")
    rf"|^(?:yep|yes|yeah|ok|okay),?\s+(?:all\s+)?(?:sorted|booked|paid|sent|fixed|handled|submitted)(?=\s*(?:$|[,.;!]))"
    rf"|^I\s+(?:already\s+|just\s+)?(?:{_DONE_PART})\s+(?:the\s+|my\s+|our\s+)?(?P<w4>[\w\- ]+?)(?=\s*(?:$|[,.;!]))",
    re.I,
)
# a plan that no longer holds though no cancelling verb is said: an act that can no longer happen
# ("can't help with the move anymore", "can no longer drive you"), or what was said of it taken back
# ("scratch what I said about hosting game night")
_NO_LONGER_EN = re.compile(
    r"\b(?:can't|cannot|can not|won't be able to|am not able to|isn't able to)\s+"
    # (not "can't come to X / do X / make X": the cancelling verbs below, which keep X alone)
    r"(?P<act>(?!(?:believe|wait|stand|stop|remember|find|see|hear|tell|sleep|think|afford|eat|drink|do|make)\b)"
    r"(?!(?:come|go)\s+to\b)"
    r"[a-z]+(?:\s+(?:with|out with|to|on|for))?(?:\s+(?:the|my|our|your|his|her)\s+)?\s*[\w'\- ]{0,30}?)\s+(?:anymore|any more|after all)\b"
    r"|\bcan no longer\s+(?P<act2>(?!(?:believe|stand|afford|eat|drink)\b)[a-z]+(?:\s+[\w'\-]+){0,4}?)(?=\s*(?:$|[,.;!]))"
    r"|\b(?:scratch|scrap|forget|ignore|disregard)\s+what\s+I\s+said\s+about\s+"
    r"(?P<said>(?:[a-z]+ing|the|our|my)\b[\w'\- ]{0,30}?)(?=\s*(?:$|[,.;!]))"
    # the formal register of it: "please disregard my earlier message regarding the lease"
    r"|\b(?:ignore|disregard)\s+(?:my|our|the)\s+(?:earlier|previous|last|prior|former)\s+"
    r"(?:message|email|e-mail|mail|note|text|letter)\s+(?:regarding|about|concerning|re|on|as to)\s+"
    r"(?:the\s+|our\s+|my\s+)?(?P<retracted>[\w'\- ]{2,30}?)(?=\s*(?:$|[,.;!]))",
    re.I,
)
_PUT_OFF_TO_EN = re.compile(
    rf"\b(?:{MOVE_VERB_EN}|postpon(?:e|es|ed|ing))\b.*?\b(?:back\s+)?(?:to|until|till)\s+{LATER_EN}",
    re.I,
)
# what a plan, an event or a project is called, for the words of chat that call one off and say
# other things too ("binned the leftovers", "axed 200 jobs", "pulled the plug on the kettle")
_PLAN_EN = (
    r"(?:(?!(?:for|of|with|from|in|at|on|to)\b)[\w'\-]+\s+){0,3}?(?:party|parties|trip|plans?|project|migration|move|meeting|launch|event|festival|night|"
    r"club|class|course|show|tour|podcast|newsletter|scheme|idea|holiday|wedding|dinner|lunch|drinks|do|gig|match|game|"
    r"session|rebuild|rewrite|redesign|release|sale|visit|reunion|quiz|bbq|barbecue|picnic|series|programme|program|"
    r"initiative|feature|membership|subscription|booking|appointment|deal|campaign|conference|workshop|retreat|"
    r"weekend|break|outing|day out|hike|run|ride|walk|viewing|interview|shoot|app|site|website|plan b|gym|merger|"
    r"partnership|collab|collaboration|challenge)(?:e?s)?\b"
)
_STATUS_EN_CANCEL = re.compile(
    r"\b(?:called off|cancelled|canceled|scrapped|shelve|shelved|scratch|skip|bailing on|bail on|bailed on|"
    # (the chat words for it, before a plan, an event or a project: "we've binned the Notion
    # migration", "they axed the summer party", "pulled the plug on the podcast"; not "canned beans",
    # "binned the leftovers", "axed 200 jobs")
    rf"(?:binned(?:\s+off)?|axed|canned|nixed|pull(?:ed|ing|s)? the plug on)(?=\s+(?:the\s+|our\s+|my\s+|whole\s+|entire\s+)*{_PLAN_EN})|"
    # put off to no day: "Let's rain check the drinks", "gonna have to take a rain check on lunch"
    r"rain[ -]?check(?:ing)?(?:\s+on)?|take a rain[ -]?check on|"
    # a plan thrown over or not taken up: "had to ditch the blood donation", "not bothering with the sale"
    r"ditch(?:ed|ing)?|not bothering with|(?:give|gave|given|giving) up on|"
    # (not a car out of a drive, a thing out of the fridge, a tooth or a chat: "pulled out of the car
    # park", "out of my bag a tenner"; a plan named after the place is one, "the garage sale")
    r"(?:pulling|pull|pulled) out of(?!\s+(?:the\s+|his\s+|her\s+|my\s+|our\s+)?(?:drive(?:way)?|car\s*park|road|junction|"
    r"garage|station|bay|space|lane|parking|chat|group(?:\s+chat)?|tooth|teeth|pocket|bag|oven|fridge|water|pool)\b"
    r"(?!\s+(?:sale|project|party|race|team|fundraiser|league|class|run|programme|program|event|night|match|trip|do|"
    r"show|competition|tournament|thing|swimming|polo|gala|quiz)\b))|withdrew from|"
    # a choice made against it: "decided against the pottery class", "opted out of the trip"
    r"(?:decided|deciding|decide) against|(?:opted|opting|opt) out of|(?:ruled|ruling) out|thought better of|"
    r"dropped out of(?!\s+(?:uni|university|college|school|my course|the course|sixth form|my degree)\b)|"
    # (not a thing dropped off: "dropping the spare keys round yours tmrw", a delivery)
    r"back(?:ed|ing)? out of|dropping(?!\s+(?:by|in\s+on|round)\b)"
    r"(?!\s+(?:[\w'\-]+\s+){1,4}?(?:round|over|off(?!\s+(?:my|the|our)\s+list))\b)|not doing|won't be|no longer doing|postponed|postpone|postponing|"
    r"put off|can't make it to|won't make it to|can't make|won't make|count me out (?:of|for)|can't do|"
    r"(?:can't (?:come|go)|won't be (?:coming|going)) to(?=\s+(?:the|my|our|your|his|her)\s|\s+[\w'\- ]{2,30}?\s+(?:after all|anymore|tonight|today|tomorrow)\b)|"
    r"(?:not|n't) (?:going to|gonna|be able to) make(?: it to)?|"
    r"(?:I'm|I am|we're|we are) not going to(?=\s+(?:the|my|our)\s|\s+[\w'\- ]{2,30}?\s+(?:after all|anymore)\b)|"
    # released from it by someone else: "I'm off the hook for the cake", "let off the washing-up"
    r"(?:I'm|I am|we're|we are)\s+(?:off the hook|let off|excused)\s+(?:for|from|with))"
    r"\s+(?:the\s+(?:whole\s+|entire\s+)?|my\s+|our\s+)?(?P<w>(?!(?:till|until|indefinitely|me|us)\b)[\w'\-/ ]{2,30}?)"
    r"(?=\s*(?:$|[,.;!])|\s+(?:tonight|today|tomorrow|until|for now|now|on|after all|in the end|this|anymore)\b"
    # (the time it is put off to is no part of the plan: "postponed the launch to Friday")
    rf"|\s+to\s+{LATER_EN})"
    # a plan moved to a later time is off for the time it had ("pushed the housewarming back to next
    # month", "the meeting got moved to Friday"): a verb of moving, the plan, then a time to move it to
    # (or left as it is until then: "let's leave the sofa till next weekend", not "leave it to Tom")
    rf"|\b(?:{MOVE_VERB_EN}|leav(?:e|ing)(?=\s+[\w'\-/ ]{{2,30}}?\s+(?:until|till)\s))\s+"
    rf"(?:the\s+|our\s+|my\s+)?(?P<w9>(?!(?:it|that|this|them|everything|in|out|house|home)\b)[\w'\-/ ]{{2,30}}?)\s+(?:back\s+)?(?:to|until|till)\s+{LATER_EN}"
    # (or back by a span: "We've pushed the launch back a week")
    rf"|\b{MOVE_VERB_EN}\s+(?:the\s+|our\s+|my\s+)?(?P<w12>(?!(?:it|that|this|them|everything)\b)[\w'\-/ ]{{2,30}}?)\s+back\s+"
    rf"(?:{SPAN_EN}|(?:a|an|one|two|three|a few|a couple of|\d+)\s+hours?\b)"
    # (the plan by a pro-form, named in the line before: "re the picnic" / "pushing it back a week,
    # forecast's grim": the speaker's open plan, no thing of its own)
    rf"|^(?:(?:I'm|I am|we're|we are|I'll|we'll|I've|we've)\s+)?(?:(?:gonna|going to|have to|got to)\s+)?(?P<pro>){PUT_IT_OFF_EN}"
    rf"|^(?:the\s+|our\s+|my\s+)?(?P<w10>(?!(?:i|we|you|he|she|they|it|this|that)\b)[\w'\-/ ]{{2,30}}?)\s+"
    rf"(?:got|was|has been|have been|'s been|is|are|'s|were)\s+(?:being\s+)?"
    # (or by a span: "Launch got pushed back two days"; or in the progressive: "Quiz is moving to ...")
    rf"(?:pushed|moved|bumped|shifted|shunted|delayed|rescheduled|postponed|moving)(?:\s+back)?(?:\s+(?:to|until|till)\s+{LATER_EN}|\s+(?:by\s+)?{SPAN_EN})?"
    # (moved to what is no time is a person's news: "Tom was moved to the night shift")
    rf"(?=\s*(?:$|[,.;!])|\s+(?:until|till)\b|\s+to\s+{LATER_EN})"
    # (the copula contracted onto the plan: "The viewing's been moved to next Tuesday")
    rf"|^(?:the\s+|our\s+|my\s+)?(?P<w11>(?!(?:i|we|you|he|she|they|it|this|that|there|what)\b)[a-z][\w\-]*(?:\s+[\w\-]+)?)'s\s+(?:been\s+|being\s+)?"
    # (or in the progressive: "Book club's moving to the Thursday after")
    rf"(?:pushed|moved|bumped|shifted|shunted|delayed|rescheduled|moving|being moved)(?:\s+back)?\s+(?:to|until|till)\s+{LATER_EN}"
    # (or telegraphic, the copula dropped: "cake pickup moved to Saturday, bakery's shut Friday")
    rf"|^(?:the\s+|our\s+|my\s+)?(?P<w16>(?!(?:i|we|you|he|she|they|it|this|that|there|what)\b)[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)\s+"
    rf"(?:pushed|moved|bumped|shifted|rescheduled|postponed)(?:\s+back)?\s+(?:to|until|till)\s+{LATER_EN}"
    # a plan knocked on the head: "we knocked the book club on the head"
    rf"|\bknock(?:ed|ing|s)?\s+(?:the|our|my)\s+(?P<w14>{_PLAN_EN})\s+on\s+the\s+head\b"
    # (or said so of it: "the trip's been axed", "the whole rebuild got binned"; not "my phone got binned")
    rf"|^(?:(?:the|our|my)\s+)?(?:whole\s+|entire\s+)?(?P<w15>{_PLAN_EN})(?:'s|\s+(?:is|was|has|got|have|were))\s+(?:been\s+)?"
    r"(?:axed|binned|canned|nixed)\b"
    # "no swimming this Saturday": the plan's activity denied for the day it was set
    r"|^no\s+(?!(?:worries|worry|problem|problems|probs?|way|idea|clue|rush|pressure|doubt|need|matter|chance|"
    r"wonder|kidding|luck|news|one|time)\b)(?P<w8>[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)\s+"
    # (or denied outright, "after all": "No boat trip after all, the ferry isn't running")
    r"(?=(?:this|on|tomorrow|tonight|today|next|after\s+all)\b)"
    r"|^(?:the\s+)?(?P<w2>[\w'\- ]{2,30}?)(?:\s+on\s+\w+)?\s+(?:is|'s|got|was|has been|'s been|have been|were)\s+"
    # (or judged as not going ahead: "Quiz is a no-go", "the trip's a non-starter", "not happening")
    # (a no-go closing its clause: "Dairy is a no-go for me" is a restriction)
    r"(?:off|cancelled|canceled|called off|postponed|scrapped|(?:a\s+no-?go|a\s+non-?starter)(?=\s*(?:$|[,.;!]))|not happening"
    # (called off by the weather, or set aside for now: "the match got rained off", "Kitchen's on
    # hold till the plasterer's been", a postponement read below)
    r"|rained\s+off|rained\s+out|on\s+hold|on\s+ice|on\s+the\s+back\s+burner)(?![\w\-])"
    # (the negation contracted onto the copula, the plan dropped: "Raj's leaving do isn't happening anymore")
    r"|^(?:the\s+)?(?P<w13>[\w'\- ]{2,30}?)\s+(?:isn't|aren't|is not|are not|won't be)\s+happening\s+"
    r"(?:anymore|any more|after all|now)\b"
    # "The party's off": the contracted copula only after a determiner ("Tom's cancelled" is his news)
    r"|^(?:the|our|my|this|that)\s+(?P<w4>[\w'\- ]{2,30}?)(?:\s+on\s+\w+)?'s(?:\s+been)?\s+"
    r"(?:off(?!\s+(?:to|sick|work|for|on|duty|until|till|the|with|again|home)\b)|cancelled|canceled|called off|postponed|scrapped|"
    r"a\s+no-?go(?![\w\-])|a\s+non-?starter|not happening)\b"
    # a phrasal verb with its particle after the object: "Called it off", "we put the trip off"
    r"|^(?:(?:I|we)(?:'ve|\s+have|'d|\s+had)?\s+)?(?:just\s+|finally\s+)?(?:call(?:ed|ing)?|put(?:ting)?)\s+"
    r"(?:it|that|this|them|everything|(?:the|our|my)\s+(?P<w5>[\w\-]+(?:\s+[\w\-]+){0,2}?))\s+off\b"
    r"|^(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|already\s+)?(?:cancell?ed|canceled)(?=\s*(?:$|[,.;!]))"
    # "Dinner's cancelled": a bare noun with the contracted copula, when nothing follows the verb
    # ("Tom's cancelled the trip" has an object: his news)
    r"|^(?P<w6>[A-Za-z][\w\-]*)'s(?:\s+been)?\s+(?:cancell?ed|canceled|postponed|scrapped|called off|a\s+no-?go(?=\s*(?:$|[,.;!]))|a\s+non-?starter"
    # (or set aside until something else is done: "Kitchen's on hold till the plasterer's been")
    r"|on\s+hold|rained\s+off)"
    r"(?=\s*(?:$|[,.;!])|\s+(?:until|till)\s+further\s+notice\b|\s+indefinitely\b|(?<=hold)\s+(?:until|till)\b)"
    # a headline without its copula, "Dentist appt cancelled": a thing of one to three words (no
    # pronoun, no "I"), then the participle and nothing after it
    r"|^(?:the\s+|my\s+|our\s+)?(?P<w7>(?!(?:i|we|you|he|she|they|it|this|that|everything|all)\b)[a-z][\w\-]*"
    r"(?:\s+[\w\-]+){0,2}?)\s+(?:cancell?ed|canceled|postponed|called off|rained off|rained out)(?=\s*(?:$|[,.;!]))",
    re.I,
)
# a plan the speaker gives up, in the negated act itself: "I'm not repainting the kitchen after
# all", "we can't host the book club anymore", "Can't visit Mum this Sunday after all" (the first
# person, said or dropped before can't / won't, a negation of doing or of being able
# to, the act and its object, then "after all" / "anymore", which mark a plan dropped, not a habit)
_GIVEN_UP_EN = re.compile(
    r"^(?:(?:I|we)(?:'m|\s+am|'re|\s+are)?\s+|(?=can't|cannot|won't))"
    r"(?:not|no longer|can't|cannot|can no longer|won't|will not|"
    r"won't be able to|(?:am|are|'m|'re)\s+not able to)\s+(?:be\s+)?"
    # a habit of eating, drinking or smoking given up is a taste or a restriction, not a plan
    r"(?!(?:eat|drink|smok|vap|hav)(?:e|es|ing|s)?\b)(?:[a-z]+ing|[a-z]+)\s+"
    r"(?:the\s+|my\s+|our\s+|your\s+)?(?P<w>[\w'\- ]{2,30}?)\s+(?:after all|anymore|any more)\b",
    re.I,
)
# a plan dropped in a negated future of doing it, with no "after all" to mark it: the progressive
# "I won't be doing the school run", not managing it, "I won't get to the speaker notes" (a habit of
# eating or drinking is a taste or a restriction, as above)
_WONT_EN = re.compile(
    r"^(?:(?:I|we)\s+)?(?:won't|will not)\s+(?:be\s+(?!(?:eat|drink|smok|vap|hav)ing\b)[a-z]+ing|get\s+(?:round\s+|around\s+)?to)"
    r"\s+(?:the\s+|my\s+|our\s+|your\s+)?(?P<w>[\w'\- ]{2,30}?)"
    r"(?=\s*(?:$|[,.;!])|\s+(?:tonight|today|tomorrow|on|this|next|now|after all|anymore|any more)\b)",
    re.I,
)
# the other side calls off what was offered to it: "No need to drive me on Monday", "there's no need
# to pick us up" (the act, then who it was for)
_NO_NEED_EN = re.compile(
    r"^(?:(?:there's|there is)\s+)?no need (?:for you |for anyone )?to\s+(?P<w>[a-z][\w'\-]*"
    r"(?:\s+(?!(?:on|this|tomorrow|tonight|today|next|anymore|after)\b)[\w'\-]+){0,3}?)"
    r"(?=\s*(?:$|[,.;!])|\s+(?:tonight|today|tomorrow|on|this|next|anymore|any more|after all)\b)",
    re.I,
)
_STATUS_EN_RESULT = re.compile(
    r"^(?:(?:yep|yes|ok|okay|all|so|and|finally),?\s+)*(?:the\s+|my\s+|our\s+)?"
    r"(?P<w>(?!(?:i|we|you|he|she|they|it|this|that)\b)[a-z][\w'\-]*(?:\s+[\w'\-]+){0,2}?)"
    r"(?:'s|\s+is|\s+are|\s+has been|\s+have been)?\s+(?:all\s+|now\s+|already\s+)?"
    r"(?:picked up|dropped off|ordered|bought|mailed|shipped|collected|packed up|taken out|put away)"
    r"(?=\s*(?:$|[,.;!])|\s+(?:this|last|yesterday|today|just|already|and|at|from|for|on|in|by)\b)"
    # "Got your parcel, it's on the table": what was to be fetched, now had (nothing after it)
    r"|^(?:(?:I|we)(?:'ve|\s+have)?\s+)?(?:just\s+|finally\s+|already\s+)?got\s+(?:your|his|her|their)\s+"
    r"(?P<w5>[\w\-]+(?:\s+[\w\-]+)?)(?=\s*(?:$|[,.;!]))"
    r"|^(?:(?:I|we)\s+)?(?:just\s+|finally\s+|already\s+)?got\s+(?:the|my|our)\s+(?P<w2>[\w\-]+(?:\s+[\w\-]+){0,2}?)"
    # (the causative of a result: "got the car fixed", "got the wifi working again")
    r"\s+(?:[a-z]+ed|done|seen to|sorted|fixed|cut|working|running|going)\b"
    r"|^(?:(?:I|we)\s+)?(?:just\s+|finally\s+|already\s+)?(?:[a-z]+ed|took|put|brought|sent|gave|handed)\s+"
    r"(?:the|my|our|your|his|her)\s+(?P<w3>[\w\-]+(?:\s+[\w\-]+){0,2}?)\s+(?:off|out|back|in|over|away)\b"
    # "The radio is working again", "Grandad's radio works again": a thing back in order, its repair done
    # (or in order now: "latch works like a dream now")
    rf"|^(?:the\s+|my\s+|our\s+|his\s+|her\s+|their\s+|[A-Z]\w+'s\s+)?(?P<w11>[a-z][\w\-]*(?:\s+[\w\-]+)?){BACK_IN_ORDER}"
    # a mark got in a test is the test sat: "Got 71 in the stats resit!!", "got a B in my driving theory"
    r"|^(?:(?:I|we)(?:'ve|\s+have)?\s+)?(?:just\s+|finally\s+)?(?:got|scored)\s+(?:an?\s+)?(?:\d{1,3}%?|[A-F][*+]?|distinction|merit|first|pass)"
    r"\s+(?:in|on|for)\s+(?:the\s+|my\s+)?(?P<w15>(?!(?:a|an)\b)[a-z][\w\-]*(?:\s+[\w\-]+){0,2}?)(?=\s*(?:$|[,.;!]))"
    # a thing fetched, now in one's keeping: "Tickets are safely in my wallet"
    r"|^(?:the\s+|our\s+)?(?P<w16>(?!(?:i|we|you|he|she|they|it|this|that|everything|what|who)\b)[a-z][\w\-]*(?:\s+[\w\-]+)?)"
    r"(?:'s|'re|\s+is|\s+are)\s+(?:now\s+|safely\s+)*(?:in|on)\s+my\s+(?:wallet|bag|pocket|hands|phone)\b"
    # a thing sent, told arrived by whoever it reached: "Your card arrived this morning", "Money's landed"
    r"|^(?:the\s+|your\s+|my\s+)?(?P<w14>(?!(?:i|we|you|he|she|they|it|this|that|everything|what|who)\b)"
    # (a thing of three words too: "New insurance docs just landed in my inbox")
    r"[a-z][\w\-]*(?:\s+[\w\-]+){0,2}?)(?:'s|'ve|\s+has|\s+have)?\s+(?:just\s+|finally\s+|safely\s+)?"
    r"(?:arrived|landed|come through|came through|turned up|got here|reached me)\b"
    # a thing sent, told under way to whoever it is for: "The parcel's on its way to you", "card's in
    # the post" (the sender's news; a receipt is told by "arrived" above)
    # (not a birth or the weather on its way: "Baby's on its way!", "the storm's on its way")
    r"|^(?:the\s+|your\s+|my\s+)?(?P<w19>(?!(?:i|we|you|he|she|they|it|this|that|everything|what|who|baby|babies|"
    r"storm|rain|snow|weather|heatwave|winter|summer|spring|autumn|help|trouble)\b)"
    r"[a-z][\w\-]*(?:\s+[\w\-]+)?)(?:'s|'re|\s+is|\s+are)\s+(?:now\s+|already\s+)?"
    r"(?:on\s+(?:its|their)\s+way|in\s+the\s+(?:post|mail))\b"
    # a thing handed over, told by who holds it now: "Tom has the keys now", "Mum's got the tickets now"
    r"|^(?!(?:I|We|You|He|She|They|It|This|That|Everyone|Nobody|Someone)\b)[A-Z][a-z]+(?:\s+has|\s+has got|'s got)\s+"
    # (an illness or people had now are no thing handed over: "Tom has the flu now", "Jake has the kids now")
    r"(?:the|my|your|our)\s+(?P<w20>(?!(?:flu|cold|covid|virus|bug|kids|children|baby|boys|girls|dog|cat|house|job|lead)\b)"
    r"[a-z][\w\-]*(?:\s+[\w\-]+)?)\s+now\b"
    # "The report is on your desk", "Slides are in your inbox": the thing where the addressee has it
    # "Drill's back in your shed", "the books are back with you": a thing lent, back where its owner has it
    r"|^(?:the\s+|your\s+)?(?P<w13>(?!(?:i|we|you|he|she|they|it|this|that|everything)\b)[a-z][\w\-]*(?:\s+[\w\-]+)?)"
    r"(?:'s|'re|\s+is|\s+are)\s+(?:now\s+|safely\s+)?back\s+(?:in|on|at|with)\s+(?:you\b|your\s+)"
    # a thing one's own, back from where it was taken to be seen to: "Your car's back from the garage"
    r"|^(?:the|your|my|our)\s+(?P<w17>(?!(?:i|we|you|he|she|they|it|this|that|everything)\b)[a-z][\w\-]*(?:\s+[\w\-]+)?)"
    r"(?:'s|'re|\s+is|\s+are)\s+(?:now\s+|finally\s+|safely\s+)?back\s+from\s+(?:the|a)\s+[a-z]"
    # a thing made or given, told by the delight of whoever had it: "Gran loved the cake", "the kids
    # adored the bouncy castle" (one's own delight is a taste, not a task's result)
    r"|^(?:(?:the|my|our)\s+)?(?!(?:i|we|you|it|this|that|there)\b)[A-Za-z]+(?:'s\s+[a-z]+)?\s+(?:absolutely\s+|really\s+|totally\s+)?"
    r"(?:loved|adored|enjoyed|was thrilled with|were thrilled with)\s+(?:the|her|his|their|your|my|our)\s+"
    r"(?P<w18>[a-z][\w\-]*(?:\s+(?!(?:and|but|so)\b)[\w\-]+)?)(?=\s*(?:$|[,.;!]))"
    # (with or without its article, the copula written out or not: "Contract's in your inbox")
    r"|^(?:the\s+|your\s+)?(?P<w7>(?!(?:i|we|you|he|she|they|what|there|who|mine)\b)"
    r"[a-z][\w\-]*(?:\s+[\w\-]+)?)(?:\s+is|\s+are|'s|'re)\s+(?:now\s+|already\s+)?(?:on|in)\s+your\s+"
    r"(?:desk|inbox|mailbox|drive|folder|table|hands)\b"
    # "Cake's on the kitchen table": a thing with no determiner, set down where the household has it
    r"|^(?P<w10>(?!(?:i|we|you|he|she|they|it|this|that|everything|all|what|there|who|mine)\b)[a-z][\w\-]*)'s\s+"
    r"(?:now\s+|already\s+)?(?:on|in)\s+(?:the|your)\s+(?:kitchen\s+|dining\s+|front\s+|hall\s+)?"
    r"(?:table|counter|fridge|doorstep|porch|desk|worktop)\b"
    r"|^(?:(?:I|we)\s+)?(?:just\s+|finally\s+)?[a-z]+\s+(?:the|my|our|your)\s+(?P<w6>[\w\-]+(?:\s+[\w\-]+){0,2}?)"
    r"\b[^,;]*?\b(?:as promised|as agreed|like I promised|as I said I would)\b"
    # an act told in the past with "like I said" after it: "Picked the kids up at 3 like I said" (a
    # past verb: "need the money like I said" repeats a wish, no act done)
    r"|^(?:(?:I|we)\s+)?(?:just\s+|finally\s+)?(?:[a-z]+[^e\W]ed|took|brought|sent|gave|got|did|made|put|rang|paid|fed|left)\s+"
    r"(?:the|my|our|your)\s+(?P<w21>[\w\-]+(?:\s+[\w\-]+){0,2}?)\b[^,;]*?\b(?:like|as)\s+I\s+said\b"
    # the formal register of handing a thing over: "Please find the minutes attached"
    r"|^(?:please\s+)?find\s+(?:the|my|our)\s+(?P<w9>[\w\-]+(?:\s+[\w\-]+){0,2}?)\s+(?:attached|enclosed|herewith)\b",
    re.I,
)
# "Mia handled the catering", "Omar sent them": a name, a done verb and its object ("Visas sorted" has none)
_NAMED_DONE_EN = re.compile(
    rf"\b(?P<name>[A-Z][a-z]+)(?:'s\s+|\s+has\s+|\s+)(?:already\s+|just\s+)?(?:{_DONE_PART})\s+"
    rf"(?:(?:the|my|our|your|his|her)\s+(?P<w>[\w\- ]+)|them\b|it\b)"
)
_STATUS_OPENER_EN = re.compile(
    r"^(?:(?:turns out|apparently|actually|so|btw|fyi|update|heads up|just so you know|good news|bad news)[,:!]?\s+)+",
    re.I,
)
# a subject and its auxiliary before a done verb ("Tom has already", "we've just"): an agent, no object
_AGENT_EN = re.compile(
    r"^(?P<a>[A-Za-z]+)(?:(?:'s|'ve)(?:\s+(?:already|just|finally))+|\s+(?:has|have|had)(?:\s+(?:already|just|finally))*"
    r"|(?:\s+(?:already|just|finally))+)$"
)
_PRONOUNS_EN = frozenset("i we you he she they it this that".split())
_NOT_NAMES_EN = frozenset(
    "I The All Yep Yes Ok Okay Finally Never Just Already So And But Deposit Shift Grandma Grandpa Mum Mom Dad".split()
)


# a task that must wait until a later time: "The quote will have to wait till Monday"
_WAIT_TILL_EN = re.compile(
    rf"^(?:(?:sorry|ok|okay|so|well),?\s+)*(?:the\s+|my\s+|our\s+|your\s+)?(?P<w>(?!(?:i|we|you|he|she|they|it|this|that)\b)"
    rf"[a-z][\w'\-]*(?:\s+[\w'\-]+){{0,3}}?)\s+(?:will|'ll|can|must|has to|is going to|is gonna)\s+(?:have to\s+)?wait\s+"
    rf"(?:till|until|for)\s+{LATER_EN}"
    # not begun until a later time: "I won't start on the kitchen till March now", "can't get to the
    # gutters until next week"
    rf"|^(?:(?:sorry|ok|okay|so|well),?\s+)*(?:I|we)\s+(?:won't|will not|can't|cannot|wont|cant)\s+(?:be able to\s+)?"
    # (not sleep, work or bed reached late, nor a new job's first day: "can't get to sleep until 2")
    rf"(?:start|begin|get)\s+(?:on|to|going on)\s+(?:the\s+|my\s+|our\s+|your\s+)?(?P<w2>(?!(?:(?:the|my|our|your|a)\s+)?(?:sleep|work|bed|school|uni|class|new\s+job)\b)[a-z][\w'\-]*(?:\s+[\w'\-]+){{0,2}}?)\s+"
    rf"(?:till|until)\s+{LATER_EN}",
    re.I,
)
# what the rest of is, said before it: "got through about half the marking, the rest will have to wait"
_PART_DONE_EN = re.compile(
    r"\b(?:half|some|most|part|a bit|a chunk|a third|a quarter)\s+(?:of\s+)?(?:the|my|our)\s+(?P<w>[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)"
    r"(?=\s*(?:$|[,;.!]|last\b|yesterday\b|today\b|this\b|tonight\b))"
    # (or a count of its parts done: "two walls of the nursery done", "3 chapters of the thesis finished")
    r"|\b(?:\d+|one|two|three|four|five|six|a few|a couple)\s+[a-z]+\s+of\s+(?:the|my|our)\s+(?P<w2>[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)"
    r"\s+(?:done|finished|sorted|painted|cleaned|fixed)\b",
    re.I,
)


# more time asked for a task: "give me until Monday", "I'll need till Friday" (still owed, due then);
# what it is may be named in a clause of its own ("Invoice is running late")
_MORE_TIME_EN = re.compile(
    rf"\b(?:give me|gimme|i(?:'ll| will)? need|need)\s+(?:till|until|til|'til)\s+{LATER_EN}"
    # more time asked for, then when to expect it: "Need a few more days on the chapters, expect them Monday"
    rf"|\b(?:need|needs|needed|want|take|takes|taking)\s+(?:a\s+(?:few|couple)\s+(?:of\s+)?|another\s+(?:few\s+|couple\s+of\s+)?|(?:two|three|some|a\s+bit)\s+)?"
    rf"more\s+(?:days?|time|weeks?)\b"
    rf"|^(?:(?:so|just|then)\s+)?expect\s+(?:it|them|that|those)\s+(?:on\s+|by\s+)?{LATER_EN}",
    re.I,
)
# a promise kept, told as such of whoever made it: "Gwen kept her word", "he made good on his promise"
_KEPT_WORD_EN = re.compile(
    r"\b(?:kept|keeps|has kept)\s+(?:my|his|her|their|our)\s+(?:word|promise)\b"
    r"|\b(?:made good on|delivered on|came through on)\s+(?:my|his|her|their|our)\s+promise\b"
    r"|\btrue to (?:my|his|her|their|our) word\b",
    re.I,
)
# a task handed to someone else, who does it "instead": "my brother is collecting Grandma instead",
# "Priya will bring the salad instead" (what the one who owed it no longer does)
_HANDED_ON_EN = re.compile(
    r"^(?:(?:the|my|our|his|her|their)\s+)?(?!(?:i|we|it|this|that|there|everything|nothing)\b)[A-Za-z]+"
    r"(?:\s+is|'s|\s+will|'ll|\s+is going to|'s going to|\s+has offered to|\s+offered to)\s+"
    r"(?![a-z]+ing\s+(?:back|home|out|round)\b)[a-z]+\s+(?!(?:me|us|you|him|her|them|it)\b)"
    r"(?:the\s+|my\s+|our\s+|your\s+)?(?P<w>[\w'\- ]{2,30}?)\s+instead\b"
    # the hand-over said by "now" after the act under way ("My brother's taking Mum on Thursday now"),
    # an act on someone or something, not a state one lives in ("my sister's living in Leeds now")
    r"|^(?:(?:the|my|our|his|her|their)\s+)?(?!(?:i|we|it|this|that|there|everything|nothing)\b)[A-Za-z]+"
    r"(?:\s+is|'s)\s+(?!(?:living|working|staying|studying|dating|seeing|doing|feeling|going|getting|based)\b)[a-z]+ing\s+"
    r"(?!(?:me|us|you|him|her|them|it|in|at|to|for|with|from|out|home|back|round|up|on)\b)"
    r"(?:the\s+|my\s+|our\s+|your\s+)?(?P<w2>[\w'\- ]{2,30}?)\s+now\b"
    # the verb of it said outright ("Tariq's taking over the minibus booking"; _TAKEN_OVER_EN's too)
    r"|^(?:(?:the|my|our|his|her|their)\s+)?(?!(?:i|we|it|this|that|there|everything|nothing)\b)[A-Za-z]+"
    r"(?:\s+is|'s|\s+will|'ll|\s+has|\s+is going to|'s going to)\s+(?:taking|take|taken)\s+over\s+"
    r"(?:the\s+|my\s+|our\s+|your\s+)?(?P<w3>[\w'\- ]{2,30}?)(?:\s+(?:from|starting)\b[^,.;!]*)?(?=\s*(?:$|[,.;!]))",
    re.I,
)


# the same told by the one who takes it over, as the rules read another's clause ("my brother is
# collecting Grandma instead" read as "I am collecting Grandma instead" of the brother)
_TAKEN_OVER_EN = re.compile(
    r"^I(?:'m|\s+am|'ll|\s+will|'m going to|\s+am going to)\s+[a-z]+\s+(?!(?:me|us|you|him|her|them|it)\b)"
    r"(?:the\s+|my\s+|our\s+|your\s+)?(?P<w>[\w'\- ]{2,30}?)\s+instead\b"
    # (or "now" after the act under way, as _HANDED_ON_EN reads it: "I'm taking Mum on Thursday now")
    r"|^I(?:'m|\s+am)\s+(?!(?:living|working|staying|studying|dating|seeing|doing|feeling|going|getting|based)\b)[a-z]+ing\s+"
    r"(?!(?:me|us|you|him|her|them|it|in|at|to|for|with|from|out|home|back|round|up|on)\b)"
    r"(?:the\s+|my\s+|our\s+|your\s+)?(?P<w2>[\w'\- ]{2,30}?)\s+now\b"
    # the verb of it said outright: "Tariq's taking over the minibus booking", "Jo has taken over the rota"
    r"|^I(?:'m|\s+am|'ll|\s+will|'ve|\s+have|'m going to|\s+am going to)\s+(?:taking|take|taken)\s+over\s+"
    r"(?:the\s+|my\s+|our\s+|your\s+)?(?P<w3>[\w'\- ]{2,30}?)(?:\s+(?:from|starting)\b[^,.;!]*)?(?=\s*(?:$|[,.;!]))"
)


def taken_over_en(said: str, subject: str) -> list[Evidence]:
    """A task ``subject``, who is not the speaker, takes over "instead" (``said`` as they would say
    it): called off for whoever owed it, which the commitment layer finds by its words."""
    m = _TAKEN_OVER_EN.match(said.strip())
    return (
        [
            Evidence(
                "status",
                subject,
                "",
                _clean_np(m.group("w") or m.group("w2") or m.group("w3")),
                0.5,
                "cancelled",
            )
        ]
        if m
        else []
    )


# a thing said to come on a later day "instead": "Hedge trimmer's coming back to you on Saturday
# instead", "The parcel will go out Monday instead" (still owed, due then)
_INSTEAD_ON_EN = re.compile(
    rf"^(?:(?:sorry|ok|okay|so|well),?\s+)*(?:the\s+|my\s+|our\s+|your\s+)?(?P<w>(?!(?:i|we|you|he|she|they|it|this|that)\b)"
    rf"[a-z][\w'\-]*(?:\s+[\w'\-]+){{0,2}}?)(?:'s|\s+is|\s+are|\s+will|'ll)\s+[^,;.!?]*?\b(?:on\s+)?"
    rf"{LATER_EN}\w*\s+instead\b"
    # the act said again by who owes it, with "do" standing for it: "We'll do the loft after the
    # holidays instead", "I'll tackle the gutters next weekend instead"
    rf"|^(?:(?:sorry|ok|okay|so|well|actually),?\s+)*(?:I|we)(?:'ll|\s+will|\s+can)\s+(?:just\s+)?(?:do|tackle|get to|sort)\s+"
    rf"(?:the\s+|my\s+|our\s+|your\s+)(?P<w2>[a-z][\w'\-]*(?:\s+(?!(?:on|after|next|this)\b)[\w'\-]+){{0,2}}?)\s+"
    rf"(?:on\s+)?{LATER_EN}[^,;.!?]*?\s+instead\b",
    re.I,
)


# the clauses a task's result is told in: after a comma, a dash, or a "so" that opens a clause of
# its own ("my car's in the garage so the school run is off for me")
_CLAUSES_EN = re.compile(
    r"[,;]\s*|\s+-\s+|\s+so\s+(?=(?:the|my|our|I|I'm|we|we're)\s)"
    # a reason given as a clause of its own: "I have cancelled the vendor review as the supplier has
    # withdrawn", "called off the bbq cos nobody could make it" (the reason is no part of the thing)
    # (not what was said or planned before: "Fed the cat at 6 as I said")
    # (nor the as of a comparison or a list: "the gym as well as the pool", "such as", "as long as")
    r"|(?<!well)(?<!such)(?<!long)(?<!far)(?<!much)(?<!same)(?<!soon)(?<!just)"
    r"\s+(?:because|cos|coz|cause|since|as)\s+(?=(?:the|my|our|their|his|her|they|we|I|he|she|it|"
    r"nobody|no one|everyone|everybody|someone|there)\s"
    r"(?!(?:\w+\s+)?(?:said|promised|mentioned|told|planned|agreed|asked|discussed|arranged|expected)\b))",
    re.I,
)


# an act on a pro-form ("do it", "have them", "get it done"): what it is done to was said before,
# here or in the promise it takes up again
_PRO_FORM_ACT = (
    r"(?:do|finish|get|have|send|sort|fix|bring|drop|deliver|return|hand|post|deal with|get to)\s+"
    r"(?:it|them|that|this)(?:\s+(?:done|sorted|finished|over|off|back|out|in|to you))?"
)
# a promise of it: "I'll do it", "will have them", "gonna get it done"
_PRO_FORM_ACT_EN = re.compile(
    r"(?:^|[,;]\s*|\b(?:so|and|but)\s+)(?:I'll|I will|I'm going to|I'm gonna|I can|will|'ll|gonna)\s+"
    rf"(?:(?:definitely|probably|just|try to|aim to)\s+)?{_PRO_FORM_ACT}\b",
    re.I,
)
# a person named who called off on the speaker, no thing said: "Jake bailed on me", "Noah flaked again"
_BAILED_EN = re.compile(
    r"^(?:(?:so|ugh|omg|welp|and)[,!]?\s+)*(?P<who>[A-Z][a-z]+|[\u4e00-\u9fff]{2,3})\s+(?:(?:has|just|totally|literally|really|\w+ly)\s+)*"
    r"(?:bailed|flaked|cancell?ed|pulled out|dropped out|backed out)"
    r"(?:\s+on\s+(?:me|us|everyone))?(?:\s+(?:again|last minute|at the last minute|yesterday|today|last night|this morning))*"
    r"(?=\s*(?:$|[,.;!]|so\b|lol\b|ugh\b|typical\b))"
)
# a line that opens on the task forgotten or missed ("ugh forgot", "totally forgot, sorry", "didn't get
# round to it"), then the act promised again on a pro-form ("I'll ring her tomorrow instead")
_FORGOT_EN = re.compile(
    r"^(?:(?:ugh|argh|oops|sorry|damn|dammit|ah|oh|so|omg)[,!.]*\s+)*(?:I\s+)?(?:totally\s+|completely\s+)?"
    r"(?:forgot|didn't get (?:round|around) to it|ran out of time)\b",
    re.I,
)
_REDONE_EN = re.compile(
    r"\b(?:I'll|I will|will|gonna|I'm gonna)\s+(?:definitely\s+|just\s+)?[a-z]+\s+(?:it|them|her|him|you|that)\b",
    re.I,
)
# the task said not done yet: still broken, not ready, taking longer
_NOT_YET_EN = re.compile(
    r"\b(?:still|not|isn't|aren't|wasn't|weren't)\s+(?:quite\s+|totally\s+|fully\s+)?"
    r"(?:broken|ready|done|finished|working|fixed|sorted|there|happening)\b"
    # a state of the untouched thing: "the garage is still a tip", "kitchen's still a mess", "still untouched"
    r"|\bstill\s+(?:(?:in\s+)?a\s+(?:\w+\s+)?(?:tip|mess|state|dump|pigsty|bombsite|shambles|disaster)|untouched|"
    r"to do|left to do|dirty|messy|full of)\b"
    r"|\b(?:going to|gonna|will|'ll)\s+take\s+(?:another|a bit|a little|longer|more|one more)\b"
    r"|\b(?:running|a bit|bit)\s+(?:late|behind)\b|\bneeds?\s+(?:another|more|one more)\s+(?:day|days|week|time)\b"
    # what stopped it short: "ran out of daylight for the windows", "didn't get round to the shed"
    r"|\b(?:ran|run|running)\s+out\s+of\s+(?:time|daylight|light|steam|energy|paint|battery)\b"
    r"|\b(?:didn't|did not|couldn't|could not|never)\s+(?:get|got)\s+(?:round\s+|around\s+)?to\b"
    r"|(?:'s|'re|\b(?:is|are|be))\s+(?:running\s+|a\s+bit\s+|going\s+to\s+be\s+)?(?:late|delayed|behind)\b",
    re.I,
)
# the thing at the head of the clause that says it is not done ("Bike's still broken", "The
# slide deck is running late")
_NOT_YET_THING_EN = re.compile(
    r"^(?:(?:sorry|ok|okay|so|well|ugh|argh),?\s+)*(?:the\s+|my\s+|our\s+|your\s+)?"
    r"(?P<w>(?!(?:i|we|you|he|she|they|it|this|that|everything)\b)[a-z][\w\-]*"
    r"(?:\s+(?!(?:i|we|you|he|she|they|it|this|that|is|are)\b)[a-z][\w\-]*)?)(?:'s|'re|\s+(?:is|are)(?:n't)?)\b",
    re.I,
)


def not_done_thing_en(clause: str) -> str:
    """The thing a clause says is not done yet or late, named at its head ("Bike's still
    broken", "Invoice is running late"); "" if the clause says no such thing."""
    head = _NOT_YET_THING_EN.match(clause.strip())
    return _clean_np(head.group("w")) if head and _NOT_YET_EN.search(clause) else ""


# the day a plan had given up for another "instead", asked or said: "cant do fri after all, sat
# instead?", "Can't make Monday, how about Wednesday instead" (still owed, due the later day)
_DAY_SWAP_EN = re.compile(
    r"\b(?:can't|cannot|cant|won't|wont)\s+(?:do|make)\s+(?:it\s+)?(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b"
    r"[^,;]*[,;]\s*(?:(?:how|what)\s+about\s+|maybe\s+|is\s+)?(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*"
    r"(?:\s+(?:ok|okay|any good))?\s+instead\b",
    re.I,
)


# a day put right after a plan was given one: "actually scratch that, Thursday", "make that
# Friday", "*thursday not tmrw" (chat's asterisk before the word that replaces one), "back to Friday
# for the keys after all", "I meant Thursday": the plan is still owed, due the day named here
DAY_WORD_EN = (
    r"(?:(?:next\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)"
    r"|tomorrow|tmrw|tonight)\b"
)
_DAY_PUT_RIGHT_EN = re.compile(
    rf"\b(?:scratch|make|change)\s+that[,:]?\s+(?:to\s+)?(?:on\s+)?(?P<day>{DAY_WORD_EN})"
    rf"|^\*\s*(?P<day2>{DAY_WORD_EN})"
    rf"|\bback\s+to\s+(?P<day3>{DAY_WORD_EN})(?:\s+(?:for|with)\s+(?:the\s+|my\s+|your\s+)?(?P<w>[\w'\-]+(?:\s+(?!(?:after|instead|then)\b)[\w'\-]+)?))?"
    rf"|\bI\s+meant\s+(?:on\s+)?(?P<day4>{DAY_WORD_EN})",
    re.I,
)


def _put_right_en(s: str) -> re.Match[str] | None:
    # (a plan pushed back to a day is moved by its own verb: "pushed the housewarming back to Friday")
    return (
        None if s.rstrip().endswith("?") or _PUT_OFF_TO_EN.search(s) else _DAY_PUT_RIGHT_EN.search(s.strip())
    )


def day_put_right_en(s: str) -> str:
    """The day a line puts right for a plan ("actually scratch that, Thursday" -> "Thursday"), or ""."""
    m = _put_right_en(s)
    return next((d for d in (m.group("day", "day2", "day3", "day4") if m else ()) if d), "")


def rescheduled_en(s: str, subject: str) -> Evidence | None:
    """A task given a new time: a promise on a pro-form ("I'll do it next weekend") with "instead"
    or after a clause that says the task is not done yet ("Bike's still broken, I'll do it next
    weekend instead", "Slides are going to take another day, will have them Thursday"). A
    postponement of the task named at the head, or of the latest promise when none is named
    (its day is read from the sentence, as a cancellation's is)."""
    if s.rstrip().endswith("?"):
        return None
    forgot = _FORGOT_EN.match(s.strip())
    if forgot and _REDONE_EN.search(s.strip()[forgot.end() :]):
        # "ugh forgot, I'll ring her tomorrow instead": the act missed, promised again for a time
        return Evidence("status", subject, "", "", 0.5, "postponed")
    if not _PRO_FORM_ACT_EN.search(s):
        return None
    if not (re.search(r"\binstead\b", s, re.I) or _NOT_YET_EN.search(s)):
        return None
    head = _NOT_YET_THING_EN.match(s.strip())
    return Evidence("status", subject, "", _clean_np(head.group("w")) if head else "", 0.5, "postponed")


# a thing at the head of a clause said not done yet or late: "报告还没写完", "PPT还得再弄一天",
# "方案得晚两天", "报告要晚一点" (its new time, or its handing over, said in a later clause)
_LATE_ZH = re.compile(
    # (the thing, not an adverb heading a line with its thing dropped: "还没弄完呢")
    r"^(?P<obj>(?![我你他她它这那]|还|都|也|就|又)[\u4e00-\u9fffA-Za-z]{1,8}?)(?:我们?)?(?:可能|恐怕|估计)?"
    r"(?:(?:还没有?|还得|还要|暂时没|没)[\u4e00-\u9fff]{0,4}?(?:完|好|一天|两天|几天|一下|再)"
    r"|(?:得|要|会)?(?:晚|迟|拖)(?:[一两几三]天|一点儿?|点儿?|一下|些|几天)(?:了|啦)?$)"
)
_HAND_OVER_ZH = re.compile(r"给你|发你|发给你|交给你|还你|交|发过去|给您|发您")


def late_zh(clauses: list[str], then: re.Pattern[str] | str, at: int | None = None) -> str | None:
    """The thing a clause (clause ``at`` alone when given) says is not done yet or late, when a
    clause after it matches ``then`` (a time: "方案得晚两天，周三给你"; a handing over: "报告还没写完，
    周一发你"); None if none."""
    for i in range(len(clauses)) if at is None else (at,):
        m = _LATE_ZH.match(clauses[i])
        # (a time gone by is no new time: "还没弄完呢，昨晚加班到十二点")
        if m and any(re.search(then, c) and not _ZH_PAST_TIME.search(c) for c in clauses[i + 1 :]):
            return m.group("obj")
    return None


# a thing, then a later time and 再 before the act that hands it over or does it: the thing put off
# to that time ("钱周末再转", "钱的事能不能缓两天，周末再转", "房租下周三再给")
_AGAIN_AT_ZH = re.compile(
    rf"^(?:我们?)?(?P<o>(?![我你他她这那下本上])[\u4e00-\u9fffA-Za-z]{{1,6}}?)?(?:的事)?(?:我们?)?(?:(?:{ZH_TIME})+(?:之前|以前|前)?)"
    # (not 才, what another's act waits for: "工资下周才发")
    r"再(?:转|给|还|发|交|打|做|弄|寄|付|修|买|订|送|带|取|写|改|请)"
)
# an act forgotten or missed, then the same act promised for a later time: "忘了打，今天一定打"
# (or said not done yet: "发票还没寄，明天一定寄")
_MISSED_THEN_ZH = re.compile(
    r"忘了|没来得及|没顾上|没空|太困了|睡着了|还没(?!到|来|出|好|收到|发货|回)[\u4e00-\u9fff]{1,2}$"
)


def rescheduled_zh(s: str, subject: str) -> Evidence | None:
    """The Chinese of :func:`rescheduled_en`: a thing said not done yet or late, then a later
    clause that hands it over ("报告还没写完，周一发你") - the task moved, not a new promise
    to "发你"; or a thing said with a later time and 再 before its act ("钱周末再转")."""
    clauses = [c.strip() for c in re.split(r"[，,；;]", s)]
    obj = late_zh(clauses, _HAND_OVER_ZH)
    if obj is None:
        for i, clause in enumerate(clauses):
            m = _AGAIN_AT_ZH.match(clause)
            if m and not _ZH_PAST_TIME.search(clause):
                if re.search(r"的$|^(?:剩下|其余|其他|别的)|到$", m.group("o") or ""):
                    # "书房整理了大部分，剩下的周六再弄": the rest of a thing partly done (late_zh's); "推到周五再取":
                    # a move said by its own verb (status_zh's)
                    break
                head = re.match(
                    r"^(?P<o>(?![我你他她这那])[\u4e00-\u9fffA-Za-z]{1,6}?)(?:的事|能不能|可不可以|先|得)",
                    clauses[0],
                )
                obj = m.group("o") or (head.group("o") if head and i else None)
                break
    if obj is None and len(clauses) > 1:
        # "答复的事再缓两天，下周一吧": put off by a span, then the day it comes to, said alone
        slow = re.match(
            r"^(?P<o>(?![我你他她这那])[\u4e00-\u9fffA-Za-z]{1,6}?)(?:的事)?(?:能不能|可不可以)?(?:再)?(?:缓|拖|推迟|延后|晚)(?:个)?[一两二三几\d]+(?:天|周|个星期)",
            clauses[0],
        )
        day = re.fullmatch(
            rf"(?:改(?:到|成)?|就)?(?:{ZH_TIME})+(?:吧|呗|行吗|可以吗|好吗)?[。！!~～]*", clauses[-1]
        )
        if slow and day:
            obj = slow.group("o")
    if obj is None and any(_MISSED_THEN_ZH.search(c) for c in clauses[:-1]):
        # ("昨晚太困了忘了打，今天一定打", "不好意思，今天没来得及，后天寄": the act missed, then promised
        # again for a time named)
        m = re.match(rf"(?:(?:{ZH_TIME})+)(?:一定|再|会|肯定)?(?P<act>[\u4e00-\u9fff]{{1,6}})", clauses[-1])
        # (the thing said not done yet names it better than the act: "发票还没寄，…")
        thing = re.match(r"^(?P<o>(?![我你他她这那])[\u4e00-\u9fffA-Za-z]{1,6}?)我?还没", clauses[0])
        obj = (
            (thing.group("o") if thing else m.group("act"))
            if m and not _ZH_PAST_TIME.search(clauses[-1])
            else None
        )
    return None if obj is None else Evidence("status", subject, "", obj, 0.5, "postponed")


def is_pro_form_act(what: str) -> bool:
    """Whether a promise's ``what`` is only an act on a pro-form ("do it", "have them instead", "ring
    her instead")."""
    return bool(
        re.fullmatch(rf"(?:{_PRO_FORM_ACT}|[a-z]+\s+(?:her|him|them|it))(?:\s+instead)?", what.strip(), re.I)
    )


# what was owed said not to have happened after all: "ended up not calling him", "Ravi ended up not
# booking the cab", "didn't call the landlord in the end", "couldn't make the barbecue in the end"
_NOT_IN_THE_END_EN = re.compile(
    r"^(?:(?:so|sorry|ugh|oh|welp|well|yeah|nah|argh)[,!.]*\s+)*(?:(?P<who>(?-i:[A-Z][a-z]+))\s+|(?:I|we)\s+)?"
    # (not a state or a habit: "ended up not minding the rain", "... not going to bed till 2")
    r"(?:(?:ended|wound) up not (?!(?:minding|caring|worrying|bothering|liking|loving|hating|enjoying|sleeping|"
    r"going to bed|getting up|waking|feeling|eating|drinking)\b)(?P<v1>[a-z]+?)(?:ing)\b(?P<o1>[^,;.!?]*)"
    r"|(?:didn't|did not|never)\s+(?:end up\s+|actually\s+)?(?P<v2>[a-z]+)\b(?P<o2>[^,;.!?]*?)\s+(?:in the end|after all)\b"
    r"|(?:couldn't|could not|didn't|did not|never)\s+(?:make|get to|go to)\s+(?P<o3>it(?:\s+to\s+the [^,;.!?]+?)?|the [^,;.!?]+?)"
    r"(?:\s+(?:in the end|after all))?(?=\s*(?:$|[,;.!]|so\b|lol\b|cos\b|because\b)))",
    re.I,
)


def status_en(s: str, subject: str, speaker: str) -> list[Evidence]:
    """A task said done or called off by its result ("The boiler's fixed", "Visas sorted",
    "The dinner on Friday is off", "I'm bailing on the gym session").

    One part done and another put off in a clause of its own ("Fence is done, the shed will have
    to wait till next weekend") is a task only partly done: still owed, as the later clause says."""
    bailed = _BAILED_EN.match(s.strip())
    if bailed and bailed.group("who") not in _NOT_NAMES_EN and not s.rstrip().endswith("?"):
        # "Jake bailed on me", "Noah flaked again", "Tom cancelled on us": the one named called off
        # what they owed (their promise, whatever it was)
        return [Evidence("status", bailed.group("who"), "", "", 0.5, "cancelled")]
    m = _NOT_IN_THE_END_EN.match(s.strip())
    if m and re.search(r"\b(?:almost|nearly|barely|just about)\b", s, re.I):
        m = None  # "almost didn't make the barbecue": it did happen
    if m and not s.rstrip().endswith("?") and (m.group("who") or "") not in _NOT_NAMES_EN:
        # "ended up not calling him", "Ravi ended up not booking the cab", "couldn't make it in the end":
        # what was owed did not happen, and will not - called off (not done, whatever follows)
        thing = re.sub(
            r"^(?:it|him|her|them|that)\b(?:\s+to\b)?",
            "",
            (m.group("o1") or m.group("o2") or m.group("o3") or "").strip(),
        )
        what = " ".join(x for x in (m.group("v1") or m.group("v2"), thing.strip()) if x)
        return [Evidence("status", m.group("who") or subject, "", what, 0.5, "cancelled")]
    found = _status_en(s, subject, speaker)
    # (a pronoun and its auxiliary name no thing: "I've booked it", as "Tom's booked it" is read)
    found = [
        dataclasses.replace(e, value="")
        if re.fullmatch(r"(?:i|we|you|they)(?:'ve|'re|'m|'d)?", e.value, re.I)
        else e
        for e in found
    ]
    if ACK_EN.match(s.strip().lower()) and re.search(rf"\b{DONE_BY_EN}", s, re.I):
        found = [e for e in found if e.kind != "done"]  # "bins rota sorted by friday": a deadline, not done
    # (a first clause these rules read as nothing may be a done the phrase rules read: "Sent the
    # invites, didn't get round to the seating plan"; the later clause still keeps it open)
    if (not found or any(e.kind == "done" for e in found)) and not s.rstrip().endswith("?"):
        for clause in _CLAUSES_EN.split(s)[1:]:
            rest = [e for e in _status_en(clause, subject, speaker) if e.kind == "postponed"]
            if rest:
                return rest
            if _NOT_YET_EN.search(clause):
                # "Gutters done, ran out of daylight for the windows": the rest not done yet, and
                # no new time for it - still owed, due as it was
                return [Evidence("status", subject, "", "", 0.5, "postponed")]
    return found


# thanks for a thing at a time gone by, to the one named ("Thanks for the lift yesterday, Lorcan!",
# "Cheers Dom for the flowers last night"): the task of the one thanked is done, as in Chinese
# (_ZH_THANKED_FOR); with no time gone by it may be thanks ahead for an offer, which closes nothing
_THANKED_FOR_EN = re.compile(
    r"^(?:(?i:oh|aw+|ah|and)[,!]?\s+)?(?i:thanks|thank you|thank u|thx|ta|cheers)(?:\s+(?i:so much|a lot|again|loads))?"
    r"[,!]?\s+(?:(?P<who>[A-Z][a-z]+)[,!]?\s+)?(?i:for)\s+(?:[a-z]+ing\s+)?(?i:the|your|that|my|our)\s+(?P<w>[\w'\- ]{2,30}?)\s+"
    r"(?i:yesterday|last night|earlier|this morning|the other day|at the weekend|on (?:mon|tues|wednes|thurs|fri|satur|sun)day)\b"
    r"[^,;.!?]*(?:[,;!.]\s*(?P<who2>[A-Z][a-z]+))?[\s!.]*$"
    # (or, for the time gone by, how it turned out, told in the past after the name: "thanks for
    # sorting the tickets Philippa, they came through fine", "cheers for the lift Dom, got there on time")
    r"|^(?:(?i:oh|aw+|ah|and)[,!]?\s+)?(?i:thanks|thank you|thank u|thx|ta|cheers)(?:\s+(?i:so much|a lot|again|loads))?"
    r"[,!]?\s+(?i:for)\s+(?:[a-z]+ing\s+)?(?i:the|your|that|my|our)\s+(?P<w3>[\w'\- ]{2,30}?)\s+(?P<who3>[A-Z][a-z]+)"
    r"[,;!]\s*(?:(?i:they|it|she|he|that|everything|we|I)\s+)?(?:(?i:all|just|finally)\s+)?"
    r"(?i:came|arrived|worked|went|turned|got|were|was|looked|fitted|made)\b[^?]*$"
)


# a thing found in its done state on coming back to it ("came home to the shelves up", "woke up to the
# lawn mowed", "got back to the car all fixed"): the task that owed it is done, whoever did it
_FOUND_DONE_EN = re.compile(
    r"\b(?:came|come|got|get|woke|walked)\s+(?:(?:back|home|in|up)\s+)?to\s+(?:the|my|our|your)\s+"
    r"(?P<w>[a-z][\w\-]*(?:\s+(?!(?:all|up|done)\b)[a-z][\w\-]*)?)\s+(?:all\s+|already\s+)?"
    r"(?:up|done|fixed|finished|sorted|painted|cleaned|mowed|built|assembled|hung|repaired|tidied|mended|put up)\b",
    re.I,
)


# the other side lets a task wait until a later time: "no rush with the gate Rupert, after half term
# is fine", "no hurry on the invoice, next week works" (the task put off, due then: extract._day_named)
_NO_RUSH_EN = re.compile(
    rf"^(?:(?:oh|hey|honestly|and|seriously)[,!]?\s+)?no (?:rush|hurry|panic)\s+(?:with|on|for|about)\s+"
    rf"(?:the\s+|my\s+|our\s+|your\s+|that\s+)?(?P<w>[a-z][\w'\-]*(?:\s+(?-i:[a-z])[\w'\-]*)?)(?:[,\s]+(?-i:[A-Z][a-z]+))?"
    rf"[,;]\s*(?:(?:any ?time|whenever)\s+)?{LATER_EN}[^?]*?\b(?:is|'s)?\s*(?:fine|ok|okay|good|great|perfect|works)\b(?P<w2>)",
    re.I,
)


# a move asked for by who owes the task: "Can we push the CV thing to Monday?", "could I move
# your haircut till Friday?" - a question in form, the plan put off in fact (its day read as a
# moved plan's is, extract._day_named)
_ASK_TO_MOVE_EN = re.compile(
    rf"^(?:(?:sorry|hey|hi|so|ok|okay|actually|hmm),?\s+)*(?:can|could|would it be ok if|is it ok if|mind if|do you mind if)\s+"
    rf"(?:we|I)\s+(?:push|move|bump|shift|put off)\s+(?:the\s+|our\s+|my\s+|your\s+)?"
    rf"(?P<w>(?!(?:it|that|this|them|everything)\b)[\w'\-]+(?:\s+[\w'\-]+){{0,3}}?)\s+(?:back\s+)?(?:to|till|until)\s+{LATER_EN}"
    # the plan asked to be done at a later time "instead": "Can we do Sunday lunch the week after
    # instead?", "could we have the catch-up next Tuesday instead?"
    rf"|^(?:(?:sorry|hey|hi|so|ok|okay|actually|hmm),?\s+)*(?:can|could|shall)\s+we\s+(?:do|have|make)\s+(?:the\s+|our\s+)?"
    rf"(?P<w2>(?!(?:it|that|this|them|everything)\b)[\w'\-]+(?:\s+[\w'\-]+){{0,3}}?)\s+"
    rf"(?:(?:on\s+)?{LATER_EN}|the\s+(?:week|weekend|day|month)\s+after)[^?]*?\s+instead\s*\?",
    re.I,
)


# a thing told in good shape, then thanks or praise to the one named at the line's end: "Back home
# and the plants are all thriving, you're a star Marisol", "The shelves look amazing, thanks Ben!"
# - the task of the one praised is done, its thing named at the head of the other clause (as
# "简历收到了，改得太好了，谢谢大伟！" is in Chinese, _ZH_THANKED_FOR)
_PRAISED_FOR_EN = re.compile(
    # (the determiner may be dropped as a chat line drops it: "Back from Lisbon, cat's alive and fatter
    # than ever, cheers Yusuf!"; never a pronoun, which names no thing; "all the post is on the table":
    # all of it)
    r"(?:^|\band\s+|[,;]\s*)(?:(?:(?i:all)\s+)?(?i:the|my|your|our)\s+|(?=(?!(?i:it|this|that|he|she|they|we|i|you|there|here|everything|all|life|today)\b)[a-z]))"
    r"(?P<w>[a-z][\w\-]*(?:\s+(?!(?:is|are|look|looks)\b)[a-z][\w\-]*)?)"
    r"(?:\s+(?:is|are|look|looks|seem|seems)|'s|'re)\s+[^,;]*[,;!.]\s*"
    r"(?:(?i:you're|you are|ur)\s+(?:a|an|the)\s+(?:(?i:absolute|total|real|proper)\s+)?"
    r"(?i:star|legend|hero|lifesaver|life saver|angel|gem|saint|diamond)|(?i:thanks|thank you|cheers|ta)(?:\s+(?i:so much|again))?)"
    r"[,!]?\s+(?P<who>[A-Z][a-z]+)[\s!.x]*$"
    # the thing got by whom it was for, then thanks to the one who brought it: "Mum says she got the
    # key, ta Benedikt x", "Got the parcel, cheers Dom"
    # (or by whose it is: "got Mrs Patel's number, ta Sunita")
    # (the receiving verb in Chinese inside the English line too: "收到 the rent, thanks Jasmine!")
    r"|(?:^|[,;]\s*|\b(?:says|said)\s+)(?:(?i:she|he|they|we|I)\s+)?(?:(?i:got|received)\s+|(?:收到|拿到)\s*)"
    r"(?:(?i:the|my|your|our|her|his|their)|(?:(?:Mrs|Mr|Ms|Dr)\.?\s+)?[A-Z][a-z]+'s)\s+"
    r"(?P<w2>[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)\s*[,;!.]\s*"
    r"(?i:thanks|thank you|cheers|ta)(?:\s+(?i:so much|again))?[,!]?\s+(?P<who2>[A-Z][a-z]+)[\s!.x]*$"
)


def _status_en(s: str, subject: str, speaker: str) -> list[Evidence]:
    m = _PRAISED_FOR_EN.search(s.strip())
    who = m and (m.group("who") or m.group("who2"))
    if who and who != subject and who not in _NOT_NAMES_EN:
        w = _clean_np(m.group("w") or m.group("w2"))
        # the thing at the head of the line too, when the praise follows a later clause: "The
        # plumber's been, hot water's back on, you're a star Gavin" (the plumber and the hot water)
        head = _NOT_YET_THING_EN.match(re.split(r"[,;]", s.strip())[0]) if m.start() > 0 else None
        lead = _clean_np(head.group("w")) if head else ""
        if lead and lead.casefold() not in w.casefold():
            w = f"{lead} {w}"
        return [Evidence("status", who, "", w, 0.5, "done")]
    m = _FOUND_DONE_EN.search(s)
    if m and not s.rstrip().endswith("?"):
        # (found by the one it was done for: the thing received, which closes another's promise of it)
        return [Evidence("status", subject, "received", _clean_np(m.group("w")), 0.5, "done")]
    m = _ASK_TO_MOVE_EN.match(s.strip()) or _NO_RUSH_EN.match(s.strip())
    if m:
        return [Evidence("status", subject, "", _clean_np(m.group("w") or m.group("w2")), 0.5, "postponed")]
    m = _THANKED_FOR_EN.match(s.strip())
    who = m and (m.group("who") or m.group("who2") or m.group("who3"))
    if who and who != subject and who not in _NOT_NAMES_EN:
        return [Evidence("status", who, "", _clean_np(m.group("w") or m.group("w3")), 0.5, "done")]
    m = _put_right_en(s)
    if m:  # "actually scratch that, Thursday": moved to it (extract._day_named)
        return [Evidence("status", subject, "", _clean_np(m.group("w") or ""), 0.5, "postponed")]
    # (in whichever clause says it: "Rain all day, I'll tackle the gutters next weekend instead")
    m = (
        None
        if s.rstrip().endswith("?")
        else next(
            (
                found
                for part in re.split(r"[,;]\s*", _STATUS_OPENER_EN.sub("", s).strip())
                if (found := _INSTEAD_ON_EN.match(part.strip()))
            ),
            None,
        )
    )
    if m:  # "Invoice is going out on Friday instead": a time to come, said of the task moved to it
        return [Evidence("status", subject, "", _clean_np(m.group("w") or m.group("w2")), 0.5, "postponed")]
    if _DAY_SWAP_EN.search(s):  # "cant do fri after all, sat instead?": moved to the later day
        return [Evidence("status", subject, "", "", 0.5, "postponed")]
    clauses = [] if s.rstrip().endswith("?") else _CLAUSES_EN.split(_STATUS_OPENER_EN.sub("", s))
    for clause in clauses:
        m = _HANDED_ON_EN.match(clause.strip())
        if m:  # "my brother is collecting Grandma instead": off the hands of whoever owed it
            return [
                Evidence(
                    "status",
                    subject,
                    "",
                    _clean_np(m.group("w") or m.group("w2") or m.group("w3")),
                    0.5,
                    "cancelled",
                )
            ]
        if _MORE_TIME_EN.search(clause):  # "give me until Monday": still owed, due then
            late = next(filter(None, map(not_done_thing_en, clauses)), "")
            return [Evidence("status", subject, "", late, 0.5, "postponed")]
        if _KEPT_WORD_EN.search(clause):  # "Gwen kept her word": her promise is done
            return [Evidence("status", subject, "", "", 0.5, "done")]
    if (
        s.rstrip().endswith("?")
        or DONE_WITH_TIME.search(s)
        or _FUTURE_EN.search(s)
        and not re.search(
            r"won't be|won't get (?:round |around )?to|after all|not bothering with|ditch(?:ed|ing)?\b|(?:have to|going to|gonna|'ll|will|need to) (?:skip|miss|cancel|pull out of|bail on"
            r"|postpone|push(?: (?:it|that|this))? back|(?:move|bump) (?:it|that|this) back|reschedule|take a rain[ -]?check)"
            r"|\bnot (?:going to|gonna) (?:the|my|our|make it)\b"
            r"|\b(?:scratch|scrap|forget|ignore|disregard) what I said\b"
            r"|\bwait\s+(?:till|until)\b|\b(?:start|begin|get)\s+(?:on|to|going on)\s+[^,;.]*\b(?:till|until)\b",
            s,
            re.I,
        )
    ):
        return []
    s = _STATUS_OPENER_EN.sub("", s)  # "Turns out the party's off"
    m = _WAIT_TILL_EN.match(s.strip())
    parts = _CLAUSES_EN.split(s.strip())
    if not m and len(parts) > 1:  # (in a later clause: "did half the marking, the rest will have to wait")
        m = next((f for p in parts[1:] if (f := _WAIT_TILL_EN.match(p.strip()))), None)
    if m:  # "The quote will have to wait till Monday": still owed, due then (extract._day_named)
        w = m.group("w") or m.group("w2")
        # ("two walls of the nursery done, the other two can wait": the thing partly done is the nursery)
        before = (
            _PART_DONE_EN.search(s)
            if w and w.lower().startswith(("rest", "remainder", "other", "others"))
            else None
        )
        return [
            Evidence(
                "status",
                subject,
                "",
                _clean_np((before.group("w") or before.group("w2")) if before else w),
                0.5,
                "postponed",
            )
        ]
    for clause in _CLAUSES_EN.split(s):
        m = _NO_LONGER_EN.search(clause)
        if m:
            w = m.group("act") or m.group("act2") or m.group("said") or m.group("retracted") or ""
            return [Evidence("status", subject, "", _clean_np(w.strip()), 0.5, "cancelled")]
        m = _STATUS_EN_CANCEL.search(clause)
        if m:
            w = (
                m.group("w")
                or m.group("w2")
                or m.group("w4")
                or m.group("w5")
                or m.group("w6")
                or m.group("w7")
                or m.group("w8")
                or m.group("w9")
                or m.group("w10")
                or m.group("w11")
                or m.group("w12")
                or m.group("w13")
                or m.group("w14")
                or m.group("w15")
                or m.group("w16")
                or ""
            ).strip()
            w = re.sub(r"^(?:whole\s+|off\s+(?:the\s+|my\s+|our\s+)?)", "", w)
            if re.fullmatch(
                r"(?:(?:again|today|tonight|too|also|anyway|on me|last minute|at the last minute)\s*)*",
                w,
                re.I,
            ):
                # "the plumber cancelled again": no object, so what is off is the one who cancelled
                who = re.match(
                    r"^(?:\w+,?\s+)?(?:the|my|our)\s+(?P<n>[\w\-]+(?:\s+[\w\-]+)?)\s+(?:has\s+|just\s+)*cancell?ed\b",
                    clause,
                    re.I,
                )
                w = who.group("n") if who else ""
            # moved to a later time it is still owed, due then (extract._day_named reads the day)
            # ("let's leave the sofa till next weekend": a plan left until a later time is moved to it)
            kind = (
                "postponed"
                if _PUT_OFF_TO_EN.search(clause)
                or m.group("w9")
                or m.group("w12")
                or m.group("pro") is not None
                or re.search(r"\bon\s+(?:hold|ice|the\s+back\s+burner)\b", m.group(0), re.I)
                else "cancelled"
            )
            return [Evidence("status", subject, "", _clean_np(w), 0.5, kind)]
        m = (
            _GIVEN_UP_EN.match(clause.strip())
            or _WONT_EN.match(clause.strip())
            or _NO_NEED_EN.match(clause.strip())
        )
        if m:
            return [Evidence("status", subject, "", _clean_np(m.group("w")), 0.5, "cancelled")]
    for clause in _CLAUSES_EN.split(s):
        m = _NAMED_DONE_EN.search(clause)
        # (or a family's word for its own: "Dad fixed the bike" is the speaker's dad's doing)
        who = own_kin(m.group("name"), subject) if m else ""
        if m and (m.group("name") not in _NOT_NAMES_EN or who != m.group("name")):
            w = (m.group("w") or "").strip() or (re.split(r",", s)[0] if clause is not s else "")
            w = re.sub(r"^(?:don't worry about|forget)\s+(?:the\s+)?", "", w.strip(), flags=re.I)
            return [Evidence("status", who, "", _clean_np(w.split(" anymore")[0]), 0.5, "done")]
        m = _STATUS_EN_DONE.search(clause)
        if m:
            w = next((g for g in (m.group(n) for n in ("w5", "w6", "w", "w2", "w3", "w4")) if g), "") or ""
            if re.search(
                r"\b(?:not|never|still|yet|need to|have to|got to|gotta|want to|must|should)\b|n't\b", w, re.I
            ):
                continue  # "the floors still aren't finished", "I need to get the forms printed": not done
            if re.fullmatch(
                # (after a yes or a no: "nah we're sorted thanks")
                r"(?:(?:nah|no|yeah|yep|oh|ok|okay)[,!]?\s+)?(?:I'm|I am|we're|we are|you're|you are|(?:I|he|she) was|(?:we|you|they) were)"
                r"(?:\s+(?:so|sooo+|totally|completely|officially|literally|actually|just|fully|well))?",
                w.strip(),
                re.I,
            ) or re.match(r"(?:I|we|you|he|she|they)\s+(?:was|were|am|are|is)\b", m.group(0).strip(), re.I):
                # "I'm set up for the day", "I was booked on the 6am", "I'm so done with Marvel films":
                # a person's state, no task's result
                continue
            if re.search(r"\b(?:wish|if only)\b", w, re.I):
                continue  # "I wish I'd booked the tickets earlier": what was not done
            agent = _AGENT_EN.match(w.strip())
            if agent:  # "Tom has already sent it": who did it, not what was done
                name = agent.group("a")
                named = name[0].isupper() and name not in _NOT_NAMES_EN and name.lower() not in _PRONOUNS_EN
                who = name if named else subject
                return [Evidence("status", who, "", "", 0.5, "done")]
            if re.match(r"(?:I|we|you|it|that|this|he|she|they)$", w.strip(), re.I):
                w = ""
            return [Evidence("status", subject, "", _clean_np(w), 0.5, "done")]
        m = _STATUS_EN_RESULT.search(clause)
        if m:
            groups = (
                "w",
                "w19",
                "w20",
                "w21",
                "w2",
                "w3",
                "w5",
                "w6",
                "w7",
                "w9",
                "w10",
                "w11",
                "w13",
                "w14",
                "w15",
                "w16",
                "w17",
                "w18",
            )
            w = next((g for g in (m.group(n) for n in groups) if g), "") or ""
            if re.fullmatch(r"(?:it|this|that|everything|all|both)", w.strip(), re.I):
                w = ""  # "It's in your inbox": the task the chat spoke of last
            # (a thing told arrived is a receipt, by whoever it was sent to: model.derive_commitments)
            key = "received" if m.group("w14") else ""
            return [Evidence("status", subject, key, _clean_np(w), 0.5, "done")]
    return []


_ZH_DONE = re.compile(
    # 搞定 is a verb and its result, with no thing before it: read first, so 搞 is not the thing
    r"^(?:都|已经|全)?搞定(?:了|啦|喽)?[！!。~～]*$"
    # (or after its thing, with no 了: "机票搞定", "车检搞定 ✅")
    r"|^(?P<obj3>(?![我你他她它这那])[\u4e00-\u9fffA-Za-z]{1,8}?)(?:我|我们)?(?:已经|都|总算|终于|全)?搞定(?:了|啦|喽)?[！!。~～]*$"
    r"|^(?P<obj>[\u4e00-\u9fffA-Za-z]{1,8}?)(?:我|我们)?(?:已经|都|总算|终于)?(?P<fill>(?:(?!我)[\u4e00-\u9fff]){0,3}?)"
    # (到 after a verb of getting, "借到了", and 上 after one of fitting, "装上了", are results too)
    r"(?:完|好|掉|妥|定|(?<=[借买订拿抢约租取领办寄送])到|(?<=[装贴换补配加签填安])上)(?:了|啦|喽)[。！!~～]*$"
)

# a degree word or 就 right before the result: "太好了" judges, "就好了" / "就定了" settles, nothing done
_ZH_SETTLED_NOT_DONE = re.compile(r"(?:太|真|挺|很|好|超|最|多么|这么|那么|就)(?:好|定|妥)(?:了|啦|喽)")

# "合同已经发了", "班我已经替你值了": the thing first, then 已经 and a verb of handing over or doing
_ZH_DONE_ALREADY = re.compile(
    r"^(?P<obj>(?![我你他她它这那今明昨])[\u4e00-\u9fffA-Za-z]{1,8}?)(?:我|我们)?已经(?:替你|帮你|给你)?"
    r"(?:发|寄|交|付|订|办|买|还|送|转|回|值|签|报|提交|安排|处理|预约|确认|通知|联系|做|写|改|修|洗|取|拿|放)"
    # where it went: "放你桌上了", "放在门口了"
    r"(?:过去|出去|给你|过来|好|完|(?:到|在)?(?:你|您)?的?[\u4e00-\u9fff]{1,3}?(?:上|里|口|那儿|那边))?了[。！!~～]*$"
)
# the written register of a thing handed in: the thing, 已, how (通过邮件, 以书面形式), a verb of submitting
_ZH_DONE_FORMAL = re.compile(
    r"^(?P<obj>(?![我你他她它这那今明昨])[\u4e00-\u9fffA-Za-z]{2,10}?)(?:均|都)?已(?:经)?(?:于[^，,。]{1,8}?)?"
    r"(?:通过[\u4e00-\u9fffA-Za-z]{1,4}?|以[\u4e00-\u9fff]{1,4}?(?:形式|方式)|按时|书面)?"
    r"(?:报送|提交|递交|上报|送达|发送|寄出|发出|完成|办结|办理完毕)(?:了|完毕)?[。！!]?$"
)
# "投了三家", "发了两封": an act of handing over done, then how many (the perfective 了 before a count)
_ZH_DONE_COUNTED = re.compile(
    r"^(?:我们?)?(?:已经|都|也|一共|总共)?(?P<act>投|发|寄|交|送|问|联系|面)了"
    r"(?:[一二三四五六七八九十两几\d]+多?|好几)(?:个|家|份|封|张|本|件|次|遍|单|箱|轮)"
)
# "报告发你邮箱了", "钱转你了": the thing first, then a verb of handing over, to whom (and where),
# and the perfective 了, with no 已经
# (the thing may go unsaid, the task it closes being the one still open: "挂你门把手上了哈")
_ZH_HANDED = re.compile(
    r"^(?P<obj>(?![我你他她它这那今明昨])[\u4e00-\u9fffA-Za-z]{0,8}?)(?:我|我们)?(?:也|都)?"
    r"(?:(?:发|寄|交|付|还|转|传)(?:给|到)?(?:你|您)(?:的)?(?:邮箱|微信|手机|那边|那儿|那里)?"
    # or set down where the addressee will find it ("invoice放你桌上了", "钥匙放在你家门口了", "车停你楼下了")
    r"|(?:放|搁|留|挂|塞|摆|停|存)(?:在|到)?(?:你|您)(?:的|家)?[\u4e00-\u9fff]{0,8}?(?:上|里|口|柜|下面?|底下|旁边|边上|那儿|那边|前台))了"
    r"(?:哈|啦|呀|哦|喔)?[。！!~～]*$"
)
# "财务那边已经收下了", "文件对方已经签收了": the one it was for has received it - the handing over done
_ZH_RECEIVED = re.compile(
    r"^(?P<obj>(?![我你他她它这那今明昨])(?:(?!说)[\u4e00-\u9fffA-Za-z]){1,8}?)(?:我们?|对方|人家)?"
    r"(?:那边|这边|那儿|这儿|那里|这里|方面)?(?:(?:已经|都|也)(?:收到|收下|签收|接收|收)|(?:收到|签收))了"
    # (with no 已经, the receipt said plainly, then thanks or nothing: "充电宝收到了，谢谢哈")
    r"(?:[，,].*)?$"
)
# the thing found where it was left or got, then thanks for the trouble ("快递我看到了，在门口放着呢，
# 辛苦啦", "钥匙拿到了，谢啦"): a receipt too, by the one it was for
_ZH_SEEN_THANKED = re.compile(
    r"^(?P<obj>(?![我你他她它这那今明昨])[\u4e00-\u9fffA-Za-z]{1,8}?)我?(?:已经|都|也)?(?:看到|拿到)了"
    r"[，,].*(?:辛苦|谢谢|谢了|谢啦|多谢|感谢)"
)
# "房东刚回我说钱收到了", "老板说合同已经签收了": the one it was for says it arrived, reported by the one
# who sent it - the handing over done (said by someone other than the speaker or the addressee)
ZH_RECEIVED_REPORTED = re.compile(
    r"^(?![我你])[\u4e00-\u9fff]{1,4}?(?:刚|刚刚|已经|也)?(?:回(?:复)?我|告诉我|跟我)?说"
    r"(?P<obj>(?![我你他她它这那])[\u4e00-\u9fffA-Za-z]{1,8}?)(?:已经|都|也)?(?:收到|收下|签收|到账)了"
)
# "简历收到了，改得太好了，谢谢大伟！": the thing received, then thanks to the one who did it - the task
# of the one thanked is done (the one thanked is no pronoun nor everyone)
# (or the thing judged by a degree word and what it is now: "书架超稳，放了一排书都没晃，谢啦阿木")
_ZH_THANKED_FOR = re.compile(
    r"^(?P<obj>(?![我你他她它这那今明昨太真好超很挺])[\u4e00-\u9fffA-Za-z]{1,8}?)"
    r"(?:(?:已经|都|也)?(?:收到|拿到|到账|到手)(?:了|啦)|(?:超|很|太|真|好|特别|非常|挺)(?![了啦])[\u4e00-\u9fff])"
    r"[^？?]*?(?:谢谢|谢了|谢啦|多谢|感谢)[，,\s]*"
    r"(?P<who>(?!(?:你|您|大家|各位|亲)们?[！!。~～]*$)[\u4e00-\u9fffA-Za-z]{2,4}?)[！!。~～]*$"
)
# a meeting or a talk told by how it went, at a time gone by ("昨晚Zoom上聊得挺顺", "昨天跟客户谈得很顺利",
# "上午面得还不错"): it took place, so the promise to hold it is kept (a time ahead, "明天聊得…", is no news)
_ZH_WENT_WELL = re.compile(
    r"^(?:昨天|昨晚|前天|刚才|刚刚|上午|下午|今天|今早|早上)(?:晚上|下午|上午)?(?:在|跟|和|同)?"
    r"(?P<obj>(?![我你他她它])[\u4e00-\u9fffA-Za-z]{0,8}?)(?:上|里|那边)?"
    r"(?:聊|谈|讲|开|面|考|演|排练)得(?:很|挺|太|真|超|非常|特别|蛮|还|还挺|还算|相当)?(?:顺|顺利|好|成功|愉快|开心|不错|愉快)"
)
# thanks to the addressee for an act done on the speaker, in the past ("多亏你昨天送我", "谢谢你上次帮我
# 搬家", "幸亏你提醒我"): 多亏 / 幸亏 look back by themselves, 谢谢 only with a time gone by
_ZH_THANKED_FOR_ACT = re.compile(
    r"^(?:(?:谢谢|多谢|感谢)(?:你|您)(?=昨天|昨晚|前天|上次|那天|刚才|今天早上|早上)|(?:多亏|幸亏|幸好|还好)了?(?:你|您))"
    r"(?:昨天|昨晚|前天|上次|那天|刚才|今天|早上|上午|下午|晚上)*(?:开车|特意|专门|顺路|又)?"
    r"(?P<act>(?![的是])[\u4e00-\u9fff]{1,2}?)(?:了)?我(?P<rest>[^，,。！!？?]{0,6})"
)
# "PPT看了，改得很清楚": the thing looked at by the one it was for, then the work on it judged (a verb
# with 得 and a degree word) - the thing was handed over and the work done (a receipt, by whoever it was
# sent to)
_ZH_LOOKED_AT = re.compile(
    r"^(?P<obj>(?![我你他她它这那今明昨])[\u4e00-\u9fffA-Za-z]{1,8}?)(?:我|我们)?(?:已经|都)?(?:看|看过|收到|试)了$"
)
_ZH_WORK_JUDGED = re.compile(r"^[\u4e00-\u9fff]{1,2}?得(?:很|太|真|挺|超|好|非常|特别|蛮|相当)")
# "[图片] 看，阳台亮堂多了": a photo sent with the result it shows (better, done, fixed) - the task still
# open is done, its thing named or not
_ZH_PHOTO_OF_RESULT = re.compile(
    r"^\[(?:图片|照片|视频|Photo|photo|Image|image)\]\s*(?:看|你看|瞧|看看)?[，,！!~～\s]*"
    r"(?P<obj>(?![我你他她它今明昨])[\u4e00-\u9fff]{0,4}?)(?:终于|总算|已经|都)?[\u4e00-\u9fff]{0,3}?"
    r"(?:[^不没]多了|好了|完了|搞定了?|完工了?|弄好了|修好了|换好了|装好了)(?:吧|哈|啦)?[！!。~～]*$"
)
# "垃圾昨晚就被我扔了": the thing first, then the speaker as the doer of a passive (a passive with
# anyone else as the doer, "车被我爸开走了", is no task of the speaker's done)
_ZH_DONE_BY_ME = re.compile(
    rf"^(?P<obj>(?![我你他她它这那今明昨])[\u4e00-\u9fffA-Za-z]{{1,8}}?)(?:{ZH_TIME}|昨晚|昨天|前天|早就|早|已经|都|就)*"
    # (an act of handling or disposing of it: "手机被我摔坏了" is a mishap, no task done)
    r"被我(?:给)?(?:扔|倒|送|寄|交|还|处理|解决|修|洗|收|搬|拿|清|卖|退|发|转|取|办|搞定|弄好|做|写|改|订|买|付)"
    r"(?![坏丢碎])[\u4e00-\u9fff]{0,2}?了[。！!~～]*$"
)
# "那几盆花总算搬进新家了", "房子终于收拾出来了": the thing, then 总算 / 终于 and an act on it, closed by 了
_ZH_AT_LAST = re.compile(
    r"^(?P<obj>(?![我你他她它今明昨])[\u4e00-\u9fffA-Za-z]{1,8}?)(?:我|我们)?(?:也|都)?(?:(?:总算|终于)"
    r"(?:被我)?(?:搬|换|装|修|收拾|整理|打扫|送|寄|交|发|还|放|办|弄|做|写|改|洗|买|订)[\u4e00-\u9fff]{0,5}?"
    # or the act finished first, then what it gives at last: "空调修完终于制冷了", "网装好总算能用了"
    r"|(?:搬|换|装|修|收拾|整理|打扫|洗|弄|做|写|改)(?:完|好)(?:以后|之后|后)?(?:总算|终于)[\u4e00-\u9fff]{1,6}?"
    # or only what it gives now, the thing mended working again: "打印机能用了", "热水器又好使了"
    r"|(?:又|已经|总算|终于)?(?:能|可以)(?:正常)?(?:用|使用)|(?:又|已经|总算|终于)?好使)"
    r"了[。！!~～]*$"
)
# an English verb's past (or participle) closed by the perfective 了
_ZH_DONE_LATIN = re.compile(
    r"^(?:都|已经|早就)?(?:[A-Za-z]{2,}ed|sent|done|paid|sold|made|bought|built|finished|fixed)(?:了|啦|喽)[。！!~～]*$",
    re.I,
)
# the thing in English, then its English past ("deck sent", "invoice paid"), in a Chinese line's clause
_ZH_THING_DONE_LATIN = re.compile(
    r"^(?P<obj>[A-Za-z][A-Za-z\-]{1,15})\s+(?:already\s+)?(?:[A-Za-z]{2,}ed|sent|done|paid|sold|made|bought|built|fixed)"
    r"\s*(?:了|啦|喽)?[。！!~～]*$",
    re.I,
)
# a bare act of handing over closed by the perfective 了, the whole clause ("转了哈，查收一下", "寄了"):
# no thing named, so it closes the task still open
_ZH_DONE_BARE_HANDED = re.compile(
    r"^(?:我)?(?:已经|都|早就|刚)?(?:转|发|寄|交|还|付)(?:过去|出去)?了(?:哈|哦|喔|啊|呀|啦)?[。！!~～]*$"
)
# "已书面回复您", "已电话通知你": 已 and a way, an act of telling or handing over, to the addressee
_ZH_DONE_BARE_ACT = re.compile(
    r"^(?:我)?已(?:经)?(?:[\u4e00-\u9fff]{1,2}?)?(?:回复|答复|通知|告知|转告|发给|寄给|交给|转给)(?:你|您)(?:了)?[。！!~～]*$"
)
# "这周帮不了你了": an act that cannot happen now, read before the bare 不…了 (which would take
# "这周帮" for the thing)
# "我不去健身房了": a plan of going or doing dropped (not a taste: 吃 / 喝 are left to the tastes)
_ZH_DROP = re.compile(
    # (an act for the other called off too: "这次就不带你去了", "那我就不陪你们了")
    rf"^(?:我们?)?(?:就|先|也|还是|这周|这次|这回|{ZH_TIME})*不(?P<v>去|来|参加|报|办|订|买|搬|带|陪|接|送)(?P<obj>[\u4e00-\u9fffA-Za-z]{{0,6}}?)了"
)
# a stay of a while ("住几天", "住一段时间", "住两周"), not where one lives
ZH_STAY = re.compile(
    # (not a span lived so far, "住了三个月了")
    r"住了?(?:几|一段|一阵|些日子|[两三四五六七八九十半]个?(?:天|日|周|星期|礼拜|月)|一周|一个月)(?![^，,。！!]*了)"
)
# a verb of moving a plan to a time: "推迟到", "改到", "挪到", "换成"
# (至 in a notice: "延期至下周二"; 改 straight before a day, "周三有事 改周四吧")
ZH_MOVE_TO = r"(?:(?:推迟|延期|延后|顺延|推|(?<![蔓拖])延|改|挪|换)(?:到|成|至)|改(?=(?:下下?|这|本)?(?:周|星期|礼拜)[一二三四五六日天末]|明天|后天))"
# a later time that names no day: a month alone ("五月", "6月"), next year, after a holiday, a
# season or a half-year ("推迟到明年", "改到节后", "挪到下半年")
ZH_LATER_NO_DAY = (
    r"(?:[0-9一二三四五六七八九十]{1,2}月(?:份|中旬|下旬|上旬)?(?![0-9一二三四五六七八九十]{1,3}[日号])|明年(?:[初底]|上半年|下半年)?"
    r"|年[底后]|节后|下半年|(?:春|夏|秋|冬)(?:天|季))"
)
# "样品推迟到下周一再寄", "会改到周五了": the thing, put off to a day named (a plain "推迟了" with no
# day calls it off, _ZH_CANCEL)
# a plan set aside with no day to take it up again ("宜家那事儿咱先搁着吧", "装修先缓缓"): off for now
_ZH_SHELVED = re.compile(
    # (搁着 / 放着 only of a matter, 那事儿: "碗放着吧" leaves the bowl where it is)
    r"^(?P<obj>(?![我你他她它这那])[\u4e00-\u9fffA-Za-z]{1,8}?)(?:(?:那|这|的)(?:件)?(?:事儿?|事情)(?P<matter>))?"
    r"(?:咱们?|我们?)?(?:就|先|暂时|还是|只能|只好|得|要|可能)*"
    # (a verb of moving said twice, with no day: "看牙的事往后挪挪吧", "聚餐推一推"; the move is a
    # putting off, its day not known: "明天的分享会我得往后推一推")
    r"(?:(?(matter)(?:搁着|放着)|(?!))|放一放|放放|缓缓|缓一缓|搁一搁|搁置|往后放|(?P<moved>(?:往后)?(?:挪挪|推推|挪一挪|推一推)))"
    r"(?:吧|啦|了|哈)?[。！!~～]*$"
)
# the day it is taken up again, in the clause after a plan set aside: "…往后挪挪吧，下周二再去"
_ZH_AGAIN_ON = re.compile(rf"^(?:{ZH_TIME})+(?:再|去)[\u4e00-\u9fff]{{0,4}}(?:吧|了|啦|哈)?[。！!~～]*$")
# a day moved to with no thing named, the plan being the one just spoken of: "改成后天吧", "算了还是周五吧",
# or a day said right after owning up to a slip ("我说错了，是下周三"; a bare "是周三" corrects nothing)
_ZH_MOVED_TO = re.compile(
    rf"^(?:那|那就|算了|哎)?(?:我们?)?(?P<how>还是|改成|改到|推到|挪到|换到|改(?=(?:{ZH_TIME})+(?:再|去|来))|应该是|其实是|是)(?:{ZH_TIME})+"
    # (the act again after the day, 再 and its verb: "银行人太多了，改到周五再去"; or the going alone,
    # "改后天去")
    r"(?:再[\u4e00-\u9fff]{1,2}?|去|来)?(?:吧|了|啦|哈|呢)?[。！!~～]*$"
)
# the place a clause opens with, then what holds there ("银行今天人太多", "4S店排满了", "医院说明天停诊")
# (a lead word before it is dropped, "哎，银行今天人多"; a bare 场 / 所 is no place, "这场雨太大了")
_ZH_PLACE_BEFORE = re.compile(
    r"^(?:哎|唉|那个|诶|嗯)?[，,\s]*([\u4e00-\u9fffA-Za-z0-9]{0,5}?(?:银行|[\u4e00-\u9fffA-Za-z0-9]店|医院|诊所|"
    r"[\u4e00-\u9fff]馆|派出所|营业厅|商场|车站|中心|政务大厅))"
)
_ZH_SLIP = re.compile(rf"{_ZH_SLIP_WORDS}[哦啊呀了]*$")
# a thing partly done: "PPT弄了一大半", "报告写了一半", "房间收拾了大半"
_ZH_PART_DONE = re.compile(
    r"^(?:我们?)?(?P<obj>(?![我你他她它])[\u4e00-\u9fffA-Za-z]{1,8}?)(?:我们?)?(?:已经|才|只)?"
    r"(?:弄|做|写|改|搞|收拾|整理|画|翻译|剪|装)(?:了|完了)?(?:一大半|一小半|一半|大半|大部分|三分之[一二])"
)
_ZH_NOTICE_HEAD = re.compile(
    r"^(?:[\u4e00-\u9fff]{1,6}[：:]\s*)?(?:原定|原计划|原先定|本来定|之前定)(?:于|在)?[^，,。]{0,16}?(?:召开|举行|进行|开)?的"
)
_ZH_PUT_OFF = re.compile(
    # ("我们的会议延期到周五": an owner's 的 before the thing)
    # (or the thing moved with 把: "我们把发布会推迟到下周了")
    # (and a reported one's "我" before an act of theirs: "老吴说修空调改到周五了" is read as his
    # "我修空调改到周五了"; not "老吴说会议改到周五了", a plan of no one's)
    rf"^(?:我们?的|(?:我们?|咱们?)?把|我们?(?=(?:修|请|做|送|帮|来|去|陪|搬|接|带|还|交|发|寄|拿|取|买|订|打|开)[\u4e00-\u9fff]))?(?P<obj>(?![我你他她它])[\u4e00-\u9fffA-Za-z]{{1,8}}?)(?:我们?)?(?:就|先|要|得)?(?:往后)?{ZH_MOVE_TO}"
    # (the act again after the day: "改成周六去拿了"; or to a later time naming no day, "推迟到五月")
    rf"(?:{ZH_TIME}|{ZH_LATER_NO_DAY})+(?:(?:再|去|来)?[\u4e00-\u9fff]{{1,2}}?)?(?:了|吧|啦)?[。！!~～]*$"
)
# the acts a "can't" (V不了 / V不成) calls off: going, helping, doing, and getting, bringing or handing
# over ("肉我买不了了", "蛋糕我带不了了")
_ZH_CANT_VERB = r"去|来|帮|参加|赶|陪|接|送|做|弄|办|修|到|买|带|拿|借|订|寄|交|还|搬|取|请|开"
_ZH_CANT = re.compile(
    rf"(?P<v>{_ZH_CANT_VERB})不(?:了|成)"
    r"(?P<obj>[\u4e00-\u9fffA-Za-z]{0,6}?)了"
)
# (or did not manage it, in the past: "今天起晚了，没去成，抱歉")
_ZH_NOT_MANAGED = re.compile(rf"没(?:能)?(?P<v>{_ZH_CANT_VERB})成(?P<obj>)(?=[，,。！!~～]|$)")
# "搬家那天我肯定到不了": a can't said as sure (肯定, 实在, 恐怕) needs no closing 了
_ZH_CANT_SURE = re.compile(
    rf"(?:肯定|实在|真的|恐怕|估计)(?P<v>{_ZH_CANT_VERB})"
    r"不(?:了|成)(?P<obj>)(?![\u4e00-\u9fff]{0,3}[吗呢？?])"
)
# a can't on the day it was for, closing its clause ("老张说周六来不了，改周日", "我明天去不成")
_ZH_CANT_THAT_DAY = re.compile(
    rf"(?:{ZH_TIME})(?:我|他|她)?(?:就|也)?(?P<v>{_ZH_CANT_VERB})不(?:了|成)(?P<obj>)(?=[，,。！!~～]|$)"
)
# "我走不开", "实在抽不开身": tied up, so what was taken on cannot be done (no other day said)
_ZH_TIED_UP = re.compile(r"(?:走不开|抽不开身|脱不开身|分不开身|抽不出身)(?![\u4e00-\u9fff]{0,3}[吗呢？?])")
_ZH_CANCEL = re.compile(
    # (not a complement of can't-manage: "今天我实在扛不住了", "走不动了", "吃不下了"; nor care given
    # up, "我不管了", "不理了")
    r"(?P<obj>[\u4e00-\u9fffA-Za-z]{1,8}?)(?:我)?(?:就|先|也|还是)?不(?P<verb>(?![住动起惯下]|[管理](?:了|[他她你它我])|理财)[\u4e00-\u9fff]{1,2}?)了"
    # (黄了 of a matter, 那事儿, has fallen through: "火锅那事儿黄了"; not "叶子黄了")
    # (or of a plan, a project, a get-together: "周末的聚餐黄了", "那个项目被砍了"; a tree cut down, 树被砍了,
    # is no plan)
    r"|(?P<obj2>(?!在)[\u4e00-\u9fffA-Za-z]{1,8}?)(?:改期|延期|推迟|取消|泡汤|告吹|作罢|(?<=[事儿局餐会约划目])(?:又|也)?黄"
    r"|(?:(?<=[会划目动])|(?<=饭局))被砍(?:掉)?"
    # (a get-together turned down, 推(掉)了 after it: "我把饭局推了", "约会推掉了"; not 推到 a day, nor
    # a chance or a skill, "这个机会推了", "我学会推了")
    r"|(?:(?<=饭局)|(?<=酒局)|(?<=约会)|(?<=聚会)|(?<=聚餐)|(?<=会议)|(?<=应酬))推掉?)了"
    r"|(?:去|来|参加|赶)不了(?P<obj3>[\u4e00-\u9fffA-Za-z]{1,6}?)了"
    # the plan named, then 没V成, the past of V不成: it fell through ("动物园没去成", "饭最后也没吃成";
    # not a time alone: "上次没去成")
    # (nor who it was, 我没去成, 他们没聚成: no plan named)
    rf"|^(?!(?:{ZH_TIME}|上次|那次|这次|昨天|前天)+没)(?![我你他她咱]|[^，,]*?(?:我|我们|他们|她们|你们)(?:最后|也|还是|又|都)*没)(?P<obj6>[\u4e00-\u9fffA-Za-z]{{1,8}}?)"
    rf"(?:就|也|都|还是|最后|到底|终究)*没(?:有)?(?:{_ZH_CANT_VERB}|吃|看|约|聚|玩)成(?:了)?(?![\u4e00-\u9fff]{{0,3}}[吗呢？?])"
    # "下周三的咖啡改天吧": the plan named first, then put off to some other day
    r"|^(?![那这]?[我你他她咱]们?(?:就|先|还是)?(?:改天|下次|以后|回头))"
    # (or owned to as needing another day: "日料得改天了", "聚餐只能下次了")
    r"(?P<obj4>[\u4e00-\u9fffA-Za-z]{1,8}?)(?:就|先|还是|得|只能|只好)?(?:改天|下次|以后|回头)(?:再约|再说|再去|再聚)?(?:吧|啦|了)"
    # a plan taken back as unsaid: "刚才说的周六请客当我没说哈", "明天那个饭局就当我没说过"
    r"|^(?:刚才|之前|上次|昨天)?(?:说的|说好的)?(?P<obj5>[\u4e00-\u9fffA-Za-z]{0,10}?)(?:那个|那事儿?)?(?:你们?)?(?:就)?当我没说(?:过)?"
)


_ZH_REL_RE = "|".join(sorted(RELATIVES_ZH, key=len, reverse=True))


def time_dropped_zh(obj: str) -> str:
    """The thing without the owner or the time it was set for: "明天的会" -> "会"."""
    # (and the doer with 把 before it: "我把周五的会" -> "会", "Linda 把今天的 meeting" -> "meeting")
    obj = re.sub(r"^(?:[我你他她]们?|[A-Za-z]{1,12})?\s*把\s*", "", obj.strip()) or obj
    obj = re.sub(r"被$", "", obj) or obj  # ("会被推到明天了": the thing, not its passive)
    return re.sub(rf"^(?:我们?)?(?:{ZH_TIME})+的\s*|^我们?(?:{ZH_TIME})*的?|我们?$", "", obj) or obj


def time_after_dropped_zh(obj: str) -> str:
    """The thing without the time it was done by, said after it: "报告周五前" -> "报告", "上周就" -> ""."""
    return re.sub(rf"(?:{ZH_TIME}|{_ZH_PAST_TIME.pattern})(?:之|以)?前?就?$", "", obj)


# "之前说帮你代班的事", "上次答应你的那件事": a promised task named as a topic clause
_ZH_TASK_TOPIC = re.compile(
    r"^(?:之前|上次|前几天|昨天)?(?:说好|说|答应你?|约好)?(?:要)?|的(?:那件|这件)?事(?:情|儿)?$"
)


# "水管不漏了，多亏你", "空调终于不滴水了": a fault of a thing that has stopped - the repair is done (no
# plan called off: the 不X了 is of the fault, not of an act one meant to do)
_ZH_FAULT_GONE = re.compile(
    r"^(?P<obj>(?![我你他她它这那今明昨])[\u4e00-\u9fffA-Za-z]{1,8}?)(?:现在|终于|总算|已经|也|都|再)*"
    r"不(?:再)?(?:漏水?|漏风|滴水?|渗水?|堵|响|卡|闪|晃|冒烟|跳闸|发烫|抖)(?:了|啦)"
)


# a booking given back is called off: "周六那个羽毛球场我给退了", "奥数班退掉了", "机票我退了" (退 of money
# or a thing handed back, "退给你", "退回", is a promise's verb, not this; "我把衣服退了" returns goods:
# done). Only things booked: a court, a ticket (not 发票 / 支票), a class, a membership, a hotel
_BOOKED_ZH = (
    r"(?:球场|场地|包场|(?<![发支])票|课|班|健身卡|年卡|月卡|会员卡|会员|酒店|订单|预约|座位|位子|名额)"
)
_BOOKING_RETURNED_ZH = re.compile(
    rf"(?P<r>[^\s，,。！!？?把的]{{0,8}}?{_BOOKED_ZH})(?:我们?|都|已经|也|先)*(?:给|帮你)?退(?:掉|订)?了(?![没吗么])"
)
# (not asked, told as a condition or a plan, said to the listener, or undone in a later clause:
# "等票退了再说", "票退了就亏了", "你把票退了吧", "机票退了，改签到周五了", "课退了又报了")
_BOOKING_NOT_YET_ZH = re.compile(
    r"^(?:你|您)|等|如果|要是|的话|就亏|再买|吧$|改到|改签|又报|再报|换成|[？?]|吗|没有?$"
)


def booking_returned_zh(s: str) -> str:
    """The booking ``s`` says was given back ("周六那个羽毛球场我给退了" -> "周六那个羽毛球场"), or ""."""
    m = _BOOKING_RETURNED_ZH.search(s)
    if not m or _BOOKING_NOT_YET_ZH.search(s.rstrip("。！!~～ ")):
        return ""
    return m.group("r")


# stood up by the one who was to come ("刘师傅又放我鸽子", "他放了我们鸽子"): called off by them, or
# put off when a later coming is said beside it ("…，说下礼拜再来弄")
# (whom they stood up said: "放鸽子比赛", "放了鸽子在广场上" are birds; "别放我鸽子" warns)
_ZH_STOOD_UP = re.compile(
    r"(?<!别)(?<!不要)(?<!要)(?<!会)放了?(?:我|我们|咱们|大家|你|你们|他|她|他们)的?鸽子"
)
_ZH_COMES_LATER = re.compile(
    rf"(?:{ZH_TIME}|改天|回头|过两天|过几天)[^，,。]{{0,4}}?再(?:来|过来|弄|修|装|约|去)"
)
# not until a later time ("王师傅说下周一才能来装", "快递要周五才能到"): the thing comes later than it
# was to, put off to that time (extract._day_named reads it)
_ZH_NOT_UNTIL = re.compile(
    rf"(?:{ZH_TIME})+(?:要|得|可能)?才(?:能|会|可以|有空)?(?:过来|来|去)?(?P<v>到|装|修|弄|送|发|回|开始|上班|开工|做|办|来)"
    r"(?P<obj>[\u4e00-\u9fff]{0,4}?)(?:了|呢|吧|哦|啊)?$"
)
# an exam or test passed ("科目三一把过", "驾照考过了", "雅思终于过了"): done
_ZH_EXAM_PASSED = re.compile(
    r"(?P<obj>科目[一二三四1-4]|驾照|驾考|路考|雅思|托福|四级|六级|专八|专四|教资|法考|CPA|cpa|考研|面试|笔试|答辩|考试)"
    r"(?:我|也|都)?(?:终于|顺利|一把|一次|一次性|总算|居然|竟然)?(?:考)?(?:就)?过了?(?:[！!。~～]|$)"
)


# who a clause of standing up or of not until is about, named at its head ("小周放了我们鸽子",
# "物业说周四才能来修电梯", "装修师傅下周二才能来"): one who says so, or a person by the shape of the
# word (小周, 老张, 王师傅, 房东); no pronoun, and no thing ("快递要周五才能到")
_ZH_LATE_ONE = re.compile(
    rf"^(?:(?P<who>(?![我你他她咱它这那])[\u4e00-\u9fff]{{1,6}}?)(?:说|告诉我|跟我说)"
    rf"|(?:[那这]个)?(?P<who2>(?:小|老|阿)[\u4e00-\u9fff]|[\u4e00-\u9fff]{{0,3}}(?:师傅|老师|经理|医生|阿姨|叔叔)|物业|房东|快递员|司机|客服))"
    rf"(?:又|还是|居然|竟然|{_ZH_PAST_TIME.pattern})*(?=放了?[我你他她大咱]|(?:{ZH_TIME}))"
)


# a wish or a hope in a clause ("我只想明天把报告交了", "我想把房间打扫完了", "希望周末能搞定"): nothing
# done in it (not 想起 / 想到 / 想通, which are remembered or understood)
ZH_WISH = re.compile(r"(?:^|我|们)(?:只|就|也|还|真|很)?想(?![起到通法象])|希望")


_ZH_SURNAME = f"[{SURNAMES}]"


def status_zh(s: str, subject: str) -> list[Evidence]:
    """A task said done by its resultative ("车保养完了", "房间收拾完啦") or called off
    ("那个会我就不参加了", "复查改期了，先不去了")."""
    if s.rstrip().endswith(("？", "?", "吗")):
        return []
    if says_yes_zh(s):
        return []  # "不去才怪了！", "不唱不行了，走！": a yes said with a no in it
    if ZH_WISH.search(re.split(r"[，,]", s)[0]):
        return []
    if re.search(r"(?:保证|发誓)[^，,。]{0,4}不|不会再|再也不会", s):
        return []  # "我保证下次不迟到了": a promise not to, nothing called off
    if re.search(ZH_NEED_BA, s):
        return []  # "这周得把报告写完了": a need, nothing done yet
    clauses = [c.strip() for c in re.split(r"[，,；;]", s)]
    part = _ZH_PART_DONE.match(clauses[0])
    if part and any(re.search(ZH_TIME, c) and "再" in c for c in clauses[1:]):
        # "PPT弄了一大半，数据那块周一再补吧": partly done, the rest on a day named - still owed, put off
        return [Evidence("status", subject, "", time_dropped_zh(part.group("obj")), 0.5, "postponed")]
    booking_undone = bool(_BOOKING_NOT_YET_ZH.search(s))  # "机票退了，改签到周五了": taken up again later
    for i, clause in enumerate(clauses):
        before = clauses[i - 1] if i else ""
        head = _ZH_LATE_ONE.match(clause)
        late_one = (head.group("who") or head.group("who2")) if head else subject
        if _ZH_STOOD_UP.search(clause):
            later = any(_ZH_COMES_LATER.search(c) for c in clauses[i + 1 :])
            return [Evidence("status", late_one, "", "", 0.5, "postponed" if later else "cancelled")]
        m = _ZH_NOT_UNTIL.search(clause)
        # (not a time gone by: "昨天十点才到", "上周五才来修的")
        if m and not re.search(r"不|没", clause[: m.start()]) and not _ZH_PAST_TIME.search(clause):
            what = m.group("v") + m.group("obj") if m.group("obj") else ""  # (a verb alone names no thing)
            return [Evidence("status", late_one, "", what, 0.5, "postponed")]
        m = _ZH_EXAM_PASSED.search(clause)
        if m and not re.search(r"没|不", clause[: m.start()] + clause[m.end() - 3 : m.end()]):
            return [Evidence("status", subject, "", m.group("obj"), 0.5, "done")]
        booked = booking_returned_zh(clause) if not booking_undone else ""
        if booked:
            return [Evidence("status", subject, "", time_dropped_zh(booked), 0.5, "cancelled")]
        m = _ZH_MOVED_TO.match(clause)
        if m and (m.group("how") not in ("是", "应该是", "其实是") or _ZH_SLIP.search(before)):
            # ("银行今天人太多，改后天去": the place named in the clause before is the plan's)
            place = _ZH_PLACE_BEFORE.match(before) if m.group("how") == "改" else None
            return [Evidence("status", subject, "", place.group(1) if place else "", 0.5, "postponed")]
        # (a notice's salutation and the plan's old time before the thing: "各位同事：原定本周四下午召开的
        # 季度总结会延期至下周二")
        m = _ZH_PUT_OFF.match(_ZH_NOTICE_HEAD.sub("", clause))
        if m:  # the day it is put off to is read as its due (extract._day_named)
            return [Evidence("status", subject, "", time_dropped_zh(m.group("obj")), 0.5, "postponed")]
        m = _ZH_SHELVED.match(clause)
        if m:
            # set aside, then the day it is taken up again: put off to that day, not called off
            again = i + 1 < len(clauses) and _ZH_AGAIN_ON.match(clauses[i + 1])
            if m.group("moved") and not again:  # moved back, to no day said: still owed, day unknown
                obj = time_dropped_zh(m.group("obj"))
                return [Evidence("status", subject, "", obj, 0.5, "postponed", put_off=PUT_OFF_NO_DAY)]
            kind = "postponed" if again else "cancelled"
            return [Evidence("status", subject, "", time_dropped_zh(m.group("obj")), 0.5, kind)]
        m = _ZH_DROP.match(clause)
        if m:
            obj = m.group("obj")
            # ("不带你去了": the act with whom it was for, not the addressee alone)
            what = m.group("v") + obj if not obj or obj.startswith(("你", "您")) else obj
            return [Evidence("status", subject, "", what, 0.5, "cancelled")]
        late = late_zh(clauses, ZH_TIME, i)
        if late is not None:
            # "方案得晚两天，周三给你": late by a span, then the day it comes - put off to that day
            return [Evidence("status", subject, "", time_dropped_zh(late), 0.5, "postponed")]
        if _ZH_TIED_UP.search(clause) and not re.search(ZH_TIME, s):
            # "看医生的事让你哥带你去吧，我走不开": the task named in a clause before, or the latest
            topic = re.sub(r"的?(?:那|这)?(?:件)?事(?:情|儿)?.*$", "", before) if "事" in before else ""
            return [Evidence("status", subject, "", topic, 0.5, "cancelled")]
        m = _ZH_CANT.search(clause) or _ZH_CANT_SURE.search(clause) or _ZH_CANT_THAT_DAY.search(clause)
        if not m and re.search(r"抱歉|不好意思|对不起|sorry|sry", s, re.I):
            # (not managed, said with an apology to the one it was owed to: "今天起晚了，没去成，抱歉";
            # "我没去成，临时加班" alone tells what happened, no promise)
            m = _ZH_NOT_MANAGED.search(clause)
        if m and m.re is _ZH_NOT_MANAGED and not clause[: m.start()].strip():
            # (the clause before "没去成" gives why, not what: "今天起晚了，没去成")
            return [Evidence("status", subject, "", m.group("v"), 0.5, "cancelled")]
        if m:
            what = m.group("obj") and m.group("v") + m.group("obj")
            who = subject
            if not what:  # "后天搬家我去不了了": the thing is said before, as the topic
                # (not the reason given for it: "我哥临时有事来不了了")
                topic = re.sub(
                    r"(?:临时|突然|今天|那天)?有(?:点|些)?(?:急)?事(?:儿|情)?$", "", clause[: m.start()]
                )
                # "送你去车站那事我弟去不了了": a relative after the topic is who cannot
                rel = re.search(rf"我的?(?P<r>{_ZH_REL_RE})(?:就|也|可能)?$", topic)
                # "小周周六来不了了": a person named at the head, a day after the name, is who cannot
                named = re.match(rf"(?P<n>[小老阿]{_ZH_SURNAME})(?:说(?:他|她)?)?(?=(?:{ZH_TIME})+$)", topic)
                if rel:
                    who, topic = f"{subject}的{RELATIVES_ZH[rel.group('r')]}", topic[: rel.start()]
                elif named and named.group("n") != subject:
                    who, topic = named.group("n"), topic[named.end() :]
                what = re.sub(
                    rf"^(?:我们|我|{ZH_TIME}|这周|这次|那个|这个)+|的?(?:我|我们)?(?:就|也|可能)?$",
                    "",
                    topic,
                )
                # "送你去机场那事我去不了了": the task, not the word that points at it
                what = re.sub(r"的?(?:那|这)?(?:件)?事(?:情|儿)?$", "", what.lstrip("的"))
            if not what:  # "之前说帮你代班的事，我做不了了": the thing is the clause before
                what = _ZH_TASK_TOPIC.sub("", before)
            return [Evidence("status", who, "", what or m.group("v"), 0.5, "cancelled")]
        m = _ZH_FAULT_GONE.match(clause)
        if m:  # (told by the one it was mended for, as a receipt is: it closes the mender's promise)
            return [Evidence("status", subject, "received", m.group("obj"), 0.5, "done")]
        m = _ZH_CANCEL.search(clause)
        # (a state ended at last, 终于 / 总算 + 不X了, calls nothing off: "衣柜装完终于不乱了", "总算不疼了")
        if m and m.group("obj") and re.search(r"(?:终于|总算)$", m.group("obj")):
            m = None
        if m and not re.search(r"喜欢|爱|吃|喝", m.group("verb") or ""):
            obj = re.sub(
                r"^(?:那个|这个|那|这)",
                "",
                m.group("obj3")
                or m.group("obj")
                or m.group("obj2")
                or m.group("obj4")
                or m.group("obj5")
                or m.group("obj6")
                or "",
            )
            obj = re.sub(r"的?(?:电话|(?:那|这)?(?:件)?事(?:儿|情)?)?就?$", "", obj)
            obj = time_dropped_zh(obj)  # "我明天的面试", "周末的聚会", "项目我们"
            return [Evidence("status", subject, "", obj, 0.5, "cancelled")]
    m = _ZH_PHOTO_OF_RESULT.match(s)
    if m:
        return [Evidence("status", subject, "", m.group("obj"), 0.5, "done")]
    m = _ZH_THANKED_FOR.match(s)
    if m and m.group("who") != subject:
        return [Evidence("status", m.group("who"), "", m.group("obj"), 0.5, "done")]
    m = _ZH_LOOKED_AT.match(clauses[0])
    if m and any(_ZH_WORK_JUDGED.match(c) for c in clauses[1:]):
        return [Evidence("status", subject, "received", m.group("obj"), 0.5, "done")]
    first = re.split(r"[，,]", s)[0].strip()
    m = _ZH_WENT_WELL.match(first)
    if m:
        return [Evidence("status", subject, "", m.group("obj"), 0.5, "done")]
    m = _ZH_THANKED_FOR_ACT.match(first)
    if m:
        # "多亏你昨天送我": the addressee's act on the speaker, thanked for, is done; said as the one
        # who promised it would ("送你")
        act = m.group("act") + "你" + re.sub(r"[了吧啊呀哈啦]+$", "", m.group("rest"))
        return [Evidence("status", subject, "received", act, 0.5, "done")]
    m = (
        _ZH_DONE_ALREADY.match(first)
        or _ZH_HANDED.match(first)
        or _ZH_DONE_BY_ME.match(first)
        or ZH_RECEIVED_REPORTED.match(first)
        or _ZH_RECEIVED.match(first)
        or _ZH_SEEN_THANKED.match(s)
    )
    if m:
        # a receipt, by whoever it was sent to: it closes the sender's promise that names the thing
        # (model.derive_commitments), though the promise named no one it was made to
        key = "received" if m.re in (_ZH_RECEIVED, _ZH_SEEN_THANKED, ZH_RECEIVED_REPORTED) else ""
        return [Evidence("status", subject, key, time_after_dropped_zh(m.group("obj")), 0.5, "done")]
    m = _ZH_DONE_FORMAL.match(first)
    if m:  # "设备盘点结果已通过邮件报送": a notice that the thing has been handed in
        return [
            Evidence(
                "status",
                subject,
                "",
                re.sub(r"(?:结果|情况|材料|报告)$", "", m.group("obj")) or m.group("obj"),
                0.5,
                "done",
            )
        ]
    m = _ZH_DONE_COUNTED.match(first)
    if m:  # "投了三家": the act done so many times, the thing left to the task it closes
        return [Evidence("status", subject, "", m.group("act"), 0.5, "done")]
    for clause in clauses:
        m = _ZH_AT_LAST.match(clause)
        if m:  # "那几盆花总算搬进新家了": at last, an act on the thing done
            return [Evidence("status", subject, "", re.sub(r"^(?:那|这)", "", m.group("obj")), 0.5, "done")]
    # "sent了，你check一下邮箱" (an English past), "转了哈，查收一下" (a bare act of handing over):
    # said done, no thing named
    if _ZH_DONE_LATIN.match(first) or _ZH_DONE_BARE_HANDED.match(first):
        return [Evidence("status", subject, "", "", 0.5, "done")]
    m = _ZH_THING_DONE_LATIN.match(first)
    if m and first != s:  # "deck sent，看下邮箱": the thing and its past, then what to do with it
        return [Evidence("status", subject, "", m.group("obj"), 0.5, "done")]
    for clause in clauses:
        if _ZH_DONE_FOR_ME.match(clause) or _ZH_DONE_BARE_ACT.match(clause):
            # "我妈过来帮忙了", "已书面回复您": done (by a stand-in, or by the speaker) with no thing
            # named: the task it closes is the one still open
            return [Evidence("status", subject, "", "", 0.5, "done")]
    m = _ZH_DONE.search(first)
    if m and _ZH_SETTLED_NOT_DONE.search(first):
        m = None  # "太好了", "那就定了", "多练就好了": a judgement or a settling, no task done
    if not m and len(clauses) > 1 and not re.search(r"[不没别]", first):
        # "昨天折腾了俩小时，Windows装上了，开机飞快": the result said in a later clause, after the
        # effort it took
        for clause in clauses[1:]:
            if _ZH_DONE.search(clause) and not _ZH_SETTLED_NOT_DONE.search(clause):
                return status_zh(clause, subject)
    if m:
        obj = m.groupdict().get("obj") or m.groupdict().get("obj3") or ""
        named = re.search(rf"(?P<name>{_ZH_NAME_RE})(?:已经|都)", obj + s[len(obj) : len(obj) + 4])
        who = subject
        if named and named.group("name") != subject:
            who = named.group("name")
            obj = obj[: obj.find(who)] if who in obj else obj
        # "早就弄好了": 早就 says when, not what
        obj = re.split(r"我|已经|都|早就|早已", re.sub(r"^(?:早就|早已|早|就)+", "", obj))[0]
        # the shortest object the pattern allows may stop inside the thing ("机" of "机票订好了"):
        # the thing runs up to the verb before the resultative
        fill = m.groupdict().get("fill") or ""
        if fill and obj + fill == s[: len(obj + fill)]:
            # obj + fill ends with the verb: a two-character one named, else its last character
            full = re.sub(r"(?:早就|早已)", "", obj + fill)
            two = re.sub(r"(?:收拾|保养|整理|打扫|处理|准备|安排|预订|预约)$", "", full)
            obj = (two if two != full else full[:-1]) or obj
        else:
            obj = re.sub(r"(?:收拾|保养|整理|打扫|修|装|弄|做|写|办)$", "", obj) or obj
        return [Evidence("status", who, "", time_after_dropped_zh(obj), 0.5, "done")]
    return []


_ZH_NAME_RE = (
    r"[小老][王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓]|"
    r"[王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓][\u4e00-\u9fff]{1,2}?"
)

# "我妈过来帮忙了", "今天我老公帮我去了": a relative or a named person stood in for the speaker
_ZH_DONE_FOR_ME = re.compile(
    rf"^(?:{ZH_TIME}|昨天|昨晚|刚才|刚刚)*(?:我的?(?:{_ZH_REL_RE})|{_ZH_NAME_RE})"
    r"(?:已经|都|顺路|特意|专门|过来|来|去)*帮(?:我|忙)(?:[\u4e00-\u9fff]{0,2}?(?:了|去了|过了))?了?[。！!~～]*$"
)
