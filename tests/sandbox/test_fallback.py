"""Without bubblewrap: resource limits, a private temporary directory and a clean environment,
and the isolation says which protections are missing."""
import os

from sandbox import Limits, probe_isolation, run_tests
from sandbox.isolation import ENV_VAR

TESTS = {"test_f.py": "from solution import f\n\ndef test_f():\n    assert f() == 1\n"}


def test_the_fallback_names_what_it_is_missing(monkeypatch):
    weak = probe_isolation("rlimits")
    assert weak.name == "rlimits"
    assert "no network isolation" in weak.missing
    assert any("outside the temporary directory" in m for m in weak.missing)
    assert weak.summary().startswith("weaker sandbox, resource limits only (chosen): no network isolation")
    monkeypatch.setenv(ENV_VAR, "rlimits")
    probe_isolation.cache_clear()
    try:
        assert probe_isolation().name == "rlimits"
    finally:
        monkeypatch.delenv(ENV_VAR)
        probe_isolation.cache_clear()


def test_the_full_sandbox_misses_nothing_where_bubblewrap_works():
    strong = probe_isolation()
    if strong.name == "bubblewrap":
        assert strong.missing == () and strong.summary().startswith("bubblewrap sandbox: no network")
    else:   # a machine without it says why, and what that costs
        assert strong.reason and strong.missing


def test_the_fallback_runs_tests_with_limits_in_a_clean_environment():
    weak = probe_isolation("rlimits")
    os.environ["FDE_SECRET_FOR_TEST"] = "leaked"
    try:
        report = run_tests("import os\n\ndef f():\n    return 0 if 'FDE_SECRET_FOR_TEST' in os.environ else 1\n",
                           TESTS, isolation=weak)
    finally:
        del os.environ["FDE_SECRET_FOR_TEST"]
    assert report.isolation == "rlimits" and report.ok
    loop = run_tests("def f():\n    while True:\n        pass\n", TESTS, isolation=weak,
                     limits=Limits(cpu_s=1, wall_s=6))
    assert loop.timed_out and loop.results[0].outcome == "timeout"
    bomb = run_tests("def f():\n    return len(bytearray(10 ** 9))\n", TESTS, isolation=weak,
                     limits=Limits(memory_mb=256))
    assert bomb.problem.endswith("ran out of memory (the limit is 256 MB)")


def test_the_fallback_measures_the_candidates_coverage_too():
    report = run_tests("def f():\n    return 1\n\n\ndef g():\n    return 2\n", TESTS,
                       candidate_tests="from solution import f\n\ndef test_mine():\n    assert f() == 1\n",
                       isolation=probe_isolation("rlimits"))
    assert report.ok and report.candidate_results[0].outcome == "passed"
    assert report.coverage == 75.0      # g's body never ran
