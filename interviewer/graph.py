"""The interview as a LangGraph state machine: one builder, shared nodes, round policies.

opening -> ask -> wait -> assess -+-> follow_up -> wait ...
                                  +-> next_question -> ask | wrap_up
                                  +-> wrap_up -> wait_closing -> grade -> END
Nodes are deterministic given the state (phrasing uses a seeded RNG keyed by event number),
so a node re-run after a crash reproduces the same events, and the runner's id-based writes
keep the transcript free of duplicates.
"""
from __future__ import annotations

from langgraph.config import get_stream_writer
from langgraph.graph import END, START, StateGraph
from langgraph.types import interrupt

from rubrics import Bank, Card, default_bank
from transcripts import now_iso

from . import phrases
from .assess import assess
from .candidate_commands import parse_command
from .policies import get_policy
from .selection import question_text
from .routing import after_assess, after_next, decide, new_record
from .judges.base import Answers
from .judges.heuristic import HeuristicJudge
from .state import CLEAR, InterviewState

_FOLLOW_UP_KINDS = {"challenge", "probe", "change", "pushback", "contribution", "metric", "deepen"}


class _Out:
    """Collects the events one node emits, numbering them from the state's counter."""

    def __init__(self, state: dict):
        self.n = state.get("counter", 0)
        self.seed = state.get("seed", 0)
        self.events: list[dict] = []

    def add(self, type_: str, **fields) -> None:
        self.n += 1
        self.events.append({"type": type_, "id": f"g{self.n}", "t": now_iso(), **fields})

    def voice(self) -> phrases.Voice:
        return phrases.Voice(self.seed, self.n + 1)

    def update(self, clear: bool = False, **extra) -> dict:
        return {"counter": self.n, "outbox": ([CLEAR] if clear else []) + self.events, **extra}


def _fmt(value: float, unit: str) -> str:
    if unit == "percent":
        return f"{value:.1f}%"
    if unit == "fraction":
        return f"{value:.3f}"
    if abs(value) >= 1000:
        text = f"{value:,.0f}"
    elif abs(value) >= 10:
        text = f"{value:.1f}".rstrip("0").rstrip(".")
    else:
        text = f"{value:.3g}"
    return f"{text} {unit}" if unit not in ("count", "x") else (text + ("x" if unit == "x" else ""))


def _snippet(assessment: dict, card: Card) -> str | None:
    covered = assessment.get("covered") or {}
    for c in sorted(card.criteria, key=lambda c: -c.weight):
        if covered.get(c.id):
            s = covered[c.id][0].strip()
            return s if len(s) <= 60 else s[:57] + "..."
    return None


def _dialog(rec: dict, role: str, text: str) -> list[dict]:
    """The last few turns of this question, for the LLM's context (bounded)."""
    return (list(rec.get("dialog") or []) + [{"role": role, "text": text}])[-8:]


