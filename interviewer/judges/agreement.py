"""Agreement statistics between a judge's verdicts and reference labels: exact agreement
with Wilson intervals, Cohen's kappa with a bootstrap over whole transcripts, the confusion
matrix, and which way the judge leans. Pure functions over (case, key, label, prediction)."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from rubrics.vocab import VERDICT_RANK, VERDICTS
from tools.wilson import wilson

CLASSES, ORDER = VERDICTS, VERDICT_RANK


@dataclass(frozen=True)
class Pair:
    case: str          # the transcript it came from (the bootstrap's unit)
    key: str           # "<question>/<criterion>"
    label: str         # reference verdict
    pred: str          # judge verdict, or "unscored"


def exact(pairs: list[Pair], confidence: float = 0.95) -> dict:
    k = sum(1 for p in pairs if p.pred == p.label)
    iv = wilson(k, len(pairs), confidence)
    return {"n": len(pairs), "agree": k, "agreement": iv.rate, "low": iv.low, "high": iv.high}


def cohen_kappa(pairs: list[Pair]) -> float | None:
    """Cohen's kappa over the three verdicts (an unscored prediction is its own category,
    so it can only lower kappa). None when chance agreement is 1 (a single class)."""
    n = len(pairs)
    if n == 0:
        return None
    po = sum(1 for p in pairs if p.pred == p.label) / n
    lab, pre = Counter(p.label for p in pairs), Counter(p.pred for p in pairs)
    pe = sum(lab[c] * pre[c] for c in set(lab) | set(pre)) / (n * n)
    if pe >= 1.0:
        return None
    return (po - pe) / (1 - pe)


def bootstrap_kappa(pairs: list[Pair], reps: int = 1000, seed: int = 0,
                    confidence: float = 0.95) -> tuple[float, float] | None:
    """Percentile interval for kappa, resampling whole transcripts (criteria within one
    transcript are not independent)."""
    by_case: dict[str, list[Pair]] = {}
    for p in pairs:
        by_case.setdefault(p.case, []).append(p)
    cases = sorted(by_case)
    if len(cases) < 2:
        return None
    rng = random.Random(seed)
    values = []
    for _ in range(reps):
        sample = [q for c in (rng.choice(cases) for _ in cases) for q in by_case[c]]
        k = cohen_kappa(sample)
        if k is not None:
            values.append(k)
    if not values:
        return None
    values.sort()
    lo_i = int((1 - confidence) / 2 * len(values))
    hi_i = min(len(values) - 1, int((1 + confidence) / 2 * len(values)))
    return values[lo_i], values[hi_i]


def confusion(pairs: list[Pair]) -> dict[str, dict[str, int]]:
    """rows: reference label; columns: judge verdict."""
    cols = list(CLASSES) + (["unscored"] if any(p.pred == "unscored" for p in pairs) else [])
    m = {r: {c: 0 for c in cols} for r in CLASSES}
    for p in pairs:
        m[p.label][p.pred] += 1
    return m


def leaning(pairs: list[Pair]) -> dict:
    """Among disagreements, how often the judge is more generous than the label."""
    scored = [p for p in pairs if p.pred in ORDER and p.pred != p.label]
    up = sum(1 for p in scored if ORDER[p.pred] > ORDER[p.label])
    down = len(scored) - up
    way = ("lenient" if up > down else "strict" if down > up else "balanced") if scored else "none"
    return {"lenient": up, "strict": down, "leans": way}


def per_key(pairs: list[Pair]) -> dict[str, dict]:
    groups: dict[str, list[Pair]] = {}
    for p in pairs:
        groups.setdefault(p.key, []).append(p)
    return {k: exact(v) for k, v in sorted(groups.items())}


def between(a: dict[tuple[str, str], str], b: dict[tuple[str, str], str]) -> dict:
    """Agreement between two judges' verdicts on the same (case, key) items."""
    common = sorted(set(a) & set(b))
    pairs = [Pair(c, k, a[(c, k)], b[(c, k)]) for c, k in common]
    out = exact(pairs) if pairs else {"n": 0}
    if pairs and all(p.label in ORDER for p in pairs):
        out["kappa"] = cohen_kappa(pairs)
    return out


def summarise(pairs: list[Pair], reps: int = 1000, seed: int = 0) -> dict:
    out = exact(pairs)
    out["kappa"] = cohen_kappa(pairs)
    ci = bootstrap_kappa(pairs, reps, seed)
    out["kappa_low"], out["kappa_high"] = ci if ci else (None, None)
    out["confusion"] = confusion(pairs)
    out["leaning"] = leaning(pairs)
    out["parse_failure_rate"] = (sum(1 for p in pairs if p.pred == "unscored") / len(pairs)
                                 if pairs else 0.0)
    return out
