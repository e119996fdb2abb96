from core import ans, c

LL = "llama-3.3-70b"
def K(**kw):
    a = dict(model=LL); a.update(kw); return a
H = dict(gpu="h200", weights_gb=70)

ans("h2-q02-001", "q02", """OK so the KV cache is the keys and values for every token already seen, per layer, so you don't recompute attention over the prefix. For Llama 3.3 70B you open the config.json: 80 layers, 64 attention heads but only 8 key-value heads, head dim 128. So it's two, for K and V, times 80 times 8 times 128 times two bytes in BF16, which is 327,680 bytes, 320 KiB a token. Switch the cache to FP8 and it halves, 160 KiB. At 32K context in BF16, that's, uh, ten and three quarter gigs, 10.7 GB per sequence. And a full 128K context in FP8 is about 21 and a half gigs.""",
[
 c("327,680 bytes", "KV bytes per token, Llama 3.3 70B, BF16", "kv-calc", K(dtype="bf16"), "bytes_per_token",
   327680, "bytes", "correct", stated=dict(cache_dtype="bf16")),
 c("160 KiB", "KV bytes per token, Llama 3.3 70B, FP8 cache", "kv-calc", K(dtype="fp8"), "bytes_per_token",
   163840, "bytes", "correct", stated=dict(cache_dtype="fp8")),
 c("10.7 GB per sequence", "KV cache of one 32K BF16 sequence", "kv-calc", K(dtype="bf16", context=32768),
   "bytes_per_sequence", 10.7e9, "bytes", "correct", stated=dict(context=32768, cache_dtype="bf16")),
 c("about 21 and a half gigs", "KV cache of one 128K FP8 sequence", "kv-calc", K(dtype="fp8", context=131072),
   "bytes_per_sequence", 21.5e9, "bytes", "correct", stated=dict(context=131072, cache_dtype="fp8")),
], distractors=["3.3", "70B", "80 layers", "64 attention heads"])

ans("h2-q02-002", "q02", """So, per token: 80 layers, times 64 heads, times 128 dim, times two for K and V, times two bytes. That's, um, about 2.6 megabytes per token. Then an 8K conversation is around 21 gigs of cache, so on the H200, after the seventy gigs of FP8 weights, you'd fit two, maybe two and a half users. That's why the cache is the bottleneck.""",
[
 c("about 2.6 megabytes per token", "KV bytes per token, Llama 3.3 70B, BF16", "kv-calc", K(dtype="bf16"),
   "bytes_per_token", 2.6e6, "bytes", "wrong", error="attention-heads", conditions_from="card-default",
   note="64 query heads instead of 8 KV heads: 8x"),
 c("around 21 gigs of cache", "KV cache of one 8K BF16 sequence", "kv-calc", K(dtype="bf16", context=8192),
   "bytes_per_sequence", 21e9, "bytes", "wrong", error="attention-heads", stated=dict(context=8192)),
 c("two, maybe two and a half users", "8K BF16 sequences that fit on one H200 after 70 GB weights", "kv-calc",
   K(dtype="bf16", context=8192, **H), "sequences_that_fit", 2.5, "sequences", "wrong", error="attention-heads",
   stated=dict(gpu="h200", weights_gb=70, context=8192), conditions_from="answer", note="truth 20.4"),
], distractors=["80 layers", "64 heads"])

ans("h2-q02-003", "q02", """The formula changes by architecture. Qwen3 235B, the MoE, has 94 layers and 4 KV heads of 128, so it's about 188 KiB per token in BF16. GLM-4.5 has 92 layers with 8 KV heads, so about 368 KiB, it's actually heavier than Llama. Mistral 7B is 128 KiB. And old OPT-13B, full multi-head, no GQA, is 800 KiB a token in FP16, which is why the vLLM paper cared so much.""",
[
 c("about 188 KiB per token", "KV bytes per token, Qwen3-235B-A22B, BF16", "kv-calc",
   dict(model="qwen3-235b-a22b", dtype="bf16"), "bytes_per_token", 192512, "bytes", "correct",
   stated=dict(model="qwen3-235b-a22b", cache_dtype="bf16")),
 c("about 368 KiB", "KV bytes per token, GLM-4.5, BF16", "kv-calc", dict(model="glm-4.5", dtype="bf16"),
   "bytes_per_token", 376832, "bytes", "correct", stated=dict(model="glm-4.5"), conditions_from="answer"),
 c("Mistral 7B is 128 KiB", "KV bytes per token, Mistral 7B v0.3, BF16", "kv-calc",
   dict(model="mistral-7b-v0.3", dtype="bf16"), "bytes_per_token", 131072, "bytes", "correct",
   stated=dict(model="mistral-7b-v0.3"), conditions_from="answer"),
 c("800 KiB a token in FP16", "KV bytes per token, OPT-13B, FP16", "kv-calc", dict(model="opt-13b", dtype="fp16"),
   "bytes_per_token", 819200, "bytes", "correct", stated=dict(model="opt-13b", cache_dtype="fp16")),
], distractors=["235B", "94 layers", "4 KV heads", "92 layers", "8 KV heads", "7B", "13B"])

