"""What a candidate may type instead of an answer, declared once for the consoles, the session,
the graph, the judges and the TUI. A command is one of these words alone (surrounding blanks
and case ignored); anything else, a line that starts with '/' included
("/v1/chat/completions is the route..."), is answer text and is graded. The one exception is
/ask, which takes the rest of the text as a question to the AI assistant (where the round has
one): "/ask what is the KV cache per token?"."""
from __future__ import annotations

import re

END = frozenset({"/end", "/quit", "/stop"})
SKIP = frozenset({"/skip", "/next"})
HELP = frozenset({"/help", "/?"})
RUN = frozenset({"/run"})   # the coding round: run the latest code against the tests
ASK = "/ask"
COMMANDS = END | SKIP | HELP | RUN | {ASK}

HELP_TEXT = """Commands (each alone on a line of its own):
  /skip   move to the next question (also /next)
  /end    finish the interview now; you will still be graded (also /quit, /stop)
  /run    run your latest code against the examples and the current part's tests
          (coding round; the code is your last ``` block)
  /help   show this help (also /?)
  /ask QUESTION   ask the AI assistant (rounds that have one); the rest of the text is
          the question, and its reply may be wrong: check it
Any other line, even one starting with /, is part of your answer."""

_LONE_WORD = re.compile(r"/[a-z]+")
_ASK = re.compile(r"\s*/ask(?:\s+(?P<q>.*))?\Z", re.IGNORECASE | re.DOTALL)


def parse_command(text: str) -> str | None:
    """The command `text` is (lower case), or None when it is answer text."""
    word = text.strip().lower()
    if word in COMMANDS:
        return word
    return ASK if _ASK.match(text) else None


def ask_question(text: str) -> str | None:
    """The question of an /ask command ("" when /ask came alone), or None for any other text."""
    m = _ASK.match(text)
    return (m.group("q") or "").strip() if m else None


def unknown_command(text: str) -> str | None:
    """A lone /word (letters only) that names no command, most likely a mistyped one: the
    front-ends say so instead of sending it. A path such as /v1/models, or a '/' line with
    more text after it, is not a command and stays an answer."""
    word = text.strip().lower()
    return word if _LONE_WORD.fullmatch(word) and word not in COMMANDS else None
