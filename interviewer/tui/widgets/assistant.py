"""The AI assistant's side pane: the candidate's questions and its replies, and a line to ask
the next one (Enter). It owns its input and its log; asking posts `AssistantPane.Asked` to the
screen, which sends `/ask ...` through the session in its engine worker. A reply shows only
what the assistant said: whether it planted a mistake is the scorecard's to say."""
from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Input, Static

from ..outside_text import markup


class AssistantPane(Vertical):
    class Asked(Message):
        """The candidate asked the assistant `question`."""

        def __init__(self, question: str) -> None:
            super().__init__()
            self.question = question

    def compose(self) -> ComposeResult:
        yield Static("[b]AI assistant[/b]  (its answers may be wrong)", classes="side-title")
        with VerticalScroll(id="assistant-log"):
            yield Static("[dim]Ask it anything; check what it says.[/dim]",
                         id="assistant-empty")
        yield Input(placeholder="Ask the assistant (Enter)", id="assistant-input")

    @on(Input.Submitted, "#assistant-input")
    def _ask(self, event: Input.Submitted) -> None:
        event.stop()
        question = event.value.strip()
        if question:
            event.input.clear()
            self.post_message(self.Asked(question))

    def show(self, e) -> None:
        """One assistant event: the question and the reply (text escaped: it is data)."""
        self.query("#assistant-empty").remove()
        log = self.query_one("#assistant-log", VerticalScroll)
        log.mount(Static(markup("[b]You[/b]: $ask\n[b]Assistant[/b]:\n$reply",
                                ask=e.ask, reply=e.reply), classes="assist"))
        log.scroll_end(animate=False)

    def refuse(self, why: str) -> None:
        """The assistant is off in this interview: say why and take no questions."""
        self.query("#assistant-empty").remove()
        self.query_one("#assistant-log", VerticalScroll).mount(
            Static(markup("[dim]$why[/dim]", why=why), classes="assist"))
        self.query_one("#assistant-input", Input).disabled = True
