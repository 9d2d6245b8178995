"""A fifteenth round of blind everyday scenarios (#40), in Chinese: written before any run and
before probing any line, unlike the earlier rounds in verbs, situations and people. Weighed toward
preferences told indirectly: a choice between two things (比起X更愿意Y, X比Y好吃多了, 宁可…也不),
a thing judged in a later clause than the one that names it (楼下新开的那家日料？…不会再去了), a
reported taste of a named person or of kin (小赵说他再也不吃…, 我婆婆看不上…), an offer accepted or
refused in the reply to a question (川菜还是粤菜？/ 那就川菜吧), tastes by habit or by what one
cannot resist (忍不住, 走不动道), a flip told in the past (以前…现在…, 小时候…现在反倒…), irony and
praise of people (which give no taste); then promises and task states told in the other person's
reply (a volunteer for a move, thanks for a key left, a meal moved, a lift no longer needed, a
form still missing), and lines that give nothing (a question about a taste, hearsay, an offer put
as a question, a film character's taste, a teacher's praise, a cake bought for a daughter). Two
scenarios mix scripts (Netflix/B站, PPT).
Each scenario is a few days of chat heard by one tenant of the default hub, read only through
facts(), preferences() and commitments(); the assertions hold the essential field only."""

from __future__ import annotations

from datetime import date

from tests.layer_sets import (
    all_rows as _all,
    commitment_of as _commit,
    disliked as _disliked,
    heard,
    liked as _liked,
    no_preference as _no_pref,
    no_promise as _no_promise,
    no_rows as _no_rows,
    preference_holding as _pref,
    preferences_holding as _prefs,
)

# TUE (day 0) is Tuesday 1 September 2026: 明天/明早 2 Sep, 周四 3 Sep, 周五 4 Sep, 周六 5 Sep,
# 下周四 10 Sep.


def _kin_rows(mem, speaker, kin, word):
    """Preferences on ``word`` of a subject that is the speaker's ``kin`` (X的婆婆)."""
    return [p for p in mem.preferences() if word in p.topic and kin in p.subject and p.subject != speaker]


# -- a choice between two things -----------------------------------------------------------------


def test_zh15_games_at_home_over_hiking(default_hub):
    mem = heard(default_hub, "e15zh_p01", [(0, "阿宅", "比起爬山，我更愿意窝在家里打游戏")])
    _liked(mem, "阿宅", "打游戏")


def test_zh15_dumplings_beat_buns(default_hub):
    mem = heard(default_hub, "e15zh_p02", [(0, "阿饺", "饺子比包子好吃多了，馅儿也足")])
    _liked(mem, "阿饺", "饺子")


def test_zh15_walking_rather_than_a_crowded_bus(default_hub):
    mem = heard(default_hub, "e15zh_p03", [(0, "阿走", "我宁可多走二十分钟，也不想挤公交")])
    _disliked(mem, "阿走", "公交")


def test_zh15_winter_over_summer(default_hub):
    mem = heard(default_hub, "e15zh_p04", [(0, "阿冬", "冬天比夏天舒服多了，我这人最怕热")])
    _liked(mem, "阿冬", "冬天")


def test_zh15_bilibili_over_netflix(default_hub):
    mem = heard(default_hub, "e15zh_p05", [(0, "阿刷", "比起Netflix，我还是更爱刷B站")])
    _liked(mem, "阿刷", "B站")


# -- a thing judged in a later clause ------------------------------------------------------------


def test_zh15_the_new_japanese_place_downstairs(default_hub):
    mem = heard(default_hub, "e15zh_p06", [(0, "阿评", "楼下新开的那家日料？说实话很一般，不会再去了")])
    _disliked(mem, "阿评", "日料")


def test_zh15_a_milk_tea_bought_again_and_again(default_hub):
    mem = heard(
        default_hub,
        "e15zh_p07",
        [(0, "阿奶", "那个新出的奶茶牌子，第一次喝就惊艳到了，已经回购三次")],
    )
    _liked(mem, "阿奶", "奶茶")


# -- a reported taste of another -----------------------------------------------------------------


