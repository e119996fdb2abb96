"""Builds the holdout corpus TOML files from the answers below.

Every claim's `truth` (and `alt_truth`) is computed here by the project's own calculators
(tools.registry.run_tool), converted to the claim's `unit`. The script refuses to write a
claim whose label disagrees with the tolerance rules in README.md.

Run from anywhere:  /work/main/.venv/bin/python /work/corpus/holdout/build.py
"""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[4]))
from tools.registry import run_tool  # noqa: E402

HERE = Path(__file__).resolve().parent

# ---------------------------------------------------------------- unit conversions
# factor to go from the tool field's native unit to the claim's unit
FACTORS = {
    ("kib_per_token", "KiB"): 1.0,
    ("fixed_bytes_per_sequence", "MiB"): 1 / 2**20,
    ("fixed_bytes_per_sequence", "GiB"): 1 / 2**30,
    ("bytes_per_sequence", "GB"): 1e-9,
    ("gib_per_sequence", "GiB"): 1.0,
    ("rate", "percent"): 100.0, ("low", "percent"): 100.0, ("high", "percent"): 100.0,
    ("half_width", "percent"): 100.0, ("rate", "fraction"): 1.0,
    ("arrival_rate_per_s", "per hour"): 3600.0,
    ("seconds", "s"): 1.0, ("ms", "ms"): 1.0,
}


def convert(field: str, unit: str) -> float:
    return FACTORS.get((field, unit), 1.0)


def compute(tool: str, args: dict, field: str, unit: str) -> float:
    out = run_tool(tool, dict(args))
    v = out[field]
    return v * convert(field, unit)


def rel(value: float, truth: float) -> float:
    if truth == 0:
        return 0.0 if value == 0 else math.inf
    return abs(value - truth) / abs(truth)


CORRECT_TOL = 0.06   # spoken rounding ("about", "roughly") -- see README
WRONG_TOL = 0.25

ANSWERS: list[dict] = []


def A(id, card, text, claims, distractors=(), earlier=(), round="technical"):
    ANSWERS.append(dict(id=id, card=card, round=round, earlier=list(earlier), text=text,
                        distractors=list(distractors), claims=claims))


def C(said, quantity, tool, args, field, unit, value, verdict="correct", error="none",
      cfrom="sentence", stated=None, note="", alt_args=None, alt_field=None, in_earlier=False,
      retracted=False):
    return dict(said=said, quantity=quantity, tool=tool, args=args, field=field, unit=unit,
                value=value, verdict=verdict, error=error, conditions_from=cfrom,
                stated=stated or {}, note=note, alt_args=alt_args, alt_field=alt_field,
                in_earlier=in_earlier, retracted=retracted)


LL = "llama-3.3-70b"
H200_70 = {"model": LL, "weights_gb": 70, "gpu": "h200", "context": 8192}

# =============================================================== q02: KV cache
A("h-q02-001", "q02",
  "Okay, so the KV cache is just the keys and values of every token we've already processed, "
  "kept per layer so a decode step doesn't recompute them. For Llama 3.3 70B you open the "
  "config.json: eighty layers, sixty-four attention heads but only eight KV heads, head dim one "
  "twenty-eight. So it's two, for K and V, times eighty, times eight, times a hundred and "
  "twenty-eight, times bytes per element. This customer wants an FP8 cache, so one byte, and "
  "that gives, um, a hundred and sixty KiB per token, roughly 164 thousand bytes. Now they only "
  "have H100s, eighty gig each, and the FP8 weights are seventy point six gig. Eighty times 0.92 "
  "is 73.6, take off the weights and about five for activations and you're at minus two gigs, so "
  "one card is simply out. With two H100s and tensor parallel it's 147.2 minus the same, about "
  "71.6 GB of cache, which is about 437 thousand tokens, or roughly 53 sequences if they're all 8K.",
  [C("a hundred and sixty KiB per token", "KV-cache KiB per token, Llama 3.3 70B, FP8 cache",
     "kv-calc", {"model": LL, "dtype": "fp8"}, "kib_per_token", "KiB", 160,
     stated={"model": LL, "cache_dtype": "fp8"}),
   C("roughly 164 thousand bytes", "KV-cache bytes per token, FP8 cache", "kv-calc",
     {"model": LL, "dtype": "fp8"}, "bytes_per_token", "bytes", 164000,
     stated={"model": LL, "cache_dtype": "fp8"}),
   C("seventy point six gig", "Llama 3.3 70B weights in FP8", "kv-calc",
     {"model": LL, "gpu": "h100", "weight_dtype": "fp8"}, "weights_gb", "GB", 70.6,
     stated={"weight_dtype": "fp8"}),
   C("minus two gigs", "KV budget on one H100 after FP8 weights and activations", "kv-calc",
     {"model": LL, "dtype": "fp8", "gpu": "h100", "weight_dtype": "fp8"}, "budget_gb", "GB", -2,
     cfrom="answer", stated={"gpu": "h100", "weight_dtype": "fp8", "weights_gb": 70.6,
                              "utilization": 0.92, "activations_gb": 5},
     note="negative budget: the weights alone do not fit one H100"),
   C("about 71.6 GB of cache", "KV budget on two H100s", "kv-calc",
     {"model": LL, "dtype": "fp8", "gpu": "h100", "gpus": 2, "weight_dtype": "fp8"},
     "budget_gb", "GB", 71.6, cfrom="answer",
     stated={"gpu": "h100", "gpus": 2, "weight_dtype": "fp8", "utilization": 0.92}),
   C("about 437 thousand tokens", "tokens of FP8 cache that fit on two H100s", "kv-calc",
     {"model": LL, "dtype": "fp8", "gpu": "h100", "gpus": 2, "weight_dtype": "fp8"},
     "tokens_that_fit", "tokens", 437000, cfrom="answer",
     stated={"gpu": "h100", "gpus": 2, "cache_dtype": "fp8", "weight_dtype": "fp8"}),
   C("roughly 53 sequences", "8K sequences that fit on two H100s, FP8 cache", "kv-calc",
     {"model": LL, "dtype": "fp8", "gpu": "h100", "gpus": 2, "weight_dtype": "fp8",
      "context": 8192}, "sequences_that_fit", "sequences", 53, cfrom="answer",
     stated={"gpu": "h100", "gpus": 2, "cache_dtype": "fp8", "context": 8192})],
  distractors=["3.3 70B", "eighty layers", "sixty-four attention heads", "0.92"])

A("h-q02-002", "q02",
  "Right, bytes per token. Llama 70B, BF16, so two bytes. Two times eighty layers times sixty-four "
  "heads times a hundred twenty-eight times two... that's about 2.6 megabytes a token, which means "
  "an 8K conversation is over 21 gigs and you'd fit maybe two users on an H200. Hmm, no, hang on, "
  "that's wrong, the cache only stores the KV heads and there are eight of those, not sixty-four. "
  "So divide by eight: 327,680 bytes, 320 KiB a token, about 2.7 gigs for an 8K sequence, and on "
  "the H200 with seventy gigs of FP8 weights that's about twenty sequences.",
  [C("about 2.6 megabytes a token", "KV bytes per token, Llama 3.3 70B BF16", "kv-calc",
     {"model": LL, "dtype": "bf16"}, "bytes_per_token", "bytes", 2.6e6, verdict="wrong",
     error="attention-heads", stated={"model": LL, "cache_dtype": "bf16"}, retracted=True,
     note="64 attention heads instead of 8 KV heads (8x); retracted later in the same answer"),
   C("over 21 gigs", "cache of one 8K sequence", "kv-calc",
     {"model": LL, "dtype": "bf16", "context": 8192}, "bytes_per_sequence", "GB", 21,
     verdict="wrong", error="attention-heads", stated={"context": 8192}, retracted=True,
     note="follows from the 8x per-token figure; retracted"),
   C("maybe two users", "8K sequences that fit on one H200", "kv-calc",
     {"model": LL, "dtype": "bf16", "context": 8192, "gpu": "h200", "weights_gb": 70},
     "sequences_that_fit", "sequences", 2, verdict="wrong", error="attention-heads",
     cfrom="answer", stated={"gpu": "h200", "context": 8192}, retracted=True,
     note="follows from the 8x per-token figure; retracted"),
   C("327,680 bytes", "KV bytes per token, BF16", "kv-calc", {"model": LL, "dtype": "bf16"},
     "bytes_per_token", "bytes", 327680, stated={"model": LL, "cache_dtype": "bf16"}),
   C("320 KiB a token", "KV KiB per token, BF16", "kv-calc", {"model": LL, "dtype": "bf16"},
     "kib_per_token", "KiB", 320, stated={"model": LL, "cache_dtype": "bf16"}),
   C("about 2.7 gigs for an 8K sequence", "cache of one 8K sequence, BF16", "kv-calc",
     {"model": LL, "dtype": "bf16", "context": 8192}, "bytes_per_sequence", "GB", 2.7,
     stated={"context": 8192, "cache_dtype": "bf16"}),
   C("about twenty sequences", "8K sequences that fit on one H200, BF16 cache, 70 GB weights",
     "kv-calc", {"model": LL, "dtype": "bf16", "context": 8192, "gpu": "h200", "weights_gb": 70},
     "sequences_that_fit", "sequences", 20,
     stated={"gpu": "h200", "weights_gb": 70, "weight_dtype": "fp8", "cache_dtype": "bf16"})],
  distractors=["eighty layers", "sixty-four heads", "divide by eight"])

A("h-q02-003", "q02",
  "DeepSeek-V3 is the interesting one because it's MLA, so the heads drop out entirely. You cache "
  "the compressed latent, five hundred and twelve, plus the sixty-four-dim RoPE key, per layer, "
  "sixty-one layers. In BF16 that's about seventy thousand bytes, call it sixty-eight and a half "
  "KiB per token, and if you run the cache in FP8 it's half, thirty-five thousand-ish. For the "
  "deployment I'd put it on a full 8-GPU H200 node: eight times 141, times 0.92, minus 671 gigs "
  "of FP8 weights and the activations leaves roughly 360 GB. At the BF16 figure that's about five "
  "point one million tokens, so something like 157 sequences at 32K context.",
  [C("about seventy thousand bytes", "KV bytes per token, DeepSeek-V3 BF16 (MLA)", "kv-calc",
     {"model": "deepseek-v3", "dtype": "bf16"}, "bytes_per_token", "bytes", 70000,
     stated={"model": "deepseek-v3", "cache_dtype": "bf16"}),
   C("sixty-eight and a half KiB per token", "KV KiB per token, DeepSeek-V3 BF16", "kv-calc",
     {"model": "deepseek-v3", "dtype": "bf16"}, "kib_per_token", "KiB", 68.5,
     stated={"model": "deepseek-v3", "cache_dtype": "bf16"}),
   C("thirty-five thousand-ish", "KV bytes per token, DeepSeek-V3 FP8 cache", "kv-calc",
     {"model": "deepseek-v3", "dtype": "fp8"}, "bytes_per_token", "bytes", 35000,
     stated={"model": "deepseek-v3", "cache_dtype": "fp8"}),
   C("671 gigs", "DeepSeek-V3 weights in FP8", "kv-calc",
     {"model": "deepseek-v3", "gpu": "h200", "gpus": 8, "weight_dtype": "fp8"}, "weights_gb",
     "GB", 671, stated={"weight_dtype": "fp8"}),
   C("roughly 360 GB", "KV budget on 8 x H200 after 671 GB FP8 weights", "kv-calc",
     {"model": "deepseek-v3", "dtype": "bf16", "gpu": "h200", "gpus": 8, "weight_dtype": "fp8"},
     "budget_gb", "GB", 360,
     stated={"gpu": "h200", "gpus": 8, "weight_dtype": "fp8", "weights_gb": 671,
             "utilization": 0.92}),
   C("about five point one million tokens", "tokens of BF16 MLA cache on the node", "kv-calc",
     {"model": "deepseek-v3", "dtype": "bf16", "gpu": "h200", "gpus": 8, "weight_dtype": "fp8"},
     "tokens_that_fit", "tokens", 5.1e6, cfrom="answer",
     stated={"gpu": "h200", "gpus": 8, "cache_dtype": "bf16"}),
   C("something like 157 sequences", "32K sequences that fit on the node, BF16 cache", "kv-calc",
     {"model": "deepseek-v3", "dtype": "bf16", "gpu": "h200", "gpus": 8, "weight_dtype": "fp8",
      "context": 32768}, "sequences_that_fit", "sequences", 157, cfrom="answer",
     stated={"context": 32768, "gpus": 8, "gpu": "h200"})],
  distractors=["five hundred and twelve", "sixty-four-dim", "sixty-one layers", "8-GPU"])

A("h-q02-004", "q02",
  "So for gpt-oss the trick is that half the layers are banded windows of a hundred twenty-eight "
  "tokens. Only the eighteen full-attention layers grow: two times eighteen times eight KV heads "
  "times sixty-four, times two bytes, thirty-six KiB a token. The window layers hold a fixed chunk, "
  "about four and a half MiB per sequence, whatever the length. So a 128K-token conversation is "
  "roughly four point eight gigabytes. If someone counted all thirty-six layers as full they'd get "
  "seventy-two KiB, twice the real number. The catch is the weights: at two bytes a parameter "
  "that's about 233 gigs, so even one B200 can't hold it; on two B200s you'd have roughly "
  "ninety-two gigs left for cache.",
  [C("thirty-six KiB a token", "KV KiB per token, gpt-oss-120b BF16, full layers only", "kv-calc",
     {"model": "gpt-oss-120b", "dtype": "bf16"}, "kib_per_token", "KiB", 36, cfrom="earlier",
     stated={"model": "gpt-oss-120b", "cache_dtype": "bf16"}),
   C("about four and a half MiB per sequence", "fixed cache of the window layers per sequence",
     "kv-calc", {"model": "gpt-oss-120b", "dtype": "bf16"}, "fixed_bytes_per_sequence", "MiB",
     4.5, cfrom="earlier", stated={"model": "gpt-oss-120b", "cache_dtype": "bf16"}),
   C("roughly four point eight gigabytes", "cache of one 128K-token sequence, gpt-oss-120b BF16",
     "kv-calc", {"model": "gpt-oss-120b", "dtype": "bf16", "context": 131072},
     "bytes_per_sequence", "GB", 4.8, cfrom="earlier",
     stated={"context": 131072, "cache_dtype": "bf16"}),
   C("about 233 gigs", "gpt-oss-120b weights in BF16", "kv-calc",
     {"model": "gpt-oss-120b", "gpu": "b200", "weight_dtype": "bf16"}, "weights_gb", "GB", 233,
     stated={"weight_dtype": "bf16"}),
   C("roughly ninety-two gigs left for cache", "KV budget on two B200s after BF16 weights",
     "kv-calc", {"model": "gpt-oss-120b", "gpu": "b200", "gpus": 2, "weight_dtype": "bf16"},
     "budget_gb", "GB", 92, cfrom="answer",
     stated={"gpu": "b200", "gpus": 2, "weight_dtype": "bf16"})],
  earlier=["We're deploying gpt-oss-120b for them, and they've said everything stays in BF16, "
           "weights and cache, no quantisation at all."],
  distractors=["a hundred twenty-eight tokens", "eighteen full-attention layers",
               "seventy-two KiB", "thirty-six layers"])

A("h-q02-005", "q02",
  "Smaller case: Mistral 7B v0.3 on a single L4 for an edge deployment. Thirty-two layers, eight KV "
  "heads, one twenty-eight dim, BF16 cache: a hundred and twenty-eight KiB a token. The L4 is "
  "twenty-four gigs; the BF16 weights are about fourteen and a half, so at 0.92 with five gigs for "
  "activations you have about two and a half gigs for cache. Two and a half gigs over 128 KiB is, "
  "ehm, roughly twenty thousand tokens, so only two full 8K conversations at a time, and honestly "
  "five gigs for activations is pessimistic on a 7B.",
  [C("a hundred and twenty-eight KiB a token", "KV KiB per token, Mistral 7B BF16", "kv-calc",
     {"model": "mistral-7b-v0.3", "dtype": "bf16"}, "kib_per_token", "KiB", 128,
     stated={"model": "mistral-7b-v0.3", "cache_dtype": "bf16"}),
   C("about fourteen and a half", "Mistral 7B weights in BF16", "kv-calc",
     {"model": "mistral-7b-v0.3", "gpu": "l4", "weight_dtype": "bf16"}, "weights_gb", "GB", 14.5,
     stated={"weight_dtype": "bf16"}),
   C("about two and a half gigs for cache", "KV budget on one L4", "kv-calc",
     {"model": "mistral-7b-v0.3", "gpu": "l4"}, "budget_gb", "GB", 2.5, cfrom="answer",
     stated={"gpu": "l4", "weight_dtype": "bf16", "utilization": 0.92, "activations_gb": 5}),
   C("roughly twenty thousand tokens", "tokens of BF16 cache on one L4", "kv-calc",
     {"model": "mistral-7b-v0.3", "gpu": "l4"}, "tokens_that_fit", "tokens", 20000,
     cfrom="answer", stated={"gpu": "l4", "cache_dtype": "bf16"}),
   C("only two full 8K conversations", "whole 8K sequences on one L4", "kv-calc",
     {"model": "mistral-7b-v0.3", "gpu": "l4", "context": 8192}, "whole_sequences_that_fit",
     "sequences", 2, cfrom="answer", stated={"gpu": "l4", "context": 8192})],
  distractors=["7B v0.3", "Thirty-two layers", "0.92"])

A("h-q02-006", "q02",
  "So the H200 has 141 gigs, and vLLM takes 92 percent of that, about 130. At 320 KiB a token for "
  "Llama 70B in BF16, 130 gigs is roughly 400 thousand tokens, so fifty users at 8K each. That's "
  "the per-GPU capacity I'd plan around.",
  [C("320 KiB a token", "KV KiB per token, BF16", "kv-calc", {"model": LL, "dtype": "bf16"},
     "kib_per_token", "KiB", 320, stated={"model": LL, "cache_dtype": "bf16"}),
   C("roughly 400 thousand tokens", "tokens of BF16 cache that fit on one H200", "kv-calc",
     {"model": LL, "dtype": "bf16", "gpu": "h200", "weights_gb": 70}, "tokens_that_fit",
     "tokens", 400000, verdict="wrong", error="forgot-weights", cfrom="card-default",
     stated={"gpu": "h200", "cache_dtype": "bf16", "utilization": 0.92},
     note="divides all 130 GB by 320 KiB; weights (70 GB FP8, card default) and activations "
          "never subtracted"),
   C("fifty users at 8K each", "8K sequences that fit on one H200", "kv-calc",
     {"model": LL, "dtype": "bf16", "gpu": "h200", "weights_gb": 70, "context": 8192},
     "sequences_that_fit", "sequences", 50, verdict="wrong", error="forgot-weights",
     cfrom="card-default", stated={"gpu": "h200", "context": 8192},
     note="same missing subtraction")],
  distractors=["92 percent"])

