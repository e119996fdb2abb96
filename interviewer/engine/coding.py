"""The coding round's runs: which code runs, what runs it, and what the interviewer says about
the result. The node that calls this (nodes.run_code) owns the state; this module reads a
problem (rubrics.problems: starter, examples, parts with hidden tests, hints and an after-pass
question) and a runner's report (sandbox.RunReport) and returns plain data: the `code_run`
event's fields, the words, and whether the part moves on.

What the candidate hears never quotes a hidden test: a failing hidden test is reported by the
part's hint for it (the follow-up an interviewer would ask), or by how many failed. A failing
visible example is named, with its message: the candidate has its source."""
from __future__ import annotations

import ast
import re
from typing import Any

_FENCED = re.compile(r"^ {0,3}(`{3,}|~{3,})[^\n]*\n(.*?)^ {0,3}\1[ \t]*$", re.S | re.M)
MESSAGE_CHARS = 400   # of a failure's message, kept in the record and said for examples


def latest_code(texts: list[str]) -> str | None:
    """The candidate's latest code in this question: the fenced blocks of the latest answer
    that has any (joined: solution and tests may come in two blocks), or the latest answer
    that is Python as a whole (the app's code editor sends bare code)."""
    for text in reversed(texts):
        blocks = [m.group(2) for m in _FENCED.finditer(text)]
        if blocks:
            return "\n".join(b.rstrip("\n") for b in blocks) + "\n"
        if _is_code(text):
            return text.rstrip("\n") + "\n"
    return None


def _is_code(text: str) -> bool:
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    return any(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
               for n in tree.body)


