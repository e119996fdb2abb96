from core import ans, c

LL = "llama-3.3-70b"
def K(**kw):
    a = dict(model=LL); a.update(kw); return a
def D(**kw):
    a = dict(model=LL, weights_gb=70, params_b=70, gpu="h200", batch=1, context=8192); a.update(kw); return a
def W(k, n, **kw):
    a = dict(k=k, n=n); a.update(kw); return a
def TC(i, o, ip=3, op=15, **kw):
    a = dict(input_tokens=i, output_tokens=o, input_per_million=ip, output_per_million=op); a.update(kw); return a
def TB(**kw):
    a = dict(rate_per_s=10, burst=20, offered_per_s=30, duration_s=10); a.update(kw); return a

# ---------- q01 ----------
ans("h2-q01-012", "q01", """Decode for one user is just reading the cache: 2.7 gigs at 8K over 4.8 terabytes a second on the H200, so about half a millisecond per step, which is like 1,800 tokens a second for that user. That's why one user is fast and batching is about fairness.""",
[
 c("about half a millisecond per step", "decode step floor, one 8K user, H200", "decode-floor", D(), "step_ms", 0.56, "ms", "wrong",
   error="forgot-weights", stated=dict(gpu="h200", context=8192, batch=1), note="leaves out the 70 GB of weights read every step: 15.1 ms"),
 c("like 1,800 tokens a second for that user", "tokens/s per user, one 8K user, H200", "decode-floor", D(), "tokens_per_s_per_user",
   1800, "tokens/s", "wrong", error="forgot-weights", stated=dict(gpu="h200", batch=1), conditions_from="answer"),
], distractors=[])

ans("h2-q01-013", "q01", """The H200's bandwidth is 3.35 terabytes a second, so one 8K user with seventy gigs of FP8 weights is about 21.7 milliseconds a step, around 46 tokens a second. On the B200 with thirty-two users, each user gets around 1,640 tokens a second.""",
[
 c("about 21.7 milliseconds a step", "decode step floor, one 8K user, H200", "decode-floor", D(), "step_ms", 21.7, "ms", "wrong",
   error="wrong-spec", stated=dict(gpu="h200", weights_gb=70, context=8192), note="3.35 TB/s is the H100; the H200 is 4.8: 15.1 ms"),
 c("around 46 tokens a second", "tokens/s per user, one 8K user, H200", "decode-floor", D(), "tokens_per_s_per_user", 46, "tokens/s",
   "wrong", error="wrong-spec", stated=dict(gpu="h200"), conditions_from="answer"),
 c("each user gets around 1,640 tokens a second", "tokens/s per user, 32 x 8K on B200", "decode-floor", D(gpu="b200", batch=32),
   "tokens_per_s_per_user", 1640, "tokens/s", "wrong", error="per-user-vs-total", stated=dict(gpu="b200", batch=32),
   note="1,642 is the total; each of 32 users gets about 51"),
], distractors=[])

ans("h2-q01-014", "q01", """The micro-batcher, 32 max, 10 ms window, 15 plus half a ms per item, 256-deep queue: at 1,500 a second it just serves all 1,500, and the p99 is about 0.28 milliseconds. On MI300X, with the BF16 cache at 8K, the largest batch is about 75.""",
[
 c("it just serves all 1,500", "requests/s served at 1,500/s offered", "microbatch-sim", dict(rate_per_s=1500), "served_per_s", 1500,
   "requests/s", "wrong", error="other", stated=dict(rate_per_s=1500), note="capacity is about 1,030/s; it serves 1,009 and sheds the rest"),
 c("the p99 is about 0.28 milliseconds", "p99 latency at 1,500/s", "microbatch-sim", dict(rate_per_s=1500), "p99_ms", 0.28, "ms", "wrong",
   error="unit-slip", stated=dict(rate_per_s=1500), conditions_from="answer", note="279 ms"),
 c("the largest batch is about 75", "largest batch of 8K BF16 sequences on MI300X", "decode-floor", D(gpu="mi300x"),
   "max_batch_that_fits", 75, "sequences", "wrong", error="2x", stated=dict(gpu="mi300x", context=8192, cache_dtype="bf16"),
   note="75 is the FP8-cache figure; BF16 gives 37"),
], distractors=[])

