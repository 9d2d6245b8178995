"""The English lexicon of :mod:`~autogen_zettel.people.rules_en`: word lists and the regular expressions
that spot commitments, status events, preferences and facts in one sentence.

Patterns are narrow on purpose (a false commitment or fact is worse than a missed one); the rules
module decides what a match means.
"""

from __future__ import annotations

import re

from autogen_zettel.text.due import MONTH_EN, SPAN_EN

NAME = r"(?P<name>[A-Z][a-z]+)"
NOT_NAMES = frozenset(
    [
        "I",
        "We",
        "You",
        "He",
        "She",
        "They",
        "It",
        "The",
        "This",
        "That",
        "There",
        "Then",
        "So",
        "And",
        "But",
        "Also",
        "Maybe",
        "Please",
        "Sure",
        "Yes",
        "No",
        "Okay",
        "Ok",
        "Just",
        "Let",
        "Never",
        "Done",
        "All",
        "Actually",
        "Well",
        "Oh",
        "Hey",
        "Hi",
        "Thanks",
        "Sounds",
        "Nah",
        # sentence adverbs that start a line as a name would ("Finally handed in my thesis")
        "Finally",
        "Already",
        "Luckily",
        "Thankfully",
        "Honestly",
        "Apparently",
        "Eventually",
        "Somehow",
        "Today",
        "Yesterday",
        "Yep",
        "Yeah",
    ]
)
# (an "if" of politeness hedges nothing: "I can take the kids tomorrow if you like")
HEDGE = re.compile(
    r"\b(?:maybe|perhaps|might|probably|not sure|if(?!\s+(?:you(?:'d)?\s+(?:like|want|need|prefer)|that\s+(?:helps|works|suits)"
    r"|needed|need be)\b)|unless|i guess|would you|could you"
    # (a wish about what one will get is no act promised: "I hope I'll get the job"; a hope about
    # something else before a promise is not its hedge: "I hope we win tonight, I'll make the snacks")
    r"|i (?:hope|wish|pray)(?:\s+that)?(?=\s+(?:i|we)(?:'ll|\s+will)\b|\s*$)"
    # a promise withheld in the words that would give it: "I can't promise I'll be there on Friday"
    r"|(?:can't|cannot|can not|won't|couldn't|not going to)\s+(?:promise|guarantee)|no (?:promises|guarantees)"
    # a doubt of one's own act: "I don't think I'll make it tonight", "dont think we can"
    r"|(?:don't|dont|do not)\s+think(?:\s+that)?(?=\s+(?:i|we)(?:'ll|\s+will|\s+can|'m\s+going\s+to|\s+am\s+going\s+to)\b|\s*$)"
    # (the speaker's own doubt after it: "Dan reckons he's going to do the marathon, we'll see")
    # ("we'll see how it goes" doubts the outcome, not the act)
    r"|we'll see(?!\s+(?:how|what|if|whether)\b)|we will see(?!\s+(?:how|what|if|whether)\b)|i doubt it)\b"
)
STOP = re.compile(
    r"[,;:.!?()]|\s[-–—]\s|\b(?:and then|but|because|so that|since|although|though|while|whilst|as soon as|if)\b"
    # "I'll ping you once it's done": the clause of when is no part of the promise
    r"|\b(?:once|when|after|before|until|till)\s+(?=(?:it|it's|i|i'm|i've|we|we're|you|you're|they|he|she|the|that|this)\b)"
    # (nor a clause of what follows from it: "I'll take the kids on thursday so you're off the hook")
    r"|\bso\s+(?=(?:you|you're|you've|u|ur|i|i'm|we|we're|they|they're|he|she|it's|that's)\b)"
)

