"""Part 1: map-reduce. Cut the document into chunks that fit, summarise them concurrently
under a cap, then summarise the summaries."""
import asyncio

from support import count_tokens


def chunks(text: str, size: int) -> list[str]:
    words = text.split()
    return [" ".join(words[i:i + size]) for i in range(0, len(words), size)]


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
    return await llm("\n".join(partials))
