"""What the offline judge reads from an answer using a card's data: which criteria's
signals it hits, which red flags it raises, and which numeric claims it makes for the
card's number checks (value, unit, and whether the tool agrees)."""
from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from functools import lru_cache

from .schema import Card, NumberCheck

# Units an answer may use, mapped to (dimension, factor to the dimension's base unit).
_UNIT_WORDS: list[tuple[str, str, float]] = [
    (r"tokens?\s*(?:/|per)\s*s(?:ec(?:ond)?)?\b|tok/s", "rate", 1.0),
    (r"(?:requests?|messages?|events?|records?|calls?|msgs?)\s*(?:/|per|an?)\s*s(?:ec(?:ond)?)?\b"
     r"|req/s|rps\b|qps\b", "rps", 1.0),
    (r"cents?\b|¢", "usd", 0.01),   # costs are often said in cents
    (r"%|percent\b|per cent\b|percentage points?\b|points?\b|pts?\b", "fraction", 0.01),
    (r"tib\b", "bytes", 2.0**40), (r"gib\b", "bytes", 2.0**30), (r"mib\b", "bytes", 2.0**20),
    (r"kib\b", "bytes", 2.0**10), (r"tb\b|terabytes?\b", "bytes", 1e12),
    (r"gb\b|gigabytes?\b|gigs?\b", "bytes", 1e9), (r"mb\b|megabytes?\b", "bytes", 1e6),
    (r"kb\b|kilobytes?\b", "bytes", 1e3), (r"bytes?\b|b\b", "bytes", 1.0),
    (r"ms\b|millisec(?:ond)?s?\b|msec\b", "time", 1e-3),
    (r"µs\b|us\b|microsec(?:ond)?s?\b", "time", 1e-6),
    (r"s\b|sec(?:ond)?s?\b", "time", 1.0), (r"min(?:ute)?s?\b", "time", 60.0),
    (r"h(?:ou)?rs?\b", "time", 3600.0),
    (r"(?<=\d)(?:x|×)(?![\w])(?!\s*\d)|(?<=\d)\s?-?fold\b|\s*times\b(?!\s*\d)", "ratio", 1.0),
    (r"(?:\$|usd\b|dollars?\b)", "usd", 1.0),
    (r"weeks?\b", "time", 604800.0), (r"days?\b", "time", 86400.0),
    # count nouns: a number of tokens is never a number of sequences or of bytes
    (r"-?(?:k\s*)?tokens?\b", "tokens", 1.0),
    (r"(?:concurrent\s+)?(?:sequences?|seqs?|users?|streams?)\b", "sequences", 1.0),
    (r"-?(?:layers?|heads?|gpus?|params?|parameters?|dims?|dimensions?|bits?|cores?|nodes?"
     r"|replicas?|partitions?)\b", "other", 1.0),
]
# A number right after one of these words names a thing ("Llama 3.3", "version 2", "RFC 6585").
_IDENT_BEFORE = re.compile(
    r"\b(?:llama|qwen\d*(?:\.\d+)?|gpt|claude|opus|sonnet|haiku|gemini|mistral|deepseek|kimi"
    r"|glm|python|cuda|version|v|rfc|chapter|ch\.|section|question|step|phase|tier|level|iso"
    r"|soc|article|part|annex|cfr|mi|q)[\s-]?$", re.IGNORECASE)
_CHECK_UNITS: dict[str, tuple[str, float]] = {
    "bytes": ("bytes", 1.0), "KiB": ("bytes", 2.0**10), "MiB": ("bytes", 2.0**20),
    "GiB": ("bytes", 2.0**30), "KB": ("bytes", 1e3), "MB": ("bytes", 1e6),
    "GB": ("bytes", 1e9), "TB": ("bytes", 1e12), "ms": ("time", 1e-3), "s": ("time", 1.0),
    "minutes": ("time", 60.0), "hours": ("time", 3600.0), "days": ("time", 86400.0),
    "weeks": ("time", 604800.0),
    "tokens/s": ("rate", 1.0), "requests/s": ("rps", 1.0), "percent": ("fraction", 0.01),
    "fraction": ("fraction", 1.0), "x": ("ratio", 1.0), "usd": ("usd", 1.0),
    # counts: a bare number is read in the check's own unit
    "tokens": ("tokens", 1.0), "sequences": ("sequences", 1.0), "requests": ("count", 1.0),
    "count": ("count", 1.0), "flops": ("count", 1.0),
}
_MULT = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6, "b": 1e9, "billion": 1e9}

