from core import ans, c

def W(k, n, **kw):
    a = dict(k=k, n=n); a.update(kw); return a
def TC(i, o, ip=3, op=15, **kw):
    a = dict(input_tokens=i, output_tokens=o, input_per_million=ip, output_per_million=op); a.update(kw); return a

# q16 guardrails
ans("h2-q16-001", "q16", """On a suite of 800 known injections the classifier blocked 752, 94 percent, Wilson low end about 92.2. On the benign side, 45 of 3,000 real prompts were wrongly blocked, one and a half percent, upper bound around 2 percent.""",
[
 c("94 percent", "block rate 752 of 800", "wilson", W(752, 800), "rate", 94, "percent", "correct", stated=dict(k=752, n=800)),
 c("about 92.2", "lower end, Wilson 752 of 800", "wilson", W(752, 800), "low", 92.2, "percent", "correct", stated=dict(k=752, n=800)),
 c("one and a half percent", "false-positive rate 45 of 3,000", "wilson", W(45, 3000), "rate", 1.5, "percent", "correct", stated=dict(k=45, n=3000)),
 c("upper bound around 2 percent", "upper end, Wilson 45 of 3,000", "wilson", W(45, 3000), "high", 2.0, "percent", "correct",
   stated=dict(k=45, n=3000)),
], distractors=[])

ans("h2-q16-002", "q16", """470 of 500 blocked, so 94 percent, and 36 of 2,000 benign prompts blocked is 18 percent false positives, which is too high for production.""",
[
 c("so 94 percent", "block rate 470 of 500", "wilson", W(470, 500), "rate", 94, "percent", "correct", stated=dict(k=470, n=500), note="card default"),
 c("18 percent false positives", "false-positive rate 36 of 2,000", "wilson", W(36, 2000), "rate", 18, "percent", "wrong",
   error="unit-slip", stated=dict(k=36, n=2000), note="decimal slip: 1.8%"),
], distractors=[])

# q17 credit / underwriting
ans("h2-q17-001", "q17", """For monitoring I'd review enough decisions to pin a 5 percent error rate to within 2 percent, which is about 465 decisions a month. For appeals, 40 of 250 overturned, 16 percent.""",
[
 c("about 465 decisions a month", "reviews to estimate a 5% error rate 'within 2 percent'", "wilson-samples",
   dict(rate=0.05, half_width=0.02), "n", 465, "count", "ambiguous", stated=dict(rate=0.05, half_width="2 percent"),
   alt_args=dict(rate=0.05, half_width=0.001),
   note="right if '2 percent' means 2 points (card reading); a relative 2% (0.1 point) needs about 182,000"),
 c("16 percent", "appeal overturn rate 40 of 250", "wilson", W(40, 250), "rate", 16, "percent", "correct", stated=dict(k=40, n=250)),
], distractors=[])

ans("h2-q17-002", "q17", """If the error rate is nearer 3 percent and we want plus or minus one point, that's about 1,140 reviews. And the overturn rate of 40 in 250 has an interval from about 12 up to 21 percent.""",
[
 c("about 1,140 reviews", "reviews for +/-1 point at 3%", "wilson-samples", dict(rate=0.03, half_width=0.01), "n", 1140, "count",
   "correct", stated=dict(rate=0.03, half_width=0.01)),
 c("from about 12", "lower end, Wilson 40 of 250", "wilson", W(40, 250), "low", 12, "percent", "correct", stated=dict(k=40, n=250)),
 c("up to 21 percent", "upper end, Wilson 40 of 250", "wilson", W(40, 250), "high", 21, "percent", "correct", stated=dict(k=40, n=250)),
], distractors=[])

# q18 is it working
ans("h2-q18-001", "q18", """Our golden set is 80 real cases; we pass 68, that's 85 percent, and the Wilson interval runs from about 75.6 to 91. To get plus or minus 5 percent around that I'd want about 195 cases.""",
[
 c("that's 85 percent", "pass rate 68 of 80", "wilson", W(68, 80), "rate", 85, "percent", "correct", stated=dict(k=68, n=80)),
 c("from about 75.6", "lower end, Wilson 68 of 80", "wilson", W(68, 80), "low", 75.6, "percent", "correct", stated=dict(k=68, n=80)),
 c("to 91", "upper end, Wilson 68 of 80", "wilson", W(68, 80), "high", 91, "percent", "correct", stated=dict(k=68, n=80)),
 c("about 195 cases", "cases for +/-5 'percent' at 85%", "wilson-samples", dict(rate=0.85, half_width=0.05), "n", 195, "count",
   "ambiguous", stated=dict(rate=0.85, half_width="5 percent"), alt_args=dict(rate=0.85, half_width=0.0425),
   note="right for 5 points; a relative 5% (4.25 points) needs about 270"),
], distractors=["80 real cases"])

ans("h2-q18-002", "q18", """43 of 50 passing, 86 percent, and with 50 cases the interval is about plus or minus 5 points, so I'd report it as 86 give or take that.""",
[
 c("86 percent", "pass rate 43 of 50", "wilson", W(43, 50), "rate", 86, "percent", "correct", stated=dict(k=43, n=50), note="card default"),
 c("about plus or minus 5 points", "half-width, Wilson 43 of 50", "wilson", W(43, 50), "half_width", 5, "percent", "wrong", error="2x",
   stated=dict(k=43, n=50), note="about 9.6 points"),
], distractors=[])

