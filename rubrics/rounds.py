"""The round types' policies, one entry per round: what each round does beyond the shared
interview, as data and flags. Declared here, below the engine, because the engine (routing,
phrasing, selection), the judges (a behavioral answer is graded on the candidate's own part)
and the front-ends (the coding round's editor, shown before the engine loads) all read them,
and the judges and front-ends may not import the engine. Nothing compares round names: code
reads a flag. Adding a round type: its name in vocab.RoundType, its entry here."""
from __future__ import annotations

from dataclasses import dataclass

from .vocab import ROUND_TYPES, RoundType

MAX_FOLLOW_UPS = 50   # per question: the bound `--max-follow-ups` accepts


@dataclass(frozen=True)
class RoundPolicy:
    name: RoundType
    title: str
    opening: str
    default_questions: int
    minutes: int
    changes_requirements: bool = False   # case and design rounds move the goalposts
    persona: bool = False                # the interviewer plays the card's persona (the
    #                                      customer's CTO...) and pushes back in character
    behavioral: bool = False             # probe for, and grade, personal contribution and a metric
    code_editor: bool = False            # answers are code: a Python editor in the terminal app
    runs_code: bool = False              # the candidate runs their code against the card's
    #                                      problem (rubrics.problems): examples, then the
    #                                      current part's hidden tests; passing reveals the next
    change_after_coverage: float = 0.34  # share of criteria covered before a change lands
    card_closing: bool = False           # the candidate's closing questions about the job are
    #                                      answered from the cards' `closing` data (every card
    #                                      asked in the round has one)
    assistant: bool = False              # an AI assistant the candidate may /ask, which plants
    #                                      mistakes from the card's `plants` to be caught
    assistant_if_allowed: bool = False   # the assistant is on when the session (a loop)
    #                                      allows it (Header.assistant_allowed True)
    plant_on: int = 1                    # the assistant plants on the n-th reply that touches
    #                                      a plantable topic (1: the first), once per question


POLICIES: dict[RoundType, RoundPolicy] = {p.name: p for p in [
    RoundPolicy("screen", "screen",
                "This is a short screen: I want to hear why this job, and how you think about it.",
                default_questions=2, minutes=20, card_closing=True),
    RoundPolicy("technical", "technical deep-dive",
                "This is a technical round. I'll ask for depth and I'll check your numbers as "
                "we go, so show your arithmetic.",
                default_questions=2, minutes=45),
    RoundPolicy("system-design", "system design",
                "This is a system design round. Clarify, size it, and tell me what each choice "
                "costs. Expect the requirements to move.",
                default_questions=1, minutes=45, changes_requirements=True,
                assistant_if_allowed=True, plant_on=2),
    RoundPolicy("coding", "coding",
                "This is a coding round. Talk me through the design first, then the code and how "
                "you'd test it.",
                default_questions=1, minutes=45, code_editor=True, runs_code=True,
                assistant_if_allowed=True, plant_on=2),
    RoundPolicy("case", "decomposition case",
                "This is a case round. Break the problem down out loud; I will change the "
                "requirements partway, as a customer would.",
                default_questions=1, minutes=45, changes_requirements=True),
    RoundPolicy("customer", "customer conversation",
                "This is a customer round. I'll play someone on the customer's side; treat me "
                "the way you would on site.",
                default_questions=1, minutes=30, persona=True, card_closing=True),
    RoundPolicy("behavioral", "behavioral",
                "This is a behavioral round. Tell me what you did yourself, and what changed "
                "because of it.",
                default_questions=2, minutes=30, behavioral=True,
                card_closing=True),
    RoundPolicy("ai-enabled", "ai-enabled",
                "This is an AI-enabled round. You have an assistant: type /ask and your question. "
                "Use it as you would at work; you are graded on what you verify, not on what it "
                "says.",
                default_questions=1, minutes=45, assistant=True, plant_on=1),
]}


def assistant_on(policy: RoundPolicy, allowed: bool | None) -> bool:
    """Whether the candidate may /ask in this round: a session's explicit False turns it off
    (an interview that forbids AI), True turns it on where the round can have it, None lets
    the round's policy decide."""
    if allowed is False:
        return False
    if allowed is True:
        return policy.assistant or policy.assistant_if_allowed
    return policy.assistant


def get_policy(round_type: str) -> RoundPolicy:
    if round_type not in POLICIES:
        raise KeyError(f"unknown round {round_type!r}; valid rounds: {', '.join(ROUND_TYPES)}")
    return POLICIES[round_type]
