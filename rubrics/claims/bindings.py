"""Per-calculator binding for the calculators whose inputs are not a model and a GPU: the
arguments a claim depends on, read from the words the candidate said.

    BINDERS[kind.binder](ctx) -> list of (args, {arg: (value, where from)})

Each binder returns every plausible reading (several when the answer gives two candidates
for one argument); an empty list means the claim cannot be checked (it is then not read).
Where from: "sentence", "answer" or "earlier" (stated), or "card"/"default" (assumed).

- wilson (rate, low, high, half_width): k and n from "8 of 11", "8 out of 11", "8/11",
  "none of 300" (k = 0), "all ten" (k = n), "11 questions and 8 right".
- wilson-samples (n): a rate ("at 90%", "a 5% error rate") and a half-width ("plus or minus
  2 points", "within 3 points", "2 points either side").
- wilson-compare (gap_points): two k-of-n pairs, or "124 against 162" with one n.
- littles-law: two of arrival rate ("5,000 calls an hour", "2,000 over a 10-hour day"),
  time in system ("three minutes each", "takes two seconds") and concurrency ("a semaphore of
  50", "20 permits").
- token-cost: prices per million ("$3 per million input tokens", "13 cents per million"),
  tokens per request ("chunks of 400 tokens", "a 4,000-token prefix") and request counts.
- backoff: base ("from 250 ms", "a 100 ms base"), retries ("five retries"), cap ("a 2-second
  cap"), jitter ("full jitter", "equal jitter").
- token-bucket: rate ("10 a second" first), burst ("a burst of 20"), offered ("sending 30 a
  second"), duration ("for 10 seconds", "over a minute").
- replicas: peak ("peak is 10,000 a second"), per replica ("each replica ... 1,550"),
  target utilisation ("a 70% utilisation target"; the tool's 0.7 when unstated).
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import lru_cache

from ..quantities import spoken_number

_W = (r"(?:\d[\d,]*(?:\.\d+)?|zero|none|no|one|two|three|four|five|six|seven|eight|nine|ten|"
      r"eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|hundred|a hundred|half a)")


def _n(s: str | None) -> float | None:
    if not s:
        return None
    s = s.strip().lower()
    if s in ("zero", "none", "no"):
        return 0.0
    if s == "half a":
        return 0.5
    try:
        return float(s.replace(",", ""))
    except ValueError:
        return spoken_number(s if s != "hundred" else "a hundred")


@dataclass
class Ctx:
    text: str
    start: int            # the claim's span
    end: int
    sent: tuple[int, int]
    earlier: tuple[str, ...]   # most recent first


def _rx(p: str) -> re.Pattern:
    return re.compile(p, re.IGNORECASE)


@lru_cache(maxsize=1024)
def _hits(rx: re.Pattern, conv, text: str) -> tuple:
    """Every match of `rx` in `text` with its value (one pass per pattern and text)."""
    return tuple((m, v) for m in rx.finditer(text) if (v := conv(m)) is not None)


def _scoped(ctx: Ctx, rx: re.Pattern, conv, before_only: bool = False) -> list[tuple[object, str]]:
    """Values of `rx` by scope: the nearest in the sentence (before the claim, else in its
    clause after it), else every distinct value in the rest of the answer, else in the most
    recent earlier turn that has one. Each value comes with its scope."""
    t, (a, b) = ctx.text, ctx.sent
    hits = [(m, v) for m, v in _hits(rx, conv, t) if not (m.start() < ctx.end
                                                          and ctx.start < m.end())]
    before = [(m, v) for m, v in hits if a <= m.start() and m.end() <= ctx.start]
    after = [(m, v) for m, v in hits if ctx.end <= m.start() < b and not before_only
             and not _BREAK.search(t, ctx.end, m.start())]
    if before or after:
        # the nearest before, else the first after in the claim's clause; any other value
        # in the sentence is another reading (asked about, never the ground for accusing)
        first = before[-1] if before else after[0]
        vals = [first[1]] + [v for m, v in before + after if m is not first[0]]
        uniq = []
        for v in vals:
            if v not in uniq:
                uniq.append(v)
        return [(v, "sentence") for v in uniq[:3]]
    rest = [v for m, v in hits if m.start() < a or (m.start() >= b and not before_only)]
    for vals, scope in [(rest, "answer")] + [([v for _, v in _hits(rx, conv, e)], "earlier")
                                             for e in ctx.earlier]:
        uniq = []
        for v in vals:
            if v is not None and v not in uniq:
                uniq.append(v)
        vals = uniq
        if vals:
            return [(v, scope) for v in vals[:3]]
    return []


_BREAK = re.compile(r"[.;,]|\b(?:and|but|if|while|which|so)\b", re.IGNORECASE)


def _combos(ctx: Ctx, spec: dict[str, tuple[re.Pattern, object, bool]],
            fixed: dict | None = None, optional: dict | None = None) -> list[tuple[dict, dict]]:
    """Every reading: the product of each argument's candidate values."""
    opts = {}
    for name, (rx, conv, before_only) in spec.items():
        vals = _scoped(ctx, rx, conv, before_only)
        if not vals:
            if optional and name in optional:
                if optional[name] is not None:
                    opts[name] = [(optional[name], "default")]
                continue
            return []
        opts[name] = vals
    out = []
    for combo in itertools.islice(itertools.product(*opts.values()), 12):
        args = dict(fixed or {})
        cond = {}
        for name, (v, s) in zip(opts, combo):
            if isinstance(v, dict):   # one phrase that gives several arguments
                args.update(v)
                cond.update({k: (x, s) for k, x in v.items()})
            else:
                args[name], cond[name] = v, (v, s)
        out.append((args, cond))
    return out


