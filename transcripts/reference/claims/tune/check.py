#!/usr/bin/env python3
"""Validate the tune corpus (stdlib only) and print its counts.

    python3 check.py              # validate + counts
    python3 check.py --markdown   # also per-card and per-tool tables
    python3 check.py --uncovered  # also list number-like words in answers that are
                                  # neither a claim nor a distractor (conditions, mostly)
"""
from __future__ import annotations

import glob
import os
import re
import sys
import tomllib
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
VERDICTS = {"correct", "wrong", "ambiguous"}
ERRORS = {"none", "2x", "unit-slip", "attention-heads", "forgot-weights", "per-user-vs-total",
          "percent-vs-fraction", "normal-approx", "wrong-spec", "other"}
CONDS = {"sentence", "answer", "earlier", "card-default"}
CLAIM_KEYS = {"said", "quantity", "tool", "args", "field", "value", "unit", "truth", "verdict",
              "error", "conditions_from", "stated"}
CORRECT_TOL, WRONG_MIN = 0.10, 0.25


def rel(v, t):
    return abs(v) if t == 0 else abs(v - t) / abs(t)


def main() -> int:
    files = sorted(glob.glob(os.path.join(HERE, "claims-*.toml")))
    errs: list[str] = []
    warns: list[str] = []
    ids: set[str] = set()
    c_card, c_tool, c_verdict, c_error, c_cond = Counter(), Counter(), Counter(), Counter(), Counter()
    by_card: dict[str, Counter] = {}
    by_tool: dict[str, Counter] = {}
    n_answers = n_claims = n_distr = n_correct_nd = n_earlier_answers = 0
    uncovered: list[tuple[str, str]] = []
    for f in files:
        with open(f, "rb") as fh:
            data = tomllib.load(fh)
        for a in data.get("answer", []):
            n_answers += 1
            aid = a.get("id", "?")
            for k in ("id", "card", "round", "text", "distractors", "claims"):
                if k not in a:
                    errs.append(f"{aid}: missing {k}")
            if aid in ids:
                errs.append(f"{aid}: duplicate id")
            ids.add(aid)
            text = a.get("text", "")
            earlier = a.get("earlier", [])
            if earlier:
                n_earlier_answers += 1
            spans = []
            for d in a.get("distractors", []):
                n_distr += 1
                if d not in text:
                    errs.append(f"{aid}: distractor {d!r} not in text")
                else:
                    spans.append((text.index(d), text.index(d) + len(d)))
            for c in a.get("claims", []):
                n_claims += 1
                said = c.get("said", "")
                missing = CLAIM_KEYS - set(c)
                if missing:
                    errs.append(f"{aid}: claim {said!r} missing {sorted(missing)}")
                    continue
                hay = "\n".join(earlier) if c.get("in_earlier") else text
                if said not in hay:
                    errs.append(f"{aid}: said {said!r} not an exact substring of "
                                f"{'earlier' if c.get('in_earlier') else 'text'}")
                elif hay.count(said) > 1:
                    warns.append(f"{aid}: said {said!r} occurs {hay.count(said)} times")
                elif not c.get("in_earlier"):
                    i = text.index(said)
                    for s, e in spans:
                        if s < i + len(said) and i < e:
                            errs.append(f"{aid}: distractor overlaps claim {said!r}")
                    spans.append((i, i + len(said)))
                v, e, cf = c["verdict"], c["error"], c["conditions_from"]
                if v not in VERDICTS:
                    errs.append(f"{aid}: bad verdict {v!r}")
                if e not in ERRORS:
                    errs.append(f"{aid}: bad error {e!r}")
                if cf not in CONDS:
                    errs.append(f"{aid}: bad conditions_from {cf!r}")
                if cf == "earlier" and not earlier:
                    errs.append(f"{aid}: conditions_from earlier but no earlier turn")
                if v == "wrong" and e == "none":
                    errs.append(f"{aid}: wrong claim {said!r} has error none")
                if v == "correct" and e != "none":
                    errs.append(f"{aid}: correct claim {said!r} has error {e}")
                r = rel(float(c["value"]), float(c["truth"]))
                if v == "correct" and r > CORRECT_TOL:
                    errs.append(f"{aid}: correct claim {said!r} is {r:.0%} off")
                if v == "wrong" and r < WRONG_MIN:
                    errs.append(f"{aid}: wrong claim {said!r} is only {r:.0%} off")
                if v == "ambiguous":
                    if "alt_truth" not in c or "alt_args" not in c:
                        errs.append(f"{aid}: ambiguous claim {said!r} lacks alt_truth/alt_args")
                    elif r > CORRECT_TOL or rel(float(c["value"]), float(c["alt_truth"])) < WRONG_MIN:
                        errs.append(f"{aid}: ambiguous claim {said!r} is not right/wrong under the two readings")
                c_card[a["card"]] += 1
                kind = "correct-nondefault" if v == "correct" and c.get("nondefault") else v
                by_card.setdefault(a["card"], Counter())[kind] += 1
                by_tool.setdefault(c["tool"], Counter())[kind] += 1
                c_tool[c["tool"]] += 1
                c_verdict[v] += 1
                c_error[e] += 1
                c_cond[cf] += 1
                if v == "correct" and c.get("nondefault"):
                    n_correct_nd += 1
            if "--uncovered" in sys.argv:
                for m in re.finditer(r"\d[\d,.]*\s*\w*", text):
                    if not any(s <= m.start() < e for s, e in spans):
                        uncovered.append((aid, m.group(0)))
    for w in warns:
        print("WARN", w)
    for e in errs:
        print("ERROR", e)

    def table(title, counter, order=None):
        print(f"\n{title}")
        keys = order or sorted(counter, key=lambda k: (-counter[k], k))
        for k in keys:
            if counter[k]:
                print(f"  {k:22} {counter[k]:4}")

    print(f"files {len(files)}, answers {n_answers} ({n_earlier_answers} with earlier turns), "
          f"claims {n_claims}, distractors {n_distr}")
    print(f"correct under non-default conditions: {n_correct_nd} "
          f"({n_correct_nd / max(n_claims, 1):.0%} of all claims)")
    card_order = sorted(c_card, key=lambda k: (not k.startswith("q"), k))
    table("claims per card", c_card, card_order)
    table("claims per tool", c_tool)
    table("claims per verdict", c_verdict, ["correct", "wrong", "ambiguous"])
    table("claims per error kind", c_error)
    table("claims per conditions_from", c_cond, ["sentence", "answer", "earlier", "card-default"])
    if "--markdown" in sys.argv:
        cols = ["correct-nondefault", "correct", "wrong", "ambiguous"]
        for title, d in (("card", by_card), ("tool", by_tool)):
            print(f"\n| {title} | claims | correct, non-default | correct, card default | wrong | ambiguous |")
            print("|---|---:|---:|---:|---:|---:|")
            keys = (card_order if title == "card" else sorted(d, key=lambda k: -sum(d[k].values())))
            for k in keys:
                row = d[k]
                print(f"| {k} | {sum(row.values())} | " + " | ".join(str(row[c]) for c in cols) + " |")
    if uncovered:
        print("\nnumber-like words that are neither claims nor distractors (review: conditions?)")
        for aid, w in uncovered:
            print(f"  {aid:16} {w}")
    print("\nOK" if not errs else f"\n{len(errs)} ERRORS")
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
