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
from ..judges.closing import ClosingJudge
from ..judges.verification import with_verification
from ..llm.base import LLMError
from . import coding, model_reading, phrases, reading
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
            dialog: list[DialogTurn], turn: int | None, no_praise: bool = False) -> str:
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
                             dialog=dialog, on_text=on_text, no_praise=no_praise)
    except ModelPaused:
        return draft   # the breaker is open: said once when it opened
    except (LLMError, Leak) as exc:
        if streamed or ctx.llm.spoke:   # spoke: shown from the reading's node already
            writer({"event": event_id, "reset": True})
        out.add("notice", question=card.id, level="warning",
                text=f"The model could not word this turn ({exc}); the offline interviewer "
                     "asked it instead.")
        return draft
    finally:
        _model_notices(ctx, out, card)


def _reading_failed(out: _Out, card: Card, exc: LLMError) -> None:
    out.add("notice", question=card.id, level="warning",
            text=f"The model could not read this answer ({exc}); the offline reading chose "
                 "the follow-up.")


def _start_reading(ctx: EngineContext, out: _Out, card: Card, text: str, turn):
    """Start the model's reading of the answer (None while the breaker is open, or out of
    time: the offline reading decides alone)."""
    ctx.llm.begin_turn(turn)
    try:
        return ctx.llm.start_reading(card=card, answer=text, turn=turn)
    except ModelPaused:
        return None   # the breaker is open: said once when it opened
    except LLMError as exc:
        _reading_failed(out, card, exc)
        return None
    finally:
        _model_notices(ctx, out, card)


def _model_read(ctx: EngineContext, out: _Out, card: Card, text: str, earlier: list[str],
                answer_no: int, a: Assessment, pending) -> Assessment | None:
    """The offline reading merged with the model's (model_reading.merge), or None when the
    model's reading failed (timeout, a reply that is not the schema, the breaker): then the
    offline reading stands, and a notice says why."""
    try:
        r = ctx.llm.finish_reading(pending)
    except ModelPaused:
        return None
    except LLMError as exc:
        _reading_failed(out, card, exc)
        return None
    finally:
        _model_notices(ctx, out, card)
    covered, dropped = model_reading.verified_covers(card, text, r)
    checks, notes = model_reading.claim_checks(card, text, earlier, r, answer_no)
    if dropped:
        notes.append(f"the model's reading quoted words the answer does not hold "
                     f"({len(dropped)} quote(s)); set aside")
    for note in notes:
        out.add("notice", question=card.id, level="info", text=note)
    merged, _ = model_reading.merge(a, covered, checks, r)
    return merged


def _record_checks(out: _Out, card: Card, rec: QuestionRecord, checks: list[dict]) -> None:
    for tc in checks:
        if "error" in tc:
            out.add("notice", question=card.id, level="error",
                    text=f"number check {tc['check']} failed: {tc['error']}")
            continue
        rec["checks"] = rec["checks"] + [tc]
        out.add("tool_check", question=card.id, **{k: tc[k] for k in CHECK_FIELDS if k in tc})


def _add_covered(rec: QuestionRecord, found: dict[str, list[str]]) -> None:
    covered = {k: list(v) for k, v in rec["covered"].items()}
    for cid, snips in found.items():
        covered.setdefault(cid, [])
        covered[cid] += [s for s in snips if s not in covered[cid]]
    rec["covered"] = covered


def _applied(rec: QuestionRecord, d, a: Assessment) -> QuestionRecord:
    """The record after the router's decision: what it asks is remembered (a copy)."""
    rec = dict(rec)
    if d.kind not in FOLLOW_UP_KINDS:
        return rec
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
    return rec


def _draft(voice: phrases.Voice, state: InterviewState, ctx: EngineContext, card: Card,
           kind: str, target: str | None, a: Assessment, rec: QuestionRecord) -> str:
    """The offline wording of a follow-up (a challenge may be about an earlier answer's
    number, so the question's checks are in view)."""
    seen = a
    if kind in ("challenge", "clarify"):
        seen = {**a, "tool_checks": a["tool_checks"] + list(rec.get("checks") or [])}
    return phrases.follow_up_draft(voice, card, kind, target, seen, rec["asked"],
                                   policy=ctx.policy, answer=state["answer"]["text"],
                                   said=_said(state))


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


def _problem(ctx: EngineContext, card: Card, out: _Out | None = None):
    """The card's runnable problem in a round that runs code; None otherwise, and None for a
    problem whose files do not load (said as a notice naming the file, when `out` is given:
    the interview goes on without runs)."""
    if not ctx.policy.runs_code or ctx.problem is None:
        return None
    try:
        return ctx.problem(card.id)
    except Exception as exc:
        if out is not None:
            out.add("notice", question=card.id, level="error",
                    text=f"The runnable problem of {card.id} could not be loaded, so your code "
                         f"will not be run: {exc}")
        return None


