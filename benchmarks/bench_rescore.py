"""Re-scoring many saved transcripts with the LLM judge, as `fde-interview score` does it:
wall time against the ideal, and how much of each request's prompt a prefix cache could
reuse. Prints a table; asserts nothing.

    .venv/bin/python benchmarks/bench_rescore.py [--transcripts 100] [--concurrency 16]
                                                 [--server-ms 300] [--runs 3]

The model server is a loopback vLLM stand-in in its own process (no shared GIL), answering
every judge request after --server-ms with priority scheduling on, so the judge's batch
priority is sent and checked. Ideal: transcripts / concurrency x server time (goal: within
1.3x). Cached-prefix share of a request: the longest common prefix of its rendered chat
(roles and contents in order, as a server's chat template lays them out) with any earlier
request, over its length: what vLLM's automatic prefix caching could skip (it caches whole
blocks, so slightly less in tokens).
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SERVER = """
import json, os, sys, threading, time
sys.path.insert(0, '.'); sys.path.append('tests/support')
from llm_servers import FakeOpenAI, Reply
from rubrics import default_bank
bank = default_bank()
DELAY = float(sys.argv[1])
seen, lock = [], threading.Lock()

def rendered(body):
    return "".join(f"<|{m['role']}|>{m['content']}" for m in body["messages"])

def common(a, b):
    # binary search on slice equality: C-speed compares, not a Python loop per character
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo

def reply(body):
    if body["messages"][-1]["content"] == "ping":   # a capability probe
        return Reply(text="p")
    with lock:   # measured when /stats is read, not while the client waits
        seen.append(body)
    qid = body["messages"][0]["content"].split("Rubric for question ")[1].split(":")[0]
    card = bank.get(qid)
    return Reply(delay_s=DELAY, text=json.dumps({
        "criteria": [{"id": c.id, "reasoning": "r", "verdict": "missing", "evidence": []}
                     for c in card.criteria],
        "shape": {"claim": True, "number": False, "tradeoff": False, "next_step": False},
        "depth": "borderline", "communication": 2, "red_flags": [], "injection_attempt": False}))

class Server(FakeOpenAI):
    def handle_get(self, h):
        if h.path.rstrip("/").endswith("/stats"):
            with lock:
                bodies = list(seen)
                seen.clear()
            out, texts = [], []
            for body in bodies:   # in arrival order: what a cache would hold by then
                text = rendered(body)
                system = body["messages"][0]
                out.append({"chars": len(text), "priority": body.get("priority"),
                            "cached": max((common(text, t) for t in texts), default=0),
                            "system": len(f"<|{system['role']}|>{system['content']}")})
                texts.append(text)
            return self.send_json(h, 200, {"stats": out})
        return super().handle_get(h)

