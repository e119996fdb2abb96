"""The graph state. Everything in it is plain JSON data so the SQLite checkpointer can store
it; it stays small (per-question bookkeeping, not the transcript) so a turn costs the same at
turn 30 as at turn 1."""
from __future__ import annotations

from typing import Annotated, Any, TypedDict

CLEAR = "__clear__"


def outbox(old: list | None, new: list | None) -> list:
    """Events produced since the last answer, for the runner to write. A node that starts a
    new turn sends [CLEAR, ...] to drop what the runner has already written."""
    old, new = old or [], new or []
    if new and new[0] == CLEAR:
        return list(new[1:])
    return old + new


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
    answer: dict[str, Any]    # the last answer: text, t, turn
    records: dict[str, dict]  # question id -> bookkeeping (see routing.new_record)
    assessment: dict[str, Any]
    decision: dict[str, Any]
    phase: str                # "question", "closing" or "done"
    scorecard: dict[str, Any]
    outbox: Annotated[list, outbox]
