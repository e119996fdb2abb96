"""Verification over time: for each saved session in which the candidate asked the AI
assistant, how many of its planted mistakes they caught, from the session's latest scorecard.
`fde-interview sessions` prints it and the terminal app's sessions screen shows it beside the
per-theme progress."""
from __future__ import annotations

from dataclasses import dataclass

from transcripts import graded_sessions

BARS = "▁▃▅█"   # the share caught: none, some, most, all


@dataclass(frozen=True)
class VerificationRow:
    session: str
    started: str
    questions: list[str]
    asked: int          # questions put to the assistant
    planted: int
    caught: int
    late: int
    accepted: int
    level: str | None   # the verification dimension's level

    def line(self) -> str:
        if not self.planted:
            what = "no mistake planted"
        else:
            what = (f"caught {self.caught} of {self.planted}"
                    + (f", {self.late} late" if self.late else "")
                    + (f", {self.accepted} accepted" if self.accepted else ""))
        return (f"{self.started[:16].replace('T', ' ')}  {','.join(self.questions):<10} "
                f"{what:<34} verification: {self.level or 'n/a'}")


def history(paths: list[str]) -> list[VerificationRow]:
    """One row per session with a verification section, oldest first; a file that cannot be
    read is left out (the sessions list names it)."""
    rows = []
    for t, score in graded_sessions(paths):
        v = score.scorecard.verification
        if v is None:
            continue
        count = {x: sum(1 for p in v.planted if p.verdict == x)
                 for x in ("caught", "caught-late", "accepted")}
        level = next((d.level for d in v.dimensions if d.name == "verification"), None)
        rows.append(VerificationRow(t.header.session_id, t.header.started,
                                    list(t.header.questions), v.asked, len(v.planted),
                                    count["caught"], count["caught-late"], count["accepted"],
                                    level))
    return sorted(rows, key=lambda r: r.started)


def history_lines(rows: list[VerificationRow]) -> list[str]:
    """A chart of the share caught per session (the last 30), then a line per session."""
    if not rows:
        return ["(no session with the AI assistant yet: practise --round ai-enabled)"]
    planted = [r for r in rows if r.planted]
    chart = "".join(BARS[min(3, int(3 * r.caught / r.planted + 0.5))] for r in planted[-30:])
    total = sum(r.planted for r in planted)
    caught = sum(r.caught for r in planted)
    head = (f"caught per session {chart}  ({caught} of {total} planted mistakes caught at "
            f"once over {len(planted)} session{'' if len(planted) == 1 else 's'})"
            if planted else "no mistake planted yet")
    return [head] + [r.line() for r in rows[-10:]]
