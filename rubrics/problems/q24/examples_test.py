from solution import RateLimiter
from support import FakeClock


def test_burst_then_limited():
    clock = FakeClock()
    limiter = RateLimiter(per_user_rate=1, per_user_burst=2, clock=clock)
    assert limiter.allow("ana") is True
    assert limiter.allow("ana") is True
    assert limiter.allow("ana") is False


def test_a_token_comes_back_after_one_interval():
    clock = FakeClock()
    limiter = RateLimiter(per_user_rate=2, per_user_burst=1, clock=clock)
    assert limiter.allow("ana")
    assert not limiter.allow("ana")
    clock.advance(0.5)   # 2 tokens a second: one every half second
    assert limiter.allow("ana")


def test_users_do_not_share_a_bucket():
    clock = FakeClock()
    limiter = RateLimiter(per_user_rate=1, per_user_burst=1, clock=clock)
    assert limiter.allow("ana")
    assert limiter.allow("bo")
    assert not limiter.allow("ana")
