"""Answers built around ambiguity: each holds at least one claim that is right under one
reading of an unstated (or doubly stated) condition and wrong under the other."""
from engine import A, C

L = dict(model="llama-3.3-70b", weights_gb=70, params_b=70)
def D(**k):
    a = dict(L); a.update(k); return a
def K(**k):
    a = dict(model="llama-3.3-70b"); a.update(k); return a
def W(k, n): return dict(k=k, n=n)
def TC(i, o, pi, po, **k):
    a = dict(input_tokens=i, output_tokens=o, input_per_million=pi, output_per_million=po); a.update(k); return a
AMB = "ambiguous"

# q01
A("t-x-q01-001", "q01", """If we pack forty 8K users onto the H200, each of them still gets about 39 tokens a second, which is fine for chat, and the box does about 1,550 in total.""",
  [C("about 39 tokens a second", "decode tokens per second per user", "decode-floor", D(gpu="h200", batch=40, context=8192, kv_dtype="fp8"), "tokens_per_s_per_user", 39, "tokens/s", verdict=AMB, stated=dict(gpu="h200", batch=40, context=8192), alt_args=D(gpu="h200", batch=40, context=8192, kv_dtype="bf16"), note="cache precision unstated: right with an FP8 cache (38.8), wrong with BF16 (27.1, and forty 8K BF16 sequences do not fit)"),
   C("about 1,550 in total", "decode tokens per second in total", "decode-floor", D(gpu="h200", batch=40, context=8192, kv_dtype="fp8"), "tokens_per_s_total", 1550, "tokens/s", verdict=AMB, cf="answer", stated=dict(gpu="h200", batch=40), alt_args=D(gpu="h200", batch=40, context=8192, kv_dtype="bf16"), note="same reading: FP8 cache 1,552; BF16 cache 1,082"),
  ])

A("t-x-q01-002", "q01", """On a Hopper card, one user at 8K is about 21 ms a step, call it 46 tokens a second. A B200 gets that down to roughly 9 ms.""",
  [C("about 21 ms a step", "decode step floor", "decode-floor", D(gpu="h100", batch=1, context=8192), "step_ms", 21, "ms", verdict=AMB, stated=dict(batch=1, context=8192, gpu="hopper"), alt_args=D(gpu="h200", batch=1, context=8192), note="'Hopper' is H100 (3.35 TB/s, 21.7 ms) or H200 (4.8 TB/s, 15.1 ms)"),
   C("call it 46 tokens a second", "decode tokens per second per user", "decode-floor", D(gpu="h100", batch=1, context=8192), "tokens_per_s_per_user", 46, "tokens/s", verdict=AMB, stated=dict(batch=1, gpu="hopper"), alt_args=D(gpu="h200", batch=1, context=8192), note="H100 46.1 vs H200 66.0"),
   C("roughly 9 ms", "decode step floor", "decode-floor", D(gpu="b200", batch=1, context=8192), "step_ms", 9, "ms", stated=dict(gpu="b200", batch=1)),
  ])

A("t-x-q01-003", "q01", """An 8K prompt on the 70B takes about 2.3 seconds to prefill on one H100 at half utilisation, so a 450 ms TTFT needs either chunking across GPUs or a shorter prompt. A 4K prompt on a B200 at FP8 is about a quarter of a second.""",
  [C("about 2.3 seconds", "prefill time of one prompt", "prefill", dict(params_b=70, prompt_tokens=8192, gpu="h100", compute_dtype="bf16"), "seconds", 2.3, "s", verdict=AMB, stated=dict(params_b=70, prompt_tokens=8192, gpu="h100", compute_util=0.5), alt_args=dict(params_b=70, prompt_tokens=8192, gpu="h100", compute_dtype="fp8"), note="compute precision unstated: BF16 2.32 s, FP8 1.16 s"),
   C("about a quarter of a second", "prefill time of one prompt", "prefill", dict(params_b=70, prompt_tokens=4096, gpu="b200", compute_dtype="fp8"), "seconds", 0.25, "s", stated=dict(prompt_tokens=4096, gpu="b200", compute_dtype="fp8")),
  ], distractors=["450 ms"])

A("t-x-q01-004", "q01", """At 1,500 requests a second the p99 of the ones we admit is about 93 milliseconds.""",
  [C("about 93 milliseconds", "p99 latency of admitted requests", "microbatch-sim", dict(rate_per_s=1500, max_queue=64), "p99_ms", 93, "ms", verdict=AMB, cf="earlier", stated=dict(rate_per_s=1500), alt_args=dict(rate_per_s=1500), note="earlier turn names two embedders, queue 64 (93 ms) and the default 256 (279 ms); which one is meant is unstated"),
  ], earlier=["We run two embedders behind micro-batchers, both max batch 32 with a 10 ms window; the search one has a queue of 64, the ingest one keeps the default 256."])

