"""Variants of the fifth Chinese round's fixes (#40), NOT blind: written after each fix, two or more
sentences per shape the fix reads (other words, other people), and guards that the shape reaches no
further than it means. Read only through facts(), preferences() and commitments()."""

from __future__ import annotations

from tests.layer_sets import all_rows as _all, current as _current, heard

# -- facts: relationship news said in other words -------------------------------------------------


def test_zh5v_a_new_partner_and_a_reunion_are_dating(default_hub):
    mem = heard(
        default_hub,
        "e5v_f01",
        [(0, "小蕾", "我终于有女朋友了"), (0, "阿航", "我和她分了"), (30, "阿航", "我们俩复合了")],
    )
    assert _current(mem, "小蕾", "relationship") == ["dating"], _all(mem)
    assert _current(mem, "阿航", "relationship") == ["dating"], _all(mem)


def test_zh5v_a_proposal_accepted_and_a_divorce_heard_of(default_hub):
    mem = heard(
        default_hub,
        "e5v_f02",
        [(0, "思思", "我昨天答应了他的求婚"), (0, "思思", "听说老王跟他老婆离了")],
    )
    assert _current(mem, "思思", "relationship") == ["engaged"], _all(mem)
    assert _current(mem, "老王", "relationship") == ["divorced"], _all(mem)


# -- facts: a change of trade names the new trade ------------------------------------------------


def test_zh5v_a_change_of_trade_in_other_words(default_hub):
    mem = heard(
        default_hub,
        "e5v_f03",
        [(0, "老吕", "我是厨师"), (40, "老吕", "我去年改行当了导游"), (0, "方方", "转行干房产中介了")],
    )
    assert _current(mem, "老吕", "job") == ["导游"], _all(mem)
    assert "中介" in " ".join(_current(mem, "方方", "job")), _all(mem)


def test_zh5v_the_trade_of_before_gives_way_to_the_trade_of_now(default_hub):
    mem = heard(default_hub, "e5v_f04", [(0, "小颜", "我以前是老师，现在当律师")])
    assert _current(mem, "小颜", "job") == ["律师"], _all(mem)


# -- facts: the dwelling said as the subject -------------------------------------------------------


def test_zh5v_the_new_home_and_the_address_changed(default_hub):
    mem = heard(
        default_hub,
        "e5v_f05",
        [
            (0, "晨晨", "我住在无锡"),
            (30, "晨晨", "我们新家就在苏州，欢迎来玩"),
            (0, "老贺", "我的住址改成南京了"),
        ],
    )
    assert _current(mem, "晨晨", "residence") == ["苏州"], _all(mem)
    assert _current(mem, "老贺", "residence") == ["南京"], _all(mem)


def test_zh5v_guard_a_floor_is_no_home_and_a_plan_for_the_old_flat_is_no_plan_to_move(default_hub):
    mem = heard(
        default_hub,
        "e5v_f06",
        [(0, "小戚", "新家在三楼，采光很好"), (0, "小葛", "我搬到杭州了，打算明年买房")],
    )
    assert _current(mem, "小戚", "residence") == [], _all(mem)
    assert _current(mem, "小葛", "residence") == ["杭州"], _all(mem)


# -- facts: a place of work left, another taken, a Latin role, a report among colleagues -----------


def test_zh5v_a_place_of_work_left_then_another(default_hub):
    mem = heard(
        default_hub,
        "e5v_f07",
        [
            (0, "Ryan", "我在字节当PM"),
            (0, "小任", "我在百度上班"),
            (60, "小任", "已经不在百度了，现在在美团搬砖"),
        ],
    )
    assert _current(mem, "Ryan", "employer") == ["字节"], _all(mem)
    assert _current(mem, "小任", "employer") == ["美团"], _all(mem)


def test_zh5v_a_report_among_colleagues_is_a_job_and_at_a_school_a_school(default_hub):
    mem = heard(
        default_hub,
        "e5v_f08",
        [(0, "Coco", "今天去美团报到了，工位还挺大"), (0, "小北", "九月去复旦报到")],
    )
    assert _current(mem, "Coco", "employer") == ["美团"], _all(mem)
    assert _current(mem, "小北", "school") == ["复旦"], _all(mem)


def test_zh5v_guard_cooking_in_a_canteen_is_no_employer(default_hub):
    mem = heard(default_hub, "e5v_f09", [(0, "大勇", "我在食堂做饭")])
    assert _current(mem, "大勇", "employer") == [], _all(mem)


# -- a counterfactual of being someone else ---------------------------------------------------------


def test_zh5v_counterfactuals_state_and_promise_nothing(default_hub):
    mem = heard(
        default_hub,
        "e5v_n01",
        [(0, "阿健", "换成是我，早就辞职回老家了"), (0, "阿健", "我要是你，明天就去找他谈")],
    )
    assert mem.commitments() == [] and mem.facts(include_superseded=True) == [], _all(mem)


# -- preferences -------------------------------------------------------------------------------------


