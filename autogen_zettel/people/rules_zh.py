"""Chinese rules of :func:`~autogen_zettel.people.evidence.extract_layers`, one sentence at a time.

Chinese marks no tense: a promise is a first-person sentence with a promising word (会, 来,
负责, 保证, 答应, 一定) or a future time word (明天, 下周五, 3月5日) before an action verb, and
neither a completed aspect (了, 过) nor a stance verb. Names of third persons are 小X / 老X or
a common surname with one or two characters.
"""

from __future__ import annotations

import re
from datetime import datetime

from autogen_zettel.people.evidence import Evidence
from autogen_zettel.people.general import (
    POINTING_ZH,
    ZH_AWAY,
    ZH_DEADLINE,
    ZH_MOVE_TO,
    ZH_NEED_BA,
    ZH_NOT_A_HOME,
    ZH_RECEIVED_REPORTED,
    ZH_STAY,
    ZH_TIME,
    ZH_WISH,
    booking_returned_zh,
    comparison_beside_zh,
    status_zh,
    time_after_dropped_zh,
    time_dropped_zh,
)
from autogen_zettel.people.subjects import SURNAMES, ZH_NOT_A_NAME, ZH_PET_NAME
from autogen_zettel.people.topics import category_of, clean_topic, listed_zh, same_topic, topic_of
from autogen_zettel.text.due import due_date
from autogen_zettel.text.zh_places import is_place

__all__ = ["extract", "head_time", "names_an_act", "offer_topic"]

# a name's given part is no pronoun or particle ("钱我已经转给你了" is money, not a Mr Qian; "周报明早交"
# a report, not a Mr Zhou)
_NAME = rf"(?P<name>[小老][{SURNAMES}]|{ZH_NOT_A_NAME}[{SURNAMES}](?:(?![我你他她们的了是在说把已都])[\u4e00-\u9fff]){{1,2}}?)"
_TIME_RE = re.compile(ZH_TIME)
# (于 is the written 在: "我会于本月25日前…")
_BEFORE = re.compile(rf"(?:在|于)?{ZH_TIME}+(?:之前|以前|前|之内|内)?")
_MODAL = r"(?:会|来|负责|保证|答应你?|承诺|一定|肯定|马上|尽快|去|要)"
_STRONG = r"(?:会|来|负责|保证|答应你?|承诺|一定|肯定)"
_ACTION = (
    # 发 as "send", not 发 + a state of the body (发烧, 发胖, 发炎)
    "发(?![烧胖炎呆抖愁冷热火芽])|寄|交|做|写|打|订|买|修|接|还|送|带|改|回复|完成|准备|整理|检查|付|请|帮|搬|拿|办|提交|安排|联系|处理|"
    # (将 is the written 把, "将报销单据整理完毕", not 将来 / 将近)
    "看一下|问|给|把|将(?![来近军])|预约|取|洗|打扫|报价|确认|安装|通知|"
    # 转 as "transfer" (转钱, 转给你), not a change of school, trade or direction
    "转(?!学|行|业|正|身|弯|到|去|了)|"
    # 退 as giving money or a thing back ("押金我退给你", "退钱", "那件外套退货了"), not 退休, 退出, 退房;
    # or after what is given back ("押金退了", "定金已经退了"), not a fever, a flood or a rash going
    # down, nor leaving a group
    "退(?=给|还|回|钱|款|押金|货)|"
    "(?:(?<=押金)|(?<=定金)|(?<=订金)|(?<=钱)|(?<=款)|(?<=票)|(?<=货)|(?<=衣服)|(?<=鞋)|(?<=房租)|(?<=租金)|(?<=把)"
    "|(?<=金已经)|(?<=钱已经)|(?<=款已经))退(?!休|出|群)|"
    # 陪 (go along with someone) is an act one takes on: "我下周三陪你去复查"
    "陪|"
    # a finishing verb is an act too: "报表我周五前搞定"
    "搞定|解决|弄好|弄完|"
    # putting a thing back or where it is wanted delivers it: "tripod放回你工位了" (not 放心, 放假),
    # the addressee's place said at once: "钥匙我明早放你家门口"
    "放(?=回|到|在|进|你|您)|"
    # any one verb that hands its thing to the addressee: "发票我这两天开给你", "图我晚上画给你"
    # (not 是 / 的 / an adverb before 给你: "这是给你的", "都给你")
    "(?![是的也都就还不没要想会能给])[\u4e00-\u9fff](?=给(?:你|您))"
)
_STANCE_WORDS = re.compile(r"喜欢|讨厌|爱|受不了|感兴趣|觉得|想想|认为|希望")
_PAST = re.compile(r"过(?![来去])|了[。！!，,]?$|已经|刚才|昨天|去年|上个?月|上周")
# a time may be narrowed by an event it comes before or after ("明天下班前", "周五开完会后")
_FIRST = re.compile(
    rf"^(?:{ZH_TIME}+(?:之内|以内|内|之前|以前|前)?(?:(?:(?!我)[\u4e00-\u9fff]){{1,3}}?(?:之前|以前|前|之后|以后|后))?)?[，,]?\s*我们?(?P<rest>.+)|^(?P<rest2>(?:{ZH_TIME})+(?:之前|以前|前)?[，,]?\s*(?:[A-Za-z][A-Za-z0-9]{{0,5}}\s*)?(?:{_MODAL})*(?:{_ACTION})"
    # (not the head of a thing 我 acts on after it: "下周一报价单我发你" is read as a topic first)
    rf"(?!(?:(?!我)[\u4e00-\u9fffA-Za-z]){{0,6}}我们?(?:{_MODAL})*(?:{_ACTION})).+)"
)
# "我一定到", "婚礼我准时到": being there, taken on by a promising word (the act is the attending)
_ATTEND = re.compile(rf"(?:{_STRONG}|准时|按时)+(?P<go>到场?|来|去|参加|出席)[！!。~～]*$")
# "饮料我包了", "这顿我请了": a thing claimed as one's own charge
# (or taken charge of: "周一例会的PPT我负责", "这块我来负责吧")
_PLEDGED = re.compile(r"(?:(?:全|都)?(?:包|请)(?:了|啦)?|(?:来)?负责(?:吧|哈|啦)?)[！!。~～]*$")
# "幕布我来借", "钱我来出", "投影仪我去借": the thing first, then 我来 (or 我去) and a bare verb that
# closes the clause - the verb is taken on, whatever verb it is (a 了 after it, "这次我来晚了", tells
# what happened)
_VOLUNTEERED = re.compile(
    r"(?:就|先)?[来去](?P<v>(?:(?![了过着])[\u4e00-\u9fff]){1,2}?)(?:吧|哈|呀|啦)?[。！!~～]*"
    # (or a clause of reassurance to the hearer after it: "报名的事我来弄，你别管了")
    r"(?:$|[，,]\s*(?:你|您)(?:就|也)?(?:别|不用|放心|安心)[^，,。]*[。！!~～]*$)"
)
# an act with no thing of its own closing the clause ("改", "发给你", "马上发你"): what it acts on is
# the topic before 我
_BARE_ACT = rf"(?:{_MODAL})*(?:再|先)?(?:{_ACTION})(?:给)?(?:你|您)?(?:吧|哈|呀|啦)?[。！!~～]*$"
# (a terse line may name the place by its code between the time and the act: "明早9点 T2 接你")
# the thing first, then who does it ("PPT我来做", "报价单明天上午我发给你", "车我来开"): a topic of
# at most six characters or letters, no person or time, before 我 (我们 when a time or 将 / 会 follows:
# "相关材料我们将于周五前整理完毕")
_TOPIC_FIRST = re.compile(
    # the thing may be set by the day it is for ("周日的烧烤我带炭") or be the addressee's ("你那本《三体》我下周还你")
    # or by the day and the event it is for, with no 的, when only a bare verb taken on follows ("周六
    # 聚餐饮料我来带", "今晚PPT我改", "明天会议纪要我发给你"; in "周六聚餐我带酒" the act has its own
    # thing and 聚餐 is no thing); the time after the thing may be a deadline ("体检报告下下周三之前我拿给你")
    rf"^(?:(?:{ZH_TIME})+的|(?P<bare_day>(?:{ZH_TIME})+)|(?:你|您)的?(?:那|这)?[本个张份件台部把只辆]?)?"
    # (a thing named in English words may hold spaces: "meeting notes我待会发大家")
    rf"(?P<obj>(?!{ZH_TIME})(?:这个|那个)?(?:[A-Za-z\u4e00-\u9fff《》]{{1,8}}?|[A-Za-z][A-Za-z ]{{1,24}}?[A-Za-z]))(?:(?:{ZH_TIME})+(?:之前|以前|前)?)?[，,]?\s*我(?:们(?=将|会|(?:{ZH_TIME})))?(?!们|的|也|都|觉得|想|在)"
    rf"(?(bare_day)(?={_VOLUNTEERED.pattern}|{_BARE_ACT}|{_PLEDGED.pattern}))(?P<rest>.+)"
)
# a time with 前 after it and an act of any verb: "周五前审核完毕" (a deadline; not "周五前的那个会",
# nor a state that lasts till then: "明天之前都在家")
_BY_TIME_ACT = rf"(?:{ZH_TIME})+(?:之前|以前|前)(?!的|[都也还就在是有没不])[\u4e00-\u9fff]{{2}}"
# an event waited for, its 了, then 就 / 再: "发了工资就转你", "年终奖发了就还你", "等忙完了再改" - it sets
# when the act is done, as a time does
_ONCE = re.compile(
    r"(?:等|一)?(?:(?![了，,])[\u4e00-\u9fff]){1,5}?了(?:(?![了，,])[\u4e00-\u9fff]){0,3}?(?:就|再)(?=[\u4e00-\u9fff])"
)
# how, when convenient or how much of a thing an act moves, said before its verb: "钱我晚点微信转你",
# "用支付宝付", "这两天我抽空把书还你", "全部寄出去"
_MEANS = r"(?:(?:用|拿|走)?(?:微信|支付宝|邮件|邮箱|快递|顺丰|短信|电话)|抽空|抽时间|全部|全都|一起)"
# (会 not among them: "看恐怖片我会做噩梦" foresees, promises nothing)
_TOPIC_ACT = re.compile(
    # (会在 / 在 before a time too, as the formal 将于 reads once normalised: "材料我们将于周五前整理完毕")
    # (去 too: "横幅我去打印", "场地我负责去订" - the going to do it is taken on, as 来 is)
    # (the act may be said with its channel or its whole before it: "钱我月底前微信转你", "请柬我周五前全部寄出去")
    rf"(?:(?:会在|在)(?={ZH_TIME}))?(?:{ZH_TIME}|之前|以前|前)*(?:来|负责|马上|保证|一定|肯定|去)*(?:再|先)?{_MEANS}?(?:{_ACTION})|{_ATTEND.pattern}|{_PLEDGED.pattern}"
    # (an act bound to a deadline, whatever its verb: "合同我们将于周五前审核完毕")
    # (or with no 在, the deadline right after 我: "合同我下周二之前签好寄回去")
    rf"|(?:会在|在)?{_BY_TIME_ACT}"
)
# "零食饮料交给我", "订票的事包在我身上": the thing first, then left in the speaker's charge
_LEFT_TO_ME = re.compile(
    r"^(?P<obj>(?![我你他她它这那])[\u4e00-\u9fffA-Za-z]{1,8}?)(?:的事儿?)?(?:就|都|全)?(?:交给|包在)我(?:身上)?"
    r"(?:了|吧|啦|哈)?[！!。~～\s]*$"
)
_THIRD = re.compile(rf"^{_NAME}(?:说(?:他|她)?|答应(?:我们?)?|保证|承诺|表示(?:他|她)?)?(?P<rest>.+)")

