from engine import A, C

def W(k, n): return dict(k=k, n=n)

# ---------------- q13 MCP auth
A("t-q13-001", "q13", """Authorization gets negative tests. If none of 1,000 cross-tenant calls get through, the Wilson upper bound on the bypass rate is about 0.38%. With only 100 probes and zero bypasses, it could still be as high as 3.7 percent.""",
  [C("about 0.38%", "95% Wilson upper bound on the bypass rate", "wilson", W(0, 1000), "high", 0.38, "percent", stated=dict(k=0, n=1000)),
   C("as high as 3.7 percent", "95% Wilson upper bound on the bypass rate", "wilson", W(0, 100), "high", 3.7, "percent", stated=dict(k=0, n=100)),
  ])

A("t-q13-002", "q13", """We ran 300 wrong-role and cross-tenant calls and none got through, so the bypass rate is zero, and we can say the checks are airtight.""",
  [C("the bypass rate is zero", "95% Wilson upper bound on the bypass rate", "wilson", W(0, 300), "high", 0, "percent", verdict="wrong", error="normal-approx", stated=dict(k=0, n=300), note="a clean run bounds the rate below 1.26%, not at zero"),
  ])

A("t-q13-003", "q13", """Zero of 300 gives an upper bound of about 0.3%, one in three hundred. If two of 500 had slipped through, the observed rate would be 0.4% but the upper bound about 1.45.""",
  [C("about 0.3%, one in three hundred", "95% Wilson upper bound on the bypass rate", "wilson", W(0, 300), "high", 0.3, "percent", verdict="wrong", error="other", stated=dict(k=0, n=300), note="1/300 is not a bound; Wilson upper bound 1.26% (rule of three: 1%)"),
   C("0.4%", "observed bypass rate", "wilson", W(2, 500), "rate", 0.4, "percent", stated=dict(k=2, n=500)),
   C("about 1.45", "95% Wilson upper bound on the bypass rate", "wilson", W(2, 500), "high", 1.45, "percent", stated=dict(k=2, n=500)),
  ])

# ---------------- q14 voice agent
A("t-q14-001", "q14", """The LLM is where the budget breaks. A 70B model on one H100 at FP8 and half utilisation needs about 424 ms to prefill a 3,000-token prompt. If I cache the system prompt so only a 1,000-token turn is new, it's about 140 ms. An 8B model on the full 3,000 would be about 49 ms, and a B200 running the 70B about 187.""",
  [C("about 424 ms", "prefill time of one prompt", "prefill", dict(params_b=70, prompt_tokens=3000, gpu="h100", compute_dtype="fp8", compute_util=0.5), "ms", 424, "ms", cf="sentence", stated=dict(params_b=70, prompt_tokens=3000, gpu="h100", compute_dtype="fp8", compute_util=0.5)),
   C("it's about 140 ms", "prefill time of one prompt", "prefill", dict(params_b=70, prompt_tokens=1000, gpu="h100", compute_dtype="fp8", compute_util=0.5), "ms", 140, "ms", stated=dict(prompt_tokens=1000)),
   C("about 49 ms", "prefill time of one prompt", "prefill", dict(params_b=8, prompt_tokens=3000, gpu="h100", compute_dtype="fp8", compute_util=0.5), "ms", 49, "ms", stated=dict(params_b=8, prompt_tokens=3000)),
   C("about 187", "prefill time of one prompt", "prefill", dict(params_b=70, prompt_tokens=3000, gpu="b200", compute_dtype="fp8", compute_util=0.5), "ms", 187, "ms", stated=dict(gpu="b200", params_b=70)),
  ], distractors=["8B"])

A("t-q14-002", "q14", """For capacity: 5,000 calls an hour at three minutes each is 250 concurrent calls, each holding a trunk channel and an ASR, LLM and TTS stream.""",
  [C("250 concurrent calls", "concurrent calls (Little's law)", "littles-law", dict(arrival_rate_per_s=5000/3600, latency_s=180), "concurrency", 250, "count", stated=dict(calls_per_hour=5000, call_s=180)),
  ])

