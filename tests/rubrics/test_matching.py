"""Tying the numbers in an answer to a card's number checks."""
import pytest

from rubrics import default_bank
from rubrics.matching import claims


def test_claims_pick_the_number_the_cue_points_at():
    card = default_bank().get("why-fde")
    [c] = claims(card, "Only 388 of 1,333 postings list pay, about 29.1% with pay.")
    assert c.ok and c.value == pytest.approx(29.1)
    [c] = claims(card, "Roughly 45% of postings list pay.")
    assert not c.ok and c.value == 45
    assert claims(card, "I like building things for customers.") == []
