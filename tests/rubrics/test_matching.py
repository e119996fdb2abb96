"""Reading numbers and their units out of answers, and tying them to number checks."""
import re

import pytest

from rubrics import default_bank
from rubrics.matching import claims, quantities


def q(text):
    return [(round(x.value, 6), x.dim) for x in quantities(text)]


@pytest.mark.parametrize("text,expected", [
    ("327,680 bytes per token", [(327680, "bytes")]),
    ("320 KiB", [(327680, "bytes")]),
    ("54.7 GB", [(54.7e9, "bytes")]),
    ("15.1 to 25.8 ms", [(0.0151, "time"), (0.0258, "time")]),
    ("43.4–90.3%", [(0.434, "fraction"), (0.903, "fraction")]),
    ("1.16 s", [(1.16, "time")]),
    ("66 tokens/s", [(66, "rate")]),
    ("167K tokens", [(167000, "tokens")]),
    ("20.4 sequences", [(20.4, "sequences")]),
    ("$0.024", [(0.024, "usd")]),
    ("an 8x saving", [(8, "ratio")]),
    ("2 x 80 x 8", [(2, None), (80, None), (8, None)]),   # a product, not ratios
    ("a 70B model", [(70e9, "other")]),
    ("3 weeks", [(3 * 604800, "time")]),
])
def test_quantities(text, expected):
    assert q(text) == expected


def test_names_are_not_quantities():
    assert q("Llama 3.3 on an H200 with GPT-4 as judge, per RFC 6585") == []


def test_claims_pick_the_number_the_cue_points_at():
    card = default_bank().get("why-fde")
    [c] = claims(card, "Only 388 of 1,333 postings list pay, about 29.1% with pay.")
    assert c.ok and c.value == pytest.approx(29.1)
    [c] = claims(card, "Roughly 45% of postings list pay.")
    assert not c.ok and c.value == 45
    assert claims(card, "I like building things for customers.") == []


def test_windowed_search_finds_exactly_what_re_search_finds():
    """The literal prefilter and windows are an optimisation only: same matches, same spans,
    for every pattern and every cue (all matches) of every card over every reference answer
    and every model answer."""
    from interviewer.judges import answers_from_transcript
    from rubrics.matching import _rx, finditer, search
    from transcripts.reference import load_reference
    bank = default_bank()
    texts = [(c.model_answer.text, c) for c in bank]
    for case in load_reference(bank=bank):
        a = answers_from_transcript(case.transcript)
        texts += [("\n\n".join(ts), bank.get(q)) for q, ts in a.by_question.items()]
    checked = 0
    for text, card in texts:
        low = text.lower()
        patterns = [s for c in card.criteria for s in c.signals + c.poor]
        patterns += [s for c in card.criteria for r in c.solid for s in r.any]
        patterns += [s for f in card.red_flags for s in f.signals]
        patterns += [s for n in card.number_checks for s in n.cues]
        for p in patterns:
            plain, fast = _rx(p).search(text), search(p, text, low)
            assert (plain and plain.span()) == (fast and fast.span()), p
            # capping character-class runs changes nothing on real answers
            raw = re.search(p, text, re.IGNORECASE)
            assert (raw and raw.span()) == (plain and plain.span()), p
            checked += 1
        for p in [s for n in card.number_checks for s in n.cues]:
            assert [m.span() for m in finditer(p, text, low)] == \
                [m.span() for m in _rx(p).finditer(text)], p
    assert checked > 5000


def test_required_literals_are_necessary():
    from rubrics.matching import required_literals, search
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
    from rubrics.matching import PatternGroup, any_hit
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
    from rubrics.matching import literal_offsets, search
    assert literal_offsets(r"\b(mark|grade) (every|all)") == (0, 0)
    assert literal_offsets(r"\bthe (cost|price) is") == (4, 4)
    assert literal_offsets(r"(the |a )?cache hit") == (0, 4)
    assert literal_offsets(r"(\bTTFT\b|time (to|until) first (token|byte))") == (0, 11)
    assert literal_offsets(r"(foo bar)+ baz") is None    # a later round could hold it
    # a match found through the offsets is the leftmost one, as re finds it
    text = "A cache, then the cache hit rate, then a cache hit again."
    for p in (r"(the |a )?cache hit", r"(?<!the )cache hit", r"\w{0,6}he cache"):
        assert search(p, text).span() == re.search(p, text, re.I).span(), p


