"""Model backends behind one interface (see base.Backend). SDKs import lazily, when a
backend is made."""
from .base import (Backend, Capabilities, ChatResult, LLMError, Message, StructuredOutputError,
                   ToolCall)
from .retry import RetryPolicy


def make_backend(cfg, retry: RetryPolicy | None = None, probe: bool = True) -> Backend:
    """The backend for a resolved interviewer.config.LLMConfig."""
    if cfg.provider == "anthropic":
        from .anthropic_backend import AnthropicBackend
        return AnthropicBackend(model=cfg.model, api_key=cfg.api_key, base_url=cfg.base_url,
                                retry=retry)
    if cfg.provider == "openai":
        from .openai_backend import OpenAIBackend
        return OpenAIBackend(model=cfg.model, api_key=cfg.api_key, base_url=cfg.base_url,
                             retry=retry)
    from .openai_compatible import OpenAICompatibleBackend
    return OpenAICompatibleBackend(model=cfg.model, base_url=cfg.base_url, api_key=cfg.api_key,
                                   cache_salt=cfg.cache_salt, retry=retry, probe=probe)


__all__ = ["Backend", "Capabilities", "ChatResult", "LLMError", "Message", "RetryPolicy",
           "StructuredOutputError", "ToolCall", "make_backend"]
