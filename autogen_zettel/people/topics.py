"""Topic keys for the person layers: "sushi", "raw fish" and "the Japanese place" meet.

A topic phrase loses its determiners and generic heads ("the ... place", "... food", "的"),
then a small table of synonyms and categories maps it to one key (in English and Chinese:
寿司, 日料 and 生鱼片 meet sushi); anything else keys by its stemmed words
(:func:`~autogen_zettel.cards.claims.topic_key`) or, in Chinese, its characters.

>>> [topic_of(t) for t in ("sushi", "raw fish", "the Japanese place", "日料店", "寿司")]
['japanese food', 'japanese food', 'japanese food', 'japanese food', 'japanese food']
>>> [topic_of(t) for t in ("spicy food", "the spicy one", "吃辣", "green tea", "horror movies")]
['spicy food', 'spicy food', 'spicy food', 'green tea', 'horror movi']
>>> category_of("wine tasting"), category_of("红酒"), category_of("sushi")
('alcohol', 'alcohol', None)
"""

from __future__ import annotations

import re

from autogen_zettel.cards.claims import topic_key

__all__ = ["category_of", "clean_topic", "listed_en", "listed_zh", "one_thing_en", "same_topic", "topic_of"]

# phrase or word -> topic key; several surface forms of one taste share a key
_SYNONYMS: dict[str, tuple[str, ...]] = {
    "japanese food": (
        "sushi",
        "sashimi",
        "raw fish",
        "japanese",
        "japanese food",
        "japanese place",
        "japanese restaurant",
        "sushi bar",
        "sushi place",
        "nigiri",
        "maki",
        "寿司",
        "日料",
        "日料店",
        "日本料理",
        "日本菜",
        "生鱼片",
        "刺身",
    ),
    "spicy food": (
        "spicy",
        "spicy food",
        "spicy one",
        "spicy dishes",
        "spice",
        "chili",
        "chilli",
        "hot food",
        "辣",
        "吃辣",
        "辣的",
        "麻辣",
        "辣椒",
        "加辣",
        "辣味",
    ),
    "coffee": ("coffee", "espresso", "latte", "cappuccino", "americano", "咖啡", "拿铁"),
    "green tea": ("green tea", "matcha", "longjing", "绿茶", "龙井", "抹茶"),
    "thai food": ("thai", "thai food", "thai place", "thai restaurant", "泰国菜", "泰餐", "泰国餐厅"),
    "italian food": (
        "italian",
        "italian food",
        "italian restaurant",
        "italian place",
        "pasta",
        "pizza",
        "意大利菜",
        "意餐",
        "披萨",
    ),
    "hot pot": ("hot pot", "hotpot", "火锅"),
    "horror movi": (
        "horror",
        "horror movie",
        "horror movies",
        "horror film",
        "horror films",
        "恐怖片",
        "恐怖电影",
    ),
    "coriander": ("coriander", "cilantro", "香菜"),
    "jazz": ("jazz", "jazz music", "jazz bar", "爵士", "爵士乐"),
    "window seat": ("window seat", "window seats", "靠窗的座位", "靠窗座位", "靠窗"),
    "dessert": ("dessert", "desserts", "甜点", "甜品"),
    "hik": ("hiking", "hike", "hikes", "爬山", "徒步"),
    "movi": ("movie", "movies", "film", "films", "cinema", "电影", "看电影"),
}
_CATEGORIES: dict[str, tuple[str, ...]] = {
    "alcohol": (
        "alcohol",
        "wine",
        "beer",
        "whisky",
        "whiskey",
        "vodka",
        "gin",
        "rum",
        "cocktail",
        "cocktails",
        "drinking",
        "booze",
        "wine tasting",
        "pub",
        "bar crawl",
        "champagne",
        "sake",
        "酒",
        "喝酒",
        "红酒",
        "白酒",
        "啤酒",
        "品酒",
        "鸡尾酒",
        "酒吧",
    ),
    "smoking": (
        "smoking",
        "smoke",
        "cigarette",
        "cigarettes",
        "cigar",
        "cigars",
        "vaping",
        "烟",
        "抽烟",
        "吸烟",
        "香烟",
    ),
    "caffeine": ("caffeine", "coffee", "espresso", "latte", "cappuccino", "咖啡", "咖啡因", "拿铁"),
    "meat": (
        "meat",
        "steak",
        "beef",
        "pork",
        "bacon",
        "ham",
        "barbecue",
        "bbq",
        "肉",
        "牛排",
        "猪肉",
        "牛肉",
        "烤肉",
    ),
    "sugar": ("sugar", "sweets", "candy", "糖", "甜食"),
}
_LOOKUP = {form: key for key, forms in _SYNONYMS.items() for form in forms}
_CAT_LOOKUP = {form: key for key, forms in _CATEGORIES.items() for form in forms}
_DROP = frozenset(
    [
        "the",
        "a",
        "an",
        "some",
        "any",
        "my",
        "your",
        "our",
        "his",
        "her",
        "their",
        "this",
        "that",
        "these",
        "those",
        "more",
        "again",
        "new",
        "same",
        "usual",
        "one",
        "ones",
        "place",
        "places",
        "restaurant",
        "restaurants",
        "food",
        "dish",
        "dishes",
        "stuff",
        "kind",
        "sort",
        "bit",
        "tonight",
        "today",
        "please",
        "instead",
        "anymore",
    ]
)
# what follows the thing named: a preposition, or a clause of time or reason ("google every time i ...")
_AFTER_THING_EN = re.compile(
    r"\b(?:for|with|at|in|on|from|to|after|before|during|instead of|because|when|if|every time|each time|whenever|"
    r"although|though|since)\b"
)
# words a stance's object can run on into, after the thing: a conjunction, an adverb
_TRAILING_EN = frozenset("and or but so too even truly really also then as just though i lol".split())
# words a stance's object can start with before the thing: a conjunction, a hedge, a filler
_LEADING_EN = frozenset("and or but about actually lol just also really so even like only".split())
# a venue named by what is had there, its head after the thing (as "place" and "restaurant" are dropped)
_VENUE_HEAD_EN = frozenset("house shop bar joint parlour parlor hall cafe café".split())
# a word of praise before the thing says how it is, not which thing ("a good curry", "a proper roast")
_PRAISE_EN = frozenset("good nice decent proper great lovely".split())
# a first word that makes the object no thing: a person, a place word, a verb the rule ran into
_NOT_A_THING_EN = frozenset(
    "i me you yourself myself himself herself ourselves yourselves themselves him us them it its everyone "
    "everybody everywhere everything someone somebody something anyone anything nothing is was are were be "
    "been am being they we he she might may could would should will can must have has had down up out off "
    "over away back there here its".split()
)
# a word for a thought of a thing, not the thing ("the idea of", "the thought of")
_IDEA_EN = frozenset("idea ideas thought prospect notion concept".split())
# one word that is a past participle ("immersed", "lost"): a state, not a thing one likes
_PARTICIPLE_EN = re.compile(r"[a-z]{3,}ed|lost|gone|done|known|seen|made")
_ZH_EDGE = re.compile(
    # (and a time word of the stance, not of the thing: "最近甜食吃腻了" is tired of 甜食)
    r"^(?:吃|喝|看|听|玩|去|点|要|来一?[杯份个碗]|那家|这家|一些|点儿?|最近|近来|现在|如今|这阵子|这段时间)+"
    r"|(?:的|了|吧|啊|呢|店|馆)+$"
)
_HAN = re.compile(r"[\u3400-\u9fff]")
# a day or a time is when something happens, never a taste ("I can't do Friday anymore", "周五不行")
_WHEN_EN = re.compile(
    # one day named is a date; the plural is a kind of day one may dislike ("Mondays are rough")
    r"(?:(?:this|next|last|on)\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend|"
    r"tomorrow|yesterday|tonight|today|week|month|(?:the\s+)?day after tomorrow)"
)
# a word that links a clause to the one before is no thing ("结果现在离不开它了": 结果 is "in the end")
_LINK_ZH = re.compile(r"结果|然后|所以|但是|不过|其实|反正|后来|可是|而且|因为|总之|居然|竟然|果然")
_WHEN_ZH = re.compile(
    r"(?:这|下下?|上|本)个?(?:周|星期|礼拜)[一二三四五六日天末]?|大?后天|明天|今天|昨天|今晚|明晚|月底"
)


