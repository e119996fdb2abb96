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
               "said": claim.raw, "card_check": chk.id, "source": "cues", "field": chk.field,
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


def answer_checks(card: Card | None, text: str, earlier: list[str] | tuple = (),
                  grading: bool = False) -> list[dict]:
    """Every checked quantity of one answer: the reader's records, then the cue fallback's
    where the reader read nothing, in text order. In the interview the fallback is asked
    about, never challenged; for `grading` (the judge's numbers) it is judged as the card's
    own check, under the card's scenario and tolerance, as the judge's criteria were
    calibrated (a number the reader read is the reader's either way)."""
    recs = [dict(r, source="reader") for r in read_claims(text, card, earlier)]
    if card is not None:
        for c in cue_records(card, text, sure=grading, card_tolerance=grading):
            if not any(_overlap(c["span"], r["span"]) for r in recs):
                recs.append(c)
    return sorted(recs, key=lambda r: r["span"][0])


def _conditions_of(conds: dict) -> dict:
    return {n: (c["value"], c["from"]) for n, c in conds.items()}


def _varying(readings: list[dict]) -> set[str]:
    keys = {k for r in readings for k in r["args"]}
    return {k for k in keys if len({str(r["args"].get(k)) for r in readings}) > 1}


def resolve(check: dict, reply: str, card: Card | None = None, text: str = "",
            earlier: list[str] | tuple = ()) -> dict | None:
    """An ambiguous check re-read with the conditions the candidate's reply states: its
    readings under those conditions decide it (ok, or wrong: now it is sure); failing that,
    the claim's answer (`text`, with its `earlier` answers) is read again with the reply as
    the latest earlier turn. None when the reply settles nothing (it stays unresolved).
    Returns a reader-shaped record with `resolves` set to the check's id."""
    from .conditions import mentions   # the reply's stated conditions
    stated: dict[str, object] = {}
    for m in mentions(reply):
        if not isinstance(m.value, tuple):
            stated.setdefault(m.name, m.value)
    readings = check.get("readings") or []
    cache = "dtype" if check["tool"] == "kv-calc" else "kv_dtype"
    varying = _varying(readings)
    want = {n: stated[n] for n in ("gpu", "gpus", "context", "model", "batch", "weight_dtype")
            if n in stated}
    if "kv_dtype" in stated:
        want[cache] = stated["kv_dtype"]
    if "dtype" in stated:   # "FP8." answers the precision that was asked about
        target = "weight_dtype" if "weight_dtype" in varying and cache not in varying else cache
        want.setdefault(target, stated["dtype"])
    said = check.get("claimed_text") or check.get("said") or ""
    unit = check["unit"]
    keys = [n for n in want if n in varying]
    fitting = [r for r in readings if keys and all(r["args"].get(n) == want[n] for n in keys)]
    if fitting and len({r["ok"] for r in fitting}) == 1 and fitting[0]["ok"] is not None:
        r = fitting[0]
        conds = dict(check.get("conditions") or {})
        for n, v in r["args"].items():
            if n in conds or n in keys:
                conds[n] = {"value": v, "from": "reply" if n in keys else conds[n]["from"]}
        status = "ok" if r["ok"] else "wrong"
        out = {k: v for k, v in check.items() if k not in ("readings", "asks", "question")}
        shown = format_value(r["computed"], unit)
        text_c = _conditions_text(_conditions_of(conds))
        out.update(args=r["args"], computed=r["computed"], ok=r["ok"], status=status,
                   conditions=conds, resolves=check["check"],
                   arithmetic=f"{check['tool']} with {text_c} gives {shown}")
        out["challenge"] = (f"You said {said}. With {text_c}, I get {shown}."
                            if status == "wrong" else None)
        return out
    if not text or "span" not in check:
        return None
    span = tuple(check["span"])
    kind = check["check"].split("@")[0]
    for r in read_claims(text, card, list(earlier) + [reply]):
        if _overlap(span, r["span"]) and r["check"] == kind and r["status"] != "ambiguous":
            out = {k: v for k, v in check.items() if k not in ("readings", "asks", "question")}
            out.update({k: r[k] for k in ("args", "computed", "ok", "status", "conditions",
                                          "arithmetic")}, challenge=r.get("challenge"),
                       resolves=check["check"])
            return out
    return None
