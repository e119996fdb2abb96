"""The model providers, one registry entry each: its name (what --provider and the config file
take), the environment variables it reads, its default model and the factory of its backend.
The CLI's choices, the config's validation and its error messages all come from here.
Adding a provider: a backend module (see base.Backend) and one entry below.

Standard library only, and the factories import their backend (and its SDK) when called:
the CLI reads this registry for --help."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:   # typing only
    from .base import Backend
    from .retry import RetryPolicy

# (a resolved config.LLMConfig, a retry policy or None, probe the server?) -> the backend
Factory = Callable[..., "Backend"]


@dataclass(frozen=True)
class Provider:
    name: str
    key_env: str                     # the provider's own API-key variable
    factory: Factory                 # (config, retry policy, probe) -> Backend
    default_model: str | None = None   # used when no model is configured
    base_url_env: str | None = None  # the provider's own base-URL variable, if it reads one
    needs_base_url: bool = False     # a self-hosted server: there is no default URL
    key_required: bool = True        # False: a server that takes any key ("EMPTY")
    cache_salt: bool = False         # send a per-user salt with cacheable prefixes


def _anthropic(cfg, retry, probe):
    from .anthropic_backend import AnthropicBackend   # the SDK loads with the backend
    return AnthropicBackend(model=cfg.model, api_key=cfg.api_key, base_url=cfg.base_url,
                            retry=retry)


def _openai(cfg, retry, probe):
    from .openai_backend import OpenAIBackend   # the SDK loads with the backend
    return OpenAIBackend(model=cfg.model, api_key=cfg.api_key, base_url=cfg.base_url,
                         retry=retry)


def _openai_compatible(cfg, retry, probe):
    from .openai_compatible import OpenAICompatibleBackend   # the SDK loads with the backend
    return OpenAICompatibleBackend(model=cfg.model, base_url=cfg.base_url, api_key=cfg.api_key,
                                   cache_salt=cfg.cache_salt, retry=retry, probe=probe)


PROVIDERS: dict[str, Provider] = {p.name: p for p in [
    Provider("anthropic", "ANTHROPIC_API_KEY", _anthropic, default_model="claude-sonnet-4-5"),
    Provider("openai", "OPENAI_API_KEY", _openai, default_model="gpt-4.1-mini",
             base_url_env="OPENAI_BASE_URL"),
    # vLLM, llama.cpp's server and the like: their differences live in openai_compatible
    Provider("openai-compatible", "OPENAI_API_KEY", _openai_compatible,
             base_url_env="OPENAI_BASE_URL", needs_base_url=True, key_required=False,
             cache_salt=True),
]}
NAMES: tuple[str, ...] = tuple(PROVIDERS)


def make_backend(cfg, retry: RetryPolicy | None = None, probe: bool = True) -> Backend:
    """The backend for a resolved interviewer.llm.config.LLMConfig."""
    return PROVIDERS[cfg.provider].factory(cfg, retry, probe)
