"""`fde-interview practice --plain`: the interview on stdin/stdout, for scripts, pipes and
screen readers. An answer ends at an empty line, except inside a ``` or ~~~ fence (code keeps
its blank lines; the answer ends at the first empty line after the fence closes, or at end of
input if it never does); /skip, /end and /help alone on the first line are commands
(candidate_commands says which), a lone unknown /word is pointed out, any other line is answer
text; `/ask QUESTION` (a block, to the empty line) asks the AI assistant where the round has
one; end of input ends the interview normally and grades it; Ctrl-C leaves it saved for
--resume. When stdin is not a terminal, each answer is echoed after its prompt (`> ` lines), so
a saved stdout reads as the conversation it was."""
from __future__ import annotations

import re
import sys
import textwrap
from typing import TextIO

from ..candidate_commands import (ASK, HELP, HELP_TEXT, ask_question, parse_command,
                                  unknown_command)
from ..engine.llm_interviewer import WAITING_TEXT, ctrl_c_continues_offline
from ..engine.session import Session, Turn
from ..judges.export import to_text
from ..terminal_text import visible


def _say(out: TextIO, text: str, who: str = "Interviewer") -> None:
    body = textwrap.fill(visible(text), width=96, initial_indent="  ", subsequent_indent="  ")
    out.write(f"\n{who}:\n{body}\n")


def _say_block(out: TextIO, text: str, who: str) -> None:
    """Text that may hold code: its lines kept (made visible), indented."""
    body = "\n".join("  " + visible(line) if line.strip() else "" for line in text.split("\n"))
    out.write(f"\n{who}:\n{body}\n")


def show(out: TextIO, turn: Turn, streamed: set[str] = frozenset()) -> None:
    for e in turn.events:
        if e.type == "interviewer" and e.id not in streamed:
            _say(out, e.text)
        elif e.type == "code_run":   # counts only: the failing hidden tests stay hidden
            out.write(f"\n[run] part {e.part}: {e.passed} of {e.total} tests passed"
                      f"{', stopped: out of time' if e.timed_out else ''} "
                      f"({e.duration_ms} ms, {visible(e.isolation)})\n")
        elif e.type == "assistant":   # the reply only: whether it plants is the scorecard's
            _say_block(out, e.reply, "Assistant")
        elif e.type == "notice" and e.level != "info":
            out.write(f"\n[{e.level}] {visible(e.text)}\n")
        elif e.type == "score":
            out.write(to_text(e.scorecard))
    out.flush()


def _speak(voice, turn: Turn) -> None:
    if voice.speaker is not None and turn.utterances:
        voice.speaker.say(" ".join(u.text for u in turn.utterances))


_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})(.*)")


def _fence(line: str) -> tuple[str, str] | None:
    """(marker, info string) when `line` is a fence line: three or more backticks or tildes,
    indented at most three spaces (Markdown's rule; a backtick fence's info has no backtick)."""
    m = _FENCE.fullmatch(line)
    if m is None or (m.group(1)[0] == "`" and "`" in m.group(2)):
        return None
    return m.group(1), m.group(2).strip()


def _closes(line: str, opened: str) -> bool:
    """Whether `line` closes a fence opened with `opened`: the same character, at least as
    many, and nothing after it."""
    f = _fence(line)
    return (f is not None and not f[1] and f[0][0] == opened[0]
            and len(f[0]) >= len(opened))


def read_answer(inp: TextIO, out: TextIO, prompt: str, allow_empty: bool = False,
                echo: bool = False) -> str | None:
    """Lines up to an empty line outside a fence. None at end of input with nothing typed;
    "" for an empty first line when `allow_empty` (voice mode: record instead). `echo` writes
    what was read after the prompt (for input that is not a terminal, which shows nothing)."""
    out.write(f"\n{prompt} (end with an empty line)\n> ")
    out.flush()
    text = _read_lines(inp, allow_empty)
    if echo:
        _echo(out, text)
    return text


def _read_lines(inp: TextIO, allow_empty: bool) -> str | None:
    lines: list[str] = []
    fence: str | None = None   # the opening marker while inside a fence
    while True:
        line = inp.readline()
        if not line:   # end of input (an unclosed fence included: it is part of the answer)
            return "\n".join(lines).strip() or None
        line = line.rstrip("\n")
        if fence is not None:
            lines.append(line)
            if _closes(line, fence):
                fence = None
            continue
        if not line.strip():
            if lines:
                return "\n".join(lines).strip()
            if allow_empty:
                return ""
            continue   # ignore blank lines before an answer starts
        if not lines and (parse_command(line) or unknown_command(line)) \
                and parse_command(line) != ASK:
            return line.strip()   # commands need no empty line (/ask's question is a block)
        opened = _fence(line)
        if opened is not None:
            fence = opened[0]
        lines.append(line)


