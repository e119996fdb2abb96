"""Which questions a session asks and how each is put to the candidate. Light on imports on
purpose: the terminal app shows the first question with these before the engine is loaded."""
from __future__ import annotations

import random

from rubrics import Bank, Card

from rubrics.rounds import RoundPolicy, get_policy


class SelectionError(ValueError):
    """Questions that cannot be chosen, with the reason (unknown id, empty round...)."""


def choose_questions(bank: Bank, round_type: str, ids: list[str] | None, count: int | None,
                     seed: int) -> list[str]:
    """The questions for a session: the ones asked for, else `count` drawn (seeded) from the
    cards usually asked in this round."""
    if ids:
        try:
            return [bank.get(i).id for i in ids]
        except KeyError as exc:
            raise SelectionError(exc.args[0]) from None
    pool = [c.id for c in bank.filter(round=round_type)]
    if not pool:
        raise SelectionError(f"no questions in the bank for the {round_type} round")
    n = get_policy(round_type).default_questions if count is None else count
    if n < 1:
        raise SelectionError(f"--questions must be at least 1, got {n}")
    return random.Random(seed).sample(pool, min(n, len(pool)))


def spoken_question(card: Card, policy: RoundPolicy | None) -> str:
    """The question in this round's voice: the persona's own first-person words where the
    round plays one, else the card's question."""
    if policy is not None and policy.persona and card.persona is not None:
        return card.persona.question
    return card.question


def question_text(card: Card, policy: RoundPolicy) -> str:
    """The question as the interviewer says it: the design-scenario notice, who the
    interviewer plays in a customer round, then the question in that voice."""
    parts = []
    if card.notice:
        parts.append(card.notice)
    if policy.persona and card.persona:
        parts.append(f"For this one I'm {card.persona.name}, {card.persona.role}.")
    parts.append(spoken_question(card, policy))
    return " ".join(parts)
