"""Reading quantities from an answer: every number with its unit (digits, "70B", "$0.024",
ranges, numbers said in words), and a quantity read in a number check's unit."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .schema import NumberCheck

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

