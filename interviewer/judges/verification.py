"""Grading the AI-enabled round on verification: each mistake the assistant planted caught,
caught late or accepted (rubrics/plants.py reads the candidate's later text, the calculators
decide numbers), how the candidate checked what the assistant said (ran the numbers, wrote a
test, asked for a source), and Meta's four dimensions with a level each. Any judge's
scorecard gets this section (the live grade and `score` both add it)."""
from __future__ import annotations

import re

from rubrics import Bank
from rubrics import plants as plant_rules
from rubrics.vocab import CHECK_METHODS, level_at, level_rank
from tools import ToolError
from tools.units import format_value
from transcripts.scorecard import DimensionLevel, PlantVerdict, Scorecard, Verification

from .base import Answers

# What each way of checking looks like in the candidate's text (answers and later /ask
# questions), in CHECK_METHODS' order.
METHOD_PATTERNS: dict[str, list[str]] = {
    "ran the numbers": [
        r"\b(let me|I.ll|I|we) (re-?)?(compute|calculate|work (it|that|this) out|redo|check) "
        r"(it|that|this|the (math|maths|arithmetic|numbers?))?",
        r"\d[\d,.]* ?(?:x|×|\*) ?\d[\d,.]* ?(?:x|×|\*) ?\d",
        r"\bcalculator\b|fde-interview tools|\bby hand\b|back[- ]of[- ]the[- ]envelope",
        r"\b(I|we) (re-?)?ran (the numbers|it|the calculator)"],
    "wrote a test": [
        r"\bdef test_\w+|^\s*assert\b|\bpytest\b|\bunittest\b|\bfake clock\b",
        r"\b(a|the|my) (unit |regression )?test (that|which|for|to)\b"],
    "asked for a source": [
        r"\b(source|sources|cite|citation|reference)\b",
        r"where (does|did|do) [^?.\n]{0,80}come from",
        r"\b(the )?(docs|documentation|paper|spec) (says?|shows?)\b|\baccording to\b"],
}
_RANK = {"caught": 3, "caught-late": 2, "unchallenged": 1, "accepted": 0}
_CODE = re.compile(r"```|^\s*(def|class|async def|import|from \w+ import) ", re.MULTILINE)


def timeline(answers: list[str], assists: list[dict]) -> list[tuple[str, str, int]]:
    """The candidate's texts on one question in order, (kind, text, assist index): answers,
    and each /ask question where it came (before the answer it preceded)."""
    out: list[tuple[str, str, int]] = []
    for k in range(len(answers) + 1):
        out += [("ask", a["ask"], i) for i, a in enumerate(assists) if a["after"] == k]
        if k < len(answers):
            out.append(("answer", answers[k], -1))
    return out


def _methods(texts: list[str]) -> dict[str, str]:
    found: dict[str, str] = {}
    for method in CHECK_METHODS:
        for text in texts:
            m = next((m for p in METHOD_PATTERNS[method]
                      if (m := re.search(p, text, re.IGNORECASE | re.MULTILINE))), None)
            if m:
                found[method] = plant_rules.snippet(text, m.start(), m.end())
                break
    return found


def verification(answers: Answers, bank: Bank, scorecard: Scorecard) -> Verification | None:
    """The verification section, or None when the candidate never asked the assistant."""
    if not any(answers.assists.values()):
        return None
    planted, after_first = [], []
    for qid, assists in answers.assists.items():
        card = bank.get(qid)
        line = timeline(answers.by_question.get(qid, []), assists)
        first = next(n for n, (kind, _, i) in enumerate(line) if kind == "ask")
        after_first += [text for _, text, _ in line[first + 1:]]
        for i, assist in enumerate(assists):
            plant = next((p for p in card.plants if p.id == assist.get("planted")), None)
            if plant is None:
                continue
            at = next(n for n, (kind, _, j) in enumerate(line) if kind == "ask" and j == i)
            result = plant_rules.outcome(card, plant, [t for _, t, _ in line[at + 1:]])
            planted.append(PlantVerdict(
                question=qid, plant=plant.id, kind=plant.kind, verdict=result.verdict,
                said=plant.says, why=plant.why, evidence=result.evidence,
                right=_right(card, plant), caught_how=result.caught_how))
    methods = _methods(after_first)
    return Verification(asked=sum(len(a) for a in answers.assists.values()), planted=planted,
                        methods=methods,
                        dimensions=_dimensions(answers, scorecard, planted, methods))


def _right(card, plant) -> str | None:
    if plant.kind != "number":
        return None
    try:
        value, unit, _ = plant_rules.right_value(card, plant)
    except ToolError:
        return None
    return f"{format_value(value, unit)} ({plant_rules.tool_call(card, plant)})"


def _dimensions(answers: Answers, sc: Scorecard, planted: list[PlantVerdict],
                methods: dict[str, str]) -> list[DimensionLevel]:
    graded = [q for q in sc.questions if q.level is not None]
    solving = (level_at(round(sum(level_rank(q.level) for q in graded) / len(graded)))
               if graded else None)
    coded = [q for q in graded if any(_CODE.search(t) for t in answers.by_question.get(
        q.question, []))]
    code = (level_at(round(sum(level_rank(q.level) for q in coded) / len(coded)))
            if coded else None)
    if planted:
        rank = sum(_RANK[p.verdict] for p in planted) / len(planted)
        rank = min(3.0, rank + (0.5 if methods else 0.0))   # a check seen lifts half a step
        basis = (Verification(asked=0, planted=planted).tally()
                 + f"; checked by: {', '.join(methods) or 'nothing seen'}")
    else:
        rank = min(3.0, 1.0 + len(methods))
        basis = ("no mistake was planted; checked by: " + (", ".join(methods) or
                                                             "nothing seen"))
    said = [q.communication for q in graded if q.communication]
    talk = level_at(round(sum(said) / len(said)) - 1) if said else None
    return [
        DimensionLevel(name="problem solving", level=solving,
                       basis="the questions' levels (criteria covered, numbers, shape)"),
        DimensionLevel(name="code quality", level=code,
                       basis="the levels of the questions answered with code" if coded
                       else "no code was written"),
        DimensionLevel(name="verification", level=level_at(int(rank)), basis=basis),
        DimensionLevel(name="communication", level=talk,
                       basis="the judge's communication score of each question (1-4)"),
    ]


def with_verification(sc: Scorecard, answers: Answers, bank: Bank) -> Scorecard:
    """The scorecard with its verification section (unchanged where the assistant was never
    asked)."""
    section = verification(answers, bank, sc)
    return sc if section is None else sc.model_copy(update={"verification": section})
