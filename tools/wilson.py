"""Wilson score intervals for small-sample pass rates, and the helpers an
interviewer uses to check claims about them (chapter 1's interviewing.io arms,
chapter 9's eval pass rates, the judge-agreement line of the scorecard).

Standard library only.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from math import ceil, sqrt
from statistics import NormalDist


@dataclass(frozen=True)
class Interval:
    """A Wilson interval for k successes out of n trials (fractions in [0, 1])."""

    k: int
    n: int
    confidence: float
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.k / self.n if self.n else 0.0

    def to_dict(self) -> dict:
        out = asdict(self)
        out["rate"] = self.rate
        out["half_width"] = (self.high - self.low) / 2
        return out


def _z(confidence: float) -> float:
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be strictly between 0 and 1, got {confidence}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(k: int, n: int, confidence: float = 0.95) -> Interval:
    """The Wilson score interval for k of n.

    Unlike the normal (Wald) interval it never leaves [0, 1] and does not collapse
    to zero width at k = 0 or k = n, which is what makes it usable at n = 10.
    With n = 0 nothing is known, so the interval is the whole of [0, 1].
    """
    if isinstance(k, bool) or isinstance(n, bool) or int(k) != k or int(n) != n:
        raise ValueError(f"k and n must be whole numbers, got k={k!r}, n={n!r}")
    k, n = int(k), int(n)
    if n < 0 or k < 0:
        raise ValueError(f"k and n must not be negative, got k={k}, n={n}")
    if k > n:
        raise ValueError(f"k ({k}) cannot exceed n ({n})")
    z = _z(confidence)
    if n == 0:
        return Interval(k, n, confidence, 0.0, 1.0)
    p = k / n
    z2n = z * z / n
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * sqrt(p * (1 - p) / n + z2n / (4 * n))
    # Exact endpoints at the boundaries avoid 1e-17 rounding that would put k/n outside.
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return Interval(k, n, confidence, low, high)


def gap(a: Interval, b: Interval) -> float:
    """Distance between two intervals as a fraction: positive when they are apart,
    negative (the overlap) when they overlap."""
    return max(a.low, b.low) - min(a.high, b.high)


def scaled(k: int, n: int, factor: int, confidence: float = 0.95) -> Interval:
    """The same observed rate with `factor` times the samples ("same rates, more samples")."""
    if factor < 1 or int(factor) != factor:
        raise ValueError(f"factor must be a whole number >= 1, got {factor}")
    return wilson(k * int(factor), n * int(factor), confidence)


def compare(k1: int, n1: int, k2: int, n2: int, confidence: float = 0.95,
            factors: tuple[int, ...] = (1, 2, 5, 10)) -> dict:
    """Two arms' intervals and their gap at each sample multiplier (the book's slider)."""
    rows = []
    for f in factors:
        a, b = scaled(k1, n1, f, confidence), scaled(k2, n2, f, confidence)
        g = gap(a, b)
        rows.append({"factor": f, "a": a.to_dict(), "b": b.to_dict(),
                     "gap": g, "gap_points": g * 100, "separated": g > 0})
    a, b = wilson(k1, n1, confidence), wilson(k2, n2, confidence)
    g = gap(a, b)
    return {"a": a.to_dict(), "b": b.to_dict(), "gap": g, "gap_points": g * 100,
            "separated": g > 0, "scaling": rows}


def samples_for_half_width(rate: float, half_width: float, confidence: float = 0.95) -> int:
    """The smallest n whose Wilson interval around `rate` is at most `half_width` wide on
    each side: how many eval cases a claimed precision needs. (Rounding k to a whole
    number makes the width wobble slightly with n; this returns the first n that fits.)"""
    if not 0.0 <= rate <= 1.0:
        raise ValueError(f"rate must be in [0, 1], got {rate}")
    if not 0.0 < half_width < 0.5:
        raise ValueError(f"half_width must be in (0, 0.5), got {half_width}")
    z = _z(confidence)
    # Start from the normal approximation, then walk to the exact Wilson answer.
    n = max(1, ceil(z * z * max(rate * (1 - rate), 1e-4) / half_width**2) // 2)
    while True:
        iv = wilson(round(rate * n), n, confidence)
        if (iv.high - iv.low) / 2 <= half_width:
            return n
        n += 1