A("t-q14-003", "q14", """3,000 calls an hour times four minutes each is 12,000 concurrent calls, so we need a big SIP trunk.""",
  [C("12,000 concurrent calls", "concurrent calls (Little's law)", "littles-law", dict(arrival_rate_per_s=3000/3600, latency_s=240), "concurrency", 12000, "count", verdict="wrong", error="unit-slip", stated=dict(calls_per_hour=3000, call_s=240), note="multiplied calls per hour by minutes without converting: 200"),
  ])

A("t-q14-004", "q14", """A 3,000-token prompt at BF16 on the H100, half utilisation, is about 850 milliseconds, way over a 300 ms slice.""",
  [C("about 850 milliseconds", "prefill time of one prompt", "prefill", dict(params_b=70, prompt_tokens=3000, gpu="h100", compute_dtype="bf16", compute_util=0.5), "ms", 850, "ms", stated=dict(compute_dtype="bf16", gpu="h100", compute_util=0.5, prompt_tokens=3000)),
  ], distractors=["300 ms slice"])

# ---------------- q15 AI recruiter
A("t-q15-001", "q15", """If the screen advances 36 of 100 women and 50 of 125 men, that's 36% against 40%, an impact ratio of 0.9, so above four-fifths. But with 100 women the rate is plus or minus about 9.3 points, so it could easily be adverse.""",
  [C("36%", "women's selection rate", "wilson", W(36, 100), "rate", 36, "percent", stated=dict(k=36, n=100)),
   C("40%", "men's selection rate", "wilson", W(50, 125), "rate", 40, "percent", stated=dict(k=50, n=125)),
   C("an impact ratio of 0.9", "impact ratio (women's rate / men's rate)", "wilson", W(36 * 125, 100 * 50), "rate", 0.9, "fraction", stated=dict(women=[36, 100], men=[50, 125]), note="(36/100)/(50/125) as k/n = 4500/5000, as the card computes it"),
   C("plus or minus about 9.3 points", "half-width of the Wilson interval", "wilson", W(36, 100), "half_width", 9.3, "percent", cf="answer", stated=dict(k=36, n=100)),
  ], distractors=["four-fifths"])

A("t-q15-002", "q15", """27 of 90 women is a selection rate of 0.3 percent against 0.4 percent for men, so the ratio's 0.75.""",
  [C("a selection rate of 0.3 percent", "women's selection rate", "wilson", W(27, 90), "rate", 0.3, "percent", verdict="wrong", error="percent-vs-fraction", stated=dict(k=27, n=90), note="a fraction said as percent: 30%"),
   C("0.4 percent for men", "men's selection rate", "wilson", W(48, 120), "rate", 0.4, "percent", verdict="wrong", error="percent-vs-fraction", stated=dict(k=48, n=120)),
   C("the ratio's 0.75", "impact ratio (women's rate / men's rate)", "wilson", W(3240, 4320), "rate", 0.75, "fraction", cf="card-default", stated=dict()),
  ])

A("t-q15-003", "q15", """The women's rate, 27 of 90, is plus or minus about 4.8 points, so the 0.75 ratio is solid.""",
  [C("the 0.75 ratio", "impact ratio (women's rate / men's rate)", "wilson", W(3240, 4320), "rate", 0.75, "fraction", cf="card-default", stated=dict()),
   C("plus or minus about 4.8 points", "half-width of the Wilson interval", "wilson", W(27, 90), "half_width", 4.8, "percent", verdict="wrong", error="normal-approx", stated=dict(k=27, n=90), note="standard error without the 1.96: the 95% half-width is 9.3 points"),
  ])

