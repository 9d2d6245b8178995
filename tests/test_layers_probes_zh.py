"""Everyday Chinese lines nobody wrote a rule for, read only through facts(), preferences() and
commitments() (#40): a time of day alone, 得 / 要 / 打算 before a date, a promise reported by
someone else, "去不了" to an invitation, a topicalised object given up ("咖啡我戒了"), a
把-sentence, a job left for the next one, a relative's news, and idioms that look like tastes
("笑死我了", "吃醋", "爱死你了"). The lines are in no labelled set; they were written before
the rules that read them."""

from __future__ import annotations

from datetime import date, datetime, timedelta

MON = datetime(2026, 5, 11, 9, 0)  # a Monday


def _told(hub, lines):
    """A tenant that heard ``lines`` ((day, speaker, text)), a minute apart."""
    mem = hub.tenant("helper")
    for n, (day, speaker, text) in enumerate(lines):
        mem.remember(text, speaker=speaker, at=MON + timedelta(days=day, minutes=n))
    return mem


def _owned(mem) -> dict:
    return {c.owner: c for c in mem.commitments()}


# -- promises: a time of day, a modal before a date, a mixed line, reported speech ------------------


def test_a_time_of_day_alone_is_due_the_same_day(hub):
    got = _owned(_told(hub, [(0, "李娜", "我下午三点去接孩子。"), (0, "王芳", "晚上七点我去机场接你。")]))
    assert (got["李娜"].due, got["王芳"].due) == (date(2026, 5, 11), date(2026, 5, 11))
    assert "接孩子" in got["李娜"].what and "接你" in got["王芳"].what


def test_de_yao_dasuan_before_a_date_are_promises_without_the_modal_in_what(hub):
    got = _owned(
        _told(
            hub,
            [
                (0, "李娜", "周五我得去趟银行。"),
                (0, "王芳", "我打算月底把房租交了。"),
                (0, "陈杰", "下礼拜我要去医院复查。"),
                (0, "赵敏", "我下周去 Shenzhen 出差。"),
                (0, "刘洋", "我明天把钱转给你。"),
            ],
        )
    )
    assert got["李娜"].due == date(2026, 5, 15) and "银行" in got["李娜"].what
    assert got["王芳"].due == date(2026, 5, 31) and "房租" in got["王芳"].what
    # (下礼拜 / 下周 with no day: owed within that week, on no day promised, as every blind set labels it)
    assert got["陈杰"].due is None and "复查" in got["陈杰"].what
    assert got["赵敏"].due is None and "出差" in got["赵敏"].what
    assert got["刘洋"].due == date(2026, 5, 12) and "钱" in got["刘洋"].what
    for c in got.values():
        assert not c.what.startswith(("得", "要", "打算")), c.what


def test_a_promise_reported_by_someone_is_theirs(hub):
    got = _owned(
        _told(hub, [(0, "李娜", "小王说他明天会把钥匙还给我。"), (0, "李娜", "我妈说她周末来看我。")])
    )
    assert (got["小王"].due, got["小王"].counterparty) == (date(2026, 5, 12), "李娜")
    assert got["李娜的妈妈"].due == date(2026, 5, 16)


# -- an invitation turned down -----------------------------------------------------------------------


def test_cant_go_turns_the_invitation_down_and_the_reason_is_no_taste(hub):
    mem = _told(
        hub,
        [
            (0, "helper", "周六一起去爬山吧？"),
            (0, "李娜", "去不了，腿还疼。"),
            (1, "helper", "今晚来吃饭吗？"),
            (1, "王芳", "来不了，孩子发烧了。"),
        ],
    )
    prefs = mem.preferences(subject="李娜")
    assert [p.topic for p in prefs] == ["爬山"] and prefs[0].value < 0.5
    assert not any("腿" in p.topic or "孩子" in p.topic for p in mem.preferences())
    assert mem.commitments() == [] and mem.facts() == []


# -- a thing given up, said first or moved by 把 -------------------------------------------------------


def test_a_topicalised_object_given_up_turns_the_liking_down(hub):
    mem = _told(
        hub,
        [
            (0, "李娜", "我很喜欢喝咖啡。"),
            (3, "李娜", "咖啡我戒了。"),
            (3, "王芳", "奶茶我早就不喝了。"),
            (3, "陈杰", "羊肉我不吃了。"),
            (3, "赵敏", "火锅我不吃了，太辣。"),
        ],
    )
    (coffee,) = mem.preferences(subject="李娜")
    assert coffee.topic == "咖啡" and coffee.value < 0.5 and coffee.trend < 0
    for who, topic in (("王芳", "奶茶"), ("陈杰", "羊肉"), ("赵敏", "火锅")):
        assert [(p.topic, p.value < 0.5) for p in mem.preferences(subject=who)] == [(topic, True)]


