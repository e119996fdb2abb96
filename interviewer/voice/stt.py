"""Speech to text with faster-whisper on the CPU (int8). The model loads once per session;
Whisper invents text on silence, so segments that are probably not speech, or that the model
itself barely believes, are dropped."""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

import numpy as np

from .audio import RATE, VoiceUnavailable

NO_SPEECH_MAX = 0.6     # drop a segment Whisper thinks is more likely silence than speech
LOGPROB_MIN = -1.0      # ... or one it decoded with very low confidence
VAD = {"min_silence_duration_ms": 500, "speech_pad_ms": 200, "threshold": 0.5}


@dataclass
class Recognition:
    text: str
    duration_s: float
    seconds: float                       # time spent recognising
    kept: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)

    @property
    def rtf(self) -> float:
        return self.seconds / self.duration_s if self.duration_s else 0.0


class Transcriber:
    """One loaded model, reused for every answer of a session (thread-safe)."""

    loads = 0   # how many times any model was loaded in this process (benchmarks check 1)

    def __init__(self, model: str, threads: int = 0):
        self.model_name, self.threads = model, threads
        self._model = None
        self._lock = threading.Lock()

    def load(self):
        with self._lock:
            if self._model is None:
                try:
                    from faster_whisper import WhisperModel   # lazy: loads CTranslate2
                except ImportError:
                    raise VoiceUnavailable("speech recognition needs faster-whisper: "
                                           "pip install 'fde-interview[voice]'") from None
                try:
                    self._model = WhisperModel(self.model_name, device="cpu",
                                               compute_type="int8", cpu_threads=self.threads)
                except Exception as exc:   # a missing download, a corrupt directory
                    raise VoiceUnavailable(f"cannot load the speech model {self.model_name!r}:"
                                           f" {exc}") from None
                Transcriber.loads += 1
            return self._model

    def transcribe(self, audio: np.ndarray, vocabulary: list[str] | None = None) -> Recognition:
        model = self.load()
        duration = audio.size / RATE
        if audio.size < RATE // 4:
            return Recognition("", duration, 0.0)
        prompt = ("Interview answer about " + ", ".join(vocabulary) + ".") if vocabulary else None
        t0 = time.perf_counter()
        segments, _ = model.transcribe(audio.astype(np.float32), language="en", beam_size=5,
                                       vad_filter=True, vad_parameters=VAD,
                                       initial_prompt=prompt, condition_on_previous_text=False)
        kept, dropped = [], []
        for s in segments:
            bad = s.no_speech_prob > NO_SPEECH_MAX or s.avg_logprob < LOGPROB_MIN
            (dropped if bad else kept).append(s.text.strip())
        return Recognition(" ".join(k for k in kept if k).strip(), duration,
                           time.perf_counter() - t0, kept, dropped)
