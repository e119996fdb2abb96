"""Number checks a candidate can trust (the claim reader wired in): every checkable quantity
checked on its own under the conditions the candidate stated, ambiguity asked about and
resolved by the next answer, never accused; human units in the scorecard and replay; a
criterion whose only evidence is a wrong number is not met; old transcripts still load."""
from __future__ import annotations

import json

import pytest

from interviewer.engine.session import Session
from interviewer.judges import export
from interviewer.judges.heuristic import HeuristicJudge
from rubrics import default_bank
from transcripts import load
from transcripts.replay import replay_lines

from .test_plain import only_transcript, practice

BANK = default_bank()
RIGHT = ("The KV cache is about 320 KB per token for Llama-3.3-70B in bf16, so about 20 users "
         "at 8k on one H200 with fp8 weights.")
TWO_WRONG = ("The KV cache is about 320 KB per token for Llama 3.3 70B in BF16, which comes to "
             "about 1 MB of KV cache per token. On one H200 with fp8 weights of 70 GB, about 60 "
             "GB is left, so about 60,000 tokens: at 8k context that is around 7 concurrent "
             "users.")
AMBIGUOUS = "With Llama 3.3 70B in FP8 on one H200 you fit about 40 users at 8K."


def by_said(checks) -> dict:
    return {c.claimed_text: c for c in checks}


def _assert_right_example(t) -> None:
    checks = by_said(t.of_type("tool_check"))
    assert checks["320 KB"].ok is True and checks["20 users"].ok is True
    users = checks["20 users"]
    assert users.conditions["weight_dtype"] == {"value": "fp8", "from": "sentence"}
    assert users.conditions["dtype"] == {"value": "bf16", "from": "sentence"}
    acts = [e.act for e in t.of_type("interviewer")]
    assert "challenge" not in acts and "clarify" not in acts
    assert not any("40.8" in e.text for e in t.of_type("interviewer"))


def _assert_two_wrong_example(t) -> None:
    checks = by_said(t.of_type("tool_check"))
    assert checks["1 MB"].ok is False and checks["1 MB"].status == "wrong"
    assert checks["7 concurrent users"].ok is False
    assert checks["320 KB"].ok is True
    challenge = next(e for e in t.of_type("interviewer") if e.act == "challenge")
    assert "1 MB" in challenge.text and "320 KiB" in challenge.text
    assert "BF16" in challenge.text          # the conditions it used
    assert "3.277e+05" not in challenge.text


def test_issue_examples_through_the_plain_console(tmp_path):
    done = practice(tmp_path / "a", "--round", "technical", "--question", "q02",
                    stdin=RIGHT + "\n\n")
    assert done.returncode == 0, done.stderr
    assert "40.8" not in done.stdout
    _assert_right_example(only_transcript(tmp_path / "a"))
    done = practice(tmp_path / "b", "--round", "technical", "--question", "q02",
                    stdin=TWO_WRONG + "\n\n")
    assert done.returncode == 0, done.stderr
    _assert_two_wrong_example(only_transcript(tmp_path / "b"))
    assert "320 KiB" in done.stdout


def session(tmp_path) -> Session:
    s = Session.new(round_type="technical", questions=["q02"], seed=1, out=tmp_path,
                    max_follow_ups=3)
    s.start()
    return s


def test_issue_examples_through_session(tmp_path):
    s = session(tmp_path / "a")
    turn = s.answer(RIGHT)
    assert turn.utterances[-1].act not in ("challenge", "clarify")
    _assert_right_example(load(s.path))
    s = session(tmp_path / "b")
    turn = s.answer(TWO_WRONG)
    assert turn.utterances[-1].act == "challenge"
    _assert_two_wrong_example(load(s.path))


@pytest.mark.parametrize("reply,ok", [("A BF16 cache.", False), ("That's with an FP8 cache.", True)])
def test_ambiguous_claim_asks_records_unresolved_then_resolves(tmp_path, reply, ok):
    s = session(tmp_path)
    turn = s.answer(AMBIGUOUS)
    [check] = [e for e in turn.events if e.type == "tool_check"]
    assert check.ok is None and check.status == "ambiguous"
    assert check.asks == "Is that with an FP8 or a BF16 cache?"
    ask = turn.utterances[-1]
    assert ask.act == "clarify" and "FP8 or a BF16 cache" in ask.text
    assert "wrong" not in ask.text.lower()
    turn = s.answer(reply)
    [resolved] = [e for e in turn.events if e.type == "tool_check"]
    assert resolved.resolves == check.check and resolved.ok is ok
    assert resolved.conditions["dtype"]["from"] == "reply"
    if ok:
        assert turn.utterances[-1].act != "challenge"
    else:   # now sure: challenged, with the conditions it used
        assert turn.utterances[-1].act == "challenge"
        assert "BF16" in turn.utterances[-1].text and "20.2 sequences" in turn.utterances[-1].text


def test_kib_in_scorecard_and_replay(tmp_path):
    s = session(tmp_path)
    s.answer(RIGHT)
    while s.awaiting():
        s.answer("/end")
    t = load(s.path)
    sc = t.latest_score().scorecard
    for text in (export.to_text(sc), export.to_markdown(sc), export.to_html(sc)):
        assert "320 KiB" in text and "3.277e+05" not in text
    md = export.to_markdown(sc)
    assert "cache precision BF16" in md and "weight precision FP8" in md   # conditions used
    lines = [x.text for x in replay_lines(t) if x.kind == "tool_check"]
    assert any("320 KiB" in x for x in lines) and not any("e+05" in x for x in lines)


def test_only_a_wrong_number_as_evidence_is_not_met():
    card = BANK.get("q04")
    text = ("For Llama 3.3 70B the BF16 weights take about 423 GB and the FP8 weights take "
            "about 71 GB, so it fits on one H200 with room for the cache.")
    q, _ = HeuristicJudge().grade_question(card, [text], 0, "technical")
    v = next(c for c in q.criteria if c.id == "memory-math")
    assert v.verdict == "partial" and "wrong number" in v.rationale
    row = next(n for n in q.numbers if n.claimed.startswith("423"))
    assert row.ok is False and row.conditions


def test_old_transcripts_without_the_new_fields_load(tmp_path):
    path = tmp_path / "old.jsonl"
    header = {"kind": "header", "schema_version": 1, "session_id": "old", "started":
              "2026-01-01T00:00:00+00:00", "round": "technical", "questions": ["why-fde"],
              "program_version": "0.1"}
    old = {"id": "g3", "t": "2026-01-01T00:00:01+00:00", "question": "why-fde",
           "type": "tool_check", "check": "paid-share", "tool": "wilson",
           "args": {"k": 388, "n": 1333}, "quantity": "share of postings that list pay",
           "unit": "percent", "claimed": 45.0, "claimed_text": "45%", "computed": 29.1,
           "ok": False, "arithmetic": "388 / 1,333 = 29.1%."}
    path.write_text(json.dumps(header) + "\n" + json.dumps(old) + "\n")
    [e] = load(path).of_type("tool_check")
    assert e.ok is False and e.status is None and e.verdict == "wrong" and e.conditions == {}
    [line] = [x for x in replay_lines(load(path)) if x.kind == "tool_check"]
    assert "MISMATCH" in line.text and "29.1%" in line.text
