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
    from interviewer.judges.calibrate import labeller_agreement
    from rubrics import default_bank
    from transcripts.reference import load_reference
    card = default_bank().get("why-fde")
    ids = [c.id for c in card.criteria]
    first = ["met", "partial", "missing", "missing"] + ["met"] * (len(ids) - 4)
    second = ["met", "missing", "missing", "partial"] + ["met"] * (len(ids) - 4)

    def table(name, verdicts):
        rows = "\n".join(f'{i} = {{ verdict = "{v}", why = "from the rubric" }}'
                         for i, v in zip(ids, verdicts))
        return f'[{name}.why-fde]\nlevel = "solid"\n[{name}.why-fde.criteria]\n{rows}\n'
    head = ('id = "{}"\nround = "screen"\nquality = "adequate"\nsplit = "holdout"\n'
            '[[turns]]\nquestion = "why-fde"\nspeaker = "interviewer"\ntext = "Why?"\n'
            '[[turns]]\nquestion = "why-fde"\nspeaker = "candidate"\ntext = "Customers."\n')
    (tmp_path / "a.toml").write_text(head.format("a") + table("labels", first)
                                     + table("second_labels", second))
    (tmp_path / "b.toml").write_text(head.format("b") + table("labels", first))   # one labeller
    r = labeller_agreement(load_reference(tmp_path, default_bank()))
    # only case a counts; its labellers differ on criteria 2 and 4
    assert (r["cases"], r["n"], r["agree"]) == (1, len(ids), len(ids) - 2)
    assert r["agreement"] == pytest.approx((len(ids) - 2) / len(ids))
