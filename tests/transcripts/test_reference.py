"""The reference set is well formed: every case parses, labels every criterion of every
question it asks, and together the set spans every round type and quality level."""
from pathlib import Path

import pytest

from rubrics import default_bank
from transcripts.reference import QUALITIES, REFERENCE_DIR, ReferenceError, load_case, load_reference

CASES = sorted(REFERENCE_DIR.glob("*.toml"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case_is_well_formed(path: Path):
    case = load_case(path, default_bank())
    assert case.transcript.of_type("candidate"), "a case needs candidate turns"
    for qid in case.labels:
        assert default_bank().get(qid)


def test_set_spans_rounds_qualities_and_splits():
    cases = load_reference(bank=default_bank())
    assert len(cases) >= 40
    assert {c.quality for c in cases} == set(QUALITIES)
    assert {c.round for c in cases} == {"screen", "technical", "system-design", "coding", "case",
                                        "customer", "behavioral"}
    holdout = [c for c in cases if c.split == "holdout"]
    assert len(holdout) >= 15 and {c.quality for c in holdout} >= {"strong", "weak", "injection"}


def test_bad_case_names_file_and_field(tmp_path):
    p = tmp_path / "bad.toml"
    p.write_text('id = "x"\nround = "lunch"\nquality = "strong"\nsplit = "tune"\n'
                 '[[turns]]\nspeaker = "candidate"\ntext = "hi"\n'
                 '[[turns]]\nspeaker = "candidate"\ntext = "hi"\n[labels]\n')
    with pytest.raises(ReferenceError, match=r"bad.toml: field round"):
        load_case(p)


def test_second_labels_are_read_and_must_match_the_first(tmp_path):
    from reference_cases import case_text, criteria_ids
    n = len(criteria_ids())
    first, second = ["missing"] * n, ["partial"] + ["missing"] * (n - 1)
    p = tmp_path / "two.toml"
    p.write_text(case_text("two", first, second))
    case = load_case(p, default_bank())
    got = [x.verdict for x in case.second_labels["why-fde"].criteria.values()]
    assert sorted(got) == sorted(second)
    # a second labelling of a different set of criteria is an error naming the field
    p.write_text(case_text("two", first, second[:-1]))
    with pytest.raises(ReferenceError, match=r"two.toml: second_labels.why-fde"):
        load_case(p, default_bank())