A("h-q02-007", "q02",
  "Qwen3.8 27B is a hybrid: forty-eight Gated DeltaNet layers with a fixed state and sixteen "
  "full-attention layers. Only the sixteen grow, four KV heads of two fifty-six, so in BF16 it's "
  "sixty-four kilobytes a token... well, sixty-four KiB, 65,536 bytes. At 128K context that's "
  "about 8.6 gigs per sequence. And with an FP8 cache, thirty-two MB per token, so half.",
  [C("sixty-four KiB", "KV KiB per token, Qwen3.8-27B BF16", "kv-calc",
     {"model": "qwen3.8-27b", "dtype": "bf16"}, "kib_per_token", "KiB", 64,
     stated={"model": "qwen3.8-27b", "cache_dtype": "bf16"}),
   C("65,536 bytes", "KV bytes per token, Qwen3.8-27B BF16", "kv-calc",
     {"model": "qwen3.8-27b", "dtype": "bf16"}, "bytes_per_token", "bytes", 65536,
     stated={"model": "qwen3.8-27b", "cache_dtype": "bf16"}),
   C("about 8.6 gigs per sequence", "cache of one 128K sequence, Qwen3.8-27B BF16", "kv-calc",
     {"model": "qwen3.8-27b", "dtype": "bf16", "context": 131072}, "bytes_per_sequence", "GB",
     8.6, stated={"context": 131072}),
   C("thirty-two MB per token", "KV bytes per token, Qwen3.8-27B FP8 cache", "kv-calc",
     {"model": "qwen3.8-27b", "dtype": "fp8"}, "bytes_per_token", "bytes", 32e6,
     verdict="wrong", error="unit-slip", stated={"cache_dtype": "fp8"},
     note="32 KB said as 32 MB (1000x)")],
  distractors=["forty-eight Gated DeltaNet layers", "two fifty-six", "sixty-four kilobytes"])

A("h-q02-008", "q02",
  "For the capacity question I'd say: Llama 3.3 70B with FP8 weights, seventy gigs, on one H200, "
  "you end up with about forty concurrent 8K users. Paging means it's really a pool, about 334 "
  "thousand token slots, shared by whatever lengths actually show up, so I'd also ask for the "
  "length distribution.",
  [C("about forty concurrent 8K users", "8K sequences that fit on one H200", "kv-calc",
     {"model": LL, "dtype": "bf16", "context": 8192, "gpu": "h200", "weights_gb": 70},
     "sequences_that_fit", "sequences", 40, verdict="ambiguous", cfrom="card-default",
     stated={"weight_dtype": "fp8", "weights_gb": 70, "gpu": "h200", "context": 8192},
     alt_args={"model": LL, "dtype": "fp8", "context": 8192, "gpu": "h200", "weights_gb": 70},
     note="cache dtype unstated ('FP8' was said of the weights): right with an FP8 cache "
          "(40.8), wrong with the default BF16 cache (20.4)"),
   C("about 334 thousand token slots", "tokens of cache that fit on one H200", "kv-calc",
     {"model": LL, "dtype": "bf16", "gpu": "h200", "weights_gb": 70}, "tokens_that_fit",
     "tokens", 334000, verdict="ambiguous", cfrom="card-default",
     stated={"weight_dtype": "fp8", "gpu": "h200"},
     alt_args={"model": LL, "dtype": "fp8", "gpu": "h200", "weights_gb": 70},
     note="right for an FP8 cache, 2x too high for a BF16 one")],
  distractors=["3.3 70B"])

A("h-q02-009", "q02",
  "Parameter count doesn't predict much. Take Qwen2.5-72B with BF16 weights, about 145 gig. On two "
  "H100s, and let me ignore activations for a second, 160 times 0.92 is 147.2, so you're left "
  "with like 1.8 gigs, five and a half thousand tokens, useless. On four H100s you get roughly 149 "
  "gigs of cache, about 455 thousand tokens.",
  [C("about 145 gig", "Qwen2.5-72B weights in BF16", "kv-calc",
     {"model": "qwen2.5-72b", "gpu": "h100", "weight_dtype": "bf16"}, "weights_gb", "GB", 145,
     stated={"model": "qwen2.5-72b", "weight_dtype": "bf16"}),
   C("like 1.8 gigs", "KV budget on two H100s, no activation reserve", "kv-calc",
     {"model": "qwen2.5-72b", "gpu": "h100", "gpus": 2, "activations_gb": 0}, "budget_gb", "GB",
     1.8, cfrom="answer", stated={"gpu": "h100", "gpus": 2, "activations_gb": 0}),
   C("five and a half thousand tokens", "tokens that fit on two H100s", "kv-calc",
     {"model": "qwen2.5-72b", "gpu": "h100", "gpus": 2, "activations_gb": 0},
     "tokens_that_fit", "tokens", 5500, cfrom="answer",
     stated={"gpu": "h100", "gpus": 2, "activations_gb": 0}),
   C("roughly 149 gigs of cache", "KV budget on four H100s, no activation reserve", "kv-calc",
     {"model": "qwen2.5-72b", "gpu": "h100", "gpus": 4, "activations_gb": 0}, "budget_gb",
     "GB", 149, cfrom="answer", stated={"gpu": "h100", "gpus": 4, "activations_gb": 0}),
   C("about 455 thousand tokens", "tokens that fit on four H100s", "kv-calc",
     {"model": "qwen2.5-72b", "gpu": "h100", "gpus": 4, "activations_gb": 0},
     "tokens_that_fit", "tokens", 455000, cfrom="answer",
     stated={"gpu": "h100", "gpus": 4, "activations_gb": 0})],
  distractors=["Qwen2.5-72B", "0.92"])

A("h-q02-010", "q02",
  "A couple of other configs I've had to size. Llama 4 Scout: three quarters of the layers are "
  "chunked attention with 8K chunks, every fourth is global. So the global layers cost forty-eight "
  "KiB per token in BF16, and the chunked ones cap out at about 1.1 GiB per sequence. At 128K "
  "that's something like 7.6 gigs per sequence in total. GLM-4.5, ninety-two layers, eight KV "
  "heads: three sixty-eight KiB per token, more than Llama. Kimi K3 is the other extreme, MLA on "
  "only twenty-four of ninety-three layers, so twenty-seven KiB.",
  [C("forty-eight KiB per token", "KV KiB per token of Llama 4 Scout's global layers, BF16",
     "kv-calc", {"model": "llama-4-scout", "dtype": "bf16"}, "kib_per_token", "KiB", 48,
     stated={"model": "llama-4-scout", "cache_dtype": "bf16"}),
   C("about 1.1 GiB per sequence", "fixed cache of Scout's chunked layers per sequence",
     "kv-calc", {"model": "llama-4-scout", "dtype": "bf16"}, "fixed_bytes_per_sequence", "GiB",
     1.1, stated={"model": "llama-4-scout", "cache_dtype": "bf16"}),
   C("something like 7.6 gigs per sequence", "cache of one 128K Scout sequence, BF16", "kv-calc",
     {"model": "llama-4-scout", "dtype": "bf16", "context": 131072}, "bytes_per_sequence", "GB",
     7.6, stated={"context": 131072, "cache_dtype": "bf16"}),
   C("three sixty-eight KiB per token", "KV KiB per token, GLM-4.5 BF16", "kv-calc",
     {"model": "glm-4.5", "dtype": "bf16"}, "kib_per_token", "KiB", 368, cfrom="answer",
     stated={"model": "glm-4.5"}),
   C("twenty-seven KiB", "KV KiB per token, Kimi K3 BF16", "kv-calc",
     {"model": "kimi-k3", "dtype": "bf16"}, "kib_per_token", "KiB", 27, cfrom="answer",
     stated={"model": "kimi-k3"})],
  distractors=["Llama 4 Scout", "every fourth", "ninety-two layers", "twenty-four of ninety-three"])

A("h-q02-011", "q02",
  "So with Llama 3.3 70B, FP8 weights and a BF16 cache on one H200, you get about five users at a "
  "time. That's the honest number, and it's why I'd push for an FP8 cache, which doubles it to "
  "about ten.",
  [C("about five users", "32K sequences that fit on one H200, BF16 cache", "kv-calc",
     {"model": LL, "dtype": "bf16", "context": 32768, "gpu": "h200", "weights_gb": 70},
     "sequences_that_fit", "sequences", 5, cfrom="earlier",
     stated={"context": 32768, "cache_dtype": "bf16", "weight_dtype": "fp8", "gpu": "h200"},
     note="the 32K context is only in the earlier turn"),
   C("about ten", "32K sequences that fit on one H200, FP8 cache", "kv-calc",
     {"model": LL, "dtype": "fp8", "context": 32768, "gpu": "h200", "weights_gb": 70},
     "sequences_that_fit", "sequences", 10, cfrom="earlier",
     stated={"context": 32768, "cache_dtype": "fp8"})],
  earlier=["The customer's main workload is contract review. They paste whole agreements, "
           "usually around 32K tokens of context per conversation."],
  distractors=["3.3 70B"])

A("h-q02-012", "q02",
  "The vLLM paper's example is OPT-13B, plain multi-head attention, no GQA: two times forty layers "
  "times 5,120 hidden times two bytes, eight hundred KiB per token, so a 2,048-token request holds "
  "about 1.6 GiB. On an A100 40 gig, with the twenty-six gigs of FP16 weights, 0.92 and five of "
  "activations, you've got about 5.8 gigs, roughly seven thousand tokens.",
  [C("eight hundred KiB per token", "KV KiB per token, OPT-13B FP16", "kv-calc",
     {"model": "opt-13b", "dtype": "fp16"}, "kib_per_token", "KiB", 800,
     stated={"model": "opt-13b", "cache_dtype": "fp16"}),
   C("about 1.6 GiB", "cache of one 2,048-token OPT-13B request", "kv-calc",
     {"model": "opt-13b", "dtype": "fp16", "context": 2048}, "gib_per_sequence", "GiB", 1.6,
     stated={"context": 2048}),
   C("twenty-six gigs of FP16 weights", "OPT-13B weights in FP16", "kv-calc",
     {"model": "opt-13b", "gpu": "a100-40gb", "weight_dtype": "fp16"}, "weights_gb", "GB", 26,
     stated={"weight_dtype": "fp16"}),
   C("about 5.8 gigs", "KV budget on an A100 40GB after 26 GB of weights", "kv-calc",
     {"model": "opt-13b", "dtype": "fp16", "gpu": "a100-40gb", "weights_gb": 26}, "budget_gb",
     "GB", 5.8, stated={"gpu": "a100-40gb", "weights_gb": 26, "utilization": 0.92,
                         "activations_gb": 5}),
   C("roughly seven thousand tokens", "tokens of OPT-13B cache on an A100 40GB", "kv-calc",
     {"model": "opt-13b", "dtype": "fp16", "gpu": "a100-40gb", "weights_gb": 26},
     "tokens_that_fit", "tokens", 7000, cfrom="answer", stated={"gpu": "a100-40gb"})],
  distractors=["OPT-13B", "forty layers", "5,120 hidden"])

A("h-q02-013", "q02",
  "Its cache is ninety-four layers, four KV heads of one twenty-eight, so about 188 KiB per token, "
  "and on an 8-GPU H100 node with the weights in FP8 that leaves about 349 gigs of cache, so "
  "roughly 1.8 million tokens in the pool.",
  [C("about 188 KiB per token", "KV KiB per token, Qwen3-235B-A22B", "kv-calc",
     {"model": "qwen3-235b-a22b", "dtype": "bf16"}, "kib_per_token", "KiB", 188,
     verdict="ambiguous", cfrom="earlier", stated={"model": "qwen3-235b-a22b"},
     alt_args={"model": "qwen3-235b-a22b", "dtype": "fp8"},
     note="earlier turn says 'the whole thing runs in FP8': right for a BF16 cache, 2x high "
          "if FP8 covers the cache too"),
   C("about 349 gigs of cache", "KV budget on 8 x H100 after FP8 weights", "kv-calc",
     {"model": "qwen3-235b-a22b", "dtype": "bf16", "gpu": "h100", "gpus": 8,
      "weight_dtype": "fp8"}, "budget_gb", "GB", 349, cfrom="sentence",
     stated={"gpu": "h100", "gpus": 8, "weight_dtype": "fp8"}),
   C("roughly 1.8 million tokens", "tokens of cache on 8 x H100", "kv-calc",
     {"model": "qwen3-235b-a22b", "dtype": "bf16", "gpu": "h100", "gpus": 8,
      "weight_dtype": "fp8"}, "tokens_that_fit", "tokens", 1.8e6, verdict="ambiguous",
     cfrom="earlier", stated={"gpu": "h100", "gpus": 8, "weight_dtype": "fp8"},
     alt_args={"model": "qwen3-235b-a22b", "dtype": "fp8", "gpu": "h100", "gpus": 8,
               "weight_dtype": "fp8"},
     note="right with a BF16 cache (1.81M), half the FP8-cache pool (3.62M)")],
  earlier=["We'd serve Qwen3-235B-A22B for this one, and the whole thing runs in FP8."],
  distractors=["ninety-four layers", "one twenty-eight", "8-GPU"])

A("h-q02-014", "q02",
  "If they only have an A100, the BF16 Mistral 7B leaves about seventeen gigs for cache, which is "
  "still a lot of 7B tokens.",
  [C("about seventeen gigs for cache", "KV budget on an A100 after Mistral 7B BF16 weights",
     "kv-calc", {"model": "mistral-7b-v0.3", "gpu": "a100-80gb"}, "budget_gb", "GB", 17,
     verdict="ambiguous", stated={"gpu": "a100", "weight_dtype": "bf16"},
     alt_args={"model": "mistral-7b-v0.3", "gpu": "a100-40gb"},
     note="'an A100' is the 80 GB part by the tool's alias (54.1 GB: wrong) but right for the "
          "40 GB part (17.3 GB)")],
  distractors=["7B tokens"])

# =============================================================== q01: batching
A("h-q01-001", "q01",
  "Say it's Llama 3.3 70B with FP8 weights, the full seventy point six gigs, BF16 cache, on a B200 "
  "at eight terabytes a second. One 8K user: you stream the weights plus about 2.7 gigs of cache "
  "every step, so roughly nine milliseconds, a hundred and ten tokens a second for that one person. "
  "Put thirty-two of them in the batch and the step grows to about twenty milliseconds, so each "
  "user sees around fifty tokens a second, but the GPU is doing sixteen hundred in total. And the "
  "cache caps us at about thirty-three 8K sequences on the 180 gigs, so thirty-two is right at the "
  "edge.",
  [C("about 2.7 gigs of cache", "cache of one 8K sequence, BF16", "kv-calc",
     {"model": LL, "dtype": "bf16", "context": 8192}, "bytes_per_sequence", "GB", 2.7,
     stated={"context": 8192, "cache_dtype": "bf16"}),
   C("roughly nine milliseconds", "decode step floor, batch 1, B200", "decode-floor",
     {"model": LL, "gpu": "b200", "batch": 1, "context": 8192}, "step_ms", "ms", 9,
     cfrom="answer", stated={"gpu": "b200", "weights_gb": 70.6, "weight_dtype": "fp8",
                              "cache_dtype": "bf16", "context": 8192, "batch": 1}),
   C("a hundred and ten tokens a second", "tokens/s for one user, B200", "decode-floor",
     {"model": LL, "gpu": "b200", "batch": 1, "context": 8192}, "tokens_per_s_per_user",
     "tokens/s", 110, cfrom="answer", stated={"gpu": "b200", "batch": 1}),
   C("about twenty milliseconds", "decode step floor, batch 32, B200", "decode-floor",
     {"model": LL, "gpu": "b200", "batch": 32, "context": 8192}, "step_ms", "ms", 20,
     cfrom="answer", stated={"gpu": "b200", "batch": 32}),
   C("around fifty tokens a second", "tokens/s per user at batch 32, B200", "decode-floor",
     {"model": LL, "gpu": "b200", "batch": 32, "context": 8192}, "tokens_per_s_per_user",
     "tokens/s", 50, cfrom="answer", stated={"gpu": "b200", "batch": 32}),
   C("sixteen hundred in total", "total tokens/s at batch 32, B200", "decode-floor",
     {"model": LL, "gpu": "b200", "batch": 32, "context": 8192}, "tokens_per_s_total",
     "tokens/s", 1600, cfrom="answer", stated={"gpu": "b200", "batch": 32}),
   C("about thirty-three 8K sequences", "largest batch that fits on one B200", "decode-floor",
     {"model": LL, "gpu": "b200", "batch": 32, "context": 8192}, "max_batch_that_fits",
     "sequences", 33, cfrom="answer", stated={"gpu": "b200", "hbm_gb": 180, "context": 8192})],
  distractors=["3.3 70B", "thirty-two is right at the edge"])

A("h-q01-002", "q01",
  "On the H200, with seventy gigs of FP8 weights and 8K contexts, one sequence is about fifteen "
  "milliseconds a step and twenty sequences about twenty-six. So with twenty users in the batch "
  "each user gets about 776 tokens a second, which is why batching is basically free. Prefill is "
  "the other phase: a 70B model and an 8K prompt is about 1.15 times ten to the fifteen FLOPs, and "
  "an H100 does 1,979 teraflops in FP8, at fifty percent utilisation, so prefill is around 0.6 "
  "seconds.",
  [C("about fifteen milliseconds", "decode step floor, one 8K sequence, H200", "decode-floor",
     dict(H200_70, batch=1, params_b=70), "step_ms", "ms", 15,
     stated={"gpu": "h200", "weights_gb": 70, "context": 8192, "batch": 1}),
   C("about twenty-six", "decode step floor, twenty 8K sequences, H200", "decode-floor",
     dict(H200_70, batch=20, params_b=70), "step_ms", "ms", 26,
     stated={"gpu": "h200", "batch": 20}),
   C("about 776 tokens a second", "tokens/s each user gets at batch 20", "decode-floor",
     dict(H200_70, batch=20, params_b=70), "tokens_per_s_per_user", "tokens/s", 776,
     verdict="wrong", error="per-user-vs-total", stated={"batch": 20},
     note="776 is the total; each user gets 38.8"),
   C("about 1.15 times ten to the fifteen FLOPs", "prefill FLOPs, 70B x 8K prompt", "prefill",
     {"params_b": 70, "prompt_tokens": 8192, "gpu": "h100"}, "flops", "FLOPs", 1.15e15,
     stated={"params_b": 70, "prompt_tokens": 8192}),
   C("around 0.6 seconds", "prefill time of an 8K prompt on one H100, FP8, 50%", "prefill",
     {"params_b": 70, "prompt_tokens": 8192, "gpu": "h100", "compute_dtype": "fp8",
      "compute_util": 0.5}, "seconds", "s", 0.6, verdict="wrong", error="2x",
     stated={"gpu": "h100", "compute_dtype": "fp8", "utilization": 0.5},
     note="states 50% utilisation but divides by the full 1,979 TFLOPS")],
  )

A("h-q01-003", "q01",
  "If the customer insists on a request-level micro-batcher, max batch thirty-two, fifteen "
  "milliseconds base plus half a millisecond per item, ten millisecond window, then a full batch "
  "takes thirty-one milliseconds and the ceiling is about 1,030 requests a second. At 800 a second "
  "offered you're fine, p99 of roughly seventy milliseconds. At 1,500 a second the queue fills: you "
  "serve about a thousand a second and shed the rest. With the 256-deep queue p99 sits near 280 "
  "milliseconds; cap the queue at sixty-four and p99 drops to about ninety-three, at the cost of "
  "shedding more.",
  [C("about 1,030 requests a second", "micro-batcher capacity", "microbatch-sim",
     {"rate_per_s": 1500}, "capacity_per_s", "requests/s", 1030, cfrom="answer",
     stated={"max_batch": 32, "base_ms": 15, "per_item_ms": 0.5}),
   C("p99 of roughly seventy milliseconds", "p99 at 800 requests/s offered", "microbatch-sim",
     {"rate_per_s": 800}, "p99_ms", "ms", 70, stated={"rate_per_s": 800}),
   C("about a thousand a second", "served per second at 1,500 offered", "microbatch-sim",
     {"rate_per_s": 1500}, "served_per_s", "requests/s", 1000, stated={"rate_per_s": 1500}),
   C("near 280 milliseconds", "p99 at 1,500/s with a 256 queue", "microbatch-sim",
     {"rate_per_s": 1500}, "p99_ms", "ms", 280, stated={"rate_per_s": 1500, "max_queue": 256}),
   C("about ninety-three", "p99 at 1,500/s with a 64 queue", "microbatch-sim",
     {"rate_per_s": 1500, "max_queue": 64}, "p99_ms", "ms", 93,
     stated={"rate_per_s": 1500, "max_queue": 64})],
  distractors=["ten millisecond window"])

