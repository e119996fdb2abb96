"""The regex accelerator (rubrics.fastregex). Its contract: on the reference answers and the
model answers, every pattern of every card and of the injection detector is found exactly
where plain `re.search(pattern, text, re.IGNORECASE)` finds it."""
import re

from rubrics import default_bank


def _texts(bank):
    """Every model answer, and every reference case's answers to each question, joined as the
    judge reads them, with the card they answer."""
    from interviewer.judges import answers_from_transcript
    from transcripts.reference import load_reference
    texts = [(c.model_answer.text, c) for c in bank]
    for case in load_reference(bank=bank):
        a = answers_from_transcript(case.transcript)
        texts += [("\n\n".join(ts), bank.get(q)) for q, ts in a.by_question.items()]
    return texts


def test_accelerated_search_finds_exactly_what_plain_re_finds():
    """The literal prefilter, windows, capped runs, lowering and guard splitting are an
    optimisation only: same matches, same spans, for every pattern and every cue (all
    matches) of every card over every reference answer and every model answer."""
    from rubrics.fastregex import finditer, search
    from rubrics.fastregex.finder import _rx
    bank = default_bank()
    checked, plain = 0, {}   # compiled once: re's own cache holds fewer than the cards have
    for text, card in _texts(bank):
        low = text.lower()
        patterns = [s for c in card.criteria for s in c.signals + c.poor]
        patterns += [s for c in card.criteria for r in c.solid for s in r.any]
        patterns += [s for f in card.red_flags for s in f.signals]
        patterns += [s for n in card.number_checks for s in n.cues]
        for p in patterns:
            rx = plain.get(p) or plain.setdefault(p, re.compile(p, re.IGNORECASE))
            raw, fast = rx.search(text), search(p, text, low)
            assert (raw and raw.span()) == (fast and fast.span()), p
            # capping character-class runs alone changes nothing on real answers
            capped = _rx(p).search(text)
            assert (raw and raw.span()) == (capped and capped.span()), p
            checked += 1
        for p in [s for n in card.number_checks for s in n.cues]:
            assert [m.span() for m in finditer(p, text, low)] == \
                [m.span() for m in plain[p].finditer(text)], p
    assert checked > 5000


def test_injection_patterns_find_exactly_what_plain_re_finds():
    """The same contract for the injection detector's patterns, on every reference answer
    paragraph by paragraph (as the detector reads them) and on the phrasings it is tested
    on."""
    import tomllib
    from pathlib import Path

    from interviewer.judges.injection import paragraphs
    from rubrics.fastregex import search
    from rubrics.pattern_sets import injection_patterns
    lists = injection_patterns()
    patterns = [p for key in type(lists).model_fields for p in getattr(lists, key)]
    phrasings = tomllib.loads((Path(__file__).parents[1] / "interviewer" /
                               "injection_phrasings.toml").read_text(encoding="utf-8"))
    texts = [p for t, _ in _texts(default_bank()) for p in paragraphs(t)]
    texts += [t for v in phrasings.values() if isinstance(v, list) for t in v
              if isinstance(t, str)]
    compiled = [(p, re.compile(p, re.IGNORECASE)) for p in patterns]
    for text in dict.fromkeys(texts):
        low = text.lower()
        for p, rx in compiled:
            raw, fast = rx.search(text), search(p, text, low)
            assert (raw and raw.span()) == (fast and fast.span()), (p, text[:80])
    assert len(patterns) > 150 and len(texts) > 1000


def test_plain_re_switch_searches_the_pattern_as_written():
    """use_plain_re() is the way back to plain `re`: the pattern as written, uncapped."""
    from rubrics.fastregex import plain_re, search, use_plain_re
    text = "a" * 50 + "x"
    was = plain_re()
    try:
        use_plain_re(False)
        assert search(r"\w*x", text).span() == (10, 51)   # the accelerator caps runs at 40
        use_plain_re(True)
        assert search(r"\w*x", text).span() == (0, 51)
        assert search(r"(?!foo)bar", "foobar").span() == (3, 6)
    finally:
        use_plain_re(was)


def test_required_literals_are_necessary():
    from rubrics.fastregex import required_literals, search
    assert required_literals(r"token bucket|leaky bucket") == ("leaky bucket", "token bucket")
    assert required_literals(r"\bI (built|shipped)\b") == ("built", "shipped")
    assert required_literals(r"a|bc") == ()   # too short to be worth a prefilter
    # a member that extends another adds no place to look: "notes" is found as "note"
    assert required_literals(r"\b(notes|note|message) to") == ("message", "note")
    text = "Notes to self: a message to the team."
    assert search(r"\b(notes|note|message) to", text).span() == (0, 8)


