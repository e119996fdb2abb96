from solution import call_with_retry
from support import ApiError, FakeSleep, Flaky


async def test_succeeds_after_two_failures():
    sleep = FakeSleep()
    fn = Flaky(ApiError(503), ApiError(503), "ok")
    assert await call_with_retry(fn, sleep=sleep) == "ok"
    assert sleep.delays == [0.1, 0.2]


async def test_a_bad_request_is_not_retried():
    sleep = FakeSleep()
    fn = Flaky(ApiError(400))
    try:
        await call_with_retry(fn, sleep=sleep)
    except ApiError as exc:
        assert exc.status == 400
    else:
        raise AssertionError("the 400 was swallowed")
    assert len(fn.calls) == 1 and sleep.delays == []


async def test_gives_up_after_the_last_attempt():
    sleep = FakeSleep()
    fn = Flaky(*[ApiError(503)] * 3)
    try:
        await call_with_retry(fn, attempts=3, sleep=sleep)
    except ApiError:
        pass
    else:
        raise AssertionError("no error after three failures")
    assert len(fn.calls) == 3 and sleep.delays == [0.1, 0.2]
