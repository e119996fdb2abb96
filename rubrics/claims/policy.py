"""The one tolerance policy for number checks (rubrics/CARDS.md, "Tolerance policy").

A claimed value is compared with the calculator's value under each reading of the
candidate's conditions. It is accepted when it is within the tolerance below, and
challenged only when it is at least CHALLENGE_REL off under every reading; a value in
between is neither accepted nor challenged: it is reported as close ("ok", with `close`),
because the labelled evidence (and a person listening) cannot tell a slip from rounding there.

- Base: REL (6%) of the computed value.
- Hedged ("about", "roughly", "around", "call it", "~", "close to", "nearly", "almost",
  "some", "in the region of"): HEDGED_REL (10%).
- Rounding the candidate signalled: half a unit of the last digit written, relative
  ("25.8" -> 0.2%, "3" -> 17%); trailing zeros of a whole number are not a signal ("20" is
  +/-2.5%, "300" +/-0.17%). It widens the tolerance only when the candidate hedged ("about 3"
  accepts 2.5-3.5), and never beyond ROUNDING_CAP (20%).
- Orders of magnitude ("tens of", "hundreds of", "a few", "thousands"): not checked.
- Bytes: KB/MB/GB said for KiB/MiB/GiB (or the reverse) is the same claim; the value is
  compared in both readings, and the better one is kept (2.4% at K, 4.9% at M, 7.4% at G).
- Bounds: "under X", "less than X", "at most X" accept any computed value <= X (1 + tol);
  "over X", "more than X", "at least X" any computed value >= X (1 - tol).
- Per-GPU vs total, FP8 vs BF16 cache and the like are conditions, not tolerance: they are
  readings (see reader.py), and a number right under one of them is "ambiguous", never wrong.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

REL = 0.06
HEDGED_REL = 0.10
ROUNDING_CAP = 0.20
CHALLENGE_REL = 0.20

HEDGE = re.compile(r"\b(?:about|roughly|around|approximately|approx\.?|call it|close to|nearly|"
                   r"almost|some|in the region of|on the order of|ballpark|or so|ish|give or "
                   r"take|circa|maybe|something like|north of|south of|just over|just under|"
                   r"a bit (?:over|under|more than|less than))\b|~|≈", re.IGNORECASE)
MAGNITUDE = re.compile(r"\b(?:tens|hundreds|thousands|millions|billions) of\b|\ba few\b|"
                       r"\bseveral\b|\border of magnitude\b", re.IGNORECASE)
UPPER = re.compile(r"\b(?:under|less than|below|at most|no more than|up to|within|fewer than)\s*"
                   r"(?:about |roughly |around )?$", re.IGNORECASE)
LOWER = re.compile(r"\b(?:over|more than|above|at least|upwards of|north of)\s*"
                   r"(?:about |roughly |around )?$", re.IGNORECASE)
_DIGITS = re.compile(r"\d[\d,]*(?:\.\d+)?")


@dataclass(frozen=True)
class Verdict:
    ok: bool | None       # True accepted, False challengeable, None in the grey zone
    rel_error: float      # |claimed - computed| / |computed| (inf when computed is 0)
    tolerance: float      # the relative tolerance applied


def significant_rounding(said: str) -> float:
    """The relative rounding a candidate signalled by how they wrote the number: half a unit
    of its last significant digit, relative to the number ("20" -> 0.025, "3" -> 0.167)."""
    m = _DIGITS.search(said)
    if not m:
        return 0.0
    digits = m.group().replace(",", "")
    value = float(digits)
    if value == 0:
        return 0.0
    step = 10.0 ** -len(digits.split(".")[1]) if "." in digits else 1.0
    return min(ROUNDING_CAP, step / 2 / abs(value))


def tolerance(said: str, before: str = "") -> float:
    """The relative tolerance for a claim said as `said` (the words just before it in
    `before`): the policy above."""
    hedged = bool(HEDGE.search(said) or HEDGE.search(before[-25:]))
    base = HEDGED_REL if hedged else REL
    return max(base, significant_rounding(said)) if hedged else base


def is_magnitude(said: str, before: str = "") -> bool:
    return bool(MAGNITUDE.search(said) or MAGNITUDE.search(before[-20:]))


def bound_of(said: str, before: str) -> str | None:
    """'upper' for "under 5 GB", 'lower' for "over 30 users", else None."""
    ctx = before[-30:] + said[:max(0, _first_digit(said))]
    if UPPER.search(ctx):
        return "upper"
    if LOWER.search(ctx):
        return "lower"
    return None


def _first_digit(s: str) -> int:
    m = re.search(r"\d", s)
    return m.start() if m else 0


def judge(claimed: float, computed: float, tol: float, bound: str | None = None) -> Verdict:
    """Accept within `tol`; challengeable beyond CHALLENGE_REL (or beyond tol when the
    candidate signalled more precision than that); in between, the grey zone (None)."""
    if computed == 0:
        err = 0.0 if abs(claimed) < 1e-9 else math.inf
    else:
        err = abs(claimed - computed) / abs(computed)
    if bound == "upper" and computed <= claimed * (1 + tol):
        return Verdict(True, 0.0, tol)
    if bound == "lower" and computed >= claimed * (1 - tol):
        return Verdict(True, 0.0, tol)
    if err <= tol:
        return Verdict(True, err, tol)
    if err >= max(CHALLENGE_REL, tol * 2):
        return Verdict(False, err, tol)
    return Verdict(None, err, tol)


def status_of(claimed: float, computed: float, said: str = "", before: str = "",
              sure: bool = True) -> tuple[str, Verdict]:
    """The one verdict rule every number check goes through (the reader, the card's cue
    fallback, the LLM's function calls): "ok" (accepted, or too close to call), "wrong"
    (challengeable, and `sure` of the conditions), or "ambiguous" (challengeable under
    conditions the candidate did not state: asked about, never accused)."""
    v = judge(claimed, computed, tolerance(said, before) if said else REL, bound_of(said, before)
              if said else None)
    if v.ok is False:
        return ("wrong" if sure else "ambiguous"), v
    return "ok", v
