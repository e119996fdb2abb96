"""`fde-interview practice` and `fde-interview sessions`."""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict

from .cli import UsageError


def run_practice(a: argparse.Namespace) -> int:
    from .session import Session, SessionError
    if a.provider or a.base_url:
        raise UsageError("LLM providers are not available in this version yet; run without "
                         "--provider for the offline interviewer")
    if a.voice:
        raise UsageError("voice mode is not available in this version yet; run without --voice")
    if not a.plain:
        print("note: the terminal app is not available yet; running the plain console "
              "(--plain).", file=sys.stderr)
    try:
        if a.resume:
            session = Session.resume(a.resume, out=a.out)
        else:
            session = Session.new(round_type=a.round, questions=a.question, count=a.questions,
                                  seed=a.seed, max_follow_ups=a.max_follow_ups, out=a.out)
    except SessionError as exc:
        raise UsageError(str(exc)) from None
    from .plain import run_plain
    try:
        if session.done:
            print(f"session {session.id} is already finished; see {session.path}")
            return 0
        return run_plain(session)
    finally:
        session.close()


def run_sessions(a: argparse.Namespace) -> int:
    from transcripts import list_sessions, sessions_dir
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
            print(f"{r.session_id:<24} unreadable: {r.error}")
            continue
        status = r.level or ("finished" if r.finished else "in progress")
        print(f"{r.session_id:<24} {r.started[:16]:<17} {r.round:<14} "
              f"{','.join(r.questions):<16} {r.turns:>3} turns  {status}")
    return 0
