from solution import summarize
from support import FakeLLM, document, facts_in


async def test_a_short_document_is_one_call():
    llm = FakeLLM(context_tokens=100)
    text = "The term is FACT1 and the fee is FACT2."
    summary = await summarize(text, llm, context_tokens=100, chunk_tokens=40)
    assert facts_in(summary) == ["FACT1", "FACT2"] and len(llm.calls) == 1


async def test_a_long_document_is_mapped_then_reduced():
    llm = FakeLLM(context_tokens=100)
    text = document(words=400, facts=[1, 2, 3, 4], every=100)   # four chunks of 100 words
    summary = await summarize(text, llm, context_tokens=100, chunk_tokens=100)
    assert facts_in(summary) == ["FACT1", "FACT2", "FACT3", "FACT4"]
    assert len(llm.calls) == 5   # four chunks, then one call over their summaries
