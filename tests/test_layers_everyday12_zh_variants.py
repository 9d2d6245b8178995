"""Variants of the fixes made for the twelfth blind Chinese round (tests/test_layers_everyday12_zh.py):
for each fix, two lines in other words with the same shape, written after the fix."""

from __future__ import annotations

from datetime import date

from tests.layer_sets import (
    all_rows as _all,
    commitment_of as _commit,
    current as _current,
    heard,
    no_fact as _no_fact,
    preference_holding as _pref,
    preferences_holding as _prefs,
)

# 在X做Y, 当PM: the role after 做 / 当 ends at its clause, more may follow


def test_zh12v_a_tester_at_xiaomi_then_the_hours(default_hub):
    mem = heard(default_hub, "e12zh_v01", [(0, "阿测", "我在小米做测试，每天加班到十点")])
    assert _current(mem, "阿测", "employer") == ["小米"], _all(mem)


def test_zh12v_a_pm_at_jd_then_a_judgement(default_hub):
    mem = heard(default_hub, "e12zh_v02", [(0, "阿品", "我在京东当PM，挺忙的")])
    assert _current(mem, "阿品", "employer") == ["京东"], _all(mem)


# V过: 过 after the verb of a job tells a job once held, no job now


def test_zh12v_a_teacher_for_three_years_once(default_hub):
    mem = heard(default_hub, "e12zh_v03", [(0, "阿教", "我当过三年老师，后来转行了")])
    _no_fact(mem)


def test_zh12v_a_waiter_at_a_tea_shop_in_college(default_hub):
    mem = heard(default_hub, "e12zh_v04", [(0, "阿茶", "大学时在奶茶店当过服务员")])
    _no_fact(mem)


# the thing first, then 我 and a deadline with no 在 before it: any verb after the deadline is taken on


def test_zh12v_a_form_filled_in_by_friday(default_hub):
    mem = heard(default_hub, "e12zh_v05", [(0, "阿表", "报名表我周五前填好")])
    row = _commit(mem, "阿表")
    assert (row.status, row.due) == ("open", date(2026, 9, 4)), _all(mem)


def test_zh12v_a_report_reviewed_by_next_tuesday(default_hub):
    mem = heard(default_hub, "e12zh_v06", [(0, "阿审", "报告我下周二之前审一遍")])
    row = _commit(mem, "阿审")
    assert (row.status, row.due) == ("open", date(2026, 9, 8)), _all(mem)


# 放 + the addressee's place (放你桌上, 放您门口): the thing delivered there


def test_zh12v_a_book_left_on_your_desk_tomorrow(default_hub):
    mem = heard(default_hub, "e12zh_v07", [(0, "阿书", "书我明天放你桌上")])
    row = _commit(mem, "阿书")
    assert (row.status, row.due) == ("open", date(2026, 9, 2)), _all(mem)


def test_zh12v_a_parcel_left_at_your_door_on_friday(default_hub):
    mem = heard(default_hub, "e12zh_v08", [(0, "阿递", "快递我周五放您家门口")])
    row = _commit(mem, "阿递")
    assert (row.status, row.due) == ("open", date(2026, 9, 4)), _all(mem)


# any one verb + 给你 / 给您 hands the thing to the addressee (开给你, 画给你)


def test_zh12v_a_drawing_done_for_you_tonight(default_hub):
    mem = heard(default_hub, "e12zh_v09", [(0, "阿画", "图我今晚画给你")])
    assert _commit(mem, "阿画").status == "open", _all(mem)


def test_zh12v_a_receipt_issued_tomorrow(default_hub):
    mem = heard(default_hub, "e12zh_v10", [(0, "阿据", "收据我明天开给您")])
    row = _commit(mem, "阿据")
    assert (row.status, row.due) == ("open", date(2026, 9, 2)), _all(mem)


# 改到 + a day + 再 and the act again: put off to that day


def test_zh12v_a_hike_moved_to_sunday_for_the_rain(default_hub):
    mem = heard(
        default_hub,
        "e12zh_v11",
        [(0, "阿山", "明天我陪你去爬山"), (1, "阿山", "下雨了，改到周日再爬")],
    )
    row = _commit(mem, "阿山")
    assert (row.status, row.due) == ("open", date(2026, 9, 6)), _all(mem)


