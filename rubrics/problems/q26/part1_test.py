from solution import Index
from support import make_folder, numbered

DOCS = {
    "refunds.md": "# Refunds\nCustomers may ask for a refund within 30 days of purchase. "
                  "Refunds go back to the original card.",
    "shipping.txt": "Orders ship from the Leeds warehouse. Standard delivery takes 3 to 5 "
                    "working days.",
    "security/passwords.md": "Passwords must be rotated every 90 days and be at least 14 "
                             "characters.",
}


def built(files=DOCS, **kw):
    index = Index(make_folder(files), **kw)
    index.ingest()
    return index


def test_the_right_file_ranks_first():
    index = built()
    for question, needle in [("How long does delivery take?", "Leeds"),
                             ("refund window", "30 days"),
                             ("how often must passwords be rotated", "90 days")]:
        hits = index.search(question, k=3)
        assert hits and needle in hits[0].text, (question, [h.text for h in hits])


def test_case_and_punctuation_do_not_matter():
    index = built()
    hits = index.search("REFUND?!", k=1)
    assert hits and "30 days" in hits[0].text


def test_rare_terms_outweigh_common_ones():
    """'customer' is in nine files of ten, 'warranty' in one: a file that says 'customer'
    twice must not beat the only file about warranties."""
    topics = ["billing", "login", "export", "invoice", "roles", "backup", "audit", "alerts"]
    files = {f"{t}.md": f"customer {t} guide page" for t in topics}
    files |= {"faq.md": "customer hours customer desk", "warranty.md": "warranty lasts two years"}
    hits = built(files).search("customer warranty", k=3)
    assert hits[0].text == "warranty lasts two years", [h.text for h in hits]


def test_hits_are_best_first_and_at_most_k():
    index = built()
    hits = index.search("days refund passwords delivery", k=2)
    assert len(hits) == 2
    assert hits[0].score >= hits[1].score > 0
    assert len(index.search("days", k=10)) == 3


def test_nothing_relevant_means_no_hits_and_i_dont_know():
    index = built()
    assert index.search("parental leave policy", k=3) == []
    assert "i don't know" in index.answer("What is the parental leave policy?").lower()


def test_stop_words_alone_match_nothing():
    assert built().search("what is the", k=3) == []


def test_long_files_are_cut_into_overlapping_windows():
    index = built({"long.txt": numbered(30)}, chunk_words=10, overlap=4)
    texts = {h.text for i in range(30) for h in index.search(f"w{i}", k=10)}
    expected = {" ".join(f"w{i}" for i in range(a, b))
                for a, b in [(0, 10), (6, 16), (12, 22), (18, 28), (24, 30)]}
    assert texts == expected, sorted(texts)


def test_a_phrase_across_a_cut_survives_in_one_chunk():
    words = numbered(9).split() + ["alpha", "beta"] + numbered(9, prefix="x").split()
    index = built({"doc.md": " ".join(words)}, chunk_words=10, overlap=4)
    hits = index.search("alpha beta", k=1)
    assert hits and "alpha beta" in hits[0].text


def test_subfolders_are_read_and_other_files_ignored():
    index = built(DOCS | {"data/table.csv": "zebra,zebra", "logo.png": b"\x89PNG zebra"})
    assert index.search("characters", k=1)[0].text.startswith("Passwords")
    assert index.search("zebra", k=3) == []


def test_a_file_that_is_not_utf8_is_skipped_not_fatal():
    index = built(DOCS | {"broken.txt": b"\xff\xfe\x00 zebra \xc3\x28"})
    assert index.search("Leeds", k=1)


def test_an_empty_folder_answers_nothing():
    index = built({})
    assert index.search("anything", k=3) == []
    assert "i don't know" in index.answer("anything").lower()


def test_ingesting_twice_does_not_duplicate():
    index = built()
    index.ingest()
    assert len(index.search("Leeds", k=10)) == 1


def test_impossible_chunk_settings_are_refused():
    for size, overlap in [(10, 10), (10, 12), (0, 0)]:
        try:
            Index(make_folder({}), chunk_words=size, overlap=overlap)
        except ValueError:
            continue
        raise AssertionError(f"chunk_words={size}, overlap={overlap} was accepted")
