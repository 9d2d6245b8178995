"""Variants of the fixes the fifteenth blind round in Chinese (#40) led to: each fix's shape said
in other words, written after the fix, two per fix."""

from __future__ import annotations

from datetime import date

from tests.layer_sets import (
    all_rows as _all,
    commitment_of as _commit,
    disliked as _disliked,
    heard,
    liked as _liked,
    preferences_holding as _prefs,
)


def _one(default_hub, tenant, speaker, text):
    return heard(default_hub, tenant, [(0, speaker, text)])


# -- cannot walk on past it (_ZH_REACTION) ----------------------------------------------------------


def test_v15zh_roast_sweet_potato_stops_the_legs(default_hub):
    mem = _one(default_hub, "v15zh_01", "阿薯", "一闻到烤红薯的味道我就挪不动腿")
    _liked(mem, "阿薯", "烤红薯")


def test_v15zh_a_toy_shop_stops_the_walk(default_hub):
    mem = _one(default_hub, "v15zh_02", "阿玩", "一看到乐高我就走不动路")
    _liked(mem, "阿玩", "乐高")


# -- a stage of life long past as before (_ZH_BEFORE) ------------------------------------------------


def test_v15zh_coriander_feared_as_a_child(default_hub):
    mem = _one(default_hub, "v15zh_03", "阿菜", "小时候特别讨厌香菜，现在反倒离不开")
    _liked(mem, "阿菜", "香菜")


def test_v15zh_sweets_loved_in_the_old_days(default_hub):
    mem = _one(default_hub, "v15zh_04", "阿糖", "从前很爱吃糖，现在一口都不碰了")
    _disliked(mem, "阿糖", "糖")


# -- the place one stays in before the act chosen (_ZH_RATHER) ----------------------------------------


def test_v15zh_reading_at_home_over_shopping(default_hub):
    mem = _one(default_hub, "v15zh_05", "阿书", "比起逛街，我宁愿躺在家里看小说")
    _liked(mem, "阿书", "小说")


def test_v15zh_films_at_home_over_a_party(default_hub):
    mem = _one(default_hub, "v15zh_06", "阿片", "与其去蹦迪，还不如宅在家看电影")
    _liked(mem, "阿片", "电影")


# -- the price paid first, then what one will not do (_ZH_RATHER_NOT) -------------------------------


def test_v15zh_hungry_rather_than_the_canteen(default_hub):
    mem = _one(default_hub, "v15zh_07", "阿饿", "宁愿饿着肚子，也不吃食堂")
    _disliked(mem, "阿饿", "食堂")


def test_v15zh_stairs_rather_than_the_packed_lift(default_hub):
    mem = _one(default_hub, "v15zh_08", "阿梯", "我宁可爬八楼，也不愿意坐那个破电梯")
    _disliked(mem, "阿梯", "电梯")


# -- one of a choice of two taken (rules_zh.chosen_of) ---------------------------------------------


def test_v15zh_a_film_chosen_over_hiking(default_hub):
    mem = heard(
        default_hub,
        "v15zh_09",
        [(0, "v15zh_09", "周六去爬山还是看电影？"), (0, "阿影", "看电影吧，腿还疼")],
    )
    _liked(mem, "阿影", "电影")


def test_v15zh_noodles_chosen_over_rice(default_hub):
    mem = heard(
        default_hub,
        "v15zh_10",
        [(0, "v15zh_10", "中午吃米饭还是吃面条？"), (0, "阿面", "面条！")],
    )
    _liked(mem, "阿面", "面条")


# -- never again, then why (_NOT_EAT's first clause) ------------------------------------------------


def test_v15zh_never_again_oysters_after_a_bad_night(default_hub):
    mem = _one(default_hub, "v15zh_11", "阿蚝", "我再也不吃生蚝了，上回吐了一晚上")
    _disliked(mem, "阿蚝", "生蚝")


def test_v15zh_a_friend_done_with_iced_drinks(default_hub):
    mem = _one(default_hub, "v15zh_12", "阿冰", "小钱说她再也不喝冰可乐了，胃受不了")
    assert _prefs(mem, "阿冰", "可乐") == [], _all(mem)
    _disliked(mem, "小钱", "可乐")


