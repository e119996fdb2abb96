"""The keys that scroll a long read (the scorecard, a replay), declared on its screen so they
work wherever the focus is and the help screen lists them. The screen's `action_scroll(how)`
passes `how` to its scroll container's action of that name."""
from __future__ import annotations

from textual.binding import Binding

SCROLL_KEYS = [Binding("up", "scroll('scroll_up')", "Scroll up", show=False),
               Binding("down", "scroll('scroll_down')", "Scroll down", show=False),
               Binding("pageup", "scroll('page_up')", "Page up", show=False),
               Binding("pagedown", "scroll('page_down')", "Page down", show=False),
               Binding("home", "scroll('scroll_home')", "Top", show=False),
               Binding("end", "scroll('scroll_end')", "Bottom", show=False)]
