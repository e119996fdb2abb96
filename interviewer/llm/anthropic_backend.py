"""Anthropic Messages API: streamed text and tool use; structured output through the
output format (a JSON schema), with prompt-and-validate as the fallback. The anthropic SDK
is imported when a backend is made."""
from __future__ import annotations

import json
from typing import Any

from .base import (Capabilities, ChatResult, LLMError, Message, T,
                   TextSink, ToolCall, json_schema_of, parse_or_repair,
                   schema_instructions, sdk_error)
from .retry import RetryPolicy, current_deadline, request_timeout, with_retries


def to_anthropic_messages(messages: list[Message]) -> list[dict]:
    """Tool results go back as user turns of tool_result blocks; consecutive ones merge."""
    out: list[dict] = []
    for m in messages:
        if m.role == "tool":
            block = {"type": "tool_result", "tool_use_id": m.tool_call_id, "content": m.content}
            if out and out[-1]["role"] == "user" and isinstance(out[-1]["content"], list):
                out[-1]["content"].append(block)
            else:
                out.append({"role": "user", "content": [block]})
        elif m.role == "assistant" and m.tool_calls:
            blocks: list[dict] = [{"type": "text", "text": m.content}] if m.content else []
            blocks += [{"type": "tool_use", "id": c.id, "name": c.name, "input": c.arguments}
                       for c in m.tool_calls]
            out.append({"role": "assistant", "content": blocks})
        else:
            out.append({"role": m.role, "content": m.content})
    return out


def _cached(system: str) -> list[dict]:
    """The system prompt as one block marked for prompt caching: structured calls (the judge)
    send the same rules and rubric for every transcript of a card, first, so later requests
    read them from the cache (a prefix shorter than the model's minimum is simply not
    cached)."""
    return [{"type": "text", "text": system, "cache_control": {"type": "ephemeral"}}]


class AnthropicBackend:
    name = "anthropic"

    def __init__(self, *, model: str, api_key: str, base_url: str | None = None,
                 retry: RetryPolicy | None = None):
        import anthropic   # lazy: the SDK loads with the backend
        self._anthropic = anthropic
        self.model = model
        self.retry = retry or RetryPolicy()
        self.client = anthropic.Anthropic(api_key=api_key, base_url=base_url, max_retries=0,
                                          timeout=self.retry.timeout_s)
        self.client.messages   # imported now, not by every thread of a concurrent first wave
        # Current Messages API models take no sampling temperature.
        self.capabilities = Capabilities(json_object=False, temperature=False)
        self._secrets = [api_key]

    def _error(self, exc: Exception) -> LLMError:
        # 529 is Anthropic's "overloaded"
        return sdk_error(exc, self._anthropic, "the Anthropic API", self._secrets,
                         retry_on=(429, 529))

    def chat(self, messages: list[Message], *, system: str, tools: list[dict] | None = None,
             on_text: TextSink | None = None, temperature: float | None = None,
             max_tokens: int = 1024, interactive: bool = True) -> ChatResult:
        kwargs: dict[str, Any] = {"model": self.model, "max_tokens": max_tokens,
                                  "system": system, "stream": True,
                                  "messages": to_anthropic_messages(messages)}
        if tools:
            kwargs["tools"] = [{"name": t["name"], "description": t["description"],
                                "input_schema": t["parameters"]} for t in tools]
        return with_retries(lambda: self._stream(kwargs, on_text), self.retry)

    def _stream(self, kwargs: dict, on_text: TextSink | None) -> ChatResult:
        text, blocks, stop, started, usage = [], {}, None, False, {}
        deadline = current_deadline()
        try:
            for event in self.client.messages.create(
                    **kwargs, timeout=request_timeout(self.retry.timeout_s)):
                if deadline is not None and deadline.over:   # a trickle past the turn
                    raise deadline.error()
                kind = event.type
                if kind == "content_block_start":
                    block = event.content_block
                    if block.type == "tool_use":
                        blocks[event.index] = {"id": block.id, "name": block.name, "json": ""}
                elif kind == "content_block_delta":
                    delta = event.delta
                    if delta.type == "text_delta":
                        text.append(delta.text)
                        started = True
                        if on_text:
                            on_text(delta.text)
                    elif delta.type == "input_json_delta" and event.index in blocks:
                        blocks[event.index]["json"] += delta.partial_json
                elif kind == "message_delta":
                    stop = event.delta.stop_reason
                    if event.usage is not None:
                        usage["output_tokens"] = event.usage.output_tokens
                elif kind == "error":
                    raise LLMError("the Anthropic API reported an error mid-stream", retryable=True)
                elif kind == "message_stop":
                    stop = stop or "end_turn"
                    break
            else:   # the stream closed without message_stop
                raise LLMError("the reply stream ended early", retryable=True)
        except Exception as exc:
            err = self._error(exc)
            if started:
                err.retryable = False
            raise err from None
        calls = []
        for i in sorted(blocks):
            b = blocks[i]
            try:
                args = json.loads(b["json"] or "{}")
            except json.JSONDecodeError:
                args = {"__unparsed__": b["json"]}
            calls.append(ToolCall(b["id"], b["name"], args if isinstance(args, dict) else {}))
        return ChatResult("".join(text), calls, stop, usage)

    def structured(self, messages: list[Message], *, system: str, schema: type[T],
                   max_tokens: int = 2048, interactive: bool = False) -> T:
        """The JSON-schema output format, else the schema in the prompt; a reply that does not
        validate gets one repair attempt."""
        base = {"model": self.model, "max_tokens": max_tokens,
                "messages": to_anthropic_messages(messages)}
        if self.capabilities.json_schema:
            kwargs = base | {"system": _cached(system), "output_config": {"format": {
                "type": "json_schema", "schema": json_schema_of(schema)}}}
            try:
                return parse_or_repair(schema, kwargs, self._complete(kwargs), self._complete)
            except LLMError as exc:
                if exc.status != 400:
                    raise
                self.capabilities.json_schema = False
                self.capabilities.notes.append("output format refused; prompting for JSON")
        kwargs = base | {"system": _cached(system + "\n\n" + schema_instructions(schema))}
        return parse_or_repair(schema, kwargs, self._complete(kwargs), self._complete)

    def _complete(self, kwargs: dict) -> str:
        def call() -> str:
            try:
                resp = self.client.messages.create(
                    **kwargs, timeout=request_timeout(self.retry.timeout_s))
                return "".join(b.text for b in resp.content if getattr(b, "type", "") == "text")
            except Exception as exc:
                raise self._error(exc) from None
        return with_retries(call, self.retry)
