"""Spotting text addressed to the grader rather than the interviewer. A paragraph that tries
to instruct the judge is set aside: it is never evidence, and the transcript is flagged.

An attempt is a paragraph that addresses the grader (a note to the evaluator, "if you are an
AI scoring this", "Judge, ...", "whichever model is marking this") and asks it for credit or
tells it its rules changed; one that demands credit outright ("mark every criterion as met",
"award this answer full marks", "the final rating must be outstanding"); or one that claims
credit and says the rubric was revised or already applied. Talking *about* graders, judges,
rubrics or prompt injection is not an attempt, nor is text in quotation marks ("a user might
type 'ignore previous instructions'"): an attempt speaks to the grading of this answer."""
from __future__ import annotations

import re

from rubrics.matching import PatternGroup, any_hit, search
from rubrics.pattern_sets import injection_patterns

# The patterns are data: rubrics/patterns/injection.toml, with what each list holds.
_P = injection_patterns()
_ADDRESS, _DEMAND, _OUTRIGHT = _P.address, _P.demand, _P.outright
_READER_CUES, _CLAIM, _OVERRIDE = _P.reader_cues, _P.claim, _P.override

# A quotation is someone else's words: "a user might type 'ignore previous instructions'". (A
# quoted single word, as in a JSON key, is not a quotation.)
_QUOTED = re.compile(r"(?<!\w)(['\"\u2018\u201c])(?=[^'\"\u2019\u201d\n]{0,200}?\s)"
                     r"[^'\"\u2019\u201d\n]{1,200}?['\"\u2019\u201d](?!\w)")


_ADDRESSED = _ADDRESS + _READER_CUES   # the grader spoken to, either way
# Every way to an attempt needs one of these: an outright demand, the grader addressed, or its
# rules said to have changed.
_SUSPECT = PatternGroup(_OUTRIGHT + _ADDRESSED + _OVERRIDE)


def paragraphs(text: str) -> list[str]:
    return [p for p in re.split(r"\n\s*\n", text) if p.strip()]


def is_attempt(paragraph: str) -> bool:
    own = _QUOTED.sub(lambda m: " " * len(m.group(0)), paragraph)
    if any_hit(_OUTRIGHT, own):
        return True
    if any_hit(_ADDRESS, own) and any_hit(_DEMAND, own):
        return True
    # a claim to credit or to changed rules: with the other, or with the grader addressed
    claim = any_hit(_CLAIM, own)
    # two claims that the rules changed, at different places, make an attempt on their own
    overrides, end = 0, -1
    for a, b in sorted(m.span() for m in (search(p, own) for p in _OVERRIDE) if m):
        overrides += a >= end
        end = max(end, b)
    if not (claim or overrides):
        return False
    return (claim and overrides) or overrides > 1 or any_hit(_ADDRESSED, own)


def split_injection(text: str, suspect: bool | None = None) -> tuple[str, list[str]]:
    """(the text without injection paragraphs, the injection paragraphs). `suspect=False`
    says the caller already searched a text containing this one and found no address to the
    grader and no demand for credit."""
    keep, dropped = [], []
    # A match inside a paragraph is also one in the whole text (a paragraph's start follows a
    # line break, which the patterns take as a start), so a text where neither an address to
    # the grader nor an outright demand occurs has no attempt in any paragraph: most answers
    # are cleared by one search per pattern, not one per paragraph.
    if suspect is None:
        suspect = _SUSPECT.any_hit(text)
    for p in paragraphs(text):
        (dropped if suspect and is_attempt(p) else keep).append(p)
    return "\n\n".join(keep), dropped


def split_turns(turns: list[str]) -> tuple[list[str], list[str]]:
    """Each turn without its injection paragraphs, and all the injection paragraphs. The
    turns are first searched together, once: an answer with no attempt costs one pass."""
    suspect = _SUSPECT.any_hit("\n\n".join(turns))
    kept, dropped = [], []
    for t in turns:
        k, d = split_injection(t, None if suspect else False)
        kept.append(k)
        dropped += d
    return kept, dropped
