"""The labelling panel on the scorecard: for each criterion and each question's level, the
candidate keeps the judge's grade (agrees) or picks their own; saving appends a label event
to the transcript through the judges' label service (the judge's score stays as it was)."""
from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Select, Static

from rubrics.vocab import LEVELS, UNSCORED, VERDICTS

from ...judges import labels
from ..outside_text import markup, plain


class LabelPanel(Vertical):
    """Your grade beside the judge's. Ctrl+S or the button saves; Escape closes."""

    DEFAULT_CSS = """
    LabelPanel { height: auto; border: round $accent; padding: 0 1; margin: 1 2; }
    LabelPanel .label-question { margin-top: 1; text-style: bold; }
    LabelPanel .label-row { height: auto; }
    LabelPanel .label-row Static { width: 1fr; padding: 1 1 0 0; }
    LabelPanel .label-row Select { width: 34; }
    LabelPanel #label-save { margin: 1 0; }
    """
    BINDINGS = [("ctrl+s", "save", "Save my labels"), ("escape", "close", "Close")]

    class Saved(Message):
        """The labels were appended (`event` is the label event)."""

        def __init__(self, event) -> None:
            super().__init__()
            self.event = event

    class Closed(Message):
        pass

    def __init__(self, transcript: Path, score_id: str | None = None, by: str | None = None):
        super().__init__(id="label-panel")
        self.transcript, self.score_id = Path(transcript), score_id
        self.by = by or labels.default_labeller()
        self.items: list[tuple[str, str | None, str]] = []   # (question, criterion|None, id)
        self.error: str | None = None
        try:
            self.target = labels.target(self.transcript, score_id)
        except labels.LabelError as exc:
            self.target, self.error = None, str(exc)

    def compose(self) -> ComposeResult:
        if self.target is None:
            yield Static(plain(f"Cannot label this session: {self.error}"), id="label-error")
            return
        sc = self.target.scorecard
        yield Static(markup("[b]Your grades[/b] beside the $judge judge's: keep its verdict if "
                            "you agree, pick your own if not (saved as $by; the judge's score "
                            "stays).", judge=sc.judge.name, by=self.by))
        for q in sc.questions:
            yield Static(plain(f"{q.question}: {q.title}"), classes="label-question")
            for c in q.criteria:
                sid = f"label-{len(self.items)}"
                self.items.append((q.question, c.id, sid))
                ev = f"  \u201c{c.evidence[0]}\u201d" if c.evidence else ""
                yield Horizontal(
                    Static(markup("$id [dim]the judge: $verdict$ev[/dim]", id=c.id,
                                  verdict=labels.shown(c.verdict), ev=ev)),
                    self._select(sid, VERDICTS, c.verdict, labels.shown), classes="label-row")
            sid = f"label-{len(self.items)}"
            self.items.append((q.question, None, sid))
            yield Horizontal(
                Static(markup("level [dim]the judge: $level[/dim]", level=q.level or UNSCORED)),
                self._select(sid, LEVELS, q.level, str), classes="label-row")
        yield Button("Save my labels (Ctrl+S)", id="label-save", variant="primary")

    @staticmethod
    def _select(sid: str, values, judge: str | None, word) -> Select:
        options = [(word(v) + ("  (the judge's)" if v == judge else ""), v) for v in values]
        scored = judge in values
        return Select(options, value=judge if scored else Select.BLANK, allow_blank=not scored,
                      prompt="your grade", id=sid)

    def on_mount(self) -> None:
        self.scroll_visible()
        selects = self.query(Select)
        if selects:
            selects.first().focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "label-save":
            event.stop()
            self.action_save()

    def action_save(self) -> None:
        if self.target is None:
            return
        verdicts, levels = {}, {}
        for qid, cid, sid in self.items:
            value = self.query_one(f"#{sid}", Select).value
            if value is Select.BLANK:
                what = f"{qid}/{cid}" if cid else f"the level of {qid}"
                self.app.notify(f"Give your own grade for {what}: the judge left it unscored.",
                                severity="warning", markup=False)
                return
            if cid is None:
                levels[qid] = value
            else:
                verdicts[(qid, cid)] = value
        try:
            event = labels.append(self.transcript,
                                  labels.build(self.target, verdicts, levels, self.by))
        except (labels.LabelError, OSError) as exc:
            self.app.notify(plain(f"Labels not saved: {exc}"), severity="error")
            return
        self.post_message(self.Saved(event))

    def action_close(self) -> None:
        self.post_message(self.Closed())