# the English verbs of office work said inside a Chinese line ("代码push了", "PR merge了")
_OFFICE_VERBS_EN = r"push|commit|merge|upload|submit|deploy|email|print|book|update|ship|release|post|sync"
_DONE = re.compile(
    # (an English verb said in a Chinese line is a verb too when 好 / 完 closes it: "update好了")
    # (or after 已经, its place after it in either script: "notes已经upload到drive了")
    rf"(?P<obj>[\u4e00-\u9fff]{{0,6}}?)(?:已经|都)?(?:{_ACTION}|搞定|弄|完成|办|[A-Za-z]{{3,}}(?=好|完)|(?<=已经)[A-Za-z]{{3,}})"
    r"(?:[\u4e00-\u9fff]|(?<=[到给在进])[A-Za-z]+){0,3}?"
    # (过 after the act, "复查陪你去过了": it has been done)
    r"(?:好|完|过去|出去|掉|去过|过)?了[。！!，,]?$|^搞定了?[。！!]?$|^弄好了|^完成了|^已(?:发|寄|交|付|订|办)"
    # (the thing, then 已 and the act, the written "done": "周报已发", "材料已交")
    r"|^(?:(?![我你他她])[\u4e00-\u9fffA-Za-z]{1,8}?)已(?:发|寄|交|付|订|办|转|还|提交)(?:出去?|好|完)?[\u4e00-\u9fff]{0,4}?[。！!~～]*$"
    # (an English verb of the office said done with 了: "代码push了", "PR merge了")
    rf"|(?:{_OFFICE_VERBS_EN})(?:好|完)?了[。！!~～]*$"
    # the written passive: done already by the hand named ("样品已由顺丰发出", "款项已经财务付清")
    rf"|已(?:由|被|经)[\u4e00-\u9fffA-Za-z]{{1,6}}?(?:{_ACTION})"
)
_CANCEL = re.compile(
    r"不用了|不需要了|算了|取消|^(?:先|就|还是)不(?:订|买|去|做|发|寄|改|要|用)[\u4e00-\u9fff]*了|^不用[\u4e00-\u9fff]{1,6}了|就?不要了|别(?!(?:提|说|哭|急|闹|笑|气|怕|担心|客气|逗|瞎说|开玩笑|问|管|操心|劝|多想|想多)了)(?P<a>[\u4e00-\u9fff]{1,6})了|(?P<b>[\u4e00-\u9fff]{1,6})不用"
    r"[\u4e00-\u9fff]{0,3}了|^不(?:订|买|去|做|发|寄|改|要)[\u4e00-\u9fff]*了|没必要了|不必了"
    # a plan moved to later is off for its day: "团建推迟到下个月了", "婚礼改期了"
    r"|^(?:我们?的?)?(?P<p>(?![我你他她])[\u4e00-\u9fff]{1,6}?)(?:被|又|要|得)?(?:推迟|延期|延后|改期|往后推|推后|顺延)"
)

_STANCE = re.compile(
    # (when one does it, habitually: "我周末最喜欢睡懒觉", "我平时爱喝茶")
    # (or the time it changed, with no 我: "膝盖受伤以后就不喜欢跑步了")
    r"(?:我(?:们)?|(?<=以后)|(?<=之后)|(?<=后来)|(?<=从此))(?:现在|其实|一直|也|还是|还|真的|本来|以前|之前|原来|最近|开始|越来越|都|已经|渐渐"
    r"|平时|平常|周末|晚上|早上|每天|一般|下班后?|从来|向来|一向|就)*(?P<neg>不太|不怎么|没那么|不再|不是(?:很|太|特别|那么)?|不)?"
    r"(?P<adv>很|挺|特别|非常|最|超|真|比较|蛮|更)?(?P<verb>喜欢|热爱|爱上了?|爱|讨厌|受不了|偏爱)(?P<si>死)?"
    # (an aspect particle right after the verb is no thing: "我真的爱了爱了", "喜欢过他"; 过年 is one)
    # (a thing may be named in Latin letters, a name of two or three words whole: "我还是更爱刷B站",
    # "我女儿超爱Taylor Swift"; a person is no taste: "我不是很喜欢他", "我很喜欢我老板")
    r"(?:吃|喝|看|听|玩|去)?(?:我的)?(?P<obj>(?!了|着|过(?:[他她你我它一]|$)|(?:[他她你它]们?|我们(?:小组|组|团队|班|部门)?|我(?:的)?(?:老板|领导|同事|老公|老婆|妈|爸|男朋友|女朋友|对象))(?:[。！!，,~～]|$))[\u4e00-\u9fffA-Za-z]{1,8}(?:\s[A-Z][A-Za-z]+){0,2})"
)
_DROPPED_WO = re.compile(
    r"([，,；;]\s*(?:但是?|可是?|不过|而且|并且|同时|所以|因此)?\s*)"
    r"(?=(?:也|还|却|更|倒是)?(?:不太|不怎么|不)?(?:很|挺|特别|非常|最|超|真|比较|蛮)?(?:喜欢|热爱|讨厌|受不了|偏爱))"
)
_NOW_NOT = re.compile(r"[，,]\s*(?:但是?|可是?|不过)?现在(?:我)?(?P<neg>不太|不再|不|没那么)?(?:喜欢|爱)了?")
# a thing tried, then the speaker won over by it (真香, 上头, 入坑 are chat's "now I love it")
_WON_OVER = re.compile(
    r"(?:吃|喝|看|听|玩|追|试|尝|用)了?(?:一次|一下|一口|几次|几口|几部|几集|一部|一集|两集|几个|一个|几局)?"
    r"(?P<o>(?![我你他她它这那])[\u4e00-\u9fffA-Za-z]{1,6}?)[，,！!~～]\s*(?:现在|已经|彻底|直接|结果)?"
    r"(?:真香|上头了|入坑了|爱上了|停不下来了)"
    r"|(?:^|(?<=[，,！!]))\s*(?P<o2>(?![我你他她它这那])[\u4e00-\u9fffA-Za-z]{1,6}?)(?:是)?真香"
    # fallen for it ("吃过一次就爱上榴莲了"), or for the thing judged badly before ("原来觉得榴莲臭，吃过
    # 一次就爱上了"); not a person ("爱上他了", "爱上一个人")
    r"|(?:就|一下子|彻底|直接|瞬间|慢慢|竟然|居然)?爱上(?:了)?(?P<o3>(?![我你他她它这那一])[\u4e00-\u9fffA-Za-z]{1,6}?)?了"
)
# what was judged before a thing fallen for named none ("原来觉得榴莲臭，…就爱上了")
_JUDGED_BEFORE = re.compile(
    r"(?:觉得|嫌)(?P<o>(?![我你他她它这那])[\u4e00-\u9fffA-Za-z]{1,4}?)(?:很|挺|好|太|特别|有点)?(?:臭|难吃|难喝|恶心|怪|奇怪|无聊|一般|幼稚|吵)"
)
# never again: "再也不点抹茶了", "喝腻了，再也不买了" (the thing before when none follows)
_NEVER_AGAIN = re.compile(
    r"再也不(?!用)(?:想)?(?:点|买|吃|喝|去|看|玩|碰)(?P<o>(?![我你他她它这那])[\u4e00-\u9fffA-Za-z]{1,6}?)?了"
)
# a place or a dish judged middling or worse after its name ("小李推荐的那家烤肉，一般般吧", "这家火锅一般般，
# 下次不来了", "那家川菜馆踩雷了")
_MIDDLING = re.compile(
    r"^(?:[\u4e00-\u9fffA-Za-z]{1,4}?(?:推荐|说|安利)的)?(?:那家|这家|新开的)*(?P<o>(?![我你他她它这那])[\u4e00-\u9fffA-Za-z]{1,6}?)"
    r"[，,]?\s*(?:真的|也就|感觉|其实|吃起来|说实话)?(?:一般般|很一般|太一般了|就那样|不怎么样|踩雷了|踩坑了|拉胯|拉垮)"
)
# what a middling verdict judges as a taste: a place or a dish named as one (那家 / 这家, or its head
# word), or a thing someone recommended - not a skill, a wage or one's looks ("英语一般般", "工资一般般")
_MIDDLING_THING = re.compile(
    r"^(?:[\u4e00-\u9fffA-Za-z]{1,4}?(?:推荐|说|安利)的|那家|这家|新开的)"
    r"|(?:店|馆|餐厅|饭店|火锅|烤肉|烧烤|菜|面|粉|饭|剧|电影|片子|书|酒店|咖啡|奶茶|蛋糕|甜品|小吃|外卖|自助|日料|西餐|"
    r"披萨|汉堡|寿司|酒吧|民宿|景点|乐园|综艺|演唱会|话剧|游戏)(?=[，,]?\s*(?:真的|也就|感觉|其实|吃起来|说实话)?(?:一般|很一般|太一般|就那样|不怎么样|踩|拉))"
)
# a question whether one has tried a thing ("那家新开的川菜馆去过没？", "那部剧你看了吗？"), and a verdict
# with no thing of its own that answers it ("去了，踩雷了，难吃得要死")
_TRIED_ASKED = re.compile(
    r"(?:那家|这家|新开的|那个|那部|这部|那本|这本)*(?P<o>(?![我你他她它这那])[\u4e00-\u9fffA-Za-z]{1,6}?)(?:你)?"
    r"(?:去过|吃过|试过|看过|喝过|玩过|听过|看了|去了|吃了)(?:了)?(?:没|吗|没有|不)?\s*[？?]"
)
_BARE_VERDICT_ZH = re.compile(
    r"(?P<down>踩雷|踩坑|难吃|难喝|一般般|很一般|不好吃|不好喝|不怎么样|拉胯|拉垮|无聊|难看|失望|不推荐|别去)"
    r"|(?P<up>好吃|好喝|绝了|太棒|不错|好看|推荐|yyds|真香|超赞|惊艳)"
)
# a thing, then how it tastes to the speaker (its degree words as chat spells them: 灰常 for 非常)
_TASTES_ZH = re.compile(
    r"(?:^|(?<=[，,。！!~～\s]))(?:现在|其实|说实话|讲真)?(?P<o>(?![我你他她它这那一看坐晕闻想刷])[\u4e00-\u9fffA-Za-z]{2,6}?)"
    r"(?:我)?(?:真的|其实|原来|实在|简直|是|也|就|都|一点儿?|越来越)*(?:太|好|很|非常|灰常|超|超级|特别|挺|巨|贼|这么|那么|真|有点)?"
    r"(?:(?P<down>难吃|难喝|不好吃|不好喝|齁|恶心)|(?P<up>好吃|好喝))"
    r"(?:了|啊|呀|的|死了|得要命|得要死|爆了|哭了)?(?:[，,。！!~～\s]|$)"
    # (or made sick by eating it now: "现在吃日料就反胃")
    r"|(?:^|(?<=[，,。！!~～\s]))(?:我)?(?:现在|最近)?(?:一)?(?:吃|喝)(?P<o2>(?![我你他她它这那了多啥药])[\u4e00-\u9fffA-Za-z]{1,6}?)就(?:反胃|想吐|恶心)"
)
# what a taste verdict names that is no dish: a day, a time, a place alone ("这次", "那家"), a
# negation, a report or a question read as the thing ("不好吃", "宝宝说药", "好不好吃"), or a sense's
# trigger left to its own rule ("一看到蟑螂我就恶心", "烟味我一闻就想吐")
_NOT_A_DISH_ZH = re.compile(
    r"^(?:今天|昨天|这次|那次|上次|这顿|那顿|这里|那里|这家|那家|食堂)|[不没别我又也还说了啥吗么哈]|^一|顿$"
    r"|^(?:其实|真的|感觉|觉得|现在|最近|讲真)$"
)
_TIRED = re.compile(
    # ("太腻了", "好腻啊": a degree word before 腻 judges a dish too rich, it names no thing one is tired of)
    # (or sick of it from too much: "最近火锅吃伤了")
    r"(?:对)?(?:最近|这阵子|这段时间)?(?<![昨前今上那这])(?P<o>(?![我你他她它]|昨晚|昨天|前天|上次|今天|那次|这次)[\u4e00-\u9fff]{1,6}?)(?<![太好真很挺超点])(?:我)?(?:已经|都)?(?:(?:吃|喝|看|听|玩)?腻|(?:吃|喝)伤)了"
    r"|我(?:已经)?(?:吃|喝|看|听)腻了(?P<o2>)"
)
_WANT_NOT = re.compile(
    r"我?(?:最近|现在|今天|今晚|暂时)?(?:不太|不)想(?:吃|喝|去|看|要|点)(?P<o>[\u4e00-\u9fff]{1,6})"
)
# (a person is no taste: "我最爱的人是我妈")
_FAVOURITE = re.compile(r"最(?:喜欢|爱)的(?!人)[\u4e00-\u9fff]{1,4}是(?P<obj>[\u4e00-\u9fff]{1,6})")
# "我对足球不感兴趣", "我对足球没(有)兴趣", "我对足球一点兴趣都没有", "我对足球完全没兴趣"
_INTEREST = re.compile(
    r"我对(?P<obj>[\u4e00-\u9fff]{1,6}?)(?:完全|根本|真的|实在|已经|一直|再也|都|也)*(?:(?P<neg>不|没有?|没(?:什么|啥)|一点(?:都|也)?不)(?:很|太|怎么)?|(?:很|非常|特别|挺))?"
    r"(?:一点)?(?:感兴趣|有兴趣|兴趣)(?P<none>(?:都|也)没有?|不大|不高)?"
    # (no feeling for it, 无感 / 没感觉: "我对日料无感")
    # (not a feeling of the body: "我对疼痛没什么感觉")
    r"|我对(?P<obj2>(?![^，,。]*?[疼痛冷热累饿困痒])[\u4e00-\u9fff]{1,6}?)(?:完全|根本|真的|实在|一直|都|也)*"
    r"(?P<none2>无感|没(?:啥|什么)?感觉)"
)
_NOT_EAT = re.compile(
    # a day or a span may lead ("今天不喝奶茶了"); the 我 may be dropped after it
    r"^(?:(?:今天|今晚|明天|这周|这几天|最近|这阵子)(?=我?不|我?再也))?"
    r"(?:我(?:现在)?(?:已经)?|我?再也|(?<=[天晚周子近]))不(?P<verb>吃|喝|抽)(?P<obj>[\u4e00-\u9fff]{1,5}?)(?P<le>了)?[。！!]?$"
)
_OFFER = re.compile(
    # "要不要帮你也买一张演唱会的票？": who for, 也, the verb and a measure word before the thing
    r"要不要(?:帮你|给你|替你)?(?:也|再)?(?:点|去|吃|喝|看|来|订|加|买|带|留|尝尝|试试|看看|听听|尝一下|试一下)?"
    r"(?:一?[张杯份个碗瓶套])?(?:这个|那个|这家|那家|这款|这道)?"
    r"(?P<a>[\u4e00-\u9fff]{1,8}?)(?:的门?票)?[？?吗呢]|"
    r"(?:去|吃|喝|来|订)?(?P<b>[\u4e00-\u9fff]{1,8}?)怎么样|给你来(?:杯|份|个|点)?(?P<c>[\u4e00-\u9fff]{1,6}?)吧|"
    r"要(?:喝点|吃点|加|点|来点)?(?P<d>[\u4e00-\u9fff]{1,6}?)吗"
)
# "去不了，腿还疼": a can't-V at the head of the answer turns the invitation down, whatever the reason
_REFUSE = re.compile(
    # "谢谢，不用": thanks before the no
    r"^(?:(?:谢谢|谢啦|多谢)[，,]?\s*)?(?:不要|不了|不用|不想|算了|别|我不要|我不想|不行|不必|不，|不,)"
    r"|^(?:我|可能|估计|恐怕|这次|今天|今晚|周末)*(?:去|来|参加|赶|过)不(?:了|成)(?![\u4e00-\u9fff]{0,4}[吗呢？?])"
    # the reason first, the can't closing the answer: "要值班，去不了"
    r"|[，,]\s*(?:我|可能|估计|恐怕|这次|就|实在)*(?:去|来|参加|赶|过)不(?:了|成)了?[。！!~～]*$"
    # a no to more of it closing the answer ("pizza上周吃吐了，不想再吃")
    r"|[，,]\s*(?:我)?(?:真的|实在)?不想再(?:吃|喝|去|看)了?[。！!~～]*$"
)
_ACCEPT = re.compile(
    # (要 alone or before a measure word: "要加班" is a have-to, "要不了" a can't)
    # (and the chat's own yeses, "好滴", and "要得" (Sichuan), "得嘞", "走起" alone or before a clause
    # that takes nothing back: not "得嘞，下次吧", "走起，可惜我这周出差", "走起路来有点疼")
    r"^(?:好啊|好的|好呀|好滴|好|行|可以|没问题|就这么定|就|来一?[杯份个碗瓶罐盘块]|要(?=[！!~～。，,\s]|$|要|一?[杯份个碗瓶罐盘块])"
    r"|(?:要得|得嘞|走起)(?=[！!~～。\s]*$|[，,！!~～\s]+(?![^，,]*(?:不|没|下次|改天|可惜|但|出差|忙))))"
    # claiming it: "我要！", "给我留一块", "我来一个"
    r"|^我(?:要|来)(?:一?[杯份个碗块])?(?=我要|[！!~～。，,\s]|$)|^给我(?:留|来)?一?[杯份个碗块]"
)

