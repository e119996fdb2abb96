"""`fde-interview loop NAME --plain`: a company loop on the console. The loop's start says
its style, its AI rule and its rounds; each round is the plain console's session
(console/plain.run_plain) with a line saying which round it is and whether the assistant is
on; the combined scorecard comes at the end. End of input ends the round in progress (graded,
as in `practice`) and then stops the loop, saved for --resume, instead of ending every
round left with nothing said."""
from __future__ import annotations

import sys
import textwrap
from typing import TextIO

from rubrics.company_loops import AI_RULE_TEXT
from rubrics.rounds import get_policy

from ..engine.loop import LoopRun
from ..judges.loop_export import loop_to_text
from ..terminal_text import visible
from .plain import run_plain


class _Input:
    """stdin as run_plain reads it, noting end of input."""

    def __init__(self, inp: TextIO):
        self.inp, self.eof = inp, False

    def readline(self) -> str:
        line = self.inp.readline()
        self.eof = self.eof or not line
        return line

    def isatty(self) -> bool:
        try:
            return self.inp.isatty()
        except (AttributeError, ValueError):
            return False


def resume_command(run: LoopRun) -> str:
    name = "" if run.record.file else f" {run.loop.name}"
    return f"fde-interview loop{name} --plain --resume {run.id}"


def intro(run: LoopRun, out: TextIO) -> None:
    loop = run.loop
    out.write(f"\n{visible(loop.title)} ({loop.total.minutes} min, {len(loop.rounds)} rounds)"
              f"\n  {visible(loop.style)}\n  AI rule: {loop.ai.rule}. "
              f"{AI_RULE_TEXT[loop.ai.rule]}\n")
    for i, r in enumerate(loop.rounds, 1):
        on = ", assistant on" if run.assistant_on(r) else ""
        out.write(f"  {i}. {visible(r.label)} ({r.type}, {r.minutes} min{on})\n")
    out.write(f"  Loop {run.id}: saved as you go; continue later with {resume_command(run)}\n")


def run_loop_plain(run: LoopRun, llm=None, inp: TextIO | None = None,
                   out: TextIO | None = None) -> int:
    """Every round left, in order, then the combined scorecard. 130 on Ctrl-C (saved).
    `inp`, `out`: the process's streams by default, read when called."""
    inp = sys.stdin if inp is None else inp
    out = sys.stdout if out is None else out
    reader = _Input(inp)
    intro(run, out)
    try:
        while not run.done:
            start = run.current_round(llm)
            try:
                spec, n = start.spec, len(run.loop.rounds)
                again = " (continued)" if start.resumed else ""
                assistant = "on" if run.assistant_on(spec) else "off"
                out.write(f"\n=== Round {start.index + 1} of {n}{again}: {visible(spec.label)} "
                          f"({get_policy(spec.type).title}, {spec.minutes} min; assistant "
                          f"{assistant}) ===\n")
                if spec.brief and not start.resumed:
                    out.write(textwrap.fill(visible(spec.brief), width=96, initial_indent="  ",
                                            subsequent_indent="  ") + "\n")
                out.flush()
                if not start.session.done:
                    rc = run_plain(start.session, reader, out, resume_hint=resume_command(run))
                    if rc != 0:
                        return rc
                run.finish_round(start)
            finally:
                start.session.close()
            if reader.eof and not run.done:
                out.write(f"\nEnd of input: the loop stops after round {start.index + 1}. "
                          f"Continue with: {resume_command(run)}\n")
                return 0
    except KeyboardInterrupt:
        out.write(f"\n\nSaved. Continue with: {resume_command(run)}\n")
        return 130
    out.write(loop_to_text(run.record.scorecard, run.id))
    out.write(f"Loop record: {run.path}\n")
    out.flush()
    return 0
