"""Re-scoring many transcripts with the LLM judge: `score --concurrency N` against a vLLM
stand-in (requests at batch priority), and requests laid out for prefix caching: the fixed
part (rules, then the card's rubric) first and byte-identical across transcripts of a card,
the transcript last; on Anthropic the system block is marked with cache_control."""
from __future__ import annotations

import json

from interviewer.cli import main
from interviewer.judges.base import answers_from_transcript
from interviewer.judges.llm import LLMJudge
from interviewer.llm.anthropic_backend import AnthropicBackend
from interviewer.llm.openai_compatible import BATCH_PRIORITY
from llm_servers import Reply
from rubrics import default_bank
from transcripts import SCHEMA_VERSION, CandidateEvent, Header, TranscriptWriter, load
from transcripts.reference import load_reference

BANK = default_bank()
CASES = [c for c in load_reference(bank=BANK, split="holdout")
         if c.transcript.header.questions[0] == "q01"][:3]


def grader(body: dict) -> Reply:
    messages = body.get("messages") or [{}]
    if messages[-1].get("content") == "ping":
        return Reply(text="p")
    system = body["system"][0]["text"] if isinstance(body.get("system"), list) \
        else messages[0]["content"]
    qid = system.split("Rubric for question ")[1].split(":")[0]
    return Reply(text=json.dumps({
        "criteria": [{"id": c.id, "reasoning": "r", "verdict": "missing", "evidence": []}
                     for c in BANK.get(qid).criteria],
        "shape": {"claim": False, "number": False, "tradeoff": False, "next_step": False},
        "depth": "poor", "communication": 2, "red_flags": [], "injection_attempt": False}))


def saved(tmp_path, n: int) -> list:
    paths = []
    for i in range(n):
        case = CASES[i % len(CASES)]
        p = tmp_path / f"s{i}.jsonl"
        w = TranscriptWriter(p, Header(schema_version=SCHEMA_VERSION, session_id=f"s{i}",
                                       started="2026-12-06T00:00:00", round=case.round,
                                       questions=["q01"], program_version="test"))
        text = " ".join(e.text for e in case.transcript.of_type("candidate"))
        w.write(CandidateEvent(id="a1", text=f"{text} (take {i})", turn=1, question="q01"))
        paths.append(p)
    return paths


def test_score_many_at_batch_priority_with_a_shared_prefix(tmp_path, fake_openai, capsys):
    assert len(CASES) == 3
    server = fake_openai(grader, priority=True)
    paths = saved(tmp_path, 6)
    code = main(["score", *map(str, paths), "--judge", "llm", "--provider",
                 "openai-compatible", "--base-url", server.base_url, "--concurrency", "4"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert all(load(p).of_type("score")[-1].judge == "llm" for p in paths)
    requests = server.chats
    assert len(requests) == 6
    assert {r["priority"] for r in requests} == {BATCH_PRIORITY}
    # one prefix for the card, byte for byte; the transcript is the last message
    systems = {r["messages"][0]["content"] for r in requests}
    assert len(systems) == 1 and "Rubric for question q01" in next(iter(systems))
    assert all([m["role"] for m in r["messages"]] == ["system", "user"] for r in requests)
    assert all(r["messages"][-1]["content"].startswith("<<<TRANSCRIPT>>>") for r in requests)
    assert len({r["messages"][-1]["content"] for r in requests}) == 6


def test_concurrency_must_be_a_whole_number_of_at_least_one(capsys):
    try:
        main(["score", "x.jsonl", "--concurrency", "0"])
    except SystemExit as exc:
        assert exc.code == 2
    assert "--concurrency: must be at least 1, got 0" in capsys.readouterr().err


def test_anthropic_judge_requests_mark_the_rubric_for_caching(fake_anthropic):
    server = fake_anthropic(grader)
    backend = AnthropicBackend(model="claude-judge", api_key="sk-ant-test-1234567",
                               base_url=server.base_url)
    judge = LLMJudge(backend)
    for case in CASES[:2]:
        judge.grade(answers_from_transcript(case.transcript), BANK)
    first, second = server.requests[-2:]
    assert first["system"] == second["system"]            # the same cached block
    [block] = first["system"]
    assert block["cache_control"] == {"type": "ephemeral"}
    assert block["text"].startswith("You grade one answer") and "Rubric for question q01" \
        in block["text"]
    assert first["messages"] != second["messages"]        # only the transcript differs
