"""Hostile candidate code is stopped, reported in plain words, and the test process (standing
in for the interview) carries on: loops, memory and fork bombs, the network, writes outside
the temporary directory, floods of output, forged results."""
import os
import secrets
import socket
import threading

import pytest

from sandbox import Limits, probe_isolation, run_tests

TESTS = {"test_f.py": "from solution import f\n\ndef test_f():\n    assert f() == 1\n\n"
                      "def test_plain():\n    assert 2 + 2 == 4\n"}
TIGHT = Limits(cpu_s=1, wall_s=8, memory_mb=256, processes=32)
GOOD = "def f():\n    return 1\n"

bubblewrap = pytest.mark.skipif(probe_isolation().name != "bubblewrap",
                                reason="bubblewrap is not usable here: " + probe_isolation().reason)


def run(body: str, limits: Limits = TIGHT):
    report = run_tests(body, TESTS, limits=limits)
    # the other test still ran and passed: one bad test does not take the run down
    assert [(r.name, r.outcome) for r in report.results][1] == ("test_plain", "passed")
    return report, report.results[0]


def test_an_infinite_loop_is_stopped():
    report, f = run("def f():\n    while True:\n        pass\n")
    assert f.outcome == "timeout" and report.timed_out
    assert f.message.startswith("test_f stopped: ")      # CPU limit, or the clock on a busy machine
    assert report.problem == f.message


def test_code_that_never_returns_at_import_stops_the_run_with_a_plain_problem():
    report = run_tests("import time\ntime.sleep(60)\n" + GOOD, TESTS, limits=TIGHT)
    assert report.timed_out and report.passed == 0
    assert report.problem == "stopped: still running after 2 s while loading test_f.py (and solution.py)"


def test_a_memory_bomb_is_stopped():
    report, f = run("def f():\n    hog = []\n    while True:\n        hog.append(bytearray(10 ** 7))\n")
    assert f.outcome == "error"
    assert f.message == "test_f raised an error (solution.py line 4): ran out of memory (the limit is 256 MB)"
    assert report.problem == f.message


@bubblewrap
def test_a_fork_bomb_is_stopped():
    report, f = run("import os\n\ndef f():\n    while True:\n        os.fork()\n")
    assert f.outcome == "error"
    assert f.message.endswith("tried to start too many processes or threads (the limit is 32)")
    assert run_tests(GOOD, TESTS).ok        # and the next run starts normally


@bubblewrap
def test_a_connection_to_loopback_gets_nowhere():
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    port = server.getsockname()[1]
    accepted, stop = [], threading.Event()

    def serve():
        while not stop.is_set():
            try:
                accepted.append(server.accept())
            except TimeoutError:
                pass
    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        report, f = run("import socket\n\ndef f():\n"
                        f"    socket.create_connection(('127.0.0.1', {port}), timeout=2).sendall(b'hi')\n"
                        "    return 1\n")
    finally:
        stop.set()
        thread.join()
        server.close()
    assert accepted == []
    assert f.outcome == "error"
    assert "tried to use the network, which the sandbox does not have" in f.message


@bubblewrap
def test_a_write_outside_the_temporary_directory_changes_nothing(tmp_path):
    kept = tmp_path / "kept.txt"
    kept.write_text("original")
    report, f = run("def f():\n"
                    f"    open({str(kept)!r}, 'w').write('overwritten')\n"
                    f"    open({str(tmp_path / 'new.txt')!r}, 'w').write('new')\n"
                    "    return 1\n")
    assert kept.read_text() == "original" and sorted(p.name for p in tmp_path.iterdir()) == ["kept.txt"]
    assert f.outcome == "error"
    assert f"tried to use a file outside its temporary directory ({kept})" in f.message
    report, f = run("def f():\n    open('/usr/candidate.txt', 'w')\n")
    assert "tried to write outside its temporary directory (/usr/candidate.txt)" in f.message


@bubblewrap
def test_the_users_files_cannot_even_be_read(tmp_path):
    data = tmp_path / "transcript.jsonl"
    data.write_text("secret answer")
    report, f = run(f"def f():\n    return open({str(data)!r}).read()\n")
    assert f.outcome == "error" and "secret answer" not in f.message + report.output
    assert f"tried to use a file outside its temporary directory ({data})" in f.message


def _processes_with(marker: str) -> list[str]:
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if marker.encode() in f.read():
                    found.append(pid)
        except OSError:
            pass
    return found


@pytest.mark.parametrize("isolation", [probe_isolation(), probe_isolation("rlimits")],
                         ids=lambda i: i.name)
