from core import ans, c

LL = "llama-3.3-70b"
def K(**kw):
    a = dict(model=LL); a.update(kw); return a
def D(**kw):
    a = dict(model=LL, weights_gb=70, kv_dtype="fp8", context=8192, batch=40, gpu="h200"); a.update(kw); return a

# ---------------- q03 autoscaling ----------------
ans("h2-q03-001", "q03", """I wouldn't scale on GPU utilisation, it's pinned near a hundred percent whenever anything runs. I'd derive capacity from memory. On an H200 with the 70B in FP8, seventy gigs, and an FP8 cache, if the product's prompts are short, say 4K, each replica holds 81 sequences. Decode floor at that batch is around 3,100 tokens a second per replica. If the customer moves to B200s at 8K, it's 67 sequences a replica, and the step's about twenty milliseconds, so roughly 3,350 tokens a second.""",
[
 c("each replica holds 81 sequences", "whole 4K FP8 sequences per H200 replica", "kv-calc",
   K(dtype="fp8", context=4096, gpu="h200", weights_gb=70), "whole_sequences_that_fit", 81, "sequences", "correct",
   stated=dict(context=4096, cache_dtype="fp8", gpu="h200", weights_gb=70), conditions_from="answer"),
 c("around 3,100 tokens a second per replica", "decode-floor total tokens/s, 81 x 4K FP8, H200", "decode-floor",
   D(context=4096, batch=81), "tokens_per_s_total", 3100, "tokens/s", "correct", stated=dict(context=4096, batch=81), conditions_from="answer"),
 c("it's 67 sequences a replica", "whole 8K FP8 sequences per B200 replica", "kv-calc",
   K(dtype="fp8", context=8192, gpu="b200", weights_gb=70), "whole_sequences_that_fit", 67, "sequences", "correct",
   stated=dict(gpu="b200", context=8192)),
 c("the step's about twenty milliseconds", "decode step, 67 x 8K FP8 on B200", "decode-floor", D(gpu="b200", batch=67),
   "step_ms", 20, "ms", "correct", stated=dict(gpu="b200", batch=67), conditions_from="answer"),
 c("roughly 3,350 tokens a second", "total tokens/s, 67 x 8K FP8 on B200", "decode-floor", D(gpu="b200", batch=67),
   "tokens_per_s_total", 3350, "tokens/s", "correct", stated=dict(gpu="b200", batch=67), conditions_from="answer"),
], distractors=["a hundred percent", "70B"])

ans("h2-q03-002", "q03", """Then the replica count. Say peak is twenty thousand output tokens a second and one H200 replica does about 1,550 at its floor. I'd target seventy percent so there's headroom for bursts: that's 19 replicas, and with N plus two for a node failure and a rollout, 21. People who size at a hundred percent get 13 and then wonder why p99 explodes.""",
[
 c("that's 19 replicas", "replicas for 20,000 tok/s at 1,550 per replica, 70% target", "replicas",
   dict(peak_per_s=20000, per_replica_per_s=1550, target_util=0.7), "needed", 19, "replicas", "correct",
   stated=dict(peak_per_s=20000, per_replica_per_s=1550, target_util=0.7)),
 c("with N plus two for a node failure and a rollout, 21", "replicas with two spares", "replicas",
   dict(peak_per_s=20000, per_replica_per_s=1550, target_util=0.7, failure_margin=2), "replicas", 21, "replicas", "correct",
   stated=dict(failure_margin=2), conditions_from="answer"),
], distractors=[])

