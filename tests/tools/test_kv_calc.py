"""Chapter 2's KV-cache figures from the formulas, and config errors that name the field."""
import json

import pytest

from tools.kv_calc import ConfigError, kv_calc, kv_shape
from tools.models import MODELS


@pytest.mark.parametrize("model,bytes_per_token", [
    ("llama-3.3-70b", 327_680),
    ("deepseek-v3", 70_272),
    ("gpt-oss-120b", 36_864),
    ("qwen3.8-27b", 65_536),
    ("qwen3-235b-a22b", 192_512),
    ("kimi-k3", 27_648),
    ("glm-4.5", 376_832),
    ("opt-13b", 819_200),          # the vLLM paper's 800 KB
    ("mistral-7b-v0.3", 131_072),
    ("qwen2.5-72b", 327_680),
    ("llama-4-scout", 49_152),     # only the 12 global layers grow past the 8K chunk
])
def test_bytes_per_token(model, bytes_per_token):
    assert kv_calc(model=model)["bytes_per_token"] == bytes_per_token


def test_fp8_halves_and_fp4_states_its_scales():
    assert kv_calc(model="llama-3.3-70b", dtype="fp8")["bytes_per_token"] == 163_840
    assert kv_calc(model="deepseek-v3", dtype="fp8")["bytes_per_token"] == 35_136
    fp4 = kv_calc(model="llama-3.3-70b", dtype="fp4")
    assert fp4["bytes_per_token"] == 327_680 // 2 * 0.5625   # 0.5 B + one scale per 16
    assert any("scale" in n for n in fp4["notes"])


def test_gpt_oss_window_layers_hold_a_fixed_4_5_mib():
    r = kv_calc(model="gpt-oss-120b", context=131_072)
    assert r["fixed_bytes_per_sequence"] == 4.5 * 2**20
    assert r["gib_per_sequence"] == pytest.approx(4.5 + 4.5 / 1024, rel=1e-6)


def test_mla_is_71_times_smaller_than_mha_for_deepseek():
    mha = 61 * 128 * (192 + 128) * 2
    assert mha == 4_997_120
    assert round(mha / kv_calc(model="deepseek-v3")["bytes_per_token"]) == 71


@pytest.mark.parametrize("dtype,context,fit", [
    ("bf16", 8192, 20.4), ("bf16", 32768, 5.1), ("fp8", 8192, 40.8), ("fp8", 32768, 10.2),
])
def test_llama_sequences_on_one_h200(dtype, context, fit):
    r = kv_calc(model="llama-3.3-70b", dtype=dtype, context=context, gpu="h200", weights_gb=70)
    assert r["budget_gb"] == pytest.approx(54.72)
    assert round(r["sequences_that_fit"], 1) == fit


def test_token_pools_and_other_models_in_the_same_budget():
    bf16 = kv_calc(model="llama-3.3-70b", gpu="h200", weights_gb=70)
    fp8 = kv_calc(model="llama-3.3-70b", gpu="h200", weights_gb=70, dtype="fp8")
    assert round(bf16["tokens_that_fit"], -3) == 167_000
    assert round(fp8["tokens_that_fit"], -3) == 334_000
    ds = kv_calc(model="deepseek-v3", hbm_gb=141, weights_gb=70)
    oss = kv_calc(model="gpt-oss-120b", hbm_gb=141, weights_gb=70)
    assert round(ds["sequences_that_fit"]) == 95
    assert round(oss["sequences_that_fit"]) == 178
    at_128k = kv_calc(model="llama-3.3-70b", gpu="h200", weights_gb=70, context=131_072)
    assert 1.2 < at_128k["sequences_that_fit"] < 1.3   # one, and a quarter of another


def test_thirty_two_k_fits_for_the_starter_models():
    for model, fit in [("qwen3-235b-a22b", 8.7), ("kimi-k3", 60.4), ("glm-4.5", 4.4)]:
        r = kv_calc(model=model, context=32_768, hbm_gb=141, weights_gb=70)
        assert round(r["sequences_that_fit"], 1) == fit


