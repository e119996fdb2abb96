"""Crash recovery through the real binary, with real signals: a process killed inside a step
(between nodes, in a model call, while grading) goes on where it stopped on --resume; a
missing or foreign checkpoint is refused rather than answered into; one process at a time
per session; Ctrl-C at any point saves, exits 130 and leaves a session that resumes."""
from __future__ import annotations

import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from interviewer.engine.session import Session, SessionError
from llm_servers import Reply, is_reading, reading_reply
from transcripts import load

from .test_plain import _read_until

EXE = str(Path(sys.executable).parent / "fde-interview")

# The CLI with one function replaced by a stall that first writes a marker file: the test
# waits for the marker, so the signal lands inside that function, not after a guessed delay.
DRIVER = r"""
import importlib, sys, time
target, marker = sys.argv[1], sys.argv[2]
module, _, dotted = target.partition(":")
owner = importlib.import_module(module)
*parents, name = dotted.split(".")
for part in parents:
    owner = getattr(owner, part)
def stall(*args, **kwargs):
    open(marker, "w").close()
    time.sleep(600)
setattr(owner, name, stall)
from interviewer.cli import main
sys.exit(main(sys.argv[3:]))
"""
IN_ASSESS = "interviewer.engine.nodes:assess"                 # between nodes, after an answer
IN_GRADING = "interviewer.judges.heuristic:HeuristicJudge.grade"
IN_FIRST_STEP = "interviewer.engine.nodes:question_text"      # start(), before the first prompt


def practice(tmp_path, *args, stdin="", timeout=120):
    return subprocess.run([EXE, "practice", "--plain", "--out", str(tmp_path), *args],
                          input=stdin, capture_output=True, text=True, timeout=timeout)


def cli(*args, timeout=120):
    return subprocess.run([EXE, *args], capture_output=True, text=True, timeout=timeout)


def only_transcript(tmp_path):
    [path] = (tmp_path / "sessions").glob("*.jsonl")
    return load(path)


