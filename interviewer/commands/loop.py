"""`fde-interview loop`: a company's whole loop (several rounds, its AI rule) as one session
with a combined scorecard, from the packaged loop files or the user's own (--file). Handlers
import the engine and the console when they run (keeps --help fast)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import UsageError
from ..services import make_llm
from .options import add_provider_args, interrupt_on_ctrl_c, provider_settings, seconds


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("loop", help="run a company's interview loop: several rounds, one "
                                    "combined scorecard")
    p.add_argument("name", nargs="?", metavar="NAME", help="a packaged loop (see --list)")
    p.add_argument("--list", action="store_true", help="the loops, their AI rules and times")
    p.add_argument("--file", metavar="PATH", help="run your own loop file (TOML)")
    p.add_argument("--resume", metavar="LOOP_ID", help="continue a loop where it stopped")
    p.add_argument("--plain", action="store_true",
                   help="console session on stdin/stdout (loops run on the console)")
    p.add_argument("--seed", type=int)
    p.add_argument("--out", metavar="DIR", help="where transcripts and loop records go")
    add_provider_args(p)
    p.add_argument("--turn-deadline", type=seconds, metavar="SECONDS",
                   help="longest wait for the model per turn (default 20)")
    p.set_defaults(run=run_loop)


def _list(bank) -> int:
    from rubrics.company_loops import AI_RULE_TEXT, all_loops
    for loop in all_loops(bank):
        print(f"{loop.name:<18} {loop.title} | AI: {loop.ai.rule} | "
              f"{loop.total.minutes} min, {len(loop.rounds)} rounds")
        rounds = ", ".join(f"{r.label} {r.minutes}" + (" +assistant" if r.assistant else "")
                           for r in loop.rounds)
        print(f"{'':<18} rounds: {rounds}")
        print(f"{'':<18} {AI_RULE_TEXT[loop.ai.rule]}")
    return 0


def run_loop(a: argparse.Namespace) -> int:
    from rubrics import CardError, default_bank
    from rubrics.company_loops import LoopError, find_loop, load_loop
    try:
        bank = default_bank()
        if a.list:
            return _list(bank)
        if a.resume is None and (a.name is None) == (a.file is None):
            raise UsageError("give a loop NAME or --file PATH (see `fde-interview loop --list`)")
        loop = None
        if a.resume is None:
            loop = load_loop(a.file, bank) if a.file else find_loop(a.name, bank)
    except (LoopError, CardError) as exc:
        raise UsageError(str(exc)) from None
    llm = make_llm(**provider_settings(a))
    if llm is not None:
        print(f"interviewer: {llm.label}", file=sys.stderr)
    if not a.plain and sys.stdin.isatty() and sys.stdout.isatty():
        print("note: loops run on the plain console (--plain); the terminal app runs single "
              "rounds (fde-interview practice).", file=sys.stderr)
    interrupt_on_ctrl_c()
    from ..console.loop import run_loop_plain   # lazy: loads LangGraph
    from ..engine.loop import LoopRecordError, LoopRun
    from ..engine.session import SessionError
    try:
        if a.resume:
            run = LoopRun.resume(a.resume, out=a.out, bank=bank, name=a.name)
        else:
            run = LoopRun.start(loop, out=a.out, bank=bank, seed=a.seed,
                                file=str(Path(a.file).resolve()) if a.file else None)
    except (LoopRecordError, SessionError) as exc:
        raise UsageError(str(exc)) from None
    try:
        return run_loop_plain(run, llm)
    except SessionError as exc:
        raise UsageError(f"{exc} (the loop is saved: fde-interview loop --resume {run.id})") \
            from None
    finally:
        run.close()
