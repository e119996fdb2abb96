from engine import A, C

def W(k, n): return dict(k=k, n=n)
def TB(r, b, o, d): return dict(rate_per_s=r, burst=b, offered_per_s=o, duration_s=d)
def TC(i, o, pi, po, **k):
    a = dict(input_tokens=i, output_tokens=o, input_per_million=pi, output_per_million=po); a.update(k); return a

# ---------------- q24 rate limiter
A("t-q24-001", "q24", """Per user, say 5 tokens a second with a burst of 10. A client sending 20 a second for 10 seconds drains the bucket in about two thirds of a second, and over the whole window it gets 60 of its 200 requests through and 140 rejected, 70%.""",
  [C("about two thirds of a second", "seconds until the bucket runs dry", "token-bucket", TB(5, 10, 20, 10), "empty_after_s", 0.667, "s", stated=dict(rate_per_s=5, burst=10, offered_per_s=20)),
   C("it gets 60 of its 200 requests through", "requests admitted", "token-bucket", TB(5, 10, 20, 10), "allowed", 60, "requests", stated=dict(rate_per_s=5, burst=10, offered_per_s=20, duration_s=10)),
   C("140 rejected", "requests rejected", "token-bucket", TB(5, 10, 20, 10), "rejected", 140, "requests", stated=dict(rate_per_s=5, burst=10, offered_per_s=20, duration_s=10)),
   C("70%", "share of requests rejected", "token-bucket", TB(5, 10, 20, 10), "rejected_fraction", 70, "percent", scale=100, stated=dict(rate_per_s=5, burst=10, offered_per_s=20, duration_s=10)),
  ])

A("t-q24-002", "q24", """Globally, 100 a second with a burst of 200. If everyone together offers 150 a second for a minute, the bucket is empty after 4 seconds, it admits 6,200 and rejects 2,800, and a full refill from empty takes 2 seconds.""",
  [C("empty after 4 seconds", "seconds until the bucket runs dry", "token-bucket", TB(100, 200, 150, 60), "empty_after_s", 4, "s", stated=dict(rate_per_s=100, burst=200, offered_per_s=150)),
   C("it admits 6,200", "requests admitted", "token-bucket", TB(100, 200, 150, 60), "allowed", 6200, "requests", stated=dict(duration_s=60)),
   C("rejects 2,800", "requests rejected", "token-bucket", TB(100, 200, 150, 60), "rejected", 2800, "requests", stated=dict(duration_s=60)),
   C("takes 2 seconds", "time to refill the bucket from empty", "token-bucket", TB(100, 200, 150, 60), "refill_s", 2, "s", stated=dict(rate_per_s=100, burst=200)),
  ])

A("t-q24-003", "q24", """At 10 a second with a burst of 20 and a client pushing 30 a second, the bucket runs dry after 2 seconds, since 20 tokens over 10 a second is 2. Over ten seconds it lets 120 through.""",
  [C("runs dry after 2 seconds", "seconds until the bucket runs dry", "token-bucket", TB(10, 20, 30, 10), "empty_after_s", 2, "s", verdict="wrong", error="other", stated=dict(rate_per_s=10, burst=20, offered_per_s=30), note="that is the refill time; it drains at 30 - 10 = 20 a second, so 1 s"),
   C("it lets 120 through", "requests admitted", "token-bucket", TB(10, 20, 30, 10), "allowed", 120, "requests", stated=dict(duration_s=10)),
  ])

A("t-q24-004", "q24", """Over the ten seconds that client gets 300 requests admitted, because the bucket refills.""",
  [C("300 requests admitted", "requests admitted", "token-bucket", TB(10, 20, 30, 10), "allowed", 300, "requests", verdict="wrong", error="other", cf="card-default", stated=dict(duration_s=10), note="that is what was offered; the bucket admits 20 + 10 x 10 = 120"),
  ])