_NUM = re.compile(   # led by its possible first characters, so most positions fail at once
    r"(?=[-−$.\d])(?<![\w.])(?P<sign>[-−])?(?P<cur>\$)?"
    r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
    r"(?:\s*(?P<mult>thousand|million|billion|[kKmMbB])(?![a-zA-Z]))?"
    r"(?P<sep>\s*(?:-|–|—|to)\s*(?=\$?\d))?")
# The ratio pattern carries its own spacing rules: "8x" is a ratio, "2 x 80" a product.
# All units in one alternation, tried in the list's order (the first that matches wins, as a
# loop over them would): group u<i> says which. The second leaves the ratio out.
_UNIT_BODY = [(r"(?:" if dim == "ratio" else r"\s*(?:") + p + ")" for p, dim, _ in _UNIT_WORDS]
_UNIT_ANY = re.compile("|".join(f"(?P<u{i}>{b})" for i, b in enumerate(_UNIT_BODY)), re.IGNORECASE)
_UNIT_NO_RATIO = re.compile("|".join(f"(?P<u{i}>{b})" for i, b in enumerate(_UNIT_BODY)
                                     if _UNIT_WORDS[i][1] != "ratio"), re.IGNORECASE)


def _unit_at(rx: re.Pattern, text: str, pos: int) -> tuple[str, float, int] | None:
    """(dimension, factor, end) of the unit written at `pos`, if any."""
    um = rx.match(text, pos)
    if um is None:
        return None
    _, dim, factor = _UNIT_WORDS[int(um.lastgroup[1:])]
    return dim, factor, um.end()


@dataclass(frozen=True)
class Quantity:
    value: float          # in the dimension's base unit (bytes, seconds, fraction...)
    dim: str | None       # None for a bare number, "word" for a bare number word
    raw: str
    start: int
    end: int


@dataclass(frozen=True)
class Claim:
    """A number the candidate stated for one of the card's number checks."""
    check: NumberCheck
    value: float          # in the check's unit
    raw: str
    expected: float
    ok: bool
    start: int = -1       # where the number sits in the text


def quantities(text: str) -> list[Quantity]:
    """Every number in `text` with its unit (cached: judges ask again for the same text)."""
    return list(_quantities(text))


@lru_cache(maxsize=512)
def _quantities(text: str) -> tuple[Quantity, ...]:
    """Every number in `text` with its unit, if one follows it. A range ("15.1 to 25.8 ms",
    "43.4-90.3%") gives its unit to both ends."""
    found: list[Quantity] = []
    pending: list[tuple[float, int, int, str]] = []   # range starts waiting for a unit
    for m in _NUM.finditer(text):
        if _IDENT_BEFORE.search(text[max(0, m.start() - 12):m.start()]):
            continue   # part of a name, not a quantity
        v = float(m.group("num").replace(",", ""))
        if m.group("sign"):
            v = -v
        end = m.end("num")
        if m.group("mult"):
            mult = m.group("mult").lower()
            # a single-letter multiplier counts only when attached: "70B" is 70e9, "8 B" bytes
            if len(mult) > 1 or m.start("mult") == m.end("num"):
                v *= _MULT[mult]
                end = m.end("mult")
                if mult == "b" and len(m.group("mult")) == 1 and not m.group("cur"):
                    params = True   # "70B" is a parameter count
        dim, factor, uend = None, 1.0, end
        if locals().get("params"):
            dim, params = "other", False
        elif m.group("cur"):
            dim = "usd"
        else:
            dim, factor, uend = _unit_at(_UNIT_ANY, text, end) or (None, 1.0, end)
        if m.group("sep") and dim is None:
            pending.append((v, m.start(), end, text[m.start():end]))
            continue
        for pv, ps, pe, praw in pending:
            found.append(Quantity(pv * factor, dim, praw, ps, pe))
        pending = []
        found.append(Quantity(v * factor, dim, text[m.start():uend].strip(), m.start(), uend))
    for pv, ps, pe, praw in pending:
        found.append(Quantity(pv, None, praw, ps, pe))
    found += _word_quantities(text)
    return tuple(sorted(found, key=lambda q: q.start))


