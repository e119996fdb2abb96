"""The claim reader: every quantity in an answer that a calculator can check, each checked on
its own under the conditions the candidate stated.

    read_claims(text, card=None, earlier=()) -> list[dict]

Each record is shaped like the engine's tool_check (check, tool, args, quantity, unit,
claimed, claimed_text, computed, ok, arithmetic) plus: status ("ok" | "wrong" | "ambiguous"),
span [start, end] of the claim as said, said (the words), conditions (each condition used,
its value and where it came from: sentence | answer | earlier | card | default), readings
(for "ambiguous": each reading's conditions, computed value and verdict), question (for
"ambiguous": what to ask), challenge (for "wrong": the wording, stating the conditions).

The reader decides nothing a calculator can compute: values come from tools.run_tool.
"""
from __future__ import annotations

import dataclasses
import itertools
import json
import re
from functools import lru_cache

from tools import ToolError, run_tool
from tools.units import format_value

from ..quantities import Quantity, quantities
from ..schema import Card
from . import policy as tol
from .bindings import BINDERS, Ctx
from .conditions import Mention, mentions
from .wording import _conditions_text, _question
from .kinds import BARE_OK, GLOBAL_DEFAULTS, KINDS, TOOL_CONDITIONS, Kind

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9$\"'(])|\n+")
# words before a number that make it a stated condition, not a claim ("at 8K", "with 20 users")
_CONDITION_BEFORE = re.compile(r"\bof (?:its|the|their|our|those|these|all)\s*$|"
                               r"\b(?:at|with|for|on|of|per|than|by|from|and|to|across|over|"
                               r"under a|a|an|the)\s*$", re.IGNORECASE)
_CLAIM_BEFORE = re.compile(r"(?:\b(?:is|are|was|be|gives?|leaves?|leaving|takes?|comes? to|"
                           r"that's|it's|so|about|roughly|around|only|just|call it|fits?|fit|"
                           r"room for|hold|holds|run|get|gets|serve|to|of|at|nearly|close to|"
                           r"under|over|approximately|maybe|=)|[~≈=:,])\s*$", re.IGNORECASE)



def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence (a decimal point never ends one)."""
    spans, start = [], 0
    for m in _SENTENCE.finditer(text):
        spans.append((start, m.start()))
        start = m.end()
    spans.append((start, len(text)))
    return spans


@lru_cache(maxsize=4096)
def _run(tool: str, args_json: str) -> dict | None:
    try:
        return run_tool(tool, json.loads(args_json))
    except ToolError:
        return None


def compute(tool: str, args: dict, field: str) -> float | None:
    """The calculator's value of `field` for `args` (None when the call is impossible)."""
    out = _run(tool, json.dumps(args, sort_keys=True))
    if out is None or out.get(field) is None:
        return None
    return float(out[field])


# ---- which kind a number is -------------------------------------------------------------

def _clause(text: str, q: Quantity, sent: tuple[int, int]) -> tuple[str, str]:
    """The words of the claim's clause before and after the number."""
    a, b = sent
    before = text[max(a, q.start - 70):q.start]
    before = re.split(r"[;:]|,\s(?=so\b|and\b|but\b|which\b|while\b)|\bso\b", before)[-1]
    after = text[q.end:min(b, q.end + 45)]
    after = re.split(r"[,;:]|\b(?:so|and|which|but|while)\b", after)[0]
    return before, after


CONTEST_MARGIN = 12   # a rival kind's cue this close (score points) makes the pick unsure
_PER_SECOND = re.compile(r"\s*(?:a|per|/|each)\s*(?:second|sec|s)\b", re.IGNORECASE)


def dim_of(text: str, q: Quantity) -> str | None:
    """The quantity's dimension, with "tokens a second" read as a rate."""
    if q.dim == "tokens" and _PER_SECOND.match(text, q.end):
        return "rate"
    if q.dim == "bytes" and _PER_SECOND.match(text, q.end):
        return "bandwidth"   # "300 gigabytes a second": a GPU spec, no claim kind
    if q.dim is None and re.match(r"\s*tokens? (?:a|per) s", text[q.end:q.end + 20], re.I):
        return "rate"
    return q.dim


