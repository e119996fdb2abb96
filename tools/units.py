"""Values in the units a person says: 320 KiB, 2.5 GiB, 25.8 ms, 39 tokens/s, 20 sequences,
90.0%, $2,280. One formatter for the engine's challenges, the judges' numbers table and
replay (standard library only, so every package may use it), replacing the `.4g` style that
printed 3.277e+05 bytes."""
from __future__ import annotations

import math

_BINARY = [("TiB", 2.0**40), ("GiB", 2.0**30), ("MiB", 2.0**20), ("KiB", 2.0**10)]
# a unit that is a multiple of bytes: the value is first turned into bytes
_BYTES_IN = {"bytes": 1.0, "B": 1.0, "KiB": 2.0**10, "MiB": 2.0**20, "GiB": 2.0**30,
             "KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12}
_DECIMAL_OUT = {"KB", "MB", "GB", "TB"}   # said in decimal: keep it decimal
_COUNTS = {"sequences": ("sequence", "sequences"), "requests": ("request", "requests"),
           "replicas": ("replica", "replicas"), "tokens": ("token", "tokens"),
           "count": ("", ""), "weeks": ("week", "weeks"), "days": ("day", "days"),
           "hours": ("hour", "hours"), "minutes": ("minute", "minutes")}


def sig(x: float, digits: int = 3) -> str:
    """`x` to `digits` significant figures, with thousands separators and no exponent:
    327680 -> '328,000', 25.768 -> '25.8', 0.0612 -> '0.0612'."""
    if x == 0 or not math.isfinite(x):
        return "0" if x == 0 else str(x)
    mag = math.floor(math.log10(abs(x)))
    decimals = max(0, digits - 1 - mag)
    r = round(x, decimals)
    if decimals == 0:
        return f"{int(r):,}"
    s = f"{r:,.{decimals}f}".rstrip("0").rstrip(".")
    return s


def format_bytes(n: float, decimal: bool = False) -> str:
    """Bytes as a person says them: binary units (327,680 -> '320 KiB') unless `decimal`."""
    if decimal:
        for name, f in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
            if abs(n) >= f:
                return f"{sig(n / f)} {name}"
        return f"{sig(n)} bytes"
    for name, f in _BINARY:
        if abs(n) >= f:
            return f"{sig(n / f)} {name}"
    return f"{sig(n)} bytes"


def format_value(value: float | None, unit: str) -> str:
    """`value` (expressed in `unit`, a number check's unit) in human units.

    >>> format_value(327680, "bytes")
    '320 KiB'
    >>> format_value(25.768, "ms")
    '25.8 ms'
    """
    if value is None:
        return "?"
    if unit in _BYTES_IN:
        n = value * _BYTES_IN[unit]
        return format_bytes(n, decimal=unit in _DECIMAL_OUT)
    if unit == "ms":
        return f"{sig(value / 1000)} s" if abs(value) >= 10_000 else f"{sig(value)} ms"
    if unit == "s":
        return f"{sig(value * 1000)} ms" if 0 < abs(value) < 1 else f"{sig(value)} s"
    if unit in ("tokens/s", "requests/s"):
        return f"{sig(value)} {unit}"
    if unit == "per_hour":
        return f"{sig(value)} an hour"
    if unit == "percent":
        return f"{value:.1f}%"
    if unit == "fraction":
        return f"{value * 100:.1f}%"
    if unit == "points":
        return f"{sig(value, 2)} points"
    if unit in ("usd", "$"):
        if abs(value) >= 100:
            return f"${value:,.0f}"
        return f"${value:,.2f}" if abs(value) >= 0.1 else f"${sig(value)}"
    if unit == "x":
        return f"{sig(value)}x"
    if unit in ("FLOPs", "flops"):
        return f"{value:.3g} FLOPs".replace("e+", "e")
    if unit in _COUNTS:
        one, many = _COUNTS[unit]
        text = sig(value) if abs(value) < 1e6 else f"{sig(value / 1e6)} million"
        word = one if value == 1 else many
        return f"{text} {word}".rstrip()
    return f"{sig(value)} {unit}".rstrip()
