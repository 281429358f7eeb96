/**
 * The classifier's closed vocabulary. Confirmation is a grammar, not a word count: a clause is a
 * plain yes only when it is one of the phrase shapes below, built from these closed sets, and
 * nothing else. Each set stays small on purpose; a word that is not here makes a message
 * "not a plain yes", which costs one more tap on the Confirm button, never a wrong refund.
 */

function phrases(list: string): string[] {
  return list
    .split(",")
    .map((phrase) => phrase.trim().replace(/\s+/g, " "))
    .filter((phrase) => phrase !== "");
}

/** A regex alternation of the phrases, longest first so "thank you so much" beats "thank you". */
function oneOf(list: string): string {
  const sorted = phrases(list).sort((a, b) => b.length - a.length);
  return `(?:${sorted.join("|")})`;
}

/** Placeholder for the open quote's own (single) item, written in by the classifier. */
export const ITEM = "ITEM";
/** Placeholder for one item of a quote with several: naming it narrows the quote. */
export const PART = "PART";
/** Placeholder for the quote's own net amount, written exactly ("$12.60", "12.60"). */
export const AMOUNT = "AMOUNT";

/** The words that say yes on their own. */
export const YES_WORDS = phrases(`
  yes, yess, yeah, yea, yeh, yep, yup, ya, yah, yse, ok, okay, okey, okie, okk, alright,
  all right, sure, sure thing, absolutely, definitely, certainly, of course, agreed, deal,
  perfect, correct, affirmative, confirmed, accepted, indeed
`);
const YES = oneOf(YES_WORDS.join(","));

/** Courtesy that may surround a yes and never changes it. None of it says yes by itself. */
export const COURTESY = oneOf(`
  please, pls, plz, kindly, then, fine, that's ok, that's okay, that's alright, it's ok,
  it's okay,
  thanks, thank you, thx, ty, cheers, many thanks, thanks a lot, thanks so much,
  thanks very much, thank you so much, thank you very much, much appreciated, appreciate it,
  great, cool, lovely, awesome, excellent, nice, brilliant, super,
  got it, understood, makes sense, that makes sense, that answers it, that answers my question,
  hi, hello, hey, hi there, hello there, hey there, good morning, good afternoon, good evening,
  sorry for the hassle, sorry for the trouble, sorry for the wait,
  have a nice day, have a good day, have a great day, have a lovely day
`);
export const THANKS_FOR = `(?:thanks|thank you|thank you so much|thank you very much|thanks so much|thanks a lot) for (?:the|your) (?:help|quick answer|answer|reply|quick reply|response|quick response|explanation|patience|time)`;

/**
 * What a yes may refer to: the refund on screen, by pronoun, by its items (all of them) or by its
 * exact amount.
 */
const NAMED = `(?:${ITEM}|${AMOUNT})`;
export const OBJECT = `(?:it|this|that|them|(?:the|my|this|that) (?:refund|return|quote)|${NAMED}|(?:the|my|this|that|a) refund (?:for|of) ${NAMED}|${NAMED} refund)`;
const ACT = `(?:go ahead(?: with ${OBJECT})?|proceed(?: with ${OBJECT})?|go for it|do it|do that|do so|confirm(?: ${OBJECT})?|accept(?: ${OBJECT}| the offer)?|process ${OBJECT}|refund ${OBJECT}|issue (?:the|my) refund)`;
const GOOD = `(?:fine|good|great|right|correct|perfect)`;