# ---- Wilson --------------------------------------------------------------------------
_KN = _rx(r"\b(" + _W + r")\s+(?:of|out of|in)\s+(?:the\s+|its\s+|our\s+|those\s+)?(\d[\d,]*|"
          + _W + r")\b(?!\s*(?:%|percent|points?|ms|seconds?|gb|k\b))"
          r"|\b(\d[\d,]*)\s*/\s*(\d[\d,]*)\b(?!\s*(?:%|s\b))"
          r"|\ball\s+(\d[\d,]*|" + _W + r")\b(?=\s+\w+\s+(?:ran|pass|passed|were|came))"
          r"|\b(\d[\d,]*)\s+(?:\w+\s+){1,3}(?:and|with)\s+(\d[\d,]*|" + _W + r")\s+"
          r"(?:right|correct|caught|passing|passed|failures?|fraud|bypass(?:es)?)\b")


def _kn(m: re.Match) -> dict | None:
    g = m.groups()
    if g[0]:
        k, n = _n(g[0]), _n(g[1])
    elif g[2]:
        k, n = _n(g[2]), _n(g[3])
    elif g[4]:
        k = n = _n(g[4])
    else:
        n, k = _n(g[5]), _n(g[6])
    if k is None or n is None or n < 1 or k > n or n != int(n) or k != int(k):
        return None
    return {"k": int(k), "n": int(n)}


def bind_wilson(ctx: Ctx) -> list[tuple[dict, dict]]:
    # a pair said in another sentence may be some other rate: asked about, not accused
    out = _combos(ctx, {"kn": (_KN, _kn, False)})
    return [(a, {k: (v, "nearby" if s == "answer" else s) for k, (v, s) in c.items()})
            for a, c in out]


_RATE = _rx(r"(?:\bat\s+(?:a\s+|our\s+)?|\brate\s+(?:of|is)\s+|\bpass(?:es|ing)?\s+(?:at\s+)?"
            r"(?:about\s+)?)(\d+(?:\.\d+)?)\s*(?:%|percent)"
            r"|\b(\d+(?:\.\d+)?)\s*(?:%|percent)\s+(?:pass|error|failure|success|accuracy|"
            r"precision|recall|rate|hit)")
_HALF = _rx(r"(?:plus or minus|±|\+/-|within)\s+(?:about\s+)?(" + _W + r")\s*(?:%|percent|"
            r"points?|pts?|percentage points?)?"
            r"|\b(" + _W + r")\s*(?:points?|pts?|percentage points?)\s+either side")


def _rate(m: re.Match) -> float | None:
    v = float(m.group(1) or m.group(2)) / 100
    return v if 0 < v < 1 else None


def _half(m: re.Match) -> float | None:
    v = _n(m.group(1) or m.group(2))
    return v / 100 if v and 0 < v < 50 else None


def bind_samples(ctx: Ctx) -> list[tuple[dict, dict]]:
    return _combos(ctx, {"rate": (_RATE, _rate, False), "half_width": (_HALF, _half, False)})


