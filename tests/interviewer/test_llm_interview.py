"""Whole interviews through each provider against loopback servers: the model reads each
answer (finding numbers the card signals miss, which the calculators check) and words the
moves, and every failure falls back to the offline interviewer without losing a turn."""
from __future__ import annotations

import json
import os

import pytest

from interviewer.llm.anthropic_backend import AnthropicBackend
from interviewer.llm.openai_backend import OpenAIBackend
from interviewer.llm.openai_compatible import OpenAICompatibleBackend
from interviewer.llm.retry import RetryPolicy
from interviewer.engine.llm_interviewer import LLMInterviewer
from interviewer.engine.session import Session
from judge_replies import judge_reply
from llm_servers import Reply, is_reading, reading_reply
from transcripts import load

FAST = RetryPolicy(retries=2, base_ms=5, cap_ms=20, timeout_s=2)
SPOKEN = "Hold on. My arithmetic gives a different share of postings with pay. How did you get yours?"
# no card cue; the share of 388 postings with pay among 1,333 is 29.1%
ANSWER = ("Of the 1,333 postings, 388 had pay, so I'd say 45 out of every hundred openings "
          "mention compensation.")


def _system(body: dict) -> str:
    if isinstance(body.get("system"), str):
        return body["system"]
    if isinstance(body.get("system"), list):   # Anthropic blocks (cache_control on the rubric)
        return "".join(b.get("text", "") for b in body["system"])
    return body["messages"][0]["content"]


def _last_user(body: dict) -> str:
    content = body["messages"][-1]["content"]
    return content if isinstance(content, str) else json.dumps(content)


def scripted(speak: Reply | None = None):
    """A model: the reading finds '45 out of every hundred' (a wilson rate, k and n as the
    candidate stated them); the speaker says SPOKEN (or the given reply)."""
    def respond(body: dict) -> Reply:
        if body["messages"][-1]["content"] == "ping":   # the vLLM capability probe
            return Reply(text="p")
        if judge_reply(body):   # the session's closing grade
            return Reply(text=judge_reply(body))
        if is_reading(body):
            if "45 out of every hundred" not in _last_user(body):
                return reading_reply()
            return reading_reply(claims=[{"said": "45 out of every hundred", "tool": "wilson",
                                          "field": "rate", "claimed": 0.45,
                                          "conditions": {"k": 388, "n": 1333}}])
        return speak or Reply(text=SPOKEN)
    return respond


@pytest.fixture(params=["anthropic", "openai", "vllm", "vllm-no-tools"])
def provider(request, fake_openai, fake_anthropic):
    def make(speak: Reply | None = None):
        if request.param == "anthropic":
            s = fake_anthropic(scripted(speak))
            return AnthropicBackend(model="claude-test", api_key="sk-ant-test-123456789",
                                    base_url=s.base_url, retry=FAST), s
        if request.param == "openai":
            s = fake_openai(scripted(speak))
            return OpenAIBackend(model="gpt-test", api_key="sk-test-123456789",
                                 base_url=s.base_url, retry=FAST), s
        s = fake_openai(scripted(speak), tools_enabled=request.param == "vllm", priority=True)
        return OpenAICompatibleBackend(model=None, base_url=s.base_url, retry=FAST,
                                       cache_salt="salt" * 10), s
    make.name = request.param
    return make


def start(tmp_path, backend, questions=("why-fde",)):
    s = Session.new(round_type="technical", questions=list(questions), seed=2, out=tmp_path,
                    llm=LLMInterviewer(backend))
    s.start()
    return s


def test_full_interview_through_each_provider(tmp_path, provider):
    backend, server = provider()
    s = start(tmp_path, backend)
    streamed: dict[str, str] = {}

    def on_text(event_id, piece):
        streamed[event_id] = streamed.get(event_id, "") + (piece or "")
    turn = s.answer(ANSWER, on_text=on_text)
    checks = [e for e in turn.events if e.type == "tool_check"]
    mine = [c for c in checks if c.check.startswith("model:")]
    assert len(mine) == 1
    checks = mine
    assert checks[0].claimed == pytest.approx(45) and round(checks[0].computed, 1) == 29.1
    assert checks[0].ok is False
    challenge = turn.utterances[-1]
    assert challenge.act == "challenge" and challenge.text == SPOKEN
    assert streamed[challenge.id] == SPOKEN                 # streamed token by token
    s.answer("/end")
    s.answer("Nothing from me.")
    assert s.done
    t = load(s.path)
    assert t.header.provider == backend.name and t.header.model == backend.model
    assert not [e for e in t.events if e.type == "notice" and e.level != "info"]
    raw = s.path.read_text()
    assert "sk-" not in raw and "salt" * 10 not in raw      # no key or salt in the transcript
    # the hidden card reaches the model as a stable prefix, without the model answer
    systems = [_system(b) for b in server.requests if "messages" in b]
    speaker = [x for x in systems if "You are the interviewer" in x]
    assert speaker and len(set(speaker)) == 1
    assert "choose offers" not in speaker[0]               # nothing of the model answer


def test_model_failure_falls_back_for_that_turn(tmp_path, provider):
    backend, server = provider(speak=Reply(status=500))
    s = start(tmp_path, backend)
    turn = s.answer(ANSWER)
    notices = [e for e in turn.events if e.type == "notice" and e.level != "info"]
    assert notices and "offline interviewer" in notices[0].text
    challenge = turn.utterances[-1]
    assert challenge.act == "challenge" and "29.1%" in challenge.text   # the template wording
    assert [a.turn for a in load(s.path).of_type("candidate")] == [1]  # the turn is kept


def test_rubric_leak_is_caught(tmp_path, provider):
    backend, _ = provider(speak=Reply(text="You missed specific-motivation, which the rubric "
                                            "weighs most."))
    s = start(tmp_path, backend)
    turn = s.answer("It sounds like an interesting job to me.")
    assert "specific-motivation" not in turn.utterances[-1].text
    assert any(e.type == "notice" and "criterion" in e.text for e in turn.events)


def test_malformed_reading_reply_never_crashes(tmp_path, fake_openai):
    s_ = fake_openai(lambda body: Reply(malformed=True) if is_reading(body)
                     else Reply(text="Tell me more about that."))
    backend = OpenAIBackend(model="m", api_key="sk-test-123456789", base_url=s_.base_url, retry=FAST)
    s = start(tmp_path, backend)
    turn = s.answer("Roughly 45% of postings list pay.")
    # the card's check ran offline (its cue, under the card's scenario: asked about)
    assert any(e.type == "tool_check" and e.verdict == "ambiguous" for e in turn.events)
    assert any(e.type == "notice" and "could not read" in e.text for e in turn.events)


@pytest.mark.parametrize("backend_cls,key_var,model_var,default_model", [
    (AnthropicBackend, "ANTHROPIC_API_KEY", "FDE_TEST_ANTHROPIC_MODEL", "claude-sonnet-4-5"),
    (OpenAIBackend, "OPENAI_API_KEY", "FDE_TEST_OPENAI_MODEL", "gpt-4.1-mini"),
])
def test_real_provider_smoke(tmp_path, backend_cls, key_var, model_var, default_model):
    """Runs only with a paid key in the environment; CI has none, so it skips there."""
    if not os.environ.get(key_var):
        pytest.skip(f"needs {key_var}")
    backend = backend_cls(model=os.environ.get(model_var, default_model),
                          api_key=os.environ[key_var])
    s = start(tmp_path, backend)
    assert s.answer(ANSWER).utterances