/** Phrase shapes that say yes to the quote on screen. */
const AFFIRMING_CORES = [
  `(?:just )?${ACT}(?: (?:now|already))?`,
  `(?:i|we) (?:confirm|accept|agree)(?: ${OBJECT}| to ${OBJECT}| with ${OBJECT}| the offer)?`,
  `(?:i'd|i would|we'd|we would) like to ${ACT}`,
  `(?:i|we) (?:want|wish) to ${ACT}`,
  `(?:you can|you may|feel free to) ${ACT}`,
  `(?:let's|lets|let us) (?:do it|do that|do this|go ahead|proceed|go for it)(?: with ${OBJECT})?`,
  `please do`,
  `(?:that's|thats|that is|sounds|looks|that looks|that sounds|this looks|seems|that seems) ${GOOD}(?: (?:to|by|for|with) me)?`,
  `(?:sounds|looks|that looks|that sounds|this looks|seems|that seems) (?:ok|okay|alright)(?: (?:to|by|for|with) me)?`,
  `that works(?: for me)?`,
  `works for me`,
  `(?:fine|ok|okay|good|happy) (?:by|with) (?:me|that|this|it)`,
  `(?:i'm|im|i am|we're|we are) (?:happy|fine|ok|okay|good) with (?:that|this|it|${OBJECT})`,
  `(?:i'm|im|i am) happy to ${ACT}`,
  // "yes for the socks", "ok to $12.60": only after a yes-word, never on its own.
  `${YES}(?: ${COURTESY})? (?:for|to) ${OBJECT}`,
  // "$12.60 is fine": the amount only; "the socks are fine" says nothing about a refund.
  `${AMOUNT} (?:is|sounds|looks|seems) (?:${GOOD}|ok|okay|alright)(?: (?:to|by|for|with) me)?`,
  `${AMOUNT} works(?: for me)?`,
];
/** Phrase shapes that only mean "carry on" after a pause. */
const RESUMING_CORES = [
  `(?:let's |lets |let us )?(?:continue|carry on|resume|keep going)(?: with ${OBJECT})?`,
  `(?:back to|return to|on with) ${OBJECT}`,
];

function clauseGrammar(cores: readonly string[]): RegExp {
  const word = `(?:${YES}|${COURTESY}|${THANKS_FOR}|${NAMED})`;
  return new RegExp(`^(?:${word} )*(?:${[...cores, word].join("|")})(?: ${word})*$`);
}

/** A clause made only of yes-words, courtesy and the phrase shapes above. */
export const CONFIRM_CLAUSE = clauseGrammar(AFFIRMING_CORES);
export const RESUME_CLAUSE = clauseGrammar([...AFFIRMING_CORES, ...RESUMING_CORES]);
/** Inside a valid clause: does it actually say yes (or carry on), not just "thanks"? */
export const AFFIRMING = new RegExp(`(?:^| )(?:${YES}|${AFFIRMING_CORES.join("|")})(?: |$)`);
export const RESUMING = new RegExp(`(?:^| )(?:${RESUMING_CORES.join("|")})(?: |$)`);

/** Emoji that may accompany a yes. Any other emoji or symbol means "not a plain yes". */
export const POSITIVE_EMOJI: ReadonlySet<string> = new Set([
  "👍",
  "✅",
  "✔",
  "☑",
  "🙂",
  "😊",
  "☺",
  "👌",
  "🙏",
]);
/** Emoji that refuse. */
export const NEGATIVE_EMOJI: ReadonlySet<string> = new Set(["👎", "❌", "✖", "✗", "✘", "🙅"]);
/** Question marks of Latin, fullwidth, Arabic, Greek (";" after NFKC), Armenian, Ethiopic… */
export const QUESTION_MARKS: ReadonlySet<string> = new Set([
  "?",
  "¿",
  "？",
  "؟",
  ";",
  "‽",
  "⸮",
  "⁇",
  "⁈",
  "⁉",
  "﹖",
  "՞",
  "፧",
  "꘏",
  "⳺",
  "⳻",
  "᥅",
  "܀",
  "߹",
]);
/** Marks that only separate clauses. */
export const PLAIN_SEPARATORS: ReadonlySet<string> = new Set([
  ",",
  ".",
  "!",
  "¡",
  "\n",
  "-",
  "–",
  "—",
  "、",
  "。",
  "！",
  "，",
]);