def test_a_ba_sentence_of_quitting_is_a_restriction(hub):
    mem = _told(hub, [(0, "李娜", "我把烟戒了。")])
    assert [(f.key, f.value) for f in mem.facts(subject="李娜")] == [("restriction", "smoking")]


def test_le_after_now_marks_a_change_of_taste(hub):
    mem = _told(
        hub,
        [(0, "李娜", "我很喜欢吃辣。"), (5, "李娜", "我现在不吃辣了。"), (5, "王芳", "我开始喜欢跑步了。")],
    )
    (spicy,) = mem.preferences(subject="李娜")
    assert spicy.value < 0.5 and spicy.trend < 0
    (run,) = mem.preferences(subject="王芳")
    assert run.topic == "跑步" and run.value > 0.5


# -- news: a job left for the next one, a relative's news, a plan that is no news yet -------------------


def test_leaving_a_job_for_the_next_one_supersedes_the_old_employer(hub):
    mem = _told(hub, [(0, "李娜", "我在阿里工作。"), (30, "李娜", "我从阿里离职了，下个月去美团。")])
    facts = [(f.key, f.value, f.status) for f in mem.facts(subject="李娜", include_superseded=True)]
    assert facts == [("employer", "美团", "pending"), ("employer", "阿里", "superseded")]


def test_a_sister_married_off_to_a_city_is_filed_under_the_sister(hub):
    mem = _told(hub, [(0, "李娜", "我姐嫁到广州去了。")])
    facts = {(f.key, f.value) for f in mem.facts(subject="李娜的姐姐")}
    assert ("relationship", "married") in facts and ("residence", "广州") in facts
    assert mem.facts(subject="李娜") == []


def test_relatives_news_and_ones_own(hub):
    mem = _told(
        hub,
        [
            (0, "李娜", "我表弟考上厦大了！"),
            (0, "李娜", "我哥去年从北京搬到了上海。"),
            (0, "李娜", "我老公调到成都工作了。"),
            (0, "王芳", "我和女朋友上周分手了。"),
            (0, "陈杰", "我们家年初搬到无锡了。"),
            (0, "赵敏", "换工作了，现在在京东。"),
        ],
    )
    got = {(f.subject, f.key, f.value) for f in mem.facts()}
    assert got == {
        ("李娜的表弟", "school", "厦大"),
        ("李娜的哥哥", "residence", "上海"),
        ("李娜的老公", "residence", "成都"),
        ("王芳", "relationship", "single"),
        ("陈杰", "residence", "无锡"),
        ("赵敏", "employer", "京东"),
    }


def test_a_planned_move_is_no_home_yet(hub):
    mem = _told(hub, [(0, "李娜", "我打算下个月搬到杭州。")])
    assert mem.facts() == []


# -- idioms that look like tastes -----------------------------------------------------------------------


def test_idioms_and_banter_are_no_tastes_facts_or_promises(hub):
    lines = [
        "笑死我了。",
        "他又吃醋了。",
        "爱死你了！",
        "气死我了！",
        "我服了你了。",
        "饿死我了。",
        "你别吃醋了。",
    ]
    lines += ["烦死了，又加班。", "我才不吃醋呢。", "你可别吃醋啊。"]
    mem = _told(hub, [(0, "李娜", "我明天去看牙。")] + [(1, "李娜", t) for t in lines])
    assert mem.preferences() == [] and mem.facts() == []
    assert [(c.what, c.status) for c in mem.commitments()] == [("去看牙", "open")]


def test_love_intensified_by_si_of_a_thing_is_a_liking(hub):
    mem = _told(hub, [(0, "李娜", "我爱死这家的火锅了。")])
    assert [(p.topic, p.value > 0.5) for p in mem.preferences(subject="李娜")] == [("火锅", True)]


# -- the second round: shapes found by reading more everyday lines ---------------------------------------


def test_a_liking_negated_or_given_up_in_other_words(hub):
    mem = _told(
        hub,
        [
            (0, "李娜", "甜食我一直不太爱吃。"),
            (0, "王芳", "我已经不迷剧本杀了。"),
            (0, "陈杰", "我现在不怎么打麻将了。"),
            (0, "赵敏", "以前怕狗，现在离不开我家狗了。"),
        ],
    )
    got = {(p.subject, p.topic): p.value for p in mem.preferences()}
    assert got.keys() == {("李娜", "甜食"), ("王芳", "剧本杀"), ("陈杰", "麻将"), ("赵敏", "狗")}
    assert got[("赵敏", "狗")] > 0.5 and all(v < 0.5 for k, v in got.items() if k[0] != "赵敏")


