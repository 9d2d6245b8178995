"""Chinese tokens: our character bigrams against jieba's word segmentation, on a small set of
Chinese messages and questions (BM25, is the message a question is about ranked first / in the
top 3) and on speed. jieba is not a dependency; to rerun: pip install jieba==0.42.1

    PYTHONPATH=$PWD python scripts/cjk_tokens_eval.py

Measured (2026-11-30, 2 shared cores), 24 messages, 28 questions: bigrams R@1 27/28, R@3 28/28,
40-107 us per message, nothing to load; jieba (cut_for_search) R@1 28/28, R@3 28/28, 198-384 us
per message and 2.9-3.9 s to load its dictionary on first use. One question in 28 is not worth a
dependency, a 3-4 s stall on the first Chinese message and 3-6 times the tokenising time: bigrams stay.
"""

from __future__ import annotations

import logging
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from autogen_zettel.core import lexical as lx  # noqa: E402

DOCS = ["我住在杭州，喜欢喝龙井茶。", "我妹妹下个月要去北京读大学。", "我们决定用 Postgres 存储数据，周五之前完成迁移。",
 "上周末我和朋友去西湖边跑步了。", "我的狗叫豆豆，是一只金毛。", "我在一家医院当护士，已经工作五年了。",
 "明天下午三点我要去看牙医。", "我最喜欢的电影是《霸王别姬》。", "我对花生过敏，不能吃花生酱。",
 "我们公司今年搬到了上海浦东。", "我儿子正在学钢琴，每周上两次课。", "我打算明年春天去日本旅行。",
 "我老婆是小学老师，教数学。", "我每天早上六点起床去游泳。", "周末我常去图书馆看历史书。",
 "我爸爸退休以后开始种菜了。", "我上个月去杭州出差，住在酒店里。", "我不喜欢喝咖啡，太苦了。", "北京的冬天很冷，大学里有暖气。",
 "我的猫叫豆包，很喜欢睡觉。", "医院旁边新开了一家药店。", "我弟弟在上海学习日语。", "学校的数学老师生病了。", "我每天晚上去公园散步。"]
QS = [("我喜欢喝什么茶？", 0), ("谁要去北京读大学？", 1), ("我们用什么数据库存储数据？", 2), ("上周末去哪里跑步了？", 3),
 ("我的狗叫什么名字？", 4), ("我在哪里工作？", 5), ("什么时候去看牙医？", 6), ("我最喜欢哪部电影？", 7),
 ("我对什么过敏？", 8), ("公司搬到哪里了？", 9), ("儿子在学什么乐器？", 10), ("明年打算去哪里旅行？", 11),
 ("我老婆做什么工作？", 12), ("我每天早上做什么运动？", 13), ("周末常去哪里看书？", 14), ("爸爸退休以后做什么？", 15), ("我住在哪个城市？", 0), ("谁是金毛？", 4), ("牙医预约是几点？", 6),
 ("我不能吃什么？", 8), ("谁在学钢琴？", 10), ("我老婆教什么科目？", 12), ("我几点起床？", 13), ("谁开始种菜了？", 15),
 ("我去哪里出差了？", 16), ("我为什么不喝咖啡？", 17), ("我的猫叫什么？", 19), ("弟弟在学什么语言？", 21)]


def main() -> int:
    import jieba

    jieba.setLogLevel(logging.WARNING)

    def jieba_tokens(text: str) -> list[str]:
        words = (w.strip() for w in jieba.cut_for_search(lx.fold(text)))
        return [w for w in words if w and any(ch.isalnum() for ch in w) and w not in lx.STOPWORDS]

    for name, tok in (("bigrams", lx.tokens), ("jieba", jieba_tokens)):
        t0 = time.perf_counter()
        tok("预热")
        first = time.perf_counter() - t0
        bm = lx.BM25([tok(d) for d in DOCS])
        r1 = sum([i for i, _ in bm.top(tok(q), 1)] == [g] for q, g in QS)
        r3 = sum(g in [i for i, _ in bm.top(tok(q), 3)] for q, g in QS)
        t0 = time.perf_counter()
        for _ in range(50):
            for d in DOCS:
                tok(d)
        per = 1e6 * (time.perf_counter() - t0) / (50 * len(DOCS))
        print(f"{name}: R@1 {r1}/{len(QS)}, R@3 {r3}/{len(QS)}, {per:.0f} us per message, first call {first:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
