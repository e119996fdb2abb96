import re

from solution import Index
from support import make_folder, numbered

DOCS = {
    "refunds.md": "# Refunds\nCustomers may ask for a refund within 30 days of purchase.",
    "shipping.txt": "Orders ship from the Leeds warehouse. Delivery takes 3 to 5 working days.",
    "security/passwords.md": "Passwords must be rotated every 90 days.",
}
CITATION = re.compile(r"\[([^\[\]#]+)#(\d+)\]")


def built(files=DOCS, **kw):
    index = Index(make_folder(files), **kw)
    index.ingest()
    return index


def test_hits_name_their_file_and_chunk():
    hit = built().search("rotated passwords", k=1)[0]
    assert (hit.file, hit.chunk) == ("security/passwords.md", 0)


def test_chunk_numbers_count_from_the_start_of_each_file():
    index = built({"a.txt": "w20 first", "long.txt": numbered(30)}, chunk_words=10, overlap=4)
    refs = {(h.file, h.chunk) for h in index.search("w20", k=10)}
    assert refs == {("a.txt", 0), ("long.txt", 2), ("long.txt", 3)}, refs


def test_the_answer_cites_the_chunk_it_quotes():
    answer = built().answer("Can I get a refund?")
    assert "30 days" in answer and "[refunds.md#0]" in answer, answer


def test_every_citation_was_retrieved_and_resolves():
    index = built({"long.txt": numbered(30), **DOCS}, chunk_words=10, overlap=4)
    for question in ("w13 w14", "Leeds warehouse", "refund", "w29"):
        answer = index.answer(question, k=3)
        cited = [(f, int(n)) for f, n in CITATION.findall(answer)]
        retrieved = {(h.file, h.chunk) for h in index.search(question, k=3)}
        assert cited, f"no citation in {answer!r}"
        for file, number in cited:
            assert (file, number) in retrieved, f"{file}#{number} was not retrieved"
            assert index.get_chunk(file, number) in answer


def test_no_answer_carries_no_citation():
    answer = built().answer("parental leave policy")
    assert "i don't know" in answer.lower() and not CITATION.search(answer)


def test_an_unknown_citation_is_a_key_error():
    index = built()
    for file, number in [("nope.md", 0), ("refunds.md", 7), ("refunds.md", -1)]:
        try:
            index.get_chunk(file, number)
        except KeyError:
            continue
        raise AssertionError(f"get_chunk({file!r}, {number}) did not raise KeyError")


def test_files_with_the_same_name_in_two_folders_are_told_apart():
    index = built({"eu/terms.md": "returns accepted within 14 days",
                   "us/terms.md": "returns accepted within 30 days"})
    files = {h.file for h in index.search("returns accepted", k=5)}
    assert files == {"eu/terms.md", "us/terms.md"}
