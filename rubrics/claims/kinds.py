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
# a bare number ("about 1,550 in total", "around 33 of those 8K sequences") may still be a kind
BARE_OK = {"tokens_per_s_total": _rx(r"^\s*(?:in total|total|in aggregate|tokens? a second)"),
           "sequences_that_fit": _rx(r"^\s*(?:of (?:those|them|these)|\d+k\b|sequences?|users?|"
                                     r"concurrent)")}
