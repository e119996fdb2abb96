"""Test helpers for the long-document summarizer: a token count, a fake model that keeps the
facts it reads and refuses input longer than its context window, and a document maker."""
import asyncio
import re

FACT = re.compile(r"FACT\d+")


def count_tokens(text: str) -> int:
    """Tokens are whitespace-separated words here: close enough for the arithmetic."""
    return len(text.split())


class ContextOverflow(Exception):
    """The model was sent more tokens than its context window holds."""


class FakeLLM:
    """An async callable `await llm(text) -> summary`. Its summary keeps each distinct FACTn
    of the text once, in order of first mention, and drops the rest ("(nothing)" when there
    is none): facts repeated across chunks shrink as summaries are merged. It raises
    ContextOverflow for text over `context_tokens`, and RuntimeError on call number
    `fail_on_call` (counting from 1) or for text containing `fail_if`. `calls` holds every
    text it was sent; `max_in_flight` the most calls it served at once."""

    def __init__(self, context_tokens: int, fail_on_call: int | None = None,
                 fail_if: str | None = None):
        self.context, self.fail_on_call, self.fail_if = context_tokens, fail_on_call, fail_if
        self.calls: list[str] = []
        self.in_flight = self.max_in_flight = 0

    async def __call__(self, text: str) -> str:
        self.calls.append(text)
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            for _ in range(3):
                await asyncio.sleep(0)   # a model call takes a while: others may start
            if count_tokens(text) > self.context:
                raise ContextOverflow(f"{count_tokens(text)} tokens sent; the window holds "
                                      f"{self.context}")
            if len(self.calls) == self.fail_on_call or (self.fail_if and self.fail_if in text):
                raise RuntimeError("the provider failed this call")
            return " ".join(dict.fromkeys(FACT.findall(text))) or "(nothing)"
        finally:
            self.in_flight -= 1


def document(words: int, facts: list[int], every: int = 10) -> str:
    """`words` filler words, with FACT<n> for each n of `facts` (repeats allowed) at word
    0, every, 2 * every, ..."""
    out = [f"w{i}" for i in range(words)]
    for k, n in enumerate(facts):
        out[(k * every) % words] = f"FACT{n}"
    return " ".join(out)


def facts_in(text: str) -> list[str]:
    return FACT.findall(text)
