"""The LLM judge's side of a scripted model: a session with a model ends with the LLM judge,
so a loopback server that scripts a whole interview answers the judge's request too."""
from __future__ import annotations

import json

JUDGE_MARK = "You grade one answer"


def judge_system(body: dict) -> str | None:
    """The judge's system prompt if `body` is a judge request (OpenAI or Anthropic), else None."""
    system = body.get("system")
    if isinstance(system, list):
        system = "".join(b.get("text", "") for b in system)
    if not isinstance(system, str):
        messages = body.get("messages") or [{}]
        system = messages[0].get("content") if messages[0].get("role") == "system" else None
    return system if isinstance(system, str) and JUDGE_MARK in system else None


def judge_reply(body: dict, verdict: str = "missing") -> str | None:
    """A valid judgement for a judge request (every criterion `verdict`, no quotes, so only
    "missing" survives quote checking unchanged), or None for any other request."""
    system = judge_system(body)
    if system is None:
        return None
    start = system.index("{", system.index("Rubric for question"))
    rubric, _ = json.JSONDecoder().raw_decode(system, start)   # the rubric's JSON, then more
    return json.dumps({
        "criteria": [{"id": c["id"], "reasoning": "scripted", "verdict": verdict,
                      "evidence": []} for c in rubric["criteria"]],
        "shape": {"claim": False, "number": False, "tradeoff": False, "next_step": False},
        "depth": "borderline", "communication": 2, "red_flags": [], "injection_attempt": False})
