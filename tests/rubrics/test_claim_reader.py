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


# ---- this round: ask, don't accuse; every calculator bound by its own arguments ----------

def _one(text: str, said: str, card=Q02, earlier=()) -> dict:
    recs = by_said(read_claims(text, card, list(earlier)))
    return next(r for s, r in recs.items() if said in s or s in said)


def test_wrong_only_under_the_cards_scenario_is_asked_not_challenged():
    """The candidate names no GPU or cache precision: a number wrong under the card's
    scenario may be right under theirs, so the reader asks."""
    rec = _one("That leaves roughly 12 GB for the cache.", "12 GB")
    assert rec["status"] == "ambiguous" and rec["question"]
    assert "challenge" not in rec


def test_a_precision_said_in_the_next_clause_does_not_bind_the_claim():
    text = ("With two bytes per value that comes to about 320 KiB per token for Llama 3.3 70B, "
            "and in FP8 it halves to about 160 KiB.")
    rec = by_said(read_claims(text, Q02))["320 KiB"]
    assert rec["status"] == "ok" and rec["conditions"]["dtype"]["value"] != "fp8"


def test_a_context_size_before_a_count_is_not_a_claim():
    text = "On one L4 with Mistral 7B in BF16 only about three 4K sequences fit."
    assert not any(r["said"].startswith("4K") for r in read_claims(text, Q02))


def test_bandwidth_is_not_read_as_weights():
    text = "Its weights stream at 300 gigabytes a second on this card."
    assert not any("300" in r["said"] for r in read_claims(text, Q02))


@pytest.mark.parametrize("text, said, field, status", [
    ("We passed 45 of 60 probes, which is 75%.", "75%", "rate", "ok"),
    ("We passed 45 of 60 probes, which is 0.75 percent.", "0.75 percent", "rate", "wrong"),
    ("With 45 out of 60 the Wilson interval runs from about 63 to 84 percent.", "63", "low",
     "ok"),
    ("With 45 out of 60 the Wilson interval runs from about 63 to 84 percent.", "84 percent",
     "high", "ok"),
    ("With 45 out of 60 the estimate is plus or minus about 5 points.", "5 points",
     "half_width", "wrong"),
    ("None of 400 jailbreak probes got through, so the upper bound is about 0.95%.", "0.95%",
     "high", "ok"),
])
def test_wilson_binds_k_of_n(text, said, field, status):
    rec = _one(text, said, CARDS["q07"])
    assert rec["tool"] == "wilson" and rec["check"].endswith(field)
    assert rec["status"] == status


def test_wilson_samples_binds_rate_and_half_width():
    text = "At an 80% pass rate, plus or minus 4 points needs about 385 examples."
    rec = _one(text, "385", CARDS["q04"])
    assert rec["tool"] == "wilson-samples" and rec["status"] == "ok"
    # wrong, but "plus or minus" right before it makes a half-width reading possible: asked
    rec = _one(text.replace("385", "100"), "100", CARDS["q04"])
    assert rec["status"] == "ambiguous"


def test_littles_law_binds_two_of_three():
    text = "Taking 600 calls an hour at six minutes each keeps about 60 agents busy at once."
    rec = _one(text, "60", CARDS["q14"])
    assert rec["tool"] == "littles-law" and rec["status"] == "ok"
    bad = _one(text.replace("about 60", "about 3,600"), "3,600", CARDS["q14"])
    assert bad["status"] == "wrong" and "60" in bad["challenge"]
    # "concurrent" could also mean sequences that fit in the KV cache: asked, not accused
    odd = _one("Taking 600 calls an hour at six minutes each is 3,600 concurrent calls.",
               "3,600", CARDS["q14"])
    assert odd["status"] == "ambiguous"


def test_token_cost_is_asked_about_never_challenged():
    """Which price goes with which token count is a guess, so a wrong-looking cost is asked."""
    text = ("Five million requests of 1,000 tokens at $2 per million input tokens comes to "
            "about $1,000.")
    rec = _one(text, "$1,000", CARDS["q08"])
    assert rec["tool"] == "token-cost" and rec["status"] == "ambiguous"
    ok = _one(text.replace("$1,000", "$10,000"), "$10,000", CARDS["q08"])
    assert ok["status"] == "ok"


def test_backoff_and_token_bucket_bindings():
    text = "Four retries from 200 ms, doubling, is 3 seconds of waiting in the worst case."
    rec = _one(text, "3 seconds", CARDS["q12"])
    assert rec["tool"] == "backoff" and rec["status"] == "ok"
    text = ("At 4 a second with a burst of 8, a client sending 12 a second for 5 seconds gets "
            "about 28 through.")
    rec = _one(text, "28", CARDS["q24"])
    assert rec["tool"] == "token-bucket" and rec["status"] == "ok"
