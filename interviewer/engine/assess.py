"""The offline interviewer's reading of one answer: which criteria it covers (card signals),
which numbers it claims and whether the tools agree, which red flags it raises, and whether a
behavioral answer says what the candidate did and gives a metric. Deterministic."""
from __future__ import annotations

import re

from rubrics import Card
from rubrics import matching
from rubrics.claims.combine import answer_checks
from transcripts import ToolCheckEvent

# The fields of one number check, as the engine keeps it: those the transcript records (a
# transcripts.ToolCheckEvent's own). A check that could not run is {"check": id, "error": why}.
CHECK_FIELDS = tuple(f for f in ToolCheckEvent.model_fields
                     if f not in ("type", "id", "t", "question"))


def tool_check(check: str, tool: str, args: dict, quantity: str, unit: str, claimed: float,
               claimed_text: str, computed: float, ok: bool | None, arithmetic: str,
               **more) -> dict:
    """One number check: what was claimed, what the tool computed, and whether they agree
    (`more`: status, conditions, asks, resolves and the engine's own keys)."""
    return dict(zip(CHECK_FIELDS, (check, tool, args, quantity, unit, claimed, claimed_text,
                                   computed, ok, arithmetic)), **more)


def as_check(r: dict, answer_no: int) -> dict:
    """A claim record (rubrics.claims) as the engine's number check. Its id is unique in the
    question (kind @ answer . position), so each claim is challenged or asked about once; the
    record's said words, span, question, challenge and readings travel with it in the state."""
    cid = r["check"] if r.get("source") == "cues" else f"{r['check']}@{answer_no}.{r['span'][0]}"
    return tool_check(cid, r["tool"], r["args"], r["quantity"], r["unit"], r["claimed"],
                      r["claimed_text"], r["computed"], r["ok"], r["arithmetic"],
                      status=r["status"], conditions=r.get("conditions") or {},
                      asks=r.get("question"), challenge=r.get("challenge"), span=r["span"],
                      readings=r.get("readings"), answer_no=answer_no, source=r.get("source"),
                      field=r.get("field") or r["check"].split(":", 1)[-1].split("@")[0])


_I = re.compile(r"\b(I|I'm|I've|I'd|my|me)\b")
_WE = re.compile(r"\b(we|we're|we've|our|us|the team)\b", re.IGNORECASE)


def assess(card: Card, text: str, earlier: list[str] | tuple = (), answer_no: int = 1) -> dict:
    """A JSON-ready reading of one answer to `card`. `earlier`: this question's earlier
    answers (oldest first), whose stated conditions bind the numbers of this one. Every
    checkable quantity is checked on its own (rubrics.claims.answer_checks: the claim reader,
    the card's cues asked about only where it read nothing)."""
    covered = {cid: snips for cid, snips in matching.criteria_hits(card, text).items() if snips}
    tool_checks = [as_check(r, answer_no) for r in answer_checks(card, text, earlier)]
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
