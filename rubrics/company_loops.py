"""Company loops: several rounds in order, each company's rule on AI tools, from one TOML file
per loop (the packaged ones in rubrics/loops/, or a user's own file). Every fact a loop states
(its style, its AI rule, its total time, each round) carries a `source`: where in the book's
chapter 1 it comes from, in our words. Validated like the cards: a problem names the file and
the field. Round types are read from vocab, so a round type added there is accepted here."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated, Literal, get_args

from pydantic import (AfterValidator, BaseModel, ConfigDict, Field, field_validator,
                      model_validator)

from .bank import Bank, DataFileError, read_toml_model
from .rounds import get_policy
from .schema import THEMES
from .vocab import ROUND_TYPES

LOOPS_DIR = Path(__file__).parent / "loops"

# What a loop allows of AI tools, declared once. "allowed": the rounds that say so have the
# assistant; "build-with-ai": a build round is done with AI tools and reviewed on how they were
# used; "forbidden": never, and the loop says so at the start; "unpublished": the company
# publishes no rule, so the assistant is off and the loop says to ask the recruiter.
AiRule = Literal["allowed", "build-with-ai", "forbidden", "unpublished"]
AI_RULES: tuple[AiRule, ...] = get_args(AiRule)
ASSISTANT_OFF: frozenset[str] = frozenset({"forbidden", "unpublished"})
AI_RULE_TEXT: dict[str, str] = {
    "allowed": "AI is allowed where a round says so: the assistant is on in those rounds only.",
    "build-with-ai": "You build with AI tools (the assistant is on in the build), and the "
                     "review asks how you used them.",
    "forbidden": "AI is forbidden in this loop: the assistant is off in every round, and "
                 "/ask is refused.",
    "unpublished": "This company publishes no rule on AI tools, so the assistant is off; ask "
                   "your recruiter which rounds allow AI.",
}


class LoopError(DataFileError):
    """A loop file that cannot be read or does not validate, or a loop name that is unknown."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _nonblank(v: str) -> str:
    if not v.strip():
        raise ValueError("must not be empty")
    return v.strip()


Text = Annotated[str, AfterValidator(_nonblank)]


class AiRuleSpec(_Strict):
    rule: AiRule
    source: Text



class TotalTime(_Strict):
    minutes: int = Field(ge=1)
    source: Text



class LoopRound(_Strict):
    type: str                      # a round type of rubrics/vocab.py
    title: str | None = None       # what the loop calls it ("AI-enabled coding screen")
    cards: list[str] = Field(default_factory=list)   # the questions, in order, or:
    theme: str | None = None       # draw from the cards of this theme usually asked in the round
    questions: int | None = Field(default=None, ge=1)   # how many to draw (theme or neither)
    minutes: int = Field(ge=1)
    assistant: bool = False        # the in-interview AI assistant is on in this round
    brief: str | None = None       # said at the start of the round, before its first question
    source: Text


    @field_validator("type")
    @classmethod
    def _known_type(cls, v: str) -> str:
        if v not in ROUND_TYPES:
            raise ValueError(f"unknown round type {v!r}; valid: {', '.join(ROUND_TYPES)}")
        return v

    @field_validator("theme")
    @classmethod
    def _known_theme(cls, v: str | None) -> str | None:
        if v is not None and v not in THEMES:
            raise ValueError(f"unknown theme {v!r}; valid: {', '.join(THEMES)}")
        return v

    @model_validator(mode="after")
    def _cards_or_theme(self):
        if self.cards and self.theme:
            raise ValueError("theme: give cards or a theme, not both")
        if self.cards and self.questions is not None:
            raise ValueError("questions: the round asks its listed cards; drop `questions`")
        return self

    @property
    def label(self) -> str:
        return self.title or get_policy(self.type).title


