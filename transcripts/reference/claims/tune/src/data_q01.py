from engine import A, C

L = dict(model="llama-3.3-70b", weights_gb=70, params_b=70)
def D(**k):
    a = dict(L); a.update(k); return a
Q_STEP = "decode step floor"
Q_PU = "decode tokens per second per user"
Q_TOT = "decode tokens per second in total"
Q_MAX = "largest batch whose KV cache fits"
Q_PRE = "prefill time of one prompt"

A("t-q01-001", "q01", """Say the customer is on B200s instead, same Llama 3.3 70B with FP8 weights, eight terabytes a second. One user at 8K of context, the step floor is about 9.1 milliseconds, so roughly 110 tokens a second. With twenty users on a BF16 cache it only goes to about 15.5 ms a step, call it 65 tokens a second each and close to 1,300 in total. And the 180 gigs leave room for about 33 of those 8K sequences.""",
  [C("about 9.1 milliseconds", Q_STEP, "decode-floor", D(gpu="b200", batch=1, context=8192), "step_ms", 9.1, "ms", cf="answer", stated=dict(gpu="b200", weight_dtype="fp8", context=8192, batch=1)),
   C("roughly 110 tokens a second", Q_PU, "decode-floor", D(gpu="b200", batch=1, context=8192), "tokens_per_s_per_user", 110, "tokens/s", cf="answer", stated=dict(gpu="b200", batch=1)),
   C("about 15.5 ms a step", Q_STEP, "decode-floor", D(gpu="b200", batch=20, context=8192, kv_dtype="bf16"), "step_ms", 15.5, "ms", cf="answer", stated=dict(gpu="b200", batch=20, cache_dtype="bf16", context=8192)),
   C("call it 65 tokens a second each", Q_PU, "decode-floor", D(gpu="b200", batch=20, context=8192, kv_dtype="bf16"), "tokens_per_s_per_user", 65, "tokens/s", cf="answer", stated=dict(gpu="b200", batch=20, cache_dtype="bf16")),
   C("close to 1,300 in total", Q_TOT, "decode-floor", D(gpu="b200", batch=20, context=8192, kv_dtype="bf16"), "tokens_per_s_total", 1300, "tokens/s", cf="answer", stated=dict(gpu="b200", batch=20, cache_dtype="bf16")),
   C("about 33 of those 8K sequences", Q_MAX, "decode-floor", D(gpu="b200", batch=20, context=8192, kv_dtype="bf16"), "max_batch_that_fits", 33, "sequences", cf="answer", stated=dict(gpu="b200", cache_dtype="bf16", context=8192)),
  ], distractors=["3.3"])

A("t-q01-002", "q01", """If I switch the KV cache to FP8 on the H200, each 8K sequence costs half as much, so I can run 40 of them instead of 20. At a batch of 40 the step floor is about 25.8 ms, which gives each user roughly 39 tokens a second and the GPU about 1,550 tokens a second. That's double the throughput of the BF16-cache setup for the same step time.""",
  [C("I can run 40 of them", Q_MAX, "decode-floor", D(gpu="h200", batch=40, context=8192, kv_dtype="fp8"), "max_batch_that_fits", 40, "sequences", stated=dict(gpu="h200", cache_dtype="fp8", context=8192)),
   C("about 25.8 ms", Q_STEP, "decode-floor", D(gpu="h200", batch=40, context=8192, kv_dtype="fp8"), "step_ms", 25.8, "ms", cf="answer", stated=dict(gpu="h200", cache_dtype="fp8", batch=40)),
   C("roughly 39 tokens a second", Q_PU, "decode-floor", D(gpu="h200", batch=40, context=8192, kv_dtype="fp8"), "tokens_per_s_per_user", 39, "tokens/s", cf="answer", stated=dict(gpu="h200", cache_dtype="fp8", batch=40)),
   C("about 1,550 tokens a second", Q_TOT, "decode-floor", D(gpu="h200", batch=40, context=8192, kv_dtype="fp8"), "tokens_per_s_total", 1550, "tokens/s", cf="answer", stated=dict(gpu="h200", cache_dtype="fp8", batch=40)),
  ])

