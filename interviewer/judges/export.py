"""A scorecard as text for the console, Markdown or HTML, or JSON."""
from __future__ import annotations

import html
import json

from rubrics.claims.wording import conditions_phrase
from rubrics.vocab import CHECK_METHODS, VERDICT_SHOWN
from tools.units import format_value
from transcripts.scorecard import NumberRow, Scorecard, Verification

from ..terminal_text import visible

MARK = {"met": "+", "partial": "~", "missing": "-", "unscored": "?"}
VERDICT_TEXT = {"ok": "ok", "wrong": "WRONG", "ambiguous": "unresolved"}


def _computed(n: NumberRow) -> str:
    return format_value(n.computed, n.unit)


def _conds(n: NumberRow) -> str:
    return conditions_phrase(n.conditions) if n.conditions else ""


def shown(verdict: str) -> str:
    """A verdict in the words a candidate reads: the judge found no evidence ("not found"),
    which is not the same as the candidate leaving it out; the stored value stays "missing"."""
    return VERDICT_SHOWN.get(verdict, verdict)


def _shape(q) -> str:
    if q.shape is None:
        return ""
    parts = [name for name, ok in (("claim", q.shape.claim), ("number", q.shape.number),
                                   ("trade-off", q.shape.tradeoff), ("next step", q.shape.next_step))
             if ok]
    return f"shape: {', '.join(parts) if parts else 'none of the four parts'}"


PART_HEAD = ("part", "tests passed", "runs", "time to pass", "own tests", "coverage")


def part_cells(p) -> tuple[str, ...]:
    """One row of the coding round's per-part table, as strings (all three renderers)."""
    return (f"{p.part}" + (f" {p.title}" if p.title else ""), f"{p.passed}/{p.total}",
            str(p.runs), p.time_text, "" if p.own_tests is None else str(p.own_tests),
            "" if p.coverage is None else f"{p.coverage:.0%}")


PLANT_SHOWN = {"caught": "CAUGHT", "caught-late": "CAUGHT LATE", "accepted": "ACCEPTED",
               "unchallenged": "NOT CHECKED"}
PLANT_MEANS = {"caught": "questioned or corrected it before building on it",
               "caught-late": "built on it, then corrected it",
               "accepted": "built on it and never corrected it",
               "unchallenged": "neither used nor questioned it"}


def verification_lines(v: Verification) -> list[str]:
    """The verification section as plain lines (the text and Markdown forms share them)."""
    n = v.asked
    lines = [f"Verification: you asked the AI assistant {n} question{'' if n == 1 else 's'}; "
             + (v.tally() if v.planted else "it planted no mistake")]
    for p in v.planted:
        lines.append(f"   {PLANT_SHOWN[p.verdict]}  {p.question} {p.plant} ({p.kind}): you "
                     f"{PLANT_MEANS[p.verdict]}")
        lines.append(f"      the assistant said: \u201c{' '.join(p.said.split())}\u201d")
        lines.append(f"      what was wrong: {p.why}")
        if p.right:
            lines.append(f"      the calculator: {p.right}")
        if p.evidence:
            lines.append("      your words: " + " then ".join(f"\u201c{e}\u201d"
                                                           for e in p.evidence))
    how = [f"{m} (\u201c{v.methods[m]}\u201d)" if m in v.methods else f"{m}: not seen"
           for m in CHECK_METHODS]
    lines.append("   how you checked: " + "; ".join(how))
    dims = [f"{d.name} {d.level}" if d.level else f"{d.name} n/a ({d.basis})"
            for d in v.dimensions]
    lines.append("   the four dimensions of an AI-enabled round: " + "; ".join(dims))
    return lines


