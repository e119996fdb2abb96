"""The heuristic judge: deterministic and offline. A criterion's verdict reads the candidate's
own words (paragraphs addressed to the grader set aside) against the card's statement of its
levels: what the solid level needs, the poor level's mistake, and the signals of any mention;
numbers are recomputed by the calculators; the four-part shape, depth under follow-ups and
communication come from simple, stated rules."""
from __future__ import annotations

import re
from bisect import bisect_right

from rubrics import Bank, Card, matching
from rubrics.bank import criterion_patterns
from rubrics.reading import Reading, find
from rubrics.schema import Criterion
from rubrics.rounds import get_policy
from rubrics.vocab import VERDICT_CREDIT, level_at, level_rank

from transcripts.scorecard import (CriterionVerdict, JudgeInfo, QuestionScore,
                                   Scorecard, Shape)

from . import numbers as claim_numbers
from . import runs as code_runs
from .base import Answers, measured_agreement, overall_level
from .setaside import is_term_list, set_aside

PROMPT_VERSION = "heuristic-v4"
# For a criterion that states no solid level: distinct pieces of evidence (signal matches that
# do not overlap) for each verdict. Kept as the plain 2/1 rule: fitting thresholds or a rubric-vocabulary score on the tune split gained
# a few points in-sample and lost them when each transcript was held out in turn.
MET_HITS, PARTIAL_HITS = 2, 1


def verdict_for(hits: int) -> str:
    return "met" if hits >= MET_HITS else "partial" if hits >= PARTIAL_HITS else "missing"


def _spans(patterns: list[str], r: Reading, enough: int | None = None) -> list[tuple[int, int]]:
    """Where the patterns match as written, overlapping matches merged
    (see matching.distinct_spans); with `enough`, stops once that many distinct pieces."""
    spans = []
    for p in patterns:
        m = matching.search(p, r.text, r.low)
        hit = m and (m.start(), m.end())
        if hit and hit[1] > hit[0]:
            spans.append(hit)
            if enough is not None and len(spans) >= enough:
                merged = matching.merge_spans(spans)
                if len(merged) >= enough:
                    return merged
    return matching.merge_spans(spans)


def criterion_verdict(c: Criterion, text: str, numbers: dict[str, bool],
                      low: str | None = None, reading: Reading | None = None,
                      poor_extra: tuple[str, ...] = ()
                      ) -> tuple[str, list[tuple[int, int]], str]:
    """A criterion's verdict read against its levels: met when every item the solid level
    needs is there and none of its numbers is wrong; missing when nothing is there, when the
    poor level's mistake is made and the solid level is not reached; partial otherwise.
    `numbers` maps a number check id to whether the candidate's latest statement of it was
    right. The poor level's patterns are also read in normalised form (rubrics.reading): a
    mistake counts in any inflection or tense; what earns credit is read as written, because
    the cards' credit patterns carry tense and hedges ("we tracked" is an anecdote, "I'd
    track" a plan) that a lemmatised reading erases.
    Returns the verdict, the evidence spans and a one-line rationale."""
    r = reading or Reading(text, low)
    if not c.solid:
        spans = _spans(c.signals, r)
        verdict = verdict_for(len(spans))
        if verdict != "met" and any(find(p, r) for p in (*c.poor, *poor_extra)):
            return "missing", spans, "makes the poor level's mistake"
        return verdict, spans, (
            f"{len(spans)} distinct piece(s) of evidence from the card's {len(c.signals)} signals")
    missed, wrong, spans = [], [], []
    for i, req in enumerate(c.solid):
        wrong += [k for k in req.checks if numbers.get(k) is False]
        if any(numbers.get(k) is True for k in req.checks):
            continue                    # a right number is this requirement
        if missed and spans:
            missed.append(i)            # met is out of reach and some evidence is in hand
            continue
        got = _spans(req.any, r, enough=1 if missed else req.min) if req.any else []
        if len(got) < req.min:
            missed.append(i)
        spans += got
    spans = matching.merge_spans(spans)
    if not missed and not wrong:
        return "met", spans, f"reaches the solid level: all {len(c.solid)} of what it needs"
    if any(find(p, r) for p in (*c.poor, *poor_extra)):
        return "missing", spans, "makes the poor level's mistake"
    if not spans:
        spans = _spans(c.signals, r, enough=1)
    held = len(c.solid) - len(missed)
    if not (spans or wrong or held):
        return "missing", spans, "no evidence for this criterion"
    why = (f"short of the solid level: lacks item {missed[0] + 1} of {len(c.solid)}"
           if missed else "the solid level's words, with a wrong number")
    if wrong:
        why += f"; wrong number for {', '.join(sorted(set(wrong)))}"
    return "partial", spans, why