def _dim_ok(kind: Kind, dim: str | None, after: str) -> bool:
    dims = kind.dim.split("|")
    if dim in dims:
        return True
    if dim in (None, "word"):
        return "none" in dims or bool(kind.bare) or (kind.field in BARE_OK
                                                      and BARE_OK[kind.field].search(after))
    return False


def kinds_of(text: str, q: Quantity, sent: tuple[int, int]) -> list[tuple[int, Kind]]:
    """Every kind whose cue is in the number's clause, best first: the nearest cue wins, a
    kind's weight breaks near-ties."""
    before, after = _clause(text, q, sent)
    dim = dim_of(text, q)
    scores = []
    for k in KINDS:
        if not _dim_ok(k, dim, after):
            continue
        first = k.cue.search(after)           # the nearest cue after the number
        dists = [first.start()] if first else []
        last = None
        for last in k.cue.finditer(before):   # and the nearest before it
            pass
        if last is not None:
            dists.append(len(before) - last.end())
        if dists:
            scores.append((8 * k.weight - min(dists), k))
    return sorted(scores, key=lambda x: -x[0])


def kind_of(text: str, q: Quantity, sent: tuple[int, int]) -> tuple[Kind | None, bool]:
    """The best kind, and whether a rival kind's cue is close enough that the pick is
    contested (then the number is asked about, never challenged)."""
    ranked = kinds_of(text, q, sent)
    if not ranked:
        return None, False
    return ranked[0][1], bool(_rivals(ranked, 0))


def _rivals(ranked: list[tuple[int, Kind]], i: int) -> list[Kind]:
    """Other kinds whose cue scores within CONTEST_MARGIN of kind i's."""
    score, best = ranked[i]
    return [k for j, (sc, k) in enumerate(ranked)
            if j != i and k.field != best.field and sc > score - CONTEST_MARGIN]


# ---- conditions -------------------------------------------------------------------------

def _card_defaults(card: Card | None, kind: Kind) -> dict:
    """The card's scenario for this calculator: its check of the same field, else of the same
    tool, else the book's defaults."""
    if card is not None:
        same = [c for c in card.number_checks if c.tool == kind.tool]
        for c in sorted(same, key=lambda c: c.field != kind.field):
            return dict(c.args)
        for c in card.number_checks:   # a decode check tells a kv-calc claim the scenario
            if {c.tool, kind.tool} == {"kv-calc", "decode-floor"}:
                a = {k: v for k, v in c.args.items() if k in ("model", "gpu", "weights_gb",
                                                               "context")}
                if "kv_dtype" in c.args:
                    a["dtype"] = c.args["kv_dtype"]
                return a
    return dict(GLOBAL_DEFAULTS[kind.tool])


def _pick(ms: list[Mention], pos: int) -> list[Mention]:
    """Of the mentions of one condition in a scope: the nearest before `pos`, else the first
    after; a multi-valued one ("Hopper") keeps all its values."""
    before = [m for m in ms if m.end <= pos]
    return [before[-1]] if before else ([ms[0]] if ms else [])


_CLAUSE_BREAK = re.compile(r"[,;:]|\b(?:and|but|which|while|so|versus|than)\b", re.IGNORECASE)


def bind(text: str, q: Quantity, kind: Kind, card: Card | None,
         earlier: list[list[Mention]], all_mentions: list[Mention],
         sent: tuple[int, int]) -> dict[str, tuple[list, str]]:
    """condition -> (candidate values, where from), sentence > answer > earlier > card.
    A mention after the claim counts only in the claim's own clause; two different values
    elsewhere in the answer (or in one earlier turn) are two readings."""
    names = set(TOOL_CONDITIONS[kind.tool]) | {"dtype", "kv_dtype", "weight_dtype"}
    own = [m for m in all_mentions if not (m.start < q.end and q.start < m.end)
           and (m.end <= q.start or not _CLAUSE_BREAK.search(text, q.end, m.start))]
    in_sent = [m for m in own if sent[0] <= m.start < sent[1]]
    out_sent = [m for m in own if not sent[0] <= m.start < sent[1]]
    out: dict[str, tuple[list, str]] = {}
    for name in names:
        hits = _pick([m for m in in_sent if m.name == name], q.start)
        if hits:
            v = hits[0].value
            out[name] = (list(v) if isinstance(v, tuple) else [v],
                         "claimed" if hits[0].claimed else "sentence")
            continue
        for scope, turns in (("answer", [out_sent]), ("earlier", earlier)):
            for turn in turns:   # most recent first; two values in one turn are two readings
                vals, claimed = [], False
                for m in turn:
                    if m.name == name:
                        claimed |= m.claimed
                        for v in (m.value if isinstance(m.value, tuple) else (m.value,)):
                            if v not in vals:
                                vals.append(v)
                if vals:
                    out[name] = (vals, "claimed" if claimed else scope)
                    break
            if name in out:
                break
    return out