# -- a comparison won beside a stance in another clause --------------------------------------------


def test_v15zh_trains_beat_planes_and_a_fear(default_hub):
    mem = _one(default_hub, "v15zh_13", "阿铁", "高铁比飞机舒服多了，我最怕颠簸")
    _liked(mem, "阿铁", "高铁")


def test_v15zh_noodles_beat_rice_and_a_love(default_hub):
    mem = _one(default_hub, "v15zh_14", "阿粉", "米粉比面条好吃多了，我特别爱吃酸的")
    _liked(mem, "阿粉", "米粉")


# -- a volunteer, then when (_VOLUNTEER_ZH) ---------------------------------------------------------


def test_v15zh_a_volunteer_to_fetch_the_child(default_hub):
    mem = heard(
        default_hub,
        "v15zh_15",
        [(0, "v15zh_15", "明天谁能去接一下孩子？"), (0, "阿接娃", "我去，下午四点到")],
    )
    row = _commit(mem, "阿接娃")
    assert (row.status, row.due) == ("open", date(2026, 9, 2)), _all(mem)


def test_v15zh_a_volunteer_for_the_cat(default_hub):
    mem = heard(
        default_hub,
        "v15zh_16",
        [(0, "v15zh_16", "周五谁有空帮我喂一下猫？"), (0, "阿喵", "我来，晚上七点过去")],
    )
    row = _commit(mem, "阿喵")
    assert (row.status, row.due) == ("open", date(2026, 9, 4)), _all(mem)


# -- a yes, then the act said back for the asker (_YES_TAKEN_ZH) -----------------------------------


def test_v15zh_a_coffee_brought_said_back(default_hub):
    mem = heard(
        default_hub,
        "v15zh_17",
        [(0, "v15zh_17", "明天能帮我带杯咖啡吗？"), (0, "阿咖", "好的，给你带拿铁")],
    )
    row = _commit(mem, "阿咖")
    assert (row.status, row.due) == ("open", date(2026, 9, 2)), _all(mem)


def test_v15zh_a_table_booked_said_back(default_hub):
    mem = heard(
        default_hub,
        "v15zh_18",
        [(0, "v15zh_18", "周六能帮我订个位子吗？"), (0, "阿订", "没问题，帮你订靠窗的")],
    )
    row = _commit(mem, "阿订")
    assert (row.status, row.due) == ("open", date(2026, 9, 5)), _all(mem)


# -- a thing raised alone as a question, then the verdict ----------------------------------------


def test_v15zh_the_new_barbecue_next_door(default_hub):
    mem = _one(default_hub, "v15zh_19", "阿烤", "隔壁新开的烧烤？讲真，再也不去了")
    _disliked(mem, "阿烤", "烧烤")


def test_v15zh_the_gym_round_the_corner(default_hub):
    mem = _one(default_hub, "v15zh_20", "阿健", "拐角那家健身房？坦白说，不会再去了")
    _disliked(mem, "阿健", "健身房")


# -- a head clause pointing at a thing; bought again and again --------------------------------------


def test_v15zh_a_hand_cream_bought_again(default_hub):
    mem = _one(default_hub, "v15zh_21", "阿霜", "那款新出的护手霜，用了一次就爱上了，已经回购好几次")
    _liked(mem, "阿霜", "护手霜")


def test_v15zh_shampoo_bought_again_counted(default_hub):
    mem = _one(default_hub, "v15zh_22", "阿洗", "洗发水我已经回购五次了")
    _liked(mem, "阿洗", "洗发水")


# -- each time passing it, never resisting (_ZH_ORDERED_EACH_TIME) -----------------------------------


def test_v15zh_a_mango_drink_each_time(default_hub):
    mem = _one(default_hub, "v15zh_23", "阿芒", "每次经过那家奶茶店，都忍不住来一杯杨枝甘露")
    _liked(mem, "阿芒", "杨枝甘露")


