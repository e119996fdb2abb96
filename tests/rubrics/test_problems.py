"""The coding cards' runnable problems: each loads and validates; each part's reference passes
the examples and every part up to its own and fails the next part (so the parts really add
requirements); a deliberately broken solution fails the test written for its mistake; a bad
problem folder is an error naming the file and the field."""
from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path, PurePosixPath

import pytest

from rubrics.problems import (PROBLEMS_DIR, Problem, ProblemError, load_problem,
                              load_problem_dir, load_problems, problem_ids)
from sandbox import run_tests

ROOT = Path(__file__).resolve().parents[2]

def run(problem: Problem, solution: str, tmp_path: Path, upto: int | None = None) -> dict:
    """Verdicts of the examples and parts 1..upto (all parts by default) for `solution`, run
    as a candidate's code is: in the sandbox. A module that fails to load fails as a whole."""
    files = problem.examples | problem.tests_through(upto or len(problem.parts))
    report = run_tests(solution, files)
    out = {f"{r.file[:-3]}.{r.name}": "pass" if r.outcome == "passed" else
           f"{r.outcome}: {r.message}"[:300] for r in report.results}
    if not out:   # nothing ran: the whole run's problem says why
        out = {"run": report.problem or "no tests ran"}
    return out


def failures(verdicts: dict, prefix: str = "") -> dict:
    return {k: v for k, v in verdicts.items() if k.startswith(prefix) and v != "pass"}


CASES = [(card, n) for card in problem_ids() for n in range(1, len(load_problem(card).parts) + 1)]


def test_every_problem_loads():
    problems = load_problems()
    assert set(problems) == set(problem_ids()) >= {"q24", "q25", "q26"}
    for card, p in problems.items():
        assert load_problem(card) == p and len(p.parts) >= 2
        assert "examples_test.py" in p.examples
        for part in p.parts:
            assert part.test_file in part.tests and part.reference and part.after_pass
            assert set(part.hints) and all(h.endswith("?") for h in part.hints.values())
    assert load_problem("q01") is None


@pytest.mark.parametrize("card,n", CASES)
def test_reference_passes_its_parts_and_fails_the_next(tmp_path, card, n):
    problem = load_problem(card)
    verdicts = run(problem, problem.part(n).reference, tmp_path)
    assert not failures(verdicts, "examples_test"), failures(verdicts, "examples_test")
    for part in problem.parts[:n]:
        prefix = part.test_file[:-3]
        assert any(k.startswith(prefix + ".") for k in verdicts), f"no tests ran for {prefix}"
        assert not failures(verdicts, prefix), failures(verdicts, prefix)
    if n < len(problem.parts):   # the next part asks for something this one lacks
        assert failures(verdicts, problem.part(n + 1).test_file[:-3])


@pytest.mark.parametrize("card", problem_ids())
def test_the_starter_passes_no_test(tmp_path, card):
    """A test that an empty body passes checks nothing."""
    verdicts = run(load_problem(card), load_problem(card).starter, tmp_path)
    assert verdicts and not [k for k, v in verdicts.items() if v == "pass"]


def broken(card: str, part: int, old: str, new: str) -> str:
    source = load_problem(card).part(part).reference
    assert old in source, f"the edit does not apply to {card}'s part {part} reference"
    return source.replace(old, new)