_FACTS = (
    (
        "residence",
        re.compile(
            r"(?<!以前)(?<!之前)(?<!原来)(?<!过去)(?P<verb>住在|搬到了?|搬去了?|定居在?|搬家到)(?P<v>[\u4e00-\u9fff]{2,5}?)"
            # (a 住 after the place is the living there, no part of it: "我搬去杭州住了")
            r"(?:了|啦|喽|咯|市|。|，|！|!|$|去了|住)"
        ),
    ),
    (
        "employer",
        re.compile(
            r"我(?:现在|目前)?在(?!想|考虑|找|等|忙|犹豫|琢磨|纠结|准备|打算)(?P<v>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:工作|上班|任职|实习)(?!过)"
            # (nor the work of someone the clause goes on to name: "我在Meta上班的朋友说…")
            r"(?!的[\u4e00-\u9fffA-Za-z])"
            # ("我在华为工作过": 过 after the verb tells a place of work once, now left)
        ),
    ),
    (
        "name",
        re.compile(
            r"我(?:叫(?!了|着|醒|错|上(?!官)|过(?:他|她|你|我|了))|的名字是|名叫)(?P<v>[\u4e00-\u9fff]{2,4})"
            # "叫我小雨就行": what one asks to be called, the name closed by 就行 / 吧 (not an act: "叫我起床")
            r"|(?:^|[，,]|你|你们|大家|都|就|直接|可以)叫我(?P<v2>(?![起吃去来过回下上出进一帮])[\u4e00-\u9fffA-Za-z]{1,6}?)"
            r"(?:就行|就好|就可以|就成|吧|好了)"
        ),
    ),
    (
        "hometown",
        re.compile(
            r"我(?:老家|家乡)(?:是|在)(?P<v>[\u4e00-\u9fff]{2,5}?)(?:的|人|。|，|$)|我来自(?P<v2>[\u4e00-\u9fff]{2,5})"
        ),
    ),
    ("age", re.compile(r"我今年(?P<v>[0-9一二三四五六七八九十]{1,4})岁")),
    ("allergy", re.compile(r"我对(?P<v>(?![这那])[\u4e00-\u9fff]{1,5}?)过敏")),  # (not "对这个方案过敏")
    # (not a stance on the keeping: "我妈不喜欢我养狗")
    (
        "pet",
        re.compile(
            r"(?<!喜欢)(?<!讨厌)(?<!反对)(?<!不让)(?<!不准)(?<!不同意)(?<!受不了)(?<!嫌)我(?:家)?养了?(?:一只|一条|两只|只|条)?(?P<v>猫|狗|小猫|小狗|鹦鹉|兔子|仓鼠|金鱼)"
        ),
    ),
)
_JOBS = re.compile(
    r"我(?:现在)?是(?:一名|一个|一位|名)?(?P<v>老师|医生|护士|工程师|程序员|设计师|律师|学生|会计|厨师|司机|"
    r"作家|记者|警察|教授|研究员|经理|销售|翻译|画家|演员|歌手|建筑师|药剂师|兽医|飞行员)"
    # (the trade's word whole, not the head of a longer noun: "我是学生会的", "我是老师的学生")
    r"(?=[了啊呀哦呢嘛啦吧哈嘞，。！,!；;~～\s]|$|的(?:[，。！,!；;~～\s]|$))"
)
# "我爸退休了", "我终于退休啦": a job that ends in no other job (a plan to retire is not yet one)
_RETIRED = re.compile(
    r"我(?:已经|终于|刚|刚刚|正式|也|去年|前年|今年|上个?月|早就|早)*退休(?:了|啦)"
    # (the 我 dropped at a clause's head, a past time or 刚 before it: "上个月刚退休", "去年正式退休的";
    # "今年退休" with no 了 is still to come)
    r"|(?:^|(?<=[，,。！!\s]))(?=[^，,。！!]*?(?:已经|终于|刚|正式|早就|去年|前年|上个?月|退休(?:了|啦|的)))"
    r"(?:已经|终于|刚|刚刚|正式|去年|前年|今年|上个?月|早就)+退休(?:了|啦|的)?(?![\u4e00-\u9fff])"
)
# out of work, or at home by choice: "我在家待业呢", "最近没工作", "目前失业中", "我辞职在家当全职妈妈"
_NO_WORK = re.compile(
    # (said of oneself at the clause's head: not "今天我没工作" or "周六我没工作", a day off, nor "他说我没工作")
    r"(?:^|(?<=[，,。！!\s]))我?(?:现在|目前|最近|暂时|还)*(?:在家)?(?:待业|失业|赋闲|没(?:有)?工作)(?:中|了|呢|啦|在家)?(?![\u4e00-\u9fff])"
)
# (not a wish: "我想当全职妈妈", "以后不想当全职主妇")
_AT_HOME = re.compile(
    r"(?<![想要望算不])(?:当|做|是)(?:一名|一个|个)?(?P<v>全职(?:妈妈|爸爸|太太|主妇)|家庭主妇|家庭主夫)"
)
_DIET = re.compile(r"我(?:现在)?(?:吃素|是素食者|是素食主义者|吃全素)")
_RESTRICT = re.compile(
    # "我把烟戒了": 把 puts the thing before the verb that quits it
    r"我(?:已经|现在)?(?:戒(?P<a>酒|烟|咖啡|糖)了?|不(?:再)?(?P<b>喝酒|抽烟|吸烟|喝咖啡)(?P<le>了)?"
    r"|(?:已经|终于)?把(?P<c>酒|烟)(?:给)?戒(?:掉)?了)"
    r"|^(?P<d>酒|烟)我?(?:已经|早就|早|都)?戒(?:掉)?了"  # "烟我戒了": the thing said first
)
_LIFT = re.compile(r"我(?:又|重新)?开始(?P<a>喝酒|抽烟)了?|我又(?P<b>喝酒|抽烟)了")
_AFFIRM = re.compile(r"^(?:对|是的|没错|对的|嗯|是啊|确实)")


