"""The interview graph's nodes: module-level functions from the state (and the context: bank,
policy, model) to a state update. Each is deterministic given the state: phrasing uses a
seeded RNG keyed by event number and events are numbered from the state's counter, so a node
re-run after a crash reproduces the same events, and the runner's id-based writes keep the
transcript free of duplicates. Which node runs next is the routers' business (routing.py)."""
from __future__ import annotations

from datetime import datetime

from langgraph.runtime import Runtime
from langgraph.types import interrupt

from rubrics import Card
from rubrics.claims.combine import resolve
from rubrics.plants import outcome
from transcripts import FOLLOW_UP_KINDS, act_of, now_iso

from ..candidate_commands import ask_question, parse_command
from ..judges.base import Answers, split_asked
from ..judges.heuristic import HeuristicJudge
from ..judges.verification import with_verification
from ..llm.base import LLMError
from . import phrases
from .assess import CHECK_FIELDS, assess
from .assistant import choose_plant, offline_reply, refusal, with_plant
from .llm_interviewer import Leak, ModelPaused
from .routing import decide, new_record
from .selection import question_text
from .state import CLEAR, Assessment, DialogTurn, EngineContext, InterviewState, QuestionRecord

Ctx = Runtime[EngineContext]


class _Out:
    """Collects the events one node emits, numbering them from the state's counter."""

    def __init__(self, state: InterviewState):
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


def _dialog(rec: QuestionRecord, role: str, text: str) -> list[DialogTurn]:
    """The last few turns of this question, for the LLM's context (bounded)."""
    return (list(rec.get("dialog") or []) + [{"role": role, "text": text}])[-8:]


def _card(state: InterviewState, ctx: EngineContext) -> Card:
    return ctx.bank.get(state["questions"][state["q_index"]])


