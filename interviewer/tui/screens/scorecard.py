"""The scorecard: verdicts with evidence, numbers, red flags, the level, and how far the judge
can be trusted; the model answers on request (below it, scrolled into view); export to
Markdown or HTML. The page scrolls from the keyboard."""
from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Markdown

from rubrics import default_bank
from transcripts import Scorecard, write_private

from ...judges.export import to_html, to_markdown
from ...terminal_text import visible
from ..widgets.document import SCROLL_KEYS
from ..widgets.labels import LabelPanel


class ScorecardScreen(Screen):
    BINDINGS = [("a", "answers", "Model answers"), ("m", "export('md')", "Export .md"),
                ("h", "export('html')", "Export .html"), ("s", "app.sessions", "Sessions"),
                ("n", "app.new_interview", "New interview"), ("l", "label", "Label the grades"),
                ("ctrl+q", "app.quit", "Quit"), *SCROLL_KEYS]

    def __init__(self, scorecard: Scorecard, session_id: str, export_dir: Path,
                 transcript: Path | None = None, score_id: str | None = None) -> None:
        super().__init__()
        self.scorecard, self.session_id, self.export_dir = scorecard, session_id, export_dir
        self.transcript, self.score_id = transcript, score_id   # what a label refers to
        self.showing_answers = False

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="scorecard-scroll", classes="document"):
            yield Markdown(visible(self._scorecard_md()), id="scorecard")
            yield Markdown(id="answers")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#scorecard-scroll").focus()

    def _scorecard_md(self) -> str:
        return to_markdown(self.scorecard, title=f"Scorecard: {self.session_id}")

    def _answers_md(self) -> str:
        bank = default_bank()
        md = "# Model answers\n"
        for q in self.scorecard.questions:
            card = bank.get(q.question)
            md += f"\n## {card.id}: {card.title}\n\n" + card.model_answer.text + "\n"
        return md

    def _markdown(self) -> str:
        """What the screen shows, as one Markdown text."""
        md = self._scorecard_md()
        return md + "\n\n" + self._answers_md() if self.showing_answers else md

    async def action_answers(self) -> None:
        """Show the model answers and bring them into view; again: hide them."""
        self.showing_answers = not self.showing_answers
        answers = self.query_one("#answers", Markdown)
        scroll = self.query_one("#scorecard-scroll", VerticalScroll)
        if self.showing_answers:
            await answers.update(visible(self._answers_md()))
        answers.set_class(self.showing_answers, "shown")
        if self.showing_answers:
            self.call_after_refresh(scroll.scroll_to_widget, answers, top=True, animate=False)

    def action_scroll(self, how: str) -> None:
        getattr(self.query_one("#scorecard-scroll"), f"action_{how}")()

    def action_export(self, fmt: str) -> None:
        path = self.export_dir / f"{self.session_id}.{fmt}"
        title = f"Scorecard: {self.session_id}"
        try:   # 0600 in a 0700 folder: it holds the candidate's answers
            write_private(path, to_markdown(self.scorecard, title) if fmt == "md"
                          else to_html(self.scorecard, title))
        except OSError as exc:
            self.notify(visible(f"{path}: not saved: {exc.strerror or exc}"), severity="error",
                        markup=False)
            return
        self.notify(visible(f"Saved {path}"), markup=False)

    def action_label(self) -> None:
        """Your own grade beside each of the judge's, appended as a label event."""
        if self.transcript is None:
            self.notify("Labelling needs the saved session: fde-interview label FILE.",
                        severity="warning")
            return
        if self.query(LabelPanel):
            return
        self.mount(LabelPanel(self.transcript, self.score_id))

    @on(LabelPanel.Saved)
    def _labelled(self, message: LabelPanel.Saved) -> None:
        self.query(LabelPanel).remove()
        self.notify(f"Saved your labels as {message.event.id}; the judge's score stays as it was.")

    @on(LabelPanel.Closed)
    def _label_closed(self) -> None:
        self.query(LabelPanel).remove()
