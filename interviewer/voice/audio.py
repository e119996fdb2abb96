"""Audio in: a source abstraction so the microphone, a WAV file or an array feed exactly the
same capture code (16 kHz, mono, float32), with a level meter while recording."""
from __future__ import annotations

import math
import threading
import time
import wave
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Protocol

import numpy as np

RATE = 16_000
BLOCK = 1_600   # 100 ms


class VoiceUnavailable(RuntimeError):
    """Voice cannot work on this machine; the message says what is missing. Text mode goes on."""


class AudioSource(Protocol):
    def start(self, on_block: Callable[[np.ndarray], None]) -> None: ...
    def stop(self) -> None: ...


def level(block: np.ndarray) -> float:
    """RMS level in dBFS, floored at -60 (for the meter)."""
    if block.size == 0:
        return -60.0
    rms = float(np.sqrt(np.mean(np.square(block, dtype=np.float64))))
    return max(-60.0, 20 * math.log10(rms)) if rms > 0 else -60.0


def meter(db: float, width: int = 20) -> str:
    filled = int(round((db + 60) / 60 * width))
    return "▮" * filled + "▯" * (width - filled)


def read_wav(path: str | Path) -> np.ndarray:
    """A WAV file as 16 kHz mono float32 (resampled linearly if it was recorded otherwise)."""
    p = Path(path)
    try:
        with wave.open(str(p), "rb") as w:
            rate, channels, width = w.getframerate(), w.getnchannels(), w.getsampwidth()
            raw = w.readframes(w.getnframes())
    except (OSError, wave.Error, EOFError) as exc:
        raise VoiceUnavailable(f"{p}: cannot read as WAV ({exc})") from None
    if width != 2:
        raise VoiceUnavailable(f"{p}: only 16-bit PCM WAV is supported (got {8 * width}-bit)")
    audio = np.frombuffer(raw, dtype="<i2").astype(np.float32) / 32768.0
    if channels > 1:
        audio = audio.reshape(-1, channels).mean(axis=1)
    if rate != RATE and audio.size:
        n = int(round(audio.size * RATE / rate))
        audio = np.interp(np.linspace(0, audio.size - 1, n), np.arange(audio.size),
                          audio).astype(np.float32)
    return audio


@dataclass
class ArraySource:
    """Feeds an array block by block, as a microphone would (optionally in real time)."""
    audio: np.ndarray
    realtime: bool = False
    _thread: threading.Thread | None = field(default=None, repr=False)
    _stop: threading.Event = field(default_factory=threading.Event, repr=False)

    def start(self, on_block: Callable[[np.ndarray], None]) -> None:
        self._stop.clear()

        def run() -> None:
            for i in range(0, self.audio.size, BLOCK):
                if self._stop.is_set():
                    break
                on_block(self.audio[i:i + BLOCK])
                if self.realtime:
                    time.sleep(BLOCK / RATE)
        self._thread = threading.Thread(target=run, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        if self._thread is not None:
            if not self.realtime:
                self._thread.join()   # a file is delivered whole before it is "released"
            self._stop.set()
            self._thread.join()

    def finished(self) -> bool:
        return self._thread is not None and not self._thread.is_alive()


def file_source(path: str | Path, realtime: bool = False) -> ArraySource:
    return ArraySource(read_wav(path), realtime=realtime)


class MicSource:
    """The default input device through sounddevice. The import is lazy and every failure
    (no PortAudio, no device) becomes VoiceUnavailable with what to install or plug in."""

    def __init__(self):
        try:
            import sounddevice as sd   # lazy: PortAudio may be missing
        except ImportError:
            raise VoiceUnavailable("voice needs the sounddevice package: "
                                   "pip install 'fde-interview[voice]'") from None
        except OSError as exc:   # sounddevice imports, but libportaudio is missing
            raise VoiceUnavailable(f"PortAudio is not installed ({exc}); on Debian or Ubuntu: "
                                   "apt-get install libportaudio2") from None
        self.sd = sd
        try:
            device = sd.query_devices(kind="input")
        except Exception as exc:   # PortAudioError, ValueError: no default input
            raise VoiceUnavailable(f"no microphone found ({exc}); plug one in or answer by "
                                   "typing") from None
        if not device or device.get("max_input_channels", 0) < 1:
            raise VoiceUnavailable("no microphone found; plug one in or answer by typing")
        self.device = device
        self.stream = None

    def start(self, on_block: Callable[[np.ndarray], None]) -> None:
        def callback(indata, frames, time_info, status):
            on_block(indata[:, 0].copy())
        try:
            self.stream = self.sd.InputStream(samplerate=RATE, channels=1, dtype="float32",
                                              blocksize=BLOCK, callback=callback)
            self.stream.start()
        except Exception as exc:
            raise VoiceUnavailable(f"cannot open the microphone: {exc}") from None

    def stop(self) -> None:
        if self.stream is not None:
            self.stream.stop()
            self.stream.close()
            self.stream = None


class Recorder:
    """Push-to-talk over any source: start, receive blocks (and levels), stop, get the audio."""

    def __init__(self, source: AudioSource, on_level: Callable[[float], None] | None = None):
        self.source, self.on_level = source, on_level
        self.blocks: list[np.ndarray] = []
        self.recording = False
        self._lock = threading.Lock()

    def _block(self, block: np.ndarray) -> None:
        with self._lock:
            if self.recording:
                self.blocks.append(np.asarray(block, dtype=np.float32))
        if self.on_level:
            self.on_level(level(block))

    def start(self) -> None:
        self.blocks, self.recording = [], True
        self.source.start(self._block)

    def stop(self) -> np.ndarray:
        self.source.stop()
        with self._lock:
            self.recording = False
            return np.concatenate(self.blocks) if self.blocks else np.zeros(0, np.float32)
