"""The AI assistant's planted mistakes, read from what the candidate says after one: which plant
a question to the assistant invites, the value a calculator gives for a planted number, and
whether a later text catches the mistake (questions or corrects it) or accepts it (repeats
the wrong value, builds on it, carries it in code). Pure functions over a card and text: the
engine asks them to follow up on an accepted mistake, the judges to grade verification."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from types import SimpleNamespace

from tools import run_tool

from .checks import computed_value
from .quantities import quantities, to_check_unit
from .schema import Card, Plant, Tolerance

_DEFAULT_TOLERANCE = Tolerance(rel=0.03)


def plant_fits(plant: Plant, question: str) -> bool:
    """Whether a question to the assistant touches the plant's topic."""
    return any(re.search(p, question, re.IGNORECASE) for p in plant.topic)


def fitting(card: Card, question: str) -> list[Plant]:
    """The card's plants a question to the assistant touches, in the card's order."""
    return [p for p in card.plants if plant_fits(p, question)]


def right_value(card: Card, plant: Plant) -> tuple[float, str, Tolerance]:
    """(value, unit, tolerance) of what the planted number should be, as the calculator
    computes it. Raises tools.ToolError when the card's call is wrong."""
    r = plant.right
    if r.check is not None:
        n = next(c for c in card.number_checks if c.id == r.check)
        return computed_value(n), n.unit, r.tolerance or n.tolerance
    value = float(run_tool(r.tool, dict(r.args))[r.field]) * r.scale
    return value, r.unit, r.tolerance or _DEFAULT_TOLERANCE


def tool_call(card: Card, plant: Plant) -> str:
    """The calculator call behind the right value, as a person would type it."""
    r = plant.right
    if r.check is not None:
        n = next(c for c in card.number_checks if c.id == r.check)
        tool, args, field = n.tool, n.args, n.field
    else:
        tool, args, field = r.tool, r.args, r.field
    return f"fde-interview tools run {tool} --args '{json.dumps(args)}', field {field}"


def _states(text: str, value: float, unit: str, tolerance: Tolerance) -> str | None:
    """The words of `text` that state `value` (in `unit`, within `tolerance`), or None."""
    as_unit = SimpleNamespace(unit=unit)
    for q in quantities(text):
        v = to_check_unit(q, as_unit)
        if v is not None and tolerance.accepts(value, v):
            return snippet(text, q.start, q.end)
    return None


def _hit(patterns: list[str], text: str) -> str | None:
    for p in patterns:
        m = re.search(p, text, re.IGNORECASE)
        if m:
            return snippet(text, m.start(), m.end())
    return None


def snippet(text: str, start: int, end: int, room: int = 60) -> str:
    """The words around a hit (whole words, at most `room` characters either side), for the
    scorecard's evidence."""
    a = max(0, start - room)
    while a > 0 and not text[a - 1].isspace():
        a += 1
        if a >= start:
            a = start
            break
    b = min(len(text), end + room)
    while b < len(text) and not text[b].isspace() and b > end:
        b -= 1
    return " ".join(text[a:b].split())


@dataclass(frozen=True)
class Reading:
    """What one later text shows about a plant: the evidence of a catch and of acceptance
    (either may be None; both in one text reads as a catch: the candidate questioned it)."""
    caught: str | None = None
    accepted: str | None = None
    how: str | None = None     # how it was caught: "calculator value", "pattern"


def read(card: Card, plant: Plant, text: str) -> Reading:
    """Whether `text` (an answer, or a later question to the assistant) catches or accepts
    the plant."""
    caught, how = _hit(plant.caught, text), "questioned or corrected"
    accepted = None
    if plant.kind == "number":
        value, unit, tol = right_value(card, plant)
        said_right = _states(text, value, unit, tol)
        if caught is None and said_right is not None:
            caught, how = said_right, "stated the calculator's value"
        said_wrong = _states(text, plant.wrong, unit, tol)
        if said_wrong is not None:
            accepted = said_wrong
    if accepted is None:
        accepted = _hit(plant.accepted, text)
    if accepted is None and plant.red_flag is not None:
        flag = next(f for f in card.red_flags if f.id == plant.red_flag)
        accepted = _hit(flag.signals, text)
    if accepted is not None and _hit(plant.accepted_unless, text):
        accepted = None   # the code carries the fix (a lock, a deadline) with it
    return Reading(caught, accepted, how if caught else None)


@dataclass(frozen=True)
class Outcome:
    """A planted mistake's fate over the texts that followed it."""
    verdict: str               # rubrics.vocab.PlantOutcome
    evidence: list[str]
    caught_how: str | None = None


def outcome(card: Card, plant: Plant, later: list[str]) -> Outcome:
    """caught (questioned or corrected before building on it), caught-late (built on it,
    then corrected), accepted (built on it and never corrected), unchallenged (neither)."""
    accepted_at: str | None = None
    for text in later:
        r = read(card, plant, text)
        if r.caught is not None:
            if accepted_at is None:
                return Outcome("caught", [r.caught], r.how)
            return Outcome("caught-late", [accepted_at, r.caught], r.how)
        if r.accepted is not None and accepted_at is None:
            accepted_at = r.accepted
    if accepted_at is not None:
        return Outcome("accepted", [accepted_at])
    return Outcome("unchallenged", [])
