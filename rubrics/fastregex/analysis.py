"""What searching a pattern fast needs, worked out from CPython's own regex parser
(`re._parser`, private: tests/rubrics/test_fastregex.py is the contract that this stays
exact): the searched form (runs capped, led by a first-character lookahead), the lowered form,
the literals every match must contain and where they sit in a match, and how far a match can
read around them. Memoised per pattern; the bank cache carries the tables (pattern_table)."""
from __future__ import annotations

import re

from .guards import NOWHERE, split_guard

# A match must start where its required literal sits, less the literal's offset in it: when
# the offset can take at most this many values, each possible start is tried with match().
ANCHOR_SPREAD = 4


# A run of one character class (\w*, \d+, \s*, [^.]*) matches at most RUN_CAP characters (a
# bracketed set, SET_CAP): no word, number or gap between words in an answer is longer, and
# bounded patterns can be searched only near the text they must contain. `.*` and the
# any-character sets ([\s\S]) stay unbounded, for patterns that mean "anywhere in the answer".
RUN_CAP, SET_CAP = 40, 200
# Read token by token, so an escape or a bracketed set is taken whole: `\s*` inside `[\s*#]`
# is part of the set, not a run. Only a class or set followed by * or + is a run.
_RUN = re.compile(r"(\\[wdsWDS]|\[(?:\\.|[^\]\\])+\])([*+])(?![+{])|\\.|\[(?:\\.|[^\]\\])+\]")
_ANY_SET = re.compile(r"\\s\\S|\\S\\s|\\w\\W|\\W\\w|\\d\\D|\\D\\d")


def _capped(m: re.Match) -> str:
    cls, op = m.group(1), m.group(2)
    if op is None or (cls.startswith("[") and _ANY_SET.search(cls)):
        return m.group(0)
    cap = SET_CAP if cls.startswith("[") else RUN_CAP
    return f"{cls}{{{0 if op == '*' else 1},{cap}}}"


_EFFECTIVE: dict[str, str] = {}


def effective(pattern: str) -> str:
    """The pattern as it is searched: character-class runs capped (see RUN_CAP), and led by a
    lookahead for the characters a match can start with, which lets the engine reject most
    positions of an answer on one character instead of trying every alternative there.
    Memoised; the bank cache carries the table."""
    found = _EFFECTIVE.get(pattern)
    if found is None:
        capped = _RUN.sub(_capped, pattern)
        first = _first_chars(pattern)
        found = capped
        if first and not re.match(r"\(\?[a-zA-Z]+\)", capped):   # global flags must lead
            found = f"(?=[{''.join(re.escape(c) for c in sorted(first))}])(?:{capped})"
        _EFFECTIVE[pattern] = found
    return found


def _first_chars(pattern: str) -> frozenset[str] | None:
    """Every character a match can start with (both cases), or None when that cannot be told
    (a class such as any word character, a negated set, a pattern that can match nothing)."""
    from re import _constants as C
    try:
        tree = _parsed(pattern)
    except Exception:
        return None

    def seq(items) -> tuple[set[str] | None, bool]:
        """(first characters, whether the sequence can match the empty string)"""
        out: set[str] = set()
        for op, av in items:
            if op in (C.AT, C.ASSERT, C.ASSERT_NOT):
                continue                                   # zero-width
            if op is C.LITERAL:
                return out | {chr(av)}, False
            if op is C.IN:
                chars = set()
                for iop, iav in av:
                    if iop is C.LITERAL:
                        chars.add(chr(iav))
                    elif iop is C.RANGE and iav[1] - iav[0] < 64:
                        chars.update(chr(x) for x in range(iav[0], iav[1] + 1))
                    else:
                        return None, False
                return out | chars, False
            if op is C.SUBPATTERN:
                got, empty = seq(av[-1])
            elif op is C.BRANCH:
                got, empty = set(), False
                for alt in av[1]:
                    g, e = seq(alt)
                    if g is None:
                        return None, False
                    got |= g
                    empty = empty or e
            elif op in (C.MAX_REPEAT, C.MIN_REPEAT):
                got, empty = seq(av[2])
                empty = empty or av[0] == 0
            else:
                return None, False
            if got is None:
                return None, False
            out |= got
            if not empty:
                return out, False
        return out, True

    chars, empty = seq(tree)
    if chars is None or empty or len(chars) > 40:
        return None
    return frozenset(c for x in chars for c in {x.lower(), x.upper()})



_INLINE_FLAGS = re.compile(r"\(\?[a-zA-Z-]")   # (?i) (?-i:...) (?P<name>...): keep case-blind
_CODE_POINT = re.compile(r"\\(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|N\{)")