# ---------------- q16 guardrails
A("t-q16-001", "q16", """On 500 known injection attacks, a classifier that stops 485 has a block rate of 97%, with a Wilson interval from about 95.1 to 98.2. On a thousand benign prompts, 12 wrongly blocked is 1.2%, somewhere between 0.7 and 2.1 percent.""",
  [C("a block rate of 97%", "block rate", "wilson", W(485, 500), "rate", 97, "percent", stated=dict(k=485, n=500)),
   C("from about 95.1", "lower end of the 95% Wilson interval", "wilson", W(485, 500), "low", 95.1, "percent", cf="answer", stated=dict(k=485, n=500)),
   C("to 98.2", "upper end of the 95% Wilson interval", "wilson", W(485, 500), "high", 98.2, "percent", cf="answer", stated=dict(k=485, n=500)),
   C("is 1.2%", "false-positive rate", "wilson", W(12, 1000), "rate", 1.2, "percent", stated=dict(k=12, n=1000)),
   C("between 0.7", "lower end of the 95% Wilson interval", "wilson", W(12, 1000), "low", 0.7, "percent", cf="answer", stated=dict(k=12, n=1000)),
   C("2.1 percent", "upper end of the 95% Wilson interval", "wilson", W(12, 1000), "high", 2.1, "percent", cf="answer", stated=dict(k=12, n=1000)),
  ])

A("t-q16-002", "q16", """It blocked 470 of 500, 94%, so some known attacks still get through, and on benign traffic 36 of 2,000 is 18%, which is a lot.""",
  [C("94%", "block rate", "wilson", W(470, 500), "rate", 94, "percent", stated=dict(k=470, n=500)),
   C("is 18%", "false-positive rate", "wilson", W(36, 2000), "rate", 18, "percent", verdict="wrong", error="other", stated=dict(k=36, n=2000), note="10x: 36/2,000 = 1.8%"),
  ])

A("t-q16-003", "q16", """The benign false-positive rate is 1.8%, 36 of 2,000, and the interval is something like 1.3 to 2.5 percent.""",
  [C("1.8%", "false-positive rate", "wilson", W(36, 2000), "rate", 1.8, "percent", cf="sentence", stated=dict(k=36, n=2000)),
   C("something like 1.3", "lower end of the 95% Wilson interval", "wilson", W(36, 2000), "low", 1.3, "percent", cf="sentence", stated=dict(k=36, n=2000)),
   C("2.5 percent", "upper end of the 95% Wilson interval", "wilson", W(36, 2000), "high", 2.5, "percent", cf="sentence", stated=dict(k=36, n=2000)),
  ])

# ---------------- q17 regulated decisions
A("t-q17-001", "q17", """Each month I'd review a sample. To pin a 5% error rate to within one point I'd need about 1,830 decisions, which is too many by hand, so I'd settle for two points, about 465. If the error rate is closer to 10%, plus or minus 2 takes about 864.""",
  [C("about 1,830 decisions", "samples for a Wilson half-width", "wilson-samples", dict(rate=0.05, half_width=0.01), "n", 1830, "count", stated=dict(rate=0.05, half_width=0.01)),
   C("about 465", "samples for a Wilson half-width", "wilson-samples", dict(rate=0.05, half_width=0.02), "n", 465, "count", stated=dict(rate=0.05, half_width=0.02)),
   C("takes about 864", "samples for a Wilson half-width", "wilson-samples", dict(rate=0.1, half_width=0.02), "n", 864, "count", stated=dict(rate=0.1, half_width=0.02)),
  ])

A("t-q17-002", "q17", """Appeals matter: if 30 of 300 appealed decisions are overturned, that's 10%, and the interval runs from about 7 to 14 percent.""",
  [C("that's 10%", "overturn rate", "wilson", W(30, 300), "rate", 10, "percent", stated=dict(k=30, n=300)),
   C("about 7", "lower end of the 95% Wilson interval", "wilson", W(30, 300), "low", 7, "percent", tol=0.05, stated=dict(k=30, n=300)),
   C("14 percent", "upper end of the 95% Wilson interval", "wilson", W(30, 300), "high", 14, "percent", stated=dict(k=30, n=300)),
  ])

A("t-q17-003", "q17", """Forty of 250 appeals overturned is 16%, and to know a 5% error rate within 2 points you need about 120 reviews a month.""",
  [C("is 16%", "overturn rate", "wilson", W(40, 250), "rate", 16, "percent", cf="sentence", stated=dict(k=40, n=250)),
   C("about 120 reviews a month", "samples for a Wilson half-width", "wilson-samples", dict(rate=0.05, half_width=0.02), "n", 120, "count", verdict="wrong", error="normal-approx", stated=dict(rate=0.05, half_width=0.02), note="sqrt(p(1-p)/n) = 0.02 without the 1.96^2: truth 465"),
  ])