def ask(state: InterviewState, runtime: Ctx) -> dict:
    ctx = runtime.context
    out, card = _Out(state), _card(state, ctx)
    text = question_text(card, ctx.policy)
    problem, extra = _problem(ctx, card, out), {}
    out.add("interviewer", act="question", question=card.id, text=text)
    if problem is not None and problem.parts:
        # part 1, said after the question as it was previewed (the app paints it early)
        first = min(problem.parts, key=lambda p: p.number)
        if not any((r.get("runs") is not None) for r in (state.get("records") or {}).values()):
            _isolation_notice(ctx, out, card)   # once a session, before its first run
        intro = coding.part_intro(problem, first)
        out.add("interviewer", act="run", question=card.id, text=intro)
        text += "\n" + intro
        extra = {"part": first.number, "part_at": now_iso(), "runs": []}
    records = dict(state.get("records") or {})
    records[card.id] = new_record() | {"asked_at": now_iso(),
                                       "dialog": [{"role": "interviewer", "text": text}]} | extra
    return out.update(records=records)


def _isolation_notice(ctx: EngineContext, out: _Out, card: Card) -> None:
    if ctx.isolation is None:
        return
    try:
        said = coding.isolation_notice(ctx.isolation())
    except Exception as exc:   # a probe that fails says so; the interview goes on
        said = f"Could not check how your code will be isolated: {exc}"
    if said:
        out.add("notice", question=card.id, level="warning", text=said)


def wait(state: InterviewState) -> dict:
    answer = interrupt({"await": "answer", "question": state["questions"][state["q_index"]]})
    return {"answer": answer, "turn": answer["turn"], "outbox": [CLEAR]}


def _offline(state: InterviewState, ctx: EngineContext, out: _Out, card: Card):
    """The offline reading of the answer and the move it chooses: (record, reading,
    decision, whether the answer was a command). Events go to `out`."""
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
        _add_covered(rec, a["covered"])
        rec["dialog"] = _dialog(rec, "candidate", text)
        rec["texts"] = list(rec.get("texts") or []) + [text]
        a["accepted_plants"] = _accepted_plants(card, rec)
        _record_checks(out, card, rec, a["tool_checks"])
    return rec, a, _decide(state, ctx, card, rec, a, text), is_command


def _speculate(state: InterviewState, ctx: EngineContext, out: _Out, card: Card,
               rec: QuestionRecord, a: Assessment, d) -> None:
    """Word the likely move off screen while the model reads (the words it would get)."""
    if d.kind in FOLLOW_UP_KINDS:
        likely = _applied(rec, d, a)
        draft = _draft(phrases.Voice(out.seed, out.n + 1), state, ctx, card, d.kind, d.target,
                       a, likely)
        ctx.llm.speculate(card=card, policy=ctx.policy, kind=d.kind, draft=draft,
                          dialog=likely.get("dialog") or [])


def speculate_early(state: InterviewState, ctx: EngineContext) -> None:
    """As an answer is submitted, before the graph runs (Session.answer): word the move the
    offline reading will choose, held off screen, so that the wording's first token is not
    behind the engine's own steps. `state` is the checkpoint's, with the answer set as the
    `wait` node sets it; the assess node takes the held wording over when it words the same."""
    out, card = _Out(state), _card(state, ctx)
    rec, a, d, is_command = _offline(state, ctx, out, card)
    if not is_command:
        _speculate(state, ctx, out, card, rec, a, d)


def assess_answer(state: InterviewState, runtime: Ctx) -> dict:
    ctx = runtime.context
    out, card = _Out(state), _card(state, ctx)
    text = state["answer"]["text"]
    earlier = list(state["records"][card.id].get("texts") or [])
    # the model reads while the offline reading runs (it takes tens of ms)
    pending = (_start_reading(ctx, out, card, text, state.get("turn"))
               if ctx.llm is not None and parse_command(text) is None else None)
    rec, a, d, _ = _offline(state, ctx, out, card)
    n = out.n   # the draft's words: seeded after the offline reading's events (a Voice is used once)
    voice = lambda: phrases.Voice(out.seed, n + 1)   # noqa: E731
    if pending is not None:
        _speculate(state, ctx, out, card, rec, a, d)   # kept if already held from the submit
        merged = _model_read(ctx, out, card, text, earlier, rec["answers"], a, pending)
        if merged is not None:
            known = len(a["tool_checks"])
            _add_covered(rec, merged["covered"])
            _record_checks(out, card, rec, merged["tool_checks"][known:])
            a = merged
            d = _decide(state, ctx, card, rec, a, text)
    rec = _applied(rec, d, a)
    draft = (_draft(voice(), state, ctx, card, d.kind, d.target, a, rec)
             if d.kind in FOLLOW_UP_KINDS else None)
    if ctx.llm is not None and draft is None:
        ctx.llm.drop_speculation()   # nothing to word: stop the held call now
    elif ctx.llm is not None:   # the move is known: its held wording goes on screen now
        writer = runtime.stream_writer
        event_id = f"g{out.n + (2 if d.kind == 'change' else 1)}"   # as follow_up numbers it
        ctx.llm.show_held(card=card, policy=ctx.policy, kind=d.kind, draft=draft,
                          dialog=rec.get("dialog") or [],
                          on_text=lambda piece: writer({"event": event_id, "delta": piece}))
    return out.update(records={**state["records"], card.id: rec}, assessment=a,
                      decision=d.to_dict(), draft=draft)