A("t-q01-003", "q01", """Decode is memory bound, so batching is nearly free. With twenty users on the H200 at 8K, the step is around 25 milliseconds, and compute is only about 2.8 ms of that. So each user sees about 776 tokens a second, which is way more than anyone can read.""",
  [C("around 25 milliseconds", Q_STEP, "decode-floor", D(gpu="h200", batch=20, context=8192), "step_ms", 25, "ms", cf="sentence", stated=dict(gpu="h200", batch=20, context=8192), tol=0.05),
   C("only about 2.8 ms of that", "compute time of one decode step", "decode-floor", D(gpu="h200", batch=20, context=8192), "compute_ms", 2.8, "ms", cf="answer", stated=dict(gpu="h200", batch=20)),
   C("about 776 tokens a second", Q_PU, "decode-floor", D(gpu="h200", batch=20, context=8192), "tokens_per_s_per_user", 776, "tokens/s", verdict="wrong", error="per-user-vs-total", cf="answer", stated=dict(gpu="h200", batch=20, context=8192), note="776 is the total over twenty users; each gets about 39"),
  ])

A("t-q01-004", "q01", """One user on the H200: 70 gigs of weights plus about 21 gigs of cache, divided by 4.8 terabytes a second, is about 15 microseconds a step. So something like 66,000 tokens a second for that single user.""",
  [C("about 21 gigs of cache", "KV-cache bytes read per decode step", "decode-floor", D(gpu="h200", batch=1, context=8192), "kv_bytes_read", 21, "GB", verdict="wrong", error="attention-heads", cf="card-default", stated=dict(gpu="h200", batch=1), note="64 attention heads instead of 8 KV heads: 2.68 GB"),
   C("about 15 microseconds a step", Q_STEP, "decode-floor", D(gpu="h200", batch=1, context=8192), "step_ms", 0.015, "ms", verdict="wrong", error="unit-slip", cf="sentence", stated=dict(gpu="h200", batch=1), note="15 ms, not microseconds: GB / (TB/s) is milliseconds"),
   C("something like 66,000 tokens a second", Q_PU, "decode-floor", D(gpu="h200", batch=1, context=8192), "tokens_per_s_per_user", 66000, "tokens/s", verdict="wrong", error="unit-slip", cf="answer", stated=dict(gpu="h200", batch=1), note="follows from the ms/us slip; truth 66"),
  ])

A("t-q01-005", "q01", """Prefill is the compute-bound half. An 8K prompt on a 70B model at FP8, one H100 at 50% utilization, is about 2.3 seconds. On a B200 it's about half a second, 0.51, and on an MI300X around 0.88 seconds. So even the B200 misses a 450 millisecond TTFT target on its own, and that's why chunked prefill and prefix caching matter.""",
  [C("about 2.3 seconds", Q_PRE, "prefill", dict(params_b=70, prompt_tokens=8192, gpu="h100"), "seconds", 2.3, "s", verdict="wrong", error="wrong-spec", stated=dict(gpu="h100", compute_dtype="fp8", compute_util=0.5, prompt_tokens=8192), note="used the BF16 rate (989 TFLOPS) though FP8 was stated: 1.16 s"),
   C("0.51", Q_PRE, "prefill", dict(params_b=70, prompt_tokens=8192, gpu="b200"), "seconds", 0.51, "s", stated=dict(gpu="b200", compute_dtype="fp8", compute_util=0.5)),
   C("around 0.88 seconds", Q_PRE, "prefill", dict(params_b=70, prompt_tokens=8192, gpu="mi300x"), "seconds", 0.88, "s", stated=dict(gpu="mi300x", compute_dtype="fp8", compute_util=0.5)),
  ], distractors=["450 millisecond"])

