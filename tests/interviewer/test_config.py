"""Provider selection: flag > config file > environment; missing keys name the variable;
keys never reach transcripts or messages."""
import subprocess
import sys
from pathlib import Path

import pytest

from interviewer.llm.config import ConfigError, resolve
from llm_servers import Reply, is_reading, reading_reply

EXE = str(Path(sys.executable).parent / "fde-interview")


def test_nothing_configured_means_offline(tmp_path):
    assert resolve(env={"ANTHROPIC_API_KEY": "sk-ant-x"}, path=tmp_path / "none.toml") is None


def test_order_flag_then_file_then_env(tmp_path):
    cfg = tmp_path / "config.toml"
    cfg.write_text('[llm]\nprovider = "openai"\nmodel = "from-file"\n')
    env = {"OPENAI_API_KEY": "sk-env-123456", "FDE_INTERVIEW_MODEL": "from-env"}
    r = resolve(env=env, path=cfg)
    assert (r.provider, r.model, r.api_key, r.key_source) == ("openai", "from-file",
                                                               "sk-env-123456", "$OPENAI_API_KEY")
    r = resolve(model="from-flag", api_key="sk-flag-123456", env=env, path=cfg)
    assert (r.model, r.api_key, r.key_source) == ("from-flag", "sk-flag-123456", "flag")
    r = resolve(env=env | {"FDE_INTERVIEW_PROVIDER": "anthropic", "ANTHROPIC_API_KEY": "k" * 10},
                path=tmp_path / "none.toml")
    assert r.provider == "anthropic" and r.model == "from-env"
    assert "k" * 10 not in repr(r) and "k" * 10 not in str(r.describe())


@pytest.mark.parametrize("provider,var", [("anthropic", "ANTHROPIC_API_KEY"),
                                          ("openai", "OPENAI_API_KEY")])
def test_missing_key_names_the_variable(tmp_path, provider, var):
    with pytest.raises(ConfigError, match=var):
        resolve(provider=provider, env={}, path=tmp_path / "none.toml")


def test_openai_compatible_needs_a_url_not_a_key(tmp_path):
    with pytest.raises(ConfigError, match="--base-url"):
        resolve(provider="openai-compatible", env={}, path=tmp_path / "c.toml")
    r = resolve(provider="openai-compatible", env={"OPENAI_BASE_URL": "http://127.0.0.1:8000/v1"},
                path=tmp_path / "c.toml")
    assert r.api_key == "EMPTY" and len(r.cache_salt) == 43
    again = resolve(provider="openai-compatible", base_url="http://127.0.0.1:8000/v1", env={},
                    path=tmp_path / "c.toml")
    assert again.cache_salt == r.cache_salt   # one salt per user, kept


def test_bad_config_file_is_named(tmp_path):
    cfg = tmp_path / "config.toml"
    cfg.write_text("[llm\nprovider=")
    with pytest.raises(ConfigError, match="config.toml: not valid TOML"):
        resolve(env={}, path=cfg)
    cfg.write_text('[llm]\nprovdier = "openai"\n')
    with pytest.raises(ConfigError, match="provdier"):
        resolve(env={}, path=cfg)
    with pytest.raises(ConfigError, match="unknown provider"):
        resolve(provider="gemini", env={}, path=tmp_path / "none.toml")


def test_cli_practice_against_a_loopback_vllm(tmp_path, fake_openai):
    def respond(body):
        if body["messages"][-1]["content"] == "ping":
            return Reply(text="p")
        if is_reading(body):
            return reading_reply()
        return Reply(text="Interesting. What would you do on day one at the customer?")
    server = fake_openai(respond, tools_enabled=False)
    done = subprocess.run([EXE, "practice", "--plain", "--out", str(tmp_path), "--question",
                           "why-fde", "--provider", "openai-compatible", "--base-url",
                           server.base_url], input="It sounds interesting.\n\n/end\n\n",
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "What would you do on day one at the customer?" in done.stdout
    assert "interviewer: openai-compatible:fake-model" in done.stderr


def test_cli_missing_key_is_a_clear_error(tmp_path):
    env = {k: v for k, v in __import__("os").environ.items() if k != "ANTHROPIC_API_KEY"}
    done = subprocess.run([EXE, "practice", "--plain", "--out", str(tmp_path), "--provider",
                           "anthropic"], input="", capture_output=True, text=True, env=env,
                          timeout=60)
    assert done.returncode == 2 and "ANTHROPIC_API_KEY" in done.stderr


def test_check_endpoint_reports_and_acts(fake_openai):
    bare = fake_openai(tools_enabled=False, json_schema=False, priority=False)
    done = subprocess.run([EXE, "check-endpoint", "--base-url", bare.base_url],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    assert "--enable-auto-tool-choice" in done.stdout and "json_object" in done.stdout
    assert "--scheduling-policy priority" in done.stdout
    done = subprocess.run([EXE, "check-endpoint", "--base-url", "http://127.0.0.1:9/v1",
                           "--json"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and '"reachable": false' in done.stdout


@pytest.mark.parametrize("make,needle", [
    (lambda p: p.write_bytes(b"\xff\xfe[llm]\n"), "not UTF-8 text (an invalid byte at offset 0)"),
    (lambda p: p.mkdir(), "cannot read the config file"),
])
def test_an_unreadable_config_file_is_named(tmp_path, make, needle):
    path = tmp_path / "config.toml"
    make(path)
    with pytest.raises(ConfigError, match="config.toml: "):
        resolve(env={}, path=path)
    done = subprocess.run([EXE, "practice", "--plain", "--out", str(tmp_path / "out")],
                          input="", capture_output=True, text=True, timeout=60,
                          env={**__import__("os").environ, "FDE_INTERVIEW_CONFIG": str(path)})
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"{path}: {needle}" in done.stderr
    assert not (tmp_path / "out").exists()


def test_the_cache_salt_is_private(tmp_path):
    import os
    import stat
    old = os.umask(0o022)
    try:
        resolve(provider="openai-compatible", base_url="http://127.0.0.1:1/v1", env={},
                path=tmp_path / "cfg" / "config.toml")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "cfg" / "cache_salt").stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "cfg").stat().st_mode) == 0o700
