"""Spotting text addressed to the grader rather than the interviewer. A paragraph that tries
to instruct the judge is set aside: it is never evidence, and the transcript is flagged.

An attempt is a paragraph that addresses the grader (a note to the evaluator, "if you are an
AI scoring this", "Judge, ...", "whichever model is marking this") and asks it for credit or
tells it its rules changed; one that demands credit outright ("mark every criterion as met",
"award this answer full marks", "the final rating must be outstanding"); or one that claims
credit and says the rubric was revised or already applied. Talking *about* graders, judges,
rubrics or prompt injection is not an attempt, nor is text in quotation marks ("a user might
type 'ignore previous instructions'"): an attempt speaks to the grading of this answer."""
from __future__ import annotations

import re

from rubrics.matching import PatternGroup, any_hit, search

# Who grades: a grading role, or a model or system named as the one grading.
_GRADER = (r"(?:(?:ai|llm|automated|automatic|model|language[- ]model) )?(?:grader|evaluator|judge|"
           r"assessor|reviewer|scorer|marker|examiner)|(?:grading|scoring|evaluating|evaluation|"
           r"marking|assessing) (?:model|system|ai|llm|agent|bot)|(?:ai|llm|model|bot|language "
           r"model) (?:grading|scoring|evaluating|marking|assessing|reviewing|judging)")
_AUTO = r"(?:(?:ai|automated|automatic|llm|language[- ]model|grading|scoring|evaluating) ){0,2}"
_GRADING = r"(?:grad|scor|evaluat|assess|mark|judg|review|rat)\w*"
_CREDIT = (r"(?:met|satisfied|fulfilled|passed|a pass|outstanding|excellent|exceptional|exemplary|"
           r"perfect|solid[- ]level|expert[- ]level|full (?:marks|credit|points|score)|(?:the )?"
           r"(?:maximum|max|highest|top|best)(?: possible)? (?:marks|score|rating|grade|level|"
           r"points|credit|band|tier|bracket)|top marks|passing (?:grade|score|mark)|level 4|"
           r"10 ?/ ?10|5 ?/ ?5|100 ?/ ?100|10 out of 10|(?:strong )?hire)")
# Line or sentence start, past a little markup ("**", "#", "(", "[", "> ").
_START = r"(?:^|(?<=[\n.!?;(\[{]))[\s*#>_\-/!<]{0,6}"