A("t-q01-006", "q01", """And if the prefill runs in BF16 rather than FP8, same H100, it doesn't change much, it's still about 1.16 seconds for the 8K prompt because the tensor cores are the same.""",
  [C("still about 1.16 seconds", Q_PRE, "prefill", dict(params_b=70, prompt_tokens=8192, gpu="h100", compute_dtype="bf16"), "seconds", 1.16, "s", verdict="wrong", error="wrong-spec", stated=dict(gpu="h100", compute_dtype="bf16", prompt_tokens=8192), note="BF16 dense rate is 989 TFLOPS, half the FP8 rate: 2.32 s"),
  ])

A("t-q01-007", "q01", """Prompt length matters linearly. A 32K prompt is four times the tokens, so about 4.6 seconds on one H100, and a 4K prompt is around 0.58 s. Spread the 32K one over eight H100s with tensor parallel and it drops to roughly 0.58 seconds, ignoring communication.""",
  [C("about 4.6 seconds", Q_PRE, "prefill", dict(params_b=70, prompt_tokens=32768, gpu="h100"), "seconds", 4.6, "s", stated=dict(prompt_tokens=32768, gpu="h100")),
   C("around 0.58 s", Q_PRE, "prefill", dict(params_b=70, prompt_tokens=4096, gpu="h100"), "seconds", 0.58, "s", stated=dict(prompt_tokens=4096, gpu="h100")),
   C("roughly 0.58 seconds", Q_PRE, "prefill", dict(params_b=70, prompt_tokens=32768, gpu="h100", gpus=8), "seconds", 0.58, "s", stated=dict(prompt_tokens=32768, gpu="h100", gpus=8)),
  ])

A("t-q01-008", "q01", """For the embedder in front, a micro-batcher makes sense. Offered 1,500 requests a second with a max batch of 32 and a 10 ms window, it serves about a thousand a second and sheds the rest, and p99 for what it admits is about 31 ms, one batch. If I shrink the queue to 64, p99 drops to something like 93 ms, at the cost of shedding more. At 800 a second it just keeps up and serves roughly 770 a second.""",
  [C("serves about a thousand a second", "requests per second the micro-batcher serves", "microbatch-sim", dict(rate_per_s=1500), "served_per_s", 1000, "requests/s", cf="sentence", stated=dict(rate_per_s=1500, max_batch=32, max_wait_ms=10)),
   C("about 31 ms, one batch", "p99 latency of admitted requests", "microbatch-sim", dict(rate_per_s=1500), "p99_ms", 31, "ms", verdict="wrong", error="other", cf="sentence", stated=dict(rate_per_s=1500), note="ignores the queue: admitted requests wait behind a full queue of 256, p99 279 ms"),
   C("something like 93 ms", "p99 latency of admitted requests", "microbatch-sim", dict(rate_per_s=1500, max_queue=64), "p99_ms", 93, "ms", cf="sentence", stated=dict(rate_per_s=1500, max_queue=64)),
   C("serves roughly 770 a second", "requests per second the micro-batcher serves", "microbatch-sim", dict(rate_per_s=800), "served_per_s", 770, "requests/s", stated=dict(rate_per_s=800)),
  ], distractors=[])

A("t-q01-009", "q01", """With twenty users at 8K on the H200, each one gets about 50 tokens a second, and that's comfortably under the 40 ms per-token limit.""",
  [C("about 50 tokens a second", Q_PU, "decode-floor", D(gpu="h200", batch=20, context=8192, kv_dtype="fp8"), "tokens_per_s_per_user", 50, "tokens/s", verdict="ambiguous", cf="sentence", stated=dict(gpu="h200", batch=20, context=8192), alt_args=D(gpu="h200", batch=20, context=8192, kv_dtype="bf16"), note="cache precision unstated: right for an FP8 cache (49.6), wrong for the card's BF16 cache (38.8)"),
  ], distractors=["40 ms"])