ans("h2-q03-003", "q03", """Per replica, an H200 with FP8 weights and FP8 cache fits about eighty 8K sequences, and at the decode floor that's about 3,100 tokens a second. So for fifty thousand tokens a second at peak I'd need... 50,000 over 3,100 is 16, and at an eighty percent target, 21 replicas.""",
[
 c("fits about eighty 8K sequences", "whole 8K FP8 sequences per H200 replica", "kv-calc",
   K(dtype="fp8", context=8192, gpu="h200", weights_gb=70), "whole_sequences_that_fit", 80, "sequences", "wrong", error="2x",
   stated=dict(context=8192, cache_dtype="fp8", gpu="h200"), conditions_from="card-default",
   note="40 fit; 80 is the 4K figure (or FP8 counted twice)"),
 c("that's about 3,100 tokens a second", "decode-floor total tokens/s of one H200 replica at 8K FP8", "decode-floor",
   D(), "tokens_per_s_total", 3100, "tokens/s", "wrong", error="2x", conditions_from="answer",
   stated=dict(context=8192), note="follows from the doubled batch; the 40-sequence floor is 1,552"),
 c("at an eighty percent target, 21 replicas", "replicas for 50,000 tok/s at 3,100 per replica, 80%", "replicas",
   dict(peak_per_s=50000, per_replica_per_s=3100, target_util=0.8), "needed", 21, "replicas", "correct",
   stated=dict(peak_per_s=50000, per_replica_per_s=3100, target_util=0.8),
   note="correct arithmetic on his own (inflated) per-replica figure"),
], distractors=[])

ans("h2-q03-004", "q03", """On the scaling signal: by Little's law, if requests arrive at twelve a second and each holds a slot for twenty seconds of generation, that's 240 sequences in flight, so at forty sequences per replica, six replicas just to hold them. I'd scale on num_requests_waiting, and keep a warm minimum because a cold start pulling seventy gigs of weights takes minutes. On MI300X the same forty-sequence batch would give about 1,700 tokens a second.""",
[
 c("that's 240 sequences in flight", "sequences in flight at 12 req/s x 20 s", "littles-law",
   dict(arrival_rate_per_s=12, latency_s=20), "concurrency", 240, "sequences", "correct",
   stated=dict(arrival_rate_per_s=12, latency_s=20)),
 c("about 1,700 tokens a second", "decode-floor total tokens/s, 40 x 8K FP8 on MI300X", "decode-floor",
   D(gpu="mi300x"), "tokens_per_s_total", 1700, "tokens/s", "correct", stated=dict(gpu="mi300x", batch=40), conditions_from="answer"),
], distractors=["six replicas"])

ans("h2-q03-005", "q03", """With the FP8 cache on the H200 you get forty sequences of 8K, and the floor's about 1,550 tokens a second, so each user sees about 1,550 tokens a second too, which is way above reading speed.""",
[
 c("each user sees about 1,550 tokens a second", "tokens/s per user, 40 x 8K FP8 on H200", "decode-floor", D(),
   "tokens_per_s_per_user", 1550, "tokens/s", "wrong", error="per-user-vs-total", conditions_from="answer",
   note="1,552 is the replica total; each of the 40 users gets about 39"),
 c("you get forty sequences of 8K", "whole 8K FP8 sequences on one H200", "kv-calc",
   K(dtype="fp8", context=8192, gpu="h200", weights_gb=70), "whole_sequences_that_fit", 40, "sequences", "correct",
   stated=dict(context=8192, cache_dtype="fp8", gpu="h200"), note="matches the card default; kept as a baseline correct"),
], distractors=[])

