"""The Textual terminal app (`fde-interview practice`)."""
from .app import InterviewApp, make_app
from .config import AppConfig

__all__ = ["AppConfig", "InterviewApp", "make_app"]
