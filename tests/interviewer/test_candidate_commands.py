"""What counts as a command: only a known command alone on its line. An answer that starts
with '/' (a URL path, say) is answer text and is graded; a lone unknown /word gets feedback
in the plain console and is not sent."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from interviewer.judges import answers_from_transcript
from interviewer.engine.session import Session
from transcripts import load

EXE = str(Path(sys.executable).parent / "fde-interview")
ROUTE = "/v1/chat/completions is the route, and 45% of postings list pay."


def practice(tmp_path, stdin: str):
    return subprocess.run([EXE, "practice", "--plain", "--out", str(tmp_path), "--question",
                           "why-fde", "--round", "technical"],
                          input=stdin, capture_output=True, text=True, timeout=120)


def only_transcript(tmp_path):
    [path] = (tmp_path / "sessions").glob("*.jsonl")
    return load(path)


def test_plain_answer_starting_with_a_slash_is_one_graded_answer(tmp_path):
    done = practice(tmp_path, f"{ROUTE}\nI'd stream the reply.\n\n/end\n\nNone.\n\n")
    assert done.returncode == 0, done.stderr
    assert "unknown command" not in done.stdout
    t = only_transcript(tmp_path)
    first = t.of_type("candidate")[0]
    assert (first.text, first.source) == (f"{ROUTE}\nI'd stream the reply.", "typed")
    # graded: the 45% was checked by the calculator, and the judge reads the answer
    assert [c.verdict for c in t.of_type("tool_check")] == ["ambiguous"]
    assert answers_from_transcript(t).by_question["why-fde"] == [first.text]


def test_plain_unknown_command_gets_feedback_and_is_not_sent(tmp_path):
    done = practice(tmp_path, "/skp\n/end\n\nNone.\n\n")
    assert done.returncode == 0, done.stderr
    assert "unknown command /skp; /help lists them" in done.stdout
    t = only_transcript(tmp_path)
    assert [(a.text, a.source) for a in t.of_type("candidate")] == [
        ("/end", "command"), ("None.", "typed")]


def test_plain_known_commands_any_case_and_help(tmp_path):
    done = practice(tmp_path, "/?\n  /END  \n\nNone.\n\n")
    assert done.returncode == 0, done.stderr
    assert "/skip" in done.stdout and "unknown command" not in done.stdout
    t = only_transcript(tmp_path)
    assert t.of_type("candidate")[0].source == "command"
    assert t.of_type("interviewer")[-2].act == "wrap-up"


def test_session_treats_only_known_commands_as_commands(tmp_path):
    s = Session.new(round_type="technical", questions=["why-fde", "q24"], seed=2, out=tmp_path)
    s.start()
    turn = s.answer(ROUTE)
    assert [e.type for e in turn.events].count("tool_check") == 1   # assessed
    assert s.values["records"]["why-fde"]["texts"] == [ROUTE]
    s.answer("/skip this one, please")   # more than the command: answer text
    assert s.current_question() == "why-fde"
    turn = s.answer(" /Next ")
    assert [u.act for u in turn.utterances] == ["move-on", "question"]
    s.close()
    answers = load(s.path).of_type("candidate")
    assert [a.source for a in answers] == ["typed", "typed", "command"]


def test_parse_command_is_the_one_rule():
    from interviewer.candidate_commands import parse_command, unknown_command
    assert parse_command(" /SKIP\n") == "/skip" and parse_command("/?") == "/?"
    assert parse_command("/skip it") is None and parse_command("/v1/models") is None
    assert unknown_command("/foo") == "/foo"
    assert unknown_command("/v1/models") is None and unknown_command("/foo bar") is None
    assert unknown_command("/end") is None and unknown_command("plain text") is None
