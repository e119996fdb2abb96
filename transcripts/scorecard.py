"""The scorecard: what a judge says about a transcript, criterion by criterion, with the
evidence it rests on and how far the judge itself can be trusted. Typed here, below the
judges and the front-ends, because a transcript's score events hold one (validated once, when
the transcript is loaded)."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, model_serializer

from rubrics.vocab import (PLANT_OUTCOMES, VERDICT_SHOWN, CheckMethod, JudgeVerdict, Level,
                           MetaDimension, PlantOutcome)

UNSCORED_NOTE = "unscored: "   # a question note that starts so gives the judge's reason


class JudgeInfo(BaseModel):
    name: str                      # "heuristic" or "llm"
    model: str | None = None       # provider:model for the LLM judge
    prompt_version: str


class Agreement(BaseModel):
    """The judge's measured exact agreement with the reference labels."""
    measured_on: str               # which set and split
    n: int                         # criterion labels compared
    agreement: float
    low: float                     # 95% Wilson interval
    high: float
    kappa: float | None = None
    # how often the judge's level for a question is the labeller's, on the same split
    level_n: int | None = None                 # questions compared
    level_agreement: float | None = None       # exact
    level_within_one: float | None = None      # within one step of the four-step scale

    def level_line(self, level: str | None) -> str:
        """A question's level with how often the judge's level matches a human's."""
        shown = f"level: {level or 'unscored'}"
        if level is None or self.level_agreement is None:
            return shown
        where = "held-out" if "holdout" in self.measured_on else "reference"
        return (f"{shown} (the judge's level matches a human's on {self.level_agreement:.0%} "
                f"of {where} questions)")

    def line(self) -> str:
        k = f", kappa {self.kappa:.2f}" if self.kappa is not None else ""
        return (f"agrees with reference grades on {self.agreement:.0%} of {self.n} criterion "
                f"labels (95% CI {self.low:.0%}-{self.high:.0%}{k}; {self.measured_on})")


class CriterionVerdict(BaseModel):
    id: str
    verdict: JudgeVerdict
    evidence: list[str] = Field(default_factory=list)   # verbatim quotes from the candidate
    rationale: str = ""
    rejected_quotes: list[str] = Field(default_factory=list)   # quotes not in the transcript


class Shape(BaseModel):
    claim: bool
    number: bool
    tradeoff: bool
    next_step: bool


class NumberRow(BaseModel):
    """One claim of the numbers table: ok True (right), False (wrong), None (ambiguous,
    unresolved). `conditions`: each condition used and where it came from (as a tool check's)."""
    check: str
    quantity: str
    claimed: str
    computed: float
    unit: str
    tool: str
    ok: bool | None
    status: str | None = None
    conditions: dict[str, Any] = Field(default_factory=dict)

    @property
    def verdict(self) -> str:
        return self.status or ("ambiguous" if self.ok is None else "ok" if self.ok else "wrong")


class PartRow(BaseModel):
    """One part of a coding problem, from the runs of the candidate's code: the best run's
    tests passed of its total, how many runs, and the seconds from the part's reveal to its
    first passing run (None: never passed)."""
    part: int
    title: str = ""
    passed: int
    total: int
    runs: int
    seconds_to_pass: float | None = None
    own_tests: int | None = None          # the candidate's own tests in the best run
    coverage: float | None = None         # their line coverage of the solution

    @property
    def time_text(self) -> str:
        if self.seconds_to_pass is None:
            return "not passed"
        m, s = divmod(round(self.seconds_to_pass), 60)
        return f"{m}:{s:02d}"


class Disagreement(BaseModel):
    """One criterion the two judges read differently: the candidate sees both readings."""
    question: str
    criterion: str
    verdicts: dict[str, JudgeVerdict]   # judge name -> its verdict ("llm", "heuristic")


class QuestionScore(BaseModel):
    question: str
    title: str
    answered: bool
    criteria: list[CriterionVerdict]
    shape: Shape | None = None
    numbers: list[NumberRow] = Field(default_factory=list)
    red_flags: list[str] = Field(default_factory=list)
    depth: Level | None = None
    communication: int | None = Field(default=None, ge=1, le=4)
    level: Level | None = None     # None when unscored
    notes: list[str] = Field(default_factory=list)
    # The coding round: one row per part the candidate reached (left out of the record when
    # empty, so a scorecard without runs reads as before)
    parts: list[PartRow] = Field(default_factory=list)

    @model_serializer(mode="wrap")
    def _omit_empty_parts(self, handler):
        data = handler(self)
        if isinstance(data, dict) and not data.get("parts"):
            data.pop("parts", None)
        return data


class PlantVerdict(BaseModel):
    """One mistake the AI assistant planted, and what the candidate did with it."""
    question: str
    plant: str                     # the card's plant id
    kind: str                      # number, code or claim
    verdict: PlantOutcome
    said: str                      # the assistant's planted text
    why: str                       # what was wrong, and what is right
    evidence: list[str] = Field(default_factory=list)   # the candidate's words, in order
    right: str | None = None       # a number's value as the calculator gives it
    caught_how: str | None = None


class DimensionLevel(BaseModel):
    """One of Meta's four dimensions of an AI-enabled round, with the level and its basis."""
    name: MetaDimension
    level: Level | None            # None: nothing in the session to grade it on
    basis: str


