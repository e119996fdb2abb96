"""`fde-interview tools ...`: the calculators on their own, human-readable by default,
JSON with --json. Every handler goes through tools.registry.run_tool, so the CLI, the
cards' number checks and LLM function calls share one validated code path. Handlers import
the calculators when they run (keeps --help fast)."""
from __future__ import annotations

import argparse
import json
import sys

from ..errors import UsageError


def _emit(args: argparse.Namespace, result: dict, human: str) -> int:
    if args.json:
        json.dump(result, sys.stdout, indent=2, default=str)
        sys.stdout.write("\n")
    else:
        print(human)
    return 0


def _run(name: str, params: dict) -> dict:
    from tools import ToolError, run_tool
    try:
        return run_tool(name, {k: v for k, v in params.items() if v is not None})
    except ToolError as exc:
        raise UsageError(str(exc)) from None


def _ints(text: str) -> list[int]:
    try:
        return [int(x) for x in text.replace(" ", "").split(",") if x]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected comma-separated integers, got {text!r}")


# -- handlers -----------------------------------------------------------------------------

def _kv_calc(a: argparse.Namespace) -> int:
    from tools.kv_calc import ConfigError, format_kv, kv_calc, load_config
    if (a.model is None) == (a.config is None):
        raise UsageError("give --model NAME or --config PATH (one of them)")
    try:
        config = load_config(a.config) if a.config else None
        r = kv_calc(model=a.model, config=config, dtype=a.dtype, context=a.context, gpu=a.gpu,
                    hbm_gb=a.hbm_gb, gpus=a.gpus, weights_gb=a.weights_gb,
                    weight_dtype=a.weight_dtype, util=a.util, activations_gb=a.activations_gb)
    except ConfigError as exc:
        where = f"{a.config}: " if a.config and not str(exc).startswith(str(a.config)) else ""
        raise UsageError(f"{where}{exc}") from None
    except KeyError as exc:
        raise UsageError(exc.args[0]) from None
    return _emit(a, r, format_kv(r))


def _wilson(a: argparse.Namespace) -> int:
    if a.vs:
        r = _run("wilson-compare", {"k1": a.k, "n1": a.n, "k2": a.vs[0], "n2": a.vs[1],
                                    "confidence": a.confidence})
        lines = []
        for tag, iv in (("a", r["a"]), ("b", r["b"])):
            lines.append(f"{tag}: {iv['k']}/{iv['n']} = {iv['rate']:.1%}  {a.confidence:.0%} CI "
                         f"[{iv['low']:.1%}, {iv['high']:.1%}]")
        lines.append(f"{'samples':>8}  {'gap (points)':>12}  separated")
        for row in r["scaling"]:
            lines.append(f"{'x' + str(row['factor']):>8}  {row['gap_points']:+12.1f}  "
                         f"{'yes' if row['separated'] else 'no'}")
        return _emit(a, r, "\n".join(lines))
    r = _run("wilson", {"k": a.k, "n": a.n, "confidence": a.confidence, "scale": a.scale})
    human = (f"{r['k']}/{r['n']} = {r['rate']:.1%}  {a.confidence:.0%} Wilson interval "
             f"{r['low']:.1%} to {r['high']:.1%}")
    return _emit(a, r, human)


def _wilson_samples(a: argparse.Namespace) -> int:
    r = _run("wilson-samples", {"rate": a.rate, "half_width": a.half_width,
                                "confidence": a.confidence})
    return _emit(a, r, f"{r['n']} samples keep the {a.confidence:.0%} interval around "
                       f"{a.rate:.1%} within +/- {a.half_width:.1%}")