def _pv(mem, subject, word):
    word = word.casefold()
    rows = [
        p
        for p in mem.preferences(subject=subject)
        if word in p.topic.casefold() or p.topic.casefold() in word
    ]
    assert len(rows) == 1, _all(mem)
    return rows[0].value


def test_zh5v_a_pointing_word_in_a_refusal_stands_for_the_offer(default_hub):
    mem = heard(
        default_hub,
        "e5v_p01",
        [(0, "e5v_p01", "周末搞点烧烤？"), (0, "阿诺", "我现在不吃那种东西了")],
    )
    assert _pv(mem, "阿诺", "烧烤") < 0.5


def test_zh5v_gladness_at_an_offer_is_an_acceptance(default_hub):
    mem = heard(
        default_hub,
        "e5v_p02",
        [
            (0, "e5v_p02", "给你来杯奶茶？"),
            (0, "小婉", "那必须的"),
            (1, "e5v_p02", "请你吃顿烤鸭？"),
            (1, "小卢", "太好了！"),
        ],
    )
    assert _pv(mem, "小婉", "奶茶") > 0.5
    assert _pv(mem, "小卢", "烤鸭") > 0.5


def test_zh5v_declining_with_jiu_bu_then_le(default_hub):
    mem = heard(
        default_hub,
        "e5v_p03",
        [(0, "e5v_p03", "晚上一起去唱K？"), (0, "老霍", "我们家那位就不去凑这个热闹了")],
    )
    assert _pv(mem, "老霍", "唱K") < 0.5


def test_zh5v_no_interest_said_with_sha_or_shenme(default_hub):
    mem = heard(
        default_hub,
        "e5v_p04",
        [(0, "秋秋", "我对高尔夫没什么兴趣"), (0, "阿東", "剧本杀我早就没啥兴趣了")],
    )
    assert _pv(mem, "秋秋", "高尔夫") < 0.5
    assert _pv(mem, "阿東", "剧本杀") < 0.5


def test_zh5v_a_named_persons_stance_after_na_ren(default_hub):
    mem = heard(default_hub, "e5v_p05", [(0, "婷婷", "老张这个人特别爱喝酒")])
    assert _pv(mem, "老张", "酒") > 0.5
    assert mem.preferences(subject="婷婷") == [], _all(mem)


def test_zh5v_the_best_and_the_praised_to_the_senses(default_hub):
    mem = heard(
        default_hub,
        "e5v_p06",
        [(0, "大黄", "说到底还是妈妈包的馄饨最好吃"), (0, "小钟", "香菜超难吃"), (0, "小钟", "榴莲真香")],
    )
    assert _pv(mem, "大黄", "馄饨") > 0.5
    assert _pv(mem, "小钟", "香菜") < 0.5
    assert _pv(mem, "小钟", "榴莲") > 0.5


def test_zh5v_guard_a_question_of_the_best_and_a_fine_day_state_no_taste(default_hub):
    mem = heard(default_hub, "e5v_p07", [(0, "小潘", "哪家店最好吃？"), (0, "小潘", "今天真好玩")])
    assert mem.preferences() == [], _all(mem)


def test_zh5v_leisure_habits_are_likings_and_duties_are_not(default_hub):
    mem = heard(
        default_hub,
        "e5v_p08",
        [(0, "老金", "我一到周末就去钓鱼"), (0, "小符", "每天晚上都去跑步"), (0, "小符", "我每天都去上班")],
    )
    assert _pv(mem, "老金", "钓鱼") > 0.5
    assert _pv(mem, "小符", "跑步") > 0.5
    assert [p for p in mem.preferences(subject="小符") if "上班" in p.topic] == [], _all(mem)


def test_zh5v_a_pinyin_slip_on_huan(default_hub):
    mem = heard(default_hub, "e5v_p09", [(0, "阿敏", "我很喜环看科幻片")])
    assert _pv(mem, "阿敏", "科幻") > 0.5


# -- commitments ------------------------------------------------------------------------------------


def _status_of(mem, owner):
    rows = [c for c in mem.commitments() if c.owner == owner]
    assert len(rows) == 1, _all(mem)
    return rows[0]


def test_zh5v_a_plan_moved_to_a_named_day_with_gaicheng(default_hub):
    mem = heard(
        default_hub,
        "e5v_c01",
        [(0, "小莫", "周五我去给你送蛋糕"), (2, "小莫", "蛋糕换到周日送了，周五加班")],
    )
    row = _status_of(mem, "小莫")
    assert row.status == "open" and str(row.due) == "2026-09-06", _all(mem)


def test_zh5v_an_act_for_the_other_called_off_with_jiu_bu(default_hub):
    mem = heard(
        default_hub,
        "e5v_c02",
        [(0, "阿芬", "周六我陪你去逛宜家"), (3, "阿芬", "宜家那边人太多，这回就不陪你去了")],
    )
    assert _status_of(mem, "阿芬").status == "cancelled", _all(mem)


def test_zh5v_an_acknowledgement_glued_to_a_promise(default_hub):
    mem = heard(default_hub, "e5v_c03", [(0, "小贾", "收到 周五前给你答复")])
    row = _status_of(mem, "小贾")
    assert row.status == "open" and str(row.due) == "2026-09-04", _all(mem)


