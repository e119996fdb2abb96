"""A /run in the coding round, end to end: the answer saved, the engine's run_code node, the
sandbox running the examples and the part's hidden tests on the reference solution, the
code_run event and the report written. Prints a table of medians (it checks only that
each reference solution passes its part, so that a failing run is not timed as a pass).

    .venv/bin/python benchmarks/bench_code_run.py [--runs 5]

Goal (issue 21): a run of a part's hidden tests reports within 2 s for a correct solution.
Needs the sandbox and the runnable problems (rubrics/problems.py)."""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--cards", nargs="*", default=["q24", "q25", "q26"])
    args = ap.parse_args()
    from interviewer.engine.session import Session
    from rubrics.problems import load_problem
    print(f"{'card':6} {'part':>4} {'tests':>5} {'median s':>9} {'max s':>7} {'sandbox ms':>10}")
    for card in args.cards:
        problem = load_problem(card)
        for part in problem.parts:
            times, inside, tests = [], [], 0
            for _ in range(args.runs):
                with tempfile.TemporaryDirectory() as d:
                    s = Session.new(round_type="coding", questions=[card], seed=1, out=d,
                                    max_follow_ups=50)
                    s.start()
                    # reach this part: each earlier part's reference, run
                    for earlier in problem.parts[:part.number - 1]:
                        s.answer(f"```python\n{earlier.reference}\n```")
                        s.answer("/run")
                    s.answer(f"```python\n{part.reference}\n```")
                    t0 = time.perf_counter()
                    turn = s.answer("/run")
                    times.append(time.perf_counter() - t0)
                    [run] = [e for e in turn.events if e.type == "code_run"]
                    assert run.part == part.number and run.ok, run
                    inside.append(run.duration_ms)
                    tests = run.total
                    s.close()
            print(f"{card:6} {part.number:>4} {tests:>5} {statistics.median(times):>9.2f} "
                  f"{max(times):>7.2f} {statistics.median(inside):>10.0f}")


if __name__ == "__main__":
    main()
