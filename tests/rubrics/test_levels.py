"""Every criterion states what its solid level needs, and the offline judge reads short
candidate answers at each level the way the rubric describes them: a solid answer is met, a
borderline one partial, a poor one missing. The examples in levels/ were written from the
rubric text before the patterns, by people who never saw the reference set."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from interviewer.judges import numbers as claim_numbers
from interviewer.judges.heuristic import criterion_verdict
from rubrics import matching
from rubrics.bank import CARDS_DIR, load_card

from .test_cards import CARD_FILES, IDS, NON_ANSWERS

LEVELS_DIR = Path(__file__).parent / "levels"


def verdict(card, criterion, text: str) -> tuple[str, str]:
    """As the judge reads a criterion: the card checks' verdicts, then the wrong-number rule."""
    nums = claim_numbers.read(card, [text])
    v, _, why = nums.cap(*criterion_verdict(criterion, text, nums.right))
    return v, why


@pytest.mark.parametrize("path", CARD_FILES, ids=IDS)
def test_every_criterion_has_a_solid_bar_and_examples(path: Path):
    card = load_card(path)
    examples = tomllib.loads((LEVELS_DIR / f"{card.id}.toml").read_text(encoding="utf-8"))
    assert set(examples) - {"_numbers"} == {c.id for c in card.criteria}, card.id
    for c in card.criteria:
        assert c.solid, f"{card.id}/{c.id}: no solid requirements"
        got = examples[c.id]
        assert len(got.get("met", [])) >= 2 and len(got.get("partial", [])) >= 2 \
            and got.get("missing"), f"{card.id}/{c.id}: needs 2 met, 2 partial, 1 missing"


@pytest.mark.parametrize("path", CARD_FILES, ids=IDS)
def test_examples_get_the_verdict_of_their_level(path: Path):
    card = load_card(path)
    examples = tomllib.loads((LEVELS_DIR / f"{card.id}.toml").read_text(encoding="utf-8"))
    wrong = []
    for c in card.criteria:
        for want in ("met", "partial", "missing"):
            for text in examples[c.id].get(want, []):
                got, why = verdict(card, c, text)
                if got != want:
                    wrong.append(f"{c.id}: {want} example judged {got} ({why}): {text[:80]}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("path", CARD_FILES, ids=IDS)
def test_model_answer_meets_most_criteria_and_non_answers_none(path: Path):
    card = load_card(path)
    met = [c.id for c in card.criteria if verdict(card, c, card.model_answer.text)[0] == "met"]
    # a four-part answer of at most 400 words cannot reach solid on every criterion
    assert len(met) >= len(card.criteria) / 2, f"{card.id}: model answer meets only {met}"
    for text in NON_ANSWERS:
        assert all(verdict(card, c, text)[0] == "missing" for c in card.criteria), card.id


@pytest.mark.parametrize("path", CARD_FILES, ids=IDS)
def test_number_examples_are_read_as_stated(path: Path):
    """`_numbers.<check>`: a right statement of the quantity is a claim the tools accept, a
    wrong one a claim they reject, and `none` (another number nearby) no claim at all."""
    card = load_card(path)
    examples = tomllib.loads((LEVELS_DIR / f"{card.id}.toml").read_text(encoding="utf-8"))
    known = {n.id for n in card.number_checks}
    wrong = []
    for check, ex in examples.get("_numbers", {}).items():
        assert check in known, f"{card.id}: _numbers.{check} is not a number check"
        for want in ("right", "wrong", "none"):
            for text in ex.get(want, []):
                got = [c for c in matching.claims(card, text) if c.check.id == check]
                fine = not got if want == "none" else bool(got) and got[-1].ok == (want == "right")
                if not fine:
                    wrong.append(f"{check}: {want} example read as {[(c.raw, c.ok) for c in got]}: "
                                 f"{text[:80]}")
    assert not wrong, "\n".join(wrong)