ans("h2-q02-004", "q02", """DeepSeek-V3 is the interesting one because of MLA: the heads drop out, you store the 512-dim latent plus the 64-dim RoPE key per layer. With an FP8 cache that's about 35 thousand bytes per token, like 34 KiB. At 128K in BF16 a DeepSeek sequence is only about nine gigs. And on eight H200s with FP8 weights you'd have around 360 gigs of cache budget, so roughly 39 of those 128K sequences.""",
[
 c("about 35 thousand bytes per token", "KV bytes per token, DeepSeek-V3 MLA, FP8", "kv-calc",
   dict(model="deepseek-v3", dtype="fp8"), "bytes_per_token", 35000, "bytes", "correct", stated=dict(model="deepseek-v3", cache_dtype="fp8")),
 c("like 34 KiB", "KV bytes per token, DeepSeek-V3 MLA, FP8", "kv-calc",
   dict(model="deepseek-v3", dtype="fp8"), "bytes_per_token", 34816, "bytes", "correct", stated=dict(cache_dtype="fp8")),
 c("only about nine gigs", "KV cache of one 128K BF16 DeepSeek-V3 sequence", "kv-calc",
   dict(model="deepseek-v3", dtype="bf16", context=131072), "bytes_per_sequence", 9e9, "bytes", "correct",
   stated=dict(context=131072, cache_dtype="bf16")),
 c("around 360 gigs of cache budget", "KV budget on 8 x H200 after DeepSeek-V3 FP8 weights", "kv-calc",
   dict(model="deepseek-v3", gpu="h200", gpus=8, weight_dtype="fp8"), "budget_gb", 360, "GB", "correct",
   stated=dict(gpu="h200", gpus=8, weight_dtype="fp8")),
 c("roughly 39 of those 128K sequences", "128K BF16 DeepSeek-V3 sequences on 8 x H200", "kv-calc",
   dict(model="deepseek-v3", gpu="h200", gpus=8, weight_dtype="fp8", dtype="bf16", context=131072),
   "sequences_that_fit", 39, "sequences", "correct", stated=dict(gpus=8, context=131072), conditions_from="answer"),
], distractors=["512", "64", "eight H200s"])

ans("h2-q02-004b", "q02", """DeepSeek-V3 has 128 heads and 61 layers, and each head stores a K of 192 and a V of 128, so in BF16 it's around 4.8 megabytes per token. That's why long context on DeepSeek is basically hopeless without offloading.""",
[
 c("around 4.8 megabytes per token", "KV bytes per token, DeepSeek-V3, BF16", "kv-calc", dict(model="deepseek-v3", dtype="bf16"),
   "bytes_per_token", 4.8e6, "bytes", "wrong", error="attention-heads", stated=dict(cache_dtype="bf16"),
   note="reads MLA as full multi-head K and V (61 x 128 x 320 x 2 B); the MLA cache is 70,272 B"),
], distractors=["128 heads", "61 layers", "192", "128"])

ans("h2-q02-005", "q02", """gpt-oss-120b alternates: half its 36 layers are banded to a 128-token window. Only the 18 full layers grow, so in FP8 it's 18 KiB per token, and the window layers hold a fixed, um, two and a quarter MiB per sequence. And Qwen3.8-27B, the hybrid, only every fourth layer is full attention, so FP8 on that count is 32 KiB.""",
[
 c("18 KiB per token", "KV bytes per token, gpt-oss-120b, FP8", "kv-calc", dict(model="gpt-oss-120b", dtype="fp8"),
   "bytes_per_token", 18432, "bytes", "correct", stated=dict(model="gpt-oss-120b", cache_dtype="fp8")),
 c("two and a quarter MiB per sequence", "fixed window-layer cache per sequence, gpt-oss-120b, FP8", "kv-calc",
   dict(model="gpt-oss-120b", dtype="fp8"), "fixed_bytes_per_sequence", 2359296, "bytes", "correct",
   stated=dict(cache_dtype="fp8"), conditions_from="answer"),
 c("FP8 on that count is 32 KiB", "KV bytes per token, Qwen3.8-27B, FP8, 16 full layers", "kv-calc",
   dict(model="qwen3.8-27b", dtype="fp8"), "bytes_per_token", 32768, "bytes", "correct", stated=dict(cache_dtype="fp8")),
], distractors=["120b", "36 layers", "128-token", "18 full layers", "27B"])