A("t-x-q01-005", "q01", """With five users at 32K on the H200, each step is about 26 milliseconds, so each user gets about 190 tokens a second.""",
  [C("about 26 milliseconds", "decode step floor", "decode-floor", D(gpu="h200", batch=5, context=32768, kv_dtype="bf16"), "step_ms", 26, "ms", verdict=AMB, stated=dict(gpu="h200", batch=5, context=32768), alt_args=D(gpu="h200", batch=5, context=32768, kv_dtype="fp8"), note="cache precision unstated: BF16 25.8 ms, FP8 20.2 ms"),
   C("about 190 tokens a second", "decode tokens per second per user", "decode-floor", D(gpu="h200", batch=5, context=32768, kv_dtype="bf16"), "tokens_per_s_per_user", 190, "tokens/s", verdict="wrong", error="per-user-vs-total", cf="answer", stated=dict(batch=5), note="194 is the total of five users; each gets 38.8 (BF16) or 49.6 (FP8)"),
  ])

# q02
A("t-x-q02-001", "q02", """Qwen3 235B works out to about 94 KB a token, and DeepSeek-V3 at a 128K context is about 9.2 GB for one sequence.""",
  [C("about 94 KB a token", "KV-cache bytes per token", "kv-calc", dict(model="qwen3-235b-a22b", dtype="fp8"), "bytes_per_token", 94000, "bytes", verdict=AMB, stated=dict(model="qwen3-235b-a22b"), alt_args=dict(model="qwen3-235b-a22b", dtype="bf16"), note="right for an FP8 cache (96,256 B; 94 KiB), wrong for BF16 (192,512)"),
   C("about 9.2 GB for one sequence", "KV-cache bytes of one sequence", "kv-calc", dict(model="deepseek-v3", dtype="bf16", context=131072), "bytes_per_sequence", 9.2, "GB", verdict=AMB, stated=dict(model="deepseek-v3", context=131072), alt_args=dict(model="deepseek-v3", dtype="fp8", context=131072), note="BF16 9.21 GB, FP8 4.6 GB"),
  ])

A("t-x-q02-002", "q02", """Mistral 7B in BF16 on one H100 leaves about 54 GB, which is roughly 825 thousand tokens of cache. GLM-4.5 by comparison is about 184 KB a token.""",
  [C("about 54 GB", "KV-cache budget after weights and activations", "kv-calc", dict(model="mistral-7b-v0.3", gpu="h100", weight_dtype="bf16"), "budget_gb", 54, "GB", stated=dict(model="mistral-7b-v0.3", gpu="h100", weight_dtype="bf16")),
   C("roughly 825 thousand tokens", "tokens of KV cache that fit in the budget", "kv-calc", dict(model="mistral-7b-v0.3", gpu="h100", weight_dtype="bf16", dtype="fp8"), "tokens_that_fit", 825000, "tokens", verdict=AMB, cf="answer", stated=dict(model="mistral-7b-v0.3", gpu="h100", weight_dtype="bf16"), alt_args=dict(model="mistral-7b-v0.3", gpu="h100", weight_dtype="bf16", dtype="bf16"), note="'in BF16' names the weights; the cache precision is unstated: FP8 cache 825K tokens, BF16 cache 413K"),
   C("about 184 KB a token", "KV-cache bytes per token", "kv-calc", dict(model="glm-4.5", dtype="fp8"), "bytes_per_token", 184000, "bytes", verdict=AMB, stated=dict(model="glm-4.5"), alt_args=dict(model="glm-4.5", dtype="bf16"), note="FP8 188,416 (184 KiB), BF16 376,832"),
  ], distractors=["7B"])

A("t-x-q02-003", "q02", """On an MI300X with the FP8 weights you'd fit about 38 sequences of 8K, and a 32K sequence of Llama is about 5.4 GB.""",
  [C("about 38 sequences of 8K", "8K sequences that fit", "kv-calc", K(gpu="mi300x", weights_gb=70, dtype="bf16", context=8192), "sequences_that_fit", 38, "sequences", verdict=AMB, stated=dict(gpu="mi300x", weight_dtype="fp8", context=8192), alt_args=K(gpu="mi300x", weights_gb=70, dtype="fp8", context=8192), note="FP8 names the weights only: BF16 cache 37.9, FP8 cache 75.7"),
   C("about 5.4 GB", "KV-cache bytes of one sequence", "kv-calc", K(dtype="fp8", context=32768), "bytes_per_sequence", 5.4, "GB", verdict=AMB, cf="sentence", stated=dict(context=32768), alt_args=K(dtype="bf16", context=32768), note="FP8 cache 5.37 GB, BF16 10.7 GB; 'the FP8 weights' earlier in the answer does not settle the cache"),
  ])