A("h-q01-004", "q01",
  "At fifteen hundred requests a second with the bounded queue of 256, p99 is basically one batch, "
  "about thirty milliseconds, and we'd serve all fifteen hundred.",
  [C("about thirty milliseconds", "p99 at 1,500/s through the micro-batcher", "microbatch-sim",
     {"rate_per_s": 1500}, "p99_ms", "ms", 30, verdict="wrong", error="other",
     stated={"rate_per_s": 1500, "max_queue": 256},
     note="ignores the full queue ahead (about 256 ms of waiting)"),
   C("we'd serve all fifteen hundred", "served per second at 1,500 offered", "microbatch-sim",
     {"rate_per_s": 1500}, "served_per_s", "requests/s", 1500, verdict="wrong", error="other",
     stated={"rate_per_s": 1500}, note="capacity is about 1,030/s; a third is shed")])

A("h-q01-005", "q01",
  "On a single H100 with Llama 70B, one user at 8K gets about forty-five tokens a second, because "
  "every step has to pull the whole model through 3.35 terabytes a second.",
  [C("about forty-five tokens a second", "tokens/s for one 8K user on one H100", "decode-floor",
     {"model": LL, "gpu": "h100", "batch": 1, "context": 8192}, "tokens_per_s_per_user",
     "tokens/s", 45, verdict="ambiguous", stated={"gpu": "h100", "batch": 1, "context": 8192},
     alt_args={"model": LL, "gpu": "h100", "batch": 1, "context": 8192,
               "weight_dtype": "bf16"},
     note="weight precision unstated: right for FP8 weights (45.7), wrong for BF16 (23.3)")],
  )

A("h-q01-006", "q01",
  "For the small edge box it's Mistral 7B in BF16 on an L4, contexts around 4K. The L4 only has "
  "three hundred gigs a second, so a single user's step is about fifty milliseconds, twenty tokens "
  "a second. Four users in the batch and it's roughly fifty-five milliseconds, about seventy-two "
  "tokens a second overall, and four is also the most that fits.",
  [C("about fifty milliseconds", "decode step, Mistral 7B BF16, L4, 4K, batch 1", "decode-floor",
     {"model": "mistral-7b-v0.3", "weight_dtype": "bf16", "gpu": "l4", "context": 4096,
      "batch": 1}, "step_ms", "ms", 50,
     stated={"model": "mistral-7b-v0.3", "weight_dtype": "bf16", "gpu": "l4", "context": 4096}),
   C("twenty tokens a second", "tokens/s for one user", "decode-floor",
     {"model": "mistral-7b-v0.3", "weight_dtype": "bf16", "gpu": "l4", "context": 4096,
      "batch": 1}, "tokens_per_s_per_user", "tokens/s", 20, cfrom="answer",
     stated={"gpu": "l4", "batch": 1}),
   C("roughly fifty-five milliseconds", "decode step at batch 4", "decode-floor",
     {"model": "mistral-7b-v0.3", "weight_dtype": "bf16", "gpu": "l4", "context": 4096,
      "batch": 4}, "step_ms", "ms", 55, cfrom="answer", stated={"batch": 4}),
   C("about seventy-two tokens a second overall", "total tokens/s at batch 4", "decode-floor",
     {"model": "mistral-7b-v0.3", "weight_dtype": "bf16", "gpu": "l4", "context": 4096,
      "batch": 4}, "tokens_per_s_total", "tokens/s", 72, cfrom="answer", stated={"batch": 4}),
   C("four is also the most that fits", "largest 4K batch that fits on an L4", "decode-floor",
     {"model": "mistral-7b-v0.3", "weight_dtype": "bf16", "gpu": "l4", "context": 4096,
      "batch": 4}, "max_batch_that_fits", "sequences", 4, cfrom="answer",
     stated={"gpu": "l4", "context": 4096})],
  )

A("h-q01-007", "q01",
  "So with thirty-two users on that box, the step is roughly thirty milliseconds, and everyone "
  "still gets about thirty-four tokens a second: about eleven hundred tokens a second in total "
  "for the GPU.",
  [C("about seventy-two tokens a second", "tokens/s for one 8K user on an MI300X",
     "decode-floor", {"model": LL, "gpu": "mi300x", "batch": 1, "context": 8192},
     "tokens_per_s_per_user", "tokens/s", 72, in_earlier=True,
     stated={"gpu": "mi300x", "weight_dtype": "fp8", "cache_dtype": "bf16", "context": 8192}),
   C("roughly thirty milliseconds", "decode step at batch 32, MI300X", "decode-floor",
     {"model": LL, "gpu": "mi300x", "batch": 32, "context": 8192}, "step_ms", "ms", 30,
     cfrom="earlier", stated={"batch": 32}),
   C("about thirty-four tokens a second", "tokens/s per user at batch 32", "decode-floor",
     {"model": LL, "gpu": "mi300x", "batch": 32, "context": 8192}, "tokens_per_s_per_user",
     "tokens/s", 34, cfrom="earlier", stated={"batch": 32}),
   C("about eleven hundred tokens a second in total", "total tokens/s at batch 32", "decode-floor",
     {"model": LL, "gpu": "mi300x", "batch": 32, "context": 8192}, "tokens_per_s_total",
     "tokens/s", 1100, cfrom="earlier", stated={"batch": 32})],
  earlier=["Let's take Llama 3.3 70B with FP8 weights on an MI300X, BF16 cache, 8K contexts. One "
           "user alone gets about seventy-two tokens a second there."])

# =============================================================== q03: autoscaling
A("h-q03-001", "q03",
  "For capacity per replica I'd use an MI300X: 192 gigs. Seventy gigs of FP8 weights, five for "
  "activations, 0.92 utilisation, leaves about a hundred and two gigs, and with an FP8 cache that's "
  "about seventy-five 8K sequences. At that batch the decode floor on 5.3 terabytes a second works "
  "out to something like 2,300 tokens a second per replica. If peak is twenty thousand tokens a "
  "second and I want to run at seventy percent, that's thirteen replicas, fourteen with one spare "
  "for N plus one.",
  [C("about a hundred and two gigs", "KV budget on one MI300X", "kv-calc",
     {"model": LL, "dtype": "fp8", "gpu": "mi300x", "weights_gb": 70, "context": 8192},
     "budget_gb", "GB", 102, stated={"gpu": "mi300x", "weights_gb": 70, "utilization": 0.92,
                                      "activations_gb": 5}),
   C("about seventy-five 8K sequences", "whole 8K sequences, FP8 cache, MI300X", "kv-calc",
     {"model": LL, "dtype": "fp8", "gpu": "mi300x", "weights_gb": 70, "context": 8192},
     "whole_sequences_that_fit", "sequences", 75,
     stated={"gpu": "mi300x", "cache_dtype": "fp8", "context": 8192}),
   C("something like 2,300 tokens a second", "decode-floor total tokens/s at batch 75, MI300X",
     "decode-floor", {"model": LL, "weights_gb": 70, "kv_dtype": "fp8", "context": 8192,
                      "batch": 75, "gpu": "mi300x"}, "tokens_per_s_total", "tokens/s", 2300,
     cfrom="answer", stated={"gpu": "mi300x", "batch": 75, "cache_dtype": "fp8"}),
   C("thirteen replicas", "replicas needed at 70% target", "replicas",
     {"peak_per_s": 20000, "per_replica_per_s": 2300, "target_util": 0.7}, "needed", "count", 13,
     cfrom="answer", stated={"peak_per_s": 20000, "per_replica_per_s": 2300,
                              "target_util": 0.7}),
   C("fourteen with one spare", "replicas with N+1", "replicas",
     {"peak_per_s": 20000, "per_replica_per_s": 2300, "target_util": 0.7, "failure_margin": 1},
     "replicas", "count", 14, cfrom="answer", stated={"failure_margin": 1})],
  )

A("h-q03-002", "q03",
  "On H100s it's tight: eighty gigs minus seventy of FP8 weights leaves ten, and at 160 KiB a token "
  "with an FP8 cache that's about sixty thousand tokens, seven 8K users per replica. The load is six "
  "hundred requests a second and each replica handles about forty, so fifteen replicas.",
  [C("160 KiB a token", "KV KiB per token, FP8 cache", "kv-calc", {"model": LL, "dtype": "fp8"},
     "kib_per_token", "KiB", 160, stated={"cache_dtype": "fp8"}),
   C("about sixty thousand tokens", "tokens of FP8 cache on one H100 after 70 GB of weights",
     "kv-calc", {"model": LL, "dtype": "fp8", "gpu": "h100", "weights_gb": 70},
     "tokens_that_fit", "tokens", 60000, verdict="wrong", error="other",
     stated={"gpu": "h100", "weights_gb": 70, "cache_dtype": "fp8"},
     note="ignores gpu_memory_utilization and activations: 80 x 0.92 - 70 - 5 < 0, nothing fits"),
   C("seven 8K users per replica", "whole 8K sequences on one H100", "kv-calc",
     {"model": LL, "dtype": "fp8", "gpu": "h100", "weights_gb": 70, "context": 8192},
     "whole_sequences_that_fit", "sequences", 7, verdict="wrong", error="other",
     stated={"gpu": "h100", "context": 8192}, note="same omission; truth is 0"),
   C("so fifteen replicas", "replicas for 600 req/s at 40 per replica", "replicas",
     {"peak_per_s": 600, "per_replica_per_s": 40}, "needed", "count", 15, verdict="ambiguous",
     stated={"peak_per_s": 600, "per_replica_per_s": 40},
     alt_args={"peak_per_s": 600, "per_replica_per_s": 40, "target_util": 1.0},
     note="target utilisation unstated: right at 100% (15), wrong at the usual 70% target (22)")])

A("h-q03-003", "q03",
  "Per H200 replica, Llama 70B FP8 weights and an FP8 cache hold forty 8K sequences, and at forty "
  "in the batch the step floor is about twenty-six milliseconds, so at most around 1,550 tokens a "
  "second per replica. With a BF16 cache it halves to twenty sequences and about 780 tokens a "
  "second. That number, not GPU utilisation, is what the autoscaler should be reasoning about.",
  [C("hold forty 8K sequences", "whole 8K sequences on one H200, FP8 cache", "kv-calc",
     {"model": LL, "dtype": "fp8", "context": 8192, "gpu": "h200", "weights_gb": 70},
     "whole_sequences_that_fit", "sequences", 40,
     stated={"gpu": "h200", "weight_dtype": "fp8", "cache_dtype": "fp8", "context": 8192}),
   C("about twenty-six milliseconds", "decode step at batch 40, FP8 cache", "decode-floor",
     {"model": LL, "weights_gb": 70, "kv_dtype": "fp8", "context": 8192, "batch": 40,
      "gpu": "h200"}, "step_ms", "ms", 26, stated={"batch": 40, "cache_dtype": "fp8"}),
   C("around 1,550 tokens a second", "total tokens/s per replica at batch 40", "decode-floor",
     {"model": LL, "weights_gb": 70, "kv_dtype": "fp8", "context": 8192, "batch": 40,
      "gpu": "h200"}, "tokens_per_s_total", "tokens/s", 1550, stated={"batch": 40}),
   C("halves to twenty sequences", "whole 8K sequences with a BF16 cache", "kv-calc",
     {"model": LL, "dtype": "bf16", "context": 8192, "gpu": "h200", "weights_gb": 70},
     "whole_sequences_that_fit", "sequences", 20, stated={"cache_dtype": "bf16"}),
   C("about 780 tokens a second", "total tokens/s at batch 20, BF16 cache", "decode-floor",
     {"model": LL, "weights_gb": 70, "kv_dtype": "bf16", "context": 8192, "batch": 20,
      "gpu": "h200"}, "tokens_per_s_total", "tokens/s", 780,
     stated={"cache_dtype": "bf16", "batch": 20})])

A("h-q03-004", "q03",
  "With forty users at 8K on one box, the step floor is about twenty-six milliseconds, so each user "
  "still sees close to forty tokens a second.",
  [C("about twenty-six milliseconds", "decode step at batch 40 on one H200", "decode-floor",
     {"model": LL, "weights_gb": 70, "kv_dtype": "bf16", "context": 8192, "batch": 40,
      "gpu": "h200"}, "step_ms", "ms", 26, verdict="ambiguous", cfrom="earlier",
     stated={"gpu": "h200", "batch": 40, "context": 8192},
     alt_args={"model": LL, "weights_gb": 70, "kv_dtype": "fp8", "context": 8192, "batch": 40,
               "gpu": "h200"},
     note="'in FP8' (earlier) may or may not cover the cache: right with FP8 cache (25.8 ms), "
          "wrong with BF16 (37 ms)"),
   C("close to forty tokens a second", "tokens/s per user at batch 40", "decode-floor",
     {"model": LL, "weights_gb": 70, "kv_dtype": "bf16", "context": 8192, "batch": 40,
      "gpu": "h200"}, "tokens_per_s_per_user", "tokens/s", 40, verdict="ambiguous",
     cfrom="earlier", stated={"batch": 40},
     alt_args={"model": LL, "weights_gb": 70, "kv_dtype": "fp8", "context": 8192, "batch": 40,
               "gpu": "h200"},
     note="38.8 with an FP8 cache, 27 with BF16")],
  earlier=["I'd keep Llama 3.3 70B in FP8 on H200s, seventy gigs of weights per box."])

A("h-q03-005", "q03",
  "If they can get B200s the picture changes: after seventy point six gigs of FP8 weights there's "
  "about ninety gigs of cache, sixty-seven 8K sequences with an FP8 cache. I'd run sixty-four, "
  "which floors out around 3,300 tokens a second per GPU. For a peak of thirty thousand tokens a "
  "second at eighty percent target that's twelve GPUs, and with N plus two, fourteen.",
  [C("about ninety gigs of cache", "KV budget on one B200 after FP8 weights", "kv-calc",
     {"model": LL, "dtype": "fp8", "gpu": "b200", "weight_dtype": "fp8"}, "budget_gb", "GB", 90,
     stated={"gpu": "b200", "weight_dtype": "fp8", "weights_gb": 70.6}),
   C("sixty-seven 8K sequences", "whole 8K sequences, FP8 cache, B200", "kv-calc",
     {"model": LL, "dtype": "fp8", "gpu": "b200", "weight_dtype": "fp8", "context": 8192},
     "whole_sequences_that_fit", "sequences", 67, stated={"cache_dtype": "fp8", "context": 8192}),
   C("around 3,300 tokens a second per GPU", "total tokens/s at batch 64 on a B200",
     "decode-floor", {"model": LL, "kv_dtype": "fp8", "context": 8192, "batch": 64,
                      "gpu": "b200"}, "tokens_per_s_total", "tokens/s", 3300, cfrom="answer",
     stated={"batch": 64, "gpu": "b200", "cache_dtype": "fp8"}),
   C("that's twelve GPUs", "replicas for 30K tok/s at 3,300 each, 80% target", "replicas",
     {"peak_per_s": 30000, "per_replica_per_s": 3300, "target_util": 0.8}, "needed", "count", 12,
     cfrom="answer", stated={"peak_per_s": 30000, "target_util": 0.8}),
   C("with N plus two, fourteen", "replicas with two spares", "replicas",
     {"peak_per_s": 30000, "per_replica_per_s": 3300, "target_util": 0.8, "failure_margin": 2},
     "replicas", "count", 14, cfrom="answer", stated={"failure_margin": 2})],
  distractors=["sixty-four"])

# =============================================================== q04: quantisation
A("h-q04-001", "q04",
  "Quantisation changes the number format of the same weights. Concretely, Qwen2.5-72B in BF16 is "
  "about 145 gigs; FP8 halves it to about seventy-three; FP4 with the block scales is roughly "
  "forty-one. On a single H200 the FP8 version leaves about fifty-two gigs for the cache after "
  "activations.",
  [C("about 145 gigs", "Qwen2.5-72B weights, BF16", "kv-calc",
     {"model": "qwen2.5-72b", "gpu": "h200", "weight_dtype": "bf16"}, "weights_gb", "GB", 145,
     stated={"model": "qwen2.5-72b", "weight_dtype": "bf16"}),
   C("about seventy-three", "Qwen2.5-72B weights, FP8", "kv-calc",
     {"model": "qwen2.5-72b", "gpu": "h200", "weight_dtype": "fp8"}, "weights_gb", "GB", 73,
     stated={"weight_dtype": "fp8"}),
   C("roughly forty-one", "Qwen2.5-72B weights, FP4 with scales", "kv-calc",
     {"model": "qwen2.5-72b", "gpu": "h200", "weight_dtype": "fp4"}, "weights_gb", "GB", 41,
     stated={"weight_dtype": "fp4"}),
   C("about fifty-two gigs for the cache", "KV budget on one H200 with FP8 weights", "kv-calc",
     {"model": "qwen2.5-72b", "gpu": "h200", "weight_dtype": "fp8"}, "budget_gb", "GB", 52,
     stated={"gpu": "h200", "weight_dtype": "fp8"})])

A("h-q04-002", "q04",
  "Llama 3.3 70B at four bits is a quarter byte per parameter, so about eighteen gigs, and that "
  "fits on an L4 with room to spare. For the quality check, I'd want plus or minus three points at "
  "a ninety percent pass rate, which is about 384 graded examples, and at plus or minus two it's "
  "roughly 860.",
  [C("about eighteen gigs", "Llama 3.3 70B weights at 4 bits", "kv-calc",
     {"model": LL, "gpu": "l4", "weight_dtype": "fp4"}, "weights_gb", "GB", 18, verdict="wrong",
     error="unit-slip", stated={"weight_dtype": "fp4"},
     note="4 bits is half a byte, not a quarter (bits/bytes slip); truth 39.7 GB with scales"),
   C("about 384 graded examples", "examples for +/-3 points at 90%", "wilson-samples",
     {"rate": 0.9, "half_width": 0.03}, "n", "count", 384,
     stated={"rate": 0.9, "half_width": 0.03}),
   C("roughly 860", "examples for +/-2 points at 90%", "wilson-samples",
     {"rate": 0.9, "half_width": 0.02}, "n", "count", 860,
     stated={"rate": 0.9, "half_width": 0.02})],
  distractors=["3.3 70B"])

A("h-q04-003", "q04",
  "Llama 3.3 70B is about seventy gigs of weights, so it fits one H200 with room for the cache.",
  [C("about seventy gigs of weights", "Llama 3.3 70B weights", "kv-calc",
     {"model": LL, "gpu": "h200", "weight_dtype": "bf16"}, "weights_gb", "GB", 70,
     verdict="ambiguous", stated={"model": LL},
     alt_args={"model": LL, "gpu": "h200", "weight_dtype": "fp8"},
     note="precision unstated: right in FP8 (70.6), half the BF16 size (141.2)")],
  distractors=["3.3 70B"])