ans("h2-q01-015", "q01", """So on that B200 twenty users get about 65 tokens a second each, roughly 1,300 in total, and a step's about fifteen and a half milliseconds.""",
[
 c("about 65 tokens a second each", "tokens/s per user, 20 x 8K BF16 on B200", "decode-floor", D(gpu="b200", batch=20),
   "tokens_per_s_per_user", 65, "tokens/s", "correct", conditions_from="earlier", stated=dict(gpu="b200", batch=20)),
 c("roughly 1,300 in total", "total tokens/s, 20 x 8K on B200", "decode-floor", D(gpu="b200", batch=20), "tokens_per_s_total", 1300,
   "tokens/s", "correct", conditions_from="earlier", stated=dict(gpu="b200", batch=20)),
 c("about fifteen and a half milliseconds", "decode step, 20 x 8K on B200", "decode-floor", D(gpu="b200", batch=20), "step_ms", 15.5, "ms",
   "correct", conditions_from="earlier", stated=dict(gpu="b200", batch=20)),
], earlier=["""For this design assume B200s. The model is Llama 3.3 70B with FP8 weights, seventy gigs, the cache stays BF16, and contexts run about 8K."""],
 distractors=[])

# ---------- q02 ----------
ans("h2-q02-017", "q02", """GLM-4.5: 92 layers, 96 heads, head dim 128, K and V, two bytes, so about 4.5 megabytes per token. Qwen3 235B with its 64 heads, 94 layers, is around 3 megabytes. Mistral 7B is about 128 megabytes a token. And with the FP8 cache Llama is still 320 KiB a token, FP8 only changes compute.""",
[
 c("about 4.5 megabytes per token", "KV bytes per token, GLM-4.5, BF16", "kv-calc", dict(model="glm-4.5", dtype="bf16"), "bytes_per_token",
   4.5e6, "bytes", "wrong", error="attention-heads", stated=dict(model="glm-4.5"), note="96 query heads instead of 8 KV heads: 376,832 B"),
 c("around 3 megabytes", "KV bytes per token, Qwen3-235B-A22B, BF16", "kv-calc", dict(model="qwen3-235b-a22b", dtype="bf16"),
   "bytes_per_token", 3.0e6, "bytes", "wrong", error="attention-heads", stated=dict(model="qwen3-235b-a22b"), conditions_from="answer",
   note="64 heads instead of 4 KV heads: 192,512 B"),
 c("about 128 megabytes a token", "KV bytes per token, Mistral 7B, BF16", "kv-calc", dict(model="mistral-7b-v0.3", dtype="bf16"),
   "bytes_per_token", 128e6, "bytes", "wrong", error="unit-slip", stated=dict(model="mistral-7b-v0.3"), note="128 KiB"),
 c("still 320 KiB a token", "KV bytes per token, Llama 3.3 70B, FP8 cache", "kv-calc", K(dtype="fp8"), "bytes_per_token", 327680,
   "bytes", "wrong", error="2x", stated=dict(cache_dtype="fp8"), note="an FP8 cache halves it: 160 KiB"),
], distractors=["92 layers", "96 heads", "235B", "64 heads", "94 layers", "7B"])

