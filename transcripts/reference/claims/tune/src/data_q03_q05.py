from engine import A, C

L = dict(model="llama-3.3-70b", weights_gb=70, params_b=70)
def D(**k):
    a = dict(L); a.update(k); return a
def K(**k):
    a = dict(model="llama-3.3-70b"); a.update(k); return a

# ---------------- q03 autoscaling
A("t-q03-001", "q03", """Per-replica capacity comes from memory. On B200s with FP8 weights and an FP8 cache, one replica holds about 67 sequences of 8K, and at that batch the decode floor is about a 20 ms step, so roughly 3,350 tokens a second per replica.""",
  [C("about 67 sequences of 8K", "8K sequences that fit in one replica's KV cache", "kv-calc", K(dtype="fp8", context=8192, gpu="b200", weights_gb=70), "whole_sequences_that_fit", 67, "sequences", stated=dict(gpu="b200", weight_dtype="fp8", cache_dtype="fp8", context=8192)),
   C("about a 20 ms step", "decode step floor", "decode-floor", D(gpu="b200", batch=67, kv_dtype="fp8", context=8192), "step_ms", 20, "ms", cf="answer", stated=dict(gpu="b200", batch=67, cache_dtype="fp8")),
   C("roughly 3,350 tokens a second per replica", "decode tokens per second in total", "decode-floor", D(gpu="b200", batch=67, kv_dtype="fp8", context=8192), "tokens_per_s_total", 3350, "tokens/s", cf="answer", stated=dict(gpu="b200", batch=67, cache_dtype="fp8")),
  ])

A("t-q03-002", "q03", """Say the peak is 10,000 output tokens a second and each H200 replica tops out around 1,550. At a 70% utilisation target that's 10 replicas, and with N plus one for a failure, 11.""",
  [C("tops out around 1,550", "decode tokens per second in total per replica", "decode-floor", D(gpu="h200", batch=40, kv_dtype="fp8", context=8192), "tokens_per_s_total", 1550, "tokens/s", cf="card-default", stated=dict(gpu="h200")),
   C("that's 10 replicas", "replicas needed at the target utilisation", "replicas", dict(peak_per_s=10000, per_replica_per_s=1552, target_util=0.7, failure_margin=1), "needed", 10, "replicas", stated=dict(peak_per_s=10000, per_replica_per_s=1550, target_util=0.7)),
   C("with N plus one for a failure, 11", "replicas including N+1 spare", "replicas", dict(peak_per_s=10000, per_replica_per_s=1552, target_util=0.7, failure_margin=1), "replicas", 11, "replicas", stated=dict(peak_per_s=10000, target_util=0.7, failure_margin=1)),
  ])

A("t-q03-003", "q03", """If you size it at 80% utilisation instead and the replicas are B200s doing about 3,350 tokens a second, 20,000 tokens a second at peak needs 8 replicas, and they'd run at about 75% at peak.""",
  [C("about 3,350 tokens a second", "decode tokens per second in total per replica", "decode-floor", D(gpu="b200", batch=67, kv_dtype="fp8", context=8192), "tokens_per_s_total", 3350, "tokens/s", cf="sentence", stated=dict(gpu="b200"), note="batch 67 with FP8 weights and cache (t-q03-001) assumed for the stated B200 figure"),
   C("needs 8 replicas", "replicas needed at the target utilisation", "replicas", dict(peak_per_s=20000, per_replica_per_s=3352, target_util=0.8), "replicas", 8, "replicas", stated=dict(peak_per_s=20000, per_replica_per_s=3350, target_util=0.8)),
   C("about 75% at peak", "utilisation at peak", "replicas", dict(peak_per_s=20000, per_replica_per_s=3352, target_util=0.8), "utilisation_at_peak", 75, "percent", scale=100, cf="answer", stated=dict(peak_per_s=20000, target_util=0.8)),
  ])

