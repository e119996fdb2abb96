from engine import A, C

def TC(i, o, pi, po, **k):
    a = dict(input_tokens=i, output_tokens=o, input_per_million=pi, output_per_million=po); a.update(k); return a

# ---------------- q06 document versioning
A("t-q06-001", "q06", """Hashing is about cost. With text-embedding-3-small at 2 cents per million tokens, re-embedding ten million chunks of 400 tokens is only about $80, but with the large model at 13 cents it's $520. If they chunk at 500 tokens instead, the large-model full pass is about $650.""",
  [C("only about $80", "full re-embed cost", "token-cost", TC(400, 0, 0.02, 0, requests=10_000_000), "usd_total", 80, "usd", stated=dict(input_per_million=0.02, chunks=10_000_000, tokens_per_chunk=400)),
   C("it's $520", "full re-embed cost", "token-cost", TC(400, 0, 0.13, 0, requests=10_000_000), "usd_total", 520, "usd", stated=dict(input_per_million=0.13, chunks=10_000_000)),
   C("about $650", "full re-embed cost", "token-cost", TC(500, 0, 0.13, 0, requests=10_000_000), "usd_total", 650, "usd", stated=dict(input_per_million=0.13, tokens_per_chunk=500)),
  ])

A("t-q06-002", "q06", """On a normal day maybe 250,000 chunks change, which at 400 tokens and 13 cents per million is about $13 a day, versus $52 for a full pass.""",
  [C("about $13 a day", "incremental re-embed cost", "token-cost", TC(400, 0, 0.13, 0, requests=250_000), "usd_total", 13, "usd", stated=dict(chunks=250_000, tokens_per_chunk=400, input_per_million=0.13)),
   C("$52 for a full pass", "full re-embed cost", "token-cost", TC(400, 0, 0.13, 0, requests=10_000_000), "usd_total", 52, "usd", verdict="wrong", error="other", cf="card-default", stated=dict(), note="10x low: 4 billion tokens x $0.13/M = $520"),
  ])

A("t-q06-003", "q06", """Ten million chunks at 400 tokens is four billion tokens, and at 13 cents per million that's about $520,000 to re-embed, so you really can't afford full passes.""",
  [C("about $520,000", "full re-embed cost", "token-cost", TC(400, 0, 0.13, 0, requests=10_000_000), "usd_total", 520000, "usd", verdict="wrong", error="unit-slip", stated=dict(chunks=10_000_000, input_per_million=0.13), note="priced per thousand tokens instead of per million: truth $520"),
  ])

A("t-q06-004", "q06", """The 100,000 chunks that change in a day cost about 52 cents to re-embed.""",
  [C("about 52 cents", "incremental re-embed cost", "token-cost", TC(400, 0, 0.13, 0, requests=100_000), "usd_total", 0.52, "usd", verdict="wrong", error="other", cf="card-default", stated=dict(chunks=100_000), note="10x low: 40M tokens x $0.13/M = $5.20"),
  ])

# ---------------- q07 tables
A("t-q07-001", "q07", """I'd measure execution accuracy on a golden set. If 180 of 200 questions return the right result set, that's 90%, and the Wilson interval is roughly 85 to 93.5 percent. With only 100 questions and 86 right, it's more like 78 to 91.5.""",
  [C("that's 90%", "execution accuracy", "wilson", dict(k=180, n=200), "rate", 90, "percent", stated=dict(k=180, n=200)),
   C("roughly 85", "lower end of the 95% Wilson interval", "wilson", dict(k=180, n=200), "low", 85, "percent", cf="answer", stated=dict(k=180, n=200)),
   C("93.5 percent", "upper end of the 95% Wilson interval", "wilson", dict(k=180, n=200), "high", 93.5, "percent", cf="answer", stated=dict(k=180, n=200)),
   C("more like 78", "lower end of the 95% Wilson interval", "wilson", dict(k=86, n=100), "low", 78, "percent", stated=dict(k=86, n=100)),
   C("91.5", "upper end of the 95% Wilson interval", "wilson", dict(k=86, n=100), "high", 91.5, "percent", stated=dict(k=86, n=100)),
  ])