def test_tired_of_what_was_offered(hub):
    mem = _told(hub, [(0, "helper", "中午还吃麻辣烫？"), (0, "李娜", "饶了我吧，我吃腻了。")])
    assert [(p.topic, p.value < 0.5) for p in mem.preferences(subject="李娜")] == [("麻辣烫", True)]


def test_gone_to_a_city_to_work_is_a_new_home(hub):
    mem = _told(hub, [(0, "李娜", "我表哥前年去成都工作了。"), (0, "王芳", "我没搬到郊区。")])
    assert [(f.subject, f.key, f.value) for f in mem.facts()] == [("李娜的表哥", "residence", "成都")]


def test_a_task_said_done_or_dropped_without_a_subject(hub):
    mem = _told(
        hub,
        [
            (0, "李娜", "我明天把发票寄给你。"),
            (0, "王芳", "我周三去游泳馆。"),
            (1, "李娜", "发票已经寄出去了，注意查收。"),
            (1, "王芳", "周三不去游泳馆了，感冒了。"),
        ],
    )
    got = {c.owner: c.status for c in mem.commitments()}
    assert got == {"李娜": "done", "王芳": "cancelled"}


def test_a_lone_verb_with_a_time_answers_the_request(hub):
    mem = _told(hub, [(0, "helper", "你能帮我改改这份简历吗？"), (0, "李娜", "可以，我明天改。")])
    (c,) = mem.commitments()
    assert (c.owner, c.due) == ("李娜", date(2026, 5, 12)) and "简历" in c.what


# -- the third round ---------------------------------------------------------------------------------------


def test_a_month_end_ahead_and_an_intention_are_no_part_of_what(hub):
    got = _owned(_told(hub, [(0, "李娜", "我下个月底要交论文。"), (0, "王芳", "我打算下礼拜二去看房。")]))
    assert (got["李娜"].what, got["李娜"].due) == ("交论文", date(2026, 6, 30))
    assert (got["王芳"].what, got["王芳"].due) == ("看房", date(2026, 5, 19))


def test_bei_admits_to_no_school_and_a_post_passed_into_is_a_job(hub):
    mem = _told(
        hub,
        [(0, "李娜", "我快被他气死了。"), (0, "李娜", "我被裁了。"), (0, "王芳", "我考上公务员了。")],
    )
    # (被裁 is no school; the job it ends is over, as "got laid off" ends one in English)
    got = {(f.subject, f.key, f.value) for f in mem.facts()}
    assert got == {("王芳", "job", "公务员"), ("李娜", "employer", "none"), ("李娜", "job", "none")}


def test_together_with_a_named_person_is_dating_and_a_city_of_study_is_home(hub):
    mem = _told(hub, [(0, "李娜", "我和小刘在一起了。"), (0, "王芳", "我表妹在南京读博士。")])
    got = {(f.subject, f.key, f.value) for f in mem.facts()}
    assert got == {("李娜", "relationship", "dating"), ("王芳的表妹", "residence", "南京")}


# -- chatter that says nothing for the layers --------------------------------------------------------------


def test_everyday_chatter_is_no_promise_taste_fact_or_task_closed(hub):
    lines = ["我在想周末去哪儿玩。", "我今天好累啊。", "孩子发烧了。", "我小时候住在农村。", "谁不喜欢钱呢？"]
    lines += ["不说了，我去做饭了。", "我先去洗澡了。"]
    mem = _told(hub, [(0, "李娜", "我明天去接孩子。")] + [(0, "李娜", t) for t in lines])
    assert mem.preferences() == [] and mem.facts() == []
    assert [(c.what, c.status) for c in mem.commitments()] == [("接孩子", "open")]


# -- the fourth round: the people around one, Latin names in a Chinese line, a bare yes ---------------------


def test_a_boss_or_a_friend_reported_is_filed_under_them(hub):
    got = _owned(
        _told(hub, [(0, "李娜", "我老板说他下周给我答复。"), (0, "李娜", "我闺蜜说她周六来帮我搬家。")])
    )
    # (下周 with no day: within the week, no due date)
    assert (got["李娜的老板"].due, got["李娜的老板"].counterparty) == (None, "李娜")
    assert got["李娜的闺蜜"].due == date(2026, 5, 16) and "搬家" in got["李娜的闺蜜"].what


