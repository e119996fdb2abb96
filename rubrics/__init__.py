"""The question bank: card schema, loading, and the matching the offline judge uses."""
from .bank import Bank, CardError, default_bank, load_bank, load_card
from .index import CHAPTERS, QUESTION_CHAPTER, expected_ids
from .schema import PROVENANCE_TEXT, THEMES, Card, Criterion, NumberCheck
from .vocab import LEVELS, ROUND_TYPES, VERDICTS, Level, RoundType, Verdict

__all__ = [
    "Bank", "CHAPTERS", "Card", "CardError", "Criterion", "LEVELS", "Level", "NumberCheck",
    "PROVENANCE_TEXT", "QUESTION_CHAPTER", "ROUND_TYPES", "RoundType", "THEMES", "VERDICTS",
    "Verdict",
    "default_bank", "expected_ids", "load_bank", "load_card",
]