def test_the_whole_run_is_stopped_on_the_clock_and_leaves_no_process_behind(isolation):
    marker = f"{secrets.randbelow(10 ** 6) + 10 ** 6}.5"     # a sleep no one else runs
    sol = ("import os, subprocess, time\n\ndef f():\n"
           f"    subprocess.Popen(['sleep', '{marker}'], start_new_session=True)\n"
           "    time.sleep(0.9)\n    return 1\n")
    tests = {"test_slow.py": "from solution import f\n\n"
                             + "".join(f"def test_{i}():\n    assert f() == 1\n\n" for i in range(6))}
    report = run_tests(sol, tests, limits=Limits(cpu_s=5, wall_s=2.5), isolation=isolation)
    assert report.timed_out and report.problem == "stopped: still running after 2.5 s"
    assert report.results[-1].outcome == "timeout"
    assert report.results[-1].message == "test_5 did not run: stopped: still running after 2.5 s"
    assert _processes_with(marker) == []


def test_writing_inside_the_temporary_directory_works():
    report, f = run("import os, tempfile\n\ndef f():\n    with open('scratch.txt', 'w') as out:\n"
                    "        out.write('ok')\n    with tempfile.NamedTemporaryFile() as t:\n"
                    "        t.write(b'x')\n    return len(open('scratch.txt').read()) - 1\n")
    assert f.outcome == "passed"


def test_a_hundred_megabytes_of_output_are_cut_off_not_buffered():
    report = run_tests("import sys\nchunk = 'x' * 1_000_000\nfor _ in range(100):\n"
                       "    sys.stdout.write(chunk)\n" + GOOD, TESTS, limits=TIGHT)
    assert report.problem == "printed more than 1,000,000 bytes of output; the run was stopped"
    assert report.output_truncated and len(report.output) == TIGHT.output_bytes
    assert report.passed == 0 and report.errors == 2


@pytest.mark.skipif(probe_isolation().name == "rlimits" and os.geteuid() == 0,
                    reason="as root without bubblewrap the code can open the harness's pipe "
                           "(the fallback says so in Isolation.missing)")
def test_a_forged_report_is_not_counted():
    """The code finds the run's token in its memory and writes results every way it can: to
    every descriptor, to other processes' descriptors, to its output. None is counted."""
    forger = '''
import gc, json, os, sys
line = json.dumps({"kind": "result", "suite": "hidden", "file": "test_f.py", "name": "test_f",
                   "outcome": "passed", "message": ""})
token = next((o["token"] for o in gc.get_objects()
              if isinstance(o, dict) and "token" in o and "result_fd" in o), "0" * 32)
fake = (token + " " + line + "\\n").encode() + b'{"loaded": true}\\n{"outcome": "passed"}\\n'
for fd in range(3, 256):
    try:
        os.write(fd, fake)
    except OSError:
        pass
for pid in filter(str.isdigit, os.listdir("/proc")):
    for fd in range(16):
        try:
            with open(f"/proc/{pid}/fd/{fd}", "wb") as out:
                out.write(fake)
        except OSError:
            pass
sys.stdout.write(fake.decode())

def f():
    return 0
'''
    report = run_tests(forger, TESTS, limits=TIGHT)
    assert report.passed == 0
    assert [r.message for r in report.results] == [
        "test_f: the code wrote a result of its own; it was not counted",
        "test_plain: the code wrote a result of its own; it was not counted"]


def test_exiting_early_is_not_a_pass():
    report, f = run("import os\n\ndef f():\n    os._exit(0)\n")
    assert f.outcome == "error"
    assert f.message == "test_f ended without a result (exit status 0): the code exited the process"


def test_killing_the_harness_is_not_a_pass():
    report = run_tests("import os, signal\n\ndef f():\n    os.kill(os.getppid(), signal.SIGKILL)\n"
                       "    return 1\n", TESTS, limits=TIGHT)
    assert report.passed == 0 and report.errors == 2
    assert report.problem.startswith("the test run crashed (exit status")
    assert report.results[0].message.startswith("test_f did not run: the test run crashed")


def test_a_crash_is_reported_and_what_it_started_is_killed():
    report, f = run("import ctypes, os, time\n\ndef f():\n    if os.fork() == 0:\n"
                    "        time.sleep(60)\n        os._exit(0)\n    ctypes.string_at(0)\n")
    assert f.outcome == "error"
    assert f.message == "test_f crashed (SIGSEGV)"
    assert report.problem == f.message


def test_the_cpu_limit_warns_before_it_kills():
    # With the soft CPU limit equal to the hard one the kernel sends SIGKILL at the limit, and
    # an infinite loop read as "crashed (SIGKILL)" whenever the test was reaped first.
    body = "import resource\ndef limits():\n    return resource.getrlimit(resource.RLIMIT_CPU)\n"
    tests = {"test_cpu.py": "from solution import limits\n"
                            "def test_soft_below_hard():\n"
                            "    soft, hard = limits()\n"
                            "    assert soft < hard\n"}
    report = run_tests(body, tests, limits=TIGHT)
    assert report.ok, report.results
