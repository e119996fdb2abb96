import asyncio

from solution import summarize
from support import FakeLLM, document, facts_in

TEXT = document(words=200, facts=list(range(1, 11)), every=20)   # ten chunks of 20 words
ALL = [f"FACT{n}" for n in range(1, 11)]


def run(llm, store, text=TEXT, **kw):
    """One process's run: asyncio.run ends with the loop, as a crash would."""
    return asyncio.run(summarize(text, llm, context_tokens=50, chunk_tokens=20, store=store,
                                 **{"max_concurrency": 1} | kw))


def test_a_run_that_crashed_resumes_without_paying_twice():
    store = {}
    try:
        run(FakeLLM(context_tokens=50, fail_on_call=6), store)
    except RuntimeError:
        pass
    else:
        raise AssertionError("the sixth call failed but the run did not")
    llm = FakeLLM(context_tokens=50)
    assert facts_in(run(llm, store)) == ALL
    assert len(llm.calls) == 6, f"{len(llm.calls)} calls: five chunks were already done"


def test_a_second_run_of_the_same_document_makes_no_calls():
    store = {}
    run(FakeLLM(context_tokens=50), store)
    llm = FakeLLM(context_tokens=50)
    assert facts_in(run(llm, store)) == ALL and llm.calls == []


def test_an_edited_document_re_summarises_only_what_changed():
    store = {}
    run(FakeLLM(context_tokens=50), store)
    edited = TEXT.replace("FACT4", "FACT99")
    llm = FakeLLM(context_tokens=50)
    assert facts_in(run(llm, store, text=edited)) == [f.replace("FACT4", "FACT99") for f in ALL]
    assert len(llm.calls) == 2, f"{len(llm.calls)} calls: one chunk changed, then the reduce"


def test_a_failed_chunk_is_not_remembered():
    store = {}
    try:
        run(FakeLLM(context_tokens=50, fail_if="FACT3"), store, max_concurrency=4)
    except RuntimeError:
        pass
    llm = FakeLLM(context_tokens=50)
    assert facts_in(run(llm, store)) == ALL
    assert any("FACT3" in c for c in llm.calls)


def test_the_store_holds_only_strings_so_it_can_live_on_disk():
    class DiskLike(dict):
        def __setitem__(self, key, value):
            assert isinstance(key, str) and isinstance(value, str), (key, value)
            super().__setitem__(key, value)

    store = DiskLike()
    run(FakeLLM(context_tokens=50), store)
    assert len(store) >= 10


def test_without_a_store_every_run_pays_in_full():
    llm = FakeLLM(context_tokens=50)
    for _ in range(2):
        asyncio.run(summarize(TEXT, llm, context_tokens=50, chunk_tokens=20))
    assert len(llm.calls) == 22
