"""`fde-interview questions` and `fde-interview show ID`: browse the question bank."""
from __future__ import annotations

import argparse
import json
import sys
import textwrap

from rubrics.vocab import LEVELS, ROUND_TYPES

from ..errors import UsageError


def _bank():
    from rubrics import CardError, default_bank   # lazy (as every import below): --help
    try:
        return default_bank()
    except CardError as exc:
        raise UsageError(str(exc)) from None


def _problems() -> dict:
    """The coding cards' runnable problems, validated with the bank: a broken test file or a
    missing reference stops the listing the way a broken card does."""
    from rubrics import ProblemError, load_problems
    try:
        return load_problems()
    except ProblemError as exc:
        raise UsageError(str(exc)) from None


def _problem_summary(problem, answers: bool) -> dict:
    """What `show` tells of a card's problem: the candidate sees the starter and the first
    part; the later parts (revealed during the round) only with --answers."""
    parts = problem.parts if answers else problem.parts[:1]
    return {"entry": problem.entry, "parts": len(problem.parts), "minutes": problem.minutes,
            "starter": problem.starter, "examples": problem.examples_text,
            "revealed": [{"number": p.number, "title": p.title, "minutes": p.minutes,
                          "requirement": p.requirement, "hidden_tests": len(p.hints)}
                         for p in parts]}


def _summary(card) -> dict:
    from rubrics import PROVENANCE_TEXT
    return {"id": card.id, "title": card.title, "chapter": card.chapter,
            "chapter_title": card.chapter_title, "theme": card.theme, "rounds": list(card.rounds),
            "provenance": card.provenance.label,
            "provenance_text": PROVENANCE_TEXT[card.provenance.label],
            "design_scenario": card.design_scenario}


