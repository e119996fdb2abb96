from engine import A, C

Q_BPT = "KV-cache bytes per token"
Q_SEQ = "sequences of the stated context that fit in the KV-cache budget"
Q_BUD = "KV-cache budget after weights and activations"
Q_TOK = "tokens of KV cache that fit in the budget"
Q_PSEQ = "KV-cache bytes of one sequence"
def K(**k):
    a = dict(model="llama-3.3-70b"); a.update(k); return a

A("t-q02-001", "q02", """Per token it's two for K and V, times 80 layers, times 8 KV heads, times a head dim of 128, times 2 bytes in BF16. That's 327,680 bytes, so 320 KiB a token. An 8K sequence is then about 2.7 megabytes, and a full 128K context is about 43 gigabytes for one user.""",
  [C("327,680 bytes", Q_BPT, "kv-calc", K(dtype="bf16"), "bytes_per_token", 327680, "bytes", cf="answer", stated=dict(model="llama-3.3-70b", cache_dtype="bf16")),
   C("320 KiB a token", Q_BPT, "kv-calc", K(dtype="bf16"), "bytes_per_token", 327680, "bytes", cf="answer", stated=dict(cache_dtype="bf16"), note="320 KiB = 327,680 B"),
   C("about 2.7 megabytes", Q_PSEQ, "kv-calc", K(dtype="bf16", context=8192), "bytes_per_sequence", 0.0027, "GB", verdict="wrong", error="unit-slip", note="GB said as MB", cf="answer", stated=dict(context=8192, cache_dtype="bf16")),
   C("about 43 gigabytes", Q_PSEQ, "kv-calc", K(dtype="bf16", context=131072), "bytes_per_sequence", 43, "GB", cf="answer", stated=dict(context=131072, cache_dtype="bf16")),
  ], distractors=["two for K and V"])

A("t-q02-002", "q02", """Take Qwen3 235B. It has 94 layers and only 4 KV heads of dimension 128, so in BF16 that's 2 times 94 times 4 times 128 times 2, which is 192,512 bytes, about 188 KiB a token. If we run an FP8 cache it halves to roughly 96 K a token.""",
  [C("192,512 bytes", Q_BPT, "kv-calc", dict(model="qwen3-235b-a22b", dtype="bf16"), "bytes_per_token", 192512, "bytes", cf="answer", stated=dict(model="qwen3-235b-a22b", cache_dtype="bf16")),
   C("about 188 KiB a token", Q_BPT, "kv-calc", dict(model="qwen3-235b-a22b", dtype="bf16"), "bytes_per_token", 188 * 1024, "bytes", cf="answer", stated=dict(model="qwen3-235b-a22b", cache_dtype="bf16")),
   C("roughly 96 K a token", Q_BPT, "kv-calc", dict(model="qwen3-235b-a22b", dtype="fp8"), "bytes_per_token", 96000, "bytes", stated=dict(model="qwen3-235b-a22b", cache_dtype="fp8"), note="'96 K' read as 96,000 B; 94 KiB exactly"),
  ], distractors=["Qwen3 235B"])

A("t-q02-003", "q02", """GLM-4.5 is a big one: 92 layers, 96 attention heads of 128. So per token in BF16 it's 2 times 92 times 96 times 128 times 2, roughly 4.5 megabytes a token, which is why it's so expensive to serve long context.""",
  [C("roughly 4.5 megabytes a token", Q_BPT, "kv-calc", dict(model="glm-4.5", dtype="bf16"), "bytes_per_token", 4.5e6, "bytes", verdict="wrong", error="attention-heads", stated=dict(model="glm-4.5", cache_dtype="bf16"), note="GLM-4.5 has 8 KV heads: 376,832 B per token; 96 attention heads gives 12x"),
  ])

