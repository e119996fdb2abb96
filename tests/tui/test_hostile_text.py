"""Text that did not come from the program never reaches a renderer as markup or with raw
escape sequences: an answer containing `[/b]`, a model streaming `[/INST]` (Llama chat
templates on vLLM), and a replayed transcript are saved, shown verbatim, and the app runs on."""
from __future__ import annotations

import pytest

from interviewer.tui import AppConfig, make_app
from interviewer.tui.screens.interview import InterviewScreen
from interviewer.tui.screens.scorecard import ScorecardScreen
from interviewer.tui.screens.sessions import ReplayScreen, SessionsScreen
from llm_servers import Reply
from transcripts import load, sessions_dir

SIZE = (140, 45)
MARKUP = "[/b] a[i] [INST]"
ESCAPES = "\x1b]0;pwned\x07\x1b[2J"


async def wait_for(pilot, predicate, timeout=20.0):
    import asyncio
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not predicate():
        assert pilot.app.is_running, "the app stopped"
        assert loop.time() < end, "timed out waiting for the app"
        await pilot.pause(0.05)


def screen_text(app) -> str:
    """What is painted on the terminal, line by line."""
    return "\n".join("".join(seg.text for seg in strip)
                     for strip in app.screen._compositor.render_strips())


async def ready(pilot):
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, InterviewScreen)
                   and app.screen.session is not None and not app.screen.busy)


async def submit(pilot, text: str) -> None:
    screen = pilot.app.screen
    screen.query_one("#editor").text = text
    before = screen.submits
    await pilot.press("ctrl+s")
    await wait_for(pilot, lambda: screen.submits > before)   # the submit waits for typing
    await wait_for(pilot, lambda: not getattr(pilot.app.screen, "busy", False))


@pytest.mark.asyncio
async def test_an_answer_with_markup_is_saved_and_shown_verbatim(tmp_path):
    app = make_app(AppConfig(out=str(tmp_path), questions=["why-fde"], start_now=True))
    answer = (f"I want to work with customers {MARKUP}{ESCAPES} directly, deploying models into "
              "their production systems.")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await submit(pilot, answer)
        assert app.is_running
        [typed] = load(app.screen.session.path).of_type("candidate")
        assert typed.text == answer
        shown = screen_text(app)
        assert MARKUP in shown and "^[]0;pwned^G" in shown
        assert "\x1b" not in shown
        # the scorecard quotes the answer as evidence
        await pilot.press("ctrl+e")   # one press ends
        await wait_for(pilot, lambda: isinstance(app.screen, ScorecardScreen))
        await pilot.pause()
        assert MARKUP in app.screen._markdown() and app.is_running
        shown = screen_text(app)
        assert MARKUP in shown and "\x1b" not in shown


@pytest.mark.asyncio
async def test_a_model_streaming_chat_template_tags_is_shown_verbatim(tmp_path, fake_openai):
    from interviewer.llm.openai_compatible import OpenAICompatibleBackend
    from interviewer.llm.retry import RetryPolicy
    from interviewer.engine.llm_interviewer import LLMInterviewer
    spoken = "Thanks. [/INST] Which metric [INST] would you watch, a[i] or b?"
    server = fake_openai(lambda body: Reply(text="p") if body["messages"][-1]["content"] == "ping"
                         else Reply(text=spoken, chunk=3))   # the tags split across pieces
    backend = OpenAICompatibleBackend(model=None, base_url=server.base_url,
                                      retry=RetryPolicy(retries=0, base_ms=5, cap_ms=20,
                                                        timeout_s=5))
    app = make_app(AppConfig(out=str(tmp_path), questions=["why-fde"], start_now=True,
                             llm=LLMInterviewer(backend)))
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await submit(pilot, "It sounds interesting.")
        assert app.is_running
        assert app.screen.session.awaiting() == "answer"   # not stuck
        assert spoken in screen_text(app)
        said = [e.text for e in load(app.screen.session.path).of_type("interviewer")]
        assert spoken in said
        await submit(pilot, "I would watch time to first value.")   # the turn after works
        assert app.is_running and len(load(app.screen.session.path).of_type("candidate")) == 2


@pytest.mark.asyncio
async def test_replay_of_a_hostile_transcript(tmp_path):
    from interviewer.engine.session import Session
    s = Session.new(round_type="technical", questions=["why-fde"], seed=1, out=tmp_path)
    s.start()
    s.answer(f"I want to build on customer systems {MARKUP}{ESCAPES}. 45% of postings list pay.")
    s.answer("/end")
    s.answer("None.")
    s.close()
    app = make_app(AppConfig(out=str(tmp_path)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        assert isinstance(app.screen, SessionsScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("end")
        await pilot.pause()
        assert app.is_running
        shown = screen_text(app)
        assert MARKUP in shown and "^[]0;pwned^G" in shown and "\x1b" not in shown
        await pilot.press("r")
        await wait_for(pilot, lambda: "Re-scored with heuristic" in str(app.screen.body))
        assert app.is_running
    assert len(load(s.path).of_type("score")) == 2
    assert sessions_dir(str(tmp_path)).exists()


@pytest.mark.asyncio
async def test_a_slash_answer_is_an_answer_and_an_unknown_command_is_pointed_out(tmp_path):
    app = make_app(AppConfig(out=str(tmp_path), questions=["why-fde"], start_now=True))
    route = "/v1/chat/completions is the route I'd call first."
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await submit(pilot, "/skp")
        assert any("unknown command /skp" in str(n.message) for n in app._notifications)
        assert app.screen.query_one("#editor").text == "/skp"   # kept to correct
        await submit(pilot, route)
        [typed] = load(app.screen.session.path).of_type("candidate")
        assert (typed.text, typed.source) == (route, "typed")
        assert route in screen_text(app)
