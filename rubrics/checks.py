"""What a card's number check computes: its tool call, by name, run once per distinct call
(the calculators are pure), in the check's unit."""
from __future__ import annotations

import json
from functools import lru_cache

from tools import run_tool

from .schema import NumberCheck


@lru_cache(maxsize=512)
def _tool_value(tool: str, args_json: str, field: str) -> float:
    return float(run_tool(tool, json.loads(args_json))[field])


def computed_value(check: NumberCheck) -> float:
    """What the tool says the checked quantity is, in the check's unit (cached: tools are pure).
    Raises tools.ToolError when the card's call is wrong."""
    return _tool_value(check.tool, json.dumps(check.args, sort_keys=True), check.field) * check.scale
