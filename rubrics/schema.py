"""The question card: a pydantic model of one interview question with its rubric.

A card is data. Interviewers and judges read it; nothing here does I/O.
"""
from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .rounds import POLICIES
from .vocab import RoundType

# The seven themes the candidate who posted the 33 questions grouped them into (chapter 1).
Theme = Literal["inference", "rag", "agents", "guardrails", "evaluation", "coding",
                "design-cases"]
THEMES: dict[str, str] = {
    "inference": "Inference",
    "rag": "RAG",
    "agents": "Agents and orchestration",
    "guardrails": "Guardrails and responsible AI",
    "evaluation": "Evaluation and observability",
    "coding": "Coding",
    "design-cases": "System design with FDE cases",
}
# Chapter 1's labels for how a question's wording was traced.
ProvenanceLabel = Literal["near-verbatim", "same-scenario", "other-sources", "no-interview-source"]
PROVENANCE_TEXT: dict[str, str] = {
    "near-verbatim": "matches prep-site text near-verbatim",
    "same-scenario": "matches a prep-site scenario in different wording",
    "other-sources": "no prep-site match; reported by other sources",
    "no-interview-source": "no interview source: a likely design scenario",
}
Unit = Literal["bytes", "KiB", "MiB", "GiB", "KB", "MB", "GB", "TB", "ms", "s", "minutes",
               "hours", "days", "weeks", "tokens",
               "tokens/s", "sequences", "requests", "requests/s", "percent", "fraction",
               "count", "flops", "x", "usd"]
FollowUpKind = Literal["deepen", "change-requirement", "add-constraint", "pushback",
                       "contribution", "metric"]

ID_PATTERN = r"^(q(0[1-9]|[12][0-9]|3[0-3])|fde-role|why-fde)$"
SLUG = r"^[a-z0-9]+(-[a-z0-9]+)*$"


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def compile_all(patterns: list[str]) -> list[str]:
    """A field validator: every pattern of the list compiles (the error names which)."""
    for i, s in enumerate(patterns):
        try:
            re.compile(s, re.IGNORECASE)
        except re.error as exc:
            raise ValueError(f"pattern {i} {s!r} is not a valid regular expression: {exc}") \
                from None
    return patterns


class Levels(Strict):
    """What an answer on this criterion looks like at each step of the four-step scale."""
    outstanding: str = Field(min_length=10)
    solid: str = Field(min_length=10)
    borderline: str = Field(min_length=10)
    poor: str = Field(min_length=10)


class Requirement(Strict):
    """One thing the solid level needs: at least `min` distinct hits among `any`, or a number
    of one of `checks` stated within its tolerance."""
    any: list[str] = Field(default_factory=list)
    min: int = Field(default=1, ge=1, le=5)
    checks: list[str] = Field(default_factory=list, description="number check ids")

    _check_any = field_validator("any")(compile_all)

    @model_validator(mode="after")
    def _something(self) -> "Requirement":
        if not self.any and not self.checks:
            raise ValueError("give `any` patterns or `checks`")
        if self.any and self.min > len(self.any):
            raise ValueError(f"min is {self.min} but only {len(self.any)} patterns are given")
        return self


class Criterion(Strict):
    id: str = Field(pattern=SLUG)
    shows: str = Field(min_length=10, description="what a strong answer shows")
    levels: Levels
    weight: float = Field(gt=0, le=5)
    signals: list[str] = Field(min_length=2, description="case-insensitive regular expressions "
                               "the offline judge matches; any hit counts as evidence")
    probe: str = Field(min_length=10, description="what the interviewer asks when it is missing")
    solid: list[Requirement] = Field(default_factory=list, description="what the solid level "
                                     "needs, every item of it; empty: two distinct signal hits")
    poor: list[str] = Field(default_factory=list, description="patterns of the poor level's "
                            "mistake: with the solid level unmet, the criterion is missing")
    own_tests: bool = Field(default=False, description="the coding round: the candidate's own "
                            "tests, run in the sandbox, are evidence for this criterion (all "
                            "passing and covering 80% of the solution's lines: one step up)")

    poor_is_absence: bool = Field(default=False, description="the poor level is this "
                                  "criterion's absence (\"No evaluation.\"): no evidence is "
                                  "how the judge recognises it, so it needs no `poor` patterns")

    _check_signals = field_validator("signals")(compile_all)
    _check_poor = field_validator("poor")(compile_all)

    @model_validator(mode="after")
    def _poor_recognised(self) -> "Criterion":
        # Every poor level is recognised: a mistake by its patterns, an absence by no evidence.
        # Without this, an answer that names the topic while making the mistake reads partial.
        if bool(self.poor) == self.poor_is_absence:
            raise ValueError(
                f"criterion {self.id!r}: its poor level ({self.levels.poor!r}) needs either "
                "`poor` patterns for the mistake or `poor_is_absence = true`, not both"
                if self.poor else
                f"criterion {self.id!r}: its poor level ({self.levels.poor!r}) needs `poor` "
                "patterns that recognise the mistake, or `poor_is_absence = true` when the poor "
                "level is the criterion's absence")
        return self


