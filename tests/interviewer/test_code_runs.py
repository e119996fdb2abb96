"""The coding round runs the candidate's code: /run through the engine with a problem in two
parts and an in-process runner of the sandbox's contract (tests/interviewer/code_run_fakes.py),
the words the interviewer says (hints, never a hidden test's source), the part kept across a
resume, the code_run record, the per-part table in every renderer, replay and both judges."""
from __future__ import annotations

import io
import json

from interviewer.console.plain import run_plain
from interviewer.engine import coding
from interviewer.engine.session import Session
from interviewer.judges.base import answers_from_transcript
from interviewer.judges.export import to_html, to_json, to_markdown, to_text
from interviewer.judges.heuristic import HeuristicJudge
from interviewer.judges.llm import transcript_message
from rubrics import default_bank
from transcripts import load
from transcripts.replay import replay_lines

from .code_run_fakes import (AFTER, HINT, PART1_OK, PART2, PART2_OK, PART2_WRONG, Report, Runner,
                             coding as fakes)

BANK = default_bank()


def new(tmp_path, runner=None, **kw) -> tuple[Session, Runner]:
    runner = runner or Runner()
    s = Session.new(round_type=kw.pop("round_type", "coding"), questions=["q24"], seed=3,
                    out=tmp_path, max_follow_ups=20, coding=fakes(runner), **kw)
    return s, runner


def said(turn) -> str:
    return " ".join(e.text for e in turn.events if e.type == "interviewer")


def test_parts_hints_and_the_record(tmp_path):
    s, runner = new(tmp_path)
    first = s.start()
    notices = [e.text for e in first.events if e.type == "notice"]
    assert notices == ["Before your first run: your code will run in a fake sandbox: no "
                       "network isolation; no private file system."]
    assert "Part 1: Count the words in a string." in said(first)
    s.answer(PART1_OK)
    t = s.answer("/run")
    assert "All 3 tests for part 1 pass. Part 2: Now punctuation is not part of a word." \
        in said(t)
    assert [e.type for e in t.events] == ["code_run", "requirement_change", "interviewer"]
    # the examples first, then part 1's hidden tests (not part 2's)
    assert list(runner.calls[0]["tests"]) == ["test_examples.py", "test_part1.py"]
    assert s.values["records"]["q24"]["part"] == 2

    s.answer(PART2_WRONG)
    t = s.answer("/run")
    words = said(t)
    assert words.startswith("2 of 3 tests for part 2 pass.") and HINT in words
    for src in PART2.values():   # the hidden test's source never reaches the candidate
        assert "assert count_words" not in words and src not in words
    assert s.values["records"]["q24"]["part"] == 2

    s.answer(PART2_OK)
    t = s.answer("/run")
    assert said(t) == f"All 3 tests for part 2 pass. {AFTER}"
    s.answer("/end")
    s.answer("No questions.")
    assert s.done

    tr = load(s.path)
    runs = tr.of_type("code_run")
    assert [(r.part, r.passed, r.failed, r.errors) for r in runs] == [
        (1, 3, 0, 0), (2, 2, 1, 0), (2, 3, 0, 0)]
    wrong = runs[1]
    assert [f.test for f in wrong.failures] == ["test_part2.py::test_only_punctuation"]
    assert wrong.code.startswith("def count_words") and wrong.isolation == "in-process fake"
    assert runs[1].part_started == runs[0].t   # part 2's clock starts at its reveal
    assert [e.follow_up for e in tr.of_type("requirement_change")] == ["part-2"]

    [q] = tr.of_type("score")[-1].scorecard.questions
    assert [(p.part, p.passed, p.total, p.runs) for p in q.parts] == [(1, 3, 3, 1), (2, 3, 3, 2)]
    assert all(p.seconds_to_pass is not None and p.seconds_to_pass >= 0 for p in q.parts)
    # a re-score from the transcript alone builds the same table
    again = HeuristicJudge().grade(answers_from_transcript(tr), BANK).questions[0]
    assert [p.model_dump() for p in again.parts] == [p.model_dump() for p in q.parts]


