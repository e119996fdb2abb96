"""What an LLM judge's calibration run will cost before it starts: tokens (about four
characters a token: the providers' tokenizers are not loaded for an estimate), dollars where
prices.toml knows the model, and time (the time per call measured when this model was last
calibrated, else a default)."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rubrics import Bank

from .base import answers_from_transcript
from .llm import QuestionJudgement, system_for, transcript_message
from .measured import seconds_per_call

PRICES_FILE = Path(__file__).parent / "prices.toml"
CHARS_PER_TOKEN = 4
OUTPUT_TOKENS_PER_CRITERION = 80     # reasoning, verdict and a quote or two
OUTPUT_TOKENS_FIXED = 80             # shape, depth, communication, flags
DEFAULT_SECONDS_PER_CALL = 10.0      # a hosted model writing ~500 tokens of JSON


@lru_cache(maxsize=1)
def prices() -> dict:
    return tomllib.loads(PRICES_FILE.read_text(encoding="utf-8"))


@dataclass
class Estimate:
    calls: int
    input_tokens: int
    output_tokens: int
    cost_usd: float | None          # None: price unknown
    cost_note: str                  # where the price came from, or why there is none
    seconds: float
    time_note: str                  # measured or a default

    def lines(self) -> list[str]:
        cost = (f"about ${self.cost_usd:.2f} ({self.cost_note})" if self.cost_usd is not None
                else self.cost_note)
        minutes = self.seconds / 60
        when = f"about {minutes:.0f} min" if minutes >= 1.5 else f"about {self.seconds:.0f} s"
        return [f"  requests  {self.calls} (one per question graded)",
                f"  tokens    about {self.input_tokens:,} in, {self.output_tokens:,} out "
                f"(at {CHARS_PER_TOKEN} characters a token)",
                f"  cost      {cost}",
                f"  time      {when} ({self.time_note})"]


def estimate(cases, bank: Bank, provider: str, model: str, runs: int = 1,
             concurrency: int = 1, schema_in_prompt: bool = False) -> Estimate:
    """Every request the LLM judge would make for `cases` (each question, `runs` times).
    `schema_in_prompt`: the server takes no JSON schema response format, so the schema
    travels in the system message (more input tokens)."""
    import json
    schema_chars = len(json.dumps(QuestionJudgement.model_json_schema())) if schema_in_prompt else 0
    calls = chars = out = 0
    for case in cases:
        answers = answers_from_transcript(case.transcript)
        for qid in answers.questions:
            turns = answers.by_question.get(qid, [])
            if not turns:
                continue    # an unanswered question is graded without the model
            card = bank.get(qid)
            calls += runs
            chars += runs * (len(system_for(card)) + schema_chars
                             + len(transcript_message(card, [], turns)))
            out += runs * (OUTPUT_TOKENS_FIXED + OUTPUT_TOKENS_PER_CRITERION * len(card.criteria))
    tokens_in = chars // CHARS_PER_TOKEN
    table = prices()
    by_provider = table.get(provider, {})
    price = by_provider.get(model) if isinstance(by_provider, dict) else None
    if by_provider.get("self_hosted"):
        cost, note = None, "none per token: a self-hosted server"
    elif isinstance(price, dict):
        cost = (tokens_in * price["input"] + out * price["output"]) / 1e6
        note = (f"${price['input']:g}/${price['output']:g} per million tokens in/out, "
                f"{PRICES_FILE.name}: {table.get('source', '')}")
    else:
        cost, note = None, (f"cost unknown: no price for {provider}/{model} in "
                            f"{PRICES_FILE}")
    measured = seconds_per_call(provider, model)
    per_call = measured if measured is not None else DEFAULT_SECONDS_PER_CALL
    time_note = (f"{per_call:.1f} s a call, measured when this model was last calibrated"
                 if measured is not None else
                 f"a default of {per_call:g} s a call: this model's speed is not measured yet")
    seconds = calls * per_call / max(1, concurrency)
    if concurrency > 1:
        time_note += f", {concurrency} at a time"
    return Estimate(calls, tokens_in, out, cost, note, seconds, time_note)