# -- commitments ---------------------------------------------------------------------------
# the verbs that tell someone a thing, a promise reported as made to them after one of them
# (one's word given is a promise of the class: "gave my word to the coach that I'd run the raffle")
TOLD_TO = (
    r"promised|swore to|swore|vowed to|pledged to|assured|reassured|told|said to|mentioned to|explained to"
    r"|gave (?:my|our|his|her|their) word to"
)
FIRST_PROMISE = re.compile(
    # a promise in a negated forgetting, read before the bare 'll: "I won't forget to send them",
    # "I'll remember to call"
    r"\b(?:i|we)\s*(?:won't forget to|will not forget to|'ll remember to|will remember to|promised to|"
    # a promise told as made to someone ("I promised my sister I'd pick her up", "we swore to Mum we'd
    # ring"): the reported "would" of the one who made it
    # (any verb that tells someone: "told", "said to", "mentioned to", "assured")
    rf"(?:{TOLD_TO})\s+(?:(?:my|our|the|his|her|their)\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:that\s+)?(?:i'd|i would|we'd|we would|i'll|i will|to)|promise(?: to| that i'll| that i will| i'll| i will)?|'ll make sure to|'ll|will|shall|"
    # (an assurance may stand before the going to: "I'm definitely going to ring Mum on Saturday")
    r"(?:'m|am|'re|are)\s+(?:(?:definitely|certainly|totally|absolutely)\s+)?going to|'m gonna|plan to|'m planning to|am planning to|'re planning to|are planning to|intend to|agree to|'ll definitely|"
    # a promise taken on, told as done: "I've agreed to cover the shift", "we volunteered to run the stall"
    r"(?:'ve\s+|have\s+)?(?:agreed|volunteered|signed up) to|"
    r"will definitely)\s+(?P<what>[^,;:.!?]+)"
    # the same told with the I dropped at a line's head: "Told Mrs Patel I'd look after her dog"
    rf"|^(?:{TOLD_TO})\s+(?:(?:my|our|the|his|her|their)\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:that\s+)?"
    r"(?:i'd|i would|we'd|we would|i'll|i will)\s+(?P<what6>[^,;:.!?]+)"
    r"|\blet me\s+(?P<what2>[^,;:.!?]+)"
    r"|\b(?:count on me|rely on me|leave it (?:with|to) me)\s+to\s+(?P<what4>[^,;:.!?]+)"
    # the thing left in the speaker's hands: "Leave the bins to me", "leave the cake with me"
    r"|\bleave\s+(?P<what8>(?:the|that|this|those|these|your)\s+[^,;:.!?]+?)\s+(?:to|with)\s+me\b"
    # "Count me in for five-a-side on Thursday": the speaker signs up for the plan named
    # (up to a dash too: "Count me in for the picnic - I'll make the sandwiches" names the act after)
    r"|\bcount me in\s+for\s+(?P<what5>(?:(?!\s[-–—]\s)[^,;:.!?])+)"
    # the I dropped at the head of a line or of a clause after a comma ("leaving now, will grab milk")
    r"|(?:^|[,;]\s+)(?:ok,?\s+|okay,?\s+|sure,?\s+)?will\s+(?P<what3>(?!do\b)[^,;:.!?]+)"
    # an act offered for a time to come: "I can cover your shift Saturday", "we can drop it off
    # tonight" (a promise only with its time: rules_en reads the day; "I can do Tuesday" offers a day)
    r"|\b(?:i|we)\s+can\s+(?!do\b)(?P<what7>[^,;:.!?]+)"
    # a task that falls to the speaker (a promise, like "I can", only with its time: rules_en): "I'm on
    # wrapping duty tomorrow night", "I'm in charge of the drinks on Saturday", "I've got the snacks
    # covered for Friday", "drinks are on me tomorrow"
    # (not a shift at work: "I'm on night duty this week", "on call")
    r"|\b(?:i|we)(?:'m|\s+am|'re|\s+are)\s+(?:on\s+(?P<what9>(?!(?:night|day|early|late|weekend|jury|guard|call|desk|front|door|active|light|double)\s)"
    r"[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?\s+duty\b[^,;:.!?]*)"
    r"|in\s+charge\s+of\s+(?P<what10>[^,;:.!?]+))"
    r"|\b(?:i|we)(?:'ve|\s+have)?\s+got\s+(?P<what11>(?:the|our)\s+[a-z][\w\- ]{1,30}?)\s+covered\b(?P<when11>[^,;:.!?]*)"
    # (a round, not a person on at one, "mum's on me about the rent", nor all eyes or the blame)
    r"|^(?:the\s+)?(?P<what12>(?!(?:the|it|that|this|all\s+eyes|everything|everyone|eyes|blame|fault|pressure|spotlight|joke|focus|"
    r"ball|onus|responsibility|he|she|they|we|you|mum|mom|dad|boss|wife|husband|missus|hubby)\b)"
    r"[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)(?:\s+(?:is|are)|'s|'re)\s+on\s+me\b(?!\s+(?:about|to|for)\b)(?P<when12>[^,;:.!?]*)"
    # a task claimed by chat's word for claiming, with its time (rules_en): "bagsy the airport run on
    # the 4th", "dibs on the school run tomorrow" (not a seat or a slice: "bagsy the front seat")
    r"|(?:^|[,;!]\s*)(?:(?:ok|okay|right|oh|ooh)[,!]?\s+)?(?:i\s+)?(?:bagsy|dibs\s+on|call\s+dibs\s+on)\s+"
    r"(?!(?:the\s+)?(?:front|back|window|aisle|middle|last|top|bottom|big|best|biggest|comfy|sofa|couch|bed|bathroom|"
    r"shower|remote|room|spot|seat|first)\b)(?:the\s+)?(?P<what13>[^,;:.!?]+)"
)
# a promise moved to another day by the one who owes it: "Need to push the contract to next Tuesday",
# "I'll move the call to Friday" (an act to come, not a report of a thing postponed)
POSTPONE = re.compile(
    r"(?:^|\b(?:i|we)\s*(?:'ll|will|'m going to|am going to|'re going to|'m gonna|'re gonna)?"
    r"(?:\s*(?:need to|have to|must|'ve got to|got to|gotta))?\s+|"
    r"^(?:need to|have to|gonna have to|going to have to|gotta|will|gonna)\s+)"
    # (or left as it is till then: "gonna leave the bathroom till next week")
    r"(?:push|move|bump|shift|put off|reschedule|leave(?=\s+(?:the|my|our|that|this)\s+[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?\s+(?:till|until)\s))\s+(?:back\s+)?"
    r"(?P<obj>(?:the|my|our|that|this)\s+[a-z][\w\- ]{1,30}?)"
    r"\s+(?:back\s+)?(?:to|till|until)\s+(?=\w)"
)
THIRD_PROMISE = re.compile(
    # (told to whomever, not only the speaker: "Callum told the neighbours he'd trim the hedge")
    rf"\b{NAME}\s+(?:said|says|told|tells|mentioned|confirmed|promised|assured|swore|swore to|vowed to)"
    rf"(?:\s+(?:me|us|him|her|them|(?:the|his|her|their|our|my)\s+[a-z]+|[A-Z][a-z]+))?\s+(?:that\s+)?(?:he|she|they)\s*"
    rf"(?:'ll|'d|will|would|is going to|was going to|'s going to|are going to)\s+(?P<what>[^,;:.!?]+)"
    rf"|\b{NAME.replace('name', 'name2')}(?:\s+(?:will|'ll|is going to|is gonna)|'s going to|'ll|'s gonna)\s+(?:"
    rf"definitely\s+)?(?P<what4>[^,;:.!?]+)"
    rf"|\b{NAME.replace('name', 'name3')}\s+(?:promised to|promised (?:he|she)(?:'ll| will| would)|"
    rf"agreed to|offered to|plans to|is supposed to)\s+(?P<what2>[^,;:.!?]+)"
)
VAGUE_DO = re.compile(
    r"^(?:do|handle|sort|take care of|see to|manage)?\s*(?:it|that|this|so)?(?: out)?$"
    # an intention with nothing to check it by: an effort, an attitude, a wish for it to work out
    r"|^(?:do|try)\s+(?:my|our)\s+(?:very\s+)?best$|^give\s+it\s+(?:my|our)\s+all$"
    r"|^make\s+(?:it|this|that)\s+(?:happen|work|count)\b|^get\s+(?:'em|them|him|her|it)\s+next\s+time\b"
    r"|^(?:stay|keep|remain)\s+(?:positive|strong|determined|focused|motivated|calm|safe|hopeful|going|at it|pushing)\b"
)
# a request to the hearer, or to anyone there ("Can someone pick up the cake?")
ASKED = re.compile(
    # (what is asked after "be able to": "Would you be able to send over the NDA")
    r"\b(?:(?:can|could|would|will)\s+(?:you|someone|somebody|anyone|anybody)(?:\s+be able to)?|please)\s+(?P<what>[^,;:.!?]+)"
)
# a request to be reminded ("Remind me to call Mum", "can you remind me to ..."), not what something
# reminds one of ("moments like these remind me to slow down")
REMIND = re.compile(
    r"(?:^|[,;:.!?]\s*|\b(?:please|pls|plz|can you|could you|would you|will you|and|just|oh)\s+)"
    r"remind me to\s+(?P<what>[^,;:.!?]+)"
)
MUST = re.compile(r"^(?:\w+,?\s+)?i(?:'ve got| have got| have| need| must| got)\s+to\s+(?P<what>[^,;:.!?]+)")
# an acknowledgement at a line's head ("on it", "leave it with me"): what follows is taken on
ACK_EN = re.compile(
    r"^(?:consider it done|(?:i'm )?on it|will do|no problem|no worries|sure|ok|okay|leave it with me)\b"
)
# a result with a time ahead after it ("bins rota sorted by friday", "report done by tomorrow"): a
# deadline taken on, not a thing done
DONE_BY_EN = (
    r"(?:sorted|done|ready|fixed|finished|sent|booked|paid)\s+by\s+"
    r"(?=(?:tomorrow|tonight|the\s+\d|end of|close of|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d))"
)
NOT_PROMISE = re.compile(
    r"^(?:be\b(?!\s+there\s+(?:for(?!\s+(?:a|an|one|two|three|a few|\d+|ages|long|the whole|you|him|her|them|us|me)\b)|at|on|to)\b)"
    # "I'll be at your housewarming": at the addressee's own event or place, a promise to come
    r"(?!\s+at\s+your\s+\w)|have (?!(?:the |it |this |that |a )?\w+ (?:ready|done|finished|sent|back|to you|over to you|(?:on|in) your \w+)|a (?:quick |proper |closer )?"
    r"(?:look|go|word|chat|think|try)\b)|"
    # "I'll take the salmon" is a choice; "take the kids swimming", "take the dog to the vet", "take the
    # old garden waste to the tip" an errand ("I'll see" is a maybe, "I'll see to the gutters" a task)
    # (a person taken somewhere is an errand too: "I'll take you to the airport", "take Mum to lunch")
    # (a piece of work taken on is a task: "I'll take this ticket", "I'll take the minutes")
    r"take\b(?!\s+care\s+of\b)(?!\s+(?:this|that|the|a|an)\s+(?:ticket|task|bug|issue|story|shift|minutes|notes|action item|"
    r"lead|on-?call|handover|review|call|meeting)s?\b)(?!\s+(?:(?:the|my|our|your|his|her)\s+\w+(?:\s+\w+){0,2}|you|him|her|them|us|mum|mom|dad)"
    # (or taken in to be seen to: "I'll take your car in for its MOT"; not "take the salmon in the end")
    r"\s+(?:to|out|home|back|in(?!\s+(?:the|a|an|my|your|his|her)\b)|\w+ing)\b)"
    # (a person, a grandparent too, taken on an outing: "I'll take you on the boat trip", "take
    # Grandad to his appointment"; a thing taken "on the side" is an order)
    r"(?!\s+(?:you|him|her|them|us|mum|mom|dad|grandad|granddad|grandma|grandpa|gran|granny|nan|nana|(?:the\s+)?(?:kids|children))\s+(?:to|on\s+(?:the|a|an|holiday))\b)"
    r"|think\b|see\b(?!\s+to\b)|"
    r"try\b|never\b|not\b|probably\b|maybe\b|pass\b|skip\b|just have\b|need\b|wonder\b|miss\b|love\b|like\b|"
    r"hate\b|give (?:it|this|that)(?: one)? a (?:miss|swerve|body swerve|pass|skip)\b|sit (?:it|this one|that one) out\b|get back to you\b$|let you know\b$|keep that in mind|go with\b|stick with\b|tell you\b$|remember\b|"
    # (a verb of the mind is no act taken on: "I'll believe it when I see it", "she'll know all the phonics stuff")
    # (unless an act follows it in the clause: "I'll know by Friday and I'll tell you")
    r"forget\b|believe\b|(?:know|understand)\b(?![^,;.!?]*\b(?:and|then|so)\b)|cherish\b|treasure\b|keep\b|make it\b\s*$|find (?:a way|out)\b|get there\b|be fine\b|enjoy\b|"
    # (a joke promise held to: "haha I'll hold you to that")
    r"hold (?:you|u|ya|him|her|them) to (?:that|it)\b|"
    r"need\b|want\b|wait\b|let\b(?!\s+(?:you|him|her|them|everyone)\s+know\b(?!\s*$))|die\b|survive\b|manage\b\s*$|admit\b|say\b|bet\b|"
    # a leave-taking ("I'll talk to you later", "I'll catch you later"): no task, only goodbye
    r"(?:talk|speak|chat)\s+(?:to|with)\s+you\b(?:\s+(?:later|soon|then|tomorrow|in a bit|again|around))?\s*$|"
    r"catch\s+you\b(?:\s+(?:later|soon|then|tomorrow|in a bit|around))?\s*$)"
)

