"""Transcript records: one header line, then one event a line (JSON Lines).

Events carry an `id` that is unique within a session: the engine numbers its own events
("g1", "g2", ...) and candidate answers are "a<turn>". Writing is idempotent by id, which is
what lets an interrupted session resume without writing any turn twice.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_serializer

from .scorecard import Scorecard

SCHEMA_VERSION = 1

# The interviewer's moves after an answer, declared once: a follow-up on the same question
# (its kind), or leaving it. The engine's router decides one; the transcript records the
# follow-up as an interviewer act of the same name ("deepen" is recorded as a "probe"; "press",
# asking a thin or off-question answer for specifics, as a "pushback").
FollowUpKind = Literal["challenge", "probe", "change", "pushback", "contribution", "metric",
                       "deepen", "press"]
FOLLOW_UP_KINDS: tuple[FollowUpKind, ...] = get_args(FollowUpKind)
DecisionKind = Literal[FollowUpKind, "next", "wrap"]
FollowUpAct = Literal["challenge", "probe", "change", "pushback", "contribution", "metric"]
FOLLOW_UP_ACTS: tuple[FollowUpAct, ...] = get_args(FollowUpAct)
Act = Literal["opening", "question", FollowUpAct, "move-on", "wrap-up", "closing"]


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


class ToolCheckEvent(_Event):
    type: Literal["tool_check"] = "tool_check"
    check: str
    tool: str
    args: dict[str, Any]
    quantity: str
    unit: str
    claimed: float
    claimed_text: str
    computed: float
    ok: bool
    arithmetic: str


class RequirementChangeEvent(_Event):
    type: Literal["requirement_change"] = "requirement_change"
    follow_up: str
    text: str


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


Event = Annotated[InterviewerEvent | CandidateEvent | ToolCheckEvent | RequirementChangeEvent
                  | NoticeEvent | ScoreEvent, Field(discriminator="type")]
