"""The model reads each answer for the interview policy, against loopback servers that speak
each provider's protocol: its reading drives the move (a criterion it found covered, with a
quote the answer holds, is not asked for again; a thin answer is pressed; a wrong claim under
stated conditions is challenged and never praised), a quote the answer does not hold is
discarded, and every failure of the reading leaves the offline reading in charge, with a
notice. The wording of the likely move overlaps the reading but reaches the screen only once
the merged reading has chosen that move."""
from __future__ import annotations

import json

import pytest

from interviewer.engine.llm_interviewer import LLMInterviewer
from interviewer.engine.session import Session
from interviewer.llm.anthropic_backend import AnthropicBackend
from interviewer.llm.breaker import CircuitBreaker
from interviewer.llm.openai_backend import OpenAIBackend
from interviewer.llm.openai_compatible import OpenAICompatibleBackend
from interviewer.llm.retry import RetryPolicy
from llm_servers import Reply, is_reading, reading_reply, system_of
from rubrics import default_bank
from transcripts import load

FAST = RetryPolicy(retries=1, base_ms=5, cap_ms=20, timeout_s=5)

# q02: the bug this fixes. The answer does the subtraction in words the card's signals miss;
# offline, the next probe is "Your GPU has 141 GB... how many users?"
KV_ANSWER = ("Per token it is K and V times 80 layers times 8 KV heads times 128 dims in BF16, "
             "so 327,680 bytes. Once the model is loaded I'm at 55 GB spare, and each 8K "
             "conversation needs about 2.7 GB, so 20 people at a time.")
SUBTRACTION = ("budget-subtraction", "Once the model is loaded I'm at 55 GB spare")
BUDGET_PROBE = "Your GPU has 141 GB"
# why-fde: 61 words that say little; offline it is long enough to probe, not press
VAGUE = ("I like working with customers and I think the role is interesting because it mixes "
         "engineering and talking to people, and I have done some of both over the years in "
         "different jobs, so it seems like a natural fit for what I enjoy doing every day at "
         "work and what I want to do more of in the future, honestly.")
# why-fde: conditions stated (388 of 1,333), the share said wrong (29.1% is right)
PAY = ("I counted 388 postings with pay among 1,333, so roughly 45 out of every hundred "
       "mention compensation. That is one reason I looked closely at the role.")
PAY_CLAIM = {"said": "45 out of every hundred", "tool": "wilson", "field": "rate",
             "claimed": 0.45, "conditions": {"k": 388, "n": 1333}}


def _move(body: dict) -> str:
    """The move a wording request asks for (the line after 'Your move:')."""
    content = body["messages"][-1]["content"]
    text = content if isinstance(content, str) else json.dumps(content)
    return text.split("Your move: ", 1)[1].split(":", 1)[0].split(".")[0] if "Your move: " \
        in text else "?"


def _draft(body: dict) -> str:
    content = body["messages"][-1]["content"]
    text = content if isinstance(content, str) else json.dumps(content)
    return text.split("any numbers): ", 1)[-1]


def model(read, speak=None):
    """A scripted model: `read(answer) -> Reply` for the reading call; the wording says
    which move it was asked for and repeats the draft (or `speak(body) -> Reply`)."""
    def respond(body: dict) -> Reply:
        msgs = body.get("messages") or [{}]
        if msgs[-1].get("content") == "ping":
            return Reply(text="p")
        if is_reading(body):
            last = msgs[-1]["content"]
            return read(last if isinstance(last, str) else json.dumps(last))
        if speak is not None:
            return speak(body)
        return Reply(text=f"{_move(body)}: {_draft(body)}")
    return respond


PROVIDERS = ["anthropic", "openai", "vllm", "vllm-prompted-json"]


@pytest.fixture(params=PROVIDERS)
def provider(request, fake_openai, fake_anthropic):
    def make(respond):
        if request.param == "anthropic":
            s = fake_anthropic(respond)
            return AnthropicBackend(model="claude-test", api_key="sk-ant-test-123456789",
                                    base_url=s.base_url, retry=FAST), s
        if request.param == "openai":
            s = fake_openai(respond)
            return OpenAIBackend(model="gpt-test", api_key="sk-test-123456789",
                                 base_url=s.base_url, retry=FAST), s
        plain = request.param == "vllm-prompted-json"   # no response_format at all
        s = fake_openai(respond, json_schema=not plain, json_object=not plain)
        return OpenAICompatibleBackend(model=None, base_url=s.base_url, retry=FAST), s
    return make


