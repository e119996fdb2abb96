"""The calibration store: each LLM judge's measured agreement, kept in the user's data
directory (calibration.json beside sessions/), one record per provider, model and judge-prompt
version, because an agreement measured with one prompt says nothing about another.

    {"llm:openai-compatible:qwen2.5-7b@llm-judge-v2-1a2b3c4d": {
        "provider": ..., "model": ..., "prompt_version": ..., "date": "2026-12-06",
        "n": 212, "agreement": 0.71, "low": 0.65, "high": 0.77, "kappa": 0.52,
        "level_n": 40, "level_agreement": ..., "level_within_one": ...,
        "cases": 40, "seconds_per_call": 3.2, "measured_on": "..."}}

The packaged interviewer/judges/calibration.json holds the heuristic judge's figure. A store
that cannot be read is a named error (CalibrationStoreError): never silently replaced, since
it may hold other models' measurements."""
from __future__ import annotations

import json
import os
from pathlib import Path

from transcripts import data_dir, write_private
from transcripts.scorecard import Agreement

STORE_NAME = "calibration.json"
AGREEMENT_FIELDS = tuple(Agreement.model_fields)


class CalibrationStoreError(ValueError):
    """The store file exists but is not a JSON object of records; the message names it."""


def store_path() -> Path:
    return data_dir() / STORE_NAME


def llm_key(provider: str, model: str, prompt_version: str) -> str:
    return f"llm:{provider}:{model}@{prompt_version}"


def read_store(path: Path | None = None) -> dict:
    """The records, {} when there is no store yet; CalibrationStoreError when unreadable."""
    path = path or store_path()
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise CalibrationStoreError(f"{path}: cannot read the calibration store: "
                                    f"{getattr(exc, 'strerror', None) or exc}") from None
    except json.JSONDecodeError as exc:
        raise CalibrationStoreError(f"{path}: the calibration store is not valid JSON (line "
                                    f"{exc.lineno}, column {exc.colno}: {exc.msg}); fix or "
                                    "move it away, it is never overwritten") from None
    if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
        raise CalibrationStoreError(f"{path}: the calibration store must be a JSON object of "
                                    "records; fix or move it away, it is never overwritten")
    return data


def save_record(key: str, record: dict, path: Path | None = None) -> Path:
    """Add or replace one record, keeping every other; the file is replaced whole (written
    beside it, then renamed) so a crash leaves the old store or the new one, never half."""
    path = path or store_path()
    data = read_store(path)          # raises on a corrupt store: nothing is overwritten
    data[key] = record
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    write_private(tmp, json.dumps(data, indent=2, sort_keys=True) + "\n")
    os.replace(tmp, path)
    return path


def agreement_of(record: dict) -> Agreement:
    """The figures a scorecard prints, from a stored record."""
    fields = {k: record[k] for k in AGREEMENT_FIELDS if k in record}
    if record.get("date") and "measured_on" in fields:
        fields["measured_on"] = f"{fields['measured_on']}, {record['date']}"
    return Agreement(**fields)


def lookup(key: str, path: Path | None = None) -> Agreement | None:
    """The stored agreement for `key`, None if never measured (CalibrationStoreError if the
    store is unreadable)."""
    record = read_store(path).get(key)
    return agreement_of(record) if record else None


def seconds_per_call(provider: str, model: str, path: Path | None = None) -> float | None:
    """The time one judge call took when this model was last calibrated (any prompt
    version): the basis of calibrate's time estimate."""
    try:
        records = read_store(path).values()
    except CalibrationStoreError:
        return None
    times = [r["seconds_per_call"] for r in records
             if r.get("provider") == provider and r.get("model") == model
             and isinstance(r.get("seconds_per_call"), (int, float))]
    return times[-1] if times else None