def test_a_bare_share_is_read_as_fraction_or_percentage():
    from rubrics.matching import to_check_unit
    bank = default_bank()
    percent = next(n for c in bank for n in c.number_checks if n.unit == "percent")
    fraction = next(n for c in bank for n in c.number_checks if n.unit == "fraction")
    for text, pct, frac in (("85", 85.0, 0.85), ("0.85", 85.0, 0.85), ("85%", 85.0, 0.85)):
        [got] = quantities(text)
        assert to_check_unit(got, percent) == pytest.approx(pct)
        assert to_check_unit(got, fraction) == pytest.approx(frac)


def test_numbers_said_in_words_are_read_with_their_unit():
    assert q("about twenty-five percent of them") == [(0.25, "fraction")]
    assert q("one hundred and twenty ms, then two hundred fifty-six tokens") == \
        [(0.12, "time"), (256.0, "tokens")]
    assert q("three seconds") == [(3.0, "time")]
    # small counting words without a unit are not quantities; from twenty up they are bare
    assert q("two levers, one of them cheap, tested on a thousand probes") == []
    assert q("in flight it stays around thirty") == [(30.0, "word")]


def test_halves_and_ranges_said_in_words():
    assert q("six and a half points") == [(0.065, "fraction")]
    assert q("one and a half seconds") == [(1.5, "time")]
    assert q("about half a second, then half a percent") == [(0.5, "time"), (0.005, "fraction")]
    assert q("the other half a team") == []          # half of a count noun is not a claim
    # a spoken range gives its unit to both ends
    assert q("fifty-two to eighty-three percent") == [(0.52, "fraction"), (0.83, "fraction")]
    assert q("two or three weeks") == [(2 * 604800, "time"), (3 * 604800, "time")]
    assert q("two hundred and fifty to three hundred ms") == [(0.25, "time"), (0.3, "time")]
    # without a unit at the end, neither end is a claim
    assert q("two to three of them") == []


def test_a_pattern_is_led_by_the_characters_its_matches_can_start_with():
    from rubrics.matching import _first_chars, effective
    assert effective(r"\bTTFT\b|time to first") == r"(?=[Tt])(?:\bTTFT\b|time to first)"
    assert _first_chars(r"(?<!not )(the )?cache") == frozenset("cCtT")
    assert _first_chars(r"\w+ing") is None          # could start with any word character
    assert _first_chars(r"(x)?") is None            # can match nothing
    assert re.search(effective(r"(?<!not )(the )?cache"), "not the cache", re.I).group(0) == "cache"


def test_a_lowered_pattern_keeps_its_escapes_and_finds_the_same_span():
    from rubrics.matching import lowered, search
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
    from rubrics.matching import _split_guard, search
    assert _split_guard(r"(?![^.]{0,20}\bnot\b)foo (bar|baz)") == (r"[^.]{0,20}\bnot\b", "foo (bar|baz)")
    assert _split_guard(r"(?!x)a|b") is None          # the guard belongs to the first branch only
    assert _split_guard(r"(?![)])y") == ("[)]", "y")
    text = "RAG for every customer is standard. For their docs I'd use RAG, since they change."
    for p in (r"(?![^.]{0,40}\b(every|most) customer)\brag\b", r"(?!rag for)\brag\b\W+\w+"):
        assert search(p, text).span() == re.search(p, text, re.I).span(), p


def test_with_a_corpus_a_pattern_is_windowed_on_its_rarest_required_words():
    from rubrics.matching import pattern_table
    p = r"\b(after|before) (cat|dog)\b"
    assert pattern_table([p])[p][1] == ("after", "before")      # the longest shortest member
    corpus = "After lunch, after that, after all, and before long, before it rains: a dog."
    assert pattern_table([p], corpus)[p][1] == ("cat", "dog")   # rarer in typical answers
