"""A circuit breaker for a model server within one session.

After a turn in which the server failed (timed out, kept answering 429 or 5xx, dropped its
streams, or the candidate stopped waiting), the breaker opens: no turn calls the server
until a cheap re-probe (a one-token request with a short deadline, sent in the background
at most every `reprobe_every_s` seconds, at the start of a turn) gets an answer. While it is
open a turn costs nothing to wait for; when the probe answers, it closes again."""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Callable


@dataclass
class CircuitBreaker:
    reprobe_every_s: float = 15.0
    clock: Callable[[], float] = time.monotonic
    reason: str | None = None           # why it opened; None while closed
    opened_at: float | None = None
    last_probe_at: float | None = None
    probes: int = 0
    _probe: threading.Thread | None = field(default=None, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def is_open(self) -> bool:
        return self.reason is not None

    def open(self, reason: str) -> bool:
        """Open (True) unless already open (False: say so only once)."""
        with self._lock:
            if self.reason is not None:
                return False
            self.reason, self.opened_at = reason, self.clock()
            self.last_probe_at = self.opened_at
            return True

    def close(self) -> bool:
        with self._lock:
            was_open, self.reason, self.opened_at = self.reason is not None, None, None
            return was_open

    def maybe_probe(self, probe: Callable[[], bool]) -> bool:
        """Start a background re-probe if the breaker is open, none is running and the last
        was at least `reprobe_every_s` ago. `probe` returns True when the server answered;
        then the breaker closes. Returns whether a probe was started."""
        with self._lock:
            if self.reason is None or (self._probe is not None and self._probe.is_alive()):
                return False
            now = self.clock()
            if self.last_probe_at is not None and now - self.last_probe_at < self.reprobe_every_s:
                return False
            self.last_probe_at, self.probes = now, self.probes + 1

        def run() -> None:
            try:
                ok = probe()
            except Exception:   # a probe never raises past here
                ok = False
            if ok:
                self.close()
        self._probe = threading.Thread(target=run, name="model-reprobe", daemon=True)
        self._probe.start()
        return True

    def join(self, timeout: float | None = None) -> None:
        """Wait for a running re-probe (tests and benchmarks)."""
        t = self._probe
        if t is not None:
            t.join(timeout)
