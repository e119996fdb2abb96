"""Part 3: Retry-After from the binding limit's deficit, and a clock that may step backwards
without minting tokens."""
import threading
import time


class _Bucket:
    def __init__(self, rate: float, burst: int, now: float):
        if rate <= 0 or burst < 1:
            raise ValueError("rate must be positive and burst at least 1")
        self.rate, self.burst = rate, burst
        self.tokens, self.stamp = float(burst), now

    def refill(self, now: float) -> None:
        # a clock that went back adds nothing, and keeps the later stamp so the same
        # seconds are never counted twice when it comes forward again
        if now > self.stamp:
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
            self.stamp = now

    def wait(self) -> float:
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate


class RateLimiter:
    def __init__(self, per_user_rate: float, per_user_burst: int, global_rate: float | None = None,
                 global_burst: int | None = None, clock=time.monotonic):
        _Bucket(per_user_rate, per_user_burst, 0.0)
        self.rate, self.burst, self.clock = per_user_rate, per_user_burst, clock
        if (global_rate is None) != (global_burst is None):
            raise ValueError("give global_rate and global_burst together")
        self._global = (None if global_rate is None else
                        _Bucket(global_rate, global_burst, clock()))
        self._buckets: dict[str, _Bucket] = {}
        self._lock = threading.Lock()

    def _refilled(self, user: str) -> list[_Bucket]:
        now = self.clock()
        b = self._buckets.get(user)
        if b is None:
            b = self._buckets[user] = _Bucket(self.rate, self.burst, now)
        buckets = [b] if self._global is None else [b, self._global]
        for x in buckets:
            x.refill(now)
        return buckets

    def allow(self, user: str) -> bool:
        with self._lock:
            buckets = self._refilled(user)
            if all(x.tokens >= 1 for x in buckets):
                for x in buckets:
                    x.tokens -= 1
                return True
            return False

    def retry_after(self, user: str) -> float:
        """Seconds until `allow(user)` would pass both limits; 0.0 if it would now."""
        with self._lock:
            return max(x.wait() for x in self._refilled(user))
