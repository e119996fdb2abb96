"""`fde-interview transcribe`: what the speech recogniser hears in a WAV file, to check a voice
setup. The recogniser loads when it runs (keeps --help fast)."""
from __future__ import annotations

import argparse
import json
import sys

from ..errors import UsageError


def register(sub: argparse._SubParsersAction) -> None:
    transcribe = sub.add_parser("transcribe", help="print what the speech recogniser hears")
    transcribe.add_argument("file")
    transcribe.add_argument("--question", metavar="ID")
    transcribe.add_argument("--json", action="store_true")
    transcribe.add_argument("--whisper-model", metavar="NAME_OR_DIR")
    transcribe.set_defaults(run=run_transcribe)


def run_transcribe(a: argparse.Namespace) -> int:
    """Print what the recogniser hears in a WAV file, to check a voice setup."""
    from ..voice import Transcriber, VoiceUnavailable, read_wav, resolve_model   # lazy: audio
    vocabulary = []
    if a.question:
        from rubrics import default_bank   # lazy: pydantic and the bank
        try:
            vocabulary = list(default_bank().get(a.question).vocabulary)
        except KeyError as exc:
            raise UsageError(exc.args[0]) from None
    try:
        audio = read_wav(a.file)
        model = resolve_model(a.whisper_model)
        result = Transcriber(model).transcribe(audio, vocabulary)
    except VoiceUnavailable as exc:
        raise UsageError(str(exc)) from None
    if a.json:
        json.dump({"file": a.file, "model": model, "text": result.text,
                   "duration_s": result.duration_s, "seconds": result.seconds,
                   "rtf": result.rtf, "segments": result.kept, "dropped": result.dropped},
                  sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(result.text or "(nothing recognised)")
        print(f"[{result.duration_s:.1f} s of audio in {result.seconds:.2f} s, real-time factor "
              f"{result.rtf:.2f}; {len(result.dropped)} segment(s) dropped]", file=sys.stderr)
    return 0