# ---------------- q25 async retries
A("t-q25-001", "q25", """With a 100 ms base, doubling, five retries and a 2 second cap, worst case is 3.1 seconds of sleeping. With equal jitter instead of full, the expected total is about 2.3 seconds. If I allow a sixth retry it hits the cap, so the worst case is 5.1 seconds and the full-jitter expectation about 2.55.""",
  [C("worst case is 3.1 seconds", "worst-case total backoff wait", "backoff", dict(base_ms=100, retries=5, factor=2, cap_ms=2000), "worst_total_ms", 3100, "ms", stated=dict(base_ms=100, retries=5, cap_ms=2000)),
   C("about 2.3 seconds", "expected total backoff wait", "backoff", dict(base_ms=100, retries=5, factor=2, cap_ms=2000, jitter="equal"), "expected_total_ms", 2300, "ms", stated=dict(jitter="equal")),
   C("the worst case is 5.1 seconds", "worst-case total backoff wait", "backoff", dict(base_ms=100, retries=6, factor=2, cap_ms=2000, jitter="full"), "worst_total_ms", 5100, "ms", stated=dict(retries=6, cap_ms=2000)),
   C("about 2.55", "expected total backoff wait", "backoff", dict(base_ms=100, retries=6, factor=2, cap_ms=2000, jitter="full"), "expected_total_ms", 2550, "ms", stated=dict(retries=6, jitter="full")),
  ])

A("t-q25-002", "q25", """If each call takes two seconds, a semaphore of 50 caps us at 25 requests a second. With 20 permits at half a second each it's 10 a second.""",
  [C("25 requests a second", "throughput of a semaphore (Little's law)", "littles-law", dict(concurrency=50, latency_s=2), "arrival_rate_per_s", 25, "requests/s", stated=dict(concurrency=50, latency_s=2)),
   C("it's 10 a second", "throughput of a semaphore (Little's law)", "littles-law", dict(concurrency=20, latency_s=0.5), "arrival_rate_per_s", 10, "requests/s", verdict="wrong", error="other", stated=dict(concurrency=20, latency_s=0.5), note="multiplied instead of divided: 20 / 0.5 s = 40 a second"),
  ])

A("t-q25-003", "q25", """Waits of 100, 200, 400, 800 and 1,600 ms add up to 3.1 seconds, and full jitter halves the expectation to about 1.55 seconds.""",
  [C("3.1 seconds", "worst-case total backoff wait", "backoff", dict(base_ms=100, retries=5, factor=2, cap_ms=2000, jitter="full"), "worst_total_ms", 3100, "ms", stated=dict(base_ms=100, retries=5)),
   C("about 1.55 seconds", "expected total backoff wait", "backoff", dict(base_ms=100, retries=5, factor=2, cap_ms=2000, jitter="full"), "expected_total_ms", 1550, "ms", stated=dict(jitter="full")),
  ])

A("t-q25-004", "q25", """Five retries from 100 milliseconds, doubling, is 3.1 milliseconds of total backoff, so the deadline barely notices.""",
  [C("3.1 milliseconds", "worst-case total backoff wait", "backoff", dict(base_ms=100, retries=5, factor=2, cap_ms=2000, jitter="full"), "worst_total_ms", 3.1, "ms", verdict="wrong", error="unit-slip", stated=dict(base_ms=100, retries=5), note="3,100 ms, not 3.1 ms"),
  ])

# ---------------- q26 RAG over a folder
A("t-q26-001", "q26", """With fifty eval questions, if 45 retrieve the right file that's 90%, and the Wilson interval runs from about 79 to 96. For plus or minus 5 points around 85% I'd need about 195 questions, so I'd start small and grow it.""",
  [C("that's 90%", "retrieval hit rate", "wilson", W(45, 50), "rate", 90, "percent", stated=dict(k=45, n=50)),
   C("from about 79", "lower end of the 95% Wilson interval", "wilson", W(45, 50), "low", 79, "percent", stated=dict(k=45, n=50)),
   C("to 96", "upper end of the 95% Wilson interval", "wilson", W(45, 50), "high", 96, "percent", stated=dict(k=45, n=50)),
   C("about 195 questions", "questions for a Wilson half-width", "wilson-samples", dict(rate=0.85, half_width=0.05), "n", 195, "count", stated=dict(rate=0.85, half_width=0.05)),
  ], distractors=["fifty eval questions"])