def build_graph(round_type: str, bank: Bank | None = None, checkpointer=None, llm=None):
    """Compile the graph for one round type. With `llm` (an LLMInterviewer) the model words
    each follow-up and checks numbers through function calls; without it, or whenever it
    fails, the offline interviewer does."""
    policy = get_policy(round_type)
    bank = bank or default_bank()

    def model_notices(out: "_Out", card: Card | None) -> None:
        """What the model side has to say once: probe gaps, the breaker opening or closing."""
        for level, text in llm.take_notices():
            out.add("notice", question=card.id if card else None, level=level, text=text)

    def worded(out: "_Out", card: Card, kind: str, draft: str, dialog: list[dict],
               turn: int | None) -> str:
        """The LLM's wording of a move, streamed; the draft when there is no model or it fails."""
        if llm is None:
            return draft
        from .llm.base import LLMError
        from .llm_interviewer import Leak, ModelPaused
        llm.begin_turn(turn)
        writer, event_id = get_stream_writer(), f"g{out.n + 1}"
        streamed: list[str] = []

        def on_text(piece: str) -> None:
            streamed.append(piece)
            writer({"event": event_id, "delta": piece})
        try:
            return llm.speak(card=card, policy=policy, kind=kind, draft=draft, dialog=dialog,
                             on_text=on_text)
        except ModelPaused:
            return draft   # the breaker is open: said once when it opened
        except (LLMError, Leak) as exc:
            if streamed:
                writer({"event": event_id, "reset": True})
            out.add("notice", question=card.id, level="warning",
                    text=f"The model could not word this turn ({exc}); the offline interviewer "
                         "asked it instead.")
            return draft
        finally:
            model_notices(out, card)

    def card_of(state: dict) -> Card:
        return bank.get(state["questions"][state["q_index"]])

    def opening(state: InterviewState) -> dict:
        out = _Out(state)
        n = len(state["questions"])
        out.add("interviewer", act="opening",
                text=f"Hi, I'll be your interviewer for this {policy.title} round. "
                     f"{policy.opening} We have {n} question{'s' if n != 1 else ''} and about "
                     f"{policy.minutes} minutes. Answer the way you would out loud.")
        return out.update(clear=True, q_index=0, turn=state.get("turn", 0), records={},
                          phase="question", started=now_iso())

    def ask(state: InterviewState) -> dict:
        out, card = _Out(state), card_of(state)
        out.add("interviewer", act="question", question=card.id,
                text=question_text(card, round_type))
        records = dict(state.get("records") or {})
        records[card.id] = new_record() | {"asked_at": now_iso(),
                                           "dialog": [{"role": "interviewer",
                                                       "text": card.question}]}
        return out.update(records=records)

    def wait(state: InterviewState) -> dict:
        answer = interrupt({"await": "answer", "question": state["questions"][state["q_index"]]})
        return {"answer": answer, "turn": answer["turn"], "outbox": [CLEAR]}

    def assess_node(state: InterviewState) -> dict:
        out, card = _Out(state), card_of(state)
        text = state["answer"]["text"]
        rec = dict(state["records"][card.id])
        is_command = parse_command(text) is not None
        a = (assess(card, text) if not is_command else
             {"covered": {}, "tool_checks": [], "red_flags": {}, "first_person": True,
              "has_metric": True, "words": 0})
        if not is_command:
            rec["answers"] += 1
            covered = {k: list(v) for k, v in rec["covered"].items()}
            for cid, snips in a["covered"].items():
                covered.setdefault(cid, [])
                covered[cid] += [s for s in snips if s not in covered[cid]]
            rec["covered"] = covered
            rec["dialog"] = _dialog(rec, "candidate", text)
            rec["texts"] = list(rec.get("texts") or []) + [text]
            if llm is not None:
                llm.begin_turn(state.get("turn"))
                a["tool_checks"] = a["tool_checks"] + _llm_checks(out, card, text, a)
            for tc in a["tool_checks"]:
                if "error" in tc:
                    out.add("notice", question=card.id, level="error",
                            text=f"number check {tc['check']} failed: {tc['error']}")
                    continue
                rec["checks"] = rec["checks"] + [tc]
                out.add("tool_check", question=card.id, **{k: tc[k] for k in (
                    "check", "tool", "args", "quantity", "unit", "claimed", "claimed_text",
                    "computed", "ok", "arithmetic")})
        elapsed = _elapsed(rec.get("asked_at"), state["answer"].get("t"))
        d = decide(card, policy, rec, a, text, state["max_follow_ups"], elapsed,
                   _elapsed(state.get("started"), state["answer"].get("t")))
        if d.kind in _FOLLOW_UP_KINDS:
            rec["follow_ups"] += 1
            if d.kind == "challenge":
                rec["challenged"] = rec["challenged"] + [d.target]
            elif d.kind == "probe":
                rec["probed"] = rec["probed"] + [d.target]
            elif d.kind in ("contribution", "metric"):
                rec["asked"] = rec["asked"] + [d.kind]
            if d.kind == "change":
                rec["changes"] += 1
            if d.kind == "pushback":
                rec["pushback"] += 1
            if d.target and d.kind in ("change", "pushback", "deepen"):
                rec["asked"] = rec["asked"] + [d.target]
        return out.update(records={**state["records"], card.id: rec}, assessment=a,
                          decision=d.to_dict())

    def follow_up(state: InterviewState) -> dict:
        out, card = _Out(state), card_of(state)
        d, a, v = state["decision"], state["assessment"], _Out(state).voice()
        kind, target = d["kind"], d["target"]
        snippet = _snippet(a, card)
        ack = v.pick(phrases.ACK, q=f"\u201c{snippet}\u201d") if snippet else v.pick(phrases.ACK_PLAIN)
        by_id = {f.id: f for f in card.follow_ups}
        if kind == "challenge":
            tc = next(t for t in a["tool_checks"] if t.get("check") == target)
            text = v.pick(phrases.CHALLENGE, quantity=tc["quantity"], claimed=tc["claimed_text"],
                          computed=_fmt(tc["computed"], tc["unit"]), arithmetic=tc["arithmetic"])
        elif kind == "probe":
            crit = next(c for c in card.criteria if c.id == target)
            text = f"{ack} {v.pick(phrases.PROBE_LEAD)}{crit.probe}"
        elif kind == "change":
            fu = by_id[target]
            text = f"{ack} {v.pick(phrases.CHANGE_LEAD)}{fu.text}"
            out.add("requirement_change", question=card.id, follow_up=fu.id, text=fu.text)
        elif kind == "pushback":
            if target:
                text = f"{v.pick(phrases.PUSHBACK_LEAD)}{by_id[target].text}"
            else:
                text = (f"{v.pick(phrases.PUSHBACK_LEAD)}speaking as {card.persona.role}, I'm not "
                        f"convinced yet. What would you tell my board on Monday?")
        elif kind in ("contribution", "metric"):
            own = [f for f in card.follow_ups if f.kind == kind and f.id not in
                   state["records"][card.id]["asked"]]
            text = own[0].text if own else v.pick(
                phrases.CONTRIBUTION if kind == "contribution" else phrases.METRIC)
        else:   # deepen
            text = f"{ack} {by_id[target].text}"
        rec = dict(state["records"][card.id])
        text = worded(out, card, kind, text, rec.get("dialog") or [], state.get("turn"))
        act = {"deepen": "probe"}.get(kind, kind)
        out.add("interviewer", act=act, question=card.id, text=text, reason=d["reason"])
        rec["dialog"] = _dialog(rec, "interviewer", text)
        return out.update(records={**state["records"], card.id: rec})

    def _llm_checks(out: _Out, card: Card, text: str, a: dict) -> list[dict]:
        """Numbers the model found and the calculators checked, beyond the card's own."""
        from .llm.base import LLMError
        from .llm_interviewer import ModelPaused
        try:
            checks, notes = llm.check_numbers(card=card, answer=text)
        except ModelPaused:
            model_notices(out, card)
            return []   # the breaker is open: said once when it opened
        except LLMError as exc:
            out.add("notice", question=card.id, level="warning",
                    text=f"The model could not check numbers this turn ({exc}); the card's "
                         "own checks ran.")
            model_notices(out, card)
            return []
        model_notices(out, card)
        for note in notes:
            out.add("notice", question=card.id, level="info", text=note)
        seen = {(t.get("check"), str(t.get("args"))) for t in a["tool_checks"]}
        seen_ids = {t.get("check") for t in a["tool_checks"]}
        return [c for c in checks if c["check"] not in seen_ids
                and (c["check"], str(c["args"])) not in seen]

    def next_question(state: InterviewState) -> dict:
        out = _Out(state)
        nxt = state["q_index"] + 1
        if nxt < len(state["questions"]):
            reason = state["decision"]["reason"]
            options = (phrases.SKIPPED if "skipped" in reason else
                       phrases.TIME_UP if "budget" in reason else phrases.MOVE_ON)
            out.add("interviewer", act="move-on", question=card_of(state).id,
                    text=out.voice().pick(options), reason=reason)
        return out.update(q_index=nxt)

    def wrap_up(state: InterviewState) -> dict:
        out = _Out(state)
        out.add("interviewer", act="wrap-up", text=out.voice().pick(phrases.WRAP))
        return out.update(phase="closing", q_index=min(state["q_index"],
                                                      len(state["questions"]) - 1))

    def wait_closing(state: InterviewState) -> dict:
        answer = interrupt({"await": "closing", "question": None})
        return {"answer": answer, "turn": answer["turn"], "outbox": [CLEAR]}

    def grade(state: InterviewState) -> dict:
        out = _Out(state)
        records = state.get("records") or {}
        answers = Answers(round_type, list(state["questions"]),
                          {q: list(r.get("texts") or []) for q, r in records.items()},
                          {q: r.get("follow_ups", 0) for q, r in records.items()})
        scorecard = HeuristicJudge().grade(answers, bank).model_dump()
        out.add("interviewer", act="closing", text=out.voice().pick(phrases.CLOSING))
        out.add("score", judge="heuristic", scorecard=scorecard)
        return out.update(scorecard=scorecard, phase="done")

    g = StateGraph(InterviewState)
    for name, fn in [("opening", opening), ("ask", ask), ("wait", wait), ("assess", assess_node),
                     ("follow_up", follow_up), ("next_question", next_question),
                     ("wrap_up", wrap_up), ("wait_closing", wait_closing), ("grade", grade)]:
        g.add_node(name, fn)
    g.add_edge(START, "opening")
    g.add_edge("opening", "ask")
    g.add_edge("ask", "wait")
    g.add_edge("wait", "assess")
    g.add_conditional_edges("assess", after_assess, ["follow_up", "next_question", "wrap_up"])
    g.add_edge("follow_up", "wait")
    g.add_conditional_edges("next_question", after_next, ["ask", "wrap_up"])
    g.add_edge("wrap_up", "wait_closing")
    g.add_edge("wait_closing", "grade")
    g.add_edge("grade", END)
    return g.compile(checkpointer=checkpointer)


def _elapsed(start: str | None, end: str | None) -> float | None:
    if not start or not end:
        return None
    from datetime import datetime
    try:
        return (datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds()
    except ValueError:
        return None
