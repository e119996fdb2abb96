"""The SQLite file that holds the interview graph's checkpoints, opened privately (0600, like
the transcripts beside it) and checked before any session relies on it."""
from __future__ import annotations

import sqlite3
from pathlib import Path

from transcripts import open_private


class CheckpointDBError(ValueError):
    """The checkpoint database cannot be created or read; names the file."""


def open_checkpoints(path: Path) -> sqlite3.Connection:
    """A connection to `path`, created 0600 if new; raises CheckpointDBError if the file is
    not a readable SQLite database (nothing is written to it then)."""
    try:
        open_private(path, "ab").close()
        conn = sqlite3.connect(str(path), check_same_thread=False)
    except (OSError, sqlite3.Error) as exc:
        raise CheckpointDBError(f"{path}: cannot open the checkpoint database: "
                                f"{getattr(exc, 'strerror', None) or exc}") from None
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise CheckpointDBError(
            f"{path}: the checkpoint database cannot be read ({exc}); move it aside to start "
            "or resume sessions (the transcripts beside it are intact)") from None
    return conn