ans("h2-q02-018", "q02", """On a B200, 180 gigs times 0.92 minus five for activations is about 160 gigs of cache, so with BF16 at 8K that's around 60 sequences. DeepSeek is 70 KB a token, so at 128K a sequence is about nine megabytes.""",
[
 c("about 160 gigs of cache", "KV budget on one B200 after 70 GB FP8 Llama weights", "kv-calc", K(gpu="b200", weights_gb=70),
   "budget_gb", 160, "GB", "wrong", error="forgot-weights", stated=dict(gpu="b200", util=0.92, activations_gb=5), conditions_from="card-default",
   note="forgets the 70 GB of weights: 90.6 GB"),
 c("around 60 sequences", "8K BF16 sequences on one B200", "kv-calc", K(gpu="b200", weights_gb=70, dtype="bf16", context=8192),
   "sequences_that_fit", 60, "sequences", "wrong", error="forgot-weights", stated=dict(context=8192, cache_dtype="bf16"),
   conditions_from="answer", note="33.8"),
 c("about nine megabytes", "KV cache of one 128K DeepSeek-V3 sequence, BF16", "kv-calc", dict(model="deepseek-v3", dtype="bf16", context=131072),
   "bytes_per_sequence", 9e6, "bytes", "wrong", error="unit-slip", stated=dict(context=131072), note="9.2 GB"),
], distractors=[])

ans("h2-q02-019", "q02", """So at 32K that's about 19 sequences per GPU, and the token pool is roughly 620 thousand tokens.""",
[
 c("about 19 sequences per GPU", "32K FP8 sequences on one MI300X with FP8 weights", "kv-calc",
   K(gpu="mi300x", weight_dtype="fp8", dtype="fp8", context=32768), "sequences_that_fit", 19, "sequences", "correct",
   conditions_from="earlier", stated=dict(gpu="mi300x", weight_dtype="fp8", cache_dtype="fp8", context=32768)),
 c("roughly 620 thousand tokens", "FP8 tokens that fit on one MI300X with FP8 weights", "kv-calc",
   K(gpu="mi300x", weight_dtype="fp8", dtype="fp8"), "tokens_that_fit", 620000, "tokens", "correct", conditions_from="earlier",
   stated=dict(gpu="mi300x", weight_dtype="fp8", cache_dtype="fp8")),
], earlier=["""Their platform team already picked MI300X, 192 gigs each, and they'll serve Llama 3.3 70B with FP8 weights and an FP8 KV cache."""],
 distractors=[])

# ---------- q03 ----------
ans("h2-q03-007", "q03", """With the FP8 cache an H200 replica holds about 93 sequences of 8K: 141 times 0.92 is 130, less five, over 1.34. And if twelve requests a second each take twenty seconds, that's 0.6 in flight, so one replica is plenty.""",
[
 c("holds about 93 sequences of 8K", "whole 8K FP8 sequences per H200 replica", "kv-calc", K(dtype="fp8", context=8192, gpu="h200", weights_gb=70),
   "whole_sequences_that_fit", 93, "sequences", "wrong", error="forgot-weights", stated=dict(cache_dtype="fp8", context=8192, gpu="h200"),
   conditions_from="answer", note="does not subtract 70 GB of weights: 40"),
 c("that's 0.6 in flight", "requests in flight at 12/s x 20 s", "littles-law", dict(arrival_rate_per_s=12, latency_s=20), "concurrency",
   0.6, "count", "wrong", error="other", stated=dict(arrival_rate_per_s=12, latency_s=20), note="divides instead of multiplying: 240"),
], distractors=[])

# ---------- q04 ----------
ans("h2-q04-007", "q04", """Llama 3.3 70B in BF16 is about 70 gigs, FP8 is 35. Qwen 2.5 72B in BF16 is 72 gigs. And FP8 Llama on an H100 leaves about 54 gigs for cache, plenty.""",
[
 c("in BF16 is about 70 gigs", "weights of Llama 3.3 70B in BF16", "kv-calc", K(gpu="h200", weight_dtype="bf16"), "weights_gb", 70, "GB",
   "wrong", error="2x", stated=dict(weight_dtype="bf16"), note="counts one byte per parameter: 141.2 GB"),
 c("FP8 is 35", "weights of Llama 3.3 70B in FP8", "kv-calc", K(gpu="h200", weight_dtype="fp8"), "weights_gb", 35, "GB", "wrong",
   error="2x", stated=dict(weight_dtype="fp8"), note="70.6 GB"),
 c("Qwen 2.5 72B in BF16 is 72 gigs", "weights of Qwen2.5-72B in BF16", "kv-calc", dict(model="qwen2.5-72b", gpu="h200", weight_dtype="bf16"),
   "weights_gb", 72, "GB", "wrong", error="2x", stated=dict(weight_dtype="bf16"), note="145.4 GB"),
 c("leaves about 54 gigs for cache", "KV budget on one H100 after FP8 Llama weights", "kv-calc", K(gpu="h100", weight_dtype="fp8"),
   "budget_gb", 54, "GB", "wrong", error="wrong-spec", stated=dict(gpu="h100", weight_dtype="fp8"),
   note="uses the H200's 141 GB; an 80 GB H100 has no room left (-2 GB)"),
], distractors=["3.3", "70B", "2.5", "72B"])

