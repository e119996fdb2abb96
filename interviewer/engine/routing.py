"""Routers: pure functions from the interview state to the next step. No I/O, no clock, no
randomness; loop caps live here."""
from __future__ import annotations

from dataclasses import asdict, dataclass

from rubrics import Card
from rubrics.rounds import RoundPolicy
from tools.units import format_value
from transcripts.schema import DecisionKind

from .. import candidate_commands as commands
from . import coding, reading
from .state import Assessment, InterviewState, QuestionRecord


@dataclass(frozen=True)
class Decision:
    kind: DecisionKind   # a follow-up kind, or next (question) or wrap (up)
    target: str | None   # the check, criterion or follow-up id it is about
    reason: str          # recorded in the transcript, never shown to the candidate

    def to_dict(self) -> dict:
        return asdict(self)


def new_record() -> QuestionRecord:
    """Per-question bookkeeping kept in the graph state (the ask node adds asked_at, dialog)."""
    return {"answers": 0, "covered": {}, "probed": [], "challenged": [], "asked": [],
            "follow_ups": 0, "changes": 0, "pushback": 0, "checks": [], "asked_at": None}


def _unasked(card: Card, rec: QuestionRecord, kinds: tuple[str, ...]):
    return [f for f in card.follow_ups if f.kind in kinds and f.id not in rec["asked"]]


def decide(card: Card, policy: RoundPolicy, rec: QuestionRecord, assessment: Assessment,
           answer: str, max_follow_ups: int, elapsed_s: float | None,
           round_elapsed_s: float | None = None, round_minutes: float | None = None,
           run: bool = False) -> Decision:
    """What the interviewer does after an answer. `rec` already includes this answer;
    `elapsed_s` counts from when this question was asked, `round_elapsed_s` from the opening;
    `round_minutes` is the session's budget (its questions' budgets; the policy's without);
    `run`: the candidate asked to run their code (/run or the app's run key), which only the
    end of the interview or of the round's time overrides."""
    cmd = commands.parse_command(answer)
    if cmd in commands.END:
        return Decision("wrap", None, "the candidate ended the interview")
    if cmd in commands.SKIP:
        return Decision("next", None, "the candidate skipped the question")
    budget = policy.minutes if round_minutes is None else round_minutes
    if round_elapsed_s is not None and round_elapsed_s > budget * 60:
        return Decision("wrap", None, f"over the round's {budget:g}-minute budget")
    if run or cmd in commands.RUN:
        return Decision("run", None, "the candidate ran their code")
    # the coding round with parts still to pass: code given is run rather than left behind
    # when the follow-ups run out or the criteria are covered, and is never pressed as thin
    code_left = (policy.runs_code and rec.get("part") is not None and not rec.get("solved")
                 and cmd is None and coding.latest_code([answer]) is not None)
    if rec["follow_ups"] >= max_follow_ups:
        if code_left:
            return Decision("run", None, "code given after the follow-ups: run it")
        return Decision("next", None, f"follow-up cap of {max_follow_ups} reached")
    accepted = assessment.get("accepted_plants") or []
    if accepted and "verify" not in rec["asked"]:
        # the answer builds on a planted mistake: ask how it was checked, once a question
        # (the recorded reason does not name the mistake)
        return Decision("verify", accepted[0], "the answer builds on an assistant reply "
                        "that it did not check")
    if elapsed_s is not None and elapsed_s > card.budget_minutes * 60:
        return Decision("next", None, f"over the question's {card.budget_minutes}-minute budget")

    # this answer's checks first, then any earlier answer's not yet challenged or asked about
    mine = {tc.get("check") for tc in assessment["tool_checks"]}
    fresh = [tc for tc in assessment["tool_checks"] + [t for t in rec.get("checks") or []
                                                       if t.get("check") not in mine]
             if "error" not in tc and tc["check"] not in rec["challenged"]]
    wrong = [tc for tc in fresh if tc.get("ok") is False]
    if wrong:   # sure: wrong under every reading of the conditions the candidate stated
        tc = wrong[0]
        return Decision("challenge", tc["check"],
                        f"{tc['quantity']}: claimed {tc['claimed_text']}, the {tc['tool']} tool "
                        f"computes {format_value(tc['computed'], tc['unit'])}")
    unsure = [tc for tc in fresh if tc.get("ok") is None and tc.get("asks")]
    if unsure and "clarify" not in rec["asked"]:
        # right under one reading, wrong under another: ask (once a question), never accuse
        tc = unsure[0]
        return Decision("clarify", tc["check"],
                        f"{tc['quantity']}: {tc['claimed_text']} depends on a condition not "
                        f"stated clearly; asked: {tc['asks']}")

    if policy.behavioral:
        if not assessment["first_person"] and "contribution" not in rec["asked"]:
            return Decision("contribution", None, "the answer does not say what the candidate "
                            "did personally")
        if not assessment["has_metric"] and "metric" not in rec["asked"]:
            return Decision("metric", None, "the answer gives no metric")

    if "press" not in rec["asked"] and not code_left:
        short = reading.shortfall(card, assessment, answer, first=rec["answers"] <= 1)
        if short == reading.THIN:
            return Decision("press", short, f"a thin answer ({assessment['words']} words, no "
                            "number, at most one criterion touched): ask for specifics once")
        if short == reading.OFF_QUESTION:
            return Decision("press", short, "the answer touches none of the question's "
                            "criteria, numbers or vocabulary: put the question again once")

    covered = reading.covered(card, rec)
    coverage = len(covered) / len(card.criteria)
    if (policy.changes_requirements and not rec["changes"]
            and coverage >= policy.change_after_coverage):
        change = _unasked(card, rec, ("change-requirement", "add-constraint"))
        if change:
            return Decision("change", change[0].id, f"round policy: change a requirement once "
                            f"the first design covers {coverage:.0%} of the criteria")

    if policy.persona and card.persona is not None and not rec["pushback"]:
        push = _unasked(card, rec, ("pushback",))
        return Decision("pushback", push[0].id if push else None,
                        f"customer round: push back in character as {card.persona.role}")

    missing = sorted((c for c in card.criteria
                      if c.id not in covered and c.id not in rec["probed"]),
                     key=lambda c: (-c.weight, card.criteria.index(c)))
    if missing:
        c = missing[0]
        return Decision("probe", c.id, f"criterion {c.id} (weight {c.weight:g}) not covered "
                        "in any answer yet")

    deepen = _unasked(card, rec, ("deepen", "add-constraint", "change-requirement"))
    if deepen and rec["follow_ups"] == 0:
        return Decision("deepen", deepen[0].id, "every criterion covered: test depth once")
    if code_left:
        return Decision("run", None, "the question is covered and code was given: run it")
    return Decision("next", None, "the question is covered")


def after_assess(state: InterviewState) -> str:
    """Conditional edge after `assess`: the node that carries out the decision."""
    kind = state["decision"]["kind"]
    if kind == "run":
        return "run_code"
    if kind == "wrap":
        return "wrap_up"
    if kind == "next":
        return "next_question"
    return "follow_up"


def after_wait(state: InterviewState) -> str:
    """Conditional edge after `wait`: a question to the AI assistant (/ask) goes to the
    assistant and back to waiting; anything else is assessed as an answer."""
    return ("assistant" if commands.parse_command(state["answer"]["text"]) == commands.ASK
            else "assess")


def after_next(state: InterviewState) -> str:
    """Conditional edge after `next_question`: another question, or the wrap-up."""
    return "ask" if state["q_index"] < len(state["questions"]) else "wrap_up"
