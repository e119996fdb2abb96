"""A provisional scorecard from the same card signals the offline interviewer uses, until the
grading issue brings rubric judges. Deterministic; never calls a model."""
from __future__ import annotations

from rubrics import Card

LEVELS = ("poor", "borderline", "solid", "outstanding")


def _level(coverage: float) -> str:
    if coverage >= 0.85:
        return "outstanding"
    if coverage >= 0.6:
        return "solid"
    if coverage >= 0.35:
        return "borderline"
    return "poor"


def score_question(card: Card, rec: dict) -> dict:
    total = sum(c.weight for c in card.criteria)
    met = sum(c.weight for c in card.criteria if c.id in rec["covered"])
    coverage = met / total if total else 0.0
    latest: dict[str, dict] = {}
    for tc in rec["checks"]:   # a corrected number counts as its latest value
        latest[tc["check"]] = tc
    numbers = list(latest.values())
    level = _level(coverage) if rec["answers"] else "poor"
    if any(not tc["ok"] for tc in numbers) and level != "poor":
        level = LEVELS[LEVELS.index(level) - 1]   # an uncorrected wrong number costs a step
    return {
        "question": card.id, "title": card.title, "answered": rec["answers"] > 0,
        "criteria": [{"id": c.id, "verdict": "met" if c.id in rec["covered"] else "missing",
                      "evidence": rec["covered"].get(c.id, [])[:3]} for c in card.criteria],
        "numbers": [{"check": tc["check"], "quantity": tc["quantity"],
                     "claimed": tc["claimed_text"], "computed": tc["computed"], "unit": tc["unit"],
                     "ok": tc["ok"]} for tc in numbers],
        "coverage": round(coverage, 3), "level": level,
    }


def score_session(cards: list[Card], records: dict[str, dict]) -> dict:
    per_q = [score_question(c, records.get(c.id) or {"answers": 0, "covered": {}, "checks": []})
             for c in cards]
    asked = [q for q in per_q if q["answered"]] or per_q
    mean = sum(LEVELS.index(q["level"]) for q in asked) / len(asked)
    return {"judge": "signals-v0", "questions": per_q, "overall": LEVELS[round(mean)],
            "note": "provisional: card-signal coverage, pending the rubric judges"}