_AGAINST = _rx(r"\b(\d[\d,]*)\s+(?:of\s+(\d[\d,]*)\s+)?(?:against|versus|vs\.?|and\s+\w+\s+"
               r"(?:passes|gets|got))\s+(?:only\s+)?(\d[\d,]*)(?:\s+of\s+(\d[\d,]*))?")
_EACH = _rx(r"\b(?:on|with)\s+(\d[\d,]*)\s+(?:\w+\s+)?(?:each|per arm|cases|questions|examples)")


def bind_compare(ctx: Ctx) -> list[tuple[dict, dict]]:
    a, b = ctx.sent
    sent = ctx.text[a:ctx.start]
    pairs = [p for p in (_kn(m) for m in _KN.finditer(sent)) if p]
    if len(pairs) >= 2:
        p1, p2 = pairs[-2], pairs[-1]
        args = {"k1": p1["k"], "n1": p1["n"], "k2": p2["k"], "n2": p2["n"]}
        return [(args, {k: (v, "sentence") for k, v in args.items()})]
    m = _AGAINST.search(sent)
    if m:
        ns = [x for x in (m.group(2), m.group(4)) if x]
        each = _EACH.search(ctx.text, a, b)
        if each:
            ns.append(each.group(1))
        if pairs:
            ns.append(str(pairs[-1]["n"]))
        if ns:
            n = int(_n(ns[0]))
            k1, k2 = int(_n(m.group(1))), int(_n(m.group(3)))
            if k1 <= n and k2 <= n:
                args = {"k1": k1, "n1": n, "k2": k2, "n2": n}
                return [(args, {k: (v, "sentence") for k, v in args.items()})]
    return []


# ---- Little's law ----------------------------------------------------------------------
_PERIOD = {"second": 1, "sec": 1, "s": 1, "minute": 60, "hour": 3600, "day": 86400,
           "week": 604800, "month": 2592000}
_ARRIVAL = _rx(r"\b(" + _W + r"(?:\s*(?:k|thousand|million))?)\s+(?:\w+\s+){0,2}?"
               r"(?:a|an|per|each|/)\s*(second|sec|minute|hour|day|week|month)\b"
               r"(?:\s*(?:over|across|in)\s+(?:a|an|the)\s+(\d+)[- ]hour day)?"
               r"|\b(" + _W + r"(?:\s*(?:k|thousand))?)\s+(?:\w+\s+){0,2}?(?:over|across|in)\s+"
               r"(?:a|an|the)\s+(\d+)[- ]hour (?:day|shift)")
_LATENCY = _rx(r"\b(" + _W + r")\s*(?:-\s*)?(ms|milliseconds?|seconds?|minutes?|hours?)\s+"
               r"(?:each|apiece|per (?:call|request|conversation|ticket)|on average|of handle)"
               r"|(?:handle time|takes?|lasts?|latency|time in system)\s+(?:is\s+|of\s+)?"
               r"(?:about\s+)?(" + _W + r")\s*(ms|milliseconds?|seconds?|minutes?|hours?)\b"
               r"|\b(half a) (second|minute)\s+each")
_CONC = _rx(r"\b(?:semaphore|pool|concurrency(?: limit)?|limit)\s+of\s+(\d[\d,]*)\b"
            r"|\b(\d[\d,]*)\s+(?:permits|slots|workers|seats|agents)\b(?!\s+(?:busy|at once))")
_UNIT_S = {"ms": 1e-3, "millisecond": 1e-3, "second": 1, "minute": 60, "hour": 3600}


def _mult(s: str) -> float | None:
    m = re.match(r"(.+?)\s*(k|thousand|million)?$", s.strip(), re.I)
    v = _n(m.group(1))
    if v is None:
        return None
    return v * {"k": 1e3, "thousand": 1e3, "million": 1e6}.get((m.group(2) or "").lower(), 1)


def _arrival(m: re.Match) -> float | None:
    if m.group(4):
        v, hours = _mult(m.group(4)), float(m.group(5))
        return v / (hours * 3600) if v else None
    v = _mult(m.group(1))
    if not v:
        return None
    per = _PERIOD[m.group(2).lower()]
    if m.group(3):
        per = float(m.group(3)) * 3600
    return v / per


def _latency(m: re.Match) -> float | None:
    raw, unit = next((m.group(i), m.group(i + 1)) for i in (1, 3, 5) if m.group(i))
    v = _n(raw)
    u = unit.lower().rstrip("s") if unit.lower() != "ms" else "ms"
    return v * _UNIT_S[u] if v else None


