"""How the offline interviewer sounds: it acknowledges only what an answer earned, presses a
thin or off-question answer, never probes what an earlier answer covered, greets honestly,
stays in character in the first person, and answers the candidate's closing question from the
card. Its phrase bank is data, validated like the cards."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from interviewer.engine import phrases
from interviewer.engine.session import Session
from rubrics import default_bank
from rubrics.rounds import POLICIES
from rubrics.vocab import ROUND_TYPES

BANK = default_bank()
REFERENCE = Path(__file__).parents[2] / "transcripts" / "reference"
PRAISE = re.compile(r"\b(good|great|useful|nice|makes sense|I like|right place|clear|heart of "
                    r"it|checks out|hold up|agree|fair|solid|helps)\b", re.IGNORECASE)
WRONG_Q07 = ("Yes, I'd chunk and embed each row, store them in a vector database, retrieve the "
             "top 5 chunks for each question and let the LLM add up the numbers. That is the "
             "standard RAG pattern and it scales well with a good embedding model, maybe with a "
             "reranker on top.")


def session(tmp_path, round_type, questions, seed=1, **kw) -> Session:
    s = Session.new(round_type=round_type, questions=questions, seed=seed, out=tmp_path, **kw)
    s.start()
    return s


def ack_lines() -> list[str]:
    bank = phrases.phrase_bank()
    return [line for move in ("ack_numbers", "ack_solid")
            for lines in bank.moves[move].values() for line in lines]


def before_card_text(text: str, card) -> str:
    """What the interviewer said before the card's own follow-up text."""
    pieces = [c.probe for c in card.criteria] + [f.text for f in card.follow_ups]
    cut = min((text.find(p) for p in pieces if p in text), default=len(text))
    return text[:cut]


# -- acknowledgements: earned, or nothing ----------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_no_praise_after_the_poor_levels_mistake(tmp_path, seed):
    card = BANK.get("q07")
    s = session(tmp_path, "technical", ["q07"], seed=seed)
    follow = s.answer(WRONG_Q07).utterances[-1]
    assert follow.act in ("probe", "change", "pushback")
    said = before_card_text(follow.text, card)
    assert not PRAISE.search(said), follow.text
    assert "\u201c" not in follow.text and not any(a in follow.text for a in ack_lines())


@pytest.mark.parametrize("seed", range(6))
def test_no_praise_after_a_wrong_number(tmp_path, seed):
    card = BANK.get("why-fde")
    s = session(tmp_path, "technical", ["why-fde"], seed=seed)
    # a number the claim reader is sure is wrong (a card-cue-only figure is asked, not accused)
    assert s.answer("Only 388 of 1,333 postings list pay, about 45%, per Plank.") \
        .utterances[-1].act == "challenge"
    # still wrong: no second challenge, and the follow-up praises nothing
    follow = s.answer("I stand by 388 of 1,333 postings listing pay. I want to own a deployment end "
                      "to end and be judged by adoption in production; I've built on customer "
                      "systems before.").utterances[-1]
    assert follow.act != "challenge"
    said = before_card_text(follow.text, card)
    assert not PRAISE.search(said), follow.text
    assert "\u201c" not in follow.text and "adoption" not in said


def test_right_numbers_earn_an_acknowledgement_and_nothing_is_quoted(tmp_path):
    card = BANK.get("why-fde")
    answer = ("About 29% of postings list pay, per Plank. I want to own a deployment end to "
              "end, on the customer's systems.")
    said = []
    for seed in range(4):
        follow = session(tmp_path / str(seed), "technical", ["why-fde"], seed=seed) \
            .answer(answer).utterances[-1]
        said.append(before_card_text(follow.text, card))
    numbers = phrases.phrase_bank().moves["ack_numbers"]["default"]
    assert all(any(line in x for line in numbers) for x in said), said
    assert not any("\u201c" in x or "Plank" in x for x in said)


# -- pushback on thin or off-question answers ------------------------------------------------

def test_a_thin_answer_is_pushed_back_once(tmp_path):
    s = session(tmp_path, "technical", ["q01"])
    follow = s.answer("Probably all of it... better hardware.").utterances[-1]
    assert follow.act == "pushback" and "thin" in follow.reason
    assert follow.text in phrases.phrase_bank().lines("press_thin", "technical")
    again = s.answer("Better hardware, really.").utterances[-1]   # once per question
    assert "thin" not in (again.reason or "")