def test_zh12v_a_parcel_pickup_moved_to_friday(default_hub):
    mem = heard(
        default_hub,
        "e12zh_v12",
        [(0, "阿取", "明天我帮你取快递"), (1, "阿取", "今天下班太晚了，推到周五再取")],
    )
    row = _commit(mem, "阿取")
    assert (row.status, row.due) == ("open", date(2026, 9, 4)), _all(mem)


# a matter (那事儿) 黄了: it fell through


def test_zh12v_karaoke_fell_through(default_hub):
    mem = heard(
        default_hub,
        "e12zh_v13",
        [(0, "阿歌", "周六我请大家唱K"), (2, "阿歌", "唱K那事也黄了，包厢订不到")],
    )
    assert _commit(mem, "阿歌").status == "cancelled", _all(mem)


def test_zh12v_a_picnic_fell_through(default_hub):
    mem = heard(
        default_hub,
        "e12zh_v14",
        [(0, "阿野", "周日我带大家去野餐"), (3, "阿野", "野餐这事儿黄了，天气预报说有暴雨")],
    )
    assert _commit(mem, "阿野").status == "cancelled", _all(mem)


# the thing judged (degree word + what it is now), then thanks to the one named: their task is done


def test_zh12v_a_lamp_that_is_bright_thanks_to_a_friend(default_hub):
    mem = heard(
        default_hub,
        "e12zh_v15",
        [(0, "阿灯", "周末我帮你把台灯修好"), (4, "e12zh_v15", "台灯超亮，晚上看书舒服多了，谢啦阿灯")],
    )
    assert _commit(mem, "阿灯").status == "done", _all(mem)


def test_zh12v_a_chair_that_is_steady_thanks_to_a_friend(default_hub):
    mem = heard(
        default_hub,
        "e12zh_v16",
        [(0, "老椅", "明天我帮你把椅子装好"), (2, "e12zh_v16", "椅子很结实，坐着一点不晃，谢谢老椅")],
    )
    assert _commit(mem, "老椅").status == "done", _all(mem)


# the thing looked at by the one it was for, then the work judged with V得 + degree: done


def test_zh12v_a_report_looked_at_and_judged(default_hub):
    mem = heard(
        default_hub,
        "e12zh_v17",
        [(0, "小R", "我明天把报告写完发你"), (1, "e12zh_v17", "报告看了，写得挺清楚的")],
    )
    assert _commit(mem, "小R").status == "done", _all(mem)


def test_zh12v_a_logo_received_and_judged(default_hub):
    mem = heard(
        default_hub,
        "e12zh_v18",
        [(0, "小D", "logo我今晚做好发你"), (1, "e12zh_v18", "logo收到了，画得太好看了")],
    )
    assert _commit(mem, "小D").status == "done", _all(mem)


# 百V不厌 with any verb of taking in (听, 玩, 读): never tired of it


def test_zh12v_songs_never_tired_of(default_hub):
    mem = heard(default_hub, "e12zh_v19", [(0, "阿曲", "周杰伦的歌我百听不厌")])
    assert _pref(mem, "阿曲", "周杰伦").value > 0.5, _all(mem)


def test_zh12v_a_board_game_never_tired_of(default_hub):
    mem = heard(default_hub, "e12zh_v20", [(0, "阿棋", "大富翁我百玩不厌，每次聚会都要来一局")])
    assert _pref(mem, "阿棋", "大富翁").value > 0.5, _all(mem)


# 能 / 可以 V 一整天 / 一下午: able to go on at it all day


def test_zh12v_table_tennis_all_afternoon(default_hub):
    mem = heard(default_hub, "e12zh_v21", [(0, "阿乒", "乒乓球我可以打一下午")])
    assert _pref(mem, "阿乒", "乒乓球").value > 0.5, _all(mem)


def test_zh12v_a_video_app_all_evening(default_hub):
    mem = heard(default_hub, "e12zh_v22", [(0, "阿刷", "我能刷一晚上抖音都不腻")])
    assert _pref(mem, "阿刷", "抖音").value > 0.5, _all(mem)


# 只看 / 只听 X: the only thing watched or listened to


def test_zh12v_only_documentaries(default_hub):
    mem = heard(default_hub, "e12zh_v23", [(0, "阿纪", "电视我只看纪录片")])
    assert _pref(mem, "阿纪", "纪录片").value > 0.5, _all(mem)


def test_zh12v_only_podcasts_on_the_commute(default_hub):
    mem = heard(default_hub, "e12zh_v24", [(0, "阿播", "我现在只听播客，音乐都不听了")])
    assert _pref(mem, "阿播", "播客").value > 0.5, _all(mem)


