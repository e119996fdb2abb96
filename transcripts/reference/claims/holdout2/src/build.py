"""Regenerate the holdout2 TOML files and re-check every label against the calculators."""
import importlib, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import core
MODS = [m[:-3] for m in sorted(os.listdir(HERE)) if m.startswith("a_") and m.endswith(".py")]
for m in MODS:
    importlib.import_module(m)
problems = []
core.resolve(problems)
for p in problems:
    print("PROBLEM", p)
if "--write" in sys.argv and not problems:
    out = os.path.dirname(HERE)
    by_card = {}
    for a in core.ANSWERS:
        by_card.setdefault(a["card"], []).append(a)
    for card, answers in by_card.items():
        with open(os.path.join(out, f"{card}.toml"), "w") as f:
            f.write(core.to_toml(answers))
    print("wrote", len(by_card), "files")
print(len(core.ANSWERS), "answers", sum(len(a["claims"]) for a in core.ANSWERS), "claims,", len(problems), "problems")