# ---------------- q04 quantization vs distillation ----------------
ans("h2-q04-001", "q04", """Quantization changes the number format of the same weights; distillation trains a new, smaller student. In numbers: Llama 3.3 70B is 70.6 billion parameters, so BF16 is about 141 gigs, FP8 about 70.6, and NVFP4 with its block scales about 40 gigs. Qwen 2.5 72B in BF16 is about 145 gigs, which doesn't fit one H200 either. And on a B200 with FP8 Llama, you'd have about ninety gigs left for cache.""",
[
 c("BF16 is about 141 gigs", "weights of Llama 3.3 70B in BF16", "kv-calc", K(gpu="h200", weight_dtype="bf16"),
   "weights_gb", 141, "GB", "correct", stated=dict(weight_dtype="bf16"), note="card default quantity"),
 c("FP8 about 70.6", "weights of Llama 3.3 70B in FP8", "kv-calc", K(gpu="h200", weight_dtype="fp8"),
   "weights_gb", 70.6, "GB", "correct", stated=dict(weight_dtype="fp8")),
 c("about 40 gigs", "weights of Llama 3.3 70B in NVFP4 with scales", "kv-calc", K(gpu="h200", weight_dtype="fp4"),
   "weights_gb", 40, "GB", "correct", stated=dict(weight_dtype="fp4")),
 c("in BF16 is about 145 gigs", "weights of Qwen2.5-72B in BF16", "kv-calc", dict(model="qwen2.5-72b", gpu="h200", weight_dtype="bf16"),
   "weights_gb", 145, "GB", "correct", stated=dict(model="qwen2.5-72b", weight_dtype="bf16")),
 c("about ninety gigs left for cache", "KV budget on one B200 after FP8 Llama 3.3 70B weights", "kv-calc",
   K(gpu="b200", weight_dtype="fp8"), "budget_gb", 90, "GB", "correct", stated=dict(gpu="b200", weight_dtype="fp8")),
], distractors=["3.3", "70B", "72B"])

ans("h2-q04-002", "q04", """Four-bit is a quarter of a byte per weight, so the 70B goes to about eighteen gigs, which fits on an L4 even. And FP8 is, well, a byte per parameter, 70 gigs, so on the H200 you've got 141 minus 70, about seventy gigs for the KV cache.""",
[
 c("about eighteen gigs", "weights of Llama 3.3 70B at 4 bits", "kv-calc", K(gpu="h200", weight_dtype="fp4"),
   "weights_gb", 18, "GB", "wrong", error="other", stated=dict(weight_dtype="fp4"),
   note="4 bits counted as a quarter byte: 4-bit is half a byte plus scales, 39.7 GB"),
 c("about seventy gigs for the KV cache", "KV budget on one H200 after FP8 weights", "kv-calc", K(gpu="h200", weight_dtype="fp8"),
   "budget_gb", 70, "GB", "wrong", error="other", stated=dict(gpu="h200", weight_dtype="fp8"),
   note="ignores gpu_memory_utilization (0.92) and 5 GB of activations: 54.1 GB"),
], distractors=["70B"])

ans("h2-q04-003", "q04", """For the quality side, I'd measure on their own task. If baseline passes 90 percent, and I want plus or minus three points at 95 percent confidence, Wilson says about 384 graded examples. For plus or minus five it's about 141. And for plus or minus two, around 864. If the rate were closer to 80 percent, plus or minus five needs about 245.""",
[
 c("about 384 graded examples", "examples for +/-3 points around 90% (95% Wilson)", "wilson-samples",
   dict(rate=0.9, half_width=0.03), "n", 384, "count", "correct", stated=dict(rate=0.9, half_width=0.03)),
 c("it's about 141", "examples for +/-5 points around 90%", "wilson-samples", dict(rate=0.9, half_width=0.05),
   "n", 141, "count", "correct", stated=dict(half_width=0.05), conditions_from="answer"),
 c("around 864", "examples for +/-2 points around 90%", "wilson-samples", dict(rate=0.9, half_width=0.02),
   "n", 864, "count", "correct", stated=dict(half_width=0.02), conditions_from="answer", note="card default"),
 c("plus or minus five needs about 245", "examples for +/-5 points around 80%", "wilson-samples",
   dict(rate=0.8, half_width=0.05), "n", 245, "count", "correct", stated=dict(rate=0.8, half_width=0.05)),
], distractors=["95 percent confidence"])

ans("h2-q04-004", "q04", """To get plus or minus two points at 90 percent, the standard error is root of 0.9 times 0.1 over n, set that to 0.02 and n is about 225. So a couple hundred examples is enough.""",
[
 c("n is about 225", "examples for +/-2 points around 90% (95% Wilson)", "wilson-samples", dict(rate=0.9, half_width=0.02),
   "n", 225, "count", "wrong", error="other", stated=dict(rate=0.9, half_width=0.02),
   note="sets the standard error, not 1.96 x SE, to the half-width: 864 needed"),
], distractors=[])

