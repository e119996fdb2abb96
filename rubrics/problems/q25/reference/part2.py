"""Part 2: full jitter from an injected random source, an overall deadline on an injected
clock, and the server's Retry-After taking the place of the computed wait."""
import asyncio
import time

from support import ApiError

RETRYABLE_STATUS = {408, 429, 500, 502, 503, 504}


def retryable(exc: BaseException) -> bool:
    if isinstance(exc, ApiError):
        return exc.status in RETRYABLE_STATUS
    return isinstance(exc, (TimeoutError, ConnectionError))


def next_wait(exc: Exception, attempt: int, base: float, factor: float, cap: float,
              rng) -> float:
    if isinstance(exc, ApiError) and exc.retry_after is not None:
        return max(0.0, exc.retry_after)   # the server knows when it will have room
    wait = min(cap, base * factor ** attempt)
    return wait if rng is None else rng.uniform(0, wait)   # full jitter


async def call_with_retry(fn, *, attempts: int = 5, base: float = 0.1, factor: float = 2.0,
                          cap: float = 2.0, sleep=asyncio.sleep, rng=None,
                          deadline: float | None = None, clock=time.monotonic):
    if attempts < 1:
        raise ValueError("attempts must be at least 1")
    end = None if deadline is None else clock() + deadline
    for attempt in range(attempts):
        try:
            return await fn()
        except Exception as exc:
            if not retryable(exc) or attempt == attempts - 1:
                raise
            wait = next_wait(exc, attempt, base, factor, cap, rng)
            if end is not None and clock() + wait > end:
                raise   # the retry could not finish in time: give up now, not later
        await sleep(wait)
