"""Variants of the round-9 Chinese fixes (#40), not blind: written after each fix, in other words,
to check that the fix is a class (a study verb, a courting verb, a partner-to-be, a post before a
name, a suggestion closed by 呗/吧, the can't-stand verbs, the fan nouns, the humble written we and
the written passive, English days in a texted line) and not the words of the blind line."""

from __future__ import annotations

from datetime import date

from tests.layer_sets import (
    all_rows as _all,
    commitment_of as _commit,
    current as _current,
    heard,
    preference_holding as _pref,
    preferences_holding as _prefs,
)


def test_zh9v_nian_studies_a_masters(default_hub):
    mem = heard(default_hub, "e9zhv_01", [(0, "小秦", "我在南大念研二，导师管得挺严")])
    assert "南大" in " ".join(_current(mem, "小秦", "school")), _all(mem)
    assert _current(mem, "小秦", "employer") == [], _all(mem)


def test_zh9v_nian_a_doctorate_after_a_degree(default_hub):
    mem = heard(default_hub, "e9zhv_02", [(0, "阿洁", "研究生毕业了，现在在浙大念博士")])
    assert "浙大" in " ".join(_current(mem, "阿洁", "school")), _all(mem)
    assert _current(mem, "阿洁", "employer") == [], _all(mem)


def test_zh9v_courting_verb_tan(default_hub):
    mem = heard(default_hub, "e9zhv_03", [(0, "大宇", "我跟健身房认识的女生谈了个对象")])
    assert _current(mem, "大宇", "relationship") == ["dating"], _all(mem)


def test_zh9v_courting_verb_chu_after_single(default_hub):
    mem = heard(
        default_hub,
        "e9zhv_04",
        [(0, "二妞", "我一直单身"), (30, "二妞", "最近和同村的小伙子处对象了")],
    )
    assert _current(mem, "二妞", "relationship") == ["dating"], _all(mem)


def test_zh9v_fiance_away_on_business(default_hub):
    mem = heard(default_hub, "e9zhv_05", [(0, "珊珊", "我未婚夫下周出差回来")])
    assert _current(mem, "珊珊", "relationship") == ["engaged"], _all(mem)


def test_zh9v_fiancee_as_a_nurse(default_hub):
    mem = heard(default_hub, "e9zhv_06", [(0, "阿俊", "我的未婚妻是儿科护士")])
    assert _current(mem, "阿俊", "relationship") == ["engaged"], _all(mem)


def test_zh9v_a_supervisors_coffee(default_hub):
    mem = heard(default_hub, "e9zhv_07", [(0, "阿美", "我们主管小林特别爱喝咖啡，一天三杯")])
    assert _pref(mem, "小林", "咖啡").value > 0.5, _all(mem)
    assert _prefs(mem, "阿美", "咖啡") == [], _all(mem)


def test_zh9v_a_coachs_dislike(default_hub):
    mem = heard(default_hub, "e9zhv_08", [(0, "阿泰", "我的教练老周最讨厌迟到")])
    rows = _prefs(mem, "老周", "迟到")
    assert rows and all(p.value < 0.5 for p in rows), _all(mem)


def test_zh9v_a_suggestion_with_bei_declined(default_hub):
    mem = heard(
        default_hub,
        "e9zhv_09",
        [(0, "e9zhv_09", "周末一起去吃烤鱼呗"), (0, "阿花", "烤鱼就算了，刺太多")],
    )
    rows = _prefs(mem, "阿花", "烤鱼")
    assert rows and all(p.value < 0.5 for p in rows), _all(mem)


def test_zh9v_a_suggestion_with_ba_accepted(default_hub):
    mem = heard(
        default_hub,
        "e9zhv_10",
        [(0, "e9zhv_10", "咱们今晚一起去看话剧吧"), (0, "阿草", "好呀好呀")],
    )
    rows = _prefs(mem, "阿草", "话剧")
    assert rows and all(p.value > 0.5 for p in rows), _all(mem)


def test_zh9v_smoke_cannot_be_stood(default_hub):
    mem = heard(default_hub, "e9zhv_11", [(0, "小琳", "烟味我真的扛不住，一闻就咳嗽")])
    rows = _prefs(mem, "小琳", "烟")
    assert rows and all(p.value < 0.5 for p in rows), _all(mem)


def test_zh9v_basketball_leaves_her_cold(default_hub):
    mem = heard(default_hub, "e9zhv_12", [(0, "晓晓", "篮球我一直提不起兴趣")])
    rows = _prefs(mem, "晓晓", "篮球")
    assert rows and all(p.value < 0.5 for p in rows), _all(mem)


