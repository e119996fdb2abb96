"""A problem in two parts and an in-process runner with the sandbox's contract
(`run_tests(solution, tests, *, candidate_tests=None) -> report`), for the engine's coding-round
tests that must not depend on the real sandbox: the runner really executes the code and the
tests, in this process (so it is only for code the tests wrote)."""
from __future__ import annotations

import sys
import types
from dataclasses import dataclass, field

EXAMPLES = {"test_examples.py": "from solution import count_words\n\n"
                                "def test_example_two_words():\n"
                                "    assert count_words('a b') == 2\n"}
PART1 = {"test_part1.py": "from solution import count_words\n\n"
                          "def test_empty():\n    assert count_words('') == 0\n\n"
                          "def test_spaces():\n    assert count_words('  a   b ') == 2\n"}
PART2 = {"test_part2.py": "from solution import count_words\n\n"
                          "def test_punctuation():\n    assert count_words('a, b; c.') == 3\n\n"
                          "def test_only_punctuation():\n    assert count_words('--') == 0\n"}
HINT = "What does your count do with a comma stuck to a word, or a line of dashes?"
AFTER = "What does it cost per call, and what would you change for a 1 GB input?"

PART1_OK = "```python\ndef count_words(s):\n    return len(s.split())\n```"
PART2_WRONG = PART1_OK
PART2_OK = ("```python\nimport re\n\ndef count_words(s):\n"
            "    return len(re.findall(r'\\w+', s))\n```")


@dataclass
class Part:
    number: int
    title: str
    requirement: str
    minutes: float
    tests: dict
    hints: dict = field(default_factory=dict)
    after_pass: str = ""
    reference: str = ""


@dataclass
class Problem:
    card: str
    entry: str
    starter: str
    examples_text: str
    examples: dict
    parts: list


def problem(card_id: str):
    return Problem(card_id, "count_words(s)", "def count_words(s):\n    ...\n",
                   "count_words('a b') == 2", EXAMPLES, [
                       Part(1, "count", "Count the words in a string.", 15, PART1),
                       Part(2, "punctuation", "Now punctuation is not part of a word.", 15,
                            PART2, {"test_punctuation": HINT, "test_only_punctuation": HINT},
                            AFTER)])


@dataclass
class Result:
    name: str
    outcome: str
    message: str = ""


@dataclass
class Report:
    passed: int
    failed: int
    errors: int
    timed_out: bool
    isolation: object
    duration_ms: int
    results: list
    problem: str | None = None
    output: str = ""
    coverage: float | None = None
    candidate_results: list = field(default_factory=list)


@dataclass
class Isolation:
    name: str = "in-process fake"
    missing: tuple = ("no network isolation", "no private file system")

    def summary(self) -> str:
        return "fake sandbox: " + "; ".join(self.missing)


def _tests(module: str, files: dict) -> list[Result]:
    out = []
    for fname, src in files.items():
        ns: dict = {}
        exec(compile(src, fname, "exec"), ns)
        for name, fn in ns.items():
            if name.startswith("test") and callable(fn):
                try:
                    fn()
                    out.append(Result(f"{fname}::{name}", "passed"))
                except AssertionError as exc:
                    out.append(Result(f"{fname}::{name}", "failed", f"AssertionError {exc}"))
                except Exception as exc:
                    out.append(Result(f"{fname}::{name}", "error", repr(exc)))
    return out


class Runner:
    """Records each call; runs the solution as the module `solution`."""

    def __init__(self):
        self.calls: list[dict] = []

    def __call__(self, solution, tests, *, limits=None, candidate_tests=None,
                 module="solution"):
        self.calls.append({"solution": solution, "tests": dict(tests),
                           "candidate_tests": candidate_tests})
        mod = types.ModuleType(module)
        try:
            exec(compile(solution, "solution.py", "exec"), mod.__dict__)
        except SyntaxError as exc:
            return Report(0, 0, 0, False, Isolation(), 1, [],
                          problem=f"syntax error on line {exc.lineno}: {exc.msg}")
        sys.modules[module] = mod
        try:
            results = _tests(module, tests)
            mine = _tests(module, {"test_yours.py": candidate_tests}) if candidate_tests else []
        finally:
            sys.modules.pop(module, None)
        count = lambda o: sum(1 for r in results if r.outcome == o)   # noqa: E731
        return Report(count("passed"), count("failed"), count("error"), False, Isolation(), 3,
                      results, coverage=1.0 if mine else None, candidate_results=mine)


def coding(runner: Runner | None = None) -> dict:
    return {"problem": problem, "run_code": runner or Runner(), "isolation": Isolation}
