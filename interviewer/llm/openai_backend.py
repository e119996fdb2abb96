"""OpenAI Chat Completions: streamed text and tool calls, structured output through
response_format json_schema. The openai SDK is imported when a backend is made."""
from __future__ import annotations

import json
from typing import Any

from .base import (Capabilities, ChatResult, LLMError, Message, T,
                   TextSink, ToolCall, json_schema_of, parse_or_repair,
                   schema_instructions, sdk_error)
from .retry import RetryPolicy, current_deadline, request_timeout, with_retries


def to_openai_messages(system: str, messages: list[Message]) -> list[dict]:
    out: list[dict] = [{"role": "system", "content": system}]
    for m in messages:
        if m.role == "tool":
            out.append({"role": "tool", "tool_call_id": m.tool_call_id, "content": m.content})
        elif m.role == "assistant" and m.tool_calls:
            out.append({"role": "assistant", "content": m.content or None, "tool_calls": [
                {"id": c.id, "type": "function",
                 "function": {"name": c.name, "arguments": json.dumps(c.arguments)}}
                for c in m.tool_calls]})
        else:
            out.append({"role": m.role, "content": m.content})
    return out


def to_openai_tools(tools: list[dict]) -> list[dict]:
    return [{"type": "function", "function": {"name": t["name"], "description": t["description"],
                                              "parameters": t["parameters"]}} for t in tools]


class OpenAIBackend:
    name = "openai"

    def __init__(self, *, model: str, api_key: str, base_url: str | None = None,
                 retry: RetryPolicy | None = None):
        import openai   # lazy: the SDK loads with the backend
        self._openai = openai
        self.model = model
        self.retry = retry or RetryPolicy()
        self.client = openai.OpenAI(api_key=api_key, base_url=base_url, max_retries=0,
                                    timeout=self.retry.timeout_s)
        # The SDK imports its chat resources on first use: do it now, once, rather than in
        # the first wave of a concurrent re-scoring run, where every thread would wait on it.
        self.client.chat.completions
        self.capabilities = Capabilities()
        self._secrets = [api_key]

    # -- hooks the OpenAI-compatible backend overrides ---------------------------------
    def _extra_body(self, interactive: bool) -> dict[str, Any]:
        return {}

    def _error(self, exc: Exception) -> LLMError:
        """Map an SDK exception to an LLMError, marking what is worth retrying."""
        return sdk_error(exc, self._openai, "the model server", self._secrets)

    # -- chat --------------------------------------------------------------------------
    def chat(self, messages: list[Message], *, system: str, tools: list[dict] | None = None,
             on_text: TextSink | None = None, temperature: float | None = None,
             max_tokens: int = 1024, interactive: bool = True) -> ChatResult:
        kwargs: dict[str, Any] = {"model": self.model, "messages": to_openai_messages(system, messages),
                                  "max_tokens": max_tokens, "stream": True}
        if tools:
            kwargs["tools"] = to_openai_tools(tools)
        if temperature is not None and self.capabilities.temperature:
            kwargs["temperature"] = temperature
        extra = self._extra_body(interactive)
        if extra:
            kwargs["extra_body"] = extra
        return with_retries(lambda: self._stream(kwargs, on_text), self.retry)

    def _stream(self, kwargs: dict, on_text: TextSink | None) -> ChatResult:
        text, calls, finish, started = [], {}, None, False
        deadline = current_deadline()
        try:
            stream = self.client.chat.completions.create(
                **kwargs, timeout=request_timeout(self.retry.timeout_s))
            for chunk in stream:
                if deadline is not None and deadline.over:   # a trickle past the turn
                    stream.close()
                    raise deadline.error()
                if not chunk.choices:
                    continue
                choice = chunk.choices[0]
                delta = choice.delta
                if delta is not None and delta.content:
                    text.append(delta.content)
                    started = True
                    if on_text:
                        on_text(delta.content)
                for tc in (delta.tool_calls or []) if delta is not None else []:
                    slot = calls.setdefault(tc.index, {"id": None, "name": "", "args": ""})
                    if tc.id:
                        slot["id"] = tc.id
                    if tc.function is not None:
                        slot["name"] += tc.function.name or ""
                        slot["args"] += tc.function.arguments or ""
                if choice.finish_reason:
                    finish = choice.finish_reason
            if finish is None:   # the connection closed before the server said it was done
                raise LLMError("the reply stream ended early", retryable=True)
        except Exception as exc:   # SDK and transport errors, including a dropped stream
            err = self._error(exc)
            if started:   # text already reached the screen: do not repeat it by retrying
                err.retryable = False
            raise err from None
        return ChatResult("".join(text), _tool_calls(calls), finish)

    # -- structured output ---------------------------------------------------------------
    def structured(self, messages: list[Message], *, system: str, schema: type[T],
                   max_tokens: int = 2048, interactive: bool = False) -> T:
        """JSON schema response format, else JSON mode with the schema in the prompt, else
        the prompt alone; a reply that does not validate gets one repair attempt."""
        base = {"model": self.model, "max_tokens": max_tokens, "temperature": 0}
        extra = self._extra_body(interactive)
        if extra:
            base["extra_body"] = extra
        if self.capabilities.json_schema:
            kwargs = base | {"messages": to_openai_messages(system, messages),
                             "response_format": {"type": "json_schema", "json_schema": {
                                 "name": schema.__name__, "schema": json_schema_of(schema)}}}
            try:
                return parse_or_repair(schema, kwargs, self._complete(kwargs), self._complete)
            except LLMError as exc:
                if exc.status != 400:
                    raise
                self.capabilities.json_schema = False
                self.capabilities.notes.append("json_schema response_format refused; "
                                               "falling back to json_object")
        kwargs = base | {"messages": to_openai_messages(system + "\n\n" +
                                                        schema_instructions(schema), messages)}
        if self.capabilities.json_object:
            try:
                with_mode = kwargs | {"response_format": {"type": "json_object"}}
                return parse_or_repair(schema, with_mode, self._complete(with_mode), self._complete)
            except LLMError as exc:
                if exc.status != 400:
                    raise
                self.capabilities.json_object = False
                self.capabilities.notes.append("json_object refused; prompting for JSON")
        return parse_or_repair(schema, kwargs, self._complete(kwargs), self._complete)

    def _complete(self, kwargs: dict) -> str:
        # The request body is already plain JSON: posted through the client as is, it skips
        # the SDK's parameter transform, which walks every message and the whole response
        # schema with type introspection (a few ms of CPU a call, under the GIL, which a
        # concurrent re-scoring run pays at every request).
        body = {k: v for k, v in kwargs.items() if k != "extra_body"} | kwargs.get("extra_body", {})

        def call() -> str:
            try:
                resp = self.client.post("/chat/completions", body=body,
                                        cast_to=self._openai.types.chat.ChatCompletion,
                                        options={"timeout": request_timeout(self.retry.timeout_s)})
                return resp.choices[0].message.content or ""
            except Exception as exc:
                raise self._error(exc) from None
        return with_retries(call, self.retry)


def _tool_calls(calls: dict) -> list[ToolCall]:
    out = []
    for i in sorted(calls):
        c = calls[i]
        try:
            args = json.loads(c["args"] or "{}")
        except json.JSONDecodeError:
            args = {"__unparsed__": c["args"]}
        out.append(ToolCall(c["id"] or f"call_{i}", c["name"], args if isinstance(args, dict)
                            else {"__unparsed__": c["args"]}))
    return out
