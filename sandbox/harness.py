"""The program that runs inside the sandbox (as a script: never imported by the project).

It reads its orders from stdin, drops privileges, sets resource limits, writes the files,
then runs each test in a fresh forked process. It never imports candidate code itself: a
test process can only report on its own test, and only this process writes to the result
descriptor, each line prefixed with the run's token. Standard library only (coverage.py is
imported only when the candidate's tests are measured).
"""
import json
import os
import resource
import select
import signal
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import failures  # noqa: E402  (its neighbour: how an exception reads in plain words)

RESULT_CAP = 64_000
# Standard-library modules whose import does something (prints, opens a browser or a window)
NO_PRELOAD = {"this", "antigravity", "__hello__", "__phello__", "idlelib", "tkinter", "turtle",
              "turtledemo"}


def main() -> None:
    orders = json.loads(sys.stdin.buffer.read())
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    out, token = orders["result_fd"], orders["token"]
    os.set_inheritable(out, False)

    def emit(obj: dict) -> None:
        data = (token + " " + json.dumps(obj) + "\n").encode()
        while data:
            data = data[os.write(out, data):]

    limits = orders["limits"]
    _drop_privileges(orders.get("uid"))
    _set_limits(limits, orders.get("nproc_extra", 0))
    _harden()
    work = orders["workdir"]
    os.makedirs(work, exist_ok=True)
    os.chdir(work)
    for name, text in orders["files"].items():
        with open(os.path.join(work, name), "w", encoding="utf-8") as f:
            f.write(text)
    if orders.get("lib"):
        sys.path.insert(0, orders["lib"])
    sys.path.remove(os.path.dirname(os.path.abspath(__file__)))
    _preload(orders)
    target = os.path.join(work, orders["module"] + ".py")
    for suite in orders["suites"]:
        if suite["coverage"]:         # warm coverage.py's lazy imports and caches once, here
            warm = _new_coverage(target)
            warm.start()
            warm.stop()
        covered = _run_suite(suite, orders, emit)
        if suite["coverage"]:
            emit({"kind": "coverage", "percent": _coverage(target, covered)})
    emit({"kind": "done"})


def _preload(orders: dict) -> None:
    """Import, once before the forks, the standard-library modules the run's files import (and
    asyncio for async tests), so each test process does not import them again. Only read with
    ast here: nothing of the candidate's runs in this process."""
    if not any(suite["tests"] for suite in orders["suites"]):
        return
    import ast
    wanted = {"importlib"}
    for text in orders["files"].values():
        try:
            tree = ast.parse(text)
        except Exception:             # noqa: BLE001 - reported by the test process that imports it
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                wanted.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                wanted.add(node.module)
            elif isinstance(node, ast.AsyncFunctionDef):
                wanted.add("asyncio")
    for name in sorted(wanted):
        top = name.split(".")[0]
        if top in sys.stdlib_module_names and top not in NO_PRELOAD:
            try:
                __import__(name)
            except Exception:         # noqa: BLE001 - the test process will say what is wrong
                pass


def _drop_privileges(uid) -> None:
    if uid is None or os.geteuid() != 0:
        return
    os.setgroups([])
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)


def _set_limits(limits: dict, nproc_extra: int) -> None:
    mb = 1024 * 1024
    wanted = {
        resource.RLIMIT_CPU: int(limits["wall_s"]) + 1,       # the harness's own backstop
        resource.RLIMIT_AS: limits["memory_mb"] * mb,
        resource.RLIMIT_FSIZE: limits["file_mb"] * mb,
        resource.RLIMIT_NOFILE: 256,
        resource.RLIMIT_CORE: 0,
        resource.RLIMIT_NPROC: limits["processes"] + nproc_extra,
    }
    for which, value in wanted.items():
        soft, hard = resource.getrlimit(which)
        value = value if hard == resource.RLIM_INFINITY else min(value, hard)
        resource.setrlimit(which, (value, value))


