"""Part 2: when the partial summaries do not fit one call, collapse them in batches that do,
round after round, and refuse a document whose summaries stop shrinking."""
import asyncio

from support import count_tokens


def chunks(text: str, size: int) -> list[str]:
    words = text.split()
    return [" ".join(words[i:i + size]) for i in range(0, len(words), size)]


def batches(parts: list[str], budget: int) -> list[list[str]]:
    """Consecutive groups whose joined text fits `budget` tokens (order kept)."""
    out, current, used = [], [], 0
    for p in parts:
        n = count_tokens(p)
        if current and used + n > budget:
            out.append(current)
            current, used = [], 0
        current.append(p)
        used += n
    return out + [current] if current else out


async def summarize(text: str, llm, *, context_tokens: int, chunk_tokens: int,
                    max_concurrency: int = 4) -> str:
    if not 0 < chunk_tokens <= context_tokens or max_concurrency < 1:
        raise ValueError("need 0 < chunk_tokens <= context_tokens and max_concurrency >= 1")
    if not text.strip():
        return ""
    if count_tokens(text) <= context_tokens:
        return await llm(text)
    limit = asyncio.Semaphore(max_concurrency)

    async def one(piece: str) -> str:
        async with limit:
            return await llm(piece)

    partials = await asyncio.gather(*(one(c) for c in chunks(text, chunk_tokens)))
    while count_tokens("\n".join(partials)) > context_tokens:
        before = count_tokens("\n".join(partials))
        partials = await asyncio.gather(*(one("\n".join(b))
                                          for b in batches(partials, context_tokens)))
        if count_tokens("\n".join(partials)) >= before:
            raise ValueError(f"the summaries stopped shrinking at {before} tokens; they cannot "
                             f"fit a {context_tokens}-token window")
    return await llm("\n".join(partials))
