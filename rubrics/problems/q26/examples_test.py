from solution import Index
from support import make_folder

DOCS = {
    "refunds.md": "# Refunds\nCustomers may ask for a refund within 30 days of purchase.",
    "shipping.txt": "Orders ship from the Leeds warehouse. Delivery takes 3 to 5 working days.",
}


def test_the_file_that_answers_ranks_first():
    index = Index(make_folder(DOCS))
    index.ingest()
    hits = index.search("Where do orders ship from?", k=1)
    assert len(hits) == 1 and "Leeds" in hits[0].text


def test_the_answer_quotes_the_best_chunk():
    index = Index(make_folder(DOCS))
    index.ingest()
    assert "30 days" in index.answer("Can I get a refund?")


def test_it_says_when_it_does_not_know():
    index = Index(make_folder(DOCS))
    index.ingest()
    assert "I don't know" in index.answer("What is the parental leave policy?")