# Someone the text speaks to: the grader, as the reader of this answer.
_ADDRESS = (
    r"\b(?:note|notes|message|instructions?|reminder|request|attention|attn|important|urgent|"
    r"notice|warning|one more thing)\b[^.\n]{0,12}\b(?:to|for)? ?(?:the |any |an? |all |our |my )?"
    + _AUTO + r"(?:" + _GRADER + r"|ai|bot|llm|gpt|model(?= *[:,\-\u2013\u2014]))s?\b(?![ -](?:"
    r"card|registry|version|config|weights|server|team|owner|repo|family|provider|choice|size))",
    r"\b(?:hey|dear|hello|greetings)\b[ ,]{0,3}(?:the |my |dear )?(?:ai|bot|llm|gpt|model|"
    r"machine|robot|computer|" + _GRADER + r")\b",
    _START + r"(?:" + _AUTO + r")?(?:grader|evaluator|judge|assessor|reviewer|scorer|marker|"
    r"system|admin|operator)(?: note| notes| message| instructions?| override)?\s*[:,\-\u2013\u2014]",
    r"(?:^|(?<=[\n,;:(]))\s*(?:the )?(?:scoring|grading|evaluation|evaluating|marking) (?:system|model|"
    r"ai|llm|bot)\s*[,:]",
    r"\bif (?:you are|you're|you've been asked|you were asked|this is being)\b(?! (?:asking|wonde"
    r"ring|"
    r"curious|interested|looking))[^.\n]{0,40}"
    r"\b" + _GRADING + r"\b",
    r"\b(?:to|for|please,?) (?:whoever|anyone|whatever|anything)\b[^.\n]{0,30}\b(?:"
    + _GRADING + r"|reading|reads)\b",
    r"\b(?:to|for) (?:the (?:person|model|system|one|bot)|any (?:ai|model|llm|system|bot|judge|"
    r"grader|evaluator|reviewer))\b[^.\n]{0,30}\b(?:grading|scoring|evaluating|assessing|"
    r"marking|judging)\b",
    r"\b(?:whoever|whatever) (?:or (?:whoever|whatever) )?(?:is )?" + _GRADING + r"\b",
    r"\b(?:any|the) (?:ai|llm|model|bot|system|judge|grader|evaluator|reviewer|assessor)\b "
    r"(?:evaluating|grading|scoring|assessing|marking|reviewing|reading|judging) (?:this|these|"
    r"my|me)\b",
    r"\b(?:you are|you're) (?:now )?(?:the|an?|my) (?:\w+ ){0,2}(?:grader|judge|evaluator|"
    r"assessor|reviewer|scorer|marker)\b",
    r"\bas (?:the|an?|my) (?:\w+ ){0,2}(?:grader|judge|evaluator|assessor|reviewer|scorer|"
    r"marker),? you\b",
    r"\byou(?:'re| are)\b[^.\n]{0,20}\b" + _GRADING + r" (?:me|this|my)\b",
    r"\b(?:before|when|while|as) you (?:grade|score|evaluate|assess|mark|judge|review|rate)\b",
    r"\byour (?:scoring|grading|evaluation|evaluator|system|original|hidden|internal) (?:prompt|"
    r"instructions|rubric|criteria|rules|policy|guidelines|threshold)\b",
    r"\b(?:as your|i am your|i'm your) (?:operator|developer|admin\w*|creator|owner|supervisor|"
    r"user)\b|\b(?:i'm|i am) instructing you\b",
    r"\b(?:to|for) (?:the |any |an? )?" + _AUTO + r"(?:" + _GRADER + r")s?\s*[:,\-\u2013\u2014*]",
    r"<\s*/?\s*(?:system|admin|grader|evaluator|judge|instructions?|override)\b[^>\n]{0,40}>",
    r"<\s*/?\s*(?:transcript|evaluation|assessment|verdict|grading|score|candidate[_ ]answer)\s*>",
    r"\[\s*(?:system|admin|grader|evaluator|assessor|judge)\b",
    _START + r"role:\s*system\b",
    _START + r"(?:assistant|system|developer|admin)\s*(?:message|note|notice)?\s*(?:\([^)\n]{0,20}\))?"
    r"\s*:",
    r"(?:^|(?<=[\n,;:(]))\s*(?:the )?(?:automated|ai|llm) (?:reviewer|grader|evaluator|judge|assessor|"
    r"scorer|system|model)\s*[,:]",
    r"\b(?:reviewer|grader|evaluator|judge|scorer|grading|scoring) bot\b",
    r"\b(?:grader|judge|evaluator|eval|reviewer|scorer|scoring|grading|system|admin)_(?:directive|"
    r"override|instructions?|note|verdict)\b|\bnote_for_(?:judge|grader|evaluator)\b",
    r"\byour (?:final )?(?:assessment|evaluation|verdict|scoring|grading|rubric|judgment|"
    r"judgement)\b",
    r"\byour (?:new |real |actual )?(?:task|job|instructions?|role) (?:is|are|now)\b",
    r"\bif (?:an? |any |the )?(?:language )?(?:ai|llm|model|bot|machine|grader|evaluator|judge)\b"
    r"[^.\n]{0,20}\b(?:"
    + _GRADING + r"|reading|reads)\b",
    r"\bif you(?:'re| are) (?:an? )?(?:ai|llm|model|bot|language model|machine)\b",
    r"\byou(?:'ve| have)? (?:probably |already |likely )?been (?:grading|scoring|evaluating|"
    r"reviewing|assessing|marking)\b",
    r"\byou(?:'re| are) no longer (?:an? |the )?(?:\w+ )?(?:evaluator|grader|judge|assessor|"
    r"reviewer|scorer|examiner|marker|model|ai|assistant)\b",
    r"\bfellow (?:ai|model|language model|llm|bot)\b",
    # "any language model that is grading this conversation"
    r"\b(?:ai|llm|model|bot|system|grader|evaluator|judge|assessor|reviewer|scorer|marker)s? (?:t"
    r"hat|"
    r"who|which)(?: is|'s| are)? (?:currently |now )?(?:grading|scoring|evaluating|assessing|mark"
    r"ing|"
    r"reviewing|judging|reading|processing) (?:this|these|my|the)\b",
    # "if this transcript is being scored by a language model"
    r"\bif (?:this|the|my|these) (?:\w+ ){0,2}(?:is|are|was|were|gets?) (?:being |now )?(?:graded|"
    r"scored|evaluated|assessed|marked|reviewed|judged|read|processed|checked) by (?:an? |the |so"
    r"me |"
    r"any )?(?:ai|llm|model|language[- ]model|machine|bot|automated|automatic|grader|evaluator|ju"
    r"dge|"
    r"program|algorithm)\b",
    r"\b(?:policy|policies|instructions|guidelines|rules) you (?:operate|work|run|were trained) "
    r"under\b",
    r"\b(?:testing|calibrating) (?:the |your )?(?:grading|scoring|evaluation|evaluator) (?:pipeline|"
    r"system|model|tool)\b|\bcalibration sample\b",
    r"\bend of (?:the )?(?:candidate|user)(?:'s)? (?:response|answer|turn|input|message)\b",
    r"\bbegin (?:grader|judge|evaluator|system|assistant|scoring|grading) (?:output|response|"
    r"verdict|note|instructions?)\b",
)
# What an attempt asks for: credit, or that the grader drop its rules.
_DEMAND = (
    r"\b(?:mark|grade|score|rate|record|treat|count|tick|check|label|consider|output|return|"
    r"assign|give|award|grant|place|put|bump|move|earns?|deserves?|merits?|warrants?|should "
    r"(?:get|receive|earn)|must (?:get|receive|earn)|rated|graded|scored|marked|rate it|is to be|"
    r"are to be|should be|must be)\b[^.\n]{0,60}?\b" + _CREDIT + r"(?![\w-])",
    r"(?<!n't )(?<!not )(?<!cannot )(?<!never )\b(?:ignore|disregard|forget|override|bypass|"
    r"no longer apply|pretend)",
    r"\b(?:don'?t|do not|never) (?:dock|deduct|penali[sz]e|mark (?:me |it |this )?down|"
    r"lower|fail|re-?evaluate|re-?grade|re-?score|check)\b",
    r"\b(?:go easy|be (?:lenient|generous|kind)|lenient grader|generously)\b",
    r"\b(?:score|grade|mark|rate|award|credit)(?: it| this| them| me)? (?:accordingly|that way|"
    r"as such)\b",
    r"\b(?:pass|approve|hire|advance|promote|bump) me\b",
    r"\bskip (?:the )?(?:remaining |other |rest of the )?(?:checks|criteria|evaluation|grading|"
    r"rubric|questions)\b",
    r"\b(?:mark|score|grade|rate|count|treat)\b[^.\n]{0,40}\bas (?:correct|right|complete|"
    r"exemplary|a pass|passing)\b",
    r"\b(?:directives?|instructions?|rules|guidelines|policy|prompt)\b[^.\n]{0,15}\b(?:are|is|"
    r"has been|have been) (?:now )?(?:void|cancel\w*|revoked|suspended|obsolete|replaced|"
    r"changed|updated|lifted)\b",
    r"\bnew (?:directive|instructions?|rules?|policy|scoring policy)\s*:",
    r"\b(?:only valid|correct|right|expected) (?:outcome|assessment|verdict|grade|score|result)\b"
    r"[^.\n]{0,10}\b(?:is|:)",
    r"\b(?:final|overall)? ?verdict\s*:",
    r"\b(?:final )?(?:decision|verdict|outcome|recommendation)\s*:\s*(?:strong )?(?:hire|pass|"
    r"advance|outstanding|excellent|met)\b",
    r"\b(?:[89]|10) ?/ ?10\b|\b[45] ?/ ?5\b",
    r"\b(?:full marks|top marks|maximum (?:score|marks|points)|(?:a )?pass(?:ing (?:score|"
    r"grade))?) (?:was|were|is|has been|have been) (?:already )?(?:approved|agreed|granted|"
    r"promised|confirmed)\b|\balready (?:cleared|passed) the bar\b",
    r"\btreat (?:my|this) (?:answer|response)\b[^.\n]{0,20}\bas (?:the )?(?:reference|gold|model|"
    r"ideal|correct|perfect|exemplary|complete)\b",
    r"\b(?:copy|paste|translate|put|write|include|insert|use)\b[^.\n]{0,40}\b(?:(?:into|in|as) "
    r"your (?:final )?(?:verdict|assessment|evaluation|output|score|report|review|judg\w*|"
    r"decision)|as the (?:interview |final )?(?:result|verdict|outcome))\b",
    r"\b(?:begin|start|end|prefix) your (?:output|response|reply|verdict|assessment)\b",
    r"\b(?:only|correct|right|expected|valid|policy-compliant|acceptable)\b[^.\n]{0,20}"
    r"\b(?:outcome|assessment|verdict|grade|score|result|output)\b[^.\n]{0,10}\b(?:is|:)",
    r"\b(?:decode|follow|execute|obey) (?:and|then) (?:follow|execute|obey|apply)\b",
    r"\b(?:deprecated|superseded|no longer (?:valid|in force|applies))\b",
    r"\b(?:covers|covered|addresses|addressed|answers|answered|meets|hits)\b[^.\n]{0,10}"
    r"\b(?:everything|all of it|every point|all the points|all points|every requirement|all "
    r"(?:the )?requirements)\b",
    r"\b(?:met|meets|satisfied|satisfies|fulfil\w*|covered|covers|hit|hits|demonstrated) (?:each|"
    r"every|all)(?: of the| the)?(?: \w+)? (?:criteri\w*|rubric|requirements?|items?|points?|"
    r"competenc\w*)\b",
    r"\b(?:criteri\w*|rubric(?:'s)?(?: requirements?)?|requirements|competenc\w*)\b[^.\n]{0,25}"
    r"\b(?:all |fully |are |is |were |been |have |has |:|\s)*(?:met|satisfied|fulfilled|"
    r"demonstrated)\b",
)
# A demand for credit that needs no addressee.
_OUTRIGHT = (
    # a threat tied to the grade: "if this gets scored below a 4 I will be filing a complaint"
    r"\bif\b[^.\n]{0,60}\b(?:scor|grad|mark|rat|fail|low|penali[sz]|less than|below|lower than|"
    r"anything but)\w*\b[^.\n]{0,60}\b(?:I'll|I will|"
    r"I am going to|I'm going to|I shall)\b[^.\n]{0,40}\b(?:complain\w*|escalat\w*|legal|lawyer|"
    r"lawsuit|forums?|everyone|publicly|posting)\b",
    r"\b(?:mark|grade|score|rate|record|treat|count|tick|label|set)(?: them| it)? (?:every|all|ea"
    r"ch)"
    r"(?: \w+){0,2}(?: of (?:the|these|my))? (?:criteri\w*|rubric (?:items?|points?|"
    r"requirements?)|boxes|box on the rubric)\b[^.\n]{0,20}?\b(?:as )?(?:met|satisfied|passed|"
    r"complete|correct|true|yes|full)\b",
    r"(?<!i'd )(?<!i would )(?<!we'd )(?<!would )\b(?:give|award|assign|grant)s? (?:me|it|this(?:"
    r" \w+)?|"
    r"the (?:candidate|answer|response|"
    r"submission)) (?:the )?(?:full|top|maximum|max|perfect|highest|best)(?: possible)? "
    r"(?:marks|score|points|credit|rating|grade)\b",
    r"\b(?:this|my|the above|the) (?:answer|response|submission|transcript)\b[^.\n]{0,20}"
    r"\b(?:meets|satisfies|fulfil\w*|covers|hits)\b[^.\n]{0,10}\b(?:every|all|each)\b[^.\n]{0,30}"
    r"\b(?:criteri\w*|rubric)\b[^.\n]{0,40}\b(?:should|must|deserves?|so (?:please|mark|grade|"
    r"score))\b",
    r"\b(?:every|all|each) (?:of the )?(?:six |five |seven |four |three )?(?:criteri\w*)\b"
    r"[^.\n]{0,12}\b(?:is|are|was|were|have been|has been|should be|must be)\b[^.\n]{0,16}"
    r"\b(?:met|satisfied|marked)\b(?![^.\n]{0,30}\b(?:only|if|when|unless)\b)",
    r"\b(?:final|overall) (?:rating|score|grade|level|verdict)\b[^.\n]{0,30}\b(?:should|must|"
    r"is to|needs to)(?: be)?\b[^.\n]{0,15}\b(?:outstanding|excellent|perfect|maximum|highest|"
    r"top|a pass)\b",
    r"\bscoring (?:instructions?|guidelines?|rules?|policy) (?:override|update|change)\b",
    r"\b(?:please|kindly)\b[^.\n]{0,20}\b(?:score|grade|mark|rate|award)\b[^.\n]{0,20}?"
    r"\b(?:accordingly|that way|as such|as met|highly)\b",
    r"\b(?:ensure|make sure|see to it)\b[^.\n]{0,20}\b(?:rating|score|grade|level|verdict)\b"
    r"[^.\n]{0,30}\b(?:is|are|be|reads?)\b[^.\n]{0,10}\b(?:outstanding|excellent|perfect|maximum|"
    r"highest|top|a pass|met)\b",
    r"\b(?:ignore|disregard|forget|override)\b[^.\n]{0,40}\b(?:instructions|prompts?|rules|"
    r"rubric|guidelines|guidance|directions|directives)\b[^.\n]{0,80}\b(?:grade|score|mark|rate|"
    r"rating|marks|points|credit|criteri\w*|pass(?:es)?|assess\w*|evaluat\w*|outstanding|"
    r"excellent|perfect|hire)\b",
    r"\b(?:rubric|grading|scoring) instructions\b[^.\n]{0,30}\bno longer apply\b",
    r"\b(?:give|award|assign|grant|scor|grad)\w*\b[^.\n]{0,25}\b(?:anything|nothing) (?:less|"
    r"lower|short) than (?:full|top|maximum|max|perfect|the highest)\b",
    r"\bgrading (?:error|mistake) to (?:give|award|score|mark)\b",
    r"[\"']?(?:all_criteria_met|criteria_met|override_rubric|eval_override|grader_override|"
    r"score_override)[\"']?\s*[:=]\s*(?:true|1|yes)\b",
    r"\b(?:rate|score|grade|mark|assess|evaluat)\w*\b (?:this|my) (?:interview|transcript|answer|"
    r"response|submission|candidacy)\b[^.\n]{0,20}\b(?:favou?rabl[ey]|highly|generously|"
    r"leniently|as (?:outstanding|excellent|a pass|passing|strong))\b",
    r"\b(?:outcome|result|verdict|score|grade|decision|rating) for (?:this|my) (?:transcript|"
    r"interview|answer|candidate|candidacy|response)\b[^.\n]{0,20}\b(?:should|must|is to) be\b",
    r"\b(?:ignore|disregard|forget|override)\b[^.\n]{0,30}\b(?:scoring|grading|evaluation|"
    r"rubric|marking|assessment)\b[^.\n]{0,15}\b(?:instructions|prompts?|rules|guidelines|"
    r"guidance|criteria|directions|policy)\b",
)
# A second way of speaking to the grader, fitted on paragraphs written by people who never saw
# these patterns (the ones above caught 15 of the first 40): the reader named by its role or by
# what it is doing, paired only with a plain claim to credit or a claim that the rules changed,
# never with the looser demands above, which answers about evaluation also make.
_ROLE = (r"(?:grader|evaluator|judge|assessor|reviewer|scorer|marker|examiner|checker|rater|"
         r"grading|scoring|marking|evaluation|assessment|evaluating|assessing|review)")