# a thing that does nothing for the speaker ("Jazz does nothing for me", "Reggae doesn't do it for
# me"): a dislike, and the head before it a thing, never a person
NOTHING_FOR_ME = (
    r"(?:does|do)(?:\s+absolutely)?\s+nothing\s+for\s+me"
    r"|(?:doesn't|does not|don't|do not)\s+do\s+(?:it|much|anything)\s+for\s+me"
)

# -- animals ------------------------------------------------------------------------------------
# the animals kept as pets, by kind or by breed ("my cat", "our new beagle", "two guinea pigs"),
# singular or plural; :func:`animal_singular` gives the singular a fact keeps
ANIMALS_EN = (
    r"(?:kittens?|cats?|dogs?|pupp(?:y|ies)|rabbits?|bunn(?:y|ies)|hamsters?|parrots?|guinea\s+pigs?|ferrets?|"
    r"geckos?|tortoises?|turtles?|goldfish|budgies?|cockatiels?|pon(?:y|ies)|horses?|"
    r"beagles?|labradors?|spaniels?|terriers?|poodles?|collies?|retrievers?|dachshunds?|pugs?|greyhounds?|"
    r"whippets?|husk(?:y|ies)|corgis?|bulldogs?|chihuahuas?|schnauzers?|cockapoos?|cavapoos?|labradoodles?)"
)


def animal_singular(word: str) -> str:
    """ "puppies" -> "puppy", "cats" -> "cat", "goldfish" -> "goldfish"."""
    w = word.lower()
    if w.endswith("ies"):
        return w[:-3] + "y"
    return w[:-1] if w.endswith("s") and not w.endswith("ss") else w