class Tolerance(Strict):
    rel: float | None = Field(default=None, ge=0, le=1)
    abs: float | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _one(self) -> "Tolerance":
        if self.rel is None and self.abs is None:
            raise ValueError("give rel or abs")
        return self

    def accepts(self, expected: float, value: float) -> bool:
        room = max(self.rel * abs(expected) if self.rel is not None else 0.0, self.abs or 0.0)
        return abs(value - expected) <= room + 1e-12


class NumberCheck(Strict):
    """A quantity a good answer states, and the tool call that computes it."""
    id: str = Field(pattern=SLUG)
    quantity: str = Field(min_length=5, description="what the number is, in words")
    tool: str
    args: dict
    field: str = Field(description="key of the tool's JSON result that holds the value")
    scale: float = Field(default=1.0, gt=0, description="multiply the tool's value by this "
                         "to express it in `unit`")
    unit: Unit
    expected: float
    tolerance: Tolerance
    cues: list[str] = Field(min_length=1, description="regular expressions that mark this "
                            "quantity in an answer")
    arithmetic: str = Field(min_length=5, description="the arithmetic, as the interviewer "
                            "would say it when challenging a wrong number")

    _check_cues = field_validator("cues")(compile_all)


class FollowUp(Strict):
    id: str = Field(pattern=SLUG)
    kind: FollowUpKind
    text: str = Field(min_length=10)
    expects: str = Field(min_length=10, description="what a good reply covers")


class RedFlag(Strict):
    id: str = Field(pattern=SLUG)
    description: str = Field(min_length=10)
    signals: list[str] = Field(min_length=1)

    _check_signals = field_validator("signals")(compile_all)


PlantKind = Literal["number", "code", "claim"]


class PlantValue(Strict):
    """The value a planted number should have, as a calculator computes it: a number check
    of the card (`check`), or a tool call of its own (tool, args, field, scale, unit)."""
    check: str | None = Field(default=None, pattern=SLUG)
    tool: str | None = None
    args: dict = Field(default_factory=dict)
    field: str | None = None
    scale: float = Field(default=1.0, gt=0)
    unit: Unit | None = None
    tolerance: Tolerance | None = None

    @model_validator(mode="after")
    def _one(self) -> "PlantValue":
        if (self.check is None) == (self.tool is None):
            raise ValueError("give either check (a number check of the card) or tool, field "
                             "and unit")
        if self.tool is not None and (self.field is None or self.unit is None):
            raise ValueError("a tool call needs field and unit")
        return self


class Plant(Strict):
    """A mistake the AI assistant may plant in an AI-enabled round, and how the candidate's
    later text shows it caught (questioned or corrected) or accepted (repeated, built on,
    carried in submitted code)."""
    id: str = Field(pattern=SLUG)
    kind: PlantKind
    topic: list[str] = Field(min_length=1, description="patterns on the candidate's question "
                             "to the assistant: the plant fits a question that matches one")
    says: str = Field(min_length=20, description="what the assistant says: the mistake, "
                      "confidently")
    why: str = Field(min_length=20, description="what is wrong and what is right, for the "
                     "scorecard")
    caught: list[str] = Field(min_length=1, description="patterns of a catch: the candidate "
                              "questions or corrects it")
    accepted: list[str] = Field(min_length=1, description="patterns of acceptance: the "
                                "candidate repeats the wrong value, builds on it, or submits "
                                "code that carries it")
    accepted_unless: list[str] = Field(default_factory=list, description="patterns that undo "
                                       "an acceptance in the same answer (code with a lock)")
    right: PlantValue | None = None
    wrong: float | None = None
    red_flag: str | None = Field(default=None, pattern=SLUG)

    _check_topic = field_validator("topic")(compile_all)
    _check_caught = field_validator("caught")(compile_all)
    _check_accepted = field_validator("accepted")(compile_all)
    _check_unless = field_validator("accepted_unless")(compile_all)

    @model_validator(mode="after")
    def _by_kind(self) -> "Plant":
        if self.kind == "number" and (self.right is None or self.wrong is None):
            raise ValueError("a number plant needs right (the calculator's value) and wrong "
                             "(the planted value)")
        if self.kind != "number" and (self.right is not None or self.wrong is not None):
            raise ValueError(f"right and wrong are for number plants, not {self.kind}")
        if self.kind == "claim" and self.red_flag is None:
            raise ValueError("a claim plant names the card's red flag it voices (red_flag)")
        return self


