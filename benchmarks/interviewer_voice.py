"""How the offline interviewer sounds, measured on real answers: the reference transcripts'
candidate answers (transcripts/reference/*.toml) replayed through the engine. Prints two
tables; asserts nothing.

    .venv/bin/python benchmarks/interviewer_voice.py [--sessions 50] [--seed 0]

(a) Repetition, per round: `--sessions` simulated sessions, each with the round's usual
    questions (drawn with the session's seed); each question is answered with the candidate
    turns of one reference transcript of that card (drawn with the seed), then `/skip` once
    they run out; the closing question asks about the job. Over every follow-up the
    interviewer says (challenge, probe, pushback, ...): how many there are, how many distinct
    openers (first two words, lowercased, a quotation of the candidate's words skipped) they
    use, the share that starts with the most
    common opener, and the longest word n-gram that two different follow-ups of one session
    share (mean and worst over the sessions).
(b) Probes of covered criteria: every reference transcript replayed through the engine in its
    own round (follow-up cap lifted, so every answer meets the policy). A probe of criterion C
    after k answers counts when C was already covered by those k answers, read two ways:
    judge: the heuristic judge credits C (met or partial) on the k answers read together;
    labels: the reference labels say C is met or partial, for probes after the transcript's
    last answer (the labels grade all of them). Goal: 0.

Runs against whatever `interviewer` is importable: run it in another checkout (or with
PYTHONPATH pointing at one) for a before/after comparison.
"""
from __future__ import annotations

import argparse
import collections
import random
import re
import sys
import tempfile
import time
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

REF = Path(__file__).resolve().parent.parent / "transcripts" / "reference"
SCRATCH = "/dev/shm" if Path("/dev/shm").is_dir() else None   # sessions fsync every turn
CLOSING_QUESTIONS = ["What does the team work on day to day?",
                     "How do you measure an FDE's success?",
                     "No questions, thanks."]


def references() -> list[dict]:
    out = []
    for p in sorted(REF.glob("*.toml")):
        d = tomllib.loads(p.read_text(encoding="utf-8"))
        d["file"] = p.name
        out.append(d)
    return out


def answers_of(ref: dict, qid: str) -> list[str]:
    return [t["text"] for t in ref["turns"] if t["speaker"] == "candidate" and t["question"] == qid]


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def opener(text: str) -> str:
    """The first two words the interviewer chose, a quotation of the candidate left out."""
    return " ".join(words(re.sub(r"\u201c[^\u201d]*\u201d", "", text))[:2])


def longest_shared_ngram(texts: list[str]) -> int:
    """The longest word n-gram that occurs in two different utterances."""
    toks = [words(t) for t in texts]
    best = 0
    for i in range(len(toks)):
        for j in range(i + 1, len(toks)):
            a, b = toks[i], toks[j]
            if not a or not b:
                continue
            # longest common substring over words (dynamic programming)
            prev = [0] * (len(b) + 1)
            for x in range(1, len(a) + 1):
                cur = [0] * (len(b) + 1)
                for y in range(1, len(b) + 1):
                    if a[x - 1] == b[y - 1]:
                        cur[y] = prev[y - 1] + 1
                        best = max(best, cur[y])
                prev = cur
    return best


def drive(session, answer_for, closing: str) -> list:
    events = list(session.start().events)
    used: dict[str, int] = collections.Counter()
    guard = 0
    while session.awaiting():
        guard += 1
        if guard > 200:
            raise RuntimeError("the interview did not end")
        if session.awaiting() == "closing":
            events += session.answer(closing).events
            continue
        q = session.current_question()
        ans = answer_for(q)
        text = ans[used[q]] if used[q] < len(ans) else "/skip"
        used[q] += 1
        events += session.answer(text).events
    return events


