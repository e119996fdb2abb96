"""`fde-interview label` (flags and stdin), `calibrate --mine` and `label --export DIR`: the
candidate's own grades beside the judge's, appended as label events, never replacing it."""
from __future__ import annotations

import io
import json

import pytest

from interviewer.cli import main
from interviewer.judges import HeuristicJudge
from interviewer.judges.base import Answers
from rubrics import default_bank
from transcripts import (SCHEMA_VERSION, CandidateEvent, Header, InterviewerEvent, ScoreEvent,
                         SessionLock, TranscriptWriter, load)
from transcripts.reference import load_reference

BANK = default_bank()
ANSWER = ("Decode is memory-bandwidth bound, so batching is nearly free. Continuous batching "
          "refills slots every iteration.")


def scored(directory, sid="20261101-090000-aaaaaa", answer=ANSWER, score=True):
    path = directory / f"{sid}.jsonl"
    w = TranscriptWriter(path, Header(schema_version=SCHEMA_VERSION, session_id=sid,
                                      started="2026-11-01T09:00:00", round="technical",
                                      questions=["q01"], program_version="test"))
    w.write(InterviewerEvent(id="g1", question="q01", act="question",
                             text=BANK.get("q01").question))
    w.write(CandidateEvent(id="a1", question="q01", text=answer, turn=1))
    if score:
        sc = HeuristicJudge().grade(Answers("technical", ["q01"], {"q01": [answer]}, {}), BANK)
        w.write(ScoreEvent(id="g2", judge="heuristic", scorecard=sc))
    return path


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def verdicts(path):
    return {c.id: c.verdict for c in load(path).latest_score().scorecard.questions[0].criteria}


def test_label_by_flags_appends_a_label_event_and_keeps_the_score(tmp_path, capsys):
    path = scored(tmp_path)
    before = path.read_text()
    judge = verdicts(path)
    assert judge["continuous-batching"] != "met" and judge["load-test"] == "missing"
    code, out, err = run(capsys, "label", str(path), "--verdict", "continuous-batching=met",
                         "--verdict", "q01/load-test=partial", "--level", "q01=outstanding",
                         "--by", "ana")
    assert code == 0, err
    assert "label l1 by ana" in out and "stays as it was" in out
    assert path.read_text().startswith(before)          # appended, nothing rewritten
    t = load(path)
    [label] = t.of_type("label")
    assert label.by == "ana" and label.score == "g2" and label.judge == "heuristic"
    assert label.t                                           # when
    mine = label.verdicts["q01"]
    assert mine["continuous-batching"] == "met" and mine["load-test"] == "partial"
    # every other criterion keeps the judge's verdict: the candidate agrees with it
    assert {k: v for k, v in mine.items() if k not in ("continuous-batching", "load-test")} == {
        k: v for k, v in judge.items() if k not in ("continuous-batching", "load-test")}
    assert label.levels == {"q01": "outstanding"}
    assert [e.type for e in t.events].count("score") == 1 and verdicts(path) == judge
    # "not found" is accepted for the stored word "missing"; a second label is numbered l2
    code, _, err = run(capsys, "label", str(path), "--verdict", "bandwidth-bound-decode=not found")
    assert code == 0, err
    assert load(path).of_type("label")[1].id == "l2"
    assert load(path).of_type("label")[1].verdicts["q01"]["bandwidth-bound-decode"] == "missing"


@pytest.mark.parametrize("argv,needle", [
    (["--verdict", "vibes=met"], "unknown criterion 'vibes'"),
    (["--verdict", "q09/load-test=met"], "unknown question 'q09'"),
    (["--verdict", "q01/vibes=met"], "unknown criterion 'vibes' in q01"),
    (["--verdict", "load-test=great"], "unknown verdict 'great'"),
    (["--level", "q01=excellent"], "unknown level 'excellent'"),
    (["--level", "q07=solid"], "unknown question 'q07'"),
    (["--verdict", "load-test"], "write it as CRITERION="),
])
def test_bad_labels_are_named_errors_and_write_nothing(tmp_path, capsys, argv, needle):
    path = scored(tmp_path)
    before = path.read_text()
    code, _, err = run(capsys, "label", str(path), *argv)
    assert code == 2 and needle in err
    assert path.read_text() == before


def test_a_transcript_without_a_score_cannot_be_labelled(tmp_path, capsys):
    path = scored(tmp_path, score=False)
    code, _, err = run(capsys, "label", str(path), "--level", "q01=solid")
    assert code == 2 and "no score to label" in err and "fde-interview score" in err
    assert not load(path).of_type("label")


def test_labels_are_appended_under_the_session_lock(tmp_path, capsys):
    path = scored(tmp_path)
    with SessionLock(path):   # a live interview or a `score` holds it
        code, _, err = run(capsys, "label", str(path), "--level", "q01=solid")
    assert code == 2 and "open in another process" in err
    assert not load(path).of_type("label")


