from core import ans, c

def W(k, n, **kw):
    a = dict(k=k, n=n); a.update(kw); return a
def TC(i, o, ip=3, op=15, **kw):
    a = dict(input_tokens=i, output_tokens=o, input_per_million=ip, output_per_million=op); a.update(kw); return a

# q06 re-embedding
ans("h2-q06-001", "q06", """Hash every chunk and only re-embed what changed. To show why: the full corpus is 25 million chunks of about 500 tokens, at 13 cents per million tokens with text-embedding-3-large, so a full re-embed is about 1,600 dollars. The daily delta is maybe 200 thousand chunks, which is around 13 dollars. If they used the small model at 2 cents, the full run is about 250 bucks.""",
[
 c("about 1,600 dollars", "full re-embed: 25M chunks x 500 tokens at $0.13/M", "token-cost",
   TC(500, 0, 0.13, 0, requests=25_000_000), "usd_total", 1600, "usd", "correct",
   stated=dict(requests=25_000_000, input_tokens=500, input_per_million=0.13)),
 c("around 13 dollars", "incremental re-embed: 200K chunks x 500 tokens at $0.13/M", "token-cost",
   TC(500, 0, 0.13, 0, requests=200_000), "usd_total", 13, "usd", "correct", stated=dict(requests=200_000), conditions_from="answer"),
 c("about 250 bucks", "full re-embed at $0.02/M", "token-cost", TC(500, 0, 0.02, 0, requests=25_000_000), "usd_total", 250,
   "usd", "correct", stated=dict(input_per_million=0.02), conditions_from="answer"),
], distractors=["3"])

ans("h2-q06-002", "q06", """Ten million chunks at 400 tokens is four billion tokens; at 13 cents a million that's about 52 dollars, so honestly a full re-embed is cheap.""",
[
 c("about 52 dollars", "full re-embed: 10M chunks x 400 tokens at $0.13/M", "token-cost", TC(400, 0, 0.13, 0, requests=10_000_000),
   "usd_total", 52, "usd", "wrong", error="other", stated=dict(requests=10_000_000, input_tokens=400, input_per_million=0.13),
   note="off by ten: 4,000 million tokens x $0.13 = $520"),
], distractors=[])

# q07 text-to-SQL
ans("h2-q07-001", "q07", """I'd measure execution accuracy on a golden set. On our 150-question set we got 129 right, 86 percent, and Wilson puts the lower end at roughly 79.6. If we'd run the full 300 and kept the same rate, the lower end would be about 81.6.""",
[
 c("86 percent", "execution accuracy 129 of 150", "wilson", W(129, 150), "rate", 86, "percent", "correct", stated=dict(k=129, n=150)),
 c("roughly 79.6", "lower end, Wilson 129 of 150", "wilson", W(129, 150), "low", 79.6, "percent", "correct", stated=dict(k=129, n=150)),
 c("about 81.6", "lower end, Wilson 258 of 300", "wilson", W(258, 300), "low", 81.6, "percent", "correct", stated=dict(k=258, n=300)),
], distractors=[])

ans("h2-q07-002", "q07", """172 of 200 golden questions matched, 86 percent, and the interval is tight, about plus or minus one point, so I'm confident it's above 85.""",
[
 c("86 percent", "execution accuracy 172 of 200", "wilson", W(172, 200), "rate", 86, "percent", "correct", stated=dict(k=172, n=200)),
 c("about plus or minus one point", "half-width of the Wilson interval, 172 of 200", "wilson", W(172, 200), "half_width", 1.0,
   "percent", "wrong", error="other", stated=dict(k=172, n=200), note="about 4.8 points"),
], distractors=[])