def test_zh15_xiaozhao_done_with_snail_noodles(default_hub):
    mem = heard(default_hub, "e15zh_p08", [(0, "阿传", "小赵说他再也不吃螺蛳粉了，上次吃完拉了一宿")])
    assert _prefs(mem, "阿传", "螺蛳粉") == [], _all(mem)
    assert _pref(mem, "小赵", "螺蛳粉").value < 0.5, _all(mem)


def test_zh15_mother_in_law_looks_down_on_takeaway(default_hub):
    mem = heard(default_hub, "e15zh_p09", [(0, "阿媳", "我婆婆特别看不上外卖，说又油又不干净")])
    assert _prefs(mem, "阿媳", "外卖") == [], _all(mem)
    rows = _kin_rows(mem, "阿媳", "婆婆", "外卖")
    assert len(rows) == 1 and rows[0].value < 0.5, _all(mem)


# -- an offer accepted or refused in the reply -----------------------------------------------------


def test_zh15_sichuan_chosen_in_the_reply(default_hub):
    mem = heard(
        default_hub,
        "e15zh_p10",
        [
            (0, "e15zh_p10", "晚上吃川菜还是粤菜？"),
            (0, "阿川", "那就川菜吧，好久没吃辣了"),
        ],
    )
    _liked(mem, "阿川", "川菜")


def test_zh15_durian_waved_away(default_hub):
    mem = heard(
        default_hub,
        "e15zh_p11",
        [
            (0, "e15zh_p11", "要不要来块榴莲？刚开的"),
            (0, "阿榴", "别别别，那味儿我真受不了"),
        ],
    )
    _disliked(mem, "阿榴", "榴莲")


def test_zh15_coffee_always(default_hub):
    mem = heard(
        default_hub,
        "e15zh_p12",
        [
            (0, "e15zh_p12", "喝茶还是喝咖啡？"),
            (0, "阿啡", "咖啡，必须的"),
        ],
    )
    _liked(mem, "阿啡", "咖啡")


# -- by habit or by what one cannot resist ---------------------------------------------------------


def test_zh15_a_croissant_every_time(default_hub):
    mem = heard(default_hub, "e15zh_p13", [(0, "阿颂", "每次路过那家面包店，都忍不住买个可颂")])
    _liked(mem, "阿颂", "可颂")


def test_zh15_crayfish_stops_one_in_ones_tracks(default_hub):
    mem = heard(default_hub, "e15zh_p14", [(0, "阿虾", "一看到小龙虾我就走不动道")])
    _liked(mem, "阿虾", "小龙虾")


# -- a flip told in the past -----------------------------------------------------------------------


def test_zh15_mcdonalds_gone_stale(default_hub):
    mem = heard(default_hub, "e15zh_p15", [(0, "阿麦", "以前挺爱吃麦当劳的，现在闻着都腻")])
    _disliked(mem, "阿麦", "麦当劳")


def test_zh15_bitter_melon_feared_as_a_child(default_hub):
    mem = heard(default_hub, "e15zh_p16", [(0, "阿苦", "小时候最怕吃苦瓜，现在反倒挺喜欢的")])
    _liked(mem, "阿苦", "苦瓜")


# -- irony and praise of people --------------------------------------------------------------------


def test_zh15_overtime_loved_in_irony(default_hub):
    mem = heard(default_hub, "e15zh_p17", [(0, "阿班", "太好了又要加班，我可真是爱死加班了呢")])
    assert all(p.value <= 0.5 for p in _prefs(mem, "阿班", "加班")), _all(mem)


def test_zh15_praise_of_a_reliable_colleague(default_hub):
    mem = heard(default_hub, "e15zh_p18", [(0, "阿赞", "小林做事真靠谱，我特别欣赏她")])
    _no_pref(mem)


def test_zh15_praise_of_a_form_teacher(default_hub):
    mem = heard(default_hub, "e15zh_p19", [(0, "阿生", "我们班主任人超好，讲课也特别有意思")])
    _no_pref(mem)


# -- promises and task states in the other person's reply -----------------------------------------


def test_zh15_a_volunteer_for_the_move(default_hub):
    mem = heard(
        default_hub,
        "e15zh_c01",
        [
            (0, "e15zh_c01", "周六谁能来帮我搬家？"),
            (0, "阿力", "我来，早上九点到"),
        ],
    )
    row = _commit(mem, "阿力")
    assert (row.status, row.due) == ("open", date(2026, 9, 5)), _all(mem)