A("t-q02-004", "q02", """On a single 80 gig H100 with Mistral 7B v0.3 in BF16: 80 times 0.92 is 73.6, minus about 14.5 GB of weights and 5 of activations leaves about 54 GB. Mistral is 32 layers with 8 KV heads of 128, so 128 KiB a token, and that's roughly 413 thousand tokens of cache.""",
  [C("leaves about 54 GB", Q_BUD, "kv-calc", dict(model="mistral-7b-v0.3", gpu="h100", weight_dtype="bf16"), "budget_gb", 54, "GB", stated=dict(model="mistral-7b-v0.3", gpu="h100", weight_dtype="bf16", util=0.92)),
   C("128 KiB a token", Q_BPT, "kv-calc", dict(model="mistral-7b-v0.3", dtype="bf16"), "bytes_per_token", 131072, "bytes", stated=dict(model="mistral-7b-v0.3", cache_dtype="bf16")),
   C("roughly 413 thousand tokens", Q_TOK, "kv-calc", dict(model="mistral-7b-v0.3", gpu="h100", weight_dtype="bf16", dtype="bf16"), "tokens_that_fit", 413000, "tokens", cf="answer", stated=dict(model="mistral-7b-v0.3", gpu="h100", cache_dtype="bf16")),
  ], distractors=["v0.3", "7B"])

A("t-q02-005", "q02", """So on the H200 you've got 141 GB times 0.92, about 130 GB for the cache, and at 320 KiB a token that's roughly 400 thousand tokens, so something like 48 users at 8K.""",
  [C("320 KiB a token", Q_BPT, "kv-calc", K(dtype="bf16"), "bytes_per_token", 327680, "bytes", cf="card-default", stated=dict()),
   C("about 130 GB for the cache", Q_BUD, "kv-calc", K(gpu="h200", weights_gb=70), "budget_gb", 130, "GB", verdict="wrong", error="forgot-weights", cf="card-default", stated=dict(gpu="h200", util=0.92), note="forgot to subtract 70 GB of weights and 5 GB of activations: 54.7 GB"),
   C("roughly 400 thousand tokens", Q_TOK, "kv-calc", K(gpu="h200", weights_gb=70, dtype="bf16"), "tokens_that_fit", 400000, "tokens", verdict="wrong", error="forgot-weights", cf="answer", stated=dict(gpu="h200", cache_dtype="bf16")),
   C("something like 48 users at 8K", Q_SEQ, "kv-calc", K(gpu="h200", weights_gb=70, dtype="bf16", context=8192), "sequences_that_fit", 48, "sequences", verdict="wrong", error="forgot-weights", cf="answer", stated=dict(gpu="h200", context=8192)),
  ])

A("t-q02-006", "q02", """On a B200 with 180 GB and the same 70 gigs of FP8 weights, the budget is about 90.6 GB. That's around 276 thousand BF16 tokens, so about 33 sequences of 8K, or 67 if I go to an FP8 cache.""",
  [C("about 90.6 GB", Q_BUD, "kv-calc", K(gpu="b200", weights_gb=70), "budget_gb", 90.6, "GB", stated=dict(gpu="b200", weights_gb=70)),
   C("around 276 thousand BF16 tokens", Q_TOK, "kv-calc", K(gpu="b200", weights_gb=70, dtype="bf16"), "tokens_that_fit", 276000, "tokens", cf="answer", stated=dict(gpu="b200", cache_dtype="bf16")),
   C("about 33 sequences of 8K", Q_SEQ, "kv-calc", K(gpu="b200", weights_gb=70, dtype="bf16", context=8192), "sequences_that_fit", 33, "sequences", cf="answer", stated=dict(gpu="b200", cache_dtype="bf16", context=8192)),
   C("67 if I go to an FP8 cache", Q_SEQ, "kv-calc", K(gpu="b200", weights_gb=70, dtype="fp8", context=8192), "sequences_that_fit", 67, "sequences", cf="answer", stated=dict(gpu="b200", cache_dtype="fp8", context=8192)),
  ])

