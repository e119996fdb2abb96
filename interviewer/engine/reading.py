"""The offline interviewer's reading of where a question stands, beyond assess.py's reading of
one answer: what the answers so far cover (every answer to the question, read the way the
judge credits it), whether the last answer earned an acknowledgement, and whether it was too
thin, or too far off the question, to follow up on its substance. Pure functions of the card,
the question's record and the answer; deterministic."""
from __future__ import annotations

from rubrics import Card, matching

from ..judges.heuristic import criterion_verdict
from ..judges.injection import split_turns
from .state import Assessment, QuestionRecord

THIN = "thin-answer"
OFF_QUESTION = "off-question"
TERSE_WORDS = 12    # below this many words an answer is thin whatever it says
THIN_WORDS = 60     # below this, thin when it has no number and touches at most one criterion

def covered(card: Card, rec: QuestionRecord) -> set[str]:
    """The criteria the answers to this question have covered so far, in any turn: any signal
    of the criterion in an answer (assess), or any credit (met or partial) the judge's reading
    of a criterion gives the answers read together (text addressed to a grader set aside, a
    right number included)."""
    ids = {cid for cid, snips in (rec.get("covered") or {}).items() if snips}
    kept, _ = split_turns(list(rec.get("texts") or []))
    text = "\n\n".join(t for t in kept if t.strip())
    if not text:
        return ids
    numbers: dict[str, bool] = {}
    for tc in rec.get("checks") or []:   # the latest statement of each number counts
        if "error" not in tc:
            numbers[tc["check"]] = tc["ok"]
    low = text.lower()
    return ids | {c.id for c in card.criteria if c.id not in ids
                  and criterion_verdict(c, text, numbers, low)[0] != "missing"}


def _touches_card(card: Card, text: str) -> bool:
    low = text.lower()
    return any(term.lower() in low for term in card.vocabulary)


def shortfall(card: Card, assessment: Assessment, text: str, first: bool) -> str | None:
    """THIN when the answer is a few words, or short with no number and at most one criterion
    touched; OFF_QUESTION when a longer first answer to a question touches none of its
    criteria, states none of its numbers and uses none of its vocabulary; else None. With the
    model's reading merged in, past a few words the model says which (it reads meaning where
    the word count only guesses)."""
    words = assessment.get("words", len(text.split()))
    model = assessment.get("model")
    if model is not None and words >= TERSE_WORDS:
        if model["off_question"]:
            return OFF_QUESTION
        return THIN if model["thin"] else None
    hits = [cid for cid, snips in assessment["covered"].items() if snips]
    numbers = bool(assessment["tool_checks"]) or assessment["has_metric"]
    if words < TERSE_WORDS or (words < THIN_WORDS and not numbers and len(hits) <= 1):
        return THIN
    if first and not hits and not assessment["tool_checks"] and not _touches_card(card, text):
        return OFF_QUESTION
    return None


def wrong_in(card: Card, assessment: Assessment, text: str) -> bool:
    """Whether the answer holds something the checks found wrong: a number the calculators
    disagree with, a red flag, or the poor level's mistake on any criterion."""
    if any(not tc.get("ok", True) for tc in assessment["tool_checks"] if "error" not in tc):
        return True
    if assessment["red_flags"]:
        return True
    low = text.lower()
    return any(matching.search(p, text, low) for c in card.criteria for p in c.poor)


def praise(card: Card, assessment: Assessment, text: str) -> str | None:
    """What the answer earned an acknowledgement for: "numbers" when it stated numbers and
    every one checks out, "solid" when it reaches the solid level of a criterion on its own;
    None when it earned none, or holds anything wrong (wrong_in), or text addressed to a
    grader."""
    if wrong_in(card, assessment, text):
        return None
    kept, dropped = split_turns([text])
    if dropped:
        return None
    checks = [tc for tc in assessment["tool_checks"] if "error" not in tc]
    if checks:
        return "numbers"
    numbers = {tc["check"]: tc["ok"] for tc in checks}
    low = kept[0].lower()
    for cid, snips in assessment["covered"].items():
        crit = next((c for c in card.criteria if c.id == cid), None)
        if snips and crit is not None and \
                criterion_verdict(crit, kept[0], numbers, low)[0] == "met":
            return "solid"
    return None
