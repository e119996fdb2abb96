"""Reading an answer in normalised form: contractions expanded ("I'd" -> "i would", "can't"
-> "can not"), every word replaced by its dictionary form with simplemma (English data shipped
in the package; nothing is downloaded): "taken out" reads as "take out", "I'd missed it" as "i
would miss it". A card pattern is searched as written in the answer as written and, if that
finds nothing, in its normalised form (its literal words lemmatised the same way; auxiliaries,
negations, "-ing" terms and regex stems left as written, so a pattern is never loosened past
its own words) in the normalised answer; a match there is mapped back to the answer's words.
The heuristic judge reads the poor level's patterns this way (a mistake counts in any tense)."""
from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache

from simplemma import lemmatize

from .fastregex import search as _search

# Contractions: a closed set in English, expanded before lemmatising.
_CONTRACTIONS = {"n't": " not", "'d": " would", "'ll": " will", "'ve": " have", "'re": " are",
                 "'m": " am"}
_IRREGULAR_NOT = {"won't": "will not", "can't": "can not", "shan't": "shall not",
                  "ain't": "is not"}
_S_PRONOUNS = {"it", "that", "there", "what", "he", "she", "here", "who", "where", "this",
               "let"}
# Auxiliaries carry tense and aspect, not the claim: "I'd missed" and "I missed" say the same.
_AUX = frozenset({"be", "have", "do", "will", "would", "shall", "am", "is", "are", "was",
                  "were", "been", "being", "has", "had", "did", "does"})
_TOKEN = re.compile(r"[a-z]+(?:['\u2019][a-z]+)?")


@lru_cache(maxsize=65536)
def lemma(word: str) -> str:
    """The dictionary form of one lowered word ('' for an auxiliary)."""
    return lemmatize(word, lang="en").lower()


@lru_cache(maxsize=65536)
def _norm_token(token: str) -> str:
    """One lowered token of the answer in normalised form: its words' dictionary forms, an
    auxiliary dropped ('' when nothing is left). Cached whole: an answer is mostly words the
    cache has already seen, and this runs once per word of every answer read."""
    return " ".join(x for x in (lemma(w) for w in _expand(token)) if x)


def _expand(word: str) -> list[str]:
    """A lowered token with an apostrophe, as the words it stands for."""
    w = word.replace("\u2019", "'")
    if w in _IRREGULAR_NOT:
        return _IRREGULAR_NOT[w].split()
    for suffix, full in _CONTRACTIONS.items():
        if w.endswith(suffix) and len(w) > len(suffix):
            return [w[:-len(suffix)], full.strip()]
    if w.endswith("'s"):
        base = w[:-2]
        return [base, "is"] if base in _S_PRONOUNS else [base]
    return [w]


class Reading:
    """An answer as written (`text`, `low`) and normalised (`norm`), with a map from every
    position of `norm` back to the answer."""
    __slots__ = ("text", "low", "_norm", "_starts", "_origin")

    def __init__(self, text: str, low: str | None = None):
        self.text = text
        self.low = text.lower() if low is None else low
        self._norm = None

    def _build(self) -> None:
        parts, starts, origin, pos, last = [], [], [], 0, 0
        for m in _TOKEN.finditer(self.low):
            gap = self.low[last:m.start()]
            if gap:
                parts.append(gap)
                starts.append(pos)
                origin.append(last)
                pos += len(gap)
            out = _norm_token(m.group())
            if out:
                parts.append(out)
                starts.append(pos)
                origin.append(m.start())
                pos += len(out)
            elif parts and parts[-1].endswith(" ") and self.low[m.end():m.end() + 1] == " ":
                last = m.end() + 1   # a dropped word takes one of its spaces with it
                continue
            last = m.end()
        if last < len(self.low):
            parts.append(self.low[last:])
            starts.append(pos)
            origin.append(last)
        self._norm = "".join(parts)
        self._starts, self._origin = starts, origin

    @property
    def norm(self) -> str:
        if self._norm is None:
            self._build()
        return self._norm

    def to_text(self, a: int, b: int) -> tuple[int, int]:
        """A span of `norm` as the span of the answer's words it came from."""
        self.norm
        i = max(0, bisect_right(self._starts, a) - 1)
        j = max(0, bisect_right(self._starts, max(a, b - 1)) - 1)
        start = self._origin[i]
        end_tok = self._origin[j]
        m = _TOKEN.match(self.low, end_tok)
        end = m.end() if m else end_tok + (b - self._starts[j])
        return start, max(end, start + 1)


_PATTERN_WORD = re.compile(r"\\.|\(\?P?<[a-zA-Z_]\w*>|\(\?P=\w+\)|\(\?[a-zA-Z-]+[:)]|"
                           r"\{\d*,?\d*\}|([A-Za-z]+(?:'[a-z]+)?)")


@lru_cache(maxsize=None)
def normalised_pattern(pattern: str) -> str | None:
    """The pattern with each literal word lemmatised like the answer (escapes, group names and
    inline flags left alone); None when the result does not compile."""
    def sub(m: re.Match) -> str:
        word = m.group(1)
        if word is None:
            return m.group(0)
        nxt = pattern[m.end():m.end() + 2]
        if nxt[:1] in ("?", "*", "+", "{", ".", "[", "\\") or nxt[:1].isalnum():
            return word          # a stem written for a regex suffix, or "won.t": leave it
        if word.lower().endswith("ing"):
            return word          # "chunking", "batching": a term, kept as the card wrote it
        words = [lemma(w) for w in _expand(word.lower())]
        if not all(words):
            return word          # an auxiliary or negation stays as written: never loosened
        return " ".join(words)
    out = _PATTERN_WORD.sub(sub, pattern)
    try:
        re.compile(out, re.IGNORECASE)
    except re.error:
        return None
    return out


def find(pattern: str, r: Reading):
    """(start, end) of the first match in the answer, as written or in normalised form."""
    m = _search(pattern, r.text, r.low)
    if m:
        return m.start(), m.end()
    alt = normalised_pattern(pattern)
    if alt is None:
        return None
    m = _search(alt, r.norm, r.norm)
    if m is None or m.end() <= m.start():
        return None
    return r.to_text(m.start(), m.end())