A("t-q01-010", "q01", """On an MI300X, 5.3 terabytes a second and 192 gigs, a single 8K user with FP8 weights is about 13.7 ms a step, so about 73 tokens a second. Twenty users on a BF16 cache get roughly 43 each, about 860 tokens a second in total, and the card holds about 37 of those sequences before the cache runs out.""",
  [C("about 13.7 ms a step", Q_STEP, "decode-floor", D(gpu="mi300x", batch=1, context=8192), "step_ms", 13.7, "ms", stated=dict(gpu="mi300x", batch=1, context=8192, weight_dtype="fp8")),
   C("about 73 tokens a second", Q_PU, "decode-floor", D(gpu="mi300x", batch=1, context=8192), "tokens_per_s_per_user", 73, "tokens/s", cf="answer", stated=dict(gpu="mi300x", batch=1)),
   C("roughly 43 each", Q_PU, "decode-floor", D(gpu="mi300x", batch=20, context=8192, kv_dtype="bf16"), "tokens_per_s_per_user", 43, "tokens/s", cf="answer", stated=dict(gpu="mi300x", batch=20, cache_dtype="bf16")),
   C("about 860 tokens a second in total", Q_TOT, "decode-floor", D(gpu="mi300x", batch=20, context=8192, kv_dtype="bf16"), "tokens_per_s_total", 860, "tokens/s", cf="answer", stated=dict(gpu="mi300x", batch=20, cache_dtype="bf16")),
   C("about 37 of those sequences", Q_MAX, "decode-floor", D(gpu="mi300x", batch=20, context=8192, kv_dtype="bf16"), "max_batch_that_fits", 37, "sequences", cf="answer", stated=dict(gpu="mi300x", cache_dtype="bf16", context=8192)),
  ])

A("t-q01-011", "q01", """The nice thing is the weights are read once per step no matter the batch, so with 20 users the step stays at about 15 ms, same as one user, and you get twenty times the throughput for free, around 1,300 tokens a second.""",
  [C("the step stays at about 15 ms", Q_STEP, "decode-floor", D(gpu="h200", batch=20, context=8192), "step_ms", 15, "ms", verdict="wrong", error="other", cf="card-default", stated=dict(batch=20), note="ignores the 20 sequences' cache reads (53.7 GB): truth 25.8 ms"),
   C("around 1,300 tokens a second", Q_TOT, "decode-floor", D(gpu="h200", batch=20, context=8192), "tokens_per_s_total", 1300, "tokens/s", verdict="wrong", error="other", cf="card-default", stated=dict(batch=20), note="20 x 66 assumes no cache reads; truth 776"),
  ])

A("t-q01-012", "q01", """Let me do sixteen users rather than twenty. On the H200 at 8K with a BF16 cache, sixteen sequences read about 43 GB of cache a step, so the step is about 23.5 ms and the total is around 680 tokens a second, about 42 and a half per user.""",
  [C("about 43 GB of cache a step", "KV-cache bytes read per decode step", "decode-floor", D(gpu="h200", batch=16, context=8192, kv_dtype="bf16"), "kv_bytes_read", 43, "GB", cf="answer", stated=dict(batch=16, gpu="h200", context=8192, cache_dtype="bf16")),
   C("about 23.5 ms", Q_STEP, "decode-floor", D(gpu="h200", batch=16, context=8192, kv_dtype="bf16"), "step_ms", 23.5, "ms", cf="answer", stated=dict(batch=16)),
   C("around 680 tokens a second", Q_TOT, "decode-floor", D(gpu="h200", batch=16, context=8192, kv_dtype="bf16"), "tokens_per_s_total", 680, "tokens/s", cf="answer", stated=dict(batch=16)),
   C("about 42 and a half per user", Q_PU, "decode-floor", D(gpu="h200", batch=16, context=8192, kv_dtype="bf16"), "tokens_per_s_per_user", 42.5, "tokens/s", cf="answer", stated=dict(batch=16)),
  ])

