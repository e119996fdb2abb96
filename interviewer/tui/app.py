"""The terminal app. Screens compose widgets and post messages upward; the app owns the
navigation between them. One factory, make_app(config), for the CLI and the tests."""
from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import App

from transcripts import data_dir, list_sessions, load, sessions_dir

from .config import AppConfig
from .screens.interview import InterviewFinished, InterviewScreen
from .screens.pick import PickScreen, StartInterview, set_missed
from .screens.scorecard import ScorecardScreen
from .screens.sessions import SessionsScreen, missed_criteria


class InterviewApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "fde-interview"

    def __init__(self, config: AppConfig):
        super().__init__()
        self.config = config
        self.voice_enabled = config.voice is not None

    def on_mount(self) -> None:
        self.sub_title = f"mock interviews · {self.config.provider_label}"
        if self.config.resume:
            self.push_screen(InterviewScreen(self.config, self.config.round, None,
                                             resume=self.config.resume))
        elif self.config.start_now:
            self.push_screen(InterviewScreen(self.config, self.config.round,
                                             self.config.questions))
        else:
            self.push_screen(self._pick())

    def _pick(self) -> PickScreen:
        rows = [r for r in list_sessions(sessions_dir(self.config.out)) if not r.error]
        unfinished = [r for r in rows if not r.finished and r.turns > 0]
        set_missed(missed_criteria([r.path for r in rows]))
        return PickScreen(self.config.provider_label, self.config.round, unfinished,
                          voice_available=self.config.voice is not None)

    @on(StartInterview)
    def _start(self, message: StartInterview) -> None:
        self.push_screen(InterviewScreen(self.config, message.round_type, message.questions))

    def resume(self, session_id: str) -> None:
        header = load(sessions_dir(self.config.out) / f"{session_id}.jsonl").header
        self.push_screen(InterviewScreen(self.config, header.round, None, resume=session_id))

    @on(InterviewFinished)
    def _finished(self, message: InterviewFinished) -> None:
        session = message.session
        scores = [e for e in _events(session.path) if e.type == "score"]
        if not scores:
            self.notify("The interview ended without a scorecard.", severity="warning")
            return
        self.switch_screen(ScorecardScreen(scores[-1].scorecard, session.id,
                                           data_dir(self.config.out) / "exports",
                                           transcript=session.path, score_id=scores[-1].id))

    def action_sessions(self) -> None:
        self.push_screen(SessionsScreen(self.config.out))

    def action_new_interview(self) -> None:
        self.switch_screen(self._pick())


def _events(path: Path):
    from transcripts import load
    return load(path).events


def make_app(config: AppConfig | None = None) -> InterviewApp:
    return InterviewApp(config or AppConfig())