# 接受不了 a thing: cannot bring oneself to take it


def test_zh12v_stinky_tofu_not_accepted(default_hub):
    mem = heard(default_hub, "e12zh_v25", [(0, "阿臭", "臭豆腐我真的接受不了")])
    rows = _prefs(mem, "阿臭", "臭豆腐")
    assert rows and all(p.value < 0.5 for p in rows), _all(mem)


def test_zh12v_sweet_tofu_pudding_not_accepted(default_hub):
    mem = heard(default_hub, "e12zh_v26", [(0, "阿咸", "甜豆花我完全接受不了")])
    rows = _prefs(mem, "阿咸", "甜豆花")
    assert rows and all(p.value < 0.5 for p in rows), _all(mem)


# the home's animals counted by a measure word (我家那两只猫, 家里三条狗): pets kept


def test_zh12v_three_dogs_walked_twice_a_day(default_hub):
    mem = heard(default_hub, "e12zh_v27", [(0, "阿汪", "家里三条狗每天要遛两次，腿都走细了")])
    assert "狗" in " ".join(_current(mem, "阿汪", "pet")), _all(mem)


def test_zh12v_a_parrot_that_says_hello(default_hub):
    mem = heard(default_hub, "e12zh_v28", [(0, "阿鹉", "我家那只鹦鹉会说你好了")])
    assert "鹦鹉" in " ".join(_current(mem, "阿鹉", "pet")), _all(mem)


# the way home after work (下班…回X的家): X is where one lives


def test_zh12v_a_bus_home_to_kunshan(default_hub):
    mem = heard(default_hub, "e12zh_v29", [(0, "阿昆", "下班坐公交回昆山的家要一个半小时")])
    assert _current(mem, "阿昆", "residence") == ["昆山"], _all(mem)


def test_zh12v_a_drive_home_to_jiading(default_hub):
    mem = heard(default_hub, "e12zh_v30", [(0, "阿嘉", "下了班开车回嘉定的家，堵了一路")])
    assert _current(mem, "阿嘉", "residence") == ["嘉定"], _all(mem)


# the one it was for says it arrived, reported by the one who sent it (X说…收到了): done


def test_zh12v_samples_signed_for_says_the_client(default_hub):
    mem = heard(
        default_hub,
        "e12zh_v31",
        [(0, "阿样", "周五前我把样品寄给客户"), (5, "阿样", "客户说样品已经签收了")],
    )
    assert _commit(mem, "阿样").status == "done", _all(mem)


def test_zh12v_a_deposit_arrived_says_the_landlady(default_hub):
    mem = heard(
        default_hub,
        "e12zh_v32",
        [(0, "阿押", "押金我月底前转给房东"), (10, "阿押", "房东阿姨回我说押金到账了")],
    )
    assert _commit(mem, "阿押").status == "done", _all(mem)


# found beside the scenarios: the surface one works on (在网上, 在线上) is no employer


def test_zh12v_a_side_job_online(default_hub):
    mem = heard(default_hub, "e12zh_v33", [(0, "阿网", "我在网上做兼职，赚点零花钱")])
    assert _current(mem, "阿网", "employer") == [], _all(mem)


def test_zh12v_customer_service_online(default_hub):
    mem = heard(default_hub, "e12zh_v34", [(0, "阿线", "我在线上做客服，在家就能干")])
    assert _current(mem, "阿线", "employer") == [], _all(mem)


# a role for a day or a few (当了一天志愿者, 当了几天前台) is a one-off, no job


def test_zh12v_a_volunteer_for_a_day(default_hub):
    mem = heard(default_hub, "e12zh_v35", [(0, "阿志", "今天我去当了一天志愿者，累瘫了")])
    _no_fact(mem)


def test_zh12v_a_receptionist_for_a_few_days(default_hub):
    mem = heard(default_hub, "e12zh_v36", [(0, "阿台", "上周替同事当了几天前台")])
    _no_fact(mem)


# 今天我去V了 + how much: the perfective 了 and a count tell what happened, no promise


def test_zh12v_five_kilometres_run_today(default_hub):
    mem = heard(default_hub, "e12zh_v37", [(0, "阿跑", "今天我去跑了五公里，累瘫了")])
    assert mem.commitments() == [], _all(mem)


