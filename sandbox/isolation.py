"""Which isolation this machine gives candidate code, and the command line that starts it.

bubblewrap (bwrap, from the distribution's packages) gives namespaces: no network, its own
process tree, a read-only view of only what Python needs, a private tmpfs as the one writable
place. Without it, the run falls back to resource limits, a private temporary directory and a
clean environment; `Isolation.missing` names what that loses. Either way the harness sets
rlimits on itself before any candidate code runs.
"""
from __future__ import annotations

import functools
import os
import secrets
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ENV_VAR = "FDE_SANDBOX_ISOLATION"      # "rlimits" forces the fallback (tests, or a broken bwrap)
HARNESS = Path(__file__).with_name("harness.py")
INSIDE_HARNESS = "/sandbox/harness.py"
INSIDE_LIB = "/sandbox-lib"
INSIDE_WORK = "/tmp/run"

FALLBACK_MISSING = (
    "no network isolation",
    "files outside the temporary directory are protected only by your user's permissions",
    "no separate process tree: a process that detaches itself can outlive the run",
)
ROOT_MISSING = ("running as root: the limit on processes does not apply, and the code could "
                "reach the harness's result pipe")


@dataclass(frozen=True)
class Isolation:
    name: str                       # "bubblewrap" | "rlimits"
    missing: tuple[str, ...] = ()   # protections missing, in plain words
    bwrap: str | None = None
    reason: str = ""                # why bubblewrap is not used, when it is not

    def summary(self) -> str:
        if not self.missing:
            return ("bubblewrap sandbox: no network, a private temporary directory, "
                    "limits on CPU, memory, processes and output")
        why = f" ({self.reason})" if self.reason else ""
        return f"weaker sandbox, resource limits only{why}: " + "; ".join(self.missing)


def python_executable() -> str:
    return os.path.realpath(sys.executable)


def coverage_dir() -> str | None:
    try:
        import coverage   # only its location: the harness imports it inside the sandbox
    except ImportError:
        return None
    return str(Path(coverage.__file__).parent)


@functools.lru_cache(maxsize=4)
def probe_isolation(prefer: str | None = None) -> Isolation:
    """The strongest isolation that works here; cached. `prefer="rlimits"` (or the
    FDE_SANDBOX_ISOLATION environment variable) forces the fallback."""
    prefer = prefer or os.environ.get(ENV_VAR) or None
    if prefer not in (None, "bubblewrap", "rlimits"):
        raise ValueError(f"{ENV_VAR}: unknown isolation {prefer!r} (bubblewrap or rlimits)")
    reason = "chosen" if prefer == "rlimits" else ""
    bwrap = shutil.which("bwrap") or ("/usr/bin/bwrap" if os.path.exists("/usr/bin/bwrap") else None)
    if prefer != "rlimits":
        if bwrap is None or not sys.platform.startswith("linux"):
            reason = "bubblewrap is not installed"
        else:
            argv = bwrap_argv(bwrap, ["/bin/true"] if os.path.exists("/bin/true") else ["true"],
                              work_mb=1, harness=None, lib=None)
            try:
                done = subprocess.run(argv, capture_output=True, timeout=10)
                ok, err = done.returncode == 0, done.stderr.decode(errors="replace").strip()
            except (OSError, subprocess.TimeoutExpired) as exc:
                ok, err = False, str(exc)
            if ok:
                return Isolation("bubblewrap", (), bwrap)
            reason = f"bubblewrap does not start here: {err.splitlines()[-1] if err else 'no reason given'}"
    missing = FALLBACK_MISSING + ((ROOT_MISSING,) if hasattr(os, "geteuid") and os.geteuid() == 0 else ())
    return Isolation("rlimits", missing, None, reason)


def _system_binds() -> list[str]:
    """/usr read-only, and the top-level links a merged-/usr system has (/lib -> usr/lib)."""
    args = ["--ro-bind", "/usr", "/usr"]
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64"):
        if os.path.islink(top):
            args += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            args += ["--ro-bind", top, top]
    if os.path.exists("/etc/ld.so.cache"):
        args += ["--ro-bind", "/etc/ld.so.cache", "/etc/ld.so.cache"]
    return args


def _bind_tree(path: str, done: set[str]) -> list[str]:
    """Read-only bind of `path`, with its parent directories made traversable (bwrap's own
    are 0700, closed to the unprivileged uid the harness drops to)."""
    if path.startswith("/usr/") or path in done:
        return []
    args = []
    parts = Path(path).parts[1:-1]
    for i in range(len(parts)):
        parent = "/" + "/".join(parts[:i + 1])
        if parent not in done:
            done.add(parent)
            args += ["--perms", "0755", "--dir", parent]
    done.add(path)
    return args + ["--ro-bind", path, path]


def bwrap_argv(bwrap: str, command: list[str], *, work_mb: int, harness: str | None,
               lib: str | None) -> list[str]:
    python = python_executable()
    done: set[str] = set()
    args = [bwrap, "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
            "--unshare-cgroup-try", "--die-with-parent", "--new-session", "--clearenv",
            "--hostname", "sandbox"]
    if os.geteuid() == 0:
        # Root: no user namespace (inside it the process would still be kernel uid 0, which
        # RLIMIT_NPROC exempts); the harness keeps only the right to drop to a fresh uid.
        args += ["--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    else:
        args += ["--unshare-user"]
    args += _system_binds()
    prefix = os.path.realpath(sys.base_prefix)
    args += _bind_tree(prefix, done)
    if not python.startswith(prefix + "/"):
        args += _bind_tree(os.path.dirname(python), done)
    args += ["--proc", "/proc", "--dev", "/dev",
             "--perms", "1777", "--size", str(work_mb * 1024 * 1024), "--tmpfs", "/tmp"]
    if harness:                       # the harness and its neighbour failures.py
        args += ["--ro-bind", harness, os.path.dirname(INSIDE_HARNESS)]
    if lib:
        args += ["--perms", "0755", "--dir", INSIDE_LIB, "--ro-bind", lib, f"{INSIDE_LIB}/coverage"]
    for key, value in clean_env(INSIDE_WORK).items():
        args += ["--setenv", key, value]
    return args + ["--chdir", "/tmp", "--", *command]


def clean_env(home: str) -> dict[str, str]:
    """The whole environment candidate code sees. MALLOC_ARENA_MAX: glibc reserves 64 MB of
    address space per thread's arena, which would let RLIMIT_AS stop a test at ~45 threads."""
    return {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home, "TMPDIR": home,
            "MALLOC_ARENA_MAX": "2"}


def fresh_uid() -> int:
    """A uid no account uses, so the process limit counts only this run's processes."""
    return 1_500_000_000 + secrets.randbelow(500_000_000)