ans("h2-q02-005b", "q02", """gpt-oss-120b: 36 layers, 8 KV heads, head dim 64. Two times 36 times 8 times 64 times two bytes, so about 72 KB a token in BF16. Qwen3.8-27B is 64 layers with 4 KV heads of 256, so 256 KiB a token in BF16, heavier than you'd think for a 27B.""",
[
 c("about 72 KB a token in BF16", "KV bytes per token, gpt-oss-120b, BF16", "kv-calc", dict(model="gpt-oss-120b", dtype="bf16"),
   "bytes_per_token", 72000, "bytes", "wrong", error="2x", stated=dict(cache_dtype="bf16"),
   note="counts the 18 banded-window layers as growing: 2x the 36,864 B"),
 c("256 KiB a token in BF16", "KV bytes per token, Qwen3.8-27B, BF16", "kv-calc", dict(model="qwen3.8-27b", dtype="bf16"),
   "bytes_per_token", 262144, "bytes", "wrong", error="other", stated=dict(cache_dtype="bf16"),
   note="counts the 48 Gated DeltaNet layers as growing: 4x the 64 KiB"),
], distractors=["120b", "36 layers", "8 KV heads", "64 layers", "4 KV heads", "a 27B"])

ans("h2-q02-006", "q02", """Now users per GPU. H200 is 141 gigs, vLLM takes 92 percent, so about 130; subtract the seventy gigs of FP8 weights and five for activations and you've got roughly 55 gigs. BF16 cache at 4K context, that's 1.34 gigs a sequence, so about 41 users. Put the cache in FP8 and it's about 81. At 128K though, even FP8, you get two and a half sequences. So 'users' depends entirely on the length distribution; I'd quote the token pool instead, about 334 thousand tokens with FP8.""",
[
 c("roughly 55 gigs", "KV budget on one H200 after 70 GB of weights", "kv-calc", K(**H), "budget_gb", 55, "GB",
   "correct", stated=dict(gpu="h200", util=0.92, weights_gb=70, activations_gb=5)),
 c("1.34 gigs a sequence", "KV cache of one 4K BF16 sequence", "kv-calc", K(dtype="bf16", context=4096),
   "bytes_per_sequence", 1.34e9, "bytes", "correct", stated=dict(context=4096, cache_dtype="bf16")),
 c("so about 41 users", "4K BF16 sequences that fit on one H200", "kv-calc", K(dtype="bf16", context=4096, **H),
   "sequences_that_fit", 41, "sequences", "correct", stated=dict(context=4096, cache_dtype="bf16"), conditions_from="answer"),
 c("it's about 81", "4K FP8 sequences that fit on one H200", "kv-calc", K(dtype="fp8", context=4096, **H),
   "sequences_that_fit", 81, "sequences", "correct", stated=dict(context=4096, cache_dtype="fp8"), conditions_from="answer"),
 c("two and a half sequences", "128K FP8 sequences that fit on one H200", "kv-calc", K(dtype="fp8", context=131072, **H),
   "sequences_that_fit", 2.5, "sequences", "correct", stated=dict(context=131072, cache_dtype="fp8")),
 c("about 334 thousand tokens with FP8", "FP8 tokens that fit on one H200", "kv-calc", K(dtype="fp8", **H),
   "tokens_that_fit", 334000, "tokens", "correct", stated=dict(cache_dtype="fp8")),
], distractors=["92 percent"])

ans("h2-q02-007", "q02", """So, the H200, 141 gigs, times 0.92, that's about 130 gigs for the cache. Each 8K sequence in BF16 is about 2.7 gigs, so 130 over 2.7 is something like 48 concurrent users per card.""",
[
 c("about 130 gigs for the cache", "KV budget on one H200 (Llama 3.3 70B, 70 GB FP8 weights)", "kv-calc", K(**H),
   "budget_gb", 130, "GB", "wrong", error="forgot-weights", conditions_from="card-default",
   note="forgets to subtract 70 GB of weights and 5 GB of activations: 54.7 GB"),
 c("something like 48 concurrent users per card", "8K BF16 sequences that fit on one H200", "kv-calc",
   K(dtype="bf16", context=8192, **H), "sequences_that_fit", 48, "sequences", "wrong", error="forgot-weights",
   stated=dict(context=8192, cache_dtype="bf16"), conditions_from="answer"),
], distractors=[])