A("t-q26-002", "q26", """Seventeen of twenty is 85%, which is plus or minus about 8 points, so twenty questions is roughly enough.""",
  [C("Seventeen of twenty is 85%", "retrieval hit rate", "wilson", W(17, 20), "rate", 85, "percent", stated=dict(k=17, n=20)),
   C("plus or minus about 8 points", "half-width of the 95% interval", "wilson", W(17, 20), "half_width", 8, "percent", verdict="wrong", error="normal-approx", stated=dict(k=17, n=20), note="one standard error; the Wilson 95% half-width is about 15 points (64 to 95%)"),
  ])

A("t-q26-003", "q26", """I'd use 800-token chunks with 400 of overlap. On twenty questions, 17 hits is 85% but the interval goes down to about 64%, and getting to plus or minus ten takes about 13 questions.""",
  [C("17 hits is 85%", "retrieval hit rate", "wilson", W(17, 20), "rate", 85, "percent", stated=dict(k=17, n=20)),
   C("about 64%", "lower end of the 95% Wilson interval", "wilson", W(17, 20), "low", 64, "percent", stated=dict(k=17, n=20)),
   C("takes about 13 questions", "questions for a Wilson half-width", "wilson-samples", dict(rate=0.85, half_width=0.1), "n", 13, "count", verdict="wrong", error="normal-approx", stated=dict(rate=0.85, half_width=0.1), note="p(1-p)/0.1^2 without 1.96^2; Wilson needs 48"),
  ], distractors=["800-token chunks", "400 of overlap"])

# ---------------- q27 Kafka
A("t-q27-001", "q27", """By Little's law, 200 messages a second at 1.5 seconds a call is 300 calls in flight. If we processed one record at a time on 24 partitions and each call took 2 seconds, we'd only do 12 messages a second.""",
  [C("300 calls in flight", "LLM calls in flight", "littles-law", dict(arrival_rate_per_s=200, latency_s=1.5), "concurrency", 300, "count", stated=dict(arrival_rate_per_s=200, latency_s=1.5)),
   C("12 messages a second", "messages per second processed sequentially", "littles-law", dict(concurrency=24, latency_s=2), "arrival_rate_per_s", 12, "requests/s", stated=dict(concurrency=24, latency_s=2)),
  ])

A("t-q27-002", "q27", """At 50 messages a second and 3 seconds per LLM call, you'd have about 17 calls in flight, so a concurrency of 20 is fine.""",
  [C("about 17 calls in flight", "LLM calls in flight", "littles-law", dict(arrival_rate_per_s=50, latency_s=3), "concurrency", 17, "count", verdict="wrong", error="other", stated=dict(arrival_rate_per_s=50, latency_s=3), note="divided instead of multiplied: 150 in flight"),
  ], distractors=["a concurrency of 20"])

A("t-q27-003", "q27", """Fifty a second times three seconds is 150 in flight, and 12 partitions one at a time gives 36 a second.""",
  [C("150 in flight", "LLM calls in flight", "littles-law", dict(arrival_rate_per_s=50, latency_s=3), "concurrency", 150, "count", stated=dict(arrival_rate_per_s=50, latency_s=3)),
   C("gives 36 a second", "messages per second processed sequentially", "littles-law", dict(concurrency=12, latency_s=3), "arrival_rate_per_s", 36, "requests/s", verdict="wrong", error="other", note="multiplied instead of divided: 12 / 3 s = 4 a second", cf="answer", stated=dict(concurrency=12)),
  ])

