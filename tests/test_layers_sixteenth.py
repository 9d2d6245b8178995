"""The sixteenth labelled set of the person layers (tests/data/layers_sixteenth.jsonl, #40): 120
everyday lines, 60 English and 60 Chinese, 16 of which must give nothing. Written blind by a helper
who read neither the rules nor their tests, committed before the extractor ran on it, and scored
once untouched. Its folds 0-2 were then read and fixed by structure (tests/test_layers_moved.py);
folds 3-4 are the held-out part, never read."""

from __future__ import annotations

from pathlib import Path

from tests.layer_sets import assert_set_shape

SIXTEENTH = Path(__file__).parent / "data" / "layers_sixteenth.jsonl"


def test_every_line_has_the_fields_the_scorer_reads():
    assert_set_shape(SIXTEENTH, lines=120, english=60, empty=16)
