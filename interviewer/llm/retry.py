"""Retries with exponential backoff and full jitter for 429, 5xx, timeouts and dropped
connections. The schedule comes from the project's own backoff calculator, and a server's
Retry-After is honoured (capped) when it gives one.

A turn of the interview has a deadline (`Deadline`, made current with `deadline_scope`):
every model call made under it shares it. No request waits past it, no backoff sleeps past
it, a Retry-After longer than what is left means giving up at once, and a cancelled
deadline (the candidate pressed Ctrl-C) stops the retries and the sleeps between them."""
from __future__ import annotations

import contextvars
import random
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterator, TypeVar

from tools.capacity import backoff

from .base import LLMError

R = TypeVar("R")


@dataclass(frozen=True)
class RetryPolicy:
    retries: int = 3
    base_ms: float = 500.0
    cap_ms: float = 8000.0
    timeout_s: float = 60.0      # per request
    max_retry_after_s: float = 20.0


class DeadlineError(LLMError):
    """The turn's deadline passed, or the candidate chose to go on without the model."""


class Deadline:
    """A point in time shared by every model call of one interview turn."""

    def __init__(self, seconds: float, *, clock: Callable[[], float] = time.monotonic):
        self.seconds, self._clock = float(seconds), clock
        self.at = clock() + self.seconds
        self._cancelled = threading.Event()
        self.reason: str | None = None

    def remaining(self) -> float:
        return max(0.0, self.at - self._clock())

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    @property
    def over(self) -> bool:
        return self.cancelled or self.remaining() <= 0

    def cancel(self, reason: str) -> None:
        if not self.cancelled:
            self.reason = reason
            self._cancelled.set()

    def error(self) -> DeadlineError:
        if self.cancelled:
            return DeadlineError(self.reason or "stopped")
        return DeadlineError(f"no answer within this turn's {self.seconds:g} s deadline")

    def check(self) -> None:
        if self.over:
            raise self.error()

    def sleep(self, seconds: float) -> None:
        """Sleep, but wake at once on cancel; never past the deadline."""
        self._cancelled.wait(min(seconds, self.remaining()))
        self.check()


_CURRENT: contextvars.ContextVar[Deadline | None] = contextvars.ContextVar(
    "fde_interview_deadline", default=None)


def current_deadline() -> Deadline | None:
    return _CURRENT.get()


@contextmanager
def deadline_scope(deadline: Deadline | None) -> Iterator[Deadline | None]:
    token = _CURRENT.set(deadline)
    try:
        yield deadline
    finally:
        _CURRENT.reset(token)


def request_timeout(default: float) -> float:
    """The timeout for one request: the policy's, cut to what is left of the turn."""
    d = _CURRENT.get()
    if d is None:
        return default
    d.check()
    return max(0.05, min(default, d.remaining()))


def with_retries(call: Callable[[], R], policy: RetryPolicy, *,
                 sleep: Callable[[float], None] = time.sleep,
                 rng: random.Random | None = None) -> R:
    """Run `call`; on a retryable LLMError wait and try again, up to policy.retries times,
    within the current turn's deadline if there is one."""
    rng = rng or random.Random()
    waits = backoff(base_ms=policy.base_ms, retries=max(policy.retries, 1),
                    cap_ms=policy.cap_ms)["waits_ms"]
    deadline = _CURRENT.get()
    attempt = 0
    while True:
        if deadline is not None:
            deadline.check()
        try:
            return call()
        except LLMError as exc:
            if deadline is not None and deadline.over:
                raise deadline.error() from exc
            if not exc.retryable or attempt >= policy.retries:
                raise
            wait_ms = rng.uniform(0, waits[attempt])   # full jitter
            retry_after = getattr(exc, "retry_after_s", None)
            if retry_after is not None:
                if deadline is not None and retry_after > deadline.remaining():
                    raise LLMError(f"{exc} (it asks to wait {retry_after:g} s, more than the "
                                   f"{deadline.remaining():.0f} s left of this turn)",
                                   status=exc.status) from None
                wait_ms = min(retry_after, policy.max_retry_after_s) * 1000
            if deadline is not None:
                if wait_ms / 1000 >= deadline.remaining():
                    raise   # no time left to try again
                deadline.sleep(wait_ms / 1000)
            else:
                sleep(wait_ms / 1000)
            attempt += 1
