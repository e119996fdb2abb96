"""The append-only transcript store: one `<session_id>.jsonl` per session.

Every event is written, flushed and fsynced before the caller moves on, so a crash loses at
most the line being written. Loading tolerates that torn last line (with a warning) and
rejects anything else malformed with the file and line number.
"""
from __future__ import annotations

import hashlib
import json
import os
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from .files import open_private, private_dir
from .lock import SessionLock
from .schema import SCHEMA_VERSION, Event, Header, ScoreEvent

ENV_DIR = "FDE_INTERVIEW_DATA_DIR"
ARCHIVE_DIR = "archive"   # beside the transcripts: out of the list, never deleted
_EVENT = TypeAdapter(Event)


class TranscriptError(ValueError):
    """A transcript that cannot be read: names the file and, where it applies, the line."""

    def __init__(self, path: Path | str, message: str, line: int | None = None):
        where = f"{path}:{line}" if line is not None else str(path)
        super().__init__(f"{where}: {message}")
        self.path, self.line = str(path), line


class ConflictingEventError(TranscriptError):
    """An event whose id is already in the transcript with different content: writing it
    would lose one of the two, so the writer refuses."""

    def __init__(self, path: Path | str, event_id: str):
        super().__init__(path, f"event {event_id!r} is already in the transcript with "
                               "different content; refusing to write a second version")
        self.event_id = event_id


class TornLineWarning(UserWarning):
    """The last line of a transcript was cut off mid-write and was ignored."""


def data_dir(override: str | Path | None = None) -> Path:
    """Where sessions live: --out DIR, else $FDE_INTERVIEW_DATA_DIR, else the platform's
    user-data directory."""
    if override:
        return Path(override).expanduser()
    if os.environ.get(ENV_DIR):
        return Path(os.environ[ENV_DIR]).expanduser()
    from platformdirs import user_data_dir
    return Path(user_data_dir("fde-interview", appauthor=False))


def sessions_dir(override: str | Path | None = None) -> Path:
    return data_dir(override) / "sessions"


@dataclass
class Transcript:
    path: Path
    header: Header
    events: list = field(default_factory=list)
    torn: bool = False

    def of_type(self, kind: str) -> list:
        return [e for e in self.events if e.type == kind]

    def latest_score(self):
        """The latest score record that graded the session, or None if none was appended.
        An unscored one (a judge that could not reach its model) never hides an earlier
        grade; it is returned only when no record graded the session."""
        scores = self.of_type("score")
        graded = [s for s in scores if not s.scorecard.unscored]
        return (graded or scores or [None])[-1]


def graded_sessions(paths) -> Iterator[tuple[Transcript, ScoreEvent]]:
    """Each session of `paths` that reads and was graded, with its latest score, in the order
    given. A file that cannot be read is skipped (the sessions list names it); a torn last
    line is tolerated, as a crash leaves one."""
    for p in paths:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", TornLineWarning)
                t = load(p)
        except Exception:
            continue
        score = t.latest_score()
        if score is not None:
            yield t, score


