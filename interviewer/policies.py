"""Round policies: what each round type does beyond the shared nodes. Data only."""
from __future__ import annotations

from dataclasses import dataclass

MAX_FOLLOW_UPS = 50   # per question: the bound `--max-follow-ups` accepts
ROUND_TYPES = ("screen", "technical", "system-design", "coding", "case", "customer", "behavioral")


@dataclass(frozen=True)
class RoundPolicy:
    name: str
    title: str
    opening: str
    default_questions: int
    minutes: int
    changes_requirements: bool = False   # case and design rounds move the goalposts
    pushback: bool = False               # customer round: the interviewer plays a persona
    behavioral: bool = False             # probe for personal contribution and a metric
    change_after_coverage: float = 0.34  # share of criteria covered before a change lands


POLICIES: dict[str, RoundPolicy] = {p.name: p for p in [
    RoundPolicy("screen", "screen",
                "This is a short screen: I want to hear why this job, and how you think about it.",
                default_questions=2, minutes=20),
    RoundPolicy("technical", "technical deep-dive",
                "This is a technical round. I'll ask for depth and I'll check your numbers as "
                "we go, so show your arithmetic.",
                default_questions=2, minutes=45),
    RoundPolicy("system-design", "system design",
                "This is a system design round. Clarify, size it, and tell me what each choice "
                "costs. Expect the requirements to move.",
                default_questions=1, minutes=45, changes_requirements=True),
    RoundPolicy("coding", "coding",
                "This is a coding round. Talk me through the design first, then the code and how "
                "you'd test it.",
                default_questions=1, minutes=45),
    RoundPolicy("case", "decomposition case",
                "This is a case round. Break the problem down out loud; I will change the "
                "requirements partway, as a customer would.",
                default_questions=1, minutes=45, changes_requirements=True),
    RoundPolicy("customer", "customer conversation",
                "This is a customer round. I'll play someone on the customer's side; treat me "
                "the way you would on site.",
                default_questions=1, minutes=30, pushback=True),
    RoundPolicy("behavioral", "behavioral",
                "This is a behavioral round. Tell me what you did yourself, and what changed "
                "because of it.",
                default_questions=2, minutes=30, behavioral=True),
]}


def get_policy(round_type: str) -> RoundPolicy:
    if round_type not in POLICIES:
        raise KeyError(f"unknown round {round_type!r}; valid rounds: {', '.join(POLICIES)}")
    return POLICIES[round_type]