# =============================================================== q05: slow service
A("h-q05-001", "q05",
  "First I'd split TTFT from inter-token latency. For the prefill side, say Qwen3-235B-A22B: only "
  "about twenty-two billion parameters are active per token, so a 16K prompt on one H200 in FP8 at "
  "fifty percent is about three quarters of a second, and across four GPUs about 180 milliseconds. "
  "gpt-oss-120b is even lighter, five billion active: a 32K prompt on an H100 is roughly a third of "
  "a second.",
  [C("about three quarters of a second", "prefill, 22B active, 16K prompt, H200 FP8 50%",
     "prefill", {"model": "qwen3-235b-a22b", "prompt_tokens": 16384, "gpu": "h200",
                 "compute_dtype": "fp8", "compute_util": 0.5}, "seconds", "s", 0.75,
     stated={"params_b": 22, "prompt_tokens": 16384, "gpu": "h200", "compute_dtype": "fp8",
             "utilization": 0.5}),
   C("about 180 milliseconds", "same prefill over four GPUs", "prefill",
     {"model": "qwen3-235b-a22b", "prompt_tokens": 16384, "gpu": "h200", "compute_dtype": "fp8",
      "compute_util": 0.5, "gpus": 4}, "ms", "ms", 180, cfrom="answer", stated={"gpus": 4}),
   C("roughly a third of a second", "prefill, gpt-oss-120b, 32K prompt, H100", "prefill",
     {"model": "gpt-oss-120b", "prompt_tokens": 32768, "gpu": "h100", "compute_dtype": "fp8",
      "compute_util": 0.5}, "seconds", "s", 0.333, cfrom="answer",
     stated={"model": "gpt-oss-120b", "prompt_tokens": 32768, "gpu": "h100"})],
  distractors=["twenty-two billion", "five billion"])

A("h-q05-002", "q05",
  "On the decode side: an H100 has about two terabytes a second of bandwidth, so one user on Llama "
  "70B with FP8 weights and 8K of context is stuck at about thirty-five milliseconds a token. And "
  "for the small model on the L4, Mistral 7B with a 4K prompt in FP8, prefill's around half a "
  "millisecond, so that's not our problem.",
  [C("about thirty-five milliseconds a token", "decode step, one user, H100", "decode-floor",
     {"model": LL, "gpu": "h100", "batch": 1, "context": 8192}, "step_ms", "ms", 35,
     verdict="wrong", error="wrong-spec",
     stated={"gpu": "h100", "weight_dtype": "fp8", "context": 8192, "batch": 1},
     note="uses ~2 TB/s (A100 80GB) for the H100's 3.35 TB/s"),
   C("around half a millisecond", "prefill, Mistral 7B, 4K prompt, L4 FP8", "prefill",
     {"model": "mistral-7b-v0.3", "prompt_tokens": 4096, "gpu": "l4", "compute_dtype": "fp8"},
     "seconds", "s", 0.0005, verdict="wrong", error="unit-slip",
     stated={"model": "mistral-7b-v0.3", "prompt_tokens": 4096, "gpu": "l4",
             "compute_dtype": "fp8"},
     note="about half a second, said as half a millisecond")])

A("h-q05-003", "q05",
  "A 70B model with an 8K prompt on one H100 in FP8 takes about 0.6 seconds to prefill, and that's "
  "before it's even queued. Meanwhile a BF16 cache on an H200 only holds about five Llama users, "
  "so the queue builds fast.",
  [C("about 0.6 seconds", "prefill of 8K on one H100, FP8", "prefill",
     {"params_b": 70, "prompt_tokens": 8192, "gpu": "h100", "compute_dtype": "fp8",
      "compute_util": 0.5}, "seconds", "s", 0.6, verdict="ambiguous",
     stated={"params_b": 70, "prompt_tokens": 8192, "gpu": "h100", "compute_dtype": "fp8"},
     alt_args={"params_b": 70, "prompt_tokens": 8192, "gpu": "h100", "compute_dtype": "fp8",
               "compute_util": 1.0},
     note="utilisation unstated: right at 100% of peak (0.58 s), 2x low at the usual 50% "
          "(1.16 s)"),
   C("about five Llama users", "sequences that fit on an H200 with a BF16 cache", "kv-calc",
     {"model": LL, "dtype": "bf16", "context": 8192, "gpu": "h200", "weights_gb": 70},
     "sequences_that_fit", "sequences", 5, verdict="ambiguous", cfrom="card-default",
     stated={"gpu": "h200", "cache_dtype": "bf16"},
     alt_args={"model": LL, "dtype": "bf16", "context": 32768, "gpu": "h200", "weights_gb": 70},
     note="context unstated: right at 32K (5.1), wrong at 8K (20.4)")])

# =============================================================== q06: doc versioning
A("h-q06-001", "q06",
  "Say twenty-five million chunks at about five hundred tokens each. Re-embedding everything with "
  "text-embedding-3-large at thirteen cents per million tokens is about 1,625 dollars, so a full "
  "rebuild is affordable but not something you do nightly. If two percent of chunks change a day, "
  "that's half a million chunks, thirty-two dollars fifty a day. With the small embedding model at "
  "two cents per million the full rebuild would be about 250 bucks.",
  [C("about 1,625 dollars", "full re-embed cost", "token-cost",
     {"input_tokens": 500, "output_tokens": 0, "input_per_million": 0.13,
      "output_per_million": 0, "requests": 25000000}, "usd_total", "usd", 1625,
     stated={"requests": 25000000, "input_tokens": 500, "input_per_million": 0.13}),
   C("thirty-two dollars fifty a day", "daily incremental re-embed cost", "token-cost",
     {"input_tokens": 500, "output_tokens": 0, "input_per_million": 0.13,
      "output_per_million": 0, "requests": 500000}, "usd_total", "usd", 32.5,
     stated={"requests": 500000}),
   C("about 250 bucks", "full re-embed with the small model", "token-cost",
     {"input_tokens": 500, "output_tokens": 0, "input_per_million": 0.02,
      "output_per_million": 0, "requests": 25000000}, "usd_total", "usd", 250,
     stated={"input_per_million": 0.02})],
  distractors=["text-embedding-3-large", "two percent"])

A("h-q06-002", "q06",
  "Ten million chunks times four hundred tokens is four billion tokens, at thirteen cents per "
  "million that's around five hundred and twenty thousand dollars for a full re-embed, which is why "
  "we must do incremental.",
  [C("four billion tokens", "tokens in a full re-embed", "token-cost",
     {"input_tokens": 400, "output_tokens": 0, "input_per_million": 0.13,
      "output_per_million": 0, "requests": 10000000}, "tokens_total", "tokens", 4e9),
   C("around five hundred and twenty thousand dollars", "full re-embed cost", "token-cost",
     {"input_tokens": 400, "output_tokens": 0, "input_per_million": 0.13,
      "output_per_million": 0, "requests": 10000000}, "usd_total", "usd", 520000,
     verdict="wrong", error="unit-slip", note="priced per thousand tokens, not per million")])

# =============================================================== q07: warehouse
A("h-q07-001", "q07",
  "I'd grade on execution accuracy, not SQL string match. On our golden set of three hundred "
  "questions we got two forty-six right, eighty-two percent, and the Wilson interval is roughly "
  "seventy-seven to eighty-six, so I'd report around eighty with that range.",
  [C("eighty-two percent", "execution accuracy 246/300", "wilson", {"k": 246, "n": 300}, "rate",
     "percent", 82, stated={"k": 246, "n": 300}),
   C("roughly seventy-seven", "Wilson low, 246/300", "wilson", {"k": 246, "n": 300}, "low",
     "percent", 77, stated={"k": 246, "n": 300}),
   C("to eighty-six", "Wilson high, 246/300", "wilson", {"k": 246, "n": 300}, "high", "percent",
     86, stated={"k": 246, "n": 300}),
   C("around eighty with that range", "execution accuracy 246/300, as reported", "wilson",
     {"k": 246, "n": 300}, "rate", "percent", 80, stated={"k": 246, "n": 300},
     note="deliberately rounded report of 82%")])

A("h-q07-002", "q07",
  "On the two-hundred question set we got a hundred seventy-two right, so that's, uh, zero point "
  "eight six percent execution accuracy, with the lower bound around zero point eight percent.",
  [C("zero point eight six percent", "execution accuracy 172/200", "wilson",
     {"k": 172, "n": 200}, "rate", "percent", 0.86, verdict="wrong",
     error="percent-vs-fraction", note="the fraction 0.86 said as a percent"),
   C("zero point eight percent", "Wilson low, 172/200", "wilson", {"k": 172, "n": 200}, "low",
     "percent", 0.8, verdict="wrong", error="percent-vs-fraction")])

# =============================================================== q08: prompt vs RAG vs FT
A("h-q08-001", "q08",
  "I'd run both on the same eval. Say prompting gets seventy of a hundred and RAG eighty-five of a "
  "hundred. Fifteen points looks big, but the Wilson intervals still overlap by about 1.4 points, "
  "so I can't call it yet. Cost-wise, a four-thousand-token few-shot prefix on two million "
  "requests a month at two fifty per million input is twenty thousand dollars; from the prompt "
  "cache at a tenth of the price it's two thousand.",
  [C("overlap by about 1.4 points", "gap between Wilson intervals, 70/100 vs 85/100",
     "wilson-compare", {"k1": 70, "n1": 100, "k2": 85, "n2": 100}, "gap_points", "percent",
     -1.4, stated={"k1": 70, "n1": 100, "k2": 85, "n2": 100},
     note="overlap expressed as a negative gap"),
   C("is twenty thousand dollars", "monthly cost of the prefix", "token-cost",
     {"input_tokens": 4000, "output_tokens": 0, "input_per_million": 2.5,
      "output_per_million": 0, "requests": 2000000}, "usd_total", "usd", 20000,
     stated={"input_tokens": 4000, "requests": 2000000, "input_per_million": 2.5}),
   C("it's two thousand", "same prefix from the prompt cache", "token-cost",
     {"input_tokens": 4000, "output_tokens": 0, "input_per_million": 2.5,
      "output_per_million": 0, "requests": 2000000, "cached_fraction": 1,
      "cached_per_million": 0.25}, "usd_total", "usd", 2000,
     stated={"cached_fraction": 1, "cached_per_million": 0.25})],
  )

A("h-q08-002", "q08",
  "Prompting was 124 of 200 and RAG 162 of 200; the intervals don't touch, there's about 6.6 "
  "points of clear air. Double the samples, same rates, and the gap is about twenty points.",
  [C("about 6.6 points of clear air", "gap between the Wilson intervals", "wilson-compare",
     {"k1": 124, "n1": 200, "k2": 162, "n2": 200}, "gap_points", "percent", 6.6),
   C("the gap is about twenty points", "gap at twice the samples", "wilson-compare",
     {"k1": 248, "n1": 400, "k2": 324, "n2": 400}, "gap_points", "percent", 20,
     verdict="wrong", error="2x", stated={"scale": 2},
     note="doubling n does not double the gap: 10.2 points")])

# =============================================================== q09: claims agent
A("h-q09-001", "q09",
  "A naive agent loop here is, say, eight turns each re-reading twenty-five thousand tokens, so two "
  "hundred thousand input and about four thousand output per claim. At three and fifteen dollars "
  "per million that's sixty-six cents a claim, and at five thousand claims a day about thirty-three "
  "hundred dollars. With the policy and packet prefix cached, eighty percent of input at thirty "
  "cents per million, it drops to roughly twenty-three cents.",
  [C("sixty-six cents a claim", "cost per claim of the loop", "token-cost",
     {"input_tokens": 200000, "output_tokens": 4000, "input_per_million": 3,
      "output_per_million": 15, "requests": 5000}, "usd_per_request", "usd", 0.66,
     stated={"input_tokens": 200000, "output_tokens": 4000}),
   C("about thirty-three hundred dollars", "daily cost at 5,000 claims", "token-cost",
     {"input_tokens": 200000, "output_tokens": 4000, "input_per_million": 3,
      "output_per_million": 15, "requests": 5000}, "usd_total", "usd", 3300,
     stated={"requests": 5000}),
   C("roughly twenty-three cents", "cost per claim with 80% cached", "token-cost",
     {"input_tokens": 200000, "output_tokens": 4000, "input_per_million": 3,
      "output_per_million": 15, "cached_fraction": 0.8, "cached_per_million": 0.3},
     "usd_per_request", "usd", 0.23, stated={"cached_fraction": 0.8, "cached_per_million": 0.3})],
  distractors=["eight turns", "twenty-five thousand tokens"])

A("h-q09-002", "q09",
  "The workflow version is thirty-two thousand input with three quarters cached and two thousand "
  "out. That's about six cents a claim, so at ten thousand claims a day we're at six thousand "
  "dollars.",
  [C("about six cents a claim", "cost per claim of the workflow", "token-cost",
     {"input_tokens": 32000, "output_tokens": 2000, "input_per_million": 3,
      "output_per_million": 15, "requests": 10000, "cached_fraction": 0.75,
      "cached_per_million": 0.3}, "usd_per_request", "usd", 0.06, cfrom="card-default",
     stated={"input_tokens": 32000, "output_tokens": 2000, "cached_fraction": 0.75}),
   C("six thousand dollars", "daily cost at 10,000 claims", "token-cost",
     {"input_tokens": 32000, "output_tokens": 2000, "input_per_million": 3,
      "output_per_million": 15, "requests": 10000, "cached_fraction": 0.75,
      "cached_per_million": 0.3}, "usd_total", "usd", 6000, verdict="wrong", error="other",
     stated={"requests": 10000}, note="10x: 6 cents x 10,000 is $600")])

# =============================================================== q10: support agent
A("h-q10-001", "q10",
  "We replayed a hundred and fifty historical tickets and the agent resolved a hundred and twenty, "
  "eighty percent, though Wilson puts the low end near seventy-three. For staffing the handoff "
  "queue: eight thousand conversations a day, a quarter hand off, that's two thousand handoffs over "
  "a ten-hour day, each taking ten minutes of an agent's time, so about thirty-three agents busy at "
  "once.",
  [C("eighty percent", "replay resolution rate 120/150", "wilson", {"k": 120, "n": 150}, "rate",
     "percent", 80, stated={"k": 120, "n": 150}),
   C("near seventy-three", "Wilson low, 120/150", "wilson", {"k": 120, "n": 150}, "low",
     "percent", 73, stated={"k": 120, "n": 150}),
   C("about thirty-three agents", "agents busy at once on the handoff queue", "littles-law",
     {"arrival_rate_per_s": 2000 / 36000, "latency_s": 600}, "concurrency", "count", 33,
     cfrom="answer", stated={"arrival_rate_per_s": "2000 per 10 h", "latency_s": 600})],
  distractors=["eight thousand conversations"])

A("h-q10-002", "q10",
  "Twenty percent of six thousand is twelve hundred handoffs across a ten-hour shift, nine minutes "
  "handle time each, so that's about a hundred and eighty agents at any moment.",
  [C("about a hundred and eighty agents", "agents busy at once", "littles-law",
     {"arrival_rate_per_s": 1200 / 36000, "latency_s": 540}, "concurrency", "count", 180,
     verdict="wrong", error="other", cfrom="sentence",
     stated={"handoffs": 1200, "hours": 10, "latency_s": 540},
     note="spreads 1,200 handoffs over one hour instead of ten (10x)")],
  distractors=["Twenty percent", "twelve hundred handoffs"])

# =============================================================== q11: LangGraph summarizer
A("h-q11-001", "q11",
  "A three-hundred-page contract is about two hundred and forty thousand tokens; I'd cut it into "
  "sixty chunks of four thousand. Each map call reads about forty-five hundred with the "
  "instructions and writes five hundred, at three and fifteen dollars per million that's about two "
  "point one cents a call, a dollar twenty-six for the whole map phase. The reduce step then reads "
  "sixty times five hundred, thirty thousand tokens, which fits easily.",
  [C("about two point one cents a call", "cost per map call", "token-cost",
     {"input_tokens": 4500, "output_tokens": 500, "input_per_million": 3,
      "output_per_million": 15, "requests": 60}, "usd_per_request", "usd", 0.021,
     stated={"input_tokens": 4500, "output_tokens": 500}),
   C("a dollar twenty-six", "cost of the map phase", "token-cost",
     {"input_tokens": 4500, "output_tokens": 500, "input_per_million": 3,
      "output_per_million": 15, "requests": 60}, "usd_total", "usd", 1.26,
     stated={"requests": 60}),
   C("thirty thousand tokens", "tokens the reduce step reads", "token-cost",
     {"input_tokens": 0, "output_tokens": 500, "input_per_million": 3,
      "output_per_million": 15, "requests": 60}, "tokens_total", "tokens", 30000,
     stated={"requests": 60, "output_tokens": 500})],
  distractors=["three-hundred-page"])

A("h-q11-002", "q11",
  "Forty calls at forty-three hundred in and four hundred out, that's roughly seventy-five cents "
  "per call, so about thirty dollars for the contract.",
  [C("roughly seventy-five cents per call", "cost per map call", "token-cost",
     {"input_tokens": 4300, "output_tokens": 400, "input_per_million": 3,
      "output_per_million": 15, "requests": 40}, "usd_per_request", "usd", 0.75,
     verdict="wrong", error="per-user-vs-total",
     stated={"input_tokens": 4300, "output_tokens": 400, "requests": 40},
     note="75 cents is the whole map phase, each call is 1.9 cents"),
   C("about thirty dollars for the contract", "cost of the map phase", "token-cost",
     {"input_tokens": 4300, "output_tokens": 400, "input_per_million": 3,
      "output_per_million": 15, "requests": 40}, "usd_total", "usd", 30, verdict="wrong",
     error="per-user-vs-total", stated={"input_tokens": 4300, "output_tokens": 400,
                                         "requests": 40}, note="multiplies the total by 40 again")])

# =============================================================== q12: multi-agent
A("h-q12-001", "q12",
  "Multi-agent setups burn something like fifteen times the tokens. If the single agent uses fifty "
  "thousand, the multi-agent run is about seven hundred thousand in and fifty thousand out, so at "
  "three and fifteen that's two eighty-five a task. For failures, five retries starting at two "
  "hundred milliseconds and doubling is six point two seconds worst case, and with full jitter you "
  "expect about half that, three point one.",
  [C("two eighty-five a task", "cost of one multi-agent task", "token-cost",
     {"input_tokens": 700000, "output_tokens": 50000, "input_per_million": 3,
      "output_per_million": 15}, "usd_per_request", "usd", 2.85,
     stated={"input_tokens": 700000, "output_tokens": 50000}),
   C("six point two seconds worst case", "worst-case backoff, 5 retries from 200 ms", "backoff",
     {"base_ms": 200, "retries": 5}, "worst_total_ms", "ms", 6200,
     stated={"base_ms": 200, "retries": 5}),
   C("three point one", "expected backoff with full jitter", "backoff",
     {"base_ms": 200, "retries": 5, "jitter": "full"}, "expected_total_ms", "ms", 3100,
     stated={"jitter": "full"})],
  distractors=["fifteen times", "single agent uses fifty"])