# ---------------- q28 HIPAA RAG
A("t-q28-001", "q28", """Minimum necessary also caps cost. 8,000 tokens of retrieved context and a 500-token answer at $3 and $15 per million is about 3.2 cents a question, and at 50,000 questions a day roughly $1,575. After zero leaks in 3,000 probes the Wilson upper bound is about 0.13%.""",
  [C("about 3.2 cents a question", "model cost per question", "token-cost", TC(8000, 500, 3, 15, requests=50000), "usd_per_request", 0.032, "usd", stated=dict(input_tokens=8000, output_tokens=500, input_per_million=3, output_per_million=15)),
   C("roughly $1,575", "daily model cost", "token-cost", TC(8000, 500, 3, 15, requests=50000), "usd_total", 1575, "usd", stated=dict(requests=50000)),
   C("about 0.13%", "95% Wilson upper bound on the leak rate", "wilson", W(0, 3000), "high", 0.13, "percent", stated=dict(k=0, n=3000)),
  ])

A("t-q28-002", "q28", """6,000 tokens in and 400 out is 2.4 cents a question, times 20,000 questions, so about $48 a day.""",
  [C("2.4 cents a question", "model cost per question", "token-cost", TC(6000, 400, 3, 15, requests=20000), "usd_per_request", 0.024, "usd", stated=dict(input_tokens=6000, output_tokens=400)),
   C("about $48 a day", "daily model cost", "token-cost", TC(6000, 400, 3, 15, requests=20000), "usd_total", 48, "usd", verdict="wrong", error="other", stated=dict(requests=20000), note="10x low: $480"),
  ])

A("t-q28-003", "q28", """We ran 1,000 probes for cross-patient leaks and got none, so the upper bound is about 0.38 percent, not zero.""",
  [C("about 0.38 percent", "95% Wilson upper bound on the leak rate", "wilson", W(0, 1000), "high", 0.38, "percent", stated=dict(k=0, n=1000)),
  ])

# ---------------- q29 search latency
A("t-q29-001", "q29", """The reranker is the problem. A 0.5B cross-encoder on 200 candidates of 256 tokens is 51,200 tokens; on one H100 at 40% of the BF16 rate that's about 130 ms. Cut to 100 candidates and it's about 65 ms; keep 200 but move to a B200 and it's about 57.""",
  [C("about 130 ms", "reranker time", "prefill", dict(params_b=0.5, prompt_tokens=51200, gpu="h100", compute_dtype="bf16", compute_util=0.4), "ms", 130, "ms", stated=dict(params_b=0.5, prompt_tokens=51200, gpu="h100", compute_dtype="bf16", compute_util=0.4)),
   C("it's about 65 ms", "reranker time", "prefill", dict(params_b=0.5, prompt_tokens=25600, gpu="h100", compute_dtype="bf16", compute_util=0.4), "ms", 65, "ms", stated=dict(candidates=100, prompt_tokens=25600)),
   C("it's about 57", "reranker time", "prefill", dict(params_b=0.5, prompt_tokens=51200, gpu="b200", compute_dtype="bf16", compute_util=0.4), "ms", 57, "ms", stated=dict(gpu="b200", prompt_tokens=51200)),
  ], distractors=["0.5B"])

A("t-q29-002", "q29", """Scoring 50 candidates of 256 tokens with the 0.5B model on an H100 at 40% is about 32 seconds, which fits the 35 ms rerank slice.""",
  [C("about 32 seconds", "reranker time", "prefill", dict(params_b=0.5, prompt_tokens=12800, gpu="h100", compute_dtype="bf16", compute_util=0.4), "seconds", 32, "s", verdict="wrong", error="unit-slip", stated=dict(prompt_tokens=12800, gpu="h100", compute_util=0.4), note="32 ms, said as seconds"),
  ], distractors=["35 ms rerank slice"])

A("t-q29-003", "q29", """200 candidates of 256 tokens through the cross-encoder on an H100 takes about 129 ms, over the whole budget.""",
  [C("about 129 ms", "reranker time", "prefill", dict(params_b=0.5, prompt_tokens=51200, gpu="h100", compute_dtype="bf16", compute_util=0.4), "ms", 129, "ms", verdict="ambiguous", stated=dict(prompt_tokens=51200, gpu="h100"), alt_args=dict(params_b=0.5, prompt_tokens=51200, gpu="h100", compute_dtype="fp8", compute_util=0.5), note="precision and utilisation unstated: right at the card's BF16 and 40% (129 ms), wrong at the prefill tool's defaults, FP8 and 50% (52 ms)"),
  ])