def test_zh12v_two_pounds_of_oranges_bought_today(default_hub):
    mem = heard(default_hub, "e12zh_v38", [(0, "阿橘", "今天我去买了两斤橘子，特别甜")])
    assert mem.commitments() == [], _all(mem)


# 我是X人 names a hometown only when X is a place (我是干饭人, 我是打工人: a kind of person)


def test_zh12v_a_foodie_by_self_description(default_hub):
    mem = heard(default_hub, "e12zh_v39", [(0, "阿饭", "我是干饭人，一顿不吃饿得慌")])
    _no_fact(mem)


def test_zh12v_a_wage_earner_by_self_description(default_hub):
    mem = heard(default_hub, "e12zh_v40", [(0, "阿打", "我是打工人，周一最难熬")])
    _no_fact(mem)


# a trade's word is whole, not the head of a longer noun (我是学生会的: of the student union)


def test_zh12v_of_the_student_union(default_hub):
    mem = heard(default_hub, "e12zh_v41", [(0, "阿会", "我是学生会的，来通知一下开会")])
    assert _current(mem, "阿会", "job") == [], _all(mem)


def test_zh12v_of_the_nurses_union(default_hub):
    mem = heard(default_hub, "e12zh_v42", [(0, "阿护", "我是护士长派来的，来取一下单子")])
    assert "护士" not in " ".join(_current(mem, "阿护", "job")), _all(mem)


# a stay in someone's home (住在朋友家, 住在我姐家) is no residence


def test_zh12v_staying_at_a_friends(default_hub):
    mem = heard(default_hub, "e12zh_v43", [(0, "阿住", "我住在朋友家，过两天就找房子")])
    assert _current(mem, "阿住", "residence") == [], _all(mem)


def test_zh12v_staying_at_a_sisters_lately(default_hub):
    mem = heard(default_hub, "e12zh_v44", [(0, "阿姊", "最近住在我姐家，帮她带孩子")])
    assert _current(mem, "阿姊", "residence") == [], _all(mem)


# 是 + a trade + 的 + a noun (我是厨师的儿子): the trade is another's, the speaker is the noun


def test_zh12v_a_cooks_son(default_hub):
    mem = heard(default_hub, "e12zh_v45", [(0, "阿厨", "我是厨师的儿子，从小吃得好")])
    assert _current(mem, "阿厨", "job") == [], _all(mem)


def test_zh12v_a_policemans_wife(default_hub):
    mem = heard(default_hub, "e12zh_v46", [(0, "阿警", "我是警察的老婆，天天提心吊胆")])
    assert _current(mem, "阿警", "job") == [], _all(mem)


# a home wished for or planned (想住在, 希望住在): no residence


def test_zh12v_a_seaside_home_wished_for(default_hub):
    mem = heard(default_hub, "e12zh_v47", [(0, "阿海", "我以后想住在海边，天天看日落")])
    assert _current(mem, "阿海", "residence") == [], _all(mem)


def test_zh12v_dali_hoped_for_after_retiring(default_hub):
    mem = heard(default_hub, "e12zh_v48", [(0, "阿理", "退休了我希望住在大理")])
    assert _current(mem, "阿理", "residence") == [], _all(mem)


# a spot by a place, its localiser last (北大门口, 南京南站, 西湖边上): where one stands, no home


def test_zh12v_at_a_station_now(default_hub):
    mem = heard(default_hub, "e12zh_v49", [(0, "阿站", "我在南京南站")])
    assert _current(mem, "阿站", "residence") == [], _all(mem)


def test_zh12v_by_the_lake_now(default_hub):
    mem = heard(default_hub, "e12zh_v50", [(0, "阿湖", "我在西湖边上")])
    assert _current(mem, "阿湖", "residence") == [], _all(mem)


# hearsay at the head (听说, 听我妈说): the news is of whom it names after it, not the speaker's


def test_zh12v_heard_he_works_in_shanghai(default_hub):
    mem = heard(default_hub, "e12zh_v51", [(0, "阿听", "听说他在上海工作")])
    _no_fact(mem)


def test_zh12v_heard_from_dad_a_cousin_is_in_shenzhen(default_hub):
    mem = heard(default_hub, "e12zh_v52", [(0, "阿闻", "听我爸说表哥在深圳上班")])
    assert [f for f in mem.facts() if f.subject == "阿闻"] == [], _all(mem)


# 上司 is a person over the speaker, as 领导 and 老板 are: the news is theirs


