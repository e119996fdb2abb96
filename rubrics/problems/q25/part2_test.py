import math
import random

from solution import call_with_retry
from support import ApiError, FakeClock, FakeRandom, FakeSleep, Flaky


async def raised(coro):
    try:
        value = await coro
    except Exception as exc:
        return exc
    raise AssertionError(f"returned {value!r} instead of raising")


def same(delays, expected):
    return len(delays) == len(expected) and all(
        math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12) for a, b in zip(delays, expected))


async def test_full_jitter_draws_between_zero_and_the_capped_wait():
    sleep = FakeSleep()
    fn = Flaky(*[ApiError(503)] * 4, "ok")
    rng = FakeRandom(0.5, 0.25, 1.0, 0.0)
    await call_with_retry(fn, base=0.1, factor=2.0, cap=0.5, sleep=sleep, rng=rng)
    assert same(sleep.delays, [0.05, 0.05, 0.4, 0.0]), sleep.delays


async def test_jittered_waits_stay_within_the_cap():
    sleep = FakeSleep()
    fn = Flaky(*[ApiError(503)] * 9, "ok")
    await call_with_retry(fn, attempts=10, base=0.1, cap=1.0, sleep=sleep, rng=random.Random(3))
    assert len(sleep.delays) == 9
    assert all(0 <= d <= min(1.0, 0.1 * 2 ** i) for i, d in enumerate(sleep.delays)), sleep.delays


async def test_clients_that_failed_together_do_not_retry_together():
    rng = random.Random(11)
    firsts = []
    for _ in range(100):
        sleep = FakeSleep()
        await call_with_retry(Flaky(ApiError(503), "ok"), base=1.0, sleep=sleep, rng=rng)
        firsts.append(sleep.delays[0])
    assert len(set(firsts)) > 90, "a hundred clients waited the same few delays"


async def test_retry_after_replaces_the_computed_wait():
    sleep = FakeSleep()
    fn = Flaky(ApiError(429, retry_after=3.0), ApiError(503), "ok")
    await call_with_retry(fn, base=0.1, cap=2.0, sleep=sleep, rng=FakeRandom(0.5, 0.5))
    assert same(sleep.delays, [3.0, 0.1]), sleep.delays   # the server's wait is not jittered


async def test_no_wait_would_cross_the_deadline():
    clock = FakeClock()
    sleep = FakeSleep(clock)
    fn = Flaky(*[ApiError(503)] * 5, "ok", clock=clock, latency=0.1)
    exc = await raised(call_with_retry(fn, base=0.5, factor=1.0, sleep=sleep, deadline=1.0,
                                       clock=clock))
    # 0.1 s call, 0.5 s wait, 0.1 s call: at 0.7 s another 0.5 s wait would end past 1.0 s
    assert isinstance(exc, ApiError) and exc.status == 503
    assert len(fn.calls) == 2 and same(sleep.delays, [0.5])
    assert clock.now <= 1000.0 + 1.0


async def test_the_deadline_counts_from_the_call_not_from_zero():
    clock = FakeClock(start=50_000.0)
    sleep = FakeSleep(clock)
    fn = Flaky(ApiError(503), ApiError(503), "ok", clock=clock, latency=0.1)
    assert await call_with_retry(fn, sleep=sleep, deadline=5.0, clock=clock) == "ok"
    assert len(fn.calls) == 3


async def test_a_retry_after_past_the_deadline_gives_up_at_once():
    clock = FakeClock()
    sleep = FakeSleep(clock)
    fn = Flaky(ApiError(429, retry_after=30.0), "ok", clock=clock)
    exc = await raised(call_with_retry(fn, sleep=sleep, deadline=10.0, clock=clock))
    assert isinstance(exc, ApiError) and exc.status == 429
    assert sleep.delays == [] and len(fn.calls) == 1


async def test_a_wait_that_ends_exactly_at_the_deadline_is_allowed():
    clock = FakeClock()
    sleep = FakeSleep(clock)
    fn = Flaky(ApiError(503), "ok", clock=clock)
    assert await call_with_retry(fn, base=2.0, sleep=sleep, deadline=2.0, clock=clock) == "ok"