def lowered(pattern: str) -> str | None:
    """`pattern` with its literal letters lowered, escapes (\\S, \\B, \\A...) kept: searched
    case-sensitively in the lowered answer it finds what the case-blind pattern finds in the
    answer, at the same positions, and Python's engine runs markedly faster without folding
    the case of every character it compares. None for the few patterns that cannot be lowered
    this way: inline flags or group names, or a code-point escape for a cased character."""
    if _INLINE_FLAGS.search(pattern):
        return None
    for m in _CODE_POINT.finditer(pattern):
        digits = m.group(1) or m.group(2) or m.group(3)
        if digits is None or chr(int(digits, 16)).lower() != chr(int(digits, 16)):
            return None
    out, i = [], 0
    while i < len(pattern):
        if pattern[i] == "\\":
            out.append(pattern[i:i + 2])   # an escape keeps its letter: \\S is not \\s
            i += 2
        else:
            out.append(pattern[i].lower())
            i += 1
    return "".join(out)




_LITERALS: dict[str, tuple[str, ...]] = {}


def required_literals(pattern: str) -> tuple[str, ...]:
    """Plain-text pieces (lowercase) one of which every match of `pattern` must contain, or ()
    when none can be told. Checking them with `in` first skips most regex searches: the judge
    runs thousands of patterns over every answer. Memoised; the bank cache carries the table."""
    if pattern not in _LITERALS:
        _analyse(pattern)
    return _LITERALS[pattern]


_OFFSETS: dict[str, tuple[int, int] | None] = {}


def literal_offsets(pattern: str) -> tuple[int, int] | None:
    """(least, most) characters between the start of a match and the required literal it
    contains, or None when that cannot be bounded."""
    if pattern not in _OFFSETS:
        _analyse(pattern)
    return _OFFSETS[pattern]


_TREES: dict[str, object] = {}


def _parsed(pattern: str):
    """The stdlib parser's tree of the pattern with its runs capped, shared by the first-
    character, literal and slack analyses (parsing is the slow part of each). The lookahead
    `effective` puts in front reads only a match's own first character, so none of the three
    needs it."""
    tree = _TREES.get(pattern)
    if tree is None:
        from re import _parser as P   # the stdlib's own regex parser
        tree = _TREES[pattern] = P.parse(_RUN.sub(_capped, pattern), re.IGNORECASE)
    return tree


def pattern_table(patterns, corpus: str = "") -> dict[str, tuple]:
    """What searching each pattern needs worked out in advance (its searched form, required
    literals, where they sit in a match, and window slack): the regex parser is slow, and the
    bank cache carries this. With a `corpus` of typical answers, each pattern is windowed on
    the required words that occur least in it."""
    patterns = list(patterns)
    for p in list(patterns):   # the parts of a guarded pattern are searched alone
        if split := split_guard(p):
            patterns += list(split[1][:2]) if split[0] is NOWHERE else [split[1]]
    corpus = corpus.lower()
    for p in patterns:   # worked out afresh against the corpus
        _analyse(p, corpus)
    table = {p: (effective(p), _LITERALS[p], _OFFSETS[p], window_slack(p)) for p in patterns}
    _TREES.clear()   # only needed while the table is built
    return table


def seed_patterns(table: dict[str, tuple]) -> None:
    for p, (eff, lits, offsets, slack) in table.items():
        _EFFECTIVE[p], _LITERALS[p], _OFFSETS[p], _SLACKS[p] = eff, lits, offsets, slack


def _literals_of(pattern: str, corpus: str = "") -> tuple[tuple[str, ...],
                                                          tuple[int, int] | None]:
    """(required literals, their offsets): see required_literals and literal_offsets. Of the
    sets of at least three characters, the one that leaves least to search in the (lowercase)
    `corpus`, or without one, the one whose shortest member is longest (the first such);
    failing that, of two."""
    from re import _constants as C
    try:
        sets = _mandatory_sets(_parsed(pattern))
        # two letters ("vs") only when nothing longer is required: a rare pair still beats
        # reading the whole answer
        reach = window_slack(pattern) or 1000
        main = ((_rarest(sets, 3, reach, corpus) or _rarest(sets, 2, reach, corpus))
                if corpus else None)
        main = main or _best(sets, 3) or _best(sets, 2)
    except Exception:
        return (), None
    if main is None:
        return (), None
    lits, lo, hi = main
    return tuple(sorted(shortest_only(lits))), ((lo, hi) if hi < C.MAXREPEAT else None)


