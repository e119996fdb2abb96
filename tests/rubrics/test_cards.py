"""Every card validates, maps to the book's index, computes its numbers with the real
tools, and has signals honest in both directions."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from rubrics import matching
from rubrics.bank import CARDS_DIR, load_bank, load_card
from rubrics.index import DESIGN_SCENARIOS, expected_ids
from tools import run_tool

CARD_FILES = sorted(CARDS_DIR.glob("*.toml"))
IDS = [p.stem for p in CARD_FILES]

# Answers that sound like something but say nothing checkable.
NON_ANSWERS = [
    "That's a great question. I think it really depends on a lot of factors, and I would want "
    "to work closely with the team and the stakeholders to understand the requirements first. "
    "Then I would follow best practices and iterate until we get to a good solution. "
    "Communication is really key here, and I always try to learn from each experience.",
    "I have a lot of experience with this kind of thing. In my last job we did something "
    "similar and it went well overall. I believe in being pragmatic, keeping things simple, "
    "and making sure everyone is aligned on the goals before building anything.",
]


@pytest.fixture(scope="module")
def cards():
    return {p.stem: load_card(p) for p in CARD_FILES}


@pytest.mark.parametrize("path", CARD_FILES, ids=IDS)
def test_card_validates(path: Path):
    card = load_card(path)
    assert card.id == path.stem
    assert len(card.criteria) >= 5 and len(card.follow_ups) >= 3 and len(card.red_flags) >= 2


def test_bank_holds_exactly_the_books_index():
    bank = load_bank()
    want = expected_ids()
    assert sorted(bank.ids()) == sorted(want)
    for card in bank:
        assert card.chapter == want[card.id], f"{card.id} belongs to chapter {want[card.id]}"


def test_design_scenarios_are_labelled():
    bank = load_bank()
    for card in bank:
        n = int(card.id[1:]) if card.id.startswith("q") else None
        assert card.design_scenario == (n in DESIGN_SCENARIOS), card.id
        if card.design_scenario:
            assert "design scenario" in card.notice


@pytest.mark.parametrize("path", CARD_FILES, ids=IDS)
def test_number_checks_run_their_tools_within_tolerance(path: Path):
    card = load_card(path)
    for check in card.number_checks:
        result = run_tool(check.tool, check.args)
        assert check.field in result, f"{card.id}/{check.id}: tool has no field {check.field}"
        value = result[check.field] * check.scale
        assert check.tolerance.accepts(check.expected, value), (
            f"{card.id}/{check.id}: tool gives {value}, card expects {check.expected}")


@pytest.mark.parametrize("path", CARD_FILES, ids=IDS)
def test_signals_compile(path: Path):
    card = load_card(path)
    patterns = [s for c in card.criteria for s in c.signals]
    patterns += [s for f in card.red_flags for s in f.signals]
    patterns += [s for n in card.number_checks for s in n.cues]
    for s in patterns:
        re.compile(s, re.IGNORECASE)


@pytest.mark.parametrize("path", CARD_FILES, ids=IDS)
def test_model_answer_carries_a_checked_number(path: Path):
    card = load_card(path)
    good = [c for c in matching.claims(card, card.model_answer.text) if c.ok]
    assert good, f"{card.id}: no number in the model answer matches a number check"
    wrong = [c for c in matching.claims(card, card.model_answer.text) if not c.ok]
    assert not wrong, f"{card.id}: model answer states {[(c.check.id, c.raw) for c in wrong]}"


@pytest.mark.parametrize("path", CARD_FILES, ids=IDS)
def test_model_answer_hits_most_criteria(path: Path):
    card = load_card(path)
    hits = matching.criteria_hits(card, card.model_answer.text)
    covered = [cid for cid, h in hits.items() if h]
    assert len(covered) >= 0.6 * len(card.criteria), (
        f"{card.id}: model answer hits only {covered} of {[c.id for c in card.criteria]}")
    assert not matching.red_flag_hits(card, card.model_answer.text), card.id


@pytest.mark.parametrize("path", CARD_FILES, ids=IDS)
def test_generic_non_answer_hits_almost_nothing(path: Path):
    card = load_card(path)
    for text in NON_ANSWERS:
        covered = [cid for cid, h in matching.criteria_hits(card, text).items() if h]
        assert len(covered) <= 1, f"{card.id}: a non-answer hits {covered}"
        assert not [c for c in matching.claims(card, text) if c.ok]


def _digits(s: str) -> str:
    return s.replace(",", "")


def _spoken(raw: str) -> str:
    """A number said in words, as digits: "four minutes" -> "4"."""
    v = matching.spoken_number(raw)
    return raw if v is None else f"{v:.0f}" if v.is_integer() else f"{v:g}"


@pytest.mark.parametrize("path", CARD_FILES, ids=IDS)
def test_every_number_in_the_model_answer_is_sourced_or_checked(path: Path):
    card = load_card(path)
    text = card.model_answer.text
    disclosed = _digits(" ".join([f.claim for f in card.facts]
                                 + [n.arithmetic + " " + n.quantity for n in card.number_checks]
                                 + [str(n.args) for n in card.number_checks]))
    unsourced = []
    for q in matching.quantities(text):
        raw = re.match(r"[-−$]?[\d.,]+", q.raw)
        token = _digits(raw.group(0)).lstrip("$-−").rstrip(".") if raw else _spoken(q.raw)
        if q.dim is None and token.isdigit() and int(token) <= 10:
            continue   # counting words: "two levers", "3 steps"
        if token in disclosed:
            continue
        if any(matching.to_check_unit(q, n) is not None
               and n.tolerance.accepts(n.expected, matching.to_check_unit(q, n))
               for n in card.number_checks):
            continue
        unsourced.append(q.raw)
    assert not unsourced, (f"{card.id}: numbers with neither a fact+source nor a number check: "
                           f"{unsourced}")
