"""Iteration-level simulation of the three batching policies, and a discrete-event
simulation of a request-level micro-batcher with a bounded queue.

Model (one unit of time is one engine iteration, i.e. one decode step):
- A request admitted at iteration s prefills its prompt and emits its first token at
  the end of the iteration where its prefill completes, then one token per iteration.
  With no token budget the prefill completes at s, so it occupies its slot for
  `output` iterations.
- static:     fixed groups of `slots` requests in arrival order; a group starts when its
              last member has arrived and runs until its longest member ends.
- dynamic:    a group starts when `slots` requests wait or the oldest has waited
              `max_wait` iterations, whichever is first, and runs to completion.
- continuous: after every iteration finished requests leave and waiting ones take
              their slots (Orca's iteration-level scheduling). With `max_batched_tokens`
              each iteration spends its token budget on decodes first, then on prefill
              chunks in admission order (chunked prefill).
Step time: base_ms + ms_per_seq x rows in the step + ms_per_prefill_token x prompt tokens
prefilled in it. A padded static or dynamic group pays for all its rows until it ends.

Standard library only.
"""
from __future__ import annotations

import bisect
import heapq
import math
import random
from collections import deque
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Request:
    id: int
    arrival: int      # iteration at which it can first be admitted
    prompt: int       # prompt tokens
    output: int       # output tokens (>= 1)


@dataclass
class _Seg:
    start: int        # first iteration
    length: int       # iterations
    busy: int         # rows producing tokens
    held: int         # slots held by finished rows of a padded group
    ms: float         # duration of each iteration in the segment


@dataclass
class SimResult:
    policy: str
    slots: int
    requests: list[Request]
    admit: dict[int, int] = field(default_factory=dict)
    first: dict[int, int] = field(default_factory=dict)
    finish: dict[int, int] = field(default_factory=dict)
    slot: dict[int, int] = field(default_factory=dict)
    group_end: dict[int, int] = field(default_factory=dict)   # static/dynamic: slot held until
    segs: list[_Seg] = field(default_factory=list)

    # -- time -----------------------------------------------------------------------
    def _index(self) -> tuple[list[int], list[float]]:
        starts, cum, acc = [], [], 0.0
        for s in self.segs:
            starts.append(s.start)
            cum.append(acc)
            acc += s.length * s.ms
        return starts, cum

    def end_ms(self, it: int) -> float:
        """Wall time at the end of iteration `it`."""
        starts, cum = self._cache
        k = bisect.bisect_right(starts, it) - 1
        s = self.segs[k]
        return cum[k] + (min(it, s.start + s.length - 1) - s.start + 1) * s.ms

    def start_ms(self, it: int) -> float:
        return self.end_ms(it - 1) if it > 0 else 0.0

    def max_step_ms(self, lo: int, hi: int) -> float:
        """Longest single iteration among iterations lo..hi inclusive."""
        starts, _ = self._cache
        k = max(0, bisect.bisect_right(starts, lo) - 1)
        best = 0.0
        while k < len(self.segs) and self.segs[k].start <= hi:
            best = max(best, self.segs[k].ms)
            k += 1
        return best

    def summary(self, per_request: bool = True) -> dict:
        self._cache = self._index()
        makespan = max(self.finish.values()) + 1 if self.finish else 0
        tokens = sum(r.output for r in self.requests)
        total_ms = self.end_ms(makespan - 1) if makespan else 0.0
        busy = sum(s.busy * s.length for s in self.segs)
        held = sum(s.held * s.length for s in self.segs)
        rows, ttfts, itls = [], [], []
        for r in self.requests:
            ttft = self.end_ms(self.first[r.id]) - self.start_ms(r.arrival)
            n_gaps = self.finish[r.id] - self.first[r.id]
            itl = ((self.end_ms(self.finish[r.id]) - self.end_ms(self.first[r.id])) / n_gaps
                   if n_gaps else 0.0)
            itl_max = self.max_step_ms(self.first[r.id] + 1, self.finish[r.id]) if n_gaps else 0.0
            ttfts.append(ttft)
            itls.append(itl)
            if per_request:
                rows.append({"id": r.id, "arrival": r.arrival, "prompt": r.prompt,
                             "output": r.output, "admitted": self.admit[r.id],
                             "first_token": self.first[r.id], "finish": self.finish[r.id],
                             "slot": self.slot[r.id], "ttft_ms": ttft,
                             "itl_ms_mean": itl, "itl_ms_max": itl_max})
        out = {
            "policy": self.policy, "slots": self.slots, "requests_total": len(self.requests),
            "makespan_iterations": makespan, "total_ms": total_ms, "output_tokens": tokens,
            "tokens_per_iteration": tokens / makespan if makespan else 0.0,
            "tokens_per_s": tokens / total_ms * 1000 if total_ms else 0.0,
            "occupancy": busy / (self.slots * makespan) if makespan else 0.0,
            "held_idle_fraction": held / (self.slots * makespan) if makespan else 0.0,
            "ttft_ms_p50": _pct(ttfts, 0.5), "ttft_ms_p99": _pct(ttfts, 0.99),
            "itl_ms_mean": sum(itls) / len(itls) if itls else 0.0,
        }
        if per_request:
            out["requests"] = rows
        return out

    def occupancy_per_iteration(self) -> list[int]:
        occ: list[int] = []
        for s in self.segs:
            occ.extend([s.busy] * s.length)
        return occ

    def chart(self, max_width: int = 120) -> str:
        """Slots down, iterations across: a request's label while it runs, '/' where a
        padded group holds a finished row's slot, '.' where the slot is empty."""
        makespan = max(self.finish.values()) + 1
        width = min(makespan, max_width)
        grid = [["."] * width for _ in range(self.slots)]
        for r in self.requests:
            row, label = grid[self.slot[r.id]], _label(r.id)
            for t in range(self.admit[r.id], min(self.finish[r.id] + 1, width)):
                row[t] = label
            for t in range(self.finish[r.id] + 1, min(self.group_end.get(r.id, -1) + 1, width)):
                row[t] = "/"
        ruler = "".join(str(t % 10) for t in range(width))
        lines = [f"{self.policy} batching, {self.slots} slots, {makespan} iterations"
                 + ("" if width == makespan else f" (first {width} shown)"),
                 f"        {ruler}"]
        lines += [f"slot {i:<2} {''.join(row)}" for i, row in enumerate(grid)]
        return "\n".join(lines)


