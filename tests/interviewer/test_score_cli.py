"""`fde-interview score` and `fde-interview calibrate` end to end."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from interviewer.engine.session import Session
from rubrics import default_bank
from transcripts import load

EXE = str(Path(sys.executable).parent / "fde-interview")
BANK = default_bank()


def saved_session(tmp_path, qid="why-fde", answer=None) -> Path:
    s = Session.new(round_type="technical", questions=[qid], seed=1, out=tmp_path)
    s.start()
    s.answer(answer or BANK.get(qid).model_answer.text)
    s.answer("/end")
    s.answer("None.")
    s.close()
    return s.path


def cli(*args, timeout=120):
    return subprocess.run([EXE, *args], capture_output=True, text=True, timeout=timeout)


def test_score_appends_and_never_rewrites(tmp_path):
    good = saved_session(tmp_path)
    before = good.read_text()
    done = cli("score", str(good), "--json")
    assert done.returncode == 0, done.stderr
    [row] = json.loads(done.stdout)
    assert row["overall"] in ("outstanding", "solid", "borderline", "poor")
    after = good.read_text()
    assert after.startswith(before)                      # earlier lines untouched
    scores = load(good).of_type("score")
    assert len(scores) == 2 and len({s.id for s in scores}) == 2
    cli("score", str(good))
    assert len(load(good).of_type("score")) == 3


def test_bad_files_are_named_and_the_rest_still_scored(tmp_path):
    good = saved_session(tmp_path)
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"kind": "header"\n')
    missing = tmp_path / "missing.jsonl"
    done = cli("score", str(empty), str(good), str(broken), str(missing), "--json",
               "--concurrency", "3")
    assert done.returncode == 1
    rows = json.loads(done.stdout)
    assert [("error" in r) for r in rows] == [True, False, True, True]
    for p in (empty, broken, missing):
        assert str(p) in done.stderr


def test_export_formats(tmp_path):
    path = saved_session(tmp_path)
    md = cli("score", str(path), "--format", "md", "--no-write").stdout
    assert md.startswith("# Scorecard") and "| criterion | verdict | evidence |" in md
    html = cli("score", str(path), "--format", "html", "--no-write").stdout
    assert html.startswith("<!doctype html>") and "<table>" in html
    js = json.loads(cli("score", str(path), "--format", "json", "--no-write").stdout)
    assert js["judge"]["name"] == "heuristic"
    assert len(load(path).of_type("score")) == 1   # --no-write appended nothing


def test_diff_between_judges(tmp_path, fake_openai):
    from llm_servers import Reply
    path = saved_session(tmp_path)
    card = BANK.get("why-fde")
    body = {"criteria": [{"id": c.id, "reasoning": "r", "verdict": "missing", "evidence": []}
                         for c in card.criteria],
            "shape": {"claim": True, "number": True, "tradeoff": True, "next_step": True},
            "depth": "solid", "communication": 3, "red_flags": [], "injection_attempt": False}
    server = fake_openai(lambda b: Reply(text="p") if b["messages"][-1]["content"] == "ping"
                         else Reply(text=json.dumps(body)))
    done = cli("score", str(path), "--diff", "llm", "--provider", "openai-compatible",
               "--base-url", server.base_url, "--no-write")
    assert done.returncode == 0, done.stderr
    assert "differ between heuristic and llm" in done.stdout
    assert "why-fde/specific-motivation" in done.stdout


def test_calibrate_reports_the_statistics(tmp_path):
    done = cli("calibrate", "--bootstrap", "200")
    assert done.returncode == 0, done.stderr
    for needle in ("exact agreement", "95% Wilson", "Cohen's kappa", "confusion", "leans",
                   "parse failures", "holdout", "injection attempts flagged", "two labellers"):
        assert needle in done.stdout
    rep = json.loads(cli("calibrate", "--json", "--bootstrap", "100").stdout)
    assert rep["splits"]["all"]["n"] > 200
    saved = tmp_path / "cal.json"
    cli("calibrate", "--bootstrap", "50", "--save", str(saved))
    rec = json.loads(saved.read_text())["heuristic"]
    assert "holdout" in rec["measured_on"] and 0 <= rec["low"] <= rec["agreement"] <= rec["high"]


def test_calibrate_on_one_split(tmp_path):
    from transcripts.reference import load_reference
    held = [c for c in load_reference(bank=BANK) if c.split == "holdout"]
    rep = json.loads(cli("calibrate", "--split", "holdout", "--json", "--bootstrap", "20").stdout)
    assert rep["cases"] == len(held) and set(rep["splits"]) == {"all", "holdout"}
    assert rep["splits"]["all"]["n"] == rep["splits"]["holdout"]["n"]
    # the tune split alone has no held-out agreement to save, and nothing is written
    saved = tmp_path / "cal.json"
    done = cli("calibrate", "--split", "tune", "--save", str(saved), "--bootstrap", "20")
    assert done.returncode == 2 and "held-out" in done.stderr and not saved.exists()


def test_replay_prints_turns_checks_and_scorecard(tmp_path):
    path = saved_session(tmp_path, answer="Only 388 of 1,333 postings list pay, about 45%.")
    done = cli("replay", str(path))
    assert done.returncode == 0, done.stderr
    assert "Interviewer:" in done.stdout and "You: Only 388 of 1,333" in done.stdout
    assert "MISMATCH" in done.stdout and "Scorecard" in done.stdout
    by_id = cli("replay", path.stem, "--out", str(tmp_path))
    assert by_id.stdout == done.stdout
    missing = cli("replay", str(tmp_path / "nope.jsonl"))
    assert missing.returncode == 2 and "nope" in missing.stderr


def test_a_transcript_without_a_final_newline_stays_readable_after_score(tmp_path):
    good = saved_session(tmp_path)
    nf = tmp_path / "nf.jsonl"
    nf.write_bytes(good.read_bytes()[:-1])      # `head -c -1 good.jsonl > nf.jsonl`
    for _ in range(2):
        done = cli("score", str(nf))
        assert done.returncode == 0, done.stderr
    assert [e.id for e in load(nf).events] == [e.id for e in load(good).events] + [
        "s2-heuristic", "s3-heuristic"]
    for args in (("replay", str(nf)), ("sessions", "--out", str(tmp_path))):
        done = cli(*args)
        assert done.returncode == 0 and "unreadable" not in done.stdout, done.stdout


def deep_file(tmp_path) -> Path:
    good = saved_session(tmp_path, answer="Only 45% of postings list pay, I think.")
    deep = good.parent / "deep.jsonl"         # among the saved sessions
    deep.write_text(good.read_text() + "[" * 200_000 + "\n")
    return deep


def test_a_pathological_line_is_named_and_the_batch_goes_on(tmp_path):
    deep = deep_file(tmp_path)
    others = [saved_session(tmp_path / d) for d in ("a", "b")]
    lines = len(deep.read_text().splitlines())
    done = cli("score", str(others[0]), str(deep), str(others[1]))
    assert done.returncode == 1
    assert f"{deep}:{lines}: not a transcript record: nested too deeply" in done.stderr
    assert "Traceback" not in done.stderr
    for p in others:
        assert len(load(p).of_type("score")) == 2 and f"{p}:" in done.stdout
    done = cli("replay", str(deep))
    assert done.returncode == 2 and f"{deep}:{lines}" in done.stderr
    assert "Traceback" not in done.stderr
    done = cli("sessions", "--out", str(tmp_path))
    assert done.returncode == 0 and "unreadable" in done.stdout and f"deep.jsonl:{lines}" \
        in done.stdout


def test_an_unwritable_transcript_is_named_and_the_batch_goes_on(tmp_path, monkeypatch,
                                                                  capsys):
    import transcripts.store
    from interviewer.cli import main
    good, locked = saved_session(tmp_path / "a"), saved_session(tmp_path / "b")
    real = transcripts.store.TranscriptWriter._append_line

    def append(self, text):   # the disk refuses this one file (chmod does not stop root)
        if self.path == locked:
            raise PermissionError(13, "Permission denied", str(locked))
        return real(self, text)
    monkeypatch.setattr(transcripts.store.TranscriptWriter, "_append_line", append)
    assert main(["score", str(locked), str(good), "--concurrency", "1"]) == 1
    err = capsys.readouterr().err
    assert f"{locked}: cannot append the score record: Permission denied" in err
    assert len(load(good).of_type("score")) == 2 and len(load(locked).of_type("score")) == 1


def test_an_unreachable_llm_judge_says_why_and_never_hides_the_grade(tmp_path, fake_openai):
    from llm_servers import Reply
    path = saved_session(tmp_path)
    level = load(path).of_type("score")[-1].scorecard.overall
    server = fake_openai(lambda b: Reply(text="p") if b["messages"][-1]["content"] == "ping"
                         else Reply(status=401, error="invalid key for the judge"))
    done = cli("score", str(path), "--judge", "llm", "--provider", "openai-compatible",
               "--base-url", server.base_url)
    assert done.returncode == 1
    assert "unscored" in done.stderr and "invalid key for the judge" in done.stderr
    last = load(path).of_type("score")[-1].scorecard
    assert last.unscored and any("invalid key for the judge" in n for n in last.notes)
    replay = cli("replay", str(path)).stdout
    assert f"Overall: {level}" in replay and "UNSCORED" not in replay
    assert load(path).latest_score().scorecard.overall == level
    listing = cli("sessions", "--out", str(tmp_path)).stdout
    assert listing.rstrip().endswith(level)


def test_calibrate_puts_the_holdout_first_and_progress_only_on_stderr():
    done = cli("calibrate", "--bootstrap", "20")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    holdout, tune, every = out.index("\nholdout ("), out.index("\ntune ("), out.index("\nall (")
    assert holdout < tune < every                      # the figure for new answers first
    assert "FITTED" in out[tune:every] and "includes the fitted tune split" in out[every:]
    # more than 50 cases and stderr not a terminal: plain progress lines, on stderr only
    assert "calibrate: graded" in done.stderr and "calibrate: graded" not in out
    last = done.stderr.strip().splitlines()[-1].split()[-1]
    assert last.split("/")[0] == last.split("/")[1]    # it ends at n/n
    js = cli("calibrate", "--json", "--bootstrap", "5")
    rep = json.loads(js.stdout)                          # nothing but the JSON on stdout
    assert list(rep["splits"]) == ["holdout", "tune", "all"]
    assert "calibrate: graded" in js.stderr


def test_calibrate_progress_is_silent_on_short_runs(capsys):
    from interviewer.commands.grading import Progress
    p = Progress(50, "calibrate: graded", plain_over=50)
    for _ in range(50):
        p.step()
    assert capsys.readouterr().err == ""
    p = Progress(51, "calibrate: graded", plain_over=50)
    for _ in range(51):
        p.step()
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == "calibrate: graded 51/51" and len(err.splitlines()) == 11