class Verification(BaseModel):
    """How the candidate used the AI assistant: each planted mistake caught, caught late or
    accepted, how they checked, and the four dimensions."""
    asked: int                     # questions put to the assistant
    planted: list[PlantVerdict] = Field(default_factory=list)
    methods: dict[CheckMethod, str] = Field(default_factory=dict)   # method -> evidence
    dimensions: list[DimensionLevel] = Field(default_factory=list)

    @property
    def caught(self) -> int:
        return sum(1 for p in self.planted if p.verdict == "caught")

    def tally(self) -> str:
        """"2 planted mistakes: 1 caught, 1 caught late, 0 accepted"."""
        n = {v: sum(1 for p in self.planted if p.verdict == v) for v in PLANT_OUTCOMES}
        return (f"{len(self.planted)} planted mistake{'' if len(self.planted) == 1 else 's'}: "
                f"{n['caught']} caught, {n['caught-late']} caught late, {n['accepted']} accepted"
                + (f", {n['unchallenged']} neither used nor questioned"
                   if n["unchallenged"] else ""))


class Scorecard(BaseModel):
    judge: JudgeInfo
    agreement: Agreement | None = None
    questions: list[QuestionScore]
    overall: Level | None
    injection_detected: bool = False
    unscored: bool = False         # some part could not be graded: never read as a pass
    self_agreement: float | None = None   # over repeated LLM runs
    notes: list[str] = Field(default_factory=list)
    # Planned questions the interview never reached (it ended first): not graded, not in
    # `questions`, not in `overall`. Left out of the record when empty, so a scorecard of a
    # session that asked every question reads as before (and older records load).
    not_asked: list[str] = Field(default_factory=list)
    # The session's closing grade runs both judges: `compared_with` names the other one and
    # `disagreements` lists the criteria it read differently (empty: it agreed on all). Both
    # are left out of the record when unused, so other scorecards read as before.
    compared_with: str | None = None
    disagreements: list[Disagreement] = Field(default_factory=list)
    # Why this agreement is not shown (an unreadable calibration store), if that is the case.
    agreement_note: str | None = None
    # How the candidate used the AI assistant (rounds with one); left out of the record when
    # None, like not_asked, so scorecards without an assistant read as before.
    verification: Verification | None = None

    @model_serializer(mode="wrap")
    def _omit_empty_not_asked(self, handler):
        data = handler(self)
        if isinstance(data, dict):
            for key in ("not_asked", "disagreements"):
                if not data.get(key):
                    data.pop(key, None)
            for key in ("compared_with", "agreement_note", "verification"):
                if data.get(key) is None:
                    data.pop(key, None)
        return data

    def disagreement_lines(self) -> list[str]:
        """"the heuristic judge agrees on every criterion", or one line per criterion the
        two judges read differently, each judge's verdict shown."""
        if self.compared_with is None:
            return []
        if not self.disagreements:
            return [f"the {self.compared_with} judge agrees on every criterion"]
        head = (f"the {self.judge.name} and {self.compared_with} judges disagree on "
                f"{len(self.disagreements)} criterion(s):")
        return [head] + [f"  {d.question}/{d.criterion}: " + ", ".join(
            f"{name} {VERDICT_SHOWN.get(v, v)}" for name, v in d.verdicts.items())
            for d in self.disagreements]

    def asked_line(self) -> str | None:
        """"2 of 3 questions asked (not asked, so not graded: q24)", or None when every
        planned question was asked."""
        if not self.not_asked:
            return None
        n, planned = len(self.questions), len(self.questions) + len(self.not_asked)
        return (f"{n} of {planned} questions asked (not asked, so not graded: "
                f"{', '.join(self.not_asked)})")

    def unscored_reason(self) -> str:
        return unscored_reason(self.questions)

    def level_line(self, q: "QuestionScore") -> str:
        """`level: solid (the judge's level matches a human's on 68% of held-out questions)`,
        or the bare level where it was not measured."""
        if self.agreement is None:
            return f"level: {q.level or 'unscored'}"
        return self.agreement.level_line(q.level)

    def agreement_line(self) -> str:
        if self.agreement is None:
            why = f" ({self.agreement_note})" if self.agreement_note else ""
            if self.judge.name == "llm" and self.judge.model:
                provider, _, model = self.judge.model.partition(":")
                return (f"judge llm ({self.judge.model}): agreement not measured for "
                        f"{provider}/{model}{why}: run `fde-interview calibrate --judge llm "
                        f"--sample 40`")
            return (f"judge {self.judge.name}: agreement not measured yet{why} "
                    f"(run fde-interview calibrate --judge {self.judge.name})")
        who = f"{self.judge.name} ({self.judge.model})" if self.judge.model else self.judge.name
        return f"judge {who}: {self.agreement.line()}"


def unscored_reason(questions: list[QuestionScore]) -> str:
    """Why a judge could not grade: the first ungraded question and the reason it noted."""
    for q in (q for q in questions if q.level is None):
        note = next((n for n in q.notes if n.startswith(UNSCORED_NOTE)), None)
        return f"{q.question}: {note[len(UNSCORED_NOTE):] if note else 'no reason recorded'}"
    return "no reason recorded"