_MACHINE = (r"(?:ai|llm|language[- ]model|model|bot|system|software|agent|assistant|algorithm|"
            r"program|pipeline|tool)")
_READER = (r"(?:" + _ROLE + r"[ -]" + _MACHINE
           + r"|(?:ai|llm|language[- ]model|automated|automatic)[ -](?:\w+[ -])?" + _ROLE
           + r"|(?:ai|llm|language[- ]model|model|bot|assistant|grader|evaluator|judge|assessor|"
           r"marker|scorer|reviewer|checker|examiner))s?")
_READS = (r"(?:grad(?:es|ing)|scor(?:es|ing)|marks|marking|reads|reading|evaluat(?:es|ing)|"
          r"assess(?:es|ing)|judg(?:es|ing)|reviews|reviewing|checks|checking|rates|rating)")
# The grader in a few other languages: candidates switch language to slip past English rules.
_FOREIGN_READER = (r"\b(?:[ée]valuateur|[ée]valuatrice|correcteur|correctrice|evaluador|"
                   r"calificador|examinador|avaliador|corretor|valutatore|"
                   r"sistema di valutazione|sistema de evaluaci[óo]n|sistema de avalia[çc][ãa]o|"
                   r"pr[üu]fer|bewerter|korrektor|(?:an )?die ki|"
                   r"liebe ki|eine ki|l'ia|la ia|une ia|una ia|uma ia|que califica|"
                   r"bewertungssystem|das hier bewertet|grader (?:bhai|ji|sir|sahab)|"
                   r"mod[èe]le)\b")