def test_latin_names_set_off_by_spaces_in_a_chinese_line(hub):
    mem = _told(
        hub,
        [
            (0, "李娜", "我在 Google 上班。"),
            (9, "李娜", "我换到 Apple 了。"),
            (9, "王芳", "这个 bug 我今晚修。"),
            (9, "陈杰", "我们分了。"),
        ],
    )
    facts = [(f.value, f.status) for f in mem.facts(subject="李娜", include_superseded=True)]
    assert facts == [("Apple", "pending"), ("Google", "superseded")]
    assert [(f.key, f.value) for f in mem.facts(subject="陈杰")] == [("relationship", "single")]
    (c,) = mem.commitments()
    assert (c.owner, c.due) == ("王芳", date(2026, 5, 20)) and "bug" in c.what


def test_the_verb_of_the_offer_said_back_accepts_it(hub):
    mem = _told(hub, [(0, "helper", "要不要一起去吃烧烤？"), (0, "李娜", "去！")])
    assert [(p.topic, p.value > 0.5) for p in mem.preferences(subject="李娜")] == [("烧烤", True)]


# -- the fifth round: this month's end, a task done with its doer after it, a retirement in time ------------


def test_this_month_end_and_tasks_done_with_the_thing_first(hub):
    mem = _told(
        hub,
        [
            (0, "李娜", "这个月底之前我一定把论文交上去。"),
            (0, "王芳", "我周四把方案写好。"),
            (0, "陈杰", "我明天把钱转给你。"),
            (1, "王芳", "方案我写好了。"),
            (1, "陈杰", "钱我已经转给你了。"),
        ],
    )
    got = {c.owner: (c.due, c.status) for c in mem.commitments()}
    assert got == {
        "李娜": (date(2026, 5, 31), "open"),
        "王芳": (date(2026, 5, 14), "done"),
        "陈杰": (date(2026, 5, 12), "done"),
    }


def test_a_relative_retired_last_year_has_left_their_job(hub):
    mem = _told(hub, [(0, "李娜", "我爸是医生。"), (3, "李娜", "我爸去年退休了。")])
    facts = [(f.value, f.status) for f in mem.facts(subject="李娜的爸爸", include_superseded=True)]
    assert facts == [("退休", "pending"), ("医生", "superseded")]


# -- the sixth round: a promise following on with 那, a promise not to, a pointing word ----------------------


def test_a_promise_led_by_na_and_a_promise_not_to_cancels_nothing(hub):
    mem = _told(
        hub,
        [
            (0, "李娜", "好，那我周四请你吃饭。"),
            (0, "王芳", "我明天去交水费。"),
            (0, "王芳", "我保证下次不迟到了。"),
            (0, "王芳", "我对这个没兴趣。"),
        ],
    )
    got = {c.owner: (c.due, c.status) for c in mem.commitments()}
    assert got == {"李娜": (date(2026, 5, 14), "open"), "王芳": (date(2026, 5, 12), "open")}
    assert mem.preferences() == []


# -- the thirteenth round: a finishing verb, a done clause before a plan, a bare 来, a condition -------------


def _layers(text: str) -> list:
    from autogen_zettel.people.extract import extract_layers

    return extract_layers(text, speaker="王芳", at=datetime(2026, 10, 15, 9, 0))


def test_a_topicalised_thing_finished_by_a_time_is_a_promise():
    got = [(e.layer, e.due) for e in _layers("报表我周五前搞定")]
    assert got == [("commitment", date(2026, 10, 16))]


def test_a_clause_done_with_le_before_a_plan_is_no_promise():
    got = _layers("酒店我订好了，下个月入住")
    assert [e.layer for e in got] == ["status"] and got[0].kind == "done"
    assert not [e for e in _layers("票我买好了，周五走") if e.layer == "commitment"]


def test_a_bare_lai_volunteers_and_the_act_is_the_next_clause():
    got = [(e.layer, e.value) for e in _layers("我来吧，我帮你把箱子搬下去")]
    assert got == [("commitment", "帮你把箱子搬下去")]


def test_what_hangs_on_a_condition_is_not_taken_on():
    assert _layers("要是周末不加班的话，我们就去爬山吧") == []
    assert not [e for e in _layers("如果你需要，我明天帮你搬") if e.layer == "commitment"]


# -- the fourteenth round: offers shaped as a thing left out, a plan to join, a thing fronted, a fetch for you --


def _answered(text: str, offer: str) -> list[tuple[str, str, bool]]:
    from autogen_zettel.people.extract import extract_layers

    got = extract_layers(text, speaker="王芳", at=datetime(2026, 10, 15, 9, 0), previous=offer)
    return [(e.layer, e.value, e.score > 0.5) for e in got]