# q08 prompting vs RAG vs fine-tuning
ans("h2-q08-001", "q08", """I'd start with a measured prompting baseline. On a hundred cases, prompting got 62 and RAG got 81; the Wilson intervals barely clear each other, maybe a point and a bit of gap. At 500 each with the same rates, 310 versus 405, there's about 11 points of clear air. On cost, a 4,000-token few-shot prefix on two million requests at 3 dollars a million is $24,000 a month; from the prompt cache at 30 cents it's $2,400.""",
[
 c("maybe a point and a bit of gap", "gap between Wilson intervals, 62/100 vs 81/100", "wilson-compare",
   dict(k1=62, n1=100, k2=81, n2=100), "gap_points", 1.3, "percent", "correct", stated=dict(k1=62, n1=100, k2=81, n2=100)),
 c("about 11 points of clear air", "gap, 310/500 vs 405/500", "wilson-compare", dict(k1=310, n1=500, k2=405, n2=500), "gap_points",
   11, "percent", "correct", stated=dict(k1=310, n1=500, k2=405, n2=500)),
 c("$24,000 a month", "monthly cost of a 4,000-token prefix on 2M requests at $3/M", "token-cost",
   TC(4000, 0, requests=2_000_000), "usd_total", 24000, "usd", "correct", stated=dict(input_tokens=4000, requests=2_000_000)),
 c("it's $2,400", "the same prefix cached at $0.30/M", "token-cost",
   TC(4000, 0, requests=2_000_000, cached_fraction=1, cached_per_million=0.3), "usd_total", 2400, "usd", "correct",
   stated=dict(cached_fraction=1, cached_per_million=0.3), conditions_from="answer"),
], distractors=["a hundred cases"])

ans("h2-q08-002", "q08", """Prompting 124 of 200, RAG 162 of 200, so the intervals are separated by something like 19 points, a huge, clear win.""",
[
 c("something like 19 points", "gap between Wilson intervals, 124/200 vs 162/200", "wilson-compare",
   dict(k1=124, n1=200, k2=162, n2=200), "gap_points", 19, "percent", "wrong", error="other",
   stated=dict(k1=124, n1=200, k2=162, n2=200), note="19 points is the gap between the point estimates; the intervals clear by 6.6"),
], distractors=[])

# q09 claims agent
ans("h2-q09-001", "q09", """A naive loop on a claim is, say, eight turns of 15,000 tokens, 120,000 input and 3,000 output at 3 and 15 dollars per million: about 40 cents a claim. The workflow version reads 40,000 tokens, 80 percent cached at 30 cents, with 2,000 out, so roughly 6.4 cents. At 20,000 claims a day that's about 1,270 dollars a day.""",
[
 c("about 40 cents a claim", "cost per claim: 120K in, 3K out at $3/$15", "token-cost", TC(120000, 3000, requests=10000),
   "usd_per_request", 0.40, "usd", "correct", stated=dict(input_tokens=120000, output_tokens=3000)),
 c("roughly 6.4 cents", "workflow cost per claim: 40K in (80% cached at $0.30), 2K out", "token-cost",
   TC(40000, 2000, cached_fraction=0.8, cached_per_million=0.3), "usd_per_request", 0.064, "usd", "correct",
   stated=dict(input_tokens=40000, cached_fraction=0.8, output_tokens=2000)),
 c("about 1,270 dollars a day", "daily workflow cost at 20,000 claims", "token-cost",
   TC(40000, 2000, cached_fraction=0.8, cached_per_million=0.3, requests=20000), "usd_total", 1270, "usd", "correct",
   stated=dict(requests=20000), conditions_from="answer"),
], distractors=[])

ans("h2-q09-002", "q09", """The workflow: 32,000 input, three quarters cached at 30 cents, and 2,000 output tokens at fifteen dollars a million. So the output alone is 3 dollars per claim, dominates everything.""",
[
 c("the output alone is 3 dollars per claim", "output cost per claim: 2,000 tokens at $15/M", "token-cost",
   TC(0, 2000), "usd_per_request", 3.0, "usd", "wrong", error="other", stated=dict(output_tokens=2000, output_per_million=15),
   note="2,000 x $15 / 1M = $0.03: off by 100x"),
], distractors=[])

