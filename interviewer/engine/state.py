"""What the interview graph's nodes read: the state, which the checkpointer stores after every
node, and the context, which it does not.

The state is plain JSON data (TypedDicts are dicts at run time), so the SQLite checkpointer
can store it. It holds the session's settings, where the interview is, the last answer with
its reading and the router's decision, and per question a `QuestionRecord`: the router's
bookkeeping (criteria covered, what was probed, challenged and asked), the last few turns of
`dialog` for the model's context (at most 8), and `texts`, every answer given to that
question. `texts` repeats the transcript's answers on purpose: the closing node grades the
state alone, so a node re-run after a crash grades exactly what the checkpoint holds. It grows
by one answer a turn (tens of answers in a session), which keeps a checkpoint small. The
transcript stays the record; `outbox` only carries the current turn's events to the runner.

The context (`EngineContext`) is what every node may read and the checkpointer must not store:
the question bank, the round's policy and the LLM interviewer. The runner passes it on every
call (LangGraph's `context=`; nodes take it as `runtime.context`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypedDict

from rubrics import Bank
from rubrics.rounds import RoundPolicy
from transcripts.schema import DecisionKind

if TYPE_CHECKING:   # typing only: the engine runs without a model
    from .llm_interviewer import LLMInterviewer

CLEAR = "__clear__"


def outbox(old: list | None, new: list | None) -> list:
    """Events produced since the last answer, for the runner to write. A node that starts a
    new turn sends [CLEAR, ...] to drop what the runner has already written."""
    old, new = old or [], new or []
    if new and new[0] == CLEAR:
        return list(new[1:])
    return old + new


class Answer(TypedDict):
    text: str
    t: str                    # when it was saved (the transcript's time)
    turn: int


class DialogTurn(TypedDict):
    role: Literal["interviewer", "candidate"]
    text: str


# One number check: assess.tool_check's dict, whose keys are a transcripts.ToolCheckEvent's
# own fields (assess.CHECK_FIELDS) plus the engine's own (field, span, said words, challenge,
# readings, answer_no); {"check": id, "error": why} for a check that failed. ok: True, False,
# or None (ambiguous: asked about, never challenged).
ToolCheck = dict[str, Any]


class Assessment(TypedDict):
    """The reading of one answer (assess.assess)."""
    covered: dict[str, list[str]]     # criterion id -> the snippets that cover it
    tool_checks: list[ToolCheck]
    red_flags: dict[str, list[str]]
    first_person: bool
    has_metric: bool
    words: int
    accepted_plants: list[str]        # planted mistakes the answers built on (AI-enabled round)


class DecisionRecord(TypedDict):
    """routing.Decision as stored."""
    kind: DecisionKind
    target: str | None
    reason: str


class QuestionRecord(TypedDict, total=False):
    """Per-question bookkeeping (routing.new_record makes one when the question is asked)."""
    answers: int                      # answers given (commands not counted)
    covered: dict[str, list[str]]     # criterion id -> snippets, over all answers
    probed: list[str]                 # criteria probed
    challenged: list[str]             # number checks challenged
    asked: list[str]                  # follow-ups asked: card ids, "contribution", "metric"
    follow_ups: int
    changes: int                      # requirement changes made
    pushback: int                     # pushbacks made in character
    checks: list[ToolCheck]           # every number check that ran
    asked_at: str | None              # when the question was asked (its clock)
    dialog: list[DialogTurn]          # the last turns, for the model (bounded)
    texts: list[str]                  # every answer, for the closing grade
    pending: list[ToolCheck]          # the ambiguous check a clarify asked about, until the
                                      # next answer resolves it (or leaves it unresolved)
    assists: list[dict[str, Any]]     # each /ask: ask, reply, planted (id or None), after
                                      # (answers given before it), for the closing grade
    touches: int                      # assistant replies that touched a plantable topic
    planted: list[str]                # plants the assistant made on this question


class InterviewState(TypedDict, total=False):
    session_id: str
    round: str
    questions: list[str]
    seed: int
    max_follow_ups: int
    started: str              # when the opening was said (the round's clock)
    q_index: int              # the question being asked
    counter: int              # numbers the engine's events: ids g1, g2, ...
    turn: int                 # candidate answers consumed
    answer: Answer            # the last answer
    records: dict[str, QuestionRecord]   # question id -> its record
    assessment: Assessment    # of the last answer
    decision: DecisionRecord  # what the router chose after it
    phase: Literal["question", "closing", "done"]
    scorecard: dict[str, Any]   # the closing grade (a transcripts.Scorecard, dumped)
    outbox: Annotated[list, outbox]


@dataclass(frozen=True)
class EngineContext:
    """What nodes read besides the state; never checkpointed."""
    bank: Bank
    policy: RoundPolicy
    llm: LLMInterviewer | None = None
    assistant: bool = False            # the candidate may /ask (rounds.assistant_on)
    assistant_forbidden: bool = False  # the session forbids AI (the header says False)
