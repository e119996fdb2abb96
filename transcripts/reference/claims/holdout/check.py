"""Validate the holdout corpus (standard library only) and print its counts.

    python3 /work/corpus/holdout/check.py          # exit 1 on any error

Checks: every TOML file loads with tomllib; answer ids are unique and start with "h-";
every `said` is an exact substring of the answer text (or of an earlier turn when
in_earlier = true) and every distractor of the text; no distractor overlaps a claim;
enums (verdict, error, conditions_from) are valid; verdict and error agree; ambiguous
claims carry alt_truth and alt_args; required keys are present and typed.
It warns (does not fail) when a `said` occurs more than once in its text.
"""
from __future__ import annotations

import collections
import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
VERDICTS = {"correct", "wrong", "ambiguous"}
ERRORS = {"none", "2x", "unit-slip", "attention-heads", "forgot-weights", "per-user-vs-total",
          "percent-vs-fraction", "normal-approx", "wrong-spec", "other"}
CFROM = {"sentence", "answer", "earlier", "card-default"}
CLAIM_KEYS = {"said": str, "quantity": str, "tool": str, "args": dict, "field": str,
              "unit": str, "value": (int, float), "truth": (int, float), "verdict": str,
              "error": str, "conditions_from": str, "stated": dict}
ANSWER_KEYS = {"id": str, "card": str, "round": str, "text": str, "distractors": list,
               "claims": list}


def main() -> int:
    errors: list[str] = []
    warnings: list[str] = []
    ids: set[str] = set()
    answers = []
    files = sorted(HERE.glob("*.toml"))
    for f in files:
        try:
            data = tomllib.loads(f.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            errors.append(f"{f.name}: does not load: {exc}")
            continue
        for a in data.get("answer", []):
            answers.append((f.name, a))

    claims = []
    for fname, a in answers:
        where = f"{fname}:{a.get('id', '?')}"
        for k, t in ANSWER_KEYS.items():
            if not isinstance(a.get(k), t):
                errors.append(f"{where}: answer key {k!r} missing or not {t.__name__}")
        aid = a.get("id", "")
        if aid in ids:
            errors.append(f"{where}: duplicate id")
        ids.add(aid)
        if not aid.startswith("h-"):
            errors.append(f"{where}: id must start with 'h-'")
        text = a.get("text", "")
        earlier = a.get("earlier", [])
        if not isinstance(earlier, list) or not all(isinstance(e, str) for e in earlier):
            errors.append(f"{where}: earlier must be a list of strings")
            earlier = []
        spans = []
        for d in a.get("distractors", []):
            i = text.find(d)
            if i < 0:
                errors.append(f"{where}: distractor {d!r} is not a substring of text")
            else:
                spans.append(("distractor", d, i, i + len(d)))
        for c in a.get("claims", []):
            cw = f"{where} said={c.get('said')!r}"
            for k, t in CLAIM_KEYS.items():
                if not isinstance(c.get(k), t) or isinstance(c.get(k), bool):
                    errors.append(f"{cw}: claim key {k!r} missing or not {t}")
            said = c.get("said", "")
            if c.get("in_earlier"):
                if not any(said in e for e in earlier):
                    errors.append(f"{cw}: in_earlier but not in any earlier turn")
            else:
                n = text.count(said)
                if n == 0:
                    errors.append(f"{cw}: not a substring of text")
                else:
                    if n > 1:
                        warnings.append(f"{cw}: occurs {n} times in text")
                    i = text.find(said)
                    spans.append(("claim", said, i, i + len(said)))
            v, e, cf = c.get("verdict"), c.get("error"), c.get("conditions_from")
            if v not in VERDICTS:
                errors.append(f"{cw}: verdict {v!r} not in {sorted(VERDICTS)}")
            if e not in ERRORS:
                errors.append(f"{cw}: error {e!r} not in {sorted(ERRORS)}")
            if cf not in CFROM:
                errors.append(f"{cw}: conditions_from {cf!r} not in {sorted(CFROM)}")
            if v == "correct" and e != "none":
                errors.append(f"{cw}: correct claim with error {e!r}")
            if v == "wrong" and e == "none":
                errors.append(f"{cw}: wrong claim with error 'none'")
            if v == "ambiguous":
                if not isinstance(c.get("alt_truth"), (int, float)) or not isinstance(
                        c.get("alt_args"), dict):
                    errors.append(f"{cw}: ambiguous claim needs alt_truth and alt_args")
            if cf == "earlier" and not earlier and not c.get("in_earlier"):
                errors.append(f"{cw}: conditions_from = earlier but the answer has no earlier")
            claims.append((a, c))
        for s1 in spans:
            for s2 in spans:
                if s1[0] == "claim" and s2[0] == "distractor" and s1[2] < s2[3] and s2[2] < s1[3]:
                    errors.append(f"{where}: distractor {s2[1]!r} overlaps claim {s1[1]!r}")

    # ------------------------------------------------------------------ counts
    def table(title, counter, total):
        print(f"\n{title}")
        for k, n in sorted(counter.items(), key=lambda kv: (-kv[1], str(kv[0]))):
            print(f"  {str(k):28} {n:4}  {100 * n / total:5.1f}%")

    total = len(claims)
    print(f"{len(files)} files, {len(answers)} answers, {total} claims, "
          f"{sum(len(a['distractors']) for _, a in answers)} distractors, "
          f"{sum(1 for _, a in answers if a.get('earlier'))} answers with earlier turns")
    table("verdict", collections.Counter(c["verdict"] for _, c in claims), total)
    table("error kind (wrong claims)",
          collections.Counter(c["error"] for _, c in claims if c["verdict"] == "wrong"), total)
    table("tool", collections.Counter(c["tool"] for _, c in claims), total)
    table("conditions_from", collections.Counter(c["conditions_from"] for _, c in claims), total)
    nd = sum(1 for _, c in claims if c["verdict"] == "correct" and not c.get("card_default"))
    print(f"\ncorrect under conditions other than the card's own checks: {nd} "
          f"({100 * nd / total:.1f}% of all claims)")
    print(f"retracted (self-corrected in the same answer): "
          f"{sum(1 for _, c in claims if c.get('retracted'))}; said in an earlier turn: "
          f"{sum(1 for _, c in claims if c.get('in_earlier'))}")
    by_card = collections.defaultdict(collections.Counter)
    for a, c in claims:
        by_card[a["card"]][c["verdict"]] += 1

    def ckey(k):
        return (0, int(k[1:])) if k[0] == "q" and k[1:].isdigit() else (1, k)
    print("\nper card            correct wrong ambiguous total")
    for card in sorted(by_card, key=ckey):
        cnt = by_card[card]
        print(f"  {card:16} {cnt['correct']:8} {cnt['wrong']:5} {cnt['ambiguous']:9} "
              f"{sum(cnt.values()):5}")
    for w in warnings:
        print("warning:", w)
    for e in errors:
        print("ERROR:", e)
    print(f"\n{'OK' if not errors else f'{len(errors)} errors'}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
