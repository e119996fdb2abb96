"""A model server that hangs, rate-limits for an hour or dies mid-stream costs a candidate at
most one turn's deadline: every model call of a turn shares it, a Retry-After past it means
giving up at once, Ctrl-C during the wait takes the offline turn, and after a failed turn a
circuit breaker keeps the session off the server until a quick re-probe gets an answer.
Behaviour only (requests counted on the server, notices recorded); speed is in
benchmarks/bench_faults.py."""
from __future__ import annotations

import io
import os
import random
import signal
import threading
import time

import pytest

from interviewer.llm.config import ConfigError, resolve
from interviewer.llm.base import LLMError
from interviewer.llm.breaker import CircuitBreaker
from interviewer.llm.openai_backend import OpenAIBackend
from interviewer.llm.retry import (Deadline, DeadlineError, RetryPolicy, deadline_scope,
                                   with_retries)
from interviewer.engine.llm_interviewer import CTRL_C_REASON, WAITING_TEXT, LLMInterviewer
from interviewer.console.plain import run_plain
from interviewer.engine.session import Session
from llm_servers import Reply, is_reading, reading_reply
from transcripts import load

ANSWER = "I'd say 45 out of every hundred openings mention compensation."
NEVER = 3600.0   # a re-probe interval no test reaches


def interviewer(server, *, deadline: float = 1.0, reprobe: float = NEVER, **kw) -> LLMInterviewer:
    backend = OpenAIBackend(model="m", api_key="sk-test-123456789", base_url=server.base_url,
                            retry=RetryPolicy(retries=3, base_ms=5, cap_ms=20, timeout_s=30))
    return LLMInterviewer(backend, turn_deadline_s=deadline,
                          breaker=CircuitBreaker(reprobe_every_s=reprobe), **kw)


def session(tmp_path, llm, questions=("why-fde", "q02")) -> Session:
    s = Session.new(round_type="technical", questions=list(questions), seed=2, out=tmp_path,
                    llm=llm)
    s.start()
    return s


def warnings_of(turn) -> list[str]:
    return [e.text for e in turn.events if e.type == "notice" and e.level == "warning"]


# -- retries under a deadline ----------------------------------------------------------------

def _failing(retry_after: float | None = None, status: int = 429):
    calls = []

    def call():
        calls.append(1)
        err = LLMError(f"the model server answered {status}", retryable=True, status=status)
        err.retry_after_s = retry_after
        raise err
    return call, calls


def test_retry_after_past_the_deadline_gives_up_without_sleeping():
    call, calls = _failing(retry_after=3600)
    slept = []
    with deadline_scope(Deadline(20)):
        with pytest.raises(LLMError, match="3600"):
            with_retries(call, RetryPolicy(retries=3), sleep=slept.append)
    assert calls == [1] and slept == []


def test_without_a_deadline_retry_after_is_still_honoured_capped():
    call, calls = _failing(retry_after=3600)
    slept = []
    with pytest.raises(LLMError):
        with_retries(call, RetryPolicy(retries=2, max_retry_after_s=20), sleep=slept.append)
    assert len(calls) == 3 and slept == [20, 20]


def test_backoff_never_sleeps_past_the_deadline():
    now = [0.0]
    d = Deadline(1.0, clock=lambda: now[0])
    d.sleep = lambda s: now.__setitem__(0, now[0] + s)   # a fake clock, no real waiting
    call, calls = _failing(status=503)
    with deadline_scope(d):
        with pytest.raises(LLMError):
            with_retries(call, RetryPolicy(retries=10, base_ms=400, cap_ms=400),
                         rng=random.Random(1))
    assert now[0] < 1.0 and len(calls) < 11


def test_a_cancelled_deadline_stops_retrying():
    d = Deadline(30)
    calls = []

    def call():
        calls.append(1)
        d.cancel("stopped by the candidate")
        raise LLMError("timed out", retryable=True)
    with deadline_scope(d):
        with pytest.raises(DeadlineError, match="stopped by the candidate"):
            with_retries(call, RetryPolicy(retries=5))
    assert calls == [1]


# -- whole turns against faulty loopback servers ----------------------------------------------

def test_hung_server_costs_one_deadline_then_the_breaker_keeps_it_off(tmp_path, fake_openai):
    server = fake_openai(lambda body: Reply(delay_s=NEVER))   # accepts, never answers
    s = session(tmp_path, interviewer(server))
    first = s.answer(ANSWER)
    warned = warnings_of(first)
    assert any("deadline" in w and "offline reading chose" in w for w in warned)
    assert sum("not called again" in w for w in warned) == 1
    assert first.utterances                          # the offline interviewer answered
    # the reading, and beside it the held wording of the likely move; nothing after
    assert len(server.chats) == 2
    second = s.answer("/skip")
    third = s.answer("Batch the prompts and cache the prefix; 40% cheaper at our volume.")
    assert len(server.chats) == 2                    # nothing more while the breaker is open
    assert not warnings_of(second) and not warnings_of(third)   # said once
    assert third.utterances
    kinds = [e.type for e in load(s.path).events]
    assert "interviewer" in kinds and kinds.count("candidate") == 3


