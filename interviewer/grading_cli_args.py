"""Arguments of `score` and `calibrate` (kept apart so --help imports nothing heavy)."""
from __future__ import annotations

import argparse


def add_grading_args(score: argparse.ArgumentParser, calibrate: argparse.ArgumentParser) -> None:
    for p in (score, calibrate):
        p.add_argument("--provider", choices=("anthropic", "openai", "openai-compatible"))
        p.add_argument("--model")
        p.add_argument("--base-url")
        p.add_argument("--api-key")
    score.add_argument("--concurrency", type=int, default=4)
    score.add_argument("--json", action="store_true")
    score.add_argument("--diff", choices=("heuristic", "llm"), metavar="JUDGE",
                       help="also grade with JUDGE and show where the verdicts differ")
    score.add_argument("--format", choices=("text", "md", "html", "json"), default="text")
    score.add_argument("--verbose", "-v", action="store_true", help="the whole scorecard")
    score.add_argument("--no-write", action="store_true", help="do not append score records")
    calibrate.add_argument("--runs", type=int, default=1, help="repeat LLM runs (majority vote)")
    calibrate.add_argument("--compare", choices=("heuristic", "llm"), metavar="JUDGE")
    calibrate.add_argument("--bootstrap", type=int, default=1000)
    calibrate.add_argument("--per-criterion", action="store_true")
    calibrate.add_argument("--split", choices=("tune", "holdout"),
                           help="grade only that part of the set (an LLM judge costs per case)")
    calibrate.add_argument("--save", metavar="PATH",
                           help="store the held-out agreement for scorecards to print")