s = Server(reply, priority=True).start()
print(s.base_url, flush=True)
time.sleep(3600)
"""


def write_transcripts(directory: Path, cases, n: int) -> list[Path]:
    """`n` saved single-question sessions, answers taken from the reference cases."""
    from transcripts import SCHEMA_VERSION, CandidateEvent, Header, TranscriptWriter
    paths = []
    for i in range(n):
        case = cases[i % len(cases)]
        qid = case.transcript.header.questions[0]
        p = directory / f"s{i}.jsonl"
        w = TranscriptWriter(p, Header(schema_version=SCHEMA_VERSION, session_id=f"s{i}",
                                       started="2026-12-06T00:00:00", round=case.round,
                                       questions=[qid], program_version="bench"))
        text = " ".join(e.text for e in case.transcript.of_type("candidate"))
        w.write(CandidateEvent(id="a1", text=text, turn=1, question=qid))
        paths.append(p)
    return paths


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--transcripts", type=int, default=100)
    ap.add_argument("--concurrency", type=int, default=16)
    ap.add_argument("--server-ms", type=float, default=300.0)
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    from concurrent.futures import ThreadPoolExecutor
    from urllib.request import urlopen

    from interviewer.judges.llm import LLMJudge
    from interviewer.judges.rescore import score_one
    from interviewer.llm.openai_compatible import BATCH_PRIORITY, OpenAICompatibleBackend
    from rubrics import default_bank
    from transcripts.reference import load_reference
    bank = default_bank()
    cases = load_reference(bank=bank)

    server = subprocess.Popen([sys.executable, "-c", SERVER, str(a.server_ms / 1000)],
                              stdout=subprocess.PIPE, text=True, cwd=str(ROOT))
    base_url = server.stdout.readline().strip()
    if not base_url.startswith("http://127.0.0.1"):
        raise SystemExit("the loopback model server did not start (see its error above)")
    try:
        backend = OpenAICompatibleBackend(model=None, base_url=base_url)
        judge = LLMJudge(backend)    # batch: interactive=False, low priority on vLLM
        urlopen(base_url + "/stats").read()   # forget the capability probes
        walls, cpus, shares, stats = [], [], [], []
        for _ in range(a.runs):
            tmp = Path(tempfile.mkdtemp())
            paths = write_transcripts(tmp, cases, a.transcripts)
            t0, c0 = time.perf_counter(), time.process_time()
            with ThreadPoolExecutor(a.concurrency) as pool:
                results = list(pool.map(lambda p: score_one(p, [judge], bank, True), paths))
            walls.append(time.perf_counter() - t0)
            cpus.append(time.process_time() - c0)
            shutil.rmtree(tmp)
            errors = [r["error"] for r in results if "error" in r]
            if errors:
                raise SystemExit(f"{len(errors)} transcripts failed: {errors[0]}")
            stats = json.loads(urlopen(base_url + "/stats").read())["stats"]
            shares.append([s["cached"] / s["chars"] for s in stats])
    finally:
        server.terminate()
    ideal = a.transcripts / a.concurrency * a.server_ms / 1000
    waves = -(-a.transcripts // a.concurrency) * a.server_ms / 1000
    wall = statistics.median(walls)
    last = shares[-1]
    med = statistics.median
    print(f"{'re-scoring with the LLM judge':<60} {'value':>10}")
    what = (f"{a.transcripts} transcripts, concurrency {a.concurrency}, {a.server_ms:g} ms "
            f"server (median of {a.runs})")
    print(f"{what:<60} {wall:>8.2f} s")
    what = f"  ideal {a.transcripts} / {a.concurrency} x {a.server_ms / 1000:g} s"
    print(f"{what:<60} {ideal:>8.2f} s")
    print(f"{'  ratio to ideal (goal <= 1.3)':<60} {wall / ideal:>10.2f}")
    print(f"  (whole waves alone: {waves:.2f} s = {waves / ideal:.2f}x the ideal)")
    print(f"{'  runs':<60} {', '.join(f'{w:.2f}' for w in walls):>10}")
    print(f"{'  client CPU time per run (this process, all threads), median':<60} "
          f"{med(cpus):>8.2f} s")
    print(f"{'requests at batch priority ' + str(BATCH_PRIORITY):<60} "
          f"{sum(1 for s in stats if s['priority'] == BATCH_PRIORITY):>6}/{len(stats)}")
    print(f"{'cached-prefix share per request, median':<60} {med(last):>9.1%}")
    print(f"{'  mean':<60} {statistics.fmean(last):>9.1%}")
    whole = [s["cached"] >= s["system"] for s in stats]
    print(f"{'  requests whose whole system message (rules + rubric) is cached':<60} "
          f"{sum(whole):>6}/{len(stats)}")
    print(f"{'  the others (first of their card: the rules cached), median':<60} "
          f"{med([x for x, w in zip(last, whole) if not w] or [0]):>9.1%}")
    print(f"{'  system message share of a request, median':<60} "
          f"{med([s['system'] / s['chars'] for s in stats]):>9.1%}")
    print(f"{'  every run, median':<60} {', '.join(f'{med(s):.1%}' for s in shares):>10}")


if __name__ == "__main__":
    main()