A("t-q02-007", "q02", """So with FP8 weights each sequence is about 10.7 GB of BF16 cache, and after weights and activations I have roughly 101 gigs, so about nine and a half of them fit. If they take the FP8 cache it's nineteen.""",
  [C("about 10.7 GB", Q_PSEQ, "kv-calc", K(dtype="bf16", context=32768), "bytes_per_sequence", 10.7, "GB", cf="earlier", stated=dict(context=32768, cache_dtype="bf16")),
   C("roughly 101 gigs", Q_BUD, "kv-calc", K(gpu="mi300x", weights_gb=70), "budget_gb", 101, "GB", cf="earlier", stated=dict(gpu="mi300x", weight_dtype="fp8")),
   C("about nine and a half of them fit", Q_SEQ, "kv-calc", K(gpu="mi300x", weights_gb=70, dtype="bf16", context=32768), "sequences_that_fit", 9.5, "sequences", cf="earlier", stated=dict(gpu="mi300x", context=32768, cache_dtype="bf16")),
   C("it's nineteen", Q_SEQ, "kv-calc", K(gpu="mi300x", weights_gb=70, dtype="fp8", context=32768), "sequences_that_fit", 19, "sequences", cf="earlier", stated=dict(gpu="mi300x", context=32768, cache_dtype="fp8")),
  ], earlier=["The customer is on MI300X, the 192 gig part, and they want 32K contexts for their document workflows."])

A("t-q02-008", "q02", """If I set gpu_memory_utilization to 0.9 instead of 0.92 on the H200, the budget is about 51.9 GB, and that's about 19.3 sequences of 8K in BF16.""",
  [C("about 51.9 GB", Q_BUD, "kv-calc", K(gpu="h200", weights_gb=70, util=0.9), "budget_gb", 51.9, "GB", stated=dict(gpu="h200", util=0.9)),
   C("about 19.3 sequences of 8K in BF16", Q_SEQ, "kv-calc", K(gpu="h200", weights_gb=70, util=0.9, dtype="bf16", context=8192), "sequences_that_fit", 19.3, "sequences", stated=dict(util=0.9, context=8192, cache_dtype="bf16")),
  ])

A("t-q02-009", "q02", """DeepSeek-V3 uses MLA, so the formula is different: the 512-wide latent plus the 64-wide RoPE key, times 61 layers, times 2 bytes. That's 70,272 bytes, about 69 KB a token, and in FP8 about 35 KB.""",
  [C("70,272 bytes", Q_BPT, "kv-calc", dict(model="deepseek-v3", dtype="bf16"), "bytes_per_token", 70272, "bytes", cf="sentence", stated=dict(model="deepseek-v3", cache_dtype="bf16")),
   C("about 69 KB a token", Q_BPT, "kv-calc", dict(model="deepseek-v3", dtype="bf16"), "bytes_per_token", 69000, "bytes", cf="answer", stated=dict(model="deepseek-v3", cache_dtype="bf16")),
   C("in FP8 about 35 KB", Q_BPT, "kv-calc", dict(model="deepseek-v3", dtype="fp8"), "bytes_per_token", 35000, "bytes", stated=dict(model="deepseek-v3", cache_dtype="fp8")),
  ])

A("t-q02-010", "q02", """DeepSeek-V3 has 128 heads with head dim 128 and 61 layers, so the KV cache per token in BF16 is 2 times 61 times 128 times 128 times 2, about 4 megabytes a token.""",
  [C("about 4 megabytes a token", Q_BPT, "kv-calc", dict(model="deepseek-v3", dtype="bf16"), "bytes_per_token", 4e6, "bytes", verdict="wrong", error="attention-heads", stated=dict(model="deepseek-v3", cache_dtype="bf16"), note="MHA reading of an MLA model; the latent cache is 70,272 B per token"),
  ])

A("t-q02-011", "q02", """On a node of eight H200s with DeepSeek's FP8 weights at about 671 gigs, there's roughly 360 GB left for cache, which is about five million tokens of BF16 MLA cache.""",
  [C("roughly 360 GB left for cache", Q_BUD, "kv-calc", dict(model="deepseek-v3", gpu="h200", gpus=8, weights_gb=671), "budget_gb", 360, "GB", stated=dict(model="deepseek-v3", gpu="h200", gpus=8, weights_gb=671)),
   C("about five million tokens", Q_TOK, "kv-calc", dict(model="deepseek-v3", gpu="h200", gpus=8, weights_gb=671, dtype="bf16"), "tokens_that_fit", 5e6, "tokens", stated=dict(model="deepseek-v3", gpus=8, cache_dtype="bf16"), tol=0.06, note="5.15M: 'about five million'"),
  ])