A("t-q03-004", "q03", """Each H200 replica with the FP8 cache runs forty 8K sequences, and each of those gets about 39 tokens a second, so a replica is good for roughly 39 tokens a second and I'd need about 256 replicas for 10,000 tokens a second.""",
  [C("roughly 39 tokens a second and", "decode tokens per second in total per replica", "decode-floor", D(gpu="h200", batch=40, kv_dtype="fp8", context=8192), "tokens_per_s_total", 39, "tokens/s", verdict="wrong", error="per-user-vs-total", cf="card-default", stated=dict(gpu="h200", batch=40, cache_dtype="fp8"), note="39 is per user; the replica does about 1,552"),
   C("about 256 replicas", "replicas needed at the target utilisation", "replicas", dict(peak_per_s=10000, per_replica_per_s=1552, target_util=0.7), "needed", 256, "replicas", verdict="wrong", error="per-user-vs-total", cf="answer", stated=dict(peak_per_s=10000), note="follows from the per-user figure; with 1,552 a replica at 70% it is 10"),
  ])

A("t-q03-005", "q03", """On MI300X replicas, FP8 weights and FP8 cache, you fit about 75 sequences of 8K, and at 75 the floor is about 32 ms a step, which is around 2,330 tokens a second, but each user only gets about 31, so I'd cap max_num_seqs lower for interactive traffic.""",
  [C("about 75 sequences of 8K", "8K sequences that fit in one replica's KV cache", "kv-calc", K(dtype="fp8", context=8192, gpu="mi300x", weights_gb=70), "whole_sequences_that_fit", 75, "sequences", stated=dict(gpu="mi300x", cache_dtype="fp8", context=8192)),
   C("about 32 ms a step", "decode step floor", "decode-floor", D(gpu="mi300x", batch=75, kv_dtype="fp8", context=8192), "step_ms", 32, "ms", stated=dict(gpu="mi300x", batch=75, cache_dtype="fp8")),
   C("around 2,330 tokens a second", "decode tokens per second in total", "decode-floor", D(gpu="mi300x", batch=75, kv_dtype="fp8", context=8192), "tokens_per_s_total", 2330, "tokens/s", cf="answer", stated=dict(gpu="mi300x", batch=75, cache_dtype="fp8")),
   C("each user only gets about 31", "decode tokens per second per user", "decode-floor", D(gpu="mi300x", batch=75, kv_dtype="fp8", context=8192), "tokens_per_s_per_user", 31, "tokens/s", cf="answer", stated=dict(gpu="mi300x", batch=75, cache_dtype="fp8")),
  ])

A("t-q03-006", "q03", """One H200 with the 70 gig FP8 weights has around 54.7 GB left, and at 160 KiB a token with the FP8 cache, that's 40 sequences of 8K, and about 1,550 tokens a second at the floor.""",
  [C("around 54.7 GB left", "KV-cache budget after weights and activations", "kv-calc", K(gpu="h200", weights_gb=70), "budget_gb", 54.7, "GB", stated=dict(gpu="h200", weights_gb=70)),
   C("160 KiB a token", "KV-cache bytes per token", "kv-calc", K(dtype="fp8"), "bytes_per_token", 163840, "bytes", stated=dict(cache_dtype="fp8")),
   C("40 sequences of 8K", "8K sequences that fit in one replica's KV cache", "kv-calc", K(dtype="fp8", context=8192, gpu="h200", weights_gb=70), "whole_sequences_that_fit", 40, "sequences", cf="answer", stated=dict(gpu="h200", cache_dtype="fp8", context=8192)),
   C("about 1,550 tokens a second", "decode tokens per second in total", "decode-floor", D(gpu="h200", batch=40, kv_dtype="fp8", context=8192), "tokens_per_s_total", 1550, "tokens/s", cf="answer", stated=dict(gpu="h200", batch=40)),
  ])