A("t-x-q02-004", "q02", """So the Llama model's cache is about 48 KiB a token, tiny compared with the older dense models.""",
  [C("about 48 KiB a token", "KV-cache bytes per token", "kv-calc", dict(model="llama-4-scout", dtype="bf16"), "bytes_per_token", 49152, "bytes", verdict=AMB, cf="earlier", stated=dict(cache_dtype="bf16"), alt_args=dict(model="llama-3.3-70b", dtype="bf16"), note="earlier turn names Llama 3.3 70B and Llama 4 Scout; right for Scout (48 KiB), wrong for 3.3 70B (320 KiB)"),
  ], earlier=["The customer is choosing between Llama 3.3 70B and Llama 4 Scout, both with a BF16 cache."])

A("t-x-q02-005", "q02", """On H100s, after the FP8 weights and activations, you get about 72 GB of cache, so about 27 sequences of 8K in BF16.""",
  [C("about 72 GB of cache", "KV-cache budget after weights and activations", "kv-calc", K(gpu="h100", gpus=2, weights_gb=70), "budget_gb", 72, "GB", verdict=AMB, stated=dict(gpu="h100", weight_dtype="fp8"), alt_args=K(gpu="h100", gpus=1, weights_gb=70), note="GPU count unstated: two H100s 72.2 GB, one H100 -1.4 GB (does not fit)"),
   C("about 27 sequences of 8K in BF16", "8K sequences that fit", "kv-calc", K(gpu="h100", gpus=2, weights_gb=70, dtype="bf16", context=8192), "sequences_that_fit", 27, "sequences", verdict=AMB, cf="answer", stated=dict(gpu="h100", cache_dtype="bf16", context=8192), alt_args=K(gpu="h100", gpus=1, weights_gb=70, dtype="bf16", context=8192), note="two H100s 26.9, one H100 0"),
  ])

A("t-x-q02-006", "q02", """Qwen3.8 27B is only about 32 KiB a token because three quarters of its layers are linear attention, and gpt-oss-120b in FP8 is 18 KiB a token plus its fixed window.""",
  [C("about 32 KiB a token", "KV-cache bytes per token", "kv-calc", dict(model="qwen3.8-27b", dtype="fp8"), "bytes_per_token", 32768, "bytes", verdict=AMB, stated=dict(model="qwen3.8-27b"), alt_args=dict(model="qwen3.8-27b", dtype="bf16"), note="FP8 32 KiB, BF16 64 KiB"),
   C("18 KiB a token", "KV-cache bytes per token", "kv-calc", dict(model="gpt-oss-120b", dtype="fp8"), "bytes_per_token", 18432, "bytes", stated=dict(model="gpt-oss-120b", cache_dtype="fp8")),
  ], distractors=["three quarters of its layers"])

# q03
A("t-x-q03-001", "q03", """Each H200 replica at full batch handles about 1,550 tokens a second, and at our usual utilisation target 10,000 tokens a second takes 13 replicas.""",
  [C("about 1,550 tokens a second", "decode tokens per second in total per replica", "decode-floor", D(gpu="h200", batch=40, context=8192, kv_dtype="fp8"), "tokens_per_s_total", 1550, "tokens/s", verdict=AMB, stated=dict(gpu="h200", batch="full"), alt_args=D(gpu="h200", batch=20, context=8192, kv_dtype="bf16"), note="'full batch' is 40 with an FP8 cache (1,552) or 20 with BF16 (776)"),
   C("takes 13 replicas", "replicas needed at the target utilisation", "replicas", dict(peak_per_s=10000, per_replica_per_s=1552, target_util=0.5), "replicas", 13, "replicas", verdict=AMB, cf="earlier", stated=dict(peak_per_s=10000, per_replica_per_s=1550), alt_args=dict(peak_per_s=10000, per_replica_per_s=1552, target_util=0.7), note="earlier turn: 50% target for interactive, 70% for batch; 13 at 50%, 10 at 70%"),
  ], earlier=["We target 50% utilisation for interactive traffic and 70% for batch jobs."])

