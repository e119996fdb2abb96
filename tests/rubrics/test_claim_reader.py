"""The claim reader (rubrics.claims): the issue's regression examples, condition binding
(sentence > answer > earlier > card), ambiguity that asks, the tolerance policy's edges,
distractors, and the human-units formatter."""
from __future__ import annotations

import pytest

from rubrics import default_bank
from rubrics.claims import read_claims
from rubrics.claims import policy as tol
from tools.units import format_value

CARDS = {c.id: c for c in default_bank().cards}
Q02 = CARDS["q02"]


def by_said(recs: list[dict]) -> dict[str, dict]:
    return {r["said"]: r for r in recs}


def test_bf16_cache_with_fp8_weights_is_not_challenged():
    """Issue example 1: the candidate said a BF16 cache and FP8 *weights*; 20 users is right."""
    text = ("The KV cache is about 320 KB per token for Llama-3.3-70B in bf16, so about 20 "
            "users at 8k on one H200 with fp8 weights.")
    recs = by_said(read_claims(text, Q02))
    assert recs["320 KB"]["status"] == "ok"
    users = recs["20 users"]
    assert users["status"] == "ok"
    assert users["conditions"]["dtype"] == {"value": "bf16", "from": "sentence"}
    assert users["conditions"]["weight_dtype"] == {"value": "fp8", "from": "sentence"}
    assert users["computed"] == pytest.approx(20.4, abs=0.3)


def test_every_wrong_number_is_checked_on_its_own():
    """Issue example 2: 1 MB per token and 7 users are both wrong, and both are challenged."""
    text = ("The KV cache is about 320 KB per token for Llama 3.3 70B in BF16, which comes to "
            "about 1 MB of KV cache per token. On one H200 with fp8 weights of 70 GB, about 60 "
            "GB is left, so about 60,000 tokens: at 8k context that is around 7 concurrent users.")
    recs = by_said(read_claims(text, Q02))
    assert recs["1 MB"]["status"] == "wrong"
    assert recs["7 concurrent users"]["status"] == "wrong"
    assert recs["320 KB"]["status"] == "ok"
    assert "70 GB" not in recs   # a stated condition, not a claim
    # a challenge states the conditions it used, in human units
    assert "320 KiB" in recs["1 MB"]["challenge"]
    assert "BF16" in recs["1 MB"]["challenge"]
    assert "8K" in recs["7 concurrent users"]["challenge"]


def test_record_has_the_tool_check_fields():
    rec = read_claims("Llama 3.3 70B in BF16 is about 320 KiB per token.", Q02)[0]
    for key in ("check", "tool", "args", "quantity", "unit", "claimed", "claimed_text",
                "computed", "ok", "arithmetic", "conditions", "status", "span"):
        assert key in rec
    assert rec["tool"] == "kv-calc" and rec["ok"] is True and rec["claimed"] == 320 * 1024


def test_sentence_conditions_override_the_card():
    text = "On an H100 with a 32K context and an FP8 cache, Llama 3.3 70B takes about 5.4 GB a sequence."
    rec = by_said(read_claims(text, Q02))["5.4 GB"]
    assert rec["conditions"]["context"] == {"value": 32768, "from": "sentence"}
    assert rec["conditions"]["dtype"] == {"value": "fp8", "from": "sentence"}
    assert rec["status"] == "ok"