def test_zh12v_a_superior_in_pudong(default_hub):
    mem = heard(default_hub, "e12zh_v53", [(0, "阿属", "我上司住在浦东，每天开车来")])
    assert _current(mem, "阿属", "residence") == [], _all(mem)


def test_zh12v_a_superior_from_beijing(default_hub):
    mem = heard(default_hub, "e12zh_v54", [(0, "阿下", "我上司是北京人，说话特别快")])
    assert _current(mem, "阿下", "hometown") == [], _all(mem)


# found beside the scenarios: 我要是 / 我如果 + a fact is a condition or a wish, no fact


def test_zh12v_a_job_in_beijing_wished_for(default_hub):
    mem = heard(default_hub, "e12zh_v55", [(0, "阿愿", "我要是在北京工作就好了")])
    _no_fact(mem)


def test_zh12v_a_home_in_shanghai_supposed(default_hub):
    mem = heard(default_hub, "e12zh_v56", [(0, "阿设", "我如果住在上海，肯定天天去外滩")])
    _no_fact(mem)


# the addressee at the head with a state (你是不是在…, 你住…吧): their state guessed, no fact of the speaker


def test_zh12v_an_employer_guessed_of_the_other(default_hub):
    mem = heard(default_hub, "e12zh_v57", [(0, "阿猜", "你是不是在华为上班")])
    _no_fact(mem)


def test_zh12v_a_district_guessed_of_the_other(default_hub):
    mem = heard(default_hub, "e12zh_v58", [(0, "阿估", "你住海淀吧，离得不远")])
    _no_fact(mem)


# 搬回来 / 搬回去 name no place: no residence from the 来 or 去


def test_zh12v_moved_back_here(default_hub):
    mem = heard(default_hub, "e12zh_v59", [(0, "阿回", "我之前住在杭州，现在搬回来了")])
    assert "来" not in _current(mem, "阿回", "residence"), _all(mem)


def test_zh12v_moved_back_there(default_hub):
    mem = heard(default_hub, "e12zh_v60", [(0, "阿去", "房子到期了，我又搬回去了")])
    assert _current(mem, "阿去", "residence") == [], _all(mem)


# a state of the heart wished for (梦想是结婚, 愿望是…结婚): not married yet


def test_zh12v_a_dream_of_marrying(default_hub):
    mem = heard(default_hub, "e12zh_v61", [(0, "阿梦", "我的梦想是结婚，生两个娃")])
    assert _current(mem, "阿梦", "relationship") == [], _all(mem)


def test_zh12v_a_wish_to_marry_early(default_hub):
    mem = heard(default_hub, "e12zh_v62", [(0, "阿愿", "我最大的愿望是早点结婚")])
    assert _current(mem, "阿愿", "relationship") == [], _all(mem)


# 对 + a thing pointed at (这个, 那种) + 过敏: a dislike put as a joke, no allergy


def test_zh12v_allergic_to_this_plan(default_hub):
    mem = heard(default_hub, "e12zh_v63", [(0, "阿敏", "我对这个方案过敏，看一眼就头疼")])
    assert _current(mem, "阿敏", "allergy") == [], _all(mem)


def test_zh12v_allergic_to_that_kind_of_person(default_hub):
    mem = heard(default_hub, "e12zh_v64", [(0, "阿讨", "我对那种人过敏")])
    assert _current(mem, "阿讨", "allergy") == [], _all(mem)


# a guess at one's own day (估计, 大概), as 可能 is: no promise


def test_zh12v_a_busy_day_guessed(default_hub):
    mem = heard(default_hub, "e12zh_v65", [(0, "阿忙", "我明天估计会很忙")])
    assert mem.commitments() == [], _all(mem)


def test_zh12v_overtime_on_friday_guessed(default_hub):
    mem = heard(default_hub, "e12zh_v66", [(0, "阿估", "周五我大概会加班，晚饭别等我")])
    assert mem.commitments() == [], _all(mem)


# a yes or a giving up at the head (好吧, 那算了) before 不V了 is no thing disliked


def test_zh12v_fine_not_eating_then(default_hub):
    mem = heard(default_hub, "e12zh_v67", [(0, "阿好", "好吧不吃了")])
    assert mem.preferences() == [], _all(mem)


def test_zh12v_forget_it_not_drinking(default_hub):
    mem = heard(default_hub, "e12zh_v68", [(0, "阿算", "那算了不喝了")])
    assert mem.preferences() == [], _all(mem)
