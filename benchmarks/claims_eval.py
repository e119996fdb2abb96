"""How well the claim reader (rubrics.claims) finds and judges labelled number claims.

    .venv/bin/python benchmarks/claims_eval.py [--split tune|holdout] [--misses]
        [--reader claims|cues|combined|fallback-accuses]

--reader picks what reads the numbers: `claims` the claim reader alone (default), `cues` the
engine's path before the reader was wired in (the card's cue matching, `matching.claims`, one
claim per card check, judged under the card's scenario), `combined` what the product now runs
(rubrics.claims.answer_checks: the reader, cues asked about only where it read nothing),
`fallback-accuses` the same with the cue fallback challenging (the rejected alternative).

For each answer of transcripts/reference/claims/<split>/ the reader runs with the answer's
earlier turns and its card; reader records are matched to labelled claims by span overlap
(the labelled `said` is a unique substring of the text). Reported with 95% Wilson intervals:
precision of challenges, recall of wrong claims (challenged or asked about), false
accusations, coverage, ambiguous handling, unneeded questions, distractors read as claims."""
from __future__ import annotations

import argparse
import glob
import sys
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rubrics import default_bank  # noqa: E402
from rubrics.claims import read_claims  # noqa: E402
from rubrics.claims.combine import answer_checks, cue_records  # noqa: E402
from tools import wilson  # noqa: E402


def load(split: str) -> list[dict]:
    """Answers of a split of transcripts/reference/claims/, or of any folder of the same
    TOML format when `split` is a path to one."""
    folder = Path(split) if ("/" in split or Path(split).is_dir()) and split not in (
        "tune", "holdout") else ROOT / "transcripts/reference/claims" / split
    out = []
    for f in sorted(glob.glob(str(folder / "*.toml"))):
        out += tomllib.load(open(f, "rb")).get("answer", [])
    return out


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def _fallback_accuses(card, text, earlier):
    recs = read_claims(text, card, earlier)
    if card is not None:
        recs += [c for c in cue_records(card, text, sure=True)
                 if not any(_overlap(tuple(c["span"]), tuple(r["span"])) for r in recs)]
    return recs


READERS = {
    "claims": read_claims,
    "cues": lambda card, text, earlier: [] if card is None else cue_records(
        card, text, card_tolerance=True),
    "combined": answer_checks,
    "fallback-accuses": _fallback_accuses,
}


def _read(reader: str, text: str, card, earlier: list[str]) -> list[dict]:
    if reader == "claims":
        return read_claims(text, card, earlier)
    return READERS[reader](card, text, earlier)


def evaluate(split: str, show_misses: bool = False, reader: str = "claims") -> dict:
    cards = {c.id: c for c in default_bank().cards}
    c = Counter()
    misses = []
    for ans in load(split):
        text = ans["text"]
        earlier = [e if isinstance(e, str) else e.get("text", "") for e in ans.get("earlier", [])]
        recs = _read(reader, text, cards.get(ans["card"]), earlier)
        used = set()
        for cl in ans["claims"]:
            if cl.get("in_earlier") or cl["said"] not in text:
                c[f"{cl['verdict']}_n"] += 1   # said in an earlier turn: the reader reads
                continue                        # the current answer only (counted unread)
            i = text.index(cl["said"])
            span = (i, i + len(cl["said"]))
            hit = [r for r in recs if _overlap(span, tuple(r["span"]))]
            used.update(id(r) for r in hit)
            v = cl["verdict"]
            c[f"{v}_n"] += 1
            if not hit:
                if show_misses:
                    misses.append(("unread", v, ans["id"], cl["said"], cl["tool"], cl["field"]))
                continue
            c[f"{v}_read"] += 1
            status = "wrong" if any(r["status"] == "wrong" for r in hit) else \
                "ambiguous" if any(r["status"] == "ambiguous" for r in hit) else "ok"
            c[f"{v}_{status}"] += 1
            if show_misses and ((v != "wrong" and status == "wrong")
                                or (v == "wrong" and status == "ok")):
                r = hit[0]
                misses.append((f"said {status}", v, ans["id"], cl["said"], r["check"],
                               round(r["computed"], 4), cl["field"], cl["truth"], r["args"],
                               cl["args"]))
        for d in ans.get("distractors", []):
            if d not in text:
                continue
            i = text.index(d)
            c["distractors"] += 1
            if any(_overlap((i, i + len(d)), tuple(r["span"])) for r in recs):
                c["distractors_read"] += 1
        c["reader_records"] += len(recs)
        c["reader_unlabelled"] += sum(1 for r in recs if id(r) not in used)
    return {"counts": c, "misses": misses}


