"""Measuring a judge against the reference set."""
from __future__ import annotations

import random
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Callable

from rubrics import Bank
from rubrics.vocab import level_rank
from tools.wilson import wilson
from transcripts.reference import ReferenceCase
from transcripts.scorecard import Scorecard

from . import agreement as stats
from .base import Judge, answers_from_transcript


# The splits in the order they are printed: the held-out figure is the one that says how the
# judge does on new answers; the tune split was fitted, and "all" includes it.
SPLITS = ("holdout", "tune", "all")


def stratified_sample(cases: list[ReferenceCase], n: int, seed: int = 0
                      ) -> list[ReferenceCase]:
    """`n` cases drawn so that every round type and every quality level among `cases` is
    present, the rest spread over the (round, quality) strata in proportion to their size;
    the same `n` and seed draw the same cases. In the given order."""
    if n >= len(cases):
        return list(cases)
    rng = random.Random(seed)
    strata: dict[tuple[str, str], list[ReferenceCase]] = {}
    for c in cases:
        strata.setdefault((c.round, c.quality), []).append(c)
    for members in strata.values():
        rng.shuffle(members)
    size = {k: len(v) for k, v in strata.items()}
    taken = {k: 0 for k in strata}
    rounds, qualities = set(), set()
    chosen: list[ReferenceCase] = []
    while len(chosen) < n:
        def score(k):   # a new round or quality first, then the stratum furthest below share
            return ((k[0] not in rounds) + (k[1] not in qualities),
                    size[k] * n / len(cases) - taken[k], k)
        key = max((k for k in strata if taken[k] < size[k]), key=score)
        chosen.append(strata[key][taken[key]])
        taken[key] += 1
        rounds.add(key[0])
        qualities.add(key[1])
    keep = {c.id for c in chosen}
    return [c for c in cases if c.id in keep]


def run_judge(judge: Judge, cases: list[ReferenceCase], bank: Bank,
              step: Callable[[], None] | None = None, concurrency: int = 1,
              times: dict[str, float] | None = None) -> dict[str, Scorecard]:
    """Grade every case, `concurrency` at a time; `step` is called after each (a progress
    line), and `times` gets each case's seconds (the basis of the next time estimate)."""
    def one(c: ReferenceCase) -> tuple[str, Scorecard]:
        t0 = time.perf_counter()
        card = judge.grade(answers_from_transcript(c.transcript), bank)
        if times is not None:
            times[c.id] = time.perf_counter() - t0
        if step is not None:
            step()
        return c.id, card
    if concurrency <= 1:
        return dict(one(c) for c in cases)
    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        return dict(pool.map(one, cases))


def pairs_for(cases: list[ReferenceCase], cards: dict[str, Scorecard]) -> list[stats.Pair]:
    out = []
    for case in cases:
        sc = cards[case.id]
        verdicts = {(q.question, c.id): c.verdict for q in sc.questions for c in q.criteria}
        for qid, ql in case.labels.items():
            for cid, label in ql.criteria.items():
                out.append(stats.Pair(case.id, f"{qid}/{cid}", label.verdict,
                                      verdicts.get((qid, cid), "unscored")))
    return out


def level_agreement(cases: list[ReferenceCase], cards: dict[str, Scorecard]) -> dict:
    exact = within_one = n = 0
    for case in cases:
        levels = {q.question: q.level for q in cards[case.id].questions}
        for qid, ql in case.labels.items():
            n += 1
            got = levels.get(qid)
            if got == ql.level:
                exact += 1
            if got is not None and abs(level_rank(got) - level_rank(ql.level)) <= 1:
                within_one += 1
    e, w = wilson(exact, n), wilson(within_one, n)
    return {"n": n, "exact": exact / n if n else 0.0, "within_one": within_one / n if n else 0.0,
            "exact_low": e.low, "exact_high": e.high,
            "within_one_low": w.low, "within_one_high": w.high}


def labeller_agreement(cases: list[ReferenceCase]) -> dict:
    """How far two careful labellers agree where a case carries a second, independent
    labelling: the ceiling a judge's agreement with either can be expected to reach."""
    first, second = {}, {}
    with_second = [c for c in cases if c.second_labels]
    for case in with_second:
        for qid, ql in case.second_labels.items():
            for cid, label in ql.criteria.items():
                first[(case.id, f"{qid}/{cid}")] = case.labels[qid].criteria[cid].verdict
                second[(case.id, f"{qid}/{cid}")] = label.verdict
    return {"cases": len(with_second), **stats.between(first, second)}


def block_for(chosen: list[ReferenceCase], cards: dict[str, Scorecard], reps: int) -> dict:
    """One judge's figures on some cases: criterion agreement, kappa, levels, by quality."""
    pairs = pairs_for(chosen, cards)
    block = stats.summarise(pairs, reps=reps)
    block["cases"] = len(chosen)
    block["per_criterion"] = stats.per_key(pairs)
    block["levels"] = level_agreement(chosen, cards)
    by_quality: dict[str, list[stats.Pair]] = {}
    quality = {c.id: c.quality for c in chosen}
    for p in pairs:
        by_quality.setdefault(quality[p.case], []).append(p)
    block["by_quality"] = {q: stats.exact(v) for q, v in sorted(by_quality.items())}
    return block