A("t-q02-012", "q02", """gpt-oss-120b only grows in its 18 full-attention layers, so it's 36,864 bytes a token, plus the banded window layers hold a fixed 9 MiB per sequence. So a 32K conversation is about 1.2 GB of cache.""",
  [C("36,864 bytes a token", Q_BPT, "kv-calc", dict(model="gpt-oss-120b", dtype="bf16"), "bytes_per_token", 36864, "bytes", cf="card-default", stated=dict(model="gpt-oss-120b")),
   C("a fixed 9 MiB per sequence", "fixed window-layer cache per sequence", "kv-calc", dict(model="gpt-oss-120b", dtype="bf16"), "fixed_bytes_per_sequence", 9, "MiB", verdict="wrong", error="2x", note="counted K and V twice over the 128-token window: 4.5 MiB", cf="card-default", stated=dict(model="gpt-oss-120b")),
   C("about 1.2 GB of cache", Q_PSEQ, "kv-calc", dict(model="gpt-oss-120b", dtype="bf16", context=32768), "bytes_per_sequence", 1.2, "GB", stated=dict(model="gpt-oss-120b", context=32768)),
  ], distractors=["18 full-attention layers"])

A("t-q02-013", "q02", """For gpt-oss-120b it's 36 layers, 8 KV heads, head dim 64, 2 bytes, so about 74 KB a token.""",
  [C("about 74 KB a token", Q_BPT, "kv-calc", dict(model="gpt-oss-120b", dtype="bf16"), "bytes_per_token", 74000, "bytes", verdict="wrong", error="2x", cf="card-default", stated=dict(model="gpt-oss-120b"), note="counts the 18 sliding-window layers as growing: 2x the 36,864 B"),
  ])

A("t-q02-014", "q02", """Qwen3.8 27B is a hybrid: only 16 of its 64 layers are full attention, 4 KV heads of 256, so 64 KiB a token in BF16, the DeltaNet layers keep a fixed state. At 128K that's about 8.6 GB for one sequence, and at 32K about 2.1.""",
  [C("64 KiB a token in BF16", Q_BPT, "kv-calc", dict(model="qwen3.8-27b", dtype="bf16"), "bytes_per_token", 65536, "bytes", cf="card-default", stated=dict(model="qwen3.8-27b", cache_dtype="bf16")),
   C("about 8.6 GB for one sequence", Q_PSEQ, "kv-calc", dict(model="qwen3.8-27b", dtype="bf16", context=131072), "bytes_per_sequence", 8.6, "GB", stated=dict(model="qwen3.8-27b", context=131072)),
   C("at 32K about 2.1", Q_PSEQ, "kv-calc", dict(model="qwen3.8-27b", dtype="bf16", context=32768), "bytes_per_sequence", 2.1, "GB", stated=dict(model="qwen3.8-27b", context=32768)),
  ], distractors=["27B"])

A("t-q02-015", "q02", """For the Qwen3.8 hybrid you take all 64 layers times 4 KV heads times 256 times 2 for K and V times 2 bytes, which is 256 KiB a token.""",
  [C("256 KiB a token", Q_BPT, "kv-calc", dict(model="qwen3.8-27b", dtype="bf16"), "bytes_per_token", 262144, "bytes", verdict="wrong", error="other", cf="card-default", stated=dict(model="qwen3.8-27b"), note="counts the 48 linear-attention layers; only 16 full layers grow: 64 KiB"),
  ])

A("t-q02-016", "q02", """Kimi K3 only caches in 24 of its 93 layers, the MLA ones, 576 values each, so about 27 KB a token in BF16, and about 13.5 K with FP8.""",
  [C("about 27 KB a token in BF16", Q_BPT, "kv-calc", dict(model="kimi-k3", dtype="bf16"), "bytes_per_token", 27000, "bytes", stated=dict(model="kimi-k3", cache_dtype="bf16")),
   C("about 13.5 K with FP8", Q_BPT, "kv-calc", dict(model="kimi-k3", dtype="fp8"), "bytes_per_token", 13500, "bytes", stated=dict(model="kimi-k3", cache_dtype="fp8")),
  ])

