"""Self-hosted OpenAI-compatible servers: vLLM first, also the llama.cpp server and Ollama.
Built on the OpenAI backend; only what such servers do differently lives here:

- capabilities are probed at start (/v1/models, tool calling, json_schema, priority,
  cache_salt) rather than assumed;
- vLLM answers 400 to tool_choice "auto" unless started with --enable-auto-tool-choice; then
  the tools are described in the prompt and calls are read back as JSON in the text;
- `priority` is sent only when the server accepts it (interactive turns ahead of batch
  re-scoring: lower runs first), and a random per-user `cache_salt` keeps this user's cached
  prefixes to themselves;
- vLLM silently ignores the removed `guided_json` field, so it is never relied on.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .base import Capabilities, ChatResult, LLMError, Message, TextSink, ToolCall, extract_json
from .openai_backend import OpenAIBackend
from .retry import RetryPolicy

INTERACTIVE_PRIORITY = -10   # vLLM: lower values are scheduled first
BATCH_PRIORITY = 10

_AUTO_TOOL_MARKERS = ("enable-auto-tool-choice", "auto tool choice", "tool-call-parser",
                      "tool_choice")


@dataclass
class ProbeReport:
    base_url: str
    models: list[str] = field(default_factory=list)
    model: str | None = None
    reachable: bool = False
    capabilities: Capabilities = field(default_factory=Capabilities)
    findings: list[tuple[str, bool, str]] = field(default_factory=list)   # (what, ok, action)
    error: str | None = None


class OpenAICompatibleBackend(OpenAIBackend):
    name = "openai-compatible"

    def __init__(self, *, model: str | None, base_url: str, api_key: str | None = None,
                 cache_salt: str | None = None, retry: RetryPolicy | None = None,
                 probe: bool = True):
        super().__init__(model=model or "", api_key=api_key or "EMPTY", base_url=base_url,
                         retry=retry)
        self.base_url = base_url
        self.cache_salt = cache_salt
        self.capabilities = Capabilities(priority=False, cache_salt=False)
        self.report: ProbeReport | None = None
        if probe:
            self.report = self.probe()
            if not self.report.reachable:
                raise LLMError(self.report.error or f"cannot reach {base_url}")

    # -- probing -------------------------------------------------------------------------
    def _refusal(self, **extra: Any) -> LLMError | None:
        """Send a one-token request with `extra`: None if the server accepts it, the error if
        it refuses it (4xx). Anything else (5xx, unreachable) is raised."""
        kwargs: dict[str, Any] = {"model": self.model, "max_tokens": 1,
                                  "messages": [{"role": "user", "content": "ping"}]}
        body = extra.pop("extra_body", None)
        if body:
            kwargs["extra_body"] = body
        try:
            self.client.chat.completions.create(**kwargs, **extra)
            return None
        except Exception as exc:
            err = self._error(exc)
        if err.status is not None and 400 <= err.status < 500:
            return err
        raise err

    def probe(self) -> ProbeReport:
        r = ProbeReport(self.base_url)
        try:
            r.models = [m.id for m in self.client.models.list().data]
        except Exception as exc:
            r.error = f"GET /v1/models failed: {self._error(exc)}"
            return r
        r.reachable = True
        if not self.model:
            if not r.models:
                r.error = "the server lists no models; pass --model"
                r.reachable = False
                return r
            self.model = r.models[0]
        elif r.models and self.model not in r.models:
            r.findings.append(("model listed", False, f"{self.model!r} is not among "
                               f"{', '.join(r.models)}; requests may fail"))
        r.model = self.model
        caps, add = self.capabilities, r.findings.append

        tool = {"type": "function", "function": {"name": "noop", "description": "does nothing",
                                                 "parameters": {"type": "object",
                                                                "properties": {}}}}
        refused = self._refusal(tools=[tool], tool_choice="auto")
        caps.tools = refused is None
        if caps.tools:
            add(("tool calling", True, "numbers are checked through function calls"))
        else:
            why = ("vLLM runs without --enable-auto-tool-choice"
                   if any(m in str(refused) for m in _AUTO_TOOL_MARKERS) else "tools refused")
            add(("tool calling", False, f"{why}: tools are described in the prompt and calls "
                 "read back as JSON in the text"))

        schema = {"type": "object", "properties": {"ok": {"type": "boolean"}}}
        caps.json_schema = self._refusal(response_format={
            "type": "json_schema", "json_schema": {"name": "probe", "schema": schema}}) is None
        caps.json_object = caps.json_schema or self._refusal(
            response_format={"type": "json_object"}) is None
        add(("response_format json_schema", caps.json_schema,
             "structured output is constrained by the schema" if caps.json_schema
             else "falls back to json_object with the schema in the prompt" if caps.json_object
             else "no JSON mode: the schema goes in the prompt and replies are validated, with "
                  "one repair attempt"))

        caps.priority = self._refusal(extra_body={"priority": BATCH_PRIORITY}) is None
        add(("priority", caps.priority,
             "interactive turns are sent ahead of batch re-scoring" if caps.priority
             else "not sent (start vLLM with --scheduling-policy priority to use it)"))
        if self.cache_salt:
            caps.cache_salt = self._refusal(extra_body={"cache_salt": self.cache_salt}) is None
            add(("cache_salt", caps.cache_salt,
                 "a per-user salt isolates cached prefixes" if caps.cache_salt
                 else "not sent: the server refuses it"))
        add(("guided_json", False, "never used: vLLM ignores the removed field"))
        r.capabilities = caps
        return r

    # -- request shaping ------------------------------------------------------------------
    def _extra_body(self, interactive: bool) -> dict[str, Any]:
        body: dict[str, Any] = {}
        if self.capabilities.priority:
            body["priority"] = INTERACTIVE_PRIORITY if interactive else BATCH_PRIORITY
        if self.capabilities.cache_salt and self.cache_salt:
            body["cache_salt"] = self.cache_salt
        return body

    def chat(self, messages: list[Message], *, system: str, tools: list[dict] | None = None,
             on_text: TextSink | None = None, temperature: float | None = None,
             max_tokens: int = 1024, interactive: bool = True) -> ChatResult:
        if not tools or self.capabilities.tools:
            try:
                return super().chat(messages, system=system, tools=tools, on_text=on_text,
                                    temperature=temperature, max_tokens=max_tokens,
                                    interactive=interactive)
            except LLMError as exc:
                if not (tools and exc.status == 400
                        and any(m in str(exc) for m in _AUTO_TOOL_MARKERS)):
                    raise
                self.capabilities.tools = False   # learned mid-session: switch to JSON calls
        system2 = system + "\n\n" + json_tools_prompt(tools)
        hold = _JsonGate(on_text)
        result = super().chat(_flatten_tool_turns(messages), system=system2, tools=None,
                              on_text=hold, temperature=temperature, max_tokens=max_tokens,
                              interactive=interactive)
        calls = parse_json_tool_calls(result.text)
        if calls is None:
            hold.release()
            return result
        return ChatResult("", calls, "tool_calls", result.usage)


def json_tools_prompt(tools: list[dict]) -> str:
    spec = [{"name": t["name"], "description": t["description"], "parameters": t["parameters"]}
            for t in tools]
    return ("You can call these tools. To call them, reply with only a JSON object of the form "
            '{"tool_calls": [{"name": "<tool>", "arguments": {...}}]} and nothing else. '
            "If you need no tool, reply normally.\nTools: " + json.dumps(spec, separators=(",", ":")))


def parse_json_tool_calls(text: str) -> list[ToolCall] | None:
    """Tool calls written as JSON in the text, or None when the text is an ordinary reply."""
    if "tool_calls" not in text:
        return None
    try:
        data = extract_json(text)
    except ValueError:
        return None
    calls = data.get("tool_calls") if isinstance(data, dict) else None
    if not isinstance(calls, list):
        return None
    out = []
    for i, c in enumerate(calls):
        if isinstance(c, dict) and isinstance(c.get("name"), str):
            args = c.get("arguments", {})
            if isinstance(args, str):
                try:
                    args = json.loads(args)
                except json.JSONDecodeError:
                    args = {"__unparsed__": args}
            out.append(ToolCall(f"json_call_{i}", c["name"], args if isinstance(args, dict) else {}))
    return out or None


def _flatten_tool_turns(messages: list[Message]) -> list[Message]:
    """Without native tools, earlier tool calls and results become plain text turns."""
    out = []
    for m in messages:
        if m.role == "tool":
            out.append(Message("user", f"Tool result for {m.name or m.tool_call_id}: {m.content}"))
        elif m.role == "assistant" and m.tool_calls:
            calls = [{"name": c.name, "arguments": c.arguments} for c in m.tool_calls]
            out.append(Message("assistant", json.dumps({"tool_calls": calls})))
        else:
            out.append(m)
    return out


class _JsonGate:
    """Streams text through unless it starts like a JSON tool call, which it holds back."""

    def __init__(self, sink: TextSink | None):
        self.sink, self.buf, self.holding, self.decided = sink, "", False, False

    def __call__(self, piece: str) -> None:
        if self.decided and not self.holding:
            if self.sink:
                self.sink(piece)
            return
        self.buf += piece
        head = self.buf.lstrip()
        if not head:
            return
        self.decided = True
        self.holding = head[0] in "{`"
        if not self.holding:
            self.release()

    def release(self) -> None:
        if self.buf and self.sink:
            self.sink(self.buf)
        self.buf, self.holding = "", False
