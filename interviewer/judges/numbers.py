"""The numbers a scorecard shows, and what a wrong one does to a criterion.

Every checkable quantity of every answer is read as the interviewer read it
(rubrics.claims.combine.answer_checks: the claim reader, with this question's earlier answers
as context; where it read nothing, the card's cues, asked about), and an ambiguous one is
re-read with the next answer's stated conditions (rubrics.claims.combine.resolve). The table
lists each claim with its verdict (ok, wrong, ambiguous) and the conditions used.

The criteria that name a card's number check read `right`: the card's own cue matching under
its scenario and tolerance, latest statement first, as the criteria were calibrated (the
reader's verdicts there moved agreement on the reference holdout from 73.1% to 72.6%).

The rule (`cap`): a criterion whose only evidence states a wrong number is not met: partial
at most. A piece of evidence (the words a criterion's pattern matched) "states a wrong number"
when it holds a claim judged wrong. (Reading it as "sits in a sentence with a wrong number"
held five of the level examples' met answers at partial, on numbers the reader misread.)
"""
from __future__ import annotations

from dataclasses import dataclass

from rubrics import Card, matching
from rubrics.checks import computed_value
from rubrics.claims.combine import answer_checks, card_check_of, resolve
from transcripts.scorecard import NumberRow


@dataclass(frozen=True)
class Numbers:
    rows: tuple[NumberRow, ...]
    right: dict[str, bool]                     # card check id -> its latest statement right
    text: str                                  # the turns joined by blank lines (as judged)
    wrong_spans: tuple[tuple[int, int], ...]   # claims judged wrong, in `text`

    def cap(self, verdict: str, spans: list[tuple[int, int]], why: str
            ) -> tuple[str, list[tuple[int, int]], str]:
        """A criterion's (verdict, evidence spans in `text`, rationale), the verdict held at
        partial when every piece of its evidence states a number judged wrong (the evidence
        span holds the wrong claim)."""
        if verdict != "met" or not spans or not self.wrong_spans:
            return verdict, spans, why
        if all(any(a < y and x < b for x, y in self.wrong_spans) for a, b in spans):
            return "partial", spans, why + "; its only evidence states a wrong number"
        return verdict, spans, why


def _row(card: Card, r: dict) -> NumberRow:
    return NumberRow(check=card_check_of(card, r) or r["check"], quantity=r["quantity"],
                     claimed=r["claimed_text"], computed=r["computed"], unit=r["unit"],
                     tool=r["tool"], ok=r["ok"], status=r["status"],
                     conditions=r.get("conditions") or {})


_CACHE: dict[tuple[int, tuple[str, ...]], tuple[Card, Numbers]] = {}


def read(card: Card, turns: list[str] | tuple[str, ...]) -> Numbers:
    """Every claim of `turns` (one question's answers, cleared of injection paragraphs); the
    numbers table and the criterion rule share one reading (kept for the last few)."""
    turns = tuple(turns)
    hit = _CACHE.get((id(card), turns))
    if hit is not None and hit[0] is card:
        return hit[1]
    if len(_CACHE) > 64:
        _CACHE.clear()
    out = _read(card, turns)
    _CACHE[(id(card), turns)] = (card, out)
    return out


def _read(card: Card, turns: tuple[str, ...]) -> Numbers:
    rows, wrong, offset = [], [], 0
    for i, t in enumerate(turns):
        for r in answer_checks(card, t, turns[:i]):
            if r["status"] == "ambiguous" and i + 1 < len(turns):
                r = resolve(r, turns[i + 1], card, t, turns[:i]) or r
            rows.append(_row(card, r))
            if r["status"] == "wrong":
                wrong.append((offset + r["span"][0], offset + r["span"][1]))
        offset += len(t) + 2
    return Numbers(tuple(rows), _card_verdicts(card, turns), "\n\n".join(turns), tuple(wrong))


def _card_verdicts(card: Card, turns: tuple[str, ...]) -> dict[str, bool]:
    right: dict[str, bool] = {}
    for t in turns:
        for claim in matching.claims(card, t):
            try:
                value = computed_value(claim.check)
            except Exception:   # a broken card check must not break grading
                continue
            right[claim.check.id] = claim.check.tolerance.accepts(value, claim.value)
    return right