def test_a_thing_left_out_for_the_taking_is_claimed_or_declined():
    assert _answered("给我留一块！", "桌上还剩几块月饼，有人要吗？") == [("preference", "月饼", True)]
    assert _answered("不用了，我在减肥", "锅里还有些饺子，谁想吃？") == [("preference", "饺子", False)]


def test_a_thing_fronted_before_yaobuyao_take_away_is_the_offer():
    assert _answered("不用了，我减肥", "多的蛋糕你要不要打包回去？") == [("preference", "蛋糕", False)]


def test_a_plan_then_join_us_and_a_fetch_for_you_offer_their_thing():
    assert _answered("好呀", "明晚去看话剧，一起不？") == [("preference", "话剧", True)]
    assert _answered("算了，我不太能喝", "帮你也倒一杯啤酒？") == [("preference", "啤酒", False)]


def _tastes(text: str) -> list[tuple[str, bool, str]]:
    from autogen_zettel.people.extract import extract_layers

    got = extract_layers(text, speaker="王芳", at=datetime(2026, 10, 15, 9, 0))
    return [(e.value, e.score > 0.5, e.kind) for e in got if e.layer == "preference"]


def test_a_judgement_of_before_turned_by_a_now_is_a_change_of_taste():
    assert _tastes("以前觉得广场舞挺有意思，现在有点烦") == [("广场舞", False, "change")]
    assert _tastes("之前觉得健身很无聊，现在离不开了") == [("健身", True, "change")]
    assert _tastes("以前觉得钓鱼没意思，现在也这么觉得") == []


def test_no_interest_after_an_adverb_is_against_the_thing():
    assert _tastes("我对桌游根本没兴趣") == [("桌游", False, "statement")]


def test_a_task_named_as_that_matter_that_can_no_longer_happen_is_called_off():
    got = [(e.layer, e.kind, e.value) for e in _layers("明天陪你看房的事我去不成了，抱歉")]
    assert got == [("status", "cancelled", "陪你看房")]
    assert [e.layer for e in _layers("下周三接你下班那事我来不了了")] == ["status"]


def test_a_plan_asked_whether_it_still_holds_and_dropped_is_called_off_not_refused():
    from autogen_zettel.people.extract import extract_layers

    at = datetime(2026, 10, 15, 9, 0)
    got = extract_layers("下次吧，今天得加班", speaker="王芳", at=at, previous="今晚还去健身房吗？")
    assert [(e.layer, e.kind) for e in got] == [("status", "cancelled")]
    kept = extract_layers("去！", speaker="王芳", at=at, previous="今晚还去健身房吗？")
    assert [e.layer for e in kept] == ["preference"]


def _news(text: str) -> list[tuple[str, str, str, str]]:
    from autogen_zettel.people.extract import extract_layers

    got = extract_layers(text, speaker="王芳", at=datetime(2026, 10, 15, 9, 0))
    return [(e.subject, e.key, e.value, e.kind) for e in got if e.layer == "fact"]


def test_a_promotion_and_a_first_day_at_work_are_the_new_job():
    assert _news("我终于升经理了") == [("王芳", "job", "经理", "change")]
    assert _news("小陈被提拔为副总了") == [("小陈", "job", "副总", "change")]
    assert _news("今天头一天去美团上班，好多人") == [("王芳", "employer", "美团", "change")]


def test_single_after_a_breakup_is_news_and_a_city_after_the_region_narrows_it():
    assert _news("跟男朋友分手了，现在单身") == [("王芳", "relationship", "single", "change")]
    assert _news("我是广东人，佛山的") == [("王芳", "hometown", "佛山", "statement")]


def test_a_closing_emoji_or_laugh_hides_no_task_done():
    assert [(e.layer, e.kind, e.value) for e in _layers("作业写完了👍")] == [("status", "done", "作业")]
    from autogen_zettel.people.extract import extract_layers

    got = extract_layers(
        "早就交了嘿嘿", speaker="王芳", at=datetime(2026, 10, 15, 9, 0), previous="记得交电费"
    )
    assert [(e.layer, e.kind) for e in got] == [("status", "done")]


def test_early_in_the_morning_of_a_day_is_that_day():
    got = [(e.layer, e.due) for e in _layers("后天一大早我去机场接你")]
    assert got == [("commitment", date(2026, 10, 17))]


def test_thanks_before_the_no_and_a_thing_on_the_table_claimed():
    assert _answered("谢谢，不用", "我帮你买杯奶茶？") == [("preference", "奶茶", False)]
    assert _answered("我要一块", "桌上有蛋糕，谁要？") == [("preference", "蛋糕", True)]