_SMALL = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split())}
_TENS = {w: 10 * i for i, w in enumerate(
    "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()) if w != "_"}
_SCALE = {"hundred": 100, "thousand": 1e3, "million": 1e6, "billion": 1e9}
_WORD = (r"(?:(?P<tens>twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?P<tu>one|"
         r"two|three|four|five|six|seven|eight|nine)\b)?|(?P<small>two|three|four|five|six|seven|"
         r"eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|"
         r"nineteen)|(?P<a>a|one))")
_REST = (r"(?P<rtens>twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?P<rtu>one|two|"
         r"three|four|five|six|seven|eight|nine)\b)?|(?P<rsmall>one|two|three|four|five|six|seven|"
         r"eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|"
         r"nineteen)")
# (?=[...]) lets the engine reject most positions on their first letter: number words start
# with one of these (a / one count only before a scale word: "a thousand tokens").
_SCALED = (r"(?:[ -](?P<scale>hundred|thousand|million|billion)"
           r"(?: (?:and )?(?:" + _REST + r"))?)?\b")
_WORD_NUM = re.compile(r"\b(?=[aefnostAEFNOST])" + _WORD + _SCALED, re.IGNORECASE)
# For scanning an answer: "a" and "one" are read only before a scale word ("a thousand"), so
# the commonest words of English are rejected inside the engine.
_WORD_SCAN = re.compile(r"\b(?=[aefnostAEFNOST])"
                        + _WORD.replace("(?P<a>a|one)", r"(?P<a>a|one)(?=[ -](?:hundred|thousand|"
                                        r"million|billion)\b| and a half\b)") + _SCALED,
                        re.IGNORECASE)
# The same, case-sensitive, for the lowered answer (its words are all lowercase already).
_WORD_SCAN_LOW = re.compile(_WORD_SCAN.pattern.replace("AEFNOST", ""))


def _word_value(m: re.Match) -> float:
    g = {k: (x or "").lower() for k, x in m.groupdict().items()}
    v = float(_TENS[g["tens"]] + _SMALL[g["tu"] or "zero"] if g["tens"]
              else _SMALL[g["small"]] if g["small"] else 1)
    if g["scale"]:
        v *= _SCALE[g["scale"]]
        if g["rtens"]:
            v += _TENS[g["rtens"]] + _SMALL[g["rtu"] or "zero"]
        elif g["rsmall"]:
            v += _SMALL[g["rsmall"]]
    return v


def spoken_number(text: str) -> float | None:
    """The number that `text` starts with when it is said in words ("four minutes" -> 4)."""
    m = _WORD_NUM.match(text)
    return _word_value(m) if m else None


_AND_A_HALF = re.compile(r" and a half\b")        # "six and a half points" (lowered text)
_HALF_A = re.compile(r"\bhalf an? (?=[a-zµ%$¢])")   # "half a second": half of one unit
_WORD_RANGE = re.compile(r"\s*(?:-|–|—|to|or)\s*")  # "fifty-two to eighty-three percent"


def _word_quantities(text: str) -> list[Quantity]:
    """Numbers spoken in words ("twenty-five percent", "two hundred milliseconds", "a thousand
    tokens", "six and a half points", "half a second"). Without a unit only from twenty up,
    and not "a thousand": small bare number words ("two levers") are counting, not claims.
    The first end of a spoken range takes the unit of the second ("fifty to sixty percent")."""
    out = []
    low = text.lower()
    scan = _WORD_SCAN_LOW.finditer(low) if len(low) == len(text) else _WORD_SCAN.finditer(text)
    waiting = None   # (value, start, end, where the range's second end must start)
    for m in scan:
        v, end = _word_value(m), m.end()
        if half := _AND_A_HALF.match(low, end):
            v, end = v + 0.5, half.end()
        unit = _unit_at(_UNIT_NO_RATIO, text, end)
        if unit is None:
            rng = _WORD_RANGE.match(low, end)
            waiting = (v, m.start(), end, rng.end()) if rng and rng.end() > end else None
            if v >= 20 and not waiting and not m.group("a"):
                # "it stays around thirty": bare, like a bare number in digits, and read only
                # where a check's cue points at it. Small ones ("two levers") are counting.
                out.append(Quantity(v, "word", text[m.start():end].strip(), m.start(), end))
            continue
        dim, factor, uend = unit
        if waiting and waiting[3] == m.start():
            wv, ws, we, _ = waiting
            out.append(Quantity(wv * factor, dim, text[ws:we].strip(), ws, we))
        waiting = None
        out.append(Quantity(v * factor, dim, text[m.start():uend].strip(), m.start(), uend))
    if "half a" in low:
        for m in _HALF_A.finditer(low):
            if unit := _unit_at(_UNIT_NO_RATIO, text, m.end()):
                dim, factor, uend = unit
                out.append(Quantity(0.5 * factor, dim, text[m.start():uend].strip(),
                                    m.start(), uend))
    return out


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


@lru_cache(maxsize=None)   # the cards' patterns: a fixed, finite set
def _rx(pattern: str) -> re.Pattern:
    """The searched form, case-blind, for the answer as written."""
    return re.compile(effective(pattern), re.IGNORECASE)


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


@lru_cache(maxsize=None)
def _rx_low(pattern: str) -> re.Pattern | None:
    """The searched form for the lowered answer (see `lowered`), or None."""
    low = lowered(effective(pattern))
    try:
        return re.compile(low) if low is not None else None
    except re.error:
        return None


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
        if split := _split_guard(p):
            patterns += list(split[1][:2]) if split[0] is _NOWHERE else [split[1]]
    corpus = corpus.lower()
    for p in patterns:   # worked out afresh against the corpus
        _analyse(p, corpus)
    table = {p: (effective(p), _LITERALS[p], _OFFSETS[p], _slack(p)) for p in patterns}
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
        reach = _slack(pattern) or 1000
        main = ((_rarest(sets, 3, reach, corpus) or _rarest(sets, 2, reach, corpus))
                if corpus else None)
        main = main or _best(sets, 3) or _best(sets, 2)
    except Exception:
        return (), None
    if main is None:
        return (), None
    lits, lo, hi = main
    return tuple(sorted(_shortest_only(lits))), ((lo, hi) if hi < C.MAXREPEAT else None)


def _shortest_only(lits) -> list[str]:
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


def _slack(pattern: str) -> int | None:
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
# A match must start where its required literal sits, less the literal's offset in it: when
# the offset can take at most this many values, each possible start is tried with match().
ANCHOR_SPREAD = 4


def _plan(pattern: str) -> tuple:
    """(regex, whether it reads the lowered answer, required literals, their offsets in a
    match, window slack): all a search needs, in one lookup."""
    plan = _PLANS.get(pattern)
    if plan is None:
        rx = _rx_low(pattern)
        lits = required_literals(pattern)
        plan = _PLANS[pattern] = (rx or _rx(pattern), rx is not None, lits,
                                  literal_offsets(pattern) if lits else None,
                                  _slack(pattern) if lits else None)
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
        split = _GUARDED[pattern] = _split_guard(pattern)
    if split is None:
        return _search_from(pattern, text, low, 0)
    guard, rest = split
    if guard is _NOWHERE:   # \A(?![\s\S]*?G)[\s\S]*?X: no G anywhere, then the first X
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
_NOWHERE = object()   # marks the split of a \A(?![\s\S]*?G)... pattern
_ANYWHERE = (r"[\s\S]*?", r"[\s\S]*")


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


def _split_guard(pattern: str):
    """(guard, rest) for a pattern `(?!guard)rest` whose rest has no top-level `|`, else
    None. Such a guard ("not in a sentence that also says ...") can read hundreds of
    characters; tried at every position of a window it costs more than all the rest.
    `\\A(?![\\s\\S]*?G)[\\s\\S]*?X` ("X somewhere, G nowhere") gives (_NOWHERE, (G, X,
    True)), and `\\A(?!...)X` (X at the start) (_NOWHERE, (G, X, False)): ordinary searches
    instead of scans of the whole answer with G and X tried at each place."""
    if pattern.startswith("\\A(?!"):
        inner = _split_guard(pattern[2:])
        if inner is None:
            return None
        guard, rest = inner
        bad = next((guard[len(a):] for a in _ANYWHERE if guard.startswith(a)), None)
        anywhere = rest.startswith(_ANYWHERE[0])
        want = rest[len(_ANYWHERE[0]):] if anywhere else rest
        if not bad or not want or _has_top_pipe(bad) or _has_top_pipe(want):
            return None
        return _NOWHERE, (bad, want, anywhere)
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


def signal_hits(signals: list[str], text: str) -> list[str]:
    """The matched snippets of every signal that occurs in `text`."""
    hits, low = [], text.lower()
    for s in signals:
        m = search(s, text, low)
        if m:
            hits.append(text[m.start():m.end()])
    return hits


def distinct_spans(signals: list[str], text: str, enough: int | None = None,
                   low: str | None = None) -> list[tuple[int, int]]:
    """Where the signals match, overlapping matches merged: two signals that match the same
    words ("memory-bandwidth bound") are one piece of evidence. With `enough`, the search
    stops once that many distinct pieces are found."""
    spans, low = [], text.lower() if low is None else low
    for s in signals:
        m = search(s, text, low)
        if m and m.end() > m.start():
            spans.append((m.start(), m.end()))
            if enough is not None and len(spans) >= enough:
                merged = merge_spans(spans)
                if len(merged) >= enough:
                    return merged
    return merge_spans(spans)


def merge_spans(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Overlapping spans merged into one, in order."""
    merged: list[list[int]] = []
    for a, b in sorted(spans):
        if merged and a < merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return [(a, b) for a, b in merged]


def any_hit(signals: list[str] | tuple[str, ...], text: str) -> bool:
    """Whether any of the patterns occurs in `text` (with the same literal prefilter)."""
    low = text.lower()
    return any(search(s, text, low) for s in signals)


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
        self._base = _shortest_only(lits)
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


def criteria_hits(card: Card, text: str) -> dict[str, list[str]]:
    """criterion id -> the snippets that matched its signals (empty if none)."""
    return {c.id: signal_hits(c.signals, text) for c in card.criteria}


def red_flag_hits(card: Card, text: str) -> dict[str, list[str]]:
    return {f.id: hits for f in card.red_flags if (hits := signal_hits(f.signals, text))}


def to_check_unit(q: Quantity, check: NumberCheck) -> float | None:
    """The quantity in the check's unit, or None when the units cannot be the same thing."""
    dim, factor = _CHECK_UNITS[check.unit]
    if q.dim == "word":   # a bare number word is a count: a time or a size is said with its unit
        return q.value if dim in ("tokens", "sequences", "count") else None
    if q.dim is None and dim == "usd":
        return None   # money is stated with a currency sign or word
    if q.dim is None and dim == "fraction":
        # a bare number for a share: "0.45" is a fraction, "45" a percentage
        as_fraction = q.value if abs(q.value) <= 1 else q.value / 100
        return as_fraction / factor
    if q.dim is None:
        return q.value
    if dim == "count":
        return q.value if q.dim in ("ratio", "tokens", "sequences") else None
    if q.dim != dim:
        return None
    return q.value / factor


_SENTENCE_END = re.compile(r"[.;!?](?:\s|$)|\n")
WINDOW = 90   # characters after a cue (and a little before) where its number may sit


def claims_for(check: NumberCheck, text: str, qs: list[Quantity] | None = None,
               low: str | None = None) -> list[Claim]:
    """Numbers stated for one check: for every cue hit, the nearest number with a
    compatible unit within the window after it (or just before it)."""
    qs = quantities(text) if qs is None else qs
    # only numbers that can be read in the check's unit; with none, no cue is worth searching
    usable = [(q, v) for q in qs if (v := to_check_unit(q, check)) is not None]
    if not usable:
        return []
    best_per_sentence: dict[int, tuple[int, Quantity, float]] = {}
    low = text.lower() if low is None else low
    for cue in check.cues:
        for m in finditer(cue, text, low):
            best, best_d = None, None
            for q, v in usable:
                if q.start >= m.end():
                    d = q.start - m.end()                       # after the cue: preferred
                elif q.start < m.start():   # before it; glued when its unit runs into the cue
                    d = 0 if q.end > m.start() else (m.start() - q.end) * 2 + 2
                elif q.start == m.start():
                    d = 0      # the cue starts with its number: the pattern names the claim
                else:
                    continue   # any other number inside a cue is part of the cue
                if d > WINDOW:
                    continue
                if best_d is None or d < best_d:
                    best, best_d = (q, v), d
            if best:
                # several cues may point into one statement: keep its nearest number
                sentence = len(_SENTENCE_END.findall(text, 0, m.start()))
                if sentence not in best_per_sentence or best_d < best_per_sentence[sentence][0]:
                    best_per_sentence[sentence] = (best_d, best[0], best[1])
    out, used = [], set()
    for _, (_, q, v) in sorted(best_per_sentence.items()):
        if q.start in used:
            continue
        used.add(q.start)
        out.append(Claim(check, v, q.raw, check.expected, check.tolerance.accepts(check.expected, v),
                         q.start))
    return out


def claims(card: Card, text: str) -> list[Claim]:
    """Every numeric claim the answer makes for the card's number checks."""
    qs, low = quantities(text), text.lower()
    out = []
    for check in card.number_checks:
        out.extend(claims_for(check, text, qs, low))
    return out
