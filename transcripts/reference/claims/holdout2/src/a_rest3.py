from core import ans, c

def W(k, n, **kw):
    a = dict(k=k, n=n); a.update(kw); return a
def TC(i, o, ip=3, op=15, **kw):
    a = dict(input_tokens=i, output_tokens=o, input_per_million=ip, output_per_million=op); a.update(kw); return a
def TB(**kw):
    a = dict(rate_per_s=10, burst=20, offered_per_s=30, duration_s=10); a.update(kw); return a

# q24 rate limiter
ans("h2-q24-001", "q24", """Token bucket per user, refill 5 a second, burst 10. A client hammering at 20 a second for 10 seconds: the bucket drains at 15 a second, so it's empty after about two thirds of a second; it admits 10 plus 50, so 60, and rejects 140. Refilling from empty takes 2 seconds.""",
[
 c("empty after about two thirds of a second", "seconds until the bucket is dry", "token-bucket", TB(rate_per_s=5, burst=10, offered_per_s=20),
   "empty_after_s", 0.667, "s", "correct", stated=dict(rate_per_s=5, burst=10, offered_per_s=20, duration_s=10)),
 c("so 60", "requests admitted over 10 s", "token-bucket", TB(rate_per_s=5, burst=10, offered_per_s=20), "allowed", 60, "requests",
   "correct", stated=dict(rate_per_s=5, burst=10, offered_per_s=20, duration_s=10)),
 c("rejects 140", "requests rejected over 10 s", "token-bucket", TB(rate_per_s=5, burst=10, offered_per_s=20), "rejected", 140,
   "requests", "correct", stated=dict(rate_per_s=5, burst=10, offered_per_s=20)),
 c("takes 2 seconds", "refill time of the bucket", "token-bucket", TB(rate_per_s=5, burst=10, offered_per_s=20), "refill_s", 2, "s",
   "correct", stated=dict(rate_per_s=5, burst=10)),
], distractors=[])

ans("h2-q24-002", "q24", """10 per second with a burst of 20, the client sends 30 a second for 10 seconds. It admits the burst plus 10 a second, and the bucket runs dry after two thirds of a second, since 20 over 30.""",
[
 c("after two thirds of a second", "seconds until the bucket is dry", "token-bucket", TB(), "empty_after_s", 0.667, "s", "wrong",
   error="other", stated=dict(rate_per_s=10, burst=20, offered_per_s=30),
   note="divides the burst by the offered rate, not by offered minus refill: 20 / 20 = 1 s"),
], distractors=[])

ans("h2-q24-003", "q24", """The global limit is 200 a second with a 400 burst, and a flash sale offers 500 a second for 30 seconds: it admits 400 plus 6,000, so 6,400, and the bucket is gone in one and a third seconds.""",
[
 c("so 6,400", "requests admitted by the global bucket over 30 s", "token-bucket", TB(rate_per_s=200, burst=400, offered_per_s=500, duration_s=30),
   "allowed", 6400, "requests", "correct", stated=dict(rate_per_s=200, burst=400, offered_per_s=500, duration_s=30)),
 c("gone in one and a third seconds", "seconds until the global bucket is dry", "token-bucket",
   TB(rate_per_s=200, burst=400, offered_per_s=500, duration_s=30), "empty_after_s", 1.333, "s", "correct",
   stated=dict(rate_per_s=200, burst=400, offered_per_s=500)),
], distractors=[])

# q25 async client
ans("h2-q25-001", "q25", """Base 200 milliseconds, doubling, cap 5 seconds, six retries: the waits are 200, 400, 800, 1.6, 3.2 seconds and then capped at 5, so 11.2 seconds worst case. With full jitter the expected total is about 5.6 seconds. And a semaphore of 50 with calls taking a quarter second sustains 200 requests a second.""",
[
 c("so 11.2 seconds worst case", "worst-case wait: 6 retries from 200 ms, x2, cap 5 s", "backoff",
   dict(base_ms=200, retries=6, factor=2, cap_ms=5000, jitter="full"), "worst_total_ms", 11200, "ms", "correct",
   stated=dict(base_ms=200, retries=6, factor=2, cap_ms=5000)),
 c("about 5.6 seconds", "expected wait with full jitter", "backoff", dict(base_ms=200, retries=6, factor=2, cap_ms=5000, jitter="full"),
   "expected_total_ms", 5600, "ms", "correct", stated=dict(jitter="full"), conditions_from="answer"),
 c("sustains 200 requests a second", "throughput of 50 permits at 0.25 s per call", "littles-law", dict(concurrency=50, latency_s=0.25),
   "arrival_rate_per_s", 200, "requests/s", "correct", stated=dict(concurrency=50, latency_s=0.25)),
], distractors=[])

