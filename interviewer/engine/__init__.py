"""The interview engine: the LangGraph interview (typed state, nodes, pure routers), the
reading of answers (assess), phrasing (phrases, prompts), the LLM side of the interviewer, and
the session runner with its checkpoints. Round policies are data in rubrics.rounds.

The names below load on first use (PEP 562): the terminal app imports the light selection
module before its first paint, and LangGraph must not load with it."""
from __future__ import annotations

from ..lazy import lazy_exports

_EXPORTS = {"Session": "session", "SessionError": "session", "Turn": "session",
            "build_graph": "graph", "engine_context": "graph",
            "LLMInterviewer": "llm_interviewer", "choose_questions": "selection",
            "question_text": "selection"}

__getattr__ = lazy_exports(__name__, _EXPORTS)


__all__ = sorted(_EXPORTS)
