"""Whom a sentence is about: the speaker, a named third person ("Omar got a job at Airbus",
"小周跳槽去了京东"), or a relative, reported or not ("My sister says she's moved to Berlin",
"我姐说她搬到柏林了"), filed as "<speaker>'s <relative>" / "<说话人>的<称呼>".

:func:`subjects_of` returns each subject with the sentence turned into what that subject would
say in the first person, so one set of layer rules reads the speaker's lines and reports alike.
It is structure only: a capitalised word is taken as a person when a predicate that needs a
person follows it (says, thinks, got, loves, is allergic ...), never from a list of names;
a Chinese name is a surname plus one or two characters, or 小/老 plus a surname.

>>> subjects_of("My sister says she's moved to Berlin.", "Noor")
[("Noor's sister", "I've moved to Berlin.")]
>>> subjects_of("Omar and Hana got married last Saturday!", "Sam")
[('Omar', 'I got married last Saturday!'), ('Hana', 'I got married last Saturday!')]
>>> subjects_of("我姐说她搬到柏林了。", "赵敏")
[('赵敏的姐姐', '我搬到柏林了。')]
>>> subjects_of("Anna is vegan, and I don't eat fish.", "Sam")
[('Anna', 'I am vegan.'), ('Sam', "I don't eat fish.")]
>>> subjects_of("护士太辛苦了，我妹也是护士，在妇幼保健院", "陈静")
[('陈静', '护士太辛苦了。'), ('陈静的妹妹', '我也是护士，在妇幼保健院')]
>>> subjects_of("Karaoke is my idea of hell.", "Sam")
[('Sam', 'Karaoke is my idea of hell.')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from autogen_zettel.people.lexicon_en import ANIMALS_EN, BACK_IN_ORDER, LATER_EN, NOTHING_FOR_ME

__all__ = [
    "COUPLE_STATES",
    "PARTNERS",
    "RELATIVES_EN",
    "RELATIVES_ZH",
    "SURNAMES",
    "TRADE_BEFORE_NAME_ZH",
    "ZH_NAME",
    "ZH_NOT_A_NAME",
    "ZH_PET_NAME",
    "Partner",
    "for_pronoun",
    "kin_zh_in_en",
    "names_a_person",
    "owner_of_thing",
    "partner_of",
    "subjects_of",
]

RELATIVES_EN = (
    "sister|brother|mum|mom|mam|mother|dad|father|wife|husband|partner|girlfriend|boyfriend|son|daughter|"
    "cousin|aunt|uncle|grandma|grandpa|grandmother|grandfather|niece|nephew|fiancée|fiance|fiancé|"
    # the family's own words for grandparents ("my gran Edith", "my nan"), as _EN_KIN_NAMES reads them bare
    "gran|granny|nan|nana|grandad|granddad|"
    "flatmate|roommate|boss|friend|best friend|neighbour|neighbor|colleague|"
    # a friend by the everyday word for one ("my mate Raj works at Google", "my pal's in Leeds"), and a
    # spouse by the homely one ("my missus has got me doing parkrun", "the hubby")
    "mate|pal|buddy|missus|hubby|"
    # and chat's words for a best friend and a partner ("my bestie Priya got engaged", "my other half's
    # started at the BBC")
    "bestie|bff|other half|better half|"
    # a former partner is a person of their own ("my ex moved to Leeds", "Anna's ex-wife works at ...")
    "ex-husband|ex-wife|ex-boyfriend|ex-girlfriend|ex-partner|ex-fiancée|ex-fiance|ex-fiancé|ex|"
    "mother-in-law|father-in-law|sister-in-law|brother-in-law|stepmom|stepmum|stepdad|grandson|granddaughter|"
    # the plural ones ("My parents live in Spain now"): filed as said
    "parents|grandparents|in-laws|kids|children|sisters|brothers|cousins|flatmates|roommates|twins|friends|colleagues"
)
# the relative as written -> the form the subject is filed under
RELATIVES_ZH = {
    "姐姐": "姐姐",
    "姐": "姐姐",
    "妹妹": "妹妹",
    "妹": "妹妹",
    "哥哥": "哥哥",
    "哥": "哥哥",
    "弟弟": "弟弟",
    "弟": "弟弟",
    "妈妈": "妈妈",
    "妈": "妈妈",
    "爸爸": "爸爸",
    "爸": "爸爸",
    "老爸": "爸爸",
    "老妈": "妈妈",
    "老公": "老公",
    "老婆": "老婆",
    "媳妇": "媳妇",
    "媳妇儿": "媳妇",
    "女儿": "女儿",
    "儿子": "儿子",
    "女朋友": "女朋友",
    "男朋友": "男朋友",
    "表哥": "表哥",
    "表姐": "表姐",
    "表妹": "表妹",
    "表弟": "表弟",
    "室友": "室友",
    "同事": "同事",
    # the people around one, filed like the English boss, friend, neighbour
    "老板": "老板",
    "领导": "领导",
    "上司": "上司",
    "朋友": "朋友",
    "好朋友": "朋友",
    "闺蜜": "闺蜜",
    "发小": "发小",
    "同学": "同学",
    "邻居": "邻居",
    "导师": "导师",
    "师傅": "师傅",
    "奶奶": "奶奶",
    "爷爷": "爷爷",
    "外婆": "外婆",
    "姥姥": "姥姥",
    "外公": "外公",
    "姥爷": "姥爷",
    "婆婆": "婆婆",
    "公公": "公公",
    "岳母": "岳母",
    "丈母娘": "岳母",
    "岳父": "岳父",
    "老丈人": "岳父",
    "闺女": "女儿",
    "嫂子": "嫂子",
    "姐夫": "姐夫",
    "妹夫": "妹夫",
    "舅舅": "舅舅",
    "姑姑": "姑姑",
    "叔叔": "叔叔",
    "小姨": "小姨",
    "丈夫": "丈夫",
    "妻子": "妻子",
    "太太": "太太",
    "爱人": "爱人",
    # a former partner is a person of their own ("小王的前夫是律师", "我前男友搬去深圳了")
    "未婚妻": "未婚妻",
    "未婚夫": "未婚夫",
    "前夫": "前夫",
    "前妻": "前妻",
    "前男友": "前男友",
    "前女友": "前女友",
    "前任": "前任",
}
# a relative named bare at the head of a line, as family chat does ("闺女考上复旦了"): only the
# two-character forms, so "哥们", "姐妹" stay words
_ZH_BARE_REL = "|".join(sorted((r for r in RELATIVES_ZH if len(r) > 1), key=len, reverse=True))
# the common surnames a third person's name is told by
SURNAMES = (
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈"
    "姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
)
# a name's given part is no pronoun, particle or day ("周六我..." is a day, not 周六我)
# 小 / 阿 before any given character is a pet name ("小美", "阿强") unless the two make a word
# (阿 before a Latin given name too, as Cantonese and office chats write it: "阿May", "阿Ken")
# a given character said twice is a pet name too ("莉莉", "婷婷"); only characters that are no word
# when doubled (not 明明, 天天, 静静, 东东, 宝宝)
_ZH_DOUBLED_NAME = "|".join(
    c * 2 for c in "莉婷丽芳欢乐豆晶媛娜菲琳露佳甜楠萌贝妞兰珊燕阳亮强冬涛磊鹏浩凯轩悦彤瑶琪薇雪倩蕾莎妮"
)
_ZH_PET_NAME = (
    r"(?:(?:小(?!心|时|孩|学|朋|伙|姐|区|组|吃|费|说|事|米|红书|号|票|狗|猫|雨伞)|阿(?!姨|里))[\u4e00-\u9fff]"
    rf"|阿[A-Z][a-z]{{1,8}}|{_ZH_DOUBLED_NAME})"
)
ZH_PET_NAME = _ZH_PET_NAME  # (rules_zh reads who a task is handed to by it)
# (a given name holds no verb of handling or result: "钱取出来了" is money taken out, "金鱼送给…" a
# goldfish given away, no Mr Qian or Mr Jin)
# a surname's character opening a word that is no name: a day of the week, or the week's report,
# meeting or magazine ("周三", "周末", "周报明早交", "周会改到周四了", "星期天"), or a trade
# ("程序员最讨厌…")
# (马上 / 马上就 is "at once": "收到，马上办")
ZH_NOT_A_NAME = r"(?![周星][一二三四五六日天末报会刊期]|谢谢|程序员|马上)"
# a day or a time after a surname's character is no given name: "钱明天还你" is the money, tomorrow
_ZH_DAY_AFTER_SURNAME = (
    r"明天|今天|后天|昨天|今晚|明晚|明早|周[一二三四五六日末]|下周|这周|月底|晚上|早上|中午|下午|上午"
)
_ZH_NAME = rf"(?:[小老阿][{SURNAMES}]|{_ZH_PET_NAME}|{ZH_NOT_A_NAME}[{SURNAMES}](?!{_ZH_DAY_AFTER_SURNAME})[^\s我你他她们的了是在说，。！？、\d出取送买卖拿放寄交收还完到回起过]{{1,2}}?)"
ZH_NAME = _ZH_NAME  # (extract reads whom a promise is made for by it)
# a trade said before a name, which only says who they are ("程序员小李跳去字节了"; not "测试小程序")
TRADE_BEFORE_NAME_ZH = re.compile(
    rf"^(?:程序员|设计师|产品经理|实习生|前端|后端|运营|测试)(?=[小老阿][{SURNAMES}](?:[^\u4e00-\u9fff]|[说跳去在是把已也都又刚要会]))"
)
# what may follow a Chinese name for it to be the subject: a verb or adverb, not a noun
_ZH_PRED = (
    # "小周跟我说她…", "老陈告诉我他…": a report told to the speaker (not "跟我说好了", an agreement)
    # (any verb of telling: "小蔡跟我抱怨过好几次", "老王跟我吐槽")
    r"(?=(?:跟|和|对|同)我(?:说|讲|抱怨|吐槽|念叨|提过|提到|透露)(?!好|定)|告诉我|说|觉得|认为|最近|去年|今年|上个?月|上周|已经|刚|也|又|还|现在|以前|之前|原来|一直|从来|特别|很|超|真|最|不|没|是|在|"
    # (posted elsewhere, 调去 / 调到, is a change of work as 跳槽 is: "老刘调去上海分公司了")
    r"对|跳槽|跳(?=去)|调(?=去|到|回)|辞职|入职|搬|考上|转学|转到|转去|结婚|离婚|订婚|分手|退休|迷上|爱|喜欢|讨厌|受不了|今晚|明天|周末|会|要|答应|"
    # (from where: "Amy从北京搬到成都了", "小王从腾讯离职了")
    r"开车|来|去|帮|替|给|住|在|把|被|升|晋升|从"
    # (a job changed, a habit given up: "阿明换工作了，现在在京东", "阿杰戒酒了")
    r"|换(?=了?(?:个|份)?(?:工作|单位|公司|东家))|戒(?=了?[酒烟糖])"
    # (an animal kept: "小陈养了只柯基")
    r"|养(?=了?[一两\d]?[只条])"
    # (money handed out: "老板发奖金了", not "老板发朋友圈了")
    r"|发(?=了?(?:奖金|工资|红包|年终奖|补贴|福利|钱|货))"
    # (a couple's parting: "小美和阿杰掰了", theirs, not the speaker's)
    r"|(?:和|跟)(?=[\u4e00-\u9fff]{1,3}?(?:分手|分了|掰了|离婚|离了))"
    # "阿伟和他女朋友订婚了": the person with his or her own partner, the news is theirs
    # (the partner said without 他 / 她: "小李跟女朋友分了", "小李和老婆离了")
    r"|(?:和|跟)(?=他|她|(?:女朋友|男朋友|对象|女友|男友|老婆|老公|媳妇|前任|未婚妻|未婚夫)"
    r"(?:分|离|订婚|结婚|领证|在一起|复合)))"
)
_ZH_REL = "|".join(sorted(RELATIVES_ZH, key=len, reverse=True))
# the relatives whose word says whether they are a he or a she (names say nothing here)
_FEMALE = frozenset(
    "sister mum mom mother wife girlfriend daughter aunt grandma grandmother niece fiancée "
    "mother-in-law sister-in-law stepmom stepmum granddaughter ex-wife ex-girlfriend ex-fiancée sisters "
    "姐姐 妹妹 妈妈 老婆 媳妇 女儿 女朋友 表姐 表妹 闺蜜 奶奶 外婆 姥姥 婆婆 岳母 嫂子 姑姑 小姨 妻子 太太 前妻 前女友".split()
)
_MALE = frozenset(
    "brother dad father husband boyfriend son uncle grandpa grandfather nephew fiance fiancé "
    "father-in-law brother-in-law stepdad grandson ex-husband ex-boyfriend ex-fiance ex-fiancé brothers "
    "哥哥 弟弟 爸爸 老公 儿子 男朋友 表哥 表弟 爷爷 外公 姥爷 公公 岳父 姐夫 妹夫 舅舅 叔叔 丈夫 前夫 前男友".split()
)


def _gender(person: str) -> str:
    """ "f", "m" or "" (not said) for a subject as :func:`subjects_of` files it ("Tom's sister",
    "小王的老婆"; a bare name says nothing)."""
    parts = re.split(r"'s |的", person)
    word = parts[-1].casefold() if len(parts) > 1 else ""
    return "f" if word in _FEMALE else "m" if word in _MALE else ""


def for_pronoun(referent: str, pronoun: str, speaker: str) -> str:
    """Whom ``pronoun`` (he, she, 他, 她) stands for, given the person the message spoke of last:
    that person unless their word says the other sex; then the one they belong to ("Tom's sister
    is ill, so he won't come": Tom), or nobody ("") when that is the speaker or not said.

    >>> for_pronoun("Tom's sister", "he", "Ann"), for_pronoun("Ann's brother", "she", "Ann")
    ('Tom', '')
    >>> for_pronoun("小王的老婆", "他", "张伟"), for_pronoun("Omar", "she", "Ann")
    ('小王', 'Omar')
    """
    said = "f" if pronoun.casefold() in ("she", "她") else "m"
    if _gender(referent) in ("", said):
        return referent
    owner = re.split(r"'s |的", referent)[0]
    return "" if owner == speaker or owner == referent or _gender(owner) not in ("", said) else owner


@dataclass(frozen=True)
class Partner:
    """What naming the speaker's partner by one word says of the speaker."""

    shares: bool  # the partner's engagement or marriage is the speaker's as well
    names: bool  # the speaker's own state is what the sentence says of them (divorced, single)
    implies: str = ""  # the state the word says alone, whatever the news is ("engaged"), or ""


_CURRENT = Partner(shares=True, names=False)
_FORMER = Partner(shares=False, names=True)
_TO_BE = Partner(shares=True, names=True, implies="engaged")
# the speaker's partner as :func:`subjects_of` files one ("Ann's boyfriend", "小李的前夫") by the
# word it ends in, or by the stem it begins with (a key ending in "-"); what naming them says:
# "My boyfriend proposed and I said yes" (the couple's state), "My ex-husband has the kids this
# weekend" (divorced), "我未婚妻下个月从伦敦回来" (engaged by the word alone)
PARTNERS = {
    **dict.fromkeys(("boyfriend", "girlfriend", "partner", "男朋友", "女朋友", "对象"), _CURRENT),
    **dict.fromkeys(("fianc-", "未婚-"), _TO_BE),
    **dict.fromkeys(("ex-", "前-"), _FORMER),
}
# the states a couple shares, which a partner's news says of the speaker when ``shares``
COUPLE_STATES = ("engaged", "married")
# "My fiancée Rosa wants a spring wedding": the partner named after the word, filed by the name
_MY_PARTNER_EN = re.compile(
    r"\b[Mm]y\s+(?P<word>{})\s+(?P<name>[A-Z][a-z]+)\b".format(
        "|".join(k[:-1] + r"[\w-]*" if k.endswith("-") else k for k in PARTNERS if k.isascii())
    )
)


def partner_of(subject: str, speaker: str, sentence: str = "") -> Partner | None:
    """The :class:`Partner` ``subject`` is to the speaker, filed by the word ("Ann's ex-wife",
    "小李的未婚夫") or named after "my <word>" in ``sentence``; None when not the speaker's partner.

    >>> partner_of("Ann's ex-wife", "Ann").names, partner_of("小李的男朋友", "小李").shares
    (True, True)
    >>> partner_of("Rosa", "Ann", "My fiancée Rosa wants a spring wedding").implies
    'engaged'
    >>> partner_of("Ann's boyfriend's sister", "Ann") is None
    True
    """
    for own in (f"{speaker}'s ", f"{speaker}的"):
        if subject.startswith(own):
            word = subject[len(own) :]
            for key, partner in PARTNERS.items():
                if word == key or (key.endswith("-") and word.startswith(key[:-1])):
                    return partner
    for m in _MY_PARTNER_EN.finditer(sentence):
        if m.group("name") == subject:
            return partner_of(f"{speaker}'s {m.group('word')}", speaker)
    return None


# 大 before a surname is a nickname ("大刘跟他女朋友分手了"), for the surnames that make no word with it
# (not 大方, 大陆, 大胡子, 大白菜)
_ZH_BIG_NAME = r"大[王李张刘陈杨赵吴徐孙郭何郑谢韩冯邓曹彭曾肖]"
# a Latin given name heading a Chinese line is a person as a Chinese name is ("Omar喜欢猫", "Anna说她…")
_LATIN_NAME_ZH = r"[A-Z][a-z]{1,10}(?=[\u4e00-\u9fff])"
# the posts one works or studies under, said before a name as a relative is
_ZH_TITLE = r"(?:组长|经理|主管|主任|队长|班长|教练|师父|总监|科长|处长|部长|院长|校长|班主任|房东)"
# the people of the speaker's own a Chinese word names with no name: kin, posts, the boss, colleagues
_ZH_OWN_PEOPLE = rf"{_ZH_REL}|{_ZH_TITLE}|老板|同事|领导"
_ZH_LEAD = re.compile(
    # "小刘那边发票寄到了": the person's side (那边 / 这边) is the person
    # (a name set beside a relative or a colleague may be the 大X of a nickname: "我同事大刘")
    # "小杨那人最烦开会了": the person, then 那人 / 这个人 said of them, then the predicate
    # "小王的前夫是律师": a person's relative, filed under the relative as "小王的前夫"
    # ("隔壁老王", "对门的小刘", "楼下张阿姨": where the person lives, said before the name)
    rf"^(?:(?:隔壁|对门|对面|楼上|楼下)(?:家)?的?(?={_ZH_NAME}))?(?:(?P<owner>{_ZH_NAME})(?:的|[他她]的?)(?P<orel>{_ZH_REL})(?=[\u4e00-\u9fff])|(?P<name>{_ZH_NAME}|{_ZH_BIG_NAME}|{_LATIN_NAME_ZH})(?:(?:那边|这边)(?=[\u4e00-\u9fff])|(?:这|那)个?人(?={_ZH_PRED}[\u4e00-\u9fff])|{_ZH_PRED})|我(?:的|有(?:一)?(?:个|位))?(?P<rel>{_ZH_REL})(?P<relname>{_ZH_NAME}|大[{SURNAMES}](?=[\u4e00-\u9fff])|{_LATIN_NAME_ZH})?"
    # a post over the speaker, then the name it goes by ("我们组长老韩", "我的主管小林"): the named one
    rf"|我们?(?:的)?(?:{_ZH_TITLE})(?P<tname>{_ZH_NAME}|大[{SURNAMES}](?=[\u4e00-\u9fff]))(?={_ZH_PRED}|[是也都就])"
    rf"|(?P<bare>{_ZH_BARE_REL}){_ZH_PRED}"
    # one's child, by 孩子 / 娃 or, after 家, by birth order ("我家孩子在实验中学", "我们家老大在实验中学";
    # 我们老大 with no 家 is a boss; a bare 孩子 heading a line is left to the speaker: "孩子周末归我")
    r"|我们?(?:家的?|的)?(?P<kid>孩子|娃|(?:(?<=家)|(?<=家的))(?:老大|老二|老三|老幺|大宝|二宝|三宝))"
    rf"(?={_ZH_PRED}|上)"
    # "物业说他们周四来修电梯": whoever is said to speak, then the pronoun that takes them up again,
    # is the one the clause is about (a firm, an office, a landlord: no name needed)
    r"|(?P<reporter>(?![我你他她听据就都也又还只])[\u4e00-\u9fff]{1,4}?)(?=说(?:他们|她们|他|她)[\u4e00-\u9fff]))"
    r"(?:(?:说|告诉我|(?:跟|和|对|同)我(?:说|讲|抱怨|吐槽|念叨|提过|提到|透露)(?!好|定))(?:她|他)?)?"
)

# a perfect with its object after the participle: an act the head did ("has cleared the garage", "'s
# finally sold the pram"), never a passive, which has no object (nor before "my" or "our": "Pilates
# has changed my life" is a thing's doing to the speaker)
_PERFECT_DONE = (
    r"(?:(?:just|finally|already|now|recently|actually)\s+)?"
    # (not "married", news of a relationship read as such; nor a calling off, which firms and
    # illnesses do: "Ryanair has cancelled the flight", "Covid has cancelled the wedding")
    r"(?!married\b|cancell?ed\b|postponed\b|delayed\b|scrapped\b)(?:\w+ed|sold|bought|made|done|paid|sent|found|"
    r"built|won|lost|taken|given|written|put)\s+(?=(?:the|a|an|his|her|their|it|them|all)\b)"
)
# a person's predicate: reporting, stance and change verbs, or 's/is before a role or state
_EN_PRED = (
    r"(?:(?:absolutely|totally|really|just|also|still|honestly|seriously|genuinely|kind of|kinda)\s+)*"
    r"(?:says|said|adores|fancies|prefers|thinks|reckons|told\s+me|got|gets|just|really|also|finally|recently|now|still|"
    r"loves|likes|hates|adores|enjoys|can't|cannot|can\s+no\s+longer|won't|will|'ll|isn't|doesn't|does|never|"
    r"works|worked|lives|lived|goes|attends|moved|left|quit|joined|started|retired|broke\s+up|split\s+up|separated|"
    # a habit or a stance of before: "Tom used to hate olives but now he loves them"
    # (not a thing at the head, told by what it did to one: "Mushrooms used to make me gag")
    r"used\s+to\s+(?!(?:make|gross|scare|bore|disgust|be|taste|smell|give)\b)(?=\w)|"
    # leaving one employer for another: "Tunde jumped ship to BP", "Ali got poached by Arup"
    r"jump(?:ed|s)\s+ship|defected|(?:got|was)\s+(?:poached|headhunted)|"
    # (a course followed: "Kev's doing a PhD at Edinburgh")
    r"is\s+(?:a|an|allergic|studying|vegan|vegetarian|going|into|moving|now|really|not|working|living|dating|married|retired|doing\s+(?:a|an|her|his)\s+(?=\S+\s+(?:at|in)\b))\b|"
    r"'s\s+(?:a|an|allergic|studying|vegan|vegetarian|going|into|moving|now|really|not|working|living|dating|married|retired|been|doing\s+(?:a|an|her|his)\s+(?=\S+\s+(?:at|in)\b))\b|"
    # (back where the person was: "Sean's back in Dublin now")
    r"(?:'s|\s+is)\s+back\s+(?=in\s+[A-Z])|"
    r"(?:has|'s)\s+(?:just\s+|finally\s+|recently\s+|now\s+|already\s+)?(?:been|moved|started|quit|left|got|joined|gone|retired|said|promised)|"
    # any act done, with its thing after it: "Dad has finally cleared the garage out", "Mum's booked the flights"
    rf"(?:has|'s)\s+{_PERFECT_DONE}|"
    # a plan called off or moved by the one named, its thing after the verb: "Tariq pushed the team
    # dinner to next thurs", "Tom cancelled the meeting" (who called it off is the task's subject; a
    # push to a later time only: "Jake pushed the car out of the ditch" moves no plan)
    r"(?:cancell?ed|canceled|postponed|rescheduled|bailed\s+on|pulled\s+out\s+of)\s+(?=(?:the|our|their|his|her|my|this|that)\b)|"
    # (or with has, of a plan of his or her own: "Mum has cancelled her trip to Spain"; not "Ryanair
    # has cancelled the flight" nor "Easyjet has cancelled their flights", a firm's doing to whoever flies)
    r"has\s+(?:just\s+|now\s+|already\s+|finally\s+)?(?:cancell?ed|canceled|postponed|rescheduled)\s+(?=(?:his|her)\b)|"
    rf"(?:pushed|bumped|shifted)\s+(?=(?:the|our|their|his|her|my|this|that)\s+[\w'\- ]{{1,30}}?\s+(?:back\s+)?(?:to|till|until)\s+(?i:{LATER_EN}))|"
    # news done to the person: "Priya was promoted to ...", "Tom's been made partner"
    r"(?:\s+was|\s+is|'s|\s+has\s+been|'s\s+been)\s+(?:just\s+|finally\s+)?(?:promoted|made|appointed|hired|fired|laid\s+off)\b|"
    # a change of taste with the contracted has: "Ravi's gone off sushi", "Mia's really come round to jazz"
    r"'s\s+(?:(?:just|really|totally|completely|finally)\s+)?(?:gone\s+off|come\s+round\s+to|come\s+around\s+to)\b|"
    # a stance said as a state of the person: "Dina's obsessed with padel", "Tom is totally hooked on chess"
    # a child at a school by its head: "Eli's at Riverside Academy now"
    r"(?:'s|\s+is)\s+(?:now\s+)?at\s+(?=(?:[A-Z][\w'\-]*\s+)+(?:Primary|Secondary|High|Academy|College|School|Nursery)\b)|"
    r"(?:'s|\s+is)\s+(?:(?:totally|really|so|completely|kinda|absolutely|lowkey|low-key)\s+)?"
    r"(?:obsessed\s+with|hooked\s+on|addicted\s+to|(?:crazy|mad|nuts|wild)\s+about|keen\s+on|fond\s+of)\b)"
)
# (a Chinese name written inside an English line is one too: "小周 got a job at ByteDance")
# (not 我 + kin, a kin word or a post, which the Chinese reader files as the speaker's: "我哥 got a job")
_EN_NAME = rf"(?:[A-Z][a-z]+|(?!我|(?:{_ZH_OWN_PEOPLE})(?=\s))[\u4e00-\u9fff]{{2,3}}(?=\s))"
_EN_NOT = frozenset(
    "I We You He She They It The A An My Our Your This That These Those There Here So Oh Yes No Nah Ok "
    "Okay Sure Well Just Also Apparently Honestly Anyway Btw Still Now Then Thanks Please Let Go Got "
    # sentence adverbs that start a line as a name would
    "Finally Never Always Maybe Perhaps Really Actually Basically Literally Definitely Probably Hopefully "
    "Luckily Sadly Unfortunately Recently Kinda Totally Seriously Today Tonight Tomorrow Yesterday "
    "Not Lately Sometimes Usually Obviously Clearly".split()
)
# openers before the subject, reporting ones included ("Heard Jess moved to Berlin": Jess's news)
_EN_OPEN = re.compile(
    r"^(?:(?:apparently|so|oh|btw|by the way|also|and|fun fact|guess what|trust me|honestly|tbh|ngl|fyi|"
    r"(?:i\s+)?heard(?:\s+that)?|i've heard"
    r"(?:\s+that)?|turns out(?:\s+that)?|word is|rumou?r (?:has it|is))[,:]?\s+)+",
    re.I,
)
# a relative's relative ("my sister's husband", "Tom's wife", "Mum's friend"): the chain of possessives
# where a person is known from, said after the name: a team, a floor, a club, a neighbourhood
_FROM_GROUP_EN = (
    r"(?:work|accounting|accounts|marketing|sales|hr|finance|legal|ops|operations|it|engineering|design|product|"
    r"support|the office|next door|over the road|across the road|down the road|upstairs|downstairs|uni|school|"
    r"college|church|the gym|gym|yoga|book club|football|choir|the team|my team|our team)"
)
_EN_CHAIN = rf"(?:{RELATIVES_EN})(?:(?:'s|')\s+(?:{RELATIVES_EN}))*"
_EN_LEAD = re.compile(
    rf"^(?:(?P<owner>{_EN_NAME})'s\s+(?P<orel>{_EN_CHAIN})(?=\s|'s\b)"
    # (a family's own by "our": "our Lucy got into Durham", the northern English way)
    rf"|(?:[Oo]ur\s+(?={_EN_NAME}\s))?(?P<names>{_EN_NAME}(?:\s+and\s+{_EN_NAME})?)(?:\s+and\s+(?:his|her|their)\s+(?:{RELATIVES_EN}))?"
    # a name told apart by where the person is from: "Dave from next door", "Sue from work"
    # (a team, a floor or a club told apart so: any news of the person follows, "Ella from accounting
    # just joined Google")
    rf"(?:\s+from\s+(?:the\s+)?(?:[a-z]+(?:\s+[a-z]+)?(?=\s+(?:says|said|told|thinks|reckons)\b)|(?i:{_FROM_GROUP_EN})\b))?"
    rf"\b(?=\s*(?:{_EN_PRED}))"  # a whole word: "Whenever" is no "Whe" before "never"
    rf"|[Mm]y\s+(?P<rel>{_EN_CHAIN})(?:,?\s+(?P<relname>{_EN_NAME}|[\u4e00-\u9fff]{{2,3}}),?)?"
    rf"(?=\s|'s\b)"
    # another's relative, in a later clause ("..., but his wife Sara finds it dull"): by name, or the
    # person spoken of before's
    rf"|(?:[Hh]is|[Hh]er|[Tt]heir)\s+(?P<prel>{_EN_CHAIN})(?:,?\s+(?P<prelname>{_EN_NAME}),?)?(?=\s|'s\b))"
)
# what a family calls its own ("Dad can't stand reality TV", "Grandma retired"): the speaker's relative
_EN_KIN_NAMES = {
    "Mom": "mom",
    "Mum": "mum",
    "Mam": "mum",
    "Mommy": "mom",
    "Mummy": "mum",
    "Mama": "mom",
    "Dad": "dad",
    "Daddy": "dad",
    "Papa": "dad",
    "Grandma": "grandma",
    "Granny": "grandma",
    "Nan": "grandma",
    "Nana": "grandma",
    "Grandpa": "grandpa",
    "Grandad": "grandpa",
    "Granddad": "grandpa",
    "Auntie": "aunt",
    "Aunty": "aunt",
}


def own_kin(name: str, speaker: str) -> str:
    """A family's own word for a relative, as the speaker's ("Dad" said by Ann is "Ann's dad");
    any other name as it is."""
    return f"{speaker}'s {_EN_KIN_NAMES[name]}" if name in _EN_KIN_NAMES else name


_EN_REPORT = re.compile(
    # (with its perfect too: "my dad's said he'll take the kids to swimming on thursday")
    # (or a promise reported: "Anna's promised she'll bake the cake")
    r"^(?:'s|\s+has)?\s*(?:just\s+|already\s+)?(?:says|said|thinks|told\s+me|reckons|promised|promises|swears|swore)"
    r"\s+(?:(?:me|us)\s+)?(?:that\s+)?(?:she|he|they)\b",
    re.I,
)
_EN_PASSIVE = re.compile(
    r"^(?:(?:'s|\s+is|\s+was)\s+(?!\w+\s+(?:the|a|an|my|our|his|her|their|it|them)\b)|(?:'s|\s+is|\s+was|\s+has)\s+been\s+)(?:called|fixed|sorted|booked|sent|paid|told|invited|picked up|"
    r"collected|handled|done|informed|asked|emailed|texted|serviced|baked|cooked|washed|packed|printed|wrapped|"
    r"ironed|tidied|uploaded|installed|filled in|dropped off|"
    # a thing sent, returned or mended: "Parcel's been posted!", "Bike's been repaired"
    r"posted|shipped|delivered|returned|signed|submitted|repaired|mended|renewed|ordered|cleaned)\b"
    # "Salad's made and in the fridge": made with nothing it was made into (no "made partner") is a
    # thing's passive, the head no person
    r"|^(?:'s|\s+is|\s+was|\s+has\s+been|'s\s+been)\s+(?:just\s+|finally\s+)?made(?=\s*(?:$|[,.;!]|and\b))"
    # a plan moved or called off: "Launch got pushed back two days", "Quiz was cancelled" (no person)
    # (people are bumped or delayed too: "Tom got bumped to first class", "Tom was delayed")
    r"|^(?:'s|\s+is|\s+was|\s+were|\s+got|\s+has\s+been|'s\s+been)\s+(?:just\s+)?"
    r"(?:pushed\s+back|rescheduled|postponed|cancell?ed|called\s+off)\b"
    # (or judged as not going ahead: "Quiz is a no-go", "Trip's a non-starter")
    r"|^(?:'s|\s+is|\s+was)\s+(?:a\s+no-?go|a\s+non-?starter|not\s+happening)(?=\s*(?:$|[,.;!]))"
    # (or to a later time: "Launch got pushed to May"; not a person moved, "Tom got moved to sales")
    rf"|^(?:'s|\s+is|\s+was|\s+were|\s+got|\s+has\s+been|'s\s+been)\s+(?:just\s+)?(?:pushed|moved)\s+(?:to|till|until)\s+(?i:{LATER_EN})"
)
_EN_AND_I = re.compile(r"^\s+and\s+I\b")
_EN_TO_ME = re.compile(
    # "Jazz isn't my thing", "Opera is my jam": a thing judged as the speaker's own taste
    r"^\s+(?:(?:really|just|totally|honestly|kind of|kinda)\s+)*(?:(?:isn't|is not|'s not|is|'s)\s+(?:really\s+)?"
    r"(?:for me|my (?:new\s+|all-time\s+)?(?:thing|cup of tea|jam|favou?rite(?: thing)?))|"
    r"(?:bores|annoys|gives|makes|drives|stresses|freaks)\s+me|"
    # "Jazz does nothing for me", "Reggae doesn't do it for me"
    rf"{NOTHING_FOR_ME}|"
    # worn out for the speaker: "Jazz has gone stale for me", "Netflix has got so samey"
    r"(?:has|'s)\s+(?:(?:kind of|totally|completely|a bit|really)\s+)?(?:gone|got|gotten|become)\s+"
    r"(?:(?:a bit|so|really|pretty)\s+)?(?:stale|old|boring|tedious|samey|dull))\b"
)
_THIRD_TO_FIRST = (
    (r"^'s\s+been\b", "'ve been"),
    (
        r"^'s\s+(?=(?:(?:just|really|totally|completely|finally)\s+)?"
        r"(?:moved|got|started|quit|left|joined|gone|had|finished|decided|come|promised|said|agreed|offered)\b)",
        "'ve ",
    ),
    (rf"^'s\s+(?={_PERFECT_DONE})", "'ve "),
    (r"^'s\b", "'m"),
    (r"^\s+is\b", " am"),
    (r"^\s+isn't\b", " am not"),
    # a plural head ("my kids are mad about dinosaurs"): its copula, said of each as of one
    (r"^\s+are\b", " am"),
    (r"^\s+aren't\b", " am not"),
    (r"^'re\b", "'m"),
    (r"^\s+were\b", " was"),
    (r"^\s+has\b", " have"),
    (r"^\s+hasn't\b", " haven't"),
    (r"^\s+doesn't\b", " don't"),
    (r"^\s+does\b", " do"),
    (r"^\s+was\b", " was"),
)


# a thing of theirs, then what befell it ("my sister's wedding got postponed", "my mum's car is fixed"):
# their thing, said as "my", not "I'm wedding"
_THEIR_THING = re.compile(
    r"^'s\s+(?=(?!(?:a|an|the|not|no|so|very|really|too|now|still|always|never|just|off|on|in|at|out|back|home|away|"
    r"going|getting|moving|coming|been|got|gone|had|done|over|fine|ok|okay|here|there)\b)[a-z]+(?:\s+[a-z]+)?\s+"
    r"(?:is|was|got|has|had|'s|were|are|will|has\s+been|'s\s+been|been)\s+"
    r"(?:\w+\s+)?(?:cancell?ed|postponed|moved|pushed|called\s+off|off|rescheduled|delayed|booked|done|sorted|"
    r"fixed|finished|confirmed|scrapped|put\s+back|brought\s+forward)\b)"
)


def _first_person_en(rest: str) -> str:
    """The predicate after a third-person subject, as "I ..." ("'s a nurse" -> "I'm a nurse")."""
    if _THEIR_THING.match(rest):
        return "My" + rest[2:]
    for pattern, repl in _THIRD_TO_FIRST:
        if re.match(pattern, rest):
            return "I" + re.sub(pattern, repl, rest, count=1)
    m = re.match(r"^(\s+(?:(?:just|really|also|now|still|never|always|kind of|kinda|\w+ly)\s+)*)(\w+)", rest)
    if m:
        verb = m.group(2)
        low = verb.lower()
        if low.endswith("ies") and len(low) > 4:
            verb = verb[:-3] + "y"
        elif low.endswith(("ches", "shes", "sses", "xes")) or low in ("goes", "does"):  # "goes": go
            verb = verb[:-2]
        elif low.endswith("s") and not low.endswith(("ss", "us", "is")) and low not in ("has", "was"):
            verb = verb[:-1]
        return "I" + m.group(1) + verb + rest[m.end() :]
    return "I" + rest


# an animal of the household at a clause's head, named or not ("Our dog Rex is allergic to chicken",
# "my cat loves the radiator"): no person, so what follows is nobody's fact or taste
_EN_PET_HEAD = re.compile(
    r"^(?:[Mm]y|[Oo]ur|[Tt]he)\s+(?:(?:old|new|little|rescue)\s+)?"
    rf"{ANIMALS_EN}"
    r"(?:,?\s+[A-Z][a-z]+,?)?(?=\s|'s\b)"
)


def _en_clause(sentence: str, speaker: str, referent: str = "") -> list[tuple[str, str]]:
    """The subjects one clause names at its head, as :func:`subjects_of` gives them."""
    s = sentence.replace("’", "'")
    head = _EN_OPEN.match(s)
    body = s[head.end() :] if head else s
    pet = _EN_PET_HEAD.match(body)
    if pet and not _EN_AND_I.match(body[pet.end() :]):  # ("My dog and I moved to Leeds": the speaker's)
        return [("", body)]  # "Our dog Rex is allergic to chicken": the dog's, nobody's to file
    if _EN_PRONOUN.match(body):
        return _pronoun_en(body, for_pronoun(referent, body.split("'")[0].split()[0], speaker))
    m = _EN_LEAD.match(body)
    if not m:
        return []
    rest = body[m.end() :]
    if _EN_PASSIVE.match(rest):  # "Grandma's been called": a task done to her, not her news
        return []
    if _EN_AND_I.match(rest):  # "My girlfriend and I moved in together": the speaker's own news
        return []
    if _EN_TO_ME.match(rest):  # "Opera really isn't for me": the speaker's taste, the head a thing
        return []
    if re.match(BACK_IN_ORDER, rest):  # "Door works again": a thing mended, no person
        return []
    if m.group("names") and re.match(r"^Me\s+and\b", m.group("names")):
        return []  # "Me and Dan got married": the speaker's own news
    if m.group("owner"):
        if m.group("owner") in _EN_NOT:
            return []
        owner = m.group("owner")
        owner = own_kin(owner, speaker)
        names = [f"{owner}'s {m.group('orel').lower()}"]
    elif m.group("names"):
        # a dropped "I" before a past verb ("Called off the viewing", "Quit my job") is no name
        names = [
            n for n in re.split(r"\s+and\s+", m.group("names")) if n not in _EN_NOT and not n.endswith("ed")
        ]
        if len(names) != len(re.split(r"\s+and\s+", m.group("names"))):
            return []
        names = [own_kin(n, speaker) for n in names]
    elif m.group("prel"):
        if not (m.group("prelname") or referent):
            return []
        names = [m.group("prelname") or f"{referent}'s {m.group('prel').lower()}"]
    else:
        names = [m.group("relname") or f"{speaker}'s {m.group('rel').lower()}"]
    # "My husband never liked hiking but I love it": the clause that starts again with I is the
    # speaker's own, as in Chinese
    own = re.search(r"(?:,\s*|\s+)but\s+(?=I\b)", rest)
    if own and not _EN_REPORT.match(rest):
        theirs = _en_clause(body[: m.end()] + rest[: own.start()] + ".", speaker)
        return [*theirs, (speaker, rest[own.end() :])] if theirs else []
    rep = _EN_REPORT.match(rest)
    if rep:  # "says she's moved": what she says, in her words, the tense shifted back
        rest = rest[rep.end() :]
        rest = re.sub(r"^'d\b", "'ll", re.sub(r"^\s+would\b", " will", rest))
    if len(names) > 1:
        rest = re.sub(r"^\s+(?:both\s+)?", " ", rest)
        rest = re.sub(r"^\s+are\b", " am", re.sub(r"^\s+have\b", " have", rest))
    turned = _first_person_en(rest)
    # "..., and she's a plumber now": the person's own "is", as "I'm"
    turned = re.sub(
        r"\b(?:she|he)'s\b(?=\s+(?:a|an|the|now|still|not|in|at|from|no longer)\b)", "I'm", turned
    )
    # "..., but she's gone off it", "now he's got two": the person's own "has", as "I've"
    turned = re.sub(
        r"\b(?:she|he)'s\b(?=\s+(?:(?:\w+ly|just|really|now|since|also)\s+)*(?:gone|got|been|started|become|taken|moved|"
        r"come|fallen|switched|quit|left|stopped|decided|grown)\b)",
        "I've",
        turned,
    )
    turned = re.sub(r"\b(?:she|he)\b(?!')", "I", turned)
    # (and the verb of a stance that followed it, as the first person says it: "now he loves them")
    turned = re.sub(
        r"\b(I\s+(?:(?:\w+ly|now|still|really|also|actually|even)\s+)*)(love|like|enjoy|hate|adore|prefer|dislike|loathe)s\b",
        r"\1\2",
        turned,
    )
    turned = re.sub(r"\b(?:her|his)\b", "my", turned)
    return [(n, turned) for n in names]


# where a comma starts a clause with a subject of its own: "..., she works at the hospital",
# "..., my sister is a nurse too", "..., and I don't eat seafood", "..., Tom doesn't eat mango"
_EN_CLAUSE = re.compile(
    r"[,;]\s+(?:(?:and|but|so|plus)\s+)?(?=(?:[Hh]e|[Ss]he|I|[Mm]y|[Hh]is|[Hh]er|[Tt]heir|[A-Z][a-z]+)(?:\b|')(?!,))"
)


def _en(sentence: str, speaker: str, referent: str = "") -> list[tuple[str, str]]:
    """Clause by clause, as in Chinese: a clause after a comma that names its own subject at its
    head starts that subject's part; the rest go on with the part before. Empty when every part
    is the speaker's."""
    starts = [0, *(m.end() for m in _EN_CLAUSE.finditer(sentence))]
    if len(starts) == 1:
        return _en_clause(sentence, speaker, referent)
    groups: list[list[list[str]]] = []  # the parts one head began: [subject, its first-person text]
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(sentence)
        piece = sentence[start:end]
        found = _en_clause(piece, speaker, referent)
        if not any(subject not in (speaker, "") for subject, _ in found):
            # "Frank's back is playing up, so he won't ...": a person named only as an owner is whom a
            # later he or she means
            owners = {m.group("n") for m in _EN_OWNER.finditer(piece)} - {speaker}
            # (or named as whom to turn to: "ask Nisha, she's a year 2 teacher", "ring Dev, he's a plumber")
            owners |= {m.group("n") for m in _EN_ADDRESSED.finditer(piece)} - {speaker} - _EN_NOT
            referent = owners.pop() if len(owners) == 1 else referent
        if found:
            named = {subject for subject, _ in found if subject not in (speaker, "")}
            referent = named.pop() if len(named) == 1 else referent  # whom a later she or he means
            groups.append([[subject, said] for subject, said in found])
        elif re.match(r"I\b", piece) or not groups:
            if groups and all(subject == speaker for subject, _ in groups[-1]):
                groups[-1][0][1] += piece
            else:
                groups.append([[speaker, piece]])
        else:
            for part in groups[-1]:
                part[1] += piece
    parts = [part for group in groups for part in group]
    if all(subject == speaker for subject, _ in parts):
        return []
    last = len(groups) - 1
    return [
        (subject, said if n == last else re.sub(r"(?:[,;]\s*(?:and|but|so|plus)?\s*)$", "", said) + ".")
        for n, group in enumerate(groups)
        for subject, said in group
    ]


# a capitalised word in its owner's 's before a noun ("Frank's back", "Mia's car"): a person, unless it
# is a word of time or a function word that starts a line ("Monday's class", "It's", "That's")
_EN_OWNER = re.compile(
    r"\b(?P<n>(?!(?:It|That|This|What|Who|Where|There|Here|Let|He|She|Everyone|Everything|Nobody|Today|Tonight|"
    r"Tomorrow|Yesterday|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|January|February|March|April|May|June|July|"
    r"August|September|October|November|December)\b)[A-Z][a-z]+)'s\s+"
    r"(?!(?:been|got|gone|going|just|already|not|a|an|the|moved|left|started|back\s+(?:from|home|at|in|to)\b)\b)[a-z]+"
)


# a person named as the one to turn to, after a verb of asking or calling ("ask Nisha", "talk to Omar")
# (only a lone name that ends its clause: "ask Jess about Tom, he's ..." means Tom, "tell Jess, he's
# moved" tells Jess of someone; nor a day or a voice assistant: "try Tuesday", "ask Alexa")
_EN_ADDRESSED = re.compile(
    r"\b(?i:ask|call|ring|try|talk\s+to|speak\s+to|check\s+with)\s+"
    r"(?P<n>(?!(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b|Alexa\b|Siri\b|Google\b|Cortana\b)[A-Z][a-z]+)\s*[,;]?\s*$"
)


# "He works at Google now": a sentence led by he or she, with no I, me or my in it, is about someone else
_EN_PRONOUN = re.compile(r"^(?:[Hh]e|[Ss]he)(?=\s|'s\b|'ll\b|'d\b)")
_EN_FIRST = re.compile(r"\b(?:I|I'm|I've|I'll|I'd|me|my|mine|we|we're|us|our)\b", re.I)


def _pronoun_en(body: str, referent: str) -> list[tuple[str, str]]:
    """The person a leading he/she stands for (``referent``: the one the message spoke of last),
    or "" (nobody to file it under) when the message named no one."""
    m = _EN_PRONOUN.match(body)
    rest = body[m.end() :]
    if _EN_FIRST.search(rest) or _EN_PASSIVE.match(rest):
        return []
    rep = _EN_REPORT.match(rest)
    if rep:
        rest = re.sub(r"^'d\b", "'ll", re.sub(r"^\s+would\b", " will", rest[rep.end() :]))
    turned = _first_person_en(rest)
    # "He will visit her in May": only the head's own his (or her) is "my"
    own = "her" if m.group(0).casefold() == "she" else "his"
    turned = re.sub(rf"\b{own}\b", "my", re.sub(rf"\b{m.group(0).casefold()}\b(?!')", "I", turned))
    return [(referent, turned)]


# "她在市一医院当护士": a clause led by she or he (not 她们, 他的...) is about someone else
_ZH_PRONOUN = re.compile(r"^(?:她|他)(?![们的])(?=[\u4e00-\u9fff])")
# a clause that starts again with I ("我老公在银行上班，我在学校当老师"): the speaker's own
# (after a word that turns or follows on: "我女朋友超喜欢猫，但我对猫过敏")
_ZH_SELF = re.compile(r"^(?:但是?|可是?|不过|而且?|所以|其实)?我(?![们的])")
_ZH_CLAUSES = re.compile(r"(?<=[，,；;])\s*")


def _zh_turned(rest: str) -> str:
    return rest.replace("她", "我").replace("他", "我")


# the addressee at a clause's head, then a state (是, 在, 住, 是不是): said of them, no one's news here
_ZH_ADDRESSEE_STATE = re.compile(
    r"^(?:你|您)(?:们)?(?:现在|目前|也|还|应该|肯定|估计)*(?:是不是|是|在|住|老家)"
)
# hearsay at a clause's head ("听说", "听我妈说"): the news after it is of whom it names, not the speaker's
# (news seen in a feed is hearsay too: "朋友圈看到老同学在新加坡当老师了", "刷抖音刷到表哥开了家店")
_ZH_HEARSAY = re.compile(
    r"^(?:听说|据说|听(?:[^，,。说我]|我[^，,。说]){1,4}说"
    r"|我?(?:在|刷)?(?:朋友圈|微博|抖音|小红书|群里|新闻里?|网上)(?:里|上)?(?:刷到|看到|看见|瞅见)(?:了)?)(?!我)"
)


# a clause whose head is another, by a noun the line gives no name, said to be a person ("女主是急诊
# 科医生", "这部剧的主角是律师", "新来的同事是东北人"): not a time ("今天是周五"), a this or that, or
# one's own post, home or school with its 我的 dropped ("工作是程序员", "新学校是人大附中")
_ZH_ANOTHER_IS = re.compile(
    r"^(?:[\u4e00-\u9fff]{1,6}的)?(?![今明昨后前这那它哪谁啥现最以原其主就也还都真可本每])"
    r"(?!(?:新|老|原|现)?(?:工作|职业|本职|主业|副业|身份|老家|家乡|专业|学校|学历|爱好|梦想|理想|岗位|职位|职称|职务|目标|计划)是)"
    r"[\u4e00-\u9fff]{2,3}(?<![天年月周点号日])是(?!不是|个|一个|真的|挺|很|最|太|非常|特别|在)"
    # (a person: a role or a people by its last character, "医生", "律师", "东北人")
    r"[\u4e00-\u9fff]{0,7}[人师员生家手长者工警官士主角][，,]"
)


def _zh_head(clause: str, speaker: str, referent: str) -> tuple[str, str] | None:
    """The subject a clause names at its head and the clause in that subject's first person, or
    None when it names none (it then goes on with the clause before: "小王跳槽了，工资涨了不少")."""
    if _ZH_ADDRESSEE_STATE.match(clause) and "我" not in clause:
        return "", clause  # "你是不是在华为上班", "你住海淀吧": the addressee's state, asked or guessed
    heard = _ZH_HEARSAY.match(clause)
    if heard and clause[heard.end() :]:
        # "听说他在上海工作", "听我妈说表姐在美国读书": the one named after the hearsay
        inner = _zh_head(clause[heard.end() :], speaker, referent)
        if inner is not None and inner[0] != speaker:
            return inner
        if inner is None:
            # "听说老同学在新加坡当老师了": the one heard of is named by no word the rules know; the
            # news is still not the speaker's (it would be said with 我: "听说我被录取了")
            return "", clause
    if _ZH_PRONOUN.match(clause):
        rest = clause[1:]
        # "她比我还忙", "他给我打了电话": a clause with the speaker in it stays as said
        return (
            (speaker, clause)
            if "我" in rest
            else (for_pronoun(referent, clause[0], speaker), "我" + _zh_turned(rest))
        )
    m = _ZH_LEAD.match(clause)
    if not m and _ZH_ANOTHER_IS.match(clause) and "我" not in clause:
        # "女主是急诊科医生，在成都上班": someone the line cannot name is the topic, and the clauses
        # after it with no subject of their own are theirs, not the speaker's
        return "", clause
    if not m:
        return (speaker, clause) if _ZH_SELF.match(clause) else None
    if m.group("owner"):
        name = f"{m.group('owner')}的{RELATIVES_ZH[m.group('orel')]}"
    elif m.group("rel"):
        name = m.group("relname") or f"{speaker}的{RELATIVES_ZH[m.group('rel')]}"
    elif m.group("tname"):
        name = m.group("tname")
    elif m.group("bare"):
        name = f"{speaker}的{RELATIVES_ZH[m.group('bare')]}"
    elif m.group("kid"):
        name = f"{speaker}的孩子"
    elif m.group("reporter"):
        name = m.group("reporter")
    else:
        name = m.group("name")
        if name == speaker:
            return speaker, clause
    rest = clause[m.end() :]
    if rest.startswith(("和我", "跟我", "我")):  # "我妈和我...", "我姐我..." are not hers alone
        return speaker, clause
    rest = re.sub(r"^(?:她|他)(?=[\u4e00-\u9fff])", "", rest)
    if m.group("name") and clause[m.end("name") : m.end()] in ("那边", "这边"):
        return name, _zh_turned(rest)  # "小刘那边发票寄到了": a topic and its comment, no 我 before it
    return name, "我" + _zh_turned(rest)


# what another says of the speaker, in a clause of its own ("…，说我搬到上海以后…")
_ZH_SAID_OF_ME = re.compile(r"(?:说|讲)我(?![们的])")
# a clause that reports what its subject said, closed by a comma or colon: what follows is theirs
_ZH_REPORTED = re.compile(r"(?:说|讲|告诉我|表示|保证|答应(?:我|我们)?)[：:，,]\s*$")


def _zh(sentence: str, speaker: str, referent: str = "") -> list[tuple[str, str]]:
    """Clause by clause: a clause that names its own subject at its head (a name, a relative, she
    or he, I again) starts that subject's part; one that names none goes on with the part before,
    as Chinese drops a subject it has just said ("我妹也是护士，在妇幼保健院"). Empty when every
    part is the speaker's."""
    parts: list[list[str]] = []  # [subject, the part in that subject's first person]
    before = ""  # the clause before, as written
    for clause in filter(None, _ZH_CLAUSES.split(sentence)):
        reported = parts and parts[-1][0] not in (speaker, "") and _ZH_REPORTED.search(before)
        before = clause
        if reported and _ZH_PRONOUN.match(clause):
            # "老周刚跟我说，他后天把钥匙还给我": after a reporting clause, the he or she of what is
            # reported is the one who said it, though the speaker is named in it
            parts[-1][1] += "我" + _zh_turned(clause[1:])
            continue
        if (
            parts
            and parts[-1][0] not in (speaker, "")
            and re.match(r"(?:还|又|总)?(?:说|讲)(?=[她他])", clause)
        ):
            # "小蔡跟我抱怨过好几次，说她最怕坐飞机": the telling said again before what is told
            clause = re.sub(r"^(?:还|又|总)?(?:说|讲)", "", clause)
        head = _zh_head(clause, speaker, referent)
        if head is None and parts and parts[-1][0] not in (speaker, "") and _ZH_SAID_OF_ME.match(clause):
            # "我妈老念叨，说我搬到上海以后就不回家了": the 我 of what another says is the speaker
            parts.append([speaker, clause[1:]])
            continue
        if head is None and parts and parts[-1][0] == "" and "我" in clause:
            # "对象是老师，明天我去接她": after a part of nobody's, a clause with 我 in it is the speaker's
            parts.append([speaker, clause])
            continue
        if head is None:
            if parts:
                parts[-1][1] += clause if parts[-1][0] == speaker else _zh_turned(clause)
            else:
                parts.append([speaker, clause])
            continue
        subject, said = head
        if subject not in (speaker, ""):
            referent = subject  # "我姐在北京工作，她下个月结婚": the she is the sister
        if parts and parts[-1][0] == subject:
            parts[-1][1] += clause if subject == speaker else said
        else:
            parts.append([subject, said])
    if all(subject == speaker for subject, _ in parts):
        return []
    # each part but the last ends where the next subject begins: a sentence of its own
    return [
        (subject, said if n == len(parts) - 1 else re.sub(r"[，,；;]\s*$", "", said) + "。")
        for n, (subject, said) in enumerate(parts)
    ]


def subjects_of(sentence: str, speaker: str, referent: str = "") -> list[tuple[str, str]]:
    """Each (subject, first-person sentence) ``sentence`` is about; the speaker and the sentence
    as said when it names no one else at its head. It is read clause by clause: a later clause
    that names its own subject ("..., she works at the hospital", "...，我妹也是护士") starts that
    subject's part. A sentence or clause led by he or she (她, 他) is ``referent``'s (the person
    the message spoke of before), or "" (nobody's) without one."""
    found = (
        _zh(sentence, speaker, referent)
        if (re.search(r"[\u4e00-\u9fff]", sentence[:3]) or re.match(_LATIN_NAME_ZH, sentence))
        # (an English line that opens on a Chinese name is read as English: "小周 got a job at ByteDance";
        # one that opens on the speaker's kin stays the Chinese reader's: "我哥 got a job at Google")
        and (
            len(re.findall(r"[A-Za-z]{2,}", sentence)) < len(re.findall(r"[\u4e00-\u9fff]", sentence))
            or re.match(rf"我|(?:{_ZH_OWN_PEOPLE})\s", sentence)
        )
        else _en(sentence, speaker, referent)
    )
    return found or [(speaker, sentence)]


def names_a_person(sentence: str, start: int, end: int) -> bool:
    """Whether the object ``sentence[start:end]`` of a stance is a person one knows, never a taste:
    a relative or a colleague ("I really like my colleague Priya"). A bare capitalised name is left
    alone: "I like Tom, he's funny" and "I love Adele, her voice is amazing" have one shape."""
    return bool(
        re.match(
            rf"(?:my|our|your|his|her|their)\s+(?:{RELATIVES_EN})\b(?!['’])",
            sentence[start:end].strip(),
            re.I,
        )
    )


# a plan named by whose it is: "Grandma's hip op", "小张的论文答辩", "老王的喜酒", "老妈的手术"
_OWNED_EN = re.compile(r"^(?P<owner>[A-Z][a-z]+)['’]s\s+(?P<thing>\S.*)$")
_OWNED_ZH = re.compile(
    rf"^(?P<owner>(?:小|老)[{SURNAMES}]|[{SURNAMES}](?:师傅|老师|总|姐|哥|阿姨|叔叔)|{'|'.join(sorted(RELATIVES_ZH, key=len, reverse=True))})"
    r"的(?P<thing>[\u4e00-\u9fff].*)$"
)


# an occasion of one person's life, by its head word: in Chinese 小 / 阿 + a given name owning it is a
# person ("小美的演出", "阿明的生日派对"), as 小 / 老 + a surname is (English names are left alone: a
# colleague's leaving do is the speaker's plan as much as hers, and a name owns a shop's delivery)
_LIFE_EVENT_ZH = r"(?:生日(?:派对|聚会|宴)?|婚礼|喜酒|订婚宴|派对|演出|演唱会|手术|面试|考试|答辩|毕业典礼|葬礼|航班|体检)$"
_OWNED_NAME_ZH = re.compile(
    # (not a place, a group, a class or a firm, 小区 / 小班 / 阿里, nor a family word, 阿婆 / 小姑 / 小舅)
    rf"^(?P<owner>(?:小|阿)(?![区组孩学时店姨班里婆妈爸哥姐弟妹姑舅叔伯公爷奶嫂])[\u4e00-\u9fff])的(?P<thing>{_LIFE_EVENT_ZH})"
)


def owner_of_thing(value: str, speaker: str) -> tuple[str, str] | None:
    """Whose a plan is, when its name says it, and the plan without them ("Grandma's hip op" ->
    ("<speaker>'s grandma", "hip op"), "老王的喜酒" -> ("老王", "喜酒")), or None: a plan of theirs put
    off or called off is theirs to file, not the speaker's.

    >>> owner_of_thing("Grandma's hip op", "Hannah"), owner_of_thing("小张的论文答辩", "赵伟")
    (("Hannah's grandma", 'hip op'), ('小张', '论文答辩'))
    >>> owner_of_thing("Friday's standup", "Sam") is None, owner_of_thing("Tesco's delivery", "Sam") is None
    (True, True)
    >>> owner_of_thing("老妈的手术", "小王"), owner_of_thing("小区的活动", "小王") is None
    (('小王的妈妈', '手术'), True)
    >>> owner_of_thing("Ella's party", "Sam") is None, owner_of_thing("小美的演出", "小王")
    (True, ('小美', '演出'))
    """
    # (in English only a family's own word for its member: a capitalised name is a shop, a club or
    # a town as often as a person, "Tesco's delivery", "England's match")
    m = _OWNED_EN.match(value.strip())
    if m and m.group("owner") in _EN_KIN_NAMES:
        return f"{speaker}'s {_EN_KIN_NAMES[m.group('owner')]}", m.group("thing")
    m = _OWNED_NAME_ZH.match(value.strip())
    if m:
        return m.group("owner"), m.group("thing")
    # (in Chinese a person by the word's shape, 小 / 老 + a surname or a surname + a title, or a
    # relative, who is the speaker's: "老妈的手术" is 小王的妈妈's; not 老家, 小区, 小组)
    m = _OWNED_ZH.match(value.strip())
    if m:
        owner = m.group("owner")
        return (f"{speaker}的{RELATIVES_ZH[owner]}" if owner in RELATIVES_ZH else owner), m.group("thing")
    return None


# a family word in Chinese after an English possessive: the English word for it
_KIN_ZH_EN = {
    "奶奶": "grandma",
    "外婆": "grandma",
    "姥姥": "grandma",
    "爷爷": "grandpa",
    "外公": "grandpa",
    "姥爷": "grandpa",
    "妈妈": "mum",
    "老妈": "mum",
    "妈": "mum",
    "爸爸": "dad",
    "老爸": "dad",
    "爸": "dad",
    "老公": "husband",
    "老婆": "wife",
    "姐姐": "sister",
    "妹妹": "sister",
    "哥哥": "brother",
    "弟弟": "brother",
    "儿子": "son",
    "女儿": "daughter",
    "表哥": "cousin",
    "表姐": "cousin",
    "表妹": "cousin",
    "表弟": "cousin",
    "堂哥": "cousin",
    "堂姐": "cousin",
    "婆婆": "mother-in-law",
    "公公": "father-in-law",
}
_KIN_ZH_IN_EN = re.compile(
    rf"\b(?P<det>[Mm]y|[Hh]is|[Hh]er|[Oo]ur|[Tt]heir)\s*(?P<kin>{'|'.join(sorted(_KIN_ZH_EN, key=len, reverse=True))})"
    r"(?![\u4e00-\u9fff])"
)


def kin_zh_in_en(text: str) -> str:
    """``text`` with a family word in Chinese after an English possessive read as the English one
    ("my 奶奶 is 92" -> "my grandma is 92"), so the line's person is filed as the English line's is.

    >>> kin_zh_in_en("my 奶奶 is 92 and still beats everyone")
    'my grandma is 92 and still beats everyone'
    """
    return _KIN_ZH_IN_EN.sub(lambda m: f"{m.group('det')} {_KIN_ZH_EN[m.group('kin')]}", text)
