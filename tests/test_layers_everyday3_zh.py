"""A third round of blind everyday scenarios (#40), in Chinese: written before any run and before
reading the rules, in registers the earlier rounds do not use (微信 style, 语气词, 网络用语,
homophone typos, formal notices, lines mixing English words into Chinese, several people in one
chat, reported speech). Each scenario is a few days of chat heard by one tenant of the default hub,
read only through facts(), preferences() and commitments(); the assertions hold the essential
field only (a status, a current value, the sign of a preference)."""

from __future__ import annotations

from datetime import date

from tests.layer_sets import commitment_of as _commit, current as _current, heard, preference_holding as _pref

# TUE (day 0) is Tuesday 1 September 2026: 明天 is 2 Sep, 后天 3 Sep, 周四 3 Sep, 周五 4 Sep,
# 下周二 8 Sep, 下周五 11 Sep.


def _prefs(mem, subject, word):
    """The subject's preferences whose topic holds ``word`` (or is held by it)."""
    rows = [p for p in mem.preferences(subject=subject) if word in p.topic or p.topic in word]
    return rows


def _nothing(mem):
    return (mem.facts(include_superseded=True), mem.preferences(), mem.commitments())


# -- commitments ---------------------------------------------------------------------------------


def test_zh_a_promise_kept_days_later_without_its_words(default_hub):
    mem = heard(
        default_hub,
        "e3zh_c01",
        [
            (0, "张伟", "周五之前我把这个月的房租转给你哈"),
            (0, "e3zh_c01", "好的，不急"),
            (3, "张伟", "钱已经转过去了，你看下到账没"),
        ],
    )
    assert _commit(mem, "张伟").status == "done"


def test_zh_a_promise_made_to_someone_else(default_hub):
    mem = heard(
        default_hub,
        "e3zh_c02",
        [
            (0, "刘洋", "我答应我妈了，这周六回家吃饭"),
            (1, "刘洋", "所以周六没法跟你们去爬山啦"),
        ],
    )
    row = _commit(mem, "刘洋")
    assert row.status == "open" and row.due == date(2026, 9, 5)


def test_zh_a_treat_called_off_with_an_emoji(default_hub):
    mem = heard(
        default_hub,
        "e3zh_c03",
        [
            (0, "王磊", "下周二我请大家喝奶茶🧋"),
            (4, "王磊", "奶茶那个取消哈，下周二临时要出差😭"),
        ],
    )
    assert _commit(mem, "王磊").status == "cancelled"


def test_zh_a_third_persons_promise_in_reported_speech(default_hub):
    mem = heard(
        default_hub,
        "e3zh_c04",
        [
            (0, "陈静", "老周刚跟我说，他后天把车钥匙还给我"),
        ],
    )
    row = _commit(mem, "老周")
    assert row.status == "open" and row.due == date(2026, 9, 3)
    assert [c for c in mem.commitments() if c.owner == "陈静"] == []


def test_zh_a_promise_with_english_words_mixed_in(default_hub):
    mem = heard(
        default_hub,
        "e3zh_c05",
        [
            (0, "Kevin", "明天我把deck发给老板review一下"),
        ],
    )
    row = _commit(mem, "Kevin")
    assert row.status == "open" and row.due == date(2026, 9, 2)


def test_zh_a_promise_with_a_homophone_typo(default_hub):
    mem = heard(
        default_hub,
        "e3zh_c06",
        [
            (0, "赵敏", "报告我明天在改一版，改完发你"),
        ],
    )
    row = _commit(mem, "赵敏")
    assert row.status == "open" and row.due == date(2026, 9, 2)


def test_zh_several_people_promise_and_one_delivers(default_hub):
    mem = heard(
        default_hub,
        "e3zh_c07",
        [
            (0, "小美", "生日聚会我负责买蛋糕🎂"),
            (0, "阿杰", "那我去订KTV包厢"),
            (0, "e3zh_c07", "好嘞，分工明确"),
            (2, "阿杰", "包厢订好了，周六晚上七点"),
        ],
    )
    assert _commit(mem, "阿杰").status == "done"
    assert _commit(mem, "小美").status == "open"