A("t-q07-002", "q07", """On our pilot set of ten questions, all ten ran correctly, so 100%, and with no failures the standard error is zero, so the interval is basically 100 to 100. And on the 50 destructive-query probes nothing got through, so the upper bound on that failure rate is zero.""",
  [C("so 100%", "execution accuracy", "wilson", dict(k=10, n=10), "rate", 100, "percent", stated=dict(k=10, n=10)),
   C("the interval is basically 100", "lower end of the 95% interval", "wilson", dict(k=10, n=10), "low", 100, "percent", verdict="wrong", error="normal-approx", cf="answer", stated=dict(k=10, n=10), note="the normal interval collapses at k = n; Wilson low is 72.2%"),
   C("to 100", "upper end of the 95% interval", "wilson", dict(k=10, n=10), "high", 100, "percent", cf="answer", stated=dict(k=10, n=10), note="the upper end is right (Wilson high is 1 at k = n); only the lower end is wrong"),
   C("the upper bound on that failure rate is zero", "upper end of the 95% interval on the failure rate", "wilson", dict(k=0, n=50), "high", 0, "percent", verdict="wrong", error="normal-approx", stated=dict(k=0, n=50), note="0 of 50: Wilson upper bound is 7.1%"),
  ])

A("t-q07-003", "q07", """172 out of 200 is 86 percent, and the standard error is about 2.5 points, so the interval is plus or minus about 2.5 points.""",
  [C("86 percent", "execution accuracy", "wilson", dict(k=172, n=200), "rate", 86, "percent", cf="sentence", stated=dict(k=172, n=200)),
   C("plus or minus about 2.5 points", "half-width of the 95% interval", "wilson", dict(k=172, n=200), "half_width", 2.5, "percent", verdict="wrong", error="normal-approx", cf="sentence", stated=dict(k=172, n=200), note="standard error quoted as the interval; the 95% Wilson half-width is 4.8 points"),
  ])

# ---------------- q08 prompting vs RAG vs fine-tuning
A("t-q08-001", "q08", """If prompting passes 124 of 200 and RAG passes 162, the intervals are separated by about 6.6 points, so it's real. But if RAG only got 140 of 200, 70%, the intervals would overlap by about five points and I couldn't call it.""",
  [C("separated by about 6.6 points", "gap between two Wilson intervals", "wilson-compare", dict(k1=124, n1=200, k2=162, n2=200), "gap_points", 6.6, "points", cf="sentence", stated=dict(k1=124, n1=200, k2=162, n2=200)),
   C("70%", "pass rate", "wilson", dict(k=140, n=200), "rate", 70, "percent", stated=dict(k=140, n=200)),
   C("overlap by about five points", "gap between two Wilson intervals (negative = overlap)", "wilson-compare", dict(k1=124, n1=200, k2=140, n2=200), "gap_points", -5, "points", stated=dict(k1=124, n1=200, k2=140, n2=200), note="overlap said as a positive number; value recorded as -5 (the tool's sign)"),
  ])

A("t-q08-002", "q08", """Cost decides too. A 4,000-token few-shot prefix on two million requests a month at $3 per million input tokens is $24,000 a month, and from the prompt cache at 30 cents it's $2,400.""",
  [C("$24,000 a month", "monthly prefix cost", "token-cost", TC(4000, 0, 3, 15, requests=2_000_000), "usd_total", 24000, "usd", stated=dict(input_tokens=4000, requests=2_000_000, input_per_million=3)),
   C("it's $2,400", "monthly prefix cost from the prompt cache", "token-cost", TC(4000, 0, 3, 15, requests=2_000_000, cached_fraction=1, cached_per_million=0.3), "usd_total", 2400, "usd", stated=dict(input_tokens=4000, requests=2_000_000, cached_per_million=0.3)),
  ])

