"""Builds the tune corpus: computes every claim's truth with the real calculators
(/work/main/tools, imported read-only), checks the intended verdict against the
numbers, and writes TOML. Run: /work/main/.venv/bin/python src/build.py"""
from __future__ import annotations
import math, sys
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[5]))
from tools.registry import run_tool  # noqa: E402

ANSWERS: list[dict] = []

WILSON_FIELDS = {"rate", "low", "high", "half_width"}


def convert(tool, field, unit, raw, scale=None):
    if scale is not None:
        return raw * scale
    if unit == "percent" and tool in ("wilson",) and field in WILSON_FIELDS:
        return raw * 100
    if unit == "GB" and "bytes" in field:
        return raw / 1e9
    if unit == "MiB" and "bytes" in field:
        return raw / 2**20
    if unit == "per_hour" and field == "arrival_rate_per_s":
        return raw * 3600
    return raw


def C(said, quantity, tool, args, field, value, unit, verdict="correct", error="none",
      cf="sentence", stated=None, note="", alt_args=None, in_earlier=False, tol=0.05,
      scale=None, nondefault=None):
    return dict(said=said, quantity=quantity, tool=tool, args=args, field=field, value=value,
                unit=unit, verdict=verdict, error=error, conditions_from=cf,
                stated=stated or {}, note=note, alt_args=alt_args, in_earlier=in_earlier,
                tol=tol, scale=scale, nondefault=nondefault)


def A(id, card, text, claims, earlier=None, distractors=None, round="technical"):
    ANSWERS.append(dict(id=id, card=card, round=round, earlier=earlier or [], text=text,
                        distractors=distractors or [], claims=claims))


def truth_of(c, args):
    raw = run_tool(c["tool"], dict(args))[c["field"]]
    return convert(c["tool"], c["field"], c["unit"], raw, c["scale"])


def rel(v, t):
    if t == 0:
        return abs(v)
    return abs(v - t) / abs(t)


def _card_checks():
    import tomllib, glob, os
    out = {}
    for f in glob.glob(str(__import__("pathlib").Path(__file__).resolve().parents[5]) + "/rubrics/cards/*.toml"):
        d = tomllib.load(open(f, "rb"))
        # only the allowed fields: tool, args, field
        out[d["id"]] = [(nc["tool"], nc["args"], nc["field"]) for nc in d.get("number_checks", [])]
    return out


def _strip(r):
    return {k: v for k, v in r.items() if k not in ("notes", "source")}


_cache = {}


def _run(tool, args):
    key = (tool, repr(sorted(args.items())))
    if key not in _cache:
        _cache[key] = _strip(run_tool(tool, dict(args)))
    return _cache[key]


def relevant(tool, field, args):
    """Drop the arguments that cannot change `field`, so that conditions are compared
    only where they matter (e.g. the request count does not change a per-request cost)."""
    a = dict(args)
    if tool == "token-cost" and field == "usd_per_request":
        a.pop("requests", None)
    if tool == "kv-calc":
        keep = None
        if field in ("bytes_per_token", "kib_per_token", "fixed_bytes_per_sequence"):
            keep = {"model", "dtype"}
        elif field in ("bytes_per_sequence", "gib_per_sequence"):
            keep = {"model", "dtype", "context"}
        elif field == "weights_gb":
            keep = {"model", "weights_gb", "weight_dtype", "gpu"}
        elif field == "budget_gb":
            a.pop("dtype", None); a.pop("context", None)
        elif field == "tokens_that_fit":
            a.pop("context", None)
        if keep is not None:
            a = {k: v for k, v in a.items() if k in keep}
            if field == "weights_gb":
                a.setdefault("gpu", "h200")
    if tool == "wilson-samples":
        pass
    return a


def is_default(card, c, checks):
    """True when the claim's conditions (the arguments that matter for its field)
    reproduce the output of some card's number check with the same tool (any card):
    i.e. the book/card scenario."""
    mine = _run(c["tool"], relevant(c["tool"], c["field"], c["args"]))
    for tool, args, field in [x for v in checks.values() for x in v]:
        if tool != c["tool"]:
            continue
        theirs = _run(tool, relevant(tool, c["field"], args))
        if theirs == mine:
            return True
    return False