def clean_topic(phrase: str) -> str:
    """The topic as a person would name it: lower case, no determiners or filler ("the spicy
    one" -> "spicy"), Chinese without leading verbs and trailing particles."""
    text = phrase.strip().lower().replace("’", "'")
    if _HAN.search(text):
        prev = None
        while prev != text:
            prev, text = text, _ZH_EDGE.sub("", text)
        return "" if _WHEN_ZH.fullmatch(text.strip()) or _LINK_ZH.fullmatch(text.strip()) else text.strip()
    text = _AFTER_THING_EN.split(text, maxsplit=1)[0]
    # "I think sushi is overrated": the thing after the speaker's verb of opinion
    text = re.sub(r"^\s*i\s+(?:think|feel|guess|reckon|believe|find|suppose)\s+(?:that\s+)?", "", text)
    words = [w for w in re.findall(r"[a-z][a-z'\-]*", text) if w not in _DROP]
    while words and words[0] in _LEADING_EN:  # "actually ravioli", "about competitive games"
        words.pop(0)
    if words and words[0] in _IDEA_EN:
        # "gone off the idea of sushi": the thing thought of; "gone off the idea": no thing
        words = words[2:] if len(words) > 2 and words[1] == "of" else []
    if len(words) > 1 and words[0] in _PRAISE_EN:  # "good curry": curry
        words.pop(0)
    while words and words[-1] in _TRAILING_EN:  # "his tech and", "weddings truly": the words before
        words.pop()
    if (
        len(words) > 1 and words[-1] in _VENUE_HEAD_EN
    ):  # "the curry house", "a coffee shop": the thing had there
        words.pop()
    if not words or words[0] in _NOT_A_THING_EN or (len(words) == 1 and _PARTICIPLE_EN.fullmatch(words[0])):
        return ""  # "love me", "enjoy yourself", "is awesome", "getting immersed": no thing liked
    return "" if _WHEN_EN.fullmatch(" ".join(words)) else " ".join(words)