def to_text(sc: Scorecard) -> str:
    """For a terminal: control characters in evidence quotes and notes are made visible."""
    lines = ["", "Scorecard " + "-" * 60]
    for q in sc.questions:
        lines.append(f"{q.question}: {q.title}" + ("" if q.answered else " (not answered)"))
        lines.append(f"   {sc.level_line(q) if q.level else 'level: UNSCORED'}")
        for c in q.criteria:
            ev = f"  \u201c{c.evidence[0]}\u201d" if c.evidence else ""
            lines.append(f"   {MARK[c.verdict]} {c.id} [{shown(c.verdict)}]{ev}")
        for n in q.numbers:
            cond = f" (with {_conds(n)})" if n.conditions else ""
            lines.append(f"   # {n.quantity}: you said {n.claimed}, the {n.tool} tool gives "
                         f"{_computed(n)}{cond}  {VERDICT_TEXT[n.verdict]}")
        extra = [x for x in (_shape(q),
                             f"depth: {q.depth}" if q.depth else "",
                             f"communication: {q.communication}/4" if q.communication else "",
                             f"red flags: {', '.join(q.red_flags)}" if q.red_flags else "") if x]
        if extra:
            lines.append("   " + "; ".join(extra))
        for p in q.parts:
            c = part_cells(p)
            lines.append(f"   part {c[0]}: {c[1]} tests passed in {c[2]} run(s), "
                         f"{'passed in ' + c[3] if p.seconds_to_pass is not None else c[3]}"
                         + (f"; your {c[4]} tests" + (f" cover {c[5]}" if c[5] else "")
                            if c[4] else ""))
        lines += [f"   note: {n}" for n in q.notes]
    if sc.verification is not None:
        lines += verification_lines(sc.verification)
    lines.append(f"Overall: {sc.overall or 'UNSCORED'}")
    if sc.asked_line():
        lines.append(sc.asked_line())
    lines += [f"Note: {n}" for n in sc.notes]
    lines.append(sc.agreement_line())
    lines += sc.disagreement_lines()
    return visible("\n".join(lines) + "\n")


def to_markdown(sc: Scorecard, title: str = "Scorecard") -> str:
    out = [f"# {title}", "", f"**Overall: {sc.overall or 'unscored'}**", "",
           f"_{sc.agreement_line()}_", ""]
    if sc.asked_line():
        out += [sc.asked_line(), ""]
    for n in sc.notes:
        out.append(f"> {n}")
    out += _disagreements_md(sc)
    for q in sc.questions:
        out += ["", f"## {q.question}: {q.title} ({q.level or 'unscored'})", "",
                sc.level_line(q), "",
                "| criterion | verdict | evidence |", "|---|---|---|"]
        for c in q.criteria:
            ev = " / ".join(e.replace("|", "\\|") for e in c.evidence) or ""
            out.append(f"| {c.id} | {shown(c.verdict)} | {ev} |")
        if q.numbers:
            out += ["", "| quantity | you said | computed | conditions | tool | verdict |",
                    "|---|---|---|---|---|---|"]
            out += [f"| {n.quantity} | {n.claimed} | {_computed(n)} | "
                    f"{_conds(n).replace('|', chr(92) + '|')} | {n.tool} | "
                    f"{VERDICT_TEXT[n.verdict]} |" for n in q.numbers]
        if q.parts:
            out += ["", "| " + " | ".join(PART_HEAD) + " |", "|---" * len(PART_HEAD) + "|"]
            out += ["| " + " | ".join(c.replace("|", "\\|") for c in part_cells(p)) + " |"
                    for p in q.parts]
        meta = [x for x in (_shape(q), f"depth: {q.depth}" if q.depth else "",
                            f"communication: {q.communication}/4" if q.communication else "",
                            f"red flags: {', '.join(q.red_flags)}" if q.red_flags else "") if x]
        if meta:
            out += ["", "; ".join(meta)]
    if sc.verification is not None:
        first, *rest = verification_lines(sc.verification)
        out += ["", f"## {first}", ""] + [f"- {x.strip()}" if not x.startswith("      ")
                                           else f"  - {x.strip()}" for x in rest]
    return "\n".join(out) + "\n"