def _zh_num(text: str) -> str:
    from autogen_zettel.text.due import zh_int

    n = zh_int(text) if not text.isdigit() else int(text)
    if n is None and len(text) == 3 and text[1] == "十":
        n = zh_int(text)
    return str(n) if n is not None else text


def _clean_obj(obj: str) -> str:
    obj = re.split(r"[，,。！!？?]|了$|的$", obj)[0]
    # "那种东西", "这些": a pointing word names no thing (the offer answered may, read elsewhere)
    if obj in ("这", "那") or POINTING_ZH.fullmatch(obj):
        return ""
    # "这家的火锅", "我家猫": the thing, not whose or which one it is
    obj = re.sub(
        r"^(?:(?:这|那)(?:家|个|种|款|部|首|本|位)的?|我(?:们)?家的?|我的)(?=[\u4e00-\u9fff]{2})", "", obj
    )
    # "我做的酸菜鱼": who made it is no part of the thing
    obj = re.sub(
        r"^(?:我们?|你|自己|我妈|我爸)(?:亲手|自己)?(?:做|煮|烤|炒|包|泡|调|烧)的(?=[\u4e00-\u9fff]{2})",
        "",
        obj,
    )
    if obj.startswith("的") or obj in ("那是", "这是", "那", "这"):
        return ""  # "是我最喜欢的运动": what follows 的 names a kind; "那是…": no thing named
    return clean_topic(obj)


# "剩的蛋糕你要不要带走？": the thing said first, the verb after 要不要 only takes it away
_FRONTED_OFFER = re.compile(
    r"^(?:剩的|剩下的|多的|多出来的|这些|那些|这个|那个)?(?P<o>[\u4e00-\u9fffA-Za-z]{1,6}?)(?:你们?|大家)?要不要"
    r"(?:带|拿|打包|装)(?:回去|回家|走|过去|上)"
)
# "桌上还有两块蛋糕，谁要？": a thing left out for the taking, then who wants it
_LEFT_OUT_OFFER = re.compile(
    # ("我这多了一张演唱会的票，要不要？": one too many, the ticket for the show)
    # (one too many of it got, whatever the getting: "我多订了一张周六的话剧票，你要不要？")
    r"(?:还剩下?|还有|剩下了?|剩了?|(?<=[上里边])有|多了|多出来?了?|多(?![少久])[\u4e00-\u9fff]了)(?:半|一|两|几|些|点)?[个块份瓶杯盒袋碗片串只根包罐张]?"
    # (the day it is for is no part of the thing: "一张周六的话剧票")
    rf"(?:(?:{ZH_TIME})+的)?(?P<o>[\u4e00-\u9fffA-Za-z]{{1,6}}?)(?:的门?票)?[，,、\s]*"
    r"(?:谁要|谁吃|谁喝|谁想要|谁想吃|谁想喝|有人要|有人吃|有人喝|要的话|你们?要吗|要吗|你?要不要)"
)
# "周六去爬山，一起吗？": a plan said, then the asking whether to join
_JOIN_OFFER = re.compile(
    r"^(?:[今明后]天|今晚|明晚|晚上|中午|下午|上午|周末|这周末|下周末|(?:这|下)?(?:周|星期|礼拜)[一二三四五六日天])*"
    r"(?:我们|咱们)?(?:去|来)?(?P<o>[\u4e00-\u9fffA-Za-z]{1,6}?)[，,]\s*(?:要不要)?(?:一起|一块儿?)(?:去|来)?(?:吗|不|呀|吧|呗)?[？?]"
)
# "帮你也带一杯拿铁？": who for, 也, a fetching verb and a measure word before the thing
# (a moment or a way ahead of it, "下班顺路给你捎份煎饼果子？"; 捎 brings as 带 does)
_FOR_YOU_OFFER = re.compile(
    r"^(?:(?:下班|放学|回来|回家|路上|待会儿?|一会儿?|晚点|明早|明天|今晚)?(?:顺路|顺便|顺手)?)"
    r"(?:我)?(?:帮你|给你|替你)(?:也|再)?(?:带|捎|拿|买|点|订|倒|留|叫)(?:一?[杯瓶碗份个块张盒])?"
    r"(?P<o>[\u4e00-\u9fffA-Za-z]{1,6}?)(?:吗|吧|不|呗)?\s*[？?]"
)

# "周五晚上一起去蹦迪呗", "咱们去吃烤鱼吧": a suggestion to do it together, closed by 呗 / 吧 and
# no question mark, offers the thing as "一起去蹦迪吗？" does
_SUGGESTED = re.compile(
    # (the act that is the thing stays whole, "爬山", "逛街"; only the verbs of taking fall away;
    # a cheer, "一起加油吧", offers nothing)
    rf"^(?:{ZH_TIME}|周末|这周末|下周末)*(?:一起|咱们|我们|咱俩)+(?:{ZH_TIME}|周末)*(?:一起)?(?:去|来)?"
    r"(?:吃|喝|看)?(?:点|个|一?[杯顿次场])?(?!(?:一起)?(?:加油|努力|冲|出发))(?P<o>[\u4e00-\u9fffA-Za-z]{1,6}?)(?:呗|吧)[。！!~～\s]*$"
    # a thing held out to taste: "你试试这个螺蛳粉", "尝尝我做的蛋糕"
    r"|^(?:你)?(?:试试|尝尝|尝一下|试一下|来尝尝)(?:这个|这|我做的|我带的|我买的)?(?:个|块|口)?(?P<o2>[\u4e00-\u9fffA-Za-z]{1,6}?)(?:吧|呗|呀|啊)?[。！!~～\s]*$"
)


# "晚上吃川菜还是粤菜？": a choice of two offered; the verb of having each is no part of the thing
_CHOICE_OFFER = re.compile(
    r"(?P<a>[\u4e00-\u9fffA-Za-z]{1,8}?)还是(?P<b>[\u4e00-\u9fffA-Za-z]{1,8}?)(?:呢|啊|呀|好|啊)?\s*[？?]\s*$"
)
_HAVING_VERB = r"吃|喝|看|去|要|点|坐|选|听|玩|订"
# the answer's first clause that is only one of the two, taken: "那就川菜吧", "咖啡，必须的", "我选茶"
_CHOSEN = re.compile(
    rf"(?:那|就|还是|我)*(?:要|选)?(?:{_HAVING_VERB})?(?P<x>[\u4e00-\u9fffA-Za-z]{{1,8}}?)(?:吧|呗|啊|呀|好了|！|!|~|～)*"
)


def chosen_of(previous: str | None, s: str) -> str:
    """The one of a choice of two ("A还是B？") that the answer ``s`` names alone in its first clause:
    "那就川菜吧" to "晚上吃川菜还是粤菜？" -> "川菜" ("川菜太辣了，粤菜吧" names 川菜 in a judgement, not alone)."""
    m = _CHOICE_OFFER.search(previous or "")
    # (a yes may lead it in a clause of its own: "好啊，那就川菜吧")
    clauses = [c.strip() for c in re.split(r"[，,。；;]", s.strip()) if c.strip()]
    while len(clauses) > 1 and _ACCEPT.fullmatch(re.sub(r"[啊呀的吧嘞！!~～]+$", "", clauses[0])):
        clauses = clauses[1:]
    if not m:
        return ""
    both = [re.split(_HAVING_VERB, g)[-1] for g in (m.group("a"), m.group("b"))]
    # (one of the two refused first, the other then named: "不要川菜，粤菜吧")
    if len(clauses) > 1 and re.fullmatch(
        rf"(?:不要|不想|别|不)(?:吃|喝|去|点|看)?(?:{'|'.join(map(re.escape, both))})了?", clauses[0]
    ):
        clauses = clauses[1:]
    said = _CHOSEN.fullmatch(clauses[0]) if clauses else None
    if not said:
        return ""
    return said.group("x") if said.group("x") in both and "" not in both else ""


# a favour the asker offers to do ("要不要我帮你拿快递？", "需要我帮你订票吗", "要我给你打电话吗"): no
# thing offered, so a no is no taste - unless the favour brings a thing ("要不要我给你带杯咖啡？": 咖啡)
_FAVOUR_OFFER = re.compile(
    # (or takes them somewhere: "要不要我开车送你？", "要我陪你去吗")
    r"(?:要不要|需不需要|需要|要|用不用|用)我(?:来|去)?(?:开车)?(?:帮|给|替|送|陪|接)(?:你|您)(?:也|再)?"
    r"(?:(?:带|捎|买|点|倒|留|泡|冲)(?:一?[杯瓶碗份个块张盒])?(?P<o>[\u4e00-\u9fffA-Za-z]{1,6}?)(?:吗|吧|不|呗|呢)?\s*(?:[？?]|$))?"
)


def offers_a_favour(previous: str | None) -> bool:
    """Whether ``previous`` offers to do the one asked a favour that brings no thing ("要不要我帮你拿快递？")."""
    favour = _FAVOUR_OFFER.search(previous or "")
    return bool(favour) and not favour.group("o")


