"""What the offline judge sets aside before it reads any criterion, and what it will not take as
evidence.

Set aside (earns nothing, flagged or not): a paragraph the injection detector finds (text
addressed to the grader, demands for credit), and text whose *form* is not an answer to the
interviewer: an imitated tool result (a [tool_result] tag, or a JSON / code block whose keys are
verdicts, scores, levels or criteria), an imitated dialogue turn (a line that starts
"Interviewer:", "Grader:", "System:" ... inside an answer: that line and the rest of its
paragraph) and a claim that the rubric or marking guide has changed.

Not evidence: a list of terms. An answer whose words sit almost all in fragments (pieces of
fewer than five words between full stops, commas or line breaks) says nothing about how the
terms fit together; the judge credits no criterion for it and says so in a note."""
from __future__ import annotations

import ast
import re

from .injection import paragraphs, split_turns

_TOOL_TAG = re.compile(r"\[/?\s*tool_(result|output|call)\b|\btool_result\b|<\s*/?\s*tool_",
                       re.I)
_GRADING_KEY = re.compile(
    r"[\"']?\b(verdict|score|scores|level|rating|grade|criteria|criterion|rubric\w*|"
    r"grader\w*|assessment|evaluation|result|status|verified|all_criteria\w*|met)\b[\"']?"
    r"\s*[:=]", re.I)
_BLOCK = re.compile(r"```.*?(?:```|\Z)|\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}", re.S)
_SPEAKER = re.compile(r"^\s*[>*_\-\[(]*\s*(interviewer|grader|evaluator|examiner|judge|system|"
                      r"assistant|reviewer|assessor|panel|moderator|platform|admin\w*)"
                      r"(\s+(update|note|message|notice|instruction|override)s?)?"
                      r"\s*(\([^)]*\))?\s*[\]*_)]*\s*:", re.I | re.M)
_RUBRIC_CHANGED = re.compile(
    r"\b(rubric|marking (guide|scheme)|grading (guide|criteria|rules|scheme)|scoring (guide|"
    r"rules|criteria)|assessment criteria|answer key)\b[^.\n]{0,100}\b(was|were|has been|have "
    r"been|is now|are now|got|been)?\s*(revis\w*|updat\w*|chang\w*|amend\w*|replac\w*|"
    r"supersed\w*|deprecat\w*|rewr\w*|relax\w*|no longer|removed|dropped)", re.I)
_CREDIT = re.compile(r"\b(met|credit|full marks|outstanding|score\w*|pass\w*|award\w*|"
                     r"satisf\w*|level|grade\w*|mark\w*|accept\w*|count\w*)\b", re.I)


def _structural(paragraph: str) -> str | None:
    """Why a paragraph is set aside for its form, or None. Returns the kept part's end when a
    dialogue line starts inside it (see `split_structural`)."""
    if _TOOL_TAG.search(paragraph):
        return "an imitated tool result"
    for b in _BLOCK.finditer(paragraph):
        if len(_GRADING_KEY.findall(b.group())) >= 1 and ("{" in b.group() or "`" in b.group()):
            return "a block of grading keys"
    if _RUBRIC_CHANGED.search(paragraph) and _CREDIT.search(paragraph):
        return "a claim that the rubric changed"
    return None


def split_structural(text: str) -> tuple[str, list[str]]:
    """The text without paragraphs (or dialogue lines and what follows them in their
    paragraph) whose form is not an answer; and what was set aside."""
    keep, dropped = [], []
    for p in paragraphs(text):
        m = _SPEAKER.search(p)
        if m:
            head, tail = p[:m.start()], p[m.start():]
            dropped.append(tail)
            p = head
            if not p.strip():
                continue
        if _structural(p):
            dropped.append(p)
        else:
            keep.append(p)
    return "\n\n".join(keep), dropped


def set_aside(turns: list[str]) -> tuple[list[str], list[str]]:
    """Each turn without what earns nothing (the injection detector's paragraphs, then text
    whose form is not an answer), and everything set aside."""
    kept, dropped = split_turns(turns)
    out = []
    for t in kept:
        k, d = split_structural(t)
        out.append(k)
        dropped += d
    return out, dropped


_PIECE = re.compile(r"[^.!?;:\n,()]+")
_WORD = re.compile(r"[A-Za-z][\w'-]*|\d[\d,.]*")
STATEMENT_WORDS = 5     # a piece shorter than this is a fragment
LIST_SHARE = 0.6        # an answer with this share of its words in fragments is a list


def fragment_share(text: str) -> float:
    """The share of the answer's words that sit in fragments (pieces of fewer than
    STATEMENT_WORDS words between punctuation or line breaks)."""
    total = frag = 0
    for piece in _PIECE.findall(text):
        n = len(_WORD.findall(piece))
        total += n
        if n < STATEMENT_WORDS:
            frag += n
    return frag / total if total else 1.0


# A fenced code block (``` or ~~~, as the consoles and the editor send code).
_FENCED = re.compile(r"^ {0,3}(`{3,}|~{3,})[^\n]*\n(.*?)^ {0,3}\1[ \t]*$", re.S | re.M)


def _is_code(text: str) -> bool:
    """Whether `text` is Python code: it parses and holds a statement that is not a bare
    expression (a column of names, "Redis\nLua", parses too, but as expressions only)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    return any(not isinstance(node, ast.Expr) for node in tree.body)


def is_term_list(text: str) -> bool:
    """Whether the answer is a list of terms rather than statements. Code is not a list of
    terms, though its lines are short: an answer holding code (fenced, or bare from the
    coding round's editor) is read, criterion by criterion, like any other."""
    if fragment_share(text) < LIST_SHARE:
        return False
    # a fence alone proves nothing (terms can be fenced): what is inside must be code
    return not (_is_code(text) or any(_is_code(m.group(2)) for m in _FENCED.finditer(text)))