A("t-q03-007", "q03", """If their sessions are 32K rather than 8K, the same H200 replica only holds ten sequences with the FP8 cache, and the floor at ten is about 26 ms a step, so about 390 tokens a second per replica.""",
  [C("only holds ten sequences", "32K sequences that fit in one replica's KV cache", "kv-calc", K(dtype="fp8", context=32768, gpu="h200", weights_gb=70), "whole_sequences_that_fit", 10, "sequences", stated=dict(context=32768, cache_dtype="fp8", gpu="h200")),
   C("about 26 ms a step", "decode step floor", "decode-floor", D(gpu="h200", batch=10, kv_dtype="fp8", context=32768), "step_ms", 26, "ms", cf="answer", stated=dict(batch=10, context=32768, cache_dtype="fp8")),
   C("about 390 tokens a second per replica", "decode tokens per second in total", "decode-floor", D(gpu="h200", batch=10, kv_dtype="fp8", context=32768), "tokens_per_s_total", 390, "tokens/s", cf="answer", stated=dict(batch=10, context=32768)),
  ])

# ---------------- q04 distillation vs quantization
A("t-q04-001", "q04", """Llama 3.3 70B is about 70.6 billion parameters, so in BF16 the weights are about 141 GB, which doesn't fit in what vLLM will use on one H200. In FP8 it's about 70.6 GB, and that leaves roughly 125 GB for the cache.""",
  [C("about 141 GB", "weights in GB", "kv-calc", K(gpu="h200", weight_dtype="bf16"), "weights_gb", 141, "GB", cf="sentence", stated=dict(weight_dtype="bf16")),
   C("about 70.6 GB", "weights in GB", "kv-calc", K(gpu="h200", weight_dtype="fp8"), "weights_gb", 70.6, "GB", stated=dict(weight_dtype="fp8")),
   C("roughly 125 GB for the cache", "KV-cache budget after weights and activations", "kv-calc", K(gpu="h200", weight_dtype="fp8"), "budget_gb", 125, "GB", verdict="wrong", error="forgot-weights", note="129.7 usable minus activations, weights not subtracted: 54.1 GB", cf="answer", stated=dict(gpu="h200", weight_dtype="fp8")),
  ], distractors=["one H200"])

A("t-q04-002", "q04", """At four bits it's a quarter of a byte a weight, so call it 18 GB all in. On an H200 that would leave about 85 gigs for the cache.""",
  [C("call it 18 GB all in", "weights in GB", "kv-calc", K(gpu="h200", weight_dtype="fp4"), "weights_gb", 18, "GB", verdict="wrong", error="other", stated=dict(weight_dtype="fp4"), note="4 bits is half a byte, not a quarter: 35.3 GB, 39.7 GB with FP4 block scales"),
   C("about 85 gigs for the cache", "KV-cache budget after weights and activations", "kv-calc", K(gpu="h200", weight_dtype="fp4"), "budget_gb", 85, "GB", stated=dict(gpu="h200", weight_dtype="fp4")),
  ], distractors=["four bits"])

A("t-q04-003", "q04", """On a B200, 180 gigs, even the BF16 weights fit: 180 times 0.92 is about 165.6, minus the 141 and 5 of activations leaves about 19.4 GB for cache. With FP8 weights you'd have about 90 GB instead.""",
  [C("leaves about 19.4 GB for cache", "KV-cache budget after weights and activations", "kv-calc", K(gpu="b200", weight_dtype="bf16"), "budget_gb", 19.4, "GB", stated=dict(gpu="b200", weight_dtype="bf16")),
   C("about 90 GB instead", "KV-cache budget after weights and activations", "kv-calc", K(gpu="b200", weight_dtype="fp8"), "budget_gb", 90, "GB", stated=dict(gpu="b200", weight_dtype="fp8")),
  ])

A("t-q04-004", "q04", """In FP8 the 70B weights are about 35 GB, a byte is half of BF16, so on one H100 you'd still have plenty of headroom for the cache, something like 33 GB.""",
  [C("about 35 GB", "weights in GB", "kv-calc", K(gpu="h100", weight_dtype="fp8"), "weights_gb", 35, "GB", verdict="wrong", error="2x", stated=dict(weight_dtype="fp8"), note="halved twice: FP8 is 1 byte per parameter, 70.6 GB"),
   C("something like 33 GB", "KV-cache budget after weights and activations", "kv-calc", K(gpu="h100", weight_dtype="fp8"), "budget_gb", 33, "GB", verdict="wrong", error="2x", cf="answer", stated=dict(gpu="h100", weight_dtype="fp8"), note="with 70.6 GB of weights one H100 has no room: -2.0 GB"),
  ])

