"""Private files: a candidate's answers are readable by their owner only, whatever the umask."""
import os
import stat

import pytest

from transcripts import (SCHEMA_VERSION, Header, TranscriptWriter, open_private, private_dir,
                         write_private)


def mode(p) -> int:
    return stat.S_IMODE(os.stat(p).st_mode)


@pytest.fixture
def umask_022():
    old = os.umask(0o022)
    yield
    os.umask(old)


def test_private_dir_and_files_under_umask_022(tmp_path, umask_022):
    d = private_dir(tmp_path / "a" / "b")
    assert mode(tmp_path / "a") == 0o700 and mode(d) == 0o700
    f = write_private(d / "x.md", "text")
    assert mode(f) == 0o600 and f.read_text() == "text"
    with open_private(d / "x.md", "a") as out:
        out.write(" more")
    assert mode(f) == 0o600 and f.read_text() == "text more"
    existing = tmp_path / "shared"
    existing.mkdir(mode=0o755)
    private_dir(existing)                      # a directory that exists keeps its mode
    assert mode(existing) == 0o755


def test_private_dir_under_a_file_names_it(tmp_path):
    (tmp_path / "afile").write_text("")
    with pytest.raises(NotADirectoryError):
        private_dir(tmp_path / "afile" / "sessions")


def test_transcripts_are_created_private(tmp_path, umask_022):
    h = Header(schema_version=SCHEMA_VERSION, session_id="s", started="2026-11-29T10:00:00",
               round="technical", questions=["q01"], program_version="test")
    TranscriptWriter(tmp_path / "data" / "sessions" / "s.jsonl", h)
    assert mode(tmp_path / "data") == 0o700 and mode(tmp_path / "data" / "sessions") == 0o700
    assert mode(tmp_path / "data" / "sessions" / "s.jsonl") == 0o600
