"""Text from a transcript, a model or a candidate made safe to print to a terminal: every
control character becomes visible, so an escape sequence in a shared transcript cannot
retitle the window, clear the screen, set the clipboard or ring the bell."""
from __future__ import annotations

import re

# C0 controls except tab and newline, DEL, and the C1 controls (U+0080-U+009F, which some
# terminals also take as escape sequence introducers).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _shown(match: re.Match) -> str:
    code = ord(match.group())
    if code < 0x20:
        return "^" + chr(code + 0x40)   # caret notation: ESC -> ^[, BEL -> ^G, BS -> ^H
    if code == 0x7F:
        return "^?"
    return f"\\x{code:02x}"


def visible(text: str) -> str:
    """`text` with every control character but newline and tab shown as caret notation
    (C1 controls as \\x9b and the like); a CR LF line end counts as a newline."""
    return _CONTROL.sub(_shown, text.replace("\r\n", "\n"))
