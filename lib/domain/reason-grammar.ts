import { compilePattern, type PhrasePattern } from "./phrase-pattern";
import type { RefundReason } from "./policy-rules";

/*
 * The closed grammar of a statement that an item is our fault. A clause counts only when every one
 * of its words is accounted for: [openers] subject predicate [trailers]. Anything else ("it's not
 * like it's broken", "the box was damaged", "this price is killing me", "I broke it") does not
 * parse, and what does not parse states nothing. The lists below are what a statement may
 * contain, never what it must avoid.
 */

/** Words that may open a clause without changing what it says. */
export const OPENERS = new Set([
  "hi",
  "hello",
  "hey",
  "unfortunately",
  "sadly",
  "so",
  "also",
  "well",
  "actually",
  "ok",
  "okay",
  "oh",
  "and",
  "but",
  "anyway",
  "however",
  "yes",
  "yeah",
  "there",
  "team",
]);

/** Determiners a line's subject may start with ("the mug", "my socks"). */
export const SUBJECT_DETERMINERS = new Set(["the", "my", "our", "this", "that", "these", "those"]);

/** Pronouns that stand for the line named just before. */
export const SUBJECT_PRONOUNS = compilePattern("(it|they|this|these|that|those|this_one|that_one)");

const COPULA =
  "(is|are|was|were|arrived|came|has_arrived|have_arrived|got_here|showed_up|turned_up|was_delivered|were_delivered|has_been|have_been|is_now|are_now)";
const DEGREE =
  "[completely|totally|badly|already|all|really|very|visibly|clearly|severely|slightly|partly|quite|pretty|just]";
const DAMAGE =
  "(cracked|broken|damaged|shattered|smashed|dented|torn|ripped|defective|faulty|scratched|chipped|leaking|crushed|bent|stained|snapped|punctured|busted|malfunctioning|dead|dead_on_arrival|doa|in_pieces)";
const FLAW = "(crack|cracks|dent|dents|hole|holes|tear|tears|chip|chips|scratch|scratches|leak)";
/** What "the wrong …" may name. A size or style may be the customer's own choice, so "the socks
 * are the wrong size" states no fault; "you sent me the wrong size" does. */
const WRONG_THINGS = "item|one|thing|product|model|colour|color|version";
const SENT_WRONG_THINGS = `${WRONG_THINGS}|size|style`;
const DESCRIPTION = "(description|photo|photos|picture|pictures|listing|website|ad)";

/** What may follow the subject for each reason that makes the merchant pay more. */
export const MERCHANT_FAULT_PREDICATES: readonly (readonly [RefundReason, PhrasePattern[]])[] = [
  [
    "damaged",
    [
      `${COPULA} ${DEGREE} ${DAMAGE}`,
      `(has|have|had|arrived_with|came_with) (a|an|some) [big|large|small|huge|deep|visible] ${FLAW} [in_it|on_it|in_them|on_them]`,
      "(does|do|did|will|can) not (work|turn_on|power_on|switch_on|start|charge|function)",
      "(is|are) not working",
      "(stopped|has_stopped|have_stopped) working",
    ].map(compilePattern),
  ],
  [
    "wrong_item",
    [
      `(is|are|was|were) (the|a) wrong [${WRONG_THINGS}]`,
      "(is|are|was|were) not (what|the_one|the_ones) (i|we) ordered",
    ].map(compilePattern),
  ],
  [
    "not_as_described",
    [
      "(is|are|was|were|looks|look) not as (described|pictured|advertised|shown)",
      `(does|do) not (match|look_like) the ${DESCRIPTION}`,
      `(looks|look) nothing like the ${DESCRIPTION}`,
    ].map(compilePattern),
  ],
];

/** "You sent me the wrong …": wrong item with the merchant as the subject; the object follows. */
export const WRONG_ITEM_SENT = [
  "(you|they) (sent|shipped|gave|delivered) [me|us] (the|a) wrong",
  "(i|we) (got|received) (the|a) wrong",
].map(compilePattern);
export const GENERIC_WRONG_OBJECT = compilePattern(`(${SENT_WRONG_THINGS})`);

