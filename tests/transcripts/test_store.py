"""The append-only store: fsynced appends, idempotent ids, torn and malformed files."""
import warnings

import pytest

from transcripts import (SCHEMA_VERSION, CandidateEvent, ConflictingEventError, Header,
                         InterviewerEvent, SessionBusy, SessionLock, TornLineWarning,
                         TranscriptError, TranscriptWriter, data_dir, list_sessions, load)


def header(sid="s1"):
    return Header(schema_version=SCHEMA_VERSION, session_id=sid, started="2026-11-29T10:00:00",
                  round="technical", questions=["q01"], program_version="test")


def test_append_and_reload(tmp_path):
    p = tmp_path / "s1.jsonl"
    w = TranscriptWriter(p, header())
    assert w.write(InterviewerEvent(id="g1", text="hello", act="opening"))
    assert w.write(CandidateEvent(id="a1", text="hi", turn=1))
    assert not w.write(CandidateEvent(id="a1", text="hi", turn=1))   # same event: no-op
    t = load(p)
    assert [e.id for e in t.events] == ["g1", "a1"] and t.header.session_id == "s1"
    # a second writer on the same file knows what is there
    w2 = TranscriptWriter(p)
    assert not w2.write(InterviewerEvent(id="g1", text="hello", act="opening"))


def test_an_id_written_with_other_content_is_an_error(tmp_path):
    p = tmp_path / "s1.jsonl"
    w = TranscriptWriter(p, header())
    w.write(CandidateEvent(id="a1", text="hi", turn=1, t="2026-11-29T10:00:01"))
    before = p.read_bytes()
    # the same event again, stamped later: a no-op (a re-run writes nothing twice)
    assert not w.write(CandidateEvent(id="a1", text="hi", turn=1, t="2026-11-29T10:05:00"))
    with pytest.raises(ConflictingEventError, match="'a1'") as caught:
        w.write(CandidateEvent(id="a1", text="a different answer", turn=1))
    assert caught.value.event_id == "a1" and isinstance(caught.value, TranscriptError)
    with pytest.raises(ConflictingEventError):   # a new writer knows the file's contents too
        TranscriptWriter(p).write(CandidateEvent(id="a1", text="hi", turn=2))
    assert p.read_bytes() == before


def test_session_lock_is_exclusive_and_names_the_holder(tmp_path):
    import os
    p = tmp_path / "s1.jsonl"
    with SessionLock(p) as held:
        assert held.held
        with pytest.raises(SessionBusy, match=f"session s1 is open in another process "
                                              f"\\(pid {os.getpid()}\\)"):
            SessionLock(p).acquire()
    with SessionLock(p):   # released
        pass


def test_torn_last_line_is_tolerated_and_repaired(tmp_path):
    p = tmp_path / "s1.jsonl"
    w = TranscriptWriter(p, header())
    w.write(InterviewerEvent(id="g1", text="hello", act="opening"))
    with open(p, "a") as f:
        f.write('{"id": "a1", "type": "candi')   # a crash mid-write
    with pytest.warns(TornLineWarning):
        t = load(p)
    assert t.torn and [e.id for e in t.events] == ["g1"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TornLineWarning)
        w2 = TranscriptWriter(p)
    w2.write(CandidateEvent(id="a1", text="answer", turn=1))
    t = load(p)   # no warning now: the torn tail was cut before appending
    assert not t.torn and [e.id for e in t.events] == ["g1", "a1"]


@pytest.mark.parametrize("lines,line_no,needle", [
    (["HEADER", "{not json}", '{"id": "g2", "type": "interviewer", "text": "x", "act": "opening"}'],
     2, "not valid JSON"),
    (["HEADER", '{"id": "g1", "type": "mystery"}'], 2, "type"),
    (["HEADER", '{"id": "g1", "type": "candidate", "text": "x"}'], 2, "turn"),
    (['{"kind": "header", "schema_version": 99, "session_id": "s"}'], 1, "schema version 99"),
    (['{"id": "g1", "type": "candidate"}'], 1, "header"),
])
def test_malformed_files_name_file_and_line(tmp_path, lines, line_no, needle):
    p = tmp_path / "bad.jsonl"
    text = "\n".join(header().model_dump_json() if ln == "HEADER" else ln for ln in lines) + "\n"
    p.write_text(text)
    with pytest.raises(TranscriptError) as err:
        load(p)
    assert f"bad.jsonl:{line_no}" in str(err.value) and needle in str(err.value)


def test_data_dir_overrides(tmp_path, monkeypatch):
    monkeypatch.setenv("FDE_INTERVIEW_DATA_DIR", str(tmp_path / "env"))
    assert data_dir() == tmp_path / "env"
    assert data_dir(tmp_path / "flag") == tmp_path / "flag"
    monkeypatch.delenv("FDE_INTERVIEW_DATA_DIR")
    assert "fde-interview" in str(data_dir())


