"""Escape sequences in answers and in a model's words never reach the terminal raw: the
replay, the scorecard (plain console, `score -v`, `--format md/html`) and the plain console's
interviewer text show them as visible characters."""
from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from interviewer.engine.session import Session
from llm_servers import Reply

EXE = str(Path(sys.executable).parent / "fde-interview")
# window title, clear screen, clipboard write (OSC 52), bell, backspaces, a C1 CSI
HOSTILE = "\x1b]0;pwned\x07\x1b[2J\x1b]52;c;cHduZWQ=\x07\x08\x08\x9b2J"
RAW = (b"\x1b", b"\x07", b"\x08", "\x9b".encode())


def assert_no_raw_controls(out: bytes) -> None:
    for byte in RAW:
        assert byte not in out, f"raw {byte!r} reached the terminal"


@pytest.fixture
def hostile_session(tmp_path):
    """A finished, graded session whose answer (and so the evidence quotes) carries escapes."""
    s = Session.new(round_type="technical", questions=["why-fde"], seed=1, out=tmp_path)
    s.start()
    s.answer(f"I want to build on customer systems{HOSTILE} and ship to production. "
             "Only 45% of postings list pay.")
    s.answer("/end")
    s.answer(f"None{HOSTILE}.")
    s.close()
    raw = s.path.read_bytes()
    assert b"\\u001b" in raw   # JSON keeps the escapes in the record itself
    return s.path


def test_visible_shows_every_control_character_but_newline_and_tab():
    from interviewer.terminal_text import visible
    assert visible("a\x1b]0;t\x07b") == "a^[]0;t^Gb"
    assert visible("x\x08\x00\x7f\x9b") == "x^H^@^?\\x9b"
    assert visible("one\ntwo\tthree\r\nfour\rfive") == "one\ntwo\tthree\nfour^Mfive"
    assert visible("déjà vu — 29.1% ✓") == "déjà vu — 29.1% ✓"


def test_replay_shows_escapes_visibly(hostile_session):
    done = subprocess.run([EXE, "replay", str(hostile_session)], capture_output=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert_no_raw_controls(done.stdout)
    text = done.stdout.decode()
    assert "customer systems^[]0;pwned^G^[[2J" in text   # shown, not dropped
    assert "Scorecard" in text


@pytest.mark.parametrize("args", [["-v"], ["--format", "md"], ["--format", "html"]])
def test_score_output_shows_escapes_visibly(hostile_session, args):
    done = subprocess.run([EXE, "score", "--no-write", *args, str(hostile_session)],
                          capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert_no_raw_controls(done.stdout)
    assert b"^[]0;pwned^G" in done.stdout   # the evidence quote, made visible


def test_plain_scorecard_shows_escapes_visibly(hostile_session):
    from interviewer.judges.export import to_text as render_scorecard
    from transcripts import load
    out = render_scorecard(load(hostile_session).of_type("score")[-1].scorecard)
    assert_no_raw_controls(out.encode())
    assert "^[]0;pwned^G" in out


def test_plain_console_shows_a_models_escapes_visibly(tmp_path, fake_openai):
    from interviewer.llm.openai_compatible import OpenAICompatibleBackend
    from interviewer.llm.retry import RetryPolicy
    from interviewer.engine.llm_interviewer import LLMInterviewer
    from interviewer.console.plain import run_plain
    server = fake_openai(lambda body: Reply(text="p") if body["messages"][-1]["content"] == "ping"
                         else Reply(text=f"Tell me more{HOSTILE} about that.", chunk=3))
    backend = OpenAICompatibleBackend(model=None, base_url=server.base_url,
                                      retry=RetryPolicy(retries=0, base_ms=5, cap_ms=20,
                                                        timeout_s=5))
    s = Session.new(round_type="technical", questions=["why-fde"], seed=2, out=tmp_path,
                    llm=LLMInterviewer(backend))
    out = io.StringIO()
    inp = io.StringIO("It sounds interesting.\n\n/end\n\nNone.\n\n")
    assert run_plain(s, inp, out) == 0
    s.close()
    shown = out.getvalue()
    assert_no_raw_controls(shown.encode())
    assert "Tell me more^[]0;pwned^G" in shown   # streamed, made visible piece by piece
