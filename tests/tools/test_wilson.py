"""Chapter 1's Wilson figures, and the invariants that must hold for any k and n."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tools.wilson import compare, gap, samples_for_half_width, scaled, wilson


@pytest.mark.parametrize("k,n,low,high", [
    (8, 11, 43.4, 90.3),   # verbatim LeetCode questions
    (6, 9, 35.4, 87.9),    # modified questions
    (3, 12, 8.9, 53.2),    # custom questions
])
def test_interviewing_io_arms(k, n, low, high):
    iv = wilson(k, n)
    assert round(iv.low * 100, 1) == low
    assert round(iv.high * 100, 1) == high


def test_gap_slider():
    v, m, c = (8, 11), (6, 9), (3, 12)
    # as run: custom overlaps verbatim by about ten points; verbatim and modified overlap
    assert round(gap(wilson(*v), wilson(*c)) * 100) == -10
    assert gap(wilson(*v), wilson(*m)) < 0
    # at twice the interviews verbatim and custom separate...
    assert gap(scaled(*v, 2), scaled(*c, 2)) > 0
    # ...and at ten times verbatim and modified still overlap
    assert gap(scaled(*v, 10), scaled(*m, 10)) < 0
    rows = compare(*v, *c)["scaling"]
    assert [r["separated"] for r in rows] == [False, True, True, True]


def test_confidence_widens_the_interval():
    assert wilson(8, 11, 0.99).low < wilson(8, 11, 0.95).low < wilson(8, 11, 0.80).low


def test_edges():
    assert wilson(0, 0).low == 0.0 and wilson(0, 0).high == 1.0
    assert wilson(0, 10).low == 0.0 and wilson(10, 10).high == 1.0
    for bad in [(-1, 5), (6, 5), (1.5, 3)]:
        with pytest.raises(ValueError):
            wilson(*bad)
    with pytest.raises(ValueError):
        wilson(1, 2, confidence=1.0)


def test_samples_for_half_width_is_the_first_n_that_fits():
    n = samples_for_half_width(0.5, 0.05)
    iv = wilson(round(0.5 * n), n)
    assert (iv.high - iv.low) / 2 <= 0.05
    prev = wilson(round(0.5 * (n - 1)), n - 1)
    assert (prev.high - prev.low) / 2 > 0.05
    assert 370 < n < 390   # the normal approximation says about 384


@given(n=st.integers(1, 5000), data=st.data(),
       confidence=st.floats(0.5, 0.999))
def test_bounds_inside_unit_interval_and_contain_rate(n, data, confidence):
    k = data.draw(st.integers(0, n))
    iv = wilson(k, n, confidence)
    assert 0.0 <= iv.low <= k / n <= iv.high <= 1.0


@given(k=st.integers(0, 50), extra=st.integers(1, 50), factor=st.integers(2, 20))
def test_more_samples_narrow_the_interval(k, extra, factor):
    n = k + extra
    a, b = wilson(k, n), scaled(k, n, factor)
    assert (b.high - b.low) < (a.high - a.low)
