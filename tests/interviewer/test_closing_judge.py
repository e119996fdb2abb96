"""The session's closing grade with a model: the LLM judge grades it (its scorecard is the
score, naming its judge), the heuristic judge's reading is carried as the list of criteria
the two disagree on, rendered in every export; any failure of the LLM judge (a reply that
does not parse, a timeout, a server error) falls back to the heuristic judge with a notice
saying why; `--judge` and the config key choose. Against loopback servers (real HTTP + SSE)."""
from __future__ import annotations

import json

import pytest

from interviewer.cli import main
from interviewer.engine.llm_interviewer import LLMInterviewer
from interviewer.engine.session import Session
from interviewer.judges.closing import ClosingJudge, disagreements
from interviewer.judges.export import to_html, to_json, to_markdown, to_text
from interviewer.judges.heuristic import HeuristicJudge
from interviewer.judges.base import answers_from_transcript
from interviewer.llm.config import ConfigError, judge_settings
from interviewer.llm.openai_compatible import INTERACTIVE_PRIORITY, OpenAICompatibleBackend
from interviewer.llm.retry import RetryPolicy
from llm_servers import Reply, is_reading, reading_reply
from rubrics import default_bank
from transcripts import load

BANK = default_bank()
FAST = RetryPolicy(retries=1, base_ms=5, cap_ms=10, timeout_s=5)
QID = "why-fde"
ANSWER = ("An FDE sits with the customer and ships the integration in their stack. "
          "I want to own the outcome end to end, in front of the people who use it.")
JUDGE_MARK = "You grade one answer"


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path, monkeypatch):
    """The calibration store is read from the data directory: never the developer's."""
    monkeypatch.setenv("FDE_INTERVIEW_DATA_DIR", str(tmp_path / "data"))


def judge_reply(qid: str, verdict: str = "met", quote: str = "ships the integration in "
                "their stack") -> str:
    card = BANK.get(qid)
    return json.dumps({
        "criteria": [{"id": c.id, "reasoning": "as stated", "verdict": verdict,
                      "evidence": [quote] if verdict != "missing" else []}
                     for c in card.criteria],
        "shape": {"claim": True, "number": False, "tradeoff": False, "next_step": True},
        "depth": "solid", "communication": 3, "red_flags": [], "injection_attempt": False})


def model(judge: Reply | None = None):
    """A scripted model: words every interviewer turn, reads nothing in an answer, and answers the
    judge's request with `judge` (all criteria met, by default)."""
    def respond(body: dict) -> Reply:
        messages = body.get("messages") or [{}]
        if messages[-1].get("content") == "ping":
            return Reply(text="p")
        if JUDGE_MARK in messages[0].get("content", ""):
            return judge or Reply(text=judge_reply(QID))
        if is_reading(body):   # the model's reading of each answer: nothing found
            return reading_reply()
        return Reply(text="Tell me more about the last customer you worked with.")
    return respond


def judge_requests(server) -> list[dict]:
    return [b for b in server.chats if JUDGE_MARK in b["messages"][0]["content"]]


def run_session(tmp_path, backend, judge: ClosingJudge | None = None):
    s = Session.new(round_type="screen", questions=[QID], seed=3, out=tmp_path,
                    llm=LLMInterviewer(backend), judge=judge)
    s.start()
    s.answer(ANSWER)
    s.answer("/end")
    last = s.answer("No questions.")
    s.close()
    assert s.done
    return load(s.path), last


def backend_for(fake_openai, judge: Reply | None = None, **server):
    srv = fake_openai(model(judge), priority=True, **server)
    return OpenAICompatibleBackend(model=None, base_url=srv.base_url, retry=FAST), srv