def compute_all():
    problems = []
    checks = _card_checks()
    for a in ANSWERS:
        for c in a["claims"]:
            c["nondefault"] = not is_default(a["card"], c, checks)
    for a in ANSWERS:
        for c in a["claims"]:
            c["truth"] = truth_of(c, c["args"])
            r = rel(c["value"], c["truth"])
            if c["alt_args"] is not None:
                c["alt_truth"] = truth_of(c, c["alt_args"])
                r2 = rel(c["value"], c["alt_truth"])
            v = c["verdict"]
            ok = ((v == "correct" and r <= c["tol"]) or (v == "wrong" and r >= 0.25)
                  or (v == "ambiguous" and r <= c["tol"] and r2 >= 0.25))
            if not ok:
                problems.append(f"{a['id']}: {c['said']!r} value={c['value']} truth={c['truth']:.6g}"
                                + (f" alt={c['alt_truth']:.6g}" if c['alt_args'] else "")
                                + f" rel={r:.3f} verdict={v}")
            if v != "correct" and c["error"] == "none" and v == "wrong":
                problems.append(f"{a['id']}: wrong claim without an error kind")
    return problems


def fmt_num(x):
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, int):
        return str(x)
    if isinstance(x, float):
        if math.isfinite(x) and x.is_integer() and abs(x) < 1e15:
            return repr(x)
        return repr(float(f"{x:.6g}"))
    raise TypeError(x)


def fmt_str(s):
    out = s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{out}"'


def fmt_val(x):
    if isinstance(x, str):
        return fmt_str(x)
    if isinstance(x, dict):
        return "{ " + ", ".join(f"{k} = {fmt_val(v)}" for k, v in x.items()) + " }"
    if isinstance(x, (list, tuple)):
        return "[" + ", ".join(fmt_val(v) for v in x) + "]"
    return fmt_num(x)


def ml(s):
    assert '"""' not in s and "\\" not in s
    return '"""' + s + '"""'


def to_toml(answers, header):
    lines = [header, ""]
    for a in answers:
        lines.append("[[answer]]")
        lines.append(f"id = {fmt_str(a['id'])}")
        lines.append(f"card = {fmt_str(a['card'])}")
        lines.append(f"round = {fmt_str(a['round'])}")
        if a["earlier"]:
            lines.append("earlier = [")
            for e in a["earlier"]:
                lines.append(f"  {ml(e)},")
            lines.append("]")
        lines.append(f"text = {ml(a['text'])}")
        lines.append(f"distractors = {fmt_val(a['distractors'])}")
        lines.append("")
        for c in a["claims"]:
            lines.append("[[answer.claims]]")
            lines.append(f"said = {fmt_str(c['said'])}")
            if c["in_earlier"]:
                lines.append("in_earlier = true")
            lines.append(f"quantity = {fmt_str(c['quantity'])}")
            lines.append(f"tool = {fmt_str(c['tool'])}")
            lines.append(f"args = {fmt_val(c['args'])}")
            lines.append(f"field = {fmt_str(c['field'])}")
            lines.append(f"value = {fmt_num(c['value'])}")
            lines.append(f"unit = {fmt_str(c['unit'])}")
            lines.append(f"truth = {fmt_num(float(c['truth']))}")
            lines.append(f"verdict = {fmt_str(c['verdict'])}")
            lines.append(f"error = {fmt_str(c['error'])}")
            lines.append(f"conditions_from = {fmt_str(c['conditions_from'])}")
            lines.append(f"nondefault = {fmt_num(bool(c['nondefault']))}")
            lines.append(f"stated = {fmt_val(c['stated'])}")
            if c["alt_args"] is not None:
                lines.append(f"alt_truth = {fmt_num(float(c['alt_truth']))}")
                lines.append(f"alt_args = {fmt_val(c['alt_args'])}")
            if c["note"]:
                lines.append(f"note = {fmt_str(c['note'])}")
            lines.append("")
    return "\n".join(lines) + "\n"
