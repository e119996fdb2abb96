"""Drives one interview: the compiled graph, the SQLite checkpointer and the transcript.

Order of work for every turn (what makes a crash lose nothing and repeat nothing):
1. the candidate's answer is appended to the transcript and fsynced;
2. the graph resumes from its interrupt with that answer;
3. the events the graph produced are appended (by id, so a re-run writes nothing twice).
On --resume, an answer that reached the transcript but not the checkpoint is fed again, and
events that reached the checkpoint but not the transcript are written then.
"""
from __future__ import annotations

import secrets
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from pydantic import TypeAdapter
from langgraph.types import Command

from rubrics import Bank, default_bank
from transcripts import (SCHEMA_VERSION, CandidateEvent, Header, TranscriptError,
                         TranscriptWriter, load, now_iso, sessions_dir)
from transcripts.schema import Event

from . import __version__
from .candidate_commands import parse_command
from .graph import build_graph
from .policies import get_policy
from .selection import SelectionError, choose_questions

_EVENT = TypeAdapter(Event)


class SessionError(ValueError):
    """A session that cannot be started or resumed, with the reason."""


def new_session_id() -> str:
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    return f"{stamp}-{secrets.token_hex(3)}"


@dataclass
class Turn:
    """What the caller shows after a step: the new events, and whether input is awaited."""
    events: list = field(default_factory=list)
    awaiting: str | None = None   # "answer", "closing" or None when the interview is over

    @property
    def utterances(self) -> list:
        return [e for e in self.events if e.type == "interviewer"]