# q10 support agent
ans("h2-q10-001", "q10", """For the handoff queue: they have 8,000 conversations a day over 8 hours, about 20 percent hand off, so 1,600 handoffs, that's 0.056 a second, times nine minutes handle time is about 30 agents busy at once. Replaying 300 historical tickets, the agent resolved 252, 84 percent, lower bound of the interval about 79.4.""",
[
 c("about 30 agents busy at once", "agents busy: 1,600 handoffs over 8 h x 540 s", "littles-law",
   dict(arrival_rate_per_s=1600 / 28800, latency_s=540), "concurrency", 30, "count", "correct",
   stated=dict(handoffs=1600, hours=8, latency_s=540)),
 c("84 percent", "replay resolution 252 of 300", "wilson", W(252, 300), "rate", 84, "percent", "correct", stated=dict(k=252, n=300)),
 c("about 79.4", "lower end, Wilson 252 of 300", "wilson", W(252, 300), "low", 79.4, "percent", "correct", stated=dict(k=252, n=300)),
], distractors=["8,000 conversations", "20 percent"])

ans("h2-q10-002", "q10", """1,200 handoffs a day, nine minutes each, that's 10,800 minutes, so over a 10-hour day you need about 180 agents on the queue.""",
[
 c("about 180 agents", "agents busy: 1,200 handoffs over 10 h x 540 s", "littles-law",
   dict(arrival_rate_per_s=1200 / 36000, latency_s=540), "concurrency", 180, "count", "wrong", error="unit-slip",
   stated=dict(handoffs=1200, hours=10, latency_s=540), note="10,800 minutes / 600 minutes = 18, not 180"),
], distractors=[])

# q11 LangGraph summarizer
ans("h2-q11-001", "q11", """A 240,000-token contract in 4,000-token chunks is 60 map calls; each reads about 4,300 tokens with the prompt and writes 500, at 3 and 15 dollars, so the map phase is roughly $1.22. The reduce step reads the 60 summaries, 30,000 tokens.""",
[
 c("roughly $1.22", "map-phase cost: 60 calls of 4,300 in / 500 out", "token-cost", TC(4300, 500, requests=60), "usd_total",
   1.22, "usd", "correct", stated=dict(requests=60, input_tokens=4300, output_tokens=500)),
 c("30,000 tokens", "tokens the reduce step reads: 60 x 500", "token-cost", TC(0, 500, requests=60), "tokens_total", 30000,
   "tokens", "correct", stated=dict(requests=60, output_tokens=500)),
], distractors=["240,000-token", "4,000-token"])

# q12 multi-agent
ans("h2-q12-001", "q12", """Multi-agent costs a multiple. If a single-agent task is 40,000 tokens and multi-agent is about ten times, say 380,000 input and 20,000 output, that's about a dollar fifty a task. For failures, retries with backoff from 250 milliseconds doubling over five retries is at worst 7.75 seconds of waiting; with full jitter the expected wait is half that, around 3.9.""",
[
 c("about a dollar fifty a task", "cost: 380K in / 20K out at $3/$15", "token-cost", TC(380000, 20000), "usd_per_request", 1.5,
   "usd", "correct", stated=dict(input_tokens=380000, output_tokens=20000)),
 c("at worst 7.75 seconds", "worst-case wait, 5 retries from 250 ms doubling", "backoff", dict(base_ms=250, retries=5), "worst_total_ms",
   7750, "ms", "correct", stated=dict(base_ms=250, retries=5)),
 c("around 3.9", "expected wait with full jitter", "backoff", dict(base_ms=250, retries=5, jitter="full"), "expected_total_ms", 3900,
   "ms", "correct", stated=dict(jitter="full"), conditions_from="answer"),
], distractors=["ten times"])

ans("h2-q12-002", "q12", """Four retries starting at half a second, doubling: that's 0.5, 1, 2, 4, so about 15 seconds worst case.""",
[
 c("about 15 seconds worst case", "worst-case wait, 4 retries from 500 ms doubling", "backoff", dict(base_ms=500, retries=4),
   "worst_total_ms", 15000, "ms", "wrong", error="2x", stated=dict(base_ms=500, retries=4), note="0.5+1+2+4 = 7.5 s"),
], distractors=[])