# ---------- q05 ----------
ans("h2-q05-008", "q05", """Prefill doesn't parallelise: an 8K prompt on the 70B takes about 1.16 seconds on one H100 and still about 1.16 on eight. On a B200 in FP8 it's about a second. Decode for one user on the H200 is around 66 milliseconds a token.""",
[
 c("still about 1.16 on eight", "8K prefill, 70B, eight H100s, FP8 50%", "prefill",
   dict(params_b=70, prompt_tokens=8192, gpu="h100", compute_dtype="fp8", compute_util=0.5, gpus=8), "seconds", 1.16, "s", "wrong",
   error="other", stated=dict(gpus=8, prompt_tokens=8192), note="tensor parallel splits the FLOPs: 0.145 s"),
 c("about 1.16 seconds on one H100", "8K prefill, 70B, one H100, FP8 50%", "prefill",
   dict(params_b=70, prompt_tokens=8192, gpu="h100", compute_dtype="fp8", compute_util=0.5), "seconds", 1.16, "s", "correct",
   stated=dict(gpu="h100", prompt_tokens=8192), note="card default"),
 c("On a B200 in FP8 it's about a second", "8K prefill, 70B, one B200, FP8 50%", "prefill",
   dict(params_b=70, prompt_tokens=8192, gpu="b200", compute_dtype="fp8", compute_util=0.5), "seconds", 1.0, "s", "wrong",
   error="wrong-spec", stated=dict(gpu="b200", compute_dtype="fp8"), note="uses the BF16 rate (2,250); FP8 dense is 4,500: 0.51 s"),
 c("around 66 milliseconds a token", "decode step, one 8K user, H200", "decode-floor", D(), "step_ms", 66, "ms", "wrong", error="other",
   stated=dict(gpu="h200", batch=1), conditions_from="card-default", note="66 is tokens per second; the step is 15.1 ms"),
], distractors=[])

ans("h2-q05-009", "q05", """So each request's prefill is about 2.3 seconds on one card, and with tensor parallel over four it's about 0.58.""",
[
 c("about 2.3 seconds on one card", "prefill of 16K, 70B, one H200, FP8 50%", "prefill",
   dict(params_b=70, prompt_tokens=16384, gpu="h200", compute_dtype="fp8", compute_util=0.5), "seconds", 2.3, "s", "correct",
   conditions_from="earlier", stated=dict(prompt_tokens=16384, gpu="h200", compute_dtype="fp8")),
 c("it's about 0.58", "prefill of 16K over 4 x H200", "prefill",
   dict(params_b=70, prompt_tokens=16384, gpu="h200", compute_dtype="fp8", compute_util=0.5, gpus=4), "seconds", 0.58, "s", "correct",
   conditions_from="earlier", stated=dict(gpus=4)),
], earlier=["""Their prompts average about 16K tokens now, it's a 70B model, and they run FP8 on H200s at roughly fifty percent utilisation."""],
 distractors=[])