def _questions(a: argparse.Namespace) -> int:
    bank = _bank()
    try:
        cards = bank.filter(round=a.round, theme=a.theme, chapter=a.chapter)
    except KeyError as exc:
        raise UsageError(exc.args[0]) from None
    problems = _problems()
    rows = [_summary(c) | {"problem_parts": len(problems[c.id].parts) if c.id in problems
                           else 0} for c in cards]
    if a.json:
        json.dump(rows, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    for r in rows:
        flag = "  [design scenario]" if r["design_scenario"] else ""
        if r["problem_parts"]:
            flag += f"  [runnable, {r['problem_parts']} parts]"
        print(f"{r['id']:<9} ch{r['chapter']:<3} {r['theme']:<13} {r['title']}{flag}")
    print(f"{len(rows)} question(s)")
    return 0


def _show(a: argparse.Namespace) -> int:
    bank = _bank()
    try:
        card = bank.get(a.id)
    except KeyError as exc:
        raise UsageError(exc.args[0]) from None
    problem = _problems().get(card.id)
    data = _summary(card) | {"problem": problem and _problem_summary(problem, a.answers),
                             "question": card.question, "testing": card.testing,
                             "answer_seconds": card.answer_seconds,
                             "budget_minutes": card.budget_minutes, "notice": card.notice,
                             "source_families": card.provenance.source_families,
                             "provenance_note": card.provenance.note}
    if a.patterns and not a.answers:
        raise UsageError("--patterns goes with --answers")
    if a.answers:   # the judge's patterns (a cheat sheet) only for card authors, --patterns
        hide = set() if a.patterns else PATTERN_FIELDS
        data |= {"criteria": [_without(c.model_dump(), hide) for c in card.criteria],
                 "follow_ups": [f.model_dump() for f in card.follow_ups],
                 "red_flags": [_without(f.model_dump(), hide) for f in card.red_flags],
                 "number_checks": [_without(n.model_dump(), hide) for n in card.number_checks],
                 "model_answer": card.model_answer.model_dump() | {"text": card.model_answer.text},
                 "facts": [f.model_dump() for f in card.facts],
                 "vocabulary": list(card.vocabulary)}
    else:   # what the candidate may see before answering
        data |= {"criteria": [{"id": c.id} for c in card.criteria]}
    if a.json:
        json.dump(data, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    wrap = lambda s, ind="  ": textwrap.fill(s, 96, initial_indent=ind, subsequent_indent=ind)
    out = [f"{card.id}: {card.title}", f"  chapter {card.chapter} ({card.chapter_title}), "
           f"theme {card.theme}, rounds {', '.join(card.rounds)}",
           f"  provenance: {data['provenance_text']}", ""]
    if card.notice:
        out += [wrap(card.notice), ""]
    out += ["Question:", wrap(card.question), "", "What the interviewer is testing:",
            wrap(card.testing), "", f"Answer in about {card.answer_seconds // 60} minutes; "
            f"{card.budget_minutes} minutes with follow-ups."]
    if problem is not None:
        p = data["problem"]
        out += ["", wrap(f"Runnable problem: {p['parts']} parts, {p['minutes']} minutes; you "
                         f"write {p['entry']}, and each part's hidden tests run against it.", ""),
                "Starter:"]
        out += ["    " + line for line in p["starter"].splitlines()]
        for part in p["revealed"]:
            out += [f"  Part {part['number']}: {part['title']} ({part['minutes']} minutes, "
                    f"{part['hidden_tests']} hidden tests)", wrap(part["requirement"], "    ")]
        if not a.answers:
            out += ["  (the later parts are revealed during the round; add --answers)"]
    if a.answers:
        out += ["", "Criteria, and what an answer looks like at each level:"]
        for c in card.criteria:
            out += [f"  - {c.id} (weight {c.weight:g}): {c.shows}"]
            out += [wrap(f"{name}: {getattr(c.levels, name)}", "      ") for name in LEVELS]
            if a.patterns:
                out += _patterns(c)
        out += ["", "Number checks:"]
        out += [f"  - {n.quantity}: {n.expected:g} {n.unit} ({n.tool})" for n in card.number_checks]
        out += ["", "Follow-ups:"] + [f"  - [{f.kind}] {f.text}" for f in card.follow_ups]
        out += ["", "Red flags:"] + [f"  - {f.description}" + (
            f"\n      signals: {' | '.join(f.signals)}" if a.patterns else "")
            for f in card.red_flags]
        out += ["", "Model answer:"] + [wrap(p) + "\n" for p in card.model_answer.text.split("\n\n")]
        if not a.patterns:
            out += ["(the judge's matching patterns are left out; card authors: --patterns)"]
    else:
        out += ["", "(criteria, red flags and the model answer stay hidden; add --answers)"]
    print("\n".join(out))
    return 0


# What the offline judge matches: a cheat sheet for a candidate, so shown only with --patterns.
PATTERN_FIELDS = {"signals", "solid", "poor", "cues"}


def _without(d: dict, keys: set[str]) -> dict:
    return {k: v for k, v in d.items() if k not in keys}


def _patterns(c) -> list[str]:
    out = [f"      signals: {' | '.join(c.signals)}"]
    out += [f"      solid needs {r.min} of: {' | '.join(r.any)}"
            + (f"; or checks {', '.join(r.checks)}" if r.checks else "") if r.any
            else f"      solid needs a number of: {', '.join(r.checks)}" for r in c.solid]
    if c.poor:
        out.append(f"      poor: {' | '.join(c.poor)}")
    return out


def register(sub: argparse._SubParsersAction) -> None:
    from_help = "list the question bank"
    q = sub.add_parser("questions", help=from_help, description=from_help)
    q.add_argument("--round", help=f"one of: {', '.join(ROUND_TYPES)}")
    q.add_argument("--theme", help="inference, rag, agents, guardrails, evaluation, coding, "
                                   "design-cases")
    q.add_argument("--chapter", type=int)
    q.add_argument("--json", action="store_true")
    q.set_defaults(run=_questions)
    s = sub.add_parser("show", help="one question card", description="one question card")
    s.add_argument("id", help="q01..q33, fde-role or why-fde (a bare number works too)")
    s.add_argument("--answers", action="store_true",
                   help="include the criteria with their level descriptions, red flags, number "
                        "checks and the model answer")
    s.add_argument("--patterns", action="store_true",
                   help="with --answers: also the judge's matching patterns (for card authors)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(run=_show)
