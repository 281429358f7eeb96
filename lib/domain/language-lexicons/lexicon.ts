/*
 * What the claim and readability checks know of one language. Entries are written folded (lower
 * case, Latin accents dropped: "dias" covers "días"). For Latin-script languages an entry is a
 * regular-expression source matched at the start of a word ("reembols" covers reembolsado), and a
 * trailing "$" makes it a whole word ("ya$"); Japanese has no spaces, so its entries match
 * anywhere in the text.
 */
export type LanguageLexicon = {
  script: "latin" | "japanese";
  /** Words compound ("ausgezahlt", "uitbetaald"): money and outcome stems match inside a word too. */
  compounds?: true;
  /** Money, payment means, refunds, approval, consent and outcomes ("done", "on its way"). */
  moneyOrOutcome: readonly string[];
  /** Days, dates, durations and promptness. */
  time: readonly string[];
  /** Wholes, parts and percentages ("full", "half"). */
  proportion: readonly string[];
  /** Currencies named in words. */
  currency: readonly string[];
  /** Numbers in words large enough to be an amount ("ochenta"). */
  amountWords: readonly string[];
  /** Set greetings read before the lexicon so their "day" or "morning" says nothing about time. */
  greetings: readonly string[];
  /** How a sentence that leans on the previous one starts ("and", "it", "that"). */
  continuations: readonly string[];
  /** The language's commonest words: they tell its sentences from another language's. */
  commonWords: readonly string[];
};
