"""The terminal app's responsiveness. Prints a table; asserts nothing.

    .venv/bin/python benchmarks/bench_tui.py

1. Time to the first painted question: the real binary in tmux, from launch until the
   question is on the terminal (goal < 1 s). Needs tmux.
2. Keystroke-to-screen latency in the answer editor while the interviewer's words stream in
   from a loopback model server (Pilot, in process).
"""
from __future__ import annotations

import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "tests" / "support"))
EXE = str(Path(sys.executable).parent / "fde-interview")


def first_question_ms(runs: int = 5) -> list[float]:
    out = []
    for i in range(runs):
        d = tempfile.mkdtemp()
        sock = ["tmux", "-L", f"bench-{os.getpid()}-{i}"]
        t0 = time.perf_counter()
        subprocess.run(sock + ["new-session", "-d", "-s", "b", "-x", "160", "-y", "40",
                               f"{EXE} practice --out {d} --question why-fde --seed 1"], check=True)
        try:
            while time.perf_counter() - t0 < 30:
                screen = subprocess.run(sock + ["capture-pane", "-p", "-t", "b"],
                                        capture_output=True, text=True).stdout
                if "Why do you want to be a forward deployed" in screen:
                    out.append((time.perf_counter() - t0) * 1000)
                    break
                time.sleep(0.01)
        finally:
            subprocess.run(sock + ["kill-server"], capture_output=True)
            shutil.rmtree(d, ignore_errors=True)
    return out


async def keystroke_latency_ms(keys: int = 40, stream: bool = True) -> tuple[list[float], bool]:
    from llm_servers import FakeOpenAI, Reply, is_reading, reading_reply
    from interviewer.llm.openai_compatible import OpenAICompatibleBackend
    from interviewer.engine.llm_interviewer import LLMInterviewer
    from interviewer.tui import AppConfig, make_app
    from interviewer.tui.widgets.conversation import ConversationLog
    long_text = "Let me push on the numbers you gave. " * 40

    def respond(body):
        if body["messages"][-1]["content"] == "ping":
            return Reply(text="p")
        if is_reading(body):
            return reading_reply()
        return Reply(text=long_text, token_delay_s=0.02, chunk=6)
    server = FakeOpenAI(respond).start()
    llm = LLMInterviewer(OpenAICompatibleBackend(model=None, base_url=server.base_url))
    d = tempfile.mkdtemp()
    app = make_app(AppConfig(out=d, questions=["why-fde"], start_now=True, llm=llm))
    lat, streaming_seen = [], False
    async with app.run_test(size=(140, 45)) as pilot:
        screen = app.screen
        while screen.session is None or screen.busy:
            await pilot.pause(0.05)
        editor = screen.query_one("#editor")
        if stream:
            editor.text = "It sounds interesting."
            await pilot.press("ctrl+s")
            log = screen.query_one(ConversationLog)
            while not log._streams:
                await pilot.pause(0.01)
        editor.focus()
        for i in range(keys):
            before = editor.text
            t0 = time.perf_counter()
            app.simulate_key("x")   # as the terminal driver would deliver it
            while editor.text == before:
                await asyncio.sleep(0.0005)
            lat.append((time.perf_counter() - t0) * 1000)
            streaming_seen |= bool(screen.busy)
            await asyncio.sleep(0.02)   # a fast typist: 50 keys a second
    server.stop()
    shutil.rmtree(d, ignore_errors=True)
    return lat, streaming_seen


def main() -> None:
    rows = []
    if shutil.which("tmux"):
        fq = first_question_ms()
        rows.append(("first question painted, real binary in tmux (goal < 1 s)",
                     f"{statistics.median(fq):.0f} ms median of {len(fq)}"))
    else:
        rows.append(("first question painted", "skipped: tmux not installed"))
    for label, stream in (("keystroke to editor text, idle", False),
                          ("keystroke to editor text, while the interviewer streams", True)):
        lat, streaming = asyncio.run(keystroke_latency_ms(stream=stream))
        lat.sort()
        rows.append((label, f"p50 {lat[len(lat) // 2]:.1f} ms, p95 {lat[int(len(lat) * 0.95)]:.1f} ms"
                     + (" (stream had ended)" if stream and not streaming else "")))
    for label, value in rows:
        print(f"{label:<58} {value}")


if __name__ == "__main__":
    main()
