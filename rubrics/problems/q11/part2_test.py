from solution import summarize
from support import FakeLLM, count_tokens, document, facts_in


def repeating(chunks: int, chunk_words: int, per_chunk: int, distinct: int) -> str:
    """A document whose chunks each mention `per_chunk` facts out of `distinct` in all."""
    n = chunks * per_chunk
    return document(words=chunks * chunk_words, facts=[k % distinct + 1 for k in range(n)],
                    every=chunk_words // per_chunk)


async def test_summaries_too_long_for_one_call_are_collapsed():
    llm = FakeLLM(context_tokens=50)
    text = repeating(chunks=40, chunk_words=24, per_chunk=3, distinct=12)
    summary = await summarize(text, llm, context_tokens=50, chunk_tokens=24)
    assert sorted(facts_in(summary)) == sorted(f"FACT{n}" for n in range(1, 13))
    assert max(count_tokens(c) for c in llm.calls) <= 50
    assert len(llm.calls) > 41, "40 maps, then collapse calls before the final one"


async def test_collapsing_repeats_until_the_summaries_fit():
    llm = FakeLLM(context_tokens=20)
    text = repeating(chunks=100, chunk_words=20, per_chunk=4, distinct=6)
    summary = await summarize(text, llm, context_tokens=20, chunk_tokens=20)
    assert sorted(facts_in(summary)) == sorted(f"FACT{n}" for n in range(1, 7))
    assert max(count_tokens(c) for c in llm.calls) <= 20


async def test_summaries_that_can_never_fit_are_refused_not_looped_on():
    llm = FakeLLM(context_tokens=40)
    text = document(words=1200, facts=list(range(1, 61)), every=20)   # 60 distinct facts
    try:
        summary = await summarize(text, llm, context_tokens=40, chunk_tokens=20)
    except ValueError:
        assert len(llm.calls) < 200
        return
    raise AssertionError(f"returned a summary of {count_tokens(summary)} tokens")


async def test_collapse_calls_also_respect_the_concurrency_cap():
    llm = FakeLLM(context_tokens=50)
    text = repeating(chunks=40, chunk_words=24, per_chunk=3, distinct=12)
    summary = await summarize(text, llm, context_tokens=50, chunk_tokens=24, max_concurrency=2)
    assert len(facts_in(summary)) == 12 and len(llm.calls) > 41
    assert llm.max_in_flight <= 2, f"{llm.max_in_flight} calls at once with a cap of 2"
