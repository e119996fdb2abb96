"""Errors every room may raise toward the command line."""
from __future__ import annotations


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit status 2."""
