"""Two clocks: time on the current question against its budget, and time since the session
started against the round's minutes. A clock can start in the past (a resumed session, a
question asked before the app started): it counts from the transcript's time stamps."""
from __future__ import annotations

import time
from datetime import datetime, timezone

from textual.widgets import Static


def seconds_since(iso: str | None) -> float:
    """Seconds from an ISO time stamp (a transcript's `t` or `started`) to now; 0 for none.
    A stamp without a zone is read as UTC, as the transcripts write them."""
    if not iso:
        return 0.0
    try:
        then = datetime.fromisoformat(iso)
    except ValueError:
        return 0.0
    if then.tzinfo is None:
        then = then.replace(tzinfo=timezone.utc)
    return max(0.0, (datetime.now(timezone.utc) - then).total_seconds())


def clock(spent: float, budget_s: int) -> str:
    s = int(spent)
    return f"{s // 60:02d}:{s % 60:02d} / {budget_s // 60:02d}:00"


class QuestionTimer(Static):
    def on_mount(self) -> None:
        now = time.monotonic()
        self.budget_s, self.started = 0, now              # this question
        self.round_budget_s, self.round_started = 0, now  # the whole session
        self.set_interval(1, self.refresh_time)
        self.refresh_time()

    def restart(self, budget_minutes: int, since: str | None = None) -> None:
        """A new question (asked at `since`, an ISO stamp; now if None)."""
        self.budget_s = budget_minutes * 60
        self.started = time.monotonic() - seconds_since(since)
        self.refresh_time()

    def start_round(self, minutes: int, since: str | None = None) -> None:
        """The session's clock: from `since` (the transcript's start) out of the round's
        minutes."""
        self.round_budget_s = minutes * 60
        self.round_started = time.monotonic() - seconds_since(since)
        self.refresh_time()

    def refresh_time(self) -> None:
        now = time.monotonic()
        spent, round_spent = now - self.started, now - self.round_started
        over = bool(self.budget_s) and spent > self.budget_s
        round_over = bool(self.round_budget_s) and round_spent > self.round_budget_s
        q = clock(spent, self.budget_s)
        r = clock(round_spent, self.round_budget_s)
        self.text = f"{q}  question\n{r}  round"   # what the clocks read (for the tests)
        self.update(("[red]" + q + "[/red]" if over else q) + "  question\n"
                    + ("[red]" + r + "[/red]" if round_over else r) + "  round")
        self.set_class(over or round_over, "over")