# ---------------- q18 is it working
A("t-q18-001", "q18", """On a 50-case golden set, 45 passes is 90%, but the Wilson interval runs from about 78.6 to 95.7. To get to plus or minus 3 points around 86% I'd need about 515 cases, and plus or minus 5 at 90% is about 141.""",
  [C("45 passes is 90%", "pass rate", "wilson", W(45, 50), "rate", 90, "percent", stated=dict(k=45, n=50)),
   C("from about 78.6", "lower end of the 95% Wilson interval", "wilson", W(45, 50), "low", 78.6, "percent", stated=dict(k=45, n=50)),
   C("to 95.7", "upper end of the 95% Wilson interval", "wilson", W(45, 50), "high", 95.7, "percent", stated=dict(k=45, n=50)),
   C("about 515 cases", "samples for a Wilson half-width", "wilson-samples", dict(rate=0.86, half_width=0.03), "n", 515, "count", stated=dict(rate=0.86, half_width=0.03)),
   C("about 141", "samples for a Wilson half-width", "wilson-samples", dict(rate=0.9, half_width=0.05), "n", 141, "count", stated=dict(rate=0.9, half_width=0.05)),
  ])

A("t-q18-002", "q18", """43 of 50 is 86 percent, and the interval is roughly 74 to 93, so I'd grow the set to about 48 cases for plus or minus five.""",
  [C("86 percent", "pass rate", "wilson", W(43, 50), "rate", 86, "percent", cf="sentence", stated=dict(k=43, n=50)),
   C("roughly 74", "lower end of the 95% Wilson interval", "wilson", W(43, 50), "low", 74, "percent", cf="sentence", stated=dict(k=43, n=50)),
   C("to 93", "upper end of the 95% Wilson interval", "wilson", W(43, 50), "high", 93, "percent", cf="sentence", stated=dict(k=43, n=50)),
   C("about 48 cases", "samples for a Wilson half-width", "wilson-samples", dict(rate=0.86, half_width=0.05), "n", 48, "count", verdict="wrong", error="normal-approx", stated=dict(half_width=0.05), note="p(1-p)/0.05^2 without 1.96^2; Wilson needs 186"),
  ])

A("t-q18-003", "q18", """43 of 50 passing is 86%, plus or minus about 5 points, so the number is solid.""",
  [C("86%", "pass rate", "wilson", W(43, 50), "rate", 86, "percent", stated=dict(k=43, n=50)),
   C("plus or minus about 5 points", "half-width of the Wilson interval", "wilson", W(43, 50), "half_width", 5, "percent", verdict="wrong", error="normal-approx", stated=dict(k=43, n=50), note="standard error alone (4.9 points); the 95% Wilson half-width is about 9.6"),
  ])

A("t-q18-004", "q18", """We have 50 golden cases now. Going to plus or minus 5 points at our pass rate needs about 186 cases.""",
  [C("about 186 cases", "samples for a Wilson half-width", "wilson-samples", dict(rate=0.86, half_width=0.05), "n", 186, "count", verdict="ambiguous", cf="earlier", stated=dict(half_width=0.05), alt_args=dict(rate=0.9, half_width=0.05), note="'our pass rate' is 86% in the card's scenario (43 of 50) but 90% in the earlier turn (45 of 50, which needs 141)"),
  ], earlier=["Last week's run passed 45 of the 50 cases, after two weeks at 43."])

# ---------------- q19 LLM judges
A("t-q19-001", "q19", """Two experts label 150 outputs. If the judge agrees on 135, that's 90% raw agreement. On the 40 the experts failed, the judge catches 28, 70% recall, with a Wilson interval from roughly 55 to 82 percent.""",
  [C("that's 90% raw agreement", "raw agreement", "wilson", W(135, 150), "rate", 90, "percent", stated=dict(k=135, n=150)),
   C("70% recall", "recall on failures", "wilson", W(28, 40), "rate", 70, "percent", stated=dict(k=28, n=40)),
   C("roughly 55", "lower end of the 95% Wilson interval", "wilson", W(28, 40), "low", 55, "percent", stated=dict(k=28, n=40)),
   C("82 percent", "upper end of the 95% Wilson interval", "wilson", W(28, 40), "high", 82, "percent", stated=dict(k=28, n=40)),
  ])