def _echo(out: TextIO, text: str | None) -> None:
    """The answer as `> ` lines (the first after the prompt's own `> `), made visible."""
    if text is None:
        out.write("(end of input)\n")
    elif text:
        first, *rest = (visible(x.rstrip("\r")) for x in text.split("\n"))
        out.write(first + "\n" + "".join(f"> {x}\n" if x.strip() else ">\n" for x in rest))
    out.flush()


class _Streamer:
    """Prints the interviewer's words as the model streams them."""

    def __init__(self, out: TextIO):
        self.out, self.current, self.done = out, None, set()

    def __call__(self, event_id: str, piece: str | None) -> None:
        if piece is None:   # the model failed mid-turn: its words are withdrawn
            self.out.write("\n  [the model stopped; the offline interviewer takes this turn]\n")
            self.done.discard(event_id)
            self.current = None
            return
        if event_id != self.current:
            self.current = event_id
            self.done.add(event_id)
            self.out.write("\nInterviewer:\n  ")
        self.out.write(visible(piece))
        self.out.flush()


def _waiting_notice(out: TextIO):
    def show_waiting() -> None:
        out.write(f"\n  [{WAITING_TEXT}]\n")
        out.flush()
    return show_waiting


def _ask_refused(session: Session, text: str, out: TextIO) -> bool:
    """Say why an /ask cannot go to the assistant (none in this interview, nothing asked, or
    the questions are over), or return False to send it."""
    why = session.assistant_refusal()
    if why is None and not ask_question(text):
        why = "Ask the assistant something: /ask and your question."
    if why is None and session.awaiting() != "answer":
        why = "The assistant helps with the questions; they are over."
    if why is None:
        return False
    out.write(f"\n[assistant] {visible(why)}\n")
    out.flush()
    return True


def run_plain(session: Session, inp: TextIO | None = None, out: TextIO | None = None,
              voice=None, resume_hint: str | None = None) -> int:
    """The whole console session. Ctrl-C at any point, from the first step on, leaves the
    session saved and resumable and returns 130. `resume_hint`: the command that continues
    it, where that is not `practice --resume` (a round of a company loop). `inp`, `out`:
    the process's streams by default, read when called (not when this module was imported)."""
    inp = sys.stdin if inp is None else inp
    out = sys.stdout if out is None else out
    try:
        return _converse(session, inp, out, voice)
    except KeyboardInterrupt:
        hint = resume_hint or f"fde-interview practice --plain --resume {session.id}"
        out.write(f"\n\nSaved. Continue with: {hint}\n")
        out.flush()
        return 130


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):   # no isatty, or a closed stream
        return False


def _converse(session: Session, inp: TextIO, out: TextIO, voice) -> int:
    if session.llm is not None:
        session.llm.on_waiting = _waiting_notice(out)
    with ctrl_c_continues_offline(session.llm):   # a resumed step may call the model
        first = session.start()
    if first.awaiting is None and not first.events:
        out.write(f"session {session.id} is already finished; see {session.path}\n")
        return 0
    show(out, first)
    if voice is not None:
        voice.warm()
        _speak(voice, first)
        out.write("\nVoice on: press Enter on an empty prompt to record, Enter again to stop.\n")
    eof, echo = False, not _is_terminal(inp)
    while session.awaiting():
        source = "typed"
        if eof:
            text = "/end"
        else:
            prompt = "Your answer" if session.awaiting() == "answer" else "Your questions"
            if voice is not None:
                prompt += " (Enter on an empty line records)"
            text = read_answer(inp, out, prompt, allow_empty=voice is not None, echo=echo)
            if text == "" and voice is not None:
                from .voice import record_answer   # lazy: loads the audio stack
                qid = session.current_question()
                vocab = list(session.bank.get(qid).vocabulary) if qid else []
                text = record_answer(voice, inp, out, vocab)
                if text is None:
                    voice = None   # the device went away: typing from here on
                    continue
                source = "voice"
            if text is None:
                eof = True
                text = "/end"
            elif parse_command(text) in HELP:
                out.write(HELP_TEXT + "\nFinish each answer with an empty line; code between ``` "
                          "(or ~~~) fences may hold empty lines, and the answer ends at the "
                          "first empty line after the closing fence.\n")
                continue
            elif unknown_command(text):
                out.write(f"unknown command {visible(text)}; /help lists them\n")
                continue
            elif parse_command(text) == ASK and _ask_refused(session, text, out):
                continue
        streamer = _Streamer(out)
        with ctrl_c_continues_offline(session.llm):   # Ctrl-C in a model wait: go offline
            turn = session.answer(text, source=source,
                                  on_text=streamer if session.llm else None)
        show(out, turn, streamer.done)
        if voice is not None:
            _speak(voice, turn)
    out.write(f"\nTranscript: {session.path}\n")
    out.flush()
    return 0
