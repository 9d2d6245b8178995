"""Variants of the fourteenth blind Chinese round's fixes (#40): each fix read by its shape, two
lines in other words of the same shape, written after the fix."""

from __future__ import annotations

from tests.layer_sets import (
    all_rows as _all,
    commitment_of as _commit,
    current as _current,
    heard,
    no_fact as _no_fact,
    preference_holding as _pref,
)

# -- a clause set in a work of fiction's world (extract._BELIEF_ZH) ----------------------------


def test_zh14v_a_lawyer_in_a_novel(default_hub):
    mem = heard(default_hub, "e14zhv_01", [(0, "阿说", "小说里女主在律所上班，天天加班")])
    _no_fact(mem)


def test_zh14v_a_trader_in_a_titled_series(default_hub):
    mem = heard(default_hub, "e14zhv_02", [(0, "阿繁", "《繁花》里阿宝在上海做外贸，看得我热血沸腾")])
    _no_fact(mem)


# -- a measure word opening a noun phrase the 在 clause describes (general._facts_zh) ------------


def test_zh14v_a_pm_at_meta_in_a_video(default_hub):
    mem = heard(default_hub, "e14zhv_03", [(0, "阿刷", "刷到一个在Meta做PM的视频，太真实了")])
    _no_fact(mem)


def test_zh14v_a_senior_designing_at_apple(default_hub):
    mem = heard(default_hub, "e14zhv_04", [(0, "阿学", "认识一位在Apple做设计的学长，人超好")])
    _no_fact(mem)


# -- an age said bare, a clause going on (general._ZH_AGE) ---------------------------------------


def test_zh14v_forty_five_and_a_bad_back(default_hub):
    mem = heard(default_hub, "e14zhv_05", [(0, "老腰", "我今年四十五，腰不行了")])
    assert _current(mem, "老腰", "age") == ["45"], _all(mem)


def test_zh14v_twenty_six_two_years_into_work(default_hub):
    mem = heard(default_hub, "e14zhv_06", [(0, "小六", "我今年二十六，刚工作两年")])
    assert _current(mem, "小六", "age") == ["26"], _all(mem)


# -- 祖籍 and a province with its town (general._ZH_HOMETOWN) ------------------------------------


def test_zh14v_ancestral_guangdong(default_hub):
    mem = heard(default_hub, "e14zhv_07", [(0, "阿粤", "祖籍广东，现在在成都上班")])
    assert _current(mem, "阿粤", "hometown") == ["广东"], _all(mem)


def test_zh14v_home_village_in_yancheng(default_hub):
    mem = heard(default_hub, "e14zhv_08", [(0, "阿盐", "老家是江苏盐城的，现在住南京")])
    assert "盐城" in " ".join(_current(mem, "阿盐", "hometown")), _all(mem)


# -- a numbered middle school, a kindergarten class (general._ZH_SCHOOL) -------------------------


def test_zh14v_a_son_at_number_eight(default_hub):
    mem = heard(default_hub, "e14zhv_09", [(0, "阿八", "我儿子在八中，成绩一般")])
    assert [f.value for f in mem.facts() if f.key == "school" and "儿子" in f.subject] == ["八中"], _all(mem)


def test_zh14v_a_kid_in_the_middle_class(default_hub):
    mem = heard(default_hub, "e14zhv_10", [(0, "阿阳", "我家娃在阳光幼儿园上中班")])
    assert [f.value for f in mem.facts() if f.key == "school" and "孩子" in f.subject] == ["阳光幼儿园"], (
        _all(mem)
    )


# -- one's school named as what it is (general._ZH_SCHOOL, ourschool) ----------------------------


def test_zh14v_third_year_at_nanjing_university(default_hub):
    mem = heard(default_hub, "e14zhv_11", [(0, "阿南", "我在读大三，学校是南京大学")])
    assert _current(mem, "阿南", "school") == ["南京大学"], _all(mem)


def test_zh14v_my_school_is_zheda(default_hub):
    mem = heard(default_hub, "e14zhv_12", [(0, "阿浙", "我的学校是浙大，离西湖不远")])
    assert _current(mem, "阿浙", "school") == ["浙大"], _all(mem)


