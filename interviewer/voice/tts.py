"""Spoken questions: the interviewer's turns read aloud by an offline engine (piper when
installed, else espeak-ng), in a background thread, stoppable at any time, never delaying
the text."""
from __future__ import annotations

import shutil
import subprocess
import threading


class Speaker:
    def __init__(self):
        self.engine = "piper" if shutil.which("piper") and shutil.which("aplay") else (
            "espeak-ng" if shutil.which("espeak-ng") else None)
        self._proc: subprocess.Popen | None = None
        self._lock = threading.Lock()

    @property
    def available(self) -> bool:
        return self.engine is not None

    def say(self, text: str) -> None:
        """Speak in the background; a new utterance interrupts the previous one."""
        if not self.available or not text.strip():
            return
        self.stop()
        threading.Thread(target=self._run, args=(text,), daemon=True).start()

    def _run(self, text: str) -> None:
        cmd = (["espeak-ng", "-s", "165", text] if self.engine == "espeak-ng"
               else ["sh", "-c", "piper --output-raw | aplay -q -r 22050 -f S16_LE -t raw -"])
        with self._lock:
            try:
                self._proc = subprocess.Popen(cmd, stdin=subprocess.PIPE if self.engine == "piper"
                                              else subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                              stderr=subprocess.DEVNULL)
            except OSError:
                return
            proc = self._proc
        if self.engine == "piper" and proc.stdin:
            proc.stdin.write(text.encode())
            proc.stdin.close()
        proc.wait()

    def stop(self) -> None:
        with self._lock:
            if self._proc is not None and self._proc.poll() is None:
                self._proc.terminate()
            self._proc = None
