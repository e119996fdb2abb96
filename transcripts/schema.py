"""Transcript records: one header line, then one event a line (JSON Lines).

Events carry an `id` that is unique within a session: the engine numbers its own events
("g1", "g2", ...) and candidate answers are "a<turn>". Writing is idempotent by id, which is
what lets an interrupted session resume without writing any turn twice.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

SCHEMA_VERSION = 1


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
    act: Literal["opening", "question", "probe", "challenge", "change", "pushback",
                 "contribution", "metric", "move-on", "wrap-up", "closing"]
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
    scorecard: dict[str, Any]


Event = Annotated[InterviewerEvent | CandidateEvent | ToolCheckEvent | RequirementChangeEvent
                  | NoticeEvent | ScoreEvent, Field(discriminator="type")]
