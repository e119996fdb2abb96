"""The three backends against loopback servers speaking the real protocols: streaming, tool
calls, structured output and its fallbacks, vLLM's quirks, retries and faults."""
from __future__ import annotations

import pytest
from pydantic import BaseModel

from interviewer.llm.anthropic_backend import AnthropicBackend
from interviewer.llm.base import LLMError, Message, StructuredOutputError
from interviewer.llm.openai_backend import OpenAIBackend
from interviewer.llm.openai_compatible import (BATCH_PRIORITY, INTERACTIVE_PRIORITY,
                                               OpenAICompatibleBackend)
from interviewer.llm.retry import RetryPolicy
from llm_servers import Reply

FAST = RetryPolicy(retries=3, base_ms=5, cap_ms=20, timeout_s=1.5)
TOOL = {"name": "wilson", "description": "interval", "parameters": {
    "type": "object", "properties": {"k": {"type": "integer"}, "n": {"type": "integer"}}}}


class Verdict(BaseModel):
    verdict: str
    score: int


def openai_backend(server):
    return OpenAIBackend(model="gpt-test", api_key="sk-test-abcdefgh", base_url=server.base_url,
                         retry=FAST)


def vllm_backend(server, **kw):
    return OpenAICompatibleBackend(model=None, base_url=server.base_url, retry=FAST,
                                   cache_salt="s" * 43, **kw)


def anthropic_backend(server):
    return AnthropicBackend(model="claude-test", api_key="sk-ant-test-abcdefgh",
                            base_url=server.base_url, retry=FAST)


@pytest.fixture(params=["openai", "vllm", "anthropic"])
def backend_and_server(request, fake_openai, fake_anthropic):
    if request.param == "anthropic":
        s = fake_anthropic()
        return anthropic_backend(s), s
    s = fake_openai()
    return (openai_backend(s) if request.param == "openai" else vllm_backend(s)), s


def test_streams_text_and_tool_calls(backend_and_server):
    backend, server = backend_and_server
    server.push(Reply(text="Walk me through the arithmetic.", tool_calls=[("wilson", {"k": 8, "n": 11})]))
    pieces = []
    r = backend.chat([Message("user", "hi")], system="be brief", tools=[TOOL], on_text=pieces.append)
    assert r.text == "Walk me through the arithmetic." and len(pieces) > 3
    assert "".join(pieces) == r.text
    assert [(c.name, c.arguments) for c in r.tool_calls] == [("wilson", {"k": 8, "n": 11})]


def test_tool_results_round_trip(backend_and_server):
    backend, server = backend_and_server
    from interviewer.llm.base import ToolCall
    server.push(Reply(text="ok"))
    call = ToolCall("call_0", "wilson", {"k": 8, "n": 11})
    backend.chat([Message("user", "check"), Message("assistant", "", [call]),
                  Message("tool", '{"low": 0.434}', tool_call_id="call_0", name="wilson")],
                 system="s", tools=[TOOL])
    body = server.requests[-1]
    text = str(body["messages"])
    assert "0.434" in text and "call_0" in text


def test_structured_output(backend_and_server):
    backend, server = backend_and_server
    server.push(Reply(text='{"verdict": "met", "score": 3}'))
    assert backend.structured([Message("user", "grade")], system="s", schema=Verdict) == \
        Verdict(verdict="met", score=3)


def test_unparseable_structured_output_is_an_error_never_a_value(backend_and_server):
    backend, server = backend_and_server
    server.push(Reply(text="I think it is fine"), Reply(text="still not json"))
    with pytest.raises(StructuredOutputError):
        backend.structured([Message("user", "grade")], system="s", schema=Verdict)


def test_one_repair_attempt(backend_and_server):
    backend, server = backend_and_server
    server.push(Reply(text='{"verdict": "met"}'), Reply(text='{"verdict": "met", "score": 2}'))
    assert backend.structured([Message("user", "grade")], system="s", schema=Verdict).score == 2
    assert "not valid" in str(server.requests[-1]["messages"][-1])


@pytest.mark.parametrize("fault", [
    Reply(status=429, headers={"retry-after": "0"}),
    Reply(status=500),
    Reply(status=503),
    Reply(delay_s=2.5, text="too late"),          # past the 1.5 s timeout
    Reply(malformed=True),
])
def test_retries_then_succeeds(backend_and_server, fault):
    backend, server = backend_and_server
    server.push(fault, Reply(text="recovered"))
    assert backend.chat([Message("user", "hi")], system="s").text == "recovered"
    assert len([r for r in server.requests if "messages" in r]) >= 2


def test_gives_up_after_the_retry_budget(backend_and_server):
    backend, server = backend_and_server
    server.push(*[Reply(status=500)] * 4)
    with pytest.raises(LLMError) as err:
        backend.chat([Message("user", "hi")], system="s")
    assert err.value.status == 500