# ---------- q21 ----------
ans("h2-q21-007", "q21", """F1 for fraud is precision times recall, 0.6 times 0.45, so about 27 percent. Micro is just the average of the three class F1s, about 65. And 2 of 10 caught in the small segment gives an interval whose low end is zero.""",
[
 c("so about 27 percent", "fraud F1, TP 9, FP 6, FN 11", "wilson", W(18, 35), "rate", 27, "percent", "wrong", error="other",
   conditions_from="card-default", note="multiplies instead of the harmonic mean: 51.4%"),
 c("about 65", "micro F1 = accuracy, 950 of 1,000", "wilson", W(950, 1000), "rate", 65, "percent", "wrong", error="other",
   conditions_from="card-default", note="describes macro as micro; micro = accuracy = 95%"),
 c("low end is zero", "lower end of 95% Wilson interval, 2 of 10", "wilson", W(2, 10), "low", 0, "percent", "wrong",
   error="normal-approx", stated=dict(k=2, n=10), note="Wald clips at 0; Wilson low is 5.7%"),
], distractors=["three class"])

ans("h2-q21-008", "q21", """So micro is 92, fraud precision 80, recall 60, and fraud F1 about 68.6. With 40 fraud examples the recall lower bound is about 44.6.""",
[
 c("micro is 92", "micro F1, 1,840 of 2,000", "wilson", W(1840, 2000), "rate", 92, "percent", "correct", conditions_from="earlier",
   stated=dict(k=1840, n=2000)),
 c("fraud precision 80", "fraud precision 24 of 30", "wilson", W(24, 30), "rate", 80, "percent", "correct", conditions_from="earlier",
   stated=dict(k=24, n=30)),
 c("recall 60", "fraud recall 24 of 40", "wilson", W(24, 40), "rate", 60, "percent", "correct", conditions_from="earlier",
   stated=dict(k=24, n=40)),
 c("fraud F1 about 68.6", "fraud F1 = 48 / (48 + 6 + 16)", "wilson", W(48, 70), "rate", 68.6, "percent", "correct",
   conditions_from="earlier", stated=dict(tp=24, fp=6, fn=16)),
 c("about 44.6", "lower end of Wilson interval, 24 of 40", "wilson", W(24, 40), "low", 44.6, "percent", "correct", conditions_from="earlier",
   stated=dict(k=24, n=40)),
], earlier=["""Let me use my own numbers: 2,000 test tickets, 1,840 routed right. Fraud has 40 real cases; the model flags 30 as fraud and 24 of those are right."""],
 distractors=[])

# ---------- q32 ----------
ans("h2-q32-006", "q32", """Peak was 5 documents a second at 6 seconds each, so under one in flight, 0.83, which is why eight workers seemed plenty. The audit was 468 of 500, and the interval's lower end was 0.911 percent.""",
[
 c("0.83", "documents in flight at 5/s x 6 s", "littles-law", dict(arrival_rate_per_s=5, latency_s=6), "concurrency", 0.83, "count",
   "wrong", error="other", stated=dict(arrival_rate_per_s=5, latency_s=6), note="divides instead of multiplying: 30"),
 c("0.911 percent", "lower end of Wilson interval, 468 of 500", "wilson", W(468, 500), "low", 0.911, "percent", "wrong",
   error="percent-vs-fraction", stated=dict(k=468, n=500), note="91.1%"),
], distractors=["eight workers"])

ans("h2-q32-007", "q32", """So that's 80 in flight against 64 workers, which is why it backed up; when volume doubled the next quarter it was, hmm, still 80, because each document still took 4 seconds.""",
[
 c("So that's 80 in flight", "documents in flight at 20/s x 4 s", "littles-law", dict(arrival_rate_per_s=20, latency_s=4), "concurrency", 80,
   "count", "correct", conditions_from="earlier", stated=dict(arrival_rate_per_s=20, latency_s=4)),
 c("still 80", "documents in flight at 40/s x 4 s", "littles-law", dict(arrival_rate_per_s=40, latency_s=4), "concurrency", 80, "count",
   "wrong", error="other", conditions_from="answer", stated=dict(arrival_rate_per_s=40, latency_s=4), note="doubles with arrivals: 160"),
], earlier=["""The system was a document pipeline. At the peak we had 20 documents a second coming in, each taking about 4 seconds end to end."""],
 distractors=["64 workers"])