def load(path: Path | str) -> Transcript:
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise TranscriptError(p, f"cannot read: {exc.strerror or exc}") from None
    lines = raw.split(b"\n")
    complete_end = raw.endswith(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    if not lines:
        raise TranscriptError(p, "empty file: no header line")
    header, events, torn = None, [], False
    for i, line in enumerate(lines, start=1):
        last = i == len(lines)
        try:
            obj = json.loads(line)
        except RecursionError:
            raise TranscriptError(p, "not a transcript record: nested too deeply to read", i
                                  ) from None
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            if last and not complete_end and i > 1:
                warnings.warn(f"{p}:{i}: ignoring a torn last line (a write was interrupted)",
                              TornLineWarning, stacklevel=2)
                torn = True
                break
            raise TranscriptError(p, f"not valid JSON ({exc})", i) from None
        if i == 1:
            if not isinstance(obj, dict) or obj.get("kind") != "header":
                raise TranscriptError(p, "the first line must be the header", 1)
            version = obj.get("schema_version")
            if version != SCHEMA_VERSION:
                raise TranscriptError(p, f"unknown schema version {version!r} "
                                      f"(this program reads version {SCHEMA_VERSION})", 1)
            try:
                header = Header.model_validate(obj)
            except ValidationError as exc:
                raise TranscriptError(p, _first_error(exc), 1) from None
            continue
        try:
            events.append(_EVENT.validate_python(obj))
        except ValidationError as exc:
            raise TranscriptError(p, _first_error(exc), i) from None
    return Transcript(p, header, events, torn)


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    loc = ".".join(str(x) for x in err["loc"]) or "record"
    return f"field {loc}: {err['msg']}"


def _content_key(event) -> str:
    """What makes two events with one id the same event: everything but the time stamp."""
    data = event.model_dump(mode="json", exclude_none=True)
    data.pop("t", None)
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


class TranscriptWriter:
    """Appends events to one session file; idempotent by event id (same id and content:
    nothing written; same id, other content: ConflictingEventError)."""

    def __init__(self, path: Path, header: Header | None = None):
        self.path = Path(path)
        self._ids: dict[str, str] = {}   # event id -> content key
        if self.path.exists():
            existing = load(self.path)
            if existing.torn:   # cut the torn tail so the next line starts clean
                self._truncate_torn_tail()
            else:               # a complete last record without its newline: end it
                self._end_last_line()
            self.header = existing.header
            self._ids = {e.id: _content_key(e) for e in existing.events}
        else:
            if header is None:
                raise TranscriptError(self.path, "no such transcript")
            private_dir(self.path.parent)
            self.header = header
            self._append_line(header.model_dump_json())

    def _truncate_torn_tail(self) -> None:
        data = self.path.read_bytes()
        keep = data[: data.rfind(b"\n") + 1]
        with open(self.path, "r+b") as f:
            f.truncate(len(keep))
            f.flush()
            os.fsync(f.fileno())

    def _end_last_line(self) -> None:
        with open(self.path, "rb") as f:
            f.seek(-1, os.SEEK_END)
            if f.read(1) == b"\n":
                return
        with open_private(self.path, "ab") as f:
            f.write(b"\n")
            f.flush()
            os.fsync(f.fileno())

    def _append_line(self, text: str) -> None:
        with open_private(self.path, "a") as f:
            f.write(text + "\n")
            f.flush()
            os.fsync(f.fileno())

    def has(self, event_id: str) -> bool:
        return event_id in self._ids

    def write(self, event) -> bool:
        """Append one event unless it is already in the file. Returns True if written; raises
        ConflictingEventError if its id is there with different content."""
        key = _content_key(event)
        if event.id in self._ids:
            if self._ids[event.id] != key:
                raise ConflictingEventError(self.path, event.id)
            return False
        self._append_line(event.model_dump_json(exclude_none=True))
        self._ids[event.id] = key
        return True


@dataclass
class SessionSummary:
    session_id: str
    path: str
    started: str
    round: str
    questions: list[str]
    turns: int
    finished: bool
    level: str | None
    error: str | None = None


def list_sessions(directory: Path | str) -> list[SessionSummary]:
    """Every transcript in `directory`, newest first; unreadable ones are listed with
    their error rather than hidden."""
    out = []
    for p in sorted(Path(directory).glob("*.jsonl")):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", TornLineWarning)
                t = load(p)
        except TranscriptError as exc:
            out.append(SessionSummary(p.stem, str(p), "", "?", [], 0, False, None, str(exc)))
            continue
        score = t.latest_score()
        level = score.scorecard.overall if score else None
        out.append(SessionSummary(t.header.session_id, str(p), t.header.started, t.header.round,
                                  t.header.questions, len(t.of_type("candidate")),
                                  score is not None, level))
    return sorted(out, key=lambda s: s.started, reverse=True)


def archive_session(path: Path | str) -> Path:
    """Move a transcript into the `archive/` folder beside it, out of `list_sessions` but
    kept; returns where it went. Raises SessionBusy if a process has the session open,
    FileExistsError if the archive already holds a file of that name."""
    p = Path(path)
    dest = private_dir(p.parent / ARCHIVE_DIR) / p.name
    with SessionLock(p) as lock:
        if dest.exists():
            raise FileExistsError(f"{dest} already exists; the session was not moved")
        p.rename(dest)
        lock.discard()   # its transcript is gone from here: so is its lock file
    return dest


def delete_session(path: Path | str) -> None:
    """Delete a transcript for good (and its lock file). Raises SessionBusy if a process has
    the session open, FileNotFoundError if it is not there."""
    p = Path(path)
    with SessionLock(p) as lock:
        try:
            p.unlink()
        finally:
            lock.discard()