_TRADEOFF = (r"trade-?offs?\b", r"\bthe (cost|price|catch|downside) (is|of)\b", r"\bdownside\b",
             r"at the (expense|cost) of", r"in exchange\b", r"\bcosts? (us|you|me|more|less)\b",
             r"\bversus\b", r"\bvs\.?\s", r"\bwhereas\b", r"\bunless\b",
             r"\bchoose differently\b", r"\bif instead\b", r"\bbut (it|that|this) (costs|means|adds|loses)")
_NEXT = (r"next step", r"\bfirst thing\b",
         r"\bI(?:'d| would) (start|first|begin|ask|run|measure|test|check|load[- ]test|prototype|"
         r"pilot|propose|set up|write)\b", r"my question (for|to) you", r"\bthen I(?:'d| would)\b",
         r"\bon monday\b", r"\bwhat I(?:'d| would) do next\b", r"\bI(?:'d| would) want to know\b")
# Lowest adjusted credit for borderline, solid and outstanding; the cost of one red flag.
LEVEL_CUTS, LEVEL_FLAG_COST = (0.525, 0.8, 0.95), 0.05
_HEDGE_OPEN = re.compile(r"^(that'?s a (great|good) question|it depends|well,? |so,? um|"
                         r"honestly,? I'?m not sure)", re.I)
_SENTENCE_END = re.compile(r"[.!?](?=\s)")   # a sentence ends there, or at a line break
_I = re.compile(r"\b(I|I'm|I've|I'd|my|me)\b")
_WE = re.compile(r"\b(we|we're|we've|our|us)\b", re.I)


def level_for(card: Card, verdicts: dict[str, str], red_flags: int) -> str | None:
    """The four-step level of one question: weighted criterion credit (met 1, partial 0.5),
    less 0.05 per red flag. None if any criterion is unscored: an ungraded answer never gets a
    level. A wrong number costs nothing more here: it already holds its criterion at partial.
    Cut points fitted on the reference set's tune split (exact level agreement 88%, 86% in
    five-fold cross-validation; the old 0.3 / 0.6 / 0.85 cuts scored 49%, a step too generous:
    the reference labels call an answer solid only from about four fifths of the credit)."""
    if any(v == "unscored" for v in verdicts.values()):
        return None
    total = sum(c.weight for c in card.criteria)
    score = sum(c.weight * VERDICT_CREDIT.get(verdicts.get(c.id, ""), 0.0)
                for c in card.criteria)
    adjusted = score / total - LEVEL_FLAG_COST * red_flags
    return ("outstanding" if adjusted >= LEVEL_CUTS[2] else "solid" if adjusted >= LEVEL_CUTS[1]
            else "borderline" if adjusted >= LEVEL_CUTS[0] else "poor")


# Red flags on the offline scorecard. Measured on the reference set (issue: grading), the
# card patterns caught 3 of the 23 red flags a labeller saw, with one false alarm on a strong
# answer: precision 75%, recall 13%, short of the 90% / 60% a shown flag needs. Off: the flags
# are neither shown nor charged against the level; the LLM judge still reports its own.
SHOW_RED_FLAGS = False


def consistent(level: str | None, depth: str, comm: int) -> tuple[str, int, list[str]]:
    """Depth and communication held within one step of the level, with a note saying why
    when either is moved: depth "outstanding" beside level "poor" reads as a contradiction."""
    if level is None:
        return depth, comm, []
    notes, rank = [], level_rank(level)
    if level_rank(depth) > rank + 1:
        notes.append(f"depth shown as {level_at(rank + 1)}, not {depth}: the evidence gained "
                     f"under follow-ups is held within one step of the level")
        depth = level_at(rank + 1)
    elif level_rank(depth) < rank - 1:
        notes.append(f"depth shown as {level_at(rank - 1)}, not {depth}: the first answer "
                     f"already covered what the follow-ups asked")
        depth = level_at(rank - 1)
    top = rank + 2   # communication 1-4 beside level rank 0-3
    if comm > top:
        notes.append(f"communication shown as {top}, not {comm}: clear delivery of little "
                     f"content is held within one step of the level")
        comm = top
    return depth, comm, notes


_GROUPS: dict[int, tuple[Card, matching.PatternGroup]] = {}


def _criteria_group(card: Card) -> matching.PatternGroup:
    """The card's criterion patterns as one group, kept per card object: their literals are
    found in one pass over the answer instead of one `str.find` each (about 10% of grading)."""
    entry = _GROUPS.get(id(card))
    if entry is None or entry[0] is not card:
        entry = _GROUPS[id(card)] = (card, matching.PatternGroup(criterion_patterns(card)))
    return entry[1]


