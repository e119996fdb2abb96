"""KV-cache arithmetic: bytes per token from a Hugging Face-style config.json,
the fixed bytes a sequence holds in window or chunk layers, and how many tokens
and sequences fit in what is left of a GPU after weights and activations.

Standard library only. The formulas (chapter 2 of the reference text):
  GQA/MHA/MQA  2 (K and V) x layers that grow x KV heads x head_dim x bytes
  MLA          (kv_lora_rank + qk_rope_head_dim) x MLA layers x bytes
  budget       HBM x gpu_memory_utilization - weights - activations (GB = 1e9 B)
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .gpus import get_gpu
from .models import get_model

# Bytes per stored element. FP4 (E2M1) packs two values a byte and carries one E4M3
# scale byte per 16 elements (the NVFP4 / DeepSeek V4.1 layout): 0.5 + 1/16.
DTYPE_BYTES: dict[str, float] = {
    "fp32": 4, "bf16": 2, "fp16": 2, "fp8": 1, "fp8_e4m3": 1, "fp8_e5m2": 1, "fp4": 0.5 + 1 / 16,
}
DTYPE_NOTES = {"fp4": "fp4 counts 0.5 B per value plus one 1-byte scale per 16 values (0.5625 B)"}

FULL, SLIDING, CHUNKED, LINEAR = "full", "sliding", "chunked", "linear"
_LAYER_KINDS = {
    "full_attention": FULL, "attention": FULL, "global": FULL, "full": FULL,
    "sliding_attention": SLIDING, "sliding": SLIDING, "local": SLIDING,
    "chunked_attention": CHUNKED, "chunked": CHUNKED,
    "linear_attention": LINEAR, "linear": LINEAR, "mamba": LINEAR, "deltanet": LINEAR,
}


class ConfigError(ValueError):
    """A config lacks a field the calculation needs, or holds an impossible value.
    `field` names the config key so the message can point at it."""

    def __init__(self, field_name: str, message: str):
        super().__init__(f"{field_name}: {message}")
        self.field = field_name


@dataclass
class KVShape:
    """What one sequence costs in cache, independent of any GPU."""

    dtype: str
    bytes_per_element: float
    bytes_per_token: float          # summed over the layers whose cache grows with context
    fixed_bytes_per_sequence: float  # the cap window/chunk layers reach, whatever the length
    window_bytes_per_token: float   # what window/chunk layers add per token below their cap
    window_tokens: int              # the cap, in tokens (0 if none)
    layers: dict[str, int]
    attention: str                  # "mha", "gqa", "mqa" or "mla"
    formula: str
    notes: list[str] = field(default_factory=list)

    def bytes_per_sequence(self, context: int) -> float:
        """Cache one sequence of `context` tokens holds: growing layers plus capped layers."""
        return self.bytes_per_token * context + self.window_bytes_per_token * min(
            context, self.window_tokens)


def _pos_int(cfg: dict, key: str, required: bool = True) -> int | None:
    if key not in cfg or cfg[key] is None:
        if required:
            raise ConfigError(key, "missing; the KV-cache size depends on it")
        return None
    v = cfg[key]
    if isinstance(v, bool) or not isinstance(v, int) or v <= 0:
        raise ConfigError(key, f"must be a positive integer, got {v!r}")
    return v


def text_config(cfg: dict) -> dict:
    """Multimodal configs nest the language model under text_config (Llama 4, Gemma 3...)."""
    if not isinstance(cfg, dict):
        raise ConfigError("<root>", f"a config must be a JSON object, got {type(cfg).__name__}")
    inner = cfg.get("text_config")
    if isinstance(inner, dict):
        return inner
    return cfg


def _layer_kinds(cfg: dict, layers: int) -> list[str]:
    types = cfg.get("layer_types")
    if types is not None:
        if not isinstance(types, list) or len(types) != layers:
            got = len(types) if isinstance(types, list) else type(types).__name__
            raise ConfigError("layer_types", f"must list one entry per layer ({layers}), got {got}")
        kinds = []
        for i, t in enumerate(types):
            kind = _LAYER_KINDS.get(str(t).lower())
            if kind is None:
                raise ConfigError(f"layer_types[{i}]", f"unknown layer type {t!r}; known: "
                                  f"{', '.join(sorted(_LAYER_KINDS))}")
            kinds.append(kind)
        return kinds
    interval = cfg.get("full_attention_interval")
    if interval is not None:  # Qwen3-Next style: every k-th layer attends fully
        k = _pos_int(cfg, "full_attention_interval")
        return [FULL if (i + 1) % k == 0 else LINEAR for i in range(layers)]
    # Mistral v0.1-style configs slide every layer; Qwen2-style ones say use_sliding_window.
    window = cfg.get("sliding_window")
    if (window and cfg.get("use_sliding_window", True) is not False
            and cfg.get("model_type") in ("mistral", "mixtral")):
        return [SLIDING] * layers
    return [FULL] * layers


def kv_shape(config: dict, dtype: str = "bf16") -> KVShape:
    """Bytes per token and fixed bytes per sequence for one config (any HF config.json)."""
    if dtype not in DTYPE_BYTES:
        raise ConfigError("dtype", f"unknown cache dtype {dtype!r}; known: {', '.join(DTYPE_BYTES)}")
    b = DTYPE_BYTES[dtype]
    cfg = text_config(config)
    layers = _pos_int(cfg, "num_hidden_layers")
    notes = [DTYPE_NOTES[dtype]] if dtype in DTYPE_NOTES else []

    if cfg.get("kv_lora_rank") is not None:  # MLA first: a GQA reading of it is wrong
        rank, rope = _pos_int(cfg, "kv_lora_rank"), _pos_int(cfg, "qk_rope_head_dim")
        lin = cfg.get("linear_attn_config") or {}
        full_layers = lin.get("full_attn_layers")
        if full_layers is not None:
            if not isinstance(full_layers, list) or not full_layers or len(full_layers) > layers:
                raise ConfigError("linear_attn_config.full_attn_layers",
                                  f"must list between 1 and {layers} layer indices")
            n = len(full_layers)
            notes.append(f"{layers - n} linear-attention layers keep a fixed state (not counted)")
        else:
            n = layers
        per_token = n * (rank + rope) * b
        return KVShape(dtype, b, per_token, 0, 0, 0,
                       {FULL: n, SLIDING: 0, CHUNKED: 0, LINEAR: layers - n}, "mla",
                       f"({rank} + {rope}) x {n} layers x {b:g} B", notes)

    heads = _pos_int(cfg, "num_attention_heads")
    kv_heads = _pos_int(cfg, "num_key_value_heads", required=False) or heads
    if kv_heads > heads:
        raise ConfigError("num_key_value_heads",
                          f"{kv_heads} exceeds num_attention_heads ({heads})")
    head_dim = _pos_int(cfg, "head_dim", required=False)
    if head_dim is None:
        hidden = _pos_int(cfg, "hidden_size")
        if hidden % heads:
            raise ConfigError("hidden_size", f"{hidden} is not divisible by num_attention_heads "
                              f"({heads}); give head_dim")
        head_dim = hidden // heads
    kinds = _layer_kinds(cfg, layers)
    counts = {k: kinds.count(k) for k in (FULL, SLIDING, CHUNKED, LINEAR)}
    per_layer = 2 * kv_heads * head_dim * b  # K and V
    attention = "mha" if kv_heads == heads else ("mqa" if kv_heads == 1 else "gqa")
    formula = f"2 x {counts[FULL]} layers x {kv_heads} kv heads x {head_dim} x {b:g} B"

    window_tokens, capped = 0, counts[SLIDING] + counts[CHUNKED]
    if counts[SLIDING] and counts[CHUNKED]:
        raise ConfigError("layer_types", "mixes sliding and chunked layers; give one cap")
    if counts[SLIDING]:
        window_tokens = _pos_int(cfg, "sliding_window")
    elif counts[CHUNKED]:
        window_tokens = _pos_int(cfg, "attention_chunk_size")
    if capped:
        kind = "window" if counts[SLIDING] else "chunk"
        formula += f", plus {capped} layers capped at a {window_tokens}-token {kind}"
    if counts[LINEAR]:
        notes.append(f"{counts[LINEAR]} linear-attention layers keep a fixed-size state "
                     "that does not grow with context (not counted here)")
    window_per_token = capped * per_layer
    return KVShape(dtype, b, counts[FULL] * per_layer, window_per_token * window_tokens,
                   window_per_token, window_tokens, counts, attention, formula, notes)


def load_config(path: str | Path) -> dict:
    """Read a config.json, with errors that name the file."""
    p = Path(path)
    try:
        text = p.read_text()
    except OSError as exc:
        raise ConfigError(str(p), f"cannot read: {exc.strerror or exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(str(p), f"not valid JSON (line {exc.lineno}, column {exc.colno}: "
                          f"{exc.msg})") from None


def _nonneg(name: str, v: float) -> float:
    if v is None or v < 0:
        raise ConfigError(name, f"must be zero or more, got {v!r}")
    return float(v)


def kv_budget_bytes(hbm_gb: float, weights_gb: float, util: float = 0.92,
                    activations_gb: float = 5.0) -> float:
    """Bytes left for the cache: util x HBM, less weights, less activations (GB = 1e9 B).
    Negative when the weights alone do not fit."""
    if not 0 < util <= 1:
        raise ConfigError("util", f"gpu_memory_utilization must be in (0, 1], got {util!r}")
    if hbm_gb is None or hbm_gb <= 0:
        raise ConfigError("hbm_gb", f"must be positive, got {hbm_gb!r}")
    return (hbm_gb * util - _nonneg("weights_gb", weights_gb)
            - _nonneg("activations_gb", activations_gb)) * 1e9


def _num(x: float) -> float | int:
    return int(x) if float(x).is_integer() else x


def kv_calc(*, model: str | None = None, config: dict | None = None, dtype: str = "bf16",
            context: int = 8192, gpu: str | None = None, hbm_gb: float | None = None,
            gpus: int = 1, weights_gb: float | None = None, weight_dtype: str = "bf16",
            util: float = 0.92, activations_gb: float = 5.0) -> dict:
    """The whole calculation as one JSON-ready dict (what the CLI and the LLM tool return).

    Give `model` (a registry name) or `config` (a parsed config.json). With `gpu` or
    `hbm_gb` it adds the budget: `budget_bytes`, `tokens_that_fit`, `sequences_that_fit`.
    Weights default to the registry's parameter count x `weight_dtype` bytes.
    """
    if (model is None) == (config is None):
        raise ConfigError("model", "give exactly one of a model name or a config")
    if isinstance(context, bool) or not isinstance(context, int) or context <= 0:
        raise ConfigError("context", f"must be a positive whole number of tokens, got {context!r}")
    entry = get_model(model) if model is not None else None
    shape = kv_shape(entry.config if entry else config, dtype)
    per_seq = shape.bytes_per_sequence(context)
    out: dict = {
        "model": entry.name if entry else (config.get("_name_or_path") or "config"),
        "dtype": dtype,
        "bytes_per_element": _num(shape.bytes_per_element),
        "attention": shape.attention,
        "layers": shape.layers,
        "bytes_per_token": _num(shape.bytes_per_token),
        "kib_per_token": shape.bytes_per_token / 1024,
        "fixed_bytes_per_sequence": _num(shape.fixed_bytes_per_sequence),
        "window_tokens": shape.window_tokens,
        "formula": shape.formula,
        "context": context,
        "bytes_per_sequence": _num(per_seq),
        "gib_per_sequence": per_seq / 2**30,
        "notes": list(shape.notes),
    }
    if entry:
        out["source"] = entry.source
    if gpu is None and hbm_gb is None:
        return out

    if isinstance(gpus, bool) or not isinstance(gpus, int) or gpus < 1:
        raise ConfigError("gpus", f"must be a whole number >= 1, got {gpus!r}")
    if gpu is not None:
        g = get_gpu(gpu)
        per_gpu = g.hbm_gb if hbm_gb is None else hbm_gb
        out["gpu"] = g.name
    else:
        per_gpu = hbm_gb
    total_hbm = per_gpu * gpus
    if weights_gb is None:
        if entry is None or entry.params_b is None:
            raise ConfigError("weights_gb", "needed for the budget: this model's parameter "
                              "count is not known, so pass --weights-gb")
        if weight_dtype not in DTYPE_BYTES:
            raise ConfigError("weight_dtype", f"unknown dtype {weight_dtype!r}")
        weights_gb = entry.params_b * DTYPE_BYTES[weight_dtype]
        out["notes"].append(f"weights estimated as {entry.params_b:g}B params x "
                            f"{DTYPE_BYTES[weight_dtype]:g} B ({weight_dtype})")
    budget = kv_budget_bytes(total_hbm, weights_gb, util, activations_gb)
    fits = max(budget, 0.0)
    if budget <= 0:
        out["notes"].append("the weights and activations alone exceed the memory budget")
    out.update({
        "hbm_gb": total_hbm, "gpus": gpus, "util": util, "weights_gb": weights_gb,
        "activations_gb": activations_gb,
        "budget_bytes": budget, "budget_gb": budget / 1e9,
        # A paged cache is a pool of token slots shared by sequences of any length.
        "tokens_that_fit": int(fits // shape.bytes_per_token) if shape.bytes_per_token else None,
        "sequences_that_fit": fits / per_seq,
        "whole_sequences_that_fit": int(fits // per_seq),
    })
    return out


def format_kv(r: dict) -> str:
    """Human-readable report of a kv_calc() result."""
    lines = [
        f"{r['model']}: {r['attention'].upper()} cache, {r['dtype']}",
        f"  bytes per token      {r['bytes_per_token']:,} B ({r['kib_per_token']:.1f} KiB)"
        f"  = {r['formula']}",
    ]
    if r["fixed_bytes_per_sequence"]:
        lines.append(f"  fixed per sequence   {r['fixed_bytes_per_sequence']:,} B "
                     f"({r['fixed_bytes_per_sequence'] / 2**20:.2f} MiB, the {r['window_tokens']}-"
                     "token cap of the window/chunk layers)")
    lines.append(f"  one sequence at {r['context']:,} tokens: {r['gib_per_sequence']:.2f} GiB")
    if "budget_bytes" in r:
        where = r.get("gpu", f"{r['hbm_gb'] / r['gpus']:g} GB")
        lines += [
            f"  budget on {r['gpus']} x {where}: {r['hbm_gb']:g} GB x {r['util']:g} - "
            f"{r['weights_gb']:g} GB weights - {r['activations_gb']:g} GB activations "
            f"= {r['budget_gb']:.1f} GB",
            f"  tokens that fit      {r['tokens_that_fit']:,}" if r["tokens_that_fit"] is not None
            else "  tokens that fit      (no growing layers)",
            f"  sequences that fit   {r['sequences_that_fit']:.1f} at {r['context']:,} tokens",
        ]
    lines += [f"  note: {n}" for n in r["notes"]]
    if r.get("source"):
        lines.append(f"  source: {r['source']}")
    return "\n".join(lines)
