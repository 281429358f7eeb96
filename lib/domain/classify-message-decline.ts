import {
  COURTESY,
  ITEM,
  NEGATED,
  OBJECT,
  PART,
  STRONG_YES,
  WEAK_ACK,
} from "./classify-message-lexicon";
import type { ScannedMessage } from "./classify-message-scan";
import type { ConsentLexicon, DeclineGrammar } from "./consent/lexicon";

/*
 * Declining the quote on screen, as a small closed grammar (English's below; each language's
 * lexicon brings its own, in the same shape) rather than a list of sentences.
 * A declining clause is
 *
 *     opener* (negation* (dismissal | keep-statement) | negation) tail*
 *
 * an opener being hesitation or courtesy ("hmm", "well", "actually", "on second thought"), a
 * negation "no"/"nah", a dismissal "never mind", "forget it", "I changed my mind", and a
 * keep-statement a subject that intends ("I'll", "I'm going to", "I'd rather", "I've decided
 * to"; none before a plain "keep") with a keep verb whose object is the whole quote: its own
 * items (all of them), "the item(s)", "both" or a pronoun. Nothing negates the keeping ("I won't keep them", "I can't keep them" are not in the
 * grammar), nothing hedges it ("I'll probably keep them", "maybe I'll keep them") and nothing
 * narrows it ("I'll keep the socks" of a socks-and-jacket quote names PART, which is not an
 * object here).
 *
 * The message's other clauses may be courtesy, an acknowledgement, hesitation or a remark about
 * the items ("they're fine", "that fee is ridiculous"); a clause that asks for anything, says
 * yes, hedges, or names something else makes the message unclear, never a decline.
 */

// "oh" and "ah" only as clauses of their own: "oh no" is an exclamation, not a decline.
const OPENER = `(?:hmm|hm|um|umm|uh|er|erm|well|actually|sorry|so|ok|okay|alright|on second thoughts?|second thoughts|come to think of it|thinking about it|you know what|${COURTESY})`;
// One word each (a "no no" is two), so that a run of them has one reading; see TAIL.
const NEGATION = `(?:no|nope|nah|nay)(?: thanks| thank you)?`;

const DISMISSALS = [
  `(?:no thanks|no thank you|thanks but no thanks|no way|hell no)`,
  `(?:absolutely|definitely|certainly|of course|obviously) not`,
  `(?:not ok|not okay|not interested|not for me|never)`,
  `(?:i'll|ill|i will|i'd rather|i would rather) pass`,
  `(?:i'd |i would )?rather not`,
  `pass`,
  `(?:i )?(?:decline|refuse|reject)(?: ${OBJECT}| the offer)?`,
  `i (?:don't|dont|do not) think so`,
  `i (?:don't|dont|do not) (?:accept|agree)(?: ${OBJECT}| the offer| to ${OBJECT}| with ${OBJECT})?`,
  `i disagree`,
  `i (?:don't|dont|do not|no longer) want (?:${OBJECT}|a refund|any of it|to (?:(?:go ahead|proceed|continue)(?: with ${OBJECT})?|return ${OBJECT}))(?: anymore| any more)?`,
  `(?:please )?(?:don't|dont|do not)(?: (?:do it|do that|go ahead|proceed|bother|refund(?: ${OBJECT})?|process(?: ${OBJECT})?))?`,
  `(?:please )?(?:cancel|stop)(?: ${OBJECT})?`,
  `(?:never mind|nevermind|forget it|forget about it|scratch that|leave it|skip it)`,
  `forget (?:about )?(?:${ITEM}|the refund|the return|the quote)`,
  `(?:i've |i have |i )?changed my mind`,
  `not doing that`,
];

/** Who keeps: a first person who intends to. */
const KEEPER = `(?:i'll|ill|i will|i'm going to|im going to|i am going to|i'm gonna|im gonna|i'd rather|i would rather|i'd prefer to|i would prefer to|i prefer to|i want to|i'd like to|i would like to|i've decided to|i have decided to|i decided to|i'm|im|i am|let me)`;
const KEEP_VERB = `(?:keep|keeping|hold on to|hold onto|holding on to|hang on to|hang onto|hanging on to)`;
/** The whole quote: its own items (all of them, as the classifier marked them), or in general words. */
const KEPT = `(?:it|them|${ITEM}(?: and ${ITEM})*|(?:the|my|this|these) (?:item|items|order|product|products|purchase)|both|them both|both of them|all of them|them all|it all|all of it|everything)`;
// Without a subject only "keep": a bare "hold on to it" may be asking the shop to wait.
const KEEP_STATEMENT = `(?:${KEEPER} (?:just )?${KEEP_VERB}|(?:just )?(?:keep|keeping)) ${KEPT}`;