# q04
A("t-x-q04-001", "q04", """The 70B weights are about 141 GB, so on a B200 that leaves about 90 GB for the cache. For the eval I'd want about 385 examples to get plus or minus 3 points.""",
  [C("about 141 GB", "weights in GB", "kv-calc", K(gpu="h200", weight_dtype="bf16"), "weights_gb", 141, "GB", verdict=AMB, stated=dict(), alt_args=K(gpu="h200", weight_dtype="fp8"), note="weight precision unstated (BF16 141.2, FP8 70.6); the next sentence's 90 GB only holds for FP8"),
   C("about 90 GB for the cache", "KV-cache budget after weights and activations", "kv-calc", K(gpu="b200", weight_dtype="fp8"), "budget_gb", 90, "GB", verdict=AMB, stated=dict(gpu="b200"), alt_args=K(gpu="b200", weight_dtype="bf16"), note="FP8 weights 90.0 GB, BF16 weights 19.4 GB"),
   C("about 385 examples", "samples for a Wilson half-width", "wilson-samples", dict(rate=0.9, half_width=0.03), "n", 385, "count", verdict=AMB, cf="earlier", stated=dict(half_width=0.03), alt_args=dict(rate=0.8, half_width=0.03), note="earlier: 90% for BF16, 80% for the quantized model; 384 at 90%, 681 at 80%"),
  ], earlier=["On the customer's task the BF16 model passes about 90% and the 4-bit one about 80%."])

# q05
A("t-x-q05-001", "q05", """Spread over eight H100s the 8K prefill is about 0.29 seconds, and one user's decode on Hopper is about 15 ms a token.""",
  [C("about 0.29 seconds", "prefill time of one prompt", "prefill", dict(params_b=70, prompt_tokens=8192, gpu="h100", compute_dtype="bf16", compute_util=0.5, gpus=8), "seconds", 0.29, "s", verdict=AMB, stated=dict(gpus=8, gpu="h100", prompt_tokens=8192), alt_args=dict(params_b=70, prompt_tokens=8192, gpu="h100", compute_dtype="fp8", compute_util=0.5, gpus=8), note="BF16 0.29 s, FP8 0.145 s"),
   C("about 15 ms a token", "decode step floor", "decode-floor", D(gpu="h200", batch=1, context=8192), "step_ms", 15, "ms", verdict=AMB, cf="sentence", stated=dict(batch=1, gpu="hopper"), alt_args=D(gpu="h100", batch=1, context=8192), note="H200 15.1 ms, H100 21.7 ms"),
  ])

# q06
A("t-x-q06-001", "q06", """A full re-embed of the ten million chunks costs about $80, so we can afford one a week; the daily 100,000 changed chunks are about 80 cents.""",
  [C("about $80", "full re-embed cost", "token-cost", TC(400, 0, 0.02, 0, requests=10_000_000), "usd_total", 80, "usd", verdict=AMB, cf="earlier", stated=dict(chunks=10_000_000), alt_args=TC(400, 0, 0.13, 0, requests=10_000_000), note="earlier turn names both models; small at $0.02/M $80, large at $0.13/M $520"),
   C("about 80 cents", "incremental re-embed cost", "token-cost", TC(400, 0, 0.02, 0, requests=100_000), "usd_total", 0.8, "usd", verdict=AMB, cf="earlier", stated=dict(chunks=100_000), alt_args=TC(400, 0, 0.13, 0, requests=100_000), note="$0.80 small, $5.20 large"),
  ], earlier=["We're choosing between text-embedding-3-small at 2 cents and text-embedding-3-large at 13 cents per million tokens, 400-token chunks."])

# q08
A("t-x-q08-001", "q08", """With prompt caching the prefix drops to about $1,800 a month, so fine-tuning has to beat that.""",
  [C("about $1,800 a month", "monthly prefix cost from the prompt cache", "token-cost", TC(6000, 0, 3, 15, requests=1_000_000, cached_fraction=1, cached_per_million=0.3), "usd_total", 1800, "usd", verdict=AMB, cf="earlier", stated=dict(input_tokens=6000, requests=1_000_000), alt_args=TC(6000, 0, 3, 15, requests=1_000_000, cached_fraction=1, cached_per_million=1.5), note="cached price unstated: 90% discount ($0.30) gives $1,800, 50% discount ($1.50) gives $9,000"),
  ], earlier=["It's a 6,000-token few-shot prefix on about a million requests a month, at $3 per million input tokens."])