A("t-q04-005", "q04", """For the eval, pinning a 90% pass rate to plus or minus 2 points needs about 864 examples. If I only need plus or minus 3 points it's around 385, and at an 80% pass rate with plus or minus 2 it's more like 1,540.""",
  [C("about 864 examples", "samples for a Wilson half-width", "wilson-samples", dict(rate=0.9, half_width=0.02), "n", 864, "count", stated=dict(rate=0.9, half_width=0.02)),
   C("it's around 385", "samples for a Wilson half-width", "wilson-samples", dict(rate=0.9, half_width=0.03), "n", 385, "count", stated=dict(rate=0.9, half_width=0.03)),
   C("more like 1,540", "samples for a Wilson half-width", "wilson-samples", dict(rate=0.8, half_width=0.02), "n", 1540, "count", stated=dict(rate=0.8, half_width=0.02)),
  ])

A("t-q04-006", "q04", """For the quality check, 200 examples is enough: at 90% the standard error is square root of 0.9 times 0.1 over 200, about 2 points, so plus or minus 2.""",
  [C("200 examples is enough", "samples for a Wilson half-width", "wilson-samples", dict(rate=0.9, half_width=0.02), "n", 200, "count", verdict="wrong", error="normal-approx", stated=dict(rate=0.9, half_width=0.02), note="standard error without the 1.96; a 95% Wilson interval of +/-2 points needs 864"),
  ])

A("t-q04-007", "q04", """If I compare FP8 against BF16 on, say, 500 examples at 90%, each interval is about plus or minus 2.6 points, so a 1-point drop won't be visible. With 2,000 examples it's about 1.3.""",
  [C("about plus or minus 2.6 points", "half-width of a 95% Wilson interval", "wilson", dict(k=450, n=500), "half_width", 2.6, "percent", stated=dict(n=500, rate=0.9)),
   C("about 1.3", "half-width of a 95% Wilson interval", "wilson", dict(k=1800, n=2000), "half_width", 1.3, "percent", stated=dict(n=2000, rate=0.9)),
  ], distractors=["1-point drop"])

A("t-q04-008", "q04", """Qwen2.5 72B in FP8 is about 72.7 GB of weights, and on an MI300X that leaves close to 99 GB for cache, which is a lot more room than with BF16 weights.""",
  [C("about 72.7 GB of weights", "weights in GB", "kv-calc", dict(model="qwen2.5-72b", gpu="mi300x", weight_dtype="fp8"), "weights_gb", 72.7, "GB", stated=dict(model="qwen2.5-72b", weight_dtype="fp8")),
   C("close to 99 GB for cache", "KV-cache budget after weights and activations", "kv-calc", dict(model="qwen2.5-72b", gpu="mi300x", weight_dtype="fp8"), "budget_gb", 99, "GB", stated=dict(model="qwen2.5-72b", gpu="mi300x", weight_dtype="fp8")),
  ])

A("t-q04-009", "q04", """The memory arithmetic is why FP8 is first: Llama 70B in FP8 is about 70 gigs, which leaves about 71 GB on an H200.""",
  [C("about 70 gigs", "weights in GB", "kv-calc", K(gpu="h200", weight_dtype="fp8"), "weights_gb", 70, "GB", stated=dict(weight_dtype="fp8")),
   C("leaves about 71 GB on an H200", "KV-cache budget after weights and activations", "kv-calc", K(gpu="h200", weight_dtype="fp8"), "budget_gb", 71, "GB", verdict="wrong", error="other", note="141 - 70 ignores gpu_memory_utilization and activations: 54.1 GB", stated=dict(gpu="h200", weight_dtype="fp8")),
  ])

