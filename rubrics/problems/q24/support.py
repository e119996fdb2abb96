"""Test helpers for the rate limiter: a clock the test moves by hand."""
import threading


class FakeClock:
    """Call it for the time in seconds; `advance` moves it on, `set` puts it anywhere (even
    backwards, as a wall clock stepped by NTP would go)."""

    def __init__(self, start: float = 1000.0):
        self._now = float(start)
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return self._now

    def advance(self, seconds: float) -> None:
        with self._lock:
            self._now += seconds

    def set(self, now: float) -> None:
        with self._lock:
            self._now = float(now)
