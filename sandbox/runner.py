"""run_tests: candidate code and its tests, run in the sandbox, read back as a RunReport.

This side (the interviewer's process) counts the tests itself from the test files' syntax
trees, starts the harness under the isolation this machine has, and reads two pipes: the
printed output (kept up to the limit, then the run is stopped) and the results, accepted only
on lines that carry this run's random token.
"""
from __future__ import annotations

import ast
import json
import os
import secrets
import select
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

from .isolation import (HARNESS, INSIDE_HARNESS, INSIDE_LIB, INSIDE_WORK, Isolation,
                        bwrap_argv, clean_env, coverage_dir, fresh_uid, probe_isolation, python_executable)
from .limits import Limits
from .report import RunReport, TestResult, tally

CANDIDATE_FILE = "candidate_test.py"
HELPERS = ("harness.py", "failures.py")


def is_test_file(name: str) -> bool:
    return name.endswith("_test.py") or (name.startswith("test_") and name.endswith(".py"))


def test_names(name: str, source: str) -> list[str]:
    """The top-level test functions of a test file, in source order. Raises SyntaxError."""
    tree = ast.parse(source, filename=name)
    return [n.name for n in tree.body
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name.startswith("test_")]


def _check_name(name: str) -> None:
    if not (name.endswith(".py") and name[:-3].isidentifier()):
        raise ValueError(f"test file name {name!r}: expected a Python module name ending in .py")


def run_tests(solution: str, tests: Mapping[str, str], *, limits: Limits | None = None,
              candidate_tests: str | None = None, module: str = "solution",
              isolation: Isolation | None = None) -> RunReport:
    """Run the hidden `tests` against `solution` (written as `<module>.py`), then the
    candidate's own tests with their line coverage of it.

    `tests` maps file names to source. In each `test_*.py` / `*_test.py` file the top-level
    `test_*` functions take no arguments (an `async def` one is run with asyncio.run) and import
    the candidate's code (`from solution import ...`); other files are helpers they may import.
    Only the standard library is importable inside (no pytest: a plain `assert`, or
    try/except for an expected exception). Bad test files raise ValueError naming the file and
    line; everything the candidate's code does wrong comes back in the report.
    """
    limits = limits or Limits()
    isolation = isolation or probe_isolation()
    if not module.isidentifier():
        raise ValueError(f"module name {module!r} is not a Python identifier")
    files = {f"{module}.py": solution}
    hidden = []
    for name in sorted(tests):
        _check_name(name)
        if name == f"{module}.py":
            raise ValueError(f"test file {name!r} has the solution's name")
        files[name] = tests[name]
        if is_test_file(name):
            try:
                hidden += [(name, t) for t in test_names(name, tests[name])]
            except SyntaxError as exc:
                raise ValueError(f"hidden test file {name} line {exc.lineno}: {exc.msg}") from None
    suites = [{"name": "hidden", "tests": hidden, "coverage": False}]
    mine: list[tuple[str, str]] = []
    early: list[TestResult] = []
    if candidate_tests is not None:
        cand_file = CANDIDATE_FILE if CANDIDATE_FILE not in files else "candidate_own_test.py"
        files[cand_file] = candidate_tests
        try:
            mine = [(cand_file, t) for t in test_names(cand_file, candidate_tests)]
        except SyntaxError as exc:
            early.append(TestResult("(your tests)", "error",
                                    f"{cand_file} line {exc.lineno}: SyntaxError: {exc.msg}", cand_file))
        if mine:
            suites.append({"name": "candidate", "tests": mine, "coverage": coverage_dir() is not None})
    return _run(files, suites, hidden, mine, early, limits, isolation, module)