def test_parameter_count_predicts_little():
    mistral = kv_calc(model="mistral-7b-v0.3", hbm_gb=80, activations_gb=0)
    assert mistral["weights_gb"] == pytest.approx(14.5)
    assert round(mistral["budget_gb"], 1) == 59.1
    assert round(mistral["tokens_that_fit"], -3) == 451_000
    two = kv_calc(model="qwen2.5-72b", gpu="a100-80gb", gpus=2, activations_gb=0)
    four = kv_calc(model="qwen2.5-72b", gpu="a100-80gb", gpus=4, activations_gb=0)
    assert round(two["budget_gb"], 1) == 1.8 and round(two["tokens_that_fit"], -2) == 5_500
    assert round(four["budget_gb"]) == 149 and round(four["tokens_that_fit"], -3) == 455_000


def test_weights_that_do_not_fit_leave_nothing():
    r = kv_calc(model="qwen2.5-72b", gpu="a100-80gb", activations_gb=0)
    assert r["budget_bytes"] < 0 and r["sequences_that_fit"] == 0
    assert any("exceed" in n for n in r["notes"])


def test_any_config_json_and_nesting(tmp_path):
    nested = {"text_config": MODELS["llama-3.3-70b"].config, "vision_config": {}}
    assert kv_shape(nested).bytes_per_token == 327_680
    qwen_next = {"num_hidden_layers": 48, "num_attention_heads": 16, "num_key_value_heads": 2,
                 "head_dim": 256, "hidden_size": 2048, "full_attention_interval": 4}
    s = kv_shape(qwen_next)
    assert s.layers["full"] == 12 and s.layers["linear"] == 36
    assert s.bytes_per_token == 2 * 12 * 2 * 256 * 2
    mha = {"num_hidden_layers": 2, "num_attention_heads": 4, "hidden_size": 64}
    assert kv_shape(mha).attention == "mha" and kv_shape(mha).bytes_per_token == 2 * 2 * 4 * 16 * 2
    mistral_v01 = {"model_type": "mistral", "num_hidden_layers": 32, "num_attention_heads": 32,
                   "num_key_value_heads": 8, "hidden_size": 4096, "sliding_window": 4096}
    s = kv_shape(mistral_v01)
    assert s.bytes_per_token == 0 and s.fixed_bytes_per_sequence == 131_072 * 4096
    assert s.bytes_per_sequence(1000) == 131_072 * 1000   # below the window it grows
    path = tmp_path / "config.json"
    path.write_text(json.dumps(MODELS["deepseek-v3"].config))
    from tools.kv_calc import load_config
    assert kv_calc(config=load_config(path))["bytes_per_token"] == 70_272


@pytest.mark.parametrize("config,field", [
    ({"num_attention_heads": 8, "hidden_size": 512}, "num_hidden_layers"),
    ({"num_hidden_layers": 0, "num_attention_heads": 8, "hidden_size": 512}, "num_hidden_layers"),
    ({"num_hidden_layers": 2, "hidden_size": 512}, "num_attention_heads"),
    ({"num_hidden_layers": 2, "num_attention_heads": 8}, "hidden_size"),
    ({"num_hidden_layers": 2, "num_attention_heads": 6, "hidden_size": 512}, "hidden_size"),
    ({"num_hidden_layers": 2, "num_attention_heads": 8, "num_key_value_heads": 16,
      "hidden_size": 512}, "num_key_value_heads"),
    ({"num_hidden_layers": 2, "num_attention_heads": 8, "hidden_size": 512,
      "layer_types": ["full_attention"]}, "layer_types"),
    ({"num_hidden_layers": 2, "num_attention_heads": 8, "hidden_size": 512,
      "layer_types": ["full_attention", "weird"]}, "layer_types[1]"),
    ({"num_hidden_layers": 2, "num_attention_heads": 8, "hidden_size": 512,
      "layer_types": ["full_attention", "sliding_attention"]}, "sliding_window"),
    ({"num_hidden_layers": 2, "kv_lora_rank": 512}, "qk_rope_head_dim"),
    ({"num_hidden_layers": 2, "num_attention_heads": "8", "hidden_size": 512},
     "num_attention_heads"),
])
def test_bad_configs_name_the_field(config, field):
    with pytest.raises(ConfigError) as err:
        kv_shape(config)
    assert err.value.field == field
    assert str(err.value).startswith(field)


def test_unreadable_config_names_the_file(tmp_path):
    from tools.kv_calc import load_config
    bad = tmp_path / "config.json"
    bad.write_text("{not json")
    with pytest.raises(ConfigError, match="config.json.*line 1"):
        load_config(bad)
    with pytest.raises(ConfigError, match="cannot read"):
        load_config(tmp_path / "missing.json")
