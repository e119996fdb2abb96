"""The record of a company loop: which loop, the rounds with their session ids, which round is
current, and the combined scorecard once the last round is graded. One JSON file per loop in
`<data dir>/loops/`, replaced atomically (written beside, fsynced, renamed), so a kill at any
point leaves either the old record or the new one, never half of one. The loop's definition
is copied in, so `--resume` runs the loop that was started even if its file changed since.
One process at a time drives a loop (the transcripts' OS lock, on the record's name)."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, ValidationError

from rubrics.vocab import Level

from .files import open_private, private_dir
from .lock import SessionBusy, SessionLock
from .store import data_dir

RoundStatus = Literal["pending", "running", "done"]


class LoopRecordError(ValueError):
    """A loop record that is missing, unreadable, busy or not the loop asked for."""


class RoundEntry(BaseModel):
    type: str
    title: str
    session_id: str | None = None   # chosen, and saved here, before the session is created
    status: RoundStatus = "pending"
    level: Level | None = None      # the round's overall level, once graded


class RoundScore(BaseModel):
    title: str
    type: str
    session_id: str
    minutes: int
    assistant: bool
    level: Level | None


class LoopScorecard(BaseModel):
    loop: str
    title: str
    company: str
    ai_rule: str
    ai_source: str
    rounds: list[RoundScore]
    overall: Level | None           # None when a round could not be graded
    notes: list[str] = Field(default_factory=list)


class LoopRecord(BaseModel):
    loop_id: str
    name: str
    file: str | None = None         # the user's loop file (--file), None for a packaged loop
    definition: dict                # the validated loop as started
    seed: int
    started: str
    current: int = 0                # the round in progress or next; len(rounds) when done
    rounds: list[RoundEntry]
    scorecard: LoopScorecard | None = None

    @property
    def done(self) -> bool:
        return self.current >= len(self.rounds)


def loops_dir(out: str | Path | None = None) -> Path:
    return data_dir(out) / "loops"


def record_path(loop_id: str, out: str | Path | None = None) -> Path:
    return loops_dir(out) / f"{loop_id}.json"


def save(record: LoopRecord, path: Path) -> None:
    """Replace the record at `path` atomically and durably."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open_private(tmp, "w") as f:
        f.write(record.model_dump_json(indent=2) + "\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    fd = os.open(path.parent, os.O_RDONLY)   # the rename itself reaches the disk
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def load_record(path: Path) -> LoopRecord:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LoopRecordError(f"no loop {path.stem!r} in {path.parent}") from None
    except OSError as exc:
        raise LoopRecordError(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        return LoopRecord.model_validate_json(text)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "<record>"
        raise LoopRecordError(f"{path}: not a loop record (field {where}: {first['msg']})") \
            from None


def lock(path: Path) -> SessionLock:
    """The record's lock, held by this process; another process holding it is an error."""
    private_dir(path.parent)
    try:
        return SessionLock(path).acquire()
    except SessionBusy as exc:
        raise LoopRecordError(f"loop {path.stem} is open in another process "
                              f"(pid {exc.pid or 'unknown'})") from None
