"""The contract of behaviour-preserving refactors of rubrics/ and the judges: grades every
reference case (transcripts/reference) with the heuristic judge and prints the sha256 of the
JSON of all scorecards, in case order. The hash must not change unless grading is meant to.

    .venv/bin/python benchmarks/hash_scorecards.py            # the hash
    .venv/bin/python benchmarks/hash_scorecards.py --cases    # and one line per case
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def scorecards() -> list[tuple[str, str]]:
    from interviewer.judges import HeuristicJudge, answers_from_transcript
    from rubrics import default_bank
    from transcripts.reference import load_reference
    bank = default_bank()
    judge = HeuristicJudge()
    return [(c.id, judge.grade(answers_from_transcript(c.transcript), bank).model_dump_json())
            for c in load_reference(bank=bank)]


def main() -> None:
    cards = scorecards()
    blob = json.dumps([[cid, json.loads(sc)] for cid, sc in cards], sort_keys=True)
    if "--cases" in sys.argv:
        for cid, sc in cards:
            print(cid, hashlib.sha256(sc.encode()).hexdigest()[:16])
    print(f"{len(cards)} scorecards sha256 {hashlib.sha256(blob.encode()).hexdigest()}")


if __name__ == "__main__":
    main()
