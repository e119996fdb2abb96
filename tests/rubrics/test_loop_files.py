"""Company loop files: the packaged loops say what the book's chapter 1 says (each fact with a
source), and a bad loop file gets an error naming the file and the field."""
from __future__ import annotations

from pathlib import Path

import pytest

from rubrics import default_bank
from rubrics.company_loops import (AI_RULE_TEXT, AI_RULES, ASSISTANT_OFF, LoopError, all_loops,
                                   find_loop, load_loop, loop_paths, round_questions)
from rubrics.rounds import get_policy
from rubrics.vocab import ROUND_TYPES

GOOD = """
name = "mine"
title = "My loop"
company = "Acme"
style = "Two rounds."
source = "my recruiter's email"
[ai]
rule = "allowed"
source = "the recruiter"
[total]
minutes = 75
source = "the sum"
[[rounds]]
type = "screen"
cards = ["why-fde"]
minutes = 30
source = "the recruiter"
[[rounds]]
type = "coding"
cards = ["q24"]
minutes = 45
assistant = true
source = "the recruiter"
"""


@pytest.fixture(scope="module")
def bank():
    return default_bank()


def write(tmp_path: Path, text: str, name: str = "mine.toml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def problems(tmp_path, bank, text) -> str:
    path = write(tmp_path, text)
    with pytest.raises(LoopError) as err:
        load_loop(path, bank)
    assert str(err.value).startswith(f"{path}: ")   # the file is named
    return str(err.value)


# -- the packaged loops ------------------------------------------------------------------------

def test_every_packaged_loop_validates_and_sources_each_fact(bank):
    loops = all_loops(bank)
    assert {x.name for x in loops} == set(loop_paths())
    for loop in loops:
        facts = [loop.source, loop.ai.source, loop.total.source] + [r.source for r in loop.rounds]
        assert all("Ch. 1" in s or "chapter" in s.lower() for s in facts[:3]), loop.name
        assert all(len(s) > 20 for s in facts), loop.name
        assert loop.total.minutes == sum(r.minutes for r in loop.rounds)
        assert loop.ai.rule in AI_RULES and loop.ai.rule in AI_RULE_TEXT


def test_openai_final_has_hour_rounds_an_ai_enabled_screen_and_a_customer_round(bank):
    loop = find_loop("openai-final", bank)
    assert len(loop.rounds) >= 4 and all(r.minutes == 60 for r in loop.rounds)
    [screen] = [r for r in loop.rounds if r.assistant]
    assert "AI-enabled" in screen.label and get_policy(screen.type).code_editor or \
        screen.type == "ai-enabled"
    assert any(get_policy(r.type).persona for r in loop.rounds)   # the customer conversation
    assert loop.ai.rule not in ASSISTANT_OFF


def test_palantir_has_two_decomposition_cases_whose_requirements_change(bank):
    loop = find_loop("palantir-decomp", bank)
    cases = [r for r in loop.rounds if get_policy(r.type).changes_requirements]
    assert len(cases) == 2 and all(r.minutes == 45 for r in cases)
    assert len({c for r in cases for c in r.cards}) == 2   # two different cases
    assert not any(r.assistant for r in loop.rounds)


def test_anthropic_forbids_ai_in_every_round(bank):
    loop = find_loop("anthropic-no-ai", bank)
    assert loop.ai.rule == "forbidden" and loop.ai.rule in ASSISTANT_OFF
    assert not any(r.assistant for r in loop.rounds)
    assert "forbidden" in AI_RULE_TEXT[loop.ai.rule]


def test_sierra_plans_builds_with_the_assistant_then_reviews_ai_use(bank):
    loop = find_loop("sierra-build", bank)
    assert [r.label for r in loop.rounds] == ["plan", "build", "review"]
    plan, build, review = loop.rounds
    assert build.assistant and not plan.assistant and not review.assistant
    assert build.minutes == 120 and get_policy(build.type).code_editor
    assert "how you used AI" in review.brief
    assert loop.ai.rule == "build-with-ai"


@pytest.mark.skipif("ai-enabled" not in ROUND_TYPES, reason="the ai-enabled round has not "
                    "landed yet (issue 22, items 1-2)")
def test_an_ai_enabled_round_is_accepted_once_it_exists(tmp_path, bank):
    loop = load_loop(write(tmp_path, GOOD.replace('type = "coding"', 'type = "ai-enabled"')),
                     bank)
    assert loop.rounds[1].type == "ai-enabled"


def test_a_theme_round_draws_its_cards_from_the_theme_for_its_round(tmp_path, bank):
    text = GOOD.replace('type = "coding"\ncards = ["q24"]', 'type = "coding"\ntheme = "coding"')
    loop = load_loop(write(tmp_path, text), bank)
    drawn = round_questions(loop.rounds[1], bank, seed=3)
    assert drawn and all(bank.get(q).theme == "coding" and "coding" in bank.get(q).rounds
                         for q in drawn)
    assert drawn == round_questions(loop.rounds[1], bank, seed=3)   # seeded


# -- named errors ------------------------------------------------------------------------------

def test_an_unknown_loop_lists_the_known_ones(bank):
    with pytest.raises(LoopError) as err:
        find_loop("google", bank)
    msg = str(err.value)
    assert "'google'" in msg and "unknown" in msg
    for name in loop_paths():
        assert name in msg


def test_a_loop_without_rounds_is_a_named_error(tmp_path, bank):
    head = GOOD.split("[[rounds]]")[0].replace("minutes = 75", "minutes = 1")
    assert "field rounds: Field required" in problems(tmp_path, bank, head)
    assert "field rounds: a loop needs at least one round" in problems(
        tmp_path, bank, head.replace("[ai]", "rounds = []\n[ai]"))


def test_a_round_missing_its_type_or_minutes_is_a_named_error(tmp_path, bank):
    msg = problems(tmp_path, bank, GOOD.replace('type = "screen"\n', ""))
    assert "field rounds[0].type: Field required" in msg
    msg = problems(tmp_path, bank, GOOD.replace("minutes = 45\n", ""))
    assert "field rounds[1].minutes: Field required" in msg


def test_an_unknown_round_type_is_a_named_error(tmp_path, bank):
    msg = problems(tmp_path, bank, GOOD.replace('type = "screen"', 'type = "pairing"'))
    assert "field rounds[0].type: unknown round type 'pairing'" in msg
    assert "screen" in msg and "behavioral" in msg   # the valid ones are listed


def test_an_unknown_card_is_a_named_error(tmp_path, bank):
    msg = problems(tmp_path, bank, GOOD.replace('cards = ["q24"]', 'cards = ["q24", "q99"]'))
    assert "field rounds[1].cards[1]: unknown card 'q99'" in msg


def test_inconsistent_facts_are_named(tmp_path, bank):
    msg = problems(tmp_path, bank, GOOD.replace("minutes = 75", "minutes = 90"))
    assert "field total.minutes: 90 is not the rounds' sum (30 + 45 = 75)" in msg
    msg = problems(tmp_path, bank, GOOD.replace('rule = "allowed"', 'rule = "forbidden"'))
    assert "field rounds[1].assistant: the loop's AI rule is 'forbidden'" in msg
    msg = problems(tmp_path, bank, GOOD.replace('rule = "allowed"', 'rule = "maybe"'))
    assert "field ai.rule:" in msg
    msg = problems(tmp_path, bank, GOOD.replace('source = "the sum"', 'source = " "'))
    assert "field total.source: must not be empty" in msg
    msg = problems(tmp_path, bank, GOOD.replace('minutes = 30\n', 'minutes = 30\nroom = 4\n'))
    assert "field rounds[0].room: Extra inputs are not permitted" in msg


def test_not_toml_names_the_line(tmp_path, bank):
    msg = problems(tmp_path, bank, GOOD + "\n[[rounds]\n")
    assert "not valid TOML" in msg and "line" in msg
