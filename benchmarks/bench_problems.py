"""Time of each coding problem's tests against its reference solutions: per card and part,
the wall time of the part's hidden tests (inside the test process, so no interpreter start-up)
and of the examples, with the reference of that part. Medians of repeated runs, each in a
fresh subprocess in a temporary folder (no sandbox: this measures the tests, not isolation).

    .venv/bin/python benchmarks/bench_problems.py [--repeat 5]
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rubrics.problems import load_problems  # noqa: E402

# Runs the named test modules' test_* functions and prints each module's total seconds.
TIMER = r"""
import asyncio, importlib, inspect, json, sys, time
sys.path.insert(0, ".")
out = {}
for mod in sys.argv[1:]:
    start = time.perf_counter()
    m = importlib.import_module(mod)
    failed = 0
    for name, fn in vars(m).items():
        if name.startswith("test_") and inspect.isfunction(fn) and fn.__module__ == mod:
            try:
                r = fn()
                if inspect.iscoroutine(r):
                    asyncio.run(r)
            except BaseException:
                failed += 1
    out[mod] = [time.perf_counter() - start, failed]
print(json.dumps(out))
"""


def timed(problem, number: int) -> tuple[float, float, int]:
    part = problem.part(number)
    with tempfile.TemporaryDirectory() as d:
        for name, src in (problem.examples | part.tests | {"solution.py": part.reference}).items():
            Path(d, name).write_text(src)
        out = subprocess.run([sys.executable, "-c", TIMER, "examples_test", part.test_file[:-3]],
                             cwd=d, capture_output=True, text=True, check=True).stdout
    res = json.loads(out)
    hidden = res[part.test_file[:-3]]
    return hidden[0], res["examples_test"][0], hidden[1] + res["examples_test"][1]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    print(f"{'card':<5} {'part':<42} {'tests':>5} {'hidden ms':>10} {'examples ms':>12} "
          f"{'failed':>6}")
    for card, problem in load_problems().items():
        for part in problem.parts:
            runs = [timed(problem, part.number) for _ in range(args.repeat)]
            hidden = statistics.median(r[0] for r in runs) * 1000
            examples = statistics.median(r[1] for r in runs) * 1000
            print(f"{card:<5} {f'{part.number}. {part.title}':<42} {len(part.hints):>5} "
                  f"{hidden:>10.1f} {examples:>12.1f} {max(r[2] for r in runs):>6}")
    print(f"(medians of {args.repeat} runs; 'failed' should be 0: each reference on its own part)")


if __name__ == "__main__":
    main()
