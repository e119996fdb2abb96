"""Spotting text addressed to the grader rather than the interviewer. A paragraph that tries
to instruct the judge is set aside: it is never evidence, and the transcript is flagged.
Talking *about* prompt injection (a guardrails answer quoting "ignore previous instructions"
as an attack) is not an attempt: an attempt addresses the grading."""
from __future__ import annotations

import re

from rubrics.matching import any_hit

# One pattern per way of addressing the grader, each with plain words the prefilter can find.
_TO_GRADER = (
    r"note (to|for) (the |any )?((ai|llm|language|grading|scoring|evaluating) ){0,2}(grader|"
    r"grading|judge|evaluator|assessor|scoring|reviewer|model|ai|llm)\b(?![ -](card|registry|"
    r"version|config|weights|server|team|owner|repo))",
    r"(dear|attention|hey) (grader|judge|evaluator|ai|model)",
    r"(to|for) the (grading|judging|scoring|evaluating) (model|system|ai|llm)",
    r"(as|you are) (now )?(the|a) (grader|judge|evaluator)",
    r"(mark|grade|score|rate|label) (every|all|each)( \w+)?( of the)? (criteri|item|question|point)",
    r"(mark|grade|score|rate) (this|my|the) (answer|response|candidate|transcript) (as )?"
    r"(met|outstanding|excellent|perfect|full marks|a pass|highly)",
    r"(give|award) (me|this (answer|candidate)|the candidate) (full|top|maximum|perfect) "
    r"(marks|score|points)",
    r"every criterion (is|was|should be) (met|satisfied)",
    r"(met|satisfied|passed) (on|for) (every|all|each)( \w+)? (criteri|item|question)",
)
_OVERRIDE = (r"(ignore|disregard|forget|override) (all |any )?(of )?(the |your )?"
             r"(previous|prior|above|earlier|preceding|system|grading|original) "
             r"(instructions|prompts?|rules|rubric|guidelines)",
             r"(ignore|disregard|forget|override) (all |any )?(of )?(the |your )?"
             r"(instructions|prompts?|rules|rubric|guidelines) (you were|you've been|you have "
             r"been|you are) given",)
_SCORING = (r"\bgrad(er|ing)\b", r"\bjudge\b", r"\bscor(e|ing)\b", r"\bmarks?\b", r"criteri",
            r"\brubric\b", r"\bverdict\b", r"evaluat", r"\bpass\b")


def paragraphs(text: str) -> list[str]:
    return [p for p in re.split(r"\n\s*\n", text) if p.strip()]


def is_attempt(paragraph: str) -> bool:
    if any_hit(_TO_GRADER, paragraph):
        return True
    return any_hit(_OVERRIDE, paragraph) and any_hit(_SCORING, paragraph)


def split_injection(text: str) -> tuple[str, list[str]]:
    """(the text without injection paragraphs, the injection paragraphs)."""
    keep, dropped = [], []
    # No pattern reaches across a blank line, so one with no hit in the whole text has none in
    # any paragraph: most answers are cleared by one search per pattern, not one per paragraph.
    suspect = any_hit(_TO_GRADER + _OVERRIDE, text)
    for p in paragraphs(text):
        (dropped if suspect and is_attempt(p) else keep).append(p)
    return "\n\n".join(keep), dropped
