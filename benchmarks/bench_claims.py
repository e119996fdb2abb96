"""Speed of the claim reader (rubrics.claims.read_claims): claims read per second over the
tune corpus, and the time it adds to one answer of about 300 words. Medians of repeated runs.

    .venv/bin/python benchmarks/bench_claims.py
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.claims_eval import load  # noqa: E402
from rubrics import default_bank  # noqa: E402
from rubrics.claims import read_claims  # noqa: E402
from rubrics.claims import bindings, reader  # noqa: E402
from rubrics.claims.combine import answer_checks, cue_records  # noqa: E402
from rubrics.quantities import _quantities  # noqa: E402


def clear() -> None:
    reader._run.cache_clear()
    bindings._hits.cache_clear()
    _quantities.cache_clear()


def main() -> None:
    cards = {c.id: c for c in default_bank().cards}
    answers = load("tune")
    rows = []
    # corpus throughput, cold caches each run (every tool call computed)
    times, n = [], 0
    for _ in range(5):
        clear()
        t = time.perf_counter()
        n = sum(len(read_claims(a["text"], cards.get(a["card"]), a.get("earlier", [])))
                for a in answers)
        times.append(time.perf_counter() - t)
    med = statistics.median(times)
    rows.append(("tune corpus, cold tool cache", f"{len(answers)} answers, {n} claims",
                 f"{med * 1000:.1f} ms", f"{n / med:,.0f} claims/s"))
    # one answer of ~300 words: several q01/q02 answers joined
    text = " ".join(a["text"] for a in answers if a["card"] in ("q01", "q02"))
    words = text.split()
    long = " ".join(words[:300])
    per = []
    for _ in range(30):
        clear()
        t = time.perf_counter()
        k = len(read_claims(long, cards["q02"]))
        per.append(time.perf_counter() - t)
    rows.append(("one 300-word answer, cold", f"{k} claims", f"{statistics.median(per) * 1000:.2f} ms",
                 "goal < 5 ms"))
    warm = []
    for _ in range(30):
        _quantities.cache_clear()   # the text is new each turn; tool results may be cached
        bindings._hits.cache_clear()
        t = time.perf_counter()
        read_claims(long, cards["q02"])
        warm.append(time.perf_counter() - t)
    rows.append(("one 300-word answer, tool cache warm", f"{k} claims",
                 f"{statistics.median(warm) * 1000:.2f} ms", ""))
    # what an answer now costs the engine (reader + cue fallback) beside the cue path alone
    for name, fn in (("engine path (answer_checks), cold",
                      lambda: answer_checks(cards["q02"], long)),
                     ("cue path alone (before), cold",
                      lambda: cue_records(cards["q02"], long))):
        per = []
        for _ in range(30):
            clear()
            t = time.perf_counter()
            fn()
            per.append(time.perf_counter() - t)
        rows.append((f"one 300-word answer, {name}", "", f"{statistics.median(per) * 1000:.2f} ms",
                     ""))
    print("| case | size | median time | rate |\n|---|---|---:|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")


if __name__ == "__main__":
    main()
