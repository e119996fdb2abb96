"""How a test's failure reads, in plain words (used inside the sandbox by harness.py; standard
library only, and nothing of the project).

No assertion rewriting: a failed `assert` is reported as its source statement, the values of
the names and side-effect-free operands in it, and the assertion's own message if it has one.
ast, linecache and re are imported where a failure needs them: the sandbox's start-up is short.
"""
import errno
import os
import signal

SAFE_CALLS = {"len", "sorted", "list", "set", "tuple", "dict", "round", "abs", "min", "max",
              "sum", "str", "repr", "type", "bool", "int", "float", "frozenset"}
VALUE_CHARS = 200


def _short(value) -> str:
    try:
        text = repr(value)
    except Exception as exc:            # noqa: BLE001 - a broken __repr__ is the candidate's
        text = f"<repr failed: {type(exc).__name__}>"
    return text if len(text) <= VALUE_CHARS else text[:VALUE_CHARS - 3] + "..."


def _frames(tb):
    while tb is not None:
        yield tb.tb_frame, tb.tb_lineno
        tb = tb.tb_next


def _in_work(path: str, work: str) -> bool:
    return os.path.dirname(os.path.abspath(path)) == work


def _where(exc, work: str) -> tuple[str, int] | None:
    """The innermost line of the run's own files (solution or tests) the exception passed."""
    found = None
    for frame, line in _frames(exc.__traceback__):
        if _in_work(frame.f_code.co_filename, work):
            found = (os.path.basename(frame.f_code.co_filename), line)
    return found


def _statement(path: str, line: int):
    """The assert statement covering `line` in `path`, with its source text."""
    import ast
    import linecache
    source = "".join(linecache.getlines(path))
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None, linecache.getline(path, line).strip()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert) and node.lineno <= line <= (node.end_lineno or node.lineno):
            return node, ast.get_source_segment(source, node) or ""
    return None, linecache.getline(path, line).strip()


def _pure(node) -> bool:
    import ast
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and not (isinstance(sub.func, ast.Name) and sub.func.id in SAFE_CALLS):
            return False
        if isinstance(sub, (ast.Await, ast.Yield, ast.YieldFrom, ast.NamedExpr, ast.Lambda)):
            return False
    return True


def _values(test, frame) -> list[str]:
    """`expr = value` for the operands of the assertion that can be evaluated again safely."""
    import ast
    shown, out = set(), []
    operands = [test.left, *test.comparators] if isinstance(test, ast.Compare) else [test]
    candidates = operands + [n for n in ast.walk(test) if isinstance(n, ast.Name)]
    for node in candidates:
        if isinstance(node, ast.Constant) or not _pure(node):
            continue
        text = ast.unparse(node)
        if text in shown or text in SAFE_CALLS:
            continue
        try:
            value = eval(compile(ast.Expression(node), "<assert>", "eval"),
                         frame.f_globals, dict(frame.f_locals))
        except Exception:               # noqa: BLE001 - a name not bound yet: leave it out
            continue
        if callable(value) or type(value).__name__ == "module":
            continue
        shown_value = _short(value)
        if shown_value.startswith("<") and " at 0x" in shown_value:
            continue                    # an object's default repr says nothing
        shown.add(text)
        out.append(f"{text} = {shown_value}")
    return out[:6]


def assertion(exc: AssertionError, name: str, work: str) -> str:
    frame = line = None
    for f, n in _frames(exc.__traceback__):
        if _in_work(f.f_code.co_filename, work):
            frame, line = f, n
    said = str(exc)
    if frame is None:
        return f"{name} failed: {said or 'AssertionError'}"
    node, source = _statement(frame.f_code.co_filename, line)
    where = f"{os.path.basename(frame.f_code.co_filename)} line {line}"
    text = f"{name} failed at {where}: {source}"
    if said:
        text += f"\n  {said}"
    if node is not None:
        text += "".join(f"\n  where {v}" for v in _values(node.test, frame))
    return text


