"""The AI assistant with a model configured, against loopback servers that speak the real
protocols: the model answers /ask under a helpful-coding-assistant system prompt, the round's
planted mistake is appended to its reply (the model never sees the plant), so the drill and
its grading are the same as offline; a failing model leaves the offline assistant to answer."""
from __future__ import annotations

import json

import pytest

from interviewer.engine.llm_interviewer import LLMInterviewer
from interviewer.engine.session import Session
from interviewer.llm.anthropic_backend import AnthropicBackend
from interviewer.llm.openai_backend import OpenAIBackend
from interviewer.llm.retry import RetryPolicy
from llm_servers import Reply
from rubrics import default_bank
from transcripts import load

FAST = RetryPolicy(retries=1, base_ms=5, cap_ms=20, timeout_s=2)
MODEL_SAYS = "A per-user token bucket refills at the rate and spends one token a request."
PLANT = next(p for p in default_bank().get("q24").plants if p.id == "limiter-not-thread-safe")


def _system(body: dict) -> str:
    if isinstance(body.get("system"), str):
        return body["system"]
    return body["messages"][0]["content"]


def respond(body: dict) -> Reply:
    if body["messages"][-1]["content"] == "ping":
        return Reply(text="p")
    if "helpful coding assistant" in _system(body):
        return Reply(text=MODEL_SAYS)
    if "You check the numbers" in _system(body):
        return Reply(text="")
    return Reply(text="How would you make that safe under concurrent requests?")


@pytest.fixture(params=["openai", "anthropic"])
def backend(request, fake_openai, fake_anthropic):
    if request.param == "openai":
        s = fake_openai(respond)
        return OpenAIBackend(model="gpt-test", api_key="sk-test-123456789",
                             base_url=s.base_url, retry=FAST), s
    s = fake_anthropic(respond)
    return AnthropicBackend(model="claude-test", api_key="sk-ant-test-123456789",
                            base_url=s.base_url, retry=FAST), s


def test_the_model_answers_and_the_policy_still_plants(tmp_path, backend):
    be, server = backend
    s = Session.new(round_type="ai-enabled", questions=["q24"], seed=3, out=tmp_path,
                    llm=LLMInterviewer(be))
    s.start()
    [reply] = [e for e in s.answer("/ask write me a token bucket class").events
               if e.type == "assistant"]
    assert reply.reply.startswith(MODEL_SAYS) and reply.reply.endswith(PLANT.says)
    assert reply.planted == PLANT.id and reply.by == f"{be.name}:{be.model}"
    asked = [b for b in server.requests if "messages" in b
             and "helpful coding assistant" in _system(b)]
    assert len(asked) == 1
    sent = json.dumps(asked[0])
    assert "write me a token bucket class" in sent
    assert PLANT.id not in sent and PLANT.says[:40] not in sent   # the model never sees it
    s.answer("That is not thread-safe; I'd take a threading.Lock around allow().")
    while s.awaiting():
        s.answer("/end")
    [row] = load(s.path).latest_score().scorecard.verification.planted
    assert row.verdict == "caught"


def test_a_failing_model_leaves_the_offline_assistant_to_answer(tmp_path, fake_openai):
    server = fake_openai(lambda body: Reply(status=500))
    be = OpenAIBackend(model="gpt-test", api_key="sk-test-123456789", base_url=server.base_url,
                       retry=FAST)
    s = Session.new(round_type="ai-enabled", questions=["q24"], seed=3, out=tmp_path,
                    llm=LLMInterviewer(be))
    s.start()
    events = s.answer("/ask write me a token bucket class").events
    [reply] = [e for e in events if e.type == "assistant"]
    assert reply.by == "offline" and reply.reply == PLANT.says and reply.planted == PLANT.id
    assert any(e.type == "notice" and "offline assistant" in e.text for e in events)
    s.close()