A("t-q01-013", "q01", """For a smaller deployment, Mistral 7B in BF16 on an L4: 14.5 gigs of weights over 300 gigabytes a second is a step of about 50 milliseconds at 4K, so about 20 tokens a second for one user, and only about four 4K sequences fit in the 24 gigs. On an H100 the same model at 8K is about 4.6 ms a step, over 200 tokens a second.""",
  [C("about 50 milliseconds", Q_STEP, "decode-floor", dict(model="mistral-7b-v0.3", weight_dtype="bf16", gpu="l4", batch=1, context=4096), "step_ms", 50, "ms", cf="answer", stated=dict(model="mistral-7b-v0.3", weight_dtype="bf16", gpu="l4", context=4096)),
   C("about 20 tokens a second", Q_PU, "decode-floor", dict(model="mistral-7b-v0.3", weight_dtype="bf16", gpu="l4", batch=1, context=4096), "tokens_per_s_per_user", 20, "tokens/s", cf="answer", stated=dict(model="mistral-7b-v0.3", gpu="l4")),
   C("only about four 4K sequences", Q_MAX, "decode-floor", dict(model="mistral-7b-v0.3", weight_dtype="bf16", gpu="l4", batch=1, context=4096), "max_batch_that_fits", 4, "sequences", cf="answer", stated=dict(model="mistral-7b-v0.3", gpu="l4", context=4096)),
   C("about 4.6 ms a step", Q_STEP, "decode-floor", dict(model="mistral-7b-v0.3", weight_dtype="bf16", gpu="h100", batch=1, context=8192), "step_ms", 4.6, "ms", cf="answer", stated=dict(model="mistral-7b-v0.3", gpu="h100", context=8192)),
  ], distractors=["7B"])

A("t-q01-014", "q01", """So with forty users at 8K, the step floor is about 15.5 milliseconds, 65 tokens a second per user, and about 2,600 tokens a second for the box.""",
  [C("about 15.5 milliseconds", Q_STEP, "decode-floor", D(gpu="b200", batch=40, context=8192, kv_dtype="fp8"), "step_ms", 15.5, "ms", cf="earlier", stated=dict(gpu="b200", weight_dtype="fp8", cache_dtype="fp8", batch=40, context=8192)),
   C("65 tokens a second per user", Q_PU, "decode-floor", D(gpu="b200", batch=40, context=8192, kv_dtype="fp8"), "tokens_per_s_per_user", 65, "tokens/s", cf="earlier", stated=dict(gpu="b200", cache_dtype="fp8", batch=40)),
   C("about 2,600 tokens a second", Q_TOT, "decode-floor", D(gpu="b200", batch=40, context=8192, kv_dtype="fp8"), "tokens_per_s_total", 2600, "tokens/s", cf="earlier", stated=dict(gpu="b200", cache_dtype="fp8", batch=40)),
  ], earlier=["Let's assume the customer has B200s, and we run FP8 for both the weights and the KV cache."])

A("t-q01-015", "q01", """The cache is what caps the batch. Each 8K sequence of Llama 70B is about 21 gigabytes of cache in BF16, because you've got 64 heads times 128 times 80 layers times K and V, so on the H200 you'd fit two, maybe three users.""",
  [C("about 21 gigabytes of cache in BF16", "KV-cache bytes of one 8K sequence", "kv-calc", dict(model="llama-3.3-70b", dtype="bf16", context=8192), "bytes_per_sequence", 21, "GB", verdict="wrong", error="attention-heads", stated=dict(cache_dtype="bf16", context=8192), note="64 attention heads instead of 8 KV heads: 8x; truth 2.68 GB"),
   C("you'd fit two, maybe three users", "8K sequences that fit on one H200 (BF16 cache, FP8 weights)", "kv-calc", dict(model="llama-3.3-70b", dtype="bf16", context=8192, gpu="h200", weights_gb=70), "sequences_that_fit", 2.5, "sequences", verdict="wrong", error="attention-heads", cf="answer", stated=dict(gpu="h200", cache_dtype="bf16", context=8192), note="follows from the 8x per-sequence error; truth 20.4"),
  ], distractors=["64 heads"])

