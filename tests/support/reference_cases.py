"""Reference-case TOML for tests: one why-fde question with labels (and optionally a second
labeller's), one verdict per criterion in the card's order."""
from __future__ import annotations

from rubrics import default_bank

CARD = "why-fde"


def criteria_ids() -> list[str]:
    return [c.id for c in default_bank().get(CARD).criteria]


def labels_table(table: str, verdicts: list[str], level: str = "poor") -> str:
    rows = "\n".join(f'{cid} = {{ verdict = "{v}", why = "from the rubric" }}'
                     for cid, v in zip(criteria_ids(), verdicts))
    return f'[{table}.{CARD}]\nlevel = "{level}"\n[{table}.{CARD}.criteria]\n{rows}\n'


def case_text(case_id: str, first: list[str], second: list[str] | None = None) -> str:
    head = (f'id = "{case_id}"\nround = "screen"\nquality = "adequate"\nsplit = "holdout"\n'
            f'[[turns]]\nquestion = "{CARD}"\nspeaker = "interviewer"\ntext = "Why this role?"\n'
            f'[[turns]]\nquestion = "{CARD}"\nspeaker = "candidate"\n'
            f'text = "Because I like customers."\n')
    return head + labels_table("labels", first) + (
        labels_table("second_labels", second) if second is not None else "")
