"""Judges: grade a transcript against the card rubrics into a Scorecard."""
from .base import Answers, Judge, answers_from_transcript, measured_agreement, verify_quote
from .heuristic import HeuristicJudge

__all__ = ["Answers", "HeuristicJudge", "Judge", "answers_from_transcript",
           "measured_agreement", "verify_quote"]
