"""The interview engine through its API: every round type end to end, number challenges,
probes, requirement changes, pushback, loop caps, and recovery of a half-finished turn."""
from __future__ import annotations

import pytest

from rubrics.vocab import ROUND_TYPES
from interviewer.engine.session import Session, SessionError
from rubrics import default_bank
from transcripts import CandidateEvent, load

BANK = default_bank()


def drive(session: Session, answers) -> list:
    """Answer until the interview ends; `answers(card_id, n)` gives the n-th reply."""
    events = list(session.start().events)
    n = 0
    while session.awaiting():
        q = session.current_question()
        events += session.answer(answers(q, n) if q else "No questions, thanks.").events
        n += 1
        assert n < 60, "the interview did not end"
    return events


def model_then_short(card_id, n):
    if card_id is None:
        return "none"
    card = BANK.get(card_id)
    return card.model_answer.text if n % 3 == 0 else "I covered that above."


@pytest.mark.parametrize("round_type", ROUND_TYPES)
def test_every_round_runs_end_to_end(tmp_path, round_type):
    s = Session.new(round_type=round_type, seed=7, out=tmp_path)
    events = drive(s, model_then_short)
    assert s.done
    t = load(s.path)
    kinds = [e.type for e in t.events]
    assert kinds.count("score") == 1 and kinds[-1] == "score"
    asked = [e.question for e in t.events if e.type == "interviewer" and e.act == "question"]
    assert asked == t.header.questions                      # each question asked exactly once
    answers = t.of_type("candidate")
    assert [a.turn for a in answers] == list(range(1, len(answers) + 1))   # none lost
    assert len({e.id for e in t.events}) == len(t.events)   # nothing written twice
    assert [e.id for e in events] == [e.id for e in t.events if e.type != "candidate"]
    for card_id in t.header.questions:
        assert round_type in BANK.get(card_id).rounds
    follow_ups = [e for e in t.events if e.type == "interviewer" and e.reason and
                  e.act not in ("move-on",)]
    assert all(e.reason for e in follow_ups)


def first_reply(tmp_path, card_id, text, round_type="technical", **kw):
    s = Session.new(round_type=round_type, questions=[card_id], seed=1, out=tmp_path, **kw)
    s.start()
    return s, s.answer(text)


def test_number_read_only_by_the_card_cue_is_checked_and_asked_about(tmp_path):
    """45% for the card's 388 of 1,333: the claim reader reads nothing there, the card's cue
    does, under the card's scenario (not conditions the candidate stated), so the
    interviewer asks, with its arithmetic and the conditions it used, and does not accuse."""
    s, turn = first_reply(tmp_path, "why-fde", "Only about 45% of the postings list pay.")
    checks = [e for e in turn.events if e.type == "tool_check"]
    assert len(checks) == 1 and checks[0].ok is None and checks[0].tool == "wilson"
    assert checks[0].status == "ambiguous" and checks[0].asks
    assert checks[0].conditions["k"] == {"value": 388, "from": "card"}
    assert checks[0].claimed == 45 and round(checks[0].computed, 1) == 29.1
    ask = turn.utterances[-1]
    assert ask.act == "clarify" and "29.1%" in ask.text
    assert "45%" in ask.text and "388" in ask.text   # the conditions used


def test_right_number_is_checked_and_not_challenged(tmp_path):
    s, turn = first_reply(tmp_path, "why-fde", "About 29% of postings list pay, per Plank.")
    checks = [e for e in turn.events if e.type == "tool_check"]
    assert checks and checks[0].ok is True
    assert turn.utterances[-1].act != "challenge"


def test_missing_criterion_gets_its_probe(tmp_path):
    card = BANK.get("why-fde")
    s, turn = first_reply(tmp_path, "why-fde", "It sounds like an interesting job to me.")
    assert turn.utterances[-1].act == "pushback"   # a thin answer is asked for specifics once
    turn = s.answer("Still, it sounds like an interesting job to me.")
    probe = turn.utterances[-1]
    weightiest = max(card.criteria, key=lambda c: c.weight)
    assert probe.act == "probe" and weightiest.probe in probe.text
    assert weightiest.id in probe.reason
    # the interviewer never reads out the rubric or the model answer
    assert card.model_answer.claim not in probe.text
    assert all(sig not in probe.text for c in card.criteria for sig in c.signals)


def test_follow_up_cap(tmp_path):
    s = Session.new(round_type="technical", questions=["why-fde"], seed=1, out=tmp_path,
                    max_follow_ups=1)
    s.start()
    s.answer("It sounds interesting.")           # probe 1
    turn = s.answer("Still just interesting.")   # cap reached: wrap up (one question)
    assert turn.utterances[-1].act == "wrap-up"
    assert "cap of 1" in s.values["decision"]["reason"]


def _round_with(card_id: str, round_type: str, tmp_path, first: str | None = None):
    s = Session.new(round_type=round_type, questions=[card_id], seed=3, out=tmp_path)
    s.start()
    return s, s.answer(first or BANK.get(card_id).model_answer.text)


