from core import ans, c

def W(k, n, **kw):
    a = dict(k=k, n=n); a.update(kw); return a

# ---------------- q21 micro vs macro F1 ----------------
ans("h2-q21-001", "q21", """Micro F1 pools every decision, so for single-label routing it's just accuracy; macro averages the per-class F1s, so a rare class counts as much as a big one. Say their test set is a thousand tickets and the router gets 920 right: micro is 92 percent. Now fraud: 25 real fraud tickets, it flags 16 as fraud and 12 of those are right. Precision is 12 over 16, 75 percent; recall is 12 over 25, 48 percent. F1 is two TP over two TP plus FP plus FN, 24 over 41, about 58.5. And the recall interval on 25 examples is wide, Wilson goes from about 30 to 66 percent.""",
[
 c("micro is 92 percent", "micro F1 = accuracy, 920 of 1,000", "wilson", W(920, 1000), "rate", 92, "percent", "correct",
   stated=dict(k=920, n=1000)),
 c("75 percent", "fraud precision, 12 of 16", "wilson", W(12, 16), "rate", 75, "percent", "correct", stated=dict(k=12, n=16)),
 c("48 percent", "fraud recall, 12 of 25", "wilson", W(12, 25), "rate", 48, "percent", "correct", stated=dict(k=12, n=25)),
 c("about 58.5", "fraud F1 = 24 / (24 + 4 + 13)", "wilson", W(24, 41), "rate", 58.5, "percent", "correct",
   stated=dict(tp=12, fp=4, fn=13), conditions_from="answer"),
 c("from about 30", "lower end of the 95% Wilson interval, 12 of 25", "wilson", W(12, 25), "low", 30, "percent", "correct",
   stated=dict(k=12, n=25), conditions_from="answer"),
 c("to 66 percent", "upper end of the 95% Wilson interval, 12 of 25", "wilson", W(12, 25), "high", 66, "percent", "correct",
   stated=dict(k=12, n=25), conditions_from="answer"),
], distractors=["a thousand tickets", "25 real fraud tickets"])

ans("h2-q21-002", "q21", """With the numbers from the prompt, 950 of 1,000 right, micro F1 is 95 percent. Fraud: nine true out of fifteen flagged, so precision 60 percent, nine of twenty caught, recall 45. The F1 for fraud is basically the average, 52 and a half percent. And with 20 fraud examples the recall interval's lower end is down around 26 percent. To get it to plus or minus ten points I'd want about 92 fraud examples.""",
[
 c("micro F1 is 95 percent", "micro F1, 950 of 1,000", "wilson", W(950, 1000), "rate", 95, "percent", "correct",
   stated=dict(k=950, n=1000), note="card default"),
 c("precision 60 percent", "fraud precision 9 of 15", "wilson", W(9, 15), "rate", 60, "percent", "correct", stated=dict(k=9, n=15)),
 c("recall 45", "fraud recall 9 of 20", "wilson", W(9, 20), "rate", 45, "percent", "correct", stated=dict(k=9, n=20)),
 c("52 and a half percent", "fraud F1 = 18/35", "wilson", W(18, 35), "rate", 52.5, "percent", "correct",
   conditions_from="answer", note="arithmetic mean 52.5 vs harmonic 51.4: only 2% apart here, so within tolerance"),
 c("down around 26 percent", "lower end of Wilson interval, 9 of 20", "wilson", W(9, 20), "low", 26, "percent", "correct",
   stated=dict(n=20)),
 c("about 92 fraud examples", "fraud examples for +/-10 points at 45% recall", "wilson-samples", dict(rate=0.45, half_width=0.1),
   "n", 92, "count", "correct", stated=dict(half_width=0.1), conditions_from="answer"),
], distractors=["1,000"])