ans("h2-q02-008", "q02", """Per token it's 327 kilobytes, so an 8K sequence is, uh, about 2.7 megabytes of cache. And for a 128K context, yeah, that's about 43 megabytes, still tiny next to the weights.""",
[
 c("about 2.7 megabytes of cache", "KV cache of one 8K BF16 sequence", "kv-calc", K(dtype="bf16", context=8192),
   "bytes_per_sequence", 2.7e6, "bytes", "wrong", error="unit-slip", stated=dict(context=8192), conditions_from="answer",
   note="MB for GB: 2.68 GB"),
 c("about 43 megabytes", "KV cache of one 128K BF16 sequence", "kv-calc", K(dtype="bf16", context=131072),
   "bytes_per_sequence", 43e6, "bytes", "wrong", error="unit-slip", stated=dict(context=131072),
   note="MB for GB: 42.9 GB"),
], distractors=[])

ans("h2-q02-009", "q02", """Different customer: they want a B200, 180 gigs, same FP8 weights, seventy gigs. Budget is 180 times 0.92 minus 75, so about 90 and a half gigs. BF16 cache at 8K, that's about 34 sequences; FP8 cache at 32K, about 17. On MI300X with the weights left in BF16, the budget drops to about 30 gigs and you only get 11 sequences at 8K in BF16.""",
[
 c("about 90 and a half gigs", "KV budget on one B200 after 70 GB of weights", "kv-calc", K(gpu="b200", weights_gb=70),
   "budget_gb", 90.5, "GB", "correct", stated=dict(gpu="b200", weights_gb=70)),
 c("that's about 34 sequences", "8K BF16 sequences on one B200", "kv-calc", K(gpu="b200", weights_gb=70, dtype="bf16", context=8192),
   "sequences_that_fit", 34, "sequences", "correct", stated=dict(gpu="b200", context=8192, cache_dtype="bf16"), conditions_from="answer"),
 c("about 17", "32K FP8 sequences on one B200", "kv-calc", K(gpu="b200", weights_gb=70, dtype="fp8", context=32768),
   "sequences_that_fit", 17, "sequences", "correct", stated=dict(context=32768, cache_dtype="fp8"), conditions_from="answer"),
 c("drops to about 30 gigs", "KV budget on MI300X with BF16 weights", "kv-calc", K(gpu="mi300x", weight_dtype="bf16"),
   "budget_gb", 30, "GB", "correct", stated=dict(gpu="mi300x", weight_dtype="bf16")),
 c("only get 11 sequences at 8K in BF16", "8K BF16 sequences on MI300X with BF16 weights", "kv-calc",
   K(gpu="mi300x", weight_dtype="bf16", dtype="bf16", context=8192), "sequences_that_fit", 11, "sequences", "correct",
   stated=dict(context=8192, cache_dtype="bf16", weight_dtype="bf16")),
], distractors=[])

ans("h2-q02-010", "q02", """Llama 3.3's cache is about 160 KB a token, so at 32K each sequence is around five and a half gigs and on the H200 you'd fit about ten.""",
[
 c("about 160 KB a token", "KV bytes per token, Llama 3.3 70B (cache dtype unstated)", "kv-calc", K(dtype="bf16"),
   "bytes_per_token", 160000, "bytes", "ambiguous", conditions_from="card-default", alt_args=K(dtype="fp8"),
   note="right for an FP8 cache, half the BF16 figure the card assumes"),
 c("around five and a half gigs", "KV cache of one 32K sequence (dtype unstated)", "kv-calc", K(dtype="bf16", context=32768),
   "bytes_per_sequence", 5.5e9, "bytes", "ambiguous", stated=dict(context=32768), alt_args=K(dtype="fp8", context=32768)),
 c("you'd fit about ten", "32K sequences on one H200 (dtype unstated)", "kv-calc", K(dtype="bf16", context=32768, **H),
   "sequences_that_fit", 10, "sequences", "ambiguous", stated=dict(context=32768, gpu="h200"), conditions_from="answer",
   alt_args=K(dtype="fp8", context=32768, **H), note="FP8 10.2, BF16 5.1"),
], distractors=["3.3"])