def test_the_llm_judge_grades_the_session_and_lists_where_the_judges_disagree(
        tmp_path, fake_openai):
    backend, server = backend_for(fake_openai)
    t, last = run_session(tmp_path, backend)
    score = t.of_type("score")[-1]
    card = score.scorecard
    assert score.judge == "llm" and card.judge.name == "llm"
    assert card.judge.model == "openai-compatible:fake-model"
    assert not card.unscored and card.overall is not None
    assert not [e for e in t.of_type("notice") if e.level != "info"]
    # the grade was asked for while the candidate waits: ahead of batch re-scoring on vLLM
    [request] = judge_requests(server)
    assert request["priority"] == INTERACTIVE_PRIORITY
    # both readings: the heuristic judge graded the same answers; every criterion they
    # read differently is listed with each judge's verdict
    heuristic = HeuristicJudge().grade(answers_from_transcript(t), BANK)
    assert card.compared_with == "heuristic"
    expected = [(d.question, d.criterion, d.verdicts) for d in disagreements(card, heuristic)]
    assert [(d.question, d.criterion, d.verdicts) for d in card.disagreements] == expected
    assert expected, "the scripted judge meets every criterion; the heuristic does not"
    h = {c.id: c.verdict for c in heuristic.questions[0].criteria}
    for d in card.disagreements:
        assert d.verdicts == {"llm": "met", "heuristic": h[d.criterion]}
    # shown to the candidate: the closing turn's text, and every export
    text = to_text(card)
    assert "judges disagree on" in text
    assert f"{QID}/{card.disagreements[0].criterion}: llm met, heuristic" in text
    assert "agreement not measured for openai-compatible/fake-model: run `fde-interview " \
           "calibrate --judge llm --sample 40`" in text
    shown = [e for e in last.events if e.type == "score"]
    assert shown and shown[0].scorecard.disagreements
    md = to_markdown(card)
    assert "## Where the judges disagree" in md and "| llm judge | heuristic judge |" in md
    assert f"| {QID} | {card.disagreements[0].criterion} | met |" in md
    assert "Where the judges disagree" in to_html(card)
    assert json.loads(to_json(card))["disagreements"][0]["verdicts"]["llm"] == "met"


def test_judges_that_agree_say_so(tmp_path, fake_openai):
    """A judge that reads exactly what the heuristic judge reads: no disagreement rows, and
    the card says the other judge agrees (not silence)."""
    answers_seen = {}

    def same_as_heuristic(body):
        messages = body.get("messages") or [{}]
        if messages[-1].get("content") == "ping":
            return Reply(text="p")
        if JUDGE_MARK in messages[0].get("content", ""):
            sc = HeuristicJudge().grade(answers_seen["a"], BANK)
            q = sc.questions[0]
            return Reply(text=json.dumps({
                "criteria": [{"id": c.id, "reasoning": "r", "verdict": c.verdict,
                              "evidence": c.evidence} for c in q.criteria],
                "shape": {"claim": True, "number": False, "tradeoff": False,
                          "next_step": False},
                "depth": "solid", "communication": 3, "red_flags": [],
                "injection_attempt": False}))
        return model()(body)
    server = fake_openai(same_as_heuristic)
    backend = OpenAICompatibleBackend(model=None, base_url=server.base_url, retry=FAST)
    s = Session.new(round_type="screen", questions=[QID], seed=3, out=tmp_path,
                    llm=LLMInterviewer(backend))
    s.start()
    s.answer(ANSWER)
    s.answer("/end")
    from interviewer.judges.base import Answers
    answers_seen["a"] = Answers("screen", [QID], {QID: [ANSWER]})
    s.answer("No questions.")
    s.close()
    card = load(s.path).of_type("score")[-1].scorecard
    assert card.judge.name == "llm" and card.compared_with == "heuristic"
    assert card.disagreements == []
    assert "the heuristic judge agrees on every criterion" in to_text(card)


@pytest.mark.parametrize("failure, why", [
    (Reply(text="The candidate did rather well, I would say."), "does not match"),
    (Reply(status=500, error="the GPU fell over"), "500"),
    (Reply(delay_s=5), "deadline"),
], ids=["unparseable", "server-error", "timeout"])
def test_a_failing_llm_judge_falls_back_to_the_heuristic_and_says_why(
        tmp_path, fake_openai, failure, why):
    backend, server = backend_for(fake_openai, judge=failure)
    t, last = run_session(tmp_path, backend, ClosingJudge("auto", deadline_s=1.0))
    score = t.of_type("score")[-1]
    assert score.judge == "heuristic" and not score.scorecard.unscored
    assert score.scorecard.overall is not None        # the candidate still gets a grade
    [notice] = [e for e in t.of_type("notice") if e.level == "warning"]
    assert "The LLM judge could not grade this session" in notice.text and why in notice.text
    assert notice.text in score.scorecard.notes       # the scorecard says it too
    assert notice.id in {e.id for e in last.events}   # shown at the end, not only saved
    assert judge_requests(server)                     # the model was asked


