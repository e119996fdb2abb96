"""Keep API keys out of transcripts, logs and error messages."""
from __future__ import annotations

import re

_KEYLIKE = re.compile(r"\b(sk-[A-Za-z0-9_\-]{8,}|sk-ant-[A-Za-z0-9_\-]{8,})")


def redact(text: str, secrets: list[str | None] = ()) -> str:
    """`text` with every known secret, and anything shaped like an API key, masked."""
    for s in secrets:
        if s and len(s) >= 6 and s in text:
            text = text.replace(s, "[redacted]")
    return _KEYLIKE.sub("[redacted]", text)

