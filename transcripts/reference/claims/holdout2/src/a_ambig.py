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

ans("h2-q02-014", "q02", """Back-of-envelope: a 70B on one H200, an 8K sequence is about 2.7 gigs of BF16 cache, so you can fit about 20 users at 8K.""",
[
 c("about 2.7 gigs of BF16 cache", "KV cache of one 8K BF16 sequence", "kv-calc", K(dtype="bf16", context=8192), "bytes_per_sequence",
   2.7e9, "bytes", "correct", stated=dict(context=8192, cache_dtype="bf16"), note="card default"),
 c("you can fit about 20 users at 8K", "8K BF16 sequences on one H200 (weight precision unstated)", "kv-calc",
   K(dtype="bf16", context=8192, gpu="h200", weights_gb=70), "sequences_that_fit", 20, "sequences", "ambiguous",
   stated=dict(gpu="h200", context=8192), conditions_from="answer",
   alt_args=K(dtype="bf16", context=8192, gpu="h200", weight_dtype="bf16"),
   note="right with FP8 weights (70 GB, card); with BF16 weights (141 GB) nothing fits"),
], distractors=["70B"])

ans("h2-q02-015", "q02", """On a Hopper with FP8 weights, about seventy gigs, you'd fit around 20 of those 8K sequences with a BF16 cache.""",
[
 c("around 20 of those 8K sequences", "8K BF16 sequences on 'a Hopper' after 70 GB", "kv-calc",
   K(dtype="bf16", context=8192, gpu="h200", weights_gb=70), "sequences_that_fit", 20, "sequences", "ambiguous",
   stated=dict(gpu="hopper", weights_gb=70, context=8192, cache_dtype="bf16"),
   alt_args=K(dtype="bf16", context=8192, gpu="h100", weights_gb=70),
   note="H200: 20.4; an 80 GB H100 cannot hold 70 GB of weights plus activations at 0.92: zero"),
], distractors=[])

ans("h2-q02-016", "q02", """Qwen 2.5 72B has the same attention shape as Llama 70B, 80 layers, 8 KV heads of 128, so it's about 320 KB per token too.""",
[
 c("about 320 KB per token too", "KV bytes per token, Qwen2.5-72B (cache dtype unstated)", "kv-calc", dict(model="qwen2.5-72b", dtype="bf16"),
   "bytes_per_token", 320000, "bytes", "ambiguous", stated=dict(model="qwen2.5-72b"), conditions_from="card-default",
   alt_args=dict(model="qwen2.5-72b", dtype="fp8"), note="BF16 327,680 B; with an FP8 cache half that"),
], distractors=["72B", "70B", "80 layers", "8 KV heads"])

ans("h2-q01-010", "q01", """With five users at 32K on the H200, FP8 weights, the step is about 26 milliseconds, so each of them sees under 40 tokens a second.""",
[
 c("the step is about 26 milliseconds", "decode step, five 32K sequences, H200 (cache dtype unstated)", "decode-floor",
   D(batch=5, context=32768), "step_ms", 26, "ms", "ambiguous", stated=dict(batch=5, context=32768, gpu="h200"),
   alt_args=D(batch=5, context=32768, kv_dtype="fp8"), note="BF16 cache (card) 25.8 ms; FP8 cache 20.2 ms"),
], distractors=[])

ans("h2-q01-011", "q01", """Llama 3.3 70B on a single H200, one user, is about 33 tokens a second at 8K, because it has to read the whole model every token.""",
[
 c("about 33 tokens a second at 8K", "tokens/s for one 8K user on one H200 (weight precision unstated)", "decode-floor",
   D(), "tokens_per_s_per_user", 33, "tokens/s", "ambiguous", stated=dict(gpu="h200", context=8192, batch=1),
   alt_args=dict(model=LL, weight_dtype="bf16", gpu="h200", batch=1, context=8192),
   note="right with BF16 weights (141 GB, 33 tok/s); the card's FP8 weights give 66"),
], distractors=["3.3", "70B"])

ans("h2-q03-006", "q03", """Each H200 replica with FP8 weights holds about 20 sequences at 8K, so that's my unit of capacity for the HPA, and at twenty thousand tokens a second of peak with 1,550 a replica, that's 13 replicas.""",
[
 c("holds about 20 sequences at 8K", "whole 8K sequences per H200 replica (cache dtype unstated)", "kv-calc",
   K(dtype="fp8", context=8192, gpu="h200", weights_gb=70), "whole_sequences_that_fit", 20, "sequences", "ambiguous",
   stated=dict(gpu="h200", context=8192, weight_dtype="fp8"), alt_args=K(dtype="bf16", context=8192, gpu="h200", weights_gb=70),
   note="FP8 cache (card q03) 40; BF16 cache 20"),
 c("that's 13 replicas", "replicas for 20,000 tok/s at 1,550 each (target utilisation unstated)", "replicas",
   dict(peak_per_s=20000, per_replica_per_s=1550, target_util=0.7), "needed", 13, "replicas", "ambiguous",
   stated=dict(peak_per_s=20000, per_replica_per_s=1550), alt_args=dict(peak_per_s=20000, per_replica_per_s=1550, target_util=1.0),
   note="right at 100% utilisation; the tool's default 70% target gives 19"),
], distractors=[])