def test_binding_order_sentence_answer_earlier_card():
    earlier = ["The customer runs a 32K context with an FP8 cache."]
    # earlier turn: 32K FP8 -> 5.4 GB a sequence
    rec = read_claims("So one sequence of Llama 3.3 70B is about 5.4 GB.", Q02, earlier)[0]
    assert rec["conditions"]["context"]["from"] == "earlier"
    assert rec["status"] == "ok"
    # the answer overrides the earlier turn: 8K BF16 -> 2.7 GB, so 5.4 GB is wrong
    text = "We moved to 8K with a BF16 cache. So one sequence of Llama 3.3 70B is about 5.4 GB."
    rec = by_said(read_claims(text, Q02, earlier))["5.4 GB"]
    assert rec["conditions"]["context"] == {"value": 8192, "from": "answer"}
    assert rec["status"] == "wrong"
    # the sentence overrides the answer
    text = "We moved to 8K with a BF16 cache. At 32K in FP8 one sequence of Llama 3.3 70B is about 5.4 GB."
    rec = by_said(read_claims(text, Q02, earlier))["5.4 GB"]
    assert rec["conditions"]["context"] == {"value": 32768, "from": "sentence"}
    assert rec["status"] == "ok"
    # nothing stated: the card's scenario (q02: Llama 3.3 70B, BF16 cache, H200, 70 GB weights)
    rec = read_claims("That is about 320 KiB per token.", Q02)[0]
    assert rec["conditions"]["model"]["from"] == "card"


def test_ambiguity_asks_and_does_not_accuse():
    """'FP8' with no 'weights' or 'cache' beside it: 40 users is right with an FP8 cache,
    wrong with BF16; the reader asks which."""
    text = "With Llama 3.3 70B in FP8 on one H200 you fit about 40 users at 8K."
    rec = by_said(read_claims(text, Q02))["40 users"]
    assert rec["status"] == "ambiguous" and rec["ok"] is None
    assert "cache" in rec["question"] and "FP8" in rec["question"]
    assert any(r["ok"] is True for r in rec["readings"])
    assert any(r["ok"] is False for r in rec["readings"])


def test_hopper_is_two_gpus():
    text = "On a Hopper card one user of Llama 3.3 70B at 8K is about 21 ms a step."
    rec = read_claims(text, CARDS["q01"])[0]
    assert rec["status"] == "ambiguous"
    assert "GPU" in rec["question"]


@pytest.mark.parametrize("said,before,expected", [
    ("20", "", tol.REL), ("about 20", "", tol.HEDGED_REL), ("3", "about ", 0.5 / 3),
    ("25.8", "", tol.REL), ("300", "", tol.REL)])
def test_tolerance_policy(said, before, expected):
    assert tol.tolerance(said, before) == pytest.approx(expected)


def test_tolerance_edges():
    assert tol.judge(100, 106, tol.REL).ok is True
    assert tol.judge(100, 110, tol.REL).ok is None          # grey: neither accepted nor challenged
    assert tol.judge(100, 125, tol.REL).ok is False
    assert tol.judge(5, 3.2, 0.06, bound="upper").ok is True   # "under 5"
    assert tol.judge(5, 7, 0.06, bound="upper").ok is False
    assert tol.is_magnitude("tens of", "") and tol.is_magnitude("GB", "hundreds of ")


def test_kb_for_kib_is_the_same_claim():
    # 320 KB said for 320 KiB (2.4% apart), also unhedged
    rec = read_claims("Llama 3.3 70B in BF16 needs 320 KB per token.", Q02)[0]
    assert rec["status"] == "ok"


def test_distractors_are_not_claims():
    text = ("Llama 4 Scout and the 70B both target a 450 ms TTFT in 2026, with a concurrency of "
            "20 and three replicas.")
    assert read_claims(text, Q02) == []


def test_format_value_human_units():
    assert format_value(327680, "bytes") == "320 KiB"
    assert format_value(2684354560, "bytes") == "2.5 GiB"
    assert format_value(54.72, "GB") == "54.7 GB"
    assert format_value(25.768144, "ms") == "25.8 ms"
    assert format_value(38.8076, "tokens/s") == "38.8 tokens/s"
    assert format_value(20.38, "sequences") == "20.4 sequences"
    assert format_value(86.0, "percent") == "86.0%"
    assert format_value(2280, "usd") == "$2,280"
    assert "e+" not in format_value(3.277e5, "bytes")
