"""Choose a round and questions. Filters narrow the table; "surprise me" leans toward the
questions whose criteria the candidate has missed most."""
from __future__ import annotations

import random
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Header, Input, Label, Select, Static, Switch

from rubrics import ROUND_TYPES, THEMES, default_bank

from ..outside_text import cell, markup

MARK = {"near-verbatim": "◻", "same-scenario": "▨", "other-sources": "■",
        "no-interview-source": "┄"}


LEGEND = {"near-verbatim": "prep-site question, near-verbatim",
          "same-scenario": "prep-site scenario, reworded",
          "other-sources": "other sources",
          "no-interview-source": "no interview source (design scenario)"}


class StartInterview(Message):
    """Posted upward: start a session with these questions in this round."""

    def __init__(self, round_type: str, questions: list[str] | None) -> None:
        super().__init__()
        self.round_type, self.questions = round_type, questions


class PickScreen(Screen):
    # No screen-wide Enter: it starts from the question list (a row chosen) or the Start
    # button only, never from a filter that happens to have the focus.
    BINDINGS = [("ctrl+r", "surprise", "Surprise me"), ("s", "sessions", "Sessions"),
                Binding("escape", "dismiss_resume", "Hide resume bar"),
                ("ctrl+q", "app.quit", "Quit")]

    def __init__(self, provider: str, round_type: str, unfinished: list = (),
                 voice_available: bool = False) -> None:
        super().__init__()
        self.provider, self.round_type, self.unfinished = provider, round_type, list(unfinished)
        self.voice_available = voice_available
        self.bank = default_bank()

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Vertical(id="pick"):
            if self.unfinished:
                s = self.unfinished[0]
                with Horizontal(id="resume-bar"):
                    yield Label(markup("Unfinished session $id ($round, $questions).",
                                       id=s.session_id, round=s.round,
                                       questions=", ".join(s.questions)))
                    yield Button("Resume", id="resume", variant="warning")
                    yield Button("Not now", id="dismiss-resume")
            with Horizontal(id="filters"):
                yield Select([(r, r) for r in ROUND_TYPES], value=self.round_type,
                             allow_blank=False, id="round")
                yield Select([(v, k) for k, v in THEMES.items()], prompt="any theme", id="theme")
                yield Input(placeholder="chapter", id="chapter", type="integer")
                yield Label(markup("provider: $provider", provider=self.provider), id="provider")
                yield Label("voice", classes="switch-label")
                yield Switch(value=self.voice_available, id="voice",
                             tooltip="answer by voice (start with --voice to enable)")
            yield DataTable(id="cards", cursor_type="row", zebra_stripes=True)
            yield Static(id="legend")
            with Horizontal(id="pick-buttons"):
                yield Button("Start selected", id="start", variant="primary",
                             tooltip="the question under the cursor (Enter in the list)")
                yield Button("Start round", id="start-round",
                             tooltip="the round's usual questions")
                yield Button("Surprise me", id="surprise")
                yield Button("Sessions", id="sessions")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#cards", DataTable)
        table.add_columns("id", "ch", "theme", "rounds", "src", "title")
        self.query_one("#legend", Static).update(
            "  ".join(f"{MARK[k]} {v}" for k, v in LEGEND.items()))
        self.query_one("#voice", Switch).disabled = not self.voice_available
        self.refill()
        table.focus()

    def refill(self) -> None:
        table = self.query_one("#cards", DataTable)
        table.clear()
        theme = self.query_one("#theme", Select).value
        chapter = self.query_one("#chapter", Input).value
        rnd = self.query_one("#round", Select).value
        for c in self.bank:
            if isinstance(rnd, str) and rnd not in c.rounds:
                continue
            if isinstance(theme, str) and c.theme != theme:   # blank: any theme
                continue
            if chapter.strip().isdigit() and c.chapter != int(chapter):
                continue
            table.add_row(*map(cell, (c.id, c.chapter, c.theme, ",".join(c.rounds),
                                      MARK[c.provenance.label], c.title)), key=c.id)

    @on(Select.Changed)
    @on(Input.Changed)
    def _filters_changed(self) -> None:
        self.refill()

    @on(Switch.Changed, "#voice")
    def _voice_toggled(self, event: Switch.Changed) -> None:
        self.app.voice_enabled = event.value

    def selected(self) -> str | None:
        table = self.query_one("#cards", DataTable)
        if not table.row_count:
            return None
        return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value

    def action_start(self) -> None:
        qid = self.selected()
        self.post_message(StartInterview(self.query_one("#round", Select).value,
                                         [qid] if qid else None))

    def action_surprise(self) -> None:
        rnd = self.query_one("#round", Select).value
        pool = [c for c in self.bank if rnd in c.rounds]
        weights = [1 + missed_count(c.id) for c in pool]
        pick = random.choices(pool, weights=weights)[0]
        self.post_message(StartInterview(rnd, [pick.id]))

    def action_sessions(self) -> None:
        self.app.action_sessions()

    @on(DataTable.RowSelected)
    def _row_chosen(self) -> None:
        self.action_start()

    @on(Button.Pressed)
    def _button(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "start-round":
            self.post_message(StartInterview(self.query_one("#round", Select).value, None))
        elif event.button.id == "surprise":
            self.action_surprise()
        elif event.button.id == "sessions":
            self.action_sessions()
        elif event.button.id == "resume":
            self.app.resume(self.unfinished[0].session_id)
        elif event.button.id == "dismiss-resume":
            self.action_dismiss_resume()

    def on_screen_resume(self) -> None:
        """Back from Sessions: a session archived or deleted there is no longer offered."""
        if self.unfinished and not Path(self.unfinished[0].path).exists():
            self.query("#resume-bar").remove()
            self.unfinished = []
            self.refresh_bindings()

    def action_dismiss_resume(self) -> None:
        """Hide the resume bar for this run (the session stays listed under Sessions, where it
        can be archived or deleted)."""
        self.query("#resume-bar").remove()
        self.unfinished = []
        self.app.resume_dismissed = True
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "dismiss_resume":
            return bool(self.unfinished)
        return True


_MISSED: dict[str, int] = {}


def missed_count(card_id: str) -> int:
    return _MISSED.get(card_id, 0)


def set_missed(counts: dict[str, int]) -> None:
    """Criteria missed per question across past sessions (weights for "surprise me")."""
    _MISSED.clear()
    _MISSED.update(counts)
