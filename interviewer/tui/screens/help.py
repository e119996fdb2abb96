"""`?` (or F1): every key of the screen underneath, read from its bindings and the app's at the
moment it opens, so the list cannot drift from what the keys do (a key switched off, such as
Ctrl+T without voice, is listed as what it does then)."""
from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from ..outside_text import markup


def key_rows(screen: Screen) -> list[tuple[str, str]]:
    """(keys, what they do) for every binding of `screen` and of the app that is enabled
    now, keys of one action joined ("→ n"): the program's own first, then Textual's (Tab,
    copy). A key bound twice is listed where it acts. The focused widget's own keys (a
    table's cursor, the editor's) are the widgets' and are not listed."""
    app = screen.app
    textual_own = {(b.key, b.action) for base in (Screen, App)
                   for b in Binding.make_bindings(base.BINDINGS)}
    rows: dict[tuple[str, str], list[str]] = {}
    later: dict[tuple[str, str], list[str]] = {}
    seen: set[str] = set()
    for node in (screen, app):
        for key, binding in node._bindings:   # the merged BINDINGS of the class hierarchy
            if binding.system or not binding.description or key in seen:
                continue
            # the same check the footer makes (check_action): False hides a binding
            if app._check_action_state(binding.action, node) is False:
                continue
            seen.add(key)
            what = binding.description + (f": {binding.tooltip}" if binding.tooltip else "")
            into = later if (key, binding.action) in textual_own else rows
            keys = into.setdefault((binding.action, what), [])
            shown = app.get_key_display(binding)
            if shown not in keys:
                keys.append(shown)
    return [(" ".join(keys), what) for (_action, what), keys in (rows | later).items()]


def screen_title(screen: Screen) -> str:
    return getattr(screen, "HELP_TITLE", None) or type(screen).__name__.removesuffix("Screen")


class HelpScreen(ModalScreen):
    BINDINGS = [Binding("escape,question_mark,f1,q", "dismiss", "Close")]

    def __init__(self, title: str, rows: list[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text, self.rows = title, rows

    def compose(self) -> ComposeResult:
        width = max((len(k) for k, _ in self.rows), default=0)
        lines = [markup(f"[b]$keys[/b]{' ' * (width - len(keys))}  $what", keys=keys,
                        what=what) for keys, what in self.rows]
        with VerticalScroll(id="help"):
            yield Static(markup("[b]Keys: $title[/b]", title=self.title_text), id="help-title")
            for line in lines:
                yield Static(line, classes="help-row")
            yield Static("[dim]Esc, ? or F1 closes[/dim]", id="help-close")

    @property
    def text(self) -> str:
        """The list as plain text (for the tests)."""
        return "\n".join(f"{k}  {w}" for k, w in self.rows)
