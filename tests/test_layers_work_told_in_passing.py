"""Work told in passing (#40), the lead's probes: a new employer with the I dropped and the day it
began after it ("Started at Deloitte on Monday!") gave nothing or took the day into the name, and
a class taught ("I teach year 6 at a primary school") gave no job. The lines after the first of
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
