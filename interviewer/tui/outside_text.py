"""Text that did not come from the program (the candidate's answers, the model's words, card,
transcript and file text, error messages) on its way to a renderer: never read as markup, so
`[/b]` cannot crash the app nor `[INST]` vanish, and with its control characters made visible,
since Textual would pass an ESC through to the terminal."""
from __future__ import annotations

from rich.text import Text
from textual.content import Content

from ..terminal_text import visible


def markup(template: str, **outside: object) -> Content:
    """The program's own `template` markup, each `$name` in it filled verbatim from `outside`."""
    return Content.from_markup(template, **{k: visible(str(v)) for k, v in outside.items()})


def plain(text: object) -> Content:
    """Outside text alone, for a Static or a Label."""
    return Content(visible(str(text)))


def cell(text: object) -> Text:
    """Outside text for a DataTable cell (a str cell would be read as markup)."""
    return Text(visible(str(text)))
