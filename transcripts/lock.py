"""One process at a time per session: an OS lock on a file next to the transcript.

`<session>.jsonl.lock` is locked with flock (non-blocking) for as long as a process drives or
appends to the session; the holder's pid is written into it so that a second process can say
who has it. The lock goes with the process (a crash or SIGKILL releases it), and the file is
left in place: removing it would let two processes lock two different files.
"""
from __future__ import annotations

import os
from pathlib import Path

try:
    import fcntl
except ImportError:   # pragma: no cover - not POSIX: no locking
    fcntl = None


class SessionBusy(RuntimeError):
    """Another process holds the session's lock."""

    def __init__(self, session_id: str, pid: int | None):
        who = f"pid {pid}" if pid else "pid unknown"
        super().__init__(f"session {session_id} is open in another process ({who})")
        self.session_id, self.pid = session_id, pid


def lock_path(transcript: Path | str) -> Path:
    p = Path(transcript)
    return p.with_name(p.name + ".lock")


class SessionLock:
    """Held from acquire() (or `with`) until release() or the end of the process."""

    def __init__(self, transcript: Path | str):
        self.transcript = Path(transcript)
        self.path = lock_path(transcript)
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> "SessionLock":
        if self._fd is not None or fcntl is None:
            return self
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = _read_pid(fd)
            os.close(fd)
            raise SessionBusy(self.transcript.stem, pid) from None
        except BaseException:
            os.close(fd)
            raise
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self._fd = fd
        return self

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)   # closing the descriptor releases the flock

    def discard(self) -> None:
        """Release and remove the lock file of a session that never came to exist (a new
        session that failed to start): nobody else can be waiting on its name."""
        if self._fd is not None:
            self.path.unlink(missing_ok=True)
        self.release()

    def __enter__(self) -> "SessionLock":
        return self.acquire()

    def __exit__(self, *exc) -> None:
        self.release()

    def __del__(self) -> None:
        self.release()


def _read_pid(fd: int) -> int | None:
    try:
        return int(os.pread(fd, 32, 0).split()[0])
    except (OSError, ValueError, IndexError):
        return None