/** Withdrawing a refund the customer already confirmed, each a whole clause. */
const CANCEL_TARGET = `(?:(?:the|my|that|this) (?:refund|refund request|request|return)|${ITEM} refund|(?:the|my|that|this) refund (?:for|of) ${ITEM})`;
/** Only "cancel" is explicit enough to take a pronoun: "stop it" may not mean the refund. */
const CANCEL_VERB = `(?:cancel (?:it|that|this)|(?:cancel|stop|withdraw|call off) ${CANCEL_TARGET})`;
const CANCEL_CORES = [
  `(?:please )?${CANCEL_VERB}(?: please)?`,
  `(?:please )?(?:can|could|would) you (?:please )?${CANCEL_VERB}(?: please)?`,
  `i (?:want|would like|'d like|need|wish) to (?:cancel|stop|withdraw) ${CANCEL_TARGET}`,
  `i'd like to (?:cancel|stop|withdraw) ${CANCEL_TARGET}`,
  `(?:please )?(?:don't|dont|do not) (?:process|issue|send|pay|go ahead with|proceed with) ${CANCEL_TARGET}(?: please)?`,
  `i (?:don't|dont|do not|no longer) want ${CANCEL_TARGET}(?: anymore| any more)?`,
];
export const CANCEL_CLAUSE = new RegExp(
  `^(?:actually |sorry |hi |hello )?(?:${CANCEL_CORES.join("|")})$`,
);
/** Clauses that may sit beside a refusal or a cancel without changing it. */
export const COURTESY_CLAUSE = new RegExp(`^(?:${COURTESY}|${THANKS_FOR})(?: ${COURTESY})*$`);

/** Words that say yes strongly enough that a message with them is not a clear refusal. */
/** A clause that negates what it says: "not happy with that", "I won't confirm". */
export const NEGATED =
  /(?:^| )(?:not|no|never|don't|dont|do not|won't|wont|isn't|doesn't|can't|cannot|wouldn't)(?: |$)/;
/** Acknowledgements that may soften a refusal: "that's ok, I'll keep them". */
export const WEAK_ACK =
  /^(?:ok|okay|alright|fine|ok then|that's ok|that's okay|that's fine|it's ok|it's okay|it's fine)$/;
export const STRONG_YES =
  /(?:^| )(?:yes|yess|yeah|yea|yep|yup|sure|go ahead|proceed|confirm|confirmed|do it|accept|agree|agreed|please do|absolutely|definitely|of course|affirmative)(?: |$)/;

/** Conditions, exceptions and hedges: the yes (or no) depends on something else. */
export const CONDITION =
  /(?:^| )(?:if|unless|but|as long as|so long as|provided|providing|only|except|excluding|though|although|assuming|once|until|on condition|on the condition|as if|maybe|perhaps|probably|possibly|i guess|i think|i suppose|not sure|unsure|whatever|kind of|sort of|idk|dunno|hmm|hm|um|umm)(?: |$)/;

/** Sarcasm and irony markers that turn a yes around. */
export const SARCASM =
  /(?:^| )(?:yeah right|as if|oh sure|oh great|oh yes|totally|lol|lmao|rofl|s|sure sure|yeah yeah)(?: |$)|\/s\b/;