def test_429_with_an_hour_retry_after_is_not_waited_for(tmp_path, fake_openai):
    server = fake_openai(lambda body: Reply(status=429, error="rate limited",
                                            headers={"Retry-After": "3600"}))
    s = session(tmp_path, interviewer(server, deadline=20))
    turn = s.answer(ANSWER)
    assert len(server.chats) == 2                    # the reading and the held wording: no retry
    assert any("3600" in w for w in warnings_of(turn))
    s.answer("Tell me more.")
    assert len(server.chats) == 2


def test_stream_dying_mid_turn_falls_back_and_opens_the_breaker(tmp_path, fake_openai):
    def respond(body):
        if is_reading(body):
            return reading_reply()                   # the reading finds nothing
        return Reply(text="Good point, and what about the cost of it all?", drop_after=2)
    server = fake_openai(respond)
    s = session(tmp_path, interviewer(server, deadline=5))
    turn = s.answer("I would measure it first.")
    warned = warnings_of(turn)
    assert any("could not word this turn" in w for w in warned)
    assert any("not called again" in w for w in warned)
    before = len(server.chats)
    s.answer("And then I would ship it.")
    assert len(server.chats) == before


def test_breaker_closes_when_a_reprobe_answers(tmp_path, fake_openai):
    healthy = threading.Event()

    def respond(body):
        if not healthy.is_set():
            return Reply(status=503, error="overloaded")
        if is_reading(body):
            return reading_reply()
        return Reply(text="Fine. Walk me through the rollout.")
    server = fake_openai(respond)
    llm = interviewer(server, deadline=5, reprobe=0)
    s = session(tmp_path, llm)
    s.answer(ANSWER)
    assert llm.breaker.is_open
    healthy.set()
    s.answer("Then I would measure it.")            # offline; starts the background re-probe
    llm.breaker.join(10)
    assert not llm.breaker.is_open
    chats = len(server.chats)
    turn = s.answer("And roll it out to 10% of users first.")
    assert len(server.chats) > chats                 # the model is back
    infos = [e.text for e in turn.events if e.type == "notice" and e.level == "info"]
    assert any("answers again" in t for t in infos)
    assert any(e.type == "interviewer" and "rollout" in e.text for e in turn.events)


def test_plain_console_shows_the_wait_and_ctrl_c_takes_the_offline_turn(tmp_path, fake_openai):
    server = fake_openai(lambda body: Reply(delay_s=NEVER))
    llm = interviewer(server, deadline=300, wait_notice_s=0.2)
    s = Session.new(round_type="technical", questions=["why-fde"], seed=2, out=tmp_path, llm=llm)
    out = io.StringIO()

    def press_ctrl_c():   # as the terminal would: SIGINT to the process, mid-wait
        while not llm.waiting or WAITING_TEXT not in out.getvalue():
            time.sleep(0.02)
        os.kill(os.getpid(), signal.SIGINT)
    threading.Thread(target=press_ctrl_c, daemon=True).start()
    code = run_plain(s, inp=io.StringIO(ANSWER + "\n\n"), out=out)
    s.close()
    assert code == 0                                  # the interview went on, not exited
    text = out.getvalue()
    assert WAITING_TEXT in text and "Transcript:" in text
    notices = [e.text for e in load(s.path).of_type("notice")]
    assert any(CTRL_C_REASON in n for n in notices)
    assert load(s.path).of_type("score")              # graded at the end of input


def test_ctrl_c_outside_a_model_wait_still_interrupts(tmp_path):
    from interviewer.engine.llm_interviewer import ctrl_c_continues_offline
    llm = LLMInterviewer(backend=type("B", (), {"name": "b", "model": "m"})())
    with pytest.raises(KeyboardInterrupt):
        with ctrl_c_continues_offline(llm):
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(1)


# -- the setting ----------------------------------------------------------------------------

def test_turn_deadline_resolves_flag_then_file_then_environment(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[llm]\nprovider = "openai"\nturn_deadline = 7\n')
    env = {"OPENAI_API_KEY": "sk-x", "FDE_INTERVIEW_TURN_DEADLINE": "9"}
    assert resolve(env=env, path=path).turn_deadline == 7
    assert resolve(env=env, path=path, turn_deadline=3).turn_deadline == 3
    path.write_text('[llm]\nprovider = "openai"\n')
    assert resolve(env=env, path=path).turn_deadline == 9
    assert resolve(env={"OPENAI_API_KEY": "sk-x"}, path=path).turn_deadline is None
    path.write_text('[llm]\nprovider = "openai"\nturn_deadline = "soon"\n')
    with pytest.raises(ConfigError, match="turn_deadline"):
        resolve(env=env, path=path)


def test_practice_takes_a_turn_deadline_flag():
    from interviewer.cli import build_parser
    a = build_parser().parse_args(["practice", "--turn-deadline", "1.5"])
    assert a.turn_deadline == 1.5
    with pytest.raises(SystemExit):
        build_parser().parse_args(["practice", "--turn-deadline", "0"])
