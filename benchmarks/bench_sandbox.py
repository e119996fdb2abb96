"""Start-up overhead of the sandbox and the time a part's hidden tests take, side by side with
a bare `python -c pass`. Medians of N runs (default 15) on this machine.

    .venv/bin/python benchmarks/bench_sandbox.py [N]
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sandbox import probe_isolation, run_tests  # noqa: E402
from sandbox.isolation import python_executable  # noqa: E402

# A rate limiter with a fake clock: the shape of a part's hidden tests (ten tests, a helper).
SOLUTION = '''
from collections import defaultdict, deque


class RateLimiter:
    def __init__(self, limit, window, clock):
        self.limit, self.window, self.clock = limit, window, clock
        self.hits = defaultdict(deque)

    def allow(self, user):
        now, q = self.clock(), self.hits[user]
        while q and q[0] <= now - self.window:
            q.popleft()
        if len(q) < self.limit:
            q.append(now)
            return True
        return False
'''
SUPPORT = "class FakeClock:\n    def __init__(self):\n        self.t = 0.0\n    def __call__(self):\n        return self.t\n"
TESTS = "from solution import RateLimiter\nfrom support import FakeClock\n" + "".join(
    f"\n\ndef test_case_{i}():\n    clock = FakeClock()\n    rl = RateLimiter({i + 1}, 1.0, clock)\n"
    f"    assert all(rl.allow('u') for _ in range({i + 1}))\n    assert not rl.allow('u')\n"
    f"    clock.t = 1.0\n    assert rl.allow('u') and rl.allow('v')\n"
    for i in range(10))

MINE = "from solution import RateLimiter\n" + "".join(
    f"\n\ndef test_mine_{i}():\n    rl = RateLimiter(1, 1.0, lambda: {i})\n    assert rl.allow('a')\n"
    for i in range(3))


def median_ms(fn, n: int) -> float:
    fn()   # warm the page cache
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    python = python_executable()
    strong = probe_isolation()
    weak = probe_isolation("rlimits")
    bare = median_ms(lambda: subprocess.run([python, "-I", "-S", "-c", "pass"], check=True), n)
    rows = [("bare python -I -S -c pass", bare)]
    for iso in ([strong] if strong.name == "bubblewrap" else []) + [weak]:
        empty = median_ms(lambda: run_tests(SOLUTION, {}, isolation=iso), n)
        report = run_tests(SOLUTION, {"test_limiter.py": TESTS, "support.py": SUPPORT}, isolation=iso)
        assert report.ok and report.passed == 10, report
        part = median_ms(lambda: run_tests(SOLUTION, {"test_limiter.py": TESTS, "support.py": SUPPORT},
                                           isolation=iso), n)
        own = median_ms(lambda: run_tests(SOLUTION, {"test_limiter.py": TESTS, "support.py": SUPPORT},
                                          candidate_tests=MINE, isolation=iso), n)
        rows += [(f"{iso.name}: empty test set", empty), (f"{iso.name}: 10 hidden tests passing", part),
                 (f"{iso.name}: + 3 own tests, coverage", own)]
    print(f"sandbox start-up and a part's tests, median of {n} runs ({strong.summary()})\n")
    print(f"{'case':<40} {'median ms':>10} {'over bare':>10}")
    for name, ms in rows:
        print(f"{name:<40} {ms:>10.0f} {ms - bare:>+10.0f}")


if __name__ == "__main__":
    main()