def test_label_interactively_on_stdin(tmp_path, capsys, monkeypatch):
    path = scored(tmp_path)
    judge = verdicts(path)
    n = len(judge)
    # agree with the first, "not found" for the second, a bad word (asked again) then
    # "partial" for the third, agree with the rest, then the level "solid"
    lines = ["", "not found", "bogus", "partial"] + [""] * (n - 3) + ["solid"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    code, out, err = run(capsys, "label", str(path), "--by", "ben")
    assert code == 0, err
    assert "unknown verdict 'bogus'" in err
    assert "the judge says not found" in out and "the judge says missing" not in out
    ids = list(judge)
    [label] = load(path).of_type("label")
    assert label.by == "ben" and label.levels == {"q01": "solid"}
    assert label.verdicts["q01"] == {**judge, ids[1]: "missing", ids[2]: "partial"}
    assert verdicts(path) == judge


def test_interactive_input_that_ends_early_writes_nothing(tmp_path, capsys, monkeypatch):
    path = scored(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("met\n"))
    code, _, err = run(capsys, "label", str(path))
    assert code == 1 and "nothing was written" in err
    assert not load(path).of_type("label")


def test_transcript_text_is_made_visible_when_labelling(tmp_path, capsys, monkeypatch):
    path = scored(tmp_path, answer="Decode is memory-bandwidth bound\x1b]0;pwned\x07, so "
                                   "batching is nearly free.")
    monkeypatch.setattr("sys.stdin", io.StringIO("\n" * 20))
    code, out, _ = run(capsys, "label", str(path))
    assert code == 0 and "\x1b" not in out and "\x07" not in out and "^[]0;pwned^G" in out


def test_calibrate_mine_reports_agreement_with_my_labels(tmp_path, capsys):
    a = scored(tmp_path, "20261101-090000-aaaaaa")
    b = scored(tmp_path, "20261102-090000-bbbbbb", answer="I would batch requests.")
    scored(tmp_path, "20261103-090000-cccccc")                   # never labelled
    judge_a = verdicts(a)
    # ana agrees with everything in a, and differs on two criteria in b
    level = load(a).latest_score().scorecard.questions[0].level
    assert run(capsys, "label", str(a), "--level", f"q01={level}", "--by", "ana")[0] == 0
    assert run(capsys, "label", str(b), "--verdict", "load-test=met",
               "--verdict", "continuous-batching=met", "--by", "ana")[0] == 0
    assert run(capsys, "label", str(b), "--verdict", "load-test=partial", "--by", "bo")[0] == 0
    code, out, err = run(capsys, "calibrate", "--mine", str(tmp_path), "--by", "ana",
                         "--json", "--bootstrap", "20")
    assert code == 0, err
    rep = json.loads(out)
    assert rep["transcripts"] == 2 and rep["labellers"] == ["ana"]
    n = 2 * len(judge_a)
    for key in ("heuristic", "heuristic, re-graded now"):
        block = rep["judges"][key]
        assert block["n"] == n and block["agree"] == n - 2
        assert block["low"] < block["agreement"] == (n - 2) / n < block["high"]   # Wilson
        assert block["kappa"] is not None and block["levels"]["n"] == 2
        assert block["leaning"]["leans"] == "strict"   # the judge gave less than ana
    code, out, _ = run(capsys, "calibrate", "--mine", str(tmp_path), "--by", "ana",
                       "--bootstrap", "20")
    assert code == 0 and "95% Wilson" in out and "Cohen's kappa" in out
    assert "heuristic, re-graded now" in out and "rows: your labels" in out
    code, _, err = run(capsys, "calibrate", "--mine", str(tmp_path), "--by", "nobody")
    assert code == 2 and "no transcripts labelled by nobody" in err


def test_label_export_round_trips_through_the_reference_loader(tmp_path, capsys):
    sessions = tmp_path / "sessions"
    a = scored(sessions, "20261101-090000-aaaaaa")
    scored(sessions, "20261102-090000-bbbbbb")                   # not labelled: not exported
    assert run(capsys, "label", str(a), "--verdict", "load-test=met", "--level", "q01=solid",
               "--by", "ana")[0] == 0
    out_dir = tmp_path / "mine"
    code, out, err = run(capsys, "label", "--export", str(out_dir), "--out", str(tmp_path),
                         "--quality", "weak")
    assert code == 0, err
    assert "wrote 1 reference case" in out
    [case] = load_reference(out_dir, BANK)
    assert case.id == "20261101-090000-aaaaaa" and case.split == "tune" and case.quality == "weak"
    label = load(a).of_type("label")[0]
    assert case.labels["q01"].level == "solid"
    assert {c: v.verdict for c, v in case.labels["q01"].criteria.items()} == label.verdicts["q01"]
    assert [e.text for e in case.transcript.events if e.type == "candidate"] == [ANSWER]
    code, out, err = run(capsys, "calibrate", "--set", str(out_dir), "--json", "--bootstrap", "5")
    assert code == 0, err
    rep = json.loads(out)
    assert rep["cases"] == 1 and rep["splits"]["tune"]["n"] == len(label.verdicts["q01"])
    # the default quality is adequate; an unknown one is named
    assert run(capsys, "label", "--export", str(out_dir), str(a))[0] == 0
    assert load_reference(out_dir, BANK)[0].quality == "adequate"
    code, _, err = run(capsys, "label", "--export", str(out_dir), str(a), "--quality", "meh")
    assert code == 2 and "unknown --quality 'meh'" in err