def _sentences(text: str) -> list[str]:
    """The text cut after . ! or ? followed by a space, and at line breaks; stripped, empty
    pieces dropped. (A split on a lookbehind pattern does the same, three times slower.)"""
    out = []
    for line in text.split("\n"):
        start = 0
        for m in _SENTENCE_END.finditer(line):
            if piece := line[start:m.end()].strip():
                out.append(piece)
            start = m.end()
        if piece := line[start:].strip():
            out.append(piece)
    return out


_CLAUSE = re.compile(r"[,;:]\s|\s[-–—]\s")
EVIDENCE_CHARS = 240


def _evidence(text: str, bounds: list[tuple[int, int]], spans: list[tuple[int, int]]
              ) -> list[str]:
    """The candidate's own statements that hold the matched spans: the whole sentence where a
    span starts (so a quote is attached to the criterion whose match it holds); a sentence
    longer than EVIDENCE_CHARS is cut to the clauses around the match, at clause or word
    boundaries, never mid-word. `bounds` are the sentences' (start, end) in `text`."""
    out = []
    starts = [a for a, _ in bounds]
    for a, b in spans:
        i = bisect_right(starts, a) - 1
        if i < 0:
            continue
        s0, s1 = bounds[i]
        if s1 - s0 > EVIDENCE_CHARS:
            cuts = [s0] + [m.end() for m in _CLAUSE.finditer(text, s0, s1)] + [s1]
            lo = max(c for c in cuts if c <= a)
            hi = min((c for c in cuts if c >= min(b, s1)), default=s1)
            if hi - lo > EVIDENCE_CHARS:   # one long clause: whole words around the match
                lo = max(s0, a - 60)
                lo = text.find(" ", lo, a) + 1 if lo > s0 and " " in text[lo:a] else lo
                hi = min(s1, lo + EVIDENCE_CHARS)
                hi = text.rfind(" ", lo, hi) if hi < s1 and " " in text[max(b, lo):hi] else hi
            s0, s1 = lo, hi
        quote = text[s0:s1].strip(" ,;:-\u2013\u2014")
        if quote and quote not in out:
            out.append(quote)
    return out[:3]


