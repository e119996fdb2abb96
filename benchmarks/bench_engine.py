"""Offline engine overhead per turn: answer in, next interviewer turn out, transcript written
(fsync) and the SQLite checkpoint saved. Prints a table; asserts nothing.

    .venv/bin/python benchmarks/bench_engine.py [--turns 30] [--runs 3]

Goal (issue: interview engine): p95 under 50 ms on this machine, and no growth with the
length of the transcript (the last third of the turns costs about what the first third does).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def pct(xs: list[float], p: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(p * (len(s) - 1))))]


def one_run(turns: int) -> list[float]:
    from interviewer.engine.session import Session
    from rubrics import default_bank
    bank = default_bank()
    ids = [c.id for c in bank]   # more questions than turns: the run never ends early
    with tempfile.TemporaryDirectory() as d:
        s = Session.new(round_type="technical", questions=ids, seed=1, out=d, max_follow_ups=3)
        s.start()
        times = []
        n = 0
        while len(times) < turns and s.awaiting() == "answer":
            card = bank.get(s.current_question())
            text = card.model_answer.text if n % 2 == 0 else "I'm not sure; I would measure it."
            t0 = time.perf_counter()
            s.answer(text)
            times.append(time.perf_counter() - t0)
            n += 1
        s.close()
    return times


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--turns", type=int, default=30)
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    one_run(3)   # warm imports and caches
    all_times, firsts, lasts = [], [], []
    for _ in range(a.runs):
        ts = one_run(a.turns)
        all_times += ts
        third = max(1, len(ts) // 3)
        firsts += ts[:third]
        lasts += ts[-third:]
    ms = [t * 1000 for t in all_times]
    print(f"{'offline engine, per turn':<44} {'value':>10}")
    print(f"{'turns measured':<44} {len(ms):>10}")
    print(f"{'p50':<44} {pct(ms, 0.50):>7.1f} ms")
    print(f"{'p95 (goal < 50 ms)':<44} {pct(ms, 0.95):>7.1f} ms")
    print(f"{'max':<44} {max(ms):>7.1f} ms")
    ratio = statistics.median(lasts) / statistics.median(firsts)
    print(f"{'median last third / first third':<44} {ratio:>10.2f}")


if __name__ == "__main__":
    main()
