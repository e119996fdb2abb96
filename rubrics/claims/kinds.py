"""The quantity kinds the reader recognises: what a number measures, told by its unit and the
words around it ("per token", "left", "users", "tokens a second", "in total", "ms a step",
"prefill"), and which calculator field computes it. Data, not per-card regexes: a kind applies
to every card, and the card only supplies its default scenario."""
from __future__ import annotations

import re
from dataclasses import dataclass

# the conditions each calculator reads (tool argument names)
TOOL_CONDITIONS = {
    "kv-calc": ("model", "dtype", "context", "gpu", "gpus", "weights_gb", "weight_dtype",
                "util", "activations_gb"),
    "decode-floor": ("model", "weights_gb", "params_b", "weight_dtype", "kv_dtype", "context",
                     "batch", "gpu", "compute_util", "util", "activations_gb"),
    "prefill": ("params_b", "model", "prompt_tokens", "gpu", "compute_dtype", "compute_util",
                "gpus"),
}
# the scenario used when neither the answer nor the card says anything (the book's)
GLOBAL_DEFAULTS = {
    "kv-calc": {"model": "llama-3.3-70b", "gpu": "h200", "weights_gb": 70, "context": 8192},
    "decode-floor": {"model": "llama-3.3-70b", "weights_gb": 70, "params_b": 70, "gpu": "h200",
                     "batch": 1, "context": 8192},
    "prefill": {"params_b": 70, "prompt_tokens": 8192, "gpu": "h100"},
}


@dataclass(frozen=True)
class Kind:
    tool: str
    field: str
    unit: str          # the unit records and the formatter use
    dim: str           # rubrics.quantities dimension of the said number ("bare": no unit)
    to_base: float     # tool field value x to_base = value in the dimension's base unit
    cue: re.Pattern    # words in the clause that say the number is this kind
    needs: tuple[str, ...]   # conditions that change this field (readings differ only here)
    weight: int = 1    # preference when two kinds' cues both match
    binder: str = ""   # bindings.BINDERS key for calculators not bound by model/GPU mentions
    bare: float = 0.0  # a number said without a unit is this kind (x bare) when its cue matches
    negate: re.Pattern | None = None   # words that make the said number negative ("overlap")


def _rx(p: str) -> re.Pattern:
    return re.compile(p, re.IGNORECASE)


_FIT = r"\bfits?\b|\broom for\b|\bhold|\bcan (?:run|serve|pack|support|take)|\bsupport|\bserve" \
       r"|\bpack|\bconcurrent|\bat once\b|\bsimultaneous|\bmax(?:imum)? batch|\blargest batch|" \
       r"\bcaps? the batch|\bgives? (?:you |me )?(?:about |roughly )?$|\bso (?:about |roughly )?$|\b(?:about|roughly|around|only|just|maybe|so|that's|is|are)\s*$"