def _run(files, suites, hidden, mine, early, limits: Limits, isolation: Isolation,
         module: str) -> RunReport:
    token = secrets.token_hex(16)
    started = time.monotonic()
    temp_root = None
    read_fd, write_fd = os.pipe()
    orders = {"token": token, "result_fd": write_fd, "files": files, "suites": suites,
              "module": module,
              "limits": {"cpu_s": limits.cpu_s, "wall_s": limits.wall_s, "memory_mb": limits.memory_mb,
                         "processes": limits.processes, "file_mb": limits.file_mb,
                         "test_wall_s": limits.test_wall_s()}}
    cov = coverage_dir()
    if isolation.name == "bubblewrap":
        orders.update(workdir=INSIDE_WORK, lib=INSIDE_LIB if cov else None,
                      uid=fresh_uid() if os.geteuid() == 0 else None)
        argv = bwrap_argv(isolation.bwrap, [python_executable(), "-I", "-S", INSIDE_HARNESS],
                          work_mb=limits.file_mb * 4, harness=str(HARNESS.parent), lib=cov)
        cwd, env = "/", {}
    else:
        temp_root = tempfile.mkdtemp(prefix="fde-sandbox-")
        work = os.path.join(temp_root, "run")
        lib = os.path.join(temp_root, "lib")
        os.mkdir(lib)
        if cov:
            os.symlink(cov, os.path.join(lib, "coverage"))
        orders.update(workdir=work, lib=lib, nproc_extra=_my_processes())
        argv = [python_executable(), "-I", "-S", str(HARNESS)]
        cwd = temp_root
        env = clean_env(temp_root)
    messages, output, problem, timed_out, truncated = [], "", None, False, False
    try:
        try:
            proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, pass_fds=(write_fd,), cwd=cwd,
                                    env=env, start_new_session=True)
        except OSError as exc:
            problem = f"the sandbox could not start: {exc}"
            return _report([], "", problem, False, False, hidden, mine, early, isolation, started)
        os.close(write_fd)
        write_fd = -1
        try:
            proc.stdin.write(json.dumps(orders).encode())
            proc.stdin.close()
        except BrokenPipeError:
            pass
        messages, output, problem, timed_out, truncated = _collect(
            proc, read_fd, token, limits, started)
    finally:
        for fd in (read_fd, write_fd):
            if fd >= 0:
                os.close(fd)
        if temp_root:
            shutil.rmtree(temp_root, ignore_errors=True)
    return _report(messages, output, problem, timed_out, truncated, hidden, mine, early,
                   isolation, started)


def _my_processes() -> int:
    """Processes and threads this user already has: RLIMIT_NPROC counts them all."""
    if os.geteuid() == 0 or not os.path.isdir("/proc"):
        return 0
    uid, count = str(os.getuid()), 0
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                status = Path(f"/proc/{entry}/status").read_text()
            except OSError:
                continue
            fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
            if fields.get("Uid", "").split()[:1] == [uid]:
                count += int(fields.get("Threads", "1").strip() or 1)
    return count


def _collect(proc, read_fd: int, token: str, limits: Limits, started: float):
    out_fd = proc.stdout.fileno()
    output, results_buf, messages = bytearray(), b"", []
    problem, timed_out, truncated = None, False, False
    prefix = token.encode() + b" "
    open_fds = {out_fd, read_fd}
    deadline = started + limits.wall_s
    while open_fds:
        left = deadline - time.monotonic()
        if left <= 0:
            timed_out = True
            problem = f"stopped: still running after {limits.wall_s:g} s"
            break
        ready = select.select(list(open_fds), [], [], left)[0]
        for fd in ready:
            chunk = os.read(fd, 65536)
            if not chunk:
                open_fds.discard(fd)
            elif fd == out_fd:
                output += chunk
            else:
                results_buf += chunk
                *lines, results_buf = results_buf.split(b"\n")
                for line in lines:
                    if line.startswith(prefix):
                        try:
                            messages.append(json.loads(line[len(prefix):]))
                        except ValueError:
                            pass
        if len(output) > limits.output_bytes:
            truncated = True
            problem = (f"printed more than {limits.output_bytes:,} bytes of output; "
                       "the run was stopped")
            break
    _kill(proc)
    if proc.returncode not in (0, None) and problem is None and not any(
            m.get("kind") == "done" for m in messages):
        problem = f"the test run crashed (exit status {proc.returncode})"
    text = bytes(output[:limits.output_bytes]).decode("utf-8", errors="replace")
    return messages, text, problem, timed_out, truncated