def test_resume_keeps_the_part(tmp_path):
    s, _ = new(tmp_path)
    s.start()
    s.answer(PART1_OK)
    s.answer("/run")
    sid = s.id
    s.close()   # the process went away here
    runner = Runner()
    r = Session.resume(sid, out=tmp_path, coding=fakes(runner))
    r.start()
    assert r.values["records"]["q24"]["part"] == 2
    r.answer(PART2_OK)
    t = r.answer("/run")
    assert list(runner.calls[0]["tests"]) == ["test_examples.py", "test_part2.py"]
    assert said(t).startswith("All 3 tests for part 2 pass.")
    r.close()


def test_own_tests_are_split_out_and_reported(tmp_path):
    s, runner = new(tmp_path)
    s.start()
    s.answer("```python\ndef count_words(s):\n    return len(s.split())\n\n\n"
             "def test_two():\n    assert count_words('a b') == 2\n```")
    t = s.answer("/run")
    call = runner.calls[0]
    assert "def test_two" not in call["solution"]
    assert "from solution import count_words" in call["candidate_tests"]
    assert "def test_two" in call["candidate_tests"]
    assert "Your own 1 test: 1 pass, covering 100% of your solution's lines." in said(t)
    run = load(s.path).of_type("code_run")[0]
    assert (run.candidate_passed, run.candidate_failed, run.coverage) == (1, 0, 1.0)


def test_bad_code_is_reported_and_the_interview_goes_on(tmp_path):
    s, _ = new(tmp_path)
    s.start()
    t = s.answer("/run")
    assert "There's no code to run yet" in said(t) and t.awaiting == "answer"
    s.answer("```python\ndef count_words(s)\n    return 0\n```")
    t = s.answer("/run")
    assert said(t).startswith("It doesn't run yet: syntax error on line 1")
    assert t.awaiting == "answer"


class Exploding:
    def __call__(self, *a, **k):
        raise OSError("bwrap: No permission to create a namespace")


class TimesOut:
    def __call__(self, solution, tests, **k):
        return Report(0, 0, 1, True, "bubblewrap", 5000, [], problem="it ran past 5 s")


def test_a_runner_failure_or_a_timeout_is_said_and_the_session_goes_on(tmp_path):
    s, _ = new(tmp_path, runner=Exploding())
    s.start()
    s.answer(PART1_OK)
    t = s.answer("/run")
    assert "It doesn't run yet: the code could not be run: OSError: bwrap" in said(t)
    assert t.awaiting == "answer" and s.values["records"]["q24"]["part"] == 1
    s.close()
    s, _ = new(tmp_path / "b", runner=TimesOut())
    s.start()
    s.answer("```python\ndef count_words(s):\n    while True:\n        pass\n```")
    t = s.answer("/run")
    assert said(t).startswith("The run didn't finish (it ran past 5 s).")
    assert load(s.path).of_type("code_run")[0].timed_out is True
    assert t.awaiting == "answer"


def test_run_outside_the_coding_round_says_so(tmp_path):
    s = Session.new(round_type="technical", seed=1, out=tmp_path)
    s.start()
    t = s.answer("/run")
    assert said(t) == "Nothing runs in this round: talk me through it instead."
    assert t.awaiting == "answer" and not load(s.path).of_type("code_run")


def test_plain_console_runs_and_reveals(tmp_path):
    s, _ = new(tmp_path)
    script = "\n".join([PART1_OK, "", "/run", PART2_WRONG, "", "/run", PART2_OK, "", "/run",
                        "/end", "none", ""])
    out = io.StringIO()
    assert run_plain(s, io.StringIO(script), out) == 0
    text = out.getvalue()
    assert "[run] part 1: 3 of 3 tests passed" in text
    assert "Part 2: Now punctuation is not part of a word." in text
    assert "[run] part 2: 2 of 3 tests passed" in text and "comma stuck to a word" in text
    assert "[run] part 2: 3 of 3 tests passed" in text
    assert "3/3 tests passed in 2 run(s), passed in" in text   # the scorecard's part 2


