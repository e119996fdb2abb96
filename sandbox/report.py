"""What a run of candidate code reports back."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Outcome = Literal["passed", "failed", "error", "timeout"]


@dataclass(frozen=True)
class TestResult:
    __test__ = False           # not a pytest test class, despite the name
    name: str
    outcome: Outcome
    message: str = ""
    file: str = ""


@dataclass
class RunReport:
    passed: int
    failed: int
    errors: int                # errors and timeouts: every test is counted once
    timed_out: bool
    isolation: str             # "bubblewrap" | "rlimits"
    duration_ms: int
    results: list[TestResult] = field(default_factory=list)
    problem: str | None = None     # the run as a whole went wrong, in plain words
    output: str = ""               # what the code printed (stdout and stderr), truncated
    coverage: float | None = None  # line coverage of the solution by the candidate's tests
    candidate_results: list[TestResult] = field(default_factory=list)
    output_truncated: bool = False

    @property
    def total(self) -> int:
        return self.passed + self.failed + self.errors

    @property
    def ok(self) -> bool:
        """Every hidden test ran and passed."""
        return self.problem is None and self.total > 0 and self.passed == self.total

    def failures(self) -> list[TestResult]:
        return [r for r in self.results if r.outcome != "passed"]


def tally(results: list[TestResult]) -> tuple[int, int, int]:
    passed = sum(r.outcome == "passed" for r in results)
    failed = sum(r.outcome == "failed" for r in results)
    return passed, failed, len(results) - passed - failed
