import asyncio
import math

from solution import call_with_retry
from support import ApiError, FakeSleep, Flaky


async def raised(coro):
    """The exception the awaitable raised (an AssertionError if it returned)."""
    try:
        value = await coro
    except Exception as exc:
        return exc
    raise AssertionError(f"returned {value!r} instead of raising")


def same(delays, expected):
    return len(delays) == len(expected) and all(
        math.isclose(a, b, rel_tol=1e-9) for a, b in zip(delays, expected))


async def test_success_on_the_first_try_does_not_sleep():
    sleep = FakeSleep()
    fn = Flaky({"answer": 42})
    assert await call_with_retry(fn, sleep=sleep) == {"answer": 42}
    assert sleep.delays == [] and len(fn.calls) == 1


async def test_waits_grow_exponentially_then_cap():
    sleep = FakeSleep()
    fn = Flaky(*[ApiError(503)] * 5, "ok")
    assert await call_with_retry(fn, attempts=6, base=1.0, factor=2.0, cap=5.0,
                                 sleep=sleep) == "ok"
    assert same(sleep.delays, [1.0, 2.0, 4.0, 5.0, 5.0]), sleep.delays


async def test_other_factors_are_honoured():
    sleep = FakeSleep()
    fn = Flaky(ApiError(500), ApiError(502), "ok")
    await call_with_retry(fn, base=0.5, factor=3.0, cap=100.0, sleep=sleep)
    assert same(sleep.delays, [0.5, 1.5]), sleep.delays


async def test_the_last_error_is_raised_and_no_sleep_follows_it():
    sleep = FakeSleep()
    errors = [ApiError(503), ApiError(502), ApiError(504)]
    fn = Flaky(*errors)
    exc = await raised(call_with_retry(fn, attempts=3, sleep=sleep))
    assert exc is errors[-1]
    assert len(fn.calls) == 3 and len(sleep.delays) == 2


async def test_client_errors_fail_fast():
    for status in (400, 401, 403, 404, 422):
        sleep = FakeSleep()
        fn = Flaky(ApiError(status), "never reached")
        exc = await raised(call_with_retry(fn, sleep=sleep))
        assert isinstance(exc, ApiError) and exc.status == status
        assert len(fn.calls) == 1 and sleep.delays == [], f"HTTP {status} was retried"


async def test_transient_statuses_are_retried():
    for status in (408, 429, 500, 502, 503, 504):
        fn = Flaky(ApiError(status), "ok")
        assert await call_with_retry(fn, sleep=FakeSleep()) == "ok", f"HTTP {status}"


async def test_timeouts_and_dropped_connections_are_retried():
    fn = Flaky(TimeoutError(), ConnectionResetError(), "ok")
    assert await call_with_retry(fn, sleep=FakeSleep()) == "ok"
    assert len(fn.calls) == 3


async def test_a_bug_in_the_caller_is_not_retried():
    fn = Flaky(KeyError("prompt"), "ok")
    exc = await raised(call_with_retry(fn, sleep=FakeSleep()))
    assert isinstance(exc, KeyError) and len(fn.calls) == 1


async def test_one_attempt_means_no_retry():
    fn = Flaky(ApiError(503), "ok")
    sleep = FakeSleep()
    await raised(call_with_retry(fn, attempts=1, sleep=sleep))
    assert len(fn.calls) == 1 and sleep.delays == []


async def test_concurrent_calls_keep_their_own_count():
    """Fifty calls at once, each failing a different number of times: no state is shared."""
    sleep = FakeSleep()
    fns = [Flaky(*[ApiError(503)] * (i % 4), f"result {i}") for i in range(50)]
    results = await asyncio.gather(*(call_with_retry(f, sleep=sleep) for f in fns))
    assert results == [f"result {i}" for i in range(50)]
    assert [len(f.calls) for f in fns] == [i % 4 + 1 for i in range(50)]
    assert sorted(sleep.delays) == sorted(
        d for i in range(50) for d in [0.1, 0.2, 0.4][:i % 4])
