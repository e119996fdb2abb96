from engine import A, C

def W(k, n, **x):
    a = dict(k=k, n=n); a.update(x); return a
def TC(i, o, pi, po, **k):
    a = dict(input_tokens=i, output_tokens=o, input_per_million=pi, output_per_million=po); a.update(k); return a

# ---------------- q21 micro vs macro F1
A("t-q21-001", "q21", """Take 1,000 tickets with 30 of them fraud. The router gets 960 right, so micro F1 is 96%. It flags 20 as fraud and 12 really are, so precision is 60% and recall is 12 of 30, 40%. Fraud F1 is 2TP over 2TP plus FP plus FN, 24 over 50, so 48%, and macro drags that in with a third of the weight.""",
  [C("micro F1 is 96%", "micro F1 (accuracy)", "wilson", W(960, 1000), "rate", 96, "percent", stated=dict(k=960, n=1000)),
   C("precision is 60%", "fraud precision", "wilson", W(12, 20), "rate", 60, "percent", stated=dict(k=12, n=20)),
   C("40%", "fraud recall", "wilson", W(12, 30), "rate", 40, "percent", stated=dict(k=12, n=30)),
   C("so 48%", "fraud F1", "wilson", W(24, 50), "rate", 48, "percent", stated=dict(tp=12, fp=8, fn=18)),
  ], distractors=["2TP over 2TP", "a third of the weight"])

A("t-q21-002", "q21", """With only 30 fraud tickets, 12 caught, the Wilson interval on recall runs from about 25 to 58 percent. To get plus or minus 10 points at 40% recall I'd need about 89 fraud examples, and plus or minus 5 at 45% is about 377.""",
  [C("from about 25", "lower end of the 95% Wilson interval on fraud recall", "wilson", W(12, 30), "low", 25, "percent", stated=dict(k=12, n=30)),
   C("58 percent", "upper end of the 95% Wilson interval on fraud recall", "wilson", W(12, 30), "high", 58, "percent", stated=dict(k=12, n=30)),
   C("about 89 fraud examples", "fraud examples for a Wilson half-width", "wilson-samples", dict(rate=0.4, half_width=0.1), "n", 89, "count", stated=dict(rate=0.4, half_width=0.1)),
   C("about 377", "fraud examples for a Wilson half-width", "wilson-samples", dict(rate=0.45, half_width=0.05), "n", 377, "count", stated=dict(rate=0.45, half_width=0.05)),
  ])

A("t-q21-003", "q21", """Say the model flags 20 tickets as fraud and 18 are fraud, 90% precision, but there are 60 fraud tickets, so recall is 30%. F1 is the average of the two, so about 60%.""",
  [C("90% precision", "fraud precision", "wilson", W(18, 20), "rate", 90, "percent", stated=dict(k=18, n=20)),
   C("recall is 30%", "fraud recall", "wilson", W(18, 60), "rate", 30, "percent", stated=dict(k=18, n=60)),
   C("so about 60%", "fraud F1", "wilson", W(36, 80), "rate", 60, "percent", verdict="wrong", error="other", stated=dict(tp=18, fp=2, fn=42), note="arithmetic mean instead of harmonic: F1 = 36/80 = 45%"),
  ])

A("t-q21-004", "q21", """On the 1,000 tickets it gets 950 right, so micro F1 is 95%. Fraud precision is 9 of 15, 60%, recall 9 of 20, 45%, and fraud F1 comes out around 51%.""",
  [C("micro F1 is 95%", "micro F1 (accuracy)", "wilson", W(950, 1000), "rate", 95, "percent", stated=dict(k=950, n=1000)),
   C("9 of 15, 60%", "fraud precision", "wilson", W(9, 15), "rate", 60, "percent", stated=dict(k=9, n=15)),
   C("9 of 20, 45%", "fraud recall", "wilson", W(9, 20), "rate", 45, "percent", stated=dict(k=9, n=20)),
   C("around 51%", "fraud F1", "wilson", W(18, 35), "rate", 51, "percent", cf="answer", stated=dict(tp=9, fp=6, fn=11)),
  ])

