"""Judge throughput. Prints a table; asserts nothing.

    .venv/bin/python benchmarks/bench_judges.py

Goals (issue: grading): the heuristic judge grades >= 200 transcripts/s; re-scoring 100
transcripts with the LLM judge against a loopback server that answers in 300 ms, at
concurrency 16, finishes within 1.3x the ideal 100 / 16 x 0.3 s = 1.875 s.
"""
from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "tests" / "support"))


SERVER = """
import json, sys, time
sys.path.insert(0, '.'); sys.path.append('tests/support')
from llm_servers import FakeOpenAI, Reply
from rubrics import default_bank
bank = default_bank()
def reply(body):
    qid = body["messages"][0]["content"].split("Rubric for question ")[1].split(":")[0]
    card = bank.get(qid)
    return Reply(delay_s=0.3, text=json.dumps({
        "criteria": [{"id": c.id, "reasoning": "r", "verdict": "missing", "evidence": []}
                     for c in card.criteria],
        "shape": {"claim": True, "number": False, "tradeoff": False, "next_step": False},
        "depth": "borderline", "communication": 2, "red_flags": [], "injection_attempt": False}))
s = FakeOpenAI(reply).start()
print(s.base_url, flush=True)
time.sleep(600)
"""


def main() -> None:
    from interviewer.judges import HeuristicJudge, answers_from_transcript
    from rubrics import default_bank
    from transcripts.reference import load_reference
    bank = default_bank()
    cases = load_reference(bank=bank)
    answers = [answers_from_transcript(c.transcript) for c in cases]
    judge = HeuristicJudge()
    judge.grade(answers[0], bank)   # warm caches
    rates = []
    from rubrics.claims.conditions import mentions
    from rubrics.quantities import _quantities
    for _ in range(5):
        _quantities.cache_clear()   # every transcript read afresh, as in real re-scoring
        mentions.cache_clear()
        t0 = time.perf_counter()
        for a in answers:
            judge.grade(a, bank)
        rates.append(len(answers) / (time.perf_counter() - t0))

    # 100 saved single-question transcripts, re-scored by the LLM judge at concurrency 16
    from interviewer.judges.rescore import score_one
    from interviewer.judges.llm import LLMJudge
    from interviewer.llm.openai_backend import OpenAIBackend
    from transcripts import SCHEMA_VERSION, CandidateEvent, Header, TranscriptWriter

    # The model server runs in its own process, as a real one would (no shared GIL).
    import subprocess
    server = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE, text=True,
                              cwd=str(ROOT))
    base_url = server.stdout.readline().strip()
    if not base_url.startswith("http://127.0.0.1"):
        raise SystemExit("the loopback model server did not start (see its error above)")
    backend = OpenAIBackend(model="judge", api_key="sk-bench-123456", base_url=base_url)
    tmp = Path(tempfile.mkdtemp())
    paths = []
    for i in range(100):
        case = cases[i % len(cases)]
        qid = case.transcript.header.questions[0]
        p = tmp / f"s{i}.jsonl"
        w = TranscriptWriter(p, Header(schema_version=SCHEMA_VERSION, session_id=f"s{i}",
                                       started="2026-11-29T00:00:00", round=case.round,
                                       questions=[qid], program_version="bench"))
        text = " ".join(e.text for e in case.transcript.of_type("candidate"))
        w.write(CandidateEvent(id="a1", text=text, turn=1, question=qid))
        paths.append(p)
    from concurrent.futures import ThreadPoolExecutor
    llm = LLMJudge(backend)
    t0 = time.perf_counter()
    with ThreadPoolExecutor(16) as pool:
        results = list(pool.map(lambda p: score_one(p, [llm], bank, True), paths))
    wall = time.perf_counter() - t0
    server.terminate()
    shutil.rmtree(tmp)
    ok = sum(1 for r in results if "error" not in r)
    ideal = 100 / 16 * 0.3
    print(f"{'judge benchmark':<58} {'value':>12}")
    print(f"{'heuristic judge, transcripts/s (median of 5, goal >= 200)':<58} "
          f"{statistics.median(rates):>12.0f}")
    print(f"{'LLM judge: 100 transcripts, 300 ms server, concurrency 16':<58} {wall:>10.2f} s")
    print(f"{'  ideal 100 / 16 x 0.3 s':<58} {ideal:>10.2f} s")
    print(f"{'  ratio to ideal (goal <= 1.3)':<58} {wall / ideal:>12.2f}")
    print(f"{'  transcripts scored':<58} {ok:>12}")


if __name__ == "__main__":
    main()
