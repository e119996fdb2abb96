"""A company loop's combined scorecard as text: each round's level, the loop's overall level,
and the AI rule it ran under. The per-round scorecards are in each round's transcript."""
from __future__ import annotations

from transcripts.loop_record import LoopScorecard

from ..terminal_text import visible


def loop_to_text(card: LoopScorecard, loop_id: str) -> str:
    width = max((len(r.title) for r in card.rounds), default=5)
    lines = ["", f"Loop scorecard: {visible(card.title)} ({loop_id})",
             f"AI rule: {card.ai_rule} (source: {visible(card.ai_source)})", ""]
    for i, r in enumerate(card.rounds, 1):
        assistant = "assistant on " if r.assistant else "assistant off"
        lines.append(f"  {i}. {visible(r.title):<{width}}  {r.type:<13} {r.minutes:>4} min  "
                     f"{assistant}  level: {r.level or 'unscored'}  session {r.session_id}")
    lines += ["", f"Overall: {card.overall or 'unscored'}"
              f" (of {len(card.rounds)} rounds; each round's scorecard is in its session)"]
    lines += [f"note: {visible(n)}" for n in card.notes]
    return "\n".join(lines) + "\n"