A("h-q12-002", "q12",
  "Four retries from five hundred milliseconds, doubling: five hundred, one, two, four, eight "
  "seconds, so worst case is fifteen and a half seconds of waiting.",
  [C("fifteen and a half seconds", "worst-case wait of four retries from 500 ms", "backoff",
     {"base_ms": 500, "retries": 4}, "worst_total_ms", "ms", 15500, verdict="wrong", error="2x",
     stated={"base_ms": 500, "retries": 4},
     note="lists five waits for four retries; truth 7.5 s")])

# =============================================================== q13: MCP auth
A("h-q13-001", "q13",
  "We ran five hundred cross-tenant and wrong-role calls and none got through. Zero of five hundred "
  "doesn't mean zero: the Wilson upper bound is about three quarters of a percent, so that's what "
  "I'd tell the security team we've shown.",
  [C("about three quarters of a percent", "Wilson upper bound, 0 of 500", "wilson",
     {"k": 0, "n": 500}, "high", "percent", 0.75, stated={"k": 0, "n": 500})])

A("h-q13-002", "q13",
  "Zero of three hundred got through, so with the normal approximation the ninety-five percent "
  "upper bound is zero, and we can say bypass is eliminated.",
  [C("upper bound is zero", "95% upper bound on bypass rate, 0 of 300", "wilson",
     {"k": 0, "n": 300}, "high", "percent", 0, verdict="wrong", error="normal-approx",
     note="the Wald interval collapses at k = 0; Wilson gives 1.26%")],
  distractors=["ninety-five percent"])

# =============================================================== q14: voice agent
A("h-q14-001", "q14",
  "Latency budget first. If the LLM is an 8B model on an L4, a two-thousand-token prompt in FP8 at "
  "half utilisation prefills in about 260 milliseconds, which is already most of a 300 millisecond "
  "budget. A 70B on an H100 with a fifteen-hundred-token prompt is about 210 milliseconds. On "
  "concurrency: five thousand calls an hour at three minutes each is two hundred and fifty "
  "concurrent calls.",
  [C("about 260 milliseconds", "prefill, 8B, 2,000 tokens, L4 FP8 50%", "prefill",
     {"params_b": 8, "prompt_tokens": 2000, "gpu": "l4", "compute_dtype": "fp8",
      "compute_util": 0.5}, "ms", "ms", 260,
     stated={"params_b": 8, "prompt_tokens": 2000, "gpu": "l4", "compute_dtype": "fp8",
             "utilization": 0.5}),
   C("about 210 milliseconds", "prefill, 70B, 1,500 tokens, H100", "prefill",
     {"params_b": 70, "prompt_tokens": 1500, "gpu": "h100", "compute_dtype": "fp8",
      "compute_util": 0.5}, "ms", "ms", 210, cfrom="answer",
     stated={"params_b": 70, "prompt_tokens": 1500, "gpu": "h100"}),
   C("two hundred and fifty concurrent calls", "concurrent calls, 5,000/h at 3 min",
     "littles-law", {"arrival_rate_per_s": 5000 / 3600, "latency_s": 180}, "concurrency", "count",
     250, stated={"arrival_rate_per_s": "5000 per hour", "latency_s": 180})],
  distractors=["300 millisecond"])

A("h-q14-002", "q14",
  "Three thousand calls an hour times four minutes each, so twelve thousand calls in flight at "
  "peak; we need a big SIP trunk. And a 70B with a three-thousand-token prompt on one H100 at FP8 "
  "and fifty percent is about 42 milliseconds, so prefill is nothing.",
  [C("twelve thousand calls in flight", "concurrent calls at peak", "littles-law",
     {"arrival_rate_per_s": 3000 / 3600, "latency_s": 240}, "concurrency", "count", 12000,
     verdict="wrong", error="unit-slip", stated={"calls_per_hour": 3000, "latency_s": 240}, note="calls per hour times minutes; truth 200"),
   C("about 42 milliseconds", "prefill, 70B, 3,000 tokens, H100 FP8 50%", "prefill",
     {"params_b": 70, "prompt_tokens": 3000, "gpu": "h100", "compute_dtype": "fp8",
      "compute_util": 0.5, "ttft_budget_ms": 300}, "ms", "ms", 42, verdict="wrong",
     error="other", stated={"params_b": 70, "prompt_tokens": 3000, "gpu": "h100",
                            "compute_dtype": "fp8", "utilization": 0.5}, note="a factor of ten lost; truth 424 ms")])

# =============================================================== q15: AI recruiter
A("h-q15-001", "q15",
  "On the pilot, women advanced thirty-six of a hundred and twenty, thirty percent; men sixty of a "
  "hundred and fifty, forty percent. Impact ratio is thirty over forty, 0.75, below the "
  "four-fifths line. But the women's rate alone has a Wilson interval of about plus or minus eight "
  "points, so I'd flag it and keep collecting rather than declare bias.",
  [C("thirty percent", "women's selection rate 36/120", "wilson", {"k": 36, "n": 120}, "rate",
     "percent", 30, stated={"k": 36, "n": 120}),
   C("forty percent", "men's selection rate 60/150", "wilson", {"k": 60, "n": 150}, "rate",
     "percent", 40, stated={"k": 60, "n": 150}),
   C("0.75", "impact ratio (36/120)/(60/150) = 5400/7200", "wilson", {"k": 5400, "n": 7200},
     "rate", "fraction", 0.75, cfrom="answer"),
   C("about plus or minus eight\npoints", "Wilson half-width, 36/120", "wilson",
     {"k": 36, "n": 120}, "half_width", "percent", 8, cfrom="answer")],
  distractors=["four-fifths"])

A("h-q15-002", "q15",
  "Twenty-seven of ninety is thirty percent, and the margin on that is about plus or minus five "
  "points, so the ratio's solid.",
  [C("plus or minus five points", "Wilson half-width, 27/90", "wilson", {"k": 27, "n": 90},
     "half_width", "percent", 5, verdict="wrong", error="other",
     note="about one standard error (4.8), not the 95% half-width (9.3)"),
   C("is thirty percent", "selection rate 27/90", "wilson", {"k": 27, "n": 90}, "rate",
     "percent", 30)])

# =============================================================== q16: guardrails
A("h-q16-001", "q16",
  "On a suite of a thousand known injections, the classifier blocked nine hundred: ninety percent, "
  "and the Wilson low end is about eighty-eight. On five thousand benign prompts it wrongly blocked "
  "fifty, one percent, with an upper bound of about 1.3 percent.",
  [C("ninety percent", "block rate 900/1000", "wilson", {"k": 900, "n": 1000}, "rate", "percent",
     90, stated={"k": 900, "n": 1000}),
   C("about eighty-eight", "Wilson low, 900/1000", "wilson", {"k": 900, "n": 1000}, "low",
     "percent", 88, stated={"k": 900, "n": 1000}),
   C("one percent", "false-positive rate 50/5000", "wilson", {"k": 50, "n": 5000}, "rate",
     "percent", 1, stated={"k": 50, "n": 5000}),
   C("about 1.3 percent", "Wilson high, 50/5000", "wilson", {"k": 50, "n": 5000}, "high",
     "percent", 1.3, stated={"k": 50, "n": 5000})])

# =============================================================== q17: credit decisions
A("h-q17-001", "q17",
  "For monthly review sampling: if the error rate is around two percent and I want it within plus "
  "or minus one point, Wilson says about 770 decisions a month. Appeals: thirty of two hundred "
  "overturned, fifteen percent, somewhere between eleven and twenty-one percent.",
  [C("about 770 decisions a month", "reviews for +/-1 point at 2%", "wilson-samples",
     {"rate": 0.02, "half_width": 0.01}, "n", "count", 770,
     stated={"rate": 0.02, "half_width": 0.01}),
   C("fifteen percent", "overturn rate 30/200", "wilson", {"k": 30, "n": 200}, "rate", "percent",
     15, stated={"k": 30, "n": 200}),
   C("between eleven", "Wilson low, 30/200", "wilson", {"k": 30, "n": 200}, "low", "percent", 11,
     stated={"k": 30, "n": 200}),
   C("twenty-one percent", "Wilson high, 30/200", "wilson", {"k": 30, "n": 200}, "high",
     "percent", 21, stated={"k": 30, "n": 200})])

A("h-q17-002", "q17",
  "We saw one overturn in twenty-five appeals, four percent, and the normal interval gives an "
  "upper bound of about twelve percent, so it's under control.",
  [C("four percent", "overturn rate 1/25", "wilson", {"k": 1, "n": 25}, "rate", "percent", 4),
   C("about twelve percent", "95% upper bound, 1/25", "wilson", {"k": 1, "n": 25}, "high",
     "percent", 12, verdict="wrong", error="normal-approx",
     note="Wald upper bound 11.7%; Wilson 19.5%")])

# =============================================================== q18: is it working
A("h-q18-001", "q18",
  "Forty-three of fifty is eighty-six percent, but Wilson's lower end is about seventy-four, so I'd "
  "say between seventy-four and ninety-three. On a bigger set, eighty-eight of a hundred, the low "
  "end is around eighty. To get plus or minus five at eighty-six percent you need about a hundred "
  "and eighty-six cases.",
  [C("fifty is eighty-six percent", "pass rate 43/50", "wilson", {"k": 43, "n": 50}, "rate", "percent", 86),
   C("about seventy-four", "Wilson low, 43/50", "wilson", {"k": 43, "n": 50}, "low", "percent",
     74),
   C("ninety-three", "Wilson high, 43/50", "wilson", {"k": 43, "n": 50}, "high", "percent", 93),
   C("around eighty", "Wilson low, 88/100", "wilson", {"k": 88, "n": 100}, "low", "percent", 80,
     stated={"k": 88, "n": 100}),
   C("about a hundred\nand eighty-six cases", "cases for +/-5 at 86%", "wilson-samples",
     {"rate": 0.86, "half_width": 0.05}, "n", "count", 186)])

A("h-q18-002", "q18",
  "Fifty cases is plenty; forty-three passing gives us about plus or minus five points.",
  [C("about plus or minus five points", "Wilson half-width, 43/50", "wilson",
     {"k": 43, "n": 50}, "half_width", "percent", 5, verdict="wrong", error="2x",
     note="half-width is 9.6 points")])

A("h-q18-003", "q18",
  "As a rule of thumb, for plus or minus five points you need about three hundred and eighty-five "
  "cases.",
  [C("about three hundred and eighty-five\ncases", "cases for +/-5 points", "wilson-samples",
     {"rate": 0.86, "half_width": 0.05}, "n", "count", 385, verdict="ambiguous",
     cfrom="card-default", stated={"half_width": 0.05},
     alt_args={"rate": 0.5, "half_width": 0.05},
     note="rate unstated: right at the worst case 50% (381), 2x too many at the card's 86% (186)")])

# =============================================================== q19: LLM judge
A("h-q19-001", "q19",
  "We labelled two hundred outputs by hand and the judge agreed on a hundred and sixty, eighty "
  "percent raw agreement. The number I actually care about is recall on failures: of forty the "
  "experts failed, it caught twenty-eight, seventy percent, and the Wilson low end is about "
  "fifty-five.",
  [C("eighty\npercent raw agreement", "raw agreement 160/200", "wilson", {"k": 160, "n": 200},
     "rate", "percent", 80, stated={"k": 160, "n": 200}),
   C("seventy percent", "failure recall 28/40", "wilson", {"k": 28, "n": 40}, "rate", "percent",
     70, stated={"k": 28, "n": 40}),
   C("about\nfifty-five", "Wilson low, 28/40", "wilson", {"k": 28, "n": 40}, "low", "percent", 55,
     stated={"k": 28, "n": 40})])

A("h-q19-002", "q19",
  "It caught twenty-one of thirty failures, seventy percent, with a lower bound around sixty-eight "
  "percent, so it's reliable.",
  [C("seventy percent", "failure recall 21/30", "wilson", {"k": 21, "n": 30}, "rate", "percent",
     70),
   C("around sixty-eight\npercent", "Wilson low, 21/30", "wilson", {"k": 21, "n": 30}, "low",
     "percent", 68, verdict="wrong", error="other", note="truth 52.1%")])

# =============================================================== q20: hallucination & loops
A("h-q20-001", "q20",
  "We sampled five hundred answers and fifteen had an unsupported claim, three percent, Wilson upper "
  "bound just under five. To pin a two percent rate to half a point I'd need roughly three thousand "
  "reviews, so I'd use an automated checker and sample it.",
  [C("three percent", "unsupported rate 15/500", "wilson", {"k": 15, "n": 500}, "rate",
     "percent", 3, stated={"k": 15, "n": 500}),
   C("just under five", "Wilson high, 15/500", "wilson", {"k": 15, "n": 500}, "high", "percent",
     4.9, stated={"k": 15, "n": 500}),
   C("roughly three thousand\nreviews", "reviews for +/-0.5 point at 2%", "wilson-samples",
     {"rate": 0.02, "half_width": 0.005}, "n", "count", 3000,
     stated={"rate": 0.02, "half_width": 0.005})])

A("h-q20-002", "q20",
  "For repetition loops we saw two in forty sessions, five percent, and the normal interval runs "
  "from zero to about twelve percent.",
  [C("from zero", "95% lower bound, 2/40", "wilson", {"k": 2, "n": 40}, "low", "percent", 0,
     verdict="wrong", error="normal-approx", note="Wald goes negative and is clipped; Wilson 1.4%"),
   C("about twelve percent", "95% upper bound, 2/40", "wilson", {"k": 2, "n": 40}, "high",
     "percent", 12, verdict="wrong", error="normal-approx", note="Wald 11.8%; Wilson 16.5%"),
   C("five percent", "loop rate 2/40", "wilson", {"k": 2, "n": 40}, "rate", "percent", 5)])

# =============================================================== q21: micro vs macro F1
A("h-q21-001", "q21",
  "The router gets nine sixty of a thousand right, so micro F1 is ninety-six percent, same as "
  "accuracy for single-label. But fraud, thirty tickets: it flagged ten, six of them real. "
  "Precision sixty percent, recall twenty percent, and F1 is two times six over two times six plus "
  "four plus twenty-four, so thirty percent. And to know recall at twenty percent within ten points "
  "I'd need about sixty fraud examples.",
  [C("ninety-six percent", "micro F1 = accuracy 960/1000", "wilson", {"k": 960, "n": 1000},
     "rate", "percent", 96),
   C("Precision sixty percent", "fraud precision 6/10", "wilson", {"k": 6, "n": 10}, "rate",
     "percent", 60),
   C("recall twenty percent", "fraud recall 6/30", "wilson", {"k": 6, "n": 30}, "rate",
     "percent", 20),
   C("so thirty percent", "fraud F1 = 12/40", "wilson", {"k": 12, "n": 40}, "rate", "percent", 30),
   C("about sixty fraud examples", "fraud examples for +/-10 at 20% recall", "wilson-samples",
     {"rate": 0.2, "half_width": 0.1}, "n", "count", 60,
     stated={"rate": 0.2, "half_width": 0.1})],
  distractors=["thirty tickets", "flagged ten", "six of them real", "two times six"])

A("h-q21-002", "q21",
  "So precision sixty, recall twenty, which makes the fraud F1 about forty percent.",
  [C("about forty percent", "fraud F1", "wilson", {"k": 12, "n": 40}, "rate", "percent", 40,
     verdict="wrong", error="other", cfrom="earlier",
     stated={"tp": 6, "fp": 4, "fn": 24},
     note="arithmetic mean of precision and recall; the harmonic mean is 30%"),
   C("precision sixty", "fraud precision 6/10", "wilson", {"k": 6, "n": 10}, "rate", "percent",
     60, cfrom="earlier")],
  earlier=["Fraud is the small class: thirty real fraud tickets in the test set; the model "
           "flagged ten as fraud, and six of those actually were."])

# =============================================================== q22: regressions
A("h-q22-001", "q22",
  "We re-ran both versions on three hundred cases: old two seventy-six, ninety-two percent; new two "
  "fifty-five, eighty-five. Old interval bottoms out around eighty-eight point four, new tops out at "
  "eighty-eight point six, so they barely overlap; I'd treat that as a likely regression and hold "
  "the rollout.",
  [C("ninety-two percent", "old pass rate 276/300", "wilson", {"k": 276, "n": 300}, "rate",
     "percent", 92),
   C("eighty-five", "new pass rate 255/300", "wilson", {"k": 255, "n": 300}, "rate", "percent",
     85),
   C("around eighty-eight point four", "Wilson low, old, 276/300", "wilson",
     {"k": 276, "n": 300}, "low", "percent", 88.4, stated={"k": 276, "n": 300}),
   C("eighty-eight point six", "Wilson high, new, 255/300", "wilson", {"k": 255, "n": 300},
     "high", "percent", 88.6, stated={"k": 255, "n": 300})],
  distractors=["three hundred cases"])

# =============================================================== q23: agent observability
A("h-q23-001", "q23",
  "Every run gets a trace with token counts. A typical run is eighty thousand input and three "
  "thousand output; at two fifty and ten dollars per million that's about twenty-three cents. With "
  "ninety percent of the input hitting the prompt cache at a quarter per million it's closer to "
  "seven cents.",
  [C("about twenty-three cents", "cost per run", "token-cost",
     {"input_tokens": 80000, "output_tokens": 3000, "input_per_million": 2.5,
      "output_per_million": 10}, "usd_per_request", "usd", 0.23,
     stated={"input_tokens": 80000, "output_tokens": 3000, "input_per_million": 2.5,
             "output_per_million": 10}),
   C("closer to\nseven cents", "cost per run with 90% cached at $0.25/M", "token-cost",
     {"input_tokens": 80000, "output_tokens": 3000, "input_per_million": 2.5,
      "output_per_million": 10, "cached_fraction": 0.9, "cached_per_million": 0.25},
     "usd_per_request", "usd", 0.07, stated={"cached_fraction": 0.9, "cached_per_million": 0.25})])

A("h-q23-002", "q23",
  "Sixty thousand in, two thousand out, at three and fifteen: that's two dollars ten a run.",
  [C("two dollars ten a run", "cost per run", "token-cost",
     {"input_tokens": 60000, "output_tokens": 2000, "input_per_million": 3,
      "output_per_million": 15}, "usd_per_request", "usd", 2.10, verdict="wrong", error="other",
     note="10x: $0.21")])

# =============================================================== q24: rate limiter
A("h-q24-001", "q24",
  "Token bucket per user: a hundred per second refill, burst of two hundred. If a client hammers at "
  "a hundred and fifty a second for twenty seconds, the bucket drains at fifty a second net, so "
  "it's empty after four seconds; overall it admits twenty-two hundred of the three thousand and "
  "rejects eight hundred. Empty to full takes two seconds.",
  [C("empty after four seconds", "seconds until the bucket runs dry", "token-bucket",
     {"rate_per_s": 100, "burst": 200, "offered_per_s": 150, "duration_s": 20},
     "empty_after_s", "s", 4, cfrom="answer"),
   C("admits twenty-two hundred", "requests admitted", "token-bucket",
     {"rate_per_s": 100, "burst": 200, "offered_per_s": 150, "duration_s": 20}, "allowed",
     "requests", 2200, cfrom="answer"),
   C("of the three thousand", "requests offered over 20 s", "token-bucket",
     {"rate_per_s": 100, "burst": 200, "offered_per_s": 150, "duration_s": 20}, "offered",
     "requests", 3000, cfrom="answer"),
   C("rejects eight hundred", "requests rejected", "token-bucket",
     {"rate_per_s": 100, "burst": 200, "offered_per_s": 150, "duration_s": 20}, "rejected",
     "requests", 800, cfrom="answer"),
   C("takes two seconds", "refill time from empty", "token-bucket",
     {"rate_per_s": 100, "burst": 200, "offered_per_s": 150, "duration_s": 20}, "refill_s", "s",
     2, cfrom="answer")],
  )

