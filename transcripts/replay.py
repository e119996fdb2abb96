"""A saved session as lines to read, turn by turn: the one replay renderer behind
`fde-interview replay` and the terminal app's replay screen. Lines are plain text straight from
the transcript: each front-end makes them safe for its surface (control characters visible,
markup escaped) and styles them."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tools.units import format_value

from .store import Transcript

_VERDICT = {"ok": "ok", "wrong": "MISMATCH", "ambiguous": "unresolved (asked)"}

# The events a replay shows: what was said, each number check, each run of the code and
# each reply of the AI assistant.
TURNS = ("interviewer", "candidate", "tool_check", "code_run", "assistant")


@dataclass(frozen=True)
class ReplayLine:
    kind: Literal["interviewer", "candidate", "tool_check", "notice", "code_run", "assistant"]
    label: str     # who speaks ("Interviewer", "You (voice)"), or "check" or a notice's level
    text: str

    @property
    def spoken(self) -> bool:
        return self.kind in ("interviewer", "candidate", "assistant")

    def plain(self) -> str:
        """The line as a console prints it."""
        return f"\n{self.label}: {self.text}" if self.spoken else f"  [{self.label}] {self.text}"


def run_text(e) -> str:
    """One run of the candidate's code in a line: the part, the counts, what stopped it, the
    failing tests with their messages' last lines, the candidate's own tests."""
    said = (f"part {e.part}: {e.passed}/{e.total} tests passed in {e.duration_ms} ms "
            f"({e.isolation})")
    if e.timed_out:
        said += ", stopped: out of time"
    if e.problem:
        said += f"; {e.problem}"
    for f in e.failures[:5]:
        last = (f.message.strip().splitlines() or [""])[-1]
        said += f"; {f.outcome}: {f.test}" + (f" ({last})" if last else "")
    if e.candidate_passed is not None:
        said += f"; own tests {e.candidate_passed} passed, {e.candidate_failed or 0} failed"
    if e.coverage is not None:
        said += f", coverage {e.coverage:.0%}"
    return said


def header_line(t: Transcript) -> str:
    h = t.header
    return (f"session {h.session_id}, {h.round} round, {h.started[:16]}, questions "
            f"{', '.join(h.questions)}, interviewer {h.provider}")


def replay_lines(t: Transcript, kinds: tuple[str, ...] = TURNS + ("notice",)) -> list[ReplayLine]:
    """Every event of the given kinds, in order, as a line."""
    lines = []
    for e in t.events:
        if e.type not in kinds:
            continue
        if e.type == "interviewer":
            lines.append(ReplayLine("interviewer", "Interviewer", e.text))
        elif e.type == "candidate":
            lines.append(ReplayLine("candidate", "You (voice)" if e.source == "voice" else "You",
                                    e.text))
        elif e.type == "tool_check":
            cond = ", ".join(f"{k} {c['value']} ({c['from']})" for k, c in e.conditions.items()
                             if isinstance(c, dict) and "value" in c)
            lines.append(ReplayLine("tool_check", "check", (
                f"{e.quantity}: said {e.claimed_text}, the {e.tool} tool gives "
                f"{format_value(e.computed, e.unit)}" + (f" with {cond}" if cond else "")
                + f" -> {_VERDICT[e.verdict]}" + (f"; asked: {e.asks}" if e.asks else ""))))
        elif e.type == "code_run":
            lines.append(ReplayLine("code_run", "run", run_text(e)))
        elif e.type == "assistant":   # its reply only: whether it planted is the scorecard's
            lines.append(ReplayLine("assistant", "Assistant", e.reply))
        elif e.type == "notice":
            lines.append(ReplayLine("notice", e.level, e.text))
    return lines
