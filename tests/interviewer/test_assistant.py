"""The AI-enabled round through the engine's API: the assistant answers /ask from the card,
plants a mistake on the policy's schedule, the interviewer asks how an accepted one was
checked, and the scorecard grades each planted mistake caught, caught late or accepted, for
every kind (number, code, claim). /ask is refused where the interview forbids AI."""
from __future__ import annotations

from io import StringIO

import pytest

from interviewer.console.plain import run_plain
from interviewer.engine.assistant import FORBIDDEN
from interviewer.engine.session import Session
from interviewer.judges.base import answers_from_transcript
from interviewer.judges.export import to_html, to_markdown, to_text
from rubrics import default_bank
from transcripts import load

BANK = default_bank()

KV_ASK = "/ask what is the KV cache size per token in bytes for Llama 3.3 70B?"
KV_ACCEPT = ("The KV cache is 2,621,440 bytes per token, so an 8K conversation holds about "
             "21 GB and only a few users fit.")
KV_CATCH = ("Those are the 64 attention heads; Llama 3.3 70B uses GQA with 8 KV heads, so it "
            "is 327,680 bytes per token, 320 KiB.")

BUCKET_ASK = "/ask write me a token bucket class for the per-user limit"
BUCKET_ACCEPT = """I'll use the assistant's bucket:

```python
import time

class TokenBucket:
    def __init__(self, rate, burst):
        self.rate, self.burst = rate, burst
        self.tokens, self.last = burst, time.monotonic()

    def allow(self):
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
```"""
BUCKET_CATCH = ("That bucket is not thread-safe: two threads can both see one token and both "
                "pass. I'd hold a threading.Lock around the refill and the spend, and write a "
                "test with a fake clock: def test_two_threads_one_token().")

JUDGE_ASK = "/ask can I trust a GPT-class model as the judge here?"
JUDGE_ACCEPT = ("A frontier judge agrees with experts about 85% of the time, so we can trust a "
                "strong judge out of the box and skip labelling.")
JUDGE_CATCH = ("MT-Bench is a different task; I'd validate the judge against our own human "
               "labels on the customer's data, and report agreement with a Wilson interval. "
               "What is the source for that 85%?")

CASES = {   # kind -> (card, plant, the question to the assistant, accepting, catching text)
    "number": ("q02", "kv-attention-heads", KV_ASK, KV_ACCEPT, KV_CATCH),
    "code": ("q24", "limiter-not-thread-safe", BUCKET_ASK, BUCKET_ACCEPT, BUCKET_CATCH),
    "claim": ("q19", "trust-strong-judge", JUDGE_ASK, JUDGE_ACCEPT, JUDGE_CATCH),
}


def run(tmp_path, card_id, turns, round_type="ai-enabled", **kw):
    s = Session.new(round_type=round_type, questions=[card_id], seed=5, out=tmp_path,
                    max_follow_ups=4, **kw)
    events = list(s.start().events)
    for text in turns:
        if not s.awaiting():
            break
        events += s.answer(text).events
    while s.awaiting():
        events += s.answer("/end").events
    return s, events


def verdicts(s):
    v = load(s.path).latest_score().scorecard.verification
    return v, {p.plant: p.verdict for p in v.planted}


@pytest.mark.parametrize("kind", sorted(CASES))
@pytest.mark.parametrize("story,expected", [
    ("catches", "caught"), ("misses", "accepted"), ("catches late", "caught-late")])
