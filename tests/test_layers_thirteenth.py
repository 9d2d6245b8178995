"""The thirteenth labelled set of the person layers (tests/data/layers_thirteenth.jsonl, #40): 100
everyday group-chat lines, 50 English and 50 Chinese, 25 of which must give nothing. Written blind
(the format docstring and twelve example lines only) and committed before the extractor ran on it;
scored once untouched, as a held-out figure of how the rules generalise."""

from __future__ import annotations

from pathlib import Path

from tests.layer_sets import assert_set_shape

THIRTEENTH = Path(__file__).parent / "data" / "layers_thirteenth.jsonl"


def test_every_line_has_the_fields_the_scorer_reads():
    assert_set_shape(THIRTEENTH, lines=100, english=50, empty=25)