def _decode(a: argparse.Namespace) -> int:
    from tools.decode import format_decode
    base = {"model": a.model, "weights_gb": a.weights_gb, "params_b": a.params_b,
            "weight_dtype": a.weight_dtype, "kv_bytes_per_token": a.kv_bytes_per_token,
            "kv_dtype": a.kv_dtype, "context": a.context, "gpu": a.gpu,
            "bandwidth_tbps": a.bandwidth_tbps, "tflops": a.tflops, "compute_util": a.compute_util,
            "hbm_gb": a.hbm_gb, "util": a.util, "activations_gb": a.activations_gb}
    if a.sweep:
        rows = [_run("decode-floor", {**base, "batch": b}) for b in range(1, a.batch + 1)]
        lines = [f"{'batch':>5} {'step ms':>8} {'mem ms':>8} {'comp ms':>8} {'tok/s/user':>10} "
                 f"{'tok/s total':>11} fits"]
        for r in rows:
            lines.append(f"{r['batch']:>5} {r['step_ms']:8.1f} {r['memory_ms']:8.1f} "
                         f"{r['compute_ms']:8.2f} {r['tokens_per_s_per_user']:10.0f} "
                         f"{r['tokens_per_s_total']:11.0f} {'' if r.get('fits', True) else 'NO'}")
        return _emit(a, {"rows": rows}, "\n".join(lines))
    r = _run("decode-floor", {**base, "batch": a.batch})
    return _emit(a, r, format_decode(r))


def _prefill(a: argparse.Namespace) -> int:
    from tools.decode import format_prefill
    r = _run("prefill", {"params_b": a.params_b, "model": a.model, "prompt_tokens": a.prompt_tokens,
                         "gpu": a.gpu, "tflops": a.tflops, "compute_dtype": a.compute_dtype,
                         "compute_util": a.compute_util, "gpus": a.gpus,
                         "ttft_budget_ms": a.ttft_budget_ms})
    return _emit(a, r, format_prefill(r))


def _batching(a: argparse.Namespace) -> int:
    from tools.batching import poisson_requests
    if a.requests:
        try:
            with open(a.requests, encoding="utf-8") as f:
                reqs = json.load(f)
        except (OSError, json.JSONDecodeError) as exc:
            raise UsageError(f"{a.requests}: {exc}") from None
        if not isinstance(reqs, list):
            raise UsageError(f"{a.requests}: expected a JSON list of request objects")
        source = {"requests": reqs}
    elif a.random:
        reqs = poisson_requests(a.random, a.rate, a.output_tokens, a.prompt_tokens, a.seed,
                                a.jitter)
        source = {"requests": [{"id": r.id, "arrival": r.arrival, "prompt": r.prompt,
                                "output": r.output} for r in reqs]}
    else:
        source = {"outputs": a.outputs or [3, 8, 3, 2, 2, 4, 6, 5]}
    policies = ["static", "dynamic", "continuous"] if a.policy == "all" else [a.policy]
    results, blocks = {}, []
    for pol in policies:
        r = _run("batching-sim", {**source, "policy": pol, "slots": a.slots,
                                  "max_wait": a.max_wait,
                                  "max_batched_tokens": a.max_batched_tokens,
                                  "base_ms": a.base_ms, "ms_per_seq": a.ms_per_seq,
                                  "ms_per_prefill_token": a.ms_per_prefill_token})
        results[pol] = r
        blocks.append(r["chart"] + "\n" + (
            f"  {r['makespan_iterations']} iterations, occupancy {r['occupancy']:.0%}, "
            f"{r['tokens_per_iteration']:.2f} tokens/iteration, TTFT p50 {r['ttft_ms_p50']:.0f} ms "
            f"p99 {r['ttft_ms_p99']:.0f} ms, ITL mean {r['itl_ms_mean']:.1f} ms"))
    out = results[policies[0]] if len(policies) == 1 else results
    return _emit(a, out, "\n\n".join(blocks))


def _microbatch(a: argparse.Namespace) -> int:
    from tools.batching import format_microbatch
    r = _run("microbatch-sim", {"rate_per_s": a.rate, "requests": a.requests,
                                "max_batch": a.max_batch, "max_wait_ms": a.max_wait_ms,
                                "max_queue": a.max_queue, "base_ms": a.base_ms,
                                "per_item_ms": a.per_item_ms, "timeout_ms": a.timeout_ms,
                                "seed": a.seed})
    return _emit(a, r, format_microbatch(r))


