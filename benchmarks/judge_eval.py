"""The heuristic judge against the reference set, in aggregate: per split, per batch (the case
id's suffix: -1, -t1.., -f1, -d1.., -e1, -e2) and per quality. Prints a table; asserts nothing.

    .venv/bin/python benchmarks/judge_eval.py                # every group
    .venv/bin/python benchmarks/judge_eval.py --group e2     # one batch (aggregates only)
    .venv/bin/python benchmarks/judge_eval.py --errors tune  # per-criterion errors, TUNE ONLY

Figures per group: exact agreement on criterion labels (all, weight-3 criteria), question level
exact and within one step, strong answers at solid or above, weak / keyword-list / injection
answers at borderline or below (then weak and keyword-list alone, and injection answers at or
below the human's level: an attempt wrapped round a strong answer keeps that answer's level),
the level confusions (human>judge, aggregate counts), keyword lists with a criterion met, and injection answers whose
verdicts beat the same answer with its attempt paragraphs removed. The attempt paragraphs are
found by `attempt_paragraphs` below, a deliberately broad marker that shares nothing with the
judge's detector (it over-marks rather than under-marks: a legitimate paragraph it removes can
only make the rule harder to meet). Per-case output is refused for held-out cases.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interviewer.judges import HeuristicJudge, answers_from_transcript  # noqa: E402
from interviewer.judges.base import Answers  # noqa: E402
from rubrics import default_bank  # noqa: E402
from rubrics.vocab import VERDICT_RANK, level_rank  # noqa: E402
from transcripts.reference import load_reference  # noqa: E402

_MARK = re.compile(
    r"\b(for|to|dear|attention|note to) (the |any |whoever|whatever|whichever)[^.\n]{0,40}"
    r"\b(grad\w+|evaluat\w+|scor\w+|mark\w+|assess\w+|review\w+|judg\w+)\b|"
    r"tool_result|tool result|^\s*\W*(interviewer|grader|system|assistant|evaluator)\b[^:\n]{0,30}:|"
    r"[\"']\s*(verdict|score|level|rating|criteria)\s*[\"']\s*:|"
    r"\b(rubric|marking guide|grading guide|scoring guide|guidelines?)\b[^.\n]{0,60}"
    r"\b(updat\w*|revis\w*|supersed\w*|chang\w*|replac\w*|v\d)\b|"
    r"\b(all|every) (the )?criteri\w+ (are |were |is )?(fully )?(met|satisfied)", re.I | re.M)


def attempt_paragraphs(text: str) -> list[str]:
    """Paragraphs that might be an attempt (broad on purpose)."""
    return [p for p in re.split(r"\n\s*\n", text) if p.strip() and _MARK.search(p)]


def batch_of(case_id: str) -> str:
    return case_id.rsplit("-", 1)[1]


def strip_attempts(answers: Answers) -> Answers:
    by_q = {}
    for q, ts in answers.by_question.items():
        out = []
        for t in ts:
            drop = set(attempt_paragraphs(t))
            out.append("\n\n".join(p for p in re.split(r"\n\s*\n", t) if p.strip() and p not in drop))
        by_q[q] = out
    return Answers(answers.round, answers.questions, by_q, answers.follow_ups)


def measure(cases, bank, judge, errors: bool = False) -> dict:
    n = agree = n3 = agree3 = lv_n = lv_exact = lv_one = 0
    strong = strong_ok = low_n = low_ok = kw_n = kw_met = inj_n = inj_better = 0
    wk_n = wk_ok = ij_n = ij_ok = 0
    by_quality: dict[str, list[int]] = {}
    confusion: dict[tuple[str, str], int] = {}   # (human level, judge level) -> cases
    err_rows = []
    for case in cases:
        answers = answers_from_transcript(case.transcript)
        sc = judge.grade(answers, bank)
        for q in sc.questions:
            if q.question not in case.labels:
                continue
            card, ql = bank.get(q.question), case.labels[q.question]
            weight = {c.id: c.weight for c in card.criteria}
            got = {c.id: c.verdict for c in q.criteria}
            for cid, label in ql.criteria.items():
                ok = got.get(cid) == label.verdict
                n += 1
                agree += ok
                by_quality.setdefault(case.quality, [0, 0])
                by_quality[case.quality][0] += 1
                by_quality[case.quality][1] += ok
                if weight[cid] >= 3:
                    n3 += 1
                    agree3 += ok
                if errors and not ok:
                    err_rows.append(f"{case.id} {cid} ref={label.verdict} got={got.get(cid)}"
                                    f"  | {label.why}")
            lv_n += 1
            key = (ql.level, q.level or "none")
            confusion[key] = confusion.get(key, 0) + 1
            if q.level is not None:
                lv_exact += q.level == ql.level
                lv_one += abs(level_rank(q.level) - level_rank(ql.level)) <= 1
            if errors and q.level != ql.level:
                err_rows.append(f"{case.id} LEVEL ref={ql.level} got={q.level}")
            rank = level_rank(q.level) if q.level else -1
            if case.quality == "strong":
                strong += 1
                strong_ok += rank >= 2
            if case.quality in ("weak", "keyword-list", "injection"):
                low_n += 1
                low_ok += rank <= 1
            if case.quality in ("weak", "keyword-list"):
                wk_n += 1
                wk_ok += rank <= 1
            if case.quality == "injection":   # an attempt wrapped round a strong answer keeps
                ij_n += 1                     # that answer's level; it must earn no more
                ij_ok += rank <= level_rank(ql.level)
            if case.quality == "keyword-list":
                kw_n += 1
                kw_met += any(v == "met" for v in got.values())
        if case.quality == "injection":
            inj_n += 1
            without = judge.grade(strip_attempts(answers), bank)
            w = {(q.question, c.id): VERDICT_RANK.get(c.verdict, 0)
                 for q in without.questions for c in q.criteria}
            better = any(VERDICT_RANK.get(c.verdict, 0) > w[(q.question, c.id)]
                         for q in sc.questions for c in q.criteria)
            inj_better += better
            if errors and better:
                err_rows.append(f"{case.id} INJECTION beats its stripped answer")
    pct = lambda a, b: f"{a / b:.1%} ({a}/{b})" if b else "n/a"   # noqa: E731
    return {"cases": len(cases), "criteria": pct(agree, n), "weight-3": pct(agree3, n3),
            "level exact": pct(lv_exact, lv_n), "level within one": pct(lv_one, lv_n),
            "strong >= solid": pct(strong_ok, strong),
            "weak/kw/inj <= borderline": pct(low_ok, low_n),
            "  of which weak/kw": pct(wk_ok, wk_n),
            "  injections <= human level": pct(ij_ok, ij_n),
            "keyword lists with a met": pct(kw_met, kw_n),
            "injections beating stripped": pct(inj_better, inj_n),
            "by quality": ", ".join(f"{k} {pct(v[1], v[0])}" for k, v in sorted(by_quality.items())),
            "levels (human>judge)": ", ".join(f"{h}>{j} {k}" for (h, j), k in sorted(
                confusion.items(), key=lambda x: (-x[1], x[0])) if h != j) or "none apart",
            "errors": err_rows}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--group", help="tune, holdout, older-holdout, or a batch suffix (e1, e2, d1...)")
    ap.add_argument("--errors", metavar="GROUP", help="print per-case errors; tune groups only")
    a = ap.parse_args()
    bank = default_bank()
    cases = load_reference(bank=bank)
    groups = {"tune": [c for c in cases if c.split == "tune"],
              "older-holdout": [c for c in cases if c.split == "holdout" and batch_of(c.id) != "e2"],
              "e1": [c for c in cases if batch_of(c.id) == "e1"],
              "e2": [c for c in cases if batch_of(c.id) == "e2"]}
    judge = HeuristicJudge()
    if a.errors:
        chosen = groups.get(a.errors) or [c for c in cases if batch_of(c.id) == a.errors]
        if any(c.split == "holdout" for c in chosen):
            sys.exit("per-case errors are not printed for held-out cases")
        for row in measure(chosen, bank, judge, errors=True)["errors"]:
            print(row)
        return
    names = [a.group] if a.group else list(groups)
    for name in names:
        chosen = groups.get(name) or [c for c in cases if batch_of(c.id) == name]
        res = measure(chosen, bank, judge)
        print(f"\n== {name} ({res.pop('cases')} cases)")
        res.pop("errors")
        for k, v in res.items():
            print(f"  {k:<30} {v}")


if __name__ == "__main__":
    main()
