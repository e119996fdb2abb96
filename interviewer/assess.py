"""The offline interviewer's reading of one answer: which criteria it covers (card signals),
which numbers it claims and whether the tools agree, which red flags it raises, and whether a
behavioral answer says what the candidate did and gives a metric. Deterministic."""
from __future__ import annotations

import re

from rubrics import Card
from rubrics import matching
from rubrics.checks import computed_value
from tools import ToolError

_I = re.compile(r"\b(I|I'm|I've|I'd|my|me)\b")
_WE = re.compile(r"\b(we|we're|we've|our|us|the team)\b", re.IGNORECASE)


def assess(card: Card, text: str) -> dict:
    """A JSON-ready reading of one answer to `card`."""
    covered = {cid: snips for cid, snips in matching.criteria_hits(card, text).items() if snips}
    tool_checks, seen = [], set()
    for claim in matching.claims(card, text):
        check = claim.check
        if check.id in seen:
            continue
        seen.add(check.id)
        try:
            computed = computed_value(check)
        except ToolError as exc:   # a card's tool call failing is a bug, but never a crash
            tool_checks.append({"check": check.id, "error": str(exc)})
            continue
        tool_checks.append({
            "check": check.id, "tool": check.tool, "args": check.args,
            "quantity": check.quantity, "unit": check.unit, "claimed": claim.value,
            "claimed_text": claim.raw, "computed": computed,
            "ok": check.tolerance.accepts(computed, claim.value), "arithmetic": check.arithmetic,
        })
    first_person = len(_I.findall(text))
    we = len(_WE.findall(text))
    return {
        "covered": covered,
        "tool_checks": tool_checks,
        "red_flags": matching.red_flag_hits(card, text),
        "first_person": first_person > 0 and first_person >= we,
        "has_metric": bool(matching.quantities(text)),
        "words": len(text.split()),
    }
