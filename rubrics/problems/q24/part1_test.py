import threading
from concurrent.futures import ThreadPoolExecutor

from solution import RateLimiter
from support import FakeClock


def test_burst_is_admitted_then_the_next_is_rejected():
    clock = FakeClock()
    limiter = RateLimiter(per_user_rate=1, per_user_burst=5, clock=clock)
    assert [limiter.allow("u") for _ in range(6)] == [True] * 5 + [False]


def test_refill_is_proportional_to_elapsed_time():
    clock = FakeClock()
    limiter = RateLimiter(per_user_rate=4, per_user_burst=4, clock=clock)
    for _ in range(4):
        assert limiter.allow("u")
    clock.advance(0.125)   # half a token: not yet (times chosen exact in binary)
    assert not limiter.allow("u")
    clock.advance(0.125)   # one token
    assert limiter.allow("u")
    clock.advance(0.5)   # two more
    assert [limiter.allow("u") for _ in range(3)] == [True, True, False]


def test_idle_time_never_fills_past_the_burst():
    clock = FakeClock()
    limiter = RateLimiter(per_user_rate=10, per_user_burst=3, clock=clock)
    assert limiter.allow("u")
    clock.advance(3600)
    assert [limiter.allow("u") for _ in range(4)] == [True, True, True, False]


def test_rejected_requests_cost_nothing():
    clock = FakeClock()
    limiter = RateLimiter(per_user_rate=1, per_user_burst=1, clock=clock)
    assert limiter.allow("u")
    for _ in range(50):   # hammering while limited must not push the refill back
        assert not limiter.allow("u")
    clock.advance(1.0)
    assert limiter.allow("u")


def test_a_new_user_starts_with_a_full_bucket():
    clock = FakeClock()
    limiter = RateLimiter(per_user_rate=1, per_user_burst=3, clock=clock)
    for _ in range(3):
        assert limiter.allow("old")
    clock.advance(100)
    assert [limiter.allow("new") for _ in range(4)] == [True, True, True, False]


def test_users_are_independent():
    clock = FakeClock()
    limiter = RateLimiter(per_user_rate=1, per_user_burst=2, clock=clock)
    assert [limiter.allow("a") for _ in range(3)] == [True, True, False]
    assert [limiter.allow("b") for _ in range(3)] == [True, True, False]
    assert not limiter.allow("a")


def test_threads_never_exceed_the_burst():
    """Four threads, one user, a frozen clock: exactly the burst gets through."""
    clock = FakeClock(yield_threads=True)
    limiter = RateLimiter(per_user_rate=1, per_user_burst=40, clock=clock)
    start = threading.Barrier(4)

    def hammer():
        start.wait()
        return sum(limiter.allow("shared") for _ in range(25))

    with ThreadPoolExecutor(max_workers=4) as pool:   # .result() re-raises a thread's error
        admitted = [f.result() for f in [pool.submit(hammer) for _ in range(4)]]
    assert sum(admitted) == 40, f"{sum(admitted)} admitted with a burst of 40"