ans("h2-q05-007", "q05", """With tensor parallel on H100s, the 8K prefill for the 70B comes down to about 0.29 seconds, which is fine for TTFT.""",
[
 c("about 0.29 seconds", "8K prefill, 70B, H100 FP8 50%, tensor parallel (degree unstated)", "prefill",
   dict(params_b=70, prompt_tokens=8192, gpu="h100", compute_dtype="fp8", compute_util=0.5, gpus=8), "seconds", 0.29, "s", "ambiguous",
   stated=dict(prompt_tokens=8192, gpu="h100", tensor_parallel=True),
   alt_args=dict(params_b=70, prompt_tokens=8192, gpu="h100", compute_dtype="fp8", compute_util=0.5, gpus=4),
   note="right for TP=4; the card's eight-GPU case is 0.145 s"),
], distractors=["70B"])

ans("h2-q32-005", "q32", """At month-end peak we took 5 documents a second; each one spent about 6 seconds in OCR and the model, plus about 4 seconds queued, so about 30 in flight.""",
[
 c("so about 30 in flight", "documents in flight at 5/s (time in system: 6 s processing or 10 s with the queue)", "littles-law",
   dict(arrival_rate_per_s=5, latency_s=6), "concurrency", 30, "count", "ambiguous",
   stated=dict(arrival_rate_per_s=5, processing_s=6, queue_s=4), alt_args=dict(arrival_rate_per_s=5, latency_s=10),
   note="right for work in processing (card); Little's law over time in system (10 s) gives 50"),
], distractors=[])

ans("h2-q28-003", "q28", """If half of the 6,000 input tokens hit the prompt cache, a question drops to about 1.6 cents, 400 output tokens at 15 still included.""",
[
 c("about 1.6 cents", "cost per question, 6K in (half cached), 400 out, $3/$15 (cached price unstated)", "token-cost",
   TC(6000, 400, requests=20000, cached_fraction=0.5, cached_per_million=0.3), "usd_per_request", 0.016, "usd", "ambiguous",
   stated=dict(cached_fraction=0.5, input_tokens=6000, output_tokens=400),
   alt_args=TC(6000, 400, requests=20000, cached_fraction=0.5),
   note="right if cached tokens cost $0.30/M; with no cache discount it stays $0.024"),
], distractors=[])

ans("h2-q12-003", "q12", """Four retries from 500 milliseconds, doubling, the expected wait is about 3.75 seconds.""",
[
 c("about 3.75 seconds", "expected total wait, 4 retries from 500 ms (jitter unstated)", "backoff",
   dict(base_ms=500, retries=4, jitter="full"), "expected_total_ms", 3750, "ms", "ambiguous", stated=dict(base_ms=500, retries=4),
   alt_args=dict(base_ms=500, retries=4, jitter="none"), note="full jitter halves the 7.5 s; without jitter it is 7.5 s"),
], distractors=[])

ans("h2-q10-003", "q10", """1,200 handoffs a day at 9 minutes each: that's about 18 agents busy at any time.""",
[
 c("about 18 agents busy at any time", "agents busy: 1,200 handoffs a 'day' x 540 s", "littles-law",
   dict(arrival_rate_per_s=1200 / 36000, latency_s=540), "concurrency", 18, "count", "ambiguous",
   stated=dict(handoffs=1200, latency_s=540), alt_args=dict(arrival_rate_per_s=1200 / 86400, latency_s=540),
   note="right over a 10-hour staffed day (card); over 24 hours it is 7.5"),
], distractors=[])

ans("h2-q29-003", "q29", """Scoring 200 candidates of 256 tokens with the 0.5B cross-encoder on one H100 at 40 percent utilisation takes about 65 milliseconds.""",
[
 c("about 65 milliseconds", "rerank 51,200 tokens, 0.5B, H100 at 40% (compute dtype unstated)", "prefill",
   dict(params_b=0.5, prompt_tokens=51200, gpu="h100", compute_dtype="bf16", compute_util=0.4), "ms", 65, "ms", "ambiguous",
   stated=dict(prompt_tokens=51200, gpu="h100", compute_util=0.4),
   alt_args=dict(params_b=0.5, prompt_tokens=51200, gpu="h100", compute_dtype="fp8", compute_util=0.4),
   note="right at the FP8 rate (64.7 ms); the card's BF16 rate gives 129 ms"),
], distractors=["0.5B"])