// Each alternative is one way to read its words ("thanks anyway" is "thanks" then "anyway"): two
// readings of the same words would make a long run of them exponential to backtrack through.
const TAIL_ONLY = `(?:after all|anyway|anyways|instead)`;
const TAIL = `(?:${TAIL_ONLY}|then|actually|please|thanks|thank you)`;

/** One clause that, by itself, declines the quote on screen. */
export const DECLINE_CLAUSE = new RegExp(
  `^(?:${OPENER} )*(?:(?:${NEGATION} )*(?:${[...DISMISSALS, KEEP_STATEMENT].join("|")})|${NEGATION})(?: ${TAIL})*$`,
);

/** A clause of only hesitation and courtesy: "hmm", "well", "ok then". */
const FILLER_WORD = `(?:${OPENER}|${TAIL_ONLY}|oh|ah)`;
const FILLER_CLAUSE = new RegExp(`^${FILLER_WORD}(?: ${FILLER_WORD})*$`);

/**
 * A remark states something about the items, the quote or the customer's situation: it has a
 * subject that is not the customer intending something ("they're fine", "that fee is
 * ridiculous", "I'm happy with them") or it is a bare judgement ("too expensive", "not happy
 * with that"). A remark that talks about keeping, returning or refunding is a second thought
 * about the request itself, not a remark.
 */
const REMARK = new RegExp(
  `^(?:(?:${OPENER}) )*(?:(?:it|it's|its|they|they're|theyre|they've|that|that's|thats|this|these|those|the|my|there|there's|theres|he|she|he's|she's|i'm|im|i am|i've|ive|i have|i was|${ITEM}) |too |way too |not )`,
);
/** Words that turn a remark into a request or a second thought about the refund itself. */
const ABOUT_THE_REQUEST =
  /(?:^| )(?:keep|keeping|kept|refund|refunded|refunding|return|returned|returning|send|sent|exchange|replace|replacement|swap|switch|credit|cancel|want|need|please|instead|rather|you|your)(?: |$)/;

export const ENGLISH_DECLINE: DeclineGrammar = {
  clause: DECLINE_CLAUSE,
  filler: FILLER_CLAUSE,
  remark: REMARK,
  aboutTheRequest: ABOUT_THE_REQUEST,
  weakAck: WEAK_ACK,
  strongYes: STRONG_YES,
  negated: NEGATED,
};

/** Why this clause cannot stand beside a decline, or null when it may. */
function whyNotBesideDecline(clause: string, lexicon: ConsentLexicon): string | null {
  const grammar = lexicon.decline;
  if (
    lexicon.courtesyClause.test(clause) ||
    grammar.weakAck.test(clause) ||
    grammar.filler.test(clause)
  ) {
    return null;
  }
  if (
    !grammar.negated.test(clause) &&
    (grammar.strongYes.test(clause) || lexicon.affirming.test(clause))
  ) {
    return `also says yes: "${clause}"`;
  }
  if (lexicon.condition.test(clause)) return `hedges or sets a condition: "${clause}"`;
  if (lexicon.sarcasm.test(clause)) return `sarcasm marker: "${clause}"`;
  if (lexicon.switchPhrase.test(clause)) return `changes the request: "${clause}"`;
  if (clause.split(" ").includes(PART)) return `names part of the quote: "${clause}"`;
  if (grammar.remark.test(clause) && !grammar.aboutTheRequest.test(clause)) return null;
  return `says more than a decline: "${clause}"`;
}

export type DeclineReading = { says: "no" | "unclear"; reasons: string[] };

/**
 * A message declines when at least one clause is a declining clause and every other clause may
 * stand beside it; null when no clause declines. A decline never moves money, but it closes the
 * quote, so anything else in the message (a request, a yes, a hedge, a number, an emoji that
 * approves) leaves it unclear and the quote stays on screen.
 */
export function readDecline(
  scanned: ScannedMessage,
  clauses: readonly string[],
  lexicon: ConsentLexicon,
): DeclineReading | null {
  const declining = lexicon.decline.clause;
  const declines = clauses.filter((clause) => declining.test(clause));
  if (declines.length === 0) return null;
  const blockers = clauses
    .filter((clause) => !declining.test(clause))
    .map((clause) => whyNotBesideDecline(clause, lexicon))
    .filter((reason) => reason !== null);
  if (scanned.numbers.length > 0) blockers.push("mentions a number");
  if (scanned.otherSymbols.length > 0 || scanned.positiveEmoji > 0) blockers.push("has symbols");
  if (scanned.ellipsis) blockers.push("trails off");
  if (blockers.length > 0) return { says: "unclear", reasons: blockers };
  return { says: "no", reasons: [`declines: "${declines.join(", ")}"`] };
}
