"""The LLM side of the interviewer: it reads each answer for the policy (model_reading: the
criteria covered, the claims, thin or off the question) and words the move the pure router
chose (streamed). Any
failure here falls back to the offline interviewer for that turn; nothing it returns can crash
an interview or leak the rubric.

Every model call of one turn (the reading, then the wording) shares the turn's
deadline, runs off the caller's thread, and is abandoned when the deadline passes or the
candidate presses Ctrl-C (`interrupt`). After a failed turn a circuit breaker keeps the
session off the server until a cheap background re-probe gets an answer."""
from __future__ import annotations

import contextvars
import re
import signal
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from rubrics import Card
from rubrics.rounds import RoundPolicy

from ..llm.base import Backend, LLMError, Message, StructuredOutputError, TextSink
from ..llm.breaker import CircuitBreaker
from ..llm.retry import Deadline, DeadlineError, deadline_scope
from .model_calls import WORKERS, Branch, Pending
from .model_reading import READING_MAX_TOKENS, AnswerReading, reader_message, reader_system
from .prompts import assistant_system, move_message, neutralise, system_prompt

DEFAULT_TURN_DEADLINE_S = 20.0
WAIT_NOTICE_S = 2.0
WAITING_TEXT = "waiting for the model\u2026 (Ctrl-C: continue offline)"
CTRL_C_REASON = "you pressed Ctrl-C to go on without waiting for the model"
_POLL_S = 0.05
# Probe findings worth a line at the start: ones that change what the program does.
FALLBACK_FEATURES = ("completions", "model listed", "tool calling",
                     "response_format json_schema")


class ModelPaused(LLMError):
    """The circuit breaker is open: the turn goes offline without calling the server."""


class Leak(ValueError):
    """The model's wording would reveal the rubric or the model answer."""


# An opening that approves of what was said: not allowed after an answer holding something the
# calculators found wrong, nor when pressing a thin answer (the draft then carries no praise).
_PRAISE = re.compile(r"^\W*(?:great|good|excellent|nice|perfect|exactly|spot[- ]on|well done|"
                     r"impressive|fantastic|correct|right|that'?s (?:right|correct|spot on|a "
                     r"(?:great|good|solid))|solid|love (?:it|that))\b", re.IGNORECASE)


def _guard(text: str, card: Card, no_praise: bool = False) -> str:
    text = text.strip()
    if not text:
        raise Leak("empty reply")
    if no_praise and _PRAISE.search(text):
        raise Leak("praises an answer the checks did not bear out")
    for c in card.criteria:
        if re.search(rf"\b{re.escape(c.id)}\b", text) and "-" in c.id:
            raise Leak(f"names criterion {c.id}")
    words = card.model_answer.text.split()
    low = " ".join(text.split()).lower()
    for i in range(0, max(0, len(words) - 9)):
        if " ".join(words[i:i + 10]).lower() in low:
            raise Leak("quotes the model answer")
    return text


