"""The heuristic judge's reading of one criterion against its levels."""
from __future__ import annotations

from interviewer.judges.heuristic import criterion_verdict
from rubrics.schema import Criterion, Levels, Requirement

LEVELS = Levels(outstanding="TTFT and ITL at percentiles", solid="Separates TTFT from ITL.",
                borderline="End-to-end latency only.", poor="Adds GPUs without looking.")


def crit(solid=(), poor=(), signals=(r"\blatency\b", r"\bTTFT\b", r"inter-token")):
    return Criterion(id="split", shows="splits the latency complaint", levels=LEVELS, weight=2,
                     signals=list(signals), probe="Which latency number first?",
                     solid=list(solid), poor=list(poor), poor_is_absence=not poor)


SPLIT = crit(solid=[Requirement(any=[r"\bTTFT\b", r"first token"]),
                    Requirement(any=[r"inter-token", r"between tokens"])],
             poor=[r"\badd (more )?GPUs\b"])


def v(c, text, numbers=None):
    return criterion_verdict(c, text, numbers or {})[0]


def test_every_requirement_gives_met():
    assert v(SPLIT, "I'd look at time to first token and the gap between tokens.") == "met"


def test_one_requirement_of_two_is_partial():
    assert v(SPLIT, "Time to first token is what I'd check.") == "partial"
    assert v(SPLIT, "I'd check the end-to-end latency.") == "partial"   # a signal only


def test_nothing_is_missing():
    assert v(SPLIT, "I'd talk to the team first.") == "missing"


def test_poor_mistake_without_the_solid_level_is_missing():
    assert v(SPLIT, "Latency is high, so I'd add more GPUs.") == "missing"
    # the same words beside a solid answer do not take the credit away
    assert v(SPLIT, "TTFT and inter-token latency first; then maybe add GPUs.") == "met"


def test_min_counts_distinct_hits():
    two = crit(solid=[Requirement(any=[r"prefix caching", r"\bFP8\b", r"quantiz\w+"], min=2)])
    assert v(two, "Prefix caching helps.") == "partial"
    assert v(two, "Prefix caching, and an FP8 cache.") == "met"
    # overlapping matches are one piece of evidence, not two
    same = crit(solid=[Requirement(any=[r"FP8 cache", r"\bFP8\b"], min=2)])
    assert v(same, "An FP8 cache.") == "partial"


def test_a_right_number_satisfies_and_a_wrong_one_caps_at_partial():
    sized = crit(solid=[Requirement(any=[r"\bTTFT\b"]),
                        Requirement(checks=["bytes-per-token"], any=[r"per token"])])
    text = "TTFT, and the cache costs so much per token."
    assert v(sized, "TTFT first.", {"bytes-per-token": True}) == "met"
    assert v(sized, text, {"bytes-per-token": False}) == "partial"
    assert v(sized, text) == "met"                      # no number stated: the words suffice
    assert v(sized, "I have no idea.", {"bytes-per-token": False}) == "partial"


def test_without_a_solid_bar_two_distinct_signals_are_met():
    plain = crit()
    assert v(plain, "TTFT and inter-token latency.") == "met"
    assert v(plain, "TTFT.") == "partial"
    assert v(plain, "Nothing here.") == "missing"
