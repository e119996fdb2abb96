"""The question bank: card schema, loading, and the matching the offline judge uses."""
from .bank import Bank, CardError, default_bank, load_bank, load_card
from .index import CHAPTERS, QUESTION_CHAPTER, expected_ids
from .schema import LEVELS, PROVENANCE_TEXT, ROUND_TYPES, THEMES, Card, Criterion, NumberCheck

__all__ = [
    "Bank", "CHAPTERS", "Card", "CardError", "Criterion", "LEVELS", "NumberCheck",
    "PROVENANCE_TEXT", "QUESTION_CHAPTER", "ROUND_TYPES", "THEMES",
    "default_bank", "expected_ids", "load_bank", "load_card",
]