def test_case_round_changes_a_requirement(tmp_path):
    card = next(c for c in BANK if "case" in c.rounds)
    s, turn = _round_with(card.id, "case", tmp_path)
    events = list(turn.events)
    for _ in range(4):
        if any(e.type == "requirement_change" for e in events) or not s.awaiting():
            break
        events += s.answer("I'd keep the design and measure it.").events
    change = [e for e in events if e.type == "requirement_change"]
    assert change, [e.text for e in events if e.type == "interviewer"]
    fu = next(f for f in card.follow_ups if f.id == change[0].follow_up)
    assert fu.kind in ("change-requirement", "add-constraint")
    assert any(e.type == "interviewer" and e.act == "change" and fu.text in e.text for e in events)


def test_customer_round_pushes_back_in_character(tmp_path):
    card = next(c for c in BANK if "customer" in c.rounds)
    s = Session.new(round_type="customer", questions=[card.id], seed=3, out=tmp_path)
    first = s.start()
    assert card.persona.name in first.utterances[-1].text
    turn = s.answer(card.model_answer.text)
    # a number first: challenged, or (ambiguous under the answer's conditions) asked about once
    assert turn.utterances[-1].act in ("pushback", "challenge", "clarify")
    if turn.utterances[-1].act in ("challenge", "clarify"):
        turn = s.answer(card.model_answer.text)
    assert turn.utterances[-1].act == "pushback"


def test_behavioral_round_asks_for_personal_contribution(tmp_path):
    card = next(c for c in BANK if c.rounds == ["behavioral"] or "behavioral" in c.rounds)
    s, turn = _round_with(card.id, "behavioral", tmp_path,
                          "We built a pipeline and the team shipped it; we were happy.")
    assert turn.utterances[-1].act == "contribution"


def test_skip_and_end(tmp_path):
    s = Session.new(round_type="technical", questions=["why-fde", "q24"], seed=2, out=tmp_path)
    s.start()
    turn = s.answer("/skip")
    assert [u.act for u in turn.utterances] == ["move-on", "question"]
    assert s.current_question() == "q24"
    turn = s.answer("/end")
    assert turn.utterances[-1].act == "wrap-up"
    turn = s.answer("What does a first engagement look like?")
    assert s.done and turn.events[-1].type == "score"
    card = turn.events[-1].scorecard
    assert [q.answered for q in card.questions] == [False, False]


def test_an_answer_saved_but_not_consumed_is_fed_on_resume(tmp_path):
    """The crash window between the fsync of an answer and the graph's checkpoint."""
    s = Session.new(round_type="technical", questions=["why-fde"], seed=5, out=tmp_path)
    s.start()
    s.writer.write(CandidateEvent(id="a1", text="Only about 45% of postings list pay.", turn=1,
                                  question="why-fde"))
    sid = s.id
    s.close()
    r = Session.resume(sid, out=tmp_path)
    turn = r.start()
    assert any(e.type == "tool_check" for e in turn.events)
    assert r.values["turn"] == 1
    t = load(r.path)
    assert [e.turn for e in t.of_type("candidate")] == [1]
    assert sum(1 for e in t.events if e.type == "interviewer" and e.act == "question") == 1


def test_resume_shows_the_pending_question_without_rewriting_it(tmp_path):
    s = Session.new(round_type="technical", questions=["why-fde"], seed=5, out=tmp_path)
    s.start()
    s.answer("It sounds interesting.")
    before = load(s.path).events
    s.close()
    r = Session.resume(s.id, out=tmp_path)
    turn = r.start()
    assert turn.utterances and turn.utterances[-1].act == "pushback"   # thin: asked for more
    assert turn.utterances[-1].text == before[-1].text
    assert len(load(r.path).events) == len(before)


def test_bad_session_inputs(tmp_path):
    with pytest.raises(SessionError, match="valid ids"):
        Session.new(questions=["q99"], out=tmp_path)
    with pytest.raises(SessionError, match="valid rounds"):
        Session.new(round_type="lunch", out=tmp_path)
    with pytest.raises(SessionError, match="no session"):
        Session.resume("nope", out=tmp_path)


def test_routers_are_pure_and_respect_time_budgets():
    from rubrics.rounds import get_policy
    from interviewer.engine.routing import decide, new_record
    card = BANK.get("why-fde")
    rec = new_record() | {"answers": 1, "asked": ["press"]}   # thin, and already pressed
    quiet = {"covered": {}, "tool_checks": [], "red_flags": {}, "first_person": True,
             "has_metric": True, "words": 5}
    policy = get_policy("technical")
    first = decide(card, policy, rec, quiet, "hmm", 3, 10.0, 10.0)
    assert first == decide(card, policy, rec, quiet, "hmm", 3, 10.0, 10.0)   # same in, same out
    assert first.kind == "probe"
    late = decide(card, policy, rec, quiet, "hmm", 3, card.budget_minutes * 60 + 1, 100.0)
    assert late.kind == "next" and "budget" in late.reason
    over = decide(card, policy, rec, quiet, "hmm", 3, 10.0, policy.minutes * 60 + 1)
    assert over.kind == "wrap" and "round" in over.reason