# q13 MCP auth
ans("h2-q13-001", "q13", """We ran 500 cross-tenant and wrong-role calls and none got through. That doesn't mean zero: the 95 percent Wilson upper bound is about 0.76 percent. And with only 200 probes it'd be under about 1.9 percent.""",
[
 c("about 0.76 percent", "Wilson upper bound, 0 of 500", "wilson", W(0, 500), "high", 0.76, "percent", "correct", stated=dict(k=0, n=500)),
 c("under about 1.9 percent", "Wilson upper bound, 0 of 200", "wilson", W(0, 200), "high", 1.9, "percent", "correct", stated=dict(k=0, n=200)),
], distractors=[])

ans("h2-q13-002", "q13", """Zero of 300 bypasses, so the bypass rate is zero, with a confidence interval of zero to zero, we're fine.""",
[
 c("the bypass rate is zero, with a confidence interval of zero to zero", "95% Wilson upper bound, 0 of 300", "wilson", W(0, 300), "high", 0,
   "percent", "wrong", error="normal-approx", stated=dict(k=0, n=300), note="Wald collapses at k = 0; Wilson upper bound 1.26%"),
], distractors=[])

# q14 voice agent
ans("h2-q14-001", "q14", """Latency budget: if the LLM is an 8B model, a 3,000-token prompt on one H100 in FP8 at 50 percent prefills in about 48 milliseconds. The 70B would be around 425. For sizing: 1,800 calls an hour at three minutes each is 90 concurrent calls.""",
[
 c("about 48 milliseconds", "prefill 3,000 tokens, 8B, H100, FP8, 50%", "prefill", dict(params_b=8, prompt_tokens=3000, gpu="h100"),
   "ms", 48, "ms", "correct", stated=dict(params_b=8, prompt_tokens=3000, gpu="h100", compute_dtype="fp8", compute_util=0.5)),
 c("around 425", "prefill 3,000 tokens, 70B, H100, FP8, 50%", "prefill", dict(params_b=70, prompt_tokens=3000, gpu="h100"),
   "ms", 425, "ms", "correct", conditions_from="answer", note="card default"),
 c("90 concurrent calls", "concurrent calls: 1,800/h x 180 s", "littles-law", dict(arrival_rate_per_s=0.5, latency_s=180),
   "concurrency", 90, "count", "correct", stated=dict(calls_per_hour=1800, latency_s=180)),
], distractors=["8B"])

ans("h2-q14-002", "q14", """3,000 calls an hour, four minutes each, so 3,000 times 4 is 12,000 concurrent calls at peak; we'd need a big SIP trunk.""",
[
 c("12,000 concurrent calls", "concurrent calls: 3,000/h x 240 s", "littles-law", dict(arrival_rate_per_s=3000 / 3600, latency_s=240),
   "concurrency", 12000, "count", "wrong", error="unit-slip", stated=dict(calls_per_hour=3000, latency_s=240),
   note="calls per hour times minutes: forgets the 60 minutes an hour; 200"),
], distractors=[])

# q15 AI recruiter
ans("h2-q15-001", "q15", """Four-fifths rule: women selected 24 of 100, men 45 of 150, so 24 percent over 30 percent, an impact ratio of 0.8, right on the line. But the women's rate on 100 has a Wilson half-width of about 8.5 points, so that's noise.""",
[
 c("an impact ratio of 0.8", "impact ratio (24/100)/(45/150) = 3,600/4,500", "wilson", W(3600, 4500), "rate", 0.8, "fraction",
   "correct", stated=dict(women=(24, 100), men=(45, 150))),
 c("about 8.5 points", "Wilson half-width, 24 of 100", "wilson", W(24, 100), "half_width", 8.5, "percent", "correct",
   stated=dict(k=24, n=100)),
], distractors=["Four-fifths"])

ans("h2-q15-002", "q15", """Women 27 of 90 is 30 percent and men 48 of 120 is 40 percent; the impact ratio is the difference, 10 percent, so we're fine under the four-fifths rule.""",
[
 c("10 percent", "impact ratio (27/90)/(48/120)", "wilson", W(3240, 4320), "rate", 0.10, "fraction", "wrong", error="other",
   stated=dict(women=(27, 90), men=(48, 120)), conditions_from="answer", note="subtracts instead of dividing: 0.75"),
], distractors=["four-fifths"])