ans("h2-q25-002", "q25", """Five retries from 100 milliseconds, doubling, the expected total sleep is about 1.55 seconds. And 20 permits at half a second each gives you 10 requests a second.""",
[
 c("about 1.55 seconds", "expected total wait, 5 retries from 100 ms (jitter unstated)", "backoff",
   dict(base_ms=100, retries=5, factor=2, cap_ms=2000, jitter="full"), "expected_total_ms", 1550, "ms", "ambiguous",
   stated=dict(base_ms=100, retries=5), alt_args=dict(base_ms=100, retries=5, factor=2, cap_ms=2000, jitter="none"),
   note="right with full jitter (card default); without jitter the expected wait equals the 3.1 s worst case"),
 c("10 requests a second", "throughput of 20 permits at 0.5 s", "littles-law", dict(concurrency=20, latency_s=0.5), "arrival_rate_per_s",
   10, "requests/s", "wrong", error="other", stated=dict(concurrency=20, latency_s=0.5), note="multiplies instead of divides: 40/s"),
], distractors=[])

# q26 RAG in 40 minutes
ans("h2-q26-001", "q26", """I'd write 25 eval questions with known source files; 21 retrieved the right file, 84 percent, but the Wilson interval goes down to about 65. To get to plus or minus 10 points around 84 I need about 50 questions.""",
[
 c("84 percent", "hit rate 21 of 25", "wilson", W(21, 25), "rate", 84, "percent", "correct", stated=dict(k=21, n=25)),
 c("down to about 65", "lower end, Wilson 21 of 25", "wilson", W(21, 25), "low", 65, "percent", "correct", stated=dict(k=21, n=25)),
 c("about 50 questions", "questions for +/-10 points at 84%", "wilson-samples", dict(rate=0.84, half_width=0.1), "n", 50, "count",
   "correct", stated=dict(rate=0.84, half_width=0.1)),
], distractors=[])

ans("h2-q26-002", "q26", """On the table-heavy subset only 2 of 8 questions hit, 25 percent, and 1.96 standard errors is about 30 points, so the low end of the interval is basically zero.""",
[
 c("25 percent", "hit rate 2 of 8", "wilson", W(2, 8), "rate", 25, "percent", "correct", stated=dict(k=2, n=8)),
 c("the low end of the interval is basically zero", "lower end, 95% Wilson 2 of 8", "wilson", W(2, 8), "low", 0, "percent", "wrong",
   error="normal-approx", stated=dict(k=2, n=8), conditions_from="answer", note="Wald goes negative and is clipped; Wilson low is 7.1%"),
], distractors=[])

# q27 Kafka
ans("h2-q27-001", "q27", """At 80 messages a second with 2.5 seconds per LLM call, Little's law says 200 calls in flight. With 24 partitions each doing one record at a time at 2 seconds a call, you only get 12 messages a second.""",
[
 c("200 calls in flight", "calls in flight at 80/s x 2.5 s", "littles-law", dict(arrival_rate_per_s=80, latency_s=2.5), "concurrency", 200,
   "count", "correct", stated=dict(arrival_rate_per_s=80, latency_s=2.5)),
 c("12 messages a second", "throughput of 24 sequential partitions at 2 s", "littles-law", dict(concurrency=24, latency_s=2), "arrival_rate_per_s",
   12, "requests/s", "correct", stated=dict(concurrency=24, latency_s=2)),
], distractors=["24 partitions"])

