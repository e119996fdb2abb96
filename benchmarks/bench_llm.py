"""The LLM path's own cost: one interview turn through the engine against a loopback
OpenAI-compatible server, versus the bare SDK calls that turn makes. Prints a table; asserts
nothing.

    .venv/bin/python benchmarks/bench_llm.py [--turns 15] [--ttft-ms 150] [--token-ms 5]

The server waits --ttft-ms before its first token and --token-ms between tokens, standing in
for a model. A turn makes two calls (the number checker, then the interviewer's words), so
the engine's overhead is its turn time over the same two calls made bare with the SDK
(goal: under 10%), and time to first token on screen is compared with the bare stream's.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "tests" / "support"))

SPOKEN = ("That is a reasonable start. Tell me how you would size the cache for the longest "
          "requests, and what you would do when it fills.")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--turns", type=int, default=15)
    ap.add_argument("--ttft-ms", type=float, default=150.0)
    ap.add_argument("--token-ms", type=float, default=5.0)
    a = ap.parse_args()
    from llm_servers import FakeOpenAI, Reply

    def respond(body):
        delay = a.ttft_ms / 1000
        if body["messages"][-1]["content"] == "ping":
            return Reply(text="p")
        if "You check the numbers" in body["messages"][0]["content"]:
            return Reply(text="", delay_s=delay)
        return Reply(text=SPOKEN, delay_s=delay, token_delay_s=a.token_ms / 1000)

    server = FakeOpenAI(respond).start()
    import openai
    client = openai.OpenAI(api_key="EMPTY", base_url=server.base_url, max_retries=0)

    def bare_call(system: str, stream_first: list) -> float:
        t0 = time.perf_counter()
        first = None
        for chunk in client.chat.completions.create(
                model="fake-model", stream=True, max_tokens=300,
                messages=[{"role": "system", "content": system},
                          {"role": "user", "content": "It sounds interesting."}]):
            if first is None and chunk.choices and chunk.choices[0].delta.content:
                first = time.perf_counter() - t0
        stream_first.append(first)
        return time.perf_counter() - t0

    bare, bare_ttft = [], []
    for _ in range(a.turns):
        ignore: list = []
        checker = bare_call("You check the numbers", ignore)
        speaker = bare_call("You are the interviewer", bare_ttft)
        bare.append(checker + speaker)

    from interviewer.llm.openai_compatible import OpenAICompatibleBackend
    from interviewer.engine.llm_interviewer import LLMInterviewer
    from interviewer.engine.session import Session
    from rubrics import default_bank
    backend = OpenAICompatibleBackend(model=None, base_url=server.base_url)
    engine, engine_ttft = [], []
    with tempfile.TemporaryDirectory() as d:
        ids = [c.id for c in default_bank()]
        s = Session.new(round_type="technical", questions=ids, seed=1, out=d,
                        max_follow_ups=50, llm=LLMInterviewer(backend))
        s.start()
        for _ in range(a.turns):
            first: list[float] = []
            t0 = time.perf_counter()

            def on_text(event_id, piece):
                if piece and not first:
                    first.append(time.perf_counter() - t0)
            s.answer("It sounds interesting.", on_text=on_text)
            engine.append(time.perf_counter() - t0)
            # time to first token of the *speaker* call: subtract the checker call before it
            engine_ttft.append(first[0] if first else float("nan"))
        s.close()
    server.stop()
    med = statistics.median
    overhead = (med(engine) - med(bare)) / med(bare)
    print(f"{'one turn, loopback server':<52} {'median':>10}")
    print(f"{'bare SDK: checker + speaker calls':<52} {med(bare) * 1000:>7.1f} ms")
    print(f"{'engine: answer in, streamed words out, saved':<52} {med(engine) * 1000:>7.1f} ms")
    print(f"{'engine overhead over bare calls (goal < 10%)':<52} {overhead * 100:>8.1f} %")
    print(f"{'bare stream: first token':<52} {med(bare_ttft) * 1000:>7.1f} ms")
    print(f"{'engine: first token on screen, from answer submit':<52} "
          f"{med(engine_ttft) * 1000:>7.1f} ms")
    print(f"{'  (the number check runs first: one more server TTFT)':<52} "
          f"{a.ttft_ms:>7.1f} ms")


if __name__ == "__main__":
    main()
