"""The record: transcript schema, append-only store, replay, and the graded reference set."""
from .files import open_private, private_dir, write_private
from .schema import (SCHEMA_VERSION, CandidateEvent, Header, InterviewerEvent, NoticeEvent,
                     RequirementChangeEvent, ScoreEvent, ToolCheckEvent, now_iso)
from .store import (ENV_DIR, SessionSummary, TornLineWarning, Transcript, TranscriptError,
                    TranscriptWriter, data_dir, list_sessions, load, sessions_dir)

__all__ = [
    "CandidateEvent", "ENV_DIR", "Header", "InterviewerEvent", "NoticeEvent",
    "RequirementChangeEvent", "SCHEMA_VERSION", "ScoreEvent", "SessionSummary",
    "ToolCheckEvent", "TornLineWarning", "Transcript", "TranscriptError", "TranscriptWriter",
    "data_dir", "list_sessions", "load", "now_iso", "open_private", "private_dir",
    "sessions_dir", "write_private",
]
