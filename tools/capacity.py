"""Small capacity and cost calculators that design, coding and case answers lean on:
Little's law, a token-bucket rate limiter, retry backoff schedules, replica counts and
token spend. Standard library only."""
from __future__ import annotations

import math


def _pos(name: str, v: float | None, allow_zero: bool = False) -> float:
    if v is None or isinstance(v, bool) or (v < 0 if allow_zero else v <= 0):
        raise ValueError(f"{name} must be {'>= 0' if allow_zero else 'positive'}, got {v!r}")
    return float(v)


def littles_law(*, arrival_rate_per_s: float | None = None, latency_s: float | None = None,
                concurrency: float | None = None) -> dict:
    """L = lambda x W: give any two of concurrency, arrival rate and time in system."""
    given = [x is not None for x in (arrival_rate_per_s, latency_s, concurrency)]
    if sum(given) != 2:
        raise ValueError("give exactly two of arrival_rate_per_s, latency_s, concurrency")
    if concurrency is None:
        concurrency = _pos("arrival_rate_per_s", arrival_rate_per_s) * _pos("latency_s", latency_s)
    elif latency_s is None:
        latency_s = _pos("concurrency", concurrency) / _pos("arrival_rate_per_s", arrival_rate_per_s)
    else:
        arrival_rate_per_s = _pos("concurrency", concurrency) / _pos("latency_s", latency_s)
    return {"arrival_rate_per_s": arrival_rate_per_s, "latency_s": latency_s,
            "concurrency": concurrency}


def token_bucket(*, rate_per_s: float, burst: float, offered_per_s: float,
                 duration_s: float) -> dict:
    """A token bucket that starts full, refills at `rate_per_s` up to `burst`, offered a
    steady `offered_per_s` for `duration_s`: how much it admits and rejects, and when the
    bucket runs dry."""
    rate, burst = _pos("rate_per_s", rate_per_s), _pos("burst", burst)
    offered, d = _pos("offered_per_s", offered_per_s, True), _pos("duration_s", duration_s)
    total = offered * d
    if offered <= rate:
        allowed, dry_at = total, None
    else:
        dry_at = burst / (offered - rate)      # bucket drains at offered - rate
        allowed = min(total, burst + rate * d) if dry_at < d else total
        dry_at = dry_at if dry_at < d else None
    return {"offered": total, "allowed": allowed, "rejected": total - allowed,
            "rejected_fraction": (total - allowed) / total if total else 0.0,
            "empty_after_s": dry_at, "refill_s": burst / rate,
            "sustained_per_s": min(offered, rate)}


def backoff(*, base_ms: float, retries: int, factor: float = 2.0, cap_ms: float | None = None,
            jitter: str = "full") -> dict:
    """Exponential backoff: the wait before each retry, base x factor^i capped, and the
    worst-case and expected total wait under no, full or equal jitter."""
    base, factor = _pos("base_ms", base_ms), _pos("factor", factor)
    if isinstance(retries, bool) or not isinstance(retries, int) or retries < 1:
        raise ValueError(f"retries must be a whole number >= 1, got {retries!r}")
    if jitter not in ("none", "full", "equal"):
        raise ValueError(f"jitter must be none, full or equal, got {jitter!r}")
    caps = [min(base * factor**i, cap_ms) if cap_ms else base * factor**i for i in range(retries)]
    expected = {"none": 1.0, "full": 0.5, "equal": 0.75}[jitter]
    return {"waits_ms": caps, "worst_total_ms": sum(caps),
            "expected_total_ms": sum(caps) * expected, "last_wait_ms": caps[-1],
            "attempts": retries + 1, "jitter": jitter}


def replicas(*, peak_per_s: float, per_replica_per_s: float, target_util: float = 0.7,
             min_replicas: int = 1, failure_margin: int = 0) -> dict:
    """Replicas for a peak load at a target utilisation, plus spares for failures (N+k)."""
    peak, cap = _pos("peak_per_s", peak_per_s), _pos("per_replica_per_s", per_replica_per_s)
    if not 0 < target_util <= 1:
        raise ValueError(f"target_util must be in (0, 1], got {target_util!r}")
    need = math.ceil(peak / (cap * target_util) - 1e-9)
    total = max(min_replicas, need) + failure_margin
    return {"needed": need, "replicas": total, "utilisation_at_peak": peak / (cap * total)}


def token_cost(*, input_tokens: float, output_tokens: float, input_per_million: float,
               output_per_million: float, requests: float = 1.0, cached_fraction: float = 0.0,
               cached_per_million: float | None = None) -> dict:
    """Spend for `requests` calls: input (part of it cached at a cheaper price) and output."""
    for name, v in (("input_tokens", input_tokens), ("output_tokens", output_tokens),
                    ("input_per_million", input_per_million),
                    ("output_per_million", output_per_million), ("requests", requests)):
        _pos(name, v, allow_zero=True)
    if not 0 <= cached_fraction <= 1:
        raise ValueError(f"cached_fraction must be in [0, 1], got {cached_fraction!r}")
    cached_price = input_per_million if cached_per_million is None else cached_per_million
    per_request = (input_tokens * (1 - cached_fraction) * input_per_million
                   + input_tokens * cached_fraction * cached_price
                   + output_tokens * output_per_million) / 1e6
    return {"usd_per_request": per_request, "usd_total": per_request * requests,
            "tokens_total": (input_tokens + output_tokens) * requests}