/** What may follow a line's name inside its subject ("the mug I ordered"). */
export const SUBJECT_MODIFIERS = [
  "[that|which] (i|we) (ordered|bought|got|received|purchased)",
  "(you|they) sent [me|us]",
  "(from|in) (my|the|this) order",
].map(compilePattern);

/** "the mug from order A1043": what may come before the line's own order number. */
export const ORDER_NUMBER_PREFIXES = ["(from|in) [order]", "(from|in) (my|the) order"].map(
  compilePattern,
);

/** What may close a clause without changing what it says. */
export const TRAILERS = [
  "(on_arrival|on_delivery|out_of_the_box|in_the_box|in_transit|in_shipping|in_the_post|in_the_mail)",
  "(please|unfortunately|sadly|again|today|yesterday|already)",
].map(compilePattern);

/**
 * Words of questions, conditions, hypotheses, hedges, comparisons, time clauses, reported speech
 * and jokes. A statement in a sentence where another clause has one of them states no fault (the
 * statement's own clause cannot contain them: it must parse completely).
 */
export const UNCERTAIN_SENTENCE_WORDS = new Set([
  "if",
  "unless",
  "whether",
  "suppose",
  "supposing",
  "imagine",
  "might",
  "may",
  "could",
  "would",
  "should",
  "maybe",
  "perhaps",
  "probably",
  "possibly",
  "likely",
  "think",
  "thought",
  "guess",
  "seem",
  "seems",
  "seemed",
  "hope",
  "afraid",
  "worried",
  "worry",
  "fear",
  "like",
  "as",
  "when",
  "whenever",
  "before",
  "after",
  "because",
  "since",
  "cause",
  "until",
  "once",
  "though",
  "although",
  "almost",
  "nearly",
  "kind",
  "sort",
  "joke",
  "joking",
  "kidding",
  "lol",
  "haha",
  "wish",
  "wonder",
  "say",
  "said",
  "says",
  "which",
  "who",
  "whose",
  "myself",
  "ourselves",
  "accident",
  "accidentally",
  "fault",
  "oops",
  "told",
  "claim",
  "claims",
  "claimed",
  "heard",
  "what",
  "how",
  "why",
]);

/** Words that take back what the message says ("just kidding", "hypothetically"). */
export const RETRACTION_WORDS = new Set([
  "kidding",
  "joking",
  "joke",
  "jk",
  "lol",
  "haha",
  "pretend",
  "pretending",
  "hypothetically",
  "theoretically",
  "imagine",
  "suppose",
  "sarcasm",
  "sarcastic",
  "lied",
  "lying",
  "mistaken",
  "exaggerating",
  "exaggerated",
]);

/** Auxiliaries that open a question ("is it broken", "does it work"). */
export const QUESTION_OPENERS = new Set([
  "is",
  "are",
  "was",
  "were",
  "do",
  "does",
  "did",
  "can",
  "will",
  "has",
  "have",
]);

/**
 * Verbs (and the prepositions of a request) that may act on an item without putting its state in
 * doubt ("I ordered it", "a refund for it"). Any other word acting on an item ("I dropped it", "my
 * dog chewed them", "I sat on it") makes a fault claim about it uncertain.
 */
export const HARMLESS_BEFORE_ITEM = new Set([
  "order",
  "ordered",
  "buy",
  "bought",
  "purchased",
  "receive",
  "received",
  "got",
  "get",
  "want",
  "wanted",
  "need",
  "needed",
  "return",
  "returning",
  "refund",
  "exchange",
  "send",
  "sent",
  "ship",
  "shipped",
  "have",
  "has",
  "had",
  "am",
  "is",
  "are",
  "was",
  "were",
  "opened",
  "unboxed",
  "found",
  "noticed",
  "saw",
  "for",
  "about",
  "of",
  "with",
  "back",
  "to",
]);