def plain(exc: BaseException, limits: dict) -> str:
    """An exception in words an interviewer would say."""
    kind = type(exc).__name__
    if isinstance(exc, MemoryError):
        return f"ran out of memory (the limit is {limits['memory_mb']} MB)"
    if isinstance(exc, RecursionError):
        return f"recursed too deeply: {exc}"
    if _too_many_processes(exc):
        return f"tried to start too many processes or threads (the limit is {limits['processes']})"
    if isinstance(exc, OSError):
        if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM) and exc.filename:
            return (f"tried to write outside its temporary directory ({exc.filename}): "
                    f"{exc.strerror}")
        if exc.errno == errno.ENOENT and exc.filename and os.path.isabs(str(exc.filename)) \
                and not str(exc.filename).startswith(os.getcwd() + os.sep):
            return (f"tried to use a file outside its temporary directory ({exc.filename}), "
                    "which does not exist in the sandbox")
        if exc.errno == errno.EFBIG:
            return f"wrote a file over the limit of {limits['file_mb']} MB"
        if isinstance(exc, (ConnectionError, TimeoutError)) or exc.errno in (
                errno.ENETUNREACH, errno.EHOSTUNREACH, errno.ECONNREFUSED):
            return f"tried to use the network, which the sandbox does not have ({kind}: {exc})"
        if exc.errno == errno.EMFILE:
            return "opened too many files at once"
    if isinstance(exc, SystemExit):
        return f"called exit({exc.code!r}) instead of returning"
    if isinstance(exc, KeyboardInterrupt):
        return "was interrupted"
    return f"{kind}: {exc}" if str(exc) else kind


def _too_many_processes(exc: BaseException) -> bool:
    """fork() or a new thread refused: RLIMIT_NPROC counts both."""
    if isinstance(exc, BlockingIOError):
        return exc.errno == errno.EAGAIN and not exc.filename
    return isinstance(exc, RuntimeError) and "can't start new thread" in str(exc)


def hit_limit(exc: BaseException) -> bool:
    """Whether the exception is the sandbox stopping the code, not the code's own bug."""
    if isinstance(exc, MemoryError) or _too_many_processes(exc):
        return True
    return isinstance(exc, OSError) and exc.errno in (errno.EAGAIN, errno.EFBIG, errno.EMFILE) \
        and not isinstance(exc, (ConnectionError, TimeoutError))


def error(exc: BaseException, name: str, work: str, orders: dict) -> str:
    where = _where(exc, work)
    at = f" ({where[0]} line {where[1]})" if where else ""
    return f"{name} raised an error{at}: {plain(exc, orders['limits'])}"


def load_problem(exc: BaseException, file: str, orders: dict) -> str:
    """Why a test file (and the candidate's module it imports) could not be loaded."""
    module = orders["module"]
    if isinstance(exc, SyntaxError):
        where = os.path.basename(exc.filename or file)
        text = (exc.text or "").rstrip("\n")
        pointer = ""
        if text and exc.offset:
            pointer = "\n    " + " " * (exc.offset - 1 - (len(text) - len(text.lstrip()))) + "^"
        shown = f"\n    {text.strip()}{pointer}" if text.strip() else ""
        return f"{where} line {exc.lineno}: {type(exc).__name__}: {exc.msg}{shown}"
    where = _where(exc, orders["workdir"])
    at = f"{where[0]} line {where[1]}" if where else file
    if isinstance(exc, ModuleNotFoundError) and exc.name and exc.name.split(".")[0] != module:
        return (f"{at} imports {exc.name}, which is not available here "
                "(the Python standard library is)")
    if isinstance(exc, ModuleNotFoundError):
        return f"{module}.py could not be found"
    if isinstance(exc, ImportError) and exc.name == module:
        import re
        wanted = re.search(r"cannot import name '([^']+)'", str(exc))
        what = wanted.group(1) if wanted else "a name"
        return f"{at} imports {what} from {module}.py, which does not define it"
    return f"{at}: loading raised {plain(exc, orders['limits'])}"


def stopped(status, limits: dict) -> str:
    """Why a test process ended without a result, from its wait status (None: still running
    at its deadline, which the message names rather than the clock's reading)."""
    if status is None:
        return f"stopped: still running after {limits['test_wall_s']:g} s"
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        if sig == signal.SIGXCPU:
            return f"stopped: used more than {limits['cpu_s']:g} s of CPU time"
        if sig == signal.SIGXFSZ:
            return f"stopped: wrote a file over the limit of {limits['file_mb']} MB"
        return f"crashed ({signal.Signals(sig).name})"
    return (f"ended without a result (exit status {os.WEXITSTATUS(status)}): "
            "the code exited the process")
