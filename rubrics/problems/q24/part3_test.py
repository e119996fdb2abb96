import math

from solution import RateLimiter
from support import FakeClock


def close(a, b):
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def test_retry_after_is_zero_when_a_request_would_pass():
    clock = FakeClock()
    limiter = RateLimiter(per_user_rate=1, per_user_burst=2, clock=clock)
    assert limiter.retry_after("new") == 0
    limiter.allow("new")
    assert limiter.retry_after("new") == 0


def test_retry_after_is_the_deficit_over_the_rate():
    clock = FakeClock()
    limiter = RateLimiter(per_user_rate=2, per_user_burst=1, clock=clock)
    assert limiter.allow("u")
    assert close(limiter.retry_after("u"), 0.5)
    clock.advance(0.2)
    assert close(limiter.retry_after("u"), 0.3)


def test_waiting_exactly_retry_after_is_enough():
    clock = FakeClock()
    limiter = RateLimiter(per_user_rate=3, per_user_burst=2, clock=clock)
    assert limiter.allow("u") and limiter.allow("u")
    wait = limiter.retry_after("u")
    clock.advance(wait * 0.99)
    assert not limiter.allow("u")
    clock.advance(wait * 0.01 + 1e-9)
    assert limiter.allow("u")


def test_retry_after_reports_the_binding_limit():
    clock = FakeClock()
    limiter = RateLimiter(per_user_rate=10, per_user_burst=1, global_rate=0.5, global_burst=1,
                          clock=clock)
    assert limiter.allow("a")
    assert close(limiter.retry_after("b"), 2.0)   # b's own bucket is full; the global one waits
    assert close(limiter.retry_after("a"), 2.0)   # a's own wait is 0.1 s, the global one's 2 s


def test_retry_after_spends_nothing():
    clock = FakeClock()
    limiter = RateLimiter(per_user_rate=1, per_user_burst=1, global_rate=1, global_burst=1,
                          clock=clock)
    for _ in range(20):
        limiter.retry_after("u")
    assert limiter.allow("u")


def test_a_clock_that_steps_back_mints_no_tokens():
    clock = FakeClock(start=100.0)
    limiter = RateLimiter(per_user_rate=1, per_user_burst=5, clock=clock)
    for _ in range(5):
        assert limiter.allow("u")
    clock.set(40.0)                 # the wall clock is stepped back a minute
    assert not limiter.allow("u")
    clock.set(100.5)                # and forward again: only half a second has really passed
    assert not limiter.allow("u")
    clock.set(101.0)
    assert limiter.allow("u")
    assert not limiter.allow("u")
