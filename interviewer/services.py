"""What the command line and the front-ends ask for by settings rather than by objects: the
LLM interviewer that flags, the config file and the environment name."""
from __future__ import annotations

import sys

from .errors import UsageError


def make_llm(*, provider: str | None = None, model: str | None = None,
             base_url: str | None = None, api_key: str | None = None,
             turn_deadline: float | None = None):
    """The LLM interviewer the settings ask for (flag > config file > environment), or None
    for the offline interviewer. Says up front which fallbacks the server needs."""
    from .llm.config import ConfigError, resolve   # lazy: platformdirs, TOML (not for --help)
    try:
        cfg = resolve(provider=provider, model=model, base_url=base_url, api_key=api_key,
                      turn_deadline=turn_deadline)
    except ConfigError as exc:
        raise UsageError(str(exc)) from None
    if cfg is None:
        return None
    # lazy: the backend and the engine's LLM side load only when a model is configured
    from .engine.llm_interviewer import FALLBACK_FEATURES, LLMInterviewer
    from .llm import LLMError, make_backend
    try:
        backend = make_backend(cfg)
    except LLMError as exc:
        raise UsageError(f"{cfg.provider}: {exc}") from None
    report = getattr(backend, "report", None)
    for what, ok, action in getattr(report, "findings", []):
        if not ok and what in FALLBACK_FEATURES:   # the fallbacks in use, said up front
            print(f"note: {what}: {action}", file=sys.stderr)
    if cfg.turn_deadline is not None:
        return LLMInterviewer(backend, turn_deadline_s=cfg.turn_deadline)
    return LLMInterviewer(backend)


def make_judge(*, judge: str | None = None, judge_deadline: float | None = None, llm=None):
    """The session's closing judge (judges.closing.ClosingJudge) the settings ask for
    (flag > config file > environment); `llm` is the make_llm result. Asking for the LLM
    judge without a model is a usage error, said before the interview starts."""
    from .llm.config import ConfigError, judge_settings   # lazy, as in make_llm
    try:
        mode, deadline = judge_settings(judge=judge, judge_deadline=judge_deadline)
    except ConfigError as exc:
        raise UsageError(str(exc)) from None
    if mode == "llm" and llm is None:
        raise UsageError("the llm judge needs a model: pass --provider (and --model, "
                         "--base-url) or set FDE_INTERVIEW_PROVIDER")
    from .judges.closing import ClosingJudge   # lazy: pydantic and the bank
    return ClosingJudge(mode, deadline)
