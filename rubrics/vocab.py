"""The domain's words that live below the engine, declared once: the four-step level, the
verdict on a criterion, and the round types. Everything that names one imports it from here;
they stay plain strings in every file and transcript (the Literal types validate them)."""
from __future__ import annotations

from typing import Literal, get_args

# The four-step scale, best first.
Level = Literal["outstanding", "solid", "borderline", "poor"]
LEVELS: tuple[Level, ...] = get_args(Level)
LEVELS_ASCENDING: tuple[Level, ...] = tuple(reversed(LEVELS))   # poor first: index = rank


def level_rank(level: str) -> int:
    """0 for poor up to 3 for outstanding: ranks can be averaged and compared."""
    return LEVELS_ASCENDING.index(level)


def level_at(rank: int) -> Level:
    """The level of a rank (see level_rank)."""
    return LEVELS_ASCENDING[rank]


# A criterion's verdict: what a labeller writes and a judge gives; a judge that could not grade
# a criterion says "unscored", which is never read as a pass.
Verdict = Literal["met", "partial", "missing"]
VERDICTS: tuple[Verdict, ...] = get_args(Verdict)
UNSCORED = "unscored"
VERDICT_RANK: dict[str, int] = {v: i for i, v in enumerate(reversed(VERDICTS))}   # missing 0
JudgeVerdict = Literal[Verdict, "unscored"]
VERDICT_CREDIT: dict[str, float] = {"met": 1.0, "partial": 0.5, "missing": 0.0}
# What a candidate reads for a verdict: "missing" is the stored value (data), but what it means
# is that the judge found no evidence, which is not the same as the candidate leaving it out.
VERDICT_SHOWN: dict[str, str] = {"met": "met", "partial": "partial", "missing": "not found",
                                 UNSCORED: UNSCORED}

# The interview rounds, in the order they are offered.
RoundType = Literal["screen", "technical", "system-design", "coding", "case", "customer",
                    "behavioral", "ai-enabled"]
ROUND_TYPES: tuple[RoundType, ...] = get_args(RoundType)

# What became of a mistake the AI assistant planted (rubrics/plants.outcome): questioned or
# corrected before the candidate built on it; corrected after building on it; built on and
# never corrected; or neither used nor questioned.
PlantOutcome = Literal["caught", "caught-late", "accepted", "unchallenged"]
PLANT_OUTCOMES: tuple[PlantOutcome, ...] = get_args(PlantOutcome)

# Meta's AI-enabled round is scored on these four dimensions (chapter 1, after Hello
# Interview); the scorecard's verification section gives each a level.
MetaDimension = Literal["problem solving", "code quality", "verification", "communication"]
META_DIMENSIONS: tuple[MetaDimension, ...] = get_args(MetaDimension)
# How a candidate checked what the assistant gave them.
CheckMethod = Literal["ran the numbers", "wrote a test", "asked for a source"]
CHECK_METHODS: tuple[CheckMethod, ...] = get_args(CheckMethod)
