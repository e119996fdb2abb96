"""A person's labels put to use: each judge's agreement with them (`calibrate --mine`), and the
labelled transcripts written out as reference cases (`label --export DIR`) in the reference
set's TOML format, which `load_reference(DIR)` and `calibrate --set DIR` read."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from rubrics import Bank
from rubrics.vocab import level_rank
from transcripts import LabelEvent, Transcript, TranscriptError
from transcripts.reference import QUALITIES, ReferenceError, load_case

from . import agreement as stats
from .base import answers_from_transcript
from .labels import judge_key, read
from ..candidate_commands import parse_command

REGRADED = "heuristic, re-graded now"


@dataclass
class Labelled:
    """A transcript and the labels one person gave it: the latest per score labelled."""
    transcript: Transcript
    labels: list[LabelEvent]

    @property
    def latest(self) -> LabelEvent:
        return self.labels[-1]


def labelled_in(paths, by: str | None = None) -> tuple[list[Labelled], list[str]]:
    """The transcripts among `paths` with label events (by `by`, if given); and the errors of
    those that could not be read."""
    found, errors = [], []
    for p in paths:
        try:
            t = read(p)
        except TranscriptError as exc:
            errors.append(str(exc))
            continue
        mine = [e for e in t.of_type("label") if by is None or e.by == by]
        latest = {e.score: e for e in mine}   # a later label of the same score replaces one
        if latest:
            found.append(Labelled(t, sorted(latest.values(), key=lambda e: mine.index(e))))
    return found, errors


def _pairs(case: str, label: LabelEvent, scorecard) -> tuple[list[stats.Pair], list[tuple]]:
    verdicts = {(q.question, c.id): c.verdict for q in scorecard.questions for c in q.criteria}
    levels = {q.question: q.level for q in scorecard.questions}
    pairs = [stats.Pair(case, f"{qid}/{cid}", v, verdicts.get((qid, cid), "unscored"))
             for qid, crit in label.verdicts.items() for cid, v in crit.items()]
    return pairs, [(lv, levels.get(qid)) for qid, lv in label.levels.items()]


def _block(pairs: list[stats.Pair], level_pairs: list[tuple], cases: int, reps: int) -> dict:
    block = stats.summarise(pairs, reps=reps)
    block["cases"] = cases
    block["per_criterion"] = stats.per_key(pairs)
    n = len(level_pairs)
    exact = sum(1 for mine, got in level_pairs if got == mine)
    near = sum(1 for mine, got in level_pairs
               if got is not None and abs(level_rank(got) - level_rank(mine)) <= 1)
    block["levels"] = {"n": n, "exact": exact / n if n else 0.0,
                       "within_one": near / n if n else 0.0}
    return block


def my_agreement(items: list[Labelled], bank: Bank, *, reps: int = 1000,
                 regrade: bool = True) -> dict:
    """Per judge whose score the labels refer to: exact agreement with the labels (Wilson
    interval), Cohen's kappa, the confusion matrix, the lean and the level agreement. With
    `regrade`, the heuristic judge as it is now, graded again on the same answers against
    each transcript's latest label (the judge may have changed since the score)."""
    by_judge: dict[str, tuple[list, list, set]] = {}
    for item in items:
        scores = {s.id: s for s in item.transcript.of_type("score")}
        case = item.transcript.header.session_id
        for label in item.labels:
            score = scores.get(label.score)
            if score is None:
                continue
            pairs, levels = _pairs(case, label, score.scorecard)
            p, lv, cases = by_judge.setdefault(judge_key(score.scorecard), ([], [], set()))
            p += pairs
            lv += levels
            cases.add(case)
    if regrade and items:
        from .heuristic import HeuristicJudge   # lazy: the judge's patterns compile on load
        judge = HeuristicJudge()
        p, lv, cases = by_judge.setdefault(REGRADED, ([], [], set()))
        for item in items:
            case = item.transcript.header.session_id
            card = judge.grade(answers_from_transcript(item.transcript), bank)
            pairs, levels = _pairs(case, item.latest, card)
            p += pairs
            lv += levels
            cases.add(case)
    judges = {key: _block(p, lv, len(cases), reps) for key, (p, lv, cases) in by_judge.items()
              if p}
    return {"transcripts": len(items), "labels": sum(len(i.labels) for i in items),
            "labellers": sorted({e.by for i in items for e in i.labels}), "judges": judges}


# --- export as reference cases ---------------------------------------------------------------

def _toml_str(text: str) -> str:
    """A TOML basic string: JSON's escapes, plus DEL and the C1 controls, which TOML forbids
    raw in a string and json.dumps leaves."""
    out = json.dumps(text, ensure_ascii=False)
    return "".join(f"\\u{ord(ch):04x}" if 0x7F <= ord(ch) <= 0x9F else ch for ch in out)


def _key(name: str) -> str:
    """A bare TOML key where it can be one (criterion ids and question ids are slugs)."""
    ok = name and all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in name)
    return name if ok else _toml_str(name)


def case_toml(item: Labelled, quality: str = "adequate", split: str = "tune") -> str:
    """The transcript and its latest label as one reference case."""
    t, label = item.transcript, item.latest
    scores = {s.id: s.scorecard for s in t.of_type("score")}
    said = {(q.question, c.id): c.verdict for q in scores[label.score].questions
            for c in q.criteria} if label.score in scores else {}
    note = f"labelled by {label.by} at {label.t}, against the {label.judge} judge's {label.score}"
    lines = [f"id = {_toml_str(t.header.session_id)}", f"round = {_toml_str(t.header.round)}",
             f"quality = {_toml_str(quality)}", f"split = {_toml_str(split)}",
             f"note = {_toml_str(note)}"]
    for e in t.events:
        if e.type == "interviewer" and e.text.strip():
            speaker = "interviewer"
        elif (e.type == "candidate" and e.source != "command" and e.text.strip()
              and parse_command(e.text) is None):
            speaker = "candidate"
        else:
            continue
        lines += ["", "[[turns]]"]
        if e.question:
            lines.append(f"question = {_toml_str(e.question)}")
        lines += [f"speaker = \"{speaker}\"", f"text = {_toml_str(e.text)}"]
    for qid, crit in label.verdicts.items():
        lines += ["", f"[labels.{_key(qid)}]", f"level = {_toml_str(label.levels[qid])}",
                  f"[labels.{_key(qid)}.criteria]"]
        for cid, v in crit.items():
            judge = said.get((qid, cid))
            why = (f"{label.by} agrees with the {label.judge} judge" if judge == v else
                   f"{label.by}'s own verdict (the {label.judge} judge said {judge or 'nothing'})")
            lines.append(f"{_key(cid)} = {{ verdict = {_toml_str(v)}, why = {_toml_str(why)} }}")
    return "\n".join(lines) + "\n"


def export_cases(items: list[Labelled], directory: Path | str, bank: Bank,
                 quality: str = "adequate") -> tuple[list[Path], list[str]]:
    """Write one `<session>.toml` per labelled transcript into `directory`; each is read back
    as the reference set reads it, and one that does not load is removed and reported."""
    if quality not in QUALITIES:
        raise ValueError(f"unknown quality {quality!r}: one of {', '.join(QUALITIES)}")
    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    written, errors = [], []
    for item in items:
        path = d / f"{item.transcript.header.session_id}.toml"
        path.write_text(case_toml(item, quality), encoding="utf-8")
        try:
            load_case(path, bank)
        except ReferenceError as exc:
            path.unlink()
            errors.append(f"{item.transcript.path}: not exported: {exc}")
            continue
        written.append(path)
    return written, errors
