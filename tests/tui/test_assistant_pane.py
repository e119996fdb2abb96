"""The AI assistant's side pane in the terminal app, driven by Pilot: a question typed there
goes through the session as /ask, the reply appears in the pane (markup in it shown verbatim,
nothing saying it planted a mistake), and the scorecard then grades the planted mistake."""
from __future__ import annotations

import pytest
from textual.widgets import Input, Static

from interviewer.tui import AppConfig, make_app
from interviewer.tui.screens.interview import InterviewScreen
from interviewer.tui.screens.scorecard import ScorecardScreen
from interviewer.tui.widgets.assistant import AssistantPane
from rubrics import default_bank
from transcripts import load, sessions_dir

from .test_app import SIZE, type_answer, wait_for

PLANT = next(p for p in default_bank().get("q02").plants if p.id == "kv-attention-heads")


def pane_text(app) -> str:
    return "\n".join(str(s.render()) for s in app.screen.query(".assist").results(Static))


@pytest.mark.asyncio
async def test_asking_in_the_pane_and_the_scorecard_grading_it(tmp_path):
    app = make_app(AppConfig(out=str(tmp_path), round="ai-enabled", questions=["q02"],
                             start_now=True))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, InterviewScreen)
                       and app.screen.session is not None and not app.screen.busy,
                       timeout=90)
        box = app.screen.query_one("#assistant-input", Input)
        box.focus()
        box.value = "what is the KV cache size per token in bytes [/b] for Llama 3.3 70B?"
        await pilot.press("enter")
        await wait_for(pilot, lambda: "2,621,440" in pane_text(app), timeout=90)
        shown = pane_text(app)
        assert "[/b]" in shown and PLANT.id not in shown and "planted" not in shown
        assert box.value == ""
        await type_answer(pilot, "The cache is 2,621,440 bytes per token, so 21 GB per 8K "
                                 "conversation.")
        await wait_for(pilot, lambda: not app.screen.busy, timeout=90)
        await pilot.press("ctrl+e")
        await wait_for(pilot, lambda: isinstance(app.screen, ScorecardScreen), timeout=90)
        md = app.screen._markdown()
        assert "Verification" in md and "ACCEPTED" in md and PLANT.id in md
    [path] = sessions_dir(str(tmp_path)).glob("*.jsonl")
    [assist] = load(path).of_type("assistant")
    assert assist.planted == PLANT.id and "[/b]" in assist.ask


@pytest.mark.asyncio
async def test_no_pane_in_a_round_without_an_assistant(tmp_path):
    app = make_app(AppConfig(out=str(tmp_path), round="technical", questions=["q02"],
                             start_now=True))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, InterviewScreen)
                       and app.screen.session is not None, timeout=90)
        assert not app.screen.query(AssistantPane)