def test_an_off_question_answer_gets_the_question_again(tmp_path):
    card = BANK.get("q07")
    s = session(tmp_path, "technical", ["q07"])
    follow = s.answer("I really enjoyed my last job. The people were kind, the office had a "
                      "great coffee machine, and on Fridays we played board games together "
                      "after lunch, which I think says a lot about a company and its people. I "
                      "also like hiking at the weekend, I read a lot of history books, and I am "
                      "learning to bake bread, slowly.") \
        .utterances[-1]
    assert follow.act == "pushback" and "put the question again" in follow.reason
    assert card.question in follow.text


# -- coverage from every turn ----------------------------------------------------------------

def _probed(utterances) -> list[str]:
    return [re.match(r"criterion (\S+)", u.reason).group(1) for u in utterances
            if u.act == "probe" and u.reason and u.reason.startswith("criterion")]


@pytest.mark.parametrize("case", ["q02-adequate-1", "fde-role-weak-d4", "q03-off-topic-d1"])
def test_no_probe_of_a_criterion_an_earlier_answer_covered(tmp_path, case):
    """Replayed reference answers: no probe asks for a criterion that an earlier answer to the
    question already covered, as the judge reads the answers so far (q02-adequate-1 gives the
    cache budget in its first answer; the old interviewer asked for it after the second)."""
    import tomllib
    from interviewer.judges.heuristic import HeuristicJudge
    ref = tomllib.loads((REFERENCE / f"{case}.toml").read_text(encoding="utf-8"))
    qid = ref["turns"][0]["question"]
    card = BANK.get(qid)
    answers = [t["text"] for t in ref["turns"] if t["speaker"] == "candidate"]
    s = session(tmp_path, ref["round"], [qid], max_follow_ups=10)
    for k, text in enumerate(answers):
        if s.awaiting() != "answer":
            break
        probed = _probed(s.answer(text).utterances)
        score, _ = HeuristicJudge().grade_question(card, answers[:k + 1], k, ref["round"])
        credited = {v.id for v in score.criteria if v.verdict != "missing"}
        assert not set(probed) & credited, (k, probed, credited)


# -- time and the greeting -------------------------------------------------------------------

@pytest.mark.parametrize("round_type", ROUND_TYPES)
def test_the_greeting_says_each_thing_once_and_names_the_real_time(tmp_path, round_type):
    s = Session.new(round_type=round_type, seed=3, out=tmp_path)
    greeting = s.start().utterances[0].text
    sentences = [x.strip().lower() for x in re.split(r"(?<=[.!?])\s+", greeting) if x.strip()]
    assert len(sentences) == len(set(sentences))
    title = POLICIES[round_type].title
    assert sum(title in x for x in sentences) == 1
    assert not any(re.search(r"\bthis is an? [\w -]+ round\b", x) for x in sentences)
    cards = [BANK.get(q) for q in s.values["questions"]]
    minutes = sum(c.budget_minutes for c in cards)
    assert f"about {minutes} minutes" in greeting
    assert f"{POLICIES[round_type].minutes} minutes" not in greeting or \
        minutes == POLICIES[round_type].minutes


def test_every_plan_line_reads_right_for_one_question():
    # "There are one question today" was said to every one-question round that drew it.
    import tomllib
    data = tomllib.loads((Path(phrases.__file__).parent / "phrases.toml").read_text())
    for lines in data["moves"]["plan"].values():
        for line in lines:
            said = line.format(count="one question", minutes=20)
            assert not re.search(r"\b(are|were|have been) one question", said, re.I), said


@pytest.mark.parametrize("seed", range(8))
def test_no_claim_of_being_at_time_when_the_questions_are_simply_done(tmp_path, seed):
    s = session(tmp_path, "technical", ["why-fde"], seed=seed, max_follow_ups=0)
    wrap = s.answer(BANK.get("why-fde").model_answer.text).utterances[-1]
    assert wrap.act == "wrap-up" and "time" not in wrap.text.lower()


def test_the_round_budget_is_the_sum_of_its_questions(tmp_path):
    from interviewer.engine.routing import decide, new_record
    card, policy = BANK.get("why-fde"), POLICIES["technical"]
    rec = new_record() | {"answers": 1, "asked": ["press"]}
    a = {"covered": {}, "tool_checks": [], "red_flags": {}, "first_person": True,
         "has_metric": True, "words": 80}
    assert decide(card, policy, rec, a, "x", 3, 10.0, 9 * 60, round_minutes=8).kind == "wrap"
    assert decide(card, policy, rec, a, "x", 3, 10.0, 7 * 60, round_minutes=8).kind != "wrap"