# q09
A("t-x-q09-001", "q09", """The naive loop costs about 13.5 cents a claim, so $1,350 a day at 10,000 claims.""",
  [C("about 13.5 cents a claim", "cost per claim of the loop", "token-cost", TC(120000, 3000, 1, 5, requests=10000), "usd_per_request", 0.135, "usd", verdict=AMB, cf="earlier", stated=dict(input_tokens=120000, output_tokens=3000), alt_args=TC(120000, 3000, 3, 15, requests=10000), note="earlier names two models; $1/$5 gives $0.135, $3/$15 gives $0.405"),
   C("$1,350 a day", "daily cost of the loop", "token-cost", TC(120000, 3000, 1, 5, requests=10000), "usd_total", 1350, "usd", verdict=AMB, cf="earlier", stated=dict(requests=10000), alt_args=TC(120000, 3000, 3, 15, requests=10000), note="$1,350 vs $4,050"),
  ], earlier=["The loop reads 120,000 input tokens and writes 3,000 per claim. We could run it on the big model at $3 and $15 per million, or the small one at $1 and $5."])

# q11
A("t-x-q11-001", "q11", """The map phase costs about 76 cents per contract, and the reduce reads about 16,000 tokens.""",
  [C("about 76 cents per contract", "cost of the map phase", "token-cost", TC(4300, 400, 3, 15, requests=40), "usd_total", 0.76, "usd", verdict=AMB, cf="earlier", stated=dict(), alt_args=TC(4300, 400, 3, 15, requests=75), note="contract length from 160K (40 chunks, $0.756) to 300K tokens (75 chunks, $1.42)"),
   C("about 16,000 tokens", "tokens the reduce step reads", "token-cost", TC(0, 400, 3, 15, requests=40), "tokens_total", 16000, "tokens", verdict=AMB, cf="earlier", stated=dict(), alt_args=TC(0, 400, 3, 15, requests=75), note="16,000 at 40 chunks, 30,000 at 75"),
  ], earlier=["Their contracts run from about 160,000 to 300,000 tokens; we chunk at 4,000 tokens, each map call reads 4,300 with the prompt and writes 400, at $3 and $15 per million."])

# q12
A("t-x-q12-001", "q12", """Four retries from 500 ms, doubling: the worst case is 7.5 seconds, and with jitter the expected total is about 3.75 seconds.""",
  [C("7.5 seconds", "worst-case total backoff wait", "backoff", dict(base_ms=500, retries=4), "worst_total_ms", 7500, "ms", stated=dict(base_ms=500, retries=4)),
   C("about 3.75 seconds", "expected total backoff wait", "backoff", dict(base_ms=500, retries=4, jitter="full"), "expected_total_ms", 3750, "ms", verdict=AMB, stated=dict(base_ms=500, retries=4), alt_args=dict(base_ms=500, retries=4, jitter="equal"), note="jitter kind unstated: full 3.75 s, equal 5.6 s"),
  ])

# q14
A("t-x-q14-001", "q14", """3,000 calls at four minutes each is about 200 concurrent calls, so that many trunk channels plus headroom.""",
  [C("about 200 concurrent calls", "concurrent calls (Little's law)", "littles-law", dict(arrival_rate_per_s=3000 / 3600, latency_s=240), "concurrency", 200, "count", verdict=AMB, stated=dict(calls=3000, call_s=240), alt_args=dict(arrival_rate_per_s=3000 / 86400, latency_s=240), note="the period of 3,000 calls is unstated: per hour 200, per day 8.3"),
  ])

# q15
A("t-x-q15-001", "q15", """The women's selection rate is plus or minus about 9.3 points, so I'd pool months before concluding anything.""",
  [C("plus or minus about 9.3 points", "half-width of the Wilson interval", "wilson", W(27, 90), "half_width", 9.3, "percent", verdict=AMB, cf="earlier", stated=dict(), alt_args=W(60, 400), note="earlier gives two sites; 27 of 90 is +/-9.3, 60 of 400 is +/-3.5"),
  ], earlier=["At the Leeds site the screen advanced 27 of 90 women; at the Austin site 60 of 400."])

# q16
A("t-x-q16-001", "q16", """Its false-positive rate is about 1.2%, so I'd take it over the other one.""",
  [C("about 1.2%", "false-positive rate", "wilson", W(12, 1000), "rate", 1.2, "percent", verdict=AMB, cf="earlier", stated=dict(), alt_args=W(36, 2000), note="'its' could be either classifier: B 12/1,000 = 1.2%, A 36/2,000 = 1.8%"),
  ], earlier=["Classifier A blocked 36 of 2,000 benign prompts; classifier B blocked 12 of 1,000."])

