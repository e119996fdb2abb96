"""A person's own grades of a scored transcript, the one service behind `fde-interview label`
and the terminal app's labelling panel: for each criterion the candidate agrees with the
judge's verdict or gives their own, and likewise for each question's level. The labels are
appended as a `label` event that names the score event it refers to, under the session's
lock, and never replace the judge's score."""
from __future__ import annotations

import getpass
import warnings
from dataclasses import dataclass
from pathlib import Path

from rubrics.vocab import LEVELS, UNSCORED, VERDICT_SHOWN, VERDICTS
from transcripts import (LabelEvent, SessionBusy, SessionLock, TornLineWarning, Transcript,
                         TranscriptError, TranscriptWriter, load)


class LabelError(ValueError):
    """Labels that cannot be taken: an unknown criterion, question, verdict or level, or a
    transcript with no score to label. The message names the thing and what is valid."""


_SPELLINGS = {**{v: v for v in VERDICTS}, "not found": "missing", "not-found": "missing",
              "notfound": "missing", "m": "met", "p": "partial", "n": "missing"}


def parse_verdict(text: str) -> str:
    """`met`, `partial`, `not found` (or `missing`, the stored word), or their first letter."""
    v = _SPELLINGS.get(" ".join(text.strip().lower().split()))
    if v is None:
        raise LabelError(f"unknown verdict {text.strip()!r}: one of met, partial, not found")
    return v


def parse_level(text: str) -> str:
    level = text.strip().lower()
    if level not in LEVELS:
        raise LabelError(f"unknown level {text.strip()!r}: one of {', '.join(LEVELS)}")
    return level


def default_labeller() -> str:
    """The OS user name (what --by overrides)."""
    try:
        return getpass.getuser() or "unknown"
    except (OSError, KeyError):   # no user entry in a container
        return "unknown"


def judge_key(scorecard) -> str:
    """The judge a score came from: "heuristic", or "llm:<provider>:<model>"."""
    j = scorecard.judge
    return f"{j.name}:{j.model}" if j.model else j.name


def read(path: Path | str) -> Transcript:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TornLineWarning)
        return load(path)


@dataclass
class Target:
    """The transcript and the score event a label will refer to."""
    path: Path
    transcript: Transcript
    score: object   # a ScoreEvent

    @property
    def scorecard(self):
        return self.score.scorecard


def target(path: Path | str, score_id: str | None = None) -> Target:
    """The score a label refers to: `score_id`, else the latest that graded the session."""
    try:
        t = read(path)
    except TranscriptError as exc:
        raise LabelError(str(exc)) from None
    scores = t.of_type("score")
    if not scores:
        raise LabelError(f"{path}: no score to label: the session was never graded "
                         f"(grade it first: fde-interview score {path})")
    if score_id is None:
        return Target(Path(path), t, t.latest_score())
    chosen = next((s for s in scores if s.id == score_id), None)
    if chosen is None:
        raise LabelError(f"{path}: no score event {score_id!r}: its scores are "
                         f"{', '.join(s.id for s in scores)}")
    return Target(Path(path), t, chosen)


def resolve_criterion(scorecard, key: str) -> tuple[str, str]:
    """`Q/CRITERION`, or a bare `CRITERION` where only one question has it."""
    known = {(q.question, c.id) for q in scorecard.questions for c in q.criteria}
    if "/" in key:
        qid, cid = key.split("/", 1)
        if (qid, cid) in known:
            return qid, cid
        if qid not in {q for q, _ in known}:
            raise LabelError(f"unknown question {qid!r}: the scorecard grades "
                             f"{', '.join(q.question for q in scorecard.questions)}")
        raise LabelError(f"unknown criterion {cid!r} in {qid}: its criteria are "
                         f"{', '.join(c for q, c in sorted(known) if q == qid)}")
    hits = sorted(q for q, c in known if c == key)
    if not hits:
        raise LabelError(f"unknown criterion {key!r}: the scorecard's criteria are "
                         f"{', '.join(c for _, c in sorted(known))}")
    if len(hits) > 1:
        raise LabelError(f"criterion {key!r} is in {', '.join(hits)}: name it as "
                         f"{hits[0]}/{key}")
    return hits[0], key


