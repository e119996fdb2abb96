"""The import graph of the project's packages, read with `ast` (function-level imports too):
no cycles between modules, and dependencies point one way, down: interviewer -> transcripts
-> rubrics -> tools. Inside interviewer, the rooms too: front-ends (tui, voice, console) ->
commands and services -> engine, judges -> llm, never back up."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("interviewer", "rubrics", "sandbox", "tools", "transcripts")
# What each lower package may import of the project (itself always).
ALLOWED = {"tools": set(), "rubrics": {"tools"}, "transcripts": {"rubrics", "tools"},
           "sandbox": set()}   # runs candidate code: nothing of the project
# Cycles known and allowed; any other cycle fails, as does one of these growing.
KNOWN_CYCLES: list[frozenset[str]] = []
FRONT_ENDS = ("interviewer.tui", "interviewer.voice", "interviewer.console")
# What each room of interviewer may not import (itself and anything not listed: allowed).
FORBIDDEN = {
    "interviewer.engine": ("interviewer.commands", "interviewer.cli", "interviewer.services")
                          + FRONT_ENDS,
    "interviewer.judges": ("interviewer.engine", "interviewer.commands", "interviewer.cli",
                           "interviewer.services") + FRONT_ENDS,
    "interviewer.llm": ("interviewer.engine", "interviewer.judges", "interviewer.commands",
                        "interviewer.cli", "interviewer.services") + FRONT_ENDS,
    "interviewer.tui": ("interviewer.commands", "interviewer.cli", "interviewer.console"),
    "interviewer.console": ("interviewer.commands", "interviewer.cli", "interviewer.tui"),
    "interviewer.voice": ("interviewer.commands", "interviewer.cli", "interviewer.tui",
                          "interviewer.console", "interviewer.engine", "interviewer.judges"),
}


def _in(module: str, room: str) -> bool:
    return module == room or module.startswith(room + ".")


def modules() -> dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules `name` imports, anywhere in its body."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            # `from pkg import mod` imports the module pkg.mod; `from pkg import name`, pkg
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base
                       for a in node.names]
        else:
            continue
        for t in targets:
            while t and t not in known:   # `import a.b.c` where only a.b is ours
                t = t.rpartition(".")[0]
            if t and t != name:
                found.add(t)
    return found


def graph() -> dict[str, set[str]]:
    mods = modules()
    return {name: imports(name, path, set(mods)) for name, path in mods.items()}


def cycles(g: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(frozenset(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def test_lower_packages_import_only_what_is_below_them():
    wrong = []
    for name, targets in graph().items():
        top = name.split(".")[0]
        if top not in ALLOWED:
            continue
        for t in sorted(targets):
            if t.split(".")[0] not in ALLOWED[top] | {top}:
                wrong.append(f"{name} imports {t}")
    assert not wrong, "\n".join(wrong)


def test_rooms_of_interviewer_import_only_what_they_may():
    wrong = []
    for name, targets in graph().items():
        for room, forbidden in FORBIDDEN.items():
            if _in(name, room):
                wrong += [f"{name} imports {t}" for t in sorted(targets)
                          if any(_in(t, f) for f in forbidden)]
    assert not wrong, "\n".join(wrong)


def test_no_new_import_cycles():
    found = cycles(graph())
    new = [sorted(c) for c in found if not any(c <= known for known in KNOWN_CYCLES)]
    assert not new, f"import cycles: {new}"
    # a known cycle that is gone should leave the list
    gone = [sorted(k) for k in KNOWN_CYCLES if not any(c & k for c in found)]
    assert not gone, f"no longer cycles, remove from KNOWN_CYCLES: {gone}"


def test_the_graph_is_read_whole():
    g = graph()
    assert "rubrics.fastregex.finder" in g["rubrics.fastregex"]
    assert "interviewer.judges.numbers" in g and "rubrics.checks" in g["interviewer.judges.numbers"]
    assert not any(c for c in cycles({"a": {"b"}, "b": {"c"}, "c": set()}))
    assert cycles({"a": {"b"}, "b": {"a"}}) == [frozenset({"a", "b"})]