def test_zh5v_within_a_span_and_done_so_many_times(default_hub):
    mem = heard(
        default_hub,
        "e5v_c04",
        [(0, "小骆", "这周之内我把邀请函发出去"), (3, "小骆", "发了二十多封，回复的还不多")],
    )
    assert _status_of(mem, "小骆").status == "done", _all(mem)


def test_zh5v_questions_without_a_mark_and_jokes_promise_nothing(default_hub):
    mem = heard(
        default_hub,
        "e5v_n02",
        [
            (0, "小鲍", "要不我明天帮你带早饭吗"),
            (0, "小鲍", "下周我请全组吃饭，逗你们的"),
            (1, "小鲍", "我明天就去买彩票中五百万，开个玩笑哈"),
        ],
    )
    assert mem.commitments() == [], _all(mem)


def test_zh5v_a_notice_for_the_unit_then_handed_in(default_hub):
    mem = heard(
        default_hub,
        "e5v_c05",
        [(0, "周主任", "本公司将于本周五前寄出合同。"), (3, "周主任", "合同已按时寄出，请查收。")],
    )
    row = _status_of(mem, "周主任")
    assert row.status == "done" and str(row.due) == "2026-09-04", _all(mem)


def test_zh5v_a_reporter_taken_up_by_a_pronoun_owns_the_promise(default_hub):
    mem = heard(
        default_hub,
        "e5v_c06",
        [(0, "小俞", "房东说她下周来收房租"), (0, "小俞", "诊所说周三不接诊")],
    )
    assert _status_of(mem, "房东").status == "open", _all(mem)
    assert [c for c in mem.commitments() if c.owner in ("小俞", "诊所")] == [], _all(mem)


def test_zh5v_a_promise_given_to_someone_named_first(default_hub):
    mem = heard(
        default_hub,
        "e5v_c07",
        [
            (0, "小汤", "今天累死 话说我向老板保证过月底前交方案 估计又要熬夜"),
            (0, "阿俊", "我跟我姐保证过，周日之前把她的相机还回去"),
        ],
    )
    assert str(_status_of(mem, "小汤").due) == "2026-09-30", _all(mem)
    assert str(_status_of(mem, "阿俊").due) == "2026-09-06", _all(mem)


def test_zh5v_a_thing_set_down_where_the_other_finds_it_is_done(default_hub):
    mem = heard(
        default_hub,
        "e5v_c08",
        [
            (0, "小温", "明天我把备用钥匙给你送过去"),
            (1, "小温", "钥匙放在你家门口的地垫下面了"),
            (0, "Eva", "我今晚把合同打印好给你"),
            (1, "Eva", "合同搁你前台了"),
        ],
    )
    assert _status_of(mem, "小温").status == "done", _all(mem)
    assert _status_of(mem, "Eva").status == "done", _all(mem)


def test_zh5v_a_noun_said_with_its_suffix_closes_the_promise_of_its_root(default_hub):
    mem = heard(
        default_hub,
        "e5v_c09",
        [
            (0, "小葵", "明天我把你的自行车打好气"),
            (0, "小葵", "后天我把发票寄给你"),
            (1, "小葵", "车子弄好了，你下楼骑吧"),
            (0, "老滕", "周末我帮你把桌腿修一下"),
            (3, "老滕", "桌子弄好了，稳得很"),
        ],
    )
    got = {c.what: c.status for c in mem.commitments() if c.owner == "小葵"}
    assert sorted(got.values()) == ["done", "open"], _all(mem)
    assert [s for w, s in got.items() if "发票" in w] == ["open"], _all(mem)
    assert _status_of(mem, "老滕").status == "done", _all(mem)


def test_zh5v_where_one_is_now_set_against_the_old_employer(default_hub):
    mem = heard(
        default_hub,
        "e5v_f10",
        [
            (0, "小龚", "我在平安做理赔"),
            (50, "小龚", "前东家那边又来挖我，不去，现在在太保挺好的"),
            (0, "阿邦", "老东家那边又来挖人，现在在家带娃呢"),
        ],
    )
    assert _current(mem, "小龚", "employer") == ["太保"], _all(mem)
    assert _current(mem, "阿邦", "employer") == [], _all(mem)


def test_zh5v_a_proposal_answered_yes_in_the_next_sentence(default_hub):
    mem = heard(
        default_hub,
        "e5v_f11",
        [(0, "琳达", "她今天求婚了。答应啦！"), (0, "小芮", "他昨天求婚了！我拒绝了")],
    )
    assert _current(mem, "琳达", "relationship") == ["engaged"], _all(mem)
    assert _current(mem, "小芮", "relationship") == [], _all(mem)


def test_zh5v_guard_had_better_is_no_taste(default_hub):
    mem = heard(default_hub, "e5v_p10", [(0, "阿澜", "咱们最好吃完再走"), (0, "阿澜", "你最好吃点东西")])
    assert mem.preferences() == [], _all(mem)