# q17
A("t-q17-x01".replace("t-q17-x01", "t-x-q17-001"), "q17", """So the monthly sample is about 1,830 decisions.""",
  [C("about 1,830 decisions", "samples for a Wilson half-width", "wilson-samples", dict(rate=0.05, half_width=0.01), "n", 1830, "count", verdict=AMB, cf="earlier", stated=dict(rate=0.05), alt_args=dict(rate=0.05, half_width=0.02), note="earlier: one point for credit decisions, two for appeals; 1,829 at +/-1, 465 at +/-2"),
  ], earlier=["The error rate is around 5%. Risk wants it pinned to one point for credit decisions; two points is fine for the appeals queue."])

# q19
A("t-x-q19-001", "q19", """So the judge's recall on failures is 90%, good enough to use as a gate.""",
  [C("is 90%", "recall on failures", "wilson", W(36, 40), "rate", 90, "percent", verdict=AMB, cf="earlier", stated=dict(), alt_args=W(21, 30), note="round two 36/40 = 90%, round one 21/30 = 70%"),
  ], earlier=["In round one the judge caught 21 of the 30 failures the experts marked; after we rewrote the rubric, in round two it caught 36 of 40."])

# q20
A("t-x-q20-001", "q20", """The hallucination rate could be as high as about 3.1%.""",
  [C("as high as about 3.1%", "upper end of the 95% Wilson interval", "wilson", W(20, 1000), "high", 3.1, "percent", verdict=AMB, cf="earlier", stated=dict(), alt_args=W(12, 400), note="week one 20/1,000 gives 3.07%; week two 12/400 gives 5.17%"),
  ], earlier=["Week one, 20 of 1,000 sampled answers had an unsupported claim; week two, 12 of 400."])

# q21
A("t-x-q21-001", "q21", """The fraud F1 is about 51%, and macro F1 drags that in with full weight.""",
  [C("about 51%", "fraud F1", "wilson", W(18, 35), "rate", 51, "percent", verdict=AMB, cf="earlier", stated=dict(), alt_args=W(8, 25), note="v1: TP 9, FP 6, FN 11 gives 51.4%; v2: TP 4, FP 1, FN 16 gives 32%"),
  ], earlier=["Version one caught 9 of the 20 fraud tickets with 6 false alarms; version two catches only 4 of the 20 but with a single false alarm."])

# q22
A("t-x-q22-001", "q22", """The two intervals overlap by about two points, so the suite can't see the drop.""",
  [C("overlap by about two points", "gap between two Wilson intervals (negative = overlap)", "wilson-compare", dict(k1=184, n1=200, k2=170, n2=200), "gap_points", -2, "points", verdict=AMB, tol=0.1, cf="earlier", stated=dict(k1=184, n1=200), alt_args=dict(k1=184, n1=200, k2=150, n2=200), note="release A (170/200) overlaps by 1.9 points; release B (150/200) is 6.9 points clear"),
  ], earlier=["The old version passes 184 of 200. Release candidate A passes 170, candidate B passes 150."])

# q24
A("t-x-q24-001", "q24", """A client pushing 30 a second at 10 a second gets about 120 through in ten seconds and 180 rejected.""",
  [C("about 120 through", "requests admitted", "token-bucket", dict(rate_per_s=10, burst=20, offered_per_s=30, duration_s=10), "allowed", 120, "requests", verdict=AMB, cf="earlier", stated=dict(rate_per_s=10, offered_per_s=30, duration_s=10), alt_args=dict(rate_per_s=10, burst=100, offered_per_s=30, duration_s=10), note="burst 20 (free) gives 120; burst 100 (enterprise) gives 200"),
   C("180 rejected", "requests rejected", "token-bucket", dict(rate_per_s=10, burst=20, offered_per_s=30, duration_s=10), "rejected", 180, "requests", verdict=AMB, cf="earlier", stated=dict(rate_per_s=10, offered_per_s=30, duration_s=10), alt_args=dict(rate_per_s=10, burst=100, offered_per_s=30, duration_s=10), note="180 vs 100"),
  ], earlier=["Every user gets 10 requests a second; the burst is 20 for free accounts and 100 for enterprise."])

# q25
A("t-x-q25-001", "q25", """Twenty permits give us about 40 requests a second, which is under the provider's quota.""",
  [C("about 40 requests a second", "throughput of a semaphore (Little's law)", "littles-law", dict(concurrency=20, latency_s=0.5), "arrival_rate_per_s", 40, "requests/s", verdict=AMB, cf="earlier", stated=dict(concurrency=20), alt_args=dict(concurrency=20, latency_s=2), note="calls take 0.5 s (40/s) or 2 s for long documents (10/s)"),
  ], earlier=["Calls take about half a second, or about two seconds for long documents."])

