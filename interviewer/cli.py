"""The `fde-interview` command line: one parser, to which each command group of
interviewer.commands adds its subcommands. Handlers import what they need when they run, so
that `--help` stays fast (langgraph, textual and the SDKs are never imported for it)."""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import __version__
from .commands import COMMANDS
from .errors import UsageError


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="fde-interview",
        description="A mock interviewer for forward deployed engineer and applied-AI interviews: "
                    "curated questions, tool-checked numbers, rubric grading.")
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        command.register(sub)
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
