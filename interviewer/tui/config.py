"""What the terminal app is started with (the CLI and the tests build the same thing)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class AppConfig:
    out: str | None = None            # --out DIR; None: the platform's data directory
    round: str = "technical"
    questions: list[str] | None = None
    count: int | None = None
    seed: int | None = None
    max_follow_ups: int = 3
    resume: str | None = None         # a session id to continue at once
    llm: object | None = None         # an LLMInterviewer, or None for the offline interviewer
    voice: object | None = None       # a voice.setup.VoiceSetup, or None for typing only
    voice_note: str | None = None     # why --voice/--speak is (partly) off, shown in the app
    start_now: bool = False           # skip the pick screen (questions given on the command line)
    judge: object | None = None       # a judges.closing.ClosingJudge; None: auto

    @property
    def provider_label(self) -> str:
        return self.llm.label if self.llm is not None else "offline"
