"""Pattern data kept as data files in rubrics/patterns/, loaded and validated like the cards:
a bad file raises PatternFileError naming the file and the key. A pattern may name a fragment
of the file's [fragments] table as ${name}; fragments may use each other."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from .bank import DataFileError, read_toml_model

PATTERNS_DIR = Path(__file__).parent / "patterns"
_REF = re.compile(r"\$\{([a-z_]+)\}")


class PatternFileError(DataFileError):
    """A pattern file that cannot be read or does not validate."""


def _expand(text: str, fragments: dict, seen: tuple[str, ...] = ()) -> str:
    """`text` with each ${name} replaced by its fragment, itself expanded. A name that is no
    fragment, or one that would use itself, is left as written (the pattern check names it)."""
    def one(m: re.Match) -> str:
        name = m.group(1)
        body = fragments.get(name)
        if not isinstance(body, str) or name in seen:
            return m.group(0)
        return _expand(body, fragments, seen + (name,))
    return _REF.sub(one, text)


def _compiles(pattern: str) -> str:
    if m := _REF.search(pattern):
        raise ValueError(f"unknown fragment, or one that uses itself: {m.group(0)}")
    try:
        re.compile(pattern, re.IGNORECASE)
    except re.error as exc:
        raise ValueError(f"not a valid regular expression: {exc}") from None
    return pattern


Pattern = Annotated[str, AfterValidator(_compiles)]


class InjectionLists(BaseModel):
    """The injection detector's pattern lists (interviewer/judges/injection.py says how each is
    used): case-blind regular expressions."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    address: tuple[Pattern, ...] = Field(min_length=1)       # the grader spoken to
    demand: tuple[Pattern, ...] = Field(min_length=1)        # credit asked for, with an address
    outright: tuple[Pattern, ...] = Field(min_length=1)      # a demand that needs no addressee
    reader_cues: tuple[Pattern, ...] = Field(min_length=1)   # the grader named as the reader
    claim: tuple[Pattern, ...] = Field(min_length=1)         # credit claimed
    override: tuple[Pattern, ...] = Field(min_length=1)      # the grader's rules said to change


class InjectionPatterns(BaseModel):
    """injection.toml: [fragments] and [patterns]; the patterns are held with their fragments
    expanded, each checked to compile."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    fragments: dict[str, str] = Field(default_factory=dict)
    patterns: InjectionLists

    @model_validator(mode="before")
    @classmethod
    def _expanded(cls, data):
        if not isinstance(data, dict) or not isinstance(data.get("patterns"), dict):
            return data
        fragments = data.get("fragments", {})
        fragments = fragments if isinstance(fragments, dict) else {}
        lists = {key: [_expand(p, fragments) if isinstance(p, str) else p for p in items]
                 if isinstance(items, list) else items
                 for key, items in data["patterns"].items()}
        return {**data, "patterns": lists}


def load_injection_patterns(path: Path | str | None = None) -> InjectionLists:
    return read_toml_model(path or PATTERNS_DIR / "injection.toml", InjectionPatterns,
                           PatternFileError).patterns


@lru_cache(maxsize=1)
def injection_patterns() -> InjectionLists:
    """The packaged injection patterns, loaded once per process."""
    return load_injection_patterns()
