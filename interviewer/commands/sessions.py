"""`fde-interview sessions` and `fde-interview replay`: saved sessions, and one as text.
Handlers import the transcripts and judges when they run (keeps --help fast)."""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict

from ..errors import UsageError
from ..terminal_text import visible


def register(sub: argparse._SubParsersAction) -> None:
    sessions = sub.add_parser("sessions", help="list saved sessions")
    sessions.add_argument("--json", action="store_true")
    sessions.add_argument("--out", metavar="DIR", help="where transcripts are saved")
    sessions.set_defaults(run=run_sessions)
    replay = sub.add_parser("replay", help="print a saved transcript turn by turn")
    replay.add_argument("file", help="a transcript file, or a session id")
    replay.add_argument("--out", metavar="DIR", help="where transcripts are saved (to find an id)")
    replay.set_defaults(run=run_replay)


def run_sessions(a: argparse.Namespace) -> int:
    from transcripts import list_sessions, sessions_dir   # lazy: pydantic
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
    from ..judges.verification_history import history, history_lines   # lazy: pydantic
    rows = history([r.path for r in rows if not r.error])
    if rows:   # only once the candidate has practised with the AI assistant
        print("\nVerification over time (the AI assistant's planted mistakes):")
        for line in history_lines(rows):
            print(visible("  " + line))
    return 0


def run_replay(a: argparse.Namespace) -> int:
    """A saved session as text: every turn, each number check, and the latest scorecard."""
    import warnings
    from pathlib import Path
    # lazy: pydantic and the judges
    from transcripts import TornLineWarning, TranscriptError, load, sessions_dir
    from transcripts.replay import header_line, replay_lines
    from ..judges.export import to_text
    path = Path(a.file)
    if not path.exists():
        path = sessions_dir(a.out) / f"{a.file}.jsonl"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", TornLineWarning)
            t = load(path)
    except TranscriptError as exc:
        raise UsageError(str(exc)) from None
    print(visible(header_line(t)))   # transcript text: control characters made visible
    for line in replay_lines(t):
        print(visible(line.plain()))
    score = t.latest_score()   # an unscored re-score never hides the grade
    if score:
        print(to_text(score.scorecard), end="")
    return 0