def _disagreements_md(sc: Scorecard) -> list[str]:
    """Both judges' readings where they differ (the closing grade runs both)."""
    if sc.compared_with is None:
        return []
    if not sc.disagreements:
        return ["", f"_{sc.disagreement_lines()[0]}_"]
    names = list(sc.disagreements[0].verdicts)
    return (["", "## Where the judges disagree", "",
             "| question | criterion | " + " | ".join(f"{n} judge" for n in names) + " |",
             "|---|---|" + "---|" * len(names)]
            + [f"| {d.question} | {d.criterion} | "
               + " | ".join(shown(d.verdicts.get(n, "unscored")) for n in names) + " |"
               for d in sc.disagreements])


def _disagreements_html(sc: Scorecard) -> str:
    e = html.escape
    if sc.compared_with is None:
        return ""
    if not sc.disagreements:
        return f"<p><i>{e(sc.disagreement_lines()[0])}</i></p>"
    names = list(sc.disagreements[0].verdicts)
    head = "".join(f"<th>{e(n)} judge</th>" for n in names)
    rows = "".join(f"<tr><td>{e(d.question)}</td><td>{e(d.criterion)}</td>"
                   + "".join(f"<td>{e(shown(d.verdicts.get(n, 'unscored')))}</td>"
                             for n in names) + "</tr>" for d in sc.disagreements)
    return (f"<h2>Where the judges disagree</h2><table><tr><th>question</th>"
            f"<th>criterion</th>{head}</tr>{rows}</table>")


def to_html(sc: Scorecard, title: str = "Scorecard") -> str:
    e = html.escape
    rows = []
    for q in sc.questions:
        rows.append(f"<h2>{e(q.question)}: {e(q.title)} <small>({e(q.level or 'unscored')})"
                    f"</small></h2><p>{e(sc.level_line(q))}</p>"
                    f"<table><tr><th>criterion</th><th>verdict</th>"
                    f"<th>evidence</th></tr>")
        for c in q.criteria:
            rows.append(f"<tr class='{e(c.verdict)}'><td>{e(c.id)}</td>"
                        f"<td>{e(shown(c.verdict))}</td>"
                        f"<td>{'<br>'.join(e(x) for x in c.evidence)}</td></tr>")
        rows.append("</table>")
        if q.numbers:
            rows.append("<table><tr><th>quantity</th><th>you said</th><th>computed</th>"
                        "<th>conditions</th><th>verdict</th></tr>" + "".join(
                            f"<tr><td>{e(n.quantity)}</td><td>{e(n.claimed)}</td>"
                            f"<td>{e(_computed(n))}</td><td>{e(_conds(n))}</td>"
                            f"<td>{VERDICT_TEXT[n.verdict]}</td></tr>" for n in q.numbers)
                        + "</table>")
        if q.parts:
            rows.append("<table><tr>" + "".join(f"<th>{h}</th>" for h in PART_HEAD) + "</tr>"
                        + "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in part_cells(p))
                                  + "</tr>" for p in q.parts) + "</table>")
    if sc.verification is not None:
        first, *rest = verification_lines(sc.verification)
        rows.append(f"<h2>{e(first)}</h2><ul>" + "".join(
            f"<li>{e(x.strip())}</li>" for x in rest) + "</ul>")
    notes = "".join(f"<p class='note'>{e(n)}</p>" for n in sc.notes)
    if sc.asked_line():
        notes = f"<p>{e(sc.asked_line())}</p>" + notes
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{e(title)}</title>"
            "<style>body{font-family:sans-serif;max-width:60em;margin:auto}"
            "td,th{border:1px solid #ccc;padding:.3em;vertical-align:top}"
            "table{border-collapse:collapse;margin:.5em 0}.met{background:#e6f4ea}"
            ".partial{background:#fff7e0}.missing{background:#fce8e6}</style></head><body>"
            f"<h1>{e(title)}</h1><p><b>Overall: {e(sc.overall or 'unscored')}</b></p>"
            f"<p><i>{e(sc.agreement_line())}</i></p>{notes}{_disagreements_html(sc)}"
            f"{''.join(rows)}</body></html>\n")


def to_json(sc: Scorecard) -> str:
    return json.dumps(sc.model_dump(), indent=2)
