"""One answer's number checks, as the product uses them: the claim reader decides, and the
card's cue matching (`rubrics.matching.claims`) is a fallback only for numbers the reader read
nothing at. A cue claim never overrides the reader: where their spans overlap the reader's
record is kept. Cue claims are judged by the same tolerance policy, and since their conditions
are the card's scenario, not the candidate's, a cue claim that looks wrong is asked about
(ambiguous), never challenged. Measured on the tune corpus (benchmarks/claims_eval.py
--reader cues|claims|combined; README's number-check section).

    answer_checks(card, text, earlier=()) -> list[dict]   # reader-shaped records, in order
"""
from __future__ import annotations

from tools.units import format_value

from .. import matching
from ..checks import computed_value
from ..schema import Card
from . import policy as tol
from .reader import read_claims
from .wording import _conditions_text


def _overlap(a, b) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def cue_records(card: Card, text: str, sure: bool = True, card_tolerance: bool = False
                ) -> list[dict]:
    """The cue path's claims as reader-shaped records: every cue claim of the card's checks
    (one per check, as the engine did), judged by the policy under the card's scenario.
    `sure`: whether a wrong one is challenged or asked about. `card_tolerance`: judge by the
    card's own tolerance instead of the policy (the engine before the reader: measured only)."""
    out, seen = [], set()
    for claim in matching.claims(card, text):
        chk = claim.check
        if chk.id in seen:
            continue
        seen.add(chk.id)
        try:
            computed = computed_value(chk)
        except Exception:   # a card's broken call is never a crash (assess reports it)
            continue
        start = claim.start if claim.start >= 0 else text.find(claim.raw)
        span = [start, start + len(claim.raw)]
        status, v = tol.status_of(claim.value, computed, claim.raw,
                                  text[max(0, start - 40):start], sure)
        if card_tolerance:
            status = "ok" if chk.tolerance.accepts(computed, claim.value) else "wrong"
        cond = {k: (val, "card") for k, val in chk.args.items()}
        rec = {"check": chk.id, "tool": chk.tool, "args": dict(chk.args),
               "quantity": chk.quantity, "unit": chk.unit, "claimed": claim.value,
               "claimed_text": claim.raw, "computed": computed,
               "ok": True if status == "ok" else False if status == "wrong" else None,
               "arithmetic": chk.arithmetic, "status": status, "span": span,
               "said": claim.raw, "card_check": chk.id, "source": "cues",
               "conditions": {k: {"value": val, "from": "card"} for k, val in chk.args.items()},
               "tolerance": v.tolerance, "rel_error": v.rel_error}
        shown = format_value(computed, chk.unit)
        if status == "wrong":
            rec["challenge"] = (f"You said {claim.raw}. With {_conditions_text(cond)}, I get "
                                f"{shown}.")
        elif status == "ambiguous":
            rec["question"] = (f"With {_conditions_text(cond)} I get {shown}; what did you "
                               "assume?")
        out.append(rec)
    return out


def card_check_of(card: Card | None, rec: dict) -> str | None:
    """The card's number check a record is (same tool, field and every argument both name
    agrees), for the judge's criteria that name a check; None when the record is another
    quantity or another scenario."""
    if card is None:
        return None
    if rec.get("card_check"):
        return rec["card_check"]
    tool, field = rec["tool"], rec["check"].split(":")[-1].split("@")[0]
    args = rec.get("args") or {}
    for chk in card.number_checks:
        if chk.tool != tool or chk.field != field:
            continue
        if all(args[k] == v for k, v in chk.args.items() if k in args):
            return chk.id
    return None


def answer_checks(card: Card | None, text: str, earlier: list[str] | tuple = ()) -> list[dict]:
    """Every checked quantity of one answer: the reader's records, then the cue fallback's
    where the reader read nothing (asked about, never challenged), in text order."""
    recs = [dict(r, source="reader") for r in read_claims(text, card, earlier)]
    if card is not None:
        for c in cue_records(card, text, sure=False):
            if not any(_overlap(c["span"], r["span"]) for r in recs):
                recs.append(c)
    return sorted(recs, key=lambda r: r["span"][0])
