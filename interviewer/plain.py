"""`fde-interview practice --plain`: the interview on stdin/stdout, for scripts, pipes and
screen readers. An answer ends at an empty line; /skip, /end and /help are commands; end of
input ends the interview normally and grades it; Ctrl-C leaves it saved for --resume."""
from __future__ import annotations

import sys
import textwrap
from typing import TextIO

from .session import Session, Turn

HELP = """Commands (each on a line of its own):
  /skip   move to the next question
  /end    finish the interview now; you will still be graded
  /help   show this help
Finish each answer with an empty line."""


def _say(out: TextIO, text: str, who: str = "Interviewer") -> None:
    body = textwrap.fill(text, width=96, initial_indent="  ", subsequent_indent="  ")
    out.write(f"\n{who}:\n{body}\n")


def show(out: TextIO, turn: Turn, streamed: set[str] = frozenset()) -> None:
    for e in turn.events:
        if e.type == "interviewer" and e.id not in streamed:
            _say(out, e.text)
        elif e.type == "notice" and e.level != "info":
            out.write(f"\n[{e.level}] {e.text}\n")
        elif e.type == "score":
            out.write(render_scorecard(e.scorecard))
    out.flush()


def render_scorecard(card: dict) -> str:
    from .judges.export import to_text
    from .judges.scorecard import Scorecard
    return to_text(Scorecard.model_validate(card))


def read_answer(inp: TextIO, out: TextIO, prompt: str) -> str | None:
    """Lines up to an empty line. None at end of input with nothing typed."""
    out.write(f"\n{prompt} (end with an empty line)\n> ")
    out.flush()
    lines: list[str] = []
    while True:
        line = inp.readline()
        if not line:   # end of input
            return "\n".join(lines).strip() or None
        line = line.rstrip("\n")
        if not line.strip():
            if lines:
                return "\n".join(lines).strip()
            continue   # ignore blank lines before an answer starts
        if not lines and line.strip().startswith("/"):
            return line.strip()   # commands need no empty line
        lines.append(line)


class _Streamer:
    """Prints the interviewer's words as the model streams them."""

    def __init__(self, out: TextIO):
        self.out, self.current, self.done = out, None, set()

    def __call__(self, event_id: str, piece: str | None) -> None:
        if piece is None:   # the model failed mid-turn: its words are withdrawn
            self.out.write("\n  [the model stopped; the offline interviewer takes this turn]\n")
            self.done.discard(event_id)
            self.current = None
            return
        if event_id != self.current:
            self.current = event_id
            self.done.add(event_id)
            self.out.write("\nInterviewer:\n  ")
        self.out.write(piece)
        self.out.flush()


def run_plain(session: Session, inp: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    show(out, session.start())
    eof = False
    try:
        while session.awaiting():
            if eof:
                text = "/end"
            else:
                prompt = "Your answer" if session.awaiting() == "answer" else "Your questions"
                text = read_answer(inp, out, prompt)
                if text is None:
                    eof = True
                    text = "/end"
                elif text.lower() in ("/help", "/?"):
                    out.write(HELP + "\n")
                    continue
            streamer = _Streamer(out)
            turn = session.answer(text, on_text=streamer if session.llm else None)
            show(out, turn, streamer.done)
    except KeyboardInterrupt:
        out.write(f"\n\nSaved. Continue with: fde-interview practice --plain --resume "
                  f"{session.id}\n")
        out.flush()
        return 130
    out.write(f"\nTranscript: {session.path}\n")
    out.flush()
    return 0