def test_judge_heuristic_never_asks_the_model_to_grade(tmp_path, fake_openai):
    backend, server = backend_for(fake_openai)
    t, _ = run_session(tmp_path, backend, ClosingJudge("heuristic"))
    assert t.of_type("score")[-1].judge == "heuristic"
    assert judge_requests(server) == []
    assert t.of_type("score")[-1].scorecard.compared_with is None


def test_offline_sessions_are_graded_as_before(tmp_path):
    s = Session.new(round_type="screen", questions=[QID], seed=3, out=tmp_path)
    s.start()
    s.answer(ANSWER)
    s.answer("/end")
    s.answer("None.")
    s.close()
    score = load(s.path).of_type("score")[-1]
    assert score.judge == "heuristic" and "disagreements" not in json.dumps(
        score.scorecard.model_dump())


def test_judge_setting_flag_over_file_over_environment(tmp_path):
    cfg = tmp_path / "config.toml"
    cfg.write_text('[llm]\njudge = "heuristic"\njudge_deadline = 12\n')
    env = {"FDE_INTERVIEW_JUDGE": "llm", "FDE_INTERVIEW_JUDGE_DEADLINE": "30"}
    assert judge_settings(env=env, path=tmp_path / "none.toml") == ("llm", 30.0)
    assert judge_settings(env=env, path=cfg) == ("heuristic", 12.0)
    assert judge_settings(judge="auto", judge_deadline=5, env=env, path=cfg) == ("auto", 5.0)
    assert judge_settings(env={}, path=tmp_path / "none.toml") == ("auto", None)
    cfg.write_text('[llm]\njudge = "gpt"\n')
    with pytest.raises(ConfigError, match=r"judge \(judge in .*config.toml\) must be one of "
                                          r"auto, heuristic, llm, got 'gpt'"):
        judge_settings(env={}, path=cfg)
    cfg.write_text('[llm]\njudge_deadline = -1\n')
    with pytest.raises(ConfigError, match="judge_deadline .* positive number of seconds"):
        judge_settings(env={}, path=cfg)


def test_practice_judge_llm_without_a_model_is_a_usage_error(tmp_path, capsys):
    code = main(["practice", "--plain", "--judge", "llm", "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and "the llm judge needs a model" in err


def test_practice_with_the_config_key_grades_with_the_heuristic(tmp_path, fake_openai,
                                                              monkeypatch, capsys):
    """`[llm] judge = "heuristic"` in the config file, read through the practice command."""
    backend_server = fake_openai(model(), priority=True)
    cfg = tmp_path / "config.toml"
    cfg.write_text(f'[llm]\nprovider = "openai-compatible"\nbase_url = '
                   f'"{backend_server.base_url}"\njudge = "heuristic"\n')
    monkeypatch.setenv("FDE_INTERVIEW_CONFIG", str(cfg))
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(ANSWER + "\n\n/end\n\nNo.\n\n"))
    code = main(["practice", "--plain", "--round", "screen", "--question", QID,
                 "--out", str(tmp_path / "out")])
    assert code == 0, capsys.readouterr().err
    path = next((tmp_path / "out").rglob("*.jsonl"))
    assert load(path).of_type("score")[-1].judge == "heuristic"
    assert judge_requests(backend_server) == []


def test_every_question_of_a_longer_session_is_graded_by_the_llm_judge(tmp_path, fake_openai):
    """Two questions: one judge request each (sent together, each under its own deadline),
    both on the LLM card, in the session's order."""
    from judge_replies import judge_reply

    def respond(body):
        reply = judge_reply(body)
        return Reply(text=reply) if reply else model()(body)
    server = fake_openai(respond)
    backend = OpenAICompatibleBackend(model=None, base_url=server.base_url, retry=FAST)
    s = Session.new(round_type="screen", questions=["fde-role", QID], seed=3, out=tmp_path,
                    llm=LLMInterviewer(backend), max_follow_ups=0)
    s.start()
    s.answer("An FDE embeds with the customer and ships the integration in their stack.")
    s.answer(ANSWER)
    s.answer("None.")
    s.close()
    t = load(s.path)
    card = t.of_type("score")[-1].scorecard
    assert card.judge.name == "llm" and [q.question for q in card.questions] == ["fde-role", QID]
    assert all(c.verdict == "missing" for q in card.questions for c in q.criteria)
    asked = sorted(b["messages"][0]["content"].split("Rubric for question ")[1].split(":")[0]
                   for b in judge_requests(server))
    assert asked == sorted(["fde-role", QID])