class Fact(Strict):
    """A number the card states that no tool computes, with where it comes from."""
    claim: str = Field(min_length=5)
    source: str = Field(min_length=5)


class ModelAnswer(Strict):
    """Chapter 1's four-part shape."""
    claim: str = Field(min_length=20)
    number: str = Field(min_length=20)
    tradeoff: str = Field(min_length=20)
    next_step: str = Field(min_length=20)

    @property
    def text(self) -> str:
        return "\n\n".join([self.claim, self.number, self.tradeoff, self.next_step])

    @model_validator(mode="after")
    def _length(self) -> "ModelAnswer":
        words = len(self.text.split())
        if words > 400:
            raise ValueError(f"model answer has {words} words; at most 400")
        return self


class Provenance(Strict):
    label: ProvenanceLabel
    source_families: int | None = Field(default=None, ge=1)
    note: str = Field(min_length=10, description="what chapter 1 says, or that the label is "
                      "our reading of its counts")


_FIRST_PERSON = re.compile(r"\b(I|I'm|I've|I'd|I'll|me|my|we|we're|we've|we'd|our|us)\b",
                           re.IGNORECASE)
_SPOKEN_TO = re.compile(r"\b(I|I'm|I've|I'd|I'll|me|my|we|we're|we've|we'd|our|us|you|you'd|"
                        r"you'll|your)\b", re.IGNORECASE)


def _first_person(text: str) -> str:
    if not _FIRST_PERSON.search(text):
        raise ValueError("not in the first person (no I, me, my, we, our or us): "
                         f"{text[:60]!r}")
    return text


class Persona(Strict):
    """Who the interviewer plays in a customer round, and how that person puts the question
    (in the first person) and the probes, never naming their own title in the third person."""
    name: str
    role: str
    stance: str = Field(min_length=10)
    question: str = Field(min_length=20, description="the card's question as the persona "
                          "asks it, in the first person")
    probes: dict[str, str] = Field(default_factory=dict, description="criterion id -> its "
                                   "probe as the persona asks it (others keep the card's probe)")

    @property
    def title(self) -> str:
        """The job title alone: "CTO" of "CTO of the customer, a regional insurer"."""
        return re.split(r",| of | at ", self.role, maxsplit=1)[0].strip()

    @model_validator(mode="after")
    def _in_character(self) -> "Persona":
        third = re.compile(rf"\b(the|a|your|our|their|my|its)\s+(customer'?s\s+)?"
                           rf"{re.escape(self.title)}\b", re.IGNORECASE)
        try:
            _first_person(self.question)
        except ValueError as exc:
            raise ValueError(f"persona.question: {exc}") from None
        for where, text in [("question", self.question)] + [
                (f"probes.{k}", v) for k, v in self.probes.items()]:
            if len(text) < 10:
                raise ValueError(f"persona.{where}: too short")
            if m := third.search(text):
                raise ValueError(f"persona.{where}: speaks of the persona's own title in the "
                                 f"third person ({m.group(0)!r})")
        return self


class Closing(Strict):
    """What the interviewer answers when the candidate asks about the job at the end of a
    round: the role, the team, how success is judged. Spoken from the hiring side to the
    candidate (I, we, you), a few sentences each."""
    role: str | None = Field(default=None, min_length=40, max_length=600)
    team: str | None = Field(default=None, min_length=40, max_length=600)
    success: str | None = Field(default=None, min_length=40, max_length=600)

    @model_validator(mode="after")
    def _some(self) -> "Closing":
        given = {k: v for k, v in self.model_dump().items() if v}
        if not given:
            raise ValueError("give at least one of role, team, success")
        for k, v in given.items():
            if not _SPOKEN_TO.search(v):
                raise ValueError(f"{k}: not spoken to the candidate (no I, we, our or you): "
                                 f"{v[:60]!r}")
        return self


