"""`fde-interview questions` and `fde-interview show`."""
import json

import pytest

from interviewer.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_questions_json_lists_every_card(capsys):
    code, out, _ = run(capsys, "questions", "--json")
    rows = json.loads(out)
    assert code == 0 and len(rows) == 35
    for key in ("id", "title", "chapter", "theme", "rounds", "provenance"):
        assert all(key in r for r in rows)
    assert {r["id"] for r in rows if r["design_scenario"]} == {"q15", "q21", "q30"}


def test_questions_filters(capsys):
    _, out, _ = run(capsys, "questions", "--chapter", "2", "--json")
    assert [r["id"] for r in json.loads(out)] == ["q01", "q02"]
    _, out, _ = run(capsys, "questions", "--round", "coding", "--json")
    assert all("coding" in r["rounds"] for r in json.loads(out))
    _, out, _ = run(capsys, "questions", "--theme", "evaluation", "--json")
    assert {r["theme"] for r in json.loads(out)} == {"evaluation"}
    code, out, _ = run(capsys, "questions")
    assert code == 0 and "35 question(s)" in out


@pytest.mark.parametrize("argv,needle", [
    (["questions", "--round", "lunch"], "valid rounds: screen"),
    (["questions", "--theme", "vibes"], "valid themes: inference"),
    (["questions", "--chapter", "99"], "chapters: 1, 2"),
    (["show", "q99"], "valid ids: q01"),
])
def test_unknown_values_list_the_valid_ones(capsys, argv, needle):
    code, _, err = run(capsys, *argv)
    assert code == 2 and needle in err


def test_show_hides_the_rubric_unless_asked(capsys):
    code, out, _ = run(capsys, "show", "q01")
    assert code == 0 and "Question:" in out and "Model answer" not in out
    code, out, _ = run(capsys, "show", "q01", "--json")
    data = json.loads(out)
    assert "model_answer" not in data and all(set(c) == {"id"} for c in data["criteria"])
    code, out, _ = run(capsys, "show", "1", "--answers", "--json")
    data = json.loads(out)
    for key in ("criteria", "follow_ups", "red_flags", "number_checks", "model_answer"):
        assert data[key]
    assert data["criteria"][0]["levels"]["solid"] and data["model_answer"]["text"]


def test_show_answers_gives_levels_not_the_judges_patterns(capsys):
    """The judge's regular expressions are a cheat sheet: only card authors ask for them."""
    patterns = ("signals", "solid", "poor", "cues")
    code, out, _ = run(capsys, "show", "q01", "--answers")
    assert code == 0 and "Model answer:" in out
    for level in ("outstanding:", "solid:", "borderline:", "poor:"):
        assert level in out
    assert "signals:" not in out and "solid needs" not in out and "--patterns" in out
    data = json.loads(run(capsys, "show", "q01", "--answers", "--json")[1])
    for item in data["criteria"] + data["red_flags"] + data["number_checks"]:
        assert not set(patterns) & set(item)
    assert set(data["criteria"][0]["levels"]) == {"outstanding", "solid", "borderline", "poor"}
    code, out, _ = run(capsys, "show", "q01", "--answers", "--patterns")
    assert code == 0 and "signals:" in out and "solid needs" in out
    data = json.loads(run(capsys, "show", "q01", "--answers", "--patterns", "--json")[1])
    assert data["criteria"][0]["signals"] and data["number_checks"][0]["cues"]
    code, _, err = run(capsys, "show", "q01", "--patterns")
    assert code == 2 and "--patterns goes with --answers" in err


def test_show_design_scenario_notice(capsys):
    _, out, _ = run(capsys, "show", "q15")
    assert "design scenario" in out