# ---------------- q30 body-camera audit
A("t-q30-001", "q30", """To pin citation accuracy near 95% to within one point, you'd need about 1,830 audited sentences; within two points, about 465. If accuracy is nearer 90%, three points takes about 384.""",
  [C("about 1,830 audited sentences", "audited sentences for a Wilson half-width", "wilson-samples", dict(rate=0.95, half_width=0.01), "n", 1830, "count", stated=dict(rate=0.95, half_width=0.01)),
   C("about 465", "audited sentences for a Wilson half-width", "wilson-samples", dict(rate=0.95, half_width=0.02), "n", 465, "count", stated=dict(rate=0.95, half_width=0.02)),
   C("takes about 384", "audited sentences for a Wilson half-width", "wilson-samples", dict(rate=0.9, half_width=0.03), "n", 384, "count", stated=dict(rate=0.9, half_width=0.03)),
  ])

A("t-q30-002", "q30", """At 95% accuracy the variance is 0.95 times 0.05, divided by 0.02 squared, so about 119 audited sentences pins it to two points.""",
  [C("about 119 audited sentences", "audited sentences for a Wilson half-width", "wilson-samples", dict(rate=0.95, half_width=0.02), "n", 119, "count", verdict="wrong", error="normal-approx", stated=dict(rate=0.95, half_width=0.02), note="left out 1.96^2: 465"),
  ])

# ---------------- q31 fraud across acquisitions
A("t-q31-001", "q31", """Alert volume comes from the analysts. Thirty analysts at 20 minutes a case is 90 alerts an hour; if it's 12 analysts at 10 minutes, it's 72. To know precision near 20% within 3 points we'd need about 680 reviewed alerts per segment, and near 10% within 5 points about 141.""",
  [C("90 alerts an hour", "alerts per hour analysts can clear", "littles-law", dict(concurrency=30, latency_s=1200), "arrival_rate_per_s", 90, "per_hour", stated=dict(analysts=30, minutes_per_case=20)),
   C("it's 72", "alerts per hour analysts can clear", "littles-law", dict(concurrency=12, latency_s=600), "arrival_rate_per_s", 72, "per_hour", stated=dict(analysts=12, minutes_per_case=10)),
   C("about 680 reviewed alerts", "reviewed alerts for a Wilson half-width", "wilson-samples", dict(rate=0.2, half_width=0.03), "n", 680, "count", stated=dict(rate=0.2, half_width=0.03)),
   C("about 141", "reviewed alerts for a Wilson half-width", "wilson-samples", dict(rate=0.1, half_width=0.05), "n", 141, "count", stated=dict(rate=0.1, half_width=0.05)),
  ])

A("t-q31-002", "q31", """Twenty analysts at fifteen minutes each is 300 alerts an hour of capacity.""",
  [C("300 alerts an hour", "alerts per hour analysts can clear", "littles-law", dict(concurrency=20, latency_s=900), "arrival_rate_per_s", 300, "per_hour", verdict="wrong", error="other", stated=dict(analysts=20, minutes_per_case=15), note="multiplied analysts by minutes; 20 / 15 min = 80 an hour"),
  ])

A("t-q31-003", "q31", """With 20 analysts at 15 minutes a case that's 80 alerts an hour, and for precision near 20% within five points, about 64 reviews per segment.""",
  [C("80 alerts an hour", "alerts per hour analysts can clear", "littles-law", dict(concurrency=20, latency_s=900), "arrival_rate_per_s", 80, "per_hour", stated=dict(analysts=20, minutes_per_case=15)),
   C("about 64 reviews", "reviewed alerts for a Wilson half-width", "wilson-samples", dict(rate=0.2, half_width=0.05), "n", 64, "count", verdict="wrong", error="normal-approx", note="p(1-p)/0.05^2 without 1.96^2; Wilson needs 245", stated=dict(rate=0.2, half_width=0.05)),
  ])

