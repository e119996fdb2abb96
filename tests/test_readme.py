"""The README's two quickstart commands are the contract with a new user; CI must run the
test command exactly as the README prints it."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def quickstart_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    section = text.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```bash\n(.+?)\n```", section)


def test_readme_has_exactly_two_quickstart_commands():
    cmds = quickstart_commands()
    assert len(cmds) == 2
    assert "practice" in cmds[0] and "pytest" in cmds[1]
    assert all(c.startswith("python3 -m venv .venv && ") for c in cmds)


def test_ci_runs_the_readme_test_command_verbatim():
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert quickstart_commands()[1] in ci
