"""Test helpers for the rate limiter: a clock the test moves by hand."""
import threading
import time


class FakeClock:
    """Call it for the time in seconds; `advance` moves it on, `set` puts it anywhere (even
    backwards, as a wall clock stepped by NTP would go). With yield_threads=True the times it
    returns are floats whose arithmetic and comparisons let other threads run first, as a
    busy machine would at any moment: a race between reading and updating a limiter's state
    then shows up in a few runs instead of one in thousands. Correct code cannot tell."""

    def __init__(self, start: float = 1000.0, yield_threads: bool = False):
        self._now = float(start)
        self._kind = _Yielding if yield_threads else float
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return self._kind(self._now)

    def advance(self, seconds: float) -> None:
        with self._lock:
            self._now += seconds

    def set(self, now: float) -> None:
        with self._lock:
            self._now = float(now)


class _Yielding(float):
    """A float that gives up the interpreter before each operation; results stay _Yielding,
    so a bucket's token count computed from it keeps yielding too."""


def _yielding(name: str):
    base = getattr(float, name)

    def op(self, *args):
        time.sleep(0)   # release the GIL: another thread may run here
        result = base(self, *args)
        return _Yielding(result) if type(result) is float else result
    op.__name__ = name
    return op


for _name in ("__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__",
              "__truediv__", "__rtruediv__", "__lt__", "__le__", "__gt__", "__ge__",
              "__eq__", "__ne__"):
    setattr(_Yielding, _name, _yielding(_name))
_Yielding.__hash__ = float.__hash__
