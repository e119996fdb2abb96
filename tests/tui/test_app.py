"""The terminal app driven by Pilot: a full offline interview, replay and re-score from the
sessions screen, and the failure path."""
from __future__ import annotations

import pytest

from interviewer.tui import AppConfig, make_app
from interviewer.tui.screens.interview import InterviewScreen
from interviewer.tui.screens.scorecard import ScorecardScreen
from interviewer.tui.screens.sessions import ReplayScreen, SessionsScreen
from interviewer.tui.widgets.conversation import Turn
from interviewer.tui.widgets.numbers import NumberPanel
from transcripts import load, sessions_dir

SIZE = (140, 45)


async def wait_for(pilot, predicate, timeout=20.0):
    import asyncio
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not predicate():
        assert loop.time() < end, "timed out waiting for the app"
        await pilot.pause(0.05)


def texts(app) -> list[str]:
    return [t.text for t in app.screen.query(Turn)]


async def type_answer(pilot, text: str) -> None:
    """Put `text` in the editor and press Ctrl+S; returns once the submit was handled (it
    waits for keys still on their way to the editor)."""
    screen = pilot.app.screen
    editor = screen.query_one("#editor")
    editor.text = text
    before = screen.submits
    await pilot.press("ctrl+s")
    await wait_for(pilot, lambda: screen.submits > before)


@pytest.mark.asyncio
async def test_full_offline_interview(tmp_path):
    app = make_app(AppConfig(out=str(tmp_path), round="screen"))
    async with app.run_test(size=SIZE) as pilot:
        # pick: filter to the screen round, choose why-fde, start
        await pilot.pause()
        table = app.screen.query_one("#cards")
        row = table.get_row_index("why-fde")
        table.move_cursor(row=row)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, InterviewScreen)
                       and any("forward deployed engineer" in t for t in texts(app)))
        # a wrong number: the panel shows the mismatch, the interviewer challenges it
        await type_answer(pilot, "Only 388 of 1,333 postings list pay, about 45%.")
        await wait_for(pilot, lambda: app.screen.query_one(NumberPanel).checks == 1)
        panel = app.screen.query_one(NumberPanel)
        assert panel.query(".check.bad")
        await wait_for(pilot, lambda: any("29.1%" in t for t in texts(app)))
        # a vague answer gets a follow-up probe
        before = len(texts(app))
        await type_answer(pilot, "It just sounds like an interesting job.")
        await wait_for(pilot, lambda: len(texts(app)) >= before + 2)
        # finish with the keyboard: one Ctrl+E ends (the closing question is skipped)
        await pilot.press("ctrl+e")
        await wait_for(pilot, lambda: isinstance(app.screen, ScorecardScreen))
        md = app.screen._markdown()
        assert "why-fde" in md and "| criterion | verdict | evidence |" in md
        assert "agrees with reference grades on" in md
        await pilot.press("a")
        assert "Model answers" in app.screen._markdown()
    [path] = (sessions_dir(str(tmp_path))).glob("*.jsonl")
    t = load(path)
    assert t.events[-1].type == "score"
    assert [e.verdict for e in t.of_type("tool_check")] == ["wrong"]


@pytest.mark.asyncio
async def test_sessions_replay_and_rescore(tmp_path):
    from interviewer.engine.session import Session
    s = Session.new(round_type="technical", questions=["why-fde"], seed=1, out=tmp_path)
    s.start()
    s.answer("I want to build on customer systems. Only 388 of 1,333 postings list pay, "
             "about 45%.")
    s.answer("/end")
    s.answer("None.")
    s.close()
    app = make_app(AppConfig(out=str(tmp_path)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        assert isinstance(app.screen, SessionsScreen)
        assert app.screen.query_one("#session-table").row_count == 1
        assert "latest:" in str(app.screen.query_one("#chart").render())
        await pilot.press("enter")
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("end")
        assert "Interviewer" in app.screen.body and "MISMATCH" in app.screen.body
        await pilot.press("r")
        await wait_for(pilot, lambda: "Re-scored with heuristic" in app.screen.body)
        assert "(was " in app.screen.body
    assert len(load(s.path).of_type("score")) == 2   # appended, the first kept


@pytest.mark.asyncio
async def test_a_failing_engine_keeps_the_answer(tmp_path, monkeypatch):
    app = make_app(AppConfig(out=str(tmp_path), questions=["why-fde"], start_now=True))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, InterviewScreen)
                       and app.screen.session is not None and not app.screen.busy)
        session = app.screen.session

        def boom(*a, **k):
            raise RuntimeError("model server unreachable")
        monkeypatch.setattr(session, "answer", boom)
        await type_answer(pilot, "My carefully typed answer.")
        await wait_for(pilot, lambda: not app.screen.busy)
        assert app.screen.query_one("#editor").text == "My carefully typed answer."
        assert any("model server unreachable" in str(n.message) for n in app._notifications)