# A realistic mistake per row, the part whose tests must catch it, and the test that does.
BROKEN = {
    "chunks summarised one at a time": (
        "q11", 1, "    partials = await asyncio.gather(*(one(c) for c in chunks(text, chunk_tokens)))",
        "    partials = [await one(c) for c in chunks(text, chunk_tokens)]",
        "part1_test.test_map_calls_run_concurrently_within_the_cap"),
    "summaries stored under the text's size, not its content": (
        "q11", 3, "        key = hashlib.sha256(piece.encode()).hexdigest()",
        "        key = str(len(piece))",
        "part3_test.test_an_edited_document_re_summarises_only_what_changed"),
    "limiter without a lock": (
        "q24", 1, "        with self._lock:   # refill, check and take are one step\n",
        "        if True:\n", "part1_test.test_threads_never_exceed_the_burst"),
    "user token spent before the global check": (
        "q24", 2, """            if all(x.tokens >= 1 for x in buckets):   # check both, then take from both
                for x in buckets:
                    x.tokens -= 1
                return True
            return False""", """            for x in buckets:
                if x.tokens < 1:
                    return False
                x.tokens -= 1
            return True""", "part2_test.test_global_rejection_spends_no_user_token"),
    "clock stepped back resets the stamp": (
        "q24", 3, """        if now > self.stamp:
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
            self.stamp = now""", """        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.stamp) * self.rate)
        self.stamp = now""", "part3_test.test_a_clock_that_steps_back_mints_no_tokens"),
    "retries without jitter": (
        "q25", 2, "return wait if rng is None else rng.uniform(0, wait)   # full jitter",
        "return wait", "part2_test.test_clients_that_failed_together_do_not_retry_together"),
    "deadline checked after sleeping": (
        "q25", 2, "            if end is not None and clock() + wait > end:\n",
        "            if end is not None and clock() > end:\n",
        "part2_test.test_no_wait_would_cross_the_deadline"),
    "a fresh key on every attempt": (
        "q25", 3, "            return await fn(**kwargs)",
        "            return await fn(**({'idempotency_key': f'{idempotency_key}-{attempt}'}"
        " if kwargs else {}))", "part3_test.test_every_attempt_carries_the_same_key"),
    "term counts without idf": (
        "q26", 1, "            score = sum(idf[t] * c.tf[t]", "            score = sum(c.tf[t]",
        "part1_test.test_rare_terms_outweigh_common_ones"),
    "refresh trusts size and modification time": (
        "q26", 3, "                hashlib.sha256(data).hexdigest(), text)",
        "                f'{len(data)}:{path.stat().st_mtime_ns}', text)",
        "part3_test.test_a_change_that_keeps_size_and_time_is_still_seen"),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_a_broken_solution_fails_the_test_for_its_mistake(tmp_path, name):
    card, part, old, new, test = BROKEN[name]
    problem = load_problem(card)
    verdicts = run(problem, broken(card, part, old, new), tmp_path, upto=part)
    assert verdicts[test] != "pass", f"{name}: {test} passed"
    assert problem.part(part).hints[test.split(".")[1]]   # and the interviewer has a question


# --- validation: a bad problem folder names its file and field --------------------------

def copy(tmp_path: Path, card: str = "q24") -> Path:
    d = tmp_path / card
    shutil.copytree(PROBLEMS_DIR / card, d, ignore=shutil.ignore_patterns("__pycache__"))
    return d


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"the edit does not apply to {path.name}"
    path.write_text(text.replace(old, new, 1))


def error(d: Path) -> str:
    with pytest.raises(ProblemError) as err:
        load_problem_dir(d)
    return str(err.value)


def test_a_copy_of_a_good_problem_loads(tmp_path):
    assert load_problem_dir(copy(tmp_path)) == load_problem("q24")


def test_a_hint_for_a_test_that_does_not_exist(tmp_path):
    d = copy(tmp_path)
    edit(d / "problem.toml", "test_users_are_independent =", "test_users_are_independant =")
    msg = error(d)
    assert str(d / "problem.toml") in msg
    assert "field parts[0].hints.test_users_are_independant: part1_test.py has no test " \
           "function" in msg
    assert "field parts[0].hints: no follow-up question for test_users_are_independent" in msg


def test_a_part_without_tests(tmp_path):
    d = copy(tmp_path)
    (d / "part2_test.py").unlink()
    assert "field parts[1].tests: part2_test.py is missing" in error(d)
    (d / "part2_test.py").write_text("import solution\n")
    assert "field parts[1].tests: part2_test.py has no test functions" in error(d)


def test_a_missing_reference(tmp_path):
    d = copy(tmp_path)
    (d / "reference" / "part3.py").unlink()
    assert "field parts[2].reference: reference/part3.py is missing" in error(d)


def test_a_reference_without_the_entry(tmp_path):
    d = copy(tmp_path)
    edit(d / "reference" / "part1.py", "class RateLimiter:", "class Limiter:")
    assert "field parts[0].reference: reference/part1.py does not define the entry " \
           "'RateLimiter'" in error(d)


def test_a_test_file_that_does_not_parse(tmp_path):
    d = copy(tmp_path)
    edit(d / "part1_test.py", "def test_users_are_independent():", "def test_users_are(:")
    msg = error(d)
    assert msg.startswith(str(d / "part1_test.py")) and "not valid Python" in msg
    assert "line " in msg


def test_a_test_function_with_arguments(tmp_path):
    d = copy(tmp_path)
    edit(d / "part1_test.py", "def test_users_are_independent():",
         "def test_users_are_independent(tmp_path):")
    msg = error(d)
    assert str(d / "part1_test.py") in msg and "takes arguments" in msg


def test_a_bad_field_in_problem_toml(tmp_path):
    d = copy(tmp_path)
    edit(d / "problem.toml", "minutes = 15", "minutes = 0")
    msg = error(d)
    assert str(d / "problem.toml") in msg and "field parts[0].minutes" in msg


def test_parts_out_of_order(tmp_path):
    d = copy(tmp_path)
    edit(d / "problem.toml", "number = 2", "number = 4")
    assert "field parts: numbered [1, 4, 3]" in error(d)


def test_a_starter_without_the_entry(tmp_path):
    d = copy(tmp_path)
    edit(d / "problem.toml", 'entry = "RateLimiter"', 'entry = "Limiter"')
    msg = error(d)
    assert "field starter: does not define the entry 'Limiter'" in msg
    assert "field parts[0].reference" in msg


def test_a_test_file_with_no_part(tmp_path):
    d = copy(tmp_path)
    shutil.copy(d / "part3_test.py", d / "part4_test.py")
    assert "field parts: part4_test.py has no [[parts]] entry" in error(d)


def test_parts_longer_than_the_cards_budget(tmp_path):
    d = copy(tmp_path)
    edit(d / "problem.toml", "minutes = 10", "minutes = 30")
    assert "the parts take 60 minutes, more than the card's budget of 40" in error(d)


def test_a_problem_for_a_card_with_no_coding_round(tmp_path):
    cards = tmp_path / "cards"
    cards.mkdir()
    card = (ROOT / "rubrics" / "cards" / "q24.toml").read_text()
    (cards / "q24.toml").write_text(card.replace('rounds = ["coding", "technical", "ai-enabled"]',
                                                 'rounds = ["technical"]'))
    with pytest.raises(ProblemError) as err:
        load_problem_dir(copy(tmp_path), cards_dir=cards)
    assert "card q24 (the folder's name) is asked in no round with a code editor" in \
        str(err.value)


def test_a_folder_that_is_not_a_card(tmp_path):
    d = copy(tmp_path)
    d = d.rename(tmp_path / "q99")
    assert "'q99' is not the id of a card in the bank" in error(d)


def test_problems_in_several_folders_are_reported_together(tmp_path):
    for card in ("q24", "q25"):
        (copy(tmp_path, card) / "support.py").write_text("def broken(:\n")
    with pytest.raises(ProblemError) as err:
        load_problems(tmp_path)
    msg = str(err.value)
    assert str(tmp_path / "q24" / "support.py") in msg and str(tmp_path / "q25") in msg


# --- the bank's commands and the package ------------------------------------------------

def test_questions_and_show_mark_the_runnable_problems(capsys):
    from interviewer.cli import main
    assert main(["questions", "--theme", "coding", "--json"]) == 0
    rows = {r["id"]: r["problem_parts"] for r in json.loads(capsys.readouterr().out)}
    assert rows["q24"] == rows["q25"] == rows["q26"] == 3
    assert main(["show", "q24"]) == 0
    out = capsys.readouterr().out
    assert "Part 1: A limit per user" in out and "class RateLimiter" in out
    assert "A global cap" not in out   # later parts are revealed in the round
    assert main(["show", "q24", "--answers"]) == 0
    assert "Part 2: A global cap shared by every user" in capsys.readouterr().out


def test_a_broken_problem_stops_the_listing_with_its_file(tmp_path, monkeypatch, capsys):
    import rubrics.problems as problems
    d = copy(tmp_path)
    (d / "reference" / "part2.py").unlink()
    monkeypatch.setattr(problems, "PROBLEMS_DIR", tmp_path)
    from interviewer.cli import main
    assert main(["questions"]) == 2
    assert "reference/part2.py is missing" in capsys.readouterr().err


def test_the_package_ships_every_problem_file():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    globs = data["tool"]["setuptools"]["package-data"]["rubrics"]
    rubrics = ROOT / "rubrics"
    files = [p.relative_to(rubrics).as_posix() for p in PROBLEMS_DIR.rglob("*")
             if p.is_file() and "__pycache__" not in p.parts]
    assert files
    def shipped(f: str, g: str) -> bool:   # setuptools' globs never cross a "/"
        return len(PurePosixPath(f).parts) == len(PurePosixPath(g).parts) and \
            PurePosixPath(f).match(g)
    unshipped = [f for f in files if not any(shipped(f, g) for g in globs)]
    assert not unshipped, unshipped
