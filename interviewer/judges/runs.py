"""What the runs of a candidate's code say, for the judges: the per-part table (tests passed,
time to pass from the part's reveal) and the evidence the heuristic judge weighs with the
code's text. Runs are `Answers.runs` entries (a transcripts.CodeRunEvent's fields)."""
from __future__ import annotations

from datetime import datetime

from transcripts.scorecard import PartRow


def _seconds(start: str | None, end: str | None) -> float | None:
    try:
        return (datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds()
    except (TypeError, ValueError):
        return None


def _ok(r: dict) -> bool:
    total = r["passed"] + r["failed"] + r["errors"]
    return total > 0 and r["passed"] == total and not r.get("timed_out") and not r.get("problem")


def part_titles(question: str) -> dict[int, str]:
    """The titles of a card's problem parts ({} for a card without a runnable problem)."""
    from rubrics.problems import load_problem   # lazy: only scorecards with runs
    problem = load_problem(question)
    return {p.number: p.title for p in problem.parts} if problem else {}


def part_rows(runs: list[dict], titles: dict[int, str] | None = None) -> list[PartRow]:
    rows = []
    for part in sorted({r["part"] for r in runs}):
        mine = [r for r in runs if r["part"] == part]
        best = max(mine, key=lambda r: (r["passed"], -r["failed"] - r["errors"]))
        first_ok = next((r for r in mine if _ok(r)), None)
        own = best.get("candidate_passed")
        rows.append(PartRow(
            part=part, title=(titles or {}).get(part, ""), passed=best["passed"],
            total=best["passed"] + best["failed"] + best["errors"], runs=len(mine),
            seconds_to_pass=(_seconds(first_ok.get("part_started"), first_ok.get("t"))
                             if first_ok else None),
            own_tests=None if own is None else own + (best.get("candidate_failed") or 0),
            coverage=best.get("coverage")))
    return rows


def run_notes(rows: list[PartRow], parts_in_problem: int | None) -> tuple[list[str], int]:
    """Notes on the runs and a level adjustment: +1 when every part of the problem passed
    (working code is correctness evidence the text of code rarely shows), -1 when no run
    passed any part (code that passes none of its tests is not a solid answer), else 0."""
    passed = [r for r in rows if r.seconds_to_pass is not None]
    notes = []   # the per-part table itself is the scorecard's `parts`
    own = [r for r in rows if r.own_tests]
    if own:
        r = own[-1]
        cov = f", covering {r.coverage:.0%} of the solution's lines" if r.coverage is not None else ""
        notes.append(f"the candidate's own {r.own_tests} test(s) ran{cov}")
    every = parts_in_problem is not None and len(passed) >= parts_in_problem > 0
    if every:
        return notes + ["every part's hidden tests pass: the level is raised one step"], 1
    if rows and not passed:
        return notes + ["no run passed a part's tests: the level is lowered one step"], -1
    return notes, 0


OWN_TESTS_COVERAGE = 0.8   # of the solution's lines, for the candidate's tests to count


def own_tests_evidence(runs: list[dict]) -> str | None:
    """The rationale when the candidate's own tests count as evidence: a run in which they
    all passed and covered at least OWN_TESTS_COVERAGE of the solution's lines."""
    good = [r for r in runs if (r.get("candidate_passed") or 0) > 0
            and not r.get("candidate_failed") and (r.get("coverage") or 0) >= OWN_TESTS_COVERAGE]
    if not good:
        return None
    best = max(good, key=lambda r: (r["coverage"], r["candidate_passed"]))
    return (f"the candidate's own {best['candidate_passed']} test(s) passed in the sandbox, "
            f"covering {best['coverage']:.0%} of the solution's lines")
