"""The side panel of number checks: what the candidate said, what the tool computed, and the
arithmetic, as each check happens."""
from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import Static

from ..outside_text import markup


class NumberPanel(VerticalScroll):
    def on_mount(self) -> None:
        self.checks = 0
        self.mount(Static("[dim]Numbers you state are checked here.[/dim]", id="numbers-empty"))

    def add_check(self, e) -> None:
        if self.checks == 0:
            self.query("#numbers-empty").remove()
        self.checks += 1
        mark = "[green]✓ ok[/green]" if e.ok else "[red]✗ mismatch[/red]"
        unit = "" if e.unit in ("count", "x") else f" {e.unit}"
        self.mount(Static(markup(
            f"{mark}  [b]$quantity[/b]\n  you said: $claimed\n"
            "  $tool computes: $computed\n  [dim]$arithmetic[/dim]",
            quantity=e.quantity, claimed=e.claimed_text, tool=e.tool,
            computed=f"{e.computed:.4g}{unit}", arithmetic=e.arithmetic),
            classes="check " + ("ok" if e.ok else "bad")))
        self.scroll_end(animate=False)