# -- personas in the first person ------------------------------------------------------------

PERSONA_CARDS = [c.id for c in BANK if "customer" in c.rounds]


@pytest.mark.parametrize("card_id", PERSONA_CARDS)
def test_the_customer_speaks_in_the_first_person(tmp_path, card_id):
    card = BANK.get(card_id)
    s = Session.new(round_type="customer", questions=[card_id], seed=1, out=tmp_path)
    asked = s.start().utterances[-1].text
    intro = f"For this one I'm {card.persona.name}, {card.persona.role}."
    assert asked.startswith(intro) or intro in asked
    spoken = asked.split(intro, 1)[1]
    assert re.search(r"\b(I|I'm|I've|my|we|our|us)\b", spoken)
    assert not re.search(rf"\b(the|a|our|your)\s+(customer'?s\s+)?{card.persona.title}\b",
                         spoken, re.IGNORECASE)


def test_q17_is_asked_by_the_chief_risk_officer_herself(tmp_path):
    s = Session.new(round_type="customer", questions=["q17"], seed=1, out=tmp_path)
    asked = s.start().utterances[-1].text
    assert "A lender or insurer wants" not in asked and "our credit decisions" in asked


@pytest.mark.parametrize("seed", range(3))
def test_q33_probes_stay_in_character(seed):
    """Playing the CTO, the interviewer never asks about "the CTO": every probe of q33 in the
    customer round is the persona's own first-person line."""
    card, policy = BANK.get("q33"), POLICIES["customer"]
    quiet = {"covered": {}, "tool_checks": [], "red_flags": {}, "first_person": True,
             "has_metric": True, "words": 80}
    for c in card.criteria:
        text = phrases.follow_up_draft(phrases.Voice(seed, 9), card, "probe", c.id, quiet, [],
                                       policy=policy, answer="")
        assert card.persona.probes[c.id] in text
        assert not re.search(r"\bthe CTO\b", text), text


# -- the candidate's closing question --------------------------------------------------------

@pytest.mark.parametrize("question, field", [
    ("How do you measure an FDE's success on this team?", "success"),
    ("What does the role look like day to day?", "role"),
    ("Who would I be working with on the team?", "team"),
])
def test_the_closing_question_is_answered_from_the_card(tmp_path, question, field):
    card = BANK.get("fde-role")
    s = session(tmp_path, "screen", ["fde-role"])
    assert s.answer("/end").utterances[-1].act == "wrap-up"
    closing = [u for u in s.answer(question).utterances if u.act == "closing"][0]
    assert getattr(card.closing, field) in closing.text


def test_no_question_at_the_end_gets_no_answer(tmp_path):
    s = session(tmp_path, "screen", ["fde-role"])
    s.answer("/end")
    closing = [u for u in s.answer("No questions, thanks.").utterances if u.act == "closing"][0]
    assert closing.text in phrases.phrase_bank().lines("closing")


# -- the phrase bank is data, validated ------------------------------------------------------

def test_the_phrase_bank_loads_and_every_move_has_lines():
    bank = phrases.phrase_bank()
    assert set(bank.moves) == set(phrases.MOVES)
    for move, rounds in bank.moves.items():
        assert rounds["default"], move
    assert len(bank.lines("probe", "technical")) >= 5


@pytest.mark.parametrize("edit, message", [
    (("{probe}\",\n", "{probe}\",\n    \"Let me push on something. {text}\",\n"), "needs"),
    (("\"Let's slow down on one piece. {probe}\"", "\"A different angle again. {probe}\""),
     "starts like"),
    (("\"Let's slow down on one piece. {probe}\"", "\"Then, {probe}\""), "sentence"),
    (("[moves.metric]", "[moves.metrics]"), "missing metric"),
    (("[moves.probe]\ndefault", "[moves.probe]\nlunch = [\"{probe}\"]\ndefault"), "unknown round"),
])
def test_a_bad_phrase_file_is_named_with_the_fault(tmp_path, edit, message):
    text = phrases.PHRASES_FILE.read_text(encoding="utf-8")
    old, new = edit
    assert old in text
    bad = tmp_path / "phrases.toml"
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(phrases.PhraseFileError, match=message) as exc:
        phrases.load_phrases(bad)
    assert str(bad) in str(exc.value)


def test_the_phrase_file_ships_with_the_package():
    import tomllib
    data = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text(encoding="utf-8"))
    assert "phrases.toml" in data["tool"]["setuptools"]["package-data"]["interviewer.engine"]
