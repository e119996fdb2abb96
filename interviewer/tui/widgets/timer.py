"""Time on the current question against its budget."""
from __future__ import annotations

import time

from textual.widgets import Static


class QuestionTimer(Static):
    def on_mount(self) -> None:
        self.budget_s, self.started = 0, time.monotonic()
        self.set_interval(1, self.refresh_time)

    def restart(self, budget_minutes: int) -> None:
        self.budget_s, self.started = budget_minutes * 60, time.monotonic()
        self.refresh_time()

    def refresh_time(self) -> None:
        spent = int(time.monotonic() - self.started)
        over = self.budget_s and spent > self.budget_s
        text = f"{spent // 60:02d}:{spent % 60:02d} / {self.budget_s // 60:02d}:00"
        self.update(f"[red]{text}[/red]" if over else text)
        self.set_class(bool(over), "over")