def _sentence_bounds(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence of `_sentences`, in `text`."""
    out, pos = [], 0
    for s in _sentences(text):
        a = text.find(s, pos)
        out.append((a, a + len(s)))
        pos = a + len(s)
    return out


_UP = {"missing": "partial", "partial": "met"}


def with_runs(q: QuestionScore, runs: list[dict], card: Card) -> QuestionScore:
    """The question's grade with the runs of the candidate's code read too: the per-part
    table; a criterion the card marks `own_tests` one step up when the candidate's own tests
    all passed with enough coverage (code_runs.own_tests_evidence); then the level one step up
    when every part passes, one down when none does (code_runs.run_notes says why)."""
    titles = code_runs.part_titles(q.question)
    rows = code_runs.part_rows(runs, titles)
    notes, step = code_runs.run_notes(rows, len(titles) or None)
    level, criteria = q.level, list(q.criteria)
    why = code_runs.own_tests_evidence(runs)
    marked = {c.id for c in card.criteria if c.own_tests}
    if why and level is not None:
        raised = [c.model_copy(update={"verdict": _UP[c.verdict],
                                       "rationale": f"{c.rationale}; {why}".lstrip("; ")})
                  if c.id in marked and c.verdict in _UP else c for c in criteria]
        if raised != criteria:
            criteria = raised
            level = level_for(card, {c.id: c.verdict for c in criteria}, len(q.red_flags))
    if level is not None and step:
        level = level_at(max(0, min(3, level_rank(level) + step)))
    return q.model_copy(update={"parts": rows, "notes": q.notes + notes, "level": level,
                                "criteria": criteria})


class HeuristicJudge:
    def __init__(self):
        self.info = JudgeInfo(name="heuristic", prompt_version=PROMPT_VERSION)

    def grade(self, answers: Answers, bank: Bank) -> Scorecard:
        questions, injected_any = [], False
        for qid in answers.questions:
            card = bank.get(qid)
            turns = answers.by_question.get(qid, [])
            q, injected = self.grade_question(card, turns, answers.follow_ups.get(qid, 0),
                                              answers.round)
            if answers.runs.get(qid):
                q = with_runs(q, answers.runs[qid], card)
            injected_any |= injected
            questions.append(q)
        notes = ["A paragraph addressed to the grader was found and set aside: it earns nothing."] \
            if injected_any else []
        return Scorecard(judge=self.info, agreement=measured_agreement("heuristic"),
                         questions=questions, overall=overall_level([q.level for q in questions]),
                         injection_detected=injected_any, notes=notes,
                         not_asked=list(answers.not_asked))

    @staticmethod
    def numbers_and_flags(card: Card, clean: list[str]) -> QuestionScore:
        """The numbers table (the latest statement of each quantity counts, corrections
        included) and the red flags, for turns already cleared of injection paragraphs."""
        flags = sorted(matching.red_flag_hits(card, "\n\n".join(clean)))
        return QuestionScore(question=card.id, title=card.title, answered=bool(clean),
                             criteria=[], numbers=list(claim_numbers.read(card, clean).rows),
                             red_flags=flags)

    def grade_question(self, card: Card, turns: list[str], follow_ups: int,
                       round_type: str) -> tuple[QuestionScore, bool]:
        kept, dropped = set_aside(turns)
        clean, injected = [t for t in kept if t.strip()], bool(dropped)
        text = "\n\n".join(clean)
        set_aside_note = ["text that is not an answer (addressed to the grader, an imitated tool "
                          "result or dialogue turn, or a claim that the rubric changed) was set "
                          "aside unread: it earns nothing"] if dropped else []
        if not clean or is_term_list(text):
            why = ("no answer" if not clean else "a list of terms: no statement says how they "
                   "apply, so nothing is credited")
            note = ("no answer to grade" if not turns else "only text addressed to the grader"
                    if not clean else "the answer is a list of terms with no sentences: no "
                    "criterion is credited for terms alone (say how each one applies)")
            return QuestionScore(
                question=card.id, title=card.title, answered=bool(turns),
                criteria=[CriterionVerdict(id=c.id, verdict="missing", rationale=why)
                          for c in card.criteria],
                shape=Shape(claim=False, number=False, tradeoff=False, next_step=False),
                depth="poor", communication=1, level="poor",
                notes=[note] + set_aside_note), injected

        criteria, score, total = [], 0.0, 0.0
        bounds = _sentence_bounds(text)
        first_len, gained = len(clean[0]), 0
        found, nums = self.numbers_and_flags(card, clean), claim_numbers.read(card, clean)
        numbers = found.numbers
        flags = found.red_flags if SHOW_RED_FLAGS else []
        right, low = nums.right, text.lower()
        _criteria_group(card).prime(low)
        reading = Reading(text, low)
        for c in card.criteria:
            verdict, spans, why = nums.cap(*criterion_verdict(c, text, right, low, reading))
            gained += any(a > first_len for a, _ in spans)   # evidence after a follow-up
            criteria.append(CriterionVerdict(
                id=c.id, verdict=verdict, evidence=_evidence(text, bounds, spans), rationale=why))
            score += c.weight * VERDICT_CREDIT[verdict]
            total += c.weight
        coverage = score / total if total else 0.0
        wrong = sum(1 for n in numbers if n.ok is False)

        first = text[bounds[0][0]:bounds[0][1]]   # the first answer's first: turns are joined by blank lines
        shape = Shape(
            claim=bool(first) and not _HEDGE_OPEN.search(first) and len(first.split()) >= 6,
            number=any(matching.quantities(t) for t in clean),   # read already, per turn
            tradeoff=matching.any_hit(_TRADEOFF, text),
            next_step=matching.any_hit(_NEXT, text))

        level = level_for(card, {c.id: c.verdict for c in criteria}, len(flags))

        if len(clean) < 2:
            depth = level_at(min(3, int(coverage * 4)))
        else:
            depth = ("outstanding" if gained >= 3 else "solid" if gained >= 2
                     else "borderline" if gained == 1 else "poor")

        words = len(text.split()) / max(1, len(clean))
        comm = 3 + (1 if sum(vars(shape).values()) >= 3 else 0)
        comm -= 1 if words > 320 else 0
        comm -= 1 if coverage < 0.2 else 0
        if get_policy(round_type).behavioral and len(_WE.findall(text)) > len(_I.findall(text)):
            comm -= 1   # talks about the team, not their own part
        comm = max(1, min(4, comm))

        notes = list(set_aside_note)
        depth, comm, why = consistent(level, depth, comm)
        notes += why
        if wrong:
            notes.append(f"{wrong} number(s) disagree with the calculators")
        return QuestionScore(question=card.id, title=card.title, answered=True, criteria=criteria,
                             shape=shape, numbers=numbers, red_flags=flags,
                             depth=depth, communication=comm, level=level, notes=notes), injected
