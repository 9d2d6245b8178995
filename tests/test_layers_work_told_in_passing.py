"""Work told in passing (#40), the lead's probes: a new employer with the I dropped and the day it
began after it ("Started at Deloitte on Monday!") gave nothing or took the day into the name, and
a class taught ("I teach year 6 at a primary school") gave no job, nor did the line one is in
("我是做外贸的"), and a Chinese job ended ("我从腾讯离职了") ended nothing. The lines after the first of
each test are variants written after the fix, with lines of the same shape that give no job."""

from __future__ import annotations

from tests.layer_sets import current, heard


def test_a_new_employer_with_the_day_it_began(default_hub):
    mem = heard(
        default_hub,
        "wp_01",
        [
            (0, "Ann", "Started at Deloitte on Monday!"),
            (0, "Bo", "started at Monzo on monday, still figuring out the coffee machine"),
            (0, "Cy", "I started at Google on the first."),
            (0, "Di", "Started the pottery course yesterday."),  # a course, no employer
        ],
    )
    assert current(mem, "Ann", "employer") == ["Deloitte"]
    assert current(mem, "Bo", "employer") == ["Monzo"]
    assert current(mem, "Cy", "employer") == ["Google"]
    assert current(mem, "Di", "employer") == []


def test_a_class_or_its_learners_taught_is_a_teachers_job(default_hub):
    mem = heard(
        default_hub,
        "wp_02",
        [
            (0, "Ann", "I teach year 6 at a primary school in Bristol."),
            (0, "Bo", "I teach adults in the evenings."),
            (0, "Cy", "My sister teaches grade 3 in Toronto."),
            (0, "Di", "Kids teach you patience, honestly."),
        ],
    )
    assert current(mem, "Ann", "job") == ["teacher"]
    assert current(mem, "Bo", "job") == ["teacher"]
    assert current(mem, "Cy's sister", "job") == ["teacher"]
    assert current(mem, "Di", "job") == []


def test_an_employer_gone_back_to(default_hub):
    # round 6's "Superdrug wasn't for me, Boots took me back" passed only while "Started at Superdrug
    # on Monday" gave nothing; read now, the way back must be read too (the rest are variants)
    mem = heard(
        default_hub,
        "wp_03",
        [
            (0, "Ann", "I work at Boots, on the pharmacy counter."),
            (30, "Ann", "Started at Superdrug on Monday."),
            (70, "Ann", "Superdrug wasn't for me, Boots took me back."),
            (0, "Bo", "Tesco took me back after a year away."),
            (0, "Cy", "I'm back at Arup, can you believe it"),
            (0, "Di", "My mum took me back to the station."),
        ],
    )
    assert current(mem, "Ann", "employer") == ["Boots"]
    assert current(mem, "Bo", "employer") == ["Tesco"]
    assert current(mem, "Cy", "employer") == ["Arup"]
    assert current(mem, "Di", "employer") == [] and current(mem, "Di's mum", "employer") == []


def test_the_line_one_is_in_said_with_是做_的(default_hub):
    # "我是做外贸的" gave no job, "我是干会计的" the job "干会计": the line one is in, any word for it,
    # between 是做 / 是干 / 是搞 / 是开 and 的. The rest are variants, and lines of the shape that
    # say no job (a meal cooked, a shop's trade, a no).
    mem = heard(
        default_hub,
        "wp_05",
        [
            (0, "王芳", "我是做外贸的"),
            (0, "李娜", "我是干会计的"),
            (0, "赵敏", "我是搞IT的"),
            (0, "钱多", "我是做饭的那个"),
            (0, "孙丽", "这家店是做川菜的"),
            (0, "周杰", "我不是做这行的"),
        ],
    )
    assert current(mem, "王芳", "job") == ["外贸"]
    assert current(mem, "李娜", "job") == ["会计"]
    assert current(mem, "赵敏", "job") == ["IT"]
    assert current(mem, "钱多", "job") == current(mem, "孙丽", "job") == current(mem, "周杰", "job") == []


def test_a_chinese_job_ended_with_nothing_after_it(default_hub):
    # "我从腾讯离职了" left 腾讯 the employer: the English "I quit my job" ends it (employer and job
    # "none"), the Chinese did not. A new post said after it is the fact instead; a wish or a
    # hypothetical ends nothing. The second and third are variants.
    mem = heard(
        default_hub,
        "wp_06",
        [
            (0, "王芳", "我在腾讯上班"),
            (5, "王芳", "我从腾讯离职了"),
            (0, "李娜", "我在一家银行当柜员"),
            (5, "李娜", "上个月被裁了，好难受"),
            (0, "赵敏", "我在华为上班"),
            (5, "赵敏", "我辞职了，下个月去阿里上班"),
            (0, "钱多", "我在京东上班"),
            (5, "钱多", "假如我中了彩票，第一件事就是辞职"),
        ],
    )
    assert current(mem, "王芳", "employer") == ["none"]
    assert current(mem, "李娜", "job") == ["none"]
    assert current(mem, "赵敏", "employer") == ["阿里"]
    assert current(mem, "钱多", "employer") == ["京东"]
