"""Searching a pattern only where a match can be: `search` and `finditer` find exactly what
`re.search(pattern, text, re.IGNORECASE)` and its finditer find (tests/rubrics/
test_fastregex.py), on the lowered answer where the pattern allows, tried only around the
literals a match must contain. `use_plain_re()` (or FDE_INTERVIEW_PLAIN_RE=1 in the
environment) switches every search to plain `re` on the pattern as written."""
from __future__ import annotations

import os
import re
import threading
from functools import lru_cache

from .analysis import (ANCHOR_SPREAD, shortest_only, effective, literal_offsets, lowered,
                       required_literals, window_slack)
from .guards import NOWHERE, split_guard

_PLAIN = os.environ.get("FDE_INTERVIEW_PLAIN_RE", "") not in ("", "0")


def use_plain_re(on: bool = True) -> None:
    """Search with plain `re` (`re.search(pattern, text, re.IGNORECASE)`, no capping, no
    prefilter, no lowering) when `on`, with the accelerator otherwise: a way back should the
    stdlib parser the accelerator reads ever change."""
    global _PLAIN
    _PLAIN = bool(on)
    _PLANS.clear()
    _GUARDED.clear()


def plain_re() -> bool:
    """Whether searches use plain `re` (see use_plain_re)."""
    return _PLAIN


@lru_cache(maxsize=None)   # the cards' patterns: a fixed, finite set
def _rx(pattern: str) -> re.Pattern:
    """The searched form, case-blind, for the answer as written."""
    return re.compile(effective(pattern), re.IGNORECASE)



@lru_cache(maxsize=None)
def _rx_low(pattern: str) -> re.Pattern | None:
    """The searched form for the lowered answer (see `lowered`), or None."""
    low = lowered(effective(pattern))
    try:
        return re.compile(low) if low is not None else None
    except re.error:
        return None


_SEEN = threading.local()   # one answer's literal positions, per thread (judges run in threads)


def _memo(low: str) -> dict[str, list[int]]:
    """Literal -> where it occurs in `low` ([] if nowhere), kept while the same answer is
    being read: many patterns share their literals."""
    if getattr(_SEEN, "text", None) is not low:
        _SEEN.text, _SEEN.found = low, {}
    return _SEEN.found


def _find_all(low: str, lit: str) -> list[int]:
    found, i = [], low.find(lit)
    while i != -1:
        found.append(i)
        i = low.find(lit, i + 1)
    return found


_PLANS: dict[str, tuple] = {}


def _plan(pattern: str) -> tuple:
    """(regex, whether it reads the lowered answer, required literals, their offsets in a
    match, window slack): all a search needs, in one lookup."""
    plan = _PLANS.get(pattern)
    if plan is None and _PLAIN:
        plan = _PLANS[pattern] = (re.compile(pattern, re.IGNORECASE), False, (), None, None)
    if plan is None:
        rx = _rx_low(pattern)
        lits = required_literals(pattern)
        plan = _PLANS[pattern] = (rx or _rx(pattern), rx is not None, lits,
                                  literal_offsets(pattern) if lits else None,
                                  window_slack(pattern) if lits else None)
    return plan


def _where(pattern: str, text: str, low: str | None) -> tuple:
    """(regex, the string it reads, starts, windows): `starts` is the sorted positions where a
    match may begin (or None), `windows` the (start, end) ranges to search (or None for the
    whole string). Every match contains one of the pattern's required literals, at an offset
    from its start that the parse tree bounds, so:
    - no literal in the answer, no match: ([], None);
    - a narrow offset: a match can begin only at a literal's position less one of a few
      offsets, each tried with match() on the whole string (exact by construction);
    - otherwise a window per literal from the earliest start of a match around it to the
      farthest its lookarounds can read (slack): searching there finds the same leftmost
      matches as searching everywhere, since windows never cut a match that contains a
      literal inside them, and lookbehinds and \\b still see the whole string."""
    rx, on_low, lits, offsets, slack = _PLANS.get(pattern) or _plan(pattern)
    if _PLAIN:
        return rx, text, None, None
    low = text.lower() if low is None else low
    if len(low) != len(text):   # lowering changed the length (a rare letter such as İ):
        return _rx(pattern), text, None, None   # positions would shift, so read it whole
    subject = low if on_low else text
    if not lits:
        return rx, subject, None, None
    memo, found = _memo(low), []
    for lit in lits:
        at = memo.get(lit)
        if at is None:
            at = memo[lit] = _find_all(low, lit)
        if at:
            found += [(i, i + len(lit)) for i in at]
    if not found:   # the common case: none of its literals is in the answer
        return rx, subject, [], None
    if offsets is not None and offsets[1] - offsets[0] < ANCHOR_SPREAD:
        first, last = offsets
        starts = sorted({i - k for i, _ in found for k in range(first, last + 1) if i >= k})
        return rx, subject, starts, None
    if slack is None:
        return rx, subject, None, None
    n, windows = len(low), []
    for i, j in sorted(found):
        a, b = ((i - offsets[1], i - offsets[0] + slack) if offsets
                else (i - slack, j + slack))
        a, b = max(0, a), min(n, b)
        if windows and a <= windows[-1][1]:
            windows[-1][1] = max(windows[-1][1], b)
        else:
            windows.append([a, b])
    return rx, subject, None, windows


