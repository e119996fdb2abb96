"""Loading question cards from their TOML files, with errors that name the file and
the field, and the bank as a read-only collection with filters."""
from __future__ import annotations

import hashlib
import os
import pickle
import re
import sys
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from .fastregex import pattern_table, seed_patterns
from .schema import THEMES, Card
from .vocab import ROUND_TYPES

CARDS_DIR = Path(__file__).parent / "cards"
M = TypeVar("M", bound=BaseModel)


class DataFileError(ValueError):
    """A data file (a card, a pattern file) that cannot be read or does not validate: names
    the file and each field at fault."""

    def __init__(self, path: Path | str, problems: list[str]):
        self.path, self.problems = str(path), problems
        super().__init__(f"{path}: " + "; ".join(problems))


class CardError(DataFileError):
    """A card file that cannot be read or does not validate."""


def _loc(loc: tuple) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "<card>"


def read_toml_model(path: Path | str, model: type[M], error: type[DataFileError]) -> M:
    """Parse a TOML file and validate it as `model`; any problem raises `error` naming the
    file and the field."""
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise error(p, [f"cannot read: {exc.strerror or exc}"]) from None
    except tomllib.TOMLDecodeError as exc:   # its message carries line and column
        raise error(p, [f"not valid TOML: {exc}"]) from None
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            msg = err["msg"].removeprefix("Value error, ")
            loc = _loc(err["loc"])
            named = re.match(r"([a-z_][\w.\[\]]*): (.*)", msg, re.DOTALL)   # rounds[2].x
            if loc == "<card>" and named:   # a whole-card check names its field in the message
                loc, msg = named.groups()
            problems.append(f"field {loc}: {msg}")
        raise error(p, problems) from None


def load_card(path: Path | str) -> Card:
    """Parse and validate one card file. The card's id must match the file name."""
    p = Path(path)
    card = read_toml_model(p, Card, CardError)
    if card.id != p.stem:
        raise CardError(p, [f"field id: {card.id!r} does not match the file name {p.stem!r}"])
    return card


class Bank:
    """All cards, in the book's order (q01..q33, then chapter 1's extras)."""

    def __init__(self, cards: list[Card]):
        self.cards = sorted(cards, key=lambda c: (c.id[0] != "q", c.id))
        self._by_id = {c.id: c for c in self.cards}

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self):
        return iter(self.cards)

    def ids(self) -> list[str]:
        return [c.id for c in self.cards]

    def get(self, card_id: str) -> Card:
        key = card_id.strip().lower()
        if key.isdigit():
            key = f"q{int(key):02d}"
        if key not in self._by_id:
            raise KeyError(f"unknown question {card_id!r}; valid ids: {', '.join(self.ids())}")
        return self._by_id[key]

    def filter(self, round: str | None = None, theme: str | None = None,
               chapter: int | None = None) -> list[Card]:
        if round is not None and round not in ROUND_TYPES:
            raise KeyError(f"unknown round {round!r}; valid rounds: {', '.join(ROUND_TYPES)}")
        if theme is not None and theme not in THEMES:
            raise KeyError(f"unknown theme {theme!r}; valid themes: {', '.join(THEMES)}")
        if chapter is not None and not any(c.chapter == chapter for c in self.cards):
            chapters = sorted({c.chapter for c in self.cards})
            raise KeyError(f"no cards in chapter {chapter}; chapters: "
                           f"{', '.join(map(str, chapters))}")
        return [c for c in self.cards
                if (round is None or round in c.rounds) and (theme is None or c.theme == theme)
                and (chapter is None or c.chapter == chapter)]


def _cache_path(paths: list[Path]) -> Path | None:
    """Where a validated copy of exactly these card files is kept: the key hashes their names
    and contents, so any edit means a fresh, fully validated load."""
    try:
        # the schema's and the matcher's source are part of the key: a new field or a new
        # way of searching means a fresh load
        h = hashlib.sha256(f"{sys.version_info[:2]}|{Card.__module__}".encode())
        h.update(Path(sys.modules[Card.__module__].__file__).read_bytes())
        for src in sorted((Path(__file__).parent / "fastregex").glob("*.py")):
            h.update(src.read_bytes())   # the accelerator builds the pattern table
        for p in paths:
            h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
        root = os.environ.get("FDE_INTERVIEW_CACHE_DIR")
        if not root:
            from platformdirs import user_cache_dir
            root = user_cache_dir("fde-interview", appauthor=False)
        return Path(root) / f"bank-{h.hexdigest()[:24]}.pickle"
    except OSError:
        return None


def criterion_patterns(card: Card):
    """Every pattern the card's criteria are read with: signals, poor-level mistakes and what
    the solid level needs."""
    for c in card.criteria:
        yield from c.signals
        yield from c.poor
        for r in c.solid:
            yield from r.any


def _patterns(cards: list[Card]):
    for card in cards:
        yield from criterion_patterns(card)
        for f in card.red_flags:
            yield from f.signals
        for n in card.number_checks:
            yield from n.cues


def load_bank(directory: Path | str | None = None, use_cache: bool = True) -> Bank:
    """Every *.toml card in `directory` (the packaged cards by default). Problems in several
    files are reported together. Parsing the TOML and compiling a few thousand signal regexes
    takes a few hundred milliseconds, so a validated bank is cached by content hash."""
    d = Path(directory) if directory is not None else CARDS_DIR
    paths = sorted(d.glob("*.toml"))
    cache = _cache_path(paths) if use_cache else None
    if cache is not None and cache.exists():
        try:
            with open(cache, "rb") as f:
                cards, table = pickle.load(f)
            seed_patterns(table)
            return Bank(cards)
        except Exception:   # a stale or unreadable cache is only a slower load
            pass
    cards, errors = [], []
    for path in paths:
        try:
            cards.append(load_card(path))
        except CardError as exc:
            errors.append(str(exc))
    if errors:
        raise CardError(d, errors)
    if cache is not None:
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            tmp = cache.with_suffix(f".{os.getpid()}.tmp")
            with open(tmp, "wb") as f:
                corpus = "\n".join(c.model_answer.text for c in cards)
                pickle.dump((cards, pattern_table(_patterns(cards), corpus)), f,
                            protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, cache)   # atomic: concurrent loads never see half a file
        except OSError:
            pass
    return Bank(cards)


@lru_cache(maxsize=1)
def default_bank() -> Bank:
    """The packaged bank, loaded once per process."""
    return load_bank()