# -- status events ----------------------------------------------------------------------------
# a later time a plan is moved to: "next month", "Friday", "the 14th", "spring", "later", "late June"
# (each a whole word: "moved to marketing", "to another ward", "to the 3rd floor" name no time)
LATER_EN = (
    r"(?:(?:next|later|the following|the end of|after|tomorrow|tonight)\b|another\s+(?:day|week|time|month|date)\b"
    r"|(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\b(?!\s*(?:floor|round|team|place|class|grade|year))"
    # (a weekday with its article: "moving to the Thursday after")
    r"|(?:the\s+)?(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\b|(?:the\s+)?weekend\b|"
    rf"{MONTH_EN}\b|(?:spring|summer|autumn|fall|winter)\b|"
    rf"(?:early|mid|late)[-\s]+(?:{MONTH_EN}|spring|summer|autumn|winter|next)\b)"
)
# a verb that moves a plan in time ("pushed", "moving", "rescheduled"; postponing is a cancelling verb too)
MOVE_VERB_EN = (
    r"(?:push(?:es|ed|ing)?|put(?:s|ting)?|mov(?:e|es|ed|ing)|bump(?:s|ed|ing)?|delay(?:s|ed|ing)?|"
    # (shift as a verb only in its past or progressive: "my shift moved to Friday" is no shifting)
    r"reschedul(?:e|es|ed|ing)|shift(?:ed|ing)|(?<=to )shift|shunt(?:s|ed|ing)?)"
)
# a plan put off by a span, named by a pro-form ("gonna push it back a week"): the plan said before
PUT_IT_OFF_EN = rf"{MOVE_VERB_EN}\s+(?:it|that|this)\s+back\s+(?:by\s+)?{SPAN_EN}"
# a thing back in order, said after it ("The radio is working again", "latch works like a dream
# now", "Shelf's rock solid now"): its repair done, and the head before it a thing, never a person
BACK_IN_ORDER = (
    r"(?:(?:\s+(?:is|are)|'s|'re)\s+(?:working|running|going)\s+again\b|\s+works?\s+"
    r"(?:again\b|(?:like a dream|perfectly|a treat|fine|like new)\s+now\b)"
    # (a mended state with the "now" that sets it against before; not "good as new", said of people too)
    r"|(?:\s+(?:is|are)|'s|'re)\s+(?:rock[- ]solid|solid as a rock|watertight)\s+now\b)"
)
# the thing of an errand said done by "got" / "grabbed" ("got the milk", "grabbed the tickets"): what
# one fetches or buys for others, not a thing received, a state, a ride or a slip ("got the letter",
# "got the cold", "got the coach", "grabbed the wrong bag")
_ERRAND_THING = (
    r"(?:(?:birthday|train|gig|concert|cinema|theatre|match)\s+)?(?:milk|bread|eggs|shopping|groceries|food|"
    r"tickets?|cards?|cake|present|presents|gift|gifts|flowers|wine|beer|booze|drinks|snacks|crisps|keys|parcel|"
    r"package|prescription|paint|stuff|pizzas?|takeaway|chips|coffees?|nappies|batteries|charger|kids|balloons|bunting|"
    r"chairs|meat|veg|ice|cups|plates|decorations|dessert|pudding|bits|supplies|forms|books|documents|passports?|"
    r"flu\s+jab|(?:[a-z]+\s+)?(?:jab|booster)s?)(?![^.!?]*\bthank)"
)
DONE_VERBS = (
    r"sent|finished|done|completed|booked|submitted|called|paid|fixed|emailed|returned|ordered|"
    # (the thing as a pronoun between the verb and its particle: "Jake dropped it off this morning")
    r"picked (?:it |them )?up|dropped (?:it|them) (?:off|round)|cleaned|"
    # (an errand's thing fetched, said short: "got the milk 👍", "grabbed the bread"; not a thing come
    # by or a state, "got the job", "got the flu", "got the hiccups", "got the day off", "grabbed a
    # nap", nor what is understood or received, "got it", "got ur text", nor a thing got into a state,
    # "got the tickets sorted", "I've got the snacks covered", read elsewhere)
    # (the errand said alone, its thing after it and nothing more but when or where: "got the milk 👍",
    # "grabbed the bread on the way"; not a slip, "grabbed the wrong bag", nor a meal out, "grabbed
    # some lunch with the girls")
    rf"(?:grabbed|got)(?=\s+(?:the|some)\s+{_ERRAND_THING}\s*(?:$|[^\w\s][^\w]*$|[,;.!]|\s+(?:on\s+the\s+way|"
    r"for\s+(?:you|u|us|ya|tonight|tomorrow)|today|this\s+morning|earlier)\s*(?:$|[^\w\s])))|"
    # (a thing or a person taken back: "dropped the car back", "dropped Nan back home")
    r"dropped(?=\s+(?:it|them|the\s+[\w\-]+|[\w\-]+)\s+back\b)|"
    # (a thing given back: "finally gave it back to you", "paid you back")
    r"gave (?:it|them|the \w+|your \w+) back|paid (?:you|him|her|them) back|updated|reviewed|written|wrote|drafted|delivered|bought|mailed|posted|"
    r"renewed|repaired|handed in|shipped|texted|watered|brought|scheduled|replied|answered|signed|rang|phoned|messaged|"
    # chores and errands done
    r"baked|cooked|washed|packed|serviced|printed|wrapped|ironed|tidied|uploaded|installed|"
    # (work shipped: "PR's merged", "deployed the fix", "the notes are published")
    r"merged|deployed|released|published|"
    # (the house and garden: "Dad's finally cleared the garage out", "mowed the lawn"; not a throat, a
    # mind or a misunderstanding cleared, nor what is passed or spent: "mowed down the competition",
    # "cleared customs", "emptied my savings")
    r"mowed(?!\s+down)|hoovered|vacuumed|mopped|scrubbed|weeded|decluttered|descaled|defrosted|"
    # ("dad finally painted the shed", "assembled the wardrobe")
    r"painted|varnished|assembled|"
    r"emptied(?!\s+(?:my|his|her|their|our|your)\s+(?:bank|savings|account|wallet|pockets|purse|stomach|bladder))|"
    r"cleared(?!\s+(?:my|his|her|their|our|your)\s+(?:throat|head|mind|name|conscience|diary|schedule|calendar)"
    r"|\s+(?:customs|security|immigration|passport control|the air)\b"
    r"|\s+up\s+(?:(?:the|a|that|this|our|my)\s+)?(?:misunderstanding|confusion|matter|issue|question|doubt)\b)|"
    r"swept(?!\s+(?:it|them|this|that)\s+under)"
)
# phrasal completions read at the head of a line, the I dropped ("Dropped off the parcel"), or after
# an "I" ("I dropped off the parcel"); after a noun they are a passive ("Groceries dropped off"),
# read elsewhere
# ("approved 👍" after one's promise to review, or "approved the PR"; "Sarah approved" is another's
# approval, no task; nor "approved of", "approved for the mortgage", "Approved!! we got the flat")
HEAD_DONE = (
    r"dropped off(?!\s+(?:to\s+sleep|again))|handed over|sorted out|filled in|filled out|"
    r"approved(?=\s*[^\w\s]*$|\s+(?:it|the\s+\w+|your\s+\w+|his\s+\w+|her\s+\w+)\s*[^\w\s]*$)"
)
# a person reached, said as done ("Spoke to the landlord", "I finally got hold of the bank"): what a
# promise to call, ring or talk to them asked for
CONTACTED = r"spoke to|spoken to|spoke with|talked to|talked with|got hold of|got through to|caught up with|heard back from"
DONE = re.compile(
    rf"^(?:(?:it's|it is|all|that's|everything's|i'm|i am|we're)\s+)?(?:done|sorted|finished|taken care of)\b(?P<w1>.*)"
    rf"|^(?:(?:ok|okay|yes|yep|yeah|yup),?\s+)?(?:just|already|finally)?\s*(?:{DONE_VERBS}|{HEAD_DONE}|{CONTACTED})\b(?P<w2>.*)"
    rf"|\bi(?:'ve| have)?\s+(?:already\s+|just\s+|finally\s+)?(?:{DONE_VERBS}|{HEAD_DONE}|{CONTACTED}|took care of)\b(?P<w3>.*)"
    rf"|\bthe (?P<w4>[a-z ]+?) (?:went out|is done|are done|has been sent|is sent|is finished|is booked)\b"
    # (not "consider it done", a pledge to do it)
    rf"|^(?P<w5>(?!consider\b)[a-z]+(?: [a-z]+)?) (?:sent|done|booked|submitted|paid|finished|fixed|delivered)[.!]*$"
    # (any errand's participle after its thing, a clause or a when after it: "plants watered, they're
    # all alive", "Dentist booked for the 10th", "bins emptied this morning")
    rf"|^(?:the\s+|my\s+|your\s+|our\s+)?(?P<w14>(?!(?:consider|he|she|they|it|i|we|you|that|this|plans?|flight|train|bus|meeting|no|not|nobody|noone|none|nothing|one|someone|everyone|everything|still|never)\b)[a-z]+(?: [a-z]+)?) "
    rf"(?:{DONE_VERBS}|fed|walked)(?=[.!]*$|\s*[,;]|\s+(?:already|just now|this morning|today|yesterday|last night|"
    rf"earlier|for\s+(?:the|next|tomorrow|mon|tues|wednes|thurs|fri|satur|sun)))"
    rf"|^(?:i\s+)?did it\b(?P<w6>)"
    # the one chased has answered ("Caterers came back, three vegan plates confirmed", "the garage got
    # back to me"): what a promise to chase, ask or call them asked for (not a return, "came back
    # from Spain", nor a relapse, "the rash came back"; no one who did not, "nobody got back to me")
    rf"|^(?:the\s+|my\s+|our\s+)?(?P<w13>(?!(?:he|she|they|it|i|we|you|that|this|everyone|no|nobody|noone|still|never)\b)"
    rf"[a-z]+(?: (?!(?:never|still|hasn't|haven't|didn't|never)\b)[a-z]+)?)\s+"
    rf"(?:got back to (?:me|us)|came back to (?:me|us)|came back(?=,[^.]*\b(?:confirmed|agreed|quoted)\b)|"
    rf"rang (?:me |us )?back|called (?:me |us )?back)\b"
    # a telegraphic passive with its copula said ("Salad's made and in the fridge", "The beds are made"):
    # the thing at the head is what was done; a pronoun there is no thing
    rf"|^(?:the\s+|my\s+|your\s+|our\s+)?(?P<w9>(?!(?:it|that|this|he|she|there|what|who|everything|all|nah|no|yeah|we|i|you|they)\b)[a-z]+(?: [a-z]+)?)"
    # (or put up where others read it: "postmortem is up in confluence", "the deck's up on the drive")
    rf"(?:'s|'re|\s+is|\s+are|\s+has been|\s+have been|'s been|'ve been)\s+(?:all\s+)?(?:{DONE_VERBS}|{HEAD_DONE}|made|up\s+(?:on|in)\s+(?:the\s+)?(?:confluence|notion|drive|google drive|sharepoint|slack|teams|jira|github|wiki|shared drive|dropbox|portal|website|site))\b"
    # (where it now is may follow: "Food's all packed in the cool box")
    rf"(?=\s*(?:$|[,.;!]|and\b|(?:in|on|into|at)\s+(?:the|your|my|our)\b))"
    # money moved, the verb of paying with what it moves ("Just transferred the money", "wired the deposit")
    rf"|^(?:(?:ok|okay|yes|yep|yeah|yup),?\s+)?(?:i(?:'ve| have)?\s+)?(?:just\s+|already\s+|finally\s+)?(?:transferred|wired|sent|paid)\s+"
    # (a sum by its unit is money too: "the forty quid", "the £40", "50 bucks")
    rf"(?:you\s+)?(?:back\s+)?(?P<w10>(?:the|your|my|that)?\s*(?:[£$€]\d+|(?:[\w\-]+\s+)?(?:money|cash|funds|payment|"
    rf"deposit|rent|refund|quid|pounds|bucks|dollars|euros|fiver|tenner)))(?!\w)"
    # the pro-verb answering a reminder: "already did", "did that already", "just did"
    rf"|^(?:i\s+)?(?:already|just)\s+did(?:\s+(?:it|that|them))?\b(?P<w7>)|^(?:i\s+)?did (?:that|them|it) already\b(?P<w8>)"
    # an errand of fetching said done by having all of it: "got everything", "got it all"
    rf"|^(?:(?:ok|okay|yes|yep|yeah|yup),?\s+)?(?:i(?:'ve| have)?\s+)?(?:just\s+|finally\s+)?got\s+"
    rf"(?:everything|it all|all of it|the lot|them all|all of them)\b(?P<w11>)"
    # an act got through at last: "Managed to fix the leak myself", "finally managed to book the venue"
    rf"|^(?:(?:ok|okay|yes|yep|yeah|yup|so),?\s+)?(?:i(?:'ve| have)?\s+)?(?:just\s+|finally\s+)?managed\s+to\s+"
    rf"(?P<w12>[a-z][^,;.!?]*)"
)
# "Bob sent the slides", "Tom has already sent it", "Tom's just booked it": the name is who did it;
# a contracted "'s" is "has" only with an object after the verb ("Coffee's sorted" is a passive)
THIRD_DONE = re.compile(
    rf"\b{NAME}(?:\s+has\s+|\s+had\s+|\s+)(?:already\s+|just\s+|finally\s+)*(?:{DONE_VERBS})\b(?P<w>.*)"
    rf"|\b{NAME.replace('name', 'name2')}'s\s+(?:already\s+|just\s+|finally\s+)*(?:{DONE_VERBS})\b"
    r"(?P<w2>\s+(?:it|them|that|this|everything|the|a|an|my|his|her|our|their|your)\b.*)"
)
CANCEL = re.compile(
    r"\b(?:never ?mind|nevermind|scrap (?:that|it|the)\b|scratch (?:that|it)\b|(?<!don't )(?<!not )(?<!never )"
    r"forget (?:about )?(?:it|that|the)\b|no need\b|"
    r"don't bother|do not bother|cancel\b|call off|(?<=i'm )calling (?:it|this|that|the \w+) off\b|(?<=we're )calling (?:it|this|that|the \w+) off\b|let's not|no longer need|don't need\b.*\b(?:anymore|any more)|"
    # "Don't worry about Friday": the plan of that day released by the one it was for
    r"won't need|not needed|drop the|don't worry about (?:the|it|(?:this |next |on )?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|"
    r"tomorrow\b|tonight\b))"
)
CUE_WORDS = frozenset(
    [
        "never",
        "mind",
        "nevermind",
        "scrap",
        "scratch",
        "that",
        "forget",
        "about",
        "it",
        "no",
        "need",
        "anymore",
        "any",
        "more",
        "don't",
        "bother",
        "do",
        "not",
        "cancel",
        "please",
        "call",
        "off",
        "let's",
        "not",
        "longer",
        "won't",
        "need",
        "needed",
        "drop",
        "worry",
        "done",
        "all",
        "sent",
        "just",
        "already",
        "i",
        "i've",
        "have",
        "the",
        "a",
        "an",
        "my",
        "with",
        "it",
        "is",
        "are",
        "out",
        "went",
        "this",
        "morning",
        "yesterday",
        "today",
        "it's",
        "finished",
        "ok",
        "okay",
        "has",
        "been",
        # an object pronoun names no task ("rang them"): the verb and the owner match it
        "them",
        "him",
        "her",
        "those",
    ]
)

