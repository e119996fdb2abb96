"""The terminal app. Screens compose widgets and post messages upward; the app owns the
navigation between them. One factory, make_app(config), for the CLI and the tests."""
from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import App
from textual.binding import Binding

from transcripts import data_dir, list_sessions, load, sessions_dir

from .config import AppConfig
from .screens.help import HelpScreen, key_rows, screen_title
from .screens.interview import InterviewFinished, InterviewScreen
from .screens.pick import PickScreen, StartInterview, set_missed
from .screens.scorecard import ScorecardScreen
from .screens.sessions import SessionsScreen, missed_criteria


class InterviewApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "fde-interview"
    # F1 everywhere; `?` too, except where it is typed (the answer editor, the filters)
    BINDINGS = [Binding("f1", "help", "Keys", key_display="F1"),
                Binding("question_mark", "help", "Keys", show=False)]
    ENABLE_COMMAND_PALETTE = False   # its footer key crowded out the app's own at 80 columns

    def __init__(self, config: AppConfig):
        super().__init__()
        self.config = config
        self.voice_enabled = config.voice is not None
        self.round_choice = config.round   # the pick screen's round filter, kept between runs
        self.resume_dismissed = False      # the pick screen's resume bar, for this run

    def on_mount(self) -> None:
        self.sub_title = f"mock interviews · {self.config.provider_label}"
        if self.config.voice_note:   # printed before the app took the screen: say it here
            self.notify(self.config.voice_note, title="voice", severity="warning",
                        timeout=12, markup=False)
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
        return PickScreen(self.config.provider_label, self.round_choice,
                          [] if self.resume_dismissed else unfinished,
                          voice_available=self.config.voice is not None)

    @on(StartInterview)
    def _start(self, message: StartInterview) -> None:
        self.round_choice = message.round_type
        self.push_screen(InterviewScreen(self.config, message.round_type, message.questions))

    def voice_off_reason(self) -> str:
        if self.config.voice is not None:
            return "Voice is off: it was switched off on the start screen."
        if self.config.voice_note:   # setup's own words: "voice is off: no microphone..."
            return self.config.voice_note[:1].upper() + self.config.voice_note[1:]
        return "Voice is off (start with --voice)."

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(screen_title(self.screen), key_rows(self.screen)))

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