def test_zh_a_formal_notice_is_a_promise_with_a_due_date(default_hub):
    mem = heard(
        default_hub,
        "e3zh_c08",
        [
            (0, "孙经理", "本人将于本周五前提交第三季度工作总结，请知悉。"),
        ],
    )
    row = _commit(mem, "孙经理")
    assert row.status == "open" and row.due == date(2026, 9, 4)


def test_zh_not_done_yet_keeps_a_promise_open(default_hub):
    mem = heard(
        default_hub,
        "e3zh_c09",
        [
            (0, "周琳", "我明天把照片整理好发群里"),
            (1, "周琳", "还没弄完呢，昨晚加班到十二点"),
        ],
    )
    assert _commit(mem, "周琳").status == "open"


def test_zh_a_plan_given_up_in_other_words(default_hub):
    mem = heard(
        default_hub,
        "e3zh_c10",
        [
            (0, "黄磊", "我打算下个月去考驾照"),
            (12, "黄磊", "算了，驾照今年不考了，实在没时间练车"),
        ],
    )
    assert _commit(mem, "黄磊").status == "cancelled"


def test_zh_a_run_on_line_with_a_promise_inside(default_hub):
    mem = heard(
        default_hub,
        "e3zh_c11",
        [
            (0, "林夕", "今天好累啊开了一天会 老板又改需求了 我下周五前把新方案交上去 烦死了"),
        ],
    )
    row = _commit(mem, "林夕")
    assert row.status == "open" and row.due == date(2026, 9, 11)


def test_zh_a_third_persons_promise_kept_in_reported_speech(default_hub):
    mem = heard(
        default_hub,
        "e3zh_c12",
        [
            (0, "吴倩", "我老公说他明天去接孩子"),
            (0, "吴倩", "小刘说他周四把发票寄过来"),
            (3, "吴倩", "小刘那边发票寄到了"),
        ],
    )
    assert _commit(mem, "小刘").status == "done"


# -- no promise ----------------------------------------------------------------------------------


def test_zh_a_conditional_is_no_promise(default_hub):
    mem = heard(
        default_hub,
        "e3zh_n01",
        [
            (0, "郑浩", "要是明天不下雨的话，我就去跑步"),
            (0, "郑浩", "如果老板批了假，我下周去云南玩"),
        ],
    )
    assert mem.commitments() == []


def test_zh_questions_that_sound_like_offers_promise_nothing(default_hub):
    mem = heard(
        default_hub,
        "e3zh_n02",
        [
            (0, "何雪", "要不要我明天帮你把快递拿上来？"),
            (0, "何雪", "周末要不要一起去看电影呀"),
            (1, "何雪", "你明天有空吗？"),
        ],
    )
    assert mem.commitments() == []


def test_zh_greetings_chit_chat_and_thanks_give_nothing(default_hub):
    mem = heard(
        default_hub,
        "e3zh_n03",
        [
            (0, "小雨", "在吗在吗"),
            (0, "小雨", "早上好呀～☀️"),
            (1, "小雨", "哈哈哈哈笑死我了"),
            (1, "小雨", "谢啦，你真是个小天才"),
            (2, "小雨", "晚安安😴 明天见"),
        ],
    )
    assert _nothing(mem) == ([], [], [])


def test_zh_a_vague_someday_is_no_promise(default_hub):
    mem = heard(
        default_hub,
        "e3zh_n04",
        [
            (0, "宋佳", "改天有空再约吧～"),
            (0, "宋佳", "我看看吧，说不定周末去看你，不一定哈"),
        ],
    )
    assert mem.commitments() == []