# ---------------- q32 a system you owned
A("t-q32-001", "q32", """At month-end documents came in at about 8 a second and each spent around 4 seconds in OCR and the model, so by Little's law there were 32 in flight against a pool of eight workers. I rebuilt it as a queue with autoscaling. In the blind audit 480 of 500 fields were right, 96%, with a Wilson interval of about 93.9 to 97.4.""",
  [C("there were 32 in flight", "documents in flight (Little's law)", "littles-law", dict(arrival_rate_per_s=8, latency_s=4), "concurrency", 32, "count", stated=dict(arrival_rate_per_s=8, latency_s=4)),
   C("96%", "field accuracy", "wilson", W(480, 500), "rate", 96, "percent", stated=dict(k=480, n=500)),
   C("about 93.9", "lower end of the 95% Wilson interval", "wilson", W(480, 500), "low", 93.9, "percent", stated=dict(k=480, n=500)),
   C("97.4", "upper end of the 95% Wilson interval", "wilson", W(480, 500), "high", 97.4, "percent", stated=dict(k=480, n=500)),
  ], distractors=["eight workers"], round="behavioral")

A("t-q32-002", "q32", """So by Little's law we had about 60 documents in flight against eight workers, and the backlog grew all day.""",
  [C("about 60 documents in flight", "documents in flight (Little's law)", "littles-law", dict(arrival_rate_per_s=10, latency_s=6), "concurrency", 60, "count", verdict="ambiguous", cf="earlier", stated=dict(latency_s=6), alt_args=dict(arrival_rate_per_s=5, latency_s=6), note="earlier turn gives 5 a second on normal month-ends and 10 on quarter-ends; right at 10/s (60), wrong at 5/s (30)"),
  ], earlier=["Documents came in at about 5 a second on a normal month-end, 10 on quarter-ends, and each one took about 6 seconds through OCR and the model."], distractors=["eight workers"], round="behavioral")

A("t-q32-003", "q32", """Five documents a second, six seconds each, that's less than one in flight at a time, so eight workers should have been plenty; the problem turned out to be retries.""",
  [C("less than one in flight", "documents in flight (Little's law)", "littles-law", dict(arrival_rate_per_s=5, latency_s=6), "concurrency", 0.83, "count", verdict="wrong", error="other", stated=dict(arrival_rate_per_s=5, latency_s=6), note="divided instead of multiplied: 30 in flight"),
  ], distractors=["eight workers"], round="behavioral")

A("t-q32-004", "q32", """The audit: 468 of 500 fields correct, 93.6%, and the interval's about 91 to 95 and a half. When volume doubled to 10 a second at the same 6 seconds, in-flight went up to about 120.""",
  [C("93.6%", "field accuracy", "wilson", W(468, 500), "rate", 93.6, "percent", stated=dict(k=468, n=500)),
   C("about 91", "lower end of the 95% Wilson interval", "wilson", W(468, 500), "low", 91, "percent", stated=dict(k=468, n=500)),
   C("95 and a half", "upper end of the 95% Wilson interval", "wilson", W(468, 500), "high", 95.5, "percent", stated=dict(k=468, n=500)),
   C("in-flight went up to about 120", "documents in flight (Little's law)", "littles-law", dict(arrival_rate_per_s=10, latency_s=6), "concurrency", 120, "count", verdict="wrong", error="2x", note="doubled twice: 10/s x 6 s = 60", stated=dict(arrival_rate_per_s=10, latency_s=6)),
  ], round="behavioral")

A("t-q32-005", "q32", """468 of 500 were right, which is 93.6%, so plus or minus about 1.1 points, which is tight enough for finance.""",
  [C("93.6%", "field accuracy", "wilson", W(468, 500), "rate", 93.6, "percent", stated=dict(k=468, n=500)),
   C("plus or minus about 1.1 points", "half-width of the 95% interval", "wilson", W(468, 500), "half_width", 1.1, "percent", verdict="wrong", error="normal-approx", stated=dict(k=468, n=500), note="one standard error; the 95% Wilson half-width is about 2.2 points"),
  ], round="behavioral")

