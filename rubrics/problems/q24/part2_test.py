import threading
from concurrent.futures import ThreadPoolExecutor

from solution import RateLimiter
from support import FakeClock


def make(clock, user=(1, 3), glob=(1, 5)):
    return RateLimiter(per_user_rate=user[0], per_user_burst=user[1], global_rate=glob[0],
                       global_burst=glob[1], clock=clock)


def test_global_cap_holds_across_users():
    clock = FakeClock()
    limiter = make(clock, user=(1, 3), glob=(1, 5))
    admitted = [limiter.allow(f"user{i}") for i in range(10)]
    assert admitted == [True] * 5 + [False] * 5


def test_global_rejection_spends_no_user_token():
    clock = FakeClock()
    limiter = make(clock, user=(0.1, 2), glob=(1, 2))
    assert limiter.allow("a") and limiter.allow("b")   # the global bucket is now empty
    for _ in range(5):
        assert not limiter.allow("c")   # c is under its own limit but the global one says no
    clock.advance(2.0)                  # two global tokens back; c's own bucket barely moves
    assert limiter.allow("c") and limiter.allow("c")
    assert not limiter.allow("c")


def test_user_rejection_spends_no_global_token():
    clock = FakeClock()
    limiter = make(clock, user=(1, 1), glob=(1, 4))
    assert limiter.allow("greedy")
    for _ in range(10):
        assert not limiter.allow("greedy")   # its own bucket is empty
    assert [limiter.allow(u) for u in ("x", "y", "z")] == [True, True, True]
    assert not limiter.allow("w")


def test_global_bucket_refills_at_its_own_rate():
    clock = FakeClock()
    limiter = make(clock, user=(100, 100), glob=(2, 2))
    assert limiter.allow("a") and limiter.allow("a")
    assert not limiter.allow("a")
    clock.advance(0.5)
    assert limiter.allow("a")
    assert not limiter.allow("b")


def test_without_a_global_limit_only_users_are_limited():
    clock = FakeClock()
    limiter = RateLimiter(per_user_rate=1, per_user_burst=1, clock=clock)
    assert all(limiter.allow(f"user{i}") for i in range(1000))


def test_threads_of_many_users_never_exceed_the_global_cap():
    clock = FakeClock(yield_threads=True)
    limiter = make(clock, user=(1, 10), glob=(1, 25))
    start = threading.Barrier(4)

    def hammer(n):
        start.wait()
        return sum(limiter.allow(f"user{n}") for _ in range(15))

    with ThreadPoolExecutor(max_workers=4) as pool:   # .result() re-raises a thread's error
        admitted = [f.result() for f in [pool.submit(hammer, n) for n in range(4)]]
    assert sum(admitted) == 25, f"{sum(admitted)} admitted with a global burst of 25"
    assert max(admitted) <= 10, f"one user got {max(admitted)} with a burst of 10"