A("t-q04-010", "q04", """The KV cache is a separate decision from the weights. With FP8 weights and the default BF16 cache on the H200, 8K sequences come to about 20; flip the cache to FP8 too and it's about 40. But if you keep BF16 weights it doesn't fit on one H200 at all.""",
  [C("8K sequences come to about 20", "8K sequences that fit", "kv-calc", K(gpu="h200", weight_dtype="fp8", dtype="bf16", context=8192), "sequences_that_fit", 20, "sequences", stated=dict(weight_dtype="fp8", cache_dtype="bf16", context=8192, gpu="h200")),
   C("it's about 40", "8K sequences that fit", "kv-calc", K(gpu="h200", weight_dtype="fp8", dtype="fp8", context=8192), "sequences_that_fit", 40, "sequences", stated=dict(weight_dtype="fp8", cache_dtype="fp8", context=8192)),
  ])

A("t-q04-011", "q04", """BF16 weights for the 70B are roughly 70 GB, and FP8 halves that to 35, so either way one H200 is fine.""",
  [C("roughly 70 GB", "weights in GB", "kv-calc", K(gpu="h200", weight_dtype="bf16"), "weights_gb", 70, "GB", verdict="wrong", error="other", stated=dict(weight_dtype="bf16"), note="confused parameters with bytes: BF16 is 2 bytes a parameter, 141.2 GB"),
   C("FP8 halves that to 35", "weights in GB", "kv-calc", K(gpu="h200", weight_dtype="fp8"), "weights_gb", 35, "GB", verdict="wrong", error="2x", stated=dict(weight_dtype="fp8")),
  ])

# ---------------- q05 latency
A("t-q05-001", "q05", """Prefill alone can break the budget. A 70B model on an 8K prompt, one H100 at FP8 and half utilization, is about 1.16 seconds before the first token. At 40% utilization it's closer to 1.45 seconds, and over eight GPUs with tensor parallel about 0.29.""",
  [C("about 1.16 seconds", "prefill time of one prompt", "prefill", dict(params_b=70, prompt_tokens=8192, gpu="h100", compute_dtype="fp8", compute_util=0.5), "seconds", 1.16, "s", stated=dict(gpu="h100", compute_dtype="fp8", compute_util=0.5, prompt_tokens=8192)),
   C("closer to 1.45 seconds", "prefill time of one prompt", "prefill", dict(params_b=70, prompt_tokens=8192, gpu="h100", compute_dtype="fp8", compute_util=0.4), "seconds", 1.45, "s", stated=dict(compute_util=0.4, gpu="h100")),
   C("about 0.29", "prefill time of one prompt", "prefill", dict(params_b=70, prompt_tokens=8192, gpu="h100", compute_dtype="fp8", compute_util=0.5, gpus=8), "seconds", 0.29, "s", verdict="wrong", error="2x", stated=dict(gpus=8, gpu="h100"), note="divided by four, not eight: 0.145 s"),
  ])

A("t-q05-002", "q05", """On an A100 there's no FP8 tensor core, so the same 8K prefill runs at the 312 teraflop BF16 rate: about 7.4 seconds at 50% utilization. An L4 is worse, around 9.5 seconds even at its FP8 rate.""",
  [C("about 7.4 seconds", "prefill time of one prompt", "prefill", dict(params_b=70, prompt_tokens=8192, gpu="a100-80gb", compute_dtype="fp8", compute_util=0.5), "seconds", 7.4, "s", stated=dict(gpu="a100-80gb", compute_util=0.5, prompt_tokens=8192)),
   C("around 9.5 seconds", "prefill time of one prompt", "prefill", dict(params_b=70, prompt_tokens=8192, gpu="l4", compute_dtype="fp8", compute_util=0.5), "seconds", 9.5, "s", stated=dict(gpu="l4", compute_dtype="fp8")),
  ])

