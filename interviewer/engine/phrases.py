"""The offline interviewer's wording. The words are data: phrases.toml beside this module, one
table per move with lines per round, loaded and validated here. This module picks a line with
a seeded RNG, so a session reads naturally yet replays identically, avoids a lead-in already
said in the session, and says an acknowledgement only where the reading of the answer earned
one (reading.py): never after a wrong number, a red flag or the poor level's mistake, never a
quote of the candidate's words. Never quotes the rubric or the model answer."""
from __future__ import annotations

import random
import re
import string
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from rubrics import Card
from rubrics.bank import DataFileError, read_toml_model
from rubrics.claims.wording import conditions_phrase
from rubrics.rounds import RoundPolicy
from rubrics.schema import compile_all
from rubrics.vocab import ROUND_TYPES
from tools.units import format_value

from . import reading
from .selection import spoken_question
from .state import Assessment

PHRASES_FILE = Path(__file__).with_name("phrases.toml")

CHALLENGE = [
    "Let me stop you on one number. You put {quantity} at {claimed}. With {conditions}, I get "
    "{computed}. Can you reconcile the two?",
    "Before we go on: you said {claimed} for {quantity}. With {conditions}, my arithmetic "
    "gives {computed}. Where does the difference come from?",
    "I want to check a figure. {quantity}: you said {claimed}; with {conditions} I get "
    "{computed}. Which one do you stand by?",
]
CLARIFY = [
    "Quick check on {claimed} for {quantity}: {asks}",
    "Before I check {claimed}: {asks}",
    "One thing about {claimed} ({quantity}). {asks}",
]

# Each move of phrases.toml: the placeholders every line must use, and those it may use.
_S = frozenset
MOVES: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "greeting": (_S({"title"}), _S({"title"})),
    "plan": (_S({"count", "minutes"}), _S({"count", "minutes"})),
    "about": (_S(), _S()),
    "assistant_allowed": (_S(), _S()),
    "ack_numbers": (_S(), _S()),
    "ack_solid": (_S(), _S()),
    "probe": (_S({"probe"}), _S({"probe"})),
    "deepen": (_S({"text"}), _S({"text"})),
    "change": (_S({"text"}), _S({"text"})),
    "pushback": (_S({"text"}), _S({"text"})),
    "pushback_plain": (_S(), _S()),
    "press_thin": (_S(), _S()),
    "press_off": (_S({"question"}), _S({"question"})),
    "contribution": (_S(), _S()),
    "metric": (_S(), _S()),
    "verify": (_S(), _S()),
    "move_on": (_S(), _S()),
    "time_up": (_S(), _S()),
    "skipped": (_S(), _S()),
    "wrap": (_S(), _S()),
    "wrap_time": (_S(), _S()),
    "wrap_ended": (_S(), _S()),
    "closing": (_S(), _S()),
    "closing_answer": (_S({"answer"}), _S({"answer"})),
    "closing_unknown": (_S(), _S()),
}
# Placeholders that stand for whole sentences: a line may only put one where a sentence starts.
_SENTENCES = {"probe", "text", "question", "answer"}
Topic = Literal["success", "team", "role"]


class PhraseFileError(DataFileError):
    """The phrase file cannot be read or does not validate."""


def opener(text: str) -> str:
    """The first three words of a line, lowercased: what makes lines sound alike."""
    return " ".join(re.findall(r"[\w'{}-]+", text.lower())[:3])


def _lead(template: str) -> str:
    """The fixed words before a line's first placeholder."""
    return template.split("{", 1)[0].strip()


