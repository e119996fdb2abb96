"""The LLM side of the interviewer: it words the move the pure router chose (streamed), and
checks the candidate's numbers by calling the calculators through function calling. Any
failure here falls back to the offline interviewer for that turn; nothing it returns can crash
an interview or leak the rubric.

Every model call of one turn (the number check, then the wording) shares the turn's
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
from rubrics.claims import policy as claim_policy
from rubrics.rounds import RoundPolicy
from tools import TOOLS, ToolError, run_tool

from ..llm.base import Backend, LLMError, Message, TextSink
from ..llm.breaker import CircuitBreaker
from ..llm.retry import Deadline, DeadlineError, deadline_scope
from .assess import tool_check
from .prompts import assistant_system, checker_system, move_message, neutralise, system_prompt

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


_EXTRA = {"claimed": {"type": "number", "description": "the candidate's value, in the unit of "
                      "the output field"},
          "field": {"type": "string", "description": "the output key to compare"},
          "quantity": {"type": "string", "description": "what the number is"}}


def checker_tools() -> list[dict]:
    """The calculators as function-calling tools, each with claimed/field/quantity added."""
    out = []
    for t in TOOLS.values():
        params = dict(t.parameters)
        params["properties"] = {**params["properties"], **_EXTRA}
        params["required"] = list(params.get("required", [])) + ["claimed", "field", "quantity"]
        out.append({"name": t.name, "description": t.description, "parameters": params})
    return out


class Leak(ValueError):
    """The model's wording would reveal the rubric or the model answer."""


def _guard(text: str, card: Card) -> str:
    text = text.strip()
    if not text:
        raise Leak("empty reply")
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
        d.cancel(CTRL_C_REASON)
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

    def _call(self, fn: Callable[[TextSink | None], Any], on_text: TextSink | None) -> Any:
        """Run one model call within the turn's deadline, in a helper thread, so that the
        deadline and Ctrl-C end the wait at once. Text that streams after the call was
        abandoned is dropped. A failure opens the breaker."""
        if self.breaker.is_open:
            raise ModelPaused(f"the model server is paused ({self.breaker.reason})")
        if self._deadline is None:
            self.begin_turn()
        d = self._deadline
        d.check()
        lock, state = threading.Lock(), {"open": True}
        box: dict[str, Any] = {}
        done = threading.Event()

        def sink(piece: str) -> None:
            with lock:
                if state["open"] and on_text is not None:
                    self._spoke = True
                    on_text(piece)

        def work() -> None:
            try:
                with deadline_scope(d):
                    box["value"] = fn(sink if on_text is not None else None)
            except BaseException as exc:   # handed to the waiting thread
                box["error"] = exc
            finally:
                done.set()

        self.calls += 1
        self._in_flight = d
        ctx = contextvars.copy_context()
        threading.Thread(target=ctx.run, args=(work,), name="model-call", daemon=True).start()
        try:
            while not done.wait(_POLL_S):
                if d.over:
                    break
                if (not self._announced and not self._spoke and self.on_waiting is not None
                        and d.seconds - d.remaining() >= self.wait_notice_s):
                    self._announced = True
                    self.on_waiting()
        finally:
            self._in_flight = None
            with lock:
                state["open"] = done.is_set()
        try:
            if not done.is_set():
                raise d.error()
            if "error" in box:
                raise box["error"]
            return box["value"]
        except LLMError as exc:
            if _server_trouble(exc):
                self._open_breaker(exc)
            raise

    def _open_breaker(self, exc: LLMError) -> None:
        why = " ".join(str(exc).split())[:160]
        if self.breaker.open(why):
            self._paused_noted = True
            self._notices.append(("warning", "The offline interviewer continues without the "
                                  f"model server ({why}); it is not called again until a quick "
                                  "check gets an answer."))

    # -- the two things the model does in a turn ------------------------------------------
    def speak(self, *, card: Card, policy: RoundPolicy, kind: str, draft: str,
              dialog: list[dict], on_text: TextSink | None = None) -> str:
        """The move in the model's words, streamed to `on_text`. Raises LLMError or Leak."""
        result = self._call(lambda sink: self.backend.chat(
            [Message("user", move_message(kind, draft, dialog))],
            system=system_prompt(policy, card), on_text=sink,
            max_tokens=self.max_tokens, interactive=True), on_text)
        return _guard(result.text, card)

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

    def check_numbers(self, *, card: Card, answer: str) -> tuple[list[dict], list[str]]:
        """Tool checks the model asked for, run by the real calculators. Returns the checks
        and notes about calls that could not run."""
        result = self._call(lambda _sink: self.backend.chat(
            [Message("user", f"<candidate>{neutralise(answer)}</candidate>")],
            system=checker_system(card), tools=checker_tools(), max_tokens=600,
            interactive=True), None)
        checks, notes = [], []
        for call in result.tool_calls:
            args = dict(call.arguments)
            claimed, field = args.pop("claimed", None), args.pop("field", None)
            quantity = str(args.pop("quantity", "") or call.name)
            if not isinstance(claimed, (int, float)) or isinstance(claimed, bool) or not field:
                notes.append(f"model tool call {call.name} lacks a numeric claimed value or field")
                continue
            try:
                out = run_tool(call.name, args)
                value = float(out[field])
            except (ToolError, KeyError, TypeError, ValueError) as exc:
                notes.append(f"model tool call {call.name} could not run: {exc}")
                continue
            match = next((n for n in card.number_checks if n.tool == call.name and n.field == field
                          and all(args.get(k) == v for k, v in n.args.items())), None)
            # the calculators decide, under the one tolerance policy (rubrics/claims/policy.py);
            # the conditions are the model's reading of the answer, recorded as such
            conditions = {k: {"value": v, "from": "model"} for k, v in args.items()}
            if match:   # the card knows this quantity: speak in its unit
                claimed_u, value_u = claimed * match.scale, value * match.scale
                status, _ = claim_policy.status_of(claimed_u, value_u)
                checks.append(tool_check(match.id, call.name, args, match.quantity, match.unit,
                                         claimed_u, f"{claimed_u:g}", value_u,
                                         status == "ok", match.arithmetic, status=status,
                                         conditions=conditions, field=field))
            else:
                status, _ = claim_policy.status_of(float(claimed), value)
                arithmetic = f"{call.name} with {args} gives {field} = {value:.4g}."
                checks.append(tool_check(f"llm-{call.name}", call.name, args, quantity, field,
                                         float(claimed), f"{claimed:g}", value, status == "ok",
                                         arithmetic, status=status, conditions=conditions,
                                         field=field))
        return checks, notes


def _server_trouble(exc: LLMError) -> bool:
    """A failure that says the server is down, overloaded or too slow (not a refused
    request): a timeout, the deadline or Ctrl-C, 429, 5xx, a dropped connection or stream."""
    if isinstance(exc, ModelPaused):
        return False
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


__all__ = ["LLMError", "LLMInterviewer", "Leak", "ModelPaused", "checker_tools",
           "ctrl_c_continues_offline"]
