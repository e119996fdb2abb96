import math
import os

from solution import Index
from support import make_folder, write

DOCS = {
    "refunds.md": "# Refunds\nCustomers may ask for a refund within 30 days of purchase.",
    "shipping.txt": "Orders ship from the Leeds warehouse. Delivery takes 3 to 5 working days.",
    "security/passwords.md": "Passwords must be rotated every 90 days.",
}


def counts(added=0, changed=0, removed=0, unchanged=0):
    return {"added": added, "changed": changed, "removed": removed, "unchanged": unchanged}


def built(files=DOCS, **kw):
    folder = make_folder(files)
    index = Index(folder, **kw)
    index.ingest()
    return folder, index


def test_refresh_of_an_unchanged_folder_changes_nothing():
    _, index = built()
    assert index.refresh() == counts(unchanged=3)


def test_a_new_file_is_found():
    folder, index = built()
    write(folder, {"new/holidays.md": "The office closes for the holidays on 24 December."})
    assert index.refresh() == counts(added=1, unchanged=3)
    assert index.search("holidays office", k=1)[0].file == "new/holidays.md"


def test_a_deleted_file_leaves_no_trace():
    folder, index = built()
    (folder / "shipping.txt").unlink()
    assert index.refresh() == counts(removed=1, unchanged=2)
    assert index.search("Leeds warehouse", k=3) == []
    assert "i don't know" in index.answer("Where is the Leeds warehouse?").lower()


def test_an_edited_file_loses_its_old_text():
    folder, index = built()
    write(folder, {"shipping.txt": "Orders ship from the Glasgow depot."})
    assert index.refresh() == counts(changed=1, unchanged=2)
    assert index.search("Leeds", k=3) == []
    assert index.search("Glasgow", k=1)[0].file == "shipping.txt"


def test_saving_a_file_unchanged_is_not_a_change():
    folder, index = built()
    later = (folder / "refunds.md").stat().st_mtime + 3600
    os.utime(folder / "refunds.md", (later, later))
    assert index.refresh() == counts(unchanged=3)


def test_a_change_that_keeps_size_and_time_is_still_seen():
    folder, index = built()
    path = folder / "shipping.txt"
    before = path.stat()
    path.write_text(DOCS["shipping.txt"].replace("Leeds", "Derby"), encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert index.refresh() == counts(changed=1, unchanged=2)
    assert index.search("Derby", k=1) and index.search("Leeds", k=3) == []


def test_refresh_before_any_ingest_indexes_everything():
    index = Index(make_folder(DOCS))
    assert index.refresh() == counts(added=3)
    assert index.search("Leeds", k=1)


def test_a_renamed_file_is_removed_and_added():
    folder, index = built()
    (folder / "refunds.md").rename(folder / "returns.md")
    assert index.refresh() == counts(added=1, removed=1, unchanged=2)
    assert "[returns.md#0]" in index.answer("refund")


def test_a_refreshed_index_scores_like_a_fresh_one():
    """Document frequencies follow every change: the same ranking and scores as a rebuild."""
    folder, index = built(DOCS | {"extra.md": "days days Leeds refund"})
    (folder / "extra.md").unlink()
    write(folder, {"shipping.txt": "Orders ship in 2 days.", "more.md": "refund days"})
    index.refresh()
    fresh = Index(folder)
    fresh.ingest()
    for question in ("days", "refund days", "Leeds", "ship orders"):
        got = [(h.file, h.chunk, h.score) for h in index.search(question, k=5)]
        want = [(h.file, h.chunk, h.score) for h in fresh.search(question, k=5)]
        assert [g[:2] for g in got] == [w[:2] for w in want], question
        assert all(math.isclose(g[2], w[2], rel_tol=1e-9) for g, w in zip(got, want)), question


def test_chunks_of_an_edited_file_are_renumbered():
    folder, index = built({"long.txt": " ".join(f"w{i}" for i in range(30))},
                          chunk_words=10, overlap=4)
    write(folder, {"long.txt": "w0 w1 w2 short now"})
    index.refresh()
    assert index.get_chunk("long.txt", 0) == "w0 w1 w2 short now"
    try:
        index.get_chunk("long.txt", 3)
    except KeyError:
        pass
    else:
        raise AssertionError("a chunk of the old version is still there")
