"""Part 1: a token bucket per user, refilled lazily from an injected clock."""
import threading
import time


class _Bucket:
    __slots__ = ("tokens", "stamp")

    def __init__(self, tokens: float, stamp: float):
        self.tokens, self.stamp = tokens, stamp


class RateLimiter:
    def __init__(self, per_user_rate: float, per_user_burst: int, clock=time.monotonic):
        if per_user_rate <= 0 or per_user_burst < 1:
            raise ValueError("rate must be positive and burst at least 1")
        self.rate, self.burst, self.clock = per_user_rate, per_user_burst, clock
        self._buckets: dict[str, _Bucket] = {}
        self._lock = threading.Lock()

    def allow(self, user: str) -> bool:
        with self._lock:   # refill, check and take are one step
            now = self.clock()
            b = self._buckets.get(user)
            if b is None:
                b = self._buckets[user] = _Bucket(float(self.burst), now)
            b.tokens = min(self.burst, b.tokens + (now - b.stamp) * self.rate)
            b.stamp = now
            if b.tokens >= 1:
                b.tokens -= 1
                return True
            return False