ans("h2-q04-005", "q04", """The model is 70 billion parameters, FP8 is one byte each, so about 35 gigs of weights. Which leaves, on an H100, something like forty gigs for the cache.""",
[
 c("about 35 gigs of weights", "weights of Llama 3.3 70B in FP8", "kv-calc", K(gpu="h100", weight_dtype="fp8"),
   "weights_gb", 35, "GB", "wrong", error="2x", stated=dict(weight_dtype="fp8"),
   note="halves the FP8 figure (70.6 GB)"),
 c("something like forty gigs for the cache", "KV budget on one H100 after FP8 weights", "kv-calc",
   K(gpu="h100", weight_dtype="fp8"), "budget_gb", 40, "GB", "wrong", error="2x", stated=dict(gpu="h100", weight_dtype="fp8"),
   note="with 70.6 GB of weights an H100 has no room at all (-2 GB); truth is negative"),
], distractors=[])

ans("h2-q04-006", "q04", """Concretely: if they're on H100s and want one card, NVFP4 gets Llama 70B to about forty gigs, leaving maybe 29 gigs of cache after activations, so roughly 21 sequences of 8K with an FP8 cache. Qwen3 235B in FP8 is 235 gigs, so that's two H200s minimum. And Mistral on an L4 at four bits is about four gigs of weights, thirteen gigs of cache.""",
[
 c("leaving maybe 29 gigs of cache", "KV budget on one H100 after NVFP4 Llama weights", "kv-calc", K(gpu="h100", weight_dtype="fp4"),
   "budget_gb", 29, "GB", "correct", stated=dict(gpu="h100", weight_dtype="fp4")),
 c("roughly 21 sequences of 8K with an FP8 cache", "8K FP8 sequences, NVFP4 Llama on H100", "kv-calc",
   K(gpu="h100", weight_dtype="fp4", dtype="fp8", context=8192), "sequences_that_fit", 21, "sequences", "correct",
   stated=dict(context=8192, cache_dtype="fp8", weight_dtype="fp4", gpu="h100"), conditions_from="answer"),
 c("in FP8 is 235 gigs", "weights of Qwen3-235B-A22B in FP8", "kv-calc", dict(model="qwen3-235b-a22b", gpu="h200", weight_dtype="fp8"),
   "weights_gb", 235, "GB", "correct", stated=dict(model="qwen3-235b-a22b", weight_dtype="fp8")),
 c("about four gigs of weights", "weights of Mistral 7B at NVFP4", "kv-calc", dict(model="mistral-7b-v0.3", gpu="l4", weight_dtype="fp4"),
   "weights_gb", 4, "GB", "correct", stated=dict(model="mistral-7b-v0.3", weight_dtype="fp4")),
 c("thirteen gigs of cache", "KV budget on an L4 after NVFP4 Mistral", "kv-calc", dict(model="mistral-7b-v0.3", gpu="l4", weight_dtype="fp4"),
   "budget_gb", 13, "GB", "correct", stated=dict(gpu="l4", weight_dtype="fp4"), conditions_from="answer"),
], distractors=["70B", "235B", "two H200s"])

