"""One small interface for every model backend: streamed chat with tool calls, and
structured output into a pydantic model. Providers differ only behind it."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from .secrets import redact

T = TypeVar("T", bound=BaseModel)
TextSink = Callable[[str], None]


class LLMError(RuntimeError):
    """A backend call that failed after its retries, or returned something unusable."""

    def __init__(self, message: str, *, retryable: bool = False, status: int | None = None):
        super().__init__(message)
        self.retryable, self.status = retryable, status


class StructuredOutputError(LLMError):
    """The model's output could not be parsed into the requested schema."""


@dataclass
class Capabilities:
    streaming: bool = True
    tools: bool = True              # native function calling
    json_schema: bool = True        # response_format / output format with a JSON schema
    json_object: bool = True        # JSON mode without a schema
    priority: bool = False          # vLLM's request priority
    cache_salt: bool = False        # vLLM's per-request prefix-cache salt
    temperature: bool = True
    notes: list[str] = field(default_factory=list)


@dataclass
class ToolCall:
    id: str
    name: str
    arguments: dict[str, Any]


@dataclass
class ChatResult:
    text: str
    tool_calls: list[ToolCall] = field(default_factory=list)
    finish_reason: str | None = None
    usage: dict[str, int] = field(default_factory=dict)


@dataclass
class Message:
    """A provider-neutral chat message. `tool_calls` on assistant turns; `tool_call_id` and
    `name` on tool results."""
    role: str                      # "user", "assistant" or "tool"
    content: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    tool_call_id: str | None = None
    name: str | None = None


class Backend(Protocol):
    name: str
    model: str
    capabilities: Capabilities

    def chat(self, messages: list[Message], *, system: str, tools: list[dict] | None = None,
             on_text: TextSink | None = None, temperature: float | None = None,
             max_tokens: int = 1024, interactive: bool = True) -> ChatResult: ...

    def structured(self, messages: list[Message], *, system: str, schema: type[T],
                   max_tokens: int = 2048, interactive: bool = False) -> T: ...


_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)


def extract_json(text: str) -> Any:
    """The JSON value in a model's text: the whole text, a fenced block, or the outermost
    {...}. Raises ValueError when there is none."""
    candidates = [text.strip()]
    candidates += [m.group(1).strip() for m in _FENCE.finditer(text)]
    start, end = text.find("{"), text.rfind("}")
    if start != -1 and end > start:
        candidates.append(text[start:end + 1])
    for c in candidates:
        try:
            return json.loads(c)
        except (json.JSONDecodeError, ValueError):
            continue
    raise ValueError("no JSON object found in the model's reply")


def parse_into(schema: type[T], text: str) -> T:
    """Validate a model's text against `schema`; StructuredOutputError with the reason."""
    try:
        return schema.model_validate(extract_json(text))
    except (ValueError, ValidationError) as exc:
        detail = " ".join(line.strip() for line in str(exc).splitlines()[:3])
        raise StructuredOutputError(f"reply does not match {schema.__name__}: "
                                    f"{detail[:300]}") from None


@lru_cache(maxsize=64)
def json_schema_of(schema: type[BaseModel]) -> dict:
    """The JSON schema of a pydantic model (cached: building it costs milliseconds)."""
    return schema.model_json_schema()


def schema_instructions(schema: type[BaseModel]) -> str:
    return ("Reply with one JSON object and nothing else. It must validate against this JSON "
            "schema:\n" + json.dumps(json_schema_of(schema), separators=(",", ":")))


def status_error(who: str, status: int, message: str, headers, *, retry_on=(429,)) -> LLMError:
    """An HTTP error from a provider: 429, the given statuses and any 5xx are worth retrying,
    and a Retry-After header (seconds) is kept for the retry loop."""
    err = LLMError(f"{who} answered {status}: {message}",
                   retryable=status in retry_on or status >= 500, status=status)
    ra = headers.get("retry-after") if headers is not None else None
    try:
        err.retry_after_s = float(ra) if ra is not None else None
    except ValueError:
        err.retry_after_s = None
    return err


def sdk_error(exc: Exception, sdk: Any, who: str, secrets: list[str], *,
              retry_on=(429,)) -> LLMError:
    """An exception from the openai or anthropic SDK (both define APITimeoutError,
    APIConnectionError and APIStatusError) as an LLMError marking what is worth retrying,
    with keys redacted."""
    if isinstance(exc, LLMError):
        return exc
    if isinstance(exc, sdk.APITimeoutError):
        return LLMError(f"{who} timed out", retryable=True)
    if isinstance(exc, sdk.APIConnectionError):
        return LLMError(f"cannot reach {who}: {redact(str(exc), secrets)}", retryable=True)
    if isinstance(exc, sdk.APIStatusError):
        return status_error(who, exc.status_code, redact(_body_message(exc), secrets),
                            exc.response.headers if exc.response is not None else None,
                            retry_on=retry_on)
    return LLMError(f"unexpected reply from {who}: {redact(str(exc), secrets)[:300]}",
                    retryable=True)


def _body_message(exc: Exception) -> str:
    """The provider's own error message from an HTTP error body, else the exception's."""
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        err = body.get("error", body)
        if isinstance(err, dict) and err.get("message"):
            return str(err["message"])
        if isinstance(body.get("message"), str):
            return body["message"]
    return str(getattr(exc, "message", exc))


def parse_or_repair(schema: type[T], kwargs: dict, reply: str,
                    complete: Callable[[dict], str]) -> T:
    """Validate `reply`; if it does not fit, ask once more with the reason, then give up
    (StructuredOutputError: never a made-up value)."""
    try:
        return parse_into(schema, reply)
    except StructuredOutputError as first:
        repair = kwargs | {"messages": kwargs["messages"] + [
            {"role": "assistant", "content": reply},
            {"role": "user", "content": f"That reply was not valid: {first}. Reply again with "
                                        "only the corrected JSON object."}]}
        return parse_into(schema, complete(repair))