def _row(name: str, k: int, n: int, note: str) -> str:
    if n == 0:
        return f"| {name} | - | 0 | | {note} |"
    w = wilson(k, n)
    return f"| {name} | {100 * k / n:.1f}% ({k}/{n}) | {n} | {100 * w.low:.1f}-{100 * w.high:.1f}% | {note} |"


def table(c: Counter) -> str:
    challenged = c["correct_wrong"] + c["ambiguous_wrong"] + c["wrong_wrong"]
    lab = c["correct_n"] + c["wrong_n"] + c["ambiguous_n"]
    read = c["correct_read"] + c["wrong_read"] + c["ambiguous_read"]
    rows = [
        "| measure | value | n | 95% Wilson | what it counts |", "|---|---:|---:|---|---|",
        _row("precision of challenges", c["wrong_wrong"], challenged,
             "challenged numbers labelled wrong"),
        _row("recall", c["wrong_wrong"] + c["wrong_ambiguous"], c["wrong_n"],
             "wrong numbers challenged or asked about"),
        _row("recall (challenged)", c["wrong_wrong"], c["wrong_n"], "wrong numbers challenged"),
        _row("false accusations", c["correct_wrong"] + c["ambiguous_wrong"],
             c["correct_n"] + c["ambiguous_n"], "correct or ambiguous claims challenged"),
        _row("coverage", read, lab, "labelled claims the reader checked"),
        _row("ambiguous asked", c["ambiguous_ambiguous"], c["ambiguous_n"],
             "ambiguous claims asked about"),
        _row("ambiguous accepted", c["ambiguous_ok"], c["ambiguous_n"],
             "ambiguous claims accepted (not asked)"),
        _row("unneeded questions", c["correct_ambiguous"], c["correct_n"],
             "correct claims asked about"),
        _row("distractors read", c["distractors_read"], c["distractors"],
             "distractors read as claims"),
    ]
    return "\n".join(rows) + f"\n\nreader records not matching a labelled claim: " \
        f"{c['reader_unlabelled']} of {c['reader_records']} (unlabelled numbers are don't-care)"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--split", default="tune", choices=["tune", "holdout"])
    ap.add_argument("--set", metavar="DIR", help="measure a folder of answers in the same "
                    "TOML format (a blind holdout); its answers are not printed")
    ap.add_argument("--reader", default="claims", choices=list(READERS),
                    help="what reads the numbers (see the module's docstring)")
    ap.add_argument("--misses", action="store_true", help="list errors (tune only)")
    a = ap.parse_args()
    if a.misses and (a.split == "holdout" or a.set):
        ap.error("--misses is for the tune split: a holdout is measured, not read")
    where = a.set or a.split
    if a.set and not glob.glob(str(Path(a.set) / "*.toml")):
        ap.error(f"--set {a.set}: no *.toml files there")
    res = evaluate(where, a.misses, a.reader)
    print(f"claims_eval, {'set ' + a.set if a.set else 'split ' + a.split}, reader "
          f"{a.reader}\n")
    print(table(res["counts"]))
    for m in res["misses"]:
        print(*m, sep=" | ")


if __name__ == "__main__":
    main()
