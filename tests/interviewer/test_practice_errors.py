"""`practice` refuses what it cannot do with a named error (exit 2), creates nothing when a
session cannot start, and keeps a candidate's answers private (0600 files, 0700 folders)."""
from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

EXE = str(Path(sys.executable).parent / "fde-interview")
ANSWERS = "It sounds interesting.\n\n/end\nNone.\n"


def practice(*args, answers="", timeout=120):
    return subprocess.run([EXE, "practice", "--plain", "--question", "why-fde", *args],
                          input=answers, capture_output=True, text=True, timeout=timeout,
                          umask=0o022)


def named(done, *needles):
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    for n in needles:
        assert n in done.stderr, done.stderr


def test_out_that_is_a_file(tmp_path):
    f = tmp_path / "afile"
    f.write_text("")
    named(practice("--out", str(f)), f"{f}/sessions: cannot save sessions there")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes through read-only modes")
def test_out_that_is_read_only(tmp_path):
    ro = tmp_path / "ro"
    ro.mkdir(mode=0o555)
    named(practice("--out", str(ro)), str(ro))


def test_a_corrupt_checkpoint_database_starts_nothing(tmp_path):
    (tmp_path / "sessions").mkdir()
    db = tmp_path / "sessions" / "checkpoints.sqlite"
    db.write_bytes(b"this is not a database, " * 200)
    named(practice("--out", str(tmp_path)), f"{db}: the checkpoint database cannot be read")
    assert sorted(p.name for p in (tmp_path / "sessions").iterdir()) == ["checkpoints.sqlite"]
    assert db.read_bytes() == b"this is not a database, " * 200   # left as it was


@pytest.mark.parametrize("args,needle", [
    (("--max-follow-ups", "1e23"), "argument --max-follow-ups: expected a whole number"),
    (("--max-follow-ups", str(10 ** 23)), "argument --max-follow-ups: must be from 0 to 50"),
    (("--max-follow-ups", "-1"), "argument --max-follow-ups: must be from 0 to 50"),
    (("--questions", "0"), "argument --questions: must be at least 1, got 0"),
])
def test_out_of_range_numbers_are_refused_and_nothing_is_created(tmp_path, args, needle):
    named(practice("--out", str(tmp_path / "out"), *args), needle)
    assert not (tmp_path / "out").exists()


def test_the_engine_refuses_them_too(tmp_path):
    from interviewer.engine.session import Session, SessionError
    with pytest.raises(SessionError, match="--max-follow-ups must be from 0 to 50"):
        Session.new(questions=["why-fde"], max_follow_ups=10 ** 23, out=tmp_path)
    with pytest.raises(SessionError, match="--questions must be at least 1, got 0"):
        Session.new(count=0, out=tmp_path)
    assert not (tmp_path / "sessions").exists()


def test_transcripts_and_checkpoints_are_private(tmp_path):
    data = tmp_path / "data"
    done = practice("--out", str(data), answers=ANSWERS)
    assert done.returncode == 0, done.stderr
    files = sorted((data / "sessions").iterdir())
    assert {p.suffix for p in files} >= {".jsonl", ".sqlite"}
    for d in (data, data / "sessions"):
        assert stat.S_IMODE(d.stat().st_mode) == 0o700, d
    for p in files:
        assert stat.S_IMODE(p.stat().st_mode) == 0o600, p
