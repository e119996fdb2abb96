"""The side panel of number checks: what the candidate said, what the tool computed, and the
arithmetic, as each check happens."""
from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import Static

from tools.units import format_value

from ..outside_text import markup


class NumberPanel(VerticalScroll):
    def on_mount(self) -> None:
        self.checks = 0
        self.mount(Static("[dim]Numbers you state are checked here.[/dim]", id="numbers-empty"))

    def add_check(self, e) -> None:
        if self.checks == 0:
            self.query("#numbers-empty").remove()
        self.checks += 1
        mark = ("[yellow]? asked[/yellow]" if e.ok is None else
                "[green]✓ ok[/green]" if e.ok else "[red]✗ mismatch[/red]")
        self.mount(Static(markup(
            f"{mark}  [b]$quantity[/b]\n  you said: $claimed\n"
            "  $tool computes: $computed\n  [dim]$arithmetic[/dim]",
            quantity=e.quantity, claimed=e.claimed_text, tool=e.tool,
            computed=format_value(e.computed, e.unit), arithmetic=e.arithmetic),
            classes="check " + ("asked" if e.ok is None else "ok" if e.ok else "bad")))
        self.scroll_end(animate=False)
