"""`fde-interview label`: the candidate's own grades of a scored transcript, beside the judge's
(appended as a label event, never replacing the score), asked for on stdin/stdout or given as
flags; `label --export DIR` writes labelled transcripts as reference cases. Handlers import
the judges when they run (keeps --help fast)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import UsageError
from ..terminal_text import visible


def register(sub: argparse._SubParsersAction) -> None:
    what = ("agree or disagree with each verdict and level of a scorecard (appended as a "
            "label event; the judge's score stays), or export labelled sessions")
    p = sub.add_parser("label", help="your own grades beside the judge's", description=what)
    p.add_argument("files", nargs="*", metavar="FILE",
                   help="a transcript or a session id (with --export: any number; none means "
                        "every labelled session)")
    p.add_argument("--verdict", action="append", default=[], metavar="CRITERION=VERDICT",
                   help="your verdict where it differs from the judge's: met, partial or "
                        "not-found (Q/CRITERION where two questions share the id); repeat it")
    p.add_argument("--level", action="append", default=[], metavar="Q=LEVEL",
                   help="your level for a question where it differs: outstanding, solid, "
                        "borderline or poor; repeat it")
    p.add_argument("--by", metavar="NAME", help="who is labelling (default: the OS user name)")
    p.add_argument("--score", metavar="ID", help="the score event to label (default: the "
                   "latest that graded the session)")
    p.add_argument("--out", metavar="DIR", help="where transcripts are saved")
    p.add_argument("--export", metavar="DIR", help="write the labelled transcripts as "
                   "reference cases (split tune) for calibrate --set DIR")
    p.add_argument("--quality", default="adequate", help="the reference cases' quality field "
                   "(with --export; default adequate)")
    p.set_defaults(run=run_label)


def _path(name: str, out: str | None) -> Path:
    from transcripts import sessions_dir   # lazy: pydantic
    path = Path(name)
    return path if path.exists() else sessions_dir(out) / f"{name}.jsonl"


def run_label(a: argparse.Namespace) -> int:
    from ..judges.labels import LabelError   # lazy: pydantic and the transcripts
    try:
        if a.export:
            return _export(a)
        if len(a.files) != 1:
            raise UsageError("label takes one FILE (or a session id); --export DIR takes many")
        if a.verdict or a.level:
            return _from_flags(a)
        return _interactive(a)
    except LabelError as exc:
        raise UsageError(str(exc)) from None


def _done(tg, event) -> int:
    from ..judges.labels import agreement_counts
    agree, total, l_agree, l_total = agreement_counts(tg, event)
    print(f"{tg.path}: label {event.id} by {visible(event.by)}: you agree with {agree} of "
          f"{total} verdicts and {l_agree} of {l_total} levels of the {tg.scorecard.judge.name} "
          f"judge's score {tg.score.id} (which stays as it was)")
    return 0


def _from_flags(a: argparse.Namespace) -> int:
    from ..judges import labels
    path = _path(a.files[0], a.out)
    tg = labels.target(path, a.score)
    verdicts = {labels.resolve_criterion(tg.scorecard, k): labels.parse_verdict(v)
                for k, v in labels.parse_assignments(a.verdict, "verdict")}
    levels = {q: labels.parse_level(v) for q, v in labels.parse_assignments(a.level, "level")}
    event = labels.build(tg, verdicts, levels, a.by or labels.default_labeller())
    return _done(tg, labels.append(path, event))


class _EndOfInput(Exception):
    pass


def _ask(prompt: str, parse, default: str):
    """One answer from stdin: Enter agrees (the default); a bad one is named and asked again."""
    while True:
        sys.stdout.write(prompt)
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            sys.stdout.write("\n")
            raise _EndOfInput
        if not line.strip() or line.strip().lower() in ("y", "yes", "agree"):
            return default
        try:
            return parse(line)
        except ValueError as exc:
            print(f"  {exc} (Enter agrees with the judge)", file=sys.stderr)


def _interactive(a: argparse.Namespace) -> int:
    from ..judges import labels
    path = _path(a.files[0], a.out)
    tg = labels.target(path, a.score)
    sc, by = tg.scorecard, a.by or labels.default_labeller()
    print(visible(f"Labelling the {sc.judge.name} judge's score {tg.score.id} of session "
                  f"{tg.transcript.header.session_id}, as {by}."))
    print("For each verdict press Enter to agree, or type met, partial or not found; for each "
          "level, Enter or outstanding, solid, borderline or poor.")
    verdicts: dict[tuple[str, str], str] = {}
    levels: dict[str, str] = {}
    try:
        for q in sc.questions:
            print(visible(f"\n{q.question}: {q.title}"))
            for c in q.criteria:
                ev = f"  \u201c{c.evidence[0]}\u201d" if c.evidence else ""
                print(visible(f"  {c.id}: the judge says {labels.shown(c.verdict)}{ev}"))
                default = c.verdict if c.verdict != "unscored" else None
                got = _ask(f"  your verdict [{labels.shown(default) if default else 'required'}]"
                           ": ", labels.parse_verdict, default)
                while got is None:
                    print("  the judge left this unscored: give your own verdict",
                          file=sys.stderr)
                    got = _ask("  your verdict: ", labels.parse_verdict, None)
                verdicts[(q.question, c.id)] = got
            print(f"  level: the judge says {q.level or 'unscored'}")
            got = _ask(f"  your level [{q.level or 'required'}]: ", labels.parse_level, q.level)
            while got is None:
                got = _ask("  your level: ", labels.parse_level, None)
            levels[q.question] = got
    except _EndOfInput:
        print(f"fde-interview label: error: the input ended before every verdict and level "
              f"was given; nothing was written to {path}", file=sys.stderr)
        return 1
    return _done(tg, labels.append(path, labels.build(tg, verdicts, levels, by)))


def _export(a: argparse.Namespace) -> int:
    from rubrics import default_bank   # lazy: pydantic and the bank
    from transcripts import sessions_dir
    from transcripts.reference import QUALITIES
    from ..judges.mine import export_cases, labelled_in
    if a.quality not in QUALITIES:
        raise UsageError(f"unknown --quality {a.quality!r}: one of {', '.join(QUALITIES)}")
    paths = ([_path(f, a.out) for f in a.files] if a.files
             else sorted(sessions_dir(a.out).glob("*.jsonl")))
    items, errors = labelled_in(paths, by=a.by)
    for e in errors:
        print(f"fde-interview label: error: {visible(e)}", file=sys.stderr)
    if not items:
        raise UsageError("no labelled transcripts to export"
                         + (f" by {a.by}" if a.by else "")
                         + " (label one first: fde-interview label FILE)")
    written, failed = export_cases(items, a.export, default_bank(), a.quality)
    for e in failed:
        print(f"fde-interview label: error: {visible(e)}", file=sys.stderr)
    print(f"wrote {len(written)} reference case(s) to {a.export} (split tune, quality "
          f"{a.quality}); measure a judge on them: fde-interview calibrate --set {a.export}")
    return 1 if errors or failed else 0