def test_a_plan_this_week_still_on_and_a_judgement_of_taste_or_effort_turned():
    from autogen_zettel.people.extract import extract_layers

    got = extract_layers(
        "改天吧，最近太忙", speaker="王芳", at=datetime(2026, 10, 15, 9, 0), previous="这周还去钓鱼吗？"
    )
    assert [(e.layer, e.kind) for e in got] == [("status", "cancelled")]
    assert _tastes("以前觉得跑步很累，现在天天跑") == [("跑步", True, "change")]


def test_a_promotion_into_a_post_already_named_and_zaojiu_is_no_thing():
    assert _news("我哥升职当经理了") == [("王芳的哥哥", "job", "经理", "change")]
    assert [(e.kind, e.value) for e in _layers("报告早就写完了")] == [("done", "报告")]


def test_another_one_offered_with_zai_lai_offers_the_thing():
    assert _answered("不喝了，晚上睡不着", "再来一杯奶茶？") == [("preference", "奶茶", False)]


def test_a_relative_named_after_the_task_is_who_cannot_and_a_partners_judgement_turned():
    got = [(e.subject, e.kind, e.value) for e in _layers("周六接你下班那事我哥来不了了")]
    assert got == [("王芳的哥哥", "cancelled", "接你下班")]
    from autogen_zettel.people.extract import extract_layers

    turned = extract_layers(
        "我老公以前觉得狗很烦，现在天天遛", speaker="王芳", at=datetime(2026, 10, 15, 9, 0)
    )
    assert [(e.subject, e.value, e.score > 0.5) for e in turned] == [("王芳的老公", "狗", True)]


def _promised(text: str) -> list:
    return [(e.subject, e.value, e.due) for e in _layers(text) if e.layer == "commitment"]


def test_a_promise_after_a_reassurance_set_off_by_a_space_or_tilde():
    assert _promised("没事 周六吃完饭后我把照片传给你") == [("王芳", "把照片传给你", date(2026, 10, 17))]
    assert _promised("好嘞~后天我去药店帮你拿药") == [("王芳", "去药店帮你拿药", date(2026, 10, 17))]
    assert _promised("我正好有空 我替你排队") == [("王芳", "替你排队", None)]


def test_a_promise_in_the_last_clause_of_a_long_message_or_after_a_double_negative():
    got = _promised("最近家里事多，老人住院，孩子开学，但是上次说好的那本书我下周一前一定还你")
    assert got == [("王芳", "还你书", date(2026, 10, 19))]
    assert _promised("我不会不去的，下周三把钥匙带给你") == [("王芳", "把钥匙带给你", date(2026, 10, 21))]


def test_one_ticket_too_many_offered_and_a_degree_word_is_no_thing_liked():
    assert _answered("要要！真爱了", "我这儿多出一张音乐节的票，要不要？") == [("preference", "音乐节", True)]


def test_praised_capacity_a_thing_called_ones_favourite_and_a_switch_after_quitting():
    assert _tastes("我是重庆人，所以很能吃辣") == [("辣", True, "statement")]
    assert _tastes("酸菜鱼是我的心头好") == [("酸菜鱼", True, "statement")]
    assert [(v, up) for v, up, _ in _tastes("可乐我已经戒了，现在只喝白开水")] == [
        ("可乐", False),
        ("白开水", True),
    ]


def test_a_person_with_their_own_partner_is_whose_news_it_is():
    assert _news("小军和他老婆离婚了") == [("小军", "relationship", "divorced", "change")]


def test_what_one_does_at_the_firm_named_is_the_trade():
    assert _news("我已经不在银行了，现在在京东做设计") == [
        ("王芳", "employer", "京东", "change"),
        ("王芳", "job", "设计", "change"),
    ]


def test_an_english_verb_closed_by_hao_in_a_line_with_no_punctuation_is_a_task_done():
    assert [(e.kind, e.value) for e in _layers("海报已经print好了 放在前台了")] == [("done", "海报")]
    assert [(e.kind, e.value) for e in _layers("报告已经check完了")] == [("done", "报告")]


# -- variants of the third everyday round's fixes (written after them, to hold them) ----------------


def test_a_link_word_or_a_dialect_pronoun_is_no_thing_and_no_person():
    assert _promised("那我来订餐厅") == [("王芳", "订餐厅", None)]
    assert [w for _, w, _ in _promised("钱我回头转你")] == ["转你钱"]
    assert _news("俺是山东人") == [("王芳", "hometown", "山东", "statement")]


def test_a_done_first_clause_a_stand_in_thing_and_someones_side():
    assert [(e.kind, e.value) for e in _layers("发过去了，你查收一下")] == [("done", "")]
    assert [(e.kind, e.value) for e in _layers("东西已经寄出去了")] == [("done", "东西")]
    assert [(e.subject, e.kind, e.value) for e in _layers("老李那边合同签好了")] == [("老李", "done", "合同")]