A("t-q05-003", "q05", """An 8K prompt on a 70B model on one H100 is 2 times 70 billion times 8,192, about 1.15 times ten to the fifteen FLOPs, over 1,979 teraflops, so about 0.58 seconds.""",
  [C("about 0.58 seconds", "prefill time of one prompt", "prefill", dict(params_b=70, prompt_tokens=8192, gpu="h100", compute_dtype="fp8", compute_util=0.5), "seconds", 0.58, "s", verdict="wrong", error="other", cf="card-default", stated=dict(gpu="h100", prompt_tokens=8192), note="forgot the 50% utilization: 1.16 s"),
   C("about 1.15 times ten to the fifteen FLOPs", "prefill FLOPs", "prefill", dict(params_b=70, prompt_tokens=8192, gpu="h100", compute_dtype="fp8", compute_util=0.5), "flops", 1.15e15, "FLOPs", cf="sentence", stated=dict(params_b=70, prompt_tokens=8192)),
  ])

A("t-q05-004", "q05", """Decode for one user on the H200 is about 15 ms a token with the 8K cache in BF16, so about 66 tokens a second. With an FP8 cache it's not much different, about 14.9 ms, because the weights dominate.""",
  [C("about 15 ms a token", "decode step floor", "decode-floor", D(gpu="h200", batch=1, kv_dtype="bf16", context=8192), "step_ms", 15, "ms", stated=dict(gpu="h200", cache_dtype="bf16", context=8192, batch=1)),
   C("about 66 tokens a second", "decode tokens per second per user", "decode-floor", D(gpu="h200", batch=1, kv_dtype="bf16", context=8192), "tokens_per_s_per_user", 66, "tokens/s", cf="answer", stated=dict(gpu="h200", batch=1)),
   C("about 14.9 ms", "decode step floor", "decode-floor", D(gpu="h200", batch=1, kv_dtype="fp8", context=8192), "step_ms", 14.9, "ms", stated=dict(cache_dtype="fp8", batch=1)),
  ])

A("t-q05-005", "q05", """For a smaller model, an 8B at FP8 on one H100, the 8K prefill is only about 0.13 seconds, and a 2,000 token prompt on the 70B is about 0.28 seconds.""",
  [C("only about 0.13 seconds", "prefill time of one prompt", "prefill", dict(params_b=8, prompt_tokens=8192, gpu="h100", compute_dtype="fp8", compute_util=0.5), "seconds", 0.13, "s", stated=dict(params_b=8, gpu="h100", compute_dtype="fp8", prompt_tokens=8192)),
   C("about 0.28 seconds", "prefill time of one prompt", "prefill", dict(params_b=70, prompt_tokens=2000, gpu="h100", compute_dtype="fp8", compute_util=0.5), "seconds", 0.28, "s", stated=dict(params_b=70, prompt_tokens=2000, gpu="h100")),
  ], distractors=["8B"])

A("t-q05-006", "q05", """The 8K prefill on a single H100 at FP8 and 50% is about 1.16 milliseconds, so prefill isn't the issue, it's the queue.""",
  [C("about 1.16 milliseconds", "prefill time of one prompt", "prefill", dict(params_b=70, prompt_tokens=8192, gpu="h100", compute_dtype="fp8", compute_util=0.5), "ms", 1.16, "ms", verdict="wrong", error="unit-slip", stated=dict(gpu="h100", compute_dtype="fp8", compute_util=0.5), note="seconds said as milliseconds: truth 1,159 ms"),
  ])

A("t-q05-007", "q05", """If they moved to an MI300X for prefill, the 8K prompt at FP8 and 50% would take about 0.88 s, and on a B200 about 0.51, both still past 450 ms on their own.""",
  [C("about 0.88 s", "prefill time of one prompt", "prefill", dict(params_b=70, prompt_tokens=8192, gpu="mi300x", compute_dtype="fp8", compute_util=0.5), "seconds", 0.88, "s", stated=dict(gpu="mi300x", compute_dtype="fp8", compute_util=0.5)),
   C("on a B200 about 0.51", "prefill time of one prompt", "prefill", dict(params_b=70, prompt_tokens=8192, gpu="b200", compute_dtype="fp8", compute_util=0.5), "seconds", 0.51, "s", stated=dict(gpu="b200")),
  ], distractors=["450 ms"])
