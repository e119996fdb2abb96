"""The LLM side of the interviewer: it words the move the pure router chose (streamed), and
checks the candidate's numbers by calling the calculators through function calling. Any
failure here falls back to the offline interviewer for that turn; nothing it returns can crash
an interview or leak the rubric."""
from __future__ import annotations

import re
from dataclasses import dataclass

from rubrics import Card
from tools import TOOLS, ToolError, run_tool

from .llm.base import Backend, LLMError, Message, TextSink
from .policies import RoundPolicy
from .prompts import checker_system, move_message, neutralise, system_prompt

_EXTRA = {"claimed": {"type": "number", "description": "the candidate's value, in the unit of "
                      "the output field"},
          "field": {"type": "string", "description": "the output key to compare"},
          "quantity": {"type": "string", "description": "what the number is"}}


def checker_tools() -> list[dict]:
    """The calculators as function-calling tools, each with claimed/field/quantity added."""
    out = []
    for t in TOOLS.values():
        params = dict(t.parameters)
        params["properties"] = {**params["properties"], **_EXTRA}
        params["required"] = list(params.get("required", [])) + ["claimed", "field", "quantity"]
        out.append({"name": t.name, "description": t.description, "parameters": params})
    return out


class Leak(ValueError):
    """The model's wording would reveal the rubric or the model answer."""


def _guard(text: str, card: Card) -> str:
    text = text.strip()
    if not text:
        raise Leak("empty reply")
    for c in card.criteria:
        if re.search(rf"\b{re.escape(c.id)}\b", text) and "-" in c.id:
            raise Leak(f"names criterion {c.id}")
    words = card.model_answer.text.split()
    low = " ".join(text.split()).lower()
    for i in range(0, max(0, len(words) - 9)):
        if " ".join(words[i:i + 10]).lower() in low:
            raise Leak("quotes the model answer")
    return text


@dataclass
class LLMInterviewer:
    backend: Backend
    max_tokens: int = 300

    @property
    def label(self) -> str:
        return f"{self.backend.name}:{self.backend.model}"

    def speak(self, *, card: Card, policy: RoundPolicy, kind: str, draft: str,
              dialog: list[dict], on_text: TextSink | None = None) -> str:
        """The move in the model's words, streamed to `on_text`. Raises LLMError or Leak."""
        result = self.backend.chat([Message("user", move_message(kind, draft, dialog))],
                                   system=system_prompt(policy, card), on_text=on_text,
                                   max_tokens=self.max_tokens, interactive=True)
        return _guard(result.text, card)

    def check_numbers(self, *, card: Card, answer: str) -> tuple[list[dict], list[str]]:
        """Tool checks the model asked for, run by the real calculators. Returns the checks
        and notes about calls that could not run."""
        result = self.backend.chat(
            [Message("user", f"<candidate>{neutralise(answer)}</candidate>")],
            system=checker_system(card), tools=checker_tools(), max_tokens=600,
            interactive=True)
        checks, notes = [], []
        for call in result.tool_calls:
            args = dict(call.arguments)
            claimed, field = args.pop("claimed", None), args.pop("field", None)
            quantity = str(args.pop("quantity", "") or call.name)
            if not isinstance(claimed, (int, float)) or isinstance(claimed, bool) or not field:
                notes.append(f"model tool call {call.name} lacks a numeric claimed value or field")
                continue
            try:
                out = run_tool(call.name, args)
                value = float(out[field])
            except (ToolError, KeyError, TypeError, ValueError) as exc:
                notes.append(f"model tool call {call.name} could not run: {exc}")
                continue
            match = next((n for n in card.number_checks if n.tool == call.name and n.field == field
                          and all(args.get(k) == v for k, v in n.args.items())), None)
            if match:   # the card knows this quantity: speak in its unit and tolerance
                claimed_u, value_u = claimed * match.scale, value * match.scale
                ok = match.tolerance.accepts(value_u, claimed_u)
                checks.append({"check": match.id, "tool": call.name, "args": args,
                               "quantity": match.quantity, "unit": match.unit,
                               "claimed": claimed_u, "claimed_text": f"{claimed_u:g}",
                               "computed": value_u, "ok": ok, "arithmetic": match.arithmetic})
            else:
                ok = abs(claimed - value) <= max(0.03 * abs(value), 1e-9)
                checks.append({"check": f"llm-{call.name}", "tool": call.name, "args": args,
                               "quantity": quantity, "unit": field, "claimed": float(claimed),
                               "claimed_text": f"{claimed:g}", "computed": value, "ok": ok,
                               "arithmetic": f"{call.name} with {args} gives {field} = {value:.4g}."})
        return checks, notes


__all__ = ["LLMError", "LLMInterviewer", "Leak", "checker_tools"]