A("t-q21-005", "q21", """Fraud recall is 9 of 20, which is 0.45 percent, and the interval on that is about 26 to 66, so it's noisy.""",
  [C("which is 0.45 percent", "fraud recall", "wilson", W(9, 20), "rate", 0.45, "percent", verdict="wrong", error="percent-vs-fraction", stated=dict(k=9, n=20), note="fraction said as percent: 45%"),
   C("about 26", "lower end of the 95% Wilson interval on fraud recall", "wilson", W(9, 20), "low", 26, "percent", stated=dict(k=9, n=20)),
   C("to 66", "upper end of the 95% Wilson interval on fraud recall", "wilson", W(9, 20), "high", 66, "percent", stated=dict(k=9, n=20)),
  ])

A("t-q21-006", "q21", """With 20 fraud tickets and 9 caught, recall is 45% plus or minus about 11 points, so at worst about 34.""",
  [C("plus or minus about 11 points", "half-width of the 95% interval on fraud recall", "wilson", W(9, 20), "half_width", 11, "percent", verdict="wrong", error="normal-approx", stated=dict(k=9, n=20), note="one standard error; the 95% Wilson half-width is 20 points"),
   C("at worst about 34", "lower end of the 95% interval on fraud recall", "wilson", W(9, 20), "low", 34, "percent", verdict="wrong", error="normal-approx", cf="answer", stated=dict(k=9, n=20), note="Wilson low is 25.8%"),
  ])

A("t-q21-007", "q21", """If precision and recall on fraud were both 75%, say 45 caught of 60 with 60 flagged, F1 would also be 75%, and the recall interval would be about 63 to 84.""",
  [C("F1 would also be 75%", "fraud F1", "wilson", W(90, 120), "rate", 75, "percent", stated=dict(tp=45, fp=15, fn=15)),
   C("about 63", "lower end of the 95% Wilson interval on fraud recall", "wilson", W(45, 60), "low", 63, "percent", stated=dict(k=45, n=60)),
   C("to 84", "upper end of the 95% Wilson interval on fraud recall", "wilson", W(45, 60), "high", 84, "percent", stated=dict(k=45, n=60)),
  ])

A("t-q21-008", "q21", """For a rare class I'd get more labels: at 45% recall, plus or minus ten points takes about 92 examples.""",
  [C("about 92 examples", "fraud examples for a Wilson half-width", "wilson-samples", dict(rate=0.45, half_width=0.1), "n", 92, "count", stated=dict(rate=0.45, half_width=0.1)),
  ])

# ---------------- q22 regressions
A("t-q22-001", "q22", """On 200 cases the old version passes 184 and the new one 170, and the intervals overlap by about 1.9 points. Doubling the suite to 400, 368 against 340, the old one's interval starts at about 88.9 and the new one's tops out around 88.2, so they separate by under a point.""",
  [C("overlap by about 1.9 points", "gap between two Wilson intervals (negative = overlap)", "wilson-compare", dict(k1=184, n1=200, k2=170, n2=200), "gap_points", -1.9, "points", stated=dict(k1=184, n1=200, k2=170, n2=200), note="overlap said as a positive number; value recorded with the tool's sign"),
   C("about 88.9", "lower end of the 95% Wilson interval", "wilson", W(368, 400), "low", 88.9, "percent", stated=dict(k=368, n=400)),
   C("around 88.2", "upper end of the 95% Wilson interval", "wilson", W(340, 400), "high", 88.2, "percent", stated=dict(k=340, n=400)),
  ])

A("t-q22-002", "q22", """Old passes 184 of 200, 92%, new passes 170, 85%. That's a real drop, and the intervals are about 7 points apart, so the gate should have caught it.""",
  [C("92%", "old version pass rate", "wilson", W(184, 200), "rate", 92, "percent", stated=dict(k=184, n=200)),
   C("85%", "new version pass rate", "wilson", W(170, 200), "rate", 85, "percent", stated=dict(k=170, n=200)),
   C("about 7 points apart", "gap between two Wilson intervals (negative = overlap)", "wilson-compare", dict(k1=184, n1=200, k2=170, n2=200), "gap_points", 7, "points", verdict="wrong", error="other", stated=dict(k1=184, n1=200, k2=170, n2=200), note="difference of rates, not of intervals; the intervals overlap by 1.9 points"),
  ])