class Session:
    def __init__(self, directory: Path, header: Header, bank: Bank, llm=None):
        self.dir = Path(directory)
        self.header, self.bank, self.llm = header, bank, llm
        self.id = header.session_id
        self.path = self.dir / f"{self.id}.jsonl"
        self._conn = sqlite3.connect(str(self.dir / "checkpoints.sqlite"), check_same_thread=False)
        from langgraph.checkpoint.sqlite import SqliteSaver
        self.graph = build_graph(header.round, bank, SqliteSaver(self._conn), llm=llm)
        self.config = {"configurable": {"thread_id": self.id}}
        self.writer: TranscriptWriter | None = None

    # -- construction -----------------------------------------------------------------
    @classmethod
    def new(cls, *, round_type: str = "technical", questions: list[str] | None = None,
            count: int | None = None, seed: int | None = None, max_follow_ups: int = 3,
            out: str | Path | None = None, bank: Bank | None = None,
            session_id: str | None = None, llm=None) -> "Session":
        bank = bank or default_bank()
        try:
            get_policy(round_type)
        except KeyError as exc:
            raise SessionError(exc.args[0]) from None
        if max_follow_ups < 0:
            raise SessionError(f"--max-follow-ups must be 0 or more, got {max_follow_ups}")
        seed = seed if seed is not None else secrets.randbelow(2**31)
        try:
            chosen = choose_questions(bank, round_type, questions, count, seed)
        except SelectionError as exc:
            raise SessionError(str(exc)) from None
        sid = session_id or new_session_id()
        directory = sessions_dir(out)
        directory.mkdir(parents=True, exist_ok=True)
        backend = getattr(llm, "backend", None)
        header = Header(schema_version=SCHEMA_VERSION, session_id=sid, started=now_iso(),
                        round=round_type, questions=chosen, program_version=__version__,
                        seed=seed, options={"max_follow_ups": max_follow_ups},
                        provider=backend.name if backend else "offline",
                        model=backend.model if backend else None)
        s = cls(directory, header, bank, llm)
        if s.path.exists():
            raise SessionError(f"session {sid} already exists at {s.path}")
        s.writer = TranscriptWriter(s.path, header)
        return s

    @classmethod
    def resume(cls, session_id: str, out: str | Path | None = None,
               bank: Bank | None = None, llm=None) -> "Session":
        directory = sessions_dir(out)
        path = directory / f"{session_id}.jsonl"
        if not path.exists():
            raise SessionError(f"no session {session_id!r} in {directory}")
        try:
            transcript = load(path)
        except TranscriptError as exc:
            raise SessionError(str(exc)) from None
        s = cls(directory, transcript.header, bank or default_bank(), llm)
        s.writer = TranscriptWriter(path)
        return s

    def close(self) -> None:
        self._conn.close()

    # -- state --------------------------------------------------------------------------
    def _snapshot(self):
        return self.graph.get_state(self.config)

    @property
    def values(self) -> dict:
        return self._snapshot().values or {}

    def awaiting(self) -> str | None:
        snap = self._snapshot()
        for task in snap.tasks:
            for intr in task.interrupts:
                return intr.value.get("await")
        return None

    @property
    def done(self) -> bool:
        return self.values.get("phase") == "done"

    def current_question(self) -> str | None:
        v = self.values
        if v.get("phase") != "question":
            return None
        return v["questions"][v["q_index"]]

    # -- driving ------------------------------------------------------------------------
    def _flush(self) -> list:
        """Write the events the graph produced that the transcript lacks; return them all."""
        written = []
        for raw in self.values.get("outbox") or []:
            event = _EVENT.validate_python(raw)
            if self.writer.write(event):
                written.append(event)
        return written

    def start(self) -> Turn:
        """Run to the first question (a new session) or pick up where it stopped (--resume)."""
        snap = self._snapshot()
        if not snap.values:
            self.graph.invoke({"session_id": self.id, "round": self.header.round,
                               "questions": self.header.questions, "seed": self.header.seed or 0,
                               "max_follow_ups": self.header.options.get("max_follow_ups", 3),
                               "turn": 0, "counter": 0}, self.config)
            return Turn(self._flush(), self.awaiting())
        # Resuming: write whatever reached the checkpoint but not the transcript...
        recovered = self._flush()
        # ...and feed an answer that reached the transcript but not the checkpoint.
        transcript = load(self.path)
        answers = transcript.of_type("candidate")
        if answers and answers[-1].turn > self.values.get("turn", 0) and self.awaiting():
            turn = self._resume_with(answers[-1])
            turn.events = recovered + turn.events
            return turn
        # Otherwise show the pending prompt again (it is in the transcript already).
        pending = []
        for e in reversed(transcript.events):
            if e.type == "candidate":
                break
            pending.insert(0, e)
        return Turn([e for e in pending if e.type in ("interviewer", "tool_check",
                                                      "requirement_change")], self.awaiting())

    def answer(self, text: str, source: str = "typed", on_text=None, on_saved=None) -> Turn:
        """Record the candidate's answer (fsynced), then let the interviewer respond.
        `on_saved(event)` is called once the answer is on disk (a front-end shows it then);
        `on_text(event_id, piece)` receives the interviewer's words as they stream
        (piece None means: discard what streamed for that event, the fallback follows)."""
        if self.awaiting() is None:
            raise SessionError("the interview is over; nothing is waiting for an answer")
        turn = self.values.get("turn", 0) + 1
        event = CandidateEvent(id=f"a{turn}", text=text, turn=turn,
                               question=self.current_question(),
                               source="command" if parse_command(text) else source)
        self.writer.write(event)
        if on_saved is not None:
            on_saved(event)
        return self._resume_with(event, on_text)

    def _resume_with(self, event: CandidateEvent, on_text=None) -> Turn:
        command = Command(resume={"text": event.text, "t": event.t, "turn": event.turn})
        if on_text is None:
            self.graph.invoke(command, self.config)
        else:
            for chunk in self.graph.stream(command, self.config, stream_mode="custom"):
                if isinstance(chunk, dict) and "event" in chunk:
                    on_text(chunk["event"], None if chunk.get("reset") else chunk.get("delta"))
        return Turn(self._flush(), self.awaiting())
