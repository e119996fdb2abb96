"""The calculators: KV-cache sizing, Wilson intervals, decode/prefill floors, batching
simulators and a paged block manager. Standard library only; importable on their own."""
from .capacity import backoff, littles_law, replicas, token_bucket, token_cost
from .batching import Request, SimResult, microbatch, poisson_requests, simulate
from .decode import decode_floor, prefill_time
from .gpus import GPUS, GPU, get_gpu
from .kv_blocks import BlockManager, OutOfBlocks, walkthrough
from .kv_calc import ConfigError, KVShape, kv_budget_bytes, kv_calc, kv_shape, load_config
from .models import MODELS, Model, get_model
from .registry import TOOLS, Tool, ToolError, run_tool, tool_schemas
from .wilson import Interval, compare, gap, samples_for_half_width, scaled, wilson

__all__ = [
    "backoff", "littles_law", "replicas", "token_bucket", "token_cost",
    "BlockManager", "ConfigError", "GPU", "GPUS", "Interval", "KVShape", "MODELS", "Model",
    "OutOfBlocks", "Request", "SimResult", "TOOLS", "Tool", "ToolError", "compare",
    "decode_floor", "gap", "get_gpu", "get_model", "kv_budget_bytes", "kv_calc", "kv_shape",
    "load_config", "microbatch", "poisson_requests", "prefill_time", "run_tool",
    "samples_for_half_width", "scaled", "simulate", "tool_schemas", "walkthrough", "wilson",
]