class NoQuestion(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    patterns: list[str] = Field(min_length=1)
    _check = field_validator("patterns")(compile_all)


class PhraseBank(BaseModel):
    """phrases.toml: per move, `default` lines and lines for a round that replace them."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    moves: dict[str, dict[str, list[str]]]
    closing_topics: dict[Topic, list[str]]
    no_question: NoQuestion

    @field_validator("closing_topics")
    @classmethod
    def _topics(cls, v: dict) -> dict:
        for topic, patterns in v.items():
            if not patterns:
                raise ValueError(f"{topic}: no patterns")
            compile_all(patterns)
        return v

    @model_validator(mode="after")
    def _lines(self) -> "PhraseBank":
        missing = sorted(set(MOVES) - set(self.moves))
        unknown = sorted(set(self.moves) - set(MOVES))
        if missing or unknown:
            raise ValueError("moves: " + "; ".join(
                ([f"missing {', '.join(missing)}"] if missing else [])
                + ([f"unknown {', '.join(unknown)}"] if unknown else [])))
        fmt = string.Formatter()
        for move, rounds in self.moves.items():
            required, allowed = MOVES[move]
            bad = sorted(set(rounds) - {"default", *ROUND_TYPES})
            if bad or "default" not in rounds:
                raise ValueError(f"moves: {move}: " + (f"unknown round {bad[0]}" if bad
                                                      else "no default lines"))
            for where, lines in rounds.items():
                at = f"moves: {move}.{where}"
                if not lines:
                    raise ValueError(f"{at}: no lines")
                openers: dict[str, int] = {}
                for i, line in enumerate(lines):
                    try:
                        names = [f for _, f, _, _ in fmt.parse(line) if f is not None]
                    except ValueError as exc:
                        raise ValueError(f"{at}[{i}]: {exc}") from None
                    if set(names) - allowed or required - set(names):
                        raise ValueError(f"{at}[{i}]: uses {sorted(names) or 'no placeholder'}; "
                                         f"this move needs {sorted(required) or 'none'}")
                    for name in set(names) & _SENTENCES:
                        before = line.split("{" + name + "}", 1)[0].rstrip(" ")
                        if before and before[-1] not in ".?!:":
                            raise ValueError(f"{at}[{i}]: {{{name}}} is a sentence; put it "
                                             "where a sentence starts")
                    if len(line) > 300:
                        raise ValueError(f"{at}[{i}]: over 300 characters")
                    o = opener(line)
                    if o in openers:
                        raise ValueError(f"{at}[{i}]: starts like line {openers[o]} ({o!r})")
                    openers[o] = i
        return self

    def lines(self, move: str, round_name: str | None = None) -> list[str]:
        rounds = self.moves[move]
        return rounds.get(round_name or "default") or rounds["default"]


def load_phrases(path: Path | str = PHRASES_FILE) -> PhraseBank:
    return read_toml_model(path, PhraseBank, PhraseFileError)


@lru_cache(maxsize=1)
def phrase_bank() -> PhraseBank:
    return load_phrases()


class Voice:
    """Deterministic phrase picker: the same seed and event number give the same words."""

    def __init__(self, seed: int, counter: int):
        self.rng = random.Random(f"{seed}:{counter}")

    def pick(self, options: list[str], avoid: tuple[str, ...] | list[str] = (), **kw) -> str:
        """One of `options`, filled in; lines whose lead-in was already said (in `avoid`) are
        passed over while any other is left."""
        fresh = [o for o in options if not (_lead(o) and any(_lead(o) in t for t in avoid))]
        return self.rng.choice(fresh or options).format(**kw)

    def line(self, move: str, round_name: str | None = None,
             avoid: tuple[str, ...] | list[str] = (), **kw) -> str:
        return self.pick(phrase_bank().lines(move, round_name), avoid, **kw)


_COUNTS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]


def _count(n: int) -> str:
    word = _COUNTS[n] if n < len(_COUNTS) else str(n)
    return f"{word} question{'s' if n != 1 else ''}"


def session_minutes(cards: list[Card]) -> int:
    """The session's real budget: its questions' budgets, from the cards."""
    return sum(c.budget_minutes for c in cards)


def opening_text(v: Voice, policy: RoundPolicy, cards: list[Card],
                 assistant_allowed: bool = False) -> str:
    """The greeting: who, what the round is, and the real plan (question count and minutes);
    `assistant_allowed`: the interview opens a round that has no assistant of its own to AI
    (a loop's AI-enabled coding screen), which the candidate is told."""
    said = [v.line("greeting", policy.name, title=policy.title), v.line("about", policy.name)]
    if assistant_allowed:
        said.append(v.line("assistant_allowed", policy.name))
    return " ".join(said + [v.line("plan", policy.name, count=_count(len(cards)),
                                   minutes=session_minutes(cards))])


def _ack(v: Voice, card: Card, assessment: Assessment, answer: str, round_name: str | None,
         said: tuple[str, ...]) -> str:
    """An acknowledgement the answer earned, with a trailing space; else nothing."""
    earned = reading.praise(card, assessment, answer) if answer else None
    if earned is None:
        return ""
    return v.line("ack_numbers" if earned == "numbers" else "ack_solid", round_name, said) + " "


def follow_up_draft(v: Voice, card: Card, kind: str, target: str | None,
                    assessment: Assessment, asked: list[str], *,
                    policy: RoundPolicy | None = None, answer: str = "",
                    said: tuple[str, ...] = ()) -> str:
    """The offline interviewer's words for a follow-up the router chose (the model, if any,
    rewords this draft). `asked`: the follow-ups already asked on this question; `answer`:
    the answer it follows; `said`: what the interviewer has said so far (lead-ins already
    used there are not used again while others are left)."""
    by_id = {f.id: f for f in card.follow_ups}
    round_name = policy.name if policy is not None else None
    in_character = policy is not None and policy.persona and card.persona is not None
    if kind in ("challenge", "clarify"):   # always with the conditions used, in human units
        tc = next(t for t in assessment["tool_checks"] if t.get("check") == target)
        conditions = (conditions_phrase(tc.get("conditions") or {})
                      or ", ".join(f"{k} {val}" for k, val in tc["args"].items()))
        return v.pick(CHALLENGE if kind == "challenge" else CLARIFY, quantity=tc["quantity"],
                      claimed=tc["claimed_text"], computed=format_value(tc["computed"], tc["unit"]),
                      conditions=conditions, asks=tc.get("asks") or "")
    if kind == "press":
        if target == reading.OFF_QUESTION:
            return v.line("press_off", round_name, said,
                          question=spoken_question(card, policy))
        return v.line("press_thin", round_name, said)
    if kind == "pushback":
        if target:
            return v.line("pushback", round_name, said, text=by_id[target].text)
        return v.line("pushback_plain", round_name, said)
    if kind in ("contribution", "metric"):
        own = [f for f in card.follow_ups if f.kind == kind and f.id not in asked]
        return own[0].text if own else v.line(kind, round_name, said)
    if kind == "verify":   # never names the mistake: the candidate is to find it
        return v.line("verify", round_name, said)
    ack = _ack(v, card, assessment, answer, round_name, said)
    if kind == "probe":
        crit = next(c for c in card.criteria if c.id == target)
        probe = (card.persona.probes.get(crit.id) if in_character else None) or crit.probe
        return ack + v.line("probe", round_name, said, probe=probe)
    if kind == "change":
        return ack + v.line("change", round_name, said, text=by_id[target].text)
    return ack + v.line("deepen", round_name, said, text=by_id[target].text)


def move_on_text(v: Voice, reason: str, round_name: str | None) -> str:
    move = ("skipped" if "skipped" in reason else "time_up" if "budget" in reason
            else "move_on")
    return v.line(move, round_name)


def wrap_text(v: Voice, reason: str, round_name: str | None) -> str:
    """The end of the questions, said as it is: the candidate ended it, the time is up (only
    when a budget ran out), or the questions are done."""
    move = ("wrap_ended" if "candidate ended" in reason else "wrap_time" if "budget" in reason
            else "wrap")
    return v.line(move, round_name)


_ASKS = re.compile(r"\?|^\W*(what|how|who|whom|which|where|when|why|is|are|does|do|did|can|"
                   r"could|would|will|should)\b|\b(I.d (like|love) to (know|hear|ask)|I.m "
                   r"curious|I wonder|tell me (more )?about|my question)\b", re.IGNORECASE)


def closing_text(v: Voice, cards: list[Card], text: str, round_name: str | None,
                 is_command: bool = False) -> str:
    """The last words: an answer to the candidate's question about the job, from the cards'
    `closing` data where they have one for its topic (else an honest 'ask the recruiter'),
    then the thanks. No question, no answer."""
    bank = phrase_bank()
    thanks = v.line("closing", round_name)
    text = (text or "").strip()
    if (is_command or not text or not _ASKS.search(text)
            or any(re.search(p, text, re.IGNORECASE) for p in bank.no_question.patterns)):
        return thanks
    topic = next((t for t, ps in bank.closing_topics.items()
                  if any(re.search(p, text, re.IGNORECASE) for p in ps)), None)
    answer = next((getattr(c.closing, topic) for c in cards
                   if topic and c.closing is not None and getattr(c.closing, topic)), None)
    said = (v.line("closing_answer", round_name, answer=answer) if answer
            else v.line("closing_unknown", round_name))
    return f"{said} {thanks}"