# q19 LLM judge
ans("h2-q19-001", "q19", """I validated the judge on 200 human-labelled outputs: 172 agreements, 86 percent raw. But on the 40 outputs the experts failed, the judge caught 30, 75 percent recall, and the interval's low end is about 59.8.""",
[
 c("86 percent raw", "raw agreement 172 of 200", "wilson", W(172, 200), "rate", 86, "percent", "correct", stated=dict(k=172, n=200)),
 c("75 percent recall", "failure recall 30 of 40", "wilson", W(30, 40), "rate", 75, "percent", "correct", stated=dict(k=30, n=40)),
 c("about 59.8", "lower end, Wilson 30 of 40", "wilson", W(30, 40), "low", 59.8, "percent", "correct", stated=dict(k=30, n=40)),
], distractors=[])

ans("h2-q19-002", "q19", """The judge caught 21 of the 30 real failures, 70 percent, and at 90 percent confidence the interval bottoms out at about 55.""",
[
 c("70 percent", "failure recall 21 of 30", "wilson", W(21, 30), "rate", 70, "percent", "correct", stated=dict(k=21, n=30)),
 c("bottoms out at about 55", "lower end of the 90% Wilson interval, 21 of 30", "wilson", W(21, 30, confidence=0.9), "low", 55,
   "percent", "correct", stated=dict(k=21, n=30, confidence=0.9)),
], distractors=[])

# q20 hallucination
ans("h2-q20-001", "q20", """We sampled 600 answers and 15 had an unsupported claim, 2.5 percent, with a Wilson upper end of about 4.1. To pin a rate like that within half a point you'd need thousands, about 3,800.""",
[
 c("2.5 percent", "hallucination rate 15 of 600", "wilson", W(15, 600), "rate", 2.5, "percent", "correct", stated=dict(k=15, n=600)),
 c("about 4.1", "upper end, Wilson 15 of 600", "wilson", W(15, 600), "high", 4.1, "percent", "correct", stated=dict(k=15, n=600)),
 c("about 3,800", "reviews for +/-0.5 point at 2.5%", "wilson-samples", dict(rate=0.025, half_width=0.005), "n", 3800, "count",
   "correct", stated=dict(rate=0.025, half_width=0.005)),
], distractors=[])

ans("h2-q20-002", "q20", """3 of 400 sampled answers had a made-up fact, 0.75 percent, and the upper end is about 1.6 percent using p plus 1.96 standard errors.""",
[
 c("0.75 percent", "hallucination rate 3 of 400", "wilson", W(3, 400), "rate", 0.75, "percent", "correct", stated=dict(k=3, n=400)),
 c("about 1.6 percent", "upper end, 95% Wilson 3 of 400", "wilson", W(3, 400), "high", 1.6, "percent", "wrong", error="normal-approx",
   stated=dict(k=3, n=400), note="Wald 1.6%; Wilson 2.2%"),
], distractors=["1.96"])

# q22 regressions
ans("h2-q22-001", "q22", """Old version 184 of 200, new 170 of 200. The old one's interval starts around 87.4 and the new one's tops out around 89.3, so they overlap by about 1.9 points. If I double the suite to 400 with the same rates, the old lower end rises to about 88.9 and the new upper end drops to about 88.2, so they separate.""",
[
 c("around 87.4", "lower end, Wilson 184 of 200", "wilson", W(184, 200), "low", 87.4, "percent", "correct", stated=dict(k=184, n=200)),
 c("around 89.3", "upper end, Wilson 170 of 200", "wilson", W(170, 200), "high", 89.3, "percent", "correct", stated=dict(k=170, n=200)),
 c("overlap by about 1.9 points", "overlap of the two intervals (negative gap)", "wilson-compare",
   dict(k1=184, n1=200, k2=170, n2=200), "gap_points", -1.9, "percent", "correct", stated=dict(k1=184, n1=200, k2=170, n2=200),
   note="gap is negative (overlap); value given as signed gap"),
 c("about 88.9", "lower end, Wilson 368 of 400", "wilson", W(184, 200, scale=2), "low", 88.9, "percent", "correct",
   stated=dict(scale=2)),
 c("about 88.2", "upper end, Wilson 340 of 400", "wilson", W(170, 200, scale=2), "high", 88.2, "percent", "correct",
   stated=dict(scale=2)),
], distractors=[])

# q23 telemetry
ans("h2-q23-001", "q23", """Each span carries token counts so cost falls out: a run with 90,000 input and 3,000 output tokens at 3 and 15 is about 31.5 cents. With 70 percent of input read from the cache at 30 cents, it's about 14.4 cents.""",
[
 c("about 31.5 cents", "cost per run: 90K in / 3K out at $3/$15", "token-cost", TC(90000, 3000), "usd_per_request", 0.315, "usd",
   "correct", stated=dict(input_tokens=90000, output_tokens=3000)),
 c("about 14.4 cents", "the same run with 70% cached at $0.30/M", "token-cost",
   TC(90000, 3000, cached_fraction=0.7, cached_per_million=0.3), "usd_per_request", 0.144, "usd", "correct",
   stated=dict(cached_fraction=0.7, cached_per_million=0.3), conditions_from="answer"),
], distractors=[])

ans("h2-q23-002", "q23", """60,000 input tokens at 3 dollars per million is 18 dollars, plus 2,000 output at 15 is 3 cents, so a run is about 18 dollars.""",
[
 c("so a run is about 18 dollars", "cost per run: 60K in / 2K out at $3/$15", "token-cost", TC(60000, 2000), "usd_per_request", 18,
   "usd", "wrong", error="unit-slip", stated=dict(input_tokens=60000, output_tokens=2000),
   note="per thousand instead of per million on the input: $0.21"),
], distractors=[])
