"""Voice in the plain console: Enter starts and stops recording, the recogniser's text is
shown to confirm or correct, and only confirmed text reaches the interviewer."""
from __future__ import annotations

from typing import TextIO

from ..terminal_text import visible
from ..voice import Recorder, VoiceUnavailable, meter
from ..voice.setup import VoiceSetup


def record_answer(voice: VoiceSetup, inp: TextIO, out: TextIO, vocabulary: list[str]) -> str | None:
    """One spoken answer, confirmed or corrected by the candidate. None: fall back to typing."""
    while True:
        levels: list[float] = []
        live = out.isatty()

        def on_level(db: float) -> None:
            levels.append(db)
            if live:
                out.write(f"\r  ● recording {meter(db)}  (Enter stops)")
                out.flush()
        try:
            rec = Recorder(voice.make_source(), on_level)
            rec.start()
        except VoiceUnavailable as exc:
            out.write(f"\nvoice stopped: {exc}. Type your answer instead.\n")
            return None
        if not live:
            out.write("  ● recording (Enter stops)\n")
        inp.readline()
        audio = rec.stop()
        out.write(f"\n  peak level {meter(max(levels, default=-60.0))}  recognising...\n")
        out.flush()
        try:
            heard = voice.transcriber.transcribe(audio, vocabulary)
        except VoiceUnavailable as exc:
            out.write(f"voice stopped: {exc}. Type your answer instead.\n")
            return None
        if not heard.text:
            out.write("  I heard nothing I could recognise. Press Enter to try again, or type.\n")
        else:
            out.write(f"  Heard: {visible(heard.text)}\n  Enter sends it; type a correction (end with "
                      f"an empty line); /retry records again.\n> ")
        out.flush()
        first = inp.readline()
        if not first:   # end of input
            return heard.text or None
        first = first.rstrip("\n")
        if first.strip() == "/retry" or (not heard.text and not first.strip()):
            continue
        if not first.strip():
            return heard.text
        lines = [first]
        while True:   # a typed correction, to an empty line
            line = inp.readline()
            if not line or not line.strip():
                return "\n".join(lines).strip()
            lines.append(line.rstrip("\n"))