def _conc(m: re.Match) -> float | None:
    return _n(m.group(1) or m.group(2)) or None


def bind_littles(want: str):
    specs = {"arrival_rate_per_s": (_ARRIVAL, _arrival, False),
             "latency_s": (_LATENCY, _latency, False), "concurrency": (_CONC, _conc, False)}

    def bind(ctx: Ctx) -> list[tuple[dict, dict]]:
        given = {k: v for k, v in specs.items() if k != want}
        return _combos(ctx, given)
    return bind


# ---- token cost --------------------------------------------------------------------------
_PRICE = _rx(r"(\$\s?\d+(?:\.\d+)?|\d+(?:\.\d+)?\s*cents?)\s*(?:per|a|/)\s*(?:million|m\b|1m\b)"
             r"(?:\s+(input|output|cached|prompt|completion))?")
_PRICE_AT = _rx(r"\bat\s+(\d+(?:\.\d+)?)\s*cents\b(?!\s*(?:per|a)\s*(?:request|call|query))")
_TOKENS = _rx(r"\b(\d[\d,]*(?:\.\d+)?)\s*(k)?[\s-]*tokens?\b(?!\s*(?:a|per)\s*(?:second|s\b))"
              r"(?:\s+(?:of\s+)?(input|output|in|out|prompt|completion))?")
_REQS = _rx(r"\b(" + _W + r"(?:\s*(?:k|thousand|million|billion))?)\s+(?:\w+\s+)?"
            r"(?:requests|calls|chunks|documents|docs|queries|tickets|conversations|messages|"
            r"pages|emails|users)\b")


def _usd(s: str) -> float:
    s = s.replace("$", "").strip()
    return float(re.sub(r"\s*cents?", "", s)) / 100 if "cent" in s else float(s)


def bind_cost(ctx: Ctx) -> list[tuple[dict, dict]]:
    t, (a, b) = ctx.text, ctx.sent
    lo = a if _PRICE.search(t, a, b) or _PRICE_AT.search(t, a, b) else 0
    span = t[lo:b]
    prices = {"input": None, "output": None}
    for m in _PRICE.finditer(span):
        which = (m.group(2) or "input").lower()
        which = "output" if which in ("output", "completion") else "input"
        if prices[which] is None:
            prices[which] = _usd(m.group(1))
    if prices["input"] is None:
        m = _PRICE_AT.search(span)
        prices["input"] = _usd(m.group(1) + " cents") if m else None
    toks = {"input": None, "output": None}
    for m in _TOKENS.finditer(span):
        v = float(m.group(1).replace(",", "")) * (1000 if m.group(2) else 1)
        which = "output" if (m.group(3) or "").lower() in ("output", "out", "completion") \
            else "input"
        if toks[which] is None and v < 1e6:
            toks[which] = v
    if prices["input"] is None or toks["input"] is None:
        return []
    args = {"input_tokens": toks["input"], "output_tokens": toks["output"] or 0,
            "input_per_million": prices["input"],
            "output_per_million": prices["output"] or 0}
    # which price and token count go together is a guess: token-cost claims are asked about,
    # never challenged
    scope = "guessed"
    cond = {k: (v, scope) for k, v in args.items()}
    if toks["output"] and prices["output"] is None:
        return []
    reqs = [(m, _mult(m.group(1))) for m in _REQS.finditer(span)]
    reqs = [(m, v) for m, v in reqs if v and v > 1]
    out = [(dict(args), dict(cond))]
    if reqs:
        near = [v for m, v in reqs if lo + m.end() <= ctx.start] or [reqs[0][1]]
        args2 = dict(args, requests=near[-1])
        out = [(args2, dict(cond, requests=(near[-1], scope)))]
    return out


# ---- backoff, token bucket, replicas -----------------------------------------------------
_BASE = _rx(r"(?:from|starting at|base(?: of)?|at)\s+(\d+(?:\.\d+)?)\s*(ms|milliseconds?|s\b|"
            r"seconds?)|\b(\d+(?:\.\d+)?)\s*(ms|milliseconds?|s|seconds?)\s+base")
_RETRIES = _rx(r"\b(" + _W + r")\s+retries\b|\ba\s+(second|third|fourth|fifth|sixth|seventh)"
               r"\s+retry")
