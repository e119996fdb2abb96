"""`fde-interview practice` and `fde-interview sessions`."""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict

from .cli import UsageError


def make_llm(a: argparse.Namespace):
    """The LLM interviewer the flags, config file and environment ask for, or None."""
    from .config import ConfigError, resolve
    try:
        cfg = resolve(provider=a.provider, model=a.model, base_url=a.base_url,
                      api_key=getattr(a, "api_key", None),
                      turn_deadline=getattr(a, "turn_deadline", None))
    except ConfigError as exc:
        raise UsageError(str(exc)) from None
    if cfg is None:
        return None
    from .llm import LLMError, make_backend
    from .llm_interviewer import FALLBACK_FEATURES, LLMInterviewer
    try:
        backend = make_backend(cfg)
    except LLMError as exc:
        raise UsageError(f"{cfg.provider}: {exc}") from None
    report = getattr(backend, "report", None)
    for what, ok, action in getattr(report, "findings", []):
        if not ok and what in FALLBACK_FEATURES:   # the fallbacks in use, said up front
            print(f"note: {what}: {action}", file=sys.stderr)
    if cfg.turn_deadline is not None:
        return LLMInterviewer(backend, turn_deadline_s=cfg.turn_deadline)
    return LLMInterviewer(backend)


def run_practice(a: argparse.Namespace) -> int:
    llm = make_llm(a)
    if llm is not None:
        print(f"interviewer: {llm.label}", file=sys.stderr)
    if not a.plain and not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("note: not a terminal, so running the plain console (--plain).", file=sys.stderr)
        a.plain = True
    voice = None
    if a.voice or a.speak:
        from .voice_console import setup_voice
        voice = setup_voice(whisper_model=a.whisper_model, audio_file=a.audio_file,
                            speak=a.speak)
    if not a.plain:
        from .tui import AppConfig, make_app
        make_app(AppConfig(out=a.out, round=a.round, questions=a.question, count=a.questions,
                           seed=a.seed, max_follow_ups=a.max_follow_ups, resume=a.resume,
                           llm=llm, voice=voice, start_now=bool(a.question))).run()
        return 0
    _interrupt_on_ctrl_c()
    from .session import Session, SessionError   # after the TUI branch: it loads LangGraph
    try:
        if a.resume:
            session = Session.resume(a.resume, out=a.out, llm=llm)
        else:
            session = Session.new(round_type=a.round, questions=a.question, count=a.questions,
                                  seed=a.seed, max_follow_ups=a.max_follow_ups, out=a.out,
                                  llm=llm)
    except SessionError as exc:
        raise UsageError(str(exc)) from None
    from .plain import run_plain
    try:
        return run_plain(session, voice=voice)
    finally:
        session.close()


def _interrupt_on_ctrl_c() -> None:
    """Ctrl-C saves and exits with 130 even when the process was started with SIGINT
    ignored (a background job of a script or CI runner inherits SIG_IGN, and Python then
    raises no KeyboardInterrupt: the session would run on to end of input and exit 0)."""
    import signal
    import threading
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)


def run_sessions(a: argparse.Namespace) -> int:
    from transcripts import list_sessions, sessions_dir
    from .terminal_text import visible
    rows = list_sessions(sessions_dir(a.out))
    if a.json:
        json.dump([asdict(r) for r in rows], sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    if not rows:
        print(f"no sessions in {sessions_dir(a.out)}")
        return 0
    for r in rows:
        if r.error:
            print(visible(f"{r.session_id:<24} unreadable: {r.error}"))
            continue
        status = r.level or ("finished" if r.finished else "in progress")
        print(visible(f"{r.session_id:<24} {r.started[:16]:<17} {r.round:<14} "
                      f"{','.join(r.questions):<16} {r.turns:>3} turns  {status}"))
    return 0


def run_check_endpoint(a: argparse.Namespace) -> int:
    """Probe an OpenAI-compatible server and say what the program will do about each gap."""
    from .llm import LLMError
    from .llm.openai_compatible import OpenAICompatibleBackend
    try:
        backend = OpenAICompatibleBackend(model=a.model, base_url=a.base_url,
                                          api_key=a.api_key, probe=False,
                                          cache_salt="probe-" + "x" * 37)
        report = backend.probe()
    except LLMError as exc:
        raise UsageError(f"{a.base_url}: {exc}") from None
    data = {"base_url": report.base_url, "reachable": report.reachable,
            "answering": report.answering, "error": report.error,
            "models": report.models, "model": report.model,
            "capabilities": {k: v for k, v in vars(report.capabilities).items() if k != "notes"},
            "findings": [{"feature": f, "supported": ok, "action": act}
                         for f, ok, act in report.findings]}
    if a.json:
        json.dump(data, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0 if report.reachable and report.answering else 1
    if not report.reachable:
        print(f"{report.base_url}: not usable: {report.error}")
        return 1
    print(f"{report.base_url}: {len(report.models)} model(s): {', '.join(report.models)}")
    print(f"model in use: {report.model}")
    for f in data["findings"]:
        print(f"  {'yes' if f['supported'] else 'no ':<4} {f['feature']:<28} {f['action']}")
    return 0 if report.answering else 1


def run_transcribe(a: argparse.Namespace) -> int:
    """Print what the recogniser hears in a WAV file, to check a voice setup."""
    from .voice import Transcriber, VoiceUnavailable, read_wav, resolve_model
    vocabulary = []
    if a.question:
        from rubrics import default_bank
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


def run_replay(a: argparse.Namespace) -> int:
    """A saved session as text: every turn, each number check, and the latest scorecard."""
    import warnings
    from pathlib import Path
    from transcripts import TornLineWarning, TranscriptError, load, sessions_dir
    from .judges.export import to_text
    from .judges.scorecard import Scorecard
    from .terminal_text import visible
    path = Path(a.file)
    if not path.exists():
        path = sessions_dir(a.out) / f"{a.file}.jsonl"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", TornLineWarning)
            t = load(path)
    except TranscriptError as exc:
        raise UsageError(str(exc)) from None
    h = t.header

    def show(line: str) -> None:   # transcript text: control characters made visible
        print(visible(line))

    show(f"session {h.session_id}, {h.round} round, {h.started[:16]}, questions "
         f"{', '.join(h.questions)}, interviewer {h.provider}")
    for e in t.events:
        if e.type == "interviewer":
            show(f"\nInterviewer: {e.text}")
        elif e.type == "candidate":
            show(f"\nYou{' (voice)' if e.source == 'voice' else ''}: {e.text}")
        elif e.type == "tool_check":
            show(f"  [check] {e.quantity}: said {e.claimed_text}, the {e.tool} tool gives "
                 f"{e.computed:.4g} {e.unit} -> {'ok' if e.ok else 'MISMATCH'}")
        elif e.type == "notice":
            show(f"  [{e.level}] {e.text}")
    score = t.latest_score()   # an unscored re-score never hides the grade
    if score:
        print(to_text(Scorecard.model_validate(score.scorecard)), end="")
    return 0