_PERSONS_ZH = frozenset("我 你 他 她 它 我们 你们 他们 她们 大家 别人 朋友 家人".split())
# the joins of a Chinese list of things ("寿司和拉面", "猫、狗还有兔子")
_LIST_JOIN_ZH = re.compile(r"和|跟|还有|以及|、")


def listed_zh(phrase: str) -> list[str]:
    """The things of a short Chinese list, each of one to four characters ("寿司和拉面" -> ["寿司",
    "拉面"]); empty when ``phrase`` is one thing ("和牛", "日和", "平和") or names people.

    >>> listed_zh("寿司和拉面"), listed_zh("猫、狗还有兔子"), listed_zh("和牛"), listed_zh("我和你")
    (['寿司', '拉面'], ['猫', '狗', '兔子'], [], [])
    """
    parts = _LIST_JOIN_ZH.split(phrase.strip())
    # (a thing of one character too, "猫和狗", but no person: "我和你")
    if len(parts) < 2 or not all(
        1 <= len(p) <= 4 and _HAN.fullmatch(p[0]) and p not in _PERSONS_ZH for p in parts
    ):
        return []
    return parts


# things named together as one (a dish, a genre, a title): never split as a list
_ONE_THING_EN = frozenset(
    "fish and chips|mac and cheese|macaroni and cheese|salt and pepper|salt and vinegar|cheese and onion|"
    "rock and roll|rock n roll|rhythm and blues|r and b|drum and bass|bread and butter|sweet and sour|"
    "hot and sour|black and white|gin and tonic|rum and coke|whisky and soda|vodka and tonic|"
    "peanut butter and jelly|pb and j|bed and breakfast|dungeons and dragons|law and order|"
    "pride and prejudice|tom and jerry|bangers and mash|pie and mash|rice and beans|chips and salsa|"
    "chips and dip|cheese and crackers|strawberries and cream|bacon and eggs|eggs and bacon|surf and turf|"
    "shrimp and grits|chicken and waffles|hide and seek|pros and cons|trial and error|arts and crafts|"
    "peace and quiet|rest and relaxation|hustle and bustle|song and dance|fast and furious|"
    "sex and the city|cookies and cream|bubble and squeak|toad in the hole|tea and biscuits|"
    "friends and family|family and friends|give and take|wine and dine|rise and shine|marks and spencer|"
    "simon and garfunkel|ant and dec".split("|")
)
# a head noun after the last thing that the things before share ("salt and vinegar crisps", "pizza and
# beer nights"): one thing of that kind, no list
_SHARED_HEAD_EN = frozenset(
    "crisps pudding sauce sandwich sandwiches flavour flavor combo nights night days evenings weekends".split()
)
# the joins of an English list ("sushi and ramen", "sushi, ramen, and pho", "tea or coffee")
_LIST_JOIN_EN = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or|&)\s+", re.I)
# a first word that makes a part of the list no thing: a person, a pointing word, a verb that
# needs the words the rule cut off ("hiking and going [to the gym]")
_NOT_LISTED_EN = frozenset(
    "i you he she we they it me him her us them this that there what my your going getting doing having being "
    "making taking trying still also then now always never really just even do does did am is are was were have "
    "has had can could will would".split()
)