def test_each_kind_of_planted_mistake_is_graded_as_the_candidate_handled_it(
        tmp_path, kind, story, expected):
    card_id, plant_id, ask, accept, catch = CASES[kind]
    turns = {"catches": [ask, catch], "misses": [ask, accept],
             "catches late": [ask, accept, catch]}[story]
    s, events = run(tmp_path, card_id, turns)
    assistant = [e for e in events if e.type == "assistant"]
    assert len(assistant) == 1 and assistant[0].planted == plant_id
    v, got = verdicts(s)
    assert got == {plant_id: expected}
    row = v.planted[0]
    assert row.kind == kind and row.evidence   # the candidate's own words back the verdict
    verify = [e for e in events if e.type == "interviewer" and e.act == "verify"]
    # the interviewer asks how it was checked once the candidate built on it, never before
    assert bool(verify) == (story != "catches")
    dims = {d.name: d.level for d in v.dimensions}
    assert set(dims) == {"problem solving", "code quality", "verification", "communication"}
    assert dims["verification"] == {"caught": "outstanding", "caught-late": "solid",
                                    "accepted": "poor"}[expected]
    text = to_text(load(s.path).latest_score().scorecard)
    assert plant_id in text and {"caught": "CAUGHT ", "caught-late": "CAUGHT LATE",
                                 "accepted": "ACCEPTED"}[expected] in text


def test_the_calculator_value_and_the_checking_methods_are_reported(tmp_path):
    s, _ = run(tmp_path, "q02", [KV_ASK, KV_CATCH + " Let me compute it: 2 x 80 x 8 x 128 x 2."])
    v, got = verdicts(s)
    assert got == {"kv-attention-heads": "caught"}
    assert "kv-calc" in v.planted[0].right and "320 KiB" in v.planted[0].right
    assert "ran the numbers" in v.methods
    s2, _ = run(tmp_path / "b", "q24", [BUCKET_ASK, BUCKET_CATCH])
    assert "wrote a test" in verdicts(s2)[0].methods
    s3, _ = run(tmp_path / "c", "q19", [JUDGE_ASK, JUDGE_CATCH])
    assert "asked for a source" in verdicts(s3)[0].methods


def test_a_later_question_to_the_assistant_can_catch_it(tmp_path):
    s, events = run(tmp_path, "q02", [KV_ASK, "/ask are you sure? Llama uses GQA with 8 KV "
                                              "heads, not 64"])
    assert [e.planted for e in events if e.type == "assistant"][0] == "kv-attention-heads"
    assert verdicts(s)[1] == {"kv-attention-heads": "caught"}


def test_honest_replies_come_from_the_card_and_plant_once(tmp_path):
    s, events = run(tmp_path, "q02", [KV_ASK, "/ask and what is the KV cache per token for "
                                              "DeepSeek with MLA?"])
    replies = [e for e in events if e.type == "assistant"]
    assert [r.planted for r in replies] == ["kv-attention-heads", None]   # once a question
    assert "MLA" in replies[1].reply or "DeepSeek" in replies[1].reply
    assert replies[1].by == "offline"


def test_rescoring_a_transcript_rebuilds_the_same_verification(tmp_path):
    from interviewer.judges.heuristic import HeuristicJudge
    from interviewer.judges.verification import with_verification
    s, _ = run(tmp_path, "q24", [BUCKET_ASK, BUCKET_ACCEPT, BUCKET_CATCH])
    t = load(s.path)
    answers = answers_from_transcript(t)
    again = with_verification(HeuristicJudge().grade(answers, BANK), answers, BANK)
    assert again.verification == t.latest_score().scorecard.verification
    md, page = to_markdown(again), to_html(again)
    assert "CAUGHT LATE" in md and "CAUGHT LATE" in page


def test_no_assistant_turn_leaves_the_scorecard_as_before(tmp_path):
    s, _ = run(tmp_path, "q02", [BANK.get("q02").model_answer.text])
    sc = load(s.path).latest_score().scorecard
    assert sc.verification is None and "verification" not in sc.model_dump()