def test_v15zh_a_pancake_each_time(default_hub):
    mem = _one(default_hub, "v15zh_24", "阿饼", "每次路过地铁口，我都忍不住买个煎饼果子")
    _liked(mem, "阿饼", "煎饼果子")


# -- 不用X了 from the one it was for ----------------------------------------------------------------


def test_v15zh_no_need_to_fetch_from_the_station(default_hub):
    mem = heard(
        default_hub,
        "v15zh_25",
        [(0, "阿站", "周四我去车站接你"), (0, "v15zh_25", "不用接了，我打车回去")],
    )
    assert _commit(mem, "阿站").status == "cancelled", _all(mem)


def test_v15zh_no_need_to_deliver_the_parcel(default_hub):
    mem = heard(
        default_hub,
        "v15zh_26",
        [(0, "阿送", "明天我把快递送到你家"), (0, "v15zh_26", "不用送了，我自己去取")],
    )
    assert _commit(mem, "阿送").status == "cancelled", _all(mem)


# -- a fault gone, told by the one it was mended for (_ZH_FAULT_GONE) ------------------------------


def test_v15zh_the_air_conditioner_no_longer_drips(default_hub):
    mem = heard(
        default_hub,
        "v15zh_27",
        [(0, "阿空", "周五我来帮你看看空调"), (4, "v15zh_27", "空调终于不滴水了，谢啦")],
    )
    assert _commit(mem, "阿空").status == "done", _all(mem)


def test_v15zh_the_door_no_longer_creaks(default_hub):
    mem = heard(
        default_hub,
        "v15zh_28",
        [(0, "阿门", "明天我过来修一下你家的门"), (2, "v15zh_28", "门不响了，真厉害")],
    )
    assert _commit(mem, "阿门").status == "done", _all(mem)


# -- a choice of two with a yes leading the one taken, a stance after it (rules_zh.chosen_of) -------


def test_v15zh_a_yes_then_the_hotpot_taken(default_hub):
    mem = heard(
        default_hub,
        "v15zh_29",
        [(0, "v15zh_29", "周五吃火锅还是烤肉？"), (0, "阿锅", "好的，火锅吧，我最爱吃毛肚")],
    )
    _liked(mem, "阿锅", "火锅")


def test_v15zh_a_yes_then_the_tea_taken(default_hub):
    mem = heard(
        default_hub,
        "v15zh_30",
        [(0, "v15zh_30", "喝红茶还是喝绿茶？"), (0, "阿茶", "行，绿茶吧")],
    )
    _liked(mem, "阿茶", "绿茶")
    assert _prefs(mem, "阿茶", "红茶") == [], _all(mem)


# -- a volunteer said twice, then on the way (_VOLUNTEER_ZH) ---------------------------------------


def test_v15zh_a_volunteer_twice_for_the_parcel(default_hub):
    mem = heard(
        default_hub,
        "v15zh_31",
        [(0, "v15zh_31", "明天谁去取一下快递？"), (0, "阿取", "我去我去，正好顺路")],
    )
    row = _commit(mem, "阿取")
    assert (row.status, row.due) == ("open", date(2026, 9, 2)), _all(mem)


def test_v15zh_a_volunteer_twice_for_the_school_run(default_hub):
    mem = heard(
        default_hub,
        "v15zh_32",
        [(0, "v15zh_32", "周四谁去接一下孩子？"), (0, "阿校车", "我来我来，下班顺路")],
    )
    row = _commit(mem, "阿校车")
    assert (row.status, row.due) == ("open", date(2026, 9, 3)), _all(mem)


# -- a degree stacked on 真的 after the thing (_ZH_PRAISED) ------------------------------------------


def test_v15zh_hotpot_really_too_good(default_hub):
    mem = _one(default_hub, "v15zh_33", "阿涮", "火锅真的太好吃了")
    _liked(mem, "阿涮", "火锅")
    assert all(p.topic != "火锅真" for p in mem.preferences()), _all(mem)


def test_v15zh_the_new_film_raised_then_panned(default_hub):
    mem = _one(default_hub, "v15zh_34", "阿看", "新出的那部电影？真的太难看了")
    _disliked(mem, "阿看", "电影")
