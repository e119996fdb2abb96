"""What a candidate may type instead of an answer, declared once for the consoles, the session,
the graph, the judges and the TUI. A command is one of these words alone (surrounding blanks
and case ignored); anything else, a line that starts with '/' included
("/v1/chat/completions is the route..."), is answer text and is graded."""
from __future__ import annotations

import re

END = frozenset({"/end", "/quit", "/stop"})
SKIP = frozenset({"/skip", "/next"})
HELP = frozenset({"/help", "/?"})
RUN = frozenset({"/run"})   # the coding round: run the latest code against the tests
COMMANDS = END | SKIP | HELP | RUN

HELP_TEXT = """Commands (each alone on a line of its own):
  /skip   move to the next question (also /next)
  /end    finish the interview now; you will still be graded (also /quit, /stop)
  /run    run your latest code against the examples and the current part's tests
          (coding round; the code is your last ``` block)
  /help   show this help (also /?)
Any other line, even one starting with /, is part of your answer."""

_LONE_WORD = re.compile(r"/[a-z]+")


def parse_command(text: str) -> str | None:
    """The command `text` is (lower case), or None when it is answer text."""
    word = text.strip().lower()
    return word if word in COMMANDS else None


def unknown_command(text: str) -> str | None:
    """A lone /word (letters only) that names no command, most likely a mistyped one: the
    front-ends say so instead of sending it. A path such as /v1/models, or a '/' line with
    more text after it, is not a command and stays an answer."""
    word = text.strip().lower()
    return word if _LONE_WORD.fullmatch(word) and word not in COMMANDS else None
