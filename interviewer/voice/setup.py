"""What --voice resolves to, for any front-end: a source of audio (the microphone, or a file
for checks), a transcriber loaded once, and a speaker for --speak."""
from __future__ import annotations

import sys
import threading
from dataclasses import dataclass
from typing import TextIO

from .audio import MicSource, VoiceUnavailable, file_source
from .models import resolve_model
from .stt import Transcriber
from .tts import Speaker


@dataclass
class VoiceSetup:
    """What --voice resolved to: a source factory, a loaded-once transcriber, a speaker."""
    make_source: object            # () -> AudioSource
    transcriber: Transcriber
    speaker: Speaker | None = None

    def warm(self) -> threading.Thread:
        """Load the model in the background so the first answer does not wait for it."""
        t = threading.Thread(target=self._warm, daemon=True)
        t.start()
        return t

    def _warm(self) -> None:
        try:
            self.transcriber.load()
        except VoiceUnavailable:
            pass   # reported when the first answer is recognised


def setup_voice(*, whisper_model: str | None, audio_file: str | None, speak: bool,
                err: TextIO = sys.stderr) -> VoiceSetup | None:
    """The voice setup, or None (with a message naming what is missing) for text mode."""
    try:
        model = resolve_model(whisper_model)
        if audio_file:
            file_source(audio_file)   # fail now on a bad file, not mid-interview

            def make():
                return file_source(audio_file)
        else:
            MicSource()               # probes PortAudio and the input device

            def make():
                return MicSource()
    except VoiceUnavailable as exc:
        err.write(f"voice is off: {exc}. Answering by typing.\n")
        return None
    speaker = Speaker() if speak else None
    if speaker is not None and not speaker.available:
        err.write("spoken questions are off: install espeak-ng (or piper).\n")
        speaker = None
    return VoiceSetup(make, Transcriber(model), speaker)