def shortest_only(lits) -> list[str]:
    """The literals that extend no other one: "note" is found at every place "notes" is, so
    searching for "notes" as well adds nothing."""
    return [x for x in lits if not any(y != x and x.startswith(y) for y in lits)]


def _rarest(sets, least: int, reach: int, corpus: str):
    """The set (of members at least `least` long) that leaves least to search: how often its
    members occur in the corpus, times how far around each occurrence a match may start and
    read (`reach`: the pattern's slack). "chunks" beats "after"; a word at a fixed place in
    the match beats one after a long gap."""
    def cost(s) -> float:
        spread = min(s[2], 10**6) - s[1]
        return sum(corpus.count(x) + 1 for x in s[0]) * (
            spread + 1 if spread < ANCHOR_SPREAD else spread + reach)
    fit = [s for s in sets if min(map(len, s[0])) >= least]
    return min(fit, key=cost) if fit else None


def _best(sets, least: int):
    """The first set whose shortest member is longest, if that is at least `least`."""
    best, size = None, least - 1
    for found in sets:
        shortest = min(map(len, found[0]))
        if shortest > size:
            best, size = found, shortest
    return best


def _mandatory_sets(items) -> list[tuple[frozenset[str], int, int]]:
    """Every set of literals (lowercase, at least two characters) one of which any match of
    the sequence `items` contains, with the least and most characters between the start of
    the match and that literal: its plain runs, its mandatory groups' sets, and for a choice,
    the union of one set from each alternative."""
    from re import _constants as C
    from re import _parser as P
    huge = C.MAXREPEAT
    out: list[tuple[frozenset[str], int, int]] = []
    run: list[str] = []
    run_at = [0, 0]
    lo = hi = 0   # the width of what precedes the current item

    def flush() -> None:
        raw = "".join(run)
        piece, lead = raw.strip().lower(), len(raw) - len(raw.lstrip())
        run.clear()
        if len(piece) >= 2:
            out.append((frozenset({piece}), run_at[0] + lead, min(huge, run_at[1] + lead)))

    for op, arg in items:
        if op is C.LITERAL:
            if not run:
                run_at[:] = [lo, hi]
            run.append(chr(arg))
        else:
            flush()
            if op is C.SUBPATTERN:                # a plain group is mandatory
                out += [(x, lo + a, min(huge, hi + b)) for x, a, b in _mandatory_sets(arg[-1])]
            elif op in (C.MAX_REPEAT, C.MIN_REPEAT) and arg[0] >= 1:
                body = arg[2].getwidth()[1]       # a later round's literal sits further in
                more = huge if arg[1] >= huge else (arg[1] - 1) * body
                out += [(x, lo + a, min(huge, hi + b + more))
                        for x, a, b in _mandatory_sets(arg[2])]
            elif op is C.BRANCH:                  # one of the alternatives must match
                picks = [_best(_mandatory_sets(alt), 2) for alt in arg[1]]
                if all(picks):
                    out.append((frozenset().union(*(x for x, _, _ in picks)),
                                lo + min(a for _, a, _ in picks),
                                min(huge, hi + max(b for _, _, b in picks))))
        w_lo, w_hi = P.SubPattern(P.State(), [(op, arg)]).getwidth()
        lo, hi = lo + w_lo, min(huge, hi + w_hi)
    flush()
    return out


def _analyse(pattern: str, corpus: str = "") -> None:
    _LITERALS[pattern], _OFFSETS[pattern] = _literals_of(pattern, corpus)


_SLACKS: dict[str, int | None] = {}


def window_slack(pattern: str) -> int | None:
    """How far from its required literal a match can reach, lookarounds included: the
    pattern's widest match plus its widest lookaround, plus one character for \\b. None when a
    repetition is unbounded, so no window is safe."""
    if pattern in _SLACKS:
        return _SLACKS[pattern]
    from re import _constants as C
    try:
        tree = _parsed(pattern)
        widest = tree.getwidth()[1]
    except Exception:
        widest = C.MAXREPEAT
    extra = 0

    def walk(items) -> bool:
        nonlocal extra
        for op, av in items:
            if op in (C.ASSERT, C.ASSERT_NOT):
                w = av[1].getwidth()[1]
                if w >= C.MAXREPEAT:
                    return False
                extra = max(extra, w)
                if not walk(av[1]):
                    return False
            elif op is C.SUBPATTERN and not walk(av[-1]):
                return False
            elif op is C.BRANCH and not all(walk(b) for b in av[1]):
                return False
            elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT) and not walk(av[2]):
                return False
        return True
    ok = widest < C.MAXREPEAT and walk(tree)
    _SLACKS[pattern] = widest + extra + 1 if ok else None
    return _SLACKS[pattern]
