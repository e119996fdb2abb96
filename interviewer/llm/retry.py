"""Retries with exponential backoff and full jitter for 429, 5xx, timeouts and dropped
connections. The schedule comes from the project's own backoff calculator, and a server's
Retry-After is honoured (capped) when it gives one."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Callable, TypeVar

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


def with_retries(call: Callable[[], R], policy: RetryPolicy, *,
                 sleep: Callable[[float], None] = time.sleep,
                 rng: random.Random | None = None) -> R:
    """Run `call`; on a retryable LLMError wait and try again, up to policy.retries times."""
    rng = rng or random.Random()
    waits = backoff(base_ms=policy.base_ms, retries=max(policy.retries, 1),
                    cap_ms=policy.cap_ms)["waits_ms"]
    attempt = 0
    while True:
        try:
            return call()
        except LLMError as exc:
            if not exc.retryable or attempt >= policy.retries:
                raise
            wait_ms = rng.uniform(0, waits[attempt])   # full jitter
            retry_after = getattr(exc, "retry_after_s", None)
            if retry_after is not None:
                wait_ms = min(retry_after, policy.max_retry_after_s) * 1000
            sleep(wait_ms / 1000)
            attempt += 1