# q26
A("t-x-q26-001", "q26", """To narrow it to plus or minus ten points we'd need about 48 questions.""",
  [C("about 48 questions", "questions for a Wilson half-width", "wilson-samples", dict(rate=0.85, half_width=0.1), "n", 48, "count", verdict=AMB, cf="earlier", stated=dict(half_width=0.1), alt_args=dict(rate=0.5, half_width=0.1), note="85% (first folder) needs 48; 50% (scanned PDFs) needs 93"),
  ], earlier=["The hit rate was 85% on the first folder but only about 50% on the scanned PDFs."])

# q27
A("t-x-q27-001", "q27", """That's about 150 calls in flight, so I'd set the consumer's concurrency to 200.""",
  [C("about 150 calls in flight", "LLM calls in flight", "littles-law", dict(arrival_rate_per_s=50, latency_s=3), "concurrency", 150, "count", verdict=AMB, cf="earlier", stated=dict(arrival_rate_per_s=50), alt_args=dict(arrival_rate_per_s=50, latency_s=1), note="3 s with the large model (150), 1 s with the small (50)"),
  ], earlier=["50 messages a second; a call takes about 3 seconds on the large model and 1 second on the small one."], distractors=["concurrency to 200"])

# q28
A("t-x-q28-001", "q28", """At 20,000 questions a day the model bill is about $480 a day, roughly 2.4 cents a question.""",
  [C("about $480 a day", "daily model cost", "token-cost", TC(6000, 400, 3, 15, requests=20000), "usd_total", 480, "usd", verdict=AMB, cf="earlier", stated=dict(requests=20000), alt_args=TC(6000, 400, 0.8, 4, requests=20000), note="$3/$15 gives $480; $0.80/$4 gives $128"),
   C("roughly 2.4 cents a question", "model cost per question", "token-cost", TC(6000, 400, 3, 15), "usd_per_request", 0.024, "usd", verdict=AMB, cf="earlier", stated=dict(), alt_args=TC(6000, 400, 0.8, 4), note="$0.024 vs $0.0064"),
  ], earlier=["Each question sends 6,000 tokens of context and gets a 400-token answer; the large model is $3 and $15 per million, the small one $0.80 and $4."])

# q31
A("t-x-q31-001", "q31", """So the team can clear about 80 alerts an hour, and that's what sets the threshold.""",
  [C("about 80 alerts an hour", "alerts per hour analysts can clear", "littles-law", dict(concurrency=20, latency_s=900), "arrival_rate_per_s", 80, "per_hour", verdict=AMB, cf="earlier", stated=dict(analysts=20), alt_args=dict(concurrency=20, latency_s=1800), note="15-minute cases give 80/hour, 30-minute escalations 40/hour"),
  ], earlier=["There are 20 analysts; a normal case takes about 15 minutes, an escalation about 30."])

# q33
A("t-x-q33-001", "q33", """Twenty-four items left, so about three weeks of work once access lands.""",
  [C("about three weeks of work", "weeks of work left (Little's law)", "littles-law", dict(concurrency=24, arrival_rate_per_s=8), "latency_s", 3, "weeks", verdict=AMB, cf="earlier", stated=dict(items=24), alt_args=dict(concurrency=24, arrival_rate_per_s=4), note="throughput 8 a week (last month) gives 3 weeks; 4 a week (the month before) gives 6"),
  ], earlier=["We'd closed 8 items a week over the last month, but only 4 a week the month before that."], round="behavioral")

# extra wrong and correct claims across cards
A("t-x-q02-007", "q02", """Llama 3.3 70B on a B200 in BF16 weights: 180 times 0.92 minus 141 and 5 leaves about 19 GB, which is about 7 BF16 sequences of 8K. I've seen people say 33 but that's with FP8 weights.""",
  [C("about 19 GB", "KV-cache budget after weights and activations", "kv-calc", K(gpu="b200", weight_dtype="bf16"), "budget_gb", 19, "GB", stated=dict(gpu="b200", weight_dtype="bf16")),
   C("about 7 BF16 sequences of 8K", "8K sequences that fit", "kv-calc", K(gpu="b200", weight_dtype="bf16", dtype="bf16", context=8192), "sequences_that_fit", 7, "sequences", stated=dict(gpu="b200", weight_dtype="bf16", cache_dtype="bf16", context=8192)),
   C("I've seen people say 33", "8K sequences that fit", "kv-calc", K(gpu="b200", weights_gb=70, dtype="bf16", context=8192), "sequences_that_fit", 33, "sequences", stated=dict(gpu="b200", weight_dtype="fp8", cache_dtype="bf16", context=8192), note="a reported figure, right under the FP8-weights reading the candidate names"),
  ])