KINDS: list[Kind] = [
    Kind("kv-calc", "bytes_per_token", "bytes", "bytes", 1.0,
         _rx(r"\bper[- ]token\b|\ba token\b|\beach token\b|/\s?token|\bevery token\b|"
             r"\bfor every token\b|\btoken of (?:context|cache)\b"),
         ("model", "dtype"), 3),
    Kind("kv-calc", "weights_gb", "GB", "bytes", 1e9,
         _rx(r"\bweights?\b(?!.{0,12}\b(?:left|leav))|\bcheckpoint\b|\bthe model (?:is|takes)\b"),
         ("model", "weight_dtype", "weights_gb"), 2),
    Kind("kv-calc", "budget_gb", "GB", "bytes", 1e9,
         _rx(r"\bleft\b|\bleaves?\b|\bleaving\b|\bremain|\bfree\b|\bfor (?:the )?(?:kv[- ])?cache"
             r"|\bbudget\b|\bheadroom\b|\bof cache\b|\bcache space\b|\bspare\b|\bafter (?:the )?"
             r"(?:fp8 |bf16 )?weights"),
         ("model", "gpu", "gpus", "weights_gb", "weight_dtype", "util", "activations_gb"), 2),
    Kind("kv-calc", "bytes_per_sequence", "bytes", "bytes", 1.0,
         _rx(r"\bper (?:sequence|user|request|conversation)\b|\b(?:a|one|each|the|single|an? \d+k|"
             r"\d+k) (?:\d+k[- ])?(?:token )?(?:sequence|conversation|request|user)\b|"
             r"\bsequence of\b|\bfor (?:one|a single|each)\b|\bat (?:a |an )?\d+k\b"),
         ("model", "dtype", "context"), 1),
    Kind("kv-calc", "fixed_bytes_per_sequence", "bytes", "bytes", 1.0,
         _rx(r"\bfixed\b|\bcapped\b|\bwindow(?:ed)? layers\b|\bonce (?:it'?s )?past\b"),
         ("model", "dtype"), 4),
    Kind("decode-floor", "step_ms", "ms", "time", 1e-3,
         _rx(r"\bstep\b|\bper token\b|\ba token\b|\beach token\b|\bfloor\b|\bdecode\b|"
             r"\binter-token\b|\bper output token\b"),
         ("model", "weights_gb", "weight_dtype", "kv_dtype", "context", "batch", "gpu"), 2),
    Kind("prefill", "seconds", "s", "time", 1.0,
         _rx(r"\bprefill|\bttft\b|\bprompt\b|\bfirst token\b|\bto read\b|\bingest"),
         ("params_b", "prompt_tokens", "gpu", "compute_dtype", "compute_util", "gpus"), 3),
    Kind("decode-floor", "tokens_per_s_per_user", "tokens/s", "rate", 1.0,
         _rx(r"\beach\b|\bper[- ](?:user|sequence|stream|request)\b|\ba user\b|\bone user\b|"
             r"\bsingle user\b|\bper head\b|\bfor (?:one|a single)\b|\balone\b|\bevery user\b"),
         ("model", "weights_gb", "weight_dtype", "kv_dtype", "context", "batch", "gpu"), 2),
    Kind("decode-floor", "tokens_per_s_total", "tokens/s", "rate", 1.0,
         _rx(r"\btotal\b|\baggregate\b|\bin all\b|\boverall\b|\bcombined\b|\bthroughput\b|"
             r"\bthe (?:box|gpu|node|replica|card)\b|\bacross\b|\bper (?:gpu|replica|box)\b"),
         ("model", "weights_gb", "weight_dtype", "kv_dtype", "context", "batch", "gpu"), 1),
    Kind("kv-calc", "sequences_that_fit", "sequences", "sequences", 1.0, _rx(_FIT),
         ("model", "dtype", "context", "gpu", "gpus", "weights_gb", "weight_dtype", "util"), 2),
    Kind("kv-calc", "tokens_that_fit", "tokens", "tokens", 1.0,
         _rx(_FIT + r"|\bof cache\b|\bcache holds\b|\btokens? of (?:kv[- ])?cache"),
         ("model", "dtype", "gpu", "gpus", "weights_gb", "weight_dtype", "util"), 2),
]
_RANGE_LOW = r"^\s*(?:%|percent)?\s*(?:to|-|–)\s*(?:about\s+)?\d"
_RANGE_HIGH = r"\d\s*(?:%|percent)?\s*(?:to|-|–)\s*(?:about\s+|roughly\s+)?$"
# calculators bound by their own arguments (rubrics/claims/bindings.py), by claim kind
KINDS += [
    Kind("wilson", "rate", "fraction", "fraction", 1.0,
         _rx(r"\bof \d|\bout of\b|\bis\b|\bthat'?s\b|\brate\b|\bprecision\b|\brecall\b|"
             r"\baccuracy\b|\bf1\b|\bpass(?:es|ing)?\b|,\s*$"), ("k", "n"), 1, "wilson"),
    Kind("wilson", "low", "fraction", "fraction", 1.0,
         _rx(r"\blower bound|\bat worst\b|\bat least\b|\bas low as\b|\bstarts? at\b|"
             + _RANGE_LOW), ("k", "n"), 3, "wilson", 0.01),
    Kind("wilson", "high", "fraction", "fraction", 1.0,
         _rx(r"\bupper bound|\bas high as\b|\bat most\b|\btops? out\b|\bcould (?:still )?be\b|"
             + _RANGE_HIGH), ("k", "n"), 3, "wilson", 0.01),
    Kind("wilson", "half_width", "fraction", "fraction", 1.0,
         _rx(r"\bplus or minus\b|±|\+/-|\beither side\b|\bmargin\b"), ("k", "n"), 4, "wilson",
         0.01),
    Kind("wilson-samples", "n", "count", "none", 1.0,
         _rx(r"\bneeds?\b|\bneeded\b|\brequires?\b|\benough\b|\bn is\b|\bsample size\b|"
             r"\bgrow\b.{0,20}\bto\b|\btakes\b"), ("rate", "half_width"), 3, "samples", 1.0),
    Kind("wilson-compare", "gap_points", "points", "fraction", 0.01,
         _rx(r"\bapart\b|\bseparated?\b|\bgap\b|\boverlap"), ("k1", "n1", "k2", "n2"), 4,
         "compare", 0.01, _rx(r"\boverlap")),
    Kind("littles-law", "concurrency", "count", "none|sequences", 1.0,
         _rx(r"\bconcurrent|\bat once\b|\bbusy\b|\bin flight\b|\bsimultaneous|\bagents?\b|"
             r"\bpeople\b|\bseats?\b|\bchannels?\b|\bin the system\b"),
         ("arrival_rate_per_s", "latency_s"), 3, "littles-concurrency", 1.0),
    Kind("littles-law", "arrival_rate_per_s", "requests/s", "rps|none", 1.0,
         _rx(r"\bcaps? (?:us|you|it) at\b|\bthroughput\b|^\s*(?:\w+\s+)?(?:a|per) second"),
         ("concurrency", "latency_s"), 2, "littles-rate", 1.0),
    Kind("token-cost", "usd_total", "usd", "usd", 1.0,
         _rx(r"\btotal\b|\ba (?:day|month|year|week)\b|\bper (?:day|month)\b|\bin all\b|"
             r"\bbill\b|\bspend\b|\bcosts?\b|\bis\b|\bit'?s\b|\bthat'?s\b|\bcomes? to\b|"
             r"\bfor\b|\bonly\b|\babout\b|\bpass\b"),
         ("input_tokens", "output_tokens", "input_per_million", "output_per_million",
          "requests"), 1, "cost"),
    Kind("token-cost", "usd_per_request", "usd", "usd", 1.0,
         _rx(r"\bper (?:request|call|query|conversation|ticket|chat|message|document)\b|"
             r"\beach\b|\ba (?:request|call|query|conversation|ticket)\b"),
         ("input_tokens", "output_tokens", "input_per_million", "output_per_million"), 3, "cost"),
    Kind("backoff", "worst_total_ms", "ms", "time", 1e-3,
         _rx(r"\bworst\b|\badd up\b|\bsleeping\b|\bof waiting\b|\bof (?:total )?backoff\b|"
             r"\bin total\b"), ("base_ms", "retries", "cap_ms"), 3, "backoff"),
    Kind("backoff", "expected_total_ms", "ms", "time", 1e-3,
         _rx(r"\bexpect|\baverage\b|\bjitter\b"), ("base_ms", "retries", "cap_ms", "jitter"),
         3, "backoff"),
    Kind("token-bucket", "allowed", "requests", "none|rps", 1.0,
         _rx(r"\bthrough\b|\badmits?\b|\badmitted\b|\ballowed\b|\blets\b"),
         ("rate_per_s", "burst", "offered_per_s", "duration_s"), 3, "bucket", 1.0),
    Kind("token-bucket", "rejected", "requests", "none", 1.0,
         _rx(r"\brejecte?d?s?\b|\bdropped\b|\bdenied\b"),
         ("rate_per_s", "burst", "offered_per_s", "duration_s"), 3, "bucket", 1.0),
    Kind("token-bucket", "rejected_fraction", "fraction", "fraction", 1.0,
         _rx(r"\brejecte?d?s?\b|\bdropped\b|\bdenied\b"),
         ("rate_per_s", "burst", "offered_per_s", "duration_s"), 3, "bucket"),
    Kind("token-bucket", "empty_after_s", "s", "time", 1.0,
         _rx(r"\bempty\b|\bdry\b|\bdrains?\b"),
         ("rate_per_s", "burst", "offered_per_s", "duration_s"), 3, "bucket"),
    Kind("token-bucket", "refill_s", "s", "time", 1.0, _rx(r"\brefill"),
         ("rate_per_s", "burst"), 3, "bucket"),
    Kind("replicas", "replicas", "replicas", "other|none", 1.0,
         _rx(r"\breplicas\b|\bn plus\b|\bn\s*\+"),
         ("peak_per_s", "per_replica_per_s", "target_util", "failure_margin"), 3, "replicas",
         1.0),
    Kind("replicas", "utilisation_at_peak", "fraction", "fraction", 1.0,
         _rx(r"\bat peak\b|\brun at\b"), ("peak_per_s", "per_replica_per_s", "target_util"),
         3, "replicas"),
]
# a bare number ("about 1,550 in total", "around 33 of those 8K sequences") may still be a kind
BARE_OK = {"tokens_per_s_total": _rx(r"^\s*(?:in total|total|in aggregate|tokens? a second)"),
           "sequences_that_fit": _rx(r"^\s*(?:of (?:those|them|these)|\d+k\b|sequences?|users?|"
                                     r"concurrent)")}
