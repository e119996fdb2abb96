"""The offline interviewer's wording: several phrasings per act, picked by a seeded RNG so a
session reads naturally yet replays identically. Never quotes the rubric or model answer."""
from __future__ import annotations

import random

ACK = [
    "Good: {q} is the right place to start.",
    "That's useful, especially {q}.",
    "Okay, {q} makes sense.",
    "Right, I like that you brought up {q}.",
    "Fair. {q} is a point a lot of people miss.",
]
ACK_PLAIN = ["Okay.", "Got it.", "Thanks.", "Understood.", "Alright."]
CHALLENGE = [
    "Let me stop you on one number. You put {quantity} at {claimed}. When I work it out I get "
    "{computed}: {arithmetic} Can you reconcile the two?",
    "Before we go on: you said {claimed} for {quantity}. My arithmetic gives {computed} "
    "({arithmetic}) Where does the difference come from?",
    "I want to check a figure. {quantity}: you said {claimed}, I get {computed}. {arithmetic} "
    "Which one do you stand by?",
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