def test_renderers_replay_and_the_llm_prompt(tmp_path):
    s, _ = new(tmp_path)
    s.start()
    for a in (PART1_OK, "/run", PART2_WRONG, "/run", "/end", "none"):
        s.answer(a)
    tr = load(s.path)
    sc = tr.of_type("score")[-1].scorecard
    # (the part's title is the card's problem's: the judge reads it from rubrics.problems)
    assert ": 3/3 tests passed in 1 run(s), passed in 0:0" in to_text(sc)
    assert ": 2/3 tests passed in 1 run(s), not passed" in to_text(sc)
    md = to_markdown(sc)
    assert "| part | tests passed | runs | time to pass | own tests | coverage |" in md
    assert " | 2/3 | 1 | not passed |  |  |" in md
    assert "<td>2/3</td><td>1</td><td>not passed</td>" in to_html(sc)
    assert json.loads(to_json(sc))["questions"][0]["parts"][1]["passed"] == 2
    lines = [x.text for x in replay_lines(tr) if x.kind == "code_run"]
    assert lines[0].startswith("part 1: 3/3 tests passed in 3 ms (in-process fake)")
    assert "failed: test_part2.py::test_only_punctuation" in lines[1]
    runs = answers_from_transcript(tr).runs["q24"]
    prompt = transcript_message(BANK.get("q24"), [], ["code"], runs)
    assert "- part 1: 3/3 tests passed" in prompt and "- part 2: 2/3 tests passed" in prompt


def test_a_scorecard_without_runs_is_recorded_as_before():
    from transcripts.scorecard import QuestionScore
    q = QuestionScore(question="q1", title="t", answered=True, criteria=[])
    assert "parts" not in q.model_dump()


def test_latest_code_and_split():
    assert coding.latest_code(["```py\nx = 1\n```", "words only"]) == "x = 1\n"
    assert coding.latest_code(["def f():\n    return 1"]) == "def f():\n    return 1\n"
    assert coding.latest_code(["no code here"]) is None
    both = "```\ndef f():\n    return 1\n```\nand tests\n```\ndef test_f():\n    assert f()\n```"
    assert coding.latest_code([both]) == "def f():\n    return 1\ndef test_f():\n    assert f()\n"
    sol, own = coding.split_tests("import re\nK = 2\n\n@dec\ndef test_a():\n    pass\n"
                                  "def g():\n    return K\n")
    assert sol == "import re\nK = 2\n\ndef g():\n    return K\n"
    assert own.startswith("import re\nfrom solution import K, g\n")
    assert "@dec\ndef test_a" in own
    assert coding.split_tests("def f(:\n") == ("def f(:\n", None)
    assert coding.split_tests("def f():\n    pass\n")[1] is None


def test_code_given_after_the_follow_ups_runs_instead_of_ending_the_round(tmp_path):
    runner = Runner()
    s = Session.new(round_type="coding", questions=["q24"], seed=3, out=tmp_path,
                    max_follow_ups=0, coding=fakes(runner))
    s.start()
    t = s.answer(PART1_OK)   # no follow-ups left: the code runs, the round goes on
    assert [e.type for e in t.events][:2] == ["code_run", "requirement_change"]
    assert t.awaiting == "answer" and len(runner.calls) == 1
    t = s.answer("I'd use a token bucket per user.")   # not code: the question moves on
    assert t.awaiting == "closing"


def test_a_part_past_its_minutes_moves_on_without_passing(tmp_path):
    from . import code_run_fakes

    def hurried(card_id):
        p = code_run_fakes.problem(card_id)
        p.parts[0].minutes = 0   # every run is past the part's time
        return p
    s = Session.new(round_type="coding", questions=["q24"], seed=3, out=tmp_path,
                    max_follow_ups=20, coding={**fakes(), "problem": hurried})
    s.start()
    s.answer("```python\ndef count_words(s):\n    return 1\n```")
    t = s.answer("/run")
    words = said(t)
    assert "We're past the 0 minutes for this part, so let's move on." in words
    assert words.endswith("Part 2: Now punctuation is not part of a word.")
    assert s.values["records"]["q24"]["part"] == 2


def _run(part, passed, total, t, started, **kw):
    return {"part": part, "passed": passed, "failed": total - passed, "errors": 0,
            "timed_out": False, "t": t, "part_started": started, **kw}


