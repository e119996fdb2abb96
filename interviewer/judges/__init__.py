"""Judges: grade a transcript against the card rubrics into a Scorecard."""
from .base import Answers, Judge, answers_from_transcript, measured_agreement, verify_quote
from .heuristic import HeuristicJudge
from .scorecard import Agreement, CriterionVerdict, JudgeInfo, QuestionScore, Scorecard

__all__ = ["Agreement", "Answers", "CriterionVerdict", "HeuristicJudge", "Judge", "JudgeInfo",
           "QuestionScore", "Scorecard", "answers_from_transcript",
           "measured_agreement", "verify_quote"]
