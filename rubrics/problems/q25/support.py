"""Test helpers for the retry problem: the API's error, a fake clock and sleep, a scripted
flaky call and a scripted random source. Nothing here waits for real time."""
import asyncio


class ApiError(Exception):
    """The API answered with an HTTP error status; `retry_after` is its Retry-After header in
    seconds, when it sent one."""

    def __init__(self, status: int, retry_after: float | None = None):
        super().__init__(f"HTTP {status}" + (f" (Retry-After: {retry_after})"
                                             if retry_after is not None else ""))
        self.status, self.retry_after = status, retry_after


class FakeClock:
    def __init__(self, start: float = 1000.0):
        self.now = float(start)

    def __call__(self) -> float:
        return self.now


class FakeSleep:
    """An async sleep that records each delay and moves the clock on instead of waiting."""

    def __init__(self, clock: FakeClock | None = None):
        self.clock, self.delays = clock or FakeClock(), []

    async def __call__(self, delay: float) -> None:
        self.delays.append(delay)
        self.clock.now += delay
        await asyncio.sleep(0)   # let other tasks run, as a real sleep would


class Flaky:
    """An async callable that plays a script: each call takes the next outcome, raising it if
    it is an exception and returning it otherwise. Each call takes `latency` seconds of the
    fake clock. `calls` holds the keyword arguments of every call."""

    def __init__(self, *outcomes, clock: FakeClock | None = None, latency: float = 0.0):
        self.outcomes, self.clock, self.latency = list(outcomes), clock, latency
        self.calls: list[dict] = []

    async def __call__(self, **kwargs):
        self.calls.append(kwargs)
        if self.clock is not None:
            self.clock.now += self.latency
        await asyncio.sleep(0)
        if not self.outcomes:
            raise AssertionError("called more often than the test scripted")
        outcome = self.outcomes.pop(0)
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome


class FakeRandom:
    """A random source that returns scripted fractions in [0, 1], through `random()` or
    `uniform(a, b)` (a + fraction * (b - a)), whichever the code under test calls."""

    def __init__(self, *fractions: float):
        self.fractions = list(fractions)

    def random(self) -> float:
        return self.fractions.pop(0)

    def uniform(self, a: float, b: float) -> float:
        return a + self.fractions.pop(0) * (b - a)