# -- one's unit or firm named as what it is (general._ZH_EMPLOYER, unit) -------------------------


def test_zh14v_a_district_tax_office(default_hub):
    mem = heard(default_hub, "e14zhv_13", [(0, "阿税", "我单位是区税务局，天天对着报表")])
    assert _current(mem, "阿税", "employer") == ["区税务局"], _all(mem)


def test_zh14v_our_firm_is_meituan(default_hub):
    mem = heard(default_hub, "e14zhv_14", [(0, "阿团", "我们公司是美团，我做外卖那块")])
    assert _current(mem, "阿团", "employer") == ["美团"], _all(mem)


# -- a receipt reported by a named one (extract, general.ZH_RECEIVED_REPORTED) -------------------


def test_zh14v_money_received_says_xiao_chen(default_hub):
    mem = heard(
        default_hub,
        "e14zhv_15",
        [
            (0, "阿转", "明天我把钱转给小陈"),
            (2, "e14zhv_15", "小陈说钱收到了"),
        ],
    )
    assert _commit(mem, "阿转").status == "done", _all(mem)


def test_zh14v_a_parcel_received_says_lao_zhang(default_hub):
    mem = heard(
        default_hub,
        "e14zhv_16",
        [
            (0, "阿寄", "周五我把包裹寄给老张"),
            (5, "e14zhv_16", "老张说包裹收到了，挺满意的"),
        ],
    )
    assert _commit(mem, "阿寄").status == "done", _all(mem)


# -- the thing seen or got, then thanks (general._ZH_SEEN_THANKED) -------------------------------


def test_zh14v_a_file_seen_and_thanked_for(default_hub):
    mem = heard(
        default_hub,
        "e14zhv_17",
        [
            (0, "阿文", "今晚我把文件发你邮箱"),
            (1, "e14zhv_17", "文件我看到了，辛苦你了"),
        ],
    )
    assert _commit(mem, "阿文").status == "done", _all(mem)


def test_zh14v_a_contract_got_and_thanked_for(default_hub):
    mem = heard(
        default_hub,
        "e14zhv_18",
        [
            (0, "阿同", "明天我把合同送到你公司"),
            (1, "e14zhv_18", "合同我拿到了，辛苦跑一趟"),
        ],
    )
    assert _commit(mem, "阿同").status == "done", _all(mem)


# -- the thing mended working again (general._ZH_AT_LAST) ----------------------------------------


def test_zh14v_a_washing_machine_that_works_again(default_hub):
    mem = heard(
        default_hub,
        "e14zhv_19",
        [
            (0, "阿洗", "周末我把洗衣机修一下"),
            (5, "阿洗", "洗衣机又能用了，谢天谢地"),
        ],
    )
    assert _commit(mem, "阿洗").status == "done", _all(mem)


def test_zh14v_a_router_that_works_normally(default_hub):
    mem = heard(
        default_hub,
        "e14zhv_20",
        [
            (0, "阿网", "今晚我把路由器弄好"),
            (1, "阿网", "路由器可以正常用了"),
        ],
    )
    assert _commit(mem, "阿网").status == "done", _all(mem)


# -- the plan that fell through, 没V成 (general._ZH_CANCEL) --------------------------------------


def test_zh14v_a_hotpot_never_eaten(default_hub):
    mem = heard(
        default_hub,
        "e14zhv_21",
        [
            (0, "阿锅", "周六我请你吃火锅"),
            (6, "阿锅", "火锅最后也没吃成，临时加班"),
        ],
    )
    assert _commit(mem, "阿锅").status == "cancelled", _all(mem)


def test_zh14v_an_exhibition_never_seen(default_hub):
    mem = heard(
        default_hub,
        "e14zhv_22",
        [
            (0, "阿展", "下周二我陪你去看展"),
            (9, "阿展", "展最后没看成，票卖光了"),
        ],
    )
    assert _commit(mem, "阿展").status == "cancelled", _all(mem)


