"""Extra wrong claims for the thinner error kinds."""
from engine import A, C

L = dict(model="llama-3.3-70b", weights_gb=70, params_b=70)
def D(**k):
    a = dict(L); a.update(k); return a
def K(**k):
    a = dict(model="llama-3.3-70b"); a.update(k); return a
def W(k, n): return dict(k=k, n=n)
WR = "wrong"
BPT = "KV-cache bytes per token"

A("t-x-q02-008", "q02", """Qwen2.5 72B has 80 layers and 64 heads of 128, so in BF16 that's about 2.6 MB a token. Mistral 7B is 32 layers with 32 heads of 128, so 512 KiB a token, and Qwen3 235B with its 64 heads and 94 layers is around 3 megabytes.""",
  [C("about 2.6 MB a token", BPT, "kv-calc", dict(model="qwen2.5-72b", dtype="bf16"), "bytes_per_token", 2.6e6, "bytes", verdict=WR, error="attention-heads", stated=dict(model="qwen2.5-72b", cache_dtype="bf16"), note="8 KV heads, not 64: 327,680 B"),
   C("so 512 KiB a token", BPT, "kv-calc", dict(model="mistral-7b-v0.3", dtype="bf16"), "bytes_per_token", 524288, "bytes", verdict=WR, error="attention-heads", cf="answer", stated=dict(model="mistral-7b-v0.3", cache_dtype="bf16"), note="8 KV heads, not 32: 128 KiB"),
   C("around 3 megabytes", BPT, "kv-calc", dict(model="qwen3-235b-a22b", dtype="bf16"), "bytes_per_token", 3e6, "bytes", verdict=WR, error="attention-heads", cf="answer", stated=dict(model="qwen3-235b-a22b", cache_dtype="bf16"), note="4 KV heads, not 64: 192,512 B"),
  ], distractors=["Qwen2.5 72B", "Qwen3 235B"])

A("t-x-q02-009", "q02", """A B200 has 180 GB, times 0.92 is 165.6, minus 5 of activations, so about 160 GB of cache, which is about 60 BF16 sequences of 8K. An MI300X gives you about 171 GB the same way, and Mistral 7B on an H100 about 68.""",
  [C("about 160 GB of cache", "KV-cache budget after weights and activations", "kv-calc", K(gpu="b200", weights_gb=70), "budget_gb", 160, "GB", verdict=WR, error="forgot-weights", stated=dict(gpu="b200"), note="70 GB of weights not subtracted: 90.6 GB"),
   C("about 60 BF16 sequences of 8K", "8K sequences that fit", "kv-calc", K(gpu="b200", weights_gb=70, dtype="bf16", context=8192), "sequences_that_fit", 60, "sequences", verdict=WR, error="forgot-weights", stated=dict(gpu="b200", cache_dtype="bf16", context=8192), note="truth 33.8"),
   C("about 171 GB the same way", "KV-cache budget after weights and activations", "kv-calc", K(gpu="mi300x", weights_gb=70), "budget_gb", 171, "GB", verdict=WR, error="forgot-weights", stated=dict(gpu="mi300x"), note="truth 101.6"),
   C("on an H100 about 68", "KV-cache budget after weights and activations", "kv-calc", dict(model="mistral-7b-v0.3", gpu="h100", weight_dtype="bf16"), "budget_gb", 68, "GB", verdict=WR, error="forgot-weights", stated=dict(model="mistral-7b-v0.3", gpu="h100"), note="14.5 GB of BF16 weights not subtracted: 54.1 GB"),
  ], distractors=["7B"])

A("t-x-q01-007", "q01", """On a B200 with twenty 8K users, BF16 cache, each user gets about 1,300 tokens a second. And on the MI300X at the same batch each user sees around 860.""",
  [C("each user gets about 1,300 tokens a second", "decode tokens per second per user", "decode-floor", D(gpu="b200", batch=20, context=8192, kv_dtype="bf16"), "tokens_per_s_per_user", 1300, "tokens/s", verdict=WR, error="per-user-vs-total", stated=dict(gpu="b200", batch=20, context=8192, cache_dtype="bf16"), note="1,294 is the total; each user gets 64.7"),
   C("each user sees around 860", "decode tokens per second per user", "decode-floor", D(gpu="mi300x", batch=20, context=8192, kv_dtype="bf16"), "tokens_per_s_per_user", 860, "tokens/s", verdict=WR, error="per-user-vs-total", stated=dict(gpu="mi300x", batch=20), note="857 is the total; each user gets 42.9"),
  ])

A("t-x-q01-008", "q01", """The H200 streams 3.35 terabytes a second, so one user at 8K is about a 21.7 ms step. The MI300X is 192 gigs at 8 terabytes a second, so about 9 ms.""",
  [C("about a 21.7 ms step", "decode step floor", "decode-floor", D(gpu="h200", batch=1, context=8192), "step_ms", 21.7, "ms", verdict=WR, error="wrong-spec", stated=dict(gpu="h200", batch=1, context=8192), note="3.35 TB/s is the H100; the H200 is 4.8 TB/s: 15.1 ms"),
   C("so about 9 ms", "decode step floor", "decode-floor", D(gpu="mi300x", batch=1, context=8192), "step_ms", 9, "ms", verdict=WR, error="wrong-spec", stated=dict(gpu="mi300x", batch=1), note="the MI300X is 5.3 TB/s (8 TB/s is the B200): 13.7 ms"),
  ])

A("t-x-q05-002", "q05", """On an A100 at its FP8 rate, 624 teraflops, the 8K prefill for the 70B at 50% is about 3.7 seconds.""",
  [C("about 3.7 seconds", "prefill time of one prompt", "prefill", dict(params_b=70, prompt_tokens=8192, gpu="a100-80gb", compute_dtype="fp8", compute_util=0.5), "seconds", 3.7, "s", verdict=WR, error="wrong-spec", stated=dict(gpu="a100-80gb", compute_dtype="fp8", compute_util=0.5, prompt_tokens=8192), note="the A100 has no FP8 tensor cores; at its 312 TFLOPS BF16 rate it is 7.35 s"),
  ])

A("t-x-q17-002", "q17", """40 of 250 appeals were overturned, so an overturn rate of 0.16 percent, and the false-positive rate on the benign set, 36 of 2,000, is 0.018 percent.""",
  [C("an overturn rate of 0.16 percent", "overturn rate", "wilson", W(40, 250), "rate", 0.16, "percent", verdict=WR, error="percent-vs-fraction", stated=dict(k=40, n=250), note="fraction said as percent: 16%"),
   C("is 0.018 percent", "false-positive rate", "wilson", W(36, 2000), "rate", 0.018, "percent", verdict=WR, error="percent-vs-fraction", stated=dict(k=36, n=2000), note="fraction said as percent: 1.8%"),
  ])
