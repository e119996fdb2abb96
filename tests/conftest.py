import os
import sys
import tempfile
from pathlib import Path

import pytest

# Nothing in the suite may reach a model hub: the voice tests use the packaged tiny.en model.
os.environ["HF_HUB_OFFLINE"] = "1"
# One bank cache for the whole run (subprocesses inherit it), never the user's own.
os.environ["FDE_INTERVIEW_CACHE_DIR"] = tempfile.mkdtemp(prefix="fde-cache-")

sys.path.append(str(Path(__file__).parent / "support"))   # llm_servers.py, reference_cases.py


def _server_fixture(kind: str, name: str):
    """A fixture that starts loopback servers of one kind on demand and stops them all after
    the test."""
    def fixture():
        import llm_servers
        started = []

        def make(*args, **kw):
            s = getattr(llm_servers, kind)(*args, **kw).start()
            started.append(s)
            return s
        yield make
        for s in started:
            s.stop()
    return pytest.fixture(fixture, name=name)


fake_openai = _server_fixture("FakeOpenAI", "fake_openai")
fake_anthropic = _server_fixture("FakeAnthropic", "fake_anthropic")


@pytest.fixture(autouse=True)
def _isolated_config(tmp_path, monkeypatch):
    """No test reads the developer's own config file or provider settings."""
    monkeypatch.setenv("FDE_INTERVIEW_CONFIG", str(tmp_path / "no-config.toml"))
    for var in ("FDE_INTERVIEW_PROVIDER", "FDE_INTERVIEW_MODEL", "FDE_INTERVIEW_BASE_URL",
                "FDE_INTERVIEW_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(var, raising=False)