A("t-q02-017", "q02", """OPT-13B is the old-school case, plain multi-head attention: 40 layers, 40 heads, hidden 5,120, so in FP16 it's 800 KiB a token, and a 2K sequence is about 1.7 GB.""",
  [C("800 KiB a token", Q_BPT, "kv-calc", dict(model="opt-13b", dtype="fp16"), "bytes_per_token", 819200, "bytes", stated=dict(model="opt-13b", cache_dtype="fp16")),
   C("about 1.7 GB", Q_PSEQ, "kv-calc", dict(model="opt-13b", dtype="fp16", context=2048), "bytes_per_sequence", 1.7, "GB", stated=dict(model="opt-13b", context=2048)),
  ], distractors=["13B"])

A("t-q02-018", "q02", """Llama 4 Scout mixes layer types: 12 global layers with 8 KV heads of 128 give 48 KiB a token in BF16, and the 36 chunked layers cap at 8K tokens, which is about 1.2 GB fixed per sequence once it's past 8K.""",
  [C("48 KiB a token in BF16", Q_BPT, "kv-calc", dict(model="llama-4-scout", dtype="bf16"), "bytes_per_token", 49152, "bytes", stated=dict(model="llama-4-scout", cache_dtype="bf16")),
   C("about 1.2 GB fixed per sequence", "fixed chunked-layer cache per sequence", "kv-calc", dict(model="llama-4-scout", dtype="bf16"), "fixed_bytes_per_sequence", 1.2, "GB", stated=dict(model="llama-4-scout", cache_dtype="bf16")),
  ], distractors=["Llama 4"])

A("t-q02-019", "q02", """With the 54.7 gigs we have on the H200, that's about 41 sequences of 8K.""",
  [C("54.7 gigs", Q_BUD, "kv-calc", K(gpu="h200", weights_gb=70), "budget_gb", 54.7, "GB", stated=dict(gpu="h200")),
   C("about 41 sequences of 8K", Q_SEQ, "kv-calc", K(gpu="h200", weights_gb=70, dtype="fp8", context=8192), "sequences_that_fit", 41, "sequences", verdict="ambiguous", stated=dict(gpu="h200", context=8192, budget_gb=54.7), alt_args=K(gpu="h200", weights_gb=70, dtype="bf16", context=8192), note="cache precision unstated: right with an FP8 cache (40.8), wrong with BF16 (20.4)"),
  ])

A("t-q02-020", "q02", """For Llama 3.3 70B the cache is about 160 KB a token, so it's really the context length that drives it.""",
  [C("about 160 KB a token", Q_BPT, "kv-calc", K(dtype="fp8"), "bytes_per_token", 160000, "bytes", verdict="ambiguous", stated=dict(model="llama-3.3-70b"), alt_args=K(dtype="bf16"), note="cache precision unstated: right for FP8 (163,840), wrong for BF16 (327,680)"),
  ])

A("t-q02-021", "q02", """In BF16 that's 320 megabytes per token for Llama 70B, so long contexts get huge fast.""",
  [C("320 megabytes per token", Q_BPT, "kv-calc", K(dtype="bf16"), "bytes_per_token", 320e6, "bytes", verdict="wrong", error="unit-slip", stated=dict(model="llama-3.3-70b", cache_dtype="bf16"), note="KiB said as MB: 1000x"),
  ])

A("t-q02-022", "q02", """2 times 80 times 8 times 128 is 163,840 values per token, and each is 16 bits, so about 2.6 megabytes a token for Llama in BF16.""",
  [C("about 2.6 megabytes a token", Q_BPT, "kv-calc", K(dtype="bf16"), "bytes_per_token", 2.6e6, "bytes", verdict="wrong", error="unit-slip", stated=dict(model="llama-3.3-70b", cache_dtype="bf16"), note="multiplied by 16 bits as if bytes: 8x; truth 327,680 B"),
  ])

