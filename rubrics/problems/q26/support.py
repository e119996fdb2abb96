"""Test helpers for the RAG problem: a folder of documents written for one test."""
import os
import tempfile
from pathlib import Path


def make_folder(files: dict[str, str | bytes]) -> Path:
    """A fresh folder (inside the working directory, the one place a run may write) holding
    `files`: relative path -> text or bytes. Subfolders are made as needed."""
    root = Path(tempfile.mkdtemp(prefix="docs-", dir=os.getcwd()))
    write(root, files)
    return root


def write(root: Path, files: dict[str, str | bytes]) -> None:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")


def numbered(n: int, prefix: str = "w") -> str:
    """n distinct words, w0 w1 ... , to check how a long file is cut."""
    return " ".join(f"{prefix}{i}" for i in range(n))


# Words too common to say anything about a question: every solution ignores the same list,
# so that the tests can be exact about what matches.
STOP_WORDS = frozenset("""a an and are as at be by can do does for from has have how i if in
is it its me my of on or our so that the their there this to was we what when where which
who why will with you your""".split())