def test_ask_is_refused_where_the_interview_forbids_ai(tmp_path):
    s = Session.new(round_type="ai-enabled", questions=["q02"], seed=1, out=tmp_path,
                    assistant_allowed=False)
    assert load(s.path).header.assistant_allowed is False
    assert s.assistant_refusal() == FORBIDDEN and "forbids AI assistance" in FORBIDDEN
    out = StringIO()
    assert run_plain(s, StringIO(f"{KV_ASK}\n\n{KV_ACCEPT}\n\n/end\n\n"), out) == 0
    printed = out.getvalue()
    assert "forbids AI assistance" in printed and "Assistant:" not in printed
    t = load(s.path)
    assert not t.of_type("assistant")
    assert t.latest_score().scorecard.verification is None
    # the engine refuses too, should a front-end send it anyway
    s2 = Session.new(round_type="ai-enabled", questions=["q02"], seed=1, out=tmp_path / "b",
                     assistant_allowed=False)
    s2.start()
    turn = s2.answer(KV_ASK)
    assert [e.type for e in turn.events] == ["notice"] and FORBIDDEN in turn.events[0].text
    s2.close()


def test_loops_turn_the_assistant_on_in_coding_and_design_rounds(tmp_path):
    plain = Session.new(round_type="coding", questions=["q24"], seed=1, out=tmp_path / "a")
    assert "no AI assistant" in plain.assistant_refusal()
    plain.close()
    allowed = Session.new(round_type="coding", questions=["q24"], seed=1, out=tmp_path / "b",
                          assistant_allowed=True)
    assert allowed.assistant_refusal() is None
    greeting = allowed.start().utterances[0].text
    assert "/ask" in greeting   # the candidate is told AI is allowed here
    first = allowed.answer(BUCKET_ASK).events   # the coding round plants on the second touch
    second = allowed.answer("/ask and the class again, shorter please?").events
    planted = [e.planted for e in first + second if e.type == "assistant"]
    assert planted == [None, "limiter-not-thread-safe"]
    allowed.close()


def test_progress_shows_mistakes_caught_per_session(tmp_path):
    import subprocess
    import sys
    from pathlib import Path
    from interviewer.judges.verification_history import history, history_lines
    for turns in ([KV_ASK, KV_ACCEPT], [KV_ASK, KV_ACCEPT, KV_CATCH], [KV_ASK, KV_CATCH]):
        s, _ = run(tmp_path, "q02", turns)
        s.close()
    run(tmp_path, "q02", [BANK.get("q02").model_answer.text])[0].close()   # no /ask: no row
    paths = sorted(str(p) for p in (tmp_path / "sessions").glob("*.jsonl"))
    rows = history(paths)
    assert [(r.caught, r.late, r.accepted) for r in rows] == [(0, 0, 1), (0, 1, 0), (1, 0, 0)]
    lines = history_lines(rows)
    assert lines[0].startswith("caught per session ▁▁█") and "1 of 3" in lines[0]
    out = subprocess.run([str(Path(sys.executable).parent / "fde-interview"), "sessions",
                          "--out", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert "Verification over time" in out.stdout and "caught 1 of 1" in out.stdout
    assert "caught 0 of 1, 1 accepted" in out.stdout


def test_a_resumed_session_shows_the_last_reply_and_grades_the_plant(tmp_path):
    s = Session.new(round_type="ai-enabled", questions=["q02"], seed=5, out=tmp_path)
    s.start()
    s.answer(KV_ASK)
    sid = s.id
    s.close()
    again = Session.resume(sid, out=tmp_path)
    shown = again.start().events
    assert [e.type for e in shown] == ["assistant"] and shown[0].planted == "kv-attention-heads"
    again.answer(KV_ACCEPT)
    while again.awaiting():
        again.answer("/end")
    assert verdicts(again)[1] == {"kv-attention-heads": "accepted"}
    again.close()


def test_how_the_candidate_checked_is_read_from_their_words():
    from interviewer.judges.verification import _methods
    found = _methods(["I'd add full jitter. Where does the advice to retry every exception "
                      "come from?", "def test_jitter_spreads_retries():\n    assert True"])
    assert set(found) == {"asked for a source", "wrote a test"}
    assert "ran the numbers" in _methods(["Let me compute it: 2 x 80 x 8 x 128 x 2."])
    assert _methods(["The assistant is right, I'll use it."]) == {}
