"""Part 2: a per-user bucket and one global bucket; both must admit, and a request that
either rejects takes a token from neither."""
import threading
import time


class _Bucket:
    def __init__(self, rate: float, burst: int, now: float):
        if rate <= 0 or burst < 1:
            raise ValueError("rate must be positive and burst at least 1")
        self.rate, self.burst = rate, burst
        self.tokens, self.stamp = float(burst), now

    def refill(self, now: float) -> None:
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now


class RateLimiter:
    def __init__(self, per_user_rate: float, per_user_burst: int, global_rate: float | None = None,
                 global_burst: int | None = None, clock=time.monotonic):
        _Bucket(per_user_rate, per_user_burst, 0.0)   # validates the per-user settings
        self.rate, self.burst, self.clock = per_user_rate, per_user_burst, clock
        if (global_rate is None) != (global_burst is None):
            raise ValueError("give global_rate and global_burst together")
        self._global = (None if global_rate is None else
                        _Bucket(global_rate, global_burst, clock()))
        self._buckets: dict[str, _Bucket] = {}
        self._lock = threading.Lock()

    def allow(self, user: str) -> bool:
        with self._lock:
            now = self.clock()
            b = self._buckets.get(user)
            if b is None:
                b = self._buckets[user] = _Bucket(self.rate, self.burst, now)
            buckets = [b] if self._global is None else [b, self._global]
            for x in buckets:
                x.refill(now)
            if all(x.tokens >= 1 for x in buckets):   # check both, then take from both
                for x in buckets:
                    x.tokens -= 1
                return True
            return False