# -- preferences ------------------------------------------------------------------------------
# a degree said before the verb ("I quite like", "I rather enjoy") is no negation: the stance stands
ADV = r"(?:(?:really|also|still|actually|totally|absolutely|honestly|just|kind of|sort of|now|truly|do|quite|rather)\s+)*"
STANCE = re.compile(
    rf"\b(?:i|we)\s+{ADV}(?P<neg>don't|do not|no longer|never|didn't|can't|cannot)?\s*{ADV}"
    # the object ends where a contrast begins ("I love hiking but I hate camping": two stances), or
    # where "and" opens a clause of its own subject ("I like Tom and he likes me")
    r"(?P<verb>love|like|enjoy|prefer|adore|hate|dislike|detest|can't stand|cannot stand)\s+"
    r"(?P<obj>(?:(?!\s(?:but|whereas|while|although|though)\s|\s(?:and|so)\s+(?:i|we|he|she|they|you)\s)[^,;:.!?])+)"
)
FAN = re.compile(
    r"\bi(?:'m| am)\s+(?P<neg>not\s+)?(?:really\s+|still\s+|so\s+)?(?P<how>a\s+(?:(?:big|huge|massive|real|total|die-?hard)\s+)?fan of|into|"
    r"crazy about|keen on|fond of|obsessed with)\s+(?P<obj>[^,;:.!?]+)"
)
FAVOURITE = re.compile(
    r"\bmy (?:all-time )?favou?rite (?:\w+(?: \w+)?) is (?P<obj>[^,;:.!?]+)"
    r"|^(?P<obj2>[a-z][a-z ]{1,30}?) (?:is|are) my (?:all-time |absolute )?favou?rite\b"
)
NOT_MY_THING = re.compile(
    r"^(?P<obj>[a-z][a-z ]{1,30}?) (?:is|are)(?:n't| not) (?:really )?my (?:thing|cup of tea)\b"
)
VAGUE = re.compile(
    r"^(?:it|that|this|these|those|them|you|your|how|what|when|where|why|who|to|the way|the idea|"
    r"the thought|being|having|doing|getting|seeing|hearing|knowing|every|all|each|so much|a lot|too|"
    r"here|there|me|myself|him|her|us|everyone|everything|everybody|someone|something|anything|nothing|one|is|was|are|were|"
    r"has|had|will|would|can|could|of)\b"
)
# what a stance verb's object must not be for a taste: a clause ("how you think"), the addressee's own
# thing ("your work"), a remark's echo ("the sound of that"), a stretch of time ("this week", "every minute")
TIME_SPAN = r"(?:this|that|the|next|last|today's)\s+(?:week|day|month|year|morning|evening|night|weekend|minute|moment)\b"
NOT_A_KIND = re.compile(
    r"^(?:(?:how|what|why|when|where|who|whether|if|the way)\b|your\b|(?:every|each)\b"
    rf"|(?:the\s+)?\w+\s+of\s+(?:that|it|this|them|those|these)\b|{TIME_SPAN})",
    re.I,
)
# "I'm done with this week": worn out by a stretch of time, no task done
DONE_WITH_TIME = re.compile(rf"\b(?:done|finished|through) with\s+{TIME_SPAN}", re.I)
# fixed idioms built of stance or taste words that say no taste: strong feeling, hunger, curiosity
IDIOMS = re.compile(
    r"\b(?:over the moon|on cloud nine|could eat a horse|(?:dying|itching) to (?:know|see|hear|find out|tell)|"
    r"(?:that|it|this)\s+(?:kills|killed|is killing)\s+me|all ears|under the weather|sick as a dog|"
    r"head over heels|hate to (?:say|admit|break|bother|ask|interrupt)|love to hate)\b",
    re.I,
)
GERUND_HEAD = re.compile(
    r"^(?:going|doing|getting|making|spending time|spending|taking)\s+(?:on|to|for|with|out)?\s*"
)
NOT_EAT = re.compile(
    # (a refusal to eat is one too: "I refuse to eat mushrooms", "I won't touch anything with olives in it")
    r"\bi(?:'ve|\s+have)?\s+(?:(?:don't|do not|no longer|never|can't|won't|will not|refuse to)\s+(?:eat|touch)|(?P<stop>quit|stopped|gave up|given up)"
    # (a time after the verb is no food: "I won't eat until the kids are in bed")
    r"\s+eating)\s+(?!(?:until|till|before|after|when|unless|while|if|much|a thing|at all)\b)(?P<obj>[^,;:.!?]+)"
)
CHANGE = re.compile(r"\b(?:anymore|any more|no longer|now|these days|actually|changed my mind|used to)\b")
# the verbs that put a thing in someone's way: booking, bringing, and keeping or readying it for them
# ("Shall I save you a slice of the carrot cake?", "Want me to heat up some soup?")
OFFER_VERB = (
    r"(?:book|order|get|add|make|bring|reserve|try|go to|grab|have|pour|put on|play|watch|do|"
    r"save|keep|set aside|put aside|fetch|cut|pack|heat up|warm up|"
    r"come (?:along |with us )?to|coming (?:along |with us )?to|join (?:us|me) (?:for|at)|go for|tempt you with|"
    r"interest you in)"
)
OFFER = re.compile(
    r"\b(?:shall i|should i|can i|could i|may i|do you want(?: me to)?|would you like(?: me to)?|would (?:anyone|anybody|you guys) like|want(?: me to)?|"
    r"how about|what about|shall we|should we|care for|fancy|up for)\s+(?:to\s+)?"
    rf"(?:{OFFER_VERB}\s+)?(?P<obj>[^,;:.!?]+)"
    # "I could order sushi", "we could try the Thai place": an offer only with an offering verb
    rf"|\b(?:i can|i could|we could|we can)\s+{OFFER_VERB}\s+(?P<obj2>[^,;:.!?]+)"
)
NO_REFUSAL = re.compile(
    r"^(?:no|not)\s+(?:worries|worry|problem|problems|prob|probs|doubt|doubts|way|kidding|wonder|rush|hurry|panic|"
    r"pressure|big deal|biggie|joke|matter|idea|clue|need to|offense|offence|hard feelings|"
    r"only|just|sure|bad|exactly|quite|yet|longer|a (?:big |huge |massive )?fan|really into|into|keen|big on)\b"
    # ("not a chef anymore, I drive for Uber now": what one no longer is, no offer refused)
    r"|^(?:(?:no|nope|nah)[,.!]?\s+)?not\s+(?:a|an)\s+\w+(?:\s+\w+)?\s+(?:anymore|any more)\b"
)
# one thing asked for by the speaker instead ("just water for me thanks"), which refuses the thing
# offered unless it is that thing (rules_en reads "just a coffee for me" to "Coffee or tea?" as taking
# it); not an amount of the thing offered ("just a small glass for me", "just the one for me")
JUST_FOR_ME = re.compile(
    r"^(?:just|only)\s+(?!(?:a\s+|the\s+)?(?:small|little|splash|drop|half|quick|tiny|wee|single|bit|couple|one|dash)\b)"
    r"(?:a\s+|some\s+)?(?P<x>\w+(?:\s+\w+)?)\s+for\s+me\b"
)
REFUSE = re.compile(
    r"^(?:no|nah|nope|not really|not for me|i'm good|i'm fine|i'm ok|i'm okay|i'm alright|i'm all right|i'll pass|pass|"
    r"(?:absolutely|definitely|certainly|hell|god) no(?:t|pe)?|no way)\b"
    r"|\bi'll pass(?: on)?\b|\bi'd rather (?:not|skip)\b|\bi don't want\b|\bnot (?:the|a|an|some)?\s*\w+(?: \w+)? "
    r"(?:again|tonight|today|this time)\b|^not (?:the|a|an)\b|^not \w+(?: \w+)?(?:,| please| for me)|\bskip the\b|"
    r"\bno \w+(?: \w+)? for me\b|^nothing \w+(?:,| please| for me)|\bnot in the mood for\b|\bdon't feel like\b|"
    r"\b(?:can we|let's|please) avoid\b|\bless \w+,? please\b"
    # tired of it from too much: "honestly I'm a bit sick of it", "sick of pizza tbh", "bored of that place"
    r"|\b(?:sick|tired|bored)\s+(?:to death\s+)?of\s+(?:it|them|that|this|those)\b"
    # something else taken instead: "just water for me thanks", "I'll stick with tea"
    rf"|{JUST_FOR_ME.pattern}|\bi'll\s+(?:just\s+)?stick\s+(?:with|to)\b"
    # "I'll give that a miss", "I'll give it a swerve", "I think I'll sit this one out": a decline said as
    # what one will do
    r"|\b(?:i'll|i will|i think i'll|i'm going to|i'm gonna|gonna)\s+(?:give\s+(?:it|that|this|them)(?:\s+one)?\s+a\s+"
    r"(?:miss|swerve|body swerve|pass|skip)|"
    r"sit\s+(?:it|this one|that one)\s+out)\b"
)
ACCEPT = re.compile(
    r"^(?:yes|yeah|yep|yup|sure|ok|okay|alright|sounds (?:good|great|perfect)|great|perfect|absolutely(?!,? not)|why not|"
    r"let's do|let's go with|let's try|i'd love|go for it|definitely|go on|defo|deffo|def|count me in|i'm in|"
    r"for sure|yes please|hell yes|100%|always|ye+s+|ya+s+)(?!\w)(?!,?\s*not\b)|\bsounds (?:good|great|perfect|lovely)\b"
)
REQUEST = re.compile(
    r"^(?:please\s+)?(?:can you\s+|could you\s+)?(?:book|order|reserve|get me|buy me|find me|sign me up for)\s+"
    r"(?P<obj>[^,;:.!?]+)"
)

