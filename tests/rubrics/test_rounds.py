"""The round policy table: one entry per round type, read by flags (never by name)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rubrics.rounds import POLICIES, get_policy
from rubrics.vocab import ROUND_TYPES

ROOT = Path(__file__).resolve().parents[2]


def test_the_policy_table_covers_every_round_type_in_order():
    assert tuple(POLICIES) == ROUND_TYPES
    for name, policy in POLICIES.items():
        assert policy.name == name and policy.title and policy.opening
        assert policy.default_questions >= 1 and policy.minutes > 0
        assert 0 < policy.change_after_coverage <= 1


def test_an_unknown_round_names_the_valid_ones():
    with pytest.raises(KeyError, match="valid rounds: screen, technical"):
        get_policy("lunch")


def test_the_flags_each_round_type_relies_on():
    flagged = {flag: [n for n, p in POLICIES.items() if getattr(p, flag)]
               for flag in ("changes_requirements", "persona", "behavioral", "code_editor")}
    assert flagged == {"changes_requirements": ["system-design", "case"],
                       "persona": ["customer"], "behavioral": ["behavioral"],
                       "code_editor": ["coding"]}


def test_no_code_outside_the_tables_compares_a_round_name():
    """Behaviour differs by a flag on the round's policy: `x == "customer"` and the like are
    found nowhere in the packages (the round's own declarations excepted)."""
    names = set(ROUND_TYPES)
    found = []
    for pkg in ("interviewer", "rubrics", "transcripts"):
        for path in (ROOT / pkg).rglob("*.py"):
            if path.name in ("vocab.py", "rounds.py"):
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Compare):
                    for side in [node.left, *node.comparators]:
                        if isinstance(side, ast.Constant) and side.value in names:
                            found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, found
