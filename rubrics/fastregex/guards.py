"""Patterns led by a guard, `(?!guard)rest`, split so the rest is searched first and the
guard tried only where it matches (see finder.search). Pure string analysis of the pattern."""
from __future__ import annotations

NOWHERE = object()   # marks the split of a \A(?![\s\S]*?G)... pattern
_ANYWHERE = (r"[\s\S]*?", r"[\s\S]*")


def split_guard(pattern: str):
    """(guard, rest) for a pattern `(?!guard)rest` whose rest has no top-level `|`, else
    None. Such a guard ("not in a sentence that also says ...") can read hundreds of
    characters; tried at every position of a window it costs more than all the rest.
    `\\A(?![\\s\\S]*?G)[\\s\\S]*?X` ("X somewhere, G nowhere") gives (NOWHERE, (G, X,
    True)), and `\\A(?!...)X` (X at the start) (NOWHERE, (G, X, False)): ordinary searches
    instead of scans of the whole answer with G and X tried at each place."""
    if pattern.startswith("\\A(?!"):
        inner = split_guard(pattern[2:])
        if inner is None:
            return None
        guard, rest = inner
        bad = next((guard[len(a):] for a in _ANYWHERE if guard.startswith(a)), None)
        anywhere = rest.startswith(_ANYWHERE[0])
        want = rest[len(_ANYWHERE[0]):] if anywhere else rest
        if not bad or not want or _has_top_pipe(bad) or _has_top_pipe(want):
            return None
        return NOWHERE, (bad, want, anywhere)
    if not pattern.startswith("(?!"):
        return None
    end = _group_end(pattern)
    if end is None or end == len(pattern) - 1 or _has_top_pipe(pattern[end + 1:]):
        return None
    return pattern[3:end], pattern[end + 1:]


def _scan(pattern: str):
    """(index, character, depth before it) of each character outside escapes and sets."""
    depth, i, in_set = 0, 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if in_set:
            in_set = ch != "]"
        elif ch == "[":
            in_set = True
            if pattern.startswith("]", i + 1) or pattern.startswith("^]", i + 1):
                i += 2 if pattern[i + 1] == "]" else 3
                continue
        else:
            yield i, ch, depth
            depth += (ch == "(") - (ch == ")")
        i += 1


def _group_end(pattern: str) -> int | None:
    """Where the group that opens the pattern closes."""
    return next((i for i, ch, depth in _scan(pattern) if ch == ")" and depth == 1), None)


def _has_top_pipe(pattern: str) -> bool:
    return any(ch == "|" and depth == 0 for _, ch, depth in _scan(pattern))