def _harden() -> None:
    """No ptrace or /proc/<pid>/fd access to this process (it holds the result descriptor),
    and orphaned descendants come back here to be killed."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(4, 0, 0, 0, 0)      # PR_SET_DUMPABLE
        libc.prctl(36, 1, 0, 0, 0)     # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        pass


def _run_suite(suite: dict, orders: dict, emit) -> set[int]:
    """Run the suite's tests one by one; the lines of the solution they executed."""
    broken_files: set[str] = set()
    covered: set[int] = set()
    for index, (file, name) in enumerate(suite["tests"]):
        if file in broken_files:
            continue
        outcome = _run_one(file, name, index, suite, orders)
        if "problem" in outcome:
            broken_files.add(file)
            emit({"kind": "problem", "suite": suite["name"], "file": file, "text": outcome["problem"],
                  "timeout": outcome.get("timeout", False)})
            continue
        covered.update(n for n in outcome.get("lines", ()) if isinstance(n, int))
        emit({"kind": "result", "suite": suite["name"], "file": file, "name": name,
              "outcome": outcome["outcome"], "message": outcome["message"][:4000],
              "limit": outcome.get("limit", False)})
    return covered


def _run_one(file: str, name: str, index: int, suite: dict, orders: dict) -> dict:
    limits = orders["limits"]
    r, w = os.pipe()
    seal_r, seal_w = os.pipe()         # the seal: read by the test process only after its test
    pid = os.fork()
    if pid == 0:                       # the test process
        try:
            for fd in (r, seal_w, orders["result_fd"]):
                os.close(fd)
            _child(file, name, index, suite, orders, w, seal_r)
        except BrokenPipeError:       # the harness is gone (killed): nobody to report to
            pass
        except BaseException:         # noqa: BLE001 - the harness's own fault: show it
            import traceback
            traceback.print_exc()
            sys.stderr.flush()
        finally:
            os._exit(70)
    os.close(w)
    os.close(seal_r)
    seal = os.urandom(16).hex()
    try:
        os.write(seal_w, seal.encode())
    except BrokenPipeError:           # the test process is gone already: its status says why
        pass
    os.close(seal_w)
    try:
        os.setpgid(pid, pid)
    except OSError:
        pass
    deadline = time.monotonic() + limits["test_wall_s"]
    messages, buf, eof, status = [], b"", False, None
    while len(messages) < 2 and not eof:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        if not select.select([r], [], [], min(left, 0.05))[0]:
            # It may have died while something it started keeps the pipe open: no EOF then.
            if status is not None:
                break
            got, st = os.waitpid(pid, os.WNOHANG)
            if got:
                status = st           # one more look at the pipe, then stop waiting
            continue
        chunk = os.read(r, 65536)
        eof = not chunk
        buf = (buf + chunk)[-RESULT_CAP:]
        *done, buf = buf.split(b"\n")
        messages += [m for m in map(_parse, done) if "loaded" in m or "outcome" in m]
        if messages and not messages[0].get("loaded"):
            break
    os.close(r)
    status = _finish(pid, status)
    if messages and not messages[0].get("loaded"):
        return {"problem": messages[0].get("problem") or "the tests could not be loaded"}
    if len(messages) >= 2 and messages[1].get("seal") != seal:
        return {"outcome": "error", "limit": False,
                "message": f"{name}: the code wrote a result of its own; it was not counted"}
    if len(messages) >= 2 and messages[1].get("outcome") in ("passed", "failed", "error"):
        return {"outcome": messages[1]["outcome"], "message": str(messages[1].get("message", "")),
                "limit": bool(messages[1].get("limit")), "lines": messages[1].get("lines") or []}
    words = failures.stopped(status, limits)
    timeout = status is None or (os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGXCPU)
    if not messages:                  # it never finished importing
        return {"problem": f"{words} while loading {file} (and {orders['module']}.py)",
                "timeout": timeout}
    return {"outcome": "timeout" if timeout else "error", "message": f"{name} {words}", "limit": True}


def _parse(line: bytes) -> dict:
    try:
        value = json.loads(line)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _finish(pid: int, status=None):
    """Kill the test's process group and every descendant left; its wait status (`status`
    if it was reaped already), or None if it was still running."""
    if status is None:
        got, st = os.waitpid(pid, os.WNOHANG)
        if got:
            status = st
    for _ in range(100):
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass
        left = _children()
        for child in left:
            try:
                os.kill(child, signal.SIGKILL)
            except OSError:
                pass
        while True:
            try:
                got, st = os.waitpid(-1, 0 if left else os.WNOHANG)
            except ChildProcessError:
                got = 0
            if not got:
                break
            if got == pid and status is None:
                status = st if not (os.WIFSIGNALED(st) and os.WTERMSIG(st) == signal.SIGKILL) else None
            left = [c for c in left if c != got]
        if not _children():
            break
    return status


