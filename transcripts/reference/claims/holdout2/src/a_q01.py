from core import ans, c

L = dict(model="llama-3.3-70b", weights_gb=70, params_b=70)
def D(**kw):
    a = dict(L); a.update(gpu="h200", batch=1, context=8192); a.update(kw); return a

ans("h2-q01-001", "q01", """So, um, the core reason batching works is that decode is memory bound. Take Llama 3.3 70B with FP8 weights, call it seventy gigs, and a BF16 cache at 8K context, but let's say the customer is on a B200, so eight terabytes a second. One sequence: every step you stream the seventy gigs plus about 2.7 gigs of cache, so roughly nine milliseconds a step, which is, yeah, about 110 tokens a second for that one user. Now pack 32 of them in. The step only goes up to about nineteen and a half milliseconds, so the total is something like 1,600 tokens a second. And the cache caps you at about 33 sequences on that card, so 32 is basically full.""",
[
 c("about 2.7 gigs of cache", "KV cache of one 8K BF16 sequence of Llama 3.3 70B", "kv-calc",
   dict(model="llama-3.3-70b", dtype="bf16", context=8192), "bytes_per_sequence", 2.7e9, "bytes",
   "correct", stated=dict(context=8192, cache_dtype="bf16"), conditions_from="answer"),
 c("roughly nine milliseconds a step", "decode step floor, batch 1, 8K, B200", "decode-floor",
   D(gpu="b200"), "step_ms", 9.0, "ms", "correct", conditions_from="answer",
   stated=dict(gpu="b200", weights_gb=70, cache_dtype="bf16", context=8192, batch=1)),
 c("about 110 tokens a second for that one user", "tokens/s per user, batch 1, B200", "decode-floor",
   D(gpu="b200"), "tokens_per_s_per_user", 110, "tokens/s", "correct", conditions_from="answer",
   stated=dict(gpu="b200", batch=1)),
 c("about nineteen and a half milliseconds", "decode step floor, batch 32, 8K, B200", "decode-floor",
   D(gpu="b200", batch=32), "step_ms", 19.5, "ms", "correct", conditions_from="answer",
   stated=dict(gpu="b200", batch=32)),
 c("something like 1,600 tokens a second", "total decode throughput, batch 32, B200", "decode-floor",
   D(gpu="b200", batch=32), "tokens_per_s_total", 1600, "tokens/s", "correct", conditions_from="answer",
   stated=dict(gpu="b200", batch=32)),
 c("about 33 sequences", "largest batch of 8K BF16 sequences that fits on a B200", "decode-floor",
   D(gpu="b200", batch=32), "max_batch_that_fits", 33, "sequences", "correct", conditions_from="answer",
   stated=dict(gpu="b200", cache_dtype="bf16")),
], distractors=["3.3", "70B"])

ans("h2-q01-002", "q01", """Right, on the H200, which is 4.8 terabytes a second. One user at 8K on the 70B. The weights are, well, 70 billion parameters at two bytes, so a hundred and forty gigs, plus the cache, so the floor's around thirty milliseconds per token. Even though it's FP8 I'd, uh, keep that number as the safe bound. Then with twenty sequences in the batch, each user still gets about 776 tokens a second, which is the whole point of batching. And the batch tops out at around forty sequences with the BF16 cache.""",
[
 c("around thirty milliseconds per token", "decode step floor, batch 1, 8K, H200, FP8 weights", "decode-floor",
   D(), "step_ms", 30, "ms", "wrong", error="2x", conditions_from="answer",
   stated=dict(gpu="h200", context=8192, batch=1),
   note="counts FP8 weights at two bytes a parameter (140 GB), doubling the floor"),
 c("each user still gets about 776 tokens a second", "tokens/s per user with twenty 8K sequences", "decode-floor",
   D(batch=20), "tokens_per_s_per_user", 776, "tokens/s", "wrong", error="per-user-vs-total",
   stated=dict(batch=20), note="776 is the total over twenty users; each gets about 39"),
 c("around forty sequences with the BF16 cache", "largest batch of 8K BF16 sequences on one H200", "decode-floor",
   D(batch=20), "max_batch_that_fits", 40, "sequences", "wrong", error="2x",
   stated=dict(cache_dtype="bf16"), conditions_from="answer",
   note="40 is the FP8-cache figure; with BF16 it is 20"),
], distractors=["70 billion"])