A("t-x-q01-006", "q01", """On an L4 with Mistral 7B in BF16, eight users at 4K each run at about 16 tokens a second, 128 in total. A 70B model would need about 9.5 seconds just to prefill an 8K prompt on that card, and the B200 does it in about 0.05 seconds.""",
  [C("about 16 tokens a second", "decode tokens per second per user", "decode-floor", dict(model="mistral-7b-v0.3", weight_dtype="bf16", gpu="l4", batch=8, context=4096), "tokens_per_s_per_user", 16, "tokens/s", stated=dict(model="mistral-7b-v0.3", gpu="l4", batch=8, context=4096)),
   C("128 in total", "decode tokens per second in total", "decode-floor", dict(model="mistral-7b-v0.3", weight_dtype="bf16", gpu="l4", batch=8, context=4096), "tokens_per_s_total", 128, "tokens/s", stated=dict(batch=8)),
   C("about 9.5 seconds", "prefill time of one prompt", "prefill", dict(params_b=70, prompt_tokens=8192, gpu="l4"), "seconds", 9.5, "s", stated=dict(params_b=70, prompt_tokens=8192, gpu="l4")),
   C("about 0.05 seconds", "prefill time of one prompt", "prefill", dict(params_b=70, prompt_tokens=8192, gpu="b200"), "seconds", 0.05, "s", verdict="wrong", error="unit-slip", stated=dict(gpu="b200", prompt_tokens=8192), note="off by 10x: 0.51 s"),
  ], distractors=["7B"])

A("t-x-q04-002", "q04", """On an MI300X, Llama 70B in BF16 weights is 141 GB, leaving about 30 GB for the cache, and with FP8 weights about 101.""",
  [C("about 30 GB for the cache", "KV-cache budget after weights and activations", "kv-calc", K(gpu="mi300x", weight_dtype="bf16"), "budget_gb", 30, "GB", stated=dict(gpu="mi300x", weight_dtype="bf16")),
   C("with FP8 weights about 101", "KV-cache budget after weights and activations", "kv-calc", K(gpu="mi300x", weight_dtype="fp8"), "budget_gb", 101, "GB", stated=dict(gpu="mi300x", weight_dtype="fp8")),
  ])

A("t-x-q13-001", "q13", """If 3 of 1,000 negative tests got through, that's 0.3%, and the upper bound is about 0.9%.""",
  [C("that's 0.3%", "observed bypass rate", "wilson", W(3, 1000), "rate", 0.3, "percent", stated=dict(k=3, n=1000)),
   C("about 0.9%", "95% Wilson upper bound on the bypass rate", "wilson", W(3, 1000), "high", 0.9, "percent", stated=dict(k=3, n=1000)),
  ])

A("t-x-q21-002", "q21", """With 300 tickets of each class it would be much tighter: 135 of 300 recall is 45% and the interval is about 39.5 to 50.7.""",
  [C("45%", "fraud recall", "wilson", W(135, 300), "rate", 45, "percent", stated=dict(k=135, n=300)),
   C("about 39.5", "lower end of the 95% Wilson interval", "wilson", W(135, 300), "low", 39.5, "percent", stated=dict(k=135, n=300)),
   C("50.7", "upper end of the 95% Wilson interval", "wilson", W(135, 300), "high", 50.7, "percent", stated=dict(k=135, n=300)),
  ], distractors=["300 tickets of each class"])

A("t-x-q32-001", "q32", """At the peak of 12 documents a second, each taking 5 seconds, there were 60 in flight, and my audit of 250 fields had 240 right, 96%, with a floor around 92.8.""",
  [C("there were 60 in flight", "documents in flight (Little's law)", "littles-law", dict(arrival_rate_per_s=12, latency_s=5), "concurrency", 60, "count", stated=dict(arrival_rate_per_s=12, latency_s=5)),
   C("96%", "field accuracy", "wilson", W(240, 250), "rate", 96, "percent", stated=dict(k=240, n=250)),
   C("a floor around 92.8", "lower end of the 95% Wilson interval", "wilson", W(240, 250), "low", 92.8, "percent", stated=dict(k=240, n=250)),
  ], round="behavioral")