# -- facts ------------------------------------------------------------------------------------
# (never running on into the pronoun I of the next clause: "Now that I'm living in Bath I walk")
PLACE = r"(?P<v>[A-Z][\w\-]*(?:\s+(?!I\b)[A-Z][\w\-]*)*)"
FACTS = (
    (
        "residence",
        re.compile(
            rf"\b(?:I|we|We)(?:'ve|'re|'m| have| are| am)?(?: now| currently| just| recently| finally)?\s*"
            rf"(?P<verb>live|am living|'m living|living|reside|am residing|'m residing|moved|relocated|am based|'m based|based)\s+"
            rf"(?:back\s+)?(?:from\s+[A-Z][\w\-]*(?:\s+[A-Z][\w\-]*)*\s+)?(?:in|to)\s+{PLACE}"
        ),
    ),
    (
        "employer",
        re.compile(
            # (the contracted "I'm starting at" has no space before its verb)
            rf"\b(?:I|We)(?:'ve| have)?(?: now| currently| just| recently)?(?:\s+|(?='m\b))(?P<verb>work|am working|'m working|"
            rf"joined|started (?:working )?at|start (?:working )?at|'m starting (?:work )?at|am starting (?:work )?at)"
            rf"\s*(?:at|for)?\s+{PLACE}"
        ),
    ),
    (
        "name",
        re.compile(r"\b(?:[Mm]y name is|I'm called|[Cc]all me)\s+(?P<v>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)"),
    ),
    # (not "I'm in X": where one is now, a stay or a trip - "now I'm in York", "I'm in Paris this week")
    (
        "hometown",
        re.compile(rf"\bI(?:(?:'m| am| come)\s+(?:originally\s+)?from|\s+grew up\s+(?:in|from))\s+{PLACE}"),
    ),
    (
        "age",
        re.compile(
            r"\bI(?:'m| am)\s+(?P<v>\d{1,3})(?:\s+years old|\s*-?\s*years?-old|\s*$)"
            r"|\bI(?:'ve| have)?\s+(?:just\s+)?(?P<verb>turned)\s+(?P<v2>\d{1,3})\b"
        ),
    ),
    (
        "allergy",
        re.compile(
            r"\bI(?:'m| am)\s+(?:very\s+|severely\s+)?allergic to\s+(?!(?:it|them|that|those|this)\b)(?P<v>[a-z][a-z ]*)"
        ),
    ),
    (
        "diet",
        re.compile(
            r"\bI(?:'m| am)\s+(?:now\s+|a\s+|an\s+)*(?P<verb>now\s+)?(?P<v>vegetarian|vegan|pescatarian)\b"
        ),
    ),
    (
        "pet",
        re.compile(
            r"\b(?:I|We)\s+(?:have|'ve got|have got|adopted)\s+(?:an?|two|three)\s+(?:little\s+|new\s+)?"
            r"(?P<v>dog|cat|puppy|kitten|parrot|rabbit|hamster|goldfish|turtle|dogs|cats)\b"
        ),
    ),
)
# a trade said of one's nature, not one's work ("I'm a PM at heart"): read after the trade
AT_HEART = re.compile(r"\s+at heart\b", re.I)
JOBS = frozenset(
    [
        "teacher",
        "nurse",
        "doctor",
        "engineer",
        "developer",
        "programmer",
        "designer",
        "lawyer",
        "student",
        "chef",
        "cook",
        "writer",
        "accountant",
        "manager",
        "artist",
        "musician",
        "dentist",
        "pharmacist",
        "architect",
        "scientist",
        "researcher",
        "consultant",
        "farmer",
        "pilot",
        "journalist",
        "photographer",
        "librarian",
        "translator",
        "carpenter",
        "electrician",
        "plumber",
        "mechanic",
        "driver",
        "firefighter",
        "vet",
        "veterinarian",
        "professor",
        "analyst",
        "waiter",
        "waitress",
        "barista",
        "baker",
        "surgeon",
        "therapist",
        "psychologist",
        "economist",
        "editor",
        # a post over others: "I'm a team lead now", "shift supervisor", "creative director"
        "lead",
        "supervisor",
        "director",
        # a trade known by its initials ("I'm a GP", "she's an MP")
        "gp",
        "mp",
        "cpa",
        # (and the tech trades by their short names: "I'm a software dev at Shopify", "joined Stripe as a PM")
        "dev",
        "pm",
        "swe",
        "sde",
    ]
)
# words before a role that say how well or how much one does a thing, not what one does for a living
# ("a keen runner", "a good cook"); any other word before it names what the work is on ("a taxi driver")
SKILL = frozenset(
    "expert avid keen amateur passionate good great bad terrible decent big huge massive casual serious "
    "hobby weekend proud better fast slow natural regular total complete born self-taught".split()
)
JOB = re.compile(
    r"\bI(?:'m| am| work as)\s+(?:now\s+|currently\s+)?(?:an?\s+)(?P<v>(?:[a-z]+\s+)?[a-z]+)(?=\s*(?:now\b|$|[,.;!]|at\b|in\b))"
)
RESTRICT = re.compile(
    r"\bi(?:'ve| have)?\s+(?:(?:quit|stopped|given up|gave up|cut out|cut back on|am off|'m off)\s+(?P<x>[a-z]+)"
    r"|(?:don't|do not|no longer|never)\s+(?P<y>drink|smoke)(?:\s+(?P<z>[a-z]+))?)"
    r"|\bi(?:'m| am)\s+(?:now\s+)?(?P<sober>sober|teetotal|a non-?smoker)\b|\bno more (?P<w>alcohol|drinking|smoking|coffee)\b"
)
LIFT = re.compile(
    r"\bi(?:'ve| have)?\s+(?:started|began|am back to|'m back to)\s+(?P<x>drinking|smoking)\s+again\b"
    r"|\bi (?:drink|smoke) again\b"
)
# a line about study, whose "at <Name>" is a school ("switched unis, I'm at Edinburgh now", "Ella's
# started at Cambridge, she's doing medicine")
STUDY_EN = re.compile(
    r"\b(?:uni|unis|university|universities|degree|studying|studies|semester|lectures|"
    r"freshers?|undergrad|masters|phd|dissertation|doing (?:medicine|law|history|maths|math|physics|chemistry|"
    r"biology|english|economics|engineering|nursing|computer science|psychology|philosophy|art|music))\b",
    re.I,
)
# the head noun of a school's name ("Oakwood Primary", "Hillside High School")
SCHOOL_HEAD = re.compile(
    r"\b(?:Primary|Secondary|High|Nursery|Kindergarten|Academy|College|University|Uni|School|Preschool)$"
)
AFFIRM = re.compile(r"^(?:yes|yep|yeah|that's right|that is right|correct|exactly|right|indeed|true)\b")
# the causative "have the PR reviewed", "have the car fixed", "have it done": a result promised, not
# an order ("have the salmon"), whatever NOT_PROMISE says of a bare "have"
CAUSATIVE = re.compile(
    r"^have (?:(?:the|this|that|a|my|your|our) (?:[\w\-]+ ){1,2}|(?:it|them|everything) )"
    r"(?:[a-z\-]+ed|done|written|seen to|sorted|taken care of)\b",
    re.I,
)
