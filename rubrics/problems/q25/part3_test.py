import asyncio

from solution import IdempotencyStore, call_with_retry
from support import ApiError, FakeSleep, Flaky


async def test_every_attempt_carries_the_same_key():
    fn = Flaky(TimeoutError(), ApiError(503), {"ticket": 1})
    await call_with_retry(fn, sleep=FakeSleep(), idempotency_key="order-17")
    assert fn.calls == [{"idempotency_key": "order-17"}] * 3


async def test_without_a_key_the_call_is_made_as_before():
    fn = Flaky(ApiError(503), "ok")
    assert await call_with_retry(fn, sleep=FakeSleep()) == "ok"
    assert fn.calls == [{}, {}]


async def test_the_store_does_the_work_once_per_key():
    store, done = IdempotencyStore(), []

    async def create():
        done.append(1)
        return f"ticket-{len(done)}"

    assert await store.run("k1", create) == "ticket-1"
    assert await store.run("k1", create) == "ticket-1"
    assert await store.run("k2", create) == "ticket-2"
    assert len(done) == 2


async def test_a_failure_is_not_remembered():
    store, tries = IdempotencyStore(), []

    async def create():
        tries.append(1)
        if len(tries) == 1:
            raise ApiError(503)
        return "ticket"

    try:
        await store.run("k", create)
    except ApiError:
        pass
    else:
        raise AssertionError("the first failure was swallowed")
    assert await store.run("k", create) == "ticket"
    assert len(tries) == 2


async def test_duplicates_in_flight_wait_for_the_first():
    store, started, release = IdempotencyStore(), [], asyncio.Event()

    async def create():
        started.append(1)
        await release.wait()
        return "ticket"

    tasks = [asyncio.create_task(store.run("same", create)) for _ in range(5)]
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    release.set()
    assert await asyncio.gather(*tasks) == ["ticket"] * 5
    assert len(started) == 1, f"the work ran {len(started)} times for one key"


async def test_a_duplicate_waiting_on_a_failed_first_try_runs_it_itself():
    store, tries, release = IdempotencyStore(), [], asyncio.Event()

    async def create():
        tries.append(1)
        if len(tries) == 1:
            await release.wait()
            raise ConnectionResetError()
        return "ticket"

    first = asyncio.create_task(store.run("k", create))
    await asyncio.sleep(0)
    second = asyncio.create_task(store.run("k", create))
    await asyncio.sleep(0)
    release.set()
    results = await asyncio.gather(first, second, return_exceptions=True)
    assert isinstance(results[0], ConnectionResetError) and results[1] == "ticket"
    assert len(tries) == 2


async def test_a_lost_response_does_not_create_a_second_ticket():
    """The server creates the ticket, then the response is lost: the client sees a timeout
    and retries with the same key, and gets the ticket that was already made."""
    store, tickets, lose = IdempotencyStore(), [], [True]

    async def create_ticket(idempotency_key=None):
        async def create():
            tickets.append(idempotency_key)
            return {"id": len(tickets)}
        result = await store.run(idempotency_key, create)
        if lose:
            lose.pop()
            raise TimeoutError("the response never arrived")
        return result

    result = await call_with_retry(create_ticket, sleep=FakeSleep(), idempotency_key="req-1")
    assert result == {"id": 1} and tickets == ["req-1"]