ans("h2-q02-011", "q02", """For smaller models the numbers flip. Mistral 7B on an H100 in BF16: fourteen and a half gigs of weights, so about 54 gigs of budget, and at 128 KiB a token that's roughly 413 thousand tokens. On an L4 it's brutal: BF16 weights leave about twenty thousand tokens; go FP8 on both weights and cache and it's about 150 thousand.""",
[
 c("about 54 gigs of budget", "KV budget, Mistral 7B BF16 weights on one H100", "kv-calc",
   dict(model="mistral-7b-v0.3", gpu="h100", weight_dtype="bf16"), "budget_gb", 54, "GB", "correct",
   stated=dict(model="mistral-7b-v0.3", gpu="h100", weight_dtype="bf16")),
 c("roughly 413 thousand tokens", "BF16 tokens that fit, Mistral 7B on H100", "kv-calc",
   dict(model="mistral-7b-v0.3", gpu="h100", weight_dtype="bf16", dtype="bf16"), "tokens_that_fit", 413000, "tokens",
   "correct", stated=dict(gpu="h100", cache_dtype="bf16"), conditions_from="answer"),
 c("about twenty thousand tokens", "BF16 tokens that fit, Mistral 7B BF16 on L4", "kv-calc",
   dict(model="mistral-7b-v0.3", gpu="l4", weight_dtype="bf16", dtype="bf16"), "tokens_that_fit", 20000, "tokens",
   "correct", stated=dict(gpu="l4", weight_dtype="bf16")),
 c("it's about 150 thousand", "FP8 tokens that fit, Mistral 7B FP8 on L4", "kv-calc",
   dict(model="mistral-7b-v0.3", gpu="l4", weight_dtype="fp8", dtype="fp8"), "tokens_that_fit", 150000, "tokens",
   "correct", stated=dict(gpu="l4", weight_dtype="fp8", cache_dtype="fp8")),
], distractors=["7B"])

ans("h2-q02-012", "q02", """And on an A100 the same Mistral setup in BF16 gives you about 413 thousand tokens of cache, so plenty for a chatbot.""",
[
 c("about 413 thousand tokens of cache", "BF16 tokens that fit, Mistral 7B BF16 on 'an A100'", "kv-calc",
   dict(model="mistral-7b-v0.3", gpu="a100-80gb", weight_dtype="bf16", dtype="bf16"), "tokens_that_fit", 413000,
   "tokens", "ambiguous", stated=dict(gpu="a100"), alt_args=dict(model="mistral-7b-v0.3", gpu="a100-40gb", weight_dtype="bf16", dtype="bf16"),
   note="right for the 80 GB A100 (the tools' alias), wrong for the 40 GB part (132K)"),
], distractors=[])

ans("h2-q02-013", "q02", """Llama 4 Scout is chunked: only 12 of its 48 layers are global, so growth is 48 KiB a token, but the 36 chunked layers cap at 8K tokens, about 1.2 gigs fixed per sequence. A 128K sequence lands around 7.6 gigs. Kimi K3 is even leaner, 27 KiB a token, so 128K is about three and a half gigs.""",
[
 c("48 KiB a token", "KV bytes per token, Llama 4 Scout, BF16 (global layers)", "kv-calc", dict(model="llama-4-scout", dtype="bf16"),
   "bytes_per_token", 49152, "bytes", "correct", stated=dict(model="llama-4-scout"), conditions_from="card-default"),
 c("about 1.2 gigs fixed per sequence", "fixed chunked-layer cache per sequence, Llama 4 Scout", "kv-calc",
   dict(model="llama-4-scout", dtype="bf16"), "fixed_bytes_per_sequence", 1.2e9, "bytes", "correct",
   conditions_from="card-default"),
 c("around 7.6 gigs", "KV cache of one 128K Llama 4 Scout sequence, BF16", "kv-calc",
   dict(model="llama-4-scout", dtype="bf16", context=131072), "bytes_per_sequence", 7.6e9, "bytes", "correct",
   stated=dict(context=131072)),
 c("27 KiB a token", "KV bytes per token, Kimi K3, BF16", "kv-calc", dict(model="kimi-k3", dtype="bf16"),
   "bytes_per_token", 27648, "bytes", "correct", stated=dict(model="kimi-k3")),
 c("about three and a half gigs", "KV cache of one 128K Kimi K3 sequence", "kv-calc", dict(model="kimi-k3", dtype="bf16", context=131072),
   "bytes_per_sequence", 3.5e9, "bytes", "correct", stated=dict(context=131072)),
], distractors=["12 of its 48 layers", "the 36 chunked layers", "Llama 4", "K3"])