A("t-q01-016", "q01", """Where does compute take over? With 8K sequences on a BF16 cache it basically never does on an H200, the cache reads grow as fast as the FLOPs. But at twenty users of 4K each with an FP8 cache the step is about 17.4 ms, 1,150 tokens a second total, versus about 20 ms and 990 tokens a second with a BF16 cache.""",
  [C("about 17.4 ms", Q_STEP, "decode-floor", D(gpu="h200", batch=20, context=4096, kv_dtype="fp8"), "step_ms", 17.4, "ms", stated=dict(batch=20, context=4096, cache_dtype="fp8", gpu="h200")),
   C("1,150 tokens a second total", Q_TOT, "decode-floor", D(gpu="h200", batch=20, context=4096, kv_dtype="fp8"), "tokens_per_s_total", 1150, "tokens/s", stated=dict(batch=20, context=4096, cache_dtype="fp8")),
   C("about 20 ms", Q_STEP, "decode-floor", D(gpu="h200", batch=20, context=4096, kv_dtype="bf16"), "step_ms", 20, "ms", stated=dict(batch=20, context=4096, cache_dtype="bf16")),
   C("990 tokens a second", Q_TOT, "decode-floor", D(gpu="h200", batch=20, context=4096, kv_dtype="bf16"), "tokens_per_s_total", 990, "tokens/s", stated=dict(batch=20, context=4096, cache_dtype="bf16")),
  ])

A("t-q01-017", "q01", """If the customer's conversations run to 32K, twenty of them on the H200 with a BF16 cache don't even fit, only five do. With an FP8 cache you get ten, and twenty 32K users on FP8 would be a 37 ms step, about 27 tokens a second each, which is cutting it close to a 40 ms ITL target.""",
  [C("only five do", Q_MAX, "decode-floor", D(gpu="h200", batch=20, context=32768, kv_dtype="bf16"), "max_batch_that_fits", 5, "sequences", stated=dict(context=32768, gpu="h200", cache_dtype="bf16")),
   C("you get ten", Q_MAX, "decode-floor", D(gpu="h200", batch=20, context=32768, kv_dtype="fp8"), "max_batch_that_fits", 10, "sequences", cf="answer", stated=dict(context=32768, cache_dtype="fp8")),
   C("a 37 ms step", Q_STEP, "decode-floor", D(gpu="h200", batch=20, context=32768, kv_dtype="fp8"), "step_ms", 37, "ms", stated=dict(batch=20, context=32768, cache_dtype="fp8")),
   C("about 27 tokens a second each", Q_PU, "decode-floor", D(gpu="h200", batch=20, context=32768, kv_dtype="fp8"), "tokens_per_s_per_user", 27, "tokens/s", stated=dict(batch=20, context=32768, cache_dtype="fp8")),
  ], distractors=["40 ms"])

A("t-q01-018", "q01", """At 2,000 requests a second the same micro-batcher still tops out around a thousand served a second, and it sheds roughly a third of what's offered.""",
  [C("around a thousand served a second", "requests per second the micro-batcher serves", "microbatch-sim", dict(rate_per_s=2000), "served_per_s", 1000, "requests/s", stated=dict(rate_per_s=2000)),
   C("roughly a third of what's offered", "fraction of offered requests shed", "microbatch-sim", dict(rate_per_s=2000), "shed", 0.333, "fraction", stated=dict(rate_per_s=2000), scale=1/2000, tol=0.1, note="the simulation offers 2,000 requests; it sheds 702 of them (35%), 'roughly a third'"),
  ])