def split_tests(code: str, module: str = "solution") -> tuple[str, str | None]:
    """(solution, candidate tests): the candidate's top-level `test_*` functions move to a
    test file of their own, which imports the solution's names (and repeats its imports), so
    their coverage is of the solution alone. Code that does not parse stays whole: the
    runner reports the syntax error."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return code, None
    tests = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
             and n.name.startswith("test")]
    if not tests:
        return code, None
    lines = code.splitlines(keepends=True)
    drop: set[int] = set()
    for n in tests:
        start = min([n.lineno] + [d.lineno for d in n.decorator_list])
        drop.update(range(start - 1, n.end_lineno))
    solution = "".join(x for i, x in enumerate(lines) if i not in drop)
    imports = [ast.get_source_segment(code, n) for n in tree.body
               if isinstance(n, (ast.Import, ast.ImportFrom))]
    names = sorted({t.id for n in tree.body if not isinstance(n, (ast.Import, ast.ImportFrom))
                    and n not in tests for t in _defined(n)})
    head = "\n".join(imports + ([f"from {module} import {', '.join(names)}"] if names else []))
    body = "\n\n".join("".join(lines[min([n.lineno] + [d.lineno for d in n.decorator_list]) - 1:
                                     n.end_lineno]) for n in tests)
    return solution, head + "\n\n\n" + body


def _defined(node: ast.stmt) -> list[ast.Name]:
    """The names a top-level statement binds (a def, a class, an assignment's targets)."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [ast.Name(id=node.name)]
    targets = []
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
        targets = [node.target]
    return [n for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]


def part_of(problem, number: int):
    return next((p for p in problem.parts if p.number == number), None)


def run(runner, problem, part, code: str) -> dict[str, Any]:
    """Run `code` against the examples and `part`'s hidden tests; the `code_run` event's
    fields. A runner that raises (a sandbox bug, a missing tool) is reported as a run that
    could not start: the interview goes on."""
    solution, own = split_tests(code)
    tests = {**dict(problem.examples), **dict(part.tests)}
    try:
        report = runner(solution, tests, candidate_tests=own)
    except Exception as exc:   # the candidate's code never brings the session down
        return {"part": part.number, "passed": 0, "failed": 0, "errors": 0,
                "timed_out": False, "isolation": "none", "duration_ms": 0,
                "problem": f"the code could not be run: {type(exc).__name__}: {exc}",
                "code": code}
    failures = [{"test": _qualified(r), "outcome": r.outcome,
                 "message": (r.message or "")[:MESSAGE_CHARS]}
                for r in report.results if r.outcome != "passed"]
    event = {"part": part.number, "passed": report.passed, "failed": report.failed,
             "errors": report.errors, "timed_out": bool(report.timed_out),
             "isolation": getattr(report.isolation, "name", str(report.isolation)),
             "duration_ms": int(report.duration_ms), "failures": failures,
             "coverage": report.coverage, "problem": report.problem, "code": code}
    mine = getattr(report, "candidate_results", None)
    if own is not None and mine is not None:
        event["candidate_passed"] = sum(1 for r in mine if r.outcome == "passed")
        event["candidate_failed"] = sum(1 for r in mine if r.outcome != "passed")
    return event


def _qualified(result) -> str:
    """`file::test` (the sandbox reports the file apart from the name; a hint is keyed by
    the test's name, and the file says whether it is a visible example)."""
    file = getattr(result, "file", "")
    return f"{file}::{result.name}" if file and "::" not in result.name else result.name


def passed(event: dict) -> bool:
    total = event["passed"] + event["failed"] + event["errors"]
    return (total > 0 and event["passed"] == total and not event["timed_out"]
            and not event.get("problem"))


def _short_name(test: str) -> str:
    """`tests/test_part2.py::test_two_users` -> `test_two_users` (a hint's key)."""
    return test.rsplit("::", 1)[-1].split("[", 1)[0]


def _visible(problem, test: str) -> bool:
    """Whether a test is one of the visible examples (the candidate has its source)."""
    file_part = test.split("::", 1)[0].rsplit("/", 1)[-1]
    name = _short_name(test)
    return file_part in problem.examples or any(
        re.search(rf"\bdef {re.escape(name)}\b", src) for src in problem.examples.values())


def report_words(problem, part, event: dict, *, last: bool, time_up: bool) -> str:
    """What the interviewer says about a run (the next part's requirement is added by the
    caller when the part moves on)."""
    total = event["passed"] + event["failed"] + event["errors"]
    own = ""
    if event.get("candidate_passed") is not None:
        n = event["candidate_passed"] + (event.get("candidate_failed") or 0)
        own = (f" Your own {n} test{'s' if n != 1 else ''}: {event['candidate_passed']} "
               "pass" + (f", covering {event['coverage']:.0%} of your solution's lines."
                         if event.get("coverage") is not None else "."))
    if event.get("problem") and not event["timed_out"] and not event["passed"]:
        # the run as a whole went wrong (it does not parse, an import, a flood of output):
        # every test says the same, so the cause is said once
        return (f"It doesn't run yet: {event['problem']}. Fix that and run it again "
                "(/run).")
    if event["timed_out"]:
        why = event.get("problem") or "a test never returned"
        return (f"The run didn't finish ({why}). Is there a loop that never ends, or a wait "
                "with nothing to wake it?" + own)
    if passed(event):
        said = f"All {total} tests for part {part.number} pass."
        return said + own
    fails = event.get("failures") or []
    examples = [f for f in fails if _visible(problem, f["test"])]
    hidden = [f for f in fails if not _visible(problem, f["test"])]
    said = f"{event['passed']} of {total} tests for part {part.number} pass."
    if examples:
        f = examples[0]
        msg = f": {f['message'].strip().splitlines()[-1]}" if f["message"].strip() else ""
        said += f" The example {_short_name(f['test'])} fails{msg}."
    elif hidden:
        hint = next((part.hints[_short_name(f["test"])] for f in hidden
                     if _short_name(f["test"]) in part.hints), None)
        said += " " + (hint or (f"{len(hidden)} of my tests fail. Which inputs haven't you "
                                "tried yet: the edges, the empty case, two callers at once?"))
    if any(f["outcome"] == "timeout" for f in hidden):
        said += " One of my tests was stopped for taking too long."
    if event.get("problem"):
        said += f" ({event['problem']})"
    if time_up and not last:
        said += f" We're past the {part.minutes:g} minutes for this part, so let's move on."
    return said + own


def reveal_words(part) -> str:
    return f"Part {part.number}: {part.requirement}"


def isolation_notice(isolation) -> str | None:
    """The protections missing from the sandbox on this machine, said before the first run
    (the sandbox's own summary, which says why and what is missing, in plain words)."""
    missing = tuple(getattr(isolation, "missing", ()) or ())
    if not missing:
        return None
    summary = getattr(isolation, "summary", None)
    said = summary() if callable(summary) else (
        f"{getattr(isolation, 'name', 'a weaker sandbox')}: {'; '.join(missing)}")
    return f"Before your first run: your code will run in a {said}."


def part_intro(problem, part) -> str:
    """What the question adds in the coding round: part 1 and how to run it."""
    return (f"{reveal_words(part)} Write it in a ``` block (start from `{problem.entry}`); "
            "/run runs your latest code against the examples and my tests for this part.")