def _decide(state: InterviewState, ctx: EngineContext, card: Card, rec: QuestionRecord,
            a: Assessment, text: str):
    elapsed = _elapsed(rec.get("asked_at"), state["answer"].get("t"))
    return decide(card, ctx.policy, rec, a, text, state["max_follow_ups"], elapsed,
                  _elapsed(state.get("started"), state["answer"].get("t")),
                  phrases.session_minutes(_cards(state, ctx)),
                  run=bool(state["answer"].get("run")))


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
    out, ctx = _Out(state), runtime.context
    card = _card(state, ctx)
    d = state["decision"]
    kind, target = d["kind"], d["target"]
    rec = dict(state["records"][card.id])
    # the draft assess chose with the decision (a checkpoint from before drafts were kept:
    # the same words, made here)
    text = state.get("draft") or _draft(out.voice(), state, ctx, card, kind, target,
                                        state["assessment"], rec)
    if kind == "change":
        fu = next(f for f in card.follow_ups if f.id == target)
        out.add("requirement_change", question=card.id, follow_up=fu.id, text=fu.text)
    no_praise = kind == "press" or reading.wrong_in(card, state["assessment"],
                                                    state["answer"]["text"])
    text = _worded(runtime, out, card, kind, text, rec.get("dialog") or [], state.get("turn"),
                   no_praise)
    out.add("interviewer", act=act_of(kind), question=card.id, text=text, reason=d["reason"])
    rec["dialog"] = _dialog(rec, "interviewer", text)
    return out.update(records={**state["records"], card.id: rec})


def run_code(state: InterviewState, runtime: Ctx) -> dict:
    """Run the candidate's latest code against the examples and the current part's hidden
    tests, record the run, and report it as an interviewer would: what failed (a hint, never
    a hidden test), the next part when this one passes or its minutes are up, the
    complexity question after the last."""
    ctx = runtime.context
    out, card = _Out(state), _card(state, ctx)
    rec = dict(state["records"][card.id])
    problem = _problem(ctx, card)
    part = coding.part_of(problem, rec.get("part") or 0) if problem is not None else None
    code = coding.latest_code(list(rec.get("texts") or []))
    if part is None or ctx.run_code is None:
        words = ("Nothing runs in this round: talk me through it instead."
                 if not ctx.policy.runs_code else
                 "I can't run code for this question: walk me through how you'd test it.")
    elif code is None:
        words = ("There's no code to run yet: write it in a ``` block (or the editor), then "
                 "/run.")
    else:
        event = coding.run(ctx.run_code, problem, part, code)
        event["part_started"] = rec.get("part_at")
        out.add("code_run", question=card.id, **event)
        ran_at = out.events[-1]["t"]   # the next part's clock starts with the run revealing it
        nxt = coding.part_of(problem, part.number + 1)
        ok = coding.passed(event)
        used = _elapsed(rec.get("part_at"), ran_at)
        time_up = used is not None and used > part.minutes * 60
        words = coding.report_words(problem, part, event, last=nxt is None, time_up=time_up)
        rec["runs"] = list(rec.get("runs") or []) + [
            {k: event.get(k) for k in ("part", "passed", "failed", "errors", "timed_out",
                                       "problem", "coverage", "candidate_passed",
                                       "candidate_failed", "part_started")}
            | {"t": ran_at}]
        if nxt is not None and (ok or time_up):
            said = coding.reveal_words(nxt)
            out.add("requirement_change", question=card.id, follow_up=f"part-{nxt.number}",
                    text=nxt.requirement)
            words += " " + said
            rec["part"], rec["part_at"] = nxt.number, ran_at
        elif ok and not rec.get("solved"):
            rec["solved"] = True
            if part.after_pass:
                words += " " + part.after_pass
    out.add("interviewer", act="run", question=card.id, text=words,
            reason="the candidate ran their code")
    rec["dialog"] = _dialog(rec, "interviewer", words)
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
                      runs={q: list(r["runs"]) for q, r in records.items() if r.get("runs")},
                      assists={q: list(r.get("assists") or []) for q, r in records.items()})
    closing = ctx.judge or ClosingJudge()
    breaker = getattr(ctx.llm, "breaker", None)
    result = closing.grade(answers, ctx.bank, getattr(ctx.llm, "backend", None),
                           unavailable="the model server is not answering (circuit open)"
                           if breaker is not None and breaker.is_open else None)
    scorecard = with_verification(result.scorecard, answers, ctx.bank).model_dump()
    text = (state.get("answer") or {}).get("text", "")
    out.add("interviewer", act="closing",
            text=phrases.closing_text(out.voice(), _cards(state, ctx), text, ctx.policy.name,
                                      is_command=parse_command(text) is not None))
    for level, notice in result.notices:   # why the LLM judge did not grade, if it did not
        out.add("notice", level=level, text=notice)
    out.add("score", judge=result.scorecard.judge.name, scorecard=scorecard)
    return out.update(scorecard=scorecard, phase="done")
