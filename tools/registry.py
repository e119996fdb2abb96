"""Every calculator by name, with a JSON schema for its arguments, so that the CLI,
the question cards' number checks and LLM function calling all run the same code.

run_tool(name, args) validates `args` against the schema (unknown, missing, mistyped
or out-of-range fields are errors that name the field) and returns a JSON-ready dict.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from . import batching
from .capacity import backoff, littles_law, replicas, token_bucket, token_cost
from .decode import decode_floor, prefill_time
from .kv_blocks import walkthrough
from .kv_calc import DTYPE_BYTES, ConfigError, kv_calc
from .wilson import compare, samples_for_half_width, scaled
from .gpus import GPUS
from .models import MODELS


class ToolError(ValueError):
    """Bad arguments for a tool, or a tool that could not compute an answer."""


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    parameters: dict          # JSON schema of an object
    run: Callable[..., dict]

    def schema(self) -> dict:
        """The function-calling form (OpenAI's `function`, Anthropic's `input_schema`)."""
        return {"name": self.name, "description": self.description, "parameters": self.parameters}


def _obj(props: dict, required: list[str] | None = None) -> dict:
    return {"type": "object", "properties": props, "required": required or [],
            "additionalProperties": False}


_NUM = {"type": "number"}
_INT1 = {"type": "integer", "minimum": 1}
_FRAC = {"type": "number", "exclusiveMinimum": 0, "maximum": 1}
_MODEL = {"type": "string", "enum": sorted(MODELS), "description": "a known model"}
_GPU = {"type": "string", "enum": sorted(GPUS), "description": "a known GPU"}
_DTYPE = {"type": "string", "enum": sorted(DTYPE_BYTES)}


def _wilson(k: int, n: int, confidence: float = 0.95, scale: int = 1) -> dict:
    return scaled(k, n, scale, confidence).to_dict()


def _wilson_compare(k1: int, n1: int, k2: int, n2: int, confidence: float = 0.95) -> dict:
    return compare(k1, n1, k2, n2, confidence)


def _wilson_samples(rate: float, half_width: float, confidence: float = 0.95) -> dict:
    n = samples_for_half_width(rate, half_width, confidence)
    return {"rate": rate, "half_width": half_width, "confidence": confidence, "n": n}


def _batching(policy: str, slots: int, outputs: list[int] | None = None,
              requests: list[dict] | None = None, max_wait: int = 0,
              max_batched_tokens: int | None = None, base_ms: float = 20.0,
              ms_per_seq: float = 0.0, ms_per_prefill_token: float = 0.0,
              compare: bool = False) -> dict:
    reqs = requests_from(outputs, requests)
    kw = dict(max_wait=max_wait, max_batched_tokens=max_batched_tokens, base_ms=base_ms,
              ms_per_seq=ms_per_seq, ms_per_prefill_token=ms_per_prefill_token)
    res = batching.simulate(reqs, slots, policy, **kw)
    out = res.summary()
    out["chart"] = res.chart()
    if compare:
        out["compare"] = {p: batching.simulate(reqs, slots, p, **kw).summary(per_request=False)
                          for p in ("static", "dynamic", "continuous")}
    return out


def requests_from(outputs: list[int] | None, requests: list[dict] | None) -> list[batching.Request]:
    """Requests from a list of output lengths (all arriving at 0) or explicit dicts."""
    if (outputs is None) == (requests is None):
        raise ToolError("outputs: give exactly one of outputs or requests")
    if outputs is not None:
        return [batching.Request(i + 1, 0, 0, int(o)) for i, o in enumerate(outputs)]
    out = []
    for i, r in enumerate(requests):
        try:
            out.append(batching.Request(int(r.get("id", i + 1)), int(r.get("arrival", 0)),
                                        int(r.get("prompt", 0)), int(r["output"])))
        except (KeyError, TypeError, ValueError, AttributeError):
            raise ToolError(f"requests[{i}]: needs an integer 'output' (and optional "
                            "'arrival', 'prompt', 'id')") from None
    return out


def _kv_blocks(num_blocks: int = 64) -> dict:
    return {"steps": walkthrough(num_blocks)}


TOOLS: dict[str, Tool] = {t.name: t for t in [
    Tool("kv-calc",
         "KV-cache bytes per token for a model (GQA/MHA/MQA, MLA, hybrids), and with a GPU or "
         "HBM size the tokens and sequences of a given context that fit after weights and "
         "activations.",
         _obj({"model": _MODEL, "dtype": _DTYPE, "context": _INT1, "gpu": _GPU,
               "hbm_gb": {"type": "number", "exclusiveMinimum": 0}, "gpus": _INT1,
               "weights_gb": {"type": "number", "minimum": 0}, "weight_dtype": _DTYPE,
               "util": _FRAC, "activations_gb": {"type": "number", "minimum": 0}}, ["model"]),
         kv_calc),
    Tool("wilson",
         "95% (or other) Wilson score interval for k successes of n; `scale` multiplies k and n "
         "(same rate, more samples). Returns low and high as fractions.",
         _obj({"k": {"type": "integer", "minimum": 0}, "n": {"type": "integer", "minimum": 0},
               "confidence": _FRAC, "scale": _INT1}, ["k", "n"]),
         _wilson),
    Tool("wilson-compare",
         "Wilson intervals of two arms and the gap between them (negative = overlap), also at "
         "2x, 5x and 10x the samples.",
         _obj({"k1": {"type": "integer", "minimum": 0}, "n1": {"type": "integer", "minimum": 0},
               "k2": {"type": "integer", "minimum": 0}, "n2": {"type": "integer", "minimum": 0},
               "confidence": _FRAC}, ["k1", "n1", "k2", "n2"]),
         _wilson_compare),
    Tool("wilson-samples",
         "How many samples make the Wilson interval around a rate at most +/- half_width.",
         _obj({"rate": {"type": "number", "minimum": 0, "maximum": 1},
               "half_width": {"type": "number", "exclusiveMinimum": 0, "maximum": 0.5},
               "confidence": _FRAC}, ["rate", "half_width"]),
         _wilson_samples),
    Tool("decode-floor",
         "Floor of one decode step: max(bytes moved / bandwidth, FLOPs / (rate x utilization)) "
         "with bytes = weights + every running sequence's KV cache; tokens/s per user and in "
         "total, the batch where compute overtakes memory, the largest batch that fits.",
         _obj({"model": _MODEL, "weights_gb": {"type": "number", "exclusiveMinimum": 0},
               "params_b": {"type": "number", "exclusiveMinimum": 0}, "weight_dtype": _DTYPE,
               "kv_bytes_per_token": {"type": "number", "exclusiveMinimum": 0},
               "kv_dtype": _DTYPE, "context": _INT1, "batch": _INT1, "gpu": _GPU,
               "bandwidth_tbps": {"type": "number", "exclusiveMinimum": 0},
               "tflops": {"type": "number", "exclusiveMinimum": 0}, "compute_util": _FRAC,
               "hbm_gb": {"type": "number", "exclusiveMinimum": 0}, "util": _FRAC,
               "activations_gb": {"type": "number", "minimum": 0}}),
         decode_floor),
    Tool("prefill",
         "Prefill time of one prompt from about 2 x parameters x prompt tokens FLOPs at the "
         "GPU's dense rate x utilization, over one or more GPUs.",
         _obj({"params_b": {"type": "number", "exclusiveMinimum": 0}, "model": _MODEL,
               "prompt_tokens": _INT1, "gpu": _GPU,
               "tflops": {"type": "number", "exclusiveMinimum": 0}, "compute_dtype": _DTYPE,
               "compute_util": _FRAC, "gpus": _INT1,
               "ttft_budget_ms": {"type": "number", "exclusiveMinimum": 0}}),
         prefill_time),
    Tool("batching-sim",
         "Iteration-level simulation of static, dynamic or continuous batching over requests "
         "and N slots: finish iteration, TTFT, inter-token latency, occupancy, throughput.",
         _obj({"policy": {"type": "string", "enum": ["static", "dynamic", "continuous"]},
               "slots": _INT1,
               "outputs": {"type": "array", "items": _INT1, "minItems": 1},
               "requests": {"type": "array", "items": {"type": "object"}, "minItems": 1},
               "max_wait": {"type": "integer", "minimum": 0},
               "max_batched_tokens": _INT1, "base_ms": {"type": "number", "minimum": 0},
               "ms_per_seq": {"type": "number", "minimum": 0},
               "ms_per_prefill_token": {"type": "number", "minimum": 0},
               "compare": {"type": "boolean"}}, ["policy", "slots"]),
         _batching),
    Tool("microbatch-sim",
         "Queue simulation of a request-level micro-batcher: Poisson arrivals, max batch, wait "
         "window, bounded queue that sheds, service time base + per item; served, shed, p50/p99.",
         _obj({"rate_per_s": {"type": "number", "exclusiveMinimum": 0}, "requests": _INT1,
               "max_batch": _INT1, "max_wait_ms": {"type": "number", "minimum": 0},
               "max_queue": _INT1, "base_ms": {"type": "number", "minimum": 0},
               "per_item_ms": {"type": "number", "minimum": 0},
               "timeout_ms": {"type": "number", "exclusiveMinimum": 0},
               "seed": {"type": "integer"}}, ["rate_per_s"]),
         batching.microbatch),
    Tool("littles-law",
         "Little's law, concurrency = arrival rate x time in system: give any two.",
         _obj({"arrival_rate_per_s": {"type": "number", "exclusiveMinimum": 0},
               "latency_s": {"type": "number", "exclusiveMinimum": 0},
               "concurrency": {"type": "number", "exclusiveMinimum": 0}}),
         littles_law),
    Tool("token-bucket",
         "A token-bucket rate limiter (starts full) under a steady offered load: admitted, "
         "rejected, when the bucket empties, refill time.",
         _obj({"rate_per_s": {"type": "number", "exclusiveMinimum": 0},
               "burst": {"type": "number", "exclusiveMinimum": 0},
               "offered_per_s": {"type": "number", "minimum": 0},
               "duration_s": {"type": "number", "exclusiveMinimum": 0}},
              ["rate_per_s", "burst", "offered_per_s", "duration_s"]),
         token_bucket),
    Tool("backoff",
         "Exponential retry backoff: waits per retry (capped), worst-case and expected total "
         "under none, full or equal jitter.",
         _obj({"base_ms": {"type": "number", "exclusiveMinimum": 0}, "retries": _INT1,
               "factor": {"type": "number", "exclusiveMinimum": 0},
               "cap_ms": {"type": "number", "exclusiveMinimum": 0},
               "jitter": {"type": "string", "enum": ["none", "full", "equal"]}},
              ["base_ms", "retries"]),
         backoff),
    Tool("replicas",
         "Replicas needed for a peak load at a target utilisation, plus N+k spares.",
         _obj({"peak_per_s": {"type": "number", "exclusiveMinimum": 0},
               "per_replica_per_s": {"type": "number", "exclusiveMinimum": 0},
               "target_util": _FRAC, "min_replicas": _INT1,
               "failure_margin": {"type": "integer", "minimum": 0}},
              ["peak_per_s", "per_replica_per_s"]),
         replicas),
    Tool("token-cost",
         "Model spend: input tokens (a cached fraction at a cheaper price) and output tokens "
         "at per-million prices, per request and in total.",
         _obj({"input_tokens": {"type": "number", "minimum": 0},
               "output_tokens": {"type": "number", "minimum": 0},
               "input_per_million": {"type": "number", "minimum": 0},
               "output_per_million": {"type": "number", "minimum": 0},
               "requests": {"type": "number", "minimum": 0},
               "cached_fraction": {"type": "number", "minimum": 0, "maximum": 1},
               "cached_per_million": {"type": "number", "minimum": 0}},
              ["input_tokens", "output_tokens", "input_per_million", "output_per_million"]),
         token_cost),
    Tool("kv-blocks",
         "Walk a paged KV block manager through prefix reuse, copy-on-write, salts and LRU reuse.",
         _obj({"num_blocks": {"type": "integer", "minimum": 8}}),
         _kv_blocks),
]}


_TYPES = {"integer": int, "number": (int, float), "string": str, "boolean": bool,
          "array": list, "object": dict}


def validate(schema: dict, args: Any, where: str = "") -> None:
    """A small JSON-schema check (the subset the tool schemas use); raises ToolError."""
    label = where or "arguments"
    t = schema.get("type")
    if t:
        ok = isinstance(args, _TYPES[t]) and not (t in ("integer", "number")
                                                  and isinstance(args, bool))
        if t == "integer" and isinstance(args, float) and args.is_integer():
            ok = True
        if not ok:
            raise ToolError(f"{label}: expected {t}, got {type(args).__name__} {args!r}")
    if "enum" in schema and args not in schema["enum"]:
        raise ToolError(f"{label}: {args!r} is not one of {', '.join(map(str, schema['enum']))}")
    if t in ("integer", "number"):
        if "minimum" in schema and args < schema["minimum"]:
            raise ToolError(f"{label}: must be >= {schema['minimum']}, got {args}")
        if "maximum" in schema and args > schema["maximum"]:
            raise ToolError(f"{label}: must be <= {schema['maximum']}, got {args}")
        if "exclusiveMinimum" in schema and args <= schema["exclusiveMinimum"]:
            raise ToolError(f"{label}: must be > {schema['exclusiveMinimum']}, got {args}")
    if t == "array":
        if len(args) < schema.get("minItems", 0):
            raise ToolError(f"{label}: needs at least {schema['minItems']} items")
        for i, item in enumerate(args):
            validate(schema.get("items", {}), item, f"{label}[{i}]")
    if t == "object" and "properties" in schema:
        for key in schema.get("required", []):
            if key not in args:
                raise ToolError(f"{where + '.' if where else ''}{key}: missing")
        for key, value in args.items():
            if key not in schema["properties"]:
                if schema.get("additionalProperties") is False:
                    raise ToolError(f"{where + '.' if where else ''}{key}: unknown argument; "
                                    f"known: {', '.join(schema['properties'])}")
                continue
            validate(schema["properties"][key], value, f"{where + '.' if where else ''}{key}")


def get_tool(name: str) -> Tool:
    if name not in TOOLS:
        raise ToolError(f"unknown tool {name!r}; known: {', '.join(TOOLS)}")
    return TOOLS[name]


def run_tool(name: str, args: dict | None = None) -> dict:
    """Validate and run one tool; any failure is a ToolError naming the field."""
    tool = get_tool(name)
    args = dict(args or {})
    validate(tool.parameters, args)
    args = {k: (int(v) if tool.parameters["properties"][k].get("type") == "integer"
                and isinstance(v, float) else v) for k, v in args.items()}
    try:
        return tool.run(**args)
    except ConfigError as exc:
        raise ToolError(str(exc)) from None
    except (ValueError, KeyError) as exc:
        raise ToolError(f"{name}: {exc.args[0] if exc.args else exc}") from None


def tool_schemas() -> list[dict]:
    return [t.schema() for t in TOOLS.values()]