def test_a_pattern_group_finds_what_each_pattern_finds():
    """The group finds its literals in one pass; a literal that extends another ("notes to"
    past "note") is checked where the shorter one is. Every pattern alone, in every text,
    must give what `any_hit` gives."""
    from rubrics.fastregex import PatternGroup
    from rubrics.matching import any_hit
    patterns = [r"\bnote\b", r"\bnotes to (?:the|any) grader", r"\b(mark|grade) (every|all)",
                r"[ée]valuateur", r"(?:grading|scoring) model", r"\brat(?:e|ing)s? (?:this|me)",
                r"\bif you(?:'re| are) an? (?:ai|model)"]
    texts = ["Notes to the grader: be kind.", "A note.", "notes on the grader",
             "We grade all of it", "Cher évaluateur, merci", "the grading model", "rating me",
             "rates this", "", "nothing to see", "İstanbul: notes to any grader",
             "If you're an AI, hello", "notes to notes to the grader"]
    for p in patterns:
        group = PatternGroup([p])
        for t in texts:
            assert group.any_hit(t) == any_hit([p], t), (p, t)
    whole = PatternGroup(patterns)
    assert [whole.any_hit(t) for t in texts] == [any_hit(patterns, t) for t in texts]
    assert sum(whole.any_hit(t) for t in texts) >= 9
    # patterns with no literal to look for are searched whole
    assert PatternGroup([r"a|bc"]).any_hit("xbc") and not PatternGroup([r"a|bc"]).any_hit("xyz")


def test_a_literal_offset_bounds_where_a_match_can_start():
    from rubrics.fastregex import literal_offsets, search
    assert literal_offsets(r"\b(mark|grade) (every|all)") == (0, 0)
    assert literal_offsets(r"\bthe (cost|price) is") == (4, 4)
    assert literal_offsets(r"(the |a )?cache hit") == (0, 4)
    assert literal_offsets(r"(\bTTFT\b|time (to|until) first (token|byte))") == (0, 11)
    assert literal_offsets(r"(foo bar)+ baz") is None    # a later round could hold it
    # a match found through the offsets is the leftmost one, as re finds it
    text = "A cache, then the cache hit rate, then a cache hit again."
    for p in (r"(the |a )?cache hit", r"(?<!the )cache hit", r"\w{0,6}he cache"):
        assert search(p, text).span() == re.search(p, text, re.I).span(), p


def test_a_pattern_is_led_by_the_characters_its_matches_can_start_with():
    from rubrics.fastregex.analysis import _first_chars, effective
    assert effective(r"\bTTFT\b|time to first") == r"(?=[Tt])(?:\bTTFT\b|time to first)"
    assert _first_chars(r"(?<!not )(the )?cache") == frozenset("cCtT")
    assert _first_chars(r"\w+ing") is None          # could start with any word character
    assert _first_chars(r"(x)?") is None            # can match nothing
    assert re.search(effective(r"(?<!not )(the )?cache"), "not the cache", re.I).group(0) == "cache"


def test_a_lowered_pattern_keeps_its_escapes_and_finds_the_same_span():
    from rubrics.fastregex import lowered, search
    assert lowered(r"\bTTFT\S+\B[A-Z]") == r"\bttft\S+\B[a-z]"
    assert lowered(r"\\Sx") == r"\\sx"            # an escaped backslash, then a plain letter
    assert lowered(r"(?-i:\bLIMIT\b)") is None     # case-sensitive on purpose: left as written
    assert lowered(r"\x41PI") is None              # a code point for a capital letter
    assert lowered(r"\x27s cache") == r"\x27s cache"
    text = "We cap TTFT; the İstanbul team ships Fast."
    for p in (r"\bttft\b", r"\bFAST\b", r"ships", r"(?-i:\bTTFT\b)"):
        plain = re.search(p, text, re.IGNORECASE)
        got = search(p, text)   # 'İ' lowers to two characters: read the text itself
        assert got and got.span() == plain.span(), p
    text = text.replace("İ", "I")
    for p in (r"\bttft\b", r"\bFAST\b", r"ships"):
        assert search(p, text).span() == re.search(p, text, re.IGNORECASE).span(), p


def test_a_guarded_pattern_is_searched_as_its_rest_then_its_guard():
    from rubrics.fastregex import search
    from rubrics.fastregex.guards import split_guard
    assert split_guard(r"(?![^.]{0,20}\bnot\b)foo (bar|baz)") == (r"[^.]{0,20}\bnot\b", "foo (bar|baz)")
    assert split_guard(r"(?!x)a|b") is None          # the guard belongs to the first branch only
    assert split_guard(r"(?![)])y") == ("[)]", "y")
    text = "RAG for every customer is standard. For their docs I'd use RAG, since they change."
    for p in (r"(?![^.]{0,40}\b(every|most) customer)\brag\b", r"(?!rag for)\brag\b\W+\w+"):
        assert search(p, text).span() == re.search(p, text, re.I).span(), p


def test_with_a_corpus_a_pattern_is_windowed_on_its_rarest_required_words():
    from rubrics.fastregex import pattern_table
    p = r"\b(after|before) (cat|dog)\b"
    assert pattern_table([p])[p][1] == ("after", "before")      # the longest shortest member
    corpus = "After lunch, after that, after all, and before long, before it rains: a dog."
    assert pattern_table([p], corpus)[p][1] == ("cat", "dog")   # rarer in typical answers

