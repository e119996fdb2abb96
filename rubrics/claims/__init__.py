"""The claim reader: every checkable quantity in an answer, bound to the conditions the
candidate stated and checked by the calculators (see reader.py for the record shape)."""
from .reader import compute, read_claims, sentences
from .policy import CHALLENGE_REL, HEDGED_REL, REL, judge, tolerance

__all__ = ["CHALLENGE_REL", "HEDGED_REL", "REL", "compute", "judge", "read_claims",
           "sentences", "tolerance"]