A("h-q24-002", "q24",
  "Ten a second with a burst of twenty, client at thirty a second: the burst lasts twenty over ten, "
  "two seconds, and over the ten seconds we reject a hundred and eighty.",
  [C("two seconds", "seconds until the bucket runs dry", "token-bucket",
     {"rate_per_s": 10, "burst": 20, "offered_per_s": 30, "duration_s": 10}, "empty_after_s", "s",
     2, verdict="wrong", error="2x",
     note="divides by the refill rate instead of the net drain (30 - 10)"),
   C("reject a hundred and eighty", "requests rejected over 10 s", "token-bucket",
     {"rate_per_s": 10, "burst": 20, "offered_per_s": 30, "duration_s": 10}, "rejected",
     "requests", 180)])

# =============================================================== q25: async client
A("h-q25-001", "q25",
  "Backoff: base two fifty milliseconds, factor two, six retries, cap four seconds. The waits are "
  "two fifty, five hundred, one, two, four, four, so worst case about 11.75 seconds of sleeping; "
  "with full jitter the expectation is half, roughly 5.9 seconds; equal jitter would be about 8.8. "
  "Without the cap it'd be 15.75 seconds. Concurrency: a semaphore of fifty and two seconds per "
  "call gives you twenty-five requests a second.",
  [C("about 11.75 seconds", "worst-case backoff", "backoff",
     {"base_ms": 250, "retries": 6, "factor": 2, "cap_ms": 4000}, "worst_total_ms", "ms", 11750,
     stated={"base_ms": 250, "retries": 6, "factor": 2, "cap_ms": 4000}),
   C("roughly 5.9 seconds", "expected backoff, full jitter", "backoff",
     {"base_ms": 250, "retries": 6, "factor": 2, "cap_ms": 4000, "jitter": "full"},
     "expected_total_ms", "ms", 5900, stated={"jitter": "full"}),
   C("about 8.8", "expected backoff, equal jitter", "backoff",
     {"base_ms": 250, "retries": 6, "factor": 2, "cap_ms": 4000, "jitter": "equal"},
     "expected_total_ms", "ms", 8800, stated={"jitter": "equal"}),
   C("15.75 seconds", "worst-case backoff without a cap", "backoff",
     {"base_ms": 250, "retries": 6, "factor": 2}, "worst_total_ms", "ms", 15750,
     stated={"cap_ms": None}),
   C("twenty-five requests a second", "throughput of a 50-permit semaphore at 2 s", "littles-law",
     {"concurrency": 50, "latency_s": 2}, "arrival_rate_per_s", "requests/s", 25,
     stated={"concurrency": 50, "latency_s": 2})],
  distractors=["six retries"])

A("h-q25-002", "q25",
  "Twenty permits at half a second each, so ten requests a second is our ceiling.",
  [C("ten requests a second", "throughput of a 20-permit semaphore at 0.5 s", "littles-law",
     {"concurrency": 20, "latency_s": 0.5}, "arrival_rate_per_s", "requests/s", 10,
     verdict="wrong", error="other", note="multiplies instead of dividing; truth 40/s")])

A("h-q25-003", "q25",
  "Five retries from a hundred milliseconds, doubling, two-second cap: total backoff is about one "
  "and a half seconds.",
  [C("about one\nand a half seconds", "total backoff sleep", "backoff",
     {"base_ms": 100, "retries": 5, "factor": 2, "cap_ms": 2000, "jitter": "full"},
     "worst_total_ms", "ms", 1500, verdict="ambiguous", alt_field="expected_total_ms",
     stated={"base_ms": 100, "retries": 5, "factor": 2, "cap_ms": 2000},
     alt_args={"base_ms": 100, "retries": 5, "factor": 2, "cap_ms": 2000, "jitter": "full"},
     note="'total backoff' as worst case is 3.1 s (wrong); as the full-jitter expectation "
          "1.55 s (right)")])

# =============================================================== q26: RAG build
A("h-q26-001", "q26",
  "I wrote thirty eval questions with known source files; twenty-four retrieved the right file, "
  "eighty percent, but the Wilson interval is something like sixty-three to ninety, so it's a smoke "
  "test. To narrow it to plus or minus five points at eighty percent I'd need about two hundred and "
  "forty-five questions.",
  [C("the right file, eighty percent", "hit rate 24/30", "wilson", {"k": 24, "n": 30}, "rate", "percent", 80,
     stated={"k": 24, "n": 30}),
   C("something like sixty-three", "Wilson low, 24/30", "wilson", {"k": 24, "n": 30}, "low",
     "percent", 63, stated={"k": 24, "n": 30}),
   C("to ninety", "Wilson high, 24/30", "wilson", {"k": 24, "n": 30}, "high", "percent", 90,
     stated={"k": 24, "n": 30}),
   C("about two hundred and\nforty-five questions", "questions for +/-5 at 80%",
     "wilson-samples", {"rate": 0.8, "half_width": 0.05}, "n", "count", 245,
     stated={"rate": 0.8, "half_width": 0.05})])

A("h-q26-002", "q26",
  "Seventeen of twenty is eighty-five percent, so the true hit rate is at least eighty-two percent.",
  [C("eighty-five percent", "hit rate 17/20", "wilson", {"k": 17, "n": 20}, "rate", "percent", 85),
   C("at least eighty-two percent", "Wilson low, 17/20", "wilson", {"k": 17, "n": 20}, "low",
     "percent", 82, verdict="wrong", error="other", note="Wilson low is 64%")])

# =============================================================== q27: Kafka consumer
A("h-q27-001", "q27",
  "Two hundred messages a second at two and a half seconds per LLM call means five hundred calls "
  "in flight. With twenty-four partitions processed one record at a time you'd only get about nine "
  "and a half messages a second, so concurrency has to be decoupled from partitions.",
  [C("five hundred calls", "LLM calls in flight", "littles-law",
     {"arrival_rate_per_s": 200, "latency_s": 2.5}, "concurrency", "count", 500,
     stated={"arrival_rate_per_s": 200, "latency_s": 2.5}),
   C("about nine\nand a half messages a second", "throughput of 24 sequential partitions",
     "littles-law", {"concurrency": 24, "latency_s": 2.5}, "arrival_rate_per_s", "requests/s",
     9.5, cfrom="answer", stated={"concurrency": 24})])

A("h-q27-002", "q27",
  "Fifty a second, three seconds a call, so roughly seventeen calls in flight.",
  [C("roughly seventeen calls in flight", "LLM calls in flight", "littles-law",
     {"arrival_rate_per_s": 50, "latency_s": 3}, "concurrency", "count", 17, verdict="wrong",
     error="other", note="divides instead of multiplying; truth 150")])

# =============================================================== q28: HIPAA RAG
A("h-q28-001", "q28",
  "A clinician question pulls about eight thousand tokens of notes and gets a five-hundred-token "
  "answer; at three and fifteen per million that's 3.15 cents, and at fifty thousand questions a "
  "day around sixteen hundred dollars a day. For leakage testing: zero cross-patient leaks in three "
  "thousand probes gives an upper bound around 0.13 percent.",
  [C("3.15 cents", "cost per question", "token-cost",
     {"input_tokens": 8000, "output_tokens": 500, "input_per_million": 3,
      "output_per_million": 15, "requests": 50000}, "usd_per_request", "usd", 0.0315,
     stated={"input_tokens": 8000, "output_tokens": 500}),
   C("around sixteen hundred dollars a day", "daily cost", "token-cost",
     {"input_tokens": 8000, "output_tokens": 500, "input_per_million": 3,
      "output_per_million": 15, "requests": 50000}, "usd_total", "usd", 1600,
     stated={"requests": 50000}),
   C("around 0.13 percent", "Wilson upper bound, 0 of 3,000", "wilson", {"k": 0, "n": 3000},
     "high", "percent", 0.13, stated={"k": 0, "n": 3000})])

A("h-q28-002", "q28",
  "Zero leaks in a thousand probes bounds it at about 0.004 percent. And twenty thousand questions "
  "at 2.4 cents is forty-eight dollars a day.",
  [C("about 0.004 percent", "Wilson upper bound, 0 of 1,000", "wilson", {"k": 0, "n": 1000},
     "high", "percent", 0.004, verdict="wrong", error="percent-vs-fraction",
     note="0.0038 is the fraction; as a percent it is 0.38%"),
   C("2.4 cents", "cost per question", "token-cost",
     {"input_tokens": 6000, "output_tokens": 400, "input_per_million": 3,
      "output_per_million": 15, "requests": 20000}, "usd_per_request", "usd", 0.024,
     cfrom="card-default"),
   C("forty-eight dollars a day", "daily cost at 20,000 questions", "token-cost",
     {"input_tokens": 6000, "output_tokens": 400, "input_per_million": 3,
      "output_per_million": 15, "requests": 20000}, "usd_total", "usd", 48, verdict="wrong",
     error="other", cfrom="card-default", stated={"requests": 20000, "usd_per_request": 0.024}, note="10x: $480")])

# =============================================================== q29: semantic search latency
A("h-q29-001", "q29",
  "The cross-encoder is the suspect. Say it's 300 million parameters scoring a hundred candidates "
  "of five hundred twelve tokens, so fifty-one thousand two hundred tokens. On an L4 in BF16 at "
  "forty percent that's about 635 milliseconds, on its own blowing the budget. On an H100 in BF16 "
  "at forty percent it's about seventy-eight milliseconds. Cut to fifty candidates of two fifty-six "
  "and it's about nineteen milliseconds on the H100.",
  [C("about 635 milliseconds", "rerank time, 0.3B, 51,200 tokens, L4 BF16 40%", "prefill",
     {"params_b": 0.3, "prompt_tokens": 51200, "gpu": "l4", "compute_dtype": "bf16",
      "compute_util": 0.4}, "ms", "ms", 635,
     stated={"params_b": 0.3, "prompt_tokens": 51200, "gpu": "l4", "compute_dtype": "bf16",
             "utilization": 0.4}),
   C("about seventy-eight milliseconds", "same on one H100", "prefill",
     {"params_b": 0.3, "prompt_tokens": 51200, "gpu": "h100", "compute_dtype": "bf16",
      "compute_util": 0.4}, "ms", "ms", 78, stated={"gpu": "h100"}),
   C("about nineteen milliseconds", "rerank 50 x 256 tokens on an H100", "prefill",
     {"params_b": 0.3, "prompt_tokens": 12800, "gpu": "h100", "compute_dtype": "bf16",
      "compute_util": 0.4}, "ms", "ms", 19, cfrom="answer", stated={"prompt_tokens": 12800})],
  distractors=["300 million parameters", "fifty-one thousand two hundred tokens"])

A("h-q29-002", "q29",
  "Two hundred candidates of two fifty-six on a 0.5B cross-encoder: 5.12 times ten to the thirteen "
  "FLOPs, and an H100 in BF16 is about two petaflops, at forty percent that's roughly sixty-five "
  "milliseconds.",
  [C("5.12 times ten to the thirteen", "rerank FLOPs", "prefill",
     {"params_b": 0.5, "prompt_tokens": 51200, "gpu": "h100", "compute_dtype": "bf16",
      "compute_util": 0.4}, "flops", "FLOPs", 5.12e13),
   C("roughly sixty-five\nmilliseconds", "rerank time, 200 x 256, H100 BF16 40%", "prefill",
     {"params_b": 0.5, "prompt_tokens": 51200, "gpu": "h100", "compute_dtype": "bf16",
      "compute_util": 0.4}, "ms", "ms", 65, verdict="wrong", error="wrong-spec",
     note="the H100's ~2 PFLOPS is its FP8 dense rate; BF16 is 989 TFLOPS")],
  )

A("h-q29-003", "q29",
  "Fifty candidates of two fifty-six tokens through the half-billion-parameter reranker on an H100 "
  "at forty percent is about sixteen milliseconds.",
  [C("about sixteen milliseconds", "rerank 50 x 256 on an H100 at 40%", "prefill",
     {"params_b": 0.5, "prompt_tokens": 12800, "gpu": "h100", "compute_dtype": "bf16",
      "compute_util": 0.4}, "ms", "ms", 16, verdict="ambiguous", cfrom="card-default",
     stated={"params_b": 0.5, "prompt_tokens": 12800, "gpu": "h100", "utilization": 0.4},
     alt_args={"params_b": 0.5, "prompt_tokens": 12800, "gpu": "h100", "compute_dtype": "fp8",
               "compute_util": 0.4},
     note="precision unstated: right in FP8 (16.2 ms), 2x low for BF16 (32.4 ms)")])

# =============================================================== q30: body-cam reports
A("h-q30-001", "q30",
  "To audit drafts I'd sample sentences and check each citation against the transcript span. If "
  "accuracy is near ninety percent and I want plus or minus three points, that's about 384 "
  "sentences; near ninety-seven percent at plus or minus two, about three hundred.",
  [C("about 384\nsentences", "sentences for +/-3 at 90%", "wilson-samples",
     {"rate": 0.9, "half_width": 0.03}, "n", "count", 384,
     stated={"rate": 0.9, "half_width": 0.03}),
   C("about three hundred", "sentences for +/-2 at 97%", "wilson-samples",
     {"rate": 0.97, "half_width": 0.02}, "n", "count", 300,
     stated={"rate": 0.97, "half_width": 0.02})])

A("h-q30-002", "q30",
  "Near ninety-five percent, plus or minus two points, that's only about a hundred and twenty "
  "sentences.",
  [C("about a hundred and twenty\nsentences", "sentences for +/-2 at 95%", "wilson-samples",
     {"rate": 0.95, "half_width": 0.02}, "n", "count", 120, verdict="wrong", error="other",
     note="truth 465")])

# =============================================================== q31: fraud consolidation
A("h-q31-001", "q31",
  "Capacity first: thirty analysts at twenty minutes a case clear ninety alerts an hour. If "
  "precision is around ten percent and I want it within plus or minus three points, I'd need about "
  "384 reviewed alerts per segment.",
  [C("ninety alerts an hour", "alerts per hour 30 analysts can clear", "littles-law",
     {"concurrency": 30, "latency_s": 1200}, "arrival_rate_per_s", "per hour", 90,
     stated={"concurrency": 30, "latency_s": 1200}),
   C("about\n384 reviewed alerts", "alerts for +/-3 at 10%", "wilson-samples",
     {"rate": 0.1, "half_width": 0.03}, "n", "count", 384,
     stated={"rate": 0.1, "half_width": 0.03})])

A("h-q31-002", "q31",
  "Twenty analysts at fifteen minutes a case, that's three hundred alerts an hour they can handle.",
  [C("three hundred alerts an hour", "alerts per hour", "littles-law",
     {"concurrency": 20, "latency_s": 900}, "arrival_rate_per_s", "per hour", 300,
     verdict="wrong", error="other", note="multiplies analysts by minutes; truth 80/h")])

# =============================================================== q32: owned end to end
A("h-q32-001", "q32",
  "I owned the invoice extraction pipeline at my last job. At month-end we'd get about eight "
  "documents a second and each took about five seconds through OCR and the model, so around forty "
  "in flight, way more than our pool of twelve workers. After the fix, in a blind audit of four "
  "hundred fields, three seventy-two were correct, ninety-three percent, and the Wilson lower bound "
  "was about ninety.",
  [C("around forty\nin flight", "documents in flight", "littles-law",
     {"arrival_rate_per_s": 8, "latency_s": 5}, "concurrency", "count", 40,
     stated={"arrival_rate_per_s": 8, "latency_s": 5}),
   C("ninety-three percent", "field accuracy 372/400", "wilson", {"k": 372, "n": 400}, "rate",
     "percent", 93, stated={"k": 372, "n": 400}),
   C("about ninety", "Wilson low, 372/400", "wilson", {"k": 372, "n": 400}, "low", "percent", 90,
     stated={"k": 372, "n": 400})],
  distractors=["twelve workers"], round="behavioral")

A("h-q32-002", "q32",
  "When volume doubled from five to ten a second at six seconds each, in-flight went from thirty "
  "to, I think, about thirty-five, since latency stayed flat.",
  [C("from thirty", "documents in flight at 5/s x 6 s", "littles-law",
     {"arrival_rate_per_s": 5, "latency_s": 6}, "concurrency", "count", 30),
   C("about thirty-five", "documents in flight at 10/s x 6 s", "littles-law",
     {"arrival_rate_per_s": 10, "latency_s": 6}, "concurrency", "count", 35, verdict="wrong",
     error="other", note="flat latency means in-flight doubles to 60")], round="behavioral")

# =============================================================== q33: slipping deployment
A("h-q33-001", "q33",
  "We had thirty items left and the team was closing six a week, so five weeks, not the two the "
  "plan said. I offered a phased go-live: the eighteen items that mattered for launch would take "
  "three weeks.",
  [C("so five weeks", "weeks of work left, 30 items at 6/week", "littles-law",
     {"concurrency": 30, "arrival_rate_per_s": 6}, "latency_s", "weeks", 5,
     stated={"items": 30, "per_week": 6}),
   C("three weeks", "weeks for the phased scope, 18 items at 6/week", "littles-law",
     {"concurrency": 18, "arrival_rate_per_s": 6}, "latency_s", "weeks", 3, cfrom="answer",
     stated={"items": 18, "per_week": 6})],
  distractors=["the two the plan said"], round="behavioral")

A("h-q33-002", "q33",
  "Twenty-four items left, we close eight a week, so that's about two weeks of work.",
  [C("about two weeks", "weeks of work left", "littles-law",
     {"concurrency": 24, "arrival_rate_per_s": 8}, "latency_s", "weeks", 2, verdict="wrong",
     error="other", note="24 / 8 = 3 weeks")], round="behavioral")

# =============================================================== fde-role / why-fde
A("h-fde-role-001", "fde-role",
  "Look at Morgan Stanley: the scaffolding took something like six weeks, and pilots and "
  "evaluation took about sixteen more, so the build was roughly twenty-seven percent of the elapsed "
  "time. Most of the job is everything after the code.",
  [C("roughly twenty-seven percent", "build share 6 / (6 + 16)", "wilson", {"k": 6, "n": 22},
     "rate", "percent", 27, stated={"build_weeks": 6, "other_weeks": 16})],
  distractors=["six weeks", "sixteen more"], round="behavioral")

A("h-fde-role-002", "fde-role",
  "Eight weeks of build against sixteen weeks of pilots, so half the time was scaffolding.",
  [C("half the time", "build share 8 / (8 + 16)", "wilson", {"k": 8, "n": 24}, "rate",
     "percent", 50, verdict="wrong", error="other", note="8/16 instead of 8/24 (33%)")],
  distractors=["Eight weeks", "sixteen weeks"], round="behavioral")

A("h-why-fde-001", "why-fde",
  "In Plank's census from September 2026, three hundred eighty-eight of thirteen hundred "
  "thirty-three postings disclosed pay, about twenty-nine percent, so roughly seven in ten don't, "
  "and I'd discount any salary figure accordingly.",
  [C("about twenty-nine percent", "share of postings disclosing pay", "wilson",
     {"k": 388, "n": 1333}, "rate", "percent", 29),
   C("roughly seven in ten", "share of postings not disclosing pay", "wilson",
     {"k": 945, "n": 1333}, "rate", "percent", 70, stated={"k": 945, "n": 1333},
     note="complement of 388/1,333")],
  distractors=["2026", "three hundred eighty-eight", "thirteen hundred\nthirty-three"],
  round="behavioral")

