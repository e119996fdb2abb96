"""Roofline floors for the two phases of generation.

decode step  max(bytes moved / bandwidth, FLOPs / (rate x utilization)), where bytes
             moved = weights + the KV cache of every running sequence, and FLOPs =
             2 x active parameters x sequences. Attention FLOPs and kernel overheads
             are left out, so every time is a floor.
prefill      about 2 x parameters x prompt tokens FLOPs at rate x utilization
             (the attention term that grows with the prompt squared is left out).

Standard library only.
"""
from __future__ import annotations

import math

from .gpus import get_gpu
from .kv_calc import DTYPE_BYTES, ConfigError, kv_budget_bytes, kv_shape
from .models import get_model


def _hw(gpu: str | None, bandwidth_tbps: float | None, tflops: float | None,
        compute_dtype: str) -> tuple[str | None, float | None, float | None, float | None]:
    name = hbm = None
    if gpu is not None:
        g = get_gpu(gpu)
        name, hbm = g.name, g.hbm_gb
        bandwidth_tbps = g.bandwidth_tbps if bandwidth_tbps is None else bandwidth_tbps
        tflops = g.tflops(compute_dtype) if tflops is None else tflops
    return name, hbm, bandwidth_tbps, tflops


def _positive(name: str, v: float | None) -> float:
    if v is None:
        raise ConfigError(name, "missing; give it, or a --gpu that implies it")
    if isinstance(v, bool) or v <= 0:
        raise ConfigError(name, f"must be positive, got {v!r}")
    return float(v)


def _fraction(name: str, v: float) -> float:
    if not 0 < v <= 1:
        raise ConfigError(name, f"must be in (0, 1], got {v!r}")
    return float(v)


def decode_floor(*, model: str | None = None, weights_gb: float | None = None,
                 params_b: float | None = None, weight_dtype: str = "fp8",
                 kv_bytes_per_token: float | None = None, kv_dtype: str = "bf16",
                 context: int = 8192, batch: int = 1, gpu: str | None = None,
                 bandwidth_tbps: float | None = None, tflops: float | None = None,
                 compute_util: float = 0.5, hbm_gb: float | None = None,
                 util: float = 0.92, activations_gb: float = 5.0) -> dict:
    """One decode step's floor for `batch` sequences of `context` tokens.

    Weights come from `weights_gb`, or the registry model's parameters x `weight_dtype`.
    FLOPs use `params_b` (active parameters), defaulting to the registry's active count,
    else weights_gb / bytes per weight. Returns step_ms, tokens_per_s_per_user,
    tokens_per_s_total, crossover_batch (where compute overtakes memory) and, when the
    memory is known, max_batch_that_fits.
    """
    if isinstance(batch, bool) or not isinstance(batch, int) or batch < 1:
        raise ConfigError("batch", f"must be a whole number >= 1, got {batch!r}")
    if isinstance(context, bool) or not isinstance(context, int) or context < 1:
        raise ConfigError("context", f"must be a whole number >= 1, got {context!r}")
    if weight_dtype not in DTYPE_BYTES:
        raise ConfigError("weight_dtype", f"unknown dtype {weight_dtype!r}")
    entry = get_model(model) if model else None
    wbytes = DTYPE_BYTES[weight_dtype]
    if weights_gb is None:
        if entry is None or entry.params_b is None:
            raise ConfigError("weights_gb", "missing; give it or a --model with a known size")
        weights_gb = entry.params_b * wbytes
    if params_b is None:
        params_b = (entry.active_params_b if entry and entry.active_params_b
                    else weights_gb / wbytes)
    weights_gb, params_b = _positive("weights_gb", weights_gb), _positive("params_b", params_b)
    if kv_bytes_per_token is None:
        if entry is None:
            raise ConfigError("kv_bytes_per_token", "missing; give it or a --model")
        shape = kv_shape(entry.config, kv_dtype)
        kv_seq = shape.bytes_per_sequence(context)
        kv_bytes_per_token = shape.bytes_per_token
    else:
        kv_seq = _positive("kv_bytes_per_token", kv_bytes_per_token) * context
    gpu_name, gpu_hbm, bw, rate = _hw(gpu, bandwidth_tbps, tflops, weight_dtype)
    bw, rate = _positive("bandwidth_tbps", bw), _positive("tflops", rate)
    compute_util = _fraction("compute_util", compute_util)

    def step(b: int) -> tuple[float, float]:
        mem = (weights_gb * 1e9 + b * kv_seq) / (bw * 1e12)
        comp = 2 * params_b * 1e9 * b / (rate * 1e12 * compute_util)
        return mem * 1e3, comp * 1e3

    mem_ms, comp_ms = step(batch)
    step_ms = max(mem_ms, comp_ms)
    # compute overtakes memory where 2 P b / (R u) = (W + b kv) / bw, solved for b
    per_seq_compute = 2 * params_b * 1e9 / (rate * 1e12 * compute_util)
    per_seq_memory = kv_seq / (bw * 1e12)
    slope = per_seq_compute - per_seq_memory
    crossover = (weights_gb * 1e9 / (bw * 1e12)) / slope if slope > 0 else None

    out = {
        "gpu": gpu_name, "bandwidth_tbps": bw, "tflops": rate, "compute_util": compute_util,
        "weights_gb": weights_gb, "params_b": params_b, "kv_dtype": kv_dtype,
        "kv_bytes_per_token": kv_bytes_per_token, "context": context, "batch": batch,
        "kv_bytes_read": batch * kv_seq, "bytes_moved": weights_gb * 1e9 + batch * kv_seq,
        "flops": 2 * params_b * 1e9 * batch,
        "memory_ms": mem_ms, "compute_ms": comp_ms, "step_ms": step_ms,
        "bound": "memory" if mem_ms >= comp_ms else "compute",
        "tokens_per_s_per_user": 1000 / step_ms,
        "tokens_per_s_total": batch * 1000 / step_ms,
        "crossover_batch": crossover,
    }
    hbm = hbm_gb if hbm_gb is not None else gpu_hbm
    if hbm is not None:
        budget = kv_budget_bytes(hbm, weights_gb, util, activations_gb)
        out.update({"budget_gb": budget / 1e9,
                    "max_batch_that_fits": max(0, math.floor(budget / kv_seq)),
                    "fits": batch * kv_seq <= budget})
    return out