class Loop(_Strict):
    name: str
    title: Text
    company: Text
    style: Text                    # how this company runs the loop, in a sentence
    source: Text                   # where the style comes from
    ai: AiRuleSpec
    total: TotalTime
    rounds: list[LoopRound]

    @field_validator("name")
    @classmethod
    def _slug(cls, v: str) -> str:
        if not v or not all(c.isalnum() or c == "-" for c in v) or v != v.lower():
            raise ValueError(f"{v!r} must be lower-case letters, digits and dashes")
        return v


    @field_validator("rounds")
    @classmethod
    def _some_rounds(cls, v: list[LoopRound]) -> list[LoopRound]:
        if not v:
            raise ValueError("a loop needs at least one round")
        return v

    @model_validator(mode="after")
    def _consistent(self):
        for i, r in enumerate(self.rounds):
            if r.assistant and self.ai.rule in ASSISTANT_OFF:
                raise ValueError(f"rounds[{i}].assistant: the loop's AI rule is "
                                 f"{self.ai.rule!r}, so no round may have the assistant")
        minutes = sum(r.minutes for r in self.rounds)
        if minutes != self.total.minutes:
            raise ValueError(f"total.minutes: {self.total.minutes} is not the rounds' sum "
                             f"({' + '.join(str(r.minutes) for r in self.rounds)} = {minutes})")
        return self

    @property
    def assistant_rounds(self) -> int:
        return sum(r.assistant for r in self.rounds)


def check_cards(loop: Loop, bank: Bank, path: Path | str) -> None:
    """The questions each round asks exist in the bank (or its theme has some for its round)."""
    problems = []
    for i, r in enumerate(loop.rounds):
        for j, card in enumerate(r.cards):
            try:
                bank.get(card)
            except KeyError:
                problems.append(f"field rounds[{i}].cards[{j}]: unknown card {card!r}; "
                                f"valid ids: {', '.join(bank.ids())}")
        if not r.cards and not bank.filter(round=r.type, theme=r.theme):
            where = f" in theme {r.theme!r}" if r.theme else ""
            problems.append(f"field rounds[{i}].theme: no cards{where} for the {r.type} round")
    if problems:
        raise LoopError(path, problems)


def load_loop(path: Path | str, bank: Bank) -> Loop:
    """Read and validate one loop file, its cards checked against `bank`."""
    loop = read_toml_model(path, Loop, LoopError)
    check_cards(loop, bank, path)
    return loop


def loop_paths(directory: Path | str | None = None) -> dict[str, Path]:
    """The packaged loops by name (the file's stem is the loop's name)."""
    d = Path(directory) if directory is not None else LOOPS_DIR
    return {p.stem: p for p in sorted(d.glob("*.toml"))}


def find_loop(name: str, bank: Bank, directory: Path | str | None = None) -> Loop:
    """A packaged loop by name; an unknown name lists the known ones."""
    paths = loop_paths(directory)
    if name not in paths:
        raise LoopError(f"loop {name!r}", [f"unknown; known loops: {', '.join(paths) or 'none'}"
                                           " (or run your own file with --file PATH)"])
    loop = load_loop(paths[name], bank)
    if loop.name != name:
        raise LoopError(paths[name], [f"field name: {loop.name!r} does not match the file "
                                      f"name {name!r}"])
    return loop


def all_loops(bank: Bank, directory: Path | str | None = None) -> list[Loop]:
    return [find_loop(name, bank, directory) for name in loop_paths(directory)]


def round_questions(r: LoopRound, bank: Bank, seed: int) -> list[str] | None:
    """The questions a round asks: its cards, else drawn (seeded) from its theme's cards for
    its round type, else None (the session draws from the round's pool)."""
    if r.cards:
        return [bank.get(c).id for c in r.cards]
    if r.theme is None:
        return None
    pool = [c.id for c in bank.filter(round=r.type, theme=r.theme)]
    n = r.questions or get_policy(r.type).default_questions
    return random.Random(seed).sample(pool, min(n, len(pool)))
