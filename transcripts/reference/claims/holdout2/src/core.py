"""Framework for the holdout2 corpus: answers and claims as Python data, truths computed
by the project's calculators (tools.registry.run_tool), labels re-checked, TOML written."""
from __future__ import annotations

import json
import sys

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[5]))
from tools.registry import run_tool  # noqa: E402

ANSWERS: list[dict] = []
PCT_FIELDS = {"rate", "low", "high", "half_width"}
CORRECT_TOL = 0.05      # |said - truth| / truth for "correct"
ABOUT_TOL = 0.06        # a little slack where the candidate says "about"/"roughly"
WRONG_MIN = 0.25        # at least this far off for "wrong"


def _scale(tool: str, field: str, unit: str, scale: float | None) -> float:
    if scale is not None:
        return scale
    if tool == "wilson" and field in PCT_FIELDS and unit == "percent":
        return 100.0
    if tool == "wilson-compare" and field == "gap" and unit == "percent":
        return 100.0
    return 1.0


def truth_of(tool: str, args: dict, field: str, unit: str, scale: float | None = None) -> float:
    r = run_tool(tool, dict(args))
    v = r
    for part in field.split("."):
        v = v[int(part)] if isinstance(v, list) else v[part]
    return float(v) * _scale(tool, field, unit, scale)


def c(said, quantity, tool, args, field, value, unit, verdict, error="none",
      conditions_from="sentence", stated=None, note="", alt_args=None, in_earlier=False,
      scale=None):
    return dict(said=said, quantity=quantity, tool=tool, args=args, field=field, value=value,
                unit=unit, verdict=verdict, error=error, conditions_from=conditions_from,
                stated=stated or {}, note=note, alt_args=alt_args, in_earlier=in_earlier,
                scale=scale)


def ans(id, card, text, claims, distractors=(), earlier=(), round="technical", retracted=()):
    ANSWERS.append(dict(id=id, card=card, round=round, earlier=list(earlier), text=text,
                        distractors=list(distractors), claims=claims, retracted=list(retracted)))


def rel(a: float, b: float) -> float:
    if b == 0:
        return 0.0 if a == 0 else float("inf")
    return abs(a - b) / abs(b)


def resolve(problems: list[str]) -> None:
    for a in ANSWERS:
        for cl in a["claims"]:
            where = f"{a['id']} {cl['said']!r}"
            t = truth_of(cl["tool"], cl["args"], cl["field"], cl["unit"], cl["scale"])
            cl["truth"] = round(t, 6) if abs(t) < 1e6 else round(t)
            r = rel(cl["value"], t)
            tol = ABOUT_TOL if any(w in cl["said"].lower() for w in
                                   ("about", "roughly", "around", "call it", "ish", "like",
                                    "something", "ballpark", "order of", "near")) else CORRECT_TOL
            if cl["verdict"] == "correct" and r > tol:
                problems.append(f"{where}: correct but {r:.1%} off truth {t:g}")
            if cl["verdict"] == "wrong" and r < WRONG_MIN:
                problems.append(f"{where}: wrong but only {r:.1%} off truth {t:g}")
            if cl["verdict"] == "ambiguous":
                if not cl["alt_args"]:
                    problems.append(f"{where}: ambiguous without alt_args")
                    continue
                at = truth_of(cl["tool"], cl["alt_args"], cl["field"], cl["unit"], cl["scale"])
                cl["alt_truth"] = round(at, 6) if abs(at) < 1e6 else round(at)
                ra = rel(cl["value"], at)
                if not (min(r, ra) <= tol and max(r, ra) >= WRONG_MIN):
                    problems.append(f"{where}: ambiguous but off {r:.1%} (truth {t:g}) and "
                                    f"{ra:.1%} (alt {at:g})")
            if cl["verdict"] == "correct" and cl["error"] != "none":
                problems.append(f"{where}: correct with error {cl['error']}")
            if cl["verdict"] == "wrong" and cl["error"] == "none":
                problems.append(f"{where}: wrong without an error kind")
            hay = "\n".join(a["earlier"]) if cl["in_earlier"] else a["text"]
            if cl["said"] not in hay:
                problems.append(f"{where}: said not in {'earlier' if cl['in_earlier'] else 'text'}")


# ---- TOML writer (the subset this corpus needs) ----
def _s(x: str) -> str:
    return json.dumps(x, ensure_ascii=False)


def _v(x) -> str:
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, int):
        return str(x)
    if isinstance(x, float):
        if x.is_integer() and abs(x) < 1e15:
            return str(int(x)) if False else repr(x)
        return repr(x)
    if isinstance(x, str):
        return _s(x)
    if isinstance(x, dict):
        return "{ " + ", ".join(f"{k} = {_v(v)}" for k, v in x.items()) + " }" if x else "{}"
    if isinstance(x, (list, tuple)):
        return "[" + ", ".join(_v(v) for v in x) + "]"
    raise TypeError(type(x))


def _ml(text: str) -> str:
    if '"""' in text or "\\" in text:
        return _s(text)
    return '"""\n' + text + '"""'


def to_toml(answers: list[dict]) -> str:
    out = ["# holdout2 corpus: generated by src/build.py; truths from /work/main/tools.", ""]
    for a in answers:
        out.append("[[answer]]")
        out.append(f"id = {_s(a['id'])}")
        out.append(f"card = {_s(a['card'])}")
        out.append(f"round = {_s(a['round'])}")
        if a["earlier"]:
            out.append("earlier = [")
            for e in a["earlier"]:
                out.append(f"  {_ml(e)},")
            out.append("]")
        out.append(f"text = {_ml(a['text'])}")
        out.append(f"distractors = {_v(a['distractors'])}")
        if a["retracted"]:
            out.append(f"retracted = {_v(a['retracted'])}")
        for cl in a["claims"]:
            out.append("")
            out.append("[[answer.claims]]")
            out.append(f"said = {_s(cl['said'])}")
            if cl["in_earlier"]:
                out.append("in_earlier = true")
            out.append(f"quantity = {_s(cl['quantity'])}")
            out.append(f"tool = {_s(cl['tool'])}")
            out.append(f"args = {_v(cl['args'])}")
            out.append(f"field = {_s(cl['field'])}")
            out.append(f"value = {_v(cl['value'])}")
            out.append(f"unit = {_s(cl['unit'])}")
            out.append(f"truth = {_v(cl['truth'])}")
            out.append(f"verdict = {_s(cl['verdict'])}")
            out.append(f"error = {_s(cl['error'])}")
            out.append(f"conditions_from = {_s(cl['conditions_from'])}")
            out.append(f"stated = {_v(cl['stated'])}")
            if cl["verdict"] == "ambiguous":
                out.append(f"alt_truth = {_v(cl['alt_truth'])}")
                out.append(f"alt_args = {_v(cl['alt_args'])}")
            if cl["scale"] is not None and cl["scale"] != 1:
                out.append(f"truth_scale = {_v(cl['scale'])}")
            if cl["note"]:
                out.append(f"note = {_s(cl['note'])}")
        out.append("")
    return "\n".join(out) + "\n"
