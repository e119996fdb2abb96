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

PROBE_TIMEOUT_S = 10.0   # one optional-feature probe; a hung server must not hold the start

_AUTO_TOOL_MARKERS = ("enable-auto-tool-choice", "auto tool choice", "tool-call-parser",
                      "tool_choice")


@dataclass
class ProbeReport:
    base_url: str
    models: list[str] = field(default_factory=list)
    model: str | None = None
    reachable: bool = False
    answering: bool = True         # False: /models answers but a one-token request does not
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
        """Send a one-token request with `extra`: None if the server accepts it, else the
        error. A probe is of an optional feature, so any failure (a 4xx, a 5xx such as
        llama.cpp's 500 for a response_format it does not know, a timeout, an odd body)
        means "not supported", never a reason to stop. No retries, a short timeout."""
        kwargs: dict[str, Any] = {"model": self.model, "max_tokens": 1,
                                  "messages": [{"role": "user", "content": "ping"}]}
        body = extra.pop("extra_body", None)
        if body:
            kwargs["extra_body"] = body
        try:
            self.client.chat.completions.create(**kwargs, **extra, timeout=PROBE_TIMEOUT_S)
            return None
        except Exception as exc:
            return self._error(exc)

    def probe(self) -> ProbeReport:
        r = ProbeReport(self.base_url)
        try:
            r.models = [m.id for m in self.client.with_options(
                timeout=PROBE_TIMEOUT_S).models.list().data]
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
        silent: list[LLMError] = []   # a probe the server never answered: skip the rest

        def refusal(**extra: Any) -> LLMError | None:
            if silent:
                return silent[0]
            err = self._refusal(**extra)
            if err is not None and err.status is None and err.retryable:
                silent.append(err)   # timed out or unreachable, not an HTTP answer
            return err

        tool = {"type": "function", "function": {"name": "noop", "description": "does nothing",
                                                 "parameters": {"type": "object",
                                                                "properties": {}}}}
        refused = refusal(tools=[tool], tool_choice="auto")
        caps.tools = refused is None
        if caps.tools:
            add(("tool calling", True, "numbers are checked through function calls"))
        else:
            why = ("vLLM runs without --enable-auto-tool-choice"
                   if any(m in str(refused) for m in _AUTO_TOOL_MARKERS) else _why(refused))
            add(("tool calling", False, f"{why}: tools are described in the prompt and calls "
                 "read back as JSON in the text"))

        schema = {"type": "object", "properties": {"ok": {"type": "boolean"}}}
        refused = refusal(response_format={
            "type": "json_schema", "json_schema": {"name": "probe", "schema": schema}})
        caps.json_schema = refused is None
        refused_object = None if caps.json_schema else refusal(
            response_format={"type": "json_object"})
        caps.json_object = caps.json_schema or refused_object is None
        add(("response_format json_schema", caps.json_schema,
             "structured output is constrained by the schema" if caps.json_schema
             else f"{_why(refused)}: falls back to json_object with the schema in the prompt"
             if caps.json_object
             else f"{_why(refused)}; json_object too ({_why(refused_object)}): the schema goes "
                  "in the prompt and replies are validated, with one repair attempt"))

        refused = refusal(extra_body={"priority": BATCH_PRIORITY})
        caps.priority = refused is None
        add(("priority", caps.priority,
             "interactive turns are sent ahead of batch re-scoring" if caps.priority
             else f"{_why(refused)}: not sent (start vLLM with --scheduling-policy priority "
                  "to use it)"))
        if self.cache_salt:
            refused = refusal(extra_body={"cache_salt": self.cache_salt})
            caps.cache_salt = refused is None
            add(("cache_salt", caps.cache_salt,
                 "a per-user salt isolates cached prefixes" if caps.cache_salt
                 else f"{_why(refused)}: not sent"))
        add(("guided_json", False, "never used: vLLM ignores the removed field"))
        if silent:
            r.answering = False
            r.findings.insert(0, ("completions", False, f"no answer to a one-token request "
                                  f"({_why(silent[0])}): each turn waits at most its deadline, "
                                  "then the offline interviewer takes it"))
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


def _why(err: LLMError | None) -> str:
    """A probe's failure in a few words: the status and the server's own message, cut."""
    if err is None:
        return "accepted"
    text = " ".join(str(err).split())
    text = text.replace("the model server answered", "refused with")
    return text if len(text) <= 140 else text[:137] + "..."


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
