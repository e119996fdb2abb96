"""What the offline judge reads from an answer using a card's data: which criteria's
signals it hits, which red flags it raises, and which numeric claims it makes for the
card's number checks (value, unit, and whether the tool agrees). Patterns are searched with
rubrics.fastregex; numbers are read by rubrics.quantities."""
from __future__ import annotations

import re
from dataclasses import dataclass

from .fastregex import PatternGroup, finditer, search
from .quantities import Quantity, quantities, spoken_number, to_check_unit
from .schema import Card, NumberCheck

__all__ = ["Claim", "PatternGroup", "Quantity", "any_hit", "claims", "claims_for",
           "criteria_hits", "distinct_spans", "finditer", "merge_spans", "quantities",
           "red_flag_hits", "search", "signal_hits", "spoken_number", "to_check_unit"]


@dataclass(frozen=True)
class Claim:
    """A number the candidate stated for one of the card's number checks."""
    check: NumberCheck
    value: float          # in the check's unit
    raw: str
    expected: float
    ok: bool
    start: int = -1       # where the number sits in the text




def signal_hits(signals: list[str], text: str) -> list[str]:
    """The matched snippets of every signal that occurs in `text`."""
    hits, low = [], text.lower()
    for s in signals:
        m = search(s, text, low)
        if m:
            hits.append(text[m.start():m.end()])
    return hits


def distinct_spans(signals: list[str], text: str, enough: int | None = None,
                   low: str | None = None) -> list[tuple[int, int]]:
    """Where the signals match, overlapping matches merged: two signals that match the same
    words ("memory-bandwidth bound") are one piece of evidence. With `enough`, the search
    stops once that many distinct pieces are found."""
    spans, low = [], text.lower() if low is None else low
    for s in signals:
        m = search(s, text, low)
        if m and m.end() > m.start():
            spans.append((m.start(), m.end()))
            if enough is not None and len(spans) >= enough:
                merged = merge_spans(spans)
                if len(merged) >= enough:
                    return merged
    return merge_spans(spans)


def merge_spans(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Overlapping spans merged into one, in order."""
    merged: list[list[int]] = []
    for a, b in sorted(spans):
        if merged and a < merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return [(a, b) for a, b in merged]


def any_hit(signals: list[str] | tuple[str, ...], text: str) -> bool:
    """Whether any of the patterns occurs in `text` (with the same literal prefilter)."""
    low = text.lower()
    return any(search(s, text, low) for s in signals)



def criteria_hits(card: Card, text: str) -> dict[str, list[str]]:
    """criterion id -> the snippets that matched its signals (empty if none)."""
    return {c.id: signal_hits(c.signals, text) for c in card.criteria}


def red_flag_hits(card: Card, text: str) -> dict[str, list[str]]:
    return {f.id: hits for f in card.red_flags if (hits := signal_hits(f.signals, text))}




_SENTENCE_END = re.compile(r"[.;!?](?:\s|$)|\n")
WINDOW = 90   # characters after a cue (and a little before) where its number may sit


def claims_for(check: NumberCheck, text: str, qs: list[Quantity] | None = None,
               low: str | None = None) -> list[Claim]:
    """Numbers stated for one check: for every cue hit, the nearest number with a
    compatible unit within the window after it (or just before it)."""
    qs = quantities(text) if qs is None else qs
    # only numbers that can be read in the check's unit; with none, no cue is worth searching
    usable = [(q, v) for q in qs if (v := to_check_unit(q, check)) is not None]
    if not usable:
        return []
    best_per_sentence: dict[int, tuple[int, Quantity, float]] = {}
    low = text.lower() if low is None else low
    for cue in check.cues:
        for m in finditer(cue, text, low):
            best, best_d = None, None
            for q, v in usable:
                if q.start >= m.end():
                    d = q.start - m.end()                       # after the cue: preferred
                elif q.start < m.start():   # before it; glued when its unit runs into the cue
                    d = 0 if q.end > m.start() else (m.start() - q.end) * 2 + 2
                elif q.start == m.start():
                    d = 0      # the cue starts with its number: the pattern names the claim
                else:
                    continue   # any other number inside a cue is part of the cue
                if d > WINDOW:
                    continue
                if best_d is None or d < best_d:
                    best, best_d = (q, v), d
            if best:
                # several cues may point into one statement: keep its nearest number
                sentence = len(_SENTENCE_END.findall(text, 0, m.start()))
                if sentence not in best_per_sentence or best_d < best_per_sentence[sentence][0]:
                    best_per_sentence[sentence] = (best_d, best[0], best[1])
    out, used = [], set()
    for _, (_, q, v) in sorted(best_per_sentence.items()):
        if q.start in used:
            continue
        used.add(q.start)
        out.append(Claim(check, v, q.raw, check.expected, check.tolerance.accepts(check.expected, v),
                         q.start))
    return out


def claims(card: Card, text: str) -> list[Claim]:
    """Every numeric claim the answer makes for the card's number checks."""
    qs, low = quantities(text), text.lower()
    out = []
    for check in card.number_checks:
        out.extend(claims_for(check, text, qs, low))
    return out
