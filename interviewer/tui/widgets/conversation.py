"""The conversation log: interviewer and candidate turns, with interviewer text streaming in."""
from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import Static

from ...candidate_commands import parse_command
from ..outside_text import markup


class Turn(Static):
    """One utterance. Streaming appends to it; a withdrawn stream clears it."""

    def __init__(self, who: str, text: str = "", **kw):
        super().__init__(classes=f"turn {who}", **kw)
        self.who, self.text = who, text
        self._render_text()

    def _render_text(self) -> None:
        label = {"interviewer": "Interviewer", "candidate": "You", "notice": "Note"}[self.who]
        self.update(markup(f"[b]{label}[/b]\n$text", text=self.text) if self.text
                    else markup(f"[b]{label}[/b] …"))

    def append(self, piece: str) -> None:
        self.text += piece
        self._render_text()

    def replace(self, text: str) -> None:
        self.text = text
        self._render_text()


class ConversationLog(VerticalScroll):
    """Owns the turns on screen; knows which interviewer events already streamed."""

    def on_mount(self) -> None:
        self._streams: dict[str, Turn] = {}
        self._preview: Turn | None = None

    def preview(self, text: str) -> None:
        """Show the first question at once, before the engine has loaded; the engine's own
        question event then adopts this turn instead of adding a second one."""
        self._preview = self.add("interviewer", text)

    def add(self, who: str, text: str) -> Turn:
        turn = Turn(who, text)
        self.mount(turn)
        self.scroll_end(animate=False)
        return turn

    def stream(self, event_id: str, piece: str | None) -> None:
        """A piece of an interviewer turn as the model produces it (None: withdraw it)."""
        turn = self._streams.get(event_id)
        if piece is None:
            if turn is not None:
                turn.remove()
                del self._streams[event_id]
            return
        if turn is None:
            turn = self._streams[event_id] = self.add("interviewer", "")
        turn.append(piece)
        self.scroll_end(animate=False)

    def show_event(self, event) -> None:
        """A finished event from the engine; streamed ones only get their final text."""
        if event.type == "interviewer":
            if event.id in self._streams:
                self._streams.pop(event.id).replace(event.text)
            elif self._preview is not None and event.text == self._preview.text:
                self._preview = None          # the previewed question, now confirmed
            elif self._preview is not None:   # e.g. the opening: it goes before the question
                self.mount(Turn("interviewer", event.text), before=self._preview)
                self.call_after_refresh(self.scroll_end, animate=False)
            else:
                self.add("interviewer", event.text)
        elif event.type == "notice" and event.level != "info":
            self.add("notice", event.text)
        elif event.type == "code_run":   # counts only: the failing hidden tests stay hidden
            self.add("notice", f"run: part {event.part}, {event.passed} of {event.total} tests "
                               f"passed{', stopped: out of time' if event.timed_out else ''} "
                               f"({event.duration_ms} ms, {event.isolation})")

    def show_history(self, events) -> None:
        """A resumed session's conversation so far, as it was shown live: the interviewer's
        turns, the candidate's answers (not the commands) and the notices."""
        for e in events:
            if e.type == "candidate":
                if parse_command(e.text) is None:
                    self.add("candidate", e.text)
            else:
                self.show_event(e)