A("t-q08-003", "q08", """Prompting at 62% against RAG at 81%, that's a 19 point difference, so on 200 questions each the gap between the intervals is about 19 points too, clearly significant.""",
  [C("62%", "prompting pass rate", "wilson", dict(k=124, n=200), "rate", 62, "percent", cf="card-default", stated=dict()),
   C("81%", "RAG pass rate", "wilson", dict(k=162, n=200), "rate", 81, "percent", cf="card-default", stated=dict()),
   C("about 19 points too", "gap between two Wilson intervals", "wilson-compare", dict(k1=124, n1=200, k2=162, n2=200), "gap_points", 19, "points", verdict="wrong", error="other", cf="answer", stated=dict(k1=124, n1=200, k2=162, n2=200), note="the difference of the rates is not the gap between intervals: 6.6 points"),
  ])

A("t-q08-004", "q08", """With 500 questions per arm at the same rates, 310 against 405, the intervals would be about 11 points apart.""",
  [C("about 11 points apart", "gap between two Wilson intervals", "wilson-compare", dict(k1=310, n1=500, k2=405, n2=500), "gap_points", 11, "points", stated=dict(k1=310, n1=500, k2=405, n2=500)),
  ])

A("t-q08-005", "q08", """A 6,000-token prefix on a million requests at $3 per million is about $1,800 a month.""",
  [C("about $1,800 a month", "monthly prefix cost", "token-cost", TC(6000, 0, 3, 15, requests=1_000_000), "usd_total", 1800, "usd", verdict="wrong", error="other", stated=dict(input_tokens=6000, requests=1_000_000, input_per_million=3), note="that is the cached price; uncached it is $18,000"),
  ])

# ---------------- q09 claims agent
A("t-q09-001", "q09", """A naive loop that re-sends 20,000 tokens of context on eight turns reads 160,000 input tokens and writes about 4,000. At $3 and $15 per million that's about 54 cents a claim, so $5,400 a day at 10,000 claims.""",
  [C("about 54 cents a claim", "cost per claim of the loop", "token-cost", TC(160000, 4000, 3, 15, requests=10000), "usd_per_request", 0.54, "usd", cf="answer", stated=dict(input_tokens=160000, output_tokens=4000, input_per_million=3, output_per_million=15)),
   C("$5,400 a day", "daily cost of the loop", "token-cost", TC(160000, 4000, 3, 15, requests=10000), "usd_total", 5400, "usd", stated=dict(requests=10000)),
  ])

A("t-q09-002", "q09", """With a cheaper model at a dollar in and five out, the same six-turn loop, 120,000 in and 3,000 out, is about 13.5 cents a claim.""",
  [C("about 13.5 cents a claim", "cost per claim of the loop", "token-cost", TC(120000, 3000, 1, 5), "usd_per_request", 0.135, "usd", stated=dict(input_tokens=120000, output_tokens=3000, input_per_million=1, output_per_million=5)),
  ])

A("t-q09-003", "q09", """The loop is about $0.405 a claim, so at 10,000 claims a day that's about $405 a day.""",
  [C("about $0.405 a claim", "cost per claim of the loop", "token-cost", TC(120000, 3000, 3, 15, requests=10000), "usd_per_request", 0.405, "usd", cf="card-default", stated=dict(requests=10000)),
   C("about $405 a day", "daily cost of the loop", "token-cost", TC(120000, 3000, 3, 15, requests=10000), "usd_total", 405, "usd", verdict="wrong", error="other", cf="card-default", stated=dict(requests=10000), note="10x low: $4,050 a day"),
  ])