def report(judge: Judge, cases: list[ReferenceCase], bank: Bank, *, reps: int = 1000,
           other: Judge | None = None, step: Callable[[], None] | None = None,
           concurrency: int = 1) -> dict:
    """Everything `fde-interview calibrate` prints, per split (holdout first) and for all
    cases. `step` is called after each transcript graded (by either judge). With `other`,
    `compare` holds both judges' figures on the same cases (the first split present)."""
    times: dict[str, float] = {}
    t0 = time.perf_counter()
    cards = run_judge(judge, cases, bank, step, concurrency, times)
    out: dict = {"judge": judge.info.model_dump(), "cases": len(cases), "splits": {},
                 "seconds": time.perf_counter() - t0,
                 "calls": sum(len(answers_from_transcript(c.transcript).questions)
                              for c in cases),
                 "seconds_in_calls": sum(times.values())}
    for split in SPLITS:
        chosen = [c for c in cases if split == "all" or c.split == split]
        if not chosen:
            continue
        out["splits"][split] = block_for(chosen, cards, reps)
    selfs = [sc.self_agreement for sc in cards.values() if sc.self_agreement is not None]
    out["self_agreement"] = sum(selfs) / len(selfs) if selfs else None
    out["labellers"] = labeller_agreement(cases)
    out["injections_flagged"] = sorted(c.id for c in cases if cards[c.id].injection_detected)
    out["injection_cases"] = sorted(c.id for c in cases if c.quality == "injection")
    if other is not None:
        other_cards = run_judge(other, cases, bank, step, concurrency)
        mine = {(p.case, p.key): p.pred for p in pairs_for(cases, cards)}
        theirs = {(p.case, p.key): p.pred for p in pairs_for(cases, other_cards)}
        out["versus"] = {"judge": other.info.model_dump(), **stats.between(mine, theirs)}
        split = next(iter(out["splits"]))
        chosen = [c for c in cases if split == "all" or c.split == split]
        out["compare"] = {"split": split, "cases": len(chosen),
                          "judges": [judge.info.model_dump(), other.info.model_dump()],
                          "blocks": [out["splits"][split], block_for(chosen, other_cards, reps)]}
    return out


def agreement_record(rep: dict, split: str = "holdout") -> dict:
    """The figures a scorecard prints: exact agreement per criterion on the held-out split,
    and how often the judge's level for a question is the labeller's."""
    block = rep["splits"].get(split) or rep["splits"]["all"]
    name = split if split in rep["splits"] else "all"
    return {"measured_on": f"reference set, {name} split, {block['cases']} transcripts",
            "n": block["n"], "agreement": round(block["agreement"], 4),
            "low": round(block["low"], 4), "high": round(block["high"], 4),
            "kappa": round(block["kappa"], 3) if block["kappa"] is not None else None,
            "level_n": block["levels"]["n"],
            "level_agreement": round(block["levels"]["exact"], 4),
            "level_within_one": round(block["levels"]["within_one"], 4)}


def llm_record(judge, rep: dict, cases: int) -> dict:
    """What the calibration store keeps for an LLM judge's run (judges/measured.py)."""
    from datetime import date
    b = judge.backend
    return agreement_record(rep) | {
        "provider": b.name, "model": b.model, "prompt_version": judge.info.prompt_version,
        "date": date.today().isoformat(), "cases": cases,
        "seconds_per_call": round(rep["seconds_in_calls"] / max(1, rep["calls"]), 2)}


def _pct_ci(rate: float, low: float | None, high: float | None) -> str:
    return f"{rate:.0%} [{low:.0%}, {high:.0%}]" if low is not None else f"{rate:.0%}"


def compare_lines(cmp: dict, per_criterion: bool) -> list[str]:
    """`calibrate --compare`: both judges on the same cases, side by side, each figure with
    its 95% interval."""
    a, b = cmp["blocks"]
    names = [j["name"] + (f" ({j['model']})" if j.get("model") else "") for j in cmp["judges"]]
    width = max(24, *(len(n) + 2 for n in names))
    out = [f"\nside by side: {cmp['cases']} {cmp['split']} transcripts, the same for both "
           "(95% Wilson intervals)", f"  {'':<28}" + "".join(f"{n:>{width}}" for n in names)]

    def row(label: str, cell) -> None:
        out.append(f"  {label:<28}" + "".join(f"{cell(x):>{width}}" for x in (a, b)))
    row("criterion agreement", lambda x: _pct_ci(x["agreement"], x["low"], x["high"]))
    row("  criterion labels", lambda x: str(x["n"]))
    row("Cohen's kappa", lambda x: f"{x['kappa']:.2f}" if x["kappa"] is not None else "n/a")
    row("level agreement", lambda x: _pct_ci(x["levels"]["exact"], x["levels"]["exact_low"],
                                             x["levels"]["exact_high"]))
    row("level within one step", lambda x: _pct_ci(x["levels"]["within_one"],
                                                   x["levels"]["within_one_low"],
                                                   x["levels"]["within_one_high"]))
    row("  questions", lambda x: str(x["levels"]["n"]))
    row("unscored (parse failures)", lambda x: f"{x['parse_failure_rate']:.0%}")
    if per_criterion:
        out.append("  per criterion")
        for key in sorted(set(a["per_criterion"]) | set(b["per_criterion"])):
            row(f"    {key}"[:28], lambda x: _pct_ci(x["per_criterion"][key]["agreement"],
                                                     x["per_criterion"][key]["low"],
                                                     x["per_criterion"][key]["high"])
                if key in x["per_criterion"] else "-")
    return out