def test_zh15_breakfast_brought_tomorrow(default_hub):
    mem = heard(
        default_hub,
        "e15zh_c02",
        [
            (0, "e15zh_c02", "明早能帮我带份早饭吗？"),
            (0, "阿早", "行，给你带豆浆油条"),
        ],
    )
    row = _commit(mem, "阿早")
    assert (row.status, row.due) == ("open", date(2026, 9, 2)), _all(mem)


def test_zh15_the_key_found_in_the_letterbox(default_hub):
    mem = heard(
        default_hub,
        "e15zh_c03",
        [
            (0, "阿钥", "周四我把钥匙放你家楼下信箱里"),
            (2, "e15zh_c03", "钥匙拿到了，在信箱里，谢啦"),
        ],
    )
    assert _commit(mem, "阿钥").status == "done", _all(mem)


def test_zh15_a_dinner_moved_by_the_guest(default_hub):
    mem = heard(
        default_hub,
        "e15zh_c04",
        [
            (0, "阿请", "周五我请你吃饭"),
            (3, "e15zh_c04", "周五我临时出差，饭改到下周四吧"),
            (3, "阿请", "行，那就下周四"),
        ],
    )
    row = _commit(mem, "阿请")
    assert (row.status, row.due) == ("open", date(2026, 9, 10)), _all(mem)


def test_zh15_a_lift_to_the_airport_no_longer_needed(default_hub):
    mem = heard(
        default_hub,
        "e15zh_c05",
        [
            (0, "阿接", "明天我去机场接你"),
            (0, "e15zh_c05", "不用接了，我同事顺路送我回来"),
        ],
    )
    assert _commit(mem, "阿接").status == "cancelled", _all(mem)


def test_zh15_the_pipe_no_longer_leaks(default_hub):
    mem = heard(
        default_hub,
        "e15zh_c06",
        [
            (0, "阿修", "明天我过来帮你修水管"),
            (2, "e15zh_c06", "水管不漏了，多亏你"),
        ],
    )
    assert _commit(mem, "阿修").status == "done", _all(mem)


def test_zh15_the_form_still_missing(default_hub):
    mem = heard(
        default_hub,
        "e15zh_c07",
        [
            (0, "阿表", "今天我把表格填好发你"),
            (2, "e15zh_c07", "表格呢？还没收到啊"),
            (2, "阿表", "马上马上，还差两栏"),
        ],
    )
    assert _commit(mem, "阿表").status == "open", _all(mem)


def test_zh15_the_slides_received(default_hub):
    mem = heard(
        default_hub,
        "e15zh_c08",
        [
            (0, "阿稿", "明天之前我把PPT改完发你"),
            (1, "e15zh_c08", "PPT收到了，改得挺好"),
        ],
    )
    assert _commit(mem, "阿稿").status == "done", _all(mem)


# -- nothing ---------------------------------------------------------------------------------------


def test_zh15_a_question_about_coriander(default_hub):
    mem = heard(default_hub, "e15zh_n01", [(0, "阿问", "你吃香菜吗？")])
    _no_rows(mem)


def test_zh15_roast_duck_only_heard_of(default_hub):
    mem = heard(default_hub, "e15zh_n02", [(0, "阿听", "听说那家烤鸭特别好吃，排队要两小时")])
    _no_pref(mem)


def test_zh15_an_exhibition_offered_as_a_question(default_hub):
    mem = heard(default_hub, "e15zh_n03", [(0, "阿展", "要不要周末一起去看展？")])
    _no_rows(mem)


def test_zh15_an_old_man_in_a_film_and_his_baijiu(default_hub):
    mem = heard(default_hub, "e15zh_n04", [(0, "阿映", "电影里那个老头最爱喝二锅头，每顿都来一口")])
    _no_pref(mem)


def test_zh15_a_teacher_praises_handwriting(default_hub):
    mem = heard(default_hub, "e15zh_n05", [(0, "阿夸", "老师表扬小明字写得好")])
    _no_rows(mem)


def test_zh15_a_cake_for_a_daughters_birthday(default_hub):
    mem = heard(default_hub, "e15zh_n06", [(0, "阿糕", "这个蛋糕是给我女儿买的，她今天生日")])
    _no_pref(mem)
    _no_promise(mem)
