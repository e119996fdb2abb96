"""Argument types and options that several commands share."""
from __future__ import annotations

import argparse

from ..llm.providers import NAMES


def whole_number(low: int, high: int | None = None):
    """An argparse type: an integer from `low` to `high`, else a message naming the bounds."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if n < low or (high is not None and n > high):
            bounds = f"at least {low}" if high is None else f"from {low} to {high}"
            raise argparse.ArgumentTypeError(f"must be {bounds}, got {n}")
        return n
    return parse


def seconds(text: str) -> float:
    """An argparse type: a positive number of seconds."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {text!r}")
    return value


def add_provider_args(p: argparse.ArgumentParser, api_key_help: str | None = None) -> None:
    """--provider (one of the registry's), --model, --base-url, --api-key."""
    p.add_argument("--provider", choices=NAMES)
    p.add_argument("--model")
    p.add_argument("--base-url")
    p.add_argument("--api-key", help=api_key_help)


def provider_settings(a: argparse.Namespace) -> dict:
    """The settings services.make_llm takes, from the parsed flags."""
    return {"provider": a.provider, "model": a.model, "base_url": a.base_url,
            "api_key": getattr(a, "api_key", None),
            "turn_deadline": getattr(a, "turn_deadline", None)}


def interrupt_on_ctrl_c() -> None:
    """Ctrl-C saves and exits with 130 even when the process was started with SIGINT
    ignored (a background job of a script or CI runner inherits SIG_IGN, and Python then
    raises no KeyboardInterrupt: the session would run on to end of input and exit 0)."""
    import signal
    import threading
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)
