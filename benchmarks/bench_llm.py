"""The LLM path's own cost: interview turns through the engine against a loopback
OpenAI-compatible server, versus the bare SDK calls those turns make. Prints a table of
medians; asserts nothing.

    .venv/bin/python benchmarks/bench_llm.py [--turns 15] [--ttft-ms 150] [--token-ms 5]

The server waits --ttft-ms before its first token and --token-ms between tokens, standing in
for a model. A turn makes two calls: the reading (one structured JSON reply) and the wording
(streamed). The engine starts the wording of the move the offline reading chose while the
reading is in flight, holds it off screen, and shows it once the merged reading confirms the
move ("agrees"); when the reading changes the move ("changes"), the held wording is dropped
and the decided move is worded after the reading. The reading's reply is modelled twice: sent
whole after the server's first-token wait, and decoded at the token pace (--token-ms per
token, about four characters a token), as a real model would.

Rows: the bare stream's first token (one wording call alone, the goal's baseline); the
engine's first token on screen from submit and its ratio to that (goal <= 1.15); a turn's wall
time against the same calls made bare (the two overlapped when the reading agrees, one after
the other when it changes the move; goal: overhead < 10%).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "tests" / "support"))

SPOKEN = ("That is a reasonable start. Tell me how you would size the cache for the longest "
          "requests, and what you would do when it fills.")
TERSE = "It sounds interesting."
VAGUE = ("I like working with customers and I think the role is interesting because it mixes "
         "engineering and talking to people, and I have done some of both over the years in "
         "different jobs, so it seems like a natural fit for what I enjoy doing every day at "
         "work and what I want to do more of in the future, honestly.")
READING = json.dumps({"covers": [], "claims": [], "thin": True, "off_question": False})


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--turns", type=int, default=15)
    ap.add_argument("--ttft-ms", type=float, default=150.0)
    ap.add_argument("--token-ms", type=float, default=5.0)
    a = ap.parse_args()
    from llm_servers import FakeOpenAI, Reply, is_reading
    ttft, tok = a.ttft_ms / 1000, a.token_ms / 1000
    read_tokens = len(READING) / 4
    pace = {"decode_s": 0.0}

    def respond(body):
        if body["messages"][-1]["content"] == "ping":
            return Reply(text="p")
        if is_reading(body):
            return Reply(text=READING, delay_s=ttft + pace["decode_s"])
        return Reply(text=SPOKEN, delay_s=ttft, token_delay_s=tok)

    server = FakeOpenAI(respond).start()
    # a dropped held wording closes its stream: the server's broken pipe is expected, not news
    server._server.handle_error = lambda request, address: None
    import openai
    client = openai.OpenAI(api_key="EMPTY", base_url=server.base_url, max_retries=0)
    from interviewer.engine.model_reading import READER_SYSTEM

    def bare_stream(first: list) -> None:
        t0 = time.perf_counter()
        for chunk in client.chat.completions.create(
                model="fake-model", stream=True, max_tokens=300,
                messages=[{"role": "system", "content": "You are the interviewer"},
                          {"role": "user", "content": TERSE}]):
            if not first and chunk.choices and chunk.choices[0].delta.content:
                first.append(time.perf_counter() - t0)

    def bare_read() -> None:
        client.chat.completions.create(
            model="fake-model", max_tokens=400, temperature=0,
            response_format={"type": "json_object"},
            messages=[{"role": "system", "content": READER_SYSTEM},
                      {"role": "user", "content": TERSE}])

    def bare_turn(overlap: bool) -> float:
        t0 = time.perf_counter()
        if overlap:
            th = threading.Thread(target=bare_read)
            th.start()
            bare_stream([])
            th.join()
        else:
            bare_read()
            bare_stream([])
        return time.perf_counter() - t0

    from interviewer.llm.openai_compatible import OpenAICompatibleBackend
    from interviewer.engine.llm_interviewer import LLMInterviewer
    from interviewer.engine.session import Session
    from rubrics import default_bank
    ids = [c.id for c in default_bank() if "technical" in c.rounds]

    def run(answer: str, max_follow_ups: int, overlap: bool) -> dict[str, list]:
        """Worded turns only, each beside the same work done bare (interleaved, so that a
        busy machine slows both alike): engine turn and first token, bare first token and
        bare turn; and the interviewer."""
        backend = OpenAICompatibleBackend(model=None, base_url=server.base_url)
        llm = LLMInterviewer(backend)
        out: dict[str, list] = {"wall": [], "first": [], "bare_first": [], "bare": [],
                                "llm": [llm]}
        with tempfile.TemporaryDirectory() as d:
            s = Session.new(round_type="technical", questions=ids, seed=1, out=d,
                            max_follow_ups=max_follow_ups, llm=llm)
            s.start()
            s.answer(answer)   # the first turn loads the bank's patterns: not timed
            while len(out["wall"]) < a.turns and not s.done:
                first: list[float] = []
                t0 = time.perf_counter()

                def on_text(event_id, piece):
                    if piece and not first:
                        first.append(time.perf_counter() - t0)
                s.answer(answer, on_text=on_text)
                if not first:   # a turn that moved on to the next question words nothing
                    continue
                out["wall"].append(time.perf_counter() - t0)
                out["first"].append(first[0])
                got: list[float] = []
                bare_stream(got)
                out["bare_first"].append(got[0])
                out["bare"].append(bare_turn(overlap))
            s.close()
        return out

    med = statistics.median
    rows, bases = [], []
    for decode_label, decode_s in (("sent whole", 0.0),
                                   (f"decoded, {read_tokens:.0f} tokens", read_tokens * tok)):
        pace["decode_s"] = decode_s
        for case, answer, cap, overlap in (("agrees", TERSE, 50, True),
                                           ("changes", VAGUE, 1, False)):
            r = run(answer, cap, overlap)
            base, llm = med(r["bare_first"]), r["llm"][0]
            bases.append(base)
            rows.append((f"reading {decode_label}, {case}", med(r["first"]), base,
                         med(r["first"]) / base, med(r["wall"]), med(r["bare"]),
                         (med(r["wall"]) - med(r["bare"])) / med(r["bare"]),
                         f"{llm.adopted}/{llm.speculated}"))
    server.stop()
    print(f"loopback server: first token after {a.ttft_ms:g} ms, {a.token_ms:g} ms a token; "
          f"{a.turns} worded turns a row, each beside the same calls made bare; medians\n")
    head = ("engine", "1st token", "bare 1st", "ratio", "turn", "bare calls", "overhead",
            "held shown")
    print(f"{head[0]:<36} {head[1]:>9} {head[2]:>9} {head[3]:>6} {head[4]:>9} {head[5]:>10} "
          f"{head[6]:>8} {head[7]:>10}")
    for label, first, base, ratio, wall, bare, over, held in rows:
        print(f"{label:<36} {first * 1000:>6.1f} ms {base * 1000:>6.1f} ms {ratio:>5.2f}x "
              f"{wall * 1000:>6.1f} ms {bare * 1000:>7.1f} ms {over * 100:>7.1f}% {held:>10}")
    print("\nratio: engine first token on screen from submit / a bare stream's first token "
          "(goal <= 1.15x);\noverhead: engine turn over the same calls made bare, overlapped "
          "when the reading agrees,\none after the other when it changes the move (goal < 10%)")


if __name__ == "__main__":
    main()
