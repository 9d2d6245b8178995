"""Variants of the round-7 Chinese fixes (#40), written AFTER the fixes (not blind): two other
sentences per structural rule, so each fix is seen to carry beyond the line that showed the gap.
Read only through facts(), preferences() and commitments()."""

from __future__ import annotations

from tests.layer_sets import commitment_of as _commit, current as _current, heard
from tests.test_layers_everyday7_zh import _all, _others, _pref, _prefs

# -- a liking said through a habit: a free moment that brings it on, or 天天 since a stage of life


def test_zh7v_a_habit_brought_on_by_free_time(default_hub):
    mem = heard(default_hub, "e7zhv_h1", [(0, "阿澜", "每次有空我就去琴行练琴")])
    assert mem.commitments() == [], _all(mem)
    rows = _prefs(mem, "阿澜", "琴")
    assert rows and all(p.value > 0.5 for p in rows), _all(mem)


def test_zh7v_a_mothers_habit_since_retiring(default_hub):
    mem = heard(default_hub, "e7zhv_h2", [(0, "邱月", "我妈退休后天天泡在广场跳舞")])
    assert mem.commitments() == [], _all(mem)
    rows = [p for p in _others(mem.preferences(), "邱月", "妈") if "跳舞" in p.topic]
    assert rows and rows[0].value > 0.5, _all(mem)


# -- one thing chosen over another: the chosen one is liked


def test_zh7v_rather_read_at_home(default_hub):
    mem = heard(default_hub, "e7zhv_r1", [(0, "周遥", "与其出去逛街，我宁可在家看书")])
    rows = _prefs(mem, "周遥", "书")
    assert rows and all(p.value > 0.5 for p in rows), _all(mem)


def test_zh7v_rather_take_the_train(default_hub):
    mem = heard(default_hub, "e7zhv_r2", [(0, "齐鸣", "比起坐飞机，我更愿意坐高铁")])
    assert _pref(mem, "齐鸣", "高铁").value > 0.5, _all(mem)


# -- a job of before (以前 / 曾经 ahead of it) is not the job now


def test_zh7v_a_programmer_before(default_hub):
    mem = heard(default_hub, "e7zhv_j1", [(0, "侯宁", "我之前是程序员，后来自己创业了")])
    assert "程序员" not in " ".join(_current(mem, "侯宁", "job")), _all(mem)


def test_zh7v_once_a_nurse(default_hub):
    mem = heard(default_hub, "e7zhv_j2", [(0, "景怡", "我曾经是一名护士，干了十年")])
    assert "护士" not in " ".join(_current(mem, "景怡", "job")), _all(mem)


# -- from one place of work to the next with the short verb 跳


def test_zh7v_a_cousin_hops_employer(default_hub):
    mem = heard(default_hub, "e7zhv_e1", [(0, "沐沐", "我表姐从阿里跳到字节了")])
    rows = [f.value for f in _others(mem.facts(), "沐沐", "表姐") if f.key == "employer"]
    assert rows == ["字节"], _all(mem)
    assert _current(mem, "沐沐", "employer") == [], _all(mem)


def test_zh7v_i_hop_employer(default_hub):
    mem = heard(
        default_hub,
        "e7zhv_e2",
        [(0, "闫峰", "我在百度上班"), (40, "闫峰", "上个月从百度跳到了华为")],
    )
    assert _current(mem, "闫峰", "employer") == ["华为"], _all(mem)


# -- a third person's taste reported through any verb of telling


def test_zh7v_a_friend_complains_about_queues(default_hub):
    mem = heard(default_hub, "e7zhv_t1", [(0, "于洋", "阿美跟我吐槽，说她最烦排队")])
    assert _pref(mem, "阿美", "排队").value < 0.5, _all(mem)
    assert _prefs(mem, "于洋", "排队") == [], _all(mem)