# ---------- others ----------
ans("h2-q06-003", "q06", """Re-embedding 100,000 changed chunks of 400 tokens at 13 cents per million is about 5,200 dollars, so incremental matters.""",
[
 c("about 5,200 dollars", "re-embed 100K chunks x 400 tokens at $0.13/M", "token-cost", TC(400, 0, 0.13, 0, requests=100000), "usd_total",
   5200, "usd", "wrong", error="unit-slip", stated=dict(requests=100000, input_tokens=400, input_per_million=0.13), note="$5.20"),
], distractors=[])

ans("h2-q08-003", "q08", """A 6,000-token prefix on a million requests at 3 dollars per million tokens is 18 dollars a month, so caching hardly matters.""",
[
 c("18 dollars a month", "monthly cost of a 6,000-token prefix on 1M requests at $3/M", "token-cost", TC(6000, 0, requests=1_000_000),
   "usd_total", 18, "usd", "wrong", error="unit-slip", stated=dict(input_tokens=6000, requests=1_000_000), note="$18,000"),
], distractors=[])

ans("h2-q09-003", "q09", """The naive loop is 120,000 input and 3,000 output at 3 and 15 per million, so about $4.05 per claim.""",
[
 c("about $4.05 per claim", "cost per claim: 120K in / 3K out", "token-cost", TC(120000, 3000, requests=10000), "usd_per_request", 4.05,
   "usd", "wrong", error="other", stated=dict(input_tokens=120000, output_tokens=3000), note="$0.405; $4,050 is the daily total"),
], distractors=[])

ans("h2-q11-002", "q11", """Forty map calls of 4,300 in and 400 out at 3 and 15: about $7.56 for the map phase.""",
[
 c("about $7.56 for the map phase", "map-phase cost: 40 calls", "token-cost", TC(4300, 400, requests=40), "usd_total", 7.56, "usd",
   "wrong", error="other", stated=dict(requests=40), note="$0.756"),
], distractors=[])

ans("h2-q12-004", "q12", """560,000 input and 40,000 output tokens at 3 and 15 dollars is about $22.80 per task. And five retries from 100 ms doubling is 6.3 seconds worst case.""",
[
 c("about $22.80 per task", "cost per multi-agent task", "token-cost", TC(560000, 40000), "usd_per_request", 22.8, "usd", "wrong",
   error="other", stated=dict(input_tokens=560000, output_tokens=40000), note="$2.28"),
 c("6.3 seconds worst case", "worst-case wait, 5 retries from 100 ms doubling", "backoff", dict(base_ms=100, retries=5), "worst_total_ms",
   6300, "ms", "wrong", error="2x", stated=dict(base_ms=100, retries=5), note="counts a sixth wait: 3.1 s"),
], distractors=[])

ans("h2-q13-003", "q13", """Zero of 300: by the rule of three the upper bound is 3 percent.""",
[
 c("the upper bound is 3 percent", "95% Wilson upper bound, 0 of 300", "wilson", W(0, 300), "high", 3, "percent", "wrong", error="other",
   stated=dict(k=0, n=300), note="rule of three is 3/n = 1%; Wilson 1.26%"),
], distractors=[])

ans("h2-q14-003", "q14", """The 70B prefill of a 3,000-token prompt on an H100 at FP8, 50 percent, is about 42 milliseconds, well inside 300.""",
[
 c("about 42 milliseconds", "prefill 3,000 tokens, 70B, H100 FP8 50%", "prefill", dict(params_b=70, prompt_tokens=3000, gpu="h100"), "ms",
   42, "ms", "wrong", error="other", stated=dict(params_b=70, prompt_tokens=3000, gpu="h100"), note="424 ms: over the budget"),
], distractors=["300"])