ans("h2-q01-003", "q01", """If the customer's on AMD, an MI300X, that's 5.3 terabytes a second and 192 gigs. Same setup, the 70B in FP8, seventy gigs, BF16 cache, 8K. A single user sees a floor of, hmm, roughly 13.7 milliseconds, so around 73 tokens a second. The bigger win is memory: 192 times 0.92, minus seventy, minus five for activations leaves about a hundred gigs for cache, so roughly 37 sequences at 8K. On an A100 80 gig, two terabytes a second, the same single user is about 35 milliseconds. And an H100 is the same silicon as the H200, so, about 15 milliseconds there too.""",
[
 c("roughly 13.7 milliseconds", "decode step floor, batch 1, 8K, MI300X", "decode-floor", D(gpu="mi300x"),
   "step_ms", 13.7, "ms", "correct", conditions_from="answer", stated=dict(gpu="mi300x", weights_gb=70, context=8192)),
 c("around 73 tokens a second", "tokens/s per user, batch 1, MI300X", "decode-floor", D(gpu="mi300x"),
   "tokens_per_s_per_user", 73, "tokens/s", "correct", conditions_from="answer", stated=dict(gpu="mi300x")),
 c("about a hundred gigs for cache", "KV budget on an MI300X after 70 GB of weights", "decode-floor", D(gpu="mi300x"),
   "budget_gb", 100, "GB", "correct", stated=dict(gpu="mi300x", weights_gb=70, util=0.92, activations_gb=5)),
 c("roughly 37 sequences at 8K", "largest batch of 8K BF16 sequences on an MI300X", "decode-floor", D(gpu="mi300x"),
   "max_batch_that_fits", 37, "sequences", "correct", conditions_from="answer", stated=dict(gpu="mi300x", context=8192, cache_dtype="bf16")),
 c("about 35 milliseconds", "decode step floor, batch 1, 8K, A100 80GB", "decode-floor", D(gpu="a100-80gb"),
   "step_ms", 35, "ms", "correct", stated=dict(gpu="a100-80gb"), conditions_from="answer"),
 c("about 15 milliseconds there too", "decode step floor, batch 1, 8K, H100", "decode-floor", D(gpu="h100"),
   "step_ms", 15, "ms", "wrong", error="wrong-spec", stated=dict(gpu="h100"), conditions_from="answer",
   note="H100 has 3.35 TB/s, not the H200's 4.8: about 21.7 ms"),
], distractors=["70B"])

ans("h2-q01-004", "q01", """For the non-LLM part, like the embedding endpoint, I'd do a request-level micro-batcher: batches of up to 32, a 10 millisecond window, 15 ms plus half a millisecond per item, queue of 256. At 800 requests a second it keeps up, it serves roughly 770 a second and p99 is around 70 milliseconds. Push it to 2,000 a second and it saturates at about a thousand served a second, p99 sits near 280 ms because the queue's full, and, uh, out of a two-thousand-request test it sheds something like 700. If I raise the max batch to 64 it serves about 1,300 a second at 1,500 offered.""",
[
 c("roughly 770 a second", "requests/s served by the micro-batcher at 800/s offered", "microbatch-sim",
   dict(rate_per_s=800), "served_per_s", 770, "requests/s", "correct", stated=dict(rate_per_s=800)),
 c("p99 is around 70 milliseconds", "p99 latency at 800/s", "microbatch-sim", dict(rate_per_s=800),
   "p99_ms", 70, "ms", "correct", stated=dict(rate_per_s=800)),
 c("about a thousand served a second", "requests/s served at 2,000/s offered", "microbatch-sim",
   dict(rate_per_s=2000), "served_per_s", 1000, "requests/s", "correct", stated=dict(rate_per_s=2000)),
 c("p99 sits near 280 ms", "p99 latency at 2,000/s", "microbatch-sim", dict(rate_per_s=2000),
   "p99_ms", 280, "ms", "correct", stated=dict(rate_per_s=2000)),
 c("sheds something like 700", "requests shed out of 2,000 offered at 2,000/s", "microbatch-sim",
   dict(rate_per_s=2000, requests=2000), "shed", 700, "requests", "correct", stated=dict(rate_per_s=2000, requests=2000)),
 c("serves about 1,300 a second at 1,500 offered", "requests/s served with max batch 64 at 1,500/s", "microbatch-sim",
   dict(rate_per_s=1500, max_batch=64), "served_per_s", 1300, "requests/s", "correct", stated=dict(rate_per_s=1500, max_batch=64)),
], distractors=[])