def test_zh7v_an_uncle_keeps_saying_he_loves_fishing(default_hub):
    mem = heard(default_hub, "e7zhv_t2", [(0, "孟可", "老郑跟我念叨过好几回，说他特别爱钓鱼")])
    assert _pref(mem, "老郑", "钓鱼").value > 0.5, _all(mem)
    assert _prefs(mem, "孟可", "钓鱼") == [], _all(mem)


# -- the thing first, then 我去 / 我负责去 and the act: taken on


def test_zh7v_the_cake_i_will_fetch(default_hub):
    mem = heard(default_hub, "e7zhv_g1", [(0, "陶然", "生日蛋糕我去取")])
    assert _commit(mem, "陶然").status == "open", _all(mem)


def test_zh7v_the_tickets_i_will_buy(default_hub):
    mem = heard(default_hub, "e7zhv_g2", [(0, "尚可", "周六的门票我负责去买")])
    assert _commit(mem, "尚可").status == "open", _all(mem)


# -- a reaction the moment the thing is met, with no 一 ahead of it


def test_zh7v_sick_at_the_sight_of_it(default_hub):
    mem = heard(
        default_hub,
        "e7zhv_m1",
        [(0, "霍青", "我超爱吃生蚝"), (30, "霍青", "上次吃坏了肚子，现在看到生蚝就反胃")],
    )
    assert _pref(mem, "霍青", "生蚝").value < 0.5, _all(mem)


def test_zh7v_a_headache_at_the_sound_of_it(default_hub):
    mem = heard(default_hub, "e7zhv_m2", [(0, "简宁", "听到电钻的声音就头疼")])
    assert _pref(mem, "简宁", "电钻").value < 0.5, _all(mem)


# -- the thing offered said first, then a can't of the verb's result


def test_zh7v_durian_declined_as_cannot_get_used_to(default_hub):
    mem = heard(
        default_hub,
        "e7zhv_d1",
        [(0, "e7zhv_d1", "要不要尝尝我带的榴莲？"), (0, "卓然", "榴莲我真吃不惯，你们吃吧")],
    )
    assert _pref(mem, "卓然", "榴莲").value < 0.5, _all(mem)


def test_zh7v_a_spare_concert_ticket_declined(default_hub):
    mem = heard(
        default_hub,
        "e7zhv_d2",
        [
            (0, "e7zhv_d2", "我多买了一张明晚的演唱会票，你要不要？"),
            (0, "庄严", "演唱会我实在站不住，算了吧"),
        ],
    )
    assert _pref(mem, "庄严", "演唱会").value < 0.5, _all(mem)


# -- the new school said as the subject; the home set down in a place


def test_zh7v_the_new_school_is_named(default_hub):
    mem = heard(
        default_hub,
        "e7zhv_s1",
        [(0, "贝儿", "我在实验小学上六年级"), (300, "贝儿", "新学校是外国语中学，每天要早起")],
    )
    schools = _current(mem, "贝儿", "school")
    assert len(schools) == 1 and "外国语" in schools[0], _all(mem)


def test_zh7v_the_home_set_down_elsewhere(default_hub):
    mem = heard(
        default_hub,
        "e7zhv_s2",
        [(0, "钟灵", "我住在南昌"), (40, "钟灵", "今年把家搬到了九江")],
    )
    assert _current(mem, "钟灵", "residence") == ["九江"], _all(mem)


# -- one's own former spouse named: divorced


def test_zh7v_an_ex_wife_named(default_hub):
    mem = heard(
        default_hub,
        "e7zhv_x1",
        [(0, "鲍勃", "我和老婆结婚八年了"), (80, "鲍勃", "孩子周末归我，平时跟我前妻住")],
    )
    assert _current(mem, "鲍勃", "relationship") == ["divorced"], _all(mem)


def test_zh7v_a_friends_ex_husband_is_filed_under_her(default_hub):
    mem = heard(default_hub, "e7zhv_x2", [(0, "苗禾", "我闺蜜的前夫又来找她了")])
    assert _current(mem, "苗禾", "relationship") == [], _all(mem)