ans("h2-q15-003", "q15", """Women 27 of 90, and the Wilson half-width on that is about 0.093 points, so it's a precise estimate.""",
[
 c("about 0.093 points", "Wilson half-width, 27 of 90", "wilson", W(27, 90), "half_width", 0.093, "percent", "wrong",
   error="percent-vs-fraction", stated=dict(k=27, n=90), note="0.093 as a fraction is 9.3 points"),
], distractors=[])

ans("h2-q17-003", "q17", """40 of 250 appeals overturned is 6.25 percent.""",
[
 c("is 6.25 percent", "overturn rate 40 of 250", "wilson", W(40, 250), "rate", 6.25, "percent", "wrong", error="other",
   stated=dict(k=40, n=250), note="250/40 inverted; 16%"),
], distractors=[])

ans("h2-q19-003", "q19", """Raw agreement 126 of 150 is 0.84 percent, and recall on failures 21 of 30 is 70.""",
[
 c("is 0.84 percent", "raw agreement 126 of 150", "wilson", W(126, 150), "rate", 0.84, "percent", "wrong", error="percent-vs-fraction",
   stated=dict(k=126, n=150), note="84%"),
 c("is 70", "failure recall 21 of 30", "wilson", W(21, 30), "rate", 70, "percent", "correct", stated=dict(k=21, n=30), note="card default"),
], distractors=[])

ans("h2-q20-003", "q20", """12 of 400 sampled answers is 0.3 percent, and for plus or minus one point at 3 percent you need about 110 reviews.""",
[
 c("is 0.3 percent", "hallucination rate 12 of 400", "wilson", W(12, 400), "rate", 0.3, "percent", "wrong", error="unit-slip",
   stated=dict(k=12, n=400), note="3%"),
 c("about 110 reviews", "reviews for +/-1 point at 3%", "wilson-samples", dict(rate=0.03, half_width=0.01), "n", 110, "count", "wrong",
   error="other", stated=dict(rate=0.03, half_width=0.01), note="1,139"),
], distractors=[])

ans("h2-q22-002", "q22", """The new version, 170 of 200, has an upper end of 0.893 percent, and the old one's lower end is 0.874.""",
[
 c("0.893 percent", "upper end, Wilson 170 of 200", "wilson", W(170, 200), "high", 0.893, "percent", "wrong", error="percent-vs-fraction",
   stated=dict(k=170, n=200), note="89.3%"),
 c("is 0.874", "lower end, Wilson 184 of 200, as a fraction", "wilson", W(184, 200), "low", 0.874, "fraction", "correct",
   stated=dict(k=184, n=200), note="a fraction said without a unit: right (87.4%)"),
], distractors=[])

ans("h2-q23-003", "q23", """With 80 percent of the input cached, the run costs 80 percent less, so about 4 cents instead of 21.""",
[
 c("so about 4 cents", "run cost with 80% cached at $0.30/M", "token-cost", TC(60000, 2000, cached_fraction=0.8, cached_per_million=0.3),
   "usd_per_request", 0.04, "usd", "wrong", error="other", stated=dict(cached_fraction=0.8), conditions_from="card-default",
   note="the output and the cached price still cost: $0.080"),
 c("instead of 21", "run cost uncached: 60K in / 2K out at $3/$15 (cents)", "token-cost", TC(60000, 2000), "usd_per_request", 0.21, "usd",
   "correct", conditions_from="card-default", note="'21' means 21 cents"),
], distractors=[])

ans("h2-q24-004", "q24", """10 a second, burst 20, client at 30 a second for 10 seconds: it admits all 300 because the burst absorbs it.""",
[
 c("it admits all 300", "requests admitted over 10 s", "token-bucket", TB(), "allowed", 300, "requests", "wrong", error="other",
   stated=dict(rate_per_s=10, burst=20, offered_per_s=30, duration_s=10), note="120"),
], distractors=[])

ans("h2-q27-003", "q27", """50 messages a second, 3 seconds per call, that's about 17 calls in flight.""",
[
 c("about 17 calls in flight", "calls in flight at 50/s x 3 s", "littles-law", dict(arrival_rate_per_s=50, latency_s=3), "concurrency", 17,
   "count", "wrong", error="other", stated=dict(arrival_rate_per_s=50, latency_s=3), note="150"),
], distractors=[])

