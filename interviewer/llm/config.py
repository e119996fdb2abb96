"""Which model backend to use, and with which key.

Each setting is resolved in a fixed order: explicit flag > config file > environment.
The config file is TOML at the platform's user-config directory (config.toml), or the
path in FDE_INTERVIEW_CONFIG:

    [llm]
    provider = "openai-compatible"   # a name in providers.PROVIDERS
    model = "meta-llama/Llama-3.3-70B-Instruct"
    base_url = "http://localhost:8000/v1"
    # api_key = "..."                # better kept in the environment
    # turn_deadline = 20             # seconds one interviewer turn may wait for the model
    # judge = "auto"                 # who grades a session: auto (the model when one is
    #                                # configured), llm or heuristic
    # judge_deadline = 60            # seconds the LLM judge may take per question

Environment: FDE_INTERVIEW_PROVIDER, FDE_INTERVIEW_MODEL, FDE_INTERVIEW_BASE_URL,
FDE_INTERVIEW_API_KEY, FDE_INTERVIEW_TURN_DEADLINE, FDE_INTERVIEW_JUDGE,
FDE_INTERVIEW_JUDGE_DEADLINE, and the providers' own variables
(providers.py: ANTHROPIC_API_KEY, OPENAI_API_KEY, OPENAI_BASE_URL). A key alone never switches providers on: with no provider chosen the
offline interviewer runs and nothing is spent.
"""
from __future__ import annotations

import os
import secrets
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .providers import PROVIDERS

PREFIX = "FDE_INTERVIEW_"
# Who grades a finished session: auto (the LLM judge when a model is configured, else the
# heuristic judge), llm (the model, the heuristic judge only as a fallback) or heuristic.
JUDGE_MODES = ("auto", "heuristic", "llm")


class ConfigError(ValueError):
    """A setting that is missing or wrong; the message names what to set."""


@dataclass
class LLMConfig:
    provider: str
    model: str | None
    base_url: str | None
    api_key: str | None = field(repr=False)
    key_source: str = ""          # where the key came from (never the key itself)
    cache_salt: str | None = field(default=None, repr=False)
    turn_deadline: float | None = None   # seconds; None: the interviewer's default (20)

    def describe(self) -> dict:
        """What may be recorded in a transcript: no key, no salt."""
        return {"provider": self.provider, "model": self.model, "base_url": self.base_url}


def config_path(env: dict | None = None) -> Path:
    env = os.environ if env is None else env
    if env.get(PREFIX + "CONFIG"):
        return Path(env[PREFIX + "CONFIG"]).expanduser()
    from platformdirs import user_config_dir   # lazy: only when no config path is given
    return Path(user_config_dir("fde-interview", appauthor=False)) / "config.toml"


def read_config_file(path: Path) -> dict:
    if not path.exists():
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: not UTF-8 text (an invalid byte at offset {exc.start}); "
                          "save it as UTF-8"
                          ) from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the config file: {exc.strerror or exc}"
                          ) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    llm = data.get("llm", {})
    if not isinstance(llm, dict):
        raise ConfigError(f"{path}: [llm] must be a table")
    unknown = set(llm) - {"provider", "model", "base_url", "api_key", "turn_deadline", "judge",
                          "judge_deadline"}
    if unknown:
        raise ConfigError(f"{path}: unknown key(s) in [llm]: {', '.join(sorted(unknown))}")
    return llm


def _salt(path: Path) -> str:
    """A random per-user cache salt (256 bits, 43 base64url characters), kept beside the
    config so this user's cached prefixes stay theirs across sessions."""
    salt_file = path.parent / "cache_salt"
    try:
        if salt_file.exists():
            return salt_file.read_text().strip()
        from transcripts import write_private   # 0600 in a 0700 directory
        value = secrets.token_urlsafe(32)
        write_private(salt_file, value)
        return value
    except OSError:
        return secrets.token_urlsafe(32)   # unwritable config dir: a per-run salt


def resolve(*, provider: str | None = None, model: str | None = None,
            base_url: str | None = None, api_key: str | None = None,
            turn_deadline: float | None = None, env: dict | None = None, path: Path | None = None) -> LLMConfig | None:
    """The backend settings, or None for the offline interviewer."""
    env = os.environ if env is None else env
    path = path or config_path(env)
    file = read_config_file(path)

    def pick(flag, key: str, *envs: str) -> tuple[str | None, str]:
        if flag:
            return flag, "flag"
        if file.get(key):
            return str(file[key]), f"config file {path}"
        for e in envs:
            if env.get(e):
                return env[e], f"${e}"
        return None, ""

    prov, _ = pick(provider, "provider", PREFIX + "PROVIDER")
    if prov is None:
        return None
    if prov not in PROVIDERS:
        raise ConfigError(f"unknown provider {prov!r}; choose one of: {', '.join(PROVIDERS)}")
    p = PROVIDERS[prov]
    mdl, _ = pick(model, "model", PREFIX + "MODEL")
    url_envs = (PREFIX + "BASE_URL",) + ((p.base_url_env,) if p.base_url_env else ())
    url, _ = pick(base_url, "base_url", *url_envs)
    key, source = pick(api_key, "api_key", PREFIX + "API_KEY", p.key_env)
    if p.needs_base_url and not url:
        raise ConfigError(f"{prov} needs the server's URL: pass --base-url (for example "
                          f"http://localhost:8000/v1) or set {p.base_url_env}")
    if not p.key_required:
        key = key or "EMPTY"   # vLLM without --api-key accepts any
    elif not key:
        raise ConfigError(f"no API key for {prov}: set {p.key_env} (or pass --api-key)")
    mdl = mdl or p.default_model
    deadline, where = pick(turn_deadline, "turn_deadline", PREFIX + "TURN_DEADLINE")
    return LLMConfig(prov, mdl, url, key, source, _salt(path) if p.cache_salt else None,
                     _seconds(deadline, where) if deadline is not None else None)


def judge_settings(*, judge: str | None = None, judge_deadline: float | None = None,
                   env: dict | None = None, path: Path | None = None
                   ) -> tuple[str, float | None]:
    """(judge mode, the LLM judge's deadline per question or None for its default), each
    flag > config file ([llm] judge, judge_deadline) > environment."""
    env = os.environ if env is None else env
    path = path or config_path(env)
    file = read_config_file(path)

    def pick(flag, key: str) -> tuple[object, str]:
        if flag is not None:
            return flag, "--" + key.replace("_", "-")
        if file.get(key) is not None:
            return file[key], f"{key} in {path}"
        if env.get(PREFIX + key.upper()):
            return env[PREFIX + key.upper()], f"${PREFIX}{key.upper()}"
        return None, ""

    mode, where = pick(judge, "judge")
    if mode is not None and mode not in JUDGE_MODES:
        raise ConfigError(f"judge ({where}) must be one of {', '.join(JUDGE_MODES)}, "
                          f"got {mode!r}")
    deadline, where = pick(judge_deadline, "judge_deadline")
    return (str(mode) if mode else "auto",
            _seconds(deadline, where, "judge_deadline") if deadline is not None else None)


def _seconds(value, where: str, name: str = "turn_deadline") -> float:
    """A turn deadline: a positive number of seconds."""
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        seconds = float("nan")
    if not seconds > 0 or seconds == float("inf"):
        raise ConfigError(f"{name} ({where}) must be a positive number of seconds, "
                          f"got {value!r}")
    return seconds
