"""The coding round end to end with the real sandbox and the real q24 problem: the plain
console in a subprocess, stdin scripted: part 1 passes and part 2 is revealed, a wrong part 2
gets the part's hint, the fix passes; an infinite loop is reported and the session goes on;
code that tries to wipe the data directory changes nothing; a session killed after part 2 was
revealed resumes at part 2."""
from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

from rubrics.problems import load_problem
from transcripts import load

EXE = str(Path(sys.executable).parent / "fde-interview")
Q24 = load_problem("q24")


def fenced(code: str) -> str:
    return "```python\n" + code.strip("\n") + "\n```\n\n"


def flat(text: str) -> str:
    """Words only: the console wraps the interviewer's lines."""
    return " ".join(text.split())


def start(tmp_path, *args) -> list[str]:
    return [EXE, "practice", "--plain", "--round", "coding", "--question", "q24",
            "--max-follow-ups", "20", "--seed", "2", "--out", str(tmp_path), *args]


def only_transcript(tmp_path):
    [path] = (tmp_path / "sessions").glob("*.jsonl")
    return load(path)


def test_console_parts_hint_loop_and_a_hostile_run(tmp_path):
    part1, part2 = Q24.parts[0], Q24.parts[1]
    wipe = f"import shutil\nshutil.rmtree({str(tmp_path)!r}, ignore_errors=True)\n" \
           f"open({str(tmp_path / 'sessions' / 'evil.txt')!r}, 'w').write('x')\n"
    script = "".join([fenced(part1.reference), "/run\n",
                      fenced(part1.reference), "/run\n",       # part 1's code for part 2
                      fenced(part2.reference), "/run\n",
                      fenced("while True:\n    pass"), "/run\n",
                      fenced(wipe), "/run\n",
                      "/end\n", "No questions.\n\n"])
    done = subprocess.run(start(tmp_path), input=script, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    out = flat(done.stdout)
    assert f"All {sum(1 for _ in _tests(1))} tests for part 1 pass. Part 2:" in out
    assert flat(part2.requirement) in out
    assert any(flat(h) in out for h in part2.hints.values())     # the hint, not the test
    assert "def test_" not in done.stdout.split("Part 2:", 1)[1]
    assert "tests for part 2 pass. Part 3:" in out
    assert "The run didn't finish" in out                        # the loop, stopped
    t = only_transcript(tmp_path)                                # the wipe changed nothing
    assert not (tmp_path / "sessions" / "evil.txt").exists()
    # each /run, and code given once the questions ran out (the interviewer runs it then)
    runs = [(r.part, r.ok, r.timed_out, r.code.split("\n", 1)[0]) for r in
            t.of_type("code_run")]
    seen = [x for i, x in enumerate(runs) if x not in runs[:i]]
    first1, first2 = part1.reference.split("\n", 1)[0], part2.reference.split("\n", 1)[0]
    assert seen == [(1, True, False, first1), (2, False, False, first1),
                    (2, True, False, first2), (3, False, True, "while True:"),
                    (3, False, False, "import shutil")]
    assert t.events[-1].type == "score"
    [q] = t.events[-1].scorecard.questions
    assert [(p.part, p.passed == p.total) for p in q.parts] == [(1, True), (2, True),
                                                                (3, False)]
    assert "part 1 A limit per user: 10/10 tests passed in" in out   # the scorecard


def _tests(number: int) -> list[str]:
    """The hidden tests of a part and the examples: what a run counts."""
    import ast
    files = {**Q24.examples, **Q24.parts[number - 1].tests}
    return [n.name for src in files.values() for n in ast.parse(src).body
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
            and n.name.startswith("test_")]


def test_killed_after_a_reveal_resumes_at_that_part(tmp_path):
    proc = subprocess.Popen(start(tmp_path), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, bufsize=0)
    from .test_plain import _read_until
    _read_until(proc, "> ")
    proc.stdin.write(fenced(Q24.parts[0].reference) + "/run\n")
    proc.stdin.flush()
    _read_until(proc, "Part 2:")
    _read_until(proc, "> ")   # the report is on screen and saved
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    sid = only_transcript(tmp_path).header.session_id
    done = subprocess.run(start(tmp_path, "--resume", sid)[:3] + ["--out", str(tmp_path),
                                                                 "--resume", sid],
                          input=fenced(Q24.parts[1].reference) + "/run\n/end\nnone\n\n",
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "tests for part 2 pass. Part 3:" in flat(done.stdout)
    assert [r.part for r in only_transcript(tmp_path).of_type("code_run")] == [1, 2]


def test_the_weaker_sandbox_is_said_before_the_first_run(tmp_path):
    import os
    env = dict(os.environ, FDE_SANDBOX_ISOLATION="rlimits")
    done = subprocess.run(start(tmp_path), input="/end\nnone\n\n", capture_output=True,
                          text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    out = flat(done.stdout)
    assert ("[warning] Before your first run: your code will run in a weaker sandbox, resource "
            "limits only (chosen): no network isolation;") in out
    assert out.index("[warning] Before your first run") < out.index("Part 1:")