def parse_assignments(items: list[str], what: str) -> list[tuple[str, str]]:
    """`KEY=VALUE` strings from --verdict / --level."""
    out = []
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise LabelError(f"--{what} {item!r}: write it as "
                             + ("CRITERION=met|partial|not-found" if what == "verdict"
                                else "QUESTION=LEVEL"))
        out.append((key.strip(), value.strip()))
    return out


def build(tg: Target, verdicts: dict[tuple[str, str], str], levels: dict[str, str],
          by: str) -> LabelEvent:
    """The label event: the judge's verdict and level wherever the person gave none (they
    agree), theirs where they did. An item the judge left unscored needs the person's own."""
    sc = tg.scorecard
    questions = {q.question: q for q in sc.questions}
    for qid, _ in verdicts:
        if qid not in questions:
            raise LabelError(f"unknown question {qid!r}")
    for qid in levels:
        if qid not in questions:
            raise LabelError(f"unknown question {qid!r}: the scorecard grades "
                             f"{', '.join(questions)}")
    out_v: dict[str, dict[str, str]] = {}
    out_l: dict[str, str] = {}
    open_items = []
    for q in sc.questions:
        out_v[q.question] = {}
        for c in q.criteria:
            v = verdicts.get((q.question, c.id), c.verdict)
            if v == UNSCORED:
                open_items.append(f"{q.question}/{c.id}")
            out_v[q.question][c.id] = v
        level = levels.get(q.question, q.level)
        if level is None:
            open_items.append(f"{q.question} (level)")
        out_l[q.question] = level
    if open_items:
        raise LabelError(f"the {sc.judge.name} judge left {', '.join(open_items)} unscored: "
                         "give your own (--verdict / --level)")
    return LabelEvent(id="l?", by=by, score=tg.score.id, judge=judge_key(sc),
                      question=None, verdicts=out_v, levels=out_l)


def append(path: Path | str, event: LabelEvent) -> LabelEvent:
    """Append the label event, numbered after those already in the file, under the session's
    lock (another process appending would otherwise take the same number). A session open
    elsewhere, or a file that cannot be written, is a LabelError naming it."""
    try:
        with SessionLock(path), warnings.catch_warnings():
            warnings.simplefilter("ignore", TornLineWarning)
            writer = TranscriptWriter(Path(path))
            n = len(load(path).of_type("label"))
            event = event.model_copy(update={"id": f"l{n + 1}"})
            writer.write(event)
    except (SessionBusy, TranscriptError) as exc:
        raise LabelError(f"{path}: labels not written: {exc}") from None
    except OSError as exc:
        raise LabelError(f"{exc.filename or path}: cannot append the labels: "
                         f"{exc.strerror or exc}") from None
    return event


def label(path: Path | str, *, verdicts: dict[tuple[str, str], str] | None = None,
          levels: dict[str, str] | None = None, by: str | None = None,
          score_id: str | None = None) -> LabelEvent:
    """Check and append one person's labels of a transcript's score."""
    tg = target(path, score_id)
    return append(path, build(tg, verdicts or {}, levels or {}, by or default_labeller()))


def agreement_counts(tg: Target, event: LabelEvent) -> tuple[int, int, int, int]:
    """(verdicts agreed, verdicts, levels agreed, levels) between a label and its score."""
    agree = total = l_agree = l_total = 0
    for q in tg.scorecard.questions:
        for c in q.criteria:
            total += 1
            agree += event.verdicts.get(q.question, {}).get(c.id) == c.verdict
        l_total += 1
        l_agree += event.levels.get(q.question) == q.level
    return agree, total, l_agree, l_total


def shown(verdict: str) -> str:
    return VERDICT_SHOWN.get(verdict, verdict)
