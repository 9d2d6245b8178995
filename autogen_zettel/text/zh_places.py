"""Whether a Chinese span names a place: "我在北京工作" says where the speaker lives, "我在小米工作"
whom they work for (issue #40).

The frames alike ("在X工作", "在X当导游", "现在在X。") cannot tell a city from a company; the
part-of-speech tagger of ``jieba`` can: its dictionary marks place names ``ns`` (北京, 厦门, 四川,
宜宾, 朝阳区) and companies otherwise (小米 n, 腾讯 nz, 华为 nr, 阿里巴巴 nrt, 上海交通大学 nt).
:func:`is_place` is true when every word of the span is such a place ("四川宜宾", "深圳南山").
A few companies carry a place's name and its tag (京东, 中兴, 大疆, 广达); :data:`NOT_PLACES` keeps them
employers.

``jieba`` builds its dictionary on first use (about a second; it keeps a cache file in the system's
temporary folder, never in the tenant's data): :func:`warm_for` does that in a background thread
once Chinese text is remembered, so the first fact read from it does not pay on the write path.

>>> is_place("北京"), is_place("四川宜宾"), is_place("小米"), is_place("上海交通大学")
(True, True, False, False)
"""

from __future__ import annotations

import functools
import logging
import re
import threading

from autogen_zettel.base.threads import warm_once
from autogen_zettel.text.script import HAN as _HAN

__all__ = ["NOT_PLACES", "is_place", "warm_for"]

_HAN_ONLY = re.compile(r"[\u4e00-\u9fff]{2,12}")
# companies whose name jieba's dictionary tags as a place
NOT_PLACES = frozenset({"京东", "中兴", "大疆", "浙大", "广达"})
_warming = threading.Lock()
_warmed: list[bool] = []


def _tagger():
    import jieba  # a dictionary of about a second's load, on its first cut
    import jieba.posseg

    jieba.setLogLevel(logging.WARNING)  # it logs its dictionary loading at INFO/DEBUG
    return jieba.posseg


@functools.lru_cache(maxsize=4096)
def is_place(span: str) -> bool:
    """True when ``span`` (Han characters only) is one place name or a run of them, each tagged
    ``ns`` by ``jieba`` ("杭州", "浙江杭州"), and is no company known to carry a place's tag.

    >>> is_place("厦门"), is_place("腾讯"), is_place("京东"), is_place("公司"), is_place("Beijing")
    (True, False, False, False, False)
    """
    if not _HAN_ONLY.fullmatch(span) or span in NOT_PLACES:
        return False
    words = list(_tagger().cut(span, HMM=False))
    return bool(words) and all(w.flag == "ns" and w.word not in NOT_PLACES for w in words)


def warm_for(text: str) -> None:
    """Load ``jieba``'s dictionary in a background thread (once per process) when ``text`` has
    Han characters: a fact read from it may ask :func:`is_place`."""
    if not _warmed and isinstance(text, str) and _HAN.search(text):
        warm_once(_warmed, _warming, "zettel-jieba-warm", _load)


def _load() -> None:
    _tagger().lcut("北京")  # the import lock and jieba's own make a caller that comes meanwhile wait