A("t-q02-023", "q02", """Across two H100s with tensor parallel you have 160 gigs, so after the 70 GB of FP8 weights and activations there's about 72 GB for cache, roughly 27 sequences of 8K in BF16. On a single H100 it doesn't work at all: 73.6 usable minus 75 is negative, about minus 1.4.""",
  [C("about 72 GB for cache", Q_BUD, "kv-calc", K(gpu="h100", gpus=2, weights_gb=70), "budget_gb", 72, "GB", stated=dict(gpu="h100", gpus=2, weights_gb=70)),
   C("roughly 27 sequences of 8K in BF16", Q_SEQ, "kv-calc", K(gpu="h100", gpus=2, weights_gb=70, dtype="bf16", context=8192), "sequences_that_fit", 27, "sequences", cf="answer", stated=dict(gpu="h100", gpus=2, context=8192, cache_dtype="bf16")),
   C("about minus 1.4", Q_BUD, "kv-calc", K(gpu="h100", weights_gb=70), "budget_gb", -1.4, "GB", stated=dict(gpu="h100", gpus=1, weights_gb=70)),
  ])

A("t-q02-024", "q02", """Qwen2.5 72B in BF16 is about 145 gigs of weights. On an MI300X that leaves roughly 26 GB of cache, so under ten 8K sequences, about 9.8.""",
  [C("about 145 gigs of weights", "weights in GB", "kv-calc", dict(model="qwen2.5-72b", gpu="mi300x", weight_dtype="bf16"), "weights_gb", 145, "GB", stated=dict(model="qwen2.5-72b", weight_dtype="bf16")),
   C("roughly 26 GB of cache", Q_BUD, "kv-calc", dict(model="qwen2.5-72b", gpu="mi300x", weight_dtype="bf16"), "budget_gb", 26, "GB", stated=dict(model="qwen2.5-72b", gpu="mi300x", weight_dtype="bf16")),
   C("about 9.8", Q_SEQ, "kv-calc", dict(model="qwen2.5-72b", gpu="mi300x", weight_dtype="bf16", dtype="bf16", context=8192), "sequences_that_fit", 9.8, "sequences", cf="answer", stated=dict(model="qwen2.5-72b", gpu="mi300x", context=8192)),
  ], distractors=["Qwen2.5 72B"])

A("t-q02-025", "q02", """If activations take 10 GB instead of 5, the H200 budget drops to about 49.7 GB, and that's about 18.5 BF16 sequences of 8K.""",
  [C("about 49.7 GB", Q_BUD, "kv-calc", K(gpu="h200", weights_gb=70, activations_gb=10), "budget_gb", 49.7, "GB", stated=dict(gpu="h200", activations_gb=10)),
   C("about 18.5 BF16 sequences of 8K", Q_SEQ, "kv-calc", K(gpu="h200", weights_gb=70, activations_gb=10, dtype="bf16", context=8192), "sequences_that_fit", 18.5, "sequences", stated=dict(activations_gb=10, cache_dtype="bf16", context=8192)),
  ])

A("t-q02-026", "q02", """Paging means the budget is a pool of token slots, about 167 thousand on the H200 in BF16. The same pool holds twenty users at 8K or about 160 at 1K, and with an FP8 cache it's half that, around 84 thousand tokens.""",
  [C("about 167 thousand", Q_TOK, "kv-calc", K(gpu="h200", weights_gb=70, dtype="bf16"), "tokens_that_fit", 167000, "tokens", cf="card-default", stated=dict(gpu="h200", cache_dtype="bf16")),
   C("twenty users at 8K", Q_SEQ, "kv-calc", K(gpu="h200", weights_gb=70, dtype="bf16", context=8192), "sequences_that_fit", 20, "sequences", cf="answer", stated=dict(context=8192, cache_dtype="bf16")),
   C("about 160 at 1K", Q_SEQ, "kv-calc", K(gpu="h200", weights_gb=70, dtype="bf16", context=1024), "sequences_that_fit", 160, "sequences", stated=dict(context=1024, cache_dtype="bf16", gpu="h200")),
   C("around 84 thousand tokens", Q_TOK, "kv-calc", K(gpu="h200", weights_gb=70, dtype="fp8"), "tokens_that_fit", 84000, "tokens", verdict="wrong", error="other", note="halved instead of doubled: an FP8 cache holds 334K tokens", stated=dict(cache_dtype="fp8", gpu="h200")),
  ])

