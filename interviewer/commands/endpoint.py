"""`fde-interview check-endpoint`: what an OpenAI-compatible server (vLLM) supports, and what
the program does about each gap. The backend loads when it runs (keeps --help fast)."""
from __future__ import annotations

import argparse
import json
import sys

from ..errors import UsageError


def register(sub: argparse._SubParsersAction) -> None:
    check = sub.add_parser("check-endpoint", help="probe an OpenAI-compatible server (vLLM)")
    check.add_argument("--base-url", required=True)
    check.add_argument("--model")
    check.add_argument("--api-key")
    check.add_argument("--json", action="store_true")
    check.set_defaults(run=run_check_endpoint)


def run_check_endpoint(a: argparse.Namespace) -> int:
    """Probe an OpenAI-compatible server and say what the program will do about each gap."""
    from ..llm import LLMError   # lazy: the backend and its SDK
    from ..llm.openai_compatible import OpenAICompatibleBackend
    try:
        backend = OpenAICompatibleBackend(model=a.model, base_url=a.base_url,
                                          api_key=a.api_key, probe=False,
                                          cache_salt="probe-" + "x" * 37)
        report = backend.probe()
    except LLMError as exc:
        raise UsageError(f"{a.base_url}: {exc}") from None
    data = {"base_url": report.base_url, "reachable": report.reachable,
            "answering": report.answering, "error": report.error,
            "models": report.models, "model": report.model,
            "capabilities": {k: v for k, v in vars(report.capabilities).items() if k != "notes"},
            "findings": [{"feature": f, "supported": ok, "action": act}
                         for f, ok, act in report.findings]}
    if a.json:
        json.dump(data, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0 if report.reachable and report.answering else 1
    if not report.reachable:
        print(f"{report.base_url}: not usable: {report.error}")
        return 1
    print(f"{report.base_url}: {len(report.models)} model(s): {', '.join(report.models)}")
    print(f"model in use: {report.model}")
    for f in data["findings"]:
        print(f"  {'yes' if f['supported'] else 'no ':<4} {f['feature']:<28} {f['action']}")
    return 0 if report.answering else 1