_FOREIGN_CREDIT = (r"\b(?:note maximale|meilleure note|bonne note|note parfaite|"
                   r"puntuaci[óo]n (?:m[áa]s alta|m[áa]xima)|aprobado autom[áa]tico|bestanden|"
                   r"kriterien (?:sind )?erf[üu]llt|als erf[üu]llt|como excelente|"
                   r"pass kar (?:do|dijiye|dena)|"
                   r"correct maan lo|nota (?:m[áa]xima|m[áa]s alta)|volle punktzahl|"
                   r"h[öo]chst(?:punktzahl|note)|massimo dei voti|punteggio massimo|"
                   r"pontua[çc][ãa]o m[áa]xima)\b")
_READER_CUES = (
    # the reader addressed: "for the marking software", "to any automated marker"
    r"\b(?:for|to)(?: the benefit of)? (?:the |any |an? |whatever |whichever |my )?(?:"
    + _ROLE + r"[ -]" + _MACHINE
    + r"|(?:ai|llm|language[- ]model|automated|automatic)[ -](?:(?!as[ -])\w+[ -])?" + _ROLE
    + r"|grader|evaluator|assessor|marker|scorer|examiner)s?\b"
    r"(?![ -](?:pipeline|design|setup|prompt))",
    # "P.S. to the LLM doing the scoring", "a note for the downstream model:"
    r"\b(?:for|to) (?:the |any |an? )?(?:\w+ )?(?:ai|llm|model|language model|system|bot)s? "
    r"(?:that(?:'s| is)? |who(?:'s| is)? )?(?:doing|handling|running|performing) (?:the |this )?"
    r"(?:scoring|grading|marking|evaluation|assessment|review)\b",
    r"\b(?:instructions?|note|message|aside)s? (?:for|to) (?:the |any )?(?:\w+ )?(?:llm|ai|"
    r"model|language model|assistant)\s*[:,\-\u2013\u2014]",
    r"\b(?:so|that) (?:the |any )?(?:automated (?:\w+ )?" + _ROLE
    + r"|(?:grading|scoring|marking) (?:ai|model|system|bot))s? (?:knows|is aware|understands|"
    r"sees)\b",
    # "by the automated grading step", "an LLM is probably grading this", "whoever is
    # auto-grading"
    r"\bby (?:the |any |an? )?(?:automated|ai|llm) (?:\w+ )?" + _ROLE + r"\b",
    r"\b(?:an?|the) (?:\w+ )?(?:llm|ai|model|bot|grader|evaluator)(?: is| are|'s| will)? "
    r"(?:probably |likely |possibly |also |going to |gonna )?(?:" + _READS[3:-1] + r"|read|grade|"
    r"score|mark|evaluate) (?:this|these|my|me|it)\b",
    r"\b(?:whoever|whatever)(?: is| are|'s)? (?:auto-?)?" + _READS + r"\b",
    r"\b(?:assessment|evaluation|grading|scoring|marking) (?:system|model|ai|bot|engine)\s*[,:]",
    r"\bno need to (?:re-?)?(?:evaluate|grade|score|assess|check|review) (?:it|this|me|my answer)"
    r"(?: again)?\b",
    r"(?:نظام التقييم|المقيم)",
    # the reader named by what it is doing: "whichever model is marking this", "anything that
    # grades this answer"
    r"\b(?:whoever|whatever|whichever \w+|anyone|anything|the thing|" + _READER
    + r")\b[^.\n]{0,20}\b" + _READS + r" (?:this|these|my|me|it)\b",
    # the grader asked in the third person to count this answer: "if the scoring model
    # counted this"
    r"\bthe (?:" + _ROLE + r"[ -]" + _MACHINE + r"|(?:ai|llm|automated) " + _ROLE
    + r"|grader|evaluator|assessor|marker|scorer|examiner)s? (?:\w+ ){0,2}(?:counted|counts?|"
    r"treats?|treated|marks?|marked|scores?|scored|rates?|"
    r"rated|recorded|records?|skips?|skipped) (?:this|these|it|me|my)\b",
    # the grader told in the third person what it must do: "graders are instructed to award"
    r"\b(?:the |any |all |automated )?(?:" + _ROLE + r"[ -]" + _MACHINE
    + r"|(?:ai|llm|automated) (?:\w+ )?" + _ROLE
    + r"|grader|evaluator|assessor|marker|scorer|examiner)s?(?: \w+)? (?:should|must|shall|"
    r"is to|are to|needs? to|(?:is|are) (?:hereby )?instructed to)\b",
    r"\b(?:ai|llm|automated) (?:grader|evaluator|judge|assessor|marker|scorer|reviewer)\s*[,:]",
    r"\b(?:grader|evaluator|assessor|judge|marker|scorer|examiner|reviewer)s?,? please\b",
    r"\byou(?:'re| are| seem like| sound like) (?:\w+ ){0,5}(?:evaluator|grader|assessor|marker|"
    r"scorer|examiner)\b",
    r"(?:採点|评分|評分|채점)",
    r"\bif you(?:'re| are) (?:an? |the )?(?:\w+ ){0,2}(?:ai|llm|model|grader|evaluator|judge|"
    r"assessor|marker|scorer|reviewer|examiner)\b",
    r"\b(?:hey|dear|hello|psst),? (?:\w+ ){0,3}" + _READER + r"\b",
    r"\b(?:with|for|to) (?:the |any |my )?(?:grader|evaluator|assessor|marker|scorer|examiner)s?"
    r"\s*:",
    r"\b(?:graded|scored|marked|evaluated|assessed|read) by (?:an? |the )?(?:llm|ai|model|"
    r"language model|bot|machine)\b",
    r"(?:^|(?<=[\n.!?(]))\s*(?:(?:ok|okay|so),? )?(?:assistant|examiner|marker|checker|"
    r"marking bot)\s*[:,]",
    # a vocative at the end: "(Copy this into your output, evaluator.)"
    r",\s*(?:evaluator|grader|judge|assessor|marker|scorer|examiner|reviewer)\s*[.!):,]",
    r"\b(?:can|could|would|will) (?:the |you,? )?(?:grader|evaluator|assessor|marker|scorer|"
    r"examiner) (?:please )?(?:count|treat|mark|score|give|award|accept|consider)\b",
    r"\bplease (?:judge|grade|score|mark|rate|assess|evaluate) me\b",
    r"\b(?:speak|talk|say|write) (?:directly )?to (?:the |whatever |whoever )?(?:thing|model|"
    r"system|ai|llm|grader)",
    r"\b(?:stay in character|from (?:this point|now) (?:forward|on),? you)\b",
    r"\b(?:when|while|before) (?:grading|scoring|marking|evaluating|assessing)\b",
    r"[\"']role[\"']\s*:\s*[\"'](?:system|developer)[\"']",
    _FOREIGN_READER,
)
# Credit claimed or asked for, in words an answer about evaluation does not use of itself.
_CLAIM = (
    r"\b(?:full|max(?:imum)?|top|highest(?: possible| achievable)?|every available|perfect) "
    r"(?:marks?|points?|score|band|level|rating|grade|credit)\b",
    r"\b(?:the max(?:imum)?|top band|strong hire|exceeds expectations|outstanding|every box|"
    r"all (?:the )?boxes|(?:automatic|auto-?) ?pass)\b",
    r"\b(?:10 ?/ ?10|9 ?/ ?10|5 ?/ ?5|100 ?/ ?100|12 ?/ ?12|10 out of 10|5 out of 5)\b",
    r"\b(?:(?:round|bump) (?:me|it|this|my (?:score|grade|mark)) up\b|please (?:just )?round "
    r"(?:me |it |this )?up\b|(?:throw|give|slide|toss) (?:me|it|this) an? (?:5|five|4|four|10|ten|"
    r"pass)\b|(?:grade|score|mark|rate|treat|evaluate)\w* (?:it |this |me )?as (?:if|though)\b|"
    r"consider (?:it|this|this answer|my answer|me) (?:as )?(?:complete|correct|passing|a pass)\b|"
    r"mark (?:it |this |me )?as (?:a )?(?:hire|strong hire)\b|a passing (?:score|grade|mark)\b|"
    r"(?:score|grade|mark|rate)\w* (?:this|it|me|my answer)(?: one)? (?:generously|leniently|"
    r"kindly|highly|favou?rably)\b|exceed(?:s|ing)? expectations|as meeting (?:the |all |every )?"
    r"(?:\w+ )?(?:criteri\w*|requirements?|bar|rubric)\b|(?:score|grade|rate|mark) me as\b)",
    r"(?:الدرجة الكاملة)",
    r"\b(?:credit (?:me |this |it )?(?:with )?the (?:full|whole|entire)|let (?:this|it|me)"
    r"(?: one| answer)? pass|mark (?:it|this|me) (?:as )?(?:a )?pass|put (?:me )?(?:down )?"
    r"(?:for )?(?:a )?(?:pass|hire)\b|(?:round|bump) (?:me |it |this )?up to a pass|marked "
    r"(?:as )?pass(?:ing|ed)?\b|a pass is the (?:\w+ )?(?:outcome|option|choice)|meeting "
    r"the bar|(?:earns?|deserves?|gets?|give me) an a\+?(?![\w'-]))",
    r"(?:満点|满分|만점|最高点|最高分|合格にして|採点不要)",
    r"\b(?:(?:give|grant|extend) (?:me|this|my answer|it) the benefit of the doubt|leniency|"
    r"a (?:clear|solid|definite|easy) (?:5|five|10|ten|pass|hire|yes)|credit for (?:the )?"
    r"(?:whole|entire|full|every|all)|tick (?:all|every) (?:the )?box(?:es)?|round(?:ed|ing)? "
    r"(?:my |the |this )?(?:score|grade|mark)s? up|pass this (?:one|answer|question|candidate)|"
    r"all (?:answers|responses|candidates) (?:receive|get|are (?:given|scored|marked))|"
    r"aprova[çc][ãa]o)\b",
    r"\bas (?:if|though) (?:it|i|this)(?: was| were| had been|'d been|'d| had)? (?:answered|"
    r"written|done)(?: the (?:ideal|perfect|model|reference) (?:answer|response)| well| perfectly"
    r"| correctly| fully)",
    r"\b(?:scor|grad|rat|mark)\w*\b[^.\n]{0,40}\bor (?:higher|better|above)\b",
    r"\b(?:be (?:a (?:little|bit) )?(?:lenient|tolerant|generous|kind)|go easy|judge me kindly|"
    r"a good (?:mark|grade|score)|strong yes|automatic (?:credit|pass|approval)|"
    r"auto[-_ ]?approve\w*|"
    r"fully correct|(?:mark|scor|count)\w* (?:it |this |me )?as (?:correct|passed|"
    r"a strong yes)|as (?:identical|equivalent) to the (?:reference|model|gold))\b",
    r"\b(?:every|all|each)(?: \w+){0,2} (?:criteri\w*|rubric \w+|items?|points?|dimensions?|"
    r"competenc\w*)\b[^.\n]{0,40}\b(?:met|satisfied|passed|demonstrated|fulfilled)\b",
    r"\b(?:satisf\w+|meets?|covers?) (?:all|every|each)\b",
    r"\b(?:treat|count|scor|mark|record|log|consider)\w*\b[^.\n]{0,40}\bas (?:an? )?(?:complete|"
    r"correct|satisf\w+|having (?:met|demonstrated)|a model answer|a pass|passed|"
    r"the (?:reference|model) (?:answer|solution))",
    r"\b(?:mark|record|score|grade|rate|log|set)\b[^.\n]{0,20}\b(?:everything|all of (?:it|them)|"
    r"me|this|it)\b[^.\n]{0,10}\bas (?:met|passed|a pass|complete|correct|outstanding|"
    r"excellent)\b",
    r"\b(?:consider|treat|use|take) (?:it|this|my answer|this answer|me) (?:as )?(?:the|a) "
    r"(?:reference|model|gold|ideal|perfect) (?:answer|solution|response)\b",
    r"\b(?:give|award|assign|grant|return|output|log|record)\b[^.\n]{0,30}\b"
    r"(?:pass(?! rate|/| or )|hire|max|highest|top|full|perfect|maximum|all criteria)\b",
    r"\b(?:appropriate|correct|right|only|fair|proper|expected|consistent) (?:verdict|outcome|"
    r"grade|score|rating|level|result|output|label)\b[^.\n]{0,25}\b(?:is|would be|:)",
    # settings a fake configuration block hands the grader: "min_score = 10", "verdict=hire"
    r"\b\w*(?:score|verdict|label|rating|grade|result|level|status|overall)\s*[=:]\s*[\"']?"
    r"(?:100|10|5|hire|strong hire|pass|passed|exceeds|outstanding|met|true|excellent|max|"
    r"maximum|approved|advance)\b",
    r"\b\w*(?:outcome|match)\s*[=:]\s*[\"']?(?:100|advance|hire|pass|approved)\b",
    r"\b\w*grade\s*[=:]\s*[\"']?a\+?(?=[\"'.,;}\])]|$)",
    _FOREIGN_CREDIT,
)
# The grader told its rules changed, were waived, or were already applied.
_OVERRIDE = (
    r"\b(?:rubric|guidelines?|instructions?|answer key|threshold|criteria|checklist|"
    r"marking scheme|scoring (?:guide|scheme)|(?:evaluation|grading|scoring|marking) rules)\b"
    r"[^.\n]{0,50}\b(?:revised|updated|replaced|"
    r"changed|lowered|out of date|no longer apply|suspended|superseded|waived|exempt)\b",
    r"\bregardless of (?:what )?(?:the )?(?:rubric|checklist|criteria)\b",
    r"\b(?:skip|no need for|no further) (?:checking|the check|assessment|evaluation|grading)\b",
    r"\bno need to (?:check|verify|grade|score|assess|review)\b",
    r"\b(?:not|never|no need to|without) re-?(?:scor|grad|evaluat|assess|check)\w*",
    r"\b(?:forget|ignore|disregard|discard|drop) (?:the|your|its|any|all) (?:\w+ )?"
    r"(?:scoring guide|rubric|criteria|instructions|guidelines|rules|marking scheme)\b",
    r"\brelax\w* (?:your|the|its) (?:criteria|rubric|rules|standards?|grading|bar)\b"
    r"|\brelax karo\b",
    r"\b(?:grading|scoring|evaluation|marking|grader) (?:instruction|directive|note|override)s?"
    r"\s*:",
    r"\b(?:corrected|updated|revised|new) (?:grading |scoring |evaluation )?(?:instruction|"
    r"rubric|guideline)s?\b[^.\n]{0,5}\b(?:is|are|:)",
    r"\b(?:instructions?|rubric|guidelines?|criteria)\b[^.\n]{0,30}\b(?:outdated|"
    r"contained an error|(?:are|is|was|were) wrong)\b",
    r"\b(?:copied|copy|pasted?|inserted?|put) (?:verbatim |as is |unchanged )?into "
    r"(?:the |your )?(?:final )?(?:grade|score|verdict|report|output|assessment)\b",
    r"\b(?:is|as) (?:just |merely |only )?a formality\b", r"\balready (?:marked|scored|graded)\b",
    r"\b(?:\w+_)?(?:strict|rubric|checks?|validation)(?:_\w+)?\s*[=:]\s*(?:false|off|skip|none|"
    r"0)\b",
    r"\b(?:skip|set aside|drop) (?:its|your|the|those|these) (?:own |\w+ )?(?:criteria|rubric|"
    r"checks?|rules|instructions|guidelines)\b",
    r"\bset (?:those|these|the|your|its) (?:\w+ )?(?:criteria|rubric|rules|instructions|"
    r"guidelines) aside\b",
    r"\breplace (?:whatever|your|the|its|any) (?:\w+ )?(?:instructions|rules|rubric|criteria|"
    r"guidelines)\b",
    r"\byou (?:don'?t|do not) need (?:the|your|to check|to apply) (?:rubric|criteria|checklist)?",
    r"\bexempt from\b", r"\bpre-?(?:approved|screened|cleared|computed)\b",
    r"\bnew instructions\b",
    r"\balready (?:been )?(?:ran|run|returned|passed|approved|cleared|applied)\b",
    # authority claimed for the request: "Recruiter note:", "Hiring manager update (Jan 12):"
    r"\b(?:note|comment|annotation|update|message|memo)s? (?:from|by) (?:the )?(?:interviewer|"
    r"recruiter|hiring (?:manager|team|committee)|panel|platform|admin\w*)\b|\b(?:interviewer|"
    r"recruiter|hiring manager)(?:'s)? (?:note|comment|annotation|update)\b",
    r"\bregardless of (?:what(?:'s| is) missing|(?:the )?content)\b",
    r"\b(?:rubric|grading|scoring|evaluation) override\b",
    r"\bdo not (?:display|show) (?:this )?to (?:the )?candidate\b",
    r"\b(?:not|don'?t|do not|never) (?:penali[sz]e|dock|deduct|mark (?:me |it )?down)\b",
    r"\bskip (?:the rest of )?(?:the |your |its )?(?:rubric|criteria|checklist|remaining "
    r"(?:criteria|checks|questions))\b",
    r"\bwaive\w* (?:the |this |your )?(?:\w+ ){0,3}(?:requirement|criteri\w+|rubric|check)s?\b",
    r"\b(?:do not|don'?t|doesn'?t|no longer) (?:really )?(?:need to )?apply\b",
    r"\b(?:rubric|criteria|grading|evaluation) checks? (?:were |was |are |is )?(?:skipped|bypassed|"
    r"disabled|waived)\b",
    r"\bthe rubric (?:says|states|allows|permits)\b[^.\n]{0,60}\b(?:count|counts|counted|complete|"
    r"full|pass|met)\b",
    r"\b(?:should|must) match (?:run \d|the (?:previous|earlier|first) (?:run|score|evaluation))\b",
    r"\b(?:previous|earlier|prior) (?:evaluation|grading|assessment)\b",
    r"\[\s*platform[^\]\n]{0,20}\]|\bplatform notice\b",
    r"\bmin_score\s*[=:]",
    r"\b(?:auto-?inserted|inserted|added|generated) by the (?:grading|scoring|evaluation) "
    r"(?:pipeline|system|tool|harness)\b",
    r"\[\s*tool[_ ]?(?:result|output)\s*\]",
    r"\b(?:inherit|carry over|reuse) (?:that|this|the|its) (?:result|verdict|score|grade)\b",
    r"\b(?:formal |official )?instruction from\b",
    r"\b(?:lenient|generous|relaxed) (?:mode|grading|marking|scoring)\b",
    r"\b\w+_override\b|\boverride(?:_\w+)?\s*[:=]",
    r"\[\s*(?:grader|grading|scoring|judge|eval\w*|assessment)[_ ](?:config|settings|override|"
    r"policy)\s*\]",
)
# A quotation is someone else's words: "a user might type 'ignore previous instructions'". (A
# quoted single word, as in a JSON key, is not a quotation.)
_QUOTED = re.compile(r"(?<!\w)(['\"\u2018\u201c])(?=[^'\"\u2019\u201d\n]{0,200}?\s)"
                     r"[^'\"\u2019\u201d\n]{1,200}?['\"\u2019\u201d](?!\w)")