ans("h2-q27-002", "q27", """Twelve partitions at 3 seconds a call is 36 messages a second, which is close to the 50 arriving, so we just add a few partitions.""",
[
 c("36 messages a second", "throughput of 12 sequential partitions at 3 s", "littles-law", dict(concurrency=12, latency_s=3),
   "arrival_rate_per_s", 36, "requests/s", "wrong", error="other", stated=dict(concurrency=12, latency_s=3), note="12 / 3 = 4 per second"),
], distractors=[])

# q28 HIPAA RAG
ans("h2-q28-001", "q28", """Per question: 8,000 tokens of retrieved context and a 500-token answer at 3 and 15 dollars is about 3.2 cents; at 30,000 questions a day that's around 960 dollars a day. For leakage, zero leaks in 2,000 probes still leaves a Wilson upper bound of about 0.19 percent.""",
[
 c("about 3.2 cents", "cost per question: 8K in / 500 out at $3/$15", "token-cost", TC(8000, 500, requests=30000), "usd_per_request",
   0.0315, "usd", "correct", stated=dict(input_tokens=8000, output_tokens=500)),
 c("around 960 dollars a day", "daily cost at 30,000 questions", "token-cost", TC(8000, 500, requests=30000), "usd_total", 960, "usd",
   "correct", stated=dict(requests=30000), conditions_from="answer"),
 c("about 0.19 percent", "Wilson upper bound, 0 of 2,000", "wilson", W(0, 2000), "high", 0.19, "percent", "correct", stated=dict(k=0, n=2000)),
], distractors=[])

ans("h2-q28-002", "q28", """6,000 tokens in and 400 out at 3 and 15 a million is 2.4 cents a question, so for 20,000 questions that's about 48 dollars a day.""",
[
 c("2.4 cents a question", "cost per question, 6K/400 at $3/$15", "token-cost", TC(6000, 400, requests=20000), "usd_per_request", 0.024,
   "usd", "correct", stated=dict(input_tokens=6000, output_tokens=400), note="card default"),
 c("about 48 dollars a day", "daily cost at 20,000 questions", "token-cost", TC(6000, 400, requests=20000), "usd_total", 48, "usd",
   "wrong", error="other", stated=dict(requests=20000), note="off by ten: $480"),
], distractors=[])

# q29 semantic search latency
ans("h2-q29-001", "q29", """The reranker: a 0.5B cross-encoder scoring 100 candidates of 256 tokens, 25,600 tokens, on one H100 at 40 percent of the BF16 rate is about 65 milliseconds. Cut to 50 candidates and it's about 32. If they're on an L4 instead, 200 candidates takes over a second, about 1.06.""",
[
 c("about 65 milliseconds", "rerank 25,600 tokens, 0.5B, H100 BF16 at 40%", "prefill",
   dict(params_b=0.5, prompt_tokens=25600, gpu="h100", compute_dtype="bf16", compute_util=0.4), "ms", 65, "ms", "correct",
   stated=dict(prompt_tokens=25600, gpu="h100", compute_dtype="bf16", compute_util=0.4)),
 c("it's about 32", "rerank 12,800 tokens, 0.5B, H100 BF16 at 40%", "prefill",
   dict(params_b=0.5, prompt_tokens=12800, gpu="h100", compute_dtype="bf16", compute_util=0.4), "ms", 32, "ms", "correct",
   stated=dict(prompt_tokens=12800), conditions_from="answer"),
 c("about 1.06", "rerank 51,200 tokens, 0.5B, L4 BF16 at 40%", "prefill",
   dict(params_b=0.5, prompt_tokens=51200, gpu="l4", compute_dtype="bf16", compute_util=0.4), "seconds", 1.06, "s", "correct",
   stated=dict(gpu="l4", prompt_tokens=51200), conditions_from="answer"),
], distractors=["0.5B", "256 tokens"])

ans("h2-q29-002", "q29", """Two hundred candidates at 256 tokens on the H100, 0.5B params, at 40 percent: that's about 13 milliseconds, so the reranker isn't the problem.""",
[
 c("about 13 milliseconds", "rerank 51,200 tokens, 0.5B, H100 BF16 at 40%", "prefill",
   dict(params_b=0.5, prompt_tokens=51200, gpu="h100", compute_dtype="bf16", compute_util=0.4), "ms", 13, "ms", "wrong", error="other",
   stated=dict(prompt_tokens=51200, gpu="h100", compute_util=0.4), note="off by ten: 129 ms"),
], distractors=["0.5B"])