def test_zh_wishes_and_questions_state_no_fact(default_hub):
    mem = heard(
        default_hub,
        "e3zh_n05",
        [
            (0, "e3zh_n05", "你现在住在哪儿呀？"),
            (0, "马超", "好想搬去大理啊，天天晒太阳"),
            (1, "马超", "要是我在谷歌上班就好了"),
            (1, "e3zh_n05", "你是不是在北京工作？"),
        ],
    )
    assert mem.facts(include_superseded=True) == []


def test_zh_a_question_about_tastes_states_no_preference(default_hub):
    mem = heard(
        default_hub,
        "e3zh_n06",
        [
            (0, "e3zh_n06", "你喜欢吃辣吗？"),
            (0, "彭飞", "你觉得我喜欢什么口味来着？"),
        ],
    )
    assert mem.preferences() == []


# -- facts ---------------------------------------------------------------------------------------


def test_zh_a_change_of_trade(default_hub):
    mem = heard(
        default_hub,
        "e3zh_f01",
        [
            (0, "许晴", "我在一家广告公司做平面设计"),
            (60, "许晴", "辞职啦，现在改行当摄影师了📷"),
        ],
    )
    jobs = _current(mem, "许晴", "job")
    assert jobs and "摄影" in " ".join(jobs) and "设计" not in " ".join(jobs), jobs


def test_zh_a_change_of_employer_by_job_hopping(default_hub):
    mem = heard(
        default_hub,
        "e3zh_f02",
        [
            (0, "高远", "我在腾讯上班，天天加班"),
            (45, "高远", "上周跳槽到字节了，工资涨了不少"),
        ],
    )
    employers = _current(mem, "高远", "employer")
    assert len(employers) == 1 and "字节" in employers[0], employers


def test_zh_a_move_said_colloquially(default_hub):
    mem = heard(
        default_hub,
        "e3zh_f03",
        [
            (0, "老钱", "俺住成都，离春熙路不远"),
            (30, "老钱", "上个月搬去重庆了，火锅更正宗哈哈"),
        ],
    )
    assert _current(mem, "老钱", "residence") == ["重庆"]


def test_zh_a_relationship_that_moves_on(default_hub):
    mem = heard(
        default_hub,
        "e3zh_f04",
        [
            (0, "唐糖", "我跟我男朋友在一起三年了"),
            (50, "唐糖", "我们上周领证啦💍 正式结婚了"),
        ],
    )
    assert _current(mem, "唐糖", "relationship") == ["married"]


def test_zh_a_break_up(default_hub):
    mem = heard(
        default_hub,
        "e3zh_f05",
        [
            (0, "阿May", "我和男朋友分手了，现在单身"),
        ],
    )
    assert _current(mem, "阿May", "relationship") == ["single"]


def test_zh_a_school(default_hub):
    mem = heard(
        default_hub,
        "e3zh_f06",
        [
            (0, "韩梅", "我在浙大读研，明年毕业"),
        ],
    )
    schools = _current(mem, "韩梅", "school")
    assert len(schools) == 1 and "浙" in schools[0], schools


def test_zh_a_third_persons_home_is_filed_under_them(default_hub):
    mem = heard(
        default_hub,
        "e3zh_f07",
        [
            (0, "王芳", "小李现在住在苏州，离我有点远"),
        ],
    )
    assert _current(mem, "小李", "residence") == ["苏州"]
    assert _current(mem, "王芳", "residence") == []


def test_zh_an_age_in_words(default_hub):
    mem = heard(
        default_hub,
        "e3zh_f08",
        [
            (0, "邓超", "我今年二十八了，还没对象，家里天天催"),
        ],
    )
    assert _current(mem, "邓超", "age") in (["28"], ["二十八"])


def test_zh_an_allergy_said_as_a_warning(default_hub):
    mem = heard(
        default_hub,
        "e3zh_f09",
        [
            (0, "罗琪", "我对芒果过敏哦，千万别给我点带芒果的"),
        ],
    )
    allergies = _current(mem, "罗琪", "allergy")
    assert len(allergies) == 1 and "芒果" in allergies[0], allergies