def repetition(sessions: int, seed0: int) -> None:
    from interviewer.engine.selection import choose_questions
    from interviewer.engine.session import Session
    from rubrics import default_bank
    from rubrics.vocab import ROUND_TYPES
    from transcripts.schema import FOLLOW_UP_ACTS

    bank, refs = default_bank(), references()
    by_card: dict[str, list[dict]] = collections.defaultdict(list)
    for r in refs:
        for q in {t["question"] for t in r["turns"]}:
            by_card[q].append(r)
    print("(a) repetition of follow-ups, "
          f"{sessions} sessions per round on reference answers")
    print(f"{'round':<14}{'follow-ups':>11}{'openers':>9}{'top share':>11}"
          f"{'n-gram mean':>13}{'n-gram max':>12}  most common opener")
    total_fu, total_open, top_all = 0, collections.Counter(), []
    with tempfile.TemporaryDirectory(dir=SCRATCH) as d:
        for rt in ROUND_TYPES:
            openers, grams, n_fu = collections.Counter(), [], 0
            for k in range(sessions):
                seed = seed0 + k
                rng = random.Random(f"{rt}:{seed}")
                qs = choose_questions(bank, rt, None, None, seed)
                pick = {q: rng.choice(by_card[q]) for q in qs}
                s = Session.new(round_type=rt, questions=qs, seed=seed, out=d)
                events = drive(s, lambda q: answers_of(pick[q], q),
                               CLOSING_QUESTIONS[k % len(CLOSING_QUESTIONS)])
                s.close()
                fus = [e.text for e in events if e.type == "interviewer"
                       and e.act in FOLLOW_UP_ACTS]
                n_fu += len(fus)
                openers.update(opener(t) for t in fus)
                grams.append(longest_shared_ngram(fus))
            top, top_n = openers.most_common(1)[0] if openers else ("-", 0)
            print(f"{rt:<14}{n_fu:>11}{len(openers):>9}{top_n / max(1, n_fu):>11.1%}"
                  f"{sum(grams) / len(grams):>13.1f}{max(grams):>12}  {top!r}")
            total_fu += n_fu
            total_open.update(openers)
            top_all += grams
    top, top_n = total_open.most_common(1)[0]
    print(f"{'all':<14}{total_fu:>11}{len(total_open):>9}{top_n / total_fu:>11.1%}"
          f"{sum(top_all) / len(top_all):>13.1f}{max(top_all):>12}  {top!r}")


def covered_probes() -> None:
    from interviewer.engine.session import Session
    from interviewer.judges.heuristic import HeuristicJudge
    from rubrics import default_bank

    bank, judge = default_bank(), HeuristicJudge()
    probes = judge_hits = label_probes = label_hits = 0
    examples: list[str] = []
    with tempfile.TemporaryDirectory(dir=SCRATCH) as d:
        for ref in references():
            qid = ref["turns"][0]["question"]
            card = bank.get(qid)
            answers = answers_of(ref, qid)
            labels = (ref.get("labels") or {}).get(qid, {}).get("criteria", {})
            s = Session.new(round_type=ref["round"], questions=[qid], seed=0, out=d,
                            max_follow_ups=50)
            s.start()
            given: list[str] = []
            for text in answers:
                if s.awaiting() != "answer":
                    break
                given.append(text)
                turn = s.answer(text)
                for e in turn.events:
                    if e.type != "interviewer" or e.act != "probe" or not e.reason:
                        continue
                    m = re.match(r"criterion (\S+) ", e.reason)
                    if not m:
                        continue   # a deeper question from the card, not a criterion probe
                    cid = m.group(1)
                    probes += 1
                    score, _ = judge.grade_question(card, given, len(given) - 1, ref["round"])
                    verdict = next(v.verdict for v in score.criteria if v.id == cid)
                    if verdict != "missing":
                        judge_hits += 1
                        if len(examples) < 5:
                            examples.append(f"{ref['file']} after answer {len(given)}: "
                                            f"{cid} ({verdict} by the judge)")
                    if len(given) == len(answers):
                        label_probes += 1
                        lab = labels.get(cid, {}).get("verdict")
                        if lab in ("met", "partial"):
                            label_hits += 1
            s.close()
    print("(b) probes of criteria the answers so far already covered "
          "(reference transcripts replayed)")
    print(f"  criterion probes: {probes}")
    print(f"  of a criterion the judge credits on the answers so far: {judge_hits}")
    print(f"  after the last answer: {label_probes}, of a criterion the labels say is met or "
          f"partial: {label_hits}")
    for x in examples:
        print("   e.g.", x)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sessions", type=int, default=50)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--only", choices=["a", "b"])
    a = ap.parse_args()
    t0 = time.perf_counter()
    if a.only != "b":
        repetition(a.sessions, a.seed)
        print()
    if a.only != "a":
        covered_probes()
    print(f"\n({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