def test_a_capacity_denied_and_a_stance_come_by_surprise():
    assert _tastes("我不太能吃辣") == [("辣", False, "statement")]
    assert [(v, up) for v, up, _ in _tastes("最近居然爱上吃辣了")] == [("辣", True)]
    assert _tastes("早饭吃稀饭") == []


def test_what_holds_before_a_clause_that_looks_ahead_and_a_place_closed_by_a_particle():
    assert _news("我住在上海，打算明年搬去杭州") == [("王芳", "residence", "上海", "statement")]
    assert [(k, v) for _, k, v, _ in _news("我们一家搬到南京啦")] == [("residence", "南京")]
    # (the job is over, and at home with the children is what one does now: #40's fourth probe round)
    assert [(k, v) for _, k, v, _ in _news("我辞职了，现在在家带娃")] == [
        ("employer", "none"),
        ("job", "在家带娃"),
    ]
    assert _news("如果我住在上海就好了") == []


def test_an_act_said_done_with_guo_and_an_experience_of_before():
    assert [(e.kind, e.value) for e in _layers("复查陪你去过了，医生说恢复得不错")] == [("done", "复查")]
    assert _news("以前我在北京工作过") == []


def test_a_liking_said_by_what_it_does_to_one_or_in_net_slang():
    # "最近沉迷剧本杀", "烧烤我可以天天吃", "咖啡我一天不喝就难受", "螺蛳粉yyds", "羽毛球是我的快乐源泉",
    # "榴莲这玩意儿我是真欣赏不来" gave nothing; each line after the first of a kind is a variant
    liked = [
        "最近沉迷剧本杀",
        "烧烤我可以天天吃",
        "火锅我吃不腻",
        "咖啡我一天不喝就难受",
        "螺蛳粉yyds",
        "羽毛球是我的快乐源泉",
    ]
    for line in liked:
        got = _tastes(line)
        assert len(got) == 1 and got[0][1], (line, got)
    assert [ok for _, ok, _ in _tastes("榴莲这玩意儿我是真欣赏不来")] == [False]


def test_a_liking_said_with_when_one_does_it_is_a_taste_no_promise():
    # "我周末最喜欢睡懒觉" gave a promise "最喜欢睡懒觉" (a time, then 我, then an act) and no taste
    got = _layers("我周末最喜欢睡懒觉")
    assert [(e.layer, e.value) for e in got] == [("preference", "睡懒觉")]
    assert [(e.layer, e.value) for e in _layers("我平时爱喝茶")] == [("preference", "茶")]
    assert [e.layer for e in _layers("我最晚周五交")] == ["commitment"]


def test_known_misreadings_a_party_member_where_one_grew_up_and_a_day_too_much():
    # misreadings noted sessions ago: "我是党员" gave the job 党员, "我在北京长大" the home "北京长大",
    # "今天我实在扛不住了" a plan called off ("今天我实在扛"); the later lines are variants
    def rows(text):
        return [(e.layer, e.key, e.value) for e in _layers(text)]

    assert rows("我是党员") == rows("我是健身房会员") == []
    assert rows("我是消防队员") == [("fact", "job", "消防队员")]
    assert rows("我在北京长大") == [("fact", "hometown", "北京")]
    assert rows("我在成都出生") == [("fact", "hometown", "成都")]
    assert rows("今天我实在扛不住了") == rows("我走不动了") == []
    assert [e.kind for e in _layers("周末爬山我不去了")] == ["cancelled"]


def test_a_promise_with_its_means_or_these_two_days_and_the_time_found_for_it():
    # "钱我晚点微信转你" (the means before the act) and "这两天我抽空把书还你" (这两天, 抽空) gave no
    # promise; the second of each is a variant, and a state said for these days stays none
    def promised(text):
        return [e.value for e in _layers(text) if e.layer == "commitment"]

    assert promised("钱我晚点微信转你") == ["微信转你钱"]
    assert promised("合同我明天邮件发你") == ["邮件发你合同"]
    assert [w for w in promised("这两天我抽空把书还你") if w.endswith("把书还你")] != []
    assert promised("这两天我抽空去趟银行") != []
    assert _layers("这两天我很忙") == [] and _layers("我用微信") == []


