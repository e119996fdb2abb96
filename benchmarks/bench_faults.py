"""What a candidate waits per answer when the model server misbehaves: (a) it accepts the
request and never answers, (b) it answers every request 429 with Retry-After: 3600, (c) it
starts streaming and then drops the connection. Whole turns through the engine (number
reading + wording) against loopback servers, with the default retry policy (60 s per request,
3 retries). Prints a table; asserts nothing.

    .venv/bin/python benchmarks/bench_faults.py [--deadline 20] [--turns 4]

Goals: the hung server's first turn within 25 s at the default 20 s deadline; every later
turn under 1 s while the circuit breaker is open. (Before the deadline and the breaker a
hung server cost 482 s per answer.)
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "tests" / "support"))

ANSWERS = ["I'd say 45 out of every hundred openings mention compensation.",
           "I would batch the prompts and cache the shared prefix.",
           "Then measure p95 latency before and after, per tenant.",
           "And roll it out to 10% of traffic first.",
           "Finally I would write down what we learned for the next customer."]


def run(fault: str, responder, deadline: float, turns: int) -> dict:
    from llm_servers import FakeOpenAI
    from interviewer.llm.openai_backend import OpenAIBackend
    from interviewer.engine.llm_interviewer import LLMInterviewer
    from interviewer.engine.session import Session
    server = FakeOpenAI(responder).start()
    try:
        backend = OpenAIBackend(model="m", api_key="sk-bench", base_url=server.base_url)
        llm = LLMInterviewer(backend, turn_deadline_s=deadline)
        with tempfile.TemporaryDirectory() as out:
            s = Session.new(round_type="technical", questions=["q01", "q02", "q03"], seed=3,
                            out=out, llm=llm)
            s.start()
            waits, chats = [], []
            for i in range(turns):
                t0 = time.perf_counter()
                s.answer(ANSWERS[i % len(ANSWERS)])
                waits.append(time.perf_counter() - t0)
                chats.append(len(server.chats))
            s.close()
        return {"fault": fault, "waits": waits, "chats": chats, "open": llm.breaker.is_open}
    finally:
        server.stop()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deadline", type=float, default=20.0, help="turn deadline, seconds")
    ap.add_argument("--turns", type=int, default=4)
    a = ap.parse_args()
    from llm_servers import Reply
    faults = [
        ("hung (never answers)", lambda body: Reply(delay_s=3600)),
        ("429, Retry-After: 3600", lambda body: Reply(status=429, error="rate limited",
                                                      headers={"Retry-After": "3600"})),
        ("dies mid-stream", lambda body: Reply(text="Let me push on that number a little "
                                                    "more before we move on.", drop_after=2)),
    ]
    # warm the imports and the bank once, so the first row does not pay for them
    run("warm-up", lambda body: Reply(text="Go on."), a.deadline, 1)
    rows = [run(name, fn, a.deadline, a.turns) for name, fn in faults]
    head = "".join(f"{'turn ' + str(i + 1):>10}" for i in range(a.turns))
    print(f"turn deadline {a.deadline:g} s; seconds the candidate waits per answer")
    print(f"{'fault':<24}{head}   requests to the server after each turn   breaker")
    for r in rows:
        cells = "".join(f"{w:>10.2f}" for w in r["waits"])
        print(f"{r['fault']:<24}{cells}   {str(r['chats']):<39}  "
              f"{'open' if r['open'] else 'closed'}")
    hung = rows[0]["waits"]
    later = [w for r in rows for w in r["waits"][1:]]
    print(f"\nhung server, first turn: {hung[0]:.1f} s (goal <= {a.deadline + 5:g} s); "
          f"slowest later turn with the breaker open: {max(later):.2f} s (goal < 1 s)")


if __name__ == "__main__":
    main()