ans("h2-q01-005", "q01", """Prefill is the other phase and it's compute bound. Two times parameters times tokens: a 32K-token prompt on the 70B is about 4.6 petaflops, and on one H100 in FP8 at fifty percent utilisation that's, um, four and a half, call it 4.6 seconds. Spread over eight H100s it's more like 0.58 seconds, before communication. On a B200 an 8K prompt would be about half a second. I'd cap the token budget per step so that doesn't stall everyone's decode.""",
[
 c("call it 4.6 seconds", "prefill of a 32K prompt, 70B, one H100, FP8, 50%", "prefill",
   dict(params_b=70, prompt_tokens=32768, gpu="h100"), "seconds", 4.6, "s", "correct",
   stated=dict(prompt_tokens=32768, gpu="h100", compute_dtype="fp8", compute_util=0.5)),
 c("more like 0.58 seconds", "the same prefill over eight H100s", "prefill",
   dict(params_b=70, prompt_tokens=32768, gpu="h100", gpus=8), "seconds", 0.58, "s", "correct",
   stated=dict(gpus=8), conditions_from="answer"),
 c("about half a second", "prefill of an 8K prompt, 70B, one B200, FP8, 50%", "prefill",
   dict(params_b=70, prompt_tokens=8192, gpu="b200"), "seconds", 0.5, "s", "correct",
   stated=dict(gpu="b200", prompt_tokens=8192), conditions_from="answer"),
], distractors=[])

ans("h2-q01-006", "q01", """Why is adding sequences nearly free? With twenty 8K sequences on the H200 the compute per step is only about 2.8 milliseconds, while the memory side is about 26. Compute doesn't catch up at 8K at all, because every added sequence brings more cache to read. If I go down to 4K contexts, I can fit about forty and the step is around 26 milliseconds, so forty times a thousand over 26 is roughly 1,550 tokens a second in total.""",
[
 c("only about 2.8 milliseconds", "compute time of one decode step with twenty 8K sequences, H200", "decode-floor",
   D(batch=20), "compute_ms", 2.8, "ms", "correct", stated=dict(batch=20, context=8192, gpu="h200")),
 c("about 26", "decode step floor (memory), twenty 8K sequences, H200", "decode-floor",
   D(batch=20), "step_ms", 26, "ms", "correct", stated=dict(batch=20)),
 c("I can fit about forty", "largest batch of 4K BF16 sequences on one H200", "decode-floor",
   D(batch=40, context=4096), "max_batch_that_fits", 40, "sequences", "correct", stated=dict(context=4096)),
 c("around 26 milliseconds", "decode step floor, forty 4K sequences, H200", "decode-floor",
   D(batch=40, context=4096), "step_ms", 26, "ms", "correct", stated=dict(batch=40, context=4096)),
 c("roughly 1,550 tokens a second in total", "total throughput, forty 4K sequences, H200", "decode-floor",
   D(batch=40, context=4096), "tokens_per_s_total", 1550, "tokens/s", "correct", stated=dict(batch=40, context=4096)),
], distractors=[])