ans("h2-q28-004", "q28", """Zero leaks in 1,000 probes puts the upper bound at 0.038 percent.""",
[
 c("at 0.038 percent", "Wilson upper bound, 0 of 1,000", "wilson", W(0, 1000), "high", 0.038, "percent", "wrong", error="unit-slip",
   stated=dict(k=0, n=1000), note="0.38%"),
], distractors=[])

ans("h2-q29-004", "q29", """200 candidates on the H100 at 40 percent of BF16 would be about 1.3 seconds, and 50 candidates about 320 milliseconds.""",
[
 c("about 1.3 seconds", "rerank 51,200 tokens, 0.5B, H100 BF16 40%", "prefill",
   dict(params_b=0.5, prompt_tokens=51200, gpu="h100", compute_dtype="bf16", compute_util=0.4), "seconds", 1.3, "s", "wrong",
   error="other", stated=dict(prompt_tokens=51200), conditions_from="card-default", note="129 ms"),
 c("about 320 milliseconds", "rerank 12,800 tokens", "prefill",
   dict(params_b=0.5, prompt_tokens=12800, gpu="h100", compute_dtype="bf16", compute_util=0.4), "ms", 320, "ms", "wrong", error="other",
   stated=dict(prompt_tokens=12800), conditions_from="card-default", note="32 ms"),
], distractors=[])

ans("h2-q30-002", "q30", """For plus or minus two points around 95 percent, p times 1 minus p over 0.02 squared is about 120 sentences.""",
[
 c("about 120 sentences", "sentences for +/-2 points at 95%", "wilson-samples", dict(rate=0.95, half_width=0.02), "n", 120, "count",
   "wrong", error="other", stated=dict(rate=0.95, half_width=0.02), note="drops the 1.96 squared: 465"),
], distractors=[])

ans("h2-q31-003", "q31", """20 analysts at 15 minutes a case is 300 alerts an hour.""",
[
 c("300 alerts an hour", "alerts per hour: 20 analysts at 900 s", "littles-law", dict(concurrency=20, latency_s=900), "arrival_rate_per_s",
   300, "alerts/hour", "wrong", error="other", stated=dict(concurrency=20, latency_s=900), scale=3600, note="multiplies: 80 an hour"),
], distractors=[])

ans("h2-q33-002", "q33", """24 items at 8 a week is 3 weeks, and the phased go-live with 12 items is just 1 week.""",
[
 c("is 3 weeks", "weeks left: 24 items at 8/week", "littles-law", dict(concurrency=24, arrival_rate_per_s=8), "latency_s", 3, "weeks",
   "correct", stated=dict(items=24, per_week=8), note="card default"),
 c("is just 1 week", "weeks left: 12 items at 8/week", "littles-law", dict(concurrency=12, arrival_rate_per_s=8), "latency_s", 1, "weeks",
   "wrong", error="other", stated=dict(items=12, per_week=8), note="1.5 weeks"),
], distractors=[])

ans("h2-q10-004", "q10", """172 of 200 replays resolved, and the lower end is 0.805 percent, so it's solid.""",
[
 c("0.805 percent", "lower end of Wilson interval, 172 of 200", "wilson", W(172, 200), "low", 0.805, "percent", "wrong",
   error="percent-vs-fraction", stated=dict(k=172, n=200), note="80.5%"),
], distractors=[])

ans("h2-q25-003", "q25", """A semaphore of 20 with half-second calls: 20 times 0.5 is 10, so 10 requests per second.""",
[
 c("so 10 requests per second", "throughput of 20 permits at 0.5 s", "littles-law", dict(concurrency=20, latency_s=0.5), "arrival_rate_per_s",
   10, "requests/s", "wrong", error="other", stated=dict(concurrency=20, latency_s=0.5), note="40/s"),
], distractors=[])
