"""The AI assistant's planted mistakes as card data: each plant reads its own text as accepted
and its explanation as caught, a planted number is wrong by the calculator, and a plant with a
bad field fails with the file and the field named."""
from __future__ import annotations

from pathlib import Path

import pytest

from rubrics import default_bank
from rubrics import plants
from rubrics.bank import CARDS_DIR, CardError, load_card
from rubrics.rounds import POLICIES

BANK = default_bank()
ALL = [(c.id, p.id) for c in BANK for p in c.plants]


def _plant(card_id, plant_id):
    card = BANK.get(card_id)
    return card, next(p for p in card.plants if p.id == plant_id)


def test_the_examples_cards_carry_plants_of_every_kind():
    ids = {c.id for c in BANK if c.plants}
    assert {"q01", "q02", "q18", "q19", "q24", "q25"} <= ids
    assert {p.kind for c in BANK for p in c.plants} == {"number", "code", "claim"}
    # the AI-enabled round is asked from exactly the cards that can plant
    assert {c.id for c in BANK.filter(round="ai-enabled")} == ids


@pytest.mark.parametrize("card_id,plant_id", ALL)
def test_the_assistants_words_read_as_accepted_and_the_explanation_as_caught(card_id,
                                                                           plant_id):
    card, p = _plant(card_id, plant_id)
    said = plants.read(card, p, p.says)
    assert said.accepted and not said.caught, (said, p.says)
    assert plants.read(card, p, p.why).caught, p.why
    assert plants.outcome(card, p, [p.says, "ok"]).verdict == "accepted"
    assert plants.outcome(card, p, [p.why]).verdict == "caught"
    assert plants.outcome(card, p, [p.says, p.why]).verdict == "caught-late"
    assert plants.outcome(card, p, ["Let me think about the design first."]).verdict \
        == "unchallenged"


@pytest.mark.parametrize("card_id,plant_id", [x for x in ALL if _plant(*x)[1].kind == "number"])
def test_a_planted_number_is_wrong_by_the_calculator(card_id, plant_id):
    card, p = _plant(card_id, plant_id)
    value, unit, tolerance = plants.right_value(card, p)
    assert not tolerance.accepts(value, p.wrong)
    assert unit in plants.tool_call(card, p) or "fde-interview tools run" in plants.tool_call(
        card, p)


def test_the_wilson_plant_is_the_normal_approximation_on_8_of_11():
    card, p = _plant("q18", "wilson-as-normal")
    value, _, _ = plants.right_value(card, p)
    assert round(value, 1) == 43.4                      # the Wilson interval's low end
    import math
    k, n = 8, 11
    phat = k / n
    normal_low = 100 * (phat - 1.96 * math.sqrt(phat * (1 - phat) / n))
    assert abs(normal_low - p.wrong) < 0.1              # what the assistant says instead


def test_policy_schedule():
    assert POLICIES["ai-enabled"].assistant and POLICIES["ai-enabled"].plant_on == 1
    assert POLICIES["coding"].assistant_if_allowed and not POLICIES["coding"].assistant
    assert POLICIES["system-design"].assistant_if_allowed
    assert not POLICIES["technical"].assistant_if_allowed


GOOD = (CARDS_DIR / "q24.toml").read_text()


@pytest.mark.parametrize("edit,message", [
    (lambda s: s.replace('kind = "code"', 'kind = "rumour"'), "field plants[0].kind"),
    (lambda s: s.replace("topic = ['bucket'", "topic = ['(bucket'"), "field plants[0].topic"),
    (lambda s: s.replace('id = "limiter-not-thread-safe"', 'id = "Not A Slug"'),
     "field plants[0].id"),
    (lambda s: s.replace("accepted = ['self", "accepted = []\nunused = ['self"),
     "field plants[0]"),
    (lambda s: s.replace('kind = "code"', 'kind = "number"'), "a number plant needs right"),
    (lambda s: s.replace('kind = "code"', 'kind = "claim"'), "names the card's red flag"),
    (lambda s: s.replace('kind = "code"', 'kind = "claim"\nred_flag = "no-such-flag"'),
     "unknown red flag 'no-such-flag'"),
    (lambda s: s.replace('kind = "code"', 'kind = "number"\nwrong = 30\n'
                         'right = { check = "nope" }'), "unknown number check 'nope'"),
    (lambda s: s.replace('kind = "code"', 'kind = "number"\nwrong = 121\n'
                         'right = { check = "admitted" }'), "within the tolerance"),
    (lambda s: s.split("\n# -- the AI assistant")[0] + "\n", "field plants: a card asked "
     "in the ai-enabled round needs at least one"),
])
def test_a_bad_plant_is_a_named_error(tmp_path: Path, edit, message):
    bad = edit(GOOD)
    assert bad != GOOD, "the edit did not apply"
    path = tmp_path / "q24.toml"
    path.write_text(bad)
    with pytest.raises(CardError) as err:
        load_card(path)
    assert str(path) in str(err.value) and message in str(err.value), str(err.value)
