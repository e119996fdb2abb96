"""Calibration statistics against values computed by hand."""
import pytest

from interviewer.judges.agreement import (Pair, between, bootstrap_kappa, cohen_kappa, confusion,
                                          exact, leaning, summarise)


def pairs(rows):
    return [Pair(case, f"q/{i}", label, pred) for i, (case, label, pred) in enumerate(rows)]


# 10 labels: 7 agree. Labels: met 4, partial 3, missing 3. Predictions: met 5, partial 2, missing 3.
ROWS = [("a", "met", "met"), ("a", "met", "met"), ("a", "met", "met"), ("b", "met", "partial"),
        ("b", "partial", "partial"), ("b", "partial", "met"), ("c", "partial", "missing"),
        ("c", "missing", "missing"), ("c", "missing", "missing"), ("d", "missing", "met")]


def test_exact_agreement_and_wilson():
    r = exact(pairs(ROWS))
    assert (r["n"], r["agree"]) == (10, 6) or (r["n"], r["agree"]) == (10, 7)
    assert r["agree"] == 6   # rows 1-3, 5, 8, 9
    assert r["agreement"] == 0.6
    assert round(r["low"], 3) == 0.313 and round(r["high"], 3) == 0.832   # Wilson 6/10


def test_kappa_by_hand():
    # po = 0.6; label marginals met 4, partial 3, missing 3; prediction marginals met 5,
    # partial 2, missing 3: pe = (4*5 + 3*2 + 3*3) / 100 = 0.35; kappa = 0.25 / 0.65
    assert cohen_kappa(pairs(ROWS)) == pytest.approx(0.25 / 0.65)
    assert cohen_kappa(pairs([("a", "met", "met")] * 4)) is None   # one class: undefined


def test_confusion_and_leaning():
    m = confusion(pairs(ROWS))
    assert m["met"] == {"met": 3, "partial": 1, "missing": 0}
    assert m["missing"]["met"] == 1
    lean = leaning(pairs(ROWS))
    # disagreements: met->partial (strict), partial->met (lenient), partial->missing
    # (strict), missing->met (lenient)
    assert lean == {"lenient": 2, "strict": 2, "leans": "balanced"}


def test_unscored_counts_against_the_judge():
    r = summarise(pairs([("a", "met", "unscored"), ("a", "met", "met")]), reps=50)
    assert r["agreement"] == 0.5 and r["parse_failure_rate"] == 0.5
    assert "unscored" in r["confusion"]["met"]


def test_bootstrap_resamples_whole_transcripts():
    ci = bootstrap_kappa(pairs(ROWS), reps=400, seed=1)
    k = cohen_kappa(pairs(ROWS))
    assert ci[0] <= k <= ci[1] and ci[0] < ci[1]
    same = pairs([("a", "met", "met"), ("a", "missing", "missing")])
    assert bootstrap_kappa(same, reps=10) is None   # one transcript: nothing to resample


def test_judge_versus_judge():
    a = {("c1", "q/x"): "met", ("c1", "q/y"): "missing", ("c2", "q/x"): "partial"}
    b = {("c1", "q/x"): "met", ("c1", "q/y"): "met", ("c3", "q/x"): "met"}
    r = between(a, b)
    assert r["n"] == 2 and r["agreement"] == 0.5


def test_two_labellers_agreement_by_hand(tmp_path):
    from reference_cases import case_text, criteria_ids
    from interviewer.judges.calibrate import labeller_agreement
    from rubrics import default_bank
    from transcripts.reference import load_reference
    n = len(criteria_ids())
    first = ["met", "partial", "missing", "missing"] + ["met"] * (n - 4)
    second = ["met", "missing", "missing", "partial"] + ["met"] * (n - 4)
    (tmp_path / "a.toml").write_text(case_text("a", first, second))
    (tmp_path / "b.toml").write_text(case_text("b", first))   # one labeller only
    r = labeller_agreement(load_reference(tmp_path, default_bank()))
    # only case a counts; its labellers differ on criteria 2 and 4
    assert (r["cases"], r["n"], r["agree"]) == (1, n, n - 2)
    assert r["agreement"] == pytest.approx((n - 2) / n)
