"""The offline interviewer's wording: several phrasings per act, picked by a seeded RNG so a
session reads naturally yet replays identically. Never quotes the rubric or model answer."""
from __future__ import annotations

import random

from rubrics import Card
from rubrics.claims.wording import conditions_phrase
from tools.units import format_value

from .state import Assessment

ACK = [
    "Good: {q} is the right place to start.",
    "That's useful, especially {q}.",
    "Okay, {q} makes sense.",
    "Right, I like that you brought up {q}.",
    "Fair. {q} is a point a lot of people miss.",
]
ACK_PLAIN = ["Okay.", "Got it.", "Thanks.", "Understood.", "Alright."]
CHALLENGE = [
    "Let me stop you on one number. You put {quantity} at {claimed}. With {conditions}, I get "
    "{computed}. Can you reconcile the two?",
    "Before we go on: you said {claimed} for {quantity}. With {conditions}, my arithmetic "
    "gives {computed}. Where does the difference come from?",
    "I want to check a figure. {quantity}: you said {claimed}; with {conditions} I get "
    "{computed}. Which one do you stand by?",
]
CLARIFY = [
    "Quick check on {claimed} for {quantity}: {asks}",
    "Before I check {claimed}: {asks}",
    "One thing about {claimed} ({quantity}). {asks}",
]
PROBE_LEAD = ["", "Let me push on something. ", "One more angle. ", "Let's go a level deeper. ",
              "I'd like to hear more here. "]
CHANGE_LEAD = ["Let me change the problem. ", "New information from the customer: ",
               "Suppose the requirements change. ", "Here's a twist. "]
PUSHBACK_LEAD = ["", "Honestly, ", "Look, ", "I'll be frank: "]
CONTRIBUTION = [
    "What did you do yourself there, as opposed to the team?",
    "Walk me through your own part. What did you decide or build?",
    "If I asked your manager what you personally did there, what would they say?",
]
METRIC = [
    "How did you know it worked? Give me a number.",
    "What changed, measurably, because of that?",
    "What metric moved, and by how much?",
]
MOVE_ON = ["Let's move on.", "Good, let's go to the next one.", "Okay, next question.",
           "Let's switch topics."]
TIME_UP = ["In the interest of time, let's move on.", "We're over time on this one; let's move on."]
SKIPPED = ["No problem, let's skip that one.", "Sure, we'll leave that one."]
WRAP = [
    "That's all the questions I have. What questions do you have for me?",
    "We're at time on my side. What would you like to ask me?",
]
CLOSING = [
    "Thanks for your time. Your scorecard follows.",
    "That's the end of the interview. Here is how it went.",
]


class Voice:
    """Deterministic phrase picker: the same seed and event number give the same words."""

    def __init__(self, seed: int, counter: int):
        self.rng = random.Random(f"{seed}:{counter}")

    def pick(self, options: list[str], **kw) -> str:
        return self.rng.choice(options).format(**kw)


def fmt(value: float, unit: str) -> str:
    """A computed number as the interviewer says it."""
    if unit == "percent":
        return f"{value:.1f}%"
    if unit == "fraction":
        return f"{value:.3f}"
    if abs(value) >= 1000:
        text = f"{value:,.0f}"
    elif abs(value) >= 10:
        text = f"{value:.1f}".rstrip("0").rstrip(".")
    else:
        text = f"{value:.3g}"
    return f"{text} {unit}" if unit not in ("count", "x") else (text + ("x" if unit == "x" else ""))


def _snippet(assessment: Assessment, card: Card) -> str | None:
    covered = assessment.get("covered") or {}
    for c in sorted(card.criteria, key=lambda c: -c.weight):
        if covered.get(c.id):
            s = covered[c.id][0].strip()
            return s if len(s) <= 60 else s[:57] + "..."
    return None


def follow_up_draft(v: Voice, card: Card, kind: str, target: str | None,
                    assessment: Assessment, asked: list[str]) -> str:
    """The offline interviewer's words for a follow-up the router chose (the model, if any,
    rewords this draft). `asked`: the follow-ups already asked on this question."""
    snippet = _snippet(assessment, card)
    ack = v.pick(ACK, q=f"\u201c{snippet}\u201d") if snippet else v.pick(ACK_PLAIN)
    by_id = {f.id: f for f in card.follow_ups}
    if kind in ("challenge", "clarify"):   # always with the conditions used, in human units
        tc = next(t for t in assessment["tool_checks"] if t.get("check") == target)
        conditions = (conditions_phrase(tc.get("conditions") or {})
                      or ", ".join(f"{k} {val}" for k, val in tc["args"].items()))
        return v.pick(CHALLENGE if kind == "challenge" else CLARIFY, quantity=tc["quantity"],
                      claimed=tc["claimed_text"], computed=format_value(tc["computed"], tc["unit"]),
                      conditions=conditions, asks=tc.get("asks") or "")
    if kind == "probe":
        crit = next(c for c in card.criteria if c.id == target)
        return f"{ack} {v.pick(PROBE_LEAD)}{crit.probe}"
    if kind == "change":
        return f"{ack} {v.pick(CHANGE_LEAD)}{by_id[target].text}"
    if kind == "pushback":
        if target:
            return f"{v.pick(PUSHBACK_LEAD)}{by_id[target].text}"
        return (f"{v.pick(PUSHBACK_LEAD)}speaking as {card.persona.role}, I'm not "
                f"convinced yet. What would you tell my board on Monday?")
    if kind in ("contribution", "metric"):
        own = [f for f in card.follow_ups if f.kind == kind and f.id not in asked]
        return own[0].text if own else v.pick(CONTRIBUTION if kind == "contribution" else METRIC)
    return f"{ack} {by_id[target].text}"   # deepen
