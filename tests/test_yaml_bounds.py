"""YAML files: duplicate keys refused with the key and both lines, only regular files read (a
FIFO would block forever), unbounded numbers refused (#25 item 10)."""

from __future__ import annotations

import os
import threading

import pytest

from autogen_zettel import load_persona
from autogen_zettel.base.config import load_config
from autogen_zettel.base.errors import ConfigError
from autogen_zettel.base.yamlio import parse_yaml


@pytest.mark.parametrize(
    "text, key",
    [
        ("name: ada\nrole: a\nname: eve\n", "name"),
        ("recall:\n  k: 5\n  k: 50\n", "k"),
        ("{a: 1, a: 2}\n", "a"),
        ("1: x\n1: y\n", "1"),
    ],
)
def test_duplicate_keys_are_refused_with_key_and_line(text, key):
    with pytest.raises(ConfigError, match=rf"'?{key}'? is given twice \(line \d+ and line \d+\)") as info:
        parse_yaml(text, file="p.yaml")
    assert "p.yaml" in str(info.value)


def test_merge_keys_may_still_override():
    assert parse_yaml("base: &b {x: 1, y: 2}\nuse:\n  <<: *b\n  y: 3\n")["use"] == {"x": 1, "y": 3}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs mkfifo")
@pytest.mark.parametrize("load", [load_persona, load_config])
def test_a_fifo_is_refused_not_read(tmp_path, load):
    fifo = tmp_path / "persona.yaml"
    os.mkfifo(fifo)
    outcome = {}

    def attempt():
        try:
            load(fifo)
        except ConfigError as exc:
            outcome["error"] = str(exc)

    worker = threading.Thread(target=attempt, daemon=True)
    worker.start()
    worker.join(10)
    if worker.is_alive():  # unblock the reader so the test process can end
        fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)
        worker.join(5)
        pytest.fail("reading a FIFO blocked")
    assert "not a regular file" in outcome["error"] and str(fifo) in outcome["error"]


@pytest.mark.parametrize(
    "text, key",
    [
        ("decay:\n  stability_days: .inf\n", "decay.stability_days"),
        ("decay:\n  stability_days: 1000000\n", "decay.stability_days"),
        ("recall:\n  hops: 1000000000\n", "recall.hops"),
        ("recall:\n  recency_half_life_days: .inf\n", "recall.recency_half_life_days"),
        ("decay:\n  reinforcement: .inf\n", "decay.reinforcement"),
    ],
)
def test_unbounded_numbers_are_refused(tmp_path, text, key):
    path = tmp_path / "c.yaml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=key.replace(".", r"\.")):
        load_config(path)