ans("h2-q01-016", "q01", """On a Hopper GPU, twenty 8K users of the FP8 70B with a BF16 cache, the step is about 26 milliseconds.""",
[
 c("the step is about 26 milliseconds", "decode step, 20 x 8K, 'a Hopper GPU'", "decode-floor", D(batch=20), "step_ms", 26, "ms", "ambiguous",
   stated=dict(gpu="hopper", batch=20, context=8192, cache_dtype="bf16"), alt_args=D(batch=20, gpu="h100"),
   note="H200 25.8 ms (card); H100 36.9 ms"),
], distractors=["70B"])

ans("h2-q02-020", "q02", """An 8K Llama 3.3 sequence is about 1.3 gigs of cache, and DeepSeek's MLA cache is about 69 KiB a token.""",
[
 c("about 1.3 gigs of cache", "KV cache of one 8K Llama 3.3 70B sequence (dtype unstated)", "kv-calc", K(dtype="bf16", context=8192),
   "bytes_per_sequence", 1.3e9, "bytes", "ambiguous", stated=dict(context=8192), alt_args=K(dtype="fp8", context=8192),
   note="right for an FP8 cache (1.34 GB); BF16 (card) is 2.68 GB"),
 c("about 69 KiB a token", "KV bytes per token, DeepSeek-V3 (dtype unstated)", "kv-calc", dict(model="deepseek-v3", dtype="bf16"),
   "bytes_per_token", 70656, "bytes", "ambiguous", stated=dict(model="deepseek-v3"), alt_args=dict(model="deepseek-v3", dtype="fp8"),
   note="right in BF16 (card, 70,272 B); an FP8 cache is half"),
], distractors=["3.3"])

ans("h2-q04-008", "q04", """Mistral 7B in BF16 is fourteen and a half gigs, so on an A100 that leaves about 54 gigs of cache.""",
[
 c("about 54 gigs of cache", "KV budget, Mistral 7B BF16 weights on 'an A100'", "kv-calc", dict(model="mistral-7b-v0.3", gpu="a100-80gb", weight_dtype="bf16"),
   "budget_gb", 54, "GB", "ambiguous", stated=dict(gpu="a100", weight_dtype="bf16"),
   alt_args=dict(model="mistral-7b-v0.3", gpu="a100-40gb", weight_dtype="bf16"), note="A100 80 GB 54.1; A100 40 GB 17.3"),
], distractors=["7B"])

ans("h2-q05-010", "q05", """For one user at 8K on Hopper, seventy gigs of FP8 weights, the decode floor is about 21.7 milliseconds a token.""",
[
 c("about 21.7 milliseconds a token", "decode step, one 8K user, 'Hopper'", "decode-floor",
   dict(model=LL, weights_gb=70, kv_dtype="bf16", context=8192, batch=1, gpu="h200"), "step_ms", 21.7, "ms", "ambiguous",
   stated=dict(gpu="hopper", weights_gb=70, context=8192, batch=1),
   alt_args=dict(model=LL, weights_gb=70, kv_dtype="bf16", context=8192, batch=1, gpu="h100"),
   note="right on an H100 (21.7); the card's H200 gives 15.1"),
], distractors=[])

ans("h2-q32-008", "q32", """5 documents a second came in, each spent 6 seconds being processed and about 4 waiting in the queue, so roughly 50 in flight.""",
[
 c("so roughly 50 in flight", "documents in flight at 5/s (6 s processing + 4 s queued)", "littles-law", dict(arrival_rate_per_s=5, latency_s=6),
   "concurrency", 50, "count", "ambiguous", stated=dict(arrival_rate_per_s=5, processing_s=6, queue_s=4),
   alt_args=dict(arrival_rate_per_s=5, latency_s=10), note="right for time in system (10 s); the card's 6 s gives 30"),
], distractors=[])

ans("h2-q25-004", "q25", """Five retries from 100 milliseconds, doubling, with jitter the expected total wait is about 2.3 seconds.""",
[
 c("about 2.3 seconds", "expected wait, 5 retries from 100 ms, 'with jitter'", "backoff",
   dict(base_ms=100, retries=5, factor=2, cap_ms=2000, jitter="full"), "expected_total_ms", 2325, "ms", "ambiguous",
   stated=dict(base_ms=100, retries=5, jitter="unspecified"), alt_args=dict(base_ms=100, retries=5, factor=2, cap_ms=2000, jitter="equal"),
   note="right for equal jitter (2,325 ms); full jitter (card) gives 1,550"),
], distractors=[])
