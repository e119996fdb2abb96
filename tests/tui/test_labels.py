"""Labelling the judge's grades on the scorecard screen (Pilot): the candidate keeps or
changes each verdict and the level; saving appends a label event and leaves the score."""
from __future__ import annotations

import pytest
from textual.widgets import Markdown, Select

from interviewer.tui import AppConfig, make_app
from interviewer.tui.screens.scorecard import ScorecardScreen
from interviewer.tui.widgets.labels import LabelPanel
from transcripts import load

from ..interviewer.test_labels import scored
from .test_app import wait_for

SIZE = (140, 45)


@pytest.mark.asyncio
async def test_label_the_grades_on_the_scorecard(tmp_path):
    path = scored(tmp_path)
    score = load(path).latest_score()
    judge = {c.id: c.verdict for c in score.scorecard.questions[0].criteria}
    first = next(iter(judge))
    app = make_app(AppConfig(out=str(tmp_path)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.push_screen(ScorecardScreen(score.scorecard, "s", tmp_path / "exports",
                                        transcript=path, score_id=score.id))
        await wait_for(pilot, lambda: isinstance(app.screen, ScorecardScreen))
        md = app.screen.query_one("#scorecard", Markdown)
        assert "not found" in md.source and "| missing |" not in md.source
        await pilot.press("l")
        await wait_for(pilot, lambda: bool(app.screen.query(LabelPanel)))
        panel = app.screen.query_one(LabelPanel)
        selects = list(panel.query(Select))
        assert len(selects) == len(judge) + 1                # each criterion and the level
        assert [s.value for s in selects[:-1]] == list(judge.values())   # the judge's, kept
        # change the first verdict with the keyboard: it has focus; open, move, pick
        assert app.focused is selects[0]
        want = "met" if judge[first] != "met" else "partial"
        await pilot.press("enter")
        for _ in range(3):
            if selects[0].expanded is False:
                break
            await pilot.pause()
        order = ["met", "partial", "missing"]
        moves = order.index(want) - order.index(judge[first])
        await pilot.press(*(["down"] * moves if moves > 0 else ["up"] * -moves), "enter")
        await wait_for(pilot, lambda: selects[0].value == want)
        selects[-1].value = "outstanding"                   # and the level
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: not app.screen.query(LabelPanel))
    t = load(path)
    [label] = t.of_type("label")
    assert label.score == score.id and label.verdicts["q01"] == {**judge, first: want}
    assert label.levels == {"q01": "outstanding"} and label.by
    assert len(t.of_type("score")) == 1
    assert {c.id: c.verdict for c in t.latest_score().scorecard.questions[0].criteria} == judge


@pytest.mark.asyncio
async def test_labelling_a_scorecard_without_its_transcript_says_why(tmp_path):
    path = scored(tmp_path)
    sc = load(path).latest_score().scorecard
    app = make_app(AppConfig(out=str(tmp_path)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.push_screen(ScorecardScreen(sc, "s", tmp_path / "exports"))
        await wait_for(pilot, lambda: isinstance(app.screen, ScorecardScreen))
        await pilot.press("l")
        await pilot.pause()
        assert not app.screen.query(LabelPanel)
        assert any("fde-interview label" in str(n.message) for n in app._notifications)