A("t-q02-027", "q02", """It's 2 for K and V, and then times 2 again because you store both keys and values, times 80 layers, 8 KV heads, 128, and 2 bytes: about 655 KB a token in BF16.""",
  [C("about 655 KB a token", Q_BPT, "kv-calc", K(dtype="bf16"), "bytes_per_token", 655000, "bytes", verdict="wrong", error="2x", stated=dict(model="llama-3.3-70b", cache_dtype="bf16"), note="counted K and V twice"),
  ])

A("t-q02-028", "q02", """A 32K sequence in FP8 is about 5.4 GB, and a 128K one about 21 GB, so on the H200 with FP8 weights you'd get two and a half 128K users.""",
  [C("about 5.4 GB", Q_PSEQ, "kv-calc", K(dtype="fp8", context=32768), "bytes_per_sequence", 5.4, "GB", stated=dict(cache_dtype="fp8", context=32768)),
   C("about 21 GB", Q_PSEQ, "kv-calc", K(dtype="fp8", context=131072), "bytes_per_sequence", 21, "GB", cf="answer", stated=dict(cache_dtype="fp8", context=131072)),
   C("two and a half 128K users", Q_SEQ, "kv-calc", K(gpu="h200", weights_gb=70, dtype="fp8", context=131072), "sequences_that_fit", 2.5, "sequences", cf="answer", stated=dict(gpu="h200", cache_dtype="fp8", context=131072, weight_dtype="fp8")),
  ])

A("t-q02-029", "q02", """With 54.7 gigs of budget and 2.7 gigs per 8K sequence in BF16, that's about 20 users, and at 32K about ten.""",
  [C("54.7 gigs of budget", Q_BUD, "kv-calc", K(gpu="h200", weights_gb=70), "budget_gb", 54.7, "GB", cf="card-default", stated=dict()),
   C("2.7 gigs per 8K sequence in BF16", Q_PSEQ, "kv-calc", K(dtype="bf16", context=8192), "bytes_per_sequence", 2.7, "GB", stated=dict(context=8192, cache_dtype="bf16")),
   C("about 20 users", Q_SEQ, "kv-calc", K(gpu="h200", weights_gb=70, dtype="bf16", context=8192), "sequences_that_fit", 20, "sequences", cf="sentence", stated=dict(budget_gb=54.7, context=8192, cache_dtype="bf16")),
   C("at 32K about ten", Q_SEQ, "kv-calc", K(gpu="h200", weights_gb=70, dtype="bf16", context=32768), "sequences_that_fit", 10, "sequences", verdict="wrong", error="2x", note="four times the context is a quarter of the users: 5.1", cf="answer", stated=dict(context=32768, cache_dtype="bf16")),
  ])

A("t-q02-030", "q02", """On an A100 80 gig, with the FP8 weights you just can't do it, but say we use four of them: 320 gigs, times 0.92, minus the 70 and 5, is about 219 GB, which is around 81 sequences at 8K in BF16.""",
  [C("about 219 GB", Q_BUD, "kv-calc", K(gpu="a100-80gb", gpus=4, weights_gb=70), "budget_gb", 219, "GB", stated=dict(gpu="a100-80gb", gpus=4, weights_gb=70)),
   C("around 81 sequences at 8K in BF16", Q_SEQ, "kv-calc", K(gpu="a100-80gb", gpus=4, weights_gb=70, dtype="bf16", context=8192), "sequences_that_fit", 81, "sequences", stated=dict(gpu="a100-80gb", gpus=4, context=8192, cache_dtype="bf16")),
  ], distractors=["four of them"])