A("h-why-fde-002", "why-fde",
  "Three eighty-eight of thirteen thirty-three, that's, uh, 0.29 percent of postings with pay.",
  [C("0.29 percent", "share of postings disclosing pay", "wilson", {"k": 388, "n": 1333}, "rate",
     "percent", 0.29, verdict="wrong", error="percent-vs-fraction")],
  distractors=["Three eighty-eight", "thirteen thirty-three"], round="behavioral")

# =============================================================== added: reserve, A100-80, more ambiguity
A("h-q02-015", "q02",
  "Two knobs people forget. If I raise gpu_memory_utilization to 0.95 on the H200, with seventy "
  "gigs of FP8 weights and the usual five of activations, the cache budget grows to about "
  "fifty-nine gigs, so roughly twenty-two 8K sequences in BF16. If instead I keep 0.92 but reserve "
  "ten gigs for activations because of long prefills, it drops to about 49.7 gigs, around eighteen "
  "sequences. And for a Mistral 7B in BF16 on an A100 80 gig it's a different universe: about "
  "fifty-four gigs of cache, roughly 413 thousand tokens.",
  [C("about fifty-nine gigs", "KV budget on an H200 at utilisation 0.95", "kv-calc",
     {"model": LL, "gpu": "h200", "weights_gb": 70, "util": 0.95}, "budget_gb", "GB", 59,
     stated={"utilization": 0.95, "gpu": "h200", "weights_gb": 70, "activations_gb": 5}),
   C("roughly twenty-two 8K sequences in BF16", "8K BF16 sequences at utilisation 0.95",
     "kv-calc", {"model": LL, "dtype": "bf16", "context": 8192, "gpu": "h200", "weights_gb": 70,
                 "util": 0.95}, "sequences_that_fit", "sequences", 22,
     stated={"utilization": 0.95, "cache_dtype": "bf16", "context": 8192}),
   C("about 49.7 gigs", "KV budget with a 10 GB activation reserve", "kv-calc",
     {"model": LL, "gpu": "h200", "weights_gb": 70, "activations_gb": 10}, "budget_gb", "GB",
     49.7, cfrom="answer", stated={"utilization": 0.92, "activations_gb": 10}),
   C("around eighteen sequences", "8K BF16 sequences with a 10 GB reserve", "kv-calc",
     {"model": LL, "dtype": "bf16", "context": 8192, "gpu": "h200", "weights_gb": 70,
      "activations_gb": 10}, "sequences_that_fit", "sequences", 18, cfrom="answer",
     stated={"activations_gb": 10, "cache_dtype": "bf16", "context": 8192}),
   C("about fifty-four gigs of cache", "KV budget, Mistral 7B BF16 on an A100 80GB", "kv-calc",
     {"model": "mistral-7b-v0.3", "gpu": "a100-80gb", "weight_dtype": "bf16"}, "budget_gb",
     "GB", 54, stated={"gpu": "a100-80gb", "model": "mistral-7b-v0.3", "weight_dtype": "bf16"}),
   C("roughly 413 thousand tokens", "tokens of BF16 cache, Mistral 7B on an A100 80GB", "kv-calc",
     {"model": "mistral-7b-v0.3", "gpu": "a100-80gb", "weight_dtype": "bf16"},
     "tokens_that_fit", "tokens", 413000, cfrom="answer", stated={"gpu": "a100-80gb"})],
  distractors=["Two knobs", "0.92"])

A("h-q02-016", "q02",
  "Qwen2.5-72B in BF16 on two H100s leaves you about 1.8 gigs of cache, basically nothing.",
  [C("about 1.8 gigs of cache", "KV budget on two H100s after BF16 Qwen2.5-72B weights",
     "kv-calc", {"model": "qwen2.5-72b", "gpu": "h100", "gpus": 2}, "budget_gb", "GB", 1.8,
     verdict="ambiguous", stated={"model": "qwen2.5-72b", "weight_dtype": "bf16", "gpu": "h100",
                                   "gpus": 2},
     alt_args={"model": "qwen2.5-72b", "gpu": "h100", "gpus": 2, "activations_gb": 0},
     note="activation reserve unstated: right if activations are ignored (1.8 GB), wrong with "
          "the usual 5 GB (-3.2 GB, nothing fits)")])

A("h-q02-017", "q02",
  "GLM-4.5 has ninety-two layers and ninety-six heads of one twenty-eight, so in BF16 that's about "
  "4.5 megabytes of cache per token, which is huge. And for Llama with an FP8 cache it's eight "
  "bytes per element, so about 1.3 megabytes a token.",
  [C("about 4.5 megabytes of cache per token", "KV bytes per token, GLM-4.5 BF16", "kv-calc",
     {"model": "glm-4.5", "dtype": "bf16"}, "bytes_per_token", "bytes", 4.5e6, verdict="wrong",
     error="attention-heads", stated={"model": "glm-4.5", "cache_dtype": "bf16"},
     note="96 attention heads instead of 8 KV heads; truth 376,832 B"),
   C("about 1.3 megabytes a token", "KV bytes per token, Llama 3.3 70B FP8 cache", "kv-calc",
     {"model": LL, "dtype": "fp8"}, "bytes_per_token", "bytes", 1.3e6, verdict="wrong",
     error="unit-slip", stated={"cache_dtype": "fp8"},
     note="8 bits per element counted as 8 bytes")],
  distractors=["ninety-two layers", "ninety-six heads"])

A("h-q01-008", "q01",
  "On a B200 one user is about nine milliseconds a step. Put twenty users on an H200 and it's about "
  "forty tokens a second.",
  [C("about nine milliseconds a step", "decode step, one 8K user, B200", "decode-floor",
     {"model": LL, "gpu": "b200", "batch": 1, "context": 8192}, "step_ms", "ms", 9,
     verdict="ambiguous", stated={"gpu": "b200", "batch": 1},
     alt_args={"model": LL, "gpu": "b200", "batch": 1, "context": 8192, "weight_dtype": "bf16"},
     note="weight precision unstated: right for FP8 weights (9.2 ms), wrong for BF16 (18 ms)"),
   C("about forty tokens a second", "decode speed at batch 20 on an H200", "decode-floor",
     dict(H200_70, batch=20, params_b=70), "tokens_per_s_per_user", "tokens/s", 40,
     verdict="ambiguous", cfrom="card-default", stated={"gpu": "h200", "batch": 20},
     alt_args=dict(H200_70, batch=20, params_b=70), alt_field="tokens_per_s_total",
     note="per user (38.8, right) or for the GPU (776, wrong): the sentence does not say")])

A("h-q01-009", "q01",
  "The H200's bandwidth is 3.35 terabytes a second, so the floor for one 8K user with seventy gigs "
  "of FP8 weights is about twenty-two milliseconds. Each 8K sequence is 320 KiB times 8K, about 2.6 "
  "megabytes. And a B200 has 180 gigs, so at 0.92 minus activations that's about sixty BF16 8K "
  "sequences.",
  [C("about twenty-two milliseconds", "decode step, one 8K user, H200", "decode-floor",
     dict(H200_70, batch=1, params_b=70), "step_ms", "ms", 22, verdict="wrong",
     error="wrong-spec", stated={"gpu": "h200", "weights_gb": 70, "context": 8192},
     note="3.35 TB/s is the H100; the H200 is 4.8 TB/s"),
   C("about 2.6 megabytes", "cache of one 8K sequence, BF16", "kv-calc",
     {"model": LL, "dtype": "bf16", "context": 8192}, "bytes_per_sequence", "GB", 0.0026,
     verdict="wrong", error="unit-slip", stated={"context": 8192},
     note="2.7 GB said as megabytes"),
   C("about sixty BF16 8K\nsequences", "largest 8K BF16 batch that fits on a B200",
     "decode-floor", {"model": LL, "gpu": "b200", "batch": 1, "context": 8192},
     "max_batch_that_fits", "sequences", 60, verdict="wrong", error="forgot-weights",
     stated={"gpu": "b200", "utilization": 0.92, "cache_dtype": "bf16"},
     note="subtracts activations but not the 70.6 GB of weights")],
  distractors=["320 KiB times 8K", "0.92"])

A("h-q03-006", "q03",
  "An MI300X has 192 gigs, times 0.92 is about 176, and at 1.34 gigs per 8K sequence with an FP8 "
  "cache that's about 130 users per replica.",
  [C("about 130 users per replica", "8K FP8-cache sequences on one MI300X", "kv-calc",
     {"model": LL, "dtype": "fp8", "context": 8192, "gpu": "mi300x", "weights_gb": 70},
     "sequences_that_fit", "sequences", 130, verdict="wrong", error="forgot-weights",
     cfrom="card-default", stated={"gpu": "mi300x", "cache_dtype": "fp8", "context": 8192},
     note="weights (70 GB, card default) and activations never subtracted; truth 75.7"),
   C("1.34 gigs per 8K sequence", "cache of one 8K sequence, FP8", "kv-calc",
     {"model": LL, "dtype": "fp8", "context": 8192}, "bytes_per_sequence", "GB", 1.34,
     stated={"cache_dtype": "fp8", "context": 8192})],
  distractors=["0.92"])

A("h-q05-004", "q05",
  "One user on an H200 with Llama 70B in FP8 gets about forty-two tokens a second, and prefill of "
  "an 8K prompt across the H100 node takes about 150 milliseconds.",
  [C("about forty-two tokens a second", "decode speed for one user on an H200", "decode-floor",
     {"model": LL, "weights_gb": 70, "gpu": "h200", "batch": 1, "context": 8192},
     "tokens_per_s_per_user", "tokens/s", 42, verdict="ambiguous", cfrom="card-default",
     stated={"gpu": "h200", "weight_dtype": "fp8", "batch": 1},
     alt_args={"model": LL, "weights_gb": 70, "gpu": "h200", "batch": 1, "context": 131072},
     note="context unstated: wrong at 8K (66), right at 128K (42.5)"),
   C("about 150 milliseconds", "prefill of 8K, 70B, across a node of H100s", "prefill",
     {"params_b": 70, "prompt_tokens": 8192, "gpu": "h100", "compute_dtype": "fp8",
      "compute_util": 0.5, "gpus": 8}, "ms", "ms", 150, verdict="ambiguous",
     stated={"prompt_tokens": 8192, "gpu": "h100"},
     alt_args={"params_b": 70, "prompt_tokens": 8192, "gpu": "h100", "compute_dtype": "fp8",
               "compute_util": 0.5, "gpus": 4},
     note="node size unstated: right for 8 GPUs (145 ms), wrong for a 4-GPU node (290 ms)")])

A("h-q04-004", "q04",
  "At a ninety percent pass rate, plus or minus three points, you need about 270 examples.",
  [C("about 270 examples", "examples for +/-3 at 90%", "wilson-samples",
     {"rate": 0.9, "half_width": 0.03}, "n", "count", 270, verdict="ambiguous",
     stated={"rate": 0.9, "half_width": 0.03},
     alt_args={"rate": 0.9, "half_width": 0.03, "confidence": 0.9},
     note="confidence unstated: right at 90% confidence (272), wrong at 95% (384)")])

A("h-q13-003", "q13",
  "Zero of three hundred, so the upper bound is about 2.2 percent.",
  [C("about 2.2 percent", "upper bound on the bypass rate, 0 of 300", "wilson",
     {"k": 0, "n": 300}, "high", "percent", 2.2, verdict="ambiguous", stated={"k": 0, "n": 300},
     alt_args={"k": 0, "n": 300, "confidence": 0.99},
     note="confidence unstated: right at 99% (2.16%), wrong at 95% (1.26%)")])

A("h-q14-003", "q14",
  "At three thousand calls and four minutes a call, you're looking at two hundred concurrent calls.",
  [C("two hundred concurrent calls", "concurrent calls", "littles-law",
     {"arrival_rate_per_s": 3000 / 3600, "latency_s": 240}, "concurrency", "count", 200,
     verdict="ambiguous", stated={"calls": 3000, "latency_s": 240},
     alt_args={"arrival_rate_per_s": 3000 / 36000, "latency_s": 240},
     note="period unstated: right for 3,000 an hour (200), wrong for 3,000 over a 10-hour day "
          "(20)")])

A("h-q18-004", "q18",
  "To get the interval down to five points at eighty-six percent I'd need about 186 cases.",
  [C("about 186 cases", "cases for a 5-point interval at 86%", "wilson-samples",
     {"rate": 0.86, "half_width": 0.05}, "n", "count", 186, verdict="ambiguous",
     stated={"rate": 0.86},
     alt_args={"rate": 0.86, "half_width": 0.025},
     note="'five points' as half-width is right (186); as the full width (+/-2.5) it is 739")])

A("h-q25-004", "q25",
  "Five attempts from a hundred milliseconds, doubling, so worst case about one and a half seconds "
  "of sleep.",
  [C("about one and a half seconds", "worst-case backoff sleep", "backoff",
     {"base_ms": 100, "retries": 5}, "worst_total_ms", "ms", 1500, verdict="ambiguous",
     stated={"base_ms": 100, "attempts": 5},
     alt_args={"base_ms": 100, "retries": 4},
     note="five attempts = four retries (1.5 s, right) or five retries (3.1 s, wrong)")])

A("h-q12-003", "q12",
  "So six retries from five hundred milliseconds, doubling, is about thirty-one and a half seconds "
  "of worst-case waiting.",
  [C("about thirty-one and a half seconds", "worst-case backoff, 6 retries from 500 ms",
     "backoff", {"base_ms": 500, "retries": 6}, "worst_total_ms", "ms", 31500,
     verdict="ambiguous", cfrom="earlier", stated={"base_ms": 500, "retries": 6},
     alt_args={"base_ms": 500, "retries": 6, "cap_ms": 8000},
     note="uncapped it is right (31.5 s); if the 8-second limit from the earlier turn caps each "
          "wait, 23.5 s")],
  earlier=["Our gateway kills any single wait longer than eight seconds anyway."])

A("h-q29-004", "q29",
  "Two hundred candidates of two fifty-six on the half-billion reranker, on an H100 in BF16, is "
  "about 52 milliseconds.",
  [C("about 52 milliseconds", "rerank 200 x 256 on an H100 BF16", "prefill",
     {"params_b": 0.5, "prompt_tokens": 51200, "gpu": "h100", "compute_dtype": "bf16",
      "compute_util": 0.4}, "ms", "ms", 52, verdict="ambiguous", cfrom="card-default",
     stated={"params_b": 0.5, "prompt_tokens": 51200, "gpu": "h100", "compute_dtype": "bf16"},
     alt_args={"params_b": 0.5, "prompt_tokens": 51200, "gpu": "h100", "compute_dtype": "bf16",
               "compute_util": 1.0},
     note="utilisation unstated: right at 100% of peak (51.8 ms), wrong at the realistic 40% "
          "(129 ms)")])


# =============================================================== added: more of the usual mistakes
W = dict(verdict="wrong")
A("h-q02-018", "q02",
  "Qwen2.5-72B: eighty layers, sixty-four heads, head dim one twenty-eight, BF16, so about 2.6 "
  "megabytes per token, and an 8K conversation is roughly twenty-one gigs of cache.",
  [C("about 2.6\nmegabytes per token", "KV bytes per token, Qwen2.5-72B BF16", "kv-calc",
     {"model": "qwen2.5-72b", "dtype": "bf16"}, "bytes_per_token", "bytes", 2.6e6, **W,
     error="attention-heads", stated={"model": "qwen2.5-72b", "cache_dtype": "bf16"},
     note="64 attention heads used; Qwen2.5-72B has 8 KV heads"),
   C("roughly twenty-one gigs of cache", "cache of one 8K sequence", "kv-calc",
     {"model": "qwen2.5-72b", "dtype": "bf16", "context": 8192}, "bytes_per_sequence", "GB", 21,
     **W, error="attention-heads", stated={"context": 8192})],
  distractors=["eighty layers", "sixty-four heads", "one twenty-eight"])

A("h-q02-019", "q02",
  "Mistral 7B has thirty-two layers, eight KV heads of 128, two bytes each, so that's sixty-four "
  "KiB per token, and the L4 after weights holds about forty thousand tokens.",
  [C("sixty-four\nKiB per token", "KV KiB per token, Mistral 7B BF16", "kv-calc",
     {"model": "mistral-7b-v0.3", "dtype": "bf16"}, "kib_per_token", "KiB", 64, **W, error="2x",
     stated={"model": "mistral-7b-v0.3", "cache_dtype": "bf16"},
     note="forgot the factor 2 for K and V"),
   C("about forty thousand tokens", "tokens that fit on an L4", "kv-calc",
     {"model": "mistral-7b-v0.3", "gpu": "l4"}, "tokens_that_fit", "tokens", 40000, **W,
     error="2x", stated={"gpu": "l4"}, note="follows from the halved per-token size")],
  distractors=["thirty-two layers"])

A("h-q02-020", "q02",
  "On a B200 you get about a hundred and sixty-five gigs usable, and at 160 KiB a token with the "
  "FP8 cache that's around a million tokens of Llama context.",
  [C("around a million tokens", "tokens of FP8 cache on one B200 (Llama 3.3 70B FP8 weights)",
     "kv-calc", {"model": LL, "dtype": "fp8", "gpu": "b200", "weight_dtype": "fp8"},
     "tokens_that_fit", "tokens", 1e6, **W, error="forgot-weights",
     stated={"gpu": "b200", "cache_dtype": "fp8"},
     note="180 x 0.92 divided by 160 KiB; the 70.6 GB of weights never subtracted")])

A("h-q01-010", "q01",
  "On the B200 with thirty-two 8K users, each user sees about 1,600 tokens a second. The MI300X "
  "with the same thirty-two users only does about thirty-four tokens a second as a whole GPU.",
  [C("each user sees about 1,600 tokens a second", "tokens/s per user at batch 32, B200",
     "decode-floor", {"model": LL, "gpu": "b200", "batch": 32, "context": 8192},
     "tokens_per_s_per_user", "tokens/s", 1600, **W, error="per-user-vs-total",
     stated={"gpu": "b200", "batch": 32, "context": 8192}, note="1,636 is the total"),
   C("about thirty-four tokens a second as a whole GPU", "total tokens/s at batch 32, MI300X",
     "decode-floor", {"model": LL, "gpu": "mi300x", "batch": 32, "context": 8192},
     "tokens_per_s_total", "tokens/s", 34, **W, error="per-user-vs-total",
     stated={"gpu": "mi300x", "batch": 32}, note="34 is per user; the GPU does 1,084")])

A("h-q03-007", "q03",
  "On the edge boxes, the L4 has forty-eight gigs, so Mistral 7B in BF16 leaves about twenty-five "
  "gigs of cache, and with roughly nine hundred gigs a second of bandwidth a single 4K user is "
  "about seventeen milliseconds a step.",
  [C("about twenty-five\ngigs of cache", "KV budget on one L4 after Mistral 7B BF16", "kv-calc",
     {"model": "mistral-7b-v0.3", "gpu": "l4"}, "budget_gb", "GB", 25, **W, error="wrong-spec",
     stated={"gpu": "l4", "weight_dtype": "bf16"}, note="the L4 has 24 GB, not 48"),
   C("about seventeen milliseconds a step", "decode step, Mistral 7B BF16, L4, 4K", "decode-floor",
     {"model": "mistral-7b-v0.3", "weight_dtype": "bf16", "gpu": "l4", "context": 4096,
      "batch": 1}, "step_ms", "ms", 17, **W, error="wrong-spec",
     stated={"gpu": "l4", "context": 4096, "batch": 1}, note="the L4 streams 300 GB/s")])

