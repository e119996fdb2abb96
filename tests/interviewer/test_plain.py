"""The plain console through the real `fde-interview` binary: pipes, every round type,
end of input, a kill mid-session followed by --resume, and Ctrl-C."""
from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rubrics.vocab import ROUND_TYPES
from transcripts import load

EXE = str(Path(sys.executable).parent / "fde-interview")


def practice(tmp_path, *args, stdin="", timeout=120):
    return subprocess.run([EXE, "practice", "--plain", "--out", str(tmp_path), *args],
                          input=stdin, capture_output=True, text=True, timeout=timeout)


def only_transcript(tmp_path):
    [path] = (tmp_path / "sessions").glob("*.jsonl")
    return load(path)


@pytest.mark.parametrize("round_type", ROUND_TYPES)
def test_scripted_pipe_session_for_every_round(tmp_path, round_type):
    answers = ("I would start from the customer's goal and measure it.\n\n"
               "The number I'd check first is 29.1% and I'd test it under load.\n\n"
               "/skip\n" * 2)
    done = practice(tmp_path, "--round", round_type, "--seed", "11", stdin=answers)
    assert done.returncode == 0, done.stderr
    assert "Scorecard" in done.stdout and "Transcript:" in done.stdout
    t = only_transcript(tmp_path)
    typed = [a.text for a in t.of_type("candidate")]
    assert typed[:2] == ["I would start from the customer's goal and measure it.",
                         "The number I'd check first is 29.1% and I'd test it under load."]
    assert t.events[-1].type == "score"


def test_technical_round_from_a_pipe_with_clarify_and_probe(tmp_path):
    stdin = ("I want to build on customer systems.\n\n"
             "Roughly 45% of postings list pay.\n\n"
             "You're right, it is 388 of 1,333, so 29.1% with pay.\n\n")
    done = practice(tmp_path, "--round", "technical", "--question", "why-fde", stdin=stdin)
    assert done.returncode == 0, done.stderr
    t = only_transcript(tmp_path)
    checks = t.of_type("tool_check")
    assert [c.ok for c in checks] == [None, True]   # 45%: asked about (card's scenario)
    acts = [e.act for e in t.of_type("interviewer")]
    assert "probe" in acts and "clarify" in acts
    assert acts[-1] == "closing"   # end of input ended the interview normally
    assert "WRONG" not in done.stdout.split("Scorecard")[1]   # the corrected number counts


def test_help_and_multiline_answers(tmp_path):
    stdin = "/help\nfirst line\nsecond line\n\n/end\n\n"
    done = practice(tmp_path, "--question", "why-fde", stdin=stdin)
    assert done.returncode == 0 and "/skip" in done.stdout
    t = only_transcript(tmp_path)
    assert t.of_type("candidate")[0].text == "first line\nsecond line"


def test_bad_options_are_clear_errors(tmp_path):
    done = practice(tmp_path, "--question", "q99")
    assert done.returncode == 2 and "valid ids" in done.stderr
    done = practice(tmp_path, "--resume", "nope")
    assert done.returncode == 2 and "no session" in done.stderr


def _read_until(proc, needle: str, timeout: float = 60) -> str:
    out, deadline = "", time.monotonic() + timeout
    while needle not in out:
        assert time.monotonic() < deadline, f"timed out waiting for {needle!r}: {out[-500:]}"
        ch = proc.stdout.read(1)
        assert ch, f"process ended before {needle!r}: {out[-500:]}"
        out += ch
    return out


def test_killed_mid_session_resumes_where_it_stopped(tmp_path):
    proc = subprocess.Popen([EXE, "practice", "--plain", "--out", str(tmp_path), "--seed", "4",
                             "--question", "why-fde", "--question", "q24"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=0)
    _read_until(proc, "> ")
    proc.stdin.write("It sounds interesting.\n\n")
    proc.stdin.flush()
    _read_until(proc, "> ")   # the follow-up is on screen, so turn 1 is complete
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    t = only_transcript(tmp_path)
    assert [a.text for a in t.of_type("candidate")] == ["It sounds interesting."]
    sid = t.header.session_id

    done = practice(tmp_path, "--resume", sid, stdin="I built an on-site pipeline for a customer.\n\n/skip\n")
    assert done.returncode == 0, done.stderr
    t = only_transcript(tmp_path)
    assert [a.turn for a in t.of_type("candidate")][:2] == [1, 2]
    questions = [e.question for e in t.of_type("interviewer") if e.act == "question"]
    assert questions == ["why-fde", "q24"]                  # nothing asked twice
    assert len({e.id for e in t.events}) == len(t.events)
    assert t.events[-1].type == "score"


def test_ctrl_c_saves_and_exits_cleanly(tmp_path):
    proc = subprocess.Popen([EXE, "practice", "--plain", "--out", str(tmp_path),
                             "--question", "why-fde"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, bufsize=0)
    _read_until(proc, "> ")
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and "Traceback" not in err
    assert "--resume" in out
    assert only_transcript(tmp_path).events   # the opening and the question are saved