ans("h2-q21-003", "q21", """Imagine the fraud class is precise but misses a lot: 9 true positives, 1 false positive, 36 missed. Precision is 90 percent, recall is 20 percent, so F1 is about 55 percent, the average of the two. Micro would still look great. Recall of 9 out of 45, the interval is, like, 0.1 to 0.34 percent, so it's tight enough.""",
[
 c("Precision is 90 percent", "fraud precision 9 of 10", "wilson", W(9, 10), "rate", 90, "percent", "correct", stated=dict(tp=9, fp=1)),
 c("recall is 20 percent", "fraud recall 9 of 45", "wilson", W(9, 45), "rate", 20, "percent", "correct", stated=dict(tp=9, fn=36)),
 c("F1 is about 55 percent", "fraud F1 = 18 / (18 + 1 + 36)", "wilson", W(18, 55), "rate", 55, "percent", "wrong", error="other",
   stated=dict(tp=9, fp=1, fn=36), conditions_from="answer", note="arithmetic mean instead of harmonic: 32.7%"),
 c("0.1", "lower end of the Wilson interval, 9 of 45", "wilson", W(9, 45), "low", 0.1, "percent", "wrong",
   error="percent-vs-fraction", stated=dict(k=9, n=45), conditions_from="answer",
   note="says 'percent' for fractions (0.1 = 10.9%)"),
 c("0.34 percent", "upper end of the Wilson interval, 9 of 45", "wilson", W(9, 45), "high", 0.34, "percent", "wrong",
   error="percent-vs-fraction", stated=dict(k=9, n=45), conditions_from="answer", note="34%, said as 0.34 percent"),
], distractors=[])

ans("h2-q21-004", "q21", """Per class, billing has 700 tickets, technical 280, fraud 20. If fraud recall is 4 of 20, 20 percent, the normal-approximation interval is 20 plus or minus 17.5, so the lower end is about two and a half percent. And if only 3 of 10 were in a smaller slice, you'd get a lower bound of maybe 1.6 percent.""",
[
 c("20 percent", "fraud recall 4 of 20", "wilson", W(4, 20), "rate", 20, "percent", "correct", stated=dict(k=4, n=20)),
 c("about two and a half percent", "lower end of 95% Wilson interval, 4 of 20", "wilson", W(4, 20), "low", 2.5, "percent",
   "wrong", error="normal-approx", stated=dict(k=4, n=20), conditions_from="answer", note="Wilson lower end is 8.1%"),
 c("maybe 1.6 percent", "lower end of 95% Wilson interval, 3 of 10", "wilson", W(3, 10), "low", 1.6, "percent", "wrong",
   error="normal-approx", stated=dict(k=3, n=10), note="Wald 1.6%; Wilson 10.8%"),
], distractors=["700 tickets", "280", "fraud 20"])

ans("h2-q21-005", "q21", """The headline number, micro, is 95 percent on the thousand, but its lower bound is about 93.5, it's tight. The fraud recall though, 9 of 20, upper end of its interval is around 66 percent.""",
[
 c("about 93.5", "lower end of Wilson interval, 950 of 1,000", "wilson", W(950, 1000), "low", 93.5, "percent", "correct",
   stated=dict(k=950, n=1000), conditions_from="answer"),
 c("around 66 percent", "upper end of Wilson interval, 9 of 20", "wilson", W(9, 20), "high", 66, "percent", "correct",
   stated=dict(k=9, n=20)),
], distractors=[])

ans("h2-q21-006", "q21", """If I want the fraud recall within plus or minus 10 points and it's around 48 percent, I'd need roughly 93 labelled fraud cases, so with 20 you can't say much. Per class the macro F1 hides that noise.""",
[
 c("roughly 93 labelled fraud cases", "fraud examples for +/-10 points at 48%", "wilson-samples", dict(rate=0.48, half_width=0.1),
   "n", 93, "count", "correct", stated=dict(rate=0.48, half_width=0.1)),
], distractors=[])

# ---------------- q32 a system you owned ----------------
ans("h2-q32-001", "q32", """I owned an invoice-extraction pipeline, OCR plus an LLM. At month-end we'd get about 8 documents a second and each took around 6 seconds end to end, so by Little's law, 48 in flight, against a pool of 16 workers, which is why the queue grew. After we doubled the pool, the audit was 940 of 1,000 fields correct, 94 percent, with a Wilson interval of roughly 92.4 to 95.3.""",
[
 c("48 in flight", "documents in flight at 8/s x 6 s", "littles-law", dict(arrival_rate_per_s=8, latency_s=6), "concurrency",
   48, "count", "correct", stated=dict(arrival_rate_per_s=8, latency_s=6)),
 c("94 percent", "field accuracy 940 of 1,000", "wilson", W(940, 1000), "rate", 94, "percent", "correct", stated=dict(k=940, n=1000)),
 c("roughly 92.4", "lower end, Wilson 940 of 1,000", "wilson", W(940, 1000), "low", 92.4, "percent", "correct", stated=dict(k=940, n=1000)),
 c("to 95.3", "upper end, Wilson 940 of 1,000", "wilson", W(940, 1000), "high", 95.3, "percent", "correct", stated=dict(k=940, n=1000)),
], distractors=["16 workers"])

