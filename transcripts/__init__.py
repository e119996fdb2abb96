"""The record: transcript schema, append-only store, replay, and the graded reference set."""
from .files import open_private, private_dir, write_private
from .schema import (FOLLOW_UP_ACTS, FOLLOW_UP_KINDS, SCHEMA_VERSION, CandidateEvent,
                     DecisionKind, FollowUpKind, Header, InterviewerEvent, LabelEvent,
                     NoticeEvent, RequirementChangeEvent, ScoreEvent, ToolCheckEvent, act_of,
                     now_iso)
from .scorecard import Scorecard
from .lock import SessionBusy, SessionLock, lock_path
from .store import (ARCHIVE_DIR, ENV_DIR, ConflictingEventError, SessionSummary,
                    TornLineWarning, Transcript, TranscriptError, TranscriptWriter,
                    archive_session, data_dir, delete_session, graded_sessions, list_sessions,
                    load, sessions_dir)

__all__ = [
    "ARCHIVE_DIR", "archive_session", "delete_session",
    "DecisionKind", "FOLLOW_UP_ACTS", "FOLLOW_UP_KINDS", "FollowUpKind", "Scorecard", "act_of",
    "CandidateEvent", "ConflictingEventError", "ENV_DIR", "Header", "InterviewerEvent",
    "LabelEvent",
    "NoticeEvent", "RequirementChangeEvent", "SCHEMA_VERSION", "ScoreEvent", "SessionBusy",
    "SessionLock", "SessionSummary", "ToolCheckEvent", "TornLineWarning", "Transcript",
    "TranscriptError", "TranscriptWriter", "data_dir", "graded_sessions", "list_sessions", "load", "lock_path",
    "now_iso", "open_private", "private_dir", "sessions_dir", "write_private",
]