A("t-q09-004", "q09", """The workflow reads 32,000 tokens but three quarters is a cached prefix at 30 cents per million, and writes 2,000, so it's about 12.6 cents a claim. If only half the input were cached it would be about 8.1 cents.""",
  [C("about 12.6 cents a claim", "cost per claim of the workflow", "token-cost", TC(32000, 2000, 3, 15, cached_fraction=0.75, cached_per_million=0.3), "usd_per_request", 0.126, "usd", verdict="wrong", error="other", note="priced the cached prefix at the full $3: $0.0612", cf="card-default", stated=dict(cached_fraction=0.75, cached_per_million=0.3)),
   C("about 8.1 cents", "cost per claim of the workflow", "token-cost", TC(32000, 2000, 3, 15, cached_fraction=0.5, cached_per_million=0.3), "usd_per_request", 0.081, "usd", stated=dict(cached_fraction=0.5, cached_per_million=0.3)),
  ])

# ---------------- q10 support agent
A("t-q10-001", "q10", """For the handoff queue I'd use Little's law. Say 10,000 conversations a day and 20% handed off, that's 2,000 handoffs over a 10-hour day, and at 9 minutes each you need about 30 people busy at once. If handle time is 12 minutes on the original 6,000 a day, it's about 24.""",
  [C("about 30 people busy at once", "human agents busy at once", "littles-law", dict(arrival_rate_per_s=2000/36000, latency_s=540), "concurrency", 30, "count", cf="answer", stated=dict(conversations_per_day=10000, handoff_share=0.2, hours=10, handle_s=540)),
   C("it's about 24", "human agents busy at once", "littles-law", dict(arrival_rate_per_s=1200/36000, latency_s=720), "concurrency", 24, "count", cf="answer", stated=dict(conversations_per_day=6000, handoff_share=0.2, hours=10, handle_s=720)),
  ])

A("t-q10-002", "q10", """1,200 handoffs a day at nine minutes each is 10,800 minutes of work, so over the 10-hour day that's about 7.5 agents.""",
  [C("about 7.5 agents", "human agents busy at once", "littles-law", dict(arrival_rate_per_s=1200/36000, latency_s=540), "concurrency", 7.5, "count", verdict="wrong", error="other", stated=dict(handoffs=1200, hours=10, handle_s=540), note="divided by 24 hours, not 10: truth 18"),
  ])

A("t-q10-003", "q10", """On the replay, if it resolves 150 of 200 tickets, that's 75%, and the Wilson interval goes down to about 68.6%.""",
  [C("that's 75%", "resolution rate on replayed tickets", "wilson", dict(k=150, n=200), "rate", 75, "percent", stated=dict(k=150, n=200)),
   C("about 68.6%", "lower end of the 95% Wilson interval", "wilson", dict(k=150, n=200), "low", 68.6, "percent", stated=dict(k=150, n=200)),
  ])

A("t-q10-004", "q10", """172 of 200 is 86%, and the lower bound is around 80 percent, so I'd tell them a fair share of tickets might still need a human.""",
  [C("around 80 percent", "lower end of the 95% Wilson interval", "wilson", dict(k=172, n=200), "low", 80, "percent", cf="sentence", stated=dict(k=172, n=200)),
  ])

# ---------------- q11 LangGraph summarizer
A("t-q11-001", "q11", """For a 300,000-token contract that's 75 chunks of 4,000. Each map call reads about 4,300 with the prompt and writes 400, so at $3 and $15 the map phase is about $1.42, and the reduce step reads 75 times 400, 30,000 tokens.""",
  [C("about $1.42", "cost of the map phase", "token-cost", TC(4300, 400, 3, 15, requests=75), "usd_total", 1.42, "usd", cf="answer", stated=dict(requests=75, input_tokens=4300, output_tokens=400)),
   C("30,000 tokens", "tokens the reduce step reads", "token-cost", TC(0, 400, 3, 15, requests=75), "tokens_total", 30000, "tokens", stated=dict(requests=75, output_tokens=400)),
  ])

A("t-q11-002", "q11", """If we use a small model at 25 cents in and $1.25 out for the map step, the 40 calls cost about six cents in total.""",
  [C("about six cents in total", "cost of the map phase", "token-cost", TC(4300, 400, 0.25, 1.25, requests=40), "usd_total", 0.06, "usd", stated=dict(input_per_million=0.25, output_per_million=1.25, requests=40)),
  ])