ans("h2-q32-002", "q32", """We had 5 documents a second at peak, each about 6 seconds, so 30 in flight. When volume doubled, I figured in-flight would stay around 30 because the per-doc time didn't change. Field accuracy was 468 out of 500, 93.6 percent, and the standard error on 500 is about one point, so I'd quote plus or minus about one point.""",
[
 c("so 30 in flight", "documents in flight at 5/s x 6 s", "littles-law", dict(arrival_rate_per_s=5, latency_s=6), "concurrency",
   30, "count", "correct", stated=dict(arrival_rate_per_s=5, latency_s=6), note="card default"),
 c("stay around 30", "documents in flight at 10/s x 6 s", "littles-law", dict(arrival_rate_per_s=10, latency_s=6), "concurrency",
   30, "count", "wrong", error="other", stated=dict(arrival_rate_per_s=10, latency_s=6), conditions_from="answer",
   note="doubling the arrival rate doubles the work in flight: 60"),
 c("93.6 percent", "field accuracy 468 of 500", "wilson", W(468, 500), "rate", 93.6, "percent", "correct", stated=dict(k=468, n=500)),
 c("plus or minus about one point", "half-width of the 95% Wilson interval, 468 of 500", "wilson", W(468, 500), "half_width", 1.0,
   "percent", "wrong", error="other", stated=dict(k=468, n=500), conditions_from="answer",
   note="quotes the standard error (1.1 points) as the 95% half-width; Wilson half-width is 2.2 points"),
], distractors=[])

ans("h2-q32-003", "q32", """Our peak was 12 docs a second at about 25 seconds each with the retries, that's 300 in flight, and the extraction accuracy in the blind audit was 230 out of 250, 92 percent, lower bound about 88. Upper bound on the 468-of-500 audit we did later was about 95.4.""",
[
 c("that's 300 in flight", "documents in flight at 12/s x 25 s", "littles-law", dict(arrival_rate_per_s=12, latency_s=25), "concurrency",
   300, "count", "correct", stated=dict(arrival_rate_per_s=12, latency_s=25)),
 c("92 percent", "accuracy 230 of 250", "wilson", W(230, 250), "rate", 92, "percent", "correct", stated=dict(k=230, n=250)),
 c("lower bound about 88", "lower end, Wilson 230 of 250", "wilson", W(230, 250), "low", 88, "percent", "correct", stated=dict(k=230, n=250)),
 c("about 95.4", "upper end, Wilson 468 of 500", "wilson", W(468, 500), "high", 95.4, "percent", "correct", stated=dict(k=468, n=500)),
], distractors=[])

ans("h2-q32-004", "q32", """The metric I defend is field accuracy: on the first audit 430 of 500, 86 percent, and the interval's lower end told us it was at least 83 percent. Then after the fix, 93 of a 100-field spot check, call it 93 percent, but that's only good to about 86 at the low end.""",
[
 c("86 percent", "accuracy 430 of 500", "wilson", W(430, 500), "rate", 86, "percent", "correct", stated=dict(k=430, n=500)),
 c("at least 83 percent", "lower end, Wilson 430 of 500", "wilson", W(430, 500), "low", 83, "percent", "correct",
   stated=dict(k=430, n=500), conditions_from="answer"),
 c("call it 93 percent", "accuracy 93 of 100", "wilson", W(93, 100), "rate", 93, "percent", "correct", stated=dict(k=93, n=100)),
 c("about 86 at the low end", "lower end, Wilson 93 of 100", "wilson", W(93, 100), "low", 86, "percent", "correct",
   stated=dict(k=93, n=100)),
], distractors=[])
