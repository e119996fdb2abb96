"""The real `fde-interview` binary in a real terminal (tmux): start, see the first question,
type an answer, see a follow-up, quit. Runs in CI (.ci/run installs tmux)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

EXE = str(Path(sys.executable).parent / "fde-interview")
pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


class Tmux:
    """One private tmux server (its own socket) running one command."""

    def __init__(self, name: str, command: str, env: dict[str, str]):
        self.base = ["tmux", "-L", name]
        self.name = name
        exports = " ".join(f"{k}={v}" for k, v in env.items())
        subprocess.run(self.base + ["new-session", "-d", "-s", name, "-x", "140", "-y", "40",
                                    f"env TERM=xterm-256color {exports} {command}"], check=True)
        subprocess.run(self.base + ["resize-window", "-t", name, "-x", "140", "-y", "40"],
                       capture_output=True)

    def screen(self) -> str:
        return subprocess.run(self.base + ["capture-pane", "-p", "-t", self.name],
                              capture_output=True, text=True).stdout

    def wait_for(self, needle: str, timeout: float = 60) -> str:
        """Wait until `needle` is on screen, allowing for it to wrap across lines."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            text = self.screen()
            flat = " ".join(line.strip(" │█▌▐▆▄") for line in text.splitlines()).split()
            if needle in " ".join(flat):
                return text
            time.sleep(0.2)
        raise AssertionError(f"{needle!r} never appeared. Screen:\n{self.screen()}")

    def keys(self, *keys: str, literal: bool = False) -> None:
        subprocess.run(self.base + ["send-keys", "-t", self.name] + (["-l"] if literal else [])
                       + list(keys), check=True)

    def alive(self) -> bool:
        return subprocess.run(self.base + ["has-session", "-t", self.name],
                              capture_output=True).returncode == 0

    def kill(self) -> None:
        subprocess.run(self.base + ["kill-server"], capture_output=True)


def _follow_up(out) -> str:
    """The start of what the offline interviewer says to the thin answer (seeded: the same)."""
    from interviewer.engine.session import Session
    s = Session.new(round_type="technical", questions=["why-fde"], seed=1, out=out)
    s.start()
    text = s.answer("It sounds like an interesting job to me.").utterances[-1].text
    s.close()
    return " ".join(text.split()[:5])


def test_smoke_in_tmux(tmp_path):
    env = {k: os.environ[k] for k in ("FDE_INTERVIEW_CACHE_DIR", "FDE_INTERVIEW_CONFIG")
           if k in os.environ}
    tmux = Tmux(f"fde-smoke-{os.getpid()}",
                f"{EXE} practice --out {tmp_path} --question why-fde --seed 1", env)
    try:
        tmux.wait_for("Why do you want to be a forward deployed engineer")
        tmux.keys("It sounds like an interesting job to me.", literal=True)
        time.sleep(0.5)
        tmux.keys("C-s")
        tmux.wait_for(_follow_up(tmp_path / "ref"))   # asked for specifics: a thin answer
        tmux.keys("C-q")
        end = time.monotonic() + 20
        while tmux.alive() and time.monotonic() < end:
            time.sleep(0.2)
        assert not tmux.alive(), "the app did not quit on Ctrl+Q"
    finally:
        tmux.kill()
    from transcripts import load
    [path] = (tmp_path / "sessions").glob("*.jsonl")
    t = load(path)
    assert [a.text for a in t.of_type("candidate")] == ["It sounds like an interesting job to me."]
