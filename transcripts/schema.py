"""Transcript records: one header line, then one event a line (JSON Lines).

Events carry an `id` that is unique within a session: the engine numbers its own events
("g1", "g2", ...) and candidate answers are "a<turn>". Writing is idempotent by id, which is
what lets an interrupted session resume without writing any turn twice.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_serializer

from rubrics.vocab import Level, Verdict

from .scorecard import Scorecard

SCHEMA_VERSION = 1

# The interviewer's moves after an answer, declared once: a follow-up on the same question
# (its kind), or leaving it. The engine's router decides one; the transcript records the
# follow-up as an interviewer act of the same name ("deepen" is recorded as a "probe"; "press",
# asking a thin or off-question answer for specifics, as a "pushback").
# "clarify" asks which condition an ambiguous number assumed ("Is that with an FP8 or a BF16
# cache?"): a number right under one reading and wrong under another is asked, never accused.
# "verify" asks how the candidate checked an assistant reply they built on (the AI-enabled
# round's planted mistakes, Sierra's review of how AI was used).
FollowUpKind = Literal["challenge", "clarify", "probe", "change", "pushback", "contribution",
                       "metric", "deepen", "press", "verify"]
FOLLOW_UP_KINDS: tuple[FollowUpKind, ...] = get_args(FollowUpKind)
# "run": the candidate asked to run their code (the coding round), and the engine reports it.
DecisionKind = Literal[FollowUpKind, "next", "wrap", "run"]
FollowUpAct = Literal["challenge", "clarify", "probe", "change", "pushback", "contribution",
                      "metric", "verify"]
FOLLOW_UP_ACTS: tuple[FollowUpAct, ...] = get_args(FollowUpAct)
# "run": the interviewer's report on a run of the candidate's code (the coding round)
Act = Literal["opening", "question", FollowUpAct, "move-on", "wrap-up", "closing", "run"]


def act_of(kind: FollowUpKind) -> FollowUpAct:
    """The interviewer act a follow-up of this kind is recorded as."""
    return "probe" if kind == "deepen" else "pushback" if kind == "press" else kind


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Header(Record):
    kind: Literal["header"] = "header"
    schema_version: int
    session_id: str
    started: str
    round: str
    questions: list[str]
    provider: str = "offline"
    model: str | None = None
    program_version: str
    seed: int | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    # Whether the candidate may /ask the AI assistant: None lets the round's policy decide
    # (rubrics.rounds.assistant_on), False forbids AI in this interview, True allows it where
    # the round can have it (a loop's AI-enabled coding screen).
    assistant_allowed: bool | None = None


class _Event(Record):
    id: str
    t: str = Field(default_factory=now_iso)
    question: str | None = None


class InterviewerEvent(_Event):
    type: Literal["interviewer"] = "interviewer"
    text: str
    act: Act
    reason: str | None = None   # why this follow-up was chosen (never shown to the candidate)


class CandidateEvent(_Event):
    type: Literal["candidate"] = "candidate"
    text: str
    turn: int
    source: Literal["typed", "voice", "command"] = "typed"
    run: bool | None = None   # the answer is code sent to run (the app's run key); else unset


CheckStatus = Literal["ok", "wrong", "ambiguous"]


class ToolCheckEvent(_Event):
    """One number check: the claim as said, the tool call and its result, the verdict.
    `ok` is None while a check is unresolved (status "ambiguous": asked about, never accused).
    `conditions`: each condition the value was computed under, {"value": .., "from": ..} with
    from = sentence | answer | earlier | reply | card | default | unstated | reading | model
    (the model read it; the candidate did not state it). `asks`: the
    clarifying question for an ambiguous one; `resolves`: the id (`check`) of the ambiguous
    check a later reply resolved. (`question` is the card's id, as on every event.) The newer
    fields have defaults: transcripts written before them load unchanged."""
    type: Literal["tool_check"] = "tool_check"
    check: str
    tool: str
    args: dict[str, Any]
    quantity: str
    unit: str
    claimed: float
    claimed_text: str
    computed: float
    ok: bool | None = None   # written only when not None (events are written without Nones)
    arithmetic: str
    status: CheckStatus | None = None
    conditions: dict[str, Any] = Field(default_factory=dict)
    asks: str | None = None
    resolves: str | None = None

    @property
    def verdict(self) -> CheckStatus:
        """ok / wrong / ambiguous, for old transcripts too (read from `ok`)."""
        return self.status or ("ambiguous" if self.ok is None else "ok" if self.ok else "wrong")


class RequirementChangeEvent(_Event):
    type: Literal["requirement_change"] = "requirement_change"
    follow_up: str
    text: str


class RunFailure(Record):
    """One test of a run that did not pass: its name, how it ended, the message (a hidden
    test's message is recorded for the record; the candidate hears the part's hint)."""
    test: str
    outcome: Literal["failed", "error", "timeout"]
    message: str = ""


class CodeRunEvent(_Event):
    """One run of the candidate's code in the coding round (the sandbox's report): the part
    whose hidden tests ran (with the visible examples first), the counts over those tests,
    the failures, how the code was isolated, the candidate's own tests and their line
    coverage of the solution, and the code exactly as it ran. `part_started`: when that
    part was revealed (the part's clock, for the time to pass). `problem`: why the code could
    not run at all, in plain words (a syntax error, a timeout, memory)."""
    type: Literal["code_run"] = "code_run"
    part: int
    passed: int
    failed: int
    errors: int
    timed_out: bool = False
    isolation: str
    duration_ms: int
    failures: list[RunFailure] = Field(default_factory=list)
    coverage: float | None = None
    candidate_passed: int | None = None
    candidate_failed: int | None = None
    problem: str | None = None
    part_started: str | None = None
    code: str

    @property
    def total(self) -> int:
        return self.passed + self.failed + self.errors

    @property
    def ok(self) -> bool:
        return self.total > 0 and self.passed == self.total and not self.timed_out \
            and self.problem is None


class AssistantEvent(_Event):
    """One turn with the AI assistant: the candidate's question (`ask`), its reply, and the
    id of the card's mistake it planted (`planted`, None for an honest reply). `planted` is
    kept from the candidate until the scorecard: no front-end or replay shows it before.
    `by`: "offline" (from the card) or the model (provider:model) that wrote the reply."""
    type: Literal["assistant"] = "assistant"
    ask: str
    reply: str
    planted: str | None = None
    by: str = "offline"


class NoticeEvent(_Event):
    type: Literal["notice"] = "notice"
    level: Literal["info", "warning", "error"] = "info"
    text: str


class ScoreEvent(_Event):
    type: Literal["score"] = "score"
    judge: str
    scorecard: Scorecard

    @field_serializer("scorecard")
    def _whole(self, scorecard: Scorecard) -> dict:
        """Written whole, None values included (the writer's exclude_none is for events)."""
        return scorecard.model_dump(mode="json")


class LabelEvent(_Event):
    """A person's own grade of a scored transcript: their verdict on each criterion and their
    level for each question, beside (never replacing) the judge's score event it refers to.
    `t` says when; the verdicts are stored whole, agreeing ones included, so that the labels
    stand on their own as reference grades."""
    type: Literal["label"] = "label"
    by: str = Field(min_length=1)                  # who labelled: the OS user or --by NAME
    score: str                                     # the id of the score event labelled
    judge: str                                     # that score event's judge (name or llm:model)
    verdicts: dict[str, dict[str, Verdict]]        # question -> criterion -> verdict
    levels: dict[str, Level] = Field(default_factory=dict)   # question -> level


Event = Annotated[InterviewerEvent | CandidateEvent | ToolCheckEvent | RequirementChangeEvent
                  | NoticeEvent | ScoreEvent | LabelEvent | CodeRunEvent | AssistantEvent,
                  Field(discriminator="type")]