def _kv_blocks(a: argparse.Namespace) -> int:
    from tools.kv_blocks import format_walkthrough
    r = _run("kv-blocks", {"num_blocks": a.num_blocks})
    return _emit(a, r, format_walkthrough(r["steps"]))


def _list(a: argparse.Namespace) -> int:
    from tools import GPUS, MODELS, TOOLS
    data = {"tools": {n: t.description for n, t in TOOLS.items()},
            "models": {n: m.source for n, m in MODELS.items()},
            "gpus": {n: g.to_dict() for n, g in GPUS.items()}}
    lines = ["tools:"] + [f"  {n:<15} {d}" for n, d in data["tools"].items()]
    lines += ["models:"] + [f"  {n}" for n in data["models"]]
    lines += ["gpus:"] + [f"  {n:<10} {g.hbm_gb:>5g} GB {g.bandwidth_tbps:>6g} TB/s "
                          f"{g.bf16_tflops:>6g} BF16 {g.fp8_tflops or '-':>6} FP8 TFLOPS"
                          for n, g in GPUS.items()]
    return _emit(a, data, "\n".join(lines))


def _generic(a: argparse.Namespace) -> int:
    try:
        params = json.loads(a.args)
    except json.JSONDecodeError as exc:
        raise UsageError(f"--args is not valid JSON: {exc}") from None
    if not isinstance(params, dict):
        raise UsageError("--args must be a JSON object")
    r = _run(a.name, params)
    return _emit(a, r, json.dumps(r, indent=2, default=str))


# -- parser -------------------------------------------------------------------------------

