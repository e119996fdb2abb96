"""The offline interviewer's reading of one answer: which criteria it covers (card signals),
which numbers it claims and whether the tools agree, which red flags it raises, and whether a
behavioral answer says what the candidate did and gives a metric. Deterministic."""
from __future__ import annotations

import re

from rubrics import Card
from rubrics import matching
from rubrics.checks import computed_value
from tools import ToolError
from transcripts import ToolCheckEvent

# The fields of one number check, as the engine keeps it: those the transcript records (a
# transcripts.ToolCheckEvent's own). A check that could not run is {"check": id, "error": why}.
CHECK_FIELDS = tuple(f for f in ToolCheckEvent.model_fields
                     if f not in ("type", "id", "t", "question"))


def tool_check(check: str, tool: str, args: dict, quantity: str, unit: str, claimed: float,
               claimed_text: str, computed: float, ok: bool, arithmetic: str) -> dict:
    """One number check: what was claimed, what the tool computed, and whether they agree."""
    return dict(zip(CHECK_FIELDS, (check, tool, args, quantity, unit, claimed, claimed_text,
                                   computed, ok, arithmetic)))


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
        tool_checks.append(tool_check(
            check.id, check.tool, check.args, check.quantity, check.unit, claim.value, claim.raw,
            computed, check.tolerance.accepts(computed, claim.value), check.arithmetic))
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