# q30 body-cam
ans("h2-q30-001", "q30", """To show citation accuracy near 97 percent within plus or minus 2 points, I'd audit about 300 sentences. At 95 percent it's about 465.""",
[
 c("about 300 sentences", "sentences for +/-2 points at 97%", "wilson-samples", dict(rate=0.97, half_width=0.02), "n", 300, "count",
   "correct", stated=dict(rate=0.97, half_width=0.02)),
 c("it's about 465", "sentences for +/-2 points at 95%", "wilson-samples", dict(rate=0.95, half_width=0.02), "n", 465, "count",
   "correct", stated=dict(rate=0.95), conditions_from="answer"),
], distractors=[])

# q31 fraud
ans("h2-q31-001", "q31", """Alert volume has to match review capacity: 30 analysts at 20 minutes a case clear 90 alerts an hour. To know precision near 20 percent within 3 points per segment I'd review about 680 alerts.""",
[
 c("clear 90 alerts an hour", "alerts per hour: 30 analysts at 1,200 s", "littles-law", dict(concurrency=30, latency_s=1200),
   "arrival_rate_per_s", 90, "alerts/hour", "correct", stated=dict(concurrency=30, latency_s=1200), scale=3600),
 c("about 680 alerts", "alerts for +/-3 points at 20% precision", "wilson-samples", dict(rate=0.2, half_width=0.03), "n", 680, "count",
   "correct", stated=dict(rate=0.2, half_width=0.03)),
], distractors=[])

ans("h2-q31-002", "q31", """20 analysts, 15 minutes a case, so 20 over 15 is about 1.3 alerts an hour the team can handle... per analyst that's, no, the team does 80 an hour.""",
[
 c("the team does 80 an hour", "alerts per hour: 20 analysts at 900 s", "littles-law", dict(concurrency=20, latency_s=900),
   "arrival_rate_per_s", 80, "alerts/hour", "correct", stated=dict(concurrency=20, latency_s=900), scale=3600,
   note="self-corrected; card default"),
], distractors=[], retracted=["about 1.3 alerts an hour"])

# q33 slip
ans("h2-q33-001", "q33", """I told the CTO with evidence: 30 items left, and we'd been closing 6 a week, so five more weeks, not two. A phased go-live with the 15 must-haves is two and a half weeks.""",
[
 c("so five more weeks", "weeks left: 30 items at 6/week", "littles-law", dict(concurrency=30, arrival_rate_per_s=6), "latency_s", 5,
   "weeks", "correct", stated=dict(items=30, per_week=6)),
 c("two and a half weeks", "weeks left: 15 items at 6/week", "littles-law", dict(concurrency=15, arrival_rate_per_s=6), "latency_s", 2.5,
   "weeks", "correct", stated=dict(items=15, per_week=6)),
], distractors=["two"])

# fde-role / why-fde
ans("h2-fde-role-001", "fde-role", """In the Morgan Stanley deployment, the scaffolding took about six weeks out of roughly 22 elapsed, so the build was about 27 percent of the time; the rest was pilots, evals and iteration.""",
[
 c("about 27 percent", "share of elapsed time spent on scaffolding, 6 of 22 weeks", "wilson", W(6, 22), "rate", 27, "percent", "correct",
   stated=dict(k=6, n=22)),
], distractors=["Morgan Stanley"], round="behavioral")

ans("h2-why-fde-001", "why-fde", """What drew me: in Plank's census from September 12, 2026, only about 29 percent of the 1,333 FDE postings disclosed pay, 388 of them, so I read the pay figures carefully.""",
[
 c("only about 29 percent", "share of FDE postings that disclose pay, 388 of 1,333", "wilson", W(388, 1333), "rate", 29, "percent", "correct",
   stated=dict(k=388, n=1333), note="card default"),
], distractors=["September 12, 2026", "2026"], round="behavioral")
