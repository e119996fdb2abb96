"""SVG snapshots of the screens whose content is deterministic, grouped by screen.
Regenerate after an intended change with: pytest tests/tui/test_snapshots.py --snapshot-update"""
from __future__ import annotations

from pathlib import Path

from interviewer.judges import HeuristicJudge, answers_from_transcript
from interviewer.tui import AppConfig, make_app
from interviewer.tui.screens.scorecard import ScorecardScreen
from rubrics import default_bank
from transcripts import SCHEMA_VERSION, CandidateEvent, Header, InterviewerEvent, ScoreEvent, TranscriptWriter
from transcripts.reference import load_reference

SIZE = (120, 36)


def fixed_session(directory: Path, sid: str, started: str, answer: str) -> None:
    bank = default_bank()
    w = TranscriptWriter(directory / "sessions" / f"{sid}.jsonl",
                         Header(schema_version=SCHEMA_VERSION, session_id=sid, started=started,
                                round="technical", questions=["q01"], program_version="test"))
    w.write(InterviewerEvent(id="g1", t=started, question="q01", act="question",
                             text=bank.get("q01").question))
    w.write(CandidateEvent(id="a1", t=started, question="q01", text=answer, turn=1))
    from interviewer.judges.base import Answers
    sc = HeuristicJudge().grade(Answers("technical", ["q01"], {"q01": [answer]}, {}), bank)
    w.write(ScoreEvent(id="g2", t=started, judge="heuristic", scorecard=sc.model_dump()))


def unfinished(directory: Path, sid: str, started: str) -> None:
    bank = default_bank()
    w = TranscriptWriter(directory / "sessions" / f"{sid}.jsonl",
                         Header(schema_version=SCHEMA_VERSION, session_id=sid, started=started,
                                round="technical", questions=["q01"], program_version="test"))
    w.write(InterviewerEvent(id="g1", t=started, question="q01", act="question",
                             text=bank.get("q01").question))
    w.write(CandidateEvent(id="a1", t=started, question="q01", text="It depends.", turn=1))


class TestPickScreen:
    def test_pick(self, snap_compare, tmp_path):
        assert snap_compare(make_app(AppConfig(out=str(tmp_path))), terminal_size=SIZE)

    def test_pick_filtered_to_coding(self, snap_compare, tmp_path):
        app = make_app(AppConfig(out=str(tmp_path), round="coding"))
        assert snap_compare(app, terminal_size=SIZE)


    def test_pick_at_80x24_with_the_resume_bar(self, snap_compare, tmp_path):
        """The smallest terminal supported: every filter and button fits; the focused
        question list is framed in the accent colour."""
        unfinished(tmp_path, "20261101-090000-cccccc", "2026-11-01T09:00:00")
        assert snap_compare(make_app(AppConfig(out=str(tmp_path))), terminal_size=(80, 24))


class TestHelpScreen:
    def test_help_over_the_pick_screen(self, snap_compare, tmp_path):
        assert snap_compare(make_app(AppConfig(out=str(tmp_path))), press=["question_mark"],
                            terminal_size=(80, 24))


class TestScorecardScreen:
    def test_scorecard_of_a_reference_case(self, snap_compare, tmp_path):
        bank = default_bank()
        case = next(c for c in load_reference(bank=bank) if c.id == "q24-adequate-1")
        card = HeuristicJudge().grade(answers_from_transcript(case.transcript), bank)
        app = make_app(AppConfig(out=str(tmp_path)))

        async def show(pilot):
            await pilot.app.push_screen(ScorecardScreen(card, case.id, tmp_path))
            await pilot.pause()
        assert snap_compare(app, terminal_size=SIZE, run_before=show)


class TestSessionsScreen:
    def test_sessions_with_progress(self, snap_compare, tmp_path):
        fixed_session(tmp_path, "20261101-090000-aaaaaa", "2026-11-01T09:00:00",
                      "Decode is memory-bandwidth bound, so batching is nearly free.")
        fixed_session(tmp_path, "20261108-090000-bbbbbb", "2026-11-08T09:00:00",
                      "Decode is memory-bandwidth bound, so batching is nearly free. Continuous "
                      "batching refills slots every iteration; the KV cache caps the batch; I "
                      "bound the queue and shed load with 429s. I'd hold p99 time to first token "
                      "under a second and inter-token latency under 50 ms, and load-test with a "
                      "bursty mix of prompt lengths.")
        app = make_app(AppConfig(out=str(tmp_path)))
        assert snap_compare(app, press=["s"], terminal_size=SIZE)