# -- a time word of the stance, off the topic (topics._ZH_EDGE) ----------------------------------


def test_zh14v_milk_tea_lately_tired_of(default_hub):
    mem = heard(default_hub, "e14zhv_23", [(0, "阿奶", "最近奶茶喝腻了")])
    assert _pref(mem, "阿奶", "奶茶").value < 0.5, _all(mem)
    assert [p.topic for p in mem.preferences() if "最近" in p.topic] == [], _all(mem)


def test_zh14v_hotpot_these_days_tired_of(default_hub):
    mem = heard(default_hub, "e14zhv_24", [(0, "阿辣", "这阵子火锅吃腻了")])
    assert _pref(mem, "阿辣", "火锅").value < 0.5, _all(mem)
    assert [p.topic for p in mem.preferences() if "这阵子" in p.topic] == [], _all(mem)


# -- growing so with each go, 越V越 (general._ZH_PRAISED) ----------------------------------------


def test_zh14v_short_videos_duller_by_the_scroll(default_hub):
    mem = heard(default_hub, "e14zhv_25", [(0, "阿短", "短视频现在越刷越无聊")])
    assert _pref(mem, "阿短", "短视频").value < 0.5, _all(mem)


def test_zh14v_board_games_better_by_the_play(default_hub):
    mem = heard(default_hub, "e14zhv_26", [(0, "阿桌", "桌游越玩越好玩")])
    assert _pref(mem, "阿桌", "桌游").value > 0.5, _all(mem)


# -- never again, of a place or a brand (general._ZH_DISLIKE, _ZH_TOPICAL) -----------------------


def test_zh14v_haidilao_never_again(default_hub):
    mem = heard(default_hub, "e14zhv_27", [(0, "阿捞", "海底捞我是不会再去了")])
    assert _pref(mem, "阿捞", "海底捞").value < 0.5, _all(mem)
    assert mem.commitments() == [], _all(mem)


def test_zh14v_mcdonalds_never_again(default_hub):
    mem = heard(default_hub, "e14zhv_28", [(0, "阿麦", "McDonalds我再也不去了")])
    assert _pref(mem, "阿麦", "mcdonalds").value < 0.5, _all(mem)


# -- all day at it once begun, 一V就是一整天 (general._ZH_LIKE) ----------------------------------


def test_zh14v_guitar_all_afternoon(default_hub):
    mem = heard(default_hub, "e14zhv_29", [(0, "阿弦", "吉他我一弹就是一下午")])
    assert _pref(mem, "阿弦", "吉他").value > 0.5, _all(mem)


def test_zh14v_billiards_all_evening(default_hub):
    mem = heard(default_hub, "e14zhv_30", [(0, "阿球", "台球我一打就是一晚上")])
    assert _pref(mem, "阿球", "台球").value > 0.5, _all(mem)


# -- an app uninstalled, given up as a habit is (general._ZH_TOPICAL) ----------------------------


def test_zh14v_a_reading_app_uninstalled(default_hub):
    mem = heard(default_hub, "e14zhv_31", [(0, "阿读", "微信读书我卸载了")])
    assert _pref(mem, "阿读", "微信读书").value < 0.5, _all(mem)


def test_zh14v_instagram_uninstalled(default_hub):
    mem = heard(default_hub, "e14zhv_32", [(0, "阿图", "Instagram我卸载了，太焦虑")])
    assert _pref(mem, "阿图", "instagram").value < 0.5, _all(mem)


# -- not for one's life, 打死也不 (general._ZH_DEG) ----------------------------------------------


def test_zh14v_durian_refused_then_twice_a_week(default_hub):
    mem = heard(default_hub, "e14zhv_33", [(0, "阿榴", "以前打死不碰榴莲，现在一周能吃两回")])
    assert _pref(mem, "阿榴", "榴莲").value > 0.5, _all(mem)


def test_zh14v_offal_never_for_ones_life(default_hub):
    mem = heard(default_hub, "e14zhv_34", [(0, "阿脏", "内脏我打死都不碰")])
    assert _pref(mem, "阿脏", "内脏").value < 0.5, _all(mem)
