"""The AI assistant in the plain console, through the real `fde-interview` binary: /ask takes
the rest of its block as the question, the reply is shown, and nothing says which reply
carried a planted mistake until the scorecard (nor does the replay); each kind of planted
mistake, caught, missed or caught late, is graded as such."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rubrics import default_bank
from transcripts import load

EXE = str(Path(sys.executable).parent / "fde-interview")
BANK = default_bank()

SESSIONS = {   # (card, plant, stdin, expected verdict): one session per kind and outcome
    "number caught": ("q02", "kv-attention-heads",
                      "/ask what is the KV cache size per token\nin bytes for Llama 3.3 70B?\n\n"
                      "That uses 64 attention heads; Llama has 8 KV heads (GQA), so the cache "
                      "is 327,680 bytes per token.\n\n", "caught"),
    "code missed": ("q25", "retries-no-jitter-no-deadline",
                    "/ask write the retry loop for the flaky API\n\n"
                    "Here is my client:\n```python\nimport asyncio\n\n"
                    "async def call(client, payload, retries=5):\n"
                    "    for attempt in range(retries):\n        try:\n"
                    "            return await client.post(payload)\n"
                    "        except Exception:\n            await asyncio.sleep(2 ** attempt)\n"
                    "```\n\nI tested it by hand and it worked.\n\n", "accepted"),
    "claim caught late": ("q02", "weight-quant-shrinks-cache",
                          "/ask will FP8 quantization of the weights also reduce anything else?"
                          "\n\nGood: FP8 weights also halve the KV cache, so we get both.\n\n"
                          "Actually no: those are separate settings; the cache stays BF16 "
                          "until kv_cache_dtype is set to fp8.\n\n", "caught-late"),
}


def practice(tmp_path, card_id, stdin):
    return subprocess.run([EXE, "practice", "--plain", "--out", str(tmp_path), "--round",
                           "ai-enabled", "--question", card_id, "--seed", "2",
                           "--max-follow-ups", "4"],
                          input=stdin + "/end\n\n", capture_output=True, text=True, timeout=180)


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_planted_mistakes_in_the_console_stay_hidden_until_the_scorecard(tmp_path, name):
    card_id, plant_id, stdin, expected = SESSIONS[name]
    r = practice(tmp_path, card_id, stdin)
    assert r.returncode == 0, r.stderr
    before, _, scorecard = r.stdout.partition("Scorecard ----")
    plant = next(p for p in BANK.get(card_id).plants if p.id == plant_id)
    assert "Assistant:" in before and plant.says.split()[0] in before   # the reply is shown
    for secret in (plant_id, "planted", plant.why[:40]):
        assert secret not in before, secret
    assert plant_id in scorecard and plant.why[:40] in scorecard
    [path] = (tmp_path / "sessions").glob("*.jsonl")
    t = load(path)
    [assist] = t.of_type("assistant")
    assert assist.planted == plant_id
    [row] = t.latest_score().scorecard.verification.planted
    assert row.verdict == expected
    # the replay shows the reply, and says which one planted only in its scorecard
    replay = subprocess.run([EXE, "replay", str(path)], capture_output=True, text=True,
                            timeout=120)
    shown, _, card = replay.stdout.partition("Scorecard ----")
    assert "Assistant:" in shown and plant_id not in shown and plant_id in card


def test_ask_takes_its_whole_block_and_alone_is_pointed_out(tmp_path):
    r = practice(tmp_path, "q02", "/ask\n\n/ask what is the KV cache size per token\n"
                 "in bytes for Llama 3.3 70B?\n\n")
    assert "Ask the assistant something" in r.stdout
    [path] = (tmp_path / "sessions").glob("*.jsonl")
    [assist] = load(path).of_type("assistant")
    assert assist.ask == "what is the KV cache size per token\nin bytes for Llama 3.3 70B?"


def test_a_round_without_an_assistant_says_so(tmp_path):
    r = subprocess.run([EXE, "practice", "--plain", "--out", str(tmp_path), "--round",
                        "technical", "--question", "q02", "--seed", "2"],
                       input="/ask what is the KV cache?\n\n/end\n\n", capture_output=True,
                       text=True, timeout=180)
    assert r.returncode == 0 and "round has no AI assistant" in r.stdout
    [path] = (tmp_path / "sessions").glob("*.jsonl")
    assert not load(path).of_type("assistant")
