"""The question bank: card schema, loading, and the matching the offline judge uses.

The names below load on first use (PEP 562), so that importing a light module of this
package (vocab, rounds) costs no pydantic: the CLI reads the round types for --help."""
from __future__ import annotations

import importlib

_EXPORTS = {
    "Bank": "bank", "CardError": "bank", "default_bank": "bank", "load_bank": "bank",
    "load_card": "bank",
    "CHAPTERS": "index", "QUESTION_CHAPTER": "index", "expected_ids": "index",
    "PROVENANCE_TEXT": "schema", "THEMES": "schema", "Card": "schema", "Criterion": "schema",
    "NumberCheck": "schema",
    "Part": "problems", "Problem": "problems", "ProblemError": "problems",
    "load_problem": "problems", "load_problems": "problems", "problem_ids": "problems",
    "LEVELS": "vocab", "ROUND_TYPES": "vocab", "VERDICTS": "vocab", "Level": "vocab",
    "RoundType": "vocab", "Verdict": "vocab",
}


def __getattr__(name: str):
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_EXPORTS[name]}"), name)


__all__ = sorted(_EXPORTS)
