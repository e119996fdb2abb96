"""Runnable coding problems: the coding cards' problems in parts, each part with hidden tests
and a reference solution, loaded from problems/<card id>/ and validated with errors that name
the file and the field, like the cards.

A problem folder holds problem.toml (entry point, starter, visible examples as text, and per
part its title, requirement, minutes, a follow-up question per hidden test and one for after
it passes), examples_test.py (the visible examples as tests), partN_test.py (part N's hidden
tests), an optional support.py (fakes the tests and the candidate import) and
reference/partN.py (a solution that passes the examples and parts 1..N).

The test files' contract is the sandbox's: top-level `test_*` functions without arguments
(`async def` ones are run with asyncio.run) that import the candidate's code with
`from solution import ...`. This module only reads and checks the files (`ast`, never
executing them): running them is the sandbox's job."""
from __future__ import annotations

import ast
import re
import tomllib
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .bank import CARDS_DIR, DataFileError, read_toml_model
from .rounds import POLICIES
from .schema import ID_PATTERN, Strict

PROBLEMS_DIR = Path(__file__).parent / "problems"
SPEC = "problem.toml"
EXAMPLES = "examples_test.py"
SUPPORT = "support.py"
_IDENT = r"^[A-Za-z_][A-Za-z0-9_]*$"


class ProblemError(DataFileError):
    """A problem folder whose files cannot be read or do not validate."""


class PartSpec(Strict):
    number: int = Field(ge=1, le=5)
    title: str = Field(min_length=5)
    requirement: str = Field(min_length=20, description="the part as the interviewer says it "
                             "when revealing it")
    minutes: int = Field(ge=1, le=60)
    hints: dict[str, str] = Field(min_length=1, description="hidden test function -> the "
                                  "follow-up question the interviewer asks when it fails")
    after_pass: str = Field(min_length=20, description="the complexity or trade-off question "
                            "once the part passes")

    @field_validator("hints")
    @classmethod
    def _hints(cls, hints: dict[str, str]) -> dict[str, str]:
        for name, text in hints.items():
            if not re.match(r"^test_\w+$", name):
                raise ValueError(f"{name!r} is not a test function name (test_...)")
            if len(text) < 10 or not text.rstrip().endswith("?"):
                raise ValueError(f"{name}: not a follow-up question (ending in '?')")
        return hints

    @field_validator("after_pass")
    @classmethod
    def _question(cls, text: str) -> str:
        if not text.rstrip().endswith("?"):
            raise ValueError("not a question (ending in '?')")
        return text


class ProblemSpec(Strict):
    entry: str = Field(pattern=_IDENT, description="the name the tests import from solution")
    starter: str = Field(min_length=20)
    examples_text: str = Field(min_length=20)
    parts: list[PartSpec] = Field(min_length=1, max_length=5)

    @model_validator(mode="after")
    def _numbered(self) -> "ProblemSpec":
        numbers = [p.number for p in self.parts]
        if numbers != list(range(1, len(numbers) + 1)):
            raise ValueError(f"parts: numbered {numbers}; expected 1..{len(numbers)} in order")
        return self


class Part(BaseModel):
    model_config = ConfigDict(frozen=True)
    number: int
    title: str
    requirement: str
    minutes: int
    tests: dict[str, str]      # its test file and the support files: name -> source
    hints: dict[str, str]      # test function -> follow-up question
    after_pass: str
    reference: str             # a solution passing the examples and parts 1..number

    @property
    def test_file(self) -> str:
        return f"part{self.number}_test.py"


class Problem(BaseModel):
    model_config = ConfigDict(frozen=True)
    card: str
    entry: str
    starter: str
    examples_text: str
    examples: dict[str, str]   # examples_test.py and the support files: name -> source
    parts: list[Part]

    @property
    def minutes(self) -> int:
        return sum(p.minutes for p in self.parts)

    def tests_through(self, number: int) -> dict[str, str]:
        """The hidden tests of parts 1..number with the support files: a later part's run
        also catches what it broke in an earlier one."""
        out: dict[str, str] = {}
        for p in self.parts[:number]:
            out |= p.tests
        return out

    def part(self, number: int) -> Part:
        for p in self.parts:
            if p.number == number:
                return p
        raise KeyError(f"{self.card} has parts 1..{len(self.parts)}, not {number}")


def _read(folder: Path, name: str, field: str, problems: list[str]) -> str | None:
    try:
        return (folder / name).read_text(encoding="utf-8")
    except FileNotFoundError:
        problems.append(f"field {field}: {name} is missing")
    except (OSError, UnicodeDecodeError) as exc:
        problems.append(f"field {field}: cannot read {name}: {exc}")
    return None


def _parse(path: Path, source: str) -> ast.Module:
    try:
        return ast.parse(source, filename=str(path))
    except SyntaxError as exc:   # named by its own file and line
        raise ProblemError(path, [f"line {exc.lineno}: not valid Python: {exc.msg}"]) from None


def tests_in(tree: ast.Module, path: Path) -> list[str]:
    """The top-level test functions of a test file, in order; one that takes arguments
    breaks the runner's contract, and is an error naming the file and line."""
    out = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                node.name.startswith("test_"):
            a = node.args
            if a.args or a.posonlyargs or a.kwonlyargs or a.vararg or a.kwarg:
                raise ProblemError(path, [f"line {node.lineno}: {node.name} takes arguments; "
                                          "a test function takes none"])
            out.append(node.name)
    return out


def _defines(tree: ast.Module, name: str) -> bool:
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and \
                node.name == name:
            return True
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return True
    return False


