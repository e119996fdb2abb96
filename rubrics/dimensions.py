"""Rubric dimensions shared by every card, on top of its own criteria."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Dimension(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str
    name: str
    scale: tuple[str, ...]
    meaning: dict[str, str]


FOUR_STEP = ("outstanding", "solid", "borderline", "poor")

SHAPE = Dimension(
    id="shape", name="Four-part shape", scale=("present", "missing"),
    meaning={
        "claim": "answers the question in the first sentence, in the candidate's own words",
        "number": "gives the figure that makes the claim checkable, with source or arithmetic",
        "tradeoff": "names what the choice costs and when they would choose differently",
        "next_step": "ends on what they would do or ask next",
    })

ACCURACY = Dimension(
    id="accuracy", name="Technical accuracy (numbers verified)", scale=FOUR_STEP,
    meaning={
        "outstanding": "every number stated is checked by a tool and right, with its arithmetic",
        "solid": "the key numbers are right; a minor slip is corrected when challenged",
        "borderline": "numbers are vague or one key figure is wrong and not corrected",
        "poor": "no numbers, or wrong ones defended",
    })

DEPTH = Dimension(
    id="depth", name="Depth under follow-ups", scale=FOUR_STEP,
    meaning={
        "outstanding": "each follow-up, including a changed requirement, gets a reasoned "
                       "revision that keeps the earlier numbers consistent",
        "solid": "follow-ups are answered with the right mechanism, some detail missing",
        "borderline": "follow-ups repeat the first answer or drift to generalities",
        "poor": "follow-ups are dodged or contradict the first answer",
    })

# Stripe's Atlas guide publishes a 1-to-4 communication rubric (chapter 1).
COMMUNICATION = Dimension(
    id="communication", name="Communication (1-4)", scale=("4", "3", "2", "1"),
    meaning={
        "4": "conveys their own trajectory, decisions and impact; structured and concise",
        "3": "clear and mostly about their own work, with some wandering",
        "2": "hard to follow, or mostly about the team rather than their part",
        "1": "talks exclusively about things other than their personal work and contributions",
    })

OVERALL = Dimension(
    id="overall", name="Overall level", scale=FOUR_STEP,
    meaning={
        "outstanding": "would raise the bar: complete, correct, checkable, and honest about costs",
        "solid": "hire signal: covers the weighty criteria with right numbers",
        "borderline": "mixed: misses weighty criteria or numbers, recovers only partly",
        "poor": "no hire signal on this question",
    })

SHARED_DIMENSIONS: tuple[Dimension, ...] = (SHAPE, ACCURACY, DEPTH, COMMUNICATION, OVERALL)