def listed_en(phrase: str) -> list[str]:
    """The things of a short English list, each of one to three words ("sushi and ramen" ->
    ["sushi", "ramen"]); empty when ``phrase`` is one thing ("fish and chips", "peace and
    quiet"), a synonym group's name, or has a part that is a person or runs long.

    >>> listed_en("sushi and ramen"), listed_en("hiking, cycling, and swimming"), listed_en("fish and chips")
    (['sushi', 'ramen'], ['hiking', 'cycling', 'swimming'], [])
    >>> listed_en("me and my sister"), listed_en("walks on the beach and long dinners")
    ([], [])
    >>> listed_en("curry, fish and chips")
    ['curry', 'fish and chips']
    """
    said = phrase.strip().replace("’", "'")
    text = said.lower()
    if _HAN.search(text) or text in _LOOKUP or one_thing_en(text):
        return []
    if re.fullmatch(r"(?:[A-Z][\w'\-]*\s+)+(?:and|&)\s+[A-Z][\w'\-]*", said):
        return []  # ("Simon and Garfunkel", "Marks & Spencer": a name of its own)
    joins = _LIST_JOIN_EN.findall(text)
    if not joins or not re.search(r"and|or|&", joins[-1], re.I):
        return []  # ("reality TV, honestly", "dating apps, hates them": a comma alone ends a clause)
    # (a pair said as one inside a list is one of its things: "sushi and fish and chips")
    for pair in _ONE_THING_EN:
        if f" {pair} " in f" {text} ":
            text = re.sub(rf"\b{re.escape(pair)}\b", pair.replace(" and ", " \0 "), text)
    parts = [p.strip().replace(" \0 ", " and ") for p in _LIST_JOIN_EN.split(text)]
    if len(parts) < 2 or not all(
        p and len(p.split()) <= 3 and p.split()[0] not in _NOT_LISTED_EN and p not in _LEADING_EN
        for p in parts
    ):
        return []
    return parts


def one_thing_en(phrase: str) -> bool:
    """Whether ``phrase``, joined by "and", names one thing: a pair said as one ("fish and chips",
    "rock and roll"), or such a pair or a thing and another with a head noun after them that they
    share ("salt and vinegar crisps", "bread and butter pudding", "pizza and beer nights").

    >>> one_thing_en("rock and roll"), one_thing_en("salt and vinegar crisps"), one_thing_en("sushi and ramen")
    (True, True, False)
    >>> one_thing_en("rock and roll and jazz"), one_thing_en("pizza and chicken curry")
    (False, False)
    """
    text = phrase.strip().lower()
    if text in _ONE_THING_EN:
        return True
    head = next((pair for pair in _ONE_THING_EN if text.startswith(pair + " ")), None)
    rest = text[len(head) + 1 :] if head else ""
    if head and " and " not in f" {rest} " and "," not in rest and len(rest.split()) <= 2:
        return True  # "salt and vinegar crisps", "peanut butter and jelly sandwiches"
    words = text.split()
    return (
        " and " in text
        and "," not in text
        and len(words) == 4
        and words[1] == "and"
        and words[-1] in _SHARED_HEAD_EN
    )  # "pizza and beer nights"


def topic_of(phrase: str) -> str:
    """The key ``phrase`` is filed under: a synonym group's key, else its stemmed words."""
    raw = phrase.strip().lower()
    for cand in (raw, clean_topic(raw)):
        if cand in _LOOKUP:
            return _LOOKUP[cand]
    text = clean_topic(raw)
    if not text:
        return ""
    if _HAN.search(text):
        for size in range(len(text), 0, -1):  # the longest known piece of a Chinese phrase
            for start in range(len(text) - size + 1):
                piece = text[start : start + size]
                if piece in _LOOKUP and size >= 2 or (size == 1 and piece in _LOOKUP and len(text) <= 2):
                    return _LOOKUP[piece]
        return text
    words = text.split()
    for n in (2, 1):  # a known word pair, then a known word ("fresh sushi rolls" -> sushi)
        for i in range(len(words) - n + 1):
            piece = " ".join(words[i : i + n])
            if piece in _LOOKUP and (n == 2 or len(words) <= 3):
                return _LOOKUP[piece]
    return topic_key(text)


def category_of(phrase: str) -> str | None:
    """The restriction category a topic falls in ("wine tasting" -> "alcohol"), or None."""
    text = phrase.strip().lower()
    if text in _CAT_LOOKUP:
        return _CAT_LOOKUP[text]
    if _HAN.search(text):
        return next((cat for form, cat in _CAT_LOOKUP.items() if _HAN.search(form) and form in text), None)
    words = re.findall(r"[a-z]+", text)
    for n in (2, 1):
        for i in range(len(words) - n + 1):
            cat = _CAT_LOOKUP.get(" ".join(words[i : i + n]))
            if cat:
                return cat
    return None


def same_topic(a: str, b: str) -> bool:
    """Whether two topic phrases meet: the same key, or one's words inside the other's."""
    ka, kb = topic_of(a), topic_of(b)
    if ka and ka == kb:
        return True
    ca, cb = clean_topic(a), clean_topic(b)
    return bool(ca and cb) and (ca in cb or cb in ca)