def test_zh_a_pet_with_its_name(default_hub):
    mem = heard(
        default_hub,
        "e3zh_f10",
        [
            (0, "胡彬", "我家养了一只柯基，叫豆豆，超级能吃"),
        ],
    )
    pets = _current(mem, "胡彬", "pet")
    assert pets and "柯基" in " ".join(pets), pets


def test_zh_a_hometown_in_dialect_register(default_hub):
    mem = heard(
        default_hub,
        "e3zh_f11",
        [
            (0, "大刘", "俺老家是哈尔滨的，冬天贼冷"),
        ],
    )
    assert _current(mem, "大刘", "hometown") == ["哈尔滨"]


def test_zh_an_employer_in_mixed_english(default_hub):
    mem = heard(
        default_hub,
        "e3zh_f12",
        [
            (0, "Lisa", "我现在在Google做PM，每天meeting开不完"),
        ],
    )
    assert _current(mem, "Lisa", "employer") == ["Google"]


def test_zh_a_fact_asked_about_and_denied(default_hub):
    mem = heard(
        default_hub,
        "e3zh_f13",
        [
            (0, "e3zh_f13", "你是在上海工作吗？"),
            (0, "曹阳", "不是哦，我在杭州"),
        ],
    )
    assert "上海" not in " ".join(f.value for f in mem.facts(subject="曹阳"))
    assert _current(mem, "曹阳", "residence") == ["杭州"]


def test_zh_a_home_with_a_homophone_typo(default_hub):
    mem = heard(
        default_hub,
        "e3zh_f14",
        [
            (0, "冯雷", "我再北京上班，住在通州"),
        ],
    )
    assert _current(mem, "冯雷", "residence") in (["北京"], ["通州"])


def test_zh_a_diet_taken_up(default_hub):
    mem = heard(
        default_hub,
        "e3zh_f15",
        [
            (0, "苏菲", "我从上个月开始吃素了，肉一口都不碰"),
        ],
    )
    assert _current(mem, "苏菲", "diet"), mem.facts()


def test_zh_a_name_to_be_called_by(default_hub):
    mem = heard(
        default_hub,
        "e3zh_f16",
        [
            (0, "用户", "叫我小雨就行，大家都这么叫"),
        ],
    )
    assert _current(mem, "用户", "name") == ["小雨"]


# -- preferences ---------------------------------------------------------------------------------


def test_zh_a_refused_offer_lowers_a_preference(default_hub):
    mem = heard(
        default_hub,
        "e3zh_p01",
        [
            (0, "e3zh_p01", "要不要来杯咖啡提提神？"),
            (0, "钟琴", "不了不了，喝了晚上睡不着"),
            (2, "e3zh_p01", "那给你点杯咖啡？"),
            (2, "钟琴", "真不用，谢谢"),
        ],
    )
    assert _pref(mem, "钟琴", "咖啡").value < 0.5


def test_zh_a_liking_in_internet_slang_that_flips(default_hub):
    mem = heard(
        default_hub,
        "e3zh_p02",
        [
            (0, "叶子", "我超爱吃香菜的！！"),
            (30, "叶子", "最近突然不喜欢香菜了，闻着一股肥皂味"),
        ],
    )
    coriander = _pref(mem, "叶子", "香菜")
    assert coriander.value < 0.5 and coriander.trend < 0


def test_zh_a_dislike_that_turns_into_a_liking(default_hub):
    mem = heard(
        default_hub,
        "e3zh_p03",
        [
            (0, "方圆", "我以前一直不喜欢喝茶，觉得苦"),
            (40, "方圆", "现在反而爱上喝茶了，每天一壶"),
        ],
    )
    tea = _pref(mem, "方圆", "茶")
    assert tea.value > 0.5 and tea.trend > 0


