from solution import summarize
from support import ContextOverflow, FakeLLM, count_tokens, document, facts_in


async def test_every_fact_survives_in_order():
    llm = FakeLLM(context_tokens=60)
    text = document(words=500, facts=list(range(1, 21)), every=25)
    summary = await summarize(text, llm, context_tokens=60, chunk_tokens=50)
    assert facts_in(summary) == [f"FACT{n}" for n in range(1, 21)]


async def test_no_call_is_larger_than_the_window():
    llm = FakeLLM(context_tokens=60)
    await summarize(document(words=500, facts=[1, 2, 3]), llm, context_tokens=60,
                    chunk_tokens=50)
    assert max(count_tokens(c) for c in llm.calls) <= 60


async def test_chunks_are_at_most_chunk_tokens_and_cover_the_text():
    llm = FakeLLM(context_tokens=100)
    text = document(words=230, facts=[])
    await summarize(text, llm, context_tokens=100, chunk_tokens=50)
    maps = llm.calls[:-1]
    assert [count_tokens(c) for c in maps] == [50, 50, 50, 50, 30]
    assert " ".join(maps) == text


async def test_map_calls_run_concurrently_within_the_cap():
    llm = FakeLLM(context_tokens=100)
    await summarize(document(words=1000, facts=[1]), llm, context_tokens=100, chunk_tokens=50,
                    max_concurrency=3)
    assert llm.max_in_flight == 3, f"{llm.max_in_flight} calls at once with a cap of 3"


async def test_an_empty_document_costs_nothing():
    llm = FakeLLM(context_tokens=100)
    assert await summarize("  \n ", llm, context_tokens=100, chunk_tokens=50) == ""
    assert llm.calls == []


async def test_chunks_larger_than_the_window_are_refused():
    llm = FakeLLM(context_tokens=100)
    for chunk, window in [(200, 100), (0, 100)]:
        try:
            await summarize("some text", llm, context_tokens=window, chunk_tokens=chunk)
        except ValueError:
            continue
        except ContextOverflow:
            pass
        raise AssertionError(f"chunk_tokens={chunk} with a {window}-token window was accepted")
    assert llm.calls == []


async def test_a_failed_call_is_raised_not_swallowed():
    llm = FakeLLM(context_tokens=100, fail_if="FACT2")
    text = document(words=300, facts=[1, 2, 3], every=100)
    try:
        summary = await summarize(text, llm, context_tokens=100, chunk_tokens=100)
    except RuntimeError:
        return
    raise AssertionError(f"a failed chunk vanished silently: {summary!r}")
