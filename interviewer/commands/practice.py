"""`fde-interview practice`: a mock interview in the terminal app, or --plain on the console.
Handlers import the engine and the front-ends when they run (keeps --help fast)."""
from __future__ import annotations

import argparse
import io
import sys

from rubrics.rounds import MAX_FOLLOW_UPS
from rubrics.vocab import ROUND_TYPES

from ..errors import UsageError
from ..services import make_llm
from .options import (add_provider_args, interrupt_on_ctrl_c, provider_settings, seconds,
                      whole_number)


def register(sub: argparse._SubParsersAction) -> None:
    practice = sub.add_parser("practice", help="run a mock interview (offline with no key)")
    practice.add_argument("--plain", action="store_true", help="console session on stdin/stdout")
    practice.add_argument("--voice", action="store_true", help="answer through the microphone")
    practice.add_argument("--speak", action="store_true", help="read the questions aloud")
    practice.add_argument("--whisper-model", metavar="NAME_OR_DIR",
                          help="a Whisper size name or a local CTranslate2 model directory")
    practice.add_argument("--audio-file", metavar="WAV",
                          help="feed this recording instead of the microphone (for checks)")
    practice.add_argument("--round", choices=ROUND_TYPES, default="technical")
    practice.add_argument("--question", action="append", metavar="ID", help="repeatable")
    practice.add_argument("--questions", type=whole_number(1), metavar="N")
    practice.add_argument("--max-follow-ups", type=whole_number(0, MAX_FOLLOW_UPS), default=3,
                          metavar="N", help=f"per question, 0 to {MAX_FOLLOW_UPS} (default 3)")
    practice.add_argument("--seed", type=int)
    practice.add_argument("--out", metavar="DIR", help="where transcripts are saved")
    practice.add_argument("--resume", metavar="SESSION_ID")
    add_provider_args(practice, api_key_help="overrides the config file and environment "
                      "(prefer the environment: ANTHROPIC_API_KEY, OPENAI_API_KEY)")
    practice.add_argument("--turn-deadline", type=seconds, metavar="SECONDS",
                          help="longest wait for the model per turn (default 20), then the "
                               "offline interviewer takes the turn")
    practice.set_defaults(run=run_practice)


def run_practice(a: argparse.Namespace) -> int:
    llm = make_llm(**provider_settings(a))
    if llm is not None:
        print(f"interviewer: {llm.label}", file=sys.stderr)
    if not a.plain and not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("note: not a terminal, so running the plain console (--plain).", file=sys.stderr)
        a.plain = True
    voice, voice_note = None, io.StringIO()
    if a.voice or a.speak:
        from ..voice.setup import setup_voice   # lazy: loads the audio stack
        # the terminal app takes the screen at once: it shows why voice is off itself
        voice = setup_voice(whisper_model=a.whisper_model, audio_file=a.audio_file,
                            speak=a.speak, err=sys.stderr if a.plain else voice_note)
    if not a.plain:
        from ..tui import AppConfig, make_app   # lazy: loads Textual
        make_app(AppConfig(out=a.out, round=a.round, questions=a.question, count=a.questions,
                           seed=a.seed, max_follow_ups=a.max_follow_ups, resume=a.resume,
                           llm=llm, voice=voice, voice_note=voice_note.getvalue().strip()
                           or None, start_now=bool(a.question))).run()
        return 0
    interrupt_on_ctrl_c()
    from ..engine.session import Session, SessionError   # lazy: loads LangGraph
    try:
        if a.resume:
            session = Session.resume(a.resume, out=a.out, llm=llm)
        else:
            session = Session.new(round_type=a.round, questions=a.question, count=a.questions,
                                  seed=a.seed, max_follow_ups=a.max_follow_ups, out=a.out,
                                  llm=llm)
    except SessionError as exc:
        raise UsageError(str(exc)) from None
    from ..console.plain import run_plain
    try:
        return run_plain(session, voice=voice)
    finally:
        session.close()