# ---------------- q33 slip told to the CTO
A("t-q33-001", "q33", """I gave a date from throughput. Thirty items were left and we'd been closing about six a week, so that's five weeks of work. The phased option only needed 18 of them, three weeks.""",
  [C("five weeks of work", "weeks of work left (Little's law)", "littles-law", dict(concurrency=30, arrival_rate_per_s=6), "latency_s", 5, "weeks", stated=dict(items=30, per_week=6)),
   C("three weeks", "weeks of work left (Little's law)", "littles-law", dict(concurrency=18, arrival_rate_per_s=6), "latency_s", 3, "weeks", stated=dict(items=18, per_week=6)),
  ], round="behavioral")

A("t-q33-002", "q33", """Twenty-four items left at 8 a week is 3 weeks, and the phased go-live with 12 items is about a week and a half.""",
  [C("3 weeks", "weeks of work left (Little's law)", "littles-law", dict(concurrency=24, arrival_rate_per_s=8), "latency_s", 3, "weeks", stated=dict(items=24, per_week=8)),
   C("about a week and a half", "weeks of work left (Little's law)", "littles-law", dict(concurrency=12, arrival_rate_per_s=8), "latency_s", 1.5, "weeks", stated=dict(items=12, per_week=8)),
  ], round="behavioral")

A("t-q33-003", "q33", """We had 24 items left and closed 8 a week, so realistically 2 weeks, and the phased option with 12 items would be about 3 days.""",
  [C("realistically 2 weeks", "weeks of work left (Little's law)", "littles-law", dict(concurrency=24, arrival_rate_per_s=8), "latency_s", 2, "weeks", verdict="wrong", error="other", stated=dict(items=24, per_week=8), note="24 / 8 = 3 weeks"),
   C("about 3 days", "weeks of work left (Little's law)", "littles-law", dict(concurrency=12, arrival_rate_per_s=8), "latency_s", 3 / 7, "weeks", verdict="wrong", error="other", stated=dict(items=12, per_week=8), note="12 / 8 = 1.5 weeks, about 10 days; value converted from days"),
  ], round="behavioral")

# ---------------- fde-role
A("t-fde-role-001", "fde-role", """The build is a minority of the calendar. At Morgan Stanley the scaffolding took six to eight weeks and the pilots and iteration another four months or so, call it 16 weeks, so at the top end the build was a third of the elapsed time, and at the bottom end, six of 22, about 27%.""",
  [C("a third of the elapsed time", "build share of elapsed time", "wilson", W(8, 24), "rate", 33.3, "percent", stated=dict(build_weeks=8, other_weeks=16), tol=0.05),
   C("about 27%", "build share of elapsed time", "wilson", W(6, 22), "rate", 27, "percent", stated=dict(build_weeks=6, other_weeks=16)),
  ], distractors=["four months"], round="behavioral")

A("t-fde-role-002", "fde-role", """At Morgan Stanley the build was eight weeks against sixteen of pilots, so about half the time was building.""",
  [C("about half the time was building", "build share of elapsed time", "wilson", W(8, 24), "rate", 50, "percent", verdict="wrong", error="other", stated=dict(build_weeks=8, other_weeks=16), note="8 / 16 instead of 8 / (8 + 16): a third"),
  ], round="behavioral")

# ---------------- why-fde
A("t-why-fde-001", "why-fde", """Plank's census in September 2026 found 1,333 FDE postings, and only 388 listed pay, about 29%, so I compare offers on the ones that disclose it.""",
  [C("about 29%", "share of postings that disclose pay", "wilson", W(388, 1333), "rate", 29, "percent", stated=dict(k=388, n=1333)),
  ], distractors=["2026"], round="behavioral")

A("t-why-fde-002", "why-fde", """Of the 1,333 postings in that census, 388 listed pay, so about 0.29 percent, which is tiny.""",
  [C("about 0.29 percent", "share of postings that disclose pay", "wilson", W(388, 1333), "rate", 0.29, "percent", verdict="wrong", error="percent-vs-fraction", stated=dict(k=388, n=1333), note="the fraction 0.29 said as a percent: 29.1%"),
  ], round="behavioral")
