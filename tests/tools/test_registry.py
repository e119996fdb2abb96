"""One validated entry point for the CLI, the cards and LLM function calling."""
import json

import pytest

from tools import TOOLS, ToolError, run_tool, tool_schemas


def test_every_tool_has_a_function_calling_schema():
    schemas = tool_schemas()
    assert {s["name"] for s in schemas} == set(TOOLS)
    for s in schemas:
        assert s["parameters"]["type"] == "object" and s["description"]
        json.dumps(s)   # serialisable as sent to a provider


@pytest.mark.parametrize("name,args,needle", [
    ("wilson", {"k": 8}, "n: missing"),
    ("wilson", {"k": 8, "n": 11, "extra": 1}, "extra: unknown argument"),
    ("wilson", {"k": "8", "n": 11}, "k: expected integer"),
    ("wilson", {"k": True, "n": 11}, "k: expected integer"),
    ("wilson", {"k": 12, "n": 11}, "cannot exceed"),
    ("kv-calc", {"model": "gpt-5"}, "model: 'gpt-5' is not one of"),
    ("kv-calc", {"model": "llama-3.3-70b", "context": 0}, "context: must be >= 1"),
    ("decode-floor", {"model": "llama-3.3-70b", "compute_util": 0}, "compute_util: must be > 0"),
    ("batching-sim", {"policy": "static", "slots": 2}, "outputs"),
    ("nope", {}, "unknown tool"),
])
def test_bad_arguments_name_the_field(name, args, needle):
    with pytest.raises(ToolError, match=needle):
        run_tool(name, args)


def test_integral_floats_from_json_are_accepted_as_integers():
    assert round(run_tool("wilson", {"k": 8.0, "n": 11.0})["low"], 3) == 0.434
