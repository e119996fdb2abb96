"""The CLI end to end, in-process and through the installed console script."""
import json
import subprocess
import sys

import pytest

from interviewer.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_help_lists_the_subcommands(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    for cmd in ("practice", "sessions", "replay", "score", "calibrate", "questions", "show",
                "tools"):
        assert cmd in out


def test_kv_calc_json_reports_327680(capsys):
    code, out, _ = run(capsys, "tools", "kv-calc", "--model", "llama-3.3-70b", "--json")
    data = json.loads(out)
    assert code == 0 and data["bytes_per_token"] == 327680
    assert data["fixed_bytes_per_sequence"] == 0 and "budget_bytes" not in data


def test_kv_calc_budget_keys(capsys):
    code, out, _ = run(capsys, "tools", "kv-calc", "--model", "llama-3.3-70b", "--gpu", "h200",
                       "--weights-gb", "70", "--json")
    data = json.loads(out)
    for key in ("budget_bytes", "tokens_that_fit", "sequences_that_fit"):
        assert key in data
    assert round(data["sequences_that_fit"], 1) == 20.4


def test_kv_calc_config_file_and_errors(capsys, tmp_path):
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps({"text_config": {"num_hidden_layers": 61, "kv_lora_rank": 512,
                                               "qk_rope_head_dim": 64}}))
    code, out, _ = run(capsys, "tools", "kv-calc", "--config", str(cfg), "--json")
    assert code == 0 and json.loads(out)["bytes_per_token"] == 70272
    cfg.write_text(json.dumps({"num_hidden_layers": 32, "hidden_size": 4096}))
    code, out, err = run(capsys, "tools", "kv-calc", "--config", str(cfg))
    assert code == 2 and "num_attention_heads" in err and str(cfg) in err
    code, _, err = run(capsys, "tools", "kv-calc", "--model", "llama-3.3-70b", "--gpu", "tpu")
    assert code == 2 and "unknown GPU" in err


def test_wilson_human_and_json(capsys):
    code, out, _ = run(capsys, "tools", "wilson", "8", "11")
    assert code == 0 and "43.4% to 90.3%" in out
    code, out, _ = run(capsys, "tools", "wilson", "8", "11", "--json")
    data = json.loads(out)
    assert round(data["low"], 3) == 0.434 and round(data["high"], 3) == 0.903


def test_other_tools(capsys):
    code, out, _ = run(capsys, "tools", "decode-floor", "--model", "llama-3.3-70b",
                       "--weights-gb", "70", "--params-b", "70", "--gpu", "h200", "--batch",
                       "20", "--json")
    data = json.loads(out)
    assert round(data["step_ms"], 1) == 25.8 and round(data["tokens_per_s_total"]) == 776
    code, out, _ = run(capsys, "tools", "prefill", "--params-b", "70", "--gpu", "h100")
    assert "1.159 s" in out
    code, out, _ = run(capsys, "tools", "batching-sim", "--policy", "all", "--json")
    data = json.loads(out)
    assert data["static"]["makespan_iterations"] - data["continuous"]["makespan_iterations"] == 5
    code, out, _ = run(capsys, "tools", "microbatch-sim", "--rate", "1500")
    assert "shed" in out
    code, out, _ = run(capsys, "tools", "kv-blocks", "--json")
    assert [s["value"] for s in json.loads(out)["steps"]] == [0, 32, 59, 0, 0, 32]
    code, out, _ = run(capsys, "tools", "run", "token-bucket", "--args",
                       '{"rate_per_s": 100, "burst": 200, "offered_per_s": 150, "duration_s": 10}')
    assert json.loads(out)["rejected"] == 300
    code, _, err = run(capsys, "tools", "run", "wilson", "--args", "{bad")
    assert code == 2 and "not valid JSON" in err


def test_console_script_and_module_entry_points():
    for cmd in (["fde-interview"], [sys.executable, "-m", "interviewer"]):
        exe = cmd if cmd[0] != "fde-interview" else [str(__import__("pathlib").Path(
            sys.executable).parent / "fde-interview")]
        done = subprocess.run(exe + ["tools", "wilson", "8", "11"], capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 0 and "43.4% to 90.3%" in done.stdout
