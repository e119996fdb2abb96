"""Chapter 2's decode-floor and prefill figures."""
import pytest

from tools.decode import decode_floor, prefill_time
from tools.kv_calc import ConfigError

LLAMA_H200 = dict(model="llama-3.3-70b", weights_gb=70, params_b=70, gpu="h200")


def test_floor_from_batch_1_to_20_at_8k():
    one = decode_floor(**LLAMA_H200, batch=1)
    twenty = decode_floor(**LLAMA_H200, batch=20)
    assert round(one["step_ms"], 1) == 15.1 and round(twenty["step_ms"], 1) == 25.8
    assert round(one["tokens_per_s_per_user"]) == 66
    assert round(twenty["tokens_per_s_per_user"]) == 39
    assert round(twenty["tokens_per_s_total"]) == 776
    assert round(twenty["compute_ms"], 1) == 2.8          # far below the memory time
    assert round(twenty["kv_bytes_read"] / 1e9, 1) == 53.7
    assert twenty["bound"] == "memory"


def test_batch_21_no_longer_fits():
    r = decode_floor(**LLAMA_H200, batch=21)
    assert r["max_batch_that_fits"] == 20 and r["fits"] is False


def test_compute_overtakes_memory_near_140_with_fp8_cache_at_1k():
    r = decode_floor(**LLAMA_H200, kv_dtype="fp8", context=1024, batch=1)
    assert 130 < r["crossover_batch"] < 145
    below = decode_floor(**LLAMA_H200, kv_dtype="fp8", context=1024, batch=130)
    above = decode_floor(**LLAMA_H200, kv_dtype="fp8", context=1024, batch=145)
    assert below["bound"] == "memory" and above["bound"] == "compute"


def test_weight_only_floors():
    tiny_cache = dict(kv_bytes_per_token=1e-6, batch=1)
    assert round(decode_floor(weights_gb=70, gpu="h200", **tiny_cache)["step_ms"], 1) == 14.6
    assert round(decode_floor(weights_gb=70, gpu="b200", **tiny_cache)["step_ms"], 1) == 8.8
    # Llama 3.1 8B in BF16 on an H100
    assert round(decode_floor(weights_gb=16, weight_dtype="bf16", gpu="h100",
                              **tiny_cache)["step_ms"], 1) == 4.8


def test_prefill_of_8k_on_a_70b_model():
    one = prefill_time(params_b=70, prompt_tokens=8192, gpu="h100")
    assert one["flops"] == pytest.approx(1.15e15, rel=0.01)
    assert round(one["seconds"], 2) == 1.16
    assert round(prefill_time(params_b=70, prompt_tokens=8192, gpu="h100", gpus=8)["seconds"],
                 2) == 0.14   # "about 0.15 s"
    assert round(prefill_time(params_b=70, prompt_tokens=8192, gpu="b200")["seconds"], 2) == 0.51
    slow = prefill_time(params_b=70, prompt_tokens=8192, gpu="h100", ttft_budget_ms=450)
    assert slow["within_budget"] is False   # misses MLPerf's 450 ms before it queues


@pytest.mark.parametrize("kwargs,field", [
    (dict(LLAMA_H200, batch=0), "batch"),
    (dict(LLAMA_H200, compute_util=1.5), "compute_util"),
    (dict(weights_gb=70, kv_bytes_per_token=100), "bandwidth_tbps"),
    (dict(gpu="h200", kv_bytes_per_token=100), "weights_gb"),
])
def test_errors_name_the_field(kwargs, field):
    with pytest.raises(ConfigError) as err:
        decode_floor(**kwargs)
    assert err.value.field == field
