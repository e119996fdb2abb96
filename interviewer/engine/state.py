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
the question bank, the round's policy, the LLM interviewer and, for the coding round, the
problem loader, the code runner and the isolation probe. The runner passes it on every
call (LangGraph's `context=`; nodes take it as `runtime.context`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Callable, Literal, NotRequired, TypedDict

from rubrics import Bank
from rubrics.rounds import RoundPolicy
from transcripts.schema import DecisionKind

if TYPE_CHECKING:   # typing only: the engine runs without a model
    from ..judges.closing import ClosingJudge
    from .llm_interviewer import LLMInterviewer

CLEAR = "__clear__"


def outbox(old: list | None, new: list | None) -> list:
    """Events produced since the last answer, for the runner to write. A node that starts a
    new turn sends [CLEAR, ...] to drop what the runner has already written."""
    old, new = old or [], new or []
    if new and new[0] == CLEAR:
        return list(new[1:])
    return old + new


class Answer(TypedDict, total=False):
    text: str
    t: str                    # when it was saved (the transcript's time)
    turn: int
    run: bool                 # code sent to run as well as read (the app's run key)


class DialogTurn(TypedDict):
    role: Literal["interviewer", "candidate"]
    text: str


# One number check: assess.tool_check's dict, whose keys are a transcripts.ToolCheckEvent's
# own fields (assess.CHECK_FIELDS) plus the engine's own (field, span, said words, challenge,
# readings, answer_no); {"check": id, "error": why} for a check that failed. ok: True, False,
# or None (ambiguous: asked about, never challenged).
ToolCheck = dict[str, Any]


class ModelVerdict(TypedDict):
    thin: bool           # the model: too short or vague to follow up on
    off_question: bool   # the model: not on the question (and nothing verified on it)


class Assessment(TypedDict):
    """The reading of one answer (assess.assess; with a model, merged with its reading:
    model_reading.merge)."""
    covered: dict[str, list[str]]     # criterion id -> the snippets that cover it
    tool_checks: list[ToolCheck]
    red_flags: dict[str, list[str]]
    first_person: bool
    has_metric: bool
    words: int
    model: NotRequired[ModelVerdict]  # present when the model's reading was merged in
    accepted_plants: list[str]        # planted mistakes the answers built on (AI-enabled round)


class DecisionRecord(TypedDict):
    """routing.Decision as stored."""
    kind: DecisionKind
    target: str | None
    reason: str


class RunSummary(TypedDict, total=False):
    """One code run as the judges read it (transcripts.CodeRunEvent's fields less the code)."""
    part: int
    passed: int
    failed: int
    errors: int
    timed_out: bool
    problem: str | None
    coverage: float | None
    candidate_passed: int | None
    candidate_failed: int | None
    t: str
    part_started: str | None


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
    part: int                         # the coding round: the problem's part being worked on
    part_at: str | None               # when that part was revealed (its clock)
    solved: bool                      # every part of the problem passed
    runs: list[RunSummary]            # each run of the candidate's code, for the judges
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
    draft: str | None         # the offline words of that decision's follow-up (None: none)
    phase: Literal["question", "closing", "done"]
    scorecard: dict[str, Any]   # the closing grade (a transcripts.Scorecard, dumped)
    outbox: Annotated[list, outbox]


@dataclass(frozen=True)
class EngineContext:
    """What nodes read besides the state; never checkpointed."""
    bank: Bank
    policy: RoundPolicy
    llm: LLMInterviewer | None = None
    # The coding round (policy.runs_code): the card's runnable problem (rubrics.problems'
    # load_problem), the runner (sandbox.run_tests) and the isolation probe
    # (sandbox.probe_isolation). Injected so that tests pass fakes; None: nothing runs.
    problem: Callable[[str], Any] | None = None
    run_code: Callable[..., Any] | None = None
    isolation: Callable[[], Any] | None = None
    judge: ClosingJudge | None = None   # the closing grade's judge; None: auto (the LLM
                                        # judge when `llm` is set, else the heuristic)
    assistant: bool = False            # the candidate may /ask (rounds.assistant_on)
    assistant_forbidden: bool = False  # the session forbids AI (the header says False)
