"""Speech recognition speed with the bundled tiny.en model, int8 on the CPU. Prints a table;
asserts nothing. Needs espeak-ng to synthesize the answers.

    .venv/bin/python benchmarks/bench_voice.py

Goals (issue: voice): real-time factor <= 0.2; from the end of a 10 s answer to its text
<= 1.5 s; the model loaded once per session.
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

ANSWER_10S = ("Decode is memory bound, so batching is nearly free until the KV cache fills, "
              "and one H200 holds about 20 sequences of 8K.")
ANSWER_LONG = ("Decode is memory bound, so batching is nearly free until the KV cache fills. "
          "Llama 3.3 70B needs 327,680 bytes per token in BF16, so one H200 with 70 gigabytes "
          "of FP8 weights holds about 20 sequences of 8K. I would use continuous batching "
          "with a bounded queue and shed load with a 429.")


def main() -> None:
    from interviewer.voice import RATE, Recorder, Transcriber, file_source, resolve_model
    from rubrics import default_bank
    vocab = list(default_bank().get("q01").vocabulary)
    t = Transcriber(resolve_model())
    t0 = time.perf_counter()
    t.load()
    load_s = time.perf_counter() - t0
    print(f"{'voice benchmark (tiny.en, int8, CPU)':<58} value")
    for label, sentence in (("short answer", ANSWER_10S), ("long answer", ANSWER_LONG)):
        wav = Path(tempfile.mkdtemp()) / "answer.wav"
        subprocess.run(["espeak-ng", "-s", "150", "-w", str(wav), sentence], check=True)
        rtfs, ends, audio_s, text = [], [], 0.0, ""
        for _ in range(5):
            rec = Recorder(file_source(wav))
            rec.start()
            audio = rec.stop()                 # the candidate releases the key: speech ended
            t0 = time.perf_counter()
            heard = t.transcribe(audio, vocab)  # ...this is what stands before text on screen
            ends.append(time.perf_counter() - t0)
            rtfs.append(heard.rtf)
            audio_s, text = audio.size / RATE, heard.text
        print(f"{label + ': length':<58} {audio_s:.1f} s of speech")
        print(f"{'  real-time factor, median of 5 (goal <= 0.2)':<58} {statistics.median(rtfs):.3f}")
        print(f"{'  end of speech to text, median (goal < 1.5 s at 10 s)':<58} "
              f"{statistics.median(ends):.2f} s")
        print(f"{'  heard':<58} {text[:60]}...")
    print(f"{'model load (once per session)':<58} {load_s * 1000:.0f} ms; loads: {Transcriber.loads}")


if __name__ == "__main__":
    main()
