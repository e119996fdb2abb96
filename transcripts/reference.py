"""The graded reference set: transcripts with a reference verdict for every criterion, written
from the rubric text, used to measure how far a judge agrees with a careful human.

One TOML file per case in transcripts/reference/ (or any --set DIR):

    id = "q01-strong-1"
    round = "technical"
    quality = "strong"      # strong | adequate | weak | wrong-numbers | rambling | off-topic | injection
                            # | keyword-list (bare lists of terms, no sentences)
    split = "tune"          # tune: judges may be tuned on it; holdout: never look while tuning
    [[turns]]
    question = "q01"
    speaker = "interviewer" # or "candidate"
    text = "..."
    [labels.q01]
    level = "solid"         # outstanding | solid | borderline | poor
    [labels.q01.criteria]
    continuous-batching = { verdict = "met", why = "one line, from the rubric text" }
    # optional: a second labeller's independent verdicts for the same criteria, written without
    # seeing the first; calibrate reports how far two labellers agree (a judge's ceiling)
    [second_labels.q01]
    level = "solid"
    [second_labels.q01.criteria]
    continuous-batching = { verdict = "partial", why = "..." }
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rubrics.vocab import Level, RoundType, Verdict

from .schema import SCHEMA_VERSION, CandidateEvent, Header, InterviewerEvent
from .store import Transcript

REFERENCE_DIR = Path(__file__).parent / "reference"
QUALITIES = ("strong", "adequate", "weak", "wrong-numbers", "rambling", "off-topic", "injection",
             "keyword-list")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Label(_Strict):
    verdict: Verdict
    why: str = Field(min_length=5)


class QuestionLabels(_Strict):
    level: Level
    criteria: dict[str, Label]


class Turn(_Strict):
    question: str | None = None
    speaker: Literal["interviewer", "candidate"]
    text: str = Field(min_length=1)


class CaseFile(_Strict):
    id: str
    round: RoundType
    quality: Literal["strong", "adequate", "weak", "wrong-numbers", "rambling", "off-topic",
                     "injection", "keyword-list"]
    split: Literal["tune", "holdout"]
    note: str = ""
    turns: list[Turn] = Field(min_length=2)
    labels: dict[str, QuestionLabels]
    second_labels: dict[str, QuestionLabels] = {}


class ReferenceError(ValueError):
    """A reference case that cannot be read: names the file and the field."""


@dataclass
class ReferenceCase:
    id: str
    path: Path
    round: str
    quality: str
    split: str
    transcript: Transcript
    labels: dict[str, QuestionLabels] = field(default_factory=dict)
    second_labels: dict[str, QuestionLabels] = field(default_factory=dict)


def to_transcript(case: CaseFile, path: Path) -> Transcript:
    questions = list(dict.fromkeys(t.question for t in case.turns if t.question))
    header = Header(schema_version=SCHEMA_VERSION, session_id=case.id, started="2026-11-01T00:00:00",
                    round=case.round, questions=questions, program_version="reference")
    events, turn = [], 0
    for i, t in enumerate(case.turns, start=1):
        if t.speaker == "candidate":
            turn += 1
            events.append(CandidateEvent(id=f"a{turn}", t=header.started, question=t.question,
                                         text=t.text, turn=turn))
        else:
            events.append(InterviewerEvent(id=f"g{i}", t=header.started, question=t.question,
                                           text=t.text, act="question"))
    return Transcript(path, header, events)


def load_case(path: Path, bank=None) -> ReferenceCase:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ReferenceError(f"{path}: {exc}") from None
    try:
        case = CaseFile.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(x) for x in err["loc"])
        raise ReferenceError(f"{path}: field {loc}: {err['msg']}") from None
    for qid, ql in case.second_labels.items():
        first = case.labels.get(qid)
        if first is None or set(ql.criteria) != set(first.criteria):
            raise ReferenceError(f"{path}: second_labels.{qid}: must label the same question and "
                                 f"criteria as labels.{qid}")
    if bank is not None:
        asked = {t.question for t in case.turns if t.question}
        for qid, ql in case.labels.items():
            if qid not in asked:
                raise ReferenceError(f"{path}: labels.{qid}: that question is not in the turns")
            card = bank.get(qid)
            want = {c.id for c in card.criteria}
            if set(ql.criteria) != want:
                missing, extra = sorted(want - set(ql.criteria)), sorted(set(ql.criteria) - want)
                raise ReferenceError(f"{path}: labels.{qid}.criteria: missing {missing}, "
                                     f"unknown {extra}")
    return ReferenceCase(case.id, path, case.round, case.quality, case.split,
                         to_transcript(case, path), case.labels, case.second_labels)


def load_reference(directory: Path | str | None = None, bank=None,
                   split: str | None = None) -> list[ReferenceCase]:
    d = Path(directory) if directory else REFERENCE_DIR
    if not d.is_dir():
        raise ReferenceError(f"{d}: no such directory")
    cases = [load_case(p, bank) for p in sorted(d.glob("*.toml"))]
    ids = [c.id for c in cases]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise ReferenceError(f"{d}: duplicate case id(s): {', '.join(dupes)}")
    return [c for c in cases if split is None or c.split == split]
