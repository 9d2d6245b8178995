"""Variants of the round-6 Chinese scenarios (tests/test_layers_everyday6_zh.py), written after
each fix to check that the fix reads the shape and not the one line (not blind)."""

from __future__ import annotations

from tests.layer_sets import current as _current, heard
from tests.test_layers_everyday6_zh import _all, _pref, _prefs

# -- a report told to the speaker: "X跟我说/告诉我/对我说 + 他/她 …" is X's ------------------------------


def test_zh6v_a_report_told_to_me_is_filed_under_the_teller(default_hub):
    mem = heard(default_hub, "e6zhv_r01", [(0, "秦岚", "老陈告诉我他特别讨厌坐飞机")])
    assert _prefs(mem, "秦岚", "飞机") == [], _all(mem)
    assert _pref(mem, "老陈", "飞机").value < 0.5, _all(mem)


def test_zh6v_a_report_said_to_me_gives_the_tellers_move(default_hub):
    mem = heard(default_hub, "e6zhv_r02", [(0, "梁艳", "小郑对我说她上个月搬到厦门了")])
    assert _current(mem, "梁艳", "residence") == [], _all(mem)
    assert _current(mem, "小郑", "residence") == ["厦门"], _all(mem)
