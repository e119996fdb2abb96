"""The session's closing grade: which judge grades it, and what happens when the model cannot.

With a model configured (and the judge setting `auto` or `llm`), the LLM judge grades the
session and its scorecard is the score; the heuristic judge grades it too, and the criteria
the two read differently are carried in the scorecard (`disagreements`), so the candidate
sees both readings. When the LLM judge fails (a server error, a timeout, a reply that does not
parse: any question left unscored), the heuristic judge's scorecard is the score and a notice
says why. `heuristic` skips the model altogether."""
from __future__ import annotations

from dataclasses import dataclass, field

from rubrics import Bank
from transcripts.scorecard import Disagreement, Scorecard

from ..llm.config import JUDGE_MODES
from .base import Answers
from .heuristic import HeuristicJudge


def disagreements(a: Scorecard, b: Scorecard) -> list[Disagreement]:
    """The criteria whose verdicts differ between two scorecards of the same answers."""
    va = {(q.question, c.id): c.verdict for q in a.questions for c in q.criteria}
    vb = {(q.question, c.id): c.verdict for q in b.questions for c in q.criteria}
    return [Disagreement(question=k[0], criterion=k[1],
                         verdicts={a.judge.name: va.get(k, "unscored"),
                                   b.judge.name: vb.get(k, "unscored")})
            for k in sorted(set(va) | set(vb), key=lambda k: (k[0], k[1]))
            if va.get(k) != vb.get(k)]


@dataclass
class ClosingGrade:
    scorecard: Scorecard
    notices: list[tuple[str, str]] = field(default_factory=list)   # (level, text)


@dataclass(frozen=True)
class ClosingJudge:
    """`mode`: one of JUDGE_MODES. `deadline_s`: per question, for the LLM judge."""
    mode: str = "auto"
    deadline_s: float | None = None

    def __post_init__(self) -> None:
        if self.mode not in JUDGE_MODES:
            raise ValueError(f"judge must be one of {', '.join(JUDGE_MODES)}, got {self.mode!r}")

    def grade(self, answers: Answers, bank: Bank, backend=None, *,
              unavailable: str | None = None) -> ClosingGrade:
        """`backend`: the model's (None offline). `unavailable`: why the model is known not
        to answer now (its circuit breaker is open), so the LLM judge is not even tried."""
        heuristic = HeuristicJudge().grade(answers, bank)
        if self.mode == "heuristic" or (backend is None and self.mode == "auto"):
            return ClosingGrade(heuristic)
        if backend is None:
            return ClosingGrade(heuristic, [("warning", "The LLM judge was asked for but no "
                                             "model is configured; the heuristic judge graded "
                                             "this session.")])
        from .llm import JUDGE_DEADLINE_S, LLMJudge   # lazy: only with a model
        if unavailable:
            return self._fallback(heuristic, unavailable)
        judge = LLMJudge(backend, deadline_s=self.deadline_s or JUDGE_DEADLINE_S,
                         interactive=True)
        try:
            card = judge.grade(answers, bank)
        except Exception as exc:   # the candidate's grade must not be lost to a surprise
            return self._fallback(heuristic, f"{type(exc).__name__}: {exc}")
        if card.unscored:
            return self._fallback(heuristic, card.unscored_reason())
        card = card.model_copy(update={"compared_with": heuristic.judge.name,
                                       "disagreements": disagreements(card, heuristic)})
        return ClosingGrade(card)

    @staticmethod
    def _fallback(heuristic: Scorecard, why: str) -> ClosingGrade:
        text = (f"The LLM judge could not grade this session ({why}); the heuristic judge "
                "graded it instead.")
        card = heuristic.model_copy(update={"notes": heuristic.notes + [text]})
        return ClosingGrade(card, [("warning", text)])