class Card(Strict):
    id: str = Field(pattern=ID_PATTERN)
    title: str = Field(min_length=5)
    question: str = Field(min_length=20)
    chapter: int = Field(ge=1, le=14)
    chapter_title: str
    theme: Theme
    rounds: list[RoundType] = Field(min_length=1)
    provenance: Provenance
    testing: str = Field(min_length=20, description="what the interviewer is testing")
    answer_seconds: int = Field(ge=60, le=240, description="a spoken model answer")
    budget_minutes: int = Field(ge=3, le=60, description="question plus follow-ups")
    criteria: list[Criterion] = Field(min_length=5)
    number_checks: list[NumberCheck] = Field(default_factory=list)
    follow_ups: list[FollowUp] = Field(min_length=3)
    red_flags: list[RedFlag] = Field(min_length=2)
    vocabulary: list[str] = Field(min_length=3)
    model_answer: ModelAnswer
    facts: list[Fact] = Field(default_factory=list)
    persona: Persona | None = None
    closing: Closing | None = Field(default=None, description="answers to the candidate's "
                                    "closing questions (needed in rounds that answer them)")
    plants: list[Plant] = Field(default_factory=list, description="mistakes the AI assistant "
                                "may plant (needed in rounds with an assistant)")

    @property
    def design_scenario(self) -> bool:
        return self.provenance.label == "no-interview-source"

    @property
    def notice(self) -> str | None:
        """What the candidate is told before a design-scenario question."""
        if self.design_scenario:
            return ("This one is a design scenario: no interview report asks it in these words, "
                    "so treat it as practice in reasoning rather than a known question.")
        return None

    @model_validator(mode="after")
    def _consistent(self) -> "Card":
        for name, items in (("criteria", self.criteria), ("number_checks", self.number_checks),
                            ("follow_ups", self.follow_ups), ("red_flags", self.red_flags),
                            ("plants", self.plants)):
            ids = [x.id for x in items]
            dupes = sorted({i for i in ids if ids.count(i) > 1})
            if dupes:
                raise ValueError(f"{name}: duplicate id {', '.join(dupes)}")
        checks = {n.id for n in self.number_checks}
        for i, c in enumerate(self.criteria):
            for j, r in enumerate(c.solid):
                unknown = sorted(set(r.checks) - checks)
                if unknown:
                    raise ValueError(f"criteria[{i}].solid[{j}].checks: unknown number check "
                                     f"{', '.join(unknown)}")
        if not any(f.kind in ("change-requirement", "add-constraint") for f in self.follow_ups):
            raise ValueError("follow_ups: at least one must change a requirement or add a "
                             "constraint (kind change-requirement or add-constraint)")
        played = [r for r in self.rounds if POLICIES[r].persona]
        if played and self.persona is None:
            raise ValueError(f"persona: a card asked in the {played[0]} round needs one")
        if self.persona is not None:
            unknown = sorted(set(self.persona.probes) - {c.id for c in self.criteria})
            if unknown:
                raise ValueError(f"persona: probes for unknown criteria {', '.join(unknown)}")
        closing = [r for r in self.rounds if POLICIES[r].card_closing]
        if closing and self.closing is None:
            raise ValueError(f"closing: a card asked in the {closing[0]} round needs one (what "
                             "the interviewer answers to the candidate's closing question)")
        if len(set(self.rounds)) != len(self.rounds):
            raise ValueError("rounds: listed twice")
        self._plants_consistent()
        return self

    def _plants_consistent(self) -> None:
        """Each plant's references resolve, and a planted number is wrong by the tolerance."""
        assisted = [r for r in self.rounds if POLICIES[r].assistant]
        if assisted and not self.plants:
            raise ValueError(f"plants: a card asked in the {assisted[0]} round needs at least "
                             "one (what the assistant can get wrong)")
        checks, flags = {n.id: n for n in self.number_checks}, {f.id for f in self.red_flags}
        for i, p in enumerate(self.plants):
            if p.red_flag is not None and p.red_flag not in flags:
                raise ValueError(f"plants: plants[{i}] ({p.id}) red_flag: unknown red flag "
                                 f"{p.red_flag!r}; the card's: {', '.join(sorted(flags))}")
            if p.right is None:
                continue
            if p.right.check is not None:
                if p.right.check not in checks:
                    raise ValueError(f"plants: plants[{i}] ({p.id}) right.check: unknown number "
                                     f"check {p.right.check!r}")
                n = checks[p.right.check]
                expected, tolerance = n.expected, p.right.tolerance or n.tolerance
            else:
                expected, tolerance = None, p.right.tolerance
            if expected is not None and tolerance is not None \
                    and tolerance.accepts(expected, p.wrong):
                raise ValueError(f"plants: plants[{i}] ({p.id}) wrong: {p.wrong:g} is within "
                                 f"the tolerance of the right value {expected:g}")
