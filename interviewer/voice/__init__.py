"""Voice mode: audio sources, push-to-talk capture, local speech to text, spoken questions."""
from .audio import (RATE, ArraySource, MicSource, Recorder, VoiceUnavailable, file_source, level,
                    meter, read_wav)
from .models import resolve_model
from .stt import Recognition, Transcriber
from .tts import Speaker

__all__ = ["ArraySource", "MicSource", "RATE", "Recognition", "Recorder", "Speaker",
           "Transcriber", "VoiceUnavailable", "file_source", "level", "meter", "read_wav",
           "resolve_model"]