def register(sub: argparse._SubParsersAction) -> None:
    tools = sub.add_parser("tools", help="the calculators on their own")
    ts = tools.add_subparsers(dest="tool", metavar="TOOL", required=True)

    def new(name: str, help: str, fn) -> argparse.ArgumentParser:
        p = ts.add_parser(name, help=help, description=help)
        p.add_argument("--json", action="store_true", help="print a JSON object")
        p.set_defaults(run=fn)
        return p

    dtypes = ("bf16", "fp16", "fp8", "fp8_e4m3", "fp8_e5m2", "fp4", "fp32")
    p = new("kv-calc", "KV-cache bytes per token, and what fits on a GPU", _kv_calc)
    p.add_argument("--model", help="a built-in model (see `tools list`)")
    p.add_argument("--config", metavar="PATH", help="any Hugging Face config.json")
    p.add_argument("--dtype", default="bf16", choices=dtypes, help="cache dtype")
    p.add_argument("--context", type=int, default=8192, help="tokens per sequence")
    p.add_argument("--gpu", help="a built-in GPU (h200, h100, b200, ...)")
    p.add_argument("--hbm-gb", type=float, help="memory per GPU in GB, instead of --gpu")
    p.add_argument("--gpus", type=int, default=1, help="GPUs sharing the model")
    p.add_argument("--weights-gb", type=float)
    p.add_argument("--weight-dtype", default="bf16", choices=dtypes,
                   help="to estimate weights from the parameter count")
    p.add_argument("--util", type=float, default=0.92, help="gpu_memory_utilization")
    p.add_argument("--activations-gb", type=float, default=5.0)

    p = new("wilson", "Wilson score interval for K successes of N", _wilson)
    p.add_argument("k", type=int)
    p.add_argument("n", type=int)
    p.add_argument("--confidence", type=float, default=0.95)
    p.add_argument("--scale", type=int, default=1, help="same rate, SCALE times the samples")
    p.add_argument("--vs", type=int, nargs=2, metavar=("K2", "N2"),
                   help="compare with a second arm: gap and the 'more samples' slider")

    p = new("wilson-samples", "samples needed for a given interval half-width", _wilson_samples)
    p.add_argument("rate", type=float)
    p.add_argument("half_width", type=float)
    p.add_argument("--confidence", type=float, default=0.95)

    p = new("decode-floor", "one decode step's floor and tokens/s", _decode)
    p.add_argument("--model")
    p.add_argument("--weights-gb", type=float)
    p.add_argument("--params-b", type=float, help="active parameters, billions")
    p.add_argument("--weight-dtype", default="fp8", choices=dtypes)
    p.add_argument("--kv-dtype", default="bf16", choices=dtypes)
    p.add_argument("--kv-bytes-per-token", type=float)
    p.add_argument("--context", type=int, default=8192)
    p.add_argument("--batch", type=int, default=1)
    p.add_argument("--sweep", action="store_true", help="a row per batch from 1 to --batch")
    p.add_argument("--gpu")
    p.add_argument("--bandwidth-tbps", type=float)
    p.add_argument("--tflops", type=float)
    p.add_argument("--compute-util", type=float, default=0.5)
    p.add_argument("--hbm-gb", type=float)
    p.add_argument("--util", type=float, default=0.92)
    p.add_argument("--activations-gb", type=float, default=5.0)

    p = new("prefill", "prefill time from 2 x params x prompt tokens", _prefill)
    p.add_argument("--params-b", type=float)
    p.add_argument("--model")
    p.add_argument("--prompt-tokens", type=int, default=8192)
    p.add_argument("--gpu")
    p.add_argument("--tflops", type=float)
    p.add_argument("--compute-dtype", default="fp8", choices=dtypes)
    p.add_argument("--compute-util", type=float, default=0.5)
    p.add_argument("--gpus", type=int, default=1)
    p.add_argument("--ttft-budget-ms", type=float)

    p = new("batching-sim", "static, dynamic and continuous batching, iteration by iteration",
            _batching)
    p.add_argument("--policy", default="all", choices=("static", "dynamic", "continuous", "all"))
    p.add_argument("--slots", type=int, default=4)
    p.add_argument("--outputs", type=_ints, help="output lengths, all arriving at 0 (e.g. 5,8,4,2)")
    p.add_argument("--requests", metavar="FILE", help="JSON list of {arrival, prompt, output}")
    p.add_argument("--random", type=int, metavar="N", help="N Poisson requests")
    p.add_argument("--rate", type=float, default=0.0, help="arrivals per iteration (--random)")
    p.add_argument("--output-tokens", type=int, default=100)
    p.add_argument("--prompt-tokens", type=int, default=0)
    p.add_argument("--jitter", type=float, default=0.0, help="relative spread of output lengths")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--max-wait", type=int, default=0, help="dynamic: iterations to wait")
    p.add_argument("--max-batched-tokens", type=int, help="continuous: token budget per step")
    p.add_argument("--base-ms", type=float, default=20.0)
    p.add_argument("--ms-per-seq", type=float, default=0.0)
    p.add_argument("--ms-per-prefill-token", type=float, default=0.0)

    p = new("microbatch-sim", "a request-level micro-batcher with a bounded queue", _microbatch)
    p.add_argument("--rate", type=float, default=1500.0, help="offered requests per second")
    p.add_argument("--requests", type=int, default=2000)
    p.add_argument("--max-batch", type=int, default=32)
    p.add_argument("--max-wait-ms", type=float, default=10.0)
    p.add_argument("--max-queue", type=int, default=256)
    p.add_argument("--base-ms", type=float, default=15.0)
    p.add_argument("--per-item-ms", type=float, default=0.5)
    p.add_argument("--timeout-ms", type=float, default=30000.0)
    p.add_argument("--seed", type=int, default=0)

    p = new("kv-blocks", "walk a paged KV block manager through prefix caching", _kv_blocks)
    p.add_argument("--num-blocks", type=int, default=64)

    new("list", "the tools, built-in models and GPUs", _list)

    p = new("run", "run any tool by name with JSON arguments (what the LLM tools call)", _generic)
    p.add_argument("name")
    p.add_argument("--args", default="{}", help='JSON object, e.g. \'{"k": 8, "n": 11}\'')