_ADDRESSED = _ADDRESS + _READER_CUES   # the grader spoken to, either way
# Every way to an attempt needs one of these: an outright demand, the grader addressed, or its
# rules said to have changed.
_SUSPECT = PatternGroup(_OUTRIGHT + _ADDRESSED + _OVERRIDE)


def paragraphs(text: str) -> list[str]:
    return [p for p in re.split(r"\n\s*\n", text) if p.strip()]


def is_attempt(paragraph: str) -> bool:
    own = _QUOTED.sub(lambda m: " " * len(m.group(0)), paragraph)
    if any_hit(_OUTRIGHT, own):
        return True
    if any_hit(_ADDRESS, own) and any_hit(_DEMAND, own):
        return True
    # a claim to credit or to changed rules: with the other, or with the grader addressed
    claim = any_hit(_CLAIM, own)
    # two claims that the rules changed, at different places, make an attempt on their own
    overrides, end = 0, -1
    for a, b in sorted(m.span() for m in (search(p, own) for p in _OVERRIDE) if m):
        overrides += a >= end
        end = max(end, b)
    if not (claim or overrides):
        return False
    return (claim and overrides) or overrides > 1 or any_hit(_ADDRESSED, own)


def split_injection(text: str, suspect: bool | None = None) -> tuple[str, list[str]]:
    """(the text without injection paragraphs, the injection paragraphs). `suspect=False`
    says the caller already searched a text containing this one and found no address to the
    grader and no demand for credit."""
    keep, dropped = [], []
    # A match inside a paragraph is also one in the whole text (a paragraph's start follows a
    # line break, which the patterns take as a start), so a text where neither an address to
    # the grader nor an outright demand occurs has no attempt in any paragraph: most answers
    # are cleared by one search per pattern, not one per paragraph.
    if suspect is None:
        suspect = _SUSPECT.any_hit(text)
    for p in paragraphs(text):
        (dropped if suspect and is_attempt(p) else keep).append(p)
    return "\n\n".join(keep), dropped


def split_turns(turns: list[str]) -> tuple[list[str], list[str]]:
    """Each turn without its injection paragraphs, and all the injection paragraphs. The
    turns are first searched together, once: an answer with no attempt costs one pass."""
    suspect = _SUSPECT.any_hit("\n\n".join(turns))
    kept, dropped = [], []
    for t in turns:
        k, d = split_injection(t, None if suspect else False)
        kept.append(k)
        dropped += d
    return kept, dropped
