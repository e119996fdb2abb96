"""Model backends behind one interface (see base.Backend), one registry entry per provider
(providers.py). SDKs import lazily, when a backend is made; the names below load on first use
too, so that the CLI can read the provider registry for --help without pydantic."""
from __future__ import annotations

from ..lazy import lazy_exports

_EXPORTS = {"Backend": "base", "Capabilities": "base", "ChatResult": "base", "LLMError": "base",
            "Message": "base", "StructuredOutputError": "base", "ToolCall": "base",
            "RetryPolicy": "retry", "PROVIDERS": "providers", "Provider": "providers",
            "make_backend": "providers"}

__getattr__ = lazy_exports(__name__, _EXPORTS)


__all__ = sorted(_EXPORTS)
