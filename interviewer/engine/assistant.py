"""The AI assistant of the AI-enabled round: what it says to a candidate's /ask, and when it
plants one of the card's mistakes. Offline it answers from the card (the model answer's
sentences nearest the question, a calculator's value, the card's terms); with a model the
model answers. Either way the round's policy decides when a planted mistake replaces the
offline reply or is appended to the model's, so the drill is the same on every backend."""
from __future__ import annotations

import random
import re

from rubrics import Card
from rubrics import plants as plant_rules
from rubrics.checks import computed_value
from rubrics.rounds import RoundPolicy
from rubrics.schema import Plant
from tools import ToolError
from tools.units import format_value

from .state import EngineContext, QuestionRecord

FORBIDDEN = ("This interview forbids AI assistance: /ask is off. Answer on your own, as you "
             "would where a company bans AI in live interviews.")
_STOP = frozenset("the a an and or of to in on for is are was be it this that with what how why "
                  "which when do does can could would should i you we my our your me at by as "
                  "from about into than then them they their there here just".split())
_WORD = re.compile(r"[a-z][a-z0-9_-]+")


def refusal(ctx: EngineContext) -> str | None:
    """Why /ask is refused in this session, or None when the assistant is on."""
    if ctx.assistant:
        return None
    if ctx.assistant_forbidden:
        return FORBIDDEN
    return (f"The {ctx.policy.title} round has no AI assistant. /ask works in the ai-enabled "
            "round, and in coding and system-design rounds when the interview allows AI.")


def choose_plant(card: Card, policy: RoundPolicy, rec: QuestionRecord, question: str,
                 seed: int) -> tuple[Plant | None, int]:
    """(the plant this reply carries or None, the count of replies so far that touched a
    plantable topic). The policy's `plant_on`-th such reply plants, once per question; which
    of the fitting plants is a seeded pick, so a re-run plants the same."""
    fits = plant_rules.fitting(card, question)
    touches = int(rec.get("touches") or 0) + (1 if fits else 0)
    if not fits or rec.get("planted") or touches != policy.plant_on:
        return None, touches
    return random.Random(f"{seed}:{card.id}:{touches}").choice(fits), touches


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP}


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])", text) if s.strip()]


def offline_reply(card: Card, question: str, plant: Plant | None) -> str:
    """The offline assistant's reply: the planted mistake when there is one (said as the whole
    reply, confidently), else the card's sentences nearest the question, a calculator value
    the question asks about, and the card's terms it touches."""
    if plant is not None:
        return plant.says
    asked = _words(question)
    pieces = [s for part in (card.model_answer.claim, card.model_answer.number,
                             card.model_answer.tradeoff, card.model_answer.next_step)
              for s in _sentences(part)]
    scored = sorted(((len(asked & _words(s)), i) for i, s in enumerate(pieces)), reverse=True)
    best = sorted(i for n, i in scored[:2] if n > 0) or [0]
    lines = [" ".join(pieces[i] for i in best)]
    check = max(card.number_checks, default=None,
                key=lambda n: len(asked & _words(n.quantity)))
    if check is not None and len(asked & _words(check.quantity)) >= 2:
        try:
            value = format_value(computed_value(check), check.unit)
            lines.append(f"By the {check.tool} calculator, {check.quantity}: {value}. "
                         f"{check.arithmetic}")
        except ToolError:
            pass   # a card whose call is wrong: the sentences stand alone
    terms = [t for t in card.vocabulary if _words(t) & asked]
    if terms:
        lines.append("Terms worth using: " + ", ".join(terms[:4]) + ".")
    return "\n\n".join(lines)


def with_plant(model_reply: str, plant: Plant | None) -> str:
    """A model's reply with the planted mistake appended (the model never sees the plant)."""
    return model_reply if plant is None else f"{model_reply.rstrip()}\n\n{plant.says}"
