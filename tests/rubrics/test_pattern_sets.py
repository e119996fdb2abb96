"""Pattern data files (rubrics/patterns/): loaded and validated like the cards."""
import json

import pytest

from rubrics.pattern_sets import PatternFileError, injection_patterns, load_injection_patterns

LISTS = "address demand outright reader_cues claim override".split()


def _write(tmp_path, body: str):
    p = tmp_path / "injection.toml"
    p.write_text(body, encoding="utf-8")
    return p


def _lists(**over):
    return "[patterns]\n" + "".join(f"{k} = {json.dumps(over.get(k, ['x']))}\n" for k in LISTS)


def test_the_packaged_file_loads_with_its_fragments_expanded():
    p = injection_patterns()
    assert all(getattr(p, k) for k in LISTS)
    assert not any("${" in x for k in LISTS for x in getattr(p, k))


def test_a_fragment_is_expanded_where_it_is_named(tmp_path):
    path = _write(tmp_path, "[fragments]\nwho = 'grader|judge'\nall = '(?:${who})s?'\n"
                  + _lists(claim=["\\bdear ${all}\\b"]))
    assert load_injection_patterns(path).claim == ("\\bdear (?:grader|judge)s?\\b",)


@pytest.mark.parametrize("body,named", [
    (_lists(claim=["(unclosed"]), "field patterns.claim[0]: not a valid regular expression"),
    ("[fragments]\n" + _lists(demand=["${nobody}"]), "field patterns.demand[0]: unknown fragment, or one that uses itself: ${nobody}"),
    ("[fragments]\nme = '${me}'\n" + _lists(demand=["${me}"]), "field patterns.demand[0]: unknown fragment, or one that uses itself: ${me}"),
    (_lists().replace('override = ["x"]\n', ""), "field patterns.override: Field required"),
    (_lists() + 'extra = ["x"]\n', "field patterns.extra"),
    ("[patterns\n", "not valid TOML"),
])
def test_a_bad_file_names_the_file_and_the_key(tmp_path, body, named):
    path = _write(tmp_path, body)
    with pytest.raises(PatternFileError) as err:
        load_injection_patterns(path)
    assert str(path) in str(err.value) and named in str(err.value)
