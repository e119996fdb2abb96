"""`fde-interview calibrate --judge llm`: a stratified sample of the held-out cases, the
estimate and the confirmation before anything is sent, the measured agreement stored per
provider, model and judge-prompt version and read back into that model's scorecards, a
corrupt store refused by name and left as it was, and `--compare` side by side. The model
is a loopback OpenAI server (real HTTP)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from interviewer.cli import main
from interviewer.judges.base import answers_from_transcript
from interviewer.judges.calibrate import stratified_sample
from interviewer.judges.llm import PROMPT_VERSION, LLMJudge
from interviewer.judges.measured import CalibrationStoreError, llm_key, read_store
from interviewer.llm.openai_backend import OpenAIBackend
from llm_servers import Reply
from rubrics import default_bank
from transcripts.reference import load_reference

BANK = default_bank()
HOLDOUT = load_reference(bank=BANK, split="holdout")
EXE = str(Path(sys.executable).parent / "fde-interview")


def grader(body: dict) -> Reply:
    """A judge that finds nothing met (a real, if strict, reading of any card)."""
    messages = body.get("messages") or [{}]
    if messages[-1].get("content") == "ping":
        return Reply(text="p")
    qid = messages[0]["content"].split("Rubric for question ")[1].split(":")[0]
    return Reply(text=json.dumps({
        "criteria": [{"id": c.id, "reasoning": "not shown", "verdict": "missing",
                      "evidence": []} for c in BANK.get(qid).criteria],
        "shape": {"claim": False, "number": False, "tradeoff": False, "next_step": False},
        "depth": "poor", "communication": 2, "red_flags": [], "injection_attempt": False}))


@pytest.fixture
def env(tmp_path, monkeypatch):
    data = tmp_path / "data"
    monkeypatch.setenv("FDE_INTERVIEW_DATA_DIR", str(data))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-calibrate-123")
    return data


def calibrate(capsys, server, *extra, model="gpt-4.1-mini", provider="openai"):
    code = main(["calibrate", "--judge", "llm", "--provider", provider, "--model", model,
                 "--base-url", server.base_url, "--bootstrap", "5", *extra])
    out, err = capsys.readouterr()
    return code, out, err


def judge_for(server, model="gpt-4.1-mini") -> LLMJudge:
    return LLMJudge(OpenAIBackend(model=model, api_key="sk-test-1234567",
                                  base_url=server.base_url))


def test_the_sample_holds_every_round_type_and_quality_level():
    sample = stratified_sample(HOLDOUT, 40)
    assert len(sample) == 40 and len({c.id for c in sample}) == 40
    assert {c.round for c in sample} == {c.round for c in HOLDOUT}
    assert {c.quality for c in sample} == {c.quality for c in HOLDOUT}
    assert [c.id for c in stratified_sample(HOLDOUT, 40)] == [c.id for c in sample]
    small = stratified_sample(HOLDOUT, 8)     # 8 qualities, 7 round types: 8 is enough
    assert {c.quality for c in small} == {c.quality for c in HOLDOUT}
    assert {c.round for c in small} == {c.round for c in HOLDOUT}
    # the rest in proportion to the (round, quality) strata: each round type near its share
    got, size = Counter(c.round for c in sample), Counter(c.round for c in HOLDOUT)
    for r, k in size.items():
        assert abs(got[r] - k * 40 / len(HOLDOUT)) <= 3, (r, got[r])


def test_calibrate_estimates_stores_and_the_scorecard_prints_it(env, fake_openai, capsys):
    server = fake_openai(grader)
    code, out, err = calibrate(capsys, server, "--sample", "8", "--yes")
    assert code == 0, err
    # the estimate came first, on stderr: requests, tokens, a priced cost naming its source,
    # and the time (a default: this model was never measured)
    assert "will grade 8 reference transcripts" in err
    assert "requests  8 (one per question graded)" in err
    assert "tokens    about" in err
    assert "cost      about $" in err and "prices.toml" in err
    assert "a default of 10 s a call" in err
    assert "calibrate: graded 8/8" in err        # progress, on stderr
    assert len(server.chats) == 8 and "holdout (8 transcripts" in out
    key = llm_key("openai", "gpt-4.1-mini", PROMPT_VERSION)
    record = read_store(env / "calibration.json")[key]
    assert record["provider"] == "openai" and record["model"] == "gpt-4.1-mini"
    assert record["prompt_version"] == PROMPT_VERSION and record["cases"] == 8
    assert 0 <= record["low"] <= record["agreement"] <= record["high"] <= 1
    assert record["n"] > 0 and record["date"] == time.strftime("%Y-%m-%d")
    assert "kappa" in record and record["seconds_per_call"] >= 0
    assert f"stored the agreement of openai/gpt-4.1-mini (prompt {PROMPT_VERSION})" in err

    # that model's scorecards now print its agreement and interval
    answers = answers_from_transcript(HOLDOUT[0].transcript)
    card = judge_for(server).grade(answers, BANK)
    line = card.agreement_line()
    assert line.startswith("judge llm (openai:gpt-4.1-mini): agrees with reference grades on "
                           f"{record['agreement']:.0%} of {record['n']} criterion labels")
    assert f"95% CI {record['low']:.0%}-{record['high']:.0%}" in line
    assert record["date"] in line
    # another model, or another prompt version, was not measured
    other = judge_for(server, model="gpt-4o").grade(answers, BANK)
    assert other.agreement is None and "agreement not measured for openai/gpt-4o: run " \
        "`fde-interview calibrate --judge llm --sample 40`" in other.agreement_line()

    # a second run's time estimate comes from the first run's measured calls
    code, _, err = calibrate(capsys, server, "--sample", "8", "--yes")
    assert code == 0 and "measured when this model was last calibrated" in err


def test_another_prompt_version_is_not_measured(env, fake_openai, capsys, monkeypatch):
    server = fake_openai(grader)
    assert calibrate(capsys, server, "--sample", "8", "--yes")[0] == 0
    import interviewer.judges.llm as llm
    monkeypatch.setattr(llm, "PROMPT_VERSION", "llm-judge-edited")
    card = judge_for(server).grade(answers_from_transcript(HOLDOUT[0].transcript), BANK)
    assert card.agreement is None and "not measured for openai/gpt-4.1-mini" in \
        card.agreement_line()


def test_the_prompt_version_is_a_hash_of_the_prompt():
    import hashlib
    from interviewer.judges.llm import SYSTEM, QuestionJudgement
    digest = hashlib.sha256((SYSTEM + json.dumps(QuestionJudgement.model_json_schema(),
                                                 sort_keys=True)).encode()).hexdigest()
    assert PROMPT_VERSION == "llm-judge-" + digest[:12]


def test_a_corrupt_store_is_refused_by_name_and_left_as_it_was(env, fake_openai, capsys):
    server = fake_openai(grader)
    env.mkdir(parents=True)
    store = env / "calibration.json"
    store.write_text('{"llm:openai:gpt-4o@v1": {"agreement": 0.8,\n')
    code, _, err = calibrate(capsys, server, "--sample", "8", "--yes")
    assert code == 2 and str(store) in err and "not valid JSON (line 2" in err
    assert server.chats == []                       # refused before spending anything
    assert store.read_text() == '{"llm:openai:gpt-4o@v1": {"agreement": 0.8,\n'
    with pytest.raises(CalibrationStoreError, match="never overwritten"):
        read_store(store)
    # a scorecard graded meanwhile says why it shows no agreement, and still grades
    card = judge_for(server).grade(answers_from_transcript(HOLDOUT[0].transcript), BANK)
    assert not card.unscored and card.agreement is None
    assert str(store) in card.agreement_line()


def test_no_terminal_and_no_yes_refuses_before_sending(env, fake_openai, capsys):
    server = fake_openai(grader)
    code, _, err = calibrate(capsys, server, "--sample", "8")
    assert code == 2 and "pass --yes" in err and "requests  8" in err
    assert server.chats == [] and not (env / "calibration.json").exists()


@pytest.mark.parametrize("answer, code", [("n\n", 2), ("y\n", 0)])
def test_at_a_terminal_it_asks_first(env, fake_openai, tmp_path, answer, code):
    """stdin a pseudo-terminal: the question is asked on stderr and the answer read."""
    server = fake_openai(grader)
    master, slave = os.openpty()
    proc = subprocess.Popen(
        [EXE, "calibrate", "--judge", "llm", "--provider", "openai", "--model", "gpt-4.1-mini",
         "--base-url", server.base_url, "--sample", "8", "--bootstrap", "5"],
        stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "FDE_INTERVIEW_DATA_DIR": str(env)})
    os.close(slave)
    os.write(master, answer.encode())
    out, err = proc.communicate(timeout=120)
    os.close(master)
    assert proc.returncode == code, err
    assert "Start? [y/N]" in err
    if code:
        assert "not started (answered no)" in err and server.chats == []
    else:
        assert len(server.chats) == 8 and (env / "calibration.json").exists()


def test_compare_shows_both_judges_side_by_side(env, fake_openai, capsys):
    server = fake_openai(grader)
    code, out, err = calibrate(capsys, server, "--sample", "8", "--yes", "--compare",
                               "--per-criterion")
    assert code == 0, err
    table = out[out.index("side by side"):]
    assert "side by side: 8 holdout transcripts, the same for both" in table
    head = table.splitlines()[1]
    assert "llm (openai:gpt-4.1-mini)" in head and "heuristic" in head
    for row in ("criterion agreement", "Cohen's kappa", "level agreement",
                "level within one step", "unscored (parse failures)", "per criterion"):
        assert row in table
    rows = {ln.split("  ")[1].strip(): ln for ln in table.splitlines()[2:] if ln.strip()}
    assert rows["criterion agreement"].count("[") == 2      # an interval for each judge
    assert rows["level agreement"].count("[") == 2
    # the strict scripted judge and the heuristic read the same cases differently
    llm_cell, heur_cell = rows["criterion agreement"].split("]")[:2]
    assert llm_cell.strip() != heur_cell.strip()


def test_cost_of_a_self_hosted_or_unpriced_model(env, fake_openai, capsys):
    server = fake_openai(grader)
    code, _, err = calibrate(capsys, server, "--sample", "8", provider="openai-compatible",
                             model="fake-model")
    assert code == 2 and "none per token: a self-hosted server" in err
    code, _, err = calibrate(capsys, server, "--sample", "8", model="gpt-unlisted")
    assert code == 2 and "cost unknown: no price for openai/gpt-unlisted in" in err