def prefill_time(*, params_b: float | None = None, model: str | None = None,
                 prompt_tokens: int = 8192, gpu: str | None = None, tflops: float | None = None,
                 compute_dtype: str = "fp8", compute_util: float = 0.5, gpus: int = 1,
                 ttft_budget_ms: float | None = None) -> dict:
    """Time to prefill one prompt: 2 x params x tokens FLOPs over `gpus` x rate x utilization."""
    if params_b is None:
        entry = get_model(model) if model else None
        if entry is None or entry.active_params_b is None:
            raise ConfigError("params_b", "missing; give it or a --model with a known size")
        params_b = entry.active_params_b
    params_b = _positive("params_b", params_b)
    if isinstance(prompt_tokens, bool) or not isinstance(prompt_tokens, int) or prompt_tokens < 1:
        raise ConfigError("prompt_tokens", f"must be a whole number >= 1, got {prompt_tokens!r}")
    if isinstance(gpus, bool) or not isinstance(gpus, int) or gpus < 1:
        raise ConfigError("gpus", f"must be a whole number >= 1, got {gpus!r}")
    gpu_name, _, _, rate = _hw(gpu, None, tflops, compute_dtype)
    rate = _positive("tflops", rate)
    compute_util = _fraction("compute_util", compute_util)
    flops = 2 * params_b * 1e9 * prompt_tokens
    seconds = flops / (gpus * rate * 1e12 * compute_util)
    out = {"gpu": gpu_name, "gpus": gpus, "tflops": rate, "compute_util": compute_util,
           "params_b": params_b, "prompt_tokens": prompt_tokens, "flops": flops,
           "seconds": seconds, "ms": seconds * 1e3}
    if ttft_budget_ms is not None:
        out["ttft_budget_ms"] = ttft_budget_ms
        out["within_budget"] = seconds * 1e3 <= ttft_budget_ms
    return out


def format_decode(r: dict) -> str:
    lines = [
        f"decode step, batch {r['batch']} at {r['context']:,} tokens"
        + (f" on {r['gpu']}" if r["gpu"] else ""),
        f"  memory  {r['memory_ms']:7.2f} ms  = ({r['weights_gb']:g} GB weights + "
        f"{r['kv_bytes_read'] / 1e9:.2f} GB cache) / {r['bandwidth_tbps']:g} TB/s",
        f"  compute {r['compute_ms']:7.2f} ms  = 2 x {r['params_b']:g}B x {r['batch']} / "
        f"({r['tflops']:g} TFLOPS x {r['compute_util']:g})",
        f"  floor   {r['step_ms']:7.2f} ms  ({r['bound']}-bound)",
        f"  tokens/s per user {r['tokens_per_s_per_user']:.1f}, total {r['tokens_per_s_total']:.0f}",
        "  compute overtakes memory at batch "
        + (f"{r['crossover_batch']:.0f}" if r["crossover_batch"] else "never (cache reads grow faster)"),
    ]
    if "max_batch_that_fits" in r:
        lines.append(f"  largest batch that fits: {r['max_batch_that_fits']} "
                     f"({r['budget_gb']:.1f} GB of cache)" + ("" if r["fits"] else
                                                               "  -- this batch does NOT fit"))
    return "\n".join(lines)


def format_prefill(r: dict) -> str:
    where = f"{r['gpus']} x {r['gpu'] or str(r['tflops']) + ' TFLOPS'}"
    line = (f"prefill of {r['prompt_tokens']:,} tokens, {r['params_b']:g}B params on {where}: "
            f"{r['flops']:.3g} FLOPs / ({r['gpus']} x {r['tflops']:g} TFLOPS x "
            f"{r['compute_util']:g}) = {r['seconds']:.3f} s")
    if "within_budget" in r:
        line += (f"\n  {'within' if r['within_budget'] else 'OVER'} the "
                 f"{r['ttft_budget_ms']:g} ms TTFT budget")
    return line