def vllm(fake_openai, respond, **kw):
    s = fake_openai(respond)
    return OpenAICompatibleBackend(model=None, base_url=s.base_url, retry=FAST), s


def start(tmp_path, backend, question: str, **kw) -> Session:
    s = Session.new(round_type="technical", questions=[question], seed=3, out=tmp_path,
                    max_follow_ups=6, llm=LLMInterviewer(backend, **kw) if backend else None)
    s.start()
    return s


def notices(turn, level: str | None = None) -> list[str]:
    return [e.text for e in turn.events if e.type == "notice"
            and (level is None or e.level == level)]


def reasons(path) -> list[str]:
    return [e.reason or "" for e in load(path).of_type("interviewer")]


# -- the reading drives the move -------------------------------------------------------------

def test_offline_alone_asks_for_what_was_just_said(tmp_path):
    """The bug, without a model: the card's signals miss the subtraction."""
    s = start(tmp_path, None, "q02")
    turn = s.answer(KV_ANSWER)
    assert "budget-subtraction" in turn.utterances[-1].reason
    assert BUDGET_PROBE in turn.utterances[-1].text


def test_a_criterion_the_model_found_covered_is_never_asked_for(tmp_path, provider):
    first = [True]

    def read(answer):
        if first[0]:
            first[0] = False
            return reading_reply(covers=[SUBTRACTION, ("gqa-formula", "8 KV heads times 128 "
                                                                      "dims in BF16")])
        return reading_reply()
    backend, server = provider(model(read))
    s = start(tmp_path, backend, "q02")
    turn = s.answer(KV_ANSWER)
    assert turn.utterances[-1].act == "probe"
    assert "budget-subtraction" not in turn.utterances[-1].reason
    for _ in range(4):   # the rest of the question: it is never asked for
        if s.answer("I would need to think about that part more before I answer it."
                    ).awaiting != "answer" or s.done:
            break
    assert not [r for r in reasons(s.path) if "budget-subtraction" in r]
    shown = [e.text for e in load(s.path).of_type("interviewer")]
    assert shown and not any(BUDGET_PROBE in t for t in shown)
    # the quote is kept as the coverage evidence; the transcript says nothing of the reading
    assert not [n for e in load(s.path).events if e.type == "notice" for n in [e.text]
                if "set aside" in n]


def test_a_quote_the_answer_does_not_hold_is_discarded(tmp_path, provider):
    made_up = ("budget-subtraction", "I take 141 GB times 0.92 and subtract the 70 GB of weights")
    backend, _ = provider(model(lambda a: reading_reply(covers=[made_up])))
    s = start(tmp_path, backend, "q02")
    turn = s.answer(KV_ANSWER)
    assert "budget-subtraction" in turn.utterances[-1].reason   # not covered by a made-up quote
    assert any("does not hold" in n for n in notices(turn, "info"))


def test_a_thin_answer_is_pressed(tmp_path, provider):
    backend, server = provider(model(lambda a: reading_reply(thin=True)))
    s = start(tmp_path, backend, "why-fde")
    turn = s.answer(VAGUE)
    u = turn.utterances[-1]
    assert u.act == "pushback" and "thin" in u.reason   # offline alone probes own-evidence
    assert u.text.startswith("The last answer was thin or off the question: ")


def test_a_wrong_claim_is_challenged_and_never_praised(tmp_path, fake_openai):
    def speak(body):
        return Reply(text="Great answer, 45% sounds right to me. What else did you find?")
    backend, _ = vllm(fake_openai, model(lambda a: reading_reply(claims=[PAY_CLAIM]), speak))
    s = start(tmp_path, backend, "why-fde")
    turn = s.answer(PAY)
    mine = [e for e in turn.events if e.type == "tool_check" and e.check.startswith("model:")]
    assert len(mine) == 1 and mine[0].ok is False and mine[0].verdict == "wrong"
    assert mine[0].claimed == pytest.approx(45) and round(mine[0].computed, 1) == 29.1
    u = turn.utterances[-1]
    assert u.act == "challenge" and "29.1%" in u.text and "Great" not in u.text
    assert any("praises" in n for n in notices(turn, "warning"))


def test_a_claim_under_unstated_conditions_is_asked_about_not_challenged(tmp_path, fake_openai):
    claim = dict(PAY_CLAIM, conditions={})   # the card's scenario fills k and n
    backend, _ = vllm(fake_openai, model(lambda a: reading_reply(claims=[claim])))
    s = start(tmp_path, backend, "why-fde")
    turn = s.answer("I'd say 45 out of every hundred openings mention compensation.")
    mine = [e for e in turn.events if e.type == "tool_check" and e.check.startswith("model:")]
    assert mine and mine[0].verdict == "ambiguous"
    assert turn.utterances[-1].act == "clarify"