def test_zh_a_childs_liking_filed_under_the_child(default_hub):
    mem = heard(
        default_hub,
        "e3zh_p04",
        [
            (0, "潘妈妈", "小宝最喜欢玩乐高了，一玩就是一下午"),
        ],
    )
    assert _pref(mem, "小宝", "乐高").value > 0.5
    assert _prefs(mem, "潘妈妈", "乐高") == []


def test_zh_a_reported_dislike_filed_under_the_third_person(default_hub):
    mem = heard(
        default_hub,
        "e3zh_p05",
        [
            (0, "蒋欣", "老王说他不爱吃辣，点菜的时候注意点"),
        ],
    )
    assert _pref(mem, "老王", "辣").value < 0.5
    assert _prefs(mem, "蒋欣", "辣") == []


def test_zh_a_favourite_said_with_emoji(default_hub):
    mem = heard(
        default_hub,
        "e3zh_p06",
        [
            (0, "阿琳", "火锅永远是我的最爱😍"),
        ],
    )
    assert _pref(mem, "阿琳", "火锅").value > 0.5


def test_zh_outings_refused_again_and_again(default_hub):
    mem = heard(
        default_hub,
        "e3zh_p07",
        [
            (0, "e3zh_p07", "周末去爬山吗？"),
            (0, "石磊", "算了吧，太累了"),
            (7, "e3zh_p07", "那这周末去爬山怎么样？"),
            (7, "石磊", "爬山就算了😂"),
            (14, "e3zh_p07", "要不要报个爬山团？"),
            (14, "石磊", "不去不去"),
        ],
    )
    assert _pref(mem, "石磊", "爬山").value < 0.5


def test_zh_a_liking_with_an_english_word(default_hub):
    mem = heard(
        default_hub,
        "e3zh_p08",
        [
            (0, "Tina", "我超喜欢听jazz的，尤其是下雨天"),
        ],
    )
    assert _pref(mem, "Tina", "jazz").value > 0.5


def test_zh_cannot_stand_is_a_dislike(default_hub):
    mem = heard(
        default_hub,
        "e3zh_p09",
        [
            (0, "董洁", "我真的受不了排队，宁可不吃"),
        ],
    )
    assert _pref(mem, "董洁", "排队").value < 0.5


def test_zh_a_homophone_slang_dislike(default_hub):
    mem = heard(
        default_hub,
        "e3zh_p10",
        [
            (0, "小鹿", "我不太稀饭吃甜的，太腻了"),
        ],
    )
    assert _pref(mem, "小鹿", "甜").value < 0.5


def test_zh_sarcasm_is_no_liking(default_hub):
    mem = heard(
        default_hub,
        "e3zh_p11",
        [
            (0, "秦川", "我可太喜欢加班了呢🙃 天天加到十点"),
        ],
    )
    assert all(p.value <= 0.5 for p in _prefs(mem, "秦川", "加班"))


def test_zh_an_accepted_offer_keeps_a_liking_up(default_hub):
    mem = heard(
        default_hub,
        "e3zh_p12",
        [
            (0, "白露", "我挺喜欢周杰伦的歌"),
            (3, "e3zh_p12", "要不要给你推荐几首周杰伦的老歌？"),
            (3, "白露", "好呀好呀，求推荐！"),
        ],
    )
    assert _pref(mem, "白露", "周杰伦").value > 0.5


def test_zh_likes_of_two_people_in_one_chat(default_hub):
    mem = heard(
        default_hub,
        "e3zh_p13",
        [
            (0, "阿伟", "我喜欢吃川菜"),
            (0, "小敏", "我不喜欢川菜，太辣了，我更喜欢粤菜"),
        ],
    )
    assert _pref(mem, "阿伟", "川菜").value > 0.5
    assert _pref(mem, "小敏", "川菜").value < 0.5
    assert _pref(mem, "小敏", "粤菜").value > 0.5
