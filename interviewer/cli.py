"""The `fde-interview` command line. Subcommand handlers import their modules lazily so
that `--help` stays fast (langgraph, textual and the SDKs are never imported for it)."""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import __version__
from .policies import MAX_FOLLOW_UPS

ROUNDS = ("screen", "technical", "system-design", "coding", "case", "customer", "behavioral")


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit status 2."""


def _lazy(module: str, name: str):
    """A handler imported only when its command runs (keeps --help fast)."""
    def run(args: argparse.Namespace) -> int:
        import importlib
        return getattr(importlib.import_module(f"{__package__}.{module}"), name)(args)
    return run


def whole_number(low: int, high: int | None = None):
    """An argparse type: an integer from `low` to `high`, else a message naming the bounds."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if n < low or (high is not None and n > high):
            bounds = f"at least {low}" if high is None else f"from {low} to {high}"
            raise argparse.ArgumentTypeError(f"must be {bounds}, got {n}")
        return n
    return parse


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {text!r}")
    return value


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="fde-interview",
        description="A mock interviewer for forward deployed engineer and applied-AI interviews: "
                    "curated questions, tool-checked numbers, rubric grading.")
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    practice = sub.add_parser("practice", help="run a mock interview (offline with no key)")
    practice.add_argument("--plain", action="store_true", help="console session on stdin/stdout")
    practice.add_argument("--voice", action="store_true", help="answer through the microphone")
    practice.add_argument("--speak", action="store_true", help="read the questions aloud")
    practice.add_argument("--whisper-model", metavar="NAME_OR_DIR",
                          help="a Whisper size name or a local CTranslate2 model directory")
    practice.add_argument("--audio-file", metavar="WAV",
                          help="feed this recording instead of the microphone (for checks)")
    practice.add_argument("--round", choices=ROUNDS, default="technical")
    practice.add_argument("--question", action="append", metavar="ID", help="repeatable")
    practice.add_argument("--questions", type=whole_number(1), metavar="N")
    practice.add_argument("--max-follow-ups", type=whole_number(0, MAX_FOLLOW_UPS), default=3,
                          metavar="N", help=f"per question, 0 to {MAX_FOLLOW_UPS} (default 3)")
    practice.add_argument("--seed", type=int)
    practice.add_argument("--out", metavar="DIR", help="where transcripts are saved")
    practice.add_argument("--resume", metavar="SESSION_ID")
    practice.add_argument("--provider", choices=("anthropic", "openai", "openai-compatible"))
    practice.add_argument("--model")
    practice.add_argument("--base-url")
    practice.add_argument("--turn-deadline", type=_seconds, metavar="SECONDS",
                          help="longest wait for the model per turn (default 20), then the "
                               "offline interviewer takes the turn")
    practice.add_argument("--api-key", help="overrides the config file and environment "
                          "(prefer the environment: ANTHROPIC_API_KEY, OPENAI_API_KEY)")
    practice.set_defaults(run=_lazy("practice_cli", "run_practice"))

    sessions = sub.add_parser("sessions", help="list saved sessions")
    sessions.add_argument("--json", action="store_true")
    sessions.add_argument("--out", metavar="DIR", help="where transcripts are saved")
    sessions.set_defaults(run=_lazy("practice_cli", "run_sessions"))
    replay = sub.add_parser("replay", help="print a saved transcript turn by turn")
    replay.add_argument("file", help="a transcript file, or a session id")
    replay.add_argument("--out", metavar="DIR", help="where transcripts are saved (to find an id)")
    replay.set_defaults(run=_lazy("practice_cli", "run_replay"))
    score = sub.add_parser("score", help="re-score saved transcripts (appends a score event)")
    score.add_argument("files", nargs="+")
    score.add_argument("--judge", choices=("heuristic", "llm"), default="heuristic")
    score.set_defaults(run=_lazy("grading_cli", "run_score"))
    calibrate = sub.add_parser("calibrate", help="judge agreement with the reference grades")
    calibrate.add_argument("--judge", choices=("heuristic", "llm"), default="heuristic")
    calibrate.add_argument("--set", metavar="DIR")
    calibrate.add_argument("--json", action="store_true")
    calibrate.set_defaults(run=_lazy("grading_cli", "run_calibrate"))
    from .grading_cli_args import add_grading_args
    add_grading_args(score, calibrate)
    check = sub.add_parser("check-endpoint", help="probe an OpenAI-compatible server (vLLM)")
    check.add_argument("--base-url", required=True)
    check.add_argument("--model")
    check.add_argument("--api-key")
    check.add_argument("--json", action="store_true")
    check.set_defaults(run=_lazy("practice_cli", "run_check_endpoint"))
    transcribe = sub.add_parser("transcribe", help="print what the speech recogniser hears")
    transcribe.add_argument("file")
    transcribe.add_argument("--question", metavar="ID")
    transcribe.add_argument("--json", action="store_true")
    transcribe.add_argument("--whisper-model", metavar="NAME_OR_DIR")
    transcribe.set_defaults(run=_lazy("practice_cli", "run_transcribe"))

    from .bank_cli import add_bank_commands
    from .tools_cli import add_tools_command
    add_bank_commands(sub)
    add_tools_command(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 0
    try:
        return args.run(args) or 0
    except UsageError as exc:
        print(f"fde-interview: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:   # `fde-interview questions | head`
        return 0
    except KeyboardInterrupt:
        return 130
