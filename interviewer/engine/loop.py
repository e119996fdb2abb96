"""A company loop run as one session: its rounds in order, each an interview `Session` of its
own (its own transcript and checkpoint), tied together by the loop record
(transcripts/loop_record.py) that says which rounds have which sessions and which is
current. The front-end asks for the current round's session, drives it, and hands it back;
the record is saved (atomically) before a round's session is created and after it is graded,
so a kill at any point resumes the round it was in (Session.resume) and then the rest. The
combined scorecard: each round's level, the loop's overall level, and the AI rule."""
from __future__ import annotations

import math
import secrets
from dataclasses import dataclass
from pathlib import Path

from rubrics import Bank, default_bank
from rubrics.company_loops import ASSISTANT_OFF, Loop, LoopRound, round_questions
from rubrics.vocab import level_at, level_rank
from transcripts import load, now_iso, sessions_dir
from transcripts.loop_record import (LoopRecord, LoopRecordError, LoopScorecard, RoundEntry,
                                     RoundScore, load_record, lock, record_path, save)

from .session import Session, SessionError, new_session_id

__all__ = ["LoopRun", "LoopRecordError", "RoundStart", "combined_level"]


def combined_level(levels: list) -> str | None:
    """The loop's overall level: the nearest level to the rounds' mean rank, a tie going to
    the lower (a loop is not passed on a coin toss); None when any round is ungraded."""
    if not levels or any(x is None for x in levels):
        return None
    mean = sum(level_rank(x) for x in levels) / len(levels)
    return level_at(math.ceil(mean - 0.5))


@dataclass
class RoundStart:
    """The current round: where it sits in the loop, its definition and its live session."""
    index: int
    spec: LoopRound
    session: Session
    resumed: bool


class LoopRun:
    def __init__(self, record: LoopRecord, path: Path, out, bank: Bank, lock_):
        self.record, self.path, self.out, self.bank = record, path, out, bank
        self.loop = Loop.model_validate(record.definition)
        self._lock = lock_

    @property
    def id(self) -> str:
        return self.record.loop_id

    @classmethod
    def start(cls, loop: Loop, *, out=None, bank: Bank | None = None, seed: int | None = None,
              file: str | None = None) -> "LoopRun":
        loop_id = f"loop-{new_session_id()}"
        path = record_path(loop_id, out)
        held = lock(path)
        record = LoopRecord(
            loop_id=loop_id, name=loop.name, file=file, definition=loop.model_dump(mode="json"),
            seed=seed if seed is not None else secrets.randbelow(2**31), started=now_iso(),
            rounds=[RoundEntry(type=r.type, title=r.label) for r in loop.rounds])
        save(record, path)
        return cls(record, path, out, bank or default_bank(), held)

    @classmethod
    def resume(cls, loop_id: str, *, out=None, bank: Bank | None = None,
               name: str | None = None) -> "LoopRun":
        path = record_path(loop_id, out)
        if not path.exists():
            raise LoopRecordError(f"no loop {loop_id!r} in {path.parent}")
        held = lock(path)
        try:
            record = load_record(path)
            if name is not None and record.name != name:
                raise LoopRecordError(f"loop {loop_id} is a {record.name!r} loop, not {name!r}")
        except BaseException:
            held.release()
            raise
        return cls(record, path, out, bank or default_bank(), held)

    def close(self) -> None:
        self._lock.release()

    # -- rounds ---------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.record.done

    def assistant_allowed(self, spec: LoopRound) -> bool | None:
        """The round session's Header.assistant_allowed: False where the loop's rule turns AI
        off (every round), True where the round has the assistant, else None (the round's
        own policy decides, as in `practice`)."""
        if self.loop.ai.rule in ASSISTANT_OFF:
            return False
        return True if spec.assistant else None

    def assistant_on(self, spec: LoopRound) -> bool:
        """Whether the loop gives this round the assistant (what the candidate is told)."""
        return bool(self.assistant_allowed(spec))

    def current_round(self, llm=None) -> RoundStart | None:
        """The current round's session: continued if it was started, else created (its id
        saved in the record first, so a kill in between finds it). None when all are done."""
        if self.done:
            return None
        i = self.record.current
        spec, entry = self.loop.rounds[i], self.record.rounds[i]
        if entry.session_id and (sessions_dir(self.out) / f"{entry.session_id}.jsonl").exists():
            return RoundStart(i, spec, Session.resume(entry.session_id, out=self.out,
                                                      bank=self.bank, llm=llm), True)
        if entry.session_id is None:
            entry.session_id, entry.status = new_session_id(), "running"
            save(self.record, self.path)
        seed = self.record.seed + i
        session = Session.new(round_type=spec.type,
                              questions=round_questions(spec, self.bank, seed),
                              count=spec.questions, seed=seed, out=self.out, bank=self.bank,
                              session_id=entry.session_id, llm=llm,
                              assistant_allowed=self.assistant_allowed(spec))
        return RoundStart(i, spec, session, False)

    def finish_round(self, start: RoundStart) -> None:
        """Record the round's grade and move on; the round's session must be over."""
        if not start.session.done:
            raise SessionError(f"round {start.index + 1} ({start.spec.label}) is not finished")
        score = load(start.session.path).latest_score()
        entry = self.record.rounds[start.index]
        entry.status = "done"
        entry.level = score.scorecard.overall if score is not None else None
        self.record.current = start.index + 1
        if self.done:
            self.record.scorecard = self.scorecard()
        save(self.record, self.path)

    def scorecard(self) -> LoopScorecard:
        rounds = [RoundScore(title=spec.label, type=spec.type, session_id=entry.session_id or "",
                             minutes=spec.minutes, assistant=self.assistant_on(spec),
                             level=entry.level)
                  for spec, entry in zip(self.loop.rounds, self.record.rounds)]
        levels = [r.level for r in rounds]
        notes = []
        if any(x is None for x in levels):
            notes.append("a round could not be graded, so the loop has no overall level")
        return LoopScorecard(loop=self.loop.name, title=self.loop.title,
                             company=self.loop.company, ai_rule=self.loop.ai.rule,
                             ai_source=self.loop.ai.source, rounds=rounds,
                             overall=combined_level(levels), notes=notes)