def test_a_number_the_answer_does_not_hold_is_set_aside(tmp_path, fake_openai):
    claim = dict(PAY_CLAIM, said="61 out of every hundred")
    backend, _ = vllm(fake_openai, model(lambda a: reading_reply(claims=[claim])))
    s = start(tmp_path, backend, "why-fde")
    turn = s.answer(PAY)
    assert not [e for e in turn.events if e.type == "tool_check" and e.check.startswith("model:")]
    assert any("does not hold" in n for n in notices(turn, "info"))


def test_the_reading_prompt_holds_no_model_answer(tmp_path, fake_openai):
    backend, server = vllm(fake_openai, model(lambda a: reading_reply()))
    s = start(tmp_path, backend, "q02")
    s.answer(KV_ANSWER)
    card = default_bank().get("q02")
    system = next(system_of(b) for b in server.chats if is_reading(b))
    assert "budget-subtraction" in system                 # the reading may name criteria
    words = card.model_answer.text.split()
    assert not any(" ".join(words[i:i + 8]) in system for i in range(len(words) - 8))


# -- the offline reading takes over on any failure ---------------------------------------------

FAILURES = {
    "timeout": lambda a: reading_reply(delay_s=3),
    "bad JSON": lambda a: Reply(text="Sure! The candidate covers the budget."),
    "server error": lambda a: Reply(status=500),
    "malformed": lambda a: Reply(malformed=True),
}


@pytest.mark.parametrize("failure", sorted(FAILURES))
def test_any_reading_failure_falls_back_to_the_offline_reading(tmp_path, fake_openai, failure):
    offline = start(tmp_path / "offline", None, "q02").answer(KV_ANSWER).utterances[-1]
    backend, server = vllm(fake_openai, model(FAILURES[failure]))
    s = start(tmp_path / "model", backend, "q02", turn_deadline_s=1.0,
              breaker=CircuitBreaker(reprobe_every_s=3600))
    turn = s.answer(KV_ANSWER)
    assert any("could not read this answer" in n for n in notices(turn, "warning"))
    u = turn.utterances[-1]
    assert u.reason == offline.reason   # the offline reading chose the move
    if failure in ("timeout", "server error", "malformed"):
        # the server is in trouble: the breaker keeps the next turn off it, said once
        before = len(server.chats)
        nxt = s.answer("I would need to think about that part more before I answer it.")
        assert len(server.chats) == before
        assert not any("could not read" in n for n in notices(nxt))


# -- the wording overlaps the reading, shown only when the move is confirmed --------------------

def test_the_held_wording_is_shown_when_the_reading_confirms_the_move(tmp_path, fake_openai):
    backend, server = vllm(fake_openai, model(lambda a: reading_reply()))
    s = start(tmp_path, backend, "q02")
    streamed: dict[str, str] = {}
    turn = s.answer(KV_ANSWER, on_text=lambda i, p: streamed.__setitem__(
        i, streamed.get(i, "") + (p or "")))
    u = turn.utterances[-1]
    assert "budget-subtraction" in u.reason
    assert streamed[u.id] == u.text
    assert len([b for b in server.chats if not is_reading(b)]) == 1   # one wording call
    assert s.llm.adopted == 1


def test_a_held_wording_of_another_move_never_reaches_the_screen(tmp_path, fake_openai):
    backend, server = vllm(fake_openai, model(lambda a: reading_reply(thin=True)))
    s = start(tmp_path, backend, "why-fde")
    streamed: dict[str, str] = {}
    turn = s.answer(VAGUE, on_text=lambda i, p: streamed.__setitem__(
        i, streamed.get(i, "") + (p or "")))
    u = turn.utterances[-1]
    assert "thin" in u.reason
    assert streamed == {u.id: u.text}                 # only the decided move's words
    assert "Probe" not in u.text and s.llm.adopted == 0


# -- the pieces ----------------------------------------------------------------------------------

def test_quotes_are_found_as_written_and_short_ones_prove_nothing():
    from interviewer.engine.model_reading import find_quote
    answer = "Once the model\nis loaded  I\u2019m at 55 GB spare."
    span = find_quote(answer, '"once the model is loaded I\'m at 55 GB spare"')
    assert span is not None and answer[span[0]:span[1]].startswith("Once the model\nis")
    assert find_quote(answer, "55 GB") is None              # too short to show a criterion
    assert find_quote(answer, "once the weights are loaded") is None