@pytest.mark.asyncio
async def test_quitting_mid_interview_offers_resume(tmp_path):
    app = make_app(AppConfig(out=str(tmp_path), questions=["why-fde"], start_now=True))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, InterviewScreen)
                       and app.screen.session is not None and not app.screen.busy)
        await type_answer(pilot, "It sounds interesting.")
        await wait_for(pilot, lambda: not app.screen.busy)
        await pilot.press("ctrl+q")
    again = make_app(AppConfig(out=str(tmp_path)))
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.screen.query("#resume")
        await pilot.click("#resume")
        await wait_for(pilot, lambda: isinstance(again.screen, InterviewScreen)
                       and again.screen.session is not None and not again.screen.busy)
        assert any("It sounds interesting" not in t for t in texts(again))


def test_surprise_me_leans_toward_missed_criteria(tmp_path):
    import random

    from interviewer.tui.screens.pick import missed_count, set_missed
    from interviewer.tui.screens.sessions import missed_criteria
    from interviewer.engine.session import Session
    s = Session.new(round_type="technical", questions=["q01"], seed=1, out=tmp_path)
    s.start()
    s.answer("It depends.")
    s.answer("/end")
    s.answer("None.")
    counts = missed_criteria([str(s.path)])
    assert counts["q01"] >= 5
    set_missed(counts)
    assert missed_count("q01") == counts["q01"] and missed_count("q02") == 0
    random.seed(0)
    from rubrics import default_bank
    pool = [c for c in default_bank() if "technical" in c.rounds]
    picks = random.choices(pool, weights=[1 + missed_count(c.id) for c in pool], k=2000)
    share = sum(1 for c in picks if c.id == "q01") / len(picks)
    assert share > 2 / len(pool)   # more than its share without history


@pytest.mark.asyncio
async def test_an_unreadable_transcript_is_listed_and_exports_are_private(tmp_path):
    import os
    import stat
    from interviewer.engine.session import Session
    s = Session.new(round_type="technical", questions=["why-fde"], seed=1, out=tmp_path)
    s.start()
    s.answer("I want to build on customer systems.")
    s.answer("/end")
    s.answer("None.")
    s.close()
    (s.path.parent / "deep.jsonl").write_text("[" * 200_000 + "\n")
    app = make_app(AppConfig(out=str(tmp_path)))
    old = os.umask(0o022)
    try:
        async with app.run_test(size=SIZE) as pilot:   # starts despite the bad file
            await pilot.pause()
            await pilot.press("s")
            table = app.screen.query_one("#session-table")
            assert table.row_count == 2
            cells = [str(c) for r in range(2) for c in table.get_row_at(r)]
            assert "unreadable" in cells and any("deep.jsonl:1" in c for c in cells)
            bad = next(r for r in range(2) if "unreadable" in map(str, table.get_row_at(r)))
            table.move_cursor(row=bad)
            await pilot.press("enter")                  # says why instead of opening it
            await pilot.pause()
            assert isinstance(app.screen, SessionsScreen)
            sc = load(s.path).latest_score().scorecard
            app.push_screen(ScorecardScreen(sc, s.id, tmp_path / "exports"))
            await pilot.pause()
            await pilot.press("m")
            await pilot.press("h")
            await pilot.pause()
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "exports").stat().st_mode) == 0o700
    for fmt in ("md", "html"):
        assert stat.S_IMODE((tmp_path / "exports" / f"{s.id}.{fmt}").stat().st_mode) == 0o600
