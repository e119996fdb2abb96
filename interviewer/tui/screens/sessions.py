"""Past sessions: open one to replay it turn by turn or re-score it with another judge and see
what changed; progress per theme over time and the criteria missed most often."""
from __future__ import annotations

import warnings
from collections import Counter

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from rubrics import default_bank
from rubrics.vocab import level_rank
from transcripts import (SessionBusy, TornLineWarning, archive_session, delete_session,
                         graded_sessions, list_sessions, load, sessions_dir)
from transcripts.replay import TURNS, replay_lines

from ...judges.verification_history import history, history_lines
from ...terminal_text import visible
from ..outside_text import cell, markup, plain
from .confirm import ConfirmScreen
from ..widgets.document import SCROLL_KEYS

BARS = "▁▃▅█"   # poor, borderline, solid, outstanding


def missed_criteria(paths: list[str]) -> dict[str, int]:
    """Criteria missed or partial per question in past graded sessions ("surprise me" weights)."""
    counts: dict[str, int] = {}
    for _, score in graded_sessions(paths):
        for q in score.scorecard.questions:
            n = sum(1 for c in q.criteria if c.verdict in ("missing", "partial"))
            counts[q.question] = counts.get(q.question, 0) + n
    return counts


def progress_lines(paths: list[str]) -> tuple[list[str], list[str]]:
    """(a small chart per theme, the most-missed criteria with the questions that train them)"""
    bank = default_bank()
    by_theme: dict[str, list[str]] = {}
    missed: Counter = Counter()
    for _, score in graded_sessions(sorted(paths)):
        for q in score.scorecard.questions:
            if not q.answered or not q.level:
                continue
            by_theme.setdefault(bank.get(q.question).theme, []).append(q.level)
            for c in q.criteria:
                if c.verdict in ("missing", "partial"):
                    missed[(q.question, c.id)] += 1
    chart = [f"{theme:<13} {''.join(BARS[level_rank(x)] for x in levels[-30:])}  "
             f"latest: {levels[-1]}" for theme, levels in sorted(by_theme.items())]
    top = [f"{n}x  {cid}  (practise {qid}: {bank.get(qid).title})"
           for (qid, cid), n in missed.most_common(6)]
    return chart or ["(no graded sessions yet)"], top or ["(nothing missed yet)"]


