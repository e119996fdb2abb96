"""What every judge shares: the answers it grades, pulled from a transcript or from the live
graph, quote verification, and the agreement figure a scorecard prints."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Protocol

from rubrics import Bank
from rubrics.vocab import level_at, level_rank
from transcripts import data_dir
from transcripts.schema import FOLLOW_UP_ACTS
from transcripts.scorecard import Agreement, JudgeInfo, Scorecard

from ..candidate_commands import parse_command

CALIBRATION_FILE = Path(__file__).parent / "calibration.json"


@dataclass
class Answers:
    """The candidate's turns per question (commands such as /skip removed), and how many
    follow-ups the interviewer asked on each. `questions` are the questions asked, which a
    judge grades; `not_asked` the planned ones the interview never reached (it ended first),
    which are not graded: the scorecard names them instead."""
    round: str
    questions: list[str]
    by_question: dict[str, list[str]] = field(default_factory=dict)
    follow_ups: dict[str, int] = field(default_factory=dict)
    not_asked: list[str] = field(default_factory=list)
    # The coding round: each question's code runs (transcripts.CodeRunEvent's fields less
    # the code, with its time `t`), in order.
    runs: dict[str, list[dict]] = field(default_factory=dict)
    # each question put to the AI assistant, per question: {ask, reply, planted, after}, where
    # `after` counts the answers to that question given before it
    assists: dict[str, list[dict]] = field(default_factory=dict)


def split_asked(planned: list[str], asked) -> tuple[list[str], list[str]]:
    """The planned questions in order, as (asked, not asked)."""
    return [q for q in planned if q in asked], [q for q in planned if q not in asked]


def answers_from_transcript(t) -> Answers:
    """The answers of a saved transcript. A question counts as asked when the interviewer
    asked it or the candidate answered it; the live grade (engine/nodes.py) uses the same rule."""
    by_question: dict[str, list[str]] = {}
    follow_ups: dict[str, int] = {}
    assists: dict[str, list[dict]] = {}
    asked: set[str] = set()
    runs: dict[str, list[dict]] = {}
    for e in t.events:
        if e.type == "code_run" and e.question:
            runs.setdefault(e.question, []).append(
                e.model_dump(exclude={"code", "id", "type", "question", "failures",
                                      "isolation", "duration_ms"}))
        if e.type == "assistant" and e.question:
            assists.setdefault(e.question, []).append(
                {"ask": e.ask, "reply": e.reply, "planted": e.planted,
                 "after": len(by_question.get(e.question, []))})
        elif e.type == "candidate" and e.question:
            asked.add(e.question)
            if parse_command(e.text) is None:
                by_question.setdefault(e.question, []).append(e.text)
        elif e.type == "interviewer" and e.question:
            if e.act == "question":
                asked.add(e.question)
            elif e.act in FOLLOW_UP_ACTS:
                follow_ups[e.question] = follow_ups.get(e.question, 0) + 1
    questions, not_asked = split_asked(list(t.header.questions), asked)
    return Answers(t.header.round, questions, by_question, follow_ups, not_asked,
                   runs=runs, assists=assists)


class Judge(Protocol):
    info: JudgeInfo

    def grade(self, answers: Answers, bank: Bank) -> Scorecard: ...


_WS = re.compile(r"\s+")
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"',
                         "\u2013": "-", "\u2014": "-"})


def normalise(text: str) -> str:
    return _WS.sub(" ", text.translate(_QUOTES)).strip().lower()


def verify_quote(quote: str, sources: list[str]) -> bool:
    """A quote counts only if it is a verbatim substring (up to spacing, quote marks and case)
    of one of the candidate's turns, and long enough to mean something."""
    q = normalise(quote).strip(" .\"'")
    if len(q) < 8:
        return False
    return any(q in normalise(s) for s in sources)


@lru_cache(maxsize=1)
def _calibration() -> dict:
    try:
        return json.loads(CALIBRATION_FILE.read_text())
    except (OSError, json.JSONDecodeError):
        return {}


def measured_agreement(key: str) -> Agreement | None:
    """The packaged agreement figure for a judge ("heuristic"; the LLM judge's figures live
    in the calibration store per provider, model and prompt version: judges/measured.py)."""
    data = _calibration().get(key)
    if not data:
        user = data_dir() / "calibration.json"
        try:
            data = json.loads(user.read_text()).get(key) if user.exists() else None
        except (OSError, json.JSONDecodeError):
            data = None
    return Agreement(**data) if data else None


def overall_level(levels: list[str | None]) -> str | None:
    """The session level: the mean of the graded questions' levels, or None if none was."""
    graded = [level_rank(x) for x in levels if x is not None]
    if not graded:
        return None
    return level_at(int(sum(graded) / len(graded) + 0.5))