def test_list_sessions_shows_unreadable_files(tmp_path):
    TranscriptWriter(tmp_path / "good.jsonl", header("good"))
    (tmp_path / "bad.jsonl").write_text("garbage\n")
    rows = {r.session_id: r for r in list_sessions(tmp_path)}
    assert rows["good"].error is None and rows["good"].turns == 0
    assert "bad.jsonl:1" in rows["bad"].error


def test_a_last_record_without_its_newline_is_ended_before_appending(tmp_path):
    p = tmp_path / "s1.jsonl"
    TranscriptWriter(p, header()).write(InterviewerEvent(id="g1", text="hello", act="opening"))
    p.write_bytes(p.read_bytes()[:-1])          # a complete record, its newline missing
    assert [e.id for e in load(p).events] == ["g1"]
    TranscriptWriter(p).write(CandidateEvent(id="a1", text="answer", turn=1))
    assert p.read_bytes().endswith(b"}\n")
    t = load(p)                                  # the record kept, the new one on its own line
    assert [e.id for e in t.events] == ["g1", "a1"] and not t.torn
    TranscriptWriter(p).write(CandidateEvent(id="a2", text="again", turn=2))
    assert [e.id for e in load(p).events] == ["g1", "a1", "a2"]


def test_a_line_nested_too_deeply_is_named_with_file_and_line(tmp_path):
    p = tmp_path / "deep.jsonl"
    p.write_text(header().model_dump_json() + "\n" + "[" * 200_000 + "\n")
    with pytest.raises(TranscriptError, match=r"deep\.jsonl:2: .*nested too deeply"):
        load(p)
    rows = list_sessions(tmp_path)
    assert len(rows) == 1 and "deep.jsonl:2" in rows[0].error


def test_latest_score_skips_an_unscored_record(tmp_path):
    from transcripts import ScoreEvent

    def card(overall, unscored=False):   # a scorecard is typed: the least a valid one holds
        return {"judge": {"name": "llm", "prompt_version": "v"}, "questions": [],
                "overall": overall, "unscored": unscored}
    p = tmp_path / "s1.jsonl"
    w = TranscriptWriter(p, header())
    w.write(CandidateEvent(id="a1", text="answer", turn=1))
    assert load(p).latest_score() is None
    w.write(ScoreEvent(id="s1", judge="llm", scorecard=card(None, True)))
    assert load(p).latest_score().id == "s1"    # nothing graded: the unscored one, with why
    w.write(ScoreEvent(id="s2", judge="heuristic", scorecard=card("solid")))
    w.write(ScoreEvent(id="s3", judge="llm", scorecard=card(None, True)))
    assert load(p).latest_score().id == "s2"
    [row] = list_sessions(tmp_path)
    assert row.level == "solid" and row.finished


def test_archive_moves_a_session_out_of_the_list_and_keeps_it(tmp_path):
    from transcripts import ARCHIVE_DIR, archive_session
    for sid in ("s1", "s2"):
        TranscriptWriter(tmp_path / f"{sid}.jsonl", header(sid)).write(
            CandidateEvent(id="a1", text="hi", turn=1))
    before = (tmp_path / "s1.jsonl").read_bytes()
    dest = archive_session(tmp_path / "s1.jsonl")
    assert dest == tmp_path / ARCHIVE_DIR / "s1.jsonl" and dest.read_bytes() == before
    assert [s.session_id for s in list_sessions(tmp_path)] == ["s2"]
    assert [s.session_id for s in list_sessions(tmp_path / ARCHIVE_DIR)] == ["s1"]
    assert not (tmp_path / "s1.jsonl.lock").exists()
    # a second session of the same name never overwrites the archived one
    TranscriptWriter(tmp_path / "s1.jsonl", header("s1"))
    with pytest.raises(FileExistsError):
        archive_session(tmp_path / "s1.jsonl")
    assert dest.read_bytes() == before and (tmp_path / "s1.jsonl").exists()


def test_delete_removes_a_session_and_an_open_one_is_refused(tmp_path):
    from transcripts import archive_session, delete_session
    TranscriptWriter(tmp_path / "s1.jsonl", header("s1"))
    TranscriptWriter(tmp_path / "s2.jsonl", header("s2"))
    held = SessionLock(tmp_path / "s2.jsonl").acquire()   # another process has it open
    try:
        with pytest.raises(SessionBusy):
            delete_session(tmp_path / "s2.jsonl")
        with pytest.raises(SessionBusy):
            archive_session(tmp_path / "s2.jsonl")
    finally:
        held.release()
    delete_session(tmp_path / "s1.jsonl")
    assert [s.session_id for s in list_sessions(tmp_path)] == ["s2"]
    assert not (tmp_path / "s1.jsonl").exists() and not (tmp_path / "s1.jsonl.lock").exists()
    with pytest.raises(FileNotFoundError):
        delete_session(tmp_path / "s1.jsonl")
    assert not (tmp_path / "s1.jsonl.lock").exists()