def _elapsed(start: str | None, end: str | None) -> float | None:
    if not start or not end:
        return None
    try:
        return (datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds()
    except ValueError:
        return None


# -- the model's part of a turn (nothing happens here without an LLM interviewer) ----------

def _model_notices(ctx: EngineContext, out: _Out, card: Card | None) -> None:
    """What the model side has to say once: probe gaps, the breaker opening or closing."""
    for level, text in ctx.llm.take_notices():
        out.add("notice", question=card.id if card else None, level=level, text=text)


def _worded(runtime: Ctx, out: _Out, card: Card, kind: str, draft: str,
            dialog: list[DialogTurn], turn: int | None) -> str:
    """The LLM's wording of a move, streamed; the draft when there is no model or it fails."""
    ctx = runtime.context
    if ctx.llm is None:
        return draft
    ctx.llm.begin_turn(turn)
    writer, event_id = runtime.stream_writer, f"g{out.n + 1}"
    streamed: list[str] = []

    def on_text(piece: str) -> None:
        streamed.append(piece)
        writer({"event": event_id, "delta": piece})
    try:
        return ctx.llm.speak(card=card, policy=ctx.policy, kind=kind, draft=draft,
                             dialog=dialog, on_text=on_text)
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
        _model_notices(ctx, out, card)


def _llm_checks(ctx: EngineContext, out: _Out, card: Card, text: str,
                a: Assessment) -> list[dict]:
    """Numbers the model found and the calculators checked, beyond the card's own."""
    try:
        checks, notes = ctx.llm.check_numbers(card=card, answer=text)
    except ModelPaused:
        _model_notices(ctx, out, card)
        return []   # the breaker is open: said once when it opened
    except LLMError as exc:
        out.add("notice", question=card.id, level="warning",
                text=f"The model could not check numbers this turn ({exc}); the card's "
                     "own checks ran.")
        _model_notices(ctx, out, card)
        return []
    _model_notices(ctx, out, card)
    for note in notes:
        out.add("notice", question=card.id, level="info", text=note)
    seen = {(t.get("check"), str(t.get("args"))) for t in a["tool_checks"]}
    seen_ids = {t.get("check") for t in a["tool_checks"]}
    # the offline reader decides a quantity it read: the model only adds quantities it did not
    # (so a model's challenge never contradicts the reader's ok or its question)
    kinds = {(t.get("tool"), t.get("field")) for t in a["tool_checks"]}
    return [c for c in checks if c["check"] not in seen_ids
            and (c["check"], str(c["args"])) not in seen
            and (c.get("tool"), c.get("field")) not in kinds]


def _resolved(card: Card, rec: QuestionRecord, reply: str) -> list[dict]:
    """The checks a clarifying question asked about, re-read with this reply's stated
    conditions (resolved ones only; one that the reply does not settle stays unresolved)."""
    out, texts = [], list(rec.get("texts") or [])
    for p in rec.pop("pending", None) or []:
        n = p.get("answer_no") or len(texts)
        said_in = texts[n - 1] if 0 < n <= len(texts) else ""
        r = resolve(p, reply, card, said_in, texts[:max(0, n - 1)])
        if r is not None:
            out.append(dict(r, check=f"{p['check']}/resolved"))
    return out


def _accepted_plants(card: Card, rec: QuestionRecord) -> list[str]:
    """The planted mistakes this question's answers since each plant built on and never
    questioned (rubrics.plants.outcome): the interviewer asks how the candidate checked."""
    texts, found = list(rec.get("texts") or []), []
    for assist in rec.get("assists") or []:
        plant = next((p for p in card.plants if p.id == assist.get("planted")), None)
        if plant is not None and outcome(card, plant, texts[assist["after"]:]).verdict \
                == "accepted":
            found.append(plant.id)
    return found


# -- the nodes ------------------------------------------------------------------------------

def _cards(state: InterviewState, ctx: EngineContext) -> list[Card]:
    return [ctx.bank.get(q) for q in state["questions"]]


def _said(state: InterviewState) -> tuple[str, ...]:
    """What the interviewer has said in the session's recent turns (each question's dialog)."""
    return tuple(t["text"] for r in (state.get("records") or {}).values()
                 for t in r.get("dialog") or [] if t["role"] == "interviewer")


def opening(state: InterviewState, runtime: Ctx) -> dict:
    out, ctx = _Out(state), runtime.context
    out.add("interviewer", act="opening",
            text=phrases.opening_text(out.voice(), ctx.policy, _cards(state, ctx),
                                      ctx.assistant and not ctx.policy.assistant))
    return out.update(clear=True, q_index=0, turn=state.get("turn", 0), records={},
                      phase="question", started=now_iso())


def ask(state: InterviewState, runtime: Ctx) -> dict:
    out, card = _Out(state), _card(state, runtime.context)
    text = question_text(card, runtime.context.policy)
    out.add("interviewer", act="question", question=card.id, text=text)
    records = dict(state.get("records") or {})
    records[card.id] = new_record() | {"asked_at": now_iso(),
                                       "dialog": [{"role": "interviewer", "text": text}]}
    return out.update(records=records)


def wait(state: InterviewState) -> dict:
    answer = interrupt({"await": "answer", "question": state["questions"][state["q_index"]]})
    return {"answer": answer, "turn": answer["turn"], "outbox": [CLEAR]}


def assess_answer(state: InterviewState, runtime: Ctx) -> dict:
    ctx = runtime.context
    out, card = _Out(state), _card(state, ctx)
    text = state["answer"]["text"]
    rec = dict(state["records"][card.id])
    is_command = parse_command(text) is not None
    earlier = list(rec.get("texts") or [])
    a = (assess(card, text, earlier, rec["answers"] + 1) if not is_command else
         {"covered": {}, "tool_checks": [], "red_flags": {}, "first_person": True,
          "has_metric": True, "words": 0})
    if not is_command:
        a["tool_checks"] = _resolved(card, rec, text) + a["tool_checks"]
        rec["answers"] += 1
        covered = {k: list(v) for k, v in rec["covered"].items()}
        for cid, snips in a["covered"].items():
            covered.setdefault(cid, [])
            covered[cid] += [s for s in snips if s not in covered[cid]]
        rec["covered"] = covered
        rec["dialog"] = _dialog(rec, "candidate", text)
        rec["texts"] = list(rec.get("texts") or []) + [text]
        if ctx.llm is not None:
            ctx.llm.begin_turn(state.get("turn"))
            a["tool_checks"] = a["tool_checks"] + _llm_checks(ctx, out, card, text, a)
        a["accepted_plants"] = _accepted_plants(card, rec)
        for tc in a["tool_checks"]:
            if "error" in tc:
                out.add("notice", question=card.id, level="error",
                        text=f"number check {tc['check']} failed: {tc['error']}")
                continue
            rec["checks"] = rec["checks"] + [tc]
            out.add("tool_check", question=card.id, **{k: tc[k] for k in CHECK_FIELDS if k in tc})
    elapsed = _elapsed(rec.get("asked_at"), state["answer"].get("t"))
    d = decide(card, ctx.policy, rec, a, text, state["max_follow_ups"], elapsed,
               _elapsed(state.get("started"), state["answer"].get("t")),
               phrases.session_minutes(_cards(state, ctx)))
    if d.kind in FOLLOW_UP_KINDS:
        rec["follow_ups"] += 1
        if d.kind in ("challenge", "clarify"):
            rec["challenged"] = rec["challenged"] + [d.target]
        if d.kind == "clarify":   # resolved (or left unresolved) by the next answer
            rec["pending"] = [t for t in a["tool_checks"] + list(rec.get("checks") or [])
                              if t["check"] == d.target][:1]
            rec["asked"] = rec["asked"] + ["clarify"]
        elif d.kind == "probe":
            rec["probed"] = rec["probed"] + [d.target]
        elif d.kind in ("contribution", "metric", "press", "verify"):
            rec["asked"] = rec["asked"] + [d.kind]
        if d.kind == "change":
            rec["changes"] += 1
        if d.kind == "pushback":
            rec["pushback"] += 1
        if d.target and d.kind in ("change", "pushback", "deepen"):
            rec["asked"] = rec["asked"] + [d.target]
    return out.update(records={**state["records"], card.id: rec}, assessment=a,
                      decision=d.to_dict())


def assistant_turn(state: InterviewState, runtime: Ctx) -> dict:
    """The candidate asked the AI assistant (/ask): its reply, which may carry the mistake
    the round's policy plants now, as an `assistant` event; then the interview waits again.
    Refused (a notice) where the session has no assistant or forbids AI."""
    ctx = runtime.context
    out, card = _Out(state), _card(state, ctx)
    question = ask_question(state["answer"]["text"]) or ""
    refused = refusal(ctx) or ("" if question else "Ask the assistant something: /ask and "
                                                   "your question.")
    if refused:
        out.add("notice", question=card.id, level="warning", text=refused)
        return out.update()
    rec = dict(state["records"][card.id])
    plant, touches = choose_plant(card, ctx.policy, rec, question, state.get("seed", 0))
    reply, by = offline_reply(card, question, plant), "offline"
    if ctx.llm is not None:
        ctx.llm.begin_turn(state.get("turn"))
        try:
            reply, by = with_plant(ctx.llm.assist(card=card, question=question), plant), \
                ctx.llm.label
        except LLMError as exc:
            if not isinstance(exc, ModelPaused):
                out.add("notice", question=card.id, level="warning",
                        text=f"The model could not answer ({exc}); the offline assistant did.")
        finally:
            _model_notices(ctx, out, card)
    planted = plant.id if plant is not None else None
    out.add("assistant", question=card.id, ask=question, reply=reply, planted=planted, by=by)
    rec["touches"] = touches
    if planted:
        rec["planted"] = list(rec.get("planted") or []) + [planted]
    rec["assists"] = list(rec.get("assists") or []) + [
        {"ask": question, "reply": reply, "planted": planted, "after": rec["answers"]}]
    return out.update(records={**state["records"], card.id: rec})


def follow_up(state: InterviewState, runtime: Ctx) -> dict:
    out, card = _Out(state), _card(state, runtime.context)
    d = state["decision"]
    kind, target = d["kind"], d["target"]
    seen = state["assessment"]   # a challenge may be about an earlier answer's number
    if kind in ("challenge", "clarify"):
        seen = {**seen, "tool_checks": seen["tool_checks"]
                + list(state["records"][card.id].get("checks") or [])}
    text = phrases.follow_up_draft(out.voice(), card, kind, target, seen,
                                   state["records"][card.id]["asked"],
                                   policy=runtime.context.policy, answer=state["answer"]["text"],
                                   said=_said(state))
    if kind == "change":
        fu = next(f for f in card.follow_ups if f.id == target)
        out.add("requirement_change", question=card.id, follow_up=fu.id, text=fu.text)
    rec = dict(state["records"][card.id])
    text = _worded(runtime, out, card, kind, text, rec.get("dialog") or [], state.get("turn"))
    out.add("interviewer", act=act_of(kind), question=card.id, text=text, reason=d["reason"])
    rec["dialog"] = _dialog(rec, "interviewer", text)
    return out.update(records={**state["records"], card.id: rec})


def next_question(state: InterviewState, runtime: Ctx) -> dict:
    out = _Out(state)
    nxt = state["q_index"] + 1
    if nxt < len(state["questions"]):
        reason = state["decision"]["reason"]
        out.add("interviewer", act="move-on", question=_card(state, runtime.context).id,
                text=phrases.move_on_text(out.voice(), reason, runtime.context.policy.name),
                reason=reason)
    return out.update(q_index=nxt)


def wrap_up(state: InterviewState, runtime: Ctx) -> dict:
    out = _Out(state)
    out.add("interviewer", act="wrap-up",
            text=phrases.wrap_text(out.voice(), (state.get("decision") or {}).get("reason", ""),
                                   runtime.context.policy.name))
    return out.update(phase="closing", q_index=min(state["q_index"],
                                                  len(state["questions"]) - 1))


def wait_closing(state: InterviewState) -> dict:
    answer = interrupt({"await": "closing", "question": None})
    return {"answer": answer, "turn": answer["turn"], "outbox": [CLEAR]}


def grade(state: InterviewState, runtime: Ctx) -> dict:
    out, ctx = _Out(state), runtime.context
    records = state.get("records") or {}   # one per question asked (the ask node adds it)
    asked, not_asked = split_asked(list(state["questions"]), records)
    answers = Answers(ctx.policy.name, asked,
                      {q: list(r.get("texts") or []) for q, r in records.items()},
                      {q: r.get("follow_ups", 0) for q, r in records.items()}, not_asked,
                      {q: list(r.get("assists") or []) for q, r in records.items()})
    scorecard = with_verification(HeuristicJudge().grade(answers, ctx.bank), answers,
                                  ctx.bank).model_dump()
    text = (state.get("answer") or {}).get("text", "")
    out.add("interviewer", act="closing",
            text=phrases.closing_text(out.voice(), _cards(state, ctx), text, ctx.policy.name,
                                      is_command=parse_command(text) is not None))
    out.add("score", judge="heuristic", scorecard=scorecard)
    return out.update(scorecard=scorecard, phase="done")
