"""Speed of the calculators and of the CLI's start-up. Prints a table; asserts nothing.

    .venv/bin/python benchmarks/bench_tools.py [--repeat N]

Goals (issue: foundation): the continuous-batching simulator over 10,000 requests of 500
output tokens in under 1 s on one core; `fde-interview --help` in under 0.3 s; loading the
whole question bank in under 100 ms. Figures are medians of --repeat runs in one process on
a shared machine: compare ratios, not absolute numbers, across machines.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def timed(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})   # one core, as the goal says

    from tools.batching import poisson_requests, simulate
    rows = []
    burst = poisson_requests(10_000, 0, 500)
    poisson = poisson_requests(10_000, 0.5, 500, output_jitter=0.5, seed=1)
    for label, reqs, slots, policy in [
        ("continuous, 10k x 500 tok, all at t=0, 64 slots", burst, 64, "continuous"),
        ("continuous, 10k x ~500 tok, Poisson, 64 slots", poisson, 64, "continuous"),
        ("static, 10k x 500 tok, 64 slots", burst, 64, "static"),
        ("continuous, 10k x 500 tok, 256 slots", burst, 256, "continuous"),
    ]:
        ts = timed(lambda: simulate(reqs, slots, policy).summary(per_request=False), args.repeat)
        rows.append((label, statistics.median(ts), 1.0, "< 1 s"))

    from rubrics.bank import load_bank
    ts = timed(lambda: load_bank(use_cache=False), args.repeat)
    rows.append(("load the bank, cold (parse + validate every card)", statistics.median(ts),
                 None, "-"))
    load_bank()   # leaves a validated copy in the cache
    ts = timed(load_bank, args.repeat)
    rows.append(("load the bank, cached by content hash", statistics.median(ts), 0.1,
                 "< 100 ms"))

    exe = Path(sys.executable).parent / "fde-interview"
    cmd = [str(exe), "--help"] if exe.exists() else [sys.executable, "-m", "interviewer", "--help"]
    ts = timed(lambda: subprocess.run(cmd, capture_output=True, check=True), args.repeat)
    rows.append(("`fde-interview --help` (new process)", statistics.median(ts), 0.3, "< 0.3 s"))

    print(f"{'benchmark':<52} {'median':>10}  {'goal':>9}  met")
    for label, med, goal, goal_text in rows:
        met = "" if goal is None else ("yes" if med < goal else "NO")
        print(f"{label:<52} {med * 1000:>8.1f} ms  {goal_text:>9}  {met}")


if __name__ == "__main__":
    main()