class SessionsScreen(Screen):
    BINDINGS = [("enter", "open", "Replay"), ("r", "rescore", "Re-score"),
                ("a", "archive", "Archive"), ("d", "delete", "Delete"),
                ("escape", "app.pop_screen", "Back"), ("ctrl+q", "app.quit", "Quit")]

    def __init__(self, out: str | None) -> None:
        super().__init__()
        self.out = out
        self.rows = []

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="sessions"):
            yield DataTable(id="session-table", cursor_type="row", zebra_stripes=True)
            with Vertical(id="progress"):
                yield Static("[b]Progress by theme[/b]", classes="side-title")
                yield Static(id="chart")
                yield Static("[b]Missed most often[/b]", classes="side-title")
                yield Static(id="missed")
                yield Static("[b]Verification over time[/b]", classes="side-title")
                yield Static(id="verification")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("date", "round", "level", "questions", "turns", "session")
        self.fill()
        table.focus()

    def fill(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        self.rows = list_sessions(sessions_dir(self.out))
        for r in self.rows:   # an unreadable file is listed as such, never hidden
            if r.error:
                table.add_row(*map(cell, ("", "?", "unreadable", r.error, "", r.session_id)),
                              key=r.path)
                continue
            table.add_row(*map(cell, (r.started[:16].replace("T", " "), r.round,
                                      r.level or ("finished" if r.finished else "unfinished"),
                                      ",".join(r.questions), r.turns, r.session_id)),
                          key=r.path)
        chart, missed = progress_lines([r.path for r in self.rows if not r.error])
        self.query_one("#chart", Static).update(plain("\n".join(chart)))
        self.query_one("#missed", Static).update(plain("\n".join(missed)))
        checked = history_lines(history([r.path for r in self.rows if not r.error]))
        self.query_one("#verification", Static).update(plain("\n".join(checked)))

    def current(self):
        table = self.query_one(DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return next(r for r in self.rows if r.path == key)

    def readable(self):
        """The row under the cursor, or None (an unreadable file says why instead)."""
        row = self.current()
        if row and row.error:
            self.notify(visible(row.error), title="unreadable", severity="error", markup=False)
            return None
        return row

    @on(DataTable.RowSelected)
    def action_open(self) -> None:
        row = self.readable()
        if row:
            self.app.push_screen(ReplayScreen(row.path, self.out))

    def action_rescore(self) -> None:
        row = self.readable()
        if row:
            self.app.push_screen(ReplayScreen(row.path, self.out, rescore=True))

    def action_archive(self) -> None:
        """Out of the list (and the resume offer), kept in sessions/archive/."""
        row = self.current()
        if row:
            self._remove(row, archive_session, "Archived {name} to {dest}")

    def action_delete(self) -> None:
        row = self.current()
        if row is None:
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._remove(row, delete_session, "Deleted {name}")
        what = f"{row.round} session of {row.started[:16].replace('T', ' ')}" if not row.error \
            else "unreadable file"
        self.app.push_screen(ConfirmScreen(
            f"Delete {row.session_id} ({what})? Its transcript is removed for good "
            "(A archives it instead).", yes="Delete"), answered)

    def _remove(self, row, how, done: str) -> None:
        try:
            dest = how(row.path)
        except SessionBusy as exc:
            self.notify(visible(str(exc)), severity="error", markup=False)
            return
        except OSError as exc:
            self.notify(visible(f"{row.path}: {exc.strerror or exc}"), severity="error",
                        markup=False)
            return
        table = self.query_one(DataTable)
        at = table.cursor_row
        self.fill()
        if table.row_count:
            table.move_cursor(row=min(at, table.row_count - 1))
        self.notify(visible(done.format(name=row.session_id, dest=dest)), markup=False)


class ReplayScreen(Screen):
    """A saved transcript, one turn at a time, the newest turn kept in view; `r` re-scores
    it and shows what changed. The page scrolls from the keyboard; End shows every turn."""
    BINDINGS = [("right,n", "step(1)", "Next turn"), ("left,p", "step(-1)", "Previous"),
                ("end", "step(999)", "All"), ("r", "rescore", "Re-score"),
                ("escape", "app.pop_screen", "Back"),
                *(b for b in SCROLL_KEYS if b.key != "end")]

    def __init__(self, path: str, out: str | None, rescore: bool = False) -> None:
        super().__init__()
        self.path, self.out, self.rescore_now = path, out, rescore
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", TornLineWarning)
            self.t = load(path)
        self.steps = replay_lines(self.t, TURNS)
        self.shown = 0

    def compose(self) -> ComposeResult:
        yield Header()
        scroll = VerticalScroll(Static(id="replay-body"), id="replay", classes="document")
        scroll.can_focus = False   # its arrow and End keys are the screen's (turns, all)
        yield scroll
        yield Static(id="replay-status")
        yield Footer()

    def on_mount(self) -> None:
        self.action_step(1)
        if self.rescore_now:
            self.action_rescore()

    def action_step(self, delta: int) -> None:
        self.shown = max(1, min(len(self.steps), self.shown + delta))
        lines = []
        for line in self.steps[:self.shown]:
            lines.append(markup("[b]$label[/b]: $text" if line.spoken else
                                "  [dim]$label $text[/dim]", label=line.label, text=line.text))
        self.content = Content("\n\n").join(lines)
        self.body = self.content.plain   # what is shown, as text
        self.query_one("#replay-body", Static).update(self.content)
        self.query_one("#replay-status", Static).update(markup(
            f" turn {self.shown}/{len(self.steps)}  │  $session",
            session=self.t.header.session_id))
        self._keep_in_view()

    def _keep_in_view(self) -> None:
        """The newest line shown (the current turn, or a re-score's summary) is the last one:
        scroll to it once the new text is laid out."""
        scroll = self.query_one("#replay", VerticalScroll)
        self.call_after_refresh(scroll.scroll_end, animate=False)

    def action_scroll(self, how: str) -> None:
        getattr(self.query_one("#replay", VerticalScroll), f"action_{how}")()

    @work(thread=True, exclusive=True)
    def action_rescore(self) -> None:
        # lazy: the judges load when a re-score is asked for, off the UI thread
        from ...judges import HeuristicJudge
        from ...judges.rescore import rescore
        judge = HeuristicJudge()
        llm = getattr(self.app, "config", None) and self.app.config.llm
        if llm is not None:
            from ...judges.llm import LLMJudge
            judge = LLMJudge(llm.backend)
        result = rescore(self.t.path, judge, default_bank())
        if result.error:
            self.app.call_from_thread(self.notify, visible(result.error), severity="error",
                                      markup=False)
            return
        self.app.call_from_thread(self._show_rescore, result.summary(), result.changes)

    def _show_rescore(self, summary: str, changes: list[str]) -> None:
        self.content += markup("\n\n[b]$summary[/b]\n$changes", summary=summary,
                               changes="\n".join(changes))
        self.body = self.content.plain
        self.query_one("#replay-body", Static).update(self.content)
        self._keep_in_view()
        self.notify(visible(summary), markup=False)