_CAP = _rx(r"\b(\d+(?:\.\d+)?)[\s-]*(ms|milliseconds?|s|seconds?)\s+cap\b|\bcap(?:ped)?\s+(?:of|at)"
           r"\s+(\d+(?:\.\d+)?)\s*(ms|milliseconds?|s\b|seconds?)")
_JITTER = _rx(r"\b(full|equal|no)\s+jitter\b")
_ORD = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7}


def _ms(v: str, unit: str) -> float:
    return float(v) * (1 if unit.lower().startswith("m") else 1000)


def bind_backoff(ctx: Ctx) -> list[tuple[dict, dict]]:
    spec = {"base_ms": (_BASE, lambda m: _ms(*(m.group(1, 2) if m.group(1)
                                                else m.group(3, 4))), False),
            "retries": (_RETRIES, lambda m: int(_n(m.group(1))) if m.group(1)
                        and _n(m.group(1)) else _ORD.get((m.group(2) or "").lower()), False),
            "cap_ms": (_CAP, lambda m: _ms(*(m.group(1, 2) if m.group(1)
                                               else m.group(3, 4))), True),
            "jitter": (_JITTER, lambda m: {"no": "none"}.get(m.group(1).lower(),
                                                             m.group(1).lower()), True)}
    return _combos(ctx, spec, optional={"cap_ms": None, "jitter": "full"})


_BRATE = _rx(r"\b(\d[\d,]*)\s+(?:\w+\s+)?(?:a|per)\s+second\s+with\s+a\s+burst")
_BURST = _rx(r"\bburst\s+(?:of|is)\s+(\d[\d,]*)")
_OFFER = _rx(r"(?:sending|pushing|offers?|offering|at)\s+(\d[\d,]*)\s+(?:\w+\s+)?(?:a|per)\s+"
             r"second\b(?!\s+with\s+a\s+burst)")
_DUR = _rx(r"\b(?:for|over|in)\s+(?:a|the\s+|the\s+whole\s+)?(" + _W + r")?\s*(seconds?|minutes?|"
           r"minute)\b")


def _dur(m: re.Match) -> float | None:
    v = _n(m.group(1)) if m.group(1) else 1.0
    return v * (60 if m.group(2).lower().startswith("min") else 1) if v else None


def bind_bucket(ctx: Ctx) -> list[tuple[dict, dict]]:
    spec = {"rate_per_s": (_BRATE, lambda m: _n(m.group(1)), False),
            "burst": (_BURST, lambda m: _n(m.group(1)), False),
            "offered_per_s": (_OFFER, lambda m: _n(m.group(1)), False),
            "duration_s": (_DUR, _dur, False)}
    return _combos(ctx, spec)


_PEAK = _rx(r"\bpeak\s+(?:is\s+|of\s+)?(?:about\s+)?(\d[\d,]*)|\b(\d[\d,]*)\s+(?:\w+\s+){0,3}"
            r"(?:a|per)\s+second\s+(?:at\s+peak|peak)")
_PER_REPLICA = _rx(r"\b(?:replica|gpu|node|box)\w*\s+(?:\w+\s+){0,6}?(?:tops out|handles|does|"
                   r"doing|serves|at)\s+(?:around\s+|about\s+)?(\d[\d,]*)")
_TARGET = _rx(r"\b(\d+)\s*%\s+(?:utili[sz]ation|util|target)|\butili[sz]ation\s+(?:target\s+)?"
              r"(?:of\s+)?(\d+)\s*%")
_SPARE = _rx(r"\bn\s*\+\s*(\d)|\bn plus (one|two)")


def bind_replicas(ctx: Ctx) -> list[tuple[dict, dict]]:
    spec = {"peak_per_s": (_PEAK, lambda m: _n(m.group(1) or m.group(2)), False),
            "per_replica_per_s": (_PER_REPLICA, lambda m: _n(m.group(1)), False),
            "target_util": (_TARGET, lambda m: int(m.group(1) or m.group(2)) / 100, False),
            "failure_margin": (_SPARE, lambda m: int(_n(m.group(1) or m.group(2))), False)}
    return _combos(ctx, spec, optional={"target_util": 0.7, "failure_margin": None})


BINDERS = {"wilson": bind_wilson, "samples": bind_samples, "compare": bind_compare,
           "littles-concurrency": bind_littles("concurrency"),
           "littles-rate": bind_littles("arrival_rate_per_s"),
           "littles-latency": bind_littles("latency_s"), "cost": bind_cost,
           "backoff": bind_backoff, "bucket": bind_bucket, "replicas": bind_replicas}
