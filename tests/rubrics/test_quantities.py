"""Reading numbers and their units out of answers."""
import pytest

from rubrics import default_bank
from rubrics.quantities import quantities


def q(text):
    return [(round(x.value, 6), x.dim) for x in quantities(text)]


@pytest.mark.parametrize("text,expected", [
    ("327,680 bytes per token", [(327680, "bytes")]),
    ("320 KiB", [(327680, "bytes")]),
    ("54.7 GB", [(54.7e9, "bytes")]),
    ("15.1 to 25.8 ms", [(0.0151, "time"), (0.0258, "time")]),
    ("43.4–90.3%", [(0.434, "fraction"), (0.903, "fraction")]),
    ("1.16 s", [(1.16, "time")]),
    ("66 tokens/s", [(66, "rate")]),
    ("167K tokens", [(167000, "tokens")]),
    ("20.4 sequences", [(20.4, "sequences")]),
    ("$0.024", [(0.024, "usd")]),
    ("an 8x saving", [(8, "ratio")]),
    ("2 x 80 x 8", [(2, None), (80, None), (8, None)]),   # a product, not ratios
    ("a 70B model", [(70e9, "other")]),
    ("3 weeks", [(3 * 604800, "time")]),
])
def test_quantities(text, expected):
    assert q(text) == expected


def test_names_are_not_quantities():
    assert q("Llama 3.3 on an H200 with GPT-4 as judge, per RFC 6585") == []


def test_a_bare_share_is_read_as_fraction_or_percentage():
    from rubrics.quantities import to_check_unit
    bank = default_bank()
    percent = next(n for c in bank for n in c.number_checks if n.unit == "percent")
    fraction = next(n for c in bank for n in c.number_checks if n.unit == "fraction")
    for text, pct, frac in (("85", 85.0, 0.85), ("0.85", 85.0, 0.85), ("85%", 85.0, 0.85)):
        [got] = quantities(text)
        assert to_check_unit(got, percent) == pytest.approx(pct)
        assert to_check_unit(got, fraction) == pytest.approx(frac)


def test_numbers_said_in_words_are_read_with_their_unit():
    assert q("about twenty-five percent of them") == [(0.25, "fraction")]
    assert q("one hundred and twenty ms, then two hundred fifty-six tokens") == \
        [(0.12, "time"), (256.0, "tokens")]
    assert q("three seconds") == [(3.0, "time")]
    # small counting words without a unit are not quantities; from twenty up they are bare
    assert q("two levers, one of them cheap, tested on a thousand probes") == []
    assert q("in flight it stays around thirty") == [(30.0, "word")]


def test_halves_and_ranges_said_in_words():
    assert q("six and a half points") == [(0.065, "fraction")]
    assert q("one and a half seconds") == [(1.5, "time")]
    assert q("about half a second, then half a percent") == [(0.5, "time"), (0.005, "fraction")]
    assert q("the other half a team") == []          # half of a count noun is not a claim
    # a spoken range gives its unit to both ends
    assert q("fifty-two to eighty-three percent") == [(0.52, "fraction"), (0.83, "fraction")]
    assert q("two or three weeks") == [(2 * 604800, "time"), (3 * 604800, "time")]
    assert q("two hundred and fifty to three hundred ms") == [(0.25, "time"), (0.3, "time")]
    # without a unit at the end, neither end is a claim
    assert q("two to three of them") == []