STATED = ("sentence", "answer", "earlier")


def _scope_rank(scope: str) -> int:
    return ["sentence", "answer", "earlier", "card", "default"].index(scope)


def readings(kind: Kind, bound: dict, defaults: dict) -> tuple[list[tuple[dict, dict]], bool]:
    """Every reading of the conditions: (args, {condition: (value, from)}). The first is the
    primary reading. A precision said without naming weights or cache is read both ways; an
    unstated cache or weight precision, and an unstated GPU count, get their other value as
    an extra reading (asked about, never accused). Returns (readings, has_stated_alternative)."""
    t = kind.tool
    opts: dict[str, list[tuple[object, str]]] = {}
    for name in TOOL_CONDITIONS[t]:
        key = "kv_dtype" if (t == "kv-calc" and name == "dtype") else name
        if key in bound:
            vals, scope = bound[key]
            opts[name] = [(v, scope) for v in vals]
        elif name in defaults:
            opts[name] = [(defaults[name], "card")]
    # a precision with no "weights"/"cache" beside it: both are readings
    cache = "dtype" if t == "kv-calc" else "kv_dtype" if t == "decode-floor" else None
    plain = bound.get("dtype")
    if plain and t != "prefill":
        v, scope = plain[0][0], plain[1]
        # it applies to the one precision this quantity depends on; where it depends on both,
        # it names the weights and the cache has two readings
        targets = [n for n in (cache, "weight_dtype") if n and n in kind.needs]
        for name in targets:
            if name not in opts or _scope_rank(opts[name][0][1]) > _scope_rank(scope):
                alts = [(o, "reading") for o in ("bf16", "fp8") if o != v] \
                    if (len(targets) > 1 and name == cache) or scope != "sentence" else []
                opts[name] = [(v, scope)] + alts
    if plain and t == "prefill" and "compute_dtype" not in bound:
        opts["compute_dtype"] = [(plain[0][0], plain[1])]
    # unstated precisions: the card's value first, the other one asked about
    for name, default in ((cache, "bf16"), ("weight_dtype", None), ("compute_dtype", "fp8")):
        if not name or name not in TOOL_CONDITIONS[t] or name not in kind.needs:
            continue
        if name == "weight_dtype" and "weights_gb" in opts and name not in opts:
            continue   # the weights are given in GB: their precision does not matter
        if name not in opts or opts[name][0][1] in ("card",):
            first = opts[name][0][0] if name in opts else default
            alts = [o for o in ("bf16", "fp8") if o != first]
            opts[name] = ([(first, "card")] if first else []) + [(o, "unstated") for o in alts]
    if "gpus" in kind.needs and "gpus" not in opts and "gpu" in opts:
        opts["gpus"] = [(1, "card"), (2, "unstated")]
    # weights_gb stated by the card but a weight precision stated by the candidate: the
    # precision decides the weights
    names = [n for n in opts if n in kind.needs or n == "params_b" or n == "model"]
    stated_alt = any(len([o for o in opts[n] if o[1] != "unstated"]) > 1 for n in names)
    combos = itertools.product(*[opts[n] for n in names])
    out = []
    for combo in itertools.islice(combos, 64):
        args = {n: v for n, (v, _) in zip(names, combo) if v is not None}
        for n, vals in opts.items():
            if n not in args and vals[0][0] is not None:
                args[n] = vals[0][0]
        cond = {n: (v, s) for n, (v, s) in zip(names, combo)}
        wd = cond.get("weight_dtype")
        if wd and wd[1] not in ("card",) and "weights_gb" in args and \
                opts.get("weights_gb", [(0, "card")])[0][1] in ("card", "default"):
            args.pop("weights_gb")   # the stated precision sets the weights
            if t == "decode-floor" and args.get("model") != "llama-3.3-70b":
                args.pop("params_b", None)
        if "model" in args and args.get("model") != "llama-3.3-70b" and \
                opts.get("params_b", [(0, "card")])[0][1] == "card":
            args.pop("params_b", None)
            if opts.get("weights_gb", [(0, "card")])[0][1] == "card":
                args.pop("weights_gb", None)
        if t == "kv-calc" and kind.field in ("bytes_per_token", "bytes_per_sequence", "weights_gb"):
            for n in ("gpu", "gpus", "util", "activations_gb") if kind.field != "weights_gb" \
                    else ():
                args.pop(n, None)
        out.append((args, cond))
    return out, stated_alt


