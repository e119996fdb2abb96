"""The offline interviewer's reading of one answer: which criteria it covers (card signals),
which numbers it claims and whether the tools agree, which red flags it raises, and whether a
behavioral answer says what the candidate did and gives a metric. Deterministic."""
from __future__ import annotations

import json
import re
from functools import lru_cache

from rubrics import Card
from rubrics import matching
from tools import ToolError, run_tool

_I = re.compile(r"\b(I|I'm|I've|I'd|my|me)\b")
_WE = re.compile(r"\b(we|we're|we've|our|us|the team)\b", re.IGNORECASE)


@lru_cache(maxsize=512)
def _tool_value(tool: str, args_json: str, field: str) -> float:
    return float(run_tool(tool, json.loads(args_json))[field])


def computed_value(check) -> float:
    """What the tool says the checked quantity is, in the check's unit (cached: tools are pure)."""
    return _tool_value(check.tool, json.dumps(check.args, sort_keys=True), check.field) * check.scale


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