def test_client_errors_are_not_retried(backend_and_server):
    backend, server = backend_and_server
    n = len(server.requests)
    server.push(Reply(status=401, error="bad key sk-test-abcdefgh"), Reply(text="unused"))
    with pytest.raises(LLMError) as err:
        backend.chat([Message("user", "hi")], system="s")
    assert err.value.status == 401 and len(server.requests) == n + 1
    assert "sk-test-abcdefgh" not in str(err.value)   # keys never reach error messages


def test_a_stream_dropped_after_text_is_not_replayed(backend_and_server):
    backend, server = backend_and_server
    server.push(Reply(text="This sentence will be cut off", drop_after=2), Reply(text="again"))
    pieces = []
    with pytest.raises(LLMError) as err:
        backend.chat([Message("user", "hi")], system="s", on_text=pieces.append)
    assert pieces and not err.value.retryable


# -- vLLM specifics ------------------------------------------------------------------------

def test_vllm_probe_and_json_tool_calls_without_auto_tool_choice(fake_openai):
    s = fake_openai(tools_enabled=False)
    b = vllm_backend(s)
    assert not b.capabilities.tools and b.model == "fake-model"
    s.push(Reply(text='{"tool_calls": [{"name": "wilson", "arguments": {"k": 8, "n": 11}}]}'))
    pieces = []
    r = b.chat([Message("user", "check 8 of 11")], system="s", tools=[TOOL], on_text=pieces.append)
    assert [(c.name, c.arguments) for c in r.tool_calls] == [("wilson", {"k": 8, "n": 11})]
    assert pieces == []   # a JSON tool call is never streamed to the screen
    assert "tools" not in s.requests[-1] and "tool_calls" in s.requests[-1]["messages"][0]["content"]
    s.push(Reply(text="Plain words stream as usual."))
    r = b.chat([Message("user", "hi")], system="s", tools=[TOOL], on_text=pieces.append)
    assert r.text == "Plain words stream as usual." and "".join(pieces) == r.text


def test_vllm_400_mid_session_switches_to_json_tools(fake_openai):
    s = fake_openai()
    b = vllm_backend(s)
    assert b.capabilities.tools
    s.tools_enabled = False   # e.g. the server was restarted without the flag
    s.push(Reply(text='{"tool_calls": [{"name": "wilson", "arguments": {"k": 1, "n": 2}}]}'))
    r = b.chat([Message("user", "x")], system="s", tools=[TOOL])
    assert r.tool_calls[0].arguments == {"k": 1, "n": 2} and not b.capabilities.tools


@pytest.mark.parametrize("json_schema,json_object,expect", [
    (True, True, "json_schema"), (False, True, "json_object"), (False, False, None)])
def test_vllm_structured_output_fallbacks(fake_openai, json_schema, json_object, expect):
    s = fake_openai(json_schema=json_schema, json_object=json_object)
    b = vllm_backend(s)
    s.push(Reply(text='```json\n{"verdict": "partial", "score": 1}\n```'))
    assert b.structured([Message("user", "grade")], system="s", schema=Verdict).score == 1
    body = s.requests[-1]
    assert (body.get("response_format") or {}).get("type") == expect
    assert "guided_json" not in body
    if expect != "json_schema":
        assert "JSON schema" in body["messages"][0]["content"]


def test_priority_and_cache_salt_only_when_accepted(fake_openai):
    plain = fake_openai(priority=False, cache_salt=False)
    b = vllm_backend(plain)
    plain.push(Reply(text="hi"))
    b.chat([Message("user", "x")], system="s")
    assert "priority" not in plain.requests[-1] and "cache_salt" not in plain.requests[-1]
    vllm = fake_openai(priority=True, cache_salt=True)
    b = vllm_backend(vllm)
    vllm.push(Reply(text="hi"), Reply(text='{"verdict": "met", "score": 1}'))
    b.chat([Message("user", "x")], system="s", interactive=True)
    assert vllm.requests[-1]["priority"] == INTERACTIVE_PRIORITY
    assert vllm.requests[-1]["cache_salt"] == "s" * 43
    b.structured([Message("user", "x")], system="s", schema=Verdict, interactive=False)
    assert vllm.requests[-1]["priority"] == BATCH_PRIORITY


def test_unreachable_server_is_a_clear_error():
    with pytest.raises(LLMError, match="models"):
        OpenAICompatibleBackend(model=None, base_url="http://127.0.0.1:9/v1",
                                retry=RetryPolicy(retries=0, timeout_s=1))


def test_anthropic_output_format_fallback(fake_anthropic):
    s = fake_anthropic(output_format=False)
    b = anthropic_backend(s)
    s.push(Reply(text='{"verdict": "met", "score": 3}'))
    assert b.structured([Message("user", "grade")], system="s", schema=Verdict).score == 3
    system = s.requests[-1]["system"]   # one block, marked for prompt caching
    assert "output_config" not in s.requests[-1] and "JSON schema" in system[0]["text"]
    assert system[0]["cache_control"] == {"type": "ephemeral"}
