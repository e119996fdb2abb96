"""Re-scoring saved transcripts, the one service behind `fde-interview score` and the terminal
app's re-score key: grade a transcript with judges, append a score record per judge (under
the session's lock, never rewriting), and say where two scorecards' verdicts differ."""
from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from pathlib import Path

from rubrics import Bank
from transcripts import (ScoreEvent, Scorecard, SessionBusy, SessionLock, TornLineWarning,
                         TranscriptError, TranscriptWriter, load)

from .base import answers_from_transcript
from .verification import with_verification


def score_one(path: Path, judges: list, bank: Bank, write: bool) -> dict:
    """Grade one transcript with each judge; append a score record per judge. A file that
    cannot be read or written is an error naming it (and the line), never an exception.
    Returns {"file", "session", "scorecards"} or {"file", "error"}."""
    try:
        return _score_one(path, judges, bank, write)
    except (SessionBusy, TranscriptError) as exc:
        return {"file": str(path), "error": str(exc)}
    except OSError as exc:
        return {"file": str(path), "error": f"{exc.filename or path}: cannot append the "
                f"score record: {exc.strerror or exc}"}


def _score_one(path: Path, judges: list, bank: Bank, write: bool) -> dict:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TornLineWarning)
        t = load(path)
    if not t.of_type("candidate"):
        return {"file": str(path), "error": f"{path}: no candidate answers to score"}
    answers = answers_from_transcript(t)
    cards = []
    for judge in judges:
        try:
            cards.append(with_verification(judge.grade(answers, bank), answers, bank))
        except KeyError as exc:
            return {"file": str(path), "error": f"{path}: {exc.args[0]}"}
    if write:
        append_scores(path, cards)
    return {"file": str(path), "session": t.header.session_id, "scorecards": cards}


def append_scores(path: Path, cards: list[Scorecard]) -> None:
    """Append one score record per scorecard, numbered after those already in the file.
    Under the session's lock: another process appending (a second `score`, a live
    interview) would otherwise take the same numbers."""
    with SessionLock(path), warnings.catch_warnings():
        warnings.simplefilter("ignore", TornLineWarning)
        writer = TranscriptWriter(path)
        n = len(load(path).of_type("score"))
        for i, sc in enumerate(cards):   # appended, never rewriting earlier records
            writer.write(ScoreEvent(id=f"s{n + i + 1}-{sc.judge.name}", judge=sc.judge.name,
                                    scorecard=sc))


def diff(a: Scorecard, b: Scorecard) -> list[str]:
    """One line per criterion whose verdict differs between the two scorecards."""
    lines = []
    va = {(q.question, c.id): c.verdict for q in a.questions for c in q.criteria}
    vb = {(q.question, c.id): c.verdict for q in b.questions for c in q.criteria}
    for key in sorted(set(va) | set(vb)):
        if va.get(key) != vb.get(key):
            lines.append(f"  {key[0]}/{key[1]}: {a.judge.name} {va.get(key)}  vs  "
                         f"{b.judge.name} {vb.get(key)}")
    return lines


@dataclass
class Rescore:
    """A transcript graded again, against the grade it had."""
    scorecard: Scorecard | None = None
    previous: Scorecard | None = None
    changes: list[str] = field(default_factory=list)   # diff(previous, scorecard)
    error: str | None = None

    def summary(self) -> str:
        sc, prev = self.scorecard, self.previous
        return (f"Re-scored with {sc.judge.name}: {sc.overall or 'unscored'}"
                + (f" (was {prev.overall})" if prev else "")
                + (f"; {len(self.changes)} verdict(s) changed" if prev else ""))


def rescore(path: Path, judge, bank: Bank) -> Rescore:
    """Grade a saved transcript again with `judge`, append the record, compare with the
    latest grade it had."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TornLineWarning)
        try:
            latest = load(path).latest_score()
        except TranscriptError as exc:
            return Rescore(error=str(exc))
    result = score_one(path, [judge], bank, True)
    if "error" in result:
        return Rescore(error=result["error"])
    new = result["scorecards"][0]
    previous = latest.scorecard if latest else None
    return Rescore(new, previous, diff(previous, new) if previous else [])
