#!/usr/bin/env python3
"""Validate the holdout2 corpus (standard library only) and print its counts.

Checks: every TOML parses; answer ids unique; every claim's `said` is an exact substring of
the answer text (or of an earlier turn when in_earlier = true); every distractor and retracted
string is an exact substring of the text; enums valid; ambiguous claims carry alt_truth and
alt_args; correct within 6% of truth, wrong at least 25% off, ambiguous within 6% of one
reading and at least 25% off the other."""
import collections, glob, os, sys, tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
VERDICTS = {"correct", "wrong", "ambiguous"}
ERRORS = {"none", "2x", "unit-slip", "attention-heads", "forgot-weights", "per-user-vs-total",
          "percent-vs-fraction", "normal-approx", "wrong-spec", "other"}
CONDS = {"sentence", "answer", "earlier", "card-default"}
ROUNDS = {"technical", "behavioral", "case", "coding"}
TOOLS = {"kv-calc", "decode-floor", "prefill", "wilson", "wilson-samples", "wilson-compare",
         "littles-law", "token-bucket", "backoff", "token-cost", "microbatch-sim", "replicas"}
REQ = ["said", "quantity", "tool", "args", "field", "value", "unit", "truth", "verdict", "error",
       "conditions_from", "stated"]


def rel(a, b):
    return (0.0 if a == 0 else float("inf")) if b == 0 else abs(a - b) / abs(b)


def main() -> int:
    errs, ids = [], set()
    cnt = {k: collections.Counter() for k in ("card", "tool", "verdict", "error", "conditions_from")}
    n_ans = n_claims = n_dis = n_earlier = 0
    for path in sorted(glob.glob(os.path.join(HERE, "*.toml"))):
        with open(path, "rb") as f:
            try:
                doc = tomllib.load(f)
            except tomllib.TOMLDecodeError as exc:
                errs.append(f"{path}: {exc}")
                continue
        for a in doc.get("answer", []):
            n_ans += 1
            aid = a.get("id", "?")
            if aid in ids:
                errs.append(f"{aid}: duplicate id")
            ids.add(aid)
            if a.get("round") not in ROUNDS:
                errs.append(f"{aid}: bad round {a.get('round')!r}")
            text, earlier = a.get("text", ""), "\n".join(a.get("earlier", []))
            n_earlier += bool(a.get("earlier"))
            for d in a.get("distractors", []) + a.get("retracted", []):
                n_dis += 1
                if d not in text:
                    errs.append(f"{aid}: distractor/retracted {d!r} not in text")
            for cl in a.get("claims", []):
                n_claims += 1
                for k in REQ:
                    if k not in cl:
                        errs.append(f"{aid}: claim {cl.get('said')!r} lacks {k}")
                hay = earlier if cl.get("in_earlier") else text
                if cl.get("said", "\0") not in hay:
                    errs.append(f"{aid}: said {cl.get('said')!r} not found")
                v, e, cf, t = cl.get("verdict"), cl.get("error"), cl.get("conditions_from"), cl.get("tool")
                if v not in VERDICTS: errs.append(f"{aid}: bad verdict {v!r}")
                if e not in ERRORS: errs.append(f"{aid}: bad error {e!r}")
                if cf not in CONDS: errs.append(f"{aid}: bad conditions_from {cf!r}")
                if t not in TOOLS: errs.append(f"{aid}: bad tool {t!r}")
                if v == "correct" and e != "none": errs.append(f"{aid}: correct claim with error {e}")
                if v == "wrong" and e == "none": errs.append(f"{aid}: wrong claim without error kind")
                r = rel(cl.get("value", 0), cl.get("truth", 0))
                if v == "correct" and r > 0.06: errs.append(f"{aid}: {cl['said']!r} correct but {r:.1%} off")
                if v == "wrong" and r < 0.25: errs.append(f"{aid}: {cl['said']!r} wrong but {r:.1%} off")
                if v == "ambiguous":
                    if "alt_truth" not in cl or "alt_args" not in cl:
                        errs.append(f"{aid}: ambiguous claim lacks alt_truth/alt_args")
                    else:
                        ra = rel(cl["value"], cl["alt_truth"])
                        if not (min(r, ra) <= 0.06 and max(r, ra) >= 0.25):
                            errs.append(f"{aid}: {cl['said']!r} ambiguous but {r:.1%} / {ra:.1%}")
                cnt["card"][a.get("card")] += 1
                cnt["tool"][t] += 1
                cnt["verdict"][v] += 1
                cnt["error"][e] += 1
                cnt["conditions_from"][cf] += 1
    print(f"{n_ans} answers ({n_earlier} with earlier turns), {n_claims} claims, "
          f"{n_dis} distractor/retracted strings")
    for k, c in cnt.items():
        print(f"{k}: " + ", ".join(f"{x} {y}" for x, y in sorted(c.items(), key=lambda kv: (-kv[1], str(kv[0])))))
    for e in errs:
        print("ERROR", e)
    print("OK" if not errs else f"{len(errs)} errors")
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
