"""Models the calculators know by name: the config.json fields that decide the
KV cache, the parameter counts that decide weights and FLOPs, and where each
figure comes from. Configs are Hugging Face-shaped so that the same code reads
these and any config.json a user passes with --config.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Model:
    name: str
    config: dict
    params_b: float | None          # total parameters, billions (weights)
    active_params_b: float | None   # parameters used per token (FLOPs); = params for dense
    source: str
    aliases: tuple[str, ...] = field(default=())


def _every(k: int, n: int, hit: str, miss: str) -> list[str]:
    """Layer types where every k-th layer (1-based) is `hit` and the rest `miss`."""
    return [hit if (i + 1) % k == 0 else miss for i in range(n)]


MODELS: dict[str, Model] = {m.name: m for m in [
    Model("llama-3.3-70b",
          {"model_type": "llama", "num_hidden_layers": 80, "num_attention_heads": 64,
           "num_key_value_heads": 8, "hidden_size": 8192, "head_dim": 128},
          70.6, 70.6,
          "meta-llama/Llama-3.3-70B-Instruct config.json; the book, ch. 2: 327,680 B/token in BF16",
          ("llama-3.3-70b-instruct", "llama3.3-70b", "llama-70b")),
    Model("deepseek-v3",
          {"model_type": "deepseek_v3", "num_hidden_layers": 61, "num_attention_heads": 128,
           "num_key_value_heads": 128, "hidden_size": 7168, "kv_lora_rank": 512,
           "qk_rope_head_dim": 64, "qk_nope_head_dim": 128, "v_head_dim": 128},
          671, 37,
          "deepseek-ai/DeepSeek-V3 config.json; the book, ch. 2: 70,272 B/token (MLA, BF16)",
          ("deepseek-v3-0324", "deepseek-r1")),
    Model("gpt-oss-120b",
          {"model_type": "gpt_oss", "num_hidden_layers": 36, "num_attention_heads": 64,
           "num_key_value_heads": 8, "hidden_size": 2880, "head_dim": 64, "sliding_window": 128,
           "layer_types": ["sliding_attention", "full_attention"] * 18},
          116.8, 5.1,
          "openai/gpt-oss-120b config.json and model card (alternating 128-token banded layers); "
          "the book, ch. 2: 36,864 B/token plus 4.5 MiB per sequence",
          ("gpt-oss", "gptoss-120b")),
    Model("qwen3.8-27b",
          {"model_type": "qwen3_next", "num_hidden_layers": 64, "num_attention_heads": 24,
           "num_key_value_heads": 4, "hidden_size": 5120, "head_dim": 256,
           "full_attention_interval": 4},
          27, 27,
          "Qwen/Qwen3.8-27B layout as the book, ch. 2, gives it: 16 groups of 3 Gated DeltaNet + 1 "
          "full-attention layer, 4 KV heads of 256 (65,536 B/token). num_attention_heads is a "
          "placeholder: it does not enter the cache",
          ("qwen3.8", "qwen-3.8-27b")),
    Model("qwen3-235b-a22b",
          {"model_type": "qwen3_moe", "num_hidden_layers": 94, "num_attention_heads": 64,
           "num_key_value_heads": 4, "hidden_size": 4096, "head_dim": 128},
          235, 22,
          "Qwen/Qwen3-235B-A22B config.json; the book, ch. 2: 192,512 B/token",
          ("qwen3-235b",)),
    Model("kimi-k3",
          {"model_type": "kimi_linear", "num_hidden_layers": 93, "kv_lora_rank": 512,
           "qk_rope_head_dim": 64, "num_attention_heads": 64,
           "linear_attn_config": {"full_attn_layers": [*range(4, 93, 4), 93]}},
          None, None,
          "the book, ch. 2: 24 MLA layers (4, 8, ..., 92, 93) of 93, the rest KDA linear "
          "attention; 27,648 B/token. Parameter count not given",
          ("kimi-k3-linear",)),
    Model("glm-4.5",
          {"model_type": "glm4_moe", "num_hidden_layers": 92, "num_attention_heads": 96,
           "num_key_value_heads": 8, "hidden_size": 5120, "head_dim": 128},
          355, 32,
          "zai-org/GLM-4.5 config.json; the book, ch. 2: 376,832 B/token",
          ("glm4.5", "glm-4-5")),
    Model("mistral-7b-v0.3",
          {"model_type": "mistral", "num_hidden_layers": 32, "num_attention_heads": 32,
           "num_key_value_heads": 8, "hidden_size": 4096, "head_dim": 128, "sliding_window": None},
          7.25, 7.25,
          "mistralai/Mistral-7B-v0.3 config.json (no sliding window); the book, ch. 2: about "
          "451K tokens in 59.1 GB on one 80 GB GPU",
          ("mistral-7b",)),
    Model("opt-13b",
          {"model_type": "opt", "num_hidden_layers": 40, "num_attention_heads": 40,
           "hidden_size": 5120},
          13, 13,
          "facebook/opt-13b config.json; the vLLM paper via the book, ch. 2: 800 KB per token",
          ("opt13b",)),
    Model("qwen2.5-72b",
          {"model_type": "qwen2", "num_hidden_layers": 80, "num_attention_heads": 64,
           "num_key_value_heads": 8, "hidden_size": 8192, "use_sliding_window": False,
           "sliding_window": 131072},
          72.7, 72.7,
          "Qwen/Qwen2.5-72B-Instruct config.json; the book, ch. 2: about 145 GB of BF16 weights",
          ("qwen2.5-72b-instruct",)),
    Model("llama-4-scout",
          {"model_type": "llama4",
           "text_config": {"model_type": "llama4_text", "num_hidden_layers": 48,
                           "num_attention_heads": 40, "num_key_value_heads": 8,
                           "hidden_size": 5120, "head_dim": 128, "attention_chunk_size": 8192,
                           "layer_types": _every(4, 48, "full_attention", "chunked_attention")}},
          109, 17,
          "meta-llama/Llama-4-Scout-17B-16E config.json (transformers): 8,192-token chunks in 36 of "
          "48 layers, every fourth layer global",
          ("llama4-scout", "llama-4-scout-17b-16e")),
]}


def get_model(name: str) -> Model:
    """Look a model up by name or alias (case-insensitive)."""
    key = name.strip().lower().replace(" ", "-").replace("_", "-")
    if key in MODELS:
        return MODELS[key]
    for m in MODELS.values():
        if key in m.aliases:
            return m
    raise KeyError(f"unknown model {name!r}; known: {', '.join(MODELS)} (or pass --config PATH)")