# ---- the reader -------------------------------------------------------------------------

def certain(kind: Kind, cond: dict, contested: bool) -> bool:
    """Sure enough to accuse: the kind is not contested and every condition the quantity
    depends on was stated by the candidate (sentence, answer or an earlier turn)."""
    if contested:
        return False
    return all(s in STATED for n, (_, s) in cond.items() if n in kind.needs or n == "dtype"
               and "kv_dtype" in kind.needs)


def check_quantity(text: str, q: Quantity, kind: Kind, card: Card | None,
                   earlier: list[list[Mention]], all_mentions: list[Mention],
                   sent: tuple[int, int], contested: bool = False,
                   earlier_text: tuple[str, ...] = ()) -> dict | None:
    before = text[max(0, q.start - 40):q.start]
    said = text[q.start:q.end]
    if q.dim in (None, "word") and kind.bare:
        q = dataclasses.replace(q, value=q.value * kind.bare)
    if kind.negate is not None and kind.negate.search(text, max(sent[0], q.start - 40), q.start):
        q = dataclasses.replace(q, value=-q.value)
    if tol.is_magnitude(said, before):
        return None
    tolerance = tol.tolerance(said, before)
    bound_kind = tol.bound_of(said, before)
    if kind.binder:
        rs = BINDERS[kind.binder](Ctx(text, q.start, q.end, sent, earlier_text))
        stated_alt = len(rs) > 1
    else:
        bound = bind(text, q, kind, card, earlier, all_mentions, sent)
        rs, stated_alt = readings(kind, bound, _card_defaults(card, kind))
    results = []
    for args, cond in rs:
        v = compute(kind.tool, args, kind.field)
        if v is None:
            continue
        computed = v * kind.to_base
        verdict = tol.judge(q.value, computed, tolerance, bound_kind)
        if kind.unit == "bytes" and verdict.ok is not True:   # KB said for KiB, or back
            alt = tol.judge(q.value * 1.024 ** _power(said), computed, tolerance, bound_kind)
            verdict = alt if alt.ok is True else verdict
        if kind.unit == "sequences" and verdict.ok is not True and q.value == int(q.value) \
                and q.value == int(computed) and q.value > 0:
            verdict = tol.Verdict(True, 0.0, tolerance)   # whole sequences: the floor is right
        results.append((args, cond, v, verdict))
    if not results:
        return None
    args, cond, value, verdict = results[0]
    oks = [r for r in results if r[3].ok is True]
    wrongs = [r for r in results if r[3].ok is False]
    stated = [r for r in results if all(s != "unstated" for _, s in r[1].values())]
    status, question, shown = "ok", None, results[0]
    if not wrongs:
        status = "ok"
        shown = oks[0] if oks else results[0]
    elif not oks and not any(r[3].ok is None for r in results):
        status = "wrong"
    elif results[0][3].ok is True and not stated_alt and all(r[3].ok is not False for r in stated):
        status = "ok"   # right as stated; other values of unstated conditions are not asked
    elif oks:
        status = "ambiguous"
        shown = oks[0]
        diff = {}
        for name in shown[1]:
            vals = []
            for r in (oks[0], wrongs[0]):
                if name in r[1] and r[1][name][0] not in vals:
                    vals.append(r[1][name][0])
            if len(vals) > 1:
                diff[name] = vals
        question = _question(diff)
    else:
        status = "ok"   # close (grey zone): neither accepted nor challenged
        shown = next(r for r in results if r[3].ok is None)
    if status == "wrong" and not certain(kind, shown[1], contested):
        status = "ambiguous"   # never accuse when unsure: ask which conditions were meant
        question = (f"With {_conditions_text(shown[1])} I get "
                    f"{format_value(shown[2] * kind.to_base / _unit_factor(kind), kind.unit)}"
                    f"; what did you assume?")
    args, cond, value, verdict = shown
    unit_value = value * kind.to_base / _unit_factor(kind)
    claimed = q.value / _unit_factor(kind)
    conds = {n: {"value": v, "from": s} for n, (v, s) in cond.items()}
    rec = {
        "check": f"{kind.tool}:{kind.field}", "tool": kind.tool, "args": args,
        "quantity": kind.field.replace("_", " "), "unit": kind.unit, "claimed": claimed,
        "claimed_text": said, "computed": unit_value,
        "ok": True if status == "ok" else False if status == "wrong" else None,
        "arithmetic": f"{kind.tool} with {_conditions_text(cond)} gives "
                      f"{format_value(unit_value, kind.unit)}",
        "status": status, "span": [q.start, q.end], "said": said, "conditions": conds,
        "tolerance": verdict.tolerance, "rel_error": verdict.rel_error,
    }
    if status == "ambiguous":
        rec["question"] = question
        rec["readings"] = [{"args": a, "computed": v * kind.to_base / _unit_factor(kind),
                            "ok": vd.ok} for a, _, v, vd in results[:8]]
    if status == "wrong":
        rec["challenge"] = (f"You said {said}. With {_conditions_text(cond)}, I get "
                            f"{format_value(unit_value, kind.unit)}.")
    return rec