A("t-q11-003", "q11", """The map phase is 40 calls of 4,300 in and 400 out, at $3 and $15 per million that's about 1.9 cents per call, but in total for the document it's about 1.9 cents too since they run in parallel.""",
  [C("about 1.9 cents per call", "cost per map call", "token-cost", TC(4300, 400, 3, 15, requests=40), "usd_per_request", 0.019, "usd", cf="card-default", stated=dict()),
   C("about 1.9 cents too", "cost of the map phase", "token-cost", TC(4300, 400, 3, 15, requests=40), "usd_total", 0.019, "usd", verdict="wrong", error="per-user-vs-total", cf="card-default", stated=dict(requests=40), note="parallelism does not change spend: 40 x $0.0189 = $0.756"),
  ])

# ---------------- q12 multi-agent
A("t-q12-001", "q12", """Multi-agent costs tokens. If it's ten times a 40,000-token single-agent task, that's 400,000 tokens; at 370,000 input and 30,000 output, $3 and $15, about $1.56 a task.""",
  [C("about $1.56 a task", "cost of one multi-agent task", "token-cost", TC(370000, 30000, 3, 15), "usd_per_request", 1.56, "usd", stated=dict(input_tokens=370000, output_tokens=30000, input_per_million=3, output_per_million=15)),
  ])

A("t-q12-002", "q12", """For retries, five retries starting at 250 ms and doubling is 250, 500, a second, two, four, so 7.75 seconds worst case. With a 2-second cap it's 5.75 seconds, and with full jitter the expected total is about 2.9 seconds.""",
  [C("7.75 seconds worst case", "worst-case total backoff wait", "backoff", dict(base_ms=250, retries=5), "worst_total_ms", 7750, "ms", stated=dict(base_ms=250, retries=5, factor=2)),
   C("it's 5.75 seconds", "worst-case total backoff wait", "backoff", dict(base_ms=250, retries=5, cap_ms=2000), "worst_total_ms", 5750, "ms", stated=dict(base_ms=250, retries=5, cap_ms=2000)),
   C("about 2.9 seconds", "expected total backoff wait", "backoff", dict(base_ms=250, retries=5, cap_ms=2000, jitter="full"), "expected_total_ms", 2900, "ms", stated=dict(base_ms=250, retries=5, cap_ms=2000, jitter="full")),
  ])

A("t-q12-003", "q12", """Four retries from 500 milliseconds, doubling, so the worst case is 4 seconds of waiting before we give up.""",
  [C("the worst case is 4 seconds", "worst-case total backoff wait", "backoff", dict(base_ms=500, retries=4), "worst_total_ms", 4000, "ms", verdict="wrong", error="other", stated=dict(base_ms=500, retries=4), note="that is the last wait alone; the total is 7.5 s"),
  ])

A("t-q12-004", "q12", """At 560,000 input and 40,000 output tokens, $3 and $15 per million, one task is about $2.28, so a thousand tasks a day is about $2,280.""",
  [C("about $2.28", "cost of one multi-agent task", "token-cost", TC(560000, 40000, 3, 15), "usd_per_request", 2.28, "usd", stated=dict(input_tokens=560000, output_tokens=40000)),
   C("about $2,280", "daily cost of multi-agent tasks", "token-cost", TC(560000, 40000, 3, 15, requests=1000), "usd_total", 2280, "usd", stated=dict(requests=1000)),
  ])

A("t-q12-005", "q12", """At 15 times the tokens of a chat, the 600,000 token task is about $2.28 in input alone at $3 per million.""",
  [C("about $2.28 in input alone", "input cost of one multi-agent task", "token-cost", TC(600000, 0, 3, 15), "usd_per_request", 2.28, "usd", verdict="wrong", error="other", stated=dict(input_tokens=600000, input_per_million=3), note="600,000 x $3/M = $1.80 of input"),
  ], distractors=["15 times"])