def _kill(proc) -> None:
    """Kill the run's whole process tree: its group, and every descendant that left the group
    (test processes have their own; the code may have called setsid). When this returns,
    none of them is running: the interview's next run starts clean."""
    tree: list[int] = []
    _signal(proc.pid, signal.SIGSTOP)
    for _ in range(5):                # stop first, so nothing forks between the scan and the kill
        found = [pid for pid in _descendants(proc.pid) if pid not in tree]
        if not found:
            break
        for pid in found:
            _signal(pid, signal.SIGSTOP)
        tree += found
    for pid in [proc.pid, *tree]:
        _signal(pid, signal.SIGKILL)
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except OSError:
        pass
    proc.stdout.close()
    proc.wait()
    deadline = time.monotonic() + 5
    while tree and time.monotonic() < deadline:   # SIGKILL is delivered asynchronously
        tree = [pid for pid in tree if _alive(pid)]
        if tree:
            time.sleep(0.005)


def _signal(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except OSError:
        pass


def _parents() -> dict[int, int]:
    """pid -> parent pid of every process visible in /proc (empty without /proc)."""
    out = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return out
    for entry in entries:
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", "rb") as f:
                    out[int(entry)] = int(f.read().rsplit(b")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                pass
    return out


def _descendants(root: int) -> list[int]:
    parents = _parents()
    found, frontier = [], {root}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - set(found)
        found += sorted(frontier)
    return found


def _alive(pid: int) -> bool:
    """Running, as opposed to gone or a zombie waiting for its parent."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0] not in (b"Z", b"X")
    except OSError:
        return False


def _report(messages, output, problem, timed_out, truncated, hidden, mine, early,
            isolation: Isolation, started: float) -> RunReport:
    got: dict[tuple[str, str, str], TestResult] = {}
    limit_hits: list[str] = []
    suite_problems: dict[str, str] = {}
    coverage = None
    for m in messages:
        kind = m.get("kind")
        if kind == "result" and m.get("outcome") in ("passed", "failed", "error", "timeout"):
            key = (m.get("suite"), m.get("file"), m.get("name"))
            if m.get("limit") and key not in got:
                limit_hits.append(str(m.get("message", "")))
            got.setdefault(key, TestResult(str(m.get("name")), m["outcome"], str(m.get("message", "")),
                                           str(m.get("file"))))
        elif kind == "problem":
            suite_problems.setdefault(m.get("suite"), str(m.get("text")))
            timed_out = timed_out or (m.get("suite") == "hidden" and bool(m.get("timeout")))
        elif kind == "coverage" and isinstance(m.get("percent"), (int, float)):
            coverage = float(m["percent"])
    hidden_problem = suite_problems.get("hidden")
    problem = problem or hidden_problem

    def fill(suite: str, tests, reason: str | None) -> list[TestResult]:
        out = []
        for file, name in tests:    # counted from the files here, never from the child
            result = got.get((suite, file, name))
            if result is None:
                outcome = "timeout" if timed_out else "error"
                result = TestResult(name, outcome, f"{name} did not run: {reason or 'no result came back'}",
                                    file)
            out.append(result)
        return out

    results = fill("hidden", hidden, problem)
    candidate = early + fill("candidate", mine, suite_problems.get("candidate") or problem)
    if problem is None and limit_hits:   # a test the sandbox had to stop: say so up front
        problem = limit_hits[0]
    passed, failed, errors = tally(results)
    return RunReport(passed=passed, failed=failed, errors=errors,
                     timed_out=timed_out or any(r.outcome == "timeout" for r in results + candidate),
                     isolation=isolation.name,
                     duration_ms=int((time.monotonic() - started) * 1000), results=results,
                     problem=problem, output=output, coverage=coverage if mine else None,
                     candidate_results=candidate, output_truncated=truncated)