def test_zh9v_a_coffee_kong(default_hub):
    mem = heard(default_hub, "e9zhv_13", [(0, "阿福", "我算是个重度咖啡控")])
    assert _pref(mem, "阿福", "咖啡").value > 0.5, _all(mem)


def test_zh9v_a_hotpot_dang(default_hub):
    mem = heard(default_hub, "e9zhv_14", [(0, "胖虎", "本人骨灰级火锅党")])
    assert _pref(mem, "胖虎", "火锅").value > 0.5, _all(mem)


def test_zh9v_a_humble_firm_returns_a_contract(default_hub):
    mem = heard(
        default_hub,
        "e9zhv_15",
        [
            (0, "钱经理", "敝公司将于本月底前寄回签字合同。"),
            (10, "钱经理", "签字合同已由专人送达贵司前台。"),
        ],
    )
    assert _commit(mem, "钱经理").status == "done", _all(mem)


def test_zh9v_a_humble_office_pledges_a_reply(default_hub):
    mem = heard(default_hub, "e9zhv_16", [(0, "孙处长", "鄙单位将于下周三前书面答复。")])
    row = _commit(mem, "孙处长")
    assert (row.status, row.due) == ("open", date(2026, 9, 9)), _all(mem)


def test_zh9v_tmr_in_a_texted_line(default_hub):
    mem = heard(default_hub, "e9zhv_17", [(0, "Zoe", "tmr我把invoice发你")])
    row = _commit(mem, "Zoe")
    assert (row.status, row.due) == ("open", date(2026, 9, 2)), _all(mem)


def test_zh9v_tonight_in_a_texted_line(default_hub):
    mem = heard(default_hub, "e9zhv_18", [(0, "Max", "tonight我把钥匙还你")])
    row = _commit(mem, "Max")
    assert (row.status, row.due) == ("open", date(2026, 9, 1)), _all(mem)


def test_zh9v_a_puppy_adopted(default_hub):
    mem = heard(default_hub, "e9zhv_19", [(0, "小海", "我们家最近领养了一条小土狗")])
    assert "狗" in " ".join(_current(mem, "小海", "pet")), _all(mem)


def test_zh9v_a_rabbit_brought_home(default_hub):
    mem = heard(default_hub, "e9zhv_20", [(0, "妞妞", "我刚抱回一只垂耳兔")])
    assert "兔" in " ".join(_current(mem, "妞妞", "pet")), _all(mem)


def test_zh9v_a_hometown_by_being_born_there(default_hub):
    mem = heard(default_hub, "e9zhv_21", [(0, "阿川", "我是在江边出生的重庆妹子")])
    assert _current(mem, "阿川", "hometown") == ["重庆"], _all(mem)


def test_zh9v_a_hometown_by_growing_up_there(default_hub):
    mem = heard(default_hub, "e9zhv_22", [(0, "二虎", "我是吃着烩面长大的郑州人")])
    assert _current(mem, "二虎", "hometown") == ["郑州"], _all(mem)


def test_zh9v_a_written_post_of_accountant(default_hub):
    mem = heard(default_hub, "e9zhv_23", [(0, "周女士", "本人现任某科技公司财务会计。")])
    assert "会计" in " ".join(_current(mem, "周女士", "job")), _all(mem)


def test_zh9v_a_written_post_of_editor(default_hub):
    mem = heard(default_hub, "e9zhv_24", [(0, "林先生", "本人现为省出版社编辑。")])
    assert "编辑" in " ".join(_current(mem, "林先生", "job")), _all(mem)


def test_zh9v_a_pin_at_the_head(default_hub):
    mem = heard(default_hub, "e9zhv_25", [(0, "阿K", "坐标杭州，刚毕业在找工作")])
    assert _current(mem, "阿K", "residence") == ["杭州"], _all(mem)


def test_zh9v_a_pin_after_a_job(default_hub):
    mem = heard(default_hub, "e9zhv_26", [(0, "Ryan", "做外贸的，人在坐标厦门")])
    assert _current(mem, "Ryan", "residence") == ["厦门"], _all(mem)


def test_zh9v_a_sneeze_at_pollen(default_hub):
    mem = heard(default_hub, "e9zhv_27", [(0, "小梨", "我一闻到花粉就喷嚏连连")])
    assert "花粉" in " ".join(_current(mem, "小梨", "allergy")), _all(mem)


def test_zh9v_a_sneeze_at_dust(default_hub):
    mem = heard(default_hub, "e9zhv_28", [(0, "阿槐", "一碰灰尘就喷嚏打个不停")])
    assert "灰尘" in " ".join(_current(mem, "阿槐", "allergy")), _all(mem)
