"""run_tests on ordinary code: passes, failures in readable words, bad code reported, the
candidate's own tests and their coverage."""
import pytest

from sandbox import Limits, probe_isolation, run_tests

ADD = "def add(a, b):\n    return a + b\n"
TESTS = {
    "test_add.py": (
        "from solution import add\n"
        "from support import twice\n\n"
        "def test_small():\n    assert add(1, 2) == 3\n\n"
        "def test_twice():\n    total = add(2, 2)\n    assert total == twice(2)\n\n"
        "async def test_async():\n    assert add(-1, 1) == 0\n"),
    "support.py": "def twice(x):\n    return 2 * x\n",
}


def test_a_correct_solution_passes_every_hidden_test():
    report = run_tests(ADD, TESTS)
    assert (report.passed, report.failed, report.errors) == (3, 0, 0)
    assert [r.name for r in report.results] == ["test_small", "test_twice", "test_async"]
    assert report.ok and report.problem is None and not report.timed_out
    assert report.isolation == probe_isolation().name
    assert report.coverage is None and report.candidate_results == []


def test_a_failing_assertion_names_the_test_the_line_and_the_values():
    report = run_tests("def add(a, b):\n    return a - b\n", TESTS)
    assert (report.passed, report.failed) == (0, 3)
    failed = {r.name: r.message for r in report.results if r.outcome == "failed"}
    assert failed["test_twice"].startswith("test_twice failed at test_add.py line 9: assert total == twice(2)")
    assert "where total = 0" in failed["test_twice"]
    assert "test_small failed at test_add.py line 5: assert add(1, 2) == 3" in failed["test_small"]


def test_an_assertion_message_is_kept_and_an_exception_points_at_the_solution_line():
    sol = "def add(a, b):\n    x = None\n    return x + a + b\n"
    tests = {"test_m.py": "from solution import add\n\ndef test_msg():\n    assert 1 == 2, 'one is not two'\n\n"
                          "def test_err():\n    add(1, 2)\n"}
    report = run_tests(sol, tests)
    msg, err = report.results
    assert msg.outcome == "failed" and "one is not two" in msg.message
    assert err.outcome == "error"
    assert err.message.startswith("test_err raised an error (solution.py line 3): TypeError")


def test_a_syntax_error_is_reported_with_its_line():
    report = run_tests("def add(a, b):\n    return a +\n", TESTS)
    assert report.problem.startswith("solution.py line 2: SyntaxError")
    assert report.passed == 0 and report.errors == 3
    assert all("did not run" in r.message for r in report.results)


def test_an_import_of_a_module_that_is_not_available_is_reported():
    report = run_tests("import numpy\n\n" + ADD, TESTS)
    assert report.problem == ("solution.py line 1 imports numpy, which is not available here "
                              "(the Python standard library is)")


def test_a_missing_name_says_what_the_tests_expected():
    report = run_tests("def plus(a, b):\n    return a + b\n", TESTS)
    assert report.problem == "test_add.py line 1 imports add from solution.py, which does not define it"


def test_printed_output_comes_back():
    report = run_tests("print('hello from the candidate')\n" + ADD, TESTS)
    assert report.ok and "hello from the candidate" in report.output


def test_candidate_tests_run_after_the_hidden_ones_and_their_coverage_is_measured():
    sol = ("def add(a, b):\n    return a + b\n\n\n"
           "def clamp(x, low, high):\n    if x < low:\n        return low\n    if x > high:\n"
           "        return high\n    return x\n")
    mine = "from solution import add\n\ndef test_add():\n    assert add(2, 3) == 5\n\ndef test_wrong():\n    assert add(2, 2) == 5\n"
    report = run_tests(sol, TESTS, candidate_tests=mine)
    assert report.passed == 3                         # the hidden tests alone are counted
    assert [(r.name, r.outcome) for r in report.candidate_results] == [("test_add", "passed"),
                                                                        ("test_wrong", "failed")]
    assert report.coverage == 37.5    # 3 of 8 lines: the two defs and add's body, not clamp's
    full = run_tests(sol, TESTS, candidate_tests=mine + "\nfrom solution import clamp\n\ndef test_clamp():\n"
                     "    assert [clamp(v, 0, 2) for v in (-1, 1, 3)] == [0, 1, 2]\n")
    assert full.coverage == 100.0


def test_a_candidate_test_file_that_does_not_parse_is_one_error_not_a_crash():
    report = run_tests(ADD, TESTS, candidate_tests="def test_x(:\n    pass\n")
    assert report.ok
    assert [(r.name, r.outcome) for r in report.candidate_results] == [("(your tests)", "error")]
    assert "line 1: SyntaxError" in report.candidate_results[0].message


def test_bad_hidden_tests_are_an_error_naming_the_file_and_line():
    with pytest.raises(ValueError, match="hidden test file test_bad.py line 2"):
        run_tests(ADD, {"test_bad.py": "def test_a():\n    assert (\n"})
    with pytest.raises(ValueError, match="test file name 'tests/x.py'"):
        run_tests(ADD, {"tests/x.py": ""})
    with pytest.raises(ValueError, match="Limits.cpu_s must be positive"):
        Limits(cpu_s=0)


def test_a_concurrency_test_with_two_hundred_threads_fits_the_limits():
    sol = ("import threading\n\nclass Counter:\n    def __init__(self):\n        self.n = 0\n"
           "        self.lock = threading.Lock()\n\n    def hit(self):\n        with self.lock:\n"
           "            self.n += 1\n")
    tests = {"test_c.py": "import threading\nfrom solution import Counter\n\ndef test_threads():\n"
                          "    c = Counter()\n    start = threading.Barrier(200)\n\n    def work():\n"
                          "        start.wait()\n        for _ in range(50):\n            c.hit()\n"
                          "    threads = [threading.Thread(target=work) for _ in range(200)]\n"
                          "    for t in threads:\n        t.start()\n    for t in threads:\n        t.join()\n"
                          "    assert c.n == 200 * 50\n"}
    report = run_tests(sol, tests)
    assert report.ok, report.results[0].message


def test_a_failed_comparison_shows_its_operands_but_not_default_object_reprs():
    sol = "class Limiter:\n    def __init__(self):\n        self.count = {'u': 5}\n"
    tests = {"test_l.py": "from solution import Limiter\n\ndef test_count():\n    lim = Limiter()\n"
                          "    expected = 3\n    assert lim.count['u'] == expected\n"}
    assert run_tests(sol, tests).results[0].message == (
        "test_count failed at test_l.py line 6: assert lim.count['u'] == expected\n"
        "  where lim.count['u'] = 5\n  where expected = 3")
