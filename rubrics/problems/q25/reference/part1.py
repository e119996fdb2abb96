"""Part 1: retry transient failures with capped exponential backoff."""
import asyncio

from support import ApiError

RETRYABLE_STATUS = {408, 429, 500, 502, 503, 504}


def retryable(exc: BaseException) -> bool:
    if isinstance(exc, ApiError):
        return exc.status in RETRYABLE_STATUS
    return isinstance(exc, (TimeoutError, ConnectionError))


async def call_with_retry(fn, *, attempts: int = 5, base: float = 0.1, factor: float = 2.0,
                          cap: float = 2.0, sleep=asyncio.sleep):
    if attempts < 1:
        raise ValueError("attempts must be at least 1")
    for attempt in range(attempts):
        try:
            return await fn()
        except Exception as exc:
            if not retryable(exc) or attempt == attempts - 1:
                raise
        await sleep(min(cap, base * factor ** attempt))
