"""Model backends behind one interface (see base.Backend), one registry entry per provider
(providers.py). SDKs import lazily, when a backend is made; the names below load on first use
too, so that the CLI can read the provider registry for --help without pydantic."""
from __future__ import annotations

import importlib

_EXPORTS = {"Backend": "base", "Capabilities": "base", "ChatResult": "base", "LLMError": "base",
            "Message": "base", "StructuredOutputError": "base", "ToolCall": "base",
            "RetryPolicy": "retry", "PROVIDERS": "providers", "Provider": "providers",
            "make_backend": "providers"}


def __getattr__(name: str):
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_EXPORTS[name]}"), name)


__all__ = sorted(_EXPORTS)
