"""The coding round's run key in the terminal app (Pilot): Ctrl+R sends the editor's code to
run, keeps it in the editor, and the interviewer's report and the next part appear. The
problem and the runner are the in-process fakes of tests/interviewer/code_run_fakes.py."""
from __future__ import annotations

import pytest

from interviewer.engine import graph
from interviewer.tui import AppConfig, make_app
from interviewer.tui.screens.interview import InterviewScreen
from transcripts import load, sessions_dir

from ..interviewer.code_run_fakes import HINT, coding
from .test_app import SIZE, texts, wait_for

SOLUTION = "def count_words(s):\n    return len(s.split())\n"


@pytest.mark.asyncio
async def test_ctrl_r_runs_the_editor_code(tmp_path, monkeypatch):
    monkeypatch.setattr(graph, "_coding_defaults", coding)
    app = make_app(AppConfig(out=str(tmp_path), round="coding", questions=["q24"],
                             start_now=True, max_follow_ups=20))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, InterviewScreen)
                       and any("Part 1: Count the words" in t for t in texts(app)))
        screen = app.screen
        editor = screen.query_one("#editor")
        assert editor.text == "def count_words(s):\n    ...\n"   # the problem's starter
        editor.text = SOLUTION
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: any("Part 2: Now punctuation" in t for t in texts(app)))
        assert any("All 3 tests for part 1 pass." in t for t in texts(app))
        assert any("run: part 1, 3 of 3 tests passed" in t for t in texts(app))
        assert editor.text == SOLUTION          # the code stays to be edited
        await wait_for(pilot, lambda: not screen.busy)
        await pilot.press("ctrl+r")             # the same code against part 2's tests
        await wait_for(pilot, lambda: any(HINT in t for t in texts(app)))
        assert screen.runs == 2
    [path] = sessions_dir(str(tmp_path)).glob("*.jsonl")
    t = load(path)
    assert [e.run for e in t.of_type("candidate")] == [True, True]
    assert [(r.part, r.passed) for r in t.of_type("code_run")] == [(1, 3), (2, 2)]
