"""The fifteenth labelled set of the person layers (tests/data/layers_fifteenth.jsonl, #40): 120
everyday group-chat lines, 60 English and 60 Chinese, 30 of which must give nothing. Written blind
(the format docstring and twelve example lines only) and committed before the extractor ran on it;
scored once untouched, as a held-out figure of how the rules generalise."""

from __future__ import annotations

from pathlib import Path

from tests.layer_sets import assert_set_shape

FIFTEENTH = Path(__file__).parent / "data" / "layers_fifteenth.jsonl"


def test_every_line_has_the_fields_the_scorer_reads():
    assert_set_shape(FIFTEENTH, lines=120, english=60, empty=30)
