"""A regex accelerator for the cards' patterns: `search` and `finditer` find exactly what
`re.search(pattern, text, re.IGNORECASE)` finds (tests/rubrics/test_fastregex.py is the
contract), about ten times faster over the judge's thousands of patterns per answer, by
reading CPython's own regex parser (`re._parser`) for the literals every match must contain.
`use_plain_re()` or FDE_INTERVIEW_PLAIN_RE=1 switches back to plain `re`."""
from .analysis import (effective, literal_offsets, lowered, pattern_table, required_literals,
                       seed_patterns)
from .finder import PatternGroup, finditer, plain_re, search, use_plain_re

__all__ = ["PatternGroup", "effective", "finditer", "literal_offsets", "lowered",
           "pattern_table", "plain_re", "required_literals", "search", "seed_patterns",
           "use_plain_re"]