def offer_topic(previous: str | None) -> str:
    """What the message answered offered: "要不要点寿司？" -> "寿司"."""
    if not previous:
        return ""
    previous = previous.strip()
    favour = _FAVOUR_OFFER.search(previous)
    if favour:
        return _clean_obj(favour.group("o")) if favour.group("o") else ""
    if _CHOICE_OFFER.search(previous):
        return ""  # "喝茶还是喝咖啡？" offers neither alone: chosen_of reads which one the answer takes
    for shape in (_FRONTED_OFFER, _LEFT_OUT_OFFER, _JOIN_OFFER, _FOR_YOU_OFFER, _SUGGESTED):
        m = shape.search(previous)
        if m and _clean_obj(m.group("o") or m.groupdict().get("o2") or ""):
            return _clean_obj(m.group("o") or m.groupdict().get("o2") or "")
    # "火锅吃吗？老地方": a few words after the question mark (where, when) are no part of the offer
    previous = re.sub(r"([？?])[^？?，,。]{1,6}$", r"\1", previous)
    m = _OFFER.search(previous)
    if not m:
        # (a treat said after it is no part of the offer: "奶茶喝吗？我请")
        previous = re.sub(r"[，,。！!？?]?\s*(?:我请(?:客)?|我买单|我做东|我来请)[。！!~～]*$", "", previous)
        if previous.endswith("吗"):
            previous += "？"  # ("打羽毛球吗": 吗 asks it, with no mark)
        bare = re.fullmatch(
            # (any time said first: "明晚撸串去不？")
            rf"\s*(?:{ZH_TIME})*(?:一起|咱们|我们)?(?:又是|还是|又|还|再)?(?:我?(?:帮你|给你|请你|请大家)?(?:订|点|买|叫)?)?"
            # (整 / 搞 are the colloquial "get": "晚上整点小龙虾？")
            # (the thing may come before its verb: "奶茶喝吗？", with a measure after: "啤酒来一瓶？")
            r"(?:吃|喝|去|看|唱|来|做|煮|烤|整|搞|打|玩)?(?:点|些|一?[杯瓶碗份个次顿])?(?P<o>[\u4e00-\u9fffA-Za-z]{1,6}?)(?:(?:喝|吃|玩|打)(?:一?[杯瓶碗份个次顿])?|来一?[杯瓶碗份个次顿])?(?:去(?=不|吗))?(?:吗|啊|了|吧|好吗|怎么样|不|去|没|呗)?\s*[？?]+\s*",
            previous,
        )
        return (
            _clean_obj(bare.group("o"))
            # "有空聊聊吗？" asks whether they are free, it offers no thing
            if bare and not re.search(r"[你我他她什么怎谁哪吗呢]|有空|有时间|方便", bare.group("o"))
            else ""
        )
    raw = next(g for g in m.groups() if g)
    raw = re.sub(r"^(?:晚上|今晚|明天|我们|一起)+", "", raw)
    if re.fullmatch(r"[一两几半]?[碗杯瓶份个块口次顿把串罐盘]", _clean_obj(raw) or raw):
        # "我做了点绿豆汤，要不要来一碗？": a measure offers the thing said before it
        made = re.search(
            r"(?:做了|买了|带了|煮了|烤了|剩了|泡了|有)(?:点|些|一些)?(?P<t>[\u4e00-\u9fff]{1,5}?)[，,]",
            previous,
        )
        return _clean_obj(made.group("t")) if made else ""
    return _clean_obj(raw)


def _pref(subject: str, topic: str, score: float, kind: str) -> list[Evidence]:
    topic = clean_topic(topic)
    if listed_zh(topic):  # "喜欢寿司和拉面": each thing of the list
        return [e for part in listed_zh(topic) for e in _pref(subject, part, score, kind)]
    key = topic_of(topic)
    return [Evidence("preference", subject, key, topic, score, kind)] if key and len(topic) >= 1 else []


# compiled once: the word lists they hold are long
_LEAD_MODALS = re.compile(rf"^(?:{_MODAL})+")
_ACTION_HEAD = re.compile(rf"(?:{_ACTION})")
_PLACE_THEN_ACT = re.compile(rf"[\u4e00-\u9fff]{{1,4}}?(?:{_ACTION})")
_STRONG_RUN = re.compile(rf"(?:{_STRONG})+")
_STRONG_ACTION = re.compile(
    rf"(?:{_MODAL})*(?:在[^，。]*?(?:前|之前))?(?:一下|先|再|按时|尽快|马上)?(?:{_ACTION})"
)
_GO_ACTION = re.compile(rf"(?:去|要)(?:{_ACTION})")
_MODAL_NEAR_ACTION = re.compile(rf"(?:{_MODAL})+[\u4e00-\u9fff]{{0,3}}?(?:{_ACTION})")
_MODAL_ACTION = re.compile(rf"(?:{_MODAL})*(?:{_ACTION})")
_DONE_SPLIT = re.compile(rf"(?:{_ACTION}|搞定|弄|完成|办)")
_LIVES_IN = re.compile(rf"^{_NAME}(?:现在)?住在(?P<v>[\u4e00-\u9fff]{{2,5}}?)(?:了|。|，|$)")


