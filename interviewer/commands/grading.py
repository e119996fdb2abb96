"""`fde-interview score` and `fde-interview calibrate`: re-score saved transcripts (through the
judges' re-scoring service) and measure a judge against the reference grades. Handlers import
the judges when they run (keeps --help fast)."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..errors import UsageError
from ..services import make_llm
from ..terminal_text import visible
from .options import add_provider_args, provider_settings, seconds, whole_number

JUDGES = ("heuristic", "llm")


def register(sub: argparse._SubParsersAction) -> None:
    score = sub.add_parser("score", help="re-score saved transcripts (appends a score event)")
    score.add_argument("files", nargs="+")
    score.add_argument("--judge", choices=JUDGES, default="heuristic")
    score.set_defaults(run=run_score)
    calibrate = sub.add_parser("calibrate", help="judge agreement with the reference grades")
    calibrate.add_argument("--judge", choices=JUDGES, default="heuristic")
    calibrate.add_argument("--set", metavar="DIR")
    calibrate.add_argument("--json", action="store_true")
    calibrate.set_defaults(run=run_calibrate)
    for p in (score, calibrate):
        add_provider_args(p)
        p.add_argument("--judge-deadline", type=seconds, metavar="SECONDS",
                       help="longest the LLM judge may take per question, retries included "
                            "(default 60; config [llm] judge_deadline)")
        p.add_argument("--concurrency", type=whole_number(1), default=8, metavar="N",
                       help="transcripts graded at once (default 8: the LLM judge waits on "
                            "the server; on vLLM these requests run at low priority)")
    score.add_argument("--json", action="store_true")
    score.add_argument("--diff", choices=JUDGES, metavar="JUDGE",
                       help="also grade with JUDGE and show where the verdicts differ")
    score.add_argument("--format", choices=("text", "md", "html", "json"), default="text")
    score.add_argument("--verbose", "-v", action="store_true", help="the whole scorecard")
    score.add_argument("--no-write", action="store_true", help="do not append score records")
    calibrate.add_argument("--runs", type=int, default=1, help="repeat LLM runs (majority vote)")
    calibrate.add_argument("--compare", nargs="?", const="", choices=JUDGES + ("",),
                           metavar="JUDGE", help="grade the same cases with the other judge "
                           "too and show both side by side")
    calibrate.add_argument("--sample", type=whole_number(1), metavar="N",
                           help="grade a stratified sample of N held-out cases (every round "
                                "type and quality level present): an LLM judge costs per case")
    calibrate.add_argument("--yes", "-y", action="store_true",
                           help="start without asking (the estimate is still printed)")
    calibrate.add_argument("--bootstrap", type=int, default=1000)
    calibrate.add_argument("--per-criterion", action="store_true")
    calibrate.add_argument("--split", choices=("tune", "holdout"),
                           help="grade only that part of the set (an LLM judge costs per case)")
    calibrate.add_argument("--save", metavar="PATH",
                           help="store the held-out agreement for scorecards to print")
    calibrate.add_argument("--mine", nargs="?", const="", metavar="DIR",
                           help="agreement with your own labels (fde-interview label) in the "
                                "saved sessions (or DIR) instead of the reference set")
    calibrate.add_argument("--by", metavar="NAME",
                           help="with --mine: whose labels (default: the OS user name)")


def _judge(name: str, a: argparse.Namespace, runs: int = 1):
    from ..judges import HeuristicJudge   # lazy: pydantic and the bank
    if name == "heuristic":
        return HeuristicJudge()
    from ..judges.llm import JUDGE_DEADLINE_S, LLMJudge
    from ..llm.config import ConfigError, judge_settings
    llm = make_llm(**provider_settings(a))
    if llm is None:
        raise UsageError("the llm judge needs a model: pass --provider (and --model, "
                         "--base-url) or set FDE_INTERVIEW_PROVIDER")
    try:
        _, deadline = judge_settings(judge_deadline=getattr(a, "judge_deadline", None))
    except ConfigError as exc:
        raise UsageError(str(exc)) from None
    return LLMJudge(llm.backend, runs=runs, deadline_s=deadline or JUDGE_DEADLINE_S)


class Progress:
    """Progress on stderr, never stdout (which may be --json): a one-line bar when stderr is a
    terminal; otherwise, for runs longer than `plain_over` items, a plain line every tenth."""

    def __init__(self, total: int, what: str = "", plain_over: int | None = None):
        import threading   # lazy, as every import in a handler: --help stays fast
        self.total, self.done, self.lock, self.what = total, 0, threading.Lock(), what
        self.live = sys.stderr.isatty()
        self.plain = (not self.live and plain_over is not None and total > plain_over)
        self.every = max(1, total // 10)

    def step(self) -> None:
        with self.lock:
            self.done += 1
            if self.live:
                width = 30
                filled = int(width * self.done / self.total)
                sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] "
                                 f"{self.done}/{self.total}")
                if self.done == self.total:
                    sys.stderr.write("\n")
                sys.stderr.flush()
            elif self.plain and (self.done % self.every == 0 or self.done == self.total):
                sys.stderr.write(f"{self.what} {self.done}/{self.total}\n")
                sys.stderr.flush()


def _unique(paths) -> list[Path]:
    """Each file once, in the order given (`score f f` would grade and append twice)."""
    seen: dict[Path, Path] = {}
    for p in paths:
        seen.setdefault(p.resolve(), p)
    return list(seen.values())


def run_score(a: argparse.Namespace) -> int:
    from concurrent.futures import ThreadPoolExecutor, as_completed
    from rubrics import default_bank   # lazy: pydantic, the bank and the judges
    from ..judges.export import to_html, to_json, to_markdown, to_text
    from ..judges.rescore import diff, score_one
    names = [a.judge] + ([a.diff] if a.diff else [])
    judges = [_judge(n, a) for n in names]
    bank = default_bank()
    paths = _unique(Path(f) for f in a.files)
    progress = Progress(len(paths))
    results: dict[str, dict] = {}
    with ThreadPoolExecutor(max_workers=max(1, a.concurrency)) as pool:
        futures = {pool.submit(score_one, p, judges, bank, not a.no_write): p for p in paths}
        for fut in as_completed(futures):
            path = futures[fut]
            try:
                results[str(path)] = fut.result()
            except Exception as exc:   # one file's surprise never stops the others
                results[str(path)] = {"file": str(path),
                                      "error": f"{path}: {type(exc).__name__}: {exc}"}
            progress.step()
    failed = 0
    ordered = [results[str(p)] for p in paths]
    if a.json:
        out = []
        for r in ordered:
            if "error" in r:
                out.append({"file": r["file"], "error": r["error"]})
            else:
                sc = r["scorecards"][0]
                out.append({"file": r["file"], "session": r["session"],
                            "overall": sc.overall, "scorecard": sc.model_dump()})
        json.dump(out, sys.stdout, indent=2)
        sys.stdout.write("\n")
    for r in ordered:
        if "error" in r:
            failed += 1
            print(f"fde-interview score: error: {visible(r['error'])}", file=sys.stderr)
            continue
        if a.json:
            continue
        sc = r["scorecards"][0]
        render = {"md": to_markdown, "html": to_html, "json": lambda s, **_: to_json(s) + "\n",
                  "text": None}[a.format]
        if render is None:
            print(f"{r['file']}: {sc.overall or 'UNSCORED'}", end="")
            print(to_text(sc) if a.verbose else f"  ({sc.agreement_line()})\n", end="")
        else:
            sys.stdout.write(visible(render(sc, title=f"Scorecard: {r['session']}")))
        if a.diff:
            lines = diff(r["scorecards"][0], r["scorecards"][1])
            print(f"{r['file']}: {len(lines)} verdict(s) differ between {names[0]} and {names[1]}")
            print("\n".join(lines))
    for r in ordered:   # a judge that could not grade is a failure, with its reason
        for sc in r.get("scorecards", []):
            if sc.unscored:
                failed += 1
                print(f"fde-interview score: error: {r['file']}: the {sc.judge.name} judge left "
                      f"it unscored: {sc.unscored_reason()}", file=sys.stderr)
    return 1 if failed else 0


SPLIT_NOTE = {"holdout": ": never seen while tuning the judge; the figure for new answers",
              "tune": ": FITTED, the judge was tuned on these; says nothing about new answers",
              "all": ": includes the fitted tune split"}


def _print_block(b: dict, per_criterion: bool, rows: str = "reference") -> None:
    k = (f"{b['kappa']:.2f} [{b['kappa_low']:.2f}, {b['kappa_high']:.2f}]"
         if b["kappa"] is not None and b["kappa_low"] is not None
         else f"{b['kappa']:.2f}" if b["kappa"] is not None else "n/a")
    print(f"  exact agreement  {b['agreement']:.1%}  95% Wilson [{b['low']:.1%}, "
          f"{b['high']:.1%}]")
    print(f"  Cohen's kappa    {k}" + (" (bootstrap over transcripts)"
                                      if b["kappa_low"] is not None else ""))
    lv = b["levels"]
    print(f"  question level   exact {lv['exact']:.0%}, within one step {lv['within_one']:.0%}"
          f" of {lv['n']}")
    print(f"  leans            {b['leaning']['leans']} (more generous {b['leaning']['lenient']},"
          f" stricter {b['leaning']['strict']})")
    print(f"  parse failures   {b['parse_failure_rate']:.1%}")
    cols = list(next(iter(b["confusion"].values())))
    print(f"  confusion (rows: {rows}, columns: judge)")
    print("    " + " " * 9 + "".join(f"{c:>10}" for c in cols))
    for row, vals in b["confusion"].items():
        print(f"    {row:<9}" + "".join(f"{vals[c]:>10}" for c in cols))
    if "by_quality" in b:
        print("  by quality       " + ", ".join(f"{q} {v['agreement']:.0%} (n={v['n']})"
                                                for q, v in b["by_quality"].items()))
    if per_criterion:
        for key, v in b["per_criterion"].items():
            print(f"    {key:<40} {v['agreement']:.0%} [{v['low']:.0%}, {v['high']:.0%}] "
                  f"n={v['n']}")


def run_calibrate(a: argparse.Namespace) -> int:
    if a.mine is not None:
        return run_mine(a)
    from rubrics import default_bank   # lazy: pydantic, the bank and the judges
    from transcripts.reference import ReferenceError, load_reference
    from ..judges.calibrate import agreement_record, report
    bank = default_bank()
    if a.sample and not a.split:
        a.split = "holdout"   # the sample is of the held-out cases: the figure for new answers
    try:
        cases = load_reference(a.set, bank, split=a.split)
    except ReferenceError as exc:
        raise UsageError(str(exc)) from None
    if not cases:
        raise UsageError(f"no {a.split + ' ' if a.split else ''}reference cases in "
                         f"{a.set or 'the packaged set'}")
    if a.save and not any(c.split == "holdout" for c in cases):
        raise UsageError("--save stores the held-out agreement, and these cases have no "
                         "held-out split")
    if a.sample:
        from ..judges.calibrate import stratified_sample
        if a.sample < 8:
            print(f"note: a sample of {a.sample} cannot hold every round type and quality "
                  "level; 8 or more can", file=sys.stderr)
        cases = stratified_sample(cases, a.sample)
    if a.compare == "":
        a.compare = "heuristic" if a.judge == "llm" else "llm"
    judge = _judge(a.judge, a, runs=a.runs)
    other = _judge(a.compare, a) if a.compare else None
    _confirm_cost(a, [j for j in (judge, other) if j is not None and j.info.name == "llm"],
                  cases, bank)
    progress = Progress(len(cases) * (2 if other else 1), "calibrate: graded", plain_over=0)
    rep = report(judge, cases, bank, reps=a.bootstrap, other=other, step=progress.step,
                 concurrency=a.concurrency if judge.info.name == "llm" else 1)
    if judge.info.name == "llm":
        _store_llm_agreement(judge, rep, len(cases))
    if a.save:
        key = "heuristic" if a.judge == "heuristic" else judge.store_key
        path = Path(a.save)
        data = json.loads(path.read_text()) if path.exists() else {}
        data[key] = agreement_record(rep)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=2) + "\n")
        print(f"saved the {key} agreement to {path}", file=sys.stderr)
    if a.json:
        json.dump(rep, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    print(f"judge: {rep['judge']['name']}" + (f" ({rep['judge']['model']})" if rep['judge']['model']
                                              else "") + f", {rep['cases']} reference transcripts")
    for split, b in rep["splits"].items():   # holdout first: the figure for new answers
        print(f"\n{split} ({b['cases']} transcripts, {b['n']} criterion labels)"
              + SPLIT_NOTE.get(split, ""))
        _print_block(b, a.per_criterion)
    two = rep["labellers"]
    if two["cases"]:
        print(f"\ntwo labellers, {two['cases']} transcripts labelled twice independently: "
              f"{two['agreement']:.1%} [{two['low']:.1%}, {two['high']:.1%}] of {two['n']} "
              f"criteria" + (f", kappa {two['kappa']:.2f}" if two.get("kappa") is not None else "")
              + " (as far as a judge can be expected to agree)")
    if rep["self_agreement"] is not None:
        print(f"\nself-agreement over {a.runs} runs: {rep['self_agreement']:.1%}")
    missed = sorted(set(rep["injection_cases"]) - set(rep["injections_flagged"]))
    print(f"\ninjection attempts flagged: {len(rep['injections_flagged'])} transcripts"
          + (f"; not flagged: {', '.join(missed)}" if missed else ""))
    if "versus" in rep:
        v = rep["versus"]
        print(f"versus {v['judge']['name']}: {v.get('agreement', 0):.1%} agreement on {v['n']} "
              f"criteria" + (f", kappa {v['kappa']:.2f}" if v.get("kappa") is not None else ""))
    if "compare" in rep:
        from ..judges.calibrate import compare_lines
        print(visible("\n".join(compare_lines(rep["compare"], a.per_criterion))))
    return 0


def _confirm_cost(a: argparse.Namespace, llm_judges: list, cases, bank) -> None:
    """Before an LLM judge spends anything: the estimate on stderr, then a yes from the
    user (or --yes). Also refuses up front when the store the result goes to is unreadable."""
    if not llm_judges:
        return
    from ..judges.estimate import estimate
    from ..judges.measured import CalibrationStoreError, read_store
    try:
        read_store()
    except CalibrationStoreError as exc:
        raise UsageError(str(exc)) from None
    for j in llm_judges:
        b = j.backend
        est = estimate(cases, bank, b.name, b.model, runs=j.runs,
                       concurrency=a.concurrency,
                       schema_in_prompt=not b.capabilities.json_schema)
        print(visible(f"calibrate: the llm judge ({b.name}/{b.model}) will grade "
                      f"{len(cases)} reference transcripts:"), file=sys.stderr)
        print(visible("\n".join(est.lines())), file=sys.stderr)
    if a.yes:
        return
    if not sys.stdin.isatty():
        raise UsageError("not started: calibrating an llm judge sends the requests estimated "
                         "above; pass --yes to start without a terminal to confirm at")
    sys.stderr.write("Start? [y/N] ")
    sys.stderr.flush()
    reply = sys.stdin.readline().strip().lower()
    if reply not in ("y", "yes"):
        raise UsageError("not started (answered no)")


def _store_llm_agreement(judge, rep: dict, cases: int) -> None:
    """Keep the held-out agreement where the LLM judge's scorecards read it (per provider,
    model and prompt version)."""
    from ..judges.calibrate import llm_record
    from ..judges.measured import CalibrationStoreError, save_record
    if "holdout" not in rep["splits"]:
        print("note: no held-out cases graded, so no agreement stored for scorecards",
              file=sys.stderr)
        return
    b = judge.backend
    record = llm_record(judge, rep, cases)
    try:
        path = save_record(judge.store_key, record)
    except CalibrationStoreError as exc:
        raise UsageError(str(exc)) from None
    print(visible(f"stored the agreement of {b.name}/{b.model} (prompt "
                  f"{judge.info.prompt_version}) in {path}"), file=sys.stderr)


def run_mine(a: argparse.Namespace) -> int:
    """Each judge's agreement with this user's own labels, from the saved sessions."""
    from rubrics import default_bank   # lazy: pydantic, the bank and the judges
    from transcripts import sessions_dir
    from ..judges.labels import default_labeller
    from ..judges.mine import REGRADED, labelled_in, my_agreement
    directory = Path(a.mine) if a.mine else sessions_dir()
    if not directory.is_dir():
        raise UsageError(f"{directory}: no such directory")
    by = a.by or default_labeller()
    items, errors = labelled_in(sorted(directory.glob("*.jsonl")), by=by)
    for e in errors:
        print(f"fde-interview calibrate: error: {visible(e)}", file=sys.stderr)
    if not items:
        raise UsageError(f"no transcripts labelled by {by} in {directory} (label one: "
                         "fde-interview label FILE)")
    rep = my_agreement(items, default_bank(), reps=a.bootstrap)
    rep |= {"directory": str(directory), "by": by}
    if a.json:
        json.dump(rep, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    print(visible(f"your labels ({by}): {rep['labels']} label(s) of {rep['transcripts']} "
                  f"transcript(s) in {directory}"))
    for key, b in rep["judges"].items():
        what = ("the heuristic judge as it is now, grading the same answers again"
                if key == REGRADED else f"the {key} judge's scores you labelled")
        print(visible(f"\n{key} ({what}; {b['cases']} transcripts, {b['n']} criterion labels)"))
        _print_block(b, a.per_criterion, rows="your labels")
    return 0