ans("h2-q01-007", "q01", """On a Hopper card with the 70B in FP8 at 8K, one user gets about 66 tokens a second. Batch ten of them and the step is about twenty milliseconds, so, yeah, roughly fifty tokens a second each and five hundred total.""",
[
 c("about 66 tokens a second", "tokens/s per user, batch 1, 8K, 'a Hopper card'", "decode-floor",
   D(), "tokens_per_s_per_user", 66, "tokens/s", "ambiguous", conditions_from="sentence",
   stated=dict(gpu="hopper"), alt_args=D(gpu="h100"),
   note="Hopper is H200 (card default, 66) or H100 (46 tok/s)"),
 c("the step is about twenty milliseconds", "decode step, batch 10, 8K, Hopper", "decode-floor",
   D(batch=10), "step_ms", 20, "ms", "ambiguous", stated=dict(gpu="hopper", batch=10), conditions_from="answer",
   alt_args=D(batch=10, gpu="h100"), note="H200 20.2 ms; H100 26.7 ms"),
 c("roughly fifty tokens a second each", "tokens/s per user, batch 10, 8K, Hopper", "decode-floor",
   D(batch=10), "tokens_per_s_per_user", 50, "tokens/s", "ambiguous", stated=dict(gpu="hopper", batch=10), conditions_from="answer",
   alt_args=D(batch=10, gpu="h100"), note="H200 49.6; on H100 it would be 37"),
 c("five hundred total", "total tokens/s, batch 10, 8K, Hopper", "decode-floor", D(batch=10),
   "tokens_per_s_total", 500, "tokens/s", "ambiguous", stated=dict(gpu="hopper", batch=10), conditions_from="answer",
   alt_args=D(batch=10, gpu="h100"), note="H200 496; H100 375"),
], distractors=[])

ans("h2-q01-008", "q01", """So with the L4s and Mistral: fourteen and a half gigs of weights over 300 gigabytes a second plus a bit of cache, that's about 50 ms a step, twenty tokens a second per user. And the memory's tight, only four sequences fit after weights and activations. Prefill of a 2,000-token prompt on it in BF16 is roughly half a second.""",
[
 c("about 50 ms a step", "decode step floor, Mistral 7B BF16, L4, batch 1, 4K", "decode-floor",
   dict(model="mistral-7b-v0.3", weight_dtype="bf16", gpu="l4", batch=1, context=4096), "step_ms", 50, "ms",
   "correct", conditions_from="earlier", stated=dict(model="mistral-7b-v0.3", gpu="l4", weight_dtype="bf16", context=4096)),
 c("twenty tokens a second per user", "tokens/s per user, Mistral 7B on L4", "decode-floor",
   dict(model="mistral-7b-v0.3", weight_dtype="bf16", gpu="l4", batch=1, context=4096), "tokens_per_s_per_user", 20,
   "tokens/s", "correct", conditions_from="earlier", stated=dict(gpu="l4")),
 c("only four sequences fit", "largest batch of 4K sequences, Mistral 7B BF16 on L4", "decode-floor",
   dict(model="mistral-7b-v0.3", weight_dtype="bf16", gpu="l4", batch=1, context=4096), "max_batch_that_fits", 4,
   "sequences", "correct", conditions_from="earlier", stated=dict(gpu="l4", context=4096)),
 c("roughly half a second", "prefill of 2,000 tokens, 7.25B params, L4, BF16, 50%", "prefill",
   dict(params_b=7.25, prompt_tokens=2000, gpu="l4", compute_dtype="bf16"), "seconds", 0.5, "s", "correct",
   stated=dict(prompt_tokens=2000, compute_dtype="bf16"), conditions_from="answer"),
], earlier=["""Let me pin the setup first: the customer runs Mistral 7B v0.3 in BF16 on L4 cards, 24 gigs each, and prompts are about 4K tokens."""],
 distractors=[])

ans("h2-q01-009", "q01", """Hmm, the prefill number. 8,192 tokens times 70 billion times two is 1.15 times ten to the fifteen. The H100 does about four petaflops in FP8, so at fifty percent that's, what, around 0.58 seconds. So a second and a half of decode for a long answer at fifteen milliseconds a token is a hundred tokens.""",
[
 c("around 0.58 seconds", "prefill of an 8K prompt, 70B, one H100, FP8 dense at 50%", "prefill",
   dict(params_b=70, prompt_tokens=8192, gpu="h100"), "seconds", 0.58, "s", "wrong", error="wrong-spec",
   stated=dict(prompt_tokens=8192, gpu="h100", compute_dtype="fp8", compute_util=0.5),
   note="uses the 2:4 sparsity rate (~3,958 TFLOPS); dense is 1,979, so 1.16 s"),
], distractors=[])
