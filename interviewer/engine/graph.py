"""The interview as a LangGraph state machine: one builder, shared nodes (nodes.py), pure
routers (routing.py), round policies (rubrics.rounds).

opening -> ask -> wait -> assess -+-> follow_up -> wait ...
                    |             +-> next_question -> ask | wrap_up
                    |             +-> wrap_up -> wait_closing -> grade -> END
                    |             +-> run_code -> wait   (the coding round's /run)
                    +-> assistant (an /ask) -> wait

The compiled graph holds no session objects: the bank, the round's policy and the LLM
interviewer reach the nodes as the run's context (`context=engine_context(...)` on every
invoke or stream), which the checkpointer never stores.
"""
from __future__ import annotations

from langgraph.graph import END, START, StateGraph

from rubrics import Bank, default_bank
from rubrics.rounds import assistant_on, get_policy

from . import nodes
from .routing import after_assess, after_next, after_wait
from .state import EngineContext, InterviewState


def build_graph(checkpointer=None):
    """The compiled interview graph (the same for every round: policies are context)."""
    g = StateGraph(InterviewState, context_schema=EngineContext)
    for name, fn in [("opening", nodes.opening), ("ask", nodes.ask), ("wait", nodes.wait),
                     ("assess", nodes.assess_answer), ("follow_up", nodes.follow_up),
                     ("next_question", nodes.next_question), ("wrap_up", nodes.wrap_up),
                     ("wait_closing", nodes.wait_closing), ("grade", nodes.grade),
                     ("assistant", nodes.assistant_turn), ("run_code", nodes.run_code)]:
        g.add_node(name, fn)
    g.add_edge(START, "opening")
    g.add_edge("opening", "ask")
    g.add_edge("ask", "wait")
    g.add_conditional_edges("wait", after_wait, ["assess", "assistant"])
    g.add_edge("assistant", "wait")
    g.add_conditional_edges("assess", after_assess,
                            ["follow_up", "next_question", "wrap_up", "run_code"])
    g.add_edge("run_code", "wait")
    g.add_edge("follow_up", "wait")
    g.add_conditional_edges("next_question", after_next, ["ask", "wrap_up"])
    g.add_edge("wrap_up", "wait_closing")
    g.add_edge("wait_closing", "grade")
    g.add_edge("grade", END)
    return g.compile(checkpointer=checkpointer)


def engine_context(round_type: str, bank: Bank | None = None, llm=None, judge=None,
                   assistant_allowed: bool | None = None, **coding) -> EngineContext:
    """What the nodes of one session read besides the state. With `llm` (an LLMInterviewer)
    the model reads each answer and words each follow-up; without it, or whenever it fails,
    the offline interviewer does. `judge` grades the session's end (None: auto).
    `assistant_allowed` is the header's (None: the round's policy decides whether the
    candidate may /ask). A round that runs code gets the card's problems, the sandbox's
    runner and its isolation probe unless `coding` passes its own (problem=, run_code=,
    isolation=: tests pass fakes)."""
    policy = get_policy(round_type)
    if policy.runs_code:
        coding = {**_coding_defaults(), **coding}
    return EngineContext(bank=bank or default_bank(), policy=policy, llm=llm, judge=judge,
                         assistant=assistant_on(policy, assistant_allowed),
                         assistant_forbidden=assistant_allowed is False, **coding)


def _coding_defaults() -> dict:
    """The real problem loader, runner and isolation probe."""
    from rubrics.problems import load_problem   # lazy: only the coding round reads them
    import sandbox                              # lazy: only the coding round runs code
    return {"problem": load_problem, "run_code": sandbox.run_tests,
            "isolation": sandbox.probe_isolation}
