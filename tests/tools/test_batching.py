"""The batching simulators: the book's comparison, the micro-batcher's shedding, and
invariants over random workloads."""
from hypothesis import given, settings
from hypothesis import strategies as st

from tools.batching import Request, microbatch, simulate

# Eight requests through four slots, as in chapter 2's figure: R4 ends after two
# iterations while R2 runs eight (our own lengths for the other six).
OUTPUTS = [3, 8, 3, 2, 2, 4, 6, 5]
EIGHT = [Request(i + 1, 0, 16, o) for i, o in enumerate(OUTPUTS)]


def test_continuous_finishes_five_iterations_before_static():
    static = simulate(EIGHT, 4, "static")
    cont = simulate(EIGHT, 4, "continuous")
    s, c = static.summary(), cont.summary()
    assert s["makespan_iterations"] - c["makespan_iterations"] == 5
    assert c["occupancy"] > s["occupancy"]
    # R4's slot is held idle for six iterations until R2 ends
    assert static.finish[4] == 1 and static.group_end[4] == 7
    # under continuous batching R5 takes R4's slot on the very next step
    assert cont.admit[5] == 2 and cont.slot[5] == cont.slot[4]


def test_chart_draws_held_and_empty_slots():
    chart = simulate(EIGHT, 4, "static").chart()
    assert "44//////" in chart        # R4 runs 2, its slot held 6 more
    assert "/" not in simulate(EIGHT, 4, "continuous").chart()


def test_dynamic_flushes_on_time_or_size():
    reqs = [Request(1, 0, 0, 3), Request(2, 1, 0, 3), Request(3, 10, 0, 3)]
    r = simulate(reqs, 4, "dynamic", max_wait=2)
    assert r.admit[1] == 2 and r.admit[2] == 2   # the window closed before the group filled
    assert r.admit[3] == 12   # alone, it waits out its own window
    full = simulate([Request(i, 0, 0, 2) for i in range(1, 5)], 4, "dynamic", max_wait=50)
    assert all(full.admit[i] == 0 for i in range(1, 5))   # flushed at once when full


def test_chunked_prefill_trades_ttft_for_itl():
    decoders = [Request(i, 0, 0, 40) for i in range(1, 4)]
    long_prompt = Request(9, 5, 4000, 10)
    cost = dict(base_ms=10, ms_per_prefill_token=0.01)
    whole = simulate(decoders + [long_prompt], 4, "continuous", **cost)
    chunked = simulate(decoders + [long_prompt], 4, "continuous", max_batched_tokens=512, **cost)
    w = {r["id"]: r for r in whole.summary()["requests"]}
    c = {r["id"]: r for r in chunked.summary()["requests"]}
    assert c[1]["itl_ms_max"] < w[1]["itl_ms_max"]     # decoders stall less...
    assert c[9]["ttft_ms"] > w[9]["ttft_ms"]           # ...the new prompt's first token is later


def test_microbatcher_sheds_at_1500_per_second():
    over = microbatch(rate_per_s=1500)
    assert over["capacity_per_s"] < 1500
    assert over["shed"] > 0 and over["served"] + over["shed"] + over["timed_out"] == 2000
    # latency of admitted requests stays bounded by the queue: 256 / ~1,000 per s + a batch
    assert over["p99_ms"] < 256 / over["capacity_per_s"] * 1000 + 60
    under = microbatch(rate_per_s=500)
    assert under["shed"] == 0 and under["served"] == 2000
    assert under["p99_ms"] < over["p50_ms"]


requests_st = st.lists(st.tuples(st.integers(0, 30), st.integers(0, 64), st.integers(1, 20)),
                       min_size=1, max_size=25)


@settings(max_examples=150, deadline=None)
@given(reqs=requests_st, slots=st.integers(1, 6),
       policy=st.sampled_from(["static", "dynamic", "continuous", "chunked"]),
       max_wait=st.integers(0, 5))
def test_invariants(reqs, slots, policy, max_wait):
    requests = [Request(i + 1, a, p, o) for i, (a, p, o) in enumerate(reqs)]
    kw = {"max_wait": max_wait} if policy == "dynamic" else {}
    if policy == "chunked":
        policy, kw = "continuous", {"max_batched_tokens": slots + 16}
    res = simulate(requests, slots, policy, **kw)
    # every request finishes exactly once, after it arrived and after its first token
    assert sorted(res.finish) == sorted(r.id for r in requests)
    for r in requests:
        assert r.arrival <= res.admit[r.id] <= res.first[r.id] <= res.finish[r.id]
        if "max_batched_tokens" not in kw:
            assert res.finish[r.id] - res.first[r.id] == r.output - 1
    # occupancy never exceeds the slots, and no two requests share a slot at once
    assert max(res.occupancy_per_iteration()) <= slots
    for s in range(slots):
        spans = sorted((res.admit[r.id], res.group_end.get(r.id, res.finish[r.id]))
                       for r in requests if res.slot[r.id] == s)
        assert all(a[1] < b[0] for a, b in zip(spans, spans[1:]))
    summary = res.summary()
    assert summary["output_tokens"] == sum(r.output for r in requests)
    assert 0 < summary["occupancy"] <= 1


@settings(max_examples=60, deadline=None)
@given(reqs=requests_st, slots=st.integers(1, 6))
def test_a_huge_token_budget_equals_no_budget(reqs, slots):
    requests = [Request(i + 1, a, p, o) for i, (a, p, o) in enumerate(reqs)]
    free = simulate(requests, slots, "continuous")
    budget = simulate(requests, slots, "continuous", max_batched_tokens=10**6)
    assert free.finish == budget.finish and free.first == budget.first