def test_a_deadline_ahead_with_a_closing_了_is_no_task_done():
    # "月底前把房租交了" gave a task done ("把房租") and "下班前帮你签了" one too (下班前 counted as no
    # time ahead, unlike 明天上午); a deadline is ahead whatever its time. The last is a variant.
    assert [e.layer for e in _layers("月底前把房租交了")] == []
    assert [(e.layer, e.value) for e in _layers("下班前帮你签了")] == [("commitment", "帮你签")]
    assert [(e.layer, e.value) for e in _layers("周五之前帮你改了")] == [("commitment", "帮你改")]


def test_the_time_a_task_was_done_by_is_no_part_of_the_thing():
    # "报告周五前已经交了" gave the thing "报告周五前" and "上周就交了" the thing "上周就"; the last
    # two are variants
    def done(text):
        return [(e.kind, e.value) for e in _layers(text) if e.layer == "status"]

    assert done("报告周五前已经交了") == [("done", "报告")]
    assert done("上周就交了") == [("done", "")]
    assert done("报告昨天就写完了") == [("done", "报告")]
    assert done("作业今天下午交了") == [("done", "作业")]


def test_a_person_named_with_where_they_live_is_that_person():
    # "隔壁老王在京东上班" filed 京东 as the speaker's employer (the twelfth round's helper saw it);
    # the rest are variants
    def facts(text):
        return [(e.subject, e.key, e.value) for e in _layers(text) if e.layer == "fact"]

    assert facts("隔壁老王在京东上班") == [("老王", "employer", "京东")]
    assert facts("对门的小刘在华为上班") == [("小刘", "employer", "华为")]
    assert facts("楼下张阿姨是医生") == [("张阿姨", "job", "医生")]


def test_a_role_for_a_day_or_two_is_no_employer_and_the_years_held_no_part_of_the_trade():
    # "周末在展会当了两天翻译" gave the employer 展会, "我当了十年老师" the job "十年老师"; the rest are
    # variants
    def facts(text):
        return [(e.key, e.value) for e in _layers(text) if e.layer == "fact"]

    assert facts("周末在展会当了两天翻译") == []
    assert facts("在医院干了三天护工") == []
    assert facts("我当了十年老师") == [("job", "老师")]
    assert facts("我在医院当了五年护士") == [("employer", "医院"), ("job", "护士")]


def test_a_birthday_an_age_or_being_somewhere_on_a_day_is_no_promise():
    # "明天我生日", "下个月我满三十", "我明天之前都在家" were promises (the helper saw them); a stay
    # with an act after it is still one
    def promised(text):
        return [e.value for e in _layers(text) if e.layer == "commitment"]

    assert promised("明天我生日") == promised("下个月我满三十") == promised("我明天之前都在家") == []
    assert promised("今晚我在公司") == []
    assert promised("明天我在家等你") == ["在家等你"]


def test_news_the_line_disowns_as_unconfirmed_is_no_fact():
    # "听说老吴搬去杭州了，也不知道是真是假" gave 老吴 a home (round 9's strict xfail); plain
    # hearsay keeps its fact, as in English
    def facts(text):
        return [(e.subject, e.key, e.value) for e in _layers(text) if e.layer == "fact"]

    assert facts("听说老吴搬去杭州了，也不知道是真是假") == []
    assert facts("小道消息：老周跳槽去腾讯了") == []
    assert facts("据说小林在字节上班，还没证实") == []
    assert facts("听说老吴搬去杭州了") == [("老吴", "residence", "杭州")]


def test_clauses_after_another_named_by_a_noun_are_theirs_not_the_speakers():
    # "女主是急诊科医生，在成都上班" gave the speaker a home in 成都 (round 9's strict xfail): the
    # subjectless clause goes on with the one before it, whose topic is someone the line cannot name
    def facts(text):
        return [(e.subject, e.key, e.value) for e in _layers(text) if e.layer == "fact"]

    assert facts("最近在追一部剧，女主是急诊科医生，在成都上班，太飒了") == []
    assert facts("那本小说的男主是律师，住在上海，特别帅") == []
    assert facts("新来的同事是东北人，在公司附近租房") == []
    # the speaker's own 是 keeps the clauses after it
    assert facts("我是医生，在成都上班") == [("王芳", "job", "医生"), ("王芳", "residence", "成都")]


def test_what_the_review_of_the_fourth_session_found_reads_as_said_zh():
    def read(text):
        return [(e.layer, e.key, e.value) for e in _layers(text)]

    # after a part of nobody's, a clause with 我 is the speaker's
    assert ("commitment", "", "接她") in read("对象是老师，明天我去接她")
    assert ("fact", "residence", "深圳") in read("职称是工程师，现在在深圳上班")
    # surprise and a rumour dismissed disown nothing
    assert ("fact", "residence", "深圳") in read("别信那些谣传，我已经搬到深圳了")
