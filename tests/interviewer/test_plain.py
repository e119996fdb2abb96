"""The plain console through the real `fde-interview` binary: pipes, every round type,
end of input, a kill mid-session followed by --resume, and Ctrl-C; fenced code as one answer,
questions never asked left ungraded, piped answers echoed."""
from __future__ import annotations

import io
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from interviewer.console.plain import read_answer
from interviewer.judges.export import to_markdown, to_text
from rubrics.vocab import ROUND_TYPES
from transcripts import Scorecard, load

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


# -- fenced code is one answer ----------------------------------------------------------

TWO_METHODS = """I'd keep a token bucket per user and one global bucket, checked together.
```python
class Limiter:
    def allow(self, user: str) -> bool:
        return self._take(self.users[user]) and self._take(self.world)

    def _take(self, bucket) -> bool:
        return bucket.take(1)
```
Both buckets are taken under one lock, so a refusal by either leaves the other untouched.
"""


def test_fenced_code_with_blank_lines_is_one_answer(tmp_path):
    done = practice(tmp_path, "--round", "coding", "--question", "q24",
                    stdin=TWO_METHODS + "\n/end\n")
    assert done.returncode == 0, done.stderr
    typed = [a.text for a in only_transcript(tmp_path).of_type("candidate")]
    assert typed[0] == TWO_METHODS.strip()   # both methods and the sentence after the fence
    assert typed[1] == "/end"                # not a piece of code fed to a follow-up


def test_tilde_fence_with_a_tag_and_an_unclosed_fence_at_end_of_input(tmp_path):
    stdin = ("~~~ python\nx = 1\n\n/end\n~~~\nThat is all.\n\n"   # /end inside: code
             "```\ny = 2\n\nz = 3\n")                               # never closed
    done = practice(tmp_path, "--round", "coding", "--question", "q24", stdin=stdin)
    assert done.returncode == 0, done.stderr
    typed = [a.text for a in only_transcript(tmp_path).of_type("candidate")]
    assert typed[:2] == ["~~~ python\nx = 1\n\n/end\n~~~\nThat is all.", "```\ny = 2\n\nz = 3"]


@pytest.mark.parametrize("lines, answer", [
    (["````", "```", "", "````", "", "next"], "````\n```\n\n````"),   # a shorter fence is text
    (["```", "~~~", "", "```", "", "next"], "```\n~~~\n\n```"),      # the other character too
    (["```py", "a", "``` not a close", "", "```", "", "next"], "```py\na\n``` not a close\n\n```"),
    (["    ```", "indented four: not a fence", "", "next"], "```\nindented four: not a fence"),
    (["text ``` inline", "", "next"], "text ``` inline"),
])
def test_fence_rules(lines, answer):
    inp = io.StringIO("\n".join(lines) + "\n")
    assert read_answer(inp, io.StringIO(), "Your answer") == answer
    assert read_answer(inp, io.StringIO(), "Your answer") == "next"


# -- questions never asked are not graded -------------------------------------------------

GOOD = ("I'd start with the customer's goal: I want to build on customer systems, and I'd "
        "measure adoption first.\n\n")


def test_questions_never_asked_are_not_graded(tmp_path):
    done = practice(tmp_path, "--question", "why-fde", "--question", "q24", "--question", "q01",
                    "--max-follow-ups", "0", stdin=GOOD)   # q24 is asked as input ends
    assert done.returncode == 0, done.stderr
    assert "2 of 3 questions asked (not asked, so not graded: q01)" in done.stdout
    path = next((tmp_path / "sessions").glob("*.jsonl"))
    sc = load(path).latest_score().scorecard
    assert [q.question for q in sc.questions] == ["why-fde", "q24"]
    assert sc.not_asked == ["q01"]

    rescored = subprocess.run([EXE, "score", str(path)], capture_output=True, text=True,
                              timeout=120)
    assert rescored.returncode == 0, rescored.stderr
    again = load(path).latest_score().scorecard   # re-scoring applies the same rule
    assert len(load(path).of_type("score")) == 2
    assert [q.question for q in again.questions] == ["why-fde", "q24"]
    assert again.not_asked == ["q01"] and again.overall == sc.overall


def test_a_scorecard_that_asked_everything_reads_as_before():
    old = {"judge": {"name": "heuristic", "prompt_version": "v"}, "questions": [],
           "overall": None}
    sc = Scorecard.model_validate(old)            # an older record, without the field
    assert sc.not_asked == [] and "not_asked" not in json.loads(sc.model_dump_json())
    assert "asked" not in to_text(sc) and "asked" not in to_markdown(sc)
    sc.not_asked = ["q01"]
    assert json.loads(sc.model_dump_json())["not_asked"] == ["q01"]
    assert Scorecard.model_validate(sc.model_dump()).not_asked == ["q01"]
    assert "0 of 1 questions asked" in to_text(sc)


# -- piped answers are echoed -------------------------------------------------------------

def test_piped_answers_are_echoed(tmp_path):
    stdin = "first line\nsecond \x1b[2J line\n\n```\na\n\nb\n```\n\n/end\n"
    done = practice(tmp_path, "--question", "why-fde", stdin=stdin)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "\n> first line\n> second ^[[2J line\n" in out   # control characters made visible
    assert "\n> ```\n> a\n>\n> b\n> ```\n" in out
    assert "\n> /end\n" in out
    assert "\x1b" not in out
    assert out.index("> first line") < out.index("Interviewer:", out.index("> first line"))


def test_the_console_reads_the_stdin_of_the_moment(tmp_path, monkeypatch, capsys):
    # The console module is imported (above) before stdin is replaced, as in a process that
    # swaps its streams: a default bound at import read the old stdin.
    from interviewer.cli import main
    monkeypatch.setattr("sys.stdin", io.StringIO("/end\n\n"))
    monkeypatch.setenv("FDE_INTERVIEW_DATA_DIR", str(tmp_path / "data"))
    code = main(["practice", "--plain", "--round", "screen", "--question", "why-fde",
                 "--out", str(tmp_path / "out")])
    assert code == 0, capsys.readouterr().err
    assert load(next((tmp_path / "out").rglob("*.jsonl"))).of_type("score")