def test_the_runs_move_the_heuristic_level_one_step(monkeypatch):
    from interviewer.judges import heuristic, runs as code_runs
    from transcripts.scorecard import QuestionScore
    monkeypatch.setattr(code_runs, "part_titles", lambda q: {1: "count", 2: "punctuation"})
    q = QuestionScore(question="q24", title="t", answered=True, criteria=[], level="borderline")
    t0, t1, t2 = "2026-01-01T10:00:00+00:00", "2026-01-01T10:03:05+00:00", \
        "2026-01-01T10:09:00+00:00"
    both = [_run(1, 3, 3, t1, t0), _run(2, 1, 3, t2, t1),
            _run(2, 3, 3, t2, t1, candidate_passed=4, candidate_failed=0, coverage=0.9)]
    card = BANK.get("q24")
    up = heuristic.with_runs(q, both, card)
    assert up.level == "solid" and "every part's hidden tests pass" in up.notes[-1]
    assert [(p.title, p.time_text, p.runs) for p in up.parts] == [
        ("count", "3:05", 1), ("punctuation", "5:55", 2)]
    assert up.parts[1].own_tests == 4 and up.parts[1].coverage == 0.9
    assert "the candidate's own 4 test(s) ran, covering 90% of the solution's lines" in up.notes
    down = heuristic.with_runs(q, [_run(1, 0, 3, t1, t0)], card)
    assert down.level == "poor" and "no run passed" in down.notes[-1]
    same = heuristic.with_runs(q, [_run(1, 3, 3, t1, t0)], card)   # one part of two: no step
    assert same.level == "borderline" and same.parts[0].time_text == "3:05"


def test_a_problem_that_does_not_load_is_said_and_the_interview_goes_on(tmp_path):
    def broken(card_id):
        raise ValueError("rubrics/problems/q24/problem.toml: field parts.0.minutes: too large")
    s = Session.new(round_type="coding", questions=["q24"], seed=3, out=tmp_path,
                    coding={**fakes(), "problem": broken})
    first = s.start()
    [notice] = [e for e in first.events if e.type == "notice"]
    assert notice.level == "error" and "problem.toml: field parts.0.minutes" in notice.text
    t = s.answer("/run")
    assert said(t).startswith("I can't run code for this question")
    assert t.awaiting == "answer"


def test_own_tests_that_pass_and_cover_raise_the_marked_criterion():
    from interviewer.judges import heuristic
    card = BANK.get("q24")
    assert [c.id for c in card.criteria if c.own_tests] == ["tests"]
    q, _ = heuristic.HeuristicJudge().grade_question(
        card, ["I'd use a token bucket per user and a global bucket, both behind one lock, "
               "refilled lazily from an injected clock."], 0, "coding")
    before = {c.id: c.verdict for c in q.criteria}
    t = "2026-01-01T10:00:00+00:00"
    covered = _run(1, 3, 3, t, t, candidate_passed=3, candidate_failed=0, coverage=0.85)
    after = heuristic.with_runs(q, [covered], card)
    verdicts = {c.id: c.verdict for c in after.criteria}
    assert before["tests"] != "met"
    assert verdicts["tests"] == {"missing": "partial", "partial": "met"}[before["tests"]]
    assert {k: v for k, v in verdicts.items() if k != "tests"} == \
        {k: v for k, v in before.items() if k != "tests"}
    assert "covering 85% of the solution's lines" in after.criteria[
        [c.id for c in after.criteria].index("tests")].rationale
    thin = _run(1, 3, 3, t, t, candidate_passed=3, candidate_failed=0, coverage=0.5)
    assert {c.id: c.verdict for c in heuristic.with_runs(q, [thin], card).criteria} == before


def test_one_hidden_test_stopped_for_time_gets_its_hint(tmp_path):
    from .code_run_fakes import Result

    def slow_one(solution, tests, **k):
        return Report(2, 0, 1, False, "bubblewrap", 5200, [
            Result("test_spaces", "passed"), Result("test_example_two_words", "passed"),
            Result("test_empty", "timeout", "test_empty stopped: used more than 5 s of CPU")])
    s = Session.new(round_type="coding", questions=["q24"], seed=3, out=tmp_path,
                    max_follow_ups=20, coding={**fakes(), "run_code": slow_one,
                                               "problem": _with_hint("test_empty", "What "
                                               "does it return for an empty string?")})
    s.start()
    s.answer(PART1_OK)
    words = said(s.answer("/run"))
    assert words == ("2 of 3 tests for part 1 pass. What does it return for an empty string? "
                     "One of my tests was stopped for taking too long.")
    assert "CPU" not in words


def _with_hint(test, question):
    from . import code_run_fakes

    def load(card_id):
        p = code_run_fakes.problem(card_id)
        p.parts[0].hints = {test: question}
        return p
    return load