# ---------------- q05 slow service ----------------
ans("h2-q05-001", "q05", """First split TTFT from inter-token latency. If TTFT blew up, estimate prefill: their prompts grew to 32K tokens on the 70B, one H100, FP8 at fifty percent, so that's two times 70 billion times 32K, about 4.6 seconds of pure prefill. With tensor parallel over eight it's about 0.58 seconds. If they were in BF16 compute instead, an 8K prompt on one card is about 2.3 seconds. On the decode side, on the H200 one user at 8K with FP8 cache is about 14.9 milliseconds a token.""",
[
 c("about 4.6 seconds of pure prefill", "prefill of 32K tokens, 70B, one H100, FP8, 50%", "prefill",
   dict(params_b=70, prompt_tokens=32768, gpu="h100", compute_dtype="fp8", compute_util=0.5), "seconds", 4.6, "s", "correct",
   stated=dict(prompt_tokens=32768, gpu="h100", compute_dtype="fp8", compute_util=0.5)),
 c("it's about 0.58 seconds", "the 32K prefill over eight H100s", "prefill",
   dict(params_b=70, prompt_tokens=32768, gpu="h100", compute_dtype="fp8", compute_util=0.5, gpus=8), "seconds", 0.58, "s",
   "correct", stated=dict(gpus=8), conditions_from="answer"),
 c("is about 2.3 seconds", "prefill of 8K tokens, 70B, one H100, BF16 compute, 50%", "prefill",
   dict(params_b=70, prompt_tokens=8192, gpu="h100", compute_dtype="bf16", compute_util=0.5), "seconds", 2.3, "s", "correct",
   stated=dict(prompt_tokens=8192, compute_dtype="bf16")),
 c("about 14.9 milliseconds a token", "decode step, one 8K FP8-cache user on H200", "decode-floor",
   dict(model=LL, weights_gb=70, kv_dtype="fp8", context=8192, batch=1, gpu="h200"), "step_ms", 14.9, "ms", "correct",
   stated=dict(gpu="h200", context=8192, cache_dtype="fp8", batch=1)),
], distractors=["eight"])

ans("h2-q05-002", "q05", """Prefill for 8K tokens on a 70B model on one H100 at FP8: that's about 1.15 times ten to the fifteen FLOPs over two petaflops, so roughly half a second. Then one user's decode on the H200 is, um, 70 gigs over 4.8 terabytes, about 14.6 milliseconds, that's the whole floor.""",
[
 c("roughly half a second", "prefill of 8K tokens, 70B, one H100, FP8, 50%", "prefill",
   dict(params_b=70, prompt_tokens=8192, gpu="h100", compute_dtype="fp8", compute_util=0.5), "seconds", 0.5, "s", "wrong",
   error="other", stated=dict(prompt_tokens=8192, gpu="h100", compute_dtype="fp8"),
   note="drops the 50% utilisation (and rounds 1,979 up): 1.16 s"),
 c("about 14.6 milliseconds", "decode step floor, one 8K BF16-cache user on H200", "decode-floor",
   dict(model=LL, weights_gb=70, params_b=70, kv_dtype="bf16", context=8192, batch=1, gpu="h200"), "step_ms", 14.6, "ms",
   "correct", stated=dict(gpu="h200", weights_gb=70), conditions_from="card-default",
   note="forgets the 2.7 GB of cache, but that is only 3.6% of the floor: within tolerance"),
], distractors=[])

ans("h2-q05-003", "q05", """TTFT budget-wise: a 4K prompt on one H100 in FP8 at half utilisation is about 580 milliseconds. On a B200 an 8K prompt is half a second, and on an MI300X about 0.88 seconds. On an old A100 there's no FP8, so BF16 at 312: an 8K prompt is over seven seconds, call it 7.4. If someone tells me they see 1.16 ms prefill on an H100 for 8K, that's a unit slip, it's seconds.""",
[
 c("is about 580 milliseconds", "prefill of 4K tokens, 70B, one H100, FP8, 50%", "prefill",
   dict(params_b=70, prompt_tokens=4096, gpu="h100"), "ms", 580, "ms", "correct", stated=dict(prompt_tokens=4096, gpu="h100")),
 c("an 8K prompt is half a second", "prefill of 8K, 70B, one B200, FP8, 50%", "prefill",
   dict(params_b=70, prompt_tokens=8192, gpu="b200"), "seconds", 0.5, "s", "correct", stated=dict(gpu="b200", prompt_tokens=8192),
   conditions_from="answer"),
 c("about 0.88 seconds", "prefill of 8K, 70B, one MI300X, FP8, 50%", "prefill",
   dict(params_b=70, prompt_tokens=8192, gpu="mi300x"), "seconds", 0.88, "s", "correct", stated=dict(gpu="mi300x"), conditions_from="answer"),
 c("call it 7.4", "prefill of 8K, 70B, one A100 80GB (BF16 rate), 50%", "prefill",
   dict(params_b=70, prompt_tokens=8192, gpu="a100-80gb", compute_dtype="bf16"), "seconds", 7.4, "s", "correct",
   stated=dict(gpu="a100-80gb", compute_dtype="bf16", prompt_tokens=8192)),
], distractors=["312"], retracted=["1.16 ms"])

