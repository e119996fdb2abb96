"""The command groups of `fde-interview`, one module each, in the order --help lists them.
Each module has `register(subparsers)`, which adds its subcommands with their handler as
`run`. Handlers call services (engine, judges, llm, the front-ends), never another command's
module; the modules import only what --help needs at the top, so that it stays fast."""
from __future__ import annotations

from . import bank, endpoint, grading, labels, loop, practice, sessions, tools, transcribe

COMMANDS = (practice, loop, sessions, grading, labels, endpoint, transcribe, bank, tools)

__all__ = ["COMMANDS"]