def _part(d: Path, i: int, ps: PartSpec, entry: str, support: dict[str, str],
          problems: list[str]) -> Part | None:
    """Part i with its test file and reference, or None (with the reasons in `problems`)."""
    name = f"part{ps.number}_test.py"
    src = _read(d, name, f"parts[{i}].tests", problems)
    ref = _read(d, f"reference/part{ps.number}.py", f"parts[{i}].reference", problems)
    if src is not None:
        tests = tests_in(_parse(d / name, src), d / name)
        if not tests:
            problems.append(f"field parts[{i}].tests: {name} has no test functions")
        problems += [f"field parts[{i}].hints.{h}: {name} has no test function {h}"
                     for h in ps.hints if h not in tests]
        problems += [f"field parts[{i}].hints: no follow-up question for {t} of {name}"
                     for t in tests if t not in ps.hints]
    if ref is not None and not _defines(_parse(d / "reference" / f"part{ps.number}.py", ref),
                                        entry):
        problems.append(f"field parts[{i}].reference: reference/part{ps.number}.py does not "
                        f"define the entry {entry!r}")
    if src is None or ref is None:
        return None
    return Part(number=ps.number, title=ps.title, requirement=ps.requirement,
                minutes=ps.minutes, tests={name: src} | support, hints=dict(ps.hints),
                after_pass=ps.after_pass, reference=ref)


def load_problem_dir(folder: Path | str, cards_dir: Path | str = CARDS_DIR) -> Problem:
    """Read and validate one problem folder (named for its card)."""
    d = Path(folder)
    spec_path = d / SPEC
    card = d.name
    card_path = Path(cards_dir) / f"{card}.toml"
    if not re.match(ID_PATTERN, card) or not card_path.exists():
        raise ProblemError(d, [f"folder name {card!r} is not the id of a card in the bank"])
    spec = read_toml_model(spec_path, ProblemSpec, ProblemError)
    problems: list[str] = []
    try:   # the card itself is validated by the bank; here only its budget and rounds
        card_data = tomllib.loads(card_path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        card_data = {}
    budget, total = card_data.get("budget_minutes"), sum(p.minutes for p in spec.parts)
    if isinstance(budget, int) and total > budget:
        problems.append(f"field parts: the parts take {total} minutes, more than the card's "
                        f"budget of {budget}")
    rounds = card_data.get("rounds", [])
    if card_data and not any(r in POLICIES and POLICIES[r].code_editor for r in rounds):
        problems.append(f"card {card} (the folder's name) is asked in no round with a code "
                        f"editor (its rounds: {', '.join(rounds) or 'none'})")
    support = {}
    if (d / SUPPORT).exists():
        source = _read(d, SUPPORT, "support", problems)
        if source is not None:
            _parse(d / SUPPORT, source)
            support[SUPPORT] = source
    try:
        if not _defines(ast.parse(spec.starter), spec.entry):
            problems.append(f"field starter: does not define the entry {spec.entry!r}")
    except SyntaxError as exc:
        problems.append(f"field starter: line {exc.lineno} is not valid Python: {exc.msg}")
    examples_src = _read(d, EXAMPLES, "examples", problems)
    if examples_src is not None and not tests_in(_parse(d / EXAMPLES, examples_src),
                                                       d / EXAMPLES):
        problems.append(f"field examples: {EXAMPLES} has no test functions")
    parts = [p for i, ps in enumerate(spec.parts)
             if (p := _part(d, i, ps, spec.entry, support, problems)) is not None]
    known = {f"part{p.number}_test.py" for p in spec.parts}
    for stray in sorted(d.glob("part*_test.py")):
        if stray.name not in known:
            problems.append(f"field parts: {stray.name} has no [[parts]] entry")
    if problems:
        raise ProblemError(spec_path, problems)
    return Problem(card=card, entry=spec.entry, starter=spec.starter.strip("\n") + "\n",
                   examples_text=spec.examples_text.strip("\n") + "\n",
                   examples={EXAMPLES: examples_src} | support, parts=parts)


def problem_ids(directory: Path | str | None = None) -> list[str]:
    """The cards that have a runnable problem, in the bank's order."""
    d = Path(directory) if directory is not None else PROBLEMS_DIR
    return sorted(p.parent.name for p in d.glob(f"*/{SPEC}"))


@lru_cache(maxsize=None)
def _packaged(card_id: str) -> Problem | None:
    if not (PROBLEMS_DIR / card_id / SPEC).exists():
        return None
    return load_problem_dir(PROBLEMS_DIR / card_id)


def load_problem(card_id: str) -> Problem | None:
    """The packaged problem of a card (q24, or 24 as the bank takes it); None when the card
    has none."""
    key = card_id.strip().lower()
    return _packaged(f"q{int(key):02d}" if key.isdigit() else key)


def load_problems(directory: Path | str | None = None,
                  cards_dir: Path | str = CARDS_DIR) -> dict[str, Problem]:
    """Every problem in `directory` (the packaged ones by default), validated; problems in
    several folders are reported together."""
    d = Path(directory) if directory is not None else PROBLEMS_DIR
    out, errors = {}, []
    for card in problem_ids(d):
        try:
            out[card] = load_problem_dir(d / card, cards_dir)
        except ProblemError as exc:
            errors.append(str(exc))
    for stray in sorted(p for p in d.iterdir() if p.is_dir() and not (p / SPEC).exists()
                        and not p.name.startswith((".", "__"))) if d.is_dir() else []:
        errors.append(f"{stray}: no {SPEC}")
    if errors:
        raise ProblemError(d, errors)
    return out