def _power(said: str) -> int:
    m = re.search(r"\b([kmgt])i?b\b|(kilo|mega|giga|tera)", said, re.IGNORECASE)
    if not m:
        return 0
    c = (m.group(1) or m.group(2)[0]).lower()
    return "kmgt".index(c) + 1


def _unit_factor(kind: Kind) -> float:
    """Base-unit value of one of the record's unit (GB records are in GB, ms in ms)."""
    return {"GB": 1e9, "ms": 1e-3}.get(kind.unit, 1.0)


def _is_claim(text: str, q: Quantity, sent: tuple[int, int], cond_spans: list[Mention]) -> bool:
    before = text[max(sent[0], q.start - 20):q.start]
    if any(m.name == "context" and m.start <= q.start < m.end for m in cond_spans) and \
            re.search(r"(?:\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|"
                      r"thirty|forty|fifty))\s+$", text[max(0, q.start - 12):q.start], re.I):
        return False   # "four 4K sequences": the 4K is the context of the counted sequences
    if any(m.start <= q.start < m.end for m in cond_spans):
        return bool(tol.HEDGE.search(before[-12:]))
    if _CLAIM_BEFORE.search(before):
        return True
    return not _CONDITION_BEFORE.search(before)


def read_claims(text: str, card: Card | None = None, earlier: list[str] | tuple = (),
                ) -> list[dict]:
    """Every checkable quantity in `text`, each checked on its own (records, in order).
    `earlier`: the candidate's earlier answers to this question, oldest first."""
    qs = quantities(text)
    if not qs:
        return []
    sents = sentences(text)
    ms = mentions(text)
    earlier_t = tuple(reversed(list(earlier)))
    earlier_ms = [mentions(t) for t in earlier_t]
    out = []
    for q in qs:
        sent = next(s for s in sents if s[0] <= q.start <= s[1])
        if not _is_claim(text, q, sent, ms):
            continue
        ranked = kinds_of(text, q, sent)
        for i, (_, kind) in enumerate(ranked[:3]):
            args = (text, q, kind, card, earlier_ms, ms, sent)
            # any rival kind whose cue is as close contests the pick (ask, don't accuse)
            rec = check_quantity(*args, bool(_rivals(ranked, i)), earlier_t)
            if rec is not None:
                out.append(rec)
                break
    return out