# (when or on the way, a few words before it: "我下班顺路帮你取快递"; not a can, a wish or a habit)
_FOR_YOU_ACT = re.compile(
    rf"(?:{_MODAL})*(?:(?!不|没|了|过|能|可以|想|经常|总是|每|常)[\u4e00-\u9fff]){{0,6}}?(?:帮|替)你们?(?:{_ACTION}|[\u4e00-\u9fff])"
)
# a message without punctuation or a long one: its clauses, set apart by spaces or a tilde too
_SPACED = re.compile(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")
_CLAUSES = re.compile(rf"[，,；;。！!～~]|{_SPACED.pattern}")
# "不过…", "反正…": a clause's link to the one before is not part of what it promises
_LINK = re.compile(r"^(?:不过|但是|但|可是|所以|反正|总之|那就|那|对了|话说|另外|顺便说一?下)")
# "答应你的那份预算表我…": the thing's relative clause ahead of its demonstrative is not the thing
_RELATIVE = re.compile(
    r"^[^，,我]{1,8}?的(?:那|这)(?:份|个|件|本|张|篇|些|套|台|只|条)?(?=[\u4e00-\u9fffA-Za-z])"
)


def begins_with_act(text: str) -> bool:
    """Whether ``text`` says an act first, as an order does ("把报价单发给客户", "订会议室",
    "把需求跟客户问清楚"); "文件有问题", "周报写得很清楚", "价格写错" tell, praise or complain."""
    return bool(_ACT_FIRST.match(text)) and not _TOLD_NOT_ORDERED.search(text)


_ACT_FIRST = re.compile(rf"(?:去|来)?(?:把[\u4e00-\u9fffA-Za-z]{{1,8}}?)?(?:{_ACTION})")
_TOLD_NOT_ORDERED = re.compile(r"有问题|得(?:很|挺|不)?(?:清楚|好|不错|错)|[写弄搞打填算]错")


def names_an_act(text: str) -> bool:
    """Whether ``text`` holds an act one can take on (发, 寄, 整理, 看一下, or a verb said twice, 看看,
    问问 …): "会议纪要整理发我" does, "小点声" does not."""
    return bool(_ACTION_HEAD.search(text) or re.search(r"([\u4e00-\u9fff])\1", text))


def _strip_modals(rest: str, keep_go: bool) -> str:
    # a 去 before a place and the act done there ("去银行把流水打出来"), or heading a clause with no subject ("周日八点去接你们"),
    # is the act's own going and stays; before the act of a subject ("我去买蛋糕") it is a modal
    m = _LEAD_MODALS.match(rest)
    if not m:
        return rest
    after = rest[m.end() :]
    if m.group(0).endswith("去") and (
        keep_go or (not _ACTION_HEAD.match(after) and _PLACE_THEN_ACT.match(after))
    ):
        return "去" + after
    return after


def _what(rest: str, keep_go: bool = False) -> str:
    rest = _BEFORE.sub("", rest)
    # "我打算下礼拜二去看房": what is done, not the intention or the need of it
    rest = _BEFORE.sub("", re.sub(r"^(?:还)?(?:得|打算|准备|计划)", "", rest))
    rest = _ONCE.sub("", rest, count=1) if _ONCE.match(rest) else rest  # "发了工资就转你": the act
    rest = _strip_modals(rest, keep_go)
    # "我答应你，这周六陪你去看电影": the promise is what follows the promising clause
    rest = re.sub(r"^[，,]\s*", "", rest)
    rest = re.sub(r"^(?:在|会在)", "", rest)
    rest = re.sub(r"^(?:再|先)(?=[\u4e00-\u9fff]{2})", "", _BEFORE.sub("", rest))
    rest = _BEFORE.sub("", rest)
    return re.sub(r"[的了吧啊哈呀哦啦嘛]+$", "", re.split(r"[。！!？?，,；;]", rest)[0].strip())


# (将于 reads as 会在 once normalised)
_DEADLINE_ACT = re.compile(rf"(?:会|将)?(?:在|于)?{_BY_TIME_ACT}")


def _is_promise(rest: str, whole: str) -> bool:
    if _STANCE_WORDS.search(rest[:4]) or _PAST.search(whole) and not _TIME_RE.search(whole):
        return False
    if ZH_AWAY.match(_BEFORE.sub("", rest)):  # "20号之前我休假": a state, nothing taken on
        return False
    if re.search(r"了[。！!]?$|过(?![来去])", rest):
        return False
    # "票我买好了，周五走": the act's own clause closes on 了 with no time ahead of it - done, not promised
    # ("月底前我把房租交了" keeps its time in that clause and stays a promise)
    first = re.split(r"[，,；;]", whole)[0]
    if first.endswith("了") and not _TIME_RE.search(first):
        return False
    # "合同我们将于周五前审核完毕": an act bound to a deadline is taken on, whatever its verb
    if _DEADLINE_ACT.match(rest):
        return True
    # "明天再改": 再 / 先 order the act after now or before others; the act follows
    head = re.sub(r"^(?:再|先)(?=[\u4e00-\u9fff])", "", _BEFORE.sub("", rest))
    head = re.sub(r"^[A-Za-z][A-Za-z0-9]{0,5}(?=[\u4e00-\u9fff])", "", head)  # "T2接你": the place's code
    head = re.sub(rf"^{_MEANS}", "", head)  # "回头微信转你": the act is after how it is done
    has_time = bool(_TIME_RE.search(whole))
    if re.match(rf"(?:{_MODAL})*(?:{_ACTION})了(?!解)", head):
        return False  # "今天我去买了一本书": the perfective 了 right after the act says it happened
    # "发了工资就转你", "等忙完了再改": an event one waits for (its 了, then 就 / 再) sets when, as a time does

    # a promising word alone will do (我会把文件发给你); 去 and 要 only with a time (我要一杯拿铁 is an order)
    if _STRONG_RUN.match(head) and _STRONG_ACTION.match(head) or _ATTEND.match(head):
        return True
    if _GO_ACTION.match(head):  # 我去买蛋糕 (but not 我去一下洗手间, 我要一杯拿铁)
        return True
    if _FOR_YOU_ACT.match(head):  # "我替你问问": an act done for the addressee is taken on
        return True
    if has_time and _MODAL_NEAR_ACTION.match(head):
        return True
    return has_time and bool(_MODAL_ACTION.match(head))


# "周五那事我去不了了", "我帮不成了": an act that can no longer happen, whatever time is named
# ("周末陪不了你了": the one it is for may stand between the can't and its 了)
_CANT_ANYMORE = re.compile(
    r"(?:去|来|帮|参加|赶|陪|接|送|做|弄|办|修|到|干|出|带|买|拿|交|发|寄)不(?:了|成)(?:你们?|您|他们?|她们?|大家)?了|来不及了"
)


# a promise made to a third person, said done (答应…了), its content the clause after it
_PROMISED_TO = re.compile(
    r"^我(?:已经|早就|都)?(?:答应|保证|承诺|许诺)(?:过|了)?(?P<to>(?![你您])[\u4e00-\u9fff]{1,4}?)(?:了|过)?[，,：:]\s*"
    r"(?P<rest>[^，,。！!？?]+)"
    # "我跟我表哥保证过下周一之前帮他…": to whom first (跟 / 向 / 对), the promising verb, then what
    r"|^我(?:已经|早就|都)?(?:跟|向|对|和)(?P<to2>[^，,我]{0,2}[\u4e00-\u9fff]{1,3}?)(?:保证|承诺|许诺|发誓)(?:过|了)?[，,：:]?\s*"
    r"(?P<rest2>[^，,。！!？?]+)"
)


# "我跟小林说好了，明天去她家帮她喂猫": an agreement made with a third person, its content the clause
# after it (the 说好了 closes no task)
_AGREED_WITH = re.compile(
    r"^我们?(?:已经|早就|都)?(?:跟|和|同)(?P<to>(?![你您])[\u4e00-\u9fff]{1,4}?)(?:说好|约好|讲好|商量好|说定|讲定)了?[，,：:]\s*"
    r"(?P<rest>[^，,。！!？?]+)"
)


# "接客户这活儿我交给小马了", "我把周报的事转给老王了": a task of the speaker's handed to a third
# person - no longer the speaker's (called off for them), now the other's to do
_HANDED_OVER = re.compile(
    r"^(?:我们?(?:已经|就|先)?把)?(?P<task>(?![我你他她它这那])[\u4e00-\u9fffA-Za-z]{2,10}?)"
    r"(?P<matter>的?(?:这|那)?(?:件|个)?(?:活儿?|事儿?|事情|任务))?(?:我们?)?(?:已经|就|先|都)?"
    r"(?:(?P<hand>交给|转给|转交给|移交给)|托给|托付给|委托给|拜托给|交代给|安排给|让给)"
    # (the one it goes to by surname, by a pet name, "阿May", or by a Latin name)
    rf"(?P<taker>{_NAME.replace('(?P<name>', '(?:')}|{ZH_PET_NAME}|[A-Z][a-z]{{1,10}})(?:去办|去做|来办|来做|负责)?了"
)


def _handed_over(s: str, speaker: str, at: datetime) -> list[Evidence]:
    m = _HANDED_OVER.match(s)
    if not m or m.group("taker") == speaker:
        return []
    if m.group("hand") and not m.group("matter") and not _ACTION_HEAD.match(m.group("task")):
        return []  # "钥匙我交给小王了": a thing handed over, the act done, no task passed on
    task = re.sub(r"^(?:那个|这个|那|这)", "", m.group("task"))
    return [
        Evidence("status", speaker, "", task, 0.5, "cancelled"),
        Evidence("commitment", m.group("taker"), "", task, 0.5, "statement", None, speaker),
    ]


def _agreed(s: str, speaker: str, at: datetime) -> list[Evidence]:
    m = _AGREED_WITH.match(s)
    if not m or _PAST.search(m.group("rest")) or _STANCE_WORDS.search(m.group("rest")[:4]):
        return []
    what = _what(m.group("rest"), keep_go=True)
    if not what or what.endswith("了") or not _ACTION_HEAD.search(what):
        return []
    return [Evidence("commitment", speaker, "", what, 0.5, "statement", due_date(s, at), m.group("to"))]


# a thing done, then when it arrives: "蛋糕订好了，周六下午送到", "快递寄了，明天到"
_DONE_THEN_ARRIVES = re.compile(
    rf"^[^，,。！!]{{1,12}}?(?:好|完)?了[，,]\s*(?:{ZH_TIME})*(?:送|寄|运)?(?:到|过来)(?:货|家)?(?:了|吧|哈)?[。！!~～]*$"
)


def _commitments(s: str, speaker: str, at: datetime) -> list[Evidence]:
    if s.endswith(("？", "?")) or _CANCEL.search(s) or _CANT_ANYMORE.search(s):
        return []
    if re.match(r"(?:要不要|需不需要|要不|用不用)", s):
        return []  # "要不要我帮你带杯咖啡": an offer asked, with no mark, is no promise yet
    if _DONE_THEN_ARRIVES.match(s):
        return []  # "蛋糕订好了，周六下午送到": done, and when the thing comes; no promise
    # "那我来订餐厅": a link to what was said before (那, 所以) is no thing taken on, read without it
    link = _LINK.match(s)
    found = _commitment(s[link.end() :], speaker, at) if link and s[link.end() :].startswith("我") else []
    found = found or _commitment(s, speaker, at)
    # "借你的那五百块我…": the thing's relative clause ahead of its demonstrative is not the thing
    found = found or (_commitment(_RELATIVE.sub("", s), speaker, at) if _RELATIVE.match(s) else [])
    if found:
        return found
    for said in [s] + [_LINK.sub("", c.strip()) for c in _CLAUSES.split(s)[1:]]:
        m = _PROMISED_TO.match(said)
        rest = m and (m.group("rest") or m.group("rest2"))
        if rest and not _PAST.search(rest) and not _STANCE_WORDS.search(rest[:4]):
            # "我答应我妈了，这周六回家吃饭": the promise made to someone is the clause after it
            what = _what(rest)
            if what and not what.endswith("了"):
                to = m.group("to") or re.sub(r"^我的?", "", m.group("to2"))
                return [Evidence("commitment", speaker, "", what, 0.5, "statement", due_date(said, at), to)]
    # "放心吧 明天下班前我把…", "这周忙疯了，…，不过那份表我周四前给你": a promise in a later clause of
    # the message, read as a sentence of its own (the time it names is its own, not an earlier one's)
    for clause in _CLAUSES.split(s)[1:]:
        clause = _RELATIVE.sub("", _LINK.sub("", clause.strip()))
        if len(clause) >= 3 and (found := _commitment(clause, speaker, at)):
            return found
    return []


def _commitment(s: str, speaker: str, at: datetime) -> list[Evidence]:
    left = _LEFT_TO_ME.match(s)
    if left:
        return [Evidence("commitment", speaker, "", left.group("obj"), 0.5, "statement", due_date(s, at))]
    m = _FIRST.match(s)
    counterparty = None
    rest = (m.group("rest") or m.group("rest2")) if m else ""
    if m and _is_promise(rest, s):
        what = _what(rest, keep_go=not m.group("rest"))
        return (
            [Evidence("commitment", speaker, "", what, 0.5, "statement", due_date(s, at), counterparty)]
            if what
            else []
        )
    m = _TOPIC_FIRST.match(s)
    # "发票的事我来处理": the matter of a thing is the thing
    topic = re.sub(r"的事(?:儿|情)?$", "", m.group("obj")) if m else ""
    if (
        m
        and topic
        # (a thing told by what it is of: "上次聚餐的钱", "报销的表格"; not one ending on 的, "吃的")
        # (nor a denial or a time before: "这块不归我负责", "以前这块我负责", "之前都是我负责")
        and not re.search(
            r"[我你他她们了吗呢吧不没]|的$|的话|以前|之前|原来|过去|都是", topic
        )  # (的话: a condition)
        # "可以，我明天改": an answer's yes is no thing taken on
        # (the one answered may be called after it: "好的老板，我马上改")
        and not re.fullmatch(
            r"(?:好的?|好啊|行|可以|没问题|嗯|放心|OK|ok|对|是的?)(?:老板|领导|老师|老大|亲|哥|姐|大哥|大姐|宝|宝贝|师傅)?",
            m.group("obj"),
        )
        # the act itself follows, taken on (来, 负责) or plain; "看恐怖片我会做噩梦" foresees, promises nothing
        and (
            _TOPIC_ACT.match(m.group("rest"))
            and (_PLEDGED.fullmatch(m.group("rest")) or _is_promise(m.group("rest"), s))
            or _VOLUNTEERED.fullmatch(m.group("rest"))
        )
    ):
        volunteered = _VOLUNTEERED.fullmatch(m.group("rest"))
        if volunteered and not _TOPIC_ACT.match(m.group("rest")):
            obj = re.sub(r"^(?:这个|那个)", "", topic)
            what = volunteered.group("v") + obj
            return [
                Evidence("commitment", speaker, "", what, 0.5, "statement", due_date(s, at), counterparty)
            ]
        if _PLEDGED.fullmatch(m.group("rest")):
            obj = re.sub(r"^(?:这个|那个)", "", topic)
            return [Evidence("commitment", speaker, "", obj, 0.5, "statement", due_date(s, at), counterparty)]
        attend = _ATTEND.match(m.group("rest"))
        # ("聚会我肯定去": the going is the act, not a modal before one)
        what = _what(m.group("rest")) or (attend.group("go") if attend else "")
        obj = re.sub(r"^(?:这个|那个)", "", topic)
        return (
            [Evidence("commitment", speaker, "", what + obj, 0.5, "statement", due_date(s, at), counterparty)]
            if what
            else []
        )
    m = _THIRD.match(s)
    # ("老王说书收到了，让我谢谢你": a receipt reported by the one it reached is news of a task done,
    # read by status_zh, not a pledge of theirs)
    if m and m.group("name") != speaker and m.group("rest") and not ZH_RECEIVED_REPORTED.match(s):
        rest = re.sub(r"^(?:他|她)", "", m.group("rest"))
        if _is_promise(rest, s) or (
            re.match(r"(?:说|答应|保证|承诺)", s[len(m.group("name")) :])
            and not re.search(r"了[。！!]?$|过(?![来去])", rest)
        ):
            what = _what(rest)
            return (
                [
                    Evidence(
                        "commitment", m.group("name"), "", what, 0.5, "statement", due_date(s, at), speaker
                    )
                ]
                if what
                else []
            )
    return []


# a done act closed by its result (好了 / 完了) with more said after it and no comma between; not
# what follows the act, "写完了就发你", "忙完了再说", "吃完了我们去散步" (a time, then a plan)
# ("改完了这页就发你", "洗完了澡就睡": a 就 / 再 further on still makes it a time)
# (only a word of how it went after it: "累死了", "终于", "腰都断了"; not a question, "写好了没", nor what to
# do then, "做好了叫我", "改完了这页就发你", nor an act not yet done, "快写完了", "等我写完了")
_RUN_ON_DONE = re.compile(
    r"^(?![快等你准])([^，,。！!？?\s]{1,12}?[好完]了)"
    r"(?=(?:累|好累|终于|真|太|腰酸|腰疼|腰都|手酸|手都|开心|爽|舒服|哈|嘿|搞死|忙死|热死|困死|饿死|不容易|总算|可算)"
    r"[^？?吗么没就再]*$)"
)


# a warning against a slip ("别迟到了", "千万别着凉", "别忘了带伞", "别着急"): no plan of anyone's is in it
_SLIP = r"迟到|忘|着凉|感冒|熬夜|累着|生气|担心|客气|着急|急|喝多|睡过头|走丢|淋雨|冻着|饿着|乱跑|吵"
_WARNED = re.compile(
    rf"(?:^|[，,。！!\s])(?:大家|你们?|您|咱们?)?[\u4e00-\u9fff]{{0,3}}?(?:可|就|也|千万|一定|都)?别(?:再)?(?:{_SLIP})"
)
# the clause that holds a warning
_WARNING_CLAUSE = re.compile(rf"[^，,。！!]*?别(?:再)?(?:{_SLIP})[^，,。！!]*[，,。！!]?")


def _status(s: str, speaker: str) -> list[Evidence]:
    if s.endswith(("？", "?")) or re.match(r"(?:你|您)(?:们)?(?:可|就|也|先)?别", s):
        return []  # "你别吃醋了": told to the other, no task of the speaker's called off
    if re.search(r"(?:下次|以后|下回|再也)(?:可|就|也|千万|还是)?别", s):
        return []  # "又贵又不好吃，下次别去了": advice for next time, no plan called off
    # "别迟到了", "大家别忘了带伞": a warning calls no plan off; what is said beside it still counts
    # ("别着急，报告已经发你了")
    s = _WARNING_CLAUSE.sub("", s).strip("，,。！! ")
    if not s:
        return []
    # "方案得晚两天，周三给你", "样品推迟到下周一再寄": put off to a day, no new promise of that day
    # "报销单交啦", "钱转你啦": 啦 after an act closes it as 了 does
    # (not an act about to be done or due: "报销单要交啦", "该交啦", "快交啦"; nor "好啦", OK)
    if not re.search(r"(?:要|该|快|得|准备|马上|这就)[\u4e00-\u9fff]{0,2}啦[。！!~～]*$", s):
        s = re.sub(
            r"(?:(?<=[交发寄付转还送订买修做写办你])|(?<=[做写修办弄搞][好完]))啦(?=[。！!~～]*$)", "了", s
        )
    s = re.sub(r"了啦(?=[。！!~～]*$)", "了", s)  # "文件攞咗喇" (read 拿了啦): the 了 closes it
    # "不用了，我已经订好了": the no is to a favour offered, the clause after it says the thing done
    s = re.sub(
        r"^(?:不用|不需要|不必)(?:了|啦|哈)?(?:谢谢|谢啦)?[，,]\s*(?=我?(?:已经|早就)[\u4e00-\u9fff]{1,8}?(?:好|完)?了)",
        "",
        s,
    )
    late = [e for e in status_zh(s, speaker) if e.kind == "postponed"]
    if late:
        return late
    booked = booking_returned_zh(s)  # "周六那个羽毛球场我给退了": a booking given back is called off
    if booked:
        return [Evidence("status", speaker, "", time_dropped_zh(booked)[:8], 0.5, "cancelled")]
    m = _CANCEL.search(s)
    if m:
        # "算了明天我不去公司了，早餐带不了了": a later clause that says a thing can no longer be done names
        # the task called off (the first gives the reason)
        for clause in re.split(r"[，,；;]", s)[1:]:
            later = [e for e in status_zh(clause.strip(), speaker) if e.kind == "cancelled" and e.value]
            if later and _CANT_ANYMORE.search(clause):
                return later
        # "经双方协商，原定的上门调试取消，…": the clause that holds the calling off names the thing (a
        # plan said as set before, 原定的 / 原计划的, is that plan)
        held = next(
            (c for c in re.finditer(r"[^，,；;。！!：:]+", s) if c.start() <= m.start() < c.end()), None
        )
        clause = held.group(0) if held and len(held.group(0)) < len(s) else s
        clause = re.sub(r"^(?:原定|原计划|原先定|之前定|本来定|之前说)好?的", "", clause)
        # ("烤肉就算了": 就 before 算了 is emphasis, no part of the thing)
        # ("不用接了": 不用 before the act is the calling off, the act alone is the thing)
        dropped = r"不用了|不需要了|就?算了|取消|不用|不需要|[，,。！!：:]|谢谢|不|了|[吧啊呀哈啦嘛]+$"
        named = re.sub(dropped, "", clause)
        fillers = r"(?:还是|就|那|先|我们?|咱们?|那就|通知)+"
        # ("不用接了，我打车回去": the act alone after 不用 is the thing, one character or not)
        if (len(named) < 2 and not (named and re.match(r"不用|不需要", clause))) or re.fullmatch(
            fillers, named
        ):
            named = re.sub(dropped, "", s)  # "…，还是算了，…": the clause names nothing, the message does
        named = "" if re.fullmatch(fillers, named) else named  # "那就算了": nor does the message
        words = m.group("a") or m.group("b") or m.group("p") or named
        # (put off to a time named, "团建推迟到下个月了", is general.status_zh's postponement, read over this)
        return [Evidence("status", speaker, "", time_dropped_zh(words)[:8], 0.5, "cancelled")]
    # (a move is a fact; a move finished is a task done: "我哥帮我把家搬完了")
    if re.search(r"^我们?(?:不|没)|喜欢|讨厌|戒|搬(?![完好])|住|过敏", s):
        return []
    if re.search(r"(?:先|这就|得|要)?去(?!过)[\u4e00-\u9fff]{1,3}(?<![完好])了[。！!~～]*$", s):
        return []  # "我先去洗澡了", "不说了，我去做饭了": off to do it, nothing done yet
    # "PPT已经update好了 放在drive里": a message with no punctuation, its first part set off by a space
    # closes on the done act, then says where it is
    if ZH_DEADLINE.search(s) and not re.search(r"已经|早就|提前", s):
        return []  # "月底前把房租交了": a deadline ahead, the 了 of a thing still to do
    if re.search(r"^(?:大家|你们|你|咱们)?(?:就|都|也)?别", s) or ZH_WISH.search(re.split(r"[，,]", s)[0]):
        return []  # "大家别问了", "我只想明天把报告交了": told to others, or wished; nothing done
    if re.search(ZH_NEED_BA, s):
        return []  # "这周得把报告写完了": a need, nothing done yet
    if re.search(ZH_MOVE_TO, re.split(r"[，,；;\s]", s.strip())[0]):
        # "修空调改到周五了": the 了 of a plan moved, nothing done (general.status_zh reads it); a clause
        # after it may still tell a task done ("会议改到周五了，报告交了")
        return []
    m = _DONE.search(s) or _DONE.search(_SPACED.split(s)[0])
    first = re.split(r"[，,]", s)[0]
    if not m and first != s and not re.search(r"[不没]", first) and not status_zh(s, speaker):
        # "发过去了，你查收一下": a first clause that closes on the done act, then what to do with
        # it, when the structural reading has none ("我去年不开公交了，…" is no task: negated)
        m = _DONE.search(first)
    run_on = _RUN_ON_DONE.match(s)
    if not m and run_on and not re.search(r"[不没]", run_on.group(1)):
        # "打扫完了累死了[捂脸]": typed with no comma, the act closed by its result, then how it felt;
        # the act is what was done (its verb finds the promise: not "做完了手术终于" against a debt)
        act = re.sub(r"[好完]了$", "", run_on.group(1))
        return [Evidence("status", speaker, "", act, 0.5, "done")] if act else []
    if m:
        subject = speaker
        obj = m.groupdict().get("obj") or ""
        # (the day it was done may come between: "小王今天把水管修好了"; and the coming to do it,
        # "老张今天来把车修好了")
        named = re.match(_NAME + rf"(?:{ZH_TIME})*(?:(?:过|上门)?来|去)?(?:把|已经|都)", s)
        if named:
            subject = named.group("name")
        obj = re.sub(
            r"^(?:昨天|前天|刚才|刚刚|今天|早上|上午|下午|晚上)+",
            "",
            s[len(named.group(0)) if named else 0 :],
        )
        obj = re.sub(
            # (and for whom, before 把: "帮我把家搬完了")
            r"^(?:我们?|(?:帮|替|给)(?:我们?|你|您|他|她)(?=把)|把|已经|早就|就|刚|都|昨天|前天|刚才|刚刚|今天|早上|上午|下午|晚上)+",
            "",
            obj,
        )
        obj = re.split(
            rf"已经|都|早就|早已|已(?=由|被|经|[发寄交付订办转还取提])|(?:{_OFFICE_VERBS_EN})(?:好|完)?了|[，,。！!]",
            _BEFORE.sub("", obj),
        )[0]
        head = _DONE_SPLIT.split(obj)[0]  # "报告发给你了" -> "报告"
        # "发票寄到了": a thing may begin with a verb's character (发票); the act is the next verb
        # (not an act's own aspect or result after it: "寄了寄了", "发给你了")
        parts = (
            _DONE_SPLIT.split(obj[1:]) if obj[1:2] and not head and obj[1] not in "了过好完掉着给到你" else []
        )
        obj = obj[0] + parts[0] if len(parts) > 1 and parts[0] else head
        obj = re.sub(r"我们?$", "", obj) or obj  # "报告我写完了": the thing, not who did it
        return [Evidence("status", subject, "", time_after_dropped_zh(obj)[:8], 0.5, "done")]
    return []


def _preferences(s: str, speaker: str, previous: str | None) -> list[Evidence]:
    out: list[Evidence] = []
    if s.endswith(("？", "?")):
        return out
    change = bool(re.search(r"现在|其实|不再|了[。！!]?$|以后就|之后就|后来|从此", s))
    for m in _FAVOURITE.finditer(s):
        out += _pref(speaker, _clean_obj(m.group("obj")), 0.9, "statement")
    # "我喜欢爵士，但是讨厌歌剧": a later clause that drops its subject shares the first clause's 我
    shared = _DROPPED_WO.sub(r"\1我", s) if s.startswith("我") else s
    if not out:
        for m in _STANCE.finditer(shared):
            verb, neg, adv = m.group("verb"), m.group("neg"), m.group("adv") or ""
            obj = _clean_obj(m.group("obj"))
            if not obj or obj.startswith(("你", "这", "那个", "它")) or obj in ("他", "她", "死"):
                continue  # (nor "爱死了": how much, the thing said before it)
            score = (
                0.15
                if verb in ("讨厌", "受不了")
                else (0.85 if adv in ("很", "特别", "非常", "最", "超") or verb == "热爱" else 0.7)
            )
            if neg:
                score = 0.3 if score > 0.5 else 0.6
            out += _pref(speaker, obj, score, "change" if change else "statement")
    later = _NOW_NOT.search(s)
    if later and out:  # "以前很喜欢喝咖啡，现在不喜欢了": the same topic, changed
        last = out[-1]
        out.append(
            Evidence(
                "preference", speaker, last.key, last.value, 0.3 if later.group("neg") else 0.75, "change"
            )
        )
    m = re.search(
        r"(?:^|[，,])\s*我(?:是|属于)(?:个|一个|坚定的|铁杆)?(?!实力|学院|保守|激进|行动|乐天|技术|偶像|浪漫|现实|理想|温和|务实)(?P<o>[\u4e00-\u9fff]{1,2})派(?![对出遣送])",
        s,
    )
    if (
        m and not out
    ):  # "我是猫派，狗太吵了": of the party of the thing, a taste for it (not 实力派, a kind of person)
        out += _pref(speaker, _clean_obj(m.group("o")), 0.85, "statement")
    m = _WON_OVER.search(s)
    if m and not out:
        # "被朋友安利吃了一次榴莲，真香！", "看了几部韩剧，现在上头了": won over by trying it
        judged = _JUDGED_BEFORE.search(s[: m.start()])
        thing = m.group("o") or m.group("o2") or m.group("o3") or (judged.group("o") if judged else "")
        thing = thing or offer_topic(previous)
        if _clean_obj(thing):
            out += _pref(speaker, _clean_obj(thing), 0.85, "change")
    m = _NEVER_AGAIN.search(s)
    if m and not out:
        tired = _TIRED.search(s[: m.start()])
        thing = m.group("o") or (tired.group("o") if tired else "") or offer_topic(previous)
        if _clean_obj(thing) and not re.fullmatch(r"(?:吃|喝|看|玩|听)?", thing):
            out += _pref(speaker, _clean_obj(thing), 0.2, "change")
    asked = _TRIED_ASKED.search(previous or "")
    verdict = _BARE_VERDICT_ZH.search(s) if asked and not out else None
    if verdict and _clean_obj(asked.group("o")):
        out += _pref(speaker, _clean_obj(asked.group("o")), 0.9 if verdict.group("up") else 0.15, "statement")
    m = _MIDDLING.search(s)
    if (
        m
        and _MIDDLING_THING.search(s)
        and not out
        and _clean_obj(m.group("o"))
        # (not how one's day or one's self went: "今天状态一般般", "成绩很一般")
        and not re.search(
            r"今天|昨天|最近|状态|心情|身体|天气|运气|成绩|效果|进度|水平|表现|日子|生活|工作", m.group("o")
        )
    ):
        out += _pref(speaker, _clean_obj(m.group("o")), 0.25, "statement")
    m = _TASTES_ZH.search(s)
    thing = (m.group("o") or m.group("o2")) if m else ""
    # (not asked, "榴莲好不好吃", nor on a condition, "要是榴莲不那么臭，其实挺好吃")
    asked_or_if = s.rstrip().endswith(("？", "?")) or re.search(r"好不好|难不难|要是|如果|假如", s)
    if m and not out and not asked_or_if and _clean_obj(thing) and not _NOT_A_DISH_ZH.search(thing):
        # "榴莲真的灰常难吃", "榴莲原来这么好吃", "现在吃日料就反胃": a dish or a drink judged by its taste
        out += _pref(speaker, _clean_obj(thing), 0.85 if m.group("up") else 0.15, "statement")
    m = _TIRED.search(s)
    if m and not out and not re.search(r"不是不(?:喜欢|爱|想)", s):
        # "别了，我吃腻了" after "又是披萨？": what one is tired of is what was offered ("不是不喜欢火锅，
        # 就是最近吃腻了" says the taste holds)
        # (not the words before it that are no thing: "就是最近吃腻了")
        tired = _clean_obj(
            re.sub(r"^(?:就是|只是|但是|可是|不过)?(?:最近|现在|这阵子|这段时间)?", "", m.group("o") or "")
        )
        tired = tired or offer_topic(previous)
        out += _pref(speaker, tired, 0.2, "change") if tired else []
    m = _WANT_NOT.search(s)
    if m and not out:
        out += _pref(speaker, _clean_obj(m.group("o")), 0.0, "refusal")
    for m in _INTEREST.finditer(s):
        obj = m.group("obj") or m.group("obj2")
        if re.match(r"[这那它你他她]", obj):
            continue  # "我对这个没兴趣": a pointing word names no thing
        out += _pref(
            speaker,
            _clean_obj(obj),
            0.3 if m.group("neg") or m.group("none") or m.group("none2") else 0.75,
            "statement",
        )
    # "吃坏肚子了，我再也不吃生蚝了": the clause that ends the sentence may say it after a reason
    # (or a never-again before its reason: "我再也不吃螺蛳粉了，上次吃完闹了一晚上肚子"; a plain "我不吃肉，
    # 吃素好几年了" is the diet's, no taste)
    parts = re.split(r"[，,；;]", s)
    heads = [s, parts[-1], *(c for c in parts if re.search(r"再也|不再", c))]
    m = next((f for c in heads if (f := _NOT_EAT.match(c.strip()))), None)
    if m and not out and category_of(m.group("obj")) not in ("alcohol", "smoking", "caffeine"):
        out += _pref(speaker, _clean_obj(m.group("obj")), 0.2, "change" if m.group("le") else "statement")
    if out:  # ("米粉比面条好吃多了，我特别爱吃酸的": the comparison at the head is a taste beside it)
        # ("好啊，那就川菜吧，我无辣不欢": so is the one of a choice taken, beside a stance said after)
        chosen = chosen_of(previous, s)
        taken = _pref(speaker, chosen, 0.9, "acceptance") if chosen else []
        # "羽毛球不行，我更喜欢打篮球" to "打羽毛球吗": the offer turned down at the head, a taste after
        offered = offer_topic(previous)
        if (
            offered
            and not any(same_topic(e.value, offered) for e in out)
            and (
                _REFUSE.search(re.split(r"[，,]", s)[0])
                or re.match(rf"{re.escape(offered)}(?:就|还是)?(?:不行|算了|不要了?|免了|就不了)", s)
            )
        ):
            taken += _pref(speaker, offered, 0.0, "refusal")
        return out + comparison_beside_zh(s, speaker, out) + taken
    offered = offer_topic(previous)
    # (or the thing offered first, then the no: "日料不太想，最近吃太多了")
    if (
        offered
        and not _WARNED.search(s)
        and (
            _REFUSE.search(s)
            or re.match(
                rf"{re.escape(offered)}(?:还是|真的)?(?:不太想|不想)(?:吃|喝|去)?(?:了|吧)?(?=[，,。！!~～]|$)",
                s,
            )
        )
    ):
        m = re.search(
            # ("别别别，…": a 别 said again is the refusing, not the thing)
            # ("不想再吃": more of it is no thing)
            r"(?:不想|不要|别|不去|不吃|不喝|不看|不订)+再?(?:加|吃|喝|看|去|点)?(?P<o>(?![别不再吃喝看去])[\u4e00-\u9fff]{1,6})",
            s,
        )
        said = _clean_obj(m.group("o")) if m else ""
        said = "" if said in ("了", "谢谢", "用", "要") or said.startswith(("了", "谢")) else said
        # ("不了，…，给我来杯茶吧": what is asked for instead is liked)
        instead = re.search(
            r"(?:给我|我)?(?:来|换)一?[杯份个碗瓶罐](?P<o>[\u4e00-\u9fff]{1,4}?)(?:吧|就行|就好)?[。！!~～]*$",
            s,
        )
        return _pref(speaker, said if said and topic_of(said) else offered, 0.0, "refusal") + (
            _pref(speaker, _clean_obj(instead.group("o")), 0.75, "statement") if instead else []
        )
    if _ACCEPT.search(s) and offered:
        m = re.search(r"(?:就吃|就去|就喝|就订|来一?[杯份个碗]|订|就去那家)(?P<o>[\u4e00-\u9fff]{1,6})", s)
        said = _clean_obj(m.group("o")) if m else ""
        return _pref(speaker, said if said else offered, 1.0, "acceptance")
    chosen = chosen_of(previous, s)
    return _pref(speaker, chosen, 0.9, "acceptance") if chosen else []


def _facts(s: str, speaker: str, previous: str | None) -> list[Evidence]:
    out: list[Evidence] = []
    if s.endswith(("？", "?")):
        return out
    if re.search(r"以前|原来|之前|过去|曾经", s) and re.search(r"过[。！!，,]?$", s) and "现在" not in s:
        return out  # "以前我在北京工作过": an experience of before (过), not what is
    for key, pattern in _FACTS:
        if key == "residence" and (
            not re.search(r"我", s)
            or _TIME_RE.search(s.split("搬")[0][-6:] if "搬" in s else "")
            and re.search(r"下个?月|明年|下周", s)
        ):
            continue  # a move that is only planned is no fact yet
        for m in pattern.finditer(s):
            value = m.group("v") if m.groupdict().get("v") else m.groupdict().get("v2")
            if re.search(r"(?:没|没有|不|不会|不想|不要|别)$", s[: m.start()]):
                continue  # "我没搬到郊区": the move that did not happen
            if key == "residence" and re.search(r"小时候|那时候?|当年|以前|原来|过去|曾经", s[: m.start()]):
                continue  # "我小时候住在农村": where one lived then, not now
            if key == "residence" and re.search(r"(?:天天|每天|整天|成天|简直|都快|快要?)$", s[: m.start()]):
                continue  # "我天天住在图书馆", "我都快住在公司了": a place one is always at, said as a joke
            if key == "residence" and ZH_STAY.match(s, m.end("v")):
                continue  # "我搬去杭州住几天": a stay, not a home

            if key == "residence" and re.search(
                r"(?:想|希望|打算|准备|计划|梦想)[^，,。！!]{0,3}$", s[: m.start()]
            ):
                continue  # "我以后想住在海边": a home wished for or planned, not lived in
            if not value:
                continue
            value = re.sub(r"^(?:一家|一个)(?=\S{2})", "", value) if key == "employer" else value
            if key == "residence" and ZH_NOT_A_HOME.search(value):
                continue  # "搬到新房子了", "住在一起", "住在朋友家": no place of one's own
            if key == "age":
                value = _zh_num(value)
            verb = m.groupdict().get("verb") or ""
            kind = "change" if "搬" in verb or "现在" in s else "statement"
            if key == "employer" and is_place(value):
                key = "residence"  # "我在北京工作": the city they live in, not whom they work for
            out.append(Evidence("fact", speaker, key, value, 0.5, kind))
    m = _LIVES_IN.match(s)
    if m and m.group("name") != speaker:
        out.append(Evidence("fact", m.group("name"), "residence", m.group("v"), 0.5, "statement"))
    m = _JOBS.search(s)
    if m:
        out.append(
            Evidence("fact", speaker, "job", m.group("v"), 0.5, "change" if "现在" in s else "statement")
        )
    if _RETIRED.search(s):
        out.append(Evidence("fact", speaker, "job", "退休", 0.5, "change"))
    elif _NO_WORK.search(s) and not re.search(r"[吗？?]\s*$|如果|要是|怕", s):
        # (out of work is no employer either, as "我辞职了" is: "被裁了，现在失业在家")
        kind = "change" if re.search(r"了|现在|最近|目前", s) else "statement"
        out += [Evidence("fact", speaker, key, "none", 0.5, kind) for key in ("employer", "job")]
    m = _AT_HOME.search(s)
    if m and not any(e.key == "job" for e in out):
        out.append(
            Evidence(
                "fact",
                speaker,
                "job",
                m.group("v"),
                0.5,
                "change" if re.search(r"辞职|现在|了", s) else "statement",
            )
        )
    if _DIET.search(s):
        out.append(Evidence("fact", speaker, "diet", "素食", 0.5, "statement"))
    m = _RESTRICT.search(s)
    if m:
        what = category_of(m.group("a") or m.group("b") or m.group("c") or m.group("d"))
        if what:
            out.append(
                Evidence(
                    "fact",
                    speaker,
                    "restriction",
                    what,
                    0.5,
                    "change" if "戒" in s or m.group("le") else "statement",
                )
            )
    m = _LIFT.search(s)
    if m:
        out.append(
            Evidence(
                "fact", speaker, "restriction", category_of(m.group("a") or m.group("b")) or "", 0.5, "lift"
            )
        )
    if not out and previous and _AFFIRM.match(s):
        turned = previous.replace("你们", "我们").replace("你", "我").rstrip("？?吗吧呢") + "。"
        turned = re.sub(r"^(?:所以|那)", "", turned)
        out = [
            Evidence("fact", speaker, e.key, e.value, 0.5, "affirm") for e in _facts(turned, speaker, None)
        ]
    return out


def head_time(s: str) -> str:
    """The time a sentence opens with ("周六聚餐我带酒" -> "周六"), "" when it opens with none.

    >>> head_time("周六聚餐我带酒"), head_time("我带酒")
    ('周六', '')
    """
    m = re.match(rf"(?:{ZH_TIME})+", s.strip())
    return m.group(0) if m else ""


def extract(
    sentence: str, *, speaker: str, at: datetime, previous: str | None = None, addressee: str | None = None
) -> list[Evidence]:
    """The findings of one Chinese sentence."""
    s = sentence.strip()
    if not s:
        return []
    handed = _handed_over(s, speaker, at)
    if handed:
        return handed
    facts = _facts(s, speaker, previous)
    prefs = [] if any(e.key == "restriction" for e in facts) else _preferences(s, speaker, previous)
    refused = any(e.kind == "refusal" for e in prefs)
    agreed = [] if facts or prefs else _agreed(s, speaker, at)
    if agreed:
        return agreed
    status = [] if refused or facts else _status(s, speaker)
    commitments = [] if status or facts or prefs else _commitments(s, speaker, at)
    if addressee and commitments and "你" in s:
        commitments = [
            Evidence(e.layer, e.subject, e.key, e.value, e.score, e.kind, e.due, e.counterparty or addressee)
            for e in commitments
        ]
    return facts + prefs + commitments + status
