"""Loopback servers that speak the real provider protocols (HTTP + SSE), with scripted
replies and faults, for the LLM backend tests and the backend benchmark.

FakeOpenAI emulates an OpenAI-compatible server and, with its flags, vLLM's behaviour: the
400 for tool_choice "auto" without --enable-auto-tool-choice, json_schema support or not,
priority accepted only under the priority policy, cache_salt. FakeAnthropic emulates the
Messages API closely enough for the anthropic SDK, reached through its base URL.
"""
from __future__ import annotations

import json
import threading
import time
import uuid
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable


@dataclass
class Reply:
    text: str = ""
    tool_calls: list[tuple[str, dict]] = field(default_factory=list)
    status: int | None = None          # an error status instead of a completion
    error: str = "scripted error"
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0               # before answering (timeouts; cut short by stop())
    malformed: bool = False            # a broken SSE data line
    drop_after: int | None = None      # close the connection after this many chunks
    chunk: int = 4                     # characters per streamed text delta
    token_delay_s: float = 0.0         # between streamed deltas (a model's decode pace)


Responder = Callable[[dict], Reply]


class _Base:
    def __init__(self, responder: Responder | None = None):
        self.requests: list[dict] = []
        self.script: deque[Reply] = deque()
        self.responder = responder
        self._server: ThreadingHTTPServer | None = None
        self._stopping = threading.Event()   # ends a hang when the server stops

    def push(self, *replies: Reply) -> None:
        self.script.extend(replies)

    def next_reply(self, body: dict) -> Reply:
        if self.script:
            return self.script.popleft()
        if self.responder:
            return self.responder(body)
        return Reply(text="(no scripted reply)")

    def start(self) -> "_Base":
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):   # keep test output clean
                pass

            def setup(self):
                super().setup()
                # Headers and body go out in separate writes; without TCP_NODELAY, Nagle and
                # delayed ACKs add about 40 ms to every response.
                import socket
                self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

            def do_GET(self):
                owner.handle_get(self)

            def do_POST(self):
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length)
                try:
                    body = json.loads(raw or b"{}")
                except json.JSONDecodeError:
                    body = {"__raw__": raw.decode(errors="replace")}
                body["__headers__"] = {k.lower(): v for k, v in self.headers.items()}
                owner.requests.append(body)
                owner.handle_post(self, body)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    @property
    def chats(self) -> list[dict]:
        """The requests that were not capability probes or re-probes (one-token pings)."""
        return [b for b in self.requests if (b.get("messages") or [{}])[-1].get("content")
                != "ping"]

    def hold(self, seconds: float) -> None:
        """Wait before answering (a hung server), but never past stop()."""
        self._stopping.wait(seconds)

    def stop(self) -> None:
        self._stopping.set()
        if self._server:
            self._server.shutdown()
            self._server.server_close()

    # -- helpers ---------------------------------------------------------------------
    @staticmethod
    def send_json(h: BaseHTTPRequestHandler, status: int, obj: dict, headers: dict | None = None):
        data = json.dumps(obj).encode()
        h.send_response(status)
        h.send_header("content-type", "application/json")
        h.send_header("content-length", str(len(data)))
        for k, v in (headers or {}).items():
            h.send_header(k, v)
        h.end_headers()
        h.wfile.write(data)

    @staticmethod
    def start_sse(h: BaseHTTPRequestHandler) -> None:
        h.send_response(200)
        h.send_header("content-type", "text/event-stream")
        h.send_header("cache-control", "no-cache")
        h.send_header("connection", "close")
        h.end_headers()
        h.close_connection = True

    @staticmethod
    def sse(h: BaseHTTPRequestHandler, data: str, event: str | None = None) -> None:
        out = (f"event: {event}\n" if event else "") + f"data: {data}\n\n"
        h.wfile.write(out.encode())
        h.wfile.flush()

    @staticmethod
    def drop(h: BaseHTTPRequestHandler) -> None:
        import socket
        h.wfile.flush()
        h.connection.shutdown(socket.SHUT_RDWR)
        h.close_connection = True


