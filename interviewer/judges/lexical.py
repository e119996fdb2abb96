"""How much of a criterion's own rubric vocabulary an answer uses: the weighted share of the
content words in the criterion's description and its solid and outstanding levels that appear
in the answer. Weights are inverse document frequency over every criterion in the bank, so
words that many criteria share ("customer", "model") count for little and distinctive ones
("preempt", "salt", "percentile") for a lot. Built from the rubric text alone, never from
graded transcripts."""
from __future__ import annotations

import math
import re
from functools import lru_cache

from rubrics import Bank, Card

_WORD = re.compile(r"[a-z][a-z0-9\-]{2,}")
_STOP = set("""about above after again against also although always among another answer any
anything are around because been before being below between both but can candidate cannot
could does doing done down during each either else enough even every few first from further
gives given goes good has have having here how however into its itself just keeps know less
like many may might more most much must names need needs never next no nor not now off often
once one only onto other others otherwise our out over own part per rather really same says
see shows should since some something still such than that the their them then there these
they thing things this those though three through thus too two under until upon use used uses
using very was way ways well were what when where whether which while who whom whose why will
with within without would yet you your answer answers level levels show explains explain
states state describes describe mentions mention gets get sets set makes make uses""".split())
_SUFFIXES = ("ations", "ation", "ments", "ment", "ings", "ing", "ness", "edly", "ies", "ied",
             "ed", "es", "ly", "s")


def stem(word: str) -> str:
    for suf in _SUFFIXES:
        if word.endswith(suf) and len(word) - len(suf) >= 4:
            return word[: -len(suf)]
    return word


def terms(text: str) -> set[str]:
    return {stem(w) for w in _WORD.findall(text.lower()) if w not in _STOP}


def _criterion_text(c) -> str:
    return " ".join([c.shows, c.levels.outstanding, c.levels.solid, c.probe])


@lru_cache(maxsize=4)
def _weights(bank_id: int, bank: Bank) -> dict[str, float]:
    docs = [terms(_criterion_text(c)) for card in bank for c in card.criteria]
    df: dict[str, int] = {}
    for d in docs:
        for t in d:
            df[t] = df.get(t, 0) + 1
    n = len(docs)
    return {t: math.log((n + 1) / (k + 0.5)) for t, k in df.items()}


class Lexicon:
    """Per-criterion weighted vocabularies for one bank."""

    def __init__(self, bank: Bank):
        self.w = _weights(id(bank), bank)
        self._vocab: dict[tuple[str, str], dict[str, float]] = {}
        for card in bank:
            for c in card.criteria:
                self._vocab[(card.id, c.id)] = {t: self.w.get(t, 0.0)
                                                for t in terms(_criterion_text(c))}

    def coverage(self, card: Card, criterion_id: str, answer_terms: set[str]) -> float:
        vocab = self._vocab.get((card.id, criterion_id), {})
        total = sum(vocab.values())
        if not total:
            return 0.0
        return sum(w for t, w in vocab.items() if t in answer_terms) / total
