"""How the reader words what it says back: the conditions a value was computed under
("model llama-3.3-70b, cache precision BF16, context 8K") and the question it asks when a
number is right under one reading and wrong under another."""
from __future__ import annotations

from tools.units import sig

_LABEL = {"model": "model", "gpu": "GPU", "gpus": "GPUs", "dtype": "cache precision",
          "kv_dtype": "cache precision", "weight_dtype": "weight precision",
          "compute_dtype": "compute precision", "context": "context", "batch": "batch",
          "weights_gb": "weights (GB)", "compute_util": "utilisation", "util": "memory use",
          "prompt_tokens": "prompt", "params_b": "parameters (B)"}


def _question(diff: dict) -> str:
    parts = []
    for name, vals in diff.items():
        shown = [str(v).upper() if isinstance(v, str) and len(str(v)) <= 5 else str(v)
                 for v in vals]
        if name in ("dtype", "kv_dtype"):
            said = " or ".join(f"{_article(x)} {x}" for x in shown)
            parts.append(f"Is that with {said} cache?")
        elif name == "weight_dtype":
            parts.append(f"Are the weights in {' or '.join(shown)}?")
        elif name == "gpus":
            parts.append(f"Is that on {' or '.join(map(str, vals))} GPUs?")
        else:
            shown = [sig(v) if isinstance(v, float) else x for v, x in zip(vals, shown)]
            label = _LABEL.get(name, name.replace("_per_s", " a second").replace("_", " "))
            parts.append(f"Which {label} is that: {' or '.join(shown)}?")
    return " ".join(parts[:2])


def _article(word: str) -> str:
    """'an' before a letter or digit said with a vowel sound (FP8, H100, 8K), else 'a'."""
    return "an" if word[:1].upper() in "AEFHILMNORSX8" else "a"


def _conditions_text(cond: dict) -> str:
    shown = []
    for n, (v, _) in cond.items():
        if n in ("params_b",) or v is None:
            continue
        if n == "context":
            v = f"{v // 1024}K" if v % 1024 == 0 else v
        if isinstance(v, str) and n.endswith("dtype"):
            v = v.upper()
        elif isinstance(v, float):
            v = sig(v)
        shown.append(f"{_LABEL.get(n, n)} {v}")
    return ", ".join(shown)


def conditions_phrase(conditions: dict) -> str:
    """A check's recorded conditions ({name: {"value", "from"}}) as said back: "model
    llama-3.3-70b, cache precision BF16, context 8K"."""
    return _conditions_text({n: (c.get("value"), c.get("from")) for n, c in conditions.items()
                             if isinstance(c, dict)})