/** English question shapes that need no question mark. */
export const QUESTION_WORD_ANYWHERE =
  /(?:^| )(?:what|what's|whats|why|how|how's|hows|which|who|who's|whose|whom|wonder|wondering|curious)(?: |$)/;
export const QUESTION_START =
  /^(?:(?:yes|yeah|ok|okay|sure|fine|alright|and|but|so|also|well|oh|hmm|um|hi|hello|hey|then|first|wait|actually|sorry|thanks) )*(?:when|where|when's|where's|(?:is|are|am|was|were|isn't|aren't|wasn't|does|did|doesn't|didn't) (?:\S+)|(?:has|have|hasn't|haven't) (?:i|you|we|they|it|that|this|there|the|my|he|she)|(?:do|don't) (?:i|you|we|they)|(?:can|could|would|will|should|shall|may|might|must|can't|won't|wouldn't|shouldn't) (?:i|you|we|they|it|that|this|there|the|my|he|she))(?: |$)/;
/** Asking for information or for time before deciding. */
export const INFO_OR_HOLD =
  /(?:^| )(?:tell me|explain|let me know|clarify|question|quick question|i'd like to know|want to know|need to know|more about|more info|details|wait|hold on|hold off|hang on|one sec|one second|one moment|one minute|a sec|a second|a moment|a minute|give me a (?:sec|second|minute|moment)|let me think|let me check|let me look|let me see|let me ask|let me talk|need to think|need to check|need to ask|need to talk|think about it|not yet|not now|later|pause|before i|but first)(?: |$)/;
/** A polite request phrased as a question ("could you go ahead?"): a request, not a yes. */
export const REQUEST_AS_QUESTION =
  /^(?:please )?(?:can|could|would|will) you (?:please )?(?:go ahead|proceed|process|refund|do it|confirm)/;

/** Phrases that switch the request to something else. */
export const SWITCH = new RegExp(
  `(?:^| )(?:instead|rather|switch|swap|change (?:it |that |this |the refund )?to|scratch that|forget (?:about )?(?:the|my|this|that|${ITEM}|${PART})|never ?mind (?:the|my|this|that|${ITEM}|${PART})|i meant|i mean|not (?:the|my|this|that|${ITEM}|${PART}))(?: |$)`,
);
export const NEGATED_SWITCH =
  /(?:^| )(?:don't|dont|do not|never|won't|wouldn't|doesn't|no longer) (?:\S+ )?(?:switch|swap|change|want|mean)(?: |$)/;
/** Words after which a thing is being dropped, not asked for: "not the socks". */
export const DROPPING: ReadonlySet<string> = new Set(
  phrases("not, forget, about, mind, than, except"),
);
/** Words that introduce a thing: "the earbuds", "my other order". */
export const DETERMINERS: ReadonlySet<string> = new Set(
  phrases("the, my, a, an, those, these, that, this, your, our"),
);
/** Words after a determiner that are not an item or an order: amounts, money, payment. */
export const NOT_A_THING: ReadonlySet<string> = new Set(
  phrases(`
    refund, refunds, money, quote, fee, fees, shipping, policy, card, visa, amex, mastercard,
    paypal, account, bank, credit, payment, method, price, amount, total, return, label,
    address, thing, things, time, day, week, month, option, way, idea, request, one, same,
    full, whole, entire, partial, new, bigger, smaller, rest, lot, mind, answer, question,
    email, receipt, reason, store, shop, order, item, product, purchase, it, them, other,
    another, different, first, last, next, exchange, replacement, size, colour, color, voucher,
    coupon, discount, bit, moment, sec, second, minute, hassle, trouble, wait, help
  `),
);
/** Words after a determiner that cannot start the name of a thing. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  phrases(`
    is, was, are, were, be, been, i, you, we, they, he, she, and, or, but, to, for, of, in, on,
    at, with, please, thanks, instead, too, also, again, so, very, really, just
  `),
);
/** "the other order", "a different item": names something else without naming it. */
export const OTHER_THING =
  /(?:^| )(?:other|another|different|second) (?:order|item|one|product|purchase|thing)s?(?: |$)/;

/** Claims of someone else's say-so, or instructions aimed at the system: never a yes. */
export const AUTHORITY = new RegExp(
  `(?:^| )${oneOf(`
    approve, approved, approves, approval, approving, authorize, authorise, authorized,
    authorised, authorization, authorisation, manager, supervisor, boss, admin, administrator,
    system, assistant, developer, override, ignore, instruction, instructions, prompt,
    jailbreak, execute, mode, tool, future, preapproved, staff, permission, user,
    already confirmed, said yes, on behalf, colleague
  `)}(?: |$)`,
);

/** Words worth correcting a one-letter slip towards ("plese", "procede", "confrim", "go ahed"). */
export const TYPO_TARGETS: readonly string[] = phrases(`
  ahead, proceed, confirm, please, alright, absolutely, definitely, perfect, correct
`);
/** Words a slip must not be corrected from: real words one letter away from a target. */
export const NOT_TYPOS: ReadonlySet<string> = new Set(phrases("conform, pleased, proceeds"));
