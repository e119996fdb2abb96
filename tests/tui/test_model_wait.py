"""The terminal app with a model server that never answers: after a moment it says it is
waiting and that Ctrl-C continues offline, and Ctrl-C takes the offline turn at once."""
from __future__ import annotations

import pytest

from interviewer.llm.breaker import CircuitBreaker
from interviewer.llm.openai_backend import OpenAIBackend
from interviewer.llm.retry import RetryPolicy
from interviewer.engine.llm_interviewer import CTRL_C_REASON, WAITING_TEXT, LLMInterviewer
from interviewer.tui import AppConfig, make_app
from interviewer.tui.screens.interview import InterviewScreen
from llm_servers import Reply
from transcripts import load, sessions_dir

from .test_app import SIZE, type_answer, wait_for


@pytest.mark.asyncio
async def test_ctrl_c_during_a_model_wait_continues_offline(tmp_path, fake_openai):
    server = fake_openai(lambda body: Reply(delay_s=3600))   # accepts, never answers
    backend = OpenAIBackend(model="m", api_key="sk-test-123456789", base_url=server.base_url,
                            retry=RetryPolicy(retries=0, timeout_s=600))
    llm = LLMInterviewer(backend, turn_deadline_s=600, wait_notice_s=0.2,
                         breaker=CircuitBreaker(reprobe_every_s=3600))
    app = make_app(AppConfig(out=str(tmp_path), round="screen", questions=["why-fde"],
                             llm=llm, start_now=True))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, InterviewScreen)
                       and app.screen.session is not None and not app.screen.busy, 60)
        await type_answer(pilot, "It sounds like an interesting job to me.")
        await wait_for(pilot, lambda: llm.waiting)
        status = app.screen.query_one("#status")
        await wait_for(pilot, lambda: WAITING_TEXT in str(status.render()))
        await pilot.press("ctrl+c")
        await wait_for(pilot, lambda: not app.screen.busy)
        assert app.is_running                                   # Ctrl-C did not quit
        path = app.screen.session.path
    notices = [e.text for e in load(path).of_type("notice")]
    assert any(CTRL_C_REASON in n for n in notices)
    assert len(load(path).of_type("interviewer")) >= 3         # the offline follow-up came
    assert sessions_dir(str(tmp_path)).exists()
