"""Little's law, token bucket, backoff, replicas and token spend."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tools.capacity import backoff, littles_law, replicas, token_bucket, token_cost


def test_littles_law_any_two():
    assert littles_law(arrival_rate_per_s=50, latency_s=2)["concurrency"] == 100
    assert littles_law(concurrency=100, latency_s=2)["arrival_rate_per_s"] == 50
    assert littles_law(concurrency=100, arrival_rate_per_s=50)["latency_s"] == 2
    with pytest.raises(ValueError):
        littles_law(concurrency=1)


def test_token_bucket_burst_then_rate():
    r = token_bucket(rate_per_s=100, burst=200, offered_per_s=150, duration_s=10)
    assert r["empty_after_s"] == 4 and r["allowed"] == 1200 and r["rejected"] == 300
    calm = token_bucket(rate_per_s=100, burst=200, offered_per_s=80, duration_s=10)
    assert calm["rejected"] == 0 and calm["empty_after_s"] is None


@given(rate=st.floats(1, 1e4), burst=st.floats(1, 1e4), offered=st.floats(0, 1e5),
       d=st.floats(0.01, 1e3))
def test_token_bucket_never_admits_more_than_burst_plus_refill(rate, burst, offered, d):
    r = token_bucket(rate_per_s=rate, burst=burst, offered_per_s=offered, duration_s=d)
    assert r["allowed"] <= burst + rate * d + 1e-6
    assert 0 <= r["allowed"] <= r["offered"] + 1e-6


def test_backoff_schedule():
    r = backoff(base_ms=100, retries=5, cap_ms=1000)
    assert r["waits_ms"] == [100, 200, 400, 800, 1000]
    assert r["worst_total_ms"] == 2500 and r["expected_total_ms"] == 1250
    assert backoff(base_ms=100, retries=3, jitter="none")["expected_total_ms"] == 700


def test_replicas_and_cost():
    assert replicas(peak_per_s=900, per_replica_per_s=100)["needed"] == 13
    assert replicas(peak_per_s=700, per_replica_per_s=100, target_util=0.7)["needed"] == 10
    assert replicas(peak_per_s=900, per_replica_per_s=100, failure_margin=2)["replicas"] == 15
    # the book's DeepSeek example: 100K tokens resent per turn, $0.15/M miss, $0.003/M hit
    miss = token_cost(input_tokens=100_000, output_tokens=0, input_per_million=0.15,
                      output_per_million=0)
    hit = token_cost(input_tokens=100_000, output_tokens=0, input_per_million=0.15,
                     output_per_million=0, cached_fraction=1, cached_per_million=0.003)
    assert miss["usd_per_request"] == pytest.approx(0.015)
    assert hit["usd_per_request"] == pytest.approx(0.0003)
