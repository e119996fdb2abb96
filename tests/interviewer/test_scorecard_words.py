"""What a candidate reads on a scorecard: a criterion the judge found no evidence for is "not
found" (the stored verdict stays "missing": it is data), and each question's level comes with
how often the judge's level matches a human's on held-out questions."""
from __future__ import annotations

import html
import json

from interviewer.judges import HeuristicJudge
from interviewer.judges.base import CALIBRATION_FILE, Answers
from interviewer.judges.export import to_html, to_json, to_markdown, to_text
from rubrics import default_bank

BANK = default_bank()


def card():
    answer = "Decode is memory-bandwidth bound, so batching is nearly free."
    return HeuristicJudge().grade(Answers("technical", ["q01"], {"q01": [answer]}, {}), BANK)


def test_no_evidence_reads_not_found_and_is_stored_as_missing():
    sc = card()
    assert any(c.verdict == "missing" for c in sc.questions[0].criteria)
    text, md, html = to_text(sc), to_markdown(sc), to_html(sc)
    assert "[not found]" in text and "[missing]" not in text
    assert "| load-test | not found |" in md and "| missing |" not in md
    assert "<td>not found</td>" in html and "<td>missing</td>" not in html
    assert '"verdict": "missing"' in to_json(sc)          # the data keeps its value


def test_the_level_is_printed_with_the_judges_level_agreement():
    stored = json.loads(CALIBRATION_FILE.read_text())["heuristic"]
    assert 0 < stored["level_agreement"] <= 1 and stored["level_n"] > 0
    pct = f"{stored['level_agreement']:.0%}"
    sc = card()
    line = (f"level: {sc.questions[0].level} (the judge's level matches a human's on {pct} of "
            "held-out questions)")
    assert line in to_text(sc) and line in to_markdown(sc) and html.escape(line) in to_html(sc)


def test_an_unmeasured_level_is_printed_bare():
    sc = card().model_copy(update={"agreement": None})
    assert f"level: {sc.questions[0].level}\n" in to_text(sc)
    assert "matches a human" not in to_markdown(sc)


def test_calibrate_saves_the_level_agreement_with_the_criterion_figure():
    from interviewer.judges.calibrate import agreement_record, report
    from transcripts.reference import load_reference
    cases = [c for c in load_reference(bank=BANK) if c.id.startswith("q01-")]
    rec = agreement_record(report(HeuristicJudge(), cases, BANK, reps=5))
    assert {"level_n", "level_agreement", "level_within_one"} <= set(rec)
    assert rec["level_n"] == len([c for c in cases if c.split == "holdout"])
