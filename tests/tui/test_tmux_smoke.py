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

    def __init__(self, name: str, command: str, env: dict[str, str], size=(140, 40)):
        self.base = ["tmux", "-L", name]
        self.name = name
        exports = " ".join(f"{k}={v}" for k, v in env.items())
        x, y = map(str, size)
        subprocess.run(self.base + ["new-session", "-d", "-s", name, "-x", x, "-y", y,
                                    f"env TERM=xterm-256color {exports} {command}"], check=True)
        subprocess.run(self.base + ["resize-window", "-t", name, "-x", x, "-y", y],
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


def passed_env() -> dict[str, str]:
    return {k: os.environ[k] for k in ("FDE_INTERVIEW_CACHE_DIR", "FDE_INTERVIEW_CONFIG")
            if k in os.environ}


def quit_app(tmux: Tmux) -> None:
    tmux.keys("C-q")
    end = time.monotonic() + 20
    while tmux.alive() and time.monotonic() < end:
        time.sleep(0.2)
    assert not tmux.alive(), "the app did not quit on Ctrl+Q"


def _follow_up(out) -> str:
    """The start of what the offline interviewer says to the thin answer (seeded: the same)."""
    from interviewer.engine.session import Session
    s = Session.new(round_type="technical", questions=["why-fde"], seed=1, out=out)
    s.start()
    text = s.answer("It sounds like an interesting job to me.").utterances[-1].text
    s.close()
    return " ".join(text.split()[:5])


def test_smoke_in_tmux(tmp_path):
    env = passed_env()
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


def test_resume_in_tmux_shows_the_conversation_so_far_and_the_round_clock(tmp_path):
    """80x24: answer, quit; start again with --resume: the first question and the answer
    are there (not only the last interviewer turn), and the clock counts the round."""
    tmux = Tmux(f"fde-resume-{os.getpid()}",
                f"{EXE} practice --out {tmp_path} --question why-fde --seed 1", passed_env(),
                size=(80, 24))
    follow_up = _follow_up(tmp_path / "seeded")
    try:
        tmux.wait_for("Why do you want to be a forward deployed engineer")
        tmux.keys("It sounds like an interesting job to me.", literal=True)
        tmux.keys("C-s")   # at once: the submit waits for the typing to land
        tmux.wait_for(follow_up)
        quit_app(tmux)
    finally:
        tmux.kill()
    [path] = (tmp_path / "sessions").glob("*.jsonl")
    tmux = Tmux(f"fde-resume2-{os.getpid()}",
                f"{EXE} practice --out {tmp_path} --resume {path.stem}", passed_env(),
                size=(80, 24))
    try:
        tmux.wait_for(follow_up)
        tmux.wait_for("It sounds like an interesting job to me.")   # the answer, above it
        from rubrics import default_bank   # one question: the round's budget is its budget
        budget = default_bank().get("why-fde").budget_minutes
        screen = tmux.wait_for(f"/ {budget:02d}:00 round")
        assert "/ 00:00" not in screen
        tmux.keys("BTab")      # focus the conversation and scroll it to the top
        tmux.keys("Home")
        tmux.wait_for("Why do you want to be a forward deployed engineer")
        quit_app(tmux)
    finally:
        tmux.kill()


def _microphone_present() -> bool:
    from interviewer.voice import VoiceUnavailable
    from interviewer.voice.audio import MicSource
    try:
        MicSource()
    except VoiceUnavailable:
        return False
    return True


def test_voice_off_says_why_inside_the_app(tmp_path):
    """`practice --voice` with no microphone (or no PortAudio): the reason is shown in the
    app, not only printed before it takes the screen, and Ctrl+T repeats it."""
    if _microphone_present():
        pytest.skip("this machine has a microphone")
    tmux = Tmux(f"fde-voice-{os.getpid()}",
                f"{EXE} practice --voice --out {tmp_path} --question why-fde --seed 1",
                passed_env(), size=(80, 24))
    try:
        tmux.wait_for("Why do you want to be a forward deployed engineer")
        tmux.wait_for("voice is off:")
        screen = tmux.wait_for("F1 Keys")
        assert "^t" not in screen.splitlines()[-1]   # no voice keys in the footer
        tmux.keys("C-t")
        tmux.wait_for("Voice is off:")
        quit_app(tmux)
    finally:
        tmux.kill()