@dataclass
class LLMInterviewer:
    backend: Backend
    max_tokens: int = 300
    turn_deadline_s: float = DEFAULT_TURN_DEADLINE_S
    wait_notice_s: float = WAIT_NOTICE_S
    probe_deadline_s: float = 5.0
    breaker: CircuitBreaker = field(default_factory=CircuitBreaker)
    # Called (from the engine's thread) once per turn when a model call has kept the
    # candidate waiting wait_notice_s with nothing on screen; front-ends show WAITING_TEXT.
    on_waiting: Callable[[], None] | None = None

    def __post_init__(self) -> None:
        self._turn: Any = object()
        self._deadline: Deadline | None = None
        self._in_flight: Deadline | None = None
        self._announced = self._spoke = self._paused_noted = False
        self._notices: list[tuple[str, str]] = []
        self.calls = 0   # model calls made for turns (not probes)
        self.speculated = self.adopted = 0   # held wordings started, and shown
        self._held: tuple[tuple[str, str], Pending] | None = None
        self._prefetched: tuple[tuple, Pending] | None = None
        report = getattr(self.backend, "report", None)
        for what, ok, action in getattr(report, "findings", []):
            if not ok and what in FALLBACK_FEATURES:
                self._notices.append(("info", f"model server: {what}: {action}"))

    @property
    def label(self) -> str:
        return f"{self.backend.name}:{self.backend.model}"

    # -- turns, deadline, breaker ---------------------------------------------------------
    def begin_turn(self, key: Any = None) -> None:
        """Start a turn's deadline (again only when `key` changes: the number check and the
        wording of one answer share one deadline). While the breaker is open, send the
        background re-probe if one is due."""
        if key is not None and key == self._turn and self._deadline is not None:
            return
        self.drop_speculation()
        if self._prefetched is not None:
            self._drop(self._prefetched[1])
            self._prefetched = None
        self._turn, self._deadline = key, Deadline(self.turn_deadline_s)
        self._announced = self._spoke = False
        if self.breaker.is_open:
            self.breaker.maybe_probe(self._ping)
        elif self._paused_noted:
            self._paused_noted = False
            self._notices.append(("info", "The model server answers again; the model takes "
                                          "the turns from here."))

    def take_notices(self) -> list[tuple[str, str]]:
        """(level, text) pairs to record as notices: probe gaps, breaker changes."""
        out, self._notices = self._notices, []
        return out

    @property
    def waiting(self) -> bool:
        """A model call is in flight (what Ctrl-C would abandon)."""
        return self._in_flight is not None

    def interrupt(self) -> bool:
        """Abandon the model call in flight; the turn goes offline. False if none was."""
        d = self._in_flight
        if d is None:
            return False
        d.parent.cancel(CTRL_C_REASON)   # the whole turn: its reading and held wording too
        return True

    def _ping(self) -> bool:
        """The cheap re-probe: a one-token request under a short deadline of its own."""
        with deadline_scope(Deadline(self.probe_deadline_s)):
            try:
                self.backend.chat([Message("user", "ping")], system="Reply with one word.",
                                  max_tokens=1, interactive=True)
                return True
            except LLMError:
                return False

    def _start(self, fn: Callable[[TextSink | None], Any], on_text: TextSink | None,
               hold: bool = False) -> Pending:
        """Start one model call within the turn's deadline, in a helper thread. Its text goes
        to `on_text`, or with `hold` into a buffer until `_attach` gives it a sink. The call
        has a deadline of its own (a branch of the turn's) so it can be dropped alone."""
        if self.breaker.is_open:
            raise ModelPaused(f"the model server is paused ({self.breaker.reason})")
        if self._deadline is None:
            self.begin_turn()
        self._deadline.check()
        p = Pending(Branch(self._deadline), sink=on_text, hold=hold)

        def sink(piece: str) -> None:
            with p.lock:
                if not p.open:
                    return
                if p.sink is None:
                    p.buffer.append(piece)
                else:
                    self._spoke = True
                    p.sink(piece)

        def work() -> None:
            try:
                with deadline_scope(p.deadline):
                    p.box["value"] = fn(sink if (on_text is not None or hold) else None)
            except BaseException as exc:   # handed to the waiting thread
                p.box["error"] = exc
            finally:
                p.done.set()

        self.calls += 1
        WORKERS.run(contextvars.copy_context(), work)
        return p

    def _attach(self, p: Pending, on_text: TextSink | None) -> None:
        """Show a held call's text: what it has streamed so far at once, the rest as it comes."""
        here = contextvars.copy_context()   # the sink may need the caller's (the graph's)
        with p.lock:
            held, p.buffer = p.buffer, []
            p.sink = None if on_text is None else lambda piece: here.run(on_text, piece)
            if on_text is not None and held:
                self._spoke = True
                on_text("".join(held))

    def _drop(self, p: "Pending | None") -> None:
        """Abandon a call nobody will wait for: its text is discarded, its stream closed."""
        if p is not None:
            with p.lock:
                p.open = False
            p.deadline.cancel("superseded")

    def _wait(self, p: Pending) -> Any:
        """Wait for a started call, so that the deadline and Ctrl-C end the wait at once.
        Text that streams after the call was abandoned is dropped. A failure that says the
        server is in trouble opens the breaker."""
        d = p.deadline
        self._in_flight = d
        try:
            while not p.done.wait(_POLL_S):
                if d.over:
                    break
                if (not self._announced and not self._spoke and self.on_waiting is not None
                        and d.seconds - d.remaining() >= self.wait_notice_s):
                    self._announced = True
                    self.on_waiting()
        finally:
            self._in_flight = None
            with p.lock:
                p.open = p.done.is_set()
        try:
            if not p.done.is_set():
                raise d.error()
            if "error" in p.box:
                raise p.box["error"]
            return p.box["value"]
        except LLMError as exc:
            if _server_trouble(exc):
                self._open_breaker(exc)
            raise

    def _call(self, fn: Callable[[TextSink | None], Any], on_text: TextSink | None) -> Any:
        return self._wait(self._start(fn, on_text))

    def _open_breaker(self, exc: LLMError) -> None:
        why = " ".join(str(exc).split())[:160]
        if self.breaker.open(why):
            self._paused_noted = True
            self._notices.append(("warning", "The offline interviewer continues without the "
                                  f"model server ({why}); it is not called again until a quick "
                                  "check gets an answer."))

    # -- the two things the model does in a turn ------------------------------------------
    # Reading and wording are separate calls, overlapped: the reading starts as the answer
    # arrives (the offline reading runs meanwhile), the wording of the move the offline
    # reading chose starts beside it, held off screen; when the merged reading confirms that
    # move (same words to say), the held wording is shown, otherwise it is dropped and the
    # confirmed move is worded afresh. Nothing reaches the screen before the move is known.
    def prefetch_reading(self, *, card: Card, answer: str, turn: Any) -> None:
        """Start the reading as the answer is submitted, before the engine runs (the session
        calls this; the assess node takes it over). Failures surface when it is taken."""
        self.begin_turn(turn)
        try:
            self._prefetched = ((turn, card.id, answer), self.start_reading(card=card,
                                                                            answer=answer))
        except LLMError:
            self._prefetched = None

    def start_reading(self, *, card: Card, answer: str, turn: Any = None) -> Pending:
        """Start the reading call (model_reading): one structured call, held until
        `finish_reading` (one prefetched for this answer is taken over). Raises ModelPaused
        while the breaker is open."""
        pre, self._prefetched = self._prefetched, None
        if pre is not None:
            if pre[0] == (turn, card.id, answer):
                return pre[1]
            self._drop(pre[1])
        return self._start(lambda _sink: self.backend.structured(
            [Message("user", reader_message(answer))], system=reader_system(card),
            schema=AnswerReading, max_tokens=READING_MAX_TOKENS, interactive=True), None)

    def finish_reading(self, pending: Pending) -> AnswerReading:
        """The reading, or LLMError (timeout, a reply that is not the schema, Ctrl-C)."""
        return self._wait(pending)

    def _prompt(self, card: Card, policy: RoundPolicy, kind: str, draft: str,
                dialog: list[dict]) -> tuple[str, str]:
        return system_prompt(policy, card), move_message(kind, draft, dialog)

    def speculate(self, *, card: Card, policy: RoundPolicy, kind: str, draft: str,
                  dialog: list[dict]) -> None:
        """Start wording a move that is likely but not yet decided, held off screen (a held
        wording of the same prompt is kept)."""
        prompt = self._prompt(card, policy, kind, draft, dialog)
        if self._held and self._held[0] == prompt:
            return
        self._drop(self._held[1] if self._held else None)
        self._held = None
        try:
            p = self._start(lambda sink: self.backend.chat(
                [Message("user", prompt[1])], system=prompt[0], on_text=sink,
                max_tokens=self.max_tokens, interactive=True), None, hold=True)
        except LLMError:
            return   # paused or out of time: the move is worded (or not) when decided
        self._held = (prompt, p)
        self.speculated += 1

    def show_held(self, *, card: Card, policy: RoundPolicy, kind: str, draft: str,
                  dialog: list[dict], on_text: TextSink) -> bool:
        """The move is decided: if the held wording is of it, show it now (what it has
        streamed at once, the rest as it comes) rather than when the wording node runs."""
        if not self._held or self._held[0] != self._prompt(card, policy, kind, draft, dialog):
            return False
        self._attach(self._held[1], on_text)
        return True

    @property
    def spoke(self) -> bool:
        """Some of this turn's wording has reached the screen."""
        return self._spoke

    def drop_speculation(self) -> None:
        """The decided move is not the one being worded: stop that call now."""
        if self._held:
            self._drop(self._held[1])
            self._held = None

    def speak(self, *, card: Card, policy: RoundPolicy, kind: str, draft: str,
              dialog: list[dict], on_text: TextSink | None = None,
              no_praise: bool = False) -> str:
        """The move in the model's words, streamed to `on_text` (a held wording of the same
        prompt is taken over). `no_praise`: the answer earned no approval (a wrong number, a
        thin answer), so a reply that opens with praise is refused. Raises LLMError or Leak."""
        prompt = self._prompt(card, policy, kind, draft, dialog)
        held, self._held = self._held, None
        if held and held[0] == prompt:
            self.adopted += 1
            self._attach(held[1], on_text)
            result = self._wait(held[1])
        else:
            self._drop(held[1] if held else None)
            result = self._call(lambda sink: self.backend.chat(
                [Message("user", prompt[1])], system=prompt[0], on_text=sink,
                max_tokens=self.max_tokens, interactive=True), on_text)
        return _guard(result.text, card, no_praise)

    def assist(self, *, card: Card, question: str) -> str:
        """The AI assistant's reply to the candidate's /ask, in the model's words (the round's
        planted mistake is added by the engine, never shown to the model). Raises LLMError."""
        result = self._call(lambda _sink: self.backend.chat(
            [Message("user", f"<candidate>{neutralise(question)}</candidate>")],
            system=assistant_system(card), max_tokens=max(self.max_tokens, 600),
            interactive=True), None)
        if not result.text.strip():
            raise LLMError("the model's reply was empty")
        return result.text.strip()


def _server_trouble(exc: LLMError) -> bool:
    """A failure that says the server is down, overloaded or too slow (not a refused
    request): a timeout, the deadline or Ctrl-C, 429, 5xx, a dropped connection or stream."""
    if isinstance(exc, (ModelPaused, StructuredOutputError)):
        return False   # the breaker is already open; or the server answered, unusably
    return (isinstance(exc, DeadlineError) or exc.status is None or exc.status == 429
            or exc.status >= 500 or exc.retryable)


@contextmanager
def ctrl_c_continues_offline(llm: "LLMInterviewer | None") -> Iterator[None]:
    """In a console on the main thread: while the engine runs, Ctrl-C during a model wait
    abandons that call (the offline interviewer takes the turn); at any other moment it
    interrupts as usual."""
    if llm is None or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGINT)

    def handler(signum, frame):
        if not llm.interrupt():
            raise KeyboardInterrupt
    signal.signal(signal.SIGINT, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


__all__ = ["LLMError", "LLMInterviewer", "Leak", "ModelPaused",
           "ctrl_c_continues_offline"]
