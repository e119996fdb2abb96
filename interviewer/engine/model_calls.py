"""How the LLM interviewer runs its model calls: on kept daemon threads, each with a deadline
of its own that never outlives the turn's, and with its streamed text either shown as it
comes or held until the move it words is confirmed (llm_interviewer)."""
from __future__ import annotations

import contextvars
import queue
import threading
from dataclasses import dataclass, field
from typing import Any, Callable

from ..llm.base import TextSink
from ..llm.retry import Deadline, DeadlineError


class Workers:
    """Daemon threads that run model calls, kept between calls: starting a thread waits for
    it to be scheduled (milliseconds on a busy machine, in front of every request), and a
    daemon never holds the program's exit. A call that hangs holds only its own thread:
    another is started whenever none is idle."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._idle = 0
        self._lock = threading.Lock()

    def run(self, ctx: contextvars.Context, fn: Callable[[], None]) -> None:
        with self._lock:
            spawn = self._idle == 0
            if not spawn:
                self._idle -= 1
        self._jobs.put((ctx, fn))
        if spawn:
            threading.Thread(target=self._loop, name="model-call", daemon=True).start()

    def _loop(self) -> None:
        while True:
            ctx, fn = self._jobs.get()
            ctx.run(fn)
            with self._lock:
                self._idle += 1


WORKERS = Workers()


class Branch(Deadline):
    """One call's deadline: the turn's, which it never outlives, but cancellable alone (a
    held wording dropped when another move was decided)."""

    def __init__(self, parent: Deadline):
        super().__init__(parent.seconds)
        self.parent = parent

    def remaining(self) -> float:
        return self.parent.remaining()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set() or self.parent.cancelled

    def error(self) -> DeadlineError:
        return self.parent.error() if self.parent.over else super().error()


@dataclass
class Pending:
    """A model call running in a helper thread."""
    deadline: Branch
    sink: TextSink | None = None
    hold: bool = False
    open: bool = True
    buffer: list[str] = field(default_factory=list)
    box: dict[str, Any] = field(default_factory=dict)
    done: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)
