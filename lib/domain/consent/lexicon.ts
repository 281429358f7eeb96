import type { Language } from "../languages";

/*
 * One language's consent grammar, as data the one classifier engine reads
 * (`classify-message.ts`). Every field is closed: a word or shape that is not here makes a
 * message "not a plain yes" (one more tap on the Confirm button), never a refund. The
 * placeholders ITEM, PART and AMOUNT (see `classify-message-lexicon.ts`) stand for the quote's
 * own item(s), part of a quote with several items, and its exact net amount.
 */
export type ConsentLexicon = {
  language: Language;
  /** Splits a clause at "and" ("and then"): each part must fit the yes grammar by itself. */
  and: RegExp;
  /** A clause made only of yes-words, courtesy and the language's affirming shapes. */
  confirmClause: RegExp;
  /** The same, with the shapes that only mean "carry on" after a pause. */
  resumeClause: RegExp;
  /** Inside a valid clause: does it say yes (or carry on), not just "thanks"? */
  affirming: RegExp;
  resuming: RegExp;
  /** A clause of courtesy only ("thanks", "have a nice day"). */
  courtesyClause: RegExp;
  decline: DeclineGrammar;
  /** Conditions, exceptions and hedges: the yes (or no) depends on something else. */
  condition: RegExp;
  sarcasm: RegExp;
  /** Question words that ask wherever they stand. */
  questionAnywhere: RegExp;
  /** Shapes that ask when they open a clause (or, in Japanese, close it). */
  questionShape: RegExp;
  /** A rhetorical question that asks nothing ("why not"), removed before looking for one. */
  notAQuestion: RegExp | null;
  /** Asking for information or for time before deciding. */
  infoOrHold: RegExp;
  /** A request to proceed asked as a question ("could you go ahead?"): not a yes. */
  requestAsQuestion: RegExp;
  switchPhrase: RegExp;
  negatedSwitch: RegExp;
  /** Words after which a thing is being dropped, not asked for: "not the socks". */
  dropping: ReadonlySet<string>;
  /** Words that introduce a thing: "the earbuds", "la chaqueta". */
  determiners: ReadonlySet<string>;
  /** Words after a determiner that are not an item or an order: money, the refund, time. */
  notAThing: ReadonlySet<string>;
  /** Words after a determiner that cannot start the name of a thing. */
  stopwords: ReadonlySet<string>;
  /** "the other order", "otro artículo": names something else without naming it. */
  otherThing: RegExp;
  /** Regex source of the determiners that may stand before the quote's own item name. */
  itemDeterminers: string;
  /** Claims of someone else's say-so, or instructions aimed at the system: never a yes. */
  authority: RegExp;
  /** Words worth correcting a one-letter slip towards, and real words never corrected. */
  typoTargets: readonly string[];
  notTypos: ReadonlySet<string>;
  /** Withdrawing an already-confirmed refund; null where the language has no cancel grammar. */
  cancel: { clause: RegExp; asQuestion: RegExp } | null;
  /**
   * Japanese writes no spaces: a space is put between its script and any other (Latin words,
   * digits, currency signs) so an item name or an amount inside a clause stands alone.
   */
  spacesBetweenScripts: boolean;
};

/** Declining the quote on screen: see `classify-message-decline.ts`. */
export type DeclineGrammar = {
  /** One clause that, by itself, declines the quote on screen. */
  clause: RegExp;
  /** A clause of only hesitation and courtesy: "hmm", "well", "ok then". */
  filler: RegExp;
  /** A remark about the items or the quote ("they're fine"), which may stand beside a no. */
  remark: RegExp;
  /** Words that turn a remark into a request or a second thought about the refund itself. */
  aboutTheRequest: RegExp;
  /** Acknowledgements that may soften a refusal: "that's ok, I'll keep them". */
  weakAck: RegExp;
  /** Words that say yes strongly enough that a message with them is not a clear refusal. */
  strongYes: RegExp;
  /** A clause that negates what it says: "not happy with that". */
  negated: RegExp;
};

export function phrases(list: string): string[] {
  return list
    .split(",")
    .map((phrase) => phrase.trim().replace(/\s+/g, " "))
    .filter((phrase) => phrase !== "");
}

/**
 * A regex alternation of the phrases, each once, longest first so "muchas gracias" beats
 * "gracias".
 */
export function oneOf(list: string): string {
  const sorted = [...new Set(phrases(list))].sort((a, b) => b.length - a.length);
  return `(?:${sorted.join("|")})`;
}

/** A regex that finds any of the phrases as whole words of a clause. */
export function anyWordOf(list: string): RegExp {
  return new RegExp(`(?:^| )${oneOf(list)}(?: |$)`);
}