def _label(i: int) -> str:
    chars = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    return chars[(i - 1) % len(chars)] if i >= 1 else "0"


def _pct(xs: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[max(0, math.ceil(p * len(s)) - 1)]


def _check(requests: list[Request], slots: int) -> list[Request]:
    if isinstance(slots, bool) or not isinstance(slots, int) or slots < 1:
        raise ValueError(f"slots must be a whole number >= 1, got {slots!r}")
    ids = set()
    for r in requests:
        if r.arrival < 0 or r.prompt < 0 or r.output < 1:
            raise ValueError(f"request {r.id}: arrival and prompt must be >= 0 and output >= 1")
        if r.id in ids:
            raise ValueError(f"request id {r.id} appears twice")
        ids.add(r.id)
    return sorted(requests, key=lambda r: (r.arrival, r.id))


def _step_ms(rows: int, prefill_tokens: int, base_ms: float, ms_per_seq: float,
             ms_per_prefill_token: float) -> float:
    return base_ms + ms_per_seq * rows + ms_per_prefill_token * prefill_tokens


def simulate(requests: list[Request], slots: int, policy: str = "continuous", *,
             max_wait: int = 0, max_batched_tokens: int | None = None, base_ms: float = 20.0,
             ms_per_seq: float = 0.0, ms_per_prefill_token: float = 0.0) -> SimResult:
    """Run the requests through `slots` batch slots under one policy."""
    reqs = _check(list(requests), slots)
    cost = dict(base_ms=base_ms, ms_per_seq=ms_per_seq, ms_per_prefill_token=ms_per_prefill_token)
    if policy == "continuous":
        if max_batched_tokens is not None and max_batched_tokens < slots + 1:
            raise ValueError(f"max_batched_tokens ({max_batched_tokens}) must exceed slots "
                             f"({slots}) so that a prefill can make progress")
        return _continuous(reqs, slots, max_batched_tokens, cost)
    if policy in ("static", "dynamic"):
        if max_wait < 0:
            raise ValueError(f"max_wait must be >= 0, got {max_wait}")
        return _grouped(reqs, slots, policy, max_wait, cost)
    raise ValueError(f"unknown policy {policy!r}; known: static, dynamic, continuous")


def _grouped(reqs: list[Request], slots: int, policy: str, max_wait: int, cost: dict) -> SimResult:
    res = SimResult(policy, slots, reqs)
    t, i, n = 0, 0, len(reqs)   # t: first iteration the engine is free
    while i < n:
        if policy == "static":
            group = reqs[i:i + slots]
            start = max(t, group[-1].arrival)
        else:
            first = max(t, reqs[i].arrival)
            full_at = reqs[i + slots - 1].arrival if i + slots - 1 < n else math.inf
            start = max(first, min(full_at, reqs[i].arrival + max_wait))
            j = i
            while j < n and j - i < slots and reqs[j].arrival <= start:
                j += 1
            group = reqs[i:j]
        if start > t:
            res.segs.append(_Seg(t, start - t, 0, 0, cost["base_ms"]))
        longest = max(r.output for r in group)
        end = start + longest - 1
        for k, r in enumerate(group):
            res.admit[r.id], res.first[r.id], res.slot[r.id] = start, start, k
            res.finish[r.id], res.group_end[r.id] = start + r.output - 1, end
        # Segments: the padded group pays for every row; rows finish at different times.
        prompts = sum(r.prompt for r in group)
        ms0 = _step_ms(len(group), prompts, **cost)
        ms = _step_ms(len(group), 0, **cost)
        outs = sorted(r.output for r in group)
        cursor = start
        for edge in sorted(set(outs)):
            seg_end = start + edge   # exclusive
            while cursor < seg_end:
                busy = sum(1 for o in outs if start + o > cursor)
                step = ms0 if cursor == start else ms
                length = 1 if cursor == start else seg_end - cursor
                res.segs.append(_Seg(cursor, length, busy, len(group) - busy, step))
                cursor += length
        t = end + 1
        i += len(group)
    return res


@dataclass(eq=False)
class _Prefill:
    req: Request
    left: int   # prompt tokens still to prefill


def _continuous(reqs: list[Request], slots: int, budget: int | None, cost: dict) -> SimResult:
    """Event-driven: a started sequence emits one token every iteration until a finish
    iteration known when it starts, so the loop jumps from event to event and only
    steps one iteration at a time while a chunked prefill is in flight."""
    res = SimResult("continuous", slots, reqs)
    free = list(range(slots))   # lowest free slot first, so charts read top-down
    waiting: deque[Request] = deque()
    decoding: list[tuple[int, int]] = []   # heap of (finish iteration, request id)
    prefilling: deque[_Prefill] = deque()
    t, i, n, done = 0, 0, len(reqs), 0
    while done < n:
        while i < n and reqs[i].arrival <= t:
            waiting.append(reqs[i])
            i += 1
        new_prompt = 0
        while waiting and free:
            r = waiting.popleft()
            res.admit[r.id], res.slot[r.id] = t, heapq.heappop(free)
            if budget is None:   # the whole prompt prefills now and yields the first token
                res.first[r.id] = t
                res.finish[r.id] = t + r.output - 1
                heapq.heappush(decoding, (t + r.output - 1, r.id))
                new_prompt += r.prompt
            else:
                prefilling.append(_Prefill(r, r.prompt))
        if not decoding and not prefilling:   # idle until the next arrival
            gap = reqs[i].arrival - t
            res.segs.append(_Seg(t, gap, 0, 0, cost["base_ms"]))
            t += gap
            continue
        rows = len(decoding)
        if prefilling:   # decodes spent their share of the budget first
            left = budget - len(decoding)
            while prefilling and left > 0:
                p = prefilling[0]
                chunk = min(p.left, left)
                p.left -= chunk
                left -= chunk
                new_prompt += chunk
                rows += 1
                if p.left:
                    break
                prefilling.popleft()   # prefill done: this iteration emits the first token
                r = p.req
                res.first[r.id], res.finish[r.id] = t, t + r.output - 1
                heapq.heappush(decoding, (t + r.output - 1, r.id))
        busy = len(decoding) + len(prefilling)
        if prefilling or (new_prompt and cost["ms_per_prefill_token"]):
            k = 1
        else:
            k = decoding[0][0] - t + 1
            if free and i < n:
                k = min(k, reqs[i].arrival - t)
        res.segs.append(_Seg(t, k, busy, 0, _step_ms(rows, new_prompt, **cost)))
        t += k
        while decoding and decoding[0][0] < t:
            _, rid = heapq.heappop(decoding)
            heapq.heappush(free, res.slot[rid])
            done += 1
    return res


def poisson_requests(n: int, rate_per_iteration: float, output: int, prompt: int = 0,
                     seed: int = 0, output_jitter: float = 0.0) -> list[Request]:
    """n requests with Poisson arrivals (in iterations) and outputs around `output` tokens."""
    rng = random.Random(seed)
    t, out = 0.0, []
    for k in range(n):
        if rate_per_iteration > 0:
            t += rng.expovariate(rate_per_iteration)
        o = output if not output_jitter else max(1, round(rng.gauss(output, output * output_jitter)))
        out.append(Request(k + 1, int(t), prompt, o))
    return out


# -- request-level micro-batcher (chapter 2's micro_batcher, as a queueing model) -------

def microbatch(*, rate_per_s: float, requests: int = 2000, max_batch: int = 32,
               max_wait_ms: float = 10.0, max_queue: int = 256, base_ms: float = 15.0,
               per_item_ms: float = 0.5, timeout_ms: float = 30_000.0, seed: int = 0) -> dict:
    """Poisson arrivals into a bounded queue in front of one worker that flushes a batch
    when it holds `max_batch` requests or its oldest has waited `max_wait_ms`, and serves
    it in base_ms + per_item_ms x size. A full queue sheds at admission (HTTP 429/503);
    a caller gives up after `timeout_ms`. Latency is arrival to completion."""
    for name, v in (("rate_per_s", rate_per_s), ("max_batch", max_batch),
                    ("max_queue", max_queue), ("timeout_ms", timeout_ms)):
        if v <= 0:
            raise ValueError(f"{name} must be positive, got {v!r}")
    if requests < 1 or max_wait_ms < 0 or base_ms < 0 or per_item_ms < 0:
        raise ValueError("requests must be >= 1; max_wait_ms, base_ms, per_item_ms >= 0")
    rng = random.Random(seed)
    arrivals, t = [], 0.0
    for _ in range(requests):
        t += rng.expovariate(rate_per_s / 1000.0)
        arrivals.append(t)
    queue: deque[float] = deque()
    lat: list[float] = []
    shed = timed_out = batches = 0
    i, now = 0, 0.0

    def admit_until(limit: float) -> None:
        nonlocal i, shed
        while i < requests and arrivals[i] <= limit:
            if len(queue) < max_queue:
                queue.append(arrivals[i])
            else:
                shed += 1
            i += 1

    while True:
        admit_until(now)
        if not queue:
            if i >= requests:
                break
            now = arrivals[i]
            continue
        batch = [queue.popleft()]   # the worker wakes on the first request...
        deadline = now + max_wait_ms
        while len(batch) < max_batch:   # ...and collects until full or the window closes
            if queue:
                batch.append(queue.popleft())
            elif i < requests and arrivals[i] <= deadline:
                now = max(now, arrivals[i])
                admit_until(now)
            else:
                now = deadline
                break
        live = [a for a in batch if now - a < timeout_ms]   # skip callers that gave up
        timed_out += len(batch) - len(live)
        if not live:
            continue
        admit_until(now)
        end = now + base_ms + per_item_ms * len(live)
        admit_until(end)   # arrivals during service queue up, or are shed
        batches += 1
        for a in live:
            if end - a <= timeout_ms:
                lat.append(end - a)
            else:
                timed_out += 1
        now = end
    span_s = (max(arrivals[-1], now) - 0.0) / 1000.0
    return {
        "offered": requests, "offered_per_s": rate_per_s, "served": len(lat), "shed": shed,
        "timed_out": timed_out, "batches": batches,
        "mean_batch": len(lat) / batches if batches else 0.0,
        "capacity_per_s": max_batch / (base_ms + per_item_ms * max_batch) * 1000,
        "served_per_s": len(lat) / span_s if span_s else 0.0,
        "p50_ms": _pct(lat, 0.50), "p99_ms": _pct(lat, 0.99), "max_ms": max(lat, default=0.0),
    }


def format_microbatch(r: dict) -> str:
    return "\n".join([
        f"micro-batcher: {r['offered']} requests offered at {r['offered_per_s']:g}/s "
        f"(capacity at full batches about {r['capacity_per_s']:.0f}/s)",
        f"  served {r['served']}, shed {r['shed']}, timed out {r['timed_out']}; "
        f"{r['batches']} batches of {r['mean_batch']:.1f} on average",
        f"  latency p50 {r['p50_ms']:.0f} ms, p99 {r['p99_ms']:.0f} ms, max {r['max_ms']:.0f} ms",
    ])
