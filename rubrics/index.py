"""The book's question index (chapter 1, "The question index, by chapter"): which
chapter each of the 33 questions belongs to, and the chapter titles."""
from __future__ import annotations

CHAPTERS: dict[int, str] = {
    1: "The role and the loop",
    2: "Batching and the KV Cache",
    3: "Scaling, Compressing and Diagnosing a Model Server",
    4: "Retrieval from First Principles to 50M Patient Records",
    5: "Structuring Agent Work",
    6: "Customer-Facing Agents",
    7: "Securing the Action Surface",
    8: "Regulated Decisions",
    9: "Evaluation: Proving It Works",
    10: "Operating in Production",
    11: "Data Pipelines",
    12: "The Coding Round",
    13: "The Case and Design Round",
    14: "The Behavioral Round",
}

# question number -> chapter, exactly as the index lists them
QUESTION_CHAPTER: dict[int, int] = {
    1: 2, 2: 2,
    3: 3, 4: 3, 5: 3,
    7: 4, 8: 4, 28: 4,
    9: 5, 11: 5, 12: 5,
    10: 6, 14: 6,
    13: 7, 16: 7,
    15: 8, 17: 8,
    18: 9, 19: 9, 21: 9,
    20: 10, 22: 10, 23: 10,
    6: 11, 27: 11,
    24: 12, 25: 12, 26: 12,
    29: 13, 30: 13, 31: 13,
    32: 14, 33: 14,
}

# Chapter 1's two extra cards: its worked example and the motivation question.
EXTRA_CARDS: dict[str, int] = {"fde-role": 1, "why-fde": 1}

# Questions 15, 21 and 30 have no interview source; the book answers them as design scenarios.
DESIGN_SCENARIOS = frozenset({15, 21, 30})


def expected_ids() -> dict[str, int]:
    """Every card id the bank must hold, with its chapter."""
    ids = {f"q{n:02d}": ch for n, ch in sorted(QUESTION_CHAPTER.items())}
    ids.update(EXTRA_CARDS)
    return ids