class FakeOpenAI(_Base):
    """An OpenAI-compatible /v1 server. Flags emulate vLLM's configurations."""

    def __init__(self, responder: Responder | None = None, *, models=("fake-model",),
                 tools_enabled: bool = True, json_schema: bool = True, json_object: bool = True,
                 priority: bool = False, cache_salt: bool = True, refusal_status: int = 400):
        """`refusal_status` is the status of a refused feature: 400 as vLLM answers, 500 as
        the llama.cpp server (llama-cpp-python) answers a response_format it does not know."""
        super().__init__(responder)
        self.refusal_status = refusal_status
        self.models = list(models)
        self.tools_enabled, self.json_schema, self.json_object = tools_enabled, json_schema, json_object
        self.priority, self.cache_salt = priority, cache_salt

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def handle_get(self, h):
        if h.path.rstrip("/").endswith("/models"):
            self.send_json(h, 200, {"object": "list", "data": [
                {"id": m, "object": "model", "created": 0, "owned_by": "fake"} for m in self.models]})
        else:
            self.send_json(h, 404, {"error": {"message": "not found", "type": "NotFound", "code": 404}})

    def _refuse(self, h, message: str) -> None:
        self.send_json(h, self.refusal_status, {"error": {
            "message": message, "type": "BadRequestError", "param": None,
            "code": self.refusal_status}})

    def handle_post(self, h, body: dict) -> None:
        if not h.path.rstrip("/").endswith("/chat/completions"):
            return self.send_json(h, 404, {"error": {"message": "not found", "code": 404}})
        if body.get("tools") and not self.tools_enabled and body.get("tool_choice", "auto") == "auto":
            return self._refuse(h, '"auto" tool choice requires --enable-auto-tool-choice and '
                                   '--tool-call-parser to be set')
        fmt = (body.get("response_format") or {}).get("type")
        if fmt == "json_schema" and not self.json_schema:
            return self._refuse(h, "response_format json_schema is not supported")
        if fmt == "json_object" and not self.json_object:
            return self._refuse(h, "response_format json_object is not supported")
        if body.get("priority", 0) != 0 and not self.priority:
            return self._refuse(h, "Got priority 10 but Priority scheduling is not enabled.")
        if "cache_salt" in body and not self.cache_salt:
            return self._refuse(h, "Extra inputs are not permitted: cache_salt")
        reply = self.next_reply(body)
        if reply.delay_s:
            self.hold(reply.delay_s)
        if reply.status:
            return self.send_json(h, reply.status, {"error": {"message": reply.error,
                                                              "type": "error", "code": reply.status}},
                                  reply.headers)
        cid = "chatcmpl-" + uuid.uuid4().hex[:12]
        model = body.get("model", "fake-model")
        if not body.get("stream"):
            msg: dict = {"role": "assistant", "content": reply.text or None}
            if reply.tool_calls:
                msg["tool_calls"] = [{"id": f"call_{i}", "type": "function", "function": {
                    "name": n, "arguments": json.dumps(a)}} for i, (n, a) in enumerate(reply.tool_calls)]
            if reply.malformed:
                data = b'{"id": "x", "choices": [ {"message": '
                h.send_response(200)
                h.send_header("content-type", "application/json")
                h.send_header("content-length", str(len(data)))
                h.end_headers()
                h.wfile.write(data)
                return
            return self.send_json(h, 200, {
                "id": cid, "object": "chat.completion", "created": int(time.time()), "model": model,
                "choices": [{"index": 0, "message": msg,
                             "finish_reason": "tool_calls" if reply.tool_calls else "stop"}],
                "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}})
        self.start_sse(h)

        def chunk(delta: dict, finish: str | None = None) -> str:
            return json.dumps({"id": cid, "object": "chat.completion.chunk",
                               "created": int(time.time()), "model": model,
                               "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})

        sent = 0
        self.sse(h, chunk({"role": "assistant", "content": ""}))
        if reply.malformed:
            self.sse(h, '{"id": "broken", "choices": [{"delta": {"content": "x"')
            return self.drop(h)
        text = reply.text
        for i in range(0, len(text), reply.chunk):
            if reply.drop_after is not None and sent >= reply.drop_after:
                return self.drop(h)
            if reply.token_delay_s:
                time.sleep(reply.token_delay_s)
            self.sse(h, chunk({"content": text[i:i + reply.chunk]}))
            sent += 1
        for i, (name, args) in enumerate(reply.tool_calls):
            self.sse(h, chunk({"tool_calls": [{"index": i, "id": f"call_{i}", "type": "function",
                                               "function": {"name": name, "arguments": ""}}]}))
            payload = json.dumps(args)
            for j in range(0, len(payload), 7):
                self.sse(h, chunk({"tool_calls": [{"index": i, "function": {
                    "arguments": payload[j:j + 7]}}]}))
        if reply.drop_after is not None:
            return self.drop(h)
        self.sse(h, chunk({}, "tool_calls" if reply.tool_calls else "stop"))
        self.sse(h, "[DONE]")


class FakeAnthropic(_Base):
    """The Messages API at /v1/messages, streaming as the real one does."""

    def __init__(self, responder: Responder | None = None, *, output_format: bool = True):
        super().__init__(responder)
        self.output_format = output_format

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def handle_get(self, h):
        self.send_json(h, 404, {"type": "error", "error": {"type": "not_found_error",
                                                           "message": "not found"}})

    def handle_post(self, h, body: dict) -> None:
        if not h.path.split("?")[0].rstrip("/").endswith("/v1/messages"):
            return self.send_json(h, 404, {"type": "error", "error": {
                "type": "not_found_error", "message": "not found"}})
        if "output_config" in body and not self.output_format:
            return self.send_json(h, 400, {"type": "error", "error": {
                "type": "invalid_request_error", "message": "output_config: unsupported"}})
        reply = self.next_reply(body)
        if reply.delay_s:
            self.hold(reply.delay_s)
        if reply.status:
            kind = {429: "rate_limit_error", 529: "overloaded_error"}.get(reply.status, "api_error")
            return self.send_json(h, reply.status, {"type": "error", "error": {
                "type": kind, "message": reply.error}}, reply.headers)
        mid = "msg_" + uuid.uuid4().hex[:12]
        model = body.get("model", "fake")
        usage = {"input_tokens": 10, "output_tokens": 5}
        content: list[dict] = []
        if reply.text:
            content.append({"type": "text", "text": reply.text})
        for i, (name, args) in enumerate(reply.tool_calls):
            content.append({"type": "tool_use", "id": f"toolu_{i}", "name": name, "input": args})
        stop = "tool_use" if reply.tool_calls else "end_turn"
        if not body.get("stream"):
            return self.send_json(h, 200, {"id": mid, "type": "message", "role": "assistant",
                                           "model": model, "content": content,
                                           "stop_reason": stop, "stop_sequence": None,
                                           "usage": usage})
        self.start_sse(h)
        ev = lambda name, obj: self.sse(h, json.dumps({"type": name, **obj}), event=name)
        ev("message_start", {"message": {"id": mid, "type": "message", "role": "assistant",
                                         "model": model, "content": [], "stop_reason": None,
                                         "stop_sequence": None, "usage": usage}})
        if reply.malformed:
            self.sse(h, '{"type": "content_block_delta", "index": 0, "delta": {', event="content_block_delta")
            return self.drop(h)
        index, sent = 0, 0
        if reply.text:
            ev("content_block_start", {"index": 0, "content_block": {"type": "text", "text": ""}})
            for i in range(0, len(reply.text), reply.chunk):
                if reply.drop_after is not None and sent >= reply.drop_after:
                    return self.drop(h)
                ev("content_block_delta", {"index": 0, "delta": {"type": "text_delta",
                                                                 "text": reply.text[i:i + reply.chunk]}})
                sent += 1
            ev("content_block_stop", {"index": 0})
            index = 1
        for k, (name, args) in enumerate(reply.tool_calls):
            i = index + k
            ev("content_block_start", {"index": i, "content_block": {
                "type": "tool_use", "id": f"toolu_{k}", "name": name, "input": {}}})
            payload = json.dumps(args)
            for j in range(0, len(payload), 7):
                ev("content_block_delta", {"index": i, "delta": {"type": "input_json_delta",
                                                                 "partial_json": payload[j:j + 7]}})
            ev("content_block_stop", {"index": i})
        ev("message_delta", {"delta": {"stop_reason": stop, "stop_sequence": None},
                             "usage": {"output_tokens": 5}})
        ev("message_stop", {})


# -- the interviewer's reading call (interviewer/engine/model_reading.py) --------------------

READING_MARK = "You read a candidate's answer"


def system_of(body: dict) -> str:
    """The system prompt of a request, either protocol."""
    system = body.get("system")
    if isinstance(system, str):
        return system
    if isinstance(system, list):   # Anthropic's blocks (the cached system prompt is one)
        return "".join(b.get("text", "") for b in system if isinstance(b, dict))
    return (body.get("messages") or [{}])[0].get("content") or ""


def is_reading(body: dict) -> bool:
    return READING_MARK in system_of(body)


def reading_reply(covers=(), claims=(), thin: bool = False, off_question: bool = False,
                  **kw) -> Reply:
    """A scripted reading: covers as (criterion, quote) pairs, claims as dicts."""
    return Reply(text=json.dumps({"covers": [{"criterion": c, "quote": q} for c, q in covers],
                                  "claims": list(claims), "thin": thin,
                                  "off_question": off_question}), **kw)
