"""Part 3: the same idempotency key on every attempt of one logical call, and a server-side
store that does the work at most once per key."""
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
        return max(0.0, exc.retry_after)
    wait = min(cap, base * factor ** attempt)
    return wait if rng is None else rng.uniform(0, wait)


async def call_with_retry(fn, *, attempts: int = 5, base: float = 0.1, factor: float = 2.0,
                          cap: float = 2.0, sleep=asyncio.sleep, rng=None,
                          deadline: float | None = None, clock=time.monotonic,
                          idempotency_key: str | None = None):
    if attempts < 1:
        raise ValueError("attempts must be at least 1")
    end = None if deadline is None else clock() + deadline
    # the key names the logical call, so it is fixed here, outside the loop
    kwargs = {} if idempotency_key is None else {"idempotency_key": idempotency_key}
    for attempt in range(attempts):
        try:
            return await fn(**kwargs)
        except Exception as exc:
            if not retryable(exc) or attempt == attempts - 1:
                raise
            wait = next_wait(exc, attempt, base, factor, cap, rng)
            if end is not None and clock() + wait > end:
                raise
        await sleep(wait)


class IdempotencyStore:
    """The server's half: `run(key, action)` does the action at most once per key that
    succeeded; a duplicate gets the first result, and one that arrives while the first is in
    flight waits for it. A failure is not remembered, so a retry may try again."""

    def __init__(self):
        self._done: dict[str, object] = {}
        self._running: dict[str, asyncio.Event] = {}

    async def run(self, key: str, action):
        while key not in self._done:
            running = self._running.get(key)
            if running is None:
                running = self._running[key] = asyncio.Event()
                try:
                    self._done[key] = await action()
                finally:   # success or not, wake the duplicates; they look again
                    del self._running[key]
                    running.set()
            else:
                await running.wait()
        return self._done[key]
