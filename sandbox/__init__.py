"""Runs untrusted candidate code and its tests: bubblewrap where the machine has it, resource
limits in every case. Standard library only (coverage.py measures the candidate's tests);
imports nothing of the project."""
from .isolation import Isolation, probe_isolation
from .limits import Limits
from .report import RunReport, TestResult
from .runner import run_tests

__all__ = ["Isolation", "Limits", "RunReport", "TestResult", "probe_isolation", "run_tests"]
