"""A card file with a bad field fails with the file and the field named."""
import re
from pathlib import Path

import pytest

from rubrics.bank import CARDS_DIR, CardError, load_bank, load_card

GOOD = (CARDS_DIR / "why-fde.toml").read_text()


def write(tmp_path: Path, text: str, name: str = "why-fde.toml") -> Path:
    p = tmp_path / name
    p.write_text(text)
    return p


@pytest.mark.parametrize("edit,field", [
    (lambda s: s.replace('theme = "design-cases"', 'theme = "vibes"'), "theme"),
    (lambda s: s.replace('chapter = 1\n', 'chapter = 15\n'), "chapter"),
    (lambda s: s.replace("weight = 3\n", "weight = -1\n", 1), "criteria[0].weight"),
    (lambda s: s.replace("'\\btravel'", "'(unclosed'"), "criteria[2].signals"),
    (lambda s: s.replace('kind = "add-constraint"', 'kind = "deepen"'), "follow_ups"),
    (lambda s: s.replace('unit = "percent"', 'unit = "furlongs"'), "number_checks[0].unit"),
    (lambda s: s.replace('id = "why-fde"', 'id = "q99"'), "id"),
    (lambda s: s.replace('budget_minutes = 8\n', 'budget_minutes = 8\nsurprise = 1\n'), "surprise"),
])
def test_bad_field_is_named_with_the_file(tmp_path, edit, field):
    bad = edit(GOOD)
    assert bad != GOOD, "the edit did not apply"
    p = write(tmp_path, bad)
    with pytest.raises(CardError) as err:
        load_card(p)
    msg = str(err.value)
    assert str(p) in msg and f"field {field}" in msg


def test_a_poor_level_nothing_recognises_is_named(tmp_path):
    # why-fde's second criterion is an absence ("No experience offered."): without the
    # declaration, nothing says how the judge would recognise its poor level.
    bad = GOOD.replace("poor_is_absence = true\n", "", 1)
    assert bad != GOOD
    p = write(tmp_path, bad)
    with pytest.raises(CardError, match=r"why-fde.toml.*criteria\[1\].*own-evidence.*poor_is_absence"):
        load_card(p)


def test_poor_patterns_and_an_absence_together_are_refused(tmp_path):
    bad = GOOD.replace("poor_is_absence = true\n", "poor_is_absence = true\npoor = ['\\bnever\\b']\n", 1)
    p = write(tmp_path, bad)
    with pytest.raises(CardError, match=r"criteria\[1\].*not both"):
        load_card(p)


def test_toml_syntax_error_names_line(tmp_path):
    p = write(tmp_path, GOOD.replace('title = "Why FDE, and why now?"', 'title = "unclosed'))
    with pytest.raises(CardError, match=r"why-fde.toml: not valid TOML.*line 2"):
        load_card(p)


def test_id_must_match_file_name(tmp_path):
    p = write(tmp_path, GOOD, name="q05.toml")
    with pytest.raises(CardError, match="does not match the file name"):
        load_card(p)


def test_bank_reports_every_bad_file(tmp_path):
    write(tmp_path, GOOD)
    write(tmp_path, "id = 3", name="q01.toml")
    write(tmp_path, "garbage = [", name="q02.toml")
    with pytest.raises(CardError) as err:
        load_bank(tmp_path)
    assert "q01.toml" in str(err.value) and "q02.toml" in str(err.value)


def test_bank_cache_is_keyed_by_content(tmp_path, monkeypatch):
    monkeypatch.setenv("FDE_INTERVIEW_CACHE_DIR", str(tmp_path / "cache"))
    cards = tmp_path / "cards"
    cards.mkdir()
    write(cards, GOOD)
    first = load_bank(cards)
    [cached] = list((tmp_path / "cache").glob("bank-*.pickle"))
    assert load_bank(cards).get("why-fde") == first.get("why-fde")
    write(cards, GOOD.replace('title = "Why FDE, and why now?"', 'title = "Why FDE now?"'))
    assert load_bank(cards).get("why-fde").title == "Why FDE now?"   # an edit is seen
    write(cards, GOOD.replace('theme = "design-cases"', 'theme = "vibes"'))
    with pytest.raises(CardError, match="field theme"):                # and validated
        load_bank(cards)
    write(cards, GOOD)
    cached.write_bytes(b"not a pickle")
    assert load_bank(cards).get("why-fde").title == "Why FDE, and why now?"



def add_to_first_criterion(text: str, table: str) -> str:
    """`table` appended to the first criterion: inserted before the second one starts."""
    second = text.index("\n[[criteria]]", text.index("\n[[criteria]]") + 1)
    return text[:second] + "\n" + table + text[second:]


def test_solid_requirement_naming_an_unknown_check_is_named(tmp_path):
    p = write(tmp_path, add_to_first_criterion(GOOD, '[[criteria.solid]]\nchecks = ["no-such-check"]\n'))
    with pytest.raises(CardError) as err:
        load_card(p)
    assert "criteria[0].solid[" in str(err.value) and "no-such-check" in str(err.value)


def test_solid_min_larger_than_its_patterns_is_named(tmp_path):
    p = write(tmp_path, add_to_first_criterion(GOOD, "[[criteria.solid]]\nany = ['x', 'y']\nmin = 3\n"))
    with pytest.raises(CardError) as err:
        load_card(p)
    assert "field criteria[0].solid" in str(err.value) and "min is 3" in str(err.value)


def test_bad_poor_pattern_is_named(tmp_path):
    first = GOOD.index("\n[criteria.levels]")
    head = re.sub(r"\npoor = \[.*\]", "", GOOD[:first])   # the first criterion's own, if any
    bad = head + "\npoor = ['(unclosed']" + GOOD[first:]
    p = write(tmp_path, bad)
    with pytest.raises(CardError) as err:
        load_card(p)
    assert "field criteria[0].poor" in str(err.value)


Q33 = (CARDS_DIR / "q33.toml").read_text()


@pytest.mark.parametrize("edit,message", [
    (lambda s: s.replace("Tell me what happened and what you're proposing.",
                         "Tell me what happened and what you propose to the CTO."),
     "third person"),
    (lambda s: s.replace('question = "Thanks for getting on a call.',
                         'question = "Thanks for getting on a call. A deployment slipped.'
                         '"\nxquestion = "'), "xquestion"),
    (lambda s: s.replace('ownership = "Whose fault is this?"',
                         'ownership = "Whose fault is this?"\n'
                         'not-a-criterion = "Why is it me you called?"'),
     "unknown criteria"),
    (lambda s: s.replace("\n[closing]\n", "\n[unused]\n"), "closing"),
])
def test_persona_voice_and_closing_answers_are_validated(tmp_path, edit, message):
    bad = edit(Q33)
    assert bad != Q33, "the edit did not apply"
    p = write(tmp_path, bad, name="q33.toml")
    with pytest.raises(CardError, match=message) as err:
        load_card(p)
    assert str(p) in str(err.value)


def test_a_persona_question_must_be_in_the_first_person(tmp_path):
    start = Q33.index('question = "Thanks for getting on a call.')
    end = Q33.index("\n", start)
    bad = Q33[:start] + 'question = "Tell them about a time a deployment slipped."' + Q33[end:]
    with pytest.raises(CardError, match="first person"):
        load_card(write(tmp_path, bad, name="q33.toml"))
