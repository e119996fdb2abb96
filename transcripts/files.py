"""Private files: what holds a candidate's answers (transcripts, checkpoints, exported
scorecards) is created readable by its owner only, whatever the umask: files 0600 in
directories 0700. Existing files and directories keep the permissions they have."""
from __future__ import annotations

import os
from pathlib import Path
from typing import IO

PRIVATE_DIR = 0o700
PRIVATE_FILE = 0o600


def private_dir(path: str | Path) -> Path:
    """`path` as a directory, creating it and any missing parents 0700."""
    p = Path(path)
    missing = []
    while not p.exists() and p != p.parent:
        missing.append(p)
        p = p.parent
    for d in reversed(missing):
        try:
            d.mkdir(mode=PRIVATE_DIR)
        except FileExistsError:   # made meanwhile by another process
            pass
    p = Path(path)
    if not p.is_dir():
        raise NotADirectoryError(20, "Not a directory", str(p))
    return p


def open_private(path: str | Path, mode: str = "a") -> IO:
    """Open `path` for appending ("a", "ab") or replacing ("w", "wb"); a new file is created
    0600 (and its missing directories 0700)."""
    if mode not in ("a", "ab", "w", "wb"):
        raise ValueError(f"open_private writes only (a, ab, w, wb), not {mode!r}")
    p = Path(path)
    private_dir(p.parent)
    flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if mode[0] == "a" else os.O_TRUNC)
    fd = os.open(p, flags, PRIVATE_FILE)
    return os.fdopen(fd, mode, encoding=None if "b" in mode else "utf-8")


def write_private(path: str | Path, text: str) -> Path:
    """Replace `path` with `text` (UTF-8), the file created 0600."""
    with open_private(path, "w") as f:
        f.write(text)
    return Path(path)
