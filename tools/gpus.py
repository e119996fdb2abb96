"""Accelerators the calculators know by name: memory, bandwidth and dense
(no-sparsity) tensor rates, each with the datasheet it comes from.

Rates are dense peak figures; vendors often headline the 2:4-sparsity number,
which is twice these. Memory is in GB (1e9 bytes) as vendors print it.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class GPU:
    name: str
    hbm_gb: float
    bandwidth_tbps: float          # TB/s (1e12 bytes per second)
    bf16_tflops: float             # dense
    fp8_tflops: float | None       # dense; None where the part has no FP8 tensor cores
    source: str

    def tflops(self, dtype: str) -> float:
        """The dense rate for compute in `dtype` (fp8 falls back to bf16 on parts without FP8)."""
        if dtype.startswith("fp8") or dtype.startswith("fp4"):
            return self.fp8_tflops or self.bf16_tflops
        return self.bf16_tflops

    def to_dict(self) -> dict:
        return asdict(self)


GPUS: dict[str, GPU] = {g.name: g for g in [
    GPU("a100-40gb", 40, 1.555, 312, None,
        "NVIDIA A100 Tensor Core GPU datasheet (SXM4 40GB): 1,555 GB/s, 312 TFLOPS BF16 dense"),
    GPU("a100-80gb", 80, 2.039, 312, None,
        "NVIDIA A100 Tensor Core GPU datasheet (SXM4 80GB): 2,039 GB/s, 312 TFLOPS BF16 dense"),
    GPU("h100", 80, 3.35, 989, 1979,
        "NVIDIA H100 datasheet (SXM5): 3.35 TB/s, 989 TFLOPS BF16 and 1,979 TFLOPS FP8 dense "
        "(the book, ch. 2, uses the 1,979 FP8 figure)"),
    GPU("h200", 141, 4.8, 989, 1979,
        "NVIDIA H200 datasheet (SXM): 141 GB HBM3e at 4.8 TB/s, same tensor cores as H100 "
        "(the book, ch. 2, uses 141 GB and 4.8 TB/s)"),
    GPU("b200", 180, 8.0, 2250, 4500,
        "NVIDIA HGX B200 spec sheet: 180 GB HBM3e per GPU at 8 TB/s, 2.25 PFLOPS BF16 and "
        "4.5 PFLOPS FP8 dense (the book, ch. 2, uses 8 TB/s)"),
    GPU("mi300x", 192, 5.3, 1307, 2615,
        "AMD Instinct MI300X datasheet: 192 GB HBM3 at 5.3 TB/s, 1,307.4 TFLOPS BF16 and "
        "2,614.9 TFLOPS FP8 dense"),
    GPU("l4", 24, 0.3, 121, 242.5,
        "NVIDIA L4 datasheet: 24 GB GDDR6 at 300 GB/s, 121 TFLOPS BF16 and 242.5 TFLOPS FP8 dense "
        "(half the headline sparsity figures)"),
]}

ALIASES = {"h100-sxm": "h100", "h100-80gb": "h100", "h200-sxm": "h200", "a100": "a100-80gb",
           "a100-40": "a100-40gb", "a100-80": "a100-80gb", "mi300": "mi300x"}


def get_gpu(name: str) -> GPU:
    """Look a GPU up by name (case and punctuation tolerant)."""
    key = name.strip().lower().replace(" ", "-").replace("_", "-")
    key = ALIASES.get(key, key)
    if key not in GPUS:
        raise KeyError(f"unknown GPU {name!r}; known: {', '.join(GPUS)}")
    return GPUS[key]