A("t-q22-003", "q22", """The old version's interval runs from 87.4, the new one's up to 89.3, so they overlap. At twice the cases they're apart by about three quarters of a point, and at five times about 3 points.""",
  [C("from 87.4", "lower end of the 95% Wilson interval", "wilson", W(184, 200), "low", 87.4, "percent", stated=dict(k=184, n=200)),
   C("up to 89.3", "upper end of the 95% Wilson interval", "wilson", W(170, 200), "high", 89.3, "percent", stated=dict(k=170, n=200)),
   C("about three quarters of a point", "gap between two Wilson intervals at 2x the samples", "wilson-compare", dict(k1=368, n1=400, k2=340, n2=400), "gap_points", 0.75, "points", stated=dict(k1=184, n1=200, k2=170, n2=200, factor=2), note="same rates at twice the samples (368/400 vs 340/400)"),
   C("at five times about 3 points", "gap between two Wilson intervals at 5x the samples", "wilson-compare", dict(k1=920, n1=1000, k2=850, n2=1000), "gap_points", 3, "points", stated=dict(factor=5), note="same rates at five times the samples (920/1000 vs 850/1000)"),
  ])

# ---------------- q23 observability
A("t-q23-001", "q23", """Tokens per span become cost per step. A ten-step run that ends at 100,000 input and 3,000 output tokens costs about 35 cents at $3 and $15 per million. If 90% of the input comes from the prompt cache at 30 cents per million, it's about 10 cents.""",
  [C("about 35 cents", "cost of one agent run", "token-cost", TC(100000, 3000, 3, 15), "usd_per_request", 0.35, "usd", stated=dict(input_tokens=100000, output_tokens=3000, input_per_million=3, output_per_million=15)),
   C("it's about 10 cents", "cost of one agent run with caching", "token-cost", TC(100000, 3000, 3, 15, cached_fraction=0.9, cached_per_million=0.3), "usd_per_request", 0.10, "usd", stated=dict(cached_fraction=0.9, cached_per_million=0.3)),
  ], distractors=["ten-step run"])

A("t-q23-002", "q23", """The eight-step run at 60,000 input and 2,000 output is about 21 cents. With 80% of the input cached, it's about 4 cents.""",
  [C("about 21 cents", "cost of one agent run", "token-cost", TC(60000, 2000, 3, 15), "usd_per_request", 0.21, "usd", stated=dict(input_tokens=60000, output_tokens=2000)),
   C("it's about 4 cents", "cost of one agent run with caching", "token-cost", TC(60000, 2000, 3, 15, cached_fraction=0.8, cached_per_million=0.3), "usd_per_request", 0.04, "usd", verdict="wrong", error="other", stated=dict(cached_fraction=0.8), note="caching discounts only the cached input, and output is not cached: about $0.08"),
  ], distractors=["eight-step"])

A("t-q23-003", "q23", """At 60,000 in and 2,000 out, a run is about 21 cents, and at 5,000 runs a day that's roughly $1,050 a day.""",
  [C("a run is about 21 cents", "cost of one agent run", "token-cost", TC(60000, 2000, 3, 15, requests=5000), "usd_per_request", 0.21, "usd", stated=dict(input_tokens=60000, output_tokens=2000)),
   C("roughly $1,050 a day", "daily cost of agent runs", "token-cost", TC(60000, 2000, 3, 15, requests=5000), "usd_total", 1050, "usd", stated=dict(requests=5000)),
  ])

A("t-q23-004", "q23", """The run costs about 8 cents with caching.""",
  [C("about 8 cents with caching", "cost of one agent run with caching", "token-cost", TC(60000, 2000, 3, 15, cached_fraction=0.8, cached_per_million=0.3), "usd_per_request", 0.08, "usd", verdict="ambiguous", cf="earlier", stated=dict(), alt_args=TC(60000, 2000, 3, 15, cached_fraction=0.5, cached_per_million=0.3), note="earlier turn gives both an 80% hit rate on the first day and 50% after the prompt change; right at 80% ($0.080), wrong at 50% ($0.129)"),
  ], earlier=["The run was 60,000 input and 2,000 output tokens at $3 and $15. On the first day about 80% of the input hit the cache at 30 cents per million; after the prompt change last week the hit rate dropped to about half."])