def _wait(condition, proc, what: str, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert proc.poll() is None, f"the process ended before {what}: {proc.communicate()}"
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


def stalled(tmp_path, target: str, *args, stdin: str = "", **popen):
    """The CLI (`practice --plain`), stopped inside `target` after reading `stdin`."""
    marker = tmp_path / "stalled"
    marker.unlink(missing_ok=True)
    proc = subprocess.Popen([sys.executable, "-c", DRIVER, target, str(marker), "practice",
                             "--plain", "--out", str(tmp_path), *args],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **popen)
    proc.stdin.write(stdin)
    proc.stdin.flush()
    _wait(marker.exists, proc, f"the stall in {target}")
    return proc


def assert_whole(t) -> None:
    """Nothing lost, nothing twice, and graded once at the end."""
    turns = [a.turn for a in t.of_type("candidate")]
    assert turns == list(range(1, len(turns) + 1))
    assert len({e.id for e in t.events}) == len(t.events)
    asked = [e.question for e in t.of_type("interviewer") if e.act == "question"]
    assert asked == t.header.questions[:len(asked)]   # in order, none asked twice
    assert t.events[-1].type == "score" and len(t.of_type("score")) == 1


def status_of(tmp_path, sid: str) -> str:
    listing = cli("sessions", "--out", str(tmp_path)).stdout
    [row] = [line for line in listing.splitlines() if line.startswith(sid)]
    return row


# -- 1. a step cut off by a crash is run on ----------------------------------------------------

def test_killed_between_nodes_goes_on_from_the_answer(tmp_path):
    proc = stalled(tmp_path, IN_ASSESS, "--seed", "4", "--question", "why-fde",
                   "--question", "q24", stdin="It sounds interesting.\n\n")
    proc.kill()
    proc.wait(timeout=30)
    t = only_transcript(tmp_path)
    sid = t.header.session_id
    assert [a.text for a in t.of_type("candidate")] == ["It sounds interesting."]

    done = practice(tmp_path, "--resume", sid,
                    stdin="I built an on-site pipeline for a customer.\n\n/skip\n")
    assert done.returncode == 0, done.stderr
    assert "Your answer" in done.stdout        # it asked again instead of stopping
    t = only_transcript(tmp_path)
    assert [a.text for a in t.of_type("candidate")][:2] == [
        "It sounds interesting.", "I built an on-site pipeline for a customer."]
    follow = t.events[t.events.index(t.of_type("candidate")[0]) + 1]
    assert follow.type == "interviewer" and follow.question == "why-fde"   # answer 1 answered
    assert_whole(t)
    assert "in progress" not in status_of(tmp_path, sid)


def test_killed_while_grading_grades_on_resume(tmp_path):
    proc = stalled(tmp_path, IN_GRADING, "--question", "why-fde",
                   stdin="/end\nWhat does a first week look like?\n\n")
    proc.kill()
    proc.wait(timeout=30)
    sid = only_transcript(tmp_path).header.session_id
    assert not only_transcript(tmp_path).of_type("score")
    assert "in progress" in status_of(tmp_path, sid)

    done = practice(tmp_path, "--resume", sid)
    assert done.returncode == 0, done.stderr
    assert "Scorecard" in done.stdout
    assert_whole(only_transcript(tmp_path))
    assert "in progress" not in status_of(tmp_path, sid)
    again = practice(tmp_path, "--resume", sid)
    assert again.returncode == 0 and "already finished" in again.stdout


def test_killed_during_a_model_call_goes_on_with_the_model(tmp_path, fake_openai):
    spoken = "Tell me about a time you worked directly with a customer's engineers."
    in_call, release, calls = threading.Event(), threading.Event(), []

    def model(body: dict) -> Reply:
        system = body["messages"][0]["content"]
        if body["messages"][-1]["content"] == "ping":
            return Reply(text="p")
        if is_reading(body):
            return reading_reply()
        calls.append(system)
        if len(calls) == 1:       # the first wording: the process dies while it waits
            in_call.set()
            release.wait(60)
        return Reply(text=spoken)
    server = fake_openai(model)
    model_args = ("--provider", "openai-compatible", "--base-url", server.base_url)
    try:
        proc = subprocess.Popen([EXE, "practice", "--plain", "--out", str(tmp_path),
                                 "--question", "why-fde", "--seed", "2", *model_args],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        proc.stdin.write("It sounds interesting.\n\n")
        proc.stdin.flush()
        _wait(in_call.is_set, proc, "the model call")
        proc.kill()
        proc.wait(timeout=30)
    finally:
        release.set()
    sid = only_transcript(tmp_path).header.session_id

    done = practice(tmp_path, "--resume", sid, *model_args, stdin="/end\nNone.\n\n")
    assert done.returncode == 0, done.stderr
    assert spoken in done.stdout
    t = only_transcript(tmp_path)
    # "It sounds interesting." is thin: the follow-up asks for specifics (a pushback act)
    assert [e.text for e in t.of_type("interviewer")
            if e.act in ("probe", "pushback")] == [spoken]
    assert_whole(t)


# -- 2. the transcript is the record: no answer goes where it cannot be written ----------------

def _two_answers(tmp_path) -> Session:
    s = Session.new(round_type="technical", questions=["why-fde", "q24"], seed=4, out=tmp_path)
    s.start()
    s.answer("It sounds interesting.")
    s.answer("I built an on-site pipeline for a customer.")
    s.close()
    return s


def test_a_deleted_checkpoint_is_refused_not_answered_into(tmp_path):
    s = _two_answers(tmp_path)
    (s.dir / "checkpoints.sqlite").unlink()
    before = s.path.read_bytes()
    done = practice(tmp_path, "--resume", s.id, stdin="A third answer.\n\nA fourth.\n\n")
    assert done.returncode == 2
    assert "checkpoint is missing" in done.stderr and "fde-interview score" in done.stderr
    assert s.path.read_bytes() == before


def test_a_copy_under_another_name_is_refused_and_the_original_goes_on(tmp_path):
    s = _two_answers(tmp_path)
    copy = s.path.with_name("copy-of-it.jsonl")
    shutil.copy(s.path, copy)
    done = practice(tmp_path, "--resume", "copy-of-it", stdin="Hijack.\n\n")
    assert done.returncode == 2 and "cannot be continued under another name" in done.stderr
    assert copy.read_bytes() == s.path.read_bytes()
    done = practice(tmp_path, "--resume", s.id, stdin="Third answer.\n\n/end\nNone.\n\n")
    assert done.returncode == 0, done.stderr
    t = load(s.path)
    assert [a.text for a in t.of_type("candidate")][2] == "Third answer."
    assert_whole(t)


def test_a_finished_session_leaves_no_checkpoints(tmp_path):
    s = Session.new(round_type="technical", questions=["why-fde"], seed=1, out=tmp_path)
    s.start()
    s.answer("/end")
    turn = s.answer("None.")
    assert s.done and turn.awaiting is None and s.values["scorecard"]
    s.close()
    db = sqlite3.connect(tmp_path / "sessions" / "checkpoints.sqlite")
    rows = db.execute("SELECT count(*) FROM checkpoints WHERE thread_id = ?", (s.id,)).fetchone()
    writes = db.execute("SELECT count(*) FROM writes WHERE thread_id = ?", (s.id,)).fetchone()
    db.close()
    assert rows == (0,) and writes == (0,)
    r = Session.resume(s.id, out=tmp_path)           # still known as finished
    assert r.done and r.start().awaiting is None
    r.close()
    assert len(load(s.path).of_type("score")) == 1


# -- 3. one process per session ----------------------------------------------------------------

def test_a_second_process_is_turned_away(tmp_path):
    first = subprocess.Popen([EXE, "practice", "--plain", "--out", str(tmp_path),
                              "--question", "why-fde"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        _read_until(first, "> ", timeout=90)
        t = only_transcript(tmp_path)
        before = t.path.read_bytes()
        second = practice(tmp_path, "--resume", t.header.session_id, stdin="Me too.\n\n")
        assert second.returncode == 2
        assert (f"session {t.header.session_id} is open in another process (pid {first.pid})"
                in second.stderr)
        assert t.path.read_bytes() == before
        with pytest.raises(SessionError, match="open in another process"):
            Session.resume(t.header.session_id, out=tmp_path)
    finally:
        first.kill()
        first.wait(timeout=30)
    again = practice(tmp_path, "--resume", t.header.session_id, stdin="Now me.\n\n")
    assert again.returncode == 0, again.stderr   # the lock died with its process


def test_scoring_one_file_four_times_appends_one_score(tmp_path):
    s = _two_answers(tmp_path)
    f = str(s.path)
    done = cli("score", "--concurrency", "4", f, f, f, f)
    assert done.returncode == 0, done.stderr
    ids = [e.id for e in load(s.path).events]
    assert len(ids) == len(set(ids)) and ids.count("s1-heuristic") == 1
    assert done.stdout.count(f) == 1


def test_scoring_a_session_open_elsewhere_is_an_error(tmp_path):
    s = Session.new(round_type="technical", questions=["why-fde"], seed=1, out=tmp_path)
    s.start()
    s.answer("It sounds interesting.")
    before = s.path.read_bytes()
    try:
        done = cli("score", str(s.path))
    finally:
        s.close()
    assert done.returncode == 1 and "open in another process" in done.stderr
    assert s.path.read_bytes() == before


# -- 4. Ctrl-C anywhere: 130, saved, resumable -------------------------------------------------

def _assert_saved_and_resumable(tmp_path, proc) -> None:
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (out[-500:], err[-2000:])
    assert "Traceback" not in err and "--resume" in out
    sid = only_transcript(tmp_path).header.session_id
    done = practice(tmp_path, "--resume", sid, stdin="It sounds interesting.\n\n/end\nNone.\n\n")
    assert done.returncode == 0, done.stderr
    assert "Scorecard" in done.stdout
    assert_whole(only_transcript(tmp_path))


@pytest.mark.parametrize("where", ["first step", "graph step"])
def test_ctrl_c_inside_a_step_saves_and_resumes(tmp_path, where):
    if where == "first step":
        proc = stalled(tmp_path, IN_FIRST_STEP, "--question", "why-fde")
    else:
        proc = stalled(tmp_path, IN_ASSESS, "--question", "why-fde", stdin="Half of it.\n\n")
    proc.send_signal(signal.SIGINT)
    _assert_saved_and_resumable(tmp_path, proc)


@pytest.mark.parametrize("ignored", [False, True], ids=["default", "sigint-ignored-by-parent"])
def test_ctrl_c_mid_answer_saves_and_resumes(tmp_path, ignored):
    """`ignored`: started as a background job of a script is (SIGINT set to SIG_IGN, which
    Python keeps): Ctrl-C must still save and exit 130, not run on to end of input."""
    pre = (lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)) if ignored else None
    proc = subprocess.Popen([EXE, "practice", "--plain", "--out", str(tmp_path),
                             "--question", "why-fde"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, bufsize=0, preexec_fn=pre)
    _read_until(proc, "> ", timeout=90)
    proc.stdin.write("The first line of an answer\n")
    proc.stdin.flush()
    proc.send_signal(signal.SIGINT)
    _assert_saved_and_resumable(tmp_path, proc)
