"""Drives one interview: the compiled graph, the SQLite checkpointer and the transcript.

Order of work for every turn (what makes a crash lose nothing and repeat nothing):
1. the candidate's answer is appended to the transcript and fsynced;
2. the graph resumes from its interrupt with that answer;
3. the events the graph produced are appended (by id, so a re-run writes nothing twice).
On --resume, an answer that reached the transcript but not the checkpoint is fed again,
events that reached the checkpoint but not the transcript are written then, and a step that
was cut off (the process died in a model call, between nodes or while grading) is run on.

The transcript is the record and the checkpoint only the graph's place in it, so a session
is not continued when the two cannot belong together (the checkpoint is missing, or the
transcript is a copy under another name): that would write answers the record cannot hold.
One process at a time drives a session (an OS lock next to the transcript). A finished
session's checkpoints are deleted once its scorecard is written.
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
from transcripts import (SCHEMA_VERSION, CandidateEvent, Header, SessionBusy, SessionLock,
                         Transcript, TranscriptError, TranscriptWriter, load, now_iso,
                         private_dir, sessions_dir)
from transcripts.schema import Event

from .. import __version__
from ..candidate_commands import parse_command
from .assistant import refusal
from .checkpoint_db import CheckpointDBError, open_checkpoints
from .graph import build_graph, engine_context
from .nodes import speculate_early
from rubrics.rounds import MAX_FOLLOW_UPS, get_policy
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
    def __init__(self, directory: Path, header: Header, bank: Bank, llm=None,
                 lock: SessionLock | None = None, coding: dict | None = None,
                 judge=None):
        self.dir = Path(directory)
        self.header, self.bank, self.llm = header, bank, llm
        self.id = header.session_id
        self.path = self.dir / f"{self.id}.jsonl"
        self._lock = lock
        try:
            self._conn = open_checkpoints(self.dir / "checkpoints.sqlite")
        except CheckpointDBError as exc:
            raise SessionError(str(exc)) from None
        from langgraph.checkpoint.sqlite import SqliteSaver   # lazy: only a live session needs it
        self._saver = SqliteSaver(self._conn)
        self.graph = build_graph(self._saver)
        # coding: the coding round's problem loader, runner and isolation probe (tests pass
        # fakes; by default the real ones, see graph.engine_context)
        self.context = engine_context(header.round, bank, llm, judge,
                                      header.assistant_allowed, **(coding or {}))
        self.config = {"configurable": {"thread_id": self.id}}
        self.writer: TranscriptWriter | None = None
        self._final: dict | None = None     # the last state, once the checkpoints are deleted
        self._recovered: list = []          # events written on resume, shown by start()

    # -- construction -----------------------------------------------------------------
    @classmethod
    def new(cls, *, round_type: str = "technical", questions: list[str] | None = None,
            count: int | None = None, seed: int | None = None, max_follow_ups: int = 3,
            out: str | Path | None = None, bank: Bank | None = None,
            session_id: str | None = None, llm=None,
            assistant_allowed: bool | None = None, coding: dict | None = None,
            judge=None) -> "Session":
        bank = bank or default_bank()
        try:
            get_policy(round_type)
        except KeyError as exc:
            raise SessionError(exc.args[0]) from None
        if not 0 <= max_follow_ups <= MAX_FOLLOW_UPS:
            raise SessionError(f"--max-follow-ups must be from 0 to {MAX_FOLLOW_UPS}, "
                               f"got {max_follow_ups}")
        seed = seed if seed is not None else secrets.randbelow(2**31)
        try:
            chosen = choose_questions(bank, round_type, questions, count, seed)
        except SelectionError as exc:
            raise SessionError(str(exc)) from None
        sid = session_id or new_session_id()
        directory = sessions_dir(out)
        try:
            private_dir(directory)
        except OSError as exc:
            raise SessionError(f"{exc.filename or directory}: cannot save sessions there: "
                               f"{exc.strerror or exc}") from None
        backend = getattr(llm, "backend", None)
        header = Header(schema_version=SCHEMA_VERSION, session_id=sid, started=now_iso(),
                        round=round_type, questions=chosen, program_version=__version__,
                        seed=seed, options={"max_follow_ups": max_follow_ups},
                        provider=backend.name if backend else "offline",
                        model=backend.model if backend else None,
                        assistant_allowed=assistant_allowed)
        path = directory / f"{sid}.jsonl"
        lock = _lock(path)
        if path.exists():
            lock.release()
            raise SessionError(f"session {sid} already exists at {path}")
        try:
            s = cls(directory, header, bank, llm, lock, coding, judge)
        except BaseException:
            lock.discard()   # the session never existed: leave nothing behind
            raise
        try:
            s.writer = TranscriptWriter(s.path, header)
        except OSError as exc:
            s.close()
            raise SessionError(f"{s.path}: cannot write the transcript: "
                               f"{exc.strerror or exc}") from None
        return s

    @classmethod
    def resume(cls, session_id: str, out: str | Path | None = None,
               bank: Bank | None = None, llm=None, coding: dict | None = None,
               judge=None) -> "Session":
        directory = sessions_dir(out)
        path = directory / f"{session_id}.jsonl"
        if not path.exists():
            raise SessionError(f"no session {session_id!r} in {directory}")
        lock = _lock(path)
        try:
            transcript = _load_own(path)
            s = cls(directory, transcript.header, bank or default_bank(), llm, lock, coding,
                    judge)
        except BaseException:
            lock.release()
            raise
        try:
            s._attach(transcript)
        except BaseException:
            s.close()
            raise
        return s

    def _attach(self, transcript: Transcript) -> None:
        """Check that the checkpoint and the transcript belong together, open the writer and
        write what the checkpoint holds that the transcript lacks."""
        values = self._snapshot().values
        if not values and transcript.events:
            if not _finished(transcript):
                raise SessionError(_no_checkpoint_message(self, transcript))
            self._final = {"phase": "done"}   # finished, and its checkpoints were deleted
        answered = [e.turn for e in transcript.of_type("candidate")]
        if values and values.get("turn", 0) > max(answered, default=0):
            raise SessionError(
                f"{self.path} has fewer answers ({max(answered, default=0)}) than the "
                f"interview's checkpoint ({values['turn']}): the transcript was replaced or "
                "cut short, so the session cannot be continued")
        self.writer = TranscriptWriter(self.path)
        try:
            self._recovered = self._flush()
        except TranscriptError as exc:
            raise SessionError(f"session {self.id} cannot be continued: {exc}") from None
        self._prune_if_done()

    def close(self) -> None:
        self._conn.close()
        if self._lock is not None:
            self._lock.release()

    # -- state --------------------------------------------------------------------------
    def _snapshot(self):
        return self.graph.get_state(self.config)

    @property
    def values(self) -> dict:
        if self._final is not None:
            return self._final
        return self._snapshot().values or {}

    def awaiting(self) -> str | None:
        if self._final is not None:
            return None
        snap = self._snapshot()
        for task in snap.tasks:
            for intr in task.interrupts:
                return intr.value.get("await")
        return None

    def assistant_refusal(self) -> str | None:
        """Why /ask is refused in this session (no assistant in the round, or AI forbidden),
        or None when the candidate may ask."""
        return refusal(self.context)

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

    def _prune_if_done(self) -> None:
        """Once the scorecard is in the transcript, the checkpoints have nothing left to
        resume: delete them (the file would otherwise grow with every session)."""
        if self._final is not None:
            return
        values = self._snapshot().values or {}
        if values.get("phase") != "done":
            return
        self._saver.delete_thread(self.id)
        self._final = values
        _vacuum_if_worth_it(self._conn)

    def start(self, on_text=None) -> Turn:
        """Run to the first question (a new session) or pick up where it stopped (--resume):
        feed an answer the graph has not consumed, run on a step that was cut off, or show
        the pending prompt again."""
        recovered, self._recovered = self._recovered, []
        if self.done:
            return Turn(recovered, None)
        if not self._snapshot().values:
            return self._step(self._first_input(), on_text)
        if self.awaiting():
            unconsumed = self._unconsumed_answer()
            if unconsumed is None:
                return Turn(self._pending_prompt(), self.awaiting())
            turn = self._resume_with(unconsumed, on_text)
        else:   # the process died inside a step (a model call, between nodes, grading)
            turn = self._step(None, on_text)
        turn.events = recovered + turn.events
        return turn

    def _first_input(self) -> dict:
        return {"session_id": self.id, "round": self.header.round,
                "questions": self.header.questions, "seed": self.header.seed or 0,
                "max_follow_ups": self.header.options.get("max_follow_ups", 3),
                "turn": 0, "counter": 0}

    def _unconsumed_answer(self) -> CandidateEvent | None:
        """An answer that reached the transcript but not the checkpoint."""
        answers = load(self.path).of_type("candidate")
        if answers and answers[-1].turn > self.values.get("turn", 0):
            return answers[-1]
        return None

    def _pending_prompt(self) -> list:
        """What the interviewer said since the last answer (already in the transcript)."""
        pending = []
        for e in reversed(load(self.path).events):
            if e.type == "candidate":
                break
            pending.insert(0, e)
        return [e for e in pending if e.type in ("interviewer", "tool_check",
                                                 "requirement_change", "code_run", "assistant")]

    def answer(self, text: str, source: str = "typed", on_text=None, on_saved=None,
               run: bool = False) -> Turn:
        """Record the candidate's answer (fsynced), then let the interviewer respond.
        `run`: the answer is code to run as well as read (the app's run key); `/run` alone
        runs the latest code already given.
        `on_saved(event)` is called once the answer is on disk (a front-end shows it then);
        `on_text(event_id, piece)` receives the interviewer's words as they stream
        (piece None means: discard what streamed for that event, the fallback follows)."""
        if self.awaiting() is None:
            raise SessionError("the interview is over; nothing is waiting for an answer")
        values = self.values
        turn = values.get("turn", 0) + 1
        question = self.current_question()
        command = parse_command(text) is not None
        early = self.llm is not None and question is not None and not command
        if early:   # the model's reading starts now, beside the saving and the engine's own
            self.llm.prefetch_reading(card=self.bank.get(question), answer=text, turn=turn)
        event = CandidateEvent(id=f"a{turn}", text=text, turn=turn, question=question,
                               source="command" if command else source,
                               run=True if run and not command else None)
        if early:   # and the wording of the move the offline reading will choose, held
            try:
                speculate_early({**values, "turn": turn, "answer": {
                    "text": text, "t": event.t, "turn": turn}}, self.context)
            except Exception:   # only a head start: the assess node decides (and would raise)
                pass            # after the answer is saved, so nothing is lost here
        try:
            self.writer.write(event)
        except TranscriptError as exc:   # never take an answer the record cannot hold
            raise SessionError(str(exc)) from None
        if on_saved is not None:
            on_saved(event)
        return self._resume_with(event, on_text)

    def _resume_with(self, event: CandidateEvent, on_text=None) -> Turn:
        resume = {"text": event.text, "t": event.t, "turn": event.turn}
        if event.run:
            resume["run"] = True
        return self._step(Command(resume=resume), on_text)

    def _step(self, graph_input, on_text=None) -> Turn:
        """Run the graph until it waits or ends, write what it produced, and tidy up after
        the last step."""
        if on_text is None:
            self.graph.invoke(graph_input, self.config, context=self.context)
        else:
            for chunk in self.graph.stream(graph_input, self.config, stream_mode="custom",
                                           context=self.context):
                if isinstance(chunk, dict) and "event" in chunk:
                    on_text(chunk["event"], None if chunk.get("reset") else chunk.get("delta"))
        events = self._flush()
        self._prune_if_done()
        return Turn(events, self.awaiting())


def _lock(path: Path) -> SessionLock:
    try:
        return SessionLock(path).acquire()
    except SessionBusy as exc:
        raise SessionError(str(exc)) from None


def _load_own(path: Path) -> Transcript:
    """The transcript at `path`, which must be the session its name says."""
    try:
        transcript = load(path)
    except TranscriptError as exc:
        raise SessionError(str(exc)) from None
    if transcript.header.session_id != path.stem:
        raise SessionError(
            f"{path} holds session {transcript.header.session_id}, not {path.stem}: a copy "
            "of a transcript cannot be continued under another name (it would share the "
            f"original's checkpoint); replay or score it with `fde-interview score {path}`")
    return transcript


def _finished(transcript: Transcript) -> bool:
    return any(e.type == "interviewer" and e.act == "closing" for e in transcript.events)


def _no_checkpoint_message(session: "Session", transcript: Transcript) -> str:
    n = len(transcript.of_type("candidate"))
    return (f"session {session.id} cannot be continued: its checkpoint is missing from "
            f"{session.dir / 'checkpoints.sqlite'} (deleted or moved?). Its {n} answer(s) are "
            f"safe in {session.path}; grade them with `fde-interview score {session.path}` or "
            "start a new session")


def _vacuum_if_worth_it(conn: sqlite3.Connection) -> None:
    """Give the space of deleted checkpoints back to the file system once a quarter of the
    file (and at least 4 MiB) is free; skipped, for next time, while another process has
    the file busy."""
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    free = conn.execute("PRAGMA freelist_count").fetchone()[0]
    if free * page_size < 4 * 2**20 or free * 4 < pages:
        return
    try:
        conn.execute("PRAGMA busy_timeout = 200")
        conn.execute("VACUUM")
    except sqlite3.OperationalError:
        pass
    finally:
        conn.execute("PRAGMA busy_timeout = 5000")