def finditer(pattern: str, text: str, low: str | None = None):
    """`re.finditer` for a cue, tried only where a match can be (see `_where`). Like
    `search`, matches may be made on the lowered text: use their spans."""
    rx, subject, starts, windows = _where(pattern, text, low)
    if starts is not None:
        end = 0
        for x in starts:   # matches contain a literal, so are never empty
            if x >= end and (m := rx.match(subject, x)):
                end = m.end()
                yield m
        return
    if windows is None:
        yield from rx.finditer(subject)
        return
    for a, b in windows:
        yield from rx.finditer(subject, a, b)


def search(pattern: str, text: str, low: str | None = None) -> re.Match | None:
    """`re.search(pattern, text, re.IGNORECASE)`, made fast; the match may be made on the
    lowered text (`low`, text.lower()), so read its span, not its group. Python's engine
    tries every alternative at every position of a long answer; this tries them only where a
    match can begin (see `_where`). A pattern led by a guard, `(?!...)rest`, is searched as
    its rest, with the guard tried only where the rest matches."""
    split = _GUARDED.get(pattern, False)
    if split is False:
        split = _GUARDED[pattern] = None if _PLAIN else split_guard(pattern)
    if split is None:
        return _search_from(pattern, text, low, 0)
    guard, rest = split
    if guard is NOWHERE:   # \A(?![\s\S]*?G)[\s\S]*?X: no G anywhere, then the first X
        bad, want, anywhere = rest
        if _search_from(bad, text, low, 0) is not None:
            return None
        if anywhere:
            m = _search_from(want, text, low, 0)
        else:                # \A(?!...)X: X at the very start
            rx, subject, _, _ = _where(want, text, low)
            m = rx.match(subject, 0)
        return _Span(m.string, 0, m.end()) if m else None
    pos = 0
    while (m := _search_from(rest, text, low, pos)) is not None:
        # the guard reads what the rest read: the lowered answer, or the answer as written
        rx = (_rx_low(guard) or _rx(guard)) if m.string is not text else _rx(guard)
        if not rx.match(m.string, m.start()):
            return m
        pos = m.start() + 1   # the rest may match again, overlapping, further on
    return None


def _search_from(pattern: str, text: str, low: str | None, pos: int) -> re.Match | None:
    """The leftmost match starting at `pos` or later."""
    rx, subject, starts, windows = _where(pattern, text, low)
    if starts is not None:
        for x in starts:
            if x >= pos and (m := rx.match(subject, x)):
                return m
        return None
    if windows is None:
        return rx.search(subject, pos)
    for a, b in windows:
        if b > pos and (m := rx.search(subject, max(a, pos), b)):
            return m
    return None



_GUARDED: dict[str, tuple | None] = {}


class _Span:
    """A match's span, for a pattern searched in parts."""
    def __init__(self, string: str, start: int, end: int):
        self.string, self._span = string, (start, end)

    def start(self) -> int:
        return self._span[0]

    def end(self) -> int:
        return self._span[1]

    def span(self) -> tuple[int, int]:
        return self._span



class PatternGroup:
    """A fixed list of patterns searched together over many answers (the injection check runs
    about a hundred on every answer). Their required literals are found in one pass of a
    trie-shaped regex instead of one `str.find` per literal, then each pattern is searched as
    `search` does. With a few hundred literals the pass costs about half the separate finds."""

    def __init__(self, patterns):
        self.patterns = tuple(patterns)
        self._rx: re.Pattern | None = None

    def _build(self) -> None:
        lits = sorted({x for p in self.patterns for x in required_literals(p)})
        # a literal that extends another is found where that one is: the trie holds only the
        # shortest, so no two of its words start at the same place
        self._base = shortest_only(lits)
        base = set(self._base)
        self._longer = {x: next(y for y in self._base if x.startswith(y))
                        for x in lits if x not in base}
        trie: dict = {}
        for word in self._base:
            node = trie
            for ch in word:
                node = node.setdefault(ch, {})
            node[""] = {}

        def emit(node: dict) -> str:
            alts = [re.escape(ch) + emit(sub) for ch, sub in sorted(node.items()) if ch]
            if not alts:
                return ""
            return alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        # with no literals an empty trie would match everywhere: find nothing ahead instead
        self._rx = re.compile("(?=(" + emit(trie) + "))" if trie else "(?!)")

    def prime(self, low: str) -> None:
        """Record where each of the group's literals occurs in `low` (a lowered answer), for
        the searches that follow on the same string."""
        if self._rx is None:
            self._build()
        memo = _memo(low)
        found: dict[str, list[int]] = {x: [] for x in self._base}
        for m in self._rx.finditer(low):
            found[m.group(1)].append(m.start())
        memo.update(found)
        for x, y in self._longer.items():
            memo[x] = [i for i in found[y] if low.startswith(x, i)]

    def any_hit(self, text: str) -> bool:
        low = text.lower()
        self.prime(low)
        return any(search(p, text, low) for p in self.patterns)