A("h-q05-005", "q05",
  "Prefill of an 8K prompt on a B200 for a 70B model is about 510 seconds. On an A100 80 gig, which "
  "does 624 teraflops in BF16, the same prompt at fifty percent takes about three and a half "
  "seconds.",
  [C("about 510 seconds", "prefill, 70B, 8K prompt, one B200", "prefill",
     {"params_b": 70, "prompt_tokens": 8192, "gpu": "b200"}, "seconds", "s", 510, **W,
     error="unit-slip", stated={"params_b": 70, "prompt_tokens": 8192, "gpu": "b200"},
     note="0.51 s said as seconds x 1000"),
   C("about three and a half\nseconds", "prefill, 70B, 8K prompt, A100 80GB BF16 50%", "prefill",
     {"params_b": 70, "prompt_tokens": 8192, "gpu": "a100-80gb", "compute_dtype": "bf16",
      "compute_util": 0.5}, "seconds", "s", 3.5, **W, error="wrong-spec",
     stated={"gpu": "a100-80gb", "compute_dtype": "bf16", "utilization": 0.5},
     note="624 TFLOPS is the A100's sparsity figure; dense BF16 is 312")],
  distractors=["624 teraflops"])

A("h-q04-005", "q04",
  "With FP8 weights on an H200 you have about a hundred and twenty-nine gigs for the cache.",
  [C("about a hundred and twenty-nine gigs for the cache", "KV budget on an H200, FP8 weights",
     "kv-calc", {"model": LL, "gpu": "h200", "weight_dtype": "fp8"}, "budget_gb", "GB", 129, **W,
     error="forgot-weights", stated={"gpu": "h200", "weight_dtype": "fp8"},
     note="141 x 0.92 with nothing subtracted; truth 54.1")])

A("h-q06-003", "q06",
  "A hundred thousand changed chunks at four hundred tokens is forty million tokens, and at thirteen "
  "cents per million that's about five hundred and twenty dollars a day.",
  [C("forty million tokens", "tokens to re-embed", "token-cost",
     {"input_tokens": 400, "output_tokens": 0, "input_per_million": 0.13,
      "output_per_million": 0, "requests": 100000}, "tokens_total", "tokens", 4e7),
   C("about five hundred and twenty dollars a day", "incremental re-embed cost", "token-cost",
     {"input_tokens": 400, "output_tokens": 0, "input_per_million": 0.13,
      "output_per_million": 0, "requests": 100000}, "usd_total", "usd", 520, **W, error="other",
     note="100x: $5.20")])

A("h-q08-003", "q08",
  "Prompting at 124 of 200 and RAG at 162 of 200, the intervals still overlap by about five "
  "points, so I wouldn't trust the difference yet.",
  [C("overlap by about five\npoints", "gap between the Wilson intervals", "wilson-compare",
     {"k1": 124, "n1": 200, "k2": 162, "n2": 200}, "gap_points", "percent", -5, **W,
     error="other", note="they are separated by 6.6 points")])

A("h-q09-003", "q09",
  "The naive loop is a hundred and twenty thousand input and three thousand output at three and "
  "fifteen, so about 4,050 dollars per claim, and at ten thousand claims that's forty cents a day.",
  [C("about 4,050 dollars per claim", "cost per claim", "token-cost",
     {"input_tokens": 120000, "output_tokens": 3000, "input_per_million": 3,
      "output_per_million": 15, "requests": 10000}, "usd_per_request", "usd", 4050, **W,
     error="per-user-vs-total", note="$0.405 per claim; $4,050 is the daily total"),
   C("forty cents a day", "daily cost at 10,000 claims", "token-cost",
     {"input_tokens": 120000, "output_tokens": 3000, "input_per_million": 3,
      "output_per_million": 15, "requests": 10000}, "usd_total", "usd", 0.40, **W,
     error="per-user-vs-total", note="swapped with the per-claim figure")])

A("h-q10-003", "q10",
  "The agent resolved all ten of the ten replayed tickets, so the interval is a hundred to a "
  "hundred: it's perfect.",
  [C("the interval is a hundred", "95% lower bound, 10 of 10", "wilson", {"k": 10, "n": 10},
     "low", "percent", 100, **W, error="normal-approx",
     note="Wald collapses at k = n; Wilson low is 72.2%")])

A("h-q12-004", "q12",
  "Four retries from five hundred milliseconds: worst case seven and a half seconds, and with full "
  "jitter the expected wait is the same seven and a half.",
  [C("worst case seven and a half seconds", "worst-case backoff", "backoff",
     {"base_ms": 500, "retries": 4}, "worst_total_ms", "ms", 7500),
   C("the same seven and a half", "expected backoff, full jitter", "backoff",
     {"base_ms": 500, "retries": 4, "jitter": "full"}, "expected_total_ms", "ms", 7500, **W,
     error="2x", note="full jitter halves the expectation: 3.75 s")])

A("h-q14-004", "q14",
  "An 8B model on an L4, which is about 485 teraflops in FP8, prefills a two-thousand-token prompt "
  "at fifty percent in about 130 milliseconds.",
  [C("about 130 milliseconds", "prefill, 8B, 2,000 tokens, L4 FP8 50%", "prefill",
     {"params_b": 8, "prompt_tokens": 2000, "gpu": "l4", "compute_dtype": "fp8",
      "compute_util": 0.5}, "ms", "ms", 130, **W, error="wrong-spec",
     stated={"params_b": 8, "prompt_tokens": 2000, "gpu": "l4", "utilization": 0.5},
     note="485 TFLOPS is the sparsity headline; dense FP8 is 242.5")])

A("h-q15-003", "q15",
  "Women twenty-seven of ninety is thirty percent, men forty-eight of a hundred and twenty is forty, "
  "so the impact ratio is about 0.1.",
  [C("the impact ratio is about 0.1", "impact ratio (27/90)/(48/120)", "wilson",
     {"k": 3240, "n": 4320}, "rate", "fraction", 0.1, **W, error="other",
     note="the difference of rates, not their ratio (0.75)"),
   C("is thirty percent", "women's selection rate 27/90", "wilson", {"k": 27, "n": 90}, "rate",
     "percent", 30)])

A("h-q16-002", "q16",
  "Zero false positives on two hundred benign prompts, so the upper bound is zero. And four seventy "
  "of five hundred attacks blocked is ninety-four percent, plus or minus about a point.",
  [C("the upper bound is zero", "95% upper bound, 0 of 200", "wilson", {"k": 0, "n": 200},
     "high", "percent", 0, **W, error="normal-approx", note="Wilson upper bound 1.9%"),
   C("ninety-four percent", "block rate 470/500", "wilson", {"k": 470, "n": 500}, "rate",
     "percent", 94),
   C("plus or minus about a point", "Wilson half-width, 470/500", "wilson",
     {"k": 470, "n": 500}, "half_width", "percent", 1, **W, error="2x",
     note="half-width is 2.1 points")])

A("h-q19-003", "q19",
  "The judge missed two of fifty failures, four percent, and the normal interval puts the upper "
  "end at about 9.4 percent.",
  [C("four percent", "miss rate 2/50", "wilson", {"k": 2, "n": 50}, "rate", "percent", 4),
   C("about 9.4 percent", "95% upper bound, 2/50", "wilson", {"k": 2, "n": 50}, "high",
     "percent", 9.4, **W, error="normal-approx", note="Wald 9.4%; Wilson 13.5%")])

A("h-q20-003", "q20",
  "Twelve of four hundred had an unsupported claim, so 0.03 percent, and the interval tops out at "
  "about 0.05 percent.",
  [C("so 0.03 percent", "unsupported rate 12/400", "wilson", {"k": 12, "n": 400}, "rate",
     "percent", 0.03, **W, error="percent-vs-fraction"),
   C("about 0.05 percent", "Wilson high, 12/400", "wilson", {"k": 12, "n": 400}, "high",
     "percent", 0.05, **W, error="percent-vs-fraction")])

A("h-q21-003", "q21",
  "Fraud recall is nine of twenty, forty-five percent, and to pin that within ten points we'd need "
  "about twenty-five fraud examples.",
  [C("forty-five percent", "fraud recall 9/20", "wilson", {"k": 9, "n": 20}, "rate", "percent",
     45),
   C("about twenty-five fraud examples", "examples for +/-10 at 45%", "wilson-samples",
     {"rate": 0.45, "half_width": 0.1}, "n", "count", 25, **W, error="other",
     note="truth 92")])

A("h-q24-003", "q24",
  "A hundred a second with a burst of two hundred, the client sends a hundred and fifty a second "
  "for twenty seconds: the bucket empties after about two seconds and we admit all three thousand.",
  [C("empties after about two seconds", "seconds until empty", "token-bucket",
     {"rate_per_s": 100, "burst": 200, "offered_per_s": 150, "duration_s": 20}, "empty_after_s",
     "s", 2, **W, error="2x", note="200 / (150 - 100) = 4 s"),
   C("admit all three thousand", "requests admitted", "token-bucket",
     {"rate_per_s": 100, "burst": 200, "offered_per_s": 150, "duration_s": 20}, "allowed",
     "requests", 3000, **W, error="other", note="2,200 admitted")])

A("h-q25-005", "q25",
  "A hundred milliseconds base, five retries, doubling, two-second cap: the last wait is 3.2 "
  "seconds.",
  [C("the last wait is 3.2\nseconds", "last backoff wait", "backoff",
     {"base_ms": 100, "retries": 5, "factor": 2, "cap_ms": 2000}, "last_wait_ms", "ms", 3200,
     **W, error="2x", note="100 x 2^4 = 1.6 s (one doubling too many, and above the cap)")])

A("h-q27-003", "q27",
  "Fifty messages a second times three thousand milliseconds per call is a hundred and fifty "
  "thousand calls in flight.",
  [C("a hundred and fifty\nthousand calls in flight", "LLM calls in flight", "littles-law",
     {"arrival_rate_per_s": 50, "latency_s": 3}, "concurrency", "count", 150000, **W,
     error="unit-slip", note="milliseconds multiplied as seconds; truth 150")])

A("h-q28-003", "q28",
  "Six thousand tokens of context and a four-hundred-token answer at three and fifteen per million, "
  "so about twenty-four cents a question.",
  [C("about twenty-four cents a question", "cost per question", "token-cost",
     {"input_tokens": 6000, "output_tokens": 400, "input_per_million": 3,
      "output_per_million": 15, "requests": 20000}, "usd_per_request", "usd", 0.24, **W,
     error="other", note="10x: 2.4 cents")])

A("h-q29-005", "q29",
  "Fifty candidates of two fifty-six through the 0.5B reranker on an H100 in BF16 at forty percent "
  "is about sixty-five milliseconds.",
  [C("about sixty-five milliseconds", "rerank 50 x 256, H100 BF16 40%", "prefill",
     {"params_b": 0.5, "prompt_tokens": 12800, "gpu": "h100", "compute_dtype": "bf16",
      "compute_util": 0.4}, "ms", "ms", 65, **W, error="2x", note="truth 32.4 ms")])

A("h-q31-003", "q31",
  "Twenty analysts over nine hundred seconds a case is 0.022, so about 0.022 alerts an hour.",
  [C("about 0.022 alerts an hour", "alerts per hour", "littles-law",
     {"concurrency": 20, "latency_s": 900}, "arrival_rate_per_s", "per hour", 0.022, **W,
     error="unit-slip", note="0.022 is per second; 80 per hour")],
  distractors=["nine hundred seconds"])

A("h-q32-003", "q32",
  "In the blind audit four sixty-eight of five hundred fields were right, so 0.936 percent accuracy.",
  [C("0.936 percent", "field accuracy 468/500", "wilson", {"k": 468, "n": 500}, "rate",
     "percent", 0.936, **W, error="percent-vs-fraction")], round="behavioral")

A("h-q33-003", "q33",
  "We had twenty-four items left and the team closes eight a week; there are two engineers, so "
  "that's a week and a half.",
  [C("a week and a half", "weeks of work left, 24 items at 8/week (team)", "littles-law",
     {"concurrency": 24, "arrival_rate_per_s": 8}, "latency_s", "weeks", 1.5, **W, error="2x",
     note="8 a week is already the team's throughput; 3 weeks")],
  distractors=["two engineers"], round="behavioral")

# ---------------------------------------------------------------- build & verify
CARD_NC: dict[str, list[dict]] = {}
EMPTY_STATED: list = []


def load_card_checks():
    """Only the allowed number_checks fields (tool, args, field) of each card."""
    import tomllib
    for f in (Path(__file__).resolve().parents[4] / "rubrics/cards").glob("*.toml"):
        d = tomllib.loads(f.read_text())
        CARD_NC[f.stem] = [
            {"tool": nc["tool"], "args": nc["args"], "field": nc["field"]}
            for nc in d.get("number_checks", [])]


def _strip(d: dict) -> dict:
    return {k: v for k, v in d.items() if k not in ("notes", "chart", "scaling")}


def is_card_default(card: str, tool: str, field: str, args: dict) -> bool:
    """True when the claim's arguments give exactly the output of one of the card's own
    number checks for the same field (the card's scenario)."""
    mine = _strip(run_tool(tool, dict(args)))
    for nc in CARD_NC.get(card, []):
        if nc["tool"] == tool and nc["field"] == field:
            if _strip(run_tool(tool, dict(nc["args"]))) == mine:
                return True
    return False


def norm(s: str) -> str:
    return " ".join(s.split())


def toml_value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if v.is_integer() and abs(v) < 1e15:
            return str(int(v)) + ".0"
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        items = [(k, x) for k, x in v.items() if x is not None]
        return "{ " + ", ".join(f"{k} = {toml_value(x)}" for k, x in items) + " }" if items \
            else "{}"
    raise TypeError(v)


def main():
    load_card_checks()
    errors = []
    files: dict[str, list[str]] = {}
    ids = set()
    for a in ANSWERS:
        a["text"] = norm(a["text"])
        a["earlier"] = [norm(e) for e in a["earlier"]]
        assert a["id"] not in ids, a["id"]
        ids.add(a["id"])
        for d in a["distractors"]:
            d2 = norm(d)
            if d2 not in a["text"]:
                errors.append(f"{a['id']}: distractor {d2!r} not in text")
        a["distractors"] = [norm(d) for d in a["distractors"]]
        for c in a["claims"]:
            c["said"] = norm(c["said"])
            where = " ".join(a["earlier"]) if c["in_earlier"] else a["text"]
            if c["said"] not in where:
                errors.append(f"{a['id']}: said {c['said']!r} not found")
            truth = compute(c["tool"], c["args"], c["field"], c["unit"])
            c["truth"] = truth
            c["card_default"] = is_card_default(a["card"], c["tool"], c["field"], c["args"])
            if not c["stated"] and c["conditions_from"] == "sentence":
                c["stated"] = {k: v for k, v in c["args"].items() if not isinstance(v, float)
                               or v == round(v, 6)}
                EMPTY_STATED.append((a["id"], c["said"]))
            e = rel(c["value"], truth)
            if c["verdict"] == "correct" and e > CORRECT_TOL:
                errors.append(f"{a['id']} {c['said']!r}: labelled correct, off {e:.1%} "
                              f"(value {c['value']}, truth {truth:.6g})")
            if c["verdict"] == "wrong" and e < WRONG_TOL:
                errors.append(f"{a['id']} {c['said']!r}: labelled wrong, only {e:.1%} off")
            if c["verdict"] == "ambiguous":
                af = c["alt_field"] or c["field"]
                alt = compute(c["tool"], c["alt_args"], af, c["unit"])
                c["alt_truth"] = alt
                ea = rel(c["value"], alt)
                if not ((e <= CORRECT_TOL and ea >= WRONG_TOL) or
                        (ea <= CORRECT_TOL and e >= WRONG_TOL)):
                    errors.append(f"{a['id']} {c['said']!r}: ambiguous but readings give "
                                  f"{e:.1%} / {ea:.1%}")
            if c["verdict"] == "correct" and c["error"] != "none":
                errors.append(f"{a['id']}: correct claim with error kind")
            if c["verdict"] == "wrong" and c["error"] == "none":
                errors.append(f"{a['id']}: wrong claim without error kind")
    if errors:
        print("\n".join(errors))
        sys.exit(1)

    groups = {"kv_and_serving.toml": {"q01", "q02", "q03", "q04", "q05"},
              "rag_agents_cost.toml": {"q06", "q07", "q08", "q09", "q10", "q11", "q12", "q13",
                                       "q14", "q15", "q16"},
              "evals_and_coding.toml": {"q17", "q18", "q19", "q20", "q21", "q22", "q23", "q24",
                                        "q25", "q26"},
              "cases_and_behavioral.toml": {"q27", "q28", "q29", "q30", "q31", "q32", "q33",
                                            "fde-role", "why-fde"}}
    for fname, cards in groups.items():
        out = [f"# fde-interview HOLDOUT corpus ({fname}). Generated by build.py; truths from "
               "the project's calculators.\n# Do not tune anything against this file.\n"]
        for a in ANSWERS:
            if a["card"] not in cards:
                continue
            out.append("[[answer]]")
            out.append(f"id = {toml_value(a['id'])}")
            out.append(f"card = {toml_value(a['card'])}")
            out.append(f"round = {toml_value(a['round'])}")
            if a["earlier"]:
                out.append(f"earlier = {toml_value(a['earlier'])}")
            out.append('text = """' + a["text"] + '"""')
            out.append(f"distractors = {toml_value(a['distractors'])}")
            out.append("")
            for c in a["claims"]:
                out.append("[[answer.claims]]")
                for k in ("said", "quantity", "tool", "args", "field", "unit", "value", "truth",
                          "verdict", "error", "conditions_from", "stated"):
                    v = c[k]
                    if k == "value" and isinstance(v, float) and v.is_integer():
                        v = int(v) if abs(v) < 1e15 else v
                    if k == "truth":
                        v = round(v, 6) if abs(v) >= 1e-3 else float(f"{v:.6g}")
                        v = float(v)
                    out.append(f"{k} = {toml_value(v)}")
                out.append(f"card_default = {toml_value(c['card_default'])}")
                if c["in_earlier"]:
                    out.append("in_earlier = true")
                if c["retracted"]:
                    out.append("retracted = true")
                if c["verdict"] == "ambiguous":
                    out.append(f"alt_truth = {toml_value(float(round(c['alt_truth'], 6)))}")
                    out.append(f"alt_args = {toml_value(c['alt_args'])}")
                    if c["alt_field"]:
                        out.append(f"alt_field = {toml_value(c['alt_field'])}")
                if c["note"]:
                    out.append(f"note = {toml_value(c['note'])}")
                out.append("")
        (HERE / fname).write_text("\n".join(out))
    if "-v" in sys.argv:
        print("stated auto-filled from args:", *EMPTY_STATED, sep="\n  ")
    n = sum(len(a["claims"]) for a in ANSWERS)
    print(f"wrote {len(ANSWERS)} answers, {n} claims")


if __name__ == "__main__":
    main()
