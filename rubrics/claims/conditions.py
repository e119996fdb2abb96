"""The conditions a candidate states: model, GPU and GPU count, weight precision and cache
precision (two separate things), compute precision, context length, batch, utilisation,
weights in GB. Each mention keeps its span, so a claim binds to the nearest scope that states
a condition: its sentence, then the answer, then earlier turns, then the card.

A precision said without naming what it applies to ("Mistral 7B in BF16") is recorded as
`dtype` (unqualified): the reader treats it as a reading of both the weights and the cache.
"Hopper" names two GPUs (H100, H200): both are recorded, as two readings."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..fastregex import finditer

# model key -> what a person calls it (checked in this order; the first match wins per span)
MODEL_NAMES: list[tuple[str, str]] = [
    ("llama-4-scout", r"llama[- ]?4(?:[- ]scout)?|\bscout\b"),
    ("llama-3.3-70b", r"llama[- ]?3\.3(?:[- ]70b)?|llama(?:[- ]3)?[- ]70b|\bthe 70b\b|\b70b\b"
                      r"|\bllama\b"),
    ("deepseek-v3", r"deepseek(?:[- ]?v3)?"),
    ("gpt-oss-120b", r"gpt-oss(?:-120b)?"),
    ("qwen3.8-27b", r"qwen[- ]?3\.8(?:[- ]27b)?"),
    ("qwen3-235b-a22b", r"qwen[- ]?3[- ]235b(?:[- ]a22b)?|\b235b\b"),
    ("qwen2.5-72b", r"qwen[- ]?2\.5(?:[- ]72b)?|\b72b\b"),
    ("kimi-k3", r"kimi(?:[- ]k3)?"),
    ("glm-4.5", r"glm[- ]?4\.5|\bglm\b"),
    ("mistral-7b-v0.3", r"mistral(?:[- ]7b)?"),
    ("opt-13b", r"\bopt[- ]13b\b|\bopt\b"),
]

GPU_RX = re.compile(r"\b(h100|h200|b200|mi300x?|l4|a100(?:[- ](?:40|80)\s?gb?)?|hopper)s?\b",
                    re.IGNORECASE)
_GPU_KEY = {"h100": "h100", "h200": "h200", "b200": "b200", "mi300": "mi300x", "mi300x": "mi300x",
            "l4": "l4", "a100": "a100-80gb"}

_WORDNUM = {"one": 1, "a": 1, "an": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "sixteen": 16, "single": 1}
GPUS_PATTERN = (r"\b(\d+|one|two|three|four|five|six|seven|eight|sixteen|single|a|an)"
                r"\s*(?:x\s*)?(?:h100|h200|b200|mi300x?|a100|l4|gpu|card)s?\b"
                r"|\b(?:across|over|on)\s+(\d+|two|four|eight)\s+(?:of them|gpus?|cards?)"
                r"|\btp\s*=?\s*(\d+)\b|tensor[- ]parallel(?:ism)?\s*(?:of\s*)?(\d+)")

DTYPE = r"(fp8|bf16|fp16|fp32|fp4|int4|int8|4[- ]?bit|8[- ]?bit|16[- ]?bit)"
_DTYPE_KEY = {"fp8": "fp8", "bf16": "bf16", "fp16": "fp16", "fp32": "fp32", "fp4": "fp4",
              "int4": "fp4", "int8": "fp8", "4bit": "fp4", "8bit": "fp8", "16bit": "bf16"}
DTYPE_RX = re.compile(r"\b" + DTYPE + r"\b", re.IGNORECASE)
# what a precision applies to, from the words right after it, then right before it
_AFTER = [("kv_dtype", re.compile(r"^[\s-]*(?:kv[\s-]*)?(?:cache|kv)\b", re.I)),
          ("weight_dtype", re.compile(r"^[\s-]*(?:weights?|model|quantis|quantiz|checkpoint)",
                                      re.I)),
          ("compute_dtype", re.compile(r"^[\s-]*(?:compute|math|tensor|flops|matmul|prefill|"
                                       r"rate|peak|dense)", re.I))]
_BEFORE = [("kv_dtype", re.compile(r"(?:kv|cache)\b[^.;,]{0,12}\b(?:in|at|as|is|stored in|to)"
                                   r"\s*$|\bcache\s*$", re.I)),
           ("weight_dtype", re.compile(r"weights?\b[^.;,]{0,12}\b(?:in|at|as|are|to)\s*$",
                                       re.I)),
           ("compute_dtype", re.compile(r"(?:compute|prefill|flops|math)\b[^.;,]{0,12}\b"
                                        r"(?:in|at|as)\s*$", re.I))]
_CACHE_NEAR = re.compile(r"\b(?:kv[\s-]*)?cache\b|\bkv\b", re.I)

CONTEXT_RX = re.compile(r"\b(\d{1,3})\s?k\b(?![\w$])|\b(4,096|8,192|16,384|32,768|65,536|131,072)\b",
                        re.IGNORECASE)
BATCH_RX = re.compile(r"\b(\d+|one|two|three|four|five|six|seven|eight|ten|twenty|thirty|forty"
                      r"|fifty|a single|single)\s+(?:concurrent\s+)?(?:\d+k\s+)?"
                      r"(?:users?|sequences?|seqs?|streams?|conversations?|requests in flight)\b"
                      r"|\bbatch(?:\s*size)?\s*(?:of\s*)?(\d+)\b", re.IGNORECASE)
_TENS = {"ten": 10, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "a single": 1}
WEIGHTS_GB_RX = re.compile(
    r"\b(\d+(?:\.\d+)?)\s*(?:gb|gigs?|gigabytes)\s+(?:of\s+)?(?:\w+\s+)?weights?\b"
    r"|\bweights?\s+(?:of|are|is|at|take|takes|taking|=)\s*(?:about\s+|roughly\s+)?"
    r"(\d+(?:\.\d+)?)\s*(?:gb|gigs?|gigabytes)\b", re.IGNORECASE)
UTIL_RX = re.compile(r"\b(\d+(?:\.\d+)?)\s*(?:%|percent)\s+(?:compute\s+|mfu\s+|memory\s+|hbm\s+)?"
                     r"(?:utili[sz]ation|util|mfu|efficiency)\b|\bhalf\s+(?:utili[sz]ation|util"
                     r"|the peak|of peak)\b|\butili[sz]ation\s+(?:of\s+)?(\d+(?:\.\d+)?)\s*%",
                     re.IGNORECASE)
PROMPT_RX = re.compile(r"\b(\d[\d,]*(?:\.\d+)?)\s*(k)?[\s-]*(?:tokens?[\s-]*)?prompts?\b"
                       r"|\bprompts?\s+of\s+(\d[\d,]*)\s*(k)?\b", re.IGNORECASE)


@dataclass(frozen=True)
class Mention:
    name: str        # a tool argument name (model, gpu, gpus, kv_dtype, ...) or "dtype"
    value: object
    start: int
    end: int
    claimed: bool = False   # read from a number the candidate claimed, not stated as given


_HEDGED = re.compile(r"\b(?:about|roughly|around|approximately|nearly|close to)\b", re.I)


def _ctx_value(m: re.Match) -> int | None:
    if m.group(2):
        return int(m.group(2).replace(",", ""))
    n = int(m.group(1))
    return n * 1024 if n in (2, 4, 8, 16, 32, 64, 128, 256) else None


def _num(s: str) -> int | None:
    s = s.lower()
    if s.isdigit():
        return int(s)
    return _WORDNUM.get(s) or _TENS.get(s)


@lru_cache(maxsize=512)   # a question's earlier answers are re-read for each later claim
def mentions(text: str) -> tuple[Mention, ...]:
    """Every condition stated in `text`, in order."""
    out: list[Mention] = []
    taken: list[tuple[int, int]] = []
    low = text.lower()
    for key, pattern in MODEL_NAMES:   # tried only where a model's name can be (fastregex)
        for m in finditer(pattern, text, low):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            taken.append((m.start(), m.end()))
            if key == "llama-3.3-70b" and m.group().lower() == "llama":
                key = ("llama-3.3-70b", "llama-4-scout")   # "the Llama model": which one?
            out.append(Mention("model", key, m.start(), m.end()))
    for m in GPU_RX.finditer(text):
        g = m.group(1).lower().replace(" ", "-")
        if g == "hopper":
            out.append(Mention("gpu", ("h100", "h200"), m.start(), m.end()))
            continue
        if g.startswith("a100"):
            g = "a100-40gb" if "40" in g else "a100-80gb"
        else:
            g = _GPU_KEY.get(g, g)
        out.append(Mention("gpu", g, m.start(), m.end()))
    for m in finditer(GPUS_PATTERN, text, low):
        raw = next(x for x in m.groups() if x)
        n = _num(raw)
        if n:
            out.append(Mention("gpus", n, m.start(), m.end()))
    for m in DTYPE_RX.finditer(text):
        key = _DTYPE_KEY[re.sub(r"[\s-]", "", m.group(1).lower())]
        after, before = text[m.end():m.end() + 30], text[max(0, m.start() - 40):m.start()]
        name = next((n for n, rx in _AFTER if rx.search(after)), None)
        if name is None:
            name = next((n for n, rx in _BEFORE if rx.search(before)), None)
        if name is None:
            # "the KV cache is ... in bf16": a cache named earlier in the clause
            clause = re.split(r"[.;!?](?=\s|$)|,\s(?:so|and|but|which)\b", text[:m.start()])[-1]
            if _CACHE_NEAR.search(clause) and not re.search(r"weights?", clause, re.I):
                name = "kv_dtype"
        out.append(Mention(name or "dtype", key, m.start(), m.end()))
    for m in CONTEXT_RX.finditer(text):
        v = _ctx_value(m)
        if v and not re.match(r"\s*(?:users?|requests?|examples?|tokens a|"
                              r"a (?:second|day|month))", text[m.end():m.end() + 12], re.I):
            out.append(Mention("context", v, m.start(), m.end()))
    for m in BATCH_RX.finditer(text):
        raw = m.group(1) or m.group(2)
        n = _num(raw)
        if n:
            out.append(Mention("batch", n, m.start(), m.end()))
    for m in WEIGHTS_GB_RX.finditer(text):
        # "the weights are about 141 GB" is itself a claim: a condition taken from it is unsure
        claimed = bool(_HEDGED.search(m.group()))
        out.append(Mention("weights_gb", float(m.group(1) or m.group(2)), m.start(), m.end(),
                           claimed))
    for m in UTIL_RX.finditer(text):
        raw = m.group(1) or m.group(2)
        out.append(Mention("compute_util", float(raw) / 100 if raw else 0.5, m.start(), m.end()))
    for m in PROMPT_RX.finditer(text):
        raw, k = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        n = float(raw.replace(",", ""))
        if k:
            n = n * 1024 if n in (2, 4, 8, 16, 32, 64, 128) else n * 1000
        out.append(Mention("prompt_tokens", int(n), m.start(), m.end()))
    return tuple(sorted(out, key=lambda x: x.start))