def _children() -> list[int]:
    me, found = str(os.getpid()), []
    try:
        entries = os.listdir("/proc")
    except OSError:
        return found
    for entry in entries:
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", "rb") as f:
                    fields = f.read().rsplit(b")", 1)[1].split()
            except OSError:
                continue
            if fields[1].decode() == me:
                found.append(int(entry))
    return found


def _child(file: str, name: str, index: int, suite: dict, orders: dict, w: int, seal_r: int) -> None:
    me = os.getpid()
    os.setpgid(0, 0)
    cpu = max(1, int(orders["limits"]["cpu_s"] + 0.999))
    hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
    if hard != resource.RLIM_INFINITY:
        cpu = max(1, min(cpu, hard - 1))
    # The soft limit below the hard one: at the soft limit the kernel sends SIGXCPU (a
    # timeout, said as such); with the two equal it sends SIGKILL instead, which reads as a
    # crash whenever the test is reaped before the harness kills it.
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1 if hard == resource.RLIM_INFINITY
                                             else min(cpu + 1, hard)))
    import _thread
    _thread.stack_size(1 << 20)       # 1 MB thread stacks, not 8: a concurrency test's threads fit RLIMIT_AS

    def send(obj: dict) -> None:
        if os.getpid() == me:         # a process the test forked never speaks for it
            os.write(w, (json.dumps(obj) + "\n").encode())

    work = orders["workdir"]
    sys.path.insert(0, work)
    cov, target = None, os.path.join(work, orders["module"] + ".py")
    if suite["coverage"]:
        cov = _new_coverage(target)
        cov.start()
    import importlib
    try:
        module = importlib.import_module(file[:-3])
    except BaseException as exc:      # noqa: BLE001 - whatever it is, the report says it
        _flush()
        send({"loaded": False, "problem": failures.load_problem(exc, file, orders)})
        os._exit(0)
    send({"loaded": True})
    try:
        result = getattr(module, name)()
        if hasattr(result, "__await__"):
            import asyncio
            asyncio.run(result)
        report = {"outcome": "passed", "message": ""}
    except AssertionError as exc:
        report = {"outcome": "failed", "message": failures.assertion(exc, name, work)}
    except BaseException as exc:      # noqa: BLE001
        report = {"outcome": "error", "message": failures.error(exc, name, work, orders),
                  "limit": failures.hit_limit(exc)}
    if cov is not None:
        try:
            cov.stop()
            report["lines"] = sorted(cov.get_data().lines(target) or [])
        except Exception:             # noqa: BLE001 - coverage is a bonus, the result is not
            pass
    if os.getpid() != me:             # a process the test forked never speaks for it
        os._exit(0)
    try:
        report["seal"] = os.read(seal_r, 64).decode()
    except (OSError, UnicodeDecodeError):
        pass
    _flush()                          # before the result: once it is read, this process is killed
    send(report)
    os._exit(0)


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:             # noqa: BLE001 - the candidate may have closed or replaced it
            pass


def _new_coverage(target: str):
    """coverage.py measuring the solution file only, its data in memory (no SQLite per test)."""
    import warnings
    import coverage
    from coverage.exceptions import CoverageWarning
    warnings.simplefilter("ignore", CoverageWarning)   # "no data collected" is a 0, not a warning
    return coverage.Coverage(data_file=None, config_file=False, include=[target])


def _coverage(target: str, covered: set[int]):
    """The solution's line coverage (percent) from the lines the test processes executed."""
    import io
    try:
        cov = _new_coverage(target)
        cov.get_data().add_lines({target: sorted(covered)})
        return round(cov.report(file=io.StringIO(), include=[target]), 1)
    except Exception:                 # noqa: BLE001 - no measurable data reads as None
        return None


if __name__ == "__main__":
    main()
