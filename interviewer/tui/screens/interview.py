"""The interview: the conversation, the answer editor, the number checks as they happen, the
time on this question, and a status bar. The engine runs in a worker thread, so the screen
never blocks; a failure leaves the typed answer in the editor."""
from __future__ import annotations

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Header, Static, TextArea

from rubrics import default_bank
from rubrics.rounds import get_policy

from ...candidate_commands import END, HELP, HELP_TEXT, parse_command, unknown_command
from ...terminal_text import visible
from ..config import AppConfig
from ..outside_text import markup
from ..widgets.assistant import AssistantPane
from ..widgets.conversation import ConversationLog
from ..widgets.numbers import NumberPanel
from ..widgets.timer import QuestionTimer


class InterviewFinished(Message):
    def __init__(self, session) -> None:
        super().__init__()
        self.session = session


class InterviewScreen(Screen):
    # priority: the editor would otherwise take these keys for itself (ctrl+e is end-of-line)
    # short descriptions: the footer fits at 80 columns; the help screen (F1) lists them all
    BINDINGS = [Binding("ctrl+s", "submit", "Submit",
                        tooltip="send the answer in the editor", priority=True),
                Binding("ctrl+n", "command('/skip')", "Skip",
                        tooltip="skip this question (/skip)", priority=True),
                # the coding round: run the editor's code (check_action hides it elsewhere)
                Binding("ctrl+r", "run_code", "Run",
                        tooltip="run your code against the examples and this part's tests "
                                "(/run)", priority=True),
                Binding("ctrl+e", "command('/end')", "End",
                        tooltip="end the interview now and see the scorecard (/end)",
                        priority=True),
                # voice keys: in the footer only with voice on (check_action); with it off,
                # Ctrl+T falls through to the second binding, which says why
                Binding("ctrl+t", "talk", "Record/stop",
                        tooltip="record an answer by voice; again to stop", priority=True),
                Binding("ctrl+t", "voice_off", "Why voice is off", show=False, priority=True),
                Binding("ctrl+x", "hush", "Hush",
                        tooltip="stop reading the question aloud", priority=True),
                Binding("ctrl+q", "app.quit", "Save & quit", priority=True),
                # only while a model call is in flight (check_action): the turn goes offline
                Binding("ctrl+c", "continue_offline", "Continue offline", priority=True)]

    def __init__(self, config: AppConfig, round_type: str, questions: list[str] | None,
                 resume: str | None = None) -> None:
        super().__init__()
        self.config, self.round_type, self.questions, self.resume_id = (
            config, round_type, questions, resume)
        self.session = None
        self.busy = True
        self.pending: str | None = None   # an answer submitted before the engine was ready
        self.submits = 0
        self.runs = 0
        self.recorder = None
        self.heard_source = "typed"
        # One seed for the preview and the engine, so both pick the same questions.
        import secrets
        self.seed = config.seed if config.seed is not None else secrets.randbelow(2**31)
        self.bank = default_bank()

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="interview"):
            with Vertical(id="main"):
                yield ConversationLog(id="log")
                yield self._editor()
            with Vertical(id="side"):
                yield Static("[b]Time[/b]", classes="side-title")
                yield QuestionTimer(id="timer")
                if self._voice:
                    yield Static("[b]Voice[/b]  Ctrl+T records", classes="side-title")
                    yield Static("not recording", id="meter")
                yield Static("[b]Number checks[/b]", classes="side-title")
                yield NumberPanel(id="numbers")
                policy = get_policy(self.round_type)
                if policy.assistant or policy.assistant_if_allowed:
                    yield AssistantPane(id="assistant")
        yield Static(self._status(), id="status")
        yield Footer()

    def _editor(self) -> TextArea:
        if get_policy(self.round_type).code_editor:
            ed = TextArea.code_editor(language="python", id="editor", soft_wrap=True)
        else:
            ed = TextArea(id="editor", soft_wrap=True, show_line_numbers=False)
        ed.placeholder = "Type your answer. Ctrl+S submits."
        return ed

    @property
    def _voice(self):
        return self.config.voice if getattr(self.app, "voice_enabled", True) else None

    def _status(self, path: str = "starting..."):
        llm = self.config.llm
        mode = "[green]offline[/green]" if llm is None else "$model"
        return markup(f" {mode}  │  round: $round  │  transcript: $path", path=path,
                      round=self.round_type,
                      model="" if llm is None else f"{llm.backend.name} · {llm.backend.model}")

    def on_mount(self) -> None:
        self.query_one("#editor").focus()
        self.query_one(QuestionTimer).start_round(get_policy(self.round_type).minutes)
        if self.config.llm is not None:
            self.config.llm.on_waiting = lambda: self.app.call_from_thread(self._show_waiting)
        if not self.resume_id:
            self._preview_first_question()
        if self._voice is not None:
            self._voice.warm()   # load the speech model once, in the background
        # Load the engine after the first paint: its imports would hold the GIL meanwhile.
        self.call_after_refresh(self.start_session)

    def on_unmount(self) -> None:
        """Give the session back (its lock and checkpoint connection) so that it can be
        resumed; a step still running keeps it until the process ends."""
        if self.session is not None and not self.busy:
            self.session.close()

    def _preview_first_question(self) -> None:
        """Paint the first question before the engine loads (it takes about a second to
        import): the choice is seeded, so the engine asks exactly this one."""
        # lazy: the engine's light selection module, imported after the screen composed
        from ...engine.selection import SelectionError, choose_questions, question_text
        try:
            chosen = choose_questions(self.bank, self.round_type, self.questions,
                                      self.config.count, self.seed)
        except SelectionError:
            return   # the engine will report it
        self.questions = chosen
        card = self.bank.get(chosen[0])
        self.query_one(ConversationLog).preview(question_text(card, get_policy(self.round_type)))
        self.query_one(QuestionTimer).restart(card.budget_minutes)

    # -- engine work, off the UI thread ---------------------------------------------------
    @work(thread=True, exclusive=True, group="engine")
    def start_session(self) -> None:
        from ...engine.session import Session, SessionError   # lazy: LangGraph, after paint
        try:
            if self.resume_id:
                s = Session.resume(self.resume_id, out=self.config.out, llm=self.config.llm,
                                   judge=self.config.judge)
            else:
                s = Session.new(round_type=self.round_type, questions=self.questions,
                                count=self.config.count, seed=self.seed,
                                max_follow_ups=self.config.max_follow_ups, out=self.config.out,
                                llm=self.config.llm, judge=self.config.judge)
            turn = s.start()
            history = self._history(s, turn) if self.resume_id else []
        except SessionError as exc:
            self.app.call_from_thread(self.notify, visible(str(exc)), severity="error",
                                      timeout=10, markup=False)
            return
        self.session = s
        self.app.call_from_thread(self._assistant_ready, s.assistant_refusal())
        self.app.call_from_thread(self._show_history, s.header.started, history)
        self.app.call_from_thread(self._after_turn, turn, None)

    @staticmethod
    def _history(session, turn) -> list:
        """A resumed session's conversation before this turn's events, from its transcript."""
        from transcripts import load   # lazy: with the engine, off the UI thread
        shown = {e.id for e in turn.events}
        return [e for e in load(session.path).events if e.id not in shown]

    @work(thread=True, exclusive=True, group="engine")
    def send(self, text: str, run: bool = False) -> None:
        log = self.query_one(ConversationLog)

        def on_saved(event) -> None:   # on disk now: only then is it shown
            if parse_command(event.text) is None:
                self.app.call_from_thread(log.add, "candidate", event.text)

        def on_text(event_id: str, piece: str | None) -> None:
            self.app.call_from_thread(log.stream, event_id, piece)
        try:
            source, self.heard_source = self.heard_source, "typed"
            turn = self.session.answer(text, source=source,   # the session marks commands
                                       on_text=on_text if self.config.llm else None,
                                       on_saved=on_saved, run=run)
        except Exception as exc:   # never lose what was typed
            self.app.call_from_thread(self._failed, text, exc)
            return
        # a run keeps the code in the editor: the candidate goes on editing it
        self.app.call_from_thread(self._after_turn, turn, None if run else text)

    # -- UI updates ------------------------------------------------------------------------
    def _show_history(self, started: str, events: list) -> None:
        """The conversation so far (a resumed session) and the clocks from the transcript:
        the round's since the session started, the question's since it was asked."""
        # the round's budget is the sum of its questions' budgets, as the greeting says
        minutes = sum(self.bank.get(q).budget_minutes for q in self.session.header.questions)
        self.query_one(QuestionTimer).start_round(minutes, since=started)
        self.query_one(ConversationLog).show_history(events)
        self._show_events(events)

    def _assistant_ready(self, refused: str | None) -> None:
        """The session knows whether the assistant is on (a loop may forbid AI)."""
        panes = self.query(AssistantPane)
        if refused is not None and panes:
            panes.first().refuse(refused)

    @on(AssistantPane.Asked)
    def _ask_assistant(self, message: AssistantPane.Asked) -> None:
        if self.busy or self.session is None:
            self.notify("Wait for the interviewer to finish.", timeout=3)
            return
        self._send(f"/ask {message.question}")

    def _show_events(self, events: list) -> None:
        """Number checks, assistant replies and the question clock (the log shows the
        words)."""
        for e in events:
            if e.type == "assistant" and self.query(AssistantPane):
                self.query_one(AssistantPane).show(e)
            if e.type == "tool_check":
                self.query_one(NumberPanel).add_check(e)
            if e.type == "interviewer" and e.act == "question" and e.question:
                self.query_one(QuestionTimer).restart(self.bank.get(e.question).budget_minutes,
                                                      since=e.t)

    def _after_turn(self, turn, sent: str | None) -> None:
        if not self.is_attached:   # the app quit while the engine worked
            return
        log = self.query_one(ConversationLog)
        editor = self.query_one("#editor", TextArea)
        if sent is not None and editor.text.strip() == sent.strip():
            editor.clear()
        if (sent is not None and parse_command(sent) in END
                and turn.awaiting == "closing"):
            # One press ends: the closing question ("what would you like to ask me?") is
            # skipped when the candidate asked to end; at the natural end it is offered.
            self._send(sent)
            return
        voice = self._voice
        if voice is not None and voice.speaker is not None and turn.utterances:
            voice.speaker.say(" ".join(u.text for u in turn.utterances))
        for e in turn.events:
            log.show_event(e)
            if e.type == "interviewer" and e.act == "question" and e.question:
                self._starter(e.question, editor)
        self._show_events(turn.events)
        self.query_one("#status", Static).update(self._status(str(self.session.path)))
        self.busy = False
        if turn.awaiting is None:
            self.post_message(InterviewFinished(self.session))
        elif self.pending is not None:
            text, self.pending = self.pending, None
            self.busy = True
            self.send(text)

    def _starter(self, question: str, editor: TextArea) -> None:
        """The coding round: an empty editor starts from the problem's starter code."""
        ctx = self.session.context
        if not ctx.policy.runs_code or ctx.problem is None or editor.text.strip():
            return
        try:
            problem = ctx.problem(question)
        except Exception as exc:   # a broken problem file: said, and the editor stays empty
            self.notify(f"The problem for {question} could not be loaded: {visible(str(exc))}",
                        severity="warning", markup=False)
            return
        if problem is not None:
            editor.text = problem.starter.strip("\n") + "\n"

    def _failed(self, text: str, exc: Exception) -> None:
        self.busy = False
        self.notify(f"The interviewer hit a problem: {visible(str(exc))}. Your answer is still "
                    "in the editor; submit it again.", severity="error", timeout=10, markup=False)

    def action_submit(self) -> None:
        """Ctrl+S. Keys typed just before it (a paste without bracketed paste, dictation,
        an auto-typer) may still be queued for the editor: submit once they have landed,
        so the whole answer goes, not a prefix. The screen and then the editor pass the
        keys on, so the submit waits its turn in both queues."""
        self._after_typing(self._submit_now)

    def _after_typing(self, callback, *args) -> None:
        """Run `callback` once the keys already on their way to the editor have reached it
        (Ctrl+S, Ctrl+N and Ctrl+E all wait so, and so keep the order they were pressed in)."""
        editor = self.query_one("#editor", TextArea)
        self.call_later(editor.call_later, callback, *args)

    def _submit_now(self) -> None:
        self.submits += 1   # Ctrl+S presses handled so far (what a test waits on)
        editor = self.query_one("#editor", TextArea)
        text = editor.text.strip()
        if not text:
            self.notify("Type an answer first (Ctrl+N skips the question).", timeout=3)
            return
        if parse_command(text) in HELP:
            self.notify(HELP_TEXT, markup=False, timeout=10)
            return
        if unknown_command(text):
            self.notify(f"unknown command {visible(text)}; /help lists them", markup=False,
                        timeout=5)
            return
        if self.session is None and self.pending is None:
            # The engine is still loading: keep the answer (it stays in the editor too) and
            # send it the moment it is ready; it is shown once it is saved.
            self.pending = text
            self.notify("The interviewer is getting ready; your answer will go as soon as "
                        "it is.", timeout=3)
            return
        if self.busy:
            self.notify("Wait for the interviewer to finish.", timeout=3)
            return
        self._send(text)

    # -- voice ---------------------------------------------------------------------------
    def action_voice_off(self) -> None:
        self.notify(self.app.voice_off_reason(), severity="warning", timeout=8, markup=False)

    def action_talk(self) -> None:
        voice = self._voice
        from ...voice import Recorder, VoiceUnavailable, meter   # lazy: the audio stack
        meter_w = self.query_one("#meter", Static)
        if self.recorder is None:
            def on_level(db: float) -> None:
                self.app.call_from_thread(meter_w.update, f"[red]● recording[/red] {meter(db)}")
            try:
                self.recorder = Recorder(voice.make_source(), on_level)
                self.recorder.start()
            except VoiceUnavailable as exc:
                self.recorder = None
                self.notify(f"{visible(str(exc))}. Type your answer instead.", severity="warning",
                            timeout=8, markup=False)
                return
            meter_w.update("[red]● recording[/red]")
            return
        recorder, self.recorder = self.recorder, None
        meter_w.update("recognising...")
        self.recognise(recorder)

    @work(thread=True, group="voice")
    def recognise(self, recorder) -> None:
        from ...voice import VoiceUnavailable   # lazy: the audio stack
        audio = recorder.stop()
        qid = self.session.current_question() if self.session else None
        vocab = list(self.bank.get(qid).vocabulary) if qid else []
        try:
            heard = self._voice.transcriber.transcribe(audio, vocab)
        except VoiceUnavailable as exc:
            self.app.call_from_thread(self.notify, visible(str(exc)), severity="error",
                                      timeout=8, markup=False)
            self.app.call_from_thread(self.query_one("#meter", Static).update, "voice off")
            return
        self.app.call_from_thread(self._heard, heard)

    def _heard(self, heard) -> None:
        meter_w = self.query_one("#meter", Static)
        if not heard.text:
            meter_w.update("heard nothing; Ctrl+T to try again")
            return
        editor = self.query_one("#editor", TextArea)
        editor.text = (editor.text.rstrip() + " " + heard.text).strip()
        self.heard_source = "voice"
        meter_w.update(f"heard {heard.duration_s:.1f} s in {heard.seconds:.1f} s; edit, then "
                       "Ctrl+S")
        editor.focus()

    # -- a slow model ---------------------------------------------------------------------
    def _show_waiting(self) -> None:
        from ...engine.llm_interviewer import WAITING_TEXT   # lazy: only with a slow model
        self.notify(WAITING_TEXT.capitalize(), timeout=4)
        self.query_one("#status", Static).update(f" [yellow]{WAITING_TEXT}[/yellow]")

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "continue_offline":   # otherwise Ctrl-C keeps its usual meaning
            llm = self.config.llm
            return llm is not None and llm.waiting
        if action in ("talk", "hush"):     # hidden from the footer and the help with voice off
            voice = self._voice
            return voice is not None and (action == "talk" or voice.speaker is not None)
        if action == "voice_off":
            return self._voice is None
        if action == "run_code":
            return get_policy(self.round_type).runs_code
        return True

    def action_continue_offline(self) -> None:
        if self.config.llm is not None and self.config.llm.interrupt():
            self.notify("Continuing offline for this turn.", timeout=3)

    def action_hush(self) -> None:
        voice = self._voice
        if voice is not None and voice.speaker is not None:
            voice.speaker.stop()

    def action_command(self, command: str) -> None:
        self._after_typing(self._command_now, command)

    def _command_now(self, command: str) -> None:
        if self.busy or self.session is None:
            self.notify("Wait for the interviewer to finish.", timeout=3)
            return
        self._send(command)

    def action_run_code(self) -> None:
        """Ctrl+R in the coding round: the editor's code is sent as an answer and run (the
        editor keeps it); with the editor empty, the latest code given runs again."""
        self._after_typing(self._run_now)

    def _run_now(self) -> None:
        self.runs += 1   # Ctrl+R presses handled so far (what a test waits on)
        if self.busy or self.session is None:
            self.notify("Wait for the interviewer to finish.", timeout=3)
            return
        text = self.query_one("#editor", TextArea).text.strip()
        self._send(text or "/run", run=bool(text))

    def _send(self, text: str, run: bool = False) -> None:
        self.busy = True
        self.send(text, run)   # shows the answer once the session has saved it