A("t-q19-002", "q19", """Recall on failures is 21 of 30, 70 percent, so the judge catches at least 70% of bad answers, which I'd call good enough to ship.""",
  [C("70 percent", "recall on failures", "wilson", W(21, 30), "rate", 70, "percent", stated=dict(k=21, n=30)),
   C("at least 70% of bad answers", "lower end of the 95% Wilson interval", "wilson", W(21, 30), "low", 70, "percent", verdict="wrong", error="other", stated=dict(k=21, n=30), note="point estimate quoted as a lower bound; Wilson 95% low is 52.1%"),
  ])

A("t-q19-003", "q19", """126 of 150 is 84% agreement, which sounds fine, but on the failures it's 21 of 30, and the lower end is about 52.""",
  [C("84% agreement", "raw agreement", "wilson", W(126, 150), "rate", 84, "percent", stated=dict(k=126, n=150)),
   C("about 52", "lower end of the 95% Wilson interval", "wilson", W(21, 30), "low", 52, "percent", stated=dict(k=21, n=30)),
  ])

# ---------------- q20 hallucination
A("t-q20-001", "q20", """If 20 of 1,000 sampled answers have an unsupported claim, that's 2%, but it could be as high as about 3.1%. To pin a 3% rate to half a point either side, I'd need around 4,500 reviews, and a 2% rate to within a point is about 772.""",
  [C("that's 2%", "hallucination rate", "wilson", W(20, 1000), "rate", 2, "percent", stated=dict(k=20, n=1000)),
   C("about 3.1%", "upper end of the 95% Wilson interval", "wilson", W(20, 1000), "high", 3.1, "percent", stated=dict(k=20, n=1000)),
   C("around 4,500 reviews", "samples for a Wilson half-width", "wilson-samples", dict(rate=0.03, half_width=0.005), "n", 4500, "count", stated=dict(rate=0.03, half_width=0.005)),
   C("about 772", "samples for a Wilson half-width", "wilson-samples", dict(rate=0.02, half_width=0.01), "n", 772, "count", stated=dict(rate=0.02, half_width=0.01)),
  ])

A("t-q20-002", "q20", """Twelve of 400 is 3%. To pin that to one point either side, the standard error is root of 0.03 times 0.97 over n, so n is about 290 reviews.""",
  [C("Twelve of 400 is 3%", "hallucination rate", "wilson", W(12, 400), "rate", 3, "percent", cf="sentence", stated=dict(k=12, n=400)),
   C("n is about 290 reviews", "samples for a Wilson half-width", "wilson-samples", dict(rate=0.03, half_width=0.01), "n", 290, "count", verdict="wrong", error="normal-approx", stated=dict(rate=0.03, half_width=0.01), note="dropped the 1.96^2: 95% Wilson needs 1,139"),
  ])

A("t-q20-003", "q20", """With 3 of 400 flagged it's 0.75%, but the upper bound is around 2.2%, so I wouldn't promise under one percent.""",
  [C("0.75%", "hallucination rate", "wilson", W(3, 400), "rate", 0.75, "percent", stated=dict(k=3, n=400)),
   C("around 2.2%", "upper end of the 95% Wilson interval", "wilson", W(3, 400), "high", 2.2, "percent", stated=dict(k=3, n=400)),
  ], distractors=["under one percent"])

A("t-q20-004", "q20", """Twelve of 400 is a 3% rate and it could be as high as 5.2%. Penalties in the API go from minus 2 to 2, and I'd only touch them last.""",
  [C("a 3% rate", "hallucination rate", "wilson", W(12, 400), "rate", 3, "percent", stated=dict(k=12, n=400)),
   C("as high as 5.2%", "upper end of the 95% Wilson interval", "wilson", W(12, 400), "high", 5.2, "percent", stated=dict(k=12, n=400)),
  ], distractors=["minus 2 to 2"])