ans("h2-q05-004", "q05", """So the prefill on one H100 for the 8K prompt is about 1.16 milliseconds, negligible, so TTFT must be queueing. And decode on the H200 for one user at 8K is, hmm, fifteen seconds per token? No, fifteen milliseconds, sorry.""",
[
 c("about 1.16 milliseconds", "prefill of 8K, 70B, one H100, FP8, 50%", "prefill",
   dict(params_b=70, prompt_tokens=8192, gpu="h100", compute_dtype="fp8", compute_util=0.5), "ms", 1.16, "ms", "wrong",
   error="unit-slip", conditions_from="answer", stated=dict(prompt_tokens=8192, gpu="h100"), note="1.16 s, not ms"),
 c("fifteen milliseconds, sorry", "decode step floor, one 8K user on H200", "decode-floor",
   dict(model=LL, weights_gb=70, kv_dtype="bf16", context=8192, batch=1, gpu="h200"), "step_ms", 15, "ms", "correct",
   stated=dict(gpu="h200", context=8192, batch=1), conditions_from="answer",
   note="self-corrected from seconds; only the corrected figure is labelled"),
], distractors=[], retracted=["fifteen seconds per token"])

ans("h2-q05-005", "q05", """I'd check the prefill cost on the GPU they actually have. For the 8K prompt on the 70B that's roughly 2.3 seconds on one H100, which alone would explain their TTFT complaints.""",
[
 c("roughly 2.3 seconds on one H100", "prefill of 8K, 70B, one H100 (compute dtype unstated), 50%", "prefill",
   dict(params_b=70, prompt_tokens=8192, gpu="h100", compute_dtype="bf16", compute_util=0.5), "seconds", 2.3, "s", "ambiguous",
   stated=dict(prompt_tokens=8192, gpu="h100"),
   alt_args=dict(params_b=70, prompt_tokens=8192, gpu="h100", compute_dtype="fp8", compute_util=0.5),
   note="right at the BF16 dense rate (989), 2x the FP8 figure the card uses (1.16 s)"),
], distractors=["70B"])

ans("h2-q05-006", "q05", """And for the smaller route: gpt-oss-120b only activates about five billion parameters, so an 8K prefill on one H100 is about 85 milliseconds. An 8B model on an L4 in FP8 is about 1.1 seconds for 8K. And if utilisation is only thirty percent, the 70B on an H100 takes more like 1.9 seconds for 8K.""",
[
 c("is about 85 milliseconds", "prefill of 8K, gpt-oss-120b (5.1B active), one H100, FP8, 50%", "prefill",
   dict(model="gpt-oss-120b", prompt_tokens=8192, gpu="h100"), "ms", 85, "ms", "correct",
   stated=dict(model="gpt-oss-120b", prompt_tokens=8192, gpu="h100")),
 c("about 1.1 seconds for 8K", "prefill of 8K, 8B params, one L4, FP8, 50%", "prefill",
   dict(params_b=8, prompt_tokens=8192, gpu="l4"), "seconds", 1.1, "s", "correct", stated=dict(params_b=8, gpu="l4", compute_dtype="fp8")),
 c("more like 1.9 seconds for 8K", "prefill of 8K, 70B, one H100, FP8, 30% utilisation", "prefill",
   dict(params_b=70, prompt_tokens=8192, gpu="h100", compute_util=0.3), "seconds", 1.9, "s", "correct",
   stated=dict(compute_util=0.3, gpu="h100")),
], distractors=["120b", "8B"])
